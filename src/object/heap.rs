//! The garbage-collected heap: five size pools of fixed-size slots, precise mark and sweep.
//!
//! Layout (object-model.md §1): every heap object lives in one slot of one of five pools
//! (40, 80, 160, 320, 640 bytes); its pool is fixed when it is allocated. Each pool owns 64 KiB
//! pages carved into slots; free slots form a singly linked list threaded through the slots
//! (a new page's slots a 4 KiB stretch at a time, as allocation reaches them).
//! Every object starts with `RBasic` (16 bytes: flags and class), as CRuby's does.
//!
//! `flags` bits:
//! ```text
//!   0..5   type (T_*)              8      mark bit (only during a collection)
//!   5..8   pool index (0..=4)      9      frozen
//!   10..   type-specific bits (strings: see object/string.rs)
//! ```
//!
//! Collection: allocation never collects. The VM calls `Heap::should_collect` at safepoints and
//! then `collect` with a closure that marks its roots, so native code never holds an unrooted
//! object across a collection. Marking uses an explicit stack (no recursion). Sweeping drops the
//! Rust-owned parts of dead objects (ivar vectors, array vectors, heap string buffers, boxed
//! payloads) and returns their slots to the free lists.
//!
//! Closure environments (`Env`) are VM-internal, not Ruby objects: they are boxed outside the
//! pools, traced and swept with the same mark phase, and not counted in `GC.stat`.

use super::slotvec::SlotVec;
use super::value::Value;
use std::any::Any;
use std::ptr::NonNull;

pub const POOL_SIZES: [usize; 5] = [40, 80, 160, 320, 640];
const PAGE_BYTES: usize = 64 * 1024;
/// The 40-byte slots' worth allocated between two collections at least (4 MB of slots; see
/// `Heap::worth_collecting`).
pub const MIN_GC_SLOTS: u64 = 100_000;
/// The smallest malloc growth that makes a collection due: CRuby's GC_MALLOC_LIMIT_MIN (16 MiB).
pub const MALLOC_LIMIT_MIN: u64 = 16 << 20;

pub const T_NONE: u64 = 0;
pub const T_OBJECT: u64 = 1;
pub const T_CLASS: u64 = 2;
pub const T_MODULE: u64 = 3;
pub const T_FLOAT: u64 = 4;
pub const T_STRING: u64 = 5;
pub const T_ARRAY: u64 = 6;
pub const T_HASH: u64 = 7;
pub const T_BIGNUM: u64 = 8;
pub const T_PROC: u64 = 9;
pub const T_RANGE: u64 = 10;
pub const T_DATA: u64 = 11;
pub const T_TIME: u64 = 12;
/// Names of the types, indexed by T_*, as `ObjectSpace.count_objects` prints them.
pub const TYPE_NAMES: [&str; 13] = [
    "FREE", "T_OBJECT", "T_CLASS", "T_MODULE", "T_FLOAT", "T_STRING", "T_ARRAY", "T_HASH",
    "T_BIGNUM", "T_DATA", "T_STRUCT", "T_DATA", "T_DATA",
];
// T_PROC and T_TIME objects are counted as T_DATA and T_RANGE as T_STRUCT, as CRuby stores them.

pub const TYPE_MASK: u64 = 0x1f;
pub const POOL_SHIFT: u64 = 5;
pub const FL_MARK: u64 = 1 << 8;
pub const FL_FROZEN: u64 = 1 << 9;
/// First bit free for type-specific use.
pub const FL_USER_SHIFT: u64 = 10;

/// The header every heap object starts with. Its words are private to src/object/ (outside,
/// `flags_of`, `klass_of`, `set_klass`, `set_frozen`): the type and representation bits decide
/// how a slot is read, so safe code elsewhere cannot rewrite them.
#[repr(C)]
pub struct RBasic {
    pub(in crate::object) flags: u64,
    pub(in crate::object) klass: Value,
}

impl RBasic {
    /// A header for a body passed to `Heap::alloc`: only the class and `FL_FROZEN` of `flags`
    /// are kept (the allocator sets the type from the body's `Body::TYPE`, and the pool).
    pub fn new(flags: u64, klass: Value) -> RBasic {
        RBasic { flags, klass }
    }
}

/// The slot bodies `Heap::alloc` makes, each with its type tag. Sealed: implemented only here,
/// so no other type can be allocated as (and then read as) an object.
pub trait Body: sealed::Sealed {
    const TYPE: u64;
}
mod sealed {
    /// The `#[repr(C)]` bodies that start with an `RBasic` (what `alloc_body` may write).
    pub trait Sealed {
        fn header(&self) -> &super::RBasic;
    }
}
macro_rules! body {
    ($ty:ty, $tag:expr) => {
        impl sealed::Sealed for $ty {
            fn header(&self) -> &RBasic {
                &self.basic
            }
        }
        impl Body for $ty {
            const TYPE: u64 = $tag;
        }
    };
}
body!(RFloat, T_FLOAT);
body!(RRange, T_RANGE);
body!(RTime, T_TIME);

/// A generic object: a class instance with its instance variables (`T_OBJECT`), the first
/// ones inside its slot (object/slotvec.rs). Made by `Heap::alloc_object`, read by `robject`.
#[repr(C)]
pub struct RObject {
    pub ivars: SlotVec,
}

/// A heap Float (one whose exponent does not fit a flonum).
#[repr(C)]
pub struct RFloat {
    pub basic: RBasic,
    pub value: f64,
}

/// An Array: its elements live inside its slot while they fit, else in a Vec
/// (object/slotvec.rs). Made by `Heap::alloc_array`, read by `rarray`.
#[repr(C)]
pub struct RArray {
    pub vec: SlotVec,
}

/// A Range: `begin..end` or `begin...end`.
#[repr(C)]
pub struct RRange {
    pub basic: RBasic,
    pub begin: Value,
    pub end: Value,
    pub excl: bool,
}

