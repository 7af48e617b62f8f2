//! Range (`RRange` in object/heap.rs: begin, end, exclude_end; frozen) and
//! Enumerator::ArithmeticSequence (what `Range#step`/`%` return without a block for numeric
//! ranges: an Enumerator over `range.step(n)` with its own inspect and size).
//!
//! Iteration follows range.c: Integer ranges count natively (fixnums, then big integers,
//! endless ranges forever), String ranges walk `succ` as `String#upto` does (single
//! characters and digit strings specially), Symbol ranges walk their names, and anything
//! else needs `succ` and `<=>` ("can't iterate from Float"). Inclusion is `cover?` for numeric
//! ranges and iteration for String ranges (Ruby 4.0 semantics).

use super::comparable::{cmp_call, cmpint, compare};
use super::enumerable::{self, with_roots};
use super::integer::{is_int, to_big};
use super::object::{float_value, is_float, is_string};
use super::string_encoding::Joined;
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};
use crate::vm::yield_each::YieldArgs;
use num_bigint::BigInt;
use std::cmp::Ordering;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const RANGE: &[M] = &[
    ("first", range_first, 0, 1),
    ("last", range_last, 0, 1),
    ("begin", range_begin, 0, 0),
    ("end", range_end, 0, 0),
    ("min", range_min, 0, 1),
    ("max", range_max, 0, 1),
    ("minmax", range_minmax, 0, 0),
    ("size", range_size, 0, 0),
    ("count", range_count, 0, 1),
    ("each", range_each, 0, 0),
    ("reverse_each", range_reverse_each, 0, 0),
    ("step", range_step, 0, 1),
    ("%", range_percent, 1, 1),
    ("to_a", range_to_a, 0, 0),
    ("entries", range_to_a, 0, 0),
    ("include?", range_include_p, 1, 1),
    ("member?", range_include_p, 1, 1),
    ("cover?", range_cover_p, 1, 1),
    ("===", range_eqq, 1, 1),
    ("exclude_end?", range_exclude_end_p, 0, 0),
    ("==", range_eq, 1, 1),
    ("eql?", range_eql, 1, 1),
    ("hash", range_hash, 0, 0),
    ("inspect", range_inspect, 0, 0),
    ("to_s", range_to_s, 0, 0),
    ("dup", range_dup, 0, 0),
    ("overlap?", range_overlap_p, 1, 1),
    ("bsearch", r_bsearch, 0, 0),
];

