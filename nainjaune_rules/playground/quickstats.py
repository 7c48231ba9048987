"""A seeded simulation played chunk by chunk, with the figures of ``nainjaune simulate``.

The page asks for one chunk at a time, shows the progress and may stop between
two chunks.  Chunks are tallied exactly as :func:`.stats.simulation.simulate`
tallies its own (integer sums merged in game order), so 200 games here give the
figures of ``nainjaune simulate NAME --games 200`` with the same seed and seats.
"""

from __future__ import annotations

import json
from typing import Any

from nainjaune_rules.analysis.runner import FixedSeats, Job, play_range
from nainjaune_rules.analysis.simulation import (
    SimulationError,
    features,
    figures_of,
    seat_specs,
    table_size,
)
from nainjaune_rules.analysis.stats_french import render_text_fr
from nainjaune_rules.analysis.stats_text import render_text, to_json_dict
from nainjaune_rules.analysis.tally import Fold, Tally
from nainjaune_rules.engine import EngineError, compile_tables

from .editing import load_source
from .refusals import Refusal

#: games per step: each step takes a fraction of a second, so a stop is felt at once
STEP = 10
#: the most games the page may ask for (it offers 200)
MOST_GAMES = 5000


class QuickStats:
    """``games`` games of the edited ruleset, played by :meth:`step`."""

    def __init__(self, source: str, games: int = 200, seed: int = 0,
                 players: int | None = None, seats: str = "lowest") -> None:
        if not 1 <= games <= MOST_GAMES:
            raise Refusal("out-of-range", field="games", low=1, high=MOST_GAMES)
        self.ruleset = load_source(source)
        try:
            self.tables = compile_tables(self.ruleset)
        except EngineError as exc:
            raise SimulationError(str(exc)) from None
        self.players = table_size(self.tables, players)
        self.specs = seat_specs([seats], self.players)
        self.features = features(self.tables)
        self.tally = Tally(self.players, self.features.box_cards, self.features.announced_cards)
        self.job = Job(self.ruleset, FixedSeats(self.specs), seed, 1000,
                       fold=Fold(self.players, self.features.box_cards,
                                 self.features.announced_cards))
        self.games = games
        self.seed = seed
        self.done = 0

    def step(self) -> dict[str, int]:
        """Play the next chunk; returns ``{"done": games played, "games": games asked}``."""
        stop = min(self.done + STEP, self.games)
        if stop > self.done:
            self.tally.merge(play_range(self.job, self.done, stop))
            self.done = stop
        return {"done": self.done, "games": self.games}

    def figures(self, lang: str = "en") -> dict[str, Any]:
        """The figures so far (``partial`` when stopped early): text as the CLI prints it
        (in French for the French page), and the JSON object of ``nainjaune simulate
        --format json``."""
        figures = figures_of(self.tally, self.features, ruleset=self.ruleset,
                             name=self.ruleset.id, specs=self.specs, seed=self.seed,
                             requested=self.games, partial=self.done < self.games)
        text = render_text_fr([figures]) if lang == "fr" else render_text([figures])
        return {"text": text,
                "json": json.loads(json.dumps(to_json_dict(figures)))}
