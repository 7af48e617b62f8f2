//! Running other programs: `Kernel#system`, `` Kernel#` `` (backquotes and `%x{}`), `spawn`
//! (Kernel and Process) and `exec`, with CRuby's arguments: an environment hash first, the
//! command, and an options hash last (redirects, `chdir:`, `unsetenv_others:`, `pgroup:`,
//! `exception:` for `system`). `IO.popen` (io_pipe.rs) builds its child here too.
//!
//! A single command string goes to `/bin/sh -c` when it has shell metacharacters, and is split on
//! whitespace and run directly otherwise (as CRuby decides); several arguments run the program
//! directly (`[program, argv0]` names argv[0]). Children get the environment as ENV has it now
//! (core/env.rs keeps ENV's changes in the VM). rubra's buffered output is written out before a
//! child starts, so the outputs come in CRuby's order; `$?` is set when a child is reaped.
//!
//! Redirects: the keys are the child's descriptors (`:in`, `:out`, `:err`, an Integer, an IO, or
//! an Array of them); the values are a file name (opened "r" for `:in`, else "w"), `[name, mode,
//! perm]`, an IO, an Integer or `:in`/`:out`/`:err` (the parent's descriptors), `[:child, fd]`
//! (the child's own, after its other redirects), or `:close`.

use crate::object::heap::*;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use std::ffi::OsString;
use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const KERNEL: &[M] = &[
    ("system", k_system, 1, -1),
    ("`", k_backquote, 1, 1),
    ("spawn", k_spawn, 1, -1),
    ("exec", k_exec, 1, -1),
];

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
    let p = vm.define_module("Process");
    vm.define_singleton_natives(p, &[("spawn", k_spawn, 1, -1), ("exec", k_exec, 1, -1)]);
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

/// Where one of the child's descriptors goes.
pub enum Target {
    File(File),
    /// Another of the child's descriptors, after its own redirect (`[:child, :out]`).
    Child(i32),
    Close,
}

/// What to run: the program and its arguments, environment changes (None: remove), a
/// directory and the redirects.
pub struct Spawn {
    pub argv: Vec<OsString>,
    pub argv0: Option<OsString>,
    pub env: Vec<(OsString, Option<OsString>)>,
    pub unsetenv_others: bool,
    pub chdir: Option<String>,
    pub pgroup: Option<i32>,
    pub exception: bool,
    pub redirects: Vec<(i32, Target)>,
    /// The command as CRuby names it in an error message.
    pub shown: String,
}

fn os(b: Vec<u8>) -> OsString {
    OsString::from_vec(b)
}

/// The environment hash's pairs (nil values remove the variable).
fn env_pairs(vm: &mut Vm, h: Value) -> VmResult<Vec<(OsString, Option<OsString>)>> {
    let mut env = Vec::new();
    for (k, v) in super::hash::pairs(h) {
        let key = super::string::str_arg_vec(vm, k)?;
        let value = if v.is_nil() {
            None
        } else {
            Some(os(super::string::str_arg_vec(vm, v)?))
        };
        env.push((os(key), value));
    }
    Ok(env)
}

/// The command words: one string (through the shell when CRuby would use it), or a program and
/// its arguments (the program may be `[path, argv0]`).
fn command_words(vm: &mut Vm, args: &[Value], sp: &mut Spawn) -> VmResult<()> {
    if args.is_empty() {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1+)"));
    }
    let first = args[0];
    if type_of(first) == T_ARRAY {
        let pair = crate::object::heap::rarray(first).vec.to_vec();
        if pair.len() != 2 {
            return Err(vm.arg_error("wrong first argument"));
        }
        let prog = super::string::str_arg_vec(vm, pair[0])?;
        sp.argv0 = Some(os(super::string::str_arg_vec(vm, pair[1])?));
        sp.shown = String::from_utf8_lossy(&prog).into_owned();
        sp.argv.push(os(prog));
        for &a in &args[1..] {
            sp.argv.push(os(super::string::str_arg_vec(vm, a)?));
        }
        return Ok(());
    }
    let mut words = Vec::new();
    for &a in args {
        words.push(super::string::str_arg_vec(vm, a)?);
    }
    sp.shown = String::from_utf8_lossy(&words[0]).into_owned();
    if words.len() > 1 {
        sp.argv = words.into_iter().map(os).collect();
        return Ok(());
    }
    let cmd = &words[0];
    let text = String::from_utf8_lossy(cmd);
    let head = text.split_whitespace().next().unwrap_or("");
    if cmd.iter().any(|b| SHELL_META.contains(b)) || SHELL_WORDS.contains(&head) {
        sp.argv = vec!["/bin/sh".into(), "-c".into(), os(cmd.clone())];
    } else {
        sp.argv = text.split_whitespace().map(OsString::from).collect();
    }
    if sp.argv.is_empty() {
        return Err(super::errno::raise(vm, libc::ENOENT, None, &sp.shown));
    }
    Ok(())
}

