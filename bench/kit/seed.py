"""The seed ticket's reproduction (object-model.md §4 and §3): the fluentd split workload, and the
regexp parse beside it, at substring cutoffs 15 (Ruby 4.0's rule) and 128 (rubra's default) and
under ruby 3.1; and the substring size curve (byteslice tails of a mutable and a frozen 2 KB
string) at both cutoffs. The cutoff is rubra's RUBRA_SUBSEQ_EMBED_MAX; the programs print the
objects (GC.stat) and roots (RubyVM.stat root_by_copy + root_by_takeover) they make."""
import re

import measure
import programs
import svg

CUTOFF = "RUBRA_SUBSEQ_EMBED_MAX"
# CRuby's figures for one iteration of the split parse (object-model.md §4).
EXPECTED_OBJECTS = {"15": 3_250_012, "128": 3_000_012}
EXPECTED_ROOTS = {"15": 250_000, "128": 0}
SIZES = [1, 23, 100, 250, 500, 1000]


def configs(bins):
    return [
        ("rubra, cutoff 15", bins["rubra"], {CUTOFF: "15"}, "15"),
        ("rubra, cutoff 128", bins["rubra"], {CUTOFF: "128"}, "128"),
        ("ruby 3.1", bins["ruby"], {}, None),
    ]


ITER_LINE = re.compile(r"iteration (\d+): (\d+) objects(?:, (\d+) roots)?")


def parse_iterations(text):
    """{iteration: (objects, roots or None)} from fluentd.rb's output."""
    got = {}
    for m in ITER_LINE.finditer(text):
        got[int(m.group(1))] = (int(m.group(2)), None if m.group(3) is None else int(m.group(3)))
    return got


def fluentd(bins, runs, k, log):
    """Per program and configuration: time per iteration ((median of K iterations - median of 1)
    / (K - 1), CPU and wall), objects and roots of the first and a later iteration, peak RSS."""
    rows = []
    for prog in ("fluentd", "fluentd_regexp"):
        path = f"{programs.RUBY_DIR}/{prog}.rb"
        cfgs = configs(bins)
        one = {c[0]: [] for c in cfgs}
        many = {c[0]: [] for c in cfgs}
        for rnd in range(runs):
            order = cfgs[rnd % 3:] + cfgs[:rnd % 3]
            for label, binary, env, _ in order:
                for n, bucket in ((1, one), (k, many)):
                    r = measure.run([binary, path], {**env, "ITERATIONS": str(n)}, timeout=600, keep_output=True)
                    if r.status != "ok":
                        raise SystemExit(f"{prog} under {label} failed: {r.err[-400:]}")
                    bucket[label].append(r)
        for label, _, _, cutoff in cfgs:
            its = parse_iterations(many[label][0].out)
            cpu_k, cpu_1 = measure.median([r.cpu for r in many[label]]), measure.median([r.cpu for r in one[label]])
            wall_k, wall_1 = measure.median([r.wall for r in many[label]]), measure.median([r.wall for r in one[label]])
            rows.append({
                "program": prog, "label": label, "cutoff": cutoff,
                "cpu_ms": (cpu_k - cpu_1) / (k - 1) * 1000, "wall_ms": (wall_k - wall_1) / (k - 1) * 1000,
                "first": its.get(1), "later": its.get(2),
                "rss_kb": measure.median([r.rss_kb for r in many[label]]),
                "result": many[label][0].last_line,
            })
            print(f"seed: {prog} {label}: {rows[-1]['cpu_ms']:.0f} ms/iteration, {its.get(2)}", file=log, flush=True)
    return rows


def curve(bins, runs, n, log):
    """ns per byteslice ((CPU of N slices - CPU of none) / N), objects per slice, roots."""
    res = {}
    cfgs = configs(bins)
    for frozen in ("0", "1"):
        for rnd in range(runs):
            order = cfgs[rnd % 3:] + cfgs[:rnd % 3]
            for label, binary, env, _ in order:
                base = measure.run([binary, f"{programs.RUBY_DIR}/substring_curve.rb"],
                                   {**env, "FROZEN": frozen, "N": "0", "SIZE": "1"}, timeout=120)
                for size in SIZES:
                    r = measure.run([binary, f"{programs.RUBY_DIR}/substring_curve.rb"],
                                    {**env, "FROZEN": frozen, "N": str(n), "SIZE": str(size), "REPORT": "1"},
                                    timeout=300, keep_output=True)
                    if r.status != "ok":
                        raise SystemExit(f"substring_curve under {label} failed: {r.err[-400:]}")
                    cell = res.setdefault((frozen, label, size), {"ns": [], "out": r.out})
                    cell["ns"].append((r.cpu - base.cpu) / n * 1e9)
        print(f"seed: substring curve, {'frozen' if frozen == '1' else 'mutable'} source done", file=log, flush=True)
    for cell in res.values():
        m = re.search(r"([\d.]+) objects per slice(?:, (\d+) roots)?", cell["out"])
        cell["objects"] = float(m.group(1)) if m else None
        cell["roots"] = int(m.group(2)) if m and m.group(2) else None
        cell["ns"] = measure.median(cell["ns"])
    return res


