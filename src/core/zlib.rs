//! The `zlib` library (`require "zlib"`) on flate2 over the C zlib (so compressed bytes are
//! the ones CRuby's Zlib writes): `Zlib.deflate`/`inflate`, `Zlib::Deflate`/`Zlib::Inflate`
//! (one-shot class methods and streaming objects), `crc32`/`adler32`, `Zlib.gzip`/`gunzip`,
//! and GzipWriter/GzipReader over any object with `write`/`read` (a File, a StringIO). The gzip
//! member format (RFC 1952: header with mtime, XFL and OS 3, raw deflate, CRC32 and length
//! trailer) is written and checked here. A GzipWriter deflates as data arrives and hands the
//! IO what the stream has produced after each write, as CRuby's does (so the IO sees the same
//! bytes at the same moments); a GzipReader inflates its whole source when it is made and
//! reads lines with StringIO's line cutter.

use super::io_read::line_args;
use super::stringio::cut_line;
use crate::object::heap::{Payload, T_DATA, T_NONE, payload};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
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

const DEFLATE: &[M] = &[
    ("deflate", zd_deflate, 1, 2),
    ("<<", zd_append, 1, 1),
    ("finish", zd_finish, 0, 0),
    ("close", zs_close, 0, 0),
    ("end", zs_close, 0, 0),
    ("closed?", zs_closed_p, 0, 0),
    ("finished?", zs_finished_p, 0, 0),
    ("total_in", zs_total_in, 0, 0),
    ("total_out", zs_total_out, 0, 0),
];

const INFLATE: &[M] = &[
    ("inflate", zi_inflate, 1, 1),
    ("<<", zi_append, 1, 1),
    ("finish", zi_finish, 0, 0),
    ("close", zs_close, 0, 0),
    ("end", zs_close, 0, 0),
    ("closed?", zs_closed_p, 0, 0),
    ("finished?", zs_finished_p, 0, 0),
    ("total_in", zs_total_in, 0, 0),
    ("total_out", zs_total_out, 0, 0),
];

const WRITER: &[M] = &[
    ("write", gw_write, 0, -1),
    ("<<", gw_append, 1, 1),
    ("print", gw_print, 0, -1),
    ("puts", gw_puts, 0, -1),
    ("printf", gw_printf, 1, -1),
    ("putc", gw_putc, 1, 1),
    ("flush", gw_flush, 0, 1),
    ("close", gw_close, 0, 0),
    ("finish", gw_finish, 0, 0),
    ("closed?", gz_closed_p, 0, 0),
    ("mtime=", gw_set_mtime, 1, 1),
    ("orig_name=", gw_set_orig_name, 1, 1),
    ("comment=", gw_set_comment, 1, 1),
    ("sync", gw_sync, 0, 0),
    ("sync=", gw_set_sync, 1, 1),
    ("pos", gw_pos, 0, 0),
    ("tell", gw_pos, 0, 0),
];

