"""Nain Jaune's cousins (issue #22, item 9): the built-in rulesets of ``rules/cousins/``
and the citation of a book by section or page.

Expected results: the cousins are listed like ``house/…`` rulesets; every clause is
attested to a book by section or page, or inferred; a book is never cited by ¶N and a
bundled text never by section or page (each mix is an error with a hint).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from language_support import compile_path, compile_text, run_cli

import nainjaune_rules
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_data
from nainjaune_rules.model.resolve import base_clauses
from nainjaune_rules.model.writer import write_ruleset

COUSINS = ("cousins/comete", "cousins/michigan", "cousins/pope-joan")
BOOKS = {"cassell-1881", "hoyle-modernized", "foster-1897", "chambers-1909", "peel-1891",
         "pagat-michigan", "bicycle-michigan"}
RULES = Path(__file__).resolve().parents[2] / "rules"


def test_the_cousins_are_listed_by_their_folder_and_the_books_file_is_not() -> None:
    names = nainjaune_rules.builtin_rulesets()
    assert set(COUSINS) <= set(names)
    assert not any(n.endswith("books") for n in names)
    listing = run_cli("list").stdout
    for name in COUSINS:
        assert name in listing


# The one warning a cousin keeps: Foster's Commit deals 51 cards "as far as they will go",
# which for three players is 17 each and no card face down (notes/cousins.md).
KEPT_WARNINGS = {"cousins/comete": [("empty-talon", "with 3 players the talon is empty")]}


@pytest.mark.parametrize("name", COUSINS)
def test_each_cousin_checks_clean(name: str) -> None:
    ruleset, diagnostics = compile_path(RULES / f"{name}.nj")
    assert ruleset is not None
    assert [(d.kind, d.message) for d in diagnostics] == KEPT_WARNINGS.get(name, [])
    assert run_cli("check", name).returncode == 0


@pytest.mark.parametrize("name", COUSINS)
def test_every_clause_cites_a_book_by_section_or_page_or_says_why(name: str) -> None:
    ruleset = nainjaune_rules.load_ruleset(name)
    assert {s.id for s in ruleset.sources} == BOOKS
    assert all(s.book is not None and s.book.title for s in ruleset.sources)
    cited = 0
    for clause in base_clauses(ruleset).values():
        origin = clause.origin
        assert origin.kind in (r.OriginKind.ATTESTED, r.OriginKind.INFERRED)
        for citation in origin.citations:
            assert citation.source in BOOKS and not citation.paragraph
            assert bool(citation.section) != bool(citation.page)
            cited += 1
    assert cited >= 10


# The rule kinds of issue #22 each cousin's books need (notes/cousins.md): the faithful
# clauses that once waited as `# PLANNED:` comments are now the rules themselves.
NEW_RULE_KINDS = {
    "cousins/pope-joan": {"deck", "extra_hand", "trumps", "turn_up_box", "turn_up_bonus",
                          "pools"},
    "cousins/comete": {"deck", "pools"},
    "cousins/michigan": {"extra_hand", "lead_card", "lead_after_stop"},
}


@pytest.mark.parametrize("name", COUSINS)
def test_each_faithful_clause_is_switched_in(name: str) -> None:
    text = (RULES / f"{name}.nj").read_text(encoding="utf-8")
    assert "# PLANNED:" not in text
    data = to_data(nainjaune_rules.load_ruleset(name))
    assert NEW_RULE_KINDS[name] <= {key for key, value in data.items() if value}


def test_the_cousins_say_what_their_books_say_of_the_board_and_the_stakes() -> None:
    pope = nainjaune_rules.load_ruleset("cousins/pope-joan")
    assert {p.name: p.stake for p in pope.pools} == {
        "Ace": 1, "King": 1, "Queen": 1, "Knave": 1, "Matrimony": 2, "Intrigue": 2, "Game": 1}
    assert [(str(b.card), b.stake) for b in pope.board.boxes] == [("9D", 6)]
    assert to_data(nainjaune_rules.load_ruleset("cousins/comete"))["board"]["boxes"] == []
    stakes = to_data(nainjaune_rules.load_ruleset("cousins/michigan"))["stakes"]
    assert (stakes["stakers"], stakes["dealer_times"]) == ("by seat", 2)


@pytest.mark.parametrize("name", COUSINS)
def test_simulated_games_of_each_cousin_end_by_their_rules(name: str) -> None:
    figures = simulate(nainjaune_rules.load_ruleset(name), 200, name=name)
    assert figures.games == 200 and figures.ended == 200


BOOK = '''ruleset cite-test
title "t"
period "1897"
evidence described
include "sources.nj"
source foster-1897 "English" "an encyclopedia of games":
    author "R. F. Foster"
    title "Foster's Complete Hoyle"
    year 1897
    published "New York: Frederick A. Stokes Company"
extends fr-sheet
'''


def _errors(tmp_path: Path, clause: str, head: str = BOOK) -> list[tuple[str, str, str]]:
    try:
        compile_text(head + clause + "\n", tmp_path)
    except RulesetError as error:
        return [(d.kind, d.message, d.hint) for d in error.diagnostics]
    return []


def test_a_book_is_cited_by_section_and_by_page(tmp_path: Path) -> None:
    ruleset = compile_text(BOOK + 'players: 3 to 8   [foster-1897 §"Pope Joan"]\n'
                           "play: clockwise   [foster-1897 pp.124-125; fr-sheet ¶18]\n",
                           tmp_path)
    book = next(s for s in ruleset.sources if s.id == "foster-1897").book
    assert book == r.Book("R. F. Foster", "Foster's Complete Hoyle", 1897,
                          "New York: Frederick A. Stokes Company")
    origins = [str(c) for clause in base_clauses(ruleset).values() for c in clause.origin.citations
               if c.source == "foster-1897"]
    assert sorted(origins) == ['foster-1897 pp.124-125', 'foster-1897 §"Pope Joan"']


def test_a_book_cited_by_paragraph_is_an_error_with_a_hint(tmp_path: Path) -> None:
    [(kind, message, hint)] = _errors(tmp_path, "players: 3 to 8   [foster-1897 ¶3]")
    assert kind == "wrong-locator" and "book" in message and "no paragraph ¶3" in message
    assert '§"heading"' in hint and "p.N" in hint


def test_a_bundled_text_cited_by_section_or_page_is_an_error_with_a_hint(tmp_path: Path) -> None:
    [(kind, message, hint)] = _errors(tmp_path, 'players: 3 to 8   [fr-sheet §"Intro"]')
    assert kind == "wrong-locator" and "cited by paragraph, not by section" in message
    assert "[fr-sheet ¶N]" in hint
    [(kind, message, _)] = _errors(tmp_path, "players: 3 to 8   [fr-sheet p.2]")
    assert kind == "wrong-locator" and "not by page" in message


@pytest.mark.parametrize(("clause", "kind"), [
    ("players: 3 to 8   [foster-1897 p.0]", "bad-paragraph"),
    ("players: 3 to 8   [foster-1897 pp.9-3]", "bad-paragraph"),
    ('players: 3 to 8   [foster-1897 §""]', "bad-paragraph"),
    ("players: 3 to 8   [foster-1897 p.12345678901234567890]", "too-large"),
    ('players: 3 to 8   [nobody §"Pope Joan"]', "undeclared-source"),
])
def test_bad_pages_and_sections_are_errors(tmp_path: Path, clause: str, kind: str) -> None:
    assert [k for k, _, _ in _errors(tmp_path, clause)] == [kind]


def test_a_book_without_its_title_is_an_error(tmp_path: Path) -> None:
    head = BOOK.replace('    title "Foster\'s Complete Hoyle"\n', "")
    kinds = [k for k, _, _ in _errors(tmp_path, "", head)]
    assert kinds == ["missing-clause"]


def test_a_book_source_and_its_citations_survive_writing_and_the_canonical_form(
        tmp_path: Path) -> None:
    for name in COUSINS:
        ruleset = nainjaune_rules.load_ruleset(name)
        assert from_data(to_data(ruleset)) == ruleset
    ruleset = compile_text(BOOK + 'players: 3 to 8   [foster-1897 §"Pope Joan"]\n', tmp_path)
    again = compile_text(write_ruleset(ruleset), tmp_path, "again.nj")
    assert again.sources == ruleset.sources
    assert again.players == ruleset.players and again.players.origin == ruleset.players.origin
