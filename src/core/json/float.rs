//! How the json library writes a Float: CRuby's json generator (2.10 and later) prints the
//! digits of Grisu2 (Loitsch's algorithm over 64-bit cached powers of ten), which are usually but
//! not always the shortest that read back (1e23 prints as `9.999999999999999e+22`), laid out in
//! its own notation: plain decimals from 1e-9 up to (but not including) 1e15 for whole numbers,
//! scientific `1.5e+20` / `1e-10` (no `.0`, no exponent padding) outside. This module is a pure
//! function from f64 to text, tested against outputs taken from CRuby.

use std::sync::OnceLock;

/// A 64-bit significand and a binary exponent: `frac * 2^exp`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fp {
    frac: u64,
    exp: i32,
}

const FIRST_POWER: i32 = -348;
const STEP_POWERS: i32 = 8;
const N_POWERS: usize = 87;
const EXP_MIN: i32 = -60;
const EXP_MAX: i32 = -32;
const HIDDEN: u64 = 1 << 52;
const FRAC_MASK: u64 = HIDDEN - 1;

/// 10^k for k = -348, -340, ..., 340, each as the nearest normalized `Fp` (top bit set),
/// computed once with exact big-integer arithmetic.
fn cached_powers() -> &'static [Fp; N_POWERS] {
    static POWERS: OnceLock<[Fp; N_POWERS]> = OnceLock::new();
    POWERS.get_or_init(|| {
        use num_bigint::BigUint;
        let mut out = [Fp { frac: 0, exp: 0 }; N_POWERS];
        for (i, slot) in out.iter_mut().enumerate() {
            let k = FIRST_POWER + STEP_POWERS * i as i32;
            let ten = BigUint::from(10u32).pow(k.unsigned_abs());
            // value = num / den; find e with 2^63 <= value / 2^e < 2^64, then round
            let (num, den) = if k >= 0 {
                (ten, BigUint::from(1u32))
            } else {
                (BigUint::from(1u32), ten)
            };
            let mut e = num.bits() as i64 - den.bits() as i64 - 64;
            loop {
                let (n, d) = if e >= 0 {
                    (num.clone(), &den << e as usize)
                } else {
                    (&num << (-e) as usize, den.clone())
                };
                let q = &n / &d;
                if q.bits() > 64 {
                    e += 1;
                    continue;
                }
                if q.bits() < 64 {
                    e -= 1;
                    continue;
                }
                let r = &n - &q * &d;
                let mut f: u64 = q.try_into().unwrap_or(u64::MAX);
                let mut exp = e as i32;
                if r * 2u32 >= d {
                    match f.checked_add(1) {
                        Some(g) => f = g,
                        None => {
                            f = 1 << 63;
                            exp += 1;
                        }
                    }
                }
                *slot = Fp { frac: f, exp };
                break;
            }
        }
        out
    })
}

fn build_fp(d: f64) -> Fp {
    let bits = d.to_bits();
    let frac = bits & FRAC_MASK;
    let e = ((bits >> 52) & 0x7ff) as i32;
    if e != 0 {
        Fp {
            frac: frac + HIDDEN,
            exp: e - 1075,
        }
    } else {
        Fp {
            frac,
            exp: -1075 + 1,
        }
    }
}

fn normalize(fp: &mut Fp) {
    while fp.frac & HIDDEN == 0 {
        fp.frac <<= 1;
        fp.exp -= 1;
    }
    fp.frac <<= 11;
    fp.exp -= 11;
}

/// The boundaries halfway to the neighbouring doubles, on the upper one's exponent.
fn boundaries(fp: &Fp) -> (Fp, Fp) {
    let mut upper = Fp {
        frac: (fp.frac << 1) + 1,
        exp: fp.exp - 1,
    };
    while upper.frac & (HIDDEN << 1) == 0 {
        upper.frac <<= 1;
        upper.exp -= 1;
    }
    upper.frac <<= 10;
    upper.exp -= 10;
    let l_shift = if fp.frac == HIDDEN { 2 } else { 1 };
    let mut lower = Fp {
        frac: (fp.frac << l_shift) - 1,
        exp: fp.exp - l_shift,
    };
    lower.frac <<= lower.exp - upper.exp;
    lower.exp = upper.exp;
    (lower, upper)
}

/// The product's high 64 bits, rounded.
fn multiply(a: &Fp, b: &Fp) -> Fp {
    let lo = 0xffff_ffffu64;
    let ah_bl = (a.frac >> 32) * (b.frac & lo);
    let al_bh = (a.frac & lo) * (b.frac >> 32);
    let al_bl = (a.frac & lo) * (b.frac & lo);
    let ah_bh = (a.frac >> 32) * (b.frac >> 32);
    let mut tmp = (ah_bl & lo) + (al_bh & lo) + (al_bl >> 32);
    tmp += 1 << 31;
    Fp {
        frac: ah_bh + (ah_bl >> 32) + (al_bh >> 32) + (tmp >> 32),
        exp: a.exp + b.exp + 64,
    }
}

/// The cached power that brings a number with binary exponent `exp` into [-60, -32], and its
/// decimal exponent.
fn find_cached_pow10(exp: i32) -> (Fp, i32) {
    let powers = cached_powers();
    let approx = (-((exp + N_POWERS as i32) as f64) * 0.30102999566398114) as i32;
    let mut idx = ((approx - FIRST_POWER) / STEP_POWERS).clamp(0, N_POWERS as i32 - 1);
    loop {
        let current = exp + powers[idx as usize].exp + 64;
        if current < EXP_MIN && idx + 1 < N_POWERS as i32 {
            idx += 1;
            continue;
        }
        if current > EXP_MAX && idx > 0 {
            idx -= 1;
            continue;
        }
        return (powers[idx as usize], FIRST_POWER + idx * STEP_POWERS);
    }
}

