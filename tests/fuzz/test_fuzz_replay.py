"""Fuzzing ``nainjaune replay`` with forged and big transcripts (issue 20, items 3, 6, 7).

Surfaces of the tally:

- ``forged transcripts``: games played here, then edited the way a forger would: another
  seed, other seats (kinds and forget rates), decks edited or taken from another seed,
  a deck-file game claiming the seed, a value with a trailing newline.  Each is refused
  with a reason on the first line of stderr (exit 1), or replayed with a verdict that is
  true: the expected outcome comes from an oracle (the same game played again with the
  claimed seats, the claimed seed's decks) and not from replay itself;
- ``big transcripts``: deep and wide JSON, huge numbers, files at the size limit: refused
  in one line, in bounded memory (a subprocess measures its own peak);
- ``played transcripts``: a random built-in ruleset, table options, seats and seed,
  played to JSON by ``play`` and replayed: always ok (item 6).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.cli.main import main
from nainjaune_rules.core.cards import ALL_CODES, parse_card
from nainjaune_rules.engine import DeckExhausted, Game, compile_tables
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats
from nainjaune_rules.records.transcript import dumps
from nainjaune_rules.records.transcript_input import MAX_BYTES, MAX_DEALS

KINDS = ["lowest", "greedy", "random", "lowest:forget=0.5", "greedy:forget=0.25",
         "random:forget=1.0"]
LEAKS = ("Traceback", "internal error", "RecursionError", "MemoryError")


def _replay(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, str, str]:
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(code: int, err: str, path: Path, *reason: str) -> None:
    """Exit 1, the file named on the first line with the reason, no trace of Python."""
    assert code == 1, err
    first = err.splitlines()[0]
    assert first.startswith(str(path)), first
    for word in reason:
        assert word in first, first
    for leak in LEAKS:
        assert leak not in err, err


def _play(tmp_path: Path, ruleset: str, seed: int, specs: list[str], deals: int = 1,
          extra: tuple[str, ...] = ()) -> dict[str, Any]:
    path = tmp_path / f"{ruleset.replace('/', '-')}-{seed}.json"
    argv = ["play", ruleset, "--seed", str(seed), "--seats", ",".join(specs), "--deals",
            str(deals), "--format", "json", "--out", str(path), *extra]
    assert main(argv) == 0
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _write(tmp_path: Path, doc: Any, name: str = "forged.json") -> Path:
    path = tmp_path / name
    path.write_text(dumps(doc) if isinstance(doc, dict) else doc, encoding="utf-8")
    return path


def _moves(doc: dict[str, Any]) -> list[list[tuple[int, str]]]:
    return [[(m["seat"], m["move"]) for m in deal["moves"]] for deal in doc["deals"]]


def _bots_would_play(doc: dict[str, Any], specs: list[str]) -> list[list[tuple[int, str]]]:
    """The oracle: the game of ``doc``'s seed and decks played by ``specs``."""
    decks = [[parse_card(c).index for c in deal["deck"]]  # type: ignore[union-attr]
             for deal in doc["deals"]]
    game = Game(load_ruleset(doc["ruleset"]["id"]), doc["players"], doc["seed"],
                deals=doc["options"]["deals"], dealer=doc["dealer"], record=True, decks=decks)
    try:
        game.play(make_seats(specs))
    except DeckExhausted:  # these bots play on where the transcript's game has ended
        return [[(-1, "a deal more")]]
    return [[(m["seat"], m["move"]) for m in deal["moves"]]  # type: ignore[index]
            for deal in game.deal_records]


# -- forged transcripts ----------------------------------------------------------------

