"""The documentation site's pages, rendered from the rule objects (the docs hook's helpers).

Public API (pure functions: rule objects in, Markdown text out):

- :func:`render_ruleset_page`, :func:`render_comparison_page`,
  :func:`render_changes_page`, :func:`render_sources_page`,
  :func:`render_rulesets_index`, :func:`render_changes_index` (in :mod:`.page_render`);
- :func:`generated_pages` for the whole set, from a :class:`Shelf` (in :mod:`.site`);
- the statistics page (:mod:`.stats_page`, its words in :mod:`.stats_words`, its
  charts in :mod:`.charts`), the purse sweeps' sections (:mod:`.purse_page`, the
  committed figures in ``data/purse-sweep.json``) and ``nainjaune sweep``'s output
  (:mod:`.sweep_render`).

The words come from :mod:`nainjaune_rules.describe`, the figures from
:mod:`nainjaune_rules.analysis`.
"""

from __future__ import annotations

import importlib
from typing import Any

# The pages need jinja2 and markupsafe: they are imported on first use, so that
# importing one module of this package does not load them all.
_LAZY = {
    **dict.fromkeys(("render_changes_index", "render_changes_page", "render_comparison_page",
                     "render_ruleset_page", "render_rulesets_index", "render_sources_page",
                     "ruleset_page"), ".page_render"),
    **dict.fromkeys(("Shelf", "generated_pages", "navigation", "variant_links",
                     "with_family_table"), ".site"),
    **dict.fromkeys(("render_statistics_page", "stats_anchor"), ".stats_page"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = sorted(_LAZY)
