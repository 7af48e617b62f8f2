//! IO's reading methods (read, readpartial, gets and the line iterators, characters and bytes,
//! eof?) over the stream's read buffer (Kernel#gets and ARGF are in argf.rs).
//!
//! `read(n, buf)` replaces `buf`'s bytes in place (object/string.rs `replace`), so a copy loop
//! reusing one buffer allocates no objects.

use super::io::{io_fail, open_stream, stream_of, with_stats};
use super::io_stream::Stream;
use crate::object::encoding::Kind;
use crate::object::heap::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::os::fd::AsFd;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO_READ: &[M] = &[
    ("read", io_read, 0, 2),
    ("readpartial", io_readpartial, 1, 2),
    ("sysread", io_readpartial, 1, 2),
    ("pread", io_pread, 2, 3),
    ("gets", io_gets, 0, -1),
    ("readline", io_readline, 0, -1),
    ("readlines", io_readlines, 0, -1),
    ("each_line", io_each_line, 0, -1),
    ("each", io_each_line, 0, -1),
    ("getc", io_getc, 0, 0),
    ("readchar", io_readchar, 0, 0),
    ("each_char", io_each_char, 0, 0),
    ("getbyte", io_getbyte, 0, 0),
    ("readbyte", io_readbyte, 0, 0),
    ("each_byte", io_each_byte, 0, 0),
    ("ungetc", io_ungetc, 1, 1),
    ("ungetbyte", io_ungetc, 1, 1),
    ("eof?", io_eof, 0, 0),
    ("eof", io_eof, 0, 0),
    ("lineno", io_lineno, 0, 0),
    ("lineno=", io_set_lineno, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let io = vm.c.io;
    vm.define_natives(io, IO_READ);
}

/// The open stream of `v`, which must have been opened for reading. With other threads, one
/// with nothing buffered waits (letting them run) until a read would not block.
fn reader(vm: &mut Vm, v: Value) -> VmResult<&'static mut Stream> {
    let s = open_stream(vm, v)?;
    if !s.mode.read {
        return Err(vm.raise_str(vm.c.io_error, "not opened for reading"));
    }
    if s.buffered_unread() == 0 && super::thread::sched::in_use(vm) {
        super::thread::sched::wait_until(vm, |_| super::io_pipe::readable_now(v))?;
        return open_stream(vm, v);
    }
    Ok(s)
}

fn binary_str(vm: &mut Vm, bytes: &[u8]) -> Value {
    let v = vm.str_new(bytes);
    string::set_encoding(v, Encoding::Binary);
    v
}

/// A String of text `bytes` read from a stream of mode `m`: BINARY for a binary stream, else
/// in the external encoding (UTF-8 unless one was given), converted to the internal one when
/// one was given.
pub(super) fn text_str(vm: &mut Vm, bytes: &[u8], m: &super::io_stream::Mode) -> VmResult {
    // binmode without an encoding reads BINARY; an encoding given wins over binmode
    if m.binary && m.ext.is_none() {
        return Ok(binary_str(vm, bytes));
    }
    let ext = m.ext.unwrap_or(Encoding::Utf8);
    if let Some(int) = m.int {
        let out = super::string_encode::convert_plain(vm, bytes, ext, int)?;
        let v = vm.str_new(&out);
        string::set_encoding(v, int);
        return Ok(v);
    }
    let v = vm.str_new(bytes);
    if ext != Encoding::Utf8 {
        string::set_encoding(v, ext);
    }
    Ok(v)
}

/// Line reads split on ASCII separators: an external encoding whose characters are not
/// ASCII-compatible (UTF-16, UTF-32) is read whole only.
fn check_line_encoding(vm: &mut Vm, m: &super::io_stream::Mode) -> VmResult<()> {
    match m.ext {
        Some(e) if !e.ascii_compatible() => {
            let msg = format!(
                "rubra reads {} streams whole only (read), not by lines",
                e.name()
            );
            Err(vm.raise_str(vm.c.not_implemented_error, &msg))
        }
        _ => Ok(()),
    }
}

