"""Hostile ``--cluster`` arguments and hostile cluster results (issue 20: defects 2, 3, 12).

Surfaces of the tally:

- ``cluster arguments``: every value outside the accepted forms (schemes Dask has
  and we refuse, ports out of range, ``local:0``, malformed IPv6 brackets, control
  and bidi characters, very long values) and every misplaced TLS option is a usage
  error, exit 2, with a one-line message, before anything is loaded or started;
- ``cluster results``: whatever plain data a cluster sends back for a chunk is either
  a well-formed record or a :class:`RecordError` (never another exception).
"""

from __future__ import annotations

import copy
import functools
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nainjaune_rules.analysis.cluster_address import AddressError, parse_address
from nainjaune_rules.analysis.cluster_record import RecordError, from_record, to_record
from nainjaune_rules.analysis.tally import Fold, Tally
from nainjaune_rules.cli.main import main

HOSTILE = [
    # schemes Dask knows, or nobody does
    "ucx://host:8786", "ws://host:8786", "wss://host:8786", "inproc://x", "inproc://x:1",
    "tcp+tls://host:1", "TCP://host:8786", "http://host:80", "https://host:443",
    "file:///etc/passwd", "unix:///tmp/dask.sock", "javascript:alert(1)", "tcp:/host:1",
    "://host:1", "tcp//host:1", "host:8786", "my-laptop", "", " ", "-", "tcp://",
    # local sizes
    "local:", "local:0", "local:-1", "local:257", "local:99999", "local:1e3", "local:0x10",
    "local:\u0663", "local:\uff12", "LOCAL:2", "local::2", " local:2", "local:2 ", "local:2\n",
    "local:" + "9" * 5000, "localhost:2",
    # ports
    "tcp://host", "tcp://host:", "tcp://host:0", "tcp://host:65536", "tcp://host:99999999",
    "tcp://host:-1", "tcp://host:1.5", "tcp://host:\u0661\u0662", "tcp://:8786",
    "tls://host:1:2", "tcp://host:8786/path", "tcp://host:8786?x=1", "tcp://user@host:8786",
    # IPv6 brackets
    "tcp://[::1:8786", "tcp://::1]:8786", "tcp://[[::1]]:8786", "tcp://[::1]]:8786",
    "tcp://::1:8786", "tcp://[zz::1]:8786", "tcp://[::1]8786", "tcp://[]:8786",
    "tcp://[127.0.0.1]:8786", "tcp://[::1%eth0]:8786",
    # host names
    "tcp://-host:1", "tcp://host-:1", "tcp://ho_st:1", "tcp://host..name:1", "tcp://.host:1",
    "tcp://" + "a" * 64 + ":1", "tcp://" + "a." * 130 + "a:1", "tcp://" + "a" * 5000 + ":1",
    "tcp://h\u00f4te:1",
    # control and bidi characters
    "tcp://host\x1b[31m:1", "tcp://host\x07:1", "tcp://host\u202e:1", "tcp://host\n:1",
    "tcp://host:1\n", "\x1b]0;title\x07", "local:2\x00", "tcp://host\u200f:1",
]
#: (extra arguments, what the message says): TLS options that do not fit the address
MISPLACED = [
    (["--cluster", "local:2", "--cluster-ca", "a", "--cluster-cert", "b", "--cluster-key", "c"],
     "go with a tls://HOST:PORT address"),
    (["--cluster", "tcp://host:8786", "--cluster-ca", "a", "--cluster-cert", "b",
      "--cluster-key", "c"], "go with a tls://HOST:PORT address"),
    (["--cluster", "tls://host:8786", "--cluster-cert", "b"], "together"),
    (["--cluster-ca", "a", "--cluster-cert", "b", "--cluster-key", "c"],
     "go with a tls:// --cluster"),
    (["--cluster", "local:2", "--workers", "2"], "not both"),
]
UNSAFE = ("\x1b", "\x07", "\x00", "\u202e", "\u200f")


