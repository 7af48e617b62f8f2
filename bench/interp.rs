//! Criterion benchmarks of the interpreter on small Ruby workloads (parse + compile + run of
//! whole programs, in-process) and of the allocation fast paths.

use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

fn run(src: &str) {
    let mut i = rubra::Interpreter::new();
    let status = i.run_main(src, "bench.rb");
    assert_eq!(status, 0);
}

fn programs(c: &mut Criterion) {
    let mut g = c.benchmark_group("programs");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("fib(22)", |b| {
        b.iter(|| run("def fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2)\nfib(22)"))
    });
    g.bench_function("while 1M", |b| {
        b.iter(|| run("i = 0\nwhile i < 1_000_000\n  i += 1\nend"))
    });
    g.bench_function("times+block 200k", |b| {
        b.iter(|| run("t = 0\n200_000.times { |i| t += i }"))
    });
    g.bench_function("string literals 100k", |b| {
        b.iter(|| run("i = 0\nwhile i < 100_000\n  s = \"0123456789\"\n  i += 1\nend"))
    });
    g.finish();
}

/// The IO write and read paths (object-model.md §7), to /dev/null and through a scratch file.
fn io(c: &mut Criterion) {
    let mut g = c.benchmark_group("io");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("puts 100k lines (8K buffer)", |b| {
        b.iter(|| {
            run("f = File.open(\"/dev/null\", \"w\")\ni = 0\nwhile i < 100_000\n  f.puts \"line\"\n  i += 1\nend\nf.close")
        })
    });
    g.bench_function("write 16 KB mutable x 10k (hidden buffer)", |b| {
        b.iter(|| {
            run("f = File.open(\"/dev/null\", \"w\")\ns = \"x\" * 16384\ni = 0\nwhile i < 10_000\n  f.write(s)\n  s.setbyte(0, 65)\n  i += 1\nend\nf.close")
        })
    });
    let path = std::env::temp_dir().join(format!("rubra-bench-copy-{}", std::process::id()));
    std::fs::write(&path, vec![b'x'; 16 << 20]).unwrap();
    let src = format!(
        "src = File.open({:?})\ndst = File.open(\"/dev/null\", \"w\")\nbuf = String.new\nwhile src.read(16384, buf)\n  dst.write(buf)\nend\nsrc.close\ndst.close",
        path.to_str().unwrap()
    );
    g.bench_function("read(16384, buf)/write(buf) 16 MB", |b| {
        b.iter(|| run(&src))
    });
    g.finish();
    let _ = std::fs::remove_file(&path);
}

/// Time.now, as CRuby's benchmark/time_now.yml: one embedded object per call.
fn time_now(c: &mut Criterion) {
    let mut g = c.benchmark_group("time");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("Time.now 100k", |b| {
        b.iter(|| run("i = 0\nwhile i < 100_000\n  Time.now\n  i += 1\nend"))
    });
    g.bench_function("Time.now(in: \"+09:00\") 100k", |b| {
        b.iter(|| run("i = 0\nwhile i < 100_000\n  Time.now(in: \"+09:00\")\n  i += 1\nend"))
    });
    g.finish();
}

criterion_group!(benches, programs, io, time_now);
criterion_main!(benches);
