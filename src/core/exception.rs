//! Exception and its subclasses (CRuby's hierarchy), with message, backtrace, full_message.

use super::object::{is_string, str_of};
use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::error::{IV_BT, IV_MESG, IV_NAME, IV_RECV};
use crate::vm::frame::{Block, VmResult};
use crate::vm::report::ReportStyle;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const EXCEPTION: &[M] = &[
    ("initialize", e_initialize, 0, 1),
    ("message", e_message, 0, 0),
    ("to_s", e_to_s, 0, 0),
    ("inspect", e_inspect, 0, 0),
    ("backtrace", e_backtrace, 0, 0),
    ("set_backtrace", e_set_backtrace, 1, 1),
    ("full_message", e_full_message, 0, 1),
    ("exception", e_exception, 0, 1),
    ("==", e_eq, 1, 1),
    ("cause", e_cause, 0, 0),
    ("backtrace_locations", e_backtrace_locations, 0, 0),
    ("detailed_message", e_detailed_message, 0, -1),
];

/// Creates the exception hierarchy.
pub fn init_classes(vm: &mut Vm) {
    let o = vm.c.object;
    let ex = vm.define_class("Exception", o);
    vm.c.exception = ex;
    let script = vm.define_class("ScriptError", ex);
    vm.c.script_error = script;
    vm.c.load_error = vm.define_class("LoadError", script);
    vm.define_class("NotImplementedError", script);
    vm.c.not_implemented_error = vm
        .class_data(o)
        .const_get(intern("NotImplementedError"))
        .expect("class");
    vm.define_class("SyntaxError", script);
    vm.c.no_memory_error = vm.define_class("NoMemoryError", ex);
    // CRuby's class for [BUG]s: an interpreter bug caught by the dispatch loop (vm/panic.rs).
    vm.c.fatal = vm.define_class("fatal", ex);
    vm.define_class("SecurityError", ex);
    vm.c.system_exit = vm.define_class("SystemExit", ex);
    vm.c.interrupt = {
        let se = vm.define_class("SignalException", ex);
        vm.define_class("Interrupt", se)
    };
    vm.c.system_stack_error = vm.define_class("SystemStackError", ex);
    let std = vm.define_class("StandardError", ex);
    vm.c.standard_error = std;
    vm.c.argument_error = vm.define_class("ArgumentError", std);
    vm.c.uncaught_throw_error = vm.define_class("UncaughtThrowError", vm.c.argument_error);
    vm.c.encoding_error = vm.define_class("EncodingError", std);
    vm.c.fiber_error = vm.define_class("FiberError", std);
    vm.c.io_error = vm.define_class("IOError", std);
    vm.c.eof_error = vm.define_class("EOFError", vm.c.io_error);
    let index = vm.define_class("IndexError", std);
    vm.c.index_error = index;
    vm.c.key_error = vm.define_class("KeyError", index);
    vm.c.stop_iteration = vm.define_class("StopIteration", index);
    vm.define_class("ClosedQueueError", vm.c.stop_iteration);
    vm.c.local_jump_error = vm.define_class("LocalJumpError", std);
    let name = vm.define_class("NameError", std);
    vm.c.name_error = name;
    vm.c.no_method_error = vm.define_class("NoMethodError", name);
    let range = vm.define_class("RangeError", std);
    vm.c.range_error = range;
    vm.c.float_domain_error = vm.define_class("FloatDomainError", range);
    vm.define_class("RegexpError", std);
    let nmp = vm.define_class("NoMatchingPatternError", std);
    vm.define_class("NoMatchingPatternKeyError", nmp);
    let rt = vm.define_class("RuntimeError", std);
    vm.c.runtime_error = rt;
    vm.c.frozen_error = vm.define_class("FrozenError", rt);
    vm.define_class("ThreadError", std);
    vm.c.type_error = vm.define_class("TypeError", std);
    vm.c.zero_division_error = vm.define_class("ZeroDivisionError", std);
    let math = vm.define_module("Math");
    vm.c.math_domain_error = vm.define_class_under(math, "DomainError", std);
}

