//! Enumerator (with Enumerator::Generator, Enumerator::Yielder and Enumerator::Lazy) and
//! `Kernel#enum_for`/`to_enum`.
//!
//! An Enumerator is a plain object with hidden instance variables: `__recv`, `__meth` (a
//! Symbol) and `__args` (an Array) describe the call `each` re-dispatches to (`array.rs`'s
//! `enum_for` makes them); `__size` is the size given to `Enumerator.new`; `__native` marks
//! the chunking enumerators whose `each` is a Rust generator (`enumerable::run_generator`).
//! `Enumerator.new { |y| ... }` enumerates a Generator object (`__proc`) whose `each` calls
//! the block with a Yielder (`__proc`: the block of that `each`, as a Proc).
//!
//! External iteration (`next`, `peek`, `feed`, `rewind`: external.rs) runs `each` in a Fiber
//! that suspends at every value, as CRuby's does.
//!
//! Enumerator::Lazy keeps its source (`__recv`) and a list of stages (`__ops`: `[name, arg]`
//! pairs); its `each` runs the source once, passing each value through the stages.
//!
//! chain.rs: Enumerator.produce, Enumerator.product and Enumerator::Chain (`+`, `chain`).

use super::enumerable::{self, call_with_block, native_block, pack, with_roots};
use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::cell::Cell;
use std::rc::Rc;

mod chain;
mod external;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ENUMERATOR: &[M] = &[
    ("each", enumerator_each, 0, -1),
    ("with_index", enumerator_with_index, 0, 1),
    ("each_with_index", enumerator_each_with_index, 0, 0),
    ("with_object", enumerator_with_object, 1, 1),
    ("each_with_object", enumerator_with_object, 1, 1),
    ("next", external::next, 0, 0),
    ("peek", external::peek, 0, 0),
    ("next_values", external::next_values, 0, 0),
    ("peek_values", external::peek_values, 0, 0),
    ("rewind", external::rewind, 0, 0),
    ("feed", external::feed, 1, 1),
    ("size", enumerator_size, 0, 0),
    ("inspect", enumerator_inspect, 0, 0),
    ("to_s", enumerator_inspect, 0, 0),
];

