//! StringIO (`require "stringio"`): an IO over a String. It holds the String itself (writes
//! change it in place, `string` answers it) and a byte position; reads and writes start at the
//! position, a write past the end pads with NUL bytes, and append mode writes at the end. The
//! line methods take IO's arguments (`sep`, `limit`, `chomp:`, parsed by io_read.rs's
//! `line_args`) and cut lines the same way; a frozen String opens read-only. It has the writing
//! methods `$stdout` needs (`write`, `puts`, `print`, `printf`, `putc`, `<<`), so
//! `$stdout = StringIO.new` captures Kernel#puts and friends.

use super::io_read::{LineArgs, chomp_line, line_args};
use super::object::is_string;
use crate::object::heap::{Payload, T_DATA, T_NONE, payload};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[
    ("initialize", sio_initialize, 0, 2),
    ("string", sio_string, 0, 0),
    ("string=", sio_set_string, 1, 1),
    ("read", sio_read, 0, 2),
    ("readpartial", sio_sysread, 0, 2),
    ("sysread", sio_sysread, 0, 2),
    ("read_nonblock", sio_read_nonblock, 0, -1),
    ("gets", sio_gets, 0, -1),
    ("readline", sio_readline, 0, -1),
    ("readlines", sio_readlines, 0, -1),
    ("each_line", sio_each_line, 0, -1),
    ("each", sio_each_line, 0, -1),
    ("getc", sio_getc, 0, 0),
    ("readchar", sio_readchar, 0, 0),
    ("each_char", sio_each_char, 0, 0),
    ("getbyte", sio_getbyte, 0, 0),
    ("readbyte", sio_readbyte, 0, 0),
    ("each_byte", sio_each_byte, 0, 0),
    ("ungetc", sio_ungetc, 1, 1),
    ("ungetbyte", sio_ungetc, 1, 1),
    ("write", sio_write, 0, -1),
    ("syswrite", sio_write, 1, 1),
    ("write_nonblock", sio_write, 1, 2),
    ("<<", sio_append, 1, 1),
    ("print", sio_print, 0, -1),
    ("puts", sio_puts, 0, -1),
    ("printf", sio_printf, 1, -1),
    ("putc", sio_putc, 1, 1),
    ("pos", sio_pos, 0, 0),
    ("tell", sio_pos, 0, 0),
    ("pos=", sio_set_pos, 1, 1),
    ("seek", sio_seek, 1, 2),
    ("rewind", sio_rewind, 0, 0),
    ("eof?", sio_eof, 0, 0),
    ("eof", sio_eof, 0, 0),
    ("lineno", sio_lineno, 0, 0),
    ("lineno=", sio_set_lineno, 1, 1),
    ("size", sio_size, 0, 0),
    ("length", sio_size, 0, 0),
    ("truncate", sio_truncate, 1, 1),
    ("close", sio_close, 0, 0),
    ("close_read", sio_close_read, 0, 0),
    ("close_write", sio_close_write, 0, 0),
    ("closed?", sio_closed_p, 0, 0),
    ("closed_read?", sio_closed_read_p, 0, 0),
    ("closed_write?", sio_closed_write_p, 0, 0),
    ("sync", sio_true, 0, 0),
    ("sync=", sio_first, 1, 1),
    ("flush", sio_self, 0, 0),
    ("fsync", sio_zero, 0, 0),
    ("fileno", sio_nil, 0, 0),
    ("pid", sio_nil, 0, 0),
    ("isatty", sio_false, 0, 0),
    ("tty?", sio_false, 0, 0),
    ("binmode", sio_binmode, 0, 0),
    ("set_encoding", sio_set_encoding, 1, 3),
    ("external_encoding", sio_external_encoding, 0, 0),
    ("internal_encoding", sio_nil, 0, 0),
];

/// The state of one StringIO.
struct Sio {
    string: Value,
    pos: usize,
    lineno: i64,
    readable: bool,
    writable: bool,
    append: bool,
}

impl Payload for Sio {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.string);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// Defines StringIO: what `require "stringio"` loads.
pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("StringIO", o);
    vm.class_data(k).instance_type = T_NONE;
    vm.define_natives(k, TABLE);
    let enumerable = vm.c.enumerable;
    vm.class_data(k).includes.push(enumerable);
    vm.define_singleton_natives(k, &[("new", sio_s_new, 0, 2), ("open", sio_s_open, 0, 2)]);
    let version = vm.fstring(b"3.1.9");
    vm.class_data(k).const_set(intern("VERSION"), version);
    vm.invalidate();
}

