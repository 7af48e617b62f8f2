//! The `json` library (`require "json"`): the JSON module's functions (`parse`, `parse!`,
//! `load`, `load_file`, `generate`, `fast_generate`, `pretty_generate`, `dump`, `[]`), its
//! errors, JSON::State (JSON::Ext::Generator::State), `to_json` on every object, and Kernel's
//! `JSON`, `j` and `jj`. CRuby's is a C extension; this one parses in `parse.rs`, generates in
//! `generate.rs` and writes Floats in `float.rs`.

mod float;
mod generate;
mod parse;

use crate::core::hash::{self, rh};
use crate::object::heap::{T_DATA, T_HASH, T_STRING, payload, type_of};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};
use generate::{Gen, GenState};
use parse::Opts;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const JSON_FNS: &[M] = &[
    ("parse", j_parse, 1, 2),
    ("parse!", j_parse_bang, 1, 2),
    ("load", j_load, 0, 3),
    ("load_file", j_load_file, 1, 2),
    ("generate", j_generate, 1, 2),
    ("unparse", j_generate, 1, 2),
    ("fast_generate", j_generate, 1, 2),
    ("pretty_generate", j_pretty_generate, 1, 2),
    ("dump", j_dump, 1, 3),
    ("[]", j_aref, 1, 2),
    ("state", j_state, 0, 0),
];

const STATE: &[M] = &[
    ("generate", st_generate, 1, 2),
    ("indent", st_indent, 0, 0),
    ("space", st_space, 0, 0),
    ("space_before", st_space_before, 0, 0),
    ("object_nl", st_object_nl, 0, 0),
    ("array_nl", st_array_nl, 0, 0),
    ("max_nesting", st_max_nesting, 0, 0),
    ("depth", st_depth, 0, 0),
    ("allow_nan?", st_allow_nan_p, 0, 0),
    ("ascii_only?", st_ascii_only_p, 0, 0),
    ("script_safe?", st_script_safe_p, 0, 0),
    ("strict?", st_strict_p, 0, 0),
    ("configure", st_configure, 1, 1),
    ("merge", st_configure, 1, 1),
];

const KERNEL: &[M] = &[
    ("JSON", k_json, 1, 2),
    ("j", k_j, 0, -1),
    ("jj", k_jj, 0, -1),
];

/// The library's classes, found through their constants.
pub struct JsonClasses {
    pub parser_error: Value,
    pub nesting_error: Value,
    pub generator_error: Value,
    pub state: Value,
}

/// `vm.json()`: the JSON classes (defined by `init`).
pub trait Json {
    fn json(&mut self) -> JsonClasses;
}

fn const_at(vm: &mut Vm, outer: Value, name: &str) -> Value {
    vm.class_data(outer)
        .const_get(intern(name))
        .unwrap_or(vm.c.standard_error)
}

impl Json for Vm {
    fn json(&mut self) -> JsonClasses {
        let o = self.c.object;
        let m = const_at(self, o, "JSON");
        let ext = const_at(self, m, "Ext");
        let gen_m = const_at(self, ext, "Generator");
        JsonClasses {
            parser_error: const_at(self, m, "ParserError"),
            nesting_error: const_at(self, m, "NestingError"),
            generator_error: const_at(self, m, "GeneratorError"),
            state: const_at(self, gen_m, "State"),
        }
    }
}

/// An exception of `klass` with the message `msg`, raised here.
pub fn json_error(vm: &mut Vm, klass: Value, msg: Vec<u8>) -> Unwind {
    let e = vm.exception_new(klass, "");
    let m = vm.str_from_vec(msg);
    let _ = vm.ivar_set(e, intern(crate::vm::error::IV_MESG), m);
    vm.set_backtrace_here(e);
    Unwind::Raise(e)
}

