//! String representation (object-model.md §2): embedded, heap and shared strings.
//!
//! ```text
//!   RString = RBasic (16) | len (8) | body
//!   embedded  (no NOEMBED flag)    body = the bytes, in the slot; len + 1 <= slot - 24
//!                                  pool: len <= 15 -> 40, <= 55 -> 80, <= 135 -> 160,
//!                                        <= 295 -> 320, <= 615 -> 640
//!   heap      (NOEMBED)            body = ptr, capa: an owned malloc buffer; slot 40
//!   shared    (NOEMBED | SHARED)   body = ptr, root: bytes inside a frozen root string; slot 40
//! ```
//!
//! Invariants: an embedded string never moves to another pool, so growing past its slot turns it
//! into a heap string; a shared string's root is frozen and never mutated; any mutation of a
//! shared string first copies its bytes out (copy-on-write) and detaches. Chilled literals are
//! mutable and never roots. Flags after the generic ones: NOEMBED, SHARED, CHILLED, FSTR, then
//! the encoding (2 bits) and the cached code range (2 bits).
//!
//! Transitions: embedded -> heap (grows past the slot); heap -> heap (realloc); shared -> heap or
//! embedded-in-place is impossible (slot fixed), so a CoW'd shared string becomes a heap string.

use super::heap::{
    FL_FROZEN, FL_USER_SHIFT, Heap, POOL_SIZES, RBasic, T_STRING, basic, pool_for, type_of,
};
use super::value::Value;

pub const STR_NOEMBED: u64 = 1 << FL_USER_SHIFT;
pub const STR_SHARED: u64 = 1 << (FL_USER_SHIFT + 1);
pub const STR_CHILLED: u64 = 1 << (FL_USER_SHIFT + 2);
pub const STR_FSTR: u64 = 1 << (FL_USER_SHIFT + 3);
const ENC_SHIFT: u64 = FL_USER_SHIFT + 4;
const ENC_MASK: u64 = 3 << ENC_SHIFT;
const CR_SHIFT: u64 = FL_USER_SHIFT + 6;
const CR_MASK: u64 = 3 << CR_SHIFT;

/// Header bytes before an embedded string's bytes.
pub const HEADER: usize = 24;
/// The longest embeddable string.
pub const EMBED_MAX: usize = POOL_SIZES[4] - HEADER - 1;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    Utf8 = 0,
    UsAscii = 1,
    Binary = 2,
}

/// Cached code range: what is known of the bytes' validity.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CodeRange {
    Unknown = 0,
    SevenBit = 1,
    Valid = 2,
    Broken = 3,
}

#[repr(C)]
struct RString {
    basic: RBasic,
    len: usize,
    ptr: *mut u8,
    aux: usize,
}

#[inline]
fn rs(v: Value) -> *mut RString {
    debug_assert!(type_of(v) == T_STRING);
    v.0 as *mut RString
}

/// The pool an embedded string of `len` bytes takes, if it embeds.
pub fn embed_pool(len: usize) -> Option<usize> {
    pool_for(HEADER + len + 1)
}

/// Allocates a new mutable string holding a copy of `bytes`: embedded in the smallest pool that
/// fits, else a heap string in a 40-byte slot.
pub fn new_string(heap: &mut Heap, klass: Value, bytes: &[u8]) -> Value {
    match embed_pool(bytes.len()) {
        Some(pool) => {
            let slot = heap.alloc_raw(pool, T_STRING, klass);
            // SAFETY: the slot holds HEADER + len + 1 bytes (pool_for); we write the length and
            // the bytes after the header.
            unsafe {
                let s = slot.as_ptr() as *mut RString;
                (*s).len = bytes.len();
                let dst = (s as *mut u8).add(HEADER);
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len());
            }
            Value(slot.as_ptr() as u64)
        }
        None => {
            let slot = heap.alloc_raw(0, T_STRING, klass);
            let mut buf = bytes.to_vec();
            buf.shrink_to_fit();
            heap.stats.malloc_bytes += buf.capacity() as u64;
            let mut buf = std::mem::ManuallyDrop::new(buf);
            // SAFETY: a 40-byte slot holds RString exactly; the buffer's ownership moves into
            // the slot (freed by `free_heap_buffer`).
            unsafe {
                let s = slot.as_ptr() as *mut RString;
                (*s).basic.flags |= STR_NOEMBED;
                (*s).len = buf.len();
                (*s).ptr = buf.as_mut_ptr();
                (*s).aux = buf.capacity();
            }
            Value(slot.as_ptr() as u64)
        }
    }
}