CASES = [(name, seed) for seed in (1, 2) for name in ("fr-sheet", "cz-box", "1902")]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("games")
    rng = random.Random(20)
    return {(name, seed): _play(folder, name, seed, [rng.choice(KINDS) for _ in range(4)],
                                deals=2) for name, seed in CASES}


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_forged_seeds_are_refused(name: str, seed: int, games: Any, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str], tally: Counter[str]
                                  ) -> None:
    rng = random.Random(seed)
    # (not -seed: Python's generator seeds with |seed|, so seed -1 deals seed 1's game)
    for forged in (seed + 1, rng.randrange(2**64), -seed - 1, seed + 2**64):
        tally["forged transcripts"] += 1
        doc = {**games[name, seed], "seed": forged}
        path = _write(tmp_path, doc)
        code, _out, err = _replay(capsys, path)
        _refused(code, err, path, "replay failed", f"seed {forged}")
        tally["forged transcripts ok"] += 1


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_swapped_seats_are_refused_unless_the_bots_agree(
        name: str, seed: int, games: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        tally: Counter[str]) -> None:
    rng = random.Random(seed * 31)
    doc = games[name, seed]
    for _ in range(5):
        tally["forged transcripts"] += 1
        specs = [rng.choice(KINDS) for _ in doc["seats"]]
        path = _write(tmp_path, {**doc, "seats": specs})
        code, out, err = _replay(capsys, path)
        if _bots_would_play(doc, specs) == _moves(doc):
            assert code == 0 and "every move of the bot seats reproduced" in out, err
        else:
            _refused(code, err, path, "replay failed", "the transcript credits seat")
        tally["forged transcripts ok"] += 1


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_edited_decks_are_refused(name: str, seed: int, games: Any, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str], tally: Counter[str]
                                  ) -> None:
    rng = random.Random(seed * 7)
    doc = games[name, seed]
    other = _play(tmp_path, name, seed + 10, doc["seats"], deals=2)
    for _ in range(4):
        tally["forged transcripts"] += 1
        forged = json.loads(json.dumps(doc))
        deck = forged["deals"][rng.randrange(len(forged["deals"]))]["deck"]
        i, j = rng.sample(range(len(deck)), 2)
        deck[i], deck[j] = deck[j], deck[i]
        path = _write(tmp_path, forged)
        code, _out, err = _replay(capsys, path)
        _refused(code, err, path, "replay failed")
        tally["forged transcripts ok"] += 1
    # another seed's decks, hands and moves, whole: legal, but not what this seed deals
    tally["forged transcripts"] += 1
    path = _write(tmp_path, {**other, "seed": seed})
    code, _out, err = _replay(capsys, path, "--no-seat-check")
    _refused(code, err, path, "replay failed", f"seed {seed} ", "the transcript says its decks "
             "come from the seed")
    tally["forged transcripts ok"] += 1


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_a_deck_file_game_claiming_a_seed_is_refused(seed: int, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str],
                                                     tally: Counter[str]) -> None:
    source = _play(tmp_path, "fr-sheet", seed + 100, ["lowest"], deals=1)
    deck = tmp_path / "decks.txt"
    deck.write_text(" ".join(source["deals"][0]["deck"]) + "\n", encoding="utf-8")
    doc = _play(tmp_path, "fr-sheet", seed, ["greedy"], deals=1, extra=("--deck", str(deck)))
    assert doc["decks"]["from"] == "deck file"
    tally["forged transcripts"] += 2
    honest = _write(tmp_path, doc, "honest.json")
    code, out, err = _replay(capsys, honest)
    assert code == 0 and "not derivable from a seed" in out, err
    tally["forged transcripts ok"] += 1
    forged = _write(tmp_path, {**doc, "decks": {"from": "seed"}})
    code, _out, err = _replay(capsys, forged)
    _refused(code, err, forged, "replay failed", f"not the one seed {seed} shuffles")
    tally["forged transcripts ok"] += 1


@pytest.mark.parametrize("where", ["move", "card", "hand", "said", "sha256", "rank", "seat key"])
def test_a_trailing_newline_in_a_pattern_is_refused(where: str, games: Any, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    tally: Counter[str]) -> None:
    tally["forged transcripts"] += 1
    doc = json.loads(json.dumps(games["fr-sheet", 1]))
    deal = doc["deals"][0]
    dealt = next(e for e in deal["setup"] if e["type"] == "deal")
    play = next(e for m in deal["moves"] for e in m["events"] if e["type"] == "play")
    edits = {
        "move": lambda: deal["moves"][0].update(move=deal["moves"][0]["move"] + "\n"),
        "card": lambda: deal["deck"].__setitem__(3, deal["deck"][3] + "\n"),
        "hand": lambda: dealt["hands"]["1"].__setitem__(0, dealt["hands"]["1"][0] + "\n"),
        "said": lambda: play.update(card=play["card"] + "\n"),
        "sha256": lambda: doc["ruleset"].update(sha256=doc["ruleset"]["sha256"] + "\n"),
        "rank": lambda: next(e for m in deal["moves"] for e in m["events"]
                             if e["type"] == "stop" or "needs" in e).update(needs="Q\n"),
        "seat key": lambda: dealt["hands"].update({"2\n": dealt["hands"].pop("2")}),
    }
    try:
        edits[where]()
    except StopIteration:
        pytest.skip(f"no {where} in this game")
    path = _write(tmp_path, doc)
    code, _out, err = _replay(capsys, path)
    _refused(code, err, path, "is not")
    first = err.splitlines()[0]
    assert "\\n" in first or "…" in first  # the newline shown escaped (or cut off), never raw
    tally["forged transcripts ok"] += 1


# -- big transcripts -------------------------------------------------------------------

