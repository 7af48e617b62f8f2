//! Hash: insertion-ordered, string keys stored as interned frozen copies (as CRuby does),
//! `{"a" => 1, b: 2}` inspect format of Ruby 3.4+.

use super::object::is_string;
use crate::object::hash::RHash;
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const HASH: &[M] = &[
    ("[]", h_aref, 1, 1),
    ("[]=", h_aset, 2, 2),
    ("store", h_aset, 2, 2),
    ("fetch", h_fetch, 1, 2),
    ("key?", h_key_p, 1, 1),
    ("has_key?", h_key_p, 1, 1),
    ("include?", h_key_p, 1, 1),
    ("member?", h_key_p, 1, 1),
    ("delete", h_delete, 1, 1),
    ("each", h_each, 0, 0),
    ("each_pair", h_each, 0, 0),
    ("keys", h_keys, 0, 0),
    ("values", h_values, 0, 0),
    ("size", h_size, 0, 0),
    ("length", h_size, 0, 0),
    ("empty?", h_empty_p, 0, 0),
    ("inspect", h_inspect, 0, 0),
    ("to_s", h_inspect, 0, 0),
    ("to_h", h_to_h, 0, 0),
    ("to_hash", h_to_h, 0, 0),
    ("to_a", h_to_a, 0, 0),
    ("merge", h_merge, 0, -1),
    ("==", h_eq, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let h = vm.c.hash;
    vm.define_natives(h, HASH);
}

fn rh(v: Value) -> &'static mut RHash {
    payload::<RHash>(v).expect("hash")
}

