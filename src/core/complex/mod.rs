//! Complex: complex numbers, as CRuby 4.0's complex.c.
//!
//! A Complex is a frozen T_DATA object holding its real and imaginary parts as Values (each an
//! Integer, Float, Rational or another real Numeric); `Complex(1, 0)` stays a Complex. The parts
//! compute through `real::Real` (complex.c's f_add/f_mul/... helpers), the methods are in
//! `arith.rs` (+ - * / ** and coerce), `query.rs` (accessors, comparison, conversion, printing)
//! and `parse.rs` (the string syntax of `Complex("1+2i")` and `String#to_c`).
//!
//! Entry points for the compiler:
//! - `imaginary_literal(vm, value) -> Value`: the imaginary literal `3i` / `1.5i` / `3ri`
//!   (`value` is the literal without its `i`: 3, 1.5 or (3/1)) as `Complex(0, value)`.
//! - `rational::from_decimal_literal(vm, text) -> VmResult` makes the Rational of `1.5r`.
//!
//! Other Rust callers: `new_complex(vm, re, im)`, `is_complex(v)`, `parts(v)`, and
//! `arith::dbl_complex_new_polar_pi` (what Integer#** and Float#** give for a negative base and a
//! fractional exponent).

pub mod arith;
pub mod parse;
pub mod query;
pub mod real;

use super::numeric::check_keywords;
use crate::object::class::Visibility;
use crate::object::heap::{T_DATA, payload};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::frame::UnwindKind;
use crate::vm::frame::{Block, VmResult};
use crate::vm::{MethodBody, Vm};
use real::{Real, rooted};

/// A Complex's payload.
pub struct Cpx {
    pub re: Value,
    pub im: Value,
}

