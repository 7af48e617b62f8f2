//! `ValueStack`: the VM's value stack (locals and operands of every frame), a buffer whose
//! capacity is a power of two.
//!
//! The dispatch loop pushes, pops and reads slots several times per instruction, and on a
//! `Vec` each of those is a capacity or bounds check against a length in memory. Lua and CRuby
//! avoid them by checking once per frame: the compiler knows how deep a function's operand stack
//! can grow (`Code::max_stack`), and entering the frame makes room for that much
//! (`Lua's luaD_checkstack`, CRuby's `CHECK_VM_STACK_OVERFLOW0`). `ValueStack` does the same:
//!
//! - `reserve(n)` (at frame entry) grows the buffer so that `n` more values fit;
//! - the `*_fast` operations and `at`/`set_at` then work without any check. They index the
//!   buffer with `i & mask`, where `mask = capacity - 1`, so even a wrong reservation can only
//!   read or overwrite another slot of the buffer (a wrong value, never a wild access): the
//!   debug assertions catch that in the tests;
//! - everything else (`push`, the `Vec`-like methods natives use, the `[Value]` view through
//!   `Deref`) checks and grows as a `Vec` does, so natives need not know about reservations.
//!
//! Nothing holds a pointer into the buffer across a call: growing moves it.

use super::value::Value;
use std::ops::{Deref, DerefMut, RangeFrom};

pub struct ValueStack {
    /// `buf.len()` is a power of two; slots `len..` are dead (but valid Values).
    buf: Box<[Value]>,
    mask: usize,
    len: usize,
}

/// A buffer of `cap` dead slots, each `false`. It comes from `alloc_zeroed` (all-zero bits
/// are `Value::FALSE`), so the allocator can hand over fresh zero pages that are only touched
/// as the stack reaches them: the VM's 64K-slot stack filled with `nil` was 128 page faults at
/// every start-up, a quarter of them.
fn dead_slots(cap: usize) -> Box<[Value]> {
    const { assert!(Value::FALSE.0 == 0 && size_of::<Value>() == size_of::<u64>()) };
    let zeroed: Box<[u64]> = vec![0u64; cap].into_boxed_slice();
    let len = zeroed.len();
    let raw = Box::into_raw(zeroed) as *mut Value;
    // SAFETY: `Value` is `repr(transparent)` over a `u64` (the assertion above checks the size),
    // so a `[u64]` allocation has the layout of a `[Value]` of the same length, and every slot
    // holds 0, the bits of `Value::FALSE`, an immediate that is valid anywhere.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(raw, len)) }
}

impl Default for ValueStack {
    fn default() -> ValueStack {
        ValueStack::with_capacity(16)
    }
}

