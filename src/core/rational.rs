//! Rational: exact fractions, as CRuby's rational.c.
//!
//! A Rational is a T_DATA object holding a normalised numerator and denominator as big integers
//! (the denominator is positive, the two share no factor). Integer#** with a negative exponent,
//! Integer#quo, Integer#to_r and Kernel#Rational make them; Integers and Rationals meet through
//! `coerce`, Floats win (a Rational mixed with a Float gives a Float), as in CRuby.
//! Not here yet: the `3r` literal. Rounding (floor/ceil/truncate/round with digits) is
//! rational_round.rs.

use super::integer::{is_int, to_big};
use super::object::{float_value, is_float};
use super::rational_round;
use crate::object::heap::{T_DATA, payload};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A Rational's payload: always normalised.
pub struct Rat {
    pub num: BigInt,
    pub den: BigInt,
}

impl crate::object::heap::Payload for Rat {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn malloc_size(&self) -> usize {
        std::mem::size_of::<Rat>()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

const RATIONAL: &[(&str, crate::vm::NativeFn, i16, i16)] = &[
    ("numerator", r_numerator, 0, 0),
    ("denominator", r_denominator, 0, 0),
    ("+", r_plus, 1, 1),
    ("-", r_minus, 1, 1),
    ("*", r_mul, 1, 1),
    ("/", r_div, 1, 1),
    ("quo", r_div, 1, 1),
    ("**", r_pow, 1, 1),
    ("-@", r_neg, 0, 0),
    ("==", r_eq, 1, 1),
    ("<=>", r_cmp, 1, 1),
    ("eql?", r_eql, 1, 1),
    ("hash", r_hash, 0, 0),
    ("coerce", r_coerce, 1, 1),
    ("abs", r_abs, 0, 0),
    ("zero?", r_zero, 0, 0),
    ("negative?", r_negative, 0, 0),
    ("positive?", r_positive, 0, 0),
    ("to_f", r_to_f, 0, 0),
    ("to_i", rational_round::r_truncate, 0, 0),
    ("truncate", rational_round::r_truncate, 0, 1),
    ("floor", rational_round::r_floor, 0, 1),
    ("ceil", rational_round::r_ceil, 0, 1),
    ("round", rational_round::r_round, 0, 2),
    ("to_r", r_self, 0, 0),
    ("rationalize", r_rationalize, 0, 1),
    ("fdiv", r_fdiv, 1, 1),
    ("to_s", r_to_s, 0, 0),
    ("inspect", r_inspect, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let numeric = vm.c.numeric;
    let r = vm.define_class("Rational", numeric);
    vm.c.rational = r;
    // Rationals are made by Rational() and arithmetic; Rational.allocate is undefined
    let meta = vm.singleton_class(r);
    vm.add_method(
        meta,
        intern("allocate"),
        crate::vm::MethodBody::Undefined,
        crate::object::class::Visibility::Public,
    );
    vm.define_natives(r, RATIONAL);
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("Rational", k_rational, 1, 2)]);
    let i = vm.c.integer;
    vm.define_natives(
        i,
        &[
            ("quo", i_quo, 1, 1),
            ("to_r", i_to_r, 0, 0),
            ("rationalize", i_to_r, 0, 1),
        ],
    );
    let f = vm.c.float;
    vm.define_natives(
        f,
        &[
            ("to_r", f_to_r, 0, 0),
            ("rationalize", f_rationalize, 0, 1),
            ("numerator", f_numerator, 0, 0),
            ("denominator", f_denominator, 0, 0),
        ],
    );
    let s = vm.c.string;
    vm.define_natives(s, &[("to_r", s_to_r, 0, 0)]);
}

/// A non-negative finite float as an exact fraction (num, den) (den a power of two).
pub(crate) fn float_parts(f: f64) -> (BigInt, BigInt) {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let sign = if f.is_sign_negative() { -1 } else { 1 };
    let m = BigInt::from(m) * sign;
    if e >= 0 {
        (m << e as usize, BigInt::one())
    } else {
        (m, BigInt::one() << (-e) as usize)
    }
}

fn float_arg(vm: &mut Vm, s: Value) -> VmResult<f64> {
    let f = float_value(s);
    if !f.is_finite() {
        let k = vm.c.float_domain_error;
        let msg = if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        };
        return Err(vm.raise_str(k, msg));
    }
    Ok(f)
}

