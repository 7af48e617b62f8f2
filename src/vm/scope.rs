//! Definitions and lexical scope: `def`, `class`, `module`, `alias`, `undef`, constant and class
//! variable lookup through the cref chain and the ancestors.

use super::code::{Code, ConstCache, ConstSite, ScopedConstCache};
use super::frame::*;
use super::{MethodBody, Vm};
use crate::object::class::{Visibility, const_serial};
use crate::object::heap::{T_BIGNUM, T_CLASS, T_FLOAT, T_MODULE, type_of};
use crate::object::symbol::sym_name;
use crate::object::value::Value;
use std::rc::Rc;

impl Vm {
    /// The class `def` defines into for frame `fi`.
    fn def_target(&mut self, fi: usize) -> VmResult<Value> {
        let cref = &self.frames[fi].cref;
        if !cref.eval_singleton {
            return Ok(cref.klass);
        }
        // `def` in an instance_eval block: a singleton method of the receiver
        let obj = self.frames[fi].self_;
        if obj.is_fixnum()
            || obj.is_symbol()
            || obj.is_flonum()
            || matches!(type_of(obj), T_BIGNUM | T_FLOAT)
        {
            // CRuby's message here, shorter than `def obj.name`'s
            return Err(self.type_error("can't define singleton"));
        }
        Ok(self.singleton_class(obj))
    }

    pub(crate) fn def_method(&mut self, fi: usize, code: Rc<Code>) -> VmResult {
        let name = code.method_name.expect("method name");
        let klass = self.def_target(fi)?;
        let cref = self.frames[fi].cref.clone();
        let top = self.frames[fi].kind == FrameKind::Top
            || (klass == self.c.object && self.frames[fi].self_ == self.main);
        let d = self.class_data(klass);
        let mut vis = if top { self.top_vis } else { d.default_vis };
        if matches!(
            sym_name(name),
            "initialize" | "initialize_copy" | "respond_to_missing?"
        ) {
            vis = Visibility::Private;
        }
        let module_function = d.module_function;
        self.add_method(
            klass,
            name,
            MethodBody::Code(code.clone(), cref.clone()),
            vis,
        );
        if module_function {
            let meta = self.singleton_class(klass);
            self.add_method(meta, name, MethodBody::Code(code, cref), Visibility::Public);
        }
        self.notify_added(klass, "method_added", name)?;
        Ok(Value::symbol(name))
    }

    /// Calls the `method_added` / `singleton_method_added` hook of `target` when a program
    /// defined one (the default ones do nothing, so natives are skipped).
    pub(crate) fn notify_added(&mut self, target: Value, hook: &str, name: u32) -> VmResult<()> {
        let id = crate::object::symbol::intern(hook);
        let k = self.class_of(target);
        if let Some(m) = self.find_method(k, id)
            && !matches!(self.methods[m as usize].body, MethodBody::Native(..))
        {
            self.funcall(target, id, &[Value::symbol(name)], None)?;
        }
        Ok(())
    }

    pub(crate) fn def_singleton(&mut self, fi: usize, obj: Value, code: Rc<Code>) -> VmResult {
        let name = code.method_name.expect("method name");
        if obj.is_fixnum() || obj.is_symbol() || obj.is_flonum() {
            let k = self.real_class(obj);
            let msg = format!(
                "can't define singleton method \"{}\" for {}",
                sym_name(name),
                self.class_name(k)
            );
            return Err(self.type_error(&msg));
        }
        let meta = self.singleton_class(obj);
        let cref = self.frames[fi].cref.clone();
        self.add_method(meta, name, MethodBody::Code(code, cref), Visibility::Public);
        self.notify_added(obj, "singleton_method_added", name)?;
        Ok(Value::symbol(name))
    }

