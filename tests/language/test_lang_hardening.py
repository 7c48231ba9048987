"""Hostile and careless ruleset files (issue 8): each is refused with a located,
readable diagnostic, or accepted when it is only a matter of encoding."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from language_support import MINIMAL, REPO, compile_path, compile_text, run_cli

from nainjaune_rules import RulesetError
from nainjaune_rules.core.diagnostics import Diagnostic


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
    # the bidi marks (issue 20, defect 17): invisible, and they reorder a line too
    ("\u200e", "U+200E LEFT-TO-RIGHT MARK"), ("\u200f", "U+200F RIGHT-TO-LEFT MARK"),
    ("\u061c", "U+061C ARABIC LETTER MARK"),
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


@pytest.mark.parametrize("mark", ["\u200e", "\u200f", "\u061c"])
@pytest.mark.parametrize("command", ["show", "compile"])
def test_show_and_compile_never_print_a_bidi_mark(mark: str, command: str,
                                                   tmp_path: Path) -> None:
    """Issue 20, defect 17: a mark in a title, a call or an option text was accepted,
    and printed raw by show and compile; it is refused, located, and shown escaped."""
    path = tmp_path / "marks.nj"
    path.write_text(MINIMAL.replace('title "Minimal"', f'title "Mini{mark}mal"')
                    + f'call on stopping: "sans{mark}"  [inferred "r"]\n', encoding="utf-8")
    done = run_cli(command, str(path))
    assert done.returncode == 1, done.stdout
    assert mark not in done.stdout + done.stderr
    assert f"\\u{ord(mark):04x}" in done.stderr
    assert "marks.nj:2:12: error[control-character]" in done.stderr
    assert "Traceback" not in done.stderr


def test_tabs_stay_allowed_as_indentation_and_between_words(tmp_path: Path) -> None:
    text = MINIMAL.replace("\n    ", "\n\t").replace("leftovers: stay ", "leftovers:\tstay")
    ruleset = compile_text(text, tmp_path)
    assert ruleset.id == "mini"


def test_a_tab_among_space_indented_lines_is_refused_at_the_tab(tmp_path: Path) -> None:
    # a tab counts as four columns: the box line lines up, but the file is not one way
    text = MINIMAL.replace("    7D", "\t7D")
    path = tmp_path / "mixed.nj"
    path.write_text(text, encoding="utf-8")
    ruleset, diagnostics = compile_path(path)
    line = text.splitlines().index('\t7D "the yellow dwarf": stake 5') + 1
    assert ruleset is None
    assert [(d.kind, d.line, d.column) for d in diagnostics] == [("syntax", line, 1)]
    assert "with a tab, and the file with spaces (from line 9)" in diagnostics[0].message


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
    # run from the checkout, so that "-c" imports this checkout's package
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, cwd=REPO)
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


# ---- item 16: resource bounds -------------------------------------------------------------

def _syntax_errors(n: int) -> str:
    return MINIMAL + "".join(f'runs: any zuit{i}  [inferred "r"]\n' for i in range(n))


def test_check_prints_two_hundred_diagnostics_then_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "many.nj"
    path.write_text(_syntax_errors(250), encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 1
    heads = [line for line in done.stdout.splitlines() if ": error[syntax]: " in line]
    assert len(heads) == 200
    assert heads[0].startswith(f"{path}:29:") and heads[-1].startswith(f"{path}:228:")
    # the 201st wrong line is where checking stopped, said after the 200
    assert f"{path}:229:11: error[too-many-problems]: more than 200 errors" in done.stdout
    assert "… and" not in done.stdout
    assert "invalid (more than 200 errors, 0 warnings)" in done.stdout


def test_check_prints_how_many_more_within_the_bound(tmp_path: Path) -> None:
    # 150 errors and 60 warnings: fewer of each than the compiler keeps, 210 in all
    path = tmp_path / "many.nj"
    path.write_text(MINIMAL + 'include "sources.nj"\n' * 61 + "".join(
        f'winner: most tokens  [inferred "again {i}"]\n' for i in range(150)), encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 1
    assert "… and 10 more" in done.stdout
    assert "invalid (150 errors, 60 warnings)" in done.stdout


def test_duplicate_diagnostics_are_found_without_comparing_every_pair(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = MINIMAL + "".join(f'winner: most tokens  [inferred "again {i}"]\n' for i in range(190))
    compares = 0
    equal = Diagnostic.__eq__

    def counting(self: Diagnostic, other: object) -> bool:
        nonlocal compares
        compares += 1
        return equal(self, other)

    monkeypatch.setattr(Diagnostic, "__eq__", counting)
    found = diagnostics_of(text, tmp_path)
    assert len(found) == 190 and {d.kind for d in found} == {"duplicate-clause"}
    assert compares < 1_900  # every pair would be 18,000


def _options(n: int) -> str:
    return MINIMAL + "".join(
        f'option o{i} "option {i}":  [inferred "r"]\n'
        f"    a (default):\n"
        f'        starting tokens: {40 + i % 5}  [inferred "r"]\n'
        f"    b: nothing changes\n"
        for i in range(n))


def test_two_hundred_options_are_resolved_without_laying_every_option_per_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nainjaune_rules.model import resolve

    calls = 0
    slot_of = resolve.slot_of

    def counting(clause: object) -> object:
        nonlocal calls
        calls += 1
        return slot_of(clause)  # type: ignore[arg-type]

    monkeypatch.setattr(resolve, "slot_of", counting)
    ruleset = compile_text(_options(200), tmp_path)
    assert len(ruleset.options) == 200
    assert ruleset.starting_tokens.count == 40 + 199 % 5  # the last option laid wins
    assert calls < 4_000  # laying all 200 options for each of 200 choices is 40,000


OPTIONS = MINIMAL + '''\
option a "a":  [inferred "r"]
    x (default):
        starting tokens: 40  [inferred "r"]
    y: nothing changes
option b "b":  [inferred "r"]
    p (default):
        starting tokens: 30  [inferred "r"]
    q:
        starting tokens: 20  [inferred "r"]
        opera: out on the first turn  [inferred "r"]
        when opera: the winner sweeps the board  [inferred "r"]
    s:
        call on stopping: "stop"  [inferred "r"]
option c "c":  [inferred "r"]
    m (default): nothing changes
    n:
        starting tokens: 10  [inferred "r"]
        call on stopping: "halt"  [inferred "r"]
'''


@pytest.mark.parametrize("wanted", [{}, {"b": "q"}, {"a": "y", "c": "n"}, {"b": "s", "c": "n"}])
def test_each_single_change_equals_choosing_it_from_scratch(wanted: dict[str, str],
                                                            tmp_path: Path) -> None:
    from nainjaune_rules.model.compiler import Compiler
    from nainjaune_rules.model.resolve import choose, clauses_of, single_changes

    path = tmp_path / "options.nj"
    path.write_text(OPTIONS, encoding="utf-8")
    layer = Compiler().layer(path, ())
    assert layer is not None
    variants = list(single_changes(layer.identity, layer.clauses, wanted))
    expected = [choose(layer.identity, layer.clauses, wanted)]
    for option in expected[0].options:
        for choice in option.choices:
            if dict(expected[0].chosen)[option.name] != choice.name:
                expected.append(choose(layer.identity, layer.clauses,
                                       {**wanted, option.name: choice.name}))
    assert len(variants) == len(expected) == 1 + 1 + 2 + 1
    for got, want in zip(variants, expected, strict=True):
        assert got.chosen == want.chosen
        assert clauses_of(got) == clauses_of(want)


def test_a_file_over_one_megabyte_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "big.nj"
    line = 'source s "fr" "padding"\n'
    path.write_text(MINIMAL + line * (1_000_000 // len(line)), encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 1
    assert "error[too-large]: " in done.stdout and "1,000,000 bytes" in done.stdout
    assert "Traceback" not in done.stderr


def test_a_long_bad_word_is_quoted_once_and_cut(tmp_path: Path) -> None:
    word = "x" * 5000
    path = tmp_path / "long.nj"
    path.write_text(MINIMAL.replace("play: clockwise", f"play: {word}"), encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 1
    assert "unexpected text of 5000 characters" in done.stdout
    assert done.stdout.count("x" * 30) == 1  # in the quoted line only
    # the bad word is cut: no line is long but for the file's own path (a temporary folder's)
    assert max(len(line.replace(str(path), "")) for line in done.stdout.splitlines()) < 200


@pytest.mark.parametrize("depth", [40, 330])
def test_a_deep_extends_chain_is_refused_where_it_gets_too_deep(depth: int,
                                                                tmp_path: Path) -> None:
    (tmp_path / "r0.nj").write_text(MINIMAL.replace("ruleset mini", "ruleset r0"),
                                    encoding="utf-8")
    for i in range(1, depth + 1):
        (tmp_path / f"r{i}.nj").write_text(f'ruleset r{i}\nextends "r{i - 1}.nj"\n',
                                           encoding="utf-8")
    done = run_cli("check", str(tmp_path / f"r{depth}.nj"))
    assert done.returncode == 1, done.stdout
    deep = [line for line in done.stdout.splitlines() if "error[too-deep]" in line]
    assert deep == [f"{tmp_path}/r{depth - 31}.nj:2:9: error[too-deep]: rulesets extend each "
                    "other more than 32 deep here"]
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stdout


def test_a_chain_of_thirty_two_rulesets_still_compiles(tmp_path: Path) -> None:
    from language_support import compile_path

    (tmp_path / "r0.nj").write_text(MINIMAL.replace("ruleset mini", "ruleset r0"),
                                    encoding="utf-8")
    for i in range(1, 32):
        (tmp_path / f"r{i}.nj").write_text(f'ruleset r{i}\nextends "r{i - 1}.nj"\n',
                                           encoding="utf-8")
    ruleset, diagnostics = compile_path(tmp_path / "r31.nj")
    assert ruleset is not None and ruleset.id == "r31", diagnostics


def test_a_deep_include_nesting_is_refused(tmp_path: Path) -> None:
    for i in range(40):
        (tmp_path / f"s{i}.nj").write_text(f'include "s{i + 1}.nj"\n', encoding="utf-8")
    (tmp_path / "s40.nj").write_text('source deep "fr" "the bottom"\n', encoding="utf-8")
    text = MINIMAL.replace("evidence reconstructed\n", 'evidence reconstructed\ninclude "s0.nj"\n')
    found = diagnostics_of(text, tmp_path)
    assert [(d.kind, Path(d.file).name) for d in found] == [("too-deep", "s30.nj")]


@pytest.mark.parametrize("name", ["1760", "1902", "fr-sheet", "fr-web", "wiki-modern",
                                  "cz-box", "house/1902-per-card"])
def test_single_changes_of_the_built_in_rulesets_equal_choosing_from_scratch(name: str) -> None:
    from nainjaune_rules.model.compiler import Compiler
    from nainjaune_rules.model.resolve import choose, clauses_of, single_changes
    from nainjaune_rules.syntax.resources import rules_dir

    layer = Compiler().layer((rules_dir() / f"{name}.nj").resolve(), ())
    assert layer is not None
    variants = list(single_changes(layer.identity, layer.clauses, {}))
    first = variants[0]
    assert first == choose(layer.identity, layer.clauses, {})
    others = [(o.name, c.name) for o in first.options for c in o.choices
              if dict(first.chosen)[o.name] != c.name]
    assert len(variants) == 1 + len(others)
    for variant, (option, choice) in zip(variants[1:], others, strict=True):
        want = choose(layer.identity, layer.clauses, {option: choice})
        assert variant.chosen == want.chosen
        assert clauses_of(variant) == clauses_of(want)


def test_a_long_name_with_accents_is_not_quoted_whole(tmp_path: Path) -> None:
    (found,) = diagnostics_of(MINIMAL.replace("ruleset mini", "ruleset " + "é" * 3000),
                              tmp_path)
    assert found.kind == "bad-name"
    assert found.message.startswith("a word of 3000 characters cannot be a name")
    assert len(found.render()) < 600


def test_control_characters_and_syntax_errors_come_in_the_order_of_the_file(
        tmp_path: Path) -> None:
    text = MINIMAL.replace("ruleset mini", "ruleset mémé").replace('"Minimal"', '"Mi\x1bn"')
    text = text.replace("runs: any suit", "runs: any zuit")
    assert kinds_at(text, tmp_path) == [("bad-name", 1, 9), ("control-character", 2, 10),
                                        ("syntax", 21, 11)]
