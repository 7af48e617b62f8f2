//! Array set operations: `-`, `&`, `|`, difference, intersection, union and intersect?, with
//! membership by `eql?`/`hash` as in CRuby (a linear scan for small operands, a hidden Hash
//! otherwise).

use super::array::{M, new_ary, rooted, to_ary, vec_of};
use super::array_sort::uniq_values;
use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

pub(crate) const TABLE: &[M] = &[
    ("-", a_minus, 1, 1),
    ("difference", a_difference, 0, -1),
    ("&", a_and, 1, 1),
    ("intersection", a_intersection, 0, -1),
    ("intersect?", a_intersect_p, 1, 1),
    ("|", a_or, 1, 1),
    ("union", a_union, 0, -1),
];

// ---- set operations ----

/// Whether `v` is `eql?` to an element of `a`.
fn includes_eql(vm: &mut Vm, a: &[Value], v: Value) -> VmResult<bool> {
    for &x in a {
        if vm.eql(x, v)? {
            return Ok(true);
        }
    }
    Ok(false)
}
/// A hidden Hash whose keys are the elements of `items` (for membership by `eql?`/`hash`).
fn key_set(vm: &mut Vm, items: &[Value]) -> VmResult<Value> {
    let h = vm.hash_new();
    rooted(vm, &[h], |vm| {
        for &v in items {
            if super::hash::find(vm, h, v)?.is_none() {
                super::hash::raw_insert(vm, h, v, Value::TRUE)?;
            }
        }
        Ok(h)
    })
}
fn difference(vm: &mut Vm, items: Vec<Value>, other: &[Value]) -> VmResult<Vec<Value>> {
    if other.len() <= 16 {
        let mut out = Vec::new();
        for v in items {
            if !includes_eql(vm, other, v)? {
                out.push(v);
            }
        }
        return Ok(out);
    }
    let h = key_set(vm, other)?;
    rooted(vm, &[h], |vm| {
        let mut out = Vec::new();
        for v in items {
            if super::hash::find(vm, h, v)?.is_none() {
                out.push(v);
            }
        }
        Ok(out)
    })
}
/// ary - other_array -> new_array
fn a_minus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_ary(vm, a[0])?;
    let other = vec_of(o).to_vec();
    let out = difference(vm, vec_of(s).to_vec(), &other)?;
    Ok(new_ary(vm, out))
}
/// ary.difference(*other_arrays) -> new_array
fn a_difference(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = vec_of(s).to_vec();
    for &o in a {
        let o = to_ary(vm, o)?;
        let other = vec_of(o).to_vec();
        out = difference(vm, out, &other)?;
    }
    Ok(new_ary(vm, out))
}
fn intersect(vm: &mut Vm, items: &[Value], other: &[Value]) -> VmResult<Vec<Value>> {
    let h = key_set(vm, other)?;
    rooted(vm, &[h], |vm| {
        let mut out = Vec::new();
        for &v in items {
            if let Some(i) = super::hash::find(vm, h, v)? {
                payload::<crate::object::hash::RHash>(h)
                    .expect("hash")
                    .remove_at(i);
                out.push(v);
            }
        }
        Ok(out)
    })
}
/// ary & other_array -> new_array
fn a_and(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_ary(vm, a[0])?;
    let (items, other) = (vec_of(s).to_vec(), vec_of(o).to_vec());
    let out = intersect(vm, &items, &other)?;
    Ok(new_ary(vm, out))
}
/// ary.intersection(*other_arrays) -> new_array
fn a_intersection(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = vec_of(s).to_vec();
    for &o in a {
        let o = to_ary(vm, o)?;
        let other = vec_of(o).to_vec();
        out = intersect(vm, &out, &other)?;
    }
    Ok(new_ary(vm, out))
}
/// ary.intersect?(other_array) -> true or false
fn a_intersect_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_ary(vm, a[0])?;
    let (items, other) = (vec_of(s).to_vec(), vec_of(o).to_vec());
    let h = key_set(vm, &other)?;
    rooted(vm, &[h], |vm| {
        for v in items {
            if super::hash::find(vm, h, v)?.is_some() {
                return Ok(Value::TRUE);
            }
        }
        Ok(Value::FALSE)
    })
}
/// ary | other_array -> new_array
fn a_or(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    a_union(vm, s, a, None)
}
/// ary.union(*other_arrays) -> new_array
fn a_union(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut all = vec_of(s).to_vec();
    for &o in a {
        let o = to_ary(vm, o)?;
        all.extend_from_slice(vec_of(o));
    }
    let out = uniq_values(vm, Value::NIL, &all, None)?;
    Ok(new_ary(vm, out))
}