const LAZY: &[M] = &[
    ("each", lazy_each, 0, 0),
    ("map", lazy_map, 0, 0),
    ("collect", lazy_map, 0, 0),
    ("select", lazy_select, 0, 0),
    ("filter", lazy_select, 0, 0),
    ("find_all", lazy_select, 0, 0),
    ("reject", lazy_reject, 0, 0),
    ("filter_map", lazy_filter_map, 0, 0),
    ("flat_map", lazy_flat_map, 0, 0),
    ("collect_concat", lazy_flat_map, 0, 0),
    ("take_while", lazy_take_while, 0, 0),
    ("drop_while", lazy_drop_while, 0, 0),
    ("take", lazy_take, 1, 1),
    ("drop", lazy_drop, 1, 1),
    ("with_index", lazy_with_index, 0, 1),
    ("each_with_index", lazy_each_with_index, 0, 0),
    ("compact", lazy_compact, 0, 0),
    ("uniq", lazy_uniq, 0, 0),
    ("zip", lazy_zip, 0, -1),
    ("grep", lazy_grep, 1, 1),
    ("grep_v", lazy_grep_v, 1, 1),
    ("force", lazy_force, 0, -1),
    ("to_a", lazy_force, 0, -1),
    ("eager", lazy_eager, 0, 0),
    ("lazy", lazy_lazy, 0, 0),
    ("inspect", lazy_inspect, 0, 0),
    ("to_s", lazy_inspect, 0, 0),
    ("size", lazy_size, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let e = vm.c.enumerator;
    vm.define_natives(e, ENUMERATOR);
    vm.define_singleton_natives(e, &[("new", enumerator_s_new, 0, -1)]);
    vm.define_private_natives(e, &[("initialize", enumerator_initialize, 0, 1)]);
    let o = vm.c.object;
    let gen_ = vm.define_class_under(e, "Generator", o);
    vm.define_natives(gen_, &[("each", generator_each, 0, -1)]);
    let y = vm.define_class_under(e, "Yielder", o);
    vm.define_natives(
        y,
        &[
            ("<<", yielder_push, 1, 1),
            ("yield", yielder_yield, 0, -1),
            ("call", yielder_yield, 0, -1),
            ("to_proc", yielder_to_proc, 0, 0),
        ],
    );
    let lazy = vm.define_class_under(e, "Lazy", e);
    vm.define_natives(lazy, LAZY);
    let en = vm.c.enumerable;
    vm.define_natives(en, &[("lazy", enum_lazy, 0, 0)]);
    let k = vm.c.kernel;
    vm.define_natives(
        k,
        &[
            ("enum_for", k_enum_for, 0, -1),
            ("to_enum", k_enum_for, 0, -1),
        ],
    );
    chain::init(vm);
}

fn iv(vm: &Vm, e: Value, name: &str) -> Value {
    let v = vm.ivar_get(e, intern(name));
    if v.is_undef() { Value::NIL } else { v }
}

/// The source of an enumerator; ArgumentError for one made by `allocate` and never initialized.
fn recv_of(vm: &mut Vm, e: Value) -> VmResult {
    // an initialized enumerator has a method (`__meth`) or, if lazy, its stages (`__ops`)
    if !iv(vm, e, "__meth").truthy() && !iv(vm, e, "__ops").truthy() {
        return Err(vm.arg_error("uninitialized enumerator"));
    }
    Ok(iv(vm, e, "__recv"))
}

pub(super) fn class_under(vm: &Vm, name: &str) -> Value {
    vm.class_data(vm.c.enumerator)
        .const_get(intern(name))
        .unwrap_or(vm.c.enumerator)
}

fn args_of(vm: &Vm, e: Value) -> Vec<Value> {
    let a = iv(vm, e, "__args");
    if type_of(a) == T_ARRAY {
        rarray(a).vec.to_vec()
    } else {
        Vec::new()
    }
}

/// An Enumerator whose `each` is one of the Rust generators of `enumerable::run_generator`.
pub fn native_enum(vm: &mut Vm, recv: Value, kind: &str, args: &[Value]) -> VmResult {
    let e = super::array::enum_for(vm, recv, kind, args)?;
    vm.ivar_set(e, intern("__native"), Value::TRUE)?;
    Ok(e)
}

/// Kernel#enum_for(method = :each, *args) -> enumerator
fn k_enum_for(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (meth, rest) = match a.split_first() {
        Some((&m, rest)) => (super::object::sym_arg(vm, m)?, rest),
        None => (intern("each"), a),
    };
    let e = super::array::enum_for(vm, s, sym_name(meth), rest)?;
    vm.stack.push(e);
    // the block computes the size (called with the receiver's arguments: none here); without
    // one the size is unknown (nil), whatever the method
    let size = match b {
        Some(b) => vm.proc_new(b.clone(), false),
        None => Value::NIL,
    };
    let r = vm.ivar_set(e, intern("__size"), size);
    vm.stack.pop();
    r?;
    Ok(e)
}

/// n choose k and its relatives, for the sizes of combination enumerators.
fn count_choices(vm: &mut Vm, name: &str, n: i64, k: i64) -> Value {
    use num_bigint::BigInt;
    let fact_ratio =
        |from: i64, to: i64| -> BigInt { (from..=to).fold(BigInt::from(1), |acc, x| acc * x) };
    let r = match name {
        _ if k < 0 => BigInt::from(0),
        "combination" if k > n => BigInt::from(0),
        "combination" => fact_ratio(n - k + 1, n) / fact_ratio(1, k),
        "permutation" if k > n => BigInt::from(0),
        "permutation" => fact_ratio(n - k + 1, n),
        "repeated_permutation" => num_traits::pow(BigInt::from(n), k as usize),
        _ if n == 0 && k > 0 => BigInt::from(0),
        _ => fact_ratio(n, n + k - 1) / fact_ratio(1, k), // repeated_combination
    };
    vm.bigint(r)
}

/// Makes `e` enumerate a new Generator running block `b` (`Enumerator.new { |y| ... }`), with
/// the size `a[0]` when given.
fn init_generator(vm: &mut Vm, e: Value, a: &[Value], b: &Block) -> VmResult<()> {
    let k = class_under(vm, "Generator");
    let g = vm.object_new(k);
    let p = vm.proc_new(b.clone(), false);
    vm.ivar_set(g, intern("__proc"), p)?;
    with_roots(vm, &[g], |vm| {
        let args = vm.ary_new(Vec::new());
        vm.ivar_set(e, intern("__recv"), g)?;
        vm.ivar_set(e, intern("__meth"), Value::symbol(intern("each")))?;
        vm.ivar_set(e, intern("__args"), args)?;
        if let Some(&size) = a.first() {
            vm.ivar_set(e, intern("__size"), size)?;
        }
        Ok(())
    })
}

/// Enumerator.new(size = nil) { |yielder| ... } -> enumerator; a subclass's own initialize
/// runs instead (calling super with the block sets it up)
pub(super) fn enumerator_s_new(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let e = vm.object_new(s);
    let base = vm.c.enumerator;
    let own_init = vm
        .find_method(s, intern("initialize"))
        .is_some_and(|m| vm.methods[m as usize].owner != base);
    with_roots(vm, &[e], |vm| {
        if own_init {
            vm.funcall(e, intern("initialize"), a, b.cloned())?;
        } else {
            enumerator_initialize(vm, e, a, b)?;
        }
        Ok(e)
    })
}

/// enumerator.initialize(size = nil) { |yielder| ... } (private)
fn enumerator_initialize(vm: &mut Vm, e: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("no block given"));
    };
    init_generator(vm, e, a, b)?;
    Ok(Value::NIL)
}