const READER: &[M] = &[
    ("read", gr_read, 0, 2),
    ("readpartial", gr_read, 1, 2),
    ("gets", gr_gets, 0, -1),
    ("readline", gr_readline, 0, -1),
    ("readlines", gr_readlines, 0, -1),
    ("each_line", gr_each_line, 0, -1),
    ("each", gr_each_line, 0, -1),
    ("getc", gr_getc, 0, 0),
    ("getbyte", gr_getbyte, 0, 0),
    ("each_byte", gr_each_byte, 0, 0),
    ("eof?", gr_eof, 0, 0),
    ("eof", gr_eof, 0, 0),
    ("rewind", gr_rewind, 0, 0),
    ("pos", gr_pos, 0, 0),
    ("tell", gr_pos, 0, 0),
    ("lineno", gr_lineno, 0, 0),
    ("lineno=", gr_set_lineno, 1, 1),
    ("unused", gr_unused, 0, 0),
    ("close", gr_close, 0, 0),
    ("finish", gr_finish, 0, 0),
    ("closed?", gz_closed_p, 0, 0),
    ("mtime", gr_mtime, 0, 0),
    ("orig_name", gr_orig_name, 0, 0),
    ("comment", gr_comment, 0, 0),
    ("os_code", gr_os_code, 0, 0),
    ("level", gr_level, 0, 0),
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

fn zerr(vm: &mut Vm, name: &str, msg: &str) -> crate::vm::frame::Unwind {
    let k = zclass(vm, &["Zlib", name]);
    vm.raise_str(k, msg)
}

fn gzerr(vm: &mut Vm, name: &str, msg: &str) -> crate::vm::frame::Unwind {
    let k = if name == "Error" {
        zclass(vm, &["Zlib", "GzipFile", "Error"])
    } else {
        zclass(vm, &["Zlib", "GzipFile", name])
    };
    vm.raise_str(k, msg)
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
    let zstream = vm.define_class_under(m, "ZStream", o);
    vm.class_data(zstream).instance_type = T_NONE;
    let def = vm.define_class_under(m, "Deflate", zstream);
    vm.define_natives(def, DEFLATE);
    vm.define_singleton_natives(
        def,
        &[("new", zd_s_new, 0, 4), ("deflate", z_deflate, 1, 2)],
    );
    let inf = vm.define_class_under(m, "Inflate", zstream);
    vm.define_natives(inf, INFLATE);
    vm.define_singleton_natives(
        inf,
        &[("new", zi_s_new, 0, 1), ("inflate", z_inflate, 1, 1)],
    );

    let gzfile = vm.define_class_under(m, "GzipFile", o);
    vm.class_data(gzfile).instance_type = T_NONE;
    let gz_err = vm.define_class_under(gzfile, "Error", err);
    for name in ["NoFooter", "CRCError", "LengthError"] {
        vm.define_class_under(gzfile, name, gz_err);
    }
    let w = vm.define_class_under(m, "GzipWriter", gzfile);
    vm.define_natives(w, WRITER);
    vm.define_singleton_natives(
        w,
        &[
            ("new", gw_s_new, 1, 3),
            ("wrap", gw_s_wrap, 1, 3),
            ("open", gw_s_open, 1, 3),
        ],
    );
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

/// A parsed gzip member: the data, the header fields, and the bytes after it.
struct Member {
    data: Vec<u8>,
    mtime: u32,
    name: Option<Vec<u8>>,
    comment: Option<Vec<u8>>,
    os: u8,
    xfl: u8,
    unused: Vec<u8>,
}

fn gunzip_bytes(vm: &mut Vm, src: &[u8]) -> VmResult<Member> {
    if src.len() < 10 {
        return Err(gzerr(vm, "Error", "unexpected end of string"));
    }
    if src[0] != 0x1f || src[1] != 0x8b {
        return Err(gzerr(vm, "Error", "not in gzip format"));
    }
    if src[2] != 8 {
        return Err(gzerr(
            vm,
            "Error",
            &format!("unsupported compression method {}", src[2]),
        ));
    }
    let flags = src[3];
    let mtime = u32::from_le_bytes([src[4], src[5], src[6], src[7]]);
    let (xfl, os) = (src[8], src[9]);
    let mut i = 10;
    let short = |vm: &mut Vm| gzerr(vm, "Error", "unexpected end of string");
    if flags & 4 != 0 {
        if i + 2 > src.len() {
            return Err(short(vm));
        }
        let n = u16::from_le_bytes([src[i], src[i + 1]]) as usize;
        i += 2 + n;
    }
    let cstr = |i: &mut usize| -> Option<Vec<u8>> {
        let k = src.get(*i..)?.iter().position(|&b| b == 0)?;
        let s = src[*i..*i + k].to_vec();
        *i += k + 1;
        Some(s)
    };
    let name = if flags & 8 != 0 {
        match cstr(&mut i) {
            Some(s) => Some(s),
            None => return Err(short(vm)),
        }
    } else {
        None
    };
    let comment = if flags & 16 != 0 {
        match cstr(&mut i) {
            Some(s) => Some(s),
            None => return Err(short(vm)),
        }
    } else {
        None
    };
    if flags & 2 != 0 {
        i += 2;
    }
    if i > src.len() {
        return Err(short(vm));
    }
    let mut d = Decompress::new(false);
    let (data, used, ended) = match inflate_all(&mut d, &src[i..]) {
        Ok(r) => r,
        Err(m) => return Err(zerr(vm, "DataError", &m)),
    };
    if !ended {
        return Err(gzerr(vm, "NoFooter", "footer is not found"));
    }
    let t = i + used;
    if t + 8 > src.len() {
        return Err(gzerr(vm, "NoFooter", "footer is not found"));
    }
    let crc = u32::from_le_bytes([src[t], src[t + 1], src[t + 2], src[t + 3]]);
    let len = u32::from_le_bytes([src[t + 4], src[t + 5], src[t + 6], src[t + 7]]);
    let mut h = crc32fast::Hasher::new();
    h.update(&data);
    if h.finalize() != crc {
        return Err(gzerr(
            vm,
            "CRCError",
            "invalid compressed data -- crc error",
        ));
    }
    if data.len() as u32 != len {
        return Err(gzerr(
            vm,
            "LengthError",
            "invalid compressed data -- length error",
        ));
    }
    Ok(Member {
        data,
        mtime,
        name,
        comment,
        os,
        xfl,
        unused: src[t + 8..].to_vec(),
    })
}

/// Zlib.gunzip(string) -> decompressed string
fn z_gunzip(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let src = bytes_arg(vm, a[0])?;
    let m = gunzip_bytes(vm, &src)?;
    Ok(binary(vm, m.data))
}

// ---- Deflate / Inflate streams ----

enum Engine {
    Deflate(Compress),
    Inflate(Decompress),
}

struct ZStream {
    engine: Engine,
    pending: Vec<u8>,
    closed: bool,
    finished: bool,
}

impl Payload for ZStream {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

fn zs(vm: &mut Vm, v: Value) -> VmResult<&'static mut ZStream> {
    match payload::<ZStream>(v) {
        Some(z) if !z.closed => Ok(z),
        _ => Err(zerr(vm, "Error", "stream is not ready")),
    }
}

/// Zlib::Deflate.new(level = DEFAULT_COMPRESSION, wbits = MAX_WBITS, memlevel, strategy)
fn zd_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let level = level_arg(vm, a.first().copied())?;
    let wbits = match a.get(1) {
        Some(&w) if !w.is_nil() => crate::core::arg_int(vm, w)?,
        _ => 15,
    };
    let engine = if wbits < 0 {
        Compress::new(level, false)
    } else {
        Compress::new(level, true)
    };
    let z = ZStream {
        engine: Engine::Deflate(engine),
        pending: Vec::new(),
        closed: false,
        finished: false,
    };
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(z)))
}

