//! Float conversions and arithmetic helpers shared by the numeric files: CRuby's division
//! and flodivmod, double-to-Integer (FloatDomainError), `num2dbl`/`get_double`/`to_float`
//! (Kernel#Float with its strict string syntax), exact decomposition, float steps, and the
//! rounding primitives (round_half_up/down/even with CRuby's correction steps).

use super::integer::{int_float_cmp, int_to_f64, is_int};
use super::numeric::Half;
use super::object::{float_value, is_float, is_string};
use crate::object::symbol::intern;
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};
use crate::vm::yield_each::YieldArgs;
use num_bigint::BigInt;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};

// ---- conversions shared with other files ----

/// double_div_double: x / y with CRuby's signs for division by zero.
pub fn double_div(x: f64, y: f64) -> f64 {
    if y != 0.0 {
        return x / y;
    }
    if x == 0.0 || x.is_nan() {
        return f64::NAN;
    }
    let z = if y.is_sign_negative() { -1.0 } else { 1.0 };
    x * z * f64::INFINITY
}

/// flodivmod: floor quotient and modulo of two doubles (ZeroDivisionError for y == 0).
pub fn flodivmod(vm: &mut Vm, x: f64, y: f64) -> VmResult<(f64, f64)> {
    if y.is_nan() {
        return Ok((y, y));
    }
    if y == 0.0 {
        return Err(vm.raise_str(vm.c.zero_division_error, "divided by 0"));
    }
    let mut m = if x == 0.0 || (y.is_infinite() && !x.is_infinite()) {
        x
    } else {
        x % y
    };
    let mut d = if x.is_infinite() && !y.is_infinite() {
        x
    } else {
        ((x - m) / y).round()
    };
    if y * m < 0.0 {
        m += y;
        d -= 1.0;
    }
    Ok((d, m))
}

/// ruby_float_mod.
pub fn fmod_floor(x: f64, y: f64) -> f64 {
    let m = if x == 0.0 || (y.is_infinite() && !x.is_infinite()) {
        x
    } else {
        x % y
    };
    if y * m < 0.0 { m + y } else { m }
}

/// The Integer of a double already rounded to an integral value (FloatDomainError for NaN and
/// infinities), as dbl2ival.
pub fn f64_to_int(vm: &mut Vm, f: f64) -> VmResult {
    if f.is_nan() {
        return Err(vm.raise_str(vm.c.float_domain_error, "NaN"));
    }
    if f.is_infinite() {
        let m = if f > 0.0 { "Infinity" } else { "-Infinity" };
        return Err(vm.raise_str(vm.c.float_domain_error, m));
    }
    if f.abs() < 4.0e18 {
        return Ok(vm.int(f as i64));
    }
    Ok(vm.bigint(BigInt::from_f64(f).unwrap_or_default()))
}

/// rb_num2dbl: the f64 of a numeric argument (TypeError for strings, nil, true, false, and
/// objects without `to_f`).
pub fn num2dbl(vm: &mut Vm, v: Value) -> VmResult<f64> {
    if is_float(v) {
        return Ok(float_value(v));
    }
    if is_int(v) {
        return Ok(int_to_f64(v));
    }
    match v {
        Value::NIL => return Err(vm.type_error("no implicit conversion to float from nil")),
        Value::TRUE => return Err(vm.type_error("no implicit conversion to float from true")),
        Value::FALSE => return Err(vm.type_error("no implicit conversion to float from false")),
        _ => {}
    }
    if is_string(v) {
        return Err(vm.type_error("no implicit conversion to float from string"));
    }
    let f = convert_to_f(vm, v)?;
    Ok(float_value(f))
}