fn this(vm: &mut Vm, v: Value) -> VmResult<&'static mut Sio> {
    match payload::<Sio>(v) {
        Some(s) => Ok(s),
        None => Err(vm.raise_str(vm.c.io_error, "uninitialized stream")),
    }
}

fn readable(vm: &mut Vm, v: Value) -> VmResult<&'static mut Sio> {
    let s = this(vm, v)?;
    if !s.readable {
        return Err(vm.raise_str(vm.c.io_error, "not opened for reading"));
    }
    Ok(s)
}

fn writable(vm: &mut Vm, v: Value) -> VmResult<&'static mut Sio> {
    let s = this(vm, v)?;
    if !s.writable {
        return Err(vm.raise_str(vm.c.io_error, "not opened for writing"));
    }
    if vm.is_frozen(s.string) {
        let str_v = s.string;
        return Err(vm.frozen_error(str_v));
    }
    Ok(s)
}

/// The (string, mode) arguments made into a state.
fn setup(vm: &mut Vm, a: &[Value]) -> VmResult<Sio> {
    let (a, _) = vm.split_keywords(a)?;
    let string = match a.first() {
        Some(&v) => super::string::str_arg(vm, v)?,
        None => vm.str_new(b""),
    };
    let frozen = vm.is_frozen(string);
    let (mut readable, mut writable, mut append, mut trunc) = (true, !frozen, false, false);
    if let Some(&m) = a.get(1)
        && !m.is_nil()
    {
        if let Some(flags) = m.fixnum_opt() {
            let acc = flags & 3;
            readable = acc == libc::O_RDONLY as i64 || acc == libc::O_RDWR as i64;
            writable = acc == libc::O_WRONLY as i64 || acc == libc::O_RDWR as i64;
            append = flags & libc::O_APPEND as i64 != 0;
            trunc = flags & libc::O_TRUNC as i64 != 0;
        } else {
            let ms = super::string::str_arg_vec(vm, m)?;
            let text = String::from_utf8_lossy(&ms).to_string();
            let main = text.split(':').next().unwrap_or("").replace(['b', 't'], "");
            let plus = main.contains('+');
            match main.chars().next() {
                Some('r') => {
                    readable = true;
                    writable = plus;
                }
                Some('w') => {
                    readable = plus;
                    writable = true;
                    trunc = true;
                }
                Some('a') => {
                    readable = plus;
                    writable = true;
                    append = true;
                }
                _ => return Err(vm.arg_error(&format!("invalid access mode {text}"))),
            }
        }
        if writable && frozen {
            return Err({
                let k = errno_eacces(vm);
                vm.raise_str(k, "Permission denied")
            });
        }
    }
    if trunc {
        string::replace(&mut vm.heap, string, b"");
    }
    Ok(Sio {
        string,
        pos: 0,
        lineno: 0,
        readable,
        writable,
        append,
    })
}

fn errno_eacces(vm: &mut Vm) -> Value {
    let errno = vm.class_data(vm.c.object).const_get(intern("Errno"));
    errno
        .and_then(|e| vm.class_data(e).const_get(intern("EACCES")))
        .unwrap_or(vm.c.io_error)
}

/// StringIO.new(string = "", mode = nil) -> strio
fn sio_s_new(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let st = setup(vm, a)?;
    let v = vm.heap.alloc_boxed(T_DATA, k, Box::new(st));
    let keep = vm.stack.len();
    vm.stack.push(v);
    // a subclass's own initialize runs (it calls super with its arguments)
    let base = k_stringio(vm);
    let own_init = vm
        .find_method(k, intern("initialize"))
        .is_some_and(|m| vm.methods[m as usize].owner != base);
    let r = if own_init {
        vm.funcall(v, intern("initialize"), a, b.cloned())
            .map(|_| v)
    } else {
        Ok(v)
    };
    vm.stack.truncate(keep);
    r
}

fn k_stringio(vm: &mut Vm) -> Value {
    vm.class_data(vm.c.object)
        .const_get(intern("StringIO"))
        .unwrap_or(Value::NIL)
}

