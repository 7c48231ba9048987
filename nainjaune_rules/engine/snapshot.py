"""A game's saved state: what :meth:`Game.save <nainjaune_rules.engine.game.Game.save>` keeps
and :meth:`Game.restore <nainjaune_rules.engine.game.Game.restore>` puts back (python-chess's
``_BoardState``), so that a game can be played on, then taken back to where it was.

A :class:`GameState` holds exactly what changes between two moves of a game: tokens, board,
hands, talon, cards played, the run, phase and turn, the wild card's window, purses, debts,
the seats in play or leaving, the deal counters, the random generator, the deal summaries and
the transcript's records.  What never changes once the game is made (the rule tables, the
seats' seeds, the options, the listeners) is not in it: a state is restored into the game it
was saved from, or a copy of that game.

A state is immutable, and nothing the game does later changes it: numbers and tuples are
kept as they are; the pieces that the game goes on changing are copied (the current deal's
summary and its record, the purses' tokens); the pieces that only grow are shared, because the
engine never changes them once they are done: the summaries of the deals played, the
records of the earlier deals and the moves already made in this one (each a finished event
list), the result of a game that is over.

Taking a card back, and taking back several (python-chess's ``push``/``pop``, with the
stack in the caller's hands)::

    >>> from nainjaune_rules import load_ruleset
    >>> from nainjaune_rules.engine import Game
    >>> game = Game(load_ruleset("fr-sheet"), players=4, seed=1)
    >>> game.start_deal()
    True
    >>> saved = game.save()                  # before the first card
    >>> first = game.legal_moves()[0]
    >>> game.push(first)
    >>> game.played == 1 << first.card       # the card is on the table
    True
    >>> game.restore(saved)                  # and back in its player's hand
    >>> game.played, game.legal_moves()[0] == first
    (0, True)
    >>> stack = []
    >>> for _ in range(3):
    ...     stack.append(game.save())
    ...     game.push(game.legal_moves()[0])
    >>> while stack:
    ...     game.restore(stack.pop())
    >>> game.save() == saved                 # three moves taken back
    True

A copy is a game of its own, made from a save (its moves leave the original alone)::

    >>> trial = game.copy()
    >>> trial.push(trial.legal_moves()[0])
    >>> trial.played != 0, game.played
    (True, 0)

``Game`` has no ``pop()`` and ``push`` keeps no stack, unlike python-chess's board: the
stack would be state of its own (what would restoring a state do with it?), and every
``push`` of a simulation would pay for a save it never uses.  A caller who takes moves back
keeps the states it needs, as above; nothing is saved otherwise.
"""

from __future__ import annotations

from dataclasses import fields
from typing import NamedTuple

from nainjaune_rules.engine.purses import PurseTokens
from nainjaune_rules.engine.runs import Phase
from nainjaune_rules.engine.summary import DealSummary, GameResult, Termination
from nainjaune_rules.engine.tables import Tables

Record = dict[str, object]


class GameState(NamedTuple):
    """One game between two moves (see the module docstring); made by ``Game.save()``."""

    tables: Tables  # the rules it was saved under (restore checks them)
    players: int
    record: bool  # whether the game keeps a transcript (restore checks it)
    rng: tuple[object, ...]  # ``random.Random.getstate()``
    balances: tuple[int, ...]
    board: tuple[int, ...]
    token_total: int
    active: tuple[bool, ...]
    hands: tuple[int, ...]
    talon: int
    played: int
    dealer: int
    deal_no: int
    deals_played: int
    phase: Phase
    turn: int
    window: int
    end_pending: tuple[Termination, str] | None
    leaving: frozenset[int]
    debts: tuple[int, ...]
    purses: PurseTokens | None  # the tokens by value, when the ruleset lists them
    summaries: tuple[DealSummary, ...]
    summary: DealSummary  # its own copy while a deal is in play (the engine fills it in)
    deal_records: tuple[Record, ...]  # the last one its own copy (the engine fills it in)
    end_record: Record
    result: GameResult | None
    first_leader: int
    need_rank: int
    need_suit: int
    need_mask: int
    last: int
    skips: int
    turns: int
    seat_turns: tuple[int, ...]
    run_cards: tuple[int, ...]
    played_by: int
    wild_holder: int
    lets_wild_go: frozenset[int]
    widow_offer: bool  # the dealer is deciding on the widow (issue 22, part 4)
    lead_barred: int  # lead constraints (issue 22 item 7)
    lead_passes: int


def make_state(values: tuple[object, ...]) -> GameState:
    """A state from its values in field order, without the keyword handling of
    ``GameState(...)``'s generated ``__new__`` (a third of a save's time)."""
    return tuple.__new__(GameState, values)


#: the fields of a deal summary that are lists (filled in as the deal is played)
_SUMMARY_LISTS = tuple(f.name for f in fields(DealSummary) if f.default_factory is list)


def copy_summary(summary: DealSummary) -> DealSummary:
    """A deal summary whose lists are its own (their items are tuples or numbers)."""
    values = summary.__dict__.copy()  # not ``copy.copy``: a few times faster, on every save
    for name in _SUMMARY_LISTS:
        values[name] = list(values[name])
    other = object.__new__(DealSummary)
    other.__dict__ = values
    return other


def copy_records(records: list[Record] | tuple[Record, ...]) -> tuple[Record, ...]:
    """The transcript's deal records, the last one copied down to its list of moves: the
    only parts the engine still changes (a move appended, the balances at the deal's end).
    The moves made are shared: each move's event list is complete once the next begins."""
    if not records:
        return ()
    last = dict(records[-1])
    moves = last.get("moves")
    if isinstance(moves, list):
        last["moves"] = list(moves)
    return (*records[:-1], last)
