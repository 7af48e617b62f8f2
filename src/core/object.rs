//! BasicObject, Object, NilClass, TrueClass and FalseClass, and the VM's generic conversions
//! (`to_s`, `inspect`, `==`, `hash`/`eql?` for Hash keys).

use crate::object::heap::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::{intern, sym_name};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

type M = (&'static str, crate::vm::NativeFn, i16, i16);

const BASIC_OBJECT: &[M] = &[
    ("==", obj_equal, 1, 1),
    ("equal?", obj_equal, 1, 1),
    ("!", obj_not, 0, 0),
    ("!=", obj_neq, 1, 1),
    ("__id__", obj_id, 0, 0),
    ("__send__", obj_send, 1, -1),
    ("instance_eval", obj_instance_eval, 0, -1),
    ("instance_exec", obj_instance_exec, 0, -1),
];

const OBJECT: &[M] = &[
    ("eql?", obj_equal, 1, 1),
    ("===", obj_case_eq, 1, 1),
    ("!~", obj_not_match, 1, 1),
    ("<=>", obj_cmp, 1, 1),
    ("hash", obj_hash, 0, 0),
    ("class", obj_class, 0, 0),
    ("singleton_class", obj_singleton_class, 0, 0),
    ("inspect", obj_inspect, 0, 0),
    ("to_s", obj_to_s, 0, 0),
    ("nil?", obj_nil_p, 0, 0),
    ("is_a?", obj_is_a, 1, 1),
    ("kind_of?", obj_is_a, 1, 1),
    ("instance_of?", obj_instance_of, 1, 1),
    ("respond_to?", obj_respond_to, 1, 2),
    ("respond_to_missing?", obj_respond_to_missing, 2, 2),
    ("send", obj_send, 1, -1),
    ("public_send", obj_public_send, 1, -1),
    ("freeze", obj_freeze, 0, 0),
    ("frozen?", obj_frozen_p, 0, 0),
    ("dup", obj_dup, 0, 0),
    ("clone", obj_clone, 0, 1),
    ("itself", obj_itself, 0, 0),
    ("object_id", obj_id, 0, 0),
    ("tap", obj_tap, 0, 0),
    ("then", obj_then, 0, 0),
    ("yield_self", obj_then, 0, 0),
    ("instance_variable_get", obj_ivar_get, 1, 1),
    ("instance_variable_set", obj_ivar_set, 2, 2),
    ("instance_variable_defined?", obj_ivar_defined, 1, 1),
    ("instance_variables", obj_ivars, 0, 0),
    ("extend", obj_extend, 1, -1),
    ("define_singleton_method", obj_define_singleton_method, 1, 2),
    ("display", obj_display, 0, 1),
    ("remove_instance_variable", obj_remove_ivar, 1, 1),
    ("private_methods", obj_private_methods, 0, 1),
    ("methods", obj_methods, 0, 1),
    ("public_methods", obj_public_methods, 0, 1),
    ("singleton_methods", obj_singleton_methods, 0, 1),
];

const NIL: &[M] = &[
    ("to_s", nil_to_s, 0, 0),
    ("to_a", nil_to_a, 0, 0),
    ("to_h", nil_to_h, 0, 0),
    ("to_i", nil_to_i, 0, 0),
    ("to_f", nil_to_f, 0, 0),
    ("to_r", nil_to_r, 0, 0),
    ("rationalize", nil_to_r, 0, 1),
    ("inspect", nil_inspect, 0, 0),
    ("nil?", true_, 0, 0),
    ("===", nil_case_eq, 1, 1),
    ("=~", nil_match, 1, 1),
    ("&", false_and, 1, 1),
    ("|", bool_or, 1, 1),
    ("^", bool_or, 1, 1),
];

const TRUE: &[M] = &[
    ("to_s", true_to_s, 0, 0),
    ("inspect", true_to_s, 0, 0),
    ("&", true_and, 1, 1),
    ("|", true_, 1, 1),
    ("^", true_xor, 1, 1),
];
const FALSE: &[M] = &[
    ("to_s", false_to_s, 0, 0),
    ("inspect", false_to_s, 0, 0),
    ("&", false_and, 1, 1),
    ("|", bool_or, 1, 1),
    ("^", bool_or, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let (bo, o) = (vm.c.basic_object, vm.c.object);
    vm.define_natives(bo, BASIC_OBJECT);
    vm.define_private_natives(
        bo,
        &[
            // BasicObject#initialize takes no arguments (`Object.new(1)` is an ArgumentError)
            ("initialize", obj_initialize, 0, 0),
            ("method_missing", obj_method_missing, 1, -1),
            ("singleton_method_added", obj_noop, 1, 1),
            ("singleton_method_removed", obj_noop, 1, 1),
            ("singleton_method_undefined", obj_noop, 1, 1),
        ],
    );
    let k = vm.c.kernel;
    vm.define_private_natives(
        k,
        &[
            ("initialize_copy", obj_initialize_copy, 1, 1),
            ("initialize_dup", obj_initialize_dup, 1, 1),
            ("initialize_clone", obj_initialize_dup, 1, 2),
        ],
    );
    vm.define_natives(k, OBJECT);
    let _ = o;
    let (n, t, f) = (vm.c.nil, vm.c.true_, vm.c.false_);
    vm.define_natives(n, NIL);
    vm.define_natives(t, TRUE);
    vm.define_natives(f, FALSE);
    let main = vm.main;
    let meta = vm.singleton_class(main);
    vm.define_natives(
        meta,
        &[("to_s", main_to_s, 0, 0), ("inspect", main_to_s, 0, 0)],
    );
    vm.define_private_natives(
        meta,
        &[
            ("include", main_include, 1, -1),
            ("define_method", main_define_method, 1, 2),
            ("public", main_visibility, 0, -1),
            ("private", main_visibility, 0, -1),
        ],
    );
}

/// The f64 of a Float value (flonum or heap).
pub fn float_value(v: Value) -> f64 {
    if v.is_flonum() {
        v.as_flonum()
    } else {
        rfloat(v).value
    }
}

pub fn is_float(v: Value) -> bool {
    v.is_flonum() || type_of(v) == T_FLOAT
}

#[inline]
pub fn is_string(v: Value) -> bool {
    type_of(v) == T_STRING
}

/// The UTF-8 text of a String (lossy).
pub fn str_of(vm: &Vm, v: Value) -> String {
    String::from_utf8_lossy(string::bytes(&vm.heap, v)).into_owned()
}

impl Vm {
    /// `obj.to_s` as a String value (strings are returned as they are).
    pub fn to_s(&mut self, v: Value) -> VmResult {
        self.to_s_in(None, v)
    }

    /// `to_s` as called from scope `scope` (where a refined `to_s` may apply: interpolation).
    pub fn to_s_in(
        &mut self,
        scope: Option<&std::rc::Rc<crate::vm::frame::Cref>>,
        v: Value,
    ) -> VmResult {
        if is_string(v) {
            return Ok(v);
        }
        let r = match scope {
            Some(cref) => self.funcall_scoped(cref, v, crate::sym!("to_s"), &[], None, false)?,
            None => self.funcall(v, crate::sym!("to_s"), &[], None)?,
        };
        if is_string(r) {
            Ok(r)
        } else {
            Ok(self.default_to_s(v))
        }
    }

    pub fn to_s_string(&mut self, v: Value) -> VmResult<String> {
        let s = self.to_s(v)?;
        Ok(str_of(self, s))
    }

    /// `obj.inspect` as Rust text.
    pub fn inspect_str(&mut self, v: Value) -> VmResult<String> {
        let r = self.inspect(v)?;
        Ok(str_of(self, r))
    }

    /// `obj.inspect` as a String value.
    pub fn inspect(&mut self, v: Value) -> VmResult {
        if v.is_nil() {
            let s = self.str_from("nil");
            string::set_encoding(s, Encoding::UsAscii);
            return Ok(s);
        }
        let r = self.funcall(v, intern("inspect"), &[], None)?;
        if is_string(r) { Ok(r) } else { self.to_s(r) }
    }

    /// "#<Foo>" / "#<Foo:0x...>" as Object#to_s prints.
    pub fn default_to_s(&mut self, v: Value) -> Value {
        let k = self.real_class(v);
        let s = format!("#<{}:{:#018x}>", self.class_name(k), v.bits());
        let enc = super::string_encoding::sprintf_encoding(&s);
        let r = self.str_from(s);
        string::set_encoding(r, enc);
        r
    }

    /// Ruby `==`.
    pub fn equal(&mut self, a: Value, b: Value) -> VmResult<bool> {
        if a == b {
            return Ok(true);
        }
        if a.is_fixnum() && b.is_fixnum() || a.is_symbol() || a.is_nil() {
            return Ok(false);
        }
        if is_string(a) && is_string(b) {
            return Ok(string::bytes(&self.heap, a) == string::bytes(&self.heap, b)
                && super::string::comparable(a, b));
        }
        Ok(self.funcall(a, intern("=="), &[b], None)?.truthy())
    }

    /// Ruby `eql?` (Hash key equality).
    pub fn eql(&mut self, a: Value, b: Value) -> VmResult<bool> {
        if a == b {
            return Ok(true);
        }
        if a.is_immediate() && !a.is_flonum() {
            return Ok(false);
        }
        if is_string(a) && is_string(b) {
            return Ok(string::bytes(&self.heap, a) == string::bytes(&self.heap, b)
                && super::string::comparable(a, b));
        }
        if is_float(a) && is_float(b) {
            return Ok(float_value(a) == float_value(b));
        }
        if type_of(a) == T_ARRAY && type_of(b) == T_ARRAY {
            let (x, y) = (rarray(a).vec.to_vec(), rarray(b).vec.to_vec());
            if x.len() != y.len() {
                return Ok(false);
            }
            // a pair already being compared counts as equal (rb_exec_recursive_paired)
            let r = self.exec_recursive(crate::vm::recursion::Rec::Eql, a, b, |vm| {
                for (p, q) in x.iter().zip(y.iter()) {
                    if !vm.eql(*p, *q)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            })?;
            return Ok(r.unwrap_or(true));
        }
        Ok(self.funcall(a, intern("eql?"), &[b], None)?.truthy())
    }

    /// The hash of a Hash key: computed natively for built-in values, else `key.hash`.
    pub fn hash_of(&mut self, v: Value) -> VmResult<u64> {
        use std::hash::{BuildHasher, Hasher};
        if v.is_immediate() && !v.is_flonum() {
            // fixnums, symbols, nil, true, false: a multiply-xorshift mix of the bits
            return Ok(mix64(v.bits()));
        }
        let st = ahash::RandomState::with_seeds(1, 2, 3, 4);
        let mut h = st.build_hasher();
        if is_float(v) {
            let f = float_value(v);
            if f.fract() == 0.0 && f.abs() < 1e18 {
                h.write_u64(Value::fixnum(f as i64).bits() ^ 0x5555);
            } else {
                h.write_u64(f.to_bits());
            }
        } else {
            match type_of(v) {
                T_STRING => {
                    h.write(string::bytes(&self.heap, v));
                    // CRuby's rb_str_hash mixes in the encoding of a string that is not
                    // ASCII-only, so equal bytes of two encodings hash apart
                    let e = string::encoding(v);
                    if e != string::Encoding::Utf8
                        && string::code_range(v) != string::CodeRange::SevenBit
                    {
                        h.write_u8(e.index() as u8);
                    }
                }
                T_ARRAY => {
                    // an array inside itself contributes a constant
                    let inner = self.exec_recursive(
                        crate::vm::recursion::Rec::Hash,
                        v,
                        Value::UNDEF,
                        |vm| {
                            let mut h = st.build_hasher();
                            let items = rarray(v).vec.to_vec();
                            for e in items {
                                let x = vm.hash_of(e)?;
                                h.write_u64(x);
                            }
                            Ok(h.finish())
                        },
                    )?;
                    h.write_u64(inner.unwrap_or(0x5eed));
                    h.write_u64(7);
                }
                T_BIGNUM => h.write(
                    &payload::<crate::core::integer::Big>(v)
                        .expect("big")
                        .0
                        .to_signed_bytes_le(),
                ),
                _ => {
                    let k = self.class_of(v);
                    let m = self.find_method(k, intern("hash"));
                    // only Kernel#hash is the identity hash; other natives (Struct#hash,
                    // Range#hash) and Ruby definitions are called
                    let identity =
                        m.is_none_or(|m| self.methods[m as usize].owner == self.c.kernel);
                    if identity {
                        h.write_u64(v.bits());
                    } else {
                        let r = self.funcall(v, intern("hash"), &[], None)?;
                        h.write_u64(if r.is_fixnum() {
                            r.as_fixnum() as u64
                        } else {
                            r.bits()
                        });
                    }
                }
            }
        }
        Ok(h.finish())
    }
}

/// A 64-bit finalizing mix (xorshift-multiply rounds): every input bit moves every output bit.
#[inline]
fn mix64(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0x7fb5_d329_728e_a185);
    let x = (x ^ (x >> 27)).wrapping_mul(0x81da_def4_bc2d_d44d);
    x ^ (x >> 33)
}

fn obj_equal(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s == a[0]))
}
fn obj_not(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(!s.truthy()))
}
fn obj_neq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(!vm.equal(s, a[0])?))
}
/// obj !~ other -> !(obj =~ other)
fn obj_not_match(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let r = vm.funcall(s, intern("=~"), &[a[0]], None)?;
    Ok(Value::bool(!r.truthy()))
}
fn obj_id(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s.is_fixnum() {
        return Ok(vm.int(s.as_fixnum() * 2 + 1));
    }
    Ok(vm.int((s.bits() >> 3) as i64))
}
/// obj.initialize_copy(orig) -> obj (private; the copy already holds orig's state)
fn obj_initialize_copy(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if s != a[0] && vm.real_class(s) != vm.real_class(a[0]) {
        return Err(vm.type_error("initialize_copy should take same class object"));
    }
    Ok(s)
}
/// obj.initialize_dup(orig) / obj.initialize_clone(orig, freeze: nil) -> obj (private): calls
/// `initialize_copy(orig)` when a class defines it in Ruby
fn obj_initialize_dup(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    obj_initialize_copy(vm, s, a, None)?;
    call_ruby_hook(vm, s, "initialize_copy", &a[..1])?;
    Ok(s)
}
/// Calls `name` on `c` when its class defines it in Ruby (the natives do nothing more);
/// answers whether it did.
fn call_ruby_hook(vm: &mut Vm, c: Value, name: &str, args: &[Value]) -> VmResult<bool> {
    let id = intern(name);
    let k = vm.class_of(c);
    if let Some(m) = vm.find_method(k, id)
        && !matches!(
            vm.methods[m as usize].body,
            crate::vm::MethodBody::Native(..)
        )
    {
        vm.funcall(c, id, args, None)?;
        return Ok(true);
    }
    Ok(false)
}
/// obj.remove_instance_variable(symbol) -> obj (the removed value)
fn obj_remove_ivar(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = ivar_name(vm, a[0])?;
    if !vm.ivar_defined(s, id) {
        let msg = format!("instance variable {} not defined", sym_name(id));
        return Err(vm.name_error(&msg, s, id));
    }
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    let v = vm.ivar_get(s, id);
    vm.ivar_remove(s, id);
    Ok(v)
}
fn obj_initialize(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}
fn obj_noop(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}
fn obj_method_missing(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = if a[0].is_symbol() {
        a[0].as_symbol_id()
    } else {
        intern("?")
    };
    let desc = vm.describe_receiver(s);
    let msg = format!("undefined method '{}' for {desc}", sym_name(name));
    let args = vm.ary_from_slice(&a[1..]);
    vm.stack.push(args);
    let err = vm.no_method_error(&msg, s, name);
    vm.stack.pop();
    if let Some(e) = err.raised() {
        let _ = vm.ivar_set(e, intern("__args"), args);
    }
    Err(err)
}
fn obj_case_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.equal(s, a[0])?))
}
/// obj <=> other -> 0 or nil (0 when obj == other)
fn obj_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(if s == a[0] || vm.equal(s, a[0])? {
        Value::fixnum(0)
    } else {
        Value::NIL
    })
}
fn obj_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}
fn obj_class(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.real_class(s))
}
fn obj_singleton_class(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if s.is_fixnum() || s.is_symbol() || s.is_flonum() {
        return Err(vm.type_error("can't define singleton"));
    }
    Ok(vm.singleton_class(s))
}

