//! Module and Class: naming, ancestry, method and constant reflection, attr_*, visibility,
//! include/extend, define_method, class_eval, and `Class#new`.

use super::object::symbol_arg;
use crate::object::class::Visibility;
use crate::object::heap::*;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::frame::{Block, VmResult};
use crate::vm::{MethodBody, Vm};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const MODULE: &[M] = &[
    ("const_source_location", m_const_source_location, 1, 2),
    ("name", m_name, 0, 0),
    ("to_s", m_to_s, 0, 0),
    ("inspect", m_to_s, 0, 0),
    ("===", m_case_eq, 1, 1),
    ("==", m_eq, 1, 1),
    ("<", m_lt, 1, 1),
    ("<=", m_le, 1, 1),
    (">", m_gt, 1, 1),
    (">=", m_ge, 1, 1),
    ("ancestors", m_ancestors, 0, 0),
    ("include?", m_include_p, 1, 1),
    ("included_modules", m_included_modules, 0, 0),
    ("instance_methods", m_instance_methods, 0, 1),
    ("public_instance_methods", m_public_instance_methods, 0, 1),
    ("private_instance_methods", m_private_instance_methods, 0, 1),
    ("method_defined?", m_method_defined, 1, 2),
    ("public_method_defined?", m_method_defined, 1, 2),
    ("private_method_defined?", m_private_method_defined, 1, 2),
    ("instance_method", m_instance_method, 1, 1),
    ("const_get", m_const_get, 1, 2),
    ("const_set", m_const_set, 2, 2),
    ("const_defined?", m_const_defined, 1, 2),
    ("constants", m_constants, 0, 1),
    ("class_variable_get", m_cvar_get, 1, 1),
    ("class_variable_set", m_cvar_set, 2, 2),
    ("class_variables", m_cvars, 0, 0),
    ("class_variable_defined?", m_cvar_defined, 1, 1),
    ("class_eval", m_class_eval, 0, -1),
    ("module_eval", m_class_eval, 0, -1),
    ("class_exec", m_class_exec, 0, -1),
    ("module_exec", m_class_exec, 0, -1),
    ("freeze", m_freeze, 0, 0),
    ("hash", m_hash, 0, 0),
    ("instance_variable_get", m_ivar_get, 1, 1),
    ("singleton_class?", m_singleton_class_p, 0, 0),
    ("<=>", m_cmp, 1, 1),
    (
        "protected_method_defined?",
        m_protected_method_defined,
        1,
        2,
    ),
    (
        "protected_instance_methods",
        m_protected_instance_methods,
        0,
        1,
    ),
    ("undef_method", m_undef_method, 0, -1),
    ("remove_method", m_remove_method, 0, -1),
    ("alias_method", m_alias_method, 2, 2),
    ("define_method", m_define_method, 1, 2),
    ("prepend", m_prepend, 1, -1),
    ("include", m_include, 1, -1),
    ("attr_writer", m_attr_writer, 0, -1),
    ("attr", m_attr_reader, 0, -1),
    ("attr_reader", m_attr_reader, 0, -1),
    ("attr_accessor", m_attr_accessor, 0, -1),
    ("private_class_method", m_private_class_method, 0, -1),
    ("public_class_method", m_public_class_method, 0, -1),
    ("private_constant", m_private_constant, 0, -1),
    ("public_constant", m_public_constant, 0, -1),
];

const MODULE_PRIVATE: &[M] = &[
    ("remove_const", m_remove_const, 1, 1),
    ("included", m_noop1, 1, 1),
    ("append_features", m_append_features, 1, 1),
    ("extend_object", m_extend_object, 1, 1),
    ("extended", m_noop1, 1, 1),
    ("prepended", m_noop1, 1, 1),
    ("method_added", m_noop1, 1, 1),
    ("const_added", m_noop1, 1, 1),
    ("method_removed", m_noop1, 1, 1),
    ("method_undefined", m_noop1, 1, 1),
    ("public", m_public, 0, -1),
    ("private", m_private, 0, -1),
    ("protected", m_protected, 0, -1),
    ("module_function", m_module_function, 0, -1),
];

const CLASS: &[M] = &[
    ("new", c_new, 0, -1),
    ("allocate", c_allocate, 0, 0),
    ("superclass", c_superclass, 0, 0),
    ("class", c_class, 0, 0),
    ("subclasses", c_subclasses, 0, 0),
];

