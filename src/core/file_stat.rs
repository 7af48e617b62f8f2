//! File's file-system queries and changes by path (exist?, file?, directory?, size, ftype, the
//! permission predicates, identical?, delete, rename, symlink, link, readlink) and the FileTest
//! module, whose module functions are the same predicates. Access checks use the process's
//! effective ids read from /proc/self/status (root may read and write anything, and execute
//! anything with an execute bit), as CRuby's eaccess does.

use crate::core::errno;
use crate::core::file::{os_path, path_arg, show};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::fs::Metadata;
use std::os::unix::fs::{FileTypeExt, MetadataExt};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

/// The predicates File and FileTest share.
const TESTS: &[M] = &[
    ("exist?", t_exist, 1, 1),
    ("file?", t_file, 1, 1),
    ("directory?", t_directory, 1, 1),
    ("symlink?", t_symlink, 1, 1),
    ("pipe?", t_pipe, 1, 1),
    ("socket?", t_socket, 1, 1),
    ("blockdev?", t_blockdev, 1, 1),
    ("chardev?", t_chardev, 1, 1),
    ("size", t_size, 1, 1),
    ("size?", t_size_p, 1, 1),
    ("zero?", t_zero, 1, 1),
    ("empty?", t_zero, 1, 1),
    ("readable?", t_readable, 1, 1),
    ("readable_real?", t_readable, 1, 1),
    ("writable?", t_writable, 1, 1),
    ("writable_real?", t_writable, 1, 1),
    ("executable?", t_executable, 1, 1),
    ("executable_real?", t_executable, 1, 1),
    ("world_readable?", t_world_readable, 1, 1),
    ("world_writable?", t_world_writable, 1, 1),
    ("owned?", t_owned, 1, 1),
    ("grpowned?", t_grpowned, 1, 1),
    ("setuid?", t_setuid, 1, 1),
    ("setgid?", t_setgid, 1, 1),
    ("sticky?", t_sticky, 1, 1),
    ("identical?", t_identical, 2, 2),
];

/// File's own path operations.
const FILE_S: &[M] = &[
    ("ftype", f_ftype, 1, 1),
    ("delete", f_delete, 0, -1),
    ("unlink", f_delete, 0, -1),
    ("rename", f_rename, 2, 2),
    ("symlink", f_symlink, 2, 2),
    ("link", f_link, 2, 2),
    ("readlink", f_readlink, 1, 1),
];

pub fn init(vm: &mut Vm, file: Value) {
    vm.define_singleton_natives(file, TESTS);
    vm.define_singleton_natives(file, FILE_S);
    let ft = vm.define_module("FileTest");
    vm.define_singleton_natives(ft, TESTS);
    vm.define_private_natives(ft, TESTS);
}

/// stat(2) of the path argument, None when it fails.
fn stat(vm: &mut Vm, v: Value) -> VmResult<Option<Metadata>> {
    let p = path_arg(vm, v)?;
    Ok(std::fs::metadata(os_path(&p)).ok())
}

/// lstat(2) of the path argument, None when it fails.
fn lstat(vm: &mut Vm, v: Value) -> VmResult<Option<Metadata>> {
    let p = path_arg(vm, v)?;
    Ok(std::fs::symlink_metadata(os_path(&p)).ok())
}

/// Whether the path's stat satisfies `f` (false when it cannot be stat'ed).
fn test(vm: &mut Vm, v: Value, f: impl Fn(&Metadata) -> bool) -> VmResult {
    Ok(Value::bool(stat(vm, v)?.is_some_and(|m| f(&m))))
}

/// The effective user id and the effective and supplementary group ids of this process.
fn ids() -> (u32, Vec<u32>) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| -> Vec<u32> {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|r| {
                r.split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    };
    let uid = field("Uid:").get(1).copied().unwrap_or(u32::MAX);
    let mut groups = field("Groups:");
    if let Some(&g) = field("Gid:").get(1) {
        groups.push(g);
    }
    (uid, groups)
}

/// The effective user id of this process.
pub fn euid() -> u32 {
    ids().0
}

/// Whether this process may access the file for `bit` (4 read, 2 write, 1 execute).
fn access(m: &Metadata, bit: u32) -> bool {
    let (uid, groups) = ids();
    let mode = m.mode();
    if uid == 0 {
        return bit != 1 || m.is_dir() || mode & 0o111 != 0;
    }
    let shift = if m.uid() == uid {
        6
    } else if groups.contains(&m.gid()) {
        3
    } else {
        0
    };
    mode & (bit << shift) != 0
}

