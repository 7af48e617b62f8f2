//! Kernel#format/sprintf and String#% (CRuby's sprintf.c: flags, widths, precisions, `*`,
//! `%1$s` positional and `%<name>s`/`%{name}` named references, two's complement `..f01`
//! forms for negative hex/octal/binary), the float conversions %e %f %g %a done like CRuby's
//! BSD__dtoa-based printf, plus Kernel#Float and Kernel#Hash.

use super::array::{M, check_array, num2long, vec_of};
use super::float::to_float;
use super::format_num::{fmt_float, fmt_int, fmt_int_as_f};
use super::integer::{is_int, to_big};
use super::object::{float_value, is_float, is_string};
use crate::object::heap::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};
use num_bigint::BigInt;

const KERNEL: &[M] = &[
    ("format", k_format, 0, -1),
    ("sprintf", k_format, 0, -1),
    ("Float", k_float, 1, 2),
    ("Hash", k_hash, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    let s = vm.c.string;
    vm.define_natives(s, &[("%", s_format, 1, 1)]);
}

/// format(format_string, *arguments) -> string
fn k_format(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some((&f, rest)) = a.split_first() else {
        return Err(vm.arg_error("too few arguments"));
    };
    let f = super::string::str_arg(vm, f)?;
    format_string(vm, f, rest)
}
/// string % object -> new_string
fn s_format(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let args = match check_array(vm, a[0])? {
        Some(arr) => vec_of(arr).to_vec(),
        None => vec![a[0]],
    };
    format_string(vm, s, &args)
}
/// Float(object, exception: true) -> float or nil
fn k_float(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let raise = match a.get(1) {
        Some(&h) if kw && type_of(h) == T_HASH => {
            super::hash::get(vm, h, Value::symbol(intern("exception")))? != Value::FALSE
        }
        Some(_) => return Err(super::array::arity(vm, 2, 1, 1)),
        None => true,
    };
    match to_float(vm, a[0]) {
        Err(unw)
            if let UnwindKind::Raise(_) = *unw.kind()
                && !raise =>
        {
            Ok(Value::NIL)
        }
        r => r,
    }
}
/// Hash(object) -> hash
fn k_hash(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = a[0];
    if v.is_nil() || (type_of(v) == T_ARRAY && vec_of(v).is_empty()) {
        return Ok(vm.hash_new());
    }
    if type_of(v) == T_HASH || (v.is_heap() && vm.responds(v, intern("to_hash"), true)) {
        return super::hash::to_hash(vm, v);
    }
    let k = vm.real_class(v);
    let msg = format!("can't convert {} into Hash", vm.class_name(k));
    Err(vm.type_error(&msg))
}

// ---- directive state ----

#[derive(Default, Clone, Copy, Debug, PartialEq)]
pub struct Flags {
    pub sharp: bool,
    pub minus: bool,
    pub plus: bool,
    pub zero: bool,
    pub space: bool,
    pub width: bool,
    pub prec: bool,
    pub prec0: bool,
}
impl Flags {
    fn any(&self) -> bool {
        *self != Flags::default()
    }
}

/// The argument cursor: unnumbered, numbered (`1$`) or named (`<name>`) references, which
/// CRuby does not let a format string mix.
struct Args<'a> {
    args: &'a [Value],
    next: usize,
    /// 0: none yet; >0: last unnumbered; -1: numbered; -2: named
    pos: i64,
    hash: Option<Value>,
}
impl Args<'_> {
    fn nth(&self, vm: &mut Vm, n: usize) -> VmResult {
        if n == 0 || n > self.args.len() {
            return Err(vm.arg_error("too few arguments"));
        }
        Ok(self.args[n - 1])
    }
    fn next_arg(&mut self, vm: &mut Vm) -> VmResult {
        match self.pos {
            -1 => {
                return Err(vm.arg_error(&format!("unnumbered({}) mixed with numbered", self.next)));
            }
            -2 => return Err(vm.arg_error(&format!("unnumbered({}) mixed with named", self.next))),
            _ => {}
        }
        self.pos = self.next as i64;
        self.next += 1;
        self.nth(vm, self.pos as usize)
    }
    fn pos_arg(&mut self, vm: &mut Vm, n: usize) -> VmResult {
        if self.pos > 0 {
            return Err(vm.arg_error(&format!("numbered({n}) after unnumbered({})", self.pos)));
        }
        if self.pos == -2 {
            return Err(vm.arg_error(&format!("numbered({n}) after named")));
        }
        if n < 1 {
            return Err(vm.arg_error(&format!("invalid index - {n}$")));
        }
        self.pos = -1;
        self.nth(vm, n)
    }
}

