"""The shortcuts of issue 27 (item 3) play what the engine's own way plays.

- the token checks made in one expression (``Purses.in_order``) pass exactly when every
  check made one by one passes, and the message is still the first failing check's;
- the plain loop takes a box itself for a card that does nothing else
  (``plain.quiet_box_cards``): the same games as with a transcript, and a purse tampered
  with just before such a card is caught at that card, named;
- the next rank, cards and suit after a card, or the new run after a king or a stop
  card, come from a table (``plain._after_cards``)
  equal to what ``Runs._after_card`` sets;
- the stakes without a transcript (``Ledger._stake_once``, per-seat stakes included)
  move what one transfer per box moves;
- a new game's purses (``purses.new_purses``) are a fresh table's, and its own.
"""

from __future__ import annotations

import random

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game, InvariantError, Move, compile_tables
from nainjaune_rules.engine.invariants import tokens_problem
from nainjaune_rules.engine.plain import _after_cards, quiet_box_cards
from nainjaune_rules.engine.purses import Purses, new_purses
from nainjaune_rules.engine.runs import Phase
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.model.rules import ActionKind, ChangeRule
from nainjaune_rules.players.lowest import LowestPlayer
from nainjaune_rules.players.session import make_seats

CZ = (5, 4, 3, 2, 1)


def test_the_checks_in_one_expression_pass_when_each_check_passes() -> None:
    rng = random.Random(3)
    purses = Purses(CZ, (3, 3, 3, 3, 7), 4, 5, ChangeRule.BETWEEN_PLAYERS)
    failed = 0
    for _ in range(3000):
        seats = [[rng.randint(0, 4) for _ in CZ] for _ in range(4)]
        boxes = [[rng.randint(0, 2) for _ in CZ] for _ in range(5)]
        purses.seats = seats
        for box, counts in enumerate(boxes):
            purses.set_purse(-100 - box, counts)
        purses.kinds = list(map(sum, zip(*seats, *boxes, strict=True)))
        purses._expected = purses._pack(purses.kinds)
        balances = [purses.total(s) for s in range(4)]
        board = [purses.total(-100 - b) for b in range(5)]
        total = sum(balances) + sum(board)
        way = rng.randrange(6)  # 0: all in order; else one thing wrong
        if way == 1:
            balances[rng.randrange(4)] += rng.choice((-1, 1))
        elif way == 2:
            board[rng.randrange(5)] += 1
            total += 1  # conserved, but a box is not worth its count
        elif way == 3:
            total += 1
        elif way == 4:
            purses.kinds[rng.randrange(5)] += 1  # a kind not conserved
            purses._expected = purses._pack(purses.kinds)
        elif way == 5:
            balances[0] = -balances[1] - 1  # negative
        one_by_one = tokens_problem(balances, board, total) or purses.problem(balances, board)
        assert purses.in_order(balances, board, total) is (one_by_one is None)
        assert tokens_problem(balances, board, total, purses) == one_by_one
        failed += one_by_one is not None
    assert 1500 < failed < 3000  # both answers were seen


def test_a_quiet_box_card_only_takes_its_box() -> None:
    cz = compile_tables(load_ruleset("cz-box"))
    quiet, boxes = quiet_box_cards(cz)
    assert quiet == sum(1 << c for c in cz.box_of_card)  # every box card of cz-box
    for c in range(cz.card_count):
        effects = [e.action for e in cz.played_effects if e.mask >> c & 1]
        if quiet >> c & 1:
            assert effects == [ActionKind.TAKE_BOX] and boxes[c] == cz.box_of_card[c]
            assert not (cz.stop_mask | cz.wild_mask | cz.pool_mask) >> c & 1
        else:
            assert boxes[c] == -1
    # box cards that are also stop cards (1760's, some of two-player-suits') go the
    # engine's own way
    for name, left in (("1760", 0), ("house/two-player-suits", 1)):
        t = compile_tables(load_ruleset(name))
        quiet, _ = quiet_box_cards(t)
        assert not quiet & t.stop_mask and quiet.bit_count() == left, name
        assert t.stop_mask & sum(1 << c for c in t.box_of_card), name


@pytest.mark.parametrize(("name", "players", "options"), [
    ("cz-box", 4, {}), ("cz-box", 2, {"change": "from-the-bank"}), ("fr-sheet", 4, {}),
    ("wiki-modern", 3, {}), ("1760", 5, {}), ("cousins/michigan", 4, {}),
    ("cousins/pope-joan", 3, {})])
