"""Citations of books by section and page, fuzzed: any bracket after a clause (a book or a
bundled text, ¶N, §"…", p.N, pp.N-M, broken or huge) compiles or gives a RulesetError whose
every diagnostic is located and of a declared kind; never a traceback."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model.compiler import Compiler

SURFACE = "book citations"
HEAD = '''ruleset fuzz-cite
title "t"
period "1897"
evidence described
include "sources.nj"
source bk "English" "a book":
    author "A. Author"
    title "A Title"
    year 1897
extends fr-sheet
'''
_SOURCE = st.sampled_from(["bk", "fr-sheet", "nobody", "BK", ""])
_LOCATOR = st.one_of(
    st.integers(0, 10**25).map(lambda n: f"p.{n}"),
    st.tuples(st.integers(0, 999), st.integers(0, 999)).map(lambda t: f"pp.{t[0]}-{t[1]}"),
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters='\n"'),
            max_size=12).map(lambda s: f'§"{s}"'),
    st.integers(0, 99).map(lambda n: f"¶{n}"),
    st.text(max_size=8),
)
_CITATION = st.tuples(_SOURCE, st.lists(_LOCATOR, min_size=1, max_size=3)).map(
    lambda t: f"{t[0]} {' '.join(t[1])}")
_KINDS = {k.value for k in DiagnosticKind}


@settings(max_examples=150, deadline=None)
@given(cites=st.lists(_CITATION, min_size=1, max_size=3))
def test_any_citation_compiles_or_is_told(cites: list[str],
                                          tmp_path_factory: pytest.TempPathFactory,
                                          tally: Counter[str]) -> None:
    folder: Path = tmp_path_factory.mktemp("cite")
    text = HEAD + f"players: 3 to 8   [{'; '.join(cites)}]\n"
    tally[SURFACE] += 1
    path = folder / "ruleset.nj"
    path.write_text(text, encoding="utf-8")
    try:
        Compiler().compile(str(path))
    except RulesetError as error:
        assert error.diagnostics
        for d in error.diagnostics:
            assert d.kind in _KINDS and d.line >= 1 and "internal" not in d.message
    tally[SURFACE + " ok"] += 1