#[inline]
fn flags(v: Value) -> u64 {
    basic(v).flags
}

pub fn is_embedded(v: Value) -> bool {
    flags(v) & STR_NOEMBED == 0
}
pub fn is_shared(v: Value) -> bool {
    flags(v) & STR_SHARED != 0
}
pub fn is_chilled(v: Value) -> bool {
    flags(v) & STR_CHILLED != 0
}
pub fn set_chilled(v: Value, on: bool) {
    let b = basic(v);
    if on {
        b.flags |= STR_CHILLED
    } else {
        b.flags &= !STR_CHILLED
    }
}
pub fn set_fstr(v: Value) {
    basic(v).flags |= STR_FSTR | FL_FROZEN;
}

pub fn encoding(v: Value) -> Encoding {
    match (flags(v) & ENC_MASK) >> ENC_SHIFT {
        1 => Encoding::UsAscii,
        2 => Encoding::Binary,
        _ => Encoding::Utf8,
    }
}
pub fn set_encoding(v: Value, e: Encoding) {
    let b = basic(v);
    b.flags = (b.flags & !(ENC_MASK | CR_MASK)) | ((e as u64) << ENC_SHIFT);
}

/// The code range, computed and cached on first use.
pub fn code_range(v: Value) -> CodeRange {
    let b = basic(v);
    match (b.flags & CR_MASK) >> CR_SHIFT {
        1 => CodeRange::SevenBit,
        2 => CodeRange::Valid,
        3 => CodeRange::Broken,
        _ => {
            let bytes = bytes(v);
            let cr = if bytes.is_ascii() {
                CodeRange::SevenBit
            } else if encoding(v) == Encoding::Binary || std::str::from_utf8(bytes).is_ok() {
                CodeRange::Valid
            } else {
                CodeRange::Broken
            };
            b.flags = (b.flags & !CR_MASK) | ((cr as u64) << CR_SHIFT);
            cr
        }
    }
}

fn clear_code_range(v: Value) {
    basic(v).flags &= !CR_MASK;
}

#[inline]
pub fn len(v: Value) -> usize {
    // SAFETY: `v` is a live string (checked in debug builds).
    unsafe { (*rs(v)).len }
}

/// The string's bytes. Valid until the string is next mutated or collected.
#[inline]
pub fn bytes(v: Value) -> &'static [u8] {
    let s = rs(v);
    // SAFETY: embedded bytes follow the header inside the slot; heap and shared strings point at
    // `len` initialised bytes (their own buffer, or the root's, which is frozen and kept alive by
    // the marker through `shared_root`).
    unsafe {
        let p = if (*s).basic.flags & STR_NOEMBED == 0 {
            (s as *const u8).add(HEADER)
        } else {
            (*s).ptr as *const u8
        };
        std::slice::from_raw_parts(p, (*s).len)
    }
}

/// Bytes the string can hold without reallocating.
fn capacity(v: Value) -> usize {
    let s = rs(v);
    // SAFETY: reading the header of a live string.
    unsafe {
        let f = (*s).basic.flags;
        if f & STR_NOEMBED == 0 {
            POOL_SIZES[super::heap::pool_of(v)] - HEADER - 1
        } else if f & STR_SHARED != 0 {
            0
        } else {
            (*s).aux
        }
    }
}

/// Replaces the string's contents with the result of `f` applied to a buffer holding the old
/// bytes. Embedded strings stay embedded while the result fits their slot; otherwise the string
/// becomes (or stays) a heap string. A shared string is detached (copy-on-write).
pub fn modify(heap: &mut Heap, v: Value, f: impl FnOnce(&mut Vec<u8>)) {
    let mut buf = bytes(v).to_vec();
    f(&mut buf);
    set_bytes(heap, v, buf);
}

/// Appends `more` to the string in place when it has room.
pub fn append(heap: &mut Heap, v: Value, more: &[u8]) {
    let n = len(v);
    if !is_shared(v) && n + more.len() <= capacity(v) {
        let s = rs(v);
        // SAFETY: capacity() says the destination has room for n + more.len() bytes; `more`
        // cannot alias the spare capacity being written.
        unsafe {
            let base = if (*s).basic.flags & STR_NOEMBED == 0 {
                (s as *mut u8).add(HEADER)
            } else {
                (*s).ptr
            };
            std::ptr::copy(more.as_ptr(), base.add(n), more.len());
            (*s).len = n + more.len();
        }
        clear_code_range(v);
        return;
    }
    let mut buf = Vec::with_capacity((n + more.len()).max(n * 2));
    buf.extend_from_slice(bytes(v));
    buf.extend_from_slice(more);
    set_bytes(heap, v, buf);
}