/// A descriptor named as a redirect key or value: `:in`/`:out`/`:err`, an Integer, an IO.
fn fd_of(vm: &mut Vm, v: Value) -> VmResult<Option<i32>> {
    if v.is_symbol() {
        return Ok(match sym_name(v.as_symbol_id()) {
            "in" => Some(0),
            "out" => Some(1),
            "err" => Some(2),
            _ => None,
        });
    }
    if v.is_fixnum() {
        return Ok(Some(v.as_fixnum() as i32));
    }
    if let Some(s) = super::io::stream_of(v) {
        if s.is_closed() {
            return Err(vm.raise_str(vm.c.io_error, "closed stream"));
        }
        return Ok(Some(s.fd));
    }
    Ok(None)
}

/// A copy of the parent's descriptor `fd` (a standard one, or an open IO's).
fn parent_fd(vm: &mut Vm, fd: i32, io: Option<Value>) -> VmResult<File> {
    let r = match (io.and_then(super::io::stream_of), fd) {
        (Some(s), _) => s.write_file().and_then(|f| f.try_clone()),
        (None, 0) => std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from),
        (None, 1) => std::io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from),
        (None, 2) => std::io::stderr()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from),
        (None, _) => {
            let mut found = None;
            vm.heap.each_object(|v| {
                if found.is_none()
                    && let Some(s) = super::io::stream_of(v)
                    && !s.is_closed()
                    && s.fd == fd
                {
                    found = Some(v);
                }
            });
            match found.and_then(super::io::stream_of) {
                Some(s) => s.file().and_then(|f| f.try_clone()),
                None => Err(std::io::Error::from_raw_os_error(libc::EBADF)),
            }
        }
    };
    r.map_err(|e| super::errno::raise_io(vm, &e, None, ""))
}

/// The target of a redirect value, for the child's descriptor `to`.
fn target(vm: &mut Vm, to: i32, v: Value) -> VmResult<Target> {
    if v.is_symbol() && sym_name(v.as_symbol_id()) == "close" {
        return Ok(Target::Close);
    }
    if super::object::is_string(v) || type_of(v) == T_ARRAY {
        let (path, mode, perm) = if type_of(v) == T_ARRAY {
            let items = crate::object::heap::rarray(v).vec.to_vec();
            if items.len() == 2
                && items[0].is_symbol()
                && sym_name(items[0].as_symbol_id()) == "child"
            {
                return match fd_of(vm, items[1])? {
                    Some(fd) => Ok(Target::Child(fd)),
                    None => Err(vm.arg_error("wrong exec redirect action")),
                };
            }
            let Some(&p) = items.first() else {
                return Err(vm.arg_error("wrong exec redirect action"));
            };
            let perm = match items.get(2) {
                Some(&p) => super::arg_int(vm, p)? as u32,
                None => 0o644,
            };
            (p, items.get(1).copied(), perm)
        } else {
            (v, None, 0o644)
        };
        let path = super::io_file::path_arg(vm, path)?;
        let om = match mode {
            Some(m) => super::io_file::mode_arg(vm, Some(m))?,
            None if to == 0 => super::io_file::mode_from_str("r").expect("r"),
            None => super::io_file::mode_from_str("w").expect("w"),
        };
        let mut oo = std::fs::OpenOptions::new();
        std::os::unix::fs::OpenOptionsExt::mode(&mut oo, perm);
        oo.read(om.mode.read)
            .write(om.mode.write && !om.mode.append)
            .append(om.mode.append)
            .create(om.create)
            .truncate(om.truncate && !om.mode.append);
        return match oo.open(&path) {
            Ok(f) => Ok(Target::File(f)),
            Err(e) => Err(super::errno::raise_io(vm, &e, Some("rb_sysopen"), &path)),
        };
    }
    match fd_of(vm, v)? {
        Some(fd) => {
            let io = super::io::stream_of(v).map(|_| v);
            Ok(Target::File(parent_fd(vm, fd, io)?))
        }
        None => Err(vm.arg_error("wrong exec redirect action")),
    }
}

