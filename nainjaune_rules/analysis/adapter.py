"""The adapter between the engine and the statistics: play one game, return a record.

Everything the statistics know about the engine is in this module.  The
engine's per-deal :class:`~nainjaune_rules.engine.summary.DealSummary` gives
most figures; the rest is derived here:

- the winner's position relative to the dealer, in the direction of play;
- each seat's net balance change over a deal (from the balances after each deal);
- the rule that ended the game (the engine's :class:`Termination`);
- with ``watch=True`` (used by ``check --simulate``), the clauses that fired,
  read from the engine's event stream: the game is then played with
  ``record=True``, which is slower, so plain simulations never watch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from nainjaune_rules.analysis.records import DealRecord, GameRecord
from nainjaune_rules.engine.events import EventType

if TYPE_CHECKING:
    from nainjaune_rules.engine import Game, Tables
    from nainjaune_rules.engine.summary import DealSummary, GameResult

def play_one(tables: Tables, specs: Sequence[str], seed: int, index: int = 0, *,
             max_deals: int = 1000, watch: bool = False) -> GameRecord:
    """Play game ``index`` with the given seat specs and seed, and record it."""
    from nainjaune_rules.engine import Game
    from nainjaune_rules.players import make_player

    game = Game(tables, len(specs), seed, max_deals=max_deals, record=watch)
    watcher = _Watcher(game) if watch else None
    if watcher is not None:
        game.listeners.append(watcher)
    try:
        result = game.play([make_player(s) for s in specs])  # type: ignore[misc]
    except Exception as exc:
        if not watch:
            raise
        # a check reports the failing game with its seed instead of stopping at it
        return GameRecord(index=index, seed=seed, players=len(specs),
                          first_dealer=game.first_dealer, ended=False, end="error", deals=(),
                          balances=tuple(game.balances), winners=(), winner_positions=(),
                          final_board=sum(game.board), error=f"{type(exc).__name__}: {exc}")
    return to_record(result, tables, index, seed, game.first_dealer, game.n,
                     frozenset(watcher.fired) if watcher else frozenset())


def to_record(result: GameResult, tables: Tables, index: int, seed: int, first_dealer: int,
              players: int, fired: frozenset[str] = frozenset()) -> GameRecord:
    """Turn the engine's result into the statistics' record."""
    before = [tables.starting_tokens] * players
    deals = []
    for summary in result.deals:
        after = summary.balances or before
        deals.append(_deal(summary, tables.play_step, players, before, after))
        before = after
    return GameRecord(
        index=index, seed=seed, players=players, first_dealer=first_dealer,
        ended=result.ended, end=result.termination.value, deals=tuple(deals),
        balances=tuple(result.balances), winners=tuple(result.winners),
        winner_positions=tuple(((w - first_dealer) * tables.play_step) % players
                               for w in result.winners),
        final_board=sum(result.board.values()), fired=fired,
        debts=tuple(result.debts) if any(result.debts) else ())


def _deal(s: DealSummary, step: int, n: int, before: list[int], after: list[int]) -> DealRecord:
    def position(seat: int) -> int:
        return ((seat - s.dealer) * step) % n if seat >= 0 else -1

    return DealRecord(
        dealer=s.dealer, winner=s.winner, position=position(s.winner),
        leader_position=position(s.first_leader),
        plays=s.plays, turns=s.turns,
        boxes_taken=tuple(card for _, card, _ in s.boxes_taken),
        forfeits=tuple(card for _, card, _ in s.forfeits),
        stop_cards=s.stop_cards_played, king_restarts=s.kings_restarts, stuck=s.stuck,
        opera=s.opera is not None,
        honours_left=tuple(card for _, card, _ in s.honours_left),
        shortfalls=len(s.shortfalls), tokens_moved=s.tokens_moved, board_size=s.board_size,
        net=tuple(after[(s.dealer + k * step) % n] - before[(s.dealer + k * step) % n]
                  for k in range(n)))


class _Watcher:
    """Reads the event stream of a recorded game and notes which clauses fired.

    The keys are those of :mod:`.clauses`: ``played:<card>`` and
    ``announced:<card>`` for each card played (with its word or not),
    ``wild:out`` for the wild card played out of its place, ``wild:any-time``
    for it laid out of turn, ``king``,
    ``stuck``, ``skip``, ``stop``, ``opera``, ``honours``, ``shortfall``, ``change``,
    ``holder:<card>`` when a loser holds a card at the end of a deal,
    ``leftovers`` when tokens stay on the board after a deal, ``widow`` when a dealer
    takes the widow.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.fired: set[str] = set()

    def __call__(self, event: Mapping[str, object]) -> None:
        kind = event.get("type")
        game = self.game
        if kind == EventType.PLAY:
            code = str(event["card"])
            card = code.split("/")[0]  # a copy of a card fires the clauses naming it (#22)
            self.fired.add(("announced:" if event.get("said") else "played:") + card)
            self.fired.add("played-any:" + card)
            if event.get("out of turn"):
                self.fired.add("wild:any-time")
            from nainjaune_rules.core.cards import parse_card

            parsed = parse_card(code)
            if parsed is not None and game.t.wild_mask >> parsed.index & 1 and not game.is_natural(
                    parsed.index):
                self.fired.add("wild:out")
        elif kind == EventType.NEW_RUN:
            reason = event.get("reason")
            self.fired.add({"king": "king", "top rank": "king", "stop card": "stop",
                            "wild card": "wild:out",
                            "nobody can continue": "stuck"}.get(str(reason), "run"))
        elif kind == EventType.SKIP:
            self.fired.update(("stuck", "skip"))
        elif kind == EventType.PASS and event.get("cannot lead"):
            self.fired.add("lead:passed")  # lead constraints (issue 22 item 7)
        elif kind == EventType.OUT:
            self._deal_end(int(str(event["seat"])))
        elif kind == EventType.OPERA:
            self.fired.add("opera")
        elif kind == EventType.OUT_WITH or kind == EventType.EXEMPT:  # issue #22
            self.fired.add(f"{kind}:{event['card']}")
        elif kind == EventType.SHORTFALL:
            self.fired.add("shortfall")
        elif kind == EventType.CHANGE:
            self.fired.add("change")
        elif kind == EventType.PAY and event.get("reason") == "honours":
            self.fired.add("honours")
        elif kind == EventType.WIDOW and event.get("exchanged"):
            self.fired.add("widow")  # a dealer took the widow (issue 22, part 4)

    def _deal_end(self, winner: int) -> None:
        game = self.game
        from nainjaune_rules.core.cards import Card

        held = 0
        for seat, hand in enumerate(game.hands):
            if seat != winner and game.active[seat]:
                held |= hand
        mask = held & (game.t.payment.holder_doubles | game.t.box_mask)
        while mask:
            low = mask & -mask
            self.fired.add("holder:" + Card.from_index(low.bit_length() - 1).code)
            mask ^= low
        # leftovers are judged after settlement, at the next deal's start; a board that
        # is not empty before settlement will stay unless the rules clear it
        if any(game.board):
            self.fired.add("leftovers")
