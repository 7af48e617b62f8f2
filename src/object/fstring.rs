//! The frozen-string (fstring) table (object-model.md §5): one process-wide set of deduplicated
//! frozen strings, shared by every interpreter and thread.
//!
//! Layout: open addressing over a power-of-two array of slots, each an atomic pointer to an
//! `Entry` (which owns a copy of the bytes, never a shared string; a symbol name's entry
//! borrows the symbol table's `'static` name), probed by 1, 2, 3... slots (triangular probing).
//! Each entry also names its owner, the heap the string object lives in: an interpreter only
//! ever finds its own objects, but all of them share the one table.
//!
//! Slot states, in the pointer's tag bits: empty (null), tombstone (null, tag 1, left by a
//! delete), an entry, and "moved" (tag 2 on any of these: a resize is copying the table).
//!
//! Concurrency:
//! - lookups take no lock: they read slots with acquire loads (a moved slot still shows its
//!   entry, so a lookup during a resize answers from the old table, which cannot change);
//! - inserts claim an empty slot with compare-and-swap (a lost race re-reads the slot: if the
//!   winner inserted the same string, that one is returned);
//! - deletes swap an entry for a tombstone with compare-and-swap;
//! - a resize (75% of the slots used, counting tombstones; or 1/8 live after deletes, to shrink)
//!   takes the one lock, marks every slot moved (so no insert or delete can land in the old
//!   table; they wait for the lock and retry), copies the live entries into a table sized for
//!   them (purging tombstones), and publishes it.
//!
//! Entries and old tables are freed through crossbeam-epoch, once no thread can still be reading
//! them. Heaps remove their entries when the strings die (`remove`, called by the sweeper).

use super::value::Value;
use crossbeam_epoch::{self as epoch, Atomic, Guard, Owned, Shared};
use std::hash::{BuildHasher, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

const TOMBSTONE: usize = 1;
const MOVED: usize = 2;
const MIN_CAPACITY: usize = 64;
/// The process-wide table's first size: a booted interpreter interns about 1,200 names and
/// strings, which grew a 64-slot table six times.
const BOOT_CAPACITY: usize = 2048;

struct Entry {
    hash: u64,
    owner: u64,
    value: u64,
    bytes: Key,
}

/// An entry's bytes: its own copy, or bytes that live as long as the process and are never
/// removed (symbol names: the symbol table's own copy, or the literal a native was defined
/// with), which need no second copy.
enum Key {
    Owned(Box<[u8]>),
    Static(&'static [u8]),
}

impl std::ops::Deref for Key {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Key::Owned(b) => b,
            Key::Static(b) => b,
        }
    }
}

struct Table {
    slots: Box<[Atomic<Entry>]>,
    /// Slots filled since this table was built: entries and tombstones.
    used: AtomicUsize,
}

impl Table {
    fn new(capacity: usize) -> Table {
        Table {
            slots: (0..capacity).map(|_| Atomic::null()).collect(),
            used: AtomicUsize::new(0),
        }
    }
}

/// The table and its counters (inserts, deletes and size: lookups and hits are counted by the
/// callers, so that a lookup writes no shared memory).
pub struct FstringTable {
    current: Atomic<Table>,
    resize: Mutex<()>,
    live: AtomicUsize,
    pub inserts: AtomicU64,
    pub deletes: AtomicU64,
}

/// A snapshot of the table's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FstringStats {
    pub inserts: u64,
    pub deletes: u64,
    pub size: u64,
    pub capacity: u64,
}

static HASHER: ahash::RandomState = ahash::RandomState::with_seeds(11, 22, 33, 44);

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = HASHER.build_hasher();
    h.write(bytes);
    h.finish()
}

/// The process-wide table.
pub fn table() -> &'static FstringTable {
    static TABLE: std::sync::OnceLock<FstringTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| FstringTable::with_capacity(BOOT_CAPACITY))
}

/// A fresh owner id for a heap.
pub fn new_owner() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl Default for FstringTable {
    fn default() -> Self {
        FstringTable::new()
    }
}