/// Object#inspect: "#<Foo bar=1>" style with instance variables, or to_s when none.
fn obj_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let k = vm.real_class(s);
    let cname = vm.class_name(k);
    let names = vm.ivar_names(s);
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from(format!("#<{cname} ...>")));
    }
    // CRuby's rb_sprintf head (BINARY unless the class name is not ASCII), then the ivars
    // joined onto it
    let head = format!("#<{cname}:{:#018x}", s.bits());
    let mut out = super::string_encoding::Joined::new(b"");
    let enc = super::string_encoding::sprintf_encoding(&head);
    out.add(vm, head.as_bytes(), enc)?;
    vm.inspecting.push(s);
    let r = (|| {
        for (i, n) in names.iter().enumerate() {
            let v = vm.ivar_get(s, *n);
            let t = vm.inspect(v)?;
            out.push_raw(if i == 0 { b" " } else { b", " });
            let name = sym_name(*n);
            let enc = super::string_encoding::name_encoding(name);
            out.add(vm, name.as_bytes(), enc)?;
            out.push_raw(b"=");
            out.add_str(vm, t)?;
        }
        Ok(())
    })();
    vm.inspecting.pop();
    r?;
    out.push_raw(b">");
    Ok(out.finish(vm))
}
fn obj_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.default_to_s(s))
}
fn obj_nil_p(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(s.is_nil()))
}
fn check_module(vm: &mut Vm, k: Value) -> VmResult<()> {
    if !matches!(type_of(k), T_CLASS | T_MODULE) {
        return Err(vm.type_error("class or module required"));
    }
    Ok(())
}
fn obj_is_a(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_module(vm, a[0])?;
    Ok(Value::bool(vm.is_a(s, a[0])))
}
fn obj_instance_of(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    check_module(vm, a[0])?;
    Ok(Value::bool(vm.real_class(s) == a[0]))
}
/// A Symbol or String argument as a symbol id (TypeError otherwise).
pub fn sym_arg(vm: &mut Vm, v: Value) -> VmResult<u32> {
    if v.is_symbol() {
        return Ok(v.as_symbol_id());
    }
    if is_string(v) {
        return Ok(intern(&str_of(vm, v)));
    }
    let s = vm.inspect_str(v)?;
    Err(vm.type_error(&format!("{s} is not a symbol nor a string")))
}
fn obj_respond_to(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = sym_arg(vm, a[0])?;
    let private_ok = a.get(1).is_some_and(|v| v.truthy());
    // a method of a refinement active where respond_to? is called counts (CRuby 4.0)
    let k = vm.class_of(s);
    if vm.refinements_used
        && let Some(m) = vm.find_method_for_caller(k, id)
    {
        let public = vm.methods[m as usize].vis == crate::object::class::Visibility::Public;
        return Ok(Value::bool(private_ok || public));
    }
    Ok(Value::bool(vm.responds(s, id, private_ok)))
}
fn obj_respond_to_missing(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}
/// obj.send(symbol, *args, **kw, &block) -> obj
fn obj_send(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let id = sym_arg(vm, a[0])?;
    if let Some(cref) = vm.caller_scope() {
        return vm.funcall_scoped(&cref, s, id, &a[1..], b.cloned(), kw && a.len() > 1);
    }
    vm.funcall_maybe_kw(s, id, &a[1..], b.cloned(), kw && a.len() > 1)
}
/// obj.public_send(symbol, *args, **kw, &block) -> obj
fn obj_public_send(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let kw = vm.take_kw();
    let id = sym_arg(vm, a[0])?;
    let k = vm.class_of(s);
    if let Some(m) = vm.find_method_for_caller(k, id)
        && vm.methods[m as usize].vis != crate::object::class::Visibility::Public
    {
        let desc = vm.describe_receiver(s);
        let what = if vm.methods[m as usize].vis == crate::object::class::Visibility::Private {
            "private"
        } else {
            "protected"
        };
        let msg = format!("{what} method '{}' called for {desc}", sym_name(id));
        return Err(vm.no_method_error(&msg, s, id));
    }
    if let Some(cref) = vm.caller_scope() {
        return vm.funcall_scoped(&cref, s, id, &a[1..], b.cloned(), kw && a.len() > 1);
    }
    vm.funcall_maybe_kw(s, id, &a[1..], b.cloned(), kw && a.len() > 1)
}
fn obj_freeze(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.freeze(s);
    Ok(s)
}
fn obj_frozen_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.is_frozen(s)))
}