/// A Time, embedded in its slot (object-model.md §6, CRuby PR #7440): the instant, the zone mode
/// and offset, the zone's abbreviation and the broken-down local fields all live inside one
/// 80-byte slot, so `Time.now` allocates one object and no malloc bytes. The broken-down fields
/// are computed when the Time is made (they are cheap) and kept in step by core/time.rs.
#[repr(C)]
pub struct RTime {
    pub basic: RBasic,
    /// Whole seconds since 1970-01-01 00:00:00 UTC (floor; may be negative).
    pub sec: i64,
    /// The part of the instant finer than a nanosecond: nil (the common case, `Time.now`), or a
    /// Rational in (0, 1) of nanoseconds when a Float or Rational made an instant that is not a
    /// whole number of nanoseconds (CRuby keeps such instants exactly).
    pub frac: Value,
    /// Nanoseconds within the second, 0..1_000_000_000.
    pub nsec: u32,
    /// Seconds east of UTC of the broken-down fields.
    pub utc_offset: i32,
    /// How the zone was chosen: TZ_LOCAL, TZ_UTC or TZ_FIXED (core/time.rs).
    pub mode: u8,
    pub isdst: u8,
    /// Length of `zone`; 0 when the zone is nil (fixed offsets).
    pub zone_len: u8,
    /// 1 while an allocated Time (`Time.allocate`, a subclass's `new`) awaits `initialize`.
    pub uninit: u8,
    /// The zone abbreviation ("UTC", "JST", "EST", "+0530"), inline.
    pub zone: [u8; 8],
    /// Broken-down fields in the Time's zone: year, month 1..=12, day 1..=31, hour, minute,
    /// second, weekday 0..=6 (Sunday 0), day of the year 1..=366.
    pub year: i32,
    pub mon: u8,
    pub mday: u8,
    pub hour: u8,
    pub min: u8,
    pub sec_of_min: u8,
    pub wday: u8,
    pub yday: u16,
}

impl sealed::Sealed for RBoxed {
    fn header(&self) -> &RBasic {
        &self.basic
    }
}

fn init_header<T: sealed::Sealed>(init: &T) -> &RBasic {
    init.header()
}

/// The Rust-side payload of a boxed object (Hash, Class, Module, Bignum, Proc, Data).
pub trait Payload: Any {
    /// Pushes every Value this payload references.
    fn trace(&self, out: &mut Vec<Value>);
    /// Pushes every closure environment this payload references.
    fn trace_envs(&self, _out: &mut Vec<EnvRef>) {}
    /// Bytes held outside the slot, for the malloc counters.
    fn malloc_size(&self) -> usize {
        0
    }
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// An object whose body is a boxed Rust payload.
#[repr(C)]
pub struct RBoxed {
    pub basic: RBasic,
    pub data: Box<dyn Payload>,
}

/// A closure environment: the local variables of a frame that a block, a Proc, a Binding or
/// an eval captured (CRuby's `vm_make_env`, Lua's open upvalues).
///
/// While the frame runs, the environment is *open*: `open` is the index of the frame's first
/// local slot on the VM's value stack, the values live there (the frame keeps reading and
/// writing its stack slots), and `vals` is empty. When the frame is popped the VM *closes* it:
/// the slots are copied into `vals` and `open` becomes `CLOSED`. Readers through an environment
/// (`Vm::env_get`/`env_set`) look at whichever is current. `names` are the slots' local names
/// (the code's local table; hidden temporaries have the empty name), for Binding and eval.
pub struct Env {
    pub vals: Vec<Value>,
    pub parent: Option<EnvRef>,
    pub open: usize,
    pub names: std::rc::Rc<[u32]>,
    /// Something that can outlive the frame's current run holds this environment (a Proc, a
    /// binding, a block a native kept), directly or through a nested environment: see
    /// `Vm::escape_env`. A block frame run again by a native's loop (`Vm::restart_block_frame`)
    /// reuses an environment that has not escaped instead of closing it and making another.
    pub escaped: bool,
    marked: bool,
}

impl Env {
    /// Makes a spare environment (one nothing can reach but the VM's spare slot) the open
    /// environment of a new frame: locals `names` at stack slot `open`, inside `parent`.
    pub fn reopen(&mut self, names: std::rc::Rc<[u32]>, open: usize, parent: Option<EnvRef>) {
        self.vals.clear();
        self.names = names;
        self.open = open;
        self.parent = parent;
        self.escaped = false;
    }
}

/// `Env::open` of a closed environment.
pub const CLOSED: usize = usize::MAX;

/// A handle on an `Env`; valid while the environment is reachable from the VM's roots.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EnvRef(NonNull<Env>);

impl EnvRef {
    #[inline]
    pub fn get(self) -> &'static mut Env {
        // SAFETY: environments are freed only by `Heap::collect`, and only when unreachable from
        // the roots; the VM is single-threaded and callers do not keep two live `&mut` to one Env
        // across calls that could touch it (each access is a short load or store).
        unsafe { &mut *self.0.as_ptr() }
    }
}

/// Counters for one size pool.
#[derive(Default, Clone, Debug)]
pub struct PoolStats {
    pub pages: usize,
    pub slots: usize,
    pub allocated: u64,
    pub freed: u64,
}

impl PoolStats {
    pub fn live(&self) -> u64 {
        self.allocated - self.freed
    }
}

/// One pool page: `PAGE_BYTES` mapped fresh from the system. A new mapping reads as zeros
/// (every slot `T_NONE`) and takes a page fault only where it is first touched, so a pool's
/// untouched slots cost nothing (from the heap allocator, a page came `memset` whole).
struct Page(NonNull<u8>);

