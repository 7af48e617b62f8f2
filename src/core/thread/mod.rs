//! Thread: green threads (`sched.rs` runs them, one at a time in the one OS thread), with
//! CRuby's API: `Thread.new`/`start`/`fork`, `join`/`value`, `status`/`alive?`/`stop?`,
//! `kill`/`raise`/`wakeup`/`run`, `Thread.pass`/`stop`/`list`/`current`/`main`, fiber-local
//! `[]`/`[]=`, thread variables, `name`, `report_on_exception`/`abort_on_exception` and CRuby's
//! `inspect`; ThreadGroup. The synchronisation classes are in `mutex.rs` (Mutex,
//! ConditionVariable) and `queue.rs` (Queue, SizedQueue); what would wait for ever with no
//! thread to end the wait raises `deadlock`, CRuby's fatal "No live threads left".

mod mutex;
mod queue;
pub mod sched;

use super::object::is_string;
use crate::object::heap::{T_NONE, payload};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::BlockData;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const THREAD_S: &[M] = &[
    ("current", th_s_current, 0, 0),
    ("main", th_s_main, 0, 0),
    ("exit", th_s_exit, 0, 0),
    ("kill", th_s_kill, 1, 1),
    ("list", th_s_list, 0, 0),
    ("new", th_s_new, 0, -1),
    ("start", th_s_start, 0, -1),
    ("fork", th_s_start, 0, -1),
    ("pass", th_s_pass, 0, 0),
    ("stop", th_s_stop, 0, 0),
    ("abort_on_exception", th_s_abort, 0, 0),
    ("abort_on_exception=", th_s_set_abort, 1, 1),
    ("report_on_exception", th_s_report, 0, 0),
    ("report_on_exception=", th_s_set_report, 1, 1),
    ("handle_interrupt", th_s_handle_interrupt, 1, 1),
    ("each_caller_location", th_s_each_caller_location, 0, 0),
    ("ignore_deadlock", th_s_ignore_deadlock, 0, 0),
    ("ignore_deadlock=", th_s_set_ignore_deadlock, 1, 1),
    ("pending_interrupt?", th_s_pending_p, 0, 1),
];

const THREAD: &[M] = &[
    ("[]", th_aref, 1, 1),
    ("[]=", th_aset, 2, 2),
    ("key?", th_key_p, 1, 1),
    ("keys", th_keys, 0, 0),
    ("fetch", th_fetch, 1, 2),
    ("thread_variable_get", th_var_get, 1, 1),
    ("thread_variable_set", th_var_set, 2, 2),
    ("thread_variable?", th_var_p, 1, 1),
    ("thread_variables", th_vars, 0, 0),
    ("name", th_name, 0, 0),
    ("name=", th_set_name, 1, 1),
    ("alive?", th_alive_p, 0, 0),
    ("status", th_status, 0, 0),
    ("stop?", th_stop_p, 0, 0),
    ("inspect", th_inspect, 0, 0),
    ("to_s", th_inspect, 0, 0),
    ("join", th_join, 0, 1),
    ("value", th_value, 0, 0),
    ("priority", th_priority, 0, 0),
    ("priority=", th_set_priority, 1, 1),
    ("report_on_exception", th_report, 0, 0),
    ("report_on_exception=", th_set_report, 1, 1),
    ("abort_on_exception", th_abort, 0, 0),
    ("abort_on_exception=", th_set_abort, 1, 1),
    ("group", th_group, 0, 0),
    ("backtrace", th_backtrace, 0, 2),
    ("backtrace_locations", th_backtrace_locations, 0, 2),
    ("pending_interrupt?", th_pending_p, 0, 1),
    ("native_thread_id", th_native_id, 0, 0),
    ("wakeup", th_wakeup, 0, 0),
    ("run", th_run, 0, 0),
    ("raise", th_raise, 0, -1),
    ("kill", th_kill, 0, 0),
    ("exit", th_kill, 0, 0),
    ("terminate", th_kill, 0, 0),
];

