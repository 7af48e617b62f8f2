//! The `io/console` library, defined on its first `require` (core/load.rs `BUNDLED`): the
//! terminal methods of IO on termios (object/term.rs): `winsize`/`winsize=`, `raw`/`raw!`,
//! `cooked`/`cooked!`, `noecho`, `echo=`/`echo?`, `getch`, `getpass`, `iflush`/`oflush`/
//! `ioflush`, `beep`, and `IO.console` (the process's terminal, `/dev/tty`).
//!
//! The block forms save the terminal's modes, change them, yield the IO and put the saved
//! modes back however the block ends. An IO that is not a terminal raises CRuby's
//! Errno::ENOTTY (named after the stream for the methods that name it).

use crate::object::symbol::intern;
use crate::object::term::{self, Termios};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO_CONSOLE: &[M] = &[
    ("winsize", c_winsize, 0, 0),
    ("winsize=", c_set_winsize, 1, 1),
    ("raw", c_raw, 0, 1),
    ("raw!", c_raw_bang, 0, 1),
    ("cooked", c_cooked, 0, 0),
    ("cooked!", c_cooked_bang, 0, 0),
    ("noecho", c_noecho, 0, 0),
    ("echo=", c_set_echo, 1, 1),
    ("echo?", c_echo_p, 0, 0),
    ("getch", c_getch, 0, 1),
    ("getpass", c_getpass, 0, 1),
    ("iflush", c_iflush, 0, 0),
    ("oflush", c_oflush, 0, 0),
    ("ioflush", c_ioflush, 0, 0),
    ("beep", c_beep, 0, 0),
];

/// The hidden instance variable of IO holding the IO.console File.
const CONSOLE: &str = "__rubra_console";

/// `require "io/console"`: adds the methods to IO.
pub fn init(vm: &mut Vm) -> VmResult<()> {
    let io = vm.c.io;
    vm.define_natives(io, IO_CONSOLE);
    vm.define_singleton_natives(io, &[("console", c_console, 0, -1)]);
    vm.invalidate();
    Ok(())
}

/// The descriptor of an open IO and the name CRuby's errors give it (its path, `<STDIN>`...;
/// none for a pipe or socket).
fn fd_of(vm: &mut Vm, s: Value) -> VmResult<(i32, String)> {
    let st = super::io::open_stream(vm, s)?;
    let name = match (&st.path, st.fd) {
        (Some(p), _) => p.clone(),
        (None, 0..=2) => super::io::stream_name(st),
        _ => String::new(),
    };
    Ok((st.fd, name))
}

/// Turns a failed terminal call into its Errno, naming the stream when `named`.
fn check<T>(vm: &mut Vm, r: std::io::Result<T>, name: &str, named: bool) -> VmResult<T> {
    r.map_err(|e| super::errno::raise_io(vm, &e, None, if named { name } else { "" }))
}

/// Raw mode as io/console makes it (cfmakeraw's flags, and no ECHOE/ECHOK), with the
/// options `min:` (VMIN), `time:` (VTIME, in seconds) and `intr:` (keep signal keys).
fn make_raw(vm: &mut Vm, t: &mut Termios, opts: Option<Value>) -> VmResult<()> {
    t.c_iflag &= !(libc::IGNBRK
        | libc::BRKINT
        | libc::PARMRK
        | libc::ISTRIP
        | libc::INLCR
        | libc::IGNCR
        | libc::ICRNL
        | libc::IXON);
    t.c_oflag &= !libc::OPOST;
    t.c_lflag &= !(libc::ECHO
        | libc::ECHOE
        | libc::ECHOK
        | libc::ECHONL
        | libc::ICANON
        | libc::ISIG
        | libc::IEXTEN);
    t.c_cflag &= !(libc::CSIZE | libc::PARENB);
    t.c_cflag |= libc::CS8;
    t.c_cc[libc::VMIN] = 1;
    t.c_cc[libc::VTIME] = 0;
    let Some(h) = opts.filter(|h| crate::object::heap::type_of(*h) == crate::object::heap::T_HASH)
    else {
        return Ok(());
    };
    let min = vm.sym("min");
    let v = super::hash::get(vm, h, min)?;
    if !v.is_nil() {
        t.c_cc[libc::VMIN] = super::arg_int(vm, v)?.clamp(0, 255) as u8;
    }
    let time = vm.sym("time");
    let v = super::hash::get(vm, h, time)?;
    if !v.is_nil() {
        let secs = super::float_conv::num2dbl(vm, v)?;
        t.c_cc[libc::VTIME] = (secs * 10.0).clamp(0.0, 255.0) as u8;
    }
    let intr = vm.sym("intr");
    if super::hash::get(vm, h, intr)?.truthy() {
        t.c_lflag |= libc::ISIG;
    }
    Ok(())
}