/// Replaces the contents with `buf`.
pub fn set_bytes(heap: &mut Heap, v: Value, buf: Vec<u8>) {
    clear_code_range(v);
    let s = rs(v);
    if is_embedded(v) && buf.len() <= capacity(v) {
        // SAFETY: the slot has room for buf.len() bytes after the header.
        unsafe {
            std::ptr::copy_nonoverlapping(buf.as_ptr(), (s as *mut u8).add(HEADER), buf.len());
            (*s).len = buf.len();
        }
        return;
    }
    let old = free_heap_buffer(v.0 as *mut RBasic);
    heap.stats.malloc_bytes =
        heap.stats.malloc_bytes.saturating_sub(old as u64) + buf.capacity() as u64;
    let mut buf = std::mem::ManuallyDrop::new(buf);
    // SAFETY: every pool's slot is at least 40 bytes, enough for the heap body; the old buffer
    // (if any) was released above and ownership of `buf` moves into the slot.
    unsafe {
        (*s).basic.flags = ((*s).basic.flags | STR_NOEMBED) & !STR_SHARED;
        (*s).len = buf.len();
        (*s).ptr = buf.as_mut_ptr();
        (*s).aux = buf.capacity();
    }
}

/// Frees a heap string's owned buffer (called by the sweeper and before replacing it); returns
/// the bytes released. Embedded and shared strings own no buffer.
pub(crate) fn free_heap_buffer(slot: *mut RBasic) -> usize {
    let s = slot as *mut RString;
    // SAFETY: `slot` is a live string; a NOEMBED non-SHARED string owns (ptr, len, aux) as a Vec.
    unsafe {
        let f = (*s).basic.flags;
        if f & STR_NOEMBED != 0 && f & STR_SHARED == 0 && !(*s).ptr.is_null() {
            let cap = (*s).aux;
            drop(Vec::from_raw_parts((*s).ptr, 0, cap));
            (*s).ptr = std::ptr::null_mut();
            (*s).aux = 0;
            return cap;
        }
        0
    }
}

/// The root a shared string points into (nil for other strings), for the marker.
pub(crate) fn shared_root(slot: *mut RBasic) -> Value {
    let s = slot as *mut RString;
    // SAFETY: reading the header and aux word of a live string.
    unsafe {
        if (*s).basic.flags & STR_SHARED != 0 {
            Value((*s).aux as u64)
        } else {
            Value::NIL
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::heap::pool_of;

    #[test]
    fn embedded_pools_follow_the_design() {
        assert_eq!(embed_pool(15), Some(0));
        assert_eq!(embed_pool(16), Some(1));
        assert_eq!(embed_pool(55), Some(1));
        assert_eq!(embed_pool(135), Some(2));
        assert_eq!(embed_pool(295), Some(3));
        assert_eq!(embed_pool(615), Some(4));
        assert_eq!(embed_pool(616), None);
        assert_eq!(EMBED_MAX, 615);
    }

    #[test]
    fn new_strings_embed_or_go_to_the_heap() {
        let mut h = Heap::new();
        let a = new_string(&mut h, Value::NIL, b"0123456789");
        assert!(is_embedded(a) && pool_of(a) == 0 && bytes(a) == b"0123456789");
        let b = new_string(&mut h, Value::NIL, &[b'x'; 100]);
        assert!(is_embedded(b) && pool_of(b) == 2);
        let c = new_string(&mut h, Value::NIL, &[b'y'; 1000]);
        assert!(!is_embedded(c) && pool_of(c) == 0 && bytes(c).len() == 1000);
        assert_eq!(h.stats.total_allocated, 3);
    }

    #[test]
    fn appending_grows_in_place_then_moves_to_the_heap() {
        let mut h = Heap::new();
        let s = new_string(&mut h, Value::NIL, b"abc");
        append(&mut h, s, b"def");
        assert!(is_embedded(s) && bytes(s) == b"abcdef");
        append(&mut h, s, &[b'z'; 40]);
        assert!(!is_embedded(s) && bytes(s).len() == 46 && &bytes(s)[..6] == b"abcdef");
        append(&mut h, s, b"!");
        assert_eq!(bytes(s).len(), 47);
        h.collect(|_| {});
        assert_eq!(h.stats.malloc_bytes, 0);
    }
}
