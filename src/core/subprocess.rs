//! Running other programs: `Kernel#system` and `` Kernel#` `` (backquotes).
//!
//! A single command string goes to `/bin/sh -c` when it has shell metacharacters, and is split on
//! whitespace and run directly otherwise (as CRuby decides); several arguments run the program
//! directly. The child inherits stdin and stderr (and stdout for `system`); rubra's buffered IO
//! is written out first so the outputs come in order. Not yet: `$?` (there is no Process::Status),
//! spawn options other than `exception:` and `chdir:`.

use crate::object::heap::*;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::process::{Command, Stdio};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const KERNEL: &[M] = &[("system", k_system, 1, -1), ("`", k_backquote, 1, 1)];

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
}

/// The characters that make CRuby hand a command string to the shell.
const SHELL_META: &[u8] = b"*?{}[]<>()~&|\\$;'`\"\n#=%";

/// The words that make CRuby hand a command string to the shell when they come first (the shell's
/// reserved words and special built-ins).
const SHELL_WORDS: &[&str] = &[
    "!", ".", ":", "break", "case", "continue", "do", "done", "elif", "else", "esac", "eval",
    "exec", "exit", "export", "fi", "for", "if", "in", "readonly", "return", "set", "shift",
    "then", "times", "trap", "unset", "until", "while",
];

/// What to run: the program, its arguments, extra environment (None: remove) and a directory.
struct Spawn {
    argv: Vec<String>,
    env: Vec<(String, Option<String>)>,
    chdir: Option<String>,
    exception: bool,
    /// The command as CRuby names it in an error message.
    shown: String,
}

fn parse(vm: &mut Vm, args: &[Value]) -> VmResult<Spawn> {
    let mut args = args.to_vec();
    let mut env = Vec::new();
    if args.first().is_some_and(|&a| type_of(a) == T_HASH) {
        let h = args.remove(0);
        for (k, v) in super::hash::pairs(h) {
            let key = vm.to_s_string(k)?;
            let value = if v.is_nil() {
                None
            } else {
                Some(vm.to_s_string(v)?)
            };
            env.push((key, value));
        }
    }
    let (mut chdir, mut exception) = (None, false);
    if args.len() > 1 && args.last().is_some_and(|&a| type_of(a) == T_HASH) {
        let opts = args.pop().unwrap_or(Value::NIL);
        for (k, v) in super::hash::pairs(opts) {
            let name = if k.is_symbol() {
                sym_name(k.as_symbol_id()).to_string()
            } else {
                String::new()
            };
            match name.as_str() {
                "exception" => exception = v.truthy(),
                "chdir" => chdir = Some(vm.to_s_string(v)?),
                _ => {
                    let shown = vm.inspect_str(k)?;
                    let msg = format!("spawn option {shown} is not supported by rubra yet");
                    return Err(vm.raise_str(vm.c.not_implemented_error, &msg));
                }
            }
        }
    }
    if args.is_empty() {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1+)"));
    }
    let mut words = Vec::new();
    for &a in &args {
        let bytes = super::string::str_arg_vec(vm, a)?;
        words.push(String::from_utf8_lossy(&bytes).into_owned());
    }
    let shown = words[0].clone();
    let argv = if words.len() == 1 {
        let cmd = &words[0];
        let first = cmd.split_whitespace().next().unwrap_or("");
        if cmd.bytes().any(|b| SHELL_META.contains(&b)) || SHELL_WORDS.contains(&first) {
            vec!["/bin/sh".to_string(), "-c".to_string(), cmd.clone()]
        } else {
            cmd.split_whitespace().map(str::to_string).collect()
        }
    } else {
        words
    };
    Ok(Spawn {
        argv,
        env,
        chdir,
        exception,
        shown,
    })
}

fn command(sp: &Spawn) -> Option<Command> {
    let (prog, rest) = sp.argv.split_first()?;
    let mut cmd = Command::new(prog);
    cmd.args(rest);
    for (k, v) in &sp.env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    if let Some(d) = &sp.chdir {
        cmd.current_dir(d);
    }
    Some(cmd)
}

/// system([env,] command... [, exception: false, chdir: dir]) -> true, false or nil
///
/// True when the command exits with status 0, false for another status or a signal, nil when it
/// cannot be run (Errno::ENOENT and friends with `exception: true`, RuntimeError for a failure).
fn k_system(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let sp = parse(vm, a)?;
    super::io::flush_all(vm);
    let Some(mut cmd) = command(&sp) else {
        return Ok(Value::NIL);
    };
    match cmd.status() {
        Ok(st) if st.success() => Ok(Value::TRUE),
        Ok(st) => {
            if sp.exception {
                let msg = match st.code() {
                    Some(c) => format!("Command failed with exit {c}: {}", sp.shown),
                    None => format!("Command failed with {st}: {}", sp.shown),
                };
                return Err(vm.raise_str(vm.c.runtime_error, &msg));
            }
            Ok(Value::FALSE)
        }
        Err(e) if sp.exception => Err(super::errno::raise_io(vm, &e, None, &sp.shown)),
        Err(_) => Ok(Value::NIL),
    }
}

/// `command` -> string
///
/// The command's standard output (stdin and stderr are shared with rubra). Errno::ENOENT when it
/// cannot be run.
fn k_backquote(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let sp = parse(vm, a)?;
    super::io::flush_all(vm);
    let Some(mut cmd) = command(&sp) else {
        return Err(super::errno::raise(vm, libc::ENOENT, None, &sp.shown));
    };
    match cmd.stderr(Stdio::inherit()).output() {
        Ok(out) => Ok(vm.str_from_vec(out.stdout)),
        Err(e) => Err(super::errno::raise_io(vm, &e, None, &sp.shown)),
    }
}
