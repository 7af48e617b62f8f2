//! Numeric: the methods Integer and Float share or inherit (step, zero?/positive?/nonzero?,
//! coerce, div/modulo/divmod through `/`), CRuby's coercion protocol (`coerce_bin`,
//! `coerce_relop`, `coerce_cmp` and their TypeError/ArgumentError messages), the rounding
//! helpers for negative digits and `half:` modes, and `Integer()` parsing.

use super::array::{M, enum_for, num2long};
use super::integer::{i_self, is_int, to_big, zero_div};
use super::object::{float_value, is_float, str_of};
use crate::object::heap::*;
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, Unwind, VmResult};
use crate::vm::yield_each::YieldArgs;
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, Zero};

/// Numeric: the defaults Integer and Float override, and what user subclasses inherit.
pub(crate) const TABLE: &[M] = &[
    ("integer?", n_false, 0, 0),
    ("real?", n_true, 0, 0),
    ("finite?", n_true, 0, 0),
    ("infinite?", n_nil, 0, 0),
    ("zero?", n_zero_p, 0, 0),
    ("nonzero?", n_nonzero_p, 0, 0),
    ("positive?", n_positive_p, 0, 0),
    ("negative?", n_negative_p, 0, 0),
    ("+@", i_self, 0, 0),
    ("-@", n_uminus, 0, 0),
    ("<=>", n_cmp, 1, 1),
    ("coerce", n_coerce, 1, 1),
    ("step", n_step, 0, 3),
    ("abs", n_abs, 0, 0),
    ("magnitude", n_abs, 0, 0),
    ("to_int", n_to_int, 0, 0),
    ("div", n_div, 1, 1),
    ("modulo", n_modulo, 1, 1),
    ("%", n_modulo, 1, 1),
    ("divmod", n_divmod, 1, 1),
    ("fdiv", n_fdiv, 1, 1),
    ("dup", i_self, 0, 0),
    ("clone", i_self, 0, 1),
    ("eql?", n_eql, 1, 1),
    ("abs2", n_abs2, 0, 0),
    ("real", i_self, 0, 0),
    ("conj", i_self, 0, 0),
    ("conjugate", i_self, 0, 0),
    ("imag", n_zero, 0, 0),
    ("imaginary", n_zero, 0, 0),
    ("rect", n_rect, 0, 0),
    ("rectangular", n_rect, 0, 0),
    ("arg", n_arg, 0, 0),
    ("angle", n_arg, 0, 0),
    ("phase", n_arg, 0, 0),
    ("polar", n_polar, 0, 0),
    ("remainder", n_remainder, 1, 1),
    ("floor", n_floor, 0, 1),
    ("ceil", n_ceil, 0, 1),
    ("round", n_round, 0, 2),
    ("truncate", n_truncate, 0, 1),
];

/// TypeError "X can't be coerced into Integer" (X inspected for immediates and Floats).
pub fn coerce_failed(vm: &mut Vm, x: Value, y: Value) -> Unwind {
    let desc = if y.is_immediate() || is_float(y) {
        match vm.inspect_str(y) {
            Ok(s) => s,
            Err(e) => return e,
        }
    } else {
        let k = vm.real_class(y);
        vm.class_name(k)
    };
    let kx = vm.real_class(x);
    let msg = format!("{desc} can't be coerced into {}", vm.class_name(kx));
    vm.type_error(&msg)
}

/// do_coerce: `y.coerce(x)` -> [x', y']. None when y has no `coerce` (or returned nil and
/// `err` is false).
pub fn do_coerce(vm: &mut Vm, x: Value, y: Value, err: bool) -> VmResult<Option<(Value, Value)>> {
    let id = intern("coerce");
    if !vm.responds(y, id, true) {
        if err {
            return Err(coerce_failed(vm, x, y));
        }
        return Ok(None);
    }
    let r = vm.funcall(y, id, &[x], None)?;
    if !err && r.is_nil() {
        return Ok(None);
    }
    if type_of(r) != T_ARRAY || rarray(r).vec.len() != 2 {
        return Err(vm.type_error("coerce must return [x, y]"));
    }
    Ok(Some((rarray(r).vec[0], rarray(r).vec[1])))
}

