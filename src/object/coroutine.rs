//! Native stacks for fibers and threads: each Fiber (and each Thread but the main one) runs its block on a stack of its own (a corosensei
//! coroutine, switched in the same OS thread), so that a `Fiber.yield` deep inside natives and
//! nested `execute` calls can suspend all of them and a later `resume` carries on where it left.
//!
//! The VM's own per-fiber state (frames, value stack, ensure stack...) is swapped by
//! `vm/context.rs`; this module only switches native stacks and hands the `Vm` across. It holds
//! the `unsafe` that this needs:
//!
//! - the running coroutine reaches the `Vm` through a pointer the resumer hands it;
//! - `Fiber.yield`, deep inside the coroutine, finds its coroutine's `Yielder` through
//!   `Vm::yielders`, a stack of raw pointers kept by this module: a coroutine pushes its
//!   `Yielder` when it starts or is resumed and pops it when it suspends or returns, so the top
//!   is always the innermost coroutine running;
//! - a coroutine dropped while suspended (a Fiber object collected before it finished) is reset,
//!   not unwound: unwinding would run the VM's code (and its `catch_unwind`s) on that stack in
//!   the middle of a collection. What its stack held is leaked, as CRuby leaves a collected
//!   fiber's `ensure` clauses unrun.

use super::value::Value;
use crate::vm::Vm;
use crate::vm::frame::Unwind;
use corosensei::stack::{DefaultStack, Stack};
use corosensei::{Coroutine, CoroutineResult, Yielder};

/// What a resumer sends into a fiber: the values `resume` passes (`Fiber.yield` answers them),
/// `raise`'s arguments (and `cause:`) to raise at the suspension point (`Fiber#raise`), or an
/// order to end (`Fiber#kill`).
pub enum Resume {
    Values(Vec<Value>),
    Raise(Vec<Value>, Option<Value>),
    Kill,
}

/// What a fiber's run ends with: the block's value or the unwinding that left it.
pub type Finished = Result<Value, Unwind>;

/// How far a `resume` got: the fiber suspended with `Fiber.yield`'s values, or to have its
/// resumer switch to another fiber (`Fiber#transfer`: the fiber and the values), or because
/// its thread blocks or passes (the resumer passes that on to the thread scheduler and resumes
/// it again afterwards: core/thread/sched.rs), or finished.
pub enum Step {
    Yielded(Vec<Value>),
    Transfer(Value, Vec<Value>),
    Blocked,
    Finished(Finished),
}

/// What a suspending fiber hands its resumer (`Step` without the end).
pub enum Out {
    Yield(Vec<Value>),
    Transfer(Value, Vec<Value>),
    Block,
}

/// The native stack each fiber gets: only the pages it touches are committed. A fiber's Ruby
/// recursion ends in SystemStackError well before it is used up (`Vm::check_native_stack`).
pub const STACK_SIZE: usize = 16 << 20;

type Input = (*mut Vm, Resume);
type Y = Yielder<Input, Out>;

/// The coroutines now running, innermost last (see the module comment).
#[derive(Default)]
pub struct YielderStack(Vec<*const Y>);

/// A fiber's native stack with the body that runs on it.
pub struct Stackful {
    co: Coroutine<Input, Out, Finished, DefaultStack>,
    floor: usize,
}

impl Stackful {
    /// A coroutine that will run `body` on a fresh stack of `size` bytes (plus a guard page)
    /// when first resumed; it receives the first `Resume`.
    pub fn new(
        size: usize,
        body: impl FnOnce(&mut Vm, Resume) -> Finished + 'static,
    ) -> std::io::Result<Stackful> {
        let stack = DefaultStack::new(size)?;
        // `limit` is the bottom of the guard page; at least `size` bytes below `base` are usable
        let floor = stack.base().get() - size;
        let co = Coroutine::with_stack(stack, move |y: &Y, (vm, first): Input| {
            // SAFETY: `vm` is the pointer `resume` made from the `&mut Vm` it was given; that
            // caller does not touch the Vm until the switch back returns, so this is the only
            // reference in use. Across a suspension the resumer uses the Vm again while this
            // stack's frames still hold references derived from this one: they are not used
            // until the coroutine runs again, and every path from them to the switch passes
            // the Vm pointer down through calls (`suspend` takes `&mut Vm`), so no value read
            // through them is assumed unchanged across it.
            let vm = unsafe { &mut *vm };
            vm.yielders.0.push(y as *const Y);
            let r = body(vm, first);
            vm.yielders.0.pop();
            r
        });
        Ok(Stackful { co, floor })
    }

    /// Runs the coroutine until it suspends or returns.
    pub fn resume(&mut self, vm: &mut Vm, r: Resume) -> Step {
        match self.co.resume((vm as *mut Vm, r)) {
            CoroutineResult::Yield(Out::Yield(v)) => Step::Yielded(v),
            CoroutineResult::Yield(Out::Transfer(f, v)) => Step::Transfer(f, v),
            CoroutineResult::Yield(Out::Block) => Step::Blocked,
            CoroutineResult::Return(f) => Step::Finished(f),
        }
    }

    /// The lowest address of the usable stack (the guard page lies at or below it).
    pub fn floor(&self) -> usize {
        self.floor
    }
}

impl Drop for Stackful {
    fn drop(&mut self) {
        if self.co.started() && !self.co.done() {
            // SAFETY: nothing on a suspended fiber's stack has a `Drop` that other code relies
            // on having run: the VM's frames there hold `Rc`s, `Vec`s and boxes (whose memory
            // is leaked), references into the `Vm` (whose per-fiber state went with the Fiber's
            // saved context) and no pinned data. The coroutine's `Yielder` was popped from
            // `Vm::yielders` when it suspended.
            unsafe { self.co.force_reset() }
        }
    }
}

/// Suspends the innermost running coroutine, handing `v` to its resumer; answers what the
/// next `resume` sends. `None` (nothing done) on the thread's own stack.
pub fn suspend(vm: &mut Vm, v: Out) -> Option<Resume> {
    let y = vm.yielders.0.pop()?;
    // SAFETY: `y` was pushed by the body closure of the coroutine running now (the top of the
    // stack is the innermost one: each coroutine pops its entry before control leaves it), and
    // that closure's frame, which owns the `Yielder`, lives until the closure returns.
    let (_, r) = unsafe { (*y).suspend(v) };
    vm.yielders.0.push(y);
    Some(r)
}
