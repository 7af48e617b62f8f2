//! Integer conversions (to_s with a base, chr, digits, coerce), rounding to negative digits
//! (floor/ceil/round/truncate with `half:`), iteration (times/upto/downto with sized
//! enumerators) and the class methods Integer.sqrt and Integer.try_convert.

use super::array::{M, num2long, to_int};
use super::integer::{i_lt, i_plus, int_to_f64, is_int, sign_of, to_big};
use super::numeric::{
    int_ceil, int_floor, int_round, int_truncate, round_args, rounding_mode, sized_enum,
};
use super::object::{float_value, is_float};
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;
use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_traits::{Signed, Zero};

pub(crate) const SINGLETON: &[M] = &[
    ("sqrt", i_s_sqrt, 1, 1),
    ("try_convert", i_s_try_convert, 1, 1),
];

pub(crate) const TABLE: &[M] = &[
    ("to_s", i_to_s, 0, 1),
    ("inspect", i_to_s, 0, 1),
    ("to_f", i_to_f, 0, 0),
    ("chr", i_chr, 0, 1),
    ("digits", i_digits, 0, 1),
    ("times", i_times, 0, 0),
    ("upto", i_upto, 1, 1),
    ("downto", i_downto, 1, 1),
    ("floor", i_floor, 0, 1),
    ("ceil", i_ceil, 0, 1),
    ("round", i_round, 0, 2),
    ("truncate", i_truncate, 0, 1),
    ("coerce", i_coerce, 1, 1),
];

// ---- conversion ----

/// int.to_s(base = 10) -> string
pub(crate) fn i_to_s(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let base = match a.first() {
        Some(&b) => num2long(vm, b)?,
        None => 10,
    };
    if !(2..=36).contains(&base) {
        return Err(vm.arg_error(&format!("invalid radix {base}")));
    }
    match s.fixnum_opt() {
        Some(x) if base == 10 => Ok(vm.str_ascii(itoa::Buffer::new().format(x).as_bytes())),
        Some(x) => {
            let mut buf = [0u8; 72];
            Ok(vm.str_ascii(fixnum_radix(x, base as u64, &mut buf)))
        }
        None => {
            let t = to_big(s).to_str_radix(base as u32);
            Ok(vm.str_ascii(t.as_bytes()))
        }
    }
}

/// The digits of `x` in `base` (2 to 36, lowercase), written at the end of `buf`.
fn fixnum_radix(x: i64, base: u64, buf: &mut [u8; 72]) -> &[u8] {
    let mut n = x.unsigned_abs();
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % base) as usize];
        n /= base;
        if n == 0 {
            break;
        }
    }
    if x < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    &buf[at..]
}
/// int.to_f -> float
fn i_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(int_to_f64(s)))
}
/// int.chr -> string
fn i_chr(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(n) = s.fixnum_opt() else {
        return Err(vm.raise_str(vm.c.range_error, "bignum out of char range"));
    };
    if n < 0 || n > u32::MAX as i64 {
        return Err(vm.raise_str(vm.c.range_error, &format!("{n} out of char range")));
    }
    if a.is_empty() {
        if n > 0xff {
            return Err(vm.raise_str(vm.c.range_error, &format!("{n} out of char range")));
        }
        let v = vm.str_new(&[n as u8]);
        if n > 0x7f {
            // a byte past ASCII is no UTF-8 character: CRuby answers a binary String
            string::set_encoding(v, Encoding::Binary);
        }
        return Ok(v);
    }
    let enc = super::string_encoding::enc_arg(vm, a[0])?;
    let invalid = |vm: &mut Vm| {
        let msg = format!("invalid codepoint 0x{n:X} in {}", enc.name());
        vm.raise_str(vm.c.range_error, &msg)
    };
    let mut bytes = Vec::with_capacity(4);
    if enc.is_unicode() {
        if !super::transcode::encode(enc, n as u32, &mut bytes) {
            return Err(invalid(vm));
        }
    } else if enc.single_byte() && n > 0xff {
        return Err(vm.raise_str(vm.c.range_error, &format!("{n} out of char range")));
    } else {
        // CRuby's code_to_mbc: the code's bytes, big-endian, which must be one character
        let all = (n as u32).to_be_bytes();
        let skip = all.iter().take(3).take_while(|&&b| b == 0).count();
        bytes.extend_from_slice(&all[skip..]);
        if enc.precise_len(&bytes) != Some(bytes.len()) {
            return Err(invalid(vm));
        }
    }
    let v = vm.str_new(&bytes);
    string::set_encoding(v, enc);
    Ok(v)
}
/// int.digits(base = 10) -> array_of_integers
fn i_digits(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if sign_of(s) == Sign::Minus {
        return Err(vm.raise_str(vm.c.math_domain_error, "out of domain"));
    }
    let base = match a.first() {
        Some(&b) => {
            let b = to_int(vm, b)?;
            let bb = to_big(b);
            if bb.is_negative() {
                return Err(vm.arg_error("negative radix"));
            }
            if bb < BigInt::from(2) {
                return Err(vm.arg_error(&format!("invalid radix {bb}")));
            }
            bb
        }
        None => BigInt::from(10),
    };
    // a fixnum in a fixnum radix: machine division
    if let (true, Some(b)) = (s.is_fixnum(), num_traits::ToPrimitive::to_i64(&base)) {
        let mut x = s.as_fixnum();
        let mut out = vec![Value::fixnum(x % b)];
        x /= b;
        while x != 0 {
            out.push(Value::fixnum(x % b));
            x /= b;
        }
        return Ok(vm.ary_new(out));
    }
    let mut x = to_big(s);
    if x.is_zero() {
        return Ok(vm.ary_from_slice(&[Value::fixnum(0)]));
    }
    let mut out = Vec::new();
    while !x.is_zero() {
        let (q, r) = x.div_mod_floor(&base);
        out.push(vm.bigint(r));
        x = q;
    }
    Ok(vm.ary_new(out))
}
/// int.coerce(numeric) -> array
fn i_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_int(a[0]) {
        return Ok(vm.ary_from_slice(&[a[0], s]));
    }
    let x = super::float::to_float(vm, a[0])?;
    let y = vm.float(int_to_f64(s));
    Ok(vm.ary_from_slice(&[x, y]))
}

