//! The Regexp class's Ruby methods: construction (`new`, `union`, `escape`), the class-wide
//! `timeout` and `last_match`, and the instance methods (`=~`, `match`, `match?`, `===`, `~`,
//! `source`, `options`, `inspect`, `to_s`, `names`, equality).

use super::{
    Mode, REnc, backref, engine, is_regexp, match_at, regexp_or_raise, rx, search, source,
};
use crate::core::array::num2long;
use crate::core::object::is_string;
use crate::core::string::{implicit_str, str_arg};
use crate::object::heap::{T_ARRAY, rarray, type_of};
use crate::object::string::{self, CodeRange, Encoding};
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const TABLE: &[M] = &[
    ("initialize", re_initialize, 1, 3),
    ("source", re_source, 0, 0),
    ("options", re_options, 0, 0),
    ("to_s", re_to_s, 0, 0),
    ("inspect", re_inspect, 0, 0),
    ("==", re_eq, 1, 1),
    ("eql?", re_eq, 1, 1),
    ("hash", re_hash, 0, 0),
    ("===", re_case_eq, 1, 1),
    ("=~", re_match_op, 1, 1),
    ("match", re_match, 1, 2),
    ("match?", re_match_p, 1, 2),
    ("~", re_tilde, 0, 0),
    ("names", re_names, 0, 0),
    ("named_captures", re_named_captures, 0, 0),
    ("casefold?", re_casefold_p, 0, 0),
    ("encoding", re_encoding, 0, 0),
    ("fixed_encoding?", re_fixed_encoding_p, 0, 0),
    ("timeout", re_timeout, 0, 0),
];

const SINGLETON: &[M] = &[
    ("new", re_s_new, 1, 3),
    ("compile", re_s_new, 1, 3),
    ("escape", re_s_escape, 1, 1),
    ("quote", re_s_escape, 1, 1),
    ("union", re_s_union, 0, -1),
    ("last_match", re_s_last_match, 0, 1),
    ("linear_time?", re_s_linear_time_p, 1, 3),
    ("timeout", re_s_timeout, 0, 0),
    ("timeout=", re_s_set_timeout, 1, 1),
    ("try_convert", re_s_try_convert, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("Regexp", o);
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    vm.c.regexp = k;
    vm.define_natives(k, TABLE);
    vm.define_singleton_natives(k, SINGLETON);
    let cd = vm.class_data(k);
    for (name, v) in [
        ("IGNORECASE", engine::IGNORECASE),
        ("EXTENDED", engine::EXTENDED),
        ("MULTILINE", engine::MULTILINE),
        ("FIXEDENCODING", engine::FIXEDENCODING),
        ("NOENCODING", engine::NOENCODING),
    ] {
        cd.const_set(crate::object::symbol::intern(name), Value::fixnum(v as i64));
    }
    let std = vm.c.standard_error;
    vm.c.regexp_error = vm.define_class("RegexpError", std);
    let re_err = vm.c.regexp_error;
    vm.c.regexp_timeout_error = vm.define_class_under(k, "TimeoutError", re_err);
}

fn this(v: Value) -> &'static mut super::RegexpObj {
    rx(v).expect("Regexp receiver")
}

/// The option bits of `Regexp.new`'s second argument: an Integer as it is, a String of
/// "mix" letters, nil/false for none, anything else IGNORECASE.
fn options_arg(vm: &mut Vm, v: Value) -> VmResult<u32> {
    if v.is_fixnum() {
        return Ok(v.as_fixnum() as u32 & 0xff);
    }
    if is_string(v) {
        let mut o = 0;
        for &c in vm.bytes(v).to_vec().iter() {
            o |= match c {
                b'i' => engine::IGNORECASE,
                b'x' => engine::EXTENDED,
                b'm' => engine::MULTILINE,
                _ => {
                    let s = String::from_utf8_lossy(vm.bytes(v)).into_owned();
                    return Err(vm.arg_error(&format!("unknown regexp option: {s}")));
                }
            };
        }
        return Ok(o);
    }
    Ok(if v.truthy() { engine::IGNORECASE } else { 0 })
}