/// Puts `bytes` into the caller's buffer string (in place) or a new string.
fn into_outbuf(vm: &mut Vm, out: Option<Value>, bytes: &[u8], binary: bool) -> VmResult {
    match out {
        Some(o) => {
            if vm.is_frozen(o) {
                return Err(vm.frozen_error(o));
            }
            // the buffer keeps its encoding, as in CRuby 4.0
            string::replace(&mut vm.heap, o, bytes);
            Ok(o)
        }
        None if binary => Ok(binary_str(vm, bytes)),
        None => Ok(vm.str_new(bytes)),
    }
}

fn outbuf_arg(vm: &mut Vm, v: Option<&Value>) -> VmResult<Option<Value>> {
    match v {
        None => Ok(None),
        Some(&v) if v.is_nil() => Ok(None),
        Some(&v) if type_of(v) == T_STRING => Ok(Some(v)),
        Some(&v) => Err(vm.conversion_error(v, "String")),
    }
}

/// io.read(length = nil, outbuf = nil) -> string, or nil at end of file when length > 0
fn io_read(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let len = match a.first() {
        None => None,
        Some(&v) if v.is_nil() => None,
        Some(&v) => {
            let n = super::array::num2long(vm, v)?;
            if n < 0 {
                return Err(vm.arg_error(&format!("negative length {n} given")));
            }
            Some(n as usize)
        }
    };
    // the stream after the length's conversion: `to_int` may close it (IOError, as CRuby,
    // which checks the stream before the buffer argument only when reading everything)
    let (st, out) = if len.is_none() {
        let st = reader(vm, s)?;
        (st, outbuf_arg(vm, a.get(1))?)
    } else {
        let out = outbuf_arg(vm, a.get(1))?;
        (reader(vm, s)?, out)
    };
    let mut buf = Vec::new();
    match len {
        None => {
            let st = if super::thread::sched::in_use(vm) {
                read_ahead(vm, s, |_| false)?;
                reader(vm, s)?
            } else {
                st
            };
            let mode = st.mode;
            with_stats(vm, st, "io_fread", |s, t| s.read_all(&mut buf, t))?;
            match out {
                None => text_str(vm, &buf, &mode),
                _ => into_outbuf(vm, out, &buf, mode.binary),
            }
        }
        Some(n) => {
            let st = if super::thread::sched::in_use(vm) {
                read_ahead(vm, s, |buf| buf.len() >= n)?;
                reader(vm, s)?
            } else {
                st
            };
            if let Some(o) = out {
                return read_into_outbuf(vm, st, o, n, false);
            }
            check_alloc(vm, n)?;
            with_stats(vm, st, "io_fread", |s, t| s.read_n(n, &mut buf, false, t))?;
            if buf.is_empty() && n > 0 {
                return Ok(Value::NIL);
            }
            into_outbuf(vm, None, &buf, true)
        }
    }
}

/// With other threads: reads ahead, each read once the descriptor has input (the others run
/// meanwhile), until the buffered bytes are `enough` or the file ends, so that the read that
/// follows does not block.
fn read_ahead(vm: &mut Vm, io: Value, enough: impl Fn(&[u8]) -> bool) -> VmResult<()> {
    loop {
        let st = reader(vm, io)?;
        if enough(st.buffered()) {
            return Ok(());
        }
        super::thread::sched::wait_until(vm, |_| {
            stream_of(io)
                .is_none_or(|s| s.file().is_ok_and(|f| super::io_pipe::fd_ready(f.as_fd())))
        })?;
        let st = reader(vm, io)?;
        if with_stats(vm, st, "io_fillbuf", |s, t| s.fill_more(t))? == 0 {
            return Ok(());
        }
    }
}

/// `read_ahead` for a line: its separator (a blank line in paragraph mode), or `limit` bytes.
fn read_ahead_line(vm: &mut Vm, io: Value, la: &LineArgs) -> VmResult<()> {
    read_ahead(vm, io, |buf| match (&la.sep, la.limit) {
        // (a character may end up to 3 bytes past the limit)
        (_, Some(n)) if buf.len() >= n + 4 => true,
        (Some(sep), _) if sep.is_empty() => buf.windows(2).any(|w| w == b"\n\n"),
        (Some(sep), _) => buf.windows(sep.len()).any(|w| w == &sep[..]),
        (None, _) => false,
    })
}

