//! SystemCallError and the Errno classes: one class per system error number, with the C
//! library's message, raised by IO, File and Dir as CRuby raises them
//! (`No such file or directory @ rb_sysopen - missing.txt (Errno::ENOENT)`).

use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::error::IV_MESG;
use crate::vm::frame::{Block, Unwind, VmResult};

/// The Errno classes rubra defines, by name and number (the one list of them).
const ERRNOS: &[(&str, i32)] = &[
    ("EPERM", libc::EPERM),
    ("ENOENT", libc::ENOENT),
    ("ESRCH", libc::ESRCH),
    ("EINTR", libc::EINTR),
    ("EIO", libc::EIO),
    ("ENXIO", libc::ENXIO),
    ("E2BIG", libc::E2BIG),
    ("ENOEXEC", libc::ENOEXEC),
    ("EBADF", libc::EBADF),
    ("ECHILD", libc::ECHILD),
    ("EAGAIN", libc::EAGAIN),
    ("ENOMEM", libc::ENOMEM),
    ("EACCES", libc::EACCES),
    ("EFAULT", libc::EFAULT),
    ("EBUSY", libc::EBUSY),
    ("EEXIST", libc::EEXIST),
    ("EXDEV", libc::EXDEV),
    ("ENODEV", libc::ENODEV),
    ("ENOTDIR", libc::ENOTDIR),
    ("EISDIR", libc::EISDIR),
    ("EINVAL", libc::EINVAL),
    ("ENFILE", libc::ENFILE),
    ("EMFILE", libc::EMFILE),
    ("ENOTTY", libc::ENOTTY),
    ("EFBIG", libc::EFBIG),
    ("ENOSPC", libc::ENOSPC),
    ("ESPIPE", libc::ESPIPE),
    ("EROFS", libc::EROFS),
    ("EMLINK", libc::EMLINK),
    ("EPIPE", libc::EPIPE),
    ("EDOM", libc::EDOM),
    ("ERANGE", libc::ERANGE),
    ("ENAMETOOLONG", libc::ENAMETOOLONG),
    ("ENOTEMPTY", libc::ENOTEMPTY),
    ("ELOOP", libc::ELOOP),
    ("ECONNREFUSED", libc::ECONNREFUSED),
    ("ECONNRESET", libc::ECONNRESET),
    ("ETIMEDOUT", libc::ETIMEDOUT),
    ("ENOTBLK", libc::ENOTBLK),
    ("ETXTBSY", libc::ETXTBSY),
    ("EDEADLK", libc::EDEADLK),
    ("ENOLCK", libc::ENOLCK),
    ("ENOSYS", libc::ENOSYS),
    ("ENOTSUP", libc::ENOTSUP),
    ("EOVERFLOW", libc::EOVERFLOW),
    ("EILSEQ", libc::EILSEQ),
    ("ECANCELED", libc::ECANCELED),
    ("ENOTSOCK", libc::ENOTSOCK),
    ("EDESTADDRREQ", libc::EDESTADDRREQ),
    ("EMSGSIZE", libc::EMSGSIZE),
    ("EPROTOTYPE", libc::EPROTOTYPE),
    ("ENOPROTOOPT", libc::ENOPROTOOPT),
    ("EPROTONOSUPPORT", libc::EPROTONOSUPPORT),
    ("EAFNOSUPPORT", libc::EAFNOSUPPORT),
    ("EADDRINUSE", libc::EADDRINUSE),
    ("EADDRNOTAVAIL", libc::EADDRNOTAVAIL),
    ("ENETDOWN", libc::ENETDOWN),
    ("ENETUNREACH", libc::ENETUNREACH),
    ("ECONNABORTED", libc::ECONNABORTED),
    ("EISCONN", libc::EISCONN),
    ("ENOTCONN", libc::ENOTCONN),
    ("EHOSTUNREACH", libc::EHOSTUNREACH),
    ("EALREADY", libc::EALREADY),
    ("EINPROGRESS", libc::EINPROGRESS),
    ("EPROTO", libc::EPROTO),
];

/// Names CRuby gives the same class because the numbers are equal on Linux.
const ALIASES: &[(&str, &str)] = &[
    ("EWOULDBLOCK", "EAGAIN"),
    ("EDEADLOCK", "EDEADLK"),
    ("EOPNOTSUPP", "ENOTSUP"),
];

const IV_ERRNO: &str = "__errno";

