//! Green threads: every Thread but the main one runs its block on a native stack of its own
//! (a coroutine, `object/coroutine.rs`, as fibers do), all in the one OS thread, one at a time,
//! as CRuby's threads take turns under its global lock.
//!
//! The scheduler is a loop that always runs in the main thread's context (`run_loop`), on
//! whatever stack the main thread is on when it blocks, passes or ends its time slice: it
//! resumes the other threads in turn. Another thread that blocks (`join`, `Queue#pop`,
//! `Mutex#lock`, `sleep`...) or passes suspends back to that loop; inside a fiber of its own it
//! first suspends to that fiber's resumer, which passes the suspension up (`relay_block`) and
//! resumes the fiber again when the thread runs next. A thread waits on a `Wait` that the loop
//! tests (`ready`), so no waker lists are needed: a push makes a popping thread ready, an
//! unlock a locking one, a thread's end its joiners.
//!
//! Time slices come from a ticker thread that raises the VM's interrupt flag every `SLICE`: at
//! the next safepoint the running thread passes (`preempt`). When no thread can run, the loop
//! sleeps until the earliest deadline; when none has one and every wait is on another thread,
//! it raises CRuby's fatal "No live threads left. Deadlock?" in the main thread.
//!
//! A thread about to block in the system (an IO read with nothing buffered, backquotes, a wait
//! for a child, `IO.select`) first waits through the scheduler until the call would not block
//! (`wait_until`, polling), as CRuby releases its lock around such calls; a line or a
//! `read(length)` is read ahead (a read each time input is there) until it is whole, and a
//! write to a pipe goes a page at a time as the pipe has room.

use super::super::fiber;
use crate::object::coroutine::{self, Out, Resume, Stackful, Step};
use crate::object::heap::{EnvRef, Payload, T_CLASS, T_DATA, T_MODULE, payload, type_of};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::context::ExecContext;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Unwind, VmResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a thread runs before the ticker asks it to let the others run.
const SLICE: Duration = Duration::from_millis(20);

/// The longest the scheduler sleeps before it looks at the interrupt flag again.
const IDLE_STEP: Duration = Duration::from_millis(20);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum State {
    /// Made, its block not started.
    Created,
    Runnable,
    Blocked,
    Dead,
}

/// What a blocked thread waits for (besides a wakeup, an interrupt or its deadline).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wait {
    /// Nothing: `Thread.pass` or the end of a time slice.
    Pass,
    /// A wakeup (`Thread#wakeup`, a ConditionVariable signal). `deadlockable`: waiting for
    /// ever counts as waiting on another thread in the deadlock check (`Thread.stop`,
    /// `Mutex#sleep`); `Kernel#sleep` may wait for a signal and does not.
    Sleep { deadlockable: bool },
    /// A thread's end.
    Join(Value),
    /// A Queue to have an item or be closed.
    Pop(Value),
    /// A SizedQueue to have room or be closed.
    Push(Value),
    /// A Mutex to be free.
    Lock(Value),
    /// The main thread at the program's end: every other thread to end.
    Others,
}

/// What `Kernel#sleep` waits for.
pub const KERNEL_SLEEP: Wait = Wait::Sleep {
    deadlockable: false,
};

/// What another thread asked this one to do at its next chance.
pub enum Pending {
    /// `Thread#raise`'s arguments and `cause:`.
    Raise(Vec<Value>, Option<Value>),
    Kill,
}

