//! String and Symbol: the methods ordinary programs need (the full String API is its own issue).

use super::object::{is_string, str_of};
use crate::object::string;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const STRING: &[M] = &[
    ("+", s_plus, 1, 1),
    ("*", s_mul, 1, 1),
    ("<<", s_append, 1, 1),
    ("==", s_eq, 1, 1),
    ("===", s_eq, 1, 1),
    ("eql?", s_eq, 1, 1),
    ("<=>", s_cmp, 1, 1),
    ("hash", s_hash, 0, 0),
    ("to_s", s_to_s, 0, 0),
    ("to_str", s_to_s, 0, 0),
    ("inspect", s_inspect, 0, 0),
    ("to_sym", s_to_sym, 0, 0),
    ("intern", s_to_sym, 0, 0),
    ("to_i", s_to_i, 0, 1),
    ("hex", s_hex, 0, 0),
    ("center", s_center, 1, 2),
    ("ljust", s_ljust, 1, 2),
    ("rjust", s_rjust, 1, 2),
    ("include?", s_include_p, 1, 1),
    ("start_with?", s_start_with_p, 0, -1),
    ("end_with?", s_end_with_p, 0, -1),
    ("index", s_index, 1, 2),
    ("reverse", s_reverse, 0, 0),
    ("chars", s_chars, 0, 0),
    ("bytes", s_bytes, 0, 0),
    ("ord", s_ord, 0, 0),
    ("each_char", s_each_char, 0, 0),
    ("oct", s_oct, 0, 0),
    ("length", s_length, 0, 0),
    ("size", s_length, 0, 0),
    ("bytesize", s_bytesize, 0, 0),
    ("empty?", s_empty_p, 0, 0),
    ("freeze", s_freeze, 0, 0),
    ("-@", s_dedup, 0, 0),
    ("dedup", s_dedup, 0, 0),
    ("+@", s_uplus, 0, 0),
    ("succ", s_succ, 0, 0),
    ("next", s_succ, 0, 0),
];

const SYMBOL: &[M] = &[
    ("to_s", sym_to_s, 0, 0),
    ("id2name", sym_to_s, 0, 0),
    ("name", sym_name_m, 0, 0),
    ("to_sym", sym_self, 0, 0),
    ("inspect", sym_inspect, 0, 0),
    ("length", sym_length, 0, 0),
    ("size", sym_length, 0, 0),
    ("<=>", sym_cmp, 1, 1),
    ("to_proc", sym_to_proc, 0, 0),
    ("upcase", sym_upcase, 0, 0),
    ("capitalize", sym_capitalize, 0, 0),
    ("swapcase", sym_swapcase, 0, 0),
    ("downcase", sym_downcase, 0, 0),
    ("succ", sym_succ, 0, 0),
    ("[]", sym_aref, 1, 2),
    ("empty?", sym_empty_p, 0, 0),
    ("start_with?", sym_start_with, 0, -1),
    ("end_with?", sym_end_with, 0, -1),
];

pub fn init(vm: &mut Vm) {
    let (s, y) = (vm.c.string, vm.c.symbol);
    vm.define_natives(s, STRING);
    vm.define_singleton_natives(s, &[("try_convert", s_s_try_convert, 1, 1)]);
    vm.define_natives(s, super::string_slice::TABLE);
    vm.define_natives(s, super::string_tr::TABLE);
    vm.define_natives(s, super::string_mutate::TABLE);
    vm.define_natives(s, super::string_dump::TABLE);
    vm.define_natives(s, super::string_regexp::TABLE);
    vm.define_natives(y, SYMBOL);
    vm.define_natives(y, super::string_regexp::SYMBOL);
    vm.define_singleton_natives(y, &[("all_symbols", sym_s_all_symbols, 0, 0)]);
}

pub(crate) fn check_frozen(vm: &mut Vm, s: Value) -> VmResult<()> {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    Ok(())
}

/// A String argument, converted with `to_str` (TypeError "no implicit conversion of X into
/// String" otherwise). The result is a String Value (`v` itself when it is one); read its bytes
/// with `vm.bytes(s)` where they are needed. A converted result is not rooted: use it before
/// the next call into Ruby, or push it on `vm.stack`.
#[inline]
pub fn str_arg(vm: &mut Vm, v: Value) -> VmResult<Value> {
    if is_string(v) {
        return Ok(v);
    }
    str_arg_converted(vm, v)
}