    /// `class Name < sup` (sup Some) or `module Name` (sup None): finds or creates the class and
    /// runs the body.
    pub(crate) fn def_class(
        &mut self,
        fi: usize,
        cbase: Value,
        sup: Option<Value>,
        code: Rc<Code>,
    ) -> VmResult {
        let name = code.method_name.expect("class name");
        let container = if cbase.is_nil() {
            self.frames[fi].cref.klass
        } else {
            cbase
        };
        self.check_namespace(container)?;
        let existing = self.class_data(container).const_get(name);
        let is_module = sup.is_none();
        let klass = match existing {
            Some(k) => {
                let t = type_of(k);
                if is_module && t != T_MODULE {
                    let s = self.inspect_str(k)?;
                    return Err(self.type_error(&format!("{s} is not a module")));
                }
                if !is_module && t != T_CLASS {
                    let s = self.inspect_str(k)?;
                    return Err(self.type_error(&format!("{s} is not a class")));
                }
                if let Some(s) = sup
                    && !s.is_nil()
                    && self.class_data(k).superclass != s
                {
                    let mut real = self.class_data(k).superclass;
                    while real.is_heap() && self.class_data(real).is_singleton {
                        real = self.class_data(real).superclass;
                    }
                    if real != s {
                        return Err(self.type_error(&format!(
                            "superclass mismatch for class {}",
                            sym_name(name)
                        )));
                    }
                }
                k
            }
            None => {
                let k = if is_module {
                    self.new_class_raw(Value::NIL, true)
                } else {
                    let s = sup.filter(|s| !s.is_nil()).unwrap_or(self.c.object);
                    if type_of(s) != T_CLASS {
                        let sc = self.real_class(s);
                        let msg = format!(
                            "superclass must be an instance of Class (given an instance of {})",
                            self.class_name(sc)
                        );
                        return Err(self.type_error(&msg));
                    }
                    let k = self.new_class(s);
                    self.name_class(k, container, sym_name(name));
                    self.class_data(container).const_set(name, k);
                    let inherited = crate::object::symbol::intern("inherited");
                    self.funcall(s, inherited, &[k], None)?;
                    k
                };
                if is_module {
                    self.name_class(k, container, sym_name(name));
                    self.class_data(container).const_set(name, k);
                }
                self.notify_added(container, "const_added", name)?;
                let (file, line) = self.current_position();
                self.const_locations
                    .insert((container.bits(), name), (Rc::from(file), line));
                k
            }
        };
        self.run_class_body(fi, klass, code)
    }

    /// Runs a class body with self and the cref set to `klass`.
    pub(crate) fn run_class_body(&mut self, fi: usize, klass: Value, code: Rc<Code>) -> VmResult {
        let cref = Rc::new(Cref::new(klass, Some(self.frames[fi].cref.clone())));
        self.stack.push(klass);
        let base = self.stack.len();
        let saved_vis = self.class_data(klass).default_vis;
        self.class_data(klass).default_vis = Visibility::Public;
        self.class_data(klass).module_function = false;
        let r = self.invoke_code(
            code,
            cref,
            NO_METHOD,
            klass,
            klass,
            base,
            0,
            false,
            None,
            FrameKind::Class,
            0,
            None,
        );
        self.class_data(klass).default_vis = saved_vis;
        self.class_data(klass).module_function = false;
        self.stack.truncate(base - 1);
        r
    }

    pub fn alias_method(&mut self, klass: Value, new: u32, old: u32) -> VmResult<()> {
        // in a refinement, the refined class's methods can be aliased too
        let found = self.find_method(klass, old).or_else(|| {
            let target = self.refinement_target(klass)?;
            self.find_method(target, old)
        });
        let Some(m) = found else {
            let kind = if type_of(klass) == T_MODULE {
                "module"
            } else {
                "class"
            };
            let msg = format!(
                "undefined method '{}' for {kind} '{}'",
                sym_name(old),
                self.class_name(klass)
            );
            return Err(self.name_error(&msg, klass, old));
        };
        let e = &self.methods[m as usize];
        let body = match &e.body {
            MethodBody::Code(c, r) => MethodBody::Code(c.clone(), r.clone()),
            MethodBody::Native(f, a, b) => MethodBody::Native(*f, *a, *b),
            MethodBody::AttrReader(i) => MethodBody::AttrReader(*i),
            MethodBody::AttrWriter(i) => MethodBody::AttrWriter(*i),
            MethodBody::Proc(p) => MethodBody::Proc(*p),
            MethodBody::Undefined => MethodBody::Undefined,
        };
        let (vis, original, owner) = (e.vis, e.original, e.owner);
        let idx = self.add_method(klass, new, body, vis);
        self.methods[idx as usize].original = original;
        let _ = owner;
        Ok(())
    }

    pub fn undef_method(&mut self, klass: Value, name: u32) -> VmResult<()> {
        if self.find_method(klass, name).is_none() {
            let kind = if type_of(klass) == T_MODULE {
                "module"
            } else {
                "class"
            };
            let msg = format!(
                "undefined method '{}' for {kind} '{}'",
                sym_name(name),
                self.class_name(klass)
            );
            return Err(self.name_error(&msg, klass, name));
        }
        self.add_method(klass, name, MethodBody::Undefined, Visibility::Public);
        self.notify_changed(klass, "undefined", name)
    }

    /// After `name` was removed from or undefined in `klass` (`what`: "removed" or
    /// "undefined"): the program's `method_removed`/`method_undefined` hook of the module, or
    /// for a singleton class its object's `singleton_method_removed`/`_undefined`.
    pub(crate) fn notify_changed(&mut self, klass: Value, what: &str, name: u32) -> VmResult<()> {
        let data = self.class_data(klass);
        if data.is_singleton {
            let attached = data.attached;
            return self.notify_added(attached, &format!("singleton_method_{what}"), name);
        }
        self.notify_added(klass, &format!("method_{what}"), name)
    }

