//! The `zlib` library (`require "zlib"`) on flate2 over the C zlib (so compressed bytes are
//! the ones CRuby's Zlib writes): the module functions (`Zlib.deflate`/`inflate`, `crc32`/
//! `adler32`, `Zlib.gzip`/`gunzip`), the error classes (GzipFile::Error carries `input`, as
//! CRuby's), and what the gzip classes share: the RFC 1952 member header (written with mtime,
//! XFL and OS 3; parsed with CRuby's checks and messages), the trailer check, the wrap/open
//! block forms. The rooms: `zstream.rs` (Zlib::Deflate/Inflate), `gzip_writer.rs`,
//! `gzip_reader.rs` (the reader's stream, read from its IO in 2048-byte chunks, and its life)
//! and `gzip_reader_read.rs` (its reading methods).

mod gzip_reader;
mod gzip_reader_read;
mod gzip_writer;
mod zstream;

use zstream::flush_arg;

use crate::object::heap::{Payload, T_DATA, T_NONE, payload};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ZLIB: &[M] = &[
    ("deflate", z_deflate, 1, 2),
    ("inflate", z_inflate, 1, 1),
    ("crc32", z_crc32, 0, 2),
    ("adler32", z_adler32, 0, 2),
    ("gzip", z_gzip, 1, 2),
    ("gunzip", z_gunzip, 1, 1),
    ("zlib_version", z_version, 0, 0),
];

/// The gzip header's OS byte CRuby writes (OS_UNIX).
const OS_CODE: u8 = 3;

// ---- errors ----

fn zclass(vm: &mut Vm, path: &[&str]) -> Value {
    let mut k = vm.c.object;
    for p in path {
        match vm.class_data(k).const_get(intern(p)) {
            Some(v) => k = v,
            None => return vm.c.standard_error,
        }
    }
    k
}

fn zerr(vm: &mut Vm, name: &str, msg: &str) -> Unwind {
    let k = zclass(vm, &["Zlib", name]);
    vm.raise_str(k, msg)
}

/// A Zlib::GzipFile::`name` error with `msg`.
fn gzerr(vm: &mut Vm, name: &str, msg: &str) -> Unwind {
    gzerr_input(vm, name, msg, None)
}

/// A Zlib::GzipFile::`name` error carrying `input` (the compressed bytes read and not used) in
/// `@input`, as CRuby's gzfile_raise makes "not in gzip format" and NoFooter.
fn gzerr_input(vm: &mut Vm, name: &str, msg: &str, input: Option<&[u8]>) -> Unwind {
    let k = zclass(vm, &["Zlib", "GzipFile", name]);
    let u = vm.raise_str(k, msg);
    if let (Some(e), Some(b)) = (u.raised(), input.filter(|b| !b.is_empty())) {
        let s = binary(vm, b.to_vec());
        let _ = vm.ivar_set(e, intern("@input"), s);
    }
    u
}

/// gzip_error.input -> the compressed bytes it carries, or nil
fn gze_input(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("@input"));
    Ok(if v.is_undef() { Value::NIL } else { v })
}

/// gzip_error.inspect -> string: Exception#inspect, with `, input="..."` when it has input
fn gze_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let base = crate::core::exception::e_inspect(vm, s, &[], None)?;
    let input = gze_input(vm, s, &[], None)?;
    if input.is_nil() {
        return Ok(base);
    }
    let mut out = vm.bytes(base).to_vec();
    out.pop();
    out.extend_from_slice(b", input=");
    let shown = vm.inspect_str(input)?;
    out.extend_from_slice(shown.as_bytes());
    out.push(b'>');
    Ok(vm.str_from_vec(out))
}