pub fn init(vm: &mut Vm) {
    let std = vm.c.standard_error;
    let sce = vm.define_class("SystemCallError", std);
    vm.c.system_call_error = sce;
    vm.define_natives(
        sce,
        &[
            ("initialize", sce_initialize, 0, 2),
            ("errno", sce_errno, 0, 0),
        ],
    );
    let errno = vm.define_module("Errno");
    for &(name, n) in ERRNOS {
        let k = vm.define_class_under(errno, name, sce);
        vm.class_data(k)
            .const_set(intern("Errno"), Value::fixnum(n as i64));
    }
    for &(alias, name) in ALIASES {
        let k = vm.class_data(errno).const_get(intern(name)).expect("errno");
        vm.class_data(errno).const_set(intern(alias), k);
    }
}

/// The C library's message for `errno` ("No such file or directory").
pub fn strerror(errno: i32) -> String {
    let s = std::io::Error::from_raw_os_error(errno).to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The Errno class for `errno`, or SystemCallError itself when rubra has none.
fn class_for(vm: &mut Vm, errno: i32) -> Value {
    let name = ERRNOS.iter().find(|e| e.1 == errno).map(|e| e.0);
    let Some(name) = name else {
        return vm.c.system_call_error;
    };
    let m = vm
        .class_data(vm.c.object)
        .const_get(intern("Errno"))
        .expect("Errno");
    vm.class_data(m).const_get(intern(name)).expect("class")
}

/// Raises the Errno exception for `errno`, with CRuby's message: `STRERROR @ func - detail`,
/// `STRERROR - detail` without `func`, or `STRERROR` alone.
pub fn raise(vm: &mut Vm, errno: i32, func: Option<&str>, detail: &str) -> Unwind {
    let base = strerror(errno);
    let msg = match func {
        Some(f) => format!("{base} @ {f} - {detail}"),
        None if detail.is_empty() => base,
        None => format!("{base} - {detail}"),
    };
    let k = class_for(vm, errno);
    let e = vm.exception_new(k, &msg);
    let _ = vm.ivar_set(e, intern(IV_ERRNO), Value::fixnum(errno as i64));
    vm.set_backtrace_here(e);
    Unwind::Raise(e)
}

/// Raises the Errno exception for a Rust I/O error (EINVAL when it carries no OS error number).
pub fn raise_io(vm: &mut Vm, err: &std::io::Error, func: Option<&str>, detail: &str) -> Unwind {
    raise(vm, err.raw_os_error().unwrap_or(libc::EINVAL), func, detail)
}

/// SystemCallError.new(msg = nil, errno = nil) (which becomes the Errno class for `errno`,
/// as CRuby re-classes the new object); Errno::EXXX.new(msg = nil, func = nil).
fn sce_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let sce = vm.c.system_call_error;
    let own = vm.class_data(k).const_get(intern("Errno"));
    // SystemCallError.new(errno) takes a lone Integer as the number
    let a = match a {
        [n] if k == sce && n.is_fixnum() => &[Value::NIL, *n][..],
        _ => a,
    };
    let (n, func) = if k == sce {
        let n = match a.get(1) {
            Some(&v) if !v.is_nil() => Some(crate::core::arg_int(vm, v)?),
            _ => None,
        };
        (n, None)
    } else {
        (own.and_then(|v| v.fixnum_opt()), a.get(1).copied())
    };
    if k == sce
        && let Some(n) = n
    {
        let sub = class_for(vm, n as i32);
        if sub != sce {
            crate::object::heap::set_klass(s, sub);
        }
    }
    let base = match n {
        Some(n) => strerror(n as i32),
        None => "unknown error".to_string(),
    };
    let base = match func {
        // the function is named only together with a message
        Some(f) if !f.is_nil() && a.first().is_some_and(|m| !m.is_nil()) => {
            let f = crate::core::string::str_arg_vec(vm, f)?;
            format!("{base} @ {}", String::from_utf8_lossy(&f))
        }
        _ => base,
    };
    let msg = match a.first() {
        Some(&m) if !m.is_nil() => {
            let d = crate::core::string::str_arg_vec(vm, m)?;
            format!("{base} - {}", String::from_utf8_lossy(&d))
        }
        _ => base,
    };
    let m = vm.str_from(msg);
    vm.ivar_set(s, intern(IV_MESG), m)?;
    let e = n.map(Value::fixnum).unwrap_or(Value::NIL);
    vm.ivar_set(s, intern(IV_ERRNO), e)?;
    Ok(Value::NIL)
}

/// e.errno -> integer or nil
fn sce_errno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern(IV_ERRNO));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
