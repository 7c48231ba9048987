"""The site's small defects of issue 11 (item 7): no raw Markdown escapes on the
pages, a filled sitemap, a light/dark toggle, and link and badge colours with a
contrast of at least 4.5:1 (WCAG AA for text) in both schemes.

Contrasts are computed with the WCAG 2 formula (relative luminance, sRGB), from
the values in ``site/assets/nainjaune.css``; when Chromium is installed, also
from the colours it computes for the built site's own stylesheets, which proves
the site's rules win the cascade over the theme's.
"""

from __future__ import annotations

import colorsys
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from docs_support import ROOT, BuiltSite
from test_site_hostile import scan_html

CSS = ROOT / "site" / "assets" / "nainjaune.css"
AA = 4.5
WHITE = (255, 255, 255)
#: Material's slate background: hsla(var(--md-hue), 15%, 14%, 1) with --md-hue 232deg
#: (material/templates/assets/stylesheets/palette.*.css)
SLATE = tuple(round(255 * c) for c in colorsys.hls_to_rgb(232 / 360, 0.14, 0.15))
#: a backslash before a character Markdown escapes: what the reader must never see
RAW_ESCAPE = re.compile(r"\\[-.`*_{}\[\]()#+!|]")


def luminance(rgb: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_rgb(value: str) -> tuple[int, int, int]:
    digits = value.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def css_rules() -> list[tuple[str, dict[str, str]]]:
    """``(selector, {property: value})`` for each rule of the site's stylesheet."""
    text = re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)
    rules = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        declarations = dict(
            (name.strip(), value.strip())
            for name, value in (d.split(":", 1) for d in body.split(";") if ":" in d)
        )
        rules.append((" ".join(selector.split()), declarations))
    return rules


def _declared(selector: str, prop: str) -> str:
    values = [d[prop] for s, d in css_rules() if s == selector and prop in d]
    assert values, f"{CSS.name} sets no {prop} for {selector}"
    return values[-1]


def test_links_have_aa_contrast_in_both_schemes() -> None:
    for scheme, ground in (("default", WHITE), ("slate", SLATE)):
        for prop, kind in (("--md-typeset-a-color", "primary"),
                           ("--md-accent-fg-color", "accent")):
            value = _declared(f'[data-md-color-scheme="{scheme}"][data-md-color-{kind}]', prop)
            ratio = contrast(hex_rgb(value), ground)
            assert ratio >= AA, (scheme, prop, value, round(ratio, 2))


def test_every_badge_has_aa_contrast() -> None:
    """Each rule that paints a text colour on its own background (the attested,
    inferred and house marks, the added/removed/changed kinds)."""
    badges = [(s, d) for s, d in css_rules()
              if re.fullmatch(r"#[0-9a-fA-F]{3,6}", d.get("color", ""))
              and re.fullmatch(r"#[0-9a-fA-F]{3,6}", d.get("background", ""))]
    assert len(badges) >= 6
    for selector, d in badges:
        ratio = contrast(hex_rgb(d["color"]), hex_rgb(d["background"]))
        assert ratio >= AA, (selector, round(ratio, 2))


def test_the_contrast_formula_matches_known_values() -> None:
    # WCAG: black on white is 21:1; #767676 on white is the lightest grey passing AA
    assert round(contrast((0, 0, 0), WHITE), 1) == 21.0
    assert contrast(hex_rgb("#767676"), WHITE) >= AA > contrast(hex_rgb("#777777"), WHITE)
    # the theme's amber link colour, which issue 11 measured at 2.46:1
    assert round(contrast(hex_rgb("#d19d00"), WHITE), 2) == 2.46


def test_no_page_shows_raw_markdown_escapes(built_site: BuiltSite) -> None:
    shown = []
    for path in sorted(built_site.folder.rglob("*.html")):
        visible = scan_html(path.read_text(encoding="utf-8")).visible
        shown += [f"{path.name}: {m.group(0)}" for m in RAW_ESCAPE.finditer(visible)]
    assert not shown, shown[:20]
    page = (built_site.folder / "rulesets" / "fr-sheet.html").read_text(encoding="utf-8")
    assert "This page was generated from this file (<code>fr-sheet.nj</code>)" in page


def test_the_sitemap_lists_every_page(built_site: BuiltSite) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    site_url = config["site_url"]
    assert site_url == "https://nainjaune-rules.example/"
    tree = ET.parse(built_site.folder / "sitemap.xml")
    spaces = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = {loc.text for loc in tree.getroot().findall("s:url/s:loc", spaces)}
    pages = {site_url + p.relative_to(built_site.folder).as_posix()
             for p in built_site.folder.rglob("*.html")
             # the printable rule cards are static files, which MkDocs leaves out of the sitemap
             if p.name != "404.html" and "cards" not in p.relative_to(built_site.folder).parts[:2]}
    assert len(pages) >= 15
    assert listed == pages


