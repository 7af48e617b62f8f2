//! The embedding API: create an interpreter, evaluate source, read the counters.
//!
//! `Interpreter::run_main` is what the `rubra` command does with a program: evaluate it, run the
//! `at_exit` handlers, print an uncaught exception the way CRuby 4.0 does, flush the output and
//! return the exit status.

use crate::compiler;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::parser;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Cref, Frame, FrameKind, Unwind, VmResult};
use std::rc::Rc;

pub struct Interpreter {
    pub vm: Box<Vm>,
}

impl Default for Interpreter {
    fn default() -> Self {
        Interpreter::new()
    }
}

/// What the command line adds around the main program (src/cli.rs).
#[derive(Default, Debug, Clone)]
pub struct MainOptions {
    /// `-r`: libraries required before the program, in order.
    pub requires: Vec<String>,
    /// `-n`: the program runs once per line of ARGF.
    pub loop_lines: bool,
    /// `-p`: and prints `$_` after each.
    pub print: bool,
    /// `-a`: `$F` is `$_.split($;)`.
    pub split: bool,
    /// `-l`: lines are read chomped.
    pub chomp: bool,
    /// A SyntaxError the program's bytes make before it is parsed, as (line, message): an
    /// invalid UTF-8 sequence in its code (`magic::invalid_multibyte`).
    pub source_error: Option<(u32, String)>,
}

/// The source is not valid Ruby: file, line and message, as CRuby reports a SyntaxError.
#[derive(Debug)]
pub struct SyntaxFailure {
    pub line: u32,
    pub message: String,
    pub incomplete: bool,
}

impl Interpreter {
    pub fn new() -> Interpreter {
        Interpreter { vm: Vm::new() }
    }

    /// Checks that `src` parses (`rubra -c`).
    pub fn check_syntax(src: &str) -> Result<(), SyntaxFailure> {
        parser::parse_program(src)
            .map(|_| ())
            .map_err(|e| SyntaxFailure {
                line: e.line,
                message: e.message,
                incomplete: e.incomplete,
            })
    }

    /// Runs a whole program as the main script; returns the process exit status.
    pub fn run_main(&mut self, src: &str, file: &str) -> i32 {
        self.run_main_with(src, file, &MainOptions::default())
    }

    /// `run_main` with the command line's additions: `-r` libraries required first, the
    /// `-n`/`-p` loop around the program.
    pub fn run_main_with(&mut self, src: &str, file: &str, opts: &MainOptions) -> i32 {
        self.vm.script_name = file.to_string();
        // A panic outside any dispatch loop (the compiler, a native called from Rust) is
        // reported as a [BUG] like one inside (vm/panic.rs), after the program's output is flushed.
        let depth = self.vm.depths();
        let run = std::panic::AssertUnwindSafe(|| {
            for lib in &opts.requires {
                crate::core::load::require(&mut self.vm, lib.as_bytes())?;
            }
            self.vm.eval_main_with(src, file, opts)
        });
        let result = std::panic::catch_unwind(run)
            .unwrap_or_else(|_| Err(self.vm.recover_from_panic(depth)));
        let status = match result {
            Ok(_) => 0,
            // exit! leaves at once: no at_exit handlers, and (as CRuby's _exit) no flushing
            Err(unw) if let UnwindKind::Exit(code) = *unw.kind() => {
                crate::core::io::discard_all(&mut self.vm);
                return code;
            }
            Err(u) => self.report(u),
        };
        let status = self.run_at_exit(status);
        crate::core::thread::sched::terminate_all(&mut self.vm);
        self.flush_all();
        status
    }

    /// Writes out every IO's pending bytes (the end of a program, however it ended).
    pub fn flush_all(&mut self) {
        crate::core::io::flush_all(&mut self.vm);
    }

    /// Evaluates `src`; an uncaught exception comes back as `Err(exception)`.
    pub fn eval(&mut self, src: &str, file: &str) -> Result<Value, Value> {
        match self.vm.eval_source(src, file) {
            Ok(v) => Ok(v),
            Err(unw) if let UnwindKind::Raise(e) = *unw.kind() => Err(e),
            Err(_) => Ok(Value::NIL),
        }
    }

    /// The status for an unwind that reached the top, printing an uncaught exception.
    fn report(&mut self, u: Unwind) -> i32 {
        report(&mut self.vm, u)
    }

    fn run_at_exit(&mut self, status: i32) -> i32 {
        run_at_exit(&mut self.vm, status)
    }
}

