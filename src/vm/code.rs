//! Code objects: the compiled form of one method, block, class body or program.
//!
//! A `Code` holds its instructions with a parallel line table, constant pools, call sites
//! (each with an inline method cache), exception handlers and child code objects. It is
//! immutable after compilation except for the inline caches (Cells).

use super::insn::Insn;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use std::cell::Cell;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeKind {
    Top,
    Method,
    Block,
    Class,
    /// A string compiled by `eval`/`instance_eval`/`class_eval`: its locals are its own, and
    /// names it does not declare resolve through the binding's environments.
    Eval,
}

/// Call-site flags.
pub const CS_SPLAT: u8 = 1;
pub const CS_KWARGS: u8 = 2;
pub const CS_BLOCKARG: u8 = 4;
/// Receiver-less call (`foo(x)`): private methods are allowed, NameError for vcalls.
pub const CS_FCALL: u8 = 8;
/// A bare identifier that might have been a local variable (`foo`): NameError wording.
pub const CS_VCALL: u8 = 16;
/// Zero-argument `super` (passes the frame's own arguments).
pub const CS_ZSUPER: u8 = 32;
/// Receiver is `self` written explicitly (`self.foo = 1`): private setters are allowed.
pub const CS_SELF: u8 = 64;
/// Keywords passed as separate values (`f(a: 1, b: 2)` with literal symbol keys and no `**`):
/// their names are the site's `kw_names`, their values the last `kw_names.len()` of the `argc`
/// values on the stack. A callee with keyword parameters binds them straight into its keyword
/// slots; any other callee gets them as one Hash (`Vm::kwlist_to_hash`).
pub const CS_KWLIST: u8 = 128;

/// What a call-site's inline cache remembers: the receiver class and method-state serial it
/// was filled for, and the method found.
#[derive(Clone, Copy, Debug, Default)]
pub struct CacheEntry {
    pub klass: u64,
    pub serial: u64,
    pub method: u32,
    /// For a `super` site: the class the calling method was found in (where the search for
    /// the super method continues), part of the key.
    pub owner: u64,
}

/// `CallSite::iseq`: the facts about a Ruby method that its call site enters it by.
#[derive(Clone, Copy, Debug)]
pub struct SiteMethod {
    /// The pc its body starts at (after the optional parameters' defaults, none here).
    pub start: u32,
    /// Its locals, arguments included: the slots the frame takes.
    pub nlocals: u32,
    /// The class it was found in (the frame's `defined_class`).
    pub owner: crate::object::value::Value,
    /// The addresses of its code and scope (compared with a kept frame's, never read).
    pub ids: (*const Code, *const super::frame::Cref),
}

/// `CallSite::fast` of a site whose cached method is not a frameless attribute read or write.
pub const NO_ATTR: u32 = u32::MAX;

/// The bit of `CallSite::fast` that marks a writer (symbol ids stay below it).
pub const ATTR_WRITER: u32 = 1 << 31;

