//! The REPL (`rubra` with a terminal and no program, or `rubra --repl`): an irb-like session on
//! rustyline.
//!
//! `Session` is the part without a terminal: it evaluates one entry at a time in one
//! interpreter, keeping the top-level locals (and `_`, the last value) from entry to entry, and
//! answers what the line editor asks: is this input complete, what completes this word, how is
//! this line coloured. Entries are numbered by session line, as irb's `(irb):N` are, so
//! backtraces say `(rubra):N`.
//!
//! `run` drives it with rustyline: the prompt `rubra(main):001> `, multi-line entry through the
//! validator (an input that ends too early continues on the next line; a real syntax error is
//! reported when Enter is pressed), history in `~/.rubra_history` (1,000 entries), Tab
//! completion, highlighting by re-lexing the line, Ctrl-C (discards the input, or interrupts
//! running code with Interrupt), Ctrl-D or `exit` to leave. With stdin not a terminal, rustyline
//! reads lines without prompts and the same loop runs them (scripted use, `rubra --repl < file`).

use crate::Interpreter;
use crate::compiler;
use crate::lexer::{Lexer, Tok};
use crate::object::heap::rarray;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::parser;
use crate::vm::frame::Unwind;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Editor, Helper};
use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

/// The file name entries are compiled under.
pub const FILE: &str = "(rubra)";

/// An entry's magic comments: none are read (an entry is UTF-8 and its literals are not frozen).
const REPL_SOURCE: crate::magic::Magic = crate::magic::Magic {
    frozen_string_literal: false,
    encoding: crate::object::string::Encoding::Utf8,
};

/// What evaluating an entry gave.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// The value's inspect.
    Value(String),
    /// An exception, formatted as CRuby reports an uncaught one.
    Error(String),
    /// `exit` (or an uncaught SystemExit) with this status.
    Exit(i32),
}

