//! String methods that read the receiver: byte access (getbyte, byteindex, byterindex, each_byte),
//! rindex, casecmp/casecmp?, codepoints, each_grapheme_cluster, sum, crypt, chr, to_f, upto,
//! `String.new`, and the String-like methods of Symbol that go through its name.

use super::object::is_string;
use super::string::{char_offsets, implicit_str, str_arg, str_arg_vec, utf8_char_len};
use crate::object::string::{self, CodeRange, Encoding};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

pub const TABLE: &[M] = &[
    ("getbyte", s_getbyte, 1, 1),
    ("byteindex", s_byteindex, 1, 2),
    ("byterindex", s_byterindex, 1, 2),
    ("each_byte", each_byte, 0, 0),
    ("rindex", s_rindex, 1, 2),
    ("casecmp", s_casecmp, 1, 1),
    ("casecmp?", s_casecmp_p, 1, 1),
    ("codepoints", s_codepoints, 0, 0),
    ("each_codepoint", s_each_codepoint, 0, 0),
    ("grapheme_clusters", s_grapheme_clusters, 0, 0),
    ("each_grapheme_cluster", s_each_grapheme_cluster, 0, 0),
    ("sum", s_sum, 0, 1),
    ("crypt", s_crypt, 1, 1),
    ("chr", s_chr, 0, 0),
    ("to_f", s_to_f, 0, 0),
    ("upto", s_upto, 1, 2),
    ("initialize", s_initialize, 0, -1),
];

const SYMBOL: &[M] = &[
    ("casecmp", sym_casecmp, 1, 1),
    ("casecmp?", sym_casecmp_p, 1, 1),
    ("encoding", sym_encoding, 0, 0),
    ("next", sym_next, 0, 0),
    ("slice", sym_slice, 1, 2),
    ("==", sym_eq, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let (s, y) = (vm.c.string, vm.c.symbol);
    vm.define_natives(s, TABLE);
    vm.define_natives(y, SYMBOL);
}

/// str.getbyte(index) -> integer or nil
fn s_getbyte(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let i = super::arg_int(vm, a[0])?;
    let b = string::bytes(&vm.heap, s);
    let p = if i < 0 { i + b.len() as i64 } else { i };
    Ok(if p < 0 || p >= b.len() as i64 {
        Value::NIL
    } else {
        Value::fixnum(b[p as usize] as i64)
    })
}

/// Whether byte offset `p` of `s` starts a character (IndexError for byteindex otherwise).
fn char_boundary(vm: &Vm, s: Value, p: usize) -> bool {
    let b = string::bytes(&vm.heap, s);
    p >= b.len() || string::encoding(s) != Encoding::Utf8 || (b[p] & 0xc0) != 0x80
}

/// str.byteindex(substring, offset = 0) -> integer or nil
fn s_byteindex(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    // the offset is converted first (it may run Ruby code), and out of range answers nil
    // before the needle is looked at, as CRuby's rb_str_byteindex_m
    let n = string::len(s) as i64;
    let off = match a.get(1) {
        Some(&o) => super::arg_int(vm, o)?,
        None => 0,
    };
    let p = if off < 0 { off + n } else { off };
    if p < 0 || p > n {
        return Ok(Value::NIL);
    }
    if !char_boundary(vm, s, p as usize) {
        let k = vm.c.index_error;
        return Err(vm.raise_str(
            k,
            &format!("offset {off} does not land on character boundary"),
        ));
    }
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::byte_index(vm, s, a[0], p as usize, false);
    }
    let needle = str_arg(vm, a[0])?;
    // the needle's to_str may have shortened the receiver: nothing is found past its end
    let Some(hay) = vm.bytes(s).get(p as usize..) else {
        return Ok(Value::NIL);
    };
    Ok(match memchr::memmem::find(hay, vm.bytes(needle)) {
        Some(k) => Value::fixnum(p + k as i64),
        None => Value::NIL,
    })
}

