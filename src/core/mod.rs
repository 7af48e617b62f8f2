//! The core library: one file per Ruby class or module, each starting with its method table.
//! `init` builds the class hierarchy and registers every table.

pub mod argf;
pub mod array;
pub mod array_access;
pub mod array_comb;
pub mod array_enum;
pub mod array_iter;
pub mod array_qsort;
pub mod array_random;
pub mod array_set;
pub mod array_sort;
pub mod bigdecimal;
pub mod binding;
pub mod comparable;
pub mod complex;
pub mod date;
pub mod digest;
pub mod dir;
pub mod enumerable;
pub mod enumerator;
pub mod env;
pub mod errno;
pub mod etc;
pub mod etc_sysconf;
pub mod eval;
pub mod exception;
pub mod fiber;
pub mod file;
pub mod file_ops;
pub mod file_stat;
pub mod float;
pub mod float_conv;
pub mod format;
pub mod format_num;
pub mod gc;
pub mod globals;
pub mod hash;
pub mod hash_iter;
pub mod integer;
pub mod integer_bits;
pub mod integer_conv;
pub mod io;
pub mod io_console;
pub mod io_file;
pub mod io_pipe;
pub mod io_read;
pub mod io_stream;
#[cfg(test)]
mod io_vectors;
pub mod io_whole;
pub mod json;
pub mod kernel;
pub mod load;
pub mod load_resolve;
pub mod marshal;
pub mod math;
pub mod method;
pub mod module;
pub mod module_reflect;
pub mod numeric;
pub mod object;
pub mod objspace;
pub mod pack;
pub mod pattern;
pub mod pp;
pub mod process;
pub mod random;
pub mod range;
pub mod rational;
pub mod rational_round;
pub mod rbconfig;
pub mod refinement;
pub mod regexp;
pub mod securerandom;
pub mod set;
pub mod signal;
pub mod strftime;
pub mod string;
pub mod string_dump;
pub mod string_encode;
pub mod string_encode_opts;
pub mod string_encoding;
pub mod string_mutate;
pub mod string_normalize;
pub mod string_query;
pub mod string_regexp;
pub mod string_slice;
pub mod string_split;
pub mod string_tr;
#[cfg(test)]
mod string_vectors;
pub mod stringio;
pub mod strscan;
pub mod structs;
pub mod subprocess;
pub mod thread;
pub mod time;
pub mod time_exact;
pub mod time_new;
pub mod time_num;
pub mod timeout;
pub mod transcode;
pub mod version;
pub mod warning;
pub mod weakmap;
pub mod zlib;

use crate::object::heap::T_CLASS;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;

