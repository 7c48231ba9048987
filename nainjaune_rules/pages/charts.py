"""Inline SVG charts for the statistics page: no JavaScript, no CDN, no fonts to fetch.

Each function returns one ``<svg>`` element as a string, sized in user units
with a ``viewBox`` so it scales with the page, with a ``<title>`` for screen
readers and plain ``<text>`` labels; every label (a ruleset's name comes
from a file) is escaped by the site's one helper,
:func:`~nainjaune_rules.describe.text.md`.  Colours come from one fixed palette
(distinguishable in print and for the common colour-vision deficiencies).

- :func:`distribution_chart`: one line per ruleset, the share of deals with
  each number of cards played (the deal length distribution);
- :func:`interval_chart`: rows of estimates with their 95 % whiskers, grouped
  by ruleset, with an optional reference value per group (seat fairness, how
  often each special rule fires).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from nainjaune_rules.analysis.intervals import Estimate
from nainjaune_rules.describe.text import md
from nainjaune_rules.pages.stats_words import ENGLISH, Words

PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
           "#f0e442")
WIDTH = 680
#: 13 user units: at the smallest width the page gives a chart (33rem, see
#: site/assets/nainjaune.css) the text is drawn at about 10 px
FONT = 'font-family="sans-serif" font-size="13"'


def _svg(height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="100%" role="img" aria-label="{md(title)}" class="nj-chart">'
            f"<title>{md(title)}</title>" + "".join(body) + "</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} {extra}>'
            f"{md(text)}</text>")


def distribution_chart(series: Mapping[str, Mapping[int, int]], title: str,
                       x_label: str, y_label: str = "share of deals",
                       words: Words = ENGLISH) -> str:
    """Lines of the share of units at each value, one line per named series; ``words``
    writes the ticks and the default axis title in the page's language."""
    left, right, top, bottom = 66, 200, 16, 44
    plot_w, plot_h = WIDTH - left - right, 220
    height = top + plot_h + bottom
    shares = {name: {k: v / max(sum(h.values()), 1) for k, v in h.items()}
              for name, h in series.items()}
    xs = [k for h in series.values() for k in h] or [0, 1]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y1 = max((v for s in shares.values() for v in s.values()), default=1.0) or 1.0

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * plot_w

    def py(y: float) -> float:
        return top + plot_h - y / y1 * plot_h

    body = [f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
            'stroke="#999"/>']
    for i in range(5):
        y = y1 * i / 4
        body.append(_text(left - 4, py(y) + 4, words.number(f"{100 * y:.0f}%"), "end"))
    step = max(1, (x1 - x0) // 10)
    for x in range(x0, x1 + 1, step):
        body.append(_text(px(x), top + plot_h + 14, str(x), "middle"))
    body.append(_text(left + plot_w / 2, height - 6, x_label, "middle"))
    y_mid = top + plot_h / 2
    body.append(_text(16, y_mid, words(y_label), "middle",
                      f'transform="rotate(-90 16 {y_mid:.1f})"'))
    for n, (name, share) in enumerate(shares.items()):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{px(x):.1f},{py(share.get(x, 0.0)):.1f}" for x in range(x0, x1 + 1))
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                    'stroke-width="1.6"/>')
        ly = top + 12 + 18 * n
        body.append(f'<line x1="{WIDTH - right + 10}" y1="{ly - 4}" x2="{WIDTH - right + 28}" '
                    f'y2="{ly - 4}" stroke="{colour}" stroke-width="3"/>')
        body.append(_text(WIDTH - right + 32, ly, name))
    return _svg(height, title, body)


@dataclass(frozen=True)
class Bar:
    """One row of an interval chart."""

    label: str
    estimate: Estimate


@dataclass(frozen=True)
class Group:
    """Rows shown together (one ruleset), with an optional reference value (the fair share)."""

    name: str
    bars: Sequence[Bar]
    reference: float | None = None


def interval_chart(groups: Sequence[Group], title: str, percent: bool = True,
                   x_label: str = "share of deals", words: Words = ENGLISH) -> str:
    """Horizontal bars with 95 % whiskers, grouped; a dashed line marks each group's
    reference; an axis with ticks and its title under the bars."""
    left, right, row, gap, top = 190, 74, 17, 20, 24
    plot_w = WIDTH - left - right
    rows = sum(len(g.bars) for g in groups)
    height = top + rows * row + len(groups) * gap + 62
    hi = max([b.estimate.high or b.estimate.value for g in groups for b in g.bars]
             + [g.reference or 0.0 for g in groups] + [1e-9])
    scale = plot_w / hi

    def fmt(v: float) -> str:
        return words.number(f"{100 * v:.1f}%" if percent else f"{v:.2f}")

    body: list[str] = []
    y = top
    for n, group in enumerate(groups):
        colour = PALETTE[n % len(PALETTE)]
        body.append(_text(4, y + 10, group.name, extra='font-weight="bold"'))
        y += gap - 4
        first_y = y
        for bar in group.bars:
            est = bar.estimate
            body.append(_text(left - 6, y + 10, bar.label, "end"))
            body.append(f'<rect x="{left}" y="{y + 2}" width="{max(est.value, 0) * scale:.1f}" '
                        f'height="{row - 4}" fill="{colour}" fill-opacity="0.55"/>')
            if est.low is not None and est.high is not None:
                x_lo, x_hi, ym = left + est.low * scale, left + est.high * scale, y + row / 2
                body.append(f'<line x1="{x_lo:.1f}" y1="{ym:.1f}" x2="{x_hi:.1f}" y2="{ym:.1f}" '
                            'stroke="#222"/>')
                for xx in (x_lo, x_hi):
                    body.append(f'<line x1="{xx:.1f}" y1="{ym - 3:.1f}" x2="{xx:.1f}" '
                                f'y2="{ym + 3:.1f}" stroke="#222"/>')
            body.append(_text(WIDTH - right + 6, y + 10, fmt(est.value)))
            y += row
        if group.reference is not None:
            xr = left + group.reference * scale
            body.append(f'<line x1="{xr:.1f}" y1="{first_y:.1f}" x2="{xr:.1f}" y2="{y:.1f}" '
                        'stroke="#444" stroke-dasharray="3,3"/>')
        y += 4
    body.extend(_axis(left, y + 4, plot_w, hi, fmt))
    dashed = words("; dashed: the fair share") if any(g.reference for g in groups) else ""
    body.append(_text(left + plot_w / 2, height - 6,
                      words(x_label) + words("; whiskers: 95% interval") + dashed, "middle"))
    return _svg(height, title, body)


def _axis(left: float, y: float, width: float, hi: float,
          fmt: Callable[[float], str]) -> list[str]:
    """A horizontal axis from 0 to ``hi`` at height ``y``, with five labelled ticks."""
    body = [f'<line x1="{left}" y1="{y:.1f}" x2="{left + width:.1f}" y2="{y:.1f}" '
            'stroke="#444"/>']
    for i in range(5):
        x = left + width * i / 4
        body.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y + 4:.1f}" '
                    'stroke="#444"/>')
        body.append(_text(x, y + 17, fmt(hi * i / 4), "middle"))
    return body
