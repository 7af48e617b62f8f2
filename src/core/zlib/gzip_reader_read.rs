//! Zlib::GzipReader's reading methods, cut from the reader's output buffer
//! (`gzip_reader.rs`), each reading more of the IO only when the buffer cannot answer, as
//! CRuby's do: `read`/`readpartial` (binary pieces; `read` with no length gives the rest in the
//! default external encoding), `gets` and its family (CRuby's own line cutter: a separator, a
//! limit extended to a whole UTF-8 character, paragraph mode; no `chomp:`), characters and
//! bytes, `ungetc`/`ungetbyte` (pushed in front of the buffer and kept out of the CRC), and
//! `eof?`, `pos`, `lineno`. An `outbuf` argument is also what the IO reads into, as in CRuby.

use super::gzip_reader::{GzReader, end_reached, fill, gr, read_more};
use super::*;

fn g(s: Value) -> &'static mut GzReader {
    payload::<GzReader>(s).expect("a GzipReader")
}

/// A String of `bytes` in the default external encoding (what gets and read-to-the-end give).
fn text_str(vm: &mut Vm, bytes: Vec<u8>) -> Value {
    let v = vm.str_from_vec(bytes);
    if vm.external_binary {
        string::set_encoding(v, Encoding::Binary);
    }
    v
}

/// The largest character of the default external encoding, in bytes.
fn max_char_len(vm: &Vm) -> usize {
    if vm.external_binary { 1 } else { 4 }
}

/// The optional `outbuf` argument: a String, or nil.
fn outbuf_arg(vm: &mut Vm, v: Option<Value>) -> VmResult<Value> {
    match v {
        Some(b) if !b.is_nil() => crate::core::string::str_arg(vm, b),
        _ => Ok(Value::NIL),
    }
}

/// `bytes` as a binary String, or put into `outbuf` (made binary) when one was given.
fn piece(vm: &mut Vm, bytes: Vec<u8>, outbuf: Value) -> Value {
    if outbuf.is_nil() {
        return binary(vm, bytes);
    }
    string::replace(&mut vm.heap, outbuf, &bytes);
    string::set_encoding(outbuf, Encoding::Binary);
    outbuf
}

fn length_arg(vm: &mut Vm, v: Value) -> VmResult<usize> {
    let n = crate::core::arg_int(vm, v)?;
    if n < 0 {
        return Err(vm.arg_error(&format!("negative length {n} given")));
    }
    Ok(n as usize)
}

/// Up to `n` bytes (gzfile_read): None at the end (the trailer checked then).
fn read_n(vm: &mut Vm, s: Value, n: usize, outbuf: Value) -> VmResult<Option<Vec<u8>>> {
    match fill(vm, s, n, outbuf)? {
        None => Ok(None),
        Some(k) => Ok(Some(g(s).shift(k))),
    }
}

/// Everything to the end of the member (gzfile_read_all): None once at the end.
fn read_all(vm: &mut Vm, s: Value, outbuf: Value) -> VmResult<Option<Vec<u8>>> {
    while !g(s).finished() {
        read_more(vm, s, outbuf)?;
    }
    if end_reached(vm, s, outbuf)? {
        return Ok(None);
    }
    let n = g(s).buffered();
    Ok(Some(g(s).shift(n)))
}

/// gz.read(length = nil, outbuf = nil) -> string or nil
pub(super) fn gr_read(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?;
    let outbuf = outbuf_arg(vm, a.get(1).copied())?;
    let len = match a.first() {
        Some(&v) if !v.is_nil() => length_arg(vm, v)?,
        _ => {
            return match read_all(vm, s, outbuf)? {
                Some(data) => Ok(text_str(vm, data)),
                None if outbuf.is_nil() => Ok(text_str(vm, Vec::new())),
                None => {
                    string::replace(&mut vm.heap, outbuf, b"");
                    Ok(outbuf)
                }
            };
        }
    };
    match read_n(vm, s, len, outbuf)? {
        Some(bytes) => Ok(piece(vm, bytes, outbuf)),
        None => {
            if !outbuf.is_nil() {
                string::replace(&mut vm.heap, outbuf, b"");
            }
            Ok(Value::NIL)
        }
    }
}

