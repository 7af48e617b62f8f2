//! Enumerable-style natives shared by Array and Hash (CRuby's Array defines many of these
//! itself, and Hash inherits them from Enumerable). A Hash yields `[key, value]` pairs here, as
//! its `each` does; the elements are read live, so the block may change the receiver.

use super::array::{M, alen, block_or_enum, check_array, elt, enum_for, num2long, rooted, vec_of};
use super::array_qsort::{nmin, optimized_cmp, sort_by_pairs, sort_values};
use super::array_sort::{extreme, minmax_pairwise, uniq_values};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

/// Natives Array takes from here (it defines the rest of Enumerable's methods itself).
pub(crate) const ARRAY_TABLE: &[M] = &[
    ("each_with_object", e_each_with_object, 1, 1),
    ("each_entry", e_each_entry, 0, 0),
    ("inject", e_inject, 0, 2),
    ("reduce", e_inject, 0, 2),
    ("flat_map", e_flat_map, 0, 0),
    ("collect_concat", e_flat_map, 0, 0),
    ("filter_map", e_filter_map, 0, 0),
    ("find", e_find, 0, 1),
    ("detect", e_find, 0, 1),
    ("find_all", e_find_all, 0, 0),
    ("group_by", e_group_by, 0, 0),
    ("partition", e_partition, 0, 0),
    ("tally", e_tally, 0, 1),
    ("min_by", e_min_by, 0, 1),
    ("max_by", e_max_by, 0, 1),
    ("minmax_by", e_minmax_by, 0, 0),
    ("sort_by", e_sort_by, 0, 0),
    ("each_slice", e_each_slice, 1, 1),
    ("each_cons", e_each_cons, 1, 1),
    ("any?", e_any_p, 0, 1),
    ("all?", e_all_p, 0, 1),
    ("none?", e_none_p, 0, 1),
    ("one?", e_one_p, 0, 1),
    ("entries", e_entries, 0, 0),
];

/// Natives Hash takes from here: the Array set plus the ones Array defines itself.
pub(crate) const HASH_TABLE: &[M] = &[
    ("map", e_map, 0, 0),
    ("collect", e_map, 0, 0),
    ("find_index", e_find_index, 0, 1),
    ("first", e_first, 0, 1),
    ("take", e_take, 1, 1),
    ("drop", e_drop, 1, 1),
    ("take_while", e_take_while, 0, 0),
    ("drop_while", e_drop_while, 0, 0),
    ("zip", e_zip, 0, -1),
    ("min", e_min, 0, 1),
    ("max", e_max, 0, 1),
    ("minmax", e_minmax, 0, 0),
    ("sort", e_sort, 0, 0),
    ("uniq", e_uniq, 0, 0),
    ("sum", e_sum, 0, 1),
    ("count", e_count, 0, 1),
    ("cycle", e_cycle, 0, 1),
    ("reverse_each", e_reverse_each, 0, 0),
];

