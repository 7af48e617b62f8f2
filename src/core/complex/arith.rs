//! Complex arithmetic: + - * / quo fdiv ** -@ and coerce, as complex.c computes them (the same
//! operations on the parts in the same order, so exactness, signed zeros, NaN and Infinity come
//! out as in CRuby), the polar constructor, and the Complex results of Integer#**/Float#** for a
//! negative base (`dbl_complex_new_polar_pi`).

use super::real::{self as r, Real, rooted};
use super::{is_numeric, make, new_complex, parts, real_p, this};
use crate::core::numeric::coerce_bin;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};
use std::f64::consts::PI;

/// What the other operand of an operator is.
enum Operand {
    Complex(Real, Real),
    Real(Real),
    /// Neither: the operator goes through `other.coerce(self)`.
    Other,
}

fn operand(vm: &mut Vm, o: Value) -> VmResult<Operand> {
    if let Some((re, im)) = parts(o) {
        return Ok(Operand::Complex(Real::of(re), Real::of(im)));
    }
    if is_numeric(vm, o) && real_p(vm, o)? {
        return Ok(Operand::Real(Real::of(o)));
    }
    Ok(Operand::Other)
}

/// cmp + other -> complex
pub(super) fn c_plus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        match operand(vm, a[0])? {
            Operand::Complex(c, d) => {
                let x = r::add(vm, &re, &c)?;
                let y = r::add(vm, &im, &d)?;
                make(vm, &x, &y)
            }
            Operand::Real(o) => {
                let x = r::add(vm, &re, &o)?;
                make(vm, &x, &im)
            }
            Operand::Other => coerce_bin(vm, s, a[0], "+"),
        }
    })
}

/// cmp - other -> complex
pub(super) fn c_minus(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        match operand(vm, a[0])? {
            Operand::Complex(c, d) => {
                let x = r::sub(vm, &re, &c)?;
                let y = r::sub(vm, &im, &d)?;
                make(vm, &x, &y)
            }
            Operand::Real(o) => {
                let x = r::sub(vm, &re, &o)?;
                make(vm, &x, &im)
            }
            Operand::Other => coerce_bin(vm, s, a[0], "-"),
        }
    })
}

/// safe_mul: a zero times an infinite Float is a signed zero, not NaN, when the other factor
/// of the pair is zero.
fn safe_mul(vm: &mut Vm, a: &Real, b: &Real, az: bool, bz: bool) -> VmResult<Real> {
    let unit = |f: f64| Real::Flt(if f.is_sign_negative() { -1.0 } else { 1.0 });
    let a = match a {
        Real::Flt(f) if !az && bz && !f.is_nan() => unit(*f),
        _ => a.clone(),
    };
    let b = match b {
        Real::Flt(f) if !bz && az && !f.is_nan() => unit(*f),
        _ => b.clone(),
    };
    r::mul(vm, &a, &b)
}

/// comp_mul: (a + bi) * (c + di).
fn comp_mul(vm: &mut Vm, a: &Real, b: &Real, c: &Real, d: &Real) -> VmResult<(Real, Real)> {
    let (az, bz, cz, dz) = (
        r::zero_p(vm, a)?,
        r::zero_p(vm, b)?,
        r::zero_p(vm, c)?,
        r::zero_p(vm, d)?,
    );
    let ac = safe_mul(vm, a, c, az, cz)?;
    let bd = safe_mul(vm, b, d, bz, dz)?;
    let x = r::sub(vm, &ac, &bd)?;
    let ad = safe_mul(vm, a, d, az, dz)?;
    let bc = safe_mul(vm, b, c, bz, cz)?;
    let y = r::add(vm, &ad, &bc)?;
    Ok((x, y))
}

/// cmp * other -> complex
pub(super) fn c_mul(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        match operand(vm, a[0])? {
            Operand::Complex(c, d) => {
                let (x, y) = comp_mul(vm, &re, &im, &c, &d)?;
                make(vm, &x, &y)
            }
            Operand::Real(o) => {
                let x = r::mul(vm, &re, &o)?;
                let y = r::mul(vm, &im, &o)?;
                make(vm, &x, &y)
            }
            Operand::Other => coerce_bin(vm, s, a[0], "*"),
        }
    })
}

type DivFn = fn(&mut Vm, &Real, &Real) -> VmResult<Real>;