impl Page {
    fn new() -> Page {
        // SAFETY: a private anonymous mapping at an address of the kernel's choosing overlaps
        // no memory anything else uses.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                PAGE_BYTES,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        match NonNull::new(p as *mut u8) {
            Some(p) if p.as_ptr() as *mut libc::c_void != libc::MAP_FAILED => Page(p),
            _ => std::alloc::handle_alloc_error(
                std::alloc::Layout::from_size_align(PAGE_BYTES, 4096).expect("page layout"),
            ),
        }
    }

    fn base(&self) -> *mut u8 {
        self.0.as_ptr()
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        // SAFETY: the mapping was made by `Page::new` with this length and is unmapped once;
        // no slot of it is reachable after its pool is dropped.
        unsafe {
            libc::munmap(self.0.as_ptr() as *mut libc::c_void, PAGE_BYTES);
        }
    }
}

/// How much of a new page's slots `thread_fresh` puts on the free list at a time: one system
/// page, so that threading touches no more memory than allocation is about to.
const THREAD_BYTES: usize = 4096;

struct Pool {
    slot_size: usize,
    pages: Vec<Page>,
    free: *mut RBasic,
    /// The newest page's slots not yet on the free list: `fresh..fresh_end`.
    fresh: *mut u8,
    fresh_end: *mut u8,
    stats: PoolStats,
}

impl Pool {
    fn new(slot_size: usize) -> Pool {
        Pool {
            slot_size,
            pages: Vec::new(),
            free: std::ptr::null_mut(),
            fresh: std::ptr::null_mut(),
            fresh_end: std::ptr::null_mut(),
            stats: PoolStats::default(),
        }
    }

    /// Refills the empty free list from the newest page's unthreaded slots, adding a page when
    /// there are none; returns the start of the page it added.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) -> Option<usize> {
        let added = (self.fresh == self.fresh_end).then(|| self.add_page());
        self.thread_fresh();
        added
    }

    /// Adds a page; its slots are threaded onto the free list as they are needed.
    fn add_page(&mut self) -> usize {
        let page = Page::new();
        let n = PAGE_BYTES / self.slot_size;
        let base = page.base();
        self.fresh = base;
        // SAFETY: `n * slot_size <= PAGE_BYTES`: one past the page's last whole slot.
        self.fresh_end = unsafe { base.add(n * self.slot_size) };
        self.pages.push(page);
        self.stats.pages += 1;
        self.stats.slots += n;
        base as usize
    }

    /// Page `k`'s start and the number of its slots that may be in use: all of them, but on
    /// the newest page only those before its unthreaded tail (never touched, all `T_NONE`), so
    /// that walking the heap does not fault in memory allocation has not reached.
    fn page_extent(&self, k: usize) -> (*mut u8, usize) {
        let base = self.pages[k].base();
        if k + 1 == self.pages.len() {
            (base, (self.fresh as usize - base as usize) / self.slot_size)
        } else {
            (base, PAGE_BYTES / self.slot_size)
        }
    }

    /// Puts the unthreaded slots that start before the next `THREAD_BYTES` boundary (at least
    /// one) on the free list, in address order.
    fn thread_fresh(&mut self) {
        let start = self.fresh as usize;
        let limit = ((start / THREAD_BYTES + 1) * THREAD_BYTES).min(self.fresh_end as usize);
        let n = (limit - start).div_ceil(self.slot_size);
        for i in (0..n).rev() {
            // SAFETY: `fresh_end - fresh` is a whole number of slots and `limit <= fresh_end`,
            // so the `n` slots from `fresh` lie inside the page, 8-byte aligned (slot sizes are
            // multiples of 8); nothing else refers to an unthreaded slot.
            unsafe {
                let slot = self.fresh.add(i * self.slot_size) as *mut RBasic;
                (*slot).flags = T_NONE;
                (*slot).klass = Value(self.free as u64);
                self.free = slot;
            }
        }
        // SAFETY: as above, at most `fresh_end`.
        self.fresh = unsafe { self.fresh.add(n * self.slot_size) };
    }
}

/// Heap-wide counters (GC.stat).
#[derive(Default, Clone, Debug)]
pub struct HeapStats {
    pub gc_count: u64,
    pub total_allocated: u64,
    pub total_freed: u64,
    pub malloc_bytes: u64,
}

pub struct Heap {
    pools: Vec<Pool>,
    envs: Vec<NonNull<Env>>,
    pub stats: HeapStats,
    /// Objects (and environments) allocated since the last collection.
    allocated_since_gc: u64,
    /// The same in 40-byte slots (an object in pool `i` counts 2^i): a collection runs only
    /// once [`MIN_GC_SLOTS`] of them were allocated (`worth_collecting`).
    slots_since_gc: u64,
    /// The objects that survived the last collection: the next is due when as many more were
    /// allocated.
    threshold: u64,
    /// Collection disabled (GC.disable).
    disabled: bool,
    /// Collect at every safepoint (RUBRA_GC_STRESS=1): finds objects natives forgot to root.
    stress: bool,
    /// The `allocated_since_gc` at which a collection is due, from the three above (u64::MAX when
    /// disabled, 1 under stress, else the threshold, which `worth_collecting` may push later).
    collect_at: u64,
    /// How far the malloc heap may grow past its size after the last collection before the next
    /// one is due (CRuby's `malloc_limit`): that size, at least [`MALLOC_LIMIT_MIN`].
    malloc_limit: u64,
    /// The malloc heap size (object/malloc.rs) at which a collection is due (u64::MAX when
    /// disabled).
    malloc_collect_at: u64,
    /// The string mechanisms' counters (object/string.rs).
    pub strings: super::string::StrStats,
    /// The subseq rule's copy cutoff (RUBRA_SUBSEQ_EMBED_MAX, read once per process).
    pub subseq_embed_max: usize,
    /// This heap's owner id in the process-wide fstring table.
    pub owner: u64,
    /// The start addresses of every page of every pool, sorted: `owns` answers whether a Value
    /// points into this heap (debug assertions of the borrowing accessors).
    page_starts: Vec<usize>,
}