/// Reads up to `n` bytes into the caller's buffer string, in place (object/string.rs
/// `with_vec`): a copy loop reusing one buffer allocates nothing. Nil at end of file.
fn read_into_outbuf(vm: &mut Vm, st: &mut Stream, o: Value, n: usize, partial: bool) -> VmResult {
    if vm.is_frozen(o) {
        return Err(vm.frozen_error(o));
    }
    check_alloc(vm, n)?;
    let stats = &mut vm.io_stats;
    let r = string::with_vec(&mut vm.heap, o, |b| st.read_into(n, b, partial, stats));
    let func = if partial { "io_getpartial" } else { "io_fread" };
    r.map_err(|e| io_fail(vm, &e, func, st))?;
    Ok(if string::len(o) == 0 && n > 0 {
        Value::NIL
    } else {
        o
    })
}

/// io.readpartial(maxlen, outbuf = nil) -> string (at most one read; EOFError at the end)
fn io_readpartial(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::array::num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error(&format!("negative length {n} given")));
    }
    let out = outbuf_arg(vm, a.get(1))?;
    // the stream after the conversions: `to_int` may close it
    let st = reader(vm, s)?;
    if let Some(o) = out {
        let r = read_into_outbuf(vm, st, o, n as usize, true)?;
        if r.is_nil() {
            return Err(vm.raise_str(eof_error(vm), "end of file reached"));
        }
        return Ok(r);
    }
    let mut buf = Vec::new();
    with_stats(vm, st, "io_getpartial", |s, t| {
        s.read_n(n as usize, &mut buf, true, t)
    })?;
    if buf.is_empty() && n > 0 {
        return Err(vm.raise_str(eof_error(vm), "end of file reached"));
    }
    into_outbuf(vm, out, &buf, true)
}

/// io.pread(maxlen, offset, buf = nil) -> string read at `offset` (the position is unchanged)
fn io_pread(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    use std::os::unix::fs::FileExt;
    let n = super::array::num2long(vm, a[0])?;
    let off = crate::core::arg_int(vm, a[1])?;
    if n < 0 {
        return Err(vm.arg_error("negative string size (or size too big)"));
    }
    let out = outbuf_arg(vm, a.get(2))?;
    // the stream after the conversions: `to_int` may close it
    let st = reader(vm, s)?;
    check_alloc(vm, n as usize)?;
    // a regular file holds no more than its length past `off`: the buffer need not be bigger
    let left = st
        .file()
        .and_then(|f| f.metadata())
        .ok()
        .filter(|m| m.is_file())
        .map_or(n as u64, |m| m.len().saturating_sub(off.max(0) as u64));
    let mut buf = vec![0; (n as u64).min(left.max(1)) as usize];
    let r = st
        .file()
        .and_then(|f| f.read_at(&mut buf, off.max(0) as u64));
    let got = r.map_err(|e| io_fail(vm, &e, "rb_io_pread", st))?;
    if got == 0 && n > 0 {
        return Err(vm.raise_str(eof_error(vm), "end of file reached"));
    }
    buf.truncate(got);
    into_outbuf(vm, out, &buf, true)
}

/// Checks that a buffer of `n` bytes can be allocated at all, as CRuby's `rb_str_new` would:
/// a size the allocator refuses is NoMemoryError ("failed to allocate memory"), never an abort.
fn check_alloc(vm: &mut Vm, n: usize) -> VmResult<()> {
    // reads grow their buffer as data arrives; only a length no allocation could serve is
    // refused up front, as CRuby (which allocates the whole length) refuses it
    if n <= 1 << 20 || Vec::<u8>::new().try_reserve_exact(n).is_ok() {
        return Ok(());
    }
    let k = vm
        .class_data(vm.c.object)
        .const_get(intern("NoMemoryError"))
        .expect("NoMemoryError");
    Err(vm.raise_str(k, "failed to allocate memory"))
}

fn eof_error(vm: &Vm) -> Value {
    vm.c.eof_error
}

