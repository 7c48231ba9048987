"""Every page of the built site in headless Chromium at a phone's width (390 px) and a
desktop's (1280 px): no page scrolls sideways, the comparison's cells stay at
least 56 px wide, the statistics charts' text stays readable, and the charts'
text follows the dark scheme (issue 11, item 7).

One Chromium process loads a probe page served with the site; the probe opens
each page in a same-origin ``<iframe>`` of the given width and measures it with
the DOM (``scrollWidth`` against the frame's ``innerWidth``, cell rectangles,
the computed font size and fill of the charts' ``<text>``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from docs_support import BuiltSite
from probe import probe_json
from test_browser import CHROMIUM, FLAGS, server  # noqa: F401  (the fixture)

WIDTHS = (390, 1280)
MIN_CELL = 56  # px: a comparison cell narrower than this breaks words letter by letter
MIN_CHART_TEXT = 9  # px: the charts' smallest text, as drawn on the screen

PROBE = r"""<!doctype html><html><head><meta charset="utf-8"></head><body>
<pre id="out"></pre>
<script>
const pages = %(pages)s, widths = %(widths)s, results = [];
function load(frame, url) {
  return new Promise(done => { frame.onload = () => setTimeout(done, 300); frame.src = url; });
}
function rgba(css) {
  const n = (css.match(/[\d.]+/g) || []).map(Number);
  return n.length >= 3 ? [n[0], n[1], n[2], n.length > 3 ? n[3] : 1] : [0, 0, 0, 0];
}
function over(top, below) {  // top colour composited over an opaque one
  return [0, 1, 2].map(i => top[i] * top[3] + below[i] * (1 - top[3])).concat([1]);
}
function lum(c) {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
}
function ground(el, win) {  // the opaque colour behind el: its backgrounds, composited
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const bg = rgba(win.getComputedStyle(e).backgroundColor);
    if (bg[3] > 0) layers.push(bg);
    if (bg[3] >= 1) break;
  }
  let colour = [255, 255, 255, 1];
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
}
function contrastFailures(doc, win) {  // WCAG AA on the article's text
  const failures = [];
  for (const el of doc.querySelectorAll("article.md-content__inner *")) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    const style = win.getComputedStyle(el);
    // the permalinks (¶) show only on hover, at full opacity: measured as shown
    if (!own || style.visibility === "hidden" || el.closest("svg, [hidden]")) continue;
    const back = ground(el, win), fore = over(rgba(style.color), back);
    const [hi, lo] = [lum(fore), lum(back)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05), size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) failures.push(el.tagName + "." + el.className + " " +
      ratio.toFixed(2) + " " + el.textContent.trim().slice(0, 30));
  }
  return failures;
}
function textSizes(doc) {
  return [...doc.querySelectorAll("svg.nj-chart text")].map(t => t.getBoundingClientRect().height);
}
async function run() {
  for (const width of widths) {
    for (const url of pages) {
      const frame = document.createElement("iframe");
      frame.style.width = width + "px"; frame.style.height = "900px"; frame.style.border = "0";
      document.body.appendChild(frame);
      await load(frame, url);
      const doc = frame.contentDocument, win = frame.contentWindow;
      const cells = [...doc.querySelectorAll("table.nj-compare td, table.nj-compare th")]
        .map(c => c.getBoundingClientRect().width);
      const chartText = [...doc.querySelectorAll("svg.nj-chart text")];
      const checkContrast = width === 1280 && url.startsWith("rulesets/");
      const contrastLight = checkContrast ? contrastFailures(doc, win) : [];
      const tray = doc.querySelector("svg.nj-board .nj-tray");
      const fillLight = chartText.length ? win.getComputedStyle(chartText[0]).fill : "";
      const trayLight = tray ? win.getComputedStyle(tray).fill : "";
      // the theme's colour transitions do not run under virtual time: measure end states
      const still = doc.createElement("style");
      still.textContent = "*, *::before, *::after { transition: none !important; }";
      doc.head.appendChild(still);
      doc.body.setAttribute("data-md-color-scheme", "slate");
      const fillDark = chartText.length ? win.getComputedStyle(chartText[0]).fill : "";
      const trayDark = tray ? win.getComputedStyle(tray).fill : "";
      const contrastDark = checkContrast ? contrastFailures(doc, win) : [];
      const groundDark = win.getComputedStyle(doc.body).backgroundColor;
      doc.body.setAttribute("data-md-color-scheme", "default");
      results.push({url, width, scroll: doc.documentElement.scrollWidth, inner: win.innerWidth,
                    cells: cells.length ? Math.min(...cells) : null,
                    chartText: chartText.length
                      ? Math.min(...textSizes(doc).filter(h => h > 0)) : null,
                    fillLight, fillDark, groundDark, trayLight, trayDark,
                    contrast: contrastLight.concat(contrastDark.map(f => "dark: " + f))});
      frame.remove();
    }
  }
  document.getElementById("out").textContent = JSON.stringify(results);
}
run();
</script></body></html>
"""


def _pages(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html")
                  if p.name not in ("404.html", "phone-probe.html"))


@pytest.fixture(scope="module")
def measured(built_site: BuiltSite, server: str, tmp_path_factory: pytest.TempPathFactory,  # noqa: F811
             ) -> list[dict[str, object]]:
    assert CHROMIUM is not None
    pages = _pages(built_site.folder)
    probe = built_site.folder / "phone-probe.html"
    probe.write_text(PROBE % {"pages": json.dumps(pages), "widths": json.dumps(WIDTHS)},
                     encoding="utf-8")
    profile = tmp_path_factory.mktemp("profile")
    try:
        seen: list[dict[str, object]] = probe_json(
            [CHROMIUM, *[f for f in FLAGS if not f.startswith("--virtual-time-budget")],
             "--virtual-time-budget=600000", f"--user-data-dir={profile}",
             "--dump-dom", f"{server}/phone-probe.html"], 300)
    finally:
        probe.unlink()
    assert len(seen) == len(pages) * len(WIDTHS)
    return seen


def test_no_page_scrolls_sideways(measured: list[dict[str, object]]) -> None:
    wide = [(m["url"], m["width"], m["scroll"]) for m in measured
            if int(m["scroll"]) > int(m["inner"])]  # type: ignore[call-overload]
    assert not wide, wide


def test_comparison_cells_stay_wide_enough(measured: list[dict[str, object]]) -> None:
    compare = [m for m in measured if m["url"] == "compare.html"]
    assert len(compare) == len(WIDTHS)
    for m in compare:
        assert m["cells"] is not None and float(m["cells"]) >= MIN_CELL, m  # type: ignore[arg-type]


def test_charts_are_readable_on_a_phone(measured: list[dict[str, object]]) -> None:
    charts = [m for m in measured if m["chartText"] is not None]
    if not charts:
        pytest.skip("this build has no statistics charts")
    for m in charts:
        assert float(m["chartText"]) >= MIN_CHART_TEXT, m  # type: ignore[arg-type]


def test_chart_text_follows_the_dark_scheme(measured: list[dict[str, object]]) -> None:
    charts = [m for m in measured if m["chartText"] is not None and m["width"] == 1280]
    if not charts:
        pytest.skip("this build has no statistics charts")
    for m in charts:
        assert m["fillLight"] != m["fillDark"], m


def test_the_board_follows_the_dark_scheme(measured: list[dict[str, object]]) -> None:
    # the printable cards are for paper: light only, with no stylesheet of the site
    boards = [m for m in measured if m["trayLight"] and m["width"] == 1280
              and "cards" not in str(m["url"]).split("/")[:2]]
    assert len(boards) >= 6  # one per ruleset page
    for m in boards:
        assert m["trayLight"] != m["trayDark"], m


def test_ruleset_pages_have_no_contrast_failure(measured: list[dict[str, object]]) -> None:
    """WCAG AA (4.5:1, 3:1 for large text) for every text of the article, in the light
    and the dark scheme: the colours Chromium computes, over the backgrounds behind."""
    pages = [m for m in measured if str(m["url"]).startswith("rulesets/") and m["width"] == 1280]
    assert len(pages) >= 6
    failures = {m["url"]: sorted(set(m["contrast"])) for m in pages  # type: ignore[call-overload]
                if m["contrast"]}
    assert not failures, failures
