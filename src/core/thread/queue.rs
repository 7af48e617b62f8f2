//! Thread::Queue and Thread::SizedQueue: the items are an Array in a hidden variable. `pop` of
//! an empty open queue and `push` onto a full SizedQueue block the thread
//! (`sched::Wait::Pop`/`Push`) until an item (room) comes or the queue is closed; `timeout:`
//! bounds the wait (nil when it passed), `non_block` raises ThreadError "queue empty"/"queue
//! full" instead, and a wait no thread can end is CRuby's fatal deadlock. A closed queue
//! answers nil to `pop` when empty and raises ClosedQueueError "queue closed" on `push`.

use super::sched::{self, Wait};
use super::thread_error;
use crate::object::heap::{T_ARRAY, rarray, type_of};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const QUEUE: &[M] = &[
    ("push", q_push, 1, 1),
    ("<<", q_push, 1, 1),
    ("enq", q_push, 1, 1),
    ("pop", q_pop, 0, 2),
    ("shift", q_pop, 0, 2),
    ("deq", q_pop, 0, 2),
    ("size", q_size, 0, 0),
    ("length", q_size, 0, 0),
    ("empty?", q_empty_p, 0, 0),
    ("clear", q_clear, 0, 0),
    ("close", q_close, 0, 0),
    ("closed?", q_closed_p, 0, 0),
    ("num_waiting", q_num_waiting, 0, 0),
    ("freeze", q_freeze, 0, 0),
    ("marshal_dump", q_marshal_dump, 0, 0),
];

const SIZED: &[M] = &[
    ("max", sq_max, 0, 0),
    ("max=", sq_set_max, 1, 1),
    ("push", sq_push, 1, 3),
    ("<<", sq_push, 1, 3),
    ("enq", sq_push, 1, 3),
    ("pop", q_pop, 0, 2),
    ("shift", q_pop, 0, 2),
    ("deq", q_pop, 0, 2),
    ("clear", q_clear, 0, 0),
    ("close", q_close, 0, 0),
    ("num_waiting", q_num_waiting, 0, 0),
];

const IV_ITEMS: &str = "__items";
const IV_CLOSED: &str = "__closed";
const IV_MAX: &str = "__max";
/// How many items at the front of the item Array were taken already (pops are O(1); the
/// Array is compacted when that dead front outgrows the live part).
const IV_HEAD: &str = "__head";

pub fn init(vm: &mut Vm, thread: Value) {
    let o = vm.c.object;
    let q = vm.define_class_under(thread, "Queue", o);
    vm.define_natives(q, QUEUE);
    vm.define_private_natives(q, &[("initialize", q_initialize, 0, 1)]);
    vm.const_set(o, intern("Queue"), q);
    let sq = vm.define_class_under(thread, "SizedQueue", q);
    vm.define_natives(sq, SIZED);
    vm.define_private_natives(sq, &[("initialize", sq_initialize, 1, 1)]);
    vm.const_set(o, intern("SizedQueue"), sq);
}

/// The queue's item Array, made empty on first use (a subclass may skip `initialize`).
fn items(vm: &mut Vm, q: Value) -> VmResult {
    let a = vm.ivar_get(q, intern(IV_ITEMS));
    if type_of(a) == T_ARRAY {
        return Ok(a);
    }
    let a = vm.ary_new(Vec::new());
    vm.ivar_set(q, intern(IV_ITEMS), a)?;
    Ok(a)
}

fn head(vm: &Vm, q: Value) -> usize {
    let h = vm.ivar_get(q, intern(IV_HEAD));
    if h.is_fixnum() {
        h.as_fixnum() as usize
    } else {
        0
    }
}

/// The number of items waiting.
fn count(vm: &mut Vm, q: Value) -> VmResult<usize> {
    let arr = items(vm, q)?;
    Ok(rarray(arr).vec.len().saturating_sub(head(vm, q)))
}

