//! The special global variables: the aliases CRuby defines (`$:` for `$LOAD_PATH`,
//! `$PROGRAM_NAME` for `$0`, ...), the read-only ones, and the checks an assignment to the
//! others makes (`$/` must be a String, `$VERBOSE` is true, false or nil, ...). The dispatch
//! loop's global assignment calls `check_assign`, and `run_traces` after it (`trace_var`).

use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::VmResult;

/// (alias, the variable it stands for).
pub const ALIASES: &[(&str, &str)] = &[
    ("$:", "$LOAD_PATH"),
    ("$-I", "$LOAD_PATH"),
    ("$\"", "$LOADED_FEATURES"),
    ("$PROGRAM_NAME", "$0"),
    ("$-0", "$/"),
    ("$-F", "$;"),
    ("$-v", "$VERBOSE"),
    ("$-w", "$VERBOSE"),
    ("$-d", "$DEBUG"),
    ("$>", "$stdout"),
];

/// Variables a program cannot assign (NameError "$x is a read-only variable").
pub const READ_ONLY: &[&str] = &[
    "$LOAD_PATH",
    "$:",
    "$-I",
    "$LOADED_FEATURES",
    "$\"",
    "$*",
    "$<",
    "$FILENAME",
    "$-p",
    "$-l",
    "$-a",
    "$$",
    "$?",
];

pub fn init(vm: &mut Vm) {
    for (alias, target) in ALIASES {
        vm.global_aliases.insert(intern(alias), intern(target));
    }
    for (name, v) in [
        ("$VERBOSE", Value::FALSE),
        ("$DEBUG", Value::FALSE),
        ("$-p", Value::FALSE),
        ("$-l", Value::FALSE),
        ("$-a", Value::FALSE),
        ("$$", Value::fixnum(std::process::id() as i64)),
        ("$.", Value::fixnum(0)),
    ] {
        vm.gvar_set(name, v);
    }
}

/// `$@`: the backtrace of `$!` (nil when no exception is being handled).
pub fn error_position(vm: &mut Vm) -> VmResult {
    let e = vm.gvar_id_get(crate::sym!("$!"));
    if e.is_nil() {
        return Ok(Value::NIL);
    }
    vm.funcall(e, intern("backtrace"), &[], None)
}

/// The variables whose assignment is checked (the read-only ones and those with a type), as
/// symbol ids, so that assigning any other global costs a few integer comparisons.
fn checked_ids() -> &'static [u32] {
    static IDS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| {
        READ_ONLY
            .iter()
            .chain(["$/", "$,", "$\\", "$;", "$VERBOSE", "$0"].iter())
            .map(|n| intern(n))
            .collect()
    })
}

/// Checks an assignment of `v` to the global written as `written` (which stands for
/// `target` after aliases); answers the value to store.
pub fn check_assign(vm: &mut Vm, written: u32, target: u32, v: Value) -> VmResult<Value> {
    let ids = checked_ids();
    if !ids.contains(&target) && !ids.contains(&written) {
        return Ok(v);
    }
    let name = sym_name(target);
    if READ_ONLY.contains(&name) || READ_ONLY.contains(&sym_name(written)) {
        let msg = format!("{} is a read-only variable", sym_name(written));
        return Err(vm.name_error(&msg, Value::NIL, written));
    }
    let is_str = super::object::is_string(v);
    let must = match name {
        "$/" | "$," | "$\\" if !v.is_nil() && !is_str => "String",
        "$;" if !v.is_nil() && !is_str && !is_regexp(vm, v) => "String or Regexp",
        "$VERBOSE" => {
            return Ok(if v.is_nil() {
                v
            } else {
                Value::bool(v.truthy())
            });
        }
        "$0" => {
            let s = super::string::str_arg_vec(vm, v)?;
            let s = vm.str_new(&s);
            vm.freeze(s);
            return Ok(s);
        }
        _ => return Ok(v),
    };
    let msg = format!("value of {} must be {must}", sym_name(written));
    Err(vm.type_error(&msg))
}

/// The value of `$;` for `rubra -Fpattern`: a Regexp of the pattern, as CRuby makes, when
/// Regexp is defined; else the pattern as a String (which splits alike for plain text).
pub fn field_separator(vm: &mut Vm, pattern: &str) -> Value {
    let s = vm.str_from(pattern);
    let object = vm.c.object;
    if let Some(re) = vm.class_data(object).const_get(intern("Regexp"))
        && let Ok(r) = vm.funcall(re, intern("new"), &[s], None)
    {
        return r;
    }
    s
}

fn is_regexp(vm: &mut Vm, v: Value) -> bool {
    let object = vm.c.object;
    match vm.class_data(object).const_get(intern("Regexp")) {
        Some(re) => vm.is_a(v, re),
        None => false,
    }
}