/// A Thread object's payload.
pub struct ThreadObj {
    /// 0 for the main thread; `Timeout` deadlines name their thread by it.
    pub id: u64,
    pub state: State,
    pub wait: Wait,
    pub deadline: Option<Instant>,
    /// Woken (by `wakeup`/`run` or a signal) since it blocked.
    pub woken: bool,
    pub pending: Option<Pending>,
    /// Blocked in `block_deferred`: what is pending does not wake it.
    defer: bool,
    /// A `kill` is unwinding it (through its fibers too).
    pub killing: bool,
    /// `Thread.handle_interrupt`'s masks (Hashes of class => :never, :on_blocking or
    /// :immediate), innermost last.
    pub masks: Vec<Value>,
    /// The block (a Proc) and its arguments; `initialize` ran once it is set.
    pub body: Value,
    pub args: Vec<Value>,
    /// A body written in Rust instead (`Process.detach`'s waiter).
    native: Option<NativeBody>,
    stack: Option<Box<Stackful>>,
    ctx: Option<Box<ExecContext>>,
    /// The root fiber (nil for the main thread's, which the VM makes on first use).
    pub fiber: Value,
    /// The block's value, or the exception that ended it (nil otherwise).
    pub value: Value,
    pub error: Value,
    /// Its `$?` while another thread runs.
    last_status: Value,
    /// "file:line" of the block, for inspect ("" for the main thread).
    pub location: String,
}

impl ThreadObj {
    fn new(id: u64, state: State) -> ThreadObj {
        ThreadObj {
            id,
            state,
            wait: Wait::Pass,
            deadline: None,
            woken: false,
            pending: None,
            defer: false,
            killing: false,
            masks: Vec::new(),
            body: Value::NIL,
            args: Vec::new(),
            native: None,
            stack: None,
            ctx: None,
            fiber: Value::NIL,
            value: Value::NIL,
            error: Value::NIL,
            last_status: Value::NIL,
            location: String::new(),
        }
    }

    /// `Thread#status`'s and inspect's word for a thread that is not the running one.
    pub fn sleeping(&self) -> bool {
        self.state == State::Blocked && self.wait != Wait::Pass
    }
}

impl Payload for ThreadObj {
    fn trace(&self, out: &mut Vec<Value>) {
        out.extend([
            self.body,
            self.fiber,
            self.value,
            self.error,
            self.last_status,
        ]);
        out.extend_from_slice(&self.args);
        out.extend_from_slice(&self.masks);
        if let Some(Pending::Raise(a, cause)) = &self.pending {
            out.extend_from_slice(a);
            out.extend(*cause);
        }
        match self.wait {
            Wait::Join(v) | Wait::Pop(v) | Wait::Push(v) | Wait::Lock(v) => out.push(v),
            _ => {}
        }
        if let Some(c) = &self.ctx {
            c.trace_values(out);
        }
    }
    fn trace_envs(&self, out: &mut Vec<EnvRef>) {
        if let Some(c) = &self.ctx {
            c.trace_envs(out);
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// A thread's body written in Rust.
pub type NativeBody = Box<dyn FnOnce(&mut Vm) -> VmResult>;

/// The VM's threads (`Vm::threads`).
#[derive(Default)]
pub struct Threads {
    /// The main Thread object (nil until first asked for).
    pub main: Value,
    /// The running thread (nil: the main one).
    pub current: Value,
    /// The other threads not yet dead, in the order they were made.
    pub live: Vec<Value>,
    next_id: u64,
    /// Where the round-robin carries on.
    rr: usize,
    /// The scheduler loop is running (it is not entered again from inside).
    in_loop: bool,
    /// `Thread.ignore_deadlock`: a deadlock waits for ever instead of raising.
    pub ignore_deadlock: bool,
    ticker: Ticker,
}

impl Threads {
    /// The Values the VM holds here (collector roots).
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        [self.main, self.current]
            .into_iter()
            .chain(self.live.iter().copied())
    }

    /// Whether another thread than the main one exists (and may need a turn).
    pub fn active(&self) -> bool {
        !self.live.is_empty()
    }
}

/// The time-slice clock: a thread that raises the interrupt flag every `SLICE` while other
/// threads than the main one live. A generation number stops an old ticker.
#[derive(Default)]
struct Ticker {
    generation: Arc<AtomicU64>,
    fired: Arc<AtomicBool>,
    running: bool,
}

impl Ticker {
    fn start(&mut self, interrupt: Arc<AtomicBool>) {
        if self.running {
            return;
        }
        let mine = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let (generation, fired) = (self.generation.clone(), self.fired.clone());
        let spawned = std::thread::Builder::new()
            .name("rubra ticker".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(SLICE);
                    if generation.load(Ordering::SeqCst) != mine {
                        return;
                    }
                    fired.store(true, Ordering::SeqCst);
                    interrupt.store(true, Ordering::SeqCst);
                }
            });
        self.running = spawned.is_ok();
    }