pub struct Session {
    pub interp: Interpreter,
    /// Top-level local names, for the lexer (so `x -1` stays binary after `x = 1`).
    lex_locals: Vec<String>,
    /// Top-level local ids in slot order, for the compiler.
    locals: Vec<u32>,
    /// An Array kept alive by the VM: the locals' values between entries, in slot order.
    values: Value,
    /// Lines read so far: the next entry starts on line `line + 1`.
    pub line: u32,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let mut interp = Interpreter::new();
        interp.vm.script_name = FILE.to_string();
        let values = interp.vm.ary_new_capa(0);
        interp.vm.keep(values);
        Session {
            interp,
            lex_locals: Vec::new(),
            locals: Vec::new(),
            values,
            line: 0,
        }
    }

    /// Whether `src` ended too early (missing `end`, open string, trailing operator): the editor
    /// then reads another line into the same entry.
    pub fn is_incomplete(&self, src: &str) -> bool {
        let mut names = self.lex_locals.clone();
        matches!(parser::parse_with_locals(src, &mut names), Err(e) if e.incomplete)
    }

    /// Evaluates one entry (which may span several lines).
    pub fn eval(&mut self, src: &str) -> Outcome {
        let first = self.line + 1;
        self.line += src.lines().count().max(1) as u32;
        // line numbers continue through the session
        let padded = format!("{}{src}", "\n".repeat(first as usize - 1));
        let mut names = self.lex_locals.clone();
        let ast = match parser::parse_with_locals(&padded, &mut names) {
            Ok(a) => a,
            Err(e) => {
                return Outcome::Error(format!("{FILE}:{}: {} (SyntaxError)\n", e.line, e.message));
            }
        };
        let vm = &mut self.interp.vm;
        let (code, locals) =
            match compiler::compile_with_locals(vm, &ast, FILE, REPL_SOURCE, &self.locals) {
                Ok(c) => c,
                Err(e) => {
                    return Outcome::Error(format!(
                        "{FILE}:{}: {} (SyntaxError)\n",
                        e.line, e.message
                    ));
                }
            };
        self.lex_locals = names;
        let mut values = rarray(self.values).vec.to_vec();
        values.resize(locals.len(), Value::NIL);
        let r = vm.run_top_with(code, Some(&mut values));
        rarray(self.values).vec.set(values);
        self.locals = locals;
        vm.flush_out();
        match r {
            Ok(v) => {
                self.set_underscore(v);
                let vm = &mut self.interp.vm;
                match vm.inspect_str(v) {
                    Ok(s) => Outcome::Value(s),
                    Err(u) => self.failure(u),
                }
            }
            Err(u) => self.failure(u),
        }
    }

    /// Binds `_` to the last value, as a local of the session.
    fn set_underscore(&mut self, v: Value) {
        let id = intern("_");
        let slot = match self.locals.iter().position(|&l| l == id) {
            Some(i) => i,
            None => {
                self.locals.push(id);
                self.lex_locals.push("_".to_string());
                self.locals.len() - 1
            }
        };
        let vals = &mut rarray(self.values).vec;
        vals.resize(self.locals.len(), Value::NIL);
        vals[slot] = v;
    }

    fn failure(&mut self, u: Unwind) -> Outcome {
        let vm = &mut self.interp.vm;
        match *u.kind() {
            crate::vm::frame::UnwindKind::Raise(e) if vm.is_a(e, vm.c.system_exit) => {
                let s = vm.ivar_get(e, intern("__status"));
                Outcome::Exit(if s.is_fixnum() {
                    s.as_fixnum() as i32
                } else {
                    0
                })
            }
            crate::vm::frame::UnwindKind::Raise(e) => Outcome::Error(vm.format_uncaught(e)),
            crate::vm::frame::UnwindKind::Exit(code) => Outcome::Exit(code),
            crate::vm::frame::UnwindKind::Throw(tag, _) => {
                let s = vm.inspect_str(tag).unwrap_or_default();
                Outcome::Error(format!("{FILE}: uncaught throw {s} (UncaughtThrowError)\n"))
            }
            crate::vm::frame::UnwindKind::Break(..) => Outcome::Error(format!(
                "{FILE}: break from proc-closure (LocalJumpError)\n"
            )),
            crate::vm::frame::UnwindKind::Return(..) => Outcome::Value("nil".to_string()),
        }
    }

    /// Completions for the word ending at byte `pos` of `line`: methods after `recv.` (for a
    /// literal, a constant or a local receiver, never calling anything), else locals,
    /// constants, keywords and the methods callable on `main`.
    pub fn complete(&mut self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = &line[..pos];
        let start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '?' || c == '!'))
            .map_or(0, |i| {
                i + before[i..].chars().next().map_or(1, char::len_utf8)
            });
        let prefix = &before[start..];
        let mut names: Vec<String> = Vec::new();
        if start > 0 && before[..start].ends_with('.') {
            let recv = receiver_text(&before[..start - 1]);
            if let Some(klass) = self.receiver_class(recv) {
                // after a dot only public methods can be called
                names = self.method_names(klass, true);
            }
        } else {
            names.extend(self.lex_locals.iter().cloned());
            let object = self.interp.vm.c.object;
            let consts: Vec<String> = self
                .interp
                .vm
                .class_data(object)
                .consts
                .iter()
                .map(|(id, _)| sym_name(*id).to_string())
                .collect();
            names.extend(consts);
            names.extend(KEYWORDS.iter().map(|k| k.to_string()));
            let main_class = self.interp.vm.class_of(self.interp.vm.main);
            names.extend(self.method_names(main_class, false));
        }
        let mut out: Vec<String> = names
            .into_iter()
            .filter(|n| n.starts_with(prefix) && !n.is_empty())
            .collect();
        out.sort();
        out.dedup();
        (start, out)
    }

    /// The class of a receiver written as a literal, a constant or a local (None otherwise: an
    /// expression is never evaluated for completion).
    fn receiver_class(&mut self, recv: &str) -> Option<Value> {
        let vm = &mut self.interp.vm;
        let c = &vm.c;
        let t = recv.trim();
        let first = t.chars().next()?;
        let klass = if t.starts_with('"') || t.starts_with('\'') {
            c.string
        } else if t.starts_with(':') {
            c.symbol
        } else if t.starts_with('[') {
            c.array
        } else if t.starts_with('{') {
            c.hash
        } else if first.is_ascii_digit() {
            if t.contains('.') { c.float } else { c.integer }
        } else if first.is_uppercase() {
            let object = c.object;
            let v = vm.class_data(object).const_get(intern(t))?;
            vm.class_of(v)
        } else {
            let slot = self.locals.iter().position(|&l| sym_name(l) == t)?;
            let v = *rarray(self.values).vec.get(slot)?;
            vm.class_of(v)
        };
        Some(klass)
    }

    /// Method names of `klass` and its ancestors (only the public ones when `public_only`).
    fn method_names(&mut self, klass: Value, public_only: bool) -> Vec<String> {
        let vm = &mut self.interp.vm;
        let mut out = Vec::new();
        for k in vm.ancestors(klass) {
            for (name, m) in vm.methods_in_order(k) {
                let e = &vm.methods[m as usize];
                let public = e.vis == crate::object::class::Visibility::Public;
                if !matches!(e.body, crate::vm::MethodBody::Undefined) && (public || !public_only) {
                    out.push(sym_name(name).to_string());
                }
            }
        }
        out
    }

    /// `line` with ANSI colours by token kind, re-lexed with the session's locals.
    pub fn highlight(&self, line: &str) -> String {
        let mut out = String::with_capacity(line.len() * 2);
        let mut lexer = Lexer::new(line, &self.lex_locals);
        let mut done = 0;
        while let Some(t) = lexer.next() {
            let Ok((_, tok, _)) = t else { break };
            if lexer.has_queued() {
                continue; // the bytes go to the last token of this step
            }
            let end = lexer.offset().min(line.len());
            if end <= done || !line.is_char_boundary(end) {
                continue;
            }
            let piece = &line[done..end];
            match colour(&tok) {
                Some(c) => {
                    // leading blanks stay uncoloured
                    let text = piece.trim_start();
                    out.push_str(&piece[..piece.len() - text.len()]);
                    out.push_str(&format!("\x1b[{c}m{text}\x1b[0m"));
                }
                None => out.push_str(piece),
            }
            done = end;
        }
        out.push_str(&line[done..]);
        out
    }
}