def test_a_game_without_a_transcript_plays_the_game_with_one(
        name: str, players: int, options: dict[str, str]) -> None:
    # the plain loop (quiet box cards, runs nobody continues) and the stakes in one loop
    # (per-seat stakes too: Michigan's dealer stakes twice, Pope Joan's alone)
    tables = compile_tables(load_ruleset(name, options))
    for seed in range(6):
        for spec in ("lowest", "greedy"):
            games = [Game(tables, players, seed, record=record, max_deals=40)
                     for record in (False, True)]
            results = [game.play(make_seats([spec] * players)) for game in games]
            assert results[0] == results[1], (name, seed, spec)  # every deal's summary too
            fast, plain = games
            if fast.purses is not None and plain.purses is not None:
                assert fast.purses.held == plain.purses.held


class _Tamper:
    """Plays ``lowest``, asked at every move (no fast path of its own); the first time
    :meth:`chosen` says so of its move, it first mints a token of 1 in its own purse."""

    def __init__(self, where: list[tuple[int, Move]]) -> None:
        self.inner = LowestPlayer()
        self.where = where
        self.game: Game | None = None

    def begin(self, game: Game, seat: int) -> None:
        self.inner.begin(game, seat)
        self.game = game

    def chosen(self, game: Game, view: SeatView, move: Move) -> bool:
        raise NotImplementedError

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        move = self.inner.choose(view, legal)
        game = self.game
        assert game is not None and game.purses is not None
        if not self.where and move.card >= 0 and self.chosen(game, view, move):
            purse = game.purses.purse(view.seat)
            purse[-1] += 1
            game.purses.set_purse(view.seat, purse)
            self.where.append((game.deal_no, move))
        return move


def _caught(seed: int, tamper: type[_Tamper]) -> tuple[Game, str]:
    """A cz-box game of four tamperers, checked to stop at the tampered move's deal and move."""
    where: list[tuple[int, Move]] = []
    game = Game(load_ruleset("cz-box"), 4, seed, record=False)
    with pytest.raises(InvariantError) as caught:
        game.play([tamper(where) for _ in range(4)])
    deal, move = where[0]
    message = str(caught.value)
    assert game.deal_no == deal and message.startswith(f"deal {deal}, seat "), message
    assert f" playing {move}: " in message and "tokens" in message, message
    return game, message


class _TamperAtBox(_Tamper):
    """At the first quiet box card laid on a box that holds tokens."""

    def chosen(self, game: Game, view: SeatView, move: Move) -> bool:
        quiet, boxes = quiet_box_cards(game.t)
        return bool(quiet >> move.card & 1 and game.board[boxes[move.card]]
                    and view.hand_size(view.seat) > 1)


def test_a_purse_tampered_with_before_a_quiet_box_card_is_caught_at_that_card() -> None:
    _caught(5, _TamperAtBox)


@pytest.mark.parametrize("name", ["cz-box", "fr-sheet", "1760", "wiki-modern",
                                  "house/two-player-suits"])
def test_the_table_after_a_card_is_what_runs_after_card_sets(name: str) -> None:
    t = compile_tables(load_ruleset(name))
    after = _after_cards(t)
    game = Game(t, min(t.deal_rows), 0, record=False)
    assert game.start_deal()
    ends = 0
    for c in range(t.card_count):
        bit = 1 << c
        if not bit & t.deck_mask:
            continue  # the card is not in the deck
        game.window, game.phase, game.run_cards = -1, Phase.LEAD, [c]
        kings = game.summary.kings_restarts
        game._after_card(game.turn, c, bit)
        rank, need, suit, want, restarts = after[c]
        assert (game.need_rank, game.need_mask, game.need_suit) == (rank, need, suit), c
        assert want == need | t.wild_mask, c  # what the next player may lay
        if restarts >= 0:  # the run ended: a new run, counted after a king only
            ends += 1
            assert (game.phase, game.run_cards) == (Phase.LEAD, []), c
            assert game.summary.kings_restarts - kings == restarts, c
        else:
            assert game.phase == Phase.PLAY_ON, c
        game.window = -1  # a wild card's window the call may have opened
    assert ends  # (every ruleset here has kings or stop cards)


