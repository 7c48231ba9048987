"""The shortcuts of the tokens by value (engine/tokenplans.py, engine/purses.py) move the
tokens the plain way would.

Expected results are those of the plain way, worked out on the same purses:

- a planner's answer, kept per purse counted up to its caps, is the answer worked out on
  the whole purse (exact sum, part, change, stakes box after box), and so is the answer
  ``Purses`` keeps for a purse's capped form;
- ``Purses.stake`` (boxes paid by the plan, the rest in one step with change) leaves every purse and
  every change as one payment per box does, as a transcript's transfers do;
- a game without a transcript plays what the same game with one plays, token for token;
- a purse tampered with during a stake or a change is caught, with the move.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.engine import Game, InvariantError, Tables, compile_tables
from nainjaune_rules.engine.events import Event, EventType
from nainjaune_rules.engine.purses import BOX, Purses
from nainjaune_rules.engine.tokenplans import Planner
from nainjaune_rules.model.rules import ChangeRule
from nainjaune_rules.players.lowest import LowestPlayer
from nainjaune_rules.players.session import make_seats

CZ = (5, 4, 3, 2, 1)
WIKI = (10, 5, 1)


def _purse(rng: random.Random, kinds: int, most: int) -> list[int]:
    return [rng.randint(0, most) if rng.random() < 0.7 else 0 for _ in range(kinds)]


def _box_by_box(plain: Planner, purse: list[int], stakes: tuple[int, ...]
                ) -> tuple[list[int], list[list[int]]]:
    """The stakes paid from the whole purse box after box while each is exact (the plain
    way, no cache): what is left, and each paid box's tokens."""
    left, picks = list(purse), []
    for stake in stakes:
        box = plain.exact(left, stake)
        if box is None:
            break
        left = [n - m for n, m in zip(left, box, strict=True)]
        picks.append(box)
    return left, picks


@pytest.mark.parametrize("values", [CZ, WIKI, (7, 3, 2, 1)])
def test_a_planner_answer_is_the_answer_on_the_whole_purse(values: tuple[int, ...]) -> None:
    rng = random.Random(7)
    plain = Planner(values)  # worked out afresh, on the whole purse, for each question
    planner = Planner(values)
    for _ in range(3000):
        purse = _purse(rng, len(values), 12)
        amount = rng.randint(1, 40)
        pick = plain.exact(purse, amount) or plain.part(purse, amount)
        assert planner.take(amount, purse) == (pick, sum(map(int.__mul__, pick, values)))
        kind = rng.randrange(len(values) - 1)
        below = [0] * (kind + 1) + purse[kind + 1:]
        assert planner.smaller(kind, purse) == plain.exact(below, values[kind])
        stakes = tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 5)))
        left, picks = _box_by_box(plain, purse, stakes)
        taken = [n - m for n, m in zip(purse, left, strict=True)]
        assert planner.stake(stakes, purse) == (taken, tuple(picks), len(picks))


@pytest.mark.parametrize("values", [CZ, WIKI])
def test_a_purse_is_answered_as_a_whole_by_its_capped_form(values: tuple[int, ...]) -> None:
    # Purses answers a purse not seen before from its counts capped (many purses share
    # them); the answers must be those worked out afresh on the whole purse, counts far
    # beyond the caps included
    rng = random.Random(5)
    purses = Purses(values, (0,) * len(values), 2, 5, ChangeRule.BETWEEN_PLAYERS)
    plain = Planner(values)
    for _ in range(2000):
        counts = _purse(rng, len(values), 40)
        held = purses._pack(counts)
        caps = [rng.randint(0, 20) for _ in values]
        capped = purses._capped(held, purses._caps(caps))
        assert purses._unpack(capped) == list(map(min, counts, caps))
        amount = rng.randint(1, 40)
        pick = plain.exact(counts, amount) or plain.part(counts, amount)
        assert purses._take(held, amount) == (purses._pack(pick),
                                              sum(map(int.__mul__, pick, values)))
        kind = rng.randrange(len(values) - 1)
        given = plain.exact([0] * (kind + 1) + counts[kind + 1:], values[kind])
        assert purses._smaller(kind, held) == (None if given is None else purses._pack(given))
        stakes = tuple(rng.randint(1, 9) for _ in range(5))
        left, _ = _box_by_box(plain, counts, stakes)
        purses.seats = [counts, [0] * len(values)]
        purses.stake(0, stakes)
        assert purses.seats[0] == left, (counts, stakes)


