"""A picture of a ruleset's board, as inline SVG drawn from its boxes and stakes.

The traditional board is a tray with a box in each corner and the yellow
dwarf in the middle.  The drawing follows the rule objects, not that picture:
the box with the largest stake goes in the middle, the others around it
(in the corners when there are four), each showing its card, its name and
one token per unit of stake.  No script, no external file: the SVG is part of
the page.
"""

from __future__ import annotations

import math

from markupsafe import Markup

from nainjaune_rules.model.rules import Board, Box

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
        f'<g class="nj-box"><title>{md(box.name)}: stake {box.stake}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="14" '
        'class="nj-compartment" fill="#fdf6d8" stroke="#8a6d1d" stroke-width="2"/>'
        f'<text x="{cx:.1f}" y="{y + 38:.1f}" text-anchor="middle" font-size="28" '
        f'font-weight="bold" fill="{colour}" class="{suit_class}">{md(box.card.symbol)}</text>'
        f'<text x="{cx:.1f}" y="{y + 60:.1f}" text-anchor="middle" font-size="12" '
        f'fill="#3b3b3b" class="nj-box-name">{md(box.name)}</text>'
        f'<text x="{cx:.1f}" y="{y + 76:.1f}" text-anchor="middle" font-size="11" '
        f'fill="#5b5b5b" class="nj-box-name">stake {box.stake}</text>'
        + "".join(tokens)
        + "</g>"
    )


def board_svg(board: Board) -> Markup:
    """The board as an ``<svg>`` element, safe to put in HTML as it is."""
    label = "The board: " + ", ".join(f"{b.name}, stake {b.stake}" for b in board.boxes)
    body = "".join(_compartment(box, x, y) for box, x, y in _place(board))
    return Markup(
        f'<svg class="nj-board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
        f'width="{SIZE}" height="{SIZE}" role="img" aria-label="{md(label)}">'
        f'<rect x="2" y="2" width="{SIZE - 4}" height="{SIZE - 4}" rx="28" fill="#e8c547" '
        'class="nj-tray" stroke="#8a6d1d" stroke-width="4"/>'
        '<style>.nj-token{fill:#c0392b;stroke:#fff;stroke-width:1}</style>'
        f"{body}</svg>"
    )