@pytest.fixture
def nothing_started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records any attempt to load a ruleset or start a cluster (there must be none)."""
    import nainjaune_rules.analysis.cluster as cluster
    import nainjaune_rules.cli.common as common

    started: list[str] = []
    monkeypatch.setattr(common, "load_for_cli", lambda *a: started.append("load"))
    monkeypatch.setattr(cluster, "running", lambda *a: started.append("cluster"))
    return started


def one_line_usage_error(err: str) -> str:
    """The error line of a usage error (after argparse's usage lines), checked."""
    lines = err.rstrip("\n").split("\n")
    errors = [line for line in lines if ": error: " in line]
    assert len(errors) == 1 and lines[-1] == errors[0], err
    assert len(errors[0]) < 400 and not any(c in err for c in UNSAFE), err
    assert "Traceback" not in err and "internal error" not in err
    return errors[0]


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_hostile_cluster_values_are_usage_errors(
        command: str, capsys: pytest.CaptureFixture[str], nothing_started: list[str],
        tally: Counter[str]) -> None:
    base = ["simulate", "fr-sheet"] if command == "simulate" else \
        ["sweep", "fr-sheet", "--vary", "players=3,4"]
    for value in HOSTILE:
        tally["cluster arguments"] += 1
        with pytest.raises(AddressError):
            parse_address(value)
        assert main([*base, f"--cluster={value}"]) == 2, value
        line = one_line_usage_error(capsys.readouterr().err)
        assert "argument --cluster: " in line, line
        assert not nothing_started, value
        tally["cluster arguments ok"] += 1


def test_misplaced_tls_options_are_usage_errors(
        capsys: pytest.CaptureFixture[str], nothing_started: list[str],
        tally: Counter[str]) -> None:
    for extra, says in MISPLACED:
        tally["cluster arguments"] += 1
        assert main(["simulate", "fr-sheet", *extra]) == 2, extra
        line = one_line_usage_error(capsys.readouterr().err)
        assert says in line, line
        assert not nothing_started
        tally["cluster arguments ok"] += 1


def test_unsupported_schemes_name_what_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fr-sheet", "--cluster", "ucx://host:8786"]) == 2
    line = one_line_usage_error(capsys.readouterr().err)
    assert "'ucx://' is not supported" in line
    for form in ("local:N", "tcp://HOST:PORT", "tls://HOST:PORT"):
        assert form in line


def test_the_accepted_forms_parse() -> None:
    assert parse_address("local:3").size == 3
    assert parse_address("tcp://10.0.0.2:8786").port == 8786
    assert parse_address("tls://scheduler.example.org:1").scheme == "tls"
    assert parse_address("tcp://[::1]:8786").host == "[::1]"


def test_a_hostile_value_from_the_real_command_line(tally: Counter[str]) -> None:
    """The installed entry point too: exit 2 at once, nothing but argparse's lines."""
    tally["cluster arguments"] += 1
    run = subprocess.run([sys.executable, "-m", "nainjaune_rules", "simulate", "fr-sheet",
                          "--cluster", "ws://host\x1b[2J:8786"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    one_line_usage_error(run.stderr)
    tally["cluster arguments ok"] += 1


# -- what a cluster sends back ------------------------------------------------------------

FOLD = Fold(4, ("10D", "JC", "QS", "KH", "7D"))


def honest_record() -> dict[str, object]:
    return copy.deepcopy(_honest_record())


@functools.cache
def _honest_record() -> dict[str, object]:
    import nainjaune_rules
    from nainjaune_rules.analysis.adapter import play_one
    from nainjaune_rules.analysis.seeds import game_seed
    from nainjaune_rules.engine import compile_tables

    tables = compile_tables(nainjaune_rules.load_ruleset("fr-sheet"))
    tally = Tally(FOLD.players, FOLD.box_cards)
    for i in range(3):
        tally.add(play_one(tables, ["lowest"] * 4, game_seed(0, i), i, max_deals=1000))
    return to_record(tally)


PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=20)


def test_an_honest_record_round_trips() -> None:
    record = honest_record()
    assert to_record(from_record(record, FOLD, 3, 1000)) == record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(honest_record())), value=PLAIN)
def test_a_record_with_any_field_replaced_is_read_or_refused(
        key: str, value: object, tally: Counter[str]) -> None:
    tally["cluster results"] += 1
    record = {**honest_record(), key: value}
    try:
        from_record(record, FOLD, 3, 1000)
    except RecordError as exc:
        assert "\n" not in str(exc) and not any(c in str(exc) for c in UNSAFE)
    tally["cluster results ok"] += 1


@settings(max_examples=200, deadline=None)
@given(data=PLAIN)
def test_any_plain_value_is_read_or_refused(data: object, tally: Counter[str]) -> None:
    tally["cluster results"] += 1
    with pytest.raises(RecordError):
        from_record(data, FOLD, 3, 1000)
    tally["cluster results ok"] += 1


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r.update(games=2), "2 games instead of 3"),
    (lambda r: r.update(games=True), "a value of type bool"),
    (lambda r: r.update(ended=4), "ended"),
    (lambda r: r.update(ends={"\x1b[31m": 3}), "\\x1b[31m"),
    (lambda r: r.update(ends={"deals": 2}), "do not add up"),
    (lambda r: r.update(game_wins=[0, 0, 0]), "3 seats instead of 4"),
    (lambda r: r.update(deals_histogram=[[1, 1], [1, 2]]), "1 twice"),
    (lambda r: r.update(deals_histogram=[[1001, 3]]), "from 0 to 1000"),
    (lambda r: r.update(deal={"x" * 65: [0] * 6}), "is not a figure's name"),
    (lambda r: r.update(deal={"plays": [0, -1, 0, 0, 0, 0]}), "plays"),
    (lambda r: r.update(winners=2**70), "a value of type int"),
    (lambda r: r.update(extra=1), "the keys differ"),
    (lambda r: r.clear() or r.update(record="nainjaune-chunk/1", error="\x07boom"),
     "failed there: '\\x07boom'"),
])
def test_wrong_records_say_what_is_wrong(change, says: str) -> None:  # type: ignore[no-untyped-def]
    record = honest_record()
    change(record)
    with pytest.raises(RecordError) as refused:
        from_record(record, FOLD, 3, 1000)
    assert says in str(refused.value)
