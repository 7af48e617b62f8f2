//! Kernel's eval family: `eval`, `binding`, `local_variables`, and the string forms of
//! `instance_eval` and `class_eval`/`module_eval` (their block forms are in object.rs and
//! module.rs). Compiling and running the string is vm/eval.rs.

use super::binding::scope_of;
use super::string::str_arg;
use crate::object::heap::{T_CLASS, T_MODULE, type_of};
use crate::object::string::Encoding;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::eval::{Scope, Under};
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const KERNEL: &[M] = &[
    ("eval", k_eval, 1, 4),
    ("binding", k_binding, 0, 0),
    ("local_variables", k_local_variables, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let k = vm.c.kernel;
    vm.define_private_natives(k, KERNEL);
}

/// The caller's frame: the innermost frame running Ruby code below this native.
fn caller(vm: &mut Vm) -> VmResult<usize> {
    match vm.caller_code_frame() {
        Some(fi) => Ok(fi),
        None => Err(vm.raise_str(vm.c.runtime_error, "Can't eval outside of Ruby code")),
    }
}

/// The source (its bytes and encoding, the code's source encoding), file and line arguments
/// of an eval: `(eval at FILE:LINE)` names the caller's position when no file is given.
fn source_args(
    vm: &mut Vm,
    src: Value,
    file: Option<Value>,
    line: Option<Value>,
) -> VmResult<(Vec<u8>, Encoding, String, i64)> {
    let s = str_arg(vm, src)?;
    let bytes = vm.bytes(s).to_vec();
    let enc = crate::object::string::encoding(s);
    let file = match file.filter(|f| !f.is_nil()) {
        Some(f) => {
            let f = str_arg(vm, f)?;
            String::from_utf8_lossy(vm.bytes(f)).into_owned()
        }
        None => {
            let fi = caller(vm)?;
            let (file, line) = vm.frame_position(fi);
            format!("(eval at {file}:{line})")
        }
    };
    let line = match line {
        Some(l) => {
            // a C int in CRuby (NUM2INT)
            let n = super::arg_int(vm, l)?;
            if i32::try_from(n).is_err() {
                let size = if n < 0 { "small" } else { "big" };
                let msg = format!("integer {n} too {size} to convert to 'int'");
                return Err(vm.raise_str(vm.c.range_error, &msg));
            }
            n
        }
        None => 1,
    };
    Ok((bytes, enc, file, line))
}

/// eval(string [, binding [, filename [, lineno]]]) -> obj
fn k_eval(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    eval_with(vm, a)
}

/// Kernel#eval's work, also Binding#eval's (which passes itself as the binding).
pub fn eval_with(vm: &mut Vm, a: &[Value]) -> VmResult {
    let binding = a.get(1).copied().filter(|b| !b.is_nil());
    let sc: Scope = match binding {
        Some(b) => scope_of(vm, b)?.clone(),
        None => {
            let fi = caller(vm)?;
            vm.capture_scope(fi)
        }
    };
    let (src, enc, file, line) = source_args(vm, a[0], a.get(2).copied(), a.get(3).copied())?;
    let (v, new_env) = vm.eval_in(&sc, &src, enc, &file, line, None)?;
    if let (Some(b), Some(e)) = (binding, new_env) {
        scope_of(vm, b)?.env = e;
    }
    Ok(v)
}

/// binding -> a_binding
fn k_binding(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let fi = caller(vm)?;
    let sc = vm.capture_scope(fi);
    Ok(vm.binding_new(sc))
}

/// local_variables -> array
fn k_local_variables(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let fi = caller(vm)?;
    let names = vm.frame_local_names(fi);
    let syms = names.into_iter().map(Value::symbol).collect();
    Ok(vm.ary_new(syms))
}

/// The string forms' argument count: (string [, filename [, lineno]]).
fn check_string_args(vm: &mut Vm, a: &[Value]) -> VmResult<()> {
    if a.is_empty() || a.len() > 3 {
        let msg = format!(
            "wrong number of arguments (given {}, expected 1..3)",
            a.len()
        );
        return Err(vm.arg_error(&msg));
    }
    Ok(())
}

/// obj.instance_eval(string [, filename [, lineno]]): the string runs in the caller's scope
/// with self `obj`; `def` defines singleton methods of `obj` (its singleton class is the cref).
pub fn instance_eval_string(vm: &mut Vm, obj: Value, a: &[Value]) -> VmResult {
    check_string_args(vm, a)?;
    let (src, enc, file, line) = source_args(vm, a[0], a.get(1).copied(), a.get(2).copied())?;
    let fi = caller(vm)?;
    let sc = vm.capture_scope(fi);
    // immediates have no singleton class: their class is the cref, as in CRuby
    let cref_class = if obj.is_heap() {
        vm.singleton_class(obj)
    } else {
        vm.class_of(obj)
    };
    let under = Under {
        self_: obj,
        cref_class,
    };
    vm.eval_in(&sc, &src, enc, &file, line, Some(under))
        .map(|r| r.0)
}

/// mod.class_eval(string [, filename [, lineno]]): the string runs in the caller's scope with
/// self and cref `mod`, so `def` defines instance methods and constants go into `mod`.
pub fn class_eval_string(vm: &mut Vm, module: Value, a: &[Value]) -> VmResult {
    check_string_args(vm, a)?;
    debug_assert!(matches!(type_of(module), T_CLASS | T_MODULE));
    let (src, enc, file, line) = source_args(vm, a[0], a.get(1).copied(), a.get(2).copied())?;
    let fi = caller(vm)?;
    let sc = vm.capture_scope(fi);
    let under = Under {
        self_: module,
        cref_class: module,
    };
    vm.eval_in(&sc, &src, enc, &file, line, Some(under))
        .map(|r| r.0)
}
