//! File as an IO: opening (File.open/new, Kernel#open) with CRuby's mode strings, flags and
//! options, the block form that closes, and File's own methods (path, size, stat, truncate,
//! times, encodings). The whole-file helpers and IO.copy_stream are in io_whole.rs.

use super::io::{Io, io_fail, open_stream, parse_mode, stream_of, with_stats};
use super::io_stream::{Mode, Stream};
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::os::unix::fs::OpenOptionsExt;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const FILE_SINGLETON: &[M] = &[
    ("open", f_s_open, 1, -1),
    ("new", f_s_new, 1, -1),
    ("mtime", f_s_mtime, 1, 1),
    ("atime", f_s_atime, 1, 1),
    ("ctime", f_s_ctime, 1, 1),
    ("truncate", f_s_truncate, 2, 2),
];

/// IO's own methods written here, on any stream (File inherits them).
const IO_METHODS: &[M] = &[
    ("stat", f_stat, 0, 0),
    ("external_encoding", f_external_encoding, 0, 0),
    ("internal_encoding", f_internal_encoding, 0, 0),
    ("set_encoding", f_set_encoding, 1, -1),
    ("path", f_path, 0, 0),
    ("to_path", f_path, 0, 0),
];

const FILE: &[M] = &[
    ("lstat", f_lstat, 0, 0),
    ("truncate", f_truncate, 1, 1),
    ("flock", f_flock, 1, 1),
    ("size", f_size, 0, 0),
    ("mtime", f_mtime, 0, 0),
    ("atime", f_atime, 0, 0),
    ("ctime", f_ctime, 0, 0),
];

/// File::Constants: the open(2) and flock(2) flags CRuby defines on Linux (one list, from the
/// C library; the FNM_ flags are core/file.rs's).
const OPEN_FLAGS: &[(&str, i32)] = &[
    ("RDONLY", libc::O_RDONLY),
    ("WRONLY", libc::O_WRONLY),
    ("RDWR", libc::O_RDWR),
    ("APPEND", libc::O_APPEND),
    ("CREAT", libc::O_CREAT),
    ("EXCL", libc::O_EXCL),
    ("TRUNC", libc::O_TRUNC),
    ("NONBLOCK", libc::O_NONBLOCK),
    ("NOCTTY", libc::O_NOCTTY),
    ("SYNC", libc::O_SYNC),
    ("DSYNC", libc::O_DSYNC),
    ("RSYNC", libc::O_RSYNC),
    ("NOFOLLOW", libc::O_NOFOLLOW),
    ("NOATIME", libc::O_NOATIME),
    ("DIRECT", libc::O_DIRECT),
    ("TMPFILE", libc::O_TMPFILE),
    ("BINARY", 0),
    ("SHARE_DELETE", 0),
    ("LOCK_SH", libc::LOCK_SH),
    ("LOCK_EX", libc::LOCK_EX),
    ("LOCK_NB", libc::LOCK_NB),
    ("LOCK_UN", libc::LOCK_UN),
];

pub fn init(vm: &mut Vm) {
    let io = vm.c.io;
    let file = vm.define_class("File", io);
    vm.c.file = file;
    vm.define_singleton_natives(file, FILE_SINGLETON);
    vm.define_natives(file, FILE);
    vm.define_natives(io, IO_METHODS);
    let consts = vm.define_module_under(file, "Constants");
    for &(name, n) in OPEN_FLAGS {
        vm.class_data(consts)
            .const_set(intern(name), Value::fixnum(n as i64));
    }
    // File::NULL, the null device (a frozen US-ASCII string, as CRuby's)
    let null = vm.fstring_enc(b"/dev/null", crate::object::string::Encoding::UsAscii);
    vm.class_data(consts).const_set(intern("NULL"), null);
    // IO includes File::Constants, so File::RDONLY and IO::RDONLY are found through it
    let _ = vm.funcall(io, intern("include"), &[consts], None);
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("open", k_open, 1, -1)]);
}

/// A path argument (core/file.rs `path_arg`) as text.
pub fn path_arg(vm: &mut Vm, v: Value) -> VmResult<String> {
    let b = super::file::path_arg(vm, v)?;
    Ok(String::from_utf8_lossy(&b).into_owned())
}

