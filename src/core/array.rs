//! Array: construction, element reference and assignment, mutation, conversion, equality and
//! `join`/`inspect`, plus the VM's splat helpers. Iteration is in `array_iter.rs`, ordering and
//! set operations in `array_sort.rs`, combinatorics in `array_comb.rs`, and the
//! Enumerable-style natives shared with Hash in `array_enum.rs`.

use super::object::is_string;
use super::string_encoding::Joined;
use crate::object::heap::*;
use crate::object::string::{self, Encoding};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;

pub(crate) type M = (&'static str, crate::vm::NativeFn, i16, i16);

const ARRAY: &[M] = &[
    ("deconstruct", a_to_ary, 0, 0),
    ("+", a_plus, 1, 1),
    ("*", a_times, 1, 1),
    ("==", a_eq, 1, 1),
    ("eql?", a_eql, 1, 1),
    ("hash", a_hash, 0, 0),
    ("<=>", a_cmp, 1, 1),
    ("to_a", a_to_a, 0, 0),
    ("to_ary", a_to_ary, 0, 0),
    ("to_h", a_to_h, 0, 0),
    ("inspect", a_inspect, 0, 0),
    ("to_s", a_inspect, 0, 0),
    ("join", a_join, 0, 1),
    ("assoc", a_assoc, 1, 1),
    ("rassoc", a_rassoc, 1, 1),
    ("include?", a_include_p, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let a = vm.c.array;
    vm.define_natives(a, ARRAY);
    vm.define_private_natives(
        a,
        &[
            ("initialize", a_initialize, 0, 2),
            ("initialize_copy", super::array_access::a_replace, 1, 1),
        ],
    );
    vm.define_natives(a, super::array_access::TABLE);
    vm.define_singleton_natives(
        a,
        &[
            ("[]", a_s_create, 0, -1),
            ("try_convert", a_s_try_convert, 1, 1),
        ],
    );
    vm.define_natives(a, super::array_iter::TABLE);
    vm.define_natives(a, super::array_sort::TABLE);
    vm.define_natives(a, super::array_set::TABLE);
    vm.define_natives(a, super::array_random::TABLE);
    vm.define_natives(a, super::array_comb::TABLE);
    vm.define_natives(a, super::array_enum::ARRAY_TABLE);
}

/// An Enumerator for `recv.meth(*args)` (returned by iterators called without a block).
pub fn enum_for(vm: &mut Vm, recv: Value, meth: &str, args: &[Value]) -> VmResult {
    // the calling native's last argument was keywords: pass them on as keywords again
    let kw = vm.take_kw() && args.last().is_some_and(|&h| type_of(h) == T_HASH);
    let e = vm.object_new(vm.c.enumerator);
    let a = vm.ary_from_slice(args);
    vm.ivar_set(e, intern("__recv"), recv)?;
    vm.ivar_set(e, intern("__meth"), Value::symbol(intern(meth)))?;
    vm.ivar_set(e, intern("__args"), a)?;
    if kw {
        vm.ivar_set(e, intern("__kw"), Value::TRUE)?;
    }
    Ok(e)
}

/// The block, or `return enum_for(vm, recv, name, args)` from the calling native.
macro_rules! block_or_enum {
    ($vm:expr, $s:expr, $b:expr, $name:expr, $args:expr) => {
        match $b {
            Some(b) => b,
            None => return crate::core::array::enum_for($vm, $s, $name, $args),
        }
    };
}
pub(crate) use block_or_enum;

impl Vm {
    /// The elements `*x` expands to: arrays as they are, nil to nothing, `to_a` results, else [x].
    pub fn splat_to_vec(&mut self, x: Value) -> VmResult<Vec<Value>> {
        if type_of(x) == T_ARRAY {
            return Ok(rarray(x).vec.to_vec());
        }
        if x.is_nil() {
            return Ok(Vec::new());
        }
        let id = intern("to_a");
        if self.responds(x, id, true) {
            let r = self.funcall(x, id, &[], None)?;
            if type_of(r) == T_ARRAY {
                return Ok(rarray(r).vec.to_vec());
            }
            let k = self.real_class(x);
            let kn = self.class_name(k);
            let rk = self.real_class(r);
            let msg = format!(
                "can't convert {kn} to Array ({kn}#to_a gives {})",
                self.class_name(rk)
            );
            return Err(self.type_error(&msg));
        }
        Ok(vec![x])
    }

    /// The values a multiple assignment takes from `v` (arrays, `to_ary`, else [v]).
    pub fn to_ary_for_masgn(&mut self, v: Value) -> VmResult<Vec<Value>> {
        if type_of(v) == T_ARRAY {
            return Ok(rarray(v).vec.to_vec());
        }
        let id = intern("to_ary");
        if v.is_heap() && self.responds(v, id, true) {
            let r = self.funcall(v, id, &[], None)?;
            if type_of(r) == T_ARRAY {
                return Ok(rarray(r).vec.to_vec());
            }
        }
        Ok(vec![v])
    }

    /// `lo..hi` with CRuby's "bad value for range" check.
    pub fn make_range(&mut self, lo: Value, hi: Value, excl: bool) -> VmResult {
        let ok = lo.is_nil()
            || hi.is_nil()
            || (lo.is_fixnum() && hi.is_fixnum())
            || self
                .funcall(lo, intern("<=>"), &[hi], None)
                .map(|c| !c.is_nil())
                .unwrap_or(false);
        if !ok {
            return Err(self.arg_error("bad value for range"));
        }
        Ok(self.range_new(lo, hi, excl))
    }
}

// ---- helpers shared by the array_*.rs files ----

/// The elements of an Array value (object/slotvec.rs: a slice with the Vec methods).
pub(crate) fn vec_of(v: Value) -> &'static mut crate::object::slotvec::SlotVec {
    &mut rarray(v).vec
}

/// Makes room in an Array's body for `n` more elements, or NoMemoryError as
/// `core::try_reserve`.
pub(crate) fn try_reserve(
    vm: &mut Vm,
    v: &mut crate::object::slotvec::SlotVec,
    n: usize,
) -> VmResult<()> {
    if v.try_reserve(n).is_err() {
        return Err(vm.raise_str(vm.c.no_memory_error, "failed to allocate memory"));
    }
    Ok(())
}

pub(crate) fn alen(v: Value) -> usize {
    rarray(v).vec.len()
}

/// Element `i` (nil past the end).
pub(crate) fn elt(v: Value, i: usize) -> Value {
    rarray(v).vec.get(i).copied().unwrap_or(Value::NIL)
}

/// Runs `f` with `vals` pushed on the VM stack, so that a collection during Ruby code that `f`
/// runs keeps them alive.
pub(crate) fn rooted<T>(vm: &mut Vm, vals: &[Value], f: impl FnOnce(&mut Vm) -> T) -> T {
    let mark = vm.stack.len();
    vm.stack.extend_from_slice(vals);
    let r = f(vm);
    vm.stack.truncate(mark);
    r
}

/// `recv.name(*args)` as a public call (rb_funcallv_public): private and protected methods
/// raise NoMethodError.
pub fn public_call(vm: &mut Vm, recv: Value, name: u32, args: &[Value]) -> VmResult {
    let k = vm.class_of(recv);
    if let Some(m) = vm.find_method(k, name) {
        let vis = vm.methods[m as usize].vis;
        if vis != crate::object::class::Visibility::Public {
            let what = if vis == crate::object::class::Visibility::Private {
                "private"
            } else {
                "protected"
            };
            let desc = vm.describe_receiver(recv);
            let msg = format!(
                "{what} method '{}' called for {desc}",
                crate::object::symbol::sym_name(name)
            );
            return Err(vm.no_method_error(&msg, recv, name));
        }
    }
    vm.funcall(recv, name, args, None)
}

/// Yields `args` with them pushed on the VM stack: for freshly made arguments (hash pairs,
/// slices, tuples) that nothing else references, since a block destructuring an array argument
/// (`|k, v|`) does not keep the array itself alive.
pub(crate) fn yield_rooted(vm: &mut Vm, b: &Block, args: &[Value]) -> VmResult {
    rooted(vm, args, |vm| vm.yield_block(b, args))
}

pub(crate) fn check_frozen(vm: &mut Vm, s: Value) -> VmResult<()> {
    if vm.is_frozen(s) {
        return Err(vm.frozen_error(s));
    }
    Ok(())
}

/// A new array of the receiver's class? CRuby returns plain Arrays from most methods; this makes
/// one from `v`.
pub(crate) fn new_ary(vm: &mut Vm, v: Vec<Value>) -> Value {
    vm.ary_new(v)
}

/// NUM2LONG: an Integer, a Float (truncated) or an object with `to_int`.
pub fn num2long(vm: &mut Vm, v: Value) -> VmResult<i64> {
    if v.is_fixnum() {
        return Ok(v.as_fixnum());
    }
    if super::object::is_float(v) {
        let f = super::object::float_value(v);
        if (-9223372036854775808.0..9223372036854775808.0).contains(&f) {
            return Ok(f as i64);
        }
        let s = super::format_num::fmt_g10(f);
        return Err(vm.raise_str(
            vm.c.range_error,
            &format!("float {s} out of range of integer"),
        ));
    }
    if type_of(v) == T_BIGNUM {
        return Err(vm.raise_str(vm.c.range_error, "bignum too big to convert into 'long'"));
    }
    if v.is_nil() {
        return Err(vm.type_error("no implicit conversion from nil to integer"));
    }
    let r = to_int(vm, v)?;
    num2long(vm, r)
}

/// rb_to_int: Integers as they are, else `to_int` (TypeError "no implicit conversion of X into
/// Integer" when there is none).
pub fn to_int(vm: &mut Vm, v: Value) -> VmResult {
    if super::integer::is_int(v) {
        return Ok(v);
    }
    let id = intern("to_int");
    if !v.is_nil() && !matches!(v, Value::TRUE | Value::FALSE) && vm.responds(v, id, true) {
        let r = vm.funcall(v, id, &[], None)?;
        if super::integer::is_int(r) {
            return Ok(r);
        }
        let (k, rk) = (vm.real_class(v), vm.real_class(r));
        let (kn, rn) = (vm.class_name(k), vm.class_name(rk));
        return Err(vm.type_error(&format!(
            "can't convert {kn} to Integer ({kn}#to_int gives {rn})"
        )));
    }
    Err(vm.conversion_error(v, "Integer"))
}

/// rb_check_array_type: an Array, the result of `to_ary`, or None.
pub fn check_array(vm: &mut Vm, v: Value) -> VmResult<Option<Value>> {
    check_convert(vm, v, T_ARRAY, "to_ary", "Array")
}

/// rb_check_convert_type: `v` when its type is `ty`; else the result of its implicit conversion
/// `method` (`to_ary`, `to_str`, `to_hash`) when it has one and that gives non-nil, which must
/// then be of type `ty` (TypeError "can't convert X to Target (X#method gives Y)"); else None.
pub fn check_convert(
    vm: &mut Vm,
    v: Value,
    ty: u64,
    method: &str,
    target: &str,
) -> VmResult<Option<Value>> {
    if type_of(v) == ty {
        return Ok(Some(v));
    }
    let id = intern(method);
    if v.is_heap() && type_of(v) != T_STRING && vm.responds(v, id, true) {
        let r = vm.funcall(v, id, &[], None)?;
        if r.is_nil() {
            return Ok(None);
        }
        if type_of(r) != ty {
            let (k, rk) = (vm.real_class(v), vm.real_class(r));
            let (kn, rn) = (vm.class_name(k), vm.class_name(rk));
            return Err(vm.type_error(&format!(
                "can't convert {kn} to {target} ({kn}#{method} gives {rn})"
            )));
        }
        return Ok(Some(r));
    }
    Ok(None)
}

/// Array.try_convert(object) -> array or nil
fn a_s_try_convert(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(check_array(vm, a[0])?.unwrap_or(Value::NIL))
}

/// to_ary: an Array or TypeError "no implicit conversion of X into Array".
pub fn to_ary(vm: &mut Vm, v: Value) -> VmResult {
    match check_array(vm, v)? {
        Some(a) => Ok(a),
        None => Err(vm.conversion_error(v, "Array")),
    }
}

/// Resolves a Range against `len` as rb_range_beg_len: with `err` false, None when the start
/// is out of range and the end clipped to `len`; with `err` true, a RangeError for a start
/// before 0 and no clipping (the start may lie past the end, as `[]=`, fill and values_at use).
pub(crate) fn range_beg_len(
    vm: &mut Vm,
    r: Value,
    len: usize,
    err: bool,
) -> VmResult<Option<(usize, usize)>> {
    let rr = rrange(r);
    let (b, e, excl) = (rr.begin, rr.end, rr.excl);
    match component_beg_len(vm, b, e, excl, len, err)? {
        Some(p) => Ok(Some(p)),
        None if err => {
            let s = vm.inspect_str(r)?;
            Err(vm.raise_str(vm.c.range_error, &format!("{s} out of range")))
        }
        None => Ok(None),
    }
}
/// rb_range_component_beg_len: None when the start is out of range.
pub(crate) fn component_beg_len(
    vm: &mut Vm,
    b: Value,
    e: Value,
    excl: bool,
    len: usize,
    err: bool,
) -> VmResult<Option<(usize, usize)>> {
    let len = len as i64;
    let mut beg = if b.is_nil() { 0 } else { num2long(vm, b)? };
    let mut end = if e.is_nil() { -1 } else { num2long(vm, e)? };
    let excl = excl && !e.is_nil();
    if beg < 0 {
        beg += len;
        if beg < 0 {
            return Ok(None);
        }
    }
    if end < 0 {
        end += len;
    }
    if !excl {
        end += 1;
    }
    if !err {
        if beg > len {
            return Ok(None);
        }
        if end > len {
            end = len;
        }
    }
    Ok(Some((beg as usize, (end - beg).max(0) as usize)))
}
// ---- construction ----

/// Array.new(size = 0, default = nil) / Array.new(array) / Array.new(size) {|index| ... }
fn a_initialize(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    check_frozen(vm, s)?;
    vec_of(s).clear();
    if a.is_empty() {
        return Ok(s);
    }
    if a.len() == 1
        && !a[0].is_fixnum()
        && let Some(src) = check_array(vm, a[0])?
    {
        vec_of(s).set(vec_of(src).to_vec());
        return Ok(s);
    }
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("negative array size"));
    }
    if n > 1 << 40 {
        return Err(vm.arg_error("array size too big"));
    }
    match b {
        Some(b) => {
            let mut i = 0;
            vm.yield_each(b, &mut |vm, v| {
                if !v.is_undef() {
                    super::array_access::store(vm, s, i, v)?;
                    i += 1;
                }
                Ok((i < n).then(|| YieldArgs::one(Value::fixnum(i))))
            })?;
        }
        None => {
            let filled =
                super::try_filled(vm, n as usize, a.get(1).copied().unwrap_or(Value::NIL))?;
            vec_of(s).set(filled)
        }
    }
    Ok(s)
}
/// Array[*items] -> new_array
fn a_s_create(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let v = vm.ary_from_slice(a);
    crate::object::heap::set_klass(v, s);
    Ok(v)
}

