//! Kernel#pp, and what `require "pp"` adds (`pretty_inspect`, `PP.pp`, `PP.singleline_pp`):
//! CRuby's pretty printer (lib/prettyprint.rb, Oppen's
//! algorithm with a queue of groups by depth) over the shapes lib/pp.rb gives Arrays and Hashes.
//!
//! An Array is `group(1, "[", "]")` with its elements separated by `","` and a breakable; a Hash
//! is `group(1, "{", "}")` with each pair a group: the key (`name:` for a plain Symbol, else the
//! key's own layout and `" =>"`), then `group(1) { breakable; value }`. Everything else is its
//! `inspect` as one piece of text, but Structs, which lib/pp.rb breaks as `#<struct Name` and a
//! group per member (objects with instance variables keep their one-line inspect here). Lines are 79 columns, as for a non-terminal.

use crate::object::heap::{T_ARRAY, T_HASH, rarray, type_of};
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::collections::VecDeque;

/// The line width pp fills (PP.width_for a non-terminal: 80 - 1).
pub const WIDTH: usize = 79;

enum Data {
    Text {
        objs: Vec<String>,
        width: usize,
    },
    /// A breakable: `sep` (a space, or nothing), or a newline and `indent` spaces when its
    /// group breaks.
    Breakable {
        indent: usize,
        group: usize,
        sep: &'static str,
    },
}

struct Group {
    depth: usize,
    breakables: usize,
    broken: bool,
}

/// prettyprint.rb's PrettyPrint, writing into a String.
struct Printer {
    out: String,
    maxwidth: usize,
    output_width: usize,
    buffer_width: usize,
    buffer: VecDeque<Data>,
    groups: Vec<Group>,
    stack: Vec<usize>,
    queue: Vec<Vec<usize>>,
    indent: usize,
}

impl Printer {
    fn new(maxwidth: usize) -> Printer {
        let mut p = Printer {
            out: String::new(),
            maxwidth,
            output_width: 0,
            buffer_width: 0,
            buffer: VecDeque::new(),
            groups: vec![Group {
                depth: 0,
                breakables: 0,
                broken: false,
            }],
            stack: vec![0],
            queue: Vec::new(),
            indent: 0,
        };
        p.enq(0);
        p
    }

    fn enq(&mut self, g: usize) {
        let depth = self.groups[g].depth;
        while self.queue.len() <= depth {
            self.queue.push(Vec::new());
        }
        self.queue[depth].push(g);
    }

    fn delete(&mut self, g: usize) {
        let depth = self.groups[g].depth;
        if let Some(level) = self.queue.get_mut(depth) {
            level.retain(|&x| x != g);
        }
    }

    /// GroupQueue#deq: the outermost group with breakables, marked broken (groups at shallower
    /// depths without breakables are marked broken and dropped on the way).
    fn deq(&mut self) -> Option<usize> {
        for d in 0..self.queue.len() {
            let level = &self.queue[d];
            if let Some(i) = (0..level.len())
                .rev()
                .find(|&i| self.groups[level[i]].breakables > 0)
            {
                let g = self.queue[d].remove(i);
                self.groups[g].broken = true;
                return Some(g);
            }
            for &g in &self.queue[d] {
                self.groups[g].broken = true;
            }
            self.queue[d].clear();
        }
        None
    }

    /// Writes one buffered piece, returning the new output width.
    fn output(&mut self, data: Data) {
        match data {
            Data::Text { objs, width } => {
                for o in objs {
                    self.out.push_str(&o);
                }
                self.output_width += width;
            }
            Data::Breakable { indent, group, sep } => {
                self.groups[group].breakables -= 1;
                if self.groups[group].broken {
                    self.out.push('\n');
                    self.out.push_str(&" ".repeat(indent));
                    self.output_width = indent;
                } else {
                    if self.groups[group].breakables == 0 {
                        self.delete(group);
                    }
                    self.out.push_str(sep);
                    self.output_width += sep.len();
                }
            }
        }
    }

    fn data_width(d: &Data) -> usize {
        match d {
            Data::Text { width, .. } => *width,
            Data::Breakable { sep, .. } => sep.len(),
        }
    }