/// strio.initialize(string = "", mode = nil)
fn sio_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = setup(vm, a)?;
    if let Some(p) = payload::<Sio>(s) {
        *p = st;
    }
    Ok(Value::NIL)
}

/// StringIO.open(string = "", mode = nil) { |strio| ... } -> block's value, or strio
fn sio_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let v = sio_s_new(vm, k, a, None)?;
    match b {
        Some(b) => {
            let keep = vm.stack.len();
            vm.stack.push(v);
            let r = vm.yield_block(b, &[v]);
            vm.stack.truncate(keep);
            r
        }
        None => Ok(v),
    }
}

/// strio.string -> string
fn sio_string(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(this(vm, s)?.string)
}

/// strio.string = string -> string (position and line number back to 0)
fn sio_set_string(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let str_v = super::string::str_arg(vm, a[0])?;
    let frozen = vm.is_frozen(str_v);
    let st = this(vm, s)?;
    *st = Sio {
        string: str_v,
        pos: 0,
        lineno: 0,
        readable: true,
        writable: !frozen,
        append: false,
    };
    Ok(str_v)
}

// ---- reading ----

fn new_str(vm: &mut Vm, bytes: &[u8], enc: Encoding) -> Value {
    let v = vm.str_new(bytes);
    string::set_encoding(v, enc);
    v
}

/// strio.read(length = nil, outbuf = nil) -> string or nil
fn sio_read(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = readable(vm, s)?;
    let len = string::len(st.string);
    let start = st.pos.min(len);
    let limit = match a.first() {
        Some(&n) if !n.is_nil() => {
            let n = crate::core::arg_int(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error(&format!("negative length {n} given")));
            }
            Some(n as usize)
        }
        _ => None,
    };
    let buf = match a.get(1) {
        Some(&b) if !b.is_nil() => {
            let b = super::string::str_arg(vm, b)?;
            super::string::check_frozen(vm, b)?;
            Some(b)
        }
        _ => None,
    };
    let end = match limit {
        Some(n) => start.saturating_add(n).min(len),
        None => len,
    };
    if limit.is_some_and(|n| n > 0) && start >= len {
        if let Some(b) = buf {
            string::replace(&mut vm.heap, b, b"");
        }
        return Ok(Value::NIL);
    }
    let piece = vm.bytes(st.string)[start..end].to_vec();
    st.pos = end;
    let enc = if limit.is_some() {
        Encoding::Binary
    } else {
        string::encoding(st.string)
    };
    match buf {
        Some(b) => {
            string::replace(&mut vm.heap, b, &piece);
            if limit.is_some() {
                string::set_encoding(b, Encoding::Binary);
            }
            Ok(b)
        }
        None => Ok(new_str(vm, &piece, enc)),
    }
}

/// strio.readpartial(length = nil, outbuf = nil) -> string (sysread too): read, but EOFError
/// where read answers nil
fn sio_sysread(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = sio_read(vm, s, a, None)?;
    if v.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(v)
}