    // ---- constants ----

    /// The constant `id` of the module `m` itself (not its ancestors'), requiring its file
    /// first when it is registered for autoload there (core/load.rs).
    pub(crate) fn const_own(&mut self, m: Value, id: u32) -> VmResult<Option<Value>> {
        if let Some(v) = self.class_data(m).const_get(id) {
            return Ok(Some(v));
        }
        if self.autoloads.is_empty() {
            return Ok(None);
        }
        crate::core::load::autoload_const(self, m, id)
    }

    /// `const_lookup` through the site's inline cache: a hit costs a serial compare and a
    /// pointer compare. A constant found in a table is cached; `const_missing` results are not.
    #[inline]
    pub(crate) fn const_lookup_cached(&mut self, fi: usize, site: &ConstSite) -> VmResult {
        let c = site.cache.get();
        if c.const_serial == const_serial()
            && std::ptr::eq(c.cref, Rc::as_ptr(&self.frames[fi].cref))
        {
            return Ok(c.value);
        }
        self.const_fill(fi, site)
    }

    #[inline(never)]
    fn const_fill(&mut self, fi: usize, site: &ConstSite) -> VmResult {
        let cref = self.frames[fi].cref.clone();
        match self.const_find(&cref, site.name)? {
            Some(v) => {
                site.cache.set(ConstCache {
                    const_serial: const_serial(),
                    cref: Rc::as_ptr(&cref),
                    value: v,
                });
                *site.cache_cref.borrow_mut() = Some(cref);
                Ok(v)
            }
            None => self.const_missing(cref.klass, site.name),
        }
    }

    /// Looks a constant up lexically (the cref chain), then in the ancestors of the innermost
    /// class, then in Object.
    pub(crate) fn const_lookup(&mut self, fi: usize, id: u32) -> VmResult {
        let cref = self.frames[fi].cref.clone();
        match self.const_find(&cref, id)? {
            Some(v) => Ok(v),
            None => self.const_missing(cref.klass, id),
        }
    }

    /// The constant `id` as seen from `cref`, if some table has it (autoloading on the way).
    fn const_find(&mut self, cref: &Rc<Cref>, id: u32) -> VmResult<Option<Value>> {
        let mut c = Some(cref);
        // the innermost scope not pushed by a block eval: its class's ancestors come next
        let mut k = None;
        while let Some(cr) = c {
            if cr.parent.is_none() {
                break;
            }
            if !cr.block_eval {
                k.get_or_insert(cr.klass);
                if let Some(v) = self.const_own(cr.klass, id)? {
                    return Ok(Some(v));
                }
            }
            c = cr.parent.as_ref();
        }
        let k = k.unwrap_or_else(|| c.map_or(cref.klass, |cr| cr.klass));
        let n = self.refresh_mro(k);
        for i in 0..n {
            let a = self.class_data(k).mro[i];
            if let Some(v) = self.const_own(a, id)? {
                return Ok(Some(v));
            }
        }
        let object = self.c.object;
        self.const_own(object, id)
    }

    fn const_missing(&mut self, scope: Value, id: u32) -> VmResult {
        // Set, Data and Ractor are compiled from Ruby source when first needed (core/set.rs)
        let loaded = crate::core::set::load_lazy(self, sym_name(id))?;
        if loaded {
            let object = self.c.object;
            if let Some(v) = self.class_data(object).const_get(id) {
                return Ok(v);
            }
        }
        let cm = crate::object::symbol::intern("const_missing");
        let k = self.class_of(scope);
        if scope.is_heap()
            && let Some(m) = self.find_method(k, cm)
            && !matches!(self.methods[m as usize].body, MethodBody::Native(..))
        {
            return self.funcall(scope, cm, &[Value::symbol(id)], None);
        }
        Err(self.uninitialized_constant(scope, id))
    }

    /// NameError "uninitialized constant Scope::Name" (just "Name" under Object).
    pub(crate) fn uninitialized_constant(&mut self, scope: Value, id: u32) -> Unwind {
        let name = if scope == self.c.object || !scope.is_heap() {
            sym_name(id).to_string()
        } else {
            format!("{}::{}", self.class_name(scope), sym_name(id))
        };
        let msg = format!("uninitialized constant {name}");
        self.name_error(&msg, scope, id)
    }

    /// TypeError "X is not a class/module" unless `v` can hold constants (`v::Name`).
    pub(crate) fn check_namespace(&mut self, v: Value) -> VmResult<()> {
        if !matches!(type_of(v), T_CLASS | T_MODULE) {
            let s = self.inspect_str(v)?;
            return Err(self.type_error(&format!("{s} is not a class/module")));
        }
        Ok(())
    }

