//! Compiler scopes: the code object being built, its local variable table, loop and rescue
//! contexts, and the label/patch helpers the statement compiler uses.

use crate::object::string::Encoding;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::code::{CallSite, Code, CodeKind, ConstSite, Handler, IvarSite, ParamInfo, StrLit};
use crate::vm::insn::Insn;
use std::rc::Rc;

/// A `while`/`until` loop being compiled: where `redo` jumps, and the `break` jumps to patch
/// once the loop's end is known (`next` jumps are patched to the condition the same way).
pub struct LoopCtx {
    pub redo_target: u32,
    pub breaks: Vec<usize>,
    pub nexts: Vec<usize>,
    /// How many ensure bodies were open when the loop started: a `break`/`next` runs the
    /// deeper ones inline before it jumps.
    pub ensure_depth: usize,
}

pub struct Scope {
    pub kind: CodeKind,
    pub label: String,
    pub first_line: u32,
    pub insns: Vec<Insn>,
    pub lines: Vec<u32>,
    pub consts: Vec<Value>,
    pub strings: Vec<StrLit>,
    pub call_sites: Vec<CallSite>,
    pub const_sites: Vec<ConstSite>,
    pub ivar_sites: Vec<IvarSite>,
    pub children: Vec<Rc<Code>>,
    pub handlers: Vec<Handler>,
    pub locals: Vec<u32>,
    pub params: ParamInfo,
    pub method_name: Option<u32>,
    pub block_depth: u32,
    pub loops: Vec<LoopCtx>,
    /// Start pcs of the begin/rescue regions whose rescue bodies enclose the current point.
    /// Where `retry` re-enters a begin body, and the hidden local holding the `$!` to restore.
    pub retry_targets: Vec<(u32, u32)>,
    pub ensure_depth: u32,
    /// The ensure bodies enclosing the current point (for jumps out of loops).
    pub ensures: Vec<crate::ast::Node>,
    /// A `for` body: new locals belong to the enclosing scope.
    pub for_body: bool,
    /// Block without declared parameters: `_1`.. and `it` become parameters.
    pub numbered_ok: bool,
    pub line: u32,
    /// The highest jump target patched so far (an instruction there must not be fused away).
    pub last_label: u32,
}

impl Scope {
    pub fn new(kind: CodeKind, label: String, line: u32) -> Scope {
        Scope {
            kind,
            label,
            first_line: line,
            insns: Vec::new(),
            lines: Vec::new(),
            consts: Vec::new(),
            strings: Vec::new(),
            call_sites: Vec::new(),
            const_sites: Vec::new(),
            ivar_sites: Vec::new(),
            children: Vec::new(),
            handlers: Vec::new(),
            locals: Vec::new(),
            params: ParamInfo::default(),
            method_name: None,
            block_depth: 0,
            loops: Vec::new(),
            retry_targets: Vec::new(),
            ensure_depth: 0,
            ensures: Vec::new(),
            for_body: false,
            numbered_ok: false,
            line,
            last_label: 0,
        }
    }

    /// Emits a `Pop`, fusing it with a preceding store (`SetLocal`, `SetEnv`, `SetIvar`) when
    /// no jump lands between them.
    pub fn emit_pop(&mut self) {
        let pc = self.pc();
        if self.last_label < pc {
            let fused = match self.insns.last() {
                Some(&Insn::SetLocal(i)) => Some(Insn::SetLocalPop(i)),
                Some(&Insn::SetEnv(x)) => Some(Insn::SetEnvPop(x)),
                Some(&Insn::SetIvar(i)) => Some(Insn::SetIvarPop(i)),
                // a call as a statement: it pushes no value (see `CallSite::discard`)
                Some(&Insn::Send(cs) | &Insn::OptAset(cs)) => {
                    self.call_sites[cs as usize].discard = true;
                    return;
                }
                _ => None,
            };
            if let Some(f) = fused {
                *self.insns.last_mut().expect("insn") = f;
                return;
            }
        }
        self.emit(Insn::Pop);
    }

