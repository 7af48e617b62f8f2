//! Integer (fixnums and big integers through num-bigint) and Float arithmetic.

use super::object::{float_value, is_float, str_of};
use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{ToPrimitive, Zero};

/// The payload of a heap Integer that does not fit a fixnum.
pub struct Big(pub BigInt);

impl Payload for Big {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn malloc_size(&self) -> usize {
        self.0.bits() as usize / 8
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const INTEGER: &[M] = &[
    ("+", i_plus, 1, 1),
    ("-", i_minus, 1, 1),
    ("*", i_mul, 1, 1),
    ("/", i_div, 1, 1),
    ("%", i_mod, 1, 1),
    ("modulo", i_mod, 1, 1),
    ("**", i_pow, 1, 1),
    ("-@", i_neg, 0, 0),
    ("==", i_eq, 1, 1),
    ("===", i_eq, 1, 1),
    ("<=>", i_cmp, 1, 1),
    ("<", i_lt, 1, 1),
    ("<=", i_le, 1, 1),
    (">", i_gt, 1, 1),
    (">=", i_ge, 1, 1),
    ("to_s", i_to_s, 0, 1),
    ("inspect", i_to_s, 0, 1),
    ("to_i", i_self, 0, 0),
    ("to_int", i_self, 0, 0),
    ("to_f", i_to_f, 0, 0),
    ("times", i_times, 0, 0),
    ("upto", i_upto, 1, 1),
    ("downto", i_downto, 1, 1),
    ("succ", i_succ, 0, 0),
    ("next", i_succ, 0, 0),
    ("pred", i_pred, 0, 0),
    ("zero?", i_zero_p, 0, 0),
    ("even?", i_even_p, 0, 0),
    ("odd?", i_odd_p, 0, 0),
    ("abs", i_abs, 0, 0),
    ("hash", i_hash, 0, 0),
    ("eql?", i_eql, 1, 1),
    ("divmod", i_divmod, 1, 1),
    ("&", i_and, 1, 1),
    ("|", i_or, 1, 1),
    ("^", i_xor, 1, 1),
    ("<<", i_shl, 1, 1),
    (">>", i_shr, 1, 1),
    ("chr", i_chr, 0, 0),
];

const FLOAT: &[M] = &[
    ("+", f_plus, 1, 1),
    ("-", f_minus, 1, 1),
    ("*", f_mul, 1, 1),
    ("/", f_div, 1, 1),
    ("-@", f_neg, 0, 0),
    ("==", f_eq, 1, 1),
    ("<", f_lt, 1, 1),
    ("<=", f_le, 1, 1),
    (">", f_gt, 1, 1),
    (">=", f_ge, 1, 1),
    ("<=>", f_cmp, 1, 1),
    ("to_s", f_to_s, 0, 0),
    ("inspect", f_to_s, 0, 0),
    ("to_f", i_self, 0, 0),
    ("to_i", f_to_i, 0, 0),
    ("truncate", f_to_i, 0, 0),
    ("nan?", f_nan_p, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let (i, f) = (vm.c.integer, vm.c.float);
    vm.define_natives(i, INTEGER);
    vm.define_natives(f, FLOAT);
    let o = vm.c.float;
    for (n, v) in [
        ("INFINITY", f64::INFINITY),
        ("NAN", f64::NAN),
        ("EPSILON", f64::EPSILON),
        ("MAX", f64::MAX),
        ("MIN", f64::MIN_POSITIVE),
    ] {
        let fv = vm.float(v);
        vm.class_data(o)
            .const_set(crate::object::symbol::intern(n), fv);
    }
}

/// The BigInt of any Integer value.
pub fn to_big(v: Value) -> BigInt {
    if v.is_fixnum() {
        BigInt::from(v.as_fixnum())
    } else {
        payload::<Big>(v).expect("bignum").0.clone()
    }
}

pub fn is_int(v: Value) -> bool {
    v.is_fixnum() || type_of(v) == T_BIGNUM
}

fn coerce_fail(vm: &mut Vm, o: Value, what: &str) -> crate::vm::frame::Unwind {
    let desc = if o.is_nil() {
        "nil".to_string()
    } else {
        let k = vm.real_class(o);
        vm.class_name(k)
    };
    vm.type_error(&format!("{desc} can't be coerced into {what}"))
}

fn cmp_fail(vm: &mut Vm, s: Value, o: Value) -> crate::vm::frame::Unwind {
    let k = vm.real_class(s);
    let desc = match vm.inspect_str(o) {
        Ok(d) if o.is_immediate() || is_float(o) => d,
        _ => {
            let ko = vm.real_class(o);
            vm.class_name(ko)
        }
    };
    vm.arg_error(&format!(
        "comparison of {} with {desc} failed",
        vm.class_name(k)
    ))
}

macro_rules! int_arith {
    ($name:ident, $op:tt, $checked:ident, $fop:tt) => {
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            let o = a[0];
            if s.is_fixnum() && o.is_fixnum() {
                if let Some(r) = s.as_fixnum().$checked(o.as_fixnum()) {
                    return Ok(vm.int(r));
                }
            }
            if is_int(o) {
                return Ok(vm.bigint(to_big(s) $op to_big(o)));
            }
            if is_float(o) {
                let x = to_big(s).to_f64().unwrap_or(f64::NAN);
                return Ok(vm.float(x $fop float_value(o)));
            }
            Err(coerce_fail(vm, o, "Integer"))
        }
    };
}
int_arith!(i_plus, +, checked_add, +);
int_arith!(i_minus, -, checked_sub, -);
int_arith!(i_mul, *, checked_mul, *);

fn zero_div(vm: &mut Vm) -> crate::vm::frame::Unwind {
    vm.raise_str(vm.c.zero_division_error, "divided by 0")
}

fn i_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        let d = to_big(o);
        if d.is_zero() {
            return Err(zero_div(vm));
        }
        return Ok(vm.bigint(to_big(s).div_floor(&d)));
    }
    if is_float(o) {
        let x = to_big(s).to_f64().unwrap_or(f64::NAN);
        return Ok(vm.float(x / float_value(o)));
    }
    Err(coerce_fail(vm, o, "Integer"))
}
fn i_mod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        let d = to_big(o);
        if d.is_zero() {
            return Err(zero_div(vm));
        }
        return Ok(vm.bigint(to_big(s).mod_floor(&d)));
    }
    if is_float(o) {
        let x = to_big(s).to_f64().unwrap_or(f64::NAN);
        let y = float_value(o);
        return Ok(vm.float(fmod_floor(x, y)));
    }
    Err(coerce_fail(vm, o, "Integer"))
}
pub fn fmod_floor(x: f64, y: f64) -> f64 {
    let r = x % y;
    if r != 0.0 && (r < 0.0) != (y < 0.0) {
        r + y
    } else {
        r
    }
}
fn i_divmod(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let q = if is_float(a[0]) {
        let x = to_big(s).to_f64().unwrap_or(f64::NAN);
        vm.float((x / float_value(a[0])).floor())
    } else {
        i_div(vm, s, a, b)?
    };
    let r = i_mod(vm, s, a, b)?;
    Ok(vm.ary_new(vec![q, r]))
}
fn i_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if o.is_fixnum() {
        let e = o.as_fixnum();
        if e >= 0 {
            if e > 100_000_000 {
                return Err(vm.arg_error("exponent is too large"));
            }
            return Ok(vm.bigint(num_traits::pow(to_big(s), e as usize)));
        }
        // a negative exponent gives a Rational in CRuby; rubra has no Rational yet
        return Err(vm.raise_str(
            vm.c.not_implemented_error,
            "Rational results are not supported yet",
        ));
    }
    if is_float(o) {
        let x = to_big(s).to_f64().unwrap_or(f64::NAN);
        return Ok(vm.float(x.powf(float_value(o))));
    }
    Err(coerce_fail(vm, o, "Integer"))
}
fn i_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(-to_big(s)))
}
fn num_cmp(vm: &mut Vm, s: Value, o: Value) -> VmResult<Option<std::cmp::Ordering>> {
    if is_int(o) {
        return Ok(Some(to_big(s).cmp(&to_big(o))));
    }
    if is_float(o) {
        let x = to_big(s).to_f64().unwrap_or(f64::NAN);
        return Ok(x.partial_cmp(&float_value(o)));
    }
    let _ = vm;
    Ok(None)
}
fn i_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !is_int(a[0]) && !is_float(a[0]) {
        return Ok(Value::bool(
            vm.funcall(a[0], crate::object::symbol::intern("=="), &[s], None)
                .map(|v| v.truthy())
                .unwrap_or(false),
        ));
    }
    Ok(Value::bool(
        num_cmp(vm, s, a[0])? == Some(std::cmp::Ordering::Equal),
    ))
}
fn i_eql(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(is_int(a[0]) && to_big(s) == to_big(a[0])))
}
fn i_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match num_cmp(vm, s, a[0])? {
        Some(o) => Value::fixnum(o as i64),
        None => Value::NIL,
    })
}
macro_rules! cmp_op {
    ($name:ident, $test:ident) => {
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            if !is_int(a[0]) && !is_float(a[0]) {
                return Err(cmp_fail(vm, s, a[0]));
            }
            Ok(Value::bool(
                num_cmp(vm, s, a[0])?.is_some_and(|o| o.$test()),
            ))
        }
    };
}
cmp_op!(i_lt, is_lt);
cmp_op!(i_le, is_le);
cmp_op!(i_gt, is_gt);
cmp_op!(i_ge, is_ge);

