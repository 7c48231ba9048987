"""The games a test plays to compare the compiled engine with the pure one.

Run as a script (``python compiled_digest.py``), it prints a JSON object: whether the
compiled modules were imported, and per built-in ruleset (the historical ones, the cousins,
the house rules) the SHA-256 of every game played (results, and with ``record=True`` every
deal's moves and events), and of a game copied after its first deal (``Game.copy``) and
played on; then per table option of each, every choice but the default once (``NAME
option=choice``: fewer games, the same seats).  Imported, it gives the same digests from
the engine of this process (:func:`digests`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, Tables, compile_tables
from nainjaune_rules.engine.compiled import is_compiled
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats

MIXES = (["lowest"], ["greedy"], ["random:forget=0.3", "greedy", "lowest"])
SEEDS = range(4)
#: an option's other choices: fewer games each (there are some forty of them)
OPTION_SEEDS = range(2)


def variants() -> dict[str, Ruleset]:
    """Every built-in ruleset as it stands, then once per other choice of each option."""
    out = {}
    for name in builtin_rulesets():
        ruleset = load_ruleset(name)
        out[name] = ruleset
        for option in ruleset.options:
            for choice in option.choices:
                if choice.name != option.default:
                    out[f"{name} {option.name}={choice.name}"] = load_ruleset(
                        name, {option.name: choice.name})
    return out


def _played(tables: Tables, players: int, seeds: range) -> list[object]:
    games: list[object] = []
    for mix in MIXES:
        specs = [mix[i % len(mix)] for i in range(players)]
        for seed in seeds:
            for record in (False, True):
                game = Game(tables, players, seed, record=record, max_deals=60)
                result = game.play(make_seats(specs))
                games.append([dataclasses.asdict(result), game.deal_records,
                              game.end_record])
    return games


def digests() -> dict[str, str]:
    """Per ruleset of :func:`variants`, the hash of its games: card for card, token for
    token."""
    out = {}
    for name, ruleset in variants().items():
        tables = compile_tables(ruleset)
        players = default_players(list(tables.deal_rows))
        if " " in name:  # an option's other choice
            text = json.dumps(_played(tables, players, OPTION_SEEDS), sort_keys=True,
                              default=str)
            out[name] = hashlib.sha256(text.encode()).hexdigest()
            continue
        games = _played(tables, players, SEEDS)
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