/// Zlib::Inflate.new(window_bits = MAX_WBITS)
fn zi_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let wbits = match a.first() {
        Some(&w) if !w.is_nil() => crate::core::arg_int(vm, w)?,
        _ => 15,
    };
    let z = ZStream {
        engine: Engine::Inflate(Decompress::new(wbits >= 0)),
        pending: Vec::new(),
        closed: false,
        finished: false,
    };
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(z)))
}

fn flush_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<FlushCompress> {
    Ok(match v {
        Some(v) if !v.is_nil() => match crate::core::arg_int(vm, v)? {
            0 => FlushCompress::None,
            1 | 2 => FlushCompress::Sync,
            3 => FlushCompress::Full,
            _ => FlushCompress::Finish,
        },
        _ => FlushCompress::None,
    })
}

fn deflate_step(vm: &mut Vm, s: Value, data: &[u8], flush: FlushCompress) -> VmResult<Vec<u8>> {
    let z = zs(vm, s)?;
    let Engine::Deflate(c) = &mut z.engine else {
        return Err(zerr(vm, "StreamError", "stream error"));
    };
    if z.finished {
        return Ok(Vec::new());
    }
    let out = compress_all(c, data, flush);
    if matches!(flush, FlushCompress::Finish) {
        z.finished = true;
    }
    Ok(out)
}

