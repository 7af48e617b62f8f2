//! Enumerable: the generic methods every class with an `each` gets, and the machinery the
//! other iterating natives (Range, Enumerator, Struct) share.
//!
//! Natives iterate a Ruby `each` by passing it a native block (`BlockData::Native`): a Rust
//! closure that receives the values of each yield. A closure that wants to stop early (`find`,
//! `first`, `take_while`, ...) answers `false` and `iterate_call` turns that into a `break` out
//! of the call (an `Unwind::Break` with a fresh tag that only `iterate_call` catches), so
//! ensure clauses in the `each` run as they would in CRuby. Everything streams: values are
//! handled as they are yielded, never collected first, so infinite `each`es work with
//! `first`/`find`/`take` and side effects interleave as in CRuby.
//!
//! GC: the Ruby values a closure keeps between yields (result arrays, accumulators) live in
//! Ruby Arrays listed as the block's roots and pushed on the VM stack for the duration of the
//! call; scalar state lives in `Rc<Cell<_>>`; a freshly packed element is pushed on the stack
//! while its closure runs (`each_elem`). A native block only works during its call
//! (`call_with_block`): one that `each` stored and calls later raises LocalJumpError.
//!
//! Yield conventions follow enum.c: one yield's values are packed as `rb_enum_values_pack`
//! (none: nil, one: itself, several: an Array). Methods that keep the element (`select`,
//! `find`, `sort_by`, `group_by`, ...) hand the packed value to the user's block as `enum_yield`
//! does (a lambda receives several values splatted); those that only use the block's answer
//! (`map`, `flat_map`, `filter_map`, `count`, `find_index`, `take_while`, `uniq`, `to_h`,
//! `any?`...) pass the yielded values through unchanged (`rb_yield_values2`).

use super::comparable::{cmpint, compare};
use super::object::{float_value, is_float};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::call::ProcObj;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, BlockData, NativeBlock, Unwind, VmResult};
use crate::vm::yield_each::YieldArgs;
use std::cell::Cell;
use std::cmp::Ordering;
use std::rc::Rc;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ENUMERABLE: &[M] = &[
    ("to_a", enum_to_a, 0, -1),
    ("entries", enum_to_a, 0, -1),
    ("map", enum_map, 0, 0),
    ("collect", enum_map, 0, 0),
    ("flat_map", enum_flat_map, 0, 0),
    ("collect_concat", enum_flat_map, 0, 0),
    ("select", enum_select, 0, 0),
    ("filter", enum_select, 0, 0),
    ("find_all", enum_select, 0, 0),
    ("filter_map", enum_filter_map, 0, 0),
    ("reject", enum_reject, 0, 0),
    ("find", enum_find, 0, 1),
    ("detect", enum_find, 0, 1),
    ("find_index", enum_find_index, 0, 1),
    ("each_with_index", enum_each_with_index, 0, -1),
    ("each_with_object", enum_each_with_object, 1, 1),
    ("each_entry", enum_each_entry, 0, -1),
    ("inject", enum_inject, 0, 2),
    ("reduce", enum_inject, 0, 2),
    ("sum", enum_sum, 0, 1),
    ("count", enum_count, 0, 1),
    ("min", enum_min, 0, 1),
    ("max", enum_max, 0, 1),
    ("minmax", enum_minmax, 0, 0),
    ("min_by", enum_min_by, 0, 1),
    ("max_by", enum_max_by, 0, 1),
    ("minmax_by", enum_minmax_by, 0, 0),
    ("sort", enum_sort, 0, 0),
    ("sort_by", enum_sort_by, 0, 0),
    ("group_by", enum_group_by, 0, 0),
    ("partition", enum_partition, 0, 0),
    ("chunk_while", enum_chunk_while, 0, 0),
    ("slice_when", enum_slice_when, 0, 0),
    ("chunk", enum_chunk, 0, 0),
    ("slice_before", enum_slice_before, 0, 1),
    ("slice_after", enum_slice_after, 0, 1),
    ("include?", enum_include_p, 1, 1),
    ("member?", enum_include_p, 1, 1),
    ("first", enum_first, 0, 1),
    ("take", enum_take, 1, 1),
    ("take_while", enum_take_while, 0, 0),
    ("drop", enum_drop, 1, 1),
    ("drop_while", enum_drop_while, 0, 0),
    ("zip", enum_zip, 0, -1),
    ("each_slice", enum_each_slice, 1, 1),
    ("each_cons", enum_each_cons, 1, 1),
    ("tally", enum_tally, 0, 1),
    ("uniq", enum_uniq, 0, 0),
    ("to_h", enum_to_h, 0, -1),
    ("any?", enum_any_p, 0, 1),
    ("all?", enum_all_p, 0, 1),
    ("none?", enum_none_p, 0, 1),
    ("one?", enum_one_p, 0, 1),
    ("reverse_each", enum_reverse_each, 0, -1),
    ("cycle", enum_cycle, 0, 1),
    ("compact", enum_compact, 0, 0),
    ("grep", enum_grep, 1, 1),
    ("grep_v", enum_grep_v, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let e = vm.c.enumerable;
    vm.define_natives(e, ENUMERABLE);
}

// ---- iteration machinery ----

/// The values of one yield as one value (CRuby's `rb_enum_values_pack`).
pub fn pack(vm: &mut Vm, args: &[Value]) -> Value {
    match args {
        [] => Value::NIL,
        [v] => *v,
        _ => vm.ary_from_slice(args),
    }
}

/// A block whose yields run `f`; `roots` stay alive as long as the block does.
pub fn native_block(
    roots: Vec<Value>,
    f: impl Fn(&mut Vm, &[Value]) -> VmResult + 'static,
) -> Block {
    Rc::new(BlockData::Native(NativeBlock {
        f: Rc::new(f),
        roots,
    }))
}

/// Runs `body` with `roots` pushed on the VM stack, so that collections keep them.
pub fn with_roots<T>(
    vm: &mut Vm,
    roots: &[Value],
    body: impl FnOnce(&mut Vm) -> VmResult<T>,
) -> VmResult<T> {
    let h = vm.stack.len();
    vm.stack.extend_from_slice(roots);
    let r = body(vm);
    vm.stack.truncate(h);
    r
}

/// Calls `recv.meth(*args)` with a native block running `f` (the block's value is `f`'s).
/// The block works only during this call: a copy the callee kept (`def each(&b)` storing `b`)
/// raises LocalJumpError when called later, as `f` may use values only this call keeps alive.
pub fn call_with_block(
    vm: &mut Vm,
    recv: Value,
    meth: u32,
    args: &[Value],
    roots: &[Value],
    f: impl Fn(&mut Vm, &[Value]) -> VmResult + 'static,
) -> VmResult {
    let live = Rc::new(Cell::new(true));
    let alive = live.clone();
    let blk = native_block(roots.to_vec(), move |vm, a| {
        if !alive.get() {
            return Err(vm.raise_str(vm.c.local_jump_error, "iteration has already ended"));
        }
        f(vm, a)
    });
    let r = with_roots(vm, roots, |vm| vm.funcall(recv, meth, args, Some(blk)));
    live.set(false);
    r
}

/// Calls `recv.meth(*args)` with a native block handing each yield's values to `f`, which
/// answers whether to go on (false breaks out of the call). Returns the call's value, or nil
/// when `f` stopped it.
pub fn iterate_call(
    vm: &mut Vm,
    recv: Value,
    meth: u32,
    args: &[Value],
    roots: &[Value],
    f: impl Fn(&mut Vm, &[Value]) -> VmResult<bool> + 'static,
) -> VmResult {
    let tag = vm.next_id();
    let r = call_with_block(vm, recv, meth, args, roots, move |vm, a| {
        if f(vm, a)? {
            Ok(Value::NIL)
        } else {
            Err(Unwind::Break(tag, Value::NIL))
        }
    });
    match r {
        Err(unw)
            if let UnwindKind::Break(t, v) = *unw.kind()
                && t == tag =>
        {
            Ok(v)
        }
        r => r,
    }
}

/// `iterate_call` over `recv.each`.
pub fn each_raw(
    vm: &mut Vm,
    recv: Value,
    roots: &[Value],
    f: impl Fn(&mut Vm, &[Value]) -> VmResult<bool> + 'static,
) -> VmResult<()> {
    iterate_call(vm, recv, intern("each"), &[], roots, f).map(|_| ())
}

/// `recv.each`, handing `f` each yield's values and their packed value (kept on the VM stack
/// while `f` runs: a fresh packed Array is referenced by nothing else).
pub fn each_elem(
    vm: &mut Vm,
    recv: Value,
    roots: &[Value],
    f: impl Fn(&mut Vm, &[Value], Value) -> VmResult<bool> + 'static,
) -> VmResult<()> {
    each_raw(vm, recv, roots, move |vm, a| {
        let v = pack(vm, a);
        with_roots(vm, &[v], |vm| f(vm, a, v))
    })
}

/// `recv.each` with each yield packed into one value (rooted while `f` runs).
pub fn each_value(
    vm: &mut Vm,
    recv: Value,
    roots: &[Value],
    f: impl Fn(&mut Vm, Value) -> VmResult<bool> + 'static,
) -> VmResult<()> {
    each_elem(vm, recv, roots, move |vm, _, v| f(vm, v))
}

/// The elements `recv.each(*args)` yields, as a new Array.
pub fn collect(vm: &mut Vm, recv: Value, meth: u32, args: &[Value]) -> VmResult {
    let out = vm.ary_new_capa(0);
    iterate_call(vm, recv, meth, args, &[out], move |vm, a| {
        let v = pack(vm, a);
        rarray(out).vec.push(v);
        Ok(true)
    })?;
    Ok(out)
}

/// Whether a block is a lambda (or a method), which receives several yielded values splatted.
fn is_lambda(b: &Block) -> bool {
    match &**b {
        BlockData::Proc(p) => payload::<ProcObj>(*p)
            .is_some_and(|p| p.lambda || matches!(&*p.block, BlockData::Method(_))),
        BlockData::Method(_) => true,
        _ => false,
    }
}

/// Yields one element (the yield's values `raw`, packed as `v`) to the user's block as
/// CRuby's `enum_yield`.
pub fn enum_yield(vm: &mut Vm, b: &Block, raw: &[Value], v: Value) -> VmResult {
    match raw.len() {
        0 => vm.yield_block(b, &[]),
        1 => vm.yield_block(b, &[v]),
        _ if is_lambda(b) => vm.yield_block(b, raw),
        _ => vm.yield_block(b, &[v]),
    }
}

/// An Enumerator for `recv.meth(*args)`.
fn enum_of(vm: &mut Vm, recv: Value, meth: &str, args: &[Value]) -> VmResult {
    super::array::enum_for(vm, recv, meth, args)
}

fn counter() -> Rc<Cell<i64>> {
    Rc::new(Cell::new(0))
}

fn slot(st: Value, i: usize) -> Value {
    rarray(st).vec[i]
}
fn set_slot(st: Value, i: usize, v: Value) {
    rarray(st).vec[i] = v;
}

/// A stable merge sort with a fallible comparator (errors stop the sort and are returned).
pub fn merge_sort<T: Copy>(
    vm: &mut Vm,
    v: &mut [T],
    cmp: &mut dyn FnMut(&mut Vm, T, T) -> VmResult<Ordering>,
) -> VmResult<()> {
    let n = v.len();
    if n < 2 {
        return Ok(());
    }
    if n <= 8 {
        for i in 1..n {
            let mut j = i;
            while j > 0 && cmp(vm, v[j - 1], v[j])? == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        return Ok(());
    }
    let mid = n / 2;
    merge_sort(vm, &mut v[..mid], cmp)?;
    merge_sort(vm, &mut v[mid..], cmp)?;
    let left = v[..mid].to_vec();
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < left.len() && j < n {
        if cmp(vm, left[i], v[j])? == Ordering::Greater {
            v[k] = v[j];
            j += 1;
        } else {
            v[k] = left[i];
            i += 1;
        }
        k += 1;
    }
    while i < left.len() {
        v[k] = left[i];
        i += 1;
        k += 1;
    }
    Ok(())
}

/// Sorts the elements of Array `ary` in place with `<=>` or the block's answers.
pub fn sort_array(vm: &mut Vm, ary: Value, b: Option<&Block>) -> VmResult<()> {
    let mut v = rarray(ary).vec.to_vec();
    with_roots(vm, &[ary], |vm| match b {
        Some(b) => merge_sort(vm, &mut v, &mut |vm, x, y| {
            let r = vm.yield_block(b, &[x, y])?;
            cmpint(vm, r, x, y)
        }),
        None => merge_sort(vm, &mut v, &mut compare),
    })?;
    rarray(ary).vec.set(v);
    Ok(())
}

/// A count argument (`first(n)`, `min(n)`...): an Integer, or something with to_int.
fn count_arg(vm: &mut Vm, v: Value) -> VmResult<i64> {
    super::arg_int(vm, v)
}

/// `pattern === v`.
fn case_eq(vm: &mut Vm, pattern: Value, v: Value) -> VmResult<bool> {
    Ok(vm.funcall(pattern, intern("==="), &[v], None)?.truthy())
}

/// An Integer sum `a + b` (exact, overflowing into a Bignum).
fn int_add(vm: &mut Vm, a: Value, b: Value) -> Value {
    if a.is_fixnum()
        && b.is_fixnum()
        && let Some(s) = a.as_fixnum().checked_add(b.as_fixnum())
    {
        return vm.int(s);
    }
    let s = super::integer::to_big(a) + super::integer::to_big(b);
    vm.bigint(s)
}

fn is_integer(v: Value) -> bool {
    super::integer::is_int(v)
}

// ---- the methods ----

/// enum.to_a(*args) -> array
fn enum_to_a(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    collect(vm, s, intern("each"), a)
}

/// enum.map { |obj| block } -> array
fn enum_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "map", &[]);
    };
    let out = vm.ary_new_capa(0);
    let push = |_: &mut Vm, _, r| {
        rarray(out).vec.push(r);
        Ok(true)
    };
    if let Some(r) = super::array::rooted(vm, &[out], |vm| {
        range_yield(vm, s, &b, YieldArgs::one, push)
    }) {
        return r.map(|_| out);
    }
    each_raw(vm, s, &[out], move |vm, a| {
        let r = vm.yield_block(&b, a)?;
        rarray(out).vec.push(r);
        Ok(true)
    })?;
    Ok(out)
}

