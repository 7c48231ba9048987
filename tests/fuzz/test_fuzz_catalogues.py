"""The rulesets' message catalogues, fuzzed: any text read as a .po file gives a catalogue
or a PoError naming a line of it, never another exception; a catalogue Babel writes is
read back to the same translations; and a broken catalogue makes ``check --lang fr`` say
which file and line, exit 1, never a traceback."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from hypothesis import given, settings
from hypothesis import strategies as st

import nainjaune_rules
from nainjaune_rules.cli.main import main
from nainjaune_rules.core.pofile import PoError, read_po
from nainjaune_rules.model import translation

SURFACE = "po catalogues"
_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
_LINE = st.one_of(
    _TEXT,
    st.sampled_from(['msgid ""', 'msgstr ""', "#, fuzzy", "#~ msgid \"x\"", '"\\n"', "",
                     'msgctxt "title"', '"\\', 'msgstr "\\q"', "msgid"]),
    _TEXT.map(lambda t: f'msgid "{t}"'), _TEXT.map(lambda t: f'msgstr "{t}"'),
    _TEXT.map(lambda t: f'"{t}"'),
)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(_LINE, max_size=12))
def test_any_text_is_a_catalogue_or_a_located_error(lines: list[str],
                                                    tally: Counter[str]) -> None:
    tally[SURFACE] += 1
    text = "\n".join(lines)
    try:
        read_po(text)
    except PoError as error:
        assert 1 <= error.line <= max(1, len(text.splitlines()))
    tally[f"{SURFACE} ok"] += 1


_MESSAGE = st.text(st.one_of(st.characters(blacklist_categories=("Cs", "Cc")),
                             st.sampled_from('\n\t\\"')), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(entries=st.dictionaries(st.tuples(st.sampled_from(["title", "box name", None]),
                                         _MESSAGE), _MESSAGE, max_size=6),
       width=st.sampled_from([None, 76, 20]))
def test_what_babel_writes_is_read_back(entries: dict[tuple[str | None, str], str],
                                        width: int | None, tally: Counter[str]) -> None:
    tally[SURFACE] += 1
    catalog = Catalog(locale="fr")
    for (context, msgid), msgstr in entries.items():
        catalog.add(msgid, msgstr, context=context)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=width)
    read = read_po(buffer.getvalue().decode("utf-8"))
    assert {(e.context, e.msgid): e.msgstr for e in read.entries} == entries
    tally[f"{SURFACE} ok"] += 1


def test_a_broken_catalogue_is_told_with_its_line(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mini.nj").write_text(
        'ruleset mini\ntitle "Mini"\nperiod "house"\nextends fr-sheet\n', encoding="utf-8")
    po = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "mini.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgctxt "title"\nmsgid "Mini"\nmsgstr "Mini\nnot po\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(translation, "rules_dir", lambda: tmp_path)
    translation.catalogue.cache_clear()
    try:
        assert nainjaune_rules.load_ruleset(str(tmp_path / "mini.nj"))
        assert main(["check", "--lang", "fr", str(tmp_path / "mini.nj")]) == 1
    finally:
        translation.catalogue.cache_clear()
    err = capsys.readouterr().err
    assert "locale/fr/LC_MESSAGES/mini.po:3:" in err and "Traceback" not in err
