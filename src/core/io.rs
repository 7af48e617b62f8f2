//! IO: objects over core/io_stream.rs streams. This file has the class, the standard streams
//! ($stdin/$stdout/$stderr, STDIN/STDOUT/STDERR), the writing methods and the stream state
//! (sync, close, seek); reading is in io_read.rs and File's opening in io_file.rs.
//!
//! Every write funnels through `write_value`/`write_bytes`, which copy into the stream's 8 KiB
//! buffer or send it out with the pending bytes (see io_stream.rs), and count the system
//! calls, the bytes buffered, the hidden-buffer writes and the objects a write allocated.

use super::io_stream::{IoStats, Mode, Stream};
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use std::io::SeekFrom;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO: &[M] = &[
    ("puts", io_puts, 0, -1),
    ("print", io_print, 0, -1),
    ("write", io_write, 0, -1),
    ("<<", io_append, 1, 1),
    ("printf", io_printf, 1, -1),
    ("putc", io_putc, 1, 1),
    ("flush", io_flush, 0, 0),
    ("fsync", io_fsync, 0, 0),
    ("fdatasync", io_fsync, 0, 0),
    ("sync", io_sync, 0, 0),
    ("sync=", io_set_sync, 1, 1),
    ("fileno", io_fileno, 0, 0),
    ("to_i", io_fileno, 0, 0),
    ("tty?", io_tty, 0, 0),
    ("isatty", io_tty, 0, 0),
    ("close", io_close, 0, 0),
    ("closed?", io_closed, 0, 0),
    ("syswrite", io_syswrite, 1, 1),
    ("sysseek", io_sysseek, 1, 2),
    ("seek", io_seek, 1, 2),
    ("rewind", io_rewind, 0, 0),
    ("pos", io_pos, 0, 0),
    ("tell", io_pos, 0, 0),
    ("pos=", io_set_pos, 1, 1),
    ("binmode", io_binmode, 0, 0),
    ("binmode?", io_is_binmode, 0, 0),
    ("to_io", io_to_io, 0, 0),
    ("inspect", io_inspect, 0, 0),
];

/// The Ruby-visible payload of an IO object.
pub struct Io(pub Stream);

impl Payload for Io {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let io = vm.define_class("IO", o);
    vm.c.io = io;
    vm.define_natives(io, IO);
    let enumerable = vm.c.enumerable;
    vm.class_data(io).includes.push(enumerable);
    for (name, n) in [("SEEK_SET", 0), ("SEEK_CUR", 1), ("SEEK_END", 2)] {
        vm.class_data(io).const_set(intern(name), Value::fixnum(n));
    }
    for (fd, name, gname) in [
        (0, "STDIN", "$stdin"),
        (1, "STDOUT", "$stdout"),
        (2, "STDERR", "$stderr"),
    ] {
        let s = vm
            .heap
            .alloc_boxed(T_DATA, io, Box::new(Io(Stream::standard(fd))));
        vm.class_data(o).const_set(intern(name), s);
        vm.gvar_set(gname, s);
        vm.keep(s);
        match fd {
            0 => vm.stdin = s,
            1 => vm.stdout = s,
            _ => vm.stderr = s,
        }
    }
}

/// The stream of an IO object, if `v` is one (open or closed).
pub fn stream_of(v: Value) -> Option<&'static mut Stream> {
    payload::<Io>(v).map(|i| &mut i.0)
}

/// The open stream of `v`; IOError "closed stream" when it is closed.
pub fn open_stream(vm: &mut Vm, v: Value) -> VmResult<&'static mut Stream> {
    match stream_of(v) {
        Some(s) if !s.is_closed() => Ok(s),
        Some(_) => Err(vm.raise_str(vm.c.io_error, "closed stream")),
        None => Err(vm.raise_str(vm.c.io_error, "uninitialized stream")),
    }
}

/// The open stream of `v`, which must have been opened for writing.
pub fn writer(vm: &mut Vm, v: Value) -> VmResult<&'static mut Stream> {
    let s = open_stream(vm, v)?;
    if !s.mode.write {
        return Err(vm.raise_str(vm.c.io_error, "not opened for writing"));
    }
    Ok(s)
}

