//! Time's numbers: exact numbers of seconds (Integer, Float by its exact binary value as CRuby
//! converts it, Rational) to nanoseconds (floor) and back to a Float; UTC offsets ("UTC", "Z",
//! "-00:00", military letters, "+HH", "+HHMM", "+HH:MM", "+HH:MM:SS", "+HHMMSS", Integer seconds)
//! with CRuby's messages; and the arithmetic, comparison and rounding methods.

use super::time::{NS, TZ_FIXED, TZ_UTC, int, is_time, time_like, tobj, total_ns};
use super::time_exact::Exact;
use super::time_exact::time_exact;
use crate::object::string;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive};

/// Nanoseconds (floor) of an exact number of seconds: Integer, Float or Rational; `what` names
/// the value in errors.
pub fn num_to_ns(vm: &mut Vm, v: Value) -> VmResult<i128> {
    num_to_scaled(vm, v, NS)
}

/// floor(v * scale) for an Integer, Float or Rational v (TypeError for anything else).
pub fn num_to_scaled(vm: &mut Vm, v: Value, scale: i128) -> VmResult<i128> {
    if v.is_fixnum() {
        return Ok(v.as_fixnum() as i128 * scale);
    }
    match num_to_exact(vm, v, scale)?.split_floor().0.to_i128() {
        Some(q) => Ok(q),
        None => Err(vm.raise_str(vm.c.range_error, "time out of range")),
    }
}

/// v * scale exactly, for an Integer, Float (its exact binary value, as CRuby converts it) or
/// Rational v, or another numeric with `to_r` and `to_int` (CRuby's num_exact); TypeError for
/// anything else.
pub fn num_to_exact(vm: &mut Vm, v: Value, scale: i128) -> VmResult<Exact> {
    if v.is_fixnum() {
        return Ok(Exact::Int(v.as_fixnum() as i128 * scale));
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
        return Ok(float_exact(f, scale));
    }
    if let Some((n, d)) = super::rational::parts(v) {
        return Ok(Exact::rat(n * BigInt::from(scale), d));
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
            return num_to_exact(vm, x, scale);
        }
    }
    let k = vm.real_class(v);
    let name = vm.class_name(k);
    Err(vm.type_error(&format!("can't convert {name} into an exact number")))
}

/// f * scale exactly (f finite).
fn float_exact(f: f64, scale: i128) -> Exact {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = (bits & ((1u64 << 52) - 1)) as i128;
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let m = BigInt::from(if f.is_sign_negative() { -m } else { m }) * BigInt::from(scale);
    if e >= 0 {
        Exact::rat(m << (e as usize), BigInt::one())
    } else {
        Exact::rat(m, BigInt::one() << ((-e) as usize))
    }
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
    let d = num_to_exact(vm, a[0], NS)?;
    let x = time_exact(tobj(s)).add(&d);
    time_like(vm, s, &x)
}
pub fn t_minus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_time(a[0]) {
        let d = time_exact(tobj(s)).sub(&time_exact(tobj(a[0])));
        return Ok(vm.float(d.to_f64_over(NS)));
    }
    let d = num_to_exact(vm, a[0], NS)?;
    let x = time_exact(tobj(s)).sub(&d);
    time_like(vm, s, &x)
}
pub fn t_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_time(a[0]) {
        let o = time_exact(tobj(s)).compare(&time_exact(tobj(a[0])));
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
        is_time(a[0]) && time_exact(tobj(s)).compare(&time_exact(tobj(a[0]))).is_eq(),
    ))
}
pub fn t_hash(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = ahash::RandomState::with_seeds(7, 11, 13, 17).build_hasher();
    let t = tobj(s);
    h.write_i128(total_ns(t));
    if let Some((n, d)) = super::rational::parts(t.frac).filter(|_| !t.frac.is_nil()) {
        n.hash(&mut h);
        d.hash(&mut h);
    }
    int((h.finish() >> 2) as i64)
}

/// The rounding unit in nanoseconds for `ndigits` digits after the second's point.
fn round_unit(vm: &mut Vm, a: &[Value]) -> VmResult<Exact> {
    let nd = match a.first() {
        None | Some(&Value::NIL) => 0,
        Some(&v) => super::array::num2long(vm, v)?,
    };
    if nd < 0 {
        return Err(vm.arg_error("negative ndigits given"));
    }
    Ok(if nd <= 9 {
        Exact::Int(10i128.pow(9 - nd as u32))
    } else {
        let den = num_traits::pow(BigInt::from(10), (nd - 9).min(100_000) as usize);
        Exact::rat(BigInt::one(), den)
    })
}

/// (the Time's instant, the unit, the instant modulo the unit).
fn round_parts(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult<(Exact, Exact, Exact)> {
    let u = round_unit(vm, a)?;
    let x = time_exact(tobj(s));
    let r = x.modulo(&u);
    Ok((x, u, r))
}

pub fn t_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, u, r) = round_parts(vm, s, a)?;
    let down = x.sub(&r);
    let up = r.double().compare(&u).is_ge();
    let y = if up { down.add(&u) } else { down };
    time_like(vm, s, &y)
}
pub fn t_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, _, r) = round_parts(vm, s, a)?;
    time_like(vm, s, &x.sub(&r))
}
pub fn t_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, u, r) = round_parts(vm, s, a)?;
    let y = if r.is_zero() { x } else { x.sub(&r).add(&u) };
    time_like(vm, s, &y)
}