pub fn init(vm: &mut Vm) {
    let (m, c) = (vm.c.module, vm.c.class);
    vm.define_natives(m, MODULE);
    vm.define_private_natives(m, MODULE_PRIVATE);
    vm.define_natives(c, CLASS);
    vm.define_private_natives(c, &[("inherited", m_noop1, 1, 1)]);
    vm.define_singleton_natives(
        c,
        &[("new", class_s_new, 0, 1), ("allocate", c_allocate, 0, 0)],
    );
    vm.define_singleton_natives(
        m,
        &[
            ("new", module_s_new, 0, 0),
            ("nesting", module_s_nesting, 0, 0),
        ],
    );
    // values of these classes are made by literals and arithmetic, never by `new`
    for k in [
        vm.c.integer,
        vm.c.float,
        vm.c.symbol,
        vm.c.nil,
        vm.c.true_,
        vm.c.false_,
    ] {
        let meta = vm.singleton_class(k);
        vm.add_method(
            meta,
            intern("new"),
            MethodBody::Undefined,
            Visibility::Public,
        );
        vm.class_data(k).instance_type = T_NONE;
    }
    // Module.allocate is undefined in CRuby (Class.allocate is its own method)
    let meta = vm.singleton_class(vm.c.module);
    vm.add_method(
        meta,
        intern("allocate"),
        MethodBody::Undefined,
        Visibility::Public,
    );
}

fn m_name(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    match vm.class_data(s).name.clone() {
        // US-ASCII when the name is ASCII, as CRuby's
        Some(n) => {
            let enc = super::string_encoding::name_encoding(&n);
            let r = vm.str_from(n);
            crate::object::string::set_encoding(r, enc);
            Ok(r)
        }
        None => Ok(Value::NIL),
    }
}
fn m_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = vm.class_name(s);
    // an anonymous module's "#<Class:0x...>" is CRuby's rb_sprintf text (BINARY); a name, and
    // a singleton's "#<Class:...>" (built on a US-ASCII head), are US-ASCII when ASCII
    let d = vm.class_data(s);
    let anonymous = d.name.is_none() && !d.is_singleton && vm.refinement_name(s).is_none();
    let enc = if anonymous && n.is_ascii() {
        crate::object::string::Encoding::Binary
    } else {
        super::string_encoding::name_encoding(&n)
    };
    let r = vm.str_from(n);
    crate::object::string::set_encoding(r, enc);
    Ok(r)
}
fn m_case_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.is_a(a[0], s)))
}
fn m_eq(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s == a[0]))
}
fn is_module(v: Value) -> bool {
    matches!(type_of(v), T_CLASS | T_MODULE)
}
fn cmp_modules(vm: &mut Vm, s: Value, o: Value) -> VmResult<Option<std::cmp::Ordering>> {
    if !is_module(o) {
        return Err(vm.type_error("compared with non class/module"));
    }
    if s == o {
        return Ok(Some(std::cmp::Ordering::Equal));
    }
    if vm.ancestors(s).contains(&o) {
        return Ok(Some(std::cmp::Ordering::Less));
    }
    if vm.ancestors(o).contains(&s) {
        return Ok(Some(std::cmp::Ordering::Greater));
    }
    Ok(None)
}
fn m_lt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(cmp_modules(vm, s, a[0])?
        .map(|o| Value::bool(o.is_lt()))
        .unwrap_or(Value::NIL))
}
fn m_le(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(cmp_modules(vm, s, a[0])?
        .map(|o| Value::bool(o.is_le()))
        .unwrap_or(Value::NIL))
}
fn m_gt(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(cmp_modules(vm, s, a[0])?
        .map(|o| Value::bool(o.is_gt()))
        .unwrap_or(Value::NIL))
}
fn m_ge(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(cmp_modules(vm, s, a[0])?
        .map(|o| Value::bool(o.is_ge()))
        .unwrap_or(Value::NIL))
}
fn m_ancestors(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let a = vm.ancestors(s);
    Ok(vm.ary_new(a))
}
fn m_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(
        s != a[0] && type_of(a[0]) == T_MODULE && vm.ancestors(s).contains(&a[0]),
    ))
}
fn m_included_modules(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let a: Vec<Value> = vm
        .ancestors(s)
        .into_iter()
        .filter(|&k| type_of(k) == T_MODULE)
        .collect();
    Ok(vm.ary_new(a))
}

