//! Process: `fork`, the `wait` family, `kill`, `pid`/`ppid`, `clock_gettime`/`clock_getres`
//! with CRuby's clocks and units, `times` (a Process::Tms), `exit`/`exit!`/`abort`, and
//! Process::Status (the payload of `$?`).
//!
//! A Status keeps the child's pid and its raw wait(2) status word, as CRuby's does: `to_i`
//! answers the word, and every other method decodes it. `$?` is set by every call that reaps a
//! child (the wait family, `system`, backquotes, closing an `IO.popen` stream).
//!
//! `fork` writes out every IO's buffered bytes first, so that nothing is written twice (once by
//! each process) or lost; the child of `fork { }` runs the block and then ends as a program
//! ends (`at_exit` handlers, flushing, the status of `exit` or of an uncaught exception).

use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use nix::sys::wait::{WaitPidFlag, WaitStatus};
use nix::unistd::Pid;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const PROCESS: &[M] = &[
    ("pid", p_pid, 0, 0),
    ("ppid", p_ppid, 0, 0),
    ("uid", p_uid, 0, 0),
    ("gid", p_gid, 0, 0),
    ("euid", p_euid, 0, 0),
    ("egid", p_egid, 0, 0),
    ("fork", k_fork, 0, 0),
    ("wait", p_wait, 0, 2),
    ("waitpid", p_wait, 0, 2),
    ("wait2", p_wait2, 0, 2),
    ("waitpid2", p_wait2, 0, 2),
    ("waitall", p_waitall, 0, 0),
    ("kill", p_kill, 2, -1),
    ("clock_gettime", p_clock_gettime, 1, 2),
    ("clock_getres", p_clock_getres, 1, 2),
    ("times", p_times, 0, 0),
    ("last_status", p_last_status, 0, 0),
    ("exit", super::kernel::k_exit, 0, 1),
    ("exit!", super::kernel::k_exit_bang, 0, 1),
    ("abort", super::kernel::k_abort, 0, 1),
];

const STATUS: &[M] = &[
    ("exitstatus", st_exitstatus, 0, 0),
    ("success?", st_success, 0, 0),
    ("exited?", st_exited, 0, 0),
    ("signaled?", st_signaled, 0, 0),
    ("stopped?", st_stopped, 0, 0),
    ("termsig", st_termsig, 0, 0),
    ("stopsig", st_stopsig, 0, 0),
    ("coredump?", st_coredump, 0, 0),
    ("pid", st_pid, 0, 0),
    ("to_i", st_to_i, 0, 0),
    ("==", st_eq, 1, 1),
    ("to_s", st_to_s, 0, 0),
    ("inspect", st_inspect, 0, 0),
];

/// Process's constants: the clocks of clock_gettime(2) (Linux numbers) and waitpid's flags.
const CONSTANTS: &[(&str, i64)] = &[
    ("CLOCK_REALTIME", 0),
    ("CLOCK_MONOTONIC", 1),
    ("CLOCK_PROCESS_CPUTIME_ID", 2),
    ("CLOCK_THREAD_CPUTIME_ID", 3),
    ("CLOCK_MONOTONIC_RAW", 4),
    ("CLOCK_REALTIME_COARSE", 5),
    ("CLOCK_MONOTONIC_COARSE", 6),
    ("CLOCK_BOOTTIME", 7),
    ("CLOCK_REALTIME_ALARM", 8),
    ("CLOCK_BOOTTIME_ALARM", 9),
    ("CLOCK_TAI", 11),
    ("WNOHANG", 1),
    ("WUNTRACED", 2),
];

/// A child's end: its pid and raw wait status.
pub struct Status {
    pub pid: i32,
    pub raw: i32,
}

impl Payload for Status {
    fn trace(&self, _: &mut Vec<Value>) {}
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

pub fn init(vm: &mut Vm) {
    let p = vm.define_module("Process");
    vm.define_singleton_natives(p, PROCESS);
    for &(name, n) in CONSTANTS {
        vm.class_data(p).const_set(intern(name), Value::fixnum(n));
    }
    let o = vm.c.object;
    let st = vm.define_class_under(p, "Status", o);
    vm.define_natives(st, STATUS);
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("fork", k_fork, 0, 0)]);
    // Process::Tms = Struct.new(:utime, :stime, :cutime, :cstime)
    let fields: Vec<Value> = ["utime", "stime", "cutime", "cstime"]
        .iter()
        .map(|f| Value::symbol(intern(f)))
        .collect();
    let strukt = vm.class_data(o).const_get(intern("Struct"));
    if let Some(s) = strukt
        && let Ok(tms) = vm.funcall(s, intern("new"), &fields, None)
    {
        vm.const_set(p, intern("Tms"), tms);
    }
}

