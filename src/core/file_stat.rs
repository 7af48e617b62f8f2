//! File's file-system queries and changes by path (exist?, file?, directory?, size, ftype, the
//! permission predicates, identical?, delete, rename, symlink, link, readlink) and the FileTest
//! module, whose module functions are the same predicates. Access checks use the process's
//! effective ids read from /proc/self/status (root may read and write anything, and execute
//! anything with an execute bit), as CRuby's eaccess does. Also File::Stat (File.stat, lstat,
//! File#stat and lstat): a snapshot of a stat(2) with the same predicates and its fields.

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

/// File::Stat's methods.
const STAT: &[M] = &[
    ("size", st_size, 0, 0),
    ("size?", st_size_p, 0, 0),
    ("zero?", st_zero, 0, 0),
    ("file?", st_file, 0, 0),
    ("directory?", st_directory, 0, 0),
    ("symlink?", st_symlink, 0, 0),
    ("pipe?", st_pipe, 0, 0),
    ("socket?", st_socket, 0, 0),
    ("chardev?", st_chardev, 0, 0),
    ("blockdev?", st_blockdev, 0, 0),
    ("ftype", st_ftype, 0, 0),
    ("mode", st_mode, 0, 0),
    ("uid", st_uid, 0, 0),
    ("gid", st_gid, 0, 0),
    ("ino", st_ino, 0, 0),
    ("dev", st_dev, 0, 0),
    ("nlink", st_nlink, 0, 0),
    ("blksize", st_blksize, 0, 0),
    ("blocks", st_blocks, 0, 0),
    ("mtime", st_mtime, 0, 0),
    ("atime", st_atime, 0, 0),
    ("ctime", st_ctime, 0, 0),
    ("readable?", st_readable, 0, 0),
    ("readable_real?", st_readable, 0, 0),
    ("writable?", st_writable, 0, 0),
    ("writable_real?", st_writable, 0, 0),
    ("executable?", st_executable, 0, 0),
    ("executable_real?", st_executable, 0, 0),
    ("world_readable?", st_world_readable, 0, 0),
    ("world_writable?", st_world_writable, 0, 0),
    ("owned?", st_owned, 0, 0),
    ("grpowned?", st_grpowned, 0, 0),
    ("setuid?", st_setuid, 0, 0),
    ("setgid?", st_setgid, 0, 0),
    ("sticky?", st_sticky, 0, 0),
    ("<=>", st_cmp, 1, 1),
];

/// The payload of a File::Stat.
pub struct Stat(pub Metadata);

impl crate::object::heap::Payload for Stat {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm, file: Value) {
    crate::core::file_ops::init(vm, file);
    let o = vm.c.object;
    let stat_class = vm.define_class_under(file, "Stat", o);
    vm.define_natives(stat_class, STAT);
    let cmp = vm
        .class_data(o)
        .const_get(crate::object::symbol::intern("Comparable"));
    if let Some(c) = cmp {
        vm.class_data(stat_class).includes.push(c);
    }
    vm.define_singleton_natives(file, &[("stat", f_stat, 1, 1), ("lstat", f_lstat, 1, 1)]);
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
    Ok(vm.str_from(ftype_name(m.file_type())))
}

/// File.ftype's name for a file type.
fn ftype_name(t: std::fs::FileType) -> &'static str {
    if t.is_file() {
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
    }
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

/// A new File::Stat holding `m`.
pub fn stat_new(vm: &mut Vm, m: Metadata) -> Value {
    let file = vm
        .class_data(vm.c.object)
        .const_get(crate::object::symbol::intern("File"))
        .expect("File");
    let k = vm
        .class_data(file)
        .const_get(crate::object::symbol::intern("Stat"))
        .expect("File::Stat");
    vm.heap
        .alloc_boxed(crate::object::heap::T_DATA, k, Box::new(Stat(m)))
}

fn path_stat(vm: &mut Vm, v: Value, link: bool) -> VmResult {
    let p = path_arg(vm, v)?;
    let r = if link {
        std::fs::symlink_metadata(os_path(&p))
    } else {
        std::fs::metadata(os_path(&p))
    };
    match r {
        Ok(m) => Ok(stat_new(vm, m)),
        Err(e) => {
            let f = if link {
                "rb_file_s_lstat"
            } else {
                "rb_file_s_stat"
            };
            Err(errno::raise_io(vm, &e, Some(f), &show(&p)))
        }
    }
}
/// File.stat(path) -> File::Stat
fn f_stat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    path_stat(vm, a[0], false)
}
/// File.lstat(path) -> File::Stat (of a symbolic link itself)
fn f_lstat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    path_stat(vm, a[0], true)
}

