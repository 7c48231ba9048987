"""Pools tied to no card and trumps turned up (issue #22, items 3 and 6), played.

The hand-worked games are scenarios (``tests/scenarios/feature-board-*.yaml``); here a
ruleset with every new kind (``fixtures/board-pools.nj``: an empty board, one-card,
two-card, trump and deal-winner pools, the turn-up giving its box) is played by every bot:
the fast loop and the full loop play the same games, the tokens stay conserved (the
engine's invariants run after every move that moves tokens, and the totals are checked
here), and a transcript validates and replays.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.cli.main import main
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.trumps import pools_won_with, trump_mask
from nainjaune_rules.players.session import make_seats

RULESET = Path(__file__).parent / "fixtures" / "board-pools.nj"
SPECS = ["lowest", "greedy", "random", "random:forget=0.3"]


def _tables():  # type: ignore[no-untyped-def]
    return compile_tables(load_ruleset(str(RULESET), {"payment": "cards"}))


def test_the_pools_sit_on_the_board_after_the_boxes() -> None:
    t = _tables()
    assert t.box_cards == ()
    assert t.pool_names == ("Pope", "Ace", "King", "Queen", "Jack", "Matrimony", "Intrigue",
                            "Pair", "Game")
    assert t.box_stakes == (1, 1, 1, 1, 1, 2, 2, 1, 1)
    assert t.stake_total == 11
    assert t.pools_of_winner == (8,)
    assert t.trumps_turned and t.turn_up_box
    assert t.turn_up_bonus == (9 * 4 - 3, 8, 1)  # 9D, the Game pool, 1 per card dealt


def test_a_pool_is_won_by_the_last_of_its_cards_laid_by_one_player() -> None:
    t = _tables()
    kd, qd, jd, seven_c, seven_s = 13 * 4 - 3, 12 * 4 - 3, 11 * 4 - 3, 6 * 4, 6 * 4 + 3
    diamonds = 1
    # the king of trumps alone wins "King"; with the queen already laid, "Matrimony" too
    assert pools_won_with(t, 1 << kd, kd, diamonds) == [2]
    assert sorted(pools_won_with(t, 1 << kd | 1 << qd, kd, diamonds)) == [2, 5]
    # the queen laid after the jack: "Queen" and "Intrigue" (and not Matrimony: no king)
    assert sorted(pools_won_with(t, 1 << qd | 1 << jd, qd, diamonds)) == [3, 6]
    # with clubs trumps the diamonds win nothing; with no trumps, trump pools never pay
    assert pools_won_with(t, 1 << kd | 1 << qd, kd, 0) == []
    assert pools_won_with(t, 1 << kd | 1 << qd, kd, -1) == []
    # two named cards: only the second wins it, and only with the first
    assert pools_won_with(t, 1 << seven_c, seven_c, -1) == []
    assert pools_won_with(t, 1 << seven_c | 1 << seven_s, seven_s, -1) == [7]
    assert trump_mask((13, 12), diamonds) == 1 << kd | 1 << qd


def _games(count: int) -> list[tuple[int, int, list[str]]]:
    rng = random.Random("board-pools")
    return [(rng.choice((3, 4, 5, 6)), rng.randrange(1 << 30),
             [rng.choice(SPECS) for _ in range(6)]) for _ in range(count)]


@pytest.mark.parametrize(("players", "seed", "specs"), _games(12))
def test_fast_and_full_loops_play_the_same_games(players: int, seed: int,
                                                 specs: list[str]) -> None:
    t = _tables()
    results = []
    for record in (False, True):
        game = Game(t, players, seed, record=record, max_deals=12)
        results.append(game.play(make_seats(specs[:players])))
        assert sum(game.balances) + sum(game.board) == game.token_total  # conserved
    assert results[0] == results[1]
    turned = [d.turn_up for d in results[0].deals]
    assert all(0 <= c < 52 for c in turned)  # every deal turns a card up


def test_every_deal_turns_up_the_dealers_last_card_and_tells_it() -> None:
    game = Game(_tables(), 4, 3, record=True, max_deals=6)
    game.play(make_seats(["greedy"] * 4))
    for record, summary in zip(game.deal_records, game.summaries, strict=True):
        events = record["setup"]
        assert isinstance(events, list)
        up = [e for e in events if e["type"] is EventType.TURN_UP]
        assert len(up) == 1
        deck = record["deck"]
        assert isinstance(deck, list)
        assert up[0]["card"] == deck[4 * 12 - 1]  # the 48th card dealt: the dealer's last
        assert up[0]["seat"] == record["dealer"]
        assert up[0]["trumps"] == deck[4 * 12 - 1][-1]
        assert summary.turn_up >= 0


def test_a_transcript_with_pools_and_a_turn_up_validates_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    assert main(["play", str(RULESET), "--players", "4", "--seed", "11", "--deals", "5",
                 "--seats", "greedy", "--format", "json", "--out", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert "Game" in doc["result"]["board"]
    assert main(["replay", str(out), "--ruleset", str(RULESET)]) == 0
    assert "every payment, balance, board" in capsys.readouterr().out


def test_a_seat_sees_the_turned_up_card() -> None:
    game = Game(_tables(), 4, 7, record=False)
    game.start_deal()
    card = game.summary.turn_up
    assert card >= 0
    assert all(game.view(s).turn_up == card for s in range(4))
    plain = Game(compile_tables(load_ruleset("fr-sheet")), 4, 7, record=False)
    plain.start_deal()
    assert plain.view(0).turn_up == -1


def test_the_pope_turned_up_pays_the_dealer_in_both_loops() -> None:
    """Seeds whose first deal turns up 9D (found by playing): the bonus is paid alike
    with and without a transcript, and the tokens stay conserved."""
    t = _tables()
    seeds = []
    for seed in range(400):
        game = Game(t, 4, seed, record=False, deals=1)
        game.start_deal()
        if game.summary.turn_up == 9 * 4 - 3:
            seeds.append(seed)
        if len(seeds) == 2:
            break
    assert seeds, "no seed of 400 turns up 9D first"
    for seed in seeds:
        results = []
        for record in (False, True):
            game = Game(t, 4, seed, record=record, deals=1)
            game.start_deal()
            dealer = game.dealer
            # the dealer took Game's 4, 12 from each of the three others (all could pay),
            # and, the turn-up being a box card, the Pope pool that 9D alone wins: 4
            assert game.balances[dealer] == 50 - 11 + 4 + 36 + 4
            assert game.board[8] == 0 and game.board[0] == 0
            results.append(game.play(make_seats(["greedy"] * 4)))
            assert sum(game.balances) + sum(game.board) == game.token_total
        assert results[0] == results[1]