#[inline(never)]
fn str_arg_converted(vm: &mut Vm, v: Value) -> VmResult<Value> {
    match implicit_str(vm, v)? {
        Some(s) => Ok(s),
        None => Err(vm.conversion_error(v, "String")),
    }
}

/// A copy of the bytes of a String argument (`str_arg`), for cold paths that keep them across
/// calls into Ruby.
pub fn str_arg_vec(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    let s = str_arg(vm, v)?;
    Ok(vm.bytes(s).to_vec())
}

/// `v` as a String through `to_str` (implicit conversion), or None when it has none.
pub fn implicit_str(vm: &mut Vm, v: Value) -> VmResult<Option<Value>> {
    if is_string(v) {
        return Ok(Some(v));
    }
    let id = crate::sym!("to_str");
    if v.is_heap() && vm.responds(v, id, true) {
        let r = vm.funcall(v, id, &[], None)?;
        if is_string(r) {
            return Ok(Some(r));
        }
    }
    Ok(None)
}

/// A pattern argument (split, partition, sub, ...) as a String Value: a String or something
/// with `to_str`; anything else is "wrong argument type X (expected Regexp)", as CRuby's
/// get_pat. As with `str_arg`, a converted result is not rooted.
pub fn pattern_arg(vm: &mut Vm, v: Value) -> VmResult<Value> {
    if let Some(s) = implicit_str(vm, v)? {
        return Ok(s);
    }
    let what = if v.is_nil() {
        "nil".to_string()
    } else if v == Value::TRUE {
        "true".to_string()
    } else if v == Value::FALSE {
        "false".to_string()
    } else {
        let k = vm.real_class(v);
        vm.class_name(k)
    };
    Err(vm.type_error(&format!("wrong argument type {what} (expected Regexp)")))
}

fn s_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = str_arg(vm, a[0])?;
    let enc = if is_string(a[0]) {
        super::string_encoding::check_compatible(vm, s, a[0])?
    } else {
        string::encoding(s)
    };
    let k = vm.c.string;
    let r = string::new_concat(&mut vm.heap, k, s, o);
    if enc != string::Encoding::Utf8 {
        string::set_encoding(r, enc);
    }
    Ok(r)
}
fn s_mul(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("negative argument"));
    }
    let Some(total) = string::len(s)
        .checked_mul(n as usize)
        .filter(|&t| t <= isize::MAX as usize)
    else {
        return Err(vm.arg_error("argument too big"));
    };
    let k = vm.c.string;
    if let Some(r) = string::new_repeated_embedded(&mut vm.heap, k, s, n as usize) {
        string::copy_encoding(r, s);
        return Ok(r);
    }
    let mut buf = super::try_with_capacity(vm, total)?;
    // an empty string repeated any number of times is empty at once
    if total > 0 {
        for _ in 0..n {
            buf.extend_from_slice(string::bytes(&vm.heap, s));
        }
    }
    let r = vm.str_new(&buf);
    string::copy_encoding(r, s);
    Ok(r)
}
fn s_append(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    if a[0].is_fixnum() {
        let o = super::string_mutate::codepoint_bytes(vm, s, a[0].as_fixnum())?;
        string::append(&mut vm.heap, s, &o);
        return Ok(s);
    }
    let o = str_arg(vm, a[0])?;
    let enc = super::string_encoding::check_compatible(vm, s, o)?;
    if enc != string::encoding(s) {
        string::set_encoding(s, enc);
    }
    // straight from the argument's bytes, also when it is `s` itself (`s << s`)
    string::append_str(&mut vm.heap, s, o);
    Ok(s)
}
/// Whether two strings with equal bytes are equal (rb_str_comparable): the same encoding, or
/// both ASCII-only.
pub fn comparable(a: Value, b: Value) -> bool {
    string::encoding(a) == string::encoding(b)
        || (string::code_range(a) == string::CodeRange::SevenBit
            && string::code_range(b) == string::CodeRange::SevenBit)
}

