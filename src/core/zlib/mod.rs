//! The `zlib` library (`require "zlib"`) on flate2 over the C zlib (so compressed bytes are
//! the ones CRuby's Zlib writes): the module functions (`Zlib.deflate`/`inflate`, `crc32`/
//! `adler32`, `Zlib.gzip`/`gunzip`), the error classes, and what the gzip classes share (the
//! RFC 1952 member header: mtime, XFL and OS 3 written, every field read; the wrap/open block
//! forms). The rooms: `zstream.rs` (Zlib::Deflate/Inflate), `gzip_writer.rs`, `gzip_reader.rs`.

mod gzip_reader;
mod gzip_writer;
mod zstream;

use zstream::flush_arg;

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
    zstream::init(vm, m);
    let gzfile = vm.define_class_under(m, "GzipFile", o);
    vm.class_data(gzfile).instance_type = T_NONE;
    let gz_err = vm.define_class_under(gzfile, "Error", err);
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

// ---- what GzipWriter and GzipReader share ----

/// Whether `v` is a closed (or not a) GzipWriter/GzipReader.
fn gz_closed(v: Value) -> bool {
    match (
        payload::<gzip_writer::GzWriter>(v),
        payload::<gzip_reader::GzReader>(v),
    ) {
        (Some(g), _) => g.closed,
        (_, Some(g)) => g.closed,
        _ => true,
    }
}

/// gz.closed? -> true or false
pub(super) fn gz_closed_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(gz_closed(s)))
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
    let open = !gz_closed(v);
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

/// File.open(path, mode)
pub(super) fn file_open(vm: &mut Vm, path: Value, mode: &str) -> VmResult {
    let file = zclass(vm, &["File"]);
    let m = vm.str_from(mode);
    vm.funcall(file, intern("open"), &[path, m], None)
}
