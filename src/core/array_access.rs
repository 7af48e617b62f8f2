//! Array element reference and assignment (`[]`, `[]=` with indexes, start+length, ranges and
//! arithmetic sequences, fetch, dig, first/last, values_at) and the mutators that grow or shrink
//! an array (push/pop/shift/unshift, insert, concat, delete, slice!, fill, clear, replace), with
//! CRuby's index rules and error messages.

use super::array::{
    M, alen, check_array, check_frozen, component_beg_len, elt, new_ary, num2long, range_beg_len,
    to_ary, vec_of,
};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

pub(crate) const TABLE: &[M] = &[
    ("[]", a_aref, 1, 2),
    ("slice", a_aref, 1, 2),
    ("[]=", a_aset, 2, 3),
    ("at", a_at, 1, 1),
    ("dig", a_dig, 1, -1),
    ("fetch", a_fetch, 1, 2),
    ("first", a_first, 0, 1),
    ("last", a_last, 0, 1),
    ("values_at", a_values_at, 0, -1),
    ("slice!", a_slice_bang, 1, 2),
    ("length", a_length, 0, 0),
    ("size", a_length, 0, 0),
    ("empty?", a_empty_p, 0, 0),
    ("push", a_push, 0, -1),
    ("append", a_push, 0, -1),
    ("<<", a_push, 1, 1),
    ("pop", a_pop, 0, 1),
    ("shift", a_shift, 0, 1),
    ("unshift", a_unshift, 0, -1),
    ("prepend", a_unshift, 0, -1),
    ("insert", a_insert, 1, -1),
    ("concat", a_concat, 0, -1),
    ("delete", a_delete, 1, 1),
    ("delete_at", a_delete_at, 1, 1),
    ("clear", a_clear, 0, 0),
    ("replace", a_replace, 1, 1),
    ("fetch_values", a_fetch_values, 0, -1),
    ("fill", a_fill, 0, 3),
];

/// `ary[aseq]` for an Enumerator::ArithmeticSequence index (`a[(0..4) % 2]`); None when `v`
/// is not one.
fn aref_aseq(vm: &mut Vm, s: Value, v: Value) -> VmResult<Option<Value>> {
    if type_of(v) != T_OBJECT {
        return Ok(None);
    }
    let k = vm.real_class(v);
    if vm.class_name(k) != "Enumerator::ArithmeticSequence" {
        return Ok(None);
    }
    let mut b = vm.funcall(v, intern("begin"), &[], None)?;
    let mut e = vm.funcall(v, intern("end"), &[], None)?;
    let st = vm.funcall(v, intern("step"), &[], None)?;
    let mut excl = vm.funcall(v, intern("exclude_end?"), &[], None)?.truthy();
    let step = if st.is_nil() { 1 } else { num2long(vm, st)? };
    if step < 0 {
        if excl && !e.is_nil() {
            let n = num2long(vm, e)?;
            e = vm.int(n + 1);
            excl = false;
        }
        std::mem::swap(&mut b, &mut e);
    }
    let alen = alen(s);
    let Some((beg, len)) = component_beg_len(vm, b, e, excl, alen, false)? else {
        if !(-1..=1).contains(&step) {
            let ins = vm.inspect_str(v)?;
            return Err(vm.raise_str(vm.c.range_error, &format!("{ins} out of range")));
        }
        return Ok(Some(Value::NIL));
    };
    let len = len.min(alen - beg);
    if len == 0 {
        return Ok(Some(new_ary(vm, Vec::new())));
    }
    if step == 0 {
        return Err(vm.arg_error("slice step cannot be zero"));
    }
    let v = vec_of(s);
    let out: Vec<Value> = if step > 0 {
        v[beg..beg + len]
            .iter()
            .step_by(step as usize)
            .copied()
            .collect()
    } else {
        let ustep = (-step) as usize;
        v[beg..beg + len]
            .iter()
            .rev()
            .step_by(ustep)
            .copied()
            .collect()
    };
    Ok(Some(new_ary(vm, out)))
}

