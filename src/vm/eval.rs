//! Evaluating strings: the scope a Binding captures, and running source in it (Kernel#eval,
//! Binding#eval, instance_eval and class_eval with a string).
//!
//! A binding is an environment chain plus the frame facts code needs (self, cref, the method,
//! the block, where `return` goes). Capturing a running frame gives it an open environment
//! (`capture_env`, see locals.rs), so the frame keeps its locals in its stack slots and the
//! binding reads and writes them there. Eval'd code is compiled against the binding's local
//! names (`compiler::compile_eval`): the names it does not declare resolve through the chain,
//! and its own new locals live in its own frame. When it declared any, its environment (closed
//! when the eval returns) becomes the head of the binding's chain, so a later eval through the
//! same binding sees them while the captured scope's compiled code never does, as in CRuby.

use super::Vm;
use super::frame::*;
use crate::compiler;
use crate::object::heap::EnvRef;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::parser;
use std::rc::Rc;

/// What a binding captured: the environment chain and the frame facts eval'd code runs with.
#[derive(Clone)]
pub struct Scope {
    pub env: EnvRef,
    pub self_: Value,
    pub method: u32,
    pub defined_class: Value,
    pub block: Option<Block>,
    /// The frame id `return` unwinds to.
    pub home: u64,
    pub cref: Rc<Cref>,
    /// The label base and block depth of the code captured (eval'd code is labelled as it).
    pub label: Rc<str>,
    pub block_depth: u32,
    /// Where the binding was made (`Binding#source_location`, eval's default file name).
    pub file: Rc<str>,
    pub line: u32,
}

impl Scope {
    pub fn mark_values(&self, out: &mut Vec<Value>) {
        out.push(self.self_);
        out.push(self.defined_class);
        let mut c = Some(&self.cref);
        while let Some(cr) = c {
            out.push(cr.klass);
            c = cr.parent.as_ref();
        }
        if let Some(b) = &self.block {
            b.values(out);
        }
    }

    pub fn mark_envs(&self, out: &mut Vec<EnvRef>) {
        out.push(self.env);
        if let Some(b) = &self.block {
            b.envs(out);
        }
    }
}

/// A Binding object's payload.
pub struct BindingObj(pub Scope);