fn i_to_s(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let base = match a.first() {
        Some(b) if b.is_fixnum() => b.as_fixnum(),
        Some(_) => return Err(vm.type_error("no implicit conversion into Integer")),
        None => 10,
    };
    if !(2..=36).contains(&base) {
        return Err(vm.arg_error(&format!("invalid radix {base}")));
    }
    let t = to_big(s).to_str_radix(base as u32);
    Ok(vm.str_from(t))
}
fn i_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
fn i_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(to_big(s).to_f64().unwrap_or(f64::INFINITY)))
}
fn i_times(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "times", &[]);
    };
    let n = s.fixnum_opt().unwrap_or(0);
    let mut i = 0;
    while i < n {
        vm.yield_block(b, &[Value::fixnum(i)])?;
        i += 1;
    }
    Ok(s)
}
fn i_upto(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "upto", a);
    };
    let (from, to) = (s.fixnum_opt().unwrap_or(0), super::arg_int(vm, a[0])?);
    let mut i = from;
    while i <= to {
        vm.yield_block(b, &[Value::fixnum(i)])?;
        i += 1;
    }
    Ok(s)
}
fn i_downto(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "downto", a);
    };
    let (from, to) = (s.fixnum_opt().unwrap_or(0), super::arg_int(vm, a[0])?);
    let mut i = from;
    while i >= to {
        vm.yield_block(b, &[Value::fixnum(i)])?;
        i -= 1;
    }
    Ok(s)
}
fn i_succ(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(to_big(s) + 1))
}
fn i_pred(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(to_big(s) - 1))
}
fn i_zero_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s == Value::fixnum(0)))
}
fn i_even_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(to_big(s).is_even()))
}
fn i_odd_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(to_big(s).is_odd()))
}
fn i_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = to_big(s);
    Ok(vm.bigint(if b < BigInt::zero() { -b } else { b }))
}
fn i_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}
macro_rules! bit_op {
    ($name:ident, $op:tt) => {
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            if !is_int(a[0]) {
                return Err(coerce_fail(vm, a[0], "Integer"));
            }
            Ok(vm.bigint(to_big(s) $op to_big(a[0])))
        }
    };
}
bit_op!(i_and, &);
bit_op!(i_or, |);
bit_op!(i_xor, ^);
fn i_shl(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    Ok(if n >= 0 {
        vm.bigint(to_big(s) << n as usize)
    } else {
        vm.bigint(to_big(s) >> (-n) as usize)
    })
}
fn i_shr(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    Ok(if n >= 0 {
        vm.bigint(to_big(s) >> n as usize)
    } else {
        vm.bigint(to_big(s) << (-n) as usize)
    })
}
fn i_chr(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = s.fixnum_opt().unwrap_or(-1);
    if !(0..256).contains(&n) {
        return Err(vm.raise_str(vm.c.range_error, &format!("{n} out of char range")));
    }
    Ok(vm.str_new(&[n as u8]))
}

