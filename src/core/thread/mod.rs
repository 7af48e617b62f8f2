//! Thread with only the main thread, as CRuby behaves when no other thread exists: one main
//! Thread object (`Thread.current`/`Thread.main`/`Thread.list`) with fiber-local `[]`/`[]=`,
//! thread variables, `name`, `status` "run", CRuby's `inspect`, `join`/`value` refused on the
//! current thread; ThreadGroup::Default. `Thread.new`/`start`/`fork` raise NotImplementedError
//! with CRuby's wording for a platform without threads. The synchronisation classes are in
//! `mutex.rs` (Mutex, ConditionVariable) and `queue.rs` (Queue, SizedQueue); what would wait
//! for ever on another thread raises `deadlock`, CRuby's fatal "No live threads left".

mod mutex;
mod queue;

use super::object::is_string;
use crate::object::heap::T_NONE;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const THREAD_S: &[M] = &[
    ("current", th_s_current, 0, 0),
    ("main", th_s_current, 0, 0),
    ("list", th_s_list, 0, 0),
    ("new", th_s_new, 0, -1),
    ("start", th_s_start, 0, -1),
    ("fork", th_s_fork, 0, -1),
    ("pass", th_s_pass, 0, 0),
    ("stop", th_s_stop, 0, 0),
    ("abort_on_exception", th_s_abort, 0, 0),
    ("abort_on_exception=", th_s_set_abort, 1, 1),
    ("report_on_exception", th_s_report, 0, 0),
    ("report_on_exception=", th_s_set_report, 1, 1),
    ("handle_interrupt", th_s_handle_interrupt, 1, 1),
    ("pending_interrupt?", th_false, 0, 1),
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
    ("alive?", th_true, 0, 0),
    ("status", th_status, 0, 0),
    ("stop?", th_false, 0, 0),
    ("inspect", th_inspect, 0, 0),
    ("to_s", th_inspect, 0, 0),
    ("join", th_join, 0, 1),
    ("value", th_join, 0, 0),
    ("priority", th_priority, 0, 0),
    ("priority=", th_set_priority, 1, 1),
    ("report_on_exception", th_report, 0, 0),
    ("report_on_exception=", th_set_report, 1, 1),
    ("abort_on_exception", th_abort, 0, 0),
    ("abort_on_exception=", th_set_abort, 1, 1),
    ("group", th_group, 0, 0),
    ("backtrace", th_backtrace, 0, 2),
    ("pending_interrupt?", th_false, 0, 1),
    ("native_thread_id", th_native_id, 0, 0),
    ("wakeup", th_self, 0, 0),
    ("run", th_self, 0, 0),
    ("raise", th_raise, 0, -1),
    ("kill", th_kill, 0, 0),
    ("exit", th_kill, 0, 0),
    ("terminate", th_kill, 0, 0),
];

const GROUP: &[M] = &[("list", tg_list, 0, 0), ("add", tg_add, 1, 1)];

// hidden instance variables (no "@": invisible to Ruby)
const IV_MAIN: &str = "__main";
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
    let o = vm.c.object;
    let tg = vm.define_class("ThreadGroup", o);
    vm.define_natives(tg, GROUP);
    let default = vm.object_new(tg);
    vm.const_set(tg, intern("Default"), default);
    mutex::init(vm, thread);
    queue::init(vm, thread);
    vm.invalidate();
}

fn thread_class(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    vm.class_data(o).const_get(intern("Thread")).unwrap_or(o)
}

