"""What a command prints passes through one choke point (issue 20, defect 7).

A message that quotes a value from outside without escaping it must still not
reach the terminal raw: ``main`` escapes every ``CliError`` message and writes
stdout and stderr through ``SafeStream``.  The layout survives: newlines, tabs,
and nothing else.  These tests make a command forget to escape, on purpose.
"""

from __future__ import annotations

import argparse
import errno
import io
import sys
from collections.abc import Callable

import pytest

from nainjaune_rules.cli import listing
from nainjaune_rules.cli.common import CliError
from nainjaune_rules.cli.main import main
from nainjaune_rules.core.textsafe import SafeStream

HOSTILE = "\x1b]0;owned\x07\x1b[2J\x9b\u202e\u2066\u200f\u061c"
RAW = set("\x1b\x07\x9b\u202e\u2066\u200f\u061c")  # the unsafe characters of HOSTILE


def run_list_as(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                body: Callable[[argparse.Namespace], int]) -> tuple[int, str, str]:
    monkeypatch.setattr(listing, "run", body)
    code = main(["list"])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_print_that_forgot_to_escape_is_escaped_and_keeps_its_layout(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def careless(args: argparse.Namespace) -> int:
        print(f"name:\t{HOSTILE}\nnext line")
        print(f"warning: {HOSTILE}", file=sys.stderr)
        sys.stdout.write(HOSTILE)
        return 0

    code, out, err = run_list_as(monkeypatch, capsys, careless)
    assert code == 0
    assert not RAW & set(out + err)
    assert out.startswith("name:\t\\u001b]0;owned\\u0007\\u001b[2J\\u009b\\u202e\\u2066"
                          "\\u200f\\u061c\nnext line\n")
    assert err == "warning: " + out.split("\t")[1].split("\n")[0] + "\n"


def test_a_cli_error_quoting_a_raw_value_is_escaped(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def refuses(args: argparse.Namespace) -> int:
        raise CliError(f"{HOSTILE}: cannot read\n  hint: rename it", 1)

    code, out, err = run_list_as(monkeypatch, capsys, refuses)
    assert code == 1 and out == ""
    assert err == ("\\x1b]0;owned\\x07\\x1b[2J\\x9b\\u202e\\u2066\\u200f\\u061c: cannot read\n"
                   "  hint: rename it\n")


def test_a_system_error_naming_a_hostile_file_is_escaped(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def fails(args: argparse.Namespace) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", f"{HOSTILE}\nfake: ok")

    code, _, err = run_list_as(monkeypatch, capsys, fails)
    assert code == 1 and not RAW & set(err)
    assert err.startswith("nainjaune: \\x1b]0;owned") and "\\x0afake: ok: Permission denied" in err


def test_the_streams_are_given_back_after_the_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    before = sys.stdout, sys.stderr
    run_list_as(monkeypatch, capsys, lambda args: 0)
    assert (sys.stdout, sys.stderr) == before


def test_an_argparse_error_echoing_a_value_is_escaped(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "unrecognized arguments" echoes the command line as it is, without repr()
    assert main(["list", f"--{HOSTILE}"]) == 2
    out, err = capsys.readouterr()
    assert not RAW & set(out + err)
    assert "unrecognized arguments: --\\x1b]0;owned\\x07" in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_human_seats_red_survives_on_a_terminal_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def coloured(args: argparse.Namespace) -> int:
        print("\x1b[31mK♥\x1b[0m Q♠ \x1b[32mgreen\x1b[0m")
        return 0

    monkeypatch.setattr(listing, "run", coloured)
    for stream, shown in [(Terminal(), "\x1b[31mK♥\x1b[0m Q♠ \\u001b[32mgreen\x1b[0m\n"),
                          (io.StringIO(), "\\u001b[31mK♥\\u001b[0m Q♠ \\u001b[32mgreen"
                                          "\\u001b[0m\n")]:
        monkeypatch.setattr(sys, "stdout", stream)
        assert main(["list"]) == 0
        assert stream.getvalue() == shown


def test_the_progress_bar_redraws_with_cr_and_shows_a_hostile_name_escaped() -> None:
    from nainjaune_rules.analysis.progress import progress_for

    terminal = Terminal()
    # stderr as main wraps it: CR is the bar's layout there
    bar = progress_for(f"{HOSTILE}\r.nj", 2, SafeStream(terminal, layout="\t\n\r"))
    assert bar is not None
    bar.update(2)
    bar.close()
    drawn = terminal.getvalue()
    assert drawn.startswith("\r\\x1b]0;owned\\x07") and "\\x0d.nj  [" in drawn
    assert drawn.endswith("\r") and not RAW & set(drawn)