/// deflate.deflate(string, flush = NO_FLUSH) -> compressed piece
fn zd_deflate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = if a[0].is_nil() {
        Vec::new()
    } else {
        bytes_arg(vm, a[0])?
    };
    let flush = flush_arg(vm, a.get(1).copied())?;
    let mut out = std::mem::take(pending(s));
    out.extend(deflate_step(vm, s, &data, flush)?);
    Ok(binary(vm, out))
}

/// deflate << string -> deflate (the output is kept for finish)
fn zd_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = bytes_arg(vm, a[0])?;
    let out = deflate_step(vm, s, &data, FlushCompress::None)?;
    pending(s).extend(out);
    Ok(s)
}

/// Output produced by `<<` and not yet returned.
fn pending(s: Value) -> &'static mut Vec<u8> {
    &mut payload::<ZStream>(s).expect("checked by zs").pending
}

/// deflate.finish -> the rest of the compressed data
fn zd_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = std::mem::take(pending(s));
    out.extend(deflate_step(vm, s, &[], FlushCompress::Finish)?);
    Ok(binary(vm, out))
}

fn inflate_step(vm: &mut Vm, s: Value, data: &[u8]) -> VmResult<Vec<u8>> {
    let z = zs(vm, s)?;
    let Engine::Inflate(d) = &mut z.engine else {
        return Err(zerr(vm, "StreamError", "stream error"));
    };
    if z.finished {
        return Ok(Vec::new());
    }
    match inflate_all(d, data) {
        Ok((out, _, ended)) => {
            if ended {
                z.finished = true;
            }
            Ok(out)
        }
        Err(m) => Err(zerr(vm, "DataError", &m)),
    }
}

/// inflate.inflate(string) -> decompressed piece
fn zi_inflate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = if a[0].is_nil() {
        Vec::new()
    } else {
        bytes_arg(vm, a[0])?
    };
    let mut out = std::mem::take(pending(s));
    out.extend(inflate_step(vm, s, &data)?);
    Ok(binary(vm, out))
}

/// inflate << string -> inflate
fn zi_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let data = bytes_arg(vm, a[0])?;
    let out = inflate_step(vm, s, &data)?;
    pending(s).extend(out);
    Ok(s)
}

/// inflate.finish -> the rest of the decompressed data
fn zi_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    zs(vm, s)?;
    let out = std::mem::take(pending(s));
    Ok(binary(vm, out))
}

/// zstream.close -> nil
fn zs_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    zs(vm, s)?.closed = true;
    Ok(Value::NIL)
}

/// zstream.closed? -> true or false
fn zs_closed_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(payload::<ZStream>(s).is_none_or(|z| z.closed)))
}

/// zstream.finished? -> true or false
fn zs_finished_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(zs(vm, s)?.finished))
}

/// zstream.total_in -> integer
fn zs_total_in(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = match &zs(vm, s)?.engine {
        Engine::Deflate(c) => c.total_in(),
        Engine::Inflate(d) => d.total_in(),
    };
    Ok(vm.int(n as i64))
}

/// zstream.total_out -> integer
fn zs_total_out(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = match &zs(vm, s)?.engine {
        Engine::Deflate(c) => c.total_out(),
        Engine::Inflate(d) => d.total_out(),
    };
    Ok(vm.int(n as i64))
}

// ---- GzipWriter ----

/// A GzipWriter: the deflate stream runs as data arrives, and whatever it has produced goes
/// to the IO after each write, as CRuby's gzfile_write does (the header at the first write,
/// the trailer at `finish`/`close`).
struct GzWriter {
    io: Value,
    level: Compression,
    deflate: Compress,
    crc: crc32fast::Hasher,
    /// Uncompressed bytes written (`pos`, and the trailer's length).
    total: u64,
    header_written: bool,
    mtime: u32,
    name: Option<Vec<u8>>,
    comment: Option<Vec<u8>>,
    /// `sync = true`: every write is a sync flush and flushes the IO.
    sync: bool,
    closed: bool,
}

impl Payload for GzWriter {
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

fn gw(vm: &mut Vm, v: Value) -> VmResult<&'static mut GzWriter> {
    match payload::<GzWriter>(v) {
        Some(g) if !g.closed => Ok(g),
        _ => Err(gzerr(vm, "Error", "closed gzip stream")),
    }
}

