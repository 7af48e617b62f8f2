//! BigDecimal (`require "bigdecimal"`, a C extension in CRuby): the class, `Kernel#BigDecimal`,
//! the ROUND_*/SIGN_* constants and `BigDecimal.mode` for the rounding mode. The numbers and
//! their rounding are in num.rs; this file converts Ruby values to them and back.
//! `bigdecimal/util` (`to_d`) is Ruby, in src/stdlib/bigdecimal/util.rb.
//!
//! Division without a digit count (`/`, `quo`) keeps `max(36, 2 × (digits of a + digits of b))`
//! significant digits: CRuby's count depends on its internal base-10^9 words and changes between
//! bigdecimal versions; an exact quotient is exact either way.

mod num;

use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num::*;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::Zero;
use std::cell::Cell;
use std::cmp::Ordering;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const METHODS: &[M] = &[
    ("+", m_add, 1, 1),
    ("-", m_sub, 1, 1),
    ("*", m_mul, 1, 1),
    ("/", m_quo, 1, 1),
    ("quo", m_quo, 1, 2),
    ("%", m_mod, 1, 1),
    ("modulo", m_mod, 1, 1),
    ("divmod", m_divmod, 1, 1),
    ("remainder", m_remainder, 1, 1),
    ("div", m_div, 1, 2),
    ("add", m_add2, 2, 2),
    ("sub", m_sub2, 2, 2),
    ("mult", m_mult2, 2, 2),
    ("**", m_pow, 1, 1),
    ("power", m_pow, 1, 2),
    ("sqrt", m_sqrt, 0, 1),
    ("abs", m_abs, 0, 0),
    ("-@", m_neg, 0, 0),
    ("+@", m_pos, 0, 0),
    ("round", m_round, 0, 2),
    ("floor", m_floor, 0, 1),
    ("ceil", m_ceil, 0, 1),
    ("truncate", m_truncate, 0, 1),
    ("fix", m_fix, 0, 0),
    ("frac", m_frac, 0, 0),
    ("to_s", m_to_s, 0, 1),
    ("inspect", m_inspect, 0, 0),
    ("to_f", m_to_f, 0, 0),
    ("to_i", m_to_i, 0, 0),
    ("to_int", m_to_i, 0, 0),
    ("to_r", m_to_r, 0, 0),
    ("precision", m_precision, 0, 0),
    ("scale", m_scale, 0, 0),
    ("n_significant_digits", m_nsig, 0, 0),
    ("exponent", m_exponent, 0, 0),
    ("sign", m_sign, 0, 0),
    ("nan?", m_nan_p, 0, 0),
    ("infinite?", m_infinite_p, 0, 0),
    ("finite?", m_finite_p, 0, 0),
    ("zero?", m_zero_p, 0, 0),
    ("nonzero?", m_nonzero_p, 0, 0),
    ("<=>", m_cmp, 1, 1),
    ("==", m_eq, 1, 1),
    ("===", m_eq, 1, 1),
    ("eql?", m_eq, 1, 1),
    ("<", m_lt, 1, 1),
    ("<=", m_le, 1, 1),
    (">", m_gt, 1, 1),
    (">=", m_ge, 1, 1),
    ("hash", m_hash, 0, 0),
    ("coerce", m_coerce, 1, 1),
    ("split", m_split, 0, 0),
];

const SINGLETON: &[M] = &[("mode", s_mode, 1, 2), ("interpret_loosely", s_loose, 1, 1)];
const KERNEL: &[M] = &[("BigDecimal", k_bigdecimal, 1, 3)];

thread_local! {
    static MODE: Cell<u8> = const { Cell::new(ROUND_HALF_UP) };
}

fn mode() -> u8 {
    MODE.with(|m| m.get())
}

struct BigDec(Dec);