/// generator.each(*args) { |obj| block } -> obj
fn generator_each(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each", a);
    };
    let k = class_under(vm, "Yielder");
    let y = vm.object_new(k);
    let p = vm.proc_new(b.clone(), false);
    vm.ivar_set(y, intern("__proc"), p)?;
    let gen_proc = iv(vm, s, "__proc");
    let mut args = vec![y];
    args.extend_from_slice(a);
    with_roots(vm, &[y], |vm| {
        vm.funcall(gen_proc, intern("call"), &args, None)
    })
}

/// yielder << obj -> yielder
fn yielder_push(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    yield_to_each_block(vm, s, a)?;
    Ok(s)
}

/// yielder.yield(*args) -> obj
fn yielder_yield(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    yield_to_each_block(vm, s, a)
}

/// Runs the block of the `each` this yielder serves, as a yield (not `Proc#call`): a `break`
/// in it ends that `each` call, as in CRuby.
fn yield_to_each_block(vm: &mut Vm, s: Value, a: &[Value]) -> VmResult {
    let p = vm.ivar_get(s, crate::sym!("__proc"));
    match payload::<crate::vm::call::ProcObj>(p) {
        Some(po) => {
            let blk = po.block.clone();
            vm.yield_block(&blk, a)
        }
        None => vm.funcall(p, crate::sym!("call"), a, None),
    }
}

/// yielder.to_proc -> proc
fn yielder_to_proc(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let blk = native_block(vec![s], move |vm, a| {
        let v = pack(vm, a);
        yielder_push(vm, s, &[v], None)
    });
    Ok(vm.proc_new(blk, true))
}

/// enum.each(*appending_args) { |elm| block } -> obj
fn enumerator_each(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let recv = recv_of(vm, s)?;
    let meth = iv(vm, s, "__meth");
    let mut args = args_of(vm, s);
    args.extend_from_slice(a);
    let Some(b) = b else {
        if a.is_empty() {
            return Ok(s);
        }
        return super::array::enum_for(vm, recv, sym_name(meth.as_symbol_id()), &args);
    };
    if iv(vm, s, "__native").truthy() {
        return enumerable::run_generator(vm, sym_name(meth.as_symbol_id()), recv, &args, b);
    }
    if iv(vm, s, "__kw").truthy() && a.is_empty() {
        return vm.funcall_kw(recv, meth.as_symbol_id(), &args, Some(b.clone()));
    }
    vm.funcall(recv, meth.as_symbol_id(), &args, Some(b.clone()))
}

fn with_index_impl(vm: &mut Vm, s: Value, offset: i64, b: &Block) -> VmResult {
    let b = b.clone();
    let idx = Rc::new(Cell::new(offset));
    call_with_block(vm, s, intern("each"), &[], &[], move |vm, a| {
        let v = pack(vm, a);
        let i = vm.int(idx.get());
        idx.set(idx.get() + 1);
        vm.yield_block(&b, &[v, i])
    })
}

/// enum.with_index(offset = 0) { |(*args), idx| ... } -> obj
fn enumerator_with_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "with_index", a);
    };
    let offset = match a.first() {
        Some(&o) if !o.is_nil() => super::arg_int(vm, o)?,
        _ => 0,
    };
    with_index_impl(vm, s, offset, b)
}

/// enum.each_with_index { |(*args), idx| ... } -> obj
fn enumerator_each_with_index(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return super::array::enum_for(vm, s, "each_with_index", &[]);
    };
    with_index_impl(vm, s, 0, b)
}

/// enum.with_object(obj) { |(*args), obj| ... } -> obj
fn enumerator_with_object(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else {
        return super::array::enum_for(vm, s, "with_object", a);
    };
    let memo = a[0];
    call_with_block(vm, s, intern("each"), &[], &[memo], move |vm, x| {
        let v = pack(vm, x);
        vm.yield_block(&b, &[v, memo])
    })?;
    Ok(memo)
}