/// rb_num_coerce_bin: `x op y` through `y.coerce(x)`.
pub fn coerce_bin(vm: &mut Vm, x: Value, y: Value, op: &str) -> VmResult {
    let (a, b) = do_coerce(vm, x, y, true)?.expect("coerced");
    vm.funcall(a, intern(op), &[b], None)
}

/// rb_num_coerce_relop: comparisons through coerce (ArgumentError when impossible).
pub fn coerce_relop(vm: &mut Vm, x: Value, y: Value, op: &str) -> VmResult {
    match do_coerce(vm, x, y, false)? {
        Some((a, b)) => {
            let r = vm.funcall(a, intern(op), &[b], None)?;
            if r.is_nil() {
                return Err(super::array_qsort::cmp_failed(vm, x, y));
            }
            Ok(r)
        }
        None => Err(super::array_qsort::cmp_failed(vm, x, y)),
    }
}

/// rb_num_coerce_cmp: `<=>` through coerce (nil when impossible).
pub fn coerce_cmp(vm: &mut Vm, x: Value, y: Value) -> VmResult {
    match do_coerce(vm, x, y, false)? {
        Some((a, b)) => vm.funcall(a, intern("<=>"), &[b], None),
        None => Ok(Value::NIL),
    }
}

/// `Integer(x)` and `Integer(str, base)` (with `exception: false` as a trailing Hash).
pub fn convert_integer(vm: &mut Vm, v: Value, base: Option<Value>) -> VmResult {
    convert_integer_ex(vm, v, base, true)
}
/// `Integer()`; with `raise` false, errors give nil.
pub fn convert_integer_ex(vm: &mut Vm, v: Value, base: Option<Value>, raise: bool) -> VmResult {
    let (base, raise) = match base {
        Some(h) if type_of(h) == T_HASH => {
            let e = super::hash::get(vm, h, Value::symbol(intern("exception")))?;
            (None, raise && !matches!(e, Value::FALSE))
        }
        b => (b, raise),
    };
    let r = convert_integer_inner(vm, v, base);
    match r {
        Err(unw)
            if let UnwindKind::Raise(_) = *unw.kind()
                && !raise =>
        {
            Ok(Value::NIL)
        }
        r => r,
    }
}
fn convert_integer_inner(vm: &mut Vm, v: Value, base: Option<Value>) -> VmResult {
    if let Some(b) = base
        && !b.is_nil()
        && type_of(v) != T_STRING
    {
        return Err(vm.arg_error("base specified for non string value"));
    }
    if is_int(v) {
        return Ok(v);
    }
    if is_float(v) {
        let f = float_value(v);
        return super::float::f64_to_int(vm, f.trunc());
    }
    if type_of(v) == T_STRING {
        let base = match base {
            Some(b) if !b.is_nil() => num2long(vm, b)?,
            _ => 0,
        };
        // rb_int_parse_cstr's radix check: 2..=36, or 0 (from the prefix), or -1 for "0x"-less
        if base == 1 || !(-36..=36).contains(&base) {
            return Err(vm.arg_error(&format!("invalid radix {base}")));
        }
        let base = base.abs();
        if let Some(r) = parse_integer(&str_of(vm, v), base) {
            return Ok(vm.bigint(r));
        }
        let ins = vm.inspect_str(v)?;
        return Err(vm.arg_error(&format!("invalid value for Integer(): {ins}")));
    }
    if v.is_nil() {
        return Err(vm.type_error("can't convert nil into Integer"));
    }
    for m in ["to_int", "to_i"] {
        let id = intern(m);
        if vm.responds(v, id, true) {
            let r = vm.funcall(v, id, &[], None)?;
            if is_int(r) {
                return Ok(r);
            }
        }
    }
    let k = vm.real_class(v);
    let msg = format!("can't convert {} into Integer", vm.class_name(k));
    Err(vm.type_error(&msg))
}
/// Parses Ruby's Integer() string syntax: optional sign, radix prefix (0x 0b 0o 0d, or a bare
/// leading 0 for octal when the base allows), single underscores between digits, surrounding
/// whitespace. `base` 0 means "from the prefix, else 10".
pub fn parse_integer(text: &str, base: i64) -> Option<BigInt> {
    let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let prefixes: [(&str, i64); 4] = [("0x", 16), ("0b", 2), ("0o", 8), ("0d", 10)];
    let mut radix = if base == 0 { 10 } else { base };
    let mut digits = t;
    for (p, r) in prefixes {
        if lower.starts_with(p) && (base == 0 || base == r) {
            radix = r;
            digits = &t[2..];
            break;
        }
    }
    if digits.len() == t.len() && (base == 0 || base == 8) && t.len() > 1 && t.starts_with('0') {
        radix = 8;
        digits = &t[1..];
        if digits.starts_with('_') {
            digits = &digits[1..];
        }
    }
    if !(2..=36).contains(&radix)
        || digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if !clean.chars().all(|c| c.is_digit(radix as u32)) {
        return None;
    }
    let b = BigInt::parse_bytes(clean.as_bytes(), radix as u32)?;
    Some(if neg { -b } else { b })
}

