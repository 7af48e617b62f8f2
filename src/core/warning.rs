//! Warnings: the Warning module (`Warning.warn`, which writes to `$stderr` and which programs
//! override; `Warning[category]`/`[]=`, `Warning.categories`) and `Kernel#warn(*msgs,
//! uplevel: nil, category: nil)`, which is silent when `$VERBOSE` is nil or the category is
//! off, prefixes "file:line: warning: " for `uplevel`, and hands its text to `Warning.warn`.

use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

/// The warning categories and whether each is on at start, as CRuby 4.0.
pub const CATEGORIES: &[(&str, bool)] = &[
    ("deprecated", false),
    ("experimental", true),
    ("performance", false),
    ("strict_unused_block", false),
];

const WARNING: &[M] = &[("warn", w_warn, 1, 2)];
const WARNING_SINGLETON: &[M] = &[
    ("[]", w_aref, 1, 1),
    ("[]=", w_aset, 2, 2),
    ("categories", w_categories, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let w = vm.define_module("Warning");
    vm.define_natives(w, WARNING);
    vm.define_singleton_natives(w, WARNING_SINGLETON);
    // Warning extends itself: `Warning.warn` is the instance method, and a program's
    // `def Warning.warn` can call it with super
    let meta = vm.singleton_class(w);
    vm.class_data(meta).includes.push(w);
    vm.invalidate();
    for (name, on) in CATEGORIES {
        let _ = vm.ivar_set(w, intern(&format!("__{name}")), Value::bool(*on));
    }
    let k = vm.c.kernel;
    vm.define_private_natives(k, &[("warn", k_warn, 0, -1)]);
}

fn warning_module(vm: &mut Vm) -> Value {
    let object = vm.c.object;
    vm.class_data(object)
        .const_get(intern("Warning"))
        .unwrap_or(Value::NIL)
}

/// The category named by the Symbol `v` (ArgumentError "unknown category: x" otherwise).
fn category(vm: &mut Vm, v: Value) -> VmResult<&'static str> {
    if !v.is_symbol() {
        let k = vm.real_class(v);
        let msg = format!("wrong argument type {} (expected Symbol)", vm.class_name(k));
        return Err(vm.type_error(&msg));
    }
    let name = sym_name(v.as_symbol_id());
    match CATEGORIES.iter().find(|(c, _)| *c == name) {
        Some((c, _)) => Ok(c),
        None => {
            let msg = format!("unknown category: {name}");
            Err(vm.arg_error(&msg))
        }
    }
}

/// Whether warnings of `cat` are on.
pub fn enabled(vm: &mut Vm, cat: &str) -> bool {
    let w = warning_module(vm);
    w.is_heap() && vm.ivar_get(w, intern(&format!("__{cat}"))).truthy()
}

/// Warning.warn(msg, category: nil) -> nil: writes `msg` to $stderr
fn w_warn(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, _) = vm.split_keywords(a)?;
    let Some(&msg) = a.first() else {
        return Err(vm.arg_error("wrong number of arguments (given 0, expected 1)"));
    };
    let bytes = super::string::str_arg_vec(vm, msg)?;
    let e = vm.gvar_id_get(crate::sym!("$stderr"));
    super::io::write_to(vm, e, &bytes)?;
    Ok(Value::NIL)
}
/// Warning[category] -> true or false
fn w_aref(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = category(vm, a[0])?;
    Ok(Value::bool(enabled(vm, c)))
}
/// Warning[category] = bool
fn w_aset(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = category(vm, a[0])?;
    vm.ivar_set(s, intern(&format!("__{c}")), Value::bool(a[1].truthy()))?;
    Ok(a[1])
}
/// Warning.categories -> the category names
fn w_categories(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let items: Vec<Value> = CATEGORIES
        .iter()
        .map(|(c, _)| Value::symbol(intern(c)))
        .collect();
    Ok(vm.ary_new(items))
}

/// A warning from a native, as CRuby's rb_warn: "file:line: warning: msg" (the caller's line)
/// handed to `Warning.warn`, so that `$stderr` and overrides of `Warning.warn` see it.
pub fn warn_from_native(vm: &mut Vm, msg: &str) -> VmResult<()> {
    let at = location(vm, 0).unwrap_or_else(|| "-".to_string());
    let text = vm.str_new(format!("{at}: warning: {msg}\n").as_bytes());
    let w = warning_module(vm);
    vm.funcall(w, intern("warn"), &[text], None)?;
    Ok(())
}

/// "file:line" of the backtrace entry `level` callers above the caller of the running native.
fn location(vm: &Vm, level: usize) -> Option<String> {
    let lines = vm.backtrace_lines(1);
    let entry = lines.get(level)?;
    let at = entry.rfind(":in '").unwrap_or(entry.len());
    Some(entry[..at].to_string())
}

/// warn(*msgs, uplevel: nil, category: nil) -> nil: the messages (as `puts` writes them) to
/// `Warning.warn`, unless `$VERBOSE` is nil or the category is off
fn k_warn(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (msgs, kw) = vm.split_keywords(a)?;
    let msgs = msgs.to_vec();
    let get = |vm: &mut Vm, name: &str| -> VmResult<Value> {
        match kw {
            Some(h) => super::hash::get(vm, h, Value::symbol(intern(name))),
            None => Ok(Value::NIL),
        }
    };
    let uplevel = get(vm, "uplevel")?;
    let cat = get(vm, "category")?;
    let cat = if cat.is_nil() {
        None
    } else {
        // a String or an object with `to_sym` names the category too (rb_to_symbol_type)
        let sym = super::object::sym_arg(vm, cat);
        let cat = match sym {
            Ok(id) => Value::symbol(id),
            Err(_) if vm.responds(cat, intern("to_sym"), true) => {
                vm.funcall(cat, intern("to_sym"), &[], None)?
            }
            Err(e) => return Err(e),
        };
        Some(category(vm, cat)?)
    };
    let uplevel = if uplevel.is_nil() {
        None
    } else {
        let n = super::arg_int(vm, uplevel)?;
        if n < 0 {
            let msg = format!("negative level ({n})");
            return Err(vm.arg_error(&msg));
        }
        Some(n as usize)
    };
    if vm.gvar_id_get(crate::sym!("$VERBOSE")).is_nil() || msgs.is_empty() {
        return Ok(Value::NIL);
    }
    if let Some(c) = cat
        && !enabled(vm, c)
    {
        return Ok(Value::NIL);
    }
    let mut out = Vec::new();
    if let Some(level) = uplevel {
        match location(vm, level) {
            Some(at) => out.extend_from_slice(format!("{at}: warning: ").as_bytes()),
            None => out.extend_from_slice(b"warning: "),
        }
    }
    super::kernel::puts_bytes(vm, &msgs, &mut out)?;
    let text = vm.str_new(&out);
    let w = warning_module(vm);
    match cat {
        Some(c) => {
            let h = vm.hash_new();
            let (k, v) = (Value::symbol(intern("category")), Value::symbol(intern(c)));
            vm.hash_aset(h, k, v)?;
            vm.funcall_maybe_kw(w, intern("warn"), &[text, h], None, true)?;
        }
        None => {
            vm.funcall(w, intern("warn"), &[text], None)?;
        }
    }
    Ok(Value::NIL)
}