/// Defines Zlib: what `require "zlib"` loads.
pub fn init(vm: &mut Vm) {
    let m = vm.define_module("Zlib");
    vm.define_singleton_natives(m, ZLIB);
    let std = vm.c.standard_error;
    let err = vm.define_class_under(m, "Error", std);
    for name in [
        "StreamEnd",
        "NeedDict",
        "DataError",
        "StreamError",
        "MemError",
        "BufError",
        "VersionError",
        "InProgressError",
    ] {
        vm.define_class_under(m, name, err);
    }
    for (name, v) in [
        ("NO_COMPRESSION", 0),
        ("BEST_SPEED", 1),
        ("BEST_COMPRESSION", 9),
        ("DEFAULT_COMPRESSION", -1),
        ("FILTERED", 1),
        ("HUFFMAN_ONLY", 2),
        ("RLE", 3),
        ("FIXED", 4),
        ("DEFAULT_STRATEGY", 0),
        ("MAX_WBITS", 15),
        ("DEF_MEM_LEVEL", 8),
        ("MAX_MEM_LEVEL", 9),
        ("NO_FLUSH", 0),
        ("PARTIAL_FLUSH", 1),
        ("SYNC_FLUSH", 2),
        ("FULL_FLUSH", 3),
        ("FINISH", 4),
        ("BLOCK", 5),
        ("BINARY", 0),
        ("ASCII", 1),
        ("TEXT", 1),
        ("UNKNOWN", 2),
        ("OS_CODE", OS_CODE as i64),
        ("OS_UNIX", 3),
    ] {
        vm.class_data(m).const_set(intern(name), Value::fixnum(v));
    }
    let version = vm.fstring(b"3.2.2");
    vm.class_data(m).const_set(intern("VERSION"), version);
    let zv = vm.fstring(b"1.3.1");
    vm.class_data(m).const_set(intern("ZLIB_VERSION"), zv);

    let o = vm.c.object;
    zstream::init(vm, m);
    let gzfile = vm.define_class_under(m, "GzipFile", o);
    vm.class_data(gzfile).instance_type = T_NONE;
    let gz_err = vm.define_class_under(gzfile, "Error", err);
    vm.define_natives(
        gz_err,
        &[("input", gze_input, 0, 0), ("inspect", gze_inspect, 0, 0)],
    );
    for name in ["NoFooter", "CRCError", "LengthError"] {
        vm.define_class_under(gzfile, name, gz_err);
    }
    gzip_writer::init(vm, m, gzfile);
    gzip_reader::init(vm, m, gzfile);
    vm.invalidate();
}

// ---- one-shot functions ----

fn bytes_arg(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    super::string::str_arg_vec(vm, v)
}

fn binary(vm: &mut Vm, b: Vec<u8>) -> Value {
    let v = vm.str_from_vec(b);
    string::set_encoding(v, Encoding::Binary);
    v
}

fn level_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<Compression> {
    match v {
        None => Ok(Compression::default()),
        Some(v) if v.is_nil() => Ok(Compression::default()),
        Some(v) => {
            let n = crate::core::arg_int(vm, v)?;
            if n == -1 {
                return Ok(Compression::default());
            }
            if !(0..=9).contains(&n) {
                return Err(zerr(vm, "StreamError", "stream error"));
            }
            Ok(Compression::new(n as u32))
        }
    }
}

/// Compresses all of `data` with `c` (zlib or raw framing as `c` was made).
fn compress_all(c: &mut Compress, data: &[u8], flush: FlushCompress) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2 + 64);
    let start_in = c.total_in();
    loop {
        let consumed = (c.total_in() - start_in) as usize;
        out.reserve(4096.max(data.len() / 4));
        let before = c.total_out();
        let st = c.compress_vec(&data[consumed..], &mut out, flush);
        let done_in = (c.total_in() - start_in) as usize >= data.len();
        match st {
            Ok(Status::StreamEnd) => break,
            Ok(_) if done_in && c.total_out() == before && out.len() < out.capacity() => break,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    out
}

/// Inflates `data` with `d`; the output and how many input bytes were used, or the zlib
/// error's message.
fn inflate_all(d: &mut Decompress, data: &[u8]) -> Result<(Vec<u8>, usize, bool), String> {
    let mut out = Vec::with_capacity(data.len() * 3 + 64);
    let start_in = d.total_in();
    loop {
        let consumed = (d.total_in() - start_in) as usize;
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(4096));
        }
        let before_out = d.total_out();
        match d.decompress_vec(&data[consumed..], &mut out, FlushDecompress::None) {
            Ok(Status::StreamEnd) => {
                return Ok((out, (d.total_in() - start_in) as usize, true));
            }
            Ok(_) => {
                let used = (d.total_in() - start_in) as usize;
                if used >= data.len() && d.total_out() == before_out && out.len() < out.capacity() {
                    return Ok((out, used, false));
                }
                if used == consumed && d.total_out() == before_out && out.len() < out.capacity() {
                    return Ok((out, used, false));
                }
            }
            Err(e) => {
                return Err(e.message().unwrap_or("invalid data").to_string());
            }
        }
    }
}

