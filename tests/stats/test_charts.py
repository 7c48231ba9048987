"""The statistics charts' drawing rules (issue 25, item 6): series told apart by colour
and dash, coinciding lines named, colours of 3:1 or more on white, long text kept inside
the chart.  The browser test (tests/docs/test_charts_cards.py) measures the drawn page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from nainjaune_rules.analysis.intervals import Estimate
from nainjaune_rules.pages.charts import (
    EM,
    NARROW,
    PALETTE,
    WIDTH,
    Bar,
    Group,
    coinciding,
    distribution_chart,
    interval_chart,
)

SVG = "{http://www.w3.org/2000/svg}"


def _contrast_on_white(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    lum = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return 1.05 / (lum + 0.05)


def test_every_colour_of_the_palette_is_3_to_1_on_white() -> None:
    assert len(set(PALETTE)) == len(PALETTE) == 8
    assert min(_contrast_on_white(c) for c in PALETTE) >= 3.0


def test_series_with_the_same_shares_coincide() -> None:
    # b is a at half the counts, so the same shares; c differs
    series = {"a": {1: 2, 2: 2}, "b": {1: 1, 2: 1}, "c": {1: 1, 2: 3}, "d": {2: 4, 1: 4, 3: 0}}
    assert coinciding(series) == {"b": "a", "d": "a"}
    svg = distribution_chart(series, "t", "x")
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "b (= a)" in texts and "d (= a)" in texts and "c" in texts


def test_no_two_of_24_lines_look_alike() -> None:
    series = {f"r{n}": {1: n, 2: 30 - n} for n in range(24)}
    for width in (WIDTH, NARROW):
        root = ET.fromstring(distribution_chart(series, "t", "x", width=width))
        lines = [(p.get("color"), p.get("stroke-dasharray")) for p in root.iter(f"{SVG}polyline")]
        assert len(lines) == len(set(lines)) == 24
        keys = [(k.get("color"), k.get("stroke-dasharray")) for k in root.iter(f"{SVG}line")
                if "nj-series" in (k.get("class") or "")]
        assert keys == lines  # each legend key drawn as its line


def _texts(svg: str) -> list[tuple[float, str, str]]:
    """(x, anchor, text) of every text of the chart."""
    return [(float(t.get("x", 0)), t.get("text-anchor", "start"), t.text or "")
            for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("transform") is None]


def _inside(svg: str) -> bool:
    """Every text, at the width :data:`EM` bounds it to, lies within the view box."""
    width = float(re.search(r'viewBox="0 0 (\d+)', svg).group(1))  # type: ignore[union-attr]
    for x, anchor, text in _texts(svg):
        span = len(text) * EM * (1.1 if text.isupper() else 1)
        lo = {"start": x, "middle": x - span / 2, "end": x - span}[anchor]
        if lo < -0.5 or lo + span > width + 0.5:
            return False
    return True


def test_long_names_and_captions_stay_inside_the_chart() -> None:
    long = "a-ruleset-name-of-a-house-that-goes-on-and-on-" * 3
    bars = [Bar("a label as long as a sentence that never seems to end " * 2,
                Estimate(0.3, 0.2, 0.4, 100, "wilson"))]
    for width in (WIDTH, NARROW):
        chart = interval_chart([Group(long, bars, 0.25)], "t", x_label="share " * 30,
                               width=width)
        assert _inside(chart), width
        assert "\u2026" in chart  # the name and the label were cut
        lines = distribution_chart({long: {1: 1}, "b": {2: 1}}, "t", "x " * 80, width=width)
        assert _inside(lines), width
