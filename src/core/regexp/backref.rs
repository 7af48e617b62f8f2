//! `$~` and the variables derived from it (`$1`.., `$&`, `` $` ``, `$'`, `$+`), frame-local as
//! in CRuby: each method (and the program, and each class body) has its own `$~`; a block
//! (and code run by `eval`) reads and sets the one of the method it was written in (or
//! evaluated for); a native method (`String#=~`)
//! sets its Ruby caller's. A method call therefore never changes its caller's `$~`.

use super::matchdata::{self, md};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{FrameKind, VmResult};

/// The index of the frame whose `$~` the running code uses: the innermost Ruby frame (natives
/// skipped), or, for a block, the frame of the method it belongs to while that is running.
fn svar_frame(vm: &Vm) -> Option<usize> {
    let mut i = vm.frames.len().checked_sub(1)?;
    while vm.frames[i].kind == FrameKind::Native {
        i = i.checked_sub(1)?;
    }
    if matches!(
        vm.frames[i].kind,
        FrameKind::Block | FrameKind::Lambda | FrameKind::Eval
    ) {
        let home = vm.frames[i].home;
        if let Some(j) = (0..i).rev().find(|&j| vm.frames[j].id == home) {
            return Some(j);
        }
    }
    Some(i)
}

/// `$~` of the running code.
pub fn get(vm: &Vm) -> Value {
    svar_frame(vm).map_or(Value::NIL, |i| vm.frames[i].svar)
}

/// Sets `$~` of the running code (a MatchData or nil).
pub fn set(vm: &mut Vm, m: Value) {
    if let Some(i) = svar_frame(vm) {
        vm.frames[i].svar = m;
    }
}

/// `$~ = v`: a MatchData or nil, else TypeError.
pub fn assign(vm: &mut Vm, v: Value) -> VmResult<()> {
    if !v.is_nil() && md(v).is_none() {
        let k = vm.real_class(v);
        let n = vm.class_name(k);
        return Err(vm.type_error(&format!("wrong argument type {n} (expected MatchData)")));
    }
    set(vm, v);
    Ok(())
}

/// The value of a special variable derived from `$~` (`$~`, `$&`, `` $` ``, `$'`, `$+`,
/// `$1`...), or None when `name` is not one.
pub fn special_global(vm: &mut Vm, name: &str) -> Option<Value> {
    let b = name.as_bytes();
    if b.len() < 2 || b[0] != b'$' {
        return None;
    }
    let m = match &b[1..] {
        b"~" => return Some(get(vm)),
        b"&" | b"`" | b"'" | b"+" => get(vm),
        [d, ..] if d.is_ascii_digit() && *d != b'0' => get(vm),
        _ => return None,
    };
    if m.is_nil() {
        return Some(Value::NIL);
    }
    Some(match &b[1..] {
        b"&" => matchdata::group(vm, m, 0),
        b"`" => matchdata::pre_match(vm, m),
        b"'" => matchdata::post_match(vm, m),
        b"+" => matchdata::last_group(vm, m),
        digits => {
            let n = std::str::from_utf8(digits)
                .ok()
                .and_then(|d| d.parse::<usize>().ok());
            n.map_or(Value::NIL, |n| matchdata::group(vm, m, n))
        }
    })
}

/// `$1`... for the `NthRef` instruction.
pub fn nth(vm: &mut Vm, n: usize) -> Value {
    let m = get(vm);
    if m.is_nil() {
        return Value::NIL;
    }
    matchdata::group(vm, m, n)
}

/// The named group `name` (a symbol id) of `$~`, nil when `$~` is nil (named-capture
/// assignment after `/(?<name>..)/ =~ s`).
pub fn named(vm: &mut Vm, name: u32) -> Value {
    let m = get(vm);
    if m.is_nil() {
        return Value::NIL;
    }
    let sym = Value::symbol(name);
    matchdata::group_by_name(vm, m, sym)
}
