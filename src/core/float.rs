//! Float: arithmetic with Integers and Floats (CRuby's flodivmod for `%`/divmod), exact
//! comparison with Integers, rounding with digits and `half:` modes (CRuby's round_half_up and
//! friends, including their correction steps), to_s, next_float/prev_float, the Float constants,
//! and the conversions other files use (`num2dbl`, `to_float` = Kernel#Float, float steps).

use super::array::M;
pub(crate) use super::float_conv::*;
use super::integer::{int_to_f64, is_int, to_big};
use super::numeric::{coerce_bin, coerce_cmp, coerce_relop, round_args, rounding_mode};
use super::object::{float_value, is_float};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

const FLOAT: &[M] = &[
    ("+", f_plus, 1, 1),
    ("-", f_minus, 1, 1),
    ("*", f_mul, 1, 1),
    ("/", f_div, 1, 1),
    ("quo", f_div, 1, 1),
    ("fdiv", f_div, 1, 1),
    ("%", f_mod, 1, 1),
    ("modulo", f_mod, 1, 1),
    ("divmod", f_divmod, 1, 1),
    ("div", f_idiv, 1, 1),
    ("remainder", f_remainder, 1, 1),
    ("**", f_pow, 1, 1),
    ("pow", f_pow, 1, 1),
    ("-@", f_neg, 0, 0),
    ("==", f_eq, 1, 1),
    ("===", f_eq, 1, 1),
    ("eql?", f_eql, 1, 1),
    ("<=>", f_cmp, 1, 1),
    ("<", f_lt, 1, 1),
    ("<=", f_le, 1, 1),
    (">", f_gt, 1, 1),
    (">=", f_ge, 1, 1),
    ("hash", f_hash, 0, 0),
    ("to_s", f_to_s, 0, 0),
    ("inspect", f_to_s, 0, 0),
    ("to_f", f_self, 0, 0),
    ("to_i", f_to_i, 0, 0),
    ("to_int", f_to_i, 0, 0),
    ("truncate", f_truncate, 0, 1),
    ("floor", f_floor, 0, 1),
    ("ceil", f_ceil, 0, 1),
    ("round", f_round, 0, 2),
    ("nan?", f_nan_p, 0, 0),
    ("infinite?", f_infinite_p, 0, 0),
    ("finite?", f_finite_p, 0, 0),
    ("zero?", f_zero_p, 0, 0),
    ("positive?", f_positive_p, 0, 0),
    ("negative?", f_negative_p, 0, 0),
    ("abs", f_abs, 0, 0),
    ("magnitude", f_abs, 0, 0),
    ("coerce", f_coerce, 1, 1),
    ("next_float", f_next_float, 0, 0),
    ("prev_float", f_prev_float, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let f = vm.c.float;
    vm.define_natives(f, FLOAT);
    let consts: [(&str, f64); 5] = [
        ("INFINITY", f64::INFINITY),
        ("NAN", f64::NAN),
        ("EPSILON", f64::EPSILON),
        ("MAX", f64::MAX),
        ("MIN", f64::MIN_POSITIVE),
    ];
    for (n, v) in consts {
        let fv = vm.float(v);
        vm.keep(fv);
        vm.class_data(f).const_set(intern(n), fv);
    }
    for (n, v) in [
        ("DIG", 15),
        ("MANT_DIG", 53),
        ("MAX_EXP", 1024),
        ("MIN_EXP", -1021),
        ("MAX_10_EXP", 308),
        ("MIN_10_EXP", -307),
        ("RADIX", 2),
    ] {
        vm.class_data(f).const_set(intern(n), Value::fixnum(v));
    }
}

// ---- arithmetic ----

/// The f64 of an Integer or Float operand.
fn operand(o: Value) -> Option<f64> {
    if is_float(o) {
        Some(float_value(o))
    } else if is_int(o) {
        Some(int_to_f64(o))
    } else {
        None
    }
}
macro_rules! flt_arith {
    ($name:ident, $op:tt, $sym:expr) => {
        /// float op numeric -> float
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            match operand(a[0]) {
                Some(y) => Ok(vm.float(float_value(s) $op y)),
                None => coerce_bin(vm, s, a[0], $sym),
            }
        }
    };
}
flt_arith!(f_plus, +, "+");
flt_arith!(f_minus, -, "-");
flt_arith!(f_mul, *, "*");
/// float / numeric -> float
fn f_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match operand(a[0]) {
        Some(y) => Ok(vm.float(double_div(float_value(s), y))),
        None => coerce_bin(vm, s, a[0], "/"),
    }
}
/// float % numeric -> float
fn f_mod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match operand(a[0]) {
        Some(y) => {
            let (_, m) = flodivmod(vm, float_value(s), y)?;
            Ok(vm.float(m))
        }
        None => coerce_bin(vm, s, a[0], "%"),
    }
}
/// float.divmod(numeric) -> [quotient, modulus]
fn f_divmod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match operand(a[0]) {
        Some(y) => {
            let (d, m) = flodivmod(vm, float_value(s), y)?;
            let q = f64_to_int(vm, d)?;
            let r = vm.float(m);
            Ok(vm.ary_from_slice(&[q, r]))
        }
        None => coerce_bin(vm, s, a[0], "divmod"),
    }
}
/// float.div(numeric) -> integer
fn f_idiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.equal(Value::fixnum(0), a[0])? {
        return Err(vm.raise_str(vm.c.zero_division_error, "divided by 0"));
    }
    let q = f_div(vm, s, a, None)?;
    if is_float(q) {
        return f64_to_int(vm, float_value(q).floor());
    }
    vm.funcall(q, intern("floor"), &[], None)
}
/// float.remainder(numeric) -> float
fn f_remainder(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let y = a[0];
    if !vm.is_a(y, vm.c.numeric) {
        let (p, q) = super::numeric::do_coerce(vm, s, y, true)?.expect("coerced");
        return vm.funcall(p, intern("remainder"), &[q], None);
    }
    let z = vm.funcall(s, intern("%"), &[y], b.cloned())?;
    let x = float_value(s);
    let zero = Value::fixnum(0);
    let y_pos = vm.funcall(y, intern(">"), &[zero], None)?.truthy();
    let y_neg = vm.funcall(y, intern("<"), &[zero], None)?.truthy();
    if !vm.equal(z, zero)? && ((x < 0.0 && y_pos) || (x > 0.0 && y_neg)) {
        if is_float(y) && float_value(y).is_infinite() {
            return Ok(s);
        }
        return vm.funcall(z, intern("-"), &[y], None);
    }
    Ok(z)
}
/// float ** numeric -> float (or complex)
fn f_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = float_value(s);
    let o = a[0];
    if o == Value::fixnum(2) {
        return Ok(vm.float(x * x));
    }
    match operand(o) {
        // a negative base with a fractional exponent gives a Complex
        Some(y) if is_float(o) => Ok(super::complex::arith::float_pow(vm, x, y)),
        Some(y) => Ok(vm.float(x.powf(y))),
        None => coerce_bin(vm, s, o, "**"),
    }
}
/// -float -> float
fn f_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(-float_value(s)))
}

