//! `SlotVec`: the elements of an Array (and the instance variables of a plain Object), kept
//! inside the object's own slot while they fit and in a malloc'd `Vec` once they do not.
//!
//! CRuby embeds small array bodies and the first instance variables in the object's slot
//! (`RARRAY_EMBED_FLAG`, `ROBJECT_EMBED`), choosing the size pool by the capacity asked for: an
//! Array literal or `Array.new(n)` of n elements gets a slot with room for n, so most arrays
//! and objects cost one slot and no malloc. rubra does the same:
//!
//! ```text
//!   embedded:  [ flags | klass ] [ v0 v1 v2 ... ]        the slot's words after the header
//!              flags: SV_HEAP clear, length in bits LEN_SHIFT..LEN_SHIFT+7
//!   heap:      [ flags | klass ] [ Vec<Value> ] [unused]  a Vec (pointer, capacity, length)
//!              flags: SV_HEAP set
//! ```
//!
//! A slot of pool 40/80/160/320/640 holds 3/8/18/38/78 Values after its 16-byte header
//! ([`INLINE_CAP`]). An embedded body that grows past its slot moves into a Vec (and stays
//! there, as CRuby's does); replacing the whole contents (`set`) embeds them again when they fit.
//!
//! A `SlotVec` is a dynamically sized type whose length is the slot's inline capacity, so a
//! `&mut SlotVec` covers the whole slot (header included): every access stays inside the
//! memory the reference was made for. It derefs to `[Value]` and has the `Vec` methods the
//! code base uses, so `rarray(v).vec` reads like the `Vec` it used to be. Operations without
//! an embedded fast path run on a temporary `Vec` (`with_vec`) and are embedded again after.

use super::heap::{FL_USER_SHIFT, Heap, POOL_SIZES, RBasic, T_ARRAY, T_OBJECT, type_of};
use super::value::Value;
use std::ops::{Deref, DerefMut};

/// Set while the body is a `Vec` (heap form); clear while it is embedded.
pub const SV_HEAP: u64 = 1 << FL_USER_SHIFT;
const LEN_SHIFT: u64 = FL_USER_SHIFT + 1;
const LEN_MASK: u64 = 0x7f;
/// The heap form's dead prefix length (see `shift`) lives in the flags' top 32 bits.
const HEAD_SHIFT: u64 = 32;

/// How many Values a slot of each pool holds after the 16-byte header.
pub const INLINE_CAP: [usize; 5] = [
    (POOL_SIZES[0] - 16) / 8,
    (POOL_SIZES[1] - 16) / 8,
    (POOL_SIZES[2] - 16) / 8,
    (POOL_SIZES[3] - 16) / 8,
    (POOL_SIZES[4] - 16) / 8,
];
/// The most Values any slot embeds.
pub const EMBED_MAX: usize = INLINE_CAP[4];

// The heap form keeps a Vec in the first words of the smallest slot, and the embedded length
// fits its flag bits.
const _: () = assert!(std::mem::size_of::<Vec<Value>>() <= 8 * INLINE_CAP[0]);
const _: () = assert!(std::mem::align_of::<Vec<Value>>() == 8);
const _: () = assert!(EMBED_MAX as u64 <= LEN_MASK);

/// The pool whose slot embeds `capa` Values, or None when no slot is that large.
#[inline]
pub fn pool_for_capa(capa: usize) -> Option<usize> {
    INLINE_CAP.iter().position(|&c| capa <= c)
}

/// The body of an Array or a plain Object: the object's whole slot, header included; see the
/// module doc. Only `&mut SlotVec`s made by the typed accessors (`rarray`, `robject`) exist.
#[repr(C)]
pub struct SlotVec {
    basic: RBasic,
    words: [Value],
}

impl SlotVec {
    #[inline]
    fn is_heap(&self) -> bool {
        self.basic.flags & SV_HEAP != 0
    }

    /// Whether the elements live inside the slot.
    #[inline]
    pub fn is_embedded(&self) -> bool {
        !self.is_heap()
    }

