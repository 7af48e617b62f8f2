//! IO's class methods over whole files and streams (File inherits them): IO.read/binread,
//! IO.write/binwrite, IO.readlines, IO.foreach, and IO.copy_stream between paths, IO objects and
//! objects with `readpartial`/`write`. Opening is io_file.rs's.

use super::io::{open_stream, stream_of, with_stats, write_bytes};
use super::io_file::{
    close, f_s_new, file_class, mode_arg, mode_from_str, open_file, path_arg, reading, with_open,
};
use super::io_stream::BUF_CAPA;
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO_SINGLETON: &[M] = &[
    ("read", s_read, 1, -1),
    ("binread", s_binread, 1, 3),
    ("write", s_write, 2, -1),
    ("binwrite", s_binwrite, 2, 3),
    ("readlines", s_readlines, 1, -1),
    ("foreach", s_foreach, 1, -1),
    ("copy_stream", s_copy_stream, 2, 4),
];

pub fn init(vm: &mut Vm) {
    let io = vm.c.io;
    vm.define_singleton_natives(io, IO_SINGLETON);
}

/// IO.read(path, length = nil, offset = nil) -> string
fn s_read(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let a = a.to_vec();
    if let Some(h) = kw {
        let m = open_mode_kw(vm, h)?;
        if !m.is_nil() {
            // IO.read(path, mode: "r:bom|utf-8"): open as File.open would
            let k = file_class(vm);
            let f = f_s_new(vm, k, &[a[0], m], None)?;
            return with_open(vm, f, |vm, f| {
                let args: Vec<Value> = a.get(1).copied().into_iter().collect();
                vm.funcall(f, intern("read"), &args, None)
            });
        }
    }
    read_common(vm, &a, false)
}
/// IO.binread(path, length = nil, offset = nil) -> binary string
fn s_binread(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    read_common(vm, a, true)
}

fn read_common(vm: &mut Vm, a: &[Value], binary: bool) -> VmResult {
    let len = a.get(1).copied().filter(|v| !v.is_nil());
    let off = a.get(2).copied().filter(|v| !v.is_nil());
    if let Some(l) = len {
        let n = crate::core::arg_int(vm, l)?;
        if n < 0 {
            return Err(vm.arg_error(&format!("negative length {n} given")));
        }
    }
    reading(vm, a[0], binary, |vm, f| {
        if let Some(o) = off {
            vm.funcall(f, intern("seek"), &[o], None)?;
        }
        let args: Vec<Value> = len.into_iter().collect();
        let s = vm.funcall(f, intern("read"), &args, None)?;
        if binary && type_of(s) == T_STRING {
            string::set_encoding(s, string::Encoding::Binary);
        }
        Ok(s)
    })
}

/// IO.write(path, data, offset = nil, mode: "w") -> bytes written
fn s_write(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let a = a.to_vec();
    let mut mode = None;
    if let Some(h) = kw {
        let m = super::hash::get(vm, h, Value::symbol(intern("mode")))?;
        if !m.is_nil() {
            mode = Some(m);
        }
    }
    write_common(vm, &a, mode, false)
}
/// IO.binwrite(path, data, offset = nil) -> bytes written
fn s_binwrite(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    write_common(vm, a, None, true)
}

fn write_common(vm: &mut Vm, a: &[Value], mode: Option<Value>, binary: bool) -> VmResult {
    if a.len() > 3 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 2..3)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let p = path_arg(vm, a[0])?;
    let off = a.get(2).copied().filter(|v| !v.is_nil());
    let mut om = match mode {
        Some(m) => mode_arg(vm, Some(m))?,
        None => mode_from_str("w").expect("w"),
    };
    if off.is_some() && mode.is_none() {
        // with an offset the file is not truncated (CRuby opens it "r+", creating it)
        om.truncate = false;
    }
    om.mode.binary |= binary;
    let k = file_class(vm);
    let f = open_file(vm, k, &p, &om, 0o666)?;
    let data = a[1];
    with_open(vm, f, |vm, f| {
        if let Some(o) = off {
            vm.funcall(f, intern("seek"), &[o], None)?;
        }
        let n = super::io::write_value(vm, f, data)?;
        Ok(vm.int(n as i64))
    })
}