/// An enumerator for `recv.meth(*args)` whose size is known.
pub(crate) fn sized_enum(
    vm: &mut Vm,
    recv: Value,
    meth: &str,
    args: &[Value],
    size: Value,
) -> VmResult {
    let e = enum_for(vm, recv, meth, args)?;
    vm.ivar_set(e, intern("__size"), size)?;
    Ok(e)
}
/// CRuby's rounding modes for `half:`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Half {
    Up,
    Even,
    Down,
}

/// The `half:` option from a trailing keyword Hash (ArgumentError for an invalid mode).
pub fn rounding_mode(vm: &mut Vm, opts: Option<Value>) -> VmResult<Half> {
    let Some(h) = opts else { return Ok(Half::Up) };
    check_keywords(vm, h, &["half"])?;
    let v = super::hash::get(vm, h, Value::symbol(intern("half")))?;
    if v.is_nil() {
        return Ok(Half::Up);
    }
    let name = if v.is_symbol() {
        crate::object::symbol::sym_name(v.as_symbol_id()).to_string()
    } else if type_of(v) == T_STRING {
        str_of(vm, v)
    } else {
        String::new()
    };
    match name.to_ascii_lowercase().as_str() {
        "up" => Ok(Half::Up),
        "even" => Ok(Half::Even),
        "down" => Ok(Half::Down),
        _ => {
            let s = vm.inspect_str(v)?;
            let s = if v.is_symbol() {
                s.trim_start_matches(':').to_string()
            } else {
                s
            };
            Err(vm.arg_error(&format!("invalid rounding mode: {s}")))
        }
    }
}
/// ArgumentError "unknown keyword(s): :a, :b" unless every key of the keywords hash `h` is
/// one of `known`.
pub fn check_keywords(vm: &mut Vm, h: Value, known: &[&str]) -> VmResult<()> {
    let known: Vec<Value> = known.iter().map(|k| Value::symbol(intern(k))).collect();
    let unknown: Vec<Value> = super::hash::pairs(h)
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| !known.contains(k))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = unknown
        .iter()
        .map(|&k| vm.inspect_str(k))
        .collect::<VmResult<_>>()?;
    let s = if names.len() > 1 { "s" } else { "" };
    Err(vm.arg_error(&format!("unknown keyword{s}: {}", names.join(", "))))
}
/// Splits `(ndigits, opts)` off round's arguments.
/// `kw`: whether the last argument is keywords.
pub fn round_args(vm: &mut Vm, a: &[Value], kw: bool) -> VmResult<(Option<i64>, Option<Value>)> {
    let (opts, rest) = match a.split_last() {
        Some((&h, rest)) if kw && type_of(h) == T_HASH => (Some(h), rest),
        _ => (None, a),
    };
    if rest.len() > 1 {
        return Err(super::array::arity(vm, rest.len(), 0, 1));
    }
    let nd = match rest.first() {
        Some(&n) => Some(num2long(vm, n)?),
        None => None,
    };
    Ok((nd, opts))
}
/// Whether rounding `x` to 10**-ndigits certainly gives 0 (int_round_zero_p).
fn round_zero_p(x: &BigInt, ndigits: i64) -> bool {
    let bytes = if x.bits() < 63 {
        8
    } else {
        x.bits().div_ceil(64) * 8
    } as f64;
    -0.415241 * ndigits as f64 - 0.125 > bytes
}
/// rb_int_round for ndigits < 0.
pub fn int_round(x: &BigInt, ndigits: i64, mode: Half) -> BigInt {
    if round_zero_p(x, ndigits) {
        return BigInt::zero();
    }
    let f = num_traits::pow(BigInt::from(10), (-ndigits) as usize);
    let h = &f / 2;
    let r = x.mod_floor(&f);
    let n = x - &r;
    let up = match r.cmp(&h) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => match mode {
            Half::Up => x.is_positive(),
            Half::Down => x.is_negative(),
            Half::Even => (&n / &f).is_odd(),
        },
        std::cmp::Ordering::Less => false,
    };
    if up { n + f } else { n }
}
/// rb_int_floor for ndigits < 0.
pub fn int_floor(x: &BigInt, ndigits: i64) -> BigInt {
    if round_zero_p(x, ndigits) {
        return BigInt::zero();
    }
    let f = num_traits::pow(BigInt::from(10), (-ndigits) as usize);
    x - x.mod_floor(&f)
}
/// rb_int_ceil for ndigits < 0.
pub fn int_ceil(x: &BigInt, ndigits: i64) -> BigInt {
    if round_zero_p(x, ndigits) {
        return BigInt::zero();
    }
    let f = num_traits::pow(BigInt::from(10), (-ndigits) as usize);
    let r = x.mod_floor(&f);
    if r.is_zero() { x.clone() } else { x + (f - r) }
}
/// rb_int_truncate for ndigits < 0.
pub(crate) fn int_truncate(x: &BigInt, ndigits: i64) -> BigInt {
    if x.is_negative() {
        -int_floor(&-x, ndigits)
    } else {
        int_floor(x, ndigits)
    }
}
/// num.real? -> true (also Integer#integer?, Numeric#finite?)
pub(crate) fn n_true(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::TRUE)
}
/// num.integer? -> false
fn n_false(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}
/// num.infinite? -> nil
fn n_nil(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::NIL)
}
/// num.zero? -> true or false
fn n_zero_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::bool(vm.equal(s, Value::fixnum(0))?))
}
/// num.nonzero? -> self or nil
fn n_nonzero_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let z = vm.funcall(s, intern("zero?"), &[], None)?;
    Ok(if z.truthy() { Value::NIL } else { s })
}
/// num.positive? -> true or false
fn n_positive_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = vm.funcall(s, intern(">"), &[Value::fixnum(0)], None)?;
    Ok(Value::bool(r.truthy()))
}
/// num.negative? -> true or false
fn n_negative_p(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let r = vm.funcall(s, intern("<"), &[Value::fixnum(0)], None)?;
    Ok(Value::bool(r.truthy()))
}
/// -num -> numeric
fn n_uminus(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (z, n) = do_coerce(vm, Value::fixnum(0), s, true)?.expect("coerced");
    vm.funcall(z, intern("-"), &[n], None)
}
/// num <=> other -> 0 or nil
fn n_cmp(_: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    Ok(if s == a[0] {
        Value::fixnum(0)
    } else {
        Value::NIL
    })
}
/// num.coerce(numeric) -> array
fn n_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.class_of(s) == vm.class_of(a[0]) {
        return Ok(vm.ary_from_slice(&[a[0], s]));
    }
    let x = super::float::to_float(vm, s)?;
    let y = super::float::to_float(vm, a[0])?;
    Ok(vm.ary_from_slice(&[y, x]))
}
/// num.abs -> numeric
fn n_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if vm
        .funcall(s, intern("<"), &[Value::fixnum(0)], None)?
        .truthy()
    {
        return vm.funcall(s, intern("-@"), &[], None);
    }
    Ok(s)
}
/// num.to_int -> integer
fn n_to_int(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("to_i"), &[], None)
}
/// num.div(numeric) -> integer
fn n_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    if vm.equal(Value::fixnum(0), a[0])? {
        return Err(zero_div(vm));
    }
    let q = vm.funcall(s, intern("/"), &[a[0]], None)?;
    vm.funcall(q, intern("floor"), &[], None)
}
/// num % numeric -> numeric
fn n_modulo(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let q = vm.funcall(s, intern("div"), &[a[0]], None)?;
    let p = vm.funcall(a[0], intern("*"), &[q], None)?;
    vm.funcall(s, intern("-"), &[p], None)
}
/// num.divmod(numeric) -> array
fn n_divmod(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let q = n_div(vm, s, a, b)?;
    let r = n_modulo(vm, s, a, b)?;
    Ok(vm.ary_from_slice(&[q, r]))
}
/// num.fdiv(numeric) -> float
fn n_fdiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = super::float::to_float(vm, s)?;
    vm.funcall(f, intern("/"), &[a[0]], None)
}

