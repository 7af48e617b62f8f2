//! The compiler: AST -> code objects (bytecode), one per program, method, block and class body.
//!
//! Every expression compiles to code that leaves exactly one value on the operand stack;
//! statements pop it. Locals resolve to frame slots at compile time (a bare identifier is a local
//! variable when one of that name was assigned earlier in the scope or an enclosing block's
//! scope, as in Ruby); a block reaches an enclosing scope's locals through `get_env`/`set_env`
//! (levels counted from its enclosing scope), its own through `get_local` (see `Scope::finish`). Method calls get a call site each, with an inline cache; common
//! operators get specialised instructions with a fallback send.
//!
//! This file is the compiler driver and may grow past the usual size: it is one `match` over the
//! node kinds, with the larger pieces (assignment, calls, begin/rescue, parameters) in helper
//! methods below it.

mod cond;
mod fuse;
mod literal;
mod pattern;
mod regexp;
mod scope;

use crate::ast::*;
use crate::magic::Magic;
use crate::object::string::Encoding;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::code::*;
use crate::vm::insn::Insn;
use scope::{LoopCtx, Scope};
use std::rc::Rc;

/// The binary operators with a fast-path instruction (`Compiler::binop`).
const BINOPS: [&str; 17] = [
    "+", "-", "*", "<", "<=", ">", ">=", "==", "[]", "/", "%", "!=", "&", "|", "^", "<<", ">>",
];

/// The keyword names of a `CS_KWLIST` call, if it is one.
type KwNames = Option<Rc<[u32]>>;

/// A compile error (reported as a SyntaxError by the caller).
#[derive(Debug)]
pub struct CompileError {
    pub line: u32,
    pub message: String,
}

type CResult<T = ()> = Result<T, CompileError>;

pub struct Compiler<'v> {
    vm: &'v mut Vm,
    file: Rc<str>,
    frozen: bool,
    /// The source's encoding (its magic comment's): its string literals' encoding.
    encoding: Encoding,
    scopes: Vec<Scope>,
    depth: u32,
    /// For eval'd code: the local names of the binding's environments, innermost first (a name
    /// found in level j resolves to `get_env` through the eval scope's own frame).
    outer: Vec<Rc<[u32]>>,
    /// Compiling eval'd code (registered weakly: see `Vm::register_eval_code`).
    eval: bool,
    /// Compiling a second copy of a loop condition (`while_loop`): its compile-time warnings
    /// were written by the first.
    second_copy: bool,
}

/// Deepest expression nesting the compiler accepts (deeper input is a SyntaxError, not a crash).
const MAX_DEPTH: u32 = 20_000;

/// Compiles a whole program (top-level statements) into its code object.
pub fn compile_program(
    vm: &mut Vm,
    ast: &Node,
    file: &str,
    magic: Magic,
) -> Result<Rc<Code>, CompileError> {
    compile_with_locals(vm, ast, file, magic, &[]).map(|(c, _)| c)
}

/// Compiles a program whose top-level scope starts with `locals` (REPL entries); returns the
/// code and the full local table (for the next entry).
pub fn compile_with_locals(
    vm: &mut Vm,
    ast: &Node,
    file: &str,
    magic: Magic,
    locals: &[u32],
) -> Result<(Rc<Code>, Vec<u32>), CompileError> {
    let mut c = Compiler {
        vm,
        file: Rc::from(file),
        frozen: magic.frozen_string_literal,
        encoding: magic.encoding,
        scopes: Vec::new(),
        depth: 0,
        outer: Vec::new(),
        eval: false,
        second_copy: false,
    };
    let mut top = Scope::new(CodeKind::Top, "<main>".into(), 1);
    top.locals = locals.to_vec();
    c.scopes.push(top);
    c.expr(ast)?;
    c.s().emit(Insn::Leave);
    let scope = c.scopes.pop().expect("top scope");
    let names = scope.locals.clone();
    let code = Rc::new(scope.finish(c.file.clone(), c.frozen));
    c.vm.register_code(&code);
    Ok((code, names))
}

/// Where eval'd code runs: the local names of the binding's environments (innermost first), and
/// the label and block depth of the code it is evaluated in (for backtrace labels).
pub struct EvalContext<'a> {
    pub outer: Vec<Rc<[u32]>>,
    pub label: &'a str,
    pub block_depth: u32,
    pub method_name: Option<u32>,
}

/// Compiles a string given to `eval` (or `instance_eval`/`class_eval`) as an eval scope: its
/// new locals are its own, and other names resolve through the binding's environments.
pub fn compile_eval(
    vm: &mut Vm,
    ast: &Node,
    file: &str,
    magic: Magic,
    cx: EvalContext,
) -> Result<Rc<Code>, CompileError> {
    let mut c = Compiler {
        vm,
        file: Rc::from(file),
        frozen: magic.frozen_string_literal,
        encoding: magic.encoding,
        scopes: Vec::new(),
        depth: 0,
        outer: cx.outer,
        eval: true,
        second_copy: false,
    };
    let mut scope = Scope::new(CodeKind::Eval, cx.label.to_string(), 1);
    scope.block_depth = cx.block_depth;
    scope.method_name = cx.method_name;
    scope.params.opt_entry = vec![0];
    c.scopes.push(scope);
    c.expr(ast)?;
    c.s().emit(Insn::Leave);
    let scope = c.scopes.pop().expect("eval scope");
    let code = Rc::new(scope.finish(c.file.clone(), c.frozen));
    c.vm.register_eval_code(&code);
    Ok(code)
}

/// Whether a name is a numbered block parameter (`_1`..`_9`), returning its number.
fn numbered_param(name: &str) -> Option<u32> {
    let b = name.as_bytes();
    if b.len() == 2 && b[0] == b'_' && (b'1'..=b'9').contains(&b[1]) {
        Some((b[1] - b'0') as u32)
    } else {
        None
    }
}

#[derive(Clone, Copy)]
enum Var {
    Local(u32),
    Env(u32, u32),
}

impl<'v> Compiler<'v> {
    fn s(&mut self) -> &mut Scope {
        self.scopes.last_mut().expect("scope")
    }

    fn err<T>(&self, line: u32, message: impl Into<String>) -> CResult<T> {
        Err(CompileError {
            line,
            message: message.into(),
        })
    }

    // ---- locals ----

    /// Finds a local by name in the current scope or enclosing block scopes.
    fn resolve(&self, name: &str) -> Option<Var> {
        for (k, scope) in self.scopes.iter().rev().enumerate() {
            if let Some(slot) = scope.find_local(name) {
                if k == 0 {
                    return Some(Var::Local(slot));
                }
                return Some(Var::Env(k as u32 - 1, slot));
            }
            if scope.kind == CodeKind::Eval {
                // past the eval scope: the binding's environments, which come after the eval
                // scope's own on the chain
                let id = intern(name);
                for (j, names) in self.outer.iter().enumerate() {
                    if let Some(slot) = names.iter().position(|&n| n == id) {
                        return Some(Var::Env((k + j) as u32, slot as u32));
                    }
                }
                return None;
            }
            if scope.kind != CodeKind::Block {
                return None;
            }
        }
        None
    }

    /// Declares `name` (if new) where assignments put it: the current scope, or for a `for`
    /// body the enclosing one.
    /// Declares the local variables among assignment targets (nested and splatted ones too).
    fn declare_targets(&mut self, targets: &[Target]) {
        for t in targets {
            match t {
                Target::LVar(n) => {
                    self.declare(n);
                }
                Target::Nested(ts) => self.declare_targets(ts),
                Target::Splat(Some(t)) => self.declare_targets(std::slice::from_ref(&**t)),
                _ => {}
            }
        }
    }

    fn declare(&mut self, name: &str) -> Var {
        // Assigning `it` where `it` was read as the block's implicit parameter makes a new
        // local `it` that hides the parameter from then on (Ruby 3.4+: `it; it ||= 1` is 1).
        if name == "it" {
            let it = intern("it");
            let s = self.s();
            if s.numbered_ok
                && let [slot] = s.params.numbered[..]
                && s.locals[slot as usize] == it
            {
                s.locals[slot as usize] = intern("");
                return Var::Local(s.add_local("it"));
            }
        }
        if let Some(v) = self.resolve(name) {
            return v;
        }
        let mut k = self.scopes.len() - 1;
        while self.scopes[k].for_body {
            k -= 1;
        }
        let slot = self.scopes[k].add_local(name);
        let up = (self.scopes.len() - 1 - k) as u32;
        if up == 0 {
            Var::Local(slot)
        } else {
            Var::Env(up - 1, slot)
        }
    }

    fn get_var(&mut self, v: Var) {
        match v {
            Var::Local(i) => self.s().emit(Insn::GetLocal(i)),
            Var::Env(l, i) => self.s().emit(Insn::GetEnv((l << 16) | i)),
        };
    }

    fn set_var(&mut self, v: Var) {
        match v {
            Var::Local(i) => self.s().emit(Insn::SetLocal(i)),
            Var::Env(l, i) => self.s().emit(Insn::SetEnv((l << 16) | i)),
        };
    }

    fn hidden_local(&mut self) -> u32 {
        self.s().add_local("")
    }

    // ---- constants ----

    fn push_value(&mut self, v: Value) {
        let i = self.s().add_const(v);
        self.s().emit(Insn::PushConst(i));
    }

    fn push_fstring(&mut self, bytes: &[u8]) {
        let v = self.vm.fstring(bytes);
        self.push_value(v);
    }

    fn push_sym(&mut self, name: &str) {
        self.push_value(Value::symbol(intern(name)));
    }

    fn push_int(&mut self, i: i64) {
        if let Ok(n) = i32::try_from(i) {
            self.s().emit(Insn::PushInt(n));
        } else {
            let v = self.vm.int(i);
            self.vm.keep(v);
            self.push_value(v);
        }
    }

    /// Emits a call with no block; a plain operator call gets its fast-path instruction.
    fn send(&mut self, name: &str, argc: u32, flags: u8) {
        if flags == 0 && argc == 1 && BINOPS.contains(&name) {
            return self.binop(name);
        }
        let cs = self.s().add_call(name, argc, flags, None);
        let insn = if flags == 0 && argc == 2 && name == "[]=" {
            Insn::OptAset(cs)
        } else {
            Insn::Send(cs)
        };
        self.s().emit(insn);
    }

