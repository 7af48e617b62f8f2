//! Frames, blocks and unwinding: the VM's control records.
//!
//! A `Frame` is pushed for every running method, block, class body, program and native method
//! (natives get one too, so that backtraces show 'Array#each' as CRuby 4.0's do). Locals of a
//! frame always live on the value stack from `base`. When a block, Proc, Binding or eval
//! captures the frame, `env` gets an open environment over those slots (`Vm::capture_env`),
//! closed (copied to the heap) when the frame is popped (`Vm::pop_frame`). `outer` is the
//! environment chain of the enclosing scopes that `get_env` reads (a block's captured one).
//!
//! Non-local control flow travels as `Err(Unwind)` through Rust returns: `Raise` (an exception),
//! `Break` (to the call that passed the block, identified by a tag), `Return` (to a method or
//! lambda frame, by frame id), `Throw` (to a `catch`), and `Exit` (`exit!`, which skips ensure).

use super::code::Code;
use crate::object::heap::{EnvRef, Marker};
use crate::object::value::Value;
use std::rc::Rc;

pub type VmResult<T = Value> = Result<T, Unwind>;

/// Why a computation stopped early ([`UnwindKind`]), in one boxed word. A `VmResult` is then
/// two words, which come back from a call in two registers; with the kinds inline it was 24
/// bytes, returned through memory and copied at every `?` and every native call's return. The
/// box costs an allocation where a computation unwinds (an exception allocates more anyway).
///
/// The constructors are named as the kinds are (`Unwind::Raise(e)`); code that looks at an
/// unwind matches on `kind()`.
#[derive(Debug, Clone)]
pub struct Unwind(Box<UnwindKind>);

#[derive(Debug, Clone)]
pub enum UnwindKind {
    Raise(Value),
    Break(u64, Value),
    Return(u64, Value),
    Throw(Value, Value),
    Exit(i32),
}

#[allow(non_snake_case)]
impl Unwind {
    #[inline]
    pub fn Raise(exception: Value) -> Unwind {
        Unwind(Box::new(UnwindKind::Raise(exception)))
    }

    #[inline]
    pub fn Break(tag: u64, value: Value) -> Unwind {
        Unwind(Box::new(UnwindKind::Break(tag, value)))
    }

    #[inline]
    pub fn Return(frame_id: u64, value: Value) -> Unwind {
        Unwind(Box::new(UnwindKind::Return(frame_id, value)))
    }

    #[inline]
    pub fn Throw(tag: Value, value: Value) -> Unwind {
        Unwind(Box::new(UnwindKind::Throw(tag, value)))
    }

    #[inline]
    pub fn Exit(status: i32) -> Unwind {
        Unwind(Box::new(UnwindKind::Exit(status)))
    }

    #[inline]
    pub fn kind(&self) -> &UnwindKind {
        &self.0
    }

    /// The exception, when this unwind is a raise.
    #[inline]
    pub fn raised(&self) -> Option<Value> {
        match *self.kind() {
            UnwindKind::Raise(e) => Some(e),
            _ => None,
        }
    }
}

/// The lexical class nesting (`cref`): where constants are looked up and methods defined.
#[derive(Debug)]
pub struct Cref {
    pub klass: Value,
    pub parent: Option<Rc<Cref>>,
    /// The refinements `using` activated in this scope, as (refined class, refinement) pairs,
    /// the most recent first (core/refinement.rs). Empty almost always.
    pub refined: Vec<(Value, Value)>,
    /// Pushed for a block run by `instance_eval`, `class_eval` or `module_exec`: it sets where
    /// `def` defines, but constants are still looked up lexically (as CRuby's
    /// CREF_PUSHED_BY_EVAL).
    pub block_eval: bool,
    /// Pushed for an `instance_eval` block: `def` defines a singleton method of the frame's
    /// self (its singleton class made then, not before, as CRuby's).
    pub eval_singleton: bool,
}

impl Cref {
    /// A scope for `klass` nested in `parent`, with no refinements of its own.
    pub fn new(klass: Value, parent: Option<Rc<Cref>>) -> Cref {
        Cref {
            klass,
            parent,
            refined: Vec::new(),
            block_eval: false,
            eval_singleton: false,
        }
    }
}

pub const NO_METHOD: u32 = u32::MAX;

/// A block handed to a call: a literal block, a Proc (`&pr`), a Symbol (`&:sym`) or a Method.
#[derive(Debug)]
pub enum BlockData {
    Code {
        code: Rc<Code>,
        self_: Value,
        env: Option<EnvRef>,
        /// The method the block was written in (labels, `super`, `__method__`).
        method: u32,
        defined_class: Value,
        /// The block of the frame that created this block (`yield` inside a block).
        outer_block: Option<Block>,
        /// The frame `return` unwinds to.
        home: u64,
        cref: Rc<Cref>,
        /// Identifies the call the block was passed to, for `break`.
        tag: u64,
    },
    Proc(Value),
    /// `&:name`: calls `name` on the first value; with the scope it was written in when
    /// refinements may be active there.
    Symbol(u32, Option<Rc<Cref>>),
    Method(Value),
    /// A block implemented in Rust (Enumerable natives iterating a Ruby `each`).
    Native(NativeBlock),
}