/// Math's Get_Double: like num2dbl, with "can't convert X into Float" messages.
pub fn get_double(vm: &mut Vm, v: Value) -> VmResult<f64> {
    if is_float(v) {
        return Ok(float_value(v));
    }
    if is_int(v) {
        return Ok(int_to_f64(v));
    }
    match v {
        Value::NIL => return Err(vm.type_error("can't convert nil into Float")),
        Value::TRUE => return Err(vm.type_error("can't convert true into Float")),
        Value::FALSE => return Err(vm.type_error("can't convert false into Float")),
        _ => {}
    }
    if is_string(v) {
        return Err(vm.type_error("can't convert String into Float"));
    }
    let f = convert_to_f(vm, v)?;
    Ok(float_value(f))
}

/// `v.to_f` checked to be a Float ("can't convert X into Float" when there is no to_f).
pub(crate) fn convert_to_f(vm: &mut Vm, v: Value) -> VmResult {
    let id = intern("to_f");
    let k = vm.real_class(v);
    let kn = vm.class_name(k);
    if !vm.responds(v, id, true) {
        return Err(vm.type_error(&format!("can't convert {kn} into Float")));
    }
    let r = vm.funcall(v, id, &[], None)?;
    if !is_float(r) {
        let rk = vm.real_class(r);
        let rn = vm.class_name(rk);
        return Err(vm.type_error(&format!(
            "can't convert {kn} to Float ({kn}#to_f gives {rn})"
        )));
    }
    Ok(r)
}

/// rb_Float (Kernel#Float): Floats as they are, Integers converted, Strings parsed strictly.
pub fn to_float(vm: &mut Vm, v: Value) -> VmResult {
    if is_float(v) {
        return Ok(v);
    }
    if is_int(v) {
        return Ok(vm.float(int_to_f64(v)));
    }
    if is_string(v) {
        let text = crate::object::string::bytes(&vm.heap, v);
        if text.contains(&0) {
            return Err(vm.arg_error("string for Float contains null byte"));
        }
        return match parse_float(&String::from_utf8_lossy(text)) {
            Some(f) => Ok(vm.float(f)),
            None => {
                let ins = vm.inspect_str(v)?;
                Err(vm.arg_error(&format!("invalid value for Float(): {ins}")))
            }
        };
    }
    match v {
        Value::NIL => return Err(vm.type_error("can't convert nil into Float")),
        Value::TRUE => return Err(vm.type_error("can't convert true into Float")),
        Value::FALSE => return Err(vm.type_error("can't convert false into Float")),
        _ => {}
    }
    convert_to_f(vm, v)
}

/// Parses Kernel#Float's string syntax: optional sign, decimal digits with single underscores
/// between digits, an optional fraction and exponent, or a `0x` hexadecimal (with optional
/// fraction and `p` exponent); surrounding whitespace allowed. None when invalid.
pub fn parse_float(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let b = body.as_bytes();
    // digits with single underscores between them
    fn digits(b: &[u8], mut i: usize, hex: bool) -> (usize, String) {
        let mut out = String::new();
        let ok = |c: u8| {
            if hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
        };
        while i < b.len() {
            if ok(b[i]) {
                out.push(b[i] as char);
                i += 1;
            } else if b[i] == b'_' && !out.is_empty() && i + 1 < b.len() && ok(b[i + 1]) {
                i += 1;
            } else {
                break;
            }
        }
        (i, out)
    }
    let v = if b.len() > 1 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        let (i, int) = digits(b, 2, true);
        let (mut i, frac) = if i < b.len() && b[i] == b'.' {
            let (j, f) = digits(b, i + 1, true);
            if f.is_empty() {
                return None;
            }
            (j, f)
        } else {
            (i, String::new())
        };
        if int.is_empty() {
            return None;
        }
        let mut exp: i64 = 0;
        if i < b.len() && (b[i] == b'p' || b[i] == b'P') {
            let mut j = i + 1;
            let eneg = j < b.len() && b[j] == b'-';
            if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
                j += 1;
            }
            let (k, e) = digits(b, j, false);
            if e.is_empty() {
                return None;
            }
            exp = e.parse::<i64>().ok()?;
            if eneg {
                exp = -exp;
            }
            i = k;
        }
        if i != b.len() {
            return None;
        }
        let mant = BigInt::parse_bytes(format!("{int}{frac}").as_bytes(), 16)?;
        let e2 = exp - 4 * frac.len() as i64;
        big_times_pow2(&mant, e2)
    } else {
        let (i, int) = digits(b, 0, false);
        let mut i = i;
        let mut frac = String::new();
        if i < b.len() && b[i] == b'.' {
            let (j, f) = digits(b, i + 1, false);
            if f.is_empty() && int.is_empty() {
                return None;
            }
            if !f.is_empty() || j == i + 1 {
                frac = f;
                i = j;
            }
        }
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        let mut exp = String::new();
        if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
            let mut j = i + 1;
            let mut sign = "";
            if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
                sign = if b[j] == b'-' { "-" } else { "" };
                j += 1;
            }
            let (k, e) = digits(b, j, false);
            if e.is_empty() {
                return None;
            }
            exp = format!("e{sign}{e}");
            i = k;
        }
        if i != b.len() {
            return None;
        }
        let int = if int.is_empty() { "0".to_string() } else { int };
        let frac = if frac.is_empty() {
            "0".to_string()
        } else {
            frac
        };
        format!("{int}.{frac}{exp}").parse::<f64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// m * 2^e as the nearest f64.
