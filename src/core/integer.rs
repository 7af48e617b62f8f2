//! Integer (fixnums and big integers through num-bigint) and the Numeric base class: arithmetic
//! with CRuby's floor division and coercion protocol, comparisons (exact against Floats), bit
//! operations, rounding to negative digits, iteration (times/upto/downto/step), conversions
//! (`to_s(base)`, digits, chr) and `Integer()`. Float is in `float.rs`.

use super::array::M;

/// `Integer()` lives in numeric.rs; kept reachable here for kernel.rs.
pub use super::numeric::convert_integer;

use super::numeric::{coerce_bin, coerce_cmp, coerce_relop, do_coerce, n_true};
use super::object::{float_value, is_float};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

/// The most bits `**` makes (CRuby's BIGLEN_LIMIT check): a larger result is "exponent is too
/// large" (ArgumentError) at once rather than an hours-long computation.
pub const POW_BITS_LIMIT: u64 = 32 * 1024 * 1024;

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

const INTEGER: &[M] = &[
    ("+", i_plus, 1, 1),
    ("-", i_minus, 1, 1),
    ("*", i_mul, 1, 1),
    ("/", i_div, 1, 1),
    ("div", i_idiv, 1, 1),
    ("%", i_mod, 1, 1),
    ("modulo", i_mod, 1, 1),
    ("remainder", i_remainder, 1, 1),
    ("divmod", i_divmod, 1, 1),
    ("fdiv", i_fdiv, 1, 1),
    ("ceildiv", i_ceildiv, 1, 1),
    ("**", i_pow, 1, 1),
    ("pow", i_powm, 1, 2),
    ("-@", i_neg, 0, 0),
    ("~", i_comp, 0, 0),
    ("==", i_eq, 1, 1),
    ("===", i_eq, 1, 1),
    ("eql?", i_eql, 1, 1),
    ("<=>", i_cmp, 1, 1),
    ("<", i_lt, 1, 1),
    ("<=", i_le, 1, 1),
    (">", i_gt, 1, 1),
    (">=", i_ge, 1, 1),
    ("hash", i_hash, 0, 0),
    ("to_i", i_self, 0, 0),
    ("to_int", i_self, 0, 0),
    ("ord", i_self, 0, 0),
    ("succ", i_succ, 0, 0),
    ("next", i_succ, 0, 0),
    ("pred", i_pred, 0, 0),
    ("abs", i_abs, 0, 0),
    ("magnitude", i_abs, 0, 0),
    ("zero?", i_zero_p, 0, 0),
    ("even?", i_even_p, 0, 0),
    ("odd?", i_odd_p, 0, 0),
    ("positive?", i_positive_p, 0, 0),
    ("negative?", i_negative_p, 0, 0),
    ("integer?", n_true, 0, 0),
    ("numerator", i_self, 0, 0),
    ("denominator", i_one, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let (n, i) = (vm.c.numeric, vm.c.integer);
    vm.define_natives(n, super::numeric::TABLE);
    vm.define_natives(i, INTEGER);
    vm.define_natives(i, super::integer_bits::TABLE);
    vm.define_natives(i, super::integer_conv::TABLE);
    vm.define_singleton_natives(i, super::integer_conv::SINGLETON);
    super::float::init(vm);
}

// ---- representation helpers ----

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

/// The nearest f64 of an Integer (±Infinity past the Float range).
pub fn int_to_f64(v: Value) -> f64 {
    if v.is_fixnum() {
        return v.as_fixnum() as f64;
    }
    let b = &payload::<Big>(v).expect("bignum").0;
    b.to_f64().unwrap_or(if b.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

pub(crate) fn sign_of(v: Value) -> Sign {
    if v.is_fixnum() {
        match v.as_fixnum() {
            0 => Sign::NoSign,
            x if x > 0 => Sign::Plus,
            _ => Sign::Minus,
        }
    } else {
        payload::<Big>(v).expect("bignum").0.sign()
    }
}

pub(crate) fn zero_div(vm: &mut Vm) -> Unwind {
    vm.raise_str(vm.c.zero_division_error, "divided by 0")
}

/// Integer#+ for use by other natives (sum, tally).
pub fn int_plus(vm: &mut Vm, a: Value, b: Value) -> VmResult {
    i_plus(vm, a, &[b], None)
}

// ---- arithmetic ----

macro_rules! int_arith {
    ($name:ident, $op:tt, $checked:ident, $sym:expr) => {
        /// int op numeric -> numeric
        pub(crate) fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
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
                return Ok(vm.float(int_to_f64(s) $op float_value(o)));
            }
            coerce_bin(vm, s, o, $sym)
        }
    };
}
int_arith!(i_plus, +, checked_add, "+");
int_arith!(i_minus, -, checked_sub, "-");
int_arith!(i_mul, *, checked_mul, "*");

/// Floor division of two Integers (ZeroDivisionError for 0).
fn int_floor_div(vm: &mut Vm, x: Value, y: Value) -> VmResult {
    if x.is_fixnum() && y.is_fixnum() {
        let (a, b) = (x.as_fixnum(), y.as_fixnum());
        if b == 0 {
            return Err(zero_div(vm));
        }
        return Ok(vm.int(num_integer::Integer::div_floor(&a, &b)));
    }
    let d = to_big(y);
    if d.is_zero() {
        return Err(zero_div(vm));
    }
    Ok(vm.bigint(to_big(x).div_floor(&d)))
}
fn int_floor_mod(vm: &mut Vm, x: Value, y: Value) -> VmResult {
    if x.is_fixnum() && y.is_fixnum() {
        let (a, b) = (x.as_fixnum(), y.as_fixnum());
        if b == 0 {
            return Err(zero_div(vm));
        }
        return Ok(vm.int(num_integer::Integer::mod_floor(&a, &b)));
    }
    let d = to_big(y);
    if d.is_zero() {
        return Err(zero_div(vm));
    }
    Ok(vm.bigint(to_big(x).mod_floor(&d)))
}
/// int / numeric -> numeric
fn i_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        return int_floor_div(vm, s, o);
    }
    if is_float(o) {
        return Ok(vm.float(super::float::double_div(int_to_f64(s), float_value(o))));
    }
    coerce_bin(vm, s, o, "/")
}
/// int.div(numeric) -> integer
fn i_idiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        return int_floor_div(vm, s, o);
    }
    if is_float(o) {
        if float_value(o) == 0.0 {
            return Err(zero_div(vm));
        }
        let q = super::float::double_div(int_to_f64(s), float_value(o));
        return super::float::f64_to_int(vm, q.floor());
    }
    coerce_bin(vm, s, o, "div")
}
/// int % numeric -> numeric
fn i_mod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        return int_floor_mod(vm, s, o);
    }
    if is_float(o) {
        let (_, m) = super::float::flodivmod(vm, int_to_f64(s), float_value(o))?;
        return Ok(vm.float(m));
    }
    coerce_bin(vm, s, o, "%")
}
/// int.remainder(numeric) -> numeric
fn i_remainder(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        if to_big(o).is_zero() {
            return Err(zero_div(vm));
        }
        return Ok(vm.bigint(to_big(s) % to_big(o)));
    }
    if !vm.is_a(o, vm.c.numeric) {
        let (x, y) = do_coerce(vm, s, o, true)?.expect("coerced");
        return vm.funcall(x, intern("remainder"), &[y], None);
    }
    let z = i_mod(vm, s, a, b)?;
    let zero = Value::fixnum(0);
    let nonzero = !vm.equal(z, zero)?;
    let s_neg = sign_of(s) == Sign::Minus;
    let o_pos = vm.funcall(o, intern(">"), &[zero], None)?.truthy();
    let o_neg = vm.funcall(o, intern("<"), &[zero], None)?.truthy();
    let s_pos = sign_of(s) == Sign::Plus;
    if nonzero && ((s_neg && o_pos) || (s_pos && o_neg)) {
        if is_float(o) && float_value(o).is_infinite() {
            return Ok(s);
        }
        return vm.funcall(z, intern("-"), &[o], None);
    }
    Ok(z)
}
/// int.divmod(numeric) -> [quotient, remainder]
fn i_divmod(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) && s.is_fixnum() && o.is_fixnum() {
        let q = int_floor_div(vm, s, o)?;
        let r = int_floor_mod(vm, s, o)?;
        return Ok(vm.ary_from_slice(&[q, r]));
    }
    if is_int(o) {
        // one division for both halves (prime_division divides Bignums in a loop)
        let d = to_big(o);
        if d.is_zero() {
            return Err(zero_div(vm));
        }
        let (q, r) = to_big(s).div_mod_floor(&d);
        let (q, r) = (vm.bigint(q), vm.bigint(r));
        return Ok(vm.ary_from_slice(&[q, r]));
    }
    if is_float(o) {
        let (d, m) = super::float::flodivmod(vm, int_to_f64(s), float_value(o))?;
        let q = super::float::f64_to_int(vm, d)?;
        let r = vm.float(m);
        return Ok(vm.ary_from_slice(&[q, r]));
    }
    coerce_bin(vm, s, o, "divmod")
}
/// x / y of two Integers as the nearest Float.
pub fn big_ratio_f64(x: &BigInt, y: &BigInt) -> f64 {
    if x.bits() <= 53 && y.bits() <= 53 {
        let (a, b) = (x.to_f64().unwrap_or(0.0), y.to_f64().unwrap_or(0.0));
        return super::float::double_div(a, b);
    }
    // scale so the integer quotient carries 64+ significant bits, then rescale
    let shift = y.bits() as i64 - x.bits() as i64 + 66;
    let q = if shift >= 0 {
        (x << shift as usize) / y
    } else {
        (x >> (-shift) as usize) / y
    };
    let f = q.to_f64().unwrap_or(f64::NAN);
    f * 2f64.powi(-shift as i32)
}
/// int.fdiv(numeric) -> float
fn i_fdiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if is_int(o) {
        let (mut x, mut y) = (to_big(s), to_big(o));
        if y.is_zero() {
            return Ok(vm.float(super::float::double_div(int_to_f64(s), 0.0)));
        }
        let g = x.gcd(&y);
        if !g.is_zero() && g != BigInt::from(1) {
            x /= &g;
            y /= &g;
        }
        return Ok(vm.float(big_ratio_f64(&x, &y)));
    }
    if is_float(o) {
        return Ok(vm.float(super::float::double_div(int_to_f64(s), float_value(o))));
    }
    let r = coerce_bin(vm, s, o, "fdiv")?;
    let f = super::float::num2dbl(vm, r)?;
    Ok(vm.float(f))
}
/// int.ceildiv(numeric) -> integer
fn i_ceildiv(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let neg = vm.funcall(Value::fixnum(0), intern("-"), &[a[0]], None)?;
    let q = vm.funcall(s, intern("div"), &[neg], b.cloned())?;
    vm.funcall(q, intern("-@"), &[], None)
}
/// int ** numeric -> numeric
fn i_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    // fixnum ** small non-negative fixnum without BigInt, while the product fits
    if s.is_fixnum()
        && o.is_fixnum()
        && (0..64).contains(&o.as_fixnum())
        && let Some(r) = s.as_fixnum().checked_pow(o.as_fixnum() as u32)
    {
        return Ok(vm.int(r));
    }
    if is_int(o) {
        let base = to_big(s);
        if base == BigInt::from(1) {
            return Ok(Value::fixnum(1));
        }
        if base == BigInt::from(-1) {
            return Ok(Value::fixnum(if to_big(o).is_even() { 1 } else { -1 }));
        }
        if sign_of(o) == Sign::Minus {
            if base.is_zero() {
                return Err(zero_div(vm));
            }
            // a negative exponent gives the exact Rational 1 / base**-e
            let Some(e) = (-to_big(o)).to_u64() else {
                return Err(vm.arg_error("exponent is too large"));
            };
            if base.bits().saturating_mul(e) > POW_BITS_LIMIT {
                return Err(vm.arg_error("exponent is too large"));
            }
            let den = num_traits::pow(base, e as usize);
            return super::rational::new_rational(vm, BigInt::from(1), den);
        }
        if base.is_zero() {
            return Ok(Value::fixnum(if to_big(o).is_zero() { 1 } else { 0 }));
        }
        let Some(e) = to_big(o).to_u64() else {
            return Err(vm.arg_error("exponent is too large"));
        };
        if base.bits().saturating_mul(e) > POW_BITS_LIMIT {
            return Err(vm.arg_error("exponent is too large"));
        }
        return Ok(vm.bigint(num_traits::pow(base, e as usize)));
    }
    if is_float(o) {
        let dy = float_value(o);
        let x = int_to_f64(s);
        if dy == 0.0 {
            return Ok(vm.float(1.0));
        }
        if x == 0.0 {
            return Ok(vm.float(if dy < 0.0 { f64::INFINITY } else { 0.0 }));
        }
        if x == 1.0 {
            return Ok(vm.float(1.0));
        }
        return Ok(super::complex::arith::float_pow(vm, x, dy));
    }
    coerce_bin(vm, s, o, "**")
}
/// int.pow(numeric) -> numeric; int.pow(integer, modulus) -> integer
fn i_powm(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.len() == 1 {
        return i_pow(vm, s, a, b);
    }
    let (e, m) = (a[0], a[1]);
    if !is_int(e) {
        return Err(vm.type_error(
            "Integer#pow() 2nd argument not allowed unless a 1st argument is integer",
        ));
    }
    if sign_of(e) == Sign::Minus {
        return Err(vm.raise_str(
            vm.c.range_error,
            "Integer#pow() 1st argument cannot be negative when 2nd argument specified",
        ));
    }
    if !is_int(m) {
        return Err(vm.type_error(
            "Integer#pow() 2nd argument not allowed unless all arguments are integers",
        ));
    }
    if s.is_fixnum() && e.is_fixnum() && m.is_fixnum() && m.as_fixnum() != 0 {
        return Ok(vm.int(powm_fixnum(
            s.as_fixnum(),
            e.as_fixnum() as u64,
            m.as_fixnum(),
        )));
    }
    let mut m = to_big(m);
    let neg = m.is_negative();
    if neg {
        m = -m;
    }
    if m.is_zero() {
        return Err(zero_div(vm));
    }
    if m == BigInt::from(1) {
        return Ok(Value::fixnum(0));
    }
    let base = to_big(s).mod_floor(&m);
    let mut r = base.modpow(&to_big(e), &m);
    if neg && !r.is_zero() {
        r -= &m;
    }
    Ok(vm.bigint(r))
}
/// `b.pow(e, m)` on fixnums (`m != 0`, `e >= 0`): square and multiply in u128, the result
/// taking `m`'s sign as `%` does.
fn powm_fixnum(b: i64, mut e: u64, m: i64) -> i64 {
    let um = m.unsigned_abs() as u128;
    let mut base = (b as i128).rem_euclid(um as i128) as u128;
    let mut r: u128 = 1 % um;
    while e > 0 {
        if e & 1 == 1 {
            r = r * base % um;
        }
        base = base * base % um;
        e >>= 1;
    }
    // r < |m| <= 2**62
    let r = r as i64;
    if m < 0 && r != 0 { r + m } else { r }
}
/// -int -> integer
pub(crate) fn i_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s.is_fixnum() {
        return Ok(vm.int(-s.as_fixnum()));
    }
    Ok(vm.bigint(-to_big(s)))
}
/// ~int -> integer
fn i_comp(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s.is_fixnum() {
        return Ok(vm.int(!s.as_fixnum()));
    }
    Ok(vm.bigint(!to_big(s)))
}

