//! Binding: a captured scope (its locals, self, cref, block), from `Kernel#binding`,
//! `Proc#binding` and `TOPLEVEL_BINDING`; `eval` and local variable access through it.
//! The scope and running code in it live in vm/eval.rs.

use super::object::sym_arg;
use crate::object::class::Visibility;
use crate::object::heap::{CLOSED, EnvRef, payload};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::eval::{BindingObj, Scope};
use crate::vm::frame::{Block, VmResult};
use crate::vm::locals::push_chain_names;

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const BINDING: &[M] = &[
    ("eval", b_eval, 1, 3),
    ("local_variable_get", b_lvar_get, 1, 1),
    ("local_variable_set", b_lvar_set, 2, 2),
    ("local_variable_defined?", b_lvar_defined, 1, 1),
    ("local_variables", b_local_variables, 0, 0),
    ("receiver", b_receiver, 0, 0),
    ("source_location", b_source_location, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let object = vm.c.object;
    let k = vm.define_class("Binding", object);
    // Bindings are made by `binding`, never by `allocate` or `new`
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    let meta = vm.singleton_class(k);
    for name in ["new", "allocate"] {
        let undef = crate::vm::MethodBody::Undefined;
        vm.add_method(meta, intern(name), undef, Visibility::Public);
    }
    vm.c.binding = k;
    vm.define_natives(k, BINDING);
}

/// The scope of a Binding object (TypeError for anything else).
pub fn scope_of(vm: &mut Vm, b: Value) -> VmResult<&'static mut Scope> {
    match payload::<BindingObj>(b) {
        Some(bo) => Ok(&mut bo.0),
        None => {
            let k = vm.real_class(b);
            let msg = format!(
                "wrong argument type {} (expected binding)",
                vm.class_name(k)
            );
            Err(vm.type_error(&msg))
        }
    }
}

/// Where `name` is on the environment chain from `e`: the environment and the slot.
pub fn find_local(mut e: Option<EnvRef>, name: u32) -> Option<(EnvRef, usize)> {
    while let Some(env) = e {
        if let Some(i) = env.get().names.iter().position(|&n| n == name) {
            return Some((env, i));
        }
        e = env.get().parent;
    }
    None
}

/// A local variable name argument: NameError "wrong local variable name" unless it is one.
fn local_name_arg(vm: &mut Vm, s: Value, v: Value) -> VmResult<u32> {
    let id = sym_arg(vm, v)?;
    let name = sym_name(id);
    let first = name.chars().next();
    let ok = first.is_some_and(|c| c == '_' || c.is_lowercase() || !c.is_ascii())
        && name
            .chars()
            .all(|c| c == '_' || c.is_alphanumeric() || !c.is_ascii());
    if !ok {
        let desc = vm.inspect_str(s)?;
        let msg = format!("wrong local variable name '{name}' for {desc}");
        return Err(name_error(vm, &msg, s, v));
    }
    Ok(id)
}

/// A NameError whose `name` is the argument as given (a String stays a String, as in CRuby).
fn name_error(vm: &mut Vm, msg: &str, s: Value, name: Value) -> crate::vm::frame::Unwind {
    let u = vm.name_error(msg, s, intern(""));
    if let Some(e) = u.raised() {
        let _ = vm.ivar_set(e, intern(crate::vm::error::IV_NAME), name);
    }
    u
}

/// binding.eval(string [, filename [, lineno]]) -> obj
fn b_eval(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut args = vec![a[0], s];
    args.extend_from_slice(&a[1..]);
    super::eval::eval_with(vm, &args)
}

/// binding.local_variable_get(symbol) -> obj
fn b_lvar_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = local_name_arg(vm, s, a[0])?;
    let env = scope_of(vm, s)?.env;
    match find_local(Some(env), id) {
        Some((e, i)) => Ok(vm.env_get(e, i)),
        None => {
            let desc = vm.inspect_str(s)?;
            let msg = format!(
                "local variable '{}' is not defined for {desc}",
                sym_name(id)
            );
            Err(name_error(vm, &msg, s, a[0]))
        }
    }
}

/// binding.local_variable_set(symbol, obj) -> obj
///
/// A name the scope does not have becomes a local of the binding only (a new environment at
/// the head of its chain), as a local first assigned by `eval` does.
fn b_lvar_set(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = local_name_arg(vm, s, a[0])?;
    let v = a[1];
    let sc = scope_of(vm, s)?;
    match find_local(Some(sc.env), id) {
        Some((e, i)) => vm.env_set(e, i, v),
        None => {
            let parent = sc.env;
            let e = vm
                .heap
                .new_env(vec![id].into(), CLOSED, vec![v], Some(parent));
            scope_of(vm, s)?.env = e;
        }
    }
    Ok(v)
}

/// binding.local_variable_defined?(symbol) -> true or false
fn b_lvar_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = local_name_arg(vm, s, a[0])?;
    let env = scope_of(vm, s)?.env;
    Ok(Value::bool(find_local(Some(env), id).is_some()))
}

/// binding.local_variables -> array
fn b_local_variables(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let env = scope_of(vm, s)?.env;
    let mut names = Vec::new();
    push_chain_names(&mut names, Some(env));
    let syms = names.into_iter().map(Value::symbol).collect();
    Ok(vm.ary_new(syms))
}

/// binding.receiver -> object
fn b_receiver(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(scope_of(vm, s)?.self_)
}

/// binding.source_location -> [String, Integer]
fn b_source_location(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let sc = scope_of(vm, s)?;
    let (file, line) = (sc.file.clone(), sc.line);
    let f = vm.str_from(&file);
    let l = Value::fixnum(line as i64);
    Ok(vm.ary_from_slice(&[f, l]))
}

/// prc.binding -> binding
pub fn proc_binding(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let block = payload::<crate::vm::call::ProcObj>(s)
        .map(|p| p.block.clone())
        .ok_or_else(|| vm.type_error("not a Proc"))?;
    match vm.block_scope(&block) {
        Some(sc) => {
            // the binding keeps the block's environments
            vm.escape_block(&block);
            Ok(vm.binding_new(sc))
        }
        None => Err(vm.arg_error("Can't create Binding from C level Proc")),
    }
}
