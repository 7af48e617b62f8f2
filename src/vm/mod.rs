//! The virtual machine: interpreter state, object creation helpers and the embedding entry
//! points. The dispatch loop is in `exec.rs`, calls and argument binding in `call.rs`,
//! exceptions and backtraces in `error.rs`, the collector's roots in `gc.rs`.

pub mod call;
pub mod code;
pub mod context;
pub mod error;
pub mod eval;
pub mod exec;
pub mod frame;
pub mod gc;
pub mod insn;
pub mod locals;
pub mod opt;
pub mod panic;
pub mod recursion;
pub mod report;
pub mod scope;
pub mod yield_each;

use crate::object::class::{ClassData, Visibility};
use crate::object::fstring;
use crate::object::hash::RHash;
use crate::object::heap::*;
use crate::object::string;
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use ahash::AHashMap;
use code::Code;
use code::{IvarCache, IvarSite};
use frame::*;
use num_bigint::BigInt;
use std::cell::Cell;
use std::io::Write;
use std::rc::Rc;

/// A native method: (vm, self, arguments, block) -> result.
pub type NativeFn = fn(&mut Vm, Value, &[Value], Option<&Block>) -> VmResult;

pub enum MethodBody {
    Code(Rc<Code>, Rc<Cref>),
    /// A native with its minimum and maximum argument counts (max -1: any number).
    Native(NativeFn, i16, i16),
    AttrReader(u32),
    AttrWriter(u32),
    /// `define_method` with a block or proc.
    Proc(Value),
    /// An `undef`'d name: stops the lookup.
    Undefined,
}

pub struct MethodEntry {
    pub name: u32,
    /// The name it was first defined under (aliases keep the original for `super`/labels).
    pub original: u32,
    pub owner: Value,
    pub vis: Visibility,
    pub body: MethodBody,
}

/// The built-in classes and modules the VM itself refers to.
#[derive(Default, Clone, Copy)]
pub struct Core {
    pub basic_object: Value,
    pub object: Value,
    pub module: Value,
    pub class: Value,
    pub kernel: Value,
    pub comparable: Value,
    pub refinement: Value,
    pub enumerable: Value,
    pub nil: Value,
    pub true_: Value,
    pub false_: Value,
    pub numeric: Value,
    pub rational: Value,
    pub complex: Value,
    pub time: Value,
    pub encoding: Value,
    pub compatibility_error: Value,
    pub integer: Value,
    pub float: Value,
    pub string: Value,
    pub symbol: Value,
    pub array: Value,
    pub hash: Value,
    pub range: Value,
    pub proc_: Value,
    pub binding: Value,
    pub method: Value,
    pub enumerator: Value,
    pub struct_: Value,
    pub exception: Value,
    pub standard_error: Value,
    pub runtime_error: Value,
    pub argument_error: Value,
    pub type_error: Value,
    pub name_error: Value,
    pub no_method_error: Value,
    pub zero_division_error: Value,
    pub index_error: Value,
    pub key_error: Value,
    pub range_error: Value,
    pub stop_iteration: Value,
    pub frozen_error: Value,
    pub local_jump_error: Value,
    pub system_stack_error: Value,
    pub no_memory_error: Value,
    pub fatal: Value,
    pub system_exit: Value,
    pub float_domain_error: Value,
    pub not_implemented_error: Value,
    pub uncaught_throw_error: Value,
    pub math_domain_error: Value,
    pub io_error: Value,
    pub system_call_error: Value,
    pub io: Value,
    pub file: Value,
    pub eof_error: Value,
    pub fiber_error: Value,
    pub interrupt: Value,
    pub load_error: Value,
    pub script_error: Value,
    pub encoding_error: Value,
    pub regexp: Value,
    pub match_data: Value,
    pub regexp_error: Value,
    pub regexp_timeout_error: Value,
}

/// The operators the dispatch loop computes inline for Integer, Float, Array, Hash, Symbol, nil,
/// true and false (see `Vm::ops_redefined` and vm/opt.rs).
pub const FAST_OPS: [&str; 23] = [
    "+", "-", "*", "<", "<=", ">", ">=", "==", "[]", "/", "%", "!=", "&", "|", "^", "<<", ">>",
    "[]=", "size", "length", "empty?", "succ", "===",
];

/// The methods every object has whose calls the dispatch loop answers inline (`opt_nil_p`,
/// `opt_not`) until a program defines or removes a method of that name in any class (bit `i` of `Vm::preds_redefined` for `FAST_PREDICATES[i]`).
pub const FAST_PREDICATES: [&str; 2] = ["nil?", "!"];

/// Ruby frames deeper than this raise SystemStackError.
pub const MAX_DEPTH: usize = 10_000;

