//! The decimal number behind BigDecimal: NaN, signed infinities and zeros, or a finite value
//! `±m × 10^e` with `m` a num-bigint BigUint without trailing zeros. Exact addition,
//! subtraction and multiplication; division, square root and every rounding to a number of
//! digits go through `round_at`, which applies CRuby's seven rounding modes to a value plus a
//! "sticky" flag for a discarded nonzero rest. Text: CRuby's parser (`BigDecimal("1_000.5e3")`)
//! and its `to_s` forms ("0.12345e3", "F", grouping and sign flags).
//!
//! Why num-bigint and not a decimal crate: every operation BigDecimal's API has needs CRuby's own
//! rounding modes, digit counts and text forms, which a decimal crate would have to be bent to;
//! num-bigint (already the Integer engine here) gives the exact big-integer arithmetic, and this
//! file is the decimal layer on top of it.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::cmp::Ordering;

/// CRuby's rounding modes (BigDecimal::ROUND_*).
pub const ROUND_UP: u8 = 1;
pub const ROUND_DOWN: u8 = 2;
pub const ROUND_HALF_UP: u8 = 3;
pub const ROUND_HALF_DOWN: u8 = 4;
pub const ROUND_CEILING: u8 = 5;
pub const ROUND_FLOOR: u8 = 6;
pub const ROUND_HALF_EVEN: u8 = 7;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dec {
    NaN,
    Inf(bool),
    Zero(bool),
    /// negative?, digits (no trailing zeros, nonzero), power of ten of the last digit
    Fin(bool, BigUint, i64),
}

pub fn pow10(n: u64) -> BigUint {
    BigUint::from(10u32).pow(n as u32)
}

/// The number of decimal digits of `m` (> 0).
pub fn ndigits(m: &BigUint) -> i64 {
    let bits = m.bits();
    let mut d = ((bits as f64 - 1.0) * std::f64::consts::LOG10_2).floor() as i64 + 1;
    if d < 1 {
        d = 1;
    }
    while &pow10(d as u64) <= m {
        d += 1;
    }
    while d > 1 && &pow10((d - 1) as u64) > m {
        d -= 1;
    }
    d
}

impl Dec {
    /// ±m × 10^e, normalised (trailing zeros moved into the exponent).
    pub fn fin(neg: bool, mut m: BigUint, mut e: i64) -> Dec {
        if m.is_zero() {
            return Dec::Zero(neg);
        }
        let ten = BigUint::from(10u32);
        loop {
            let (q, r) = m.div_rem(&ten);
            if !r.is_zero() {
                break;
            }
            m = q;
            e += 1;
        }
        Dec::Fin(neg, m, e)
    }

    pub fn from_i128_big(neg: bool, m: BigUint) -> Dec {
        Dec::fin(neg, m, 0)
    }

    pub fn is_neg(&self) -> bool {
        matches!(self, Dec::Inf(true) | Dec::Zero(true) | Dec::Fin(true, ..))
    }

    /// CRuby's exponent: the value is 0.ddd × 10^exponent.
    pub fn exponent(&self) -> i64 {
        match self {
            Dec::Fin(_, m, e) => ndigits(m) + e,
            _ => 0,
        }
    }

    pub fn neg(&self) -> Dec {
        match self {
            Dec::NaN => Dec::NaN,
            Dec::Inf(n) => Dec::Inf(!n),
            Dec::Zero(n) => Dec::Zero(!n),
            Dec::Fin(n, m, e) => Dec::Fin(!n, m.clone(), *e),
        }
    }

    pub fn abs(&self) -> Dec {
        if self.is_neg() {
            self.neg()
        } else {
            self.clone()
        }
    }

    pub fn add(&self, o: &Dec) -> Dec {
        match (self, o) {
            (Dec::NaN, _) | (_, Dec::NaN) => Dec::NaN,
            (Dec::Inf(a), Dec::Inf(b)) => {
                if a == b {
                    Dec::Inf(*a)
                } else {
                    Dec::NaN
                }
            }
            (Dec::Inf(a), _) | (_, Dec::Inf(a)) => Dec::Inf(*a),
            (Dec::Zero(a), Dec::Zero(b)) => Dec::Zero(*a && *b),
            (Dec::Zero(_), x) | (x, Dec::Zero(_)) => x.clone(),
            (Dec::Fin(na, ma, ea), Dec::Fin(nb, mb, eb)) => {
                let e = *ea.min(eb);
                let a = ma * pow10((ea - e) as u64);
                let b = mb * pow10((eb - e) as u64);
                if na == nb {
                    Dec::fin(*na, a + b, e)
                } else {
                    match a.cmp(&b) {
                        Ordering::Equal => Dec::Zero(false),
                        Ordering::Greater => Dec::fin(*na, a - b, e),
                        Ordering::Less => Dec::fin(*nb, b - a, e),
                    }
                }
            }
        }
    }

