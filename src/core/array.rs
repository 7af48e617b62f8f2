//! Array (the methods ordinary programs use first), and the VM's splat and range helpers.

use super::object::is_string;
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ARRAY: &[M] = &[
    ("each", a_each, 0, 0),
    ("each_with_index", a_each_with_index, 0, 0),
    ("map", a_map, 0, 0),
    ("collect", a_map, 0, 0),
    ("select", a_select, 0, 0),
    ("filter", a_select, 0, 0),
    ("reject", a_reject, 0, 0),
    ("inspect", a_inspect, 0, 0),
    ("to_s", a_inspect, 0, 0),
    ("to_a", a_to_a, 0, 0),
    ("length", a_length, 0, 0),
    ("size", a_length, 0, 0),
    ("empty?", a_empty_p, 0, 0),
    ("push", a_push, 0, -1),
    ("append", a_push, 0, -1),
    ("<<", a_push, 1, 1),
    ("pop", a_pop, 0, 0),
    ("shift", a_shift, 0, 0),
    ("unshift", a_unshift, 0, -1),
    ("prepend", a_unshift, 0, -1),
    ("[]", a_aref, 1, 2),
    ("[]=", a_aset, 2, 3),
    ("first", a_first, 0, 1),
    ("last", a_last, 0, 1),
    ("join", a_join, 0, 1),
    ("==", a_eq, 1, 1),
    ("+", a_plus, 1, 1),
    ("include?", a_include_p, 1, 1),
    ("reverse", a_reverse, 0, 0),
    ("hash", a_hash, 0, 0),
    ("eql?", a_eql, 1, 1),
    ("frozen?", a_frozen_p, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let a = vm.c.array;
    vm.define_natives(a, ARRAY);
}

/// An Enumerator for `recv.meth(*args)` (returned by iterators called without a block).
pub fn enum_for(vm: &mut Vm, recv: Value, meth: &str, args: &[Value]) -> VmResult {
    let e = vm.object_new(vm.c.enumerator);
    let a = vm.ary_new(args.to_vec());
    vm.ivar_set(e, intern("__recv"), recv)?;
    vm.ivar_set(e, intern("__meth"), Value::symbol(intern(meth)))?;
    vm.ivar_set(e, intern("__args"), a)?;
    Ok(e)
}

impl Vm {
    /// The elements `*x` expands to: arrays as they are, nil to nothing, `to_a` results, else [x].
    pub fn splat_to_vec(&mut self, x: Value) -> VmResult<Vec<Value>> {
        if type_of(x) == T_ARRAY {
            return Ok(rarray(x).vec.clone());
        }
        if x.is_nil() {
            return Ok(Vec::new());
        }
        let id = intern("to_a");
        if self.responds(x, id, true) {
            let r = self.funcall(x, id, &[], None)?;
            if type_of(r) == T_ARRAY {
                return Ok(rarray(r).vec.clone());
            }
            let k = self.real_class(x);
            let kn = self.class_name(k);
            let rk = self.real_class(r);
            let msg = format!(
                "can't convert {kn} to Array ({kn}#to_a gives {})",
                self.class_name(rk)
            );
            return Err(self.type_error(&msg));
        }
        Ok(vec![x])
    }

    /// The values a multiple assignment takes from `v` (arrays, `to_ary`, else [v]).
    pub fn to_ary_for_masgn(&mut self, v: Value) -> VmResult<Vec<Value>> {
        if type_of(v) == T_ARRAY {
            return Ok(rarray(v).vec.clone());
        }
        let id = intern("to_ary");
        if v.is_heap() && self.responds(v, id, true) {
            let r = self.funcall(v, id, &[], None)?;
            if type_of(r) == T_ARRAY {
                return Ok(rarray(r).vec.clone());
            }
        }
        Ok(vec![v])
    }

    /// `lo..hi` with CRuby's "bad value for range" check.
    pub fn make_range(&mut self, lo: Value, hi: Value, excl: bool) -> VmResult {
        let ok = lo.is_nil()
            || hi.is_nil()
            || (lo.is_fixnum() && hi.is_fixnum())
            || self
                .funcall(lo, intern("<=>"), &[hi], None)
                .map(|c| !c.is_nil())
                .unwrap_or(false);
        if !ok {
            return Err(self.arg_error("bad value for range"));
        }
        Ok(self.range_new(lo, hi, excl))
    }
}

fn need_block<'a>(
    vm: &mut Vm,
    s: Value,
    name: &str,
    b: Option<&'a Block>,
) -> Result<&'a Block, VmResult> {
    match b {
        Some(b) => Ok(b),
        None => Err(enum_for(vm, s, name, &[])),
    }
}