const ARITH_SEQ: &[M] = &[
    ("inspect", aseq_inspect, 0, 0),
    ("to_s", aseq_inspect, 0, 0),
    ("size", aseq_size, 0, 0),
    ("begin", aseq_begin, 0, 0),
    ("end", aseq_end, 0, 0),
    ("step", aseq_step, 0, 0),
    ("exclude_end?", aseq_exclude_end_p, 0, 0),
    ("last", aseq_last, 0, 1),
    ("==", aseq_eq, 1, 1),
    ("eql?", aseq_eq, 1, 1),
    ("===", aseq_eq, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let r = vm.c.range;
    vm.define_natives(r, RANGE);
    vm.define_singleton_natives(r, &[("new", range_s_new, 2, 3)]);
    let e = vm.c.enumerator;
    let aseq = vm.define_class_under(e, "ArithmeticSequence", e);
    vm.class_data(aseq).instance_type = T_NONE;
    vm.define_natives(aseq, ARITH_SEQ);
}

/// The first element and the exclusive limit of a Range whose ends are both fixnums.
pub(crate) fn fixnum_bounds(r: Value) -> Option<(i64, i64)> {
    let (b, e, excl) = parts(r);
    Some((b.fixnum_opt()?, e.fixnum_opt()? + i64::from(!excl)))
}

/// The builtin `each` (callers check a receiver still uses it: `Vm::method_if_native`).
pub(crate) const EACH: crate::vm::NativeFn = range_each;

fn parts(r: Value) -> (Value, Value, bool) {
    let r = rrange(r);
    (r.begin, r.end, r.excl)
}

fn class_name_of(vm: &mut Vm, v: Value) -> String {
    let k = vm.real_class(v);
    vm.class_name(k)
}

fn cant_iterate(vm: &mut Vm, v: Value) -> Unwind {
    let n = class_name_of(vm, v);
    vm.type_error(&format!("can't iterate from {n}"))
}

/// `a <=> b` as range.c's r_less: None when they are not comparable.
fn r_less(vm: &mut Vm, a: Value, b: Value) -> VmResult<Option<Ordering>> {
    if a.is_fixnum() && b.is_fixnum() {
        return Ok(Some(a.as_fixnum().cmp(&b.as_fixnum())));
    }
    let r = cmp_call(vm, a, b)?;
    if r.is_nil() {
        return Ok(None);
    }
    cmpint(vm, r, a, b).map(Some)
}

fn is_numeric(vm: &mut Vm, v: Value) -> bool {
    v.is_fixnum() || is_float(v) || vm.is_a(v, vm.c.numeric)
}

/// Whether `v` can be iterated with `succ` (range.c's discrete_object_p; Strings and Symbols
/// always can).
fn discrete(vm: &mut Vm, v: Value) -> bool {
    is_string(v) || v.is_symbol() || vm.responds(v, intern("succ"), false)
}

fn int_value(vm: &mut Vm, b: BigInt) -> Value {
    vm.bigint(b)
}

// ---- String#succ and String#upto as range iteration uses them ----

/// The successor of a string (String#succ): the rightmost alphanumeric is incremented,
/// carrying leftwards within the alphanumerics (a digit stays a digit, a letter keeps its
/// case); without alphanumerics the rightmost byte is incremented.
pub fn str_succ(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    if out.is_empty() {
        return out;
    }
    if out.iter().any(|c| c.is_ascii_alphanumeric()) {
        let mut i = out.len();
        let mut last_alnum: Option<usize> = None;
        let mut gap = false;
        let mut carry: Option<u8> = None;
        while i > 0 {
            i -= 1;
            let c = out[i];
            if !c.is_ascii_alphanumeric() {
                if last_alnum.is_some() {
                    gap = true;
                }
                continue;
            }
            if let Some(l) = last_alnum
                && gap
                && (out[l].is_ascii_digit() != c.is_ascii_digit())
            {
                break;
            }
            gap = false;
            let (next, wrap) = match c {
                b'9' => (b'0', Some(b'1')),
                b'z' => (b'a', Some(b'a')),
                b'Z' => (b'A', Some(b'A')),
                _ => (c + 1, None),
            };
            out[i] = next;
            match wrap {
                None => return out,
                Some(w) => {
                    carry = Some(w);
                    last_alnum = Some(i);
                }
            }
        }
        if let (Some(w), Some(at)) = (carry, last_alnum) {
            out.insert(at, w);
        }
        return out;
    }
    let mut i = out.len();
    while i > 0 {
        i -= 1;
        if out[i] == 0xff {
            out[i] = 0;
        } else {
            out[i] += 1;
            return out;
        }
    }
    out.insert(0, 1);
    out
}

fn all_digits(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().all(|c| c.is_ascii_digit())
}

/// Walks `beg` up to `end` as String#upto (`f` answers whether to go on).
fn str_upto(
    vm: &mut Vm,
    beg: &[u8],
    end: Option<&[u8]>,
    excl: bool,
    f: &mut dyn FnMut(&mut Vm, Vec<u8>) -> VmResult<bool>,
) -> VmResult<()> {
    let Some(end) = end else {
        if all_digits(beg) {
            let width = beg.len();
            let mut n: BigInt = std::str::from_utf8(beg)
                .unwrap_or("0")
                .parse()
                .unwrap_or_default();
            loop {
                if !f(vm, format!("{n:0width$}").into_bytes())? {
                    return Ok(());
                }
                n += 1;
            }
        }
        let mut cur = beg.to_vec();
        loop {
            let next = str_succ(&cur);
            if !f(vm, cur)? {
                return Ok(());
            }
            cur = next;
            if cur.is_empty() {
                return Ok(());
            }
        }
    };
    if beg.len() == 1 && end.len() == 1 && beg[0].is_ascii() && end[0].is_ascii() {
        let (mut c, e) = (beg[0], end[0]);
        if c > e || (excl && c == e) {
            return Ok(());
        }
        loop {
            if !f(vm, vec![c])? {
                return Ok(());
            }
            if !excl && c == e {
                return Ok(());
            }
            c += 1;
            if excl && c == e {
                return Ok(());
            }
        }
    }
    if all_digits(beg) && all_digits(end) {
        let width = beg.len();
        let mut b: BigInt = std::str::from_utf8(beg)
            .unwrap_or("0")
            .parse()
            .unwrap_or_default();
        let e: BigInt = std::str::from_utf8(end)
            .unwrap_or("0")
            .parse()
            .unwrap_or_default();
        while b <= e {
            if excl && b == e {
                break;
            }
            if !f(vm, format!("{b:0width$}").into_bytes())? {
                return Ok(());
            }
            b += 1;
        }
        return Ok(());
    }
    let n = beg.cmp(end);
    if n == Ordering::Greater || (excl && n == Ordering::Equal) {
        return Ok(());
    }
    let after_end = str_succ(end);
    let mut cur = beg.to_vec();
    while cur != after_end {
        let next = if excl || cur != end {
            Some(str_succ(&cur))
        } else {
            None
        };
        if !f(vm, cur)? {
            return Ok(());
        }
        let Some(next) = next else { return Ok(()) };
        cur = next;
        if excl && cur == end {
            break;
        }
        if cur.len() > end.len() || cur.is_empty() {
            break;
        }
    }
    Ok(())
}

/// The bytes of a String range end (TypeError for other values, as StringValue).
fn str_end(vm: &mut Vm, e: Value) -> VmResult<Option<Vec<u8>>> {
    if e.is_nil() {
        return Ok(None);
    }
    if e.is_symbol() {
        return Ok(Some(sym_name(e.as_symbol_id()).as_bytes().to_vec()));
    }
    Ok(Some(super::string::str_arg_vec(vm, e)?))
}

// ---- iteration ----

/// Calls `f` with each element of the range (range.c's range_each); `f` answers whether to
/// go on.
pub fn each_elem(
    vm: &mut Vm,
    r: Value,
    f: &mut dyn FnMut(&mut Vm, Value) -> VmResult<bool>,
) -> VmResult<()> {
    let (b, e, excl) = parts(r);
    if b.is_fixnum() && (e.is_nil() || e.is_fixnum()) {
        let mut i = b.as_fixnum();
        let lim = if e.is_nil() {
            i64::MAX
        } else {
            e.as_fixnum() + if excl { 0 } else { 1 }
        };
        while i < lim && i < crate::object::value::FIXNUM_MAX {
            if !f(vm, Value::fixnum(i))? {
                return Ok(());
            }
            i += 1;
        }
        if !e.is_nil() && i >= lim {
            return Ok(());
        }
        let b2 = vm.int(i);
        return each_big(vm, b2, e, excl, f);
    }
    if is_int(b) && (e.is_nil() || is_int(e)) {
        return each_big(vm, b, e, excl, f);
    }
    if b.is_symbol() && (e.is_nil() || e.is_symbol()) {
        let beg = sym_name(b.as_symbol_id()).as_bytes().to_vec();
        let end = str_end(vm, e)?;
        return str_upto(vm, &beg, end.as_deref(), excl, &mut |vm, s| {
            let v = Value::symbol(intern(&String::from_utf8_lossy(&s)));
            f(vm, v)
        });
    }
    if is_string(b) {
        let beg = string::bytes(&vm.heap, b).to_vec();
        let end = str_end(vm, e)?;
        return str_upto(vm, &beg, end.as_deref(), excl, &mut |vm, s| {
            let v = vm.str_new(&s);
            f(vm, v)
        });
    }
    if !vm.responds(b, intern("succ"), false) {
        return Err(cant_iterate(vm, b));
    }
    let st = vm.ary_from_slice(&[b]);
    with_roots(vm, &[st], |vm| {
        loop {
            let v = rarray(st).vec[0];
            let c = if e.is_nil() {
                Some(Ordering::Less)
            } else {
                r_less(vm, v, e)?
            };
            let go = match c {
                Some(Ordering::Less) => true,
                Some(Ordering::Equal) => !excl,
                _ => false,
            };
            if !go || !f(vm, v)? || c == Some(Ordering::Equal) {
                return Ok(());
            }
            let n = vm.funcall(v, intern("succ"), &[], None)?;
            rarray(st).vec[0] = n;
        }
    })
}

/// Integer iteration past the fixnums (or from a big begin).
fn each_big(
    vm: &mut Vm,
    b: Value,
    e: Value,
    excl: bool,
    f: &mut dyn FnMut(&mut Vm, Value) -> VmResult<bool>,
) -> VmResult<()> {
    let mut i = to_big(b);
    let end = if e.is_nil() { None } else { Some(to_big(e)) };
    loop {
        if let Some(end) = &end
            && (i > *end || (excl && i == *end))
        {
            return Ok(());
        }
        let v = vm.bigint(i.clone());
        if !f(vm, v)? {
            return Ok(());
        }
        i += 1;
    }
}

/// rng.each { |i| block } -> rng
fn range_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each", &[]);
    };
    if let Some((mut i, lim)) = fixnum_bounds(s) {
        // both ends fixnums: every element is one, yielded in one block frame
        vm.yield_each(b, &mut |_, _| {
            Ok((i < lim).then(|| {
                i += 1;
                YieldArgs::one(Value::fixnum(i - 1))
            }))
        })?;
        return Ok(s);
    }
    each_elem(vm, s, &mut |vm, v| vm.yield_block(b, &[v]).map(|_| true))?;
    Ok(s)
}

