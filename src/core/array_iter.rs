//! Array iteration natives: each/map/select and their in-place forms, searching (index, rindex,
//! bsearch), take/drop, cycle, count, sum and zip. Every loop re-reads the length each round,
//! because the block may change the array.

use super::array::{
    M, alen, block_or_enum, check_array, check_frozen, elt, new_ary, num2long, rooted, vec_of,
};
use super::array_enum::each_yield;
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
    each_yield_reverse(vm, s, b, |_, _, _, _| Ok(true))?;
    Ok(s)
}
/// Calls block `b` with each element from the last to the first, all in one block frame
/// (`Vm::yield_each`); after each call the next index is clamped to the length, as CRuby's
/// reverse loops do. `after` gets the index and the element yielded with the block's result
/// and answers whether to go on; the element stays rooted until it has seen it.
fn each_yield_reverse(
    vm: &mut Vm,
    s: Value,
    b: &Block,
    mut after: impl FnMut(&mut Vm, usize, Value, Value) -> VmResult<bool>,
) -> VmResult<()> {
    let holder = vm.ary_from_slice(&[Value::NIL]);
    rooted(vm, &[holder], |vm| {
        let mut i = alen(s);
        vm.yield_each(b, &mut |vm, r| {
            if !r.is_undef() {
                if !after(vm, i, vec_of(holder)[0], r)? {
                    return Ok(None);
                }
                i = i.min(alen(s));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
            let v = elt(s, i);
            vec_of(holder)[0] = v;
            Ok(Some(YieldArgs::one(v)))
        })
    })
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
    each_yield(vm, s, b, |vm, _, r| {
        // stored as rb_ary_store does: the block may have frozen or shortened the array
        check_frozen(vm, s)?;
        let vv = vec_of(s);
        if i >= vv.len() {
            vv.resize(i + 1, Value::NIL);
        }
        vv[i] = r;
        i += 1;
        Ok(true)
    })?;
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
    let r = each_yield(vm, s, b, |vm, v, r| {
        i1 += 1;
        if r.truthy() == keep {
            if i1 - 1 != i2 {
                // stored as rb_ary_store does: the block may have frozen the array
                check_frozen(vm, s)?;
                if i2 < alen(s) {
                    vec_of(s)[i2] = v;
                }
            }
            i2 += 1;
        }
        Ok(true)
    });
    // the compaction runs even after an exception or a break (CRuby's ensure), and its frozen
    // check replaces what the block raised
    let len = alen(s);
    let removed = i2 < i1.min(len);
    if removed {
        check_frozen(vm, s)?;
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
    if let (None, Some(b)) = (a.first(), b) {
        let (mut i, mut found) = (0, Value::NIL);
        each_yield(vm, s, b, |_, _, r| {
            if r.truthy() {
                found = Value::fixnum(i);
                return Ok(false);
            }
            i += 1;
            Ok(true)
        })?;
        return Ok(found);
    }
    let mut i = 0;
    while i < alen(s) {
        let e = vec_of(s)[i];
        if vm.equal(e, a[0])? {
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
    if let (None, Some(b)) = (a.first(), b) {
        let mut found = Value::NIL;
        each_yield_reverse(vm, s, b, |_, i, _, r| {
            if r.truthy() {
                found = Value::fixnum(i as i64);
            }
            Ok(!r.truthy())
        })?;
        return Ok(found);
    }
    let mut i = alen(s);
    while i > 0 {
        i -= 1;
        let e = elt(s, i);
        if vm.equal(e, a[0])? {
            return Ok(Value::fixnum(i as i64));
        }
        i = i.min(alen(s));
    }
    Ok(Value::NIL)
}
/// ary.rfind(if_none_proc = nil) {|element| ... } -> object or nil
fn a_rfind(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let b = block_or_enum!(vm, s, b, "rfind", a);
    let mut found = None;
    each_yield_reverse(vm, s, b, |_, _, e, r| {
        if r.truthy() {
            found = Some(e);
        }
        Ok(!r.truthy())
    })?;
    if let Some(e) = found {
        return Ok(e);
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
/// How many leading elements the block answers truthy for.
fn while_len(vm: &mut Vm, s: Value, b: &Block) -> VmResult<usize> {
    let mut i = 0;
    each_yield(vm, s, b, |_, _, r| {
        i += r.truthy() as usize;
        Ok(r.truthy())
    })?;
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
    // rounds while the array is not empty and `n` allows; each round re-reads the length
    let mut i = usize::MAX;
    vm.yield_each(b, &mut |_, _| loop {
        if i < alen(s) {
            i += 1;
            return Ok(Some(YieldArgs::one(vec_of(s)[i - 1])));
        }
        if alen(s) == 0 || n == 0 {
            return Ok(None);
        }
        if n > 0 {
            n -= 1;
        }
        i = 0;
    })?;
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
    if let (None, Some(b)) = (a.first(), b) {
        return super::array_enum::count_by_block(vm, s, b);
    }
    while i < alen(s) {
        let e = vec_of(s)[i];
        if vm.equal(e, a[0])? {
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
        let mut sum = ArySum {
            acc,
            phase: SumPhase::Exact,
            n: 0,
            seen: 0,
            explicit: !a.is_empty(),
        };
        match b {
            Some(b) => super::array_enum::each_yield(vm, s, b, |vm, _, e| {
                sum.add(vm, e)?;
                Ok(true)
            })?,
            None => {
                let mut i = 0;
                while i < alen(s) {
                    i += 1;
                    sum.add(vm, elt(s, i - 1))?;
                }
            }
        }
        sum.finish(vm)
    })
}
/// Where `ary.sum` is (CRuby's ary_sum): adding Integers exactly, Floats with compensation, or
/// anything else with `+`; it only moves forward.
enum SumPhase {
    Exact,
    Float(FloatSum),
    Plus,
}
/// The running state of `ary.sum`, fed one element (or block value) at a time.
struct ArySum {
    /// A rooted Array whose element 0 is the running value (the init, then the exact total,
    /// then the `+` total).
    acc: Value,
    phase: SumPhase,
    /// Fixnums summed in a machine word during the exact phase.
    n: i64,
    /// How many values have been added.
    seen: usize,
    /// Whether the init was given (an all-Integer sum then adds it with Integer#+).
    explicit: bool,
}
impl ArySum {
    fn add(&mut self, vm: &mut Vm, e: Value) -> VmResult<()> {
        self.seen += 1;
        match &mut self.phase {
            SumPhase::Exact => {
                if e.is_fixnum() {
                    self.n += e.as_fixnum();
                    if !Value::fits_fixnum(self.n) {
                        let nv = vm.int(self.n);
                        let v = vec_of(self.acc)[0];
                        vec_of(self.acc)[0] = super::integer::int_plus(vm, nv, v)?;
                        self.n = 0;
                    }
                    return Ok(());
                }
                if type_of(e) == T_BIGNUM {
                    let v = vec_of(self.acc)[0];
                    vec_of(self.acc)[0] = super::integer::int_plus(vm, e, v)?;
                    return Ok(());
                }
                // the first value that is not an Integer ends the exact phase
                let v = self.exact_total(vm, self.seen > 1)?;
                if is_float(e) {
                    let start = super::float::num2dbl(vm, v)?;
                    self.phase = SumPhase::Float(FloatSum::new(start));
                    return self.add_float(vm, e);
                }
                self.phase = SumPhase::Plus;
                self.plus(vm, e)
            }
            SumPhase::Float(_) => self.add_float(vm, e),
            SumPhase::Plus => self.plus(vm, e),
        }
    }
    /// The exact phase's total: the machine word added to the running value (also when it is
    /// zero if `z`, so that an Integer init is added with Integer#+).
    fn exact_total(&mut self, vm: &mut Vm, z: bool) -> VmResult {
        let v = vec_of(self.acc)[0];
        let v = if self.n != 0 {
            super::integer::int_plus(vm, Value::fixnum(self.n), v)?
        } else if z {
            super::integer::int_plus(vm, Value::fixnum(0), v)?
        } else {
            v
        };
        self.n = 0;
        vec_of(self.acc)[0] = v;
        Ok(v)
    }
    fn add_float(&mut self, vm: &mut Vm, e: Value) -> VmResult<()> {
        let SumPhase::Float(fs) = &mut self.phase else {
            unreachable!("float phase")
        };
        match num_f64(e) {
            Some(x) => fs.add(x),
            None => {
                // not a number: the rest is summed with `+` from the uncompensated total
                let fv = vm.float(fs.f);
                vec_of(self.acc)[0] = fv;
                self.phase = SumPhase::Plus;
                return self.plus(vm, e);
            }
        }
        Ok(())
    }
    fn plus(&mut self, vm: &mut Vm, e: Value) -> VmResult<()> {
        let v = vec_of(self.acc)[0];
        vec_of(self.acc)[0] = vm.funcall(v, intern("+"), &[e], None)?;
        Ok(())
    }
    fn finish(&mut self, vm: &mut Vm) -> VmResult {
        match &self.phase {
            SumPhase::Exact => self.exact_total(vm, self.explicit),
            SumPhase::Float(fs) => Ok(vm.float(fs.result())),
            SumPhase::Plus => Ok(vec_of(self.acc)[0]),
        }
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