fn process_module(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    vm.class_data(o)
        .const_get(intern("Process"))
        .unwrap_or(Value::NIL)
}

/// A new Process::Status.
pub fn status_new(vm: &mut Vm, pid: i32, raw: i32) -> Value {
    let p = process_module(vm);
    let k = vm
        .class_data(p)
        .const_get(intern("Status"))
        .unwrap_or(vm.c.object);
    vm.heap
        .alloc_boxed(T_DATA, k, Box::new(Status { pid, raw }))
}

/// Sets `$?` to a new Status for `pid` and `raw`; returns it.
pub fn set_last_status(vm: &mut Vm, pid: i32, raw: i32) -> Value {
    let st = status_new(vm, pid, raw);
    vm.gvar_id_set(crate::sym!("$?"), st);
    st
}

/// The raw wait status word of a decoded one.
fn raw_of(ws: &WaitStatus) -> i32 {
    match *ws {
        WaitStatus::Exited(_, code) => (code & 0xff) << 8,
        WaitStatus::Signaled(_, sig, core) => sig as i32 | if core { 0x80 } else { 0 },
        WaitStatus::Stopped(_, sig) => ((sig as i32) << 8) | 0x7f,
        WaitStatus::Continued(_) => 0xffff,
        _ => 0,
    }
}

/// waitpid(2) for `pid` (-1: any child) with `flags`: Some((pid, raw)) once a child changed
/// state, None with WNOHANG when none has; Errno (ECHILD) when there is no such child.
pub fn wait_for(vm: &mut Vm, pid: i32, flags: i32) -> VmResult<Option<(i32, i32)>> {
    let fl = WaitPidFlag::from_bits_truncate(flags);
    let target = if pid == -1 {
        None
    } else {
        Some(Pid::from_raw(pid))
    };
    // under a Timeout.timeout deadline a blocking wait polls, so that the deadline can fire
    // (with other threads too: they run between the polls)
    let threads = crate::core::thread::sched::in_use(vm);
    let poll = !fl.contains(WaitPidFlag::WNOHANG) && (crate::core::timeout::armed(vm) || threads);
    let fl = if poll { fl | WaitPidFlag::WNOHANG } else { fl };
    loop {
        match nix::sys::wait::waitpid(target, Some(fl)) {
            Ok(WaitStatus::StillAlive) if poll && threads => {
                crate::core::thread::sched::nap(vm, None)?;
            }
            Ok(WaitStatus::StillAlive) if poll => crate::core::timeout::poll_pause(vm)?,
            Ok(WaitStatus::StillAlive) => return Ok(None),
            Ok(ws) => {
                let p = ws.pid().map(|p| p.as_raw()).unwrap_or(pid);
                return Ok(Some((p, raw_of(&ws))));
            }
            Err(nix::errno::Errno::EINTR) => {
                crate::core::signal::run_traps(vm)?;
            }
            Err(e) => return Err(super::errno::raise(vm, e as i32, None, "")),
        }
    }
}

/// The (pid, flags) arguments of the wait family.
fn wait_args(vm: &mut Vm, a: &[Value]) -> VmResult<(i32, i32)> {
    let pid = match a.first() {
        Some(&p) if !p.is_nil() => super::arg_int(vm, p)? as i32,
        _ => -1,
    };
    let flags = match a.get(1) {
        Some(&f) if !f.is_nil() => super::arg_int(vm, f)? as i32,
        _ => 0,
    };
    Ok((pid, flags))
}

