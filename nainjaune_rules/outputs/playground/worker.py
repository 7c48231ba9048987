"""The requests the page's Web Worker forwards to Python, one JSON text in, one out.

The worker (``site/playground/worker.js``) holds no logic: it loads Pyodide and
this package, then passes each request on as ``{"cmd": NAME, "args": {...}}``
and posts back what :func:`handle` returns: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "a sentence for the page"}``.  The deal and the
simulation in progress live here between two requests (one of each at a time).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.engine.tables import EngineError
from nainjaune_rules.outputs.stats.simulation import SimulationError
from nainjaune_rules.players import SpecError
from nainjaune_rules.syntax.resources import builtin_rulesets, grammar_text

from .deal import DealSession
from .editing import builtin_source, builtins, check, compare
from .quickstats import QuickStats

_state: dict[str, Any] = {"deal": None, "stats": None}


def keywords() -> list[str]:
    """The words of the language (the grammar's quoted words), for the editor's colours."""
    return sorted(set(re.findall(r'"([a-z][a-z]+)"', grammar_text())))


def _deal(args: dict[str, Any]) -> dict[str, Any]:
    session = DealSession(str(args["source"]), int(args["players"]), int(args.get("seat", 0)),
                          str(args.get("bots", "lowest")), int(args.get("seed", 0)),
                          bool(args.get("autoplay", False)))
    _state["deal"] = session
    return session.state()


def _current(kind: str) -> Any:
    if _state[kind] is None:
        raise ValueError(f"no {kind} has been started")
    return _state[kind]


def _stats(args: dict[str, Any]) -> dict[str, int]:
    _state["stats"] = QuickStats(str(args["source"]), int(args.get("games", 200)),
                                 int(args.get("seed", 0)))
    return {"done": 0, "games": _state["stats"].games}


COMMANDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "names": lambda a: builtin_rulesets(),
    "builtins": lambda a: builtins(),
    "keywords": lambda a: keywords(),
    "source": lambda a: builtin_source(str(a["name"]), bool(a.get("stub", False))),
    "check": lambda a: check(str(a["source"])),
    "compare": lambda a: compare(str(a["source"]), a.get("other") or None),
    "deal": _deal,
    "move": lambda a: _current("deal").move(str(a["move"])),
    "transcript": lambda a: _current("deal").transcript(),
    "stats": _stats,
    "stats-step": lambda a: _current("stats").step(),
    "stats-figures": lambda a: _current("stats").figures(),
}

#: errors that are the user's input, told as they are; anything else is a defect
_TOLD = (EngineError, SimulationError, SpecError, ValueError, KeyError, TypeError)


def handle(request: str) -> str:
    """Answer one request (see the module docstring)."""
    try:
        message = json.loads(request)
        command = COMMANDS.get(message.get("cmd"))
        if command is None:
            raise ValueError(f"unknown request {message.get('cmd')!r}")
        args = message.get("args") or {}
        answer: dict[str, Any] = {"ok": True, "result": command(args)}
    except RulesetError:
        answer = {"ok": False, "error": "the ruleset has errors: see the diagnostics"}
    except KeyError as exc:
        answer = {"ok": False, "error": f"the request lacks {exc}"}
    except _TOLD as exc:
        answer = {"ok": False, "error": str(exc) or type(exc).__name__}
    return json.dumps(answer, ensure_ascii=False)