def _huge(tmp_path: Path, games: Any) -> list[tuple[str, bytes, str]]:
    doc = games["fr-sheet", 1]
    text = dumps(doc)
    head = b'{"format": "nainjaune-transcript/2", "deals": ['
    return [
        ("deep object", b'{"a":' * 5000 + b"1" + b"}" * 5000, "nested deeper than 32"),
        ("deep in a field", text.replace('"seed": 1', '"seed": ' + "[" * 40 + "]" * 40
                                         ).encode(), "nested deeper than 32"),
        ("deep list", b"[" * 50_000 + b"]" * 50_000, "expected a JSON object"),
        ("wide zeros", head + b"0," * 2_000_000 + b"0]}", "more than"),
        ("wide objects", head + b"{}," * 1_000_000 + b"{}]}", "more than"),
        ("wide strings", head + b'"ab",' * 10_000 + b'"ab"]}', "is missing"),
        ("huge token count", text.replace('"balances": [', '"balances": [' + "9" * 30 + ", ", 1
                                          ).encode(), "must be at most"),
        ("thousands of digits", text.replace('"seed": 1', '"seed": ' + "7" * 5000).encode(),
         "thousands of digits"),
        ("a float seed", text.replace('"seed": 1', '"seed": 1.5').encode(), "integer"),
        ("NaN", text.replace('"seed": 1', '"seed": NaN').encode(), "NaN"),
        ("too many deals", dumps({**doc, "deals": doc["deals"] * (MAX_DEALS + 1)}
                                 ).encode(), f"has more than {MAX_DEALS} items"),
        ("brackets in strings", text.replace('"fr-sheet"', '"' + "[" * 100 + '"', 1).encode(),
         "ruleset"),
        ("escaped quotes", text.replace('"fr-sheet"', '"\\"[[[[' + "[" * 50 + '\\\\"', 1
                                        ).encode(), "ruleset"),
    ]


def test_big_transcripts_are_refused_in_one_line(games: Any, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 tally: Counter[str]) -> None:
    for what, data, reason in _huge(tmp_path, games):
        tally["big transcripts"] += 1
        path = tmp_path / "big.json"
        path.write_bytes(data)
        code, _out, err = _replay(capsys, path)
        _refused(code, err, path, reason)
        assert what and len(err) < 2000
        tally["big transcripts ok"] += 1


# The peak of this process's own memory: VmHWM, which exec starts afresh.  Not
# getrusage(RUSAGE_SELF).ru_maxrss: Linux carries into it the peak of the memory the
# process had before exec, a copy of the test runner's when the child was forked (400 MB
# late in a full run), which would hide the replay's own figure.
_PEAK = """
import re, sys
from nainjaune_rules.cli.main import main
code = main(["replay", sys.argv[1]])
with open("/proc/self/status", encoding="ascii") as status:
    print(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1), file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize("shape", [b"0,", b"{},", b"[],", b'"ab",', b"1e9,", b'{"a":[]},',
                                   b'"' + b"a" * 200 + b'",'])
@pytest.mark.parametrize("size", [MAX_BYTES - 64, 16 * 1024 * 1024])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is Linux's")
def test_a_wide_array_is_refused_in_bounded_memory(shape: bytes, size: int, tmp_path: Path,
                                                   tally: Counter[str]) -> None:
    """Before: a 16 MB wide array took 1.5 GB (the depth check kept ~90 bytes per byte)."""
    tally["big transcripts"] += 1
    head = b'{"format": "nainjaune-transcript/2", "seats": ['
    count = (size - len(head) - 16) // len(shape)
    path = tmp_path / "wide.json"
    path.write_bytes(head + shape * count + b"0]}")
    done = subprocess.run([sys.executable, "-c", _PEAK, str(path)], capture_output=True,
                          text=True, timeout=600)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr[-2000:]
    assert not any(leak in done.stderr for leak in LEAKS), done.stderr[-2000:]
    peak_kb = int(lines[-1])
    assert peak_kb < 400_000, f"{shape!r} x {count}: {peak_kb} kB"
    tally["big transcripts ok"] += 1


# -- played transcripts always replay (item 6) ------------------------------------------

@pytest.mark.parametrize("case", range(16))
def test_a_played_transcript_always_replays(case: int, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            tally: Counter[str]) -> None:
    rng = random.Random(case)
    name = rng.choice(builtin_rulesets())
    ruleset = load_ruleset(name)
    tables = compile_tables(ruleset)
    players = rng.choice(sorted(tables.deal_rows) + [default_players(list(tables.deal_rows))])
    options = [f"{o.name}={rng.choice(o.choices).name}" for o in ruleset.options
               if rng.random() < 0.7]
    specs = [rng.choice(KINDS) for _ in range(players)]
    seed = rng.choice([0, 1, rng.randrange(10**6), rng.randrange(2**70), -rng.randrange(99)])
    deals = rng.choice([None, 1, 2, 3])
    extra = [a for o in options for a in ("--option", o)]
    if deals is None:
        extra += ["--max-deals", "12"]
    tally["played transcripts"] += 1
    path = tmp_path / "played.json"
    argv = ["play", name, "--seed", str(seed), "--seats", ",".join(specs), "--players",
            str(players), "--format", "json", "--out", str(path), *extra,
            *(["--deals", str(deals)] if deals else [])]
    played = main(argv)
    _out, err = capsys.readouterr()
    assert played in (0, 1), err  # 1: stopped by --max-deals, said so
    code, out, err = _replay(capsys, path)
    assert code == 0, f"{' '.join(argv)}\n{err}"
    assert f"every deck dealt again from seed {seed} and found the same" in out, out
    assert "every move of the bot seats reproduced" in out, out
    tally["played transcripts ok"] += 1


def test_every_card_code_is_a_card() -> None:
    """The oracle reads decks with parse_card: every code a transcript may hold is one."""
    assert all(parse_card(code) is not None for code in ALL_CODES)
