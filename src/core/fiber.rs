//! Fiber: semi-coroutines with CRuby's `resume`/`Fiber.yield` protocol, `transfer`, `raise`,
//! `kill`, `alive?`, `Fiber.current`, `inspect`, inheritable storage (`Fiber[]`, `storage:`)
//! and fiber-local `Thread#[]`.
//!
//! Native stacks switch asymmetrically (a coroutine returns to whoever resumed it), so
//! `transfer` runs as a trampoline: the first transfer from a resumed fiber (or the root)
//! loops there, switching into the fiber named; a transferred fiber that transfers again
//! suspends to that loop with the next fiber's name, and a transfer back to the loop's fiber,
//! or the end of a transferred one, returns from it.
//!
//! A Fiber object's payload holds its block, its native stack (`object/coroutine.rs`, made on
//! the first `resume`) and, while it is not running, its VM context (`vm/context.rs`). A resume
//! takes the stack out of the payload (so that code in the fiber may inspect its own Fiber),
//! swaps contexts, parks the resumer's context in `Vm::resumers` (a collector root) and
//! switches stacks; when the fiber suspends or ends it does all of that back. External
//! enumeration (`Enumerator#next`, `enumerator/external.rs`) runs `each` in a fiber made by
//! `new_native`.

use crate::object::coroutine::{self, Out, Resume, Stackful, Step};
use crate::object::heap::{EnvRef, Payload, T_DATA, T_HASH, payload, type_of};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::context::ExecContext;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, BlockData, Unwind, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const FIBER_S: &[M] = &[
    ("new", fiber_s_new, 0, -1),
    ("allocate", fiber_s_allocate, 0, 0),
    ("yield", fiber_s_yield, 0, -1),
    ("current", fiber_s_current, 0, 0),
    ("[]", fiber_s_aref, 1, 1),
    ("[]=", fiber_s_aset, 2, 2),
    ("blocking?", fiber_s_blocking_p, 0, 0),
    ("blocking", fiber_s_blocking, 0, 0),
];

const FIBER: &[M] = &[
    ("initialize", fiber_initialize, 0, -1),
    ("resume", fiber_resume, 0, -1),
    ("transfer", fiber_transfer, 0, -1),
    ("raise", fiber_raise, 0, 4),
    ("kill", fiber_kill, 0, 0),
    ("alive?", fiber_alive_p, 0, 0),
    ("blocking?", fiber_blocking_p, 0, 0),
    ("storage", fiber_storage, 0, 0),
    ("storage=", fiber_set_storage, 1, 1),
    ("backtrace", fiber_backtrace, 0, 2),
    ("backtrace_locations", fiber_backtrace_locations, 0, 2),
    ("inspect", fiber_inspect, 0, 0),
    ("to_s", fiber_inspect, 0, 0),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    Created,
    Resumed,
    Suspended,
    Terminated,
}

/// A fiber's body written in Rust, given the first resume's values.
type NativeBody = Box<dyn FnOnce(&mut Vm, Vec<Value>) -> VmResult>;

/// What a fiber runs: a Ruby block (as a Proc) or a Rust body (external enumeration).
enum Body {
    Proc(Value),
    Native(NativeBody),
}

/// A Fiber object's payload.
pub struct FiberObj {
    status: Status,
    /// Taken out when the first resume starts the fiber.
    body: Option<Body>,
    /// A value the body needs alive (the Proc, or the enumerator a native body iterates).
    owner: Value,
    stack: Option<Box<Stackful>>,
    /// The fiber's VM state while it is suspended (boxed: a switch moves only the pointer).
    ctx: Option<Box<ExecContext>>,
    /// `Fiber[]`'s storage (a Hash, or nil before any) and `Thread#[]`'s fiber-locals.
    storage: Value,
    locals: Value,
    /// "file:line" of the block, for inspect ("" for the root fiber).
    location: String,
    /// Made with `blocking: true` (the root fiber is), or inside `Fiber.blocking`.
    blocking: bool,
    /// `initialize` ran (an allocated Fiber answers only "uninitialized fiber").
    init: bool,
    /// Last entered by `transfer` (it cannot be resumed or `Fiber.yield`; see `trampoline`).
    transferred: bool,
    /// For a transferred fiber: the fiber whose `trampoline` runs it (which it may transfer to).
    driver: Value,
    /// A thread's root fiber (it has no resumer to yield to).
    root: bool,
    /// The thread it was made in (`sched::current_id`): only that thread may switch to it.
    thread: u64,
}

