//! GC and ObjectSpace: collection control and the heap counters (object-model.md §1), with
//! CRuby's key names. `GC.stat(:key)` returns one counter without allocating.

use crate::object::heap::*;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const GC: &[M] = &[
    ("start", gc_start, 0, 1),
    ("count", gc_count, 0, 0),
    ("stat", gc_stat, 0, 1),
    ("stat_heap", gc_stat_heap, 0, 2),
    ("disable", gc_disable, 0, 0),
    ("enable", gc_enable, 0, 0),
    ("stress", gc_stress, 0, 0),
    ("stress=", gc_set_stress, 1, 1),
];

const OBJECT_SPACE: &[M] = &[
    ("count_objects", os_count_objects, 0, 1),
    ("each_object", os_each_object, 0, 1),
    ("garbage_collect", gc_start, 0, 1),
];

pub fn init(vm: &mut Vm) {
    let gc = vm.define_module("GC");
    vm.define_singleton_natives(gc, GC);
    let object = vm.c.object;
    let rvm = vm.define_class("RubyVM", object);
    vm.define_singleton_natives(rvm, &[("stat", rubyvm_stat, 0, 1)]);
    let os = vm.define_module("ObjectSpace");
    vm.define_singleton_natives(os, OBJECT_SPACE);
}

/// GC.start(full_mark: true, immediate_mark: true, immediate_sweep: true) -> nil: every
/// collection is full and immediate, so the keywords are checked and otherwise ignored
fn gc_start(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if !a.is_empty() {
        return Err(vm.arity_error(a.len(), 0, 0));
    }
    if let Some(h) = kw {
        let known = ["full_mark", "immediate_mark", "immediate_sweep"];
        crate::core::numeric::check_keywords(vm, h, &known)?;
    }
    vm.collect_garbage();
    Ok(Value::NIL)
}
fn gc_count(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(vm.heap.stats.gc_count as i64))
}
fn gc_disable(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let was = vm.heap.disabled();
    vm.heap.set_disabled(true);
    Ok(Value::bool(was))
}
/// GC.stress -> whether the collector runs at every safepoint
fn gc_stress(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.heap.stress()))
}
/// GC.stress = flag: collect at every safepoint (any true value)
fn gc_set_stress(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.heap.set_stress(a[0].truthy());
    Ok(a[0])
}
/// ObjectSpace.each_object(mod = nil) { |obj| } -> count: every live object that is a kind of
/// `mod` (classes and modules for Class or Module, singleton classes included), taken as a
/// snapshot before the first yield; an Enumerator without a block
fn os_each_object(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "each_object", a);
    };
    let want = a.first().copied().filter(|v| !v.is_nil());
    let modules_only = want.is_some_and(|m| m == vm.c.class || m == vm.c.module);
    let mut found = Vec::new();
    vm.heap.each_object(|v| {
        let t = type_of(v);
        if modules_only {
            if t == T_CLASS || t == T_MODULE {
                found.push(v);
            }
        } else if klass_of(v).is_heap() && !matches!(t, T_NONE) {
            found.push(v);
        }
    });
    let mut objs = Vec::with_capacity(found.len());
    for v in found {
        let keep = match want {
            None => true,
            Some(m) if modules_only => (m == vm.c.module || type_of(v) == T_CLASS) && vm.is_a(v, m),
            Some(m) => vm.is_a(v, m),
        };
        if keep {
            objs.push(v);
        }
    }
    // rooted while the block runs
    let depth = vm.stack.len();
    vm.stack.extend_from_slice(&objs);
    let mut r = Ok(());
    for &v in &objs {
        if let Err(e) = vm.yield_block(b, &[v]) {
            r = Err(e);
            break;
        }
    }
    vm.stack.truncate(depth);
    r?;
    Ok(Value::fixnum(objs.len() as i64))
}
fn gc_enable(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let was = vm.heap.disabled();
    vm.heap.set_disabled(false);
    Ok(Value::bool(was))
}

/// The GC.stat counters, in CRuby's order.
fn stat_pairs(vm: &Vm) -> Vec<(&'static str, i64)> {
    let h = &vm.heap;
    let slots: usize = (0..POOL_SIZES.len()).map(|i| h.pool_stats(i).slots).sum();
    let pages: usize = (0..POOL_SIZES.len()).map(|i| h.pool_stats(i).pages).sum();
    let live = h.live_slots() as i64;
    vec![
        ("count", h.stats.gc_count as i64),
        ("heap_allocated_pages", pages as i64),
        ("heap_live_slots", live),
        ("heap_free_slots", slots as i64 - live),
        ("total_allocated_pages", pages as i64),
        ("total_allocated_objects", h.stats.total_allocated as i64),
        ("total_freed_objects", h.stats.total_freed as i64),
        ("malloc_increase_bytes", h.stats.malloc_bytes as i64),
        ("malloc_increase_bytes_limit", h.malloc_limit() as i64),
        ("major_gc_count", h.stats.gc_count as i64),
        ("minor_gc_count", 0),
    ]
}