/// The status for an unwind that reached the top, printing an uncaught exception.
fn report(vm: &mut Vm, u: Unwind) -> i32 {
    match *u.kind() {
        UnwindKind::Raise(e) => {
            if vm.is_a(e, vm.c.system_exit) {
                let s = vm.ivar_get(e, crate::object::symbol::intern("__status"));
                return if s.is_fixnum() {
                    s.as_fixnum() as i32
                } else {
                    0
                };
            }
            let text = vm.format_uncaught(e);
            vm.write_err(text.as_bytes());
            1
        }
        UnwindKind::Exit(code) => code,
        UnwindKind::Break(..) => {
            vm.write_err(
                format!(
                    "{}: break from proc-closure (LocalJumpError)\n",
                    vm.script_name
                )
                .as_bytes(),
            );
            1
        }
        UnwindKind::Return(..) => 0,
        UnwindKind::Throw(tag, _) => {
            let s = vm.inspect_str(tag).unwrap_or_default();
            vm.write_err(
                format!(
                    "{}: uncaught throw {s} (UncaughtThrowError)\n",
                    vm.script_name
                )
                .as_bytes(),
            );
            1
        }
    }
}

/// Runs `trap("EXIT")` and the `at_exit` handlers; the status after them.
fn run_at_exit(vm: &mut Vm, mut status: i32) -> i32 {
    // trap("EXIT") runs first, as CRuby's rb_ec_teardown does
    if let Err(u) = crate::core::signal::run_exit_trap(vm) {
        status = report(vm, u);
    }
    while let Some(p) = vm.at_exit.pop() {
        let call = crate::object::symbol::intern("call");
        if let Err(u) = vm.funcall(p, call, &[], None) {
            status = report(vm, u);
        }
    }
    status
}

/// Ends a forked child whose block finished with `result` as CRuby's `ruby_stop` does: an
/// uncaught exception is reported, the `at_exit` handlers run, the output is flushed and the
/// process exits with the status (`exit!` leaves at once, dropping the buffered output).
pub fn exit_process(vm: &mut Vm, result: VmResult) -> ! {
    let status = match result {
        Ok(_) => 0,
        Err(unw) if let UnwindKind::Exit(code) = *unw.kind() => {
            crate::core::io::discard_all(vm);
            std::process::exit(code)
        }
        Err(u) => report(vm, u),
    };
    let status = run_at_exit(vm, status);
    crate::core::thread::sched::terminate_all(vm);
    crate::core::io::flush_all(vm);
    std::process::exit(status)
}

impl Vm {
    /// Parses, compiles and runs `src` as a top-level program (the main script or a required
    /// file) with self = main.
    pub fn eval_source(&mut self, src: &str, file: &str) -> VmResult {
        let code = self.parse_and_compile(src, file)?;
        self.run_top(code)
    }

    /// Parses and compiles `src` as the program of `file` (on a stack its nesting fits:
    /// `Vm::with_parser_stack`).
    fn parse_and_compile(&mut self, src: &str, file: &str) -> VmResult<Rc<crate::vm::code::Code>> {
        self.with_parser_stack(src.len(), |vm| {
            let ast = match parser::parse_raw(src, crate::magic::reads_raw_bytes(src)) {
                Ok((a, _)) => a,
                Err(e) => return Err(vm.syntax_error_at(file, e.line, &e.message)),
            };
            vm.compile(ast, src, file)
        })
    }

    /// As `eval_source`, with `self_` as self and `cref` as the lexical scope (a wrapped
    /// `load`, core/load.rs).
    pub fn eval_source_in(
        &mut self,
        src: &str,
        file: &str,
        self_: Value,
        cref: Rc<Cref>,
    ) -> VmResult {
        let code = self.parse_and_compile(src, file)?;
        self.run_top_in(code, None, self_, cref)
    }

    /// Runs the main script: as `eval_source`, and when the script ends in an `__END__` line
    /// `DATA` is the script's file opened for reading, positioned just after that line.
    pub fn eval_main(&mut self, src: &str, file: &str) -> VmResult {
        self.eval_main_with(src, file, &MainOptions::default())
    }

    /// `eval_main` inside the `-n`/`-p` loop when `opts` asks for it (cli.rs `wrap_loop`).
    pub fn eval_main_with(&mut self, src: &str, file: &str, opts: &MainOptions) -> VmResult {
        if let Some((line, message)) = &opts.source_error {
            return Err(self.syntax_error_at(file, *line, message));
        }
        let (ast, data) = match parser::parse_raw(src, crate::magic::reads_raw_bytes(src)) {
            Ok(a) => a,
            Err(e) => return Err(self.syntax_error_at(file, e.line, &e.message)),
        };
        let ast = if opts.loop_lines {
            crate::cli::wrap_loop(ast, src, opts.print, opts.split, opts.chomp)
        } else {
            ast
        };
        if let Some(offset) = data
            && std::path::Path::new(file).is_file()
        {
            let file_class = self.c.file;
            let path = self.str_from(file);
            let f = self.funcall(file_class, intern("open"), &[path], None)?;
            let bytes = std::fs::read(file).unwrap_or_default();
            let at = self.int(crate::magic::file_offset(&bytes, src, offset) as i64);
            self.funcall(f, intern("seek"), &[at], None)?;
            let o = self.c.object;
            self.class_data(o).const_set(intern("DATA"), f);
        }
        self.toplevel_binding_pending = true;
        self.compile_and_run(ast, src, file)
    }