// ---- comparison ----

/// float == object -> true or false
fn f_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_float(o) || is_int(o) {
        return Ok(Value::bool(
            num_cmp(s, o) == Some(std::cmp::Ordering::Equal),
        ));
    }
    if s == o {
        return Ok(Value::TRUE);
    }
    Ok(Value::bool(
        vm.funcall(o, intern("=="), &[s], None)?.truthy(),
    ))
}
/// float.eql?(object) -> true or false
fn f_eql(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(
        is_float(a[0]) && float_value(a[0]) == float_value(s),
    ))
}
/// float <=> object -> -1, 0, 1 or nil
fn f_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = float_value(s);
    let o = a[0];
    if x.is_nan() {
        return Ok(Value::NIL);
    }
    if is_float(o) || is_int(o) {
        return Ok(match num_cmp(s, o) {
            Some(c) => Value::fixnum(c as i64),
            None => Value::NIL,
        });
    }
    if x.is_infinite() && vm.responds(o, intern("infinite?"), true) {
        let i = vm.funcall(o, intern("infinite?"), &[], None)?;
        if i.truthy() {
            let j = super::array_qsort::cmpint(vm, i, s, o)?;
            let r = if x > 0.0 {
                if j > 0 { 0 } else { 1 }
            } else if j < 0 {
                0
            } else {
                -1
            };
            return Ok(Value::fixnum(r));
        }
        return Ok(Value::fixnum(if x > 0.0 { 1 } else { -1 }));
    }
    coerce_cmp(vm, s, o)
}
macro_rules! flt_cmp {
    ($name:ident, $test:ident, $sym:expr) => {
        /// float op numeric -> true or false
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            if is_float(a[0]) || is_int(a[0]) {
                return Ok(Value::bool(num_cmp(s, a[0]).is_some_and(|o| o.$test())));
            }
            coerce_relop(vm, s, a[0], $sym)
        }
    };
}
flt_cmp!(f_lt, is_lt, "<");
flt_cmp!(f_le, is_le, "<=");
flt_cmp!(f_gt, is_gt, ">");
flt_cmp!(f_ge, is_ge, ">=");
/// float.hash -> integer
fn f_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}