@pytest.mark.parametrize("change", [ChangeRule.BETWEEN_PLAYERS, ChangeRule.FROM_THE_BANK,
                                    ChangeRule.NONE])
def test_a_planned_stake_moves_what_one_payment_per_box_moves(change: ChangeRule) -> None:
    # the engine without a transcript: the plan, then the rest in one step (change
    # included) up to a box nobody can change for; with a transcript: one payment per box
    rng = random.Random(11)
    stakes = (1, 2, 3, 4, 5)
    for _ in range(1500):
        seats = [_purse(rng, 5, 4) for _ in range(4)]
        planned, plain = Purses(CZ, (0,) * 5, 4, 5, change), Purses(CZ, (0,) * 5, 4, 5, change)
        planned.seats, plain.seats = seats, seats
        paid = planned.stake(0, stakes)
        said_planned = _paid(planned, stakes, paid)
        said_plain: list[tuple[int, object, int]] = []
        for box, stake in enumerate(stakes):  # as the transcript's transfers do
            plain.pay(0, BOX - box, stake, False, lambda: (1, 2, 3),
                      lambda *a: said_plain.append(a))  # noqa: B023 (called at once)
        assert planned.held == plain.held, seats
        assert said_planned == said_plain and planned.kinds == plain.kinds


def _paid(purses: Purses, stakes: tuple[int, ...], paid: int) -> list[tuple[int, object, int]]:
    """Seat 0 pays the boxes from ``paid`` on, as the engine does once the plan stopped
    (the rest in one step, :meth:`Purses.stake_changing`, up to a box nobody can change
    for; then a payment for each box after it); the changes said."""
    said: list[tuple[int, object, int]] = []
    short, moved = purses.stake_changing(0, stakes, paid, lambda: (1, 2, 3),
                                         lambda *a: said.append(a))
    assert short == len(stakes) or moved < stakes[short]
    for box in range(short + 1, len(stakes)):
        purses.pay(0, BOX - box, stakes[box], False, lambda: (1, 2, 3),
                   lambda *a: said.append(a))
    return said


@pytest.mark.parametrize(("name", "players", "options"), [
    ("cz-box", 4, {}), ("cz-box", 3, {"change": "from-the-bank"}),
    ("cz-box", 4, {"change": "exact-only"}), ("wiki-modern", 4, {}),
    ("house/two-player-suits", 2, {})])
def test_a_game_without_a_transcript_moves_the_tokens_of_the_game_with_one(
        name: str, players: int, options: dict[str, str]) -> None:
    tables = compile_tables(load_ruleset(name, options))
    for seed in range(8):
        games = [Game(tables, players, seed, record=record, max_deals=60)
                 for record in (False, True)]
        results = [game.play(make_seats(["lowest"] * players)) for game in games]
        assert results[0] == results[1]
        fast, plain = games
        assert fast.purses is not None and plain.purses is not None
        assert fast.purses.held == plain.purses.held
        assert [(s.changes, s.shortfalls, s.boxes_taken, s.tokens_moved)
                for s in fast.summaries] == [(s.changes, s.shortfalls, s.boxes_taken,
                                              s.tokens_moved) for s in plain.summaries]


def _tamper(purses: Purses, seat: int) -> None:
    """A token of 2 becomes two tokens of 1 (worth the same), or a token of 1 is minted."""
    purse = purses.purse(seat)
    if purse[3]:
        purse[3] -= 1
        purse[4] += 2
    else:
        purse[4] += 1
    purses.set_purse(seat, purse)


