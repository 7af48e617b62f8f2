//! Execution contexts: the part of the VM's state that belongs to one fiber (CRuby's
//! `rb_execution_context_t`): its frames, value stack, ensure stack, `$!`, catch tags,
//! recursion guards and native stack floor. The `Vm` holds the running fiber's in its own
//! fields, where the dispatch loop reads them; a suspended fiber's sit in an `ExecContext` in
//! its Fiber object, and those of the fibers waiting for a `resume` they made to return in
//! `Vm::resumers`. `Vm::swap_context` exchanges the two.
//!
//! Environments are the one thing shared across contexts: a fiber's block reads and writes the
//! locals of the frame that made it, while that frame, in another context, is suspended. An
//! *open* environment's values live on its context's value stack (`Env::open` indexes it), so a
//! switch closes the open environments of the context it leaves (copying their slots out, where
//! any context reads them) and reopens, copying back, those that context had closed when it
//! was left.

use super::Vm;
use super::frame::{Frame, FrameBlock, Unwind, UnwindKind};
use super::recursion::Rec;
use crate::object::heap::{CLOSED, EnvRef, Marker};
use crate::object::value::Value;

type RecursionSet = indexmap::IndexSet<(Rec, Value, Value), ahash::RandomState>;

/// One fiber's VM state while it is not running (see the module comment).
#[derive(Default)]
pub struct ExecContext {
    pub stack: crate::object::vstack::ValueStack,
    pub frames: crate::object::reuse::ReuseStack<Frame>,
    pub ensure_stack: Vec<Option<Unwind>>,
    /// `$!` (a global to the VM, but each fiber has its own).
    pub errinfo: Value,
    pub catch_tags: Vec<Value>,
    pub inspecting: Vec<Value>,
    pub recursion: RecursionSet,
    pub cur_pc: usize,
    pub hidden_frame: usize,
    /// The lowest usable address of the native stack (0: the thread's own stack).
    pub stack_floor: usize,
    /// The Fiber object this context runs (nil for the root fiber before anyone asked).
    pub fiber: Value,
    /// The environments this context's frames had open when it was left, with their slots.
    closed: Vec<(EnvRef, usize)>,
}

impl ExecContext {
    /// A new fiber's context, on a native stack whose lowest usable address is `floor`.
    pub fn new(floor: usize, fiber: Value) -> ExecContext {
        ExecContext {
            stack: crate::object::vstack::ValueStack::with_capacity(256),
            frames: crate::object::reuse::ReuseStack::with_capacity(16),
            hidden_frame: usize::MAX,
            stack_floor: floor,
            fiber,
            ..Default::default()
        }
    }

    fn parts(&self) -> Parts<'_> {
        Parts {
            stack: &self.stack,
            frames: &self.frames,
            ensure_stack: &self.ensure_stack,
            errinfo: self.errinfo,
            catch_tags: &self.catch_tags,
            inspecting: &self.inspecting,
            recursion: &self.recursion,
            fiber: self.fiber,
        }
    }

    /// Pushes every Value and environment this context references.
    pub fn trace(&self, vals: &mut Vec<Value>, envs: &mut Vec<EnvRef>) {
        self.trace_values(vals);
        self.trace_envs(envs);
    }

    /// Pushes every Value this context references (a suspended Fiber's or Thread's trace).
    pub fn trace_values(&self, vals: &mut Vec<Value>) {
        self.parts().values(vals);
    }

    /// Pushes every environment this context references.
    pub fn trace_envs(&self, envs: &mut Vec<EnvRef>) {
        self.parts().envs(envs);
        for &(e, _) in &self.closed {
            envs.push(e);
        }
    }
}

/// A context's traced parts, wherever they are kept (the Vm's fields or an `ExecContext`).
struct Parts<'a> {
    stack: &'a [Value],
    frames: &'a [Frame],
    ensure_stack: &'a [Option<Unwind>],
    errinfo: Value,
    catch_tags: &'a [Value],
    inspecting: &'a [Value],
    recursion: &'a RecursionSet,
    fiber: Value,
}

