//! Array iteration natives: each/map/select and their in-place forms, searching (index, rindex,
//! bsearch), take/drop, cycle, count, sum and zip. Every loop re-reads the length each round,
//! because the block may change the array.

use super::array::{
    M, alen, block_or_enum, check_array, check_frozen, elt, new_ary, num2long, rooted, vec_of,
};
use super::object::{float_value, is_float};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

pub(crate) const TABLE: &[M] = &[
    ("each", a_each, 0, 0),
    ("each_index", a_each_index, 0, 0),
    ("reverse_each", a_reverse_each, 0, 0),
    ("map", a_map, 0, 0),
    ("collect", a_map, 0, 0),
    ("map!", a_map_bang, 0, 0),
    ("collect!", a_map_bang, 0, 0),
    ("select", a_select, 0, 0),
    ("filter", a_select, 0, 0),
    ("reject", a_reject, 0, 0),
    ("select!", a_select_bang, 0, 0),
    ("filter!", a_select_bang, 0, 0),
    ("keep_if", a_keep_if, 0, 0),
    ("reject!", a_reject_bang, 0, 0),
    ("delete_if", a_delete_if, 0, 0),
    ("index", a_index, 0, 1),
    ("find_index", a_index, 0, 1),
    ("rindex", a_rindex, 0, 1),
    ("rfind", a_rfind, 0, 1),
    ("take", a_take, 1, 1),
    ("drop", a_drop, 1, 1),
    ("take_while", a_take_while, 0, 0),
    ("drop_while", a_drop_while, 0, 0),
    ("cycle", a_cycle, 0, 1),
    ("bsearch", a_bsearch, 0, 0),
    ("bsearch_index", a_bsearch_index, 0, 0),
    ("count", a_count, 0, 1),
    ("sum", a_sum, 0, 1),
    ("zip", a_zip, 0, -1),
];

/// The builtin `each` (callers check a receiver still uses it: `Vm::method_if_native`).
pub(crate) const EACH: crate::vm::NativeFn = a_each;
/// ary.each {|element| ... } -> self
fn a_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each", &[]);
    let mut i = 0;
    vm.yield_each(b, &mut |_, _| {
        // the length is read at each step: the block may change the array
        Ok((i < alen(s)).then(|| {
            i += 1;
            YieldArgs::one(vec_of(s)[i - 1])
        }))
    })?;
    Ok(s)
}
/// ary.each_index {|index| ... } -> self
fn a_each_index(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "each_index", &[]);
    let mut i = 0;
    vm.yield_each(b, &mut |_, _| {
        Ok((i < alen(s)).then(|| {
            i += 1;
            YieldArgs::one(Value::fixnum(i as i64 - 1))
        }))
    })?;
    Ok(s)
}
/// ary.reverse_each {|element| ... } -> self
fn a_reverse_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reverse_each", &[]);
    let mut len = alen(s);
    while len > 0 {
        len -= 1;
        let v = elt(s, len);
        vm.yield_block(b, &[v])?;
        len = len.min(alen(s));
    }
    Ok(s)
}
/// ary.map {|element| ... } -> new_array
fn a_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "map", &[]);
    let out = vm.ary_new(Vec::with_capacity(alen(s)));
    rooted(vm, &[out], |vm| {
        let mut i = 0;
        vm.yield_each(b, &mut |_, r| {
            if !r.is_undef() {
                vec_of(out).push(r);
            }
            Ok((i < alen(s)).then(|| {
                i += 1;
                YieldArgs::one(vec_of(s)[i - 1])
            }))
        })?;
        Ok(out)
    })
}
/// ary.map! {|element| ... } -> self
fn a_map_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "map!", &[]);
    check_frozen(vm, s)?;
    let mut i = 0;
    while i < alen(s) {
        let v = vec_of(s)[i];
        let r = vm.yield_block(b, &[v])?;
        check_frozen(vm, s)?;
        let vv = vec_of(s);
        if i >= vv.len() {
            vv.resize(i + 1, Value::NIL);
        }
        vv[i] = r;
        i += 1;
    }
    Ok(s)
}
fn filter(vm: &mut Vm, s: Value, b: &Block, keep: bool) -> VmResult {
    let out = vm.ary_new_capa(0);
    rooted(vm, &[out], |vm| {
        // the element last yielded (the array may change under the block): `select` keeps
        // what is at its index after the block, `reject` the value it yielded, as CRuby's do
        let (mut i, mut v) = (0, Value::NIL);
        vm.yield_each(b, &mut |_, r| {
            if !r.is_undef() && r.truthy() == keep {
                let kept = if keep {
                    vec_of(s).get(i - 1).copied().unwrap_or(Value::NIL)
                } else {
                    v
                };
                vec_of(out).push(kept);
            }
            Ok((i < alen(s)).then(|| {
                v = vec_of(s)[i];
                i += 1;
                YieldArgs::one(v)
            }))
        })?;
        Ok(out)
    })
}
/// ary.select {|element| ... } -> new_array
fn a_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "select", &[]);
    filter(vm, s, b, true)
}
/// ary.reject {|element| ... } -> new_array
fn a_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reject", &[]);
    filter(vm, s, b, false)
}

