"""The rulesets' own text in French: message catalogues, their extractor, the look-up,
``check --lang fr`` and the site's strict build (issue #25, item 1)."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po
from docs_support import import_hook

import nainjaune_rules
from nainjaune_rules.cli.main import main
from nainjaune_rules.core.pofile import PoError, read_po
from nainjaune_rules.describe import i18n
from nainjaune_rules.describe.text import md
from nainjaune_rules.model import translation
from nainjaune_rules.model.ruletext import TextKind, parse_file_texts
from nainjaune_rules.model.translation import (
    Untranslated,
    catalogue_path,
    domain_of,
    shown_texts,
    translated,
    untranslated,
)
from nainjaune_rules.pages import Shelf
from nainjaune_rules.pages.page_render import render_rule_card, render_ruleset_page
from nainjaune_rules.pages.site import untranslated_text
from nainjaune_rules.syntax.resources import rules_dir

RULES = rules_dir()
ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(RULES.rglob("*.nj"))


def _entries(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as f:
        return {(m.context, m.id) for m in babel_read_po(f) if m.id}


# -- the catalogues hold every string, and nothing else -------------------------------
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(RULES).as_posix())
def test_the_extractor_through_babel_finds_what_the_catalogue_holds(path: Path) -> None:
    """pybabel's extraction (the registered ``nainjaune`` method) of a ruleset file gives
    exactly the entries of its French catalogue: a ruleset changed without
    tools/catalogues.py being run fails here."""
    name = path.relative_to(RULES).as_posix()
    extracted = {(ctx, msg) for _, msg, _, ctx in extract_from_file("nainjaune", path)}
    assert extracted == {(t.kind.value, t.text)
                         for t in parse_file_texts(name, path.read_text("utf-8")) or []}
    po = catalogue_path("fr", domain_of(name) or "")
    assert po.is_file(), f"no catalogue for {name}: run tools/catalogues.py"
    assert _entries(po) == extracted


@pytest.mark.parametrize("name", nainjaune_rules.builtin_rulesets())
def test_every_string_shown_of_a_ruleset_is_in_a_catalogue(name: str) -> None:
    """The invariant: each string of the compiled rule objects that a page shows (its
    title, sources, boxes, pools, options, reasons, spoken words, in every table option's
    choices too) has its entry in the catalogue of the file that wrote it."""
    rs = nainjaune_rules.load_ruleset(name)
    texts = shown_texts(rs)
    assert any(t.kind is TextKind.TITLE for t in texts)
    for text in texts:
        assert text.domain is not None, text
        assert (text.kind.value, text.text) in _entries(catalogue_path("fr", text.domain)), text


def test_a_translated_ruleset_plays_the_same_rules() -> None:
    rs = nainjaune_rules.load_ruleset("1902")
    fr = translated(rs, "fr")
    assert fr.players == rs.players and fr.deal_table == rs.deal_table
    assert translated(rs, "en") is rs


# -- the reader of .po files ------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((RULES / "locale").rglob("*.po")), ids=lambda p: p.name)
def test_the_package_reader_agrees_with_babel(path: Path) -> None:
    ours = read_po(path.read_text("utf-8"))
    with path.open("rb") as f:
        theirs = babel_read_po(f)
    expected = {(m.context, m.id): m.string for m in theirs
                if m.id and m.string and not m.fuzzy}
    assert {(e.context, e.msgid): e.msgstr for e in ours.entries if e.translated} == expected
    assert {(e.context, e.msgid) for e in ours.entries} == _entries(path)
    buffer = io.BytesIO()  # pybabel compile works on it
    write_mo(buffer, theirs)
    assert buffer.getvalue()


HAND_WRITTEN = r'''# a comment
msgid ""
msgstr "Language: fr\n"

#. what it is
#: rules/x.nj:3
msgctxt "title"
msgid "A long "
"title"
msgstr "Un long "
"titre « \"cité\" »"

#, fuzzy
msgctxt "box name"
msgid "the dwarf"
msgstr "le nain"

msgctxt "box name"
msgid "the queen"
msgstr ""

#~ msgctxt "title"
#~ msgid "Gone"
#~ msgstr "Parti"
'''


def test_the_reader_on_a_hand_written_catalogue() -> None:
    catalogue = read_po(HAND_WRITTEN)
    assert catalogue.get("title", "A long title") == 'Un long titre « "cité" »'
    assert catalogue.get("box name", "the dwarf") is None  # fuzzy: a guess, not a translation
    assert catalogue.get("box name", "the queen") is None  # empty
    assert catalogue.get("title", "Gone") is None  # obsolete
    assert catalogue.get(None, "A long title") is None  # the context is part of the key
    assert len(catalogue.entries) == 3
    with pytest.raises(PoError) as bad:
        read_po('msgid "x"\nmsgstr "y"\nnonsense\n')
    assert bad.value.line == 3


# -- a small ruleset of its own rules folder ----------------------------------------------
MINI = """\
ruleset mini
title "A small table"
period "house"
extends fr-sheet
players: 3 to 4          [house "four players at most round this table"]
deal:                    [house "fewer players, more cards"]
    3 players: 15 cards each
    4 players: 12 cards each