    /// `scope::NAME` through site `site`'s cache (`ScopedConstCache`).
    #[inline]
    pub(crate) fn const_get_from_cached(&mut self, scope: Value, site: &ConstSite) -> VmResult {
        let c = site.scoped.get();
        if c.filled && c.scope == scope.bits() && c.const_serial == const_serial() {
            return Ok(c.value);
        }
        let Some(v) = self.const_find_in(scope, site.name)? else {
            // not cached: a `const_missing` runs every time
            return self.const_missing(scope, site.name);
        };
        // the state after the lookup (an autoload it ran may have moved it)
        site.scoped.set(ScopedConstCache {
            filled: true,
            scope: scope.bits(),
            const_serial: const_serial(),
            value: v,
        });
        Ok(v)
    }

    /// `scope::NAME` (a `const_missing` answer when no table has it).
    pub(crate) fn const_get_from(&mut self, scope: Value, id: u32) -> VmResult {
        match self.const_find_in(scope, id)? {
            Some(v) => Ok(v),
            None => self.const_missing(scope, id),
        }
    }

    /// `scope::NAME` without `const_missing`: the constant in `scope` or its ancestors (not
    /// Object's for a module other than Object), a NameError for a private one.
    fn const_find_in(&mut self, scope: Value, id: u32) -> VmResult<Option<Value>> {
        self.check_namespace(scope)?;
        for a in self.ancestors(scope) {
            if a == self.c.object && scope != self.c.object {
                break;
            }
            if let Some(v) = self.const_own(a, id)? {
                if self.class_data(a).private_consts.contains(&id) {
                    let msg = format!(
                        "private constant {}::{} referenced",
                        self.class_name(scope),
                        sym_name(id)
                    );
                    return Err(self.name_error(&msg, scope, id));
                }
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// A constant assignment in Ruby code (`X = v`, `Mod::X = v`) at `file:line`: warns, as
    /// CRuby does, when the constant already had a value, naming where it was set before.
    pub(crate) fn const_assign(
        &mut self,
        scope: Value,
        id: u32,
        v: Value,
        file: &Rc<str>,
        line: u32,
    ) {
        if self.class_data(scope).const_get(id).is_some() {
            let name = if scope == self.c.object {
                sym_name(id).to_string()
            } else {
                format!("{}::{}", self.class_name(scope), sym_name(id))
            };
            let mut text = format!("{file}:{line}: warning: already initialized constant {name}\n");
            if let Some((pf, pl)) = self.const_locations.get(&(scope.bits(), id)) {
                text.push_str(&format!(
                    "{pf}:{pl}: warning: previous definition of {} was here\n",
                    sym_name(id)
                ));
            }
            self.write_err(text.as_bytes());
        }
        self.const_locations
            .insert((scope.bits(), id), (file.clone(), line));
        self.const_set(scope, id, v);
    }

    pub(crate) fn const_set(&mut self, scope: Value, id: u32, v: Value) {
        if matches!(type_of(v), T_CLASS | T_MODULE) && self.class_data(v).name.is_none() {
            self.name_class(v, scope, sym_name(id));
        }
        self.class_data(scope).const_set(id, v);
    }

    // ---- class variables ----

    fn cvar_base(&self, fi: usize) -> Value {
        let mut k = self.frames[fi].cref.klass;
        while self.class_data(k).is_singleton {
            let att = self.class_data(k).attached;
            if matches!(type_of(att), T_CLASS | T_MODULE) {
                k = att;
            } else {
                break;
            }
        }
        k
    }

    /// RuntimeError for `@@x` at the top level, whose cref is Object itself.
    fn toplevel_cvar_check(&mut self, fi: usize) -> VmResult<()> {
        let cref = &self.frames[fi].cref;
        if cref.parent.is_none() && cref.klass == self.c.object {
            let k = self.c.runtime_error;
            return Err(self.raise_str(k, "class variable access from toplevel"));
        }
        Ok(())
    }

    pub(crate) fn cvar_get(&mut self, fi: usize, id: u32) -> VmResult {
        self.toplevel_cvar_check(fi)?;
        let base = self.cvar_base(fi);
        for a in self.ancestors(base) {
            if let Some(&v) = self.class_data(a).cvars.get(&id) {
                return Ok(v);
            }
        }
        let msg = format!(
            "uninitialized class variable {} in {}",
            sym_name(id),
            self.class_name(base)
        );
        Err(self.name_error(&msg, base, id))
    }

    pub(crate) fn cvar_set(&mut self, fi: usize, id: u32, v: Value) -> VmResult<()> {
        self.toplevel_cvar_check(fi)?;
        let base = self.cvar_base(fi);
        for a in self.ancestors(base) {
            if self.class_data(a).cvars.contains_key(&id) {
                self.class_data(a).cvars.insert(id, v);
                return Ok(());
            }
        }
        self.class_data(base).cvars.insert(id, v);
        Ok(())
    }
}