impl Default for Heap {
    fn default() -> Self {
        Heap::new()
    }
}

/// The pool index for an object body of `size` bytes.
pub fn pool_for(size: usize) -> Option<usize> {
    POOL_SIZES.iter().position(|&s| size <= s)
}

impl Heap {
    pub fn new() -> Heap {
        Heap {
            pools: POOL_SIZES.iter().map(|&s| Pool::new(s)).collect(),
            envs: Vec::new(),
            stats: HeapStats::default(),
            allocated_since_gc: 0,
            slots_since_gc: 0,
            threshold: 0,
            disabled: false,
            stress: false,
            collect_at: 0,
            malloc_limit: MALLOC_LIMIT_MIN,
            malloc_collect_at: super::malloc::live_bytes() + MALLOC_LIMIT_MIN,
            strings: Default::default(),
            subseq_embed_max: super::string::subseq_embed_max_setting(),
            owner: super::fstring::new_owner(),
            page_starts: Vec::new(),
        }
    }

    /// Whether `v` is a heap Value pointing into one of this heap's pages. Accessors that lend a
    /// borrow of an object's body tied to `&Heap` (`string::bytes`) debug-assert it: a Value of
    /// another interpreter's heap paired with this one would outlive the borrow's protection.
    pub fn owns(&self, v: Value) -> bool {
        if !v.is_heap() {
            return false;
        }
        let a = v.0 as usize;
        let i = self.page_starts.partition_point(|&s| s <= a);
        i > 0 && a < self.page_starts[i - 1] + PAGE_BYTES
    }

    /// Allocates a slot in pool `pool` with the given type and class; the body after the header
    /// is zeroed. The caller must initialise the body before the next collection.
    pub(in crate::object) fn alloc_raw(
        &mut self,
        pool: usize,
        ty: u64,
        klass: Value,
    ) -> NonNull<RBasic> {
        let p = &mut self.pools[pool];
        if p.free.is_null()
            && let Some(start) = p.refill()
        {
            let i = self.page_starts.partition_point(|&s| s < start);
            self.page_starts.insert(i, start);
        }
        let slot = p.free;
        // SAFETY: `slot` is a free slot of this pool (from its free list), valid for
        // `slot_size` bytes; its klass word holds the next free slot.
        unsafe {
            p.free = (*slot).klass.0 as *mut RBasic;
            // the two smallest pools (most objects) with a constant size, zeroed inline
            // rather than through a `memset` call
            match pool {
                0 => std::ptr::write_bytes(slot as *mut u8, 0, POOL_SIZES[0]),
                1 => std::ptr::write_bytes(slot as *mut u8, 0, POOL_SIZES[1]),
                _ => std::ptr::write_bytes(slot as *mut u8, 0, p.slot_size),
            }
            (*slot).flags = ty | ((pool as u64) << POOL_SHIFT);
            (*slot).klass = klass;
        }
        p.stats.allocated += 1;
        self.stats.total_allocated += 1;
        self.allocated_since_gc += 1;
        self.slots_since_gc += 1 << pool;
        self.note_malloc();
        // SAFETY: slots are never null.
        unsafe { NonNull::new_unchecked(slot) }
    }

    /// Allocates an object of `T` (one of the `Body` types) in the smallest pool that fits it,
    /// moving `init` into the slot. Its type is `T::TYPE`; of `init`'s header flags only
    /// `FL_FROZEN` is kept (no mark bit, no representation bits).
    pub fn alloc<T: Body>(&mut self, init: T) -> Value {
        let keep = init_header(&init).flags & FL_FROZEN;
        self.alloc_body(T::TYPE, keep, init)
    }

    /// Moves `init` into a new slot of type `ty`, with header flags `ty | pool | keep`.
    fn alloc_body<T: sealed::Sealed>(&mut self, ty: u64, keep: u64, init: T) -> Value {
        let size = std::mem::size_of::<T>();
        let pool = pool_for(size).expect("object body fits a pool");
        let klass = init_header(&init).klass;
        let slot = self.alloc_raw(pool, ty, klass);
        // SAFETY: the slot is at least `size` bytes and 8-aligned, and `T` is one of the
        // `#[repr(C)]` bodies starting with RBasic (sealed::Sealed); we keep the flags the allocator
        // set (type + pool) plus `keep`, and the rest of `init`.
        unsafe {
            let flags = slot.as_ref().flags | keep;
            std::ptr::write(slot.as_ptr() as *mut T, init);
            (*slot.as_ptr()).flags = flags;
        }
        Value(slot.as_ptr() as u64)
    }

    /// Allocates a boxed-payload object of type `ty` (T_CLASS, T_MODULE, T_HASH, T_BIGNUM,
    /// T_PROC or T_DATA: the types whose slots hold an `RBoxed`; anything else is a panic).
    pub fn alloc_boxed(&mut self, ty: u64, klass: Value, data: Box<dyn Payload>) -> Value {
        assert!(
            matches!(ty, T_CLASS | T_MODULE | T_HASH | T_BIGNUM | T_PROC | T_DATA),
            "alloc_boxed: type {ty} has no boxed body"
        );
        self.stats.malloc_bytes += data.malloc_size() as u64;
        let basic = RBasic::new(ty, klass);
        self.alloc_body(ty, 0, RBoxed { basic, data })
    }

    /// A new environment for the locals `names`: open over the value stack from slot `open`,
    /// or closed (`open == CLOSED`) holding `vals`.
    pub fn new_env(
        &mut self,
        names: std::rc::Rc<[u32]>,
        open: usize,
        vals: Vec<Value>,
        parent: Option<EnvRef>,
    ) -> EnvRef {
        let b = Box::new(Env {
            vals,
            parent,
            open,
            names,
            escaped: false,
            marked: false,
        });
        // SAFETY: Box::into_raw never returns null.
        let p = unsafe { NonNull::new_unchecked(Box::into_raw(b)) };
        self.envs.push(p);
        self.allocated_since_gc += 1;
        self.slots_since_gc += 1;
        self.note_malloc();
        EnvRef(p)
    }

