"""Every card dealt, and the extra hand: a dead hand or a widow (issue 22, part 4).

Invariants over many games (every game ends, tokens are conserved, no card of the dead
hand is ever played, the hands differ by one card at most), the widow as a move
(legal only while offered, saved and restored, replayed and checked), and the greedy
bot's rule for it, worked by hand on small hands.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.hands import all_cards_plan, hand_sizes
from nainjaune_rules.engine.moves import EXCHANGE, PASS, move_for, parse_move
from nainjaune_rules.engine.runs import IllegalMove
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.players.seat_check import check_seats
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.players.widow_rule import leads_needed, takes_widow
from nainjaune_rules.records.transcript import ReplayMismatch, dumps, replay, transcript
from nainjaune_rules.records.transcript_input import TranscriptError, validate

#: games per bot and fate: 6 x 100 = 600 games, 3 to 8 players
GAMES = 100
FATES = {"dead": "extra hand: dead",
         "widow": "extra hand: the dealer may exchange his hand for it unseen"}


def _ruleset(tmp_path: Path, fate: str, parent: str = "fr-sheet") -> Ruleset:
    path = tmp_path / f"{fate}-{parent.replace('/', '-')}.nj"
    path.write_text(
        f"ruleset test-{fate}\ntitle \"{fate}\"\nperiod \"test\"\nextends {parent}\n"
        f"deal: all cards, one extra hand  [house \"t\"]\n{FATES[fate]}  [house \"t\"]\n"
        "remove talon  [house \"t\"]\n", encoding="utf-8")
    return load_ruleset(str(path))


def _seated(game: Game, spec: str) -> list[Any]:
    """One bot of ``spec`` in every seat, seated (as ``Game.play`` does)."""
    seats = make_seats([spec] * game.n)
    for seat, player in enumerate(seats):
        player.begin(game, seat)  # type: ignore[attr-defined]
    return seats


def _codes(cards: list[str]) -> int:
    mask = 0
    for code in cards:
        card = parse_card(code)
        assert card is not None
        mask |= 1 << card.index
    return mask


# ---- the deal ---------------------------------------------------------------------------


def test_one_card_at_a_time_the_first_dealt_holding_the_odd_cards() -> None:
    # 52 cards for 4 players and an extra hand: 5 x 10 + 2 -> the extra hand and the
    # first player dealt to hold 11, the others 10 (positions 0, 5, 10, ... for the first)
    assert hand_sizes(4, 1, 52) == (11, 11, 10, 10, 10)
    assert hand_sizes(3, 1, 52) == (13, 13, 13, 13)
    assert hand_sizes(8, 1, 52) == (6, 6, 6, 6, 6, 6, 6, 5, 5)
    assert all_cards_plan(5, 52)[0][:3] == (0, 5, 10)
    for players in range(3, 9):
        plan = all_cards_plan(players + 1, 52)
        assert sorted(p for hand in plan for p in hand) == list(range(52))


@pytest.mark.parametrize("fate", sorted(FATES))
def test_the_deal_event_lists_the_extra_hand_and_no_talon(fate: str, tmp_path: Path) -> None:
    game = Game(_ruleset(tmp_path, fate), 4, seed=3, record=True, deals=1)
    events: list[dict[str, Any]] = []
    game.listeners.append(events.append)  # type: ignore[arg-type]
    game.start_deal()
    deal = next(e for e in events if e["type"] is EventType.DEAL)
    assert deal["talon"] == []
    sizes = sorted((len(cards) for cards in deal["hands"].values()), reverse=True)
    assert sizes == [11, 10, 10, 10] and len(deal["extra hand"]) == 11
    assert _codes(deal["extra hand"]) == game.talon  # out of play where the talon is kept
    # the first seat dealt to (left of the dealer, clockwise) holds the odd card
    assert len(deal["hands"][str((game.dealer + 1) % 4)]) == 11
    turns = [e for e in events if e["type"] is EventType.TURN]
    assert bool(turns) == (fate == "dead")  # a widow: the turn is told once decided


# ---- many games: every game ends, tokens and cards kept -----------------------------------


@pytest.mark.parametrize("fate", sorted(FATES))
@pytest.mark.parametrize("spec", ["lowest", "greedy", "random"])
def test_every_game_ends_with_tokens_conserved(fate: str, spec: str, tmp_path: Path) -> None:
    """100 games per bot and fate (600 in all), 3 to 8 players, each to the ruleset's own end
    (1902: two rounds of deals, a ruined player buying counters from the bank); the engine
    checks cards and tokens after every move, and the test checks them again at each
    deal's end."""
    tables = compile_tables(_ruleset(tmp_path, fate, "1902"))
    for seed in range(GAMES):
        players = 3 + seed % 6
        game = Game(tables, players, seed, record=False)
        seats = _seated(game, spec)
        total = game.token_total
        deals = 0
        while game.start_deal():
            assert game.talon.bit_count() == tables.deck_size // (players + 1) + (
                1 if tables.deck_size % (players + 1) else 0)  # the extra hand: dealt first
            dead = game.talon
            game.play_deal(seats)
            if not game.widow_offer:
                assert not game.played & dead or fate == "widow"
            # tokens are conserved: only counters bought from the bank (debts) add any
            assert sum(game.balances) + sum(game.board) == total + sum(game.debts)
            deals += 1
        result = game.result()
        assert result.ended, (fate, spec, seed, result.reason)
        assert deals == len(result.deals) >= 1


