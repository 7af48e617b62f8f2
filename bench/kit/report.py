"""Markdown for the program comparison: one table per group (median CPU time, wall time and peak
RSS per runtime, ratios to ruby, output checks) and the summary lines (geometric means, worst)."""
import measure
import programs


def fmt_s(x):
    if x is None:
        return "n/a"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def fmt_mb(kb):
    return "n/a" if kb is None else f"{kb / 1024:.1f}"


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt_r(r):
    return "n/a" if r is None else f"{r:.2f}x"


def fmt_same(cell):
    if cell.failed:
        return cell.failed
    return {True: "yes", False: "**no**", None: "n/a"}[cell.same]


def cpu(cell):
    return None if cell.failed or not cell.runs else cell.med("cpu")


def wall(cell):
    return None if cell.failed or not cell.runs else cell.med("wall")


def rss(cell):
    return None if cell.failed or not cell.runs else cell.med("rss_kb")


HEAD = ("| program | CPU rubra | CPU ruby | CPU mruby | rubra/ruby | mruby/ruby | rubra/mruby "
        "| wall rubra | wall ruby | wall mruby | RSS MB rubra | ruby | mruby | rubra RSS/ruby "
        "| output rubra | output mruby |\n|---|" + "---:|" * 13 + "---|---|")


def row(name, c):
    r, y, m = c["rubra"], c["ruby"], c["mruby"]
    cells = [
        name, fmt_s(cpu(r)), fmt_s(cpu(y)), fmt_s(cpu(m)),
        fmt_r(ratio(cpu(r), cpu(y))), fmt_r(ratio(cpu(m), cpu(y))), fmt_r(ratio(cpu(r), cpu(m))),
        fmt_s(wall(r)), fmt_s(wall(y)), fmt_s(wall(m)),
        fmt_mb(rss(r)), fmt_mb(rss(y)), fmt_mb(rss(m)), fmt_r(ratio(rss(r), rss(y))),
        fmt_same(r), fmt_same(m),
    ]
    return "| " + " | ".join(cells) + " |"


def summary(results, group):
    """(geomean rubra/ruby CPU, worst (name, ratio), geomean mruby/ruby, n, identical, failures)."""
    rs, ms, worst, same, fails = [], [], None, 0, []
    for prog, c in results:
        if prog.group != group:
            continue
        q = ratio(cpu(c["rubra"]), cpu(c["ruby"]))
        if q is None:
            fails.append(prog.name)
            continue
        rs.append(q)
        same += c["rubra"].same is True
        if worst is None or q > worst[1]:
            worst = (prog.name, q)
        m = ratio(cpu(c["mruby"]), cpu(c["ruby"]))
        if m is not None:
            ms.append(m)
    return measure.geomean(rs), worst, measure.geomean(ms), len(rs), same, fails


def slower_than_mruby(results, group):
    return [p.name for p, c in results if p.group == group
            and (ratio(cpu(c["rubra"]), cpu(c["mruby"])) or 0) >= 1]


def markdown(results, startup, header, iters):
    out = [header, ""]
    groups = []
    for prog, _ in results:
        if prog.group not in groups:
            groups.append(prog.group)
    out.append("Summary (CPU time = user + sys, median of the runs; ratios are rubra's or mruby's over ruby's):")
    out.append("")
    for g in groups:
        gm, worst, mg, n, same, fails = summary(results, g)
        line = f"- {g}: rubra/ruby geometric mean **{fmt_r(gm)}** over {n} programs"
        if worst:
            line += f", worst {worst[0]} {fmt_r(worst[1])}"
        line += f"; mruby/ruby {fmt_r(mg)}; rubra's output identical to ruby's in {same} of {n}"
        if fails:
            line += f"; rubra failed: {', '.join(fails)}"
        if g == "classic":
            slow = slower_than_mruby(results, g)
            line += "; slower than mruby: " + (", ".join(slow) if slow else "none")
        out.append(line)
    if startup:
        w = {rt: startup[rt].med("wall") if startup[rt].runs else None for rt in startup}
        c = {rt: startup[rt].med("cpu") if startup[rt].runs else None for rt in startup}
        out.append(f"- start-up (`-e 'puts 1'`, median CPU / wall): rubra {fmt_s(c['rubra'])} / {fmt_s(w['rubra'])}, "
                   f"ruby {fmt_s(c['ruby'])} / {fmt_s(w['ruby'])}, mruby {fmt_s(c['mruby'])} / {fmt_s(w['mruby'])}")
    out.append("")
    for g in groups:
        out.append("### " + programs.GROUP_TITLES[g].format(iters=iters))
        out.append("")
        out.append(HEAD)
        for prog, c in results:
            if prog.group == g:
                out.append(row(prog.name, c))
        notes = [(p.name, rt, c[rt].note) for p, c in results if p.group == g
                 for rt in ("rubra", "mruby") if c[rt].failed and c[rt].note]
        last = [p.name for p, _ in results if p.group == g and p.name in programs.COMPARE_LAST_LINE]
        out.append("")
        for name in last:
            out.append(f"- {name}: only the last line is compared ({programs.COMPARE_LAST_LINE[name]}).")
        for name, rt, note in notes:
            out.append(f"- {name} under {rt}: `{note.replace('|', '/').replace('`', '')}`")
        if last or notes:
            out.append("")
    return "\n".join(out) + "\n"
