"""The audit's smaller corrections (issue 23, item 5), each held by a test: what the
sources do not say is marked inferred, or not said."""

from __future__ import annotations

from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.core.kinds import Forfeit
from nainjaune_rules.core.spans import OriginKind
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.model.rules import Announcement, CannotPay, RankNames

ROOT = Path(__file__).parents[2]
PUBLISHED = [n for n in nainjaune_rules.builtin_rulesets() if not n.startswith("house/")]


@pytest.mark.parametrize("name", PUBLISHED)
def test_rank_names_are_names_not_a_rule_to_call_each_card(name: str) -> None:
    """fr-sheet ¶12 and cz-box ¶26, ¶35-37 give the ranks' order and names, not a rule
    to call each card: the clause says the names only."""
    clause = nainjaune_rules.load_ruleset(name).rank_names
    if clause is None:
        pytest.skip("no rank names")
    assert isinstance(clause, RankNames)
    assert "aloud" not in describe(clause).sentence
    assert "voix haute" not in describe_fr(clause).sentence


@pytest.mark.parametrize("name", PUBLISHED)
def test_forgetting_forfeits_nothing_is_marked_inferred(name: str) -> None:
    """No source says that forgetting to call an ordinary card costs nothing."""
    for clause in nainjaune_rules.load_ruleset(name).announcements:
        assert isinstance(clause, Announcement)
        if clause.forfeit is Forfeit.NOTHING:
            assert clause.origin.reason, (name, clause)
            assert "forgetting" in clause.origin.reason


def test_the_1902_bank_is_inferred_and_cites_no_paragraph_as_its_evidence() -> None:
    ruleset = nainjaune_rules.load_ruleset("1902")
    assert isinstance(ruleset.cannot_pay, CannotPay)
    origin = ruleset.cannot_pay.origin
    assert origin.kind is OriginKind.INFERRED and not origin.citations
    for choice in ruleset.option("ruin").choices:  # type: ignore[union-attr]
        for clause in choice.clauses:
            assert clause.origin.kind is OriginKind.INFERRED and not clause.origin.citations


@pytest.mark.parametrize("name", PUBLISHED)
def test_no_bank_reason_rests_on_an_unsourced_premise(name: str) -> None:
    text = (ROOT / "rules" / f"{name}.nj").read_text(encoding="utf-8")
    for premise in ("counters stood for money", "as in the older games", "98%"):
        assert premise not in text, (name, premise)


def test_the_fr_web_order_reads_29_as_a_bullet_of_the_deal_end_payments() -> None:
    reason = nainjaune_rules.load_ruleset("fr-web").settlement.origin.reason  # type: ignore[union-attr]
    assert "last bullet of those deal-end payments (¶29)" in reason
    assert "costs nothing" in reason


def test_the_cz_box_bank_of_change_says_it_goes_beyond_the_box() -> None:
    option = nainjaune_rules.load_ruleset("cz-box").option("change")
    assert option is not None
    reasons = [c.origin.reason for ch in option.choices for c in ch.clauses
               if ch.name == "from-the-bank"]
    assert any("2 tokens of 1" in r and "no limit" in r for r in reasons), reasons


def test_the_1902_title_does_not_repeat_the_transcribers_introduction() -> None:
    assert "Lindor" not in nainjaune_rules.load_ruleset("1902").title


@pytest.mark.parametrize(("page", "wrong"), [
    ("history.md", "only one of them, the French rules sheet, tells a history"),
    ("history.md", "The 1902 text opens by calling it"),
    ("history.fr.md", "une seule, la fiche de règles française, raconte une"),
    ("history.fr.md", "Le texte de 1902 s'ouvre en le nommant"),
])
def test_the_history_page_says_who_tells_what(page: str, wrong: str) -> None:
    text = " ".join((ROOT / "site" / page).read_text(encoding="utf-8").split())
    assert wrong not in text
    assert "fr-1902 ¶1" in text and "wiki-ja" in text


def test_the_translation_slips_are_corrected_or_noted() -> None:
    from nainjaune_rules.describe.sources import paragraphs
    from nainjaune_rules.describe.sources_fr import translations

    english, french = paragraphs(), translations()
    # wiki-ja ¶3 literally says the suits do not matter, against ¶5: noted as the others
    assert "contradicts ¶5" in english["wiki-ja"][3].english
    assert "contredit le ¶5" in french["wiki-ja"][3]
    # ¶20: the shuffle, the cut and the deal are every dealer's, not the first one's
    assert "Le donneur bat les cartes" in french["wiki-ja"][20]
    assert "The dealer shuffles" in english["wiki-ja"][20].english
    # ¶5: the oldest player, read as the eldest hand
    assert "最年長" in english["wiki-ja"][5].english and "最年長" in french["wiki-ja"][5]
    # ¶10: the boxes are decorated with designs (絵柄) and with the honours' pictures
    assert "絵柄" in english["wiki-ja"][10].text and "designs" in english["wiki-ja"][10].english
    # cz-box ¶14 keeps its hedge (jako např.), ¶41 the start of the game (na začátku hry)
    assert "jako např." in english["cz-box"][14].text
    assert "for example" in english["cz-box"][14].english
    assert "na začátku hry" in english["cz-box"][41].text
    assert "at the start of the game" in english["cz-box"][41].english


def test_no_engine_jargon_in_the_rules_words_and_the_example_names_the_bots_choices() -> None:
    from nainjaune_rules.core.kinds import FirstDealerRule
    from nainjaune_rules.model.words import column

    for field in ("prose", "prose_fr"):
        said = column(FirstDealerRule, field)[FirstDealerRule.FIRST_SEAT]
        assert "--dealer" not in said and "engine" not in said and "moteur" not in said
    template = (ROOT / "nainjaune_rules" / "pages" / "templates" / "ruleset.md.j2").read_text(
        encoding="utf-8")
    assert "the moves below are the bot's choices, not the rules'" in " ".join(template.split())


@pytest.mark.parametrize("name", ["fr-sheet", "fr-web", "cz-box", "wiki-modern"])
def test_a_period_the_source_does_not_give_says_undated(name: str) -> None:
    """The modern sources are undated: a period says so, and a date it gives is argued
    (the sheet's history, a web page, the article's "later game"), never stated as fact."""
    period = nainjaune_rules.load_ruleset(name).period
    assert period.startswith("undated")
    assert "century" not in period
