//! Pipes and waiting on descriptors: `IO.pipe`, `IO.popen`, `IO.select`, and the IO methods
//! that belong to them (`pid`, `close_read`, `close_write`).
//!
//! Both ends of a pipe and a popen stream are ordinary buffered streams (io_stream.rs); the
//! writing end of `IO.pipe` and of `IO.popen` is sync, as CRuby's. A popen stream remembers its
//! child; closing it waits for the child and sets `$?`. A duplex popen ("r+") reads the child's
//! stdout and writes its stdin through a second descriptor, so `close_write` sends it EOF.
//! `IO.select` counts a stream with bytes read ahead as readable without asking the OS, and
//! polls (poll(2)) copies of the other descriptors.

use super::io::{Io, stream_of};
use super::io_stream::{Mode, Stream};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use nix::poll::{PollFd, PollFlags, PollTimeout};
use std::fs::File;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO_SINGLETON: &[M] = &[
    ("pipe", io_s_pipe, 0, -1),
    ("popen", io_s_popen, 1, -1),
    ("select", io_s_select, 1, 4),
];

const IO_METHODS: &[M] = &[
    ("pid", io_pid, 0, 0),
    ("close_read", io_close_read, 0, 0),
    ("close_write", io_close_write, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let io = vm.c.io;
    vm.define_singleton_natives(io, IO_SINGLETON);
    vm.define_natives(io, IO_METHODS);
}

/// A new IO object (class IO) on `file`.
fn new_io(vm: &mut Vm, file: File, mode: Mode, sync: bool) -> Value {
    let fd = file.as_raw_fd();
    let mut s = Stream::new(file, fd, mode, None);
    s.sync = sync;
    let io = vm.c.io;
    vm.heap.alloc_boxed(T_DATA, io, Box::new(Io(s)))
}

/// Yields `ios` to the block, closing each afterwards however the block ends; the block's value.
fn yield_then_close(vm: &mut Vm, b: &Block, ios: &[Value]) -> VmResult {
    let r = vm.yield_block(b, ios);
    for &io in ios {
        let c = super::io::io_close(vm, io, &[], None);
        if r.is_ok() {
            c?;
        }
    }
    r
}

/// IO.pipe -> [read_io, write_io]; IO.pipe { |r, w| } -> the block's value (both closed after)
fn io_s_pipe(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let (r, w) = match std::io::pipe() {
        Ok(p) => p,
        Err(e) => return Err(super::errno::raise_io(vm, &e, None, "")),
    };
    let read = Mode {
        read: true,
        ..Mode::default()
    };
    let write = Mode {
        write: true,
        ..Mode::default()
    };
    let r = new_io(vm, File::from(OwnedFd::from(r)), read, false);
    let w = new_io(vm, File::from(OwnedFd::from(w)), write, true);
    match b {
        Some(b) => yield_then_close(vm, b, &[r, w]),
        None => Ok(vm.ary_from_slice(&[r, w])),
    }
}

/// IO.popen([env,] cmd, mode = "r" [, opts]) -> io; with a block, the block's value (the
/// stream closed and `$?` set after it)
fn io_s_popen(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (a, kw) = vm.split_keywords(a)?;
    let mut a = a.to_vec();
    let mut env = Vec::new();
    if a.first().is_some_and(|&v| type_of(v) == T_HASH) {
        let h = a.remove(0);
        env.push(h);
    }
    let Some(&cmd) = a.first() else {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1..2)"));
    };
    if a.len() > 2 {
        let n = a.len() + env.len();
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {n}, expected 1..2)"
        )));
    }
    let mut mode_v = a.get(1).copied();
    if let Some(k) = kw {
        let m = super::hash::get(vm, k, Value::symbol(intern("mode")))?;
        if !m.is_nil() {
            mode_v = Some(m);
        }
    }
    // the command: a string, or [env, program, args..., opts]
    let mut words = Vec::new();
    let mut inner_opts = None;
    if type_of(cmd) == T_ARRAY {
        words = rarray(cmd).vec.to_vec();
        if words.first().is_some_and(|&v| type_of(v) == T_HASH) {
            env.push(words.remove(0));
        }
        if words.len() > 1 && words.last().is_some_and(|&v| type_of(v) == T_HASH) {
            inner_opts = words.pop();
        }
    } else {
        let text = super::string::str_arg_vec(vm, cmd)?;
        if text == b"-" {
            let msg = "IO.popen(\"-\") (a forked Ruby child) is not supported by rubra";
            return Err(vm.raise_str(vm.c.not_implemented_error, msg));
        }
        words.push(cmd);
    }
    let single = (type_of(cmd) == T_ARRAY && words.len() == 1).then(|| words[0]);
    let mut sa: Vec<Value> = env.clone();
    sa.extend(words);
    let mut sp = super::subprocess::parse(vm, &sa)?;
    if let Some(w) = single
        && super::object::is_string(w)
    {
        // an array command never goes through the shell, even as one word
        let b = vm.bytes(w).to_vec();
        sp.argv = vec![std::ffi::OsString::from(
            String::from_utf8_lossy(&b).into_owned(),
        )];
    }
    for o in [inner_opts, kw].into_iter().flatten() {
        super::subprocess::options(vm, o, &mut sp, true)?;
    }
    let mode_s = match mode_v {
        None => "r".to_string(),
        Some(m) if m.is_nil() => "r".to_string(),
        Some(m) => {
            let b = super::string::str_arg_vec(vm, m)?;
            String::from_utf8_lossy(&b).into_owned()
        }
    };
    let Some((mut mode, _, _)) = super::io::parse_mode(&mode_s) else {
        return Err(vm.arg_error(&format!("invalid access mode {mode_s}")));
    };
    mode.append = false;
    // the pipes go in as the child's redirects, so `err: [:child, :out]` finds its stdout
    let pipe = |vm: &mut Vm| match std::io::pipe() {
        Ok((r, w)) => Ok((File::from(OwnedFd::from(r)), File::from(OwnedFd::from(w)))),
        Err(e) => Err(super::errno::raise_io(vm, &e, None, "")),
    };
    let (mut out, mut inp) = (None, None);
    if mode.read {
        let (r, w) = pipe(vm)?;
        sp.redirects
            .insert(0, (1, super::subprocess::Target::File(w)));
        out = Some(r);
    }
    if mode.write {
        let (r, w) = pipe(vm)?;
        sp.redirects
            .insert(0, (0, super::subprocess::Target::File(r)));
        inp = Some(w);
    }
    let mut c = super::subprocess::command(vm, &mut sp)?;
    let child = match super::subprocess::start(vm, &mut c) {
        Ok(ch) => ch,
        Err(e) => return Err(super::errno::raise_io(vm, &e, None, &sp.shown)),
    };
    // the child's ends close with the command
    drop(c);
    let io = match (out, inp) {
        (Some(o), Some(i)) => {
            let io = new_io(vm, o, mode, true);
            if let Some(s) = stream_of(io) {
                s.set_write_file(i);
            }
            io
        }
        (Some(o), None) => new_io(vm, o, mode, true),
        (None, Some(i)) => new_io(vm, i, mode, true),
        (None, None) => return Err(vm.arg_error(&format!("invalid access mode {mode_s}"))),
    };
    if let Some(s) = stream_of(io) {
        s.pid = Some(child.id() as i32);
    }
    match b {
        Some(b) => yield_then_close(vm, b, &[io]),
        None => Ok(io),
    }
}

