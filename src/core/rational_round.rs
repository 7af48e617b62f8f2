//! Rational's rounding: floor, ceil, truncate (also to_i) and round (with `half:`), each with an
//! optional number of digits as CRuby's f_round_common: `r.floor(n)` rounds `r * 10**n` to an
//! integer and divides by `10**n` again; the result is a Rational when n >= 1, an Integer
//! otherwise (n < 0 rounds to tens, hundreds, ...).

use super::numeric::{Half, rounding_mode};
use super::rational::{new_rational_raw, parts};
use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Signed;

/// How a fraction n/d (d > 0) becomes an integer.
#[derive(Clone, Copy)]
enum Mode {
    Floor,
    Ceil,
    Truncate,
    Round(Half),
}

fn to_integer(n: &BigInt, d: &BigInt, mode: Mode) -> BigInt {
    match mode {
        Mode::Floor => n.div_floor(d),
        Mode::Ceil => -((-n).div_floor(d)),
        Mode::Truncate => n / d,
        Mode::Round(half) => {
            // |n|/d = q + r/d; twice the remainder against d decides
            let (q, r) = n.abs().div_rem(d);
            let twice: BigInt = &r * 2;
            let up = match twice.cmp(d) {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => match half {
                    Half::Up => true,
                    Half::Down => false,
                    Half::Even => q.is_odd(),
                },
            };
            let q = if up { q + 1 } else { q };
            if n.is_negative() { -q } else { q }
        }
    }
}

/// The rounding with an optional digit count (`digits`, already converted to an integer).
fn round_to(vm: &mut Vm, s: Value, digits: Option<i64>, mode: Mode) -> VmResult {
    let (n, d) = parts(s).expect("a Rational receiver");
    let Some(k) = digits else {
        return Ok(vm.bigint(to_integer(&n, &d, mode)));
    };
    // 10**|k| as Integer#** makes it (10 has 4 bits), with its limit
    if 4u64.saturating_mul(k.unsigned_abs()) > super::integer::POW_BITS_LIMIT {
        return Err(vm.arg_error("exponent is too large"));
    }
    let p = BigInt::from(10).pow(k.unsigned_abs() as u32);
    // s * 10**k as a fraction, rounded, then divided by 10**k again
    let (sn, sd) = if k >= 0 { (&n * &p, d) } else { (n, d * &p) };
    let i = to_integer(&sn, &sd, mode);
    if k < 1 {
        return Ok(vm.bigint(if k < 0 { i * p } else { i }));
    }
    Ok(new_rational_raw(vm, i, p))
}

/// The digits argument of floor/ceil/truncate: none, or an Integer (TypeError "not an integer").
fn digits_arg(vm: &mut Vm, a: &[Value]) -> VmResult<Option<i64>> {
    match a.first() {
        None => Ok(None),
        Some(&v) if v.is_fixnum() || type_of(v) == T_BIGNUM => Ok(Some(super::arg_int(vm, v)?)),
        Some(_) => Err(vm.type_error("not an integer")),
    }
}

/// rat.floor(ndigits = nil) -> integer or rational
pub fn r_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = digits_arg(vm, a)?;
    round_to(vm, s, k, Mode::Floor)
}

/// rat.ceil(ndigits = nil) -> integer or rational
pub fn r_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = digits_arg(vm, a)?;
    round_to(vm, s, k, Mode::Ceil)
}

/// rat.truncate(ndigits = nil) -> integer or rational
pub fn r_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = digits_arg(vm, a)?;
    round_to(vm, s, k, Mode::Truncate)
}

/// rat.round(ndigits = nil, half: :up) -> integer or rational
pub fn r_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (opts, rest) = match a.split_last() {
        Some((&h, rest)) if kw && type_of(h) == T_HASH => (Some(h), rest),
        _ => (None, a),
    };
    if rest.len() > 1 {
        return Err(super::array::arity(vm, rest.len(), 0, 1));
    }
    let k = digits_arg(vm, rest)?;
    let half = rounding_mode(vm, opts)?;
    round_to(vm, s, k, Mode::Round(half))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64, mode: Mode) -> i64 {
        let v = to_integer(&BigInt::from(n), &BigInt::from(d), mode);
        i64::try_from(v).unwrap()
    }

    #[test]
    fn halves() {
        assert_eq!(r(5, 2, Mode::Round(Half::Up)), 3);
        assert_eq!(r(-5, 2, Mode::Round(Half::Up)), -3);
        assert_eq!(r(5, 2, Mode::Round(Half::Even)), 2);
        assert_eq!(r(7, 2, Mode::Round(Half::Even)), 4);
        assert_eq!(r(-5, 2, Mode::Round(Half::Down)), -2);
        assert_eq!(r(-7, 3, Mode::Floor), -3);
        assert_eq!(r(-7, 3, Mode::Ceil), -2);
        assert_eq!(r(-7, 3, Mode::Truncate), -2);
    }
}
