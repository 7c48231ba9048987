"""The requests the page's Web Worker forwards to Python, one JSON text in, one out.

The worker (``site/playground/worker.js``) holds no logic: it loads Pyodide and
this package, then passes each request on as ``{"cmd": NAME, "args": {...},
"lang": "en"|"fr"}`` and posts back what :func:`handle` returns:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": "a sentence for the page"}``,
in the page's language.  Each request's arguments are checked first
(:mod:`.request_args`); whatever goes wrong after that is told in the user's words
(:mod:`.refusals`), never with Python's own error text.  The deal and the
simulation in progress live here between two requests (one of each at a time).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from nainjaune_rules.analysis.simulation import SimulationError
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.engine.tables import EngineError
from nainjaune_rules.players import SpecError
from nainjaune_rules.syntax.resources import builtin_rulesets

from . import request_args as arg
from .deal import BOTS, MOST_PLAYERS, DealSession
from .editing import builtin_source, builtins, check, compare
from .quickstats import MOST_GAMES, QuickStats
from .refusals import Refusal, language, say

_state: dict[str, Any] = {"deal": None, "stats": None}


def _deal(a: dict[str, Any]) -> dict[str, Any]:
    session = DealSession(a["source"], a["players"], a["seat"], a["bots"], a["seed"],
                          a["autoplay"], a["lang"])
    _state["deal"] = session
    return session.state()


def _current(kind: str) -> Any:
    if _state[kind] is None:
        raise Refusal("no-deal" if kind == "deal" else "no-stats")
    return _state[kind]


def _stats(a: dict[str, Any]) -> dict[str, int]:
    _state["stats"] = QuickStats(a["source"], a["games"], a["seed"])
    return {"done": 0, "games": _state["stats"].games}


_NAME = arg.text()
_SEED = arg.number(0, arg.MOST_SEED, default=0)

#: request → (its fields, what it does with their values)
COMMANDS: dict[str, tuple[Mapping[str, arg.Field], Callable[[dict[str, Any]], Any]]] = {
    "names": ({}, lambda a: builtin_rulesets()),
    "builtins": ({}, lambda a: builtins(a["lang"])),
    "source": ({"name": _NAME, "stub": arg.yes_no()},
               lambda a: builtin_source(a["name"], a["stub"], a["lang"])),
    "check": ({"source": arg.SOURCE}, lambda a: check(a["source"], a["lang"])),
    "compare": ({"source": arg.SOURCE, "other": arg.text(required=False, nullable=True)},
                lambda a: compare(a["source"], a["other"] or None, a["lang"])),
    "deal": ({"source": arg.SOURCE, "players": arg.number(1, MOST_PLAYERS),
              "seat": arg.number(0, MOST_PLAYERS - 1, default=0),
              "bots": arg.text(required=False, default=BOTS[0]), "seed": _SEED,
              "autoplay": arg.yes_no()}, _deal),
    "move": ({"move": _NAME}, lambda a: _current("deal").move(a["move"])),
    "transcript": ({}, lambda a: _current("deal").transcript()),
    "stats": ({"source": arg.SOURCE, "games": arg.number(1, MOST_GAMES, default=200),
               "seed": _SEED}, _stats),
    "stats-step": ({}, lambda a: _current("stats").step()),
    "stats-figures": ({}, lambda a: _current("stats").figures(a["lang"])),
}


def _answer(message: object, lang: str) -> Any:
    """The result of one request already read from JSON; raises on refusal."""
    if not isinstance(message, dict):
        raise Refusal("unreadable")
    name = message.get("cmd")
    if not isinstance(name, str) or name not in COMMANDS:
        raise Refusal("unknown-request", name=str(name)[: arg.MOST_WORD])
    fields, command = COMMANDS[name]
    values = arg.read(name, fields, message.get("args"))
    return command({**values, "lang": lang})


def handle(request: str) -> str:
    """Answer one request (see the module docstring); never raises for any text."""
    lang = "en"
    try:
        try:
            message = json.loads(request)
        except (ValueError, TypeError, RecursionError):
            raise Refusal("unreadable") from None
        if isinstance(message, dict):
            lang = language(message.get("lang"))
        answer: dict[str, Any] = {"ok": True, "result": _answer(message, lang)}
        return json.dumps(answer, ensure_ascii=False)
    except Refusal as refusal:
        error = refusal.told(lang)
    except RulesetError:
        error = say("ruleset-errors", lang)
    except (EngineError, SimulationError, SpecError) as exc:
        error = say("unplayable", lang, detail=str(exc)[:400])  # the project's own words
    except Exception:  # noqa: BLE001 - a defect: told in the user's words, nothing of Python's
        error = say("unexpected", lang)
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