/// How CRuby names a stream in error messages: the path, or `<STDOUT>` and friends.
pub fn stream_name(s: &Stream) -> String {
    match (&s.path, s.fd) {
        (Some(p), _) => p.clone(),
        (None, 0) => "<STDIN>".into(),
        (None, 1) => "<STDOUT>".into(),
        (None, 2) => "<STDERR>".into(),
        (None, fd) => format!("fd {fd}"),
    }
}

/// Raises the Errno for a failed operation on `s` (`Broken pipe @ io_writev - <STDOUT>`).
pub fn io_fail(vm: &mut Vm, e: &std::io::Error, func: &str, s: &Stream) -> Unwind {
    if vm.die_on_sigpipe && e.raw_os_error() == Some(libc::EPIPE) {
        // what the default SIGPIPE action does to `ruby` (Rust's runtime ignores the signal)
        let _ = signal_hook::low_level::emulate_default_handler(libc::SIGPIPE);
    }
    let name = match func {
        // CRuby names the descriptor too when filling the read buffer fails
        "io_fillbuf" => format!("fd:{} {}", s.fd, stream_name(s)),
        _ => stream_name(s),
    };
    crate::core::errno::raise_io(vm, e, Some(func), &name)
}

/// Runs a stream operation with the VM's counters, turning an OS error into its Errno
/// (`func` names CRuby's function in the message).
pub fn with_stats<T>(
    vm: &mut Vm,
    s: &mut Stream,
    func: &str,
    f: impl FnOnce(&mut Stream, &mut IoStats) -> std::io::Result<T>,
) -> VmResult<T> {
    let r = f(s, &mut vm.io_stats);
    r.map_err(|e| io_fail(vm, &e, func, s))
}

/// Writes `bytes` to the IO object `io` (which must be an IO). `mutable` says they are the
/// bytes of a String that may change later (such direct writes go through the hidden buffer).
pub fn write_bytes(vm: &mut Vm, io: Value, bytes: &[u8], mutable: bool) -> VmResult<()> {
    let s = writer(vm, io)?;
    if super::thread::sched::in_use(vm) && writes_to_pipe(s) {
        return write_sharing(vm, io, bytes);
    }
    with_stats(vm, s, "io_write", |s, t| s.write(bytes, mutable, t))
}

/// Whether `s` writes each write through at once (sync) to a pipe or a socket, which a write
/// can fill: with other threads, such writes go `write_sharing`'s way.
fn writes_to_pipe(s: &mut Stream) -> bool {
    use std::os::unix::fs::FileTypeExt;
    s.sync
        && s.write_file()
            .and_then(|f| f.metadata())
            .is_ok_and(|m| m.file_type().is_fifo() || m.file_type().is_socket())
}

/// A write to a pipe with other threads: a page at a time, each once the pipe has room, so
/// that a reader in another thread of this process runs while the pipe is full.
fn write_sharing(vm: &mut Vm, io: Value, bytes: &[u8]) -> VmResult<()> {
    for chunk in bytes.chunks(4096) {
        super::thread::sched::wait_until(vm, |_| {
            stream_of(io).is_none_or(|s| {
                s.write_file()
                    .is_ok_and(|f| super::io_pipe::fd_writable(std::os::fd::AsFd::as_fd(f)))
            })
        })?;
        let s = writer(vm, io)?;
        with_stats(vm, s, "io_write", |s, t| s.write(chunk, false, t))?;
    }
    Ok(())
}

