//! IO: the standard streams as objects ($stdout, $stderr, STDOUT, STDERR) with the writing
//! methods ordinary programs use. Standard output goes through the VM's 8 KiB buffer; standard
//! error is unbuffered (it flushes standard output first, so their order is kept). Files,
//! reading and the recycled write buffer are issue 4.

use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const IO: &[M] = &[
    ("puts", io_puts, 0, -1),
    ("print", io_print, 0, -1),
    ("write", io_write, 0, -1),
    ("<<", io_append, 1, 1),
    ("p", io_p, 0, -1),
    ("printf", io_printf, 1, -1),
    ("flush", io_flush, 0, 0),
    ("sync", io_sync, 0, 0),
    ("sync=", io_set_sync, 1, 1),
    ("fileno", io_fileno, 0, 0),
    ("tty?", io_tty, 0, 0),
    ("isatty", io_tty, 0, 0),
    ("inspect", io_inspect, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let io = vm.define_class("IO", o);
    vm.define_natives(io, IO);
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("warn", k_warn, 0, -1)]);
    for (fd, name, gname) in [(1, "STDOUT", "$stdout"), (2, "STDERR", "$stderr")] {
        let s = vm.object_new(io);
        let _ = vm.ivar_set(s, intern("__fd"), Value::fixnum(fd));
        vm.class_data(o).const_set(intern(name), s);
        vm.gvar_set(gname, s);
        vm.keep(s);
    }
}

fn fd(vm: &Vm, s: Value) -> i64 {
    vm.ivar_get(s, intern("__fd")).fixnum_opt().unwrap_or(1)
}

/// Writes bytes to the stream `s` is.
fn emit(vm: &mut Vm, s: Value, bytes: &[u8]) {
    if fd(vm, s) == 2 {
        vm.write_err(bytes);
    } else {
        vm.write_out(bytes);
    }
}

/// io.puts(obj, ...) -> nil
fn io_puts(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    crate::core::kernel::puts_bytes(vm, a, &mut out)?;
    emit(vm, s, &out);
    Ok(Value::NIL)
}
/// io.print(obj, ...) -> nil
fn io_print(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &v in a {
        let t = vm.to_s(v)?;
        out.extend_from_slice(string::bytes(t));
    }
    emit(vm, s, &out);
    Ok(Value::NIL)
}
/// io.write(obj, ...) -> integer (bytes written)
fn io_write(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &v in a {
        let t = vm.to_s(v)?;
        out.extend_from_slice(string::bytes(t));
    }
    emit(vm, s, &out);
    Ok(vm.int(out.len() as i64))
}
/// io << obj -> io
fn io_append(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    io_write(vm, s, a, b)?;
    Ok(s)
}
/// io.p(obj, ...) -> obj
fn io_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut out = Vec::new();
    for &v in a {
        let t = vm.inspect(v)?;
        out.extend_from_slice(string::bytes(t));
        out.push(b'\n');
    }
    emit(vm, s, &out);
    Ok(if a.len() == 1 {
        a[0]
    } else {
        vm.ary_new(a.to_vec())
    })
}
/// io.printf(format, args...) -> nil
fn io_printf(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fmt = crate::core::string::str_arg(vm, a[0])?.to_vec();
    let out = crate::core::format::sprintf(vm, &fmt, &a[1..])?;
    emit(vm, s, &out);
    Ok(Value::NIL)
}
/// io.flush -> io
fn io_flush(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.flush_out();
    Ok(s)
}
/// io.sync -> true or false
fn io_sync(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(fd(vm, s) == 2 || vm.out_sync))
}
/// io.sync = bool
fn io_set_sync(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if fd(vm, s) == 1 {
        vm.out_sync = a[0].truthy();
        if vm.out_sync {
            vm.flush_out();
        }
    }
    Ok(a[0])
}
/// io.fileno -> integer
fn io_fileno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(fd(vm, s)))
}
/// io.tty? -> true or false
fn io_tty(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::io::IsTerminal;
    Ok(Value::bool(if fd(vm, s) == 2 {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    }))
}
/// io.inspect -> "#<IO:<STDOUT>>"
fn io_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = if fd(vm, s) == 2 {
        "#<IO:<STDERR>>"
    } else {
        "#<IO:<STDOUT>>"
    };
    Ok(vm.str_from(t))
}
/// warn(msg, ...) -> nil (each message on its own line on $stderr)
fn k_warn(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.is_empty() {
        return Ok(Value::NIL);
    }
    let mut out = Vec::new();
    crate::core::kernel::puts_bytes(vm, a, &mut out)?;
    let e = vm.gvar_get("$stderr");
    let w = intern("write");
    if e.is_heap() && fd(vm, e) == 2 && type_of(e) == T_OBJECT {
        vm.write_err(&out);
    } else {
        let s = vm.str_new(&out);
        vm.funcall(e, w, &[s], None)?;
    }
    Ok(Value::NIL)
}