// ---- comparison ----

/// Exact comparison of an Integer with a Float (None for NaN), as rb_integer_float_cmp.
pub fn int_float_cmp(i: Value, f: f64) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering::*;
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 { Less } else { Greater });
    }
    if let Some(x) = i.fixnum_opt()
        && x.unsigned_abs() < 1 << 53
    {
        return (x as f64).partial_cmp(&f);
    }
    let t = f.trunc();
    let tb = <BigInt as num_traits::FromPrimitive>::from_f64(t).unwrap_or_default();
    match to_big(i).cmp(&tb) {
        Equal => 0.0f64.partial_cmp(&(f - t)),
        o => Some(o),
    }
}
fn num_cmp(s: Value, o: Value) -> Option<Option<std::cmp::Ordering>> {
    if s.is_fixnum() && o.is_fixnum() {
        return Some(Some(s.as_fixnum().cmp(&o.as_fixnum())));
    }
    if is_int(o) {
        return Some(Some(to_big(s).cmp(&to_big(o))));
    }
    if is_float(o) {
        return Some(int_float_cmp(s, float_value(o)));
    }
    None
}
/// int == object -> true or false
fn i_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if s == a[0] {
        return Ok(Value::TRUE);
    }
    match num_cmp(s, a[0]) {
        Some(c) => Ok(Value::bool(c == Some(std::cmp::Ordering::Equal))),
        None => Ok(Value::bool(
            vm.funcall(a[0], intern("=="), &[s], None)?.truthy(),
        )),
    }
}
/// int.eql?(object) -> true or false
fn i_eql(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(
        is_int(a[0]) && (s == a[0] || to_big(s) == to_big(a[0])),
    ))
}
/// int <=> object -> -1, 0, 1 or nil
fn i_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match num_cmp(s, a[0]) {
        Some(Some(o)) => Ok(Value::fixnum(o as i64)),
        Some(None) => Ok(Value::NIL),
        None => coerce_cmp(vm, s, a[0]),
    }
}
macro_rules! cmp_op {
    ($name:ident, $test:ident, $sym:expr) => {
        /// int op numeric -> true or false
        pub(crate) fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            match num_cmp(s, a[0]) {
                Some(c) => Ok(Value::bool(c.is_some_and(|o| o.$test()))),
                None => coerce_relop(vm, s, a[0], $sym),
            }
        }
    };
}
cmp_op!(i_lt, is_lt, "<");
cmp_op!(i_le, is_le, "<=");
cmp_op!(i_gt, is_gt, ">");
cmp_op!(i_ge, is_ge, ">=");
/// int.hash -> integer
fn i_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}