/// `Integer(x)` and `Integer(str, base)`.
pub fn convert_integer(vm: &mut Vm, v: Value, base: Option<Value>) -> VmResult {
    if is_int(v) {
        return Ok(v);
    }
    if is_float(v) {
        let f = float_value(v);
        if !f.is_finite() {
            return Err(vm.raise_str(
                vm.c.float_domain_error,
                if f.is_nan() {
                    "NaN"
                } else if f > 0.0 {
                    "Infinity"
                } else {
                    "-Infinity"
                },
            ));
        }
        return Ok(vm.bigint(BigInt::from(f.trunc() as i128)));
    }
    if type_of(v) == T_STRING {
        let text = str_of(v);
        let base = base.and_then(|b| b.fixnum_opt()).unwrap_or(10) as u32;
        let t = text.trim().replace('_', "");
        let (neg, t) = match t.strip_prefix('-') {
            Some(r) => (true, r.to_string()),
            None => (false, t.strip_prefix('+').unwrap_or(&t).to_string()),
        };
        let (radix, digits) = if let Some(r) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X"))
        {
            (16, r.to_string())
        } else if let Some(r) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
            (2, r.to_string())
        } else if let Some(r) = t.strip_prefix("0o").or_else(|| t.strip_prefix("0O")) {
            (8, r.to_string())
        } else if t.len() > 1 && t.starts_with('0') && base == 10 {
            (8, t[1..].to_string())
        } else {
            (base, t.clone())
        };
        if let Some(b) =
            BigInt::parse_bytes(digits.as_bytes(), radix).filter(|_| !digits.is_empty())
        {
            return Ok(vm.bigint(if neg { -b } else { b }));
        }
        let ins = vm.inspect_str(v)?;
        return Err(vm.arg_error(&format!("invalid value for Integer(): {ins}")));
    }
    if v.is_nil() {
        return Err(vm.type_error("can't convert nil into Integer"));
    }
    let id = crate::object::symbol::intern("to_i");
    if vm.responds(v, id, true) {
        return vm.funcall(v, id, &[], None);
    }
    Err(vm.conversion_error(v, "Integer"))
}

