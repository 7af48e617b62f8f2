//! Set and Data, core classes written in Ruby here: `set.rb` (Set, on top of Hash, whose
//! insertion order it keeps) and `data.rb`. Each is compiled the first time a program needs it:
//! its constant (through the VM's missing-constant path; ractor.rb likewise) or, for Set, `to_set`. Loading them at
//! start-up would cost about a millisecond of every run. `require "set"` is a no-op.

use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

const SET: &str = include_str!("set.rb");
const DATA: &str = include_str!("data.rb");
const RACTOR: &str = include_str!("ractor.rb");

pub fn init(vm: &mut Vm) {
    let (e, a) = (vm.c.enumerable, vm.c.array);
    vm.define_natives(e, &[("to_set", to_set, 0, 0)]);
    vm.define_natives(a, &[("to_set", to_set, 0, 0)]);
    let r = vm.c.range;
    vm.define_natives(r, &[("to_set", range_to_set, 0, 0)]);
}

/// Compiles set.rb unless that was done; answers whether Set is defined now.
pub fn load(vm: &mut Vm) -> VmResult<bool> {
    load_lazy(vm, "Set")
}

/// Compiles data.rb (the Data class) unless that was done; answers whether Data is defined.
pub fn load_data(vm: &mut Vm) -> VmResult<bool> {
    load_lazy(vm, "Data")
}

/// The top-level constants compiled from bundled Ruby source on first use (name, source, file
/// name): defined (for `const_defined?` and `constants`) before they are loaded.
pub const LAZY: [(&str, &str, &str); 3] = [
    ("Set", SET, "<internal:set>"),
    ("Data", DATA, "<internal:data>"),
    ("Ractor", RACTOR, "<internal:ractor>"),
];

/// Compiles the lazily compiled constant `name` (a `LAZY` entry) unless that was done;
/// answers whether it is defined now (false for any other name).
pub fn load_lazy(vm: &mut Vm, name: &str) -> VmResult<bool> {
    match LAZY.iter().find(|l| l.0 == name) {
        Some(&(name, source, file)) => load_source(vm, name, source, file),
        None => Ok(false),
    }
}

/// Whether `id` names a lazily compiled constant not loaded yet.
pub fn is_lazy_unloaded(vm: &Vm, id: u32) -> bool {
    let name = crate::object::symbol::sym_name(id);
    LAZY.iter().any(|l| l.0 == name) && vm.class_data(vm.c.object).const_get(id).is_none()
}

/// Compiles the bundled `source` defining constant `name` unless it is defined already (or
/// being compiled); answers whether it is defined now.
fn load_source(vm: &mut Vm, name: &str, source: &str, file: &str) -> VmResult<bool> {
    let object = vm.c.object;
    if vm.class_data(object).const_get(intern(name)).is_some() {
        return Ok(true);
    }
    if vm.set_loading {
        return Ok(false);
    }
    vm.set_loading = true;
    let r = vm.eval_source(source, file);
    vm.set_loading = false;
    r?;
    Ok(true)
}

/// enum.to_set -> a Set of the elements
fn to_set(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    load(vm)?;
    let object = vm.c.object;
    let set = vm
        .class_data(object)
        .const_get(intern("Set"))
        .expect("Set is loaded");
    vm.funcall(set, intern("new"), &[s], None)
}

/// range.to_set -> a Set of the elements (RangeError for an endless range, as CRuby 4.0)
fn range_to_set(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    if crate::object::heap::rrange(s).end.is_nil() {
        let k = vm.c.range_error;
        return Err(vm.raise_str(k, "cannot convert endless range to a set"));
    }
    to_set(vm, s, a, b)
}