/// Writes the bytes of the String `t` to the IO object `io` (which must be an IO), straight
/// from the string (through the hidden buffer when it is mutable, object-model.md §7).
pub fn write_str(vm: &mut Vm, io: Value, t: Value) -> VmResult<()> {
    let s = writer(vm, io)?;
    if super::thread::sched::in_use(vm) && writes_to_pipe(s) {
        let bytes = string::bytes(&vm.heap, t).to_vec();
        return write_sharing(vm, io, &bytes);
    }
    if let Some(ext) = s.mode.ext {
        // an external encoding given at open: what is written is converted to it (a BINARY
        // string, or ASCII text for an ASCII-compatible one, as it is)
        let enc = string::encoding(t);
        let as_is = enc == ext
            || enc == string::Encoding::Binary
            || (ext.ascii_compatible()
                && enc.ascii_compatible()
                && string::code_range(t) == string::CodeRange::SevenBit);
        if !as_is {
            let bytes = string::bytes(&vm.heap, t).to_vec();
            let out = super::string_encode::convert_plain(vm, &bytes, enc, ext)?;
            let s = writer(vm, io)?;
            let r = s.write(&out, true, &mut vm.io_stats);
            return r.map_err(|e| io_fail(vm, &e, "io_write", s));
        }
    }
    let mutable = !string::is_frozen(t);
    let r = s.write(string::bytes(&vm.heap, t), mutable, &mut vm.io_stats);
    r.map_err(|e| io_fail(vm, &e, "io_write", s))
}

/// Writes one object as `IO#write` does (`to_s` unless it is a String); returns the byte count.
pub fn write_value(vm: &mut Vm, io: Value, v: Value) -> VmResult<usize> {
    let before = vm.heap.stats.total_allocated;
    let t = if type_of(v) == T_STRING {
        v
    } else {
        vm.to_s(v)?
    };
    vm.io_stats.write_objects += vm.heap.stats.total_allocated - before;
    write_str(vm, io, t)?;
    Ok(string::len(t))
}

/// Sends `bytes` to `io`: directly when it is an IO object, else through its `write` method
/// (`$stdout = StringIO-like`).
pub fn write_to(vm: &mut Vm, io: Value, bytes: &[u8]) -> VmResult<()> {
    if stream_of(io).is_some() {
        return write_bytes(vm, io, bytes, false);
    }
    let s = vm.str_new(bytes);
    vm.funcall(io, intern("write"), &[s], None)?;
    Ok(())
}

/// Flushes every IO object's pending bytes (at exit, and before the process runs something
/// that could outlive it). Errors are ignored: there is no one left to report them to.
pub fn flush_all(vm: &mut Vm) {
    let st = &mut vm.io_stats;
    vm.heap.each_object(|v| {
        if let Some(s) = stream_of(v) {
            let _ = s.flush(st);
        }
    });
}

/// Drops every IO object's pending bytes (`exit!`, which in CRuby is `_exit(2)`).
pub fn discard_all(vm: &mut Vm) {
    vm.heap.each_object(|v| {
        if let Some(s) = stream_of(v) {
            s.discard();
        }
    });
}

