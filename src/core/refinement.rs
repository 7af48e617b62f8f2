//! Refinements: `Module#refine` makes a refinement (a module of class Refinement holding the
//! refined methods of one class), `main.using` and `Module#using` activate a module's
//! refinements in the calling scope from that point on, and `Vm::refined_lookup` finds the
//! method a call made in such a scope runs.
//!
//! The active refinements live in the lexical scope (`Cref::refined`). `using` gives the calling
//! frame a new scope with the module's refinements added, so code compiled after it (methods
//! and blocks defined later, nested class bodies) sees them and code defined before does not, as
//! in CRuby. A refine block runs with its refinement as the scope's class, which makes that
//! refinement active inside it (and in the methods defined there). Call sites cache the method
//! found as usual; `using` bumps the method serial so that no site keeps a pre-`using` answer.

use crate::core::module::check_module;
use crate::object::class::Visibility;
use crate::object::heap::{T_CLASS, T_MODULE, set_klass, type_of};
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use crate::vm::frame::{Block, Cref, FrameKind, VmResult};
use crate::vm::{MethodBody, Vm};
use std::rc::Rc;

pub fn init(vm: &mut Vm) {
    let module = vm.c.module;
    let refinement = vm.define_class("Refinement", module);
    vm.c.refinement = refinement;
    vm.define_private_natives(
        module,
        &[("refine", m_refine, 1, 1), ("using", m_using, 1, 1)],
    );
    vm.define_natives(module, &[("refinements", m_refinements, 0, 0)]);
    vm.define_singleton_natives(
        module,
        &[
            ("used_modules", m_used_modules, 0, 0),
            ("used_refinements", m_used_refinements, 0, 0),
        ],
    );
    vm.define_natives(
        refinement,
        &[
            ("target", r_target, 0, 0),
            ("include", r_include, 0, -1),
            ("prepend", r_prepend, 0, -1),
        ],
    );
    vm.define_private_natives(refinement, &[("import_methods", r_import_methods, 0, -1)]);
    // a refinement cannot be included, prepended or extended with
    for name in ["append_features", "prepend_features", "extend_object"] {
        let id = crate::object::symbol::intern(name);
        vm.add_method(refinement, id, MethodBody::Undefined, Visibility::Private);
    }
    let meta = vm.singleton_class(vm.main);
    vm.define_private_natives(meta, &[("using", main_using, 1, 1)]);
}

/// `refine(klass) { ... }`: the refinement of `klass` in this module (made on first use), with
/// the block run in it.
fn m_refine(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let target = a[0];
    if !matches!(type_of(target), T_CLASS | T_MODULE) {
        let cn = vm.real_class(target);
        let msg = format!(
            "wrong argument type {} (expected Class or Module)",
            vm.class_name(cn)
        );
        return Err(vm.type_error(&msg));
    }
    let Some(b) = b else {
        return Err(vm.arg_error("no block given"));
    };
    if vm.class_data(s).refined_class.is_heap() {
        return Err(vm.raise_str(vm.c.type_error, "can't refine refinement module"));
    }
    let found = vm
        .class_data(s)
        .refinements
        .iter()
        .find(|&&(k, _)| k == target)
        .map(|&(_, r)| r);
    let r = match found {
        Some(r) => r,
        None => {
            let r = vm.new_class_raw(Value::NIL, true);
            set_klass(r, vm.c.refinement);
            let d = vm.class_data(r);
            d.refined_class = target;
            d.refined_owner = s;
            vm.class_data(s).refinements.push((target, r));
            // calls in the refine block see the refinement
            vm.refinements_used = true;
            r
        }
    };
    vm.module_exec(r, b, &[])?;
    Ok(r)
}

/// `mod.refinements`: the refinements defined in `mod`, in order.
fn m_refinements(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let rs: Vec<Value> = vm.class_data(s).refinements.iter().map(|p| p.1).collect();
    Ok(vm.ary_new(rs))
}

/// `refinement.target`: the class or module refined.
fn r_target(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.class_data(s).refined_class)
}

fn r_include(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Err(vm.type_error("Refinement#include has been removed"))
}
fn r_prepend(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Err(vm.type_error("Refinement#prepend has been removed"))
}