/// strio.read_nonblock(length, outbuf = nil, exception: true) -> string, or nil at the end
/// with `exception: false` (else EOFError)
fn sio_read_nonblock(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let quiet = match kw {
        Some(h) => {
            let k = vm.sym("exception");
            crate::core::hash::pairs(h)
                .into_iter()
                .any(|(key, v)| key == k && v == Value::FALSE)
        }
        None => false,
    };
    let v = sio_read(vm, s, a, None)?;
    if v.is_nil() && !quiet {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(v)
}

/// Cuts the next line from `bytes` at `pos` by `la` (IO's rules: paragraph mode for an empty
/// separator, a limit extended to a whole UTF-8 character, chomp): the line, the position after
/// it. None at the end.
pub(crate) fn cut_line(bytes: &[u8], pos: usize, la: &LineArgs) -> Option<(Vec<u8>, usize)> {
    let len = bytes.len();
    let mut pos = pos.min(len);
    if pos >= len {
        return None;
    }
    if la.limit == Some(0) {
        return Some((Vec::new(), pos));
    }
    let para = la.sep.as_deref() == Some(b"");
    if para {
        while pos < len && bytes[pos] == b'\n' {
            pos += 1;
        }
        if pos >= len {
            return None;
        }
    }
    let sep: Option<&[u8]> = if para {
        Some(b"\n\n")
    } else {
        la.sep.as_deref()
    };
    let rest = &bytes[pos..];
    let mut end = match sep {
        Some(sp) if !sp.is_empty() => match memchr::memmem::find(rest, sp) {
            Some(k) => k + sp.len(),
            None => rest.len(),
        },
        _ => rest.len(),
    };
    if let Some(l) = la.limit
        && l < end
    {
        end = l;
        while end < rest.len() && (rest[end] & 0xc0) == 0x80 {
            end += 1;
        }
    }
    let mut line = rest[..end].to_vec();
    let mut next = pos + end;
    if para {
        while next < len && bytes[next] == b'\n' {
            next += 1;
        }
    }
    if la.chomp {
        chomp_line(&mut line, la.sep.as_deref());
    }
    Some((line, next))
}

/// The next line by `la` (nil at the end), counting it in lineno.
fn next_line(vm: &mut Vm, s: Value, la: &LineArgs) -> VmResult {
    let st = readable(vm, s)?;
    let Some((line, next)) = cut_line(vm.bytes(st.string), st.pos, la) else {
        return Ok(Value::NIL);
    };
    if next == st.pos && la.limit == Some(0) {
        return Ok(vm.str_new(b""));
    }
    st.pos = next;
    // a nil separator's read counts as a line too, as in CRuby
    st.lineno += 1;
    let enc = string::encoding(st.string);
    Ok(new_str(vm, &line, enc))
}

/// strio.gets(sep = $/, limit = nil, chomp: false) -> string or nil (sets $_)
fn sio_gets(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let la = line_args(vm, a)?;
    let line = next_line(vm, s, &la)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    Ok(line)
}

/// strio.readline(...) -> string; EOFError at the end
fn sio_readline(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = sio_gets(vm, s, a, None)?;
    if line.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(line)
}

/// strio.readlines(sep = $/, limit = nil, chomp: false) -> array
fn sio_readlines(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
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
        crate::object::heap::rarray(out).vec.push(line);
    }
}

/// strio.each_line(sep = $/, limit = nil, chomp: false) { |line| ... } -> strio
fn sio_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_line", a);
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

/// The next character's byte range (a whole UTF-8 sequence, or one byte).
fn char_at(bytes: &[u8], pos: usize) -> usize {
    let c = bytes[pos];
    let n = if c < 0x80 {
        1
    } else if c >= 0xf0 {
        4
    } else if c >= 0xe0 {
        3
    } else if c >= 0xc0 {
        2
    } else {
        1
    };
    let end = (pos + n).min(bytes.len());
    if n > 1 && std::str::from_utf8(&bytes[pos..end]).is_err() {
        return 1;
    }
    end - pos
}

/// strio.getc -> string or nil
fn sio_getc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = readable(vm, s)?;
    let bytes = vm.bytes(st.string);
    if st.pos >= bytes.len() {
        return Ok(Value::NIL);
    }
    let n = char_at(bytes, st.pos);
    let c = bytes[st.pos..st.pos + n].to_vec();
    st.pos += n;
    let enc = string::encoding(st.string);
    Ok(new_str(vm, &c, enc))
}

/// strio.readchar -> string; EOFError at the end
fn sio_readchar(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let c = sio_getc(vm, s, a, b)?;
    if c.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(c)
}

/// strio.each_char { |c| ... } -> strio
fn sio_each_char(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_char", a);
    };
    loop {
        let c = sio_getc(vm, s, a, None)?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}

/// strio.getbyte -> integer or nil
fn sio_getbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = readable(vm, s)?;
    let bytes = vm.bytes(st.string);
    match bytes.get(st.pos) {
        Some(&c) => {
            st.pos += 1;
            Ok(Value::fixnum(c as i64))
        }
        None => Ok(Value::NIL),
    }
}

/// strio.readbyte -> integer; EOFError at the end
fn sio_readbyte(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let c = sio_getbyte(vm, s, a, b)?;
    if c.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(c)
}

/// strio.each_byte { |byte| ... } -> strio
fn sio_each_byte(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_byte", a);
    };
    loop {
        let c = sio_getbyte(vm, s, a, None)?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}

