//! Enumerator.produce, Enumerator.product and Enumerator::Chain (`Enumerator#+`,
//! `Enumerable#chain`).
//!
//! Each is an Enumerator over a Generator whose block is written in Rust (a native block made
//! into a Proc), like `Enumerator.new { |y| ... }`: produce yields a value and then the block's
//! value of it; a Chain runs each of its enumerables' `each` in turn; a Product runs the first
//! enumerable's `each_entry` and, for each value, the arrays of the others (read again at each
//! run) in nested order.

use super::{class_under, enumerator_s_new, recv_size};
use crate::core::enumerable::{native_block, with_roots};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, VmResult};
use std::cell::RefCell;
use std::rc::Rc;

pub(super) fn init(vm: &mut Vm) {
    let e = vm.c.enumerator;
    vm.define_singleton_natives(
        e,
        &[("produce", produce, 0, 1), ("product", product, 0, -1)],
    );
    vm.define_natives(e, &[("+", enumerator_plus, 1, 1)]);
    for name in ["Chain", "Product"] {
        let k = vm.define_class_under(e, name, e);
        vm.define_natives(
            k,
            &[
                ("inspect", parts_inspect, 0, 0),
                ("to_s", parts_inspect, 0, 0),
            ],
        );
        // no external iteration on these, as CRuby's (all five are Enumerator's, so undefining
        // them cannot fail)
        for m in ["next", "peek", "next_values", "peek_values", "feed"] {
            let _ = vm.undef_method(k, intern(m));
        }
    }
    let chain = class_under(vm, "Chain");
    vm.define_singleton_natives(chain, &[("new", chain_s_new, 0, -1)]);
    let prod = class_under(vm, "Product");
    vm.define_singleton_natives(prod, &[("new", product_s_new, 0, -1)]);
    let en = vm.c.enumerable;
    vm.define_natives(en, &[("chain", enum_chain, 0, -1)]);
}

/// Enumerator::Chain.new(*enums) -> a Chain of `enums`
fn chain_s_new(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    chain_of(vm, a.to_vec())
}

/// Enumerator::Product.new(*enums) -> a Product of `enums` (Enumerator.product without a block)
fn product_s_new(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    product(vm, s, a, None)
}

/// Enumerator.produce(initial = none) { |prev| next } -> an infinite Enumerator: `initial`
/// (or the block's first value, called with no argument, when none is given), then each value
/// the block makes of the one before; a StopIteration the block raises ends it.
fn produce(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("no block given"));
    };
    let step = vm.proc_new(b.clone(), false);
    let initial = a.first().copied();
    let gen_block = native_block(
        vec![step, initial.unwrap_or(Value::NIL)],
        move |vm, args| {
            let y = args.first().copied().unwrap_or(Value::NIL);
            let stop = vm.c.stop_iteration;
            let call = intern("call");
            let next = |vm: &mut Vm, prev: Option<Value>| -> VmResult<Option<Value>> {
                let r = match prev {
                    Some(v) => vm.funcall(step, call, &[v], None),
                    None => vm.funcall(step, call, &[], None),
                };
                match r {
                    Ok(v) => Ok(Some(v)),
                    Err(unw)
                        if let UnwindKind::Raise(e) = *unw.kind()
                            && vm.is_a(e, stop) =>
                    {
                        Ok(None)
                    }
                    Err(u) => Err(u),
                }
            };
            let mut v = match initial {
                Some(v) => v,
                None => match next(vm, None)? {
                    Some(v) => v,
                    None => return Ok(Value::NIL),
                },
            };
            loop {
                // the value being yielded stays rooted while the yielder and the block run
                let got = with_roots(vm, &[v], |vm| {
                    vm.funcall(y, intern("<<"), &[v], None)?;
                    next(vm, Some(v))
                })?;
                match got {
                    Some(n) => v = n,
                    None => return Ok(Value::NIL),
                }
            }
        },
    );
    let inf = vm.float(f64::INFINITY);
    enumerator_s_new(vm, s, &[inf], Some(&gen_block))
}

/// The size of a Chain or Product of `parts`: each one's `size` combined by `op`; nil when
/// one of them has none.
fn combined_size(vm: &mut Vm, parts: &[Value], product: bool) -> VmResult {
    let mut total = if product { vm.int(1) } else { vm.int(0) };
    for &p in parts {
        let n = recv_size(vm, p)?;
        if n.is_nil() {
            return Ok(n);
        }
        let op = if product { "*" } else { "+" };
        total = vm.funcall(total, intern(op), &[n], None)?;
    }
    Ok(total)
}