/// CRuby's encoding index (ASCII-8BIT 0, UTF-8 1, US-ASCII 2), which orders equal bytes.
fn encoding_index(v: Value) -> i64 {
    string::encoding(v).list_position() as i64
}

fn s_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(
        is_string(a[0])
            && string::bytes(&vm.heap, s) == string::bytes(&vm.heap, a[0])
            && comparable(s, a[0]),
    ))
}
fn s_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !is_string(a[0]) {
        return Ok(Value::NIL);
    }
    let o = string::bytes(&vm.heap, s).cmp(string::bytes(&vm.heap, a[0])) as i64;
    if o == 0 && !comparable(s, a[0]) {
        return Ok(Value::fixnum(if encoding_index(s) > encoding_index(a[0]) {
            1
        } else {
            -1
        }));
    }
    Ok(Value::fixnum(o))
}
fn s_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}
fn s_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.real_class(s) == vm.c.string {
        return Ok(s);
    }
    Ok(vm.str_dup(s))
}

/// String#inspect: double-quoted with CRuby's escapes.
pub fn inspect_bytes(bytes: &[u8]) -> String {
    inspect_encoded(bytes, string::Encoding::Utf8)
}

/// `String#inspect` for bytes in encoding `enc`, escaping as CRuby: the named escapes, `\#`
/// before `{$@`, other control characters as `\uXXXX` in UTF-8 and `\xXX` otherwise, and every
/// byte that is not part of a valid character as `\xXX`.
pub fn inspect_encoded(bytes: &[u8], enc: string::Encoding) -> String {
    // CRuby's rb_str_inspect with UTF-8 as the result's encoding: UTF-8 text is copied, other
    // encodings' characters escaped (`\u` in a Unicode encoding, `\x` in the others), ASCII
    // copied when the encoding is ASCII-compatible
    let utf8 = enc == string::Encoding::Utf8;
    let (ascii_compat, unicode) = (enc.ascii_compatible(), enc.is_unicode());
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < bytes.len() {
        // an ASCII byte of an ASCII-compatible encoding is its own character (no table read)
        let (n, c) = if bytes[i] < 0x80 && ascii_compat {
            (1, bytes[i] as u32)
        } else {
            let Some(n) = enc.precise_len(&bytes[i..]) else {
                let n = enc.min_len().min(bytes.len() - i);
                for b in &bytes[i..i + n] {
                    out.push_str(&format!("\\x{b:02X}"));
                }
                i += n;
                continue;
            };
            (n, enc.codepoint(&bytes[i..i + n]))
        };
        // the character after a `#` (an interpolation's start is escaped)
        let next = || {
            enc.precise_len(&bytes[i + n..])
                .map(|m| enc.codepoint(&bytes[i + n..i + n + m]))
        };
        let special = match c {
            0x22 if ascii_compat || unicode => Some("\\\""),
            0x5c if ascii_compat || unicode => Some("\\\\"),
            0x23 if (ascii_compat || unicode) && matches!(next(), Some(0x7b | 0x24 | 0x40)) => {
                Some("\\#")
            }
            0x0a => Some("\\n"),
            0x09 => Some("\\t"),
            0x0d => Some("\\r"),
            0x1b => Some("\\e"),
            0x07 => Some("\\a"),
            0x08 => Some("\\b"),
            0x0b => Some("\\v"),
            0x0c => Some("\\f"),
            _ => None,
        };
        if let Some(esc) = special {
            out.push_str(esc);
        } else if (utf8 || ascii_compat) && (0x20..0x7f).contains(&c) {
            out.push(c as u8 as char);
        } else if utf8 && c >= 0x80 {
            out.push_str(std::str::from_utf8(&bytes[i..i + n]).unwrap_or("?"));
        } else if unicode {
            match c {
                0x20..=0x7e => out.push(c as u8 as char),
                0..=0xffff => out.push_str(&format!("\\u{c:04X}")),
                _ => out.push_str(&format!("\\u{{{c:X}}}")),
            }
        } else if c < 0x100 {
            out.push_str(&format!("\\x{c:02X}"));
        } else {
            out.push_str(&format!("\\x{{{c:X}}}"));
        }
        i += n;
    }
    out.push('"');
    out
}
fn s_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = inspect_encoded(string::bytes(&vm.heap, s), string::encoding(s));
    Ok(vm.str_from(t))
}
fn s_to_sym(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::symbol(intern(&str_of(vm, s))))
}
/// str.to_i(base = 10) -> integer: leading whitespace, a sign, a prefix matching the base
/// (base 0 detects it), digits with single underscores between them; stops at the first
/// other character.
fn s_to_i(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let base = match a.first() {
        Some(&b) => super::arg_int(vm, b)?,
        None => 10,
    };
    if base < 0 || base == 1 || base > 36 {
        return Err(vm.arg_error(&format!("invalid radix {base}")));
    }
    Ok(vm.bigint(parse_int_prefix(string::bytes(&vm.heap, s), base as u32)))
}