#[derive(Debug)]
pub struct CallSite {
    pub name: u32,
    /// Values on the stack for the arguments (a splatted argument list counts as one array;
    /// the keyword hash counts one; the block-pass value is not counted).
    pub argc: u32,
    pub flags: u8,
    /// A literal block: index into `children`.
    pub block: Option<u32>,
    pub cache: Cell<CacheEntry>,
    /// The instance variable when the method in `cache` is an attribute reader or writer
    /// (`| ATTR_WRITER`) this site may call without a frame (no block of any kind, no splat or
    /// keywords, the reader's or writer's argument count, and public or called without a
    /// receiver): the dispatch loop tests this one word first and reads or sets the variable
    /// at once. `NO_ATTR` otherwise.
    pub fast: Cell<u32>,
    /// The native function when the method in `cache` is a native this site may call at once
    /// (the same conditions as `fast`, the site's argument count within the native's arity,
    /// and not `Class#new`, which has its own path): the dispatch loop calls it with no lookup,
    /// arity check or block. None otherwise.
    pub native: Cell<Option<crate::vm::NativeFn>>,
    /// What the dispatch loop needs to enter the method in `cache` at once when it is Ruby
    /// code whose parameters take the site's arguments where they are: exactly that many
    /// required ones, or required ones and every keyword passed in the order declared (no
    /// splat, `**` or block-pass at the site, no `&blk` parameter when the site passes a
    /// literal block, and public or called without a receiver): no entry lookup, visibility
    /// or parameter checks. None otherwise.
    pub iseq: Cell<Option<SiteMethod>>,
    /// When the method found is an attribute reader or writer: its ivar's slot cache.
    pub attr: Cell<IvarCache>,
    /// The keyword names of a `CS_KWLIST` site, in the order their values are pushed.
    pub kw_names: Option<Rc<[u32]>>,
    /// The call is a statement whose value is not used: the `pop` after it was folded into it
    /// (`Scope::emit_pop`), so the dispatch loop pushes no result.
    pub discard: bool,
}

impl CallSite {
    pub fn describe(&self) -> String {
        let mut s = format!("<calldata!mid:{}, argc:{}", sym_name(self.name), self.argc);
        for (bit, name) in [
            (CS_SPLAT, "ARGS_SPLAT"),
            (CS_KWARGS, "KW_SPLAT"),
            (CS_BLOCKARG, "ARGS_BLOCKARG"),
            (CS_FCALL, "FCALL"),
            (CS_VCALL, "VCALL"),
            (CS_ZSUPER, "ZSUPER"),
            (CS_KWLIST, "KWARG"),
        ] {
            if self.flags & bit != 0 {
                s.push('|');
                s.push_str(name);
            }
        }
        if let Some(names) = &self.kw_names {
            let names: Vec<&str> = names.iter().map(|&n| sym_name(n)).collect();
            s.push_str(&format!(", kw:[{}]", names.join(", ")));
        }
        if self.block.is_some() {
            s.push_str(", block");
        }
        if self.discard {
            s.push_str(", pop");
        }
        s.push('>');
        s
    }
}

/// A `get_ivar`/`set_ivar` site: the name, and the slot index it had in the last object's
/// class (every instance of a class keeps an ivar at the same index: `ClassData::ivar_index`).
#[derive(Debug)]
pub struct IvarSite {
    pub name: u32,
    pub cache: Cell<IvarCache>,
}

/// The class (the object's own, singleton included) and method-state serial an `IvarSite`
/// cache was filled for (`Vm::serial` also moves when a class is made, so a collected class's
/// address reused by a new one misses), and the slot index.
#[derive(Clone, Copy, Debug, Default)]
pub struct IvarCache {
    pub klass: u64,
    pub serial: u64,
    pub index: u32,
}

/// A `get_const` site: the name, and the inline cache of its last lookup.
#[derive(Debug)]
pub struct ConstSite {
    pub name: u32,
    /// What the site found (read whole with one `Cell::get` on every execution).
    pub cache: Cell<ConstCache>,
    /// The lexical scope the cache was filled under, kept alive here so that its address
    /// (`ConstCache::cref`) identifies it.
    pub cache_cref: std::cell::RefCell<Option<Rc<super::frame::Cref>>>,
    /// For `Scope::NAME` (`get_const_from`): what the lookup in the scope found.
    pub scoped: Cell<ScopedConstCache>,
}

/// What a `Scope::NAME` site found in module `scope` (its bits), valid while the constant state
/// is the one it was filled under (`Vm::bump_serial` moves it with the method state, also when a
/// class is made, so a collected module's address reused by a new one misses).
#[derive(Clone, Copy, Debug, Default)]
pub struct ScopedConstCache {
    pub filled: bool,
    pub scope: u64,
    pub const_serial: u64,
    pub value: Value,
}