const GROUP: &[M] = &[("list", tg_list, 0, 0), ("add", tg_add, 1, 1)];

// hidden instance variables (no "@": invisible to Ruby)
const IV_VARS: &str = "__vars";
const IV_NAME: &str = "__name";
const IV_PRIORITY: &str = "__priority";
const IV_REPORT: &str = "__report";
const IV_ABORT: &str = "__abort";
const IV_GROUP: &str = "__group";

/// Defines Thread's methods (the class itself is made with the exceptions, core/exception.rs),
/// ThreadGroup, Mutex, ConditionVariable, Queue and SizedQueue.
pub fn init(vm: &mut Vm) {
    let thread = thread_class(vm);
    vm.class_data(thread).instance_type = T_NONE;
    vm.define_singleton_natives(thread, THREAD_S);
    vm.define_natives(thread, THREAD);
    vm.define_private_natives(thread, &[("initialize", th_initialize, 0, -1)]);
    let o = vm.c.object;
    let tg = vm.define_class("ThreadGroup", o);
    vm.define_natives(tg, GROUP);
    let default = vm.object_new(tg);
    vm.const_set(tg, intern("Default"), default);
    mutex::init(vm, thread);
    queue::init(vm, thread);
    let process = vm.define_module("Process");
    let waiter = vm.define_class_under(process, "Waiter", thread);
    vm.define_natives(waiter, &[("pid", waiter_pid, 0, 0)]);
    vm.define_singleton_natives(process, &[("detach", p_detach, 1, 1)]);
    vm.invalidate();
}

fn thread_class(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    vm.class_data(o).const_get(intern("Thread")).unwrap_or(o)
}

/// The hash kept in the hidden variable `iv` of `t`, made empty on first use.
fn table(vm: &mut Vm, t: Value, iv: &str) -> VmResult {
    let h = vm.ivar_get(t, intern(iv));
    if !h.is_nil() {
        return Ok(h);
    }
    let h = vm.hash_new();
    vm.ivar_set(t, intern(iv), h)?;
    Ok(h)
}

/// The fatal error CRuby raises when every thread would wait for ever: "No live threads left.
/// Deadlock?" followed by its report of the threads (each with its state and backtrace).
pub fn deadlock(vm: &mut Vm) -> Unwind {
    let main = sched::main_thread(vm);
    let cur = sched::current(vm);
    let all: Vec<Value> = std::iter::once(main)
        .chain(vm.threads.live.iter().copied())
        .collect();
    let tid = nix::unistd::gettid().as_raw();
    let mut msg = format!(
        "No live threads left. Deadlock?\n{n} threads, {n} sleeps current:{:#010x} main thread:{:#010x}\n",
        cur.bits(),
        main.bits(),
        n = all.len()
    );
    for t in all {
        msg.push_str(&format!(
            "* {}\n   rb_thread_t:{:#010x} native:{tid:#010x} int:0\n",
            describe(vm, t, "sleep_forever"),
            t.bits()
        ));
        let lines = if t == cur {
            vm.backtrace_lines(0)
        } else {
            sched::backtrace_of(vm, t)
        };
        for line in lines {
            msg.push_str("   ");
            msg.push_str(&line);
            msg.push('\n');
        }
    }
    vm.raise_str(vm.c.fatal, &msg)
}

/// A time interval argument in seconds (Integer, Float or Rational), as rb_time_interval reads
/// it: TypeError for other objects, ArgumentError when negative.
pub fn interval(vm: &mut Vm, v: Value) -> VmResult<f64> {
    let secs = if v.is_fixnum() {
        v.as_fixnum() as f64
    } else if crate::core::object::is_float(v) {
        crate::core::object::float_value(v)
    } else if vm.is_a(v, vm.c.integer) || rational_p(vm, v) {
        let f = vm.funcall(v, intern("to_f"), &[], None)?;
        crate::core::object::float_value(f)
    } else {
        let k = vm.real_class(v);
        let name = vm.class_name(k);
        return Err(vm.type_error(&format!("can't convert {name} into time interval")));
    };
    if secs < 0.0 {
        return Err(vm.arg_error("time interval must not be negative"));
    }
    Ok(secs)
}

