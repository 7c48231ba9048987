"""The statistics charts, the comparison's header and the printed rule cards as a reader
sees them, in headless Chromium driven by Playwright (issue 25, items 6 and 7).

Charts: every series (``.nj-series``: a line, a legend key, a bar's outline) stands at
least 3:1 against the page's ground in the light and the dark scheme (WCAG 1.4.11), its
computed colour composited with its opacity over the computed ground; on a 390 px screen
no chart is wider than the screen and no text of a chart leaves it.  The comparison's
periods (small text) stand at 4.5:1.  A rule card, laid out for print (print media, the
A4 page's box inside its margins) has two columns, board labels of 7 pt or more, and the
absolute address of its ruleset's page; the ruleset pages say the board's rule once.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from docs_support import BuiltSite

import nainjaune_rules
from nainjaune_rules.pages.page_render import render_rule_card

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


# ---------------------------------------------------------------- the comparison's header

#: the contrast of each period under a column's name (``span.nj-period``)
PERIODS = COLOURS + r"""
() => [...document.querySelectorAll("table.nj-compare span.nj-period")].map(span => {
  const style = getComputedStyle(span), back = ground(span), fore = rgba(style.color);
  return ratio(over(fore, fore[3] * opacity(span), back), back);
})
"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("page", ["compare.html", "fr/compare.html"])
def test_the_comparisons_periods_are_aa(site_url: str, browser: Any, page: str,
                                        scheme: str) -> None:
    shown = open_page(browser, f"{site_url}/{page}", DESKTOP, scheme)
    try:
        ratios = shown.evaluate(PERIODS)
    finally:
        shown.close()
    print(f"\n{page} {scheme}: periods' contrast {min(ratios):.2f}")
    assert len(ratios) >= 6 and min(ratios) >= 4.5, sorted(ratios)[:3]


# ---------------------------------------------------------------- the printed rule cards

#: A4 inside the card's 12 mm margins (@page): 186 x 273 mm at 96 px to the inch
A4_BOX = {"width": round(186 / 25.4 * 96), "height": round(273 / 25.4 * 96)}
PRINTED = r"""
() => {
  const lefts = new Set([...document.querySelectorAll(".cols > *")]
    .map(e => Math.round(e.getBoundingClientRect().left)));
  const svg = document.querySelector("svg.nj-board");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const points = [...svg.querySelectorAll("text")]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale * 0.75);
  return {columns: lefts.size, least: Math.min(...points),
          foot: document.querySelector(".foot").innerText};
}
"""


def test_a_printed_card_has_two_columns_readable_labels_and_an_address(
        built_site: BuiltSite, site_url: str, browser: Any) -> None:
    folder = built_site.folder
    cards = sorted(p.relative_to(folder).as_posix() for p in folder.glob("**/cards/**/*.html"))
    assert len(cards) >= 26  # every ruleset, in both languages
    page = browser.new_page(viewport=A4_BOX)
    page.emulate_media(media="print")
    seen = {}
    try:
        for card in cards:
            page.goto(f"{site_url}/{card}")
            seen[card] = page.evaluate(PRINTED)
    finally:
        page.close()
    print("\nprinted cards (columns, least board label in pt):",
          {c: (m["columns"], round(m["least"], 2)) for c, m in seen.items()})
    for card, printed in seen.items():
        assert printed["columns"] == 2, (card, printed)
        assert printed["least"] >= 7, (card, printed)
        # the address of the ruleset's page, absolute: a relative one means nothing on paper
        edition = "fr/" if card.startswith("fr/") else ""
        page_path = card.removeprefix(edition).replace("cards/", "rulesets/", 1)
        assert f"https://nainjaune-rules.example/{edition}{page_path}" in printed["foot"], card
        assert "../" not in printed["foot"], card


def test_a_card_with_no_site_address_prints_no_relative_link() -> None:
    ruleset = nainjaune_rules.load_ruleset("fr-sheet")
    bare = render_rule_card(ruleset, "fr-sheet")
    assert '<a href="../rulesets/fr-sheet.html" class="nj-relative">' in bare
    assert ".nj-relative { display: none; }" in bare  # in the print rules
    placed = render_rule_card(ruleset, "fr-sheet", "https://example.org/nj/")
    assert ">https://example.org/nj/rulesets/fr-sheet.html</a>" in placed
    assert 'class="nj-relative"' not in placed


# ---------------------------------------------------------------- the board's sentence


def test_the_board_sentence_is_said_once(built_site: BuiltSite) -> None:
    """The caption under the board does not repeat the board's rule, the first rule of
    its section (it gives the pools, if any, or says where the rule is)."""
    def plain(markup: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())

    pages = sorted(built_site.folder.glob("**/rulesets/**/*.html"))
    checked = 0
    for path in pages:
        text = path.read_text(encoding="utf-8")
        figure = re.search(r'<figure class="nj-board-figure".*?<figcaption>(.*?)</figcaption>'
                           r'</figure>\s*<ul class="nj-clauses">\s*<li[^>]*>(.*?)</li>', text, re.S)
        if figure is None:
            continue
        caption, rule = plain(figure.group(1)), plain(figure.group(2))
        assert caption and rule.split(".")[0] not in caption, path
        assert caption not in rule, path
        checked += 1
    assert checked >= 26, checked