/// Takes the first waiting item, if any.
fn take(vm: &mut Vm, q: Value) -> VmResult<Option<Value>> {
    let arr = items(vm, q)?;
    let h = head(vm, q);
    let v = &mut rarray(arr).vec;
    if h >= v.len() {
        return Ok(None);
    }
    let item = std::mem::replace(&mut v[h], Value::NIL);
    let mut h = h + 1;
    if h == v.len() {
        v.clear();
        h = 0;
    } else if h >= 64 && h * 2 >= v.len() {
        v.drain(..h);
        h = 0;
    }
    vm.ivar_set(q, intern(IV_HEAD), Value::fixnum(h as i64))?;
    Ok(Some(item))
}

fn closed(vm: &Vm, q: Value) -> bool {
    vm.ivar_get(q, intern(IV_CLOSED)).truthy()
}

fn closed_error(vm: &mut Vm) -> crate::vm::frame::Unwind {
    let o = vm.c.object;
    let k = vm
        .class_data(o)
        .const_get(intern("ClosedQueueError"))
        .unwrap_or(vm.c.stop_iteration);
    vm.raise_str(k, "queue closed")
}

/// The `timeout:` keyword of `pop`/`push` (ArgumentError for any other keyword).
fn timeout_kw(vm: &mut Vm, kw: Option<Value>) -> VmResult<Option<f64>> {
    let Some(h) = kw else { return Ok(None) };
    let mut timeout = Value::NIL;
    let mut unknown = Vec::new();
    for (k, v) in super::super::hash::pairs(h) {
        if k == vm.sym("timeout") {
            timeout = v;
        } else {
            unknown.push(vm.inspect_str(k)?);
        }
    }
    if !unknown.is_empty() {
        let s = if unknown.len() == 1 { "" } else { "s" };
        return Err(vm.arg_error(&format!("unknown keyword{s}: {}", unknown.join(", "))));
    }
    if timeout.is_nil() {
        return Ok(None);
    }
    // rb_num2dbl: a deadline already past (a negative timeout) times out at once
    let secs = super::super::float_conv::num2dbl(vm, timeout)?;
    Ok(Some(if secs > 0.0 { secs } else { 0.0 }))
}

/// Queue.new(initial = nil): the initial items from an Enumerable (`to_a`)
fn q_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let list = match a.first() {
        Some(&v) if !v.is_nil() => {
            let to_a = intern("to_a");
            let conv = if vm.responds(v, to_a, true) {
                vm.funcall(v, to_a, &[], None)?
            } else {
                Value::NIL
            };
            if type_of(conv) != T_ARRAY {
                let k = vm.real_class(v);
                let name = vm.class_name(k);
                return Err(vm.type_error(&format!("can't convert {name} into Array")));
            }
            rarray(conv).vec.to_vec()
        }
        _ => Vec::new(),
    };
    let arr = vm.ary_new(list);
    vm.ivar_set(s, intern(IV_ITEMS), arr)?;
    Ok(Value::NIL)
}

/// queue.push(obj) -> self (also << and enq); ClosedQueueError once closed
fn q_push(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if closed(vm, s) {
        return Err(closed_error(vm));
    }
    let arr = items(vm, s)?;
    rarray(arr).vec.push(a[0]);
    Ok(s)
}

/// queue.pop(non_block = false, timeout: nil) -> obj or nil (also shift and deq)
fn q_pop(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let non_block = a.first().is_some_and(|v| v.truthy());
    let timeout = timeout_kw(vm, kw)?;
    if non_block && timeout.is_some() {
        return Err(vm.arg_error("can't set a timeout if non_block is enabled"));
    }
    if let Some(v) = take(vm, s)? {
        return Ok(v);
    }
    if non_block {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "queue empty"));
    }
    let deadline = timeout.and_then(sched::deadline_in);
    loop {
        if let Some(v) = take(vm, s)? {
            return Ok(v);
        }
        if closed(vm, s) {
            return Ok(Value::NIL);
        }
        if timeout.is_some() && deadline.is_none_or(|d| std::time::Instant::now() >= d) {
            return Ok(Value::NIL);
        }
        sched::block(vm, Wait::Pop(s), deadline)?;
    }
}

/// Whether a thread blocked popping `q` can go on: an item waits or the queue is closed.
pub fn can_pop(vm: &mut Vm, q: Value) -> bool {
    closed(vm, q) || count(vm, q).is_ok_and(|n| n > 0)
}

