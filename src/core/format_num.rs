//! The numeric directives of format/sprintf: integer layout as CRuby's sprintf.c does it (signs,
//! prefixes, precision, and `..f01` two's complement forms), exact `%f` for Integers, and the
//! float conversions %e %f %g %a reproducing CRuby's BSD__dtoa-based printf digits.

use super::float::decompose;
use super::format::Flags;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

// ---- integers ----

/// An integer directive (d i u o x X b B) as CRuby's sprintf.c lays it out.
pub fn fmt_int(v: &BigInt, conv: u8, fl: Flags, width: i64, prec: i64) -> String {
    let base: u32 = match conv {
        b'o' => 8,
        b'x' | b'X' => 16,
        b'b' | b'B' => 2,
        _ => 10,
    };
    let signed = base == 10 || fl.plus || fl.space;
    let mut prefix: Option<&str> = if fl.sharp {
        match conv {
            b'o' => Some("0"),
            b'x' => Some("0x"),
            b'X' => Some("0X"),
            b'b' => Some("0b"),
            b'B' => Some("0B"),
            _ => None,
        }
    } else {
        None
    };
    let (mut width, mut prec) = (width, if fl.prec { prec } else { -1 });
    let mut sc: Option<char> = None;
    let mut dots = false;
    let neg = v.is_negative();
    let mut s = if signed {
        if neg {
            sc = Some('-');
        } else if fl.plus {
            sc = Some('+');
        } else if fl.space {
            sc = Some(' ');
        }
        if sc.is_some() {
            width -= 1;
        }
        v.abs().to_str_radix(base)
    } else if neg {
        dots = true;
        twos_complement(v, base)
    } else {
        v.to_str_radix(base)
    };
    if conv == b'X' {
        s = s.to_ascii_uppercase();
    }
    if dots {
        prec -= 2;
        width -= 2;
    }
    let mut len = s.len() as i64;
    if prefix == Some("0") {
        if dots {
            prefix = None;
        } else if s == "0" {
            len = 0;
            if fl.prec {
                prec -= 1;
            }
        } else if fl.prec && prec > len {
            prefix = None;
        }
    } else if s == "0" {
        prefix = None;
    }
    if let Some(p) = prefix {
        width -= p.len() as i64;
    }
    if fl.zero && !fl.minus && !fl.prec {
        prec = width;
        width = 0;
    } else {
        if prec < len {
            if prefix.is_none() && prec == 0 && s == "0" {
                len = 0;
            }
            prec = len;
        }
        width -= prec;
    }
    let mut out = String::new();
    if !fl.minus {
        for _ in 0..width.max(0) {
            out.push(' ');
        }
        width = 0;
    }
    if let Some(c) = sc {
        out.push(c);
    }
    if let Some(p) = prefix {
        out.push_str(p);
    }
    if dots {
        out.push_str("..");
    }
    if !signed && neg {
        let c = match base {
            16 if conv == b'X' => 'F',
            16 => 'f',
            8 => '7',
            _ => '1',
        };
        for _ in len..prec {
            out.push(c);
        }
    } else if !fl.minus || fl.prec {
        for _ in len..prec {
            out.push('0');
        }
    }
    out.push_str(&s[..len as usize]);
    for _ in 0..width.max(0) {
        out.push(' ');
    }
    out
}
/// The two's complement digits of a negative `v` in `base`, shortest with a leading sign digit
/// (-255 in hex: "f01").
pub(crate) fn twos_complement(v: &BigInt, base: u32) -> String {
    let bits_per = base.trailing_zeros() as u64;
    let mag = v.abs();
    let nbits = mag.bits();
    let mut ndig = nbits.div_ceil(bits_per).max(1);
    let top_nlz = ndig * bits_per - nbits;
    let single = (mag.clone() & (mag.clone() - 1u32)).is_zero();
    if !(top_nlz == bits_per - 1 && single) {
        ndig += 1;
    }
    let modulus = BigInt::from(1) << (ndig * bits_per) as usize;
    let r = ((v % &modulus) + &modulus) % &modulus;
    let s = r.to_str_radix(base);
    format!("{}{s}", "0".repeat(ndig as usize - s.len()))
}
/// %f with an Integer: exact digits (CRuby's integer branch of 'f').
pub(crate) fn fmt_int_as_f(v: &BigInt, fl: Flags, width: i64, prec: i64) -> String {
    let prec = if fl.prec { prec } else { 6 };
    let mut sign = if fl.plus { 1 } else { 0 };
    let mut num = v.clone();
    if num.is_negative() {
        num = -num;
        sign = -1;
    }
    let mut zero = 0i64;
    if prec > 1 {
        num *= num_traits::pow(BigInt::from(10), prec as usize);
    } else if prec >= 0 {
        zero = prec;
    }
    let t = num.to_string();
    let mut out = String::new();
    let mut prefix = 0usize;
    if sign != 0 || fl.space {
        out.push(if sign > 0 {
            '+'
        } else if sign < 0 {
            '-'
        } else {
            ' '
        });
        prefix = 1;
    }
    let len = t.len() as i64 + zero;
    if len > prec {
        out.push_str(&t[..(len - prec) as usize]);
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
    }
    if zero > 0 {
        out.push_str(&"0".repeat(zero as usize));
    } else if prec > len {
        out.push_str(&"0".repeat((prec - len) as usize));
        out.push_str(&t);
    } else if prec > 0 {
        out.push_str(&t[(len - prec) as usize..]);
    }
    let done = out.len() as i64;
    if fl.width && width > done {
        let fill = (width - done) as usize;
        if fl.minus {
            out.push_str(&" ".repeat(fill));
        } else if fl.zero {
            out.insert_str(prefix, &"0".repeat(fill));
        } else {
            out.insert_str(0, &" ".repeat(fill));
        }
    }
    out
}

