"""A hostile house ruleset cannot inject anything into the built site (issue 8, item 1).

The site is built with ``mkdocs build --strict`` from a temporary copy of the
checkout whose ``rules/house/`` holds ``hostile.nj`` (every free text of a
ruleset loaded with HTML, Markdown links, template code, pipes, backticks,
emphasis and an entity), and the same ruleset once more under a hostile file
name.  The built HTML (and the search index, whose text the theme shows as
HTML) is parsed with the stdlib parser: no script but the theme's, no ``on*``
attribute, no ``javascript:`` link, no image; and the reader sees every
hostile text literally, as the ruleset wrote it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from nainjaune_rules.describe.text import page_stem
from nainjaune_rules.pages.stats_page import stats_anchor

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).with_name("hostile.nj")
#: a file name is untrusted too: it becomes the ruleset's name on the site
HOSTILE_STEM = "x<img src=x onerror=alert(16)>[y](javascript:alert(16)){{ 7*7 }}|`z`"
#: the site's own script files: the theme's bundle, and the hand-written playground's
#: scripts (site/playground/*.js); no ruleset writes either
#: (the 404 page is served at any depth, so its links start at the root)
THEME_SCRIPT = re.compile(r"^(/|(\.\./)*)(assets/javascripts/bundle\.[0-9a-f]+\.min\.js"
                          r"|playground/[a-z-]+\.js)$")
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "data")


@dataclass
class Scan:
    """What a page would run and show: its live problems, and its visible text."""

    live: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)

    @property
    def visible(self) -> str:
        return " ".join(" ".join(self.text).split())


class _Scanner(HTMLParser):
    def __init__(self, scan: Scan) -> None:
        super().__init__(convert_charrefs=True)
        self.scan = scan
        self.in_script = self.in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.scan.links += [v for k, v in attrs if k in ("href", "src") and v is not None]
        if tag == "script":
            self.in_script = True
            src = values.get("src")
            if src is not None and not THEME_SCRIPT.match(src):
                self.scan.live.append(f"<script src={src!r}>")
        self.in_style = self.in_style or tag == "style"
        if tag in ("img", "iframe", "object", "embed", "base", "meta") and (
            tag != "meta" or "http-equiv" in values
        ):
            self.scan.live.append(f"<{tag} {attrs}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.scan.live.append(f"<{tag} {name}={value!r}>")
            compact = re.sub(r"[\s\x00-\x1f]", "", (value or "")).lower()
            if name in URL_ATTRIBUTES and compact.startswith(("javascript:", "data:", "vbscript:")):
                self.scan.live.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.in_script = False
        if tag == "style":
            self.in_style = False

    def handle_data(self, data: str) -> None:
        if self.in_script:
            if "alert" in data:
                self.scan.live.append(f"inline script: {data[:80]!r}")
        elif not self.in_style:
            self.scan.text.append(data)


def scan_html(markup: str) -> Scan:
    scan = Scan()
    parser = _Scanner(scan)
    parser.feed(markup)
    parser.close()
    return scan


def hostile_strings() -> list[str]:
    """Every quoted text of ``hostile.nj`` (titles, reasons, box names, calls…)
    and every rank name it gives."""
    found: list[str] = []
    for line in HOSTILE.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("#"):
            continue
        found += re.findall(r'"([^"\n]*)"', line)
        if line.startswith("rank names:"):
            found += line.split("[")[0].removeprefix("rank names:").split()[:7]
    return found


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from a copy of the checkout with the hostile rulesets added."""
    tree = tmp_path_factory.mktemp("tree")
    junk = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    for folder in ("nainjaune_rules", "grammar", "rules", "site", "theme"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=junk)
    shutil.copy2(ROOT / "mkdocs.yml", tree / "mkdocs.yml")
    house = tree / "rules" / "house"
    shutil.copy2(HOSTILE, house / "zz-hostile.nj")
    text = HOSTILE.read_text(encoding="utf-8").replace("ruleset house-hostile",
                                                       "ruleset house-hostile-name")
    (house / f"{HOSTILE_STEM}.nj").write_text(text, encoding="utf-8")
    # and once as a published variant, so that it has a column in the comparison
    variant = HOSTILE.read_text(encoding="utf-8").replace("ruleset house-hostile",
                                                          "ruleset hostile-variant")
    (tree / "rules" / "zz-hostile.nj").write_text(variant, encoding="utf-8")
    out = tree / "_out"
    # the copied package comes first on the path, so its rules folder is the copy's
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(tree)}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=tree, capture_output=True, text=True, timeout=300, env=env,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{output[-4000:]}"
    assert "WARNING" not in output, output[-4000:]
    assert (out / "rulesets" / "house" / "zz-hostile.html").is_file()
    return out