    fn compile_and_run(&mut self, ast: crate::ast::Node, src: &str, file: &str) -> VmResult {
        let code = self.compile(ast, src, file)?;
        self.run_top(code)
    }

    /// Compiles a parsed program of `file` (SyntaxError for what the compiler refuses).
    fn compile(
        &mut self,
        ast: crate::ast::Node,
        src: &str,
        file: &str,
    ) -> VmResult<Rc<crate::vm::code::Code>> {
        let magic = self.magic_comments(src, file, crate::object::string::Encoding::Utf8)?;
        let code = match compiler::compile_program(self, &ast, file, magic) {
            Ok(c) => c,
            Err(e) => return Err(self.syntax_error_at(file, e.line, &e.message)),
        };
        drop(ast);
        Ok(code)
    }

    /// The magic comments of `src` (see magic.rs), whose encoding is `default` unless one names
    /// another: an encoding CRuby does not accept there is CRuby's ArgumentError; one that
    /// CRuby has and rubra does not is read as UTF-8 (with a warning when the source has a
    /// non-ASCII byte, which that reading may change).
    pub fn magic_comments(
        &mut self,
        src: &str,
        file: &str,
        default: crate::object::string::Encoding,
    ) -> VmResult<crate::magic::Magic> {
        let magic = match crate::magic::scan(src, default) {
            Ok(m) => m,
            Err(crate::magic::UnknownEncoding { line }) => {
                let msg =
                    format!("{file}:{line}: unknown or invalid encoding in the magic comment");
                let k = self.c.argument_error;
                return Err(self.raise_str(k, &msg));
            }
        };
        // CRuby loads the encoding a magic comment names
        crate::core::string_encoding::mark_loaded(self, magic.encoding);
        Ok(magic)
    }

    /// A SyntaxError "file:line: message" raised from parsing or compiling `file`.
    pub(crate) fn syntax_error_at(&mut self, file: &str, line: u32, message: &str) -> Unwind {
        let msg = format!("{file}:{line}: {message}");
        let ex = self.exception_new(self.syntax_error_class(), &msg);
        Unwind::Raise(ex)
    }

    fn syntax_error_class(&self) -> Value {
        self.class_data(self.c.object)
            .const_get(crate::object::symbol::intern("SyntaxError"))
            .unwrap_or(self.c.script_error)
    }

    /// Runs a top-level code object.
    pub fn run_top(&mut self, code: Rc<crate::vm::code::Code>) -> VmResult {
        self.run_top_with(code, None)
    }

    /// Runs a top-level code object whose first locals start as `locals` (REPL entries); the
    /// locals' final values are written back into it (resized to the code's local count).
    pub fn run_top_with(
        &mut self,
        code: Rc<crate::vm::code::Code>,
        locals: Option<&mut Vec<Value>>,
    ) -> VmResult {
        let (main, cref) = (self.main, self.top_cref.clone());
        self.run_top_in(code, locals, main, cref)
    }

    /// `run_top_with` with self `self_` and lexical scope `cref`.
    fn run_top_in(
        &mut self,
        code: Rc<crate::vm::code::Code>,
        mut locals: Option<&mut Vec<Value>>,
        main: Value,
        cref: Rc<Cref>,
    ) -> VmResult {
        let n = code.num_locals();
        let base = self.stack.len();
        self.stack.resize(base + n, Value::NIL);
        if let Some(vals) = locals.as_deref_mut() {
            vals.resize(n, Value::NIL);
            self.stack[base..base + n].copy_from_slice(vals);
        }
        let id = self.next_id();
        let object = self.c.object;
        self.frames.push_with(move || Frame {
            code: Some(code),
            defined_class: object,
            self_: main,
            base: base as u32,
            ..Frame::bare(FrameKind::Top, id, cref)
        });
        if std::mem::take(&mut self.toplevel_binding_pending) {
            let sc = self.capture_scope(self.frames.len() - 1);
            let b = self.binding_new(sc);
            let o = self.c.object;
            self.class_data(o).const_set(intern("TOPLEVEL_BINDING"), b);
        }
        let saved_pc = self.save_caller_pc();
        let saved_vis =
            std::mem::replace(&mut self.top_vis, crate::object::class::Visibility::Private);
        let r = self.execute();
        self.top_vis = saved_vis;
        self.cur_pc = saved_pc;
        if let Some(vals) = locals {
            for (i, v) in vals.iter_mut().enumerate() {
                *v = self.frame_local(self.frames.len() - 1, i as u32);
            }
        }
        self.pop_frame();
        self.stack.truncate(base);
        r
    }
}

