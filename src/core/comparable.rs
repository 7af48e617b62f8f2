//! Comparable (`== < <= > >= between? clamp` on top of `<=>`) and the comparison helpers the
//! rest of the core library shares: `compare` (CRuby's OPTIMIZED_CMP), `cmpint` (rb_cmpint) and
//! `cmp_failed` (rb_cmperr's "comparison of X with Y failed").

use super::object::{float_value, is_float, is_string};
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use std::cmp::Ordering;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const COMPARABLE: &[M] = &[
    ("==", cmp_equal, 1, 1),
    (">", cmp_gt, 1, 1),
    (">=", cmp_ge, 1, 1),
    ("<", cmp_lt, 1, 1),
    ("<=", cmp_le, 1, 1),
    ("between?", cmp_between, 2, 2),
    ("clamp", cmp_clamp, 1, 2),
];

pub fn init(vm: &mut Vm) {
    let c = vm.c.comparable;
    vm.define_natives(c, COMPARABLE);
}

/// ArgumentError "comparison of X with Y failed" (Y inspected when it is an immediate or a
/// Float, as CRuby's rb_cmperr does).
pub fn cmp_failed(vm: &mut Vm, a: Value, b: Value) -> Unwind {
    let ka = vm.real_class(a);
    let left = vm.class_name(ka);
    let right = if b.is_immediate() || is_float(b) {
        match vm.inspect_str(b) {
            Ok(s) => s,
            Err(e) => return e,
        }
    } else {
        let kb = vm.real_class(b);
        vm.class_name(kb)
    };
    vm.arg_error(&format!("comparison of {left} with {right} failed"))
}

/// The sign of a `<=>` result `r` for `a <=> b` (rb_cmpint): nil fails the comparison.
pub fn cmpint(vm: &mut Vm, r: Value, a: Value, b: Value) -> VmResult<Ordering> {
    if r.is_nil() {
        return Err(cmp_failed(vm, a, b));
    }
    if r.is_fixnum() {
        return Ok(r.as_fixnum().cmp(&0));
    }
    if type_of(r) == T_BIGNUM {
        let big = &payload::<super::integer::Big>(r).expect("bignum").0;
        return Ok(if big.sign() == num_bigint::Sign::Minus {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let zero = Value::fixnum(0);
    if vm.funcall(r, intern(">"), &[zero], None)?.truthy() {
        return Ok(Ordering::Greater);
    }
    if vm.funcall(r, intern("<"), &[zero], None)?.truthy() {
        return Ok(Ordering::Less);
    }
    Ok(Ordering::Equal)
}

/// `a <=> b` (Object#<=> when `a` has no `<=>` of its own: 0 for `==` objects, else nil).
pub fn cmp_call(vm: &mut Vm, a: Value, b: Value) -> VmResult {
    let id = intern("<=>");
    if vm.responds(a, id, true) {
        return vm.funcall(a, id, &[b], None);
    }
    Ok(if vm.equal(a, b)? {
        Value::fixnum(0)
    } else {
        Value::NIL
    })
}

/// `a <=> b` as an ordering, with fast paths for Integers, Floats and Strings (CRuby's
/// OPTIMIZED_CMP); incomparable values raise "comparison of X with Y failed".
pub fn compare(vm: &mut Vm, a: Value, b: Value) -> VmResult<Ordering> {
    if a.is_fixnum() && b.is_fixnum() {
        return Ok(a.as_fixnum().cmp(&b.as_fixnum()));
    }
    if is_string(a) && is_string(b) {
        return Ok(string::bytes(&vm.heap, a).cmp(string::bytes(&vm.heap, b)));
    }
    if is_float(a) && is_float(b) {
        if let Some(o) = float_value(a).partial_cmp(&float_value(b)) {
            return Ok(o);
        }
        return Err(cmp_failed(vm, a, b));
    }
    let r = cmp_call(vm, a, b)?;
    cmpint(vm, r, a, b)
}

/// `a <=> b` through Ruby (no fast paths), as Comparable's methods call it.
fn spaceship(vm: &mut Vm, a: Value, b: Value) -> VmResult<Ordering> {
    let r = cmp_call(vm, a, b)?;
    cmpint(vm, r, a, b)
}

/// obj == other -> true or false
fn cmp_equal(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if s == a[0] {
        return Ok(Value::TRUE);
    }
    let r = cmp_call(vm, s, a[0])?;
    if r.is_nil() {
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(cmpint(vm, r, s, a[0])? == Ordering::Equal))
}
/// obj > other -> true or false
fn cmp_gt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(spaceship(vm, s, a[0])? == Ordering::Greater))
}
/// obj >= other -> true or false
fn cmp_ge(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(spaceship(vm, s, a[0])? != Ordering::Less))
}
/// obj < other -> true or false
fn cmp_lt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(spaceship(vm, s, a[0])? == Ordering::Less))
}
/// obj <= other -> true or false
fn cmp_le(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(spaceship(vm, s, a[0])? != Ordering::Greater))
}
/// obj.between?(min, max) -> true or false
fn cmp_between(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if spaceship(vm, s, a[0])? == Ordering::Less {
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(spaceship(vm, s, a[1])? != Ordering::Greater))
}
/// obj.clamp(min, max) -> obj; obj.clamp(range) -> obj
fn cmp_clamp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (min, max) = if a.len() == 2 {
        (a[0], a[1])
    } else {
        if type_of(a[0]) != T_RANGE {
            let k = vm.real_class(a[0]);
            let msg = format!("wrong argument type {} (expected Range)", vm.class_name(k));
            return Err(vm.type_error(&msg));
        }
        let r = rrange(a[0]);
        let (b, e, excl) = (r.begin, r.end, r.excl);
        if !e.is_nil() && excl {
            return Err(vm.arg_error("cannot clamp with an exclusive range"));
        }
        (b, e)
    };
    if !min.is_nil() && !max.is_nil() && spaceship(vm, min, max)? == Ordering::Greater {
        return Err(vm.arg_error("min argument must be less than or equal to max argument"));
    }
    if !min.is_nil() {
        match spaceship(vm, s, min)? {
            Ordering::Equal => return Ok(s),
            Ordering::Less => return Ok(min),
            Ordering::Greater => {}
        }
    }
    if !max.is_nil() && spaceship(vm, s, max)? == Ordering::Greater {
        return Ok(max);
    }
    Ok(s)
}
