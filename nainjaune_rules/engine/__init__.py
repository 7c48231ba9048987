"""The reference engine: plays any compiled ruleset, generically.

Public API::

    from nainjaune_rules.engine import Game, play_game
    result = play_game(ruleset, ["lowest"] * 4, seed=0)          # GameResult
    for deal in result.deals: deal.winner, deal.plays, deal.opera ...

See :mod:`.game` for the state and the rules as played, :mod:`.settle` for
the order of payments, :mod:`.invariants` for what is checked on every event.
"""

from nainjaune_rules.engine.game import DeckExhausted, Game, IllegalMove, Phase, Seat
from nainjaune_rules.engine.invariants import InvariantError
from nainjaune_rules.engine.moves import PASS, Move, move_for, parse_move
from nainjaune_rules.engine.run import play_game
from nainjaune_rules.engine.summary import DealSummary, GameResult
from nainjaune_rules.engine.tables import EngineError, Tables, compile_tables

__all__ = [
    "PASS", "DealSummary", "DeckExhausted", "EngineError", "Game", "GameResult", "IllegalMove",
    "InvariantError", "Move", "Phase", "Seat", "Tables", "compile_tables", "move_for",
    "parse_move", "play_game",
]