/// rb_ary_subseq: `len` elements from `beg` (nil when `beg` is past the end).
fn subseq(vm: &mut Vm, s: Value, beg: i64, len: i64) -> Value {
    let alen = alen(s) as i64;
    if beg > alen || beg < 0 || len < 0 {
        return Value::NIL;
    }
    let len = len.min(alen - beg);
    let part = vec_of(s)[beg as usize..(beg + len) as usize].to_vec();
    new_ary(vm, part)
}

/// rb_ary_entry: element at a possibly negative index, nil when out of range.
pub(crate) fn entry(s: Value, i: i64) -> Value {
    let len = alen(s) as i64;
    let i = if i < 0 { i + len } else { i };
    if i < 0 || i >= len {
        Value::NIL
    } else {
        vec_of(s)[i as usize]
    }
}

/// rb_ary_splice: replaces `len` elements at `beg` with `items` (padding with nil).
fn splice(vm: &mut Vm, s: Value, beg: i64, len: i64, items: &[Value]) -> VmResult<()> {
    if len < 0 {
        return Err(vm.raise_str(vm.c.index_error, &format!("negative length ({len})")));
    }
    let olen = alen(s) as i64;
    let mut beg = beg;
    if beg < 0 {
        beg += olen;
        if beg < 0 {
            let msg = format!("index {} too small for array; minimum: -{olen}", beg - olen);
            return Err(vm.raise_str(vm.c.index_error, &msg));
        }
    }
    check_frozen(vm, s)?;
    let v = vec_of(s);
    let len = if olen < len || olen < beg + len {
        olen - beg
    } else {
        len
    };
    if beg >= olen {
        super::array::try_reserve(vm, v, (beg as usize + items.len()).saturating_sub(v.len()))?;
        v.resize(beg as usize, Value::NIL);
        v.extend_from_slice(items);
    } else {
        v.splice(beg as usize..(beg + len) as usize, items);
    }
    Ok(())
}

/// rb_ary_store: `a[idx] = v` with growth and CRuby's negative-index error.
pub(crate) fn store(vm: &mut Vm, s: Value, idx: i64, val: Value) -> VmResult<()> {
    let len = alen(s) as i64;
    let mut i = idx;
    if i < 0 {
        i += len;
        if i < 0 {
            let msg = format!("index {} too small for array; minimum: -{len}", i - len);
            return Err(vm.raise_str(vm.c.index_error, &msg));
        }
    } else if i >= 1 << 60 {
        return Err(vm.raise_str(vm.c.index_error, &format!("index {i} too big")));
    }
    check_frozen(vm, s)?;
    let v = vec_of(s);
    if i as usize >= v.len() {
        super::array::try_reserve(vm, v, i as usize + 1 - v.len())?;
        v.resize(i as usize + 1, Value::NIL);
    }
    v[i as usize] = val;
    Ok(())
}

// ---- element reference ----

/// ary[index] -> obj; ary[start, length] -> new_ary; ary[range] -> new_ary
fn a_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.len() == 2 {
        let (beg, len) = (num2long(vm, a[0])?, num2long(vm, a[1])?);
        let beg = if beg < 0 { beg + alen(s) as i64 } else { beg };
        return Ok(subseq(vm, s, beg, len));
    }
    let i = a[0];
    if i.is_fixnum() {
        return Ok(entry(s, i.as_fixnum()));
    }
    if type_of(i) == T_RANGE {
        return Ok(match range_beg_len(vm, i, alen(s), false)? {
            Some((beg, len)) => subseq(vm, s, beg as i64, len as i64),
            None => Value::NIL,
        });
    }
    if let Some(r) = aref_aseq(vm, s, i)? {
        return Ok(r);
    }
    let n = num2long(vm, i)?;
    Ok(entry(s, n))
}
/// ary.at(index) -> obj
fn a_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = num2long(vm, a[0])?;
    Ok(entry(s, n))
}

