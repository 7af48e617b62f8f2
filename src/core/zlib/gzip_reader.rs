//! Zlib::GzipReader's stream, as CRuby's gzfile reader runs it: the IO is read in chunks of
//! 2048 bytes (`readpartial(2048)`, or `read(2048)` when the IO has no readpartial), only when
//! the caller needs more data, so the IO's position after `new`, a `gets` or the end is CRuby's.
//! `new` reads the header and inflates the rest of the first chunk; each later chunk is
//! inflated whole into the output buffer, from which the reading methods
//! (`gzip_reader_read.rs`) cut what they return, so memory stays bounded for an endless
//! source. The trailer is checked when a read finds the stream ended and the buffer empty
//! (or at `unused`, `close`, `finish`), against the CRC of what was read. One member is read;
//! the compressed bytes read past its trailer are `unused`, and `zcat` reads member after
//! member. This file holds the stream and the reader's life (new/wrap/open/zcat, rewind,
//! unused, close/finish, the header fields).

use super::gzip_reader_read::*;
use super::*;
use crate::vm::frame::UnwindKind;

const READER: &[M] = &[
    ("read", gr_read, 0, 2),
    ("readpartial", gr_readpartial, 1, 2),
    ("gets", gr_gets, 0, -1),
    ("readline", gr_readline, 0, -1),
    ("readlines", gr_readlines, 0, -1),
    ("each_line", gr_each_line, 0, -1),
    ("each", gr_each_line, 0, -1),
    ("getc", gr_getc, 0, 0),
    ("readchar", gr_readchar, 0, 0),
    ("each_char", gr_each_char, 0, 0),
    ("getbyte", gr_getbyte, 0, 0),
    ("readbyte", gr_readbyte, 0, 0),
    ("each_byte", gr_each_byte, 0, 0),
    ("ungetc", gr_ungetc, 1, 1),
    ("ungetbyte", gr_ungetbyte, 1, 1),
    ("eof?", gr_eof, 0, 0),
    ("eof", gr_eof, 0, 0),
    ("pos", gr_pos, 0, 0),
    ("tell", gr_pos, 0, 0),
    ("lineno", gr_lineno, 0, 0),
    ("lineno=", gr_set_lineno, 1, 1),
    ("rewind", gr_rewind, 0, 0),
    ("unused", gr_unused, 0, 0),
    ("close", gr_close, 0, 0),
    ("finish", gr_finish, 0, 0),
    ("closed?", gz_closed_p, 0, 0),
    ("to_io", gr_to_io, 0, 0),
    ("external_encoding", gr_external_encoding, 0, 0),
    ("crc", gr_crc, 0, 0),
    ("sync", gr_sync, 0, 0),
    ("sync=", gr_set_sync, 1, 1),
    ("mtime", gr_mtime, 0, 0),
    ("orig_name", gr_orig_name, 0, 0),
    ("comment", gr_comment, 0, 0),
    ("os_code", gr_os_code, 0, 0),
    ("level", gr_level, 0, 0),
];

/// How many compressed bytes one read from the IO asks for (GZFILE_READ_SIZE).
const CHUNK: i64 = 2048;

/// A GzipReader. Invariants: `input` is empty while the deflate stream runs (each chunk is
/// inflated whole); after its end, `input` holds the compressed bytes read past it (the
/// trailer, then `unused`). `out[head..]` is the inflated data not yet read, ungetc's bytes
/// in front.
pub(super) struct GzReader {
    pub(super) io: Value,
    input: Vec<u8>,
    inflate: Decompress,
    out: Vec<u8>,
    head: usize,
    /// The deflate stream has ended (ZSTREAM_IS_FINISHED).
    finished: bool,
    /// The trailer's check has begun: it is made once.
    footer_done: bool,
    /// The trailer's 8 bytes once checked, counted as read for `rewind`.
    trailer_in: u64,
    /// The CRC32 of the data read so far, without the bytes ungetc pushed back.
    crc: crc32fast::Hasher,
    /// Bytes pushed back by ungetc/ungetbyte not read again yet (left out of the CRC).
    ungot: usize,
    pub(super) lineno: i64,
    header: Header,
    /// `sync=`'s flag (it changes nothing when reading).
    sync: bool,
    /// `close`/`finish` began: every method but `closed?` raises "closed gzip stream".
    pub(super) ended: bool,
    /// `close`/`finish` ran to its end: `closed?` is true.
    pub(super) closed: bool,
}

