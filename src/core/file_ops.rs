//! File's functions that change a file's attributes or resolve its real path: File.chmod,
//! File.lchmod, File.utime, File.realpath and File.realdirpath. Errors are Errno
//! exceptions with CRuby's messages (`... @ apply2files - path`, `... @ realpath_rec - path`).

use super::errno;
use super::file::{os_path, path_arg, show};
use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::os::unix::ffi::OsStrExt;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const FILE_S: &[M] = &[
    ("chmod", f_chmod, 1, -1),
    ("lchmod", f_lchmod, 1, -1),
    ("utime", f_utime, 2, -1),
    ("realpath", f_realpath, 1, 2),
    ("realdirpath", f_realdirpath, 1, 2),
];

pub fn init(vm: &mut Vm, file: Value) {
    vm.define_singleton_natives(file, FILE_S);
}

/// The paths of a list of path arguments (converted before anything changes, as CRuby).
fn paths(vm: &mut Vm, a: &[Value]) -> VmResult<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(a.len());
    for &v in a {
        out.push(path_arg(vm, v)?);
    }
    Ok(out)
}

/// Runs `op` on each path; the number of paths, or the Errno of the first failure.
fn apply(
    vm: &mut Vm,
    paths: &[Vec<u8>],
    op: impl Fn(&std::path::Path) -> std::io::Result<()>,
) -> VmResult {
    for p in paths {
        if let Err(e) = op(os_path(p)) {
            return Err(errno::raise_io(vm, &e, Some("apply2files"), &show(p)));
        }
    }
    Ok(Value::fixnum(paths.len() as i64))
}

/// File.chmod(mode, *paths) -> number of paths
fn f_chmod(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    use std::os::unix::fs::PermissionsExt;
    let mode = crate::core::arg_int(vm, a[0])? as u32 & 0o7777;
    let ps = paths(vm, &a[1..])?;
    apply(vm, &ps, |p| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode))
    })
}

/// File.lchmod(mode, *paths): Linux cannot change a symlink's mode (NotImplementedError, as CRuby)
fn f_lchmod(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let msg = "lchmod() function is unimplemented on this machine";
    Err(vm.raise_str(vm.c.not_implemented_error, msg))
}

/// A time argument of utime: nil (now), a Time, or a number of seconds.
fn time_arg(vm: &mut Vm, v: Value) -> VmResult<std::time::SystemTime> {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    let ns = if v.is_nil() {
        return Ok(SystemTime::now());
    } else if super::time::is_time(v) {
        super::time::total_ns(rtime(v))
    } else {
        super::time_num::num_to_ns(vm, v)?
    };
    let d = Duration::from_nanos(ns.unsigned_abs().min(u64::MAX as u128) as u64);
    let t = if ns >= 0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    };
    t.ok_or_else(|| vm.raise_str(vm.c.range_error, "time out of range"))
}

/// File.utime(atime, mtime, *paths) -> number of paths
fn f_utime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let times = std::fs::FileTimes::new()
        .set_accessed(time_arg(vm, a[0])?)
        .set_modified(time_arg(vm, a[1])?);
    let ps = paths(vm, &a[2..])?;
    apply(vm, &ps, |p| std::fs::File::open(p)?.set_times(times))
}

/// `path`, or `path` under `dir` when it is relative and a dir is given, made absolute.
fn joined(vm: &mut Vm, a: &[Value]) -> VmResult<std::path::PathBuf> {
    let p = path_arg(vm, a[0])?;
    let base = match a.get(1) {
        Some(&d) if !d.is_nil() => Some(path_arg(vm, d)?),
        _ => None,
    };
    let mut full = std::path::PathBuf::new();
    if !p.starts_with(b"/") {
        match base {
            Some(b) => full.push(os_path(&b)),
            None => {
                if let Ok(cwd) = std::env::current_dir() {
                    full.push(cwd)
                }
            }
        }
        if !full.is_absolute()
            && let Ok(cwd) = std::env::current_dir()
        {
            full = cwd.join(full);
        }
    }
    full.push(os_path(&p));
    Ok(full)
}

fn path_value(vm: &mut Vm, p: &std::path::Path) -> Value {
    vm.str_new(p.as_os_str().as_bytes())
}

/// File.realpath(path, dir = nil) -> string: the absolute path with every symlink, `.` and `..`
/// resolved; every component must exist.
fn f_realpath(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let full = joined(vm, a)?;
    match std::fs::canonicalize(&full) {
        Ok(p) => Ok(path_value(vm, &p)),
        Err(e) => {
            let shown = show(full.as_os_str().as_bytes());
            Err(errno::raise_io(vm, &e, Some("realpath_rec"), &shown))
        }
    }
}

/// File.realdirpath(path, dir = nil) -> string: as realpath, but the last component need not
/// exist.
fn f_realdirpath(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let full = joined(vm, a)?;
    if let Ok(p) = std::fs::canonicalize(&full) {
        return Ok(path_value(vm, &p));
    }
    let (Some(parent), Some(name)) = (full.parent(), full.file_name()) else {
        return Ok(path_value(vm, &full));
    };
    match std::fs::canonicalize(parent) {
        Ok(p) => {
            let p = p.join(name);
            Ok(path_value(vm, &p))
        }
        Err(e) => {
            let shown = show(parent.as_os_str().as_bytes());
            Err(errno::raise_io(vm, &e, Some("realpath_rec"), &shown))
        }
    }
}
