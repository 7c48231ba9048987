"""A ruleset compiled into the flat tables the engine reads while it plays.

The rule objects of :mod:`nainjaune_rules.model.rules` say *what* the rules
are; this module turns them, once per game, into plain integers, bitmasks and
flags so that the inner loop never walks a tuple of clauses.  Nothing here
looks at a ruleset's name: every table is derived from the clauses alone, so a
house ruleset that mixes features in a new way gets its tables the same way.

Cards are the integers of :mod:`nainjaune_rules.core.cards` (``(rank-1)*4 + suit``)
and a set of cards is a bitmask over those integers (bit ``i`` = card ``i``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, assert_never

from nainjaune_rules.core.actions import ACTION_EVENTS
from nainjaune_rules.core.cards import PACK_SIZE, Card
from nainjaune_rules.engine.steps import NO_PAYMENT, Honours, LosersPay, Step, compile_settlement
from nainjaune_rules.model.defaults import turn_of
from nainjaune_rules.model.rules import (
    ActionKind,
    Announcement,
    CardClass,
    ChangeRule,
    Effect,
    EndCondition,
    EndKind,
    EventKind,
    ExtraHandRule,
    FirstDealerRule,
    Forfeit,
    OperaKind,
    PoolWin,
    Ruleset,
    Shortfall,
    Side,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
    deal_stakes,
    deck_cards,
    packs_of,
)

KING = 13

#: how much a forgotten announcement costs, from least to most
_FORFEIT_WEIGHT = {Forfeit.NOTHING: 0, Forfeit.THE_BOX: 1, Forfeit.THE_WINNINGS: 2}


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


def _follow(next_rank: list[int], same_suit: bool, relead: int, packs: int
            ) -> tuple[int, ...]:
    """Per card: the cards that continue a run after it is played in its natural place
    (every copy of them)."""
    follow = [0] * (PACK_SIZE * packs)
    for c in range(PACK_SIZE * packs):
        base = c % PACK_SIZE
        nxt = next_rank[base // 4 + 1]
        if nxt and not relead >> c & 1:
            one = 1 << ((nxt - 1) * 4 + base % 4) if same_suit else rank_mask(nxt)
            follow[c] = all_copies(one, packs)
    return tuple(follow)


def _relead(stop_mask: int, king_restarts: bool, restart_rank: int, packs: int) -> int:
    """The cards after which their player leads anew: stop cards, and the restart rank."""
    return stop_mask | (all_copies(rank_mask(restart_rank), packs) if king_restarts else 0)


def sum_masks(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _class_mask(cls: CardClass | Card, rs: Ruleset, deck_mask: int) -> int:
    """The cards of the deck that belong to a card class (or are that card): every copy."""
    return all_copies(_first_pack_mask(cls, rs, deck_mask & _FIRST_PACK), packs_of(rs)) & deck_mask


_FIRST_PACK = (1 << PACK_SIZE) - 1


def _first_pack_mask(cls: CardClass | Card, rs: Ruleset, deck_mask: int) -> int:
    if isinstance(cls, Card):
        return card_bit(cls) & deck_mask
    if cls is CardClass.BOX_CARD:
        return sum(card_bit(b.card) for b in rs.board.boxes) & deck_mask
    if cls is CardClass.STOP_CARD:
        # with a wild card marked ``and it is a stop card`` (issue 22 item 2)
        return sum(card_bit(c) for c in rs.stop_card_set()) & deck_mask
    if cls is CardClass.KING:
        return rank_mask(KING) & deck_mask
    if cls is CardClass.WILD_CARD:
        return card_bit(rs.wild_card.card) & deck_mask if rs.wild_card else 0
    if cls is CardClass.ANY_CARD:
        return deck_mask
    assert_never(cls)


def _classes_mask(classes: tuple[CardClass | Card, ...], rs: Ruleset, deck_mask: int) -> int:
    mask = 0
    for cls in classes:
        mask |= _class_mask(cls, rs, deck_mask)
    return mask


def card_mask(classes: tuple[CardClass | Card, ...], rs: Ruleset) -> int:
    """The cards of ``rs``'s deck that ``classes`` names (``a king or 9D``), as a mask."""
    return _classes_mask(classes, rs, sum_masks(rank_mask(r) for r in rs.ranks.order))


def _step(side: Side, play_step: int) -> int:
    if side is Side.LEFT:
        return 1
    if side is Side.RIGHT:
        return -1
    if side is Side.NEXT_IN_PLAY:
        return play_step
    assert_never(side)