/// rb_obj_dig: follows `keys` through nested Arrays, Hashes and objects with `dig`.
pub fn obj_dig(vm: &mut Vm, mut obj: Value, keys: &[Value]) -> VmResult {
    for (n, &k) in keys.iter().enumerate() {
        if obj.is_nil() {
            return Ok(Value::NIL);
        }
        match type_of(obj) {
            T_ARRAY => obj = a_at(vm, obj, &[k], None)?,
            T_HASH => obj = vm.hash_aref(obj, k)?,
            _ => {
                let id = intern("dig");
                if !vm.responds(obj, id, true) {
                    let kl = vm.real_class(obj);
                    let msg = format!("{} does not have #dig method", vm.class_name(kl));
                    return Err(vm.type_error(&msg));
                }
                return vm.funcall(obj, id, &keys[n..], None);
            }
        }
    }
    Ok(obj)
}
/// ary.dig(index, *identifiers) -> object
fn a_dig(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    obj_dig(vm, s, a)
}
/// ary.fetch(index) -> obj; ary.fetch(index, default) -> obj; ary.fetch(index) {|index| ... }
fn a_fetch(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let idx = num2long(vm, a[0])?;
    let len = alen(s) as i64;
    let i = if idx < 0 { idx + len } else { idx };
    if i < 0 || i >= len {
        if let Some(b) = b {
            return vm.yield_block(b, &[a[0]]);
        }
        if let Some(&d) = a.get(1) {
            return Ok(d);
        }
        let msg = format!("index {idx} outside of array bounds: {}...{len}", -len);
        return Err(vm.raise_str(vm.c.index_error, &msg));
    }
    Ok(vec_of(s)[i as usize])
}
/// ary.fetch_values(*indexes) -> new_array; ary.fetch_values(*indexes) {|index| ... } -> new_array
fn a_fetch_values(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let out = vm.ary_new_capa(0);
    super::array::rooted(vm, &[out], |vm| {
        for &i in a {
            let v = a_fetch(vm, s, &[i], b)?;
            vec_of(out).push(v);
        }
        Ok(out)
    })
}
fn take_count(vm: &mut Vm, n: Value, len: usize) -> VmResult<usize> {
    let n = num2long(vm, n)?;
    if n < 0 {
        return Err(vm.arg_error("negative array size"));
    }
    Ok((n as usize).min(len))
}
/// ary.first -> obj; ary.first(n) -> new_ary
fn a_first(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.first() {
        None => Ok(elt(s, 0)),
        Some(&n) => {
            let n = take_count(vm, n, alen(s))?;
            let part = vec_of(s)[..n].to_vec();
            Ok(new_ary(vm, part))
        }
    }
}
/// ary.last -> obj; ary.last(n) -> new_ary
fn a_last(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match a.first() {
        None => Ok(vec_of(s).last().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let len = alen(s);
            let n = take_count(vm, n, len)?;
            let part = vec_of(s)[len - n..].to_vec();
            Ok(new_ary(vm, part))
        }
    }
}
/// ary.values_at(*indexes) -> new_ary
fn a_values_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &i in a {
        if i.is_fixnum() {
            out.push(entry(s, i.as_fixnum()));
        } else if type_of(i) == T_RANGE {
            if let Some((beg, len)) = range_beg_len(vm, i, alen(s), true)? {
                for k in 0..len {
                    out.push(entry(s, (beg + k) as i64));
                }
            }
        } else {
            let n = num2long(vm, i)?;
            out.push(entry(s, n));
        }
    }
    Ok(new_ary(vm, out))
}

// ---- assignment ----