/// A shallow copy of `s` (not frozen), with its instance variables; `initialize_copy` is called.
pub fn shallow_copy(vm: &mut Vm, s: Value) -> VmResult {
    let c = copy_object(vm, s)?;
    if c != s {
        call_ruby_hook(vm, c, "initialize_copy", &[s])?;
    }
    Ok(c)
}

/// The copy of `s` that `dup` and `clone` make before their hooks run (`s` itself for the
/// objects that are not copied).
fn copy_object(vm: &mut Vm, s: Value) -> VmResult {
    if s.is_immediate() || matches!(type_of(s), T_FLOAT | T_BIGNUM) {
        return Ok(s);
    }
    let k = vm.real_class(s);
    let c = match type_of(s) {
        T_STRING => {
            let c = vm.str_dup(s);
            crate::object::heap::set_klass(c, k);
            string::set_encoding(c, string::encoding(s));
            c
        }
        T_ARRAY => {
            let v = rarray(s).vec.to_vec();
            let c = vm.ary_new(v);
            crate::object::heap::set_klass(c, k);
            c
        }
        T_HASH => {
            let c = vm.hash_new();
            crate::object::heap::set_klass(c, k);
            crate::core::hash::copy_into(vm, s, c)?;
            c
        }
        T_RANGE => return Ok(s),
        T_OBJECT => {
            let c = vm.object_new(k);
            robject(c).ivars.set_from_slice(&robject(s).ivars);
            c
        }
        // a copy shares the block (so the two are `==`), of the receiver's class
        T_PROC => {
            let p = super::method::proc_obj(s);
            let copy = crate::vm::call::ProcObj {
                block: p.block.clone(),
                lambda: p.lambda,
            };
            vm.heap.alloc_boxed(T_PROC, k, Box::new(copy))
        }
        crate::object::heap::T_DATA => match crate::core::regexp::copy(vm, s, k) {
            Some(c) => c,
            None => return Ok(s),
        },
        T_TIME => {
            let t = rtime(s);
            if t.uninit != 0 {
                return Err(vm.type_error("uninitialized Time"));
            }
            let c = crate::core::time::new_time(vm, k, t.sec, t.nsec, t.mode, t.utc_offset);
            crate::core::time::copy_fields(c, s);
            c
        }
        _ => return Ok(s),
    };
    if let Some(iv) = vm.generic_ivars.get(&s).cloned() {
        vm.generic_ivars.insert(c, iv);
    }
    Ok(c)
}
/// obj.dup -> a copy: `initialize_dup(orig)` runs on it (by default, `initialize_copy`)
fn obj_dup(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let c = copy_object(vm, s)?;
    if c != s && !call_ruby_hook(vm, c, "initialize_dup", &[s])? {
        call_ruby_hook(vm, c, "initialize_copy", &[s])?;
    }
    Ok(c)
}
/// obj.clone(freeze: nil) -> a copy with the singleton methods: `initialize_clone(orig)` runs
/// on it (by default, `initialize_copy`)
fn obj_clone(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let c = copy_object(vm, s)?;
    let mut freeze = vm.is_frozen(s);
    if let Some(&h) = a.first()
        && type_of(h) == T_HASH
    {
        let f = crate::core::hash::get(vm, h, vm.sym("freeze"))?;
        if f == Value::FALSE {
            freeze = false;
        } else if f == Value::TRUE {
            freeze = true;
        }
    }
    if c != s && s.is_heap() {
        let k = crate::object::heap::klass_of(s);
        if vm.class_data(k).is_singleton {
            let sc = vm.singleton_class(c);
            let methods: Vec<(u32, u32)> = vm
                .class_data(k)
                .methods
                .iter()
                .map(|(a, b)| (*a, *b))
                .collect();
            for (name, m) in methods {
                vm.class_data(sc).methods.insert(name, m);
            }
            let inc = vm.class_data(k).includes.clone();
            vm.class_data(sc).includes = inc;
            vm.invalidate();
        }
        if !call_ruby_hook(vm, c, "initialize_clone", &[s])? {
            call_ruby_hook(vm, c, "initialize_copy", &[s])?;
        }
        if freeze {
            vm.freeze(c);
        }
    }
    Ok(c)
}
fn obj_itself(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
fn obj_tap(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.raise_str(vm.c.local_jump_error, "no block given (yield)"));
    };
    vm.yield_block(b, &[s])?;
    Ok(s)
}
fn obj_then(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return crate::core::array::enum_for(vm, s, "then", &[]);
    };
    vm.yield_block(b, &[s])
}
fn ivar_name(vm: &mut Vm, v: Value) -> VmResult<u32> {
    let id = sym_arg(vm, v)?;
    let name = sym_name(id);
    if !name.starts_with('@') || name.starts_with("@@") || name.len() < 2 {
        return Err(vm.name_error(
            &format!("'{name}' is not allowed as an instance variable name"),
            v,
            id,
        ));
    }
    Ok(id)
}
fn obj_ivar_get(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = ivar_name(vm, a[0])?;
    let v = vm.ivar_get(s, id);
    Ok(if v.is_undef() { Value::NIL } else { v })
}
fn obj_ivar_set(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = ivar_name(vm, a[0])?;
    vm.ivar_set(s, id, a[1])?;
    Ok(a[1])
}
fn obj_ivar_defined(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let id = ivar_name(vm, a[0])?;
    Ok(Value::bool(vm.ivar_defined(s, id)))
}
fn obj_ivars(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let names: Vec<Value> = vm.ivar_names(s).into_iter().map(Value::symbol).collect();
    Ok(vm.ary_new(names))
}
fn obj_extend(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    super::module::check_modules(vm, a, "Cannot extend object with refinement")?;
    for &m in a.iter().rev() {
        vm.funcall(m, intern("extend_object"), &[s], None)?;
        vm.funcall(m, intern("extended"), &[s], None)?;
    }
    Ok(s)
}
fn obj_define_singleton_method(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let sc = vm.singleton_class(s);
    crate::core::module::define_method_on(vm, sc, a, b)
}
/// obj.display(port = $stdout) -> nil
fn obj_display(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let t = vm.to_s(s)?;
    let port = match a.first() {
        Some(&p) => p,
        None => vm.gvar_id_get(crate::sym!("$stdout")),
    };
    vm.funcall(port, intern("write"), &[t], None)?;
    Ok(Value::NIL)
}
/// obj.instance_eval(string [, filename [, lineno]]) -> obj, or obj.instance_eval { |obj| } -> obj
fn obj_instance_eval(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    match b {
        Some(b) if a.is_empty() => {
            // `def` in the block defines a singleton method of the receiver
            // taken by the block's frame (a Proc unwraps to its block with no call between)
            vm.eval_singleton = matches!(
                &**b,
                crate::vm::frame::BlockData::Code { .. } | crate::vm::frame::BlockData::Proc(_)
            );
            let r = vm.call_block_with(b, &[s], None, Some(s), false, None);
            vm.eval_singleton = false;
            r
        }
        Some(_) => {
            let msg = format!("wrong number of arguments (given {}, expected 0)", a.len());
            Err(vm.arg_error(&msg))
        }
        None => super::eval::instance_eval_string(vm, s, a),
    }
}
fn obj_instance_exec(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some(b) = b else {
        return Err(vm.arg_error("no block given"));
    };
    // unlike instance_eval, the block gets only the arguments given (no self)
    vm.call_block_with(b, a, None, Some(s), false, None)
}
/// The names of the methods `s` responds to whose entries pass `want`, nearest class first.
fn method_list(vm: &mut Vm, s: Value, want: impl Fn(&crate::vm::MethodEntry) -> bool) -> Value {
    let k = vm.class_of(s);
    let classes = vm.ancestors(k);
    method_names_in(vm, &classes, want)
}
/// The method names defined in `classes` (in order, each once) whose first definition there
/// (the one a call finds: a later one with another visibility is hidden by it, an undef hides
/// all) `want` accepts.
fn method_names_in(
    vm: &mut Vm,
    classes: &[Value],
    want: impl Fn(&crate::vm::MethodEntry) -> bool,
) -> Value {
    let mut seen = ahash::AHashSet::new();
    let mut out = Vec::new();
    for &c in classes {
        for (name, m) in vm.methods_in_order(c) {
            if !seen.insert(name) {
                continue;
            }
            let e = &vm.methods[m as usize];
            if !matches!(e.body, crate::vm::MethodBody::Undefined) && want(e) {
                out.push(Value::symbol(name));
            }
        }
    }
    vm.ary_new(out)
}
/// The singleton class of `s` if it has one.
fn own_singleton(vm: &Vm, s: Value) -> Option<Value> {
    if !s.is_heap() {
        return None;
    }
    let k = crate::object::heap::klass_of(s);
    vm.class_data(k).is_singleton.then_some(k)
}
/// obj.methods(all = true) -> array of public and protected method names (singleton ones
/// first); with false, only the singleton methods
fn obj_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let not_private =
        |e: &crate::vm::MethodEntry| e.vis != crate::object::class::Visibility::Private;
    if a.first().is_some_and(|v| !v.truthy()) {
        let classes: Vec<Value> = own_singleton(vm, s).into_iter().collect();
        return Ok(method_names_in(vm, &classes, not_private));
    }
    Ok(method_list(vm, s, not_private))
}
/// obj.public_methods(all = true) -> array of public method names; with false, those of the
/// singleton class and the class itself
fn obj_public_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let public = |e: &crate::vm::MethodEntry| e.vis == crate::object::class::Visibility::Public;
    if a.first().is_some_and(|v| !v.truthy()) {
        let mut classes: Vec<Value> = own_singleton(vm, s).into_iter().collect();
        classes.push(vm.real_class(s));
        return Ok(method_names_in(vm, &classes, public));
    }
    Ok(method_list(vm, s, public))
}
/// obj.private_methods -> array of the private method names obj responds to
fn obj_private_methods(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(method_list(vm, s, |e| {
        e.vis == crate::object::class::Visibility::Private
    }))
}
/// obj.singleton_methods(all = true) -> array of the names defined on obj's singleton class
/// (and, when all, in the modules it was extended with)
fn obj_singleton_methods(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(k) = own_singleton(vm, s) else {
        return Ok(vm.ary_new_capa(0));
    };
    let mut classes = vec![k];
    if a.first().is_none_or(|v| v.truthy()) {
        classes.extend(vm.class_data(k).includes.iter().rev().copied());
    }
    Ok(method_names_in(vm, &classes, |e| {
        e.vis != crate::object::class::Visibility::Private
    }))
}
/// include(module, ...) at the top level includes into Object
fn main_include(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = vm.c.object;
    vm.funcall(o, intern("include"), a, None)
}
/// define_method(name, body = block) at the top level defines a public method of Object
fn main_define_method(vm: &mut Vm, _: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let o = vm.c.object;
    vm.funcall(o, intern("define_method"), a, b.cloned())
}
/// public/private at the top level: with names, sets the visibility of Object's methods; bare,
/// the visibility of the file's later top-level `def`s (private at the start of each file)
fn main_visibility(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let n = vm.frames.len();
    let name = if n >= 1 {
        vm.frames[n - 1].method
    } else {
        crate::vm::frame::NO_METHOD
    };
    let which = if name == crate::vm::frame::NO_METHOD {
        "private"
    } else {
        sym_name(vm.methods[name as usize].name)
    };
    let o = vm.c.object;
    if a.is_empty() {
        // the file's later top-level `def`s take this visibility
        vm.top_vis = if which == "public" {
            crate::object::class::Visibility::Public
        } else {
            crate::object::class::Visibility::Private
        };
        return Ok(Value::NIL);
    }
    vm.funcall(o, intern(which), a, None)
}
fn main_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.str_from("main"))
}
fn nil_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.fstring_enc(b"", Encoding::UsAscii))
}
/// nil.to_r / nil.rationalize(eps = nil) -> (0/1)
fn nil_to_r(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use num_traits::{One, Zero};
    super::rational::new_rational(vm, num_bigint::BigInt::zero(), num_bigint::BigInt::one())
}
fn nil_to_a(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.ary_new_capa(0))
}
fn nil_to_h(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.hash_new())
}
fn nil_to_i(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(0))
}
fn nil_to_f(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::try_flonum(0.0).expect("0.0"))
}
/// nil === obj -> true or false
fn nil_case_eq(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(a[0].is_nil()))
}
/// nil =~ obj -> nil
fn nil_match(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}
fn nil_inspect(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let s = vm.str_from("nil");
    string::set_encoding(s, Encoding::UsAscii);
    Ok(s)
}
fn true_(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::TRUE)
}
fn false_and(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}
fn bool_or(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(a[0].truthy()))
}
fn true_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.fstring_enc(b"true", Encoding::UsAscii))
}
fn false_to_s(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.fstring_enc(b"false", Encoding::UsAscii))
}
fn true_and(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(a[0].truthy()))
}
fn true_xor(_: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(!a[0].truthy()))
}

pub use sym_arg as symbol_arg;