impl Payload for FiberObj {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.owner);
        out.push(self.storage);
        out.push(self.locals);
        out.push(self.driver);
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

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let k = vm.define_class("Fiber", o);
    vm.define_singleton_natives(k, FIBER_S);
    vm.define_natives(k, FIBER);
}

fn fiber_class(vm: &mut Vm) -> Value {
    let o = vm.c.object;
    vm.class_data(o)
        .const_get(crate::sym!("Fiber"))
        .unwrap_or(o)
}

fn obj(vm: &mut Vm, f: Value) -> VmResult<&'static mut FiberObj> {
    match payload::<FiberObj>(f) {
        Some(p) if p.init => Ok(p),
        Some(_) => Err(fiber_error(vm, "uninitialized fiber")),
        None => Err(vm.type_error("wrong argument type (expected Fiber)")),
    }
}

fn fiber_error(vm: &mut Vm, msg: &str) -> Unwind {
    vm.raise_str(vm.c.fiber_error, msg)
}

fn alloc(vm: &mut Vm, k: Value, status: Status, body: Option<Body>, owner: Value) -> Value {
    let init = body.is_some() || status == Status::Resumed;
    vm.heap.alloc_boxed(
        T_DATA,
        k,
        Box::new(FiberObj {
            status,
            init,
            transferred: false,
            driver: Value::NIL,
            body,
            owner,
            stack: None,
            ctx: None,
            storage: Value::NIL,
            locals: Value::NIL,
            location: String::new(),
            blocking: status == Status::Resumed,
            root: status == Status::Resumed,
            thread: crate::core::thread::sched::current_id(vm),
        }),
    )
}

/// A root fiber: the main thread's when a thread asks for it first (`inherit` false), or a new
/// thread's, whose storage is a copy of the current fiber's (`inherit`, as CRuby's `Thread.new`).
pub fn new_root(vm: &mut Vm, inherit: bool) -> VmResult {
    let storage = if inherit {
        inherited_storage(vm)?
    } else {
        Value::NIL
    };
    let k = fiber_class(vm);
    let f = alloc(vm, k, Status::Resumed, None, Value::NIL);
    obj(vm, f)?.storage = storage;
    Ok(f)
}

/// The running fiber's object (the root fiber's is made on first use).
pub fn current(vm: &mut Vm) -> Value {
    if vm.fiber.is_nil() {
        let k = fiber_class(vm);
        vm.fiber = alloc(vm, k, Status::Resumed, None, Value::NIL);
    }
    vm.fiber
}

/// A fiber running `body` in Rust with the first resume's values; its storage is the current
/// fiber's.
pub fn new_native(
    vm: &mut Vm,
    owner: Value,
    body: impl FnOnce(&mut Vm, Vec<Value>) -> VmResult + 'static,
) -> VmResult {
    let k = fiber_class(vm);
    let f = alloc(
        vm,
        k,
        Status::Created,
        Some(Body::Native(Box::new(body))),
        owner,
    );
    obj(vm, f)?.storage = inherited_storage(vm)?;
    Ok(f)
}

/// What a new fiber's storage starts as: a copy of the current fiber's (nil when it has none).
fn inherited_storage(vm: &mut Vm) -> VmResult {
    let cur = current(vm);
    let storage = obj(vm, cur)?.storage;
    if storage.is_nil() {
        return Ok(storage);
    }
    copy_hash(vm, storage)
}

/// A new plain Hash with `h`'s pairs.
fn copy_hash(vm: &mut Vm, h: Value) -> VmResult {
    let copy = super::hash::new_hash(vm);
    super::hash::copy_into(vm, h, copy)?;
    Ok(copy)
}

