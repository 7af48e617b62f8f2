//! Time's numbers: exact numbers of seconds (Integer, Float by its exact binary value as CRuby
//! converts it, Rational) to nanoseconds (floor) and back to a Float; UTC offsets ("UTC", "Z",
//! "-00:00", military letters, "+HH", "+HHMM", "+HH:MM", "+HH:MM:SS", "+HHMMSS", Integer seconds)
//! with CRuby's messages; and the arithmetic, comparison and rounding methods.

use super::time::{NS, TZ_FIXED, TZ_UTC, int, is_time, time_like, tobj, total_ns};
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;

/// Nanoseconds (floor) of an exact number of seconds: Integer, Float or Rational; `what` names
/// the value in errors.
pub fn num_to_ns(vm: &mut Vm, v: Value) -> VmResult<i128> {
    num_to_scaled(vm, v, NS)
}

/// floor(v * scale) for an Integer, Float or Rational v (TypeError for anything else).
pub fn num_to_scaled(vm: &mut Vm, v: Value, scale: i128) -> VmResult<i128> {
    scaled(vm, v, scale, false)
}

/// Nanoseconds of `-v` (floor), for subtracting `v` from a Time: its ceiling, negated.
pub fn neg_num_to_ns(vm: &mut Vm, v: Value) -> VmResult<i128> {
    scaled(vm, v, NS, true)
}