fn rational_p(vm: &mut Vm, v: Value) -> bool {
    let o = vm.c.object;
    match vm.class_data(o).const_get(intern("Rational")) {
        Some(r) => vm.is_a(v, r),
        None => false,
    }
}

/// Thread.current -> the running thread
fn th_s_current(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(sched::current(vm))
}

/// Thread.main -> the main thread
fn th_s_main(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(sched::main_thread(vm))
}

/// Thread.list -> the threads alive, the main one first
fn th_s_list(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = sched::main_thread(vm);
    let mut all = vec![t];
    all.extend(vm.threads.live.iter().copied());
    Ok(vm.ary_new(all))
}

fn need_block(vm: &mut Vm, blk: Option<&Block>) -> VmResult<()> {
    if blk.is_none() {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "must be called with a block"));
    }
    Ok(())
}

pub fn thread_error(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    vm.class_data(o)
        .const_get(intern("ThreadError"))
        .unwrap_or(vm.c.standard_error)
}

/// The payload of Thread `t` (TypeError for anything else).
fn obj(vm: &mut Vm, t: Value) -> VmResult<&'static mut sched::ThreadObj> {
    sched::tobj(t).ok_or_else(|| vm.type_error("wrong argument type (expected VM/thread)"))
}

/// Thread.new(*args) { |*args| } -> thread: a new thread running the block (through
/// `initialize`, which a subclass must call with `super`)
fn th_s_new(vm: &mut Vm, k: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let t = sched::alloc(vm, k);
    let keep = vm.stack.len();
    vm.stack.push(t);
    let r = vm.funcall_maybe_kw(t, intern("initialize"), a, blk.cloned(), kw);
    vm.stack.truncate(keep);
    r?;
    if obj(vm, t)?.body.is_nil() {
        let name = vm.class_name(k);
        let e = thread_error(vm);
        return Err(vm.raise_str(
            e,
            &format!("uninitialized thread - check '{name}#initialize'"),
        ));
    }
    Ok(t)
}

/// thread.initialize(*args) { |*args| }
fn th_initialize(vm: &mut Vm, t: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    need_block(vm, blk)?;
    if !obj(vm, t)?.body.is_nil() {
        let e = thread_error(vm);
        return Err(vm.raise_str(e, "already initialized thread"));
    }
    start(vm, t, a, blk)?;
    Ok(Value::NIL)
}

/// Starts thread `t` on the block with `args`: it inherits the creator's group and the class's
/// `report_on_exception`.
fn start(vm: &mut Vm, t: Value, args: &[Value], blk: Option<&Block>) -> VmResult<()> {
    let Some(b) = blk else {
        return need_block(vm, blk);
    };
    let pr = vm.proc_new(b.clone(), false);
    let location = match payload::<crate::vm::call::ProcObj>(pr).map(|p| &*p.block) {
        Some(BlockData::Code { code, .. }) => format!("{}:{}", code.file, code.first_line),
        _ => String::new(),
    };
    let k = thread_class(vm);
    let report = flag(vm, k, IV_REPORT, true);
    vm.ivar_set(t, intern(IV_REPORT), report)?;
    let me = sched::current(vm);
    let group = vm.ivar_get(me, intern(IV_GROUP));
    if !group.is_nil() {
        vm.ivar_set(t, intern(IV_GROUP), group)?;
    }
    let keep = vm.stack.len();
    vm.stack.push(pr);
    let r = sched::start(vm, t, pr, args.to_vec(), location);
    vm.stack.truncate(keep);
    r
}