fn method_names(
    vm: &mut Vm,
    s: Value,
    inherit: bool,
    want: impl Fn(Visibility) -> bool,
) -> Vec<Value> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    let chain = if inherit { vm.ancestors(s) } else { vec![s] };
    for k in chain {
        let entries = vm.methods_in_order(k);
        for (name, m) in entries {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let e = &vm.methods[m as usize];
            // the helpers compiled code calls (`__pm_*`, `__rubra_*`) are not for listing
            let n = sym_name(name);
            let internal = n.starts_with("__pm_") || n.starts_with("__rubra_");
            if !matches!(e.body, MethodBody::Undefined) && want(e.vis) && !internal {
                out.push(Value::symbol(name));
            }
        }
    }
    out
}
fn m_instance_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let inherit = a.first().is_none_or(|v| v.truthy());
    let names = method_names(vm, s, inherit, |v| v != Visibility::Private);
    Ok(vm.ary_new(names))
}
fn m_private_instance_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let inherit = a.first().is_none_or(|v| v.truthy());
    let names = method_names(vm, s, inherit, |v| v == Visibility::Private);
    Ok(vm.ary_new(names))
}
/// mod.protected_instance_methods(include_super = true) -> array
fn m_protected_instance_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let inherit = a.first().is_none_or(|v| v.truthy());
    let names = method_names(vm, s, inherit, |v| v == Visibility::Protected);
    Ok(vm.ary_new(names))
}
fn m_method_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    let m = if inherit {
        vm.find_method(s, id)
    } else {
        vm.class_data(s).methods.get(&id).copied()
    };
    Ok(Value::bool(m.is_some_and(|m| {
        let e = &vm.methods[m as usize];
        e.vis != Visibility::Private && !matches!(e.body, MethodBody::Undefined)
    })))
}
/// mod.public_instance_methods(include_super = true) -> array
fn m_public_instance_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let inherit = a.first().is_none_or(|v| v.truthy());
    let names = method_names(vm, s, inherit, |v| v == Visibility::Public);
    Ok(vm.ary_new(names))
}
fn m_private_method_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    Ok(Value::bool(vm.find_method(s, id).is_some_and(|m| {
        vm.methods[m as usize].vis == Visibility::Private
    })))
}
fn m_instance_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    match vm.find_method_for_caller(s, id) {
        Some(m) => Ok(crate::core::method::method_object(vm, Value::UNDEF, m, id)),
        None => {
            let msg = format!(
                "undefined method '{}' for class '{}'",
                sym_name(id),
                vm.class_name(s)
            );
            Err(vm.name_error(&msg, s, id))
        }
    }
}
fn m_const_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = if a[0].is_symbol() {
        sym_name(a[0].as_symbol_id()).to_string()
    } else {
        String::from_utf8_lossy(&super::string::str_arg_vec(vm, a[0])?).into_owned()
    };
    let mut cur = s;
    for part in name.split("::").filter(|p| !p.is_empty()) {
        let id = intern(part);
        let mut found = None;
        for k in vm.ancestors(cur) {
            if let Some(v) = vm.const_own(k, id)? {
                found = Some(v);
                break;
            }
        }
        if found.is_none() {
            let object = vm.c.object;
            found = vm.const_own(object, id)?;
        }
        match found {
            Some(v) => cur = v,
            None => {
                let full = if cur == vm.c.object {
                    part.to_string()
                } else {
                    format!("{}::{part}", vm.class_name(cur))
                };
                return Err(vm.name_error(&format!("uninitialized constant {full}"), cur, id));
            }
        }
    }
    Ok(cur)
}
fn m_const_set(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let name = sym_name(id);
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Err(vm.name_error(&format!("wrong constant name {name}"), s, id));
    }
    vm.const_set(s, id, a[1]);
    vm.notify_added(s, "const_added", id)?;
    Ok(a[1])
}
/// mod.const_defined?(name, inherit = true) -> true or false (inherit false: only mod's own)
fn m_const_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let lazy = crate::core::set::is_lazy_unloaded(vm, id);
    if a.get(1).is_some_and(|v| !v.truthy()) {
        let own = vm.class_data(s).const_get(id).is_some()
            || crate::core::load::is_autoload(vm, s, id)
            || (lazy && s == vm.c.object);
        return Ok(Value::bool(own));
    }
    let found = vm.ancestors(s).iter().any(|&k| {
        vm.class_data(k).const_get(id).is_some() || crate::core::load::is_autoload(vm, k, id)
    }) || vm.class_data(vm.c.object).const_get(id).is_some()
        || lazy;
    Ok(Value::bool(found))
}
/// mod.remove_const(name) -> the constant's value (private)
fn m_remove_const(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let name = sym_name(id);
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        let msg = format!("'{name}' is not allowed as a constant variable name");
        return Err(vm.name_error(&msg, s, id));
    }
    if vm.autoloads.shift_remove(&(s.bits(), id)).is_some()
        && vm.class_data(s).const_get(id).is_none()
    {
        return Ok(Value::NIL);
    }
    match vm.class_data(s).const_remove(id) {
        Some(v) => {
            vm.const_locations.remove(&(s.bits(), id));
            Ok(v)
        }
        None => {
            let msg = format!("constant {}::{name} not defined", vm.class_name(s));
            Err(vm.name_error(&msg, s, id))
        }
    }
}
/// mod.const_source_location(name, inherit = true) -> [file, line], [] for a built-in
/// constant, nil when undefined
fn m_const_source_location(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let path = if a[0].is_symbol() {
        sym_name(a[0].as_symbol_id()).to_string()
    } else {
        String::from_utf8_lossy(&super::string::str_arg_vec(vm, a[0])?).into_owned()
    };
    let inherit = a.get(1).is_none_or(|v| v.truthy());
    let mut scope = s;
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    for (i, part) in parts.iter().enumerate() {
        let id = intern(part);
        let mut owners = if inherit {
            vm.ancestors(scope)
        } else {
            vec![scope]
        };
        if inherit && !owners.contains(&vm.c.object) {
            owners.push(vm.c.object);
        }
        let Some(owner) = owners
            .into_iter()
            .find(|&k| vm.class_data(k).const_get(id).is_some())
        else {
            return Ok(Value::NIL);
        };
        if i + 1 < parts.len() {
            scope = vm.class_data(owner).const_get(id).expect("constant");
            if !matches!(type_of(scope), T_CLASS | T_MODULE) {
                return Ok(Value::NIL);
            }
            continue;
        }
        return Ok(match vm.const_locations.get(&(owner.bits(), id)).cloned() {
            Some((file, line)) => {
                let f = vm.str_from(&*file);
                vm.ary_from_slice(&[f, Value::fixnum(line as i64)])
            }
            None => vm.ary_new_capa(0),
        });
    }
    Ok(Value::NIL)
}
fn m_constants(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let d = vm.class_data(s);
    let mut names: Vec<Value> = d
        .consts
        .iter()
        .filter(|c| !d.private_consts.contains(&c.0))
        .map(|c| Value::symbol(c.0))
        .collect();
    names.extend(crate::core::load::autoload_names(vm, s).map(Value::symbol));
    if s == vm.c.object {
        for (name, ..) in crate::core::set::LAZY {
            let id = intern(name);
            if crate::core::set::is_lazy_unloaded(vm, id) {
                names.push(Value::symbol(id));
            }
        }
    }
    Ok(vm.ary_new(names))
}
/// mod.private_constant(*names) -> nil: `Mod::NAME` from outside raises NameError
/// mod.private_constant(*names) -> mod
fn m_private_constant(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_constant_visibility(vm, s, a, true)
}
/// mod.public_constant(*names) -> mod
fn m_public_constant(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_constant_visibility(vm, s, a, false)
}
/// Makes each named constant of `s` private (or public again); NameError for one it lacks.
fn set_constant_visibility(vm: &mut Vm, s: Value, a: &[Value], private: bool) -> VmResult {
    for &n in a {
        let id = symbol_arg(vm, n)?;
        if vm.class_data(s).const_get(id).is_none() {
            let msg = format!(
                "constant {}::{} not defined",
                vm.class_name(s),
                sym_name(id)
            );
            return Err(vm.name_error(&msg, s, id));
        }
        let list = &mut vm.class_data(s).private_consts;
        let at = list.iter().position(|&c| c == id);
        match (private, at) {
            (true, None) => list.push(id),
            (false, Some(i)) => {
                list.remove(i);
            }
            _ => {}
        }
        // `Scope::NAME` sites cached the constant while it was public
        crate::object::class::bump_const_serial();
    }
    Ok(s)
}
fn cvar_name(vm: &mut Vm, v: Value) -> VmResult<u32> {
    let id = symbol_arg(vm, v)?;
    if !sym_name(id).starts_with("@@") {
        let msg = format!("'{}' is not allowed as a class variable name", sym_name(id));
        return Err(vm.name_error(&msg, v, id));
    }
    Ok(id)
}
fn m_cvar_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = cvar_name(vm, a[0])?;
    for k in vm.ancestors(s) {
        if let Some(&v) = vm.class_data(k).cvars.get(&id) {
            return Ok(v);
        }
    }
    let msg = format!(
        "uninitialized class variable {} in {}",
        sym_name(id),
        vm.class_name(s)
    );
    Err(vm.name_error(&msg, s, id))
}
fn m_cvar_set(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = cvar_name(vm, a[0])?;
    vm.class_data(s).cvars.insert(id, a[1]);
    Ok(a[1])
}
fn m_cvars(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let names: Vec<Value> = vm
        .class_data(s)
        .cvars
        .keys()
        .map(|&k| Value::symbol(k))
        .collect();
    Ok(vm.ary_new(names))
}
fn m_cvar_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = cvar_name(vm, a[0])?;
    Ok(Value::bool(
        vm.ancestors(s)
            .iter()
            .any(|&k| vm.class_data(k).cvars.contains_key(&id)),
    ))
}
/// mod.class_eval(string [, filename [, lineno]]) -> obj, or mod.class_eval { |mod| } -> obj
fn m_class_eval(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    match b {
        Some(b) if a.is_empty() => vm.module_exec(s, b, &[s]),
        Some(_) => {
            let msg = format!("wrong number of arguments (given {}, expected 0)", a.len());
            Err(vm.arg_error(&msg))
        }
        None => super::eval::class_eval_string(vm, s, a),
    }
}
/// mod.class_exec(arg...) { |var...| } -> obj
fn m_class_exec(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("no block given"));
    };
    // unlike class_eval, the block gets only the arguments given (no self)
    vm.module_exec(s, b, a)
}
/// mod.singleton_class? -> true or false
fn m_singleton_class_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.class_data(s).is_singleton))
}
/// mod <=> other -> -1, 0, +1 or nil (by ancestry)
fn m_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if !is_module(a[0]) {
        return Ok(Value::NIL);
    }
    Ok(match cmp_modules(vm, s, a[0])? {
        Some(o) => Value::fixnum(o as i64),
        None => Value::NIL,
    })
}
/// mod.protected_method_defined?(name) -> true or false
fn m_protected_method_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    Ok(Value::bool(vm.find_method(s, id).is_some_and(|m| {
        vm.methods[m as usize].vis == Visibility::Protected
    })))
}
fn m_freeze(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.freeze(s);
    Ok(s)
}
fn m_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.int((s.bits() >> 3) as i64))
}
fn m_ivar_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let v = vm.ivar_get(s, id);
    Ok(if v.is_undef() { Value::NIL } else { v })
}

