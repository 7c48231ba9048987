"""Inline SVG charts for the statistics page: no JavaScript, no CDN, no fonts to fetch.

Each function returns one ``<svg>`` element as a string, sized in user units
with a ``viewBox`` so it scales with the page, with a ``<title>`` for screen
readers and plain ``<text>`` labels; every label (a ruleset's name comes
from a file) is escaped by the site's one helper,
:func:`~nainjaune_rules.describe.text.md`.  Each is drawn at a width: :data:`WIDTH`
for a desktop and for paper, :data:`NARROW` for a phone (the legend and the labels
move under the plot and above the bars; the page shows one of the two, see
site/assets/nainjaune.css).  A label too long for its room is cut with an ellipsis and
a caption is wrapped, by an upper bound of the text's width (:data:`EM`), so no text
leaves the chart.

The series' colours come from one palette (:data:`PALETTE`), each at least 3:1 against
white (WCAG 1.4.11); the site's dark scheme gives each series a light colour by its class
(``nj-s0`` … ``nj-s7``, site/assets/nainjaune.css).  Lines also differ by their dash
pattern (:data:`DASHES`), so no two of 24 lines look alike, in colour or in grey.

- :func:`distribution_chart`: one line per ruleset, the share of deals with
  each number of cards played (the deal length distribution); lines with the same
  figures are named in the legend as equal (:func:`coinciding`);
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

#: Okabe and Ito's palette, darkened where it was under 3:1 on white (4.6:1 at least)
PALETTE = ("#0072b2", "#c45200", "#007a55", "#b0407a", "#8a6100", "#6a3d9a", "#000000",
           "#5f6b00")
#: the lines' dash patterns, cycled with the colours (8 colours, 3 patterns: 24 lines)
DASHES = ("", "8,4", "2,3")
WIDTH = 680
#: the phone's layout: drawn about one user unit per pixel on a 390 px screen
NARROW = 360
FONT_SIZE = 13
FONT = f'font-family="sans-serif" font-size="{FONT_SIZE}"'
#: an upper bound of a character's average width, in user units (DejaVu Sans, the
#: widest common sans-serif, averages about 0.55 em); bold text takes 10 % more
EM = 0.62 * FONT_SIZE


def _svg(width: int, height: float, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
            f'width="100%" role="img" aria-label="{md(title)}" class="nj-chart">'
            f"<title>{md(title)}</title>" + "".join(body) + "</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} {extra}>'
            f"{md(text)}</text>")


def _fit(text: str, room: float, em: float = EM) -> str:
    """``text``, cut with an ellipsis if it may be wider than ``room`` user units."""
    most = max(1, int(room // em))
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def _wrap(text: str, room: float) -> list[str]:
    """``text`` in lines of at most ``room`` user units, broken at spaces (a no-break
    space holds its words together); a word wider than the room is cut."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= room // EM:
            lines[-1] += " " + word
        elif word:
            lines.append(word)
    return [_fit(line, room) for line in lines]


def _series(n: int) -> str:
    """The attributes of the ``n``-th series: its colour on paper and in the light scheme
    (drawn as ``currentColor``), and the class the dark scheme recolours it by."""
    k = n % len(PALETTE)
    return f'class="nj-series nj-s{k}" color="{PALETTE[k]}"'


def _dash(n: int) -> str:
    dash = DASHES[n % len(DASHES)]
    return f' stroke-dasharray="{dash}"' if dash else ""


def coinciding(series: Mapping[str, Mapping[int, int]]) -> dict[str, str]:
    """Each series whose shares are those of an earlier one -> the first such series:
    their lines would be drawn one over the other."""
    shares = _shares(series)
    first: dict[tuple[tuple[int, float], ...], str] = {}
    same = {}
    for name, share in shares.items():
        key = tuple(sorted((k, v) for k, v in share.items() if v))
        if key in first:
            same[name] = first[key]
        else:
            first[key] = name
    return same


def _shares(series: Mapping[str, Mapping[int, int]]) -> dict[str, dict[int, float]]:
    return {name: {k: v / max(sum(h.values()), 1) for k, v in h.items()}
            for name, h in series.items()}


