"""A picture of a ruleset's board, as inline SVG drawn from its boxes and stakes.

The traditional board is a tray with a box in each corner and the yellow
dwarf in the middle.  The drawing follows the rule objects, not that picture:
the box with the largest stake goes in the middle, the others around it
(in the corners when there are four), each showing its card, its name and
one token per unit of stake.  No script, no external file: the SVG is part of
the page.  Its captions and its cards are in the language of the page being written
(:func:`.i18n.language`): "mise 5" and ``♣V`` on a French page.
"""

from __future__ import annotations

import math

from markupsafe import Markup

from nainjaune_rules.model.rules import Board, Box, Pool, PoolWin
from nainjaune_rules.model.words import column

from . import i18n
from .text import md

SIZE = 420
BOX_W, BOX_H = 132, 112
RED_SUITS = (1, 2)  # diamonds, hearts


def _place(board: Board) -> list[tuple[Box, float, float]]:
    """Each box with the centre of its compartment."""
    boxes = list(board.boxes)
    centre = SIZE / 2
    if not boxes:
        return []
    middle = max(boxes, key=lambda b: b.stake) if len(boxes) >= 3 else None
    around = [b for b in boxes if b is not middle]
    placed = [] if middle is None else [(middle, centre, centre)]
    radius = (SIZE - BOX_H) / 2 * math.sqrt(2) * 0.92
    for i, box in enumerate(around):
        angle = math.pi * (1.25 + 2 * i / len(around))  # from the top left, clockwise
        x = centre + radius * math.cos(angle)
        y = centre + radius * math.sin(angle)
        clamp_x = min(max(x, BOX_W / 2 + 8), SIZE - BOX_W / 2 - 8)
        clamp_y = min(max(y, BOX_H / 2 + 8), SIZE - BOX_H / 2 - 8)
        placed.append((box, clamp_x, clamp_y))
    return placed


def _say(english: str, **values: object) -> str:
    """A caption of the drawing in the page's language."""
    language = i18n.language()
    return language.typeset(language.phrase(english).format(**values))


def _stake(name: str, stake: int) -> str:
    """``the yellow dwarf: stake 5``, the compartment's tooltip."""
    return _say("{name}: stake {stake}", name=name, stake=stake)


