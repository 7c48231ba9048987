"""French as the French pages print it (issue #25, item 3): the narrow no-break space
before « : ; ! ? » and inside « », the cards as the French sources page writes them
(♣V ♠D ♥R), a rank's figure said in words ("dix qui prend")."""

from __future__ import annotations

import pytest

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.core.french import (
    NARROW,
    card_symbol,
    is_french_call,
    said_number,
    typeset,
    typeset_markup,
)

N = NARROW


@pytest.mark.parametrize(("plain", "printed"), [
    ("« sans »", f"«{N}sans{N}»"),
    ("donne : la", f"donne{N}: la"),
    ("donne: la", f"donne{N}: la"),  # the space an English habit left out
    ("“sans six”", f"«{N}sans six{N}»"),  # English quotes become guillemets
    ("x ; y ! z ?", f"x{N}; y{N}! z{N}?"),
    ("**Les paiements :**", f"**Les paiements{N}:**"),
    ("(« Roi, et je recommence ! »)", f"(«{N}Roi, et je recommence{N}!{N}»)"),
    # what is not a sign of French prose is left alone
    ("3:1 et https://x.org/a?b=c", "3:1 et https://x.org/a?b=c"),
    ("!!! note", "!!! note"),
    ("Hoc! et Five! Six", "Hoc! et Five! Six"),  # a call as its ruleset writes it
    ("x &amp; y &amp;", "x &amp; y &amp;"),
    ("[^1]: une note", "[^1]: une note"),
])
def test_french_spacing(plain: str, printed: str) -> None:
    assert typeset(plain) == printed
    assert typeset(printed) == printed  # idempotent: typesetting twice changes nothing


def test_a_page_is_typeset_around_its_tags_never_in_its_code_or_quotations() -> None:
    page = ('---\ntitle: "a: b"\n---\n'
            "<li><strong>Talon</strong>: aucun</li> <code>a : b</code> "
            "[x](http://a:b) <q>« x »: y</q> (French&#41;: A Hoc&#33; x &amp; y &amp;amp;\n"
            "(mise 5&#41; ; les mises, je recommence &#33;\n"
            '<a href="#a">fr-sheet ¶5</a>; <a href="#b">fr-sheet ¶15</a>\n'
            "```nj\nplayers: 3 to 8\n```\n{: .x }\n")
    assert typeset_markup(page) == (
        '---\ntitle: "a: b"\n---\n'
        f"<li><strong>Talon</strong>{N}: aucun</li> <code>a : b</code> "
        f"[x](http://a:b) <q>« x »: y</q> (French&#41;{N}: A Hoc&#33; x &amp; y &amp;amp;\n"
        f"(mise 5&#41;{N}; les mises, je recommence{N}&#33;\n"
        f'<a href="#a">fr-sheet ¶5</a>{N}; <a href="#b">fr-sheet ¶15</a>\n'
        "```nj\nplayers: 3 to 8\n```\n{: .x }\n")


@pytest.mark.parametrize(("code", "french"), [
    ("JC", "♣V"), ("QS", "♠D"), ("KH", "♥R"), ("10D", "♦10"), ("7D", "♦7"), ("AS", "♠A"),
    ("7D/2", "♦7/2"),
])
def test_cards_as_the_french_sources_page_writes_them(code: str, french: str) -> None:
    card = parse_card(code)
    assert card is not None
    assert card_symbol(card) == french


def test_a_figure_is_said_in_words_with_a_french_call_only() -> None:
    assert [said_number(n) for n in ("10", "2", "valet", "kluk")] == [
        "dix", "deux", "valet", "kluk"]
    assert is_french_call("… qui prend") and is_french_call("sans")
    assert not is_french_call("bez") and not is_french_call("… bere!")


def test_a_count_of_clauses_agrees_in_french() -> None:
    from nainjaune_rules.describe.i18n import ENGLISH, FRENCH

    assert [FRENCH.counted(n, "inferred") for n in (0, 1, 4)] == [
        "0 déduite", "1 déduite", "4 déduites"]
    assert FRENCH.counted(32, "attested") == "32 attestées"
    assert FRENCH.counted(2, "house") == "2 maison"
    assert ENGLISH.counted(4, "inferred") == "4 inferred"


def test_the_board_is_captioned_in_the_page_s_language() -> None:
    from nainjaune_rules import load_ruleset
    from nainjaune_rules.describe import i18n
    from nainjaune_rules.describe.board import board_svg

    sheet = load_ruleset("fr-sheet")
    pope = load_ruleset("cousins/pope-joan")
    english = board_svg(sheet.board) + board_svg(pope.board, pope.pools)
    with i18n.speaking("fr"):
        french = board_svg(sheet.board) + board_svg(pope.board, pope.pools)
    for said in ("stake 5", "of trumps", "1st out", "the deal&#39;s winner", "The board: ",
                 "Q♠"):
        assert said in english and said not in french, said
    for said in ("mise 5", "d&#39;atout", "1er sorti", "le gagnant de la donne",
                 "Le tableau", "♠D"):
        assert said in french, said
