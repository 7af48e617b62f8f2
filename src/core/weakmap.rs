//! ObjectSpace::WeakMap: a table that holds its keys and values without keeping them alive.
//! Keys compare by identity. The collector does not trace a map's entries; instead every map
//! alive is listed in `Vm::weak_maps`, and each collection, between marking and sweeping
//! (`prune`), drops the entries whose key or value was not marked, and the maps themselves
//! that were not.

use crate::object::heap::{EnvRef, Payload, Survivors, T_DATA, payload};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const WEAKMAP: &[M] = &[
    ("[]", wm_aref, 1, 1),
    ("[]=", wm_aset, 2, 2),
    ("key?", wm_key_p, 1, 1),
    ("include?", wm_key_p, 1, 1),
    ("member?", wm_key_p, 1, 1),
    ("delete", wm_delete, 1, 1),
    ("keys", wm_keys, 0, 0),
    ("values", wm_values, 0, 0),
    ("size", wm_size, 0, 0),
    ("length", wm_size, 0, 0),
    ("each", wm_each, 0, 0),
    ("each_pair", wm_each, 0, 0),
    ("each_key", wm_each_key, 0, 0),
    ("each_value", wm_each_value, 0, 0),
    ("inspect", wm_inspect, 0, 0),
];

/// A WeakMap's payload: its entries by the key's identity, in insertion order.
#[derive(Default)]
pub struct WeakMapObj {
    entries: indexmap::IndexMap<u64, (Value, Value), ahash::RandomState>,
}

impl Payload for WeakMapObj {
    // weak: nothing is traced (see the module comment)
    fn trace(&self, _: &mut Vec<Value>) {}
    fn trace_envs(&self, _: &mut Vec<EnvRef>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let os = vm.define_module("ObjectSpace");
    let o = vm.c.object;
    let k = vm.define_class_under(os, "WeakMap", o);
    let enumerable = vm
        .class_data(o)
        .const_get(crate::sym!("Enumerable"))
        .unwrap_or(Value::NIL);
    if !enumerable.is_nil() {
        vm.class_data(k).includes.push(enumerable);
    }
    vm.define_singleton_natives(
        k,
        &[
            ("allocate", wm_s_allocate, 0, 0),
            ("new", wm_s_allocate, 0, 0),
        ],
    );
    vm.define_natives(k, WEAKMAP);
    vm.invalidate();
}

/// Drops, during a collection, the maps and the entries that do not survive it.
pub fn prune(maps: &mut Vec<Value>, s: &Survivors) {
    maps.retain(|&m| s.live(m));
    for &m in maps.iter() {
        if let Some(w) = payload::<WeakMapObj>(m) {
            w.entries.retain(|_, (k, v)| s.live(*k) && s.live(*v));
        }
    }
}

/// WeakMap.new / allocate: an empty map, listed in `Vm::weak_maps`
fn wm_s_allocate(vm: &mut Vm, k: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = vm
        .heap
        .alloc_boxed(T_DATA, k, Box::new(WeakMapObj::default()));
    vm.weak_maps.push(m);
    Ok(m)
}

fn obj(vm: &mut Vm, m: Value) -> VmResult<&'static mut WeakMapObj> {
    payload::<WeakMapObj>(m).ok_or_else(|| vm.type_error("wrong argument type (expected WeakMap)"))
}

/// map[key] -> the value, or nil
fn wm_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(obj(vm, s)?
        .entries
        .get(&a[0].bits())
        .map_or(Value::NIL, |e| e.1))
}

/// map[key] = value
fn wm_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    obj(vm, s)?.entries.insert(a[0].bits(), (a[0], a[1]));
    Ok(a[1])
}

/// map.key?(key) -> true or false (also include? and member?)
fn wm_key_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(obj(vm, s)?.entries.contains_key(&a[0].bits())))
}

/// map.delete(key) { |key| } -> the value removed, else nil or the block's value
fn wm_delete(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    match obj(vm, s)?.entries.shift_remove(&a[0].bits()) {
        Some((_, v)) => Ok(v),
        None => match b {
            Some(b) => vm.yield_block(b, &[a[0]]),
            None => Ok(Value::NIL),
        },
    }
}

