"""The board picture: well-formed SVG, one compartment per box, one token per unit of stake."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from docs_fixtures import hostile, modern

from nainjaune_rules.core.cards import FULL_DECK
from nainjaune_rules.describe.board import SIZE, board_svg
from nainjaune_rules.model import rules as r

SVG = "{http://www.w3.org/2000/svg}"


def _board(count: int) -> r.Board:
    boxes = tuple(r.Box(FULL_DECK[i * 7], i + 1, f"box {i}") for i in range(count))
    return replace(modern().board, boxes=boxes)


@pytest.mark.parametrize("count", [1, 2, 3, 5, 7])
def test_each_box_has_a_compartment_inside_the_board(count: int) -> None:
    board = _board(count)
    svg = ET.fromstring(str(board_svg(board)))
    groups = svg.findall(f"{SVG}g")
    assert len(groups) == count
    assert len(svg.findall(f".//{SVG}circle")) == board.stake_total
    for group in groups:
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.get("x", -1)), float(rect.get("y", -1))
        assert 0 <= x and x + float(rect.get("width", 0)) <= SIZE
        assert 0 <= y and y + float(rect.get("height", 0)) <= SIZE


def test_the_largest_stake_sits_in_the_middle() -> None:
    svg = ET.fromstring(str(board_svg(modern().board)))
    middle = svg.findall(f"{SVG}g")[0]
    assert "yellow dwarf" in (middle.findtext(f"{SVG}title") or "")


def test_box_names_are_escaped() -> None:
    svg = str(board_svg(hostile().board))
    ET.fromstring(svg)  # still well-formed
    assert "<script>" not in svg and "&lt;script&gt;" in svg