fn byte_at(f: &[u8], i: usize) -> u8 {
    f.get(i).copied().unwrap_or(0)
}
/// Reads decimal digits at `i` (CRuby's get_num); errors as CRuby when the format ends there.
fn get_num(vm: &mut Vm, f: &[u8], i: &mut usize, what: &str) -> VmResult<i64> {
    let mut n: i64 = 0;
    while *i < f.len() && f[*i].is_ascii_digit() {
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add((f[*i] - b'0') as i64))
            .filter(|&n| n <= i32::MAX as i64)
            .ok_or_else(|| vm.arg_error(&format!("{what} too big")))?;
        *i += 1;
    }
    if *i >= f.len() {
        return Err(vm.arg_error("malformed format string - %*[0-9]"));
    }
    Ok(n)
}
/// `*` or `*N$`: a width or precision taken from the arguments.
fn get_aster(vm: &mut Vm, f: &[u8], i: &mut usize, args: &mut Args, what: &str) -> VmResult<i64> {
    let t = *i;
    *i += 1;
    let n = get_num(vm, f, i, what)?;
    let v = if byte_at(f, *i) == b'$' {
        args.pos_arg(vm, n as usize)?
    } else {
        *i = t;
        args.next_arg(vm)?
    };
    *i += 1;
    let n = num2long(vm, v)?;
    if n > i32::MAX as i64 || n < i32::MIN as i64 {
        let which = if n < 0 { "small" } else { "big" };
        return Err(vm.raise_str(
            vm.c.range_error,
            &format!("integer {n} too {which} to convert to 'int'"),
        ));
    }
    Ok(n)
}

/// rb_str_format: formats `args` by the (UTF-8) format string `f`.
pub fn sprintf(vm: &mut Vm, f: &[u8], args: &[Value]) -> VmResult<Vec<u8>> {
    sprintf_in(vm, f, Encoding::Utf8, args).map(|(out, _)| out)
}

/// `format`'s String: formats `args` by the format String `f`; the result starts out in `f`'s
/// encoding and takes a `%s`/`%p` argument's as appending it would (CRuby's rb_enc_check).
fn format_string(vm: &mut Vm, f: Value, args: &[Value]) -> VmResult {
    let fmt = string::bytes(&vm.heap, f).to_vec();
    let (out, enc) = sprintf_in(vm, &fmt, string::encoding(f), args)?;
    let s = vm.str_new(&out);
    if enc != Encoding::Utf8 {
        string::set_encoding(s, enc);
    }
    Ok(s)
}