pub fn stats_pairs(st: &IoStats) -> [(&'static str, i64); 6] {
    [
        ("io_write_syscalls", st.write_syscalls as i64),
        ("io_write_buffer_bytes", st.wbuf_bytes as i64),
        ("io_hidden_buffer_writes", st.hidden_writes as i64),
        ("io_hidden_buffer_reuses", st.hidden_reuses as i64),
        ("io_write_objects", st.write_objects as i64),
        ("io_read_syscalls", st.read_syscalls as i64),
    ]
}

/// io.puts(obj, ...) -> nil
fn io_puts(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if stream_of(s).is_some_and(|st| st.mode.ext.is_some()) {
        // each piece through `write`, which converts it to the external encoding
        return crate::core::kernel::puts_to(vm, s, a);
    }
    if let [v] = a
        && type_of(*v) == T_STRING
    {
        // the common case writes the string itself (no copy) and then the newline
        let v = *v;
        write_str(vm, s, v)?;
        if !vm.bytes(v).ends_with(b"\n") {
            write_bytes(vm, s, b"\n", false)?;
        }
        return Ok(Value::NIL);
    }
    let mut out = Vec::new();
    crate::core::kernel::puts_bytes(vm, a, &mut out)?;
    write_bytes(vm, s, &out, false)?;
    Ok(Value::NIL)
}
/// io.print(obj, ...) -> nil
fn io_print(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    crate::core::kernel::print_to(vm, s, a)
}
/// io.write(obj, ...) -> integer (bytes written)
fn io_write(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    writer(vm, s)?;
    let mut n = 0;
    for &v in a {
        n += write_value(vm, s, v)?;
    }
    Ok(vm.int(n as i64))
}
/// io << obj -> io
fn io_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    write_value(vm, s, a[0])?;
    Ok(s)
}
/// io.printf(format, args...) -> nil
fn io_printf(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fmt = crate::core::string::str_arg_vec(vm, a[0])?;
    let out = crate::core::format::sprintf(vm, &fmt, &a[1..])?;
    write_bytes(vm, s, &out, false)?;
    Ok(Value::NIL)
}
/// io.putc(int or string) -> the argument
fn io_putc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = crate::core::kernel::putc_bytes(vm, a[0])?;
    write_bytes(vm, s, &c, false)?;
    Ok(a[0])
}
/// io.flush -> io
fn io_flush(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = writer(vm, s)?;
    with_stats(vm, st, "io_flush", |s, t| s.flush(t))?;
    Ok(s)
}
/// io.fsync -> 0 (flushes, then asks the OS to write the file to disk)
fn io_fsync(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    io_flush(vm, s, &[], None)?;
    let st = writer(vm, s)?;
    let r = st.file().and_then(|f| f.sync_all());
    match r {
        Ok(()) => Ok(Value::fixnum(0)),
        // pipes and terminals cannot be synced; CRuby ignores that too
        Err(e) if e.raw_os_error() == Some(libc::EINVAL) => Ok(Value::fixnum(0)),
        Err(e) => Err(io_fail(vm, &e, "rb_io_fsync", st)),
    }
}
/// io.sync -> true or false
fn io_sync(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(open_stream(vm, s)?.sync))
}
/// io.sync = bool (true flushes what is pending)
fn io_set_sync(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = open_stream(vm, s)?;
    st.sync = a[0].truthy();
    if st.sync {
        with_stats(vm, st, "io_flush", |s, t| s.flush(t))?;
    }
    Ok(a[0])
}
/// io.fileno -> integer
fn io_fileno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(open_stream(vm, s)?.fd as i64))
}
/// io.tty? -> true or false
fn io_tty(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(open_stream(vm, s)?.tty))
}
/// io.close -> nil (closing a closed stream is allowed)
pub(crate) fn io_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(st) = stream_of(s) else {
        return Err(vm.raise_str(vm.c.io_error, "uninitialized stream"));
    };
    if st.is_closed() {
        return Ok(Value::NIL);
    }
    let child = st.pid.take();
    let r = with_stats(vm, st, "rb_io_close", |s, t| s.close(t));
    // an IO.popen stream: its child is waited for, and `$?` says how it ended
    if let Some(pid) = child
        && let Some((p, raw)) = crate::core::process::wait_for(vm, pid, 0)?
    {
        crate::core::process::set_last_status(vm, p, raw);
    }
    r?;
    Ok(Value::NIL)
}
/// io.closed? -> true or false
fn io_closed(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match stream_of(s) {
        Some(st) => Ok(Value::bool(st.is_closed())),
        None => Err(vm.raise_str(vm.c.io_error, "uninitialized stream")),
    }
}

fn seek_to(vm: &mut Vm, s: Value, to: SeekFrom) -> VmResult<u64> {
    let st = open_stream(vm, s)?;
    with_stats(vm, st, "rb_io_seek", |s, t| s.seek(to, t))
}
/// A file offset argument (CRuby's NUM2OFFT, with its messages for non-Integers).
fn offset_arg(vm: &mut Vm, v: Value) -> VmResult<i64> {
    if type_of(v) == T_STRING {
        return Err(vm.type_error("no implicit conversion from string"));
    }
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion from nil to integer"));
    }
    crate::core::arg_int(vm, v)
}

