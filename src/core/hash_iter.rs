//! Hash iteration and transformation natives: each and friends, select/reject and their
//! in-place forms, merge/update, transform_keys/values, to_h, compact, slice/except, any?.
//! The methods CRuby defines on Hash itself yield `key, value` as two values (select, reject,
//! to_h with a block ...); `each` yields one `[key, value]` pair.

use super::array::{M, alen, block_or_enum, check_frozen, elt, num2long, rooted, vec_of};
use super::hash::{
    PairCursor, each_pair, find, new_hash, pairs, raw_insert, remove, rh, to_hash, while_iterating,
};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

pub(crate) const TABLE: &[M] = &[
    ("each", h_each, 0, 0),
    ("each_pair", h_each, 0, 0),
    ("each_key", h_each_key, 0, 0),
    ("each_value", h_each_value, 0, 0),
    ("select", h_select, 0, 0),
    ("filter", h_select, 0, 0),
    ("reject", h_reject, 0, 0),
    ("select!", h_select_bang, 0, 0),
    ("filter!", h_select_bang, 0, 0),
    ("keep_if", h_keep_if, 0, 0),
    ("reject!", h_reject_bang, 0, 0),
    ("delete_if", h_delete_if, 0, 0),
    ("merge", h_merge, 0, -1),
    ("merge!", h_update, 0, -1),
    ("update", h_update, 0, -1),
    ("transform_values", h_transform_values, 0, 0),
    ("transform_values!", h_transform_values_bang, 0, 0),
    ("transform_keys", h_transform_keys, 0, 1),
    ("transform_keys!", h_transform_keys_bang, 0, 1),
    ("to_h", h_to_h, 0, 0),
    ("compact", h_compact, 0, 0),
    ("compact!", h_compact_bang, 0, 0),
    ("slice", h_slice, 0, -1),
    ("except", h_except, 0, -1),
    ("any?", h_any_p, 0, 1),
    ("flatten", h_flatten, 0, 1),
];