const TENS: [u64; 20] = {
    let mut t = [0u64; 20];
    let mut i = 0;
    while i < 20 {
        t[i] = 10u64.pow(19 - i as u32);
        i += 1;
    }
    t
};

fn round_digit(digits: &mut [u8], delta: u64, mut rem: u64, kappa: u64, frac: u64) {
    let Some(last) = digits.last_mut() else {
        return;
    };
    while rem < frac
        && delta.wrapping_sub(rem) >= kappa
        && (rem.wrapping_add(kappa) < frac
            || frac.wrapping_sub(rem) > rem.wrapping_add(kappa).wrapping_sub(frac))
    {
        *last = last.wrapping_sub(1);
        rem = rem.wrapping_add(kappa);
    }
}

fn generate_digits(fp: &Fp, upper: &Fp, lower: &Fp, digits: &mut Vec<u8>, k: &mut i32) {
    let wfrac = upper.frac.wrapping_sub(fp.frac);
    let mut delta = upper.frac.wrapping_sub(lower.frac);
    let shift = (-upper.exp) as u32;
    let one = 1u64 << shift;
    let mut part1 = upper.frac >> shift;
    let mut part2 = upper.frac & (one - 1);
    let mut kappa = 10;
    let mut di = 10;
    while kappa > 0 {
        let div = TENS[di];
        di += 1;
        let digit = part1 / div;
        if digit != 0 || !digits.is_empty() {
            digits.push(b'0' + digit as u8);
        }
        part1 -= digit * div;
        kappa -= 1;
        let tmp = (part1 << shift).wrapping_add(part2);
        if tmp <= delta {
            *k += kappa;
            round_digit(digits, delta, tmp, div << shift, wfrac);
            return;
        }
    }
    let mut unit = 18;
    loop {
        part2 = part2.wrapping_mul(10);
        delta = delta.wrapping_mul(10);
        kappa -= 1;
        let digit = part2 >> shift;
        if digit != 0 || !digits.is_empty() {
            digits.push(b'0' + digit as u8);
        }
        part2 &= one - 1;
        if part2 < delta || unit == 0 {
            *k += kappa;
            round_digit(digits, delta, part2, one, wfrac.wrapping_mul(TENS[unit]));
            return;
        }
        unit -= 1;
    }
}

/// Grisu2's digits of a finite, positive `d` and the decimal exponent of the last one.
fn grisu2(d: f64) -> (Vec<u8>, i32) {
    let mut w = build_fp(d);
    let (mut lower, mut upper) = boundaries(&w);
    normalize(&mut w);
    let (cp, k) = find_cached_pow10(upper.exp);
    w = multiply(&w, &cp);
    upper = multiply(&upper, &cp);
    lower = multiply(&lower, &cp);
    lower.frac = lower.frac.wrapping_add(1);
    upper.frac = upper.frac.wrapping_sub(1);
    let mut kk = -k;
    let mut digits = Vec::with_capacity(18);
    generate_digits(&w, &upper, &lower, &mut digits, &mut kk);
    (digits, kk)
}

/// Appends the json generator's text for the finite `d` to `out`.
pub fn write_float(d: f64, out: &mut Vec<u8>) {
    if d.is_sign_negative() {
        out.push(b'-');
    }
    let a = d.abs();
    if a == 0.0 {
        out.extend_from_slice(b"0.0");
        return;
    }
    let (digits, k) = grisu2(a);
    let n = digits.len() as i32;
    let e = k + n - 1;
    if e <= -10 || (k >= 0 && e >= 15) {
        out.push(digits[0]);
        if n > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        out.push(if e < 0 { b'-' } else { b'+' });
        out.extend_from_slice(e.unsigned_abs().to_string().as_bytes());
    } else if k >= 0 {
        out.extend_from_slice(&digits);
        out.resize(out.len() + k as usize, b'0');
        out.extend_from_slice(b".0");
    } else if e >= 0 {
        let int = (e + 1) as usize;
        out.extend_from_slice(&digits[..int]);
        out.push(b'.');
        out.extend_from_slice(&digits[int..]);
    } else {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + (-e - 1) as usize, b'0');
        out.extend_from_slice(&digits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(d: f64) -> String {
        let mut v = Vec::new();
        write_float(d, &mut v);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn first_cached_power_is_the_known_one() {
        let p = cached_powers()[0];
        assert_eq!(p.frac, 0xfa8f_d5a0_081c_0288);
        assert_eq!(p.exp, -1220);
    }

    #[test]
    fn matches_cruby() {
        for (d, want) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (100.0, "100.0"),
            (1e15, "1e+15"),
            (123456789012345.0, "123456789012345.0"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (1234567890123456.8, "1234567890123456.7"),
            (1e23, "9.999999999999999e+22"),
            (8.41e21, "8.409999999999999e+21"),
            (5e22, "4.9999999999999996e+22"),
            (1e-9, "0.000000001"),
            (1.0000000000000003e-09, "0.0000000010000000000000003"),
            (9.9e-10, "9.9e-10"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-0.0, "-0.0"),
            (-1.5e-9, "-0.0000000015"),
            (2.0 / 3.0, "0.6666666666666666"),
            (100.0 / 3.0, "33.333333333333336"),
            (12345678.0, "12345678.0"),
        ] {
            assert_eq!(s(d), want, "{d:e}");
        }
    }
}
