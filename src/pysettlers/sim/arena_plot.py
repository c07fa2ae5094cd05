"""The arena's chart: each entrant's rating with its 95% interval, as SVG text (no plotting
library) or, for a ``.png`` name, drawn by matplotlib (the ``plot`` extra).

What this is for: ``pysettlers arena --plot FILE``. What this is not: no statistics (the
results document holds them all; this only draws them).
"""

from __future__ import annotations

import importlib
import math
from typing import Any
from xml.sax.saxutils import escape

ROW, LEFT, RIGHT, TOP, BOTTOM, WIDTH = 34, 190, 150, 56, 54, 820


def _ticks(lo: float, hi: float) -> list[float]:
    """Round tick values covering ``lo`` … ``hi`` (about 6 of them)."""
    span = max(hi - lo, 1.0)
    raw = span / 6
    step = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if step * m >= raw:
            step *= m
            break
    first = math.floor(lo / step) * step
    return [first + k * step for k in range(int((hi - first) / step) + 2)]


def svg(doc: dict[str, Any]) -> str:
    """The chart of a results document (``arena.analyse``), best entrant on top."""
    rows = sorted(doc["entrants"], key=lambda e: -e["rating"])
    lo = min(e["ci95"][0] for e in rows)
    hi = max(e["ci95"][1] for e in rows)
    ticks = _ticks(lo, hi)
    lo, hi = ticks[0], ticks[-1]
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + ROW * len(rows) + BOTTOM

    def x(v: float) -> float:
        return LEFT + (v - lo) / (hi - lo) * plot_w

    cfg, summ = doc["config"], doc["summary"]
    title = (
        f"{cfg['format']}, {cfg['players']} players, {summ['games']} games "
        f"({summ['unfinished']} unfinished, {summ['errors']} errors), seed {cfg['seed']}"
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        'font-size="13">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="15" '
        f'font-weight="bold">Ratings (Elo scale, mean 0) with 95% intervals</text>',
        f'<text x="{WIDTH / 2}" y="40" text-anchor="middle" fill="#555">{escape(title)}</text>',
    ]
    bottom = TOP + ROW * len(rows)
    for t in ticks:
        tx = x(t)
        colour = "#888" if t == 0 else "#e3e3e3"
        out.append(
            f'<line x1="{tx:.1f}" y1="{TOP - 6}" x2="{tx:.1f}" y2="{bottom}" stroke="{colour}"/>'
        )
        out.append(
            f'<text x="{tx:.1f}" y="{bottom + 18}" text-anchor="middle" fill="#333">{t:g}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2}" y="{bottom + 40}" text-anchor="middle" fill="#333">'
        "rating points (a 100-point gap: 64% head to head in a 2-player game)</text>"
    )
    out.append(
        f'<text x="{WIDTH - RIGHT + 10}" y="{TOP - 10}" fill="#555">wins / games (fair)</text>'
    )
    for k, e in enumerate(rows):
        cy = TOP + ROW * k + ROW / 2
        a, b = e["ci95"]
        share = "" if e["win_share"] is None else f"{e['win_share']:.0%} ({e['fair_share']:.0%})"
        out += [
            f'<text x="{LEFT - 12}" y="{cy + 4:.1f}" text-anchor="end">{escape(e["label"])}</text>',
            f'<line x1="{x(a):.1f}" y1="{cy:.1f}" x2="{x(b):.1f}" y2="{cy:.1f}" '
            'stroke="#1f77b4" stroke-width="3"/>',
            f'<line x1="{x(a):.1f}" y1="{cy - 7:.1f}" x2="{x(a):.1f}" y2="{cy + 7:.1f}" '
            'stroke="#1f77b4" stroke-width="2"/>',
            f'<line x1="{x(b):.1f}" y1="{cy - 7:.1f}" x2="{x(b):.1f}" y2="{cy + 7:.1f}" '
            'stroke="#1f77b4" stroke-width="2"/>',
            f'<circle cx="{x(e["rating"]):.1f}" cy="{cy:.1f}" r="6" fill="#d62728"/>',
            f'<text x="{x(e["rating"]):.1f}" y="{cy - 9:.1f}" text-anchor="middle" '
            f'font-size="11" fill="#333">{e["rating"]:+.0f}</text>',
            f'<text x="{WIDTH - RIGHT + 10}" y="{cy + 4:.1f}">{e["wins"]}/{e["games"]} '
            f"{share}</text>",
        ]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write(doc: dict[str, Any], path: str) -> None:
    """Write the chart to ``path``: SVG, or PNG through matplotlib for a ``.png`` name."""
    if not path.lower().endswith(".png"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg(doc))
        return
    figure_mod = importlib.import_module("matplotlib.figure")
    rows = sorted(doc["entrants"], key=lambda e: e["rating"])
    fig = figure_mod.Figure(figsize=(8, 1 + 0.5 * len(rows)), layout="constrained")
    ax = fig.subplots()
    ys = list(range(len(rows)))
    ratings = [e["rating"] for e in rows]
    err = [
        [r - e["ci95"][0] for r, e in zip(ratings, rows)],
        [e["ci95"][1] - r for r, e in zip(ratings, rows)],
    ]
    ax.errorbar(ratings, ys, xerr=err, fmt="o", capsize=5, color="tab:red", ecolor="tab:blue")
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys, [e["label"] for e in rows])
    ax.set_xlabel("rating (Elo scale, mean 0), 95% interval")
    fig.savefig(path, dpi=120)


__all__ = ["svg", "write"]
