"""The invariants checked as the game is played, always (not only in tests).

Three facts hold at every moment of a game, whatever the ruleset:

- tokens are conserved: the players' balances plus the tokens on the board
  add up to what the players started with (nobody mints or burns tokens);
- every card of the deck is in exactly one place: a hand, the talon or the
  pile of cards played this deal;
- no balance is negative (a player who cannot pay gives what they have, as
  the ruleset's ``cannot pay in full`` clause says);
- when the ruleset lists its tokens by value, every seat's and box's tokens
  are worth its balance and each kind of token is conserved
  (:meth:`~nainjaune_rules.engine.purses.Purses.problem`: each purse is one
  integer holding its counts and its worth; every purse's worth is compared
  with its balance, and their sum with the tokens in play).

The checks are a handful of integer operations (cards are bitmasks).  They
run where the state can change rather than once per event, incrementally
where a move changes little: all of them after the deal and after the
stakes; for each card played, that card (it leaves the hand and lies nowhere
else: the only card that moves), the tokens when the card moved some
(boxes, payments; every token goes through the ledger, which counts them),
and all of them again when the card ends the deal (after the settlement); a
pass moves neither.  So a violation is caught in the deal where it happens,
and the error names the move at which it is seen.  A violation is a bug in
the engine, never a player's mistake: it raises :class:`InvariantError` and
the game stops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nainjaune_rules.engine.purses import Purses


class InvariantError(RuntimeError):
    """An engine invariant was broken: a bug, never a rule of the game."""


def move_bound(deck_size: int, players: int) -> int:
    """The most moves a deal may take.  Every deal ends (each round of passes ends a run
    and each run lays a card), so the bound only turns an engine bug into an error."""
    return 64 * deck_size * players


def not_ended(deal_no: int, bound: int) -> InvariantError:
    return InvariantError(f"deal {deal_no} has not ended after {bound} moves")


def check_tokens(balances: list[int], board: list[int], total: int, where: str,
                 purses: Purses | None = None) -> None:
    problem = tokens_problem(balances, board, total, purses, everyone=True)
    if problem:
        raise InvariantError(f"{where}: {problem}")


def check_cards(hands: list[int], talon: int, played: int, deck_mask: int, deck_size: int,
                where: str) -> None:
    problem = cards_problem(hands, talon, played, deck_mask, deck_size)
    if problem:
        raise InvariantError(f"{where}: {problem}")


def tokens_problem(balances: list[int], board: list[int], total: int,
                   purses: Purses | None = None, everyone: bool = False) -> str | None:
    """What is wrong with the tokens, or None (the message is only built on a violation).

    With ``purses`` (tokens by value), also what is wrong with them (:meth:`Purses.problem`);
    with ``everyone`` (:func:`check_tokens`, after the stakes) the tokens in play are also
    counted again from the kinds the purses were given.
    """
    if purses is not None and purses.in_order(balances, board, total, everyone):
        return None  # all in order, seen at once: the checks below say what is wrong
    held = sum(balances) + sum(board)
    if held != total:
        return (f"tokens not conserved: balances {balances} + board {board} "
                f"= {held}, expected {total}")
    if min(balances) < 0:
        return f"negative balance in {balances}"
    return purses.problem(balances, board, everyone) if purses is not None else None


def card_problem(hand: int, talon: int, played: int, bit: int) -> str | None:
    """What is wrong with playing the card ``bit`` from ``hand``, or None (incremental check)."""
    if not hand & bit or (talon | played) & bit:
        return "cards not accounted for: the card played is not in the hand alone"
    return None


def cards_problem(hands: list[int], talon: int, played: int, deck_mask: int,
                  deck_size: int) -> str | None:
    """What is wrong with the cards, or None."""
    union = talon | played
    count = talon.bit_count() + played.bit_count()
    for h in hands:
        union |= h
        count += h.bit_count()
    if union != deck_mask or count != deck_size:
        return (f"cards not accounted for: {count} cards in hands, talon and pile, "
                f"deck has {deck_size}" + ("" if union == deck_mask else " (some cards missing)"))
    return None