/// Zlib.deflate(string, level = DEFAULT_COMPRESSION) -> compressed string
fn z_deflate(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = bytes_arg(vm, a[0])?;
    let level = level_arg(vm, a.get(1).copied())?;
    let mut c = Compress::new(level, true);
    let out = compress_all(&mut c, &data, FlushCompress::Finish);
    Ok(binary(vm, out))
}

/// Zlib.inflate(string) -> decompressed string
fn z_inflate(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = bytes_arg(vm, a[0])?;
    let mut d = Decompress::new(true);
    match inflate_all(&mut d, &data) {
        Ok((out, _, true)) => Ok(binary(vm, out)),
        Ok((_, _, false)) => Err(zerr(vm, "BufError", "buffer error")),
        Err(m) => Err(zerr(vm, "DataError", &m)),
    }
}

fn checksum_args(vm: &mut Vm, a: &[Value], init: u32) -> VmResult<(Option<Vec<u8>>, u32)> {
    let data = match a.first() {
        Some(&v) if !v.is_nil() => Some(bytes_arg(vm, v)?),
        _ => None,
    };
    let start = match a.get(1) {
        Some(&v) => crate::core::arg_int(vm, v)? as u32,
        None => init,
    };
    Ok((data, start))
}

/// Zlib.crc32(string = nil, crc = 0) -> integer
fn z_crc32(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (data, start) = checksum_args(vm, a, 0)?;
    let Some(data) = data else {
        return Ok(vm.int(start as i64));
    };
    let mut h = crc32fast::Hasher::new_with_initial(start);
    h.update(&data);
    Ok(vm.int(h.finalize() as i64))
}

/// Zlib.adler32(string = nil, adler = 1) -> integer
fn z_adler32(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (data, start) = checksum_args(vm, a, 1)?;
    let Some(data) = data else {
        return Ok(vm.int(start as i64));
    };
    let mut h = adler2::Adler32::from_checksum(start);
    h.write_slice(&data);
    Ok(vm.int(h.checksum() as i64))
}

/// Zlib.zlib_version -> string
fn z_version(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_from("1.3.1"))
}

/// The gzip member header (RFC 1952) CRuby writes: mtime, XFL from the level, OS 3, and the
/// name and comment when set.
fn gzip_header(
    level: Compression,
    mtime: u32,
    name: Option<&[u8]>,
    comment: Option<&[u8]>,
) -> Vec<u8> {
    let mut out = vec![0x1f, 0x8b, 8];
    let mut flags = 0u8;
    if name.is_some() {
        flags |= 8;
    }
    if comment.is_some() {
        flags |= 16;
    }
    out.push(flags);
    out.extend_from_slice(&mtime.to_le_bytes());
    out.push(match level.level() {
        9 => 2,
        1 => 4,
        _ => 0,
    });
    out.push(OS_CODE);
    for s in [name, comment].into_iter().flatten() {
        out.extend_from_slice(s);
        out.push(0);
    }
    out
}

/// A gzip member of `data`.
fn gzip_bytes(data: &[u8], level: Compression, mtime: u32) -> Vec<u8> {
    let mut out = gzip_header(level, mtime, None, None);
    let mut c = Compress::new(level, false);
    out.extend(compress_all(&mut c, data, FlushCompress::Finish));
    let mut h = crc32fast::Hasher::new();
    h.update(data);
    out.extend_from_slice(&h.finalize().to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

fn now_secs() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as u32)
        .unwrap_or(0)
}

