"""The words of the table come from the ruleset: rank names and calls, per variant.

The narration of a game never hard-codes a language: the Czech box is told in
Czech (``bez``, ``královna``), the French sheet in French, the 1760 game with
its "pass"; a ruleset without rank names is told with rank codes.
"""

from __future__ import annotations

from pathlib import Path

import nainjaune_rules
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.records.narrate import narrate, rank_words, said
from nainjaune_rules.records.transcript import transcript


def test_rank_names_follow_the_ranks_clause() -> None:
    cz = nainjaune_rules.load_ruleset("cz-box")
    assert rank_words(cz)[0] == "eso" and rank_words(cz)[11] == "královna"
    fr = nainjaune_rules.load_ruleset("fr-sheet")
    assert [fr.rank_name(r) for r in (1, 11, 12, 13)] == ["as", "valet", "dame", "roi"]
    # The announcement's "…" is filled with the ruleset's name for the rank.
    assert said("… bere!", "QS", rank_words(cz)) == "královna bere!"
    assert said("… qui prend", "QS", rank_words(fr)) == "dame qui prend"


def test_without_rank_names_a_rank_is_called_by_its_code(tmp_path: Path) -> None:
    house = tmp_path / "plain.nj"
    house.write_text('ruleset plain\ntitle "Plain"\nperiod "now"\nextends fr-sheet\n'
                     'remove rank names   [house "we say the codes"]\n', encoding="utf-8")
    plain = nainjaune_rules.load_ruleset(str(house))
    assert plain.rank_names is None
    assert [plain.rank_name(r) for r in (1, 12)] == ["A", "Q"]


def _narration(name: str, players: int, seed: int) -> str:
    from nainjaune_rules.players import make_player

    tables = compile_tables(nainjaune_rules.load_ruleset(name))
    specs = ["lowest"] * players
    game = Game(tables, players, seed, deals=1, record=True)
    game.play([make_player(spec) for spec in specs])  # type: ignore[misc]
    return narrate(transcript(game, specs), suits=tables.same_suit)


def test_each_variant_is_told_in_its_own_words() -> None:
    cz = _narration("cz-box", 4, 3)
    assert " — bez " in cz and " — sans " not in cz
    assert "Král a znovu začínám!" in cz
    fr = _narration("fr-sheet", 4, 0)
    assert " — sans " in fr and "qui prend" in fr
    old = _narration("1760", 5, 2)
    assert ": pass\n" in old  # the 1760 call on passing
    # the ace is called 1 (seed 2: seat 1 leads the ace of clubs); 1760 runs are by suit
    assert ": 1♣ — sans 2♣" in old