    // ---- statements and expressions ----

    fn stmt(&mut self, n: &Node) -> CResult {
        match &n.kind {
            NodeKind::If { cond, then, else_ } => {
                return self.stmt_if(n, cond, then.as_deref(), else_.as_deref());
            }
            NodeKind::Asgn(target, value) if plain_setter(target) => {
                return self.stmt_setter(n, target, value);
            }
            NodeKind::OpAsgn(target, op, value)
                if matches!(
                    &**target,
                    Target::Index { .. } | Target::Attr { safe: false, .. }
                ) =>
            {
                return self.stmt_op_assign(n, target, op, value);
            }
            NodeKind::MAsgn(targets, value) => {
                if let NodeKind::Array(elems) = &value.kind
                    && parallel_masgn(targets, elems)
                {
                    return self.stmt_parallel_masgn(n, targets, elems);
                }
            }
            _ => {}
        }
        self.expr(n)?;
        self.s().emit_pop();
        Ok(())
    }

    /// `recv.name = v` or `recv[i] = v` as a statement (`plain_setter`): the setter's own
    /// value is dropped, so the assignment's value (`v`) needs no slot below the receiver (no
    /// `push_nil`, `set_n` and second `pop`, as CRuby compiles a popped attrasgn).
    fn stmt_setter(&mut self, n: &Node, target: &Target, value: &Node) -> CResult {
        self.check_value(value)?;
        self.at_node(n, |c| {
            match target {
                Target::Index { recv, args } => {
                    c.check_index_args(args)?;
                    c.expr(recv)?;
                    let (argc, flags) = c.args(args)?;
                    c.expr(value)?;
                    c.send("[]=", argc + 1, flags);
                }
                Target::Attr { recv, name, .. } => {
                    let self_recv = matches!(recv.kind, NodeKind::SelfRef);
                    c.expr(recv)?;
                    c.expr(value)?;
                    c.send(&format!("{name}="), 1, if self_recv { CS_SELF } else { 0 });
                }
                _ => unreachable!("stmt_setter: attribute or index target"),
            }
            c.s().emit_pop();
            Ok(())
        })
    }

    /// `a, @b = x, y` as a statement (`parallel_masgn`): the values are pushed and stored,
    /// with no Array for the statement's value (as CRuby compiles a popped masgn of a plain
    /// list). Every value is computed before any variable is set, so `a, b = b, a` swaps.
    /// Distinct locals are stored from the last (the order cannot be seen); instance
    /// variables in order.
    fn stmt_parallel_masgn(&mut self, n: &Node, targets: &[Target], elems: &[Node]) -> CResult {
        self.at_node(n, |c| {
            c.declare_targets(targets);
            for e in elems {
                c.expr(e)?;
            }
            if targets.iter().all(|t| matches!(t, Target::LVar(_))) {
                for t in targets.iter().rev() {
                    c.store(t)?;
                    c.s().emit_pop();
                }
            } else {
                // instance variables are set in order: the first set defines the first
                // (`inspect` lists them so)
                let n = targets.len() as u32;
                for (i, t) in targets.iter().enumerate() {
                    c.s().emit(Insn::TopN(n - 1 - i as u32));
                    c.store(t)?;
                    c.s().emit_pop();
                }
                c.s().emit(Insn::PopN(n));
            }
            Ok(())
        })
    }

    /// `recv[i] op= v` or `recv.x op= v` as a statement: `op_assign` without the slot below
    /// the receiver that keeps the assignment's value.
    fn stmt_op_assign(&mut self, n: &Node, target: &Target, op: &str, value: &Node) -> CResult {
        self.at_node(n, |c| c.op_assign(target, op, value, false))
    }

    /// An `if` whose value is unused: its branches are statements, so neither pushes a value
    /// for the `pop` after it to drop (no `push_nil; pop` for a missing branch).
    fn stmt_if(
        &mut self,
        n: &Node,
        cond: &Node,
        then: Option<&Node>,
        else_: Option<&Node>,
    ) -> CResult {
        self.at_node(n, |c| {
            c.cond(cond)?;
            let j = c.s().emit(Insn::JumpUnless(0));
            if let Some(t) = then {
                c.stmt(t)?;
            }
            match else_ {
                Some(e) => {
                    let k = c.s().emit(Insn::Jump(0));
                    c.s().patch(j);
                    c.stmt(e)?;
                    c.s().patch(k);
                }
                None => c.s().patch(j),
            }
            Ok(())
        })
    }

    fn opt_expr(&mut self, n: Option<&Node>) -> CResult {
        match n {
            Some(n) => self.expr(n),
            None => {
                self.s().emit(Insn::PushNil);
                Ok(())
            }
        }
    }

    fn expr(&mut self, n: &Node) -> CResult {
        self.at_node(n, |c| c.expr_inner(n))
    }