pub type Block = Rc<BlockData>;

/// The block a frame received. A literal block passed by a Ruby call that the dispatch loop
/// entered inline stays a record until something needs it as a value (CRuby's block handler
/// pointing into the caller's frame): `Literal` names the frame that wrote the block and the
/// block's code among that frame's children, and `Vm::frame_block` makes the heap `Block` from
/// them when a native, a Proc, a binding or a nested block needs it. `yield` runs it without.
///
/// Invariant: a `Literal` lives only in its `callee` frame and in block frames above it (block
/// frames yielded to from there copy it), and `callee` is above `creator`, so both frames are
/// on the stack whenever a `Literal` is read. Everything that outlives a frame holds a `Block`.
#[derive(Debug, Clone, Default)]
pub enum FrameBlock {
    #[default]
    None,
    Heap(Block),
    Literal {
        /// Index of the frame whose code contains the block literal.
        creator: u32,
        /// The block's code: `code.children[child]` of the creator frame.
        child: u32,
        /// Index of the frame the block was passed to: its `call_tag` is the tag of that call
        /// (the block's `break` ends it). Kept as an index, not the tag itself, so that a
        /// `FrameBlock` is 16 bytes and a `Frame` fits in 128 (pushed without a memcpy call).
        callee: u32,
    },
}

impl FrameBlock {
    pub fn is_some(&self) -> bool {
        !matches!(self, FrameBlock::None)
    }
}

impl From<Option<Block>> for FrameBlock {
    fn from(b: Option<Block>) -> FrameBlock {
        match b {
            Some(b) => FrameBlock::Heap(b),
            None => FrameBlock::None,
        }
    }
}

/// What a native block runs: called with the yielded values, answers the block's value.
pub type NativeBlockFn = dyn Fn(&mut super::Vm, &[Value]) -> VmResult;

/// The closure of a `BlockData::Native`, called with the yielded values. The Ruby values the
/// closure uses are listed in `roots` so that they live as long as the block (it may escape as
/// a Proc).
#[derive(Clone)]
pub struct NativeBlock {
    pub f: Rc<NativeBlockFn>,
    pub roots: Vec<Value>,
}

impl std::fmt::Debug for NativeBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NativeBlock")
    }
}

impl BlockData {
    pub fn mark(&self, m: &mut Marker) {
        match self {
            BlockData::Code {
                self_,
                env,
                outer_block,
                cref,
                defined_class,
                ..
            } => {
                m.mark(*self_);
                m.mark(*defined_class);
                if let Some(e) = env {
                    m.mark_env(*e);
                }
                if let Some(b) = outer_block {
                    b.mark(m);
                }
                mark_cref(cref, m);
            }
            BlockData::Proc(v) | BlockData::Method(v) => m.mark(*v),
            BlockData::Native(n) => m.mark_all(&n.roots),
            BlockData::Symbol(_, scope) => {
                if let Some(c) = scope {
                    mark_cref(c, m);
                }
            }
        }
    }
    pub fn envs(&self, out: &mut Vec<EnvRef>) {
        if let BlockData::Code {
            env: Some(e),
            outer_block,
            ..
        } = self
        {
            out.push(*e);
            if let Some(b) = outer_block {
                b.envs(out);
            }
        }
    }
    pub fn values(&self, out: &mut Vec<Value>) {
        match self {
            BlockData::Code {
                self_,
                outer_block,
                cref,
                defined_class,
                ..
            } => {
                out.push(*self_);
                out.push(*defined_class);
                cref_values(cref, out);
                if let Some(b) = outer_block {
                    b.values(out);
                }
            }
            BlockData::Proc(v) | BlockData::Method(v) => out.push(*v),
            BlockData::Native(n) => out.extend_from_slice(&n.roots),
            BlockData::Symbol(_, scope) => {
                if let Some(c) = scope {
                    cref_values(c, out);
                }
            }
        }
    }
}

/// Appends the values scope `c` and its parents hold (classes and refinements).
fn cref_values(c: &Rc<Cref>, out: &mut Vec<Value>) {
    let mut c = Some(c);
    while let Some(cr) = c {
        out.push(cr.klass);
        out.extend(cr.refined.iter().flat_map(|&(k, r)| [k, r]));
        c = cr.parent.as_ref();
    }
}

