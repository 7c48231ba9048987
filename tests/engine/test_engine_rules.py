"""Unit tests of the engine: dealing, legal moves, invariants, randomness, refusals."""

from __future__ import annotations

import random

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine import (
    PASS,
    EngineError,
    Game,
    InvariantError,
    Phase,
    compile_tables,
    move_for,
    parse_move,
)
from nainjaune_rules.engine.summary import Termination
from nainjaune_rules.players.lowest import LowestPlayer
from nainjaune_rules.players.session import make_seats, play_game


def codes(text: str) -> list[int]:
    return [parse_card(c).index for c in text.split()]  # type: ignore[union-attr]


def test_packets_of_three_counterclockwise_start_next_to_the_dealer() -> None:
    # wiki-modern deals by threes, counterclockwise ("to the right"): with dealer 0 and 4
    # players the order is seats 3, 2, 1, 0, three cards each time, 12 cards each.
    deck = list(range(52))
    game = Game(load_ruleset("wiki-modern"), 4, dealer=0, decks=[deck], deals=1)
    assert game.start_deal()
    expected = {3: [], 2: [], 1: [], 0: []}  # type: dict[int, list[int]]
    pos = 0
    for _ in range(4):
        for seat in (3, 2, 1, 0):
            expected[seat] += deck[pos:pos + 3]
            pos += 3
    for seat, cards in expected.items():
        assert game.hands[seat] == sum(1 << c for c in cards)
    assert game.talon == sum(1 << c for c in deck[48:])
    assert game.turn == 1  # wiki-modern: the player on the dealer's left leads


def test_a_player_count_outside_the_deal_table_is_refused() -> None:
    with pytest.raises(EngineError, match="cannot deal for 2 players.*rows for 3, 4, 5"):
        Game(load_ruleset("fr-sheet"), 2)
    with pytest.raises(EngineError, match="cannot deal for 4 players"):
        Game(load_ruleset("1760"), 4)
    with pytest.raises(EngineError, match="dealer seat 4 does not exist"):
        Game(load_ruleset("fr-sheet"), 4, dealer=4)


def test_legal_moves_are_sorted_and_announce_first() -> None:
    # fr-sheet, dealer 0: seat 1 leads with AC 10D JC ... (box cards have two moves)
    hands = "AC 10D 5H 5C JC 2S 3S 4S 6S 7S 8S 9S"
    rest = [c for c in range(52) if c not in codes(hands)]
    deck = []
    for i in range(12):  # one at a time from seat 1: seats 1, 2, 3, 0
        deck += [codes(hands)[i], rest[3 * i], rest[3 * i + 1], rest[3 * i + 2]]
    deck += rest[36:]
    game = Game(load_ruleset("fr-sheet"), 4, dealer=0, decks=[deck], deals=1)
    game.start_deal()
    assert game.phase is Phase.LEAD and game.turn == 1
    assert [str(m) for m in game.legal_moves()] == [
        "AC", "2S", "3S", "4S", "5C", "5H", "6S", "7S", "8S", "9S", "10D!", "10D", "JC!", "JC"]
    game.push(move_for(codes("AC")[0]))
    # play on is compulsory: 2S is the only card, no pass
    assert [str(m) for m in game.legal_moves()] == ["2S"]
    assert not game.is_legal(PASS)


def test_parse_move_accepts_symbols_and_lower_case() -> None:
    assert str(parse_move("q♠!")) == "QS!"
    assert str(parse_move("10d")) == "10D"
    assert parse_move("Sans", load_ruleset("fr-sheet").pass_words()) is PASS
    assert parse_move("ZZ") is None


def test_a_broken_token_count_stops_the_game() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 3)
    game.start_deal()
    game.balances[2] += 1  # a token from nowhere
    with pytest.raises(InvariantError, match="tokens not conserved"):
        game.play_deal(make_seats(["lowest"] * 4))


def test_a_lost_card_stops_the_game() -> None:
    game = Game(load_ruleset("fr-sheet"), 4, 3)
    game.start_deal()
    seat = 2
    game.hands[seat] &= game.hands[seat] - 1  # a card vanishes from a hand
    with pytest.raises(InvariantError, match="cards not accounted for"):
        game.play_deal(make_seats(["lowest"] * 4))


def test_the_global_random_state_is_never_touched() -> None:
    random.seed(12345)
    before = random.getstate()
    play_game(load_ruleset("1760"), ["random", "greedy", "random"], seed=4)
    assert random.getstate() == before


def test_random_seats_do_not_shift_the_deck() -> None:
    rs = compile_tables(load_ruleset("fr-sheet"))
    decks = []
    for specs in (["lowest"] * 4, ["random"] * 4):
        game = Game(rs, 4, 9, deals=1)
        game.play(make_seats(specs))
        decks.append(game.deal_records[0]["deck"])
    assert decks[0] == decks[1]


