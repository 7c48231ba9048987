"""The generated pages, rendered without MkDocs: complete, fresh, and escaped."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest
from docs_fixtures import hoc, hostile, house_of, modern

from nainjaune_rules.core.spans import Citation
from nainjaune_rules.describe import changes
from nainjaune_rules.describe.dimensions import entries
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.model import rules as r
from nainjaune_rules.pages import (
    Shelf,
    generated_pages,
    navigation,
    render_comparison_page,
    render_ruleset_page,
    render_sources_page,
)


def _text(page: str) -> str:
    """What a reader sees of a page's text, near enough: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", page)).replace("\\", "")


def _cited(citation: Citation) -> str:
    """A citation as the page's text reads it: a book's section heading is a ``<q>``
    quotation (its marks drawn by the browser, in the book's language)."""
    return f"{citation.source} §{citation.section}" if citation.section else str(citation)


def test_every_ruleset_page_cites_every_clause(shelf: Shelf) -> None:
    assert {"1760", "1902", "fr-sheet"} <= set(shelf.rulesets)
    for name, ruleset in shelf.rulesets.items():
        page = render_ruleset_page(ruleset, name=name, parent=shelf.parents.get(name),
                                   text=shelf.texts.get(name, ""))
        shown = _text(page.split("## The ruleset file")[0])
        for entry in entries(ruleset):
            origin = entry.clause.origin
            assert f'id="{entry.anchor}"' in page
            assert describe(entry.clause).sentence in shown, (name, entry.anchor)
            for citation in origin.citations:
                assert _cited(citation) in shown, (name, entry.anchor, str(citation))
            if origin.reason:  # inferred, house, or attested in part
                assert origin.reason in shown, (name, entry.anchor)
        for option in ruleset.options:
            assert f"{{ #option-{option.name} }}" in page
            for choice in option.choices:
                for clause in choice.clauses:
                    assert describe(clause).sentence in shown, (name, option.name, choice.name)
                    for citation in clause.origin.citations:
                        assert _cited(citation) in shown
                    assert clause.origin.reason in shown


def test_a_changed_clause_changes_the_page(shelf: Shelf) -> None:
    ruleset = shelf.rulesets["fr-sheet"]
    # glossary words are links ("tokens"): compare the text the reader sees
    def text(page: str) -> str:
        return re.sub(r"<[^>]+>", "", page)

    before = text(render_ruleset_page(ruleset))
    changed = replace(ruleset, starting_tokens=replace(ruleset.starting_tokens, count=77))
    after = text(render_ruleset_page(changed))
    assert "Each player starts with 77 tokens." in after
    assert "Each player starts with 50 tokens." in before
    assert "Each player starts with 50 tokens." not in after
    recited = replace(ruleset, runs=replace(ruleset.runs, origin=r.Origin(
        r.OriginKind.INFERRED, reason="a new reason")))
    assert "a new reason" in render_ruleset_page(recited)


def test_hostile_text_is_escaped_everywhere() -> None:
    evil = hostile()
    pages = generated_pages(Shelf({"evil": evil, "modern": modern()}))
    for path, page in pages.items():
        assert "<script>" not in page, path
        assert "<b>bold</b>" not in page, path
    page = pages["rulesets/evil.md"]
    # the theme writes page titles unescaped into the nav and <title>: front matter
    # carries the title already escaped, and the nav entries carry none
    assert page.startswith('---\ntitle: "Title &lt;script&gt;alert(1)&lt;/script&gt; &amp; ')
    assert all(isinstance(entry, str)
               for entries in navigation(Shelf({"evil": evil})).values() for entry in entries)
    assert "&lt;script&gt;" in page
    assert "&amp;" in page
    assert "# Title \\&lt;script\\&gt;" not in page  # entities are never backslashed


def test_ruleset_page_has_board_options_parent_changes_and_file() -> None:
    parent = modern()
    house = replace(house_of(parent), parent="modern")
    page = render_ruleset_page(house, parent=parent, text='ruleset our-table\nextends modern\n')
    assert "<svg" in page and "the yellow dwarf" in page
    assert "## Table options" in page and "(default)" in page
    assert "## Changes from the parent" in page
    assert "Each player starts with 100 tokens." in page
    assert "```nainjaune\nruleset our-table" in page


def test_comparison_highlights_the_odd_one_out() -> None:
    page = render_comparison_page([("modern", modern()), ("hoc", hoc()), ("copy", modern())])
    row = re.search(r'<tr id="cmp-players".*?</tr>', page)
    assert row is not None
    cells = re.findall(r'<td class="([^"]*)"', row.group(0))
    assert cells == ["nj-cell", "nj-cell nj-differs", "nj-cell"]
    assert 'href="rulesets/hoc.html#rule-players"' in row.group(0)
    assert '<tr id="cmp-ranks">' in page  # a uniform row: no highlight class


def test_changes_list_added_removed_and_changed() -> None:
    parent = modern()
    found = {c.dimension.key: c.kind.value for c in changes(parent, house_of(parent))}
    assert found == {"starting-tokens": "changed", "opera": "removed",
                     "opera-sweep-board": "removed"}
    back = {c.dimension.key: c.kind.value for c in changes(house_of(parent), parent)}
    assert back["opera"] == "added"
    assert changes(parent, parent) == []


def test_sources_page_lists_the_clauses_citing_each_source() -> None:
    page = render_sources_page([("modern", modern()), ("hoc", hoc())])
    assert "{ #source-fr-sheet }" in page and "{ #source-wiki-ja }" in page
    assert 'href="rulesets/modern.html#rule-players">players</a> ¶14' in page


@pytest.mark.parametrize("path", ["compare.md", "sources.md", "rulesets/index.md",
                                  "differences/index.md"])
def test_site_pages_exist(shelf: Shelf, path: str) -> None:
    assert path in generated_pages(shelf)


def test_a_parent_without_a_page_is_named_not_linked() -> None:
    parent = modern()
    house = replace(house_of(parent), parent="../elsewhere/base.nj")
    pages = generated_pages(Shelf({"house/ours": house}, parents={"house/ours": parent}))
    page = pages["rulesets/house/ours.md"]
    assert "<code>../elsewhere/base.nj</code>" in page
    assert "elsewhere/base.html" not in page and "Each player starts with 100 tokens." in page