/// The main thread's object, made on first use and kept by the Thread class.
pub fn main_thread(vm: &mut Vm) -> VmResult {
    let k = thread_class(vm);
    let t = vm.ivar_get(k, intern(IV_MAIN));
    if !t.is_nil() {
        return Ok(t);
    }
    let t = vm.object_new(k);
    vm.ivar_set(k, intern(IV_MAIN), t)?;
    Ok(t)
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

/// What CRuby raises for a function a platform lacks: NotImplementedError "f() function is
/// unimplemented on this machine".
fn unimplemented(vm: &mut Vm, f: &str) -> Unwind {
    let k = vm.c.object;
    let nie = vm
        .class_data(k)
        .const_get(intern("NotImplementedError"))
        .unwrap_or(vm.c.runtime_error);
    vm.raise_str(
        nie,
        &format!("{f}() function is unimplemented on this machine"),
    )
}

/// The fatal error CRuby raises when the only thread would wait for ever: "No live threads
/// left. Deadlock?" followed by its report of the threads (here the one main thread, sleeping
/// for ever in the call that raises, and its backtrace).
pub fn deadlock(vm: &mut Vm) -> Unwind {
    let t = match main_thread(vm) {
        Ok(t) => t,
        Err(e) => return e,
    };
    let addr = format!("{:#010x}", t.bits());
    let tid = nix::unistd::gettid().as_raw();
    let mut msg = format!(
        "No live threads left. Deadlock?\n1 threads, 1 sleeps current:{addr} main thread:{addr}\n\
         * #<Thread:{:#018x} sleep_forever>\n   rb_thread_t:{addr} native:{tid:#010x} int:0\n",
        t.bits()
    );
    for line in vm.backtrace_lines(0) {
        msg.push_str("   ");
        msg.push_str(&line);
        msg.push('\n');
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

/// Thread.current -> the main thread (also Thread.main)
fn th_s_current(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    main_thread(vm)
}

/// Thread.list -> [main thread]
fn th_s_list(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = main_thread(vm)?;
    Ok(vm.ary_new(vec![t]))
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

/// Thread.new { } -> NotImplementedError: rubra runs only the main thread
fn th_s_new(vm: &mut Vm, _: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    need_block(vm, blk)?;
    Err(unimplemented(vm, "initialize"))
}

/// Thread.start { } -> NotImplementedError
fn th_s_start(vm: &mut Vm, _: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    need_block(vm, blk)?;
    Err(unimplemented(vm, "start"))
}

/// Thread.fork { } -> NotImplementedError
fn th_s_fork(vm: &mut Vm, _: Value, _: &[Value], blk: Option<&Block>) -> VmResult {
    need_block(vm, blk)?;
    Err(unimplemented(vm, "fork"))
}

/// Thread.pass -> nil
fn th_s_pass(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}

/// Thread.stop: ThreadError, the only thread cannot stop
fn th_s_stop(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = thread_error(vm);
    Err(vm.raise_str(k, "stopping only thread\n\tnote: use sleep to stop forever"))
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
    super::hash::to_hash(vm, a[0])?;
    let Some(b) = blk else {
        return Err(vm.arg_error("block is needed."));
    };
    vm.yield_block(b, &[])
}

fn th_false(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}

fn th_true(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::TRUE)
}

fn th_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// A fiber-local key: a Symbol, or a String made one (TypeError otherwise).
fn key_arg(vm: &mut Vm, k: Value) -> VmResult<Value> {
    let id = super::object::sym_arg(vm, k)?;
    Ok(Value::symbol(id))
}

/// thr[key] -> obj or nil
fn th_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = super::fiber::locals(vm)?;
    super::hash::get(vm, h, k)
}

/// thr[key] = obj (nil removes the key)
fn th_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    let k = key_arg(vm, a[0])?;
    let h = super::fiber::locals(vm)?;
    if a[1].is_nil() {
        super::hash::remove(vm, h, k)?;
    } else {
        vm.hash_aset(h, k, a[1])?;
    }
    Ok(a[1])
}

/// thr.key?(sym) -> true or false
fn th_key_p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = super::fiber::locals(vm)?;
    Ok(Value::bool(super::hash::find(vm, h, k)?.is_some()))
}

/// thr.keys -> array of Symbols
fn th_keys(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = super::fiber::locals(vm)?;
    let keys = super::hash::pairs(h).into_iter().map(|(k, _)| k).collect();
    Ok(vm.ary_new(keys))
}

/// thr.fetch(sym, default = undefined) { |sym| } -> obj (KeyError without either)
fn th_fetch(vm: &mut Vm, s: Value, a: &[Value], blk: Option<&Block>) -> VmResult {
    let k = key_arg(vm, a[0])?;
    let h = super::fiber::locals(vm)?;
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

/// thr.status -> "run" (the only thread is the one running)
fn th_status(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_from("run"))
}

/// thr.inspect -> "#<Thread:0x...@name run>"
fn th_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let mut out = format!("#<{}:{:#018x}", vm.class_name(k), s.bits());
    let name = vm.ivar_get(s, intern(IV_NAME));
    if is_string(name) {
        out.push('@');
        out.push_str(&String::from_utf8_lossy(vm.bytes(name)));
    }
    out.push_str(" run>");
    Ok(vm.str_from(out))
}

/// thr.join(limit = nil) / thr.value: ThreadError, a thread cannot wait for itself
fn th_join(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = thread_error(vm);
    Err(vm.raise_str(k, "Target thread must not be current thread"))
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

/// thr.backtrace -> array of Strings (the caller's frames, innermost first)
fn th_backtrace(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let lines = vm.backtrace_lines(0);
    let start = match a.first() {
        Some(&v) => super::arg_int(vm, v)?.max(0) as usize,
        None => 0,
    };
    let len = match a.get(1) {
        Some(&v) if !v.is_nil() => super::arg_int(vm, v)?.max(0) as usize,
        _ => usize::MAX,
    };
    let items: Vec<Value> = lines
        .iter()
        .skip(start)
        .take(len)
        .map(|l| vm.str_from(l))
        .collect();
    Ok(vm.ary_new(items))
}

/// thr.native_thread_id -> Integer (the OS thread id)
fn th_native_id(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int(nix::unistd::gettid().as_raw() as i64))
}

/// thr.kill / exit / terminate: killing the main thread ends the program (SystemExit, status 0)
fn th_kill(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.c.kernel;
    vm.funcall(k, intern("exit"), &[Value::fixnum(0)], None)
}

/// thr.raise(exception = RuntimeError, message = nil, backtrace = nil, cause:): on the only
/// thread, Kernel#raise
fn th_raise(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let k = vm.c.kernel;
    vm.funcall_maybe_kw(k, intern("raise"), a, None, kw)
}

/// ThreadGroup#list -> the threads in the group
fn tg_list(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = main_thread(vm)?;
    let g = th_group(vm, t, &[], None)?;
    let items = if g == s { vec![t] } else { Vec::new() };
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