/// (a + bi) / (c + di) with `f` dividing the parts (f_divide's Smith's algorithm); exact parts
/// give canonical results (a Rational with denominator 1 becomes an Integer).
fn divide(vm: &mut Vm, x: (&Real, &Real), y: (&Real, &Real), f: DivFn) -> VmResult<(Real, Real)> {
    let ((a, b), (c, d)) = (x, y);
    let flo = a.is_float() || b.is_float() || c.is_float() || d.is_float();
    let one = Real::int(1);
    let ac = r::abs(vm, c)?;
    let ad = r::abs(vm, d)?;
    let (p, q) = if r::gt(vm, &ac, &ad)? {
        let t = f(vm, d, c)?;
        let tt = r::mul(vm, &t, &t)?;
        let s = r::add(vm, &one, &tt)?;
        let n = r::mul(vm, c, &s)?;
        let bt = r::mul(vm, b, &t)?;
        let p = r::add(vm, a, &bt)?;
        let p = f(vm, &p, &n)?;
        let at = r::mul(vm, a, &t)?;
        let q = r::sub(vm, b, &at)?;
        (p, f(vm, &q, &n)?)
    } else {
        let t = f(vm, c, d)?;
        let tt = r::mul(vm, &t, &t)?;
        let s = r::add(vm, &one, &tt)?;
        let n = r::mul(vm, d, &s)?;
        let at = r::mul(vm, a, &t)?;
        let p = r::add(vm, &at, b)?;
        let p = f(vm, &p, &n)?;
        let bt = r::mul(vm, b, &t)?;
        let q = r::sub(vm, &bt, a)?;
        (p, f(vm, &q, &n)?)
    };
    Ok(if flo { (p, q) } else { (p.canon(), q.canon()) })
}

/// `/`, `quo` and `fdiv`: by a Complex, by a real, or through coerce.
fn div_by(vm: &mut Vm, s: Value, o: Value, f: DivFn, name: &str) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        match operand(vm, o)? {
            Operand::Complex(c, d) => {
                let (x, y) = divide(vm, (&re, &im), (&c, &d), f)?;
                make(vm, &x, &y)
            }
            Operand::Real(o) => {
                let x = f(vm, &re, &o)?.canon();
                let y = f(vm, &im, &o)?.canon();
                make(vm, &x, &y)
            }
            Operand::Other => coerce_bin(vm, s, o, name),
        }
    })
}

/// cmp / numeric -> complex (also quo)
pub(super) fn c_div(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    div_by(vm, s, a[0], r::quo, "quo")
}

/// cmp.fdiv(numeric) -> complex with Float parts
pub(super) fn c_fdiv(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    div_by(vm, s, a[0], r::fdiv, "fdiv")
}

/// -cmp -> complex
pub(super) fn c_neg(vm: &mut Vm, s: Value, _: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| {
        let (re, im) = this(s);
        let x = r::neg(vm, &re)?;
        let y = r::neg(vm, &im)?;
        make(vm, &x, &y)
    })
}

/// cmp.coerce(numeric) -> [complex, self]
pub(super) fn c_coerce(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let o = a[0];
    if super::is_complex(o) {
        return Ok(vm.ary_from_slice(&[o, s]));
    }
    if is_numeric(vm, o) && real_p(vm, o)? {
        let c = new_complex(vm, o, Value::fixnum(0));
        return Ok(vm.ary_from_slice(&[c, s]));
    }
    let (ko, ks) = (vm.real_class(o), vm.real_class(s));
    let msg = format!(
        "{} can't be coerced into {}",
        vm.class_name(ko),
        vm.class_name(ks)
    );
    Err(vm.type_error(&msg))
}

/// The Complex with absolute value `x` and angle `y` (f_complex_polar_real): a zero gives a
/// Float zero imaginary part, the angles pi, pi/2 and pi/2 + pi give exact results.
pub fn polar(vm: &mut Vm, x: &Real, y: &Real) -> VmResult {
    let fzero = Real::Flt(0.0);
    if r::zero_p(vm, x)? || r::zero_p(vm, y)? {
        return make(vm, x, &fzero);
    }
    if let Real::Flt(arg) = *y {
        if arg == PI {
            let nx = r::neg(vm, x)?;
            return make(vm, &nx, &fzero);
        }
        if arg == PI / 2.0 {
            return make(vm, &fzero, x);
        }
        if arg == PI / 2.0 + PI {
            let nx = r::neg(vm, x)?;
            return make(vm, &fzero, &nx);
        }
    }
    let arg = r::to_f64(vm, y)?;
    if let Real::Flt(abs) = *x {
        return make(vm, &Real::Flt(abs * arg.cos()), &Real::Flt(abs * arg.sin()));
    }
    let re = r::mul(vm, x, &Real::Flt(arg.cos()))?;
    let im = r::mul(vm, x, &Real::Flt(arg.sin()))?;
    make(vm, &re, &im)
}

