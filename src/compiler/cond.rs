//! Conditions and values: the test of `if`/`unless`/`while`/`until`, the ternary and the modifiers. A
//! range literal there is a flip-flop (`if (i == 3)..(i == 5)`), also under `and`/`or`/`not`,
//! as in CRuby; anything else compiles as an ordinary expression.
//!
//! A flip-flop's on/off state is a hidden local of the enclosing method (or class body or
//! program), never of a block, so that it survives from one block call to the next
//! (`each { print i if a..b }`). An integer literal end compares with `$.`, the last line
//! number read, as CRuby's does.

use super::{CResult, Compiler, Var};
use crate::ast::{Node, NodeKind};
use crate::vm::code::CodeKind;
use crate::vm::insn::Insn;

/// Whether the condition holds a flip-flop (a two-ended range literal, possibly under
/// `and`/`or`/`not`).
pub(super) fn has_flip_flop(n: &Node) -> bool {
    match &n.kind {
        NodeKind::Range {
            lo: Some(_),
            hi: Some(_),
            ..
        } => true,
        NodeKind::And(a, b) | NodeKind::Or(a, b) => has_flip_flop(a) || has_flip_flop(b),
        NodeKind::Not(a) => has_flip_flop(a),
        _ => false,
    }
}

impl Compiler<'_> {
    /// A jump (`return`, `break`, `next`, `redo`, `retry`) where a value is needed (an
    /// argument, an assigned value, `(break 7)`) is CRuby's "void value expression" error.
    pub(super) fn check_value(&self, n: &Node) -> CResult {
        let mut n = n;
        while let NodeKind::Seq(v) = &n.kind {
            match v.last() {
                Some(last) => n = last,
                None => return Ok(()),
            }
        }
        if matches!(
            n.kind,
            NodeKind::Return(_)
                | NodeKind::Break(_)
                | NodeKind::Next(_)
                | NodeKind::Redo
                | NodeKind::Retry
        ) {
            return self.err(n.line, "unexpected void value expression");
        }
        Ok(())
    }

    /// Compiles a condition, leaving its value on the stack.
    pub(super) fn cond(&mut self, n: &Node) -> CResult {
        if !has_flip_flop(n) {
            return self.expr(n);
        }
        match &n.kind {
            NodeKind::Range {
                lo: Some(lo),
                hi: Some(hi),
                excl,
            } => self.flip_flop(lo, hi, *excl),
            NodeKind::And(a, b) | NodeKind::Or(a, b) => {
                self.and_or(matches!(n.kind, NodeKind::And(..)), a, b, Self::cond)
            }
            NodeKind::Not(a) => self.not(a, Self::cond),
            _ => self.expr(n),
        }
    }

    /// `a && b` / `a || b` (and `and`/`or`), each operand compiled by `operand` (`expr`, or
    /// `cond` inside a condition).
    pub(super) fn and_or(
        &mut self,
        and: bool,
        a: &Node,
        b: &Node,
        operand: fn(&mut Self, &Node) -> CResult,
    ) -> CResult {
        operand(self, a)?;
        self.s().emit(Insn::Dup);
        let j = self.s().emit(if and {
            Insn::JumpUnless(0)
        } else {
            Insn::JumpIf(0)
        });
        self.s().emit(Insn::Pop);
        operand(self, b)?;
        self.s().patch(j);
        Ok(())
    }

    /// `!a` / `not a`, the operand compiled by `operand`.
    pub(super) fn not(&mut self, a: &Node, operand: fn(&mut Self, &Node) -> CResult) -> CResult {
        operand(self, a)?;
        let cs = self.s().add_call("!", 0, 0, None);
        self.s().emit(Insn::OptNot(cs));
        Ok(())
    }

    /// One end of a flip-flop: an integer literal means `$. == n`.
    fn flip_flop_end(&mut self, e: &Node) -> CResult {
        if let NodeKind::Int(_) = e.kind {
            self.expr(&Node {
                kind: NodeKind::GVar("$.".into()),
                line: e.line,
            })?;
            self.expr(e)?;
            let cs = self.s().add_call("==", 1, 0, None);
            self.s().emit(Insn::Send(cs));
            return Ok(());
        }
        self.cond(e)
    }

    /// `lo..hi` in a condition: true from the time `lo` holds through the time `hi` holds.
    /// With `..`, `hi` is also tested on the evaluation that turns it on; with `...` it is not.
    fn flip_flop(&mut self, lo: &Node, hi: &Node, excl: bool) -> CResult {
        let state = self.flip_flop_state();
        self.get_var(state);
        let on = self.s().emit(Insn::JumpIf(0));
        self.flip_flop_end(lo)?;
        let off = self.s().emit(Insn::JumpUnless(0));
        let mut to_true = Vec::new();
        if !excl {
            // turned on: a `hi` that already holds turns it off again at once
            self.flip_flop_end(hi)?;
            to_true.push(self.s().emit(Insn::JumpIf(0)));
        }
        self.s().emit(Insn::PushTrue);
        self.set_var(state);
        self.s().emit(Insn::Pop);
        to_true.push(self.s().emit(Insn::Jump(0)));
        self.s().patch(on);
        self.flip_flop_end(hi)?;
        to_true.push(self.s().emit(Insn::JumpUnless(0)));
        self.s().emit(Insn::PushFalse);
        self.set_var(state);
        self.s().emit(Insn::Pop);
        for j in to_true {
            self.s().patch(j);
        }
        self.s().emit(Insn::PushTrue);
        let end = self.s().emit(Insn::Jump(0));
        self.s().patch(off);
        self.s().emit(Insn::PushFalse);
        self.s().patch(end);
        Ok(())
    }

    /// A new hidden local in the nearest scope that is not a block.
    fn flip_flop_state(&mut self) -> Var {
        let mut k = self.scopes.len() - 1;
        while k > 0 && self.scopes[k].kind == CodeKind::Block {
            k -= 1;
        }
        let slot = self.scopes[k].add_local("");
        let up = (self.scopes.len() - 1 - k) as u32;
        if up == 0 {
            Var::Local(slot)
        } else {
            Var::Env(up - 1, slot)
        }
    }
}
