//! Dir's class methods: glob and [] (the matcher is glob.rs), entries, children,
//! each_child, foreach, mkdir, rmdir/delete/unlink, exist?, empty?, pwd/getwd, chdir (a block
//! form restores the old directory) and home; Dir objects (new, open and the instance methods)
//! are instance.rs. Errors are CRuby's Errno messages.

pub mod glob;
mod instance;

use crate::core::errno;
use crate::core::file::{cwd, home_dir, os_path, path_arg, show, user_home};
use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const DIR_S: &[M] = &[
    ("glob", d_glob, 0, -1),
    ("[]", d_aref, 0, -1),
    ("entries", d_entries, 1, 2),
    ("children", d_children, 1, 2),
    ("each_child", d_each_child, 1, 2),
    ("foreach", d_foreach, 1, 2),
    ("mkdir", d_mkdir, 1, 2),
    ("rmdir", d_rmdir, 1, 1),
    ("delete", d_rmdir, 1, 1),
    ("unlink", d_rmdir, 1, 1),
    ("exist?", d_exist, 1, 1),
    ("empty?", d_empty, 1, 1),
    ("pwd", d_pwd, 0, 0),
    ("getwd", d_pwd, 0, 0),
    ("chdir", d_chdir, 0, 1),
    ("home", d_home, 0, 1),
];

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let dir = vm.define_class("Dir", o);
    vm.class_data(dir).includes.push(vm.c.enumerable);
    vm.define_singleton_natives(dir, DIR_S);
    instance::init(vm, dir);
    vm.invalidate();
}

/// The `base:` keyword (nil or a path) and unknown-keyword errors.
pub(super) fn base_kw(
    vm: &mut Vm,
    kw: Option<Value>,
    allowed: &[&str],
) -> VmResult<Option<Vec<u8>>> {
    let Some(h) = kw else { return Ok(None) };
    let mut base = None;
    for (k, v) in crate::core::hash::pairs(h) {
        let name = if k.is_symbol() {
            crate::object::symbol::sym_name(k.as_symbol_id()).to_string()
        } else {
            String::new()
        };
        if !allowed.contains(&name.as_str()) {
            let s = vm.inspect(k)?;
            let msg = format!("unknown keyword: {}", crate::core::object::str_of(vm, s));
            return Err(vm.arg_error(&msg));
        }
        if name == "base" && !v.is_nil() {
            let b = path_arg(vm, v)?;
            if !b.is_empty() {
                base = Some(b);
            }
        }
    }
    Ok(base)
}

/// Glob patterns from one argument: a path-like value, or an array of them.
fn patterns(vm: &mut Vm, v: Value, out: &mut Vec<Vec<u8>>) -> VmResult<()> {
    if type_of(v) == T_ARRAY {
        let items = rarray(v).vec.to_vec();
        for x in items {
            out.push(path_arg(vm, x)?);
        }
    } else {
        out.push(path_arg(vm, v)?);
    }
    Ok(())
}

/// Runs the patterns and yields each match to the block (returning nil), or returns them.
fn run_glob(
    vm: &mut Vm,
    pats: &[Vec<u8>],
    flags: i64,
    base: Option<&[u8]>,
    b: Option<&Block>,
) -> VmResult {
    let mut found = Vec::new();
    for p in pats {
        found.extend(glob::glob(p, flags, base));
    }
    let vals: Vec<Value> = found.iter().map(|p| vm.str_new(p)).collect();
    let ary = vm.ary_new(vals.clone());
    match b {
        Some(b) => crate::core::array::rooted(vm, &[ary], |vm| {
            for v in vals {
                vm.yield_block(b, &[v])?;
            }
            Ok(Value::NIL)
        }),
        None => Ok(ary),
    }
}

/// Dir.glob(pattern_or_patterns, flags = 0, base: nil, sort: true) [{|path| ...}]
fn d_glob(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if a.is_empty() || a.len() > 2 {
        return Err(vm.arity_error(a.len(), 1, 2));
    }
    let base = base_kw(vm, kw, &["base", "sort", "flags"])?;
    let flags = match a.get(1) {
        Some(&f) => crate::core::arg_int(vm, f)?,
        None => 0,
    };
    let mut pats = Vec::new();
    patterns(vm, a[0], &mut pats)?;
    run_glob(vm, &pats, flags, base.as_deref(), b)
}

/// Dir[pattern, ..., base: nil, sort: true]
fn d_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let base = base_kw(vm, kw, &["base", "sort"])?;
    let mut pats = Vec::new();
    for &v in a {
        pats.push(path_arg(vm, v)?);
    }
    run_glob(vm, &pats, 0, base.as_deref(), None)
}

/// The names in a directory (read_dir order), with "." and ".." first when `dots`.
fn names(vm: &mut Vm, a: &[Value], dots: bool) -> VmResult<Vec<Value>> {
    let (a, kw) = vm.split_keywords(a)?;
    base_kw(vm, kw, &["encoding"])?;
    let p = path_arg(vm, a[0])?;
    let raw = read_names(vm, &p, dots)?;
    Ok(raw.iter().map(|n| vm.str_new(n)).collect())
}