/// io.pid -> the child's pid (IO.popen), or nil
fn io_pid(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let st = super::io::open_stream(vm, s)?;
    Ok(match st.pid {
        Some(p) => Value::fixnum(p as i64),
        None => Value::NIL,
    })
}

/// io.close_write -> nil (the write side of a duplex stream, or the whole write-only stream)
fn io_close_write(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(st) = stream_of(s) else {
        return Err(vm.raise_str(vm.c.io_error, "uninitialized stream"));
    };
    if st.is_closed() {
        return Ok(Value::NIL);
    }
    if st.has_write_file() {
        super::io::with_stats(vm, st, "rb_io_close_write", |s, t| s.close_write(t))?;
        return Ok(Value::NIL);
    }
    // a popen stream is duplex: closing its only side closes it
    let duplex = st.pid.is_some();
    if st.mode.read && !st.mode.write && !duplex {
        return Err(vm.raise_str(vm.c.io_error, "closing non-duplex IO for writing"));
    }
    super::io::io_close(vm, s, &[], None)
}

/// io.close_read -> nil (the read side of a duplex stream, or the whole read-only stream)
fn io_close_read(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let Some(st) = stream_of(s) else {
        return Err(vm.raise_str(vm.c.io_error, "uninitialized stream"));
    };
    if st.is_closed() {
        return Ok(Value::NIL);
    }
    if st.has_write_file() {
        st.close_read();
        return Ok(Value::NIL);
    }
    let duplex = st.pid.is_some();
    if st.mode.write && !st.mode.read && !duplex {
        return Err(vm.raise_str(vm.c.io_error, "closing non-duplex IO for reading"));
    }
    super::io::io_close(vm, s, &[], None)
}

