"""The rule dimensions: the rows of the comparison, in the order a player reads them.

A :class:`Dimension` picks, from any ruleset, the clauses that answer one
question ("who deals first?", "what happens when a box card is laid?").  The
ruleset pages list a ruleset's clauses dimension by dimension, the comparison
puts one dimension per row, and ``nainjaune diff`` compares two rulesets
dimension by dimension, so all three agree on what "the same rule" means.

Each clause of a ruleset gets a stable anchor, ``rule-<dimension key>`` (with
``-2``, ``-3``... when a dimension holds several clauses), used by the
comparison cells and the sources page to link straight to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

from nainjaune_rules.model.rules import (
    ActionKind,
    Box,
    CallMoment,
    Clause,
    EventKind,
    Ruleset,
)
from nainjaune_rules.model.words import column


class Phase(StrEnum):
    """The parts of the game, in the order a player meets them."""

    SETUP = "Setup"
    DEAL = "The deal"
    PLAY = "Play"
    ANNOUNCEMENTS = "Announcements and the boxes"
    END_OF_DEAL = "End of a deal"
    END_OF_GAME = "End of the game"
    OPTIONS = "Table options"

    @property
    def slug(self) -> str:
        return {
            Phase.SETUP: "setup",
            Phase.DEAL: "the-deal",
            Phase.PLAY: "play",
            Phase.ANNOUNCEMENTS: "announcements",
            Phase.END_OF_DEAL: "end-of-a-deal",
            Phase.END_OF_GAME: "end-of-the-game",
            Phase.OPTIONS: "table-options",
        }[self]


Select = Callable[[Ruleset], tuple[Clause, ...]]


@dataclass(frozen=True)
class Dimension:
    """One question every ruleset answers (or leaves unanswered: no clause)."""

    key: str
    phase: Phase
    label: str
    select: Select

    def clauses(self, ruleset: Ruleset) -> tuple[Clause, ...]:
        return self.select(ruleset)


def _field(name: str) -> Select:
    def select(ruleset: Ruleset) -> tuple[Clause, ...]:
        value = getattr(ruleset, name)
        if value is None:
            return ()
        return tuple(value) if isinstance(value, tuple) else (value,)

    return select


def settlement_in_force(ruleset: Ruleset) -> tuple[Clause, ...]:
    """The ruleset's settlement clause with only the steps that do something in it (the
    engine's own list, :func:`~nainjaune_rules.engine.steps.compile_settlement`): "leftovers
    cleared" beside "leftovers stay", or honours where no honour doubles its box, would
    contradict the page's other rules (issue 23)."""
    import dataclasses

    from nainjaune_rules.engine.steps import LosersPay, compile_settlement

    clause = ruleset.settlement
    if clause is None:
        return ()
    try:
        steps = compile_settlement(ruleset)
    except (AssertionError, ValueError):  # a ruleset the engine refuses: its words as stated
        return (clause,)
    # the losers' step is always compiled; it does something when some loser pays
    doing = {step.kind for step in steps
             if not isinstance(step, LosersPay) or step.pays or step.opera_pays}
    return (dataclasses.replace(clause, steps=tuple(s for s in clause.steps if s in doing)),)


def _effects(event: EventKind, action: ActionKind) -> Select:
    def select(ruleset: Ruleset) -> tuple[Clause, ...]:
        return tuple(
            e for e in ruleset.effects if e.event.kind is event and e.action.kind is action
        )

    return select


_FIELDS: tuple[tuple[Phase, str, str], ...] = (
    (Phase.SETUP, "players", "players"),
    (Phase.SETUP, "ranks", "rank order"),
    (Phase.SETUP, "rank_names", "names of the ranks"),
    (Phase.SETUP, "deck", "the deck (packs, cards taken out)"),  # deck composition (#22)
    (Phase.SETUP, "board", "the board (box: stake)"),
    (Phase.SETUP, "pools", "pools tied to no card"),  # issue #22, item 3
    (Phase.SETUP, "stakes", "who stakes each deal"),
    (Phase.SETUP, "leftovers", "tokens left on the board"),
    (Phase.SETUP, "starting_tokens", "starting tokens"),
    (Phase.SETUP, "change", "making change"),
    (Phase.DEAL, "first_dealer", "first dealer"),
    (Phase.DEAL, "next_dealer", "next dealer"),
    (Phase.DEAL, "shuffling", "shuffling and the cut"),
    (Phase.DEAL, "talon", "the talon"),
    (Phase.DEAL, "deal_table", "cards each"),
    (Phase.DEAL, "dealing", "dealing"),
    (Phase.DEAL, "extra_hand", "the extra hand"),  # issue 22, part 4
    (Phase.DEAL, "trumps", "trumps"),  # issue #22, item 6
    (Phase.DEAL, "turn_up_box", "the turn-up's box"),
    (Phase.DEAL, "turn_up_bonus", "a card turned up that pays the dealer"),
    (Phase.PLAY, "play_direction", "direction of play"),
    (Phase.PLAY, "first_lead", "who plays first"),
    (Phase.PLAY, "turn", "a turn and how it passes"),
    (Phase.PLAY, "played_cards", "cards played"),
    (Phase.PLAY, "runs", "a run"),
    (Phase.PLAY, "play_on", "within a turn"),
    (Phase.PLAY, "continuing", "continuing a run"),
    (Phase.PLAY, "stop_cards", "stop cards"),
    (Phase.PLAY, "after_king", "after a king"),
    (Phase.PLAY, "wild_card", "wild card"),
    (Phase.PLAY, "lead_card", "the card led"),
    (Phase.PLAY, "lead_after_stop", "a lead after a stop"),
    (Phase.PLAY, "rank_at_once", "cards of one rank"),
    (Phase.PLAY, "nobody_can_continue", "nobody can continue"),
    (Phase.ANNOUNCEMENTS, "announcements", "announcing"),
)

