//! Pattern matching's run-time half: the private Kernel helpers that code compiled from
//! `case/in`, `expr => pattern` and `expr in pattern` (compiler/pattern.rs) calls, and
//! NoMatchingPatternKeyError's `key`/`matchee`.
//!
//! The compiled code does the matching itself with ordinary sends (`===`, `length`, `[]`,
//! `key?`, `delete`, `empty?`, as CRuby's compiled patterns do); what lives here is what needs
//! checks a send cannot express: `deconstruct`/`deconstruct_keys` with their respond-to test and
//! result type check, the failure messages of a single pattern (CRuby's "does not return true",
//! "length mismatch", "key not found"...) and the final raise.

use crate::core::hash;
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::error::{IV_BT, IV_MESG};
use crate::vm::frame::{Block, Unwind, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const HELPERS: &[M] = &[
    ("__pm_deconstruct", pm_deconstruct, 1, 1),
    ("__pm_deconstruct_keys", pm_deconstruct_keys, 2, 2),
    ("__pm_message", pm_message, 1, 4),
    ("__pm_raise", pm_raise, 2, 2),
];

const IV_KEY: &str = "__key";
const IV_MATCHEE: &str = "__matchee";

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, HELPERS);
    let kerr = top_class(vm, "NoMatchingPatternKeyError");
    vm.define_natives(
        kerr,
        &[
            ("key", key_of, 0, 0),
            ("matchee", matchee_of, 0, 0),
            ("initialize", key_error_init, 0, 2),
        ],
    );
}

/// __pm_deconstruct(v) -> v.deconstruct (an Array), or false when v has no `deconstruct`
fn pm_deconstruct(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = intern("deconstruct");
    if !vm.responds(a[0], id, true) {
        return Ok(Value::FALSE);
    }
    let d = vm.funcall(a[0], id, &[], None)?;
    if type_of(d) != T_ARRAY {
        return Err(vm.type_error("deconstruct must return Array"));
    }
    Ok(d)
}

/// __pm_deconstruct_keys(v, keys) -> v.deconstruct_keys(keys) (a Hash), or false
fn pm_deconstruct_keys(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = intern("deconstruct_keys");
    if !vm.responds(a[0], id, true) {
        return Ok(Value::FALSE);
    }
    let h = vm.funcall(a[0], id, &[a[1]], None)?;
    if type_of(h) != T_HASH {
        return Err(vm.type_error("deconstruct_keys must return Hash"));
    }
    Ok(h)
}

/// __pm_message(kind, a, b = nil, c = nil) -> why a single pattern failed, as CRuby says it: a
/// String, or for a missing key `[message, key, matchee]`.
fn pm_message(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !a[0].is_symbol() {
        return Err(vm.type_error("pattern failure kind must be a Symbol"));
    }
    let kind = crate::object::symbol::sym_name(a[0].as_symbol_id());
    let arg = |i: usize| a.get(i).copied().unwrap_or(Value::NIL);
    let msg = match kind {
        "eqq" => {
            let p = vm.inspect_str(arg(1))?;
            let v = vm.inspect_str(arg(2))?;
            format!("{p} === {v} does not return true")
        }
        "deconstruct" | "deconstruct_keys" => {
            let v = vm.inspect_str(arg(1))?;
            format!("{v} does not respond to #{kind}")
        }
        "length" => {
            let d = arg(1);
            let given = if type_of(d) == T_ARRAY {
                rarray(d).vec.len()
            } else {
                0
            };
            let v = vm.inspect_str(d)?;
            let want = arg(2).fixnum_opt().unwrap_or(0);
            let plus = if arg(3).truthy() { "+" } else { "" };
            format!("{v} length mismatch (given {given}, expected {want}{plus})")
        }
        "find" => {
            let v = vm.inspect_str(arg(1))?;
            format!("{v} does not match to find pattern")
        }
        "key" => {
            let k = vm.inspect_str(arg(2))?;
            let m = vm.str_from(format!("key not found: {k}"));
            return Ok(vm.ary_from_slice(&[m, arg(2), arg(1)]));
        }
        "rest" => {
            let v = vm.inspect_str(arg(1))?;
            format!("rest of {v} is not empty")
        }
        "empty" => {
            let v = vm.inspect_str(arg(1))?;
            format!("{v} is not empty")
        }
        "guard" => "guard clause does not return true".to_string(),
        _ => return Err(vm.arg_error("unknown pattern failure kind")),
    };
    Ok(vm.str_from(&msg))
}