/// flt.to_r -> the exact Rational
fn f_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let f = float_arg(vm, s)?;
    let (n, d) = float_parts(f);
    new_rational(vm, n, d)
}

type Frac = (BigInt, BigInt);

/// `n/d` in lowest terms with a positive denominator.
pub(crate) fn frac(n: BigInt, d: BigInt) -> Frac {
    let g = n.gcd(&d);
    let (mut n, mut d) = if g.is_zero() || g.is_one() {
        (n, d)
    } else {
        (n / &g, d / &g)
    };
    if d.is_negative() {
        n = -n;
        d = -d;
    }
    (n, d)
}
fn frac_sub(a: &Frac, b: &Frac) -> Frac {
    frac(&a.0 * &b.1 - &b.0 * &a.1, &a.1 * &b.1)
}
fn frac_lt(a: &Frac, b: &Frac) -> bool {
    &a.0 * &b.1 < &b.0 * &a.1
}

/// The simplest fraction in [a, b] (CRuby's nurat_rationalize_internal).
fn simplest_between(mut a: Frac, mut b: Frac) -> Frac {
    let (mut p0, mut p1, mut q0, mut q1) =
        (BigInt::zero(), BigInt::one(), BigInt::one(), BigInt::zero());
    let c = loop {
        let c: BigInt = a.0.div_ceil(&a.1);
        if frac_lt(&(c.clone(), BigInt::one()), &b) {
            break c;
        }
        let k: BigInt = c - 1;
        let p2 = &k * &p1 + &p0;
        let q2 = &k * &q1 + &q0;
        let kf = (k.clone(), BigInt::one());
        let bk = frac_sub(&b, &kf);
        let ak = frac_sub(&a, &kf);
        let t = frac(bk.1, bk.0);
        b = frac(ak.1, ak.0);
        a = t;
        p0 = p1;
        q0 = q1;
        p1 = p2;
        q1 = q2;
    };
    frac(&c * &p1 + p0, &c * &q1 + q0)
}

/// flt.rationalize([eps]) -> the simplest Rational within eps (or within the float's own
/// precision)
fn f_rationalize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = float_arg(vm, s)?;
    let neg = f < 0.0;
    let x = f.abs();
    let (n, d) = float_parts(x);
    let (lo, hi) = match a.first() {
        Some(&e) => {
            let (en, ed) = if is_float(e) {
                float_parts(float_value(e).abs())
            } else {
                match parts(e) {
                    Some((n, d)) => (n.abs(), d),
                    None => return Err(vm.type_error("not a number")),
                }
            };
            let xf = (n, d);
            let ef = (en, ed);
            let lo = frac_sub(&xf, &ef);
            let hi = frac(&xf.0 * &ef.1 + &ef.0 * &xf.1, &xf.1 * &ef.1);
            (lo, hi)
        }
        None => {
            // the float's interval: (2m - 1) / 2^(1 - e) .. (2m + 1) / 2^(1 - e)
            if n.is_zero() || d.is_one() {
                return new_rational(vm, if neg { -n } else { n }, d);
            }
            let two_n: BigInt = &n * 2;
            let den: BigInt = &d * 2;
            (frac(&two_n - 1, den.clone()), frac(two_n + 1, den))
        }
    };
    let (p, q) = if lo == hi {
        lo
    } else {
        simplest_between(lo, hi)
    };
    new_rational(vm, if neg { -p } else { p }, q)
}