/// floor(v * scale), or floor(-v * scale) when `neg`.
fn scaled(vm: &mut Vm, v: Value, scale: i128, neg: bool) -> VmResult<i128> {
    use num_traits::ToPrimitive;
    let sign = if neg { -1 } else { 1 };
    if v.is_fixnum() {
        return Ok(sign * v.as_fixnum() as i128 * scale);
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
        return float_scaled(vm, if neg { -f } else { f }, scale);
    }
    if let Some((n, d)) = super::rational::parts(v) {
        let q = num_integer::Integer::div_floor(&(n * BigInt::from(sign * scale)), &d);
        return match q.to_i128() {
            Some(q) => Ok(q),
            None => Err(vm.raise_str(vm.c.range_error, "time out of range")),
        };
    }
    // other numerics (CRuby's num_exact): to_r when they also have to_int, else to_int
    if v.is_heap() && !super::object::is_string(v) {
        use crate::object::symbol::intern;
        let (to_r, to_int) = (intern("to_r"), intern("to_int"));
        let exact = if vm.responds(v, to_r, true) {
            if vm.responds(v, to_int, true) {
                Some(vm.funcall(v, to_r, &[], None)?)
            } else {
                None
            }
        } else if vm.responds(v, to_int, true) {
            Some(vm.funcall(v, to_int, &[], None)?)
        } else {
            None
        };
        if let Some(x) = exact
            && (x.is_fixnum() || super::rational::parts(x).is_some())
        {
            return scaled(vm, x, scale, neg);
        }
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
        return match (e <= 60).then(|| (m << e).checked_mul(scale)).flatten() {
            Some(v) => Ok(v),
            None => Err(vm.raise_str(vm.c.range_error, "time out of range")),
        };
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

/// A zone argument: (mode, offset) or CRuby's ArgumentError/TypeError.
pub fn zone_arg(vm: &mut Vm, z: Value) -> VmResult<(u8, i32)> {
    if let Some(sv) = super::string::implicit_str(vm, z)? {
        let b = string::bytes(&vm.heap, sv).to_vec();
        return match parse_offset(&b) {
            Some(Ok(r)) => Ok(r),
            Some(Err(())) => Err(vm.arg_error("utc_offset out of range")),
            None => {
                let shown = String::from_utf8_lossy(&b).into_owned();
                Err(vm.arg_error(&format!(
                    "\"+HH:MM\", \"-HH:MM\", \"UTC\" or \"A\"..\"I\",\"K\"..\"Z\" expected for utc_offset: {shown}"
                )))
            }
        };
    }
    // an exact number of seconds (fractions of a second are dropped: offsets are whole seconds)
    let ns = num_to_ns(vm, z)?;
    let off = ns.div_euclid(NS);
    if off.abs() >= 86_400 {
        return Err(vm.arg_error("utc_offset out of range"));
    }
    Ok((TZ_FIXED, off as i32))
}

/// Parses a zone string: Some(Ok) for a zone, Some(Err) when out of range, None when malformed.
fn parse_offset(b: &[u8]) -> Option<Result<(u8, i32), ()>> {
    match b {
        b"Z" => return Some(Ok((TZ_UTC, 0))),
        [_, _, _] if b.eq_ignore_ascii_case(b"UTC") => return Some(Ok((TZ_UTC, 0))),
        [c] if c.is_ascii_uppercase() && *c != b'J' => {
            let off = match c {
                b'A'..=b'I' => (c - b'A' + 1) as i32,
                b'K'..=b'M' => (c - b'K' + 10) as i32,
                b'N'..=b'Y' => -((c - b'N' + 1) as i32),
                _ => 0,
            };
            return Some(Ok((TZ_FIXED, off * 3600)));
        }
        _ => {}
    }
    let sign = match b.first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let d = &b[1..];
    let two = |s: &[u8]| -> Option<i32> {
        (s.len() == 2 && s.iter().all(u8::is_ascii_digit))
            .then(|| ((s[0] - b'0') * 10 + (s[1] - b'0')) as i32)
    };
    let (h, m, s) = match d.len() {
        2 => (two(d)?, 0, 0),
        4 => (two(&d[..2])?, two(&d[2..])?, 0),
        5 if d[2] == b':' => (two(&d[..2])?, two(&d[3..])?, 0),
        6 => (two(&d[..2])?, two(&d[2..4])?, two(&d[4..])?),
        8 if d[2] == b':' && d[5] == b':' => (two(&d[..2])?, two(&d[3..5])?, two(&d[6..])?),
        _ => return None,
    };
    if m > 59 || s > 59 {
        return None;
    }
    if h > 23 {
        return Some(Err(()));
    }
    let off = h * 3600 + m * 60 + s;
    // a negative zero ("-00", "-0000", "-00:00:00") means UTC, as RFC 3339's unknown offset
    if sign < 0 && off == 0 {
        return Some(Ok((TZ_UTC, 0)));
    }
    Some(Ok((TZ_FIXED, sign * off)))
}

// ---- arithmetic, comparison, rounding ----

pub fn t_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_time(a[0]) {
        return Err(vm.type_error("time + time?"));
    }
    let d = num_to_ns(vm, a[0])?;
    time_like(vm, s, total_ns(tobj(s)) + d)
}
pub fn t_minus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_time(a[0]) {
        let d = total_ns(tobj(s)) - total_ns(tobj(a[0]));
        return Ok(vm.float(ns_to_f64(d)));
    }
    let d = neg_num_to_ns(vm, a[0])?;
    time_like(vm, s, total_ns(tobj(s)) + d)
}
pub fn t_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_time(a[0]) {
        let o = total_ns(tobj(s)).cmp(&total_ns(tobj(a[0])));
        return int(o as i64);
    }
    // other <=> self, negated (CRuby's fallback for non-Time operands)
    let id = crate::object::symbol::intern("<=>");
    if a[0].is_immediate() || !vm.responds(a[0], id, false) {
        return Ok(Value::NIL);
    }
    let r = vm.funcall(a[0], id, &[s], None)?;
    if r.is_nil() {
        return Ok(Value::NIL);
    }
    let o = super::comparable::cmpint(vm, r, r, Value::fixnum(0))?;
    int(-(o as i64))
}
pub fn t_eql(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(
        is_time(a[0]) && total_ns(tobj(s)) == total_ns(tobj(a[0])),
    ))
}
pub fn t_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::hash::{BuildHasher, Hasher};
    let mut h = ahash::RandomState::with_seeds(7, 11, 13, 17).build_hasher();
    h.write_i128(total_ns(tobj(s)));
    int((h.finish() >> 2) as i64)
}

/// The rounding unit in nanoseconds for `ndigits` (None: no change needed).
fn round_unit(vm: &mut Vm, a: &[Value]) -> VmResult<Option<i128>> {
    let nd = match a.first() {
        None | Some(&Value::NIL) => 0,
        Some(&v) => super::array::num2long(vm, v)?,
    };
    if nd < 0 {
        return Err(vm.arg_error("negative ndigits given"));
    }
    if nd >= 9 {
        return Ok(None);
    }
    Ok(Some(10i128.pow(9 - nd as u32)))
}

pub fn t_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let ns = total_ns(tobj(s));
    let Some(u) = round_unit(vm, a)? else {
        return time_like(vm, s, ns);
    };
    let r = ns.rem_euclid(u);
    let down = ns - r;
    time_like(vm, s, if r * 2 >= u { down + u } else { down })
}
pub fn t_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let ns = total_ns(tobj(s));
    let Some(u) = round_unit(vm, a)? else {
        return time_like(vm, s, ns);
    };
    time_like(vm, s, ns - ns.rem_euclid(u))
}
pub fn t_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let ns = total_ns(tobj(s));
    let Some(u) = round_unit(vm, a)? else {
        return time_like(vm, s, ns);
    };
    let r = ns.rem_euclid(u);
    time_like(vm, s, if r == 0 { ns } else { ns - r + u })
}