    pub fn pool_stats(&self, pool: usize) -> &PoolStats {
        &self.pools[pool].stats
    }

    pub fn live_slots(&self) -> u64 {
        self.stats.total_allocated - self.stats.total_freed
    }

    /// Whether collection is disabled (GC.disable).
    pub fn disabled(&self) -> bool {
        self.disabled
    }

    /// Disables or enables collection (GC.disable / GC.enable).
    pub fn set_disabled(&mut self, on: bool) {
        self.disabled = on;
        self.update_collect_at();
    }

    /// Whether collection runs at every safepoint (GC.stress).
    pub fn stress(&self) -> bool {
        self.stress
    }

    /// Collects at every safepoint that follows an allocation (RUBRA_GC_STRESS=1).
    pub fn set_stress(&mut self, on: bool) {
        self.stress = on;
        self.update_collect_at();
    }

    fn update_collect_at(&mut self) {
        self.malloc_collect_at = if self.disabled {
            u64::MAX
        } else {
            super::malloc::live_bytes().saturating_add(self.malloc_limit)
        };
        self.collect_at = if self.disabled {
            u64::MAX
        } else if self.stress {
            1
        } else {
            self.threshold
        };
    }

    /// Whether a collection is due: enough objects allocated since the last one, or the malloc
    /// heap grown past its limit (bodies: a few objects can hold gigabytes), which each
    /// allocation checks (`note_malloc`): one compare at every safepoint, which the dispatch
    /// loop tests at every call.
    #[inline]
    pub fn should_collect(&self) -> bool {
        self.allocated_since_gc >= self.collect_at
    }

    /// At an allocation: when the malloc heap has grown past its limit, makes a collection
    /// due. Checking here rather than at each safepoint is enough: malloc'd memory becomes
    /// garbage only with the objects that hold it, and a program that makes garbage allocates.
    #[inline(always)]
    fn note_malloc(&mut self) {
        if super::malloc::live_bytes() >= self.malloc_collect_at {
            self.collect_at = 0;
        }
    }

    /// Whether allocating `n` more objects would make a collection due (`should_collect`).
    #[inline]
    pub fn due_after(&self, n: u64) -> bool {
        self.allocated_since_gc.saturating_add(n) >= self.collect_at
    }

    /// Raises the threshold the last collection set by `n` objects about to be made that will
    /// survive (see `Vm::reserve_objects`).
    pub fn expect_survivors(&mut self, n: u64) {
        self.threshold = self.threshold.saturating_add(n);
        self.update_collect_at();
    }

    /// Whether a due collection (`should_collect`) should run now: when the malloc heap is past
    /// its limit, under stress, or once [`MIN_GC_SLOTS`] 40-byte slots' worth were allocated
    /// since the last one. A small live set makes the object threshold small; this floor keeps
    /// collections from coming more often than every 4 MB of slots, whatever the objects'
    /// sizes (a floor in objects let 100,000 Arrays of 160 bytes pile up). Otherwise the object
    /// threshold is moved to the earliest count at which the floor can be reached.
    pub fn worth_collecting(&mut self) -> bool {
        if self.stress
            || self.slots_since_gc >= MIN_GC_SLOTS
            || super::malloc::live_bytes() >= self.malloc_collect_at
        {
            return true;
        }
        // an object counts 16 slots at most
        let more = (MIN_GC_SLOTS - self.slots_since_gc).div_ceil(16);
        self.collect_at = self.allocated_since_gc + more;
        false
    }

    /// CRuby's `malloc_increase_bytes_limit`: how far the malloc heap may grow between
    /// collections.
    pub fn malloc_limit(&self) -> u64 {
        self.malloc_limit
    }

    /// Runs a full collection. `mark_roots` pushes every root onto the given stack, and may mark
    /// environments with `Heap::mark_env` through the `Marker`.
    pub fn collect(&mut self, mark_roots: impl FnOnce(&mut Marker)) {
        self.collect_weak(mark_roots, |_| {});
    }

    /// `collect` that lets `prune` drop what weak tables hold of the objects about to be swept
    /// (between the marking and the sweep; `Survivors` tells the marked ones).
    pub fn collect_weak(
        &mut self,
        mark_roots: impl FnOnce(&mut Marker),
        prune: impl FnOnce(&Survivors),
    ) {
        let mut m = Marker {
            stack: Vec::with_capacity(1024),
            envs: Vec::new(),
        };
        mark_roots(&mut m);
        m.drain();
        prune(&Survivors(()));
        self.sweep();
        self.stats.gc_count += 1;
        self.allocated_since_gc = 0;
        self.slots_since_gc = 0;
        self.threshold = self.live_slots() + self.envs.len() as u64;
        // Like the object threshold, the byte limit doubles what survived: the next collection
        // comes when the malloc heap has doubled (or grown by the minimum), so collection costs
        // stay proportional to allocation.
        self.malloc_limit = super::malloc::live_bytes().max(MALLOC_LIMIT_MIN);
        self.update_collect_at();
    }