/// rng.reverse_each { |i| block } -> rng
fn range_reverse_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "reverse_each", &[]);
    };
    let (beg, e, excl) = parts(s);
    if e.is_nil() {
        return Err(cant_iterate(vm, e));
    }
    if (beg.is_nil() || is_int(beg)) && is_int(e) {
        let mut i = to_big(e);
        if excl {
            i -= 1;
        }
        let lo = if beg.is_nil() {
            None
        } else {
            Some(to_big(beg))
        };
        vm.yield_each(b, &mut |vm, _| {
            if let Some(lo) = &lo
                && i < *lo
            {
                return Ok(None);
            }
            let v = int_value(vm, i.clone());
            i -= 1;
            Ok(Some(YieldArgs::one(v)))
        })?;
        return Ok(s);
    }
    let all = enumerable::collect(vm, s, intern("each"), &[])?;
    with_roots(vm, &[all], |vm| {
        let mut i = rarray(all).vec.len();
        while i > 0 {
            i -= 1;
            let v = rarray(all).vec[i];
            vm.yield_block(b, &[v])?;
        }
        Ok(())
    })?;
    Ok(s)
}

/// rng.to_a -> array
fn range_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    if e.is_nil() {
        return Err(vm.raise_str(vm.c.range_error, "cannot convert endless range to an array"));
    }
    if b.is_fixnum() && e.is_fixnum() {
        let hi = e.as_fixnum() + if excl { 0 } else { 1 };
        let v: Vec<Value> = (b.as_fixnum()..hi.max(b.as_fixnum()))
            .map(Value::fixnum)
            .collect();
        return Ok(vm.ary_new(v));
    }
    enumerable::collect(vm, s, intern("each"), &[])
}

/// Range.new(begin, end, exclude_end = false) -> rng
fn range_s_new(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let excl = a.get(2).is_some_and(|v| v.truthy());
    let r = vm.make_range(a[0], a[1], excl)?;
    if s != vm.c.range {
        crate::object::heap::set_klass(r, s);
        crate::object::heap::unfreeze(r);
    }
    Ok(r)
}

/// rng.begin -> obj
fn range_begin(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(rrange(s).begin)
}

/// rng.end -> obj
fn range_end(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(rrange(s).end)
}

/// rng.exclude_end? -> true or false
fn range_exclude_end_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(rrange(s).excl))
}

/// rng.first -> obj; rng.first(n) -> an_array
fn range_first(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (b, _, _) = parts(s);
    if b.is_nil() {
        return Err(vm.raise_str(
            vm.c.range_error,
            "cannot get the first element of beginless range",
        ));
    }
    let Some(&n) = a.first() else { return Ok(b) };
    let n = super::arg_int(vm, n)?;
    if n < 0 {
        return Err(vm.arg_error("negative array size (or size too big)"));
    }
    let out = vm.ary_new_capa(0);
    if n == 0 {
        return Ok(out);
    }
    with_roots(vm, &[out], |vm| {
        each_elem(vm, s, &mut |_, v| {
            rarray(out).vec.push(v);
            Ok((rarray(out).vec.len() as i64) < n)
        })
    })?;
    Ok(out)
}