impl Payload for BigDec {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let numeric = vm.c.numeric;
    let k = vm.define_class("BigDecimal", numeric);
    vm.define_natives(k, METHODS);
    vm.define_singleton_natives(k, SINGLETON);
    let kernel = vm.c.kernel;
    vm.define_private_natives(kernel, KERNEL);
    let consts: &[(&str, i64)] = &[
        ("ROUND_MODE", 256),
        ("ROUND_UP", ROUND_UP as i64),
        ("ROUND_DOWN", ROUND_DOWN as i64),
        ("ROUND_HALF_UP", ROUND_HALF_UP as i64),
        ("ROUND_HALF_DOWN", ROUND_HALF_DOWN as i64),
        ("ROUND_CEILING", ROUND_CEILING as i64),
        ("ROUND_FLOOR", ROUND_FLOOR as i64),
        ("ROUND_HALF_EVEN", ROUND_HALF_EVEN as i64),
        ("SIGN_NaN", 0),
        ("SIGN_POSITIVE_ZERO", 1),
        ("SIGN_NEGATIVE_ZERO", -1),
        ("SIGN_POSITIVE_FINITE", 2),
        ("SIGN_NEGATIVE_FINITE", -2),
        ("SIGN_POSITIVE_INFINITE", 3),
        ("SIGN_NEGATIVE_INFINITE", -3),
        ("BASE", 1_000_000_000),
    ];
    for &(name, v) in consts {
        vm.class_data(k).const_set(intern(name), Value::fixnum(v));
    }
    let inf = new_bd(vm, Dec::Inf(false));
    vm.class_data(k).const_set(intern("INFINITY"), inf);
    let nan = new_bd(vm, Dec::NaN);
    vm.class_data(k).const_set(intern("NAN"), nan);
    let ver = vm.str_new(b"3.1.1");
    vm.class_data(k).const_set(intern("VERSION"), ver);
}

fn class(vm: &mut Vm) -> Value {
    let object = vm.c.object;
    vm.class_data(object)
        .const_get(intern("BigDecimal"))
        .unwrap_or(Value::NIL)
}

fn new_bd(vm: &mut Vm, d: Dec) -> Value {
    let k = class(vm);
    vm.heap.alloc_boxed(T_DATA, k, Box::new(BigDec(d)))
}

fn dec_of(v: Value) -> Option<&'static Dec> {
    payload::<BigDec>(v).map(|b| &b.0)
}

fn this(s: Value) -> Dec {
    dec_of(s).cloned().unwrap_or(Dec::NaN)
}

fn int_dec(v: Value) -> Dec {
    let b = crate::core::integer::to_big(v);
    let (sign, mag) = b.into_parts();
    Dec::from_i128_big(sign == Sign::Minus, mag)
}

/// A Float's shortest text as a decimal.
fn float_dec(f: f64) -> Dec {
    if f.is_nan() {
        return Dec::NaN;
    }
    if f.is_infinite() {
        return Dec::Inf(f < 0.0);
    }
    if f == 0.0 {
        return Dec::Zero(f.is_sign_negative());
    }
    parse(&format!("{f:e}")).unwrap_or(Dec::NaN)
}

/// Digits a quotient keeps when no count is given.
fn quo_digits(a: &Dec, b: &Dec) -> i64 {
    let n = |d: &Dec| d.digits().0.len() as i64;
    (2 * (n(a) + n(b))).max(36)
}

fn rational_dec(vm: &Vm, v: Value, prec: i64) -> Option<Dec> {
    let (n, d) = crate::core::rational::parts(v)?;
    let _ = vm;
    let (sn, mn) = n.into_parts();
    let a = Dec::from_i128_big(sn == Sign::Minus, mn);
    let b = Dec::from_i128_big(false, d.into_parts().1);
    let p = if prec > 0 { prec } else { quo_digits(&a, &b) };
    Some(a.div(&b, p, mode()))
}

/// The decimal of a numeric operand; None when it is not one (the caller coerces).
fn operand(vm: &Vm, v: Value) -> Option<Dec> {
    if let Some(d) = dec_of(v) {
        return Some(d.clone());
    }
    if v.is_fixnum() || type_of(v) == T_BIGNUM {
        return Some(int_dec(v));
    }
    if v.is_flonum() || type_of(v) == T_FLOAT {
        return Some(float_dec(crate::core::object::float_value(v)));
    }
    if crate::core::rational::is_rational(v) {
        return rational_dec(vm, v, 0);
    }
    None
}