/// `import_methods(*modules)`: copies the modules' methods (written in Ruby) into the
/// refinement.
fn r_import_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    for &m in a {
        check_module(vm, m)?;
    }
    for &m in a {
        if vm.ancestors(m).len() > 1 {
            let msg = format!(
                "{} has ancestors, but Refinement#import_methods doesn't import their methods",
                vm.class_name(m)
            );
            crate::core::warning::warn_from_native(vm, &msg)?;
        }
        for (name, idx) in vm.methods_in_order(m) {
            let e = &vm.methods[idx as usize];
            let vis = e.vis;
            let MethodBody::Code(code, cref) = &e.body else {
                let msg = format!(
                    "Can't import method which is not defined with Ruby code: {}#{}",
                    vm.class_name(m),
                    sym_name(name)
                );
                return Err(vm.arg_error(&msg));
            };
            // the copy runs in the refinement's scope, so the imported methods see each other
            let scope = Rc::new(Cref::new(s, Some(cref.clone())));
            let body = MethodBody::Code(code.clone(), scope);
            vm.add_method(s, name, body, vis);
        }
    }
    Ok(s)
}

/// `Module.used_modules`: the modules whose refinements are active in the caller's scope, in
/// the order they were activated.
fn m_used_modules(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let mut mods: Vec<Value> = Vec::new();
    for r in used_refinements(vm) {
        let owner = vm.class_data(r).refined_owner;
        if !mods.contains(&owner) {
            mods.push(owner);
        }
    }
    Ok(vm.ary_new(mods))
}

/// `Module.used_refinements`: the refinements active in the caller's scope, in the order they
/// were activated.
fn m_used_refinements(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let rs = used_refinements(vm);
    Ok(vm.ary_new(rs))
}

/// The refinements `using` activated in the caller's scope and the scopes around it, each once,
/// oldest first (the scopes keep them newest first).
fn used_refinements(vm: &Vm) -> Vec<Value> {
    let cref = caller_cref(vm);
    let mut rs: Vec<Value> = Vec::new();
    let mut c = Some(&cref);
    while let Some(cr) = c {
        for &(_, r) in &cr.refined {
            if !rs.contains(&r) {
                rs.push(r);
            }
        }
        c = cr.parent.as_ref();
    }
    rs.reverse();
    rs
}

/// `main.using(mod)`: permitted only in the top-level frame of a file.
fn main_using(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_module(vm, a[0])?;
    let fi = caller_index(vm);
    if !matches!(vm.frames[fi].kind, FrameKind::Top | FrameKind::Eval) {
        let e = vm.c.runtime_error;
        return Err(vm.raise_str(e, "main.using is permitted only at toplevel"));
    }
    activate(vm, fi, a[0])?;
    Ok(vm.main)
}

/// `Module#using(mod)`: permitted only in a class or module body.
fn m_using(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let fi = caller_index(vm);
    let e = vm.c.runtime_error;
    // a class body, or a block run with the module as self (`Module.new { using M }`)
    if matches!(vm.frames[fi].kind, FrameKind::Method | FrameKind::Native) {
        return Err(vm.raise_str(e, "Module#using is not permitted in methods"));
    }
    if vm.frames[fi].self_ != s {
        return Err(vm.raise_str(e, "Module#using is not called on self"));
    }
    activate(vm, fi, a[0])?;
    Ok(s)
}

/// The frame that called the running native.
fn caller_index(vm: &Vm) -> usize {
    vm.frames.len().saturating_sub(2)
}

fn caller_cref(vm: &Vm) -> Rc<Cref> {
    vm.frames[caller_index(vm)].cref.clone()
}

/// Activates the refinements of `m` (and of the modules it includes, its own taking precedence)
/// in frame `fi`'s scope from now on.
fn activate(vm: &mut Vm, fi: usize, m: Value) -> VmResult<()> {
    check_module(vm, m)?;
    if vm.class_data(m).refined_class.is_heap() {
        return Err(vm.arg_error("Cannot call using on refinement"));
    }
    let old = vm.frames[fi].cref.clone();
    let mut refined: Vec<(Value, Value)> = Vec::new();
    for k in vm.ancestors(m) {
        for &p in vm.class_data(k).refinements.iter().rev() {
            if !refined.contains(&p) {
                refined.push(p);
            }
        }
    }
    refined.extend(
        old.refined
            .iter()
            .filter(|p| !refined.contains(p))
            .copied()
            .collect::<Vec<_>>(),
    );
    let cref = Rc::new(Cref {
        refined,
        block_eval: old.block_eval,
        ..Cref::new(old.klass, old.parent.clone())
    });
    vm.frames[fi].cref = cref;
    vm.refinements_used = true;
    vm.invalidate();
    Ok(())
}

impl Vm {
    /// The method entry a call to `name` on an instance of `klass` runs when made in the scope
    /// of frame `fi`: the refined one where a refinement active there applies.
    #[inline]
    pub(crate) fn find_method_from(&mut self, fi: usize, klass: Value, name: u32) -> Option<u32> {
        if self.refinements_used {
            let cref = self.frames[fi].cref.clone();
            if let Some(found) = self.refined_lookup(&cref, klass, name) {
                return found;
            }
        }
        self.find_method(klass, name)
    }