def _n(v):
    return "n/a" if v is None else f"{v:,}"


def fluentd_markdown(rows, k):
    out = ["### The fluentd split workload at cutoffs 15 and 128 (object-model.md §4)", "",
           f"Time per iteration = (median time of {k} iterations - median time of 1) / {k - 1}; objects and roots "
           "per iteration from the program's own GC.stat / RubyVM.stat lines (iteration 2; iteration 1 "
           "in brackets when it differs); peak RSS of the run of " + str(k) + " iterations.", "",
           "| parser | runtime | CPU ms / iteration | wall ms / iteration | objects / iteration | roots / iteration "
           "| peak RSS MB | CPU vs ruby | CRuby's objects |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    ruby_cpu = {r["program"]: r["cpu_ms"] for r in rows if r["cutoff"] is None}
    for r in rows:
        obj, roots = r["later"] or (None, None)
        fobj, froots = r["first"] or (None, None)
        o = _n(obj) + (f" ({_n(fobj)})" if fobj != obj else "")
        t = "n/a (ruby)" if roots is None else _n(roots) + (f" ({_n(froots)})" if froots != roots else "")
        exp = _n(EXPECTED_OBJECTS.get(r["cutoff"])) if r["program"] == "fluentd" and r["cutoff"] else ""
        out.append(f"| {r['program']} | {r['label']} | {r['cpu_ms']:.0f} | {r['wall_ms']:.0f} | {o} | {t} | "
                   f"{r['rss_kb'] / 1024:.0f} | {r['cpu_ms'] / ruby_cpu[r['program']]:.2f}x | {exp} |")
    out.append("")
    split = {r["cutoff"]: r for r in rows if r["program"] == "fluentd"}
    for c in ("15", "128"):
        r = split.get(c)
        if not r or not r["later"]:
            continue
        obj, roots = r["later"]
        dev = (obj - EXPECTED_OBJECTS[c]) / EXPECTED_OBJECTS[c] * 100
        ok = abs(dev) <= 1 and roots == EXPECTED_ROOTS[c]
        out.append(f"- cutoff {c}: {_n(obj)} objects per iteration ({dev:+.4f}% from CRuby's {_n(EXPECTED_OBJECTS[c])}), "
                   f"{_n(roots)} roots (expected {_n(EXPECTED_ROOTS[c])}): **{'as expected' if ok else 'NOT as expected'}**")
    if "15" in split and "128" in split:
        out.append(f"- time per iteration, cutoff 15 / cutoff 128: {split['15']['cpu_ms'] / split['128']['cpu_ms']:.2f}x "
                   "(CRuby measured the 128-byte rule 1.12x-1.24x faster)")
    same = {r["result"] for r in rows}
    out.append(f"- last lines (the parsed record) identical across runtimes and cutoffs: {'yes' if len(same) <= 2 else 'no'}")
    out.append("")
    return "\n".join(out)


def curve_markdown(res, labels, n):
    out = ["### The substring size curve at cutoffs 15 and 128 (object-model.md §3)", "",
           f"`bench/ruby/substring_curve.rb`: {n:,} `byteslice` tails of SIZE bytes of a 2 KB string; "
           "ns per slice = (CPU time of the run - CPU time of a run with no slices) / N; objects per slice from "
           "GC.stat; roots (rubra) per size from RubyVM.stat.", "",
           "| source | size | " + " | ".join(f"{l} ns" for l in labels) + " | "
           + " | ".join(f"{l} objects (roots)" for l in labels[:2]) + " |",
           "|---|---:|" + "---:|" * (len(labels) + 2)]
    for frozen, name in (("0", "mutable"), ("1", "frozen")):
        for size in SIZES:
            cells = [res[(frozen, l, size)] for l in labels]
            ns = " | ".join(f"{c['ns']:.1f}" for c in cells)
            obj = " | ".join(f"{c['objects']} ({c['roots']})" for c in cells[:2])
            out.append(f"| {name} | {size} | {ns} | {obj} |")
    out.append("")
    return "\n".join(out)


def fluentd_svg(rows):
    split = [r for r in rows if r["program"] == "fluentd"]
    labels = [r["label"] for r in split]
    panels = [
        ("CPU time / iteration", "ms", [r["cpu_ms"] for r in split]),
        ("objects / iteration", "count", [(r["later"] or (None,))[0] for r in split]),
        ("roots / iteration", "count (ruby: not counted)", [(r["later"] or (None, None))[1] for r in split]),
        ("peak RSS", "MB", [r["rss_kb"] / 1024 for r in split]),
    ]
    return svg.bar_panels("fluentd split workload (object-model.md §4): rubra at cutoffs 15 and 128, ruby 3.1",
                          panels, labels)


def curve_svg(res, labels):
    series = []
    for frozen, name, dashed in (("0", "mutable", False), ("1", "frozen", True)):
        for l in labels:
            series.append((f"{l}, {name}", [res[(frozen, l, s)]["ns"] for s in SIZES], dashed))
    return svg.line_chart("byteslice tail cost by size (CPU ns per slice)", [str(s) for s in SIZES], series, "ns per slice")