pub struct Vm {
    pub heap: Heap,
    pub stack: crate::object::vstack::ValueStack,
    pub frames: crate::object::reuse::ReuseStack<Frame>,
    pub methods: Vec<MethodEntry>,
    /// Bumped by every method definition, include and extend (invalidates inline caches).
    pub serial: u64,
    method_cache: AHashMap<(u64, u32), u32>,
    pub globals: AHashMap<u32, Value>,
    pub c: Core,
    pub main: Value,
    codes: Vec<Rc<Code>>,
    /// Code compiled by eval: held weakly (marked while something still runs or holds it, then
    /// dropped), so a program that evals in a loop does not keep every string's code.
    eval_codes: Vec<std::rc::Weak<Code>>,
    kept: Vec<Value>,
    pub ensure_stack: Vec<Option<Unwind>>,
    next_id: u64,
    /// The standard streams' IO objects (STDIN, STDOUT, STDERR).
    pub stdin: Value,
    pub stdout: Value,
    pub stderr: Value,
    pub io_stats: crate::core::io_stream::IoStats,
    /// Die of SIGPIPE when a write finds its pipe closed, as the `ruby` command does (set by the
    /// `rubra` binary; an embedding program gets Errno::EPIPE instead).
    pub die_on_sigpipe: bool,
    pub at_exit: Vec<Value>,
    /// The `END { }` blocks registered so far, by code object (each registers once).
    pub end_sites: Vec<usize>,
    pub catch_tags: Vec<Value>,
    /// Native re-entries (a builtin calling back into Ruby) currently on the Rust stack.
    pub native_depth: usize,
    pub rng: crate::core::random::Mt,
    pub script_name: String,
    /// The files `require` is running (realpaths) with the thread running each, innermost last:
    /// a circular require of one answers false, another thread's waits (core/load.rs).
    pub loading: Vec<(Vec<u8>, u64)>,
    /// `autoload` registrations: (module, constant name) -> (module, path), core/load.rs.
    /// In registration order (the order `Module#constants` lists them).
    pub autoloads: indexmap::IndexMap<(u64, u32), (Value, Value), ahash::RandomState>,
    pub top_cref: Rc<Cref>,
    /// Objects being inspected (recursion guard for `[...]`).
    pub inspecting: Vec<Value>,
    /// Operations running on objects, for the recursion guards (vm/recursion.rs), innermost
    /// last: a set in insertion order, so a panic can cut it back like the other stacks.
    pub recursion: indexmap::IndexSet<(recursion::Rec, Value, Value), ahash::RandomState>,
    /// Instance variables of objects that are not T_OBJECT (strings, arrays, ...). Their
    /// owners and values are kept alive as roots.
    pub generic_ivars: AHashMap<Value, Vec<(u32, Value)>>,
    /// `trace_var` commands (Procs or Strings) per global variable, oldest first.
    pub global_traces: AHashMap<u32, Vec<Value>>,
    /// The class a `class_eval` block is running for (methods defined there are public).
    pub class_eval_target: Option<Value>,
    /// Block records native calls left unshared, reused by the next `new_block` (a native
    /// called with a literal block, `arr.each { }`, then costs no malloc/free:
    /// `recycle_block`), one place per literal's code (by address, `call::spare_slot`), so
    /// that literals alternating in a loop each find their own: the same literal made again
    /// by the same frame only gets its new tag. Old contents are dropped when a place is
    /// rewritten; nothing in them is a root.
    pub spare_blocks: [Option<frame::Block>; 4],
    /// The environment of the last frame popped whose environment had not escaped
    /// (`Env::escaped`): nothing can read it any more, so the next `capture_env` reuses it
    /// instead of allocating (a method passing a block to a native, `def f = arr.each { }`,
    /// then makes no environment per call). Dropped at each collection, which frees it.
    pub spare_env: Option<crate::object::heap::EnvRef>,
    /// The native being called received its last argument as keywords.
    pub pending_kw: bool,
    /// The pc of the innermost running code frame. Frames save and restore it around calls
    /// (so the dispatch loop stores one word per instruction, not the frame's field); a frame
    /// further down keeps its own pc in `Frame::pc`.
    pub cur_pc: usize,
    /// The `yield_each` block frame whose native's step is running (usize::MAX: none):
    /// backtraces leave it out, as the step is the native's work after the block returned.
    pub(crate) hidden_frame: usize,
    /// The class the next block frame defines methods in (set by `module_exec`).
    pub cref_override: Option<Value>,
    /// The next block call runs as an `instance_eval` block (see `Cref::eval_singleton`).
    pub eval_singleton: bool,
    /// Some `using` has run: call sites look for refinements active in their scope
    /// (core/refinement.rs).
    pub refinements_used: bool,
    /// `alias $new $old`: global names that stand for others.
    pub global_aliases: AHashMap<u32, u32>,
    /// Where each constant was last assigned by Ruby code (scope, name) -> (file, line), for the
    /// "previous definition" warning.
    pub const_locations: AHashMap<(u64, u32), (Rc<str>, u32)>,
    /// The program's changes to the environment (core/env.rs): name -> value, None deleted.
    pub env: indexmap::IndexMap<Vec<u8>, Option<Vec<u8>>, ahash::RandomState>,
    /// The visibility of top-level `def`s in the running file: private, unless a bare `public`
    /// at the top level changed it (interp.rs saves and restores it per file).
    pub top_vis: Visibility,
    /// `trap`ped signals and their handlers (core/signal.rs).
    pub traps: Vec<crate::core::signal::Trap>,
    /// The `trap("EXIT")` handler (nil: none).
    pub exit_trap: Value,
    /// `rubra -E BINARY`: Encoding.default_external is BINARY and files read bytes.
    pub external_binary: bool,
    /// `Encoding.default_internal` (None: nil), what `String#encode` converts to by default.
    pub default_internal: Option<crate::object::string::Encoding>,
    /// The Encoding objects, indexed by `object::string::Encoding` (core/string_encoding.rs).
    pub encodings: Vec<Value>,
    /// Bit `i`: encoding `i` has been used, so its `inspect` no longer says "(autoload)".
    pub enc_loaded: u128,
    /// Set once the core library is defined: later definitions are the program's.
    pub booted: bool,
    /// The next top-level frame run is the main program's: bind `TOPLEVEL_BINDING` to it.
    pub toplevel_binding_pending: bool,
    /// A bundled Ruby source (core/set.rs: set.rb, data.rb) is being compiled: its constant is
    /// not autoloaded again meanwhile.
    pub set_loading: bool,
    /// Set (by a SIGINT handler the REPL installs) to interrupt running code: the next safepoint
    /// raises Interrupt.
    pub interrupt: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Set with `interrupt` by the REPL's Ctrl-C handler: the cause that raises Interrupt (the
    /// flag's other setters, timers and trapped signals, have flags of their own).
    pub ctrl_c: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// A program redefined an operator that the fast paths (`opt_plus`, `opt_lt_local_int`,
    /// ...) compute inline, or prepended a module to a class they cover: they then always send.
    pub ops_redefined: bool,
    /// One bit per `FAST_PREDICATES` entry that a program (re)defined or removed somewhere: its instruction then always sends.
    pub preds_redefined: u8,
    /// `Regexp.timeout` in seconds (None: matches never time out).
    pub regexp_timeout: Option<f64>,
    /// The armed `Timeout.timeout` deadlines and their timer (core/timeout/).
    pub timeouts: crate::core::timeout::Deadlines,
    /// The green threads and their scheduler's state (core/thread/sched.rs).
    pub threads: crate::core::thread::sched::Threads,
    /// The ObjectSpace::WeakMap objects alive (not roots: each collection prunes them).
    pub weak_maps: Vec<Value>,
    /// The bytes of the string interpolation being built, kept between uses (`Insn::Interp`).
    interp_buf: Vec<u8>,
    /// The running fiber's object (nil for the root fiber until `Fiber.current` makes it).
    pub fiber: Value,
    /// The lowest usable address of the running fiber's native stack (0 on the thread's own,
    /// whose limit `stacker` knows).
    pub stack_floor: usize,
    /// The contexts of the fibers waiting for a `resume` they made (innermost last): roots.
    pub resumers: Vec<Box<context::ExecContext>>,
    /// The coroutines running, for `Fiber.yield` (object/coroutine.rs).
    pub yielders: crate::object::coroutine::YielderStack,
    /// An empty list `swap_context` fills with the environments it closes (kept for its buffer).
    pub(crate) closed_scratch: Vec<(crate::object::heap::EnvRef, usize)>,
    /// Whether `Integer#to_s` is the builtin one, and the method serial that answer holds for
    /// (interpolation formats a fixnum itself while it is).
    fixnum_to_s: (u64, bool),
}