/// The IO objects of one of select's arrays (each converted with `to_io`).
fn io_list(vm: &mut Vm, v: Option<&Value>) -> VmResult<Vec<(Value, Value)>> {
    let Some(&v) = v.filter(|v| !v.is_nil()) else {
        return Ok(Vec::new());
    };
    if type_of(v) != T_ARRAY {
        return Err(vm.conversion_error(v, "Array"));
    }
    let items = rarray(v).vec.to_vec();
    let mut out = Vec::new();
    for item in items {
        let io = if stream_of(item).is_some() {
            item
        } else {
            let r = vm.funcall(item, intern("to_io"), &[], None)?;
            if stream_of(r).is_none() {
                return Err(vm.conversion_error(item, "IO"));
            }
            r
        };
        super::io::open_stream(vm, io)?;
        out.push((item, io));
    }
    Ok(out)
}

/// The poll(2) timeout for select's timeout argument (nil: none).
fn timeout_arg(vm: &mut Vm, v: Option<&Value>) -> VmResult<PollTimeout> {
    let secs = match v {
        None => return Ok(PollTimeout::NONE),
        Some(v) if v.is_nil() => return Ok(PollTimeout::NONE),
        Some(&v) if v.is_fixnum() => v.as_fixnum() as f64,
        Some(&v) if super::object::is_float(v) => super::object::float_value(v),
        Some(&v) => {
            let f = vm.funcall(v, intern("to_f"), &[], None)?;
            if !super::object::is_float(f) {
                return Err(vm.conversion_error(v, "time interval"));
            }
            super::object::float_value(f)
        }
    };
    if secs < 0.0 || secs.is_nan() {
        return Err(vm.arg_error("time interval must not be negative"));
    }
    let ms = (secs * 1000.0).ceil().min(i32::MAX as f64) as i32;
    Ok(PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX))
}

/// Whether a read from IO `io` would not block now: bytes buffered, or its descriptor readable
/// (or at end of file, or in error; also when it is closed: the read then raises).
pub fn readable_now(io: Value) -> bool {
    let Some(s) = stream_of(io) else { return true };
    if s.buffered_unread() > 0 {
        return true;
    }
    let Ok(f) = s.file() else { return true };
    fd_ready(f.as_fd())
}

/// Whether `fd` can take a write now (a pipe: a page of room), or has an error to report.
pub fn fd_writable(fd: std::os::fd::BorrowedFd<'_>) -> bool {
    let mut fds = [PollFd::new(fd, PollFlags::POLLOUT)];
    match nix::poll::poll(&mut fds, PollTimeout::ZERO) {
        Ok(n) => n > 0,
        Err(_) => true,
    }
}