    pub fn sub(&self, o: &Dec) -> Dec {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Dec) -> Dec {
        let neg = self.is_neg() != o.is_neg();
        match (self, o) {
            (Dec::NaN, _) | (_, Dec::NaN) => Dec::NaN,
            (Dec::Inf(_), Dec::Zero(_)) | (Dec::Zero(_), Dec::Inf(_)) => Dec::NaN,
            (Dec::Inf(_), _) | (_, Dec::Inf(_)) => Dec::Inf(neg),
            (Dec::Zero(_), _) | (_, Dec::Zero(_)) => Dec::Zero(neg),
            (Dec::Fin(_, ma, ea), Dec::Fin(_, mb, eb)) => Dec::fin(neg, ma * mb, ea + eb),
        }
    }

    /// self / o rounded to `prec` significant digits (prec >= 1) with `mode`.
    pub fn div(&self, o: &Dec, prec: i64, mode: u8) -> Dec {
        let neg = self.is_neg() != o.is_neg();
        match (self, o) {
            (Dec::NaN, _) | (_, Dec::NaN) => Dec::NaN,
            (Dec::Inf(_), Dec::Inf(_)) => Dec::NaN,
            (Dec::Inf(_), _) => Dec::Inf(neg),
            (_, Dec::Inf(_)) => Dec::Zero(neg),
            (Dec::Zero(_), Dec::Zero(_)) => Dec::NaN,
            (_, Dec::Zero(_)) => Dec::Inf(neg),
            (Dec::Zero(_), _) => Dec::Zero(neg),
            (Dec::Fin(_, ma, ea), Dec::Fin(_, mb, eb)) => {
                let s = prec + 2 + ndigits(mb) - ndigits(ma);
                let (num, den) = if s >= 0 {
                    (ma * pow10(s as u64), mb.clone())
                } else {
                    (ma.clone(), mb * pow10((-s) as u64))
                };
                let (q, r) = num.div_rem(&den);
                let sticky = !r.is_zero();
                let e = ea - eb - s;
                round_sig(neg, q, e, sticky, prec, mode)
            }
        }
    }

    /// The square root to at least `prec` significant digits (truncated); NaN below zero.
    pub fn sqrt(&self, prec: i64) -> Dec {
        match self {
            Dec::NaN | Dec::Inf(true) | Dec::Fin(true, ..) => Dec::NaN,
            Dec::Inf(false) => Dec::Inf(false),
            Dec::Zero(n) => Dec::Zero(*n),
            Dec::Fin(false, m, e) => {
                // m × 10^e with an even exponent and 2 × prec + 2 digits at least
                let mut shift = 2 * (prec + 2) - ndigits(m);
                if shift < 0 {
                    shift = 0;
                }
                if (e - shift).rem_euclid(2) != 0 {
                    shift += 1;
                }
                let x = m * pow10(shift as u64);
                let r = x.sqrt();
                Dec::fin(false, r, (e - shift) / 2)
            }
        }
    }

    /// Rounded to `pos` digits after the decimal point (negative: before it).
    pub fn round_at(&self, pos: i64, mode: u8) -> Dec {
        match self {
            Dec::Fin(n, m, e) => round_pos(*n, m.clone(), *e, false, pos, mode),
            x => x.clone(),
        }
    }

    /// Rounded to `prec` significant digits.
    pub fn round_sig(&self, prec: i64, mode: u8) -> Dec {
        match self {
            Dec::Fin(n, m, e) => round_sig(*n, m.clone(), *e, false, prec, mode),
            x => x.clone(),
        }
    }

