//! Complex's accessors, comparison, conversions and printing: real/imaginary/rect/polar,
//! abs/abs2/arg, conjugate, finite?/infinite?, numerator/denominator, == <=> eql? hash,
//! to_i/to_f/to_r/rationalize (RangeError unless the imaginary part is an exact zero), to_s and
//! inspect ("1+2i", "(1+2i)", "1.0+NaN*i").

use super::real::{self as r, Real, rooted};
use super::{is_numeric, make, parts, real_p, this};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_integer::Integer as _;
use num_traits::One;

pub(super) fn c_real(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(parts(s).expect("a Complex receiver").0)
}
pub(super) fn c_imag(_: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(parts(s).expect("a Complex receiver").1)
}
/// cmp.rect -> [real, imag]
pub(super) fn c_rect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (re, im) = parts(s).expect("a Complex receiver");
    Ok(vm.ary_from_slice(&[re, im]))
}
pub(super) fn c_false(_: &mut Vm, _: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    Ok(Value::FALSE)
}

/// rb_complex_abs: the other part's absolute value when one part is zero (a Float if either
/// part is), else the hypotenuse.
pub fn abs(vm: &mut Vm, re: &Real, im: &Real) -> VmResult<Real> {
    if r::zero_p(vm, re)? {
        let a = r::abs(vm, im)?;
        if re.is_float() && !im.is_float() {
            return Ok(Real::Flt(r::to_f64(vm, &a)?));
        }
        return Ok(a);
    }
    if r::zero_p(vm, im)? {
        let a = r::abs(vm, re)?;
        if !re.is_float() && im.is_float() {
            return Ok(Real::Flt(r::to_f64(vm, &a)?));
        }
        return Ok(a);
    }
    let (x, y) = (r::to_f64(vm, re)?, r::to_f64(vm, im)?);
    Ok(Real::Flt(x.hypot(y)))
}

fn arg(vm: &mut Vm, re: &Real, im: &Real) -> VmResult<f64> {
    let (y, x) = (r::to_f64(vm, im)?, r::to_f64(vm, re)?);
    Ok(y.atan2(x))
}

/// cmp.abs -> real
pub(super) fn c_abs(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        Ok(abs(vm, &re, &im)?.value(vm))
    })
}
/// cmp.abs2 -> real
pub(super) fn c_abs2(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        let a = r::mul(vm, &re, &re)?;
        let b = r::mul(vm, &im, &im)?;
        Ok(r::add(vm, &a, &b)?.value(vm))
    })
}
/// cmp.arg -> float
pub(super) fn c_arg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (re, im) = this(s);
    let a = arg(vm, &re, &im)?;
    Ok(vm.float(a))
}
/// cmp.polar -> [abs, arg]
pub(super) fn c_polar(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        let a = abs(vm, &re, &im)?;
        let t = arg(vm, &re, &im)?;
        let a = a.value(vm);
        let t = vm.float(t);
        Ok(vm.ary_from_slice(&[a, t]))
    })
}
/// cmp.conj -> complex
pub(super) fn c_conj(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        let n = r::neg(vm, &im)?;
        make(vm, &re, &n)
    })
}
/// cmp.finite? -> true or false
pub(super) fn c_finite(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        Ok(Value::bool(r::finite_p(vm, &re)? && r::finite_p(vm, &im)?))
    })
}
/// cmp.infinite? -> 1 or nil
pub(super) fn c_infinite(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        Ok(if r::infinite_p(vm, &re)? || r::infinite_p(vm, &im)? {
            Value::fixnum(1)
        } else {
            Value::NIL
        })
    })
}

