//! The local-variable model: stack slots, and environments made only when something captures
//! a frame.
//!
//! A frame's locals are always its value-stack slots `base..base + n`, read and written by
//! `get_local`/`set_local` and the fused instructions. When a block literal, a lambda, `binding`
//! or `eval` captures the frame, `capture_env` gives it an *open* environment (`Env::open` is
//! `base`): code reaching the frame's locals from elsewhere (the block's `get_env`, a Binding)
//! goes through the environment, which reads and writes the same stack slots, so the frame
//! itself never changes how it accesses its locals. When the frame is popped, `pop_frame`
//! *closes* the environment: the slots are copied into it, and from then on the environment
//! alone holds them. This is CRuby's `vm_make_env` and Lua's open upvalues; a frame nobody
//! captures allocates nothing.

use super::Vm;
use super::frame::BlockData;
use crate::object::heap::{CLOSED, EnvRef};
use crate::object::value::Value;

impl Vm {
    /// Frame `fi`'s own environment, made (open over its stack slots) on first capture.
    #[inline]
    pub(crate) fn capture_env(&mut self, fi: usize) -> EnvRef {
        let f = &self.frames[fi];
        if let Some(e) = f.env {
            return e;
        }
        let names = f.code.as_ref().expect("code frame").local_names.clone();
        let (base, outer) = (f.base as usize, f.outer);
        let e = match self.spare_env.take() {
            Some(e) => {
                e.get().reopen(names, base, outer);
                e
            }
            None => self.heap.new_env(names, base, Vec::new(), outer),
        };
        self.frames[fi].env = Some(e);
        e
    }

    /// Records that `e` and the environments enclosing it may be read after their frames' current
    /// runs (see `Env::escaped`).
    pub(crate) fn escape_env(&mut self, mut e: Option<EnvRef>) {
        while let Some(x) = e {
            let env = x.get();
            if env.escaped {
                // its parents were marked with it
                return;
            }
            env.escaped = true;
            e = env.parent;
        }
    }

    /// `escape_env` for every environment block `b` can reach: its own chain and, through the
    /// block it can `yield` to, that block's.
    pub(crate) fn escape_block(&mut self, b: &BlockData) {
        let mut b = Some(b);
        while let Some(BlockData::Code {
            env, outer_block, ..
        }) = b
        {
            self.escape_env(*env);
            b = outer_block.as_deref();
        }
    }

    /// Pops the top frame, closing its environment if something kept it; one nothing kept is
    /// left for the next capture to reuse (`Vm::spare_env`).
    #[inline(always)]
    pub(crate) fn pop_frame(&mut self) {
        if let Some(e) = self.frames.last().and_then(|f| f.env) {
            if e.get().escaped {
                self.close_env(e);
            } else {
                self.spare_env = Some(e);
            }
        }
        // kept for the next push to rewrite (`ReuseStack`)
        self.frames.pop();
    }

    /// Pops frames down to `len` (unwinding after a panic), closing their environments.
    pub(crate) fn truncate_frames(&mut self, len: usize) {
        while self.frames.len() > len {
            self.pop_frame();
        }
    }

    /// Copies an open environment's stack slots into it.
    #[inline(never)]
    pub(super) fn close_env(&mut self, e: EnvRef) {
        let env = e.get();
        if env.open == CLOSED {
            return;
        }
        let (at, n) = (env.open, env.names.len());
        // `vals` keeps its capacity from an earlier close (a fiber switch closes and reopens)
        env.vals.clear();
        match self.stack.get(at..at + n) {
            Some(slots) => env.vals.extend_from_slice(slots),
            // only after a panic cut the stack back (see `truncate_frames`)
            None => {
                env.vals
                    .extend_from_slice(self.stack.get(at..).unwrap_or(&[]));
                env.vals.resize(n, Value::NIL);
            }
        }
        env.open = CLOSED;
    }

    /// Slot `i` of environment `e`.
    #[inline]
    pub(crate) fn env_get(&self, e: EnvRef, i: usize) -> Value {
        let env = e.get();
        if env.open == CLOSED {
            env.vals[i]
        } else {
            self.stack[env.open + i]
        }
    }

    /// Sets slot `i` of environment `e`.
    #[inline]
    pub(crate) fn env_set(&mut self, e: EnvRef, i: usize, v: Value) {
        let env = e.get();
        if env.open == CLOSED {
            env.vals[i] = v;
        } else {
            self.stack[env.open + i] = v;
        }
    }

    /// Reads local `slot` of frame `fi`.
    #[inline]
    pub(crate) fn frame_local(&self, fi: usize, slot: u32) -> Value {
        self.stack[self.frames[fi].base as usize + slot as usize]
    }

    /// The names visible as locals in frame `fi`, innermost scope first, each once
    /// (`Kernel#local_variables`).
    pub(crate) fn frame_local_names(&self, fi: usize) -> Vec<u32> {
        let f = &self.frames[fi];
        let mut out = Vec::new();
        if let Some(code) = &f.code {
            push_names(&mut out, &code.local_names);
        }
        push_chain_names(&mut out, f.outer);
        out
    }
}

/// Adds the real (non-hidden) names of `names` not already in `out`.
pub(crate) fn push_names(out: &mut Vec<u32>, names: &[u32]) {
    let hidden = crate::object::symbol::intern("");
    for &n in names {
        if n != hidden && !out.contains(&n) && !is_numbered(n) {
            out.push(n);
        }
    }
}

/// Adds the names of every environment on the chain from `e` outwards.
pub(crate) fn push_chain_names(out: &mut Vec<u32>, mut e: Option<EnvRef>) {
    while let Some(env) = e {
        push_names(out, &env.get().names);
        e = env.get().parent;
    }
}

/// Numbered block parameters (`_1`.. and `it`) are not listed as locals.
fn is_numbered(n: u32) -> bool {
    let s = crate::object::symbol::sym_name(n);
    let b = s.as_bytes();
    b.len() == 2 && b[0] == b'_' && b[1].is_ascii_digit()
}
