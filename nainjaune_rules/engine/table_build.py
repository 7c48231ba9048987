"""Compiling a ruleset into :class:`~nainjaune_rules.engine.tables.Tables`, once per game.

:func:`compile_tables` puts together the part of each concern of the rules: here the
deck and the order of its ranks, the deal, the board and its stakes, the tokens and the
end of the game; the play's part (runs, the wild card, announcements, effects) is
:mod:`.table_play`'s.  Nothing here looks at a ruleset's name: every table is derived
from the clauses alone, so a house ruleset that mixes features in a new way gets its
tables the same way.
"""

from __future__ import annotations

from typing import assert_never

from nainjaune_rules.core.cards import PACK_SIZE
from nainjaune_rules.engine.table_play import Fields, play_fields
from nainjaune_rules.engine.tables import (
    EngineError,
    Tables,
    all_copies,
    card_bit,
    rank_mask,
    sum_masks,
)
from nainjaune_rules.model.defaults import turn_of
from nainjaune_rules.model.rules import (
    EndKind,
    ExtraHandRule,
    FirstDealerRule,
    PoolWin,
    Ruleset,
    Side,
    deal_stakes,
    deck_cards,
    packs_of,
)


def compile_tables(rs: Ruleset) -> Tables:
    """Compile a ruleset once; raises :class:`EngineError` for rules that cannot be played.

    Each concern of the rules compiles into its own part (a few of the fields of
    :class:`Tables`); the dataclass refuses a missing or unknown field at once.
    """
    deck = _deck(rs)
    deck_mask: int = deck["deck_mask"]
    parts: Fields = {
        **deck,
        **_deal(rs, deck["deck_size"]),
        **_board(rs, deck_mask),
        **_tokens(rs),
        **play_fields(rs, deck_mask, deck["order"], deck["next_rank"]),
        **_game_end(rs),
    }
    # stop cards are counted as they are played: they go through the slow path too
    parts["act_mask"] |= parts["pool_mask"]  # a pool's card may win it (issue #22, item 3)
    parts["effect_mask"] = parts["announce_mask"] | parts["act_mask"]
    return Tables(ruleset=rs, **parts)


def _deck(rs: Ruleset) -> Fields:
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


def _deal(rs: Ruleset, deck_size: int) -> Fields:
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


def _board(rs: Ruleset, deck_mask: int) -> Fields:
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


def _tokens(rs: Ruleset) -> Fields:
    """The tokens each player starts with, change, and a player who cannot pay."""
    return {
        "starting_tokens": rs.starting_tokens.count,
        "token_values": tuple(v for v, _n in rs.starting_tokens.denominations),
        "token_start": tuple(n for _v, n in rs.starting_tokens.denominations),
        "change": rs.change.rule if rs.change else None,
        "shortfall": rs.cannot_pay.rule,
    }


def _game_end(rs: Ruleset) -> Fields:
    """The conditions read between deals (:mod:`.ending`), and the deal count if fixed."""
    conditions = rs.game_end.conditions
    return {
        "end_conditions": tuple(conditions),
        "deal_count": next((c for c in conditions if c.kind is EndKind.AFTER_DEALS), None),
    }
