"""Statistics of the variants: what the rule differences do, measured by simulation.

Modules, bottom up:

- :mod:`.seeds`: per-game seeds from a master seed (identical in every process);
- :mod:`.intervals`: Wilson and t intervals, cluster-robust for per-deal figures;
- :mod:`.records`, :mod:`.adapter`: the record of a game, filled from the engine;
- :mod:`.chunks`: a chunk of games (the job, the cut, the pure function that plays it);
- :mod:`.runner`: many games, in this process or a pool, in index order, Ctrl-C and
  SIGTERM safe, in memory that does not grow with the number of games;
- :mod:`.cluster`: the same chunks on a Dask cluster (the optional ``cluster`` extra),
  with :mod:`.cluster_address` (what ``--cluster`` accepts), :mod:`.cluster_record`
  (a chunk's result as checked plain data) and :mod:`.cluster_nodes` (the Dask classes:
  a msgpack-only client, a local cluster over TLS without HTTP);
- :mod:`.tally`, :mod:`.figures`, :mod:`.simulation`: exact sums, then estimates;
- :mod:`.stats_text`: the figures as text and JSON; :mod:`.progress`: the progress bar;
- :mod:`.clauses`, :mod:`.sim_check`: ``nainjaune check --simulate``;
- :mod:`.sweep_grid`, :mod:`.purse_grid`: ``nainjaune sweep`` and the purse sweeps,
  figures over a grid.

The statistics page, its charts and words, and the sweep's SVG are in
:mod:`nainjaune_rules.pages`.

Public API (imported lazily, so ``import nainjaune_rules.analysis`` is cheap)::

    simulate(ruleset, games, *, players=None, seats=None, seed=0, workers=1,
             cluster=None) -> Figures
    render_text(figures_list) -> str;  render_json(figures_list) -> str
    check_by_simulation(ruleset, games, seed) -> tuple[str, bool]
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "simulate": "simulation",
    "Figures": "figures",
    "render_text": "stats_text",
    "render_json": "stats_text",
    "check_by_simulation": "sim_check",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