impl Drop for Vm {
    fn drop(&mut self) {
        panic::leave_thread();
    }
}

impl Vm {
    pub fn new() -> Box<Vm> {
        let mut vm = Box::new(Vm {
            heap: Heap::new(),
            stack: crate::object::vstack::ValueStack::with_capacity(1 << 16),
            frames: crate::object::reuse::ReuseStack::with_capacity(256),
            // boot defines about 2,050 methods; room for twice that is never copied while
            // the table grows (and its untouched tail costs no page faults)
            methods: Vec::with_capacity(4096),
            interp_buf: Vec::new(),
            fiber: Value::NIL,
            stack_floor: 0,
            resumers: Vec::new(),
            yielders: Default::default(),
            closed_scratch: Vec::new(),
            fixnum_to_s: (u64::MAX, false),
            serial: 0,
            method_cache: AHashMap::new(),
            globals: AHashMap::new(),
            c: Core::default(),
            main: Value::NIL,
            codes: Vec::new(),
            eval_codes: Vec::new(),
            kept: Vec::new(),
            ensure_stack: Vec::new(),
            next_id: 1,
            stdin: Value::NIL,
            stdout: Value::NIL,
            stderr: Value::NIL,
            io_stats: Default::default(),
            die_on_sigpipe: false,
            at_exit: Vec::new(),
            end_sites: Vec::new(),
            catch_tags: Vec::new(),
            native_depth: 0,
            rng: crate::core::random::Mt::new(5489),
            script_name: "-".into(),
            loading: Vec::new(),
            autoloads: Default::default(),
            top_cref: Rc::new(Cref::new(Value::NIL, None)),
            inspecting: Vec::new(),
            recursion: Default::default(),
            generic_ivars: AHashMap::new(),
            global_traces: AHashMap::new(),
            class_eval_target: None,
            spare_blocks: Default::default(),
            spare_env: None,
            pending_kw: false,
            global_aliases: AHashMap::new(),
            const_locations: AHashMap::new(),
            booted: false,
            toplevel_binding_pending: false,
            external_binary: false,
            default_internal: None,
            encodings: Vec::new(),
            enc_loaded: 0,
            traps: Vec::new(),
            top_vis: Visibility::Private,
            exit_trap: Value::NIL,
            env: Default::default(),
            set_loading: false,
            interrupt: Default::default(),
            ctrl_c: Default::default(),
            ops_redefined: false,
            preds_redefined: 0,
            regexp_timeout: None,
            timeouts: Default::default(),
            threads: Default::default(),
            weak_maps: Vec::new(),
            cref_override: None,
            eval_singleton: false,
            refinements_used: false,
            cur_pc: 0,
            hidden_frame: usize::MAX,
        });
        vm.heap.set_disabled(true);
        crate::core::init(&mut vm);
        vm.top_cref = Rc::new(Cref::new(vm.c.object, None));
        vm.heap.set_disabled(false);
        vm.heap
            .set_stress(std::env::var_os("RUBRA_GC_STRESS").is_some_and(|v| v == "1"));
        panic::enter_thread();
        vm
    }

    pub fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Keeps `v` alive for the life of the VM (compile-time constants).
    pub fn keep(&mut self, v: Value) {
        if v.is_heap() {
            self.kept.push(v);
        }
    }

    pub fn register_code(&mut self, code: &Rc<Code>) {
        self.codes.push(code.clone());
    }

    /// Registers code compiled by eval (its constants are marked while it is alive).
    pub fn register_eval_code(&mut self, code: &Rc<Code>) {
        self.eval_codes.push(Rc::downgrade(code));
    }

    // ---- classes ----