pub fn init(vm: &mut Vm) {
    let o = vm.c.object;
    let thread = vm.define_class("Thread", o);
    let bt = vm.define_class_under(thread, "Backtrace", o);
    let loc = vm.define_class_under(bt, "Location", o);
    // Locations are made by `caller_locations` and `backtrace_locations` only
    vm.class_data(loc).instance_type = T_NONE;
    vm.define_natives(
        loc,
        &[
            ("path", loc_path, 0, 0),
            ("lineno", loc_lineno, 0, 0),
            ("label", loc_label, 0, 0),
            ("base_label", loc_base_label, 0, 0),
            ("absolute_path", loc_absolute_path, 0, 0),
            ("to_s", loc_to_s, 0, 0),
            ("inspect", loc_inspect, 0, 0),
        ],
    );
    let ex = vm.c.exception;
    vm.define_natives(ex, EXCEPTION);
    vm.define_singleton_natives(ex, &[("exception", e_s_exception, 0, -1)]);
    let ne = vm.c.name_error;
    vm.define_natives(
        ne,
        &[
            ("name", e_name, 0, 0),
            ("receiver", e_receiver, 0, 0),
            ("initialize", e_name_init, 0, 3),
        ],
    );
    let nme = vm.c.no_method_error;
    vm.define_natives(
        nme,
        &[("args", e_args, 0, 0), ("initialize", e_name_init, 0, 4)],
    );
    let ke = vm.c.key_error;
    vm.define_natives(
        ke,
        &[
            ("key", e_key, 0, 0),
            ("receiver", e_receiver, 0, 0),
            ("initialize", e_key_init, 0, 2),
        ],
    );
    let fe = vm.c.frozen_error;
    vm.define_natives(
        fe,
        &[
            ("receiver", e_receiver, 0, 0),
            ("initialize", e_frozen_init, 0, 2),
        ],
    );
    let sx = vm.c.system_exit;
    vm.define_natives(sx, &[("initialize", e_exit_init, 0, 2)]);
    let se = vm.c.system_exit;
    vm.define_natives(
        se,
        &[("status", e_status, 0, 0), ("success?", e_success_p, 0, 0)],
    );
    let ut = vm.c.uncaught_throw_error;
    vm.define_natives(ut, &[("tag", e_tag, 0, 0), ("value", e_value, 0, 0)]);
    let si = vm.c.stop_iteration;
    vm.define_natives(si, &[("result", e_result, 0, 0)]);
}