    fn sweep(&mut self) {
        let mut freed_total = 0;
        for p in self.pools.iter_mut() {
            let mut freed = 0;
            for k in 0..p.pages.len() {
                let (base, n) = p.page_extent(k);
                for i in 0..n {
                    // SAFETY: the slot lies inside the page (see add_page); live slots hold an
                    // initialised object of the type their flags name.
                    unsafe {
                        let slot = base.add(i * p.slot_size) as *mut RBasic;
                        let flags = (*slot).flags;
                        if flags & TYPE_MASK == T_NONE {
                            continue;
                        }
                        if flags & FL_MARK != 0 {
                            (*slot).flags = flags & !FL_MARK;
                            continue;
                        }
                        if has_drop(flags)
                            && drop_body(slot, &mut self.stats.malloc_bytes, self.owner)
                        {
                            self.strings.fstring_deletes += 1;
                        }
                        (*slot).flags = T_NONE;
                        (*slot).klass = Value(p.free as u64);
                        p.free = slot;
                        freed += 1;
                    }
                }
            }
            p.stats.freed += freed;
            freed_total += freed;
        }
        self.stats.total_freed += freed_total;
        self.envs.retain(|e| {
            // SAFETY: every pointer in `envs` came from Box::into_raw and is freed only here.
            unsafe {
                let env = &mut *e.as_ptr();
                if env.marked {
                    env.marked = false;
                    true
                } else {
                    drop(Box::from_raw(e.as_ptr()));
                    false
                }
            }
        });
    }

    /// Calls `f` on every live object (ObjectSpace).
    pub fn each_object(&self, mut f: impl FnMut(Value)) {
        for p in &self.pools {
            for k in 0..p.pages.len() {
                let (base, n) = p.page_extent(k);
                let base = base as *const u8;
                for i in 0..n {
                    // SAFETY: inside the page; only the flags word is read.
                    let slot = unsafe { base.add(i * p.slot_size) as *const RBasic };
                    if unsafe { (*slot).flags } & TYPE_MASK != T_NONE {
                        f(Value(slot as u64));
                    }
                }
            }
        }
    }
}

impl Drop for Heap {
    /// Releases what the live objects own outside their slots (buffers, payloads, fstring
    /// table entries) and the environments; the pages go with the pools.
    fn drop(&mut self) {
        let owner = self.owner;
        let mut malloc = self.stats.malloc_bytes;
        for p in self.pools.iter_mut() {
            for k in 0..p.pages.len() {
                let (base, n) = p.page_extent(k);
                for i in 0..n {
                    // SAFETY: as in `sweep`: the slot lies inside the page and a live slot holds
                    // an initialised object of the type its flags name; each is dropped once.
                    unsafe {
                        let slot = base.add(i * p.slot_size) as *mut RBasic;
                        if (*slot).flags & TYPE_MASK != T_NONE {
                            drop_body(slot, &mut malloc, owner);
                            (*slot).flags = T_NONE;
                        }
                    }
                }
            }
        }
        for e in self.envs.drain(..) {
            // SAFETY: every pointer in `envs` came from Box::into_raw and is freed once.
            unsafe { drop(Box::from_raw(e.as_ptr())) };
        }
    }
}

/// Whether a dead object with header `flags` has anything for `drop_body` to release: the
/// sweep skips the call for the common dead objects that own nothing outside their slot
/// (embedded Arrays and Objects, Floats, Ranges, Times).
#[inline(always)]
fn has_drop(flags: u64) -> bool {
    match flags & TYPE_MASK {
        T_OBJECT | T_ARRAY => flags & super::slotvec::SV_HEAP != 0,
        T_FLOAT | T_RANGE | T_TIME => false,
        _ => true,
    }
}

/// Drops the Rust-owned parts of a dead object.
///
/// # Safety
/// `slot` must hold an initialised object of the type its flags name.
unsafe fn drop_body(slot: *mut RBasic, malloc: &mut u64, owner: u64) -> bool {
    let mut removed = false;
    // SAFETY: guaranteed by the caller; each arm matches the layout the allocator wrote.
    unsafe {
        match (*slot).flags & TYPE_MASK {
            T_OBJECT | T_ARRAY => slotvec(slot).drop_heap(),
            T_STRING => {
                if (*slot).flags & super::string::STR_FSTR != 0 {
                    let v = Value(slot as u64);
                    let key = super::string::fstring_key(owner, super::string::encoding(v));
                    // raw_bytes: the slice lives only for the table's removal, before the
                    // slot and its buffer are released below.
                    removed = super::fstring::table().remove(key, super::string::raw_bytes(v), v.0);
                }
                *malloc = malloc.saturating_sub(super::string::free_heap_buffer(slot) as u64)
            }
            T_CLASS | T_MODULE | T_HASH | T_BIGNUM | T_PROC | T_DATA => {
                let b = slot as *mut RBoxed;
                *malloc = malloc.saturating_sub((*b).data.malloc_size() as u64);
                std::ptr::drop_in_place(&mut (*b).data)
            }
            _ => {}
        }
    }
    removed
}

/// The mark phase's work list.
pub struct Marker {
    stack: Vec<Value>,
    envs: Vec<EnvRef>,
}

/// During a collection, between the marking and the sweep: which objects survive it (for weak
/// tables such as ObjectSpace::WeakMap, which the marking does not follow).
pub struct Survivors(());

impl Survivors {
    /// Whether `v` survives: an immediate always, a heap object when it was marked.
    pub fn live(&self, v: Value) -> bool {
        if !v.is_heap() {
            return true;
        }
        // SAFETY: a `Survivors` exists only inside `collect_weak`, after the marking and before
        // the sweep, so no object has been freed since the collection began; the values weak
        // tables pass here were live then (each table drops its dead entries at every
        // collection). Reading the flags word is what `type_of` does for any live Value.
        unsafe { (*(v.0 as *const RBasic)).flags & FL_MARK != 0 }
    }
}

impl Marker {
    #[inline]
    pub fn mark(&mut self, v: Value) {
        if v.is_heap() {
            self.stack.push(v);
        }
    }
    pub fn mark_all(&mut self, vs: &[Value]) {
        for &v in vs {
            self.mark(v);
        }
    }
    pub fn mark_env(&mut self, e: EnvRef) {
        self.envs.push(e);
    }