pub fn mark_cref(c: &Rc<Cref>, m: &mut Marker) {
    let mut c = Some(c);
    while let Some(cr) = c {
        m.mark(cr.klass);
        for &(k, r) in &cr.refined {
            m.mark(k);
            m.mark(r);
        }
        c = cr.parent.as_ref();
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    Top,
    Method,
    Block,
    Lambda,
    Class,
    /// Code compiled by eval, instance_eval or class_eval from a string.
    Eval,
    Native,
}

pub struct Frame {
    pub kind: FrameKind,
    pub code: Option<Rc<Code>>,
    /// The method entry running (or that a block belongs to); NO_METHOD for none.
    pub method: u32,
    /// The class the method was found in (where `super` continues the search).
    pub defined_class: Value,
    pub self_: Value,
    /// The block passed to this method (for `yield`, `block_given?`).
    pub block: FrameBlock,
    /// This frame's own environment, made when something captures the frame (else None).
    pub env: Option<EnvRef>,
    /// The enclosing scopes' environments (`get_env` level 0 is this one).
    pub outer: Option<EnvRef>,
    pub base: u32,
    /// Number of arguments passed (zsuper, natives).
    pub argc: u32,
    pub pc: u32,
    pub id: u64,
    /// The frame id `return` targets.
    pub home: u64,
    pub cref: Rc<Cref>,
    /// For block frames: the tag of the block (a lambda catches its own `break`).
    pub tag: u64,
    /// For a method frame the dispatch loop entered itself, without recursing into `execute`
    /// (see `Vm::enter_inline`): the ensure-stack length to restore when it is left.
    /// `NOT_INLINE` for frames entered by a Rust call.
    pub inline: u32,
    /// The frame's special variable `$~` (the last MatchData, or nil). Blocks read and set
    /// their method's (`Vm::svar_frame`), as CRuby keeps it in the method's local environment.
    pub svar: Value,
    /// For a frame the dispatch loop entered inline for a call with a literal block: that
    /// block's tag, so that its `break` ends the call here (0 for none).
    pub call_tag: u64,
    /// For a frame the dispatch loop entered inline: its call's value is not used
    /// (`CallSite::discard`), so leaving pushes nothing for the caller.
    pub discard: bool,
    /// For a frame the dispatch loop entered for the `initialize` of an object `new` made
    /// (`Vm::enter_new`): leaving it gives the call the object (`self_`), not its value.
    pub ctor: bool,
}

/// `Frame::inline` of a frame entered by a Rust call.
pub const NOT_INLINE: u32 = u32::MAX;

impl Frame {
    /// A frame of `kind` with the given `id` and scope and nothing else yet: no code, method,
    /// self, block or environments, base, argc and pc 0, `home` its own `id`, no tags, entered
    /// by a Rust call (`NOT_INLINE`). Every push names what differs (`..Frame::bare(..)`).
    #[inline(always)]
    pub fn bare(kind: FrameKind, id: u64, cref: Rc<Cref>) -> Frame {
        Frame {
            kind,
            code: None,
            method: NO_METHOD,
            defined_class: Value::NIL,
            self_: Value::NIL,
            block: FrameBlock::None,
            env: None,
            outer: None,
            base: 0,
            argc: 0,
            pc: 0,
            id,
            home: id,
            cref,
            tag: 0,
            inline: NOT_INLINE,
            svar: Value::NIL,
            call_tag: 0,
            discard: false,
            ctor: false,
        }
    }
}

/// A popped frame stays in the frame stack for the next push to rewrite (`ReuseStack`): it
/// lets go of its block, whose sole ownership lets the block be recycled (`recycle_block`).
/// Its code and scope stay referenced until the slot is reused; nothing reads its values.
impl crate::object::reuse::Retire for Frame {
    #[inline(always)]
    fn retire(&mut self) {
        if let FrameBlock::Heap(_) = self.block {
            self.block = FrameBlock::None;
        }
    }
}

#[cfg(test)]
mod tests {
    /// A frame is written on every call.
    #[test]
    fn frame_size() {
        // 128 bytes or less: LLVM copies it inline instead of calling memcpy on each push
        assert_eq!(std::mem::size_of::<super::FrameBlock>(), 16);
        assert!(std::mem::size_of::<super::Frame>() <= 128);
    }

    /// Every native returns a `VmResult`: two words come back in registers.
    #[test]
    fn result_sizes() {
        use super::{Unwind, Value, VmResult};
        assert_eq!(std::mem::size_of::<Unwind>(), 8);
        assert_eq!(std::mem::size_of::<VmResult>(), 16);
        assert_eq!(std::mem::size_of::<VmResult<()>>(), 8);
        let u = Unwind::Break(7, Value::fixnum(1));
        assert!(matches!(*u.kind(), super::UnwindKind::Break(7, v) if v == Value::fixnum(1)));
        assert_eq!(u.raised(), None);
        assert_eq!(Unwind::Raise(Value::NIL).raised(), Some(Value::NIL));
    }
}