impl crate::object::heap::Payload for Cpx {
    fn trace(&self, out: &mut Vec<Value>) {
        out.push(self.re);
        out.push(self.im);
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// Complex's methods; the other Numeric methods it must not have are undefined in `init`.
const COMPLEX: &[(&str, crate::vm::NativeFn, i16, i16)] = &[
    ("real", query::c_real, 0, 0),
    ("imaginary", query::c_imag, 0, 0),
    ("imag", query::c_imag, 0, 0),
    ("rectangular", query::c_rect, 0, 0),
    ("rect", query::c_rect, 0, 0),
    ("polar", query::c_polar, 0, 0),
    ("abs", query::c_abs, 0, 0),
    ("magnitude", query::c_abs, 0, 0),
    ("abs2", query::c_abs2, 0, 0),
    ("arg", query::c_arg, 0, 0),
    ("angle", query::c_arg, 0, 0),
    ("phase", query::c_arg, 0, 0),
    ("conjugate", query::c_conj, 0, 0),
    ("conj", query::c_conj, 0, 0),
    ("real?", query::c_false, 0, 0),
    ("finite?", query::c_finite, 0, 0),
    ("infinite?", query::c_infinite, 0, 0),
    ("numerator", query::c_numerator, 0, 0),
    ("denominator", query::c_denominator, 0, 0),
    ("==", query::c_eq, 1, 1),
    ("<=>", query::c_cmp, 1, 1),
    ("eql?", query::c_eql, 1, 1),
    ("hash", query::c_hash, 0, 0),
    ("to_s", query::c_to_s, 0, 0),
    ("inspect", query::c_inspect, 0, 0),
    ("to_i", query::c_to_i, 0, 0),
    ("to_f", query::c_to_f, 0, 0),
    ("to_r", query::c_to_r, 0, 0),
    ("rationalize", query::c_rationalize, 0, 1),
    ("to_c", c_self, 0, 0),
    ("+", arith::c_plus, 1, 1),
    ("-", arith::c_minus, 1, 1),
    ("*", arith::c_mul, 1, 1),
    ("/", arith::c_div, 1, 1),
    ("quo", arith::c_div, 1, 1),
    ("fdiv", arith::c_fdiv, 1, 1),
    ("**", arith::c_pow, 1, 1),
    ("-@", arith::c_neg, 0, 0),
    ("coerce", arith::c_coerce, 1, 1),
];

/// Numeric methods CRuby undefines on Complex (ordering, rounding and the real-only ones).
const UNDEFINED: &[&str] = &[
    "%",
    "<",
    "<=",
    ">",
    ">=",
    "between?",
    "clamp",
    "div",
    "divmod",
    "floor",
    "ceil",
    "modulo",
    "remainder",
    "round",
    "step",
    "truncate",
    "i",
    "positive?",
    "negative?",
];

pub fn init(vm: &mut Vm) {
    let numeric = vm.c.numeric;
    let k = vm.define_class("Complex", numeric);
    vm.c.complex = k;
    vm.class_data(k).instance_type = crate::object::heap::T_NONE;
    let meta = vm.singleton_class(k);
    for name in ["new", "allocate"] {
        vm.add_method(
            meta,
            intern(name),
            MethodBody::Undefined,
            Visibility::Public,
        );
    }
    vm.define_natives(
        meta,
        &[
            ("rectangular", s_rect, 1, 2),
            ("rect", s_rect, 1, 2),
            ("polar", s_polar, 1, 2),
        ],
    );
    vm.define_natives(k, COMPLEX);
    vm.define_private_natives(k, &[("marshal_dump", query::c_rect, 0, 0)]);
    for name in UNDEFINED {
        vm.add_method(k, intern(name), MethodBody::Undefined, Visibility::Public);
    }
    let i = new_complex(vm, Value::fixnum(0), Value::fixnum(1));
    vm.class_data(k).const_set(intern("I"), i);
    let kernel = vm.c.kernel;
    vm.define_private_natives(kernel, &[("Complex", k_complex, 0, -1)]);
    vm.define_natives(numeric, &[("i", n_i, 0, 0), ("to_c", n_to_c, 0, 0)]);
    let nil = vm.c.nil;
    vm.define_natives(nil, &[("to_c", nil_to_c, 0, 0)]);
    let s = vm.c.string;
    vm.define_natives(s, &[("to_c", parse::s_to_c, 0, 0)]);
}

/// The frozen Complex re + im*i (no check of the parts).
pub fn new_complex(vm: &mut Vm, re: Value, im: Value) -> Value {
    let k = vm.c.complex;
    let c = vm.heap.alloc_boxed(T_DATA, k, Box::new(Cpx { re, im }));
    vm.freeze(c);
    c
}

/// The Complex of two Reals (f_complex_new2): a part that is itself a Complex (what an object's
/// own arithmetic may give) is folded in, re + im*i.
pub fn make(vm: &mut Vm, re: &Real, im: &Real) -> VmResult {
    let split = |x: &Real| match x {
        Real::Obj(v) => parts(*v).map(|(a, b)| (Real::of(a), Real::of(b))),
        _ => None,
    };
    let (re, im) = match (split(re), split(im)) {
        (None, None) => (re.clone(), im.clone()),
        (None, Some((c, d))) => (real::sub(vm, re, &d)?, real::add(vm, &Real::int(0), &c)?),
        (Some((a, b)), None) => (a, real::add(vm, &b, im)?),
        (Some((a, b)), Some((c, d))) => (real::sub(vm, &a, &d)?, real::add(vm, &b, &c)?),
    };
    let a = re.value(vm);
    let b = im.value(vm);
    Ok(new_complex(vm, a, b))
}

/// The imaginary literal `3i`: Complex(0, value).
pub fn imaginary_literal(vm: &mut Vm, value: Value) -> Value {
    new_complex(vm, Value::fixnum(0), value)
}

/// The (real, imaginary) parts of a Complex.
pub fn parts(v: Value) -> Option<(Value, Value)> {
    payload::<Cpx>(v).map(|c| (c.re, c.im))
}

pub fn is_complex(v: Value) -> bool {
    parts(v).is_some()
}

/// The parts of a Complex receiver as Reals.
pub(crate) fn this(v: Value) -> (Real, Real) {
    let (re, im) = parts(v).expect("a Complex receiver");
    (Real::of(re), Real::of(im))
}

/// k_numeric_p
pub(crate) fn is_numeric(vm: &mut Vm, v: Value) -> bool {
    let n = vm.c.numeric;
    vm.is_a(v, n)
}

/// f_real_p: Integer, Float and Rational are real, Complex is not, others answer `real?`.
pub(crate) fn real_p(vm: &mut Vm, v: Value) -> VmResult<bool> {
    if !matches!(Real::of(v), Real::Obj(_)) {
        return Ok(true);
    }
    if is_complex(v) {
        return Ok(false);
    }
    Ok(vm.funcall(v, intern("real?"), &[], None)?.truthy())
}

/// nucomp_real_check: a real number, or a Complex with a zero imaginary part (its real part),
/// else TypeError "not a real".
fn real_check(vm: &mut Vm, v: Value) -> VmResult<Value> {
    if !matches!(Real::of(v), Real::Obj(_)) {
        return Ok(v);
    }
    if let Some((re, im)) = parts(v) {
        if real::zero_p(vm, &Real::of(im))? {
            return Ok(re);
        }
        return Err(vm.type_error("not a real"));
    }
    if !is_numeric(vm, v) || !real_p(vm, v)? {
        return Err(vm.type_error("not a real"));
    }
    Ok(v)
}

/// Complex.rect(real, imag = 0) -> complex
fn s_rect(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let re = real_check(vm, a[0])?;
    let im = match a.get(1) {
        Some(&v) => real_check(vm, v)?,
        None => Value::fixnum(0),
    };
    Ok(new_complex(vm, re, im))
}

/// Complex.polar(abs, arg = 0) -> complex
fn s_polar(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let abs = real_check(vm, a[0])?;
    let arg = match a.get(1) {
        Some(&v) => real_check(vm, v)?,
        None => Value::fixnum(0),
    };
    rooted(vm, |vm| arith::polar(vm, &Real::of(abs), &Real::of(arg)))
}

fn c_self(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(s)
}

/// num.i -> Complex(0, num)
fn n_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(new_complex(vm, Value::fixnum(0), s))
}

/// num.to_c -> Complex(num, 0)
fn n_to_c(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(new_complex(vm, s, Value::fixnum(0)))
}

/// nil.to_c -> (0+0i)
fn nil_to_c(vm: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(new_complex(vm, Value::fixnum(0), Value::fixnum(0)))
}

/// Complex(a, b = nil, exception: true) -> complex or nil
fn k_complex(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (args, opts) = vm.split_keywords(a)?;
    if args.is_empty() || args.len() > 2 {
        return Err(super::array::arity(vm, args.len(), 1, 2));
    }
    let mut raise = true;
    if let Some(h) = opts {
        check_keywords(vm, h, &["exception"])?;
        let e = super::hash::get(vm, h, Value::symbol(intern("exception")))?;
        raise = match e {
            Value::TRUE => true,
            Value::FALSE => false,
            _ => {
                let s = vm.inspect_str(e)?;
                return Err(vm.arg_error(&format!("expected true or false as exception: {s}")));
            }
        };
    }
    let (a1, a2) = (args[0], args.get(1).copied());
    if a2.is_none() && vm.class_of(a1) == vm.c.complex {
        return Ok(a1);
    }
    rooted(vm, |vm| convert(vm, a1, a2, raise))
}

/// nucomp_convert: Kernel#Complex's conversions.
fn convert(vm: &mut Vm, mut a1: Value, mut a2: Option<Value>, raise: bool) -> VmResult {
    if a1.is_nil() || a2 == Some(Value::NIL) {
        if !raise {
            return Ok(Value::NIL);
        }
        return Err(vm.type_error("can't convert nil into Complex"));
    }
    if crate::core::object::is_string(a1) {
        match parse::strict(vm, a1, raise)? {
            Some(c) => a1 = c,
            None => return Ok(Value::NIL),
        }
        vm.stack.push(a1);
    }
    if let Some(b) = a2
        && crate::core::object::is_string(b)
    {
        match parse::strict(vm, b, raise)? {
            Some(c) => {
                a2 = Some(c);
                vm.stack.push(c);
            }
            None => return Ok(Value::NIL),
        }
    }
    // a Complex with an exact zero imaginary part stands for its real part
    if let Some((re, im)) = parts(a1)
        && real::exact_zero_p(vm, &Real::of(im))?
    {
        a1 = re;
    }
    if let Some(b) = a2
        && let Some((re, im)) = parts(b)
        && real::exact_zero_p(vm, &Real::of(im))?
    {
        a2 = Some(re);
    }
    if is_complex(a1) {
        match a2 {
            None => return Ok(a1),
            Some(b) if real::exact_zero_p(vm, &Real::of(b))? => return Ok(a1),
            _ => {}
        }
    }
    match a2 {
        None => {
            let numeric = is_numeric(vm, a1);
            if numeric && !real_p(vm, a1)? {
                return Ok(a1);
            }
            if !numeric {
                return match to_complex(vm, a1) {
                    Err(unw)
                        if let UnwindKind::Raise(_) = *unw.kind()
                            && !raise =>
                    {
                        Ok(Value::NIL)
                    }
                    r => r,
                };
            }
        }
        Some(b) => {
            if is_numeric(vm, a1) && is_numeric(vm, b) && (!realish(vm, a1)? || !realish(vm, b)?) {
                // a1 + a2 * i
                let i = new_complex(vm, Value::fixnum(0), Value::fixnum(1));
                let m = vm.funcall(b, intern("*"), &[i], None)?;
                if a1 == Value::fixnum(0) {
                    return Ok(m);
                }
                if m == Value::fixnum(0) {
                    return Ok(a1);
                }
                return vm.funcall(a1, intern("+"), &[m], None);
            }
        }
    }
    let checked = (|| -> VmResult {
        let re = real_check(vm, a1)?;
        let im = match a2 {
            Some(b) => real_check(vm, b)?,
            None => Value::fixnum(0),
        };
        Ok(new_complex(vm, re, im))
    })();
    match checked {
        Err(unw)
            if let UnwindKind::Raise(_) = *unw.kind()
                && !raise =>
        {
            Ok(Value::NIL)
        }
        r => r,
    }
}

/// Whether Kernel#Complex takes `v` as a real: a Complex counts when its imaginary part is zero
/// (0.0 too; `Complex(Complex(1, 0.0), 2)` is (1+2i)).
fn realish(vm: &mut Vm, v: Value) -> VmResult<bool> {
    match parts(v) {
        Some((_, im)) => real::zero_p(vm, &Real::of(im)),
        None => real_p(vm, v),
    }
}

/// rb_convert_type(v, T_COMPLEX, "Complex", "to_c")
fn to_complex(vm: &mut Vm, v: Value) -> VmResult {
    let id = intern("to_c");
    let name = match v {
        Value::NIL => "nil".to_string(),
        Value::TRUE => "true".to_string(),
        Value::FALSE => "false".to_string(),
        _ => {
            let k = vm.real_class(v);
            vm.class_name(k)
        }
    };
    if !vm.responds(v, id, true) {
        return Err(vm.type_error(&format!("can't convert {name} into Complex")));
    }
    let r = vm.funcall(v, id, &[], None)?;
    if !is_complex(r) {
        let k = vm.real_class(r);
        let got = vm.class_name(k);
        return Err(vm.type_error(&format!(
            "can't convert {name} to Complex ({name}#to_c gives {got})"
        )));
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `v.inspect` through the interpreter's VM.
    fn inspect(i: &mut crate::interp::Interpreter, v: Value) -> String {
        i.vm.inspect_str(v).expect("inspects")
    }

    #[test]
    fn literal_entry_points_make_complex_and_rational_values() {
        let mut i = crate::interp::Interpreter::new();
        let vm = &mut *i.vm;
        let c = imaginary_literal(vm, Value::fixnum(3));
        assert!(is_complex(c));
        assert_eq!(inspect(&mut i, c), "(0+3i)");
        let f = i.vm.float(1.5);
        let c = imaginary_literal(&mut i.vm, f);
        assert_eq!(inspect(&mut i, c), "(0+1.5i)");
        let r = crate::core::rational::from_decimal_literal(&mut i.vm, "1.5").expect("a literal");
        assert_eq!(inspect(&mut i, r), "(3/2)");
        let c = imaginary_literal(&mut i.vm, r);
        assert_eq!(inspect(&mut i, c), "(0+(3/2)*i)");
        assert!(crate::core::rational::from_decimal_literal(&mut i.vm, "1e3").is_err());
    }
}