/// __pm_raise(value, why): raises NoMatchingPatternError (or NoMatchingPatternKeyError for a
/// missing key) for `value`; `why` is nil (several clauses: the message is value.inspect) or
/// what `__pm_message` said.
fn pm_raise(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.inspect_str(a[0])?;
    let why = a[1];
    let is_str = crate::core::object::is_string;
    let (class, msg, key) =
        if type_of(why) == T_ARRAY && rarray(why).vec.len() == 3 && is_str(rarray(why).vec[0]) {
            let parts = rarray(why).vec.to_vec();
            let text = String::from_utf8_lossy(vm.bytes(parts[0])).into_owned();
            (
                "NoMatchingPatternKeyError",
                format!("{v}: {text}"),
                Some((parts[1], parts[2])),
            )
        } else if is_str(why) {
            let text = String::from_utf8_lossy(vm.bytes(why)).into_owned();
            ("NoMatchingPatternError", format!("{v}: {text}"), None)
        } else {
            ("NoMatchingPatternError", v, None)
        };
    let klass = top_class(vm, class);
    let e = vm.exception_new(klass, &msg);
    if let Some((key, matchee)) = key {
        vm.ivar_set(e, intern(IV_KEY), key)?;
        vm.ivar_set(e, intern(IV_MATCHEE), matchee)?;
    }
    // The backtrace starts at the pattern, not in this helper (CRuby raises from the VM).
    let lines = vm.backtrace_lines(1);
    let items: Vec<Value> = lines.iter().map(|l| vm.str_from(l)).collect();
    let bt = vm.ary_new(items);
    vm.ivar_set(e, intern(IV_BT), bt)?;
    Err(Unwind::Raise(e))
}

/// The exception class `name` (defined by core/exception.rs at start-up).
fn top_class(vm: &mut Vm, name: &str) -> Value {
    let object = vm.c.object;
    vm.const_get_from(object, intern(name))
        .unwrap_or(vm.c.standard_error)
}

/// NoMatchingPatternKeyError.new(message = nil, matchee: nil, key: nil)
fn key_error_init(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (a, opts) = vm.split_keywords(a)?;
    if a.len() > 1 {
        return Err(vm.arg_error(&format!(
            "wrong number of arguments (given {}, expected 0..1)",
            a.len()
        )));
    }
    vm.ivar_set(s, intern(IV_MESG), a.first().copied().unwrap_or(Value::NIL))?;
    if let Some(h) = opts {
        for (name, iv) in [("matchee", IV_MATCHEE), ("key", IV_KEY)] {
            let k = vm.sym(name);
            if let Some(i) = hash::find(vm, h, k)? {
                let v = hash::rh(h).entries[i].value;
                vm.ivar_set(s, intern(iv), v)?;
            }
        }
    }
    Ok(Value::NIL)
}

fn key_of(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if !vm.ivar_defined(s, intern(IV_KEY)) {
        return Err(vm.arg_error("no key is available"));
    }
    Ok(vm.ivar_get(s, intern(IV_KEY)))
}

fn matchee_of(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if !vm.ivar_defined(s, intern(IV_MATCHEE)) {
        return Err(vm.arg_error("no matchee is available"));
    }
    Ok(vm.ivar_get(s, intern(IV_MATCHEE)))
}