/// enum.flat_map { |obj| block } -> array
fn enum_flat_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "flat_map", &[]);
    };
    let out = vm.ary_new_capa(0);
    each_raw(vm, s, &[out], move |vm, a| {
        let r = vm.yield_block(&b, a)?;
        let r = check_array(vm, r)?;
        if type_of(r) == T_ARRAY {
            let items = rarray(r).vec.to_vec();
            rarray(out).vec.extend(items);
        } else {
            rarray(out).vec.push(r);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// `rb_check_array_type`: `v` if an Array, its `to_ary` if it has one, else `v` unchanged
/// (callers test for T_ARRAY).
fn check_array(vm: &mut Vm, v: Value) -> VmResult {
    if type_of(v) == T_ARRAY || !v.is_heap() {
        return Ok(v);
    }
    let id = intern("to_ary");
    if vm.responds(v, id, true) {
        let r = vm.funcall(v, id, &[], None)?;
        if type_of(r) == T_ARRAY || r.is_nil() {
            return Ok(if r.is_nil() { v } else { r });
        }
        let k = vm.real_class(v);
        let kn = vm.class_name(k);
        let rk = vm.real_class(r);
        let msg = format!(
            "can't convert {kn} to Array ({kn}#to_ary gives {})",
            vm.class_name(rk)
        );
        return Err(vm.type_error(&msg));
    }
    Ok(v)
}

/// A Range with fixnum ends whose `each` is the builtin one: calls `b` for each element in one
/// block frame (`Vm::yield_each`), under a frame for `Range#each` as CRuby's call would have,
/// with the arguments `args(v)`; `after` gets each element with the block's result and answers
/// whether to go on. None when `recv.each` must be called instead.
fn range_yield(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    mut args: impl FnMut(Value) -> YieldArgs,
    mut after: impl FnMut(&mut Vm, Value, Value) -> VmResult<bool>,
) -> Option<VmResult<()>> {
    if type_of(s) != T_RANGE {
        return None;
    }
    let (mut i, lim) = super::range::fixnum_bounds(s)?;
    let m = vm.method_if_native(s, intern("each"), super::range::EACH)?;
    Some(vm.in_native_frame(m, s, |vm| {
        let mut cur = Value::NIL;
        vm.yield_each(b, &mut |vm, r| {
            if !r.is_undef() && !after(vm, cur, r)? {
                return Ok(None);
            }
            if i >= lim {
                return Ok(None);
            }
            cur = Value::fixnum(i);
            i += 1;
            Ok(Some(args(cur)))
        })
    }))
}

fn filter_by(vm: &mut Vm, s: Value, b: Block, keep: bool) -> VmResult {
    let out = vm.ary_new_capa(0);
    let pick = |_: &mut Vm, v, r: Value| {
        if r.truthy() == keep {
            rarray(out).vec.push(v);
        }
        Ok(true)
    };
    if let Some(r) = super::array::rooted(vm, &[out], |vm| {
        range_yield(vm, s, &b, YieldArgs::one, pick)
    }) {
        return r.map(|_| out);
    }
    each_elem(vm, s, &[out], move |vm, a, v| {
        if enum_yield(vm, &b, a, v)?.truthy() == keep {
            rarray(out).vec.push(v);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// enum.select { |obj| block } -> array
fn enum_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "select", &[]);
    };
    filter_by(vm, s, b, true)
}

/// enum.reject { |obj| block } -> array
fn enum_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "reject", &[]);
    };
    filter_by(vm, s, b, false)
}

/// enum.filter_map { |obj| block } -> array
fn enum_filter_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "filter_map", &[]);
    };
    let out = vm.ary_new_capa(0);
    let keep = |_: &mut Vm, _, r: Value| {
        if r.truthy() {
            rarray(out).vec.push(r);
        }
        Ok(true)
    };
    if let Some(r) = super::array::rooted(vm, &[out], |vm| {
        range_yield(vm, s, &b, YieldArgs::one, keep)
    }) {
        return r.map(|_| out);
    }
    each_raw(vm, s, &[out], move |vm, a| {
        let r = vm.yield_block(&b, a)?;
        if r.truthy() {
            rarray(out).vec.push(r);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// enum.compact -> array
fn enum_compact(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    each_value(vm, s, &[out], move |_, v| {
        if !v.is_nil() {
            rarray(out).vec.push(v);
        }
        Ok(true)
    })?;
    Ok(out)
}

fn grep(vm: &mut Vm, s: Value, pattern: Value, b: Option<&Block>, keep: bool) -> VmResult {
    let out = vm.ary_new_capa(0);
    // without a block a Regexp pattern only tests (`match?`), leaving `$~` alone, as CRuby's
    let test_only = b.is_none() && super::regexp::is_regexp(pattern);
    let b = b.cloned();
    each_value(vm, s, &[out, pattern], move |vm, v| {
        let hit = if test_only {
            super::regexp::match_p(vm, pattern, v)?
        } else {
            case_eq(vm, pattern, v)?
        };
        if hit == keep {
            let r = match &b {
                Some(b) => vm.yield_block(b, &[v])?,
                None => v,
            };
            rarray(out).vec.push(r);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// enum.grep(pattern) { |obj| block } -> array
fn enum_grep(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    grep(vm, s, a[0], b, true)
}

/// enum.grep_v(pattern) { |obj| block } -> array
fn enum_grep_v(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    grep(vm, s, a[0], b, false)
}

/// enum.find(ifnone = nil) { |obj| block } -> obj or nil
fn enum_find(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "find", a);
    };
    let st = vm.ary_from_slice(&[Value::UNDEF]);
    each_elem(vm, s, &[st], move |vm, x, v| {
        if enum_yield(vm, &b, x, v)?.truthy() {
            set_slot(st, 0, v);
            return Ok(false);
        }
        Ok(true)
    })?;
    let found = slot(st, 0);
    if !found.is_undef() {
        return Ok(found);
    }
    match a.first() {
        Some(&ifnone) if !ifnone.is_nil() => vm.funcall(ifnone, intern("call"), &[], None),
        _ => Ok(Value::NIL),
    }
}

/// enum.find_index(value) -> int or nil; enum.find_index { |obj| block } -> int or nil
fn enum_find_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = b.cloned();
    if a.is_empty() && b.is_none() {
        return enum_of(vm, s, "find_index", &[]);
    }
    let target = a.first().copied();
    let idx = counter();
    let found = Rc::new(Cell::new(false));
    let (i2, f2) = (idx.clone(), found.clone());
    let roots: Vec<Value> = a.to_vec();
    each_elem(vm, s, &roots, move |vm, x, v| {
        let hit = match (target, &b) {
            (Some(t), _) => vm.equal(v, t)?,
            (None, Some(b)) => vm.yield_block(b, x)?.truthy(),
            (None, None) => false,
        };
        if hit {
            f2.set(true);
            return Ok(false);
        }
        i2.set(i2.get() + 1);
        Ok(true)
    })?;
    Ok(if found.get() {
        vm.int(idx.get())
    } else {
        Value::NIL
    })
}

/// enum.each_with_index(*args) { |obj, i| block } -> enum
fn enum_each_with_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "each_with_index", a);
    };
    if a.is_empty() {
        let mut i = 0;
        let index = |v| {
            i += 1;
            YieldArgs::two(v, Value::fixnum(i - 1))
        };
        if let Some(r) = range_yield(vm, s, &b, index, |_, _, _| Ok(true)) {
            return r.map(|_| s);
        }
    }
    // an Array or Hash whose `each` is the builtin one: walked here, in one block frame
    let own_each = match type_of(s) {
        T_ARRAY => Some(super::array_iter::EACH),
        T_HASH => Some(super::hash_iter::EACH),
        _ => None,
    };
    if a.is_empty()
        && let Some(each) = own_each
        && let Some(m) = vm.method_if_native(s, intern("each"), each)
    {
        let mut i = 0;
        let index = |v| {
            i += 1;
            YieldArgs::two(v, Value::fixnum(i - 1))
        };
        // backtraces show the `each` that CRuby's calls
        vm.in_native_frame(m, s, |vm| {
            super::array_enum::each_yield_with(vm, s, &b, index, |_, _, _| Ok(true))
        })?;
        return Ok(s);
    }
    let idx = counter();
    iterate_call(vm, s, intern("each"), a, &[], move |vm, x| {
        let v = pack(vm, x);
        let i = Value::fixnum(idx.get());
        idx.set(idx.get() + 1);
        vm.yield_block(&b, &[v, i])?;
        Ok(true)
    })?;
    Ok(s)
}

/// enum.each_with_object(obj) { |(*args), memo_obj| block } -> obj
fn enum_each_with_object(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "each_with_object", a);
    };
    let memo = a[0];
    if let Some(r) = range_yield(vm, s, &b, |v| YieldArgs::two(v, memo), |_, _, _| Ok(true)) {
        return r.map(|_| memo);
    }
    each_value(vm, s, &[memo], move |vm, v| {
        vm.yield_block(&b, &[v, memo])?;
        Ok(true)
    })?;
    Ok(memo)
}

