//! Zlib::GzipWriter: the deflate stream runs as data arrives and hands the IO what the stream
//! has produced after each write, as CRuby's does (so the IO sees the same bytes at the same
//! moments): the header at the first write, the trailer (CRC32, length) at `finish`/`close`.

use super::*;

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

/// A GzipWriter: the deflate stream runs as data arrives, and whatever it has produced goes
/// to the IO after each write, as CRuby's gzfile_write does (the header at the first write,
/// the trailer at `finish`/`close`).
pub(super) struct GzWriter {
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
    pub(super) closed: bool,
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

/// Zlib::GzipWriter.open(path, level = nil) { |gz| ... } -> block's value, or gz
fn gw_s_open(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    open_file_with(vm, k, a, b, "wb", gw_s_new, gw_close)
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
    let t = if crate::core::object::is_string(v) {
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
    let fmt = crate::core::string::str_arg_vec(vm, a[0])?;
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
    super::close_io(vm, io)
}

/// gz.finish -> io (the gzip data written, the IO left open)
fn gw_finish(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    gw_emit(vm, s)
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

/// Defines Zlib::GzipWriter under `m`.
pub(super) fn init(vm: &mut Vm, m: Value, gzfile: Value) {
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
}