fn attr_names(vm: &mut Vm, a: &[Value]) -> VmResult<Vec<u32>> {
    let mut out = Vec::new();
    for &v in a {
        let id = symbol_arg(vm, v)?;
        let name = sym_name(id);
        let ident = name
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_alphanumeric() || c == '_');
        if !ident {
            return Err(vm.name_error(&format!("invalid attribute name '{name}'"), v, id));
        }
        out.push(id);
    }
    Ok(out)
}
fn define_attrs(vm: &mut Vm, s: Value, a: &[Value], reader: bool, writer: bool) -> VmResult {
    let vis = vm.class_data(s).default_vis;
    let mut defined = Vec::new();
    for id in attr_names(vm, a)? {
        let ivar = intern(&format!("@{}", sym_name(id)));
        if reader {
            vm.add_method(s, id, MethodBody::AttrReader(ivar), vis);
            defined.push(Value::symbol(id));
        }
        if writer {
            let setter = intern(&format!("{}=", sym_name(id)));
            vm.add_method(s, setter, MethodBody::AttrWriter(ivar), vis);
            defined.push(Value::symbol(setter));
        }
    }
    Ok(vm.ary_new(defined))
}
fn m_attr_accessor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    define_attrs(vm, s, a, true, true)
}
fn m_attr_reader(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    define_attrs(vm, s, a, true, false)
}
fn m_attr_writer(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    define_attrs(vm, s, a, false, true)
}
/// TypeError "wrong argument type X (expected Module)" unless `m` is a module (not a class).
pub(crate) fn check_module(vm: &mut Vm, m: Value) -> VmResult<()> {
    if type_of(m) != T_MODULE {
        let k = vm.real_class(m);
        let msg = format!("wrong argument type {} (expected Module)", vm.class_name(k));
        return Err(vm.type_error(&msg));
    }
    Ok(())
}

