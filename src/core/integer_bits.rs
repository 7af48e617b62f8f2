//! Integer bit operations (`& | ^ << >>`, `[]` bit and range references, allbits?/anybits?/
//! nobits?, bit_length, size) and gcd/lcm, on fixnums and big integers with CRuby's two's
//! complement semantics for negative numbers.

use super::array::{M, to_int};
use super::integer::{i_neg, is_int, sign_of, to_big};
use super::numeric::{coerce_failed, do_coerce};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::{BigInt, Sign};
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

pub(crate) const TABLE: &[M] = &[
    ("&", i_and, 1, 1),
    ("|", i_or, 1, 1),
    ("^", i_xor, 1, 1),
    ("<<", i_shl, 1, 1),
    (">>", i_shr, 1, 1),
    ("[]", i_aref, 1, 2),
    ("allbits?", i_allbits_p, 1, 1),
    ("anybits?", i_anybits_p, 1, 1),
    ("nobits?", i_nobits_p, 1, 1),
    ("bit_length", i_bit_length, 0, 0),
    ("size", i_size, 0, 0),
    ("gcd", i_gcd, 1, 1),
    ("lcm", i_lcm, 1, 1),
    ("gcdlcm", i_gcdlcm, 1, 1),
];

// ---- bit operations ----

/// rb_num_coerce_bit: `&`, `|`, `^` with a non-Integer through coerce.
fn coerce_bit(vm: &mut Vm, x: Value, y: Value, op: &str) -> VmResult {
    let (a, b) = do_coerce(vm, x, y, true)?.expect("coerced");
    if !vm.responds(a, intern(op), true) {
        return Err(coerce_failed(vm, x, y));
    }
    vm.funcall(a, intern(op), &[b], None)
}
macro_rules! bit_op {
    ($name:ident, $op:tt, $sym:expr) => {
        /// int op integer -> integer
        fn $name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            let o = a[0];
            if s.is_fixnum() && o.is_fixnum() {
                return Ok(vm.int(s.as_fixnum() $op o.as_fixnum()));
            }
            if !is_int(o) {
                return coerce_bit(vm, s, o, $sym);
            }
            Ok(vm.bigint(to_big(s) $op to_big(o)))
        }
    };
}
bit_op!(i_and, &, "&");
bit_op!(i_or, |, "|");
bit_op!(i_xor, ^, "^");