/// Calls `f` with each value `s.each` yields (an Array's elements, a Hash's [key, value]
/// pairs) until it returns false.
pub(crate) fn each_value(
    vm: &mut Vm,
    s: Value,
    mut f: impl FnMut(&mut Vm, Value) -> VmResult<bool>,
) -> VmResult<()> {
    if type_of(s) == T_HASH {
        return super::hash::each_pair(vm, s, |vm, k, v| {
            let p = vm.ary_from_slice(&[k, v]);
            rooted(vm, &[p], |vm| f(vm, p))
        });
    }
    let mut i = 0;
    while i < alen(s) {
        let v = elt(s, i);
        i += 1;
        if !f(vm, v)? {
            break;
        }
    }
    Ok(())
}
/// Calls block `b` once per value `each_value` walks (Array elements, Hash `[key, value]`
/// pairs), all in one block frame (`Vm::yield_each`), with the arguments `args(v)`; `after`
/// gets each value with the block's result and answers whether to go on. The value being
/// yielded stays rooted until `after` has seen it.
pub(crate) fn each_yield_with(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    mut args: impl FnMut(Value) -> YieldArgs,
    mut after: impl FnMut(&mut Vm, Value, Value) -> VmResult<bool>,
) -> VmResult<()> {
    // the value being yielded is rooted in a value-stack slot below the block's frame
    let slot = vm.stack.len();
    vm.stack.push(Value::NIL);
    let (mut walk, mut cur) = (Walk::new(s), Value::NIL);
    let r = run_walk(vm, s, b, &mut |vm, r| {
        if !r.is_undef() && !after(vm, cur, r)? {
            return Ok(None);
        }
        let Some(v) = walk.next(vm) else {
            return Ok(None);
        };
        cur = v;
        if let Some(root) = vm.stack.get_mut(slot) {
            *root = v;
        }
        Ok(Some(args(v)))
    });
    vm.stack.truncate(slot);
    r
}
/// A walk over the values `each` yields, one at a time: an Array's elements by index (the
/// length read at each step, as the block may change the array), a Hash's `[key, value]`
/// pairs by a cursor that survives the table changing.
pub(crate) struct Walk {
    s: Value,
    hash: bool,
    i: usize,
    pairs: super::hash::PairCursor,
}
impl Walk {
    pub(crate) fn new(s: Value) -> Walk {
        Walk {
            s,
            hash: type_of(s) == T_HASH,
            i: 0,
            pairs: super::hash::PairCursor::default(),
        }
    }
    /// The next value (a fresh pair for a Hash, which the caller roots), or None at the end.
    pub(crate) fn next(&mut self, vm: &mut Vm) -> Option<Value> {
        if self.hash {
            let (k, v) = self.pairs.next(self.s)?;
            return Some(vm.ary_from_slice(&[k, v]));
        }
        if self.i >= alen(self.s) {
            return None;
        }
        self.i += 1;
        Some(elt(self.s, self.i - 1))
    }
}
/// `Vm::yield_each` with `step`, with a Hash receiver marked as being iterated meanwhile.
fn run_walk(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    step: &mut crate::vm::yield_each::Drive,
) -> VmResult<()> {
    if type_of(s) == T_HASH {
        super::hash::while_iterating(s, || vm.yield_each(b, step))
    } else {
        vm.yield_each(b, step)
    }
}
/// `each_yield_with` yielding each value alone.
pub(crate) fn each_yield(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    after: impl FnMut(&mut Vm, Value, Value) -> VmResult<bool>,
) -> VmResult<()> {
    each_yield_with(vm, s, b, YieldArgs::one, after)
}
/// A snapshot of the values `each` yields.
pub(crate) fn values(vm: &mut Vm, s: Value) -> Vec<Value> {
    if type_of(s) == T_HASH {
        let pairs = super::hash::pairs(s);
        return pairs
            .into_iter()
            .map(|(k, v)| vm.ary_from_slice(&[k, v]))
            .collect();
    }
    vec_of(s).to_vec()
}
/// `values` kept in a hidden array (alive while Ruby code runs).
fn rooted_values(vm: &mut Vm, s: Value) -> (Vec<Value>, Value) {
    let v = values(vm, s);
    let keep = vm.ary_new(v.clone());
    (v, keep)
}
fn yield1(vm: &mut Vm, b: &Block, v: Value) -> VmResult {
    vm.yield_block(b, &[v])
}