/// A timeout keyword or setting: nil (none) or a positive number of seconds.
fn timeout_arg(vm: &mut Vm, v: Value) -> VmResult<Option<f64>> {
    if v.is_nil() {
        return Ok(None);
    }
    let f = if v.is_fixnum() {
        v.as_fixnum() as f64
    } else if crate::core::object::is_float(v) {
        crate::core::object::float_value(v)
    } else {
        let f = vm.funcall(v, crate::object::symbol::intern("to_f"), &[], None)?;
        crate::core::object::float_value(f)
    };
    if f.is_nan() || f <= 0.0 {
        let shown = vm.inspect_str(v)?;
        return Err(vm.arg_error(&format!("invalid timeout: {shown}")));
    }
    Ok(Some(f))
}

/// Regexp.new(string, options = 0, timeout: nil) / Regexp.new(regexp)
fn re_s_new(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if a.len() > 2 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        )));
    }
    let mut timeout = None;
    if let Some(h) = kw {
        let key = vm.sym("timeout");
        let t = vm.hash_aref(h, key)?;
        timeout = timeout_arg(vm, t)?;
    }
    let re = if let Some(r) = rx(a[0]) {
        let (src, opts, enc) = (r.src.clone(), r.opts, r.enc);
        if timeout.is_none() {
            timeout = r.timeout;
        }
        let senc = match enc {
            REnc::Binary => Encoding::Binary,
            _ => Encoding::Utf8,
        };
        regexp_or_raise(vm, &src, opts, senc, enc == REnc::Utf8)?
    } else {
        let s = str_arg(vm, a[0])?;
        let opts = match a.get(1) {
            Some(&o) => options_arg(vm, o)?,
            None => 0,
        };
        let bytes = vm.bytes(s).to_vec();
        let enc = string::encoding(s);
        regexp_or_raise(vm, &bytes, opts, enc, false)?
    };
    this(re).timeout = timeout;
    Ok(re)
}

/// Regexp#initialize is done by `new`; calling it again is an error as CRuby's frozen check.
fn re_initialize(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Err(vm.type_error("already initialized regexp"))
}

/// Regexp.escape(str) -> string
fn re_s_escape(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let s = if a[0].is_symbol() {
        let n = sym_name(a[0].as_symbol_id()).to_string();
        vm.str_from(n)
    } else {
        str_arg(vm, a[0])?
    };
    let out = source::escape(vm.bytes(s));
    let ascii = out.is_ascii();
    let r = vm.str_from_vec(out);
    if ascii {
        string::set_encoding(r, Encoding::UsAscii);
    } else {
        string::copy_encoding(r, s);
    }
    Ok(r)
}

/// Regexp.union(pattern, ...) / Regexp.union(array) -> regexp
fn re_s_union(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let items: Vec<Value> = if a.len() == 1 && type_of(a[0]) == T_ARRAY {
        rarray(a[0]).vec.to_vec()
    } else {
        a.to_vec()
    };
    if items.is_empty() {
        return regexp_or_raise(vm, b"(?!)", 0, Encoding::Utf8, false);
    }
    if items.len() == 1 && is_regexp(items[0]) {
        return Ok(items[0]);
    }
    let mut src = Vec::new();
    for (i, &p) in items.iter().enumerate() {
        if i > 0 {
            src.push(b'|');
        }
        if let Some(r) = rx(p) {
            src.extend_from_slice(&source::to_s(&r.src, r.opts, engine::Enc::Utf8));
        } else if p.is_symbol() {
            src.extend_from_slice(&source::escape(sym_name(p.as_symbol_id()).as_bytes()));
        } else {
            let s = match implicit_str(vm, p)? {
                Some(s) => s,
                None => str_arg(vm, p)?,
            };
            src.extend_from_slice(&source::escape(vm.bytes(s)));
        }
    }
    regexp_or_raise(vm, &src, 0, Encoding::Utf8, false)
}

/// Regexp.last_match -> matchdata or nil; Regexp.last_match(n) -> str or nil
fn re_s_last_match(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = backref::get(vm);
    match a.first() {
        None => Ok(m),
        Some(_) if m.is_nil() => Ok(Value::NIL),
        Some(&n) => vm.funcall(m, crate::object::symbol::intern("[]"), &[n], None),
    }
}

/// Regexp.linear_time?(re) -> true or false
fn re_s_linear_time_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, _) = vm.split_keywords(a)?;
    let src = match rx(a[0]) {
        Some(r) => r.src.clone(),
        None => {
            let s = str_arg(vm, a[0])?;
            vm.bytes(s).to_vec()
        }
    };
    Ok(Value::bool(source::linear_time(&src)))
}