/// The names in directory `p` as bytes (read_dir order), "." and ".." first when `dots`;
/// CRuby's Errno errors (`@ dir_initialize`) when it cannot be read.
pub(super) fn read_names(vm: &mut Vm, p: &[u8], dots: bool) -> VmResult<Vec<Vec<u8>>> {
    use std::os::unix::ffi::OsStrExt;
    let rd = match std::fs::read_dir(os_path(p)) {
        Ok(rd) => rd,
        Err(e) => return Err(errno::raise_io(vm, &e, Some("dir_initialize"), &show(p))),
    };
    let mut raw: Vec<Vec<u8>> = Vec::new();
    if dots {
        raw.push(b".".to_vec());
        raw.push(b"..".to_vec());
    }
    for e in rd {
        match e {
            Ok(e) => raw.push(e.file_name().as_bytes().to_vec()),
            Err(e) => return Err(errno::raise_io(vm, &e, Some("dir_each_entry"), &show(p))),
        }
    }
    Ok(raw)
}

/// Dir.entries(path) -> array of names, "." and ".." included
fn d_entries(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = names(vm, a, true)?;
    Ok(vm.ary_new(v))
}

/// Dir.children(path) -> array of names, without "." and ".."
fn d_children(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = names(vm, a, false)?;
    Ok(vm.ary_new(v))
}

/// Yields each name to the block, or returns an enumerator.
fn each_name(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>, dots: bool) -> VmResult {
    let meth = if dots { "foreach" } else { "each_child" };
    let b = crate::core::array::block_or_enum!(vm, s, b, meth, a);
    let v = names(vm, a, dots)?;
    let keep = vm.ary_new(v.clone());
    crate::core::array::rooted(vm, &[keep], |vm| {
        for x in v {
            vm.yield_block(b, &[x])?;
        }
        Ok(Value::NIL)
    })
}

/// Dir.each_child(path) {|name| ...} -> nil
fn d_each_child(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    each_name(vm, s, a, b, false)
}

/// Dir.foreach(path) {|name| ...} -> nil
fn d_foreach(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    each_name(vm, s, a, b, true)
}

/// Dir.mkdir(path, permissions = 0777) -> 0
fn d_mkdir(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    use std::os::unix::fs::DirBuilderExt;
    let p = path_arg(vm, a[0])?;
    let mode = match a.get(1) {
        Some(&m) => crate::core::arg_int(vm, m)?,
        None => 0o777,
    };
    let r = std::fs::DirBuilder::new()
        .mode(mode as u32)
        .create(os_path(&p));
    match r {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => Err(errno::raise_io(vm, &e, Some("dir_s_mkdir"), &show(&p))),
    }
}

/// Dir.rmdir(path) -> 0
fn d_rmdir(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    match std::fs::remove_dir(os_path(&p)) {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => Err(errno::raise_io(vm, &e, Some("dir_s_rmdir"), &show(&p))),
    }
}

/// Dir.exist?(path) -> true or false
fn d_exist(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    Ok(Value::bool(
        std::fs::metadata(os_path(&p)).is_ok_and(|m| m.is_dir()),
    ))
}

/// Dir.empty?(path) -> true or false (false for a non-directory)
fn d_empty(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    match std::fs::read_dir(os_path(&p)) {
        Ok(mut rd) => Ok(Value::bool(rd.next().is_none())),
        Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => Ok(Value::FALSE),
        Err(e) => Err(errno::raise_io(vm, &e, Some("rb_dir_s_empty_p"), &show(&p))),
    }
}

/// Dir.pwd -> string
fn d_pwd(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let d = cwd(vm)?;
    Ok(vm.str_new(&d))
}

/// chdir(2); `func` names the CRuby function in the error message.
fn chdir_to(vm: &mut Vm, p: &[u8], func: &str) -> VmResult<()> {
    std::env::set_current_dir(os_path(p)).map_err(|e| errno::raise_io(vm, &e, Some(func), &show(p)))
}

/// Dir.chdir(path = HOME) -> 0; with a block, yields path, changes back, returns the block's value
pub(super) fn d_chdir(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let p = match a.first() {
        Some(&v) => path_arg(vm, v)?,
        None => match crate::core::env::getenv(vm, b"HOME")
            .or_else(|| crate::core::env::getenv(vm, b"LOGDIR"))
        {
            Some(h) => h,
            None => return Err(vm.arg_error("HOME/LOGDIR not set")),
        },
    };
    let Some(b) = b else {
        chdir_to(vm, &p, "chdir_path")?;
        return Ok(Value::fixnum(0));
    };
    let old = cwd(vm)?;
    chdir_to(vm, &p, "dir_chdir0")?;
    let arg = vm.str_new(&p);
    let r = vm.yield_block(b, &[arg]);
    chdir_to(vm, &old, "dir_chdir0")?;
    r
}

/// Dir.home(user = nil) -> string
fn d_home(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = match a.first() {
        Some(&u) if !u.is_nil() => {
            let u = crate::core::file::cstr_arg(vm, u)?;
            user_home(vm, &u)?
        }
        _ => home_dir(vm)?,
    };
    Ok(vm.str_new(&h))
}