impl Payload for GzReader {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.io);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl GzReader {
    /// Inflated bytes not yet read.
    pub(super) fn buffered(&self) -> usize {
        self.out.len() - self.head
    }

    /// The inflated bytes not yet read.
    pub(super) fn pending(&self) -> &[u8] {
        &self.out[self.head..]
    }

    /// The stream has ended and everything inflated was read (GZFILE_IS_FINISHED).
    pub(super) fn at_end(&self) -> bool {
        self.finished && self.buffered() == 0
    }

    /// The deflate stream has ended.
    pub(super) fn finished(&self) -> bool {
        self.finished
    }

    /// Takes up to `n` bytes from the buffer, adding them to the CRC (zstream_shift_buffer
    /// and gzfile_calc_crc).
    pub(super) fn shift(&mut self, n: usize) -> Vec<u8> {
        let n = n.min(self.buffered());
        let piece = self.out[self.head..self.head + n].to_vec();
        self.head += n;
        if self.head == self.out.len() {
            self.out.clear();
            self.head = 0;
        } else if self.head >= 64 * 1024 && self.head * 2 >= self.out.len() {
            self.out.drain(..self.head);
            self.head = 0;
        }
        if n <= self.ungot {
            self.ungot -= n;
        } else {
            self.crc.update(&piece[self.ungot..]);
            self.ungot = 0;
        }
        piece
    }

    /// Pushes `bytes` back in front of the buffer (ungetc).
    pub(super) fn unshift(&mut self, bytes: &[u8]) {
        if bytes.len() <= self.head {
            self.head -= bytes.len();
            self.out[self.head..self.head + bytes.len()].copy_from_slice(bytes);
        } else {
            let mut v = bytes.to_vec();
            v.extend_from_slice(&self.out[self.head..]);
            self.out = v;
            self.head = 0;
        }
        self.ungot += bytes.len();
    }

    /// The uncompressed position: inflated bytes less those still buffered (negative after
    /// ungetc at the start).
    pub(super) fn pos(&self) -> i64 {
        self.inflate.total_out() as i64 - self.buffered() as i64
    }

    /// Inflates all of `input` into the buffer (zstream_run with Z_SYNC_FLUSH); at the
    /// stream's end what follows it stays in `input`. Err is zlib's message.
    fn run(&mut self) -> Result<(), String> {
        let mut used = 0;
        while !self.finished {
            if self.head > 0 && self.head * 2 >= self.out.len() {
                self.out.drain(..self.head);
                self.head = 0;
            }
            if self.out.capacity() - self.out.len() < 8 * 1024 {
                self.out.reserve(32 * 1024);
            }
            let (in0, out0) = (self.inflate.total_in(), self.inflate.total_out());
            let st = self.inflate.decompress_vec(
                &self.input[used..],
                &mut self.out,
                FlushDecompress::Sync,
            );
            used += (self.inflate.total_in() - in0) as usize;
            let room = self.out.len() < self.out.capacity();
            let stuck = self.inflate.total_in() == in0 && self.inflate.total_out() == out0;
            match st {
                Ok(Status::StreamEnd) => self.finished = true,
                Ok(_) if room && (used >= self.input.len() || stuck) => break,
                Ok(_) => {}
                Err(e) => return Err(e.message().unwrap_or("invalid data").to_string()),
            }
        }
        self.input.drain(..used);
        Ok(())
    }
}

/// The reader `v`, open (GzipFile::Error "closed gzip stream" once closed or finished).
pub(super) fn gr(vm: &mut Vm, v: Value) -> VmResult<&'static mut GzReader> {
    match payload::<GzReader>(v) {
        Some(g) if !g.ended => Ok(g),
        _ => Err(gzerr(vm, "Error", "closed gzip stream")),
    }
}