/// Zlib.gzip(string, level: nil, strategy: nil) -> gzip string
fn z_gzip(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let data = bytes_arg(vm, a[0])?;
    let mut lv = None;
    if let Some(h) = kw {
        let mut unknown = Vec::new();
        for (k, v) in crate::core::hash::pairs(h) {
            if k == vm.sym("level") {
                lv = Some(v);
            } else if k != vm.sym("strategy") {
                unknown.push(vm.inspect_str(k)?);
            }
        }
        if !unknown.is_empty() {
            let s = if unknown.len() == 1 { "" } else { "s" };
            return Err(vm.arg_error(&format!("unknown keyword{s}: {}", unknown.join(", "))));
        }
    }
    let level = level_arg(vm, lv)?;
    let out = gzip_bytes(&data, level, now_secs());
    Ok(binary(vm, out))
}

/// The fields of a gzip member's header (RFC 1952) that GzipReader answers.
#[derive(Default)]
pub(super) struct Header {
    pub(super) mtime: u32,
    pub(super) name: Option<Vec<u8>>,
    pub(super) comment: Option<Vec<u8>>,
    pub(super) os: u8,
    pub(super) xfl: u8,
}

/// What `parse_header` made of the bytes so far.
pub(super) enum HeaderParse {
    /// The header and its length in bytes.
    Done(Header, usize),
    /// The bytes end inside the header: within its first 10 bytes (`true`), or after them.
    Short(bool),
    /// A header CRuby does not read: the GzipFile::Error message, and whether the error carries
    /// the input (`not in gzip format` does, as gzfile_raise makes it).
    Bad(String, bool),
}

/// Parses the gzip header at the start of `src`, with CRuby's checks in its order: the magic
/// bytes, the method, then the flags (FHCRC is "multi-part", as CRuby names it), the extra
/// field, the name and the comment.
pub(super) fn parse_header(src: &[u8]) -> HeaderParse {
    use HeaderParse::{Bad, Done, Short};
    if src.len() < 10 {
        return Short(true);
    }
    if src[0] != 0x1f || src[1] != 0x8b {
        return Bad("not in gzip format".into(), true);
    }
    if src[2] != 8 {
        return Bad(format!("unsupported compression method {}", src[2]), false);
    }
    let flags = src[3];
    if flags & 0x02 != 0 {
        return Bad("multi-part gzip file is not supported".into(), false);
    }
    if flags & 0x20 != 0 {
        return Bad("encrypted gzip file is not supported".into(), false);
    }
    if flags & 0xc0 != 0 {
        // CRuby prints the flags byte as a signed char widened to unsigned int
        let shown = flags as i8 as i32 as u32;
        return Bad(format!("unknown flags 0x{shown:02x}"), false);
    }
    let mut i = 10;
    if flags & 0x04 != 0 {
        if src.len() < i + 2 {
            return Short(false);
        }
        i += 2 + u16::from_le_bytes([src[i], src[i + 1]]) as usize;
        if src.len() < i {
            return Short(false);
        }
    }
    let mut cstr = |on: bool| -> Result<Option<Vec<u8>>, ()> {
        if !on {
            return Ok(None);
        }
        let k = src[i..].iter().position(|&b| b == 0).ok_or(())?;
        let s = src[i..i + k].to_vec();
        i += k + 1;
        Ok(Some(s))
    };
    let (Ok(name), Ok(comment)) = (cstr(flags & 0x08 != 0), cstr(flags & 0x10 != 0)) else {
        return Short(false);
    };
    let h = Header {
        mtime: u32::from_le_bytes([src[4], src[5], src[6], src[7]]),
        name,
        comment,
        os: src[9],
        xfl: src[8],
    };
    Done(h, i)
}