/// Thread.start(*args) { } / Thread.fork -> thread (without calling initialize)
fn th_s_start(vm: &mut Vm, k: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    if blk.is_none() {
        let msg = "tried to create Proc object without a block";
        return Err(vm.raise_str(vm.c.argument_error, msg));
    }
    let t = sched::alloc(vm, k);
    let keep = vm.stack.len();
    vm.stack.push(t);
    let r = start(vm, t, a, blk);
    vm.stack.truncate(keep);
    r.map(|_| t)
}

/// Thread.pass -> nil: the other threads that can run take their turns first
fn th_s_pass(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    sched::pass(vm)?;
    Ok(Value::NIL)
}

/// Thread.stop -> nil: sleeps until woken (ThreadError for the only thread)
fn th_s_stop(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if !vm.threads.active() && sched::on_main(vm) {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "stopping only thread\n\tnote: use sleep to stop forever"));
    }
    sched::block(vm, sched::Wait::Sleep { deadlockable: true }, None)?;
    Ok(Value::NIL)
}

/// Thread.exit -> ends the running thread (the program, on the main thread)
fn th_s_exit(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = sched::current(vm);
    th_kill(vm, t, &[], None)
}

/// Thread.kill(thread) -> thread
fn th_s_kill(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    obj(vm, a[0])?;
    th_kill(vm, a[0], &[], None)
}

/// A flag kept in a hidden variable, `default` until set.
fn flag(vm: &mut Vm, obj: Value, iv: &str, default: bool) -> Value {
    let v = vm.ivar_get(obj, intern(iv));
    if v.is_nil() { Value::bool(default) } else { v }
}

fn set_flag(vm: &mut Vm, obj: Value, iv: &str, v: Value) -> VmResult {
    vm.ivar_set(obj, intern(iv), Value::bool(v.truthy()))?;
    Ok(v)
}

/// Thread.abort_on_exception -> false
fn th_s_abort(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(flag(vm, s, IV_ABORT, false))
}

/// Thread.abort_on_exception = bool
fn th_s_set_abort(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_flag(vm, s, IV_ABORT, a[0])
}

/// Thread.report_on_exception -> true
fn th_s_report(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(flag(vm, s, IV_REPORT, true))
}

/// Thread.report_on_exception = bool
fn th_s_set_report(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_flag(vm, s, IV_REPORT, a[0])
}

/// Thread.handle_interrupt(hash) { } -> the block's value (no other thread can interrupt)
fn th_s_handle_interrupt(vm: &mut Vm, _: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    let h = super::hash::to_hash(vm, a[0])?;
    let Some(b) = blk else {
        return Err(vm.arg_error("block is needed."));
    };
    for (_, v) in super::hash::pairs(h) {
        let known = ["never", "on_blocking", "immediate"]
            .iter()
            .any(|m| v == vm.sym(m));
        if !known {
            return Err(vm.arg_error("unknown mask signature"));
        }
    }
    let me = sched::current(vm);
    obj(vm, me)?.masks.push(h);
    // what the new mask lets through comes first, then the block, then what it held back
    let r = sched::deliver_pending(vm, false).and_then(|_| vm.yield_block(b, &[]));
    if let Some(p) = sched::tobj(me) {
        p.masks.pop();
    }
    // (an interrupt held back replaces the block's own exception)
    sched::deliver_pending(vm, false)?;
    r
}

/// Thread.each_caller_location { |loc| } -> nil: the caller's callers' locations, one at a
/// time (as `caller_locations(1)` would answer them in the caller)
fn th_s_each_caller_location(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given"));
    };
    let lines = vm.backtrace_lines(2);
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    let locs = super::exception::locations(vm, &items)?;
    let keep = vm.stack.len();
    vm.stack.push(locs);
    let list = crate::object::heap::rarray(locs).vec.to_vec();
    let mut r = Ok(Value::NIL);
    for loc in list {
        if let Err(u) = vm.yield_block(b, &[loc]) {
            r = Err(u);
            break;
        }
    }
    vm.stack.truncate(keep);
    r.map(|_| Value::NIL)
}

