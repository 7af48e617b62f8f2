//! Exceptions: making them (with CRuby 4.0's messages), backtraces with CRuby's labels, rescue
//! matching, and the report printed for an uncaught exception.

use super::Vm;
use super::frame::*;
use crate::object::heap::{T_ARRAY, T_CLASS, T_MODULE, rarray, type_of};
use crate::object::string;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;

/// Hidden instance variables of exception objects (no '@', so invisible to Ruby).
pub const IV_MESG: &str = "__mesg";
pub const IV_BT: &str = "__bt";
pub const IV_NAME: &str = "__name";
pub const IV_RECV: &str = "__recv";
pub const IV_CAUSE: &str = "__cause";

impl Vm {
    /// A new exception of `klass` with message `msg` (no backtrace yet).
    pub fn exception_new(&mut self, klass: Value, msg: &str) -> Value {
        let e = self.object_new(klass);
        let m = self.str_from(msg);
        let _ = self.ivar_set(e, intern(IV_MESG), m);
        e
    }

    /// An unwind raising a new exception of `klass` with `msg`, with the current backtrace.
    pub fn raise_str(&mut self, klass: Value, msg: &str) -> Unwind {
        let e = self.exception_new(klass, msg);
        self.set_backtrace_here(e);
        // raised while another is being handled: that one is its cause, as for `raise`
        let current = self.gvar_id_get(crate::sym!("$!"));
        if !current.is_nil() && current != e {
            let _ = self.ivar_set(e, intern(IV_CAUSE), current);
        }
        Unwind::Raise(e)
    }

    /// Prints `<file>:<line>: warning: <msg>` to stderr for the running Ruby code's line (the
    /// innermost backtrace line), as CRuby's rb_warn does.
    pub fn warn_here(&mut self, msg: &str) {
        let lines = self.backtrace_lines(0);
        let at = lines
            .first()
            .and_then(|l| l.split(":in ").next())
            .unwrap_or("-")
            .to_string();
        self.write_err(format!("{at}: warning: {msg}\n").as_bytes());
    }

    pub fn arg_error(&mut self, msg: &str) -> Unwind {
        self.raise_str(self.c.argument_error, msg)
    }

    pub fn type_error(&mut self, msg: &str) -> Unwind {
        self.raise_str(self.c.type_error, msg)
    }

    /// TypeError "no implicit conversion of X into Y".
    pub fn conversion_error(&mut self, v: Value, into: &str) -> Unwind {
        let what = match v {
            Value::NIL => "nil".to_string(),
            Value::TRUE => "true".to_string(),
            Value::FALSE => "false".to_string(),
            _ => {
                let k = self.real_class(v);
                self.class_name(k)
            }
        };
        self.type_error(&format!("no implicit conversion of {what} into {into}"))
    }

    pub fn frozen_error(&mut self, v: Value) -> Unwind {
        let k = self.real_class(v);
        let cname = self.class_name(k);
        let ins = self.inspect_str(v).unwrap_or_default();
        let msg = format!("can't modify frozen {cname}: {ins}");
        let e = self.exception_new(self.c.frozen_error, &msg);
        let _ = self.ivar_set(e, intern(IV_RECV), v);
        self.set_backtrace_here(e);
        Unwind::Raise(e)
    }

    pub fn name_error(&mut self, msg: &str, recv: Value, name: u32) -> Unwind {
        let e = self.exception_new(self.c.name_error, msg);
        let _ = self.ivar_set(e, intern(IV_NAME), Value::symbol(name));
        let _ = self.ivar_set(e, intern(IV_RECV), recv);
        self.set_backtrace_here(e);
        Unwind::Raise(e)
    }

    pub fn no_method_error(&mut self, msg: &str, recv: Value, name: u32) -> Unwind {
        let e = self.exception_new(self.c.no_method_error, msg);
        let _ = self.ivar_set(e, intern(IV_NAME), Value::symbol(name));
        let _ = self.ivar_set(e, intern(IV_RECV), recv);
        self.set_backtrace_here(e);
        Unwind::Raise(e)
    }

    /// Sets the backtrace of `e` to the current frames, unless it has one.
    pub fn set_backtrace_here(&mut self, e: Value) {
        if !self.ivar_get(e, intern(IV_BT)).is_nil() && !self.ivar_get(e, intern(IV_BT)).is_undef()
        {
            return;
        }
        let lines = self.backtrace_lines(0);
        let items: Vec<Value> = lines.iter().map(|l| self.str_from(l)).collect();
        let a = self.ary_new(items);
        let _ = self.ivar_set(e, intern(IV_BT), a);
    }