/// Process.wait(pid = -1, flags = 0) -> pid or nil (sets $?)
fn p_wait(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (pid, flags) = wait_args(vm, a)?;
    match wait_for(vm, pid, flags)? {
        Some((p, raw)) => {
            set_last_status(vm, p, raw);
            Ok(Value::fixnum(p as i64))
        }
        None => {
            vm.gvar_id_set(crate::sym!("$?"), Value::NIL);
            Ok(Value::NIL)
        }
    }
}
/// Process.wait2(pid = -1, flags = 0) -> [pid, status] or nil
fn p_wait2(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (pid, flags) = wait_args(vm, a)?;
    match wait_for(vm, pid, flags)? {
        Some((p, raw)) => {
            let st = set_last_status(vm, p, raw);
            Ok(vm.ary_from_slice(&[Value::fixnum(p as i64), st]))
        }
        None => {
            vm.gvar_id_set(crate::sym!("$?"), Value::NIL);
            Ok(Value::NIL)
        }
    }
}
/// Process.waitall -> [[pid, status], ...]
fn p_waitall(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    loop {
        match nix::sys::wait::waitpid(None, None) {
            Ok(ws) => {
                let p = ws.pid().map(|p| p.as_raw()).unwrap_or(-1);
                let st = set_last_status(vm, p, raw_of(&ws));
                let pair = vm.ary_from_slice(&[Value::fixnum(p as i64), st]);
                out.push(pair);
            }
            Err(nix::errno::Errno::EINTR) => {
                crate::core::signal::run_traps(vm)?;
            }
            Err(nix::errno::Errno::ECHILD) => break,
            Err(e) => return Err(super::errno::raise(vm, e as i32, None, "")),
        }
    }
    Ok(vm.ary_new(out))
}
/// Process.last_status -> $?
fn p_last_status(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.gvar_id_get(crate::sym!("$?")))
}

fn p_pid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(std::process::id() as i64))
}
fn p_ppid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(nix::unistd::getppid().as_raw() as i64))
}

/// Process.uid -> Integer (the real user id)
fn p_uid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(nix::unistd::getuid().as_raw() as i64))
}

/// Process.gid -> Integer (the real group id)
fn p_gid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(nix::unistd::getgid().as_raw() as i64))
}

/// Process.euid -> Integer (the effective user id)
fn p_euid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(nix::unistd::geteuid().as_raw() as i64))
}

/// Process.egid -> Integer (the effective group id)
fn p_egid(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(nix::unistd::getegid().as_raw() as i64))
}

/// fork -> pid in the parent, nil in the child; fork { } -> pid (the child runs the block and
/// exits)
pub fn k_fork(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    super::io::flush_all(vm);
    match crate::object::os::fork() {
        Err(e) => Err(super::errno::raise_io(vm, &e, Some("fork(2)"), "")),
        Ok(Some(pid)) => Ok(Value::fixnum(pid as i64)),
        Ok(None) => {
            vm.gvar_id_set(crate::sym!("$$"), Value::fixnum(std::process::id() as i64));
            crate::core::thread::sched::after_fork(vm);
            match b {
                None => Ok(Value::NIL),
                Some(b) => {
                    let r = vm.yield_block(b, &[]);
                    crate::interp::exit_process(vm, r)
                }
            }
        }
    }
}

/// Process.kill(signal, pid, ...) -> the number of processes signalled
fn p_kill(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = crate::core::signal::signo(vm, a[0])?;
    let me = std::process::id() as i64;
    let sig = if n == 0 {
        None
    } else {
        match nix::sys::signal::Signal::try_from(n) {
            Ok(s) => Some(s),
            Err(_) => return Err(vm.arg_error(&format!("invalid signal number ({n})"))),
        }
    };
    for &p in &a[1..] {
        let pid = super::arg_int(vm, p)?;
        if pid == me && n != 0 {
            // to this thread at once, so a trap runs at the next safepoint as in CRuby
            signal_hook::low_level::raise(n)
                .map_err(|e| super::errno::raise_io(vm, &e, None, ""))?;
            continue;
        }
        if let Err(e) = nix::sys::signal::kill(Pid::from_raw(pid as i32), sig) {
            return Err(super::errno::raise(vm, e as i32, None, ""));
        }
    }
    Ok(Value::fixnum((a.len() - 1) as i64))
}

// ---- clocks ----

/// A clock argument: an Integer clock id or one of CRuby's emulation symbols.
enum Clock {
    Id(i32),
    /// gettimeofday(2) / time(2) based realtime: (resolution in ns).
    Realtime(i64),
    /// getrusage(2) / times(2) / clock(3) based process CPU time: (resolution in ns).
    Cpu(i64),
    /// times(2) based monotonic time.
    TimesMonotonic,
}

fn clock_arg(vm: &mut Vm, v: Value) -> VmResult<Clock> {
    if v.is_symbol() {
        let name = sym_name(v.as_symbol_id());
        return match name {
            "GETTIMEOFDAY_BASED_CLOCK_REALTIME" => Ok(Clock::Realtime(1_000)),
            "TIME_BASED_CLOCK_REALTIME" => Ok(Clock::Realtime(1_000_000_000)),
            "GETRUSAGE_BASED_CLOCK_PROCESS_CPUTIME_ID" => Ok(Clock::Cpu(1_000)),
            "TIMES_BASED_CLOCK_PROCESS_CPUTIME_ID" => Ok(Clock::Cpu(10_000_000)),
            "CLOCK_BASED_CLOCK_PROCESS_CPUTIME_ID" => Ok(Clock::Cpu(1_000)),
            "TIMES_BASED_CLOCK_MONOTONIC" => Ok(Clock::TimesMonotonic),
            _ => Err(super::errno::raise(vm, libc::EINVAL, None, "clock_gettime")),
        };
    }
    Ok(Clock::Id(super::arg_int(vm, v)? as i32))
}