/// `sprintf` with the format string in encoding `enc`: the text and the result's encoding.
fn sprintf_in(
    vm: &mut Vm,
    f: &[u8],
    mut enc: Encoding,
    args: &[Value],
) -> VmResult<(Vec<u8>, Encoding)> {
    let mut out: Vec<u8> = Vec::with_capacity(f.len() + 16);
    let mut a = Args {
        args,
        next: 1,
        pos: 0,
        hash: None,
    };
    let mut i = 0;
    while i < f.len() {
        let start = i;
        while i < f.len() && f[i] != b'%' {
            i += 1;
        }
        out.extend_from_slice(&f[start..i]);
        if i >= f.len() {
            break;
        }
        i += 1;
        if i >= f.len() {
            return Err(vm.arg_error("incomplete format specifier; use %% (double %) instead"));
        }
        let mut fl = Flags::default();
        let (mut width, mut prec): (i64, i64) = (-1, -1);
        let mut nextvalue: Option<Value> = None;
        let mut named: Option<String> = None;
        loop {
            let c = byte_at(f, i);
            match c {
                b' ' | b'#' | b'+' | b'-' | b'0' => {
                    if fl.width {
                        return Err(vm.arg_error("flag after width"));
                    }
                    if fl.prec0 {
                        return Err(vm.arg_error("flag after precision"));
                    }
                    match c {
                        b' ' => fl.space = true,
                        b'#' => fl.sharp = true,
                        b'+' => fl.plus = true,
                        b'-' => fl.minus = true,
                        _ => fl.zero = true,
                    }
                    i += 1;
                }
                b'1'..=b'9' => {
                    let n = get_num(vm, f, &mut i, "width")?;
                    if byte_at(f, i) == b'$' {
                        if nextvalue.is_some() {
                            return Err(vm.arg_error(&format!("value given twice - {n}$")));
                        }
                        nextvalue = Some(a.pos_arg(vm, n as usize)?);
                        i += 1;
                        continue;
                    }
                    check_width(vm, fl)?;
                    width = n;
                    fl.width = true;
                }
                b'<' | b'{' => {
                    let term = if c == b'<' { b'>' } else { b'}' };
                    let s = i;
                    while i < f.len() && f[i] != term {
                        i += 1;
                    }
                    if i >= f.len() {
                        return Err(vm.arg_error("malformed name - unmatched parenthesis"));
                    }
                    let token = String::from_utf8_lossy(&f[s..=i]).into_owned();
                    if let Some(prev) = &named {
                        return Err(vm.arg_error(&format!("named{token} after <{prev}>")));
                    }
                    if a.pos > 0 {
                        return Err(
                            vm.arg_error(&format!("named{token} after unnumbered({})", a.pos))
                        );
                    }
                    if a.pos == -1 {
                        return Err(vm.arg_error(&format!("named{token} after numbered")));
                    }
                    a.pos = -2;
                    let hash = match a.hash {
                        Some(h) => h,
                        None => {
                            if args.len() != 1
                                || !(type_of(args[0]) == T_HASH
                                    || vm.responds(args[0], intern("to_hash"), true))
                            {
                                return Err(vm.arg_error("one hash required"));
                            }
                            let h = super::hash::to_hash(vm, args[0])?;
                            a.hash = Some(h);
                            h
                        }
                    };
                    let name = String::from_utf8_lossy(&f[s + 1..i]).into_owned();
                    let key = Value::symbol(intern(&name));
                    let v = match super::hash::find(vm, hash, key)? {
                        Some(k) => super::hash::rh(hash).entries[k].value,
                        None => super::hash::hash_default(vm, hash, key)?,
                    };
                    if v.is_nil() && super::hash::find(vm, hash, key)?.is_none() {
                        let e = vm.exception_new(vm.c.key_error, &format!("key{token} not found"));
                        let _ = vm.ivar_set(e, intern("__key"), key);
                        let _ = vm.ivar_set(e, intern(crate::vm::error::IV_RECV), hash);
                        vm.set_backtrace_here(e);
                        return Err(Unwind::Raise(e));
                    }
                    nextvalue = Some(v);
                    named = Some(name);
                    if term == b'}' {
                        let s = vm.to_s(v)?;
                        let bytes = string::bytes(&vm.heap, s).to_vec();
                        push_str(&mut out, &bytes, fl, width, prec);
                        break;
                    }
                    i += 1;
                }
                b'*' => {
                    check_width(vm, fl)?;
                    fl.width = true;
                    width = get_aster(vm, f, &mut i, &mut a, "width")?;
                    if width < 0 {
                        fl.minus = true;
                        width = -width;
                    }
                }
                b'.' => {
                    if fl.prec0 {
                        return Err(vm.arg_error("precision given twice"));
                    }
                    fl.prec = true;
                    fl.prec0 = true;
                    i += 1;
                    if byte_at(f, i) == b'*' {
                        prec = get_aster(vm, f, &mut i, &mut a, "precision")?;
                        if prec < 0 {
                            fl.prec = false;
                        }
                        continue;
                    }
                    prec = get_num(vm, f, &mut i, "precision")?;
                }
                _ if i >= f.len() => return Err(vm.arg_error("malformed format string")),
                b'%' => {
                    if fl.any() {
                        return Err(vm.arg_error("invalid format character - %"));
                    }
                    out.push(b'%');
                    break;
                }
                b'c' => {
                    let v = match nextvalue {
                        Some(v) => v,
                        None => a.next_arg(vm)?,
                    };
                    if is_string(v) {
                        let s = string::bytes(&vm.heap, v).to_vec();
                        let mut fl = fl;
                        fl.prec = true;
                        push_str(&mut out, &s, fl, width, 1);
                    } else {
                        let n = num2long(vm, v)?;
                        let ch = u32::try_from(n)
                            .ok()
                            .and_then(char::from_u32)
                            .ok_or_else(|| vm.arg_error("invalid character"))?;
                        let mut buf = [0u8; 4];
                        let enc = ch.encode_utf8(&mut buf).as_bytes().to_vec();
                        let pad = if fl.width && width > 1 {
                            width as usize - 1
                        } else {
                            0
                        };
                        if !fl.minus {
                            out.extend(std::iter::repeat_n(b' ', pad));
                        }
                        out.extend_from_slice(&enc);
                        if fl.minus {
                            out.extend(std::iter::repeat_n(b' ', pad));
                        }
                    }
                    break;
                }
                b's' | b'p' => {
                    let v = match nextvalue {
                        Some(v) => v,
                        None => a.next_arg(vm)?,
                    };
                    let s = if c == b'p' {
                        vm.inspect(v)?
                    } else {
                        vm.to_s(v)?
                    };
                    if !string::is_encoding(s, enc) {
                        enc = super::string_encoding::joined_encoding(vm, enc, &out, s)?;
                    }
                    let bytes = string::bytes(&vm.heap, s).to_vec();
                    push_str(&mut out, &bytes, fl, width, prec);
                    break;
                }
                b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'b' | b'B' => {
                    let v = match nextvalue {
                        Some(v) => v,
                        None => a.next_arg(vm)?,
                    };
                    let n = int_value(vm, v)?;
                    out.extend_from_slice(fmt_int(&n, c, fl, width, prec).as_bytes());
                    break;
                }
                b'f' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                    let v = match nextvalue {
                        Some(v) => v,
                        None => a.next_arg(vm)?,
                    };
                    if c == b'f' && is_int(v) {
                        out.extend_from_slice(fmt_int_as_f(&to_big(v), fl, width, prec).as_bytes());
                        break;
                    }
                    let fv = to_float(vm, v)?;
                    out.extend_from_slice(
                        fmt_float(float_value(fv), c, fl, width, prec).as_bytes(),
                    );
                    break;
                }
                _ => {
                    let msg = if c.is_ascii_graphic() {
                        format!("malformed format string - %{}", c as char)
                    } else {
                        "malformed format string".to_string()
                    };
                    return Err(vm.arg_error(&msg));
                }
            }
        }
        i += 1;
    }
    Ok((out, enc))
}
fn check_width(vm: &mut Vm, fl: Flags) -> VmResult<()> {
    if fl.width {
        return Err(vm.arg_error("width given twice"));
    }
    if fl.prec0 {
        return Err(vm.arg_error("width after precision"));
    }
    Ok(())
}
/// The Integer an integer directive formats (Floats truncated, Strings parsed as Integer()).
fn int_value(vm: &mut Vm, v: Value) -> VmResult<BigInt> {
    if is_int(v) {
        return Ok(to_big(v));
    }
    if is_float(v) {
        let i = super::float::f64_to_int(vm, float_value(v).trunc())?;
        return Ok(to_big(i));
    }
    let i = super::numeric::convert_integer(vm, v, None)?;
    Ok(to_big(i))
}
/// %s: `prec` characters at most, padded to `width` characters.
fn push_str(out: &mut Vec<u8>, s: &[u8], fl: Flags, width: i64, prec: i64) {
    let text = String::from_utf8_lossy(s);
    let valid = std::str::from_utf8(s).is_ok();
    let mut bytes: &[u8] = s;
    let mut slen = if valid { text.chars().count() } else { s.len() };
    if fl.prec && (prec as usize) < slen {
        let cut = if valid {
            text.char_indices()
                .nth(prec as usize)
                .map(|(b, _)| b)
                .unwrap_or(s.len())
        } else {
            prec as usize
        };
        bytes = &s[..cut];
        slen = prec as usize;
    }
    let pad = if fl.width && width as usize > slen {
        width as usize - slen
    } else {
        0
    };
    if !fl.minus {
        out.extend(std::iter::repeat_n(b' ', pad));
    }
    out.extend_from_slice(bytes);
    if fl.minus {
        out.extend(std::iter::repeat_n(b' ', pad));
    }
}