/// Fiber.new(blocking: false, storage: true) { |*args| ... } -> fiber
fn fiber_s_new(vm: &mut Vm, k: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let f = alloc(vm, k, Status::Created, None, Value::NIL);
    let keep = vm.stack.len();
    vm.stack.push(f);
    let r = vm.funcall_maybe_kw(f, crate::sym!("initialize"), a, b.cloned(), kw);
    vm.stack.truncate(keep);
    r.map(|_| f)
}

/// Fiber.allocate -> an uninitialized fiber
fn fiber_s_allocate(vm: &mut Vm, k: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(alloc(vm, k, Status::Created, None, Value::NIL))
}

/// fiber.initialize(blocking: false, storage: true) { |*args| ... }
fn fiber_initialize(vm: &mut Vm, f: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    if !a.is_empty() {
        return Err(vm.arity_error(a.len(), 0, 0));
    }
    let Some(b) = b else {
        return Err(vm.raise_str(
            vm.c.argument_error,
            "tried to create Proc object without a block",
        ));
    };
    let pr = vm.proc_new(b.clone(), false);
    let (key, bkey) = (vm.sym("storage"), vm.sym("blocking"));
    let (mut given, mut blocking) = (None, false);
    if let Some(h) = opts {
        if super::hash::find(vm, h, key)?.is_some() {
            given = Some(super::hash::get(vm, h, key)?);
        }
        blocking = super::hash::get(vm, h, bkey)?.truthy();
    }
    let storage = match given {
        Some(s) if s != Value::TRUE => checked_storage(vm, s)?,
        _ => inherited_storage(vm)?,
    };
    let location = match payload::<crate::vm::call::ProcObj>(pr).map(|p| &*p.block) {
        Some(BlockData::Code { code, .. }) => format!("{}:{}", code.file, code.first_line),
        _ => String::new(),
    };
    let Some(p) = payload::<FiberObj>(f) else {
        return Err(vm.type_error("wrong argument type (expected Fiber)"));
    };
    if p.init {
        return Err(fiber_error(vm, "already initialized fiber"));
    }
    *p = FiberObj {
        status: Status::Created,
        init: true,
        transferred: false,
        driver: Value::NIL,
        body: Some(Body::Proc(pr)),
        owner: pr,
        stack: None,
        ctx: None,
        storage,
        locals: Value::NIL,
        location,
        blocking,
        root: false,
        thread: crate::core::thread::sched::current_id(vm),
    };
    Ok(Value::NIL)
}

/// A `storage:` value: nil or a Hash with Symbol keys (copied).
fn checked_storage(vm: &mut Vm, s: Value) -> VmResult {
    if s.is_nil() {
        return Ok(s);
    }
    if type_of(s) != T_HASH {
        return Err(vm.type_error("storage must be a hash"));
    }
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    for (k, _) in super::hash::pairs(s) {
        if !k.is_symbol() {
            let c = vm.real_class(k);
            let n = vm.class_name(c);
            return Err(vm.type_error(&format!("wrong argument type {n} (expected Symbol)")));
        }
    }
    copy_hash(vm, s)
}

/// Packs what one side of a switch hands the other: nothing is nil, one value itself.
fn pack(vm: &mut Vm, mut v: Vec<Value>) -> Value {
    match v.len() {
        0 => Value::NIL,
        1 => v.pop().unwrap_or(Value::NIL),
        _ => vm.ary_new(v),
    }
}

/// Runs fiber `f` (resumed, not transferred to) until it suspends or ends: `Step::Yielded`
/// with `Fiber.yield`'s values, or `Step::Finished` with the block's value or unwinding.
pub fn switch_into(vm: &mut Vm, f: Value, r: Resume) -> VmResult<Step> {
    switch(vm, f, r, false)
}