/// gz.readpartial(maxlen, outbuf = nil) -> string; EOFError at the end
pub(super) fn gr_readpartial(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?;
    let len = length_arg(vm, a[0])?;
    let outbuf = outbuf_arg(vm, a.get(1).copied())?;
    if len == 0 {
        return Ok(piece(vm, Vec::new(), outbuf));
    }
    while !g(s).finished() && g(s).buffered() == 0 {
        read_more(vm, s, outbuf)?;
    }
    if end_reached(vm, s, outbuf)? {
        if !outbuf.is_nil() {
            string::replace(&mut vm.heap, outbuf, b"");
        }
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    let bytes = g(s).shift(len);
    Ok(piece(vm, bytes, outbuf))
}

/// gets' arguments as CRuby's gzreader_gets reads them: the separator (nil: none) and the
/// limit (negative: none); a keyword hash is taken as a limit (a TypeError).
fn gets_args(vm: &mut Vm, a: &[Value]) -> VmResult<(Option<Vec<u8>>, i64)> {
    let global = |vm: &mut Vm| vm.gvar_id_get(crate::sym!("$/"));
    if a.len() > 2 {
        // CRuby scans the arguments it was given as "11"
        let msg = format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let (mut rs, mut lim) = match a {
        [] => (global(vm), Value::NIL),
        [r] => (*r, Value::NIL),
        [r, l, ..] => (*r, *l),
    };
    if !lim.is_nil() {
        if !rs.is_nil() {
            rs = crate::core::string::str_arg(vm, rs)?;
        }
    } else if !rs.is_nil() {
        match crate::core::string::implicit_str(vm, rs)? {
            Some(t) => rs = t,
            None => {
                lim = rs;
                rs = global(vm);
            }
        }
    }
    let limit = if lim.is_nil() {
        -1
    } else {
        crate::core::arg_int(vm, lim)?
    };
    let sep = if rs.is_nil() {
        None
    } else {
        Some(vm.bytes(rs).to_vec())
    };
    Ok((sep, limit))
}

/// How one UTF-8 character at the start of `b` reads (rb_enc_precise_mbclen).
enum CharLen {
    Found(usize),
    /// `b` ends inside a valid start: this many more bytes are needed.
    NeedMore(usize),
    Invalid,
}

fn utf8_char_len(b: &[u8]) -> CharLen {
    let Some(&c) = b.first() else {
        return CharLen::NeedMore(1);
    };
    let (len, lo, hi) = match c {
        0x00..=0x7f => return CharLen::Found(1),
        0xc2..=0xdf => (2, 0x80, 0xbf),
        0xe0 => (3, 0xa0, 0xbf),
        0xed => (3, 0x80, 0x9f),
        0xe1..=0xef => (3, 0x80, 0xbf),
        0xf0 => (4, 0x90, 0xbf),
        0xf4 => (4, 0x80, 0x8f),
        0xf1..=0xf3 => (4, 0x80, 0xbf),
        _ => return CharLen::Invalid,
    };
    for (i, &x) in b.iter().enumerate().take(len).skip(1) {
        let (l, h) = if i == 1 { (lo, hi) } else { (0x80, 0xbf) };
        if x < l || x > h {
            return CharLen::Invalid;
        }
    }
    if b.len() < len {
        return CharLen::NeedMore(len - b.len());
    }
    CharLen::Found(len)
}

/// A line cut after `n` bytes, moved to the end of the character it would split
/// (gzreader_charboundary), reading more when that character is not all buffered.
fn char_boundary(vm: &mut Vm, s: Value, n: usize) -> VmResult<usize> {
    let buf = g(s).pending();
    if n >= buf.len() {
        return Ok(n);
    }
    let mut l = n;
    while l > 0 && buf[l] & 0xc0 == 0x80 {
        l -= 1;
    }
    if l < n {
        match utf8_char_len(&buf[l..]) {
            CharLen::NeedMore(k) => {
                if let Some(m) = fill(vm, s, n + k, Value::NIL)?
                    && m > 0
                {
                    return Ok(m);
                }
            }
            CharLen::Found(len) => return Ok(l + len),
            CharLen::Invalid => {}
        }
    }
    Ok(n)
}

/// Drops the newlines in front of the next paragraph (gzreader_skip_linebreaks).
fn skip_linebreaks(vm: &mut Vm, s: Value) -> VmResult<()> {
    loop {
        while g(s).buffered() == 0 {
            if g(s).at_end() {
                return Ok(());
            }
            read_more(vm, s, Value::NIL)?;
        }
        let buf = g(s).pending();
        let k = buf.iter().take_while(|&&c| c == b'\n').count();
        let all = k == buf.len();
        g(s).shift(k);
        if !all {
            return Ok(());
        }
    }
}

/// Finds where the line ends for separator `sep` and `limit` (negative: none), reading more
/// only when the buffer holds neither (the scan of CRuby's gzreader_gets).
fn line_end(vm: &mut Vm, s: Value, sep: &[u8], limit: i64) -> VmResult<usize> {
    let rslen = sep.len();
    let mut n = rslen;
    loop {
        if n > g(s).buffered() {
            if g(s).finished() {
                return Ok(n);
            }
            read_more(vm, s, Value::NIL)?;
        }
        let buffered = g(s).buffered();
        let filled = if limit > 0 {
            buffered.min(limit as usize)
        } else {
            buffered
        };
        let p = n - rslen;
        let count = (filled + 1).saturating_sub(n);
        let buf = g(s).pending();
        match memchr::memchr(sep[0], &buf[p..p + count]) {
            None => {
                n = filled;
                if limit > 0 && filled >= limit as usize {
                    return Ok(n);
                }
                n += 1;
            }
            Some(k) => {
                n += k;
                if rslen == 1 || &buf[p + k..p + k + rslen] == sep {
                    return Ok(n);
                }
                n += 1;
            }
        }
    }
}

/// The next line (gzreader_gets): nil at the end.
fn next_line(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult {
    gr(vm, s)?;
    let (rs, limit) = gets_args(vm, a)?;
    if limit == 0 {
        return Ok(binary(vm, Vec::new()));
    }
    let multibyte = max_char_len(vm) > 1;
    let Some(rs) = rs else {
        let bytes = if limit < 0 {
            match read_all(vm, s, Value::NIL)? {
                Some(data) if !data.is_empty() => data,
                _ => return Ok(Value::NIL),
            }
        } else {
            let limit = limit as usize;
            let Some(n) = fill(vm, s, limit, Value::NIL)?.filter(|&n| n > 0) else {
                return Ok(Value::NIL);
            };
            let n = if multibyte && n >= limit && !g(s).at_end() {
                char_boundary(vm, s, n)?
            } else {
                limit
            };
            g(s).shift(n)
        };
        g(s).lineno += 1;
        return Ok(text_str(vm, bytes));
    };
    let para = rs.is_empty();
    let sep: &[u8] = if para { b"\n\n" } else { &rs };
    if para {
        skip_linebreaks(vm, s)?;
    }
    while g(s).buffered() < sep.len() {
        if g(s).finished() {
            if g(s).buffered() > 0 {
                g(s).lineno += 1;
            }
            return Ok(match read_n(vm, s, sep.len(), Value::NIL)? {
                Some(bytes) => binary(vm, bytes),
                None => Value::NIL,
            });
        }
        read_more(vm, s, Value::NIL)?;
    }
    let mut n = line_end(vm, s, sep, limit)?;
    if multibyte && limit > 0 && n == limit as usize && (g(s).buffered() > n || !g(s).finished()) {
        n = char_boundary(vm, s, n)?;
    }
    g(s).lineno += 1;
    let Some(bytes) = read_n(vm, s, n, Value::NIL)? else {
        return Ok(Value::NIL);
    };
    if para {
        skip_linebreaks(vm, s)?;
    }
    Ok(text_str(vm, bytes))
}

/// gz.gets(sep = $/, limit = nil) -> string or nil (sets $_ to a line read)
pub(super) fn gr_gets(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = next_line(vm, s, a)?;
    if !line.is_nil() {
        vm.gvar_id_set(crate::sym!("$_"), line);
    }
    Ok(line)
}

/// gz.readline(sep = $/, limit = nil) -> string; EOFError at the end
pub(super) fn gr_readline(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let line = gr_gets(vm, s, a, None)?;
    if line.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(line)
}

/// gz.readlines(sep = $/, limit = nil) -> array
pub(super) fn gr_readlines(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    let keep = vm.stack.len();
    vm.stack.push(out);
    let r = (|| loop {
        let line = next_line(vm, s, a)?;
        if line.is_nil() {
            return Ok(out);
        }
        crate::object::heap::rarray(out).vec.push(line);
    })();
    vm.stack.truncate(keep);
    r
}

/// gz.each_line(sep = $/, limit = nil) { |line| ... } -> gz (its enumerator, as CRuby's,
/// takes no arguments)
pub(super) fn gr_each_line(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_line", &[]);
    };
    loop {
        let line = next_line(vm, s, a)?;
        if line.is_nil() {
            return Ok(s);
        }
        vm.yield_block(b, &[line])?;
    }
}

/// The next character (gzfile_getc): nil at the end.
fn next_char(vm: &mut Vm, s: Value) -> VmResult {
    gr(vm, s)?;
    let max = max_char_len(vm);
    while !g(s).finished() && g(s).buffered() < max {
        read_more(vm, s, Value::NIL)?;
    }
    if end_reached(vm, s, Value::NIL)? {
        return Ok(Value::NIL);
    }
    let len = match utf8_char_len(g(s).pending()) {
        CharLen::Found(n) if max > 1 => n,
        _ => 1,
    };
    match read_n(vm, s, len, Value::NIL)? {
        Some(bytes) => Ok(text_str(vm, bytes)),
        None => Ok(Value::NIL),
    }
}

/// gz.getc -> string or nil
pub(super) fn gr_getc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    next_char(vm, s)
}

/// gz.readchar -> string; EOFError at the end
pub(super) fn gr_readchar(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = next_char(vm, s)?;
    if c.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(c)
}

/// gz.each_char { |char| ... } -> nil
pub(super) fn gr_each_char(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_char", &[]);
    };
    loop {
        let c = next_char(vm, s)?;
        if c.is_nil() {
            return Ok(Value::NIL);
        }
        vm.yield_block(b, &[c])?;
    }
}

