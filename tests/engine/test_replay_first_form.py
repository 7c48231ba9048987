"""Transcripts written before the canonical form left defaults out still replay.

Their ``ruleset.sha256`` is the digest of the first canonical form (every field
written, defaults too).  ``fixtures/transcript-canonical-v1.json`` was written by
commit 151806e, the last one with that form, and is never regenerated::

    nainjaune play cz-box --players 3 --seed 4 --deals 2 --option end=cannot-stake \\
        --seats greedy,random:forget=0.3,lowest --format json \\
        --out tests/engine/fixtures/transcript-canonical-v1.json

The golden transcripts of ``tests/golden/transcripts`` were written by that form too
(their hash is left out of the golden comparison, so they keep it until someone
regenerates them): each must still name its ruleset.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules import load_ruleset
from nainjaune_rules.cli.main import main
from nainjaune_rules.model.canonical import ruleset_digests
from nainjaune_rules.records.transcript import same_rules, with_recorded_options
from nainjaune_rules.records.transcript_input import builtin_name

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "transcript-canonical-v1.json"
GOLDEN = sorted((HERE.parent / "golden" / "transcripts").glob("*.json"))
NOTE = "the canonical form of before December 2026; it is the same ruleset"
#: cz-box as the fixture was played under it: its words changed since (issue 23: an undated
#: period, reasons rewritten), so its canonical form did; its rules of play did not
CZ_BOX_THEN = HERE.parent / "golden" / "rulesets-v1" / "cz-box.nj"


def _doc(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def test_the_fixture_holds_the_first_forms_digest_not_todays() -> None:
    doc = _doc(FIXTURE)
    ruleset = with_recorded_options(doc, load_ruleset(str(CZ_BOX_THEN)))
    today, first = ruleset_digests(ruleset)
    assert doc["ruleset"]["sha256"] == first != today
    assert same_rules(doc, ruleset)


@pytest.mark.parametrize("path", [FIXTURE, *GOLDEN], ids=lambda p: p.name)
def test_an_old_transcript_names_its_rules(path: Path) -> None:
    doc = _doc(path)
    name = builtin_name(doc["ruleset"]["id"])  # the house rulesets' ids differ from names
    assert name is not None
    if path == FIXTURE:
        name = str(CZ_BOX_THEN)
    ruleset = with_recorded_options(doc, load_ruleset(name))
    assert same_rules(doc, ruleset)


def test_replay_verifies_an_old_transcript_with_a_note(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(FIXTURE), "--ruleset", str(CZ_BOX_THEN)]) == 0
    out, err = capsys.readouterr()
    assert "every event verified" in out
    assert NOTE in err and "warning" not in err
    assert main(["replay", "-q", str(FIXTURE), "--ruleset", str(CZ_BOX_THEN)]) == 0
    assert capsys.readouterr() == ("", "")


def test_a_transcript_of_today_replays_without_the_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    assert main(["play", "cz-box", "--players", "3", "--seed", "4", "--deals", "2",
                 "--option", "end=cannot-stake", "--seats", "greedy,random:forget=0.3,lowest",
                 "--format", "json", "--out", str(game)]) == 0
    fresh, old = _doc(game), _doc(FIXTURE)
    ruleset = with_recorded_options(fresh, load_ruleset("cz-box"))
    assert fresh["ruleset"]["sha256"] == ruleset_digests(ruleset)[0]
    # the same game: only the hash differs from the one the first form wrote (and what
    # transcript format 2 added: where the decks came from, the JSON bound on deals)
    same = ("ruleset", "format", "decks", "options")
    assert {**fresh, **dict.fromkeys(same)} == {**old, **dict.fromkeys(same)}
    assert fresh["options"]["deals"] == old["options"]["deals"]
    capsys.readouterr()
    assert main(["replay", str(game)]) == 0
    out, err = capsys.readouterr()
    assert "every event verified" in out and err == ""


def test_the_first_forms_digest_of_other_rules_is_still_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An old transcript of other rules (other options here) is still a changed ruleset."""
    doc = _doc(FIXTURE)
    other = with_recorded_options(doc, load_ruleset("cz-box"))
    doc["ruleset"]["sha256"] = ruleset_digests(load_ruleset("fr-sheet"))[1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert not same_rules(doc, other)
    assert main(["replay", str(path)]) == 1
    assert "has changed since this game was played" in capsys.readouterr().err
