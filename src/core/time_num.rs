//! Exact numbers of seconds for Time: Integer, Float (its exact binary value, as CRuby converts
//! it) and Rational arguments to nanoseconds (floor), and nanoseconds back to a Float.

use super::time::NS;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;
use num_bigint::BigInt;

/// Nanoseconds (floor) of an exact number of seconds: Integer, Float or Rational; `what` names
/// the value in errors.
pub fn num_to_ns(vm: &mut Vm, v: Value) -> VmResult<i128> {
    num_to_scaled(vm, v, NS)
}

/// floor(v * scale) for an Integer, Float or Rational v (TypeError for anything else).
pub fn num_to_scaled(vm: &mut Vm, v: Value, scale: i128) -> VmResult<i128> {
    use num_traits::ToPrimitive;
    if v.is_fixnum() {
        return Ok(v.as_fixnum() as i128 * scale);
    }
    if super::object::is_float(v) {
        let f = super::object::float_value(v);
        if f.is_nan() {
            return Err(vm.raise_str(vm.c.float_domain_error, "NaN"));
        }
        if f.is_infinite() {
            let s = if f > 0.0 { "Infinity" } else { "-Infinity" };
            return Err(vm.raise_str(vm.c.float_domain_error, s));
        }
        return float_scaled(vm, f, scale);
    }
    if let Some((n, d)) = super::rational::parts(v) {
        let q = num_integer::Integer::div_floor(&(n * BigInt::from(scale)), &d);
        return match q.to_i128() {
            Some(q) => Ok(q),
            None => Err(vm.raise_str(vm.c.range_error, "time out of range")),
        };
    }
    let k = vm.real_class(v);
    let name = vm.class_name(k);
    Err(vm.type_error(&format!("can't convert {name} into an exact number")))
}

/// floor(f * scale), exactly (f's binary value, as CRuby converts a Float to a Rational).
fn float_scaled(vm: &mut Vm, f: f64, scale: i128) -> VmResult<i128> {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = (bits & ((1u64 << 52) - 1)) as i128;
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let m = if f.is_sign_negative() { -m } else { m };
    if e >= 0 {
        if e > 60 {
            return Err(vm.raise_str(vm.c.range_error, "time out of range"));
        }
        return Ok((m << e) * scale);
    }
    if -e > 120 {
        return Ok(if m < 0 { -1 } else { 0 });
    }
    Ok((m * scale).div_euclid(1i128 << (-e)))
}

/// `ns / 10**9` as the nearest Float.
pub fn ns_to_f64(ns: i128) -> f64 {
    if ns.unsigned_abs() < (1u128 << 53) {
        ns as f64 / 1e9
    } else {
        super::integer::big_ratio_f64(&BigInt::from(ns), &BigInt::from(NS))
    }
}