    fn break_outmost_groups(&mut self) {
        while self.maxwidth < self.output_width + self.buffer_width {
            let Some(g) = self.deq() else { return };
            while self.groups[g].breakables > 0 {
                let Some(data) = self.buffer.pop_front() else {
                    break;
                };
                self.buffer_width -= Self::data_width(&data);
                self.output(data);
            }
            while matches!(self.buffer.front(), Some(Data::Text { .. })) {
                let data = self.buffer.pop_front().expect("text");
                self.buffer_width -= Self::data_width(&data);
                self.output(data);
            }
        }
    }

    fn text(&mut self, s: &str) {
        let width = s.chars().count();
        if self.buffer.is_empty() {
            self.out.push_str(s);
            self.output_width += width;
            return;
        }
        match self.buffer.back_mut() {
            Some(Data::Text { objs, width: w }) => {
                objs.push(s.to_string());
                *w += width;
            }
            _ => self.buffer.push_back(Data::Text {
                objs: vec![s.to_string()],
                width,
            }),
        }
        self.buffer_width += width;
        self.break_outmost_groups();
    }

    fn breakable(&mut self) {
        self.breakable_sep(" ");
    }

    fn breakable_sep(&mut self, sep: &'static str) {
        let g = *self.stack.last().expect("group");
        if self.groups[g].broken {
            self.flush();
            self.out.push('\n');
            self.out.push_str(&" ".repeat(self.indent));
            self.output_width = self.indent;
            self.buffer_width = 0;
        } else {
            self.groups[g].breakables += 1;
            self.buffer.push_back(Data::Breakable {
                indent: self.indent,
                group: g,
                sep,
            });
            self.buffer_width += sep.len();
            self.break_outmost_groups();
        }
    }

    fn group_open(&mut self, indent: usize, open: &str) {
        self.text(open);
        let depth = self.groups[*self.stack.last().expect("group")].depth + 1;
        self.groups.push(Group {
            depth,
            breakables: 0,
            broken: false,
        });
        let g = self.groups.len() - 1;
        self.stack.push(g);
        self.enq(g);
        self.indent += indent;
    }

    fn group_close(&mut self, indent: usize, close: &str) {
        self.indent -= indent;
        let g = self.stack.pop().expect("group");
        if self.groups[g].breakables == 0 {
            self.delete(g);
        }
        self.text(close);
    }

    fn flush(&mut self) {
        while let Some(d) = self.buffer.pop_front() {
            self.output(d);
        }
        self.buffer_width = 0;
    }
}

/// Lays out `v` (Arrays and Hashes recursively, the rest as their inspect).
fn layout(vm: &mut Vm, p: &mut Printer, v: Value) -> VmResult<()> {
    let is_plain = |vm: &Vm, v: Value, t: u64, k: Value| type_of(v) == t && vm.real_class(v) == k;
    if vm.inspecting.contains(&v) {
        let cycle = if type_of(v) == T_ARRAY {
            "[...]".to_string()
        } else if type_of(v) == T_HASH {
            "{...}".to_string()
        } else {
            let k = vm.real_class(v);
            format!("#<struct {}:...>", vm.class_name(k))
        };
        p.text(&cycle);
        return Ok(());
    }
    if is_plain(vm, v, T_ARRAY, vm.c.array) {
        vm.inspecting.push(v);
        p.group_open(1, "[");
        let mut i = 0;
        let r = (|| {
            while i < rarray(v).vec.len() {
                if i > 0 {
                    p.text(",");
                    p.breakable();
                }
                layout(vm, p, rarray(v).vec[i])?;
                i += 1;
            }
            Ok(())
        })();
        p.group_close(1, "]");
        vm.inspecting.pop();
        return r;
    }
    if is_plain(vm, v, T_HASH, vm.c.hash) {
        vm.inspecting.push(v);
        p.group_open(1, "{");
        let pairs = super::hash::pairs(v);
        let r = (|| {
            for (n, (k, val)) in pairs.into_iter().enumerate() {
                if n > 0 {
                    p.text(",");
                    p.breakable();
                }
                p.group_open(0, "");
                if k.is_symbol() {
                    // the key as Hash#inspect writes it
                    let name = crate::object::symbol::sym_name(k.as_symbol_id());
                    if super::hash::symbol_key_needs_quote(name) {
                        let q = super::string::inspect_bytes(name.as_bytes());
                        p.text(&format!("{q}:"));
                    } else {
                        p.text(&format!("{name}:"));
                    }
                } else {
                    layout(vm, p, k)?;
                    p.text(" =>");
                }
                p.group_open(1, "");
                p.breakable();
                layout(vm, p, val)?;
                p.group_close(1, "");
                p.group_close(0, "");
            }
            Ok(())
        })();
        p.group_close(1, "}");
        vm.inspecting.pop();
        return r;
    }
    let st = vm.c.struct_;
    if vm.is_a(v, st) {
        return layout_struct(vm, p, v);
    }
    let s = vm.inspect(v)?;
    p.text(&String::from_utf8_lossy(string::bytes(&vm.heap, s)));
    Ok(())
}