/// Keeps the elements for which the block's truthiness equals `keep`, compacting in place as
/// CRuby's select_bang does (an exception keeps the decisions made so far). Returns whether
/// anything was removed.
fn filter_bang(vm: &mut Vm, s: Value, b: &Block, keep: bool) -> VmResult<bool> {
    check_frozen(vm, s)?;
    let (mut i1, mut i2) = (0usize, 0usize);
    let r = loop {
        if i1 >= alen(s) {
            break Ok(());
        }
        let v = vec_of(s)[i1];
        match vm.yield_block(b, &[v]) {
            Ok(r) => {
                i1 += 1;
                if r.truthy() == keep {
                    if i1 - 1 != i2 && i2 < alen(s) {
                        vec_of(s)[i2] = v;
                    }
                    i2 += 1;
                }
            }
            Err(e) => break Err(e),
        }
    };
    let len = alen(s);
    let removed = i2 < i1.min(len);
    if removed {
        vec_of(s).drain(i2..i1.min(len));
    }
    r.map(|_| removed)
}
/// ary.select! {|element| ... } -> self or nil
fn a_select_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "select!", &[]);
    Ok(if filter_bang(vm, s, b, true)? {
        s
    } else {
        Value::NIL
    })
}
/// ary.keep_if {|element| ... } -> self
fn a_keep_if(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "keep_if", &[]);
    filter_bang(vm, s, b, true)?;
    Ok(s)
}
/// ary.reject! {|element| ... } -> self or nil
fn a_reject_bang(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "reject!", &[]);
    Ok(if filter_bang(vm, s, b, false)? {
        s
    } else {
        Value::NIL
    })
}
/// ary.delete_if {|element| ... } -> self
fn a_delete_if(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "delete_if", &[]);
    filter_bang(vm, s, b, false)?;
    Ok(s)
}