/// rubra's own counters (object-model.md): strings per pool and per representation, the subseq
/// rule's copies and shares, roots, copy-on-write, this interpreter's use of the fstring table,
/// and the table itself (`fstring_table_*`: process-wide, as the table is). One list for `RubyVM.stat` and `rubra --stats`.
pub fn rubra_pairs(vm: &Vm) -> Vec<(&'static str, i64)> {
    let s = &vm.heap.strings;
    let f = crate::object::fstring::table().stats();
    let p = s.allocated_per_pool;
    let mut pairs = vec![
        ("string_allocated_40", p[0] as i64),
        ("string_allocated_80", p[1] as i64),
        ("string_allocated_160", p[2] as i64),
        ("string_allocated_320", p[3] as i64),
        ("string_allocated_640", p[4] as i64),
        ("string_embedded", s.embedded as i64),
        ("string_heap", s.heap as i64),
        ("string_shared", s.shared as i64),
        ("substr_copied", s.substr_copied as i64),
        ("substr_shared", s.substr_shared as i64),
        ("root_by_copy", s.roots_by_copy as i64),
        ("root_by_takeover", s.roots_by_takeover as i64),
        ("cow_copies", s.cow_copies as i64),
        ("cow_bytes", s.cow_bytes as i64),
        ("subseq_embed_max", vm.heap.subseq_embed_max as i64),
        ("fstring_lookups", s.fstring_lookups as i64),
        ("fstring_hits", s.fstring_hits as i64),
        ("fstring_inserts", s.fstring_inserts as i64),
        ("fstring_deletes", s.fstring_deletes as i64),
        ("fstring_table_size", f.size as i64),
        ("fstring_table_capacity", f.capacity as i64),
        ("fstring_table_inserts", f.inserts as i64),
        ("fstring_table_deletes", f.deletes as i64),
    ];
    pairs.extend(crate::core::io::stats_pairs(&vm.io_stats));
    pairs
}

/// RubyVM.stat -> hash of rubra's counters; RubyVM.stat(:key) -> integer
fn rubyvm_stat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let pairs = rubra_pairs(vm);
    stat_result(vm, a, &pairs)
}

fn gc_stat(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let pairs = stat_pairs(vm);
    stat_result(vm, a, &pairs)
}

/// The answer of a `stat` method: one counter for a Symbol, else all of them in a Hash (the
/// given one, or a new one).
fn stat_result(vm: &mut Vm, a: &[Value], pairs: &[(&'static str, i64)]) -> VmResult {
    match a.first() {
        Some(&k) if k.is_symbol() => {
            let name = sym_name(k.as_symbol_id());
            match pairs.iter().find(|p| p.0 == name) {
                Some(p) => Ok(vm.int(p.1)),
                None => Err(vm.arg_error(&format!("unknown key: {name}"))),
            }
        }
        Some(&h) if type_of(h) == T_HASH => {
            fill(vm, h, pairs)?;
            Ok(h)
        }
        _ => {
            let h = vm.hash_new();
            fill(vm, h, pairs)?;
            Ok(h)
        }
    }
}

fn fill(vm: &mut Vm, h: Value, pairs: &[(&str, i64)]) -> VmResult<()> {
    for &(k, v) in pairs {
        let key = vm.sym(k);
        let val = vm.int(v);
        crate::core::hash::raw_insert(vm, h, key, val)?;
    }
    Ok(())
}

fn heap_pairs(vm: &Vm, i: usize) -> Vec<(&'static str, i64)> {
    let p = vm.heap.pool_stats(i);
    vec![
        ("slot_size", POOL_SIZES[i] as i64),
        ("heap_eden_pages", p.pages as i64),
        ("heap_eden_slots", p.slots as i64),
        ("total_allocated_pages", p.pages as i64),
        ("total_allocated_objects", p.allocated as i64),
        ("total_freed_objects", p.freed as i64),
        ("heap_live_slots", p.live() as i64),
    ]
}

/// `GC.stat_heap`, `GC.stat_heap(i)`, `GC.stat_heap(i, :key)`.
fn gc_stat_heap(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match (a.first(), a.get(1)) {
        (Some(&i), key) if i.is_fixnum() => {
            let i = i.as_fixnum();
            if !(0..POOL_SIZES.len() as i64).contains(&i) {
                return Err(vm.arg_error("size pool index out of range"));
            }
            let pairs = heap_pairs(vm, i as usize);
            if let Some(&k) = key {
                let name = if k.is_symbol() {
                    sym_name(k.as_symbol_id())
                } else {
                    ""
                };
                return match pairs.iter().find(|p| p.0 == name) {
                    Some(p) => Ok(vm.int(p.1)),
                    None => Err(vm.arg_error(&format!("unknown key: {name}"))),
                };
            }
            let h = vm.hash_new();
            fill(vm, h, &pairs)?;
            Ok(h)
        }
        _ => {
            let outer = vm.hash_new();
            vm.stack.push(outer);
            for i in 0..POOL_SIZES.len() {
                let pairs = heap_pairs(vm, i);
                let h = vm.hash_new();
                fill(vm, h, &pairs)?;
                crate::core::hash::raw_insert(vm, outer, Value::fixnum(i as i64), h)?;
            }
            vm.stack.pop();
            Ok(outer)
        }
    }
}

/// ObjectSpace.count_objects: live objects per type, with :TOTAL and :FREE.
fn os_count_objects(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut counts = [0i64; TYPE_NAMES.len()];
    vm.heap.each_object(|v| {
        let t = type_of(v) as usize;
        if t < counts.len() {
            counts[t] += 1;
        }
    });
    let slots: usize = (0..POOL_SIZES.len())
        .map(|i| vm.heap.pool_stats(i).slots)
        .sum();
    let live: i64 = counts.iter().sum();
    let h = vm.hash_new();
    let total = vm.sym("TOTAL");
    crate::core::hash::raw_insert(vm, h, total, Value::fixnum(slots as i64))?;
    let free = vm.sym("FREE");
    crate::core::hash::raw_insert(vm, h, free, Value::fixnum(slots as i64 - live))?;
    for (t, &n) in counts.iter().enumerate().skip(1) {
        if n > 0 {
            let k = vm.sym(TYPE_NAMES[t]);
            let prev = crate::core::hash::get(vm, h, k)?;
            let sum = prev.fixnum_opt().unwrap_or(0) + n;
            crate::core::hash::raw_insert(vm, h, k, Value::fixnum(sum))?;
        }
    }
    Ok(h)
}