/// What a constant site found, valid while the constant state (`class::const_serial`, which
/// ancestor changes move too: `Vm::bump_serial`) is the one it was filled under, for
/// the same lexical scope (the `Cref` at `cref`, which `ConstSite::cache_cref` keeps alive so
/// that no other scope can have its address). Empty: `const_serial` u64::MAX, which the
/// constant state never reaches.
#[derive(Clone, Copy, Debug)]
pub struct ConstCache {
    pub const_serial: u64,
    pub cref: *const super::frame::Cref,
    pub value: Value,
}

impl Default for ConstCache {
    fn default() -> Self {
        ConstCache {
            const_serial: u64::MAX,
            cref: std::ptr::null(),
            value: Value::NIL,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandlerKind {
    Rescue,
    Ensure,
}

/// An exception-table entry: an unwind raised at a pc in `start..end` continues at `target`
/// with the operand stack cut back to the height saved in local `sp_slot`.
#[derive(Clone, Debug)]
pub struct Handler {
    pub kind: HandlerKind,
    pub start: u32,
    pub end: u32,
    pub target: u32,
    pub sp_slot: u32,
}

/// How arguments map onto the first local slots:
/// `required | optional | rest | post | keywords | kwrest | block`.
#[derive(Clone, Debug, Default)]
pub struct ParamInfo {
    pub required: u32,
    pub optional: u32,
    pub rest: bool,
    pub post: u32,
    /// Keyword names with whether they are required.
    pub keywords: Vec<(u32, bool)>,
    pub kwrest: bool,
    /// `**nil`: keywords are an error rather than a trailing positional hash.
    pub no_kwargs: bool,
    pub block: bool,
    /// Where execution starts when k optional arguments were given (k = 0..=optional).
    pub opt_entry: Vec<u32>,
    /// A block whose parameter list splats a single array argument (`|a, b|`, `|a, |`).
    pub auto_splat: bool,
    /// Any parameters declared at all (`||` and `|a|` count; a bare block does not).
    pub declared: bool,
    /// Slots of the numbered parameters `_1`.. (or `it`) of a block that declares none.
    pub numbered: Vec<u32>,
    /// Only required parameters (no optional, rest, post, keyword, block or numbered ones):
    /// arguments bind by position with no work (set by `finish_params`).
    pub simple: bool,
    /// Only positional parameters (required, optional, rest, post; no keyword, block or
    /// numbered ones): `Vm::bind_positional` binds them in place on the stack.
    pub positional: bool,
    /// Parameter names in order with their kind, for Proc#parameters / Method#parameters.
    pub names: Vec<(&'static str, Option<u32>)>,
}

impl ParamInfo {
    /// Computes the derived flags once the parameters are known.
    pub fn finish(&mut self) {
        self.simple = !self.no_kwargs
            && self.optional == 0
            && !self.rest
            && self.post == 0
            && self.keywords.is_empty()
            && !self.kwrest
            && !self.block
            && self.numbered.is_empty();
        self.positional = !self.no_kwargs
            && self.keywords.is_empty()
            && !self.kwrest
            && !self.block
            && self.numbered.is_empty();
    }

    /// Only required and keyword parameters (maybe `**rest` and `&blk`), `npos` of them
    /// required: the shape `Vm::bind_kwlist` binds a keyword-list call to in place.
    pub fn binds_kwlist(&self, npos: usize) -> bool {
        self.optional == 0
            && !self.rest
            && self.post == 0
            && !self.no_kwargs
            && self.numbered.is_empty()
            && npos == self.required as usize
            && (!self.keywords.is_empty() || self.kwrest)
    }

    /// Whether keyword `names` are this method's keywords, all of them in the order declared,
    /// with no `**rest`: a keyword-list call's values then already sit in their slots.
    pub fn kwlist_in_order(&self, names: &[u32]) -> bool {
        !self.kwrest
            && names.len() == self.keywords.len()
            && names.iter().zip(&self.keywords).all(|(&n, &(k, _))| n == k)
    }

    pub fn slot_rest(&self) -> u32 {
        self.required + self.optional
    }
    pub fn slot_post(&self) -> u32 {
        self.slot_rest() + self.rest as u32
    }
    pub fn slot_kw(&self) -> u32 {
        self.slot_post() + self.post
    }
    pub fn slot_kwrest(&self) -> u32 {
        self.slot_kw() + self.keywords.len() as u32
    }
    pub fn slot_block(&self) -> u32 {
        self.slot_kwrest() + self.kwrest as u32
    }
    pub fn count(&self) -> u32 {
        self.slot_block() + self.block as u32
    }
    /// Method#arity: -(required + 1) when anything is optional, else required.
    pub fn arity(&self) -> i64 {
        let req = (self.required + self.post) as i64;
        let req_kw = self.keywords.iter().any(|k| k.1);
        let req = if req_kw { req + 1 } else { req };
        if self.optional > 0 || self.rest || (!req_kw && (!self.keywords.is_empty() || self.kwrest))
        {
            -(req + 1)
        } else {
            req
        }
    }
}

/// A string literal (`Insn::PushStr`): its bytes, and the header bits of each new String made
/// of it (`string::literal_flags`: chilled, its encoding, and its code range when ASCII-only),
/// worked out when compiled so that an execution sets them in one write without a scan.
#[derive(Debug)]
pub struct StrLit {
    pub bytes: Vec<u8>,
    pub flags: crate::object::string::LiteralFlags,
}

#[derive(Debug)]
pub struct Code {
    pub kind: CodeKind,
    /// Backtrace label base: "<main>", "foo", "<class:Foo>", "block in foo" is derived.
    pub label: String,
    pub file: Rc<str>,
    pub first_line: u32,
    pub insns: Vec<Insn>,
    pub lines: Vec<u32>,
    pub consts: Vec<Value>,
    pub strings: Vec<StrLit>,
    pub call_sites: Vec<CallSite>,
    /// The `get_const` sites (`Insn::GetConst` operands).
    pub const_sites: Vec<ConstSite>,
    /// The `get_ivar`/`set_ivar` sites (their operands).
    pub ivar_sites: Vec<IvarSite>,
    pub children: Vec<Rc<Code>>,
    pub handlers: Vec<Handler>,
    /// Names of the local slots (hidden temporaries have the empty name); shared with the
    /// environments made for this code's frames (Binding and eval read them).
    pub local_names: Rc<[u32]>,
    pub params: ParamInfo,
    /// The method name for `def` bodies (and blocks inside them, for labels and __method__).
    pub method_name: Option<u32>,
    /// Depth of block nesting (0 for methods, classes and the top level).
    pub block_depth: u32,
    /// `# frozen_string_literal: true` was in effect.
    pub frozen_literals: bool,
    /// The most values the frame's operand stack can hold above its locals (see `max_stack`):
    /// entering the frame reserves that much room on the value stack, and the dispatch loop
    /// pushes into it without checks (object/vstack.rs).
    pub max_stack: u32,
}

impl Code {
    pub fn num_locals(&self) -> usize {
        self.local_names.len()
    }

    /// A bound on the operand stack's depth over any run of `insns`. Compiled code is
    /// stack-balanced (each pc has one depth, whatever path reached it), so the depth at a pc is
    /// reached along a path that visits each instruction at most once: it is at most the sum of
    /// what each instruction can add, plus the one value an entered handler pushes (the
    /// exception, or nil for an ensure clause) and the value `Return`/`Break` leave at `Leave`.
    pub fn max_stack(insns: &[Insn], handlers: usize) -> u32 {
        let grow: u64 = insns.iter().map(|i| i.max_growth() as u64).sum();
        (grow + handlers as u64 + 1).min(u32::MAX as u64) as u32
    }
}