/// Parses Ruby's rational syntax: [sign] digits [. digits] [e [sign] digits] [/ digits], with
/// single underscores between digits. Returns the fraction and how many bytes it used.
pub(crate) fn parse_rational(t: &[u8]) -> Option<(BigInt, BigInt, usize)> {
    let mut i = 0;
    let neg = match t.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let digits = |i: &mut usize| -> String {
        let mut s = String::new();
        while *i < t.len() {
            let c = t[*i];
            if c.is_ascii_digit() {
                s.push(c as char);
            } else if c == b'_' && !s.is_empty() && t.get(*i + 1).is_some_and(u8::is_ascii_digit) {
            } else {
                break;
            }
            *i += 1;
        }
        s
    };
    let mut int = digits(&mut i);
    let mut frac_digits = String::new();
    if t.get(i) == Some(&b'.') && t.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        frac_digits = digits(&mut i);
        if int.is_empty() {
            int.push('0'); // ".5"
        }
    }
    if int.is_empty() {
        return None;
    }
    let mut num: BigInt = format!("{int}{frac_digits}").parse().ok()?;
    let mut den = num_traits::pow(BigInt::from(10), frac_digits.len());
    if matches!(t.get(i), Some(b'e') | Some(b'E')) {
        let mut j = i + 1;
        let eneg = match t.get(j) {
            Some(b'-') => {
                j += 1;
                true
            }
            Some(b'+') => {
                j += 1;
                false
            }
            _ => false,
        };
        let e = digits(&mut j);
        if !e.is_empty() {
            let e: usize = e.parse().ok()?;
            let p = num_traits::pow(BigInt::from(10), e);
            if eneg {
                den *= p;
            } else {
                num *= p;
            }
            i = j;
        }
    }
    if t.get(i) == Some(&b'/') && t.get(i + 1).is_some_and(u8::is_ascii_digit) {
        let mut j = i + 1;
        let d = digits(&mut j);
        den *= d.parse::<BigInt>().ok()?;
        i = j;
    }
    Some((if neg { -num } else { num }, den, i))
}

/// str.to_r -> the Rational its leading part reads as ((0/1) when none)
fn s_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = crate::object::string::bytes(&vm.heap, s);
    let start = b
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(b.len());
    match parse_rational(&b[start..]) {
        Some((n, d, _)) => new_rational(vm, n, d),
        None => new_rational(vm, BigInt::zero(), BigInt::one()),
    }
}

/// The normalised Rational num/den (ZeroDivisionError for a zero denominator).
pub fn new_rational(vm: &mut Vm, num: BigInt, den: BigInt) -> VmResult {
    if den.is_zero() {
        return Err(super::integer::zero_div(vm));
    }
    Ok(new_rational_raw(vm, num, den))
}

/// The normalised Rational num/den of a nonzero denominator.
pub fn new_rational_raw(vm: &mut Vm, num: BigInt, den: BigInt) -> Value {
    debug_assert!(!den.is_zero());
    let (num, den) = frac(num, den);
    let k = vm.c.rational;
    let r = vm.heap.alloc_boxed(T_DATA, k, Box::new(Rat { num, den }));
    vm.freeze(r);
    r
}

/// The exact value of a rational literal's number (`1.5r`, `3r`, `0x10r`): `text` is the
/// literal without its `r` (underscores allowed); the result is a Rational ((3/2), (3/1)).
/// ArgumentError for text that is not such a number.
pub fn from_decimal_literal(vm: &mut Vm, text: &str) -> VmResult {
    match literal_fraction(text) {
        Some((n, d)) => new_rational(vm, n, d),
        None => Err(vm.arg_error(&format!("invalid rational literal: {text}"))),
    }
}

/// The fraction of a rational literal's text: decimal digits with an optional fraction, or an
/// integer with a radix prefix (0x 0b 0o 0d, a leading 0 for octal).
fn literal_fraction(text: &str) -> Option<(BigInt, BigInt)> {
    let t = text.as_bytes();
    let lower = text.to_ascii_lowercase();
    let unsigned = lower.trim_start_matches(['+', '-']);
    let radix = unsigned.len() > 1 && unsigned.starts_with('0') && !unsigned.contains('.');
    if radix {
        return super::numeric::parse_integer(text, 0).map(|n| (n, BigInt::one()));
    }
    if !unsigned.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    match parse_rational(t) {
        Some((n, d, used)) if used == t.len() && !text.contains(['e', 'E', '/']) => {
            Some(frac(n, d))
        }
        _ => None,
    }
}