impl FstringTable {
    pub fn new() -> FstringTable {
        FstringTable::with_capacity(MIN_CAPACITY)
    }

    /// An empty table of `capacity` slots (a power of two).
    pub fn with_capacity(capacity: usize) -> FstringTable {
        debug_assert!(capacity.is_power_of_two() && capacity >= MIN_CAPACITY);
        FstringTable {
            current: Atomic::new(Table::new(capacity)),
            resize: Mutex::new(()),
            live: AtomicUsize::new(0),
            inserts: AtomicU64::new(0),
            deletes: AtomicU64::new(0),
        }
    }

    pub fn stats(&self) -> FstringStats {
        let guard = epoch::pin();
        // SAFETY: `current` always points at a live table (replaced tables are freed only after
        // every pinned reader is gone).
        let t = unsafe { self.current.load(Ordering::Acquire, &guard).deref() };
        FstringStats {
            inserts: self.inserts.load(Ordering::Relaxed),
            deletes: self.deletes.load(Ordering::Relaxed),
            size: self.live.load(Ordering::Relaxed) as u64,
            capacity: t.slots.len() as u64,
        }
    }

    /// The value interned for `bytes` by `owner`, without a lock.
    pub fn lookup(&self, owner: u64, bytes: &[u8]) -> Option<u64> {
        let guard = epoch::pin();
        self.find(owner, bytes, hash_bytes(bytes), &guard)
    }

    fn find(&self, owner: u64, bytes: &[u8], hash: u64, guard: &Guard) -> Option<u64> {
        // SAFETY: see `stats`.
        let t = unsafe { self.current.load(Ordering::Acquire, guard).deref() };
        let mask = t.slots.len() - 1;
        let mut i = hash as usize & mask;
        for step in 1..=t.slots.len() {
            let p = t.slots[i].load(Ordering::Acquire, guard);
            if p.is_null() {
                if p.tag() & TOMBSTONE == 0 {
                    return None;
                }
            } else {
                // SAFETY: a non-null slot points at an entry that is freed only after it left
                // the table and every reader pinned before that has unpinned.
                let e = unsafe { p.deref() };
                if e.hash == hash && e.owner == owner && *e.bytes == *bytes {
                    return Some(e.value);
                }
            }
            i = (i + step) & mask;
        }
        None
    }
    /// `intern` for a heap's own strings: the table's words are this heap's Values (`owner`
    /// includes the heap's id), so they come back as Values.
    pub fn intern_value(
        &self,
        owner: u64,
        bytes: &[u8],
        make: impl FnOnce() -> Value,
    ) -> (Value, bool) {
        let (v, inserted) = self.intern(owner, bytes, || make().0);
        (Value(v), inserted)
    }

    /// The value interned for `bytes` by `owner`; when there is none, interns `make()` (called
    /// at most once) and returns it. The flag says whether this call inserted it.
    pub fn intern(&self, owner: u64, bytes: &[u8], make: impl FnOnce() -> u64) -> (u64, bool) {
        self.intern_keyed(owner, bytes, || (make(), None))
    }