/// The integer at the start of `b` in `base` (0: from the prefix), as String#to_i reads it.
pub fn parse_int_prefix(b: &[u8], base: u32) -> num_bigint::BigInt {
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == 0x0b) {
        i += 1;
    }
    let mut neg = false;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut base = base;
    let prefix = |c: u8| -> Option<u32> {
        match c.to_ascii_lowercase() {
            b'x' => Some(16),
            b'b' => Some(2),
            b'o' => Some(8),
            b'd' => Some(10),
            _ => None,
        }
    };
    if i + 1 < b.len() && b[i] == b'0' {
        if let Some(p) = prefix(b[i + 1]) {
            if base == 0 || base == p {
                base = p;
                i += 2;
            }
        } else if base == 0 {
            base = 8;
        }
    }
    if base == 0 {
        base = 10;
    }
    let mut digits = Vec::new();
    let mut last_underscore = true;
    while i < b.len() {
        let c = b[i];
        if c == b'_' {
            if last_underscore {
                break;
            }
            last_underscore = true;
        } else if (c as char).is_digit(base) {
            digits.push(c);
            last_underscore = false;
        } else {
            break;
        }
        i += 1;
    }
    let n = num_bigint::BigInt::parse_bytes(&digits, base).unwrap_or_default();
    if neg { -n } else { n }
}
/// str.hex -> integer (base 16, an optional 0x prefix)
fn s_hex(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(parse_int_prefix(string::bytes(&vm.heap, s), 16)))
}
/// str.oct -> integer (base 8, or the base a 0x/0b/0o prefix names)
fn s_oct(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = string::bytes(&vm.heap, s);
    let t: Vec<u8> = b
        .iter()
        .copied()
        .skip_while(|c| c.is_ascii_whitespace())
        .collect();
    let body = t
        .strip_prefix(b"-")
        .or_else(|| t.strip_prefix(b"+"))
        .unwrap_or(&t);
    let base = if body.len() > 1
        && body[0] == b'0'
        && matches!(body[1].to_ascii_lowercase(), b'x' | b'b' | b'o' | b'd')
    {
        0
    } else {
        8
    };
    Ok(vm.bigint(parse_int_prefix(b, base)))
}
fn s_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = if single_byte(s) {
        string::len(s)
    } else {
        let enc = string::encoding(s);
        let b = string::bytes(&vm.heap, s);
        let (mut i, mut n) = (0, 0);
        while i < b.len() {
            i += enc.char_len(&b[i..]);
            n += 1;
        }
        n
    };
    Ok(vm.int(n as i64))
}
fn s_bytesize(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(string::len(s) as i64))
}
fn s_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(string::len(s) == 0))
}
fn s_freeze(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.freeze(s);
    Ok(s)
}
fn s_dedup(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.dedup(s))
}
fn s_uplus(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.is_frozen(s) {
        Ok(vm.str_dup(s))
    } else {
        Ok(s)
    }
}