def turn_step(rs: Ruleset) -> int:
    """The seat asked after a player stops, as a step: the ``turn`` clause in force.

    A ruleset that states none plays the language's default clause
    (:data:`nainjaune_rules.model.defaults.DEFAULTS`: the next player in play).
    """
    return _step(turn_of(rs).passes_to, rs.play_direction.direction.step)


def _announcements(
    rs: Ruleset, deck_mask: int
) -> tuple[int, dict[int, tuple[str, ...]], dict[int, Forfeit]]:
    words: dict[int, list[str]] = {}
    forfeit: dict[int, Forfeit] = {}
    mask = 0
    ann: Announcement
    for ann in rs.announcements:
        m = _classes_mask(ann.cards, rs, deck_mask)
        mask |= m
        for i in range(PACK_SIZE * packs_of(rs)):
            if m >> i & 1:
                words.setdefault(i, []).append(ann.word)
                # a card covered by two announcements forfeits the heavier penalty
                old = forfeit.get(i, Forfeit.NOTHING)
                if _FORFEIT_WEIGHT[ann.forfeit] >= _FORFEIT_WEIGHT[old]:
                    forfeit[i] = ann.forfeit
    return mask, {k: tuple(v) for k, v in words.items()}, forfeit


def _check_deal_rows(
    rs: Ruleset, deck_size: int
) -> tuple[dict[int, tuple[int, int]], dict[int, str]]:
    """Split the deal table into rows the deck supports and rows it does not (with why)."""
    rows: dict[int, tuple[int, int]] = {}
    problems: dict[int, str] = {}
    for row in rs.deal_table.rows:
        talon = deck_size - row.players * row.cards_each
        if row.cards_each < 1 or talon < 0:
            problems[row.players] = (
                f"{row.players} players x {row.cards_each} cards each needs "
                f"{row.players * row.cards_each} cards; the deck has {deck_size}")
        elif row.talon is not None and row.talon != talon:
            problems[row.players] = (
                f"the deal table says a talon of {row.talon} with {row.players} players, "
                f"but {row.players} x {row.cards_each} cards from {deck_size} leaves {talon}")
        else:
            rows[row.players] = (row.cards_each, talon)
    return rows, problems