fn check_frozen(vm: &mut Vm, s: Value) -> VmResult<()> {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    Ok(())
}

fn a_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = match need_block(vm, s, "each", b) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let mut i = 0;
    while i < rarray(s).vec.len() {
        let v = rarray(s).vec[i];
        vm.yield_block(b, &[v])?;
        i += 1;
    }
    Ok(s)
}
fn a_each_with_index(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = match need_block(vm, s, "each_with_index", b) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let mut i = 0;
    while i < rarray(s).vec.len() {
        let v = rarray(s).vec[i];
        vm.yield_block(b, &[v, Value::fixnum(i as i64)])?;
        i += 1;
    }
    Ok(s)
}
fn a_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let b = match need_block(vm, s, "map", b) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let out = vm.ary_new(Vec::with_capacity(rarray(s).vec.len()));
    vm.stack.push(out);
    let mut i = 0;
    while i < rarray(s).vec.len() {
        let v = rarray(s).vec[i];
        let r = vm.yield_block(b, &[v]);
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                vm.stack.pop();
                return Err(e);
            }
        };
        rarray(out).vec.push(r);
        i += 1;
    }
    vm.stack.pop();
    Ok(out)
}
fn filter(vm: &mut Vm, s: Value, b: &Block, keep: bool) -> VmResult {
    let out = vm.ary_new(Vec::new());
    vm.stack.push(out);
    let mut i = 0;
    while i < rarray(s).vec.len() {
        let v = rarray(s).vec[i];
        match vm.yield_block(b, &[v]) {
            Ok(r) => {
                if r.truthy() == keep {
                    rarray(out).vec.push(v);
                }
            }
            Err(e) => {
                vm.stack.pop();
                return Err(e);
            }
        }
        i += 1;
    }
    vm.stack.pop();
    Ok(out)
}
fn a_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    match need_block(vm, s, "select", b) {
        Ok(b) => filter(vm, s, b, true),
        Err(e) => e,
    }
}
fn a_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    match need_block(vm, s, "reject", b) {
        Ok(b) => filter(vm, s, b, false),
        Err(e) => e,
    }
}
fn a_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from("[...]"));
    }
    vm.inspecting.push(s);
    let mut out = String::from("[");
    let mut i = 0;
    while i < rarray(s).vec.len() {
        if i > 0 {
            out.push_str(", ");
        }
        let v = rarray(s).vec[i];
        match vm.inspect_str(v) {
            Ok(t) => out.push_str(&t),
            Err(e) => {
                vm.inspecting.pop();
                return Err(e);
            }
        }
        i += 1;
    }
    vm.inspecting.pop();
    out.push(']');
    Ok(vm.str_from(out))
}
fn a_to_a(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
fn a_length(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(rarray(s).vec.len() as i64))
}
fn a_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(rarray(s).vec.is_empty()))
}
fn a_push(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    rarray(s).vec.extend_from_slice(a);
    Ok(s)
}
fn a_pop(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    Ok(rarray(s).vec.pop().unwrap_or(Value::NIL))
}
fn a_shift(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let v = &mut rarray(s).vec;
    Ok(if v.is_empty() {
        Value::NIL
    } else {
        v.remove(0)
    })
}
fn a_unshift(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let v = &mut rarray(s).vec;
    v.splice(0..0, a.iter().copied());
    Ok(s)
}

