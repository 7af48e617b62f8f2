//! Signals: `Kernel#trap`/`Signal.trap` for INT, TERM, HUP, QUIT, USR1, USR2 and EXIT,
//! `Signal.list`/`signame` (Process.kill is in process.rs).
//!
//! A trapped signal sets its flag and `Vm::interrupt` (signal-hook's safe flag handlers, no
//! code of ours runs in the handler); the next safepoint (vm/gc.rs) calls `run_traps`, which
//! runs the handler of each signal that arrived: a Proc (called with the signal number), the
//! string "IGNORE"/"SIG_IGN"/"" (nothing), "EXIT" (`exit`), or "DEFAULT"/"SIG_DFL"/"SYSTEM_DEFAULT"
//! (Interrupt for INT, SignalException "SIGTERM" and so on for the others, as CRuby's default
//! handlers raise). `trap("EXIT")` runs when the program ends, before the `at_exit` handlers.

use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

/// Signal names (without "SIG") and numbers, as Linux numbers them (`Signal.list`).
pub const SIGNALS: &[(&str, i32)] = &[
    ("EXIT", 0),
    ("HUP", 1),
    ("INT", 2),
    ("QUIT", 3),
    ("ILL", 4),
    ("TRAP", 5),
    ("ABRT", 6),
    ("IOT", 6),
    ("BUS", 7),
    ("FPE", 8),
    ("KILL", 9),
    ("USR1", 10),
    ("SEGV", 11),
    ("USR2", 12),
    ("PIPE", 13),
    ("ALRM", 14),
    ("TERM", 15),
    ("CHLD", 17),
    ("CLD", 17),
    ("CONT", 18),
    ("STOP", 19),
    ("TSTP", 20),
    ("TTIN", 21),
    ("TTOU", 22),
    ("URG", 23),
    ("XCPU", 24),
    ("XFSZ", 25),
    ("VTALRM", 26),
    ("PROF", 27),
    ("WINCH", 28),
    ("IO", 29),
    ("POLL", 29),
    ("PWR", 30),
    ("SYS", 31),
];

/// The signals a program may trap here (EXIT is not a signal: it runs at the end).
const TRAPPABLE: &[i32] = &[1, 2, 3, 10, 12, 15];
/// Those CRuby refuses to trap.
const RESERVED: &[i32] = &[4, 7, 8, 9, 11, 19, 26];

/// A trap: the signal, its flag, and the handler (a Proc or one of the command strings).
pub struct Trap {
    pub signo: i32,
    pub flag: Arc<AtomicBool>,
    pub handler: Value,
}

const SIGNAL: &[M] = &[
    ("trap", k_trap, 1, 2),
    ("list", s_list, 0, 0),
    ("signame", s_signame, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let s = vm.define_module("Signal");
    vm.define_singleton_natives(s, SIGNAL);
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("trap", k_trap, 1, 2)]);
}

pub fn signame(n: i32) -> Option<&'static str> {
    SIGNALS.iter().find(|(_, v)| *v == n).map(|(s, _)| *s)
}

/// The signal number of an Integer, or a name ("INT", "SIGINT", :INT).
pub fn signo(vm: &mut Vm, v: Value) -> VmResult<i32> {
    if v.is_fixnum() {
        let n = v.as_fixnum();
        if signame(n as i32).is_none() || !(0..64).contains(&n) {
            let msg = format!("invalid signal number ({n})");
            return Err(vm.arg_error(&msg));
        }
        return Ok(n as i32);
    }
    let name = if v.is_symbol() {
        sym_name(v.as_symbol_id()).to_string()
    } else {
        let b = super::string::str_arg_vec(vm, v)?;
        String::from_utf8_lossy(&b).into_owned()
    };
    let bare = name.strip_prefix("SIG").unwrap_or(&name);
    match SIGNALS.iter().find(|(s, _)| *s == bare) {
        Some(&(_, n)) => Ok(n),
        None => {
            let shown = if name.starts_with("SIG") {
                name.clone()
            } else {
                format!("SIG{name}")
            };
            let msg = format!("unsupported signal '{shown}'");
            Err(vm.arg_error(&msg))
        }
    }
}

fn command(vm: &mut Vm, s: &str) -> Value {
    let s = vm.str_from(s);
    vm.freeze(s);
    s
}

