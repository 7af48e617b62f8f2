//! ENV: the process environment as a hash-like object whose methods are singleton methods, as
//! CRuby's. Values are new frozen strings, as CRuby's.
//!
//! Writes (`[]=`, `store`, `delete`, `update`, `replace`, `clear`) go into a VM-side table
//! (`Vm::env`, a name -> value-or-deleted overlay on the environment the process started with)
//! instead of `std::env::set_var`, whose writes race with any thread reading the environment.
//! Everything that reads the environment for Ruby reads through `getenv` (HOME for
//! `Dir.home`/`File.expand_path("~")`/`Dir.chdir`); a change of `TZ` sets the local zone Time
//! uses (core/time.rs `set_local_tz`).

use super::string::str_arg_vec;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

const ENV: &[(&str, crate::vm::NativeFn, i16, i16)] = &[
    ("[]", env_aref, 1, 1),
    ("fetch", env_fetch, 1, 2),
    ("[]=", env_aset, 2, 2),
    ("store", env_aset, 2, 2),
    ("delete", env_delete, 1, 1),
    ("key?", env_key_p, 1, 1),
    ("has_key?", env_key_p, 1, 1),
    ("include?", env_key_p, 1, 1),
    ("member?", env_key_p, 1, 1),
    ("value?", env_value_p, 1, 1),
    ("has_value?", env_value_p, 1, 1),
    ("key", env_key, 1, 1),
    ("to_h", env_to_h, 0, 0),
    ("to_hash", env_to_h, 0, 0),
    ("to_a", env_to_a, 0, 0),
    ("keys", env_keys, 0, 0),
    ("values", env_values, 0, 0),
    ("each", env_each, 0, 0),
    ("each_pair", env_each, 0, 0),
    ("each_key", env_each_key, 0, 0),
    ("each_value", env_each_value, 0, 0),
    ("update", env_update, 0, -1),
    ("merge!", env_update, 0, -1),
    ("replace", env_replace, 1, 1),
    ("clear", env_clear, 0, 0),
    ("slice", env_slice, 0, -1),
    ("values_at", env_values_at, 0, -1),
    ("select", env_select, 0, 0),
    ("filter", env_select, 0, 0),
    ("reject", env_reject, 0, 0),
    ("size", env_size, 0, 0),
    ("length", env_size, 0, 0),
    ("empty?", env_empty, 0, 0),
    ("inspect", env_inspect, 0, 0),
    ("to_s", env_to_s, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let object = vm.c.object;
    let env = vm.object_new(object);
    vm.define_singleton_natives(env, ENV);
    let meta = vm.singleton_class(env);
    let e = vm.c.enumerable;
    vm.class_data(meta).includes.push(e);
    vm.invalidate();
    vm.class_data(object).const_set(intern("ENV"), env);
    // a new interpreter starts from the process's zone (the override is per thread)
    super::time::clear_local_tz();
}

/// The value of the environment variable `name` as the program sees it (its own writes
/// included).
pub fn getenv(vm: &Vm, name: &[u8]) -> Option<Vec<u8>> {
    if let Some(v) = vm.env.get(name) {
        return v.clone();
    }
    std::env::var_os(crate::core::file::os_path(name).as_os_str()).map(|v| v.into_encoded_bytes())
}

/// Every variable, in the process's order, then the ones the program added.
pub fn pairs(vm: &Vm) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut out: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for (k, v) in std::env::vars_os() {
        let k = k.into_encoded_bytes();
        match vm.env.get(&k) {
            Some(Some(v)) => out.push((k, v.clone())),
            Some(None) => {}
            None => out.push((k, v.into_encoded_bytes())),
        }
    }
    for (k, v) in &vm.env {
        if let Some(v) = v
            && !out.iter().any(|(o, _)| o == k)
        {
            out.push((k.clone(), v.clone()));
        }
    }
    out
}

/// Sets (Some) or deletes (None) a variable; a change of TZ changes Time's local zone.
pub fn setenv(vm: &mut Vm, name: &[u8], value: Option<Vec<u8>>) {
    if name == b"TZ" {
        let tz = value
            .as_ref()
            .map(|v| String::from_utf8_lossy(v).into_owned());
        super::time::set_local_tz(tz.as_deref());
    }
    vm.env.insert(name.to_vec(), value);
}

fn name_arg(vm: &mut Vm, v: Value) -> VmResult<Vec<u8>> {
    str_arg_vec(vm, v)
}

fn frozen(vm: &mut Vm, bytes: &[u8]) -> Value {
    let s = vm.str_new(bytes);
    vm.freeze(s);
    s
}