/// The separator, limit and chomp of gets/each_line/readlines (`(sep = $/, limit = nil,
/// chomp: false)`, or `(limit)`).
pub(crate) struct LineArgs {
    pub(crate) sep: Option<Vec<u8>>,
    pub(crate) limit: Option<usize>,
    pub(crate) chomp: bool,
}

pub(crate) fn line_args(vm: &mut Vm, a: &[Value]) -> VmResult<LineArgs> {
    let (a, kw) = vm.split_keywords(a)?;
    let chomp = super::string_slice::chomp_kw(vm, kw)?;
    if a.len() > 2 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..2)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let rs = vm.gvar_id_get(crate::sym!("$/"));
    let default_sep = if type_of(rs) == T_STRING {
        Some(string::bytes(&vm.heap, rs).to_vec())
    } else {
        None
    };
    let (sep, limit) = match a {
        [] => (default_sep, None),
        // one argument: a separator when it is nil or converts to a String, else a limit
        [v] if !v.is_nil()
            && type_of(*v) != T_STRING
            && !vm.responds(*v, crate::sym!("to_str"), true) =>
        {
            (default_sep, Some(*v))
        }
        [v] => (sep_arg(vm, *v)?, None),
        [v, l] => (sep_arg(vm, *v)?, Some(*l)),
        _ => unreachable!("checked above"),
    };
    let limit = match limit {
        Some(l) if !l.is_nil() => {
            let n = crate::core::arg_int(vm, l)?;
            // a negative limit means no limit
            if n < 0 { None } else { Some(n as usize) }
        }
        _ => None,
    };
    Ok(LineArgs { sep, limit, chomp })
}

fn sep_arg(vm: &mut Vm, v: Value) -> VmResult<Option<Vec<u8>>> {
    if v.is_nil() {
        return Ok(None);
    }
    Ok(Some(crate::core::string::str_arg_vec(vm, v)?))
}

/// Reads the next line as a String (nil at end of file), counting it in lineno and `$.`.
fn next_line(vm: &mut Vm, s: Value, la: &LineArgs) -> VmResult {
    if super::thread::sched::in_use(vm) {
        read_ahead_line(vm, s, la)?;
    }
    let st = reader(vm, s)?;
    let mode = st.mode;
    check_line_encoding(vm, &mode)?;
    let st = reader(vm, s)?;
    if la.limit == Some(0) {
        return Ok(vm.str_new(b""));
    }
    let mut buf = Vec::new();
    let sep = la.sep.as_deref();
    let got = with_stats(vm, st, "io_fillbuf", |s, t| {
        s.gets(sep, la.limit, &mut buf, t)
    })?;
    if !got {
        return Ok(Value::NIL);
    }
    if la.chomp {
        chomp_line(&mut buf, sep);
    }
    let mode = st.mode;
    // reading everything (a nil separator) counts as a line too, as in CRuby
    st.lineno += 1;
    vm.gvar_id_set(crate::sym!("$."), Value::fixnum(st.lineno));
    text_str(vm, &buf, &mode)
}

/// Removes the separator a line ends with (`"\r\n"` too for the default "\n"; the blank line in
/// paragraph mode, when the paragraph ends with them).
pub(crate) fn chomp_line(buf: &mut Vec<u8>, sep: Option<&[u8]>) {
    let cut = match sep {
        Some(b"") if buf.ends_with(b"\n\n") => 2,
        Some(b"\n") if buf.ends_with(b"\r\n") => 2,
        Some(b"\n") if buf.ends_with(b"\n") => 1,
        Some(s) if !s.is_empty() && s != b"\n" && buf.ends_with(s) => s.len(),
        _ => 0,
    };
    buf.truncate(buf.len() - cut);
}

