"""Hostile and careless ruleset files (issue 8): each is refused with a located,
readable diagnostic, or accepted when it is only a matter of encoding."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from language_support import MINIMAL, compile_text, run_cli

from nainjaune_rules import RulesetError
from nainjaune_rules.syntax.diagnostics import Diagnostic


def diagnostics_of(text: str, folder: Path) -> list[Diagnostic]:
    with pytest.raises(RulesetError) as caught:
        compile_text(text, folder)
    return caught.value.diagnostics


def kinds_at(text: str, folder: Path) -> list[tuple[str, int, int]]:
    return [(d.kind, d.line, d.column) for d in diagnostics_of(text, folder)]


# ---- item 4: control and bidi characters ---------------------------------------------

@pytest.mark.parametrize(("bad", "name"), [
    ("\x1b", "U+001B"), ("\x07", "U+0007"), ("\x00", "U+0000"), ("\r", "U+000D"),
    ("\x7f", "U+007F"), ("\x85", "U+0085"), ("\x9b", "U+009B"), ("\t", "U+0009"),
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("\u2069", "U+2069 POP DIRECTIONAL ISOLATE"), ("\u202a", "U+202A LEFT-TO-RIGHT EMBEDDING"),
])
def test_a_control_or_bidi_character_in_a_title_is_refused_where_it_stands(
        bad: str, name: str, tmp_path: Path) -> None:
    text = MINIMAL.replace('title "Minimal"', f'title "Mini{bad}mal"')
    (found,) = diagnostics_of(text, tmp_path)
    assert (found.kind, found.line, found.column) == ("control-character", 2, 12)
    assert name in found.message and found.hint
    rendered = found.render()
    assert bad not in rendered  # shown as an escape (or a tab as spaces), never raw
    quoted, caret = rendered.splitlines()[1:3]
    assert quoted.startswith(' 2 | title "Mini') and caret.index("^") == len(' 2 | title "Mini')


def test_control_characters_in_calls_reasons_and_option_texts_are_all_reported(
        tmp_path: Path) -> None:
    text = MINIMAL.replace('stakes: every player                             [inferred "r"]',
                           'stakes: every player   [inferred "a\x1b[2Jb"]')
    text += ('call on stopping: "sans\x07"  [inferred "r"]\n'
             'option speed "fast\u202e or slow":  [inferred "r"]\n'
             '    fast (default): nothing changes\n')
    assert kinds_at(text, tmp_path) == [("control-character", 18, 36),
                                        ("control-character", 29, 24),
                                        ("control-character", 30, 19)]


def test_tabs_stay_allowed_as_indentation_and_between_words(tmp_path: Path) -> None:
    text = MINIMAL.replace("    7D", "\t7D").replace("leftovers: stay ", "leftovers:\tstay")
    ruleset = compile_text(text, tmp_path)
    assert ruleset.id == "mini"


def test_check_prints_no_raw_escape_from_a_hostile_file(tmp_path: Path) -> None:
    path = tmp_path / "evil.nj"
    path.write_text(MINIMAL.replace('title "Minimal"', 'title "\x1b]0;pwned\x07\x1b[2J"')
                    .replace("ruleset mini", "ruleset m\u202eini"), encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 1
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in done.stdout + done.stderr
    assert "\\x1b]0;pwned\\x07" in done.stdout
    assert "Traceback" not in done.stderr


# ---- item 5: no parser tables unpickled from the shared temp folder ------------------

def test_building_the_parser_writes_nothing_to_the_temp_folder(tmp_path: Path) -> None:
    code = ("from nainjaune_rules.syntax.parser import ruleset_parser; ruleset_parser(); "
            "import tempfile; print(tempfile.gettempdir())")
    env = {"TMPDIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(tmp_path)
    assert list(tmp_path.iterdir()) == []


# ---- item 9: numbers too large to be counts --------------------------------------------

@pytest.mark.parametrize(("old", "new", "column"), [
    ("players: 3 to 4", "players: 3 to 1234567890", 15),
    ("players: 3 to 4", "players: 3, 4 or " + "9" * 5000, 18),
    ("stake 5", "stake 10000000000", 34),
    ("starting tokens: 50", "starting tokens: 99999999999", 18),
    ("    4 players: 12 cards each", "    4 players: 1000000000000 cards each", 16),
])
def test_a_number_with_more_than_nine_digits_is_too_large(old: str, new: str, column: int,
                                                          tmp_path: Path) -> None:
    text = MINIMAL.replace(old, new)
    line = text.splitlines().index(next(x for x in text.splitlines() if new in x)) + 1
    found = diagnostics_of(text, tmp_path)
    assert [(d.kind, d.line, d.column) for d in found if d.kind == "too-large"] == [
        ("too-large", line, column)]
    assert "at most 9 digits" in found[0].hint
    assert all(len(d.render()) < 1000 for d in found)


def test_a_deals_count_and_a_paragraph_too_large(tmp_path: Path) -> None:
    text = MINIMAL.replace("game ends: when a player cannot stake",
                           "game ends: after 12345678901 deals")
    text = text.replace("evidence reconstructed\n",
                        'evidence reconstructed\ninclude "sources.nj"\n')
    text = text.replace('runs: any suit                                   [inferred "r"]',
                        "runs: any suit  [fr-sheet ¶1234567890]")
    assert [(k, line, col) for k, line, col in kinds_at(text, tmp_path)] == [
        ("too-large", 22, 27), ("too-large", 27, 18)]


def test_a_huge_player_range_is_refused_with_the_table_limit(tmp_path: Path) -> None:
    text = MINIMAL.replace("players: 3 to 4", "players: 3 to 100000")
    (found,) = diagnostics_of(text, tmp_path)
    assert (found.kind, found.line, found.column) == ("too-large", 6, 15)
    assert "at most 52 players" in found.hint


def test_fifty_two_players_are_still_a_range_the_compiler_reads(tmp_path: Path) -> None:
    text = MINIMAL.replace("players: 3 to 4", "players: 3 to 52")
    # allowed as a range: what is wrong is only the deal table that lacks rows
    assert {k for k, _, _ in kinds_at(text, tmp_path)} == {"deal-missing-count"}


# ---- item 10: a byte-order mark ---------------------------------------------------------

def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.nj"
    path.write_bytes(b"\xef\xbb\xbf" + MINIMAL.encode("utf-8"))
    done = run_cli("check", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok, ruleset 'mini'" in done.stdout


def test_positions_after_a_byte_order_mark_are_those_of_the_text(tmp_path: Path) -> None:
    path = tmp_path / "bom.nj"
    path.write_bytes(b"\xef\xbb\xbf" + MINIMAL.replace("ruleset mini", "ruleset mini x")
                     .encode("utf-8"))
    done = run_cli("check", str(path))
    assert "bom.nj:1:14: error[syntax]" in done.stdout


# ---- item 11: names with accents or capitals ---------------------------------------------

@pytest.mark.parametrize(("old", "new", "where", "spelling"), [
    ("ruleset mini", "ruleset dimanche-chez-mémé", (1, 9), "dimanche-chez-meme"),
    ("ruleset mini", "ruleset Mémé", (1, 9), "meme"),
    ("ruleset mini", "ruleset été", (1, 9), "ete"),
])
def test_a_name_with_accents_says_what_a_name_may_hold(old: str, new: str,
                                                      where: tuple[int, int], spelling: str,
                                                      tmp_path: Path) -> None:
    (found,) = diagnostics_of(MINIMAL.replace(old, new), tmp_path)
    assert (found.kind, found.line, found.column) == ("bad-name", *where)
    assert "lower-case letters a-z, digits, '-' and '_'" in found.hint
    assert f"write {spelling}" in found.hint
    assert "end of the line" not in found.message


def test_an_option_name_with_an_accent(tmp_path: Path) -> None:
    text = MINIMAL + ('option durée "how long":  [inferred "r"]\n'
                      '    short (default): nothing changes\n')
    (found,) = diagnostics_of(text, tmp_path)
    assert (found.kind, found.line, found.column, found.length) == ("bad-name", 29, 8, 5)
    assert "write duree" in found.hint


# ---- item 12: every syntax error, in the language's words --------------------------------

def test_syntax_errors_on_lines_five_and_seven_are_both_reported(tmp_path: Path) -> None:
    lines = MINIMAL.splitlines()
    lines.insert(4, "evidense reconstructed")
    lines.insert(6, "players: three to four")
    text = "\n".join(lines) + "\n"
    assert [(k, line) for k, line, _ in kinds_at(text, tmp_path)] == [("syntax", 5),
                                                                      ("syntax", 7)]


def test_every_wrong_statement_is_reported_once(tmp_path: Path) -> None:
    text = (MINIMAL.replace("runs: any suit", "runs: any zuit")
            .replace("winner: most tokens", "winner: mist tokens")
            .replace("    4 players: 12 cards each", "    4 players: twelve cards each")
            .replace("play: clockwise", "play: sideways"))
    assert [(k, line, col) for k, line, col in kinds_at(text, tmp_path)] == [
        ("syntax", 10, 16), ("syntax", 14, 7), ("syntax", 21, 11), ("syntax", 27, 9)]


def test_a_block_missing_its_lines_in_a_later_statement_is_found(tmp_path: Path) -> None:
    text = MINIMAL.replace("runs: any suit", "runs: any zuit") + (
        'option speed "how fast":  [inferred "r"]\n')
    found = diagnostics_of(text, tmp_path)
    assert [(d.kind, d.line) for d in found] == [("syntax", 21), ("syntax", 29)]
    assert "an indented line" in found[1].message
    assert "end of the file" not in found[1].message or found[1].line == 29


@pytest.mark.parametrize("clause", ["after a king", "game ends", "cannot pay in full"])
def test_a_missing_clause_is_named_in_the_language(clause: str, tmp_path: Path) -> None:
    line = next(x for x in MINIMAL.splitlines() if x.startswith(clause))
    (found,) = diagnostics_of(MINIMAL.replace(line + "\n", ""), tmp_path)
    assert found.kind == "missing-clause"
    assert f"'{clause}'" in found.message, found.message
    assert "_" not in found.message


def test_messages_about_fields_use_the_clause_words(tmp_path: Path) -> None:
    text = MINIMAL.replace("evidence reconstructed\n", "evidence reconstructed\n"
                           "points: court cards 0, aces 1, others face value  [inferred \"r\"]\n"
                           "when opera: the player takes its box  [inferred \"r\"]\n"
                           "opera: out on the first turn  [inferred \"r\"]\n")
    messages = [d.message for d in diagnostics_of(text, tmp_path)]
    assert "the points of a court card must be at least 1, not 0" in messages
    assert "'the player takes its box' cannot happen when opera" in messages