/// The variables only the VM knows (they live outside `Vm::globals`), listed by
/// `global_variables` with the ones a program or the VM has set.
const VIRTUAL: &[&str] = &[
    "$~", "$&", "$`", "$'", "$+", "$!", "$@", "$_", "$;", "$,", "$/", "$\\",
];

/// global_variables -> the names of the global variables, as Symbols
pub fn k_global_variables(
    vm: &mut Vm,
    _: Value,
    _: &[Value],
    _: Option<&crate::vm::frame::Block>,
) -> VmResult {
    let mut names: Vec<u32> = vm.globals.keys().copied().collect();
    names.extend(vm.global_aliases.keys().copied());
    names.extend(VIRTUAL.iter().map(|n| intern(n)));
    names.sort_unstable_by(|a, b| sym_name(*a).cmp(sym_name(*b)));
    names.dedup();
    let syms = names
        .into_iter()
        .filter(|&n| sym_name(n).starts_with('$'))
        .map(Value::symbol)
        .collect();
    Ok(vm.ary_new(syms))
}

/// The variable a `trace_var`/`untrace_var` name (a Symbol or String) stands for.
fn traced_id(vm: &mut Vm, name: Value) -> VmResult<u32> {
    let id = if name.is_symbol() {
        name.as_symbol_id()
    } else {
        let s = crate::core::string::str_arg_vec(vm, name)?;
        intern(&String::from_utf8_lossy(&s))
    };
    Ok(vm.global_aliases.get(&id).copied().unwrap_or(id))
}

/// trace_var(symbol, cmd) -> nil; trace_var(symbol) { |val| ... } -> nil
pub fn k_trace_var(
    vm: &mut Vm,
    _: Value,
    a: &[Value],
    b: Option<&crate::vm::frame::Block>,
) -> VmResult {
    let cmd = match (a.get(1), b) {
        (Some(&c), _) => c,
        (None, Some(b)) => vm.proc_new(b.clone(), false),
        (None, None) => return Err(vm.arg_error("tried to create Proc object without a block")),
    };
    let id = traced_id(vm, a[0])?;
    vm.global_traces.entry(id).or_default().push(cmd);
    Ok(Value::NIL)
}

/// untrace_var(symbol [, cmd]) -> array or nil: removes the variable's traces (all of them,
/// newest first, or only `cmd`, answered as a one-element Array, nil when it was not there)
pub fn k_untrace_var(
    vm: &mut Vm,
    _: Value,
    a: &[Value],
    _: Option<&crate::vm::frame::Block>,
) -> VmResult {
    let id = traced_id(vm, a[0])?;
    if !vm.globals.contains_key(&id) && !vm.global_traces.contains_key(&id) {
        let msg = format!("undefined global variable {}", sym_name(id));
        return Err(vm.name_error(&msg, Value::NIL, id));
    }
    match a.get(1) {
        Some(&cmd) => {
            let list = vm.global_traces.entry(id).or_default();
            let found = list.iter().position(|&c| c == cmd).map(|i| list.remove(i));
            Ok(match found {
                Some(c) => vm.ary_new(vec![c]),
                None => Value::NIL,
            })
        }
        None => {
            let mut list = vm.global_traces.remove(&id).unwrap_or_default();
            list.reverse();
            Ok(vm.ary_new(list))
        }
    }
}

/// Runs the `trace_var` commands of global `id`, newest first, after `v` was assigned to it:
/// a Proc is called with `v`, a String evaluated at the top level.
pub fn run_traces(vm: &mut Vm, id: u32, v: Value) -> VmResult<()> {
    let Some(cmds) = vm.global_traces.get(&id).cloned() else {
        return Ok(());
    };
    // rooted on the stack while they run (a command may untrace the others)
    let at = vm.stack.len();
    vm.stack.extend_from_slice(&cmds);
    let r = (|| {
        for &cmd in cmds.iter().rev() {
            if crate::object::heap::type_of(cmd) == crate::object::heap::T_STRING {
                let object = vm.c.object;
                let top = vm.class_data(object).const_get(intern("TOPLEVEL_BINDING"));
                // evaluated as if written where the assignment is (CRuby's backtraces)
                let fi = (0..vm.frames.len())
                    .rev()
                    .find(|&i| vm.frames[i].code.is_some());
                let (file, line) = match fi {
                    Some(fi) => vm.frame_position(fi),
                    None => ("(eval)".into(), 1),
                };
                let file = vm.str_new(file.as_bytes());
                let args = [
                    cmd,
                    top.unwrap_or(Value::NIL),
                    file,
                    Value::fixnum(line as i64),
                ];
                crate::core::eval::eval_with(vm, &args)?;
            } else {
                vm.funcall(cmd, crate::sym!("call"), &[v], None)?;
            }
        }
        Ok(())
    })();
    vm.stack.truncate(at);
    r
}