fn binop(vm: &mut Vm, s: Value, o: Value, op: &str, f: fn(&Dec, &Dec) -> Dec) -> VmResult {
    match operand(vm, o) {
        Some(b) => {
            let r = f(&this(s), &b);
            Ok(new_bd(vm, r))
        }
        None => crate::core::numeric::coerce_bin(vm, s, o, op),
    }
}

fn m_add(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    binop(vm, s, a[0], "+", |x, y| x.add(y))
}
fn m_sub(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    binop(vm, s, a[0], "-", |x, y| x.sub(y))
}
fn m_mul(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    binop(vm, s, a[0], "*", |x, y| x.mul(y))
}
/// bd / other -> bigdecimal
fn m_quo(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if let Some(&n) = a.get(1) {
        return with_digits(vm, s, a[0], n, |x, y, p| x.div(y, p, mode()));
    }
    binop(vm, s, a[0], "/", |x, y| x.div(y, quo_digits(x, y), mode()))
}

fn need_operand(vm: &mut Vm, v: Value) -> VmResult<Dec> {
    match operand(vm, v) {
        Some(d) => Ok(d),
        None => {
            let k = vm.real_class(v);
            let name = if v.is_nil() {
                "nil".to_string()
            } else {
                vm.class_name(k)
            };
            Err(vm.type_error(&format!("{name} can't be coerced into BigDecimal")))
        }
    }
}

/// (floor quotient, modulo) of a / b; None for NaN/infinite cases.
fn floor_divmod(a: &Dec, b: &Dec) -> (Dec, Dec) {
    if matches!(b, Dec::Zero(_)) || !matches!(a, Dec::Fin(..) | Dec::Zero(_)) {
        return (Dec::NaN, Dec::NaN);
    }
    if matches!(b, Dec::Inf(_)) {
        return (Dec::Zero(false), a.clone());
    }
    let digits = (a.exponent() - b.exponent()).max(0) + 2;
    let q = a.div(b, digits, ROUND_DOWN).round_at(0, ROUND_FLOOR);
    let mut r = a.sub(&q.mul(b));
    let mut q = q;
    // make the remainder take the divisor's sign
    if !matches!(r, Dec::Zero(_)) && r.is_neg() != b.is_neg() {
        r = r.add(b);
        q = q.sub(&Dec::fin(false, BigUint::from(1u32), 0));
    }
    if let Dec::Zero(_) = r {
        r = Dec::Zero(false);
    }
    (q, r)
}

fn m_mod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = need_operand(vm, a[0])?;
    let r = floor_divmod(&this(s), &b).1;
    Ok(new_bd(vm, r))
}
fn m_divmod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = need_operand(vm, a[0])?;
    let (q, r) = floor_divmod(&this(s), &b);
    let (q, r) = (new_bd(vm, q), new_bd(vm, r));
    Ok(vm.ary_from_slice(&[q, r]))
}
fn m_remainder(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = need_operand(vm, a[0])?;
    let x = this(s);
    let digits = (x.exponent() - b.exponent()).max(0) + 2;
    let q = x.div(&b, digits, ROUND_DOWN).round_at(0, ROUND_DOWN);
    let r = x.sub(&q.mul(&b));
    Ok(new_bd(vm, r))
}

/// div(value) -> integer; div(value, digits) -> bigdecimal
fn m_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.get(1) {
        Some(&n) if !n.is_nil() => {
            let digits = crate::core::arg_int(vm, n)?;
            if digits == 0 {
                return m_quo(vm, s, &a[..1], None);
            }
            with_digits(vm, s, a[0], n, |x, y, p| x.div(y, p, mode()))
        }
        _ => {
            let b = need_operand(vm, a[0])?;
            let x = this(s);
            if matches!(b, Dec::Zero(_)) {
                return Err(vm.raise_str(vm.c.zero_division_error, "divided by 0"));
            }
            let q = floor_divmod(&x, &b).0;
            to_integer(vm, &q)
        }
    }
}

