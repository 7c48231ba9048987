"""Whether each bot of a transcript would have made every move the transcript credits it with.

A bot's choices follow from the game's seed (``Game.seat_seeds``) and what its seat
sees, so a transcript's bot moves can be made again: the game is played once more on
the transcript's decks, each bot seat by the bot its spec names (``greedy``,
``random:forget=0.3``) and every other seat (a person, a player this version does not
know) by the transcript's own moves.  The first move a bot would not have made is
reported with both moves; the seats whose moves could not be checked are listed.

The transcript has been replayed first (every move legal, every event the same), so
the two games agree until a bot chooses otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine.game import DeckExhausted, Game
from nainjaune_rules.engine.moves import Move, parse_move
from nainjaune_rules.engine.tables import Tables
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.players import SpecError, is_human, make_player
from nainjaune_rules.players.base import Bot
from nainjaune_rules.players.session import play_by_deal


class SeatMismatch(Exception):
    """A move credited to a bot that the bot would not have made; the message says which."""


@dataclass(frozen=True)
class SeatsChecked:
    """The seats whose every move was made again by their bot, and those not checked."""

    checked: tuple[tuple[int, str], ...]  # (seat, spec)
    unchecked: tuple[tuple[int, str, str], ...]  # (seat, spec, why: "human", "unknown player")

    def describe(self) -> str:
        parts = []
        if self.checked:
            seats = ", ".join(f"{s} ({spec})" for s, spec in self.checked)
            parts.append(f"every move of the bot seats reproduced by their bot: seats {seats}")
        if self.unchecked:
            seats = ", ".join(f"seat {s} ({why})" for s, _spec, why in self.unchecked)
            parts.append(f"moves not checked: {seats}")
        return "; ".join(parts)


def seat_spec(spec: str) -> str:
    """The normal form of a seat spec, as transcripts record it: the kind in lower case and
    the forget rate exactly (``Random:forget=0.30`` → ``random:forget=0.3``); a spec that
    names no known player is kept as it is."""
    try:
        player = make_player(spec)
    except SpecError:
        return spec
    if isinstance(player, Bot):
        return f"{player.name}:forget={player.forget!r}" if player.forget else player.name
    return str(getattr(player, "spec", spec))


def check_seats(doc: dict[str, Any], tables: Tables) -> SeatsChecked:
    """Play the transcript's game again with its bots; :class:`SeatMismatch` at the first
    move a bot would not have made.  ``doc`` has been replayed without a difference."""
    bots: dict[int, Bot] = {}
    unchecked: list[tuple[int, str, str]] = []
    for seat, spec in enumerate(doc["seats"]):
        bot, why = _bot(spec)
        if bot is None:
            unchecked.append((seat, spec, why))
        else:
            bots[seat] = bot
    checked = tuple((s, doc["seats"][s]) for s in sorted(bots))
    if bots:
        _play_again(doc, tables, bots)
    return SeatsChecked(checked, tuple(unchecked))


def _bot(spec: str) -> tuple[Bot | None, str]:
    if is_human(spec):
        return None, "human"
    try:
        player = make_player(spec)
    except SpecError:
        return None, "unknown player"
    return (player, "") if isinstance(player, Bot) else (None, "unknown player")


def _play_again(doc: dict[str, Any], tables: Tables, bots: dict[int, Bot]) -> None:
    options = doc["options"]
    # one deck per deal, by its number: [] for a deal whose stakes could not be paid
    decks = [[parse_card(code).index for code in deal["deck"]]  # type: ignore[union-attr]
             for deal in doc["deals"]]
    game = Game(tables, int(doc["players"]), int(doc["seed"]), deals=options["deals"],
                dealer=int(doc["dealer"]), max_deals=int(options["max_deals"]), record=True,
                decks=decks)
    credited = _Credited(doc, game)
    seats = [_Checked(bots[s], s, doc["seats"][s], credited) if s in bots
             else _Scripted(credited) for s in range(game.n)]
    try:
        for _deal in play_by_deal(game, seats, summaries=False):
            pass
    except DeckExhausted as exc:  # replayed first, the transcript's game ended there
        raise SeatMismatch(f"deal {exc.deal}: the bots play a deal the transcript lacks") \
            from None


class _Credited:
    """The transcript's move for the move the game is at (its deal, its move number)."""

    def __init__(self, doc: dict[str, Any], game: Game) -> None:
        self.deals = doc["deals"]
        self.game = game

    def where(self) -> tuple[int, int]:
        moves = self.game.deal_records[-1]["moves"]
        assert isinstance(moves, list)
        return self.game.deal_no, len(moves) + 1

    def move(self) -> str:
        deal, number = self.where()
        try:
            return str(self.deals[deal - 1]["moves"][number - 1]["move"])
        except IndexError:
            raise SeatMismatch(f"deal {deal}, move {number}: the bots play on where the "
                               "transcript's deal has ended") from None


class _Checked:
    """A bot seat: its own choice, compared with the move the transcript credits it with."""

    def __init__(self, bot: Bot, seat: int, spec: str, credited: _Credited) -> None:
        self.bot, self.seat, self.spec, self.credited = bot, seat, spec, credited

    def begin(self, game: Game, seat: int) -> None:
        self.bot.begin(game, seat)

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        move = self.bot.choose(view, legal)
        said = self.credited.move()
        if str(move) != said:
            deal, number = self.credited.where()
            raise SeatMismatch(f"deal {deal}, move {number}: the transcript credits seat "
                               f"{self.seat} ({self.spec}) with '{said}', but this bot, "
                               f"with the game's seed, plays '{move}' there")
        return move


class _Scripted:
    """A seat whose moves cannot be made again (a person): it plays the transcript's."""

    def __init__(self, credited: _Credited) -> None:
        self.credited = credited

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        move = parse_move(self.credited.move())
        if move is None or move not in legal:
            deal, number = self.credited.where()
            raise SeatMismatch(f"deal {deal}, move {number}: the transcript's move is not "
                               "legal in the game the bots play")
        return move