/// `switch_into` for a resume (`by_transfer` false) or for the trampoline of `transfer`.
fn switch(vm: &mut Vm, f: Value, r: Resume, by_transfer: bool) -> VmResult<Step> {
    let p = obj(vm, f)?;
    if p.thread != crate::core::thread::sched::current_id(vm) {
        return Err(fiber_error(vm, "fiber called across threads"));
    }
    if p.transferred && !by_transfer && p.status == Status::Suspended {
        return Err(fiber_error(vm, "attempt to resume a transferring fiber"));
    }
    match p.status {
        Status::Terminated => return Err(fiber_error(vm, "attempt to resume a terminated fiber")),
        Status::Resumed if f == vm.fiber => {
            return Err(fiber_error(vm, "attempt to resume the current fiber"));
        }
        Status::Resumed => {
            return Err(fiber_error(
                vm,
                "attempt to resume a resumed fiber (double resume)",
            ));
        }
        Status::Created => {
            let body = p.body.take();
            let floor_stack = Stackful::new(coroutine::STACK_SIZE, move |vm, first| {
                run_body(vm, body, first)
            });
            match floor_stack {
                Ok(s) => {
                    p.ctx = Some(Box::new(ExecContext::new(s.floor(), f)));
                    p.stack = Some(Box::new(s));
                }
                Err(e) => {
                    p.status = Status::Terminated;
                    return Err(fiber_error(
                        vm,
                        &format!("can't alloc machine stack to fiber: {e}"),
                    ));
                }
            }
        }
        Status::Suspended => {}
    }
    let p = obj(vm, f)?;
    p.status = Status::Resumed;
    p.transferred = by_transfer;
    let mut r = r;
    loop {
        let p = obj(vm, f)?;
        let (Some(mut stack), Some(mut ctx)) = (p.stack.take(), p.ctx.take()) else {
            return Err(fiber_error(vm, "attempt to resume a terminated fiber"));
        };
        vm.swap_context(&mut ctx);
        vm.resumers.push(ctx);
        let step = stack.resume(vm, r);
        let mut ctx = vm.resumers.pop().unwrap_or_default();
        vm.swap_context(&mut ctx);
        let p = obj(vm, f)?;
        match &step {
            Step::Blocked => {
                // its thread blocks or passes: this fiber stays resumed while the thread
                // waits (the scheduler is above this stack), then carries on
                p.stack = Some(stack);
                p.ctx = Some(ctx);
                super::thread::sched::relay_block(vm);
                r = Resume::Values(Vec::new());
                continue;
            }
            Step::Yielded(_) | Step::Transfer(..) => {
                p.status = Status::Suspended;
                p.stack = Some(stack);
                p.ctx = Some(ctx);
            }
            Step::Finished(_) => {
                p.status = Status::Terminated;
                p.body = None;
            }
        }
        return Ok(step);
    }
}

/// The body of every fiber: runs its block (or Rust body) with the first resume's values and
/// turns what it cannot pass on to the resumer into exceptions, as CRuby does.
fn run_body(vm: &mut Vm, body: Option<Body>, first: Resume) -> coroutine::Finished {
    let depth = vm.depths();
    let run = std::panic::AssertUnwindSafe(|| match first {
        Resume::Values(args) => match body {
            Some(Body::Proc(pr)) => super::method::call_proc(vm, pr, &args),
            Some(Body::Native(f)) => f(vm, args),
            None => Ok(Value::NIL),
        },
        Resume::Raise(args, cause) => super::kernel::raise_from(vm, &args, 1, cause),
        Resume::Kill => Ok(Value::NIL),
    });
    let r = match std::panic::catch_unwind(run) {
        Ok(r) => r,
        Err(_) => Err(vm.recover_from_panic(depth)),
    };
    if let Err(unw) = &r
        && let UnwindKind::Throw(t, _) = *unw.kind()
        && Some(t) == kill_tag(vm)
        && super::thread::sched::killing(vm)
    {
        // its thread is being killed (not just this fiber): the unwinding goes on through
        // the fiber's resumer
        return r;
    }
    ended(vm, r)
}