/// The entries now (a copy: the block may change the map).
fn pairs(vm: &mut Vm, s: Value) -> VmResult<Vec<(Value, Value)>> {
    Ok(obj(vm, s)?.entries.values().copied().collect())
}

/// map.keys -> Array
fn wm_keys(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let keys = pairs(vm, s)?.into_iter().map(|p| p.0).collect();
    Ok(vm.ary_new(keys))
}

/// map.values -> Array
fn wm_values(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let values = pairs(vm, s)?.into_iter().map(|p| p.1).collect();
    Ok(vm.ary_new(values))
}

/// map.size -> Integer (also length)
fn wm_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(obj(vm, s)?.entries.len() as i64))
}

/// Yields each entry as `f` makes its arguments; LocalJumpError without a block, as CRuby.
fn each_with(
    vm: &mut Vm,
    s: Value,
    b: Option<&Block>,
    f: fn(&mut Vm, (Value, Value)) -> Vec<Value>,
) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given"));
    };
    let list = pairs(vm, s)?;
    // the entries stay alive on the stack while the block runs (collections may happen)
    let keep = vm.stack.len();
    for &(k, v) in &list {
        vm.stack.push(k);
        vm.stack.push(v);
    }
    let mut r = Ok(s);
    for &p in &list {
        let args = f(vm, p);
        if let Err(u) = vm.yield_block(b, &args) {
            r = Err(u);
            break;
        }
    }
    vm.stack.truncate(keep);
    r
}

/// map.each { |key, value| } -> map (also each_pair)
fn wm_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, |_, (k, v)| vec![k, v])
}

/// map.each_key { |key| } -> map
fn wm_each_key(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, |_, (k, _)| vec![k])
}

/// map.each_value { |value| } -> map
fn wm_each_value(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, |_, (_, v)| vec![v])
}

/// How inspect shows one key or value: an immediate inspected, any other object by its class
/// and address (inspecting it could run code that changes the map).
fn shown(vm: &mut Vm, v: Value) -> VmResult<String> {
    if v.is_heap() {
        let k = vm.real_class(v);
        Ok(format!("#<{}:{:#018x}>", vm.class_name(k), v.bits()))
    } else {
        vm.inspect_str(v)
    }
}

/// map.inspect -> "#<ObjectSpace::WeakMap:0x...: key => value, ...>"
fn wm_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let mut out = format!("#<{}:{:#018x}", vm.class_name(k), s.bits());
    let list = pairs(vm, s)?;
    for (i, (k, v)) in list.into_iter().enumerate() {
        out.push_str(if i == 0 { ": " } else { ", " });
        let (k, v) = (shown(vm, k)?, shown(vm, v)?);
        out.push_str(&format!("{k} => {v}"));
    }
    out.push('>');
    Ok(vm.str_from(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collection_drops_the_entries_whose_key_or_value_died_and_the_dead_maps() {
        let mut vm = Vm::new();
        let os = vm.define_module("ObjectSpace");
        let k = vm
            .class_data(os)
            .const_get(crate::sym!("WeakMap"))
            .expect("defined at start-up");
        let map = wm_s_allocate(&mut vm, k, &[], None).unwrap();
        let (k1, v1, k2) = (vm.str_from("k1"), vm.str_from("v1"), vm.str_from("k2"));
        let v3 = vm.str_from("v3");
        // rooted: the map, k1, v1, k2 and v3
        vm.stack.extend_from_slice(&[map, k1, v1, k2, v3]);
        let v2 = vm.str_from("v2");
        let k3 = vm.str_from("k3");
        for (key, value) in [(k1, v1), (k2, v2), (k3, v3), (Value::fixnum(1), Value::NIL)] {
            wm_aset(&mut vm, map, &[key, value], None).unwrap();
        }
        vm.collect_garbage();
        let left: Vec<u64> = obj(&mut vm, map).unwrap().entries.keys().copied().collect();
        assert_eq!(left, vec![k1.bits(), Value::fixnum(1).bits()]);
        assert_eq!(vm.weak_maps, vec![map]);
        vm.stack.clear();
        vm.collect_garbage();
        assert!(vm.weak_maps.is_empty());
    }
}
