"""The invariants checked after every state change, always (not only in tests).

Three facts hold at every moment of a game, whatever the ruleset:

- tokens are conserved: the players' balances plus the tokens on the board
  add up to what the players started with (nobody mints or burns tokens);
- every card of the deck is in exactly one place: a hand, the talon or the
  pile of cards played this deal;
- no balance is negative (a player who cannot pay gives what they have, as
  the ruleset's ``cannot pay in full`` clause says).

The checks are a handful of integer operations (cards are bitmasks), cheap
enough to run on every event.  A violation is a bug in the engine, never a
player's mistake: it raises :class:`InvariantError` and the game stops.
"""

from __future__ import annotations


class InvariantError(RuntimeError):
    """An engine invariant was broken: a bug, never a rule of the game."""


def check_tokens(balances: list[int], board: list[int], total: int, where: str) -> None:
    held = sum(balances) + sum(board)
    if held != total:
        raise InvariantError(
            f"{where}: tokens not conserved: balances {balances} + board {board} "
            f"= {held}, expected {total}")
    if min(balances) < 0:
        raise InvariantError(f"{where}: negative balance in {balances}")


def check_cards(hands: list[int], talon: int, played: int, deck_mask: int, deck_size: int,
                where: str) -> None:
    union = talon | played
    count = talon.bit_count() + played.bit_count()
    for h in hands:
        union |= h
        count += h.bit_count()
    if union != deck_mask or count != deck_size:
        raise InvariantError(
            f"{where}: cards not accounted for: {count} cards in hands, talon and pile, "
            f"deck has {deck_size}" + ("" if union == deck_mask else " (some cards missing)"))