/// str.byterindex(substring, offset = bytesize) -> integer or nil
fn s_byterindex(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = string::len(s) as i64;
    let off = match a.get(1) {
        Some(&o) => super::arg_int(vm, o)?,
        None => n,
    };
    let p = if off < 0 { off + n } else { off };
    if p < 0 {
        return Ok(Value::NIL);
    }
    let p = p.min(n) as usize;
    if !char_boundary(vm, s, p) {
        let k = vm.c.index_error;
        return Err(vm.raise_str(
            k,
            &format!("offset {off} does not land on character boundary"),
        ));
    }
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::byte_index(vm, s, a[0], p, true);
    }
    let needle = str_arg(vm, a[0])?;
    let (b, needle) = (vm.bytes(s), vm.bytes(needle));
    let end = (p + needle.len()).min(b.len());
    Ok(match memchr::memmem::rfind(&b[..end], needle) {
        Some(k) => Value::fixnum(k as i64),
        None => Value::NIL,
    })
}

pub(super) fn each_byte(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_byte", &[]);
    };
    // the length is read at each step: the block may change the string
    let mut i = 0;
    vm.yield_each(b, &mut |vm, _| {
        let Some(&byte) = string::bytes(&vm.heap, s).get(i) else {
            return Ok(None);
        };
        i += 1;
        Ok(Some(YieldArgs::one(Value::fixnum(byte as i64))))
    })?;
    Ok(s)
}

/// str.rindex(substring, position = length) -> character index of the last occurrence at or
/// before `position`, or nil
fn s_rindex(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    // the position first, as CRuby's rb_str_rindex_m (converting it may run Ruby code)
    let n0 = super::string::char_len(vm, s) as i64;
    let pos = match a.get(1) {
        Some(&o) => super::arg_int(vm, o)?,
        None => n0,
    };
    let pos = if pos < 0 { pos + n0 } else { pos };
    if super::regexp::is_regexp(a[0]) {
        return super::string_regexp::rindex(vm, s, a[0], pos);
    }
    if pos < 0 {
        return Ok(Value::NIL);
    }
    let needle = str_arg(vm, a[0])?;
    let offs = char_offsets(vm, s);
    let n = offs.len() as i64 - 1;
    let start = offs[pos.min(n) as usize];
    let (b, needle) = (vm.bytes(s), vm.bytes(needle));
    let end = (start + needle.len()).min(b.len());
    Ok(match memchr::memmem::rfind(&b[..end], needle) {
        Some(k) => Value::fixnum(offs.binary_search(&k).unwrap_or(0) as i64),
        None => Value::NIL,
    })
}

/// str.casecmp(other) -> -1, 0, 1 or nil (ASCII case folded)
fn s_casecmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = implicit_str(vm, a[0])? else {
        return Ok(Value::NIL);
    };
    let x = string::bytes(&vm.heap, s).to_ascii_lowercase();
    let y = string::bytes(&vm.heap, o).to_ascii_lowercase();
    Ok(Value::fixnum(x.cmp(&y) as i64))
}
/// str.casecmp?(other) -> true, false or nil (Unicode case folded)
fn s_casecmp_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = implicit_str(vm, a[0])? else {
        return Ok(Value::NIL);
    };
    let fold = |v: Value| String::from_utf8_lossy(string::bytes(&vm.heap, v)).to_lowercase();
    Ok(Value::bool(fold(s) == fold(o)))
}