pub(crate) fn big_times_pow2(m: &BigInt, e: i64) -> f64 {
    if m.is_zero() {
        return 0.0;
    }
    let bits = m.bits() as i64;
    // keep 64 significant bits, then scale (two roundings are harmless at this width)
    let shift = bits - 64;
    let (top, e) = if shift > 0 {
        (m >> shift as usize, e + shift)
    } else {
        (m.clone(), e)
    };
    let f = top.to_f64().unwrap_or(f64::INFINITY);
    if e > 2000 {
        return f64::INFINITY;
    }
    if e < -2200 {
        return 0.0;
    }
    f * 2f64.powi(e as i32)
}

/// The exact value of a finite double as mantissa * 2^exponent.
pub fn decompose(f: f64) -> (BigInt, i64) {
    let bits = f.to_bits();
    let sign = bits >> 63 != 0;
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let m = BigInt::from(m);
    (if sign { -m } else { m }, e)
}

/// frexp's binary exponent: f = m * 2^e with 0.5 <= |m| < 1.
pub fn frexp_exp(f: f64) -> i32 {
    if f == 0.0 || !f.is_finite() {
        return 0;
    }
    let (m, e) = decompose(f);
    (m.abs().bits() as i64 + e) as i32
}

/// Exact comparison of a Float with an Integer or Float.
pub fn num_cmp(a: Value, b: Value) -> Option<std::cmp::Ordering> {
    let x = float_value(a);
    if is_float(b) {
        return x.partial_cmp(&float_value(b));
    }
    int_float_cmp(b, x).map(|o| o.reverse())
}