/// ary.index(object) -> integer or nil; ary.index {|element| ... } -> integer or nil
fn a_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.is_empty() && b.is_none() {
        return super::array::enum_for(vm, s, "index", &[]);
    }
    let mut i = 0;
    while i < alen(s) {
        let e = vec_of(s)[i];
        let hit = match a.first() {
            Some(&x) => vm.equal(e, x)?,
            None => vm.yield_block(b.expect("block"), &[e])?.truthy(),
        };
        if hit {
            return Ok(Value::fixnum(i as i64));
        }
        i += 1;
    }
    Ok(Value::NIL)
}
/// ary.rindex(object) -> integer or nil; ary.rindex {|element| ... } -> integer or nil
fn a_rindex(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if a.is_empty() && b.is_none() {
        return super::array::enum_for(vm, s, "rindex", &[]);
    }
    let mut i = alen(s);
    while i > 0 {
        i -= 1;
        let e = elt(s, i);
        let hit = match a.first() {
            Some(&x) => vm.equal(e, x)?,
            None => vm.yield_block(b.expect("block"), &[e])?.truthy(),
        };
        if hit {
            return Ok(Value::fixnum(i as i64));
        }
        i = i.min(alen(s));
    }
    Ok(Value::NIL)
}
/// ary.rfind(if_none_proc = nil) {|element| ... } -> object or nil
fn a_rfind(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "rfind", a);
    let mut i = alen(s);
    while i > 0 {
        i -= 1;
        let e = elt(s, i);
        if vm.yield_block(b, &[e])?.truthy() {
            return Ok(e);
        }
        i = i.min(alen(s));
    }
    match a.first() {
        Some(&p) if !p.is_nil() => vm.funcall(p, intern("call"), &[], None),
        _ => Ok(Value::NIL),
    }
}
/// ary.take(n) -> new_array
fn a_take(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to take negative size"));
    }
    let v: Vec<Value> = vec_of(s).iter().take(n as usize).copied().collect();
    Ok(new_ary(vm, v))
}
/// ary.drop(n) -> new_array
fn a_drop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to drop negative size"));
    }
    let v: Vec<Value> = vec_of(s).iter().skip(n as usize).copied().collect();
    Ok(new_ary(vm, v))
}
fn while_len(vm: &mut Vm, s: Value, b: &Block) -> VmResult<usize> {
    let mut i = 0;
    while i < alen(s) {
        let v = vec_of(s)[i];
        if !vm.yield_block(b, &[v])?.truthy() {
            break;
        }
        i += 1;
    }
    Ok(i.min(alen(s)))
}
/// ary.take_while {|element| ... } -> new_array
fn a_take_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "take_while", &[]);
    let n = while_len(vm, s, b)?;
    let v = vec_of(s)[..n].to_vec();
    Ok(new_ary(vm, v))
}
/// ary.drop_while {|element| ... } -> new_array
fn a_drop_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "drop_while", &[]);
    let n = while_len(vm, s, b)?;
    let v = vec_of(s)[n..].to_vec();
    Ok(new_ary(vm, v))
}
/// ary.cycle(n = nil) {|element| ... } -> nil
fn a_cycle(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
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
    while alen(s) > 0 && n != 0 {
        if n > 0 {
            n -= 1;
        }
        let mut i = 0;
        while i < alen(s) {
            let v = vec_of(s)[i];
            vm.yield_block(b, &[v])?;
            i += 1;
        }
    }
    Ok(Value::NIL)
}
/// The index bsearch finds (find-minimum mode for true/false/nil, find-any for numbers).
fn bsearch_index(vm: &mut Vm, s: Value, b: &Block) -> VmResult<Option<usize>> {
    bsearch_by(vm, alen(s), b, |i| elt(s, i))
}

