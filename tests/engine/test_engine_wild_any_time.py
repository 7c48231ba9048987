"""The chief hoc out of turn: ``wild card: 7D, at any time, ...`` (wiki-ja ¶5).

Right after another player's card of a run that goes on, the turn goes for one
move to the holder of the wild card, whose legal moves are the wild card or
``pass`` (let it go).  Expected results come from that reading and from the
``lowest`` policy's spec (it never lays the wild card out of turn).
"""

from __future__ import annotations

import json

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game
from nainjaune_rules.players.greedy import GreedyPlayer
from nainjaune_rules.players.lowest import LowestPlayer
from nainjaune_rules.players.random_bot import RandomPlayer
from nainjaune_rules.records.narrate import narrate
from nainjaune_rules.records.transcript import dumps, replay, transcript


def _first_window(game: Game) -> None:
    """Play lowest moves until the wild card's holder is offered it out of turn."""
    while game.start_deal():
        while game.in_play:
            if game.window >= 0:
                return
            legal = game.legal_moves()
            game.push(LowestPlayer().pick(game, legal))
    pytest.fail("no window opened")


def test_the_holder_not_the_seat_to_move_is_asked() -> None:
    game = Game(load_ruleset("1760"), 3, seed=0)
    _first_window(game)
    interrupted, holder = game.window, game.turn
    assert holder != interrupted
    assert game.hands[holder] >> game.t.wild & 1
    assert [str(m) for m in game.legal_moves()] == ["7D!", "7D", "pass"]
    assert not game.must_play()
    before = list(game.hands)
    game.push(game.legal_moves()[-1])  # let it go
    assert game.window == -1 and game.turn == interrupted
    assert game.hands == before  # nothing was played


def test_laid_out_of_turn_the_holder_takes_the_turn() -> None:
    game = Game(load_ruleset("1760"), 3, seed=0)
    _first_window(game)
    holder, turns = game.turn, game.seat_turns[game.turn]
    game.push(game.legal_moves()[0])  # 7D!, out of its place: it ends the run
    assert game.turn == holder and game.window == -1
    assert game.phase.name == "LEAD"
    assert game.seat_turns[holder] == turns + 1
    moves = game.deal_records[-1]["moves"]
    assert isinstance(moves, list)
    play = moves[-1]["events"][0]
    assert play["out of turn"] is True and play["seat"] == holder
    assert "stands for" in play


def test_without_at_any_time_nobody_is_offered_it() -> None:
    rs = load_ruleset("1760", {"chief-hoc": "own-turn"})
    assert rs.wild_card is not None and not rs.wild_card.any_time
    for seed in range(5):
        game = Game(rs, 3, seed, deals=3)
        seen: list[object] = []
        game.listeners.append(seen.append)
        bot = RandomPlayer()
        bot.begin(game, 0)
        while game.start_deal():
            while game.in_play:
                assert game.window == -1
                game.push(bot.pick(game, game.legal_moves()))
        assert not [ev for ev in seen if ev.get("out of turn")]  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 5])
def test_lowest_plays_card_for_card_as_without_the_window(players: int) -> None:
    # the lowest policy never lays the wild card out of turn: the same cards are played
    # whether the table reads "at any time" or "on its holder's turn"
    def cards(options: dict[str, str], seed: int) -> tuple[list[str], list[int]]:
        game = Game(load_ruleset("1760", options), players, seed)
        result = game.play([LowestPlayer() for _ in range(players)])
        played = [m["move"] for d in game.deal_records for m in d["moves"]  # type: ignore[attr-defined]
                  if m["events"]]
        return played, result.balances

    for seed in range(4):
        assert cards({}, seed) == cards({"chief-hoc": "own-turn"}, seed)


def test_random_and_greedy_sometimes_lay_it_out_of_turn() -> None:
    rs = load_ruleset("1760")
    for bot in (RandomPlayer, GreedyPlayer):
        laid = windows = 0
        for seed in range(30):
            game = Game(rs, 3, seed)
            result = game.play([bot() for _ in range(3)])
            laid += sum(d.wild_out_of_turn for d in result.deals)
            # a move with no event is the holder letting the moment go
            windows += sum(1 for d in game.deal_records for m in d["moves"]  # type: ignore[attr-defined]
                           if not m["events"])
        assert laid > 0, bot.name
        assert windows > 0, bot.name  # ... and sometimes let the moment go


def test_transcript_replays_and_narration_says_out_of_turn() -> None:
    game = Game(load_ruleset("1760"), 3, seed=1)
    seats = ["random", "random", "random"]
    game.play([RandomPlayer() for _ in range(3)])
    doc = transcript(game, seats)
    assert any(e.get("out of turn") for d in doc["deals"] for m in d["moves"]
               for e in m["events"])
    replay(json.loads(dumps(doc)), load_ruleset("1760"))
    text = narrate(doc)
    assert "7♦ (Hoc, out of turn, for the " in text  # one card, its words in parentheses