/// strio.ungetc(string or integer) -> nil: the bytes go back before the position (written
/// into the string there, as CRuby's StringIO does)
fn sio_ungetc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = readable(vm, s)?;
    if a[0].is_nil() {
        return Ok(Value::NIL);
    }
    let bytes: Vec<u8> = if let Some(n) = a[0].fixnum_opt() {
        vec![(n & 0xff) as u8]
    } else {
        super::string::str_arg_vec(vm, a[0])?
    };
    if bytes.is_empty() {
        return Ok(Value::NIL);
    }
    let str_v = st.string;
    if vm.is_frozen(str_v) {
        return Err(vm.frozen_error(str_v));
    }
    let pos = st.pos.min(string::len(str_v));
    let n = bytes.len();
    string::with_vec(&mut vm.heap, str_v, |buf| {
        if n <= pos {
            buf[pos - n..pos].copy_from_slice(&bytes);
        } else {
            let mut head = bytes.clone();
            head.extend_from_slice(&buf[pos..]);
            buf.truncate(0);
            buf.extend_from_slice(&head);
        }
    });
    st.pos = pos.saturating_sub(n);
    Ok(Value::NIL)
}

// ---- writing ----

/// Writes `bytes` at the position (at the end in append mode); returns the count.
fn write_bytes(vm: &mut Vm, s: Value, bytes: &[u8]) -> VmResult<usize> {
    let st = writable(vm, s)?;
    let str_v = st.string;
    let len = string::len(str_v);
    if st.append {
        st.pos = len;
    }
    let pos = st.pos;
    if pos == len {
        string::append(&mut vm.heap, str_v, bytes);
    } else {
        string::with_vec(&mut vm.heap, str_v, |buf| {
            if pos > buf.len() {
                buf.resize(pos, 0);
            }
            let end = pos + bytes.len();
            if end > buf.len() {
                buf.resize(end, 0);
            }
            buf[pos..end].copy_from_slice(bytes);
        });
    }
    st.pos = pos + bytes.len();
    Ok(bytes.len())
}

fn write_obj(vm: &mut Vm, s: Value, v: Value) -> VmResult<usize> {
    let t = if is_string(v) { v } else { vm.to_s(v)? };
    let bytes = vm.bytes(t).to_vec();
    write_bytes(vm, s, &bytes)
}

/// strio.write(obj, ...) -> integer (bytes written)
fn sio_write(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    writable(vm, s)?;
    let mut n = 0;
    for &v in a {
        n += write_obj(vm, s, v)?;
    }
    Ok(vm.int(n as i64))
}

/// strio << obj -> strio
fn sio_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    write_obj(vm, s, a[0])?;
    Ok(s)
}

/// strio.print(obj, ...) -> nil
fn sio_print(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    writable(vm, s)?;
    crate::core::kernel::print_to(vm, s, a)
}

/// strio.puts(obj, ...) -> nil
fn sio_puts(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    writable(vm, s)?;
    let mut out = Vec::new();
    crate::core::kernel::puts_bytes(vm, a, &mut out)?;
    write_bytes(vm, s, &out)?;
    Ok(Value::NIL)
}

/// strio.printf(format, args...) -> nil
fn sio_printf(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fmt = super::string::str_arg_vec(vm, a[0])?;
    let out = crate::core::format::sprintf(vm, &fmt, &a[1..])?;
    write_bytes(vm, s, &out)?;
    Ok(Value::NIL)
}

/// strio.putc(int or string) -> the argument
fn sio_putc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = crate::core::kernel::putc_bytes(vm, a[0])?;
    write_bytes(vm, s, &c)?;
    Ok(a[0])
}

// ---- position and state ----

/// strio.pos -> integer
fn sio_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = this(vm, s)?.pos;
    Ok(vm.int(p as i64))
}

/// strio.pos = integer -> integer
fn sio_set_pos(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    if n < 0 {
        return Err({
            let k = errno_einval(vm);
            vm.raise_str(k, "Invalid argument")
        });
    }
    this(vm, s)?.pos = n as usize;
    Ok(a[0])
}

fn errno_einval(vm: &mut Vm) -> Value {
    let errno = vm.class_data(vm.c.object).const_get(intern("Errno"));
    errno
        .and_then(|e| vm.class_data(e).const_get(intern("EINVAL")))
        .unwrap_or(vm.c.io_error)
}

