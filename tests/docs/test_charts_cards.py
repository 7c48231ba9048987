"""The statistics charts and the printable pages as a reader sees them, in headless Chromium
driven by Playwright (issue 25, items 6 and 7).

Charts: every series (``.nj-series``: a line, a legend key, a bar's outline) stands at
least 3:1 against the page's ground in the light and the dark scheme (WCAG 1.4.11), its
computed colour composited with its opacity over the computed ground; on a 390 px screen
no chart is wider than the screen and no text of a chart leaves it.
"""

from __future__ import annotations

from typing import Any

import pytest

SCHEMES = ("default", "slate")
STATISTICS = ("statistics.html", "fr/statistics.html")
PHONE, DESKTOP = 390, 1280
MIN_SERIES = 3.0  # WCAG 1.4.11, non-text contrast

#: helpers run in the page: colours, luminance, the opaque ground behind an element
COLOURS = r"""
const rgba = css => {
  const n = (css.match(/[\d.]+/g) || []).map(Number);
  return n.length >= 3 ? [n[0], n[1], n[2], n.length > 3 ? n[3] : 1] : [0, 0, 0, 0];
};
const over = (top, alpha, below) => [0, 1, 2].map(i => top[i] * alpha + below[i] * (1 - alpha));
const lum = c => {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
};
const ratio = (a, b) => {
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const ground = el => {  // the element's ancestors' backgrounds, composited over white
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const bg = rgba(getComputedStyle(e).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let colour = [255, 255, 255];
  for (const layer of layers.reverse()) colour = over(layer, layer[3], colour);
  return colour;
};
const opacity = el => {  // the element's and its ancestors' opacity, multiplied
  let o = 1;
  for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
  return o;
};
"""

#: the smallest contrast of the series of each visible chart; ``series`` selects them
SERIES = COLOURS + r"""
(series) => [...document.querySelectorAll(".nj-chart-box svg.nj-chart")]
  .filter(svg => svg.getBoundingClientRect().width > 0)
  .map(svg => {
    const back = ground(svg);
    const ratios = [...svg.querySelectorAll(series)].map(el => {
      const style = getComputedStyle(el), o = opacity(el);
      // the outline carries the shape when there is one; a shape without one, its fill
      const stroked = style.stroke !== "none" && parseFloat(style.strokeWidth) >= 1;
      const paint = rgba(stroked ? style.stroke : style.fill);
      const alpha = paint[3] * o * Number(stroked ? style.strokeOpacity : style.fillOpacity);
      return ratio(over(paint, alpha, back), back);
    });
    return {title: svg.getAttribute("aria-label"), count: ratios.length,
            least: ratios.length ? Math.min(...ratios) : null};
  })
"""

#: what leaves its box on the page: the page itself, a chart box, a chart's text
OVERFLOW = r"""
() => {
  const out = [], inner = window.innerWidth;
  if (document.documentElement.scrollWidth > inner) out.push("page " +
      document.documentElement.scrollWidth);
  for (const box of document.querySelectorAll(".nj-chart-box")) {
    if (box.scrollWidth > box.clientWidth + 1) out.push("box " + box.scrollWidth);
  }
  for (const svg of document.querySelectorAll(".nj-chart-box svg.nj-chart")) {
    const frame = svg.getBoundingClientRect();
    if (frame.width === 0) continue;  // the layout not shown at this width
    if (frame.right > inner + 0.5) out.push("chart " + frame.right);
    for (const text of svg.querySelectorAll("text")) {
      const r = text.getBoundingClientRect();
      if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5
          || r.bottom > frame.bottom + 0.5)
        out.push("text " + JSON.stringify(text.textContent) + " " + [r.left, r.right, frame.left,
                 frame.right].map(Math.round));
    }
  }
  return out;
}
"""

#: the theme's colour transitions would make the first reading after a switch a mix
STILL = "*, *::before, *::after { transition: none !important; }"


def open_page(browser: Any, url: str, width: int, scheme: str = "default") -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(url)
    page.add_style_tag(content=STILL)
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    return page


def series_contrast(browser: Any, url: str, width: int, scheme: str,
                    series: str = ".nj-series") -> list[dict[str, Any]]:
    """The least contrast of the series of each chart shown at ``url``."""
    page = open_page(browser, url, width, scheme)
    try:
        return page.evaluate(SERIES, series)  # type: ignore[no-any-return]
    finally:
        page.close()


@pytest.fixture(scope="module")
def contrasts(site_url: str, browser: Any) -> dict[tuple[str, int, str], list[dict[str, Any]]]:
    seen = {(page, width, scheme): series_contrast(browser, f"{site_url}/{page}", width, scheme)
            for page in STATISTICS for width in (DESKTOP, PHONE) for scheme in SCHEMES}
    print("\nleast series contrast per chart:", {
        f"{page} {width}px {scheme}": [round(c["least"], 2) for c in charts]
        for (page, width, scheme), charts in seen.items()})
    return seen


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", (DESKTOP, PHONE))
@pytest.mark.parametrize("page", STATISTICS)
def test_every_series_stands_out_from_the_ground(
        contrasts: dict[tuple[str, int, str], list[dict[str, Any]]], page: str, width: int,
        scheme: str) -> None:
    charts = contrasts[page, width, scheme]
    assert len(charts) == 3  # one layout of each chart is shown
    for chart in charts:
        assert chart["count"] >= 13, chart  # a line and a legend key, or a bar, per ruleset
        assert chart["least"] >= MIN_SERIES, chart


@pytest.mark.parametrize("page", STATISTICS)
def test_the_charts_fit_a_phone(site_url: str, browser: Any, page: str) -> None:
    for width in (PHONE, DESKTOP):
        shown = open_page(browser, f"{site_url}/{page}", width)
        try:
            assert shown.evaluate(OVERFLOW) == [], (page, width)
            # the phone's layout is the one shown on the phone, drawn at 9 px or more
            sizes = shown.evaluate("""() => [...document.querySelectorAll(
                ".nj-chart-box svg.nj-chart text")].map(t => t.getBoundingClientRect().height)
                .filter(h => h > 0)""")
            assert sizes and min(sizes) >= 9, (page, width, min(sizes or [0]))
            narrow = shown.evaluate("""() => [...document.querySelectorAll(
                ".nj-chart-narrow")].every(box => box.getBoundingClientRect().width > 0)""")
            assert narrow == (width == PHONE), (page, width)
        finally:
            shown.close()
