//! External iteration: `next`, `peek`, `next_values`, `peek_values`, `feed` and `rewind`.
//!
//! The first `next` starts a Fiber (`fiber::new_native`) that calls the enumerator's `each`
//! with a block suspending the fiber at every yield, handing out the yielded values as an
//! Array; each later `next` resumes it for one more. The iteration's side effects therefore
//! happen between the `next` calls, once each, as in CRuby. Hidden instance variables:
//! `__fiber` (the fiber, nil before the first `next` and after `rewind`), `__peek` (the
//! values of a yield `peek` took, not yet consumed), `__feed` (`[value]` a `feed` set for the
//! running yield to return), `__done`/`__ret` (the iteration ended, with `each`'s value).

use super::super::enumerable::call_with_block;
use super::super::fiber;
use super::recv_of;
use crate::object::coroutine::{Resume, Step};
use crate::object::heap::{T_ARRAY, rarray, type_of};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};

/// Hidden instance variable `id` of `e` (nil when unset).
fn get(vm: &Vm, e: Value, id: u32) -> Value {
    let v = vm.ivar_get(e, id);
    if v.is_undef() { Value::NIL } else { v }
}

/// The values of the next yield, as an Array (consumed when `advance`), or StopIteration.
fn next_values_of(vm: &mut Vm, e: Value, advance: bool) -> VmResult {
    let peeked = get(vm, e, crate::sym!("__peek"));
    if type_of(peeked) == T_ARRAY {
        if advance {
            vm.ivar_set(e, crate::sym!("__peek"), Value::NIL)?;
        }
        return Ok(peeked);
    }
    if get(vm, e, crate::sym!("__done")).truthy() {
        return Err(stop_iteration(vm, e));
    }
    let mut f = get(vm, e, crate::sym!("__fiber"));
    if f.is_nil() {
        recv_of(vm, e)?;
        f = fiber::new_native(vm, e, move |vm, _| {
            call_with_block(vm, e, crate::sym!("each"), &[], &[], |vm, a| {
                let vals = vm.ary_from_slice(a);
                fiber::yield_values(vm, vec![vals])
            })
        })?;
        vm.ivar_set(e, crate::sym!("__fiber"), f)?;
    }
    let feed = get(vm, e, crate::sym!("__feed"));
    let sent = if type_of(feed) == T_ARRAY {
        vm.ivar_set(e, crate::sym!("__feed"), Value::NIL)?;
        rarray(feed).vec.to_vec()
    } else {
        Vec::new()
    };
    match fiber::switch_into(vm, f, Resume::Values(sent)) {
        // (an enumerator's fiber is never entered by transfer, so never suspends to one)
        Ok(Step::Yielded(v) | Step::Transfer(_, v)) => {
            let vals = v.first().copied().unwrap_or(Value::NIL);
            if !advance {
                vm.ivar_set(e, crate::sym!("__peek"), vals)?;
            }
            Ok(vals)
        }
        // (`switch_into` resumes a fiber whose thread blocked until it yields or ends)
        Ok(Step::Blocked) => Ok(Value::NIL),
        Ok(Step::Finished(Ok(ret))) => {
            vm.ivar_set(e, crate::sym!("__fiber"), Value::NIL)?;
            vm.ivar_set(e, crate::sym!("__done"), Value::TRUE)?;
            vm.ivar_set(e, crate::sym!("__ret"), ret)?;
            Err(stop_iteration(vm, e))
        }
        Ok(Step::Finished(Err(u))) | Err(u) => {
            // `each` raised: the next `next` starts over
            vm.ivar_set(e, crate::sym!("__fiber"), Value::NIL)?;
            Err(u)
        }
    }
}

/// StopIteration "iteration reached an end", its `result` what `each` returned.
fn stop_iteration(vm: &mut Vm, e: Value) -> Unwind {
    let ret = get(vm, e, crate::sym!("__ret"));
    let x = vm.exception_new(vm.c.stop_iteration, "iteration reached an end");
    if let Err(u) = vm.ivar_set(x, crate::sym!("__result"), ret) {
        return u;
    }
    vm.set_backtrace_here(x);
    Unwind::Raise(x)
}

/// One yield's values as `next` answers them: nil for none, the value for one, else the Array.
fn packed(vm: &mut Vm, vals: Value) -> Value {
    let items = &rarray(vals).vec;
    match items.len() {
        0 => Value::NIL,
        1 => items.as_slice()[0],
        _ => {
            let v = items.to_vec();
            vm.ary_new(v)
        }
    }
}

/// A fresh copy of a yield's values (the caller may change what `next_values` answers).
fn copied(vm: &mut Vm, vals: Value) -> Value {
    let v = rarray(vals).vec.to_vec();
    vm.ary_new(v)
}

/// enum.next -> object
pub(super) fn next(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let vals = next_values_of(vm, s, true)?;
    Ok(packed(vm, vals))
}

/// enum.peek -> object
pub(super) fn peek(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let vals = next_values_of(vm, s, false)?;
    Ok(packed(vm, vals))
}

/// enum.next_values -> the values of the next yield, as an Array
pub(super) fn next_values(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let vals = next_values_of(vm, s, true)?;
    Ok(copied(vm, vals))
}

/// enum.peek_values -> the values of the next yield, as an Array, without advancing
pub(super) fn peek_values(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let vals = next_values_of(vm, s, false)?;
    Ok(copied(vm, vals))
}

/// enum.feed(obj) -> nil: the value the yield `next` last returned from answers inside `each`
pub(super) fn feed(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if type_of(get(vm, s, crate::sym!("__feed"))) == T_ARRAY {
        return Err(vm.type_error("feed value already set"));
    }
    let one = vm.ary_from_slice(&a[..1]);
    vm.ivar_set(s, crate::sym!("__feed"), one)?;
    Ok(Value::NIL)
}

/// enum.rewind -> enum: the next `next` starts `each` again
pub(super) fn rewind(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let recv = recv_of(vm, s)?;
    if vm.responds(recv, intern("rewind"), false) {
        vm.funcall(recv, intern("rewind"), &[], None)?;
    }
    for iv in ["__fiber", "__peek", "__feed", "__done", "__ret"] {
        vm.ivar_set(s, intern(iv), Value::NIL)?;
    }
    Ok(s)
}