/// IO.readlines(path, sep = $/, limit = nil, chomp: false) -> array of lines
fn s_readlines(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (rest, kw, mode) = line_read_args(vm, a, kw)?;
    opened(vm, a[0], mode, |vm, f| {
        vm.funcall_maybe_kw(f, intern("readlines"), &rest, None, kw)
    })
}

/// The mode string IO.read and friends open their file with, from the `mode:` and `encoding:`
/// keywords of hash `h` ("r:EXT[:INT]"); nil when neither is given.
fn open_mode_kw(vm: &mut Vm, h: Value) -> VmResult {
    let m = super::hash::get(vm, h, Value::symbol(intern("mode")))?;
    let e = super::hash::get(vm, h, Value::symbol(intern("encoding")))?;
    if e.is_nil() {
        return Ok(m);
    }
    let base = if m.is_nil() {
        "r".to_string()
    } else {
        String::from_utf8_lossy(&super::string::str_arg_vec(vm, m)?).into_owned()
    };
    let name = match super::string_encoding::enc_arg(vm, e) {
        Ok(enc) => enc.name().to_string(),
        Err(_) => String::from_utf8_lossy(&super::string::str_arg_vec(vm, e)?).into_owned(),
    };
    Ok(vm.str_from(format!("{base}:{name}")))
}

/// The arguments of IO.readlines/IO.foreach after the path, the keywords the line reader
/// takes (`chomp:`), and the mode to open with when `mode:` or `encoding:` gave one.
fn line_read_args(
    vm: &mut Vm,
    a: &[Value],
    kw: bool,
) -> VmResult<(Vec<Value>, bool, Option<Value>)> {
    let mut rest = a[1..].to_vec();
    let Some(&h) = rest.last().filter(|&&h| kw && type_of(h) == T_HASH) else {
        return Ok((rest, kw, None));
    };
    let mode = open_mode_kw(vm, h)?;
    if mode.is_nil() {
        return Ok((rest, kw, None));
    }
    vm.stack.push(mode);
    let left = super::hash::new_hash(vm);
    vm.stack.push(left);
    for (k, v) in super::hash::pairs(h) {
        let open_key = ["mode", "encoding", "external_encoding", "internal_encoding"]
            .iter()
            .any(|n| k == Value::symbol(intern(n)));
        if !open_key {
            super::hash::raw_insert(vm, left, k, v)?;
        }
    }
    vm.stack.pop();
    vm.stack.pop();
    rest.pop();
    let keep = !super::hash::pairs(left).is_empty();
    if keep {
        rest.push(left);
    }
    Ok((rest, keep, Some(mode)))
}

/// Opens `path` for reading (with `mode`, a mode string, when given), runs `body`, closes.
fn opened(
    vm: &mut Vm,
    path: Value,
    mode: Option<Value>,
    body: impl FnOnce(&mut Vm, Value) -> VmResult,
) -> VmResult {
    match mode {
        None => reading(vm, path, false, body),
        Some(m) => {
            let k = file_class(vm);
            let f = f_s_new(vm, k, &[path, m], None)?;
            with_open(vm, f, body)
        }
    }
}

/// IO.foreach(path, sep = $/, limit = nil, chomp: false) { |line| } -> nil
fn s_foreach(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "foreach", a);
    };
    let kw = vm.take_kw();
    let (rest, kw, mode) = line_read_args(vm, a, kw)?;
    let b = b.clone();
    opened(vm, a[0], mode, move |vm, f| {
        let m = intern("each_line");
        vm.funcall_maybe_kw(f, m, &rest, Some(b), kw)?;
        Ok(Value::NIL)
    })
}

/// An IO argument of copy_stream: an IO object, or a path opened for the copy.
fn stream_arg(vm: &mut Vm, v: Value, write: bool) -> VmResult<(Value, bool)> {
    let method = if write { "write" } else { "readpartial" };
    if stream_of(v).is_some() || (type_of(v) != T_STRING && vm.responds(v, intern(method), false)) {
        return Ok((v, false));
    }
    let p = path_arg(vm, v)?;
    let om = mode_from_str(if write { "w" } else { "r" }).expect("mode");
    let k = file_class(vm);
    Ok((open_file(vm, k, &p, &om, 0o666)?, true))
}