/// Whether a thread blocked pushing onto SizedQueue `q` can go on: there is room or the queue
/// is closed.
pub fn can_push(vm: &mut Vm, q: Value) -> bool {
    closed(vm, q) || full(vm, q).is_ok_and(|f| !f)
}

/// Whether SizedQueue `q` holds its maximum.
fn full(vm: &mut Vm, q: Value) -> VmResult<bool> {
    let n = count(vm, q)?;
    let max = vm.ivar_get(q, intern(IV_MAX));
    Ok(max.is_fixnum() && n as i64 >= max.as_fixnum())
}

/// queue.size -> Integer (also length)
fn q_size(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = count(vm, s)?;
    Ok(Value::fixnum(n as i64))
}

/// queue.empty? -> true or false
fn q_empty_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(count(vm, s)? == 0))
}

/// queue.clear -> self
fn q_clear(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let arr = items(vm, s)?;
    rarray(arr).vec.clear();
    vm.ivar_set(s, intern(IV_HEAD), Value::fixnum(0))?;
    Ok(s)
}

/// queue.close -> self
fn q_close(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.ivar_set(s, intern(IV_CLOSED), Value::TRUE)?;
    Ok(s)
}

/// queue.closed? -> true or false
fn q_closed_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(closed(vm, s)))
}

/// queue.num_waiting -> the number of threads blocked popping from (or pushing onto) it
fn q_num_waiting(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = sched::waiting_on(vm, Wait::Pop(s)) + sched::waiting_on(vm, Wait::Push(s));
    Ok(Value::fixnum(n as i64))
}

/// queue.freeze: TypeError, a queue cannot be frozen
fn q_freeze(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let shown = vm.inspect_str(s)?;
    Err(vm.type_error(&format!("cannot freeze {shown}")))
}

/// queue.marshal_dump: TypeError, a queue cannot be dumped
fn q_marshal_dump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let name = vm.class_name(k);
    Err(vm.type_error(&format!("can't dump {name}")))
}

/// A SizedQueue's limit: a positive Integer.
fn max_arg(vm: &mut Vm, v: Value) -> VmResult<i64> {
    let n = super::super::arg_int(vm, v)?;
    if n <= 0 {
        return Err(vm.arg_error("queue size must be positive"));
    }
    Ok(n)
}

/// SizedQueue.new(max)
fn sq_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = max_arg(vm, a[0])?;
    let arr = vm.ary_new(Vec::new());
    vm.ivar_set(s, intern(IV_ITEMS), arr)?;
    vm.ivar_set(s, intern(IV_MAX), Value::fixnum(n))?;
    Ok(Value::NIL)
}

/// sized_queue.max -> Integer
fn sq_max(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.ivar_get(s, intern(IV_MAX)))
}

/// sized_queue.max = Integer
fn sq_set_max(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = max_arg(vm, a[0])?;
    vm.ivar_set(s, intern(IV_MAX), Value::fixnum(n))?;
    Ok(a[0])
}

/// sized_queue.push(obj, non_block = false, timeout: nil) -> self, or nil when the timeout
/// passed with the queue still full (also << and enq)
fn sq_push(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    if a.len() > 2 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 1..2)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let non_block = a.get(1).is_some_and(|v| v.truthy());
    let timeout = timeout_kw(vm, kw)?;
    if non_block && timeout.is_some() {
        return Err(vm.arg_error("can't set a timeout if non_block is enabled"));
    }
    if closed(vm, s) {
        return Err(closed_error(vm));
    }
    if full(vm, s)? && non_block {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "queue full"));
    }
    let deadline = timeout.and_then(sched::deadline_in);
    while full(vm, s)? {
        if timeout.is_some() && deadline.is_none_or(|d| std::time::Instant::now() >= d) {
            return Ok(Value::NIL);
        }
        sched::block(vm, Wait::Push(s), deadline)?;
        if closed(vm, s) {
            return Err(closed_error(vm));
        }
    }
    let arr = items(vm, s)?;
    rarray(arr).vec.push(a[0]);
    Ok(s)
}