    pub fn emit(&mut self, insn: Insn) -> usize {
        self.insns.push(insn);
        self.lines.push(self.line);
        self.insns.len() - 1
    }

    pub fn pc(&self) -> u32 {
        self.insns.len() as u32
    }

    /// Points the jump at `at` to the current pc.
    pub fn patch(&mut self, at: usize) {
        let here = self.pc();
        self.patch_to(at, here);
    }

    pub fn patch_to(&mut self, at: usize, target: u32) {
        self.last_label = self.last_label.max(target);
        self.insns[at] = match self.insns[at] {
            Insn::Jump(_) => Insn::Jump(target),
            Insn::JumpIf(_) => Insn::JumpIf(target),
            Insn::JumpUnless(_) => Insn::JumpUnless(target),
            Insn::JumpIfNil(_) => Insn::JumpIfNil(target),
            other => other,
        };
    }

    pub fn add_const(&mut self, v: Value) -> u32 {
        if let Some(i) = self.consts.iter().position(|&c| c == v) {
            return i as u32;
        }
        self.consts.push(v);
        (self.consts.len() - 1) as u32
    }

    pub fn add_string(&mut self, s: &[u8], encoding: Encoding) -> u32 {
        self.strings.push(StrLit {
            bytes: s.to_vec(),
            flags: crate::object::string::literal_flags(encoding, s.is_ascii()),
        });
        (self.strings.len() - 1) as u32
    }

    pub fn add_call(&mut self, name: &str, argc: u32, flags: u8, block: Option<u32>) -> u32 {
        self.call_sites.push(CallSite {
            name: intern(name),
            argc,
            flags,
            block,
            cache: Default::default(),
            fast: std::cell::Cell::new(crate::vm::code::NO_ATTR),
            native: std::cell::Cell::new(None),
            iseq: std::cell::Cell::new(None),
            attr: Default::default(),
            kw_names: None,
            discard: false,
        });
        (self.call_sites.len() - 1) as u32
    }

    /// A new `get_const` site for `name` (each site has its own cache).
    pub fn add_const_site(&mut self, name: &str) -> u32 {
        self.const_sites.push(ConstSite {
            name: intern(name),
            cache: Default::default(),
            cache_cref: Default::default(),
            scoped: Default::default(),
        });
        (self.const_sites.len() - 1) as u32
    }

    /// A new `get_ivar`/`set_ivar` site for `name`.
    pub fn add_ivar_site(&mut self, name: &str) -> u32 {
        self.ivar_sites.push(IvarSite {
            name: intern(name),
            cache: Default::default(),
        });
        (self.ivar_sites.len() - 1) as u32
    }

    pub fn find_local(&self, name: &str) -> Option<u32> {
        let id = intern(name);
        self.locals.iter().position(|&l| l == id).map(|i| i as u32)
    }

    /// Adds a local slot (hidden temporaries use the empty name, which never matches a lookup).
    pub fn add_local(&mut self, name: &str) -> u32 {
        self.locals.push(intern(name));
        (self.locals.len() - 1) as u32
    }

    /// Finishes the scope. A scope's own locals are always its frame's stack slots (`get_local`),
    /// whether or not a block captures them (the frame's environment is made at run time, when
    /// something captures it: see `Vm::capture_env`); `get_env` levels count from the scope's
    /// enclosing scope. So every scope gets the superinstructions.
    pub fn finish(mut self, file: Rc<str>, frozen: bool) -> Code {
        self.params.finish();
        super::fuse::fuse(&mut self.insns);
        let max_stack = Code::max_stack(&self.insns, self.handlers.len());
        Code {
            kind: self.kind,
            label: self.label,
            file,
            first_line: self.first_line,
            insns: self.insns,
            lines: self.lines,
            consts: self.consts,
            strings: self.strings,
            call_sites: self.call_sites,
            const_sites: self.const_sites,
            ivar_sites: self.ivar_sites,
            children: self.children,
            handlers: self.handlers,
            local_names: self.locals.into(),
            params: self.params,
            method_name: self.method_name,
            block_depth: self.block_depth,
            frozen_literals: frozen,
            max_stack,
        }
    }
}