/// Thread.ignore_deadlock -> false unless set
fn th_s_ignore_deadlock(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.threads.ignore_deadlock))
}

/// Thread.ignore_deadlock = bool: when set, threads that all wait on each other wait for ever
/// (a signal handler may still end the wait) instead of the fatal deadlock error
fn th_s_set_ignore_deadlock(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.threads.ignore_deadlock = a[0].truthy();
    Ok(a[0])
}

/// Thread.pending_interrupt? / thr.pending_interrupt? -> whether an interrupt waits
fn th_s_pending_p(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(sched::pending(vm)))
}

/// thr.pending_interrupt? -> whether an interrupt waits for thread thr
fn th_pending_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(obj(vm, s)?.pending.is_some()))
}

/// The fiber-local table `Thread#[]` reads on thread `t`: the running fiber's for the running
/// thread, another thread's root fiber's.
fn locals_of(vm: &mut Vm, t: Value) -> VmResult {
    if t == sched::current(vm) {
        return super::fiber::locals(vm);
    }
    let f = if t == sched::main_thread(vm) {
        sched::main_root_fiber(vm)
    } else {
        obj(vm, t)?.fiber
    };
    super::fiber::locals_of(vm, f)
}

/// A fiber-local key: a Symbol, or a String made one (TypeError otherwise).
fn key_arg(vm: &mut Vm, k: Value) -> VmResult<Value> {
    let id = super::object::sym_arg(vm, k)?;
    Ok(Value::symbol(id))
}

/// thr[key] -> obj or nil
fn th_aref(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = locals_of(vm, s)?;
    super::hash::get(vm, h, k)
}

/// thr[key] = obj (nil removes the key)
fn th_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.is_frozen(s) {
        return Err(vm.raise_str(vm.c.frozen_error, "can't modify frozen thread locals"));
    }
    let k = key_arg(vm, a[0])?;
    let h = locals_of(vm, s)?;
    if a[1].is_nil() {
        super::hash::remove(vm, h, k)?;
    } else {
        vm.hash_aset(h, k, a[1])?;
    }
    Ok(a[1])
}

/// thr.key?(sym) -> true or false
fn th_key_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = locals_of(vm, s)?;
    Ok(Value::bool(super::hash::find(vm, h, k)?.is_some()))
}

/// thr.keys -> array of Symbols
fn th_keys(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = locals_of(vm, s)?;
    let keys = super::hash::pairs(h).into_iter().map(|(k, _)| k).collect();
    Ok(vm.ary_new(keys))
}

/// thr.fetch(sym, default = undefined) { |sym| } -> obj (KeyError without either)
fn th_fetch(vm: &mut Vm, s: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = locals_of(vm, s)?;
    if super::hash::find(vm, h, k)?.is_some() {
        return super::hash::get(vm, h, k);
    }
    if let Some(b) = blk {
        return vm.yield_block(b, &[k]);
    }
    if let Some(&d) = a.get(1) {
        return Ok(d);
    }
    let shown = vm.inspect_str(k)?;
    let ke = vm.c.key_error;
    let e = vm.exception_new(ke, &format!("key not found: {shown}"));
    vm.ivar_set(e, intern("__key"), k)?;
    vm.ivar_set(e, intern(crate::vm::error::IV_RECV), s)?;
    vm.set_backtrace_here(e);
    Err(Unwind::Raise(e))
}

/// thr.thread_variable_get(key) -> obj or nil
fn th_var_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = table(vm, s, IV_VARS)?;
    super::hash::get(vm, h, k)
}

/// thr.thread_variable_set(key, value) -> value
fn th_var_set(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    let k = key_arg(vm, a[0])?;
    let h = table(vm, s, IV_VARS)?;
    vm.hash_aset(h, k, a[1])?;
    Ok(a[1])
}

