//! `Value`: the 64-bit tagged word every Ruby value is.
//!
//! Tag bits (low bits of the word), as CRuby lays them out on 64-bit with flonums:
//!
//! ```text
//!   ...xxxx xxx1   Fixnum: a 63-bit signed integer, value = (i << 1) | 1
//!   ...xxxx xx10   Flonum: a Float whose exponent fits, rotated into the word (see `float`)
//!   ...0000 1100   Symbol: (id << 8) | 0x0c
//!   0x00           false
//!   0x08           nil
//!   0x14           true
//!   0x34           undef (internal "no value": missing optional argument, empty slot)
//!   ...xxxx x000   a pointer to a heap slot (8-byte aligned, never 0 or 8)
//! ```
//!
//! Immediates allocate nothing. Floats that do not fit a flonum (very large or very small
//! exponents) are heap objects of type `T_FLOAT`; Integers outside the fixnum range are heap
//! `T_BIGNUM` objects. `Value` is `Copy`, compared by identity (`==` is `equal?`). Its word is
//! private to src/object/ (read it with `bits`), so safe code elsewhere cannot forge a pointer.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Value(pub(in crate::object) u64);

/// Smallest and largest Integers stored as fixnums.
pub const FIXNUM_MIN: i64 = -(1 << 62);
pub const FIXNUM_MAX: i64 = (1 << 62) - 1;

const FLONUM_ZERO: u64 = 0x8000_0000_0000_0002;

impl Value {
    pub const FALSE: Value = Value(0x00);
    pub const NIL: Value = Value(0x08);
    pub const TRUE: Value = Value(0x14);
    pub const UNDEF: Value = Value(0x34);

    /// The word itself, for identity hashing, `object_id` and addresses in `inspect`. There is
    /// no way back from bits to a Value outside src/object/: heap Values are made only by the
    /// allocator, so a heap Value always points at a slot.
    #[inline]
    pub fn bits(self) -> u64 {
        self.0
    }

    #[inline]
    pub fn bool(b: bool) -> Value {
        if b { Value::TRUE } else { Value::FALSE }
    }
    /// Ruby truthiness: everything but nil and false.
    #[inline]
    pub fn truthy(self) -> bool {
        (self.0 & !0x08) != 0
    }
    #[inline]
    pub fn is_nil(self) -> bool {
        self == Value::NIL
    }
    #[inline]
    pub fn is_undef(self) -> bool {
        self == Value::UNDEF
    }

    // ---- Fixnum ----
    #[inline]
    pub fn is_fixnum(self) -> bool {
        self.0 & 1 == 1
    }
    /// Whether `i` fits a fixnum.
    #[inline]
    pub fn fits_fixnum(i: i64) -> bool {
        (FIXNUM_MIN..=FIXNUM_MAX).contains(&i)
    }
    /// A fixnum; `i` must satisfy `fits_fixnum` (use `Vm::int` for any i64).
    #[inline]
    pub fn fixnum(i: i64) -> Value {
        debug_assert!(Value::fits_fixnum(i));
        Value(((i << 1) | 1) as u64)
    }
    #[inline]
    pub fn as_fixnum(self) -> i64 {
        (self.0 as i64) >> 1
    }
    #[inline]
    pub fn fixnum_opt(self) -> Option<i64> {
        if self.is_fixnum() {
            Some(self.as_fixnum())
        } else {
            None
        }
    }

    // ---- Flonum ----
    #[inline]
    pub fn is_flonum(self) -> bool {
        self.0 & 3 == 2
    }
    /// Encodes `d` as a flonum when its exponent fits (CRuby's `rb_float_new_inline`).
    #[inline]
    pub fn try_flonum(d: f64) -> Option<Value> {
        let bits = d.to_bits();
        let exp = (bits >> 60) & 7;
        if bits != 0x3000_0000_0000_0000 && (exp == 3 || exp == 4) {
            Some(Value((bits.rotate_left(3) & !1) | 2))
        } else if bits == 0 {
            Some(Value(FLONUM_ZERO))
        } else {
            None
        }
    }
    #[inline]
    pub fn as_flonum(self) -> f64 {
        if self.0 == FLONUM_ZERO {
            return 0.0;
        }
        let b63 = self.0 >> 63;
        let t = (2u64.wrapping_sub(b63)) | (self.0 & !3);
        f64::from_bits(t.rotate_right(3))
    }

    // ---- Symbol ----
    #[inline]
    pub fn is_symbol(self) -> bool {
        self.0 & 0xff == 0x0c
    }
    #[inline]
    pub fn symbol(id: u32) -> Value {
        Value(((id as u64) << 8) | 0x0c)
    }
    #[inline]
    pub fn as_symbol_id(self) -> u32 {
        (self.0 >> 8) as u32
    }

    // ---- heap ----
    #[inline]
    pub fn is_heap(self) -> bool {
        self.0 & 7 == 0 && self.0 > 8
    }
    #[inline]
    pub fn is_immediate(self) -> bool {
        !self.is_heap()
    }
}

impl Default for Value {
    /// nil.
    fn default() -> Value {
        Value::NIL
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_fixnum() {
            write!(f, "Fix({})", self.as_fixnum())
        } else if self.is_flonum() {
            write!(f, "Flo({})", self.as_flonum())
        } else if self.is_symbol() {
            write!(f, "Sym({})", self.as_symbol_id())
        } else if *self == Value::NIL {
            write!(f, "nil")
        } else if *self == Value::TRUE {
            write!(f, "true")
        } else if *self == Value::FALSE {
            write!(f, "false")
        } else if *self == Value::UNDEF {
            write!(f, "undef")
        } else {
            write!(f, "Obj({:#x})", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_one_word() {
        assert_eq!(std::mem::size_of::<Value>(), 8);
    }

    #[test]
    fn fixnums_round_trip() {
        for i in [0, 1, -1, FIXNUM_MAX, FIXNUM_MIN, 123456789] {
            let v = Value::fixnum(i);
            assert!(v.is_fixnum() && !v.is_heap() && !v.is_flonum());
            assert_eq!(v.as_fixnum(), i);
        }
        assert!(!Value::fits_fixnum(FIXNUM_MAX + 1));
    }

    #[test]
    fn flonums_round_trip() {
        for d in [0.0, 1.5, -2.25, 0.1, 1e50, 3.0e-50, 123456.789] {
            let v = Value::try_flonum(d).expect("fits");
            assert!(v.is_flonum() && !v.is_fixnum());
            assert_eq!(v.as_flonum().to_bits(), d.to_bits());
        }
        assert!(Value::try_flonum(1e300).is_none());
        assert!(Value::try_flonum(1e100).is_none());
        assert!(Value::try_flonum(-0.0).is_none());
        assert!(Value::try_flonum(f64::NAN).is_none());
    }

    #[test]
    fn specials_and_truthiness() {
        assert!(!Value::NIL.truthy() && !Value::FALSE.truthy());
        assert!(Value::TRUE.truthy() && Value::fixnum(0).truthy());
        assert!(Value::symbol(5).is_symbol() && Value::symbol(5).as_symbol_id() == 5);
        assert!(!Value::NIL.is_heap() && !Value::FALSE.is_heap() && !Value::UNDEF.is_heap());
    }
}