/// rng.last -> obj; rng.last(n) -> an_array
fn range_last(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    if e.is_nil() {
        return Err(vm.raise_str(
            vm.c.range_error,
            "cannot get the last element of endless range",
        ));
    }
    let Some(&n) = a.first() else { return Ok(e) };
    if is_int(b) && is_int(e) {
        let hi = if excl { to_big(e) - 1 } else { to_big(e) };
        let lo = to_big(b);
        let n = super::arg_int(vm, n)?;
        if hi < lo {
            return Ok(vm.ary_new_capa(0));
        }
        if n < 0 {
            return Err(vm.arg_error("negative array size"));
        }
        let len = &hi - &lo + 1;
        let take = if BigInt::from(n) > len {
            len
        } else {
            BigInt::from(n)
        };
        let mut out = Vec::new();
        let mut i: BigInt = &hi - &take + 1;
        while i <= hi {
            out.push(vm.bigint(i.clone()));
            i += 1;
        }
        return Ok(vm.ary_new(out));
    }
    let all = enumerable::collect(vm, s, intern("each"), &[])?;
    let n = super::arg_int(vm, n)?;
    if n < 0 {
        return Err(vm.arg_error("negative array size"));
    }
    let v = &rarray(all).vec;
    let part = v[v.len().saturating_sub(n as usize)..].to_vec();
    Ok(vm.ary_new(part))
}

/// rng.min -> obj; rng.min(n) -> array; rng.min { |a, b| block } -> obj
fn range_min(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (beg, e, excl) = parts(s);
    if beg.is_nil() {
        return Err(vm.raise_str(
            vm.c.range_error,
            "cannot get the minimum of beginless range",
        ));
    }
    if b.is_some() {
        if e.is_nil() {
            return Err(vm.raise_str(
                vm.c.range_error,
                "cannot get the minimum of endless range with custom comparison method",
            ));
        }
        return enumerable::enum_min(vm, s, a, b);
    }
    if !a.is_empty() {
        return range_first(vm, s, a, None);
    }
    let c = if e.is_nil() {
        Ordering::Less
    } else {
        compare(vm, beg, e)?
    };
    if c == Ordering::Greater || (c == Ordering::Equal && excl) {
        return Ok(Value::NIL);
    }
    Ok(beg)
}

/// rng.max -> obj; rng.max(n) -> array; rng.max { |a, b| block } -> obj
fn range_max(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (beg, e, excl) = parts(s);
    if e.is_nil() {
        return Err(vm.raise_str(vm.c.range_error, "cannot get the maximum of endless range"));
    }
    let numeric_end = is_numeric(vm, e);
    if b.is_some() || (excl && !numeric_end) || !a.is_empty() {
        if beg.is_nil() {
            return Err(vm.raise_str(
                vm.c.range_error,
                "cannot get the maximum of beginless range with custom comparison method",
            ));
        }
        return enumerable::enum_max(vm, s, a, b);
    }
    let c = if beg.is_nil() {
        Ordering::Less
    } else {
        compare(vm, beg, e)?
    };
    if c == Ordering::Greater {
        return Ok(Value::NIL);
    }
    if excl {
        if !is_int(e) {
            return Err(vm.type_error("cannot exclude non Integer end value"));
        }
        if c == Ordering::Equal {
            return Ok(Value::NIL);
        }
        if !is_int(beg) {
            return Err(vm.type_error("cannot exclude end value with non Integer begin value"));
        }
        let m = to_big(e) - 1;
        return Ok(vm.bigint(m));
    }
    Ok(e)
}

/// rng.minmax -> [obj, obj]; rng.minmax { |a, b| block } -> [obj, obj]
fn range_minmax(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if b.is_some() {
        return enumerable::enum_minmax(vm, s, a, b);
    }
    let lo = vm.funcall(s, intern("min"), &[], None)?;
    vm.stack.push(lo);
    let hi = vm.funcall(s, intern("max"), &[], None);
    vm.stack.pop();
    let hi = hi?;
    Ok(vm.ary_from_slice(&[lo, hi]))
}

/// The number of steps from `from` to `to` by `step` (numeric.c's
/// ruby_num_interval_step_size).
pub fn interval_step_size(
    vm: &mut Vm,
    from: Value,
    to: Value,
    step: Value,
    excl: bool,
) -> VmResult {
    if is_int(from) && is_int(to) && is_int(step) {
        let (mut diff, mut delta) = (to_big(step), to_big(to) - to_big(from));
        if diff == BigInt::from(0) {
            return Ok(vm.float(f64::INFINITY));
        }
        if diff < BigInt::from(0) {
            diff = -diff;
            delta = -delta;
        }
        if excl {
            delta -= 1;
        }
        if delta < BigInt::from(0) {
            return Ok(Value::fixnum(0));
        }
        return Ok(vm.bigint(delta / diff + 1));
    }
    if is_float(from) || is_float(to) || is_float(step) {
        let n = float_step_size(num_f64(from), num_f64(to), num_f64(step), excl);
        if n.is_infinite() {
            return Ok(vm.float(n));
        }
        return Ok(vm.int(n as i64));
    }
    let zero = Value::fixnum(0);
    let cmp = match compare(vm, step, zero)? {
        Ordering::Equal => return Ok(vm.float(f64::INFINITY)),
        Ordering::Less => intern("<"),
        Ordering::Greater => intern(">"),
    };
    if vm.funcall(from, cmp, &[to], None)?.truthy() {
        return Ok(zero);
    }
    let d = vm.funcall(to, intern("-"), &[from], None)?;
    let result = vm.funcall(d, intern("div"), &[step], None)?;
    with_roots(vm, &[result], |vm| {
        let reach = vm.funcall(result, intern("*"), &[step], None)?;
        let last = vm.funcall(from, intern("+"), &[reach], None)?;
        if !excl || vm.funcall(to, cmp, &[last], None)?.truthy() {
            return vm.funcall(result, intern("+"), &[Value::fixnum(1)], None);
        }
        Ok(result)
    })
}

