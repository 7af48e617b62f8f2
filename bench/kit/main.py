"""bench/compare's driver (bench/compare builds rubra and installs the peers first).

    bench/compare [all]                 programs + seed (the default)
    bench/compare programs [NAME...]    the program comparison (all programs, or those named)
    bench/compare seed                  the fluentd reproduction and the substring curve
    bench/compare callgrind [--bin=PATH]... NAME...   rubra's instruction counts (valgrind)

Environment: RUNS (rounds per program, default 3), QUICK=1 (1 round, ruby-bench --iters=1,
fewer fluentd iterations and slices), TIMEOUT (CPU seconds a run may always take, default 20;
beyond that a runtime is stopped at 5x ruby's CPU time), RUBRA_BIN, RUBY_BIN, MRUBY_BIN.
Writes bench/results/{compare.md, compare.svg, seed.md, fluentd.svg, substring_curve.svg}.
"""
import datetime
import os
import platform
import re
import subprocess
import sys

import measure
import programs
import report
import seed
import suite
import svg

RESULTS = os.path.join(programs.ROOT, "bench", "results")


def sh(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, cwd=programs.ROOT).stdout.strip()
    except OSError:
        return ""


def header(title, bins):
    commit = sh(["git", "rev-parse", "--short", "HEAD"]) or "unknown"
    if sh(["git", "status", "--porcelain", "--untracked-files=no"]):
        commit += " (with uncommitted changes)"
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    versions = ", ".join(filter(None, [sh([bins["ruby"], "-v"]).split(" [")[0], sh([bins["mruby"], "-v"]).split(" (")[0]]))
    return (f"## {title}\n\n{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}, "
            f"rubra `{shown(bins['rubra'])}` against {versions}; {os.cpu_count()} x {cpu} "
            f"({platform.system()} {platform.release()}), load average {' '.join(load)} at the start "
            "(the machine is shared: CPU time is the figure, wall time is noisier).")


def shown(path):
    rel = os.path.relpath(path, programs.ROOT)
    return path if rel.startswith("..") else rel


def settings():
    quick = os.environ.get("QUICK") == "1"
    runs = int(os.environ.get("RUNS", "1" if quick else "3"))
    return quick, runs, float(os.environ.get("TIMEOUT", "20"))


def write(name, text):
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, name), "w") as f:
        f.write(text)


def cmd_programs(names, bins):
    """All programs (written to compare.json/md/svg), or only NAMES: those replace their rows in
    the last full run's compare.json, and the tables and chart are rebuilt from it."""
    quick, runs, floor = settings()
    iters = 1 if quick else 3
    progs = programs.discover(iters)
    if names:
        progs = [p for p in progs if p.name in names]
    if not os.path.isdir(programs.RUBY_BENCH_DIR):
        print(f"note: {programs.RUBY_BENCH_DIR} is absent; the ruby-bench programs are skipped", file=sys.stderr)
    head = header("Programs: rubra, ruby 3.1 and mruby", bins)
    head += f"\n\n{runs} interleaved run(s) per program and runtime; medians."
    results = suite.run_all(progs, runs, bins, floor)
    startup = None if names else suite.run_startup(runs, bins)
    store = os.path.join(RESULTS, "compare.json")
    old = suite.load(store) if names else None
    if old:
        # keyed by group too: a classic program and a ruby-bench one may share a name (fib)
        new = {(p.group, p.name): (p, c) for p, c in results}
        merged = [new.pop((p.group, p.name), (p, c)) for p, c in old[0]]
        results = merged + list(new.values())
        startup = old[1]
        head = old[2]["head"] + (f"\n\nRe-run later ({datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
                                 f"{runs} run(s)): {', '.join(names)}.")
        iters = old[2]["iters"]
    os.makedirs(RESULTS, exist_ok=True)
    # Named programs with no full run to merge into go to files of their own.
    base = "compare" if old or not names else "compare-" + "-".join(names)[:60]
    store = os.path.join(RESULTS, base + ".json")
    suite.save(store, results, startup, {"head": head, "iters": iters})
    md = report.markdown(results, startup, head, iters)
    sections = []
    for group in ("classic", "workloads", "ruby-bench"):
        items = []
        for prog, c in results:
            if prog.group == group:
                y = report.cpu(c["ruby"])
                items.append((prog.name, {"rubra / ruby": report.ratio(report.cpu(c["rubra"]), y),
                                          "mruby / ruby": report.ratio(report.cpu(c["mruby"]), y)}))
        if items:
            sections.append((programs.GROUP_TITLES[group].format(iters=iters), items))
    chart = svg.ratio_bars("CPU time relative to ruby 3.1 (left of 1x: faster than ruby)", sections,
                           ["rubra / ruby", "mruby / ruby"])
    write(base + ".md", md)
    write(base + ".svg", chart)
    print(md)


def cmd_seed(bins):
    quick, runs, _ = settings()
    k = 2 if quick else 4
    n = 200_000 if quick else 2_000_000
    rows = seed.fluentd(bins, runs, k, sys.stderr)
    labels = [c[0] for c in seed.configs(bins)]
    res = seed.curve(bins, runs, n, sys.stderr)
    head = header("The seed's reproduction: substring cutoffs 15 and 128", bins)
    head += f"\n\n{runs} interleaved run(s) per configuration; medians."
    md = "\n\n".join([head, seed.fluentd_markdown(rows, k), seed.curve_markdown(res, labels, n)])
    md += "\nCharts: `fluentd.svg`, `substring_curve.svg`.\n"
    write("seed.md", md)
    write("fluentd.svg", seed.fluentd_svg(rows))
    write("substring_curve.svg", seed.curve_svg(res, labels))
    print(md)


def cmd_callgrind(args, bins):
    binaries = [a.split("=", 1)[1] for a in args if a.startswith("--bin=")] or [bins["rubra"]]
    names = [a for a in args if not a.startswith("--bin=")]
    print("| program | " + " | ".join(binaries) + " |\n|---|" + "---:|" * len(binaries))
    for name in names:
        path = name if name.endswith(".rb") else os.path.join(programs.RUBY_DIR, name + ".rb")
        counts = []
        for b in binaries:
            r = measure.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", b, path], timeout=1800)
            m = re.search(r"Collected : (\d+)", r.err) or re.search(r"refs:\s+([\d,]+)", r.err)
            counts.append(f"{int(m.group(1).replace(',', '')):,}" if m else r.status)
        print(f"| {name} | " + " | ".join(counts) + " |", flush=True)


def main(argv):
    bins = suite.binaries()
    cmd = argv[0] if argv else "all"
    if cmd == "all":
        cmd_programs([], bins)
        cmd_seed(bins)
    elif cmd == "programs":
        cmd_programs(argv[1:], bins)
    elif cmd == "seed":
        cmd_seed(bins)
    elif cmd == "callgrind":
        cmd_callgrind(argv[1:], bins)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
