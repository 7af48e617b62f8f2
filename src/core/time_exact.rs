//! Exact instants and durations for Time, in nanoseconds: an integer (the common case, kept in
//! an i128) or a Rational when a Float or Rational made one that is not a whole number of
//! nanoseconds (CRuby's `timew`, which is an Integer or a Rational of nanoseconds).
//!
//! A Time stores the whole nanoseconds in its slot and the rest, a Rational in (0, 1) of
//! nanoseconds, in `RTime::frac` (nil in the common case), so `Time.now` stays one embedded
//! object (object-model.md §6).

use super::time::NS;
use crate::object::heap::RTime;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// A number of nanoseconds: `Int`, or `Rat(n, d)` in lowest terms with d > 1 (or d == 1 for an
/// integer too large for an i128).
#[derive(Clone, Debug)]
pub enum Exact {
    Int(i128),
    Rat(BigInt, BigInt),
}

impl Exact {
    /// n/d normalised (d nonzero).
    pub fn rat(n: BigInt, d: BigInt) -> Exact {
        let (mut n, mut d) = (n, d);
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        let g = n.gcd(&d);
        if !g.is_one() && !g.is_zero() {
            n /= &g;
            d /= &g;
        }
        if d.is_one()
            && let Some(i) = n.to_i128()
        {
            return Exact::Int(i);
        }
        Exact::Rat(n, d)
    }

    /// (numerator, denominator) of the value.
    pub fn parts(&self) -> (BigInt, BigInt) {
        match self {
            Exact::Int(i) => (BigInt::from(*i), BigInt::one()),
            Exact::Rat(n, d) => (n.clone(), d.clone()),
        }
    }

    pub fn add(&self, o: &Exact) -> Exact {
        if let (Exact::Int(a), Exact::Int(b)) = (self, o)
            && let Some(s) = a.checked_add(*b)
        {
            return Exact::Int(s);
        }
        let ((a, b), (c, d)) = (self.parts(), o.parts());
        Exact::rat(a * &d + c * &b, b * d)
    }

    pub fn neg(&self) -> Exact {
        match self {
            Exact::Int(i) if *i != i128::MIN => Exact::Int(-i),
            _ => {
                let (n, d) = self.parts();
                Exact::rat(-n, d)
            }
        }
    }

    pub fn sub(&self, o: &Exact) -> Exact {
        self.add(&o.neg())
    }

    pub fn compare(&self, o: &Exact) -> Ordering {
        if let (Exact::Int(a), Exact::Int(b)) = (self, o) {
            return a.cmp(b);
        }
        let ((a, b), (c, d)) = (self.parts(), o.parts());
        (a * d).cmp(&(c * b))
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Exact::Int(0))
    }

    /// The value modulo `u` (u > 0), in [0, u).
    pub fn modulo(&self, u: &Exact) -> Exact {
        if let (Exact::Int(a), Exact::Int(b)) = (self, u) {
            return Exact::Int(a.rem_euclid(*b));
        }
        let ((a, b), (c, d)) = (self.parts(), u.parts());
        // a/b mod c/d = (a*d mod c*b) / (b*d)
        Exact::rat((a * &d).mod_floor(&(c * &b)), b * d)
    }

    /// Twice the value.
    pub fn double(&self) -> Exact {
        self.add(self)
    }

    /// The value as the nearest Float of value / `scale` (Integer / Float or Rational#to_f, as
    /// CRuby's Time#to_f and Time#- compute it).
    pub fn to_f64_over(&self, scale: i128) -> f64 {
        match self {
            Exact::Int(i) if scale == NS => super::time_num::ns_to_f64(*i),
            _ => {
                let (n, d) = self.parts();
                super::rational::rat_to_f64(&n, &(d * BigInt::from(scale)))
            }
        }
    }

    /// (floor, the rest as a fraction in [0, 1) or None when it is zero).
    pub fn split_floor(&self) -> (BigInt, Option<(BigInt, BigInt)>) {
        match self {
            Exact::Int(i) => (BigInt::from(*i), None),
            Exact::Rat(n, d) => {
                let (q, r) = n.div_mod_floor(d);
                (q, (!r.is_zero()).then(|| (r, d.clone())))
            }
        }
    }
}

/// The exact nanoseconds since the epoch of a Time.
pub fn time_exact(t: &RTime) -> Exact {
    let ns = t.sec as i128 * NS + t.nsec as i128;
    if t.frac.is_nil() {
        return Exact::Int(ns);
    }
    match super::rational::parts(t.frac) {
        Some((n, d)) => Exact::rat(BigInt::from(ns) * &d + n, d),
        None => Exact::Int(ns),
    }
}

/// The fraction of a second of a Time, exactly: (numerator, denominator) in lowest terms.
pub fn subsec_parts(t: &RTime) -> (BigInt, BigInt) {
    let whole = Exact::Int(t.nsec as i128);
    let x = match super::rational::parts(t.frac) {
        Some((n, d)) if !t.frac.is_nil() => whole.add(&Exact::rat(n, d)),
        _ => whole,
    };
    let (n, d) = x.parts();
    match Exact::rat(n, d * BigInt::from(NS)) {
        Exact::Int(i) => (BigInt::from(i), BigInt::one()),
        Exact::Rat(n, d) => (n, d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_stays_exact() {
        let third = Exact::rat(BigInt::from(1), BigInt::from(3));
        let sum = third.add(&third).add(&third);
        assert!(matches!(sum, Exact::Int(1)));
        assert_eq!(third.neg().compare(&Exact::Int(0)), Ordering::Less);
        let m = third.neg().modulo(&Exact::Int(1));
        assert_eq!(
            m.compare(&Exact::rat(BigInt::from(2), BigInt::from(3))),
            Ordering::Equal
        );
        let (q, r) = third.neg().split_floor();
        assert_eq!(q, BigInt::from(-1));
        assert_eq!(r, Some((BigInt::from(2), BigInt::from(3))));
    }
}