    fn stop(&mut self) {
        if self.running {
            self.generation.fetch_add(1, Ordering::SeqCst);
            self.running = false;
        }
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The payload of a Thread object (None for anything else).
pub fn tobj(t: Value) -> Option<&'static mut ThreadObj> {
    payload::<ThreadObj>(t)
}

/// A new Thread object of class `k`, not started.
pub fn alloc(vm: &mut Vm, k: Value) -> Value {
    vm.threads.next_id += 1;
    let id = vm.threads.next_id;
    vm.heap
        .alloc_boxed(T_DATA, k, Box::new(ThreadObj::new(id, State::Created)))
}

/// The main thread's object, made on first use.
pub fn main_thread(vm: &mut Vm) -> Value {
    if vm.threads.main.is_nil() {
        let k = super::thread_class(vm);
        let t = vm
            .heap
            .alloc_boxed(T_DATA, k, Box::new(ThreadObj::new(0, State::Runnable)));
        vm.threads.main = t;
    }
    vm.threads.main
}

/// The running thread's id (0: main): what `Timeout` deadlines, loading files and fibers
/// record of the thread they belong to.
pub fn current_id(vm: &Vm) -> u64 {
    tobj(vm.threads.current).map_or(0, |p| p.id)
}

/// The running thread's object.
pub fn current(vm: &mut Vm) -> Value {
    if vm.threads.current.is_nil() {
        return main_thread(vm);
    }
    vm.threads.current
}

/// The main thread's root fiber: the one of the context at the bottom of the resumers (or the
/// running one, when no fiber or thread was resumed).
pub fn main_root_fiber(vm: &mut Vm) -> Value {
    if vm.resumers.is_empty() {
        return fiber::current(vm);
    }
    if vm.resumers[0].fiber.is_nil() {
        let f = fiber::new_root(vm, false).unwrap_or(Value::NIL);
        vm.resumers[0].fiber = f;
    }
    vm.resumers[0].fiber
}

/// Makes thread `t` runnable with a body written in Rust (`body` stays nil: `initialize` is
/// not for such threads).
pub fn start_native(vm: &mut Vm, t: Value, body: NativeBody) -> VmResult<()> {
    start(vm, t, Value::NIL, Vec::new(), String::new())?;
    if let Some(p) = tobj(t) {
        p.native = Some(body);
    }
    Ok(())
}

/// Makes thread `t` runnable with block `body` (a Proc) and its arguments.
pub fn start(
    vm: &mut Vm,
    t: Value,
    body: Value,
    args: Vec<Value>,
    location: String,
) -> VmResult<()> {
    main_thread(vm);
    let root = fiber::new_root(vm, true)?;
    if let Some(p) = tobj(t) {
        p.body = body;
        p.args = args;
        p.fiber = root;
        p.location = location;
    }
    vm.threads.live.push(t);
    let interrupt = vm.interrupt.clone();
    vm.threads.ticker.start(interrupt);
    Ok(())
}

/// Whether thread `t` can run now: a thread made or runnable can, a blocked one once what it
/// waits for happened, it was woken or interrupted, or its deadline (or a `Timeout`'s) passed.
fn ready(vm: &mut Vm, t: Value) -> bool {
    let Some(p) = tobj(t) else { return false };
    match p.state {
        State::Dead => false,
        State::Created | State::Runnable => true,
        State::Blocked => {
            if p.woken || (!p.defer && deliverable(vm, t, p.wait != Wait::Pass)) {
                return true;
            }
            let now = Instant::now();
            if p.deadline.is_some_and(|d| now >= d) {
                return true;
            }
            if crate::core::timeout::next_for(vm, p.id).is_some_and(|d| now >= d) {
                return true;
            }
            match p.wait {
                Wait::Pass => true,
                Wait::Sleep { .. } => false,
                Wait::Join(x) => tobj(x).is_none_or(|x| x.state == State::Dead),
                Wait::Pop(q) => super::queue::can_pop(vm, q),
                Wait::Push(q) => super::queue::can_push(vm, q),
                Wait::Lock(m) => super::mutex::can_lock(vm, m),
                Wait::Others => vm.threads.live.is_empty(),
            }
        }
    }
}

/// Blocks the running thread on `w` until it is ready (see `ready`); then delivers what
/// another thread asked of it (`Thread#raise`/`kill`) and an expired `Timeout`. The main
/// thread runs the scheduler meanwhile; another thread suspends to it.
pub fn block(vm: &mut Vm, w: Wait, deadline: Option<Instant>) -> VmResult<()> {
    wait_for(vm, w, deadline, false)?;
    let me = current(vm);
    deliver(vm, me, w != Wait::Pass)
}

/// `block` that leaves `Thread#raise`/`kill` pending, not even waking for them (delivered by
/// the next `block` or `deliver_pending`): `Mutex#sleep` takes its lock back before anything
/// else happens.
pub fn block_deferred(vm: &mut Vm, w: Wait, deadline: Option<Instant>) -> VmResult<()> {
    wait_for(vm, w, deadline, true)
}

/// `block` that wakes for what another thread asks of this one but leaves it to
/// `deliver_pending` (`Mutex#sleep` first takes its lock back).
pub fn wait(vm: &mut Vm, w: Wait, deadline: Option<Instant>) -> VmResult<()> {
    wait_for(vm, w, deadline, false)
}

/// Delivers what another thread asked of the running one (see `block`), as after a blocking
/// call when `blocking`.
pub fn deliver_pending(vm: &mut Vm, blocking: bool) -> VmResult<()> {
    let me = current(vm);
    deliver(vm, me, blocking)
}

fn wait_for(vm: &mut Vm, w: Wait, deadline: Option<Instant>, defer: bool) -> VmResult<()> {
    let me = current(vm);
    if let Some(p) = tobj(me) {
        p.wait = w;
        p.deadline = deadline;
        p.woken = false;
        p.defer = defer;
        p.state = State::Blocked;
    }
    let r = if me == vm.threads.main {
        run_loop(vm, w == Wait::Pass)
    } else {
        coroutine::suspend(vm, Out::Block);
        Ok(())
    };
    if let Some(p) = tobj(me) {
        p.state = State::Runnable;
        p.wait = Wait::Pass;
        p.deadline = None;
        p.defer = false;
    }
    r
}

/// Whether the main thread is the one running.
pub fn on_main(vm: &Vm) -> bool {
    vm.threads.current.is_nil() || vm.threads.current == vm.threads.main
}

/// `Thread.pass`: lets the other runnable threads run first.
pub fn pass(vm: &mut Vm) -> VmResult<()> {
    if in_use(vm) {
        return block(vm, Wait::Pass, None);
    }
    Ok(())
}

/// At a safepoint whose interrupt was the ticker's (or a deadline's): lets the other threads
/// have their turn (not from inside the scheduler itself).
pub fn preempt(vm: &mut Vm) -> VmResult<()> {
    if vm.threads.in_loop && on_main(vm) {
        return Ok(());
    }
    pass(vm)
}

/// Whether the ticker fired since the last look (clears it).
pub fn slice_fired(vm: &Vm) -> bool {
    vm.threads.ticker.fired.swap(false, Ordering::SeqCst)
}

/// How `Thread.handle_interrupt` lets an interrupt through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mask {
    Immediate,
    OnBlocking,
    Never,
}

