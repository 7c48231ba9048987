"""A house ruleset that extends another house ruleset: the site finds its parent.

A ruleset records its parent by id (`house-1902-per-card`), the site by name
(`house/1902-per-card`); looking the id up among the names left the site build failing
with "there is no ruleset 'house-1902-per-card'" (found by the h22-pay work)."""

from __future__ import annotations

from pathlib import Path

from nainjaune_rules import load_ruleset
from nainjaune_rules.pages import Shelf, generated_pages


def test_a_house_ruleset_extending_a_house_ruleset_has_its_parent(tmp_path: Path) -> None:
    path = tmp_path / "mine.nj"
    path.write_text('ruleset mine\ntitle "Mine"\nperiod "house"\nextends house/1902-per-card\n'
                    'starting tokens: 60   [house "a longer game"]\n', encoding="utf-8")
    parent = load_ruleset("house/1902-per-card")
    mine = load_ruleset(str(path))
    assert mine.parent == parent.id == "house-1902-per-card"
    shelf = Shelf({"1902": load_ruleset("1902"), "house/1902-per-card": parent,
                   "house/mine": mine}, parents={"house/mine": parent})
    assert shelf.parent_name("house/mine") == "house/1902-per-card"
    assert ("house/1902-per-card", "house/mine") in dict(shelf.pairs())["House rulesets"]
    pages = generated_pages(shelf)
    page = next(text for p, text in pages.items() if p.endswith("mine.md") and "rulesets" in p)
    assert "1902-per-card" in page  # the page links its parent