/// enum.each_entry(*args) { |obj| block } -> enum
fn enum_each_entry(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "each_entry", a);
    };
    iterate_call(vm, s, intern("each"), a, &[], move |vm, x| {
        let v = pack(vm, x);
        vm.yield_block(&b, &[v])?;
        Ok(true)
    })?;
    Ok(s)
}

/// enum.inject(initial = nil, sym = nil) { |memo, obj| block } -> obj
fn enum_inject(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (init, op) = match (a.len(), b) {
        (0, _) => (Value::UNDEF, None),
        (1, Some(_)) => (a[0], None),
        (1, None) => (Value::UNDEF, Some(a[0])),
        _ => (a[0], Some(a[1])),
    };
    let op = match op {
        Some(o) => Some(super::object::sym_arg(vm, o)?),
        None => None,
    };
    let b = b.cloned();
    if op.is_none() && b.is_none() {
        return Err(arity_error(vm, 0, "1..2"));
    }
    let st = vm.ary_from_slice(&[init]);
    if let (None, Some(b)) = (op, &b)
        && type_of(s) == T_RANGE
        && super::range::fixnum_bounds(s).is_some_and(|(lo, hi)| lo < hi)
        && !init.is_undef()
    {
        // the memo lives in `st`; each call gets it and the next element
        let step = |_: &mut Vm, _, r| {
            set_slot(st, 0, r);
            Ok(true)
        };
        let args = |v| YieldArgs::two(slot(st, 0), v);
        if let Some(r) = super::array::rooted(vm, &[st], |vm| range_yield(vm, s, b, args, step)) {
            r?;
            return Ok(slot(st, 0));
        }
    }
    each_value(vm, s, &[st], move |vm, v| {
        let memo = slot(st, 0);
        let r = if memo.is_undef() {
            v
        } else if let Some(op) = op {
            if op == intern("+") && is_integer(memo) && is_integer(v) {
                int_add(vm, memo, v)
            } else {
                vm.funcall(memo, op, &[v], None)?
            }
        } else if let Some(b) = &b {
            vm.yield_block(b, &[memo, v])?
        } else {
            v
        };
        set_slot(st, 0, r);
        Ok(true)
    })?;
    let r = slot(st, 0);
    Ok(if r.is_undef() { Value::NIL } else { r })
}