    /// The heap form's Vec, dead prefix (the first `head()` elements) included.
    #[inline]
    fn raw(&self) -> &Vec<Value> {
        debug_assert!(self.is_heap());
        // SAFETY: SV_HEAP is set only by `install`, right after it wrote a Vec<Value> into the
        // first words; the words are 8-aligned and at least as large as a Vec (the asserts
        // above), and they lie inside the slot this reference covers.
        unsafe { &*(self.words.as_ptr() as *const Vec<Value>) }
    }

    #[inline]
    fn raw_mut(&mut self) -> &mut Vec<Value> {
        debug_assert!(self.is_heap());
        // SAFETY: as in `raw`.
        unsafe { &mut *(self.words.as_mut_ptr() as *mut Vec<Value>) }
    }

    /// How many elements at the front of the heap form's Vec are gone (`shift`ed); 0 when
    /// embedded.
    #[inline]
    fn head(&self) -> usize {
        (self.basic.flags >> HEAD_SHIFT) as usize
    }

    #[inline]
    fn set_head(&mut self, n: usize) {
        debug_assert!(self.is_heap() && n <= u32::MAX as usize);
        self.basic.flags =
            (self.basic.flags & !(u64::MAX << HEAD_SHIFT)) | ((n as u64) << HEAD_SHIFT);
    }

    /// The heap form's Vec holding exactly the elements: the dead prefix, if any, is dropped
    /// first (what every operation without a head-aware path works on).
    #[inline]
    fn heap_mut(&mut self) -> &mut Vec<Value> {
        let head = self.head();
        if head != 0 {
            self.raw_mut().drain(..head);
            self.set_head(0);
        }
        self.raw_mut()
    }

    #[inline]
    fn embed_len(&self) -> usize {
        ((self.basic.flags >> LEN_SHIFT) & LEN_MASK) as usize
    }

    #[inline]
    fn set_embed_len(&mut self, n: usize) {
        // `element` reads an embedded body's words by this length without the slot's size
        assert!(n <= self.words.len(), "embedded length past the slot");
        self.basic.flags =
            (self.basic.flags & !(LEN_MASK << LEN_SHIFT)) | ((n as u64) << LEN_SHIFT);
    }

    /// Makes the body the heap form holding `v`. The body must be embedded (nothing to drop).
    #[inline]
    fn install(&mut self, v: Vec<Value>) {
        debug_assert!(!self.is_heap());
        // SAFETY: the first words are 8-aligned, large enough for a Vec (asserts above) and
        // inside the slot; the body is embedded, so they hold only Values (no Vec to leak).
        unsafe { std::ptr::write(self.words.as_mut_ptr() as *mut Vec<Value>, v) };
        self.basic.flags =
            (self.basic.flags & !(LEN_MASK << LEN_SHIFT) & !(u64::MAX << HEAD_SHIFT)) | SV_HEAP;
    }

    /// Moves the heap form's Vec out, leaving the body embedded and empty.
    #[inline]
    fn uninstall(&mut self) -> Vec<Value> {
        debug_assert!(self.is_heap());
        self.heap_mut();
        // SAFETY: SV_HEAP says the first words hold a Vec (see `raw`); clearing the flag right
        // after the read means it is never read or dropped there again.
        let v = unsafe { std::ptr::read(self.words.as_ptr() as *const Vec<Value>) };
        self.basic.flags &= !(SV_HEAP | (LEN_MASK << LEN_SHIFT) | (u64::MAX << HEAD_SHIFT));
        v
    }

    /// Initialises a fresh slot's body (the allocator zeroed it: embedded, empty) with `init`,
    /// reserving room for `capa` elements.
    pub(in crate::object) fn init_from(&mut self, init: &[Value], capa: usize) {
        if init.len() <= self.words.len() && capa <= self.words.len() {
            self.words[..init.len()].copy_from_slice(init);
            self.set_embed_len(init.len());
        } else {
            let mut v = Vec::with_capacity(capa.max(init.len()));
            v.extend_from_slice(init);
            self.install(v);
        }
    }