def test_the_palette_toggles_light_and_dark(built_site: BuiltSite) -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    palettes = config["theme"]["palette"]
    assert [p["scheme"] for p in palettes] == ["default", "slate"]
    assert all(p["toggle"]["icon"] and p["toggle"]["name"] for p in palettes)
    home = (built_site.folder / "index.html").read_text(encoding="utf-8")
    toggles = re.findall(r'<input class="md-option"[^>]*data-md-color-scheme="(\w+)"', home)
    assert toggles == ["default", "slate"]


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: one block per scheme, each carrying the attributes the theme sets on <body>
#: (the theme's colour transitions make switching one <body> unreliable)
PROBE = """<!doctype html><html><head><meta charset="utf-8">{links}</head><body>
{blocks}<pre id="out"></pre>
<script>
const out = {{}};
for (const block of document.querySelectorAll("[data-probe]")) {{
  const style = getComputedStyle(block);
  const seen = {{
    ground: style.backgroundColor,
    link: getComputedStyle(block.querySelector("a")).color,
    hover: style.getPropertyValue("--md-accent-fg-color").trim(),
    badges: {{}},
  }};
  for (const badge of block.querySelectorAll("[data-badge]")) {{
    const b = getComputedStyle(badge);
    seen.badges[badge.dataset.badge] = [b.color, b.backgroundColor];
  }}
  out[block.dataset.probe] = seen;
}}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
"""
BLOCK = """<div data-probe="{scheme}" data-md-color-scheme="{scheme}" data-md-color-primary="amber"
     data-md-color-accent="deep-orange" style="background-color: var(--md-default-bg-color)">
<article class="md-typeset"><p><a href="#">a link</a> {badges}</p></article></div>
"""
BADGES = {
    "attested": '<span class="nj-mark nj-mark-attested" data-badge="attested">a</span>',
    "inferred": '<span class="nj-mark nj-mark-inferred" data-badge="inferred">i</span>',
    "house": '<span class="nj-mark nj-mark-house" data-badge="house">h</span>',
    "added": '<span class="nj-change-added"><span class="nj-change-kind" '
             'data-badge="added">added</span></span>',
    "removed": '<span class="nj-change-removed"><span class="nj-change-kind" '
               'data-badge="removed">removed</span></span>',
    "changed": '<span class="nj-change-changed"><span class="nj-change-kind" '
               'data-badge="changed">changed</span></span>',
}


def _rgb(css: str) -> tuple[int, ...]:
    if css.startswith("#"):
        return hex_rgb(css)
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)]
    assert len(numbers) == 3 or numbers[3] == 1, f"not opaque: {css}"
    return tuple(round(n) for n in numbers[:3])


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_chromium_computes_aa_link_and_badge_colours(built_site: BuiltSite,
                                                     tmp_path: Path) -> None:
    assert CHROMIUM is not None
    home = (built_site.folder / "index.html").read_text(encoding="utf-8")
    links = "".join(re.findall(r'<link rel="stylesheet" href="[^"]+\.css"[^>]*>', home))
    assert "nainjaune.css" in links and "palette" in links
    shutil.copytree(built_site.folder / "assets", tmp_path / "assets")
    probe = tmp_path / "probe.html"
    blocks = "".join(BLOCK.format(scheme=scheme, badges=" ".join(BADGES.values()))
                     for scheme in ("default", "slate"))
    probe.write_text(PROBE.format(links=links, blocks=blocks), "utf-8")
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update",
         f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=2000",
         "--dump-dom", probe.as_uri()],
        capture_output=True, text=True, timeout=90,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    found = re.search(r'<pre id="out">(.*?)</pre>', result.stdout, re.S)
    assert found and found.group(1), result.stdout[-2000:]
    seen = json.loads(found.group(1).replace("&quot;", '"'))
    assert set(seen) == {"default", "slate"}
    for scheme, colours in seen.items():
        ground = _rgb(colours["ground"])
        for what in ("link", "hover"):
            ratio = contrast(_rgb(colours[what]), ground)
            assert ratio >= AA, (scheme, what, colours[what], colours["ground"], ratio)
        assert set(colours["badges"]) == set(BADGES)
        for badge, (fg, bg) in colours["badges"].items():
            assert contrast(_rgb(fg), _rgb(bg)) >= AA, (scheme, badge, fg, bg)