/// gz.getbyte -> integer or nil
pub(super) fn gr_getbyte(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?;
    Ok(match read_n(vm, s, 1, Value::NIL)? {
        Some(b) if !b.is_empty() => Value::fixnum(b[0] as i64),
        _ => Value::NIL,
    })
}

/// gz.readbyte -> integer; EOFError at the end
pub(super) fn gr_readbyte(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = gr_getbyte(vm, s, a, None)?;
    if c.is_nil() {
        return Err(vm.raise_str(vm.c.eof_error, "end of file reached"));
    }
    Ok(c)
}

/// gz.each_byte { |byte| ... } -> nil
pub(super) fn gr_each_byte(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_byte", &[]);
    };
    loop {
        let c = gr_getbyte(vm, s, a, None)?;
        if c.is_nil() {
            return Ok(Value::NIL);
        }
        vm.yield_block(b, &[c])?;
    }
}

/// gz.ungetc(string or integer) -> nil: the bytes are read again next
pub(super) fn gr_ungetc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a[0].is_fixnum() {
        return gr_ungetbyte(vm, s, a, None);
    }
    gr(vm, s)?;
    let bytes = crate::core::string::str_arg_vec(vm, a[0])?;
    g(s).unshift(&bytes);
    Ok(Value::NIL)
}

/// gz.ungetbyte(integer or string) -> nil: the byte (an Integer's low 8 bits, a String's
/// first byte) is read again next
pub(super) fn gr_ungetbyte(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    gr(vm, s)?;
    let c = if crate::core::object::is_string(a[0]) && !vm.bytes(a[0]).is_empty() {
        vm.bytes(a[0])[0]
    } else {
        crate::core::arg_int(vm, a[0])? as u8
    };
    g(s).unshift(&[c]);
    Ok(Value::NIL)
}

/// gz.eof? -> true or false (nothing is read to answer it)
pub(super) fn gr_eof(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(gr(vm, s)?.at_end()))
}

/// gz.pos -> integer (uncompressed bytes read)
pub(super) fn gr_pos(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = gr(vm, s)?.pos();
    Ok(vm.int(n))
}

/// gz.lineno -> integer
pub(super) fn gr_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = gr(vm, s)?.lineno;
    Ok(vm.int(n))
}

/// gz.lineno = integer -> integer
pub(super) fn gr_set_lineno(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::arg_int(vm, a[0])?;
    gr(vm, s)?.lineno = n;
    Ok(a[0])
}