/// sym.name -> the symbol's name as an interned frozen string (one object per name, from the
/// fstring table)
fn sym_name_m(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.fstring(sym_name(s.as_symbol_id()).as_bytes()))
}
fn sym_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let name = sym_name(s.as_symbol_id());
    // an ASCII-only symbol's name is US-ASCII, as CRuby's
    Ok(if name.is_ascii() {
        vm.str_ascii(name.as_bytes())
    } else {
        vm.str_from(name)
    })
}
fn sym_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// Whether a symbol prints bare after ':' (`:foo`, `:foo?`, `:+`) or needs quotes.
pub fn symbol_is_simple(name: &str) -> bool {
    const OPS: &[&str] = &[
        "+", "-", "*", "/", "%", "**", "==", "===", "!=", "<=>", "<", "<=", ">", ">=", "<<", ">>",
        "!", "~", "+@", "-@", "[]", "[]=", "&", "|", "^", "=~", "!~", "`", "call",
    ];
    if OPS.contains(&name) {
        return true;
    }
    if let Some(g) = name.strip_prefix('$')
        && (g.bytes().all(|c| c.is_ascii_digit()) && !g.is_empty()
            || (g.len() == 1 && "~*$?!@/\\;,.=:<>\"&`'+0_".contains(g))
            || (g.len() == 2 && g.starts_with('-') && g.as_bytes()[1].is_ascii_alphanumeric()))
    {
        return true;
    }
    let body = name
        .trim_start_matches("@@")
        .trim_start_matches('@')
        .trim_start_matches('$');
    let body = body.strip_suffix(['?', '!', '=']).unwrap_or(body);
    !body.is_empty()
        && !body.starts_with(|c: char| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
}
fn sym_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let name = sym_name(s.as_symbol_id());
    let t = if symbol_is_simple(name) {
        format!(":{name}")
    } else {
        format!(":{}", inspect_bytes(name.as_bytes()))
    };
    // a quoted name is a String#inspect (UTF-8), a plain ASCII one US-ASCII
    let enc = if symbol_is_simple(name) && t.is_ascii() {
        string::Encoding::UsAscii
    } else {
        string::Encoding::Utf8
    };
    let r = vm.str_new(t.as_bytes());
    string::set_encoding(r, enc);
    Ok(r)
}
fn sym_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(sym_name(s.as_symbol_id()).chars().count() as i64))
}
fn sym_cmp(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !a[0].is_symbol() {
        return Ok(Value::NIL);
    }
    Ok(Value::fixnum(
        sym_name(s.as_symbol_id()).cmp(sym_name(a[0].as_symbol_id())) as i64,
    ))
}
/// Symbol.all_symbols -> every Symbol interned so far
fn sym_s_all_symbols(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::object::symbol::count() as u32;
    let all: Vec<Value> = (0..n).map(Value::symbol).collect();
    Ok(vm.ary_new(all))
}

fn sym_to_proc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = std::rc::Rc::new(crate::vm::frame::BlockData::Symbol(s.as_symbol_id(), None));
    Ok(vm.proc_new(b, true))
}

fn sym_via_string(vm: &mut Vm, s: Value, name: &str, a: &[Value]) -> VmResult {
    let st = vm.str_from(sym_name(s.as_symbol_id()));
    vm.stack.push(st);
    let r = vm.funcall(st, intern(name), a, None);
    vm.stack.pop();
    r
}
/// sym.upcase -> symbol
fn sym_upcase(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::symbol(intern(
        &sym_name(s.as_symbol_id()).to_uppercase(),
    )))
}
/// sym.downcase -> symbol
fn sym_downcase(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let _ = vm;
    Ok(Value::symbol(intern(
        &sym_name(s.as_symbol_id()).to_lowercase(),
    )))
}
/// sym.succ -> symbol
fn sym_succ(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    // String#succ itself, not whatever `succ` means now (CRuby calls rb_str_succ)
    let st = vm.str_from(sym_name(s.as_symbol_id()));
    vm.stack.push(st);
    let r = s_succ(vm, st, &[], None);
    vm.stack.pop();
    Ok(Value::symbol(intern(&str_of(vm, r?))))
}
/// sym[index] -> string or nil
fn sym_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    sym_via_string(vm, s, "[]", a)
}
/// sym.empty? -> true or false
fn sym_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(sym_name(s.as_symbol_id()).is_empty()))
}
/// sym.start_with?(*prefixes) -> true or false
fn sym_start_with(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.iter().any(|&p| super::regexp::is_regexp(p)) {
        return sym_via_string(vm, s, "start_with?", a);
    }
    let name = sym_name(s.as_symbol_id()).as_bytes();
    Ok(Value::bool(a.iter().any(|&p| {
        is_string(p) && name.starts_with(string::bytes(&vm.heap, p))
    })))
}
/// sym.end_with?(*suffixes) -> true or false
fn sym_end_with(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = sym_name(s.as_symbol_id()).as_bytes();
    Ok(Value::bool(a.iter().any(|&p| {
        is_string(p) && name.ends_with(string::bytes(&vm.heap, p))
    })))
}