def test_first_dealer_by_lot_comes_from_the_seed_unless_given() -> None:
    rs = compile_tables(load_ruleset("1902"))
    dealers = {Game(rs, 5, seed).first_dealer for seed in range(40)}
    assert len(dealers) > 1 and dealers <= set(range(5))
    assert Game(rs, 5, 0).first_dealer == Game(rs, 5, 0).first_dealer
    assert Game(rs, 5, 0, dealer=3).first_dealer == 3
    assert Game(load_ruleset("fr-sheet"), 5, 7).first_dealer == 0  # the first seat


def test_the_safety_bound_reports_a_game_not_ended() -> None:
    # cz-box: 49 tokens, 15 staked, at most 22 cards paid for: nobody is out of tokens
    # after one deal, and a debt never ends its game
    result = play_game(load_ruleset("cz-box"), ["lowest"] * 2, seed=0, max_deals=1)
    assert not result.ended
    assert result.termination is Termination.SAFETY_BOUND
    assert "safety bound of 1 deals" in result.reason
    assert result.winners == []  # a game the rules did not end names no winner
    assert len(result.deals) == 1


@pytest.mark.parametrize(("name", "players", "options", "termination"), [
    ("fr-sheet", 4, {}, "CANNOT_STAKE"),
    ("cz-box", 2, {}, "NO_TOKENS"),
    ("1760", 3, {}, "DEAL_COUNT"),
    ("fr-web", 4, {"ruin": "game-ends"}, "SHORTFALL"),  # 1760's purse now lasts
])
def test_each_end_has_its_termination(name: str, players: int, options: dict[str, str],
                                      termination: str) -> None:
    """The statistics read ``termination``, never the reason's words: both must agree."""
    words = {"CANNOT_STAKE": "cannot stake", "NO_TOKENS": "has no tokens",
             "DEAL_COUNT": "deals played", "SHORTFALL": "could not pay"}[termination]
    for seed in range(40):
        result = play_game(load_ruleset(name, options), ["lowest"] * players, seed=seed)
        if result.termination is Termination[termination]:
            assert words in result.reason and result.ended and result.winners
            return
    pytest.fail(f"no {name} game in 40 ended by {termination}")


def test_deals_option_overrides_the_game_end() -> None:
    # with deals=K the game's own end ("a player has no tokens") no longer applies
    for seed in range(5):
        result = play_game(load_ruleset("cz-box"), ["greedy"] * 2, seed=seed, deals=9)
        assert result.ended and len(result.deals) == 9 and "9 deals played" in result.reason


def _lowest_by_the_docstring(game: Game) -> str:
    """The reference policy, reimplemented from its description alone."""
    if game.window >= 0:
        return "pass"  # offered the wild card out of turn (rule 5): it lets the moment go
    hand = game.hand(game.turn)
    t = game.t
    wild = t.wild
    if game.phase is Phase.LEAD:
        card = min(hand, key=lambda c: (t.order.index(c.rank), c.suit))
    else:
        needed = [c for c in game.needed() if c in hand]
        if not needed:
            return "pass"
        card = needed[0]  # game.needed() lists them in suit order C, D, H, S
    if card.index == wild and game.phase is not Phase.LEAD and card not in game.needed():
        return "pass"
    return card.code + ("!" if t.announce_mask >> card.index & 1 else "")


@pytest.mark.parametrize("name", ["fr-sheet", "1760", "fr-web", "cz-box"])
def test_lowest_follows_its_documented_policy(name: str) -> None:
    rs = compile_tables(load_ruleset(name))
    players = 4 if 4 in rs.deal_rows else 3
    for seed in range(20):
        game = Game(rs, players, seed, deals=2, record=False)
        bot = LowestPlayer()
        bot.begin(game, 0)
        while game.start_deal():
            while game.in_play:
                legal = game.legal_moves()
                move = bot.choose(game.view(game.turn), legal)
                assert str(move) == _lowest_by_the_docstring(game) or len(legal) == 1
                game.push(move)


def test_a_game_where_everyone_leaves_ends() -> None:
    # everyone can be ruined at one settlement (the winner too, by a payment during play);
    # the next deal must then see that nobody is left instead of looking for a dealer
    import dataclasses

    from nainjaune_rules.model import rules as r

    rs = load_ruleset("fr-sheet")
    house = r.Origin(r.OriginKind.HOUSE, reason="test")
    rs = dataclasses.replace(rs, cannot_pay=r.CannotPay(house, r.Shortfall.PAYS_AND_LEAVES))
    game = Game(rs, 4, 0)
    game.start_deal()
    game.active = [False, False, False, False]  # as if all four had left at the settlement
    game.phase = Phase.DEAL_OVER
    assert not game.start_deal()
    assert game.result().reason == "fewer than two players are left"
