//! Natives that call a block in a loop (`Integer#times`, `Array#each`, `Array#map`, ...): one
//! frame and one run of the dispatch loop for all the calls.
//!
//! `Vm::yield_block` costs a whole block call each time: a frame pushed and popped (with its
//! reference counts), argument binding and a fresh `execute` with its prologue, ~600
//! instructions around a block body of a few. `Vm::yield_each` pushes the block's frame once;
//! when the block leaves, the dispatch loop asks the native's step function (`Drive`) for the
//! next arguments and restarts the same frame in place: a new activation as far as Ruby can
//! tell (fresh frame id, locals reset to nil, a captured environment closed and dropped, `$~`
//! cleared, arguments bound by the same `bind_args` as every block call). Everything else
//! (break, next, redo, exceptions, ensure, backtraces) sees the same frames as before.

use super::Vm;
use super::frame::{Block, BlockData, Frame, FrameKind, VmResult};
use crate::object::value::Value;

/// The arguments a native yields next: up to two values.
#[derive(Clone, Copy)]
pub struct YieldArgs {
    vals: [Value; 2],
    n: u8,
}

impl YieldArgs {
    pub fn none() -> YieldArgs {
        YieldArgs {
            vals: [Value::NIL; 2],
            n: 0,
        }
    }
    pub fn one(v: Value) -> YieldArgs {
        YieldArgs {
            vals: [v, Value::NIL],
            n: 1,
        }
    }
    pub fn two(a: Value, b: Value) -> YieldArgs {
        YieldArgs { vals: [a, b], n: 2 }
    }
    pub fn as_slice(&self) -> &[Value] {
        &self.vals[..self.n as usize]
    }
}

/// A native's step: called with the block's last value (`Value::UNDEF` before the first
/// call), answers the next arguments or `None` to end the loop. The arguments may be objects
/// the step just made: nothing collects before the call binds them.
pub type Drive<'a> = dyn FnMut(&mut Vm, Value) -> VmResult<Option<YieldArgs>> + 'a;

impl Vm {
    /// Calls `block` with each set of arguments `step` answers, until it answers `None`.
    /// A Ruby block (not a lambda) runs all the calls in one frame and one dispatch loop;
    /// any other block (a Proc made a lambda, a Method, a Symbol, a native block) is called
    /// once per step through `yield_block`.
    pub fn yield_each(&mut self, block: &Block, step: &mut Drive) -> VmResult<()> {
        let BlockData::Code {
            code,
            self_,
            env,
            method,
            defined_class,
            outer_block,
            home,
            cref,
            tag,
        } = &**block
        else {
            let mut last = Value::UNDEF;
            while let Some(args) = step(self, last)? {
                // the arguments stay rooted while the call runs (a step may make them)
                let h = self.stack.len();
                self.stack.extend_from_slice(args.as_slice());
                let r = self.yield_block(block, args.as_slice());
                self.stack.truncate(h);
                last = r?;
            }
            return Ok(());
        };
        let Some(first) = step(self, Value::UNDEF)? else {
            return Ok(());
        };
        if self.frames.len() >= super::MAX_DEPTH {
            return Err(self.raise_str(self.c.system_stack_error, "stack level too deep"));
        }
        if self.safepoint_due() {
            self.rooted_safepoint(&first)?;
        }
        // the receiver's place (nil for a block), then the arguments, as `call_block_kw`
        let below = self.stack.len();
        self.stack.push(Value::NIL);
        let base = self.stack.len();
        self.stack.extend_from_slice(first.as_slice());
        let outer = outer_block.clone();
        let start = match self.bind_args(code, base, first.n as usize, false, false, &outer) {
            Ok(start) => start,
            Err(u) => {
                self.stack.truncate(below);
                return Err(u);
            }
        };
        let id = self.next_id();
        self.frames.push_with(move || Frame {
            code: Some(code.clone()),
            method: *method,
            defined_class: *defined_class,
            self_: *self_,
            block: outer.into(),
            outer: *env,
            base: base as u32,
            argc: first.n as u32,
            pc: start as u32,
            home: *home,
            tag: *tag,
            ..Frame::bare(FrameKind::Block, id, cref.clone())
        });
        let ensure_len = self.ensure_stack.len();
        let saved_pc = self.save_caller_pc();
        let r = self.execute_driven(Some(step));
        self.cur_pc = saved_pc;
        self.ensure_stack.truncate(ensure_len);
        self.pop_frame();
        self.stack.truncate(below);
        r.map(|_| ())
    }