fn num_f64(v: Value) -> f64 {
    use num_traits::ToPrimitive;
    if is_float(v) {
        float_value(v)
    } else if is_int(v) {
        to_big(v).to_f64().unwrap_or(f64::INFINITY)
    } else {
        f64::NAN
    }
}

use super::float_conv::float_step_size;

/// rng.size -> num
fn range_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    if is_int(b) {
        if is_numeric(vm, e) {
            return interval_step_size(vm, b, e, Value::fixnum(1), excl);
        }
        if e.is_nil() {
            return Ok(vm.float(f64::INFINITY));
        }
    }
    if !discrete(vm, b) {
        return Err(cant_iterate(vm, b));
    }
    Ok(Value::NIL)
}

/// rng.count -> int; rng.count(item) -> int; rng.count { |obj| block } -> int
fn range_count(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if !a.is_empty() || b.is_some() {
        return enumerable::enum_count(vm, s, a, b);
    }
    let (beg, e, _) = parts(s);
    if beg.is_nil() || e.is_nil() {
        return Ok(vm.float(f64::INFINITY));
    }
    if is_int(beg) {
        let n = range_size(vm, s, &[], None)?;
        if !n.is_nil() {
            return Ok(n);
        }
    }
    enumerable::enum_count(vm, s, a, b)
}

/// rng.step(n = 1) { |obj| block } -> rng; rng.step(n = 1) -> arithmetic_sequence
fn range_step(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    step_impl(vm, s, a, b, "step")
}

/// rng % n -> arithmetic_sequence; (rng % n) { |obj| block } -> rng
fn range_percent(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    step_impl(vm, s, a, b, "%")
}

fn step_impl(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>, name: &str) -> VmResult {
    let (beg, e, excl) = parts(s);
    let b_num = is_numeric(vm, beg);
    let e_num = is_numeric(vm, e);
    let str_b = is_string(beg);
    let sym_b = beg.is_symbol();
    let step = match a.first() {
        Some(&st) => st,
        None if b_num || str_b || sym_b || (beg.is_nil() && e_num) => Value::fixnum(1),
        None => return Err(vm.arg_error("step is required for non-numeric ranges")),
    };
    let step_num = is_numeric(vm, step);
    if step_num && b_num && vm.equal(step, Value::fixnum(0))? {
        return Err(vm.arg_error("step can't be 0"));
    }
    let Some(blk) = b else {
        if step_num && ((b_num && (e.is_nil() || e_num)) || (beg.is_nil() && e_num)) {
            let aseq = vm.object_new(vm.c.enumerator);
            let k = vm
                .class_data(vm.c.enumerator)
                .const_get(intern("ArithmeticSequence"))
                .unwrap_or(vm.c.enumerator);
            crate::object::heap::set_klass(aseq, k);
            let args = vm.ary_from_slice(a);
            vm.ivar_set(aseq, intern("__recv"), s)?;
            vm.ivar_set(aseq, intern("__meth"), Value::symbol(intern(name)))?;
            vm.ivar_set(aseq, intern("__args"), args)?;
            return Ok(aseq);
        }
        if beg.is_nil() {
            return Err(vm.arg_error("#step for non-numeric beginless ranges is meaningless"));
        }
        return super::array::enum_for(vm, s, name, a);
    };
    if beg.is_nil() {
        return Err(vm.arg_error("#step iteration for beginless ranges is meaningless"));
    }
    let yield_v = |vm: &mut Vm, v: Value| vm.yield_block(blk, &[v]).map(|_| ());
    if beg.is_fixnum() && (e.is_nil() || e.is_fixnum()) && step.is_fixnum() {
        let unit = step.as_fixnum();
        let mut i = beg.as_fixnum();
        let end = if e.is_nil() {
            None
        } else {
            Some(e.as_fixnum())
        };
        // past the machine word (endless only) the values go on as Bignums
        let mut big: Option<BigInt> = None;
        vm.yield_each(blk, &mut |vm, _| {
            if let Some(n) = &mut big {
                let v = vm.bigint(n.clone());
                *n += unit;
                return Ok(Some(YieldArgs::one(v)));
            }
            if let Some(end) = end {
                let past = if unit < 0 {
                    i < end || (excl && i == end)
                } else {
                    i > end || (excl && i == end)
                };
                if past {
                    return Ok(None);
                }
            }
            let v = vm.int(i);
            match i.checked_add(unit) {
                Some(n) => i = n,
                None => big = Some(BigInt::from(i) + unit),
            }
            Ok(Some(YieldArgs::one(v)))
        })?;
        return Ok(s);
    }
    if b_num && step_num && (is_float(beg) || is_float(e) || is_float(step)) {
        let unit = num_f64(step);
        let end = if e.is_nil() {
            if unit < 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        } else {
            num_f64(e)
        };
        super::float_conv::float_step(vm, num_f64(beg), end, unit, excl, blk)?;
        return Ok(s);
    }
    if (str_b || sym_b) && step.is_fixnum() {
        let n = step.as_fixnum();
        if n <= 0 {
            return Err(vm.arg_error(if n == 0 {
                "step can't be 0"
            } else {
                "step can't be negative"
            }));
        }
        let beg_bytes = if sym_b {
            sym_name(beg.as_symbol_id()).as_bytes().to_vec()
        } else {
            string::bytes(&vm.heap, beg).to_vec()
        };
        let end = str_end(vm, e)?;
        let mut k = 0i64;
        str_upto(vm, &beg_bytes, end.as_deref(), excl, &mut |vm, bytes| {
            if k % n == 0 {
                let v = if sym_b {
                    Value::symbol(intern(&String::from_utf8_lossy(&bytes)))
                } else {
                    vm.str_new(&bytes)
                };
                yield_v(vm, v)?;
            }
            k += 1;
            Ok(true)
        })?;
        return Ok(s);
    }
    // generic: v, v + step, ... compared with <=>
    let st = vm.ary_from_slice(&[beg, step]);
    with_roots(vm, &[st], |vm| {
        let plus = intern("+");
        if e.is_nil() {
            loop {
                let v = rarray(st).vec[0];
                yield_v(vm, v)?;
                let n = vm.funcall(v, plus, &[step], None)?;
                rarray(st).vec[0] = n;
            }
        }
        let negative = b_num && step_num && compare(vm, step, Value::fixnum(0))? == Ordering::Less;
        if negative {
            loop {
                let v = rarray(st).vec[0];
                let c = r_less(vm, e, v)?;
                let go = if excl {
                    c == Some(Ordering::Less)
                } else {
                    matches!(c, Some(Ordering::Less | Ordering::Equal))
                };
                if !go {
                    return Ok(());
                }
                yield_v(vm, v)?;
                if c == Some(Ordering::Equal) {
                    return Ok(());
                }
                let n = vm.funcall(v, plus, &[step], None)?;
                rarray(st).vec[0] = n;
            }
        }
        let dir = r_less(vm, beg, e)?;
        if dir == Some(Ordering::Equal) {
            if !excl {
                yield_v(vm, beg)?;
            }
            return Ok(());
        }
        let next = vm.funcall(beg, plus, &[step], None)?;
        if dir != r_less(vm, beg, next)? {
            return Ok(());
        }
        loop {
            let v = rarray(st).vec[0];
            let c = r_less(vm, v, e)?;
            let go = c == dir || (!excl && c == Some(Ordering::Equal));
            if !go {
                return Ok(());
            }
            yield_v(vm, v)?;
            if c == Some(Ordering::Equal) {
                return Ok(());
            }
            let n = vm.funcall(v, plus, &[step], None)?;
            rarray(st).vec[0] = n;
        }
    })?;
    Ok(s)
}