/// Binary search over `len` positions whose values `at` gives (Array#bsearch, Range#bsearch).
pub fn bsearch_by(
    vm: &mut Vm,
    len: usize,
    b: &Block,
    at: impl Fn(usize) -> Value,
) -> VmResult<Option<usize>> {
    let (mut low, mut high) = (0usize, len);
    let mut satisfied = false;
    while low < high {
        let mid = low + (high - low) / 2;
        let v = vm.yield_block(b, &[at(mid)])?;
        let smaller;
        if v.is_fixnum() {
            if v.as_fixnum() == 0 {
                return Ok(Some(mid));
            }
            smaller = v.as_fixnum() < 0;
        } else if v == Value::TRUE {
            satisfied = true;
            smaller = true;
        } else if !v.truthy() {
            smaller = false;
        } else if vm.is_a(v, vm.c.numeric) {
            let zero = Value::fixnum(0);
            let c = vm.funcall(v, intern("<=>"), &[zero], None)?;
            match super::array_qsort::cmpint(vm, c, v, zero)? {
                0 => return Ok(Some(mid)),
                1 => smaller = false,
                _ => smaller = true,
            }
        } else {
            let k = vm.real_class(v);
            let msg = format!(
                "wrong argument type {} (must be numeric, true, false or nil)",
                vm.class_name(k)
            );
            return Err(vm.type_error(&msg));
        }
        if smaller {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Ok(if satisfied { Some(low) } else { None })
}
/// ary.bsearch {|element| ... } -> object or nil
fn a_bsearch(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "bsearch", &[]);
    Ok(bsearch_index(vm, s, b)?
        .map(|i| elt(s, i))
        .unwrap_or(Value::NIL))
}
/// ary.bsearch_index {|element| ... } -> integer or nil
fn a_bsearch_index(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "bsearch_index", &[]);
    Ok(bsearch_index(vm, s, b)?
        .map(|i| Value::fixnum(i as i64))
        .unwrap_or(Value::NIL))
}
/// ary.count -> integer; ary.count(obj) -> integer; ary.count {|element| ... } -> integer
fn a_count(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let mut n = 0;
    let mut i = 0;
    if a.is_empty() && b.is_none() {
        return Ok(vm.int(alen(s) as i64));
    }
    while i < alen(s) {
        let e = vec_of(s)[i];
        let hit = match a.first() {
            Some(&x) => vm.equal(e, x)?,
            None => vm.yield_block(b.expect("block"), &[e])?.truthy(),
        };
        if hit {
            n += 1;
        }
        i += 1;
    }
    Ok(vm.int(n))
}

