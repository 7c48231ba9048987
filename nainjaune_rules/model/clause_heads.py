"""How each clause of the language starts, with an example of it written out.

The compiler's hint for a missing clause quotes the example, and a ``remove`` line
that names no clause of the parent lists the heads it could have named.  Its own room
because both the compiler (:mod:`nainjaune_rules.model.compiler`) and the removals
(:mod:`nainjaune_rules.model.table_options`) read it, and the language's docs test it.
"""

from __future__ import annotations

_EXAMPLES = {
    "players": "players: 3 to 8",
    "ranks": "ranks: A 2 3 4 5 6 7 8 9 10 J Q K",
    "deal_table": "deal:  (then one indented line per player count: 4 players: 12 cards each)",
    "dealing": "dealing: one card at a time, clockwise",
    "first_dealer": "first dealer: by lot",
    "next_dealer": "next dealer: the player on the left",
    "play_direction": "play: clockwise",
    "first_lead": "first lead: the player on the left",
    "board": 'board:  (then one indented line per box: 7D "the yellow dwarf": stake 5)',
    "stakes": "stakes: every player",
    "leftovers": "leftovers: stay",
    "starting_tokens": "starting tokens: 50",
    "runs": "runs: any suit",
    "play_on": "play on: compulsory",
    "continuing": "continuing: compulsory",
    "after_king": "after a king: the player leads a new run",
    "nobody_can_continue": "nobody can continue: the last player leads a new run",
    "game_end": "game ends: when a player cannot stake",
    "winner": "winner: most tokens",
    "cannot_pay": "cannot pay in full: pays what they have",
}


def clause_head(slot: str) -> str:
    """How a clause starts in the language (``after a king``), from its slot name."""
    example = _EXAMPLES.get(slot)
    return example.split(":")[0] if example else slot.replace("_", " ")