    /// Drops a dead body's Vec, if it has one.
    pub(in crate::object) fn drop_heap(&mut self) {
        if self.is_heap() {
            drop(self.uninstall());
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        if self.is_heap() {
            self.raw().len() - self.head()
        } else {
            self.embed_len()
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Elements the body holds without moving: the slot's room when embedded.
    pub fn capacity(&self) -> usize {
        if self.is_heap() {
            self.raw().capacity() - self.head()
        } else {
            self.words.len()
        }
    }

    /// Bytes the body holds outside the slot (ObjectSpace.memsize_of).
    pub fn malloc_size(&self) -> usize {
        if self.is_heap() {
            self.raw().capacity() * std::mem::size_of::<Value>()
        } else {
            0
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[Value] {
        if self.is_heap() {
            &self.raw()[self.head()..]
        } else {
            &self.words[..self.embed_len()]
        }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Value] {
        if self.is_heap() {
            let head = self.head();
            &mut self.raw_mut()[head..]
        } else {
            let n = self.embed_len();
            &mut self.words[..n]
        }
    }

    /// Moves an embedded body into a Vec with room for `want` elements.
    #[cold]
    fn spill(&mut self, want: usize) -> &mut Vec<Value> {
        let n = self.embed_len();
        let mut v = Vec::with_capacity(want.max(2 * n).max(4));
        v.extend_from_slice(&self.words[..n]);
        self.install(v);
        self.heap_mut()
    }

    #[inline]
    pub fn push(&mut self, x: Value) {
        if !self.is_heap() {
            let n = self.embed_len();
            if n < self.words.len() {
                self.words[n] = x;
                self.set_embed_len(n + 1);
                return;
            }
            self.spill(n + 1);
        }
        // a full Vec drops a dead prefix of at least half its length rather than grow (so
        // that each element moved was paid for by a shift)
        let (v, head) = (self.raw(), self.head());
        if head != 0 && v.len() == v.capacity() && 2 * head >= v.len() {
            self.heap_mut();
        }
        self.raw_mut().push(x)
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Value> {
        if self.is_heap() {
            if self.raw().len() == self.head() {
                return None;
            }
            return self.raw_mut().pop();
        }
        let n = self.embed_len();
        if n == 0 {
            return None;
        }
        self.set_embed_len(n - 1);
        Some(self.words[n - 1])
    }

    pub fn truncate(&mut self, len: usize) {
        if self.is_heap() {
            let head = self.head();
            self.raw_mut().truncate(head + len)
        } else if len < self.embed_len() {
            self.set_embed_len(len)
        }
    }

    pub fn clear(&mut self) {
        self.truncate(0)
    }

    /// Inserts `x` at `at` (panics when `at > len`, as Vec's does).
    pub fn insert(&mut self, at: usize, x: Value) {
        let n = self.len();
        assert!(
            at <= n,
            "insertion index (is {at}) should be <= len (is {n})"
        );
        if !self.is_heap() && n < self.words.len() {
            self.words.copy_within(at..n, at + 1);
            self.words[at] = x;
            self.set_embed_len(n + 1);
            return;
        }
        if !self.is_heap() {
            self.spill(n + 1);
        }
        // an unshift refills the dead prefix when there is one
        let head = self.head();
        if at == 0 && head != 0 {
            self.raw_mut()[head - 1] = x;
            self.set_head(head - 1);
            return;
        }
        self.heap_mut().insert(at, x)
    }

    /// Removes and returns the first element. In the heap form this is O(1): the element
    /// stays behind in a dead prefix (`head`) that a later operation drops, as CRuby's
    /// `ary_shift` moves a shared array's start instead of its elements.
    pub fn shift(&mut self) -> Option<Value> {
        if !self.is_heap() {
            return if self.embed_len() == 0 {
                None
            } else {
                Some(self.remove(0))
            };
        }
        let x = *self.as_slice().first()?;
        self.advance_head(1);
        Some(x)
    }

    /// Removes the first `n` elements (`n <= len`) and returns them, in O(n) for the heap form.
    pub fn shift_n(&mut self, n: usize) -> Vec<Value> {
        let out = self.as_slice()[..n].to_vec();
        if self.is_heap() {
            self.advance_head(n);
        } else {
            let len = self.embed_len();
            self.words.copy_within(n..len, 0);
            self.set_embed_len(len - n);
        }
        out
    }

    /// Marks `n` more elements of the heap form gone from the front.
    fn advance_head(&mut self, n: usize) {
        let head = self.head() + n;
        if head == self.raw().len() {
            self.raw_mut().clear();
            self.set_head(0);
        } else if head >= u32::MAX as usize {
            self.raw_mut().drain(..head);
            self.set_head(0);
        } else {
            self.set_head(head);
        }
    }

    /// Removes and returns the element at `at` (panics when out of range, as Vec's does).
    pub fn remove(&mut self, at: usize) -> Value {
        if self.is_heap() {
            return self.heap_mut().remove(at);
        }
        let n = self.embed_len();
        assert!(at < n, "removal index (is {at}) should be < len (is {n})");
        let x = self.words[at];
        self.words.copy_within(at + 1..n, at);
        self.set_embed_len(n - 1);
        x
    }

    pub fn extend_from_slice(&mut self, xs: &[Value]) {
        if !self.is_heap() {
            let n = self.embed_len();
            if n + xs.len() <= self.words.len() {
                self.words[n..n + xs.len()].copy_from_slice(xs);
                self.set_embed_len(n + xs.len());
                return;
            }
            self.spill(n + xs.len());
        }
        self.heap_mut().extend_from_slice(xs)
    }

    /// Resizes to `len`, filling new places with `x`.
    pub fn resize(&mut self, len: usize, x: Value) {
        if !self.is_heap() {
            let n = self.embed_len();
            if len <= self.words.len() {
                if len > n {
                    self.words[n..len].fill(x);
                }
                self.set_embed_len(len);
                return;
            }
            self.spill(len);
        }
        self.heap_mut().resize(len, x)
    }

    /// Makes room for `extra` more elements (moving an embedded body out when it cannot hold
    /// them).
    pub fn reserve(&mut self, extra: usize) {
        let n = self.len();
        if !self.is_heap() {
            if n + extra <= self.words.len() {
                return;
            }
            self.spill(n + extra);
        }
        self.heap_mut().reserve(extra)
    }

    /// Fallible `reserve` (a huge request is a NoMemoryError for the caller, not an abort).
    pub fn try_reserve(&mut self, extra: usize) -> Result<(), std::collections::TryReserveError> {
        if !self.is_heap() {
            if self.embed_len() + extra <= self.words.len() {
                return Ok(());
            }
            let mut v = Vec::new();
            v.try_reserve(self.embed_len() + extra)?;
            v.extend_from_slice(self.as_slice());
            self.install(v);
            return Ok(());
        }
        self.heap_mut().try_reserve(extra)
    }

    /// Runs `f` on the elements as a `Vec` (the heap form's own, or a temporary one that is
    /// embedded again afterwards when it fits): the path of the Vec operations without an
    /// embedded fast path.
    pub fn with_vec<R>(&mut self, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
        if self.is_heap() {
            return f(self.heap_mut());
        }
        let mut v = self.as_slice().to_vec();
        let r = f(&mut v);
        self.set_embedded_or(v);
        r
    }

    /// Makes an embedded body hold `v` (copied in when it fits its slot, else installed).
    fn set_embedded_or(&mut self, v: Vec<Value>) {
        debug_assert!(!self.is_heap());
        if v.len() <= self.words.len() {
            self.words[..v.len()].copy_from_slice(&v);
            self.set_embed_len(v.len());
        } else {
            self.install(v);
        }
    }

    pub fn extend<I: IntoIterator<Item = Value>>(&mut self, it: I) {
        let it = it.into_iter();
        for x in it {
            self.push(x)
        }
    }

    pub fn retain(&mut self, f: impl FnMut(&Value) -> bool) {
        self.with_vec(|v| v.retain(f))
    }

    pub fn dedup(&mut self) {
        self.with_vec(|v| v.dedup())
    }

    /// Removes the elements in `range` and returns them (at once, unlike `Vec::drain`).
    pub fn drain<R: std::ops::RangeBounds<usize>>(
        &mut self,
        range: R,
    ) -> std::vec::IntoIter<Value> {
        let v: Vec<Value> = self.with_vec(|v| v.drain(range).collect());
        v.into_iter()
    }

    /// Removes the elements from `at` on and returns them.
    pub fn split_off(&mut self, at: usize) -> Vec<Value> {
        let n = self.len();
        assert!(
            at <= n,
            "`at` split index (is {at}) should be <= len (is {n})"
        );
        let tail = self.as_slice()[at..].to_vec();
        self.truncate(at);
        tail
    }

    /// Replaces the elements in `range` by `with`.
    pub fn splice(&mut self, range: std::ops::Range<usize>, with: &[Value]) {
        let n = self.len();
        if !self.is_heap() {
            let new_len = n - range.len() + with.len();
            if new_len <= self.words.len() {
                self.words
                    .copy_within(range.end..n, range.start + with.len());
                self.words[range.start..range.start + with.len()].copy_from_slice(with);
                self.set_embed_len(new_len);
                return;
            }
        }
        self.with_vec(|v| {
            v.splice(range, with.iter().copied());
        })
    }

    /// Takes the elements out as a Vec, leaving the body empty (and embedded).
    pub fn take(&mut self) -> Vec<Value> {
        if self.is_heap() {
            self.uninstall()
        } else {
            let v = self.as_slice().to_vec();
            self.set_embed_len(0);
            v
        }
    }

    /// Replaces all elements by `v` (embedded when they fit the slot, as CRuby's
    /// `rb_ary_replace`).
    pub fn set(&mut self, v: Vec<Value>) {
        if self.is_heap() {
            drop(self.uninstall());
        }
        self.set_embedded_or(v)
    }

    /// Replaces all elements by a copy of `xs`.
    pub fn set_from_slice(&mut self, xs: &[Value]) {
        if self.is_heap() {
            if xs.len() > self.words.len() {
                let v = self.heap_mut();
                v.clear();
                v.extend_from_slice(xs);
                return;
            }
            drop(self.uninstall());
        }
        if xs.len() <= self.words.len() {
            self.words[..xs.len()].copy_from_slice(xs);
            self.set_embed_len(xs.len());
        } else {
            self.install(xs.to_vec());
        }
    }
}

impl Deref for SlotVec {
    type Target = [Value];
    #[inline]
    fn deref(&self) -> &[Value] {
        self.as_slice()
    }
}

impl DerefMut for SlotVec {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Value] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a SlotVec {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for SlotVec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A `&mut T` (T: RArray or RObject, a `#[repr(C)]` wrapper of one SlotVec) covering the whole
/// slot of `v`.
///
/// Element `i` of the body of `v` when `v` is an object of type `TY` (T_ARRAY or T_OBJECT)
/// and `i` is below its length, else None: the hot read of `ary[i]` and of an instance
/// variable through its cached index. The flags are read once and no slice is made (making
/// the `&SlotVec` looks up the pool's size, and slicing an embedded body checks its length
/// against it).
#[inline(always)]
pub fn element<const TY: u64>(v: Value, i: usize) -> Option<Value> {
    const { assert!(TY == T_ARRAY || TY == T_OBJECT) };
    if type_of(v) != TY {
        return None;
    }
    let flags = super::heap::flags_of(v);
    if flags & SV_HEAP == 0 {
        let len = ((flags >> LEN_SHIFT) & LEN_MASK) as usize;
        if i >= len {
            return None;
        }
        // SAFETY: `v` is a live T_ARRAY/T_OBJECT (tag checked above), so its slot holds the
        // 16-byte header and then the embedded words; an embedded length never exceeds the
        // slot's words (`set_embed_len` asserts it, and it is the only writer of those bits),
        // so word `i` lies inside the slot, 8-aligned and initialised.
        return Some(unsafe { *(v.0 as *const Value).add(2 + i) });
    }
    // SAFETY: `v` is a live T_ARRAY/T_OBJECT (above) whose SV_HEAP flag is set, so the words
    // after its header hold the Vec `install` wrote there (see `SlotVec::raw`).
    let vec = unsafe { &*((v.0 as *const Value).add(2) as *const Vec<Value>) };
    // the elements are the Vec's after its dead prefix
    vec.get((flags >> HEAD_SHIFT) as usize + i).copied()
}

/// # Safety
/// `v` must be a live heap object of type T_ARRAY or T_OBJECT (the caller checked its tag).
#[inline]
pub(in crate::object) unsafe fn slot_body<T: ?Sized>(
    v: Value,
    make: fn(*mut [Value]) -> *mut T,
) -> &'static mut T {
    let words = INLINE_CAP[super::heap::pool_of(v)];
    let p = std::ptr::slice_from_raw_parts_mut(v.0 as *mut Value, words);
    // SAFETY: the slot is 16 + 8 * words bytes (its pool's size), 8-aligned, and holds an
    // initialised header and body (caller); `make` only changes the pointer's type.
    unsafe { &mut *make(p) }
}

impl Heap {
    /// Allocates an object of type `ty` (T_ARRAY or T_OBJECT) whose SlotVec holds `init` with
    /// room for `capa` elements: embedded in the smallest slot that holds `max(capa, init.len())`
    /// Values, else a Vec in a 40-byte slot.
    pub(in crate::object) fn alloc_slotvec(
        &mut self,
        ty: u64,
        klass: Value,
        init: &[Value],
        capa: usize,
    ) -> (Value, &'static mut SlotVec) {
        let pool = pool_for_capa(capa.max(init.len())).unwrap_or(0);
        let slot = self.alloc_raw(pool, ty, klass);
        let v = Value(slot.as_ptr() as u64);
        // SAFETY: the slot was just allocated in `pool` with type `ty`, its header written and
        // its body zeroed (an empty embedded SlotVec).
        let body = unsafe { slot_body(v, |p| p as *mut SlotVec) };
        body.init_from(init, capa);
        (v, body)
    }

    /// A new Array of class `klass` holding `init`, with room for `capa` elements (see
    /// `alloc_slotvec`).
    pub fn alloc_array(&mut self, klass: Value, init: &[Value], capa: usize) -> Value {
        self.alloc_slotvec(super::heap::T_ARRAY, klass, init, capa)
            .0
    }

    /// A new Array of class `klass` holding `v`'s elements: embedded (and `v` freed) when they
    /// fit a slot, else `v` itself in a 40-byte slot.
    pub fn alloc_array_vec(&mut self, klass: Value, v: Vec<Value>) -> Value {
        if v.len() <= EMBED_MAX {
            return self.alloc_array(klass, &v, 0);
        }
        let (a, body) = self.alloc_slotvec(super::heap::T_ARRAY, klass, &[], 0);
        body.install(v);
        a
    }

    /// A new plain Object of class `klass` with `slots` instance-variable slots, all empty
    /// (UNDEF), in its slot when they fit (at least the 40-byte slot's 3).
    pub fn alloc_object(&mut self, klass: Value, slots: usize) -> Value {
        const EMPTY: [Value; EMBED_MAX] = [Value::UNDEF; EMBED_MAX];
        let init = &EMPTY[..slots.min(EMBED_MAX)];
        let (v, body) = self.alloc_slotvec(super::heap::T_OBJECT, klass, init, slots);
        if slots > EMBED_MAX {
            body.resize(slots, Value::UNDEF);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::super::heap::{Heap, pool_of, rarray};
    use super::*;

    fn ints(r: std::ops::Range<i64>) -> Vec<Value> {
        r.map(Value::fixnum).collect()
    }

    #[test]
    fn pools_follow_the_requested_capacity() {
        let mut h = Heap::new();
        for (n, pool) in [(0, 0), (3, 0), (4, 1), (8, 1), (9, 2), (78, 4)] {
            let a = h.alloc_array(Value::NIL, &ints(0..n), 0);
            assert_eq!(pool_of(a), pool, "{n} elements");
            assert!(rarray(a).vec.is_embedded());
            assert_eq!(&rarray(a).vec[..], &ints(0..n)[..]);
        }
        let big = h.alloc_array(Value::NIL, &ints(0..79), 0);
        assert_eq!(pool_of(big), 0);
        assert!(!rarray(big).vec.is_embedded());
        let capa = h.alloc_array(Value::NIL, &[], 10);
        assert_eq!(pool_of(capa), 2);
        assert_eq!(rarray(capa).vec.capacity(), 18);
    }

    #[test]
    fn growing_moves_to_a_vec_and_set_embeds_again() {
        let mut h = Heap::new();
        let a = h.alloc_array(Value::NIL, &[], 0);
        let before = super::super::malloc::live_bytes();
        for i in 0..3 {
            rarray(a).vec.push(Value::fixnum(i));
        }
        assert!(rarray(a).vec.is_embedded());
        assert_eq!(
            super::super::malloc::live_bytes(),
            before,
            "no malloc while embedded"
        );
        rarray(a).vec.push(Value::fixnum(3));
        assert!(!rarray(a).vec.is_embedded());
        assert_eq!(&rarray(a).vec[..], &ints(0..4)[..]);
        assert_eq!(rarray(a).vec.pop(), Some(Value::fixnum(3)));
        rarray(a).vec.set(ints(5..7));
        assert!(rarray(a).vec.is_embedded());
        assert_eq!(&rarray(a).vec[..], &ints(5..7)[..]);
        assert_eq!(
            super::super::malloc::live_bytes(),
            before,
            "the Vec was freed"
        );
    }

    #[test]
    fn shift_leaves_a_dead_prefix_that_every_edit_respects() {
        let mut h = Heap::new();
        let a = h.alloc_array(Value::NIL, &ints(0..100), 0);
        let mut model: std::collections::VecDeque<Value> = ints(0..100).into();
        let vec = &mut rarray(a).vec;
        let mut seed = 7u64;
        for step in 0..20_000i64 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match (seed >> 33) % 9 {
                0..=2 => assert_eq!(vec.shift(), model.pop_front()),
                3 | 4 => {
                    vec.push(Value::fixnum(step));
                    model.push_back(Value::fixnum(step));
                }
                5 => assert_eq!(vec.pop(), model.pop_back()),
                6 => {
                    vec.insert(0, Value::fixnum(-step));
                    model.push_front(Value::fixnum(-step));
                }
                7 if model.len() > 3 => {
                    let at = model.len() / 2;
                    assert_eq!(vec.remove(at), model.remove(at).unwrap());
                    let got = vec.shift_n(2);
                    let want: Vec<Value> = model.drain(..2).collect();
                    assert_eq!(got, want);
                }
                _ => {
                    let n = model.len().saturating_sub(1);
                    vec.truncate(n);
                    model.truncate(n);
                }
            }
            assert_eq!(vec.len(), model.len());
            assert_eq!(vec.first(), model.front());
        }
        assert_eq!(&vec[..], &model.iter().copied().collect::<Vec<_>>()[..]);
        // a queue (push one, shift one) of 1,000 elements keeps a bounded Vec
        let q = h.alloc_array(Value::NIL, &ints(0..1000), 0);
        let vec = &mut rarray(q).vec;
        for i in 0..100_000 {
            vec.push(Value::fixnum(i));
            assert!(vec.shift().is_some());
        }
        assert_eq!(vec.len(), 1000);
        assert!(vec.malloc_size() <= 4 * 1000 * 8, "{}", vec.malloc_size());
        assert_eq!(vec.take(), ints(99_000..100_000));
    }

    #[test]
    fn embedded_edits_match_vec() {
        let mut h = Heap::new();
        let a = h.alloc_array(Value::NIL, &ints(0..5), 8);
        let mut model = ints(0..5);
        let vec = &mut rarray(a).vec;
        vec.insert(2, Value::NIL);
        model.insert(2, Value::NIL);
        assert_eq!(vec.remove(0), model.remove(0));
        vec.splice(1..3, &ints(10..12));
        model.splice(1..3, ints(10..12));
        vec.truncate(4);
        model.truncate(4);
        vec.extend_from_slice(&ints(20..24));
        model.extend_from_slice(&ints(20..24));
        assert!(vec.is_embedded());
        vec.resize(12, Value::TRUE);
        model.resize(12, Value::TRUE);
        assert!(!vec.is_embedded());
        vec.retain(|x| *x != Value::TRUE);
        model.retain(|x| *x != Value::TRUE);
        assert_eq!(&vec[..], &model[..]);
        assert_eq!(vec.take(), model);
        assert!(vec.is_empty() && vec.is_embedded());
    }

    #[test]
    fn the_collector_marks_and_frees_both_forms() {
        let mut h = Heap::new();
        let inner = h.alloc_array(Value::NIL, &[], 0);
        let small = h.alloc_array(Value::NIL, &[inner], 0);
        let other = h.alloc_array(Value::NIL, &[], 0);
        let big = h.alloc_array_vec(Value::NIL, vec![other; 100]);
        let before = super::super::malloc::live_bytes();
        h.collect(|m| {
            m.mark(small);
            m.mark(big);
        });
        assert_eq!(h.live_slots(), 4);
        h.collect(|m| m.mark(small));
        assert_eq!(h.live_slots(), 2);
        assert!(
            super::super::malloc::live_bytes() < before,
            "the big body was freed"
        );
    }
}
