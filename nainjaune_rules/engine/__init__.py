"""The reference engine: plays any compiled ruleset, generically.

The engine reads only the rule objects (compiled once into :class:`Tables`);
it never looks at a ruleset's name, so a house ruleset that mixes features in
a new way plays without a line of engine code changing.

Playing a game and reading its deals (the statistics' path)::

    from nainjaune_rules import load_ruleset
    from nainjaune_rules.engine import compile_tables
    from nainjaune_rules.players.session import play_game  # players sit above the engine

    tables = compile_tables(load_ruleset("fr-sheet"))      # compile once, play many
    result = play_game(tables, ["greedy", "lowest", "random:forget=0.2", "lowest"], seed=7)
    result.ended, result.reason, result.winners, result.balances, result.board
    for deal in result.deals:                               # DealSummary, one per deal
        deal.winner, deal.plays, deal.turns, deal.boxes_taken, deal.forfeits,
        deal.stop_cards_played, deal.kings_restarts, deal.stuck, deal.opera,
        deal.honours_left, deal.shortfalls, deal.tokens_moved, deal.board_size,
        deal.balances

Step by step, with legal moves as a query (python-chess style)::

    game = Game(tables, players=4, seed=7, record=True)     # options: deals, dealer, max_deals
    while game.start_deal():
        while game.in_play:
            game.push(game.legal_moves()[0])
    doc = transcript(game, seats)                           # records.transcript: JSON record

Taken back (python-chess's ``pop``): ``state = game.save()`` before a move, then
``game.restore(state)``; ``game.copy()`` to play on apart (:mod:`.snapshot`).

Modules: :mod:`.game` (the state, the rules as played, opéra definitions),
:mod:`.snapshot` (a game's saved state),
:mod:`.runs` (cards and passes), :mod:`.settle` (tokens, settlement order),
:mod:`.invariants` (checked on every event), :mod:`.moves` (move notation),
:mod:`.tables` (compiled rules; compiled by :mod:`.table_build` and
:mod:`.table_play`).  Transcripts, narration and deck files are in
:mod:`nainjaune_rules.records`; a whole game in one call with bots in
:mod:`nainjaune_rules.players.session`.
"""

from pathlib import Path

from nainjaune_rules.engine.compiled import use_sources_if_stale

use_sources_if_stale(Path(__file__).resolve().parent.parent)  # before the modules it covers

from nainjaune_rules.engine.game import DeckExhausted, Game, Seat  # noqa: E402
from nainjaune_rules.engine.invariants import InvariantError  # noqa: E402
from nainjaune_rules.engine.moves import PASS, Move, move_for, parse_move  # noqa: E402
from nainjaune_rules.engine.runs import IllegalMove, Phase  # noqa: E402
from nainjaune_rules.engine.snapshot import GameState  # noqa: E402
from nainjaune_rules.engine.summary import DealSummary, GameResult  # noqa: E402
from nainjaune_rules.engine.table_build import compile_tables  # noqa: E402
from nainjaune_rules.engine.tables import EngineError, Tables  # noqa: E402

__all__ = [
    "PASS", "DealSummary", "DeckExhausted", "EngineError", "Game", "GameResult", "GameState",
    "IllegalMove", "InvariantError", "Move", "Phase", "Seat", "Tables", "compile_tables",
    "move_for", "parse_move",
]