/// The codepoints of `s` (ArgumentError "invalid byte sequence in UTF-8" for broken strings).
fn codepoints(vm: &mut Vm, s: Value) -> VmResult<Vec<Value>> {
    let b = string::bytes(&vm.heap, s);
    if string::encoding(s) != Encoding::Utf8 {
        return Ok(b.iter().map(|&x| Value::fixnum(x as i64)).collect());
    }
    if string::code_range(s) == CodeRange::Broken {
        return Err(vm.arg_error("invalid byte sequence in UTF-8"));
    }
    let t = std::str::from_utf8(b).expect("valid");
    Ok(t.chars().map(|c| Value::fixnum(c as i64)).collect())
}
fn s_codepoints(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_some() {
        return s_each_codepoint(vm, s, a, b);
    }
    let cps = codepoints(vm, s)?;
    Ok(vm.ary_new(cps))
}
fn s_each_codepoint(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_codepoint", &[]);
    };
    // CRuby's rb_str_enumerate_codepoints: a single-byte string is its bytes, read live (a
    // block may change it); any other is decoded from the receiver as it was
    if super::string::single_byte(s) {
        return each_byte(vm, s, a, Some(b));
    }
    let mut cps = codepoints(vm, s)?.into_iter();
    vm.yield_each(b, &mut |_, _| Ok(cps.next().map(YieldArgs::one)))?;
    Ok(s)
}

/// The extended grapheme clusters of `s` (each invalid byte is its own cluster).
fn clusters(vm: &Vm, s: Value) -> Vec<(usize, usize)> {
    let b = string::bytes(&vm.heap, s);
    let utf8 = string::encoding(s) == Encoding::Utf8;
    let text = if utf8 {
        std::str::from_utf8(b).ok()
    } else {
        None
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let en = cluster_end(b, text, utf8, i);
        out.push((i, en));
        i = en;
    }
    out
}

/// The end of the grapheme cluster that starts at `at` (a boundary before the end) in `b`:
/// by Unicode's rules when `text` is `b` as valid UTF-8, else one character (a UTF-8 sequence
/// or an invalid byte when `utf8`, else a byte).
fn cluster_end(b: &[u8], text: Option<&str>, utf8: bool, at: usize) -> usize {
    match text {
        Some(t) => unicode_segmentation::GraphemeCursor::new(at, t.len(), true)
            .next_boundary(t, 0)
            .ok()
            .flatten()
            .unwrap_or(t.len()),
        None if utf8 => at + utf8_char_len(&b[at..]),
        None => at + 1,
    }
}
fn s_grapheme_clusters(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_some() {
        return s_each_grapheme_cluster(vm, s, a, b);
    }
    let out = vm.ary_new_capa(0);
    for (st, en) in clusters(vm, s) {
        let g = vm.str_copy(s, st, en - st);
        string::copy_encoding(g, s);
        crate::object::heap::rarray(out).vec.push(g);
    }
    Ok(out)
}
fn s_each_grapheme_cluster(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_grapheme_cluster", &[]);
    };
    // the clusters are the receiver's as it was: a block that changes it does not change them
    // (one copy of its bytes; each step finds the next cluster)
    let snap = vm.bytes(s).to_vec();
    let utf8 = string::encoding(s) == Encoding::Utf8;
    let text = if utf8 {
        String::from_utf8(snap).map_err(|e| e.into_bytes())
    } else {
        Err(snap)
    };
    let mut at = 0;
    vm.yield_each(b, &mut |vm, _| {
        let bytes = match &text {
            Ok(t) => t.as_bytes(),
            Err(b) => b,
        };
        if at >= bytes.len() {
            return Ok(None);
        }
        let en = cluster_end(bytes, text.as_ref().ok().map(String::as_str), utf8, at);
        let g = vm.str_new(&bytes[at..en]);
        string::copy_encoding(g, s);
        at = en;
        Ok(Some(YieldArgs::one(g)))
    })?;
    Ok(s)
}

/// str.sum(bits = 16) -> the sum of the bytes modulo 2**bits
fn s_sum(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let bits = match a.first() {
        Some(&b) => super::arg_int(vm, b)?,
        None => 16,
    };
    let total: u64 = string::bytes(&vm.heap, s).iter().map(|&b| b as u64).sum();
    if bits <= 0 || bits >= 63 {
        return Ok(vm.int(total as i64));
    }
    Ok(vm.int((total & ((1u64 << bits) - 1)) as i64))
}