/// The builtin `each` (callers check a receiver still uses it: `Vm::method_if_native`).
pub(crate) const EACH: crate::vm::NativeFn = h_each;
/// hash.each {|key, value| ... } -> self
fn h_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each", &[]);
    let two = pair_yield_ok(b);
    let mut c = PairCursor::default();
    while_iterating(s, || {
        vm.yield_each(b, &mut |vm, _| {
            Ok(c.next(s).map(|(k, v)| {
                if two {
                    YieldArgs::two(k, v)
                } else {
                    // pushed as the block's argument before anything else allocates
                    YieldArgs::one(vm.ary_from_slice(&[k, v]))
                }
            }))
        })
    })?;
    Ok(s)
}
/// Calls block `b` with `args(key, value)` for each pair of `s`, all in one block frame
/// (`Vm::yield_each`), with `s` marked as being iterated; `after` gets the pair with the block's
/// result and answers whether to go on. The pair stays rooted until `after` has seen it.
fn each_pair_yield(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    mut args: impl FnMut(Value, Value) -> YieldArgs,
    mut after: impl FnMut(&mut Vm, Value, Value, Value) -> VmResult<bool>,
) -> VmResult<()> {
    let holder = vm.ary_from_slice(&[Value::NIL, Value::NIL]);
    rooted(vm, &[holder], |vm| {
        let mut c = PairCursor::default();
        while_iterating(s, || {
            vm.yield_each(b, &mut |vm, r| {
                let (k, v) = (elt(holder, 0), elt(holder, 1));
                if !r.is_undef() && !after(vm, k, v, r)? {
                    return Ok(None);
                }
                Ok(c.next(s).map(|(k, v)| {
                    vec_of(holder)[0] = k;
                    vec_of(holder)[1] = v;
                    args(k, v)
                }))
            })
        })
    })
}
/// Whether a block takes `key, value` as two values without noticing (a literal block that
/// splats an array argument and requires at least two parameters), so that `each` can skip
/// making the [key, value] pair, as CRuby's rb_block_pair_yield_optimizable.
fn pair_yield_ok(b: &Block) -> bool {
    match &**b {
        crate::vm::frame::BlockData::Code { code, .. } => {
            let p = &code.params;
            p.auto_splat && p.required + p.post >= 2 && p.numbered.is_empty()
        }
        _ => false,
    }
}
/// hash.each_key {|key| ... } -> self
fn h_each_key(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each_key", &[]);
    let mut c = PairCursor::default();
    while_iterating(s, || {
        vm.yield_each(b, &mut |_, _| Ok(c.next(s).map(|(k, _)| YieldArgs::one(k))))
    })?;
    Ok(s)
}
/// hash.each_value {|value| ... } -> self
fn h_each_value(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each_value", &[]);
    let mut c = PairCursor::default();
    while_iterating(s, || {
        vm.yield_each(b, &mut |_, _| Ok(c.next(s).map(|(_, v)| YieldArgs::one(v))))
    })?;
    Ok(s)
}
/// A new Hash (compare_by_identity kept, defaults not) with the pairs the block keeps.
fn filtered(vm: &mut Vm, s: Value, b: &Block, keep: bool) -> VmResult {
    let h = new_hash(vm);
    rh(h).compare_by_identity = rh(s).compare_by_identity;
    let ps = pairs(s);
    let snap = vm.ary_new(ps.iter().flat_map(|p| [p.0, p.1]).collect());
    rooted(vm, &[h, snap], |vm| {
        let mut i = 0;
        vm.yield_each(b, &mut |vm, r| {
            if !r.is_undef() && r.truthy() == keep {
                let (k, v) = ps[i - 1];
                raw_insert(vm, h, k, v)?;
            }
            Ok(ps.get(i).map(|&(k, v)| {
                i += 1;
                YieldArgs::two(k, v)
            }))
        })?;
        Ok(h)
    })
}
/// hash.select {|key, value| ... } -> new_hash
fn h_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "select", &[]);
    filtered(vm, s, b, true)
}
/// hash.reject {|key, value| ... } -> new_hash
fn h_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reject", &[]);
    filtered(vm, s, b, false)
}
/// Deletes, in place, the pairs for which the block's truthiness differs from `keep`; returns
/// whether anything was deleted.
fn filter_bang(vm: &mut Vm, s: Value, b: &Block, keep: bool) -> VmResult<bool> {
    check_frozen(vm, s)?;
    let before = rh(s).len();
    each_pair_yield(vm, s, b, YieldArgs::two, |vm, k, _, r| {
        if r.truthy() != keep {
            check_frozen(vm, s)?;
            remove(vm, s, k)?;
        }
        Ok(true)
    })?;
    Ok(rh(s).len() != before)
}
/// hash.select! {|key, value| ... } -> self or nil
fn h_select_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "select!", &[]);
    Ok(if filter_bang(vm, s, b, true)? {
        s
    } else {
        Value::NIL
    })
}
/// hash.keep_if {|key, value| ... } -> self
fn h_keep_if(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "keep_if", &[]);
    filter_bang(vm, s, b, true)?;
    Ok(s)
}
/// hash.reject! {|key, value| ... } -> self or nil
fn h_reject_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reject!", &[]);
    Ok(if filter_bang(vm, s, b, false)? {
        s
    } else {
        Value::NIL
    })
}
/// hash.delete_if {|key, value| ... } -> self
fn h_delete_if(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "delete_if", &[]);
    filter_bang(vm, s, b, false)?;
    Ok(s)
}
/// Merges each of `others` into `h`, calling the block for keys present in both.
fn update(vm: &mut Vm, h: Value, others: &[Value], b: Option<&Block>) -> VmResult<()> {
    for &o in others {
        let o = to_hash(vm, o)?;
        for (k, v) in pairs(o) {
            check_frozen(vm, h)?;
            let v = match (b, find(vm, h, k)?) {
                (Some(b), Some(i)) => {
                    let old = rh(h).entries[i].value;
                    vm.yield_block(b, &[k, old, v])?
                }
                _ => v,
            };
            vm.hash_aset(h, k, v)?;
        }
    }
    Ok(())
}
/// hash.merge(*other_hashes) -> new_hash; hash.merge(*other_hashes) {|key, old, new| ... }
fn h_merge(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    crate::object::heap::set_klass(h, vm.real_class(s));
    rooted(vm, &[h], |vm| {
        super::hash::copy_into(vm, s, h)?;
        update(vm, h, a, b)?;
        Ok(h)
    })
}
/// hash.update(*other_hashes) -> self; hash.update(*other_hashes) {|key, old, new| ... } -> self
fn h_update(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    update(vm, s, a, b)?;
    Ok(s)
}
/// hash.transform_values {|value| ... } -> new_hash
fn h_transform_values(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "transform_values", &[]);
    let h = new_hash(vm);
    rh(h).compare_by_identity = rh(s).compare_by_identity;
    rooted(vm, &[h], |vm| {
        each_pair_yield(
            vm,
            s,
            b,
            |_, v| YieldArgs::one(v),
            |vm, k, _, nv| {
                raw_insert(vm, h, k, nv)?;
                Ok(true)
            },
        )?;
        Ok(h)
    })
}
/// hash.transform_values! {|value| ... } -> self
fn h_transform_values_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "transform_values!", &[]);
    check_frozen(vm, s)?;
    each_pair_yield(
        vm,
        s,
        b,
        |_, v| YieldArgs::one(v),
        |vm, k, _, nv| {
            check_frozen(vm, s)?;
            if let Some(i) = find(vm, s, k)? {
                rh(s).entries[i].value = nv;
            }
            Ok(true)
        },
    )?;
    Ok(s)
}
/// The new key for `k`: from the mapping hash, else the block, else `k` itself.
fn new_key(vm: &mut Vm, trans: Option<Value>, b: Option<&Block>, k: Value) -> VmResult {
    if let Some(t) = trans
        && let Some(i) = find(vm, t, k)?
    {
        return Ok(rh(t).entries[i].value);
    }
    match b {
        Some(b) => vm.yield_block(b, &[k]),
        None => Ok(k),
    }
}
/// hash.transform_keys {|key| ... } -> new_hash; hash.transform_keys(hash2) {|key| ... } -> new_hash
fn h_transform_keys(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let trans = match a.first() {
        Some(&t) => Some(to_hash(vm, t)?),
        None => None,
    };
    if trans.is_none() && b.is_none() {
        return super::array::enum_for(vm, s, "transform_keys", &[]);
    }
    let h = new_hash(vm);
    rooted(vm, &[h], |vm| {
        each_pair(vm, s, |vm, k, v| {
            let nk = new_key(vm, trans, b, k)?;
            vm.hash_aset(h, nk, v)?;
            Ok(true)
        })?;
        Ok(h)
    })
}
/// hash.transform_keys! {|key| ... } -> self; hash.transform_keys!(hash2) {|key| ... } -> self
fn h_transform_keys_bang(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let trans = match a.first() {
        Some(&t) => Some(to_hash(vm, t)?),
        None => None,
    };
    if trans.is_none() && b.is_none() {
        return super::array::enum_for(vm, s, "transform_keys!", &[]);
    }
    check_frozen(vm, s)?;
    let ps = pairs(s);
    let snap = vm.ary_new(ps.iter().flat_map(|p| [p.0, p.1]).collect());
    let new_keys = new_hash(vm);
    rooted(vm, &[snap, new_keys], |vm| {
        for (k, v) in ps {
            let nk = new_key(vm, trans, b, k)?;
            if find(vm, new_keys, k)?.is_none() {
                remove(vm, s, k)?;
            }
            vm.hash_aset(s, nk, v)?;
            raw_insert(vm, new_keys, nk, Value::NIL)?;
        }
        Ok(s)
    })
}
/// hash.to_h -> self or new_hash; hash.to_h {|key, value| ... } -> new_hash
fn h_to_h(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        if vm.class_of(s) == vm.c.hash {
            return Ok(s);
        }
        let h = vm.hash_new();
        super::hash::copy_into(vm, s, h)?;
        return Ok(h);
    };
    let h = new_hash(vm);
    rooted(vm, &[h], |vm| {
        each_pair_yield(vm, s, b, YieldArgs::two, |vm, _, _, pair| {
            super::array::add_pair(vm, h, pair, None)?;
            Ok(true)
        })?;
        Ok(h)
    })
}
/// hash.compact -> new_hash
fn h_compact(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = new_hash(vm);
    rh(h).compare_by_identity = rh(s).compare_by_identity;
    for (k, v) in pairs(s) {
        if !v.is_nil() {
            raw_insert(vm, h, k, v)?;
        }
    }
    Ok(h)
}
/// hash.compact! -> self or nil
fn h_compact_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let before = rh(s).len();
    for (k, v) in pairs(s) {
        if v.is_nil() {
            remove(vm, s, k)?;
        }
    }
    Ok(if rh(s).len() == before { Value::NIL } else { s })
}
/// hash.slice(*keys) -> new_hash
fn h_slice(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = new_hash(vm);
    rh(h).compare_by_identity = rh(s).compare_by_identity;
    rooted(vm, &[h], |vm| {
        for &k in a {
            if let Some(i) = find(vm, s, k)? {
                let (key, v) = (rh(s).entries[i].key, rh(s).entries[i].value);
                raw_insert(vm, h, key, v)?;
            }
        }
        Ok(h)
    })
}
/// hash.except(*keys) -> new_hash
fn h_except(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = new_hash(vm);
    rh(h).compare_by_identity = rh(s).compare_by_identity;
    rooted(vm, &[h], |vm| {
        for (k, v) in pairs(s) {
            raw_insert(vm, h, k, v)?;
        }
        for &k in a {
            remove(vm, h, k)?;
        }
        Ok(h)
    })
}
/// hash.any? -> true or false; hash.any?(pattern) / hash.any? {|key, value| ... }
fn h_any_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.is_empty() && b.is_none() {
        return Ok(Value::bool(!rh(s).is_empty()));
    }
    let mut found = false;
    if let (None, Some(b)) = (a.first(), b) {
        super::array_enum::each_yield(vm, s, b, |_, _, r| {
            found = r.truthy();
            Ok(!found)
        })?;
        return Ok(Value::bool(found));
    }
    each_pair(vm, s, |vm, k, v| {
        let pair = vm.ary_from_slice(&[k, v]);
        let hit = rooted(vm, &[pair], |vm| {
            vm.funcall(a[0], intern("==="), &[pair], None)
        })?;
        found = hit.truthy();
        Ok(!found)
    })?;
    Ok(Value::bool(found))
}
/// hash.flatten(depth = 1) -> new_array
fn h_flatten(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let depth = match a.first() {
        Some(&d) => num2long(vm, d)?,
        None => 1,
    };
    let mut flat = Vec::new();
    for (k, v) in pairs(s) {
        if depth == 0 {
            flat.push(vm.ary_from_slice(&[k, v]));
        } else {
            flat.push(k);
            flat.push(v);
        }
    }
    let out = vm.ary_new(flat);
    let level = depth - 1;
    if depth == 0 || level == 0 || alen(out) == 0 {
        return Ok(out);
    }
    let args: Vec<Value> = if level > 0 {
        vec![Value::fixnum(level)]
    } else {
        Vec::new()
    };
    rooted(vm, &[out], |vm| {
        vm.funcall(out, intern("flatten!"), &args, None)
    })?;
    Ok(out)
}