/// Reads the options hash into `sp`; `popen` also accepts IO.popen's own keys.
pub fn options(vm: &mut Vm, opts: Value, sp: &mut Spawn, popen: bool) -> VmResult<()> {
    for (k, v) in super::hash::pairs(opts) {
        let name = if k.is_symbol() {
            sym_name(k.as_symbol_id()).to_string()
        } else {
            String::new()
        };
        match name.as_str() {
            "exception" if !popen => sp.exception = v.truthy(),
            "chdir" => sp.chdir = Some(super::io_file::path_arg(vm, v)?),
            "unsetenv_others" => sp.unsetenv_others = v.truthy(),
            "pgroup" => {
                sp.pgroup = match v {
                    v if v == Value::TRUE => Some(0),
                    v if !v.truthy() => None,
                    v => Some(super::arg_int(vm, v)? as i32),
                }
            }
            "close_others" => {}
            "mode" | "external_encoding" | "internal_encoding" | "encoding" | "binmode"
            | "textmode" | "autoclose"
                if popen => {}
            _ => {
                let keys: Vec<Value> = if type_of(k) == T_ARRAY {
                    crate::object::heap::rarray(k).vec.to_vec()
                } else {
                    vec![k]
                };
                let mut fds = Vec::new();
                for key in keys {
                    match fd_of(vm, key)? {
                        Some(fd) => fds.push(fd),
                        None => {
                            let shown = vm.inspect_str(k)?;
                            return Err(vm.arg_error(&format!("wrong exec option symbol: {shown}")));
                        }
                    }
                }
                let Some(&to) = fds.first() else {
                    return Err(vm.arg_error("wrong exec option"));
                };
                let first = target(vm, to, v)?;
                for &fd in &fds[1..] {
                    let t = match &first {
                        Target::File(f) => match f.try_clone() {
                            Ok(f) => Target::File(f),
                            Err(e) => return Err(super::errno::raise_io(vm, &e, None, "")),
                        },
                        Target::Child(c) => Target::Child(*c),
                        Target::Close => Target::Close,
                    };
                    sp.redirects.push((fd, t));
                }
                sp.redirects.push((to, first));
            }
        }
    }
    Ok(())
}

/// Splits `[env,] command... [, options]` into a Spawn.
pub fn parse(vm: &mut Vm, args: &[Value]) -> VmResult<Spawn> {
    let mut args = args.to_vec();
    let mut sp = Spawn {
        argv: Vec::new(),
        argv0: None,
        env: Vec::new(),
        unsetenv_others: false,
        chdir: None,
        pgroup: None,
        exception: false,
        redirects: Vec::new(),
        shown: String::new(),
    };
    if args.first().is_some_and(|&a| type_of(a) == T_HASH) {
        let h = args.remove(0);
        sp.env = env_pairs(vm, h)?;
    }
    if args.len() > 1 && args.last().is_some_and(|&a| type_of(a) == T_HASH) {
        let opts = args.pop().unwrap_or(Value::NIL);
        options(vm, opts, &mut sp, false)?;
    }
    command_words(vm, &args, &mut sp)?;
    Ok(sp)
}