/// Builds the bootstrap classes (BasicObject, Object, Module, Class and their metaclasses), the
/// other core classes, and registers all native methods.
pub fn init(vm: &mut Vm) {
    // Bootstrap: classes exist before Class does, so their klass words are patched afterwards.
    let basic_object = vm.new_class_raw(Value::NIL, false);
    let object = vm.new_class_raw(basic_object, false);
    let module = vm.new_class_raw(object, false);
    let class = vm.new_class_raw(module, false);
    vm.c.basic_object = basic_object;
    vm.c.object = object;
    vm.c.module = module;
    vm.c.class = class;
    for k in [basic_object, object, module, class] {
        crate::object::heap::set_klass(k, class);
    }
    for (k, n) in [
        (basic_object, "BasicObject"),
        (object, "Object"),
        (module, "Module"),
        (class, "Class"),
    ] {
        vm.class_data(k).name = Some(n.to_string());
        vm.class_data(object).const_set(intern(n), k);
    }
    // metaclasses: BasicObject's derives from Class; the others from their superclass's.
    for k in [basic_object, object, module, class] {
        let _ = vm.singleton_class(k);
    }
    debug_assert_eq!(crate::object::heap::type_of(object), T_CLASS);
    vm.c.kernel = vm.define_module("Kernel");
    vm.class_data(object).includes.push(vm.c.kernel);
    vm.c.comparable = vm.define_module("Comparable");
    vm.c.enumerable = vm.define_module("Enumerable");
    vm.invalidate();

    let o = object;
    vm.c.nil = vm.define_class("NilClass", o);
    vm.c.true_ = vm.define_class("TrueClass", o);
    vm.c.false_ = vm.define_class("FalseClass", o);
    vm.c.numeric = vm.define_class("Numeric", o);
    vm.class_data(vm.c.numeric).includes.push(vm.c.comparable);
    vm.c.integer = vm.define_class("Integer", vm.c.numeric);
    vm.c.float = vm.define_class("Float", vm.c.numeric);
    vm.c.string = vm.define_class("String", o);
    vm.class_data(vm.c.string).includes.push(vm.c.comparable);
    vm.class_data(vm.c.string).instance_type = crate::object::heap::T_STRING;
    vm.c.symbol = vm.define_class("Symbol", o);
    vm.class_data(vm.c.symbol).includes.push(vm.c.comparable);
    vm.c.array = vm.define_class("Array", o);
    vm.class_data(vm.c.array).includes.push(vm.c.enumerable);
    vm.class_data(vm.c.array).instance_type = crate::object::heap::T_ARRAY;
    vm.c.hash = vm.define_class("Hash", o);
    vm.class_data(vm.c.hash).includes.push(vm.c.enumerable);
    vm.class_data(vm.c.hash).instance_type = crate::object::heap::T_HASH;
    vm.c.range = vm.define_class("Range", o);
    vm.class_data(vm.c.range).instance_type = crate::object::heap::T_RANGE;
    vm.class_data(vm.c.range).includes.push(vm.c.enumerable);
    vm.c.proc_ = vm.define_class("Proc", o);
    vm.c.method = vm.define_class("Method", o);
    // Procs and Methods are made by blocks and `method`, never by `allocate`
    vm.class_data(vm.c.proc_).instance_type = crate::object::heap::T_NONE;
    vm.class_data(vm.c.method).instance_type = crate::object::heap::T_NONE;
    vm.c.enumerator = vm.define_class("Enumerator", o);
    vm.class_data(vm.c.enumerator)
        .includes
        .push(vm.c.enumerable);
    vm.c.struct_ = vm.define_class("Struct", o);
    vm.class_data(vm.c.struct_).includes.push(vm.c.enumerable);
    vm.invalidate();

    exception::init_classes(vm);
    errno::init(vm);
    vm.main = vm.object_new(o);

    object::init(vm);
    kernel::init(vm);
    globals::init(vm);
    load::init(vm);
    subprocess::init(vm);
    module::init(vm);
    module_reflect::init(vm);
    refinement::init(vm);
    integer::init(vm);
    string::init(vm);
    array::init(vm);
    hash::init(vm);
    math::init(vm);
    format::init(vm);
    exception::init(vm);
    gc::init(vm);
    io::init(vm);
    io_read::init(vm);
    io_file::init(vm);
    io_pipe::init(vm);
    io_whole::init(vm);
    argf::init(vm);
    file::init(vm);
    dir::init(vm);
    method::init(vm);
    random::init(vm);
    rational::init(vm);
    regexp::init(vm);
    pattern::init(vm);
    complex::init(vm);
    time::init(vm);
    env::init(vm);
    version::init(vm);
    warning::init(vm);
    set::init(vm);
    signal::init(vm);
    string_encoding::init(vm);
    string_encode::init(vm);
    string_query::init(vm);
    string_normalize::init(vm);
    pack::init(vm);
    comparable::init(vm);
    enumerable::init(vm);
    enumerator::init(vm);
    range::init(vm);
    structs::init(vm);
    process::init(vm);
    marshal::init(vm);
    binding::init(vm);
    eval::init(vm);
    thread::init(vm);
    fiber::init(vm);
    weakmap::init(vm);
    kernel::module_functions(vm);
    vm.invalidate();
    vm.booted = true;
}

/// Makes room in `v` for `n` more items, or NoMemoryError ("failed to allocate memory") when the
/// allocation fails, as CRuby raises, instead of aborting the process.
pub fn try_reserve<T>(vm: &mut Vm, v: &mut Vec<T>, n: usize) -> crate::vm::frame::VmResult<()> {
    // amortized (not exact): growth paths call this once per appended element
    if v.try_reserve(n).is_err() {
        return Err(vm.raise_str(vm.c.no_memory_error, "failed to allocate memory"));
    }
    Ok(())
}

/// An empty vector with room for `n` items (NoMemoryError as `try_reserve`).
pub fn try_with_capacity<T>(vm: &mut Vm, n: usize) -> crate::vm::frame::VmResult<Vec<T>> {
    let mut v = Vec::new();
    try_reserve(vm, &mut v, n)?;
    Ok(v)
}

/// `n` copies of `x` (NoMemoryError as `try_reserve`).
pub fn try_filled<T: Clone>(vm: &mut Vm, n: usize, x: T) -> crate::vm::frame::VmResult<Vec<T>> {
    let mut v = try_with_capacity(vm, n)?;
    v.resize(n, x);
    Ok(v)
}

/// Reads an Integer argument (TypeError for others, as CRuby's implicit conversion).
pub fn arg_int(vm: &mut Vm, v: Value) -> crate::vm::frame::VmResult<i64> {
    if v.is_fixnum() {
        return Ok(v.as_fixnum());
    }
    if v.is_flonum() || crate::object::heap::type_of(v) == crate::object::heap::T_FLOAT {
        // NUM2LONG: truncated, RangeError "float 1e+300 out of range of integer" (NaN too)
        return array::num2long(vm, v);
    }
    if crate::object::heap::type_of(v) == crate::object::heap::T_BIGNUM {
        return Err(vm.raise_str(vm.c.range_error, "bignum too big to convert into 'long'"));
    }
    if v.is_nil() {
        // rb_num2long's own wording for nil
        return Err(vm.type_error("no implicit conversion from nil to integer"));
    }
    let to_int = crate::object::symbol::intern("to_int");
    if v.is_heap() && vm.responds(v, to_int, true) {
        let r = vm.funcall(v, to_int, &[], None)?;
        if r.is_fixnum() {
            return Ok(r.as_fixnum());
        }
    }
    Err(vm.conversion_error(v, "Integer"))
}
