//! The parts of a Complex as Rust values, and the arithmetic complex.c does on them through its
//! f_add/f_sub/f_mul/f_quo/f_zero_p/... helpers.
//!
//! A part is an Integer, a Rational, a Float or (rarely) some other real Numeric. The first three
//! compute here without calling Ruby, with Ruby's result types: Integer with Integer stays
//! Integer, an exact pair with a Rational gives a Rational (not canonicalized: `2 * (1/2r)` is
//! `(1/1)`), anything with a Float gives a Float. Other objects go through their methods
//! (`call`); a result that is such an object is pushed on `vm.stack` to keep it alive, so every
//! native that may compute on parts runs inside `rooted`, which cuts the stack back afterwards.

use super::super::integer::{big_ratio_f64, is_int, to_big, zero_div};
use super::super::object::{float_value, is_float};
use super::super::rational::{new_rational_raw, parts};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// One part of a Complex.
#[derive(Clone, Debug)]
pub enum Real {
    Int(BigInt),
    /// A Rational: numerator and positive denominator in lowest terms (the denominator may be 1).
    Rat(BigInt, BigInt),
    Flt(f64),
    /// Any other object (a real Numeric of the program's own).
    Obj(Value),
}
use Real::*;

/// Runs `f` and cuts `vm.stack` back to where it was (see the module comment).
pub fn rooted<T>(vm: &mut Vm, f: impl FnOnce(&mut Vm) -> VmResult<T>) -> VmResult<T> {
    let base = vm.stack.len();
    let r = f(vm);
    vm.stack.truncate(base);
    r
}

impl Real {
    /// The Real of a value (no Ruby code runs).
    pub fn of(v: Value) -> Real {
        if v.is_fixnum() {
            Int(BigInt::from(v.as_fixnum()))
        } else if is_int(v) {
            Int(to_big(v))
        } else if is_float(v) {
            Flt(float_value(v))
        } else if let Some((n, d)) = parts(v) {
            Rat(n, d)
        } else {
            Obj(v)
        }
    }
    pub fn int(i: i64) -> Real {
        Int(BigInt::from(i))
    }
    /// The Ruby value (allocates; never collects).
    pub fn value(&self, vm: &mut Vm) -> Value {
        match self {
            Int(i) => vm.bigint(i.clone()),
            Rat(n, d) => new_rational_raw(vm, n.clone(), d.clone()),
            Flt(f) => vm.float(*f),
            Obj(v) => *v,
        }
    }
    pub fn is_float(&self) -> bool {
        matches!(self, Flt(_))
    }
    /// Integer zero (FIXNUM_ZERO_P).
    pub fn is_int_zero(&self) -> bool {
        matches!(self, Int(i) if i.is_zero())
    }
    /// The exact fraction of an Integer or Rational.
    fn frac(&self) -> Option<(BigInt, BigInt)> {
        match self {
            Int(i) => Some((i.clone(), BigInt::one())),
            Rat(n, d) => Some((n.clone(), d.clone())),
            _ => None,
        }
    }
    /// The nearest f64 of a built-in number.
    pub fn f64(&self) -> Option<f64> {
        match self {
            Int(i) => Some(big_to_f64(i)),
            Rat(n, d) => Some(big_ratio_f64(n, d)),
            Flt(f) => Some(*f),
            Obj(_) => None,
        }
    }
    /// rb_rational_canonicalize: a Rational with denominator 1 becomes its Integer.
    pub fn canon(self) -> Real {
        match self {
            Rat(n, d) if d.is_one() => Int(n),
            x => x,
        }
    }
    /// Whether the two are of the same class (for eql?).
    pub fn same_kind(&self, vm: &Vm, o: &Real) -> bool {
        match (self, o) {
            (Int(_), Int(_)) | (Rat(..), Rat(..)) | (Flt(_), Flt(_)) => true,
            (Obj(a), Obj(b)) => vm.class_of(*a) == vm.class_of(*b),
            _ => false,
        }
    }
}

