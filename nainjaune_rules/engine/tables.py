"""A ruleset compiled into the flat tables the engine reads while it plays.

The rule objects of :mod:`nainjaune_rules.model.rules` say *what* the rules
are; :class:`Tables` holds them, once per game, as plain integers, bitmasks and
flags so that the inner loop never walks a tuple of clauses.  This module is the
shape of the tables (read by the compiled engine modules, field by field) and the
card-mask helpers they are made of; :func:`~nainjaune_rules.engine.table_build.compile_tables`
fills them in (:mod:`.table_build`: the deck, the deal, the board and the tokens;
:mod:`.table_play`: the runs and what a card played does).

Cards are the integers of :mod:`nainjaune_rules.core.cards` (``(rank-1)*4 + suit``)
and a set of cards is a bitmask over those integers (bit ``i`` = card ``i``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nainjaune_rules.core.cards import PACK_SIZE, Card
from nainjaune_rules.engine.steps import NO_PAYMENT, Honours, LosersPay, Step
from nainjaune_rules.model.rules import (
    ActionKind,
    ChangeRule,
    Effect,
    EndCondition,
    Forfeit,
    OperaKind,
    Ruleset,
    Shortfall,
)

KING = 13


class EngineError(Exception):
    """The ruleset or the engine options cannot be played (raised before play)."""


def rank_mask(rank: int) -> int:
    """The four cards of ``rank`` as a bitmask."""
    return 0xF << ((rank - 1) * 4)


def card_bit(card: Card) -> int:
    return 1 << card.index


def all_copies(mask: int, packs: int) -> int:
    """A set of first-pack cards with every copy of each (deck composition, #22)."""
    out = mask
    for pack in range(1, packs):
        out |= mask << (PACK_SIZE * pack)
    return out


def sum_masks(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@dataclass(frozen=True)
class PlayedEffect:
    """A ``when CARD is played`` effect, compiled: which cards trigger it, and what it does."""

    mask: int  # the cards that trigger it
    announced: bool  # triggers only when the card was announced
    action: ActionKind
    amount: int
    effect: Effect


@dataclass(frozen=True)
class Tables:
    """Everything the engine needs from a :class:`Ruleset`, precomputed.

    Relative seats (``next_dealer``, ``first_lead``) are stored as a step
    (+1 left, -1 right); ``Side.NEXT_IN_PLAY`` resolves to the play step.
    """

    ruleset: Ruleset
    deck_size: int
    deck_mask: int  # every card of the deck
    # deck composition (#22): the card of pack p is its first-pack index + 52 * p
    packs: int
    card_count: int  # the card indices in use: 52 per pack (some may be out of the deck)
    wild_mask: int  # every copy of the wild card in the deck, 0 when there is none
    rank_masks: tuple[int, ...]  # rank -> every copy of its four cards (index 0 unused)
    card_masks: tuple[int, ...]  # first-pack card -> every copy of it
    order: tuple[int, ...]  # ranks, lowest first
    rank_pos: tuple[int, ...]  # rank -> position in ``order`` (index 0 unused)
    next_rank: tuple[int, ...]  # rank -> the rank above it, 0 at the top (index 0 unused)
    top_rank: int
    standard_order: bool  # ranks run A..K: card indices already sort in rank order
    card_key: tuple[int, ...]  # card -> sort key (position of its rank, then suit)
    deal_rows: dict[int, tuple[int, int]]  # players -> (cards each, talon), playable rows only
    deal_problems: dict[int, str]  # players -> why that row of the deal table cannot be dealt
    packet: int
    # issue 22, part 4 (:mod:`.hands`): every card dealt, and the extra hand
    all_cards: bool  # ``deal: all cards``: the deck is dealt out, hands may differ by one
    extra_hands: int  # 0 or 1: an extra hand dealt out of play
    widow: bool  # the dealer may take the extra hand for their own, unseen
    deal_step: int
    play_step: int
    next_dealer_step: int
    first_lead_step: int
    dealer_by_lot: bool
    box_cards: tuple[int, ...]  # card index of each box, in board order
    box_stakes: tuple[int, ...]
    box_of_card: dict[int, int]  # card index -> box position
    box_mask: int
    # pools tied to no card (issue #22, item 3): on the board after the boxes, in the order
    # written; ``box_stakes`` holds their stakes too
    pool_names: tuple[str, ...]
    pools_of_winner: tuple[int, ...]  # board positions the deal's winner takes
    pool_pairs: tuple[tuple[int, int], ...]  # (board position, its one or two cards' mask)
    trump_pools: tuple[tuple[int, tuple[int, ...]], ...]  # (board position, trump ranks)
    pool_mask: int  # the cards that may win a pool (every suit of a trump rank)
    # trumps and the turn-up (issue #22, item 6)
    trumps_turned: bool  # the last card dealt is turned up; its suit is trumps
    turn_up_box: bool  # the dealer takes the box and the one-card pools of the turn-up
    turn_up_bonus: tuple[int, int, int] | None  # (card, the pool's position, per card dealt)
    stake_total: int
    # per-seat stakes (issue #22): how many times over the dealer, and each other player,
    # stake every box (1 and 1: every player; 1 and 0: the dealer only)
    dealer_stake_times: int
    other_stake_times: int
    starting_tokens: int
    token_values: tuple[int, ...]  # the kinds of token, largest first; () when all are 1s
    token_start: tuple[int, ...]  # how many of each kind a player starts with
    change: ChangeRule | None
    same_suit: bool
    play_on_compulsory: bool
    continuing_compulsory: bool
    stop_mask: int
    king_restarts: bool  # a card of ``restart_rank`` ends the run and its player leads
    restart_rank: int  # the king, or the top rank of the order (``after the top rank``)
    wild: int  # card index of the wild card, -1 when there is none
    wild_ends_run: bool
    wild_any_time: bool  # its holder may lay it out of turn (``at any time``)
    stuck_next_rank: bool
    skip_again: bool
    announce_mask: int  # cards whose play must be announced
    announce_words: dict[int, tuple[str, ...]]  # card -> the words to say, in ruleset order
    forfeit: dict[int, Forfeit]  # card -> what forgetting its announcement costs
    played_effects: tuple[PlayedEffect, ...]
    effect_mask: int  # cards whose play may trigger an effect, need a word, or stop a run
    calls: dict[str, str]  # moment ("stopping", "after a king", ...) -> the word said aloud
    opera: OperaKind | None
    # the settlement of a deal: its steps in the ruleset's order (:mod:`.steps`)
    settlement: tuple[Step, ...]
    out_mask: int  # issue #22: the cards a ``when a player goes out with`` effect names
    # end of the game
    end_conditions: tuple[EndCondition, ...]  # the ``game ends`` conditions, in the order written
    deal_count: EndCondition | None  # the ``after N deals`` condition, if the rules fix one
    shortfall: Shortfall
    points_court: int
    points_ace: int
    # what follows a card played in its natural place (the query the bots share with the engine)
    follow: tuple[int, ...]  # card -> the cards that continue the run after it (0: none)
    relead_mask: int  # cards after which their player leads a new run (stop cards, kings)
    act_mask: int  # cards whose play always does something: a ``when played`` effect, a stop
    # lead constraints (issue 22 item 7, :mod:`.leads`)
    lead_lowest: bool  # ``lead: the lowest card of a suit``
    lead_bars_suit: bool  # ``after a stop: the player leads a different suit, ...``
    lead_passes: bool  # ``..., or the lead passes to the next player`` (else any suit)
    rank_at_once: bool  # ``play: every card of the rank at once`` (issue 22 item 8)

    @property
    def lead_constrained(self) -> bool:
        """Whether a lead may be anything but any card of the hand (:mod:`.leads`)."""
        return self.lead_lowest or self.lead_bars_suit

    def stake_times(self, seat: int, dealer: int) -> int:
        """How many times over ``seat`` stakes each box in a deal ``dealer`` deals."""
        return self.dealer_stake_times if seat == dealer else self.other_stake_times

    def deals_limit(self, players: int) -> int | None:
        """The number of deals the game lasts with ``players``, if the rules fix one."""
        return self.deal_count.deals_for(players) if self.deal_count else None

    @property
    def payment(self) -> LosersPay:
        """What the losers pay the winner at the end of a deal (its settlement step)."""
        return next((s for s in self.settlement if isinstance(s, LosersPay)), NO_PAYMENT)

    @property
    def honours_double(self) -> bool:
        """Whether a box card left in hand doubles its box."""
        return any(isinstance(s, Honours) for s in self.settlement)

    def card_points(self, card: int) -> int:
        rank = card % PACK_SIZE // 4 + 1
        if rank >= 11:
            return self.points_court
        if rank == 1:
            return self.points_ace
        return rank

    def run_after(self, card: int) -> tuple[bool, int]:
        """``card`` played in its natural place: (its player leads anew, the cards that follow).

        The same rules as :meth:`~nainjaune_rules.engine.runs.Runs._play`, read from the
        tables, so that a bot looking ahead never re-implements them.
        """
        return bool(self.relead_mask >> card & 1), self.follow[card]