/// A Struct as lib/pp.rb lays it out: `#<struct Name member=value, ...>`, each value in a group
/// of its own (an anonymous Struct's name is empty, which leaves two spaces, as in CRuby).
fn layout_struct(vm: &mut Vm, p: &mut Printer, v: Value) -> VmResult<()> {
    let k = vm.real_class(v);
    let name = if vm.class_data(k).name.is_some() {
        vm.class_name(k)
    } else {
        String::new()
    };
    let members = vm.funcall(v, crate::sym!("members"), &[], None)?;
    let values = vm.funcall(v, crate::sym!("to_a"), &[], None)?;
    let keep = vm.stack.len();
    vm.stack.extend([members, values]);
    vm.inspecting.push(v);
    p.group_open(1, &format!("#<struct {name}"));
    let r = (|| {
        let n = rarray(members).vec.len();
        for i in 0..n {
            if i > 0 {
                p.text(",");
            }
            p.breakable();
            let m = rarray(members).vec[i];
            let label = if m.is_symbol() {
                crate::object::symbol::sym_name(m.as_symbol_id()).to_string()
            } else {
                String::new()
            };
            p.text(&format!("{label}="));
            p.group_open(1, "");
            p.breakable_sep("");
            let val = rarray(values).vec.get(i).copied().unwrap_or(Value::NIL);
            layout(vm, p, val)?;
            p.group_close(1, "");
        }
        Ok(())
    })();
    p.group_close(1, ">");
    vm.inspecting.pop();
    vm.stack.truncate(keep);
    r
}

/// The pretty-printed form of `v`, with a final newline (what `pp v` writes).
pub fn pretty(vm: &mut Vm, v: Value) -> VmResult<String> {
    pretty_in(vm, v, WIDTH)
}

/// `pretty` for lines of `width` columns.
fn pretty_in(vm: &mut Vm, v: Value, width: usize) -> VmResult<String> {
    let mut p = Printer::new(width);
    layout(vm, &mut p, v)?;
    p.flush();
    p.out.push('\n');
    Ok(p.out)
}

type M = (&'static str, crate::vm::NativeFn, i16, i16);

/// `require "pp"`: Kernel#pretty_inspect and the PP module's `pp` and `singleline_pp`.
pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    let kernel: &[M] = &[("pretty_inspect", k_pretty_inspect, 0, 0)];
    vm.define_natives(k, kernel);
    let o = vm.c.object;
    let pp = vm.define_class("PP", o);
    let singleton: &[M] = &[
        ("pp", pp_s_pp, 1, 3),
        ("singleline_pp", pp_s_singleline_pp, 1, 2),
    ];
    vm.define_singleton_natives(pp, singleton);
}

/// obj.pretty_inspect -> the pretty-printed form, with a newline
fn k_pretty_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let out = pretty(vm, s)?;
    Ok(vm.str_from(out))
}

/// The output argument of `PP.pp` (default `$stdout`).
fn out_arg(vm: &mut Vm, a: &[Value], i: usize) -> Value {
    match a.get(i) {
        Some(&o) => o,
        None => vm.gvar_id_get(crate::sym!("$stdout")),
    }
}

/// PP.pp(obj, out = $stdout, width = 79) -> out: `out << obj`'s pretty-printed form
fn pp_s_pp(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = out_arg(vm, a, 1);
    let width = match a.get(2) {
        Some(&w) => usize::try_from(super::arg_int(vm, w)?).unwrap_or(0),
        None => WIDTH,
    };
    let text = pretty_in(vm, a[0], width)?;
    let s = vm.str_from(text);
    vm.funcall(out, crate::sym!("<<"), &[s], None)?;
    Ok(out)
}

/// PP.singleline_pp(obj, out = $stdout) -> out: `out << obj`'s one-line form
fn pp_s_singleline_pp(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = out_arg(vm, a, 1);
    let s = vm.inspect(a[0])?;
    vm.funcall(out, crate::sym!("<<"), &[s], None)?;
    Ok(out)
}
