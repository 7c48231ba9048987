"""Where a transcript's decks came from, and whether its deals follow from its seed.

A transcript of format 2 says where its decks came from (``"decks"``):

- ``{"from": "seed"}``: shuffled by the game's generator, seeded with ``seed``;
- ``{"from": "deck file", "sha256": HEX}``: read from a deck file (``play --deck``),
  whose bytes have that digest; the file's name is not recorded, since replay must
  never open a path that a transcript names;
- ``{"from": "given"}``: handed to the engine by a program (``Game(decks=...)``).

Replay deals again from the seed (:func:`check_decks`): a transcript that says
``seed`` fails when a recorded deck, or a first dealer drawn by lot, is not what the
seed gives; the others are replayed on their recorded decks and said to be so.  A
transcript of format 1 says nothing: its decks are checked against the seed all the
same, and the verdict says whether they follow from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nainjaune_rules.core.cards import INDEX_CODES as CODES
from nainjaune_rules.engine.deal_start import next_deck
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.tables import Tables

SEED = "seed"
DECK_FILE = "deck file"
GIVEN = "given"
#: the value of ``from`` in a transcript of format 1, which does not record it
UNRECORDED = "unrecorded"


def deck_source(game: Game, deck_file_sha256: str | None = None) -> dict[str, str]:
    """The ``decks`` field of the transcript of ``game``."""
    if game.decks is None:
        return {"from": SEED}
    if deck_file_sha256 is not None:
        return {"from": DECK_FILE, "sha256": deck_file_sha256}
    return {"from": GIVEN}


@dataclass(frozen=True)
class Dealt:
    """What replay found out about the decks of a transcript."""

    source: str  # SEED, DECK_FILE, GIVEN or UNRECORDED
    from_seed: bool  # every recorded deck (and a first dealer drawn by lot) follows from it
    seed: int
    sha256: str = ""  # the deck file's digest, for DECK_FILE

    def describe(self) -> str:
        """One line for the verdict of ``replay``."""
        if self.from_seed:
            return f"every deck dealt again from seed {self.seed} and found the same"
        if self.source == DECK_FILE:
            return (f"decks from a deck file, sha256 {self.sha256}, not derivable from a "
                    "seed (the moves are verified on them)")
        if self.source == GIVEN:
            return ("decks given by the program that played the game, not derivable from a "
                    "seed (the moves are verified on them)")
        return (f"not derivable from seed {self.seed}: the transcript (format 1) does not say "
                "where its decks came from (the moves are verified on them)")


class NotFromSeed(Exception):
    """A transcript that says its decks come from the seed, and they do not."""


def check_decks(doc: dict[str, Any], tables: Tables) -> Dealt:
    """Deal the transcript's game again from its seed; :class:`NotFromSeed` if it claims the
    seed and the seed deals otherwise.  ``doc`` has passed the schema and ``check_fields``."""
    source = doc.get("decks", {"from": UNRECORDED})
    claim = source["from"]
    seed = int(doc["seed"])
    problem = _first_difference(doc, tables)
    if claim == SEED and problem:
        raise NotFromSeed(f"{problem}, though the transcript says its decks come from the seed")
    return Dealt(claim, not problem, seed, source.get("sha256", ""))


def _first_difference(doc: dict[str, Any], tables: Tables) -> str:
    """How the seed's deal differs from the transcript's ('' if it does not).

    The first dealer is drawn by lot from the seed unless ``play --dealer`` chose it, which
    the transcript does not record: both ways are tried (each is a game the seed gives).
    """
    problems = [_difference(doc, tables, dealer) for dealer in (None, int(doc["dealer"]))]
    return "" if "" in problems else problems[0]


def _difference(doc: dict[str, Any], tables: Tables, dealer: int | None) -> str:
    seed = int(doc["seed"])
    game = Game(tables, int(doc["players"]), seed, dealer=dealer, record=False)
    if game.first_dealer != doc["dealer"]:
        return (f"seed {seed} draws seat {game.first_dealer} to deal first, the transcript "
                f"has seat {doc['dealer']}")
    for deal in doc["deals"]:
        if not deal["deck"]:
            continue  # the stakes could not be paid: nothing was shuffled
        # next_deck is the engine's own shuffle: the generator's next draws, deal by deal
        if [CODES[c] for c in next_deck(game)] != deal["deck"]:
            return f"deal {deal['number']}: its deck is not the one seed {seed} shuffles"
    return ""