impl Interpreter {
    /// Sets ARGV (also `$*`) and $0 (also `$PROGRAM_NAME`).
    pub fn set_argv(&mut self, file: &str, args: &[String]) {
        let vm = &mut self.vm;
        let items: Vec<Value> = args.iter().map(|a| vm.str_from(a)).collect();
        let argv = vm.ary_new(items);
        let o = vm.c.object;
        vm.class_data(o)
            .const_set(crate::object::symbol::intern("ARGV"), argv);
        let name = vm.str_from(file);
        vm.freeze(name);
        vm.gvar_id_set(crate::sym!("$0"), name);
        vm.gvar_id_set(crate::sym!("$*"), argv);
        vm.script_name = file.to_string();
    }

    /// The disassembly of a program (`--dump=insns`).
    pub fn dump_insns(&mut self, src: &str, file: &str) -> Result<String, String> {
        let ast =
            parser::parse_program(src).map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
        let magic = crate::magic::scan(src, crate::object::string::Encoding::Utf8)
            .map_err(|_| format!("{file}: unknown or invalid encoding in the magic comment"))?;
        let code = compiler::compile_program(&mut self.vm, &ast, file, magic)
            .map_err(|e| format!("{file}:{}: {}", e.line, e.message))?;
        let mut out = String::new();
        crate::vm::insn::disassemble(&code, &mut out);
        Ok(out)
    }

    /// The counters `--stats` prints.
    pub fn stats_report(&self) -> String {
        use crate::object::heap::POOL_SIZES;
        let h = &self.vm.heap;
        let mut out = String::from("rubra stats:\n");
        out.push_str(&format!("  gc_count: {}\n  total_allocated_objects: {}\n  total_freed_objects: {}\n  heap_live_slots: {}\n  malloc_bytes: {}\n", h.stats.gc_count, h.stats.total_allocated, h.stats.total_freed, h.live_slots(), h.stats.malloc_bytes));
        for (i, size) in POOL_SIZES.iter().enumerate() {
            let p = h.pool_stats(i);
            out.push_str(&format!(
                "  pool {size}: pages {} slots {} allocated {} freed {} live {}\n",
                p.pages,
                p.slots,
                p.allocated,
                p.freed,
                p.live()
            ));
        }
        for (k, v) in crate::core::gc::rubra_pairs(&self.vm) {
            out.push_str(&format!("  {k}: {v}\n"));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Objects allocated per pool while evaluating `src` (after a warm-up evaluation, so that
    /// method caches and constants are in place).
    fn allocations(src: &str) -> [u64; 5] {
        let mut i = Interpreter::new();
        i.eval(src, "t.rb").expect("warm-up");
        let before: Vec<u64> = (0..5).map(|p| i.vm.heap.pool_stats(p).allocated).collect();
        i.eval(src, "t.rb").expect("runs");
        let mut out = [0; 5];
        for (p, slot) in out.iter_mut().enumerate() {
            *slot = i.vm.heap.pool_stats(p).allocated - before[p];
        }
        out
    }

    #[test]
    fn integer_addition_allocates_nothing() {
        assert_eq!(allocations("x = 1\ny = x + 2"), [0, 0, 0, 0, 0]);
    }

    #[test]
    fn string_literals_take_the_pool_their_length_needs() {
        assert_eq!(allocations("s = \"0123456789\""), [1, 0, 0, 0, 0]);
        let hundred = format!("s = \"{}\"", "x".repeat(100));
        assert_eq!(allocations(&hundred), [0, 0, 1, 0, 0]);
        let heap = format!("s = \"{}\"", "x".repeat(700));
        assert_eq!(allocations(&heap), [1, 0, 0, 0, 0]);
    }

    #[test]
    fn array_literal_is_one_object() {
        assert_eq!(allocations("a = [1, 2, 3]"), [1, 0, 0, 0, 0]);
    }

    #[test]
    fn frozen_literals_allocate_nothing() {
        assert_eq!(
            allocations("# frozen_string_literal: true\n1000.times { s = \"abc\" }"),
            [0, 0, 0, 0, 0]
        );
    }
}