impl Parts<'_> {
    fn trace(&self, vals: &mut Vec<Value>, envs: &mut Vec<EnvRef>) {
        self.values(vals);
        self.envs(envs);
    }

    fn envs(&self, envs: &mut Vec<EnvRef>) {
        for f in self.frames {
            envs.extend(f.env);
            envs.extend(f.outer);
            if let FrameBlock::Heap(b) = &f.block {
                b.envs(envs);
            }
        }
    }

    fn values(&self, vals: &mut Vec<Value>) {
        vals.extend_from_slice(self.stack);
        vals.push(self.errinfo);
        vals.extend_from_slice(self.catch_tags);
        vals.extend_from_slice(self.inspecting);
        vals.push(self.fiber);
        for &(_, a, b) in self.recursion {
            vals.push(a);
            vals.push(b);
        }
        for f in self.frames {
            vals.push(f.self_);
            vals.push(f.svar);
            vals.push(f.defined_class);
            if let FrameBlock::Heap(b) = &f.block {
                b.values(vals);
            }
            let mut c = Some(&f.cref);
            while let Some(cr) = c {
                vals.push(cr.klass);
                c = cr.parent.as_ref();
            }
        }
        for u in self.ensure_stack.iter().flatten() {
            match *u.kind() {
                UnwindKind::Raise(v) | UnwindKind::Break(_, v) | UnwindKind::Return(_, v) => {
                    vals.push(v)
                }
                UnwindKind::Throw(a, b) => {
                    vals.push(a);
                    vals.push(b);
                }
                UnwindKind::Exit(_) => {}
            }
        }
    }
}

impl Vm {
    fn context_parts(&self) -> Parts<'_> {
        Parts {
            stack: &self.stack,
            frames: &self.frames,
            ensure_stack: &self.ensure_stack,
            errinfo: Value::NIL,
            catch_tags: &self.catch_tags,
            inspecting: &self.inspecting,
            recursion: &self.recursion,
            fiber: self.fiber,
        }
    }

    /// Marks the running context and those waiting in `resumers` (the collector's roots).
    pub(crate) fn mark_contexts(&self, m: &mut Marker) {
        let (mut vals, mut envs) = (Vec::new(), Vec::new());
        self.context_parts().trace(&mut vals, &mut envs);
        for c in &self.resumers {
            c.trace(&mut vals, &mut envs);
        }
        m.mark_all(&vals);
        for e in envs {
            m.mark_env(e);
        }
    }

    /// The backtrace lines of a context that is not running (swapped in to read them): where a
    /// suspended fiber or a waiting thread is.
    pub(crate) fn backtrace_in(&mut self, ctx: &mut ExecContext) -> Vec<String> {
        self.swap_context(ctx);
        let lines = self.backtrace_lines(0);
        self.swap_context(ctx);
        lines
    }

    /// Makes `other` the running context and leaves the running one in `other`'s place.
    pub(crate) fn swap_context(&mut self, other: &mut ExecContext) {
        // a spare environment is open over a slot of the context being left
        self.spare_env = None;
        // the lists of closed environments trade one buffer around (no allocation per switch)
        let mut closed = std::mem::take(&mut self.closed_scratch);
        closed.clear();
        for f in self.frames.iter() {
            if let Some(e) = f.env
                && e.get().open != CLOSED
            {
                closed.push((e, e.get().open));
            }
        }
        for &(e, _) in &closed {
            self.close_env(e);
        }
        std::mem::swap(&mut self.stack, &mut other.stack);
        std::mem::swap(&mut self.frames, &mut other.frames);
        std::mem::swap(&mut self.ensure_stack, &mut other.ensure_stack);
        let bang = crate::sym!("$!");
        let left = self.gvar_id_get(bang);
        if left != other.errinfo {
            self.gvar_id_set(bang, std::mem::replace(&mut other.errinfo, left));
        }
        std::mem::swap(&mut self.catch_tags, &mut other.catch_tags);
        std::mem::swap(&mut self.inspecting, &mut other.inspecting);
        std::mem::swap(&mut self.recursion, &mut other.recursion);
        std::mem::swap(&mut self.cur_pc, &mut other.cur_pc);
        std::mem::swap(&mut self.hidden_frame, &mut other.hidden_frame);
        std::mem::swap(&mut self.stack_floor, &mut other.stack_floor);
        std::mem::swap(&mut self.fiber, &mut other.fiber);
        let mut reopen = std::mem::replace(&mut other.closed, closed);
        for &(e, at) in &reopen {
            let env = e.get();
            let n = env.vals.len();
            self.stack[at..at + n].copy_from_slice(&env.vals);
            env.vals.clear();
            env.open = at;
        }
        reopen.clear();
        self.closed_scratch = reopen;
    }
}
