"""Who sits at the table: the default table size and seat specs read from a command line.

Shared by ``play``, ``simulate``, ``sweep`` and the statistics, so a table is made
the same way everywhere.

>>> default_players([3, 4, 5])
4
>>> split_seats("greedy,random:forget=0.2,seed=3,lowest")
['greedy', 'random:forget=0.2,seed=3', 'lowest']
"""

from __future__ import annotations

from collections.abc import Sequence


def default_players(counts: Sequence[int]) -> int:
    """The smallest table size of the deal table that is at least 4, else the largest."""
    four_or_more = [c for c in sorted(counts) if c >= 4]
    return four_or_more[0] if four_or_more else max(counts)


def split_seats(text: str | None) -> list[str] | None:
    """``--seats`` as one spec per seat (``None`` when not given).

    A spec's own options are separated by commas too (``random:forget=0.2,seed=3``):
    a part that is an option (``key=value``, no kind of player named) belongs to the
    spec before it, when that spec has options; any other part is a seat of its own,
    so that ``lowest,wizard`` names ``wizard`` as the unknown player.
    """
    if text is None:
        return None
    from nainjaune_rules.players import KINDS

    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        kind = part.split(":")[0].split("=")[0].lower()
        if specs and ":" in specs[-1] and "=" in part and kind not in KINDS:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