    /// `intern`, where `make` may also hand over a copy of `bytes` that lives as long as the
    /// process, which the entry then keeps instead of a copy of its own.
    pub fn intern_keyed(
        &self,
        owner: u64,
        bytes: &[u8],
        make: impl FnOnce() -> (u64, Option<&'static [u8]>),
    ) -> (u64, bool) {
        let hash = hash_bytes(bytes);
        let mut make = Some(make);
        let mut entry: Option<Owned<Entry>> = None;
        loop {
            let guard = epoch::pin();
            if let Some(v) = self.find(owner, bytes, hash, &guard) {
                return (v, false);
            }
            let e = entry.take().unwrap_or_else(|| {
                let (value, kept) = (make.take().expect("made once"))();
                let bytes = match kept {
                    Some(k) => {
                        debug_assert_eq!(k, bytes);
                        Key::Static(k)
                    }
                    None => Key::Owned(bytes.into()),
                };
                Owned::new(Entry {
                    hash,
                    owner,
                    value,
                    bytes,
                })
            });
            match self.try_insert(e, &guard) {
                Ok(v) => return (v, true),
                Err(Retry::Resized(e)) => {
                    entry = Some(e);
                    drop(guard);
                    self.wait_for_resize();
                }
                Err(Retry::Full(e)) => {
                    entry = Some(e);
                    drop(guard);
                    self.grow();
                }
                Err(Retry::Found(v)) => {
                    return (v, false);
                }
            }
        }
    }

    fn try_insert(&self, e: Owned<Entry>, guard: &Guard) -> Result<u64, Retry> {
        // SAFETY: see `stats`.
        let t = unsafe { self.current.load(Ordering::Acquire, guard).deref() };
        if (t.used.load(Ordering::Relaxed) + 1) * 4 > t.slots.len() * 3 {
            return Err(Retry::Full(e));
        }
        let mask = t.slots.len() - 1;
        let mut i = e.hash as usize & mask;
        let mut e = e;
        for step in 1..=t.slots.len() {
            let slot = &t.slots[i];
            let mut p = slot.load(Ordering::Acquire, guard);
            loop {
                if p.tag() & MOVED != 0 {
                    return Err(Retry::Resized(e));
                }
                if !p.is_null() {
                    // SAFETY: as in `find`.
                    let other = unsafe { p.deref() };
                    if other.hash == e.hash && other.owner == e.owner && *other.bytes == *e.bytes {
                        return Err(Retry::Found(other.value));
                    }
                    break;
                }
                if p.tag() & TOMBSTONE != 0 {
                    break;
                }
                let value = e.value;
                match slot.compare_exchange(p, e, Ordering::AcqRel, Ordering::Acquire, guard) {
                    Ok(_) => {
                        t.used.fetch_add(1, Ordering::Relaxed);
                        self.live.fetch_add(1, Ordering::Relaxed);
                        self.inserts.fetch_add(1, Ordering::Relaxed);
                        return Ok(value);
                    }
                    Err(err) => {
                        // somebody else filled (or moved) the slot: look at what is there now
                        e = err.new;
                        p = err.current;
                    }
                }
            }
            i = (i + step) & mask;
        }
        Err(Retry::Full(e))
    }

    /// Removes the entry of `owner` holding `value` (a string that died), found through its
    /// bytes. Returns whether it was there.
    pub fn remove(&self, owner: u64, bytes: &[u8], value: u64) -> bool {
        let hash = hash_bytes(bytes);
        loop {
            let guard = epoch::pin();
            // SAFETY: see `stats`.
            let t = unsafe { self.current.load(Ordering::Acquire, &guard).deref() };
            let mask = t.slots.len() - 1;
            let mut i = hash as usize & mask;
            let mut resized = false;
            for step in 1..=t.slots.len() {
                let slot = &t.slots[i];
                let p = slot.load(Ordering::Acquire, &guard);
                if p.tag() & MOVED != 0 {
                    resized = true;
                    break;
                }
                if p.is_null() {
                    if p.tag() & TOMBSTONE == 0 {
                        return false;
                    }
                } else {
                    // SAFETY: as in `find`.
                    let e = unsafe { p.deref() };
                    if e.owner == owner && e.value == value {
                        let tomb = Shared::null().with_tag(TOMBSTONE);
                        match slot.compare_exchange(
                            p,
                            tomb,
                            Ordering::AcqRel,
                            Ordering::Acquire,
                            &guard,
                        ) {
                            Ok(_) => {
                                // SAFETY: the entry is unreachable from the table now; readers
                                // that still hold it are pinned, and the epoch waits for them.
                                unsafe { guard.defer_destroy(p) };
                                let live = self.live.fetch_sub(1, Ordering::Relaxed) - 1;
                                self.deletes.fetch_add(1, Ordering::Relaxed);
                                if live * 8 < t.slots.len() && t.slots.len() > MIN_CAPACITY {
                                    drop(guard);
                                    self.rebuild(false);
                                }
                                return true;
                            }
                            Err(_) => {
                                resized = true; // only a resize changes a live entry's slot
                                break;
                            }
                        }
                    }
                }
                i = (i + step) & mask;
            }
            if !resized {
                return false;
            }
            self.wait_for_resize();
        }
    }

    fn wait_for_resize(&self) {
        drop(self.resize.lock().unwrap_or_else(|e| e.into_inner()));
    }

    fn grow(&self) {
        self.rebuild(true);
    }

    /// Rebuilds the table under the lock: sized for twice the live entries (at least
    /// MIN_CAPACITY), which purges tombstones, grows a full table and shrinks a sparse one.
    /// `full` says the caller found the table full (skip if another thread already rebuilt).
    fn rebuild(&self, full: bool) {
        let _lock = self.resize.lock().unwrap_or_else(|e| e.into_inner());
        let guard = epoch::pin();
        let old_ptr = self.current.load(Ordering::Acquire, &guard);
        // SAFETY: see `stats`.
        let old = unsafe { old_ptr.deref() };
        let used = old.used.load(Ordering::Relaxed);
        if full && (used + 1) * 4 <= old.slots.len() * 3 {
            return; // rebuilt by someone else meanwhile
        }
        // mark every slot moved: from now on no insert or delete can change this table
        for slot in old.slots.iter() {
            let mut p = slot.load(Ordering::Acquire, &guard);
            loop {
                let moved = p.with_tag(p.tag() | MOVED);
                match slot.compare_exchange(p, moved, Ordering::AcqRel, Ordering::Acquire, &guard) {
                    Ok(_) => break,
                    Err(err) => p = err.current,
                }
            }
        }
        let live: Vec<Shared<Entry>> = old
            .slots
            .iter()
            .map(|s| s.load(Ordering::Acquire, &guard))
            .filter(|p| !p.is_null())
            .collect();
        let mut capacity = MIN_CAPACITY;
        while capacity < live.len() * 2 + 2 {
            capacity *= 2;
        }
        let new = Table::new(capacity);
        let mask = capacity - 1;
        for p in &live {
            // SAFETY: as in `find`; the entry moves to the new table unchanged.
            let e = unsafe { p.deref() };
            let mut i = e.hash as usize & mask;
            let mut step = 1;
            while !new.slots[i].load(Ordering::Relaxed, &guard).is_null() {
                i = (i + step) & mask;
                step += 1;
            }
            new.slots[i].store(p.with_tag(0), Ordering::Relaxed);
        }
        // (`live` needs no update: inserts and deletes keep it, and none lands in a moved table)
        new.used.store(live.len(), Ordering::Relaxed);
        self.current.store(Owned::new(new), Ordering::Release);
        // SAFETY: the old table is unreachable now; its slots' entries live on in the new table,
        // and dropping a Table frees only its slot array.
        unsafe { guard.defer_destroy(old_ptr) };
    }
}

impl Drop for FstringTable {
    /// Frees the entries and the table (a table is only dropped when no thread uses it: the
    /// process-wide one never is; tests and benches drop theirs).
    fn drop(&mut self) {
        // SAFETY: `&mut self`: no other thread can reach this table or its entries any more.
        unsafe {
            let guard = epoch::unprotected();
            let t = self.current.load(Ordering::Acquire, guard);
            for slot in t.deref().slots.iter() {
                let p = slot.load(Ordering::Acquire, guard);
                if !p.is_null() {
                    drop(p.into_owned());
                }
            }
            drop(t.into_owned());
        }
    }
}

enum Retry {
    /// A resize is in progress: wait for it, then retry.
    Resized(Owned<Entry>),
    /// The table is 75% used: grow (or purge tombstones), then retry.
    Full(Owned<Entry>),
    /// Another thread inserted the same string first.
    Found(u64),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn value_of(bytes: &[u8]) -> u64 {
        hash_bytes(bytes) | 1
    }

