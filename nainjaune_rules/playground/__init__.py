"""The Python side of the site's playground page (``site/playground/``).

The page runs this package in the browser with Pyodide, in a Web Worker, and
calls these functions with plain values (strings, numbers, lists); every
result is a JSON-ready ``dict`` or ``list``.  They use only the compiler, the
engine, the bots, the words of the site and the statistics: nothing that needs
a compiled extension (no ``yaml``, ``jinja2``, ``markupsafe`` or ``pygments``).

- :mod:`.editing`: ``check(source)``, ``compare(source, other)``, the built-in rulesets;
- :mod:`.deal`: one deal, played move by move with the user's seat (:class:`DealSession`);
- :mod:`.quickstats`: a seeded simulation played in chunks (:class:`QuickStats`), so that
  the page can show progress and stop it between two chunks.
"""

from __future__ import annotations

from .deal import DealSession
from .editing import builtin_source, builtins, check, compare
from .quickstats import QuickStats

__all__ = ["DealSession", "QuickStats", "builtin_source", "builtins", "check", "compare"]