/// Seconds and nanoseconds of a clock now, or its resolution.
fn clock_read(vm: &mut Vm, c: &Clock, res: bool) -> VmResult<(i64, i64)> {
    let func = if res { "clock_getres" } else { "clock_gettime" };
    let trunc = |(s, ns): (i64, i64), unit: i64| (s, ns - ns % unit);
    match *c {
        Clock::Id(id) => {
            let clk = nix::time::ClockId::from_raw(id);
            let r = if res {
                nix::time::clock_getres(clk)
            } else {
                nix::time::clock_gettime(clk)
            };
            match r {
                Ok(t) => Ok((t.tv_sec(), t.tv_nsec())),
                Err(e) => Err(super::errno::raise(vm, e as i32, None, func)),
            }
        }
        Clock::Realtime(unit) if res => Ok((unit / 1_000_000_000, unit % 1_000_000_000)),
        Clock::Cpu(unit) if res => Ok((unit / 1_000_000_000, unit % 1_000_000_000)),
        Clock::TimesMonotonic if res => Ok((0, 10_000_000)),
        Clock::Realtime(unit) => {
            let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_REALTIME)
                .map_err(|e| super::errno::raise(vm, e as i32, None, func))?;
            Ok(trunc((t.tv_sec(), t.tv_nsec()), unit))
        }
        Clock::Cpu(unit) => {
            let u = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_SELF)
                .map_err(|e| super::errno::raise(vm, e as i32, None, func))?;
            let us = tv_us(u.user_time()) + tv_us(u.system_time());
            Ok(trunc((us / 1_000_000, us % 1_000_000 * 1000), unit))
        }
        Clock::TimesMonotonic => {
            let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_MONOTONIC)
                .map_err(|e| super::errno::raise(vm, e as i32, None, func))?;
            Ok(trunc((t.tv_sec(), t.tv_nsec()), 10_000_000))
        }
    }
}

fn tv_us(t: nix::sys::time::TimeVal) -> i64 {
    t.tv_sec() * 1_000_000 + t.tv_usec()
}

/// A time in the unit CRuby's clock functions take (`:float_second` when none is given).
fn in_unit(vm: &mut Vm, (s, ns): (i64, i64), unit: Option<Value>) -> VmResult {
    let name = match unit {
        None => "float_second".to_string(),
        Some(u) if u.is_nil() => "float_second".to_string(),
        Some(u) if u.is_symbol() => sym_name(u.as_symbol_id()).to_string(),
        Some(u) => {
            let shown = vm.inspect_str(u)?;
            return Err(vm.arg_error(&format!("unexpected unit: {shown}")));
        }
    };
    let total = s as i128 * 1_000_000_000 + ns as i128;
    let int = |vm: &mut Vm, div: i128| vm.int(total.div_euclid(div) as i64);
    Ok(match name.as_str() {
        "float_second" => vm.float(s as f64 + ns as f64 / 1e9),
        "float_millisecond" => vm.float(s as f64 * 1e3 + ns as f64 / 1e6),
        "float_microsecond" => vm.float(s as f64 * 1e6 + ns as f64 / 1e3),
        "second" => int(vm, 1_000_000_000),
        "millisecond" => int(vm, 1_000_000),
        "microsecond" => int(vm, 1_000),
        "nanosecond" => int(vm, 1),
        other => return Err(vm.arg_error(&format!("unexpected unit: {other}"))),
    })
}

/// Process.clock_gettime(clock_id, unit = :float_second) -> number
fn p_clock_gettime(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = clock_arg(vm, a[0])?;
    let t = clock_read(vm, &c, false)?;
    in_unit(vm, t, a.get(1).copied())
}
/// Process.clock_getres(clock_id, unit = :float_second) -> number
fn p_clock_getres(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = clock_arg(vm, a[0])?;
    let t = clock_read(vm, &c, true)?;
    in_unit(vm, t, a.get(1).copied())
}

