"""Each ruleset page links to its figures on the statistics page.

The link checker over the built site (test_site.py) proves the anchors exist;
this checks the link is on every ruleset page, and absent when no anchor is given.
"""

from __future__ import annotations

import nainjaune_rules
from nainjaune_rules.pages import render_ruleset_page
from nainjaune_rules.pages.site import Shelf, generated_pages
from nainjaune_rules.pages.stats_page import stats_anchor


def test_every_ruleset_page_links_to_its_statistics_section() -> None:
    names = nainjaune_rules.builtin_rulesets()
    rulesets = {name: nainjaune_rules.load_ruleset(name) for name in names}
    shelf = Shelf(rulesets, statistics={name: stats_anchor(name) for name in names})
    pages = generated_pages(shelf)
    for name in names:
        page = pages[f"rulesets/{name}.md"]
        up = "../" * name.count("/")
        assert f'href="{up}../statistics.html#{stats_anchor(name)}"' in page, name


def test_no_statistics_link_without_an_anchor() -> None:
    page = render_ruleset_page(nainjaune_rules.load_ruleset("fr-sheet"), name="fr-sheet")
    assert "statistics.html" not in page