    #[test]
    fn interns_once_and_finds_by_owner() {
        let t = FstringTable::new();
        let (v, new) = t.intern(1, b"abc", || 10);
        assert_eq!((v, new), (10, true));
        assert_eq!(t.intern(1, b"abc", || 99), (10, false));
        assert_eq!(
            t.intern(2, b"abc", || 20),
            (20, true),
            "owners never see each other"
        );
        assert_eq!(t.lookup(1, b"abc"), Some(10));
        assert_eq!(t.lookup(1, b"abd"), None);
        assert!(t.remove(1, b"abc", 10));
        assert_eq!(t.lookup(1, b"abc"), None);
        assert_eq!(t.lookup(2, b"abc"), Some(20));
        let s = t.stats();
        assert_eq!((s.inserts, s.deletes, s.size), (2, 1, 1));
    }

    #[test]
    fn grows_purges_tombstones_and_shrinks() {
        let t = FstringTable::new();
        let keys: Vec<Vec<u8>> = (0..10_000).map(|i| format!("k{i}").into_bytes()).collect();
        for k in &keys {
            t.intern(7, k, || value_of(k));
        }
        let s = t.stats();
        assert_eq!(s.size, 10_000);
        assert!(s.capacity >= 10_000 * 4 / 3 && s.capacity.is_power_of_two());
        for k in &keys {
            assert_eq!(t.lookup(7, k), Some(value_of(k)));
        }
        for k in &keys[..9_990] {
            assert!(t.remove(7, k, value_of(k)));
        }
        let s = t.stats();
        assert_eq!(s.size, 10);
        assert!(s.capacity <= 256, "shrunk to {}", s.capacity);
        for k in &keys[9_990..] {
            assert_eq!(t.lookup(7, k), Some(value_of(k)));
        }
        // churn: insert and delete far more than the capacity; tombstones must not fill it
        for round in 0..50_000 {
            let k = format!("churn{round}").into_bytes();
            t.intern(7, &k, || 5);
            assert!(t.remove(7, &k, 5));
        }
        assert_eq!(t.stats().size, 10);
    }

