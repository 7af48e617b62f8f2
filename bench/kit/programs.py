"""The programs bench/compare runs, in three groups, and what the kit knows about each.

One source of truth: the classic programs are named here; every other bench/ruby/*.rb is a
workload; the ruby-bench programs are whatever ../shared/ruby-bench/*.rb holds (skipped when that
directory is absent).
"""
import os
import glob

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUBY_DIR = os.path.join(ROOT, "bench", "ruby")
RUBY_BENCH_DIR = os.path.normpath(os.path.join(ROOT, "..", "shared", "ruby-bench"))

# The classic interpreter benchmarks (issue 14's target: every one faster than mruby).
CLASSIC = [
    "fib", "while_loop", "nbody", "binary_trees", "fannkuch", "nqueens",
    "mandelbrot", "matmul", "lists", "hash_churn", "string_build",
]

# Programs whose output carries runtime-specific counters (objects allocated, roots created), so
# only their last line (the parse result) is compared with ruby's.
COMPARE_LAST_LINE = {
    "fluentd": "prints GC.stat/RubyVM.stat counters per iteration",
    "fluentd_regexp": "prints GC.stat/RubyVM.stat counters per iteration",
}

# Workloads that need a fixture file, made once by the kit.
BIG_FILE = "/tmp/rubra-bench-1g.bin"
NEEDS_BIG_FILE = {"copy_loop"}


class Program:
    def __init__(self, group, name, path, args=()):
        self.group = group
        self.name = name
        self.path = path
        self.args = list(args)

    def argv(self, binary):
        return [binary, self.path] + self.args


def discover(iters):
    """All programs, in table order: classic, workloads, ruby-bench (with --iters=ITERS)."""
    progs = []
    for name in CLASSIC:
        progs.append(Program("classic", name, os.path.join(RUBY_DIR, name + ".rb")))
    for path in sorted(glob.glob(os.path.join(RUBY_DIR, "*.rb"))):
        name = os.path.basename(path)[:-3]
        if name not in CLASSIC:
            progs.append(Program("workloads", name, path))
    if os.path.isdir(RUBY_BENCH_DIR):
        for path in sorted(glob.glob(os.path.join(RUBY_BENCH_DIR, "*.rb"))):
            name = os.path.basename(path)[:-3]
            progs.append(Program("ruby-bench", name, path, [f"--iters={iters}"]))
    return progs


GROUP_TITLES = {
    "classic": "Classic programs (bench/ruby/)",
    "workloads": "Workloads (bench/ruby/)",
    "ruby-bench": "ruby-bench programs (../shared/ruby-bench/, --iters={iters})",
    "startup": "Start-up (-e 'puts 1')",
}