// ---- floats ----

/// The decimal digits of |x| and the decimal point position (|x| ~ 0.DIGITS * 10^decpt) for
/// `n` significant digits (`fixed` false, dtoa mode 2) or `n` digits after the point (`fixed`
/// true, mode 3), as CRuby's printf produces them: digits past the shortest round-trip form are
/// exact; shorter results round the shortest form, ties to even (a tie rounded down keeps its
/// trailing zeros); a result with no digits before the rounding place compares exactly.
pub fn dtoa(x: f64, fixed: bool, n: i64) -> (Vec<u8>, i64) {
    let x = x.abs();
    if x == 0.0 {
        return (b"0".to_vec(), 1);
    }
    let e = format!("{x:e}");
    let (mant, exp) = e.split_once('e').expect("exponent");
    let short: Vec<u8> = mant.bytes().filter(|c| *c != b'.').collect();
    let decpt = exp.parse::<i64>().expect("digits") + 1;
    let want = if fixed { decpt + n } else { n.max(1) };
    if fixed && want <= 0 {
        if want == 0 && above_half_unit(x, n) {
            return (b"1".to_vec(), 1 - n);
        }
        return (Vec::new(), -n);
    }
    let want = want as usize;
    if want == short.len() {
        return (short, decpt);
    }
    if want > short.len() {
        let e = format!("{:.*e}", want - 1, x);
        let (mant, exp) = e.split_once('e').expect("exponent");
        let mut d: Vec<u8> = mant.bytes().filter(|c| *c != b'.').collect();
        while d.len() > 1 && d.last() == Some(&b'0') {
            d.pop();
        }
        return (d, exp.parse::<i64>().expect("digits") + 1);
    }
    let (kept, rest) = short.split_at(want);
    let mut d = kept.to_vec();
    let tie = rest == b"5";
    let up = rest[0] > b'5' || (rest[0] == b'5' && !tie) || (tie && (d[want - 1] - b'0') % 2 == 1);
    let mut decpt = decpt;
    if up {
        let mut k = want;
        loop {
            if k == 0 {
                d.insert(0, b'1');
                d.pop();
                decpt += 1;
                break;
            }
            k -= 1;
            if d[k] == b'9' {
                d[k] = b'0';
            } else {
                d[k] += 1;
                break;
            }
        }
    }
    if !tie || up {
        while d.len() > 1 && d.last() == Some(&b'0') {
            d.pop();
        }
    }
    (d, decpt)
}
/// Whether |x| > 0.5 * 10^-n exactly.
pub(crate) fn above_half_unit(x: f64, n: i64) -> bool {
    let (m, e) = decompose(x);
    // compare m * 2^e with 5 * 10^(-n-1)
    let k = -n - 1;
    let mut lhs = m;
    let mut rhs = BigInt::from(5);
    if k >= 0 {
        rhs *= num_traits::pow(BigInt::from(10), k as usize);
    } else {
        lhs *= num_traits::pow(BigInt::from(10), (-k) as usize);
    }
    if e >= 0 {
        lhs <<= e as usize;
    } else {
        rhs <<= (-e) as usize;
    }
    lhs > rhs
}
pub(crate) fn exp_str(e: i64, upper: bool) -> String {
    format!(
        "{}{}{:02}",
        if upper { 'E' } else { 'e' },
        if e < 0 { '-' } else { '+' },
        e.abs()
    )
}
/// The hexadecimal float form of |x| ("1.8p+0"), normalized to a leading 1 as BSD's hdtoa.
pub(crate) fn hex_body(x: f64, prec: Option<usize>, upper: bool) -> String {
    let x = x.abs();
    let (mut lead, mut frac, mut exp) = (0u64, 0u64, 0i64);
    if x != 0.0 {
        let (m, e) = decompose(x);
        let bits = m.bits() as i64;
        let m: u64 = num_traits::ToPrimitive::to_u64(&(m << (53 - bits) as usize)).unwrap_or(0);
        lead = 1;
        frac = m & ((1u64 << 52) - 1);
        exp = e + bits - 1;
    }
    let digits = match prec {
        None => format!("{frac:013x}").trim_end_matches('0').to_string(),
        Some(p) if p >= 13 => format!("{frac:013x}{}", "0".repeat(p - 13)),
        Some(p) => {
            let drop = (13 - p) * 4;
            let (keep, rem, half) = (
                frac >> drop,
                frac & ((1u64 << drop) - 1),
                1u64 << (drop - 1),
            );
            let mut k = keep;
            if rem > half || (rem == half && keep & 1 == 1) {
                k += 1;
            }
            if k >> (p * 4) != 0 {
                k = 0;
                lead += 1;
            }
            if lead == 2 {
                lead = 1;
                exp += 1;
            }
            if p == 0 {
                String::new()
            } else {
                format!("{k:0p$x}")
            }
        }
    };
    let point = if digits.is_empty() {
        String::new()
    } else {
        format!(".{digits}")
    };
    let body = format!(
        "{lead}{point}p{}{}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    );
    if upper {
        body.to_ascii_uppercase()
    } else {
        body
    }
}
/// A float directive (e E f g G a A) as CRuby's BSD-derived printf lays it out.
pub fn fmt_float(x: f64, conv: u8, fl: Flags, width: i64, prec: i64) -> String {
    let width = if fl.width { width.max(0) as usize } else { 0 };
    if !x.is_finite() {
        let expr = if x.is_nan() { "NaN" } else { "Inf" };
        let sign = if !x.is_nan() && x < 0.0 {
            "-"
        } else if fl.plus {
            "+"
        } else if fl.space {
            " "
        } else {
            ""
        };
        let body = format!("{sign}{expr}");
        let pad = width.saturating_sub(body.len());
        return if fl.minus {
            format!("{body}{}", " ".repeat(pad))
        } else {
            format!("{}{body}", " ".repeat(pad))
        };
    }
    let prec = if fl.prec { prec.max(0) } else { 6 };
    let sign = if x.is_sign_negative() {
        "-"
    } else if fl.plus {
        "+"
    } else if fl.space {
        " "
    } else {
        ""
    };
    let upper = conv.is_ascii_uppercase();
    let mut lead = String::from(sign);
    let body = match conv.to_ascii_lowercase() {
        b'f' => fixed_body(x, prec, fl.sharp),
        b'e' => {
            let (d, decpt) = dtoa(x, false, prec + 1);
            let mut d = String::from_utf8(d).expect("digits");
            while (d.len() as i64) < prec + 1 {
                d.push('0');
            }
            let e = if x == 0.0 { 0 } else { decpt - 1 };
            let point = if prec > 0 || fl.sharp { "." } else { "" };
            format!("{}{point}{}{}", &d[..1], &d[1..], exp_str(e, upper))
        }
        b'g' => {
            let p = if prec == 0 { 1 } else { prec };
            let (d, expt) = dtoa(x, false, p);
            let mut d = String::from_utf8(d).expect("digits");
            if fl.sharp {
                while (d.len() as i64) < p {
                    d.push('0');
                }
            }
            let ndig = d.len() as i64;
            if expt <= -4 || (expt > p && expt > 1) {
                let point = if ndig > 1 || fl.sharp { "." } else { "" };
                format!("{}{point}{}{}", &d[..1], &d[1..], exp_str(expt - 1, upper))
            } else if expt <= 0 {
                format!("0.{}{d}", "0".repeat((-expt) as usize))
            } else if expt >= ndig {
                format!(
                    "{d}{}{}",
                    "0".repeat((expt - ndig) as usize),
                    if fl.sharp { "." } else { "" }
                )
            } else {
                format!("{}.{}", &d[..expt as usize], &d[expt as usize..])
            }
        }
        _ => {
            lead.push_str(if upper { "0X" } else { "0x" });
            let b = hex_body(x, if fl.prec { Some(prec as usize) } else { None }, upper);
            if fl.sharp && !b.contains('.') {
                let at = b.find(['p', 'P']).unwrap_or(b.len());
                format!("{}.{}", &b[..at], &b[at..])
            } else {
                b
            }
        }
    };
    let len = lead.len() + body.len();
    let pad = width.saturating_sub(len);
    if fl.minus {
        format!("{lead}{body}{}", " ".repeat(pad))
    } else if fl.zero {
        format!("{lead}{}{body}", "0".repeat(pad))
    } else {
        format!("{}{lead}{body}", " ".repeat(pad))
    }
}
/// %f's digits: integer part, point, `prec` decimals.
pub(crate) fn fixed_body(x: f64, prec: i64, sharp: bool) -> String {
    let (d, decpt) = dtoa(x, true, prec);
    let d = String::from_utf8(d).expect("digits");
    let (int, frac) = if d.is_empty() {
        ("0".to_string(), String::new())
    } else if decpt > 0 {
        let dp = decpt as usize;
        if d.len() > dp {
            (d[..dp].to_string(), d[dp..].to_string())
        } else {
            (format!("{d}{}", "0".repeat(dp - d.len())), String::new())
        }
    } else {
        (
            "0".to_string(),
            format!("{}{d}", "0".repeat((-decpt) as usize)),
        )
    };
    let mut frac = frac;
    frac.truncate(prec as usize);
    while (frac.len() as i64) < prec {
        frac.push('0');
    }
    if prec > 0 || sharp {
        format!("{int}.{frac}")
    } else {
        int
    }
}
/// "%-.10g" of a Float, as CRuby's out-of-range messages print it.
pub fn fmt_g10(f: f64) -> String {
    let fl = Flags {
        minus: true,
        prec: true,
        prec0: true,
        ..Flags::default()
    };
    fmt_float(f, b'g', fl, 0, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f64, conv: u8, prec: Option<i64>) -> String {
        let fl = Flags {
            prec: prec.is_some(),
            ..Flags::default()
        };
        fmt_float(x, conv, fl, 0, prec.unwrap_or(0))
    }

    #[test]
    fn float_directives_match_cruby() {
        assert_eq!(f(3.25159, b'f', None), "3.251590");
        assert_eq!(f(2.5, b'f', Some(0)), "2");
        assert_eq!(f(3.5, b'f', Some(0)), "4");
        assert_eq!(f(0.25, b'f', Some(1)), "0.2");
        assert_eq!(f(0.35, b'f', Some(1)), "0.4");
        assert_eq!(f(0.05, b'f', Some(1)), "0.1");
        assert_eq!(f(1.005, b'f', Some(2)), "1.00");
        assert_eq!(f(0.35, b'f', Some(20)), "0.34999999999999997780");
        assert_eq!(f(1e20, b'f', None), "100000000000000000000.000000");
        assert_eq!(f(-0.0, b'f', None), "-0.000000");
        assert_eq!(f(12345.678, b'e', None), "1.234568e+04");
        assert_eq!(f(15000.0, b'e', Some(0)), "2e+04");
        assert_eq!(f(0.000123, b'E', None), "1.230000E-04");
        assert_eq!(f(12345.678, b'g', None), "12345.7");
        assert_eq!(f(1234567.0, b'g', None), "1.23457e+06");
        assert_eq!(f(0.00001234, b'g', None), "1.234e-05");
        assert_eq!(f(100.0, b'g', None), "100");
        assert_eq!(f(0.000105, b'g', Some(2)), "0.00010");
        assert_eq!(f(9.95, b'g', Some(2)), "10");
        assert_eq!(f(1.0, b'a', None), "0x1p+0");
        assert_eq!(f(f64::INFINITY, b'f', None), "Inf");
        assert_eq!(fmt_g10(1e20), "1e+20");
    }

    #[test]
    fn integer_directives_match_cruby() {
        let d = |v: i64, c: u8, fl: Flags, w: i64, p: i64| fmt_int(&BigInt::from(v), c, fl, w, p);
        let none = Flags::default();
        assert_eq!(d(-255, b'x', none, 0, 0), "..f01");
        assert_eq!(d(-8, b'o', none, 0, 0), "..70");
        assert_eq!(d(-5, b'b', none, 0, 0), "..1011");
        assert_eq!(d(-16, b'x', none, 0, 0), "..f0");
        assert_eq!(d(-1, b'x', Flags { prec: true, ..none }, 0, 3), "..f");
        assert_eq!(
            d(
                42,
                b'd',
                Flags {
                    zero: true,
                    width: true,
                    ..none
                },
                5,
                0
            ),
            "00042"
        );
        assert_eq!(
            d(
                -42,
                b'd',
                Flags {
                    zero: true,
                    width: true,
                    ..none
                },
                5,
                0
            ),
            "-0042"
        );
        assert_eq!(
            d(
                -7,
                b'd',
                Flags {
                    minus: true,
                    width: true,
                    prec: true,
                    ..none
                },
                8,
                3
            ),
            "-007    "
        );
        assert_eq!(
            d(
                255,
                b'x',
                Flags {
                    sharp: true,
                    ..none
                },
                0,
                0
            ),
            "0xff"
        );
        assert_eq!(
            d(
                8,
                b'o',
                Flags {
                    sharp: true,
                    ..none
                },
                0,
                0
            ),
            "010"
        );
        assert_eq!(
            d(
                0,
                b'x',
                Flags {
                    sharp: true,
                    ..none
                },
                0,
                0
            ),
            "0"
        );
        assert_eq!(d(-5, b'b', Flags { plus: true, ..none }, 0, 0), "-101");
    }

    #[test]
    fn integers_format_as_f_exactly() {
        let fl = Flags {
            prec: true,
            ..Flags::default()
        };
        assert_eq!(
            fmt_int_as_f(&BigInt::from(10).pow(20), fl, 0, 3),
            "100000000000000000000.000"
        );
        assert_eq!(
            fmt_int_as_f(&BigInt::from(1), Flags::default(), 0, 0),
            "1.000000"
        );
    }
}