/// trap(signal, command) / trap(signal) { |signo| } -> the previous handler
fn k_trap(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let n = signo(vm, a[0])?;
    if RESERVED.contains(&n) {
        let msg = format!(
            "can't trap reserved signal: SIG{}",
            signame(n).unwrap_or("?")
        );
        return Err(vm.arg_error(&msg));
    }
    let handler = match (a.get(1), b) {
        (Some(&h), _) if h.is_nil() => command(vm, "IGNORE"),
        (Some(&h), _) if super::object::is_string(h) || h.is_symbol() => {
            let t = if h.is_symbol() {
                sym_name(h.as_symbol_id()).to_string()
            } else {
                let b = super::string::str_arg_vec(vm, h)?;
                String::from_utf8_lossy(&b).into_owned()
            };
            let t = match t.as_str() {
                "" | "IGNORE" | "SIG_IGN" => "IGNORE",
                "DEFAULT" | "SIG_DFL" | "SYSTEM_DEFAULT" => "DEFAULT",
                "EXIT" => "EXIT",
                other => {
                    let msg = format!("wrong trap - {other}");
                    return Err(vm.arg_error(&msg));
                }
            };
            command(vm, t)
        }
        (Some(&h), _) => h,
        (None, Some(b)) => vm.proc_new(b.clone(), false),
        (None, None) => return Err(vm.arg_error("tried to create Proc object without a block")),
    };
    if n == 0 {
        let prev = vm.exit_trap;
        vm.exit_trap = handler;
        return Ok(prev);
    }
    if !TRAPPABLE.contains(&n) {
        let msg = format!("can't trap SIG{} in rubra", signame(n).unwrap_or("?"));
        return Err(vm.arg_error(&msg));
    }
    if let Some(t) = vm.traps.iter_mut().find(|t| t.signo == n) {
        let prev = t.handler;
        t.handler = handler;
        return Ok(prev);
    }
    let flag = Arc::new(AtomicBool::new(false));
    let registered = signal_hook::flag::register(n, flag.clone())
        .and_then(|_| signal_hook::flag::register(n, vm.interrupt.clone()));
    if registered.is_err() {
        let msg = format!("can't trap SIG{}", signame(n).unwrap_or("?"));
        return Err(vm.arg_error(&msg));
    }
    vm.traps.push(Trap {
        signo: n,
        flag,
        handler,
    });
    Ok(command(vm, "DEFAULT"))
}

/// At a safepoint after an interrupt: runs the handlers of the trapped signals that arrived;
/// false when none had (a plain interrupt, the REPL's Ctrl-C).
pub fn run_traps(vm: &mut Vm) -> VmResult<bool> {
    let due: Vec<(i32, Value)> = vm
        .traps
        .iter()
        .filter(|t| t.flag.swap(false, Ordering::Relaxed))
        .map(|t| (t.signo, t.handler))
        .collect();
    if due.is_empty() {
        return Ok(false);
    }
    for (n, h) in due {
        run_handler(vm, n, h)?;
    }
    Ok(true)
}

fn run_handler(vm: &mut Vm, n: i32, h: Value) -> VmResult<()> {
    if super::object::is_string(h) {
        match vm.bytes(h) {
            b"IGNORE" => return Ok(()),
            b"EXIT" => {
                let e = vm.exception_new(vm.c.system_exit, "exit");
                vm.ivar_set(e, intern("__status"), Value::fixnum(0))?;
                vm.set_backtrace_here(e);
                return Err(Unwind::Raise(e));
            }
            _ => {
                let object = vm.c.object;
                let (class, msg) = if n == 2 {
                    ("Interrupt", String::new())
                } else {
                    (
                        "SignalException",
                        format!("SIG{}", signame(n).unwrap_or("?")),
                    )
                };
                let k = vm
                    .class_data(object)
                    .const_get(intern(class))
                    .unwrap_or(vm.c.exception);
                return Err(vm.raise_str(k, if msg.is_empty() { "" } else { &msg }));
            }
        }
    }
    vm.funcall(h, intern("call"), &[Value::fixnum(n as i64)], None)?;
    Ok(())
}

/// The `trap("EXIT")` handler, run once when the program ends.
pub fn run_exit_trap(vm: &mut Vm) -> VmResult<()> {
    let h = std::mem::replace(&mut vm.exit_trap, Value::NIL);
    if h.is_nil() || super::object::is_string(h) {
        return Ok(());
    }
    vm.funcall(h, intern("call"), &[Value::fixnum(0)], None)?;
    Ok(())
}

/// Signal.list -> {"EXIT" => 0, "HUP" => 1, ...}
fn s_list(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    for (name, n) in SIGNALS {
        let k = vm.str_from(name);
        vm.hash_aset(h, k, Value::fixnum(*n as i64))?;
    }
    Ok(h)
}
/// Signal.signame(signo) -> "INT" or nil
fn s_signame(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = super::arg_int(vm, a[0])?;
    Ok(match signame(n as i32) {
        Some(s) => vm.str_from(s),
        None => Value::NIL,
    })
}