fn rat(v: Value) -> Option<&'static Rat> {
    payload::<Rat>(v).map(|r| &*r)
}

pub fn is_rational(v: Value) -> bool {
    rat(v).is_some()
}

/// (num, den) of an Integer or Rational.
pub fn parts(v: Value) -> Option<(BigInt, BigInt)> {
    if is_int(v) {
        Some((to_big(v), BigInt::one()))
    } else {
        rat(v).map(|r| (r.num.clone(), r.den.clone()))
    }
}

fn this(v: Value) -> (BigInt, BigInt) {
    parts(v).expect("a Rational receiver")
}

pub fn rat_to_f64(num: &BigInt, den: &BigInt) -> f64 {
    super::integer::big_ratio_f64(num, den)
}

/// Kernel#Rational(a, b = 1) with Integers or Rationals.
/// A Rational from a String (the whole string, blanks around it allowed) or a Float.
fn rational_from(vm: &mut Vm, v: Value) -> VmResult<Option<(BigInt, BigInt)>> {
    if is_float(v) {
        let f = float_arg(vm, v)?;
        return Ok(Some(float_parts(f)));
    }
    if crate::object::heap::type_of(v) == crate::object::heap::T_STRING {
        let b = crate::object::string::bytes(&vm.heap, v);
        let t = std::str::from_utf8(b).unwrap_or("").trim();
        return match parse_rational(t.as_bytes()) {
            Some((n, d, used)) if used == t.len() => Ok(Some((n, d))),
            _ => {
                let ins = vm.inspect_str(v)?;
                Err(vm.arg_error(&format!("invalid value for convert(): {ins}")))
            }
        };
    }
    Ok(parts(v))
}

fn k_rational(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if let (Some(x), None) = (a.first(), a.get(1))
        && (is_float(*x) || crate::object::heap::type_of(*x) == crate::object::heap::T_STRING)
    {
        let (n, d) = rational_from(vm, *x)?.expect("a number");
        return new_rational(vm, n, d);
    }
    let den = a.get(1).copied().unwrap_or(Value::fixnum(1));
    match (parts(a[0]), parts(den)) {
        (Some((n1, d1)), Some((n2, d2))) => new_rational(vm, n1 * d2, d1 * n2),
        _ => {
            let bad = if parts(a[0]).is_none() { a[0] } else { den };
            if bad.is_nil() {
                return Err(vm.type_error("can't convert nil into Rational"));
            }
            let k = vm.real_class(bad);
            let msg = format!("can't convert {} into Rational", vm.class_name(k));
            Err(vm.type_error(&msg))
        }
    }
}

fn i_quo(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_float(o) {
        return Ok(vm.float(super::integer::int_to_f64(s) / float_value(o)));
    }
    match parts(o) {
        Some((n, d)) => new_rational(vm, to_big(s) * d, n),
        None => super::numeric::coerce_bin(vm, s, o, "quo"),
    }
}

fn i_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    new_rational(vm, to_big(s), BigInt::one())
}

fn r_numerator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(this(s).0))
}
fn r_denominator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.bigint(this(s).1))
}

/// The arithmetic shared by + - * /: Rational and Integer operands stay exact, a Float
/// operand makes a Float, anything else goes through its `coerce`.
fn arith(vm: &mut Vm, s: Value, o: Value, op: &str) -> VmResult {
    let (n1, d1) = this(s);
    if is_float(o) {
        let x = rat_to_f64(&n1, &d1);
        let y = float_value(o);
        let r = match op {
            "+" => x + y,
            "-" => x - y,
            "*" => x * y,
            _ => x / y,
        };
        return Ok(vm.float(r));
    }
    let Some((n2, d2)) = parts(o) else {
        return super::numeric::coerce_bin(vm, s, o, op);
    };
    match op {
        "+" => new_rational(vm, &n1 * &d2 + &n2 * &d1, d1 * d2),
        "-" => new_rational(vm, &n1 * &d2 - &n2 * &d1, d1 * d2),
        "*" => new_rational(vm, n1 * n2, d1 * d2),
        _ => {
            if n2.is_zero() {
                return Err(super::integer::zero_div(vm));
            }
            new_rational(vm, n1 * d2, d1 * n2)
        }
    }
}
fn r_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    arith(vm, s, a[0], "+")
}
fn r_minus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    arith(vm, s, a[0], "-")
}
fn r_mul(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    arith(vm, s, a[0], "*")
}
fn r_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    arith(vm, s, a[0], "/")
}

