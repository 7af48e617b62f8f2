//! The operator fast paths of the dispatch loop (`Insn::OptMod` ..): each answers the result
//! computed without a method call when the operands are of the kinds it knows (fixnums,
//! flonums, an Array or Hash of exactly that class), else None and the loop sends the method.
//! The loop only tries them while no operator of those classes is redefined
//! (`Vm::ops_redefined`, over `FAST_OPS`). A case that would raise (division by zero, a frozen
//! receiver, an index out of range) is always left to the method, so messages and backtraces
//! are the method's.

use super::Vm;
use crate::object::heap::{T_ARRAY, T_HASH, rarray, type_of};
use crate::object::value::Value;

/// The operands as two doubles when one is a Float and the other a fixnum: the mixed cases of
/// `+ - * /`, computed as CRuby's flo_* and fix_* do (the Integer converted with `(double)`).
/// Out of line: the operators' arms only reach it after their own two cases.
#[inline(never)]
pub fn mixed_floats(a: Value, b: Value) -> Option<(f64, f64)> {
    if a.is_flonum() && b.is_fixnum() {
        Some((a.as_flonum(), b.as_fixnum() as f64))
    } else if a.is_fixnum() && b.is_flonum() {
        Some((a.as_fixnum() as f64, b.as_flonum()))
    } else {
        None
    }
}

/// A Float compared with a fixnum small enough to be a double exactly (|i| <= 2**53): the
/// comparison of the two doubles, which is then CRuby's exact one. Larger fixnums, and NaN
/// (no order), take the method.
#[inline(never)]
pub fn mixed_cmp(a: Value, b: Value) -> Option<std::cmp::Ordering> {
    const EXACT: u64 = 1 << 53;
    if a.is_flonum() && b.is_fixnum() && b.as_fixnum().unsigned_abs() <= EXACT {
        a.as_flonum().partial_cmp(&(b.as_fixnum() as f64))
    } else if a.is_fixnum() && b.is_flonum() && a.as_fixnum().unsigned_abs() <= EXACT {
        (a.as_fixnum() as f64).partial_cmp(&b.as_flonum())
    } else {
        None
    }
}

/// Integer / Integer (floored), Float / Float.
pub fn div(vm: &mut Vm, a: Value, b: Value) -> Option<Value> {
    if a.is_fixnum() && b.is_fixnum() {
        let (x, y) = (a.as_fixnum(), b.as_fixnum());
        if y == 0 {
            return None;
        }
        let q = x / y;
        let q = if x % y != 0 && ((x < 0) != (y < 0)) {
            q - 1
        } else {
            q
        };
        Some(vm.int(q))
    } else if a.is_flonum() && b.is_flonum() {
        Some(vm.float(a.as_flonum() / b.as_flonum()))
    } else {
        mixed_floats(a, b).map(|(x, y)| vm.float(x / y))
    }
}

/// Integer % Integer (the sign of the divisor), Float % Float.
pub fn modulo(vm: &mut Vm, a: Value, b: Value) -> Option<Value> {
    if a.is_fixnum() && b.is_fixnum() {
        let (x, y) = (a.as_fixnum(), b.as_fixnum());
        if y == 0 {
            return None;
        }
        let r = x % y;
        let r = if r != 0 && ((r < 0) != (y < 0)) {
            r + y
        } else {
            r
        };
        Some(Value::fixnum(r))
    } else if a.is_flonum() && b.is_flonum() && b.as_flonum() != 0.0 {
        // (Float % 0.0 raises ZeroDivisionError: the method's business)
        let m = crate::core::float_conv::fmod_floor(a.as_flonum(), b.as_flonum());
        Some(vm.float(m))
    } else {
        None
    }
}

/// `a != b` for the kinds `==` is fast for.
pub fn neq(_: &mut Vm, a: Value, b: Value) -> Option<Value> {
    eq(a, b).map(|e| Value::bool(!e))
}

/// `a == b` without a call: fixnums, symbols, nil/true/false, flonums.
pub fn eq(a: Value, b: Value) -> Option<bool> {
    if (a.is_fixnum() && b.is_fixnum())
        || a.is_symbol()
        || (a.is_immediate() && !a.is_flonum() && !a.is_fixnum())
    {
        Some(a == b)
    } else if a.is_flonum() && b.is_flonum() {
        Some(a.as_flonum() == b.as_flonum())
    } else {
        None
    }
}

