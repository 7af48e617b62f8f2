//! Zlib::GzipReader.

use super::*;

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

pub(super) struct GzReader {
    io: Value,
    member: Member,
    pos: usize,
    lineno: i64,
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
        let b = crate::core::string::str_arg(vm, buf)?;
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