/// Whether `fd` has input, an end or an error to report now.
pub fn fd_ready(fd: std::os::fd::BorrowedFd<'_>) -> bool {
    let mut fds = [PollFd::new(fd, PollFlags::POLLIN)];
    match nix::poll::poll(&mut fds, PollTimeout::ZERO) {
        Ok(n) => n > 0,
        Err(_) => true,
    }
}

/// IO.select(reads, writes = nil, errors = nil, timeout = nil) -> [readable, writable,
/// errored] or nil when the timeout passes
pub(crate) fn io_s_select(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let lists = [
        io_list(vm, a.first())?,
        io_list(vm, a.get(1))?,
        io_list(vm, a.get(2))?,
    ];
    let mut timeout = timeout_arg(vm, a.get(3))?;
    // streams with bytes read ahead are readable now
    let buffered: Vec<bool> = lists[0]
        .iter()
        .map(|&(_, io)| stream_of(io).is_some_and(|s| s.buffered_unread() > 0))
        .collect();
    if buffered.iter().any(|&b| b) {
        timeout = PollTimeout::ZERO;
    }
    let flags = [PollFlags::POLLIN, PollFlags::POLLOUT, PollFlags::POLLPRI];
    // copies of the descriptors, so no stream stays borrowed while polling
    let mut files: Vec<(usize, usize, File)> = Vec::new();
    for (li, list) in lists.iter().enumerate() {
        for (i, &(_, io)) in list.iter().enumerate() {
            let Some(s) = stream_of(io) else { continue };
            let f = if li == 1 { s.write_file() } else { s.file() };
            match f.and_then(|f| f.try_clone()) {
                Ok(f) => files.push((li, i, f)),
                Err(e) => return Err(super::errno::raise_io(vm, &e, None, "")),
            }
        }
    }
    // with other threads, poll without waiting and let them run between polls
    let threads = super::thread::sched::in_use(vm) && timeout != PollTimeout::ZERO;
    let ms = i32::from(timeout);
    let deadline = if threads && ms >= 0 {
        super::thread::sched::deadline_in(ms as f64 / 1000.0)
    } else {
        None
    };
    let wait = if threads { PollTimeout::ZERO } else { timeout };
    let ready: Vec<bool> = loop {
        let mut fds: Vec<PollFd> = files
            .iter()
            .map(|(li, _, f)| PollFd::new(f.as_fd(), flags[*li]))
            .collect();
        match nix::poll::poll(&mut fds, wait) {
            Ok(0) if threads && deadline.is_none_or(|d| std::time::Instant::now() < d) => {
                drop(fds);
                super::thread::sched::nap(vm, deadline)?;
            }
            Ok(_) => {
                let bad = PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL;
                break fds
                    .iter()
                    .zip(&files)
                    .map(|(p, (li, _, _))| {
                        let r = p.revents().unwrap_or(PollFlags::empty());
                        r.intersects(flags[*li]) || (*li != 2 && r.intersects(bad))
                    })
                    .collect();
            }
            Err(nix::errno::Errno::EINTR) => {
                drop(fds);
                crate::core::signal::run_traps(vm)?;
            }
            Err(e) => return Err(super::errno::raise(vm, e as i32, None, "select(2)")),
        }
    };
    let mut out: [Vec<Value>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for (i, &(orig, _)) in lists[0].iter().enumerate() {
        let polled = files
            .iter()
            .zip(&ready)
            .any(|((li, j, _), &r)| *li == 0 && *j == i && r);
        if buffered[i] || polled {
            out[0].push(orig);
        }
    }
    for ((li, j, _), &r) in files.iter().zip(&ready) {
        if *li > 0 && r {
            out[*li].push(lists[*li][*j].0);
        }
    }
    if out.iter().all(|l| l.is_empty()) {
        return Ok(Value::NIL);
    }
    let [r, w, e] = out;
    let arrays = vec![vm.ary_new(r), vm.ary_new(w), vm.ary_new(e)];
    Ok(vm.ary_new(arrays))
}
