//! The fstring table (src/object/fstring.rs) against a `Mutex<HashMap>` baseline, with 1, 2 and
//! 4 threads: insert-heavy (each round interns 20,000 strings, half of them shared by all
//! threads, into an empty table) and lookup-heavy (each thread looks up 20,000 strings of a
//! filled table). Time per round, all threads together.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rubra::object::fstring::FstringTable;
use std::collections::HashMap;
use std::sync::{Arc, Barrier, Mutex};
use std::time::{Duration, Instant};

const PER_THREAD: usize = 20_000;

/// What both tables offer: intern (get or insert) and lookup.
trait Set: Send + Sync + 'static {
    fn new() -> Self;
    fn intern(&self, bytes: &[u8], value: u64) -> u64;
    fn lookup(&self, bytes: &[u8]) -> Option<u64>;
}

impl Set for FstringTable {
    fn new() -> Self {
        FstringTable::new()
    }
    fn intern(&self, bytes: &[u8], value: u64) -> u64 {
        FstringTable::intern(self, 1, bytes, || value).0
    }
    fn lookup(&self, bytes: &[u8]) -> Option<u64> {
        FstringTable::lookup(self, 1, bytes)
    }
}

struct Locked(Mutex<HashMap<Box<[u8]>, u64, ahash::RandomState>>);

impl Set for Locked {
    fn new() -> Self {
        Locked(Mutex::new(HashMap::default()))
    }
    fn intern(&self, bytes: &[u8], value: u64) -> u64 {
        let mut m = self.0.lock().unwrap();
        if let Some(&v) = m.get(bytes) {
            return v;
        }
        m.insert(bytes.into(), value);
        value
    }
    fn lookup(&self, bytes: &[u8]) -> Option<u64> {
        self.0.lock().unwrap().get(bytes).copied()
    }
}

/// Keys for thread `t`: even ones shared by all threads, odd ones its own.
fn keys(t: usize) -> Vec<Vec<u8>> {
    (0..PER_THREAD)
        .map(|i| {
            if i % 2 == 0 {
                format!("shared-key-{i}").into_bytes()
            } else {
                format!("own-key-{t}-{i}").into_bytes()
            }
        })
        .collect()
}

/// Runs `work` on `threads` threads started together; returns the wall time of the slowest.
fn timed<S: Set>(set: Arc<S>, threads: usize, work: fn(&S, &[Vec<u8>])) -> Duration {
    let barrier = Arc::new(Barrier::new(threads + 1));
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let (set, barrier) = (set.clone(), barrier.clone());
            let ks = keys(t);
            std::thread::spawn(move || {
                barrier.wait();
                work(&set, &ks);
            })
        })
        .collect();
    barrier.wait();
    let start = Instant::now();
    for h in handles {
        h.join().unwrap();
    }
    start.elapsed()
}

fn insert_round<S: Set>(threads: usize) -> Duration {
    timed(Arc::new(S::new()), threads, |s, ks| {
        for (i, k) in ks.iter().enumerate() {
            std::hint::black_box(s.intern(k, i as u64));
        }
    })
}

fn lookup_round<S: Set>(set: &Arc<S>, threads: usize) -> Duration {
    timed(set.clone(), threads, |s, ks| {
        for k in ks {
            std::hint::black_box(s.lookup(k));
        }
    })
}

fn filled<S: Set>() -> Arc<S> {
    let s = S::new();
    for t in 0..4 {
        for (i, k) in keys(t).iter().enumerate() {
            s.intern(k, i as u64);
        }
    }
    Arc::new(s)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("fstring");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    let (lockfree, locked) = (filled::<FstringTable>(), filled::<Locked>());
    for threads in [1, 2, 4] {
        g.bench_with_input(
            BenchmarkId::new("insert/lock-free", threads),
            &threads,
            |b, &n| {
                b.iter_custom(|iters| (0..iters).map(|_| insert_round::<FstringTable>(n)).sum())
            },
        );
        g.bench_with_input(
            BenchmarkId::new("insert/mutex", threads),
            &threads,
            |b, &n| b.iter_custom(|iters| (0..iters).map(|_| insert_round::<Locked>(n)).sum()),
        );
        g.bench_with_input(
            BenchmarkId::new("lookup/lock-free", threads),
            &threads,
            |b, &n| b.iter_custom(|iters| (0..iters).map(|_| lookup_round(&lockfree, n)).sum()),
        );
        g.bench_with_input(
            BenchmarkId::new("lookup/mutex", threads),
            &threads,
            |b, &n| b.iter_custom(|iters| (0..iters).map(|_| lookup_round(&locked, n)).sum()),
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