/// Kahan-Babuska compensated float summation, as CRuby's Array#sum and Enumerable#sum.
pub(crate) struct FloatSum {
    pub f: f64,
    c: f64,
}
impl FloatSum {
    pub fn new(f: f64) -> FloatSum {
        FloatSum { f, c: 0.0 }
    }
    pub fn add(&mut self, x: f64) {
        let f = self.f;
        if f.is_nan() {
            return;
        }
        if x.is_nan() {
            self.f = x;
            return;
        }
        if x.is_infinite() {
            self.f = if f.is_infinite() && x.is_sign_negative() != f.is_sign_negative() {
                f64::NAN
            } else {
                x
            };
            return;
        }
        if f.is_infinite() {
            return;
        }
        let t = f + x;
        if f.abs() >= x.abs() {
            self.c += (f - t) + x;
        } else {
            self.c += (x - t) + f;
        }
        self.f = t;
    }
    pub fn result(&self) -> f64 {
        self.f + self.c
    }
}
/// The f64 of an Integer or Float (None for other values).
pub(crate) fn num_f64(v: Value) -> Option<f64> {
    if is_float(v) {
        Some(float_value(v))
    } else if super::integer::is_int(v) {
        Some(super::integer::int_to_f64(v))
    } else {
        None
    }
}
/// ary.sum(init = 0) -> object; ary.sum(init = 0) {|element| ... } -> object
fn a_sum(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let init = a.first().copied().unwrap_or(Value::fixnum(0));
    if alen(s) == 0 {
        return Ok(init);
    }
    let acc = vm.ary_from_slice(&[init]);
    rooted(vm, &[acc], |vm| {
        let next = |vm: &mut Vm, i: usize| -> VmResult<Value> {
            let e = elt(s, i);
            match b {
                Some(b) => vm.yield_block(b, &[e]),
                None => Ok(e),
            }
        };
        // exact phase: fixnums summed in a machine word, bignums added to the total
        let mut n: i64 = 0;
        let mut i = 0;
        let mut pending = None;
        while i < alen(s) {
            let e = next(vm, i)?;
            i += 1;
            if e.is_fixnum() {
                n += e.as_fixnum();
                if !Value::fits_fixnum(n) {
                    let nv = vm.int(n);
                    let v = vec_of(acc)[0];
                    vec_of(acc)[0] = super::integer::int_plus(vm, nv, v)?;
                    n = 0;
                }
            } else if type_of(e) == T_BIGNUM {
                let v = vec_of(acc)[0];
                vec_of(acc)[0] = super::integer::int_plus(vm, e, v)?;
            } else {
                pending = Some(e);
                break;
            }
        }
        let z = match pending {
            None => !a.is_empty(),
            Some(_) => i > 1,
        };
        let v = vec_of(acc)[0];
        let v = if n != 0 {
            super::integer::int_plus(vm, Value::fixnum(n), v)?
        } else if z {
            super::integer::int_plus(vm, Value::fixnum(0), v)?
        } else {
            v
        };
        vec_of(acc)[0] = v;
        let Some(mut e) = pending else { return Ok(v) };
        if is_float(e) {
            let start = super::float::num2dbl(vm, v)?;
            let mut fs = FloatSum::new(start);
            loop {
                match num_f64(e) {
                    Some(x) => fs.add(x),
                    None => {
                        let fv = vm.float(fs.f);
                        vec_of(acc)[0] = fv;
                        return generic_sum(vm, s, b, acc, e, i);
                    }
                }
                if i >= alen(s) {
                    break;
                }
                e = next(vm, i)?;
                i += 1;
            }
            return Ok(vm.float(fs.result()));
        }
        generic_sum(vm, s, b, acc, e, i)
    })
}
/// The `+` phase of sum: acc[0] + e + the rest from index i.
fn generic_sum(
    vm: &mut Vm,
    s: Value,
    b: Option<&Block>,
    acc: Value,
    mut e: Value,
    mut i: usize,
) -> VmResult {
    loop {
        let v = vec_of(acc)[0];
        let r = vm.funcall(v, intern("+"), &[e], None)?;
        vec_of(acc)[0] = r;
        if i >= alen(s) {
            return Ok(r);
        }
        let x = elt(s, i);
        i += 1;
        e = match b {
            Some(b) => vm.yield_block(b, &[x])?,
            None => x,
        };
    }
}
/// ary.zip(*other_arrays) -> new_array; ary.zip(*other_arrays) {|sub_array| ... } -> nil
pub(crate) fn a_zip(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let len = alen(s);
    let mut others = Vec::new();
    let keep = vm.ary_new_capa(0);
    let mark = vm.stack.len();
    vm.stack.push(keep);
    for &o in a {
        let items = match check_array(vm, o) {
            Ok(Some(arr)) => vec_of(arr).iter().take(len).copied().collect(),
            Ok(None) => {
                if !vm.responds(o, intern("each"), true) {
                    let k = vm.real_class(o);
                    let msg = format!(
                        "wrong argument type {} (must respond to :each)",
                        vm.class_name(k)
                    );
                    vm.stack.truncate(mark);
                    return Err(vm.type_error(&msg));
                }
                let n = Value::fixnum(len as i64);
                match vm
                    .funcall(o, intern("first"), &[n], None)
                    .and_then(|r| super::array::to_ary(vm, r))
                {
                    Ok(r) => vec_of(r).to_vec(),
                    Err(e) => {
                        vm.stack.truncate(mark);
                        return Err(e);
                    }
                }
            }
            Err(e) => {
                vm.stack.truncate(mark);
                return Err(e);
            }
        };
        let arr = vm.ary_new(items);
        vec_of(keep).push(arr);
        others.push(arr);
    }
    vm.stack.truncate(mark);
    rooted(vm, &[keep], |vm| {
        let row = |vm: &mut Vm, i: usize| -> Value {
            let mut t = vec![elt(s, i)];
            t.extend(others.iter().map(|&o| elt(o, i)));
            vm.ary_new(t)
        };
        match b {
            Some(b) => {
                let mut i = 0;
                while i < alen(s) {
                    let t = row(vm, i);
                    super::array::yield_rooted(vm, b, &[t])?;
                    i += 1;
                }
                Ok(Value::NIL)
            }
            None => {
                let rows: Vec<Value> = (0..len).map(|i| row(vm, i)).collect();
                Ok(vm.ary_new(rows))
            }
        }
    })
}
