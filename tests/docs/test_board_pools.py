"""The board picture with pools tied to no card (issue #22, item 3): one compartment per
box and per pool, none overlapping, inside the tray, names escaped; an empty board with
pools draws the pools alone."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from docs_fixtures import modern

from nainjaune_rules import load_ruleset
from nainjaune_rules.describe.board import SIZE, board_svg
from nainjaune_rules.model import rules as r

SVG = "{http://www.w3.org/2000/svg}"
FIXTURE = Path(__file__).parents[1] / "engine" / "fixtures" / "board-pools.nj"
ORIGIN = r.Origin(r.OriginKind.HOUSE, (), "t")


def _rects(svg: ET.Element) -> list[tuple[float, float, float, float]]:
    out = []
    for group in svg.findall(f"{SVG}g"):
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        out.append(tuple(float(rect.get(k, -1)) for k in ("x", "y", "width", "height")))
    return out  # type: ignore[return-value]


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] \
        or b[1] + b[3] <= a[1]


def test_pope_joans_nine_pools_are_drawn_apart_inside_the_tray() -> None:
    rs = load_ruleset(str(FIXTURE))
    svg = ET.fromstring(str(board_svg(rs.board, rs.pools)))
    rects = _rects(svg)
    assert len(rects) == len(rs.pools) == 9
    for x, y, w, h in rects:
        assert 0 <= x and x + w <= SIZE and 0 <= y and y + h <= SIZE
    assert all(_apart(a, b) for a, b in itertools.combinations(rects, 2))
    text = " ".join(t.text or "" for t in svg.iter(f"{SVG}text"))
    assert "Matrimony" in text and "K Q" in text and "of trumps" in text and "9♦" in text
    assert "1st out" in text


def test_boxes_and_pools_together_and_a_hostile_name_escaped() -> None:
    pools = (r.Pool(ORIGIN, '<b>"Game"</b> & co', 1, r.PoolWin.DEAL_WINNER),
             r.Pool(ORIGIN, "Matrimony", 2, r.PoolWin.CARDS, (r.Card(13, 1), r.Card(12, 1))))
    board = modern().board
    markup = str(board_svg(board, pools))
    svg = ET.fromstring(markup)  # well-formed: the name did not break out
    rects = _rects(svg)
    assert len(rects) == len(board.boxes) + 2
    assert all(_apart(a, b) for a, b in itertools.combinations(rects, 2))
    assert "<b>" not in markup
    assert len(svg.findall(f".//{SVG}circle")) == board.stake_total  # a box's tokens only


def test_the_ruleset_page_counts_and_tells_the_pools() -> None:
    from nainjaune_rules.pages.page_render import render_ruleset_page

    page = render_ruleset_page(load_ruleset(str(FIXTURE)), name="board-pools")
    assert "A board of 9 boxes (drawn below)" in page
    caption = page[page.index("<figcaption>", page.index("nj-board-figure")):]
    caption = caption[:caption.index("</figcaption>")]
    # the caption tells the pools; the board's own sentence is its rule's, said once
    assert "The pool &#34;Game&#34;" in caption and "There is no board of boxes" not in caption
    words = re.sub(r"<[^>]+>", "", page)  # the rule's words, without their glossary links
    assert words.count("There is no board of boxes") == 1