    /// The current backtrace, innermost first, skipping `skip` frames.
    pub fn backtrace_lines(&self, skip: usize) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.frames.len();
        for i in (0..n.saturating_sub(skip)).rev() {
            let f = &self.frames[i];
            if i == self.hidden_frame || self.frame_elided(f) {
                continue;
            }
            let (file, line) = self.frame_position(i);
            let label = self.frame_label(f);
            out.push(format!("{file}:{line}:in '{label}'"));
        }
        out
    }

    /// Whether a frame is left out of backtraces: `Proc#call` and its aliases (`()`, `[]`,
    /// `yield`, `===`), `send` and `__send__`, which CRuby runs without a frame of their own
    /// (`vm_call_opt_call`, `vm_call_opt_send`).
    fn frame_elided(&self, f: &Frame) -> bool {
        if f.kind != FrameKind::Native || f.method == NO_METHOD {
            return false;
        }
        let e = &self.methods[f.method as usize];
        // (`send` and `__send__` call the method in the caller's place, as CRuby's
        // vm_call_opt_send does; `public_send` keeps its frame)
        (e.owner == self.c.proc_
            && [
                crate::sym!("call"),
                crate::sym!("yield"),
                crate::sym!("[]"),
                crate::sym!("==="),
            ]
            .contains(&e.original))
            || (e.owner == self.c.kernel && e.original == crate::sym!("send"))
            || (e.owner == self.c.basic_object && e.original == crate::sym!("__send__"))
    }

    /// File and line the innermost frame is at (a native's: its caller's).
    pub fn current_position(&self) -> (String, u32) {
        match self.frames.len() {
            0 => (self.script_name.clone(), 0),
            n => self.frame_position(n - 1),
        }
    }

    /// File and line a frame is at (natives report their caller's position).
    pub(crate) fn frame_position(&self, i: usize) -> (String, u32) {
        let innermost_code = self.frames.iter().rposition(|f| f.code.is_some());
        let mut j = i;
        loop {
            let f = &self.frames[j];
            if let Some(code) = &f.code {
                let pc = if Some(j) == innermost_code {
                    self.cur_pc
                } else {
                    f.pc as usize
                };
                let line = code.lines.get(pc).copied().unwrap_or(code.first_line);
                return (code.file.to_string(), line);
            }
            if j == 0 {
                return (self.script_name.clone(), 0);
            }
            j -= 1;
        }
    }

    /// CRuby 4.0's frame label: 'Foo#bar', 'Foo.bar', 'block in Foo#bar', '<main>', '<class:Foo>'.
    pub fn frame_label(&self, f: &Frame) -> String {
        let method_label = |m: u32| -> String {
            if m == NO_METHOD {
                return "<main>".into();
            }
            let e = &self.methods[m as usize];
            let name = sym_name(e.original);
            let owner = e.owner;
            let d = self.class_data(owner);
            if d.is_singleton {
                let att = d.attached;
                if matches!(type_of(att), T_CLASS | T_MODULE) {
                    return format!("{}.{name}", self.class_name(att));
                }
                return name.to_string();
            }
            match &d.name {
                Some(n) => format!("{n}#{name}"),
                None => name.to_string(),
            }
        };
        // "block in X" for a block (and for code eval'd inside one: its depth is the block's)
        let block_label = |code: &super::code::Code| -> String {
            let inner = if f.method != NO_METHOD {
                method_label(f.method)
            } else {
                code.label.clone()
            };
            if code.block_depth > 1 {
                format!("block ({} levels) in {inner}", code.block_depth)
            } else {
                format!("block in {inner}")
            }
        };
        match f.kind {
            FrameKind::Native | FrameKind::Method => method_label(f.method),
            FrameKind::Top => "<main>".into(),
            FrameKind::Class => f.code.as_ref().map(|c| c.label.clone()).unwrap_or_default(),
            // eval'd code is labelled as the code it was evaluated in
            FrameKind::Eval => {
                let code = f.code.as_ref().expect("eval code");
                if code.block_depth > 0 {
                    block_label(code)
                } else if f.method != NO_METHOD {
                    method_label(f.method)
                } else {
                    code.label.clone()
                }
            }
            FrameKind::Block | FrameKind::Lambda => {
                block_label(f.code.as_ref().expect("block code"))
            }
        }
    }

    /// Whether `exc` is rescued by `cls` (a class/module, or an array of them from a splat).
    pub(crate) fn rescue_match(&mut self, exc: Value, cls: Value) -> VmResult<bool> {
        if type_of(cls) == T_ARRAY {
            let items = rarray(cls).vec.to_vec();
            for c in items {
                if self.rescue_match(exc, c)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if !matches!(type_of(cls), T_CLASS | T_MODULE) {
            return Err(self.type_error("class or module required for rescue clause"));
        }
        Ok(self.is_a(exc, cls))
    }

    /// The message of an exception (calls `message`, falling back to the stored one).
    pub fn exception_message(&mut self, e: Value) -> String {
        match self.funcall(e, intern("message"), &[], None) {
            Ok(m) if type_of(m) == crate::object::heap::T_STRING => {
                String::from_utf8_lossy(string::bytes(&self.heap, m)).into_owned()
            }
            Ok(m) => self.inspect_str(m).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }
}