/// Whether `v` lies between `beg` and `end` (range.c's r_cover_p).
fn cover(vm: &mut Vm, beg: Value, end: Value, excl: bool, v: Value) -> VmResult<bool> {
    if beg.is_nil() || matches!(r_less(vm, beg, v)?, Some(Ordering::Less | Ordering::Equal)) {
        if end.is_nil() {
            return Ok(true);
        }
        let c = r_less(vm, v, end)?;
        return Ok(c == Some(Ordering::Less) || (!excl && c == Some(Ordering::Equal)));
    }
    Ok(false)
}

/// CRuby's linear_object_p: Numerics and Times are compared, not iterated.
fn linear(vm: &mut Vm, v: Value) -> bool {
    v.is_fixnum()
        || is_float(v)
        || type_of(v) == T_BIGNUM
        || crate::core::time::is_time(v)
        || vm.is_a(v, vm.c.numeric)
}

fn to_int_able(vm: &mut Vm, v: Value) -> bool {
    is_int(v) || (v.is_heap() && !is_float(v) && vm.responds(v, intern("to_int"), true))
}

/// rng.include?(obj) -> true or false
fn range_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    let v = a[0];
    let nv = b.is_fixnum() || e.is_fixnum() || linear(vm, b) || linear(vm, e);
    if nv || to_int_able(vm, b) || to_int_able(vm, e) {
        return Ok(Value::bool(cover(vm, b, e, excl, v)?));
    }
    if is_string(b) && is_string(e) {
        if !is_string(v) {
            return Ok(Value::FALSE);
        }
        let (bb, eb, vb) = (
            string::bytes(&vm.heap, b),
            string::bytes(&vm.heap, e),
            string::bytes(&vm.heap, v),
        );
        if bb.len() == 1
            && eb.len() == 1
            && vb.len() == 1
            && bb[0].is_ascii()
            && eb[0].is_ascii()
            && vb[0].is_ascii()
        {
            let (c0, c1, x) = (bb[0], eb[0], vb[0]);
            return Ok(Value::bool((c0 <= x && x < c1) || (!excl && x == c1)));
        }
        let (bb, eb, target) = (bb.to_vec(), eb.to_vec(), vb.to_vec());
        let mut found = false;
        str_upto(vm, &bb, Some(&eb), excl, &mut |_, cur| {
            if cur == target {
                found = true;
                return Ok(false);
            }
            Ok(true)
        })?;
        return Ok(Value::bool(found));
    }
    if b.is_nil() && e.is_nil() && linear(vm, v) {
        return Ok(Value::TRUE);
    }
    if b.is_nil() || e.is_nil() {
        return Err(vm.type_error("cannot determine inclusion in beginless/endless ranges"));
    }
    enumerable::enum_include_p(vm, s, a, None)
}

/// rng === obj -> true or false
fn range_eqq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    Ok(Value::bool(cover(vm, b, e, excl, a[0])?))
}

