//! Zlib::Deflate and Zlib::Inflate: one-shot class methods and streaming objects over flate2's
//! Compress/Decompress (zlib framing, or raw deflate for negative window bits).

use super::*;

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

pub(super) fn flush_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<FlushCompress> {
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

/// Defines Zlib::ZStream, Deflate and Inflate under `m`.
pub(super) fn init(vm: &mut Vm, m: Value) {
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
}