/// The running state of `sum`: an exact value, or a Kahan-Babuska compensated Float.
#[derive(Clone, Copy)]
struct SumState {
    float_mode: bool,
    f: f64,
    c: f64,
}

/// One step of `sum` (enum.c's sum_iter): `st[0]` is the exact running value.
fn sum_step(vm: &mut Vm, st: Value, state: &Cell<SumState>, i: Value) -> VmResult<()> {
    let mut s = state.get();
    if !s.float_mode {
        let v = slot(st, 0);
        if is_integer(v) && is_integer(i) {
            let r = int_add(vm, v, i);
            set_slot(st, 0, r);
            return Ok(());
        }
        if is_integer(v) && is_float(i) {
            s = SumState {
                float_mode: true,
                f: int_to_f64(v),
                c: 0.0,
            };
        } else {
            let r = vm.funcall(v, intern("+"), &[i], None)?;
            set_slot(st, 0, r);
            return Ok(());
        }
    }
    let x = if is_float(i) {
        float_value(i)
    } else if is_integer(i) {
        int_to_f64(i)
    } else {
        // leave float mode: the rest is summed with `+`
        let fv = vm.float(s.f + s.c);
        state.set(SumState {
            float_mode: false,
            f: 0.0,
            c: 0.0,
        });
        let r = vm.funcall(fv, intern("+"), &[i], None)?;
        set_slot(st, 0, r);
        return Ok(());
    };
    if s.f.is_nan() {
    } else if x.is_nan() {
        s.f = x;
    } else if x.is_infinite() {
        s.f = if s.f.is_infinite() && x.is_sign_negative() != s.f.is_sign_negative() {
            f64::NAN
        } else {
            x
        };
    } else if s.f.is_infinite() {
    } else {
        let t = s.f + x;
        if s.f.abs() >= x.abs() {
            s.c += (s.f - t) + x;
        } else {
            s.c += (x - t) + s.f;
        }
        s.f = t;
    }
    state.set(s);
    Ok(())
}

fn int_to_f64(v: Value) -> f64 {
    use num_traits::ToPrimitive;
    if v.is_fixnum() {
        v.as_fixnum() as f64
    } else {
        super::integer::to_big(v).to_f64().unwrap_or(f64::INFINITY)
    }
}

/// The sum of an Integer range (n * (first + last) / 2) plus `init`.
fn int_range_sum(vm: &mut Vm, beg: Value, end: Value, excl: bool, init: Value) -> VmResult {
    let (b, mut e) = (super::integer::to_big(beg), super::integer::to_big(end));
    if excl {
        e -= 1;
    }
    if e < b {
        return Ok(init);
    }
    let total = (&e - &b + 1) * (&e + &b) / 2;
    let t = vm.bigint(total);
    if is_integer(init) {
        return Ok(int_add(vm, init, t));
    }
    vm.funcall(init, intern("+"), &[t], None)
}

/// enum.sum(init = 0) { |obj| block } -> number
fn enum_sum(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let init = a.first().copied().unwrap_or(Value::fixnum(0));
    if b.is_none() && !is_float(init) && type_of(s) == T_RANGE {
        let r = rrange(s);
        if is_integer(r.begin) && is_integer(r.end) {
            return int_range_sum(vm, r.begin, r.end, r.excl, init);
        }
    }
    let st = vm.ary_from_slice(&[init]);
    let state = Rc::new(Cell::new(SumState {
        float_mode: is_float(init),
        f: if is_float(init) {
            float_value(init)
        } else {
            0.0
        },
        c: 0.0,
    }));
    let st2 = state.clone();
    if let Some(b) = b {
        let add = |vm: &mut Vm, _, r| sum_step(vm, st, &state, r).map(|_| true);
        let r = super::array::rooted(vm, &[st], |vm| range_yield(vm, s, b, YieldArgs::one, add));
        if let Some(r) = r {
            r?;
            let s = state.get();
            return Ok(if s.float_mode {
                vm.float(s.f + s.c)
            } else {
                slot(st, 0)
            });
        }
    }
    let b = b.cloned();
    each_elem(vm, s, &[st], move |vm, x, v| {
        let i = match &b {
            Some(b) => enum_yield(vm, b, x, v)?,
            None => v,
        };
        sum_step(vm, st, &st2, i)?;
        Ok(true)
    })?;
    let s = state.get();
    if s.float_mode {
        return Ok(vm.float(s.f + s.c));
    }
    Ok(slot(st, 0))
}

/// enum.count -> int; enum.count(item) -> int; enum.count { |obj| block } -> int
pub fn enum_count(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = counter();
    let n2 = n.clone();
    let target = a.first().copied();
    let b = if target.is_some() { None } else { b.cloned() };
    let roots = a.to_vec();
    each_raw(vm, s, &roots, move |vm, x| {
        let hit = match (target, &b) {
            (Some(t), _) => {
                let v = pack(vm, x);
                vm.equal(v, t)?
            }
            (None, Some(b)) => vm.yield_block(b, x)?.truthy(),
            (None, None) => true,
        };
        if hit {
            n2.set(n2.get() + 1);
        }
        Ok(true)
    })?;
    Ok(vm.int(n.get()))
}

/// Compares two elements with the block's answer or `<=>`.
fn cmp_with(vm: &mut Vm, b: Option<&Block>, x: Value, y: Value) -> VmResult<Ordering> {
    match b {
        Some(b) => {
            let r = vm.yield_block(b, &[x, y])?;
            cmpint(vm, r, x, y)
        }
        None => compare(vm, x, y),
    }
}

/// The `n` smallest (or largest) elements, sorted, for min(n)/max(n).
fn extreme_n(vm: &mut Vm, s: Value, n: Value, b: Option<&Block>, largest: bool) -> VmResult {
    // CRuby's nmin_run fed as `each` goes: a buffer of 4n elements cut back to the best n
    // whenever it fills, so that a long (or endless) source runs the block early and memory
    // stays bounded; ties come out in CRuby's order
    let Some(run) = super::array_qsort::NminRun::new(vm, n, b, false, largest)? else {
        return Ok(vm.ary_new(Vec::new()));
    };
    run_nmin(vm, run, |vm, keep, feed| {
        each_value(vm, s, &[keep], move |vm, v| {
            feed_nmin(vm, &feed, v, v)?;
            Ok(true)
        })
    })
}

/// A streaming selection shared with the `each` closure that feeds it.
type NminCell = std::rc::Rc<std::cell::RefCell<Option<super::array_qsort::NminRun>>>;