/// rng.cover?(obj) -> true or false; rng.cover?(range) -> true or false
fn range_cover_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (beg, end, excl) = parts(s);
    let v = a[0];
    if type_of(v) != T_RANGE {
        return Ok(Value::bool(cover(vm, beg, end, excl, v)?));
    }
    let (vb, ve, vexcl) = parts(v);
    if !end.is_nil() && ve.is_nil() {
        return Ok(Value::FALSE);
    }
    if !beg.is_nil() && vb.is_nil() {
        return Ok(Value::FALSE);
    }
    if !vb.is_nil() && !ve.is_nil() {
        let c = r_less(vm, vb, ve)?;
        let empty = match c {
            None | Some(Ordering::Greater) => true,
            Some(Ordering::Equal) => vexcl,
            Some(Ordering::Less) => false,
        };
        if empty {
            return Ok(Value::FALSE);
        }
    }
    if !vb.is_nil() && !cover(vm, beg, end, excl, vb)? {
        return Ok(Value::FALSE);
    }
    let cmp_end = if !ve.is_nil() && !end.is_nil() {
        let r = cmp_call(vm, end, ve)?;
        if r.is_nil() {
            return Ok(Value::FALSE);
        }
        Some(cmpint(vm, r, end, ve)?)
    } else {
        r_less(vm, end, ve)?
    };
    let ge = matches!(cmp_end, Some(Ordering::Greater | Ordering::Equal));
    if excl == vexcl {
        return Ok(Value::bool(ge));
    }
    if excl {
        return Ok(Value::bool(cmp_end == Some(Ordering::Greater)));
    }
    if ge {
        return Ok(Value::TRUE);
    }
    let vmax = match vm.funcall(v, intern("max"), &[], None) {
        Ok(m) => m,
        Err(unw)
            if let UnwindKind::Raise(x) = *unw.kind()
                && vm.is_a(x, vm.c.type_error) =>
        {
            return Ok(Value::FALSE);
        }
        Err(u) => return Err(u),
    };
    if vmax.is_nil() {
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(matches!(
        r_less(vm, end, vmax)?,
        Some(Ordering::Greater | Ordering::Equal)
    )))
}

/// rng.overlap?(range) -> true or false
fn range_overlap_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if type_of(o) != T_RANGE {
        let n = class_name_of(vm, o);
        return Err(vm.type_error(&format!("wrong argument type {n} (expected Range)")));
    }
    let (sb, se, sx) = parts(s);
    let (ob, oe, ox) = parts(o);
    fn empty(vm: &mut Vm, b: Value, e: Value, excl: bool) -> VmResult<bool> {
        if b.is_nil() || e.is_nil() {
            return Ok(false);
        }
        Ok(match r_less(vm, b, e)? {
            None | Some(Ordering::Greater) => true,
            Some(Ordering::Equal) => excl,
            Some(Ordering::Less) => false,
        })
    }
    if empty(vm, sb, oe, ox)? || empty(vm, ob, se, sx)? {
        return Ok(Value::FALSE);
    }
    if !sb.is_nil() && !ob.is_nil() {
        let r = cmp_call(vm, sb, ob)?;
        if r.is_nil() {
            return Ok(Value::FALSE);
        }
        if cmpint(vm, r, sb, ob)? == Ordering::Equal {
            return Ok(Value::TRUE);
        }
    } else if sb.is_nil() && ob.is_nil() {
        let r = cmp_call(vm, se, oe)?;
        return Ok(Value::bool(!r.is_nil()));
    }
    if empty(vm, sb, se, sx)? || empty(vm, ob, oe, ox)? {
        return Ok(Value::FALSE);
    }
    Ok(Value::TRUE)
}

/// rng == obj -> true or false
fn range_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if s == o {
        return Ok(Value::TRUE);
    }
    if type_of(o) != T_RANGE {
        return Ok(Value::FALSE);
    }
    let ((b1, e1, x1), (b2, e2, x2)) = (parts(s), parts(o));
    Ok(Value::bool(
        vm.equal(b1, b2)? && vm.equal(e1, e2)? && x1 == x2,
    ))
}

/// rng.eql?(obj) -> true or false
fn range_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if s == o {
        return Ok(Value::TRUE);
    }
    if type_of(o) != T_RANGE {
        return Ok(Value::FALSE);
    }
    let ((b1, e1, x1), (b2, e2, x2)) = (parts(s), parts(o));
    Ok(Value::bool(vm.eql(b1, b2)? && vm.eql(e1, e2)? && x1 == x2))
}

/// rng.hash -> integer
fn range_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    let hb = vm.hash_of(b)?;
    let he = vm.hash_of(e)?;
    let h = hb.rotate_left(17) ^ he.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (excl as u64) << 24;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}

/// rng.inspect -> string
fn range_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from(if excl {
            "(... ... ...)"
        } else {
            "(... .. ...)"
        }));
    }
    vm.inspecting.push(s);
    // the text's encoding is the begin's inspect's, joined with the end's; a beginless range
    // starts from CRuby's empty BINARY string
    let r = (|| {
        let mut out = Joined::new(b"");
        if !b.is_nil() || e.is_nil() {
            let t = vm.inspect(b)?;
            out.add_str(vm, t)?;
        } else {
            out.add(vm, b"", string::Encoding::Binary)?;
        }
        out.push_raw(if excl { b"..." } else { b".." });
        if b.is_nil() || !e.is_nil() {
            let t = vm.inspect(e)?;
            out.add_str(vm, t)?;
        }
        Ok(out)
    })();
    vm.inspecting.pop();
    Ok(r?.finish(vm))
}

/// rng.to_s -> string (in the encoding of the begin's to_s, joined with the end's)
fn range_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    let mut out = Joined::new(b"");
    let bs = vm.to_s(b)?;
    out.add_str(vm, bs)?;
    out.push_raw(if excl { b"..." } else { b".." });
    let es = vm.to_s(e)?;
    out.add_str(vm, es)?;
    Ok(out.finish(vm))
}

/// rng.dup -> new_range
fn range_dup(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (b, e, excl) = parts(s);
    let r = vm.range_new(b, e, excl);
    crate::object::heap::set_klass(r, vm.real_class(s));
    crate::object::heap::unfreeze(r);
    Ok(r)
}

// ---- Enumerator::ArithmeticSequence ----