    /// N threads intern overlapping and disjoint sets: every string ends up once, with one
    /// value, and nothing is lost.
    #[test]
    fn concurrent_interning_keeps_every_string_once() {
        let t = Arc::new(FstringTable::new());
        let threads = 4;
        let per = 5_000;
        let handles: Vec<_> = (0..threads)
            .map(|n| {
                let t = t.clone();
                std::thread::spawn(move || {
                    let mut seen = Vec::new();
                    for i in 0..per {
                        // shared keys every thread interns, and keys of this thread alone
                        let shared = format!("shared{i}").into_bytes();
                        let (v, _) = t.intern(1, &shared, || value_of(&shared));
                        seen.push((shared, v));
                        let own = format!("own{n}-{i}").into_bytes();
                        let (v, new) = t.intern(1, &own, || value_of(&own));
                        assert!(new, "a disjoint key is inserted by its thread");
                        seen.push((own, v));
                    }
                    seen
                })
            })
            .collect();
        for h in handles {
            for (k, v) in h.join().expect("thread") {
                assert_eq!(v, value_of(&k));
                assert_eq!(t.lookup(1, &k), Some(v));
            }
        }
        let s = t.stats();
        assert_eq!(s.size, (per + threads * per) as u64);
        assert_eq!(s.inserts, s.size, "every key inserted exactly once");
    }

    /// Lookups, inserts and deletes racing with resizes.
    #[test]
    fn concurrent_deletes_and_lookups() {
        let t = Arc::new(FstringTable::new());
        let handles: Vec<_> = (0..4u64)
            .map(|n| {
                let t = t.clone();
                std::thread::spawn(move || {
                    for round in 0..3 {
                        let keys: Vec<Vec<u8>> = (0..3_000)
                            .map(|i| format!("t{n}r{round}k{i}").into_bytes())
                            .collect();
                        for k in &keys {
                            t.intern(n, k, || value_of(k));
                        }
                        for k in &keys {
                            assert_eq!(t.lookup(n, k), Some(value_of(k)));
                        }
                        for k in &keys {
                            assert!(t.remove(n, k, value_of(k)));
                        }
                        for k in &keys {
                            assert_eq!(t.lookup(n, k), None);
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("thread");
        }
        assert_eq!(t.stats().size, 0);
    }
}