/// The mask thread `t`'s innermost `handle_interrupt` that names a class of the pending
/// interrupt sets (a `kill` counts as an Integer, as in CRuby).
fn mask_of(vm: &mut Vm, t: Value) -> Mask {
    let Some(p) = tobj(t) else {
        return Mask::Immediate;
    };
    let class = match &p.pending {
        None => return Mask::Immediate,
        Some(Pending::Kill) => vm.c.integer,
        Some(Pending::Raise(args, _)) => match args.first() {
            Some(&c) if matches!(type_of(c), T_CLASS) => c,
            Some(&e) if !crate::core::object::is_string(e) => vm.real_class(e),
            _ => vm.c.runtime_error,
        },
    };
    let masks = p.masks.clone();
    for &h in masks.iter().rev() {
        for (k, v) in crate::core::hash::pairs(h) {
            if matches!(type_of(k), T_CLASS | T_MODULE) && vm.ancestors(class).contains(&k) {
                return if v == vm.sym("never") {
                    Mask::Never
                } else if v == vm.sym("on_blocking") {
                    Mask::OnBlocking
                } else {
                    Mask::Immediate
                };
            }
        }
    }
    Mask::Immediate
}

/// Whether thread `t` has an interrupt its masks let through now (`blocking`: at a blocking
/// call).
fn deliverable(vm: &mut Vm, t: Value, blocking: bool) -> bool {
    if tobj(t).is_none_or(|p| p.pending.is_none()) {
        return false;
    }
    match mask_of(vm, t) {
        Mask::Immediate => true,
        Mask::OnBlocking => blocking,
        Mask::Never => false,
    }
}