/// TypeError unless every argument is a module, and not a refinement (`refusal` names the act:
/// "Cannot include refinement").
pub(crate) fn check_modules(vm: &mut Vm, a: &[Value], refusal: &str) -> VmResult<()> {
    for &m in a {
        check_module(vm, m)?;
        if vm.refinement_target(m).is_some() {
            return Err(vm.type_error(refusal));
        }
    }
    Ok(())
}
/// include(module, ...) -> self: each module's `append_features(self)` (which a module may
/// override, as Singleton does to refuse modules), then its `included(self)` hook
fn m_include(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_modules(vm, a, "Cannot include refinement")?;
    for &m in a.iter().rev() {
        vm.funcall(m, intern("append_features"), &[s], None)?;
        vm.funcall(m, intern("included"), &[s], None)?;
    }
    Ok(s)
}
/// append_features(base) -> self: adds self to base's ancestors unless it is there already
fn m_append_features(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let base = a[0];
    if !matches!(type_of(base), T_CLASS | T_MODULE) {
        let k = vm.real_class(base);
        let msg = format!("wrong argument type {} (expected Class)", vm.class_name(k));
        return Err(vm.type_error(&msg));
    }
    if !vm.ancestors(base).contains(&s) {
        vm.class_data(base).includes.push(s);
        vm.invalidate();
    }
    Ok(s)
}
/// mod.extend_object(obj) -> obj: adds the module to obj's singleton class (what `extend`
/// calls, before `extended`)
fn m_extend_object(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let sc = vm.singleton_class(a[0]);
    if !vm.class_data(sc).includes.contains(&s) {
        vm.class_data(sc).includes.push(s);
    }
    vm.invalidate();
    Ok(a[0])
}
fn m_prepend(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_modules(vm, a, "Cannot prepend refinement")?;
    for &m in a.iter().rev() {
        if !vm.class_data(s).prepends.contains(&m) {
            vm.class_data(s).prepends.push(m);
            vm.invalidate();
            if vm.has_fast_ops(s) {
                vm.ops_redefined = true;
            }
            vm.funcall(m, intern("prepended"), &[s], None)?;
        }
    }
    Ok(s)
}
fn m_noop1(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}