    fn drain(&mut self) {
        let mut children = Vec::new();
        loop {
            if let Some(e) = self.envs.pop() {
                let env = e.get();
                if !env.marked {
                    env.marked = true;
                    for &v in &env.vals {
                        self.mark(v);
                    }
                    if let Some(p) = env.parent {
                        self.envs.push(p);
                    }
                }
                continue;
            }
            let Some(v) = self.stack.pop() else { break };
            let b = v.0 as *mut RBasic;
            // SAFETY: `v` is a heap Value reachable from the roots, so its slot holds a live
            // object of the type its flags name.
            unsafe {
                let flags = (*b).flags;
                if flags & FL_MARK != 0 {
                    continue;
                }
                (*b).flags = flags | FL_MARK;
                self.mark((*b).klass);
                match flags & TYPE_MASK {
                    T_OBJECT | T_ARRAY => self.mark_all(slotvec(b)),
                    T_RANGE => {
                        let r = &*(b as *const RRange);
                        self.mark(r.begin);
                        self.mark(r.end);
                    }
                    T_STRING => self.mark(super::string::shared_root(b)),
                    T_TIME => self.mark((*(b as *const RTime)).frac),
                    T_CLASS | T_MODULE | T_HASH | T_BIGNUM | T_PROC | T_DATA => {
                        children.clear();
                        (*(b as *const RBoxed)).data.trace(&mut children);
                        for &c in &children {
                            self.mark(c);
                        }
                        (*(b as *const RBoxed)).data.trace_envs(&mut self.envs);
                    }
                    _ => {}
                }
            }
        }
    }
}

// ---- typed access to objects (the only way the rest of the VM reaches into a slot) ----
//
// Every accessor checks, in release builds too, that the Value is a heap object of the type it
// reads: a native that forgot its own type check gets a Rust panic (turned into a "[BUG]" Ruby
// exception where the dispatch loop called the native, vm/panic.rs), never a read of the wrong
// layout. Heap Values can only be made by the allocator (`Value`'s word is private to
// src/object/), so a Value that passes `is_heap` points at a slot of this process's heap.

/// The cold path of a failed type check.
#[cold]
#[inline(never)]
#[track_caller]
pub fn wrong_type(v: Value, want: &str) -> ! {
    let got = if v.is_heap() {
        let t = basic(v).flags & TYPE_MASK;
        TYPE_NAMES.get(t as usize).copied().unwrap_or("?")
    } else {
        "an immediate"
    };
    panic!("object of type {got} ({v:?}) used as {want}")
}

/// The header of a heap object. Private to src/object/: the flags hold the type and, for a
/// String, its representation (object/string.rs), which safe code outside must not be able to
/// rewrite; it reads them with `flags_of`/`klass_of` and changes only the class and the frozen
/// bit (`set_klass`, `set_frozen`, `unfreeze`).
#[inline]
#[track_caller]
pub(in crate::object) fn basic(v: Value) -> &'static mut RBasic {
    if !v.is_heap() {
        wrong_type(v, "a heap object")
    }
    // SAFETY: `v` is a heap Value (checked above), and heap Values are made only by the
    // allocator, so it points at a slot; live slots stay valid while reachable. The VM is
    // single-threaded and accesses are short-lived.
    unsafe { &mut *(v.0 as *mut RBasic) }
}

/// The flags word of a heap object (a copy).
#[inline]
#[track_caller]
pub fn flags_of(v: Value) -> u64 {
    basic(v).flags
}

/// The class word of a heap object.
#[inline]
#[track_caller]
pub fn klass_of(v: Value) -> Value {
    basic(v).klass
}

/// Sets the class word of a heap object (a subclass instance, a singleton class). A wrong
/// value is caught where it is used as a class (`payload` finds no ClassData: a panic).
#[inline]
#[track_caller]
pub fn set_klass(v: Value, k: Value) {
    basic(v).klass = k;
}

/// Freezes a heap object.
#[inline]
#[track_caller]
pub fn set_frozen(v: Value) {
    basic(v).flags |= FL_FROZEN;
}

/// Unfreezes a heap object that is not a String (a fresh copy of a frozen Range). A frozen
/// String may be the root other strings share bytes with, so it never thaws: a panic.
#[track_caller]
pub fn unfreeze(v: Value) {
    if type_of(v) == T_STRING {
        wrong_type(v, "an object that may be unfrozen")
    }
    basic(v).flags &= !FL_FROZEN;
}

#[inline]
pub fn type_of(v: Value) -> u64 {
    if v.is_heap() {
        basic(v).flags & TYPE_MASK
    } else {
        T_NONE
    }
}

#[inline]
#[track_caller]
pub fn pool_of(v: Value) -> usize {
    ((basic(v).flags >> POOL_SHIFT) & 7) as usize
}

macro_rules! accessor {
    ($name:ident, $ty:ty, $tag:expr) => {
        #[inline]
        #[track_caller]
        pub fn $name(v: Value) -> &'static mut $ty {
            if type_of(v) != $tag {
                wrong_type(v, stringify!($ty))
            }
            // SAFETY: the type tag, checked above, says the slot holds a `$ty`; see `basic` for
            // the aliasing discipline.
            unsafe { &mut *(v.0 as *mut $ty) }
        }
    };
}
accessor!(rfloat, RFloat, T_FLOAT);

/// The body of an Array (its SlotVec: the whole slot, object/slotvec.rs).
#[inline]
#[track_caller]
pub fn rarray(v: Value) -> &'static mut RArray {
    if type_of(v) != T_ARRAY {
        wrong_type(v, "RArray")
    }
    // SAFETY: the type tag, checked above, says the slot holds an Array's SlotVec; see `basic`
    // for the aliasing discipline.
    unsafe { super::slotvec::slot_body(v, |p| p as *mut RArray) }
}