/// How a fiber's (or a thread's) block ended, with what it cannot pass on to a resumer made
/// exceptions as CRuby does: `break`/`return` LocalJumpError, `throw` UncaughtThrowError, and
/// `kill`'s unwinding a normal end.
pub(crate) fn ended(vm: &mut Vm, r: VmResult) -> coroutine::Finished {
    match r {
        Err(unw) if let UnwindKind::Break(..) = *unw.kind() => {
            Err(vm.raise_str(vm.c.local_jump_error, "break from proc-closure"))
        }
        Err(unw) if let UnwindKind::Return(..) = *unw.kind() => {
            Err(vm.raise_str(vm.c.local_jump_error, "unexpected return"))
        }
        Err(unw)
            if let UnwindKind::Throw(t, _) = *unw.kind()
                && Some(t) == kill_tag(vm) =>
        {
            Ok(Value::NIL)
        }
        Err(unw) if let UnwindKind::Throw(t, v) = *unw.kind() => {
            Err(super::kernel::uncaught_throw(vm, t, v))
        }
        r => r,
    }
}

/// The tag of the throw that `Fiber#kill` unwinds a fiber with (runs its ensure clauses; no
/// `rescue` or `catch` stops it).
fn kill_tag(vm: &mut Vm) -> Option<Value> {
    let k = fiber_class(vm);
    let t = vm.ivar_get(k, crate::sym!("__kill"));
    (!t.is_nil()).then_some(t)
}

pub(crate) fn kill_unwind(vm: &mut Vm) -> VmResult<Unwind> {
    let t = match kill_tag(vm) {
        Some(t) => t,
        None => {
            let o = vm.c.object;
            let t = vm.object_new(o);
            let k = fiber_class(vm);
            vm.ivar_set(k, crate::sym!("__kill"), t)?;
            t
        }
    };
    Ok(Unwind::Throw(t, Value::NIL))
}

/// What a resume answers: the values of the fiber's `Fiber.yield`, or its block's value.
fn answer(vm: &mut Vm, step: Step) -> VmResult {
    match step {
        // only a transferred fiber suspends to transfer, and only a trampoline enters one
        Step::Yielded(v) | Step::Transfer(_, v) => Ok(pack(vm, v)),
        // `switch` resumes a blocked fiber again until it yields or ends
        Step::Blocked => Ok(Value::NIL),
        Step::Finished(r) => r,
    }
}

/// fiber.resume(*args) -> obj
fn fiber_resume(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let step = switch_into(vm, s, Resume::Values(a.to_vec()))?;
    answer(vm, step)
}

/// fiber.transfer(*args) -> obj: switches to the fiber without making it return here; the
/// values of the next transfer back (or, if it ends, its block's value) answer this call.
fn fiber_transfer(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let cur = current(vm);
    if s == cur {
        return Ok(pack(vm, a.to_vec()));
    }
    let driver = obj(vm, cur)?.driver;
    let p = obj(vm, s)?;
    let refusal = match p.status {
        Status::Terminated => Some("attempt to transfer to a terminated fiber"),
        Status::Resumed if s != driver => Some("attempt to transfer to a resuming fiber"),
        Status::Suspended if !p.transferred => Some("attempt to transfer to a yielding fiber"),
        _ => None,
    };
    if let Some(msg) = refusal {
        return Err(fiber_error(vm, msg));
    }
    if obj(vm, cur)?.transferred {
        // running under a trampoline: it makes the switch, and switches back here later
        return match coroutine::suspend(vm, Out::Transfer(s, a.to_vec())) {
            Some(r) => received(vm, r),
            None => Err(fiber_error(
                vm,
                "attempt to transfer from a fiber not running",
            )),
        };
    }
    trampoline(vm, s, Resume::Values(a.to_vec()))
}

/// Runs transferred fibers from a fiber that was resumed (or the root): each suspends to this
/// loop naming the fiber to switch to next; a transfer back to this fiber, or the end of one
/// (whose value or exception comes here, as CRuby's go to the root fiber), ends it.
fn trampoline(vm: &mut Vm, first: Value, msg: Resume) -> VmResult {
    let owner = current(vm);
    let (mut target, mut msg) = (first, msg);
    loop {
        obj(vm, target)?.driver = owner;
        match switch(vm, target, msg, true)? {
            Step::Transfer(next, v) if next != owner => {
                target = next;
                msg = Resume::Values(v);
            }
            step => return answer(vm, step),
        }
    }
}

/// Fiber.yield(*args) -> obj
fn fiber_s_yield(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    yield_values(vm, a.to_vec())
}