def distribution_chart(series: Mapping[str, Mapping[int, int]], title: str,
                       x_label: str, y_label: str = "share of deals",
                       words: Words = ENGLISH, width: int = WIDTH) -> str:
    """Lines of the share of units at each value, one line per named series, and their
    legend under the plot (two columns, one when narrow); ``words`` writes the ticks
    and the default axis title in the page's language."""
    narrow = width < WIDTH
    left, right, top, plot_h = (48, 12, 12, 190) if narrow else (66, 16, 16, 220)
    plot_w = width - left - right
    shares = _shares(series)
    same = coinciding(series)
    xs = [k for h in series.values() for k in h] or [0, 1]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y1 = max((v for s in shares.values() for v in s.values()), default=1.0) or 1.0

    def px(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * plot_w

    def py(y: float) -> float:
        return top + plot_h - y / y1 * plot_h

    body = [f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" '
            'stroke="#767676"/>']
    for i in range(5):
        y = y1 * i / 4
        body.append(_text(left - 4, py(y) + 4, words.number(f"{100 * y:.0f}%"), "end"))
    step = max(1, (x1 - x0) // (5 if narrow else 10))
    for x in range(x0, x1 + 1, step):
        body.append(_text(px(x), top + plot_h + 14, str(x), "middle"))
    body.append(_text(left + plot_w / 2, top + plot_h + 34, _fit(x_label, plot_w), "middle"))
    y_mid = top + plot_h / 2
    body.append(_text(14, y_mid, _fit(words(y_label), plot_h), "middle",
                      f'transform="rotate(-90 14 {y_mid:.1f})"'))
    columns = 1 if narrow else 2
    rows = -(-len(shares) // columns)
    legend_top, column_w = top + plot_h + 46, (width - left) / columns
    for n, (name, share) in enumerate(shares.items()):
        points = " ".join(f"{px(x):.1f},{py(share.get(x, 0.0)):.1f}" for x in range(x0, x1 + 1))
        body.append(f'<polyline points="{points}" fill="none" stroke="currentColor" '
                    f'stroke-width="2"{_dash(n)} {_series(n)}/>')
        lx, ly = left + column_w * (n // rows), legend_top + 18 * (n % rows) + 12
        body.append(f'<line x1="{lx:.1f}" y1="{ly - 4}" x2="{lx + 28:.1f}" y2="{ly - 4}" '
                    f'stroke="currentColor" stroke-width="3"{_dash(n)} {_series(n)}/>')
        said = f"{name} (= {same[name]})" if name in same else name
        body.append(_text(lx + 34, ly, _fit(said, column_w - 40)))
    return _svg(width, legend_top + 18 * rows + 6, title, body)


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
                   x_label: str = "share of deals", words: Words = ENGLISH,
                   width: int = WIDTH) -> str:
    """Horizontal bars with 95 % whiskers, grouped; a dashed line marks each group's
    reference; an axis with ticks and its caption under the bars.  Each bar is outlined
    in its group's colour (the outline carries the contrast; its fill is a tint, under
    the whiskers).  A bar's label is at its left or, on a narrow chart with long labels,
    above it."""
    # the labels' column as wide as the longest label needs, within bounds; on a narrow
    # chart, labels that need more than 40 % of it go above their bars instead
    needed = max([len(b.label) for g in groups for b in g.bars] or [0]) * EM + 12
    above = width < WIDTH and needed > 0.4 * width
    # (above: room for half of the first tick's label, which is centred on the axis's start)
    left = 28 if above else int(min(max(needed, 60 if width < WIDTH else 120), 300))
    right, row, gap, top = 74 if width >= WIDTH else 58, 30 if above else 17, 20, 24
    plot_w = width - left - right
    hi = max([b.estimate.high or b.estimate.value for g in groups for b in g.bars]
             + [g.reference or 0.0 for g in groups] + [1e-9])
    scale = plot_w / hi

    def fmt(v: float) -> str:
        return words.number(f"{100 * v:.1f}%" if percent else f"{v:.2f}")

    body: list[str] = []
    y: float = top
    for n, group in enumerate(groups):
        body.append(_text(4, y + 10, _fit(group.name, width - 8, EM * 1.1),
                          extra='font-weight="bold"'))
        y += gap - 4
        first_y = y
        for bar in group.bars:
            est, bar_y = bar.estimate, y + (15 if above else 2)
            if above:
                body.append(_text(left, y + 11, _fit(bar.label, width - left - 8)))
            else:
                body.append(_text(left - 6, y + 10, _fit(bar.label, left - 10), "end"))
            body.append(f'<rect x="{left}" y="{bar_y:.1f}" '
                        f'width="{max(est.value, 0) * scale:.1f}" height="{11 if above else 13}" '
                        'fill="currentColor" fill-opacity="0.25" stroke="currentColor" '
                        f'stroke-width="1.5" {_series(n)}/>')
            if est.low is not None and est.high is not None:
                x_lo, x_hi = left + est.low * scale, left + est.high * scale
                ym = bar_y + (5.5 if above else 6.5)
                body.append(f'<line x1="{x_lo:.1f}" y1="{ym:.1f}" x2="{x_hi:.1f}" y2="{ym:.1f}" '
                            'stroke="#222"/>')
                for xx in (x_lo, x_hi):
                    body.append(f'<line x1="{xx:.1f}" y1="{ym - 3:.1f}" x2="{xx:.1f}" '
                                f'y2="{ym + 3:.1f}" stroke="#222"/>')
            body.append(_text(width - right + 6, bar_y + (10 if above else 8), fmt(est.value)))
            y += row
        if group.reference is not None:
            xr = left + group.reference * scale
            body.append(f'<line x1="{xr:.1f}" y1="{first_y:.1f}" x2="{xr:.1f}" y2="{y:.1f}" '
                        'stroke="#444" stroke-dasharray="3,3"/>')
        y += 4
    body.extend(_axis(left, y + 4, plot_w, hi, fmt))
    dashed = words("; dashed: the fair share") if any(g.reference for g in groups) else ""
    caption = _wrap(words(x_label) + words("; whiskers: 95% interval") + dashed, width - 16)
    for i, line in enumerate(caption):
        body.append(_text(width / 2, y + 42 + 16 * i, line, "middle"))
    return _svg(width, y + 50 + 16 * (len(caption) - 1), title, body)


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