@pytest.mark.parametrize("spec", ["lowest", "greedy", "random"])
def test_no_card_out_of_play_is_ever_played(spec: str, tmp_path: Path) -> None:
    """The dead hand's cards (after the widow's decision: the hand laid down) are stops:
    none of them is ever played."""
    tables = compile_tables(_ruleset(tmp_path, "widow"))
    for seed in range(12):
        players = 3 + seed % 6
        game = Game(tables, players, seed, record=True, deals=2)
        seats = _seated(game, spec)
        while game.start_deal():
            game.play_deal(seats)
            record = game.deal_records[-1]
            moves: list[dict[str, Any]] = record["moves"]  # type: ignore[assignment]
            widow = next(e for e in moves[0]["events"] if e["type"] is EventType.WIDOW)
            setup: list[dict[str, Any]] = record["setup"]  # type: ignore[assignment]
            deal = next(e for e in setup if e["type"] is EventType.DEAL)
            dealer = str(deal["dealer"])
            out = deal["hands"][dealer] if widow["exchanged"] else deal["extra hand"]
            played = {e["card"] for m in moves for e in m["events"]
                      if e["type"] is EventType.PLAY}
            assert not played & set(out)
            assert moves[0]["move"] == ("exchange" if widow["exchanged"] else "pass")


# ---- the widow, a move ---------------------------------------------------------------------


def _offered(tmp_path: Path) -> Game:
    game = Game(_ruleset(tmp_path, "widow"), 4, seed=1, record=True, deals=1)
    game.start_deal()
    assert game.widow_offer and game.turn == game.dealer
    return game


def test_the_widow_is_offered_to_the_dealer_alone(tmp_path: Path) -> None:
    game = _offered(tmp_path)
    assert game.legal_moves() == [EXCHANGE, PASS]
    assert game.view(game.dealer).widow_offer
    assert not game.view((game.dealer + 1) % 4).widow_offer
    assert game.view(game.dealer).widow_size == game.talon.bit_count() == 11
    card = game.hands[game.dealer].bit_length() - 1
    assert not game.is_legal(move_for(card))  # no card before the decision
    with pytest.raises(IllegalMove):
        game.push(move_for(card))


def test_exchanging_swaps_the_hands_and_the_first_leader_leads(tmp_path: Path) -> None:
    game = _offered(tmp_path)
    own, widow, leader = game.hands[game.dealer], game.talon, game.first_leader
    game.push(EXCHANGE)
    assert (game.hands[game.dealer], game.talon) == (widow, own)
    assert not game.widow_offer and game.turn == leader
    assert EXCHANGE not in game.legal_moves()
    assert not game.is_legal(EXCHANGE)  # once decided, never again: no pass in disguise
    with pytest.raises(IllegalMove):
        game.push(EXCHANGE)


def test_keeping_the_hand_changes_no_card(tmp_path: Path) -> None:
    game = _offered(tmp_path)
    hands, talon = list(game.hands), game.talon
    game.push(PASS)
    assert (game.hands, game.talon) == (hands, talon)
    assert game.turn == game.first_leader


def test_a_save_during_the_offer_restores_it(tmp_path: Path) -> None:
    game = _offered(tmp_path)
    saved = game.save()
    game.push(EXCHANGE)
    game.restore(saved)
    assert game.widow_offer and game.legal_moves() == [EXCHANGE, PASS]
    copied = game.copy()
    copied.push(PASS)
    assert game.widow_offer and not copied.widow_offer


def test_the_move_is_written_and_read_as_exchange() -> None:
    assert str(EXCHANGE) == "exchange" and parse_move("exchange") is EXCHANGE
    assert parse_move("EXCHANGE") is EXCHANGE and move_for(-2) is EXCHANGE
    assert not EXCHANGE.is_pass and PASS.is_pass
    assert copy.copy(EXCHANGE) is EXCHANGE


# ---- transcripts -------------------------------------------------------------------------


def _widow_doc(tmp_path: Path) -> tuple[dict[str, Any], Ruleset]:
    ruleset = _ruleset(tmp_path, "widow", "1902")  # 1902: nobody is ruined out of the game
    specs = ["greedy", "random", "lowest", "greedy"]
    game = Game(ruleset, 4, 5, deals=4, record=True)  # 4 deals: every seat deals once
    game.play(make_seats(specs))
    return json.loads(dumps(transcript(game, specs))), ruleset


