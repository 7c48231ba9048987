"""``nainjaune replay`` treats a transcript as hostile input (issue 8, items 2, 3 and 6).

- Confinement: the ruleset id of a transcript names a built-in ruleset only;
  no transcript makes the tool open or print a file.  A game played on a
  ruleset file is replayed with ``--ruleset FILE``, and replay says so.
- Strictness: a changed ruleset (another sha256), an unknown format and values
  of the wrong type or out of range are refused, exit 1, the first bad field
  named by its JSON path; echoed values cannot reach the terminal raw.
- Malformed files (no deals, huge numbers, NaN, deep nesting, devices, folders,
  bad UTF-8, huge files) are refused the same way, never with a traceback.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nainjaune_rules.cli.main import main
from nainjaune_rules.records.transcript_input import MAX_BYTES, terminal_safe
from nainjaune_rules.syntax.resources import rules_dir

REPO = Path(__file__).parents[2]
GOLDEN = REPO / "tests" / "golden" / "transcripts"
SECRET = "s3cr3t-token-9f2e"


def _golden(name: str = "fr-sheet") -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return doc


def _write(folder: Path, doc: Any, name: str = "game.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def _replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _cli(*args: str, cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], cwd=cwd, env=environ,
                          capture_output=True, text=True, timeout=120)


def _clean(code: int, err: str) -> None:
    assert code == 1, err
    for leak in ("Traceback", "internal error", "Error:", "Errno", "RecursionError", "(char "):
        assert leak not in err, err


# -- item 2: confinement ---------------------------------------------------------------

def _plant_secrets(tmp: Path) -> Path:
    """Files that a path-like id could reach from the working folder ``tmp/a/b``."""
    cwd = tmp / "a" / "b"
    cwd.mkdir(parents=True)
    (tmp / "x").write_text(f"ruleset {SECRET}\n", encoding="utf-8")
    (cwd / "rules").mkdir()
    (cwd / "README.md").write_text(f"{SECRET} first line\n", encoding="utf-8")
    return cwd


@pytest.mark.parametrize("ruleset_id", ["/etc/passwd", "../../x", "/proc/self/environ",
                                        "rules/../README.md"])
def test_a_transcript_id_never_opens_a_file(tmp_path: Path, ruleset_id: str) -> None:
    cwd = _plant_secrets(tmp_path)
    doc = _golden()
    doc["ruleset"]["id"] = ruleset_id
    result = _cli("replay", str(_write(tmp_path, doc)), cwd=cwd, env={"NJ_SECRET": SECRET})
    shown = result.stdout + result.stderr
    _clean(result.returncode, result.stderr)
    assert SECRET not in shown and "root:" not in shown
    assert f'game.json:ruleset.id: there is no built-in ruleset "{ruleset_id}"' in result.stderr
    assert "replay it with --ruleset FILE" in result.stderr


def test_a_file_named_like_a_builtin_in_the_working_folder_is_not_read(tmp_path: Path) -> None:
    # 'fr-sheet' names the built-in ruleset, even where a file of that name lies about
    (tmp_path / "fr-sheet").write_text(f"{SECRET}\n", encoding="utf-8")
    result = _cli("replay", str(GOLDEN / "fr-sheet.json"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert SECRET not in result.stdout + result.stderr


@pytest.mark.parametrize("ruleset_id", ["house-1902-per-card", "house/1902-per-card"])
def test_a_house_transcript_replays_by_its_id(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, ruleset_id: str) -> None:
    doc = _golden("house--1902-per-card")
    assert doc["ruleset"]["id"] == "house-1902-per-card"  # what play writes
    doc["ruleset"]["id"] = ruleset_id  # and the name 'nainjaune list' prints
    code, out, err = _replay(capsys, str(_write(tmp_path, doc)))
    assert code == 0, err
    assert "every event verified" in out


def test_a_game_on_a_ruleset_file_is_replayed_with_that_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(REPO / "rules" / "house" / "1902-per-card.nj", tmp_path / "ours.nj")
    assert main(["play", "ours.nj", "--seed", "2", "--deals", "1", "--format", "json",
                 "--out", "game.json"]) == 0
    capsys.readouterr()
    doc = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert doc["ruleset"]["file"] == "ours.nj"  # its name, not the folder it was in
    code, _, err = _replay(capsys, "game.json")
    _clean(code, err)
    assert ('game.json:ruleset.file: the game was played on the ruleset file "ours.nj", '
            "not a built-in ruleset; replay it with --ruleset FILE") in err
    code, out, err = _replay(capsys, "game.json", "--ruleset", "ours.nj")
    assert code == 0, err
    assert "every event verified" in out


def test_a_builtin_game_records_no_file(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    for path in GOLDEN.glob("*.json"):
        assert "file" not in json.loads(path.read_text(encoding="utf-8"))["ruleset"]
    # a built-in named by its path is still the built-in: nothing to ask for at replay
    out = tmp_path / "game.json"
    # (the package's own copy: a checkout's rules/, an installed wheel's _data/rules)
    assert main(["play", str(rules_dir() / "house" / "two-player-suits.nj"), "--deals", "1",
                 "--format", "json", "--out", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["ruleset"]["id"] == "house-two-player-suits" and "file" not in doc["ruleset"]
    capsys.readouterr()
    code, _, err = _replay(capsys, str(out))
    assert code == 0, err


# -- item 3: strictness -----------------------------------------------------------------

def test_a_changed_ruleset_is_refused_unless_allowed(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    doc = _golden()
    doc["ruleset"]["sha256"] = "0" * 64
    path = str(_write(tmp_path, doc))
    code, out, err = _replay(capsys, path)
    _clean(code, err)
    assert "game.json:ruleset.sha256: the ruleset \"fr-sheet\" has changed" in err
    assert "--allow-changed-rules" in err and out == ""
    code, out, err = _replay(capsys, path, "--allow-changed-rules")
    assert code == 0
    assert "warning: the ruleset \"fr-sheet\" has changed" in err
    assert "every event verified" in out


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        for key in path[:-1]:
            doc = doc[key]
        doc[path[-1]] = value
    return change


def _first_move_seat(seat: Any) -> Callable[[dict[str, Any]], None]:
    return _set(("deals", 0, "moves", 2, "seat"), seat)


STRICT: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("format", _set(("format",), "nainjaune-transcript/9"),
     'format: unknown transcript format "nainjaune-transcript/9"; '
     "this version reads nainjaune-transcript/1"),
    ("seed-string", _set(("seed",), "7"), "seed: expected an integer, found a string"),
    ("seed-decimal", _set(("seed",), 1.5), "seed: expected an integer, found a decimal number"),
    ("seat-string", _first_move_seat("2"),
     "deals[0].moves[2].seat: expected an integer, found a string"),
    ("seat-range", _first_move_seat(7),
     "deals[0].moves[2].seat: there is no seat 7 with 4 players (seats are 0 to 3)"),
    ("seat-negative", _first_move_seat(-1), "deals[0].moves[2].seat: must be at least 0"),
    ("dealer-range", _set(("dealer",), 4), "dealer: there is no seat 4 with 4 players"),
    ("dealer-first-deal", _set(("deals", 0, "dealer"), 2),
     "deals[0].dealer: seat 2 deals first, but the transcript's dealer is seat 0"),
    ("deal-number", _set(("deals", 0, "number"), 2),
     "deals[0].number: deal number 2 in place 1"),
    ("seats-count", _set(("seats",), ["lowest"] * 5), "seats: 5 seats for 4 players"),
    ("players", _set(("players",), 9), "players: the ruleset \"fr-sheet\" deals for 3, 4, 5, "
     "6, 7, 8 players, not 9"),
    ("rank-names", _set(("ruleset", "rank_names", 11), "queen"),
     'ruleset.rank_names[11]: "queen" is not what the ruleset calls this rank ("dame")'),
    ("option-name", _set(("ruleset", "options"), {"paymnt": "cards"}),
     'ruleset.options.paymnt: the ruleset "fr-sheet" has no option "paymnt"; '
     'did you mean "payment"?'),
    ("option-name-unsafe", _set(("ruleset", "options"), {"pay\x1b[2J": "cards"}),
     'ruleset.options["pay\\u001b[2J"]: the ruleset "fr-sheet" has no option "pay\\u001b[2J"'),
    ("option-choice", _set(("ruleset", "options", "payment"), "gold"),
     'ruleset.options.payment: "gold" is not a choice of this option'),
    ("deck", _set(("deals", 0, "deck", 0), "KS"),
     "deals[0].deck: not the 52 cards of the ruleset's deck, each once"),
    ("missing", lambda d: d.pop("seed"), '(the document): the field "seed" is missing'),
    ("extra", _set(("cheat",), 1), '(the document): unexpected field "cheat"'),
]


@pytest.mark.parametrize(("change", "expected"), [(c, e) for _, c, e in STRICT],
                         ids=[i for i, _, _ in STRICT])
def test_a_bad_field_is_refused_by_its_path(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            change: Callable[[dict[str, Any]], None],
                                            expected: str) -> None:
    doc = _golden()
    change(doc)
    code, out, err = _replay(capsys, str(_write(tmp_path, doc)))
    _clean(code, err)
    assert f"game.json:{expected}" in err
    assert out == ""


HOSTILE = "\x1b]0;owned\x07\u202eevil\x9b"


def test_echoed_values_cannot_drive_the_terminal(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    doc = _golden()
    doc["ruleset"]["rank_names"][0] = HOSTILE
    code, _, err = _replay(capsys, str(_write(tmp_path, doc, f"g{HOSTILE}.json")))
    _clean(code, err)
    assert "ruleset.rank_names[0]: " in err
    assert "\\x1b]0;owned\\x07\\u202eevil\\x9b" in err  # shown, escaped: once in the name
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in err


@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b[2J", "\\x1b[2J"), ("\x07", "\\x07"), ("\x7f", "\\x7f"), ("\x9b", "\\x9b"),
    ("\u202e", "\\u202e"), ("\u2066", "\\u2066"), ("\u200f", "\\u200f"),
    ("\ud800", "\\ud800"), ("dame \u00e9 \u2665", "dame \u00e9 \u2665"),
])
def test_terminal_safe_shows_control_and_bidi_characters_as_escapes(raw: str,
                                                                    shown: str) -> None:
    assert terminal_safe(raw) == shown


def test_a_replay_difference_is_told_terminal_safe(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    doc = _golden()
    moves = doc["deals"][0]["moves"]
    i = next(k for k, m in enumerate(moves) if m["events"][0]["type"] == "play")
    moves[i]["events"][0]["said"] = [HOSTILE]  # shown as the transcript's side of the event
    code, _, err = _replay(capsys, str(_write(tmp_path, doc)))
    assert code == 1
    assert f"replay failed: deal 1, move {i + 1}, event 1: the transcript says" in err
    assert "\\u001b]0;owned\\u0007\\u202eevil\\x9b" in err
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in err


def test_the_deal_dealer_is_checked_against_the_engine(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    doc = _golden("1760")
    assert len(doc["deals"]) == 2
    doc["deals"][1]["dealer"] = doc["deals"][0]["dealer"]  # the deal passes on: not the same
    code, _, err = _replay(capsys, str(_write(tmp_path, doc)))
    assert code == 1
    assert "replay failed: deal 2, its dealer: the transcript says" in err


# -- item 6: malformed transcripts ------------------------------------------------------

def _text(doc: dict[str, Any], old: str, new: str) -> bytes:
    text = json.dumps(doc)
    assert old in text
    return text.replace(old, new, 1).encode()


def _malformed() -> list[tuple[str, Callable[[], bytes], str]]:
    g = _golden()
    return [
        # a game may end before its first deal (issue 20): "deals": [] is read, and this
        # game does not end there
        ("no-deals", lambda: json.dumps({**g, "deals": []}).encode(),
         "the engine plays a deal 1 that the transcript lacks"),
        ("deals-missing", lambda: json.dumps({k: v for k, v in g.items() if k != "deals"}
                                             ).encode(),
         '(the document): the field "deals" is missing'),
        ("deals-object", lambda: json.dumps({**g, "deals": {}}).encode(),
         "deals: expected a list, found an object"),
        ("options-list", lambda: json.dumps({**g, "options": ["deals"]}).encode(),
         "options: expected an object, found a list"),
        ("5000-digits", lambda: _text(g, '"seed": 1', '"seed": 1' + "7" * 5000),
         ":1:"),
        ("nan", lambda: _text(g, '"seed": 1', '"seed": NaN'),
         "seed: expected an integer, found NaN, which JSON does not allow"),
        ("infinity", lambda: _text(g, '"players": 4', '"players": -Infinity'),
         "players: expected an integer, found -Infinity, which JSON does not allow"),
        ("deep-lists", lambda: b"[" * 100_000 + b"]" * 100_000,
         "not a Nain Jaune transcript: expected a JSON object"),
        ("deep-object", lambda: b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
         "game.json:1:161: not a transcript: lists or objects nested deeper than 32 levels"),
        # located by line and column, found before the JSON parser builds anything (issue 20)
        ("deep-in-a-field", lambda: _text(g, '"seed": 1', '"seed": ' + "[" * 200 + "]" * 200),
         "nested deeper than 32 levels"),
        ("not-utf8", lambda: json.dumps(g).replace("fr-sheet", "fr-sh\u00e9et").encode("latin-1"),
         "not UTF-8 text"),
        ("list", lambda: b"[1, 2]", "not a Nain Jaune transcript: expected a JSON object"),
        ("truncated", lambda: json.dumps(g).encode()[:-40], "not valid JSON"),
        ("empty", lambda: b"", "1:1: not valid JSON"),
        ("no-colon", lambda: b'{"format" 1}',
         "game.json:1:11: not valid JSON: a colon is missing after a key"),
    ]


MALFORMED = _malformed()


@pytest.mark.parametrize(("make", "expected"), [(m, e) for _, m, e in MALFORMED],
                         ids=[i for i, _, _ in MALFORMED])
def test_a_malformed_transcript_is_refused_cleanly(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path, make: Callable[[], bytes],
                                                   expected: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(make())
    code, out, err = _replay(capsys, str(path))
    _clean(code, err)
    assert expected in err and out == ""
    assert len(err) < 2000


def test_the_longest_number_is_located(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{\n  "seed": ' + b"9" * 5000 + b"\n}")
    code, _, err = _replay(capsys, str(path))
    _clean(code, err)
    assert "game.json:2:11: a number with thousands of digits" in err


def test_a_file_over_the_size_limit_is_not_read(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:  # sparse: costs no disk
        file.truncate(MAX_BYTES + 1)
    code, _, err = _replay(capsys, str(path))
    _clean(code, err)
    assert f"huge.json: the transcript is larger than {MAX_BYTES // (1024 * 1024)} MB" in err


@pytest.mark.parametrize("kind", ["folder", "dev-zero", "fifo", "missing"])
def test_what_is_not_a_regular_file_is_refused(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, kind: str) -> None:
    path = tmp_path / "game.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # opening it must not wait for a writer
    elif kind == "dev-zero":
        path = Path("/dev/zero")
    code, _, err = _replay(capsys, str(path))
    _clean(code, err)
    expected = {"folder": "it is a folder", "dev-zero": "it is not a regular file",
                "fifo": "it is not a regular file", "missing": "(No such file or directory)"}
    assert f"{path}: cannot read the transcript" in err and expected[kind] in err


def test_an_empty_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", ""]) == 2
    assert "the file name is empty" in capsys.readouterr().err


def test_the_untouched_golden_still_replays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _replay(capsys, str(GOLDEN / "fr-sheet.json"))
    assert code == 0, err
    assert out.splitlines()[0].endswith("every event verified")


# -- random damage: whatever a mutation does, replay answers cleanly ----------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30)
    | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=6)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into the document, but only the first two moves of a deal (enough)."""
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:2] if prefix[-1:] == ("moves",) else doc[:60]):
            out += _paths(value, (*prefix, i))
    return out


FUZZED = _golden()
FUZZ_PATHS = _paths(FUZZED)[1:]


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(FUZZ_PATHS), value=_JSON, delete=st.booleans())
def test_a_randomly_damaged_transcript_is_answered_cleanly(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, path: tuple[Any, ...], value: Any,
        delete: bool) -> None:
    doc = json.loads(json.dumps(FUZZED))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    code, out, err = _replay(capsys, str(_write(tmp_path, doc)))
    assert code in (0, 1), err
    assert "Traceback" not in err and "internal error" not in err
    assert len(out) + len(err) < 100_000
    if code == 1:
        assert err.startswith(f"{tmp_path / 'game.json'}:")