/// File.open(fd): CRuby wraps an existing descriptor (IO.for_fd). rubra cannot adopt a raw
/// descriptor without `unsafe` outside the object model, so it answers EBADF for a descriptor
/// that is not open, as CRuby does, and NotImplementedError for one that is.
fn fd_open_error(vm: &mut Vm, fd: i64) -> crate::vm::frame::Unwind {
    let open = fd >= 0 && std::path::Path::new(&format!("/proc/self/fd/{fd}")).exists();
    if open {
        let msg = "opening a file descriptor by number (IO.for_fd) is not supported";
        return vm.raise_str(vm.c.not_implemented_error, msg);
    }
    crate::core::errno::raise(vm, libc::EBADF, None, "")
}

/// Opening options: (mode, create, truncate, exclusive).
pub(super) struct OpenMode {
    pub mode: Mode,
    pub create: bool,
    pub truncate: bool,
    pub excl: bool,
}

pub(super) fn mode_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<OpenMode> {
    let v = match v {
        None => return Ok(mode_from_str("r").expect("r")),
        Some(v) if v.is_nil() => return Ok(mode_from_str("r").expect("r")),
        Some(v) => v,
    };
    if v.is_fixnum() {
        let Ok(f) = i32::try_from(v.as_fixnum()) else {
            let msg = format!("integer {} too big to convert to 'int'", v.as_fixnum());
            return Err(vm.raise_str(vm.c.range_error, &msg));
        };
        let acc = f & libc::O_ACCMODE;
        let append = f & libc::O_APPEND != 0;
        return Ok(OpenMode {
            mode: Mode {
                read: acc == libc::O_RDONLY || acc == libc::O_RDWR,
                write: acc == libc::O_WRONLY || acc == libc::O_RDWR,
                append,
                ..Mode::default()
            },
            create: f & libc::O_CREAT != 0,
            truncate: f & libc::O_TRUNC != 0,
            excl: f & libc::O_EXCL != 0,
        });
    }
    let s = crate::core::string::str_arg_vec(vm, v)?;
    let s = String::from_utf8_lossy(&s).into_owned();
    match mode_from_str(&s) {
        Some(m) => Ok(m),
        None => Err(vm.arg_error(&format!("invalid access mode {s}"))),
    }
}

pub(super) fn mode_from_str(s: &str) -> Option<OpenMode> {
    let (mode, create, truncate) = parse_mode(s)?;
    Some(OpenMode {
        mode,
        create,
        truncate,
        excl: s.split(':').next().unwrap_or("").contains('x'),
    })
}

/// Opens `path` as a new File object of class `klass`.
pub(super) fn open_file(
    vm: &mut Vm,
    klass: Value,
    path: &str,
    om: &OpenMode,
    perm: u32,
) -> VmResult {
    let mut oo = std::fs::OpenOptions::new();
    oo.read(om.mode.read)
        .write(om.mode.write && !om.mode.append)
        .append(om.mode.append)
        .create(om.create && !om.excl)
        .create_new(om.create && om.excl)
        // O_TRUNC as a raw flag: Rust refuses truncate with append, open(2) does not
        .custom_flags(if om.truncate { libc::O_TRUNC } else { 0 })
        .mode(perm);
    let f = match oo.open(path) {
        Ok(f) => f,
        Err(e) => {
            return Err(crate::core::errno::raise_io(
                vm,
                &e,
                Some("rb_sysopen"),
                path,
            ));
        }
    };
    use std::os::fd::AsRawFd;
    let fd = f.as_raw_fd();
    let mut mode = om.mode;
    // `rubra -E BINARY`: files read bytes unless opened with an encoding of their own
    mode.binary |= vm.external_binary;
    let stream = Stream::new(f, fd, mode, Some(path.to_string()));
    Ok(vm.heap.alloc_boxed(T_DATA, klass, Box::new(Io(stream))))
}