/// Suspends the running fiber, handing `v` to its resumer; answers what the next resume sends.
pub fn yield_values(vm: &mut Vm, v: Vec<Value>) -> VmResult {
    let cur = current(vm);
    let p = obj(vm, cur)?;
    if p.transferred || p.root {
        return Err(fiber_error(vm, "attempt to yield on a not resumed fiber"));
    }
    match coroutine::suspend(vm, Out::Yield(v)) {
        None => Err(fiber_error(vm, "attempt to yield on a not resumed fiber")),
        Some(r) => received(vm, r),
    }
}

/// What a suspended fiber does with what it was resumed with.
fn received(vm: &mut Vm, r: Resume) -> VmResult {
    match r {
        Resume::Values(v) => Ok(pack(vm, v)),
        Resume::Raise(args, cause) => super::kernel::raise_from(vm, &args, 1, cause),
        Resume::Kill => Err(kill_unwind(vm)?),
    }
}

/// Fiber.current -> fiber
fn fiber_s_current(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(current(vm))
}

/// fiber.raise(exception = RuntimeError, message = nil, backtrace = nil) -> obj
fn fiber_raise(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let (a, cause) = super::kernel::split_cause(vm, a, kw)?;
    super::kernel::check_raise_arity(vm, &a)?;
    let st = obj(vm, s)?.status;
    if s == vm.fiber {
        return super::kernel::raise_from(vm, &a, 1, cause);
    }
    if st == Status::Created {
        return Err(fiber_error(vm, "cannot raise exception on unborn fiber"));
    }
    if st == Status::Suspended && obj(vm, s)?.transferred {
        return trampoline(vm, s, Resume::Raise(a, cause));
    }
    let step = switch_into(vm, s, Resume::Raise(a, cause))?;
    answer(vm, step)
}

/// fiber.kill -> fiber: ends the fiber, running its ensure clauses
fn fiber_kill(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = obj(vm, s)?;
    match p.status {
        Status::Terminated => Ok(s),
        Status::Created => {
            p.status = Status::Terminated;
            p.body = None;
            Ok(s)
        }
        _ if s == vm.fiber => Err(kill_unwind(vm)?),
        Status::Resumed => Err(fiber_error(vm, "attempt to kill a resuming fiber")),
        Status::Suspended if p.transferred => trampoline(vm, s, Resume::Kill).map(|_| s),
        Status::Suspended => match switch_into(vm, s, Resume::Kill)? {
            Step::Finished(Err(u)) => Err(u),
            _ => Ok(s),
        },
    }
}

/// fiber.alive? -> true or false
fn fiber_alive_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(obj(vm, s)?.status != Status::Terminated))
}

/// fiber.blocking? -> true or false
fn fiber_blocking_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(obj(vm, s)?.blocking))
}

/// Fiber.blocking? -> 1 when the current fiber is blocking, else false
fn fiber_s_blocking_p(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let f = current(vm);
    Ok(if obj(vm, f)?.blocking {
        Value::fixnum(1)
    } else {
        Value::FALSE
    })
}

/// Fiber.blocking { |fiber| ... } -> obj: runs the block with the current fiber blocking
fn fiber_s_blocking(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    let f = current(vm);
    let was = std::mem::replace(&mut obj(vm, f)?.blocking, true);
    let r = vm.yield_block(b, &[f]);
    obj(vm, f)?.blocking = was;
    r
}

/// The current fiber's storage Hash, made empty on first write.
fn storage_hash(vm: &mut Vm, make: bool) -> VmResult {
    let f = current(vm);
    let h = obj(vm, f)?.storage;
    if !h.is_nil() || !make {
        return Ok(h);
    }
    let h = vm.hash_new();
    obj(vm, f)?.storage = h;
    Ok(h)
}

/// A storage key: a Symbol, or a String (or something with `to_str`) made one.
fn storage_key(vm: &mut Vm, k: Value) -> VmResult {
    if k.is_symbol() {
        return Ok(k);
    }
    if let Some(s) = super::string::implicit_str(vm, k)? {
        let name = String::from_utf8_lossy(vm.bytes(s)).into_owned();
        return Ok(vm.sym(&name));
    }
    let i = vm.inspect_str(k)?;
    Err(vm.type_error(&format!("{i} is not a symbol nor a string")))
}

