//! The `objspace` library, defined on its first `require` (core/load.rs `BUNDLED`):
//! `ObjectSpace.memsize_of`, `memsize_of_all` and `count_objects_size`, on the sizes the heap
//! knows (object/heap.rs `memsize_of`: the object's slot in its size pool, 40 to 640 bytes,
//! plus what its body holds outside the slot). Immediates take no memory.

use crate::object::heap::*;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const OBJSPACE: &[M] = &[
    ("memsize_of", os_memsize_of, 1, 1),
    ("memsize_of_all", os_memsize_of_all, 0, 1),
    ("count_objects_size", os_count_objects_size, 0, 1),
];

/// The order CRuby numbers its object types in, which `count_objects_size` lists them in.
const CRUBY_ORDER: &[&str] = &[
    "T_OBJECT",
    "T_CLASS",
    "T_MODULE",
    "T_FLOAT",
    "T_STRING",
    "T_REGEXP",
    "T_ARRAY",
    "T_HASH",
    "T_STRUCT",
    "T_BIGNUM",
    "T_FILE",
    "T_DATA",
    "T_MATCH",
    "T_COMPLEX",
    "T_RATIONAL",
];

/// `require "objspace"`: adds the functions to ObjectSpace.
pub fn init(vm: &mut Vm) -> VmResult<()> {
    let os = vm.define_module("ObjectSpace");
    vm.define_singleton_natives(os, OBJSPACE);
    vm.invalidate();
    Ok(())
}

/// ObjectSpace.memsize_of(obj) -> Integer: the bytes obj takes (0 for immediates)
fn os_memsize_of(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(memsize_of(a[0]) as i64))
}

/// Every live object (a snapshot).
fn live_objects(vm: &Vm) -> Vec<Value> {
    let mut all = Vec::new();
    vm.heap.each_object(|v| {
        if klass_of(v).is_heap() && type_of(v) != T_NONE {
            all.push(v);
        }
    });
    all
}

/// ObjectSpace.memsize_of_all(klass = nil) -> Integer: the bytes of every live object (that is
/// a kind of klass)
fn os_memsize_of_all(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let want = a.first().copied().filter(|v| !v.is_nil());
    if let Some(k) = want
        && !matches!(type_of(k), T_CLASS | T_MODULE)
    {
        return Err(vm.type_error("class or module required"));
    }
    let mut total = 0usize;
    for v in live_objects(vm) {
        if want.is_none_or(|k| vm.is_a(v, k)) {
            total += memsize_of(v);
        }
    }
    Ok(vm.int(total as i64))
}

/// ObjectSpace.count_objects_size(result_hash = {}) -> Hash: the bytes of the live objects per
/// type (`:T_STRING` ...) and `:TOTAL`
fn os_count_objects_size(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let h = match a.first() {
        Some(&h) if type_of(h) == T_HASH => h,
        Some(_) => return Err(vm.type_error("non-hash given")),
        None => vm.hash_new(),
    };
    let mut sizes = vec![0usize; CRUBY_ORDER.len()];
    let mut total = 0usize;
    for v in live_objects(vm) {
        let n = memsize_of(v);
        total += n;
        let name = TYPE_NAMES.get(type_of(v) as usize).copied().unwrap_or("");
        if let Some(i) = CRUBY_ORDER.iter().position(|t| *t == name) {
            sizes[i] += n;
        }
    }
    for (name, &n) in CRUBY_ORDER.iter().zip(&sizes) {
        if n > 0 {
            let k = vm.sym(name);
            crate::core::hash::raw_insert(vm, h, k, Value::fixnum(n as i64))?;
        }
    }
    let k = vm.sym("TOTAL");
    crate::core::hash::raw_insert(vm, h, k, Value::fixnum(total as i64))?;
    Ok(h)
}