/// Defines JSON: what `require "json"` loads.
pub fn init(vm: &mut Vm) {
    let m = vm.define_module("JSON");
    vm.define_singleton_natives(m, JSON_FNS);
    let std = vm.c.standard_error;
    let json_error = vm.define_class_under(m, "JSONError", std);
    let parser_error = vm.define_class_under(m, "ParserError", json_error);
    vm.define_class_under(m, "NestingError", parser_error);
    vm.define_class_under(m, "GeneratorError", json_error);
    let ext = vm.define_module_under(m, "Ext");
    let gen_m = vm.define_module_under(ext, "Generator");
    let o = vm.c.object;
    let state = vm.define_class_under(gen_m, "State", o);
    vm.class_data(state).instance_type = crate::object::heap::T_NONE;
    vm.define_natives(state, STATE);
    vm.define_singleton_natives(state, &[("new", st_s_new, 0, 1)]);
    vm.class_data(m).const_set(intern("State"), state);
    let version = vm.fstring(b"2.18.0");
    vm.class_data(m).const_set(intern("VERSION"), version);
    for (name, f) in [
        ("NaN", f64::NAN),
        ("Infinity", f64::INFINITY),
        ("MinusInfinity", f64::NEG_INFINITY),
    ] {
        let v = vm.float(f);
        vm.class_data(m).const_set(intern(name), v);
    }
    vm.define_natives(o, &[("to_json", any_to_json, 0, -1)]);
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    vm.invalidate();
}

// ---- options ----

/// The value of option `name` in the options hash `h` (a Symbol key, or a String one).
fn opt(vm: &mut Vm, h: Option<Value>, name: &str) -> VmResult<Option<Value>> {
    let Some(h) = h else { return Ok(None) };
    let k = vm.sym(name);
    if let Some(i) = hash::find(vm, h, k)? {
        return Ok(Some(rh(h).entries[i].value));
    }
    let k = vm.str_from(name);
    Ok(hash::find(vm, h, k)?.map(|i| rh(h).entries[i].value))
}

/// The options hash among the arguments (a trailing Hash, or nil), checked to be a Hash.
fn opts_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<Option<Value>> {
    match v {
        None => Ok(None),
        Some(v) if v.is_nil() => Ok(None),
        Some(v) if v.is_heap() && type_of(v) == T_HASH => Ok(Some(v)),
        Some(v) => {
            let h = vm.funcall(v, intern("to_h"), &[], None)?;
            if h.is_heap() && type_of(h) == T_HASH {
                Ok(Some(h))
            } else {
                Err(vm.type_error("can't convert options into Hash"))
            }
        }
    }
}

fn nesting_opt(v: Value, dflt: usize) -> usize {
    if v.is_nil() || v == Value::FALSE {
        0
    } else if let Some(n) = v.fixnum_opt() {
        n.max(0) as usize
    } else {
        dflt
    }
}

fn parse_opts(vm: &mut Vm, h: Option<Value>, o: &mut Opts) -> VmResult<()> {
    if let Some(v) = opt(vm, h, "symbolize_names")? {
        o.symbolize_names = v.truthy();
    }
    if let Some(v) = opt(vm, h, "freeze")? {
        o.freeze = v.truthy();
    }
    if let Some(v) = opt(vm, h, "allow_nan")? {
        o.allow_nan = v.truthy();
    }
    if let Some(v) = opt(vm, h, "allow_trailing_comma")? {
        o.allow_trailing_comma = v.truthy();
    }
    if let Some(v) = opt(vm, h, "max_nesting")? {
        o.max_nesting = nesting_opt(v, 100);
    }
    if let Some(v) = opt(vm, h, "object_class")?
        && !v.is_nil()
    {
        o.object_class = Some(v);
    }
    if let Some(v) = opt(vm, h, "array_class")?
        && !v.is_nil()
    {
        o.array_class = Some(v);
    }
    Ok(())
}

fn str_opt(vm: &mut Vm, h: Option<Value>, name: &str, into: &mut Vec<u8>) -> VmResult<()> {
    if let Some(v) = opt(vm, h, name)? {
        if v.is_nil() {
            into.clear();
        } else {
            let s = crate::core::string::str_arg(vm, v)?;
            *into = vm.bytes(s).to_vec();
        }
    }
    Ok(())
}