/// An operation whose result is rounded to `n` significant digits (0: exact).
fn with_digits(
    vm: &mut Vm,
    s: Value,
    o: Value,
    n: Value,
    f: fn(&Dec, &Dec, i64) -> Dec,
) -> VmResult {
    let b = need_operand(vm, o)?;
    let digits = crate::core::arg_int(vm, n)?;
    if digits < 0 {
        return Err(vm.arg_error("negative precision"));
    }
    let x = this(s);
    let r = if digits == 0 {
        f(&x, &b, quo_digits(&x, &b))
    } else {
        f(&x, &b, digits)
    };
    Ok(new_bd(vm, r))
}

fn m_add2(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    with_digits(vm, s, a[0], a[1], |x, y, p| x.add(y).round_sig(p, mode()))
}
fn m_sub2(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    with_digits(vm, s, a[0], a[1], |x, y, p| x.sub(y).round_sig(p, mode()))
}
fn m_mult2(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    with_digits(vm, s, a[0], a[1], |x, y, p| x.mul(y).round_sig(p, mode()))
}

/// bd ** n, bd.power(n, prec = 0): exact for Integer exponents (a negative one divides)
fn m_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let e = a[0];
    let prec = match a.get(1) {
        Some(&p) => crate::core::arg_int(vm, p)?,
        None => 0,
    };
    let r = if e.is_fixnum() {
        let n = e.as_fixnum();
        let mut r = Dec::fin(false, BigUint::from(1u32), 0);
        for _ in 0..n.unsigned_abs().min(100_000) {
            r = r.mul(&x);
        }
        if n < 0 {
            let one = Dec::fin(false, BigUint::from(1u32), 0);
            let digits = quo_digits(&one, &r);
            r = one.div(&r, digits, mode());
        }
        r
    } else {
        let y = need_operand(vm, e)?;
        float_dec(x.to_f64().powf(y.to_f64())).round_sig(16, mode())
    };
    let r = if prec > 0 {
        r.round_sig(prec, mode())
    } else {
        r
    };
    Ok(new_bd(vm, r))
}

/// sqrt(n) -> bigdecimal (at least n significant digits)
fn m_sqrt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = match a.first() {
        Some(&v) => crate::core::arg_int(vm, v)?,
        None => 0,
    };
    let x = this(s);
    if x.is_neg() && !matches!(x, Dec::Zero(_)) {
        let fde = float_domain_error(vm);
        return Err(vm.raise_str(fde, "sqrt of negative value"));
    }
    let r = x.sqrt(n.max(16) + 1);
    Ok(new_bd(vm, r))
}

fn float_domain_error(vm: &mut Vm) -> Value {
    let object = vm.c.object;
    vm.class_data(object)
        .const_get(intern("FloatDomainError"))
        .unwrap_or(vm.c.range_error)
}

fn m_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s).abs();
    Ok(new_bd(vm, r))
}
fn m_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s).neg();
    Ok(new_bd(vm, r))
}
fn m_pos(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// The rounding mode a symbol, string or integer names.
fn mode_arg(vm: &mut Vm, v: Value) -> VmResult<u8> {
    if v.is_fixnum() && (1..=7).contains(&v.as_fixnum()) {
        return Ok(v.as_fixnum() as u8);
    }
    let name = if v.is_symbol() {
        sym_name(v.as_symbol_id()).to_string()
    } else if type_of(v) == T_STRING {
        String::from_utf8_lossy(vm.bytes(v)).into_owned()
    } else {
        String::new()
    };
    Ok(match name.as_str() {
        "up" => ROUND_UP,
        "down" | "truncate" => ROUND_DOWN,
        "half_up" | "default" => ROUND_HALF_UP,
        "half_down" => ROUND_HALF_DOWN,
        "half_even" | "banker" => ROUND_HALF_EVEN,
        "ceiling" | "ceil" => ROUND_CEILING,
        "floor" => ROUND_FLOOR,
        _ => return Err(vm.arg_error("invalid rounding mode")),
    })
}

fn to_integer(vm: &mut Vm, d: &Dec) -> VmResult {
    match d.trunc_int() {
        Some((neg, m)) => {
            let b = BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, m);
            Ok(vm.bigint(b))
        }
        None => {
            let what = match d {
                Dec::NaN => "'NaN' (Not a Number)",
                Dec::Inf(true) => "'-Infinity'",
                _ => "'Infinity'",
            };
            let fde = float_domain_error(vm);
            Err(vm.raise_str(fde, &format!("Computation results in {what}")))
        }
    }
}