/// strio.seek(offset, whence = IO::SEEK_SET) -> 0
fn sio_seek(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let off = crate::core::arg_int(vm, a[0])?;
    let st = this(vm, s)?;
    let whence = match a.get(1) {
        None => 0,
        Some(&w) if w.is_symbol() => match crate::object::symbol::sym_name(w.as_symbol_id()) {
            "SET" => 0,
            "CUR" => 1,
            "END" => 2,
            _ => return Err(vm.arg_error("unknown whence")),
        },
        Some(&w) => crate::core::arg_int(vm, w)?,
    };
    let base = match whence {
        0 => 0,
        1 => st.pos as i64,
        2 => string::len(st.string) as i64,
        _ => {
            return Err({
                let k = errno_einval(vm);
                vm.raise_str(k, "Invalid argument - invalid whence")
            });
        }
    };
    let to = base + off;
    if to < 0 {
        return Err({
            let k = errno_einval(vm);
            vm.raise_str(k, "Invalid argument")
        });
    }
    st.pos = to as usize;
    Ok(Value::fixnum(0))
}

/// strio.rewind -> 0
fn sio_rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    st.pos = 0;
    st.lineno = 0;
    Ok(Value::fixnum(0))
}

/// strio.eof? -> true or false
fn sio_eof(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = readable(vm, s)?;
    Ok(Value::bool(st.pos >= string::len(st.string)))
}

/// strio.lineno -> integer
fn sio_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = this(vm, s)?.lineno;
    Ok(vm.int(n))
}

/// strio.lineno = integer -> integer
fn sio_set_lineno(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    this(vm, s)?.lineno = n;
    Ok(a[0])
}

/// strio.size -> integer (the string's bytesize)
fn sio_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = string::len(this(vm, s)?.string);
    Ok(vm.int(n as i64))
}

/// strio.truncate(length) -> 0
fn sio_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    if n < 0 {
        return Err({
            let k = errno_einval(vm);
            vm.raise_str(k, "Invalid argument - negative length")
        });
    }
    let st = writable(vm, s)?;
    string::with_vec(&mut vm.heap, st.string, |buf| buf.resize(n as usize, 0));
    Ok(Value::fixnum(0))
}

/// strio.close -> nil
fn sio_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    st.readable = false;
    st.writable = false;
    Ok(Value::NIL)
}

/// strio.close_read -> nil
fn sio_close_read(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    if !st.readable {
        return Err(vm.raise_str(vm.c.io_error, "closing non-duplex IO for reading"));
    }
    st.readable = false;
    Ok(Value::NIL)
}

/// strio.close_write -> nil
fn sio_close_write(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    if !st.writable {
        return Err(vm.raise_str(vm.c.io_error, "closing non-duplex IO for writing"));
    }
    st.writable = false;
    Ok(Value::NIL)
}

/// strio.closed? -> true or false
fn sio_closed_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    Ok(Value::bool(!st.readable && !st.writable))
}

/// strio.closed_read? -> true or false
fn sio_closed_read_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(!this(vm, s)?.readable))
}

/// strio.closed_write? -> true or false
fn sio_closed_write_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(!this(vm, s)?.writable))
}

/// strio.sync -> true
fn sio_true(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::TRUE)
}

/// strio.isatty -> false
fn sio_false(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}

/// strio.fileno -> nil
fn sio_nil(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}

/// strio.fsync -> 0
fn sio_zero(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(0))
}

/// strio.flush -> strio
fn sio_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// strio.sync = bool -> bool
fn sio_first(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(a[0])
}

/// strio.binmode -> strio (the string becomes binary)
fn sio_binmode(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    if !vm.is_frozen(st.string) {
        string::set_encoding(st.string, Encoding::Binary);
    }
    Ok(s)
}

/// strio.set_encoding(ext_enc, ...) -> strio
fn sio_set_encoding(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    let str_v = st.string;
    if !a[0].is_nil() && !vm.is_frozen(str_v) {
        let name = vm.to_s(a[0])?;
        let name = String::from_utf8_lossy(vm.bytes(name)).to_ascii_uppercase();
        let enc = match name.as_str() {
            "BINARY" | "ASCII-8BIT" => Encoding::Binary,
            "US-ASCII" | "ASCII" => Encoding::UsAscii,
            _ => Encoding::Utf8,
        };
        string::set_encoding(str_v, enc);
    }
    Ok(s)
}

/// strio.external_encoding -> encoding
fn sio_external_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = this(vm, s)?;
    let str_v = st.string;
    vm.funcall(str_v, intern("encoding"), &[], None)
}