"""

MINI_PO = """\
msgid ""
msgstr ""
"Language: fr\\n"

msgctxt "title"
msgid "A small table"
msgstr "Une petite table"

msgctxt "period"
msgid "house"
msgstr "maison"

msgctxt "house reason"
msgid "four players at most round this table"
msgstr "quatre joueurs au plus autour de cette table"
"""


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A rules folder holding ``mini.nj`` and its French catalogue, which lacks the
    reason of the ``deal`` clause (line 6)."""
    (tmp_path / "mini.nj").write_text(MINI, encoding="utf-8")
    po = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "mini.po"
    po.parent.mkdir(parents=True)
    po.write_text(MINI_PO, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # spans name the file "mini.nj"
    monkeypatch.setattr(translation, "rules_dir", lambda: tmp_path)
    translation.catalogue.cache_clear()
    yield tmp_path / "mini.nj"
    translation.catalogue.cache_clear()


def test_check_lang_fr_warns_at_the_untranslated_string(mini: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert main(["check", "--lang", "fr", str(mini)]) == 0
    out = capsys.readouterr().out
    column = MINI.splitlines()[5].index('"fewer') + 1
    # said in French, as --lang asks (the code and the quoted line as they are)
    assert f"mini.nj:6:{column}: avertissement[untranslated]" in out
    assert "«\u00a0fewer players, more cards\u00a0»" in out
    assert "locale/fr/LC_MESSAGES/mini.po" in out
    assert "four players at most" not in out  # translated: no warning
    assert main(["check", str(mini)]) == 0
    assert "untranslated" not in capsys.readouterr().out  # English: no look-up


def test_a_french_page_shows_the_translation_and_marks_the_rest(mini: Path) -> None:
    rs = nainjaune_rules.load_ruleset(str(mini))
    with i18n.speaking("fr"):
        page = render_ruleset_page(translated(rs, "fr"), name="mini")
        card = render_rule_card(translated(rs, "fr"), "mini")
    assert "Une petite table" in page and "A small table" not in page
    assert "quatre joueurs au plus autour de cette table" in page
    assert "four players at most" not in page
    assert "Une petite table" in card and "A small table" not in card
    # no catalogue entry: the English, marked as English
    assert re.search(r'<span lang="en">fewer players, more cards</span>', page)


def test_the_strict_build_fails_on_a_missing_translation(mini: Path,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    rs = nainjaune_rules.load_ruleset(str(mini))
    lines = untranslated_text(Shelf({"mini": rs}), "fr")
    assert [line for line in lines if "mini.nj" in line] == [
        'mini.nj: no fr text for the house reason "fewer players, more cards" '
        "(rules/locale/fr/LC_MESSAGES/mini.po), shown on the pages of mini"]
    hook = import_hook()
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        assert hook.report_untranslated(Shelf({"mini": rs}), "fr") == len(lines)
    # a warning of mkdocs' logger: `mkdocs build --strict` counts it and fails
    assert any(r.levelno == logging.WARNING and r.name.startswith("mkdocs")
               and "fewer players" in r.getMessage() for r in caplog.records)
    assert untranslated_text(Shelf({"mini": rs}), "en") == []


def test_a_ruleset_outside_the_rules_folder_has_no_catalogue(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """A user's file: its text is shown marked English, and the strict build (which holds
    the built-in rulesets to their catalogues) does not list it."""
    (tmp_path / "mine.nj").write_text(MINI.replace("ruleset mini", "ruleset mine"), "utf-8")
    monkeypatch.chdir(tmp_path)
    rs = nainjaune_rules.load_ruleset(str(tmp_path / "mine.nj"))
    missing = [m for m in untranslated(rs, "fr") if m.file == "mine.nj"]
    assert missing and all(m.domain is None for m in missing)
    assert isinstance(translated(rs, "fr").title, Untranslated)
    assert not any("mine.nj" in line for line in untranslated_text(Shelf({"mine": rs}), "fr"))
    assert str(md(Untranslated("a <b>"))) == '<span lang="en">a &lt;b&gt;</span>'


def test_the_french_page_of_the_translated_fr_sheet_is_french() -> None:
    """fr-sheet and the sources it includes are wholly translated: its French page and
    card show every string in French and none of its English (escaped as the pages
    write them), and mark nothing as English."""
    rs = nainjaune_rules.load_ruleset("fr-sheet")
    assert untranslated(rs, "fr") == []
    with i18n.speaking("fr"):
        page = render_ruleset_page(translated(rs, "fr"), name="fr-sheet")
        card = render_rule_card(translated(rs, "fr"), "fr-sheet")
    assert "Fiche de règles française moderne" in page
    assert str(md("la fiche ne dit pas comment on choisit le premier donneur")) in page
    assert 'lang="en"' not in page and 'lang="en"' not in card
    same = {"sans", "… qui prend", "points", "as 2 3 4 5 6 7 8 9 10 valet dame roi"}
    shown = [re.sub(r"<[^>]*>", " ", text) for text in (page, card)]  # not the links
    for text in shown_texts(rs):
        if text.text not in same:
            english = re.compile(rf"\b{re.escape(str(md(text.text)))}\b")
            assert not any(english.search(t) for t in shown), text


def test_the_french_statistics_page_names_each_ruleset_in_french() -> None:
    from nainjaune_rules.pages.stats_page import render_statistics_page, simulate_page

    rulesets = {"fr-sheet": nainjaune_rules.load_ruleset("fr-sheet")}
    figures = simulate_page(rulesets, games=3)
    french = render_statistics_page(rulesets, games=3, figures=figures, lang="fr")
    english = render_statistics_page(rulesets, games=3, figures=figures)
    assert "Fiche de règles française moderne" in french
    assert "Modern French rules sheet" not in french
    assert "Modern French rules sheet" in english


def test_a_ruleset_of_the_rules_folder_without_a_catalogue_is_shown_marked_english(
        mini: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A user's house ruleset dropped into the rules folder (as the hostile-site test
    does) has no catalogue: its text is marked English and the strict build does not
    fail on it, while check --lang fr still lists each string and says why."""
    nocat = mini.parent / "nocat.nj"
    nocat.write_text(MINI.replace("ruleset mini", "ruleset nocat"), encoding="utf-8")
    rs = nainjaune_rules.load_ruleset(str(nocat))
    assert isinstance(translated(rs, "fr").title, Untranslated)
    assert not any("nocat.nj" in line for line in untranslated_text(Shelf({"nocat": rs}), "fr"))
    assert main(["check", "--lang", "fr", str(nocat)]) == 0
    out = capsys.readouterr().out
    assert "nocat.nj:2:7: avertissement[untranslated]" in out
    assert "ce jeu de règles n'a pas de catalogue" in out


def test_an_untranslated_box_name_never_puts_html_into_the_board_drawing(mini: Path) -> None:
    """fr-sheet.nj is not in the ``mini`` rules folder: its box names have no catalogue
    there; the board's SVG shows them as written, with no <span> (which would break out
    of the SVG)."""
    from nainjaune_rules.describe.board import board_svg

    rs = translated(nainjaune_rules.load_ruleset(str(mini)), "fr")
    svg = str(board_svg(rs.board, rs.pools))
    assert "the yellow dwarf" in svg and "<span" not in svg


def test_pybabel_extract_init_update_compile_on_a_ruleset(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The translator's round: pybabel extract (through babel.cfg's mapping), init, a
    change to the ruleset, update (the changed string comes back fuzzy, with its old
    translation as a guess, which the look-up does not use), compile."""
    from babel.messages.frontend import CommandLineInterface

    def pybabel(*args: str) -> None:
        CommandLineInterface().run(["pybabel", "-q", *args])

    rules = tmp_path / "rules"
    rules.mkdir()
    (tmp_path / "babel.cfg").write_text((ROOT / "babel.cfg").read_text("utf-8"), "utf-8")
    (rules / "mini.nj").write_text(MINI, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    pot, po = "rules/locale/templates/mini.pot", "rules/locale/fr/LC_MESSAGES/mini.po"
    (rules / "locale" / "templates").mkdir(parents=True)
    pybabel("extract", "-F", "babel.cfg", "-o", pot, "rules/mini.nj")
    pybabel("init", "-D", "mini", "-i", pot, "-d", "rules/locale", "-l", "fr")
    text = Path(po).read_text("utf-8")
    assert '#: rules/mini.nj:2\nmsgctxt "title"\nmsgid "A small table"\nmsgstr ""' in text
    Path(po).write_text(text.replace('msgid "A small table"\nmsgstr ""',
                                     'msgid "A small table"\nmsgstr "Une petite table"'))
    (rules / "mini.nj").write_text(MINI.replace("A small table", "A small round table"))
    pybabel("extract", "-F", "babel.cfg", "-o", pot, "rules/mini.nj")
    pybabel("update", "-D", "mini", "-i", pot, "-d", "rules/locale", "-l", "fr")
    catalogue = read_po(Path(po).read_text("utf-8"))
    guess = next(e for e in catalogue.entries if e.msgid == "A small round table")
    assert guess.fuzzy and guess.msgstr == "Une petite table"
    assert catalogue.get("title", "A small round table") is None
    pybabel("compile", "-D", "mini", "-d", "rules/locale", "-l", "fr", "--use-fuzzy")
    assert Path(po).with_suffix(".mo").stat().st_size > 0


def test_the_french_home_list_and_family_table_use_the_french_text() -> None:
    from nainjaune_rules.pages.page_render import FAMILY_MARKER
    from nainjaune_rules.pages.site import variant_links, with_family_table

    shelf = Shelf({name: nainjaune_rules.load_ruleset(name) for name in ("fr-sheet", "1902")})
    french = variant_links(shelf, lang="fr")
    assert "Fiche de règles française moderne" in french and "Les règles de 1902" in french
    assert "Modern French rules sheet" in variant_links(shelf, lang="en")
    table = with_family_table(FAMILY_MARKER, shelf, "fr")
    assert "Fiche de règles française moderne" in table
    assert "Modern French rules sheet" not in table


class _Everything:
    """A catalogue that has every string (in guillemets): what a complete translation
    gives, whatever its words."""

    def get(self, context: str | None, msgid: str) -> str:
        return " ".join(f"«{word}»" for word in msgid.split(" "))


@pytest.mark.parametrize("name", nainjaune_rules.builtin_rulesets())
def test_the_engine_plays_a_wholly_translated_ruleset_as_written(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages may play the translated ruleset (the worked example): its pools keep
    one name each (a turn-up bonus names the pool as the board does) and a game plays
    the same moves, seed for seed, as the ruleset as written."""
    from nainjaune_rules.players.session import play_game

    rs = nainjaune_rules.load_ruleset(name)
    monkeypatch.setattr(translation, "catalogue", lambda lang, domain: _Everything())
    fr = translated(rs, "fr")
    assert fr.title.startswith("«") and fr.title != rs.title
    if fr.turn_up_bonus is not None:
        assert fr.turn_up_bonus.pool in {p.name for p in fr.pools}
    seats = ["lowest"] * min(fr.players.counts)
    one, two = play_game(rs, seats, seed=3), play_game(fr, seats, seed=3)
    assert (one.balances, one.reason, len(one.deals)) == (two.balances, two.reason, len(two.deals))
    assert one.winners == two.winners


#: the catalogues translated with the infrastructure (issue #25); the cousins' and the
#: house rulesets' are translated apart, and the site's strict build holds every one
TRANSLATED = ("1760", "1902", "cz-box", "fr-sheet", "fr-web", "wiki-modern")


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_published_variants_are_wholly_translated(name: str) -> None:
    rs = nainjaune_rules.load_ruleset(name)
    assert untranslated(rs, "fr") == []
    fr = translated(rs, "fr")
    # French typography: no plain space before a double mark, none inside guillemets
    for text in (t.text for t in shown_texts(fr)):
        assert not re.search(r" [:;!?»]|« ", text), text


def test_check_lang_fr_says_the_diagnostics_in_french(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang fr`` says the errors, hints and the closing line in French (exit 1 as in
    English); without it the same error is said in English, as before."""
    bad = tmp_path / "bad.nj"
    bad.write_text('ruleset bad\ntitle "x"\nperiod "house"\nextends fr-sheet\n'
                   "startng tokens: 40\n", encoding="utf-8")
    assert main(["check", "--lang", "fr", "--explain", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.nj:5:1: erreur[syntax]\u202f: aucune instruction ne commence par" in out
    assert "conseil\u202f: vouliez-vous dire «\u00a0starting tokens\u00a0»\u202f?" in out
    assert "chaque mot possible à cet endroit" in out
    assert out.rstrip().endswith("invalide (1 erreur, 0 avertissement)")
    assert main(["check", str(bad)]) == 1
    english = capsys.readouterr().out
    assert "error[syntax]: no statement starts with 'startng tokens'" in english
    assert english.rstrip().endswith("invalid (1 error, 0 warnings)")


def test_every_kind_of_ruleset_text_has_its_french_name() -> None:
    """The untranslated warning names the kind of string in French: one name per kind
    (a new kind without one would fail at the first warning about it)."""
    from nainjaune_rules.model import translation
    from nainjaune_rules.model.ruletext import TextKind

    assert set(translation._KIND_FR) == set(TextKind)