/// Regexp.timeout -> float or nil
fn re_s_timeout(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match vm.regexp_timeout {
        Some(t) => vm.float(t),
        None => Value::NIL,
    })
}

/// Regexp.timeout = float or nil
fn re_s_set_timeout(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.regexp_timeout = timeout_arg(vm, a[0])?;
    Ok(a[0])
}

/// Regexp.try_convert(obj) -> regexp or nil
fn re_s_try_convert(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_regexp(a[0]) {
        return Ok(a[0]);
    }
    let id = crate::object::symbol::intern("to_regexp");
    if vm.responds(a[0], id, true) {
        return vm.funcall(a[0], id, &[], None);
    }
    Ok(Value::NIL)
}

/// re.source -> string
fn re_source(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let src = this(s).source;
    let r = vm.str_dup(src);
    string::copy_encoding(r, src);
    Ok(r)
}

/// re.options -> integer
fn re_options(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(this(s).opts as i64))
}

fn encoded_str(vm: &mut Vm, re: Value, bytes: Vec<u8>) -> Value {
    let r = vm.str_from_vec(bytes);
    if this(re).enc == REnc::Binary {
        string::set_encoding(r, Encoding::Binary);
    }
    r
}

/// re.to_s -> string: `(?mix:source)`
fn re_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s);
    let enc = if r.enc == REnc::Binary {
        engine::Enc::Binary
    } else {
        engine::Enc::Utf8
    };
    let out = source::to_s(&r.src, r.opts, enc);
    Ok(encoded_str(vm, s, out))
}

/// re.inspect -> string: `/source/flags`
fn re_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s);
    let mut out = vec![b'/'];
    out.extend_from_slice(&source::inspect_body(&r.src));
    out.push(b'/');
    for (bit, c) in [
        (engine::MULTILINE, b'm'),
        (engine::IGNORECASE, b'i'),
        (engine::EXTENDED, b'x'),
    ] {
        if r.opts & bit != 0 {
            out.push(c);
        }
    }
    if r.opts & engine::NOENCODING != 0 {
        out.push(b'n');
    }
    Ok(encoded_str(vm, s, out))
}

/// re == other -> true or false (same source, options, encoding and fixedness)
fn re_eq(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = rx(a[0]) else {
        return Ok(Value::FALSE);
    };
    let r = this(s);
    Ok(Value::bool(
        r.src == o.src && r.opts & 0x17 == o.opts & 0x17 && r.enc == o.enc,
    ))
}

/// re.hash -> integer
fn re_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s);
    let mut h: u64 = 0xcbf29ce484222325 ^ (r.opts as u64 & 7);
    for &b in &r.src {
        h = (h ^ b as u64).wrapping_mul(0x100000001b3);
    }
    Ok(Value::fixnum((h >> 3) as i64))
}

/// The String a pattern method matches for `v`: a String, a Symbol's name, or None for nil.
fn subject(vm: &mut Vm, v: Value) -> VmResult<Option<Value>> {
    if v.is_nil() {
        return Ok(None);
    }
    if v.is_symbol() {
        let n = sym_name(v.as_symbol_id()).to_string();
        return Ok(Some(vm.str_from(n)));
    }
    Ok(Some(str_arg(vm, v)?))
}

/// The character index of byte offset `b` in `s`.
pub fn char_index(vm: &Vm, s: Value, b: usize) -> usize {
    // the code range is cached in the string's flags: an ASCII string costs no scan
    if string::encoding(s) == Encoding::Binary || string::code_range(s) == CodeRange::SevenBit {
        return b;
    }
    vm.bytes(s)[..b]
        .iter()
        .filter(|&&c| (c & 0xC0) != 0x80)
        .count()
}

/// The byte offset of character `pos` (negative from the end) in `s`, or None past either end.
pub fn char_pos_to_byte(vm: &Vm, s: Value, pos: i64) -> Option<usize> {
    let single =
        string::encoding(s) == Encoding::Binary || string::code_range(s) == CodeRange::SevenBit;
    let bytes = vm.bytes(s);
    let nchars = if single {
        bytes.len()
    } else {
        bytes.iter().filter(|&&c| (c & 0xC0) != 0x80).count()
    } as i64;
    let p = if pos < 0 { pos + nchars } else { pos };
    if p < 0 || p > nchars {
        return None;
    }
    if single {
        return Some(p as usize);
    }
    let mut seen = 0;
    for (i, &c) in bytes.iter().enumerate() {
        if (c & 0xC0) != 0x80 {
            if seen == p {
                return Some(i);
            }
            seen += 1;
        }
    }
    Some(bytes.len())
}

