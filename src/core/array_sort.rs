//! Array ordering and reshaping: sort, sort!, sort_by!, min/max/minmax (the algorithms are in
//! `array_qsort.rs`), uniq, flatten, compact, reverse and rotate.

use super::array::{
    M, alen, block_or_enum, check_array, check_frozen, elt, new_ary, num2long, rooted, vec_of,
};
use super::array_qsort::{block_cmp, nmin, optimized_cmp, sort_by_pairs, sort_values};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

pub(crate) const TABLE: &[M] = &[
    ("sort", a_sort, 0, 0),
    ("sort!", a_sort_bang, 0, 0),
    ("sort_by!", a_sort_by_bang, 0, 0),
    ("min", a_min, 0, 1),
    ("max", a_max, 0, 1),
    ("minmax", a_minmax, 0, 0),
    ("uniq", a_uniq, 0, 0),
    ("uniq!", a_uniq_bang, 0, 0),
    ("flatten", a_flatten, 0, 1),
    ("flatten!", a_flatten_bang, 0, 1),
    ("compact", a_compact, 0, 0),
    ("compact!", a_compact_bang, 0, 0),
    ("reverse", a_reverse, 0, 0),
    ("reverse!", a_reverse_bang, 0, 0),
    ("rotate", a_rotate, 0, 1),
    ("rotate!", a_rotate_bang, 0, 1),
];

/// A sorted copy of the Array `s` (kept in a hidden array while Ruby code runs).
fn sorted_copy(vm: &mut Vm, s: Value, b: Option<&Block>) -> VmResult {
    let tmp = vm.ary_from_slice(vec_of(s));
    rooted(vm, &[tmp], |vm| sort_values(vm, vec_of(tmp), b))?;
    Ok(tmp)
}

/// ary.sort -> new_array; ary.sort {|a, b| ... } -> new_array
fn a_sort(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    sorted_copy(vm, s, b)
}
/// ary.sort! -> self; ary.sort! {|a, b| ... } -> self
fn a_sort_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    if alen(s) > 1 {
        let tmp = sorted_copy(vm, s, b)?;
        check_frozen(vm, s)?;
        vec_of(s).set(vec_of(tmp).take());
    }
    Ok(s)
}

/// ary.sort_by! {|element| ... } -> self
fn a_sort_by_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "sort_by!", &[]);
    check_frozen(vm, s)?;
    let keys = vm.ary_new_capa(0);
    let sorted = rooted(vm, &[keys], |vm| -> VmResult<Vec<Value>> {
        let mut pairs = Vec::new();
        super::array_enum::each_yield(vm, s, b, |_, v, k| {
            // the element is kept alive by `keys` too: the block may have removed it
            vec_of(keys).push(k);
            vec_of(keys).push(v);
            pairs.push((k, v));
            Ok(true)
        })?;
        sort_by_pairs(vm, &mut pairs)
    })?;
    check_frozen(vm, s)?;
    vec_of(s).set(sorted);
    Ok(s)
}

// ---- min / max ----

