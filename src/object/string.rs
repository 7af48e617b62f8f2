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
//! Transitions:
//! - embedded -> heap: grows past its slot (the slot stays; the bytes move to a buffer).
//! - heap -> heap: realloc on growth.
//! - mutable embedded -> (unchanged) + a new frozen embedded root: the first share of a tail of
//!   it (`substr`, rule 3) copies the whole source into a root; the next share copies again.
//! - mutable heap -> shared: the first share of a tail of it moves its buffer into a new 40-byte
//!   frozen root (take-over, no copy) and makes the source a shared string of that root.
//! - shared -> embedded or heap (copy-on-write): any mutation copies the bytes out first; the
//!   result re-embeds in the 40-byte slot when it fits (<= 15 bytes), else it is a heap string.
//!   The root is left to the GC.
//! - any -> frozen: `freeze`; a frozen (not chilled) string is its own root.
//!
//! Substrings: `substr` is the one function that makes them, by the subseq rule of
//! object-model.md §3 (see its comment).
//!
//! Borrows: `bytes(&heap, v)` lends the bytes for as long as the heap is borrowed, and every
//! function here that writes a string's bytes, length or representation takes `&mut Heap` (as
//! do collection and allocation), so safe code cannot hold the bytes across a mutation, a
//! collection or a call into Ruby (`&mut Vm`). Functions that read one string while writing or
//! allocating another take both as Values and copy inside (`append_str`, `append_part`,
//! `new_copy`, `new_concat`, `substr`, `intern_copy`); their `unsafe` blocks rely on
//! allocation never collecting and never touching an existing slot or buffer.

use super::heap::{
    FL_FROZEN, FL_USER_SHIFT, Heap, POOL_SIZES, RBasic, T_STRING, basic, pool_for, type_of,
};
use super::value::Value;

pub const STR_NOEMBED: u64 = 1 << FL_USER_SHIFT;
pub const STR_SHARED: u64 = 1 << (FL_USER_SHIFT + 1);
pub const STR_CHILLED: u64 = 1 << (FL_USER_SHIFT + 2);
pub const STR_FSTR: u64 = 1 << (FL_USER_SHIFT + 3);
const ENC_SHIFT: u64 = FL_USER_SHIFT + 4;
/// Seven bits of encoding index (`encoding::COUNT` is 103).
const ENC_MASK: u64 = 0x7f << ENC_SHIFT;
const CR_SHIFT: u64 = FL_USER_SHIFT + 11;
const CR_MASK: u64 = 3 << CR_SHIFT;

/// Counters of the string mechanisms (object-model.md §2-3), kept by the heap.
#[derive(Clone, Debug, Default)]
pub struct StrStats {
    /// Strings allocated, per pool (a heap or shared string counts in pool 0).
    pub allocated_per_pool: [u64; 5],
    /// Strings allocated by representation.
    pub embedded: u64,
    pub heap: u64,
    pub shared: u64,
    /// Substrings made by `substr`, copied and shared.
    pub substr_copied: u64,
    pub substr_shared: u64,
    /// Frozen roots made for sharing: by copying an embeddable source, by taking over a heap
    /// source's buffer.
    pub roots_by_copy: u64,
    pub roots_by_takeover: u64,
    /// Copy-on-write: shared strings detached by a mutation, and the bytes copied out.
    pub cow_copies: u64,
    pub cow_bytes: u64,
    /// This heap's use of the process-wide fstring table: lookups (interning included), hits,
    /// strings inserted, and strings removed when they died.
    pub fstring_lookups: u64,
    pub fstring_hits: u64,
    pub fstring_inserts: u64,
    pub fstring_deletes: u64,
}

impl StrStats {
    /// Counts one interning through the fstring table.
    pub fn note_fstring(&mut self, inserted: bool) {
        self.fstring_lookups += 1;
        if inserted {
            self.fstring_inserts += 1;
        } else {
            self.fstring_hits += 1;
        }
    }
}

/// The longest substring copy below which a tail of a source with no root is copied rather
/// than shared (object-model.md §3). RUBRA_SUBSEQ_EMBED_MAX, read once per process; 128 when
/// unset or not a number.
pub fn subseq_embed_max_setting() -> usize {
    static SETTING: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *SETTING.get_or_init(|| {
        std::env::var("RUBRA_SUBSEQ_EMBED_MAX")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(128)
    })
}

/// The longest string a 40-byte slot embeds.
pub const SMALLEST_EMBED: usize = POOL_SIZES[0] - HEADER - 1;

/// Header bytes before an embedded string's bytes.
pub const HEADER: usize = 24;
/// The longest embeddable string.
pub const EMBED_MAX: usize = POOL_SIZES[4] - HEADER - 1;

pub use super::encoding::Encoding;

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