/// `private`/`public`/`protected`: with names, sets their visibility; without, the default for
/// methods defined next in the class body.
fn set_visibility(vm: &mut Vm, s: Value, a: &[Value], vis: Visibility) -> VmResult {
    if a.is_empty() {
        vm.class_data(s).default_vis = vis;
        vm.class_data(s).module_function = false;
        return Ok(Value::NIL);
    }
    let names: Vec<Value> = if a.len() == 1 && type_of(a[0]) == T_ARRAY {
        rarray(a[0]).vec.to_vec()
    } else {
        a.to_vec()
    };
    for &n in &names {
        let id = symbol_arg(vm, n)?;
        let Some(m) = vm.find_method(s, id) else {
            let kind = if type_of(s) == T_MODULE {
                "module"
            } else {
                "class"
            };
            let msg = format!(
                "undefined method '{}' for {kind} '{}'",
                sym_name(id),
                vm.class_name(s)
            );
            return Err(vm.name_error(&msg, s, id));
        };
        if vm.methods[m as usize].owner == s {
            vm.methods[m as usize].vis = vis;
            vm.invalidate();
        } else {
            let body = clone_body(&vm.methods[m as usize].body);
            let orig = vm.methods[m as usize].original;
            let idx = vm.add_method(s, id, body, vis);
            vm.methods[idx as usize].original = orig;
        }
    }
    Ok(if a.len() == 1 {
        a[0]
    } else {
        vm.ary_from_slice(a)
    })
}

pub fn clone_body(b: &MethodBody) -> MethodBody {
    match b {
        MethodBody::Code(c, r) => MethodBody::Code(c.clone(), r.clone()),
        MethodBody::Native(f, x, y) => MethodBody::Native(*f, *x, *y),
        MethodBody::AttrReader(i) => MethodBody::AttrReader(*i),
        MethodBody::AttrWriter(i) => MethodBody::AttrWriter(*i),
        MethodBody::Proc(p) => MethodBody::Proc(*p),
        MethodBody::Undefined => MethodBody::Undefined,
    }
}

