//! The process's allocator, wrapped to count the bytes it holds: the collector's malloc trigger.
//!
//! Object counts alone do not bound memory: an Array slot is 40 bytes whatever its body holds, so
//! `10_000.times { big.sample 6000 }` makes few objects and gigabytes of bodies. CRuby counts
//! the bytes its `xmalloc` hands out and collects when they grow past `malloc_limit`; rubra's
//! bodies are Rust `Vec`s, hashes and boxes, so the count sits in the global allocator instead,
//! where it sees every body whatever code grew it. `Heap::should_collect` compares
//! [`live_bytes`] with the mark the last collection set (object/heap.rs).
//!
//! The counter is per thread (a `const` thread-local, one `fs:`-relative add): the interpreter
//! allocates and frees from its own thread, so its count is exact, and no malloc pays for a
//! locked add. A body freed on another thread than the one that made it leaves both counts off
//! by its size; that only moves a collection earlier or later.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes this thread has allocated and not freed (wrapping: see the module doc).
    static LIVE: Cell<u64> = const { Cell::new(0) };
}

#[inline(always)]
fn add(n: usize) {
    // try_with: the slot may be gone while a thread's other thread-locals are destroyed
    let _ = LIVE.try_with(|c| c.set(c.get().wrapping_add(n as u64)));
}

#[inline(always)]
fn sub(n: usize) {
    let _ = LIVE.try_with(|c| c.set(c.get().wrapping_sub(n as u64)));
}

/// Bytes this thread holds on the malloc heap now, as counted by [`Counting`].
#[inline]
pub fn live_bytes() -> u64 {
    let n = LIVE.with(Cell::get);
    // bodies this thread freed for another one can leave a wrapped-around value
    if n > i64::MAX as u64 { 0 } else { n }
}

/// The system allocator, counting.
pub struct Counting;

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// contract GlobalAlloc asks of the caller is the one System receives; the counting touches only
// a thread-local integer (no allocation, no destructor).
unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded contract (see the impl).
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded contract (see the impl).
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        sub(layout.size());
        // SAFETY: forwarded contract (see the impl).
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded contract (see the impl).
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            sub(layout.size());
            add(new_size);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[cfg(test)]
mod tests {
    use super::live_bytes;

    #[test]
    fn a_vector_body_is_counted_while_it_lives() {
        let before = live_bytes();
        let mut v: Vec<u64> = Vec::with_capacity(1 << 20);
        assert_eq!(live_bytes(), before + (8 << 20));
        v.reserve_exact((1 << 20) + 16);
        assert_eq!(live_bytes(), before + (8 << 20) + 8 * 16);
        drop(v);
        assert_eq!(live_bytes(), before);
    }
}