/// rb_dbl_complex_new_polar_pi: abs * e^(i * pi * ang), exact on the axes (a Float when the
/// result is real).
pub fn dbl_complex_new_polar_pi(vm: &mut Vm, abs: f64, ang: f64) -> Value {
    let (fi, fr) = (ang.trunc(), ang.fract());
    let half = (fi / 2.0).fract();
    let pos = fr == 0.5;
    if pos || fr == -0.5 {
        let abs = if (half != fr) ^ pos { -abs } else { abs };
        let z = vm.float(0.0);
        let i = vm.float(abs);
        return new_complex(vm, z, i);
    }
    if fr == 0.0 {
        return vm.float(if half != 0.0 { -abs } else { abs });
    }
    let (re, im) = (abs * (PI * ang).cos(), abs * (PI * ang).sin());
    let re = vm.float(re);
    let im = vm.float(im);
    new_complex(vm, re, im)
}

/// x ** y for Floats as Float#** gives it: a Complex for a negative base and a fractional
/// exponent.
pub fn float_pow(vm: &mut Vm, x: f64, y: f64) -> Value {
    if x < 0.0 && y != y.round() {
        return dbl_complex_new_polar_pi(vm, (-x).powf(y), y);
    }
    vm.float(x.powf(y))
}

/// The absolute value and angle of a Complex's parts.
fn abs_arg(vm: &mut Vm, re: &Real, im: &Real) -> VmResult<(Real, f64)> {
    let abs = super::query::abs(vm, re, im)?;
    let (y, x) = (r::to_f64(vm, im)?, r::to_f64(vm, re)?);
    Ok((abs, y.atan2(x)))
}

/// cmp ** numeric -> complex
pub(super) fn c_pow(vm: &mut Vm, s: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    rooted(vm, |vm| pow(vm, s, a[0]))
}

fn pow(vm: &mut Vm, s: Value, o: Value) -> VmResult {
    let numeric = is_numeric(vm, o);
    if numeric && !crate::core::object::is_float(o) {
        // an exact zero (a Complex equal to 0 counts)
        let zero = match Real::of(o) {
            Real::Obj(v) => vm.equal(v, Value::fixnum(0))?,
            x => r::zero_p(vm, &x)?,
        };
        if zero {
            return Ok(new_complex(vm, Value::fixnum(1), Value::fixnum(0)));
        }
    }
    let mut other = match Real::of(o) {
        Real::Rat(n, d) if d == BigInt::from(1) => Real::Int(n),
        x => x,
    };
    let mut other_c = None;
    if let Some((c, d)) = parts(o) {
        let (c, d) = (Real::of(c), Real::of(d));
        if r::exact_zero_p(vm, &d)? {
            other = c;
        } else {
            other_c = Some((c, d));
        }
    }
    let (re, im) = this(s);
    if other_c.is_none() && r::is_one(&other) {
        return make(vm, &re, &im);
    }
    if other_c.is_none()
        && let Real::Int(n) = &other
        && let Some(v) = special_angle(vm, &re, &im, n)?
    {
        return Ok(v);
    }
    if let Some((c, d)) = other_c {
        let (abs, theta) = abs_arg(vm, &re, &im)?;
        let log_r = r::to_f64(vm, &abs)?.ln();
        let t = Real::Flt(theta);
        let p = r::mul(vm, &c, &Real::Flt(log_r))?;
        let q = r::mul(vm, &d, &t)?;
        let e = r::sub(vm, &p, &q)?;
        let nr = Real::Flt(r::to_f64(vm, &e)?.exp());
        let p = r::mul(vm, &t, &c)?;
        let q = r::mul(vm, &d, &Real::Flt(log_r))?;
        let ntheta = r::add(vm, &p, &q)?;
        return polar(vm, &nr, &ntheta);
    }
    if let Real::Int(n) = &other
        && n.abs() < BigInt::from(1i64 << 62)
    {
        let n = n.to_i64().unwrap_or(0);
        return int_pow(vm, re, im, n);
    }
    let real = match other {
        Real::Obj(v) => numeric && !super::is_complex(v) && real_p(vm, v)?,
        _ => true,
    };
    if real {
        if matches!(other, Real::Int(_)) {
            vm.warn_here("in a**b, b may be too big");
        }
        let (abs, theta) = abs_arg(vm, &re, &im)?;
        let nr = r::pow(vm, &abs, &other)?;
        let ntheta = r::mul(vm, &Real::Flt(theta), &other)?;
        return polar(vm, &nr, &ntheta);
    }
    coerce_bin(vm, s, o, "**")
}