/// Splits File.open's arguments: path, mode (positional or `mode:`, with `flags:` added and
/// `binmode:`/`textmode:` checked against it), permissions (positional or `perm:`); also
/// whether the mode's encoding asks to skip a byte order mark ("r:bom|utf-8").
fn open_args(vm: &mut Vm, a: &[Value]) -> VmResult<(String, OpenMode, u32, bool)> {
    let (a, kw) = vm.split_keywords(a)?;
    if a[0].is_fixnum() {
        return Err(fd_open_error(vm, a[0].as_fixnum()));
    }
    let path = path_arg(vm, a[0])?;
    let mut mode = a.get(1).copied().filter(|m| !m.is_nil());
    let kw_get = |vm: &mut Vm, name: &str| -> VmResult<Value> {
        match kw {
            Some(h) => super::hash::get(vm, h, Value::symbol(intern(name))),
            None => Ok(Value::NIL),
        }
    };
    let m = kw_get(vm, "mode")?;
    if !m.is_nil() {
        if mode.is_some() {
            return Err(vm.arg_error("mode specified twice"));
        }
        mode = Some(m);
    }
    let text = match mode {
        Some(m) if type_of(m) == T_STRING => {
            String::from_utf8_lossy(string::bytes(&vm.heap, m)).into_owned()
        }
        _ => String::new(),
    };
    let main = text.split(':').next().unwrap_or("");
    let bom = text
        .split(':')
        .nth(1)
        .is_some_and(|e| e.len() > 4 && e[..4].eq_ignore_ascii_case("bom|"));
    let mut om = mode_arg(vm, mode)?;
    let flags = kw_get(vm, "flags")?;
    if !flags.is_nil() {
        let f = crate::core::arg_int(vm, flags)? as i32;
        let acc = match (om.mode.read, om.mode.write) {
            (true, true) => libc::O_RDWR,
            (false, true) => libc::O_WRONLY,
            _ => libc::O_RDONLY,
        } | (f & libc::O_ACCMODE);
        om.mode.read = acc == libc::O_RDONLY || acc == libc::O_RDWR;
        om.mode.write = acc == libc::O_WRONLY || acc == libc::O_RDWR;
        om.mode.append |= f & libc::O_APPEND != 0;
        om.create |= f & libc::O_CREAT != 0;
        om.truncate |= f & libc::O_TRUNC != 0;
        om.excl |= f & libc::O_EXCL != 0;
    }
    // "EXT[:INT]", from `encoding:` or the mode string; `external_encoding:` and
    // `internal_encoding:` name one each
    let enc = kw_get(vm, "encoding")?;
    let spec = if type_of(enc) == T_STRING {
        String::from_utf8_lossy(string::bytes(&vm.heap, enc)).into_owned()
    } else {
        text.split_once(':').map_or("", |p| p.1).to_string()
    };
    let mut names = spec.splitn(2, ':');
    let ext = names.next().unwrap_or("");
    let ext = match ext.get(..4) {
        Some(p) if p.eq_ignore_ascii_case("bom|") => &ext[4..],
        _ => ext,
    };
    let mut ext = string::Encoding::find(ext);
    let mut int = names.next().and_then(string::Encoding::find);
    for (key, slot) in [
        ("external_encoding", &mut ext),
        ("internal_encoding", &mut int),
    ] {
        let v = kw_get(vm, key)?;
        if !v.is_nil() {
            *slot = Some(super::string_encoding::enc_arg(vm, v)?);
        }
    }
    if int.is_some() && int != ext {
        om.mode.int = int;
    }
    match ext {
        Some(string::Encoding::Binary) => om.mode.binary = true,
        Some(e) => {
            // reading text in an ASCII-incompatible encoding wants binmode (CRuby's
            // validate_enc_binmode), unless it is converted to an internal encoding
            let binmode = om.mode.binary || kw_get(vm, "binmode")?.truthy();
            if om.mode.read && !binmode && om.mode.int.is_none() && !e.ascii_compatible() {
                return Err(vm.arg_error("ASCII incompatible encoding needs binmode"));
            }
            super::string_encoding::mark_loaded(vm, e);
            om.mode.ext = Some(e);
        }
        None => {}
    }
    let binmode = kw_get(vm, "binmode")?;
    let textmode = kw_get(vm, "textmode")?;
    if binmode.truthy() && textmode.truthy() {
        return Err(vm.arg_error("both textmode and binmode specified"));
    }
    if binmode.truthy() {
        if main.contains('b') {
            return Err(vm.arg_error("binmode specified twice"));
        }
        if main.contains('t') {
            return Err(vm.arg_error("both textmode and binmode specified"));
        }
        om.mode.binary = true;
    }
    if textmode.truthy() {
        if main.contains('t') {
            return Err(vm.arg_error("textmode specified twice"));
        }
        if main.contains('b') {
            return Err(vm.arg_error("both textmode and binmode specified"));
        }
    }
    let perm = match a.get(2).copied().filter(|p| !p.is_nil()) {
        Some(p) => Some(p),
        None => Some(kw_get(vm, "perm")?).filter(|p| !p.is_nil()),
    };
    let perm = match perm {
        Some(p) => crate::core::arg_int(vm, p)? as u32,
        None => 0o666,
    };
    Ok((path, om, perm, bom))
}

