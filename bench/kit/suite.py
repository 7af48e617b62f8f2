"""The program comparison: every program under rubra, ruby 3.1 and mruby, interleaved (each
round runs the three runtimes one after the other, in a rotating order), RUNS rounds each, and the
medians, ratios to ruby and output checks that report.py prints."""
import json
import os
import sys
from types import SimpleNamespace

import measure
import programs

RUNTIMES = ["ruby", "rubra", "mruby"]


class Cell:
    """One program under one runtime: its runs, or why it has none."""

    def __init__(self):
        self.runs = []
        self.failed = None  # "error" / "timeout" when the runtime cannot run the program
        self.same = None  # output identical to ruby's: True / False / None (unknown)
        self.note = ""

    def med(self, field):
        return measure.median([getattr(r, field) for r in self.runs])


def binaries():
    return {
        "rubra": os.environ.get("RUBRA_BIN", os.path.join(programs.ROOT, "target", "release", "rubra")),
        "ruby": os.environ.get("RUBY_BIN", "ruby"),
        "mruby": os.environ.get("MRUBY_BIN", "mruby"),
    }


def ensure_big_file():
    path = programs.BIG_FILE
    if os.path.exists(path) and os.path.getsize(path) == 1 << 30:
        return
    block = bytes(1 << 20)
    with open(path, "wb") as f:
        for _ in range(1024):
            f.write(block)


def first_error(r):
    """The line of a failed run's stderr that names the error (the first one, not the backtrace)."""
    if r.status == "timeout":
        return "stopped by the CPU-time limit"
    lines = [l for l in r.err.strip().splitlines() if l.strip()]
    for line in lines:
        if "Error" in line or "error" in line:
            return line.strip()[:160]
    return (lines or [""])[0].strip()[:160]


def run_program(prog, runs, bins, timeout_floor):
    """Runs `prog` RUNS times under each runtime, interleaved; returns {runtime: Cell}."""
    if prog.name in programs.NEEDS_BIG_FILE:
        ensure_big_file()
    cells = {rt: Cell() for rt in RUNTIMES}
    cpu_limit = timeout_floor
    for rnd in range(runs):
        order = RUNTIMES[rnd % 3:] + RUNTIMES[:rnd % 3]
        for rt in order:
            cell = cells[rt]
            if cell.failed:
                continue
            # ruby, the reference, runs without a limit; rubra, the subject, with a generous one
            # (a slow figure is a result, not a failure); mruby is stopped at 5x ruby's CPU time.
            limit = {"ruby": None, "rubra": 12 * cpu_limit, "mruby": cpu_limit}[rt]
            r = measure.run(prog.argv(bins[rt]), timeout=max(600, 40 * cpu_limit), cpu_limit=limit)
            if r.status != "ok":
                cell.failed = r.status
                cell.note = first_error(r)
                continue
            cell.runs.append(r)
            if rt == "ruby" and rnd == 0:
                # A runtime taking 5x ruby's CPU time (and at least the floor) is stopped.
                cpu_limit = max(timeout_floor, 5 * r.cpu)
    ref = cells["ruby"]
    last_only = prog.name in programs.COMPARE_LAST_LINE
    for rt in ("rubra", "mruby"):
        cell = cells[rt]
        if cell.runs and ref.runs:
            a, b = cell.runs[0], ref.runs[0]
            cell.same = (a.last_line == b.last_line) if last_only else (a.digest == b.digest)
    return cells


def run_startup(runs, bins):
    """Start-up: `-e 'puts 1'`, 10 runs per round, CPU and wall time of the program alone (not
    under GNU time)."""
    cells = {rt: Cell() for rt in RUNTIMES}
    for rnd in range(runs * 10):
        order = RUNTIMES[rnd % 3:] + RUNTIMES[:rnd % 3]
        for rt in order:
            r = measure.run([bins[rt], "-e", "puts 1"], timeout=10, rss=False)
            if r.status == "ok":
                cells[rt].runs.append(r)
            else:
                cells[rt].failed = r.status
    for rt in ("rubra", "mruby"):
        cells[rt].same = bool(cells[rt].runs) and cells[rt].runs[0].digest == cells["ruby"].runs[0].digest
    return cells


def run_all(progs, runs, bins, timeout_floor, log=sys.stderr):
    results = []
    for i, prog in enumerate(progs):
        cells = run_program(prog, runs, bins, timeout_floor)
        results.append((prog, cells))
        parts = []
        for rt in RUNTIMES:
            c = cells[rt]
            parts.append(f"{rt} {c.failed}" if c.failed else f"{rt} {c.med('cpu'):.2f}s")
        same = "" if cells["rubra"].same in (True, None) else "  OUTPUT DIFFERS"
        print(f"[{i + 1}/{len(progs)}] {prog.group}/{prog.name}: " + ", ".join(parts) + same, file=log, flush=True)
    return results


def save(path, results, startup, meta):
    """Writes the medians' raw material (every run's figures) so that a later `programs NAME`
    run can replace some programs and the tables be rebuilt from all of them."""

    def cell(c):
        return {"failed": c.failed, "note": c.note, "same": c.same,
                "runs": [{"cpu": r.cpu, "wall": r.wall, "rss_kb": r.rss_kb} for r in c.runs]}

    data = {"meta": meta,
            "programs": [{"group": p.group, "name": p.name, "cells": {rt: cell(c[rt]) for rt in RUNTIMES}}
                         for p, c in results],
            "startup": {rt: cell(startup[rt]) for rt in RUNTIMES} if startup else None}
    with open(path, "w") as f:
        json.dump(data, f, indent=1)


def load(path):
    """(results, startup, meta) as `save` wrote them, or None."""
    if not os.path.exists(path):
        return None
    data = json.load(open(path))

    def cell(d):
        c = Cell()
        c.failed, c.note, c.same = d["failed"], d["note"], d["same"]
        c.runs = [SimpleNamespace(**r) for r in d["runs"]]
        return c

    results = [(SimpleNamespace(group=p["group"], name=p["name"]), {rt: cell(p["cells"][rt]) for rt in RUNTIMES})
               for p in data["programs"]]
    startup = {rt: cell(data["startup"][rt]) for rt in RUNTIMES} if data["startup"] else None
    return results, startup, data["meta"]
