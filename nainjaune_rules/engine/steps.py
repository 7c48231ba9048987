"""The settlement of a deal compiled into steps, in the order of the ``settlement`` clause.

Each step carries the numbers it needs (what the losers pay, which cards double a
payment...) so that :mod:`nainjaune_rules.engine.settle` runs them one after another
without reading flags.  A step the ruleset never uses (no opéra sweep, leftovers
that stay) is left out of :attr:`Tables.settlement <nainjaune_rules.engine.tables.Tables>`:
it would move no token.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from nainjaune_rules.core.cards import PACK_SIZE
from nainjaune_rules.model.defaults import settlement_of
from nainjaune_rules.model.rules import (
    ActionKind,
    Basis,
    EventKind,
    Ruleset,
    SettlementStep,
    packs_of,
)


@dataclass(frozen=True)
class LosersPay:
    """Each loser pays the winner: the ``losers pay`` effects, doubled where the rules say."""

    pays: tuple[tuple[Basis, int], ...]  # (basis, per card) of each "losers pay" effect
    opera_pays: tuple[tuple[Basis, int], ...]  # the same, at an opéra only
    holder_doubles: int  # mask of the cards whose holder pays double
    opera_double: bool  # each loser pays double at an opéra
    in_units: bool  # paid in tokens of 1
    # payments by outcome (issue #22)
    out_double: int = 0  # mask of the cards that, gone out with, double every loser's payment
    holder_exempt: int = 0  # mask of the cards whose holder pays nothing
    kind: SettlementStep = SettlementStep.LOSERS_PAY
    #: what a loser owes per card, without and with an opéra, when every payment is by
    #: cards (``Ledger.losers_owe`` then comes to this times the cards held), else -1:
    #: worked out once, not per loser
    owed_per_card: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        owed = tuple(_by_cards(self.pays + extra) for extra in ((), self.opera_pays))
        object.__setattr__(self, "owed_per_card", owed)


def _by_cards(pays: tuple[tuple[Basis, int], ...]) -> int:
    """The sum of ``pays`` per card when every one is by cards, else -1."""
    return sum(n for _, n in pays) if all(b is Basis.CARDS for b, _ in pays) else -1


@dataclass(frozen=True)
class OthersPay:
    """Each other player pays the winner fixed amounts at the deal's end (and an opéra)."""

    amounts: tuple[int, ...]
    opera_amounts: tuple[int, ...]
    #: (mask, amount): paid when the winner goes out with a card of the mask (issue #22)
    out_amounts: tuple[tuple[int, int], ...] = ()
    kind: SettlementStep = SettlementStep.OTHERS_PAY


@dataclass(frozen=True)
class OperaSweep:
    """At an opéra the winner takes every box."""

    kind: SettlementStep = SettlementStep.OPERA_SWEEP


@dataclass(frozen=True)
class Honours:
    """Box by box, the holder of a box card pays the box's amount into it."""

    kind: SettlementStep = SettlementStep.HONOURS


@dataclass(frozen=True)
class ClearLeftovers:
    """What is left on the board goes to the deal's winner (``leftovers: are cleared``)."""

    kind: SettlementStep = SettlementStep.LEFTOVERS


Step = LosersPay | OthersPay | OperaSweep | Honours | ClearLeftovers

#: the losers-pay step of a ruleset where nobody pays at the end of a deal
NO_PAYMENT = LosersPay((), (), 0, False, False)


def compile_settlement(rs: Ruleset) -> tuple[Step, ...]:
    """The steps that settle a deal of ``rs``, in the order of its ``settlement`` clause
    (the default clause when it states none), each step that moves no token left out."""
    parts = _settlement_parts(rs)
    steps = (parts.get(kind) for kind in settlement_of(rs).steps)
    return tuple(step for step in steps if step is not None)


@dataclass(frozen=True)
class _Out:
    """Payments by outcome (issue #22), as card masks: the cards that, gone out with,
    double every loser's payment or bring fixed amounts, and whose holder pays nothing."""

    double: int
    amounts: tuple[tuple[int, int], ...]
    exempt: int


