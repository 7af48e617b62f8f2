//! Thread::Mutex and Thread::ConditionVariable. A Mutex records the thread that holds it (a
//! dead holder's lock is free); `lock` of a held one blocks (`sched::Wait::Lock`), a second
//! `lock` by the holder is CRuby's "deadlock; recursive locking". `sleep` unlocks, sleeps until
//! woken or the timeout, and locks again. A ConditionVariable keeps its waiting threads in
//! order; `signal` wakes the first, `broadcast` all.

use super::sched::{self, Wait};
use super::{interval, thread_error};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const MUTEX: &[M] = &[
    ("lock", mx_lock, 0, 0),
    ("unlock", mx_unlock, 0, 0),
    ("try_lock", mx_try_lock, 0, 0),
    ("locked?", mx_locked_p, 0, 0),
    ("owned?", mx_owned_p, 0, 0),
    ("synchronize", mx_synchronize, 0, 0),
    ("sleep", mx_sleep, 0, 1),
];

const CONDVAR: &[M] = &[
    ("signal", cv_signal, 0, 0),
    ("broadcast", cv_broadcast, 0, 0),
    ("wait", cv_wait, 1, 2),
    ("marshal_dump", cv_marshal_dump, 0, 0),
];

/// The thread holding the mutex (a hidden variable; absent or nil: unlocked).
const IV_OWNER: &str = "__owner";
/// A ConditionVariable's waiting threads (an Array, first come first).
const IV_WAITERS: &str = "__waiters";

pub fn init(vm: &mut Vm, thread: Value) {
    let o = vm.c.object;
    let mutex = vm.define_class_under(thread, "Mutex", o);
    vm.define_natives(mutex, MUTEX);
    vm.const_set(o, intern("Mutex"), mutex);
    let cv = vm.define_class_under(thread, "ConditionVariable", o);
    vm.define_natives(cv, CONDVAR);
    vm.const_set(o, intern("ConditionVariable"), cv);
}

/// The thread holding `m`, if any (one that died holding it released it).
fn owner(vm: &Vm, m: Value) -> Option<Value> {
    let o = vm.ivar_get(m, intern(IV_OWNER));
    match sched::tobj(o) {
        Some(p) if p.state != sched::State::Dead => Some(o),
        _ => None,
    }
}

/// Whether a thread blocked on `m` could take it now (the scheduler's test).
pub fn can_lock(vm: &mut Vm, m: Value) -> bool {
    owner(vm, m).is_none()
}

fn lock(vm: &mut Vm, m: Value) -> VmResult<()> {
    take(vm, m, false)
}

/// `lock` for `sleep`'s end: a `Thread#raise`/`kill` meanwhile waits until the lock is back.
fn relock(vm: &mut Vm, m: Value) -> VmResult<()> {
    take(vm, m, true)
}

/// Waits for `m` to be free and takes it (`deferred`: interrupts wait until it is taken).
fn take(vm: &mut Vm, m: Value, deferred: bool) -> VmResult<()> {
    let me = sched::current(vm);
    if owner(vm, m) == Some(me) {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "deadlock; recursive locking"));
    }
    while owner(vm, m).is_some() {
        if deferred {
            sched::block_deferred(vm, Wait::Lock(m), None)?;
        } else {
            sched::block(vm, Wait::Lock(m), None)?;
        }
    }
    vm.ivar_set(m, intern(IV_OWNER), me)
}

fn unlock(vm: &mut Vm, m: Value) -> VmResult<()> {
    let me = sched::current(vm);
    match owner(vm, m) {
        None => {
            let k = thread_error(vm);
            Err(vm.raise_str(k, "Attempt to unlock a mutex which is not locked"))
        }
        Some(o) if o != me => {
            let k = thread_error(vm);
            let msg = "Attempt to unlock a mutex which is locked by another thread/fiber";
            Err(vm.raise_str(k, msg))
        }
        Some(_) => vm.ivar_set(m, intern(IV_OWNER), Value::NIL),
    }
}

/// mutex.lock -> self (ThreadError when this thread holds it already)
fn mx_lock(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    lock(vm, s)?;
    Ok(s)
}