/// One chunk from the IO: `readpartial(2048[, outbuf])`, or `read(2048[, outbuf])` when the IO
/// has no readpartial (NoMethodError); None at its end (EOFError, or nil from read).
fn read_raw(vm: &mut Vm, io: Value, outbuf: Value) -> VmResult<Option<Vec<u8>>> {
    let len = Value::fixnum(CHUNK);
    let args: &[Value] = if outbuf.is_nil() {
        &[len]
    } else {
        &[len, outbuf]
    };
    let got = match vm.funcall(io, intern("readpartial"), args, None) {
        Ok(v) => v,
        Err(unw)
            if let UnwindKind::Raise(e) = *unw.kind()
                && vm.is_a(e, vm.c.eof_error) =>
        {
            return Ok(None);
        }
        Err(unw)
            if let UnwindKind::Raise(e) = *unw.kind()
                && vm.is_a(e, vm.c.no_method_error) =>
        {
            let v = vm.funcall(io, intern("read"), args, None)?;
            if v.is_nil() {
                return Ok(None);
            }
            v
        }
        Err(u) => return Err(u),
    };
    if !crate::core::object::is_string(got) {
        let k = vm.real_class(got);
        let msg = format!("wrong argument type {} (expected String)", vm.class_name(k));
        return Err(vm.type_error(&msg));
    }
    Ok(Some(vm.bytes(got).to_vec()))
}

/// Reads chunks until `input` holds `n` bytes; false if the IO ends first
/// (gzfile_read_raw_ensure).
fn ensure_input(vm: &mut Vm, s: Value, n: usize, outbuf: Value) -> VmResult<bool> {
    loop {
        let g = gr_any(s);
        if g.input.len() >= n {
            return Ok(true);
        }
        let io = g.io;
        match read_raw(vm, io, outbuf)? {
            Some(chunk) => gr_any(s).input.extend_from_slice(&chunk),
            None => return Ok(false),
        }
    }
}

/// The reader behind `s` whether or not it is closed (for the stream's own steps, after the
/// method's entry checked it).
fn gr_any(s: Value) -> &'static mut GzReader {
    payload::<GzReader>(s).expect("a GzipReader")
}

/// Inflates the chunk just read, raising zlib's DataError on bad data.
fn run(vm: &mut Vm, s: Value) -> VmResult<()> {
    match gr_any(s).run() {
        Ok(()) => Ok(()),
        Err(m) => Err(zerr(vm, "DataError", &m)),
    }
}

/// Reads and inflates chunks until some data is buffered or the stream ends; "unexpected end
/// of file" if the IO ends first (gzfile_read_more).
pub(super) fn read_more(vm: &mut Vm, s: Value, outbuf: Value) -> VmResult<()> {
    while !gr_any(s).finished {
        let io = gr_any(s).io;
        let Some(chunk) = read_raw(vm, io, outbuf)? else {
            return Err(gzerr(vm, "Error", "unexpected end of file"));
        };
        if !chunk.is_empty() {
            gr_any(s).input.extend_from_slice(&chunk);
            run(vm, s)?;
        }
        if gr_any(s).buffered() > 0 {
            break;
        }
    }
    Ok(())
}

/// Reads until `len` bytes are buffered or the stream ends (gzfile_fill): how many of them a
/// read takes, or None at the end (the trailer then checked).
pub(super) fn fill(vm: &mut Vm, s: Value, len: usize, outbuf: Value) -> VmResult<Option<usize>> {
    if len == 0 {
        return Ok(Some(0));
    }
    while !gr_any(s).finished && gr_any(s).buffered() < len {
        read_more(vm, s, outbuf)?;
    }
    if end_reached(vm, s, outbuf)? {
        return Ok(None);
    }
    Ok(Some(len.min(gr_any(s).buffered())))
}

/// Whether everything was read; the first time it is, the trailer is checked.
pub(super) fn end_reached(vm: &mut Vm, s: Value, outbuf: Value) -> VmResult<bool> {
    let g = gr_any(s);
    if !g.at_end() {
        return Ok(false);
    }
    if !g.footer_done {
        check_footer(vm, s, outbuf)?;
    }
    Ok(true)
}

/// Reads the 8-byte trailer and compares it with what was read (gzfile_check_footer):
/// NoFooter when the IO ends first, then CRCError or LengthError.
fn check_footer(vm: &mut Vm, s: Value, outbuf: Value) -> VmResult<()> {
    gr_any(s).footer_done = true;
    if !ensure_input(vm, s, 8, outbuf)? {
        let input = gr_any(s).input.clone();
        return Err(gzerr_input(
            vm,
            "NoFooter",
            "footer is not found",
            Some(&input),
        ));
    }
    let g = gr_any(s);
    let trailer: Vec<u8> = g.input.drain(..8).collect();
    g.trailer_in = 8;
    let (crc, len) = (g.crc.clone().finalize(), g.inflate.total_out());
    check_trailer(vm, &trailer, crc, len)
}