/// round(n = nil, mode = nil): an Integer without n, else a BigDecimal with n digits after the
/// point
fn m_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let (n, md) = match a {
        [] => (None, mode()),
        [v] if v.is_symbol() || type_of(*v) == T_STRING => (None, mode_arg(vm, *v)?),
        [n] => {
            // one Integer below 1 rounds to an Integer, as bigdecimal does
            let n = crate::core::arg_int(vm, *n)?;
            if n < 1 {
                return to_integer(vm, &x.round_at(n, mode()));
            }
            (Some(n), mode())
        }
        [n, m] => (Some(crate::core::arg_int(vm, *n)?), mode_arg(vm, *m)?),
        _ => unreachable!(),
    };
    match n {
        None => to_integer(vm, &x.round_at(0, md)),
        Some(n) => {
            let r = x.round_at(n, md);
            Ok(new_bd(vm, r))
        }
    }
}

fn rounding(vm: &mut Vm, s: Value, a: &[Value], md: u8) -> VmResult {
    let x = this(s);
    match a.first() {
        None => to_integer(vm, &x.round_at(0, md)),
        Some(&n) => {
            let n = crate::core::arg_int(vm, n)?;
            let r = x.round_at(n, md);
            Ok(new_bd(vm, r))
        }
    }
}
fn m_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rounding(vm, s, a, ROUND_FLOOR)
}
fn m_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rounding(vm, s, a, ROUND_CEILING)
}
fn m_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rounding(vm, s, a, ROUND_DOWN)
}
fn m_fix(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = this(s).round_at(0, ROUND_DOWN);
    Ok(new_bd(vm, r))
}
fn m_frac(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let r = match &x {
        Dec::Fin(..) => x.sub(&x.round_at(0, ROUND_DOWN)),
        _ => x.clone(),
    };
    Ok(new_bd(vm, r))
}

fn ascii(vm: &mut Vm, s: &str) -> Value {
    let v = vm.str_new(s.as_bytes());
    crate::object::string::set_encoding(v, crate::object::string::Encoding::UsAscii);
    v
}

