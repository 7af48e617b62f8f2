//! The `rubra` command, following `ruby`'s switches (read by src/cli.rs; `rubra -h` lists
//! them): `rubra FILE [ARGS]`, `-e CODE`, the `-n`/`-p`/`-a`/`-l`/`-F`/`-i` one-liner loop,
//! `-r`, `-I`, `-C`, `-w`/`-W`/`-v`, `-d`, `-s`, `-x`, `-0`, `-E`, `-c`, a program on stdin
//! when it is not a terminal; with a terminal and no program (or with `--repl`), the REPL
//! (src/repl.rs).
//!
//! The interpreter runs on a thread with a large stack so that deep (but bounded) recursion in
//! the parser, compiler and VM raises SystemStackError instead of overflowing the native stack.

use rubra::Interpreter;
use rubra::cli::{self, Source};
use rubra::interp::MainOptions;
use std::io::{IsTerminal, Read};

/// The bytes of a program given on standard input.
fn read_stdin() -> Result<Vec<u8>, i32> {
    let mut src = Vec::new();
    if std::io::stdin().lock().read_to_end(&mut src).is_err() {
        eprintln!("rubra: cannot read the program from standard input");
        return Err(1);
    }
    Ok(src)
}

/// The program: its file name, its source and the SyntaxError its bytes make
/// (`magic::read_source`).
type Program = (String, String, Option<(u32, String)>);

fn program(o: &cli::Options) -> Result<Program, i32> {
    let mut source_error = None;
    let (file, src) = match &o.source {
        Some(Source::Code(c)) => ("-e".to_string(), c.clone()),
        Some(Source::File(f)) => match std::fs::read(f) {
            Ok(b) => {
                let (src, error) = rubra::magic::read_source(&b);
                source_error = error;
                (f.clone(), src)
            }
            Err(_) => {
                eprintln!("rubra: No such file or directory -- {f} (LoadError)");
                return Err(1);
            }
        },
        // read as a file is: its magic comment, raw bytes, invalid sequences
        Some(Source::Stdin) | None => {
            let (src, error) = rubra::magic::read_source(&read_stdin()?);
            source_error = error;
            ("-".to_string(), src)
        }
    };
    if o.skip_to_shebang {
        return match cli::skip_to_shebang(&src) {
            Some(s) => Ok((file, s, source_error)),
            None => {
                eprintln!("rubra: no Ruby script found in input (LoadError)");
                Err(1)
            }
        };
    }
    Ok((file, src, source_error))
}

/// Sets the globals and the load path the switches ask for.
fn configure(interp: &mut Interpreter, o: &mut cli::Options) -> Result<(), i32> {
    let vm = &mut interp.vm;
    if let Some(v) = o.verbose {
        let v = match v {
            None => rubra::object::value::Value::NIL,
            Some(b) => rubra::object::value::Value::bool(b),
        };
        vm.gvar_set("$VERBOSE", v);
    }
    use rubra::object::value::Value;
    if o.debug {
        vm.gvar_set("$DEBUG", Value::TRUE);
    }
    vm.gvar_set("$-p", Value::bool(o.print));
    vm.gvar_set("$-l", Value::bool(o.chomp));
    vm.gvar_set("$-a", Value::bool(o.split));
    if let Some(rs) = &o.record_sep {
        let v = match rs {
            Some(b) => vm.str_new(b),
            None => Value::NIL,
        };
        vm.gvar_set("$/", v);
    }
    if o.chomp {
        let rs = vm.gvar_get("$/");
        vm.gvar_set("$\\", rs);
    }
    if let Some(fs) = &o.field_sep {
        let v = rubra::core::globals::field_separator(vm, fs);
        vm.gvar_set("$;", v);
    }
    if let Some(ext) = &o.inplace {
        let v = vm.str_from(ext);
        vm.gvar_set("$-i", v);
    }
    if let Some(enc) = &o.encoding
        && let Err(msg) = rubra::core::string_encoding::set_default_external(vm, enc)
    {
        eprintln!("rubra: {msg}");
        return Err(1);
    }
    let mut dirs = o.includes.clone();
    if let Some(lib) = std::env::var_os("RUBYLIB") {
        let lib = lib.to_string_lossy().into_owned();
        dirs.extend(lib.split(':').filter(|d| !d.is_empty()).map(String::from));
    }
    if rubra::core::load::add_load_path(vm, &dirs).is_err() {
        eprintln!("rubra: cannot read the working directory");
        return Err(1);
    }
    if o.switches {
        for (name, value) in cli::take_switches(&mut o.args) {
            let v = match value {
                Some(s) => vm.str_from(s),
                None => Value::TRUE,
            };
            vm.gvar_set(&name, v);
        }
    }
    Ok(())
}

fn run() -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut o = match cli::parse(&args) {
        Ok(o) => o,
        Err(exit) => {
            if exit.to_stdout {
                print!("{}", exit.message);
            } else if !exit.message.is_empty() {
                eprintln!("{}", exit.message);
            }
            return exit.status;
        }
    };
    if o.print_version {
        println!("{}", rubra::core::version::description());
        if o.source.is_none() {
            return 0;
        }
    }
    if let Some(dir) = &o.chdir
        && std::env::set_current_dir(dir).is_err()
    {
        eprintln!("rubra: Can't chdir to {dir} (fatal)");
        return 1;
    }
    if o.repl || (o.source.is_none() && std::io::stdin().is_terminal()) {
        return rubra::repl::run();
    }
    let (file, src, source_error) = match program(&o) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if o.check {
        if let Some((line, message)) = &source_error {
            eprintln!("{file}:{line}: {message}");
            return 1;
        }
        return match Interpreter::check_syntax(&src) {
            Ok(()) => {
                println!("Syntax OK");
                0
            }
            Err(e) => {
                eprintln!("{file}:{}: {}", e.line, e.message);
                1
            }
        };
    }
    let mut interp = Interpreter::new();
    interp.vm.die_on_sigpipe = true;
    if let Err(code) = configure(&mut interp, &mut o) {
        return code;
    }
    interp.set_argv(&file, &o.args);
    if o.dump {
        return match interp.dump_insns(&src, &file) {
            Ok(text) => {
                print!("{text}");
                0
            }
            Err(msg) => {
                eprintln!("{msg}");
                1
            }
        };
    }
    let opts = MainOptions {
        requires: o.requires.clone(),
        loop_lines: o.loop_lines,
        print: o.print,
        split: o.split,
        chomp: o.chomp,
        source_error,
    };
    let run = std::panic::AssertUnwindSafe(|| interp.run_main_with(&src, &file, &opts));
    let status = match std::panic::catch_unwind(run) {
        Ok(status) => status,
        Err(_) => {
            // an interpreter bug: keep what the program wrote before it
            interp.flush_all();
            eprintln!("rubra: {}", rubra::vm::panic::take_message());
            1
        }
    };
    if o.stats {
        eprint!("{}", interp.stats_report());
    }
    // The process ends as soon as this returns. Every stream's pending bytes are written
    // (run_main_with ends in flush_all) and no Drop does more than free memory, so freeing each
    // object, class and table here (about 230,000 instructions for an empty program) is skipped.
    std::mem::forget(interp);
    status
}

fn main() {
    rubra::object::os::single_malloc_arena();
    let child = std::thread::Builder::new()
        .stack_size(1 << 30)
        // the interpreter thread ends the process itself: in a child of `fork` (without a
        // block) it is the only thread, with no `main` to return to
        .spawn(|| std::process::exit(run()))
        .expect("interpreter thread");
    let _ = child.join();
    std::process::exit(1);
}
