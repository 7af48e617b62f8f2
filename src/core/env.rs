//! ENV: the process environment, read through on every access (a hash-like object whose
//! methods are singleton methods, as CRuby's). Values are new frozen strings, as CRuby's.
//! Not here yet: writing (`ENV[]=`, `delete`), which changes the process and belongs with IO.

use super::string::str_arg_vec;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

const ENV: &[(&str, crate::vm::NativeFn, i16, i16)] = &[
    ("[]", env_aref, 1, 1),
    ("fetch", env_fetch, 1, 2),
    ("key?", env_key_p, 1, 1),
    ("has_key?", env_key_p, 1, 1),
    ("include?", env_key_p, 1, 1),
    ("to_h", env_to_h, 0, 0),
    ("keys", env_keys, 0, 0),
    ("inspect", env_inspect, 0, 0),
    ("to_s", env_to_s, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let object = vm.c.object;
    let env = vm.object_new(object);
    vm.define_singleton_natives(env, ENV);
    vm.class_data(object)
        .const_set(crate::object::symbol::intern("ENV"), env);
}

fn var(vm: &mut Vm, name: Value) -> VmResult<Option<Vec<u8>>> {
    let name = String::from_utf8_lossy(&str_arg_vec(vm, name)?).into_owned();
    Ok(std::env::var_os(name).map(|v| v.into_encoded_bytes()))
}

fn frozen(vm: &mut Vm, bytes: &[u8]) -> Value {
    let s = vm.str_new(bytes);
    vm.freeze(s);
    s
}

/// ENV[name] -> string or nil
fn env_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(match var(vm, a[0])? {
        Some(v) => frozen(vm, &v),
        None => Value::NIL,
    })
}
/// ENV.fetch(name[, default]) { |name| } -> string (KeyError without a default)
fn env_fetch(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if let Some(v) = var(vm, a[0])? {
        return Ok(frozen(vm, &v));
    }
    if let Some(b) = b {
        return vm.yield_block(b, &[a[0]]);
    }
    if let Some(&d) = a.get(1) {
        return Ok(d);
    }
    let key = vm.inspect_str(a[0])?;
    let msg = format!("key not found: {key}");
    let err = vm.c.key_error;
    Err(vm.raise_str(err, &msg))
}
fn env_key_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(var(vm, a[0])?.is_some()))
}
fn pairs() -> Vec<(Vec<u8>, Vec<u8>)> {
    std::env::vars_os()
        .map(|(k, v)| (k.into_encoded_bytes(), v.into_encoded_bytes()))
        .collect()
}
fn env_to_h(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    for (k, v) in pairs() {
        let (k, v) = (frozen(vm, &k), frozen(vm, &v));
        vm.hash_aset(h, k, v)?;
    }
    Ok(h)
}
fn env_keys(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let keys: Vec<Value> = pairs().iter().map(|(k, _)| frozen(vm, k)).collect();
    Ok(vm.ary_new(keys))
}
fn env_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = env_to_h(vm, s, &[], None)?;
    vm.funcall(h, crate::object::symbol::intern("inspect"), &[], None)
}
fn env_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_new(b"ENV"))
}