/// ArgumentError "wrong number of arguments (given n, expected a..b)".
pub(crate) fn arity(vm: &mut Vm, given: usize, min: usize, max: usize) -> crate::vm::frame::Unwind {
    let exp = if min == max {
        format!("{min}")
    } else {
        format!("{min}..{max}")
    };
    vm.arg_error(&format!(
        "wrong number of arguments (given {given}, expected {exp})"
    ))
}

// ---- operators, equality, conversion ----

/// ary + other_array -> new_array
fn a_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = to_ary(vm, a[0])?;
    let mut v = vec_of(s).to_vec();
    v.extend_from_slice(vec_of(o));
    Ok(new_ary(vm, v))
}
/// ary * n -> new_array; ary * string -> new_string
fn a_times(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if is_string(a[0]) {
        return a_join(vm, s, a, None);
    }
    let n = num2long(vm, a[0])?;
    if n < 0 {
        return Err(vm.arg_error("negative argument"));
    }
    let v = vec_of(s);
    if v.is_empty() {
        return Ok(new_ary(vm, Vec::new()));
    }
    if (v.len() as i64).checked_mul(n).is_none_or(|t| t > 1 << 40) {
        return Err(vm.arg_error("argument too big"));
    }
    let mut out = super::try_with_capacity(vm, v.len() * n as usize)?;
    for _ in 0..n {
        out.extend_from_slice(v);
    }
    Ok(new_ary(vm, out))
}
/// ary == other_array -> true or false
fn a_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if s == o {
        return Ok(Value::TRUE);
    }
    if type_of(o) != T_ARRAY {
        if !vm.responds(o, intern("to_ary"), true) {
            return Ok(Value::FALSE);
        }
        return Ok(Value::bool(vm.equal(o, s)?));
    }
    if alen(s) != alen(o) {
        return Ok(Value::FALSE);
    }
    // a pair already being compared counts as equal (rb_exec_recursive_paired)
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Eq, s, o, |vm| {
        let mut i = 0;
        while i < alen(s).min(alen(o)) {
            let (x, y) = (vec_of(s)[i], vec_of(o)[i]);
            if !vm.equal(x, y)? {
                return Ok(false);
            }
            i += 1;
        }
        Ok(alen(s) == alen(o))
    })?;
    Ok(Value::bool(r.unwrap_or(true)))
}
/// ary.eql?(other) -> true or false
fn a_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if type_of(a[0]) != T_ARRAY {
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(vm.eql(s, a[0])?))
}
/// ary.hash -> integer
fn a_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let h = vm.hash_of(s)?;
    Ok(Value::fixnum((h >> 2) as i64 - (1 << 61)))
}
/// ary <=> other_array -> -1, 0, 1 or nil
fn a_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let Some(o) = check_array(vm, a[0])? else {
        return Ok(Value::NIL);
    };
    if o == s {
        return Ok(Value::fixnum(0));
    }
    // a pair already being compared goes on to compare the lengths (CRuby's recursive_cmp)
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Cmp, s, o, |vm| {
        let mut i = 0;
        while i < alen(s).min(alen(o)) {
            let (x, y) = (vec_of(s)[i], vec_of(o)[i]);
            let c = vm.funcall(x, intern("<=>"), &[y], None)?;
            if c != Value::fixnum(0) {
                return Ok(Some(c));
            }
            i += 1;
        }
        Ok(None)
    })?;
    if let Some(Some(c)) = r {
        return Ok(c);
    }
    Ok(Value::fixnum((alen(s) as i64 - alen(o) as i64).signum()))
}
/// ary.to_a -> self or new_array
fn a_to_a(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm.class_of(s) == vm.c.array {
        return Ok(s);
    }
    let v = vec_of(s).to_vec();
    Ok(new_ary(vm, v))
}
/// ary.to_ary -> self
fn a_to_ary(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}
/// rb_builtin_class_name: "nil", "true", "false", or the class name.
pub(crate) fn builtin_class_name(vm: &mut Vm, v: Value) -> String {
    match v {
        Value::NIL => "nil".into(),
        Value::TRUE => "true".into(),
        Value::FALSE => "false".into(),
        _ => {
            let k = vm.real_class(v);
            vm.class_name(k)
        }
    }
}
/// Adds `pair` to hash `h` as `to_h` does: `index` is the element's position for Array#to_h's
/// messages, None for Hash#to_h/Enumerable#to_h's (rb_hash_set_pair).
pub(crate) fn add_pair(vm: &mut Vm, h: Value, pair: Value, index: Option<usize>) -> VmResult<()> {
    let Some(p) = check_array(vm, pair)? else {
        let k = builtin_class_name(vm, pair);
        let at = index.map(|i| format!(" at {i}")).unwrap_or_default();
        return Err(vm.type_error(&format!("wrong element type {k}{at} (expected array)")));
    };
    if alen(p) != 2 {
        let msg = match index {
            Some(i) => format!("wrong array length at {i} (expected 2, was {})", alen(p)),
            None => format!(
                "element has wrong array length (expected 2, was {})",
                alen(p)
            ),
        };
        return Err(vm.arg_error(&msg));
    }
    let (k, v) = (vec_of(p)[0], vec_of(p)[1]);
    vm.hash_aset(h, k, v)
}
/// ary.to_h -> new_hash; ary.to_h {|element| ... } -> new_hash
fn a_to_h(vm: &mut Vm, s: Value, _: &[Value], b: Option<&Block>) -> VmResult {
    let h = vm.hash_new();
    rooted(vm, &[h], |vm| {
        let mut i = 0;
        match b {
            Some(b) => super::array_enum::each_yield(vm, s, b, |vm, _, pair| {
                add_pair(vm, h, pair, Some(i))?;
                i += 1;
                Ok(true)
            })?,
            None => {
                while i < alen(s) {
                    add_pair(vm, h, vec_of(s)[i], Some(i))?;
                    i += 1;
                }
            }
        }
        Ok(h)
    })
}
/// ary.inspect -> new_string
fn a_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if alen(s) == 0 {
        return Ok(vm.fstring_enc(b"[]", Encoding::UsAscii));
    }
    if vm.inspecting.contains(&s) {
        return Ok(vm.str_from("[...]"));
    }
    vm.inspecting.push(s);
    // the first element's inspect gives the result its encoding (CRuby's rb_enc_copy), later
    // ones join it as `join` does
    let mut out = Joined::new(b"[");
    let mut i = 0;
    let r = loop {
        if i >= alen(s) {
            break Ok(());
        }
        if i > 0 {
            out.push_raw(b", ");
        }
        let v = vec_of(s)[i];
        if let Err(e) = vm.inspect(v).and_then(|t| out.add_str(vm, t)) {
            break Err(e);
        }
        i += 1;
    };
    vm.inspecting.pop();
    r?;
    out.push_raw(b"]");
    Ok(out.finish(vm))
}
/// A separator: its bytes and encoding (copied: it may be a String nothing else holds, and
/// joining calls into Ruby).
type Sep<'a> = Option<&'a (Vec<u8>, Encoding)>;

