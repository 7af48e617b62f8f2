//! More of Module's reflection: `const_missing` (the default, raising NameError; the VM calls a
//! Ruby-defined one itself, vm/scope.rs), `remove_class_variable` and
//! `public_instance_method`. Messages are CRuby 4.0's.

use super::object::symbol_arg;
use crate::object::class::Visibility;
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const MODULE: &[M] = &[
    ("const_missing", m_const_missing, 1, 1),
    ("remove_class_variable", m_remove_cvar, 1, 1),
    ("public_instance_method", m_public_instance_method, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let m = vm.c.module;
    vm.define_natives(m, MODULE);
}

/// mod.const_missing(name): NameError "uninitialized constant Mod::Name" (a Ruby-defined
/// const_missing reaches here through `super`)
fn m_const_missing(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    Err(vm.uninitialized_constant(s, id))
}

/// mod.remove_class_variable(name) -> its value; NameError when this module does not hold it
fn m_remove_cvar(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let name = sym_name(id);
    if !name.starts_with("@@") || name.len() < 3 {
        let msg = format!("wrong class variable name {name}");
        return Err(vm.name_error(&msg, s, id));
    }
    super::array::check_frozen(vm, s)?;
    if let Some(v) = vm.class_data(s).cvars.shift_remove(&id) {
        return Ok(v);
    }
    let held_above = vm
        .ancestors(s)
        .into_iter()
        .skip(1)
        .any(|k| vm.class_data(k).cvars.contains_key(&id));
    let cname = vm.class_name(s);
    let msg = if held_above {
        format!("cannot remove {name} for {cname}")
    } else {
        format!("class variable {name} not defined for {cname}")
    };
    Err(vm.name_error(&msg, s, id))
}

/// mod.public_instance_method(name) -> UnboundMethod; NameError for a private or protected one
fn m_public_instance_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    if let Some(m) = vm.find_method(s, id) {
        let vis = vm.methods[m as usize].vis;
        if vis != Visibility::Public {
            let what = if vis == Visibility::Private {
                "private"
            } else {
                "protected"
            };
            let msg = format!(
                "method '{}' for class '{}' is {what}",
                sym_name(id),
                vm.class_name(s)
            );
            return Err(vm.name_error(&msg, s, id));
        }
    }
    vm.funcall(s, crate::object::symbol::intern("instance_method"), a, None)
}