def test_a_widow_game_replays_and_its_decisions_are_checked(tmp_path: Path) -> None:
    doc, ruleset = _widow_doc(tmp_path)
    validate(doc)  # the transcript schema knows the extra hand, the widow and "exchange"
    replay(copy.deepcopy(doc), ruleset)
    check_seats(copy.deepcopy(doc), compile_tables(ruleset))  # the bots decide again
    decisions = [d["moves"][0]["move"] for d in doc["deals"]]
    assert set(decisions) <= {"exchange", "pass"} and len(decisions) == 4
    bad = copy.deepcopy(doc)
    first = bad["deals"][0]["moves"][0]
    first["move"] = "pass" if first["move"] == "exchange" else "exchange"
    with pytest.raises(ReplayMismatch, match="deal 1, move 1"):
        replay(bad, ruleset)
    bad["deals"][0]["moves"][0]["move"] = "swap"  # no such move: refused by the schema
    with pytest.raises(TranscriptError, match="move"):
        validate(bad)


def test_the_same_seed_deals_and_decides_the_same(tmp_path: Path) -> None:
    assert _widow_doc(tmp_path)[0] == _widow_doc(tmp_path)[0]


# ---- the greedy bot's rule, by hand ----------------------------------------------------------


def test_leads_needed_counts_the_cards_nothing_in_the_hand_continues(tmp_path: Path) -> None:
    t = compile_tables(_ruleset(tmp_path, "widow"))  # fr-sheet: any suit, a king re-leads
    # AC 2D 3H: one run (A-2-3), one lead; 5S 9C: two leads; KD gives the lead back
    assert leads_needed(t, _codes(["AC", "2D", "3H"])) == 1
    assert leads_needed(t, _codes(["AC", "2D", "3H", "5S", "9C"])) == 3
    assert leads_needed(t, _codes(["AC", "2D", "3H", "5S", "9C", "KD"])) == 3


def test_greedy_keeps_a_hand_that_runs_and_takes_the_widow_for_one_that_does_not(
        tmp_path: Path) -> None:
    t = compile_tables(_ruleset(tmp_path, "widow"))
    # ten cards in one run A..10 (one lead) against a widow of 11 unseen cards: keep
    run = _codes(["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"])
    assert leads_needed(t, run) == 1 and not takes_widow(t, run, run, 11)
    # ten cards with gaps everywhere (10 leads): any 11 cards of the rest do better on average
    gaps = _codes(["AC", "AD", "3C", "3D", "5C", "5D", "7C", "7D", "9C", "9D"])
    assert leads_needed(t, gaps) == 10 and takes_widow(t, gaps, gaps, 11)


# ---- the human seat ------------------------------------------------------------------------


@pytest.mark.parametrize(("answer", "move"), [("garder", PASS), ("keep", PASS),
                                              ("échanger", EXCHANGE), ("exchange", EXCHANGE)])
def test_the_human_dealer_is_asked_in_english_or_french(answer: str, move: object,
                                                        tmp_path: Path) -> None:
    from nainjaune_rules.players.human import HumanPlayer

    game = Game(_ruleset(tmp_path, "widow"), 4, seed=1, record=True, deals=1, dealer=2)
    typed = iter(["?", "hint", "peut-être", answer])
    told: list[str] = []
    human = HumanPlayer(ask=lambda prompt: next(typed), tell=told.append, pause=False,
                        width=0)
    human.begin(game, 2)
    game.start_deal()
    assert human.choose(game.view(2), game.legal_moves()) is move
    text = "\n".join(told)
    assert "you deal, and may take the widow" in text and "the widow: 11 cards" in text
    assert "La veuve est la main supplémentaire" in text  # the help, in French too
    assert "hint: the greedy bot would type" in text
    assert "! type 'exchange' to take the widow or 'keep'" in text  # "peut-être" refused


# ---- check --simulate: the widow clause is watched -------------------------------------------


def test_check_simulate_watches_the_widow(tmp_path: Path) -> None:
    from nainjaune_rules.analysis.adapter import play_one
    from nainjaune_rules.analysis.clauses import record_keys, watched_clauses

    widow = compile_tables(_ruleset(tmp_path, "widow", "1902"))
    watched = [w for w in watched_clauses(widow) if w.keys == {"widow"}]
    assert [w.clause for w in watched] == [widow.ruleset.extra_hand]
    assert not [w for w in watched_clauses(compile_tables(_ruleset(tmp_path, "dead")))
                if "widow" in w.keys]  # a dead hand is never taken
    # the lowest dealer always takes it; it shows in the game's keys
    assert "widow" in record_keys(play_one(widow, ["lowest"] * 4, 0, watch=True))