/// thr.thread_variable?(key) -> true when set to something other than nil
fn th_var_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = table(vm, s, IV_VARS)?;
    Ok(Value::bool(!super::hash::get(vm, h, k)?.is_nil()))
}

/// thr.thread_variables -> array of Symbols
fn th_vars(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = table(vm, s, IV_VARS)?;
    let keys = super::hash::pairs(h).into_iter().map(|(k, _)| k).collect();
    Ok(vm.ary_new(keys))
}

/// thr.name -> String or nil
fn th_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.ivar_get(s, intern(IV_NAME)))
}

/// thr.name = String or nil (kept as a frozen copy)
fn th_set_name(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = if a[0].is_nil() {
        Value::NIL
    } else {
        let src = super::string::str_arg(vm, a[0])?;
        let c = vm.str_dup(src);
        let enc = crate::object::string::encoding(src);
        crate::object::string::set_encoding(c, enc);
        crate::object::heap::set_frozen(c);
        c
    };
    vm.ivar_set(s, intern(IV_NAME), v)?;
    Ok(a[0])
}

/// The word inspect shows for thread `t`'s state.
fn state_word(vm: &mut Vm, t: Value) -> &'static str {
    if t == sched::current(vm) {
        return "run";
    }
    match sched::tobj(t) {
        Some(p) if p.state == sched::State::Dead => "dead",
        // (CRuby's word for a wait on another thread; Kernel#sleep's is "sleep")
        Some(p) if p.sleeping() && p.deadline.is_none() && p.wait != sched::KERNEL_SLEEP => {
            "sleep_forever"
        }
        Some(p) if p.sleeping() => "sleep",
        _ => "run",
    }
}

/// "#<Thread:0x...@name file:line state>" with the state given.
pub(crate) fn describe(vm: &mut Vm, t: Value, state: &str) -> String {
    let k = vm.real_class(t);
    let mut out = format!("#<{}:{:#018x}", vm.class_name(k), t.bits());
    let name = vm.ivar_get(t, intern(IV_NAME));
    if is_string(name) {
        out.push('@');
        out.push_str(&String::from_utf8_lossy(vm.bytes(name)));
    }
    if let Some(p) = sched::tobj(t)
        && !p.location.is_empty()
    {
        out.push(' ');
        out.push_str(&p.location);
    }
    out.push(' ');
    out.push_str(state);
    out.push('>');
    out
}

/// thr.status -> "run", "sleep", false (ended) or nil (ended by an exception)
fn th_status(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = obj(vm, s)?;
    if p.state == sched::State::Dead {
        return Ok(if p.error.is_nil() {
            Value::FALSE
        } else {
            Value::NIL
        });
    }
    let word = match state_word(vm, s) {
        "run" => "run",
        _ => "sleep",
    };
    Ok(vm.str_from(word))
}

/// thr.alive? -> true or false
fn th_alive_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(obj(vm, s)?.state != sched::State::Dead))
}

/// thr.stop? -> true when dead or sleeping
fn th_stop_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s == sched::current(vm) {
        return Ok(Value::FALSE);
    }
    let p = obj(vm, s)?;
    Ok(Value::bool(p.state == sched::State::Dead || p.sleeping()))
}

/// thr.inspect -> "#<Thread:0x...@name file:line status>"
fn th_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    obj(vm, s)?;
    let word = state_word(vm, s);
    let out = describe(vm, s, word);
    Ok(vm.str_from(out))
}

/// thr.join(limit = nil) -> thr, or nil when the limit passed first; re-raises the exception
/// the thread died of
fn th_join(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let limit = match a.first() {
        Some(&v) if !v.is_nil() => Some(super::float_conv::num2dbl(vm, v)?),
        _ => None,
    };
    join(vm, s, limit)
}