/// IO.copy_stream(src, dst, copy_length = nil, src_offset = nil) -> bytes copied
fn s_copy_stream(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let limit = match a.get(2) {
        // a negative length copies everything, as nil does
        Some(&v) if !v.is_nil() => usize::try_from(crate::core::arg_int(vm, v)?).ok(),
        _ => None,
    };
    // Files opened here for a path are rooted on the stack: a duck-typed end's Ruby code can
    // collect, and a collected File closes its descriptor
    let depth = vm.stack.len();
    let (src, close_src) = stream_arg(vm, a[0], false)?;
    vm.stack.push(src);
    let r = (|| {
        let (dst, close_dst) = stream_arg(vm, a[1], true)?;
        vm.stack.push(dst);
        let r = copy(vm, src, dst, limit, a.get(3).copied());
        if close_dst {
            close(vm, dst)?;
        }
        r
    })();
    if close_src {
        close(vm, src)?;
    }
    vm.stack.truncate(depth);
    let n = r?;
    Ok(vm.int(n as i64))
}

fn copy(
    vm: &mut Vm,
    src: Value,
    dst: Value,
    limit: Option<usize>,
    off: Option<Value>,
) -> VmResult<usize> {
    let off = off.filter(|v| !v.is_nil());
    if stream_of(src).is_none() {
        return copy_from_object(vm, src, dst, limit);
    }
    // with an offset the source is read there and keeps its position (CRuby uses pread)
    let saved = match off {
        Some(o) => {
            let p = vm.funcall(src, intern("pos"), &[], None)?;
            vm.funcall(src, intern("seek"), &[o], None)?;
            Some(p)
        }
        None => None,
    };
    let r = copy_stream_bytes(vm, src, dst, limit);
    if let Some(p) = saved {
        vm.funcall(src, intern("seek"), &[p], None)?;
    }
    r
}

fn copy_stream_bytes(vm: &mut Vm, src: Value, dst: Value, limit: Option<usize>) -> VmResult<usize> {
    let s = open_stream(vm, src)?;
    if !s.mode.read {
        return Err(vm.raise_str(vm.c.io_error, "not opened for reading"));
    }
    let mut buf = Vec::with_capacity(BUF_CAPA * 2);
    let mut total = 0;
    loop {
        let want = limit.map_or(BUF_CAPA * 2, |l| l.saturating_sub(total).min(BUF_CAPA * 2));
        if want == 0 {
            break;
        }
        with_stats(vm, s, "io_fread", |s, t| s.read_n(want, &mut buf, true, t))?;
        if buf.is_empty() {
            break;
        }
        write_out(vm, dst, &buf)?;
        total += buf.len();
    }
    Ok(total)
}

/// Writes a chunk to copy_stream's destination: an IO, or any object's `write`.
fn write_out(vm: &mut Vm, dst: Value, bytes: &[u8]) -> VmResult<()> {
    if stream_of(dst).is_some() {
        return write_bytes(vm, dst, bytes, false);
    }
    let s = vm.str_new(bytes);
    vm.funcall(dst, intern("write"), &[s], None)?;
    Ok(())
}

/// copy_stream from an object that is not an IO: its `readpartial` until EOFError.
fn copy_from_object(vm: &mut Vm, src: Value, dst: Value, limit: Option<usize>) -> VmResult<usize> {
    let eof = vm
        .class_data(vm.c.object)
        .const_get(intern("EOFError"))
        .expect("EOFError");
    let mut total = 0;
    loop {
        // a readpartial that returns more than asked for ends the copy (CRuby loops forever)
        let want = limit.map_or(BUF_CAPA * 2, |l| l.saturating_sub(total).min(BUF_CAPA * 2));
        if want == 0 {
            break;
        }
        let n = Value::fixnum(want as i64);
        let chunk = match vm.funcall(src, intern("readpartial"), &[n], None) {
            Ok(c) => c,
            Err(unw)
                if let crate::vm::frame::UnwindKind::Raise(x) = *unw.kind()
                    && vm.is_a(x, eof) =>
            {
                break;
            }
            Err(e) => return Err(e),
        };
        if chunk.is_nil() {
            break;
        }
        let bytes = crate::core::string::str_arg_vec(vm, chunk)?;
        write_out(vm, dst, &bytes)?;
        total += bytes.len();
    }
    Ok(total)
}