/// The numerator and denominator of a real, as its `numerator`/`denominator` give them (a
/// Float's through its exact Rational; NaN and Infinity are their own numerator over 1).
fn num_den(vm: &mut Vm, x: &Real) -> VmResult<(Real, Real)> {
    Ok(match x {
        Real::Int(i) => (Real::Int(i.clone()), Real::int(1)),
        Real::Rat(n, d) => (Real::Int(n.clone()), Real::Int(d.clone())),
        Real::Flt(f) if !f.is_finite() => (x.clone(), Real::int(1)),
        Real::Flt(f) => {
            let (n, d) = crate::core::rational::float_parts(*f);
            let g = n.gcd(&d);
            (Real::Int(n / &g), Real::Int(d / g))
        }
        Real::Obj(_) => (
            r::call0(vm, x, "numerator")?,
            r::call0(vm, x, "denominator")?,
        ),
    })
}

/// lcm of the parts' denominators.
fn denominator(vm: &mut Vm, re: &Real, im: &Real) -> VmResult<Real> {
    let (_, a) = num_den(vm, re)?;
    let (_, b) = num_den(vm, im)?;
    match (&a, &b) {
        (Real::Int(x), Real::Int(y)) => Ok(Real::Int(x.lcm(y))),
        _ => r::call(vm, &a, "lcm", &b),
    }
}

/// cmp.denominator -> integer
pub(super) fn c_denominator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        Ok(denominator(vm, &re, &im)?.value(vm))
    })
}
/// cmp.numerator -> complex: self * denominator
pub(super) fn c_numerator(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        let cd = denominator(vm, &re, &im)?;
        let mut out = Vec::new();
        for x in [&re, &im] {
            let (n, d) = num_den(vm, x)?;
            let k = match (&cd, &d) {
                (Real::Int(c), Real::Int(d)) if !d.is_one() => Real::Int(c / d),
                (Real::Int(_), Real::Int(_)) => cd.clone(),
                _ => r::call(vm, &cd, "/", &d)?,
            };
            out.push(r::mul(vm, &n, &k)?);
        }
        make(vm, &out[0], &out[1])
    })
}

/// cmp == object -> true or false
pub(super) fn c_eq(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    rooted(vm, |vm| {
        let (re, im) = this(s);
        if let Some((c, d)) = parts(o) {
            let same = r::eqeq(vm, &re, &Real::of(c))? && r::eqeq(vm, &im, &Real::of(d))?;
            return Ok(Value::bool(same));
        }
        if is_numeric(vm, o) && real_p(vm, o)? {
            let same = r::eqeq(vm, &re, &Real::of(o))? && r::zero_p(vm, &im)?;
            return Ok(Value::bool(same));
        }
        Ok(Value::bool(vm.equal(o, s)?))
    })
}

/// cmp <=> object -> -1, 0, 1 or nil (nil unless both imaginary parts are zero)
pub(super) fn c_cmp(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if !is_numeric(vm, o) {
        return crate::core::numeric::coerce_cmp(vm, s, o);
    }
    rooted(vm, |vm| {
        let (re, im) = this(s);
        if !r::zero_p(vm, &im)? {
            return Ok(Value::NIL);
        }
        if let Some((c, d)) = parts(o) {
            if r::zero_p(vm, &Real::of(d))? {
                return r::cmp(vm, &re, &Real::of(c));
            }
            return Ok(Value::NIL);
        }
        if real_p(vm, o)? {
            return r::cmp(vm, &re, &Real::of(o));
        }
        let rv = re.value(vm);
        crate::core::numeric::coerce_cmp(vm, rv, o)
    })
}

/// cmp.eql?(object): a Complex whose parts have the same classes and are ==
pub(super) fn c_eql(vm: &mut Vm, s: Value, a: &[Value], b: Option<&Block>) -> VmResult {
    let Some((c, d)) = parts(a[0]) else {
        return Ok(Value::FALSE);
    };
    let (re, im) = this(s);
    if !re.same_kind(vm, &Real::of(c)) || !im.same_kind(vm, &Real::of(d)) {
        return Ok(Value::FALSE);
    }
    c_eq(vm, s, a, b)
}

/// cmp.hash -> integer (from the parts' hashes)
pub(super) fn c_hash(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    use std::hash::{BuildHasher, Hasher};
    let (re, im) = parts(s).expect("a Complex receiver");
    let (a, b) = (vm.hash_of(re)?, vm.hash_of(im)?);
    let mut h = ahash::RandomState::with_seeds(9, 10, 11, 12).build_hasher();
    h.write_u64(a);
    h.write_u64(b);
    Ok(Value::fixnum((h.finish() >> 2) as i64 - (1 << 61)))
}