/// The text of the receiver before a `.`: a balanced literal or a word.
fn receiver_text(before: &str) -> &str {
    let b = before.as_bytes();
    let Some(&last) = b.last() else { return "" };
    let open = match last {
        b'"' | b'\'' => last,
        b']' => b'[',
        b'}' => b'{',
        _ => {
            let i = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(0, |i| i + 1);
            return &before[i..];
        }
    };
    match before[..before.len() - 1].rfind(open as char) {
        Some(i) => &before[i..],
        None => before,
    }
}

/// The SGR colour of a token kind (None: plain).
fn colour(tok: &Tok) -> Option<&'static str> {
    let name = format!("{tok:?}");
    let kind = name.split('(').next().unwrap_or("");
    Some(match kind {
        k if k.starts_with("Kw") => "35",
        "Int" | "BigInt" | "Float" => "36",
        "Const" => "33",
        "IVar" | "CVar" | "GVar" => "36",
        k if k.starts_with("Str") || k.starts_with("Words") || k.starts_with("Heredoc") => "32",
        k if k.starts_with("Sym") || k == "Label" => "33",
        "Nil" | "True" | "False" | "SelfKw" => "35",
        _ => return None,
    })
}

const KEYWORDS: &[&str] = &[
    "BEGIN",
    "END",
    "alias",
    "and",
    "begin",
    "break",
    "case",
    "class",
    "def",
    "defined?",
    "do",
    "else",
    "elsif",
    "end",
    "ensure",
    "false",
    "for",
    "if",
    "in",
    "module",
    "next",
    "nil",
    "not",
    "or",
    "redo",
    "rescue",
    "retry",
    "return",
    "self",
    "super",
    "then",
    "true",
    "undef",
    "unless",
    "until",
    "when",
    "while",
    "yield",
    "__method__",
    "__FILE__",
    "__LINE__",
];

/// The rustyline helper: the session answers validation, completion and highlighting.
struct RubyHelper {
    session: Rc<RefCell<Session>>,
    colour: bool,
}

impl Helper for RubyHelper {}

impl Validator for RubyHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        let incomplete = self.session.borrow().is_incomplete(ctx.input());
        Ok(if incomplete {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Completer for RubyHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, names) = self.session.borrow_mut().complete(line, pos);
        let pairs = names
            .into_iter()
            .map(|n| Pair {
                display: n.clone(),
                replacement: n,
            })
            .collect();
        Ok((start, pairs))
    }
}

impl Hinter for RubyHelper {
    type Hint = String;
}

impl Highlighter for RubyHelper {
    fn highlight<'l>(&self, line: &'l str, _: usize) -> Cow<'l, str> {
        if !self.colour {
            return Cow::Borrowed(line);
        }
        Cow::Owned(self.session.borrow().highlight(line))
    }
    fn highlight_char(&self, _: &str, _: usize, _: CmdKind) -> bool {
        self.colour
    }
}

/// The path of the history file (`~/.rubra_history`).
fn history_path() -> Option<std::path::PathBuf> {
    std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".rubra_history"))
}