/// Runs selection `run`: `iterate` walks the source (with the selection's buffer to root) and
/// feeds each element through `feed_nmin`; then the selected values.
fn run_nmin(
    vm: &mut Vm,
    run: super::array_qsort::NminRun,
    iterate: impl FnOnce(&mut Vm, Value, NminCell) -> VmResult<()>,
) -> VmResult {
    let keep = run.keep;
    let cell: NminCell = std::rc::Rc::new(std::cell::RefCell::new(Some(run)));
    iterate(vm, keep, cell.clone())?;
    let run = cell.try_borrow_mut().ok().and_then(|mut r| r.take());
    match run {
        Some(run) => with_roots(vm, &[keep], |vm| run.finish(vm)),
        None => Err(reentered(vm)),
    }
}

/// Offers element `v` with key `k` to the selection in `feed`.
fn feed_nmin(vm: &mut Vm, feed: &NminCell, k: Value, v: Value) -> VmResult<()> {
    match feed.try_borrow_mut().as_deref_mut() {
        Ok(Some(run)) => run.push(vm, k, v),
        _ => Err(reentered(vm)),
    }
}

/// The error for a selection whose `each` or block re-enters it (a Fiber or an Enumerator
/// resuming the same `min(n)` from its own block).
fn reentered(vm: &mut Vm) -> Unwind {
    let e = vm.c.runtime_error;
    vm.raise_str(e, "min/max re-entered while selecting")
}

fn extreme(vm: &mut Vm, s: Value, b: Option<&Block>, want: Ordering) -> VmResult {
    let st = vm.ary_from_slice(&[Value::UNDEF]);
    let b = b.cloned();
    each_value(vm, s, &[st], move |vm, v| {
        let best = slot(st, 0);
        if best.is_undef() || cmp_with(vm, b.as_ref(), v, best)? == want {
            set_slot(st, 0, v);
        }
        Ok(true)
    })?;
    let r = slot(st, 0);
    Ok(if r.is_undef() { Value::NIL } else { r })
}

/// enum.min(n = nil) { |a, b| block } -> obj or array
pub fn enum_min(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    match a.first() {
        Some(&n) if !n.is_nil() => extreme_n(vm, s, n, b, false),
        _ => extreme(vm, s, b, Ordering::Less),
    }
}

/// enum.max(n = nil) { |a, b| block } -> obj or array
pub fn enum_max(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    match a.first() {
        Some(&n) if !n.is_nil() => extreme_n(vm, s, n, b, true),
        _ => extreme(vm, s, b, Ordering::Greater),
    }
}

/// enum.minmax { |a, b| block } -> [min, max]
///
/// Elements are taken in pairs as enum.c does (the smaller of each pair against the minimum,
/// the larger against the maximum), which decides which of equal elements is returned.
pub fn enum_minmax(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    // [min, max, pending element]
    let st = vm.ary_from_slice(&[Value::UNDEF, Value::UNDEF, Value::UNDEF]);
    let b = b.cloned();
    let b2 = b.clone();
    each_value(vm, s, &[st], move |vm, i| {
        let last = slot(st, 2);
        if last.is_undef() {
            set_slot(st, 2, i);
            return Ok(true);
        }
        with_roots(vm, &[last], |vm| {
            set_slot(st, 2, Value::UNDEF);
            let (lo, hi) = match cmp_with(vm, b2.as_ref(), last, i)? {
                Ordering::Equal => (last, last),
                Ordering::Less => (last, i),
                Ordering::Greater => (i, last),
            };
            minmax_update(vm, st, b2.as_ref(), lo, hi)
        })?;
        Ok(true)
    })?;
    let last = slot(st, 2);
    if !last.is_undef() {
        with_roots(vm, &[st], |vm| {
            minmax_update(vm, st, b.as_ref(), last, last)
        })?;
    }
    let (lo, hi) = (slot(st, 0), slot(st, 1));
    let pair = if lo.is_undef() {
        vec![Value::NIL, Value::NIL]
    } else {
        vec![lo, hi]
    };
    Ok(vm.ary_new(pair))
}

fn minmax_update(vm: &mut Vm, st: Value, b: Option<&Block>, lo: Value, hi: Value) -> VmResult<()> {
    if slot(st, 0).is_undef() {
        set_slot(st, 0, lo);
        set_slot(st, 1, hi);
        return Ok(());
    }
    if cmp_with(vm, b, lo, slot(st, 0))? == Ordering::Less {
        set_slot(st, 0, lo);
    }
    if cmp_with(vm, b, hi, slot(st, 1))? == Ordering::Greater {
        set_slot(st, 1, hi);
    }
    Ok(())
}

/// Elements with their block keys: Arrays `(values, keys)` in iteration order.
fn keyed(vm: &mut Vm, s: Value, b: &Block) -> VmResult<(Value, Value)> {
    let vals = vm.ary_new_capa(0);
    let keys = vm.ary_new_capa(0);
    let b = b.clone();
    each_elem(vm, s, &[vals, keys], move |vm, x, v| {
        rarray(vals).vec.push(v);
        let k = enum_yield(vm, &b, x, v)?;
        rarray(keys).vec.push(k);
        Ok(true)
    })?;
    Ok((vals, keys))
}

/// Indices of `keys`, stably sorted by key (descending when `rev`).
fn sorted_indices(vm: &mut Vm, vals: Value, keys: Value, rev: bool) -> VmResult<Vec<usize>> {
    let mut idx: Vec<usize> = (0..rarray(keys).vec.len()).collect();
    with_roots(vm, &[vals, keys], |vm| {
        merge_sort(vm, &mut idx, &mut |vm, i, j| {
            let (x, y) = (rarray(keys).vec[i], rarray(keys).vec[j]);
            let o = compare(vm, x, y)?;
            Ok(if rev { o.reverse() } else { o })
        })
    })?;
    Ok(idx)
}

fn extreme_by(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    b: Option<&Block>,
    name: &str,
    want: Ordering,
) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, name, a);
    };
    if let Some(&n) = a.first()
        && !n.is_nil()
    {
        // CRuby's nmin_run by key, fed as `each` goes (see `extreme_n`)
        let rev = want == Ordering::Greater;
        let Some(run) = super::array_qsort::NminRun::new(vm, n, None, true, rev)? else {
            return Ok(vm.ary_new(Vec::new()));
        };
        return run_nmin(vm, run, |vm, keep, feed| {
            each_elem(vm, s, &[keep], move |vm, x, v| {
                let k = enum_yield(vm, &b, x, v)?;
                feed_nmin(vm, &feed, k, v)?;
                Ok(true)
            })
        });
    }
    let st = vm.ary_from_slice(&[Value::UNDEF, Value::NIL]);
    each_elem(vm, s, &[st], move |vm, x, v| {
        let k = enum_yield(vm, &b, x, v)?;
        let best = slot(st, 0);
        if best.is_undef() || compare(vm, k, slot(st, 1))? == want {
            set_slot(st, 0, v);
            set_slot(st, 1, k);
        }
        Ok(true)
    })?;
    let r = slot(st, 0);
    Ok(if r.is_undef() { Value::NIL } else { r })
}

/// enum.min_by(n = nil) { |obj| block } -> obj or array
fn enum_min_by(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    extreme_by(vm, s, a, b, "min_by", Ordering::Less)
}

/// enum.max_by(n = nil) { |obj| block } -> obj or array
fn enum_max_by(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    extreme_by(vm, s, a, b, "max_by", Ordering::Greater)
}

/// enum.minmax_by { |obj| block } -> [min, max]
pub fn enum_minmax_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "minmax_by", &[]);
    };
    // [min, min key, max, max key, pending element, pending key]
    let st = vm.ary_from_slice(&[
        Value::UNDEF,
        Value::NIL,
        Value::NIL,
        Value::NIL,
        Value::UNDEF,
        Value::NIL,
    ]);
    each_elem(vm, s, &[st], move |vm, x, i| {
        let vi = enum_yield(vm, &b, x, i)?;
        let last = slot(st, 4);
        if last.is_undef() {
            set_slot(st, 4, i);
            set_slot(st, 5, vi);
            return Ok(true);
        }
        let vj = slot(st, 5);
        with_roots(vm, &[last, vj, vi], |vm| {
            set_slot(st, 4, Value::UNDEF);
            let ((lo, klo), (hi, khi)) = match compare(vm, vj, vi)? {
                Ordering::Greater => ((i, vi), (last, vj)),
                Ordering::Equal => ((last, vj), (last, vj)),
                Ordering::Less => ((last, vj), (i, vi)),
            };
            minmax_by_update(vm, st, lo, klo, hi, khi)
        })?;
        Ok(true)
    })?;
    let last = slot(st, 4);
    if !last.is_undef() {
        let k = slot(st, 5);
        with_roots(vm, &[st], |vm| minmax_by_update(vm, st, last, k, last, k))?;
    }
    let pair = if slot(st, 0).is_undef() {
        vec![Value::NIL, Value::NIL]
    } else {
        vec![slot(st, 0), slot(st, 2)]
    };
    Ok(vm.ary_new(pair))
}