/// Methods whose enumerator has as many elements as the receiver.
const SAME_SIZE: &[&str] = &[
    "each",
    "map",
    "collect",
    "flat_map",
    "collect_concat",
    "select",
    "filter",
    "find_all",
    "reject",
    "filter_map",
    "each_with_index",
    "with_index",
    "each_entry",
    "each_with_object",
    "with_object",
    "sort_by",
    "min_by",
    "max_by",
    "minmax_by",
    "group_by",
    "partition",
    "reverse_each",
    "each_pair",
    "each_key",
    "each_value",
    "each_index",
    "collect!",
    "map!",
    "select!",
    "filter!",
    "reject!",
    "keep_if",
    "delete_if",
    "each_char",
    "each_byte",
    "uniq",
    "sum",
];

/// The size of `recv`, for enumerators over it (nil when it has none).
pub(super) fn recv_size(vm: &mut Vm, recv: Value) -> VmResult {
    match type_of(recv) {
        T_ARRAY => return Ok(vm.int(rarray(recv).vec.len() as i64)),
        T_HASH => {
            return Ok(vm.int(
                payload::<crate::object::hash::RHash>(recv)
                    .expect("hash")
                    .len() as i64,
            ));
        }
        _ => {}
    }
    if vm.responds(recv, intern("size"), false) {
        return vm.funcall(recv, intern("size"), &[], None);
    }
    Ok(Value::NIL)
}

/// enum.size -> int, Float::INFINITY or nil
fn enumerator_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.ivar_defined(s, intern("__size")) {
        let sz = iv(vm, s, "__size");
        if type_of(sz) == T_PROC {
            return vm.funcall(sz, intern("call"), &[], None);
        }
        return Ok(sz);
    }
    if iv(vm, s, "__native").truthy() {
        return Ok(Value::NIL);
    }
    let recv = recv_of(vm, s)?;
    let meth = iv(vm, s, "__meth");
    let name = if meth.is_symbol() {
        sym_name(meth.as_symbol_id())
    } else {
        ""
    };
    let args = args_of(vm, s);
    if type_of(recv) == T_OBJECT && vm.real_class(recv) == class_under(vm, "Generator") {
        return Ok(Value::NIL);
    }
    match name {
        "loop" => return Ok(vm.float(f64::INFINITY)),
        "times" if recv.is_fixnum() => return Ok(Value::fixnum(recv.as_fixnum().max(0))),
        "cycle" => {
            let n = recv_size(vm, recv)?;
            return match args.first() {
                Some(&c) if !c.is_nil() => {
                    let c = super::arg_int(vm, c)?.max(0);
                    if n.is_fixnum() {
                        Ok(vm.int(n.as_fixnum() * c))
                    } else {
                        Ok(n)
                    }
                }
                _ if n.is_fixnum() && n.as_fixnum() == 0 => Ok(Value::fixnum(0)),
                _ if n.is_nil() => Ok(n),
                _ => Ok(vm.float(f64::INFINITY)),
            };
        }
        "combination" | "permutation" | "repeated_permutation" | "repeated_combination"
            if type_of(recv) == T_ARRAY =>
        {
            let n = rarray(recv).vec.len() as i64;
            let k = match args.first() {
                Some(&k) => super::arg_int(vm, k)?,
                None if name == "permutation" => n,
                None => return Ok(Value::NIL),
            };
            return Ok(count_choices(vm, name, n, k));
        }
        "each_slice" | "each_cons" => {
            let n = recv_size(vm, recv)?;
            let Some(&k) = args.first() else {
                return Ok(Value::NIL);
            };
            if !n.is_fixnum() {
                return Ok(n);
            }
            let (n, k) = (n.as_fixnum(), super::arg_int(vm, k)?);
            let r = if name == "each_slice" {
                (n + k - 1) / k
            } else {
                (n - k + 1).max(0)
            };
            return Ok(vm.int(r));
        }
        _ => {}
    }
    if SAME_SIZE.contains(&name) {
        return recv_size(vm, recv);
    }
    Ok(Value::NIL)
}