/// rat ** numeric: exact for Integer exponents, a Float otherwise.
fn r_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    let o = a[0];
    if is_int(o) {
        let e = to_big(o);
        let Some(k) = e.abs().to_u32() else {
            return Err(vm.arg_error("exponent is too large"));
        };
        if (n.bits() + d.bits()).saturating_mul(k as u64) > 32 * 1024 * 1024 {
            return Err(vm.arg_error("exponent is too large"));
        }
        let (pn, pd) = (
            num_traits::pow(n, k as usize),
            num_traits::pow(d, k as usize),
        );
        return if e.sign() == Sign::Minus {
            new_rational(vm, pd, pn)
        } else {
            new_rational(vm, pn, pd)
        };
    }
    // a Float or Rational exponent: the Float power (a Complex for a negative base)
    let x = rat_to_f64(&n, &d);
    if is_float(o) {
        return Ok(super::complex::arith::float_pow(vm, x, float_value(o)));
    }
    if let Some((n2, d2)) = parts(o) {
        return Ok(super::complex::arith::float_pow(
            vm,
            x,
            rat_to_f64(&n2, &d2),
        ));
    }
    super::numeric::coerce_bin(vm, s, o, "**")
}

fn r_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    new_rational(vm, -n, d)
}
fn r_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    new_rational(vm, n.abs(), d)
}
fn r_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// The order of a Rational and another real, or None when `o` is not a number this file knows.
fn compare(s: Value, o: Value) -> Option<Option<std::cmp::Ordering>> {
    let (n1, d1) = this(s);
    if is_float(o) {
        return Some(rat_to_f64(&n1, &d1).partial_cmp(&float_value(o)));
    }
    let (n2, d2) = parts(o)?;
    Some(Some((n1 * d2).cmp(&(n2 * d1))))
}
fn r_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match compare(s, a[0]) {
        Some(o) => Ok(Value::bool(o == Some(std::cmp::Ordering::Equal))),
        None => {
            let r = vm.funcall(a[0], crate::object::symbol::intern("=="), &[s], None)?;
            Ok(Value::bool(r.truthy()))
        }
    }
}
fn r_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match compare(s, a[0]) {
        Some(Some(o)) => Ok(Value::fixnum(o as i64)),
        Some(None) => Ok(Value::NIL),
        None => super::numeric::coerce_cmp(vm, s, a[0]),
    }
}
fn r_eql(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let same = match rat(a[0]) {
        Some(r) => {
            let (n, d) = this(s);
            n == r.num && d == r.den
        }
        None => false,
    };
    Ok(Value::bool(same))
}
fn r_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::hash::{BuildHasher, Hasher};
    let (n, d) = this(s);
    let mut h = ahash::RandomState::with_seeds(5, 6, 7, 8).build_hasher();
    h.write(&n.to_signed_bytes_le());
    h.write_u8(b'/');
    h.write(&d.to_signed_bytes_le());
    Ok(Value::fixnum((h.finish() >> 2) as i64 - (1 << 61)))
}
/// rat.coerce(other) -> [other as Rational (or Float), self (or Float)]
fn r_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_float(o) {
        let (n, d) = this(s);
        let x = vm.float(rat_to_f64(&n, &d));
        return Ok(vm.ary_from_slice(&[o, x]));
    }
    match parts(o) {
        Some((n, d)) => {
            let r = new_rational(vm, n, d)?;
            Ok(vm.ary_from_slice(&[r, s]))
        }
        None => {
            let k = vm.real_class(o);
            let msg = format!("{} can't be coerced into Rational", vm.class_name(k));
            Err(vm.type_error(&msg))
        }
    }
}
fn r_zero(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).0.is_zero()))
}
fn r_negative(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).0.is_negative()))
}
fn r_positive(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(this(s).0.is_positive()))
}
fn r_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    Ok(vm.float(rat_to_f64(&n, &d)))
}
fn r_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    Ok(vm.str_new(format!("{n}/{d}").as_bytes()))
}
fn r_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (n, d) = this(s);
    Ok(vm.str_new(format!("({n}/{d})").as_bytes()))
}

