"""The games a test plays to compare the compiled engine with the pure one.

Run as a script (``python compiled_digest.py``), it prints a JSON object: whether the
compiled modules were imported, and per built-in ruleset the SHA-256 of every game
played (results, and with ``record=True`` every deal's moves and events), and of a game
copied after its first deal (``Game.copy``) and played on.  Imported, it
gives the same digests from the engine of this process (:func:`digests`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.engine.compiled import is_compiled
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats

MIXES = (["lowest"], ["greedy"], ["random:forget=0.3", "greedy", "lowest"])
SEEDS = range(4)


def digests() -> dict[str, str]:
    """Per built-in ruleset, the hash of its games: card for card, token for token."""
    out = {}
    for name in builtin_rulesets():
        tables = compile_tables(load_ruleset(name))
        players = default_players(list(tables.deal_rows))
        games = []
        for mix in MIXES:
            specs = [mix[i % len(mix)] for i in range(players)]
            for seed in SEEDS:
                for record in (False, True):
                    game = Game(tables, players, seed, record=record, max_deals=60)
                    result = game.play(make_seats(specs))
                    games.append([dataclasses.asdict(result), game.deal_records,
                                  game.end_record])
        # a copy made after the first deal plays on (compiled, Game has no __dict__)
        game = Game(tables, players, 0, record=True, max_deals=60)
        game.start_deal()
        game.play_deal(make_seats(["lowest"] * players))
        copied = game.copy()
        result = copied.play(make_seats(["lowest"] * players))
        games.append([dataclasses.asdict(result), copied.deal_records, game.deal_records])
        text = json.dumps(games, sort_keys=True, default=str)
        out[name] = hashlib.sha256(text.encode()).hexdigest()
    return out


if __name__ == "__main__":
    print(json.dumps({"compiled": is_compiled(), "digests": digests()}))