/// Runs the block with `v` and closes it after (the wrap/open block forms): the block's value.
fn with_block(vm: &mut Vm, v: Value, b: Option<&Block>, close: crate::vm::NativeFn) -> VmResult {
    let Some(b) = b else { return Ok(v) };
    let keep = vm.stack.len();
    vm.stack.push(v);
    let r = vm.yield_block(b, &[v]);
    let open = payload::<GzWriter>(v).is_some_and(|g| !g.closed)
        || payload::<GzReader>(v).is_some_and(|g| !g.closed);
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

/// Zlib::GzipWriter.new(io, level = nil, strategy = nil) -> gz
fn gw_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, _) = vm.split_keywords(a)?;
    let level = level_arg(vm, a.get(1).copied())?;
    let g = GzWriter {
        io: a[0],
        level,
        deflate: Compress::new(level, false),
        crc: crc32fast::Hasher::new(),
        total: 0,
        header_written: false,
        mtime: 0,
        name: None,
        comment: None,
        sync: false,
        closed: false,
    };
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(g)))
}

/// Zlib::GzipWriter.wrap(io, level = nil) { |gz| ... } -> block's value, or gz
fn gw_s_wrap(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let v = gw_s_new(vm, k, a, None)?;
    with_block(vm, v, b, gw_close)
}

fn file_open(vm: &mut Vm, path: Value, mode: &str) -> VmResult {
    let file = zclass(vm, &["File"]);
    let m = vm.str_from(mode);
    vm.funcall(file, intern("open"), &[path, m], None)
}

/// Zlib::GzipWriter.open(path, level = nil) { |gz| ... } -> block's value, or gz
fn gw_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let f = file_open(vm, a[0], "wb")?;
    let keep = vm.stack.len();
    vm.stack.push(f);
    let mut args = vec![f];
    args.extend_from_slice(&a[1..]);
    let v = gw_s_new(vm, k, &args, None);
    vm.stack.truncate(keep);
    with_block(vm, v?, b, gw_close)
}

/// The header, if not written yet, followed by what deflating `bytes` with `flush` produced.
fn gw_run(vm: &mut Vm, s: Value, bytes: &[u8], flush: FlushCompress) -> VmResult<Vec<u8>> {
    let g = gw(vm, s)?;
    let mut out = Vec::new();
    if !g.header_written {
        if g.mtime == 0 {
            g.mtime = now_secs();
        }
        out = gzip_header(g.level, g.mtime, g.name.as_deref(), g.comment.as_deref());
        g.header_written = true;
    }
    g.crc.update(bytes);
    g.total += bytes.len() as u64;
    out.extend(compress_all(&mut g.deflate, bytes, flush));
    Ok(out)
}

/// Hands `out` to the IO's `write` (nothing when empty); with `flush_io`, then its `flush`.
fn gw_write_raw(vm: &mut Vm, s: Value, out: Vec<u8>, flush_io: bool) -> VmResult<()> {
    let io = gw(vm, s)?.io;
    if !out.is_empty() {
        let bytes = binary(vm, out);
        vm.funcall(io, intern("write"), &[bytes], None)?;
    }
    if flush_io && vm.responds(io, intern("flush"), false) {
        vm.funcall(io, intern("flush"), &[], None)?;
    }
    Ok(())
}

/// Deflates `bytes` and writes what came out (gzfile_write).
fn gw_put(vm: &mut Vm, s: Value, bytes: &[u8]) -> VmResult<()> {
    let sync = gw(vm, s)?.sync;
    if bytes.is_empty() && !sync {
        let out = gw_run(vm, s, bytes, FlushCompress::None)?;
        return gw_write_raw(vm, s, out, false);
    }
    let flush = if sync {
        FlushCompress::Sync
    } else {
        FlushCompress::None
    };
    let out = gw_run(vm, s, bytes, flush)?;
    gw_write_raw(vm, s, out, sync)
}

fn to_bytes(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    let t = if super::object::is_string(v) {
        v
    } else {
        vm.to_s(v)?
    };
    Ok(vm.bytes(t).to_vec())
}