/// Applies a generator options hash to `st`.
fn gen_opts(vm: &mut Vm, h: Option<Value>, st: &mut GenState) -> VmResult<()> {
    str_opt(vm, h, "indent", &mut st.indent)?;
    str_opt(vm, h, "space", &mut st.space)?;
    str_opt(vm, h, "space_before", &mut st.space_before)?;
    str_opt(vm, h, "object_nl", &mut st.object_nl)?;
    str_opt(vm, h, "array_nl", &mut st.array_nl)?;
    if let Some(v) = opt(vm, h, "allow_nan")? {
        st.allow_nan = v.truthy();
    }
    if let Some(v) = opt(vm, h, "ascii_only")? {
        st.ascii_only = v.truthy();
    }
    for name in ["script_safe", "escape_slash"] {
        if let Some(v) = opt(vm, h, name)? {
            st.script_safe = v.truthy();
        }
    }
    if let Some(v) = opt(vm, h, "strict")? {
        st.strict = v.truthy();
    }
    if let Some(v) = opt(vm, h, "max_nesting")? {
        st.max_nesting = nesting_opt(v, 100);
    }
    if let Some(v) = opt(vm, h, "depth")?
        && let Some(n) = v.fixnum_opt()
    {
        st.depth = n.max(0) as usize;
    }
    Ok(())
}

/// A generator state from a `to_json`/`generate` argument: nil, an options Hash or a State.
fn state_from(vm: &mut Vm, base: GenState, arg: Option<Value>) -> VmResult<GenState> {
    if let Some(v) = arg
        && let Some(st) = payload::<GenState>(v)
    {
        return Ok(st.clone());
    }
    let mut st = base;
    let h = opts_arg(vm, arg)?;
    gen_opts(vm, h, &mut st)?;
    Ok(st)
}

// ---- parsing ----

/// The source argument as a String (to_str, else `read` for an IO-like object).
fn source(vm: &mut Vm, v: Value) -> VmResult<Value> {
    let is_str = v.is_heap() && type_of(v) == T_STRING;
    if !is_str && !vm.responds(v, intern("to_str"), false) && vm.responds(v, intern("read"), false)
    {
        let s = vm.funcall(v, intern("read"), &[], None)?;
        return crate::core::string::str_arg(vm, s);
    }
    crate::core::string::str_arg(vm, v)
}

fn run_parse(vm: &mut Vm, src: Value, o: &Opts) -> VmResult {
    let bytes = vm.bytes(src).to_vec();
    let keep = vm.stack.len();
    vm.stack.push(src);
    let r = parse::parse(vm, &bytes, o);
    vm.stack.truncate(keep);
    r
}

/// JSON.parse(source, opts = nil) -> object
fn j_parse(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let src = source(vm, a[0])?;
    let h = opts_arg(vm, a.get(1).copied())?;
    let mut o = Opts::default();
    parse_opts(vm, h, &mut o)?;
    run_parse(vm, src, &o)
}

/// JSON.parse!(source, opts = nil) -> object
fn j_parse_bang(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let src = source(vm, a[0])?;
    let h = opts_arg(vm, a.get(1).copied())?;
    let mut o = Opts {
        allow_nan: true,
        max_nesting: 0,
        ..Opts::default()
    };
    parse_opts(vm, h, &mut o)?;
    run_parse(vm, src, &o)
}

/// JSON.load(source, proc = nil, options = nil) -> object
fn j_load(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(&first) = a.first() else {
        return Ok(Value::NIL);
    };
    if first.is_nil() {
        return Ok(Value::NIL);
    }
    let src = source(vm, first)?;
    if vm.bytes(src).is_empty() {
        return Ok(Value::NIL);
    }
    let mut o = Opts {
        allow_nan: true,
        max_nesting: 0,
        ..Opts::default()
    };
    let proc_ = a.get(1).copied().filter(|v| !v.is_nil());
    let h = match a.get(2) {
        Some(&h) => opts_arg(vm, Some(h))?,
        None => None,
    };
    parse_opts(vm, h, &mut o)?;
    let v = run_parse(vm, src, &o)?;
    if let Some(p) = proc_ {
        let keep = vm.stack.len();
        vm.stack.push(v);
        let r = recurse_proc(vm, v, p);
        vm.stack.truncate(keep);
        return r;
    }
    Ok(v)
}