/// Whether the running thread has an interrupt waiting (`Thread.pending_interrupt?`).
pub fn pending(vm: &mut Vm) -> bool {
    let me = current(vm);
    tobj(me).is_some_and(|p| p.pending.is_some())
}

/// What another thread asked of `me`, now done (unless `handle_interrupt` defers it): a
/// `Thread#raise` raised here, a `kill` unwinding (running `ensure` clauses); then an expired
/// `Timeout` of this thread.
fn deliver(vm: &mut Vm, me: Value, blocking: bool) -> VmResult<()> {
    let now = deliverable(vm, me, blocking);
    match tobj(me).and_then(|p| if now { p.pending.take() } else { None }) {
        Some(Pending::Raise(args, cause)) => {
            return super::super::kernel::raise_from(vm, &args, 0, cause).map(|_| ());
        }
        Some(Pending::Kill) if me == vm.threads.main => {
            let k = vm.c.kernel;
            let exit = crate::object::symbol::intern("exit");
            return vm.funcall(k, exit, &[Value::fixnum(0)], None).map(|_| ());
        }
        Some(Pending::Kill) => {
            if let Some(p) = tobj(me) {
                p.killing = true;
            }
            return Err(fiber::kill_unwind(vm)?);
        }
        None => {}
    }
    if crate::core::timeout::armed(vm)
        && let Some(u) = crate::core::timeout::expired(vm)?
    {
        return Err(u);
    }
    Ok(())
}

/// Whether the running thread is being killed (a fiber's end passes the unwinding on).
pub fn killing(vm: &mut Vm) -> bool {
    let me = current(vm);
    tobj(me).is_some_and(|p| p.killing)
}

/// A fiber of the running (non-main) thread suspended because the thread blocks: suspends the
/// thread on up to the scheduler; returns when the scheduler resumes it.
pub fn relay_block(vm: &mut Vm) {
    coroutine::suspend(vm, Out::Block);
}

/// The scheduler, in the main thread's context: runs the other threads until the main thread
/// is ready (or, for a pass, gives each runnable thread one turn).
fn run_loop(vm: &mut Vm, pass: bool) -> VmResult<()> {
    if vm.threads.in_loop {
        return Ok(());
    }
    vm.threads.in_loop = true;
    let r = if pass { one_round(vm) } else { until_ready(vm) };
    vm.threads.in_loop = false;
    r
}

fn one_round(vm: &mut Vm) -> VmResult<()> {
    let turns: Vec<Value> = vm.threads.live.clone();
    for t in turns {
        // a thread that ended during this round may be collected already: only live ones
        if vm.threads.live.contains(&t) && ready(vm, t) {
            run_thread(vm, t)?;
        }
    }
    Ok(())
}