pub fn big_to_f64(i: &BigInt) -> f64 {
    i.to_f64().unwrap_or(if i.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

/// A normalised fraction as a Real.
fn rat(n: BigInt, d: BigInt) -> Real {
    let (n, d) = crate::core::rational::frac(n, d);
    Rat(n, d)
}

/// A Real made from a Ruby result (an object result is rooted, see the module comment).
pub fn from_result(vm: &mut Vm, v: Value) -> Real {
    let r = Real::of(v);
    if let Obj(o) = r {
        vm.stack.push(o);
    }
    r
}

/// `x.name(y)` in Ruby.
pub fn call(vm: &mut Vm, x: &Real, name: &str, y: &Real) -> VmResult<Real> {
    let xv = x.value(vm);
    let yv = y.value(vm);
    let r = vm.funcall(xv, intern(name), &[yv], None)?;
    Ok(from_result(vm, r))
}

/// `x.name` in Ruby.
pub fn call0(vm: &mut Vm, x: &Real, name: &str) -> VmResult<Real> {
    let xv = x.value(vm);
    let r = vm.funcall(xv, intern(name), &[], None)?;
    Ok(from_result(vm, r))
}

#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
}

fn arith(vm: &mut Vm, x: &Real, y: &Real, op: Op) -> VmResult<Real> {
    if let (Int(a), Int(b)) = (x, y) {
        return Ok(Int(match op {
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
        }));
    }
    if let (Some((n1, d1)), Some((n2, d2))) = (x.frac(), y.frac()) {
        return Ok(match op {
            Op::Add => rat(&n1 * &d2 + &n2 * &d1, d1 * d2),
            Op::Sub => rat(&n1 * &d2 - &n2 * &d1, d1 * d2),
            Op::Mul => rat(n1 * n2, d1 * d2),
        });
    }
    if let (Some(a), Some(b)) = (x.f64(), y.f64()) {
        return Ok(Flt(match op {
            Op::Add => a + b,
            Op::Sub => a - b,
            Op::Mul => a * b,
        }));
    }
    let name = match op {
        Op::Add => "+",
        Op::Sub => "-",
        Op::Mul => "*",
    };
    call(vm, x, name, y)
}

/// f_add: an Integer zero on the left gives the right operand itself, a zero on the right the
/// left one (so `0 + -0.0` keeps the negative zero).
pub fn add(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    if x.is_int_zero() {
        return Ok(y.clone());
    }
    if y.is_int_zero() && !matches!(x, Obj(_)) {
        return Ok(x.clone());
    }
    arith(vm, x, y, Op::Add)
}

/// f_sub: subtracting an Integer zero gives a built-in left operand itself.
pub fn sub(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    if y.is_int_zero() && !matches!(x, Obj(_)) {
        return Ok(x.clone());
    }
    arith(vm, x, y, Op::Sub)
}

/// f_mul: an Integer zero times an Integer is 0, a factor 1 gives the other factor itself
/// (without calling its `*`).
pub fn mul(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    if (y.is_int_zero() && matches!(x, Int(_))) || (x.is_int_zero() && matches!(y, Int(_))) {
        return Ok(Real::int(0));
    }
    if is_one(y) {
        return Ok(x.clone());
    }
    if is_one(x) {
        return Ok(y.clone());
    }
    arith(vm, x, y, Op::Mul)
}

/// f_quo: Integer and Rational divide exactly (ZeroDivisionError by an exact zero), a Float
/// on either side gives a Float.
pub fn quo(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    if let (Some((n1, d1)), Some((n2, d2))) = (x.frac(), y.frac()) {
        if n2.is_zero() {
            return Err(zero_div(vm));
        }
        return Ok(rat(n1 * d2, d1 * n2));
    }
    if let (Some(a), Some(b)) = (x.f64(), y.f64()) {
        return Ok(Flt(a / b));
    }
    let name = if x.is_float() { "/" } else { "quo" };
    call(vm, x, name, y)
}

/// x.fdiv(y): exact operands divide exactly and then round once.
pub fn fdiv(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    if let (Some((n1, d1)), Some((n2, d2))) = (x.frac(), y.frac()) {
        if n2.is_zero() {
            return Ok(Flt(big_ratio_f64(&n1, &d1) / 0.0));
        }
        let Rat(n, d) = rat(n1 * d2, d1 * n2) else {
            unreachable!()
        };
        return Ok(Flt(big_ratio_f64(&n, &d)));
    }
    if let (Some(a), Some(b)) = (x.f64(), y.f64()) {
        return Ok(Flt(a / b));
    }
    call(vm, x, "fdiv", y)
}

/// f_negate
pub fn neg(vm: &mut Vm, x: &Real) -> VmResult<Real> {
    Ok(match x {
        Int(i) => Int(-i),
        Rat(n, d) => Rat(-n, d.clone()),
        Flt(f) => Flt(-f),
        Obj(_) => return call0(vm, x, "-@"),
    })
}

/// f_abs
pub fn abs(vm: &mut Vm, x: &Real) -> VmResult<Real> {
    Ok(match x {
        Int(i) => Int(i.abs()),
        Rat(n, d) => Rat(n.abs(), d.clone()),
        Flt(f) => Flt(f.abs()),
        Obj(_) => return call0(vm, x, "abs"),
    })
}

/// f_zero_p: `x == 0` (true for 0.0 and -0.0).
pub fn zero_p(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    Ok(match x {
        Int(i) => i.is_zero(),
        Rat(n, _) => n.is_zero(),
        Flt(f) => *f == 0.0,
        Obj(v) => vm.equal(*v, Value::fixnum(0))?,
    })
}

/// k_exact_zero_p: a zero that is not a Float.
pub fn exact_zero_p(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    Ok(!x.is_float() && zero_p(vm, x)?)
}

/// f_negative_p: `x < 0` (false for -0.0 and NaN).
pub fn negative_p(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    Ok(match x {
        Int(i) => i.is_negative(),
        Rat(n, _) => n.is_negative(),
        Flt(f) => *f < 0.0,
        Obj(v) => vm
            .funcall(*v, intern("<"), &[Value::fixnum(0)], None)?
            .truthy(),
    })
}

/// f_signbit: a negative sign (a NaN counts as positive).
pub fn signbit(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    match x {
        Flt(f) => Ok(!f.is_nan() && f.is_sign_negative()),
        _ => negative_p(vm, x),
    }
}

/// f_eqeq_p: a Float on either side compares as Floats.
pub fn eqeq(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<bool> {
    if let (Some(a), Some(b)) = (x.frac(), y.frac()) {
        return Ok(a == b);
    }
    if let (Some(a), Some(b)) = (x.f64(), y.f64()) {
        return Ok(a == b);
    }
    let xv = x.value(vm);
    let yv = y.value(vm);
    vm.equal(xv, yv)
}

/// The order of two built-in reals as Ruby's `<=>` gives it (None with a NaN or an object):
/// exact, except that a Rational and a Float compare as Floats.
fn order(x: &Real, y: &Real) -> Option<Ordering> {
    if let (Rat(..), Flt(_)) | (Flt(_), Rat(..)) = (x, y) {
        return x.f64()?.partial_cmp(&y.f64()?);
    }
    let exact = |r: &Real| -> Option<Result<(BigInt, BigInt), f64>> {
        match r {
            Int(_) | Rat(..) => r.frac().map(Ok),
            Flt(f) if f.is_finite() => {
                let (n, d) = super::super::rational::float_parts(*f);
                Some(Ok((n, d)))
            }
            Flt(f) => Some(Err(*f)),
            Obj(_) => None,
        }
    };
    match (exact(x)?, exact(y)?) {
        (Ok((n1, d1)), Ok((n2, d2))) => Some((n1 * d2).cmp(&(n2 * d1))),
        (Err(a), _) | (_, Err(a)) if a.is_nan() => None,
        (Err(a), Err(b)) => a.partial_cmp(&b),
        (Err(a), Ok(_)) => Some(if a > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Less
        }),
        (Ok(_), Err(b)) => Some(if b > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        }),
    }
}