/// gz.write(obj, ...) -> integer
fn gw_write(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut n = 0;
    for &v in a {
        let b = to_bytes(vm, v)?;
        n += b.len();
        gw_put(vm, s, &b)?;
    }
    Ok(vm.int(n as i64))
}

/// gz << obj -> gz
fn gw_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = to_bytes(vm, a[0])?;
    gw_put(vm, s, &b)?;
    Ok(s)
}

/// gz.print(obj, ...) -> nil
fn gw_print(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gw(vm, s)?;
    crate::core::kernel::print_to(vm, s, a)
}

/// gz.puts(obj, ...) -> nil
fn gw_puts(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    crate::core::kernel::puts_bytes(vm, a, &mut out)?;
    gw_put(vm, s, &out)?;
    Ok(Value::NIL)
}

/// gz.printf(format, args...) -> nil
fn gw_printf(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fmt = super::string::str_arg_vec(vm, a[0])?;
    let out = crate::core::format::sprintf(vm, &fmt, &a[1..])?;
    gw_put(vm, s, &out)?;
    Ok(Value::NIL)
}

/// gz.putc(char) -> char
fn gw_putc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = crate::core::kernel::putc_bytes(vm, a[0])?;
    gw_put(vm, s, &c)?;
    Ok(a[0])
}

/// gz.flush(flush = SYNC_FLUSH) -> gz: what is pending goes out with `flush`, then io.flush
fn gw_flush(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gw(vm, s)?;
    let flush = match a.first() {
        Some(&v) if !v.is_nil() => flush_arg(vm, Some(v))?,
        _ => FlushCompress::Sync,
    };
    let out = if flush == FlushCompress::None {
        Vec::new()
    } else {
        gw_run(vm, s, &[], flush)?
    };
    gw_write_raw(vm, s, out, true)?;
    Ok(s)
}

/// gz.pos -> integer (uncompressed bytes written)
fn gw_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = gw(vm, s)?.total;
    Ok(vm.int(n as i64))
}

/// Ends the member: the rest of the deflate stream and the trailer (CRC32, length) go to the
/// IO; answers the IO.
fn gw_emit(vm: &mut Vm, s: Value) -> VmResult {
    let mut out = gw_run(vm, s, &[], FlushCompress::Finish)?;
    let g = gw(vm, s)?;
    out.extend_from_slice(&g.crc.clone().finalize().to_le_bytes());
    out.extend_from_slice(&(g.total as u32).to_le_bytes());
    let io = g.io;
    gw_write_raw(vm, s, out, false)?;
    if let Some(g) = payload::<GzWriter>(s) {
        g.closed = true;
    }
    Ok(io)
}

/// gz.close -> io (the gzip data written, the IO closed when it can be)
fn gw_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let io = gw_emit(vm, s)?;
    if vm.responds(io, intern("close"), false) {
        vm.funcall(io, intern("close"), &[], None)?;
    }
    Ok(io)
}

/// gz.finish -> io (the gzip data written, the IO left open)
fn gw_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    gw_emit(vm, s)
}

/// gz.closed? -> true or false
fn gz_closed_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let closed = match (payload::<GzWriter>(s), payload::<GzReader>(s)) {
        (Some(g), _) => g.closed,
        (_, Some(g)) => g.closed,
        _ => true,
    };
    Ok(Value::bool(closed))
}

/// gz.sync -> true or false
fn gw_sync(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(gw(vm, s)?.sync))
}

/// gz.sync = bool: every write then flushes the deflate stream and the IO
fn gw_set_sync(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gw(vm, s)?.sync = a[0].truthy();
    Ok(a[0])
}

/// The writer, while its header can still change (GzipFile::Error once written).
fn header_open(vm: &mut Vm, s: Value) -> VmResult<&'static mut GzWriter> {
    if gw(vm, s)?.header_written {
        return Err(gzerr(vm, "Error", "header is already written"));
    }
    gw(vm, s)
}

/// gz.mtime = time -> time
fn gw_set_mtime(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = if a[0].is_fixnum() {
        a[0].as_fixnum()
    } else {
        let i = vm.funcall(a[0], intern("to_i"), &[], None)?;
        crate::core::arg_int(vm, i)?
    };
    header_open(vm, s)?.mtime = n as u32;
    Ok(a[0])
}

