"""The rules in words for an empty board, pools, trumps and the turn-up (issue #22,
items 3 and 6), English and French: no built-in ruleset of the six has them."""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules import load_ruleset
from nainjaune_rules.describe import prose, prose_fr
from nainjaune_rules.describe.dimensions import entries

FIXTURE = Path(__file__).parents[1] / "engine" / "fixtures" / "board-pools.nj"


def test_each_new_clause_is_told_in_english_and_french() -> None:
    rs = load_ruleset(str(FIXTURE))
    assert rs.trumps is not None and rs.turn_up_box is not None
    en = {type(c).__name__ + str(i): prose.describe(c).sentence
          for i, c in enumerate((rs.board, *rs.pools, rs.trumps, rs.turn_up_box))}
    fr = [prose_fr.describe_fr(c).sentence
          for c in (rs.board, *rs.pools, rs.trumps, rs.turn_up_box)]
    assert en["Board0"] == "There is no board of boxes: no card wins a box."
    assert en["Pool1"].startswith('The pool "Pope" takes a stake of 1 token from each staker')
    assert "lays 9♦ in one deal" in en["Pool1"]
    assert 'The pool "Matrimony"' in en["Pool6"] and "K and Q of trumps" in en["Pool6"]
    assert "the player who goes out takes it" in en["Pool9"]
    assert "turned up" in en["Trumps10"] and "dealer takes its box" in en["TurnUpBox11"]
    assert fr[0].startswith("Il n'y a pas de tableau")
    assert "« Matrimony »" in fr[6] and "R et D d'atout" in fr[6]  # roi, dame
    assert "retournée" in fr[10] and "le donneur ramasse" in fr[11]


def test_the_ruleset_page_places_every_new_clause() -> None:
    rs = load_ruleset(str(FIXTURE))
    keys = {e.dimension.key for e in entries(rs)}
    assert {"board", "pools", "trumps", "turn-up-box"} <= keys


def test_the_worked_example_tells_a_pool_taken_in_both_languages() -> None:
    from nainjaune_rules.describe import example, i18n

    rs = load_ruleset(str(FIXTURE))
    ex = example.worked_example(rs, "board-pools")
    assert ex is not None
    said = {}
    for code in ("en", "fr"):
        with i18n.speaking(code):
            told = example.tell(ex)
        said[code] = [n for s in told.steps for n in s.notes] + told.settlement
    # the game this seed deals wins some pools in play: told as the pool taken, by name
    assert any(n.startswith('takes the pool "') for n in said["en"]), said["en"]
    assert any(n.startswith('ramasse la poule "') for n in said["fr"]), said["fr"]
    assert not any("Seat Game" in n or "pays seat" in n and '"' in n for n in said["en"])
