//! The `timeout` library, defined on its first `require` (core/load.rs `BUNDLED`): `Timeout`,
//! `Timeout::Error` and `Timeout::ExitException` in Ruby (timeout.rb), on one native,
//! `Timeout.__rubra_within(sec, exc, message) { }`, which runs the block under a deadline.
//!
//! No watcher thread raises into the block: the deadline is delivered the way Ctrl-C and
//! trapped signals are, at the VM's safepoints (calls, backward jumps, block calls, and `sleep`'s 20 ms slices).
//! `Deadlines` (one per VM, `Vm::timeouts`) keeps the armed deadlines innermost last; a timer
//! thread sleeps until the earliest one and then sets `Vm::interrupt` and its own `fired` flag.
//! The next safepoint (vm/gc.rs) calls `expired`, which compares every armed deadline with
//! the monotonic clock and raises the exception of the first one that has passed, as CRuby's
//! timeout thread does with `Thread#raise(exc, message)`: `exc.exception(message)` (a class
//! makes a new exception; the ExitException instance answers itself). Each deadline fires at
//! most once; the native disarms it when the block ends, however it ends. A deadline belongs to
//! the green thread that armed it (core/thread/sched.rs): only that thread raises it, and the
//! scheduler wakes that thread for it when it is blocked. While a deadline is
//! armed, waiting for a child process (`system`, `Process.wait`) polls instead of blocking.

use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

const TIMEOUT_RB: &str = include_str!("timeout.rb");

/// `require "timeout"`: defines Timeout.
pub fn init(vm: &mut Vm) -> VmResult<()> {
    let m = vm.define_module("Timeout");
    vm.define_singleton_natives(m, &[("__rubra_within", t_within, 3, 3)]);
    vm.invalidate();
    vm.eval_source(TIMEOUT_RB, "<internal:timeout>")?;
    Ok(())
}

/// One armed deadline: when it passes, `exc.exception(message)` is raised.
struct Armed {
    id: u64,
    /// The thread whose block it limits (`sched::current_id`); only that thread raises it.
    owner: u64,
    at: Instant,
    exc: Value,
    message: Value,
    fired: bool,
}

/// What the timer thread shares with the VM.
struct Shared {
    /// The earliest deadline not yet fired (None: nothing to wait for), and whether the VM is
    /// gone (the thread then ends).
    state: Mutex<(Option<Instant>, bool)>,
    wake: Condvar,
    /// Set with `Vm::interrupt` when the thread fires, so that the safepoint knows the
    /// interrupt was (at least partly) a deadline and not Ctrl-C.
    fired: AtomicBool,
}

/// The VM's armed deadlines and its timer thread (started on the first `Timeout.timeout`).
#[derive(Default)]
pub struct Deadlines {
    armed: Vec<Armed>,
    next_id: u64,
    shared: Option<Arc<Shared>>,
}

impl Drop for Deadlines {
    fn drop(&mut self) {
        if let Some(s) = &self.shared {
            if let Ok(mut st) = s.state.lock() {
                st.1 = true;
            }
            s.wake.notify_all();
        }
    }
}

impl Deadlines {
    /// The Values the armed deadlines hold (GC roots).
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        self.armed.iter().flat_map(|a| [a.exc, a.message])
    }

    /// Tells the timer thread the earliest deadline still to fire.
    fn reschedule(&self) {
        let Some(s) = &self.shared else { return };
        let next = self.armed.iter().filter(|a| !a.fired).map(|a| a.at).min();
        if let Ok(mut st) = s.state.lock() {
            st.0 = next;
        }
        s.wake.notify_all();
    }

    /// Starts the timer thread if it is not running; it sets `interrupt` when a deadline passes.
    fn start(&mut self, interrupt: Arc<AtomicBool>) {
        if self.shared.is_some() {
            return;
        }
        let shared = Arc::new(Shared {
            state: Mutex::new((None, false)),
            wake: Condvar::new(),
            fired: AtomicBool::new(false),
        });
        let s = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("rubra timeout".into())
            .spawn(move || timer(&s, &interrupt));
        if spawned.is_ok() {
            self.shared = Some(shared);
        }
    }
}