// ---- iteration ----

/// int.times {|i| ... } -> self
fn i_times(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        let n = if sign_of(s) == Sign::Minus {
            Value::fixnum(0)
        } else {
            s
        };
        return sized_enum(vm, s, "times", &[], n);
    };
    if let Some(n) = s.fixnum_opt() {
        let mut i = 0;
        vm.yield_each(b, &mut |_, _| {
            Ok((i < n).then(|| {
                i += 1;
                YieldArgs::one(Value::fixnum(i - 1))
            }))
        })?;
        return Ok(s);
    }
    let mut i = Value::fixnum(0);
    while i_lt(vm, i, &[s], None)?.truthy() {
        vm.yield_block(b, &[i])?;
        i = i_plus(vm, i, &[Value::fixnum(1)], None)?;
    }
    Ok(s)
}
/// The number of steps from `from` to `to` by 1 (or -1).
fn interval_size(vm: &mut Vm, from: Value, to: Value, down: bool) -> VmResult {
    if is_int(to) {
        let d = if down {
            to_big(from) - to_big(to)
        } else {
            to_big(to) - to_big(from)
        };
        return Ok(vm.bigint((d + BigInt::from(1)).max(BigInt::zero())));
    }
    if is_float(to) {
        let step = if down { -1.0 } else { 1.0 };
        let n = super::float::float_step_size(int_to_f64(from), float_value(to), step, false);
        return super::float::f64_to_int(vm, n);
    }
    Ok(Value::NIL)
}
/// int.upto(limit) {|i| ... } -> self
fn i_upto(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        let n = interval_size(vm, s, a[0], false)?;
        return sized_enum(vm, s, "upto", a, n);
    };
    if let (Some(from), Some(to)) = (s.fixnum_opt(), a[0].fixnum_opt()) {
        let mut i = from;
        vm.yield_each(b, &mut |_, _| {
            Ok((i <= to).then(|| {
                let v = Value::fixnum(i);
                i += 1;
                YieldArgs::one(v)
            }))
        })?;
        return Ok(s);
    }
    let one = Value::fixnum(1);
    super::numeric::yield_by_calls(vm, b, s, Some(a[0]), ">", "+", one)?;
    Ok(s)
}
/// int.downto(limit) {|i| ... } -> self
fn i_downto(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        let n = interval_size(vm, s, a[0], true)?;
        return sized_enum(vm, s, "downto", a, n);
    };
    if let (Some(from), Some(to)) = (s.fixnum_opt(), a[0].fixnum_opt()) {
        let mut i = from;
        vm.yield_each(b, &mut |_, _| {
            Ok((i >= to).then(|| {
                let v = Value::fixnum(i);
                i -= 1;
                YieldArgs::one(v)
            }))
        })?;
        return Ok(s);
    }
    let one = Value::fixnum(1);
    super::numeric::yield_by_calls(vm, b, s, Some(a[0]), "<", "-", one)?;
    Ok(s)
}
// ---- rounding ----

fn ndigits_arg(vm: &mut Vm, a: &[Value]) -> VmResult<i64> {
    match a.first() {
        Some(&n) => num2long(vm, n),
        None => Ok(0),
    }
}
/// int.floor(ndigits = 0) -> integer
fn i_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits_arg(vm, a)?;
    if nd >= 0 {
        return Ok(s);
    }
    Ok(vm.bigint(int_floor(&to_big(s), nd)))
}
/// int.ceil(ndigits = 0) -> integer
fn i_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits_arg(vm, a)?;
    if nd >= 0 {
        return Ok(s);
    }
    Ok(vm.bigint(int_ceil(&to_big(s), nd)))
}
/// int.truncate(ndigits = 0) -> integer
fn i_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits_arg(vm, a)?;
    if nd >= 0 {
        return Ok(s);
    }
    Ok(vm.bigint(int_truncate(&to_big(s), nd)))
}
/// int.round(ndigits = 0, half: :up) -> integer
fn i_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (nd, opts) = round_args(vm, a, kw)?;
    let Some(nd) = nd else { return Ok(s) };
    let mode = rounding_mode(vm, opts)?;
    if nd >= 0 {
        return Ok(s);
    }
    Ok(vm.bigint(int_round(&to_big(s), nd, mode)))
}

/// Integer.sqrt(numeric) -> integer
fn i_s_sqrt(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = to_int(vm, a[0])?;
    let x = to_big(n);
    if x.is_negative() {
        return Err(vm.raise_str(
            vm.c.math_domain_error,
            "Numerical argument is out of domain - \"isqrt\"",
        ));
    }
    Ok(vm.bigint(x.sqrt()))
}
/// Integer.try_convert(object) -> integer or nil
fn i_s_try_convert(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_int(a[0]) {
        return Ok(a[0]);
    }
    if !vm.responds(a[0], intern("to_int"), true) {
        return Ok(Value::NIL);
    }
    to_int(vm, a[0])
}