fn until_ready(vm: &mut Vm) -> VmResult<()> {
    let main = vm.threads.main;
    loop {
        if ready(vm, main) {
            return Ok(());
        }
        let n = vm.threads.live.len();
        let start = vm.threads.rr;
        let pick = (0..n)
            .map(|i| (start + i) % n)
            .find(|&i| ready(vm, vm.threads.live[i]));
        match pick {
            Some(i) => {
                vm.threads.rr = i + 1;
                let t = vm.threads.live[i];
                run_thread(vm, t)?;
            }
            None => match earliest(vm) {
                Idle::Until(at) => idle(vm, Some(at))?,
                Idle::Forever => idle(vm, None)?,
                Idle::Deadlock => return Err(super::deadlock(vm)),
            },
        }
    }
}

/// What the scheduler does when no thread can run.
enum Idle {
    Until(Instant),
    /// Some thread sleeps without a deadline where a signal may wake it.
    Forever,
    Deadlock,
}

fn earliest(vm: &mut Vm) -> Idle {
    let mut at: Option<Instant> = None;
    let mut forever = false;
    let all: Vec<Value> = std::iter::once(vm.threads.main)
        .chain(vm.threads.live.iter().copied())
        .collect();
    for t in all {
        let Some(p) = tobj(t) else { continue };
        if p.state != State::Blocked {
            continue;
        }
        let d = [p.deadline, crate::core::timeout::next_for(vm, p.id)]
            .into_iter()
            .flatten()
            .min();
        if let Some(d) = d {
            at = Some(at.map_or(d, |a| a.min(d)));
        } else if p.wait == KERNEL_SLEEP {
            forever = true;
        }
    }
    match at {
        Some(a) => Idle::Until(a),
        None if forever || vm.threads.ignore_deadlock => Idle::Forever,
        None => Idle::Deadlock,
    }
}

/// Sleeps until `until` (at most one step), running the safepoint (signal handlers, Ctrl-C,
/// the main thread's `Timeout`) when the interrupt flag is up.
fn idle(vm: &mut Vm, until: Option<Instant>) -> VmResult<()> {
    if vm.interrupt.load(Ordering::Relaxed) {
        vm.safepoint()?;
    }
    let step = match until {
        Some(at) => at.saturating_duration_since(Instant::now()).min(IDLE_STEP),
        None => IDLE_STEP,
    };
    if !step.is_zero() {
        vm.flush_out();
        std::thread::sleep(step);
    }
    Ok(())
}

/// Gives thread `t` a turn: starts it or resumes it until it blocks, passes or ends.
fn run_thread(vm: &mut Vm, t: Value) -> VmResult<()> {
    let Some(p) = tobj(t) else { return Ok(()) };
    if p.state == State::Created {
        if matches!(p.pending, Some(Pending::Kill)) {
            // killed before it ever ran
            return finish(vm, t, Ok(Value::NIL));
        }
        let (body, args, native) = (p.body, p.args.clone(), p.native.take());
        let made = Stackful::new(coroutine::STACK_SIZE, move |vm, _| {
            thread_body(vm, body, args, native)
        });
        match made {
            Ok(s) => {
                p.ctx = Some(Box::new(ExecContext::new(s.floor(), p.fiber)));
                p.stack = Some(Box::new(s));
                p.state = State::Runnable;
            }
            Err(e) => {
                let k = super::thread_error(vm);
                let u = vm.raise_str(k, &format!("can't create Thread: {e}"));
                if u.raised().is_none() {
                    return Err(u);
                }
                return finish(vm, t, Err(u));
            }
        }
    }
    let p = tobj(t).expect("checked above");
    let (Some(mut stack), Some(mut ctx)) = (p.stack.take(), p.ctx.take()) else {
        return Ok(());
    };
    let was = vm.threads.current;
    vm.threads.current = t;
    // `$?` belongs to a thread
    let status = crate::sym!("$?");
    let main_status = vm.gvar_id_get(status);
    vm.gvar_id_set(status, p.last_status);
    vm.swap_context(&mut ctx);
    vm.resumers.push(ctx);
    let step = stack.resume(vm, Resume::Values(Vec::new()));
    let mut ctx = vm.resumers.pop().unwrap_or_default();
    vm.swap_context(&mut ctx);
    vm.threads.current = was;
    let st = vm.gvar_id_get(status);
    if let Some(p) = tobj(t) {
        p.last_status = st;
    }
    vm.gvar_id_set(status, main_status);
    match step {
        Step::Finished(r) => finish(vm, t, r),
        _ => {
            if let Some(p) = tobj(t) {
                p.stack = Some(stack);
                p.ctx = Some(ctx);
            }
            Ok(())
        }
    }
}