fn m_public(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_visibility(vm, s, a, Visibility::Public)
}
fn m_private(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_visibility(vm, s, a, Visibility::Private)
}
fn m_protected(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    set_visibility(vm, s, a, Visibility::Protected)
}
fn m_module_function(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if a.is_empty() {
        vm.class_data(s).module_function = true;
        vm.class_data(s).default_vis = Visibility::Private;
        return Ok(Value::NIL);
    }
    let meta = vm.singleton_class(s);
    for &n in a {
        let id = symbol_arg(vm, n)?;
        if let Some(m) = vm.find_method(s, id) {
            let body = clone_body(&vm.methods[m as usize].body);
            vm.add_method(meta, id, body, Visibility::Public);
            vm.methods[m as usize].vis = Visibility::Private;
            vm.invalidate();
        }
    }
    Ok(Value::NIL)
}
fn m_private_class_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let meta = vm.singleton_class(s);
    set_visibility(vm, meta, a, Visibility::Private)?;
    Ok(s)
}
fn m_public_class_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let meta = vm.singleton_class(s);
    set_visibility(vm, meta, a, Visibility::Public)?;
    Ok(s)
}

/// `define_method(name) { }` / `define_method(name, proc_or_method)` on `klass`.
pub fn define_method_on(vm: &mut Vm, klass: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let id = symbol_arg(vm, a[0])?;
    let body = match (a.get(1), b) {
        (Some(&p), _) if type_of(p) == T_PROC => MethodBody::Proc(p),
        (Some(&m), _)
            if crate::object::heap::payload::<crate::core::method::MethodObj>(m).is_some() =>
        {
            let mi = crate::core::method::method_entry_of(m);
            // a class's method runs only on its instances: the natives trust their receiver
            let owner = vm.methods[mi as usize].owner;
            if type_of(owner) == T_CLASS && !vm.ancestors(klass).contains(&owner) {
                let msg = if vm.class_data(owner).is_singleton {
                    "can't bind singleton method to a different class".to_string()
                } else {
                    format!(
                        "bind argument must be a subclass of {}",
                        vm.class_name(owner)
                    )
                };
                return Err(vm.type_error(&msg));
            }
            clone_body(&vm.methods[mi as usize].body)
        }
        (Some(_), _) => {
            return Err(vm.type_error("wrong argument type (expected Proc/Method/UnboundMethod)"));
        }
        (None, Some(b)) => {
            let p = vm.proc_new(b.clone(), true);
            MethodBody::Proc(p)
        }
        (None, None) => return Err(vm.arg_error("tried to create Proc object without a block")),
    };
    let vis = if vm.class_eval_target.is_some() {
        Visibility::Public
    } else {
        vm.class_data(klass).default_vis
    };
    vm.add_method(klass, id, body, vis);
    vm.notify_added(klass, "method_added", id)?;
    Ok(Value::symbol(id))
}
fn m_define_method(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    define_method_on(vm, s, a, b)
}
fn m_alias_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let new = symbol_arg(vm, a[0])?;
    let old = symbol_arg(vm, a[1])?;
    vm.alias_method(s, new, old)?;
    Ok(Value::symbol(new))
}
fn m_remove_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for &n in a {
        let id = symbol_arg(vm, n)?;
        if vm.class_data(s).methods.remove(&id).is_none() {
            let msg = format!(
                "method '{}' not defined in {}",
                sym_name(id),
                vm.class_name(s)
            );
            return Err(vm.name_error(&msg, s, id));
        }
        vm.invalidate();
        vm.note_method_change(s, id);
        vm.notify_changed(s, "removed", id)?;
    }
    Ok(s)
}
fn m_undef_method(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for &n in a {
        let id = symbol_arg(vm, n)?;
        vm.undef_method(s, id)?;
    }
    Ok(s)
}

/// `Class#new`: allocate, then `initialize` with the arguments and block.
fn c_new(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let init = crate::sym!("initialize");
    let obj = allocate(vm, s)?;
    vm.stack.push(obj);
    let n = vm.frames.len();
    let kw = n >= 1 && vm.pending_kw;
    let r = if kw {
        vm.funcall_kw(obj, init, a, b.cloned())
    } else {
        vm.funcall(obj, init, a, b.cloned())
    };
    vm.stack.pop();
    r?;
    Ok(obj)
}

/// Whether class `s` (with class data `d`) allocates plain Objects (`allocate`'s common case): not a singleton class,
/// initialized, and neither Class nor Struct, whose instances are made otherwise.
#[inline]
pub(crate) fn plain_instances(vm: &Vm, s: Value, d: &crate::object::class::ClassData) -> bool {
    d.instance_type == T_OBJECT
        && !d.is_singleton
        && !d.uninit
        && s != vm.c.class
        && s != vm.c.struct_
}