/// The power by a fixnum (n != 0, 1): the reciprocal for a negative n, then repeated squaring.
fn int_pow(vm: &mut Vm, mut re: Real, mut im: Real, mut n: i64) -> VmResult {
    let mut other = Real::int(n);
    if n < 0 {
        let one = Real::Rat(BigInt::from(1), BigInt::from(1));
        let (x, y) = divide(vm, (&one, &Real::int(0)), (&re, &im), r::quo)?;
        re = x;
        im = y;
        n = -n;
        other = Real::int(n);
    }
    let (mut xr, mut xi) = (re.clone(), im.clone());
    let (mut zr, mut zi) = (re, im);
    if r::zero_p(vm, &xi)? {
        zr = r::pow(vm, &zr, &other)?;
    } else if r::zero_p(vm, &xr)? {
        zi = r::pow(vm, &zi, &other)?;
        if n & 2 != 0 {
            zi = r::neg(vm, &zi)?;
        }
        if n & 1 == 0 {
            std::mem::swap(&mut zr, &mut zi);
        }
    } else {
        n -= 1;
        while n > 0 {
            while n % 2 == 0 {
                let a = r::mul(vm, &xr, &xr)?;
                let b = r::mul(vm, &xi, &xi)?;
                let t = r::sub(vm, &a, &b)?;
                let two_xr = r::twice(vm, &xr)?;
                xi = r::mul(vm, &two_xr, &xi)?;
                xr = t;
                n /= 2;
            }
            let (a, b) = comp_mul(vm, &zr, &zi, &xr, &xi)?;
            zr = a;
            zi = b;
            n -= 1;
        }
    }
    make(vm, &zr, &zi)
}

/// complex_pow_for_special_angle: an Integer power of a number on an axis or a diagonal is
/// computed exactly (None when the base is elsewhere).
fn special_angle(vm: &mut Vm, re: &Real, im: &Real, n: &BigInt) -> VmResult<Option<Value>> {
    let (mut x, mut dir) = if r::zero_p(vm, im)? {
        (re.clone(), 0)
    } else if r::zero_p(vm, re)? {
        (im.clone(), 2)
    } else if r::eqeq(vm, re, im)? {
        (re.clone(), 1)
    } else {
        let nim = r::neg(vm, im)?;
        if r::eqeq(vm, re, &nim)? {
            (im.clone(), 3)
        } else {
            return Ok(None);
        }
    };
    if r::negative_p(vm, &x)? {
        x = r::neg(vm, &x)?;
        dir += 4;
    }
    let other = Real::Int(n.clone());
    let zx = if dir % 2 == 0 {
        r::pow(vm, &x, &other)?
    } else {
        let t = r::twice(vm, &x)?;
        let t = r::mul(vm, &t, &x)?;
        let half = Real::Int(n.div_floor(&BigInt::from(2)));
        let z = r::pow(vm, &t, &half)?;
        if n.is_odd() { r::mul(vm, &z, &x)? } else { z }
    };
    let z_dir = (BigInt::from(dir) * n)
        .mod_floor(&BigInt::from(8))
        .to_usize()
        .unwrap_or(0);
    const DIRS: [(i8, i8); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let zero = match zx {
        Real::Flt(_) => Real::Flt(0.0),
        Real::Rat(..) => Real::Rat(BigInt::zero(), BigInt::from(1)),
        _ => Real::int(0),
    };
    let part = |vm: &mut Vm, d: i8| -> VmResult<Real> {
        Ok(match d {
            0 => zero.clone(),
            1 => zx.clone(),
            _ => r::neg(vm, &zx)?,
        })
    };
    let (dr, di) = DIRS[z_dir];
    let zr = part(vm, dr)?;
    let zi = part(vm, di)?;
    Ok(Some(make(vm, &zr, &zi)?))
}