/// enum.inspect -> string
fn enumerator_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from(format!("#<{cname}: ...>")));
    }
    let recv = recv_of(vm, s)?;
    let meth = iv(vm, s, "__meth");
    let args = args_of(vm, s);
    if iv(vm, s, "__native").truthy() {
        let k = class_under(vm, "Generator");
        let g = vm.object_new(k);
        let gi = vm.default_to_s(g);
        let gi = super::object::str_of(vm, gi);
        return Ok(vm.str_from(format!("#<{cname}: {gi}:each>")));
    }
    vm.inspecting.push(s);
    let r = (|| {
        let mut out = format!("#<{cname}: {}", vm.inspect_str(recv)?);
        if meth.is_symbol() {
            out.push(':');
            out.push_str(sym_name(meth.as_symbol_id()));
        }
        if !args.is_empty() {
            let mut parts = Vec::new();
            for &a in &args {
                parts.push(vm.inspect_str(a)?);
            }
            out.push_str(&format!("({})", parts.join(", ")));
        }
        out.push('>');
        Ok(out)
    })();
    vm.inspecting.pop();
    let out = r?;
    Ok(vm.str_from(out))
}

// ---- Enumerator::Lazy ----

/// A new Lazy over `recv` running the stages `ops` (an Array of `[name, arg]`).
fn lazy_new(vm: &mut Vm, recv: Value, ops: Value) -> VmResult {
    let k = class_under(vm, "Lazy");
    let l = vm.object_new(k);
    vm.ivar_set(l, intern("__recv"), recv)?;
    vm.ivar_set(l, intern("__meth"), vm.sym("each"))?;
    let args = vm.ary_new_capa(0);
    vm.ivar_set(l, intern("__args"), args)?;
    vm.ivar_set(l, intern("__ops"), ops)?;
    Ok(l)
}

/// enum.lazy -> lazy_enumerator
fn enum_lazy(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let ops = vm.ary_new_capa(0);
    lazy_new(vm, s, ops)
}

/// This Lazy with one more stage.
fn lazy_add(vm: &mut Vm, s: Value, name: &str, arg: Value) -> VmResult {
    let ops = iv(vm, s, "__ops");
    let mut v = if type_of(ops) == T_ARRAY {
        rarray(ops).vec.to_vec()
    } else {
        Vec::new()
    };
    let op = vm.ary_from_slice(&[vm.sym(name), arg]);
    v.push(op);
    let ops = vm.ary_new(v);
    vm.stack.push(ops);
    let recv = recv_of(vm, s)?;
    let r = lazy_new(vm, recv, ops);
    vm.stack.pop();
    r
}

fn lazy_add_block(vm: &mut Vm, s: Value, name: &str, b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error(&format!("tried to call lazy {name} without a block")));
    };
    let p = vm.proc_new(b.clone(), false);
    lazy_add(vm, s, name, p)
}