// ---- conversion ----

/// Float#to_s as CRuby prints it: shortest round-trip digits in fixed notation while the point
/// falls inside the digits, at most 15 places right of the first, or 3 zeros after "0.";
/// else "d.ddde+XX".
/// The shortest digits of `f` (positive, finite) as CRuby's dtoa chooses them. Rust's
/// formatting and dtoa agree except when the exact binary value lies exactly halfway between
/// two shortest candidates: Rust rounds the last digit up, dtoa to even. `digits` (with the
/// decimal exponent `exp` of its first digit) is Rust's answer; the even neighbour is returned
/// when it is a tie and the neighbour reads back as the same double.
fn round_half_even(f: f64, digits: String, exp: i32) -> String {
    use num_bigint::BigInt;
    let last = *digits.as_bytes().last().expect("a digit");
    if (last - b'0').is_multiple_of(2) || digits.len() < 2 {
        return digits;
    }
    // f = m * 2^e exactly
    let bits = f.to_bits();
    let (m, e) = if (bits >> 52) & 0x7ff == 0 {
        ((bits & ((1 << 52) - 1)) as i64, -1074i64)
    } else {
        (
            ((bits & ((1 << 52) - 1)) | (1 << 52)) as i64,
            ((bits >> 52) & 0x7ff) as i64 - 1075,
        )
    };
    // the candidate D * 10^k, with k the exponent of the last digit
    let d: BigInt = digits.parse().expect("digits");
    let k = exp as i64 - (digits.len() as i64 - 1);
    // tie: 2 * m * 2^e == (2D - 1) * 10^k, compared as integers
    let mut lhs = BigInt::from(2 * m);
    let mut rhs = BigInt::from(2) * &d - 1;
    if e >= 0 {
        lhs <<= e as usize;
    } else {
        rhs <<= (-e) as usize;
    }
    let ten = BigInt::from(10);
    if k >= 0 {
        rhs *= num_traits::pow(ten, k as usize);
    } else {
        lhs *= num_traits::pow(ten, (-k) as usize);
    }
    if lhs != rhs {
        return digits;
    }
    let lower = (d - 1u32).to_string();
    if lower.len() != digits.len() {
        return digits;
    }
    let text = format!("{}.{}e{}", &lower[..1], &lower[1..], exp);
    if text.parse::<f64>().ok() == Some(f) {
        lower
    } else {
        digits
    }
}

pub fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let e = format!("{:e}", f.abs());
    let (mant, exp) = e.split_once('e').expect("exponent");
    let exp: i32 = exp.parse().expect("exponent digits");
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let digits = round_half_even(f.abs(), digits, exp);
    let sign = if f < 0.0 { "-" } else { "" };
    let decpt = exp + 1;
    let digs = digits.len() as i32;
    let fixed = if decpt > 0 {
        decpt < digs || decpt <= 15
    } else {
        decpt > -4
    };
    if !fixed {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        return format!(
            "{sign}{first}.{rest}e{}{:02}",
            if exp < 0 { "-" } else { "+" },
            exp.abs()
        );
    }
    if decpt <= 0 {
        return format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize));
    }
    let d = decpt as usize;
    if digits.len() <= d {
        format!("{sign}{digits}{}.0", "0".repeat(d - digits.len()))
    } else {
        format!("{sign}{}.{}", &digits[..d], &digits[d..])
    }
}
/// float.to_s -> string
fn f_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_ascii(float_to_s(float_value(s)).as_bytes()))
}
/// float.to_f -> self
fn f_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// float.to_i -> integer
fn f_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    f64_to_int(vm, float_value(s).trunc())
}
/// float.coerce(numeric) -> [float, float]
fn f_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let y = to_float(vm, a[0])?;
    Ok(vm.ary_from_slice(&[y, s]))
}
/// float.next_float -> float
fn f_next_float(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(next_after(float_value(s), f64::INFINITY)))
}
/// float.prev_float -> float
fn f_prev_float(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(next_after(float_value(s), f64::NEG_INFINITY)))
}
// ---- predicates ----

/// float.nan? -> true or false
fn f_nan_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s).is_nan()))
}
/// float.infinite? -> -1, 1 or nil
fn f_infinite_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let f = float_value(s);
    Ok(if f.is_infinite() {
        Value::fixnum(if f < 0.0 { -1 } else { 1 })
    } else {
        Value::NIL
    })
}
/// float.finite? -> true or false
fn f_finite_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s).is_finite()))
}
/// float.zero? -> true or false
fn f_zero_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s) == 0.0))
}
/// float.positive? -> true or false
fn f_positive_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s) > 0.0))
}
/// float.negative? -> true or false
fn f_negative_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s) < 0.0))
}
/// float.abs -> float
fn f_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(float_value(s).abs()))
}