/// The Command for a Spawn: program, arguments, ENV as the program has it plus the spawn's
/// changes, directory, process group and descriptors.
pub fn command(vm: &mut Vm, sp: &mut Spawn) -> VmResult<Command> {
    let (prog, rest) = sp.argv.split_first().expect("a command has a program");
    let mut cmd = Command::new(prog);
    cmd.args(rest);
    if let Some(a0) = &sp.argv0 {
        cmd.arg0(a0);
    }
    if sp.unsetenv_others {
        cmd.env_clear();
    } else {
        for (k, v) in vm.env.iter() {
            let k = os(k.clone());
            match v {
                Some(v) => cmd.env(k, os(v.clone())),
                None => cmd.env_remove(k),
            };
        }
    }
    for (k, v) in &sp.env {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    if let Some(d) = &sp.chdir {
        cmd.current_dir(d);
    }
    if let Some(g) = sp.pgroup {
        cmd.process_group(g);
    }
    let (mut dups, mut close) = (Vec::new(), Vec::new());
    let redirects = std::mem::take(&mut sp.redirects);
    let mut files: Vec<(i32, File)> = Vec::new();
    for (to, t) in redirects {
        match t {
            Target::File(f) => files.push((to, f)),
            Target::Close => close.push(to),
            Target::Child(from) => {
                let f = match files.iter().find(|(fd, _)| *fd == from) {
                    Some((_, f)) => f.try_clone(),
                    None => Ok(parent_fd(vm, from, None)?),
                };
                match f {
                    Ok(f) => files.push((to, f)),
                    Err(e) => return Err(super::errno::raise_io(vm, &e, None, "")),
                }
            }
        }
    }
    for (to, f) in files {
        match to {
            0 => drop(cmd.stdin(Stdio::from(f))),
            1 => drop(cmd.stdout(Stdio::from(f))),
            2 => drop(cmd.stderr(Stdio::from(f))),
            _ => dups.push((OwnedFd::from(f), to)),
        }
    }
    crate::object::os::child_fds(&mut cmd, dups, close);
    Ok(cmd)
}

/// Starts the child (after writing out rubra's buffered output).
pub fn start(vm: &mut Vm, cmd: &mut Command) -> std::io::Result<Child> {
    super::io::flush_all(vm);
    cmd.spawn()
}

/// Waits for a started child and sets `$?`; its raw status.
pub fn reap(vm: &mut Vm, child: &mut Child) -> VmResult<i32> {
    let pid = child.id() as i32;
    // under a Timeout.timeout deadline, or with other threads: poll, so that the deadline can
    // interrupt the wait and the threads run
    let mut ended = None;
    super::thread::sched::wait_until(vm, |_| {
        ended = child.try_wait().ok().flatten();
        ended.is_some()
    })?;
    if let Some(st) = ended {
        let raw = st.into_raw();
        super::process::set_last_status(vm, pid, raw);
        return Ok(raw);
    }
    while crate::core::timeout::armed(vm) {
        match child.try_wait() {
            Ok(Some(st)) => {
                let raw = st.into_raw();
                super::process::set_last_status(vm, pid, raw);
                return Ok(raw);
            }
            Ok(None) => crate::core::timeout::poll_pause(vm)?,
            Err(e) => return Err(super::errno::raise_io(vm, &e, None, "")),
        }
    }
    match child.wait() {
        Ok(st) => {
            let raw = st.into_raw();
            super::process::set_last_status(vm, pid, raw);
            Ok(raw)
        }
        Err(e) => Err(super::errno::raise_io(vm, &e, None, "")),
    }
}

/// `$?` for a command that could not be run: CRuby's child exits with 127.
fn failed_start(vm: &mut Vm) {
    super::process::set_last_status(vm, 0, 127 << 8);
}

/// system([env,] command... [, options]) -> true, false or nil
///
/// True when the command exits with status 0, false for another status or a signal, nil when it
/// cannot be run (Errno::ENOENT and friends with `exception: true`, RuntimeError for a failure).
fn k_system(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut sp = parse(vm, a)?;
    let mut cmd = command(vm, &mut sp)?;
    let mut child = match start(vm, &mut cmd) {
        Ok(c) => c,
        Err(e) if sp.exception => {
            failed_start(vm);
            return Err(super::errno::raise_io(vm, &e, None, &sp.shown));
        }
        Err(_) => {
            failed_start(vm);
            return Ok(Value::NIL);
        }
    };
    drop(cmd);
    let raw = reap(vm, &mut child)?;
    if raw == 0 {
        return Ok(Value::TRUE);
    }
    if sp.exception {
        let msg = format!(
            "Command failed with {}: {}",
            super::process::describe(raw),
            sp.shown
        );
        return Err(vm.raise_str(vm.c.runtime_error, &msg));
    }
    Ok(Value::FALSE)
}

/// `command` -> string
///
/// The command's standard output (stdin and stderr are shared with rubra); sets `$?`.
/// Errno::ENOENT when it cannot be run.
fn k_backquote(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut sp = parse(vm, a)?;
    let mut cmd = command(vm, &mut sp)?;
    cmd.stdout(Stdio::piped());
    let mut child = match start(vm, &mut cmd) {
        Ok(c) => c,
        Err(e) => {
            failed_start(vm);
            return Err(super::errno::raise_io(vm, &e, None, &sp.shown));
        }
    };
    drop(cmd);
    let mut out = Vec::new();
    if let Some(mut o) = child.stdout.take() {
        use std::io::Read;
        use std::os::fd::AsFd;
        // with other threads, a chunk at a time as it comes: they run meanwhile
        let mut chunk = vec![0u8; 8192];
        while super::thread::sched::in_use(vm) {
            super::thread::sched::wait_until(vm, |_| super::io_pipe::fd_ready(o.as_fd()))?;
            match o.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => out.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(super::errno::raise_io(vm, &e, None, &sp.shown)),
            }
        }
        if let Err(e) = o.read_to_end(&mut out) {
            return Err(super::errno::raise_io(vm, &e, None, &sp.shown));
        }
    }
    reap(vm, &mut child)?;
    Ok(vm.str_from_vec(out))
}

/// spawn([env,] command... [, options]) -> pid (the child runs on; Process.wait reaps it)
fn k_spawn(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut sp = parse(vm, a)?;
    let mut cmd = command(vm, &mut sp)?;
    match start(vm, &mut cmd) {
        Ok(c) => Ok(Value::fixnum(c.id() as i64)),
        Err(e) => Err(super::errno::raise_io(vm, &e, None, &sp.shown)),
    }
}

/// exec([env,] command... [, options]) -> does not return: the program replaces rubra (its
/// buffered output written out first; `at_exit` handlers do not run)
fn k_exec(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut sp = parse(vm, a)?;
    let mut cmd = command(vm, &mut sp)?;
    super::io::flush_all(vm);
    let e = cmd.exec();
    Err(super::errno::raise_io(vm, &e, None, &sp.shown))
}