/// JSON.load's proc: called on every value as it is read (keys too), depth first, each value
/// replaced by what the proc answers; the result is the proc's answer for the whole.
fn recurse_proc(vm: &mut Vm, v: Value, p: Value) -> VmResult {
    if v.is_heap() && type_of(v) == crate::object::heap::T_ARRAY {
        let mut i = 0;
        while i < crate::object::heap::rarray(v).vec.len() {
            let e = crate::object::heap::rarray(v).vec[i];
            let r = recurse_proc(vm, e, p)?;
            if let Some(slot) = crate::object::heap::rarray(v).vec.get_mut(i) {
                *slot = r;
            }
            i += 1;
        }
    } else if v.is_heap() && type_of(v) == T_HASH {
        let pairs = hash::pairs(v);
        let keep = vm.stack.len();
        let mut out = Vec::new();
        for (k, e) in pairs {
            let k = recurse_proc(vm, k, p)?;
            vm.stack.push(k);
            let e = recurse_proc(vm, e, p)?;
            vm.stack.push(e);
            out.push((k, e));
        }
        rh(v).clear();
        for (k, e) in out {
            hash::raw_insert(vm, v, k, e)?;
        }
        vm.stack.truncate(keep);
    }
    vm.funcall(p, intern("call"), &[v], None)
}

/// JSON.load_file(path, opts = nil) -> object
fn j_load_file(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let file = vm.class_data(vm.c.object).const_get(intern("File"));
    let Some(file) = file else {
        return Ok(Value::NIL);
    };
    let text = vm.funcall(file, intern("read"), &[a[0]], None)?;
    let mut args = vec![text];
    args.extend(a.get(1).copied());
    let keep = vm.stack.len();
    vm.stack.push(text);
    let r = j_parse(vm, s, &args, b);
    vm.stack.truncate(keep);
    r
}

// ---- generating ----

fn generate(vm: &mut Vm, v: Value, st: GenState) -> VmResult {
    let mut g = Gen::new(st);
    let keep = vm.stack.len();
    vm.stack.push(v);
    let r = g.value(vm, v);
    vm.stack.truncate(keep);
    r?;
    Ok(vm.str_from_vec(g.out))
}

/// JSON.generate(obj, opts = nil) -> string
fn j_generate(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = state_from(vm, GenState::default(), a.get(1).copied())?;
    generate(vm, a[0], st)
}

/// JSON.pretty_generate(obj, opts = nil) -> string
fn j_pretty_generate(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = state_from(vm, GenState::pretty(), a.get(1).copied())?;
    generate(vm, a[0], st)
}

/// JSON.dump(obj, io = nil, limit = nil) -> string or io
fn j_dump(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let mut st = GenState {
        allow_nan: true,
        max_nesting: 0,
        ..GenState::default()
    };
    let mut io = None;
    for &x in &a[1..] {
        if let Some(n) = x.fixnum_opt() {
            st.max_nesting = n.max(0) as usize;
        } else if !x.is_nil() {
            io = Some(x);
        }
    }
    gen_opts(vm, kw, &mut st)?;
    let r = generate(vm, a[0], st);
    let nesting = vm.json().nesting_error;
    let s = match r {
        Err(unw)
            if let UnwindKind::Raise(e) = *unw.kind()
                && vm.is_a(e, nesting)
                && a.len() > 1 =>
        {
            return Err(vm.arg_error("exceed depth limit"));
        }
        r => r?,
    };
    match io {
        Some(io) if vm.responds(io, intern("write"), false) => {
            vm.funcall(io, intern("write"), &[s], None)?;
            Ok(io)
        }
        _ => Ok(s),
    }
}