def test_a_new_games_purses_are_a_fresh_tables_and_its_own() -> None:
    t = compile_tables(load_ruleset("cz-box"))
    first = new_purses(t.token_values, t.token_start, 4, 5, t.change)
    fresh = Purses(t.token_values, t.token_start, 4, 5, t.change)
    assert first.held == fresh.held and first.kinds == fresh.kinds
    assert first.tokens() == fresh.tokens()
    second = new_purses(t.token_values, t.token_start, 4, 5, t.change)
    second.pay(0, 1, 7, False, lambda: (2, 3), lambda *a: None)
    second.buy(2, 3)
    assert first.held == fresh.held and first.kinds == fresh.kinds  # untouched
    third = new_purses(t.token_values, t.token_start, 4, 5, t.change)
    assert third.tokens() == fresh.tokens()  # the next game starts afresh


@pytest.mark.parametrize("name", ["cz-box", "fr-sheet", "1760", "wiki-modern",
                                  "house/1902-per-card", "cousins/michigan"])
def test_what_a_loser_owes_per_card_is_what_losers_owe_counts(name: str) -> None:
    # LosersPay.owed_per_card: a loser's payment by cards read once per step (-1: not all
    # by cards)
    from nainjaune_rules.engine.steps import LosersPay

    t = compile_tables(load_ruleset(name))
    game = Game(t, min(t.deal_rows), 0, record=False)
    rng = random.Random(9)
    for step in t.settlement:
        if not isinstance(step, LosersPay):
            continue
        for opera in (False, True):
            pays = step.pays + (step.opera_pays if opera else ())
            per_card = step.owed_per_card[opera]
            for _ in range(200):
                hand = rng.getrandbits(52) & t.deck_mask
                if per_card >= 0:
                    assert per_card * hand.bit_count() == game.losers_owe(hand, pays)
                else:  # points somewhere: the engine counts them itself
                    assert any(basis.value != "cards" for basis, _ in pays)


def test_paying_in_tokens_of_1_at_once_is_what_pay_does() -> None:
    # Purses.pay_ones, the ledger's first try in tokens of 1: what pay() moves when the
    # payer holds the tokens of 1, and nothing (False) when it does not
    rng = random.Random(4)
    for _ in range(2000):
        seats = [[rng.randint(0, 3) for _ in CZ] for _ in range(3)]
        quick = Purses(CZ, (0,) * 5, 3, 5, ChangeRule.BETWEEN_PLAYERS)
        plain = Purses(CZ, (0,) * 5, 3, 5, ChangeRule.BETWEEN_PLAYERS)
        quick.seats, plain.seats = seats, seats
        payee = rng.choice((1, 2, -100 - rng.randrange(5)))
        amount = rng.randint(1, 5)
        before = list(quick.held)
        if quick.pay_ones(0, payee, amount):
            assert plain.pay(0, payee, amount, True, lambda: (1, 2), lambda *a: None) == amount
            assert quick.held == plain.held and seats[0][-1] >= amount
        else:
            assert quick.held == before and seats[0][-1] < amount


class _TamperAtLast(_Tamper):
    """At the last card of its hand (a plain card: the plain loop ends the deal itself)."""

    def chosen(self, game: Game, view: SeatView, move: Move) -> bool:
        quiet, _ = quiet_box_cards(game.t)
        special = (game.t.act_mask | game.t.wild_mask) & ~quiet
        return view.hand_size(view.seat) == 1 and not special >> move.card & 1


def test_a_purse_tampered_with_before_a_hands_last_card_is_caught_at_that_card() -> None:
    game, _ = _caught(2, _TamperAtLast)
    assert game.summaries[-1].winner >= 0  # caught once the deal was won and settled


@pytest.mark.parametrize("where", ["talon", "pile"])
def test_a_card_out_of_the_hands_too_is_caught_when_the_plain_loop_plays_it(where: str) -> None:
    # the first leader's lowest card, a plain card, also lies in the talon (or the pile):
    # the plain loop's own check of the card it lays (in the hand, and nowhere else) stops
    # the game at that move, before the end of the deal would see it
    game = Game(load_ruleset("fr-sheet"), 4, 3, record=False)
    assert game.start_deal()
    leader, t = game.turn, game.t
    card = game.hands[leader] & -game.hands[leader]
    assert not card & (t.act_mask | t.announce_mask | t.wild_mask)  # a plain card
    if where == "talon":
        game.talon |= card
    else:
        game.played |= card
    with pytest.raises(InvariantError, match="not in the hand alone") as caught:
        game.play_deal(make_seats(["lowest"] * 4))
    move = game.moves_by_card[card.bit_length() - 1][0]
    assert str(caught.value).startswith(f"deal 1, seat {leader} playing {move}: "), caught.value
    assert game.summary.plays == 0  # stopped at the first card