/// Runs the REPL until Ctrl-D or `exit`; returns the exit status.
pub fn run() -> i32 {
    let session = Rc::new(RefCell::new(Session::new()));
    // Ctrl-C while code runs sets the VM's interrupt flag (it raises Interrupt at the next
    // safepoint); at the prompt, rustyline reads it as a key instead.
    let flag = session.borrow().interp.vm.interrupt.clone();
    let ctrl_c = session.borrow().interp.vm.ctrl_c.clone();
    // (the cause first: a safepoint that sees the interrupt then finds it)
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, ctrl_c);
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, flag.clone());
    let config = rustyline::Config::builder()
        .max_history_size(1000)
        .and_then(|b| b.history_ignore_dups(true))
        .map(|b| {
            b.auto_add_history(true)
                .completion_type(rustyline::CompletionType::List)
                .build()
        })
        .unwrap_or_default();
    let Ok(mut editor) =
        Editor::<RubyHelper, rustyline::history::DefaultHistory>::with_config(config)
    else {
        eprintln!("rubra: cannot start the line editor");
        return 1;
    };
    let colour = std::env::var_os("NO_COLOR").is_none();
    editor.set_helper(Some(RubyHelper {
        session: session.clone(),
        colour,
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    let status = loop {
        let prompt = format!("rubra(main):{:03}> ", session.borrow().line + 1);
        match editor.readline(prompt.as_str()) {
            Ok(src) => {
                flag.store(false, std::sync::atomic::Ordering::Relaxed);
                session
                    .borrow()
                    .interp
                    .vm
                    .ctrl_c
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                let trimmed = src.trim();
                if trimmed == "exit" || trimmed == "quit" {
                    break 0;
                }
                if trimmed.is_empty() {
                    session.borrow_mut().line += 1;
                    continue;
                }
                let outcome = session.borrow_mut().eval(&src);
                match outcome {
                    Outcome::Value(s) => println!("=> {s}"),
                    Outcome::Error(text) => print!("{text}"),
                    Outcome::Exit(code) => break code,
                }
            }
            Err(ReadlineError::Interrupted) => {
                println!("^C");
                continue;
            }
            Err(ReadlineError::Eof) => break 0,
            Err(e) => {
                eprintln!("rubra: {e}");
                break 1;
            }
        }
    };
    if let Some(h) = &history {
        let _ = editor.save_history(h);
    }
    session.borrow_mut().interp.vm.flush_out();
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locals_and_underscore_persist_between_entries() {
        let mut s = Session::new();
        assert_eq!(s.eval("x = 40"), Outcome::Value("40".into()));
        assert_eq!(s.eval("x + 2"), Outcome::Value("42".into()));
        assert_eq!(s.eval("_ * 2"), Outcome::Value("84".into()));
        assert_eq!(
            s.eval("x -1"),
            Outcome::Value("39".into()),
            "x is a local: binary minus"
        );
        assert_eq!(
            s.eval("[1, 2].map { |i| i * x }"),
            Outcome::Value("[40, 80]".into())
        );
        assert_eq!(s.eval("y = x; z = y"), Outcome::Value("40".into()));
        assert_eq!(s.eval("z"), Outcome::Value("40".into()));
        assert_eq!(s.line, 7);
    }

    #[test]
    fn methods_and_classes_persist_and_errors_continue() {
        let mut s = Session::new();
        assert_eq!(
            s.eval("def double(n)\n  n * 2\nend"),
            Outcome::Value(":double".into())
        );
        assert_eq!(s.eval("double(21)"), Outcome::Value("42".into()));
        let Outcome::Error(text) = s.eval("raise 'boom'") else {
            panic!("an error")
        };
        assert_eq!(text, "(rubra):5:in '<main>': boom (RuntimeError)\n");
        assert_eq!(s.eval("double(2)"), Outcome::Value("4".into()));
        assert_eq!(s.eval("exit 3"), Outcome::Exit(3));
    }

    #[test]
    fn incomplete_input_continues() {
        let s = Session::new();
        for src in [
            "def foo",
            "x = [1,",
            "x = 1 +",
            "foo(",
            "\"abc",
            "class A",
            "[1].each do |x|",
        ] {
            assert!(s.is_incomplete(src), "{src}");
        }
        for src in ["x = 1", "end", "x = )", "puts 1"] {
            assert!(!s.is_incomplete(src), "{src}");
        }
    }

    #[test]
    fn completion_of_methods_locals_and_constants() {
        let mut s = Session::new();
        s.eval("answer = 42");
        let line = "\"abc\".up";
        let (start, names) = s.complete(line, line.len());
        assert_eq!(start, 6);
        assert!(names.contains(&"upcase".to_string()) && names.contains(&"upto".to_string()));
        let (_, names) = s.complete("ans", 3);
        assert_eq!(names, ["answer"]);
        let (_, names) = s.complete("answer.ev", 9);
        assert_eq!(names, ["even?"]);
        let (_, names) = s.complete("Compar", 6);
        assert_eq!(names, ["Comparable"]);
        let (_, names) = s.complete("whi", 3);
        assert!(names.contains(&"while".to_string()));
    }

    #[test]
    fn highlighting_keeps_the_text() {
        let s = Session::new();
        let line = "def f(x) = x + 1 # done";
        let h = s.highlight(line);
        let plain: String = strip_ansi(&h);
        assert_eq!(plain, line);
        assert!(h.contains("\x1b[35mdef\x1b[0m"), "{h:?}");
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }
}
