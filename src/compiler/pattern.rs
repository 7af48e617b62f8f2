//! Compiling pattern matching: `case/in`, `value => pattern` and `value in pattern`.
//!
//! A pattern compiles to straight-line checks on a value held in a hidden local; each failed
//! check jumps to the pattern's failure target (the next `in` clause, `else`, or the raise).
//! The checks are the sends CRuby's compiled patterns make (`pattern === v`, `d.length`, `d[i]`,
//! `h.key?(k)`, `h[k]`, `dup`/`delete`/`empty?` for a rest), with `deconstruct` and
//! `deconstruct_keys` through the private helpers in core/pattern.rs, which also check their
//! results' types. The subject's `deconstruct` is called once per `case` (CRuby's cache).
//!
//! A single pattern (`=>`, or a `case` with one `in` and no `else`) also records why it failed
//! in a hidden local, so that NoMatchingPatternError says what CRuby says ("1: String === 1 does
//! not return true", "key not found: :b"); with several clauses the message is the value alone.

use super::{CResult, Compiler};
use crate::ast::*;
use crate::vm::code::CS_FCALL;
use crate::vm::insn::Insn;

/// Where a pattern's failure goes and what it records.
struct Fail {
    /// Jumps to patch to the failure target.
    jumps: Vec<usize>,
    /// The hidden local that receives the failure message (single patterns only).
    why: Option<u32>,
}