/// enum.each_entry {|element| ... } -> self
fn e_each_entry(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each_entry", &[]);
    each_yield(vm, s, b, |_, _, _| Ok(true))?;
    Ok(s)
}
/// enum.each_with_object(object) {|element, object| ... } -> object
fn e_each_with_object(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each_with_object", a);
    let memo = a[0];
    each_yield_with(vm, s, b, |v| YieldArgs::two(v, memo), |_, _, _| Ok(true))?;
    Ok(memo)
}
/// enum.inject(initial = nil, symbol = nil) {|memo, element| ... } -> object
fn e_inject(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (mut acc, op) = match (a.len(), b) {
        (0, None) => return Err(super::array::arity(vm, 0, 1, 2)),
        (0, Some(_)) => (None, None),
        (1, Some(_)) => (Some(a[0]), None),
        (1, None) => (None, Some(a[0])),
        _ => (Some(a[0]), Some(a[1])),
    };
    let op = match op {
        Some(o) if o.is_symbol() => Some(o.as_symbol_id()),
        Some(o) if super::object::is_string(o) => Some(intern(&super::object::str_of(vm, o))),
        Some(o) => {
            let ins = vm.inspect_str(o)?;
            return Err(vm.type_error(&format!("{ins} is not a symbol nor a string")));
        }
        None => None,
    };
    let keep = vm.ary_from_slice(&[acc.unwrap_or(Value::NIL)]);
    if let (None, Some(b)) = (op, b) {
        // with a block: all the calls in one block frame; the memo lives in `keep`
        return rooted(vm, &[keep], |vm| {
            let mut walk = Walk::new(s);
            if acc.is_none() {
                let Some(first) = walk.next(vm) else {
                    return Ok(Value::NIL);
                };
                vec_of(keep)[0] = first;
            }
            run_walk(vm, s, b, &mut |vm, r| {
                if !r.is_undef() {
                    vec_of(keep)[0] = r;
                }
                Ok(walk.next(vm).map(|v| YieldArgs::two(vec_of(keep)[0], v)))
            })?;
            Ok(vec_of(keep)[0])
        });
    }
    // an operator (without a block, or ignoring it)
    let id = op.expect("an operator");
    rooted(vm, &[keep], |vm| {
        each_value(vm, s, |vm, v| {
            let next = match acc {
                None => v,
                Some(cur) if cur.is_fixnum() && v.is_fixnum() && id == intern("+") => {
                    vm.int(cur.as_fixnum() + v.as_fixnum())
                }
                Some(cur) => super::array::public_call(vm, cur, id, &[v])?,
            };
            acc = Some(next);
            vec_of(keep)[0] = next;
            Ok(true)
        })?;
        Ok(acc.unwrap_or(Value::NIL))
    })
}
/// enum.flat_map {|element| ... } -> new_array
fn e_flat_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "flat_map", &[]);
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        each_yield(vm, s, b, |vm, _, r| {
            match check_array(vm, r)? {
                Some(a) => {
                    let items = vec_of(a).to_vec();
                    vec_of(out).extend(items);
                }
                None => vec_of(out).push(r),
            }
            Ok(true)
        })?;
        Ok(out)
    })
}
/// enum.filter_map {|element| ... } -> new_array
fn e_filter_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "filter_map", &[]);
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        each_yield(vm, s, b, |_, _, r| {
            if r.truthy() {
                vec_of(out).push(r);
            }
            Ok(true)
        })?;
        Ok(out)
    })
}
/// enum.map {|element| ... } -> new_array
fn e_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "map", &[]);
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        each_yield(vm, s, b, |_, _, r| {
            vec_of(out).push(r);
            Ok(true)
        })?;
        Ok(out)
    })
}
/// enum.find(if_none_proc = nil) {|element| ... } -> object or nil
fn e_find(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "find", a);
    let mut found = None;
    each_yield(vm, s, b, |_, v, r| {
        if r.truthy() {
            found = Some(v);
            return Ok(false);
        }
        Ok(true)
    })?;
    match (found, a.first()) {
        (Some(v), _) => Ok(v),
        (None, Some(&p)) if !p.is_nil() => vm.funcall(p, intern("call"), &[], None),
        _ => Ok(Value::NIL),
    }
}
/// enum.find_index(object) -> integer or nil; enum.find_index {|element| ... } -> integer or nil
fn e_find_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.is_empty() && b.is_none() {
        return enum_for(vm, s, "find_index", &[]);
    }
    let (mut i, mut found) = (0i64, None);
    each_value(vm, s, |vm, v| {
        let hit = match a.first() {
            Some(&x) => vm.equal(v, x)?,
            None => yield1(vm, b.expect("block"), v)?.truthy(),
        };
        if hit {
            found = Some(i);
            return Ok(false);
        }
        i += 1;
        Ok(true)
    })?;
    Ok(found.map(Value::fixnum).unwrap_or(Value::NIL))
}
/// enum.find_all {|element| ... } -> new_array
fn e_find_all(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "find_all", &[]);
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        each_yield(vm, s, b, |_, v, r| {
            if r.truthy() {
                vec_of(out).push(v);
            }
            Ok(true)
        })?;
        Ok(out)
    })
}
/// enum.group_by {|element| ... } -> new_hash
fn e_group_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "group_by", &[]);
    let h = vm.hash_new();
    rooted(vm, &[h], |vm| {
        each_yield(vm, s, b, |vm, v, k| {
            let cur = super::hash::get(vm, h, k)?;
            if type_of(cur) == T_ARRAY {
                vec_of(cur).push(v);
            } else {
                let a = vm.ary_from_slice(&[v]);
                vm.hash_aset(h, k, a)?;
            }
            Ok(true)
        })?;
        Ok(h)
    })
}
/// enum.partition {|element| ... } -> [true_array, false_array]
fn e_partition(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "partition", &[]);
    let (t, f) = (vm.ary_new_capa(0), vm.ary_new_capa(0));
    rooted(vm, &[t, f], |vm| {
        each_yield(vm, s, b, |_, v, r| {
            let side = if r.truthy() { t } else { f };
            vec_of(side).push(v);
            Ok(true)
        })?;
        Ok(vm.ary_from_slice(&[t, f]))
    })
}
/// enum.tally -> new_hash; enum.tally(hash) -> hash
fn e_tally(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = match a.first() {
        Some(&h) => {
            if type_of(h) != T_HASH {
                return Err(vm.conversion_error(h, "Hash"));
            }
            super::array::check_frozen(vm, h)?;
            h
        }
        None => vm.hash_new(),
    };
    rooted(vm, &[h], |vm| {
        each_value(vm, s, |vm, v| {
            let cur = super::hash::get(vm, h, v)?;
            let n = if cur.is_nil() {
                Value::fixnum(1)
            } else if cur.is_fixnum() {
                vm.int(cur.as_fixnum() + 1)
            } else if super::integer::is_int(cur) {
                super::integer::int_plus(vm, cur, Value::fixnum(1))?
            } else {
                let k = vm.real_class(cur);
                let msg = format!(
                    "wrong argument type {} (expected Integer)",
                    vm.class_name(k)
                );
                return Err(vm.type_error(&msg));
            };
            vm.hash_aset(h, v, n)?;
            Ok(true)
        })?;
        Ok(h)
    })
}
/// Values and their block keys, kept alive in a hidden array.
fn keyed(vm: &mut Vm, s: Value, b: &Block, keep: Value) -> VmResult<(Vec<Value>, Vec<Value>)> {
    let (mut vals, mut keys) = (Vec::new(), Vec::new());
    each_yield(vm, s, b, |_, v, k| {
        vec_of(keep).push(v);
        vec_of(keep).push(k);
        vals.push(v);
        keys.push(k);
        Ok(true)
    })?;
    Ok((vals, keys))
}
/// min_by/max_by (`sign` -1/1): the first element with the extreme block key, or the `n`
/// best through `nmin`.
fn by_extreme(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    b: Option<&Block>,
    name: &str,
    sign: i32,
) -> VmResult {
    let b = block_or_enum!(vm, s, b, name, a);
    let keep = vm.ary_new_capa(0);
    rooted(vm, &[keep], |vm| {
        if let Some(&n) = a.first()
            && !n.is_nil()
        {
            let (vals, keys) = keyed(vm, s, b, keep)?;
            return nmin(vm, &vals, Some(&keys), n, None, sign > 0, name);
        }
        let mut best: Option<(Value, Value)> = None;
        each_yield(vm, s, b, |vm, v, k| {
            vec_of(keep).push(k);
            vec_of(keep).push(v);
            match best {
                None => best = Some((k, v)),
                Some((bk, _)) => {
                    if optimized_cmp(vm, k, bk)? * sign > 0 {
                        best = Some((k, v));
                    }
                }
            }
            Ok(true)
        })?;
        Ok(best.map(|p| p.1).unwrap_or(Value::NIL))
    })
}
/// enum.min_by {|element| ... } -> element; enum.min_by(n) {|element| ... } -> array
fn e_min_by(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    by_extreme(vm, s, a, b, "min_by", -1)
}
/// enum.max_by {|element| ... } -> element; enum.max_by(n) {|element| ... } -> array
fn e_max_by(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    by_extreme(vm, s, a, b, "max_by", 1)
}
/// enum.minmax_by {|element| ... } -> [minimum, maximum]
fn e_minmax_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "minmax_by", &[]);
    let keep = vm.ary_new_capa(0);
    rooted(vm, &[keep], |vm| {
        let (vals, keys) = keyed(vm, s, b, keep)?;
        let mut min: Option<(Value, Value)> = None;
        let mut max = (Value::NIL, Value::NIL);
        let update = |vm: &mut Vm,
                      lo: (Value, Value),
                      hi: (Value, Value),
                      min: &mut Option<(Value, Value)>,
                      max: &mut (Value, Value)|
         -> VmResult<()> {
            match *min {
                None => {
                    *min = Some(lo);
                    *max = hi;
                }
                Some(m) => {
                    if optimized_cmp(vm, lo.0, m.0)? < 0 {
                        *min = Some(lo);
                    }
                    if optimized_cmp(vm, hi.0, max.0)? > 0 {
                        *max = hi;
                    }
                }
            }
            Ok(())
        };
        let mut k = 0;
        while k + 1 < vals.len() {
            let (j, i) = ((keys[k], vals[k]), (keys[k + 1], vals[k + 1]));
            let n = optimized_cmp(vm, j.0, i.0)?;
            let (lo, hi) = if n == 0 {
                (j, j)
            } else if n < 0 {
                (j, i)
            } else {
                (i, j)
            };
            update(vm, lo, hi, &mut min, &mut max)?;
            k += 2;
        }
        if k < vals.len() {
            let last = (keys[k], vals[k]);
            update(vm, last, last, &mut min, &mut max)?;
        }
        let mn = min.map(|p| p.1).unwrap_or(Value::NIL);
        Ok(vm.ary_from_slice(&[mn, max.1]))
    })
}
/// enum.sort_by {|element| ... } -> new_array
fn e_sort_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "sort_by", &[]);
    let keep = vm.ary_new_capa(0);
    let out = rooted(vm, &[keep], |vm| -> VmResult<Vec<Value>> {
        let (vals, keys) = keyed(vm, s, b, keep)?;
        let mut pairs: Vec<(Value, Value)> = keys.into_iter().zip(vals).collect();
        sort_by_pairs(vm, &mut pairs)
    })?;
    Ok(vm.ary_new(out))
}
/// enum.each_slice(n) {|slice| ... } -> self
fn e_each_slice(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n <= 0 {
        return Err(vm.arg_error("invalid slice size"));
    }
    let b = block_or_enum!(vm, s, b, "each_slice", a);
    let buf = vm.ary_new_capa(0);
    rooted(vm, &[buf], |vm| {
        let (mut walk, mut done) = (Walk::new(s), false);
        run_walk(vm, s, b, &mut |vm, _| {
            while !done {
                match walk.next(vm) {
                    Some(v) => vec_of(buf).push(v),
                    // the last, shorter slice: nothing after it, even if the block adds more
                    None => done = true,
                }
                if (done && alen(buf) > 0) || alen(buf) as i64 == n {
                    let slice = vm.ary_new(vec_of(buf).take());
                    return Ok(Some(YieldArgs::one(slice)));
                }
            }
            Ok(None)
        })?;
        Ok(s)
    })
}
/// enum.each_cons(n) {|array| ... } -> self
fn e_each_cons(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n <= 0 {
        return Err(vm.arg_error("invalid size"));
    }
    let b = block_or_enum!(vm, s, b, "each_cons", a);
    let buf = vm.ary_new_capa(0);
    rooted(vm, &[buf], |vm| {
        let mut walk = Walk::new(s);
        run_walk(vm, s, b, &mut |vm, _| {
            while let Some(v) = walk.next(vm) {
                let w = vec_of(buf);
                if w.len() as i64 == n {
                    w.remove(0);
                }
                w.push(v);
                if w.len() as i64 == n {
                    let c = vm.ary_from_slice(w);
                    return Ok(Some(YieldArgs::one(c)));
                }
            }
            Ok(None)
        })?;
        Ok(s)
    })
}
/// The shared loop of any?/all?/none?/one?: `test` tells for each element whether it matches
/// (pattern ===, the block, or truthiness); `stop` decides from the running count of matches.
fn quantify(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    b: Option<&Block>,
    mut stop: impl FnMut(bool, &mut usize) -> bool,
) -> VmResult<usize> {
    let mut hits = 0usize;
    if let (None, Some(b)) = (a.first(), b) {
        each_yield(vm, s, b, |_, _, r| Ok(!stop(r.truthy(), &mut hits)))?;
        return Ok(hits);
    }
    each_value(vm, s, |vm, v| {
        let t = match (a.first(), b) {
            (Some(&p), _) => vm.funcall(p, intern("==="), &[v], None)?.truthy(),
            (None, Some(b)) => yield1(vm, b, v)?.truthy(),
            (None, None) => v.truthy(),
        };
        Ok(!stop(t, &mut hits))
    })?;
    Ok(hits)
}
/// enum.any?(pattern = nil) {|element| ... } -> true or false
fn e_any_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = quantify(vm, s, a, b, |t, h| {
        *h += t as usize;
        t
    })?;
    Ok(Value::bool(n > 0))
}
/// enum.all?(pattern = nil) {|element| ... } -> true or false
fn e_all_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = quantify(vm, s, a, b, |t, h| {
        *h += !t as usize;
        !t
    })?;
    Ok(Value::bool(n == 0))
}
/// enum.none?(pattern = nil) {|element| ... } -> true or false
fn e_none_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = quantify(vm, s, a, b, |t, h| {
        *h += t as usize;
        t
    })?;
    Ok(Value::bool(n == 0))
}
/// enum.one?(pattern = nil) {|element| ... } -> true or false
fn e_one_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = quantify(vm, s, a, b, |t, h| {
        *h += t as usize;
        *h > 1
    })?;
    Ok(Value::bool(n == 1))
}
/// enum.entries -> array
fn e_entries(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = values(vm, s);
    Ok(vm.ary_new(v))
}
/// enum.first -> element or nil; enum.first(n) -> array
fn e_first(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.first() {
        None => {
            let mut r = Value::NIL;
            each_value(vm, s, |_, v| {
                r = v;
                Ok(false)
            })?;
            Ok(r)
        }
        Some(&n) => e_take(vm, s, &[n], None),
    }
}
/// enum.take(n) -> array
fn e_take(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to take negative size"));
    }
    let v: Vec<Value> = values(vm, s).into_iter().take(n as usize).collect();
    Ok(vm.ary_new(v))
}
/// enum.drop(n) -> array
fn e_drop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to drop negative size"));
    }
    let v: Vec<Value> = values(vm, s).into_iter().skip(n as usize).collect();
    Ok(vm.ary_new(v))
}
fn while_split(vm: &mut Vm, s: Value, b: &Block) -> VmResult<(Vec<Value>, usize)> {
    let (vals, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| {
        let mut n = 0;
        vm.yield_each(b, &mut |_, r| {
            if !r.is_undef() {
                if !r.truthy() {
                    return Ok(None);
                }
                n += 1;
            }
            Ok(vals.get(n).map(|&v| YieldArgs::one(v)))
        })?;
        Ok((vals, n))
    })
}
/// enum.take_while {|element| ... } -> array
fn e_take_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "take_while", &[]);
    let (vals, n) = while_split(vm, s, b)?;
    Ok(vm.ary_from_slice(&vals[..n]))
}
/// enum.drop_while {|element| ... } -> array
fn e_drop_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "drop_while", &[]);
    let (vals, n) = while_split(vm, s, b)?;
    Ok(vm.ary_from_slice(&vals[n..]))
}
/// enum.zip(*others) -> array; enum.zip(*others) {|array| ... } -> nil
fn e_zip(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (_, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| super::array_iter::a_zip(vm, keep, a, b))
}
/// enum.min -> element; enum.min(n) -> array; enum.min {|a, b| ... } -> element
fn e_min(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (vals, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| match a.first() {
        Some(&n) if !n.is_nil() => nmin(vm, &vals, None, n, b, false, "min"),
        _ => extreme(vm, &vals, b, -1),
    })
}
/// enum.max -> element; enum.max(n) -> array; enum.max {|a, b| ... } -> element
fn e_max(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (vals, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| match a.first() {
        Some(&n) if !n.is_nil() => nmin(vm, &vals, None, n, b, true, "max"),
        _ => extreme(vm, &vals, b, 1),
    })
}
/// enum.minmax -> [min, max]; enum.minmax {|a, b| ... } -> [min, max]
fn e_minmax(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let (vals, keep) = rooted_values(vm, s);
    let (mn, mx) = rooted(vm, &[keep], |vm| minmax_pairwise(vm, &vals, b))?;
    Ok(vm.ary_from_slice(&[mn, mx]))
}
/// enum.sort -> array; enum.sort {|a, b| ... } -> array
fn e_sort(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let (_, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| sort_values(vm, vec_of(keep), b))?;
    Ok(keep)
}
/// enum.uniq -> array; enum.uniq {|element| ... } -> array
fn e_uniq(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let (vals, keep) = rooted_values(vm, s);
    let out = rooted(vm, &[keep], |vm| uniq_values(vm, s, &vals, b))?;
    Ok(vm.ary_new(out))
}
/// enum.sum(init = 0) -> object; enum.sum(init = 0) {|element| ... } -> object
fn e_sum(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let init = a.first().copied().unwrap_or(Value::fixnum(0));
    let acc = vm.ary_from_slice(&[init]);
    rooted(vm, &[acc], |vm| {
        let mut fsum: Option<super::array_iter::FloatSum> = None;
        let mut add = |vm: &mut Vm, e: Value| -> VmResult<bool> {
            let cur = vec_of(acc)[0];
            if let Some(fs) = fsum.as_mut() {
                if let Some(x) = super::array_iter::num_f64(e) {
                    fs.add(x);
                    return Ok(true);
                }
                let f = vm.float(fs.f);
                fsum = None;
                vec_of(acc)[0] = vm.funcall(f, intern("+"), &[e], None)?;
                return Ok(true);
            }
            if super::integer::is_int(cur) && super::integer::is_int(e) {
                vec_of(acc)[0] = super::integer::int_plus(vm, cur, e)?;
            } else if super::object::is_float(cur)
                || (super::integer::is_int(cur) && super::object::is_float(e))
            {
                let start = super::array_iter::num_f64(cur).unwrap_or(0.0);
                let mut fs = super::array_iter::FloatSum::new(start);
                match super::array_iter::num_f64(e) {
                    Some(x) => {
                        fs.add(x);
                        fsum = Some(fs);
                    }
                    None => vec_of(acc)[0] = vm.funcall(cur, intern("+"), &[e], None)?,
                }
            } else {
                vec_of(acc)[0] = vm.funcall(cur, intern("+"), &[e], None)?;
            }
            Ok(true)
        };
        match b {
            Some(b) => each_yield(vm, s, b, |vm, _, e| add(vm, e))?,
            None => each_value(vm, s, add)?,
        }
        Ok(match fsum {
            Some(fs) => vm.float(fs.result()),
            None => vec_of(acc)[0],
        })
    })
}
/// How many of the values `each` yields (Array elements, Hash pairs) the block answers truthy
/// for, in one block frame.
pub(crate) fn count_by_block(vm: &mut Vm, s: Value, b: &Block) -> VmResult {
    let mut n = 0i64;
    each_yield(vm, s, b, |_, _, r| {
        n += r.truthy() as i64;
        Ok(true)
    })?;
    Ok(vm.int(n))
}
/// enum.count -> integer; enum.count(obj) -> integer; enum.count {|element| ... } -> integer
fn e_count(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if let (None, Some(b)) = (a.first(), b) {
        return count_by_block(vm, s, b);
    }
    let mut n = 0i64;
    each_value(vm, s, |vm, v| {
        let hit = match a.first() {
            Some(&x) => vm.equal(v, x)?,
            None => true,
        };
        n += hit as i64;
        Ok(true)
    })?;
    Ok(vm.int(n))
}
/// enum.cycle(n = nil) {|element| ... } -> nil
fn e_cycle(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "cycle", a);
    let mut n = match a.first() {
        Some(&c) if !c.is_nil() => {
            let n = num2long(vm, c)?;
            if n <= 0 {
                return Ok(Value::NIL);
            }
            n
        }
        _ => -1,
    };
    let (vals, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| {
        let mut i = vals.len();
        vm.yield_each(b, &mut |_, _| {
            if i == vals.len() {
                if vals.is_empty() || n == 0 {
                    return Ok(None);
                }
                n -= (n > 0) as i64;
                i = 0;
            }
            i += 1;
            Ok(Some(YieldArgs::one(vals[i - 1])))
        })?;
        Ok(Value::NIL)
    })
}
/// enum.reverse_each {|element| ... } -> self
fn e_reverse_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reverse_each", &[]);
    let (vals, keep) = rooted_values(vm, s);
    rooted(vm, &[keep], |vm| {
        let mut it = vals.iter().rev();
        vm.yield_each(b, &mut |_, _| Ok(it.next().map(|&v| YieldArgs::one(v))))?;
        Ok(s)
    })
}
