//! Math: the module functions (callable as `Math.sqrt(x)` and, privately, after
//! `include Math`), PI and E, and Math::DomainError raised with CRuby 4.0's messages
//! ("Numerical argument is out of domain - log").

use super::array::M;
use super::float::get_double;
use super::integer::{is_int, to_big};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, Unwind, VmResult};

const MATH: &[M] = &[
    ("sqrt", m_sqrt, 1, 1),
    ("cbrt", m_cbrt, 1, 1),
    ("sin", m_sin, 1, 1),
    ("cos", m_cos, 1, 1),
    ("tan", m_tan, 1, 1),
    ("asin", m_asin, 1, 1),
    ("acos", m_acos, 1, 1),
    ("atan", m_atan, 1, 1),
    ("atan2", m_atan2, 2, 2),
    ("sinh", m_sinh, 1, 1),
    ("cosh", m_cosh, 1, 1),
    ("tanh", m_tanh, 1, 1),
    ("asinh", m_asinh, 1, 1),
    ("acosh", m_acosh, 1, 1),
    ("atanh", m_atanh, 1, 1),
    ("exp", m_exp, 1, 1),
    ("log", m_log, 1, 2),
    ("log2", m_log2, 1, 1),
    ("log10", m_log10, 1, 1),
    ("hypot", m_hypot, 2, 2),
    ("log1p", m_log1p, 1, 1),
    ("expm1", m_expm1, 1, 1),
    ("ldexp", m_ldexp, 2, 2),
    ("frexp", m_frexp, 1, 1),
    ("gamma", m_gamma, 1, 1),
    ("lgamma", m_lgamma, 1, 1),
    ("erf", m_erf, 1, 1),
    ("erfc", m_erfc, 1, 1),
];

pub fn init(vm: &mut Vm) {
    let m = vm.define_module("Math");
    vm.define_singleton_natives(m, MATH);
    vm.define_private_natives(m, MATH);
    let (pi, e) = (
        vm.float(std::f64::consts::PI),
        vm.float(std::f64::consts::E),
    );
    vm.keep(pi);
    vm.keep(e);
    vm.class_data(m).const_set(intern("PI"), pi);
    vm.class_data(m).const_set(intern("E"), e);
}

fn domain_error(vm: &mut Vm, name: &str) -> Unwind {
    vm.raise_str(
        vm.c.math_domain_error,
        &format!("Numerical argument is out of domain - {name}"),
    )
}
fn check_min(vm: &mut Vm, d: f64, min: f64, name: &str) -> VmResult<()> {
    if d < min {
        return Err(domain_error(vm, name));
    }
    Ok(())
}
fn check_range(vm: &mut Vm, d: f64, lo: f64, hi: f64, name: &str) -> VmResult<()> {
    if d < lo || d > hi {
        return Err(domain_error(vm, name));
    }
    Ok(())
}
macro_rules! unary {
    ($name:ident, $f:expr, $doc:expr) => {
        #[doc = $doc]
        fn $name(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
            let d = get_double(vm, a[0])?;
            let f: fn(f64) -> f64 = $f;
            Ok(vm.float(f(d)))
        }
    };
}
unary!(m_sin, f64::sin, "Math.sin(x) -> float");
unary!(m_cos, f64::cos, "Math.cos(x) -> float");
unary!(m_tan, f64::tan, "Math.tan(x) -> float");
unary!(m_atan, f64::atan, "Math.atan(x) -> float");
unary!(m_sinh, f64::sinh, "Math.sinh(x) -> float");
unary!(m_cosh, f64::cosh, "Math.cosh(x) -> float");
unary!(m_tanh, f64::tanh, "Math.tanh(x) -> float");
unary!(m_asinh, f64::asinh, "Math.asinh(x) -> float");
unary!(m_exp, f64::exp, "Math.exp(x) -> float");
unary!(m_cbrt, f64::cbrt, "Math.cbrt(x) -> float");
unary!(m_expm1, f64::exp_m1, "Math.expm1(x) -> float");
unary!(m_erf, libm::erf, "Math.erf(x) -> float");
unary!(m_erfc, libm::erfc, "Math.erfc(x) -> float");

/// Math.gamma(x) -> float: exact factorials for the integers 1..22 (as CRuby's table), infinities
/// of the zero's sign at 0, a DomainError for negative integers and -Infinity.
fn m_gamma(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    if d.is_infinite() {
        if d < 0.0 {
            return Err(domain_error(vm, "gamma"));
        }
        return Ok(vm.float(f64::INFINITY));
    }
    if d == 0.0 {
        let inf = if d.is_sign_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        return Ok(vm.float(inf));
    }
    if d == d.floor() {
        check_min(vm, d, 0.0, "gamma")?;
        if (1.0..=22.0).contains(&d) {
            let fact = (1..d as u64).fold(1.0f64, |f, k| f * k as f64);
            return Ok(vm.float(fact));
        }
    }
    Ok(vm.float(libm::tgamma(d)))
}

