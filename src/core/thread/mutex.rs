//! Thread::Mutex and Thread::ConditionVariable with only the main thread: a Mutex is locked
//! or not (its owner can only be the main thread), so a second `lock` is CRuby's "deadlock;
//! recursive locking" and `sleep` without a timeout, which nothing could end, is the fatal
//! deadlock. `sleep(t)` unlocks, sleeps `t` and locks again, answering nil (timed out), as
//! CRuby does when no thread wakes it. ConditionVariable's `signal`/`broadcast` have no waiter
//! to wake; `wait(mutex, timeout)` is `mutex.sleep(timeout)`.

use super::{deadlock, interval, thread_error};
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
    ("owned?", mx_locked_p, 0, 0),
    ("synchronize", mx_synchronize, 0, 0),
    ("sleep", mx_sleep, 0, 1),
];

const CONDVAR: &[M] = &[
    ("signal", cv_self, 0, 0),
    ("broadcast", cv_self, 0, 0),
    ("wait", cv_wait, 1, 2),
    ("marshal_dump", cv_marshal_dump, 0, 0),
];

/// Whether the mutex is locked (a hidden variable; absent means unlocked).
const IV_LOCKED: &str = "__locked";

pub fn init(vm: &mut Vm, thread: Value) {
    let o = vm.c.object;
    let mutex = vm.define_class_under(thread, "Mutex", o);
    vm.define_natives(mutex, MUTEX);
    vm.const_set(o, intern("Mutex"), mutex);
    let cv = vm.define_class_under(thread, "ConditionVariable", o);
    vm.define_natives(cv, CONDVAR);
    vm.const_set(o, intern("ConditionVariable"), cv);
}

fn locked(vm: &Vm, m: Value) -> bool {
    vm.ivar_get(m, intern(IV_LOCKED)).truthy()
}

fn set_locked(vm: &mut Vm, m: Value, on: bool) -> VmResult<()> {
    vm.ivar_set(m, intern(IV_LOCKED), Value::bool(on))
}

fn lock(vm: &mut Vm, m: Value) -> VmResult<()> {
    if locked(vm, m) {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "deadlock; recursive locking"));
    }
    set_locked(vm, m, true)
}

fn unlock(vm: &mut Vm, m: Value) -> VmResult<()> {
    if !locked(vm, m) {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "Attempt to unlock a mutex which is not locked"));
    }
    set_locked(vm, m, false)
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
    if locked(vm, s) {
        return Ok(Value::FALSE);
    }
    set_locked(vm, s, true)?;
    Ok(Value::TRUE)
}

/// mutex.locked? / owned? -> true or false (the only possible owner is this thread)
fn mx_locked_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(locked(vm, s)))
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

/// mutex.sleep(timeout = nil) -> nil: unlocks, sleeps, locks again; without a timeout nothing
/// could wake this thread, which is a deadlock
fn mx_sleep(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let secs = match a.first() {
        Some(&v) if !v.is_nil() => Some(interval(vm, v)?),
        _ => None,
    };
    unlock(vm, s)?;
    let Some(secs) = secs else {
        let e = deadlock(vm);
        set_locked(vm, s, true)?;
        return Err(e);
    };
    let r = super::super::random::sleep_secs(vm, secs);
    set_locked(vm, s, true)?;
    r?;
    Ok(Value::NIL)
}

/// cv.signal / cv.broadcast -> self (no thread waits on it)
fn cv_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// cv.wait(mutex, timeout = nil) -> what mutex.sleep(timeout) answers
fn cv_wait(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let args: Vec<Value> = a[1..].to_vec();
    vm.funcall(a[0], intern("sleep"), &args, None)
}

/// cv.marshal_dump: TypeError, a ConditionVariable cannot be dumped
fn cv_marshal_dump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let name = vm.class_name(k);
    Err(vm.type_error(&format!("can't dump {name}")))
}