    pub fn cmp(&self, o: &Dec) -> Option<Ordering> {
        let rank = |d: &Dec| match d {
            Dec::Inf(true) => -2i32,
            Dec::Fin(true, ..) => -1,
            Dec::Zero(_) => 0,
            Dec::Fin(false, ..) => 1,
            Dec::Inf(false) => 2,
            Dec::NaN => 9,
        };
        if matches!(self, Dec::NaN) || matches!(o, Dec::NaN) {
            return None;
        }
        let (ra, rb) = (rank(self), rank(o));
        if ra != rb || ra.abs() != 1 {
            return Some(ra.cmp(&rb));
        }
        let d = self.sub(o);
        Some(match d {
            Dec::Zero(_) => Ordering::Equal,
            x if x.is_neg() => Ordering::Less,
            _ => Ordering::Greater,
        })
    }

    /// The integer part (truncated) as (negative?, magnitude); None for NaN and infinities.
    pub fn trunc_int(&self) -> Option<(bool, BigUint)> {
        match self {
            Dec::Zero(_) => Some((false, BigUint::zero())),
            Dec::Fin(n, m, e) => Some((
                *n,
                if *e >= 0 {
                    m * pow10(*e as u64)
                } else {
                    m / pow10((-e) as u64)
                },
            )),
            _ => None,
        }
    }

    /// Significant digits as text and the exponent (0.DIGITS × 10^exp).
    pub fn digits(&self) -> (String, i64) {
        match self {
            Dec::Fin(_, m, _) => (m.to_string(), self.exponent()),
            _ => ("0".into(), 0),
        }
    }

    pub fn to_f64(&self) -> f64 {
        match self {
            Dec::NaN => f64::NAN,
            Dec::Inf(n) => {
                if *n {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }
            }
            Dec::Zero(n) => {
                if *n {
                    -0.0
                } else {
                    0.0
                }
            }
            Dec::Fin(n, m, e) => {
                let s = format!("{}{}e{}", if *n { "-" } else { "" }, m, e);
                s.parse().unwrap_or(f64::NAN)
            }
        }
    }
}

/// Rounds ±m × 10^e (+ a sticky rest below its last digit) to `prec` significant digits.
pub fn round_sig(neg: bool, m: BigUint, e: i64, sticky: bool, prec: i64, mode: u8) -> Dec {
    if m.is_zero() {
        return Dec::Zero(neg);
    }
    let exp = ndigits(&m) + e;
    round_pos(neg, m, e, sticky, prec - exp, mode)
}

/// Rounds ±m × 10^e (+ a sticky rest) to `pos` digits after the decimal point.
pub fn round_pos(neg: bool, m: BigUint, e: i64, sticky: bool, pos: i64, mode: u8) -> Dec {
    let drop = -e - pos;
    if drop <= 0 {
        if sticky {
            // the rest is below the last kept digit: only the directed modes see it
            let up = match mode {
                ROUND_UP => true,
                ROUND_CEILING => !neg,
                ROUND_FLOOR => neg,
                _ => false,
            };
            if up {
                let unit = Dec::fin(neg, BigUint::one(), -pos);
                return Dec::fin(neg, m, e).add(&unit);
            }
        }
        return Dec::fin(neg, m, e);
    }
    let p = pow10(drop as u64);
    let (q, r) = m.div_rem(&p);
    let twice = &r * 2u32;
    let exact = r.is_zero() && !sticky;
    let half = match twice.cmp(&p) {
        Ordering::Greater => Ordering::Greater,
        Ordering::Equal if sticky => Ordering::Greater,
        o => o,
    };
    let up = !exact
        && match mode {
            ROUND_UP => true,
            ROUND_DOWN => false,
            ROUND_CEILING => !neg,
            ROUND_FLOOR => neg,
            ROUND_HALF_DOWN => half == Ordering::Greater,
            ROUND_HALF_EVEN => half == Ordering::Greater || (half == Ordering::Equal && q.is_odd()),
            _ => half != Ordering::Less,
        };
    let q = if up { q + 1u32 } else { q };
    Dec::fin(neg, q, -pos)
}

