"""SVG charts written with the standard library only: ratio bars on a log scale, bar panels and
line charts. Each function returns the SVG document as a string."""
import math
from xml.sax.saxutils import escape

COLORS = ["#c0392b", "#2471a3", "#7d8c3c", "#8e44ad", "#d68910", "#17a589"]
FONT = 'font-family="sans-serif"'


def _doc(w, h, body):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
            f'<rect width="{w}" height="{h}" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


def _text(x, y, s, anchor="start", extra=""):
    if "font-size" not in extra:
        extra += ' font-size="12"'
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} {extra}>{escape(str(s))}</text>'


def ratio_bars(title, sections, series):
    """Horizontal bars of ratios (1.0 = the reference) on a log2 axis from 1/8 to 8.
    sections: [(section title, [(label, {series name: ratio or None})])]."""
    left, width, row_h, bar_h = 170, 560, 8 + 9 * len(series), 9
    lo, hi = -3.0, 3.0
    x_of = lambda r: left + (min(max(math.log2(r), lo), hi) - lo) / (hi - lo) * width
    rows = sum(len(items) + 1 for _, items in sections)
    h = 70 + rows * row_h + 30
    body = [_text(10, 20, title, extra='font-weight="bold" font-size="14"')]
    for i, name in enumerate(series):
        body.append(f'<rect x="{left + i * 150}" y="32" width="12" height="10" fill="{COLORS[i]}"/>')
        body.append(_text(left + 16 + i * 150, 41, name))
    top = 60
    for k in range(int(lo), int(hi) + 1):
        x = x_of(2.0 ** k)
        body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{h - 25}" stroke="{"#000" if k == 0 else "#ddd"}"/>')
        lab = f"{2 ** k:g}x" if k >= 0 else f"1/{2 ** -k}x"
        body.append(_text(x, h - 10, lab, "middle"))
    y = top
    for sec, items in sections:
        body.append(_text(10, y + 13, sec, extra='font-weight="bold"'))
        y += row_h
        for label, vals in items:
            body.append(_text(left - 6, y + row_h / 2 + 4, label, "end"))
            for i, name in enumerate(series):
                r = vals.get(name)
                by = y + 4 + i * bar_h
                if r is None:
                    body.append(_text(x_of(1.0) + 4, by + 8, "n/a", extra='font-size="9" fill="#888"'))
                    continue
                x0, x1 = sorted((x_of(1.0), x_of(r)))
                body.append(f'<rect x="{x0:.1f}" y="{by}" width="{max(x1 - x0, 1):.1f}" height="{bar_h - 1}" fill="{COLORS[i]}"/>')
                body.append(_text(x_of(r) + (4 if r >= 1 else -4), by + 8, f"{r:.2f}",
                                  "start" if r >= 1 else "end", 'font-size="9"'))
            y += row_h
    return _doc(left + width + 60, h, body)


def bar_panels(title, panels, labels):
    """Side-by-side vertical bar panels: panels = [(panel title, unit, [value per label])]."""
    pw, ph, gap = 210, 220, 30
    w = 20 + len(panels) * (pw + gap)
    h = ph + 120
    body = [_text(10, 20, title, extra='font-weight="bold" font-size="14"')]
    for i, name in enumerate(labels):
        body.append(f'<rect x="{20 + i * 200}" y="32" width="12" height="10" fill="{COLORS[i]}"/>')
        body.append(_text(36 + i * 200, 41, name))
    for p, (ptitle, unit, vals) in enumerate(panels):
        x0 = 20 + p * (pw + gap)
        base = 60 + ph
        body.append(_text(x0 + pw / 2, base + 20, ptitle, "middle", 'font-weight="bold"'))
        body.append(_text(x0 + pw / 2, base + 36, unit, "middle", 'fill="#555"'))
        body.append(f'<line x1="{x0}" y1="{base}" x2="{x0 + pw}" y2="{base}" stroke="#000"/>')
        top = max([v for v in vals if v is not None] or [1]) or 1
        bw = pw / len(vals)
        for i, v in enumerate(vals):
            if v is None:
                body.append(_text(x0 + i * bw + bw / 2, base - 5, "n/a", "middle"))
                continue
            bh = v / top * (ph - 30)
            body.append(f'<rect x="{x0 + i * bw + 6:.1f}" y="{base - bh:.1f}" width="{bw - 12:.1f}" height="{bh:.1f}" fill="{COLORS[i]}"/>')
            body.append(_text(x0 + i * bw + bw / 2, base - bh - 4, _num(v), "middle", 'font-size="10"'))
    return _doc(w, h, body)


def _num(v):
    if v >= 100000:
        return f"{v:,.0f}"
    if v >= 100:
        return f"{v:.0f}"
    return f"{v:.3g}"


def line_chart(title, xlabels, series, ylabel):
    """Lines over categorical x positions: series = [(name, [y or None], dashed?)]."""
    left, width, top, height = 70, 520, 50, 300
    ys = [v for _, vals, _ in series for v in vals if v is not None]
    ymax = max(ys or [1]) * 1.1
    x_of = lambda i: left + 20 + i * (width - 40) / max(len(xlabels) - 1, 1)
    y_of = lambda v: top + height - v / ymax * height
    body = [_text(10, 20, title, extra='font-weight="bold" font-size="14"')]
    body.append(f'<line x1="{left}" y1="{top + height}" x2="{left + width}" y2="{top + height}" stroke="#000"/>')
    body.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + height}" stroke="#000"/>')
    for k in range(6):
        v = ymax * k / 5
        body.append(f'<line x1="{left}" y1="{y_of(v):.1f}" x2="{left + width}" y2="{y_of(v):.1f}" stroke="#eee"/>')
        body.append(_text(left - 6, y_of(v) + 4, f"{v:.3g}", "end"))
    for i, lab in enumerate(xlabels):
        body.append(_text(x_of(i), top + height + 18, lab, "middle"))
    body.append(_text(left + width / 2, top + height + 38, "tail size (bytes)", "middle"))
    body.append(_text(14, top + height / 2, ylabel, "middle", f'transform="rotate(-90 14 {top + height / 2})"'))
    for s, (name, vals, dashed) in enumerate(series):
        color = COLORS[(s % 3)]
        pts = [(x_of(i), y_of(v)) for i, v in enumerate(vals) if v is not None]
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        body.append(f'<polyline fill="none" stroke="{color}" stroke-width="2"{dash} points="'
                    + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
        for x, y in pts:
            body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
        ly = top + 10 + s * 18
        body.append(f'<line x1="{left + width + 15}" y1="{ly}" x2="{left + width + 45}" y2="{ly}" stroke="{color}" stroke-width="2"{dash}/>')
        body.append(_text(left + width + 50, ly + 4, name))
    return _doc(left + width + 240, top + height + 50, body)