/// JSON[object, opts = nil] -> parsed object or JSON text
fn j_aref(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a[0].is_heap() && type_of(a[0]) == T_STRING {
        j_parse(vm, s, a, b)
    } else {
        j_generate(vm, s, a, b)
    }
}

/// JSON.state -> JSON::Ext::Generator::State
fn j_state(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.json().state)
}

/// obj.to_json(state = nil) -> string
fn any_to_json(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = state_from(vm, GenState::default(), a.first().copied())?;
    let core = !s.is_heap()
        || matches!(
            type_of(s),
            T_STRING | T_HASH | crate::object::heap::T_ARRAY | crate::object::heap::T_BIGNUM
        )
        || crate::core::object::is_float(s);
    if core {
        return generate(vm, s, st);
    }
    let text = vm.funcall(s, intern("to_s"), &[], None)?;
    let text = crate::core::string::str_arg(vm, text)?;
    generate(vm, text, st)
}

// ---- Kernel ----

/// JSON(object, opts = nil) -> parsed object or JSON text
fn k_json(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    j_aref(vm, s, a, b)
}

fn print_each(vm: &mut Vm, a: &[Value], st: GenState) -> VmResult {
    for &v in a {
        let s = generate(vm, v, st.clone())?;
        vm.funcall(Value::NIL, intern("puts"), &[s], None)?;
    }
    Ok(Value::NIL)
}

/// j(*objects) -> nil: puts each as JSON
fn k_j(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    print_each(vm, a, GenState::default())
}

/// jj(*objects) -> nil: puts each as pretty JSON
fn k_jj(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    print_each(vm, a, GenState::pretty())
}

// ---- JSON::State ----

fn st(vm: &mut Vm, v: Value) -> VmResult<&'static mut GenState> {
    match payload::<GenState>(v) {
        Some(s) => Ok(s),
        None => Err(vm.type_error("uninitialized JSON::State")),
    }
}

/// JSON::State.new(opts = nil) -> state
fn st_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let s = state_from(vm, GenState::default(), a.first().copied())?;
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(s)))
}

/// state.generate(obj) -> string
fn st_generate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let g = st(vm, s)?.clone();
    generate(vm, a[0], g)
}

/// state.configure(opts) -> state
fn st_configure(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut g = st(vm, s)?.clone();
    let h = opts_arg(vm, Some(a[0]))?;
    gen_opts(vm, h, &mut g)?;
    *st(vm, s)? = g;
    Ok(s)
}

fn st_str(vm: &mut Vm, s: Value, f: fn(&GenState) -> &Vec<u8>) -> VmResult {
    let b = f(st(vm, s)?).clone();
    Ok(vm.str_from_vec(b))
}

/// state.indent -> string
fn st_indent(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_str(vm, s, |g| &g.indent)
}

/// state.space -> string
fn st_space(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_str(vm, s, |g| &g.space)
}

/// state.space_before -> string
fn st_space_before(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_str(vm, s, |g| &g.space_before)
}

/// state.object_nl -> string
fn st_object_nl(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_str(vm, s, |g| &g.object_nl)
}

/// state.array_nl -> string
fn st_array_nl(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_str(vm, s, |g| &g.array_nl)
}

/// state.max_nesting -> integer
fn st_max_nesting(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = st(vm, s)?.max_nesting;
    Ok(vm.int(n as i64))
}

/// state.depth -> integer
fn st_depth(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = st(vm, s)?.depth;
    Ok(vm.int(n as i64))
}

/// state.allow_nan? -> bool
fn st_allow_nan_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(st(vm, s)?.allow_nan))
}

/// state.ascii_only? -> bool
fn st_ascii_only_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(st(vm, s)?.ascii_only))
}

/// state.script_safe? -> bool
fn st_script_safe_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(st(vm, s)?.script_safe))
}

/// state.strict? -> bool
fn st_strict_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(st(vm, s)?.strict))
}