    /// At the `leave` of a `yield_each` frame `fi` (its value on top of the stack): asks the
    /// step for the next arguments and, if there are some, makes the frame a new activation of
    /// the block with them and answers the pc to run it from.
    pub(crate) fn restart_block_frame(
        &mut self,
        fi: usize,
        step: &mut Drive,
    ) -> VmResult<Option<usize>> {
        let last = *self.stack.last().expect("block value");
        let hidden = std::mem::replace(&mut self.hidden_frame, fi);
        let r = step(self, last);
        self.hidden_frame = hidden;
        let Some(args) = r? else {
            return Ok(None);
        };
        if self.safepoint_due() {
            self.rooted_safepoint(&args)?;
        }
        // locals captured by a closure made in the last call keep that call's values; an
        // environment nothing kept (a block passed to a native and dropped) serves the next
        if let Some(e) = self.frames[fi].env
            && e.get().escaped
        {
            self.frames[fi].env = None;
            self.close_env(e);
        }
        let base = self.frames[fi].base as usize;
        let argc = args.n as usize;
        self.stack.truncate(base);
        // pushed one by one: `extend_from_slice` of a run-time length calls memcpy
        for &v in args.as_slice() {
            self.stack.push(v);
        }
        let code = self.frames[fi].code.as_ref().expect("block code");
        let p = &code.params;
        // `bind_args`'s fast case, without the clone of the code it needs for the general one
        let start = if p.simple && argc == p.required as usize && !(p.auto_splat && argc == 1) {
            let (start, nlocals) = (p.opt_entry.first().copied(), code.num_locals());
            if nlocals > argc {
                self.stack.resize(base + nlocals, Value::NIL);
            }
            start.unwrap_or(0) as usize
        } else {
            let code = code.clone();
            let outer = if code.params.block {
                self.frame_block(fi)
            } else {
                None
            };
            self.bind_args(&code, base, argc, false, false, &outer)?
        };
        let id = self.next_id();
        let f = &mut self.frames[fi];
        f.id = id;
        f.argc = args.n as u32;
        f.svar = Value::NIL;
        Ok(Some(start))
    }

    /// A safepoint between a step and the call it answered: the step's arguments may be
    /// objects it just made that nothing else holds, so they stay on the stack while the
    /// safepoint may collect.
    #[cold]
    fn rooted_safepoint(&mut self, args: &YieldArgs) -> VmResult<()> {
        let h = self.stack.len();
        self.stack.extend_from_slice(args.as_slice());
        let r = self.safepoint();
        self.stack.truncate(h);
        r
    }

    /// Runs `f` under a frame for native method `m` called on `recv` with no arguments, as if
    /// `m` were running (for backtraces), when a native does `m`'s work itself.
    pub fn in_native_frame<T>(
        &mut self,
        m: u32,
        recv: Value,
        f: impl FnOnce(&mut Vm) -> VmResult<T>,
    ) -> VmResult<T> {
        let id = self.next_id();
        let (owner, cref) = (self.methods[m as usize].owner, self.top_cref.clone());
        let base = self.stack.len() as u32;
        self.frames.push_with(move || Frame {
            method: m,
            defined_class: owner,
            self_: recv,
            base,
            ..Frame::bare(FrameKind::Native, id, cref)
        });
        let saved_pc = self.save_caller_pc();
        let r = f(self);
        self.cur_pc = saved_pc;
        self.pop_frame();
        r
    }
}