/// to_s(format = "E") -> string
fn m_to_s(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fmt = match a.first() {
        Some(&f) if type_of(f) == T_STRING => String::from_utf8_lossy(vm.bytes(f)).into_owned(),
        Some(&f) if f.is_fixnum() => f.as_fixnum().to_string(),
        _ => String::new(),
    };
    let t = to_s(&this(s), &fmt);
    Ok(ascii(vm, &t))
}
fn m_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = to_s(&this(s), "");
    Ok(ascii(vm, &t))
}
fn m_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.float(this(s).to_f64()))
}
fn m_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    to_integer(vm, &this(s))
}
fn m_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let (neg, m, e) = match &x {
        Dec::Fin(n, m, e) => (*n, m.clone(), *e),
        Dec::Zero(_) => (false, BigUint::zero(), 0),
        _ => {
            let fde = float_domain_error(vm);
            return Err(vm.raise_str(fde, "Computation results in 'NaN' (Not a Number)"));
        }
    };
    let sign = if neg { Sign::Minus } else { Sign::Plus };
    let (n, d) = if e >= 0 {
        (
            BigInt::from_biguint(sign, m * pow10(e as u64)),
            BigInt::from(1),
        )
    } else {
        (
            BigInt::from_biguint(sign, m),
            BigInt::from_biguint(Sign::Plus, pow10((-e) as u64)),
        )
    };
    crate::core::rational::new_rational(vm, n, d)
}
fn m_precision(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let p = match &x {
        Dec::Fin(_, _, e) => {
            let ex = x.exponent();
            if ex > 0 { ex + (-e).max(0) } else { -e }
        }
        _ => 0,
    };
    Ok(Value::fixnum(p))
}
fn m_scale(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = match this(s) {
        Dec::Fin(_, _, e) => (-e).max(0),
        _ => 0,
    };
    Ok(Value::fixnum(p))
}
fn m_nsig(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = match this(s) {
        Dec::Fin(_, m, _) => ndigits(&m),
        _ => 0,
    };
    Ok(Value::fixnum(n))
}
fn m_exponent(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(this(s).exponent()))
}
fn m_sign(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(match this(s) {
        Dec::NaN => 0,
        Dec::Zero(n) => {
            if n {
                -1
            } else {
                1
            }
        }
        Dec::Fin(n, ..) => {
            if n {
                -2
            } else {
                2
            }
        }
        Dec::Inf(n) => {
            if n {
                -3
            } else {
                3
            }
        }
    }))
}
fn m_nan_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(matches!(this(s), Dec::NaN)))
}
fn m_infinite_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match this(s) {
        Dec::Inf(n) => Value::fixnum(if n { -1 } else { 1 }),
        _ => Value::NIL,
    })
}
fn m_finite_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(matches!(this(s), Dec::Fin(..) | Dec::Zero(_))))
}
fn m_zero_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(matches!(this(s), Dec::Zero(_))))
}
fn m_nonzero_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(if matches!(this(s), Dec::Zero(_)) {
        Value::NIL
    } else {
        s
    })
}

fn compare(vm: &mut Vm, s: Value, o: Value) -> Option<Option<Ordering>> {
    operand(vm, o).map(|b| this(s).cmp(&b))
}
fn m_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match compare(vm, s, a[0]) {
        Some(Some(o)) => Value::fixnum(o as i64),
        _ => Value::NIL,
    })
}
fn m_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(matches!(
        compare(vm, s, a[0]),
        Some(Some(Ordering::Equal))
    )))
}
fn relop(vm: &mut Vm, s: Value, o: Value, op: &str, f: fn(Ordering) -> bool) -> VmResult {
    match compare(vm, s, o) {
        Some(Some(ord)) => Ok(Value::bool(f(ord))),
        Some(None) => Ok(Value::FALSE),
        None => {
            let _ = op;
            let k = vm.real_class(o);
            let name = if o.is_nil() {
                "nil".to_string()
            } else {
                vm.class_name(k)
            };
            Err(vm.arg_error(&format!("comparison of BigDecimal with {name} failed")))
        }
    }
}
fn m_lt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    relop(vm, s, a[0], "<", |o| o == Ordering::Less)
}
fn m_le(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    relop(vm, s, a[0], "<=", |o| o != Ordering::Greater)
}
fn m_gt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    relop(vm, s, a[0], ">", |o| o == Ordering::Greater)
}
fn m_ge(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    relop(vm, s, a[0], ">=", |o| o != Ordering::Less)
}
fn m_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::hash::{Hash, Hasher};
    let mut h = ahash::AHasher::default();
    match this(s) {
        Dec::Zero(_) => 0u8.hash(&mut h),
        d => d.hash(&mut h),
    }
    Ok(Value::fixnum((h.finish() >> 2) as i64))
}
/// split -> [sign, digits, 10, exponent]
fn m_split(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let x = this(s);
    let sign = match x {
        Dec::NaN => 0,
        ref d if d.is_neg() => -1,
        _ => 1,
    };
    let digits = match x {
        Dec::NaN => "NaN".to_string(),
        Dec::Inf(_) => "Infinity".to_string(),
        _ => x.digits().0,
    };
    let d = vm.str_new(digits.as_bytes());
    let parts = vec![
        Value::fixnum(sign),
        d,
        Value::fixnum(10),
        Value::fixnum(x.exponent()),
    ];
    Ok(vm.ary_new(parts))
}