def test_the_hostile_ruleset_compiles() -> None:
    import nainjaune_rules

    ruleset = nainjaune_rules.load_ruleset(str(HOSTILE))
    assert ruleset.title.startswith("Hostile <script>")
    assert len(hostile_strings()) >= 20


def test_no_built_page_runs_or_links_anything_a_ruleset_wrote(hostile_site: Path) -> None:
    problems = []
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        scan = scan_html(path.read_text(encoding="utf-8"))
        problems += [f"{path.relative_to(hostile_site)}: {p}" for p in scan.live]
    assert not problems, "\n".join(problems[:40])


def test_every_page_link_of_the_hostile_build_resolves(hostile_site: Path) -> None:
    """Pages named after hostile files are reached by the links to them."""
    broken = []
    for path in sorted(hostile_site.rglob("*.html")):
        if path.name == "404.html":  # served at any depth: its links start at the root
            continue
        for link in scan_html(path.read_text(encoding="utf-8")).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(hostile_site)}: {link}")
    assert not broken, broken[:20]
    assert any(HOSTILE_STEM in scan_html(p.read_text(encoding="utf-8")).visible
               for p in (hostile_site / "rulesets" / "house").glob("x-*.html"))


def test_the_search_index_holds_no_live_markup(hostile_site: Path) -> None:
    index = json.loads((hostile_site / "search" / "search_index.json").read_text("utf-8"))
    problems = []
    for doc in index["docs"]:
        for key in ("title", "text"):
            problems += [f"{doc['location']} {key}: {p}" for p in scan_html(doc[key]).live]
    assert not problems, "\n".join(problems[:40])


HOSTILE_PAGES = ["rulesets/house/zz-hostile.html", "rulesets/zz-hostile.html",
                 f"rulesets/{page_stem('house/' + HOSTILE_STEM)}.html"]


@pytest.mark.parametrize("page", HOSTILE_PAGES)
def test_the_ruleset_page_shows_every_hostile_text_as_written(hostile_site: Path,
                                                              page: str) -> None:
    visible = scan_html((hostile_site / page).read_text(encoding="utf-8")).visible
    missing = [s for s in hostile_strings() if " ".join(s.split()) not in visible]
    assert not missing, missing
    assert "49" not in visible  # no {{ 7*7 }} was ever evaluated (no rule of it says 49)


@pytest.mark.parametrize("page", ["rulesets/index.html", "index.html", "statistics.html",
                                  "compare.html", "differences/index.html",
                                  "differences/fr-sheet--house-zz-hostile.html",
                                  "sources.html", "fr/sources.html", "fr/statistics.html"])
def test_every_other_page_shows_the_title_and_names_as_written(hostile_site: Path,
                                                               page: str) -> None:
    visible = scan_html((hostile_site / page).read_text(encoding="utf-8")).visible
    page = page.removeprefix("fr/")  # the French page shows the same data
    title, period, language, description = hostile_strings()[:4]
    if page in ("rulesets/index.html", "index.html", "statistics.html", "compare.html",
                "differences/fr-sheet--house-zz-hostile.html"):
        assert title in visible
    if page in ("rulesets/index.html", "differences/fr-sheet--house-zz-hostile.html"):
        assert period in visible
    if page == "sources.html":
        assert language in visible and description in visible
    names = {"rulesets/index.html": ["house/zz-hostile", "zz-hostile", f"house/{HOSTILE_STEM}"],
             "statistics.html": ["house/zz-hostile", f"house/{HOSTILE_STEM}"],
             "compare.html": ["zz-hostile"],
             "differences/index.html": ["house/zz-hostile", f"house/{HOSTILE_STEM}"],
             "sources.html": ["house/zz-hostile", f"house/{HOSTILE_STEM}"]}
    for name in names.get(page, []):
        assert name in visible, name


def test_a_hostile_file_name_gets_a_plain_page_path() -> None:
    stem = page_stem("house/" + HOSTILE_STEM)
    assert re.fullmatch(r"house/[A-Za-z0-9_-]+", stem), stem
    assert page_stem("house/1902-per-card") == "house/1902-per-card"
    assert page_stem("fr-sheet") == "fr-sheet"
    assert page_stem("house/a b") != page_stem("house/a_b")
    # the statistics section of each ruleset gets its own anchor too
    assert stats_anchor("house/a b") != stats_anchor("house/a-b") == "stats-house-a-b"