/// Finds the entry index for `key`.
pub fn find(vm: &mut Vm, h: Value, key: Value) -> VmResult<Option<usize>> {
    if rh(h).compare_by_identity {
        return Ok(rh(h)
            .iter()
            .position(|e| e.key == key)
            .and_then(|_| rh(h).entries.iter().position(|e| e.key == key)));
    }
    let hv = vm.hash_of(key)?;
    let cands: Vec<usize> = rh(h).candidates(hv).collect();
    for i in cands {
        let k = rh(h).entries[i].key;
        if vm.eql(k, key)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Inserts or replaces without Ruby's string-key copying.
pub fn raw_insert(vm: &mut Vm, h: Value, key: Value, val: Value) -> VmResult<()> {
    match find(vm, h, key)? {
        Some(i) => rh(h).entries[i].value = val,
        None => {
            let hv = vm.hash_of(key)?;
            rh(h).push(key, val, hv);
        }
    }
    Ok(())
}

/// The value for `key`, or nil (no default applied).
pub fn get(vm: &mut Vm, h: Value, key: Value) -> VmResult {
    Ok(find(vm, h, key)?
        .map(|i| rh(h).entries[i].value)
        .unwrap_or(Value::NIL))
}

/// Copies the entries (and defaults) of `from` into `to`.
pub fn copy_into(vm: &mut Vm, from: Value, to: Value) -> VmResult<()> {
    for (k, v) in rh(from).pairs() {
        raw_insert(vm, to, k, v)?;
    }
    rh(to).default = rh(from).default;
    rh(to).default_proc = rh(from).default_proc;
    Ok(())
}

impl Vm {
    /// `h[k] = v`: an unfrozen String key is stored as an interned frozen copy.
    pub fn hash_aset(&mut self, h: Value, key: Value, val: Value) -> VmResult<()> {
        if self.is_frozen(h) {
            return Err(self.frozen_error(h));
        }
        let key = if is_string(key) && !self.is_frozen(key) && !rh(h).compare_by_identity {
            if find(self, h, key)?.is_none() {
                self.fstring(string::bytes(key))
            } else {
                key
            }
        } else {
            key
        };
        raw_insert(self, h, key, val)
    }

    /// Merges `other` (a Hash, or something with to_hash) into `h` (`**other`).
    pub fn hash_merge_into(&mut self, h: Value, other: Value) -> VmResult<()> {
        if other.is_nil() {
            return Ok(());
        }
        if type_of(other) != T_HASH {
            return Err(self.conversion_error(other, "Hash"));
        }
        for (k, v) in rh(other).pairs() {
            raw_insert(self, h, k, v)?;
        }
        Ok(())
    }

    /// `h[k]` with the default value or default proc.
    pub fn hash_aref(&mut self, h: Value, key: Value) -> VmResult {
        if let Some(i) = find(self, h, key)? {
            return Ok(rh(h).entries[i].value);
        }
        let dp = rh(h).default_proc;
        if !dp.is_nil() {
            return self.funcall(dp, crate::object::symbol::intern("call"), &[h, key], None);
        }
        Ok(rh(h).default)
    }
}

fn h_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.hash_aref(s, a[0])
}
fn h_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.hash_aset(s, a[0], a[1])?;
    Ok(a[1])
}
fn h_fetch(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if let Some(i) = find(vm, s, a[0])? {
        return Ok(rh(s).entries[i].value);
    }
    if let Some(b) = b {
        return vm.yield_block(b, &[a[0]]);
    }
    if let Some(&d) = a.get(1) {
        return Ok(d);
    }
    let k = vm.inspect_str(a[0])?;
    let e = vm.exception_new(vm.c.key_error, &format!("key not found: {k}"));
    vm.set_backtrace_here(e);
    Err(crate::vm::frame::Unwind::Raise(e))
}
fn h_key_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(find(vm, s, a[0])?.is_some()))
}
fn h_delete(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    match find(vm, s, a[0])? {
        Some(i) => Ok(rh(s).remove_at(i)),
        None => match b {
            Some(b) => vm.yield_block(b, &[a[0]]),
            None => Ok(Value::NIL),
        },
    }
}
fn h_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each", &[]);
    };
    for (k, v) in rh(s).pairs() {
        let pair = vm.ary_new(vec![k, v]);
        vm.yield_block(b, &[pair])?;
    }
    Ok(s)
}
fn h_keys(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = rh(s).iter().map(|e| e.key).collect();
    Ok(vm.ary_new(k))
}
fn h_values(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = rh(s).iter().map(|e| e.value).collect();
    Ok(vm.ary_new(v))
}
fn h_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(rh(s).len() as i64))
}
fn h_empty_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(rh(s).is_empty()))
}
fn h_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if rh(s).is_empty() {
        return Ok(vm.str_from("{}"));
    }
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from("{...}"));
    }
    vm.inspecting.push(s);
    let mut out = String::from("{");
    for (i, (k, v)) in rh(s).pairs().into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let r = (|| -> VmResult<()> {
            if k.is_symbol() {
                let name = sym_name(k.as_symbol_id());
                if crate::core::string::symbol_is_simple(name) && !name.ends_with('=')
                    || name.ends_with(['?', '!']) && crate::core::string::symbol_is_simple(name)
                {
                    out.push_str(&format!("{name}: "));
                } else {
                    out.push_str(&format!(
                        "{}: ",
                        crate::core::string::inspect_bytes(name.as_bytes())
                    ));
                }
            } else {
                out.push_str(&vm.inspect_str(k)?);
                out.push_str(" => ");
            }
            out.push_str(&vm.inspect_str(v)?);
            Ok(())
        })();
        if let Err(e) = r {
            vm.inspecting.pop();
            return Err(e);
        }
    }
    vm.inspecting.pop();
    out.push('}');
    Ok(vm.str_from(out))
}
fn h_to_h(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
fn h_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for (k, v) in rh(s).pairs() {
        out.push(vm.ary_new(vec![k, v]));
    }
    Ok(vm.ary_new(out))
}
fn h_merge(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = vm.hash_new();
    copy_into(vm, s, n)?;
    for &o in a {
        vm.hash_merge_into(n, o)?;
    }
    Ok(n)
}
fn h_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if type_of(o) != T_HASH || rh(s).len() != rh(o).len() {
        return Ok(Value::FALSE);
    }
    for (k, v) in rh(s).pairs() {
        match find(vm, o, k)? {
            Some(i) => {
                let ov = rh(o).entries[i].value;
                if !vm.equal(v, ov)? {
                    return Ok(Value::FALSE);
                }
            }
            None => return Ok(Value::FALSE),
        }
    }
    Ok(Value::TRUE)
}