/// Skips a UTF-8 byte order mark at the start of a stream opened "r:bom|utf-8".
fn skip_bom(vm: &mut Vm, f: Value) -> VmResult<()> {
    let s = open_stream(vm, f)?;
    let bom = with_stats(vm, s, "io_fillbuf", |s, t| {
        s.fill(t).map(|b| b.starts_with(b"\xEF\xBB\xBF"))
    })?;
    if bom {
        s.consume(3);
    }
    Ok(())
}

/// File.new(path, mode = "r", perm = 0666) -> file
pub(super) fn f_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (path, om, perm, bom) = open_args(vm, a)?;
    let f = open_file(vm, k, &path, &om, perm)?;
    if bom && om.mode.read {
        skip_bom(vm, f)?;
    }
    Ok(f)
}

/// File.open(path, mode = "r", perm = 0666) -> file; with a block, yields the file, closes it
/// however the block ends, and returns the block's value.
fn f_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let f = f_s_new(vm, k, a, None)?;
    let Some(b) = b else {
        return Ok(f);
    };
    with_open(vm, f, |vm, f| vm.yield_block(b, &[f]))
}

/// Runs `body` with the open file `f`, then closes it (also when `body` raises).
pub(super) fn with_open(
    vm: &mut Vm,
    f: Value,
    body: impl FnOnce(&mut Vm, Value) -> VmResult,
) -> VmResult {
    let r = body(vm, f);
    let closed = close(vm, f);
    let v = r?;
    closed?;
    Ok(v)
}

pub(super) fn close(vm: &mut Vm, f: Value) -> VmResult<()> {
    if let Some(s) = stream_of(f)
        && !s.is_closed()
    {
        with_stats(vm, s, "rb_io_close", |s, t| s.close(t))?;
    }
    Ok(())
}

/// open(path, mode = "r", perm = 0666) -> file (or the block's value)
fn k_open(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let file = vm.c.file;
    f_s_open(vm, file, a, b)
}

pub(super) fn file_class(vm: &Vm) -> Value {
    vm.c.file
}

/// Opens `path` (a Ruby path argument) for reading as a new File.
pub fn open_for_reading(vm: &mut Vm, path: Value, binary: bool) -> VmResult {
    let p = path_arg(vm, path)?;
    let mut om = mode_from_str("r").expect("r");
    om.mode.binary = binary;
    let k = file_class(vm);
    open_file(vm, k, &p, &om, 0o666)
}

/// Opens `path` for reading, runs `body`, closes.
pub(super) fn reading(
    vm: &mut Vm,
    path: Value,
    binary: bool,
    body: impl FnOnce(&mut Vm, Value) -> VmResult,
) -> VmResult {
    let f = open_for_reading(vm, path, binary)?;
    with_open(vm, f, body)
}

/// io.path / io.to_path -> the path it was opened with ("<STDIN>" and friends for the standard
/// streams, nil for a pipe)
fn f_path(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(st) = stream_of(s) else {
        return Ok(Value::NIL);
    };
    // the standard streams are named as in messages ("<STDOUT>"); a pipe or socket has none
    match (&st.path, st.fd) {
        (Some(p), _) => Ok(vm.str_from(p.clone())),
        (None, 0..=2) => Ok(vm.str_from(super::io::stream_name(st))),
        (None, _) => Ok(Value::NIL),
    }
}