/// An Enumerator of class `k` whose Generator runs `run` with the yielder, `parts` kept with it.
fn generated(
    vm: &mut Vm,
    k: Value,
    parts: Value,
    size: Value,
    run: impl Fn(&mut Vm, Value, &[Value]) -> VmResult<()> + 'static,
) -> VmResult {
    let block = native_block(vec![parts], move |vm, args| {
        let y = args.first().copied().unwrap_or(Value::NIL);
        let items = rarray(parts).vec.to_vec();
        run(vm, y, &items)?;
        Ok(Value::NIL)
    });
    let e = with_roots(vm, &[parts, size], |vm| {
        enumerator_s_new(vm, k, &[size], Some(&block))
    })?;
    vm.ivar_set(e, intern("__parts"), parts)?;
    Ok(e)
}

/// A block that hands whatever it is yielded to the yielder `y`.
fn to_yielder(y: Value) -> Block {
    native_block(vec![y], move |vm, xs| {
        vm.funcall(y, intern("yield"), xs, None)
    })
}

/// A Chain of `parts`: their elements in turn.
fn chain_of(vm: &mut Vm, parts: Vec<Value>) -> VmResult {
    let k = class_under(vm, "Chain");
    let list = vm.ary_new(parts.clone());
    let size = with_roots(vm, &[list], |vm| combined_size(vm, &parts, false))?;
    generated(vm, k, list, size, |vm, y, items| {
        let each = intern("each");
        for &e in items {
            vm.funcall(e, each, &[], Some(to_yielder(y)))?;
        }
        Ok(())
    })
}

/// enum + other -> an Enumerator::Chain of both
fn enumerator_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    chain_of(vm, vec![s, a[0]])
}

/// enum.chain(*enums) -> an Enumerator::Chain of the receiver and `enums`
fn enum_chain(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut parts = vec![s];
    parts.extend_from_slice(a);
    chain_of(vm, parts)
}

/// chain.inspect -> "#<Enumerator::Chain: [part, ...]>" (and Enumerator::Product's)
fn parts_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let parts = vm.ivar_get(s, intern("__parts"));
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    if type_of(parts) != T_ARRAY {
        return Ok(vm.str_from(format!("#<{cname}: ...>")));
    }
    let inner = vm.inspect_str(parts)?;
    Ok(vm.str_from(format!("#<{cname}: {inner}>")))
}

/// Enumerator.product(*enums) -> an Enumerator::Product of arrays, one element of each enum,
/// the last one varying fastest
fn product(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if let Some(h) = kw {
        crate::core::numeric::check_keywords(vm, h, &[])?;
    }
    let list = vm.ary_new(a.to_vec());
    if let Some(b) = b {
        // with a block, the combinations go straight to it (a `break` in it ends the call)
        // and the answer is nil
        with_roots(vm, &[list], |vm| {
            run_product(vm, &Sink::Block(b.clone()), rarray(list).vec.as_slice())
        })?;
        return Ok(Value::NIL);
    }
    let k = class_under(vm, "Product");
    let size = with_roots(vm, &[list], |vm| combined_size(vm, a, true))?;
    generated(vm, k, list, size, |vm, y, items| {
        run_product(vm, &Sink::Yielder(y), items)
    })
}

/// Where a product's combinations go: a Generator's yielder, or the block of
/// `Enumerator.product`.
#[derive(Clone)]
enum Sink {
    Yielder(Value),
    Block(Block),
}

fn run_product(vm: &mut Vm, sink: &Sink, items: &[Value]) -> VmResult<()> {
    let combo = Rc::new(RefCell::new(Vec::with_capacity(items.len())));
    emit(vm, sink.clone(), items.to_vec().into(), 0, combo)
}

/// Yields every combination of `combo` extended by one element of each of `enums[i..]`, as
/// CRuby's product_each: each enumerable's `each_entry` runs again for every combination of
/// the ones before it (so an endless one is read only as far as the consumer goes). The values
/// in `combo` are rooted on the stack by the `each_entry` blocks still running.
fn emit(
    vm: &mut Vm,
    sink: Sink,
    enums: Rc<[Value]>,
    i: usize,
    combo: Rc<RefCell<Vec<Value>>>,
) -> VmResult<()> {
    let Some(&e) = enums.get(i) else {
        let items = combo.borrow().clone();
        let a = vm.ary_new(items);
        match &sink {
            Sink::Yielder(y) => vm.funcall(*y, intern("yield"), &[a], None)?,
            Sink::Block(b) => vm.yield_block(b, &[a])?,
        };
        return Ok(());
    };
    let (inner, c) = (enums.clone(), combo.clone());
    let roots = match &sink {
        Sink::Yielder(y) => vec![*y],
        Sink::Block(_) => Vec::new(),
    };
    let step = native_block(roots, move |vm, xs| {
        // of several yielded values the first counts, as CRuby's product_each_i
        let x = xs.first().copied().unwrap_or(Value::NIL);
        vm.stack.push(x);
        c.borrow_mut().push(x);
        let r = emit(vm, sink.clone(), inner.clone(), i + 1, c.clone());
        c.borrow_mut().pop();
        vm.stack.pop();
        r.map(|_| Value::NIL)
    });
    vm.funcall(e, intern("each_entry"), &[], Some(step))?;
    Ok(())
}