fn meta(vm: &mut Vm, s: Value) -> VmResult<&'static Metadata> {
    match crate::object::heap::payload::<Stat>(s) {
        Some(st) => Ok(&st.0),
        None => Err(vm.type_error("uninitialized File::Stat")),
    }
}
fn st_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = meta(vm, s)?.len();
    Ok(vm.int(n as i64))
}
fn st_size_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = meta(vm, s)?.len();
    Ok(if n == 0 { Value::NIL } else { vm.int(n as i64) })
}
/// A predicate over the snapshot.
fn st_test(vm: &mut Vm, s: Value, f: impl Fn(&Metadata) -> bool) -> VmResult {
    Ok(Value::bool(f(meta(vm, s)?)))
}
fn st_zero(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.len() == 0)
}
fn st_file(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.is_file())
}
fn st_directory(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.is_dir())
}
fn st_symlink(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.file_type().is_symlink())
}
fn st_pipe(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.file_type().is_fifo())
}
fn st_socket(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.file_type().is_socket())
}
fn st_chardev(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.file_type().is_char_device())
}
fn st_blockdev(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.file_type().is_block_device())
}
fn st_readable(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| access(m, 4))
}
fn st_writable(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| access(m, 2))
}
fn st_executable(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| access(m, 1))
}
/// The permission bits when `bit` is set for others, else nil (File::Stat#world_readable?...).
fn st_world(vm: &mut Vm, s: Value, bit: u32) -> VmResult {
    let mode = meta(vm, s)?.mode();
    Ok(if mode & bit != 0 {
        Value::fixnum((mode & 0o777) as i64)
    } else {
        Value::NIL
    })
}
fn st_world_readable(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_world(vm, s, 0o004)
}
fn st_world_writable(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_world(vm, s, 0o002)
}
fn st_grpowned(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let groups = ids().1;
    st_test(vm, s, |m| groups.contains(&m.gid()))
}
fn st_setuid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.mode() & 0o4000 != 0)
}
fn st_setgid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.mode() & 0o2000 != 0)
}
fn st_sticky(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_test(vm, s, |m| m.mode() & 0o1000 != 0)
}
fn st_owned(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let uid = ids().0;
    st_test(vm, s, |m| m.uid() == uid)
}
fn st_ftype(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = meta(vm, s)?.file_type();
    Ok(vm.str_from(ftype_name(t)))
}
/// An integer field of the snapshot.
fn st_int(vm: &mut Vm, s: Value, f: impl Fn(&Metadata) -> u64) -> VmResult {
    let n = f(meta(vm, s)?);
    Ok(vm.int(n as i64))
}
fn st_mode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.mode() as u64)
}
fn st_uid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.uid() as u64)
}
fn st_gid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.gid() as u64)
}
fn st_ino(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.ino())
}
fn st_dev(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.dev())
}
fn st_nlink(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.nlink())
}
fn st_blksize(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.blksize())
}
fn st_blocks(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_int(vm, s, |m| m.blocks())
}
fn st_time(vm: &mut Vm, s: Value, which: crate::core::io_file::Stamp) -> VmResult {
    let m = meta(vm, s)?;
    Ok(crate::core::io_file::stamp_time(vm, m, which))
}
fn st_mtime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_time(vm, s, crate::core::io_file::Stamp::Modified)
}
fn st_atime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_time(vm, s, crate::core::io_file::Stamp::Accessed)
}
fn st_ctime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    st_time(vm, s, crate::core::io_file::Stamp::Changed)
}
/// stat <=> other -> comparison of the modification times (nil for a non-Stat)
fn st_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = crate::object::heap::payload::<Stat>(a[0]) else {
        return Ok(Value::NIL);
    };
    let m = meta(vm, s)?;
    let x = (m.mtime(), m.mtime_nsec());
    let y = (o.0.mtime(), o.0.mtime_nsec());
    Ok(Value::fixnum(x.cmp(&y) as i64))
}