/// Sets the terminal's modes to `change(saved)`, yields self, and restores the saved modes.
fn with_mode(
    vm: &mut Vm,
    s: Value,
    b: Option<&Block>,
    change: impl FnOnce(&mut Vm, &mut Termios) -> VmResult<()>,
) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    let (fd, name) = fd_of(vm, s)?;
    let saved = check(vm, term::get_attr(fd), &name, false)?;
    let mut t = saved;
    change(vm, &mut t)?;
    check(vm, term::set_attr(fd, &t), &name, false)?;
    let r = vm.yield_block(b, &[s]);
    let back = term::set_attr(fd, &saved);
    let v = r?;
    check(vm, back, &name, false)?;
    Ok(v)
}

/// Changes the terminal's modes for good.
fn set_mode(
    vm: &mut Vm,
    s: Value,
    change: impl FnOnce(&mut Vm, &mut Termios) -> VmResult<()>,
) -> VmResult {
    let (fd, name) = fd_of(vm, s)?;
    let mut t = check(vm, term::get_attr(fd), &name, true)?;
    change(vm, &mut t)?;
    check(vm, term::set_attr(fd, &t), &name, true)?;
    Ok(s)
}

fn cook(t: &mut Termios) {
    t.c_iflag |= libc::BRKINT | libc::ISTRIP | libc::ICRNL | libc::IXON;
    t.c_oflag |= libc::OPOST;
    t.c_lflag |= libc::ECHO | libc::ECHOE | libc::ECHOK | libc::ECHONL | libc::ICANON;
    t.c_lflag |= libc::ISIG | libc::IEXTEN;
}

/// io.winsize -> [rows, columns]
fn c_winsize(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (fd, name) = fd_of(vm, s)?;
    let (rows, cols, _, _) = check(vm, term::winsize(fd), &name, true)?;
    Ok(vm.ary_from_slice(&[Value::fixnum(rows as i64), Value::fixnum(cols as i64)]))
}

/// io.winsize = [rows, columns] or [rows, columns, xpixel, ypixel]
fn c_set_winsize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let size = super::array::to_ary(vm, a[0])?;
    let items = crate::object::heap::rarray(size).vec.to_vec();
    if items.len() != 2 && items.len() != 4 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 2 or 4)",
            items.len()
        );
        return Err(vm.arg_error(&msg));
    }
    let mut n = [0u16; 4];
    for (slot, &v) in n.iter_mut().zip(&items) {
        *slot = super::arg_int(vm, v)?.clamp(0, u16::MAX as i64) as u16;
    }
    let (fd, name) = fd_of(vm, s)?;
    check(
        vm,
        term::set_winsize(fd, n[0], n[1], n[2], n[3]),
        &name,
        true,
    )?;
    Ok(a[0])
}

/// io.raw(min: nil, time: nil, intr: nil) { |io| } -> the block's value
fn c_raw(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let opts = a.first().copied();
    with_mode(vm, s, b, |vm, t| make_raw(vm, t, opts))
}
/// io.raw!(min: nil, time: nil, intr: nil) -> io
fn c_raw_bang(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let opts = a.first().copied();
    set_mode(vm, s, |vm, t| make_raw(vm, t, opts))
}
/// io.cooked { |io| } -> the block's value
fn c_cooked(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    with_mode(vm, s, b, |_, t| {
        cook(t);
        Ok(())
    })
}
/// io.cooked! -> io
fn c_cooked_bang(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    set_mode(vm, s, |_, t| {
        cook(t);
        Ok(())
    })
}
/// io.noecho { |io| } -> the block's value
fn c_noecho(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    with_mode(vm, s, b, |_, t| {
        t.c_lflag &= !(libc::ECHO | libc::ECHOE | libc::ECHOK | libc::ECHONL);
        Ok(())
    })
}
/// io.echo = flag
fn c_set_echo(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let on = a[0].truthy();
    set_mode(vm, s, |_, t| {
        if on {
            t.c_lflag |= libc::ECHO | libc::ECHOE | libc::ECHOK;
        } else {
            t.c_lflag &= !(libc::ECHO | libc::ECHOE | libc::ECHOK | libc::ECHONL);
        }
        Ok(())
    })?;
    Ok(a[0])
}
/// io.echo? -> true or false
fn c_echo_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (fd, name) = fd_of(vm, s)?;
    let t = check(vm, term::get_attr(fd), &name, true)?;
    Ok(Value::bool(t.c_lflag & (libc::ECHO | libc::ECHONL) != 0))
}