fn join(vm: &mut Vm, t: Value, limit: Option<f64>) -> VmResult {
    obj(vm, t)?;
    let k = thread_error(vm);
    if t == sched::current(vm) {
        return Err(vm.raise_str(k, "Target thread must not be current thread"));
    }
    if t == sched::main_thread(vm) {
        return Err(vm.raise_str(k, "Target thread must not be main thread"));
    }
    let deadline = limit.and_then(sched::deadline_in);
    while obj(vm, t)?.state != sched::State::Dead {
        if limit.is_some() && deadline.is_none_or(|d| std::time::Instant::now() >= d) {
            return Ok(Value::NIL);
        }
        sched::block(vm, sched::Wait::Join(t), deadline)?;
    }
    let e = obj(vm, t)?.error;
    if !e.is_nil() {
        return Err(Unwind::Raise(e));
    }
    Ok(t)
}

/// thr.value -> the block's value (joins first)
fn th_value(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    join(vm, s, None)?;
    Ok(obj(vm, s)?.value)
}

/// thr.wakeup -> thr: ends the thread's sleep (ThreadError for a dead thread)
fn th_wakeup(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = obj(vm, s)?;
    if p.state == sched::State::Dead {
        let k = thread_error(vm);
        return Err(vm.raise_str(k, "killed thread"));
    }
    if p.state == sched::State::Blocked {
        p.woken = true;
    }
    Ok(s)
}

/// thr.run -> thr: wakes the thread and lets it run
fn th_run(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    th_wakeup(vm, s, a, b)?;
    sched::pass(vm)?;
    Ok(s)
}

/// thr.priority -> Integer (0 unless set)
fn th_priority(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = vm.ivar_get(s, intern(IV_PRIORITY));
    Ok(if p.is_nil() { Value::fixnum(0) } else { p })
}

/// thr.priority = Integer (clamped to -3..3, as CRuby)
fn th_set_priority(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?.clamp(-3, 3);
    vm.ivar_set(s, intern(IV_PRIORITY), Value::fixnum(n))?;
    Ok(a[0])
}

/// thr.report_on_exception -> true unless set
fn th_report(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(flag(vm, s, IV_REPORT, true))
}

/// thr.report_on_exception = bool
fn th_set_report(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_flag(vm, s, IV_REPORT, a[0])
}

/// thr.abort_on_exception -> false unless set
fn th_abort(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(flag(vm, s, IV_ABORT, false))
}

/// thr.abort_on_exception = bool
fn th_set_abort(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_flag(vm, s, IV_ABORT, a[0])
}

fn default_group(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    let tg = vm
        .class_data(o)
        .const_get(intern("ThreadGroup"))
        .unwrap_or(o);
    vm.class_data(tg)
        .const_get(intern("Default"))
        .unwrap_or(Value::NIL)
}

/// thr.group -> ThreadGroup (ThreadGroup::Default unless added to another)
fn th_group(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let g = vm.ivar_get(s, intern(IV_GROUP));
    Ok(if g.is_nil() { default_group(vm) } else { g })
}

/// The backtrace lines of thread `t` after `levels`' selection by `a` (None: nil).
fn backtrace_items(vm: &mut Vm, t: Value, a: &[Value]) -> VmResult<Option<Vec<Value>>> {
    let p = obj(vm, t)?;
    if p.state == sched::State::Dead {
        return Ok(None);
    }
    let lines = if t == sched::current(vm) {
        vm.backtrace_lines(0)
    } else {
        sched::backtrace_of(vm, t)
    };
    let Some(lines) = super::kernel::levels(vm, lines, a, 0)? else {
        return Ok(None);
    };
    Ok(Some(lines.iter().map(|l| vm.str_from(l)).collect()))
}

/// thr.backtrace(start = 0, length = nil) -> array of Strings, nil for a dead thread
fn th_backtrace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match backtrace_items(vm, s, a)? {
        Some(items) => Ok(vm.ary_new(items)),
        None => Ok(Value::NIL),
    }
}

/// thr.backtrace_locations(start = 0, length = nil) -> array of Thread::Backtrace::Location
fn th_backtrace_locations(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    match backtrace_items(vm, s, a)? {
        Some(items) => super::exception::locations(vm, &items),
        None => Ok(Value::NIL),
    }
}