def _going_out(rs: Ruleset) -> _Out:
    """The ``a player goes out with`` effects and the exemptions of ``rs``, compiled."""
    # table_play imports tables, which imports this module
    from nainjaune_rules.engine.table_play import card_mask

    double, amounts, exempt = 0, [], 0
    for eff in rs.effects:
        kind, act = eff.event.kind, eff.action
        if kind is EventKind.GOES_OUT:
            mask = card_mask(eff.event.cards, rs)
            if act.kind is ActionKind.LOSERS_PAY_DOUBLE:
                double |= mask
            elif act.kind is ActionKind.EACH_OTHER_PAYS:
                amounts.append((mask, act.amount))
        elif act.kind is ActionKind.HOLDER_PAYS_NOTHING and act.card is not None:
            exempt |= 1 << act.card.index
    return _Out(double, tuple(amounts), exempt)


def _settlement_parts(rs: Ruleset) -> dict[SettlementStep, Step]:
    """Each step of the settlement that ``rs`` uses, by kind, from its effects."""
    pays: dict[bool, list[tuple[Basis, int]]] = {False: [], True: []}  # at an opera?
    each: dict[bool, list[int]] = {False: [], True: []}
    holder_doubles = 0
    out = _going_out(rs)  # issue #22: payments by the card gone out with, exemptions
    actions: set[ActionKind] = set()
    for eff in rs.effects:
        kind, act = eff.event.kind, eff.action
        if kind is EventKind.PLAYED or kind is EventKind.GOES_OUT:
            continue  # a card's effects are the runs'; going out's are read by _going_out
        at_opera = kind is EventKind.OPERA
        actions.add(act.kind)
        if act.kind is ActionKind.LOSERS_PAY:
            pays[at_opera].append((act.basis or Basis.POINTS, act.amount or 1))
        elif act.kind is ActionKind.EACH_OTHER_PAYS:
            each[at_opera].append(act.amount)
        elif act.kind is ActionKind.HOLDER_PAYS_DOUBLE:
            if act.card is not None:
                for pack in range(packs_of(rs)):  # every copy of it (deck composition, #22)
                    holder_doubles |= 1 << (act.card.index + PACK_SIZE * pack)
        elif (act.kind is ActionKind.LOSERS_PAY_DOUBLE or act.kind is ActionKind.SWEEP_BOARD
              or act.kind is ActionKind.HONOURS_DOUBLE_BOX):
            pass  # a step of their own, found from ``actions`` below
        elif act.kind is ActionKind.LOSERS_SHOW_HANDS or \
                act.kind is ActionKind.HOLDER_PAYS_NOTHING:
            pass  # the hands are in the deal record; an exemption is read by _going_out
        elif act.kind is ActionKind.TAKE_BOX:
            # after a card only: compile_tables refused the pair already (ACTION_EVENTS)
            raise AssertionError(f"{act.kind.value} cannot follow {kind.value}")
        else:  # a new kind: mypy names this line until the settlement plays it (or refuses it)
            assert_never(act.kind)
    in_units = any(e.action.in_tokens_of == 1 for e in rs.effects
                   if e.action.kind is ActionKind.LOSERS_PAY)
    found: dict[SettlementStep, Step] = {SettlementStep.LOSERS_PAY: LosersPay(
        tuple(pays[False]), tuple(pays[True]), holder_doubles,
        ActionKind.LOSERS_PAY_DOUBLE in actions, in_units, out.double, out.exempt)}
    if each[False] or each[True] or out.amounts:
        found[SettlementStep.OTHERS_PAY] = OthersPay(tuple(each[False]), tuple(each[True]),
                                                     out.amounts)
    if ActionKind.SWEEP_BOARD in actions:  # at an opera only (ACTION_EVENTS)
        found[SettlementStep.OPERA_SWEEP] = OperaSweep()
    if ActionKind.HONOURS_DOUBLE_BOX in actions:
        found[SettlementStep.HONOURS] = Honours()
    if not rs.leftovers.stay:
        found[SettlementStep.LEFTOVERS] = ClearLeftovers()
    return found