/// Integer & Integer.
pub fn and(_: &mut Vm, a: Value, b: Value) -> Option<Value> {
    (a.is_fixnum() && b.is_fixnum()).then(|| Value::fixnum(a.as_fixnum() & b.as_fixnum()))
}

/// Integer | Integer.
pub fn or(_: &mut Vm, a: Value, b: Value) -> Option<Value> {
    (a.is_fixnum() && b.is_fixnum()).then(|| Value::fixnum(a.as_fixnum() | b.as_fixnum()))
}

/// Integer ^ Integer.
pub fn xor(_: &mut Vm, a: Value, b: Value) -> Option<Value> {
    (a.is_fixnum() && b.is_fixnum()).then(|| Value::fixnum(a.as_fixnum() ^ b.as_fixnum()))
}

/// Integer << Integer (a count in 0..64 whose result fits an i64), Array << obj (an unfrozen
/// Array, not a subclass).
pub fn shl(vm: &mut Vm, a: Value, b: Value) -> Option<Value> {
    if a.is_fixnum() && b.is_fixnum() {
        let (x, n) = (a.as_fixnum(), b.as_fixnum());
        if !(0..64).contains(&n) {
            return None;
        }
        let r = (x as i128) << n;
        let r = i64::try_from(r).ok()?;
        Some(vm.int(r))
    } else if type_of(a) == T_ARRAY && !vm.is_frozen(a) && vm.class_of(a) == vm.c.array {
        rarray(a).vec.push(b);
        Some(a)
    } else {
        None
    }
}

/// Integer >> Integer (a count of 0 or more).
pub fn shr(_: &mut Vm, a: Value, b: Value) -> Option<Value> {
    if a.is_fixnum() && b.is_fixnum() {
        let (x, n) = (a.as_fixnum(), b.as_fixnum());
        if n < 0 {
            return None;
        }
        Some(Value::fixnum(if n >= 64 { x >> 63 } else { x >> n }))
    } else {
        None
    }
}

/// `recv[i] = v` for an unfrozen Array (not a subclass) and an index inside it or just past
/// its end. (A Hash's `[]=` goes through `hash_aset`, in the loop.)
pub fn array_aset(vm: &mut Vm, recv: Value, i: Value, v: Value) -> bool {
    if type_of(recv) != T_ARRAY || !i.is_fixnum() || vm.is_frozen(recv) {
        return false;
    }
    if vm.class_of(recv) != vm.c.array {
        return false;
    }
    let vec = &mut rarray(recv).vec;
    let i = i.as_fixnum();
    let i = if i < 0 { i + vec.len() as i64 } else { i };
    if i < 0 {
        return false;
    }
    let i = i as usize;
    if i < vec.len() {
        vec[i] = v;
    } else if i == vec.len() {
        vec.push(v);
    } else {
        return false;
    }
    true
}

/// `v.size` (or `length`; `size` true) or `v.empty?` (`size` false) of a plain Array or Hash
/// without a call. Kept out of the dispatch loop: inlined there, its code made the loop's
/// register allocation worse for every other instruction (+5% on a call loop).
#[inline(never)]
pub fn len_query(vm: &Vm, v: Value, size: bool) -> Option<Value> {
    if vm.ops_redefined {
        return None;
    }
    let n = match type_of(v) {
        T_ARRAY if vm.class_of(v) == vm.c.array => rarray(v).vec.len(),
        T_HASH if vm.class_of(v) == vm.c.hash => crate::core::hash::rh(v).len(),
        _ => return None,
    };
    Some(if size {
        Value::fixnum(n as i64)
    } else {
        Value::bool(n == 0)
    })
}

/// Whether `recv` is a Hash of exactly that class and unfrozen (its `[]`/`[]=` run in the loop).
pub fn plain_hash(vm: &Vm, recv: Value) -> bool {
    type_of(recv) == T_HASH && !vm.is_frozen(recv) && vm.class_of(recv) == vm.c.hash
}