fn aseq_parts(vm: &mut Vm, s: Value) -> (Value, Value, Value) {
    let recv = vm.ivar_get(s, intern("__recv"));
    let meth = vm.ivar_get(s, intern("__meth"));
    let args = vm.ivar_get(s, intern("__args"));
    (recv, meth, args)
}

/// The step of an arithmetic sequence (1 when not given).
fn aseq_step_value(vm: &mut Vm, s: Value) -> Value {
    let (recv, _, args) = aseq_parts(vm, s);
    // Range#step(n) keeps n first; Numeric#step(limit, n) second
    let at = if type_of(recv) == T_RANGE { 0 } else { 1 };
    if type_of(args) == T_ARRAY {
        rarray(args)
            .vec
            .get(at)
            .copied()
            .filter(|v| !v.is_nil())
            .unwrap_or(Value::fixnum(1))
    } else {
        Value::fixnum(1)
    }
}

/// aseq.inspect -> string
fn aseq_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, meth, args) = aseq_parts(vm, s);
    let mut out = String::from("(");
    let ri = vm.inspect_str(recv)?;
    if type_of(recv) == T_RANGE {
        out.push_str(&format!("({ri})"));
    } else {
        out.push_str(&ri);
    }
    out.push('.');
    out.push_str(sym_name(meth.as_symbol_id()));
    let items = if type_of(args) == T_ARRAY {
        rarray(args).vec.to_vec()
    } else {
        Vec::new()
    };
    if !items.is_empty() {
        let mut parts = Vec::new();
        for v in items {
            parts.push(vm.inspect_str(v)?);
        }
        out.push_str(&format!("({})", parts.join(", ")));
    }
    out.push(')');
    Ok(vm.str_from(out))
}

/// aseq.size -> num
fn aseq_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, _, _) = aseq_parts(vm, s);
    if vm.ivar_defined(s, intern("__size")) {
        return Ok(vm.ivar_get(s, intern("__size")));
    }
    if type_of(recv) != T_RANGE {
        return vm.funcall(s, intern("count"), &[], None);
    }
    let step = aseq_step_value(vm, s);
    let (b, e, excl) = parts(recv);
    if e.is_nil() {
        return Ok(vm.float(f64::INFINITY));
    }
    interval_step_size(vm, b, e, step, excl)
}

/// aseq.begin -> num or nil
fn aseq_begin(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, _, _) = aseq_parts(vm, s);
    if type_of(recv) == T_RANGE {
        Ok(rrange(recv).begin)
    } else {
        Ok(recv)
    }
}

/// aseq.end -> num or nil
fn aseq_end(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, _, args) = aseq_parts(vm, s);
    if type_of(recv) == T_RANGE {
        return Ok(rrange(recv).end);
    }
    Ok(if type_of(args) == T_ARRAY {
        rarray(args).vec.first().copied().unwrap_or(Value::NIL)
    } else {
        Value::NIL
    })
}

/// aseq == other -> true when both have the same begin, end, step and exclude_end?
fn aseq_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if vm.real_class(o) != vm.real_class(s) {
        return Ok(Value::FALSE);
    }
    for f in [aseq_begin, aseq_end, aseq_step, aseq_exclude_end_p] {
        let (x, y) = (f(vm, s, &[], None)?, f(vm, o, &[], None)?);
        if !vm.equal(x, y)? {
            return Ok(Value::FALSE);
        }
    }
    Ok(Value::TRUE)
}

/// aseq.step -> num
fn aseq_step(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(aseq_step_value(vm, s))
}

/// aseq.exclude_end? -> true or false
fn aseq_exclude_end_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, _, _) = aseq_parts(vm, s);
    Ok(Value::bool(type_of(recv) == T_RANGE && rrange(recv).excl))
}

/// aseq.last -> num; aseq.last(n) -> array
fn aseq_last(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (recv, _, _) = aseq_parts(vm, s);
    if type_of(recv) == T_RANGE && rrange(recv).end.is_nil() {
        return Err(vm.raise_str(
            vm.c.range_error,
            "cannot get the last element of endless arithmetic sequence",
        ));
    }
    let all = enumerable::collect(vm, s, intern("each"), &[])?;
    let v = &rarray(all).vec;
    match a.first() {
        None => Ok(v.last().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = super::arg_int(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error("negative array size"));
            }
            let v = &rarray(all).vec;
            let part = v[v.len().saturating_sub(n as usize)..].to_vec();
            Ok(vm.ary_new(part))
        }
    }
}

/// rng.bsearch {|obj| block } -> value: binary search over an Integer range, in
/// find-minimum (true/false) or find-any (numbers) mode. Float and endless ranges are not
/// supported yet.
fn r_bsearch(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "bsearch", &[]);
    };
    let r = rrange(s);
    let (lo, hi, excl) = (r.begin, r.end, r.excl);
    if !(lo.is_fixnum() && hi.is_fixnum()) {
        let numeric = |v: Value| v.is_nil() || v.is_fixnum() || super::object::is_float(v);
        if numeric(lo) && numeric(hi) {
            let msg =
                "Range#bsearch over Float, big Integer and endless ranges is not supported yet";
            return Err(vm.raise_str(vm.c.not_implemented_error, msg));
        }
        let k = vm.real_class(if lo.is_fixnum() { hi } else { lo });
        let msg = format!("can't do binary search for {}", vm.class_name(k));
        return Err(vm.type_error(&msg));
    }
    let (lo, hi) = (lo.as_fixnum(), hi.as_fixnum() - excl as i64);
    if hi < lo {
        return Ok(Value::NIL);
    }
    let len = (hi - lo + 1) as usize;
    let found = super::array_iter::bsearch_by(vm, len, b, |i| Value::fixnum(lo + i as i64))?;
    Ok(found
        .map(|i| Value::fixnum(lo + i as i64))
        .unwrap_or(Value::NIL))
}