/// f_gt_p: `x > y`.
pub fn gt(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<bool> {
    if !matches!(x, Obj(_)) && !matches!(y, Obj(_)) {
        return Ok(order(x, y) == Some(Ordering::Greater));
    }
    let xv = x.value(vm);
    let yv = y.value(vm);
    Ok(vm.funcall(xv, intern(">"), &[yv], None)?.truthy())
}

/// `x <=> y` as Ruby answers it (nil for a NaN).
pub fn cmp(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Value> {
    if !matches!(x, Obj(_)) && !matches!(y, Obj(_)) {
        return Ok(match order(x, y) {
            Some(o) => Value::fixnum(o as i64),
            None => Value::NIL,
        });
    }
    let xv = x.value(vm);
    let yv = y.value(vm);
    vm.funcall(xv, intern("<=>"), &[yv], None)
}

/// The f64 of any real (Float(x) for objects).
pub fn to_f64(vm: &mut Vm, x: &Real) -> VmResult<f64> {
    match x.f64() {
        Some(f) => Ok(f),
        None => {
            let v = x.value(vm);
            super::super::float::num2dbl(vm, v)
        }
    }
}

/// `x ** y` through Ruby's own `**` (Integer, Float and Rational powers have their rules there).
pub fn pow(vm: &mut Vm, x: &Real, y: &Real) -> VmResult<Real> {
    call(vm, x, "**", y)
}

/// f_finite_p
pub fn finite_p(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    match x {
        Int(_) | Rat(..) => Ok(true),
        Flt(f) => Ok(f.is_finite()),
        Obj(_) => {
            let r = call0(vm, x, "finite?")?;
            let v = r.value(vm);
            Ok(v.truthy())
        }
    }
}

/// f_infinite_p
pub fn infinite_p(vm: &mut Vm, x: &Real) -> VmResult<bool> {
    match x {
        Int(_) | Rat(..) => Ok(false),
        Flt(f) => Ok(f.is_infinite()),
        Obj(_) => {
            let r = call0(vm, x, "infinite?")?;
            let v = r.value(vm);
            Ok(v.truthy())
        }
    }
}

/// Integer part of a small exact real, for exponents.
pub fn small_int(x: &Real) -> Option<i64> {
    match x {
        Int(i) => i.to_i64(),
        _ => None,
    }
}

/// `2 * x` as rb_int_mul(TWO, x) computes it.
pub fn twice(vm: &mut Vm, x: &Real) -> VmResult<Real> {
    mul(vm, &Real::int(2), x)
}

/// Whether the value is exactly the fixnum 1.
pub fn is_one(x: &Real) -> bool {
    matches!(x, Int(i) if i.is_one())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_exactly() {
        let big = Int(BigInt::from(1u64 << 53) + 1);
        assert_eq!(
            order(&big, &Flt(9007199254740992.0)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            order(&Rat(1.into(), 3.into()), &Flt(0.25)),
            Some(Ordering::Greater)
        );
        let third = Flt(1.0 / 3.0);
        assert_eq!(
            order(&Rat(1.into(), 3.into()), &third),
            Some(Ordering::Equal)
        );
        assert_eq!(order(&Flt(f64::NAN), &Int(1.into())), None);
        assert_eq!(
            order(&Flt(f64::INFINITY), &Int(1.into())),
            Some(Ordering::Greater)
        );
        assert_eq!(
            order(&Int(1.into()), &Flt(f64::NEG_INFINITY)),
            Some(Ordering::Greater)
        );
    }
}