@pytest.mark.parametrize("record", [False, True])
def test_a_purse_tampered_with_in_a_stake_is_caught_at_the_stakes(
        record: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # the tables are asked how often each seat stakes as the stakes are made: a bug there
    # that tampers with a purse in deal 3 (the tables are plain Python under both builds;
    # Game and Purses, compiled, cannot be patched)
    real = Tables.stake_times
    dealt: list[int] = []

    def stake_times(self: Tables, seat: int, dealer: int) -> int:
        if game.deal_no == 3 and not dealt:
            assert game.purses is not None
            _tamper(game.purses, seat)
            dealt.append(game.deal_no)
        return real(self, seat, dealer)

    monkeypatch.setattr(Tables, "stake_times", stake_times)
    game = Game(load_ruleset("cz-box"), 4, 2, record=record)
    with pytest.raises(InvariantError, match="stakes: .*tokens") as caught:
        game.play([LowestPlayer() for _ in range(4)])
    assert dealt == [3] and game.deal_no == 3, caught.value


def test_a_purse_tampered_with_in_a_change_is_caught_with_that_move() -> None:
    # a listener (given to the game) hears the first change and tampers with the payer's
    # purse there, inside the payment: the same test for the pure and the compiled engine.
    # Without a transcript no event is told inside a move: test_engine_purses.py tampers
    # between moves there, through a seat
    where: list[tuple[int, int]] = []
    game = Game(load_ruleset("cz-box"), 4, 1, record=True)

    def listener(event: Event) -> None:
        if event["type"] is EventType.CHANGE and not where:
            assert game.purses is not None
            payer = event["seat"]  # type: ignore[typeddict-item]
            _tamper(game.purses, payer)
            where.append((game.deal_no, payer))

    game.listeners.append(listener)
    with pytest.raises(InvariantError, match="tokens") as caught:
        game.play([LowestPlayer() for _ in range(4)])
    deal = where[0][0]
    assert game.deal_no == deal  # in the deal where it happened: at the stakes or a move
    message = str(caught.value)
    assert message.startswith("stakes: ") or (
        message.startswith(f"deal {deal}, seat ") and " playing " in message), message


def test_a_stake_short_of_change_buys_counters_as_with_a_transcript(tmp_path: Path) -> None:
    # the one-step stake (Purses.stake_changing) stops at a box nobody can change for; the
    # ledger then makes that box's shortfall, here counters bought from the bank and paid
    # in tokens of 1, and pays the boxes after it: as the transcript's transfers do.  The
    # path is seen in the recorded game's events (no patching: the class may be compiled)
    house = tmp_path / "cz-bank.nj"
    house.write_text('ruleset cz-bank\ntitle "cz-box, no change, a bank"\nperiod "undated"\n'
                     "evidence reconstructed\nextends cz-box\n"
                     'cannot pay in full: buys counters from the bank   [inferred "a test"]\n'
                     'change: none   [inferred "a test"]\n', encoding="utf-8")
    tables = compile_tables(load_ruleset(str(house)))
    # a seat short at a box in the stakes under way → that box (its first payment after
    # the shortfall, the counters bought); a later payment of the seat to another box
    # shows the one-step stake stopped before the last box and the boxes after were paid
    short: dict[object, object] = {}
    staking = False
    short_then_paid = 0

    def listener(event: Event) -> None:
        nonlocal staking, short_then_paid
        kind = event["type"]
        if kind is EventType.DEAL_START:
            staking = True
            short.clear()
        elif kind is EventType.DEAL:
            staking = False
        elif staking and kind is EventType.SHORTFALL:
            short[event["seat"]] = None  # type: ignore[typeddict-item]
        elif staking and kind is EventType.PAY and event["from"] in short:  # type: ignore[typeddict-item]
            payer, box = event["from"], event["to"]  # type: ignore[typeddict-item]
            if short[payer] is None:
                short[payer] = box
            elif box != short[payer]:
                short_then_paid += 1

    for seed in range(12):
        games = [Game(tables, 4, seed, record=record, max_deals=40) for record in (False, True)]
        games[1].listeners.append(listener)
        results = [game.play(make_seats(["lowest"] * 4)) for game in games]
        assert results[0] == results[1]
        fast, plain = games
        assert fast.purses is not None and plain.purses is not None
        assert fast.purses.held == plain.purses.held
        assert [(s.changes, s.shortfalls, s.bought) for s in fast.summaries] == \
            [(s.changes, s.shortfalls, s.bought) for s in plain.summaries]
    assert short_then_paid  # the path under test was taken: a box before the last was short