/// ary[index] = obj; ary[start, length] = obj; ary[range] = obj
fn a_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.len() == 3 {
        let (beg, len) = (num2long(vm, a[0])?, num2long(vm, a[1])?);
        let items = rpl_items(vm, a[2])?;
        splice(vm, s, beg, len, &items)?;
        return Ok(a[2]);
    }
    if a[0].is_fixnum() {
        store(vm, s, a[0].as_fixnum(), a[1])?;
        return Ok(a[1]);
    }
    if type_of(a[0]) == T_RANGE {
        let (beg, len) = range_beg_len(vm, a[0], alen(s), true)?.unwrap_or((0, 0));
        let items = rpl_items(vm, a[1])?;
        splice(vm, s, beg as i64, len as i64, &items)?;
        return Ok(a[1]);
    }
    let i = num2long(vm, a[0])?;
    store(vm, s, i, a[1])?;
    Ok(a[1])
}
fn rpl_items(vm: &mut Vm, v: Value) -> VmResult<Vec<Value>> {
    Ok(match check_array(vm, v)? {
        Some(a) => vec_of(a).to_vec(),
        None => vec![v],
    })
}

// ---- size and mutation ----

/// ary.length -> integer
fn a_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(alen(s) as i64))
}
/// ary.empty? -> true or false
fn a_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vec_of(s).is_empty()))
}
/// ary.push(*objects) -> self
fn a_push(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    vec_of(s).extend_from_slice(a);
    Ok(s)
}
/// ary.pop -> obj or nil; ary.pop(n) -> new_ary
fn a_pop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    match a.first() {
        None => Ok(vec_of(s).pop().unwrap_or(Value::NIL)),
        Some(&n) => {
            let len = alen(s);
            let n = take_count(vm, n, len)?;
            let part = vec_of(s).split_off(len - n);
            Ok(new_ary(vm, part))
        }
    }
}
/// ary.shift -> obj or nil; ary.shift(n) -> new_ary
fn a_shift(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    match a.first() {
        None => Ok(vec_of(s).shift().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = take_count(vm, n, alen(s))?;
            let part = vec_of(s).shift_n(n);
            Ok(new_ary(vm, part))
        }
    }
}
/// ary.unshift(*objects) -> self
fn a_unshift(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    vec_of(s).splice(0..0, a);
    Ok(s)
}
/// ary.insert(index, *objects) -> self
fn a_insert(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let mut pos = num2long(vm, a[0])?;
    if a.len() == 1 {
        return Ok(s);
    }
    let len = alen(s) as i64;
    if pos == -1 {
        pos = len;
    } else if pos < 0 {
        let minpos = -len - 1;
        if pos < minpos {
            let msg = format!("index {pos} too small for array; minimum: {minpos}");
            return Err(vm.raise_str(vm.c.index_error, &msg));
        }
        pos += 1;
    }
    splice(vm, s, pos, 0, &a[1..])?;
    Ok(s)
}
/// ary.concat(*other_arrays) -> self
fn a_concat(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let mut add = Vec::new();
    for &o in a {
        let o = to_ary(vm, o)?;
        add.extend_from_slice(vec_of(o));
    }
    vec_of(s).extend(add);
    Ok(s)
}
/// ary.delete(obj) -> deleted_object or nil; ary.delete(obj) {|obj| ... } -> deleted or block value
fn a_delete(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let item = a[0];
    let mut found = None;
    let (mut i1, mut i2) = (0, 0);
    while i1 < alen(s) {
        let e = vec_of(s)[i1];
        i1 += 1;
        if vm.equal(e, item)? {
            found = Some(e);
            continue;
        }
        if i1 - 1 != i2 {
            check_frozen(vm, s)?;
            if i2 < alen(s) {
                vec_of(s)[i2] = e;
            }
        }
        i2 += 1;
    }
    match found {
        None => match b {
            Some(b) => vm.yield_block(b, &[item]),
            None => Ok(Value::NIL),
        },
        Some(v) => {
            check_frozen(vm, s)?;
            vec_of(s).truncate(i2);
            Ok(v)
        }
    }
}
/// Removes and returns the element at `pos` (nil when out of range).
pub(crate) fn delete_at(vm: &mut Vm, s: Value, pos: i64) -> VmResult {
    let len = alen(s) as i64;
    let pos = if pos < 0 { pos + len } else { pos };
    if pos < 0 || pos >= len {
        return Ok(Value::NIL);
    }
    check_frozen(vm, s)?;
    Ok(vec_of(s).remove(pos as usize))
}
/// ary.delete_at(index) -> deleted_object or nil
fn a_delete_at(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let pos = num2long(vm, a[0])?;
    delete_at(vm, s, pos)
}
/// ary.slice!(index) -> obj or nil; ary.slice!(start, length) / ary.slice!(range) -> new_ary or nil
fn a_slice_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let (pos, len) = if a.len() == 2 {
        (num2long(vm, a[0])?, num2long(vm, a[1])?)
    } else if type_of(a[0]) == T_RANGE {
        match range_beg_len(vm, a[0], alen(s), false)? {
            Some((p, l)) => (p as i64, l as i64),
            None => return Ok(Value::NIL),
        }
    } else {
        let pos = num2long(vm, a[0])?;
        return delete_at(vm, s, pos);
    };
    let olen = alen(s) as i64;
    if len < 0 || pos < -olen {
        return Ok(Value::NIL);
    }
    let pos = if pos < 0 { pos + olen } else { pos };
    if pos > olen {
        return Ok(Value::NIL);
    }
    let len = len.min(olen - pos);
    let part: Vec<Value> = vec_of(s)
        .drain(pos as usize..(pos + len) as usize)
        .collect();
    Ok(new_ary(vm, part))
}
/// ary.clear -> self
fn a_clear(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    vec_of(s).clear();
    Ok(s)
}
/// ary.replace(other_array) -> self
pub(crate) fn a_replace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let o = to_ary(vm, a[0])?;
    if o != s {
        vec_of(s).set(vec_of(o).to_vec());
    }
    Ok(s)
}
/// ary.fill(obj, start = nil, length = nil) -> self; ary.fill(range) {|index| ... } -> self
fn a_fill(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (item, rest) = match b {
        Some(_) => {
            if a.len() > 2 {
                return Err(crate::core::array::arity(vm, a.len(), 0, 2));
            }
            (None, a)
        }
        None => {
            if a.is_empty() {
                return Err(crate::core::array::arity(vm, 0, 1, 3));
            }
            (Some(a[0]), &a[1..])
        }
    };
    let len = alen(s) as i64;
    let (beg, n) = match rest.len() {
        0 => (0, len),
        _ => {
            let arg1 = rest[0];
            if rest.len() == 1 && type_of(arg1) == T_RANGE {
                let (p, l) = range_beg_len(vm, arg1, alen(s), true)?.unwrap_or((0, 0));
                (p as i64, l as i64)
            } else {
                let mut beg = if arg1.is_nil() {
                    0
                } else {
                    num2long(vm, arg1)?
                };
                if beg < 0 {
                    beg = (len + beg).max(0);
                }
                let n = match rest.get(1) {
                    Some(&l) if !l.is_nil() => num2long(vm, l)?,
                    _ => len - beg,
                };
                (beg, n)
            }
        }
    };
    check_frozen(vm, s)?;
    if n < 0 {
        return Ok(s);
    }
    if beg >= 1 << 40 || n > (1 << 40) - beg {
        return Err(vm.arg_error("argument too big"));
    }
    let end = (beg + n) as usize;
    if alen(s) < end {
        let extra = end - alen(s);
        if vec_of(s).try_reserve(extra).is_err() {
            return Err(vm.raise_str(vm.c.no_memory_error, "failed to allocate memory"));
        }
        vec_of(s).resize(end, Value::NIL);
    }
    match item {
        Some(v) => vec_of(s)[beg as usize..end].fill(v),
        None => {
            let b = b.expect("block");
            let mut i = beg as usize;
            vm.yield_each(b, &mut |_, v| {
                if !v.is_undef() {
                    // the block may have shortened the array: filling stops there
                    if i >= alen(s) {
                        return Ok(None);
                    }
                    vec_of(s)[i] = v;
                    i += 1;
                }
                Ok((i < end).then(|| YieldArgs::one(Value::fixnum(i as i64))))
            })?;
        }
    }
    Ok(s)
}