fn e_initialize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let m = a.first().copied().unwrap_or(Value::NIL);
    vm.ivar_set(s, intern(IV_MESG), m)?;
    Ok(Value::NIL)
}
fn e_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let m = vm.ivar_get(s, intern(IV_MESG));
    if m.is_nil() || m.is_undef() {
        let k = vm.real_class(s);
        let n = vm.class_name(k);
        return Ok(vm.str_from(n));
    }
    if is_string(m) { Ok(m) } else { vm.to_s(m) }
}
fn e_message(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("to_s"), &[], None)
}
pub(crate) fn e_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    let m = vm.funcall(s, intern("to_s"), &[], None)?;
    let msg = if is_string(m) {
        str_of(vm, m)
    } else {
        String::new()
    };
    if msg.is_empty() {
        return Ok(vm.str_from(cname));
    }
    if msg.contains('\n') {
        let i = crate::core::string::inspect_bytes(msg.as_bytes());
        return Ok(vm.str_from(format!("#<{cname}:{i}>")));
    }
    Ok(vm.str_from(format!("#<{cname}: {msg}>")))
}
fn e_backtrace(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let b = vm.ivar_get(s, intern(IV_BT));
    Ok(if b.is_undef() { Value::NIL } else { b })
}
fn e_set_backtrace(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    vm.ivar_set(s, intern(IV_BT), a[0])?;
    Ok(a[0])
}
/// exc.full_message(highlight: $stderr.tty?, order: :top) -> the report CRuby prints for an
/// uncaught exception (vm/report.rs)
fn e_full_message(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let opts = match a.first() {
        Some(&h) if vm.take_kw() && type_of(h) == T_HASH => Some(h),
        Some(_) => return Err(vm.arity_error(1, 0, 0)),
        None => None,
    };
    let mut style = ReportStyle::for_stderr();
    if let Some(h) = opts {
        let key = vm.sym("highlight");
        match super::hash::get(vm, h, key)? {
            Value::NIL => {}
            Value::TRUE => style.highlight = true,
            Value::FALSE => style.highlight = false,
            v => {
                let shown = vm.inspect_str(v)?;
                return Err(vm.arg_error(&format!("expected true or false as highlight: {shown}")));
            }
        }
        let key = vm.sym("order");
        let order = super::hash::get(vm, h, key)?;
        if !order.is_nil() {
            let name = if order.is_symbol() {
                sym_name(order.as_symbol_id()).to_string()
            } else if is_string(order) {
                str_of(vm, order)
            } else {
                let shown = vm.inspect_str(order)?;
                return Err(vm.type_error(&format!("{shown} is not a symbol nor a string")));
            };
            style.reverse = match name.as_str() {
                "bottom" => true,
                "top" => false,
                _ => {
                    let shown = vm.inspect_str(order)?;
                    return Err(
                        vm.arg_error(&format!("expected :top or :bottom as order: {shown}"))
                    );
                }
            };
        }
    }
    let t = vm.error_write(s, style, opts);
    Ok(vm.str_from(t))
}
fn e_exception(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.is_empty() {
        return Ok(s);
    }
    let c = crate::core::object::shallow_copy(vm, s)?;
    vm.ivar_set(c, intern(IV_MESG), a[0])?;
    Ok(c)
}
fn e_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if s == a[0] {
        return Ok(Value::TRUE);
    }
    if vm.real_class(s) != vm.real_class(a[0]) {
        return Ok(Value::FALSE);
    }
    let (m1, m2) = (
        vm.funcall(s, intern("message"), &[], None)?,
        vm.funcall(a[0], intern("message"), &[], None)?,
    );
    Ok(Value::bool(vm.equal(m1, m2)?))
}
fn e_s_exception(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("new"), a, b.cloned())
}
fn e_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern(IV_NAME));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
fn e_receiver(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern(IV_RECV));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
fn e_status(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__status"));
    Ok(if v.is_fixnum() { v } else { Value::fixnum(0) })
}
fn e_success_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__status"));
    Ok(Value::bool(!v.is_fixnum() || v.as_fixnum() == 0))
}
/// exc.cause -> exception or nil (the exception being handled when this one was raised)
fn e_cause(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern(crate::vm::error::IV_CAUSE));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
/// err.tag -> obj (the tag `throw` was given)
fn e_tag(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__tag"));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
/// err.value -> obj (the value `throw` was given)
fn e_value(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__value"));
    Ok(if v.is_undef() { Value::NIL } else { v })
}
/// NameError.new(msg = nil, name = nil, receiver: nil) / NoMethodError.new(msg, name, args)
fn e_name_init(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    vm.ivar_set(s, intern(IV_MESG), a.first().copied().unwrap_or(Value::NIL))?;
    vm.ivar_set(s, intern(IV_NAME), a.get(1).copied().unwrap_or(Value::NIL))?;
    if let Some(&args) = a.get(2) {
        vm.ivar_set(s, intern("__args"), args)?;
    }
    if let Some(h) = opts {
        let k = vm.sym("receiver");
        let r = crate::core::hash::get(vm, h, k)?;
        vm.ivar_set(s, intern(IV_RECV), r)?;
    }
    Ok(Value::NIL)
}
/// KeyError.new(msg = nil, receiver: nil, key: nil)
fn e_key_init(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    vm.ivar_set(s, intern(IV_MESG), a.first().copied().unwrap_or(Value::NIL))?;
    if let Some(h) = opts {
        for (name, iv) in [("receiver", IV_RECV), ("key", "__key")] {
            let k = vm.sym(name);
            if crate::core::hash::find(vm, h, k)?.is_some() {
                let v = crate::core::hash::get(vm, h, k)?;
                vm.ivar_set(s, intern(iv), v)?;
            }
        }
    }
    Ok(Value::NIL)
}
/// no_method_error.args -> array
fn e_args(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__args"));
    Ok(if v.is_undef() || v.is_nil() {
        vm.ary_new_capa(0)
    } else {
        v
    })
}
/// key_error.key -> obj
fn e_key(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if !vm.ivar_defined(s, intern("__key")) {
        return Err(vm.arg_error("no key is available"));
    }
    Ok(vm.ivar_get(s, intern("__key")))
}
/// exc.detailed_message(highlight: false) -> "message (ClassName)" and the message's further
/// lines (vm/report.rs `decorate_message`)
fn e_detailed_message(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let highlight = match a.last() {
        Some(&h) if kw && type_of(h) == T_HASH => {
            let key = vm.sym("highlight");
            super::hash::get(vm, h, key)?.truthy()
        }
        _ => false,
    };
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    let m = vm.funcall(s, intern("message"), &[], None)?;
    let msg = if is_string(m) {
        str_of(vm, m)
    } else {
        String::new()
    };
    let runtime = k == vm.c.runtime_error;
    let out = crate::vm::report::decorate_message(&cname, &msg, runtime, highlight);
    Ok(vm.str_from(out))
}
/// SystemExit.new(status = 0, msg = "exit")
fn e_exit_init(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (status, rest) = match a.first() {
        Some(&v) if v.is_fixnum() => (v.as_fixnum(), &a[1..]),
        Some(&Value::TRUE) => (0, &a[1..]),
        Some(&Value::FALSE) => (1, &a[1..]),
        _ => (0, a),
    };
    vm.ivar_set(s, intern("__status"), Value::fixnum(status))?;
    let m = match rest.first() {
        Some(&m) => m,
        None => vm.str_from("exit"),
    };
    vm.ivar_set(s, intern(IV_MESG), m)?;
    Ok(Value::NIL)
}
/// FrozenError.new(msg = nil, receiver: nil)
fn e_frozen_init(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    vm.ivar_set(s, intern(IV_MESG), a.first().copied().unwrap_or(Value::NIL))?;
    if let Some(h) = opts {
        let k = vm.sym("receiver");
        let r = crate::core::hash::get(vm, h, k)?;
        vm.ivar_set(s, intern(IV_RECV), r)?;
    }
    Ok(Value::NIL)
}
/// exc.backtrace_locations -> array of Thread::Backtrace::Location or nil
fn e_backtrace_locations(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let bt = vm.ivar_get(s, intern(IV_BT));
    if type_of(bt) != T_ARRAY {
        return Ok(Value::NIL);
    }
    let lines = rarray(bt).vec.to_vec();
    locations(vm, &lines)
}

/// Thread::Backtrace::Location objects for backtrace lines ("path:line:in 'label'" Strings).
pub fn locations(vm: &mut Vm, lines: &[Value]) -> VmResult {
    let loc_class = {
        let thread = vm
            .class_data(vm.c.object)
            .const_get(intern("Thread"))
            .expect("Thread");
        let b = vm
            .class_data(thread)
            .const_get(intern("Backtrace"))
            .expect("Backtrace");
        vm.class_data(b)
            .const_get(intern("Location"))
            .expect("Location")
    };
    let out = vm.ary_new_capa(0);
    let depth = vm.stack.len();
    vm.stack.push(out);
    vm.stack.extend_from_slice(lines);
    for &l in lines {
        if !is_string(l) {
            continue;
        }
        let loc = vm.object_new(loc_class);
        vm.ivar_set(loc, intern("__line"), l)?;
        rarray(out).vec.push(loc);
    }
    vm.stack.truncate(depth);
    Ok(out)
}

/// Splits "path:lineno:in 'label'" into its parts. The path ends at the first colon followed
/// by a line number, so a path with colons of its own (`<internal:stdlib>/x.rb`) stays whole.
fn location_parts(vm: &Vm, loc: Value) -> (String, i64, String) {
    let l = str_of(vm, vm.ivar_get(loc, intern("__line")));
    let at = l
        .match_indices(':')
        .map(|(i, _)| i)
        .find(|&i| {
            let rest = &l[i + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && matches!(rest.as_bytes().get(digits), None | Some(b':'))
        })
        .unwrap_or(l.len());
    let path = l[..at].to_string();
    let mut it = l.get(at + 1..).unwrap_or("").splitn(2, ':');
    let line = it.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    let label = it
        .next()
        .unwrap_or("")
        .trim_start_matches("in ")
        .trim_matches('\'')
        .to_string();
    (path, line, label)
}
/// loc.path -> string
fn loc_path(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (p, _, _) = location_parts(vm, s);
    Ok(vm.str_from(p))
}
/// loc.lineno -> integer
fn loc_lineno(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (_, n, _) = location_parts(vm, s);
    Ok(vm.int(n))
}
/// loc.label -> string
fn loc_label(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (_, _, l) = location_parts(vm, s);
    Ok(vm.str_from(l))
}
/// loc.base_label -> the method's own name ("bar" for 'block in Foo#bar'), or the label
fn loc_base_label(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (_, _, l) = location_parts(vm, s);
    let mut b = l.as_str();
    // "block in", "block (2 levels) in", "rescue in", "ensure in"
    while let Some(at) = b.find(" in ")
        && (b.starts_with("block") || b.starts_with("rescue") || b.starts_with("ensure"))
    {
        b = &b[at + 4..];
    }
    if !b.starts_with('<')
        && let Some(at) = b.rfind(['#', '.'])
    {
        b = &b[at + 1..];
    }
    Ok(vm.str_from(b))
}
/// loc.absolute_path -> the real path of the file, or nil when it is not a file
fn loc_absolute_path(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (p, _, _) = location_parts(vm, s);
    Ok(match std::fs::canonicalize(&p) {
        Ok(real) => vm.str_from(real.to_string_lossy()),
        Err(_) => Value::NIL,
    })
}
/// loc.to_s -> "path:lineno:in 'label'"
fn loc_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let l = vm.ivar_get(s, intern("__line"));
    Ok(vm.str_dup(l))
}
/// loc.inspect -> the to_s text, quoted
fn loc_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let l = vm.ivar_get(s, intern("__line"));
    let t = crate::core::string::inspect_bytes(crate::object::string::bytes(&vm.heap, l));
    Ok(vm.str_from(t))
}
fn e_result(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ivar_get(s, intern("__result"));
    Ok(if v.is_undef() { Value::NIL } else { v })
}

/// Whether `v` is a Ruby exception object.
pub fn is_exception(vm: &mut Vm, v: Value) -> bool {
    type_of(v) == T_OBJECT && vm.is_a(v, vm.c.exception)
}