/// The minimum (`sign` -1) or maximum (`sign` 1) of `items` by `<=>` or the block; first wins.
pub fn extreme(vm: &mut Vm, items: &[Value], b: Option<&Block>, sign: i32) -> VmResult {
    let Some((&first, rest)) = items.split_first() else {
        return Ok(Value::NIL);
    };
    let mut best = first;
    for &v in rest {
        // CRuby yields (v, best) to a block but compares best with v itself, which decides
        // the wording of "comparison of X with Y failed"
        let c = match b {
            Some(b) => block_cmp(vm, b, v, best)?,
            None => -optimized_cmp(vm, best, v)?,
        };
        if c * sign > 0 {
            best = v;
        }
    }
    Ok(best)
}
/// ary.min -> element; ary.min(n) -> new_array; ary.min {|a, b| ... } -> element
fn a_min(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let items = vec_of(s).to_vec();
    match a.first() {
        Some(&n) if !n.is_nil() => nmin(vm, &items, None, n, b, false, "min"),
        _ => extreme(vm, &items, b, -1),
    }
}
/// ary.max -> element; ary.max(n) -> new_array; ary.max {|a, b| ... } -> element
fn a_max(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let items = vec_of(s).to_vec();
    match a.first() {
        Some(&n) if !n.is_nil() => nmin(vm, &items, None, n, b, true, "max"),
        _ => extreme(vm, &items, b, 1),
    }
}
/// Enumerable#minmax's pairwise algorithm (with a block, or for a Hash's pairs).
pub fn minmax_pairwise(
    vm: &mut Vm,
    items: &[Value],
    b: Option<&Block>,
) -> VmResult<(Value, Value)> {
    let cmp = |vm: &mut Vm, x: Value, y: Value| -> VmResult<i32> {
        match b {
            Some(b) => block_cmp(vm, b, x, y),
            None => optimized_cmp(vm, x, y),
        }
    };
    let (mut min, mut max): (Option<Value>, Value) = (None, Value::NIL);
    let update = |vm: &mut Vm,
                  i: Value,
                  j: Value,
                  min: &mut Option<Value>,
                  max: &mut Value|
     -> VmResult<()> {
        match *min {
            None => {
                *min = Some(i);
                *max = j;
            }
            Some(mn) => {
                if cmp(vm, i, mn)? < 0 {
                    *min = Some(i);
                }
                if cmp(vm, j, *max)? > 0 {
                    *max = j;
                }
            }
        }
        Ok(())
    };
    let mut k = 0;
    while k + 1 < items.len() {
        let (first, second) = (items[k], items[k + 1]);
        let c = match b {
            Some(b) => block_cmp(vm, b, first, second)?,
            None => optimized_cmp(vm, first, second)?,
        };
        let (lo, hi) = if c == 0 {
            (first, first)
        } else if c < 0 {
            (first, second)
        } else {
            (second, first)
        };
        update(vm, lo, hi, &mut min, &mut max)?;
        k += 2;
    }
    if k < items.len() {
        let last = items[k];
        update(vm, last, last, &mut min, &mut max)?;
    }
    Ok((min.unwrap_or(Value::NIL), max))
}
/// ary.minmax -> [min, max]; ary.minmax {|a, b| ... } -> [min, max]
fn a_minmax(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let items = vec_of(s).to_vec();
    let (mn, mx) = if b.is_some() {
        minmax_pairwise(vm, &items, b)?
    } else {
        (
            extreme(vm, &items, None, -1)?,
            extreme(vm, &items, None, 1)?,
        )
    };
    Ok(vm.ary_from_slice(&[mn, mx]))
}

// ---- uniq, flatten, compact ----