/// thr.native_thread_id -> Integer (the OS thread id)
fn th_native_id(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(nix::unistd::gettid().as_raw() as i64))
}

/// thr.kill / exit / terminate -> thr: ends the thread at its next turn, running its ensure
/// clauses (the running thread at once; the main thread ends the program, status 0)
fn th_kill(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    obj(vm, s)?;
    if s == sched::current(vm) {
        if sched::on_main(vm) {
            let k = vm.c.kernel;
            return vm.funcall(k, intern("exit"), &[Value::fixnum(0)], None);
        }
        if let Some(p) = sched::tobj(s) {
            p.killing = true;
        }
        return Err(super::fiber::kill_unwind(vm)?);
    }
    sched::kill(vm, s)?;
    Ok(s)
}

/// thr.raise(exception = RuntimeError, message = nil, backtrace = nil, cause:): raises in
/// the thread at its next turn (here at once when it is the running thread); nil for a dead
/// thread
fn th_raise(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (a, cause) = super::kernel::split_cause(vm, a, kw)?;
    super::kernel::check_raise_arity(vm, &a)?;
    let p = obj(vm, s)?;
    if p.state == sched::State::Dead {
        return Ok(Value::NIL);
    }
    if s == sched::current(vm) {
        return super::kernel::raise_from(vm, &a, 1, cause);
    }
    let p = obj(vm, s)?;
    p.pending = Some(sched::Pending::Raise(a, cause));
    Ok(Value::NIL)
}

/// Process.detach(pid) -> a Process::Waiter thread that reaps the child; its value is the
/// Process::Status (nil when the child was reaped elsewhere)
fn p_detach(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let pid = super::arg_int(vm, a[0])?;
    let process = vm.define_module("Process");
    let k = vm
        .class_data(process)
        .const_get(intern("Waiter"))
        .unwrap_or(process);
    let t = sched::alloc(vm, k);
    let keep = vm.stack.len();
    vm.stack.push(t);
    let body: sched::NativeBody = Box::new(move |vm: &mut Vm| {
        match super::process::wait_for(vm, pid as i32, 0) {
            Ok(Some((p, raw))) => Ok(super::process::set_last_status(vm, p, raw)),
            Ok(None) => Ok(Value::NIL),
            // (reaped elsewhere: ECHILD)
            Err(unw)
                if let UnwindKind::Raise(e) = *unw.kind()
                    && vm.is_a(e, vm.c.system_call_error) =>
            {
                Ok(Value::NIL)
            }
            Err(u) => Err(u),
        }
    });
    let r = sched::start_native(vm, t, body).and_then(|_| {
        let h = locals_of(vm, t)?;
        vm.hash_aset(h, Value::symbol(intern("pid")), Value::fixnum(pid))
    });
    vm.stack.truncate(keep);
    r.map(|_| t)
}

/// waiter.pid -> the child's pid
fn waiter_pid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = locals_of(vm, s)?;
    super::hash::get(vm, h, Value::symbol(intern("pid")))
}

/// ThreadGroup#list -> the live threads in the group
fn tg_list(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = sched::main_thread(vm);
    let all: Vec<Value> = std::iter::once(t)
        .chain(vm.threads.live.iter().copied())
        .collect();
    let mut items = Vec::new();
    for t in all {
        if th_group(vm, t, &[], None)? == s {
            items.push(t);
        }
    }
    Ok(vm.ary_new(items))
}

/// ThreadGroup#add(thread) -> self (moves the thread into this group)
fn tg_add(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = thread_class(vm);
    if !vm.is_a(a[0], k) {
        let shown = vm.inspect_str(a[0])?;
        return Err(vm.type_error(&format!(
            "wrong argument type {} (expected VM/thread)",
            shown
        )));
    }
    vm.ivar_set(a[0], intern(IV_GROUP), s)?;
    Ok(s)
}