/// Runs value `v` through the stages from `i`, handing survivors to `sink`; answers whether
/// the iteration goes on (false once a `take` is satisfied).
fn run_stages(
    vm: &mut Vm,
    ops: Value,
    state: &[Cell<i64>],
    tables: Value,
    i: usize,
    v: Value,
    sink: &Block,
) -> VmResult<bool> {
    let Some(&op) = rarray(ops).vec.get(i) else {
        vm.yield_block(sink, &[v])?;
        return Ok(true);
    };
    let (name, arg) = (rarray(op).vec[0], rarray(op).vec[1]);
    let call = intern("call");
    match sym_name(name.as_symbol_id()) {
        "map" => {
            let r = vm.funcall(arg, call, &[v], None)?;
            run_stages(vm, ops, state, tables, i + 1, r, sink)
        }
        "select" => {
            if vm.funcall(arg, call, &[v], None)?.truthy() {
                return run_stages(vm, ops, state, tables, i + 1, v, sink);
            }
            Ok(true)
        }
        "reject" => {
            if !vm.funcall(arg, call, &[v], None)?.truthy() {
                return run_stages(vm, ops, state, tables, i + 1, v, sink);
            }
            Ok(true)
        }
        "filter_map" => {
            let r = vm.funcall(arg, call, &[v], None)?;
            if r.truthy() {
                return run_stages(vm, ops, state, tables, i + 1, r, sink);
            }
            Ok(true)
        }
        "compact" => {
            if !v.is_nil() {
                return run_stages(vm, ops, state, tables, i + 1, v, sink);
            }
            Ok(true)
        }
        "flat_map" => {
            let r = vm.funcall(arg, call, &[v], None)?;
            if type_of(r) != T_ARRAY {
                return run_stages(vm, ops, state, tables, i + 1, r, sink);
            }
            vm.stack.push(r);
            let mut k = 0;
            let mut go = Ok(true);
            while k < rarray(r).vec.len() {
                let x = rarray(r).vec[k];
                go = run_stages(vm, ops, state, tables, i + 1, x, sink);
                if !matches!(go, Ok(true)) {
                    break;
                }
                k += 1;
            }
            vm.stack.pop();
            go
        }
        "take_while" => {
            if !vm.funcall(arg, call, &[v], None)?.truthy() {
                return Ok(false);
            }
            run_stages(vm, ops, state, tables, i + 1, v, sink)
        }
        "drop_while" => {
            if state[i].get() == 0 && vm.funcall(arg, call, &[v], None)?.truthy() {
                return Ok(true);
            }
            state[i].set(1);
            run_stages(vm, ops, state, tables, i + 1, v, sink)
        }
        "take" => {
            let n = arg.as_fixnum();
            let seen = state[i].get() + 1;
            state[i].set(seen);
            let go = run_stages(vm, ops, state, tables, i + 1, v, sink)?;
            Ok(go && seen < n)
        }
        "drop" => {
            let seen = state[i].get();
            if seen < arg.as_fixnum() {
                state[i].set(seen + 1);
                return Ok(true);
            }
            run_stages(vm, ops, state, tables, i + 1, v, sink)
        }
        "with_index" => {
            // arg: [offset, proc or nil]
            let (off, p) = (rarray(arg).vec[0], rarray(arg).vec[1]);
            let idx = off.as_fixnum() + state[i].get();
            state[i].set(state[i].get() + 1);
            let iv = vm.int(idx);
            if p.is_nil() {
                let pair = vm.ary_from_slice(&[v, iv]);
                return run_stages(vm, ops, state, tables, i + 1, pair, sink);
            }
            vm.funcall(p, call, &[v, iv], None)?;
            run_stages(vm, ops, state, tables, i + 1, v, sink)
        }
        "uniq" => {
            // tables[i]: the keys seen in this run
            let key = if arg.is_nil() {
                v
            } else {
                vm.funcall(arg, call, &[v], None)?
            };
            let seen = rarray(tables).vec[i];
            if super::hash::find(vm, seen, key)?.is_some() {
                return Ok(true);
            }
            vm.hash_aset(seen, key, Value::TRUE)?;
            run_stages(vm, ops, state, tables, i + 1, v, sink)
        }
        "zip" => {
            // tables[i]: the other sources for this run, Arrays and Integer Ranges read by
            // position, external enumerators read by `next` (nil once they stop)
            let idx = state[i].get();
            state[i].set(idx + 1);
            let mut tuple = vec![v];
            let srcs = rarray(tables).vec[i];
            for &src in rarray(srcs).vec.to_vec().iter() {
                let x = if type_of(src) == T_ARRAY || type_of(src) == T_RANGE {
                    nth_of(vm, src, idx)
                } else {
                    next_or_nil(vm, src)?
                };
                tuple.push(x);
            }
            let t = vm.ary_new(tuple);
            run_stages(vm, ops, state, tables, i + 1, t, sink)
        }
        "grep" | "grep_v" => {
            // arg: [pattern, proc or nil]
            let (pat, p) = (rarray(arg).vec[0], rarray(arg).vec[1]);
            let hit = vm.funcall(pat, intern("==="), &[v], None)?.truthy();
            if hit != (sym_name(name.as_symbol_id()) == "grep") {
                return Ok(true);
            }
            let r = if p.is_nil() {
                v
            } else {
                vm.funcall(p, call, &[v], None)?
            };
            run_stages(vm, ops, state, tables, i + 1, r, sink)
        }
        _ => run_stages(vm, ops, state, tables, i + 1, v, sink),
    }
}

/// Element `idx` of a zip source (an Array, or a Range of Integers), nil past its end.
/// `e.next`, or nil when `e` has stopped (StopIteration), as CRuby's lazy zip reads a source.
fn next_or_nil(vm: &mut Vm, e: Value) -> VmResult {
    match vm.funcall(e, intern("next"), &[], None) {
        Err(unw)
            if let crate::vm::frame::UnwindKind::Raise(exc) = *unw.kind()
                && vm.is_a(exc, vm.c.stop_iteration) =>
        {
            Ok(Value::NIL)
        }
        r => r,
    }
}

/// The sources of a lazy `zip` stage for one run: Arrays and Integer Ranges as they are, any
/// other source as a new external enumerator (`to_enum`).
fn zip_sources(vm: &mut Vm, arg: Value) -> VmResult {
    // the sources made so far stay rooted in `out` while `to_enum` runs Ruby code; by index,
    // so that no borrow of `arg` is held across it
    let out = vm.ary_new(Vec::new());
    with_roots(vm, &[out], |vm| -> VmResult<()> {
        for i in 0..rarray(arg).vec.len() {
            let src = rarray(arg).vec[i];
            let x = if type_of(src) == T_ARRAY || type_of(src) == T_RANGE {
                src
            } else {
                vm.funcall(src, intern("to_enum"), &[], None)?
            };
            rarray(out).vec.push(x);
        }
        Ok(())
    })?;
    Ok(out)
}