impl ValueStack {
    /// An empty stack with room for at least `cap` values.
    pub fn with_capacity(cap: usize) -> ValueStack {
        let cap = cap.max(16).next_power_of_two();
        ValueStack {
            buf: dead_slots(cap),
            mask: cap - 1,
            len: 0,
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn capacity(&self) -> usize {
        self.buf.len()
    }

    /// Makes room for `n` more values, so that `n` `push_fast` calls stay in place.
    #[inline(always)]
    pub fn reserve(&mut self, n: usize) {
        if self.len + n > self.buf.len() {
            self.grow(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let live = self.len.min(self.buf.len());
        let cap = (self.len + n).next_power_of_two();
        let mut buf = dead_slots(cap);
        buf[..live].copy_from_slice(&self.buf[..live]);
        self.buf = buf;
        self.mask = cap - 1;
    }

    /// The slot at `i & mask`.
    #[inline(always)]
    fn slot(&self, i: usize) -> &Value {
        // SAFETY: `mask` is `buf.len() - 1` and `buf.len()` a power of two (`with_capacity`,
        // `grow` keep both), so `i & mask < buf.len()`.
        unsafe { self.buf.get_unchecked(i & self.mask) }
    }

    #[inline(always)]
    fn slot_mut(&mut self, i: usize) -> &mut Value {
        // SAFETY: as in `slot`: `i & mask < buf.len()`.
        unsafe { self.buf.get_unchecked_mut(i & self.mask) }
    }

    /// Pushes within the room a `reserve` made (no capacity check).
    #[inline(always)]
    pub fn push_fast(&mut self, v: Value) {
        debug_assert!(
            self.len < self.buf.len(),
            "value stack push past its reservation"
        );
        let i = self.len;
        *self.slot_mut(i) = v;
        self.len = i + 1;
    }

    /// Pushes copies of the top two values (`a b` -> `a b a b`) within the reservation: two
    /// `push_fast`s, where `extend_from_within` calls `memcpy` for its run-time length.
    #[inline(always)]
    pub fn dup2_fast(&mut self) {
        let n = self.len;
        let (a, b) = (self.at(n.wrapping_sub(2)), self.at(n.wrapping_sub(1)));
        self.push_fast(a);
        self.push_fast(b);
    }

    /// Pops the top value of a stack known not to be empty.
    #[inline(always)]
    pub fn pop_fast(&mut self) -> Value {
        debug_assert!(self.len > 0, "value stack underflow");
        self.len = self.len.wrapping_sub(1);
        *self.slot(self.len)
    }

    /// The value at `i` (below `len`).
    #[inline(always)]
    pub fn at(&self, i: usize) -> Value {
        debug_assert!(i < self.len, "value stack read above the top");
        *self.slot(i)
    }

    /// Sets the value at `i` (below `len`).
    #[inline(always)]
    pub fn set_at(&mut self, i: usize, v: Value) {
        debug_assert!(i < self.len, "value stack write above the top");
        *self.slot_mut(i) = v;
    }

    /// The top value of a stack known not to be empty.
    #[inline(always)]
    pub fn top(&self) -> Value {
        self.at(self.len.wrapping_sub(1))
    }

    /// Drops the top `n` values of a stack holding at least `n`.
    #[inline(always)]
    pub fn drop_fast(&mut self, n: usize) {
        debug_assert!(n <= self.len, "value stack underflow");
        self.len -= n;
    }

    #[inline]
    pub fn push(&mut self, v: Value) {
        self.reserve(1);
        self.push_fast(v);
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Value> {
        if self.len == 0 {
            None
        } else {
            Some(self.pop_fast())
        }
    }

    #[inline]
    pub fn truncate(&mut self, n: usize) {
        if n < self.len {
            self.len = n;
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn extend_from_slice(&mut self, vs: &[Value]) {
        self.reserve(vs.len());
        let at = self.len;
        self.buf[at..at + vs.len()].copy_from_slice(vs);
        self.len = at + vs.len();
    }

    pub fn extend<I: IntoIterator<Item = Value>>(&mut self, vs: I) {
        for v in vs {
            self.push(v);
        }
    }

    /// Appends a copy of the values in `range` (of the live part).
    pub fn extend_from_within(&mut self, range: RangeFrom<usize>) {
        let n = self[range.clone()].len();
        self.reserve(n);
        let at = self.len;
        self.buf.copy_within(range.start..at, at);
        self.len = at + n;
    }

    /// Sets the length to `n`, filling new slots with `v`.
    pub fn resize(&mut self, n: usize, v: Value) {
        if n > self.len {
            self.reserve(n - self.len);
            self.buf[self.len..n].fill(v);
        }
        self.len = n;
    }

    /// Inserts `v` at `at`, moving the values above it up.
    pub fn insert(&mut self, at: usize, v: Value) {
        assert!(at <= self.len, "value stack insert above the top");
        self.reserve(1);
        self.buf.copy_within(at..self.len, at + 1);
        self.buf[at] = v;
        self.len += 1;
    }

    /// Removes and returns the values from `at` up.
    pub fn split_off(&mut self, at: usize) -> Vec<Value> {
        let v = self[at..].to_vec();
        self.len = at;
        v
    }
}

/// `v.push(make())`, inlined into the caller, with the capacity checked before `make` runs so
/// that the element is built in its slot. `Vec::push` of a large element (a 128-byte `Frame`)
/// goes through an out-of-line call that copies it from the caller's stack, and even inlined,
/// an element built before the check (which may reallocate) is built on the stack and copied;
/// the VM pushes a frame for every call.
#[inline(always)]
pub fn push_in_place<T>(v: &mut Vec<T>, make: impl FnOnce() -> T) {
    if v.len() == v.capacity() {
        v.reserve(1);
    }
    let n = v.len();
    let x = make();
    // SAFETY: after the reserve the capacity exceeds `n`, so slot `n` is allocated and holds no
    // element; `make` cannot reach `v` (the borrow above is exclusive), and the slot is written
    // before the length counts it, with nothing able to observe it between.
    unsafe {
        v.as_mut_ptr().add(n).write(x);
        v.set_len(n + 1);
    }
}

impl Deref for ValueStack {
    type Target = [Value];
    #[inline]
    fn deref(&self) -> &[Value] {
        &self.buf[..self.len]
    }
}

impl DerefMut for ValueStack {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Value] {
        &mut self.buf[..self.len]
    }
}

impl std::fmt::Debug for ValueStack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dead_slots_are_false() {
        let mut s = ValueStack::with_capacity(1000);
        assert_eq!(s.capacity(), 1024);
        assert!(s.buf.iter().all(|&v| v == Value::FALSE));
        s.push(Value::fixnum(7));
        s.reserve(5000);
        assert_eq!(s.at(0), Value::fixnum(7));
        assert!(s.buf[1..].iter().all(|&v| v == Value::FALSE));
    }

    use super::ValueStack;
    use crate::object::value::Value;

    #[test]
    fn dup2_fast_copies_the_top_two() {
        let mut s = ValueStack::with_capacity(16);
        for i in 0..3 {
            s.push(Value::fixnum(i));
        }
        s.reserve(2);
        s.dup2_fast();
        let all: Vec<Value> = s.to_vec();
        assert_eq!(all, [0, 1, 2, 1, 2].map(Value::fixnum));
    }

    #[test]
    fn reserve_then_fast_ops_stay_in_place() {
        let mut s = ValueStack::with_capacity(16);
        assert_eq!(s.capacity(), 16);
        s.reserve(40);
        assert_eq!(s.capacity(), 64);
        for i in 0..40 {
            s.push_fast(Value::fixnum(i));
        }
        assert_eq!(s.len(), 40);
        assert_eq!(s.at(7), Value::fixnum(7));
        s.set_at(7, Value::TRUE);
        assert_eq!(s[7], Value::TRUE);
        assert_eq!(s.pop_fast(), Value::fixnum(39));
        assert_eq!(s.top(), Value::fixnum(38));
        s.drop_fast(8);
        assert_eq!(s.len(), 31);
    }

    #[test]
    fn vec_like_methods_grow_and_keep_order() {
        let mut s = ValueStack::with_capacity(1);
        s.extend((0..20).map(Value::fixnum));
        assert_eq!(s.capacity(), 32);
        s.insert(1, Value::NIL);
        assert_eq!(&s[..3], &[Value::fixnum(0), Value::NIL, Value::fixnum(1)]);
        s.extend_from_within(19..);
        assert_eq!(s.len(), 23);
        assert_eq!(s[21..], [Value::fixnum(18), Value::fixnum(19)]);
        let tail = s.split_off(20);
        assert_eq!(tail.len(), 3);
        s.resize(25, Value::FALSE);
        assert_eq!(s[24], Value::FALSE);
        s.truncate(2);
        assert_eq!(s.pop(), Some(Value::NIL));
        assert_eq!(s.pop(), Some(Value::fixnum(0)));
        assert_eq!(s.pop(), None);
    }

    #[test]
    fn push_in_place_grows_like_push() {
        let mut v: Vec<String> = Vec::new();
        for i in 0..100 {
            super::push_in_place(&mut v, || i.to_string());
        }
        assert_eq!(v.len(), 100);
        assert_eq!(v[57], "57");
    }
}
