"""What the playground's Python side gives the French page is French (issue 26, item 4),
without a browser: the rules in words and the comparison as the French ruleset pages say
them, a stub's title, and the log of a deal of every built-in ruleset (its moves, its
settlement line by line, the standings and the winner) with no English word of the French
prose's own check (tests/docs); the English log names each seat once and no command-line
flag.  The browser test on both pages is test_playground_language.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.describe import labels_fr
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.playground import DealSession, builtin_source, check, compare
from nainjaune_rules.syntax.resources import builtin_rulesets

sys.path.insert(0, str(Path(__file__).parents[1] / "docs"))
from test_prose_fr import english_words  # noqa: E402


def _players(name: str) -> int:
    return min(compile_tables(load_ruleset(name)).deal_rows)


def _without_quotes(text: str) -> str:
    """The page's words: not the ruleset's own (« quoted », or a card's code)."""
    return re.sub(r"«[^»]*»", " ", text)


def test_rules_and_comparison_are_those_of_the_french_pages() -> None:
    source = builtin_source("fr-sheet", stub=True, lang="fr")
    assert 'title "Nos règles fr-sheet"' in source
    result = check(source + 'starting tokens: 30 [house "court"]\n', "fr")
    assert result["valid"]
    assert {r["phase"] for r in result["rules"]} <= set(labels_fr.PHASE_TITLES.values())
    assert any(r["label"] == labels_fr.DIMENSION_LABELS["starting-tokens"]
               for r in result["rules"])
    assert not english_words(_without_quotes(" ".join(r["sentence"] for r in result["rules"])))
    changed = compare(source + 'starting tokens: 30 [house "court"]\n', None, "fr")
    assert changed["ok"] and [c["label"] for c in changed["changes"]] == ["jetons de départ"]
    assert changed["changes"][0]["after"] == "Chaque joueur commence avec 30 jetons."


@pytest.mark.parametrize("name", builtin_rulesets())
def test_a_deal_is_logged_in_french(name: str) -> None:
    for seed in range(3):
        state = DealSession(builtin_source(name, stub=True), _players(name), 0, "lowest", seed,
                            autoplay=True, lang="fr").state()
        log = "\n".join(state["log"])
        assert not english_words(_without_quotes(log)), (seed, english_words(log), log)
        assert "--- fin de la donne 1 : le règlement, ligne par ligne ---" in log
        assert "Classement :" in log
        assert re.fullmatch(r"La donne est gagnée par la place \d+ \((vous|lowest)\) : "
                            r"sortie la première\.", state["log"][-1])


@pytest.mark.parametrize("name", builtin_rulesets())
def test_the_english_log_names_each_seat_once_and_no_flag(name: str) -> None:
    state = DealSession(builtin_source(name, stub=True), _players(name), 0, "lowest", 1,
                        autoplay=True).state()
    log = "\n".join(state["log"])
    assert "(--" not in log and "deals played" not in log
    assert not re.search(r"seat \d+ \(seat", log)
    assert "--- end of deal 1: the settlement, line by line ---" in log
    assert re.fullmatch(r"The deal is won by seat \d+ \((you|lowest)\): out first\.",
                        state["log"][-1])


@pytest.mark.parametrize("name", ["1760", "fr-sheet", "cousins/pope-joan"])
def test_quick_statistics_are_in_french(name: str) -> None:
    """The table of the French page's quick statistics: every line but the ruleset's own
    title and options is French (figures by the statistics page's French labels)."""
    from nainjaune_rules.playground import QuickStats

    stats = QuickStats(builtin_source(name, stub=True), 10, 0)
    while stats.step()["done"] < stats.games:
        pass
    english = stats.figures()["text"].splitlines()
    lines = stats.figures("fr")["text"].splitlines()
    assert len(lines) == len(english)  # the same rows
    options = re.sub(r"options : .*", "", lines[1])
    assert not english_words(_without_quotes("\n".join([options, *lines[2:]]))), lines
    assert "intervalle à 95\u00a0%" in lines[3 if lines[2].startswith("parties finies") else 2]


def test_the_rulesets_own_text_is_french_on_the_french_page() -> None:
    """A built-in ruleset's own text (title, box names) comes from its catalogue, as on
    the French pages, also for the edited copy of it in the editor; a string the reader
    changed has no translation and shows as written."""
    from nainjaune_rules.playground.editing import builtins

    titles = {b["name"]: b["title"] for b in builtins("fr")}
    assert titles["fr-sheet"] == "Fiche de règles française moderne"
    assert {b["name"]: b["title"] for b in builtins("en")}["fr-sheet"] == (
        "Modern French rules sheet")
    source = builtin_source("fr-sheet")
    result = check(source, "fr")
    assert result["title"] == "Fiche de règles française moderne"
    said = " ".join(r["sentence"] for r in result["rules"])
    assert "« le Nain jaune »" in said and "yellow dwarf" not in said
    assert "the yellow dwarf" in " ".join(r["sentence"] for r in check(source, "en")["rules"])
    changed = check(source.replace("Modern French rules sheet", "Our sheet"), "fr")
    assert changed["title"] == "Our sheet"
    assert "« le Nain jaune »" in " ".join(r["sentence"] for r in changed["rules"])


def test_the_cards_are_printed_as_the_pages_language_prints_them() -> None:
    """The hand, the board and the run show each card as the page's language prints it:
    Q♠ on the English page, ♠D (the French sources' letters) on the French one; every
    code the page shows has its face."""
    for lang, queen, jack in (("en", "Q♠", "J♣"), ("fr", "♠D", "♣V")):
        state = DealSession(builtin_source("fr-sheet"), 4, 0, lang=lang).state()
        shown = {c["code"] for c in state["hand"]} | set(state["board"]) | set(state["run"])
        assert shown <= set(state["faces"])
        assert state["faces"]["QS"] == queen and state["faces"]["JC"] == jack
        assert not any(f[-1] in "JQK" for f in state["faces"].values()) or lang == "en"