/// What runs on a thread's own stack: its block, after anything asked of it before it began.
fn thread_body(
    vm: &mut Vm,
    body: Value,
    args: Vec<Value>,
    native: Option<NativeBody>,
) -> coroutine::Finished {
    let depth = vm.depths();
    let me = vm.threads.current;
    let run = std::panic::AssertUnwindSafe(|| {
        deliver(vm, me, false)?;
        match native {
            Some(f) => f(vm),
            None => super::super::method::call_proc(vm, body, &args),
        }
    });
    let r = match std::panic::catch_unwind(run) {
        Ok(r) => r,
        Err(_) => Err(vm.recover_from_panic(depth)),
    };
    fiber::ended(vm, r)
}

/// Thread `t` ended with `r`: it is dead, with its value or exception. An exception is
/// reported when `report_on_exception` is on; the main thread gets it when
/// `abort_on_exception` is on or it is a SystemExit, and `exit!` ends the program from here.
fn finish(vm: &mut Vm, t: Value, r: coroutine::Finished) -> VmResult<()> {
    vm.threads.live.retain(|&x| x != t);
    if vm.threads.live.is_empty() {
        vm.threads.ticker.stop();
    }
    // `t` is no longer a root: it stays on the stack while the report allocates
    let keep = vm.stack.len();
    vm.stack.push(t);
    let r = finished(vm, t, r);
    vm.stack.truncate(keep);
    r
}

fn finished(vm: &mut Vm, t: Value, r: coroutine::Finished) -> VmResult<()> {
    let Some(p) = tobj(t) else { return Ok(()) };
    p.state = State::Dead;
    p.stack = None;
    p.ctx = None;
    p.pending = None;
    p.args = Vec::new();
    match r {
        Ok(v) => {
            p.value = v;
            Ok(())
        }
        Err(unw) if let UnwindKind::Raise(e) = *unw.kind() => {
            p.error = e;
            if vm.is_a(e, vm.c.system_exit) {
                return Err(Unwind::Raise(e));
            }
            if super::flag(vm, t, super::IV_REPORT, true).truthy() {
                report(vm, t, e)?;
            }
            let k = super::thread_class(vm);
            if super::flag(vm, t, super::IV_ABORT, false).truthy()
                || super::flag(vm, k, super::IV_ABORT, false).truthy()
            {
                return Err(Unwind::Raise(e));
            }
            Ok(())
        }
        Err(u) => Err(u),
    }
}

/// `report_on_exception`'s message on $stderr: the thread, then the exception as an uncaught
/// one is printed.
fn report(vm: &mut Vm, t: Value, e: Value) -> VmResult<()> {
    let head = super::describe(vm, t, "run");
    let mut text =
        format!("{head} terminated with exception (report_on_exception is true):\n").into_bytes();
    text.extend_from_slice(vm.format_uncaught(e).as_bytes());
    let err = vm.gvar_id_get(crate::sym!("$stderr"));
    super::super::io::write_to(vm, err, &text)?;
    Ok(())
}

/// `Thread#kill` of another thread: a thread not started never runs; another ends at its next
/// turn (its `ensure` clauses run).
pub fn kill(vm: &mut Vm, t: Value) -> VmResult<()> {
    let Some(p) = tobj(t) else { return Ok(()) };
    match p.state {
        State::Dead => {}
        State::Created => {
            p.pending = Some(Pending::Kill);
            finish(vm, t, Ok(Value::NIL))?;
        }
        _ => p.pending = Some(Pending::Kill),
    }
    Ok(())
}