/// The string body of `v`, checked (in release builds too) to be a String: every accessor
/// below goes through here or through `flags`, so none reads a non-String as one.
#[inline]
#[track_caller]
fn rs(v: Value) -> *mut RString {
    if type_of(v) != T_STRING {
        super::heap::wrong_type(v, "RString")
    }
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
            let (v, dst) = alloc_embedded(heap, klass, pool, bytes.len());
            // SAFETY: `dst` has room for bytes.len() bytes (alloc_embedded), in a fresh slot
            // that `bytes` (not borrowed from the heap, or still valid: see the callers'
            // SAFETY comments) does not overlap.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, bytes.len()) };
            v
        }
        None => {
            let slot = heap.alloc_raw(0, T_STRING, klass);
            heap.strings.allocated_per_pool[0] += 1;
            heap.strings.heap += 1;
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

/// A new embedded String of class `klass` holding the bytes of String `src` `n` times (a
/// small `str * n`), or None when the result does not fit a slot.
pub fn new_repeated_embedded(heap: &mut Heap, klass: Value, src: Value, n: usize) -> Option<Value> {
    let piece = len(src);
    let total = piece.checked_mul(n)?;
    let pool = embed_pool(total)?;
    let (v, dst) = alloc_embedded(heap, klass, pool, total);
    // SAFETY: `src` is a live String (checked by `len`) that the allocation above did not move
    // or free (allocation never collects); `dst` has room for `total` = n * piece bytes in a
    // fresh slot, which `src`'s bytes do not overlap.
    unsafe {
        let from = raw_bytes(src).as_ptr();
        // (an empty piece is repeated at once, however large `n` is)
        for i in 0..if piece == 0 { 0 } else { n } {
            std::ptr::copy_nonoverlapping(from, dst.add(i * piece), piece);
        }
    }
    Some(v)
}

/// Allocates an embedded String of `len` bytes in `pool` (which must fit them) and returns it
/// with the address its bytes go to (zeroed; the caller writes them).
#[inline]
fn alloc_embedded(heap: &mut Heap, klass: Value, pool: usize, len: usize) -> (Value, *mut u8) {
    debug_assert!(embed_pool(len).is_some_and(|p| p <= pool));
    let slot = heap.alloc_raw(pool, T_STRING, klass);
    heap.strings.allocated_per_pool[pool] += 1;
    heap.strings.embedded += 1;
    // SAFETY: the slot holds HEADER + len + 1 bytes (pool_for); we write the length and return
    // the address after the header.
    unsafe {
        let s = slot.as_ptr() as *mut RString;
        (*s).len = len;
        (Value(slot.as_ptr() as u64), (s as *mut u8).add(HEADER))
    }
}

/// The header of a String, checked by `rs` (flags are read and written only through here).
#[inline]
#[track_caller]
fn header(v: Value) -> &'static mut RBasic {
    // SAFETY: `rs` checked that `v` is a live String; see heap::basic for the aliasing rule.
    unsafe { &mut (*rs(v)).basic }
}

#[inline]
#[track_caller]
fn flags(v: Value) -> u64 {
    header(v).flags
}

#[track_caller]
pub fn is_embedded(v: Value) -> bool {
    flags(v) & STR_NOEMBED == 0
}
#[track_caller]
pub fn is_shared(v: Value) -> bool {
    flags(v) & STR_SHARED != 0
}
#[track_caller]
pub fn is_chilled(v: Value) -> bool {
    flags(v) & STR_CHILLED != 0
}
#[track_caller]
pub fn set_chilled(v: Value, on: bool) {
    let b = header(v);
    if on {
        b.flags |= STR_CHILLED
    } else {
        b.flags &= !STR_CHILLED
    }
}
/// The header bits that make a new String (UTF-8, code range unknown) a string literal's
/// (`Insn::PushStr`): chilled, its encoding, and the ASCII code range when it is ASCII-only.
/// Only `literal_flags` makes one, so `set_literal_flags` can set no other bit.
#[derive(Clone, Copy, Debug)]
pub struct LiteralFlags(u64);

/// The `LiteralFlags` of a literal in encoding `enc`, ASCII-only when `ascii`.
pub fn literal_flags(enc: Encoding, ascii: bool) -> LiteralFlags {
    let cr = if ascii {
        (CodeRange::SevenBit as u64) << CR_SHIFT
    } else {
        0
    };
    LiteralFlags(STR_CHILLED | ((enc.index() as u64) << ENC_SHIFT) | cr)
}

/// Gives the new String `v` the literal's header bits `f` (one write).
#[inline]
#[track_caller]
pub fn set_literal_flags(v: Value, f: LiteralFlags) {
    let b = header(v);
    debug_assert_eq!(b.flags & (ENC_MASK | CR_MASK), 0, "a new UTF-8 String");
    b.flags |= f.0;
}

#[track_caller]
pub fn set_fstr(v: Value) {
    header(v).flags |= STR_FSTR | FL_FROZEN;
}

#[inline]
#[track_caller]
pub fn encoding(v: Value) -> Encoding {
    encoding_of_flags(flags(v))
}

/// Whether String `v` is in encoding `e` (one masked compare: no decoding).
#[inline]
#[track_caller]
pub fn is_encoding(v: Value, e: Encoding) -> bool {
    flags(v) & ENC_MASK == (e.index() as u64) << ENC_SHIFT
}

/// The encoding a String's header flags record.
#[inline]
fn encoding_of_flags(f: u64) -> Encoding {
    Encoding::from_index((f & ENC_MASK) >> ENC_SHIFT)
}

#[track_caller]
pub fn set_encoding(v: Value, e: Encoding) {
    let b = header(v);
    b.flags = (b.flags & !(ENC_MASK | CR_MASK)) | ((e.index() as u64) << ENC_SHIFT);
}

/// The fstring table owner key of an interned string of heap `owner` in encoding `enc`: each
/// heap and encoding has its own entries (symbols use owner 0).
pub fn fstring_key(owner: u64, enc: Encoding) -> u64 {
    (owner << 7) | enc.index() as u64
}

/// Gives `dst` the encoding of `src` (the code range is recomputed when needed).
pub fn copy_encoding(dst: Value, src: Value) {
    let e = encoding(src);
    if e != Encoding::Utf8 {
        set_encoding(dst, e);
    }
}

/// What encoding negotiation reads of a String (its encoding, length and whether it is
/// ASCII-only), read through one type check.
#[derive(Clone, Copy)]
pub struct EncFacts {
    pub enc: Encoding,
    pub len: usize,
    v: Value,
    cr: u64,
}

impl EncFacts {
    #[inline]
    #[track_caller]
    pub fn of(v: Value) -> EncFacts {
        let s = rs(v);
        // SAFETY: `rs` checked that `v` is a live String.
        let (f, len) = unsafe { ((*s).basic.flags, (*s).len) };
        let enc = encoding_of_flags(f);
        EncFacts {
            enc,
            len,
            v,
            cr: (f & CR_MASK) >> CR_SHIFT,
        }
    }