/// str.succ -> new_str (the next string in Ruby's "alphanumeric increment" order)
fn s_succ(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let next = crate::core::range::str_succ(string::bytes(&vm.heap, s));
    let r = vm.str_new(&next);
    string::copy_encoding(r, s);
    Ok(r)
}

/// sym.swapcase -> symbol
fn sym_swapcase(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let out: String = sym_name(s.as_symbol_id())
        .chars()
        .flat_map(|c| -> Box<dyn Iterator<Item = char>> {
            if c.is_uppercase() {
                Box::new(c.to_lowercase())
            } else {
                Box::new(c.to_uppercase())
            }
        })
        .collect();
    Ok(Value::symbol(intern(&out)))
}
/// sym.capitalize -> symbol
fn sym_capitalize(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let name = sym_name(s.as_symbol_id());
    let mut chars = name.chars();
    let out: String = match chars.next() {
        Some(c) => c
            .to_uppercase()
            .chain(chars.flat_map(|c| c.to_lowercase()))
            .collect(),
        None => String::new(),
    };
    Ok(Value::symbol(intern(&out)))
}

/// Where a String's bytes are and how many there are: CRuby's `str_mod_check` compares these
/// before and after a block of split, scan, gsub, gsub! or sub! runs. The address is compared,
/// never read.
pub(crate) type ModStamp = (usize, usize);

pub(crate) fn mod_stamp(vm: &Vm, s: Value) -> ModStamp {
    let b = string::bytes(&vm.heap, s);
    (b.as_ptr() as usize, b.len())
}

/// RuntimeError "string modified" when `s` changed since `stamp` was taken.
pub(crate) fn mod_check(vm: &mut Vm, s: Value, stamp: ModStamp) -> VmResult<()> {
    if mod_stamp(vm, s) == stamp {
        return Ok(());
    }
    let k = vm.c.runtime_error;
    Err(vm.raise_str(k, "string modified"))
}

/// Byte offsets of each character of `s` (plus the end), for character indexing.
pub(crate) fn char_offsets(vm: &Vm, v: Value) -> Vec<usize> {
    let b = string::bytes(&vm.heap, v);
    if !multibyte(v) {
        return (0..=b.len()).collect();
    }
    let enc = string::encoding(v);
    let mut out = Vec::with_capacity(b.len() + 1);
    let mut i = 0;
    while i < b.len() {
        out.push(i);
        i += enc.char_len(&b[i..]);
    }
    out.push(b.len());
    out
}

/// Whether the characters of the String `v` may be more than one byte each (an encoding
/// with multibyte characters, and not known to be ASCII-only); else every character is one
/// byte.
pub(crate) fn multibyte(v: Value) -> bool {
    !single_byte(v)
}

/// The length of the character at the start of `b` (non-empty): a valid UTF-8 sequence's
/// length, or 1 for an invalid byte (which CRuby counts as one character).
#[inline]
pub(crate) fn utf8_char_len(b: &[u8]) -> usize {
    string::Encoding::Utf8.char_len(b)
}

pub(crate) fn char_len(vm: &Vm, v: Value) -> usize {
    if single_byte(v) {
        return string::len(v);
    }
    char_offsets(vm, v).len() - 1
}

/// Characters are bytes (ASCII-only or not UTF-8): character indexes are byte offsets, O(1)
/// once the code range is cached.
pub(crate) fn single_byte(v: Value) -> bool {
    let e = string::encoding(v);
    e.single_byte()
        || (e.ascii_compatible() && string::code_range(v) == string::CodeRange::SevenBit)
}