fn m_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let b = need_operand(vm, a[0])?;
    let o = new_bd(vm, b);
    Ok(vm.ary_from_slice(&[o, s]))
}

/// BigDecimal.mode(BigDecimal::ROUND_MODE, mode = nil) -> current rounding mode
fn s_mode(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let which = crate::core::arg_int(vm, a[0])?;
    if which != 256 {
        // the exception flags: rubra never raises for NaN/Infinity results
        return Ok(Value::fixnum(0));
    }
    if let Some(&m) = a.get(1)
        && !m.is_nil()
    {
        let md = mode_arg(vm, m)?;
        MODE.with(|c| c.set(md));
    }
    Ok(Value::fixnum(mode() as i64))
}

/// BigDecimal.interpret_loosely(string): the leading number of a string, 0 without one
fn s_loose(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let s = crate::core::string::str_arg(vm, a[0])?;
    let text = String::from_utf8_lossy(vm.bytes(s)).into_owned();
    let t = text.trim_start();
    let mut best = Dec::Zero(false);
    // the longest prefix that parses
    let mut end = t.len();
    while end > 0 {
        if t.is_char_boundary(end)
            && let Some(d) = parse(&t[..end])
        {
            best = d;
            break;
        }
        end -= 1;
    }
    Ok(new_bd(vm, best))
}

/// BigDecimal(value, digits = 0, exception: true) -> bigdecimal
fn k_bigdecimal(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let exception = match kw {
        Some(k) => crate::core::hash::pairs(k)
            .into_iter()
            .find(|(key, _)| key.is_symbol() && sym_name(key.as_symbol_id()) == "exception")
            .is_none_or(|(_, v)| v.truthy()),
        None => true,
    };
    if a.is_empty() {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1..2)"));
    }
    let v = a[0];
    let prec = match a.get(1) {
        Some(&p) => {
            let p = crate::core::arg_int(vm, p)?;
            if p < 0 {
                return Err(vm.arg_error("negative precision"));
            }
            Some(p)
        }
        None => None,
    };
    let d = if let Some(d) = dec_of(v) {
        match prec {
            Some(p) if p > 0 => d.round_sig(p, mode()),
            _ => d.clone(),
        }
    } else if v.is_fixnum() || type_of(v) == T_BIGNUM {
        int_dec(v)
    } else if v.is_flonum() || type_of(v) == T_FLOAT {
        let f = crate::core::object::float_value(v);
        match prec {
            None => return Err(vm.arg_error("can't omit precision for a Float.")),
            Some(p) if p > 16 => return Err(vm.arg_error("precision too large.")),
            Some(p) if p > 0 && f.is_finite() && f != 0.0 => {
                parse(&format!("{:.*e}", (p - 1) as usize, f)).unwrap_or(Dec::NaN)
            }
            _ => float_dec(f),
        }
    } else if crate::core::rational::is_rational(v) {
        match prec {
            None => return Err(vm.arg_error("can't omit precision for a Rational.")),
            Some(p) => rational_dec(vm, v, p).unwrap_or(Dec::NaN),
        }
    } else if type_of(v) == T_STRING || vm.responds(v, intern("to_str"), false) {
        let s = crate::core::string::str_arg(vm, v)?;
        let text = String::from_utf8_lossy(vm.bytes(s)).into_owned();
        match parse(&text) {
            Some(d) => d,
            None if !exception => return Ok(Value::NIL),
            None => {
                let shown = vm.inspect_str(s)?;
                return Err(vm.arg_error(&format!("invalid value for BigDecimal(): {shown}")));
            }
        }
    } else {
        if !exception {
            return Ok(Value::NIL);
        }
        let k = vm.real_class(v);
        let name = if v.is_nil() {
            "nil".to_string()
        } else {
            vm.class_name(k)
        };
        return Err(vm.type_error(&format!("can't convert {name} into BigDecimal")));
    };
    // a String's or an Integer's digits are kept whatever the precision says
    Ok(new_bd(vm, d))
}