/// Fiber[key] -> obj
fn fiber_s_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = storage_key(vm, a[0])?;
    let h = storage_hash(vm, false)?;
    if h.is_nil() {
        return Ok(Value::NIL);
    }
    super::hash::get(vm, h, k)
}

/// Fiber[key] = obj
fn fiber_s_aset(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = storage_key(vm, a[0])?;
    let h = storage_hash(vm, true)?;
    if a[1].is_nil() {
        super::hash::remove(vm, h, k)?;
    } else {
        vm.hash_aset(h, k, a[1])?;
    }
    Ok(a[1])
}

/// ArgumentError unless `f` is the running fiber (the only one whose storage is reachable).
fn check_own_storage(vm: &mut Vm, f: Value) -> VmResult<()> {
    if f == current(vm) {
        return Ok(());
    }
    let msg = "Fiber storage can only be accessed from the Fiber it belongs to";
    Err(vm.raise_str(vm.c.argument_error, msg))
}

/// fiber.storage -> hash (a copy; only the current fiber's)
fn fiber_storage(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    check_own_storage(vm, s)?;
    let h = storage_hash(vm, true)?;
    copy_hash(vm, h)
}

/// fiber.storage = hash
fn fiber_set_storage(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_own_storage(vm, s)?;
    let h = checked_storage(vm, a[0])?;
    obj(vm, s)?.storage = h;
    Ok(a[0])
}

/// The running fiber's `Thread#[]` table, made empty on first use.
pub fn locals(vm: &mut Vm) -> VmResult {
    let f = current(vm);
    locals_of(vm, f)
}

/// Fiber `f`'s `Thread#[]` table, made empty on first use.
pub fn locals_of(vm: &mut Vm, f: Value) -> VmResult {
    let h = obj(vm, f)?.locals;
    if !h.is_nil() {
        return Ok(h);
    }
    let h = vm.hash_new();
    obj(vm, f)?.locals = h;
    Ok(h)
}

/// The backtrace lines of fiber `f`: the running one's from here, a suspended one's where it
/// waits (its context is swapped in to read them), none for one not started or finished.
fn backtrace_of(vm: &mut Vm, f: Value) -> VmResult<Vec<String>> {
    if f == current(vm) {
        return Ok(vm.backtrace_lines(0));
    }
    let p = obj(vm, f)?;
    let Some(mut ctx) = p.ctx.take() else {
        return Ok(Vec::new());
    };
    let lines = vm.backtrace_in(&mut ctx);
    obj(vm, f)?.ctx = Some(ctx);
    Ok(lines)
}

/// fiber.backtrace(start = 0, length = nil) / fiber.backtrace(range) -> array of strings
fn fiber_backtrace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let lines = backtrace_of(vm, s)?;
    let Some(lines) = super::kernel::levels(vm, lines, a, 0)? else {
        return Ok(Value::NIL);
    };
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    Ok(vm.ary_new(items))
}

/// fiber.backtrace_locations(start = 0, length = nil) -> array of Thread::Backtrace::Location
fn fiber_backtrace_locations(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let lines = backtrace_of(vm, s)?;
    let Some(lines) = super::kernel::levels(vm, lines, a, 0)? else {
        return Ok(Value::NIL);
    };
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    super::exception::locations(vm, &items)
}

/// fiber.inspect -> "#<Fiber:0x... file:line (status)>"
fn fiber_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let p = obj(vm, s)?;
    let status = match p.status {
        Status::Created => "created",
        Status::Resumed => "resumed",
        Status::Suspended => "suspended",
        Status::Terminated => "terminated",
    };
    let loc = if p.location.is_empty() {
        String::new()
    } else {
        format!(" {}", p.location)
    };
    let k = vm.real_class(s);
    let out = format!("#<{}:{:#018x}{loc} ({status})>", vm.class_name(k), s.bits());
    Ok(vm.str_from(out))
}