/// CRuby's BigDecimal() string syntax: blanks around, a sign, digits with single underscores
/// between them, a point, an exponent; "NaN", "Infinity" with a sign. None when invalid.
pub fn parse(s: &str) -> Option<Dec> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    match t {
        "NaN" => return Some(Dec::NaN),
        "Infinity" | "+Infinity" => return Some(Dec::Inf(false)),
        "-Infinity" => return Some(Dec::Inf(true)),
        _ => {}
    }
    let b = t.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let mut digits = String::new();
    let mut frac = 0i64;
    let mut seen_digit = false;
    let mut after_point = false;
    let mut prev_us = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            digits.push(c as char);
            seen_digit = true;
            prev_us = false;
            if after_point {
                frac += 1;
            }
        } else if c == b'_' {
            if !seen_digit || prev_us || !b.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
                return None;
            }
            prev_us = true;
        } else if c == b'.' && !after_point {
            after_point = true;
            prev_us = false;
        } else {
            break;
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    let mut exp = 0i64;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E' || b[i] == b'd' || b[i] == b'D') {
        let rest = &t[i + 1..];
        exp = rest.parse::<i64>().ok()?;
        if rest.starts_with('+') && rest.len() == 1 {
            return None;
        }
        i = b.len();
    }
    if i != b.len() {
        return None;
    }
    let m: BigUint = digits.parse().ok()?;
    Some(Dec::fin(neg, m, exp - frac))
}

/// `to_s(fmt)`: "E" (default, "0.123e3") or "F" ("123.0"), a leading "+" or " " for
/// positives, and a digit count that groups digits with spaces.
pub fn to_s(d: &Dec, fmt: &str) -> String {
    let plus = if fmt.starts_with('+') {
        "+"
    } else if fmt.starts_with(' ') {
        " "
    } else {
        ""
    };
    let fixed = fmt.contains('F') || fmt.contains('f');
    let group: usize = fmt
        .trim_start_matches(['+', ' '])
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap_or(0);
    let sign = if d.is_neg() { "-" } else { plus };
    match d {
        Dec::NaN => return "NaN".into(),
        Dec::Inf(n) => return if *n { "-Infinity" } else { "Infinity" }.into(),
        Dec::Zero(n) => return format!("{}0.0", if *n { "-" } else { plus }),
        _ => {}
    }
    let (ds, exp) = d.digits();
    let grouped = |s: &str| -> String {
        if group == 0 {
            return s.to_string();
        }
        let chars: Vec<char> = s.chars().collect();
        chars
            .chunks(group)
            .map(|c| c.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !fixed {
        return format!("{sign}0.{}e{exp}", grouped(&ds));
    }
    let n = ds.len() as i64;
    let (int, frac) = if exp <= 0 {
        (
            "0".to_string(),
            format!("{}{}", "0".repeat((-exp) as usize), ds),
        )
    } else if exp >= n {
        (
            format!("{}{}", ds, "0".repeat((exp - n) as usize)),
            "0".to_string(),
        )
    } else {
        (
            ds[..exp as usize].to_string(),
            ds[exp as usize..].to_string(),
        )
    };
    format!("{sign}{}.{}", grouped(&int), grouped(&frac))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dec {
        parse(s).unwrap()
    }

    #[test]
    fn text_round_trips_in_cruby_forms() {
        assert_eq!(to_s(&d("1.23"), ""), "0.123e1");
        assert_eq!(to_s(&d("-0.00012"), ""), "-0.12e-3");
        assert_eq!(to_s(&d("100"), "F"), "100.0");
        assert_eq!(to_s(&d("0.5"), "F"), "0.5");
        assert_eq!(to_s(&d("1_000.5"), "+F"), "+1000.5");
        assert!(parse("1__0").is_none() && parse("abc").is_none() && parse("1e").is_none());
    }

    #[test]
    fn rounding_modes_follow_cruby() {
        let r = |s: &str, n, m| to_s(&d(s).round_at(n, m), "F");
        assert_eq!(r("2.5", 0, ROUND_HALF_UP), "3.0");
        assert_eq!(r("2.5", 0, ROUND_HALF_EVEN), "2.0");
        assert_eq!(r("-2.5", 0, ROUND_HALF_DOWN), "-2.0");
        assert_eq!(r("-1.21", 1, ROUND_FLOOR), "-1.3");
        assert_eq!(r("1234.5", -2, ROUND_HALF_UP), "1200.0");
        let third = d("1").div(&d("3"), 5, ROUND_HALF_UP);
        assert_eq!(to_s(&third, ""), "0.33333e0");
        let two_thirds = d("2").div(&d("3"), 5, ROUND_HALF_UP);
        assert_eq!(to_s(&two_thirds, ""), "0.66667e0");
    }
}