/// str.crypt(salt) -> the crypt(3) hash of the string (a binary String), from the system's
/// libcrypt as CRuby's: DES for a two-character salt, `$1$`, `$5$`, `$6$`, `$2b$`, `$y$`...
fn s_crypt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let salt = str_arg_vec(vm, a[0])?;
    let phrase = string::bytes(&vm.heap, s).to_vec();
    if phrase.contains(&0) {
        return Err(vm.raise_str(vm.c.argument_error, "string contains null byte"));
    }
    // the salt is read as a C string: it ends at its first NUL
    let salt = &salt[..salt.iter().position(|&b| b == 0).unwrap_or(salt.len())];
    if salt.len() < 2 {
        return Err(vm.raise_str(vm.c.argument_error, "salt too short (need >=2 bytes)"));
    }
    match crate::object::os::crypt(&phrase, salt) {
        Ok(out) => {
            let r = vm.str_new(&out);
            string::set_encoding(r, Encoding::Binary);
            Ok(r)
        }
        Err(e) => Err(super::errno::raise(vm, e, None, "crypt")),
    }
}

/// str.chr -> the first character
fn s_chr(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = string::bytes(&vm.heap, s);
    if b.is_empty() {
        return Ok(vm.str_new(b""));
    }
    let n = string::encoding(s).char_len(b);
    Ok(vm.substr(s, 0, n))
}

/// str.to_f -> the Float its leading numeric part reads as (0.0 when none)
fn s_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = String::from_utf8_lossy(string::bytes(&vm.heap, s));
    let t = t.trim_start();
    let b = t.as_bytes();
    let mut end = 0;
    let mut seen_digit = false;
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits = |i: &mut usize, seen: &mut bool| {
        while *i < b.len() && (b[*i].is_ascii_digit() || (b[*i] == b'_' && *seen)) {
            if b[*i].is_ascii_digit() {
                *seen = true;
            }
            *i += 1;
        }
    };
    digits(&mut i, &mut seen_digit);
    if seen_digit {
        end = i;
    }
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i += 1;
        digits(&mut i, &mut seen_digit);
        end = i;
    } else if seen_digit && i < b.len() && b[i] == b'.' {
        i += 1; // "1.e5": strtod takes a point with no digits after it
    }
    if seen_digit && i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let mut exp = false;
        digits(&mut j, &mut exp);
        if exp {
            end = j;
        }
    }
    let mut text: String = t[..end].chars().filter(|&c| c != '_').collect();
    if let Some(rest) = text.strip_prefix('.') {
        text = format!("0.{rest}");
    } else if let Some(rest) = text.strip_prefix("-.") {
        text = format!("-0.{rest}");
    } else if let Some(rest) = text.strip_prefix("+.") {
        text = format!("0.{rest}");
    }
    let f = text.parse::<f64>().unwrap_or(0.0);
    Ok(vm.float(f))
}