/// The open file's metadata, pending writes flushed first.
fn metadata(vm: &mut Vm, s: Value, func: &str) -> VmResult<std::fs::Metadata> {
    let st = open_stream(vm, s)?;
    with_stats(vm, st, func, |s, t| {
        s.flush(t)?;
        s.file()?.metadata()
    })
}
/// file.stat -> File::Stat (of the file as the system has it: pending writes not flushed,
/// as in CRuby)
fn f_stat(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = open_stream(vm, s)?;
    match st.file().and_then(|f| f.metadata()) {
        Ok(m) => Ok(super::file_stat::stat_new(vm, m)),
        Err(e) => Err(io_fail(vm, &e, "rb_io_stat", st)),
    }
}
/// file.lstat -> File::Stat of the path (a symbolic link itself)
fn f_lstat(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = open_stream(vm, s)?;
    let p = st.path.clone().unwrap_or_default();
    match std::fs::symlink_metadata(&p) {
        Ok(m) => Ok(super::file_stat::stat_new(vm, m)),
        Err(e) => Err(crate::core::errno::raise_io(
            vm,
            &e,
            Some("rb_file_lstat"),
            &p,
        )),
    }
}
/// file.truncate(size) -> 0 (pending writes flushed first)
fn f_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    let st = super::io::writer(vm, s)?;
    with_stats(vm, st, "rb_file_truncate", |s, t| {
        s.flush(t)?;
        s.file()?.set_len(n.max(0) as u64)
    })?;
    Ok(Value::fixnum(0))
}
/// file.flock(locking_constant) -> 0 or false (LOCK_NB and the lock is held elsewhere)
fn f_flock(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let op = crate::core::arg_int(vm, a[0])? as i32;
    let blocking = op & (libc::LOCK_NB | libc::LOCK_UN) == 0;
    if blocking && crate::core::thread::sched::in_use(vm) {
        // with other threads: try without blocking, letting them run between the tries
        loop {
            let r = f_flock(vm, s, &[Value::fixnum((op | libc::LOCK_NB) as i64)], None)?;
            if r != Value::FALSE {
                return Ok(r);
            }
            crate::core::thread::sched::nap(vm, None)?;
        }
    }
    let st = open_stream(vm, s)?;
    let nb = op & libc::LOCK_NB != 0;
    let r = with_stats(vm, st, "rb_file_flock", |s, t| {
        s.flush(t)?;
        let f = s.file()?;
        let attempt = if op & libc::LOCK_UN != 0 {
            return f.unlock().map(|_| true);
        } else if op & libc::LOCK_EX != 0 {
            if nb {
                f.try_lock()
            } else {
                return f.lock().map(|_| true);
            }
        } else if op & libc::LOCK_SH != 0 {
            if nb {
                f.try_lock_shared()
            } else {
                return f.lock_shared().map(|_| true);
            }
        } else {
            return Err(std::io::Error::from_raw_os_error(libc::EINVAL));
        };
        match attempt {
            Ok(()) => Ok(true),
            Err(std::fs::TryLockError::WouldBlock) => Ok(false),
            Err(std::fs::TryLockError::Error(e)) => Err(e),
        }
    })?;
    Ok(if r { Value::fixnum(0) } else { Value::FALSE })
}
/// File.truncate(path, size) -> 0
fn f_s_truncate(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let p = path_arg(vm, a[0])?;
    let n = crate::core::arg_int(vm, a[1])?;
    let r = std::fs::OpenOptions::new()
        .write(true)
        .open(&p)
        .and_then(|f| f.set_len(n.max(0) as u64));
    match r {
        Ok(()) => Ok(Value::fixnum(0)),
        Err(e) => Err(crate::core::errno::raise_io(
            vm,
            &e,
            Some("rb_file_s_truncate"),
            &p,
        )),
    }
}
/// file.external_encoding -> BINARY for binary streams, else UTF-8 (nil when write-only)
fn f_external_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = open_stream(vm, s)?.mode;
    Ok(if m.binary {
        super::string_encoding::encoding_object(vm, string::Encoding::Binary)
    } else if let Some(e) = m.ext {
        super::string_encoding::encoding_object(vm, e)
    } else if m.read {
        super::string_encoding::encoding_object(vm, string::Encoding::Utf8)
    } else {
        Value::NIL
    })
}
/// file.internal_encoding -> the encoding reads are converted to, or nil
fn f_internal_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = open_stream(vm, s)?.mode;
    Ok(match m.int {
        Some(e) => super::string_encoding::encoding_object(vm, e),
        None => Value::NIL,
    })
}