/// Zlib::GzipReader.new(io, options = {}) -> gz: reads the header (chunk by chunk) and inflates
/// the rest of the chunk it ended in.
fn gr_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let g = GzReader {
        io: a[0],
        input: Vec::new(),
        inflate: Decompress::new(false),
        out: Vec::new(),
        head: 0,
        finished: false,
        footer_done: false,
        trailer_in: 0,
        crc: crc32fast::Hasher::new(),
        ungot: 0,
        lineno: 0,
        header: Header::default(),
        sync: false,
        ended: false,
        closed: false,
    };
    let s = vm.heap.alloc_boxed(T_DATA, k, Box::new(g));
    let keep = vm.stack.len();
    vm.stack.push(s);
    let r = read_header(vm, s);
    vm.stack.truncate(keep);
    r?;
    Ok(s)
}

fn read_header(vm: &mut Vm, s: Value) -> VmResult<()> {
    loop {
        match parse_header(&gr_any(s).input) {
            HeaderParse::Done(h, n) => {
                let g = gr_any(s);
                g.header = h;
                g.input.drain(..n);
                break;
            }
            HeaderParse::Short(first) => {
                let want = gr_any(s).input.len() + 1;
                if !ensure_input(vm, s, want, Value::NIL)? {
                    if first {
                        let input = gr_any(s).input.clone();
                        return Err(gzerr_input(vm, "Error", "not in gzip format", Some(&input)));
                    }
                    return Err(gzerr(vm, "Error", "unexpected end of file"));
                }
            }
            HeaderParse::Bad(m, with_input) => {
                let input = gr_any(s).input.clone();
                return Err(gzerr_input(vm, "Error", &m, with_input.then_some(&input)));
            }
        }
    }
    if !gr_any(s).input.is_empty() {
        run(vm, s)?;
    }
    Ok(())
}

/// Zlib::GzipReader.wrap(io) { |gz| ... } -> block's value, or gz
fn gr_s_wrap(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let v = gr_s_new(vm, k, a, None)?;
    with_block(vm, v, b, gr_close)
}

/// Zlib::GzipReader.open(path) { |gz| ... } -> block's value, or gz
fn gr_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    open_file_with(vm, k, a, b, "rb", gr_s_new, gr_close)
}

/// Zlib::GzipReader.zcat(io, options = {}) -> the data of every member;
/// zcat(io) { |line| ... } -> nil. Member after member as CRuby does it: a reader reads one,
/// the IO is set back by what it read past the member's end, until the IO's size is reached.
fn gr_s_zcat(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let io = a[0];
    let mut all = Vec::new();
    let keep = vm.stack.len();
    let r = (|| -> VmResult<()> {
        loop {
            let gz = gr_s_new(vm, k, a, None)?;
            vm.stack.push(gz);
            match b {
                Some(b) => {
                    gr_each_line(vm, gz, &[], Some(b))?;
                }
                None => {
                    let data = gr_read(vm, gz, &[], None)?;
                    all.extend_from_slice(vm.bytes(data));
                }
            }
            gr_read(vm, gz, &[], None)?;
            let pos = vm.funcall(io, intern("pos"), &[], None)?;
            let mut pos = crate::core::arg_int(vm, pos)?;
            let unused = gr_unused(vm, gz, &[], None)?;
            gr_finish(vm, gz, &[], None)?;
            if !unused.is_nil() {
                pos -= vm.bytes(unused).len() as i64;
                vm.funcall(io, intern("pos="), &[Value::fixnum(pos)], None)?;
            }
            let size = vm.funcall(io, intern("size"), &[], None)?;
            if pos >= crate::core::arg_int(vm, size)? {
                return Ok(());
            }
        }
    })();
    vm.stack.truncate(keep);
    r?;
    if b.is_some() {
        return Ok(Value::NIL);
    }
    Ok(binary(vm, all))
}