/// C's nextafter.
pub fn next_after(x: f64, toward: f64) -> f64 {
    if x.is_nan() || toward.is_nan() {
        return f64::NAN;
    }
    if x == toward {
        return toward;
    }
    if x == 0.0 {
        let tiny = f64::from_bits(1);
        return if toward > 0.0 { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let up = (toward > x) == (x > 0.0);
    f64::from_bits(if up { bits + 1 } else { bits - 1 })
}

/// C's round(): half away from zero.
pub(crate) fn c_round(x: f64) -> f64 {
    x.round()
}
/// CRuby's round_half_up(x, s): round(x * s) with a correction when x * s was inexact.
pub fn round_half_up(x: f64, s: f64) -> f64 {
    let xs = x * s;
    let mut f = c_round(xs);
    if s == 1.0 {
        return f;
    }
    if x > 0.0 {
        if (f + 0.5) / s <= x {
            f += 1.0;
        }
    } else if (f - 0.5) / s >= x {
        f -= 1.0;
    }
    f
}
/// CRuby's round_half_down(x, s).
pub fn round_half_down(x: f64, s: f64) -> f64 {
    let xs = x * s;
    let mut f = c_round(xs);
    if x > 0.0 {
        if (f - 0.5) / s >= x {
            f -= 1.0;
        }
    } else if (f + 0.5) / s <= x {
        f += 1.0;
    }
    f
}
/// CRuby's round_half_even(x, s).
pub fn round_half_even(x: f64, s: f64) -> f64 {
    let u = x.trunc();
    let v = x - u;
    let (us, vs) = (u * s, v * s);
    let r = if x > 0.0 {
        let f = vs.floor();
        let uf = us + f;
        let d = vs - f;
        let d = if d > 0.5 {
            1.0
        } else if d == 0.5 || (uf + 0.5) / s <= x {
            uf % 2.0
        } else {
            0.0
        };
        f + d
    } else if x < 0.0 {
        let f = vs.ceil();
        let uf = us + f;
        let d = f - vs;
        let d = if d > 0.5 {
            1.0
        } else if d == 0.5 || (uf - 0.5) / s >= x {
            (-uf) % 2.0
        } else {
            0.0
        };
        f - d
    } else {
        return x;
    };
    us + r
}
pub(crate) fn round_mode(x: f64, s: f64, mode: Half) -> f64 {
    match mode {
        Half::Up => round_half_up(x, s),
        Half::Down => round_half_down(x, s),
        Half::Even => round_half_even(x, s),
    }
}
pub(crate) fn round_overflow(ndigits: i64, binexp: i32) -> bool {
    let binexp = binexp as i64;
    ndigits
        >= 17
            - (if binexp > 0 {
                binexp / 4
            } else {
                binexp / 3 - 1
            })
}
pub(crate) fn round_underflow(ndigits: i64, binexp: i32) -> bool {
    let binexp = binexp as i64;
    ndigits
        < -(if binexp > 0 {
            binexp / 3 + 1
        } else {
            binexp / 4
        })
}
/// Rounds `x` to `nd` (> 14) decimals exactly (rb_flo_round_by_rational).
pub(crate) fn round_by_rational(x: f64, nd: i64, mode: Half) -> f64 {
    let (m, e) = decompose(x);
    let p10 = num_traits::pow(BigInt::from(10), nd as usize);
    // x * 10^nd = m * 2^e * 10^nd = num / den
    let (num, den) = if e >= 0 {
        ((m * &p10) << e as usize, BigInt::from(1))
    } else {
        (m * &p10, BigInt::from(1) << (-e) as usize)
    };
    let q = num.div_floor_big(&den);
    let r = &num - &q * &den;
    let twice: BigInt = &r * 2u32;
    let n = match twice.cmp(&den) {
        std::cmp::Ordering::Less => q,
        std::cmp::Ordering::Greater => q + 1,
        std::cmp::Ordering::Equal => match mode {
            Half::Up => {
                if num.is_negative() {
                    q
                } else {
                    q + 1
                }
            }
            Half::Down => {
                if num.is_negative() {
                    q + 1
                } else {
                    q
                }
            }
            Half::Even => {
                if (&q % 2u32).is_zero() {
                    q
                } else {
                    q + 1
                }
            }
        },
    };
    super::integer::big_ratio_f64(&n, &p10)
}
trait DivFloorBig {
    fn div_floor_big(&self, d: &BigInt) -> BigInt;
}
impl DivFloorBig for BigInt {
    fn div_floor_big(&self, d: &BigInt) -> BigInt {
        num_integer::Integer::div_floor(self, d)
    }
}
// ---- steps ----

/// ruby_float_step_size: how many values beg, beg+unit, ... stay within end.
pub fn float_step_size(beg: f64, end: f64, unit: f64, excl: bool) -> f64 {
    let epsilon = f64::EPSILON;
    if unit == 0.0 {
        return f64::INFINITY;
    }
    if unit.is_infinite() {
        return if unit > 0.0 {
            (beg <= end) as i32 as f64
        } else {
            (beg >= end) as i32 as f64
        };
    }
    let n = (end - beg) / unit;
    let err = ((beg.abs() + end.abs() + (end - beg).abs()) / unit.abs() * epsilon).min(0.5);
    let mut n = n;
    if excl {
        if n <= 0.0 {
            return 0.0;
        }
        n = if n < 1.0 { 0.0 } else { (n - err).floor() };
        let d = (n + 1.0) * unit + beg;
        if (beg < end && d < end) || (beg > end && d > end) {
            n += 1.0;
        }
    } else {
        if n < 0.0 {
            return 0.0;
        }
        n = (n + err).floor();
        let d = (n + 1.0) * unit + beg;
        if (beg < end && d <= end) || (beg > end && d >= end) {
            n += 1.0;
        }
    }
    n + 1.0
}
/// ruby_float_step: yields beg + i*unit for each step (clamped to end).
pub fn float_step(
    vm: &mut Vm,
    beg: f64,
    end: f64,
    unit: f64,
    excl: bool,
    b: &Block,
) -> VmResult<()> {
    let n = float_step_size(beg, end, unit, excl);
    let mut i = 0f64;
    vm.yield_each(b, &mut |vm, _| {
        let d = if unit.is_infinite() {
            // `beg` once, if at all
            if i > 0.0 || n == 0.0 {
                return Ok(None);
            }
            beg
        } else if unit == 0.0 {
            beg // forever
        } else {
            if i >= n || n.is_nan() {
                return Ok(None);
            }
            let d = i * unit + beg;
            if if unit >= 0.0 { end < d } else { d < end } {
                end
            } else {
                d
            }
        };
        i += 1.0;
        Ok(Some(YieldArgs::one(vm.float(d))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_like_cruby() {
        let r = |x: f64, nd: i32| round_half_up(x, 10f64.powi(nd)) / 10f64.powi(nd);
        assert_eq!(r(2.675, 2), 2.68);
        assert_eq!(r(1.005, 2), 1.01);
        assert_eq!(r(1.15, 1), 1.2);
        assert_eq!(round_half_up(2.5, 1.0), 3.0);
        assert_eq!(round_half_up(-2.5, 1.0), -3.0);
        assert_eq!(round_half_even(2.5, 1.0), 2.0);
        assert_eq!(round_half_even(0.125, 100.0) / 100.0, 0.12);
        assert_eq!(round_half_even(0.375, 100.0) / 100.0, 0.38);
        assert_eq!(round_half_down(2.5, 1.0), 2.0);
    }

    #[test]
    fn parses_float_strings_like_ruby() {
        for (s, v) in [
            ("1.5", 1.5),
            ("  2.5  ", 2.5),
            ("1_000.5", 1000.5),
            (".5", 0.5),
            ("5.", 5.0),
            ("0x1A", 26.0),
            ("1e3", 1000.0),
            ("0x1p3", 8.0),
            ("1.e5", 1e5),
            ("-0", -0.0),
            ("0_1", 1.0),
        ] {
            assert_eq!(parse_float(s), Some(v), "{s}");
        }
        for s in [
            "", "abc", "1.5x", "Infinity", "NaN", "1e", "_1", "1_", "1__2", "0x", ".e5", "1_e5",
            "1e_5", "0x_1", "0b101", "1 2",
        ] {
            assert_eq!(parse_float(s), None, "{s}");
        }
    }

    #[test]
    fn divmod_follows_floor_semantics() {
        let m = |x: f64, y: f64| fmod_floor(x, y);
        assert_eq!(m(-7.5, 2.0), 0.5);
        assert_eq!(m(7.5, -2.0), -0.5);
        assert_eq!(m(-1.0, f64::INFINITY), f64::INFINITY);
        assert_eq!(float_step_size(1.0, 2.0, 0.5, false), 3.0);
    }
}