/// `center`/`ljust`/`rjust`: pads to `width` characters with `pad` (repeated, cut to fit).
fn justify(vm: &mut Vm, s: Value, a: &[Value], left: bool, right: bool) -> VmResult {
    let width = super::arg_int(vm, a[0])?;
    let pad = match a.get(1) {
        Some(&p) => str_arg_vec(vm, p)?,
        None => b" ".to_vec(),
    };
    if pad.is_empty() {
        return Err(vm.arg_error("zero width padding"));
    }
    let n = char_len(vm, s) as i64;
    let body = string::bytes(&vm.heap, s).to_vec();
    if width <= n {
        let r = vm.str_new(&body);
        string::copy_encoding(r, s);
        return Ok(r);
    }
    let total = (width - n) as usize;
    // the result's bytes, at least one per pad character
    let mut out: Vec<u8> = super::try_with_capacity(vm, total.saturating_add(body.len()))?;
    let (lpad, rpad) = match (left, right) {
        (true, true) => (total / 2, total - total / 2),
        (true, false) => (total, 0),
        _ => (0, total),
    };
    let unit = String::from_utf8_lossy(&pad).into_owned();
    let pad_chars: Vec<char> = unit.chars().collect();
    // `k` pad characters: whole copies of the pad doubled with memcpy (a 2 GiB fill takes about
    // a second, as CRuby's), then the first characters of one more
    let fill = |out: &mut Vec<u8>, k: usize| {
        let (cycles, rest) = (k / pad_chars.len(), k % pad_chars.len());
        if cycles > 0 {
            let start = out.len();
            out.extend_from_slice(unit.as_bytes());
            let mut have = 1;
            while have < cycles {
                let n = have.min(cycles - have);
                out.extend_from_within(start..start + n * unit.len());
                have += n;
            }
        }
        let mut buf = [0u8; 4];
        for c in &pad_chars[..rest] {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    };
    fill(&mut out, lpad);
    out.extend_from_slice(&body);
    fill(&mut out, rpad);
    let r = vm.str_new(&out);
    string::copy_encoding(r, s);
    Ok(r)
}
/// str.center(width, padstr = " ") -> new_str
fn s_center(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    justify(vm, s, a, true, true)
}
/// str.ljust(width, padstr = " ") -> new_str
fn s_ljust(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    justify(vm, s, a, false, true)
}
/// str.rjust(width, padstr = " ") -> new_str
fn s_rjust(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    justify(vm, s, a, true, false)
}
/// str.include?(other) -> true or false
fn s_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let needle = str_arg(vm, a[0])?;
    let needle = string::bytes(&vm.heap, needle);
    Ok(Value::bool(
        memchr::memmem::find(string::bytes(&vm.heap, s), needle).is_some(),
    ))
}
/// Whether the string starts (or, with `end`, ends) with any of the given strings.
fn has_affix(vm: &mut Vm, s: Value, a: &[Value], end: bool) -> VmResult {
    for &p in a {
        if !end && super::regexp::is_regexp(p) {
            if super::string_regexp::starts_with(vm, s, p)? {
                return Ok(Value::TRUE);
            }
            continue;
        }
        let p = str_arg(vm, p)?;
        let p = string::bytes(&vm.heap, p);
        let b = string::bytes(&vm.heap, s);
        if if end {
            b.ends_with(p)
        } else {
            b.starts_with(p)
        } {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}
/// str.start_with?(*prefixes) -> true or false
fn s_start_with_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    has_affix(vm, s, a, false)
}
/// str.end_with?(*suffixes) -> true or false
fn s_end_with_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    has_affix(vm, s, a, true)
}
/// str.index(substring, offset = 0) -> integer (a character index) or nil
fn s_index(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if super::regexp::is_regexp(a[0]) {
        let pos = match a.get(1) {
            Some(&o) => super::arg_int(vm, o)?,
            None => 0,
        };
        return super::string_regexp::index(vm, s, a[0], pos);
    }
    let needle = str_arg_vec(vm, a[0])?;
    if single_byte(s) {
        let n = string::len(s) as i64;
        let start = match a.get(1) {
            Some(&o) => super::arg_int(vm, o)?,
            None => 0,
        };
        let start = if start < 0 { start + n } else { start };
        if start < 0 || start > n {
            return Ok(Value::NIL);
        }
        let hay = &string::bytes(&vm.heap, s)[start as usize..];
        return Ok(match memchr::memmem::find(hay, &needle) {
            Some(k) => Value::fixnum(start + k as i64),
            None => Value::NIL,
        });
    }
    let offs = char_offsets(vm, s);
    let n = offs.len() as i64 - 1;
    let start = match a.get(1) {
        Some(&o) => super::arg_int(vm, o)?,
        None => 0,
    };
    let start = if start < 0 { start + n } else { start };
    if start < 0 || start > n {
        return Ok(Value::NIL);
    }
    let from = offs[start as usize];
    Ok(
        match memchr::memmem::find(&string::bytes(&vm.heap, s)[from..], &needle) {
            Some(k) => Value::fixnum(offs.iter().position(|&o| o == from + k).unwrap_or(0) as i64),
            None => Value::NIL,
        },
    )
}
/// str.reverse -> new_str (by characters)
fn s_reverse(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let offs = char_offsets(vm, s);
    let b = string::bytes(&vm.heap, s);
    let mut out = Vec::with_capacity(b.len());
    for w in offs.windows(2).rev() {
        out.extend_from_slice(&b[w[0]..w[1]]);
    }
    let r = vm.str_new(&out);
    string::copy_encoding(r, s);
    Ok(r)
}
/// str.chars -> array of one-character strings
fn s_chars(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    // with a block, each_char's (CRuby 4.0 still yields)
    if b.is_some() {
        return s_each_char(vm, s, a, b);
    }
    let offs = char_offsets(vm, s);
    // (only `s` is held, rooted by its frame as the receiver)
    vm.reserve_objects(offs.len());
    let out = vm.ary_new(Vec::with_capacity(offs.len()));
    for w in offs.windows(2) {
        // each character in the string's encoding (`substr` keeps it)
        let c = vm.substr(s, w[0], w[1] - w[0]);
        crate::object::heap::rarray(out).vec.push(c);
    }
    Ok(out)
}
/// str.bytes -> array of integers
fn s_bytes(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_some() {
        return super::string_query::each_byte(vm, s, a, b);
    }
    let v = string::bytes(&vm.heap, s)
        .iter()
        .map(|&b| Value::fixnum(b as i64))
        .collect();
    Ok(vm.ary_new(v))
}
/// str.ord -> integer (the first character's code point)
fn s_ord(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let bytes = vm.bytes(s);
    if bytes.is_empty() {
        return Err(vm.arg_error("empty string"));
    }
    let enc = string::encoding(s);
    match enc.precise_len(bytes) {
        Some(n) => Ok(Value::fixnum(enc.codepoint(&bytes[..n]) as i64)),
        None => {
            let msg = format!("invalid byte sequence in {}", enc.name());
            Err(vm.arg_error(&msg))
        }
    }
}

/// str.each_char { |c| ... } -> str; without a block, an Enumerator
fn s_each_char(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_char", &[]);
    };
    // CRuby walks a frozen snapshot (`string::frozen_subject`, no copy of a heap string): what
    // the block does to the string does not change what it yields. One character is made per
    // step, so the characters the block drops are garbage at once.
    let k = vm.c.string;
    let snap = string::frozen_subject(&mut vm.heap, k, s);
    let multi = multibyte(snap).then(|| string::encoding(snap));
    super::array::rooted(vm, &[snap], |vm| {
        let mut at = 0;
        vm.yield_each(b, &mut |vm, _| {
            let rest = &string::bytes(&vm.heap, snap)[at..];
            if rest.is_empty() {
                return Ok(None);
            }
            let n = multi.map_or(1, |e| e.char_len(rest));
            let c = vm.substr(snap, at, n);
            at += n;
            Ok(Some(YieldArgs::one(c)))
        })
    })?;
    Ok(s)
}

/// String.try_convert(object) -> string or nil
fn s_s_try_convert(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let ty = crate::object::heap::T_STRING;
    let s = super::array::check_convert(vm, a[0], ty, "to_str", "String")?;
    Ok(s.unwrap_or(Value::NIL))
}
