//! Dir objects: `Dir.new`, `Dir.open` and the instance methods (read, each, children,
//! each_child, pos/tell/seek/pos=, rewind, fileno, chdir, close, path/to_path, inspect).
//!
//! A Dir holds an open descriptor of its directory (what `fileno` answers) and the names read
//! from it, "." and ".." first; `read` walks them. `rewind`, `each`, `children` and
//! `each_child` read the directory again from the start, as CRuby's `rewinddir` does, and leave
//! the position at the end. A closed Dir raises IOError "closed directory" for all but `close`,
//! `path`, `to_path` and `inspect`.

use super::{base_kw, read_names};
use crate::core::file::path_arg;
use crate::object::heap::{Payload, T_DATA, T_NONE, payload};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::os::fd::AsRawFd;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const METHODS: &[M] = &[
    ("read", dir_read, 0, 0),
    ("each", dir_each, 0, 0),
    ("children", dir_children, 0, 0),
    ("each_child", dir_each_child, 0, 0),
    ("pos", dir_pos, 0, 0),
    ("tell", dir_pos, 0, 0),
    ("pos=", dir_set_pos, 1, 1),
    ("seek", dir_seek, 1, 1),
    ("rewind", dir_rewind, 0, 0),
    ("fileno", dir_fileno, 0, 0),
    ("chdir", dir_chdir, 0, 0),
    ("close", dir_close, 0, 0),
    ("path", dir_path, 0, 0),
    ("to_path", dir_path, 0, 0),
    ("inspect", dir_inspect, 0, 0),
];

struct DirData {
    /// The path as given (a String).
    path: Value,
    /// The directory's descriptor; None once closed.
    file: Option<std::fs::File>,
    names: Vec<Vec<u8>>,
    pos: usize,
}

impl Payload for DirData {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.path);
    }
    fn malloc_size(&self) -> usize {
        self.names.iter().map(|n| n.len() + 24).sum()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub(super) fn init(vm: &mut Vm, dir: Value) {
    vm.class_data(dir).instance_type = T_NONE;
    vm.define_natives(dir, METHODS);
    vm.define_private_natives(dir, &[("initialize", dir_initialize, 0, -1)]);
    vm.define_singleton_natives(
        dir,
        &[("new", dir_s_new, 0, -1), ("open", dir_s_open, 0, -1)],
    );
}

/// The Dir behind `d` (a TypeError for a Dir made without `new`), open or not.
fn data(vm: &mut Vm, d: Value) -> VmResult<&'static mut DirData> {
    match payload::<DirData>(d) {
        Some(p) => Ok(p),
        None => Err(vm.type_error("uninitialized Dir")),
    }
}

/// The Dir behind `d`, which must be open.
fn open_data(vm: &mut Vm, d: Value) -> VmResult<&'static mut DirData> {
    let p = data(vm, d)?;
    if p.file.is_none() {
        let k = vm.c.io_error;
        return Err(vm.raise_str(k, "closed directory"));
    }
    Ok(p)
}

/// Opens the directory named by the arguments of `Dir.new`/`initialize`.
fn open(vm: &mut Vm, a: &[Value]) -> VmResult<DirData> {
    let (args, kw) = vm.split_keywords(a)?;
    if args.len() != 1 {
        return Err(vm.arity_error(args.len(), 1, 1));
    }
    base_kw(vm, kw, &["encoding"])?;
    let p = path_arg(vm, args[0])?;
    let names = read_names(vm, &p, true)?;
    let file = match std::fs::File::open(crate::core::file::os_path(&p)) {
        Ok(f) => f,
        Err(e) => {
            let shown = crate::core::file::show(&p);
            return Err(crate::core::errno::raise_io(
                vm,
                &e,
                Some("dir_initialize"),
                &shown,
            ));
        }
    };
    let path = vm.str_new(&p);
    Ok(DirData {
        path,
        file: Some(file),
        names,
        pos: 0,
    })
}

/// Dir.new(path, encoding: nil) -> dir: a Dir not yet open, then its initialize (Dir's own,
/// or a subclass's that calls super)
fn dir_s_new(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let unopened = DirData {
        path: Value::NIL,
        file: None,
        names: Vec::new(),
        pos: 0,
    };
    let d = vm.heap.alloc_boxed(T_DATA, k, Box::new(unopened));
    let dir = vm.class_data(vm.c.object).const_get(intern("Dir"));
    let own_init = vm
        .find_method(k, intern("initialize"))
        .is_some_and(|m| Some(vm.methods[m as usize].owner) != dir);
    crate::core::array::rooted(vm, &[d], |vm| {
        if own_init {
            vm.funcall(d, intern("initialize"), a, b.cloned())?;
        } else {
            dir_initialize(vm, d, a, b)?;
        }
        Ok(d)
    })
}

/// dir.initialize(path, encoding: nil) (private): opens the directory again
fn dir_initialize(vm: &mut Vm, d: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fresh = open(vm, a)?;
    *data(vm, d)? = fresh;
    Ok(Value::NIL)
}