fn minmax_by_update(
    vm: &mut Vm,
    st: Value,
    lo: Value,
    klo: Value,
    hi: Value,
    khi: Value,
) -> VmResult<()> {
    if slot(st, 0).is_undef() {
        rarray(st).vec[..4].copy_from_slice(&[lo, klo, hi, khi]);
        return Ok(());
    }
    if compare(vm, klo, slot(st, 1))? == Ordering::Less {
        set_slot(st, 0, lo);
        set_slot(st, 1, klo);
    }
    if compare(vm, khi, slot(st, 3))? == Ordering::Greater {
        set_slot(st, 2, hi);
        set_slot(st, 3, khi);
    }
    Ok(())
}

/// enum.sort { |a, b| block } -> array
fn enum_sort(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let all = collect(vm, s, intern("each"), &[])?;
    sort_array(vm, all, b)?;
    Ok(all)
}

/// enum.sort_by { |obj| block } -> array
fn enum_sort_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return enum_of(vm, s, "sort_by", &[]);
    };
    let (vals, keys) = keyed(vm, s, b)?;
    let idx = sorted_indices(vm, vals, keys, false)?;
    let out: Vec<Value> = idx.iter().map(|&i| rarray(vals).vec[i]).collect();
    Ok(vm.ary_new(out))
}

/// enum.group_by { |obj| block } -> a_hash
fn enum_group_by(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "group_by", &[]);
    };
    let h = vm.hash_new();
    each_elem(vm, s, &[h], move |vm, x, v| {
        let k = enum_yield(vm, &b, x, v)?;
        let list = super::hash::get(vm, h, k)?;
        if type_of(list) == T_ARRAY {
            rarray(list).vec.push(v);
        } else {
            let list = vm.ary_from_slice(&[v]);
            with_roots(vm, &[list, k], |vm| vm.hash_aset(h, k, list))?;
        }
        Ok(true)
    })?;
    Ok(h)
}

/// enum.partition { |obj| block } -> [true_array, false_array]
fn enum_partition(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "partition", &[]);
    };
    let (yes, no) = (vm.ary_new_capa(0), vm.ary_new_capa(0));
    each_elem(vm, s, &[yes, no], move |vm, x, v| {
        let side = if enum_yield(vm, &b, x, v)?.truthy() {
            yes
        } else {
            no
        };
        rarray(side).vec.push(v);
        Ok(true)
    })?;
    Ok(vm.ary_from_slice(&[yes, no]))
}

/// An Enumerator over one of the chunking generators below, with the block as a Proc.
fn chunker(vm: &mut Vm, s: Value, name: &str, b: Option<&Block>, extra: &[Value]) -> VmResult {
    let mut args = Vec::new();
    if let Some(b) = b {
        let p = vm.proc_new(b.clone(), false);
        args.push(p);
    }
    args.extend_from_slice(extra);
    super::enumerator::native_enum(vm, s, name, &args)
}

/// enum.chunk_while { |elt_before, elt_after| bool } -> an_enumerator
fn enum_chunk_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_none() {
        return Err(vm.arg_error("tried to call chunk_while without a block"));
    }
    chunker(vm, s, "chunk_while", b, &[])
}

/// enum.slice_when { |elt_before, elt_after| bool } -> an_enumerator
fn enum_slice_when(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_none() {
        return Err(vm.arg_error("tried to call slice_when without a block"));
    }
    chunker(vm, s, "slice_when", b, &[])
}

/// enum.chunk { |elt| ... } -> an_enumerator
fn enum_chunk(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_none() {
        return enum_of(vm, s, "chunk", &[]);
    }
    chunker(vm, s, "chunk", b, &[])
}

fn slice_by(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>, name: &str) -> VmResult {
    match (a.first(), b) {
        (Some(&p), None) => chunker(vm, s, name, None, &[p, Value::FALSE]),
        (None, Some(_)) => chunker(vm, s, name, b, &[Value::TRUE]),
        (Some(_), Some(_)) => Err(vm.arg_error("both pattern and block are given")),
        (None, None) => Err(arity_error(vm, 0, "1")),
    }
}

/// enum.slice_before(pattern) -> an_enumerator; enum.slice_before { |elt| bool } -> an_enumerator
fn enum_slice_before(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    slice_by(vm, s, a, b, "slice_before")
}

/// enum.slice_after(pattern) -> an_enumerator; enum.slice_after { |elt| bool } -> an_enumerator
fn enum_slice_after(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    slice_by(vm, s, a, b, "slice_after")
}

/// ArgumentError "wrong number of arguments (given N, expected M)".
fn arity_error(vm: &mut Vm, given: usize, expected: &str) -> Unwind {
    vm.arg_error(&format!(
        "wrong number of arguments (given {given}, expected {expected})"
    ))
}

/// Runs one of the chunking generators (the `each` of the enumerators `chunk_while`,
/// `slice_when`, `chunk`, `slice_before` and `slice_after` return), yielding to `blk`.
pub fn run_generator(
    vm: &mut Vm,
    kind: &str,
    recv: Value,
    args: &[Value],
    blk: &Block,
) -> VmResult {
    let blk = blk.clone();
    match kind {
        "chunk_while" | "slice_when" => {
            let pred = args[0];
            let split_on = kind == "slice_when";
            // [current chunk, previous element]
            let st = vm.ary_from_slice(&[Value::NIL, Value::UNDEF]);
            let b2 = blk.clone();
            each_value(vm, recv, &[st, pred], move |vm, v| {
                let prev = slot(st, 1);
                if prev.is_undef() {
                    let c = vm.ary_from_slice(&[v]);
                    set_slot(st, 0, c);
                } else {
                    let r = vm.funcall(pred, intern("call"), &[prev, v], None)?.truthy();
                    if r == split_on {
                        let done = slot(st, 0);
                        let c = vm.ary_from_slice(&[v]);
                        set_slot(st, 0, c);
                        vm.yield_block(&b2, &[done])?;
                    } else {
                        rarray(slot(st, 0)).vec.push(v);
                    }
                }
                set_slot(st, 1, v);
                Ok(true)
            })?;
            let last = slot(st, 0);
            with_roots(vm, &[st], |vm| {
                if type_of(last) == T_ARRAY {
                    vm.yield_block(&blk, &[last]).map(|_| ())
                } else {
                    Ok(())
                }
            })?;
            Ok(Value::NIL)
        }
        "chunk" => {
            let f = args[0];
            // [current key, current chunk]
            let st = vm.ary_from_slice(&[Value::UNDEF, Value::NIL]);
            let b2 = blk.clone();
            each_value(vm, recv, &[st, f], move |vm, v| {
                let k = vm.funcall(f, intern("call"), &[v], None)?;
                with_roots(vm, &[k], |vm| chunk_step(vm, st, &b2, k, v))?;
                Ok(true)
            })?;
            with_roots(vm, &[st], |vm| chunk_flush(vm, st, &blk))?;
            Ok(Value::NIL)
        }
        _ => {
            // slice_before / slice_after: args = [pattern or proc, is_block]
            let (pat, is_block) = (args[0], args[1].truthy());
            let before = kind == "slice_before";
            let st = vm.ary_from_slice(&[Value::NIL]);
            let b2 = blk.clone();
            each_value(vm, recv, &[st, pat], move |vm, v| {
                let hit = if is_block {
                    vm.funcall(pat, intern("call"), &[v], None)?.truthy()
                } else {
                    case_eq(vm, pat, v)?
                };
                let cur = slot(st, 0);
                if before {
                    if hit && type_of(cur) == T_ARRAY {
                        set_slot(st, 0, Value::NIL);
                        vm.yield_block(&b2, &[cur])?;
                    }
                    let cur = slot(st, 0);
                    if type_of(cur) == T_ARRAY {
                        rarray(cur).vec.push(v);
                    } else {
                        let c = vm.ary_from_slice(&[v]);
                        set_slot(st, 0, c);
                    }
                } else {
                    let c = if type_of(cur) == T_ARRAY {
                        rarray(cur).vec.push(v);
                        cur
                    } else {
                        let c = vm.ary_from_slice(&[v]);
                        set_slot(st, 0, c);
                        c
                    };
                    if hit {
                        set_slot(st, 0, Value::NIL);
                        vm.yield_block(&b2, &[c])?;
                    }
                }
                Ok(true)
            })?;
            let last = slot(st, 0);
            with_roots(vm, &[st], |vm| {
                if type_of(last) == T_ARRAY {
                    vm.yield_block(&blk, &[last]).map(|_| ())
                } else {
                    Ok(())
                }
            })?;
            Ok(Value::NIL)
        }
    }
}