/// Process.times -> #<struct Process::Tms utime=, stime=, cutime=, cstime=>
fn p_times(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use nix::sys::resource::{UsageWho, getrusage};
    let mut secs = Vec::new();
    for who in [UsageWho::RUSAGE_SELF, UsageWho::RUSAGE_CHILDREN] {
        let u = getrusage(who).map_err(|e| super::errno::raise(vm, e as i32, None, ""))?;
        for t in [u.user_time(), u.system_time()] {
            secs.push(tv_us(t) as f64 / 1e6);
        }
    }
    let vals: Vec<Value> = secs.into_iter().map(|s| vm.float(s)).collect();
    let p = process_module(vm);
    let Some(tms) = vm.class_data(p).const_get(intern("Tms")) else {
        return Ok(vm.ary_new(vals));
    };
    vm.funcall(tms, intern("new"), &vals, None)
}

// ---- Process::Status ----

fn status(vm: &mut Vm, s: Value) -> VmResult<(i32, i32)> {
    match payload::<Status>(s) {
        Some(st) => Ok((st.pid, st.raw)),
        None => Err(vm.type_error("uninitialized Process::Status")),
    }
}
fn exited(raw: i32) -> bool {
    raw & 0x7f == 0
}
fn signaled(raw: i32) -> bool {
    let t = raw & 0x7f;
    t != 0 && t != 0x7f
}
fn stopped(raw: i32) -> bool {
    raw & 0xff == 0x7f
}

/// What CRuby's `pst_message_status` says: "exit 1", "SIGKILL (signal 9)", "stopped SIGSTOP
/// (signal 19)", with " (core dumped)".
pub fn describe(raw: i32) -> String {
    let name = |n: i32| match crate::core::signal::signame(n) {
        Some(s) => format!("SIG{s} (signal {n})"),
        None => format!("signal {n}"),
    };
    let mut s = if stopped(raw) {
        format!("stopped {}", name((raw >> 8) & 0xff))
    } else if signaled(raw) {
        name(raw & 0x7f)
    } else if exited(raw) {
        format!("exit {}", (raw >> 8) & 0xff)
    } else {
        String::new()
    };
    if signaled(raw) && raw & 0x80 != 0 {
        s.push_str(" (core dumped)");
    }
    s
}

/// status.exitstatus -> integer or nil
fn st_exitstatus(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (_, raw) = status(vm, s)?;
    Ok(if exited(raw) {
        Value::fixnum(((raw >> 8) & 0xff) as i64)
    } else {
        Value::NIL
    })
}
/// status.success? -> true, false, or nil (when it did not exit)
fn st_success(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (_, raw) = status(vm, s)?;
    Ok(if exited(raw) {
        Value::bool((raw >> 8) & 0xff == 0)
    } else {
        Value::NIL
    })
}
fn st_exited(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(exited(status(vm, s)?.1)))
}
fn st_signaled(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(signaled(status(vm, s)?.1)))
}
fn st_stopped(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(stopped(status(vm, s)?.1)))
}
fn st_coredump(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let raw = status(vm, s)?.1;
    Ok(Value::bool(signaled(raw) && raw & 0x80 != 0))
}
/// status.termsig -> integer or nil
fn st_termsig(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let raw = status(vm, s)?.1;
    Ok(if signaled(raw) {
        Value::fixnum((raw & 0x7f) as i64)
    } else {
        Value::NIL
    })
}
/// status.stopsig -> integer or nil
fn st_stopsig(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let raw = status(vm, s)?.1;
    Ok(if stopped(raw) {
        Value::fixnum(((raw >> 8) & 0xff) as i64)
    } else {
        Value::NIL
    })
}
fn st_pid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(status(vm, s)?.0 as i64))
}
fn st_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(status(vm, s)?.1 as i64))
}
/// status == other -> whether `other == status.to_i`
fn st_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a[0] == s {
        return Ok(Value::TRUE);
    }
    let raw = Value::fixnum(status(vm, s)?.1 as i64);
    let r = vm.funcall(a[0], intern("=="), &[raw], None)?;
    Ok(Value::bool(r.truthy()))
}
/// status.to_s -> "pid 123 exit 0"
fn st_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (pid, raw) = status(vm, s)?;
    Ok(vm.str_from(format!("pid {pid} {}", describe(raw))))
}
/// status.inspect -> "#<Process::Status: pid 123 exit 0>"
fn st_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (pid, raw) = status(vm, s)?;
    Ok(vm.str_from(format!("#<Process::Status: pid {pid} {}>", describe(raw))))
}