/// Dir.open(path, encoding: nil) -> dir; with a block, yields the Dir, closes it after and
/// answers the block's value.
fn dir_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let d = dir_s_new(vm, k, a, None)?;
    let Some(b) = b else { return Ok(d) };
    crate::core::array::rooted(vm, &[d], |vm| {
        let r = vm.yield_block(b, &[d]);
        if let Some(p) = payload::<DirData>(d) {
            p.file = None;
        }
        r
    })
}

/// Reads the directory again and goes back to its first name.
fn reread(vm: &mut Vm, d: Value) -> VmResult<&'static mut DirData> {
    let path = open_data(vm, d)?.path;
    let p = vm.bytes(path).to_vec();
    let names = read_names(vm, &p, true)?;
    let data = open_data(vm, d)?;
    data.names = names;
    data.pos = 0;
    Ok(data)
}

/// dir.read -> the next name, or nil at the end
fn dir_read(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let data = open_data(vm, d)?;
    let Some(name) = data.names.get(data.pos).cloned() else {
        return Ok(Value::NIL);
    };
    data.pos += 1;
    Ok(vm.str_new(&name))
}

/// Yields the names from the start ("." and ".." too unless `children`), leaving the position
/// at the end.
fn each_from_start(vm: &mut Vm, d: Value, b: &Block, children: bool) -> VmResult<()> {
    reread(vm, d)?;
    loop {
        let data = open_data(vm, d)?;
        let Some(name) = data.names.get(data.pos).cloned() else {
            return Ok(());
        };
        data.pos += 1;
        if children && (name == b"." || name == b"..") {
            continue;
        }
        let s = vm.str_new(&name);
        vm.yield_block(b, &[s])?;
    }
}

/// dir.each { |name| } -> dir
fn dir_each(vm: &mut Vm, d: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, d, "each", a);
    };
    each_from_start(vm, d, b, false)?;
    Ok(d)
}

/// dir.each_child { |name| } -> dir (without "." and "..")
fn dir_each_child(vm: &mut Vm, d: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, d, "each_child", a);
    };
    each_from_start(vm, d, b, true)?;
    Ok(d)
}

/// dir.children -> the names without "." and ".."
fn dir_children(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let data = reread(vm, d)?;
    data.pos = data.names.len();
    let names: Vec<Vec<u8>> = data
        .names
        .iter()
        .filter(|n| n.as_slice() != b"." && n.as_slice() != b"..")
        .cloned()
        .collect();
    let out: Vec<Value> = names.iter().map(|n| vm.str_new(n)).collect();
    Ok(vm.ary_new(out))
}

/// dir.pos / dir.tell -> the position (the number of names read)
fn dir_pos(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let data = open_data(vm, d)?;
    Ok(Value::fixnum(data.pos as i64))
}

/// Moves to a position `pos`/`tell` answered (past the end: at the end).
fn seek_to(vm: &mut Vm, d: Value, to: Value) -> VmResult<()> {
    let n = crate::core::arg_int(vm, to)?;
    let data = open_data(vm, d)?;
    data.pos = n.clamp(0, data.names.len() as i64) as usize;
    Ok(())
}

/// dir.pos = position -> position
fn dir_set_pos(vm: &mut Vm, d: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    seek_to(vm, d, a[0])?;
    Ok(a[0])
}

/// dir.seek(position) -> dir
fn dir_seek(vm: &mut Vm, d: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    seek_to(vm, d, a[0])?;
    Ok(d)
}

/// dir.rewind -> dir
fn dir_rewind(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    reread(vm, d)?;
    Ok(d)
}

/// dir.fileno -> the directory's descriptor
fn dir_fileno(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let data = open_data(vm, d)?;
    let fd = data.file.as_ref().map_or(-1, |f| f.as_raw_fd());
    Ok(Value::fixnum(fd as i64))
}

/// dir.chdir -> 0; with a block, Dir.chdir(dir.path) { ... }'s value (a closed Dir too: it
/// goes by the path)
fn dir_chdir(vm: &mut Vm, d: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let path = data(vm, d)?.path;
    let dir = vm.c.object;
    // a Dir whose initialize never opened it has no path: Dir.chdir's default (home), as CRuby
    let args: &[Value] = if path.is_nil() { &[] } else { &[path] };
    super::d_chdir(vm, dir, args, b)
}

/// dir.close -> nil (closing a closed Dir too)
fn dir_close(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    data(vm, d)?.file = None;
    Ok(Value::NIL)
}

/// dir.path / dir.to_path -> the path it was opened with (nil for a Dir never opened)
fn dir_path(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let path = data(vm, d)?.path;
    if path.is_nil() {
        return Ok(path);
    }
    Ok(vm.str_dup(path))
}

/// dir.inspect -> "#<Dir:path>" (the class's name for a subclass)
fn dir_inspect(vm: &mut Vm, d: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let path = data(vm, d)?.path;
    if path.is_nil() {
        return vm.funcall(d, intern("to_s"), &[], None);
    }
    let k = vm.real_class(d);
    let mut s = format!("#<{}:", vm.class_name(k)).into_bytes();
    s.extend_from_slice(vm.bytes(path));
    s.push(b'>');
    Ok(vm.str_new(&s))
}