/// io.gets(sep = $/, limit = nil, chomp: false) -> string or nil (sets $_)
fn io_gets(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let la = line_args(vm, a)?;
    let line = next_line(vm, s, &la)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    Ok(line)
}
/// io.readline(...) -> string; EOFError at end of file
fn io_readline(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = io_gets(vm, s, a, None)?;
    if line.is_nil() {
        return Err(vm.raise_str(eof_error(vm), "end of file reached"));
    }
    Ok(line)
}
/// io.readlines(sep = $/, limit = nil, chomp: false) -> array of lines
fn io_readlines(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let la = line_args(vm, a)?;
    if la.limit == Some(0) {
        return Err(vm.arg_error("invalid limit: 0 for readlines"));
    }
    let out = vm.ary_new_capa(0);
    loop {
        let line = next_line(vm, s, &la)?;
        if line.is_nil() {
            return Ok(out);
        }
        rarray(out).vec.push(line);
    }
}
/// io.each_line(sep = $/, limit = nil, chomp: false) { |line| } -> io
fn io_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_line", a);
    };
    let la = line_args(vm, a)?;
    if la.limit == Some(0) {
        return Err(vm.arg_error("invalid limit: 0 for each_line"));
    }
    loop {
        let line = next_line(vm, s, &la)?;
        if line.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[line])?;
    }
}

/// io.getc -> one-character string or nil
fn io_getc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = reader(vm, s)?;
    let mode = st.mode;
    // characters of one byte, UTF-8's, or those of another multibyte external encoding
    let bytewise = match mode.ext {
        Some(e) => e.single_byte(),
        None => mode.binary,
    };
    check_line_encoding(vm, &mode)?;
    let multi = mode
        .ext
        .filter(|e| !bytewise && !matches!(e.kind(), Kind::Utf8));
    let st = reader(vm, s)?;
    let mut buf = Vec::new();
    let got = with_stats(vm, st, "io_fillbuf", |s, t| match multi {
        Some(e) => s.getc_in(e, &mut buf, t),
        None => s.getc(bytewise, &mut buf, t),
    })?;
    if !got {
        return Ok(Value::NIL);
    }
    text_str(vm, &buf, &mode)
}
fn io_readchar(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = io_getc(vm, s, &[], None)?;
    if c.is_nil() {
        return Err(vm.raise_str(eof_error(vm), "end of file reached"));
    }
    Ok(c)
}
/// io.each_char { |c| } -> io
fn io_each_char(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_char", a);
    };
    loop {
        let c = io_getc(vm, s, &[], None)?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}
/// io.getbyte -> integer or nil
fn io_getbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = reader(vm, s)?;
    let mut buf = Vec::new();
    let got = with_stats(vm, st, "io_fillbuf", |s, t| s.getc(true, &mut buf, t))?;
    Ok(if got {
        Value::fixnum(buf[0] as i64)
    } else {
        Value::NIL
    })
}
fn io_readbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = io_getbyte(vm, s, &[], None)?;
    if c.is_nil() {
        return Err(vm.raise_str(eof_error(vm), "end of file reached"));
    }
    Ok(c)
}
/// io.each_byte { |b| } -> io
fn io_each_byte(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_byte", a);
    };
    loop {
        let c = io_getbyte(vm, s, &[], None)?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}
/// io.ungetc(string or integer) -> nil (pushes bytes back to be read next)
fn io_ungetc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = reader(vm, s)?;
    let bytes = if a[0].is_nil() {
        return Ok(Value::NIL);
    } else if a[0].is_fixnum() {
        vec![(a[0].as_fixnum() & 0xff) as u8]
    } else {
        crate::core::string::str_arg_vec(vm, a[0])?
    };
    st.unread(&bytes);
    Ok(Value::NIL)
}
/// io.eof? -> true or false (waits for input on a pipe or terminal)
fn io_eof(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = reader(vm, s)?;
    let e = with_stats(vm, st, "io_fillbuf", |s, t| s.eof(t))?;
    Ok(Value::bool(e))
}
fn io_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(reader(vm, s)?.lineno))
}
fn io_set_lineno(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    // a C int in CRuby (NUM2INT)
    if i32::try_from(n).is_err() {
        let size = if n < 0 { "small" } else { "big" };
        let msg = format!("integer {n} too {size} to convert to 'int'");
        return Err(vm.raise_str(vm.c.range_error, &msg));
    }
    reader(vm, s)?.lineno = n;
    Ok(a[0])
}