/// The end of the program: every other thread is killed and given turns until it has ended
/// (CRuby's rb_thread_terminate_all, after the `at_exit` handlers).
pub fn terminate_all(vm: &mut Vm) {
    if !vm.threads.active() || !on_main(vm) {
        return;
    }
    for _ in 0..100 {
        for t in vm.threads.live.clone() {
            if vm.threads.live.contains(&t) {
                let _ = kill(vm, t);
            }
        }
        if !vm.threads.active() {
            return;
        }
        let _ = block(vm, Wait::Others, None);
    }
}

/// In a child made by `fork` from the main thread: only the main thread lives on (the ticker
/// thread, like every other OS thread, was not copied).
pub fn after_fork(vm: &mut Vm) {
    if !on_main(vm) {
        return;
    }
    for t in std::mem::take(&mut vm.threads.live) {
        if let Some(p) = tobj(t) {
            p.state = State::Dead;
            p.stack = None;
            p.ctx = None;
        }
    }
    vm.threads.ticker.running = false;
}

/// The instant `secs` seconds from now (None: for ever, or too far to matter).
pub fn deadline_in(secs: f64) -> Option<Instant> {
    let d = Duration::try_from_secs_f64(secs.max(0.0)).ok()?;
    Instant::now().checked_add(d)
}

/// `sleep(secs)` when other threads exist: blocks until the time passed or `wakeup`.
pub fn sleep(vm: &mut Vm, secs: f64) -> VmResult<f64> {
    let t = Instant::now();
    let deadline = if secs.is_finite() {
        deadline_in(secs)
    } else {
        None
    };
    block(vm, KERNEL_SLEEP, deadline)?;
    Ok(t.elapsed().as_secs_f64())
}

/// Whether green threads are in use: another thread than the main one lives (or runs).
pub fn in_use(vm: &Vm) -> bool {
    vm.threads.active() || !on_main(vm)
}

/// How often a thread waiting on the system (a descriptor, a child) looks again.
const POLL_STEP: Duration = Duration::from_millis(2);

/// Waits until `ready` holds, letting the other threads run meanwhile: a read that would
/// block, a child not yet ended. The thread looks again every `POLL_STEP` (it is not waiting on
/// another thread, so never part of a deadlock). At once when no other thread exists: the
/// caller then blocks in the system call, as before threads.
pub fn wait_until(vm: &mut Vm, mut ready: impl FnMut(&mut Vm) -> bool) -> VmResult<()> {
    while in_use(vm) && !ready(vm) {
        block(vm, KERNEL_SLEEP, Instant::now().checked_add(POLL_STEP))?;
    }
    Ok(())
}

/// One step of a wait on the system (`IO.select` with threads): other threads run for up to
/// `POLL_STEP` (or until `until`).
pub fn nap(vm: &mut Vm, until: Option<Instant>) -> VmResult<()> {
    let step = Instant::now().checked_add(POLL_STEP);
    let at = match (step, until) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    block(vm, KERNEL_SLEEP, at)
}

/// The number of threads blocked on `w` (`Queue#num_waiting`).
pub fn waiting_on(vm: &mut Vm, w: Wait) -> usize {
    let main = main_thread(vm);
    std::iter::once(main)
        .chain(vm.threads.live.iter().copied())
        .filter_map(tobj)
        .filter(|p| p.state == State::Blocked && p.wait == w)
        .count()
}

/// The backtrace of thread `t` (not the running one) where it waits.
pub fn backtrace_of(vm: &mut Vm, t: Value) -> Vec<String> {
    let Some(p) = tobj(t) else {
        return Vec::new();
    };
    let Some(mut ctx) = p.ctx.take() else {
        return Vec::new();
    };
    let lines = vm.backtrace_in(&mut ctx);
    if let Some(p) = tobj(t) {
        p.ctx = Some(ctx);
    }
    lines
}