/// Math.lgamma(x) -> [float, -1 or 1]: log|gamma(x)| and the sign of gamma(x)
fn m_lgamma(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    let (v, sign) = if d.is_infinite() {
        if d < 0.0 {
            return Err(domain_error(vm, "lgamma"));
        }
        (f64::INFINITY, 1)
    } else if d == 0.0 {
        (f64::INFINITY, if d.is_sign_negative() { -1 } else { 1 })
    } else {
        libm::lgamma_r(d)
    };
    let v = vm.float(v);
    Ok(vm.ary_from_slice(&[v, Value::fixnum(sign as i64)]))
}

/// Math.sqrt(x) -> float
fn m_sqrt(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_min(vm, d, 0.0, "sqrt")?;
    if d == 0.0 {
        return Ok(vm.float(0.0));
    }
    Ok(vm.float(d.sqrt()))
}
/// Math.asin(x) -> float
fn m_asin(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_range(vm, d, -1.0, 1.0, "asin")?;
    Ok(vm.float(d.asin()))
}
/// Math.acos(x) -> float
fn m_acos(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_range(vm, d, -1.0, 1.0, "acos")?;
    Ok(vm.float(d.acos()))
}
/// Math.acosh(x) -> float
fn m_acosh(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_min(vm, d, 1.0, "acosh")?;
    Ok(vm.float(d.acosh()))
}
/// Math.atanh(x) -> float
fn m_atanh(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_range(vm, d, -1.0, 1.0, "atanh")?;
    let r = if d == 1.0 {
        f64::INFINITY
    } else if d == -1.0 {
        f64::NEG_INFINITY
    } else {
        d.atanh()
    };
    Ok(vm.float(r))
}
/// Math.atan2(y, x) -> float
fn m_atan2(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (y, x) = (get_double(vm, a[0])?, get_double(vm, a[1])?);
    Ok(vm.float(y.atan2(x)))
}
/// Math.hypot(x, y) -> float
fn m_hypot(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (x, y) = (get_double(vm, a[0])?, get_double(vm, a[1])?);
    Ok(vm.float(x.hypot(y)))
}
/// The double of `v` and, for Integers beyond the Float range, how many bits were shifted off
/// (get_double_rshift), so that logarithms of huge Integers stay finite.
fn double_rshift(vm: &mut Vm, v: Value) -> VmResult<(f64, u64)> {
    if is_int(v) && !v.is_fixnum() {
        let b = to_big(v);
        let bits = b.bits();
        if bits > 1000 && b.sign() == num_bigint::Sign::Plus {
            let shift = bits - 53;
            let top: num_bigint::BigInt = b >> shift as usize;
            return Ok((
                num_traits::ToPrimitive::to_f64(&top).unwrap_or(f64::INFINITY),
                shift,
            ));
        }
    }
    Ok((get_double(vm, v)?, 0))
}
/// log(x) for Math.log (with its domain check).
fn log1(vm: &mut Vm, v: Value) -> VmResult<f64> {
    let (d, bits) = double_rshift(vm, v)?;
    check_min(vm, d, 0.0, "log")?;
    if d == 0.0 {
        return Ok(f64::NEG_INFINITY);
    }
    Ok(d.ln() + bits as f64 * std::f64::consts::LN_2)
}
/// Math.log(x, base = Math::E) -> float
fn m_log(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let mut d = log1(vm, a[0])?;
    if let Some(&b) = a.get(1) {
        d /= log1(vm, b)?;
    }
    Ok(vm.float(d))
}
/// Math.log1p(x) -> float
fn m_log1p(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    check_min(vm, d, -1.0, "log1p")?;
    if d == -1.0 {
        return Ok(vm.float(f64::NEG_INFINITY));
    }
    Ok(vm.float(d.ln_1p()))
}
/// Math.log2(x) -> float
fn m_log2(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (d, bits) = double_rshift(vm, a[0])?;
    check_min(vm, d, 0.0, "log2")?;
    if d == 0.0 {
        return Ok(vm.float(f64::NEG_INFINITY));
    }
    Ok(vm.float(d.log2() + bits as f64))
}
/// Math.log10(x) -> float
fn m_log10(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let (d, bits) = double_rshift(vm, a[0])?;
    check_min(vm, d, 0.0, "log10")?;
    if d == 0.0 {
        return Ok(vm.float(f64::NEG_INFINITY));
    }
    Ok(vm.float(d.log10() + bits as f64 * std::f64::consts::LOG10_2))
}
/// Math.ldexp(fraction, exponent) -> float
fn m_ldexp(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let f = get_double(vm, a[0])?;
    let e = super::array::num2long(vm, a[1])?;
    let e = e.clamp(-2200, 2200) as i32;
    // split the scaling so intermediate powers of two stay finite
    let r = f * 2f64.powi(e / 2) * 2f64.powi(e - e / 2);
    Ok(vm.float(r))
}
/// Math.frexp(x) -> [fraction, exponent]
fn m_frexp(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let d = get_double(vm, a[0])?;
    let e = super::float::frexp_exp(d);
    let frac = if d == 0.0 || !d.is_finite() {
        d
    } else {
        d / 2f64.powi(e)
    };
    let fv = vm.float(frac);
    Ok(vm.ary_from_slice(&[fv, Value::fixnum(e as i64)]))
}