def _compartment(box: Box, cx: float, cy: float) -> str:
    red = box.card.suit in RED_SUITS
    colour, suit_class = ("#b3261e", "nj-red") if red else ("#1d1b20", "nj-black")
    x, y = cx - BOX_W / 2, cy - BOX_H / 2
    per_row = 8
    tokens = []
    for i in range(box.stake):
        tx = cx - (min(box.stake, per_row) - 1) * 7 + (i % per_row) * 14
        ty = y + BOX_H - 16 - (i // per_row) * 12
        tokens.append(f'<circle cx="{tx:.1f}" cy="{ty:.1f}" r="5" class="nj-token"/>')
    return (
        f'<g class="nj-box"><title>{md(_stake(box.name, box.stake))}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="14" '
        'class="nj-compartment" fill="#fdf6d8" stroke="#8a6d1d" stroke-width="2"/>'
        f'<text x="{cx:.1f}" y="{y + 38:.1f}" text-anchor="middle" font-size="28" '
        f'font-weight="bold" fill="{colour}" class="{suit_class}">'
        f'{md(i18n.language().card_symbol(box.card))}</text>'
        f'<text x="{cx:.1f}" y="{y + 60:.1f}" text-anchor="middle" font-size="12" '
        f'fill="#3b3b3b" class="nj-box-name">{md(box.name)}</text>'
        f'<text x="{cx:.1f}" y="{y + 76:.1f}" text-anchor="middle" font-size="11" '
        f'fill="#5b5b5b" class="nj-box-name">{md(_say("stake {stake}", stake=box.stake))}</text>'
        + "".join(tokens)
        + "</g>"
    )


# -- pools tied to no card (issue #22, item 3): compartments of their own ---------------

#: who wins a pool, in short, in each language of the pages (the registry's words)
_WINNER_SHORT = {"en": column(PoolWin, "short"), "fr": column(PoolWin, "short_fr")}

def _pool_mark(pool: Pool) -> tuple[str, str, bool]:
    """What a pool's compartment shows in large (its cards, or who wins it), the line under
    it, and whether it is drawn red."""
    language = i18n.language()
    if pool.won_by is PoolWin.DEAL_WINNER:
        winner = _WINNER_SHORT.get(language.code, _WINNER_SHORT["en"])[pool.won_by]
        return _say("1st out"), winner, False
    if pool.trump_ranks:
        ranks = " ".join(language.rank_letter(r) for r in pool.trump_ranks)
        return ranks, _say("of trumps"), False
    red = all(c.suit in RED_SUITS for c in pool.cards)
    return " ".join(language.card_symbol(c) for c in pool.cards), _say("one player lays"), red


def _pool_compartment(pool: Pool, cx: float, cy: float, w: float, h: float) -> str:
    big, under, red = _pool_mark(pool)
    colour, suit_class = ("#b3261e", "nj-red") if red else ("#1d1b20", "nj-black")
    x, y = cx - w / 2, cy - h / 2
    return (
        f'<g class="nj-box nj-pool"><title>{md(_stake(pool.name, pool.stake))}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.0f}" height="{h:.0f}" rx="14" '
        'class="nj-compartment" fill="#fdf6d8" stroke="#8a6d1d" stroke-width="2"/>'
        f'<text x="{cx:.1f}" y="{y + h * 0.3:.1f}" text-anchor="middle" font-size="18" '
        f'font-weight="bold" fill="{colour}" class="{suit_class}">{md(big)}</text>'
        f'<text x="{cx:.1f}" y="{y + h * 0.46:.1f}" text-anchor="middle" font-size="10" '
        f'fill="#5b5b5b" class="nj-box-name">{md(under)}</text>'
        f'<text x="{cx:.1f}" y="{y + h * 0.66:.1f}" text-anchor="middle" font-size="12" '
        f'fill="#3b3b3b" class="nj-box-name">{md(pool.name)}</text>'
        f'<text x="{cx:.1f}" y="{y + h * 0.84:.1f}" text-anchor="middle" font-size="11" '
        f'fill="#5b5b5b" class="nj-box-name">{md(_say("stake {stake}", stake=pool.stake))}</text>'
        "</g>"
    )


def _grid(board: Board, pools: tuple[Pool, ...]) -> str:
    """A board with pools: every compartment, boxes first, in rows across the tray."""
    items: list[Box | Pool] = [*board.boxes, *pools]
    cols = math.ceil(math.sqrt(len(items)))
    rows = math.ceil(len(items) / cols)
    cell_w, cell_h = (SIZE - 16) / cols, (SIZE - 16) / rows
    w, h = min(cell_w - 10, BOX_W), min(cell_h - 10, BOX_H)
    out = []
    for i, item in enumerate(items):
        cx = 8 + cell_w * (i % cols + 0.5)
        cy = 8 + cell_h * (i // cols + 0.5)
        if isinstance(item, Pool):
            out.append(_pool_compartment(item, cx, cy, w, h))
        else:
            out.append(_compartment(item, cx, cy))
    return "".join(out)


def board_svg(board: Board, pools: tuple[Pool, ...] = ()) -> Markup:
    """The board as an ``<svg>`` element, safe to put in HTML as it is: its boxes, and the
    pools tied to no card when the ruleset has some (then in rows across the tray)."""
    label = _say("The board: {boxes}", boxes=", ".join(
        [_say("{name}, stake {stake}", name=b.name, stake=b.stake) for b in board.boxes]
        + [_say("{name}, stake {stake}", name=p.name, stake=p.stake) for p in pools]))
    body = _grid(board, pools) if pools else "".join(
        _compartment(box, x, y) for box, x, y in _place(board))
    return Markup(
        f'<svg class="nj-board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
        f'width="{SIZE}" height="{SIZE}" role="img" aria-label="{md(label)}">'
        f'<rect x="2" y="2" width="{SIZE - 4}" height="{SIZE - 4}" rx="28" fill="#e8c547" '
        'class="nj-tray" stroke="#8a6d1d" stroke-width="4"/>'
        '<style>.nj-token{fill:#c0392b;stroke:#fff;stroke-width:1}</style>'
        f"{body}</svg>"
    )
