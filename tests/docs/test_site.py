"""The built site: strict build, every internal link resolves, code is highlighted."""

from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pygments.lexers
from docs_support import BuiltSite

from nainjaune_rules.describe.lexer import NainJauneLexer
from nainjaune_rules.pages import Shelf


class _Page(HTMLParser):
    """The ids of a page and the relative links it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name"):
            if values.get(key) and (key == "id" or tag == "a"):
                self.ids.add(values[key] or "")
        for key in ("href", "src"):
            link = values.get(key)
            if link is not None and tag != "base":
                self.links.append(link)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_strict_build_passes_without_warnings(built_site: BuiltSite) -> None:
    assert "WARNING" not in built_site.output, built_site.output
    assert (built_site.folder / "index.html").is_file()


def test_every_ruleset_and_site_page_is_built(built_site: BuiltSite, shelf: Shelf) -> None:
    for name in shelf.rulesets:
        assert (built_site.folder / "rulesets" / f"{name}.html").is_file(), name
    for page in ("compare", "sources", "differences/index", "language", "house-rulesets",
                 "statistics", "rulesets/index"):
        assert (built_site.folder / f"{page}.html").is_file(), page


def test_every_internal_link_resolves(built_site: BuiltSite) -> None:
    root = built_site.folder
    pages = {p.relative_to(root).as_posix(): p for p in root.rglob("*.html")}
    parsed = {rel: _parse(p) for rel, p in pages.items()}
    broken = []
    for rel, page in parsed.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            target = rel
            if parts.path:
                if parts.path.startswith("/") and rel != "404.html":
                    broken.append(f"{rel}: absolute link {link}")
                    continue
                # the 404 page is served at any depth, so its links start at the root
                base = "" if parts.path.startswith("/") else posixpath.dirname(rel)
                target = posixpath.normpath(posixpath.join(base, unquote(parts.path).lstrip("/")))
                if target.endswith("/") or (root / target).is_dir():
                    target = posixpath.join(target, "index.html")
                if not (root / target).exists():
                    broken.append(f"{rel}: {link} (no {target})")
                    continue
            fragment = unquote(parts.fragment)
            if fragment and target in parsed and fragment not in parsed[target].ids:
                broken.append(f"{rel}: {link} (no #{fragment} in {target})")
    assert not broken, "\n".join(broken[:40])


def test_the_lexer_resolves_by_name_and_file_name() -> None:
    assert isinstance(pygments.lexers.get_lexer_by_name("nainjaune"), NainJauneLexer)
    assert isinstance(pygments.lexers.get_lexer_for_filename("fr-sheet.nj"), NainJauneLexer)


def test_built_pages_contain_highlighted_ruleset_code(built_site: BuiltSite) -> None:
    for page in ("rulesets/fr-sheet.html", "language.html"):
        text = (built_site.folder / page).read_text(encoding="utf-8")
        assert 'class="language-nainjaune highlight"' in text, page
        # keyword, namespace keyword, source label, card code: tokens of our lexer
        for css in ('<span class="k">', '<span class="kn">', '<span class="nl">',
                    '<span class="no">'):
            assert css in text, (page, css)


def test_statistics_slot_is_in_the_nav(built_site: BuiltSite) -> None:
    home = (built_site.folder / "index.html").read_text(encoding="utf-8")
    assert 'href="statistics.html"' in home
    for name in ("1760", "1902", "fr-sheet"):
        assert f'href="rulesets/{name}.html"' in home