_EFFECT_LABELS: dict[ActionKind, str] = column(ActionKind, "label")
_EVENT_PHASE = {EventKind.PLAYED: Phase.ANNOUNCEMENTS, EventKind.DEAL_ENDS: Phase.END_OF_DEAL,
                EventKind.OPERA: Phase.END_OF_DEAL,
                EventKind.GOES_OUT: Phase.END_OF_DEAL}  # payments by outcome (issue #22)
#: each event's row label is the registry's (nainjaune_rules.model.words)
_EVENT_PREFIX: dict[EventKind, tuple[Phase, str]] = {
    e: (_EVENT_PHASE[e], label) for e, label in column(EventKind, "label").items()}


def _effect_dimensions(event: EventKind) -> list[Dimension]:
    phase, prefix = _EVENT_PREFIX[event]
    return [
        Dimension(
            f"{event.value}-{action.value}".replace(" ", "-"),
            phase,
            prefix + _EFFECT_LABELS[action],
            _effects(event, action),
        )
        for action in ActionKind
    ]


def _calls(moment: CallMoment) -> Select:
    def select(ruleset: Ruleset) -> tuple[Clause, ...]:
        return tuple(c for c in ruleset.calls if c.moment is moment)

    return select


_CALL_LABELS: dict[CallMoment, str] = column(CallMoment, "label")


def _call_dimensions() -> list[Dimension]:
    return [
        Dimension("call-" + m.value.replace(" ", "-"), Phase.ANNOUNCEMENTS, _CALL_LABELS[m],
                  _calls(m))
        for m in CallMoment
    ]


def _plain(phase: Phase, name: str, label: str) -> Dimension:
    return Dimension(name.replace("_", "-"), phase, label, _field(name))


#: Every dimension, in reading order.  Effects get one dimension per
#: (event, action) pair; most rulesets leave most of them empty.
DIMENSIONS: tuple[Dimension, ...] = (
    *(_plain(*f) for f in _FIELDS),
    *_call_dimensions(),
    *_effect_dimensions(EventKind.PLAYED),
    _plain(Phase.END_OF_DEAL, "deal_end", "end of a deal and its winner"),
    Dimension("settlement", Phase.END_OF_DEAL, "order of settlement", settlement_in_force),
    *_effect_dimensions(EventKind.DEAL_ENDS),
    _plain(Phase.END_OF_DEAL, "points", "counting points"),
    _plain(Phase.END_OF_DEAL, "opera", "opéra"),
    *_effect_dimensions(EventKind.OPERA),
    *_effect_dimensions(EventKind.GOES_OUT),  # payments by outcome (issue #22)
    _plain(Phase.END_OF_GAME, "game_end", "end of the game"),
    _plain(Phase.END_OF_GAME, "winner", "winner"),
    _plain(Phase.END_OF_GAME, "cannot_pay", "a player who cannot pay"),
    _plain(Phase.OPTIONS, "options", "table options"),
)


def option_dimension(name: str) -> Dimension:
    """The dimension of one table option, by name (its anchor is the option's section)."""

    def select(ruleset: Ruleset) -> tuple[Clause, ...]:
        return tuple(o for o in ruleset.options if o.name == name)

    return Dimension(f"option-{name}", Phase.OPTIONS, f"table option {name}", select)


def used_dimensions(rulesets: Iterable[Ruleset]) -> list[Dimension]:
    """The dimensions at least one of ``rulesets`` says something about."""
    rulesets = list(rulesets)
    return [d for d in DIMENSIONS if any(d.clauses(r) for r in rulesets)]


@dataclass(frozen=True)
class Entry:
    """A clause of a ruleset, placed: its dimension and its anchor on the ruleset page."""

    dimension: Dimension
    clause: Clause
    anchor: str


def anchor(dimension: Dimension, index: int = 0) -> str:
    """The stable anchor of the ``index``-th clause of ``dimension`` on a ruleset page
    (the table options have a section of their own)."""
    if dimension.phase is Phase.OPTIONS:
        return Phase.OPTIONS.slug if dimension.key == "options" else dimension.key
    return f"rule-{dimension.key}" + (f"-{index + 1}" if index else "")


def entries(ruleset: Ruleset) -> list[Entry]:
    """Every clause of ``ruleset`` (options excepted), in reading order, with its anchor."""
    return [
        Entry(d, clause, anchor(d, i))
        for d in DIMENSIONS
        if d.phase is not Phase.OPTIONS
        for i, clause in enumerate(d.clauses(ruleset))
    ]


#: fields that say where a rule came from or what a thing is called, not what the rule is
_NOT_RULES = {"origin", "span", "defined_in"}
_NAMES_ONLY: dict[type, set[str]] = {Box: {"name"}}


def content(value: object) -> object:
    """What a rule says, without where it came from: two clauses with equal content
    state the same rule even when their origins, spans or box names differ."""
    if isinstance(value, tuple):
        return tuple(content(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        skip = _NOT_RULES | _NAMES_ONLY.get(type(value), set())
        return (type(value).__name__,) + tuple(
            content(getattr(value, f.name)) for f in fields(value) if f.name not in skip
        )
    return value


class _Placed(Protocol):
    @property
    def dimension(self) -> Dimension: ...


P = TypeVar("P", bound=_Placed)


def by_phase(items: Sequence[P]) -> list[tuple[Phase, list[P]]]:
    """``items`` (entries, rows, changes: anything with a dimension) grouped by phase,
    phases in reading order, empty phases left out."""
    return [(p, group) for p in Phase if (group := [i for i in items if i.dimension.phase is p])]