/// ENV[name] -> string or nil
fn env_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = name_arg(vm, a[0])?;
    Ok(match getenv(vm, &n) {
        Some(v) => frozen(vm, &v),
        None => Value::NIL,
    })
}
/// ENV.fetch(name[, default]) { |name| } -> string (KeyError without a default)
fn env_fetch(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = name_arg(vm, a[0])?;
    if let Some(v) = getenv(vm, &n) {
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
    let e = vm.exception_new(err, &msg);
    let env = env_object(vm);
    vm.ivar_set(e, intern(crate::vm::error::IV_RECV), env)?;
    vm.ivar_set(e, intern("__key"), a[0])?;
    vm.set_backtrace_here(e);
    Err(crate::vm::frame::Unwind::Raise(e))
}
fn env_object(vm: &mut Vm) -> Value {
    let object = vm.c.object;
    vm.class_data(object)
        .const_get(intern("ENV"))
        .unwrap_or(Value::NIL)
}
/// ENV[name] = value (nil deletes) -> value
fn env_aset(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = name_arg(vm, a[0])?;
    if a[1].is_nil() {
        setenv(vm, &n, None);
        return Ok(Value::NIL);
    }
    let v = name_arg(vm, a[1])?;
    if n.is_empty() || n.contains(&b'=') {
        let msg = format!("setenv({})", String::from_utf8_lossy(&n));
        return Err(super::errno::raise(vm, libc::EINVAL, None, &msg));
    }
    if n.contains(&0) || v.contains(&0) {
        let what = if n.contains(&0) { "name" } else { "value" };
        return Err(vm.arg_error(&format!(
            "bad environment variable {what}: contains null byte"
        )));
    }
    setenv(vm, &n, Some(v));
    Ok(a[1])
}
/// ENV.delete(name) { |name| } -> the old value, or nil (the block's value when absent)
fn env_delete(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = name_arg(vm, a[0])?;
    match getenv(vm, &n) {
        Some(old) => {
            setenv(vm, &n, None);
            Ok(frozen(vm, &old))
        }
        None => match b {
            Some(b) => vm.yield_block(b, &[a[0]]),
            None => Ok(Value::NIL),
        },
    }
}
fn env_key_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = name_arg(vm, a[0])?;
    Ok(Value::bool(getenv(vm, &n).is_some()))
}
fn env_value_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !super::object::is_string(a[0]) {
        return Ok(Value::NIL);
    }
    let v = vm.bytes(a[0]).to_vec();
    Ok(Value::bool(pairs(vm).iter().any(|(_, x)| *x == v)))
}
/// ENV.key(value) -> the name of the first variable with that value, or nil
fn env_key(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = name_arg(vm, a[0])?;
    Ok(match pairs(vm).into_iter().find(|(_, x)| *x == v) {
        Some((k, _)) => frozen(vm, &k),
        None => Value::NIL,
    })
}
fn env_to_h(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    let depth = vm.stack.len();
    vm.stack.push(h);
    let r = (|| {
        for (k, v) in pairs(vm) {
            let (k, v) = (frozen(vm, &k), frozen(vm, &v));
            let (k, v) = match b {
                Some(b) => {
                    let r = vm.yield_block(b, &[k, v])?;
                    let pair = vm.splat_to_vec(r)?;
                    (
                        pair.first().copied().unwrap_or(Value::NIL),
                        pair.get(1).copied().unwrap_or(Value::NIL),
                    )
                }
                None => (k, v),
            };
            vm.hash_aset(h, k, v)?;
        }
        Ok(h)
    })();
    vm.stack.truncate(depth);
    r
}
fn env_to_a(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut items = Vec::new();
    for (k, v) in pairs(vm) {
        let (k, v) = (frozen(vm, &k), frozen(vm, &v));
        items.push(vm.ary_from_slice(&[k, v]));
    }
    Ok(vm.ary_new(items))
}
fn env_keys(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let keys: Vec<Value> = pairs(vm).iter().map(|(k, _)| frozen(vm, k)).collect();
    Ok(vm.ary_new(keys))
}
fn env_values(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let vals: Vec<Value> = pairs(vm).iter().map(|(_, v)| frozen(vm, v)).collect();
    Ok(vm.ary_new(vals))
}
/// Yields each (name, value) of a snapshot taken before the first yield.
fn each_with(vm: &mut Vm, s: Value, b: Option<&Block>, meth: &str, what: u8) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, meth, &[]);
    };
    for (k, v) in pairs(vm) {
        let (k, v) = (frozen(vm, &k), frozen(vm, &v));
        match what {
            0 => vm.yield_block(b, &[k, v])?,
            1 => vm.yield_block(b, &[k])?,
            _ => vm.yield_block(b, &[v])?,
        };
    }
    Ok(s)
}
fn env_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, "each", 0)
}
fn env_each_key(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, "each_key", 1)
}
fn env_each_value(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    each_with(vm, s, b, "each_value", 2)
}
/// ENV.update(*hashes) { |name, old, new| } -> ENV
fn env_update(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    for &h in a {
        let h = super::hash::to_hash(vm, h)?;
        let entries = super::hash::rh(h).pairs();
        for (k, v) in entries {
            let n = name_arg(vm, k)?;
            let v = match (b, getenv(vm, &n)) {
                (Some(b), Some(old)) => {
                    let old = frozen(vm, &old);
                    vm.yield_block(b, &[k, old, v])?
                }
                _ => v,
            };
            env_aset(vm, s, &[k, v], None)?;
        }
    }
    Ok(s)
}
/// ENV.replace(hash) -> ENV: exactly the hash's variables
fn env_replace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = super::hash::to_hash(vm, a[0])?;
    let entries = super::hash::rh(h).pairs();
    let mut keep = Vec::new();
    for (k, v) in &entries {
        keep.push(name_arg(vm, *k)?);
        name_arg(vm, *v)?;
    }
    for (k, _) in pairs(vm) {
        if !keep.contains(&k) {
            setenv(vm, &k, None);
        }
    }
    for (k, v) in entries {
        env_aset(vm, s, &[k, v], None)?;
    }
    Ok(s)
}
fn env_clear(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    for (k, _) in pairs(vm) {
        setenv(vm, &k, None);
    }
    Ok(s)
}
/// ENV.slice(*names) -> a Hash of those that are set
fn env_slice(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    for &k in a {
        let n = name_arg(vm, k)?;
        if let Some(v) = getenv(vm, &n) {
            let v = frozen(vm, &v);
            vm.hash_aset(h, k, v)?;
        }
    }
    Ok(h)
}
fn env_values_at(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &k in a {
        let n = name_arg(vm, k)?;
        out.push(match getenv(vm, &n) {
            Some(v) => frozen(vm, &v),
            None => Value::NIL,
        });
    }
    Ok(vm.ary_new(out))
}
/// ENV.select { |name, value| } -> a Hash of the pairs the block accepts (reject: refuses)
fn filter(vm: &mut Vm, s: Value, b: Option<&Block>, meth: &str, keep: bool) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, meth, &[]);
    };
    let h = vm.hash_new();
    let depth = vm.stack.len();
    vm.stack.push(h);
    let r = (|| {
        for (k, v) in pairs(vm) {
            let (k, v) = (frozen(vm, &k), frozen(vm, &v));
            if vm.yield_block(b, &[k, v])?.truthy() == keep {
                vm.hash_aset(h, k, v)?;
            }
        }
        Ok(h)
    })();
    vm.stack.truncate(depth);
    r
}
fn env_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    filter(vm, s, b, "select", true)
}
fn env_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    filter(vm, s, b, "reject", false)
}
fn env_size(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(pairs(vm).len() as i64))
}
fn env_empty(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(pairs(vm).is_empty()))
}
fn env_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = env_to_h(vm, s, &[], None)?;
    vm.funcall(h, intern("inspect"), &[], None)
}
fn env_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_new(b"ENV"))
}