pub fn allocate(vm: &mut Vm, s: Value) -> VmResult {
    let d = vm.class_data(s);
    if plain_instances(vm, s, d) {
        return Ok(vm.object_new(s));
    }
    let (singleton, uninit, ty) = (d.is_singleton, d.uninit, d.instance_type);
    if singleton {
        return Err(vm.type_error("can't create instance of singleton class"));
    }
    if uninit {
        return Err(vm.type_error("can't instantiate uninitialized class"));
    }
    if s == vm.c.class {
        // an uninitialized class: a blank class until `initialize_copy`/`new` gives it a body
        let k = vm.new_class(vm.c.object);
        vm.class_data(k).uninit = true;
        return Ok(k);
    }
    if s == vm.c.struct_ {
        return Err(vm.type_error("allocator undefined for Struct"));
    }
    Ok(match ty {
        // only Random (and its subclasses) allocate a boxed payload
        T_DATA => return super::random::allocate(vm, s),
        T_RANGE => {
            let v = vm.range_new(Value::NIL, Value::NIL, false);
            crate::object::heap::set_klass(v, s);
            v
        }
        T_STRING => {
            let v = vm.str_new(b"");
            crate::object::heap::set_klass(v, s);
            v
        }
        T_ARRAY => {
            let v = vm.ary_new_capa(0);
            crate::object::heap::set_klass(v, s);
            v
        }
        T_HASH => {
            let v = vm.hash_new();
            crate::object::heap::set_klass(v, s);
            v
        }
        T_OBJECT => vm.object_new(s),
        _ => {
            let msg = format!("allocator undefined for {}", vm.class_name(s));
            return Err(vm.type_error(&msg));
        }
    })
}
fn c_allocate(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    allocate(vm, s)
}
fn c_superclass(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.class_data(s).uninit {
        return Err(vm.type_error("uninitialized class"));
    }
    let mut k = vm.class_data(s).superclass;
    while k.is_heap() && vm.class_data(k).is_singleton && !vm.class_data(s).is_singleton {
        k = vm.class_data(k).superclass;
    }
    Ok(k)
}
/// klass.subclasses -> array (direct subclasses, most recently defined first)
fn c_subclasses(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut found = Vec::new();
    vm.heap.each_object(|v| {
        if type_of(v) == T_CLASS {
            found.push(v);
        }
    });
    let mut subs: Vec<Value> = found
        .into_iter()
        .filter(|&k| !vm.class_data(k).is_singleton && vm.class_data(k).superclass == s)
        .collect();
    subs.sort_by_key(|&k| std::cmp::Reverse(vm.class_data(k).serial));
    Ok(vm.ary_new(subs))
}
fn c_class(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(if type_of(s) == T_MODULE {
        vm.c.module
    } else {
        vm.c.class
    })
}
fn class_s_new(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let sup = a.first().copied().unwrap_or(vm.c.object);
    if type_of(sup) != T_CLASS {
        let k = vm.real_class(sup);
        let msg = format!(
            "superclass must be an instance of Class (given an instance of {})",
            vm.class_name(k)
        );
        return Err(vm.type_error(&msg));
    }
    if sup == vm.c.class {
        return Err(vm.type_error("can't make subclass of Class"));
    }
    if vm.class_data(sup).is_singleton {
        return Err(vm.type_error("can't make subclass of singleton class"));
    }
    let k = vm.new_class(sup);
    vm.funcall(sup, intern("inherited"), &[k], None)?;
    if let Some(b) = b {
        vm.stack.push(k);
        let r = vm.module_exec(k, b, &[k]);
        vm.stack.pop();
        r?;
    }
    Ok(k)
}
/// Module.nesting -> array (the lexical class nesting at the caller, innermost first)
fn module_s_nesting(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let n = vm.frames.len();
    let mut out = Vec::new();
    if n >= 2 {
        let mut c = Some(vm.frames[n - 2].cref.clone());
        while let Some(cr) = c {
            if cr.parent.is_none() {
                break;
            }
            out.push(cr.klass);
            c = cr.parent.clone();
        }
    }
    Ok(vm.ary_new(out))
}
fn module_s_new(vm: &mut Vm, _: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let k = vm.new_class_raw(Value::NIL, true);
    if let Some(b) = b {
        vm.stack.push(k);
        let r = vm.module_exec(k, b, &[k]);
        vm.stack.pop();
        r?;
    }
    Ok(k)
}