// ---- Float ----

macro_rules! flt_arith {
    ($name:ident, $op:tt) => {
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            let x = float_value(s);
            let o = a[0];
            let y = if is_float(o) {
                float_value(o)
            } else if is_int(o) {
                to_big(o).to_f64().unwrap_or(f64::NAN)
            } else {
                return Err(coerce_fail(vm, o, "Float"));
            };
            Ok(vm.float(x $op y))
        }
    };
}
flt_arith!(f_plus, +);
flt_arith!(f_minus, -);
flt_arith!(f_mul, *);
flt_arith!(f_div, /);
fn f_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(-float_value(s)))
}
fn other_f64(o: Value) -> Option<f64> {
    if is_float(o) {
        Some(float_value(o))
    } else if is_int(o) {
        to_big(o).to_f64()
    } else {
        None
    }
}
fn f_eq(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(other_f64(a[0]) == Some(float_value(s))))
}
fn f_cmp(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(
        match other_f64(a[0]).and_then(|y| float_value(s).partial_cmp(&y)) {
            Some(o) => Value::fixnum(o as i64),
            None => Value::NIL,
        },
    )
}
macro_rules! flt_cmp {
    ($name:ident, $test:ident) => {
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            let Some(y) = other_f64(a[0]) else {
                return Err(cmp_fail(vm, s, a[0]));
            };
            Ok(Value::bool(
                float_value(s).partial_cmp(&y).is_some_and(|o| o.$test()),
            ))
        }
    };
}
flt_cmp!(f_lt, is_lt);
flt_cmp!(f_le, is_le);
flt_cmp!(f_gt, is_gt);
flt_cmp!(f_ge, is_ge);

/// Float#to_s as CRuby prints it: shortest round-trip digits, fixed notation while the decimal
/// point position is in -3..=15 (1e14 is fixed, 1e15 is "1.0e+15"), else "d.ddde+XX".
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
    let sign = if f < 0.0 { "-" } else { "" };
    let decpt = exp + 1;
    if !(-3..=15).contains(&decpt) {
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
fn f_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_from(float_to_s(float_value(s))))
}
fn f_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    convert_integer(vm, s, None)
}
fn f_nan_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(float_value(s).is_nan()))
}

#[cfg(test)]
mod tests {
    use super::float_to_s;

    #[test]
    fn floats_print_like_ruby() {
        assert_eq!(float_to_s(1.0), "1.0");
        assert_eq!(float_to_s(1.5), "1.5");
        assert_eq!(float_to_s(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(float_to_s(1e20), "1.0e+20");
        assert_eq!(float_to_s(1e16), "1.0e+16");
        assert_eq!(float_to_s(1e15), "1.0e+15");
        assert_eq!(float_to_s(1e14), "100000000000000.0");
        assert_eq!(float_to_s(0.0001), "0.0001");
        assert_eq!(float_to_s(0.00001), "1.0e-05");
        assert_eq!(float_to_s(-2.5e-10), "-2.5e-10");
        assert_eq!(float_to_s(100.0), "100.0");
    }
}