/// The body of a plain Object (its ivars' SlotVec, object/slotvec.rs).
#[inline]
#[track_caller]
pub fn robject(v: Value) -> &'static mut RObject {
    if type_of(v) != T_OBJECT {
        wrong_type(v, "RObject")
    }
    // SAFETY: as in `rarray`, for the T_OBJECT tag.
    unsafe { super::slotvec::slot_body(v, |p| p as *mut RObject) }
}

/// The SlotVec of a live T_ARRAY or T_OBJECT slot (the collector's view).
///
/// # Safety
/// `slot` must hold a live object of one of those two types.
unsafe fn slotvec(slot: *mut RBasic) -> &'static mut SlotVec {
    // SAFETY: guaranteed by the caller.
    unsafe { super::slotvec::slot_body(Value(slot as u64), |p| p as *mut SlotVec) }
}
accessor!(rrange, RRange, T_RANGE);
accessor!(rtime, RTime, T_TIME);

/// The bytes an object takes (ObjectSpace.memsize_of): its slot, plus what its body holds
/// outside the slot (a heap string's buffer, an Array's or an Object's Vec of Values, a boxed
/// payload's malloc size as the counters see it). Immediates take none.
pub fn memsize_of(v: Value) -> usize {
    if !v.is_heap() {
        return 0;
    }
    let slot = POOL_SIZES[pool_of(v)];
    let outside = match type_of(v) {
        T_STRING => super::string::owned_capacity(v),
        T_ARRAY => rarray(v).vec.malloc_size(),
        T_OBJECT => robject(v).ivars.malloc_size(),
        T_CLASS | T_MODULE | T_HASH | T_BIGNUM | T_PROC | T_DATA => {
            // SAFETY: the type tag says the slot holds an `RBoxed`.
            let b = unsafe { &*(v.0 as *const RBoxed) };
            b.data.malloc_size()
        }
        _ => 0,
    };
    slot + outside
}

/// The payload of a boxed object, downcast to `T`.
#[inline]
pub fn payload<T: 'static>(v: Value) -> Option<&'static mut T> {
    let t = type_of(v);
    if !matches!(t, T_CLASS | T_MODULE | T_HASH | T_BIGNUM | T_PROC | T_DATA) {
        return None;
    }
    // SAFETY: the type tag says the slot holds an `RBoxed`.
    let b = unsafe { &mut *(v.0 as *mut RBoxed) };
    b.data.as_any_mut().downcast_mut::<T>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_bodies_fit_their_pools() {
        assert_eq!(std::mem::size_of::<RBasic>(), 16);
        // A Time is one 80-byte slot with its data embedded (object-model.md §6).
        assert_eq!(std::mem::size_of::<RTime>(), 64);
        assert_eq!(pool_for(std::mem::size_of::<RTime>()), Some(1));
        assert_eq!(std::mem::size_of::<RBoxed>(), 32);
        assert_eq!(std::mem::size_of::<RRange>(), 40);
        assert_eq!(pool_for(24), Some(0));
        assert_eq!(pool_for(41), Some(1));
        assert_eq!(pool_for(641), None);
    }

    #[test]
    fn alloc_counts_and_sweep_frees_unrooted() {
        let mut h = Heap::new();
        let keep = h.alloc_array(Value::NIL, &[], 0);
        for _ in 0..10 {
            h.alloc_array(Value::NIL, &[Value::fixnum(1)], 0);
        }
        assert_eq!(h.stats.total_allocated, 11);
        assert_eq!(h.pool_stats(0).allocated, 11);
        h.collect(|m| m.mark(keep));
        assert_eq!(h.stats.total_freed, 10);
        assert_eq!(h.live_slots(), 1);
        assert_eq!(type_of(keep), T_ARRAY);
        // freed slots are reused
        h.alloc_array(Value::NIL, &[], 0);
        assert_eq!(h.pool_stats(0).pages, 1);
    }

    #[test]
    fn new_pages_are_threaded_as_allocation_reaches_them() {
        let mut h = Heap::new();
        let per_page = PAGE_BYTES / POOL_SIZES[0];
        let first = h.alloc_array(Value::NIL, &[], 0);
        // one page, of which only the first 4 KiB stretch is on the free list (and walked)
        assert_eq!(h.pool_stats(0).pages, 1);
        assert_eq!(h.pool_stats(0).slots, per_page);
        assert_eq!(
            h.pools[0].page_extent(0).1,
            THREAD_BYTES.div_ceil(POOL_SIZES[0])
        );
        let mut keep = vec![first];
        for i in 1..per_page + 10 {
            let a = h.alloc_array(Value::NIL, &[], 0);
            if i % 2 == 0 {
                keep.push(a);
            }
        }
        // the first page is used up in address order, then a second one starts
        assert_eq!(h.pool_stats(0).pages, 2);
        assert_eq!(h.pools[0].page_extent(0).1, per_page);
        let mut seen = 0;
        h.each_object(|_| seen += 1);
        assert_eq!(seen, per_page + 10);
        let addrs: Vec<u64> = keep.iter().map(|v| v.0).collect();
        assert!(addrs[..addrs.len() - 5].windows(2).all(|w| w[0] < w[1]));
        h.collect(|m| keep.iter().for_each(|&v| m.mark(v)));
        assert_eq!(h.live_slots() as usize, keep.len());
        // the freed slots come back before any unthreaded one
        let extent = h.pools[0].page_extent(1).1;
        for _ in 0..100 {
            h.alloc_array(Value::NIL, &[], 0);
        }
        assert_eq!(h.pools[0].page_extent(1).1, extent);
        assert_eq!(h.pool_stats(0).pages, 2);
    }

    #[test]
    fn marking_follows_children() {
        let mut h = Heap::new();
        let inner = h.alloc_array(Value::NIL, &[], 0);
        let outer = h.alloc_array(Value::NIL, &[inner], 0);
        h.collect(|m| m.mark(outer));
        assert_eq!(h.live_slots(), 2);
        h.collect(|_| {});
        assert_eq!(h.live_slots(), 0);
    }
}