/// re =~ str -> integer or nil (sets `$~`)
fn re_match_op(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(str) = subject(vm, a[0])? else {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    };
    let m = match_at(vm, s, str, 0, Mode::Forward, true)?;
    if m.is_nil() {
        return Ok(Value::NIL);
    }
    let b = super::matchdata::md(m).expect("md").regs[0].0 as usize;
    Ok(Value::fixnum(char_index(vm, str, b) as i64))
}

/// re === obj -> true or false (sets `$~`; false for what is not a String or Symbol)
fn re_case_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = a[0];
    let str = if is_string(v) || v.is_symbol() {
        subject(vm, v)?
    } else {
        implicit_str(vm, v)?
    };
    let Some(str) = str else {
        backref::set(vm, Value::NIL);
        return Ok(Value::FALSE);
    };
    let m = match_at(vm, s, str, 0, Mode::Forward, true)?;
    Ok(Value::bool(!m.is_nil()))
}

/// re.match(str, pos = 0) -> matchdata or nil; with a block, yields the MatchData
fn re_match(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(str) = subject(vm, a[0])? else {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    };
    let pos = match a.get(1) {
        Some(&p) => num2long(vm, p)?,
        None => 0,
    };
    let Some(start) = char_pos_to_byte(vm, str, pos) else {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    };
    let m = match_at(vm, s, str, start, Mode::Forward, true)?;
    match b {
        Some(b) if !m.is_nil() => vm.yield_block(b, &[m]),
        _ => Ok(m),
    }
}

/// re.match?(str, pos = 0) -> true or false (`$~` untouched)
fn re_match_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(str) = subject(vm, a[0])? else {
        return Ok(Value::FALSE);
    };
    let pos = match a.get(1) {
        Some(&p) => num2long(vm, p)?,
        None => 0,
    };
    let Some(start) = char_pos_to_byte(vm, str, pos) else {
        return Ok(Value::FALSE);
    };
    Ok(Value::bool(
        search(vm, s, str, start, Mode::Forward)?.is_some(),
    ))
}

/// ~ re -> integer or nil: matches `$_`
fn re_tilde(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let line = vm.gvar_id_get(crate::sym!("$_"));
    if !is_string(line) {
        backref::set(vm, Value::NIL);
        return Ok(Value::NIL);
    }
    re_match_op(vm, s, &[line], None)
}

/// The names of a Regexp's named groups, as new Strings.
pub fn names_of(vm: &mut Vm, re: Value) -> VmResult {
    let names: Vec<String> = this(re).names.iter().map(|(n, _)| n.clone()).collect();
    let vals = names.into_iter().map(|n| vm.str_from(n)).collect();
    Ok(vm.ary_new(vals))
}

/// re.names -> array of strings
fn re_names(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    names_of(vm, s)
}

/// re.named_captures -> {name => [group, ...]}
fn re_named_captures(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let names = this(s).names.clone();
    let h = vm.hash_new();
    for (n, gs) in names {
        let k = vm.str_from(n);
        let v: Vec<Value> = gs.iter().map(|&g| Value::fixnum(g as i64)).collect();
        let v = vm.ary_new(v);
        vm.hash_aset(h, k, v)?;
    }
    Ok(h)
}

/// re.casefold? -> true or false
fn re_casefold_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).opts & engine::IGNORECASE != 0))
}

/// re.encoding -> encoding
fn re_encoding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let i = match this(s).enc {
        REnc::Utf8 => Encoding::Utf8,
        REnc::Ascii => Encoding::UsAscii,
        REnc::Binary => Encoding::Binary,
    };
    Ok(crate::core::string_encoding::encoding_object(vm, i))
}

/// re.fixed_encoding? -> true or false
fn re_fixed_encoding_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).enc != REnc::Ascii))
}

/// re.timeout -> float or nil
fn re_timeout(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match this(s).timeout {
        Some(t) => vm.float(t),
        None => Value::NIL,
    })
}