/// Resolves a possibly negative index against `len`.
fn norm(i: i64, len: usize) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    if i < 0 { None } else { Some(i as usize) }
}
fn a_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let len = rarray(s).vec.len();
    if a.len() == 2 {
        let (st, n) = (super::arg_int(vm, a[0])?, super::arg_int(vm, a[1])?);
        let Some(st) = norm(st, len) else {
            return Ok(Value::NIL);
        };
        if st > len || n < 0 {
            return Ok(Value::NIL);
        }
        let end = (st + n as usize).min(len);
        let part = rarray(s).vec[st..end].to_vec();
        return Ok(vm.ary_new(part));
    }
    if type_of(a[0]) == T_RANGE {
        let r = rrange(a[0]);
        let (b, e, excl) = (r.begin, r.end, r.excl);
        let st = if b.is_nil() {
            0
        } else {
            super::arg_int(vm, b)?
        };
        let Some(st) = norm(st, len) else {
            return Ok(Value::NIL);
        };
        if st > len {
            return Ok(Value::NIL);
        }
        let en = if e.is_nil() {
            len as i64
        } else {
            super::arg_int(vm, e)?
        };
        let en = if en < 0 { en + len as i64 } else { en };
        let en = if excl || e.is_nil() { en } else { en + 1 };
        let en = (en.max(st as i64) as usize).min(len);
        let part = rarray(s).vec[st..en].to_vec();
        return Ok(vm.ary_new(part));
    }
    let i = super::arg_int(vm, a[0])?;
    Ok(norm(i, len)
        .and_then(|i| rarray(s).vec.get(i).copied())
        .unwrap_or(Value::NIL))
}
fn a_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    let len = rarray(s).vec.len();
    if a.len() == 3 {
        let (st, n) = (super::arg_int(vm, a[0])?, super::arg_int(vm, a[1])?);
        let st =
            norm(st, len).ok_or_else(|| vm.raise_str(vm.c.index_error, "index out of array"))?;
        let v = &mut rarray(s).vec;
        if st > v.len() {
            v.resize(st, Value::NIL);
        }
        let end = (st + n.max(0) as usize).min(v.len());
        let items = if type_of(a[2]) == T_ARRAY {
            rarray(a[2]).vec.clone()
        } else {
            vec![a[2]]
        };
        v.splice(st..end, items);
        return Ok(a[2]);
    }
    let i = super::arg_int(vm, a[0])?;
    let Some(i) = norm(i, len) else {
        let msg = format!("index {} too small for array; minimum: -{len}", i);
        return Err(vm.raise_str(vm.c.index_error, &msg));
    };
    let v = &mut rarray(s).vec;
    if i >= v.len() {
        v.resize(i + 1, Value::NIL);
    }
    v[i] = a[1];
    Ok(a[1])
}
fn a_first(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = &rarray(s).vec;
    match a.first() {
        None => Ok(v.first().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = super::arg_int(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error("negative array size"));
            }
            let part = rarray(s).vec.iter().take(n as usize).copied().collect();
            Ok(vm.ary_new(part))
        }
    }
}
fn a_last(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = &rarray(s).vec;
    match a.first() {
        None => Ok(v.last().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = super::arg_int(vm, n)?;
            if n < 0 {
                return Err(vm.arg_error("negative array size"));
            }
            let v = &rarray(s).vec;
            let part = v[v.len().saturating_sub(n as usize)..].to_vec();
            Ok(vm.ary_new(part))
        }
    }
}
fn join_into(vm: &mut Vm, s: Value, sep: &[u8], out: &mut Vec<u8>) -> VmResult<()> {
    if vm.inspecting.contains(&s) {
        return Err(vm.arg_error("recursive array join"));
    }
    vm.inspecting.push(s);
    let mut i = 0;
    while i < rarray(s).vec.len() {
        if i > 0 {
            out.extend_from_slice(sep);
        }
        let v = rarray(s).vec[i];
        let r = if type_of(v) == T_ARRAY {
            join_into(vm, v, sep, out)
        } else {
            vm.to_s(v)
                .map(|t| out.extend_from_slice(crate::object::string::bytes(t)))
        };
        if let Err(e) = r {
            vm.inspecting.pop();
            return Err(e);
        }
        i += 1;
    }
    vm.inspecting.pop();
    Ok(())
}
fn a_join(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let sep = match a.first() {
        Some(&v) if is_string(v) => crate::object::string::bytes(v).to_vec(),
        Some(&v) if v.is_nil() => Vec::new(),
        Some(&v) => return Err(vm.conversion_error(v, "String")),
        None => Vec::new(),
    };
    let mut out = Vec::new();
    join_into(vm, s, &sep, &mut out)?;
    Ok(vm.str_new(&out))
}
fn a_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if type_of(o) != T_ARRAY {
        return Ok(Value::FALSE);
    }
    if rarray(s).vec.len() != rarray(o).vec.len() {
        return Ok(Value::FALSE);
    }
    let mut i = 0;
    while i < rarray(s).vec.len().min(rarray(o).vec.len()) {
        let (x, y) = (rarray(s).vec[i], rarray(o).vec[i]);
        if !vm.equal(x, y)? {
            return Ok(Value::FALSE);
        }
        i += 1;
    }
    Ok(Value::TRUE)
}
fn a_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if type_of(a[0]) != T_ARRAY {
        return Err(vm.conversion_error(a[0], "Array"));
    }
    let mut v = rarray(s).vec.clone();
    v.extend_from_slice(&rarray(a[0]).vec);
    Ok(vm.ary_new(v))
}
fn a_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut i = 0;
    while i < rarray(s).vec.len() {
        let x = rarray(s).vec[i];
        if vm.equal(x, a[0])? {
            return Ok(Value::TRUE);
        }
        i += 1;
    }
    Ok(Value::FALSE)
}
fn a_reverse(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v: Vec<Value> = rarray(s).vec.iter().rev().copied().collect();
    Ok(vm.ary_new(v))
}
fn a_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}
fn a_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.eql(s, a[0])?))
}
fn a_frozen_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.is_frozen(s)))
}