def _all_cards_rows(
    rs: Ruleset, deck_size: int
) -> tuple[dict[int, tuple[int, int]], dict[int, str]]:
    """``deal: all cards``: every player count the deck gives a card to each hand, with
    the smallest hand as its ``cards each`` and no talon (:mod:`.hands` deals them)."""
    rows: dict[int, tuple[int, int]] = {}
    problems: dict[int, str] = {}
    extra = rs.deal_table.extra_hands
    for players in rs.players.counts:
        hands = players + extra
        if hands > deck_size:
            problems[players] = (f"{players} players and {extra} extra hand need {hands} "
                                 f"cards, one a hand; the deck has {deck_size}")
        else:
            rows[players] = (deck_size // hands, 0)
    return rows, problems


def compile_tables(rs: Ruleset) -> Tables:
    """Compile a ruleset once; raises :class:`EngineError` for rules that cannot be played.

    Each concern of the rules compiles into its own part (a few of the fields of
    :class:`Tables`); the dataclass refuses a missing or unknown field at once.
    """
    deck = _deck(rs)
    deck_mask: int = deck["deck_mask"]
    parts: _Part = {
        **deck,
        **_deal(rs, deck["deck_size"]),
        **_board(rs, deck_mask),
        **_tokens(rs),
        **_runs(rs, deck_mask, deck["order"], deck["next_rank"]),
        **_wild(rs, deck_mask),
        **_calls_and_announcements(rs, deck_mask),
        **_effects(rs, deck_mask),
        **_game_end(rs),
        **_leads(rs),
    }
    # stop cards are counted as they are played: they go through the slow path too
    parts["act_mask"] |= parts["pool_mask"]  # a pool's card may win it (issue #22, item 3)
    parts["effect_mask"] = parts["announce_mask"] | parts["act_mask"]
    return Tables(ruleset=rs, **parts)


#: some of the fields of :class:`Tables`, by name
_Part = dict[str, Any]


def _deck(rs: Ruleset) -> _Part:
    """The deck and the order of its ranks."""
    order = tuple(rs.ranks.order)
    if not order or len(set(order)) != len(order) or not all(1 <= r <= 13 for r in order):
        raise EngineError(f"ruleset {rs.id}: the ranks clause must list distinct ranks 1..13")
    rank_pos = [0] * 14
    next_rank = [0] * 14
    for pos, r in enumerate(order):
        rank_pos[r] = pos
        next_rank[r] = order[pos + 1] if pos + 1 < len(order) else 0
    packs = packs_of(rs)
    cards = deck_cards(rs)  # the packs, less the cards taken out (#22)
    # the engine reads ``next_rank[(c >> 2) + 1]``: the same rank again for every pack
    next_rank += next_rank[1:] * (packs - 1)
    return {
        "deck_size": len(cards),
        "deck_mask": sum_masks(1 << c.index for c in cards),
        "packs": packs,
        "card_count": PACK_SIZE * packs,
        "rank_masks": tuple(all_copies(rank_mask(r), packs) if r else 0 for r in range(14)),
        "card_masks": tuple(all_copies(1 << c, packs) for c in range(PACK_SIZE)),
        "order": order,
        "rank_pos": tuple(rank_pos),
        "next_rank": tuple(next_rank),
        "top_rank": order[-1],
        # with several packs the second pack's indices come after the first's: sort by key
        "standard_order": list(order) == sorted(order) and packs == 1,
        "card_key": tuple(rank_pos[c % PACK_SIZE // 4 + 1] * 4 * packs
                          + c % PACK_SIZE % 4 * packs + c // PACK_SIZE
                          for c in range(PACK_SIZE * packs)),
    }


def _deal(rs: Ruleset, deck_size: int) -> _Part:
    """Who deals, how many cards each, and which way the deal and the play go."""
    play_step = rs.play_direction.direction.step
    table = rs.deal_table
    deal_rows, deal_problems = (_all_cards_rows if table.all_cards else _check_deal_rows)(
        rs, deck_size)
    extra = rs.extra_hand
    return {
        "deal_rows": deal_rows,
        "deal_problems": deal_problems,
        "packet": max(1, rs.dealing.packet),
        "all_cards": table.all_cards,
        "extra_hands": table.extra_hands,
        "widow": bool(table.extra_hands) and extra is not None
        and extra.rule is ExtraHandRule.WIDOW,
        "deal_step": rs.dealing.direction.step,
        "play_step": turn_step(rs),
        "next_dealer_step": _step(rs.next_dealer.side, play_step),
        "first_lead_step": _step(rs.first_lead.side, play_step),
        "dealer_by_lot": rs.first_dealer.rule is FirstDealerRule.BY_LOT,
    }


def _board(rs: Ruleset, deck_mask: int) -> _Part:
    """The boxes of the board (either copy of a box card wins it), its pools (after the
    boxes), and who stakes them."""
    boxes = rs.board.boxes
    first_pool = len(boxes)
    pairs = tuple((first_pool + i, sum_masks(card_bit(c) for c in p.cards))
                  for i, p in enumerate(rs.pools) if p.won_by is PoolWin.CARDS and p.cards)
    trump_pools = tuple((first_pool + i, p.trump_ranks) for i, p in enumerate(rs.pools)
                        if p.won_by is PoolWin.CARDS and p.trump_ranks)
    trump_cards = sum_masks(rank_mask(rank) for _, ranks in trump_pools for rank in ranks)
    return {
        "box_cards": tuple(b.card.index for b in boxes),
        "box_stakes": tuple(b.stake for b in boxes) + tuple(p.stake for p in rs.pools),
        "box_of_card": {b.card.index + PACK_SIZE * p: i for p in range(packs_of(rs))
                        for i, b in enumerate(boxes)},
        "box_mask": all_copies(sum(card_bit(b.card) for b in boxes), packs_of(rs)),
        "pool_names": tuple(p.name for p in rs.pools),
        "pools_of_winner": tuple(first_pool + i for i, p in enumerate(rs.pools)
                                 if p.won_by is PoolWin.DEAL_WINNER),
        "pool_pairs": pairs,
        "trump_pools": trump_pools,
        "pool_mask": sum_masks(mask for _, mask in pairs) | trump_cards,
        "trumps_turned": rs.trumps is not None,
        "turn_up_box": rs.turn_up_box is not None and rs.trumps is not None,
        "turn_up_bonus": _turn_up_bonus(rs, first_pool),
        "stake_total": deal_stakes(rs),
        "dealer_stake_times": rs.stakes.times(True),
        "other_stake_times": rs.stakes.times(False),
    }


def _turn_up_bonus(rs: Ruleset, first_pool: int) -> tuple[int, int, int] | None:
    """The Pope turned up (issue #22, item 6): its card, its pool's board position, and what
    each other player pays per card dealt; None without it (or without trumps)."""
    bonus = rs.turn_up_bonus
    if bonus is None or rs.trumps is None:
        return None
    names = [p.name for p in rs.pools]
    if bonus.pool not in names:
        raise EngineError(f"ruleset {rs.id}: the turn-up's pool {bonus.pool!r} does not exist")
    return bonus.card.index, first_pool + names.index(bonus.pool), bonus.per_card


def _tokens(rs: Ruleset) -> _Part:
    """The tokens each player starts with, change, and a player who cannot pay."""
    return {
        "starting_tokens": rs.starting_tokens.count,
        "token_values": tuple(v for v, _n in rs.starting_tokens.denominations),
        "token_start": tuple(n for _v, n in rs.starting_tokens.denominations),
        "change": rs.change.rule if rs.change else None,
        "shortfall": rs.cannot_pay.rule,
    }


def _runs(rs: Ruleset, deck_mask: int, order: tuple[int, ...], next_rank: tuple[int, ...]
          ) -> _Part:
    """Runs and stops: what continues a run, what ends it, and what if nobody can go on."""
    stop_mask = _class_mask(CardClass.STOP_CARD, rs, deck_mask)
    king_restarts = rs.after_king.top_rank or KING in order
    restart_rank = order[-1] if rs.after_king.top_rank else KING
    relead = _relead(stop_mask, king_restarts, restart_rank, packs_of(rs))
    stuck = rs.nobody_can_continue
    return {
        "same_suit": rs.runs.same_suit,
        "play_on_compulsory": rs.play_on.compulsory,
        "continuing_compulsory": rs.continuing.compulsory,
        "stop_mask": stop_mask,
        "king_restarts": king_restarts,
        "restart_rank": restart_rank,
        "stuck_next_rank": stuck.rule is WhenStuck.NEXT_RANK,
        "skip_again": stuck.then is WhenSkipFails.SKIP_AGAIN,
        "follow": _follow(list(next_rank), rs.runs.same_suit, relead, packs_of(rs)),
        "relead_mask": relead,
    }


def _wild(rs: Ruleset, deck_mask: int) -> _Part:
    """The wild card, if any, and what it does out of its place."""
    wild = rs.wild_card
    return {
        "wild": wild.card.index if wild and card_bit(wild.card) & deck_mask else -1,
        "wild_mask": _class_mask(wild.card, rs, deck_mask) if wild else 0,
        "wild_ends_run": bool(wild and wild.out_of_turn is WildOutOfTurn.ENDS_RUN),
        "wild_any_time": bool(wild and wild.any_time),
    }


def _leads(rs: Ruleset) -> _Part:
    """Lead constraints (issue 22 item 7): what a lead may be (:mod:`.leads`)."""
    after = rs.lead_after_stop
    return {
        "lead_lowest": rs.lead_card is not None and rs.lead_card.lowest,
        "lead_bars_suit": after is not None,
        "lead_passes": after is not None and after.passes,
        "rank_at_once": rs.rank_at_once is not None,  # issue 22 item 8
    }


def _calls_and_announcements(rs: Ruleset, deck_mask: int) -> _Part:
    """What must be announced (and what forgetting costs), and the words said aloud."""
    ann_mask, ann_words, forfeit = _announcements(rs, deck_mask)
    return {
        "announce_mask": ann_mask,
        "announce_words": ann_words,
        "forfeit": forfeit,
        # calls cost nothing when forgotten: the engine only says them in the transcript
        "calls": {c.moment.value: c.word for c in rs.calls},
    }


def _effects(rs: Ruleset, deck_mask: int) -> _Part:
    """The effects of a card played, the opéra, and the settlement of a deal."""
    for eff in rs.effects:
        kind = eff.event.kind
        if kind not in ACTION_EVENTS[eff.action.kind]:  # the model's one table of what follows
            raise EngineError(f"{eff.span}: '{eff.action.kind.value}' cannot follow "
                              f"'{kind.value}'")
    played = tuple(
        PlayedEffect(_classes_mask(e.event.cards, rs, deck_mask), e.event.announced,
                     e.action.kind, e.action.amount, e)
        for e in rs.effects_on(EventKind.PLAYED))
    played_mask = sum_masks(p.mask for p in played)
    stop_mask = _class_mask(CardClass.STOP_CARD, rs, deck_mask)
    return {
        "played_effects": played,
        "act_mask": stop_mask | played_mask,
        "opera": rs.opera.kind if rs.opera else None,
        "settlement": compile_settlement(rs),
        "out_mask": sum_masks(card_mask(e.event.cards, rs)
                              for e in rs.effects_on(EventKind.GOES_OUT)),
        # without a points clause nobody pays by points; the usual values fill the table
        "points_court": rs.points.court if rs.points else 10,
        "points_ace": rs.points.ace if rs.points else 1,
    }


def _game_end(rs: Ruleset) -> _Part:
    """The conditions read between deals (:mod:`.ending`), and the deal count if fixed."""
    conditions = rs.game_end.conditions
    return {
        "end_conditions": tuple(conditions),
        "deal_count": next((c for c in conditions if c.kind is EndKind.AFTER_DEALS), None),
    }