impl crate::object::heap::Payload for BindingObj {
    fn trace(&self, out: &mut Vec<Value>) {
        self.0.mark_values(out);
    }
    fn trace_envs(&self, out: &mut Vec<EnvRef>) {
        self.0.mark_envs(out);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// How eval'd code runs beyond its binding: `instance_eval`/`class_eval` change self and add
/// a class to the cref (where `def` and constants go).
pub struct Under {
    pub self_: Value,
    pub cref_class: Value,
}

impl Vm {
    /// The innermost frame running Ruby code below the native being called (the caller of
    /// `binding`, `eval`, `local_variables`).
    pub(crate) fn caller_code_frame(&self) -> Option<usize> {
        let n = self.frames.len();
        (0..n.saturating_sub(1))
            .rev()
            .find(|&i| self.frames[i].code.is_some())
    }

    /// Captures frame `fi` as a binding's scope (its locals move behind an open environment).
    pub(crate) fn capture_scope(&mut self, fi: usize) -> Scope {
        let env = self.capture_env(fi);
        self.escape_env(Some(env));
        let block = self.frame_block(fi);
        let (file, line) = self.frame_position(fi);
        let f = &self.frames[fi];
        let code = f.code.as_ref().expect("code frame");
        Scope {
            env,
            self_: f.self_,
            method: f.method,
            defined_class: f.defined_class,
            block,
            home: f.home,
            cref: f.cref.clone(),
            label: Rc::from(code.label.as_str()),
            block_depth: code.block_depth,
            file: Rc::from(file.as_str()),
            line,
        }
    }

    /// The scope a block literal was made in (`Proc#binding`); None for other blocks.
    pub(crate) fn block_scope(&self, b: &Block) -> Option<Scope> {
        match &**b {
            BlockData::Code {
                code,
                self_,
                env,
                method,
                defined_class,
                outer_block,
                home,
                cref,
                ..
            } => Some(Scope {
                env: (*env)?,
                self_: *self_,
                method: *method,
                defined_class: *defined_class,
                block: outer_block.clone(),
                home: *home,
                cref: cref.clone(),
                label: Rc::from(code.label.as_str()),
                block_depth: code.block_depth.saturating_sub(1),
                file: code.file.clone(),
                line: code.first_line,
            }),
            BlockData::Proc(p) => {
                let po = crate::object::heap::payload::<super::call::ProcObj>(*p)?;
                let b = po.block.clone();
                self.block_scope(&b)
            }
            _ => None,
        }
    }

    /// Wraps a scope as a Binding object.
    pub(crate) fn binding_new(&mut self, sc: Scope) -> Value {
        let k = self.c.binding;
        self.heap
            .alloc_boxed(crate::object::heap::T_DATA, k, Box::new(BindingObj(sc)))
    }

    /// Compiles `src` as eval'd code of `file` starting at `line`, in scope `sc` (optionally
    /// under another self and cref), and runs it. Returns its value and, when the code declared
    /// locals of its own, the environment holding them (the binding's new chain head).
    pub(crate) fn eval_in(
        &mut self,
        sc: &Scope,
        src: &[u8],
        enc: crate::object::string::Encoding,
        file: &str,
        line: i64,
        under: Option<Under>,
    ) -> VmResult<(Value, Option<EnvRef>)> {
        let bytes = src;
        let src = String::from_utf8_lossy(bytes).into_owned();
        // a UTF-8 string's bytes that are not UTF-8 in its code: CRuby's SyntaxError
        if enc != crate::object::string::Encoding::Binary
            && let Some((at, message)) = crate::magic::invalid_multibyte(bytes, &src)
        {
            let at = (line.max(1) - 1).saturating_add(at as i64);
            return Err(self.eval_syntax_error(
                file,
                u32::try_from(at).unwrap_or(u32::MAX),
                &message,
            ));
        }
        // the binding's local names, innermost environment first
        let mut outer: Vec<Rc<[u32]>> = Vec::new();
        let mut e = Some(sc.env);
        while let Some(env) = e {
            outer.push(env.get().names.clone());
            e = env.get().parent;
        }
        let hidden = intern("");
        let mut names: Vec<String> = Vec::new();
        for level in &outer {
            for &n in level.iter() {
                if n != hidden {
                    let s = sym_name(n);
                    if !names.iter().any(|x| x == s) {
                        names.push(s.to_string());
                    }
                }
            }
        }
        // the magic comments of the string's own first lines (before the padding below)
        let magic = self.magic_comments(&src, file, enc)?;
        // line numbers start at `line`: the parser counts from 1, so the source is preceded by
        // `line - 1` newlines (a line below 1 counts from 1)
        let pad = usize::try_from(line.saturating_sub(1)).unwrap_or(0);
        let padded = if pad > 0 {
            let mut p = String::new();
            if p.try_reserve(pad + src.len()).is_err() {
                let msg = "failed to allocate memory";
                return Err(self.raise_str(self.c.no_memory_error, msg));
            }
            p.extend(std::iter::repeat_n('\n', pad));
            p.push_str(&src);
            p
        } else {
            src
        };
        let code = self.with_parser_stack(padded.len(), |vm| {
            let ast = match parser::parse_with_locals(&padded, &mut names) {
                Ok(a) => a,
                Err(e) => return Err(vm.eval_syntax_error(file, e.line, &e.message)),
            };
            let cx = compiler::EvalContext {
                outer,
                label: &sc.label,
                block_depth: sc.block_depth,
                method_name: (sc.method != NO_METHOD)
                    .then(|| vm.methods[sc.method as usize].original),
            };
            match compiler::compile_eval(vm, &ast, file, magic, cx) {
                Ok(c) => Ok(c),
                Err(e) => Err(vm.eval_syntax_error(file, e.line, &e.message)),
            }
        })?;
        if self.frames.len() >= super::MAX_DEPTH {
            return Err(self.raise_str(self.c.system_stack_error, "stack level too deep"));
        }
        let (self_, cref) = match &under {
            Some(u) => (
                u.self_,
                Rc::new(Cref::new(u.cref_class, Some(sc.cref.clone()))),
            ),
            None => (sc.self_, sc.cref.clone()),
        };
        // `def` in class_eval'd code makes public methods, as in a class body
        let saved_vis = under.as_ref().map(|u| {
            let d = self.class_data(u.cref_class);
            let old = (d.default_vis, d.module_function);
            d.default_vis = crate::object::class::Visibility::Public;
            d.module_function = false;
            old
        });
        let own_names = code.local_names.iter().any(|&n| n != hidden);
        let n = code.num_locals();
        let base = self.stack.len();
        self.stack.resize(base + n, Value::NIL);
        let id = self.next_id();
        self.frames.push_with(move || Frame {
            code: Some(code),
            method: sc.method,
            defined_class: sc.defined_class,
            self_,
            block: sc.block.clone().into(),
            outer: Some(sc.env),
            base: base as u32,
            home: sc.home,
            ..Frame::bare(FrameKind::Eval, id, cref)
        });
        let ensure_len = self.ensure_stack.len();
        let saved_pc = self.save_caller_pc();
        let r = self.execute();
        self.cur_pc = saved_pc;
        self.ensure_stack.truncate(ensure_len);
        let fi = self.frames.len() - 1;
        let new_env = own_names.then(|| self.capture_env(fi));
        self.escape_env(new_env);
        self.pop_frame();
        self.stack.truncate(base);
        if let (Some(u), Some((vis, mf))) = (&under, saved_vis) {
            let d = self.class_data(u.cref_class);
            d.default_vis = vis;
            d.module_function = mf;
        }
        r.map(|v| (v, new_env))
    }

    /// A SyntaxError for eval'd source, raised from the eval call: "file:line: message".
    fn eval_syntax_error(&mut self, file: &str, line: u32, message: &str) -> Unwind {
        let k = self
            .class_data(self.c.object)
            .const_get(intern("SyntaxError"))
            .unwrap_or(self.c.script_error);
        let msg = format!("{file}:{line}: {message}");
        self.raise_str(k, &msg)
    }
}