/// Yields the pending `[key, chunk]` of `chunk` (state `st`: [key, chunk]), if any.
fn chunk_flush(vm: &mut Vm, st: Value, b: &Block) -> VmResult<()> {
    let (k, c) = (slot(st, 0), slot(st, 1));
    if !k.is_undef() && type_of(c) == T_ARRAY {
        set_slot(st, 0, Value::UNDEF);
        set_slot(st, 1, Value::NIL);
        let pair = vm.ary_from_slice(&[k, c]);
        vm.yield_block(b, &[pair])?;
    }
    Ok(())
}

/// One element `v` with key `k` for `chunk` (enum.c's chunk_ii).
fn chunk_step(vm: &mut Vm, st: Value, b: &Block, k: Value, v: Value) -> VmResult<()> {
    if k.is_nil() || k == vm.sym("_separator") {
        return chunk_flush(vm, st, b);
    }
    if k == vm.sym("_alone") {
        chunk_flush(vm, st, b)?;
        let c = vm.ary_from_slice(&[v]);
        let pair = vm.ary_from_slice(&[k, c]);
        vm.yield_block(b, &[pair])?;
        return Ok(());
    }
    if k.is_symbol() && crate::object::symbol::sym_name(k.as_symbol_id()).starts_with('_') {
        return Err(vm.raise_str(
            vm.c.runtime_error,
            "symbols beginning with an underscore are reserved",
        ));
    }
    let cur = slot(st, 0);
    if !cur.is_undef() && vm.equal(cur, k)? {
        rarray(slot(st, 1)).vec.push(v);
        return Ok(());
    }
    chunk_flush(vm, st, b)?;
    let c = vm.ary_from_slice(&[v]);
    set_slot(st, 0, k);
    set_slot(st, 1, c);
    Ok(())
}

/// enum.include?(obj) -> true or false
pub fn enum_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let target = a[0];
    let found = Rc::new(Cell::new(false));
    let f2 = found.clone();
    each_value(vm, s, &[target], move |vm, v| {
        if vm.equal(v, target)? {
            f2.set(true);
            return Ok(false);
        }
        Ok(true)
    })?;
    Ok(Value::bool(found.get()))
}

/// The first `n` elements (stops iterating after them).
pub fn take_n(vm: &mut Vm, s: Value, n: i64) -> VmResult {
    let out = vm.ary_new_capa(0);
    if n == 0 {
        return Ok(out);
    }
    each_value(vm, s, &[out], move |_, v| {
        rarray(out).vec.push(v);
        Ok((rarray(out).vec.len() as i64) < n)
    })?;
    Ok(out)
}

/// enum.first -> obj or nil; enum.first(n) -> an_array
fn enum_first(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.first() {
        None => {
            let st = vm.ary_from_slice(&[Value::NIL]);
            each_value(vm, s, &[st], move |_, v| {
                set_slot(st, 0, v);
                Ok(false)
            })?;
            Ok(slot(st, 0))
        }
        Some(&n) => {
            let n = count_arg(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error("attempt to take negative size"));
            }
            take_n(vm, s, n)
        }
    }
}

/// enum.take(n) -> array
fn enum_take(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = count_arg(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to take negative size"));
    }
    take_n(vm, s, n)
}

/// enum.take_while { |obj| block } -> array
fn enum_take_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "take_while", &[]);
    };
    let out = vm.ary_new_capa(0);
    each_raw(vm, s, &[out], move |vm, x| {
        if !vm.yield_block(&b, x)?.truthy() {
            return Ok(false);
        }
        let v = pack(vm, x);
        rarray(out).vec.push(v);
        Ok(true)
    })?;
    Ok(out)
}

/// enum.drop(n) -> array
fn enum_drop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = count_arg(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to drop negative size"));
    }
    let out = vm.ary_new_capa(0);
    let seen = counter();
    each_value(vm, s, &[out], move |_, v| {
        if seen.get() >= n {
            rarray(out).vec.push(v);
        } else {
            seen.set(seen.get() + 1);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// enum.drop_while { |obj| block } -> array
fn enum_drop_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "drop_while", &[]);
    };
    let out = vm.ary_new_capa(0);
    let dropping = Rc::new(Cell::new(true));
    each_elem(vm, s, &[out], move |vm, x, v| {
        if dropping.get() && enum_yield(vm, &b, x, v)?.truthy() {
            return Ok(true);
        }
        dropping.set(false);
        rarray(out).vec.push(v);
        Ok(true)
    })?;
    Ok(out)
}

/// The next value of an external enumerator, or None once it is exhausted.
fn next_or_none(vm: &mut Vm, e: Value) -> VmResult<Option<Value>> {
    match vm.funcall(e, intern("next"), &[], None) {
        Ok(v) => Ok(Some(v)),
        Err(unw)
            if let UnwindKind::Raise(x) = *unw.kind()
                && vm.is_a(x, vm.c.stop_iteration) =>
        {
            Ok(None)
        }
        Err(u) => Err(u),
    }
}

/// enum.zip(*others) -> array; enum.zip(*others) { |arr| block } -> nil
fn enum_zip(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let args = vm.ary_from_slice(a);
    let out = vm.ary_new_capa(0);
    with_roots(vm, &[args, out], |vm| zip_impl(vm, s, args, out, b))
}

fn zip_impl(vm: &mut Vm, s: Value, args: Value, out: Value, b: Option<&Block>) -> VmResult {
    let n = rarray(args).vec.len();
    let mut all_arrays = true;
    for k in 0..n {
        let o = rarray(args).vec[k];
        let c = check_array(vm, o)?;
        if type_of(c) != T_ARRAY {
            all_arrays = false;
            break;
        }
        rarray(args).vec[k] = c;
    }
    if !all_arrays {
        for k in 0..n {
            let o = rarray(args).vec[k];
            if !vm.responds(o, intern("each"), true) {
                let kl = vm.real_class(o);
                let msg = format!(
                    "wrong argument type {} (must respond to :each)",
                    vm.class_name(kl)
                );
                return Err(vm.type_error(&msg));
            }
            let e = vm.funcall(o, intern("to_enum"), &[vm.sym("each")], None)?;
            rarray(args).vec[k] = e;
        }
    }
    let idx = counter();
    let b = b.cloned();
    let has_block = b.is_some();
    each_value(vm, s, &[], move |vm, v| {
        let i = idx.get();
        idx.set(i + 1);
        let t = vm.ary_from_slice(&[v]);
        with_roots(vm, &[t], |vm| {
            for k in 0..rarray(args).vec.len() {
                let o = rarray(args).vec[k];
                let x = if all_arrays {
                    rarray(o).vec.get(i as usize).copied().unwrap_or(Value::NIL)
                } else if o.is_nil() {
                    Value::NIL
                } else {
                    match next_or_none(vm, o)? {
                        Some(x) => x,
                        None => {
                            rarray(args).vec[k] = Value::NIL;
                            Value::NIL
                        }
                    }
                };
                rarray(t).vec.push(x);
            }
            match &b {
                Some(b) => vm.yield_block(b, &[t]).map(|_| ()),
                None => {
                    rarray(out).vec.push(t);
                    Ok(())
                }
            }
        })?;
        Ok(true)
    })?;
    Ok(if has_block { Value::NIL } else { out })
}