/// gz.orig_name = string -> string
fn gw_set_orig_name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = bytes_arg(vm, a[0])?;
    header_open(vm, s)?.name = Some(b);
    Ok(a[0])
}

/// gz.comment = string -> string
fn gw_set_comment(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = bytes_arg(vm, a[0])?;
    header_open(vm, s)?.comment = Some(b);
    Ok(a[0])
}

// ---- GzipReader ----

struct GzReader {
    io: Value,
    member: Member,
    pos: usize,
    lineno: i64,
    closed: bool,
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

fn gr(vm: &mut Vm, v: Value) -> VmResult<&'static mut GzReader> {
    match payload::<GzReader>(v) {
        Some(g) if !g.closed => Ok(g),
        _ => Err(gzerr(vm, "Error", "closed gzip stream")),
    }
}

/// Zlib::GzipReader.new(io) -> gz (the whole member read and checked now)
fn gr_s_new(vm: &mut Vm, k: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let io = a[0];
    let src = vm.funcall(io, intern("read"), &[], None)?;
    let src = if src.is_nil() {
        Vec::new()
    } else {
        bytes_arg(vm, src)?
    };
    let member = gunzip_bytes(vm, &src)?;
    let g = GzReader {
        io,
        member,
        pos: 0,
        lineno: 0,
        closed: false,
    };
    Ok(vm.heap.alloc_boxed(T_DATA, k, Box::new(g)))
}

/// Zlib::GzipReader.wrap(io) { |gz| ... } -> block's value, or gz
fn gr_s_wrap(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let v = gr_s_new(vm, k, a, None)?;
    with_block(vm, v, b, gr_close)
}

/// Zlib::GzipReader.open(path) { |gz| ... } -> block's value, or gz
fn gr_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let f = file_open(vm, a[0], "rb")?;
    let keep = vm.stack.len();
    vm.stack.push(f);
    let v = gr_s_new(vm, k, &[f], None);
    vm.stack.truncate(keep);
    with_block(vm, v?, b, gr_close)
}

/// Zlib::GzipReader.zcat(io) -> the data of every member
fn gr_s_zcat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let src = vm.funcall(a[0], intern("read"), &[], None)?;
    let mut src = bytes_arg(vm, src)?;
    let mut out = Vec::new();
    loop {
        let m = gunzip_bytes(vm, &src)?;
        out.extend_from_slice(&m.data);
        if m.unused.is_empty() {
            break;
        }
        src = m.unused;
    }
    Ok(vm.str_from_vec(out))
}

/// gz.read(length = nil, outbuf = nil) -> string or nil
fn gr_read(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    let len = g.member.data.len();
    let start = g.pos.min(len);
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
    if limit.is_some_and(|n| n > 0) && start >= len {
        return Ok(Value::NIL);
    }
    let end = limit.map_or(len, |n| start.saturating_add(n).min(len));
    let piece = g.member.data[start..end].to_vec();
    g.pos = end;
    let v = vm.str_from_vec(piece);
    if limit.is_some() {
        string::set_encoding(v, Encoding::Binary);
    }
    if let Some(&buf) = a.get(1)
        && !buf.is_nil()
    {
        let b = super::string::str_arg(vm, buf)?;
        let bytes = vm.bytes(v).to_vec();
        string::replace(&mut vm.heap, b, &bytes);
        return Ok(b);
    }
    Ok(v)
}

fn gr_next_line(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult {
    let la = line_args(vm, a)?;
    let g = gr(vm, s)?;
    let Some((line, next, counted)) = cut_line(&g.member.data, g.pos, &la) else {
        return Ok(Value::NIL);
    };
    g.pos = next;
    if counted {
        g.lineno += 1;
    }
    Ok(vm.str_from_vec(line))
}

/// gz.gets(sep = $/, limit = nil, chomp: false) -> string or nil
fn gr_gets(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = gr_next_line(vm, s, a)?;
    vm.gvar_id_set(crate::sym!("$_"), line);
    Ok(line)
}

/// gz.readline(...) -> string; EOFError at the end
fn gr_readline(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = gr_gets(vm, s, a, None)?;
    if line.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(line)
}

/// gz.readlines(sep = $/, ...) -> array
fn gr_readlines(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    loop {
        let line = gr_next_line(vm, s, a)?;
        if line.is_nil() {
            return Ok(out);
        }
        crate::object::heap::rarray(out).vec.push(line);
    }
}

/// gz.each_line(sep = $/, ...) { |line| ... } -> gz
fn gr_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_line", a);
    };
    loop {
        let line = gr_next_line(vm, s, a)?;
        if line.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[line])?;
    }
}