    /// Whether the string is ASCII-only (scanned and cached when not yet known).
    #[inline]
    pub fn seven_bit(&self) -> bool {
        match self.cr {
            0 => scan_code_range(self.v) == CodeRange::SevenBit,
            cr => cr == CodeRange::SevenBit as u64,
        }
    }
}

/// The code range, computed and cached on first use.
#[inline]
#[track_caller]
pub fn code_range(v: Value) -> CodeRange {
    match (flags(v) & CR_MASK) >> CR_SHIFT {
        1 => CodeRange::SevenBit,
        2 => CodeRange::Valid,
        3 => CodeRange::Broken,
        _ => scan_code_range(v),
    }
}

/// `code_range`'s first use: scans the bytes and caches the answer in the header.
#[cold]
#[inline(never)]
#[track_caller]
fn scan_code_range(v: Value) -> CodeRange {
    // SAFETY: the slice lives only inside this function, which writes nothing but the code
    // range bits of the header.
    let bytes = unsafe { raw_bytes(v) };
    let enc = encoding(v);
    let cr = if enc.ascii_compatible() && bytes.is_ascii() {
        CodeRange::SevenBit
    } else if enc.valid(bytes) {
        CodeRange::Valid
    } else {
        CodeRange::Broken
    };
    let b = header(v);
    b.flags = (b.flags & !CR_MASK) | ((cr as u64) << CR_SHIFT);
    cr
}

/// Records the code range of a string whose bytes are known to be ASCII when it is made (the
/// digits of `Integer#to_s`), so that no later check scans them.
pub fn set_seven_bit(v: Value) {
    let b = header(v);
    b.flags = (b.flags & !CR_MASK) | ((CodeRange::SevenBit as u64) << CR_SHIFT);
}

fn clear_code_range(v: Value) {
    header(v).flags &= !CR_MASK;
}

#[inline]
#[track_caller]
pub fn len(v: Value) -> usize {
    // SAFETY: `rs` checked that `v` is a live String.
    unsafe { (*rs(v)).len }
}

/// The string's bytes, borrowed for as long as `heap` is borrowed (the elided lifetime ties
/// the slice to the `&Heap`).
///
/// Soundness (the borrow checker, not the caller, keeps this slice valid): the bytes live in
/// the string's slot (embedded), in a buffer the slot owns (heap), or inside a frozen root that
/// the slot keeps alive (shared). They move, change or are freed only by
/// - a mutation of the string: every function that writes a string's bytes, length or
///   representation (`append`, `append_str`, `replace`, `modify`, `set_bytes`, `with_vec`, the
///   take-over in `substr`) takes `&mut Heap`;
/// - a collection (`Heap::collect`, `&mut Heap`) or dropping the heap (by value), the only
///   places slots and buffers are freed.
///
/// Writers that take no heap touch only the header word (`set_chilled`, `set_fstr`,
/// `set_encoding`, the cached code range, `FL_FROZEN`), never the bytes or the representation
/// bits. A `&'h Heap` therefore excludes every event that could invalidate the slice, and also
/// any `&mut Vm` use (the heap is a field of the VM), so a native cannot hold string bytes
/// across Ruby code. `v` must belong to `heap` (each Vm reaches only Values of its own heap;
/// debug builds assert it, `Heap::owns`): a Value of another heap would be protected only by a
/// borrow of the wrong heap.
#[inline]
#[track_caller]
pub fn bytes(heap: &Heap, v: Value) -> &[u8] {
    debug_assert!(heap.owns(v), "string::bytes: a Value of another heap");
    let _ = heap;
    // SAFETY: `rs` (inside raw_bytes) checks that `v` is a live String; the slice's lifetime is
    // that of the shared heap borrow, which excludes every mutation and collection (above).
    unsafe { raw_bytes(v) }
}

/// The bytes of a String, with a lifetime the caller chooses.
///
/// # Safety
/// The caller must not let the slice live across anything that mutates or frees the string:
/// a mutation of it, a collection, or dropping the heap (see `bytes`).
#[inline]
#[track_caller]
pub(super) unsafe fn raw_bytes<'a>(v: Value) -> &'a [u8] {
    // SAFETY: `rs` checked that `v` is a live String; the caller bounds the lifetime.
    unsafe { body(rs(v)) }
}