// ---- rounding ----

/// float.round(ndigits = 0, half: :up) -> integer or float
fn f_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (nd, opts) = round_args(vm, a, kw)?;
    let nd = nd.unwrap_or(0);
    let mode = rounding_mode(vm, opts)?;
    let x = float_value(s);
    if x == 0.0 {
        return Ok(if nd > 0 { s } else { Value::fixnum(0) });
    }
    if nd < 0 {
        let i = f64_to_int(vm, x.trunc())?;
        return Ok(vm.bigint(super::numeric::int_round(&to_big(i), nd, mode)));
    }
    if nd == 0 {
        return f64_to_int(vm, round_mode(x, 1.0, mode));
    }
    if !x.is_finite() {
        return Ok(s);
    }
    let binexp = frexp_exp(x);
    if round_overflow(nd, binexp) {
        return Ok(s);
    }
    if round_underflow(nd, binexp) {
        return Ok(vm.float(0.0));
    }
    if nd > 14 {
        return Ok(vm.float(round_by_rational(x, nd, mode)));
    }
    let f = 10f64.powi(nd as i32);
    Ok(vm.float(round_mode(x, f, mode) / f))
}
fn ndigits(vm: &mut Vm, a: &[Value]) -> VmResult<i64> {
    match a.first() {
        Some(&n) => super::array::num2long(vm, n),
        None => Ok(0),
    }
}
/// rb_float_floor.
fn float_floor(vm: &mut Vm, s: Value, nd: i64) -> VmResult {
    let x = float_value(s);
    if x == 0.0 {
        return Ok(if nd > 0 { s } else { Value::fixnum(0) });
    }
    if nd > 0 {
        let binexp = frexp_exp(x);
        if round_overflow(nd, binexp) {
            return Ok(s);
        }
        if x > 0.0 && round_underflow(nd, binexp) {
            return Ok(vm.float(0.0));
        }
        let f = 10f64.powi(nd as i32);
        let mul = (x * f).floor();
        let mut res = (mul + 1.0) / f;
        if res > x {
            res = mul / f;
        }
        return Ok(vm.float(res));
    }
    let i = f64_to_int(vm, x.floor())?;
    if nd < 0 {
        return Ok(vm.bigint(super::numeric::int_floor(&to_big(i), nd)));
    }
    Ok(i)
}
/// rb_float_ceil.
fn float_ceil(vm: &mut Vm, s: Value, nd: i64) -> VmResult {
    let x = float_value(s);
    if x == 0.0 {
        return Ok(if nd > 0 { s } else { Value::fixnum(0) });
    }
    if nd > 0 {
        let binexp = frexp_exp(x);
        if round_overflow(nd, binexp) {
            return Ok(s);
        }
        if x < 0.0 && round_underflow(nd, binexp) {
            return Ok(vm.float(0.0));
        }
        let f = 10f64.powi(nd as i32);
        return Ok(vm.float((x * f).ceil() / f));
    }
    let i = f64_to_int(vm, x.ceil())?;
    if nd < 0 {
        return Ok(vm.bigint(super::numeric::int_ceil(&to_big(i), nd)));
    }
    Ok(i)
}
/// float.floor(ndigits = 0) -> float or integer
fn f_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits(vm, a)?;
    float_floor(vm, s, nd)
}
/// float.ceil(ndigits = 0) -> float or integer
fn f_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits(vm, a)?;
    float_ceil(vm, s, nd)
}
/// float.truncate(ndigits = 0) -> float or integer
fn f_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let nd = ndigits(vm, a)?;
    if float_value(s).is_sign_negative() {
        float_ceil(vm, s, nd)
    } else {
        float_floor(vm, s, nd)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_ruby() {
        assert_eq!(float_to_s(1.0), "1.0");
        assert_eq!(float_to_s(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(float_to_s(1e20), "1.0e+20");
        assert_eq!(float_to_s(1e16), "1.0e+16");
        assert_eq!(float_to_s(1e15), "1.0e+15");
        assert_eq!(float_to_s(123456789012345.6), "123456789012345.6");
        assert_eq!(float_to_s(100.0), "100.0");
        assert_eq!(float_to_s(0.0001), "0.0001");
        assert_eq!(float_to_s(0.00001), "1.0e-05");
        assert_eq!(float_to_s(-2.5e-10), "-2.5e-10");
    }
}