/// The timer thread: waits for the earliest deadline (or a change of it) and, once it has
/// passed, raises the VM's interrupt flag.
fn timer(s: &Shared, interrupt: &AtomicBool) {
    let Ok(mut st) = s.state.lock() else { return };
    loop {
        if st.1 {
            return;
        }
        st = match st.0 {
            None => match s.wake.wait(st) {
                Ok(g) => g,
                Err(_) => return,
            },
            Some(at) => {
                let now = Instant::now();
                if now >= at {
                    st.0 = None;
                    s.fired.store(true, Ordering::SeqCst);
                    interrupt.store(true, Ordering::SeqCst);
                    continue;
                }
                match s.wake.wait_timeout(st, at - now) {
                    Ok((g, _)) => g,
                    Err(_) => return,
                }
            }
        };
    }
}

/// At a safepoint after an interrupt: whether the timer thread fired since the last check
/// (clears the flag).
pub fn timer_fired(vm: &Vm) -> bool {
    vm.timeouts
        .shared
        .as_ref()
        .is_some_and(|s| s.fired.swap(false, Ordering::SeqCst))
}

/// Whether a `Timeout.timeout` deadline is armed: blocking waits for a child (`system`,
/// `Process.wait`) then poll, so that the deadline can interrupt them.
pub fn armed(vm: &Vm) -> bool {
    !vm.timeouts.armed.is_empty()
}

/// One step of such a poll: runs the safepoint (which raises an expired deadline) when an
/// interrupt is pending, else sleeps 5 ms.
pub fn poll_pause(vm: &mut Vm) -> VmResult<()> {
    if vm.interrupt.load(Ordering::Relaxed) {
        vm.safepoint()?;
    }
    std::thread::sleep(Duration::from_millis(5));
    Ok(())
}

/// The earliest deadline of thread `owner` not yet fired (the scheduler wakes a blocked thread
/// for it).
pub fn next_for(vm: &Vm, owner: u64) -> Option<Instant> {
    vm.timeouts
        .armed
        .iter()
        .filter(|a| !a.fired && a.owner == owner)
        .map(|a| a.at)
        .min()
}

/// Raises the timer's flag again (a trap handler raised before the deadlines were checked).
pub fn refire(vm: &Vm) {
    if let Some(s) = &vm.timeouts.shared {
        s.fired.store(true, Ordering::SeqCst);
        vm.interrupt.store(true, Ordering::SeqCst);
    }
}

/// The exception of the running thread's outermost armed deadline that has passed (marked
/// fired), if any.
pub fn expired(vm: &mut Vm) -> VmResult<Option<Unwind>> {
    let now = Instant::now();
    let owner = crate::core::thread::sched::current_id(vm);
    let Some(a) = vm
        .timeouts
        .armed
        .iter_mut()
        .find(|a| !a.fired && a.owner == owner && a.at <= now)
    else {
        vm.timeouts.reschedule();
        return Ok(None);
    };
    a.fired = true;
    let (exc, message) = (a.exc, a.message);
    vm.timeouts.reschedule();
    let e = vm.funcall(exc, intern("exception"), &[message], None)?;
    if !vm.is_a(e, vm.c.exception) {
        return Err(vm.type_error("exception object expected"));
    }
    vm.set_backtrace_here(e);
    Ok(Some(Unwind::Raise(e)))
}

/// Timeout.__rubra_within(sec, exc, message) { } -> the block's value: runs the block with a
/// deadline `sec` seconds from now; when it passes, `exc.exception(message)` is raised at the
/// next safepoint inside the block.
fn t_within(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    let secs = super::float_conv::num2dbl(vm, a[0])?;
    let dur = Duration::try_from_secs_f64(secs.max(0.0)).unwrap_or(Duration::MAX);
    let at = Instant::now()
        .checked_add(dur)
        .unwrap_or_else(|| Instant::now() + Duration::from_secs(86_400 * 365 * 100));
    let interrupt = vm.interrupt.clone();
    vm.timeouts.start(interrupt);
    vm.timeouts.next_id += 1;
    let id = vm.timeouts.next_id;
    let owner = crate::core::thread::sched::current_id(vm);
    vm.timeouts.armed.push(Armed {
        id,
        owner,
        at,
        exc: a[1],
        message: a[2],
        fired: false,
    });
    vm.timeouts.reschedule();
    let r = vm.yield_block(b, &[]);
    vm.timeouts.armed.retain(|x| x.id != id);
    vm.timeouts.reschedule();
    r
}