/// The first element for each distinct key (`eql?`/`hash`), keys from the block if given.
/// Without a block `items` are the values; with one, `s`'s values are walked live (as
/// CRuby's ary_make_hash_by: the block may change the receiver), all in one block frame.
pub fn uniq_values(
    vm: &mut Vm,
    s: Value,
    items: &[Value],
    b: Option<&Block>,
) -> VmResult<Vec<Value>> {
    let h = vm.hash_new();
    rooted(vm, &[h], |vm| {
        let mut out = Vec::new();
        let mut add = |vm: &mut Vm, k: Value, v: Value| -> VmResult<bool> {
            let fresh = rooted(vm, &[k], |vm| super::hash::find(vm, h, k))?.is_none();
            if fresh {
                super::hash::raw_insert(vm, h, k, v)?;
                out.push(v);
            }
            Ok(true)
        };
        match b {
            Some(b) => super::array_enum::each_yield(vm, s, b, |vm, v, k| add(vm, k, v))?,
            None => {
                for &v in items {
                    add(vm, v, v)?;
                }
            }
        }
        Ok(out)
    })
}
/// ary.uniq -> new_array; ary.uniq {|element| ... } -> new_array
fn a_uniq(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let items = vec_of(s).to_vec();
    let out = if items.len() <= 1 {
        items
    } else {
        uniq_values(vm, s, &items, b)?
    };
    Ok(new_ary(vm, out))
}
/// ary.uniq! -> self or nil; ary.uniq! {|element| ... } -> self or nil
fn a_uniq_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    if alen(s) <= 1 {
        return Ok(Value::NIL);
    }
    let items = vec_of(s).to_vec();
    let out = uniq_values(vm, s, &items, b)?;
    if out.len() == alen(s) {
        return Ok(Value::NIL);
    }
    check_frozen(vm, s)?;
    vec_of(s).set(out);
    Ok(s)
}
/// Flattens `s` to `level` (negative: fully); None when nothing was flattened.
fn flatten(vm: &mut Vm, s: Value, level: i64) -> VmResult<Option<Vec<Value>>> {
    let mut first = None;
    for i in 0..alen(s) {
        if let Some(t) = check_array(vm, elt(s, i))? {
            first = Some((i, t));
            break;
        }
    }
    let Some((i0, t0)) = first else {
        return Ok(None);
    };
    if t0 == s {
        return Err(vm.arg_error("tried to flatten recursive array"));
    }
    let mut out: Vec<Value> = vec_of(s)[..i0].to_vec();
    let mut stack: Vec<(Value, usize)> = vec![(s, i0 + 1)];
    // the arrays on the current path (a hash set: nesting can be 100,000 deep)
    let mut memo: ahash::AHashSet<Value> = [s, t0].into_iter().collect();
    let (mut ary, mut i) = (t0, 0usize);
    loop {
        while i < alen(ary) {
            let e = elt(ary, i);
            i += 1;
            if level >= 0 && stack.len() as i64 >= level {
                out.push(e);
                continue;
            }
            match check_array(vm, e)? {
                None => out.push(e),
                Some(t) => {
                    if !memo.insert(t) {
                        return Err(vm.arg_error("tried to flatten recursive array"));
                    }
                    stack.push((ary, i));
                    ary = t;
                    i = 0;
                }
            }
        }
        let Some((a, j)) = stack.pop() else { break };
        memo.remove(&ary);
        ary = a;
        i = j;
    }
    Ok(Some(out))
}
fn flatten_level(vm: &mut Vm, a: &[Value]) -> VmResult<i64> {
    match a.first() {
        Some(&l) if !l.is_nil() => num2long(vm, l),
        _ => Ok(-1),
    }
}
/// ary.flatten(depth = nil) -> new_array
fn a_flatten(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let level = flatten_level(vm, a)?;
    if level == 0 {
        let v = vec_of(s).to_vec();
        return Ok(new_ary(vm, v));
    }
    let out = match flatten(vm, s, level)? {
        Some(v) => v,
        None => vec_of(s).to_vec(),
    };
    Ok(new_ary(vm, out))
}
/// ary.flatten!(depth = nil) -> self or nil
fn a_flatten_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let level = flatten_level(vm, a)?;
    if level == 0 {
        return Ok(Value::NIL);
    }
    match flatten(vm, s, level)? {
        Some(v) => {
            vec_of(s).set(v);
            Ok(s)
        }
        None => Ok(Value::NIL),
    }
}
/// ary.compact -> new_array
fn a_compact(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v: Vec<Value> = vec_of(s).iter().copied().filter(|v| !v.is_nil()).collect();
    Ok(new_ary(vm, v))
}
/// ary.compact! -> self or nil
fn a_compact_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let before = alen(s);
    vec_of(s).retain(|v| !v.is_nil());
    Ok(if alen(s) == before { Value::NIL } else { s })
}

// ---- reverse, rotate ----

/// ary.reverse -> new_array
fn a_reverse(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v: Vec<Value> = vec_of(s).iter().rev().copied().collect();
    Ok(new_ary(vm, v))
}
/// ary.reverse! -> self
fn a_reverse_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    vec_of(s).reverse();
    Ok(s)
}
fn rotate_count(vm: &mut Vm, a: &[Value], len: usize) -> VmResult<usize> {
    let n = match a.first() {
        Some(&c) => num2long(vm, c)?,
        None => 1,
    };
    if len == 0 {
        return Ok(0);
    }
    Ok(n.rem_euclid(len as i64) as usize)
}
/// ary.rotate(count = 1) -> new_array
fn a_rotate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = rotate_count(vm, a, alen(s))?;
    let mut v = vec_of(s).to_vec();
    v.rotate_left(n);
    Ok(new_ary(vm, v))
}
/// ary.rotate!(count = 1) -> self
fn a_rotate_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = rotate_count(vm, a, alen(s))?;
    check_frozen(vm, s)?;
    vec_of(s).rotate_left(n);
    Ok(s)
}