#[cfg(test)]
mod tests {
    use crate::Interpreter;

    fn eval(src: &str) -> String {
        let mut i = Interpreter::new();
        let v = i.eval(src, "t.rb").expect("runs");
        i.vm.inspect_str(v).expect("inspect")
    }

    /// A written TZ is Time's local zone (the oracle ignores TZ, so this is checked here; it
    /// needs the zone database, which CI installs).
    #[test]
    fn a_written_tz_is_the_local_zone() {
        assert_eq!(
            eval(
                "ENV['TZ'] = 'Asia/Tokyo'; t = Time.at(0); r = [t.utc_offset, t.zone, t.hour, Time.local(2000, 1, 1).utc_offset]; ENV['TZ'] = 'UTC'; r"
            ),
            "[32400, \"JST\", 9, 32400]"
        );
        assert_eq!(
            eval("ENV['TZ'] = 'EST5EDT'; r = Time.at(0).utc_offset; ENV['TZ'] = 'UTC'; r"),
            "-18000"
        );
    }

    /// Writes stay in the interpreter: the process environment is not changed.
    #[test]
    fn writes_do_not_touch_the_process_environment() {
        assert_eq!(
            eval(
                "ENV['RUBRA_ENV_UNIT'] = 'x'; [ENV['RUBRA_ENV_UNIT'], ENV.to_h.key?('RUBRA_ENV_UNIT')]"
            ),
            "[\"x\", true]"
        );
        assert!(std::env::var_os("RUBRA_ENV_UNIT").is_none());
        assert_eq!(eval("ENV['RUBRA_ENV_UNIT']"), "nil");
    }
}