/// f_format: "re+imi", the imaginary part's sign from its sign bit (NaN prints with "+"), a
/// "*" before the "i" when the part does not end in a digit.
fn format(vm: &mut Vm, s: Value, inspect: bool) -> VmResult<String> {
    rooted(vm, |vm| {
        let (re, im) = parts(s).expect("a Complex receiver");
        let imr = Real::of(im);
        let neg = r::signbit(vm, &imr)?;
        let text = |vm: &mut Vm, v: Value| {
            if inspect {
                vm.inspect_str(v)
            } else {
                vm.to_s_string(v)
            }
        };
        let mut out = text(vm, re)?;
        out.push(if neg { '-' } else { '+' });
        let a = r::abs(vm, &imr)?.value(vm);
        out.push_str(&text(vm, a)?);
        if !out.ends_with(|c: char| c.is_ascii_digit()) {
            out.push('*');
        }
        out.push('i');
        Ok(out)
    })
}

fn ascii_str(vm: &mut Vm, s: &str) -> Value {
    let v = vm.str_new(s.as_bytes());
    crate::object::string::set_encoding(v, crate::object::string::Encoding::UsAscii);
    v
}

/// cmp.to_s -> "1+2i"
pub(super) fn c_to_s(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = format(vm, s, false)?;
    Ok(ascii_str(vm, &t))
}
/// cmp.inspect -> "(1+2i)"
pub(super) fn c_inspect(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let t = format(vm, s, true)?;
    Ok(ascii_str(vm, &format!("({t})")))
}

/// RangeError "can't convert 1+2i into Integer" unless the imaginary part is an exact zero.
fn real_part(vm: &mut Vm, s: Value, into: &str) -> VmResult<Value> {
    let (re, im) = parts(s).expect("a Complex receiver");
    if !r::exact_zero_p(vm, &Real::of(im))? {
        return Err(cannot_convert(vm, s, into));
    }
    Ok(re)
}
fn cannot_convert(vm: &mut Vm, s: Value, into: &str) -> crate::vm::frame::Unwind {
    match format(vm, s, false) {
        Ok(t) => vm.raise_str(vm.c.range_error, &format!("can't convert {t} into {into}")),
        Err(e) => e,
    }
}

/// cmp.to_i -> integer
pub(super) fn c_to_i(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let re = real_part(vm, s, "Integer")?;
    vm.funcall(re, intern("to_i"), &[], None)
}
/// cmp.to_f -> float
pub(super) fn c_to_f(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let re = real_part(vm, s, "Float")?;
    vm.funcall(re, intern("to_f"), &[], None)
}
/// cmp.to_r -> rational (a Float zero imaginary part is allowed, as in CRuby 3.4+)
pub(super) fn c_to_r(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    let (re, im) = parts(s).expect("a Complex receiver");
    let imr = Real::of(im);
    let ok = match imr {
        Real::Flt(f) => f == 0.0,
        Real::Obj(v) => {
            let id = intern("to_r");
            vm.responds(v, id, true) && {
                let q = vm.funcall(v, id, &[], None)?;
                crate::core::rational::is_rational(q) && r::exact_zero_p(vm, &Real::of(q))?
            }
        }
        x => r::exact_zero_p(vm, &x)?,
    };
    if !ok {
        return Err(cannot_convert(vm, s, "Rational"));
    }
    vm.funcall(re, intern("to_r"), &[], None)
}
/// cmp.rationalize(eps = nil) -> rational
pub(super) fn c_rationalize(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (re, im) = parts(s).expect("a Complex receiver");
    if !r::exact_zero_p(vm, &Real::of(im))? {
        return Err(cannot_convert(vm, s, "Rational"));
    }
    vm.funcall(re, intern("rationalize"), a, None)
}