/// rat.rationalize(eps = nil) -> self, or the simplest Rational within |eps|
fn r_rationalize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(&e) = a.first() else {
        return Ok(s);
    };
    let x = this(s);
    let eps = if is_float(e) {
        let f = float_arg(vm, e)?;
        float_parts(f.abs())
    } else {
        match parts(e) {
            Some((n, d)) => (n.abs(), d),
            None => {
                // f_abs(eps) first, as CRuby (NoMethodError for a String)
                let a = vm.funcall(e, intern("abs"), &[], None)?;
                match parts(a) {
                    Some((n, d)) => (n.abs(), d),
                    None if is_float(a) => float_parts(float_arg(vm, a)?.abs()),
                    None => return Err(vm.type_error("not a number")),
                }
            }
        }
    };
    let neg = x.0.is_negative();
    let ax = (x.0.abs(), x.1);
    let lo = frac_sub(&ax, &eps);
    let hi = frac(&ax.0 * &eps.1 + &eps.0 * &ax.1, &ax.1 * &eps.1);
    if lo == hi {
        return Ok(s);
    }
    let (p, q) = simplest_between(lo, hi);
    new_rational(vm, if neg { -p } else { p }, q)
}

/// rat.fdiv(numeric) -> float: an exact quotient rounded once
fn r_fdiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (n1, d1) = this(s);
    let o = a[0];
    if is_float(o) {
        return Ok(vm.float(rat_to_f64(&n1, &d1) / float_value(o)));
    }
    match parts(o) {
        Some((n2, _)) if n2.is_zero() => Ok(vm.float(rat_to_f64(&n1, &d1) / 0.0)),
        Some((n2, d2)) => {
            let (n, d) = frac(n1 * d2, d1 * n2);
            Ok(vm.float(rat_to_f64(&n, &d)))
        }
        None => {
            let r = super::numeric::coerce_bin(vm, s, o, "fdiv")?;
            let f = super::float::num2dbl(vm, r)?;
            Ok(vm.float(f))
        }
    }
}

/// flt.numerator -> integer (self for NaN and Infinity)
fn f_numerator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let f = float_value(s);
    if !f.is_finite() {
        return Ok(s);
    }
    let (n, d) = float_parts(f);
    Ok(vm.bigint(frac(n, d).0))
}

/// flt.denominator -> integer (1 for NaN and Infinity)
fn f_denominator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let f = float_value(s);
    if !f.is_finite() {
        return Ok(Value::fixnum(1));
    }
    let (n, d) = float_parts(f);
    Ok(vm.bigint(frac(n, d).1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(t: &str) -> Option<String> {
        literal_fraction(t).map(|(n, d)| format!("{n}/{d}"))
    }

    #[test]
    fn reads_rational_literals() {
        assert_eq!(lit("1.5").as_deref(), Some("3/2"));
        assert_eq!(lit("3").as_deref(), Some("3/1"));
        assert_eq!(lit("0.75").as_deref(), Some("3/4"));
        assert_eq!(lit("1_000.000_1").as_deref(), Some("10000001/10000"));
        assert_eq!(lit("0").as_deref(), Some("0/1"));
        assert_eq!(lit("0.0").as_deref(), Some("0/1"));
        assert_eq!(lit("0x10").as_deref(), Some("16/1"));
        assert_eq!(lit("0b101").as_deref(), Some("5/1"));
        assert_eq!(lit("017").as_deref(), Some("15/1"));
        assert_eq!(lit("-2.50").as_deref(), Some("-5/2"));
        for bad in ["", "1e3", "1/2", "1.", ".5", "abc", "1__0", "1.5x"] {
            assert_eq!(lit(bad), None, "{bad}");
        }
    }
}
