"""The French words of the generated pages: the labels cover every phase, dimension and
change kind, and the templates' literal text is translated while the values they write
(a ruleset's own strings) never are."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from nainjaune_rules.describe import i18n, labels_fr
from nainjaune_rules.describe.comparison import ChangeKind
from nainjaune_rules.describe.dimensions import DIMENSIONS, Phase, option_dimension

TEMPLATES = Path(i18n.__file__).parent / "templates"


def french_env(**templates: str) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=True,
                             keep_trailing_newline=True)
    i18n.install(env, i18n.FRENCH)
    return env


def test_literal_text_is_translated_and_values_are_not() -> None:
    env = french_env(page='<tr><th scope="row">Period</th><td>{{ period }}</td></tr>\n'
                          "## Table options { #table-options }\n")
    out = env.get_template("page").render(period="Period")
    assert out == ('<tr><th scope="row">Époque</th><td>Period</td></tr>\n'
                   "## Options de table { #table-options }\n")


def test_markup_cut_by_expressions_is_never_looked_up() -> None:
    literal = '<span class="nj-mark nj-mark-'
    assert list(i18n.text_runs(literal)) == []
    assert list(i18n.text_runs('" class="nj-clause nj-')) == []
    assert list(i18n.text_runs('">how this ruleset plays in simulated games')) == [(2, 43)]
    assert i18n.translate_literal("{ #the-board }", {"the-board": "x"}) == "{ #the-board }"


def test_runs_keep_their_surrounding_whitespace_and_paragraphs() -> None:
    catalogue = {"The deal.": "La donne.", "Seat": "La place"}
    assert i18n.translate_literal("\n**The deal.** Seat ", catalogue) == (
        "\n**La donne.** La place ")
    two = "The deal.\n\nSeat\n"
    assert i18n.translate_literal(two, catalogue) == "La donne.\n\nLa place\n"


def test_front_matter_keys_are_markup_and_a_label_is_text() -> None:
    assert list(i18n.text_runs("---\nhide:\n  - navigation\n---\n")) == []
    assert i18n.translate_literal(".</p>\nSources: ", {"Sources:": "Sources :"}) == (
        ".</p>\nSources : ")


def test_an_unknown_run_stays_as_written() -> None:
    assert i18n.translate_literal("<p>Not in the catalogue</p>", {"x": "y"}) == (
        "<p>Not in the catalogue</p>")


def test_english_is_the_source_language() -> None:
    env = jinja2.Environment(loader=jinja2.DictLoader({"p": "<th>Period</th>"}))
    i18n.install(env, i18n.ENGLISH)
    assert env.get_template("p").render() == "<th>Period</th>"


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("*.j2")))
def test_every_run_of_the_templates_has_its_french(template: str) -> None:
    env = jinja2.Environment()
    missing = [
        i18n.key(value[start:end])
        for _, kind, value in env.lex((TEMPLATES / template).read_text(encoding="utf-8"))
        if kind == "data"
        for start, end in i18n.text_runs(value)
        if i18n.key(value[start:end]) not in labels_fr.TEMPLATE_TEXT
    ]
    assert not missing, f"{template}: no French for {missing}"


def test_every_phase_dimension_and_change_kind_has_french_words() -> None:
    assert {p.slug for p in Phase} <= set(labels_fr.PHASE_TITLES)
    assert {d.key for d in DIMENSIONS} <= set(labels_fr.DIMENSION_LABELS)
    assert {k.value for k in ChangeKind} == set(labels_fr.CHANGE_KINDS)
    fr = i18n.FRENCH
    payment = option_dimension("payment")
    assert fr.dimension_label(payment.key, payment.label) == "option de table <code>payment</code>"
    assert fr.dimension_label("deal-ends-losers-pay", "") == (
        "fin de donne : les perdants paient le gagnant")
    labels = [fr.dimension_label(d.key, d.label) for d in DIMENSIONS]
    assert len(set(labels)) == len(labels), "two rows of the comparison read the same"


def test_french_globals_replace_the_english_words() -> None:
    env = french_env(p="{{ ORIGIN_WORDS[kind] }} {{ describe(c).short }} {{ NOT_STATED }}")
    from docs_fixtures import cite

    from nainjaune_rules.model import rules as r
    c = r.Players(cite("x ¶1"), (3, 5))
    out = env.get_template("p").render(kind=r.OriginKind.INFERRED, c=c)
    assert out == "déduit 3 ou 5 Ce jeu de règles ne le dit pas."


def test_the_language_is_english_unless_the_pages_speak_another() -> None:
    assert i18n.language() is i18n.ENGLISH
    with i18n.speaking("fr") as fr:
        assert i18n.language() is fr is i18n.FRENCH
    assert i18n.language() is i18n.ENGLISH


def test_a_french_page_lives_beside_the_english_one() -> None:
    assert i18n.FRENCH.page("rulesets/house/x.md") == "rulesets/house/x.fr.md"
    assert i18n.FRENCH.page("cards/fr-sheet.html") == "cards/fr-sheet.fr.html"
    assert i18n.ENGLISH.page("compare.md") == "compare.md"
    assert i18n.FRENCH.phrase("House rulesets") == "Jeux de règles maison"


def test_the_evidence_in_one_word() -> None:
    from nainjaune_rules.model.rules import Evidence
    words = [i18n.FRENCH.evidence_word(e) for e in Evidence]
    assert words == ["attesté", "décrit", "reconstitué"]
    assert [i18n.ENGLISH.evidence_word(e) for e in Evidence] == [e.value for e in Evidence]


def test_the_glossary_reads_in_french() -> None:
    from test_prose_fr import english_words

    from nainjaune_rules.describe import glossary_fr
    for slug, (_, meaning) in glossary_fr.TERMS.items():
        plain = re.sub(r"«[^»]*»", " ", meaning)
        assert not english_words(plain), (slug, meaning)
        assert meaning.endswith(".") and meaning[0].isupper(), slug
    entry = SimpleNamespace(slug="talon", term="talon", meaning="The cards left over.")
    assert i18n.FRENCH.term_name(entry) == "talon (écart)"
    assert i18n.FRENCH.meaning(entry).startswith("Les cartes qui restent")
    assert i18n.ENGLISH.meaning(entry) == "The cards left over."
    unknown = SimpleNamespace(slug="new-word", term="new word", meaning="Its meaning.")
    assert i18n.FRENCH.meaning(unknown) == "Its meaning."


def test_the_worked_example_is_told_in_the_language_of_the_page() -> None:
    from test_prose_fr import english_words

    import nainjaune_rules
    from nainjaune_rules.describe.example import tell, worked_example

    example = worked_example(nainjaune_rules.load_ruleset("fr-sheet"), "fr-sheet")
    assert example is not None
    english = [s.sentence() for s in tell(example).steps]
    with i18n.speaking("fr"):
        told = tell(example)
        french = [s.sentence() for s in told.steps] + told.settlement
    assert english and all(s.startswith("Seat ") for s in english)
    assert all(s.startswith("La place ") for s in french)
    assert any("ne peut pas continuer et passe" in s for s in french)
    assert any("ramasse la case du" in s for s in french)
    assert any("(paiement de la donne)" in s for s in french)
    for sentence in french:  # the words said aloud are quoted as they are
        assert not english_words(re.sub(r"“[^”]*”", " ", sentence)), sentence