/// The data of the gzip member at the start of `src` (Zlib.gunzip: bytes after it are
/// ignored), with CRuby's errors for a string source.
fn gunzip_bytes(vm: &mut Vm, src: &[u8]) -> VmResult<Vec<u8>> {
    let start = match parse_header(src) {
        HeaderParse::Done(_, n) => n,
        HeaderParse::Short(_) => return Err(gzerr(vm, "Error", "unexpected end of string")),
        HeaderParse::Bad(m, with_input) => {
            return Err(gzerr_input(vm, "Error", &m, with_input.then_some(src)));
        }
    };
    let mut d = Decompress::new(false);
    let (data, used, ended) = match inflate_all(&mut d, &src[start..]) {
        Ok(r) => r,
        Err(m) => return Err(zerr(vm, "DataError", &m)),
    };
    if !ended {
        return Err(gzerr(vm, "Error", "unexpected end of file"));
    }
    let t = start + used;
    if t == src.len() {
        return Err(gzerr(vm, "NoFooter", "footer is not found"));
    }
    if t + 8 > src.len() {
        return Err(gzerr(vm, "Error", "unexpected end of string"));
    }
    let crc = crc32fast::hash(&data);
    check_trailer(vm, &src[t..t + 8], crc, data.len() as u64)?;
    Ok(data)
}

/// Compares a member's trailer (CRC32 and length, little-endian) with the data's: CRCError or
/// LengthError as CRuby raises them.
pub(super) fn check_trailer(vm: &mut Vm, trailer: &[u8], crc: u32, len: u64) -> VmResult<()> {
    let want_crc = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let want_len = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]);
    if crc != want_crc {
        return Err(gzerr(
            vm,
            "CRCError",
            "invalid compressed data -- crc error",
        ));
    }
    if len as u32 != want_len {
        return Err(gzerr(
            vm,
            "LengthError",
            "invalid compressed data -- length error",
        ));
    }
    Ok(())
}

/// Zlib.gunzip(string) -> decompressed string
fn z_gunzip(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let src = bytes_arg(vm, a[0])?;
    let data = gunzip_bytes(vm, &src)?;
    Ok(binary(vm, data))
}

// ---- what GzipWriter and GzipReader share ----

/// Whether `v` is a closed (or not a) GzipWriter/GzipReader; with `began`, also a reader
/// whose close raised (CRuby's stream is ended then, though `closed?` is false).
fn gz_closed(v: Value, began: bool) -> bool {
    match (
        payload::<gzip_writer::GzWriter>(v),
        payload::<gzip_reader::GzReader>(v),
    ) {
        (Some(g), _) => g.closed,
        (_, Some(g)) => g.closed || (began && g.ended),
        _ => true,
    }
}

/// gz.closed? -> true or false
pub(super) fn gz_closed_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(gz_closed(s, false)))
}

/// Runs the block with `v` and closes it after (the wrap/open block forms): the block's value.
pub(super) fn with_block(
    vm: &mut Vm,
    v: Value,
    b: Option<&Block>,
    close: crate::vm::NativeFn,
) -> VmResult {
    let Some(b) = b else { return Ok(v) };
    let keep = vm.stack.len();
    vm.stack.push(v);
    let r = vm.yield_block(b, &[v]);
    let open = !gz_closed(v, true);
    let c = if open {
        close(vm, v, &[], None).map(|_| ())
    } else {
        Ok(())
    };
    vm.stack.truncate(keep);
    let r = r?;
    c?;
    Ok(r)
}

/// Closes the IO under a GzipReader/GzipWriter when it can be closed (`close`); answers it.
pub(super) fn close_io(vm: &mut Vm, io: Value) -> VmResult {
    if vm.responds(io, intern("close"), false) {
        vm.funcall(io, intern("close"), &[], None)?;
    }
    Ok(io)
}

/// `GzipReader.open`/`GzipWriter.open`: the file at `a[0]` opened in `mode` (kept rooted
/// while `new` runs), made a reader or writer by `new` with the other arguments, then
/// `with_block`.
pub(super) fn open_file_with(
    vm: &mut Vm,
    k: Value,
    a: &[Value],
    b: Option<&Block>,
    mode: &str,
    new: crate::vm::NativeFn,
    close: crate::vm::NativeFn,
) -> VmResult {
    let file = zclass(vm, &["File"]);
    let m = vm.str_from(mode);
    let f = vm.funcall(file, intern("open"), &[a[0], m], None)?;
    let keep = vm.stack.len();
    vm.stack.push(f);
    let mut args = vec![f];
    args.extend_from_slice(&a[1..]);
    let v = new(vm, k, &args, None);
    vm.stack.truncate(keep);
    with_block(vm, v?, b, close)
}
