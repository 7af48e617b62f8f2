//! The `rubra` command, following `ruby`'s flags: `rubra FILE [ARGS]`, `-e CODE`, `-c`, `-v`,
//! `--version`, `-h`, `--dump=insns`, `--stats`, a program on stdin when it is not a terminal;
//! with a terminal and no program (or with `-i`), the REPL (src/repl.rs).
//!
//! The interpreter runs on a thread with a large stack so that deep (but bounded) recursion in
//! the parser, compiler and VM raises SystemStackError instead of overflowing the native stack.

use rubra::Interpreter;
use std::io::{IsTerminal, Read};

const USAGE: &str = "Usage: rubra [switches] [--] [programfile] [arguments]
  -c              check syntax only
  -e 'command'    one line of script
  -h, --help      show this message
  -i              start the REPL (also the default with a terminal and no program)
  -v, --version   print the version
  --dump=insns    print the compiled bytecode instead of running
  --stats         print the object-model counters at exit
";

struct Options {
    program: Option<(String, String)>,
    repl: bool,
    check: bool,
    dump: bool,
    stats: bool,
    args: Vec<String>,
}

fn parse_args() -> Result<Options, i32> {
    let mut args = std::env::args().skip(1).peekable();
    let mut o = Options {
        program: None,
        repl: false,
        check: false,
        dump: false,
        stats: false,
        args: Vec::new(),
    };
    let mut code: Option<String> = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "-e" => {
                let Some(c) = args.next() else {
                    eprintln!("rubra: no code specified for -e (RuntimeError)");
                    return Err(1);
                };
                code = Some(match code {
                    Some(prev) => format!("{prev}\n{c}"),
                    None => c,
                });
            }
            "-c" => o.check = true,
            "-i" => o.repl = true,
            "-v" | "--version" => {
                println!("{}", rubra::core::version::description());
                if a == "--version" || args.peek().is_none() && code.is_none() {
                    return Err(0);
                }
            }
            "-h" | "--help" => {
                print!("{USAGE}");
                return Err(0);
            }
            "--dump=insns" => o.dump = true,
            "--stats" => o.stats = true,
            "--" => break,
            "-" => {
                // the program comes from standard input; what follows are its arguments
                let mut src = String::new();
                if std::io::stdin().read_to_string(&mut src).is_err() {
                    eprintln!("rubra: cannot read the program from standard input");
                    return Err(1);
                }
                o.program = Some(("-".into(), src));
                break;
            }
            s if s.starts_with('-') && s.len() > 1 => {
                eprintln!("rubra: invalid option {s}  (-h will show valid options) (RuntimeError)");
                return Err(1);
            }
            _ => {
                if code.is_none() {
                    let src = match std::fs::read(&a) {
                        Ok(b) => b,
                        Err(_) => {
                            eprintln!("rubra: No such file or directory -- {a} (LoadError)");
                            return Err(1);
                        }
                    };
                    o.program = Some((a.clone(), String::from_utf8_lossy(&src).into_owned()));
                } else {
                    o.args.push(a);
                }
                break;
            }
        }
    }
    o.args.extend(args);
    if let Some(c) = code {
        o.program = Some(("-e".into(), c));
    }
    Ok(o)
}

fn run() -> i32 {
    let mut o = match parse_args() {
        Ok(o) => o,
        Err(code) => return code,
    };
    if o.repl || (o.program.is_none() && std::io::stdin().is_terminal()) {
        return rubra::repl::run();
    }
    if o.program.is_none() {
        let stdin = std::io::stdin();
        let mut src = String::new();
        if stdin.lock().read_to_string(&mut src).is_err() {
            eprintln!("rubra: cannot read the program from standard input");
            return 1;
        }
        o.program = Some(("-".into(), src));
    }
    let (file, src) = o.program.take().expect("program");
    if o.check {
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
    let run = std::panic::AssertUnwindSafe(|| interp.run_main(&src, &file));
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
    status
}

fn main() {
    let child = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(run)
        .expect("interpreter thread");
    let code = child.join().unwrap_or(1);
    std::process::exit(code);
}