/// gz.getc -> string or nil
fn gr_getc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    let d = &g.member.data;
    if g.pos >= d.len() {
        return Ok(Value::NIL);
    }
    let c = d[g.pos];
    let mut n = match c {
        0xf0.. => 4,
        0xe0.. => 3,
        0xc0.. => 2,
        _ => 1,
    };
    n = n.min(d.len() - g.pos);
    if std::str::from_utf8(&d[g.pos..g.pos + n]).is_err() {
        n = 1;
    }
    let piece = d[g.pos..g.pos + n].to_vec();
    g.pos += n;
    Ok(vm.str_from_vec(piece))
}

/// gz.getbyte -> integer or nil
fn gr_getbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    match g.member.data.get(g.pos) {
        Some(&c) => {
            g.pos += 1;
            Ok(Value::fixnum(c as i64))
        }
        None => Ok(Value::NIL),
    }
}

/// gz.each_byte { |byte| ... } -> gz
fn gr_each_byte(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_byte", a);
    };
    loop {
        let c = gr_getbyte(vm, s, a, None)?;
        if c.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[c])?;
    }
}

/// gz.eof? -> true or false
fn gr_eof(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    Ok(Value::bool(g.pos >= g.member.data.len()))
}

/// gz.rewind -> 0
fn gr_rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    g.pos = 0;
    g.lineno = 0;
    Ok(Value::fixnum(0))
}

/// gz.pos -> integer (uncompressed bytes read)
fn gr_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = gr(vm, s)?.pos;
    Ok(vm.int(n as i64))
}

/// gz.lineno -> integer
fn gr_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = gr(vm, s)?.lineno;
    Ok(vm.int(n))
}

/// gz.lineno = integer -> integer
fn gr_set_lineno(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    gr(vm, s)?.lineno = n;
    Ok(a[0])
}

/// gz.unused -> the bytes after the gzip member, or nil
fn gr_unused(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let u = gr(vm, s)?.member.unused.clone();
    if u.is_empty() {
        return Ok(Value::NIL);
    }
    Ok(binary(vm, u))
}

/// gz.close -> io (closed when it can be)
fn gr_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    g.closed = true;
    let io = g.io;
    if vm.responds(io, intern("close"), false) {
        vm.funcall(io, intern("close"), &[], None)?;
    }
    Ok(io)
}

/// gz.finish -> io (left open)
fn gr_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = gr(vm, s)?;
    g.closed = true;
    Ok(g.io)
}

/// gz.mtime -> Time
fn gr_mtime(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = gr(vm, s)?.member.mtime;
    let time = zclass(vm, &["Time"]);
    vm.funcall(time, intern("at"), &[Value::fixnum(t as i64)], None)
}

/// gz.orig_name -> string or nil
fn gr_orig_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match gr(vm, s)?.member.name.clone() {
        Some(n) => Ok(vm.str_from_vec(n)),
        None => Ok(Value::NIL),
    }
}

/// gz.comment -> string or nil
fn gr_comment(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match gr(vm, s)?.member.comment.clone() {
        Some(n) => Ok(vm.str_from_vec(n)),
        None => Ok(Value::NIL),
    }
}

/// gz.os_code -> integer
fn gr_os_code(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(gr(vm, s)?.member.os as i64))
}

/// gz.level -> integer (from the header's XFL byte)
fn gr_level(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let l = match gr(vm, s)?.member.xfl {
        2 => 9,
        4 => 1,
        _ => -1,
    };
    Ok(Value::fixnum(l))
}
