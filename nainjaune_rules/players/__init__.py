"""Players: one object per seat, made from a spec such as ``greedy`` or ``random:forget=0.2``.

- ``lowest``: the reference policy (:mod:`.lowest`), for reproducible games;
- ``random``: uniformly random legal actions (:mod:`.random_bot`);
- ``greedy``: a sensible heuristic (:mod:`.greedy`);
- ``human``: an interactive terminal seat (:mod:`.human`); ``human:strict`` types
  exactly what is said (a bare card code is a forgotten announcement).

Bots accept ``forget=RATE``: the probability of forgetting an announcement.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.players.base import Bot

KINDS = ("lowest", "greedy", "random", "human")


class SpecError(ValueError):
    """A player spec that cannot be read."""


def _bot_class(kind: str) -> Callable[..., Bot]:
    if kind == "lowest":
        from nainjaune_rules.players.lowest import LowestPlayer
        return LowestPlayer
    if kind == "greedy":
        from nainjaune_rules.players.greedy import GreedyPlayer
        return GreedyPlayer
    from nainjaune_rules.players.random_bot import RandomPlayer
    return RandomPlayer


def make_player(spec: str) -> object:
    """A player from ``KIND[:key=value,...]``; raises :class:`SpecError`."""
    kind, _, params = spec.strip().partition(":")
    if kind.lower() == "human":
        return _human(params)
    make, forget = _bot_maker(spec)
    return make(forget=forget)


@functools.lru_cache(maxsize=256)
def _bot_maker(spec: str) -> tuple[Callable[..., Bot], float]:
    """The class and forget rate a bot spec names, read once per spec (simulations make
    four seats per game, millions of times)."""
    kind, _, params = spec.strip().partition(":")
    kind = kind.lower()
    if kind not in KINDS:
        raise SpecError(f"unknown player '{terminal_safe(kind)}' "
                        f"(choose from {', '.join(KINDS)})")
    options: dict[str, str] = {}
    for part in filter(None, params.split(",")):
        key, eq, value = part.partition("=")
        if not eq:
            raise SpecError(f"player option '{terminal_safe(part)}' should be key=value")
        options[key.strip()] = value.strip()
    unknown = set(options) - {"forget"}
    if unknown:
        raise SpecError(f"unknown option '{terminal_safe(sorted(unknown)[0])}' for {kind} "
                        "(only forget=RATE)")
    try:
        forget = float(options.get("forget", "0"))
        _bot_class(kind)(forget=forget)  # a rate out of range is refused here, once
    except ValueError as exc:
        raise SpecError(f"{terminal_safe(spec)}: {exc}") from None
    return _bot_class(kind), forget


def _human(params: str) -> object:
    """``human`` or ``human:strict`` (a bare card code is a forgotten announcement)."""
    flags = {p.strip().lower() for p in params.split(",") if p.strip()}
    if flags - {"strict"}:
        raise SpecError(f"unknown option '{terminal_safe(sorted(flags - {'strict'})[0])}' "
                        "for human "
                        "(only human:strict)")
    from nainjaune_rules.players.human import HumanPlayer
    return HumanPlayer(strict="strict" in flags)


def is_human(spec: str) -> bool:
    """Whether a seat spec is the human seat (``human``, ``human:strict``)."""
    return spec.strip().partition(":")[0].lower() == "human"


def player_spec(player: object) -> str:
    """The spec that makes ``player`` again (for transcripts)."""
    return str(getattr(player, "spec", getattr(player, "name", "custom")))