/// io.getch(min: nil, time: nil, intr: nil) -> a character, read in raw mode
fn c_getch(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let opts = a.first().copied();
    let (fd, name) = fd_of(vm, s)?;
    let saved = check(vm, term::get_attr(fd), &name, false)?;
    let mut t = saved;
    make_raw(vm, &mut t, opts)?;
    check(vm, term::set_attr(fd, &t), &name, false)?;
    let r = vm.funcall(s, intern("getc"), &[], None);
    let back = term::set_attr(fd, &saved);
    let c = r?;
    check(vm, back, &name, false)?;
    Ok(c)
}

/// io.getpass(prompt = nil) -> the line typed without echo, chomped (the prompt and the
/// newline go to $stderr for $stdin, else to the IO itself)
fn c_getpass(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let out = if super::io::open_stream(vm, s)?.fd == 0 {
        vm.gvar_id_get(crate::sym!("$stderr"))
    } else {
        s
    };
    if let Some(&p) = a.first().filter(|p| !p.is_nil()) {
        vm.funcall(out, intern("print"), &[p], None)?;
    }
    vm.funcall(out, intern("flush"), &[], None)?;
    let (fd, name) = fd_of(vm, s)?;
    let saved = check(vm, term::get_attr(fd), &name, false)?;
    let mut t = saved;
    t.c_lflag &= !(libc::ECHO | libc::ECHOE | libc::ECHOK | libc::ECHONL);
    check(vm, term::set_attr(fd, &t), &name, false)?;
    let r = vm.funcall(s, intern("gets"), &[], None);
    let back = term::set_attr(fd, &saved);
    // the newline the hidden Enter did not show, whatever the read did
    let nl = vm.str_from("\n");
    let shown = vm.funcall(out, intern("print"), &[nl], None);
    let line = r?;
    check(vm, back, &name, false)?;
    shown?;
    if line.is_nil() {
        return Ok(line);
    }
    vm.funcall(line, intern("chomp"), &[], None)
}

fn tc_flush(vm: &mut Vm, s: Value, queue: i32) -> VmResult {
    let (fd, name) = fd_of(vm, s)?;
    check(vm, term::flush(fd, queue), &name, true)?;
    Ok(s)
}
/// io.iflush -> io (discards pending input)
fn c_iflush(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    tc_flush(vm, s, libc::TCIFLUSH)
}
/// io.oflush -> io (discards pending output)
fn c_oflush(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    tc_flush(vm, s, libc::TCOFLUSH)
}
/// io.ioflush -> io
fn c_ioflush(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    tc_flush(vm, s, libc::TCIOFLUSH)
}
/// io.beep -> io (writes BEL)
fn c_beep(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let bel = vm.str_from("\x07");
    vm.funcall(s, intern("write"), &[bel], None)?;
    vm.funcall(s, intern("flush"), &[], None)?;
    Ok(s)
}

/// IO.console -> File of /dev/tty (opened once) or nil; IO.console(:close) closes it
fn c_console(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let key = intern(CONSOLE);
    let cached = vm.ivar_get(s, key);
    let open = cached.is_heap() && super::io::stream_of(cached).is_some_and(|st| !st.is_closed());
    if let Some(&sym) = a.first() {
        if sym.is_symbol() && crate::object::symbol::sym_name(sym.as_symbol_id()) == "close" {
            if open {
                vm.funcall(cached, intern("close"), &[], None)?;
            }
            vm.ivar_set(s, key, Value::NIL)?;
            return Ok(Value::NIL);
        }
        if open {
            let m = sym_to_method(vm, sym)?;
            return vm.funcall(cached, m, &a[1..], None);
        }
        return Ok(Value::NIL);
    }
    if open {
        return Ok(cached);
    }
    let file = vm.c.file;
    let path = vm.str_from("/dev/tty");
    let mode = vm.str_from("r+");
    let f = match vm.funcall(file, intern("open"), &[path, mode], None) {
        Ok(f) => f,
        Err(unw)
            if let crate::vm::frame::UnwindKind::Raise(e) = *unw.kind()
                && vm.is_a(e, vm.c.standard_error) =>
        {
            return Ok(Value::NIL);
        }
        Err(u) => return Err(u),
    };
    vm.funcall(f, intern("sync="), &[Value::TRUE], None)?;
    vm.ivar_set(s, key, f)?;
    Ok(f)
}

fn sym_to_method(vm: &mut Vm, sym: Value) -> VmResult<u32> {
    if !sym.is_symbol() {
        return Err(vm.type_error("wrong argument type (expected Symbol)"));
    }
    Ok(sym.as_symbol_id())
}