    /// `find_method` as the Ruby code that called the running native sees it (`method`,
    /// `instance_method`, `respond_to?`, `public_send`).
    pub fn find_method_for_caller(&mut self, klass: Value, name: u32) -> Option<u32> {
        let caller = self.frames.len().saturating_sub(2);
        self.find_method_from(caller, klass, name)
    }

    /// Method lookup under the refinements active in `cref`: along `klass`'s ancestors, an
    /// active refinement of an ancestor (or a module it includes) comes before the ancestor's
    /// own methods. None when no refinement is active there (the plain lookup applies).
    pub(crate) fn refined_lookup(
        &mut self,
        cref: &Rc<Cref>,
        klass: Value,
        name: u32,
    ) -> Option<Option<u32>> {
        let active = self.active_refinements(cref);
        if active.is_empty() {
            return None;
        }
        let anc = self.ancestors(klass);
        Some(self.refined_walk(&active, &anc, false, name))
    }

    /// The method `name` along `anc` with the refinements `active` applied (the first entry's
    /// refinements skipped when `skip_first`: a `super` from a refined method).
    fn refined_walk(
        &mut self,
        active: &[(Value, Value)],
        anc: &[Value],
        skip_first: bool,
        name: u32,
    ) -> Option<u32> {
        for (j, &k) in anc.iter().enumerate() {
            if !(skip_first && j == 0) {
                for &(target, r) in active {
                    if target != k {
                        continue;
                    }
                    for rk in self.ancestors(r) {
                        if let Some(&m) = self.class_data(rk).methods.get(&name) {
                            return self.defined(m);
                        }
                    }
                }
            }
            if let Some(&m) = self.class_data(k).methods.get(&name) {
                return self.defined(m);
            }
        }
        None
    }

    /// `find_super_method` for a `super` in frame `fi`: refinements active in the frame's scope
    /// apply to the classes after `after`.
    pub(crate) fn find_super_method_from(
        &mut self,
        fi: usize,
        klass: Value,
        after: Value,
        name: u32,
    ) -> Option<u32> {
        if self.refinements_used {
            let cref = self.frames[fi].cref.clone();
            let active = self.active_refinements(&cref);
            if !active.is_empty() {
                let anc = self.ancestors(klass);
                let (start, skip_first) = match anc.iter().position(|&k| k == after) {
                    Some(i) => (i + 1, false),
                    None => {
                        let t = self.refinement_target(after)?;
                        (anc.iter().position(|&k| k == t)?, true)
                    }
                };
                return self.refined_walk(&active, &anc[start..], skip_first, name);
            }
        }
        self.find_super_method(klass, after, name)
    }

    fn defined(&self, m: u32) -> Option<u32> {
        match self.methods[m as usize].body {
            MethodBody::Undefined => None,
            _ => Some(m),
        }
    }

    /// The (refined class, refinement) pairs active in `cref`, innermost scope first: those
    /// `using` added, and the refinement whose refine block (or method) is running.
    fn active_refinements(&self, cref: &Rc<Cref>) -> Vec<(Value, Value)> {
        let mut out = Vec::new();
        let mut c = Some(cref);
        while let Some(cr) = c {
            if matches!(type_of(cr.klass), T_MODULE)
                && self.class_data(cr.klass).refined_class.is_heap()
            {
                // in a refine block: that refinement, then the others of the same module
                let d = self.class_data(cr.klass);
                out.push((d.refined_class, cr.klass));
                let owner = d.refined_owner;
                let own = &self.class_data(owner).refinements;
                out.extend(own.iter().filter(|p| p.1 != cr.klass).copied());
            }
            out.extend(cr.refined.iter().copied());
            c = cr.parent.as_ref();
        }
        out
    }

    /// The class a `super` in a method of refinement `r` starts its search at (inclusive): the
    /// refined class. None when `r` is not a refinement.
    pub(crate) fn refinement_target(&self, r: Value) -> Option<Value> {
        if type_of(r) != T_MODULE {
            return None;
        }
        let t = self.class_data(r).refined_class;
        t.is_heap().then_some(t)
    }

    /// The name CRuby shows for refinement `r`: `#<refinement:String@StrExt>`.
    pub(crate) fn refinement_name(&self, r: Value) -> Option<String> {
        let t = self.refinement_target(r)?;
        let owner = self.class_data(r).refined_owner;
        Some(format!(
            "#<refinement:{}@{}>",
            self.class_name(t),
            self.class_name(owner)
        ))
    }
}