/// `x << n` (n may be negative: a right shift).
fn shift_left(vm: &mut Vm, x: Value, n: Value) -> VmResult {
    let n = to_int(vm, n)?;
    let xb = to_big(x);
    if xb.is_zero() {
        return Ok(Value::fixnum(0));
    }
    let Some(w) = to_big(n).to_i64() else {
        if sign_of(n) == Sign::Minus {
            return Ok(Value::fixnum(if xb.is_negative() { -1 } else { 0 }));
        }
        return Err(vm.raise_str(vm.c.range_error, "shift width too big"));
    };
    if w >= 0 {
        if w > 1 << 32 {
            return Err(vm.raise_str(vm.c.range_error, "shift width too big"));
        }
        if let Some(v) = x.fixnum_opt()
            && w < 62
            && let Some(r) = v.checked_mul(1 << w)
        {
            return Ok(vm.int(r));
        }
        Ok(vm.bigint(xb << w as usize))
    } else {
        let w = w.unsigned_abs();
        if w > xb.bits() {
            return Ok(Value::fixnum(if xb.is_negative() { -1 } else { 0 }));
        }
        Ok(vm.bigint(xb >> w as usize))
    }
}
/// int << count -> integer
fn i_shl(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    shift_left(vm, s, a[0])
}
/// int >> count -> integer
fn i_shr(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = to_int(vm, a[0])?;
    let neg = i_neg(vm, n, &[], None)?;
    shift_left(vm, s, neg)
}
/// Bit `i` of `x` (two's complement, infinitely sign-extended).
fn bit_at(x: &BigInt, i: &BigInt) -> i64 {
    if i.is_negative() {
        return 0;
    }
    match i.to_u64() {
        Some(i) if i < x.bits() + 1 => ((x >> i as usize) & BigInt::from(1)).to_i64().unwrap_or(0),
        _ => x.is_negative() as i64,
    }
}
/// int[offset] -> 0 or 1; int[offset, size] -> integer; int[range] -> integer
fn i_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let x = to_big(s);
    if a.len() == 2 {
        let (beg, len) = (to_int(vm, a[0])?, to_int(vm, a[1])?);
        let shifted = i_shr(vm, s, &[beg], None)?;
        let mask = (BigInt::from(1) << to_big(len).to_usize().unwrap_or(0)) - 1;
        return Ok(vm.bigint(to_big(shifted) & mask));
    }
    if type_of(a[0]) == T_RANGE {
        let r = rrange(a[0]);
        let (beg, end, excl) = (r.begin, r.end, r.excl);
        if beg.is_nil() {
            let end = to_int(vm, end)?;
            if sign_of(end) == Sign::Minus {
                return Ok(Value::fixnum(0));
            }
            let e = to_big(end) + BigInt::from(if excl { 0 } else { 1 });
            let mask: BigInt = (BigInt::from(1) << e.to_usize().unwrap_or(0)) - 1;
            if (x & mask).is_zero() {
                return Ok(Value::fixnum(0));
            }
            return Err(vm.arg_error("The beginless range for Integer#[] results in infinity"));
        }
        let beg = to_int(vm, beg)?;
        let shifted = i_shr(vm, s, &[beg], None)?;
        if end.is_nil() {
            return Ok(shifted);
        }
        let end = to_int(vm, end)?;
        let (b, e) = (to_big(beg), to_big(end));
        if b < e {
            let len: BigInt = &e - &b + BigInt::from(if excl { 0 } else { 1 });
            let mask = (BigInt::from(1) << len.to_usize().unwrap_or(0)) - 1;
            return Ok(vm.bigint(to_big(shifted) & mask));
        }
        if b == e {
            return Ok(if excl {
                Value::fixnum(0)
            } else {
                Value::fixnum(bit_at(&x, &b))
            });
        }
        return Ok(shifted);
    }
    let i = to_int(vm, a[0])?;
    Ok(Value::fixnum(bit_at(&x, &to_big(i))))
}
fn mask_arg(vm: &mut Vm, m: Value) -> VmResult<BigInt> {
    let m = to_int(vm, m)?;
    Ok(to_big(m))
}
/// int.allbits?(mask) -> true or false
fn i_allbits_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = mask_arg(vm, a[0])?;
    Ok(Value::bool((to_big(s) & &m) == m))
}
/// int.anybits?(mask) -> true or false
fn i_anybits_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = mask_arg(vm, a[0])?;
    Ok(Value::bool(!(to_big(s) & m).is_zero()))
}
/// int.nobits?(mask) -> true or false
fn i_nobits_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = mask_arg(vm, a[0])?;
    Ok(Value::bool((to_big(s) & m).is_zero()))
}

/// int.bit_length -> integer
fn i_bit_length(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let x = to_big(s);
    let x = if x.is_negative() { !x } else { x };
    Ok(Value::fixnum(x.bits() as i64))
}
/// int.size -> integer (bytes in the machine representation)
fn i_size(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s.is_fixnum() {
        return Ok(Value::fixnum(8));
    }
    Ok(Value::fixnum(to_big(s).abs().bits().div_ceil(8) as i64))
}
fn gcd_arg(vm: &mut Vm, v: Value) -> VmResult<BigInt> {
    if !is_int(v) {
        return Err(vm.type_error("not an integer"));
    }
    Ok(to_big(v))
}
/// int.gcd(other_int) -> integer
fn i_gcd(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = gcd_arg(vm, a[0])?;
    Ok(vm.bigint(to_big(s).gcd(&o)))
}
/// int.lcm(other_int) -> integer
fn i_lcm(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = gcd_arg(vm, a[0])?;
    Ok(vm.bigint(to_big(s).lcm(&o)))
}
/// int.gcdlcm(other_int) -> [gcd, lcm]
fn i_gcdlcm(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = gcd_arg(vm, a[0])?;
    let x = to_big(s);
    let (g, l) = (x.gcd(&o), x.lcm(&o));
    let (g, l) = (vm.bigint(g), vm.bigint(l));
    Ok(vm.ary_from_slice(&[g, l]))
}