fn t_exist(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |_| true)
}
fn t_file(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.is_file())
}
fn t_directory(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.is_dir())
}
fn t_symlink(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = lstat(vm, a[0])?;
    Ok(Value::bool(m.is_some_and(|m| m.file_type().is_symlink())))
}
fn t_pipe(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.file_type().is_fifo())
}
fn t_socket(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.file_type().is_socket())
}
fn t_blockdev(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.file_type().is_block_device())
}
fn t_chardev(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.file_type().is_char_device())
}
/// File.size(path) -> integer (Errno when it cannot be stat'ed)
fn t_size(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    match std::fs::metadata(os_path(&p)) {
        Ok(m) => Ok(vm.int(m.len() as i64)),
        Err(e) => Err(errno::raise_io(vm, &e, Some("rb_file_s_size"), &show(&p))),
    }
}
/// File.size?(path) -> integer, or nil when missing or empty
fn t_size_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match stat(vm, a[0])? {
        Some(m) if m.len() > 0 => vm.int(m.len() as i64),
        _ => Value::NIL,
    })
}
fn t_zero(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.len() == 0)
}
fn t_readable(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| access(m, 4))
}
fn t_writable(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| access(m, 2))
}
fn t_executable(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| access(m, 1))
}
/// The permission bits when `bit` is set for others, else nil.
fn world(vm: &mut Vm, v: Value, bit: u32) -> VmResult {
    Ok(match stat(vm, v)? {
        Some(m) if m.mode() & bit != 0 => Value::fixnum((m.mode() & 0o777) as i64),
        _ => Value::NIL,
    })
}
fn t_world_readable(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    world(vm, a[0], 0o004)
}
fn t_world_writable(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    world(vm, a[0], 0o002)
}
fn t_owned(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let uid = ids().0;
    test(vm, a[0], |m| m.uid() == uid)
}
fn t_grpowned(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let groups = ids().1;
    test(vm, a[0], |m| groups.contains(&m.gid()))
}
fn t_setuid(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.mode() & 0o4000 != 0)
}
fn t_setgid(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.mode() & 0o2000 != 0)
}
fn t_sticky(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    test(vm, a[0], |m| m.mode() & 0o1000 != 0)
}
/// File.identical?(a, b) -> true or false (same device and inode)
fn t_identical(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = stat(vm, a[0])?;
    let y = stat(vm, a[1])?;
    Ok(Value::bool(match (x, y) {
        (Some(x), Some(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }))
}

/// File.ftype(path) -> "file", "directory", "link", ... (of the link itself)
fn f_ftype(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let m = match std::fs::symlink_metadata(os_path(&p)) {
        Ok(m) => m,
        Err(e) => return Err(errno::raise_io(vm, &e, Some("rb_file_s_ftype"), &show(&p))),
    };
    let t = m.file_type();
    let name = if t.is_file() {
        "file"
    } else if t.is_dir() {
        "directory"
    } else if t.is_symlink() {
        "link"
    } else if t.is_char_device() {
        "characterSpecial"
    } else if t.is_block_device() {
        "blockSpecial"
    } else if t.is_fifo() {
        "fifo"
    } else if t.is_socket() {
        "socket"
    } else {
        "unknown"
    };
    Ok(vm.str_from(name))
}

/// File.delete(*paths) -> number of paths (stops at the first failure)
fn f_delete(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut paths = Vec::with_capacity(a.len());
    for &v in a {
        paths.push(path_arg(vm, v)?);
    }
    for p in &paths {
        if let Err(e) = std::fs::remove_file(os_path(p)) {
            return Err(errno::raise_io(vm, &e, Some("apply2files"), &show(p)));
        }
    }
    Ok(Value::fixnum(a.len() as i64))
}

/// Both path arguments, and the "(a, b)" detail of their error messages.
fn two_paths(vm: &mut Vm, a: &[Value]) -> VmResult<(Vec<u8>, Vec<u8>, String)> {
    let x = path_arg(vm, a[0])?;
    let y = path_arg(vm, a[1])?;
    let d = format!("({}, {})", show(&x), show(&y));
    Ok((x, y, d))
}

/// File.rename(from, to) -> 0
fn f_rename(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, y, d) = two_paths(vm, a)?;
    match std::fs::rename(os_path(&x), os_path(&y)) {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => Err(errno::raise_io(vm, &e, Some("rb_file_s_rename"), &d)),
    }
}

/// The function name CRuby's syserr_fail2 reports: EEXIST is raised from syserr_fail2_in.
fn fail2(e: &std::io::Error, func: &'static str) -> &'static str {
    if e.raw_os_error() == Some(libc::EEXIST) {
        "syserr_fail2_in"
    } else {
        func
    }
}

/// File.symlink(target, link) -> 0
fn f_symlink(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, y, d) = two_paths(vm, a)?;
    match std::os::unix::fs::symlink(os_path(&x), os_path(&y)) {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => {
            let f = fail2(&e, "rb_file_s_symlink");
            let d = if f == "syserr_fail2_in" { show(&y) } else { d };
            Err(errno::raise_io(vm, &e, Some(f), &d))
        }
    }
}

/// File.link(target, link) -> 0
fn f_link(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, y, d) = two_paths(vm, a)?;
    match std::fs::hard_link(os_path(&x), os_path(&y)) {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => {
            let f = fail2(&e, "rb_file_s_link");
            let d = if f == "syserr_fail2_in" { show(&y) } else { d };
            Err(errno::raise_io(vm, &e, Some(f), &d))
        }
    }
}

/// File.readlink(path) -> string
fn f_readlink(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    use std::os::unix::ffi::OsStrExt;
    let p = path_arg(vm, a[0])?;
    match std::fs::read_link(os_path(&p)) {
        Ok(t) => Ok(vm.str_new(t.as_os_str().as_bytes())),
        Err(e) => Err(errno::raise_io(vm, &e, Some("rb_readlink"), &show(&p))),
    }
}