/// num.eql?(other) -> true or false (same type and `==`)
fn n_eql(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    let same = if is_int(s) || is_float(s) {
        (is_int(s) && is_int(o)) || (is_float(s) && is_float(o))
    } else {
        vm.real_class(s) == vm.real_class(o)
    };
    Ok(Value::bool(same && vm.equal(s, o)?))
}
/// num.abs2 -> real
fn n_abs2(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    vm.funcall(s, intern("*"), &[s], None)
}
/// num.imaginary -> 0
fn n_zero(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::fixnum(0))
}
/// num.rect -> [self, 0]
fn n_rect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(vm.ary_from_slice(&[s, Value::fixnum(0)]))
}
/// num.arg -> 0 or Math::PI
fn n_arg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    if is_float(s) {
        let f = float_value(s);
        if f.is_nan() {
            return Ok(s);
        }
        if !f.is_sign_negative() {
            return Ok(Value::fixnum(0));
        }
        return Ok(vm.float(std::f64::consts::PI));
    }
    if n_negative_p(vm, s, &[], None)?.truthy() {
        return Ok(vm.float(std::f64::consts::PI));
    }
    Ok(Value::fixnum(0))
}
/// num.polar -> [abs, arg]
fn n_polar(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let abs = vm.funcall(s, intern("abs"), &[], None)?;
    let arg = vm.funcall(s, intern("arg"), &[], None)?;
    Ok(vm.ary_from_slice(&[abs, arg]))
}
/// num.remainder(other) -> real
fn n_remainder(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, y) = if vm.is_a(a[0], vm.c.numeric) {
        (s, a[0])
    } else {
        do_coerce(vm, s, a[0], true)?.expect("coerced")
    };
    let z = vm.funcall(x, intern("%"), &[y], None)?;
    let zero = Value::fixnum(0);
    let lt = |vm: &mut Vm, v: Value| -> VmResult<bool> {
        Ok(vm.funcall(v, intern("<"), &[zero], None)?.truthy())
    };
    let gt = |vm: &mut Vm, v: Value| -> VmResult<bool> {
        Ok(vm.funcall(v, intern(">"), &[zero], None)?.truthy())
    };
    if !vm.equal(z, zero)? && ((lt(vm, x)? && gt(vm, y)?) || (gt(vm, x)? && lt(vm, y)?)) {
        if is_float(y) && float_value(y).is_infinite() {
            return Ok(x);
        }
        return vm.funcall(z, intern("-"), &[y], None);
    }
    Ok(z)
}
/// Calls Float(self).name(*args), as Numeric's rounding methods do.
fn via_float(vm: &mut Vm, s: Value, name: &str, a: &[Value]) -> VmResult {
    let kw = vm.take_kw();
    let f = super::float::to_float(vm, s)?;
    vm.funcall_maybe_kw(f, intern(name), a, None, kw)
}
/// num.floor(ndigits = 0) -> integer or float
fn n_floor(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    via_float(vm, s, "floor", a)
}
/// num.ceil(ndigits = 0) -> integer or float
fn n_ceil(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    via_float(vm, s, "ceil", a)
}
/// num.round(ndigits = 0) -> integer or float
fn n_round(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    via_float(vm, s, "round", a)
}
/// num.truncate(ndigits = 0) -> integer or float
fn n_truncate(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    via_float(vm, s, "truncate", a)
}
/// Splits step's arguments into (to, by), reading `to:`/`by:` from a trailing Hash.
fn step_args(vm: &mut Vm, a: &[Value]) -> VmResult<(Value, Value, bool)> {
    let (kw, pos) = match a.last() {
        Some(&h) if type_of(h) == T_HASH => (Some(h), &a[..a.len() - 1]),
        _ => (None, a),
    };
    if pos.len() > 2 {
        return Err(super::array::arity(vm, pos.len(), 0, 2));
    }
    let mut to = pos.first().copied().unwrap_or(Value::NIL);
    let mut step = pos.get(1).copied().unwrap_or(Value::NIL);
    let mut by_given = false;
    if let Some(h) = kw {
        if let Some(i) = super::hash::find(vm, h, Value::symbol(intern("to")))? {
            if !pos.is_empty() {
                return Err(vm.arg_error("to is given twice"));
            }
            to = super::hash::rh(h).entries[i].value;
        }
        if let Some(i) = super::hash::find(vm, h, Value::symbol(intern("by")))? {
            if pos.len() > 1 {
                return Err(vm.arg_error("step is given twice"));
            }
            step = super::hash::rh(h).entries[i].value;
            by_given = true;
        }
    }
    if pos.len() > 1 && !by_given && step.is_nil() {
        return Err(vm.type_error("step must be numeric"));
    }
    Ok((to, step, by_given))
}
/// num.step(to = nil, by = 1) {|n| ... } -> self; num.step(by:, to:) {|n| ... } -> self
fn n_step(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let (to, step, _) = step_args(vm, a)?;
    let step = if step.is_nil() {
        Value::fixnum(1)
    } else {
        step
    };
    if vm.equal(step, Value::fixnum(0))? {
        return Err(vm.arg_error("step can't be 0"));
    }
    let Some(b) = b else {
        let size = step_size(vm, s, to, step)?;
        if a.iter().any(|&v| type_of(v) == T_HASH) {
            return sized_enum(vm, s, "step", a, size);
        }
        // positional arguments: an Enumerator::ArithmeticSequence, as CRuby's (its class is
        // set before its instance variables, which are laid out per class)
        let k = vm
            .class_data(vm.c.enumerator)
            .const_get(intern("ArithmeticSequence"))
            .unwrap_or(vm.c.enumerator);
        vm.stack.push(size);
        let e = vm.object_new(k);
        vm.stack.push(e);
        let args = vm.ary_from_slice(a);
        let r = (|| {
            vm.ivar_set(e, intern("__recv"), s)?;
            vm.ivar_set(e, intern("__meth"), Value::symbol(intern("step")))?;
            vm.ivar_set(e, intern("__args"), args)?;
            vm.ivar_set(e, intern("__size"), size)
        })();
        vm.stack.pop();
        vm.stack.pop();
        r?;
        return Ok(e);
    };
    let desc = vm
        .funcall(step, intern("<"), &[Value::fixnum(0)], None)?
        .truthy();
    if is_float(s) || is_float(to) || is_float(step) {
        let unit = super::float::num2dbl(vm, step)?;
        let beg = super::float::num2dbl(vm, s)?;
        let end = if to.is_nil() {
            if unit < 0.0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        } else {
            super::float::num2dbl(vm, to)?
        };
        return super::float::float_step(vm, beg, end, unit, false, b).map(|_| s);
    }
    if let (Some(mut i), Some(d)) = (s.fixnum_opt(), step.fixnum_opt())
        && (to.is_nil() || to.is_fixnum())
    {
        match to.fixnum_opt() {
            None => vm.yield_each(b, &mut |vm, _| {
                let v = vm.int(i);
                i += d;
                Ok(Some(YieldArgs::one(v)))
            })?,
            Some(end) => {
                // past the largest fixnum the loop ends (after yielding the last one)
                let mut last = false;
                vm.yield_each(b, &mut |_, _| {
                    if last || !(if desc { i >= end } else { i <= end }) {
                        return Ok(None);
                    }
                    let v = Value::fixnum(i);
                    i += d;
                    last = !Value::fits_fixnum(i);
                    Ok(Some(YieldArgs::one(v)))
                })?
            }
        }
        return Ok(s);
    }
    let limit = (!to.is_nil()).then_some(to);
    yield_by_calls(vm, b, s, limit, if desc { "<" } else { ">" }, "+", step)?;
    Ok(s)
}
/// Yields `from`, `from op step`, ... until `i past limit` holds (asked before each call, as
/// CRuby's loops over bounds that are not fixnums), all in one block frame. The current value
/// lives in a rooted Array: the block may drop its own reference to it.
pub(crate) fn yield_by_calls(
    vm: &mut Vm,
    b: &Block,
    from: Value,
    limit: Option<Value>,
    past: &str,
    op: &str,
    step: Value,
) -> VmResult<()> {
    let st = vm.ary_from_slice(&[from]);
    let (past, op) = (intern(past), intern(op));
    super::array::rooted(vm, &[st], |vm| {
        vm.yield_each(b, &mut |vm, r| {
            let mut i = rarray(st).vec[0];
            if !r.is_undef() {
                i = vm.funcall(i, op, &[step], None)?;
                rarray(st).vec[0] = i;
            }
            if let Some(l) = limit
                && vm.funcall(i, past, &[l], None)?.truthy()
            {
                return Ok(None);
            }
            Ok(Some(YieldArgs::one(i)))
        })
    })
}
/// The size of the sequence `from.step(to, step)` (ruby_num_interval_step_size).
fn step_size(vm: &mut Vm, from: Value, to: Value, step: Value) -> VmResult {
    if to.is_nil() {
        return Ok(vm.float(f64::INFINITY));
    }
    if let (Some(f), Some(t), Some(d)) = (from.fixnum_opt(), to.fixnum_opt(), step.fixnum_opt()) {
        let (mut delta, mut diff) = (t as i128 - f as i128, d as i128);
        if diff < 0 {
            diff = -diff;
            delta = -delta;
        }
        return Ok(if delta < 0 {
            Value::fixnum(0)
        } else {
            vm.int((delta / diff + 1) as i64)
        });
    }
    if is_float(from) || is_float(to) || is_float(step) {
        let (f, t, d) = (
            super::float::num2dbl(vm, from)?,
            super::float::num2dbl(vm, to)?,
            super::float::num2dbl(vm, step)?,
        );
        let n = super::float::float_step_size(f, t, d, false);
        if n.is_infinite() {
            return Ok(vm.float(n));
        }
        return super::float::f64_to_int(vm, n);
    }
    if is_int(from) && is_int(to) && is_int(step) {
        let (f, t, d) = (to_big(from), to_big(to), to_big(step));
        let (delta, diff) = if d.is_negative() {
            (f - t, -d)
        } else {
            (t - f, d)
        };
        return Ok(if delta.is_negative() {
            Value::fixnum(0)
        } else {
            vm.bigint(delta / diff + 1)
        });
    }
    Ok(Value::NIL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_integer_strings_like_ruby() {
        let p = |s: &str, b: i64| parse_integer(s, b).map(|x| x.to_string());
        assert_eq!(p("42", 0).as_deref(), Some("42"));
        assert_eq!(p("  -0x1A ", 0).as_deref(), Some("-26"));
        assert_eq!(p("017", 0).as_deref(), Some("15"));
        assert_eq!(p("0b101", 0).as_deref(), Some("5"));
        assert_eq!(p("1_000", 0).as_deref(), Some("1000"));
        assert_eq!(p("ff", 16).as_deref(), Some("255"));
        assert_eq!(p("z", 36).as_deref(), Some("35"));
        for bad in ["", "  ", "1__0", "_1", "1.5", "12abc", "0x"] {
            assert_eq!(p(bad, 0), None, "{bad}");
        }
        assert_eq!(p("9", 8), None);
    }

    #[test]
    fn rounds_integers_to_negative_digits() {
        let r = |x: i64, n: i64, m: Half| int_round(&BigInt::from(x), n, m).to_string();
        assert_eq!(r(1250, -2, Half::Up), "1300");
        assert_eq!(r(-1250, -2, Half::Up), "-1300");
        assert_eq!(r(25, -1, Half::Even), "20");
        assert_eq!(r(35, -1, Half::Even), "40");
        assert_eq!(r(25, -1, Half::Down), "20");
        assert_eq!(int_floor(&BigInt::from(-1234), -2).to_string(), "-1300");
        assert_eq!(int_ceil(&BigInt::from(1234), -2).to_string(), "1300");
        assert_eq!(int_ceil(&BigInt::from(1200), -2).to_string(), "1200");
    }
}