    /// Runs `f` to compile node `n`: one level deeper (a SyntaxError past `MAX_DEPTH`), with
    /// the instructions it emits on `n`'s line.
    fn at_node(&mut self, n: &Node, f: impl FnOnce(&mut Self) -> CResult) -> CResult {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(n.line, "expression nested too deeply");
        }
        let saved = self.s().line;
        self.s().line = n.line;
        let r = f(self);
        self.s().line = saved;
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, n: &Node) -> CResult {
        match &n.kind {
            NodeKind::Nil => {
                self.s().emit(Insn::PushNil);
            }
            NodeKind::True => {
                self.s().emit(Insn::PushTrue);
            }
            NodeKind::False => {
                self.s().emit(Insn::PushFalse);
            }
            NodeKind::SelfRef => {
                self.s().emit(Insn::PushSelf);
            }
            NodeKind::Int(i) => self.push_int(*i),
            NodeKind::BigInt(digits) => {
                let v = self.vm.bigint_from_str(digits);
                self.vm.keep(v);
                self.push_value(v);
            }
            NodeKind::Float(f) => {
                let v = self.vm.float(*f);
                self.vm.keep(v);
                self.push_value(v);
            }
            NodeKind::Str(bytes) => self.string_literal(bytes, false),
            NodeKind::DStr(parts) => self.dstring_literal(parts)?,
            NodeKind::SourceEncoding => self.source_encoding(),
            NodeKind::XStr(parts) => {
                // `cmd` is a private call of Kernel#` with the (interpolated) string
                self.s().emit(Insn::PushSelf);
                self.parts(parts)?;
                let enc = self.encoding.index() as u8;
                self.s().emit(Insn::Interp(enc, parts.len() as u32));
                self.send("`", 1, CS_FCALL);
            }
            NodeKind::Sym(name) => self.push_sym(name),
            NodeKind::DSym(parts) => {
                self.parts(parts)?;
                self.s().emit(Insn::InternSym(parts.len() as u32));
            }
            NodeKind::Regex(parts, flags) => self.regex_literal(parts, flags, n.line)?,
            NodeKind::Array(elems) => self.array(elems)?,
            NodeKind::Hash(elems) => self.hash(elems)?,
            NodeKind::Range { lo, hi, excl } => {
                let lit = |n: &Option<Box<Node>>| match n.as_deref().map(|n| &n.kind) {
                    None => Some(Value::NIL),
                    Some(NodeKind::Int(i)) if Value::fits_fixnum(*i) => Some(Value::fixnum(*i)),
                    _ => None,
                };
                if let (Some(a), Some(b)) = (lit(lo), lit(hi)) {
                    let r = self.vm.frozen_range(a, b, *excl);
                    self.push_value(r);
                } else {
                    self.opt_expr(lo.as_deref())?;
                    self.opt_expr(hi.as_deref())?;
                    self.s().emit(Insn::NewRange(*excl as u32));
                }
            }
            NodeKind::File => {
                let f = self.file.clone();
                let i = self.s().add_string(f.as_bytes(), Encoding::Utf8);
                self.s().emit(Insn::PushStr(i));
            }
            NodeKind::CurMethod => {
                self.s().emit(Insn::CurMethod);
            }
            NodeKind::Ident(name) => self.ident(name)?,
            NodeKind::IVar(name) => {
                let site = self.s().add_ivar_site(name);
                self.s().emit(Insn::GetIvar(site));
            }
            NodeKind::GVar(name) => {
                self.s().emit(Insn::GetGlobal(intern(name)));
            }
            NodeKind::CVar(name) => {
                self.s().emit(Insn::GetCvar(intern(name)));
            }
            NodeKind::NthRef(k) => {
                self.s().emit(Insn::GetGlobal(intern(&format!("${k}"))));
            }
            NodeKind::Const(name) => {
                let site = self.s().add_const_site(name);
                self.s().emit(Insn::GetConst(site));
            }
            NodeKind::ScopedConst(scope, name) => match scope {
                Some(s) => {
                    self.expr(s)?;
                    let site = self.s().add_const_site(name);
                    self.s().emit(Insn::GetConstFrom(site));
                }
                None => {
                    self.s().emit(Insn::GetConstTop(intern(name)));
                }
            },
            NodeKind::Asgn(target, value) => {
                self.check_value(value)?;
                // the target is a local from here on, also inside its own value (`x = x`)
                self.declare_targets(std::slice::from_ref(target));
                self.assign(target, value)?
            }
            NodeKind::OpAsgn(target, op, value) => self.op_assign(target, op, value, true)?,
            NodeKind::MAsgn(targets, value) if ordered_masgn(targets) => {
                self.declare_targets(targets);
                self.masgn_ordered(targets, value)?;
            }
            NodeKind::MAsgn(targets, value) => {
                self.declare_targets(targets);
                match &value.kind {
                    NodeKind::Array(elems) => self.array(elems)?,
                    _ => {
                        self.expr(value)?;
                    }
                }
                self.s().emit(Insn::Dup);
                self.destructure(targets)?;
            }
            NodeKind::And(a, b) | NodeKind::Or(a, b) => {
                let and = matches!(n.kind, NodeKind::And(..));
                self.and_or(and, a, b, Self::expr)?;
            }
            NodeKind::Not(a) => self.not(a, Self::expr)?,
            NodeKind::Defined(e) => self.defined(e)?,
            NodeKind::Call {
                recv,
                name,
                args,
                block,
                safe,
            } => self.call(recv.as_deref(), name, args, block.as_deref(), *safe)?,
            NodeKind::Super { args, block } => {
                let (argc, flags) = match args {
                    Some(args) => self.args(args)?,
                    None => (0, CS_ZSUPER),
                };
                let blk = match block {
                    Some(b) => Some(self.block(b, false)?),
                    None => None,
                };
                let name = self
                    .scopes
                    .iter()
                    .rev()
                    .find_map(|s| s.method_name)
                    .map(crate::object::symbol::sym_name)
                    .unwrap_or("");
                let cs = self.s().add_call(name, argc, flags | CS_FCALL, blk);
                self.s().emit(Insn::Super(cs));
            }
            NodeKind::Yield(args) => {
                let (argc, flags) = self.args(args)?;
                let cs = self.s().add_call("yield", argc, flags, None);
                self.s().emit(Insn::Yield(cs));
            }
            NodeKind::Splat(e) => {
                self.expr(e)?;
                self.s().emit(Insn::SplatArray);
            }
            NodeKind::BlockPass(_) | NodeKind::KwHash(_) => {
                return self.err(n.line, "block argument or keywords outside of a call");
            }
            NodeKind::Lambda(b) => {
                let i = self.block(b, true)?;
                self.s().emit(Insn::Lambda(i));
            }
            NodeKind::If { cond, then, else_ } => {
                self.cond(cond)?;
                let j = self.s().emit(Insn::JumpUnless(0));
                self.opt_expr(then.as_deref())?;
                let k = self.s().emit(Insn::Jump(0));
                self.s().patch(j);
                self.opt_expr(else_.as_deref())?;
                self.s().patch(k);
            }
            NodeKind::While {
                cond,
                body,
                until,
                do_while,
            } => self.while_loop(cond, body.as_deref(), *until, *do_while)?,
            NodeKind::For { var, iter, body } => {
                self.for_loop(var, iter, body.as_deref(), n.line)?
            }
            NodeKind::CaseIn {
                subject,
                clauses,
                else_,
            } => self.case_in(subject, clauses, else_.as_ref().map(|e| e.as_deref()))?,
            NodeKind::MatchPattern {
                value,
                pattern,
                raise,
            } => self.match_pattern(value, pattern, *raise)?,
            NodeKind::PinLocal(name) => self.ident(name)?,
            NodeKind::Preexe(_) => return self.err(n.line, "BEGIN is permitted only at toplevel"),
            NodeKind::Rational(text) => {
                let v = self.rational_literal(text, n.line)?;
                self.push_value(v);
            }
            NodeKind::Imaginary(inner) => {
                let re = match &inner.kind {
                    NodeKind::Int(i) => self.vm.int(*i),
                    NodeKind::Float(f) => self.vm.float(*f),
                    NodeKind::Rational(text) => self.rational_literal(text, n.line)?,
                    NodeKind::BigInt(s) => self.vm.bigint_from_str(s),
                    _ => return self.err(n.line, "invalid imaginary literal"),
                };
                self.vm.keep(re);
                let v = crate::core::complex::imaginary_literal(self.vm, re);
                self.vm.keep(v);
                self.push_value(v);
            }
            NodeKind::DeclareLocals(names) => {
                for name in names {
                    self.declare(name);
                }
                self.s().emit(Insn::PushNil);
            }
            NodeKind::Case {
                subject,
                whens,
                else_,
            } => self.case(subject.as_deref(), whens, else_.as_deref())?,
            NodeKind::Break(v) => self.break_(v.as_deref(), n.line)?,
            NodeKind::Next(v) => self.next_(v.as_deref(), n.line)?,
            NodeKind::Redo => {
                if let Some(l) = self.s().loops.last() {
                    let t = l.redo_target;
                    self.s().emit(Insn::Jump(t));
                } else if self.s().kind == CodeKind::Block {
                    let t = self.s().params.opt_entry.last().copied().unwrap_or(0);
                    self.s().emit(Insn::Jump(t));
                } else {
                    return self.err(n.line, "Invalid redo");
                }
                self.s().emit(Insn::PushNil);
            }
            NodeKind::Retry => {
                let Some(&(t, prev_err)) = self.s().retry_targets.last() else {
                    return self.err(
                        n.line,
                        "Invalid retry; retry must be inside a rescue clause",
                    );
                };
                // the rescued exception stops being `$!`, as when the clause ends
                self.s().emit(Insn::GetLocal(prev_err));
                self.s().emit(Insn::SetGlobal(intern("$!")));
                self.s().emit(Insn::Pop);
                self.s().emit(Insn::Jump(t));
                self.s().emit(Insn::PushNil);
            }
            NodeKind::Return(v) => {
                if self.s().kind == CodeKind::Class {
                    return self.err(n.line, "Invalid return in class/module body");
                }
                self.opt_expr(v.as_deref())?;
                let s = self.s();
                if matches!(s.kind, CodeKind::Block | CodeKind::Eval) || s.ensure_depth > 0 {
                    s.emit(Insn::Return);
                } else {
                    s.emit(Insn::Leave);
                }
                self.s().emit(Insn::PushNil);
            }
            NodeKind::Begin(body) => self.body_stmt(body)?,
            NodeKind::RescueMod(e, fallback) => {
                let body = BodyStmt {
                    body: Some(e.clone()),
                    rescues: vec![RescueClause {
                        classes: vec![],
                        var: None,
                        body: Some((**fallback).clone()),
                        line: n.line,
                    }],
                    else_: None,
                    ensure: None,
                };
                self.body_stmt(&body)?;
            }
            NodeKind::Seq(stmts) => {
                if stmts.is_empty() {
                    self.s().emit(Insn::PushNil);
                }
                for (i, st) in stmts.iter().enumerate() {
                    if i + 1 == stmts.len() {
                        self.expr(st)?;
                    } else {
                        self.stmt(st)?;
                    }
                }
            }
            NodeKind::Def {
                singleton,
                name,
                params,
                body,
            } => {
                let code = self.method_body(name, params, body, n.line)?;
                let i = self.add_child(code);
                match singleton {
                    Some(obj) => {
                        self.expr(obj)?;
                        self.s().emit(Insn::DefSingleton(i));
                    }
                    None => {
                        self.s().emit(Insn::DefMethod(i));
                    }
                }
            }
            NodeKind::Class {
                path,
                superclass,
                body,
            } => {
                let name = self.cpath(path)?;
                self.opt_expr(superclass.as_deref())?;
                let code = self.class_body(&format!("<class:{name}>"), &name, body, n.line)?;
                let i = self.add_child(code);
                self.s().emit(Insn::DefClass(i));
            }
            NodeKind::Module { path, body } => {
                let name = self.cpath(path)?;
                let code = self.class_body(&format!("<module:{name}>"), &name, body, n.line)?;
                let i = self.add_child(code);
                self.s().emit(Insn::DefModule(i));
            }
            NodeKind::SClass { target, body } => {
                self.expr(target)?;
                let code = self.class_body("singleton class", "", body, n.line)?;
                let i = self.add_child(code);
                self.s().emit(Insn::DefSClass(i));
            }
            NodeKind::Alias(new, old) => {
                let global = matches!(&new.kind, NodeKind::Sym(s) if s.starts_with('$'));
                self.expr(new)?;
                self.expr(old)?;
                self.s().emit(if global {
                    Insn::AliasGlobal
                } else {
                    Insn::Alias
                });
            }
            NodeKind::Undef(names) => {
                for name in names {
                    if let NodeKind::Sym(s) = &name.kind {
                        self.s().emit(Insn::Undef(intern(s)));
                    } else {
                        self.expr(name)?;
                        self.s().emit(Insn::UndefDyn);
                    }
                }
                self.s().emit(Insn::PushNil);
            }
        }
        Ok(())
    }

    /// The Rational a `3r`/`1.5r` literal stands for, kept alive as a constant.
    fn rational_literal(&mut self, text: &str, line: u32) -> CResult<Value> {
        match crate::core::rational::from_decimal_literal(self.vm, text) {
            Ok(v) => {
                self.vm.keep(v);
                Ok(v)
            }
            Err(_) => self.err(line, format!("invalid rational literal: {text}r")),
        }
    }

    fn add_child(&mut self, code: Code) -> u32 {
        let code = Rc::new(code);
        if self.eval {
            self.vm.register_eval_code(&code);
        } else {
            self.vm.register_code(&code);
        }
        let s = self.s();
        s.children.push(code);
        (s.children.len() - 1) as u32
    }

    fn ident(&mut self, name: &str) -> CResult {
        if let Some(v) = self.resolve(name) {
            self.get_var(v);
            return Ok(());
        }
        if self.s().numbered_ok && (numbered_param(name).is_some() || name == "it") {
            let max = numbered_param(name).unwrap_or(1);
            let s = self.s();
            if name == "it" {
                if let Some(&first) = s.params.numbered.first()
                    && s.locals[first as usize] == intern("_1")
                {
                    let line = s.line;
                    return self.err(
                        line,
                        "'it' is not allowed when a numbered parameter is already used",
                    );
                }
                if s.params.numbered.is_empty() {
                    let slot = s.add_local("it");
                    s.params.numbered.push(slot);
                }
            } else {
                while (s.params.numbered.len() as u32) < max {
                    let k = s.params.numbered.len() + 1;
                    let slot = s.add_local(&format!("_{k}"));
                    s.params.numbered.push(slot);
                }
            }
            let v = self.resolve(name).expect("just declared");
            self.get_var(v);
            return Ok(());
        }
        if name == "it" && self.s().kind == CodeKind::Block {
            // a bare `it` in a block with `|params|` (even `||`)
            let line = self.s().line;
            return self.err(
                line,
                "'it' is not allowed when an ordinary parameter is defined",
            );
        }
        self.s().emit(Insn::PushSelf);
        self.send(name, 0, CS_FCALL | CS_VCALL);
        Ok(())
    }

    fn array(&mut self, elems: &[Node]) -> CResult {
        let plain = elems
            .iter()
            .take_while(|e| !matches!(e.kind, NodeKind::Splat(_)))
            .count();
        for e in &elems[..plain] {
            self.expr(e)?;
        }
        self.s().emit(Insn::NewArray(plain as u32));
        for e in &elems[plain..] {
            match &e.kind {
                NodeKind::Splat(x) => {
                    self.expr(x)?;
                    self.s().emit(Insn::ConcatSplat);
                }
                _ => {
                    self.expr(e)?;
                    self.s().emit(Insn::ArrayPush);
                }
            }
        }
        Ok(())
    }

    /// The parser's warning for a literal key given twice in a hash literal.
    fn warn_duplicate_keys(&mut self, elems: &[HashElem]) {
        if self.second_copy {
            return;
        }
        let key_text = |n: &Node| -> Option<String> {
            match &n.kind {
                NodeKind::Sym(s) => Some(format!(":{s}")),
                NodeKind::Str(b) => Some(crate::core::string::inspect_bytes(b)),
                NodeKind::Int(i) => Some(i.to_string()),
                _ => None,
            }
        };
        let mut seen: Vec<(String, u32)> = Vec::new();
        let mut text = String::new();
        for e in elems {
            let HashElem::Pair(k, _) = e else { continue };
            let Some(t) = key_text(k) else { continue };
            if let Some(i) = seen.iter().position(|(s, _)| *s == t) {
                text.push_str(&format!(
                    "{}:{}: warning: key {t} is duplicated and overwritten on line {}\n",
                    self.file, seen[i].1, k.line
                ));
                seen[i].1 = k.line;
            } else {
                seen.push((t, k.line));
            }
        }
        if !text.is_empty() {
            self.vm.write_err(text.as_bytes());
        }
    }

    fn hash(&mut self, elems: &[HashElem]) -> CResult {
        self.warn_duplicate_keys(elems);
        let plain = elems
            .iter()
            .take_while(|e| matches!(e, HashElem::Pair(..)))
            .count();
        for e in &elems[..plain] {
            if let HashElem::Pair(k, v) = e {
                self.expr(k)?;
                self.expr(v)?;
            }
        }
        self.s().emit(Insn::NewHash(plain as u32));
        for e in &elems[plain..] {
            match e {
                HashElem::DoubleSplat(x) => self.expr(x)?,
                HashElem::Pair(k, v) => {
                    self.expr(k)?;
                    self.expr(v)?;
                    self.s().emit(Insn::NewHash(1));
                }
            }
            self.s().emit(Insn::MergeHash);
        }
        Ok(())
    }

    // ---- assignment ----

    /// `a[i, &b] = v` and `a[i, k: 1] = v` (also with an operator) are CRuby SyntaxErrors.
    fn check_index_args(&self, args: &[Node]) -> CResult {
        for a in args {
            match a.kind {
                NodeKind::BlockPass(_) => {
                    return self.err(
                        a.line,
                        "unexpected block arg given in index assignment; blocks are not allowed in index assignment expressions",
                    );
                }
                NodeKind::KwHash(_) => {
                    return self.err(
                        a.line,
                        "unexpected keyword arg given in index assignment; keywords are not allowed in index assignment expressions",
                    );
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn assign(&mut self, target: &Target, value: &Node) -> CResult {
        match target {
            Target::Index { recv, args } => {
                self.check_index_args(args)?;
                self.s().emit(Insn::PushNil);
                self.expr(recv)?;
                let (argc, flags) = self.args(args)?;
                self.expr(value)?;
                self.s().emit(Insn::SetN(argc + 2));
                if flags == CS_SPLAT {
                    // `a[*i] = v`: the value joins the (fresh) splatted argument array
                    self.s().emit(Insn::ArrayPush);
                    self.send("[]=", 1, CS_SPLAT);
                } else {
                    self.send("[]=", argc + 1, 0);
                }
                self.s().emit(Insn::Pop);
            }
            Target::Attr { recv, name, safe } => {
                self.s().emit(Insn::PushNil);
                let self_recv = matches!(recv.kind, NodeKind::SelfRef);
                self.expr(recv)?;
                let skip = if *safe {
                    Some(self.s().emit(Insn::JumpIfNil(0)))
                } else {
                    None
                };
                self.expr(value)?;
                self.s().emit(Insn::SetN(2));
                self.send(&format!("{name}="), 1, if self_recv { CS_SELF } else { 0 });
                self.s().emit(Insn::Pop);
                if let Some(skip) = skip {
                    let end = self.s().emit(Insn::Jump(0));
                    self.s().patch(skip);
                    self.s().emit(Insn::Pop);
                    self.s().patch(end);
                }
            }
            _ => {
                if let Target::Const { scope: Some(s), .. } = target {
                    self.expr(s)?;
                }
                self.expr(value)?;
                self.store(target)?;
            }
        }
        Ok(())
    }

    /// Stores the top of the stack into a simple target, leaving it there. For `Const` with a
    /// scope, the scope must be just below the value.
    fn store(&mut self, target: &Target) -> CResult {
        match target {
            Target::LVar(name) => {
                let v = self.declare(name);
                self.set_var(v);
            }
            Target::IVar(n) => {
                let site = self.s().add_ivar_site(n);
                self.s().emit(Insn::SetIvar(site));
            }
            Target::GVar(n) => {
                self.s().emit(Insn::SetGlobal(intern(n)));
            }
            Target::CVar(n) => {
                self.s().emit(Insn::SetCvar(intern(n)));
            }
            Target::Const { scope, top, name } => {
                if self.scopes.iter().any(|sc| sc.kind == CodeKind::Method) {
                    let line = self.s().line;
                    return self.err(line, "dynamic constant assignment");
                }
                if scope.is_some() {
                    self.s().emit(Insn::SetConstFrom(intern(name)));
                } else if *top {
                    self.s().emit(Insn::GetConstTop(intern("Object")));
                    self.s().emit(Insn::Swap);
                    self.s().emit(Insn::SetConstFrom(intern(name)));
                } else {
                    self.s().emit(Insn::SetConst(intern(name)));
                }
            }
            _ => unreachable!("store of a compound target"),
        }
        Ok(())
    }

    /// Assigns the top of the stack to `target` and pops it.
    fn assign_top(&mut self, target: &Target) -> CResult {
        match target {
            Target::Index { recv, args } => {
                self.expr(recv)?;
                let (argc, _) = self.args(args)?;
                self.s().emit(Insn::TopN(argc + 1));
                self.send("[]=", argc + 1, 0);
                self.s().emit(Insn::PopN(2));
            }
            Target::Attr { recv, name, .. } => {
                let self_recv = matches!(recv.kind, NodeKind::SelfRef);
                self.expr(recv)?;
                self.s().emit(Insn::TopN(1));
                self.send(&format!("{name}="), 1, if self_recv { CS_SELF } else { 0 });
                self.s().emit(Insn::PopN(2));
            }
            Target::Nested(ts) => self.destructure(ts)?,
            Target::Splat(Some(t)) => self.assign_top(t)?,
            Target::Splat(None) => {
                self.s().emit(Insn::Pop);
            }
            Target::Const { scope: Some(s), .. } => {
                self.expr(s)?;
                self.s().emit(Insn::Swap);
                self.store(target)?;
                self.s().emit(Insn::Pop);
            }
            _ => {
                self.store(target)?;
                self.s().emit(Insn::Pop);
            }
        }
        Ok(())
    }

    /// A multiple assignment whose targets have receivers (`a[i], b.x = ...`), in CRuby's order
    /// (since 3.1): the targets' receivers and index arguments left to right, then the value,
    /// then the assignments. The receivers wait on the stack below the value; each assignment
    /// copies its own up (`TopN`), and they are dropped at the end under the value.
    fn masgn_ordered(&mut self, targets: &[Target], value: &Node) -> CResult {
        let mut pre = 0u32;
        for t in targets {
            pre += self.pre_evaluate(t)?;
        }
        match &value.kind {
            NodeKind::Array(elems) => self.array(elems)?,
            _ => {
                self.expr(value)?;
            }
        }
        self.s().emit(Insn::Dup);
        let mut next = 0;
        self.destructure_at(targets, pre, 2, &mut next)?;
        if pre > 0 {
            self.s().emit(Insn::SetN(pre));
            self.s().emit(Insn::PopN(pre));
        }
        Ok(())
    }

    /// Pushes what target `t` of an ordered multiple assignment evaluates before the value (its
    /// receiver and index arguments, a constant's scope); answers how many values.
    fn pre_evaluate(&mut self, t: &Target) -> CResult<u32> {
        Ok(match t {
            Target::Index { recv, args } => {
                self.check_index_args(args)?;
                self.expr(recv)?;
                for a in args {
                    self.check_value(a)?;
                    self.expr(a)?;
                }
                1 + args.len() as u32
            }
            Target::Attr { recv, .. } => {
                self.expr(recv)?;
                1
            }
            Target::Const { scope: Some(s), .. } => {
                self.expr(s)?;
                1
            }
            Target::Nested(ts) => {
                let mut n = 0;
                for t in ts {
                    n += self.pre_evaluate(t)?;
                }
                n
            }
            Target::Splat(Some(t)) => self.pre_evaluate(t)?,
            _ => 0,
        })
    }

    /// `destructure` for `masgn_ordered`: the `pre` pre-evaluated values lie below `above`
    /// values (the array to destructure on top); `next` counts the pre-evaluated values used.
    fn destructure_at(
        &mut self,
        targets: &[Target],
        pre: u32,
        mut above: u32,
        next: &mut u32,
    ) -> CResult {
        self.s().emit(Insn::ExpandArray(expand_spec(targets)));
        above += targets.len() as u32 - 1;
        for t in targets {
            self.assign_top_at(t, pre, above, next)?;
            above -= 1;
        }
        Ok(())
    }

    /// `assign_top` for `masgn_ordered`: the value on top, `above` values (it included) above
    /// the `pre` pre-evaluated ones, of which this target's start at `next`.
    fn assign_top_at(&mut self, t: &Target, pre: u32, above: u32, next: &mut u32) -> CResult {
        // the depth of pre-evaluated value `i` once `extra` more values are pushed is the same
        // for consecutive ones copied up in order
        let depth = |i: u32| pre + above - 1 - i;
        match t {
            Target::Index { args, .. } => {
                let n = 1 + args.len() as u32;
                let d = depth(*next);
                for _ in 0..n {
                    self.s().emit(Insn::TopN(d));
                }
                *next += n;
                self.s().emit(Insn::TopN(n));
                self.send("[]=", n, 0);
                self.s().emit(Insn::PopN(2));
            }
            Target::Attr { recv, name, .. } => {
                let self_recv = matches!(recv.kind, NodeKind::SelfRef);
                self.s().emit(Insn::TopN(depth(*next)));
                *next += 1;
                self.s().emit(Insn::TopN(1));
                self.send(&format!("{name}="), 1, if self_recv { CS_SELF } else { 0 });
                self.s().emit(Insn::PopN(2));
            }
            Target::Const { scope: Some(_), .. } => {
                self.s().emit(Insn::TopN(depth(*next)));
                *next += 1;
                self.s().emit(Insn::Swap);
                self.store(t)?;
                self.s().emit(Insn::Pop);
            }
            Target::Nested(ts) => self.destructure_at(ts, pre, above, next)?,
            Target::Splat(Some(t)) => self.assign_top_at(t, pre, above, next)?,
            _ => self.assign_top(t)?,
        }
        Ok(())
    }

    /// Destructures the value on top of the stack into `targets` (consuming it).
    fn destructure(&mut self, targets: &[Target]) -> CResult {
        self.s().emit(Insn::ExpandArray(expand_spec(targets)));
        for t in targets {
            self.assign_top(t)?;
        }
        Ok(())
    }

    /// `target op= value`. With `keep`, the assignment's value is left on the stack (in a slot
    /// pushed below the receiver); without it (a statement, `stmt_op_assign`), nothing is: the
    /// setter's value is dropped, and so is the current value when `||=`/`&&=` keeps it. An
    /// attribute target without `keep` is never `&.` (its nil receiver needs the slot).
    fn op_assign(&mut self, target: &Target, op: &str, value: &Node, keep: bool) -> CResult {
        match target {
            Target::Index { recv, args } => {
                self.check_index_args(args)?;
                if keep {
                    self.s().emit(Insn::PushNil);
                }
                self.expr(recv)?;
                let (argc, _) = self.args(args)?;
                self.s().emit(Insn::DupN(argc + 1));
                self.send("[]", argc, 0);
                self.op_value(
                    op,
                    value,
                    |c| c.store_kept(keep, argc + 2, |c| c.send("[]=", argc + 1, 0)),
                    |c| {
                        if keep {
                            c.s().emit(Insn::SetN(argc + 2));
                        }
                        c.s().emit(Insn::PopN(argc + 2));
                        Ok(())
                    },
                )?;
            }
            Target::Attr { recv, name, safe } => {
                debug_assert!(keep || !*safe);
                if keep {
                    self.s().emit(Insn::PushNil);
                }
                self.expr(recv)?;
                let skip = if *safe {
                    Some(self.s().emit(Insn::JumpIfNil(0)))
                } else {
                    None
                };
                self.s().emit(Insn::Dup);
                self.send(name, 0, 0);
                let setter = format!("{name}=");
                self.op_value(
                    op,
                    value,
                    |c| c.store_kept(keep, 2, |c| c.send(&setter, 1, 0)),
                    |c| {
                        if keep {
                            c.s().emit(Insn::SetN(2));
                        }
                        c.s().emit(Insn::PopN(2));
                        Ok(())
                    },
                )?;
                if let Some(skip) = skip {
                    // nil receiver: drop it, leaving the placeholder nil as the result
                    let end = self.s().emit(Insn::Jump(0));
                    self.s().patch(skip);
                    self.s().emit(Insn::Pop);
                    self.s().patch(end);
                }
            }
            _ => {
                if let Target::Const { scope: Some(s), .. } = target {
                    self.expr(s)?;
                }
                match target {
                    Target::LVar(name) => {
                        let v = self.declare(name);
                        self.get_var(v);
                    }
                    Target::IVar(n) => {
                        let site = self.s().add_ivar_site(n);
                        self.s().emit(Insn::GetIvar(site));
                    }
                    Target::GVar(n) => {
                        self.s().emit(Insn::GetGlobal(intern(n)));
                    }
                    Target::CVar(n) => {
                        if op == "||" {
                            self.s().emit(Insn::Defined(4 | (intern(n) << 8)));
                            let j = self.s().emit(Insn::JumpUnless(0));
                            self.s().emit(Insn::GetCvar(intern(n)));
                            let k = self.s().emit(Insn::Jump(0));
                            self.s().patch(j);
                            self.s().emit(Insn::PushNil);
                            self.s().patch(k);
                        } else {
                            self.s().emit(Insn::GetCvar(intern(n)));
                        }
                    }
                    Target::Const { scope, name, .. } => {
                        if op == "||" && scope.is_none() {
                            self.s().emit(Insn::Defined(5 | (intern(name) << 8)));
                            let j = self.s().emit(Insn::JumpUnless(0));
                            {
                                let site = self.s().add_const_site(name);
                                self.s().emit(Insn::GetConst(site));
                            }
                            let k = self.s().emit(Insn::Jump(0));
                            self.s().patch(j);
                            self.s().emit(Insn::PushNil);
                            self.s().patch(k);
                        } else if scope.is_some() {
                            self.s().emit(Insn::Dup);
                            let site = self.s().add_const_site(name);
                            self.s().emit(Insn::GetConstFrom(site));
                        } else {
                            {
                                let site = self.s().add_const_site(name);
                                self.s().emit(Insn::GetConst(site));
                            }
                        }
                    }
                    _ => return self.err(value.line, "invalid op-assign target"),
                }
                let scoped = matches!(target, Target::Const { scope: Some(_), .. });
                self.op_value(
                    op,
                    value,
                    |c| c.store(target),
                    |c| {
                        if scoped {
                            c.s().emit(Insn::Swap);
                            c.s().emit(Insn::Pop);
                        }
                        Ok(())
                    },
                )?;
            }
        }
        Ok(())
    }

    /// With the current value on the stack: computes `cur op value` and stores it with `store`
    /// (which must leave the stored value on top), or for `||`/`&&` keeps the current value
    /// (running `keep`) when the operator short-circuits.
    /// The store of `op_assign` with the new value on top: `setter` consumes the receiver,
    /// its arguments and the value and pushes its own result, which is dropped; with `keep`,
    /// the value is first copied into the slot `depth` below the top.
    fn store_kept(&mut self, keep: bool, depth: u32, setter: impl FnOnce(&mut Self)) -> CResult {
        if keep {
            self.s().emit(Insn::SetN(depth));
            setter(self);
            self.s().emit(Insn::Pop);
        } else {
            setter(self);
            self.s().emit_pop();
        }
        Ok(())
    }

    fn op_value(
        &mut self,
        op: &str,
        value: &Node,
        store: impl FnOnce(&mut Self) -> CResult,
        keep: impl FnOnce(&mut Self) -> CResult,
    ) -> CResult {
        match op {
            "||" | "&&" => {
                self.s().emit(Insn::Dup);
                let j = if op == "||" {
                    self.s().emit(Insn::JumpIf(0))
                } else {
                    self.s().emit(Insn::JumpUnless(0))
                };
                self.s().emit(Insn::Pop);
                self.expr(value)?;
                store(self)?;
                let end = self.s().emit(Insn::Jump(0));
                self.s().patch(j);
                keep(self)?;
                self.s().patch(end);
            }
            _ => {
                self.expr(value)?;
                self.binop(op);
                store(self)?;
            }
        }
        Ok(())
    }

    fn binop(&mut self, op: &str) {
        let cs = self.s().add_call(op, 1, 0, None);
        let insn = match op {
            "+" => Insn::OptPlus(cs),
            "-" => Insn::OptMinus(cs),
            "*" => Insn::OptMult(cs),
            "<" => Insn::OptLt(cs),
            "<=" => Insn::OptLe(cs),
            ">" => Insn::OptGt(cs),
            ">=" => Insn::OptGe(cs),
            "==" => Insn::OptEq(cs),
            "[]" => Insn::OptAref(cs),
            "/" => Insn::OptDiv(cs),
            "%" => Insn::OptMod(cs),
            "!=" => Insn::OptNeq(cs),
            "&" => Insn::OptAnd(cs),
            "|" => Insn::OptOr(cs),
            "^" => Insn::OptXor(cs),
            "<<" => Insn::OptLtLt(cs),
            ">>" => Insn::OptGtGt(cs),
            _ => Insn::Send(cs),
        };
        self.s().emit(insn);
    }

    // ---- calls ----

    /// Pushes call arguments; returns (argc, flags). A splat anywhere makes the positional
    /// arguments one array; bare keywords make one hash; a block-pass value goes last.
    fn args(&mut self, args: &[Node]) -> CResult<(u32, u8)> {
        self.args_kw(args, false)
            .map(|(argc, flags, _)| (argc, flags))
    }

    /// `args`, and with `kwlist` (a plain method call) literal-symbol keywords without `**` pass
    /// as separate values (`CS_KWLIST`, names returned) instead of one hash, and a lone `*a`
    /// passes `a` itself.
    fn args_kw(&mut self, args: &[Node], kwlist: bool) -> CResult<(u32, u8, KwNames)> {
        for a in args {
            self.check_value(a)?;
        }
        let mut flags = 0u8;
        let (args, block_pass) = match args.last() {
            Some(Node {
                kind: NodeKind::BlockPass(b),
                ..
            }) => (&args[..args.len() - 1], Some(b)),
            _ => (args, None),
        };
        let (positional, kw) = match args.last() {
            Some(Node {
                kind: NodeKind::KwHash(elems),
                ..
            }) => (&args[..args.len() - 1], Some(elems)),
            _ => (args, None),
        };
        let mut argc;
        if let [
            Node {
                kind: NodeKind::Splat(x),
                ..
            },
        ] = positional
            && kwlist
            && kw.is_none()
            && block_pass.is_none()
        {
            // `f(*a)` (a plain call: `kwlist`): the value itself is the splat argument; every
            // call path copies its elements out (or converts a non-Array with to_a) before the
            // call, so no fresh Array is needed. (`a[*i] = v` appends to its fresh one.)
            self.expr(x)?;
            flags |= CS_SPLAT;
            argc = 1;
        } else if positional
            .iter()
            .any(|a| matches!(a.kind, NodeKind::Splat(_)))
        {
            self.array(positional)?;
            flags |= CS_SPLAT;
            argc = 1;
        } else {
            for a in positional {
                self.expr(a)?;
            }
            argc = positional.len() as u32;
        }
        let mut kw_names = None;
        if let Some(elems) = kw {
            match Self::literal_keywords(elems).filter(|_| kwlist && flags & CS_SPLAT == 0) {
                Some(names) => {
                    for e in elems {
                        if let HashElem::Pair(_, v) = e {
                            self.expr(v)?;
                        }
                    }
                    flags |= CS_KWLIST;
                    argc += names.len() as u32;
                    kw_names = Some(names.into());
                }
                None => {
                    self.hash(elems)?;
                    flags |= CS_KWARGS;
                    argc += 1;
                }
            }
        }
        if let Some(b) = block_pass {
            match b {
                Some(b) => self.expr(b)?,
                None => {
                    let v = self.resolve("&").ok_or(CompileError {
                        line: self.s().line,
                        message: "no anonymous block parameter".into(),
                    })?;
                    self.get_var(v);
                }
            }
            flags |= CS_BLOCKARG;
        }
        Ok((argc, flags, kw_names))
    }

    /// The names of keyword arguments that are all `name: value` pairs with distinct literal
    /// symbol keys (at most 32), else None.
    fn literal_keywords(elems: &[HashElem]) -> Option<Vec<u32>> {
        let mut names = Vec::with_capacity(elems.len());
        for e in elems {
            let HashElem::Pair(k, _) = e else { return None };
            let NodeKind::Sym(s) = &k.kind else {
                return None;
            };
            let id = intern(s);
            if names.contains(&id) {
                return None;
            }
            names.push(id);
        }
        (!names.is_empty() && names.len() <= 32).then_some(names)
    }

    fn call(
        &mut self,
        recv: Option<&Node>,
        name: &str,
        args: &[Node],
        block: Option<&Block>,
        safe: bool,
    ) -> CResult {
        let mut flags = 0u8;
        match recv {
            None => {
                self.s().emit(Insn::PushSelf);
                flags |= CS_FCALL;
            }
            Some(r) => {
                if matches!(r.kind, NodeKind::SelfRef) {
                    flags |= CS_SELF;
                }
                self.expr(r)?;
            }
        }
        // `a&.b` skips only its own call: CRuby 4.0 evaluates `nil&.b.c` as `(nil&.b).c`.
        let skip = if safe {
            Some(self.s().emit(Insn::JumpIfNil(0)))
        } else {
            None
        };
        let (argc, aflags, kw_names) = self.args_kw(args, true)?;
        flags |= aflags;
        let blk = match block {
            Some(b) => Some(self.block(b, false)?),
            None => None,
        };
        if blk.is_none() && flags & !CS_SELF == 0 && argc == 1 && BINOPS.contains(&name) {
            self.binop(name);
        } else if blk.is_none() && flags & !CS_SELF == 0 && argc == 0 && name == "!" {
            let cs = self.s().add_call("!", 0, 0, None);
            self.s().emit(Insn::OptNot(cs));
        } else if blk.is_none() && flags & !CS_SELF == 0 && argc == 0 && name == "nil?" {
            let cs = self.s().add_call("nil?", 0, 0, None);
            self.s().emit(Insn::OptNilP(cs));
        } else if blk.is_none() && flags == 0 && argc == 0 && matches!(name, "size" | "length") {
            let cs = self.s().add_call(name, 0, 0, None);
            self.s().emit(Insn::OptSize(cs));
        } else if blk.is_none() && flags == 0 && argc == 0 && name == "empty?" {
            let cs = self.s().add_call(name, 0, 0, None);
            self.s().emit(Insn::OptEmptyP(cs));
        } else if blk.is_none() && flags == 0 && argc == 0 && name == "succ" {
            let cs = self.s().add_call(name, 0, 0, None);
            self.s().emit(Insn::OptSucc(cs));
        } else {
            let cs = self.s().add_call(name, argc, flags, blk);
            self.s().call_sites[cs as usize].kw_names = kw_names;
            self.s().emit(Insn::Send(cs));
        }
        if let Some(skip) = skip {
            self.s().patch(skip);
        }
        if name == "=~"
            && argc == 1
            && let Some(names) = recv.and_then(regexp::capture_names)
        {
            self.assign_named_captures(&names);
        }
        Ok(())
    }

    // ---- blocks, methods, classes ----

    /// Compiles a literal block (or lambda body) as a child code object; returns its index.
    fn block(&mut self, b: &Block, _lambda: bool) -> CResult<u32> {
        let parent = self.scopes.last().expect("scope");
        let label = parent.label.clone();
        let depth = parent.block_depth + 1;
        let method_name = parent.method_name;
        let mut scope = Scope::new(CodeKind::Block, label, b.line);
        scope.block_depth = depth;
        scope.method_name = method_name;
        scope.numbered_ok = b.params.is_none();
        self.scopes.push(scope);
        if let Some(p) = &b.params {
            self.params(p, true)?;
        } else {
            self.s().params.opt_entry = vec![0];
        }
        self.body_stmt(&b.body)?;
        self.s().emit(Insn::Leave);
        let mut scope = self.scopes.pop().expect("block scope");
        if !scope.params.numbered.is_empty() {
            let n = scope.params.numbered.len() as u32;
            scope.params.required = n;
            scope.params.declared = true;
            scope.params.auto_splat = n > 1;
            scope.params.names = scope
                .params
                .numbered
                .iter()
                .map(|&s| {
                    (
                        "req",
                        Some(scope.locals[s as usize])
                            .filter(|&n| n != intern("it") && n != intern("")),
                    )
                })
                .collect();
        }
        let code = scope.finish(self.file.clone(), self.frozen);
        Ok(self.add_child(code))
    }

    fn method_body(
        &mut self,
        name: &str,
        params: &Params,
        body: &BodyStmt,
        line: u32,
    ) -> CResult<Code> {
        let mut scope = Scope::new(CodeKind::Method, name.to_string(), line);
        scope.method_name = Some(intern(name));
        self.scopes.push(scope);
        self.params(params, false)?;
        self.body_stmt(body)?;
        self.s().emit(Insn::Leave);
        let scope = self.scopes.pop().expect("method scope");
        Ok(scope.finish(self.file.clone(), self.frozen))
    }

    fn class_body(&mut self, label: &str, name: &str, body: &BodyStmt, line: u32) -> CResult<Code> {
        let mut scope = Scope::new(CodeKind::Class, label.to_string(), line);
        if !name.is_empty() {
            scope.method_name = None;
        }
        self.scopes.push(scope);
        self.body_stmt(body)?;
        self.s().emit(Insn::Leave);
        let scope = self.scopes.pop().expect("class scope");
        let mut code = scope.finish(self.file.clone(), self.frozen);
        code.method_name = Some(intern(name));
        Ok(code)
    }

    /// Pushes the cbase of a class/module path (nil for the lexical scope) and returns the
    /// class's own name.
    fn cpath(&mut self, path: &Node) -> CResult<String> {
        match &path.kind {
            NodeKind::Const(name) => {
                self.s().emit(Insn::PushNil);
                Ok(name.clone())
            }
            NodeKind::ScopedConst(Some(scope), name) => {
                self.expr(scope)?;
                Ok(name.clone())
            }
            NodeKind::ScopedConst(None, name) => {
                self.s().emit(Insn::GetConstTop(intern("Object")));
                Ok(name.clone())
            }
            _ => self.err(path.line, "class/module name must be CONSTANT"),
        }
    }

    /// Declares the parameters as the first locals and emits the defaults' code.
    fn params(&mut self, p: &Params, is_block: bool) -> CResult {
        let mut destructures = Vec::new();
        let mut names: Vec<(&'static str, Option<u32>)> = Vec::new();
        let kind_req = "req";
        let _ = is_block;
        for r in &p.required {
            match r {
                ReqParam::Name(n) => {
                    let slot = self.s().add_local(n);
                    names.push((kind_req, Some(self.s().locals[slot as usize])));
                }
                ReqParam::Destructure(ts) => {
                    let slot = self.hidden_local();
                    destructures.push((slot, ts));
                    names.push((kind_req, None));
                }
            }
        }
        for (n, _) in &p.optional {
            self.s().add_local(n);
            names.push(("opt", Some(intern(n))));
        }
        if let Some(r) = &p.rest {
            self.s().add_local(r.as_deref().unwrap_or("*"));
            names.push(("rest", Some(intern(r.as_deref().unwrap_or("*")))));
        }
        for r in &p.post {
            match r {
                ReqParam::Name(n) => {
                    self.s().add_local(n);
                    names.push((kind_req, Some(intern(n))));
                }
                ReqParam::Destructure(ts) => {
                    let slot = self.hidden_local();
                    destructures.push((slot, ts));
                    names.push((kind_req, None));
                }
            }
        }
        let mut kw_slots = Vec::new();
        for (n, d) in &p.kw {
            let slot = self.s().add_local(n);
            kw_slots.push((slot, d));
            names.push((if d.is_none() { "keyreq" } else { "key" }, Some(intern(n))));
        }
        if let Some(r) = &p.kwrest {
            self.s().add_local(r.as_deref().unwrap_or("**"));
            names.push(("keyrest", Some(intern(r.as_deref().unwrap_or("**")))));
        }
        if p.no_kwargs {
            names.push(("nokey", None));
        }
        if let Some(b) = &p.block {
            self.s().add_local(b.as_deref().unwrap_or("&"));
            names.push(("block", Some(intern(b.as_deref().unwrap_or("&")))));
        }
        for n in &p.block_locals {
            self.s().add_local(n);
        }
        {
            let s = self.s();
            s.params.required = p.required.len() as u32;
            s.params.optional = p.optional.len() as u32;
            s.params.rest = p.rest.is_some();
            s.params.post = p.post.len() as u32;
            s.params.keywords = p.kw.iter().map(|(n, d)| (intern(n), d.is_none())).collect();
            s.params.kwrest = p.kwrest.is_some();
            s.params.no_kwargs = p.no_kwargs;
            s.params.block = p.block.is_some();
            s.params.declared = true;
            s.params.names = names;
            let positional = p.required.len() + p.optional.len() + p.post.len();
            s.params.auto_splat = is_block
                && (positional > 1 || p.rest.is_some() && positional > 0 || p.trailing_comma);
        }
        let mut entries = Vec::new();
        for (i, (name, default)) in p.optional.iter().enumerate() {
            entries.push(self.s().pc());
            self.expr(default)?;
            // a repeated `_x` parameter's default assigns the first `_x`, as in CRuby
            let own = p.required.len() as u32 + i as u32;
            let slot = self.s().find_local(name).unwrap_or(own);
            self.s().emit(Insn::SetLocal(slot));
            self.s().emit(Insn::Pop);
        }
        entries.push(self.s().pc());
        self.s().params.opt_entry = entries;
        for (slot, default) in kw_slots {
            if let Some(d) = default {
                self.s().emit(Insn::IsUndef(slot));
                let j = self.s().emit(Insn::JumpUnless(0));
                // the default may read its own parameter (`def f(k: k)`): nil, never the
                // unset marker
                self.s().emit(Insn::PushNil);
                self.s().emit(Insn::SetLocal(slot));
                self.s().emit(Insn::Pop);
                self.expr(d)?;
                self.s().emit(Insn::SetLocal(slot));
                self.s().emit(Insn::Pop);
                self.s().patch(j);
            }
        }
        // names inside `|(a, b)|` are parameters: local to this scope even when an outer
        // scope has a variable of the same name
        fn declare_params(c: &mut Compiler, ts: &[Target]) {
            for t in ts {
                match t {
                    Target::LVar(n) if c.s().find_local(n).is_none() => {
                        c.s().add_local(n);
                    }
                    Target::Nested(inner) => declare_params(c, inner),
                    Target::Splat(Some(inner)) => declare_params(c, std::slice::from_ref(&**inner)),
                    _ => {}
                }
            }
        }
        for (_, ts) in &destructures {
            declare_params(self, ts);
        }
        for (slot, ts) in destructures {
            self.s().emit(Insn::GetLocal(slot));
            self.destructure(ts)?;
        }
        Ok(())
    }

    // ---- control flow ----

    /// `while`/`until` with the condition at the bottom, as CRuby runs it: an iteration is the
    /// body, the condition and a conditional jump back, one jump fewer than a condition at the
    /// top and a jump back to it. The condition is compiled twice, a copy before the loop as
    /// its entry test and one after the body: compiling it first declares the locals it
    /// assigns (`while (x = a.shift)`) before the body reads them, as the parser saw them.
    /// A condition with a flip-flop keeps one copy at the top (each copy would have its own
    /// state). `begin ... end while` enters at the body.
    fn while_loop(
        &mut self,
        cond: &Node,
        body: Option<&Node>,
        until: bool,
        do_while: bool,
    ) -> CResult {
        let ensure_depth = self.s().ensures.len();
        let top = self.s().pc();
        let rotate = !cond::has_flip_flop(cond);
        let mut exit = None;
        if !do_while {
            self.cond(cond)?;
            exit = Some(if until {
                self.s().emit(Insn::JumpIf(0))
            } else {
                self.s().emit(Insn::JumpUnless(0))
            });
        }
        let body_pc = self.s().pc();
        self.s().loops.push(LoopCtx {
            redo_target: body_pc,
            breaks: Vec::new(),
            nexts: Vec::new(),
            ensure_depth,
        });
        if let Some(b) = body {
            self.stmt(b)?;
        }
        let cond_pc = self.s().pc();
        if do_while || rotate {
            let second = self.second_copy;
            self.second_copy = second || !do_while;
            let r = self.cond(cond);
            self.second_copy = second;
            r?;
            if until {
                self.s().emit(Insn::JumpUnless(body_pc));
            } else {
                self.s().emit(Insn::JumpIf(body_pc));
            }
        } else {
            self.s().emit(Insn::Jump(top));
        }
        if let Some(j) = exit {
            self.s().patch(j);
        }
        self.s().emit(Insn::PushNil);
        let ctx = self.s().loops.pop().expect("loop");
        for n in ctx.nexts {
            self.s()
                .patch_to(n, if do_while || rotate { cond_pc } else { top });
        }
        for b in ctx.breaks {
            self.s().patch(b);
        }
        Ok(())
    }

    /// Inline copies of the ensure bodies a jump out of a loop leaves (innermost first).
    fn inline_ensures(&mut self, down_to: usize) -> CResult {
        let bodies: Vec<Node> = self.s().ensures[down_to..].iter().rev().cloned().collect();
        for b in bodies {
            self.stmt(&b)?;
        }
        Ok(())
    }

    fn break_(&mut self, v: Option<&Node>, line: u32) -> CResult {
        self.opt_expr(v)?;
        if let Some(depth) = self.s().loops.last().map(|l| l.ensure_depth) {
            self.inline_ensures(depth)?;
            let j = self.s().emit(Insn::Jump(0));
            self.s().loops.last_mut().expect("loop").breaks.push(j);
        } else if self.s().kind == CodeKind::Block {
            self.s().emit(Insn::Break);
        } else {
            return self.err(line, "Invalid break");
        }
        self.s().emit(Insn::PushNil);
        Ok(())
    }

    fn next_(&mut self, v: Option<&Node>, line: u32) -> CResult {
        if let Some(depth) = self.s().loops.last().map(|l| l.ensure_depth) {
            if let Some(v) = v {
                self.stmt(v)?;
            }
            self.inline_ensures(depth)?;
            let j = self.s().emit(Insn::Jump(0));
            self.s().loops.last_mut().expect("loop").nexts.push(j);
        } else if self.s().kind == CodeKind::Block {
            self.opt_expr(v)?;
            // leaving the block runs the ensure clauses it is inside (innermost first)
            self.inline_ensures(0)?;
            self.s().emit(Insn::Leave);
        } else {
            return self.err(line, "Invalid next");
        }
        self.s().emit(Insn::PushNil);
        Ok(())
    }

    fn for_loop(&mut self, var: &Target, iter: &Node, body: Option<&Node>, line: u32) -> CResult {
        self.expr(iter)?;
        // Declare simple loop variables in the enclosing scope first.
        fn declare_all(c: &mut Compiler, t: &Target) {
            match t {
                Target::LVar(n) => {
                    c.declare(n);
                }
                Target::Nested(ts) => ts.iter().for_each(|t| declare_all(c, t)),
                Target::Splat(Some(t)) => declare_all(c, t),
                _ => {}
            }
        }
        declare_all(self, var);
        let parent = self.scopes.last().expect("scope");
        let mut scope = Scope::new(CodeKind::Block, parent.label.clone(), line);
        scope.block_depth = parent.block_depth + 1;
        scope.method_name = parent.method_name;
        scope.for_body = true;
        self.scopes.push(scope);
        // `for a, b in x` takes the yielded values like `|a, b|` would (auto-splatting a single
        // array); other targets take the one value.
        let targets: Vec<&Target> = match var {
            Target::Nested(ts) if !ts.iter().any(|t| matches!(t, Target::Splat(_))) => {
                ts.iter().collect()
            }
            _ => vec![var],
        };
        let slots: Vec<u32> = targets.iter().map(|_| self.hidden_local()).collect();
        {
            let s = self.s();
            s.params.required = slots.len() as u32;
            s.params.declared = true;
            s.params.auto_splat = slots.len() > 1;
            s.params.opt_entry = vec![0];
        }
        for (slot, t) in slots.iter().zip(targets) {
            self.s().emit(Insn::GetLocal(*slot));
            self.assign_top(t)?;
        }
        self.opt_expr(body)?;
        self.s().emit(Insn::Leave);
        let scope = self.scopes.pop().expect("for scope");
        let code = scope.finish(self.file.clone(), self.frozen);
        let i = self.add_child(code);
        let cs = self.s().add_call("each", 0, 0, Some(i));
        self.s().emit(Insn::Send(cs));
        Ok(())
    }

    fn case(
        &mut self,
        subject: Option<&Node>,
        whens: &[WhenClause],
        else_: Option<&Node>,
    ) -> CResult {
        let tmp = match subject {
            Some(s) => {
                self.expr(s)?;
                let t = self.hidden_local();
                self.s().emit(Insn::SetLocal(t));
                self.s().emit(Insn::Pop);
                Some(t)
            }
            None => None,
        };
        let mut to_body = Vec::new();
        for w in whens {
            let mut jumps = Vec::new();
            for t in &w.tests {
                self.s().line = t.line;
                match (&t.kind, tmp) {
                    (NodeKind::Splat(list), Some(tmp)) => {
                        self.s().emit(Insn::PushSelf);
                        self.expr(list)?;
                        self.s().emit(Insn::GetLocal(tmp));
                        self.send("__rubra_case_splat", 2, CS_FCALL);
                    }
                    (NodeKind::Splat(list), None) => {
                        self.expr(list)?;
                        self.send("any?", 0, 0);
                    }
                    (_, Some(tmp)) => {
                        self.expr(t)?;
                        self.s().emit(Insn::GetLocal(tmp));
                        let cs = self.s().add_call("===", 1, 0, None);
                        self.s().emit(Insn::OptEqq(cs));
                    }
                    (_, None) => self.expr(t)?,
                }
                jumps.push(self.s().emit(Insn::JumpIf(0)));
            }
            to_body.push(jumps);
        }
        self.opt_expr(else_)?;
        let mut ends = vec![self.s().emit(Insn::Jump(0))];
        for (w, jumps) in whens.iter().zip(to_body) {
            for j in jumps {
                self.s().patch(j);
            }
            self.s().line = w.line;
            self.opt_expr(w.body.as_ref())?;
            ends.push(self.s().emit(Insn::Jump(0)));
        }
        for e in ends {
            self.s().patch(e);
        }
        Ok(())
    }

    fn defined(&mut self, e: &Node) -> CResult {
        let kind = match &e.kind {
            NodeKind::Ident(name) => {
                if self.resolve(name).is_some() {
                    self.push_fstring(b"local-variable");
                    return Ok(());
                }
                self.s().emit(Insn::PushSelf);
                let i = self.s().add_const(Value::symbol(intern(name)));
                self.s().emit(Insn::DefinedMethod(i | (1 << 31)));
                return Ok(());
            }
            NodeKind::Call {
                recv: Some(r),
                name,
                ..
            } => {
                // an undefined receiver makes the whole expression undefined (nil), before
                // anything is evaluated: `defined?(nope.foo)`
                self.defined(r)?;
                let undefined = self.s().emit(Insn::JumpIfNil(0));
                self.s().emit(Insn::Pop);
                self.expr(r)?;
                let i = self.s().add_const(Value::symbol(intern(name)));
                self.s().emit(Insn::DefinedMethod(i));
                self.s().patch(undefined);
                return Ok(());
            }
            NodeKind::Call {
                recv: None, name, ..
            } => {
                self.s().emit(Insn::PushSelf);
                let i = self.s().add_const(Value::symbol(intern(name)));
                self.s().emit(Insn::DefinedMethod(i | (1 << 31)));
                return Ok(());
            }
            // `!x` and `not x` are calls of `!`; `[a, b]` is defined when its elements are
            NodeKind::Not(a) => return self.defined_all(&[&**a], b"method"),
            NodeKind::Array(v) => {
                let parts: Vec<&Node> = v
                    .iter()
                    .filter(|p| !matches!(p.kind, NodeKind::Splat(_)))
                    .collect();
                return self.defined_all(&parts, b"expression");
            }
            NodeKind::IVar(n) => 1 | (intern(n) << 8),
            NodeKind::GVar(n) => 2 | (intern(n) << 8),
            NodeKind::Yield(_) => 3,
            NodeKind::CVar(n) => 4 | (intern(n) << 8),
            NodeKind::Const(n) => 5 | (intern(n) << 8),
            NodeKind::ScopedConst(Some(scope), n) => {
                // `defined?(Nope::X)`: nil when the scope itself is undefined
                self.defined(scope)?;
                let undefined = self.s().emit(Insn::JumpIfNil(0));
                self.s().emit(Insn::Pop);
                self.expr(scope)?;
                self.s().emit(Insn::Defined(7 | (intern(n) << 8)));
                self.s().patch(undefined);
                return Ok(());
            }
            NodeKind::ScopedConst(None, n) => {
                self.s().emit(Insn::GetConstTop(intern("Object")));
                7 | (intern(n) << 8)
            }
            NodeKind::Super { .. } => 6,
            NodeKind::SelfRef => {
                self.push_fstring(b"self");
                return Ok(());
            }
            NodeKind::CurMethod => {
                self.push_fstring(b"method");
                return Ok(());
            }
            NodeKind::Nil => {
                self.push_fstring(b"nil");
                return Ok(());
            }
            NodeKind::True => {
                self.push_fstring(b"true");
                return Ok(());
            }
            NodeKind::False => {
                self.push_fstring(b"false");
                return Ok(());
            }
            NodeKind::Asgn(..) | NodeKind::OpAsgn(..) | NodeKind::MAsgn(..) => {
                // the assigned locals exist afterwards (as nil), though nothing ran
                match &e.kind {
                    NodeKind::Asgn(t, _) | NodeKind::OpAsgn(t, ..) => {
                        self.declare_targets(std::slice::from_ref(&**t))
                    }
                    NodeKind::MAsgn(ts, _) => self.declare_targets(ts),
                    _ => {}
                }
                self.push_fstring(b"assignment");
                return Ok(());
            }
            _ => {
                self.push_fstring(b"expression");
                return Ok(());
            }
        };
        self.s().emit(Insn::Defined(kind));
        Ok(())
    }

    /// `defined?` of an expression made of `parts`: `what` when each part is defined, else nil.
    fn defined_all(&mut self, parts: &[&Node], what: &[u8]) -> CResult {
        let mut undefined = Vec::new();
        for part in parts {
            self.defined(part)?;
            undefined.push(self.s().emit(Insn::JumpIfNil(0)));
            self.s().emit(Insn::Pop);
        }
        self.push_fstring(what);
        for j in undefined {
            self.s().patch(j);
        }
        Ok(())
    }

    // ---- begin / rescue / else / ensure ----

    fn body_stmt(&mut self, b: &BodyStmt) -> CResult {
        if b.ensure.is_none() {
            return self.rescue_part(b);
        }
        let sp = self.hidden_local();
        self.s().emit(Insn::SaveSp(sp));
        let start = self.s().pc();
        self.s().ensure_depth += 1;
        let ens = b
            .ensure
            .as_deref()
            .cloned()
            .unwrap_or(Node::new(NodeKind::Nil, 0));
        self.s().ensures.push(ens);
        let r = self.rescue_part(b);
        self.s().ensures.pop();
        self.s().ensure_depth -= 1;
        r?;
        let end = self.s().pc();
        self.s().emit(Insn::EnsureNormal);
        let target = self.s().pc();
        self.s().handlers.push(Handler {
            kind: HandlerKind::Ensure,
            start,
            end,
            target,
            sp_slot: sp,
        });
        if let Some(e) = &b.ensure {
            self.stmt(e)?;
        }
        self.s().emit(Insn::EnsureEnd);
        Ok(())
    }

    fn rescue_part(&mut self, b: &BodyStmt) -> CResult {
        if b.rescues.is_empty() {
            self.opt_expr(b.body.as_deref())?;
            if let Some(e) = &b.else_ {
                self.s().emit(Insn::Pop);
                self.expr(e)?;
            }
            return Ok(());
        }
        let sp = self.hidden_local();
        let prev_err = self.hidden_local();
        self.s().emit(Insn::GetGlobal(intern("$!")));
        self.s().emit(Insn::SetLocal(prev_err));
        self.s().emit(Insn::Pop);
        let region = self.s().pc();
        self.s().emit(Insn::SaveSp(sp));
        let start = self.s().pc();
        self.opt_expr(b.body.as_deref())?;
        let end = self.s().pc();
        if let Some(e) = &b.else_ {
            self.s().emit(Insn::Pop);
            self.expr(e)?;
        }
        let mut ends = vec![self.s().emit(Insn::Jump(0))];
        let target = self.s().pc();
        self.s().handlers.push(Handler {
            kind: HandlerKind::Rescue,
            start,
            end,
            target,
            sp_slot: sp,
        });
        // The VM enters here with the exception on the stack.
        let mut to_clause = Vec::new();
        for r in &b.rescues {
            self.s().line = r.line;
            let mut jumps = Vec::new();
            if r.classes.is_empty() {
                self.s().emit(Insn::Dup);
                self.s().emit(Insn::GetConstTop(intern("StandardError")));
                self.s().emit(Insn::RescueMatch);
                jumps.push(self.s().emit(Insn::JumpIf(0)));
            }
            for c in &r.classes {
                self.s().emit(Insn::Dup);
                match &c.kind {
                    NodeKind::Splat(list) => self.expr(list)?,
                    _ => self.expr(c)?,
                }
                self.s().emit(Insn::RescueMatch);
                jumps.push(self.s().emit(Insn::JumpIf(0)));
            }
            to_clause.push(jumps);
        }
        self.s().emit(Insn::Raise);
        for (r, jumps) in b.rescues.iter().zip(to_clause) {
            for j in jumps {
                self.s().patch(j);
            }
            self.s().line = r.line;
            if let Some(v) = &r.var {
                self.s().emit(Insn::Dup);
                self.assign_top(v)?;
            }
            self.s().emit(Insn::Pop);
            self.s().retry_targets.push((region, prev_err));
            self.opt_expr(r.body.as_ref())?;
            self.s().retry_targets.pop();
            self.s().emit(Insn::GetLocal(prev_err));
            self.s().emit(Insn::SetGlobal(intern("$!")));
            self.s().emit(Insn::Pop);
            ends.push(self.s().emit(Insn::Jump(0)));
        }
        for e in ends {
            self.s().patch(e);
        }
        Ok(())
    }
}

/// An assignment target `Compiler::stmt_setter` compiles as a statement: an attribute without
/// safe navigation, or an index without a splat (`a[*i] = v` joins the value to the splatted
/// array on the general path).
fn plain_setter(target: &Target) -> bool {
    match target {
        Target::Attr { safe, .. } => !safe,
        Target::Index { args, .. } => !args.iter().any(|a| matches!(a.kind, NodeKind::Splat(_))),
        _ => false,
    }
}

/// `ExpandArray`'s operand for `targets`: the targets before the splat, those after it (bits
/// 16..31) and whether there is one (bit 31).
fn expand_spec(targets: &[Target]) -> u32 {
    let splat = targets.iter().position(|t| matches!(t, Target::Splat(_)));
    let (pre, post) = match splat {
        Some(i) => (i as u32, (targets.len() - i - 1) as u32),
        None => (targets.len() as u32, 0),
    };
    pre | (post << 16) | if splat.is_some() { 1 << 31 } else { 0 }
}

/// Whether a multiple-assignment target evaluates something before the value (a receiver, index
/// arguments, a constant's scope), so that the assignment must keep CRuby's left-to-right order.
/// (Not when an index target splats its arguments: `a[*i], b = ...` keeps the older order.)
/// Whether `targets = elems` can be compiled as parallel stores (`stmt_parallel_masgn`): as
/// many plain values as targets, each target a different local or instance variable.
fn parallel_masgn(targets: &[Target], elems: &[Node]) -> bool {
    targets.len() == elems.len()
        && targets.len() > 1
        && !elems.iter().any(|e| matches!(e.kind, NodeKind::Splat(_)))
        && targets.iter().enumerate().all(|(i, t)| match t {
            Target::LVar(a) | Target::IVar(a) => !targets[..i].iter().any(|u| match u {
                Target::LVar(b) | Target::IVar(b) => a == b,
                _ => false,
            }),
            _ => false,
        })
}

fn ordered_masgn(targets: &[Target]) -> bool {
    fn any(t: &Target, f: &dyn Fn(&Target) -> bool) -> bool {
        f(t) || match t {
            Target::Nested(ts) => ts.iter().any(|t| any(t, f)),
            Target::Splat(Some(t)) => any(t, f),
            _ => false,
        }
    }
    let receiver = |t: &Target| {
        matches!(
            t,
            Target::Index { .. } | Target::Attr { .. } | Target::Const { scope: Some(_), .. }
        )
    };
    let splat_index = |t: &Target| match t {
        Target::Index { args, .. } => args
            .iter()
            .any(|a| matches!(a.kind, NodeKind::Splat(_) | NodeKind::BlockPass(_))),
        _ => false,
    };
    targets.iter().any(|t| any(t, &receiver)) && !targets.iter().any(|t| any(t, &splat_index))
}