/// mutex.unlock -> self (ThreadError when not locked)
fn mx_unlock(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    unlock(vm, s)?;
    Ok(s)
}

/// mutex.try_lock -> true when it took the lock, false when it was held
fn mx_try_lock(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if owner(vm, s).is_some() {
        return Ok(Value::FALSE);
    }
    let me = sched::current(vm);
    vm.ivar_set(s, intern(IV_OWNER), me)?;
    Ok(Value::TRUE)
}

/// mutex.locked? -> true or false
fn mx_locked_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(owner(vm, s).is_some()))
}

/// mutex.owned? -> whether the running thread holds it
fn mx_owned_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let me = sched::current(vm);
    Ok(Value::bool(owner(vm, s) == Some(me)))
}

/// mutex.synchronize { } -> the block's value, the lock released however the block ends
fn mx_synchronize(vm: &mut Vm, s: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    let Some(b) = blk else {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "must be called with a block"));
    };
    lock(vm, s)?;
    let r = vm.yield_block(b, &[]);
    match r {
        Ok(v) => {
            unlock(vm, s)?;
            Ok(v)
        }
        Err(e) => {
            // the unlock's own error (the block unlocked it) replaces the block's, as an
            // exception raised in `ensure` does
            unlock(vm, s)?;
            Err(e)
        }
    }
}

/// mutex.sleep(timeout = nil) -> seconds slept (Integer), or nil when the timeout passed:
/// unlocks, sleeps until woken or the timeout, locks again
fn mx_sleep(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let secs = match a.first() {
        Some(&v) if !v.is_nil() => Some(interval(vm, v)?),
        _ => None,
    };
    unlock(vm, s)?;
    let start = std::time::Instant::now();
    let deadline = secs.and_then(sched::deadline_in);
    let wait = Wait::Sleep {
        deadlockable: secs.is_none(),
    };
    let r = sched::wait(vm, wait, deadline);
    let woken = sched::tobj(sched::current(vm)).is_some_and(|p| p.woken);
    relock(vm, s)?;
    r?;
    sched::deliver_pending(vm, true)?;
    if secs.is_some() && !woken {
        return Ok(Value::NIL);
    }
    Ok(Value::fixnum(start.elapsed().as_secs_f64().round() as i64))
}

/// The waiting threads of ConditionVariable `cv`.
fn waiters(vm: &mut Vm, cv: Value) -> VmResult {
    let w = vm.ivar_get(cv, intern(IV_WAITERS));
    if !w.is_nil() {
        return Ok(w);
    }
    let w = vm.ary_new(Vec::new());
    vm.ivar_set(cv, intern(IV_WAITERS), w)?;
    Ok(w)
}

/// Wakes the first `n` threads waiting on `cv`.
fn wake(vm: &mut Vm, cv: Value, n: usize) -> VmResult<()> {
    let w = waiters(vm, cv)?;
    let list = &mut crate::object::heap::rarray(w).vec;
    let n = n.min(list.len());
    for t in list.drain(..n).collect::<Vec<_>>() {
        if let Some(p) = sched::tobj(t)
            && p.state == sched::State::Blocked
        {
            p.woken = true;
        }
    }
    Ok(())
}

/// cv.signal -> self: wakes the longest waiting thread
fn cv_signal(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    wake(vm, s, 1)?;
    Ok(s)
}

/// cv.broadcast -> self: wakes every waiting thread
fn cv_broadcast(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    wake(vm, s, usize::MAX)?;
    Ok(s)
}

/// cv.wait(mutex, timeout = nil) -> what mutex.sleep(timeout) answers, this thread waiting
/// on the variable meanwhile
fn cv_wait(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let me = sched::current(vm);
    let w = waiters(vm, s)?;
    crate::object::heap::rarray(w).vec.push(me);
    let args: Vec<Value> = a[1..].to_vec();
    let r = vm.funcall(a[0], intern("sleep"), &args, None);
    let w = waiters(vm, s)?;
    crate::object::heap::rarray(w).vec.retain(|&t| t != me);
    r
}

/// cv.marshal_dump: TypeError, a ConditionVariable cannot be dumped
fn cv_marshal_dump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let name = vm.class_name(k);
    Err(vm.type_error(&format!("can't dump {name}")))
}