/// str.upto(last, exclusive = false) { |s| } -> str (the succ sequence up to last)
fn s_upto(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "upto", a);
    };
    let last = str_arg_vec(vm, a[0])?;
    let exclusive = a.get(1).is_some_and(|v| v.truthy());
    let first = string::bytes(&vm.heap, s).to_vec();
    // one ASCII character each: the characters in between (rb_str_upto_each)
    if first.len() == 1 && last.len() == 1 && first[0] < 0x80 && last[0] < 0x80 {
        let (mut c, e) = (first[0], last[0]);
        if c > e || (exclusive && c == e) {
            return Ok(s);
        }
        loop {
            let piece = vm.str_new(&[c]);
            vm.yield_block(b, &[piece])?;
            if !exclusive && c == e {
                break;
            }
            c += 1;
            if exclusive && c == e {
                break;
            }
        }
        return Ok(s);
    }
    // both all digits: count as integers, keeping the first one's width
    let numeric = |t: &[u8]| !t.is_empty() && t.iter().all(u8::is_ascii_digit);
    if numeric(&first) && numeric(&last) && first.len() <= 18 && last.len() <= 18 {
        let (x, y): (u64, u64) = (
            String::from_utf8_lossy(&first).parse().unwrap_or(0),
            String::from_utf8_lossy(&last).parse().unwrap_or(0),
        );
        let width = first.len();
        let mut i = x;
        while i < y || (!exclusive && i == y) {
            let piece = vm.str_from(format!("{i:0width$}"));
            vm.yield_block(b, &[piece])?;
            i += 1;
        }
        return Ok(s);
    }
    let order = first.cmp(&last);
    if order == std::cmp::Ordering::Greater || (exclusive && order == std::cmp::Ordering::Equal) {
        return Ok(s);
    }
    let after_end = crate::core::range::str_succ(&last);
    let mut cur = first;
    while cur != after_end {
        let next = if exclusive || cur != last {
            Some(crate::core::range::str_succ(&cur))
        } else {
            None
        };
        let piece = vm.str_new(&cur);
        vm.yield_block(b, &[piece])?;
        let Some(n) = next else { break };
        cur = n;
        if (exclusive && cur == last) || cur.len() > last.len() || cur.is_empty() {
            break;
        }
    }
    Ok(s)
}

/// String.new(str = "", encoding: nil, capacity: nil) -> a new String (a copy of str)
fn s_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if a.len() > 1 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let mut enc = None;
    let mut capacity = 0;
    if let Some(h) = kw {
        super::numeric::check_keywords(vm, h, &["encoding", "capacity"])?;
        let e = super::hash::get(vm, h, Value::symbol(intern("encoding")))?;
        if !e.is_nil() {
            enc = Some(super::string_encoding::enc_arg(vm, e)?);
        }
        let c = super::hash::get(vm, h, Value::symbol(intern("capacity")))?;
        if !c.is_nil() {
            capacity = super::arg_int(vm, c)?.max(0) as usize;
        }
    }
    let init = match a.first() {
        Some(&v) => Some(str_arg_vec(vm, v)?),
        None => None,
    };
    if let Some(bytes) = &init {
        let mut buf = Vec::with_capacity(capacity.max(bytes.len()));
        buf.extend_from_slice(bytes);
        string::set_bytes(&mut vm.heap, s, buf);
        if let Some(&v) = a.first()
            && is_string(v)
        {
            string::set_encoding(s, string::encoding(v));
        }
    } else if capacity > string::EMBED_MAX {
        string::set_bytes(&mut vm.heap, s, Vec::with_capacity(capacity));
    }
    match enc {
        Some(e) => string::set_encoding(s, e),
        None if init.is_none() => string::set_encoding(s, Encoding::Binary),
        None => {}
    }
    Ok(Value::NIL)
}

// ---- Symbol ----

fn sym_str(vm: &mut Vm, s: Value) -> Value {
    vm.str_from(sym_name(s.as_symbol_id()))
}
fn sym_casecmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !a[0].is_symbol() {
        return Ok(Value::NIL);
    }
    let (x, y) = (sym_str(vm, s), sym_str(vm, a[0]));
    s_casecmp(vm, x, &[y], None)
}
fn sym_casecmp_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !a[0].is_symbol() {
        return Ok(Value::NIL);
    }
    let (x, y) = (sym_str(vm, s), sym_str(vm, a[0]));
    s_casecmp_p(vm, x, &[y], None)
}
fn sym_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let e = if sym_name(s.as_symbol_id()).is_ascii() {
        Encoding::UsAscii
    } else {
        Encoding::Utf8
    };
    Ok(super::string_encoding::encoding_object(vm, e))
}
fn sym_next(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("succ"), &[], None)
}
fn sym_slice(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("[]"), a, None)
}
fn sym_eq(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s == a[0]))
}
