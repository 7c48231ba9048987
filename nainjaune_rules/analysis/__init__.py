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
- :mod:`.render`, :mod:`.charts`, :mod:`.page`: text, JSON, SVG and the site's page;
- :mod:`.clauses`, :mod:`.check`: ``nainjaune check --simulate``;
- :mod:`.sweep`, :mod:`.sweep_render`: ``nainjaune sweep``, figures over a grid.

Public API (imported lazily, so ``import nainjaune_rules.outputs.stats`` is cheap)::

    simulate(ruleset, games, *, players=None, seats=None, seed=0, workers=1,
             cluster=None) -> Figures
    render_text(figures_list) -> str;  render_json(figures_list) -> str
    render_statistics_page(rulesets: Mapping[str, Ruleset], *, figures=None,
                           lang="en") -> str     # the docs hook, in English or French
    page.simulate_page(rulesets) -> Simulated    # the page's figures, played once
    check_by_simulation(ruleset, games, seed) -> tuple[str, bool]
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "simulate": "simulation",
    "Figures": "figures",
    "render_text": "render",
    "render_json": "render",
    "render_statistics_page": "page",
    "stats_anchor": "page",
    "check_by_simulation": "check",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