impl Compiler<'_> {
    /// `case subject; in p [if g] then body; ...; else ...; end`
    pub(super) fn case_in(
        &mut self,
        subject: &Node,
        clauses: &[InClause],
        else_: Option<Option<&Node>>,
    ) -> CResult {
        self.expr(subject)?;
        let v = self.hidden_local();
        self.s().emit(Insn::SetLocalPop(v));
        let cache = self.hidden_local();
        self.s().emit(Insn::PushNil);
        self.s().emit(Insn::SetLocalPop(cache));
        let why = if clauses.len() == 1 && else_.is_none() {
            Some(self.fresh_nil_local())
        } else {
            None
        };
        let mut ends = Vec::new();
        for c in clauses {
            self.s().line = c.line;
            let mut fail = Fail {
                jumps: Vec::new(),
                why,
            };
            self.pattern(&c.pattern, v, &mut fail, Some(cache))?;
            if let Some((unless, g)) = &c.guard {
                self.expr(g)?;
                if *unless {
                    self.s().emit(Insn::OptNot(0));
                }
                self.check(&mut fail, |c| {
                    c.message("guard", &[])?;
                    Ok(())
                })?;
            }
            self.opt_expr(c.body.as_ref())?;
            ends.push(self.s().emit(Insn::Jump(0)));
            for j in fail.jumps {
                self.s().patch(j);
            }
        }
        match else_ {
            Some(e) => self.opt_expr(e)?,
            None => self.raise_no_match(v, why),
        }
        for e in ends {
            self.s().patch(e);
        }
        Ok(())
    }

    /// `value => pattern` (nil, or raises) and `value in pattern` (true or false).
    pub(super) fn match_pattern(
        &mut self,
        value: &Node,
        pattern: &Pattern,
        raise: bool,
    ) -> CResult {
        self.expr(value)?;
        let v = self.hidden_local();
        self.s().emit(Insn::SetLocalPop(v));
        let why = if raise {
            Some(self.fresh_nil_local())
        } else {
            None
        };
        let mut fail = Fail {
            jumps: Vec::new(),
            why,
        };
        self.pattern(pattern, v, &mut fail, None)?;
        self.s()
            .emit(if raise { Insn::PushNil } else { Insn::PushTrue });
        let done = self.s().emit(Insn::Jump(0));
        for j in fail.jumps {
            self.s().patch(j);
        }
        if raise {
            self.raise_no_match(v, why);
        } else {
            self.s().emit(Insn::PushFalse);
        }
        self.s().patch(done);
        Ok(())
    }

    /// A hidden local set to nil here (so a loop does not see the last iteration's value).
    fn fresh_nil_local(&mut self) -> u32 {
        let l = self.hidden_local();
        self.s().emit(Insn::PushNil);
        self.s().emit(Insn::SetLocalPop(l));
        l
    }

    fn raise_no_match(&mut self, v: u32, why: Option<u32>) {
        self.s().emit(Insn::PushSelf);
        self.s().emit(Insn::GetLocal(v));
        match why {
            Some(w) => self.s().emit(Insn::GetLocal(w)),
            None => self.s().emit(Insn::PushNil),
        };
        self.send("__pm_raise", 2, CS_FCALL);
    }

    /// Consumes the truthy-or-not value on the stack: falls through when truthy, else records
    /// the message `why_msg` pushes (single patterns) and jumps to the failure target.
    fn check(&mut self, fail: &mut Fail, why_msg: impl FnOnce(&mut Self) -> CResult) -> CResult {
        match fail.why {
            None => fail.jumps.push(self.s().emit(Insn::JumpUnless(0))),
            Some(w) => {
                let ok = self.s().emit(Insn::JumpIf(0));
                why_msg(self)?;
                self.s().emit(Insn::SetLocalPop(w));
                fail.jumps.push(self.s().emit(Insn::Jump(0)));
                self.s().patch(ok);
            }
        }
        Ok(())
    }

    /// Pushes `__pm_message(kind, locals...)`.
    fn message(&mut self, kind: &str, args: &[MsgArg]) -> CResult {
        self.s().emit(Insn::PushSelf);
        self.push_sym(kind);
        for a in args {
            match *a {
                MsgArg::Local(l) => self.s().emit(Insn::GetLocal(l)),
                MsgArg::Int(i) => self.s().emit(Insn::PushInt(i)),
                MsgArg::Bool(b) => self
                    .s()
                    .emit(if b { Insn::PushTrue } else { Insn::PushFalse }),
            };
        }
        self.send("__pm_message", args.len() as u32 + 1, CS_FCALL);
        Ok(())
    }

    fn temp_from_stack(&mut self) -> u32 {
        let t = self.hidden_local();
        self.s().emit(Insn::SetLocalPop(t));
        t
    }

    /// Binds local `name` to the value in hidden local `v`.
    fn bind(&mut self, name: &str, v: u32) {
        let var = self.declare(name);
        self.s().emit(Insn::GetLocal(v));
        self.set_var(var);
        self.s().emit(Insn::Pop);
    }

    /// Compiles `p` against the value in hidden local `v`. `cache` is the hidden local holding
    /// the case subject's `deconstruct` when `v` is that subject.
    fn pattern(&mut self, p: &Pattern, v: u32, fail: &mut Fail, cache: Option<u32>) -> CResult {
        match p {
            Pattern::Value(node) => self.value_check(node, v, fail),
            Pattern::Bind(name) => {
                self.bind(name, v);
                Ok(())
            }
            Pattern::As(p, name) => {
                self.pattern(p, v, fail, cache)?;
                self.bind(name, v);
                Ok(())
            }
            Pattern::Alt(a, b) => {
                for side in [a, b] {
                    if let Some(name) = first_binding(side) {
                        let line = self.s().line;
                        return self.err(
                            line,
                            format!("illegal variable in alternative pattern ({name})"),
                        );
                    }
                }
                let mut first = Fail {
                    jumps: Vec::new(),
                    why: fail.why,
                };
                self.pattern(a, v, &mut first, cache)?;
                let done = self.s().emit(Insn::Jump(0));
                for j in first.jumps {
                    self.s().patch(j);
                }
                self.pattern(b, v, fail, cache)?;
                self.s().patch(done);
                Ok(())
            }
            Pattern::Array {
                konst,
                pre,
                rest,
                post,
            } => {
                if let Some(k) = konst {
                    self.value_check(k, v, fail)?;
                }
                let d = self.deconstruct(v, fail, cache)?;
                let n = (pre.len() + post.len()) as i32;
                self.s().emit(Insn::GetLocal(d));
                self.send("length", 0, 0);
                self.s().emit(Insn::PushInt(n));
                self.send(if rest.is_some() { ">=" } else { "==" }, 1, 0);
                let has_rest = rest.is_some();
                self.check(fail, |c| {
                    c.message(
                        "length",
                        &[MsgArg::Local(d), MsgArg::Int(n), MsgArg::Bool(has_rest)],
                    )
                })?;
                for (i, sub) in pre.iter().enumerate() {
                    self.element(d, i as i32, sub, fail)?;
                }
                if let Some(Some(name)) = rest {
                    // d[pre.len, d.length - n]
                    self.s().emit(Insn::GetLocal(d));
                    self.s().emit(Insn::PushInt(pre.len() as i32));
                    self.s().emit(Insn::GetLocal(d));
                    self.send("length", 0, 0);
                    self.s().emit(Insn::PushInt(n));
                    self.send("-", 1, 0);
                    self.send("[]", 2, 0);
                    let t = self.temp_from_stack();
                    self.bind(name, t);
                }
                let k = post.len() as i32;
                for (j, sub) in post.iter().enumerate() {
                    self.element(d, j as i32 - k, sub, fail)?;
                }
                Ok(())
            }
            Pattern::Find {
                konst,
                pre,
                mid,
                post,
            } => self.find_pattern(konst.as_deref(), pre, mid, post, v, fail, cache),
            Pattern::Hash { konst, pairs, rest } => {
                self.hash_pattern(konst.as_deref(), pairs, rest, v, fail)
            }
        }
    }

    /// `pattern_value === v`
    fn value_check(&mut self, node: &Node, v: u32, fail: &mut Fail) -> CResult {
        if let NodeKind::PinLocal(name) = &node.kind
            && self.resolve(name).is_none()
        {
            return self.err(node.line, format!("{name}: no such local variable"));
        }
        match fail.why {
            None => {
                self.pin_or_expr(node)?;
                self.s().emit(Insn::GetLocal(v));
                self.send("===", 1, 0);
                self.check(fail, |_| Ok(()))
            }
            Some(_) => {
                self.pin_or_expr(node)?;
                let pv = self.temp_from_stack();
                self.s().emit(Insn::GetLocal(pv));
                self.s().emit(Insn::GetLocal(v));
                self.send("===", 1, 0);
                self.check(fail, |c| {
                    c.message("eqq", &[MsgArg::Local(pv), MsgArg::Local(v)])
                })
            }
        }
    }

    fn pin_or_expr(&mut self, node: &Node) -> CResult {
        match &node.kind {
            NodeKind::PinLocal(name) => {
                let var = self.resolve(name).expect("checked by value_check");
                self.get_var(var);
                Ok(())
            }
            _ => self.expr(node),
        }
    }

    /// `d[i]` matched against `sub`.
    fn element(&mut self, d: u32, i: i32, sub: &Pattern, fail: &mut Fail) -> CResult {
        self.s().emit(Insn::GetLocal(d));
        self.s().emit(Insn::PushInt(i));
        self.send("[]", 1, 0);
        let t = self.temp_from_stack();
        self.pattern(sub, t, fail, None)
    }

    /// The hidden local holding `v.deconstruct` (checked to be an Array); fails when `v` has no
    /// `deconstruct`.
    fn deconstruct(&mut self, v: u32, fail: &mut Fail, cache: Option<u32>) -> CResult<u32> {
        let d = self.hidden_local();
        let cached = cache.map(|c| {
            self.s().emit(Insn::GetLocal(c));
            self.s().emit(Insn::Dup);
            (c, self.s().emit(Insn::JumpIf(0)))
        });
        if cached.is_some() {
            self.s().emit(Insn::Pop);
        }
        self.s().emit(Insn::PushSelf);
        self.s().emit(Insn::GetLocal(v));
        self.send("__pm_deconstruct", 1, CS_FCALL);
        if let Some((c, have)) = cached {
            self.s().emit(Insn::SetLocal(c));
            self.s().patch(have);
        }
        self.s().emit(Insn::SetLocal(d));
        self.check(fail, |c| c.message("deconstruct", &[MsgArg::Local(v)]))?;
        Ok(d)
    }

    #[allow(clippy::too_many_arguments)]
    fn find_pattern(
        &mut self,
        konst: Option<&Node>,
        pre: &Option<String>,
        mid: &[Pattern],
        post: &Option<String>,
        v: u32,
        fail: &mut Fail,
        cache: Option<u32>,
    ) -> CResult {
        if let Some(k) = konst {
            self.value_check(k, v, fail)?;
        }
        let d = self.deconstruct(v, fail, cache)?;
        let n = mid.len() as i32;
        self.s().emit(Insn::GetLocal(d));
        self.send("length", 0, 0);
        self.s().emit(Insn::PushInt(n));
        self.send(">=", 1, 0);
        self.check(fail, |c| {
            c.message(
                "length",
                &[MsgArg::Local(d), MsgArg::Int(n), MsgArg::Bool(true)],
            )
        })?;
        let i = self.hidden_local();
        self.s().emit(Insn::PushInt(0));
        self.s().emit(Insn::SetLocalPop(i));
        let top = self.s().pc();
        // i + n <= d.length
        self.s().emit(Insn::GetLocal(i));
        self.s().emit(Insn::PushInt(n));
        self.send("+", 1, 0);
        self.s().emit(Insn::GetLocal(d));
        self.send("length", 0, 0);
        self.send("<=", 1, 0);
        let exhausted = self.s().emit(Insn::JumpUnless(0));
        let mut next = Fail {
            jumps: Vec::new(),
            why: None,
        };
        for (k, sub) in mid.iter().enumerate() {
            self.s().emit(Insn::GetLocal(d));
            self.s().emit(Insn::GetLocal(i));
            self.s().emit(Insn::PushInt(k as i32));
            self.send("+", 1, 0);
            self.send("[]", 1, 0);
            let t = self.temp_from_stack();
            self.pattern(sub, t, &mut next, None)?;
        }
        if let Some(name) = pre {
            self.s().emit(Insn::GetLocal(d));
            self.s().emit(Insn::PushInt(0));
            self.s().emit(Insn::GetLocal(i));
            self.send("[]", 2, 0);
            let t = self.temp_from_stack();
            self.bind(name, t);
        }
        if let Some(name) = post {
            self.s().emit(Insn::GetLocal(d));
            self.s().emit(Insn::GetLocal(i));
            self.s().emit(Insn::PushInt(n));
            self.send("+", 1, 0);
            self.s().emit(Insn::GetLocal(d));
            self.send("length", 0, 0);
            self.send("[]", 2, 0);
            let t = self.temp_from_stack();
            self.bind(name, t);
        }
        let done = self.s().emit(Insn::Jump(0));
        for j in next.jumps {
            self.s().patch(j);
        }
        self.s().emit(Insn::GetLocal(i));
        self.s().emit(Insn::PushInt(1));
        self.send("+", 1, 0);
        self.s().emit(Insn::SetLocalPop(i));
        self.s().emit(Insn::Jump(top));
        self.s().patch(exhausted);
        self.s().emit(Insn::PushFalse);
        self.check(fail, |c| c.message("find", &[MsgArg::Local(d)]))?;
        self.s().patch(done);
        Ok(())
    }

    fn hash_pattern(
        &mut self,
        konst: Option<&Node>,
        pairs: &[(String, Option<Pattern>)],
        rest: &HashRest,
        v: u32,
        fail: &mut Fail,
    ) -> CResult {
        if let Some(k) = konst {
            self.value_check(k, v, fail)?;
        }
        // deconstruct_keys gets the keys only when the pattern has no `**` at all.
        self.s().emit(Insn::PushSelf);
        self.s().emit(Insn::GetLocal(v));
        if *rest == HashRest::Open {
            for (k, _) in pairs {
                self.push_sym(k);
            }
            self.s().emit(Insn::NewArray(pairs.len() as u32));
        } else {
            self.s().emit(Insn::PushNil);
        }
        self.send("__pm_deconstruct_keys", 2, CS_FCALL);
        let h = self.hidden_local();
        self.s().emit(Insn::SetLocal(h));
        self.check(fail, |c| c.message("deconstruct_keys", &[MsgArg::Local(v)]))?;
        let rest_copy = match rest {
            HashRest::Splat(Some(_)) | HashRest::Nil => {
                self.s().emit(Insn::GetLocal(h));
                self.send("dup", 0, 0);
                Some(self.temp_from_stack())
            }
            _ => None,
        };
        for (k, sub) in pairs {
            self.s().emit(Insn::GetLocal(h));
            self.push_sym(k);
            self.send("key?", 1, 0);
            let key = self.hidden_local();
            self.push_sym(k);
            self.s().emit(Insn::SetLocalPop(key));
            self.check(fail, |c| {
                c.message("key", &[MsgArg::Local(h), MsgArg::Local(key)])
            })?;
            self.s().emit(Insn::GetLocal(h));
            self.push_sym(k);
            self.send("[]", 1, 0);
            let t = self.temp_from_stack();
            if let Some(r) = rest_copy {
                self.s().emit(Insn::GetLocal(r));
                self.push_sym(k);
                self.send("delete", 1, 0);
                self.s().emit(Insn::Pop);
            }
            match sub {
                Some(p) => self.pattern(p, t, fail, None)?,
                None => self.bind(k, t),
            }
        }
        match rest {
            HashRest::Open if pairs.is_empty() => {
                self.s().emit(Insn::GetLocal(h));
                self.send("empty?", 0, 0);
                self.check(fail, |c| c.message("empty", &[MsgArg::Local(h)]))?;
            }
            HashRest::Splat(Some(name)) => {
                let r = rest_copy.expect("copied above");
                self.bind(name, r);
            }
            HashRest::Nil => {
                let r = rest_copy.expect("copied above");
                self.s().emit(Insn::GetLocal(r));
                self.send("empty?", 0, 0);
                self.check(fail, |c| c.message("rest", &[MsgArg::Local(r)]))?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// An argument of a failure message.
enum MsgArg {
    Local(u32),
    Int(i32),
    Bool(bool),
}

/// The first local a pattern binds whose name does not start with `_` (not allowed inside an
/// alternative).
fn first_binding(p: &Pattern) -> Option<&str> {
    let ok = |n: &str| !n.starts_with('_');
    match p {
        Pattern::Value(_) => None,
        Pattern::Bind(n) => ok(n).then_some(n.as_str()),
        Pattern::As(p, n) => first_binding(p).or(ok(n).then_some(n.as_str())),
        Pattern::Alt(a, b) => first_binding(a).or_else(|| first_binding(b)),
        Pattern::Array {
            pre, rest, post, ..
        } => pre
            .iter()
            .chain(post)
            .find_map(first_binding)
            .or(match rest {
                Some(Some(n)) if ok(n) => Some(n.as_str()),
                _ => None,
            }),
        Pattern::Find { pre, mid, post, .. } => mid.iter().find_map(first_binding).or([pre, post]
            .into_iter()
            .find_map(|r| r.as_deref().filter(|n| ok(n)))),
        Pattern::Hash { pairs, rest, .. } => pairs
            .iter()
            .find_map(|(k, p)| match p {
                Some(p) => first_binding(p),
                None => ok(k).then_some(k.as_str()),
            })
            .or(match rest {
                HashRest::Splat(Some(n)) if ok(n) => Some(n.as_str()),
                _ => None,
            }),
    }
}