/// io.seek(offset, whence = IO::SEEK_SET) -> 0
fn io_seek(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let off = offset_arg(vm, a[0])?;
    let whence = match a.get(1) {
        None => 0,
        Some(&w) if w.is_fixnum() => w.as_fixnum(),
        Some(&w) if w.is_symbol() => match crate::object::symbol::sym_name(w.as_symbol_id()) {
            "SET" => 0,
            "CUR" => 1,
            "END" => 2,
            _ => return Err(vm.conversion_error(w, "Integer")),
        },
        Some(&w) => return Err(vm.conversion_error(w, "Integer")),
    };
    let to = match whence {
        0 if off < 0 => {
            let st = open_stream(vm, s)?;
            let e = std::io::Error::from_raw_os_error(libc::EINVAL);
            return Err(io_fail(vm, &e, "rb_io_seek", st));
        }
        0 => SeekFrom::Start(off as u64),
        1 => SeekFrom::Current(off),
        2 => SeekFrom::End(off),
        _ => return Err(vm.arg_error(&format!("invalid whence: {whence}"))),
    };
    seek_to(vm, s, to)?;
    Ok(Value::fixnum(0))
}
/// io.syswrite(obj) -> bytes written (straight out: the pending bytes are flushed too)
fn io_syswrite(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = write_value(vm, s, a[0])?;
    io_flush(vm, s, &[], None)?;
    Ok(vm.int(n as i64))
}
/// io.sysseek(offset, whence = IO::SEEK_SET) -> the new offset
fn io_sysseek(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    io_seek(vm, s, a, None)?;
    io_pos(vm, s, &[], None)
}
/// io.rewind -> 0 (also resets lineno)
fn io_rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    seek_to(vm, s, SeekFrom::Start(0))?;
    open_stream(vm, s)?.lineno = 0;
    Ok(Value::fixnum(0))
}
/// io.pos -> integer: what is buffered for writing is written first, as CRuby does, so a
/// device whose offset stays 0 (/dev/null) answers 0
fn io_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = open_stream(vm, s)?;
    with_stats(vm, st, "rb_io_tell", |s, t| s.flush(t))?;
    match st.pos() {
        Ok(p) => Ok(vm.int(p)),
        Err(e) => Err(io_fail(vm, &e, "rb_io_tell", st)),
    }
}
/// io.pos = integer
fn io_set_pos(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let off = offset_arg(vm, a[0])?;
    if off < 0 {
        let st = open_stream(vm, s)?;
        let e = std::io::Error::from_raw_os_error(libc::EINVAL);
        return Err(io_fail(vm, &e, "rb_io_set_pos", st));
    }
    seek_to(vm, s, SeekFrom::Start(off as u64))?;
    Ok(a[0])
}
/// io.binmode -> io
/// io.binmode -> io: reads BINARY from now on (the external encoding BINARY, no internal)
fn io_binmode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = &mut open_stream(vm, s)?.mode;
    m.binary = true;
    m.ext = None;
    m.int = None;
    Ok(s)
}
fn io_is_binmode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(open_stream(vm, s)?.mode.binary))
}
fn io_to_io(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// io.inspect -> "#<IO:<STDOUT>>", "#<File:path>", "#<File:path (closed)>"
fn io_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    let Some(st) = stream_of(s) else {
        return Ok(vm.str_from(format!("#<{cname}:(uninitialized)>")));
    };
    let name = stream_name(st);
    let closed = if st.is_closed() { " (closed)" } else { "" };
    Ok(vm.str_from(format!("#<{cname}:{name}{closed}>")))
}

/// The open mode of a new stream, from CRuby's mode strings ("r", "w+", "ab", "r:utf-8").
pub fn parse_mode(m: &str) -> Option<(Mode, bool, bool)> {
    let main = m.split(':').next().unwrap_or("");
    let mut chars = main.chars();
    let (mut mode, mut create, mut truncate) = (Mode::default(), false, false);
    match chars.next()? {
        'r' => mode.read = true,
        'w' => (mode.write, create, truncate) = (true, true, true),
        'a' => (mode.write, mode.append, create) = (true, true, true),
        _ => return None,
    }
    let (mut plus, mut bt) = (false, false);
    for c in chars {
        match c {
            '+' if !plus => plus = true,
            'b' | 't' if !bt => {
                bt = true;
                mode.binary = c == 'b';
            }
            'x' if mode.write && !mode.append => {}
            _ => return None,
        }
    }
    if plus {
        mode.read = true;
        mode.write = true;
    }
    Some((mode, create, truncate))
}