/// int.to_i -> self (also to_int, ord, numerator, and Numeric's +@, real, dup)
pub(crate) fn i_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// int.denominator -> 1
fn i_one(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(1))
}
/// int.succ -> integer
fn i_succ(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    i_plus(vm, s, &[Value::fixnum(1)], None)
}
/// int.pred -> integer
fn i_pred(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    i_minus(vm, s, &[Value::fixnum(1)], None)
}

// ---- predicates and properties ----

/// int.abs -> integer
fn i_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if let Some(x) = s.fixnum_opt() {
        return Ok(vm.int(x.abs()));
    }
    Ok(vm.bigint(to_big(s).abs()))
}
/// int.zero? -> true or false
fn i_zero_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s == Value::fixnum(0)))
}
/// int.even? -> true or false
fn i_even_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(match s.fixnum_opt() {
        Some(x) => x & 1 == 0,
        None => to_big(s).is_even(),
    }))
}
/// int.odd? -> true or false
fn i_odd_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(match s.fixnum_opt() {
        Some(x) => x & 1 == 1,
        None => to_big(s).is_odd(),
    }))
}
/// int.positive? -> true or false
fn i_positive_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(sign_of(s) == Sign::Plus))
}
/// int.negative? -> true or false
fn i_negative_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(sign_of(s) == Sign::Minus))
}
// ---- Numeric ----

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_integers_with_floats_exactly() {
        use std::cmp::Ordering::*;
        assert_eq!(int_float_cmp(Value::fixnum(1), 1.5), Some(Less));
        assert_eq!(int_float_cmp(Value::fixnum(3), 3.0), Some(Equal));
        assert_eq!(int_float_cmp(Value::fixnum(1), f64::NAN), None);
        assert_eq!(int_float_cmp(Value::fixnum(1), f64::INFINITY), Some(Less));
    }
}
