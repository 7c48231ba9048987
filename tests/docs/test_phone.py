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
from conftest import BuiltSite
from probe import probe_json
from test_browser import CHROMIUM, FLAGS, server  # noqa: F401  (the fixture)

WIDTHS = (390, 1280)
MIN_CELL = 56  # px: a comparison cell narrower than this breaks words letter by letter
MIN_CHART_TEXT = 9  # px: the charts' smallest text, as drawn on the screen

PROBE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<pre id="out"></pre>
<script>
const pages = %(pages)s, widths = %(widths)s, results = [];
function load(frame, url) {
  return new Promise(done => { frame.onload = () => setTimeout(done, 300); frame.src = url; });
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
      const tray = doc.querySelector("svg.nj-board .nj-tray");
      const fillLight = chartText.length ? win.getComputedStyle(chartText[0]).fill : "";
      const trayLight = tray ? win.getComputedStyle(tray).fill : "";
      doc.body.setAttribute("data-md-color-scheme", "slate");
      const fillDark = chartText.length ? win.getComputedStyle(chartText[0]).fill : "";
      const trayDark = tray ? win.getComputedStyle(tray).fill : "";
      const groundDark = win.getComputedStyle(doc.body).backgroundColor;
      doc.body.setAttribute("data-md-color-scheme", "default");
      results.push({url, width, scroll: doc.documentElement.scrollWidth, inner: win.innerWidth,
                    cells: cells.length ? Math.min(...cells) : null,
                    chartText: chartText.length
                      ? Math.min(...textSizes(doc).filter(h => h > 0)) : null,
                    fillLight, fillDark, groundDark, trayLight, trayDark});
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
              and not str(m["url"]).startswith("cards/")]
    assert len(boards) >= 6  # one per ruleset page
    for m in boards:
        assert m["trayLight"] != m["trayDark"], m