fn nth_of(vm: &mut Vm, src: Value, idx: i64) -> Value {
    if type_of(src) == T_ARRAY {
        return rarray(src)
            .vec
            .get(idx as usize)
            .copied()
            .unwrap_or(Value::NIL);
    }
    let r = crate::object::heap::rrange(src);
    let x = r.begin.as_fixnum() + idx;
    let inside = r.end.is_nil() || {
        let e = r.end.as_fixnum();
        if r.excl { x < e } else { x <= e }
    };
    if inside { vm.int(x) } else { Value::NIL }
}

/// lazy.each { |obj| block } -> obj
fn lazy_each(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b.cloned() else { return Ok(s) };
    let recv = recv_of(vm, s)?;
    let ops = iv(vm, s, "__ops");
    let n = rarray(ops).vec.len();
    // a take(0) stage ends the iteration before it starts
    for k in 0..n {
        let op = rarray(ops).vec[k];
        if sym_name(rarray(op).vec[0].as_symbol_id()) == "take"
            && rarray(op).vec[1].as_fixnum() == 0
        {
            return Ok(Value::NIL);
        }
    }
    let state: Rc<Vec<Cell<i64>>> = Rc::new((0..n).map(|_| Cell::new(0)).collect());
    // per-run tables of the stages that need one (uniq's seen keys)
    // (and zip's sources); kept in an Array rooted while the tables are made
    let tables = vm.ary_new(Vec::with_capacity(n));
    with_roots(vm, &[tables], |vm| -> VmResult<()> {
        for k in 0..n {
            let op = rarray(ops).vec[k];
            let t = match sym_name(rarray(op).vec[0].as_symbol_id()) {
                "uniq" => vm.hash_new(),
                "zip" => zip_sources(vm, rarray(op).vec[1])?,
                _ => Value::NIL,
            };
            rarray(tables).vec.push(t);
        }
        Ok(())
    })?;
    enumerable::each_value(vm, recv, &[ops, s, tables], move |vm, v| {
        run_stages(vm, ops, &state, tables, 0, v, &b)
    })?;
    Ok(s)
}

/// lazy.map { |obj| block } -> lazy_enumerator
fn lazy_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "map", b)
}

/// lazy.select { |obj| block } -> lazy_enumerator
fn lazy_select(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "select", b)
}

/// lazy.reject { |obj| block } -> lazy_enumerator
fn lazy_reject(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "reject", b)
}

/// lazy.filter_map { |obj| block } -> lazy_enumerator
fn lazy_filter_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "filter_map", b)
}

/// lazy.flat_map { |obj| block } -> lazy_enumerator
fn lazy_flat_map(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "flat_map", b)
}

/// lazy.take_while { |obj| block } -> lazy_enumerator
fn lazy_take_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "take_while", b)
}

/// lazy.drop_while { |obj| block } -> lazy_enumerator
fn lazy_drop_while(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_add_block(vm, s, "drop_while", b)
}

/// lazy.compact -> lazy_enumerator
fn lazy_compact(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    lazy_add(vm, s, "compact", Value::NIL)
}

/// lazy.uniq { |obj| key } -> lazy_enumerator
fn lazy_uniq(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let p = match b {
        Some(b) => vm.proc_new(b.clone(), false),
        None => Value::NIL,
    };
    lazy_add(vm, s, "uniq", p)
}

/// lazy.zip(*others) -> lazy_enumerator
fn lazy_zip(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut srcs = Vec::with_capacity(a.len());
    for &o in a {
        let integer_range = type_of(o) == crate::object::heap::T_RANGE && {
            let r = crate::object::heap::rrange(o);
            r.begin.is_fixnum() && (r.end.is_nil() || r.end.is_fixnum())
        };
        if type_of(o) == T_ARRAY || integer_range {
            srcs.push(o);
        } else if vm.responds(o, intern("each"), true) {
            // read through an external enumerator made for each run (`zip_sources`), so an
            // endless source is read only as far as the zip goes
            srcs.push(o);
        } else {
            let cn = vm.real_class(o);
            let msg = format!(
                "wrong argument type {} (must respond to :each)",
                vm.class_name(cn)
            );
            return Err(vm.type_error(&msg));
        }
    }
    let arg = vm.ary_new(srcs);
    vm.stack.push(arg);
    let r = lazy_add(vm, s, "zip", arg);
    vm.stack.pop();
    r
}