    pub fn class_data(&self, klass: Value) -> &'static mut ClassData {
        payload::<ClassData>(klass).expect("a class")
    }

    /// Creates a class or module object (not yet named or assigned to a constant).
    pub fn new_class_raw(&mut self, superclass: Value, is_module: bool) -> Value {
        let data = ClassData::new(superclass, is_module);
        let ty = if is_module { T_MODULE } else { T_CLASS };
        let klass = if is_module {
            self.c.module
        } else {
            self.c.class
        };
        let v = self.heap.alloc_boxed(ty, klass, Box::new(data));
        // caches keyed by a class's address (method, ivar) hold for one `serial`: a new class
        // may reuse the slot of a collected one
        self.bump_serial();
        if !is_module && superclass.is_heap() {
            let it = self.class_data(superclass).instance_type;
            self.class_data(v).instance_type = it;
        }
        v
    }

    /// Creates a class with its metaclass (whose superclass is the superclass's metaclass).
    pub fn new_class(&mut self, superclass: Value) -> Value {
        let v = self.new_class_raw(superclass, false);
        if superclass.is_heap() {
            let super_meta = self.metaclass(superclass);
            let meta = self.new_class_raw(super_meta, false);
            let md = self.class_data(meta);
            md.is_singleton = true;
            md.attached = v;
            crate::object::heap::set_klass(v, meta);
            self.class_data(v).meta = meta;
        }
        v
    }

    /// Defines (or reopens) a named class under `outer`.
    pub fn define_class_under(&mut self, outer: Value, name: &str, superclass: Value) -> Value {
        let id = intern(name);
        if let Some(c) = self.class_data(outer).const_get(id) {
            return c;
        }
        let v = self.new_class(superclass);
        self.name_class(v, outer, name);
        self.class_data(outer).const_set(id, v);
        v
    }

    pub fn define_class(&mut self, name: &str, superclass: Value) -> Value {
        let o = self.c.object;
        self.define_class_under(o, name, superclass)
    }

    pub fn define_module(&mut self, name: &str) -> Value {
        let o = self.c.object;
        self.define_module_under(o, name)
    }

    /// Defines (or reopens) a named module under `outer`.
    pub fn define_module_under(&mut self, outer: Value, name: &str) -> Value {
        let id = intern(name);
        if let Some(c) = self.class_data(outer).const_get(id) {
            return c;
        }
        let v = self.new_class_raw(Value::NIL, true);
        self.name_class(v, outer, name);
        self.class_data(outer).const_set(id, v);
        v
    }

    pub fn name_class(&mut self, v: Value, outer: Value, name: &str) {
        let full = if outer == self.c.object || outer.is_nil() {
            name.to_string()
        } else {
            match &self.class_data(outer).name {
                Some(o) => format!("{o}::{name}"),
                None => name.to_string(),
            }
        };
        let d = self.class_data(v);
        if d.name.is_none() {
            d.name = Some(full);
            d.lexical_parent = outer;
        }
    }

    /// The metaclass of a class or module (made on first use for modules).
    pub fn metaclass(&mut self, klass: Value) -> Value {
        let d = self.class_data(klass);
        if d.meta.is_heap() {
            return d.meta;
        }
        self.singleton_class(klass)
    }

    /// The singleton class of any object, made on first use.
    pub fn singleton_class(&mut self, obj: Value) -> Value {
        if obj.is_immediate() {
            return self.class_of(obj);
        }
        let k = crate::object::heap::klass_of(obj);
        if k.is_heap() && self.class_data(k).is_singleton && self.class_data(k).attached == obj {
            return k;
        }
        let superclass = if matches!(type_of(obj), T_CLASS) {
            let sup = self.class_data(obj).superclass;
            if sup.is_heap() {
                self.metaclass(sup)
            } else {
                self.c.class
            }
        } else if type_of(obj) == T_MODULE {
            self.c.module
        } else {
            k
        };
        let meta = self.new_class_raw(superclass, false);
        let md = self.class_data(meta);
        md.is_singleton = true;
        md.attached = obj;
        crate::object::heap::set_klass(obj, meta);
        if matches!(type_of(obj), T_CLASS | T_MODULE) {
            self.class_data(obj).meta = meta;
        }
        self.bump_serial();
        meta
    }

    /// The class of any value (its singleton class if it has one).
    #[inline]
    pub fn class_of(&self, v: Value) -> Value {
        if v.is_heap() {
            return crate::object::heap::klass_of(v);
        }
        if v.is_fixnum() {
            self.c.integer
        } else if v.is_flonum() {
            self.c.float
        } else if v.is_symbol() {
            self.c.symbol
        } else if v == Value::NIL {
            self.c.nil
        } else if v == Value::TRUE {
            self.c.true_
        } else {
            self.c.false_
        }
    }

    /// The non-singleton class of a value (`obj.class`).
    pub fn real_class(&self, v: Value) -> Value {
        let mut k = self.class_of(v);
        while self.class_data(k).is_singleton {
            k = self.class_data(k).superclass;
        }
        k
    }

    pub fn class_name(&self, klass: Value) -> String {
        let d = self.class_data(klass);
        if let Some(n) = &d.name {
            return n.clone();
        }
        if let Some(n) = self.refinement_name(klass) {
            return n;
        }
        if d.is_singleton {
            return format!("#<Class:{}>", self.inspect_for_name(d.attached));
        }
        format!(
            "#<{}:{:#018x}>",
            if d.is_module { "Module" } else { "Class" },
            klass.bits()
        )
    }

    fn inspect_for_name(&self, v: Value) -> String {
        if matches!(type_of(v), T_CLASS | T_MODULE) {
            self.class_name(v)
        } else {
            format!(
                "#<{}:{:#018x}>",
                self.class_name(self.real_class(v)),
                v.bits()
            )
        }
    }

    /// Ancestors (method resolution order) of a class, cached per method-state serial.
    pub fn ancestors(&mut self, klass: Value) -> Vec<Value> {
        self.refresh_mro(klass);
        self.class_data(klass).mro.clone()
    }

    /// Brings `klass`'s cached ancestor list up to date and returns its length; callers that
    /// only walk it read `class_data(klass).mro[i]` instead of cloning it (constant lookup).
    pub fn refresh_mro(&mut self, klass: Value) -> usize {
        let d = self.class_data(klass);
        if d.mro_serial == self.serial {
            return d.mro.len();
        }
        let mut out = Vec::new();
        let mut k = klass;
        while k.is_heap() {
            self.push_with_modules(k, &mut out);
            k = self.class_data(k).superclass;
        }
        let d = self.class_data(klass);
        d.mro = out;
        d.mro_serial = self.serial;
        d.mro.len()
    }

    fn push_with_modules(&self, k: Value, out: &mut Vec<Value>) {
        let d = self.class_data(k);
        for &m in d.prepends.iter().rev() {
            if !out.contains(&m) {
                self.push_with_modules(m, out);
            }
        }
        if !out.contains(&k) {
            out.push(k);
        }
        for &m in d.includes.iter().rev() {
            if !out.contains(&m) {
                self.push_with_modules(m, out);
            }
        }
    }

    /// The method entry of `recv.name` if it is the native `f` (not redefined or overridden for
    /// `recv`): lets a native walk a receiver directly where CRuby's would call that method
    /// (under a frame for it: `Vm::in_native_frame`).
    pub fn method_if_native(&mut self, recv: Value, name: u32, f: NativeFn) -> Option<u32> {
        let k = self.class_of(recv);
        let m = self.find_method(k, name)?;
        match self.methods[m as usize].body {
            MethodBody::Native(g, ..) if std::ptr::fn_addr_eq(f, g) => Some(m),
            _ => None,
        }
    }

    /// Finds a method by name starting at `klass`; returns its entry index.
    pub fn find_method(&mut self, klass: Value, name: u32) -> Option<u32> {
        if let Some(&m) = self.method_cache.get(&(klass.bits(), name)) {
            return if m == NO_METHOD { None } else { Some(m) };
        }
        let mut found = NO_METHOD;
        for k in self.ancestors(klass) {
            if let Some(&m) = self.class_data(k).methods.get(&name) {
                found = if matches!(self.methods[m as usize].body, MethodBody::Undefined) {
                    NO_METHOD
                } else {
                    m
                };
                break;
            }
        }
        self.method_cache.insert((klass.bits(), name), found);
        if found == NO_METHOD {
            None
        } else {
            Some(found)
        }
    }

    /// Finds the next method named `name` after `after` in the ancestors of `klass` (super).
    pub fn find_super_method(&mut self, klass: Value, after: Value, name: u32) -> Option<u32> {
        let anc = self.ancestors(klass);
        let start = match anc.iter().position(|&k| k == after) {
            Some(i) => i + 1,
            // `super` in a refined method runs the refined class's own method
            None => {
                let target = self.refinement_target(after)?;
                anc.iter().position(|&k| k == target)?
            }
        };
        for &k in &anc[start..] {
            if let Some(&m) = self.class_data(k).methods.get(&name) {
                return if matches!(self.methods[m as usize].body, MethodBody::Undefined) {
                    None
                } else {
                    Some(m)
                };
            }
        }
        None
    }

    /// The (name, method entry) pairs defined directly in `klass`, in definition order.
    pub fn methods_in_order(&self, klass: Value) -> Vec<(u32, u32)> {
        let mut entries: Vec<(u32, u32)> = self
            .class_data(klass)
            .methods
            .iter()
            .map(|(a, b)| (*a, *b))
            .collect();
        entries.sort_by_key(|e| e.1);
        entries
    }

    pub fn add_method(
        &mut self,
        klass: Value,
        name: u32,
        body: MethodBody,
        vis: Visibility,
    ) -> u32 {
        let idx = self.methods.len() as u32;
        self.methods.push(MethodEntry {
            name,
            original: name,
            owner: klass,
            vis,
            body,
        });
        self.class_data(klass).methods.insert(name, idx);
        self.invalidate();
        if self.booted {
            self.note_method_change(klass, name);
        }
        idx
    }

    /// Switches off the inline paths a change to method `name` of `klass` (a definition or a
    /// removal after boot) could make wrong.
    pub fn note_method_change(&mut self, klass: Value, name: u32) {
        // a refinement's method can replace the class's wherever the refinement is active
        let klass = self.refinement_target(klass).unwrap_or(klass);
        let name = sym_name(name);
        if FAST_OPS.contains(&name) && self.has_fast_ops(klass) {
            self.ops_redefined = true;
        }
        if let Some(i) = FAST_PREDICATES.iter().position(|&p| p == name) {
            self.preds_redefined |= 1 << i;
        }
    }

    /// Whether the dispatch loop may answer `FAST_PREDICATES[i]` inline.
    #[inline]
    pub fn predicate_intact(&self, i: usize) -> bool {
        self.preds_redefined & (1 << i) == 0
    }

    /// Whether instances of `klass` take the inline operator fast paths.
    pub fn has_fast_ops(&self, klass: Value) -> bool {
        let c = &self.c;
        [
            c.integer, c.float, c.array, c.hash, c.symbol, c.nil, c.true_, c.false_,
        ]
        .contains(&klass)
    }

    /// Moves the method state (`serial`: method and ivar caches, keyed by class addresses) and
    /// the constant state with it: an ancestor change can change what a constant resolves to,
    /// and a new class may reuse a collected module's address, which `Scope::NAME` caches key.
    pub(crate) fn bump_serial(&mut self) {
        self.serial += 1;
        crate::object::class::bump_const_serial();
    }

    pub fn invalidate(&mut self) {
        self.bump_serial();
        self.method_cache.clear();
    }

    /// Registers native methods on a class.
    pub fn define_natives(&mut self, klass: Value, table: &[(&'static str, NativeFn, i16, i16)]) {
        self.define_natives_as(klass, table, Visibility::Public);
    }

    fn define_natives_as(
        &mut self,
        klass: Value,
        table: &[(&'static str, NativeFn, i16, i16)],
        vis: Visibility,
    ) {
        // one allocation for the class's table rather than one for each doubling
        self.class_data(klass).methods.reserve(table.len());
        for &(name, f, min, max) in table {
            self.add_method(
                klass,
                crate::object::symbol::intern_static(name),
                MethodBody::Native(f, min, max),
                vis,
            );
        }
    }

    /// Registers native singleton methods (class methods) on a class or module.
    pub fn define_singleton_natives(
        &mut self,
        obj: Value,
        table: &[(&'static str, NativeFn, i16, i16)],
    ) {
        let meta = self.singleton_class(obj);
        self.define_natives(meta, table);
    }

    /// Registers private natives (Kernel functions like `puts`).
    pub fn define_private_natives(
        &mut self,
        klass: Value,
        table: &[(&'static str, NativeFn, i16, i16)],
    ) {
        self.define_natives_as(klass, table, Visibility::Private);
    }

    pub fn is_a(&mut self, v: Value, klass: Value) -> bool {
        let c = self.class_of(v);
        c == klass || self.ancestors(c).contains(&klass)
    }

    // ---- object creation ----

    pub fn int(&mut self, i: i64) -> Value {
        if Value::fits_fixnum(i) {
            Value::fixnum(i)
        } else {
            self.bigint(BigInt::from(i))
        }
    }

    /// An Integer from a big integer (normalised to a fixnum when it fits).
    pub fn bigint(&mut self, b: BigInt) -> Value {
        use num_traits::ToPrimitive;
        if let Some(i) = b.to_i64()
            && Value::fits_fixnum(i)
        {
            return Value::fixnum(i);
        }
        let k = self.c.integer;
        let v = self
            .heap
            .alloc_boxed(T_BIGNUM, k, Box::new(crate::core::integer::Big(b)));
        crate::object::heap::set_frozen(v);
        v
    }

    pub fn bigint_from_str(&mut self, digits: &str) -> Value {
        let b: BigInt = digits.parse().unwrap_or_default();
        self.bigint(b)
    }

    pub fn float(&mut self, f: f64) -> Value {
        if let Some(v) = Value::try_flonum(f) {
            return v;
        }
        let k = self.c.float;
        let v = self.heap.alloc(RFloat {
            basic: RBasic::new(T_FLOAT | FL_FROZEN, k),
            value: f,
        });
        crate::object::heap::set_frozen(v);
        v
    }

    pub fn str_new(&mut self, bytes: &[u8]) -> Value {
        let k = self.c.string;
        string::new_string(&mut self.heap, k, bytes)
    }

    /// A new US-ASCII String of ASCII bytes (what CRuby's number formatting returns), its code
    /// range known.
    pub fn str_ascii(&mut self, bytes: &[u8]) -> Value {
        debug_assert!(bytes.is_ascii());
        let s = self.str_new(bytes);
        string::set_encoding(s, string::Encoding::UsAscii);
        string::set_seven_bit(s);
        s
    }

    /// The bytes of the String `v`, borrowed from the heap (object/string.rs `bytes`): the
    /// borrow checker keeps them from living across anything that takes `&mut Vm`.
    #[inline]
    #[track_caller]
    pub fn bytes(&self, v: Value) -> &[u8] {
        string::bytes(&self.heap, v)
    }

    /// A new String holding a copy of the bytes `beg..beg + len` of the String `src`, as
    /// `str_new` of those bytes (always a copy, UTF-8 like `str_new`: callers copy the encoding
    /// where they want it). `substr` makes substrings by the subseq rule.
    pub fn str_copy(&mut self, src: Value, beg: usize, len: usize) -> Value {
        let k = self.c.string;
        string::new_copy(&mut self.heap, k, src, beg, len)
    }

    /// A new String (class String, UTF-8) with a copy of the bytes of the String `src`.
    pub fn str_dup(&mut self, src: Value) -> Value {
        self.str_copy(src, 0, string::len(src))
    }

    /// A new String that takes `buf` as its bytes (no copy for a heap string).
    pub fn str_from_vec(&mut self, buf: Vec<u8>) -> Value {
        let k = self.c.string;
        string::new_from_vec(&mut self.heap, k, buf)
    }

    /// The substring `beg..beg + len` (bytes) of `src`, by the subseq rule (object/string.rs
    /// `substr`): every method that returns a piece of a string makes it here.
    pub fn substr(&mut self, src: Value, beg: usize, len: usize) -> Value {
        let k = self.c.string;
        string::substr(&mut self.heap, k, src, beg, len)
    }

    pub fn str_from(&mut self, s: impl AsRef<str>) -> Value {
        self.str_new(s.as_ref().as_bytes())
    }

    /// The deduplicated frozen string for `bytes` (frozen literals, `-str`, hash keys, symbol
    /// names), from the process-wide fstring table (object/fstring.rs). The table does not keep
    /// it alive: when it dies, the sweeper removes it.
    pub fn fstring(&mut self, bytes: &[u8]) -> Value {
        self.fstring_enc(bytes, string::Encoding::Utf8)
    }

    /// The interned frozen string of `bytes` in encoding `enc` (strings of different encodings
    /// are different entries, as in CRuby).
    pub fn fstring_enc(&mut self, bytes: &[u8], enc: string::Encoding) -> Value {
        let k = self.c.string;
        let heap = &mut self.heap;
        let key = string::fstring_key(heap.owner, enc);
        let (v, inserted) = fstring::table().intern_value(key, bytes, || {
            let v = string::new_string(heap, k, bytes);
            string::set_encoding(v, enc);
            string::set_fstr(v);
            v
        });
        self.heap.strings.note_fstring(inserted);
        v
    }

    /// The interned frozen string with the bytes and encoding of the String `s` (a copy of it
    /// when the table has none), as `fstring_enc(bytes of s, encoding of s)`.
    pub fn fstring_of(&mut self, s: Value) -> Value {
        let k = self.c.string;
        let enc = string::encoding(s);
        let (v, inserted) = string::intern_copy(&mut self.heap, k, s, enc);
        self.heap.strings.note_fstring(inserted);
        v
    }

    /// `-str`: the interned string equal to `s`. A frozen, unshared, plain String that is not
    /// interned yet becomes the interned one itself (no copy), as CRuby's rb_fstring.
    pub fn dedup(&mut self, s: Value) -> Value {
        if crate::object::heap::flags_of(s) & string::STR_FSTR != 0 {
            return s;
        }
        let enc = string::encoding(s);
        let bare = string::is_frozen(s)
            && !string::is_shared(s)
            && !string::is_chilled(s)
            && crate::object::heap::klass_of(s) == self.c.string
            && !self.generic_ivars.contains_key(&s);
        if !bare {
            return self.fstring_of(s);
        }
        let key = string::fstring_key(self.heap.owner, enc);
        let (v, inserted) =
            fstring::table().intern_value(key, string::bytes(&self.heap, s), || {
                string::set_fstr(s);
                s
            });
        self.heap.strings.note_fstring(inserted);
        v
    }

    /// A new Array holding `vec`'s elements (embedded in its slot when they fit one).
    pub fn ary_new(&mut self, vec: Vec<Value>) -> Value {
        let k = self.c.array;
        self.heap.alloc_array_vec(k, vec)
    }

    /// A new Array holding a copy of `items`: CRuby's `rb_ary_new_from_values`, embedded in the
    /// slot that holds them when one does (no malloc).
    pub fn ary_from_slice(&mut self, items: &[Value]) -> Value {
        let k = self.c.array;
        self.heap.alloc_array(k, items, 0)
    }

    /// A new empty Array with room for `capa` elements: CRuby's `rb_ary_new_capa` (the slot
    /// that holds `capa` Values, or a Vec of that capacity when none does).
    pub fn ary_new_capa(&mut self, capa: usize) -> Value {
        let k = self.c.array;
        self.heap.alloc_array(k, &[], capa)
    }

    pub fn hash_new(&mut self) -> Value {
        let k = self.c.hash;
        self.heap.alloc_boxed(T_HASH, k, Box::new(RHash::new()))
    }

    pub fn range_new(&mut self, begin: Value, end: Value, excl: bool) -> Value {
        let k = self.c.range;
        let v = self.heap.alloc(RRange {
            basic: RBasic::new(T_RANGE, k),
            begin,
            end,
            excl,
        });
        crate::object::heap::set_frozen(v);
        v
    }

    pub fn frozen_range(&mut self, begin: Value, end: Value, excl: bool) -> Value {
        let v = self.range_new(begin, end, excl);
        self.keep(v);
        v
    }

    pub fn sym(&self, name: &str) -> Value {
        Value::symbol(intern(name))
    }

    /// A new plain object of class `klass` (T_OBJECT), with room in its slot for as many
    /// instance variables as the class has seen (CRuby sizes it by the class's
    /// `max_iv_count`): most objects keep their ivars in the slot and malloc nothing.
    pub fn object_new(&mut self, klass: Value) -> Value {
        let capa = payload::<ClassData>(klass).map_or(0, |d| d.ivar_names.len());
        // every slot the class knows of exists, empty (UNDEF) until set: `ivar_set_with` then
        // writes in place on its first set too, without growing the body
        self.heap.alloc_object(klass, capa)
    }

    pub fn is_frozen(&self, v: Value) -> bool {
        !v.is_heap() || crate::object::heap::flags_of(v) & FL_FROZEN != 0
    }

    pub fn freeze(&mut self, v: Value) {
        if v.is_heap() {
            crate::object::heap::set_frozen(v);
            if type_of(v) == T_STRING {
                string::set_chilled(v, false);
            }
        }
    }

    // ---- instance variables ----

    pub fn ivar_get(&self, obj: Value, id: u32) -> Value {
        match type_of(obj) {
            T_OBJECT => {
                let k = self.real_class(obj);
                match self.class_data(k).ivar_index.get(&id) {
                    // (a slot another object of the class set first is a hole here: UNDEF)
                    Some(&i) => robject(obj)
                        .ivars
                        .get(i as usize)
                        .copied()
                        .filter(|v| !v.is_undef())
                        .unwrap_or(Value::NIL),
                    None => Value::NIL,
                }
            }
            T_CLASS | T_MODULE => self
                .class_data(obj)
                .own_ivars
                .iter()
                .find(|p| p.0 == id)
                .map(|p| p.1)
                .unwrap_or(Value::NIL),
            _ => self
                .generic_ivars(obj)
                .and_then(|iv| iv.iter().find(|p| p.0 == id).map(|p| p.1))
                .unwrap_or(Value::NIL),
        }
    }

    pub fn ivar_defined(&self, obj: Value, id: u32) -> bool {
        match type_of(obj) {
            T_OBJECT => {
                let k = self.real_class(obj);
                match self.class_data(k).ivar_index.get(&id) {
                    Some(&i) => robject(obj)
                        .ivars
                        .get(i as usize)
                        .is_some_and(|v| !v.is_undef()),
                    None => false,
                }
            }
            T_CLASS | T_MODULE => self.class_data(obj).own_ivars.iter().any(|p| p.0 == id),
            _ => self
                .generic_ivars(obj)
                .is_some_and(|iv| iv.iter().any(|p| p.0 == id)),
        }
    }

    /// `@name` read through ivar site `site`'s cache: nil when unset.
    #[inline]
    pub fn ivar_get_cached(&self, obj: Value, site: &IvarSite) -> Value {
        let v = self.ivar_get_with(obj, site.name, &site.cache);
        if v.is_undef() { Value::NIL } else { v }
    }

    /// `@name = v` through ivar site `site`'s cache.
    #[inline]
    pub fn ivar_set_cached(&mut self, obj: Value, site: &IvarSite, v: Value) -> VmResult<()> {
        self.ivar_set_with(obj, site.name, &site.cache, v)
    }

    /// Whether `c` applies to `obj`: an Object whose class (singleton included) is the one
    /// cached, under the current method/ivar serial.
    #[inline(always)]
    fn ivar_cache_hit(&self, obj: Value, c: IvarCache) -> bool {
        type_of(obj) == T_OBJECT
            && c.klass == crate::object::heap::klass_of(obj).bits()
            && c.serial == self.serial
    }

    /// Reads ivar `id` of `obj` through `cache`: on a hit, the slot index is known.
    #[inline]
    pub fn ivar_get_with(&self, obj: Value, id: u32, cache: &Cell<IvarCache>) -> Value {
        let c = cache.get();
        if self.ivar_cache_hit(obj, c) {
            return crate::object::slotvec::element::<T_OBJECT>(obj, c.index as usize)
                .unwrap_or(Value::NIL);
        }
        self.ivar_fill(obj, id, cache);
        self.ivar_get(obj, id)
    }

    /// Sets ivar `id` of `obj` through `cache`: inline when the cache names `obj`'s class and
    /// the slot exists; `ivar_set_slow` otherwise.
    #[inline(always)]
    pub fn ivar_set_with(
        &mut self,
        obj: Value,
        id: u32,
        cache: &Cell<IvarCache>,
        v: Value,
    ) -> VmResult<()> {
        if self.ivar_set_hit(obj, cache, v) {
            return Ok(());
        }
        self.ivar_set_slow(obj, id, cache, v)
    }

    /// Sets the ivar `cache` knows the slot of, when the cache applies to `obj`, `obj` is not
    /// frozen and the slot exists; false (nothing done) otherwise.
    #[inline(always)]
    pub fn ivar_set_hit(&mut self, obj: Value, cache: &Cell<IvarCache>, v: Value) -> bool {
        let c = cache.get();
        if self.ivar_cache_hit(obj, c)
            && !self.is_frozen(obj)
            && let Some(slot) = robject(obj).ivars.get_mut(c.index as usize)
        {
            *slot = v;
            return true;
        }
        false
    }

    /// `ivar_set_with` when the slot is not there yet or the cache does not apply.
    #[inline(never)]
    fn ivar_set_slow(
        &mut self,
        obj: Value,
        id: u32,
        cache: &Cell<IvarCache>,
        v: Value,
    ) -> VmResult<()> {
        let c = cache.get();
        if self.ivar_cache_hit(obj, c) && !self.is_frozen(obj) {
            let ivars = &mut robject(obj).ivars;
            let i = c.index as usize;
            if i >= ivars.len() {
                ivars.resize(i + 1, Value::UNDEF);
            }
            ivars[i] = v;
            return Ok(());
        }
        self.ivar_set(obj, id, v)?;
        self.ivar_fill(obj, id, cache);
        Ok(())
    }

    /// Fills `cache` for `obj`'s class when the class has a slot for ivar `id`.
    #[inline(never)]
    fn ivar_fill(&self, obj: Value, id: u32, cache: &Cell<IvarCache>) {
        if type_of(obj) != T_OBJECT {
            return;
        }
        let k = self.real_class(obj);
        if let Some(&i) = self.class_data(k).ivar_index.get(&id) {
            cache.set(IvarCache {
                klass: crate::object::heap::klass_of(obj).bits(),
                serial: self.serial,
                index: i,
            });
        }
    }

    pub fn ivar_set(&mut self, obj: Value, id: u32, v: Value) -> VmResult<()> {
        if self.is_frozen(obj) {
            return Err(self.frozen_error(obj));
        }
        match type_of(obj) {
            T_OBJECT => {
                let k = self.real_class(obj);
                let i = self.class_data(k).ivar_slot(id) as usize;
                let ivars = &mut robject(obj).ivars;
                if ivars.len() <= i {
                    ivars.resize(i + 1, Value::UNDEF);
                }
                ivars[i] = v;
            }
            T_CLASS | T_MODULE => {
                let d = self.class_data(obj);
                match d.own_ivars.iter_mut().find(|p| p.0 == id) {
                    Some(p) => p.1 = v,
                    None => d.own_ivars.push((id, v)),
                }
            }
            _ => {
                let iv = self.generic_ivars.entry(obj).or_default();
                match iv.iter_mut().find(|p| p.0 == id) {
                    Some(p) => p.1 = v,
                    None => iv.push((id, v)),
                }
            }
        }
        Ok(())
    }

    /// Removes instance variable `id` from `obj` (its slot becomes empty).
    pub fn ivar_remove(&mut self, obj: Value, id: u32) {
        match type_of(obj) {
            T_OBJECT => {
                let k = self.real_class(obj);
                if let Some(&i) = self.class_data(k).ivar_index.get(&id)
                    && let Some(slot) = robject(obj).ivars.get_mut(i as usize)
                {
                    *slot = Value::UNDEF;
                }
            }
            T_CLASS | T_MODULE => self.class_data(obj).own_ivars.retain(|p| p.0 != id),
            _ => {
                if let Some(iv) = self.generic_ivars.get_mut(&obj) {
                    iv.retain(|p| p.0 != id);
                }
            }
        }
    }

    /// Names of the instance variables set on `obj`, in definition order.
    pub fn ivar_names(&self, obj: Value) -> Vec<u32> {
        match type_of(obj) {
            T_OBJECT => {
                let k = self.real_class(obj);
                let names = &self.class_data(k).ivar_names;
                robject(obj)
                    .ivars
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| !v.is_undef())
                    .map(|(i, _)| names[i])
                    .filter(|&n| sym_name(n).starts_with('@'))
                    .collect()
            }
            T_CLASS | T_MODULE => self
                .class_data(obj)
                .own_ivars
                .iter()
                .map(|p| p.0)
                .filter(|&n| sym_name(n).starts_with('@'))
                .collect(),
            _ => self
                .generic_ivars(obj)
                .map(|iv| iv.iter().map(|p| p.0).collect())
                .unwrap_or_default(),
        }
    }

    fn generic_ivars(&self, obj: Value) -> Option<&Vec<(u32, Value)>> {
        self.generic_ivars.get(&obj)
    }

    // ---- output ----

    /// Writes out what STDOUT has buffered (before the REPL prompts, and before `sleep`).
    pub fn flush_out(&mut self) {
        if let Some(s) = crate::core::io::stream_of(self.stdout) {
            let _ = s.flush(&mut self.io_stats);
        }
    }

    /// Writes to STDERR, which is unbuffered. As in CRuby, this does not flush STDOUT: when
    /// both go to one pipe, what STDOUT buffered comes out later.
    pub fn write_err(&mut self, bytes: &[u8]) {
        match crate::core::io::stream_of(self.stderr) {
            Some(s) if !s.is_closed() => {
                let _ = s.write(bytes, false, &mut self.io_stats);
            }
            _ => {
                let _ = std::io::stderr().write_all(bytes);
            }
        }
    }

    // ---- globals ----

    pub fn gvar_get(&self, name: &str) -> Value {
        self.globals
            .get(&intern(name))
            .copied()
            .unwrap_or(Value::NIL)
    }

    pub fn gvar_set(&mut self, name: &str, v: Value) {
        self.globals.insert(intern(name), v);
    }

    /// `gvar_get` by symbol id: natives name their globals with `sym!("$_")`, which interns once
    /// per call site (`intern` through the fstring table cost ~180 instructions a call).
    pub fn gvar_id_get(&self, id: u32) -> Value {
        self.globals.get(&id).copied().unwrap_or(Value::NIL)
    }

    /// `gvar_set` by symbol id.
    pub fn gvar_id_set(&mut self, id: u32, v: Value) {
        self.globals.insert(id, v);
    }
}