/// io.set_encoding(ext, int = nil) / io.set_encoding("ext:int") / io.set_encoding(nil) -> io:
/// the external (and internal) encoding of what is read and written from now on; nil goes
/// back to the defaults; a name CRuby does not know is ignored with its warning
fn f_set_encoding(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, _opts) = vm.split_keywords(a)?;
    let a = a.to_vec();
    if a.len() > 2 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    open_stream(vm, s)?;
    // each argument: an Encoding, nil, or a name ("ext:int" when it is the only one)
    let mut found: Vec<Option<string::Encoding>> = Vec::new();
    for (i, &v) in a.iter().enumerate() {
        if v.is_nil() {
            found.push(None);
        } else if let Some(e) = payload::<super::string_encoding::Enc>(v) {
            found.push(Some(e.0));
        } else {
            let text = String::from_utf8_lossy(&super::string::str_arg_vec(vm, v)?).into_owned();
            let parts: Vec<String> = if i == 0 && a.len() == 1 {
                text.splitn(2, ':').map(str::to_string).collect()
            } else {
                vec![text]
            };
            for p in parts {
                match string::Encoding::find(&p) {
                    Some(e) => found.push(Some(e)),
                    None => {
                        vm.warn_here(&format!("Unsupported encoding {p} ignored"));
                        found.push(None);
                    }
                }
            }
        }
    }
    let ext = found.first().copied().flatten();
    let int = found.get(1).copied().flatten().filter(|&i| Some(i) != ext);
    for e in [ext, int].into_iter().flatten() {
        super::string_encoding::mark_loaded(vm, e);
    }
    let m = &mut open_stream(vm, s)?.mode;
    m.binary = ext == Some(string::Encoding::Binary);
    m.ext = ext.filter(|&e| e != string::Encoding::Binary);
    m.int = int;
    Ok(s)
}

/// file.size -> bytes (pending writes included)
fn f_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = metadata(vm, s, "rb_file_size")?;
    Ok(vm.int(m.len() as i64))
}

/// Which of a file's times.
#[derive(Clone, Copy)]
pub(crate) enum Stamp {
    Modified,
    Accessed,
    Changed,
}

pub(crate) fn stamp_time(vm: &mut Vm, m: &std::fs::Metadata, which: Stamp) -> Value {
    use std::os::unix::fs::MetadataExt;
    let (sec, nsec) = match which {
        Stamp::Modified => (m.mtime(), m.mtime_nsec()),
        Stamp::Accessed => (m.atime(), m.atime_nsec()),
        Stamp::Changed => (m.ctime(), m.ctime_nsec()),
    };
    let k = vm.c.time;
    super::time::new_time(vm, k, sec, nsec as u32, super::time::TZ_LOCAL, 0)
}

fn s_stamp(vm: &mut Vm, path: Value, which: Stamp, func: &str) -> VmResult {
    let p = path_arg(vm, path)?;
    match std::fs::metadata(&p) {
        Ok(m) => Ok(stamp_time(vm, &m, which)),
        Err(e) => Err(crate::core::errno::raise_io(vm, &e, Some(func), &p)),
    }
}
/// File.mtime(path) -> time
fn f_s_mtime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    s_stamp(vm, a[0], Stamp::Modified, "rb_file_s_mtime")
}
/// File.atime(path) -> time
fn f_s_atime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    s_stamp(vm, a[0], Stamp::Accessed, "rb_file_s_atime")
}
/// File.ctime(path) -> time
fn f_s_ctime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    s_stamp(vm, a[0], Stamp::Changed, "rb_file_s_ctime")
}

fn i_stamp(vm: &mut Vm, s: Value, which: Stamp) -> VmResult {
    let m = metadata(vm, s, "rb_file_mtime")?;
    Ok(stamp_time(vm, &m, which))
}
/// file.mtime -> time
fn f_mtime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    i_stamp(vm, s, Stamp::Modified)
}
/// file.atime -> time
fn f_atime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    i_stamp(vm, s, Stamp::Accessed)
}
/// file.ctime -> time
fn f_ctime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    i_stamp(vm, s, Stamp::Changed)
}