fn join_into(vm: &mut Vm, s: Value, sep: Sep, out: &mut Joined) -> VmResult<()> {
    let r = vm.exec_recursive(crate::vm::recursion::Rec::Join, s, Value::UNDEF, |vm| {
        join_step(vm, s, sep, out)
    })?;
    match r {
        Some(()) => Ok(()),
        None => Err(vm.arg_error("recursive array join")),
    }
}
fn join_step(vm: &mut Vm, s: Value, sep: Sep, out: &mut Joined) -> VmResult<()> {
    let mut i = 0;
    loop {
        if i >= alen(s) {
            break Ok(());
        }
        if i > 0
            && let Some((bytes, enc)) = sep
        {
            out.add(vm, bytes, *enc)?;
        }
        let v = vec_of(s)[i];
        let r = if is_string(v) {
            out.add_str(vm, v)
        } else if type_of(v) == T_ARRAY {
            join_into(vm, v, sep, out)
        } else if v.is_nil() {
            // nil joins as "" in US-ASCII (CRuby's nil.to_s)
            out.add(vm, b"", Encoding::UsAscii)
        } else if v.is_heap() && vm.responds(v, intern("to_str"), true) {
            // rb_ary_join tries to_str before to_ary
            match vm.funcall(v, intern("to_str"), &[], None) {
                Ok(t) if is_string(t) => out.add_str(vm, t),
                Ok(_) => vm.to_s(v).and_then(|t| out.add_str(vm, t)),
                Err(e) => Err(e),
            }
        } else {
            match check_array(vm, v) {
                Ok(Some(a)) => join_into(vm, a, sep, out),
                Ok(None) => vm.to_s(v).and_then(|t| out.add_str(vm, t)),
                Err(e) => Err(e),
            }
        };
        if let Err(e) = r {
            break Err(e);
        }
        i += 1;
    }
}
/// ary.join(separator = $,) -> new_string, in the encoding CRuby's join gives it (`Joined`);
/// an empty array joins to "" in US-ASCII
fn a_join(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let sep = match a.first().copied() {
        Some(v) if !v.is_nil() => v,
        _ => vm.gvar_id_get(crate::sym!("$,")),
    };
    let sep = if sep.is_nil() {
        None
    } else {
        let t = super::string::str_arg(vm, sep)?;
        Some((string::bytes(&vm.heap, t).to_vec(), string::encoding(t)))
    };
    let mut out = Joined::new(b"");
    join_into(vm, s, sep.as_ref(), &mut out)?;
    Ok(out.finish(vm))
}
/// ary.assoc(obj) -> found_array or nil
fn a_assoc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut i = 0;
    while i < alen(s) {
        let e = vec_of(s)[i];
        if let Some(p) = check_array(vm, e)?
            && alen(p) > 0
            && vm.equal(vec_of(p)[0], a[0])?
        {
            return Ok(p);
        }
        i += 1;
    }
    Ok(Value::NIL)
}
/// ary.rassoc(obj) -> found_array or nil
fn a_rassoc(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut i = 0;
    while i < alen(s) {
        let e = vec_of(s)[i];
        if let Some(p) = check_array(vm, e)?
            && alen(p) > 1
            && vm.equal(vec_of(p)[1], a[0])?
        {
            return Ok(p);
        }
        i += 1;
    }
    Ok(Value::NIL)
}
/// ary.include?(obj) -> true or false
fn a_include_p(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut i = 0;
    while i < alen(s) {
        let x = vec_of(s)[i];
        if vm.equal(x, a[0])? {
            return Ok(Value::TRUE);
        }
        i += 1;
    }
    Ok(Value::FALSE)
}