/// enum.each_slice(n) { |array| block } -> enum
fn enum_each_slice(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = count_arg(vm, a[0])?;
    if n <= 0 {
        return Err(vm.arg_error("invalid slice size"));
    }
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "each_slice", a);
    };
    let st = vm.ary_from_slice(&[Value::NIL]);
    let b2 = b.clone();
    each_value(vm, s, &[st], move |vm, v| {
        let cur = slot(st, 0);
        let cur = if type_of(cur) == T_ARRAY {
            cur
        } else {
            // the slice grows as elements arrive: `n` may be far more than will ever come
            let c = vm.ary_new(Vec::with_capacity((n as usize).min(1024)));
            set_slot(st, 0, c);
            c
        };
        rarray(cur).vec.push(v);
        if rarray(cur).vec.len() as i64 == n {
            set_slot(st, 0, Value::NIL);
            vm.yield_block(&b2, &[cur])?;
        }
        Ok(true)
    })?;
    let last = slot(st, 0);
    if type_of(last) == T_ARRAY {
        with_roots(vm, &[last], |vm| vm.yield_block(&b, &[last]))?;
    }
    Ok(s)
}

/// enum.each_cons(n) { |array| block } -> enum
fn enum_each_cons(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = count_arg(vm, a[0])?;
    if n <= 0 {
        return Err(vm.arg_error("invalid size"));
    }
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "each_cons", a);
    };
    let win = vm.ary_new_capa(0);
    each_value(vm, s, &[win], move |vm, v| {
        let w = &mut rarray(win).vec;
        if w.len() as i64 == n {
            w.remove(0);
        }
        w.push(v);
        if w.len() as i64 == n {
            let c = vm.ary_from_slice(w);
            vm.yield_block(&b, &[c])?;
        }
        Ok(true)
    })?;
    Ok(s)
}

/// enum.tally(hash = {}) -> a_hash
fn enum_tally(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = match a.first() {
        Some(&h) => {
            if type_of(h) != T_HASH {
                return Err(vm.conversion_error(h, "Hash"));
            }
            if vm.is_frozen(h) {
                return Err(vm.frozen_error(h));
            }
            h
        }
        None => vm.hash_new(),
    };
    each_value(vm, s, &[h], move |vm, v| {
        let cur = super::hash::get(vm, h, v)?;
        let next = if cur.is_nil() {
            Value::fixnum(1)
        } else if is_integer(cur) {
            int_add(vm, cur, Value::fixnum(1))
        } else {
            return Err(vm.conversion_error(cur, "Integer"));
        };
        vm.hash_aset(h, v, next)?;
        Ok(true)
    })?;
    Ok(h)
}

/// enum.uniq { |item| ... } -> array
fn enum_uniq(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let seen = vm.hash_new();
    let out = vm.ary_new_capa(0);
    let b = b.cloned();
    each_elem(vm, s, &[seen, out], move |vm, x, v| {
        let k = match &b {
            Some(b) => vm.yield_block(b, x)?,
            None => v,
        };
        if super::hash::find(vm, seen, k)?.is_none() {
            super::hash::raw_insert(vm, seen, k, Value::TRUE)?;
            rarray(out).vec.push(v);
        }
        Ok(true)
    })?;
    Ok(out)
}

/// enum.to_h(*args) -> hash; enum.to_h(*args) { |*elt| block } -> hash
fn enum_to_h(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    let b = b.cloned();
    let is_ary = type_of(s) == T_ARRAY;
    let idx = counter();
    iterate_call(vm, s, intern("each"), a, &[h], move |vm, x| {
        let v = pack(vm, x);
        let pair = match &b {
            Some(b) => vm.yield_block(b, x)?,
            None => v,
        };
        let i = idx.get();
        idx.set(i + 1);
        let p = check_array(vm, pair)?;
        let at = if is_ary {
            format!(" at {i}")
        } else {
            String::new()
        };
        if type_of(p) != T_ARRAY {
            let what = match p {
                Value::NIL => "nil".to_string(),
                Value::TRUE => "true".to_string(),
                Value::FALSE => "false".to_string(),
                _ => {
                    let k = vm.real_class(p);
                    vm.class_name(k)
                }
            };
            return Err(vm.type_error(&format!("wrong element type {what}{at} (expected array)")));
        }
        let len = rarray(p).vec.len();
        if len != 2 {
            let msg = if is_ary {
                format!("wrong array length{at} (expected 2, was {len})")
            } else {
                format!("element has wrong array length (expected 2, was {len})")
            };
            return Err(vm.arg_error(&msg));
        }
        let (k, v) = (rarray(p).vec[0], rarray(p).vec[1]);
        with_roots(vm, &[p], |vm| vm.hash_aset(h, k, v))?;
        Ok(true)
    })?;
    Ok(h)
}

/// The shared loop of any?/all?/none?/one?: counts truthy tests, stopping at `stop_at`.
fn predicate(
    vm: &mut Vm,
    s: Value,
    a: &[Value],
    b: Option<&Block>,
    want: bool,
    stop_at: i64,
) -> VmResult<i64> {
    let pattern = a.first().copied();
    let b = if pattern.is_some() { None } else { b.cloned() };
    let hits = counter();
    let h2 = hits.clone();
    let roots = a.to_vec();
    each_elem(vm, s, &roots, move |vm, x, v| {
        let t = match (pattern, &b) {
            (Some(p), _) => case_eq(vm, p, v)?,
            (None, Some(b)) => vm.yield_block(b, x)?.truthy(),
            (None, None) => v.truthy(),
        };
        if t == want {
            h2.set(h2.get() + 1);
            if h2.get() >= stop_at {
                return Ok(false);
            }
        }
        Ok(true)
    })?;
    Ok(hits.get())
}

/// enum.any?(pattern = nil) { |obj| block } -> true or false
fn enum_any_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    Ok(Value::bool(predicate(vm, s, a, b, true, 1)? > 0))
}

/// enum.all?(pattern = nil) { |obj| block } -> true or false
fn enum_all_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    Ok(Value::bool(predicate(vm, s, a, b, false, 1)? == 0))
}

/// enum.none?(pattern = nil) { |obj| block } -> true or false
fn enum_none_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    Ok(Value::bool(predicate(vm, s, a, b, true, 1)? == 0))
}

/// enum.one?(pattern = nil) { |obj| block } -> true or false
fn enum_one_p(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    Ok(Value::bool(predicate(vm, s, a, b, true, 2)? == 1))
}

/// enum.reverse_each(*args) { |item| block } -> enum
fn enum_reverse_each(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return enum_of(vm, s, "reverse_each", a);
    };
    let all = collect(vm, s, intern("each"), a)?;
    with_roots(vm, &[all], |vm| {
        let mut i = rarray(all).vec.len();
        while i > 0 {
            i -= 1;
            let v = rarray(all).vec.get(i).copied().unwrap_or(Value::NIL);
            vm.yield_block(b, &[v])?;
        }
        Ok(())
    })?;
    Ok(s)
}

/// enum.cycle(n = nil) { |obj| block } -> nil
fn enum_cycle(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return enum_of(vm, s, "cycle", a);
    };
    let times = match a.first() {
        Some(&n) if !n.is_nil() => {
            let n = count_arg(vm, n)?;
            if n <= 0 {
                return Ok(Value::NIL);
            }
            Some(n)
        }
        _ => None,
    };
    let saved = vm.ary_new_capa(0);
    let b2 = b.clone();
    each_elem(vm, s, &[saved], move |vm, x, v| {
        rarray(saved).vec.push(v);
        enum_yield(vm, &b2, x, v)?;
        Ok(true)
    })?;
    if rarray(saved).vec.is_empty() {
        return Ok(Value::NIL);
    }
    with_roots(vm, &[saved], |vm| {
        let mut round = 1;
        while times.is_none_or(|n| round < n) {
            let mut i = 0;
            while i < rarray(saved).vec.len() {
                let v = rarray(saved).vec[i];
                vm.yield_block(&b, &[v])?;
                i += 1;
            }
            round += 1;
        }
        Ok(())
    })?;
    Ok(Value::NIL)
}