fn lazy_grep_impl(vm: &mut Vm, s: Value, pat: Value, b: Option<&Block>, name: &str) -> VmResult {
    let p = match b {
        Some(b) => vm.proc_new(b.clone(), false),
        None => Value::NIL,
    };
    let arg = vm.ary_from_slice(&[pat, p]);
    vm.stack.push(arg);
    let r = lazy_add(vm, s, name, arg);
    vm.stack.pop();
    r
}
/// lazy.grep(pattern) { |obj| } -> lazy_enumerator
fn lazy_grep(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    lazy_grep_impl(vm, s, a[0], b, "grep")
}
/// lazy.grep_v(pattern) { |obj| } -> lazy_enumerator
fn lazy_grep_v(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    lazy_grep_impl(vm, s, a[0], b, "grep_v")
}

/// lazy.take(n) -> lazy_enumerator
fn lazy_take(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to take negative size"));
    }
    lazy_add(vm, s, "take", Value::fixnum(n))
}

/// lazy.drop(n) -> lazy_enumerator
fn lazy_drop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("attempt to drop negative size"));
    }
    lazy_add(vm, s, "drop", Value::fixnum(n))
}

fn lazy_with_index_impl(vm: &mut Vm, s: Value, offset: i64, b: Option<&Block>) -> VmResult {
    let p = match b {
        Some(b) => vm.proc_new(b.clone(), false),
        None => Value::NIL,
    };
    let arg = vm.ary_from_slice(&[Value::fixnum(offset), p]);
    vm.stack.push(arg);
    let r = lazy_add(vm, s, "with_index", arg);
    vm.stack.pop();
    r
}

/// lazy.with_index(offset = 0) { |(*args), idx| ... } -> lazy_enumerator
fn lazy_with_index(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let offset = match a.first() {
        Some(&o) if !o.is_nil() => super::arg_int(vm, o)?,
        _ => 0,
    };
    lazy_with_index_impl(vm, s, offset, b)
}

/// lazy.each_with_index { |(*args), idx| ... } -> lazy_enumerator
fn lazy_each_with_index(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    lazy_with_index_impl(vm, s, 0, b)
}

/// lazy.force -> array
fn lazy_force(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    enumerable::collect(vm, s, intern("each"), &[])
}

/// lazy.eager -> enumerator
fn lazy_eager(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    super::array::enum_for(vm, s, "each", &[])
}

/// lazy.lazy -> lazy
fn lazy_lazy(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// lazy.size -> int, Float::INFINITY or nil (nil once a stage may drop elements)
fn lazy_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let ops = iv(vm, s, "__ops");
    let recv = recv_of(vm, s)?;
    let mut size = recv_size(vm, recv)?;
    let list = if type_of(ops) == T_ARRAY {
        rarray(ops).vec.to_vec()
    } else {
        Vec::new()
    };
    for op in list {
        let (name, arg) = (rarray(op).vec[0], rarray(op).vec[1]);
        match sym_name(name.as_symbol_id()) {
            "map" | "with_index" => {}
            "take" => {
                let n = arg.as_fixnum();
                let smaller = if size.is_fixnum() {
                    size.as_fixnum() < n
                } else {
                    false
                };
                if !size.is_nil() && !smaller {
                    size = Value::fixnum(n);
                }
            }
            _ => return Ok(Value::NIL),
        }
    }
    Ok(size)
}

/// lazy.inspect -> string
fn lazy_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let recv = recv_of(vm, s)?;
    let ops = iv(vm, s, "__ops");
    let mut out = format!("#<Enumerator::Lazy: {}>", vm.inspect_str(recv)?);
    let list = if type_of(ops) == T_ARRAY {
        rarray(ops).vec.to_vec()
    } else {
        Vec::new()
    };
    for op in list {
        let (name, arg) = (rarray(op).vec[0], rarray(op).vec[1]);
        let mut n = sym_name(name.as_symbol_id()).to_string();
        if arg.is_fixnum() {
            n.push_str(&format!("({})", arg.as_fixnum()));
        } else if type_of(arg) == T_ARRAY && rarray(arg).vec[0].as_fixnum() != 0 {
            n.push_str(&format!("({})", rarray(arg).vec[0].as_fixnum()));
        }
        out = format!("#<Enumerator::Lazy: {out}:{n}>");
    }
    Ok(vm.str_from(out))
}
