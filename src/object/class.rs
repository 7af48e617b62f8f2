//! Class and module representation: method tables, constants, class variables, the instance
//! variable index table ("shape") of the class's instances, and the singleton-class links.

use super::heap::Payload;
use super::value::Value;
use std::any::Any;

/// The hasher of a class's tables, keyed by symbol ids: ahash with the process's fixed keys, so
/// that a table carries no keys of its own. `AHashMap::new` derives fresh random keys for each
/// map (about 200 instructions), four maps a class, some 350 classes at start-up.
pub type IdHasher = std::hash::BuildHasherDefault<ahash::AHasher>;
pub type IdMap<V> = std::collections::HashMap<u32, V, IdHasher>;

/// Method visibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    Public,
    Private,
    Protected,
}

static CLASS_SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Bumped whenever any constant table changes (a constant set or removed, an autoload
/// registered): the per-site constant caches (`vm::code::ConstSite`) hold while it stands.
static CONST_SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The current constant-state serial.
#[inline]
pub fn const_serial() -> u64 {
    CONST_SERIAL.load(std::sync::atomic::Ordering::Relaxed)
}

/// Records that constant resolution may have changed.
pub fn bump_const_serial() {
    CONST_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

pub struct ClassData {
    /// The full name ("A::B"), once the class is assigned to a constant.
    pub name: Option<String>,
    /// The superclass (nil for BasicObject and for modules).
    pub superclass: Value,
    pub is_module: bool,
    /// A singleton class, attached to `attached`.
    pub is_singleton: bool,
    /// Made by `Class.allocate` and not initialized yet (`new`/`superclass` raise TypeError).
    pub uninit: bool,
    pub attached: Value,
    /// The singleton class of this class/module (nil until made).
    pub meta: Value,
    /// Method table: symbol id -> index into the VM's method arena.
    pub methods: IdMap<u32>,
    /// Constants in definition order.
    pub consts: Vec<(u32, Value)>,
    pub const_index: IdMap<usize>,
    /// Constants made private with `private_constant` (not reachable as `Scope::NAME`).
    pub private_consts: Vec<u32>,
    /// Class variables in the order they were first set (`class_variables` lists them so).
    pub cvars: indexmap::IndexMap<u32, Value, IdHasher>,
    /// Modules included directly, most recent last.
    pub includes: Vec<Value>,
    /// Modules prepended directly.
    pub prepends: Vec<Value>,
    /// Instance-variable slots of this class's instances: name -> index.
    pub ivar_index: IdMap<u32>,
    pub ivar_names: Vec<u32>,
    /// Instance variables of the class object itself.
    pub own_ivars: Vec<(u32, Value)>,
    /// The heap type of instances (T_OBJECT, or a builtin's type for subclasses of builtins);
    /// T_NONE for classes without an allocator (Proc, Method, Integer...): `allocate` raises.
    pub instance_type: u64,
    /// Default visibility for methods defined next in the class body (`private` with no args).
    pub default_vis: Visibility,
    /// `module_function` with no arguments is in effect.
    pub module_function: bool,
    /// Cached ancestors and the method-state serial it was computed at.
    pub mro: Vec<Value>,
    pub mro_serial: u64,
    /// The `initialize` that `new` calls on instances, and the method-state serial it was
    /// found at (`Vm::enter_new`); u64::MAX for none yet.
    pub init_cache: (u64, u32),
    /// Lexical parent (for naming nested classes).
    pub lexical_parent: Value,
    /// Creation order among all classes (Class#subclasses lists the newest first).
    pub serial: u64,
    /// For a refinement (made by `Module#refine`): the class or module it refines, and the
    /// module it was defined in; nil for every other module.
    pub refined_class: Value,
    pub refined_owner: Value,
    /// The refinements defined in this module, as (refined class, refinement), in order.
    pub refinements: Vec<(Value, Value)>,
}

impl ClassData {
    pub fn new(superclass: Value, is_module: bool) -> ClassData {
        ClassData {
            name: None,
            superclass,
            is_module,
            is_singleton: false,
            uninit: false,
            attached: Value::NIL,
            meta: Value::NIL,
            methods: IdMap::default(),
            consts: Vec::new(),
            const_index: IdMap::default(),
            private_consts: Vec::new(),
            cvars: Default::default(),
            includes: Vec::new(),
            prepends: Vec::new(),
            ivar_index: IdMap::default(),
            ivar_names: Vec::new(),
            own_ivars: Vec::new(),
            instance_type: super::heap::T_OBJECT,
            default_vis: Visibility::Public,
            module_function: false,
            mro: Vec::new(),
            mro_serial: u64::MAX,
            init_cache: (u64::MAX, 0),
            lexical_parent: Value::NIL,
            serial: CLASS_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            refined_class: Value::NIL,
            refined_owner: Value::NIL,
            refinements: Vec::new(),
        }
    }

    pub fn const_get(&self, id: u32) -> Option<Value> {
        self.const_index.get(&id).map(|&i| self.consts[i].1)
    }

    pub fn const_set(&mut self, id: u32, v: Value) {
        bump_const_serial();
        match self.const_index.get(&id) {
            Some(&i) => self.consts[i].1 = v,
            None => {
                self.const_index.insert(id, self.consts.len());
                self.consts.push((id, v));
            }
        }
    }

    /// Removes the constant `id` (`Module#remove_const`), answering its value.
    pub fn const_remove(&mut self, id: u32) -> Option<Value> {
        bump_const_serial();
        let i = self.const_index.remove(&id)?;
        let (_, v) = self.consts.remove(i);
        for idx in self.const_index.values_mut() {
            if *idx > i {
                *idx -= 1;
            }
        }
        self.private_consts.retain(|&c| c != id);
        Some(v)
    }

    /// The slot index of instance variable `id`, adding it to the shape if new.
    pub fn ivar_slot(&mut self, id: u32) -> u32 {
        if let Some(&i) = self.ivar_index.get(&id) {
            return i;
        }
        let i = self.ivar_names.len() as u32;
        self.ivar_names.push(id);
        self.ivar_index.insert(id, i);
        i
    }
}

impl Payload for ClassData {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.superclass);
        out.push(self.attached);
        out.push(self.meta);
        out.push(self.lexical_parent);
        out.extend(self.consts.iter().map(|c| c.1));
        out.extend(self.cvars.values().copied());
        out.extend(self.includes.iter().copied());
        out.extend(self.prepends.iter().copied());
        out.extend(self.own_ivars.iter().map(|c| c.1));
        out.extend(self.mro.iter().copied());
        out.push(self.refined_class);
        out.push(self.refined_owner);
        out.extend(self.refinements.iter().flat_map(|&(k, r)| [k, r]));
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