/// The bytes of the string at `s`, unchecked: for functions that checked the type once
/// (`rs`) and read the body again.
///
/// # Safety
/// `s` must come from `rs` (a live String), and the caller bounds the lifetime as for
/// `raw_bytes`.
#[inline]
unsafe fn body<'a>(s: *mut RString) -> &'a [u8] {
    // SAFETY: embedded bytes follow the header inside the slot; heap and shared strings point at
    // `len` initialised bytes (their own buffer, or the root's, which is frozen and kept alive by
    // the marker through `shared_root`); the caller bounds the lifetime.
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
#[track_caller]
pub fn modify(heap: &mut Heap, v: Value, f: impl FnOnce(&mut Vec<u8>)) {
    note_cow(heap, v);
    let mut buf = bytes(heap, v).to_vec();
    f(&mut buf);
    set_bytes(heap, v, buf);
}

/// Appends `more` to the string in place when it has room. (`more` cannot be the bytes of a
/// string of this heap: those are borrowed from `&Heap`. `append_str` appends a String.)
#[track_caller]
pub fn append(heap: &mut Heap, v: Value, more: &[u8]) {
    let n = len(v);
    if !is_shared(v) && n + more.len() <= capacity(v) {
        let s = rs(v);
        // SAFETY: capacity() says the destination has room for n + more.len() bytes; `more`
        // does not alias the string's storage (it is not borrowed from the heap, which is
        // borrowed mutably here).
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
    note_cow(heap, v);
    let mut buf = Vec::with_capacity((n + more.len()).max(n * 2));
    buf.extend_from_slice(bytes(heap, v));
    buf.extend_from_slice(more);
    set_bytes(heap, v, buf);
}

/// Appends the bytes `beg..beg + len` of the String `src` to `dst`: `dst << src` without a
/// copy of `src` first. Correct when `src` is `dst` itself or shares its bytes: in place, the
/// source bytes lie before the spare capacity being written (an unshared string's own storage is
/// never the inside of another string, since only frozen roots are shared); otherwise the new
/// buffer is filled before the old one is released.
#[track_caller]
pub fn append_part(heap: &mut Heap, dst: Value, src: Value, beg: usize, len: usize) {
    let (d, sp) = (rs(dst), rs(src));
    // SAFETY: `rs` checked that both are live Strings; only their headers are read here.
    let (df, sf, n, total) = unsafe { ((*d).basic.flags, (*sp).basic.flags, (*d).len, (*sp).len) };
    assert!(
        beg <= total && len <= total - beg,
        "append_part out of range"
    );
    // ASCII appended to ASCII stays ASCII (known without a scan); anything else is scanned
    // again when it is next asked for
    let seven = (CodeRange::SevenBit as u64) << CR_SHIFT;
    let keep = df & CR_MASK == seven && sf & CR_MASK == seven;
    if df & STR_SHARED == 0 && n + len <= capacity(dst) {
        // SAFETY: `src` is a live String (checked by `rs`); `dst`'s own storage has room for
        // n + len bytes (capacity). The source range is either inside `dst`'s first n bytes
        // (src == dst: it ends at or before offset n, where the writing starts) or in other
        // storage, so `copy` (which allows overlap anyway) reads bytes that are not yet
        // overwritten. Nothing is allocated or freed in between.
        unsafe {
            let from = body(sp).as_ptr().add(beg);
            let base = if df & STR_NOEMBED == 0 {
                (d as *mut u8).add(HEADER)
            } else {
                (*d).ptr
            };
            std::ptr::copy(from, base.add(n), len);
            (*d).len = n + len;
            if !keep {
                (*d).basic.flags &= !CR_MASK;
            }
        }
        return;
    }
    note_cow(heap, dst);
    let mut buf = Vec::with_capacity((n + len).max(n * 2));
    buf.extend_from_slice(bytes(heap, dst));
    buf.extend_from_slice(&bytes(heap, src)[beg..beg + len]);
    set_bytes(heap, dst, buf);
    if keep {
        set_seven_bit(dst);
    }
}

/// Appends the whole String `src` to `dst` (`dst << src`, also when `src` is `dst`).
#[track_caller]
pub fn append_str(heap: &mut Heap, dst: Value, src: Value) {
    append_part(heap, dst, src, 0, len(src));
}

/// A new mutable String of class `klass` holding a copy of the bytes `beg..beg + len` of `src`
/// (always a copy, never shared: `substr` is the constructor that follows the subseq rule).
#[track_caller]
pub fn new_copy(heap: &mut Heap, klass: Value, src: Value, beg: usize, len: usize) -> Value {
    let total = self::len(src);
    assert!(beg <= total && len <= total - beg, "new_copy out of range");
    // SAFETY: `new_string` only takes a fresh slot from a free list (allocation never
    // collects) and writes into it, so the bytes of `src` are neither moved nor freed while it
    // copies them.
    let piece = unsafe { &raw_bytes(src)[beg..beg + len] };
    new_string(heap, klass, piece)
}

/// A new mutable String of class `klass` holding the bytes of `a` followed by those of `b`
/// (`a + b`, one copy straight into the new string).
#[track_caller]
pub fn new_concat(heap: &mut Heap, klass: Value, a: Value, b: Value) -> Value {
    // SAFETY: the slices live only until the copies below, and the one thing between is the
    // allocation of a fresh slot, which neither collects nor writes to `a` or `b`.
    let (ba, bb) = unsafe { (raw_bytes(a), raw_bytes(b)) };
    let n = ba.len() + bb.len();
    match embed_pool(n) {
        Some(pool) => {
            let (v, dst) = alloc_embedded(heap, klass, pool, n);
            // SAFETY: `dst` has room for n bytes in the fresh slot, which overlaps neither
            // source.
            unsafe {
                std::ptr::copy_nonoverlapping(ba.as_ptr(), dst, ba.len());
                std::ptr::copy_nonoverlapping(bb.as_ptr(), dst.add(ba.len()), bb.len());
            }
            v
        }
        None => {
            let mut buf = Vec::with_capacity(n);
            buf.extend_from_slice(ba);
            buf.extend_from_slice(bb);
            new_from_vec(heap, klass, buf)
        }
    }
}

/// A new mutable String of class `klass` that takes `buf` as its contents: embedded (a copy)
/// when it fits a slot, else a heap string owning `buf` itself (no copy).
pub fn new_from_vec(heap: &mut Heap, klass: Value, buf: Vec<u8>) -> Value {
    if embed_pool(buf.len()).is_some() {
        return new_string(heap, klass, &buf);
    }
    let slot = heap.alloc_raw(0, T_STRING, klass);
    heap.strings.allocated_per_pool[0] += 1;
    heap.strings.heap += 1;
    let v = Value(slot.as_ptr() as u64);
    // SAFETY: a 40-byte slot holds RString exactly; mark it NOEMBED with no buffer yet, so
    // set_bytes below (which frees no buffer, ptr being null) moves `buf` into it.
    unsafe {
        let s = slot.as_ptr() as *mut RString;
        (*s).basic.flags |= STR_NOEMBED;
    }
    set_bytes(heap, v, buf);
    v
}

/// The interned (fstring table) String equal to the bytes of `src` in encoding `enc`, made
/// by copying `src` when the table has none; returns it and whether it was inserted.
pub fn intern_copy(heap: &mut Heap, klass: Value, src: Value, enc: Encoding) -> (Value, bool) {
    let key = fstring_key(heap.owner, enc);
    // SAFETY: while the table looks the bytes up (and copies them into an entry), the only
    // thing that runs is the insert closure, which allocates one fresh slot (no collection,
    // no write to `src`), so the bytes of `src` stay valid and unchanged.
    let b = unsafe { raw_bytes(src) };
    super::fstring::table().intern_value(key, b, || {
        let v = new_string(heap, klass, b);
        set_encoding(v, enc);
        set_fstr(v);
        v
    })
}

/// Replaces the contents with a copy of `new`, in place when the string's own buffer (or slot)
/// has room, so a reused buffer string (`io.read(n, buf)`) costs no allocation per call.
#[track_caller]
pub fn replace(heap: &mut Heap, v: Value, new: &[u8]) {
    if !is_shared(v) && new.len() <= capacity(v) {
        let s = rs(v);
        // SAFETY: capacity() says the string's own storage (slot or unshared heap buffer) has
        // room for new.len() bytes; `new` does not alias it (it is not borrowed from the heap,
        // which is borrowed mutably here).
        unsafe {
            let base = if (*s).basic.flags & STR_NOEMBED == 0 {
                (s as *mut u8).add(HEADER)
            } else {
                (*s).ptr
            };
            std::ptr::copy(new.as_ptr(), base, new.len());
            (*s).len = new.len();
        }
        clear_code_range(v);
        return;
    }
    note_cow(heap, v);
    set_bytes(heap, v, new.to_vec());
}

/// Runs `f` on the string's bytes in place, their length kept (`setbyte`): no copy unless the
/// string shares its bytes, which are detached first (copy-on-write). The code range is
/// forgotten. The string must not be frozen (callers raise FrozenError first): a frozen string
/// may be the root other strings' bytes point into.
#[track_caller]
pub fn modify_in_place<R>(heap: &mut Heap, v: Value, f: impl FnOnce(&mut [u8]) -> R) -> R {
    assert!(!is_frozen(v), "modify_in_place of a frozen string");
    if is_shared(v) {
        return with_vec(heap, v, |b| f(b));
    }
    let s = rs(v);
    clear_code_range(v);
    // SAFETY: `rs` checked that `v` is a live String; it is neither shared nor frozen, so it
    // owns its bytes (in its slot, or its own buffer of `len` bytes) and no other string's
    // bytes are these (only frozen roots are shared). The `&mut Heap` borrow keeps every other
    // path to them (`bytes`) out while `f` holds the slice.
    unsafe {
        let p = if (*s).basic.flags & STR_NOEMBED == 0 {
            (s as *mut u8).add(HEADER)
        } else {
            (*s).ptr
        };
        f(std::slice::from_raw_parts_mut(p, (*s).len))
    }
}

/// Lends the string's bytes to `f` as a Vec, then makes whatever `f` leaves in it the string's
/// contents. An unshared heap string lends its own buffer (no copy, its capacity kept), so a
/// buffer string reused for reads (`io.read(n, buf)`) is filled in place; others lend a copy.
pub fn with_vec<R>(heap: &mut Heap, v: Value, f: impl FnOnce(&mut Vec<u8>) -> R) -> R {
    let s = rs(v);
    let mut buf = if flags(v) & (STR_NOEMBED | STR_SHARED) == STR_NOEMBED {
        // SAFETY: a NOEMBED non-SHARED string owns (ptr, len, aux) as a Vec; ownership moves to
        // `buf` and the slot becomes an empty embedded string, so nothing is freed twice.
        unsafe {
            let b = Vec::from_raw_parts((*s).ptr, (*s).len, (*s).aux);
            (*s).basic.flags &= !STR_NOEMBED;
            (*s).ptr = std::ptr::null_mut();
            (*s).aux = 0;
            (*s).len = 0;
            heap.stats.malloc_bytes = heap.stats.malloc_bytes.saturating_sub(b.capacity() as u64);
            b
        }
    } else {
        note_cow(heap, v);
        bytes(heap, v).to_vec()
    };
    let r = f(&mut buf);
    set_bytes(heap, v, buf);
    r
}

/// Counts a copy-on-write when `v` is shared and its bytes are about to be copied out.
fn note_cow(heap: &mut Heap, v: Value) {
    if is_shared(v) {
        heap.strings.cow_copies += 1;
        heap.strings.cow_bytes += len(v) as u64;
    }
}

/// Replaces the contents with `buf`. A shared string detaches from its root; when `buf` fits
/// its 40-byte slot it is embedded there again.
#[track_caller]
pub fn set_bytes(heap: &mut Heap, v: Value, buf: Vec<u8>) {
    clear_code_range(v);
    let s = rs(v);
    if is_shared(v) && buf.len() <= SMALLEST_EMBED {
        // SAFETY: a shared string's slot is 40 bytes: room for SMALLEST_EMBED bytes after the
        // header. The slot owns no buffer (the bytes were the root's), so nothing is freed.
        unsafe {
            (*s).basic.flags &= !(STR_NOEMBED | STR_SHARED);
            (*s).len = buf.len();
            std::ptr::copy_nonoverlapping(buf.as_ptr(), (s as *mut u8).add(HEADER), buf.len());
        }
        return;
    }
    if is_embedded(v) && buf.len() <= capacity(v) {
        // SAFETY: the slot has room for buf.len() bytes after the header.
        unsafe {
            std::ptr::copy_nonoverlapping(buf.as_ptr(), (s as *mut u8).add(HEADER), buf.len());
            (*s).len = buf.len();
        }
        return;
    }
    // SAFETY: `rs(v)` above checked that `v` is a live String.
    let old = unsafe { free_heap_buffer(v.0 as *mut RBasic) };
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

#[track_caller]
pub fn is_frozen(v: Value) -> bool {
    flags(v) & FL_FROZEN != 0
}

/// Allocates a shared string of `len` bytes at `ptr` inside `root`'s bytes: one 40-byte slot.
fn new_shared(heap: &mut Heap, klass: Value, root: Value, ptr: *const u8, len: usize) -> Value {
    debug_assert!(is_frozen(root) && !is_shared(root));
    let slot = heap.alloc_raw(0, T_STRING, klass);
    heap.strings.allocated_per_pool[0] += 1;
    heap.strings.shared += 1;
    // SAFETY: a 40-byte slot holds RString exactly. `ptr..ptr + len` lies inside the bytes of
    // `root`, which is frozen (never mutated, so its bytes never move) and kept alive by the
    // marker through `shared_root` for as long as this string lives.
    unsafe {
        let s = slot.as_ptr() as *mut RString;
        (*s).basic.flags |= STR_NOEMBED | STR_SHARED;
        (*s).len = len;
        (*s).ptr = ptr as *mut u8;
        (*s).aux = root.0 as usize;
    }
    Value(slot.as_ptr() as u64)
}

/// Makes a frozen root holding the bytes of `src`, a mutable string that is not shared
/// (object-model.md §2): an embeddable source is copied into a new frozen embedded string and
/// left as it was; a heap source's buffer moves into a new 40-byte frozen root (no copy) and the
/// source becomes a shared string of it. Returns the root.
fn make_root(heap: &mut Heap, klass: Value, src: Value) -> Value {
    debug_assert!(!is_shared(src));
    if is_embedded(src) {
        // SAFETY: `new_string` only fills a fresh slot (allocation never collects), so the
        // bytes of `src` stay valid while it copies them.
        let root = new_string(heap, klass, unsafe { raw_bytes(src) });
        basic(root).flags |= FL_FROZEN;
        heap.strings.roots_by_copy += 1;
        return root;
    }
    let slot = heap.alloc_raw(0, T_STRING, klass);
    heap.strings.allocated_per_pool[0] += 1;
    heap.strings.heap += 1;
    heap.strings.roots_by_takeover += 1;
    let s = rs(src);
    // SAFETY: `src` is a live heap string owning (ptr, len, aux = capacity); the new 40-byte
    // slot takes that ownership (it frees the buffer when it dies), and `src` keeps pointing at
    // the same bytes as a shared string of the root, which keeps the root alive.
    unsafe {
        let r = slot.as_ptr() as *mut RString;
        (*r).basic.flags |= STR_NOEMBED | FL_FROZEN;
        (*r).len = (*s).len;
        (*r).ptr = (*s).ptr;
        (*r).aux = (*s).aux;
        (*s).basic.flags |= STR_SHARED;
        (*s).aux = slot.as_ptr() as usize;
    }
    Value(slot.as_ptr() as u64)
}

/// The frozen string a match keeps of its subject (MatchData#string; captures and the pieces
/// of `scan`/`split` are substrings of it): a frozen, unchilled `src` itself; for a shared
/// `src`, its root when it covers all of it, else a new frozen 40-byte header on the same
/// bytes of its root; otherwise a root made as
/// for sharing (`make_root`: a frozen copy of an embedded source, or a 40-byte root taking a
/// heap source's buffer). Once per match, so a subject is never copied twice.
pub fn frozen_subject(heap: &mut Heap, klass: Value, src: Value) -> Value {
    let f = flags(src);
    if f & (FL_FROZEN | STR_CHILLED) == FL_FROZEN {
        return src;
    }
    let v = if f & STR_SHARED != 0 {
        let root = Value(unsafe_aux(src) as u64);
        let b = bytes(heap, src);
        let (ptr, len) = (b.as_ptr(), b.len());
        let r = bytes(heap, root);
        if r.as_ptr() == ptr && r.len() == len && encoding(root) == encoding(src) {
            // the source is all of its root (a buffer taken over): the root itself
            return root;
        }
        let v = new_shared(heap, klass, root, ptr, len);
        basic(v).flags |= FL_FROZEN;
        v
    } else {
        make_root(heap, klass, src)
    };
    copy_encoding(v, src);
    v
}

/// The one function that makes substrings (object-model.md §3, the subseq rule): the bytes
/// `beg..beg + len` of `src`, as a new String of class `klass`.
///
/// 1. Not a tail (the range stops before the end of `src`): copied, embedded when it fits.
/// 2. A tail, and `src` has a root (it is frozen and not chilled, or already shared): copied
///    when it fits the smallest slot (len <= 15), else shared. One object.
/// 3. A tail, and no root: copied when len <= the cutoff (`Heap::subseq_embed_max`, 128 unless
///    RUBRA_SUBSEQ_EMBED_MAX says otherwise), else shared, which first makes a root
///    (`make_root`): two objects for an embeddable source, one for a heap source.
///
/// The piece has the encoding of `src`, and an ASCII-only source's pieces are known to be
/// ASCII-only (their code range is set). `src`'s type is checked once.
pub fn substr(heap: &mut Heap, klass: Value, src: Value, beg: usize, len: usize) -> Value {
    let s = rs(src);
    // SAFETY: `rs` checked that `src` is a live String: its header and length are readable.
    let (flags, total) = unsafe { ((*s).basic.flags, (*s).len) };
    assert!(beg <= total && len <= total - beg, "substring out of range");
    let tail = beg + len == total;
    let has_root = flags & STR_SHARED != 0 || flags & (FL_FROZEN | STR_CHILLED) == FL_FROZEN;
    let copy = !tail || len <= SMALLEST_EMBED || (!has_root && len <= heap.subseq_embed_max);
    let v = if copy {
        heap.strings.substr_copied += 1;
        // SAFETY: `s` is the checked String; `new_string` only fills a fresh slot (allocation
        // never collects), so the bytes of `src` stay valid while it copies them.
        let piece = unsafe { &body(s)[beg..beg + len] };
        new_string(heap, klass, piece)
    } else {
        share_tail(heap, klass, src, beg, len, has_root)
    };
    let cr = flags & CR_MASK;
    let keep = (flags & ENC_MASK)
        | if cr == (CodeRange::SevenBit as u64) << CR_SHIFT {
            cr
        } else {
            0
        };
    if keep != 0 {
        // SAFETY: `v` is the String just made (no other reference to its header exists).
        unsafe { (*(v.0 as *mut RBasic)).flags |= keep };
    }
    v
}

/// `substr`'s sharing half: `beg..beg + len` is a tail of `src` that is shared (rules 2-3).
#[inline(never)]
fn share_tail(
    heap: &mut Heap,
    klass: Value,
    src: Value,
    beg: usize,
    len: usize,
    has_root: bool,
) -> Value {
    heap.strings.substr_shared += 1;
    let root = if is_shared(src) {
        Value(unsafe_aux(src) as u64)
    } else if has_root {
        src
    } else {
        make_root(heap, klass, src)
    };
    // `src`'s bytes are the root's own (frozen source or take-over) or lie inside them (an
    // already shared source, or a copy root holding the same bytes): find `beg` in the root.
    let ptr = if is_embedded(src) && root != src {
        bytes(heap, root)[beg..].as_ptr()
    } else {
        bytes(heap, src)[beg..].as_ptr()
    };
    new_shared(heap, klass, root, ptr, len)
}

/// The aux word of a string (a shared string's root).
fn unsafe_aux(v: Value) -> usize {
    // SAFETY: reading the aux word of a live string.
    unsafe { (*rs(v)).aux }
}

/// Frees a heap string's owned buffer (called by the sweeper and before replacing it); returns
/// the bytes released. Embedded and shared strings own no buffer.
///
/// # Safety
/// `slot` must point at a live String object.
pub(crate) unsafe fn free_heap_buffer(slot: *mut RBasic) -> usize {
    let s = slot as *mut RString;
    // SAFETY: the caller guarantees a live string; a NOEMBED non-SHARED string owns
    // (ptr, len, aux) as a Vec.
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

/// The capacity of the buffer a heap string owns (0 for embedded and shared strings, whose
/// bytes are in a slot): what the string holds outside its slot.
#[track_caller]
pub fn owned_capacity(v: Value) -> usize {
    let s = rs(v);
    // SAFETY: `rs` checked that `v` is a live String; a NOEMBED non-SHARED string's `aux` is
    // its buffer's capacity.
    unsafe {
        let f = (*s).basic.flags;
        if f & STR_NOEMBED != 0 && f & STR_SHARED == 0 && !(*s).ptr.is_null() {
            (*s).aux
        } else {
            0
        }
    }
}

/// The root a shared string points into (nil for other strings).
#[track_caller]
pub fn root_of(v: Value) -> Value {
    let s = rs(v);
    // SAFETY: `rs` checked that `v` is a live String.
    unsafe { shared_root(s as *mut RBasic) }
}

/// The root a shared string points into (nil for other strings), for the marker.
///
/// # Safety
/// `slot` must point at a live String object.
pub(crate) unsafe fn shared_root(slot: *mut RBasic) -> Value {
    let s = slot as *mut RString;
    // SAFETY: the caller guarantees a live string; reading its header and aux word.
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
        assert!(is_embedded(a) && pool_of(a) == 0 && bytes(&h, a) == b"0123456789");
        let b = new_string(&mut h, Value::NIL, &[b'x'; 100]);
        assert!(is_embedded(b) && pool_of(b) == 2);
        let c = new_string(&mut h, Value::NIL, &[b'y'; 1000]);
        assert!(!is_embedded(c) && pool_of(c) == 0 && bytes(&h, c).len() == 1000);
        assert_eq!(h.stats.total_allocated, 3);
    }

    #[test]
    fn appending_grows_in_place_then_moves_to_the_heap() {
        let mut h = Heap::new();
        let s = new_string(&mut h, Value::NIL, b"abc");
        append(&mut h, s, b"def");
        assert!(is_embedded(s) && bytes(&h, s) == b"abcdef");
        append(&mut h, s, &[b'z'; 40]);
        assert!(!is_embedded(s) && bytes(&h, s).len() == 46 && &bytes(&h, s)[..6] == b"abcdef");
        append(&mut h, s, b"!");
        assert_eq!(bytes(&h, s).len(), 47);
        h.collect(|_| {});
        assert_eq!(h.stats.malloc_bytes, 0);
    }

    /// Objects allocated and their pools while running `f`.
    fn allocations(h: &mut Heap, f: impl FnOnce(&mut Heap) -> Value) -> (Value, u64, [u64; 5]) {
        let (n0, p0) = (h.stats.total_allocated, h.strings.allocated_per_pool);
        let v = f(h);
        let mut pools = h.strings.allocated_per_pool;
        for (a, b) in pools.iter_mut().zip(p0) {
            *a -= b;
        }
        (v, h.stats.total_allocated - n0, pools)
    }

    fn heap_with_cutoff(cutoff: usize) -> Heap {
        let mut h = Heap::new();
        h.subseq_embed_max = cutoff;
        h
    }

    #[test]
    fn the_448_byte_vectors_at_cutoff_128() {
        let mut h = heap_with_cutoff(128);
        let s = new_string(&mut h, Value::NIL, &[b'a'; 448]);
        assert_eq!(pool_of(s), 4);
        let (v, n, pools) = allocations(&mut h, |h| substr(h, Value::NIL, s, 320, 128));
        assert_eq!((n, pools), (1, [0, 0, 1, 0, 0]));
        assert!(is_embedded(v) && bytes(&h, v) == [b'a'; 128]);
        let (v, n, pools) = allocations(&mut h, |h| substr(h, Value::NIL, s, 128, 320));
        assert_eq!((n, pools), (2, [1, 0, 0, 0, 1]));
        assert!(is_shared(v) && bytes(&h, v) == [b'a'; 320]);
        assert!(
            !is_shared(s) && !is_frozen(s),
            "an embedded source is left as it was"
        );
        assert_eq!(h.strings.roots_by_copy, 1);
        basic(s).flags |= FL_FROZEN;
        let (v, n, pools) = allocations(&mut h, |h| substr(h, Value::NIL, s, 320, 128));
        assert_eq!((n, pools), (1, [1, 0, 0, 0, 0]));
        assert!(is_shared(v) && root_of(v) == s);
        assert_eq!((h.strings.substr_copied, h.strings.substr_shared), (1, 2));
    }

    #[test]
    fn the_448_byte_vector_at_cutoff_15() {
        let mut h = heap_with_cutoff(15);
        let s = new_string(&mut h, Value::NIL, &[b'a'; 448]);
        let (_, n, pools) = allocations(&mut h, |h| substr(h, Value::NIL, s, 320, 128));
        assert_eq!((n, pools), (2, [1, 0, 0, 0, 1]));
    }

    #[test]
    fn middle_pieces_are_always_copied() {
        let mut h = heap_with_cutoff(15);
        let s = new_string(&mut h, Value::NIL, &[b'm'; 5001]);
        basic(s).flags |= FL_FROZEN;
        let (v, n, _) = allocations(&mut h, |h| substr(h, Value::NIL, s, 0, 3000));
        assert_eq!(n, 1);
        assert!(!is_shared(v) && !is_embedded(v) && len(v) == 3000);
        let (v, n, _) = allocations(&mut h, |h| substr(h, Value::NIL, s, 4990, 11));
        assert!(n == 1 && is_embedded(v), "a short tail of a root is copied");
    }

    #[test]
    fn tails_of_a_large_mutable_heap_string() {
        let mut h = heap_with_cutoff(128);
        let text: Vec<u8> = (0..5001).map(|i| b'a' + (i % 26) as u8).collect();
        let s = new_string(&mut h, Value::NIL, &text);
        let (v, n, pools) = allocations(&mut h, |h| substr(h, Value::NIL, s, 4901, 100));
        assert_eq!((n, pools), (1, [0, 0, 1, 0, 0]));
        assert_eq!(bytes(&h, v), &text[4901..]);
        let malloc = h.stats.malloc_bytes;
        let (v, n, _) = allocations(&mut h, |h| substr(h, Value::NIL, s, 4701, 300));
        assert_eq!(n, 2, "a take-over root and the shared tail");
        assert_eq!(h.strings.roots_by_takeover, 1);
        assert_eq!(
            h.stats.malloc_bytes, malloc,
            "the buffer moved, nothing was copied"
        );
        assert!(is_shared(s) && is_shared(v) && bytes(&h, v) == &text[4701..]);
        assert_eq!(bytes(&h, s), &text[..]);
        let (v, n, _) = allocations(&mut h, |h| substr(h, Value::NIL, s, 4501, 500));
        assert_eq!(n, 1, "the source is shared now: its root is reused");
        assert_eq!(bytes(&h, v), &text[4501..]);
        assert_eq!(h.strings.roots_by_takeover, 1);
    }

    #[test]
    fn modify_in_place_copies_only_shared_bytes() {
        let mut h = heap_with_cutoff(128);
        let s = new_string(&mut h, Value::NIL, &[b'q'; 448]);
        let (malloc, ptr) = (h.stats.malloc_bytes, bytes(&h, s).as_ptr());
        modify_in_place(&mut h, s, |b| b[7] = b'!');
        assert_eq!(bytes(&h, s)[7], b'!');
        assert_eq!(
            h.stats.malloc_bytes, malloc,
            "an owned buffer is written where it is"
        );
        assert_eq!((bytes(&h, s).as_ptr(), h.strings.cow_copies), (ptr, 0));
        let v = substr(&mut h, Value::NIL, s, 48, 400);
        let root = root_of(v);
        modify_in_place(&mut h, v, |b| b[0] = b'?');
        assert!(!is_shared(v) && bytes(&h, v)[0] == b'?' && len(v) == 400);
        assert_eq!((h.strings.cow_copies, h.strings.cow_bytes), (1, 400));
        assert_eq!(bytes(&h, root)[48], b'q', "the shared root is untouched");
        let e = new_string(&mut h, Value::NIL, b"abc");
        set_seven_bit(e);
        modify_in_place(&mut h, e, |b| b[1] = 0xff);
        assert_eq!(
            code_range(e),
            CodeRange::Broken,
            "the code range is scanned again"
        );
    }

    #[test]
    fn mutating_a_shared_string_copies_once_and_leaves_the_root() {
        let mut h = heap_with_cutoff(128);
        let s = new_string(&mut h, Value::NIL, &[b'q'; 448]);
        let v = substr(&mut h, Value::NIL, s, 48, 400);
        let root = root_of(v);
        append(&mut h, v, b"!");
        assert!(!is_shared(v) && !is_embedded(v) && len(v) == 401 && bytes(&h, v)[400] == b'!');
        assert_eq!((h.strings.cow_copies, h.strings.cow_bytes), (1, 400));
        assert!(is_frozen(root) && bytes(&h, root) == [b'q'; 448]);
        append(&mut h, v, b"?");
        assert_eq!(h.strings.cow_copies, 1, "a detached string copies no more");
        let w = substr(&mut h, Value::NIL, s, 48, 400);
        modify(&mut h, w, |b| b.truncate(5));
        assert!(
            is_embedded(w) && bytes(&h, w) == b"qqqqq",
            "re-embedded in its 40-byte slot"
        );
        assert_eq!(h.strings.cow_copies, 2);
        h.collect(|m| m.mark_all(&[v, w]));
        assert_eq!(
            h.stats.malloc_bytes,
            capacity(v) as u64,
            "only the detached copy's buffer"
        );
    }
}