/// gz.rewind -> 0: the IO is sought back by what was read of the deflate stream (so to the
/// end of the header) and reading starts over.
fn gr_rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    let n = g.inflate.total_in() + g.trailer_in + g.input.len() as u64;
    let io = g.io;
    let back = vm.int(-(n as i64));
    vm.funcall(io, intern("seek"), &[back, Value::fixnum(1)], None)?;
    let g = gr_any(s);
    g.inflate.reset(false);
    g.input.clear();
    g.out.clear();
    g.head = 0;
    g.finished = false;
    g.footer_done = false;
    g.trailer_in = 0;
    g.crc = crc32fast::Hasher::new();
    g.ungot = 0;
    g.lineno = 0;
    Ok(Value::fixnum(0))
}

/// gz.unused -> the compressed bytes read past the member's trailer, or nil (nil until the
/// data is read to its end; the trailer is checked then)
fn gr_unused(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if payload::<GzReader>(s).is_none_or(|g| g.ended) {
        return Ok(Value::NIL);
    }
    if !end_reached(vm, s, Value::NIL)? || gr_any(s).input.is_empty() {
        return Ok(Value::NIL);
    }
    let u = gr_any(s).input.clone();
    Ok(binary(vm, u))
}

/// Ends the reader (the trailer checked if the data was read to its end): its IO.
fn gr_end(vm: &mut Vm, s: Value) -> VmResult {
    let g = gr(vm, s)?;
    g.ended = true;
    let io = g.io;
    end_reached(vm, s, Value::NIL)?;
    gr_any(s).closed = true;
    Ok(io)
}

/// gz.close -> io (closed when it can be); nil when already closed
fn gr_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if payload::<GzReader>(s).is_none_or(|g| g.ended) {
        return Ok(Value::NIL);
    }
    let io = gr_end(vm, s)?;
    super::close_io(vm, io)
}

/// gz.finish -> io (left open)
fn gr_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    gr_end(vm, s)
}

/// gz.to_io -> io
fn gr_to_io(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(gr(vm, s)?.io)
}

/// gz.external_encoding -> the default external encoding (what text reads are in)
fn gr_external_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?;
    let e = if vm.external_binary {
        Encoding::Binary
    } else {
        Encoding::Utf8
    };
    Ok(crate::core::string_encoding::encoding_object(vm, e))
}

/// gz.crc -> integer (the CRC32 of the data read so far)
fn gr_crc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = gr(vm, s)?.crc.clone().finalize();
    Ok(vm.int(c as i64))
}

/// gz.sync -> true or false
fn gr_sync(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(gr(vm, s)?.sync))
}

/// gz.sync = bool -> bool
fn gr_set_sync(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?.sync = a[0].truthy();
    Ok(a[0])
}

/// gz.mtime -> Time
fn gr_mtime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = gr(vm, s)?.header.mtime;
    let time = zclass(vm, &["Time"]);
    vm.funcall(time, intern("at"), &[Value::fixnum(t as i64)], None)
}

/// gz.orig_name -> string or nil
fn gr_orig_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match gr(vm, s)?.header.name.clone() {
        Some(n) => Ok(vm.str_from_vec(n)),
        None => Ok(Value::NIL),
    }
}

/// gz.comment -> string or nil
fn gr_comment(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match gr(vm, s)?.header.comment.clone() {
        Some(n) => Ok(vm.str_from_vec(n)),
        None => Ok(Value::NIL),
    }
}

/// gz.os_code -> integer
fn gr_os_code(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(gr(vm, s)?.header.os as i64))
}

/// gz.level -> integer (from the header's XFL byte)
fn gr_level(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let xfl = gr(vm, s)?.header.xfl;
    let l = if xfl & 4 != 0 {
        1
    } else if xfl & 2 != 0 {
        9
    } else {
        -1
    };
    Ok(Value::fixnum(l))
}

/// Defines Zlib::GzipReader under `m`.
pub(super) fn init(vm: &mut Vm, m: Value, gzfile: Value) {
    let r = vm.define_class_under(m, "GzipReader", gzfile);
    vm.define_natives(r, READER);
    let enumerable = vm.c.enumerable;
    vm.class_data(r).includes.push(enumerable);
    vm.define_singleton_natives(
        r,
        &[
            ("new", gr_s_new, 1, 2),
            ("wrap", gr_s_wrap, 1, 2),
            ("open", gr_s_open, 1, 2),
            ("zcat", gr_s_zcat, 1, 2),
        ],
    );
}
