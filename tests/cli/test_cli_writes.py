"""Writing files and standard output: a failed write is a one-line error (exit 1),
and ``--out`` never destroys the old file (issue 8, item 7), nor a device, a pipe or a
link in its place (issue 20: one safe writer, ``core/safewrite.py``)."""

from __future__ import annotations

import io
import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from nainjaune_rules.cli.common import CliError, write_text_atomic
from nainjaune_rules.core import safewrite

PLAY = ("play", "fr-sheet", "--deals", "1", "--format", "json")  # about 20 kB of JSON


def cli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    options: dict[str, object] = {"stdout": subprocess.PIPE, **kwargs}
    return subprocess.run([sys.executable, "-m", "nainjaune_rules", *args], stderr=subprocess.PIPE,
                          text=True, timeout=120, **options)  # type: ignore[call-overload]


def assert_one_line_error(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 1, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "internal error" not in out.stderr and "Traceback" not in out.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_out_to_a_folder(tmp_path: Path) -> None:
    out = cli(*PLAY, "--out", str(tmp_path))
    assert_one_line_error(out, str(tmp_path), "it is a folder")


def test_out_into_a_missing_folder(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "game.json"
    out = cli(*PLAY, "--out", str(target))
    assert_one_line_error(out, str(target), "does not exist")
    assert not target.parent.exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_out_to_a_device_is_refused() -> None:
    before = os.stat("/dev/full")
    out = cli(*PLAY, "--out", "/dev/full")
    assert_one_line_error(out, "/dev/full", "it is a device")
    after = os.stat("/dev/full")  # neither written nor replaced (as root, a rename would)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_svg_dash_prints_the_chart_instead_of_the_table(tmp_path: Path) -> None:
    out = cli("sweep", "fr-sheet", "--vary", "players=3", "--games", "1", "--svg", "-",
              cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("<svg") and "games each" not in out.stdout
    assert list(tmp_path.iterdir()) == []  # no file named "-"


def test_dash_on_a_terminal_shows_controls_as_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for terminal, shown in [(True, "a\\x1b[2J\\u202eb\tc\n"), (False, "a\x1b[2J\u202eb\tc\n")]:
        stdout = Terminal() if terminal else io.StringIO()
        monkeypatch.setattr(sys, "stdout", stdout)
        write_text_atomic("-", "a\x1b[2J\u202eb\tc\n")
        assert stdout.getvalue() == shown  # a pipe or a file gets the bytes as they are


def test_out_dash_is_standard_output() -> None:
    out = cli(*PLAY, "--out", "-")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("{") and out.stderr == ""


def _limit_file_size() -> None:  # runs in the child, before exec
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_write_cut_by_the_file_size_limit_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("the old transcript\n", encoding="utf-8")
    out = cli(*PLAY, "--out", str(target), preexec_fn=_limit_file_size)
    assert_one_line_error(out, str(target), "File too large")
    assert target.read_text(encoding="utf-8") == "the old transcript\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temp file left


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_standard_output_full() -> None:
    with open("/dev/full", "w") as full:
        out = cli("show", "fr-sheet", stdout=full)
    assert_one_line_error(out, "standard output", "No space left on device")


def test_standard_output_closed() -> None:
    # Python drops what is printed to a closed stdout: the command must say so
    out = cli("show", "fr-sheet", stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert_one_line_error(out, "standard output is closed")


def test_out_does_not_need_standard_output(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    out = cli(*PLAY, "--out", str(target), stdout=subprocess.DEVNULL,
              preexec_fn=lambda: os.close(1))
    assert out.returncode == 0, out.stderr
    assert target.read_text(encoding="utf-8").startswith("{")


def test_a_reader_that_stops_early_is_a_normal_end() -> None:
    with subprocess.Popen([sys.executable, "-m", "nainjaune_rules", "play", "fr-sheet"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.readline()
        child.stdout.close()  # as `| head -1` does
        errors = child.stderr.read().decode()
        assert child.wait(timeout=120) == 0, errors
    assert errors == ""


def test_a_terminal_without_the_game_s_characters_still_gets_the_output() -> None:
    out = cli("list", env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert out.returncode == 0, out.stderr
    assert "\\u017dlut\\xfd trpasl\\xedk" in out.stdout  # Žlutý trpaslík, escaped


def test_any_other_refusal_of_the_system_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from nainjaune_rules.cli import listing
    from nainjaune_rules.cli.main import main

    def refused(_: object) -> int:
        raise PermissionError(13, "Permission denied", "rules/x.nj")

    monkeypatch.setattr(listing, "run", refused)
    assert main(["list"]) == 1
    assert capsys.readouterr().err == "nainjaune: rules/x.nj: Permission denied\n"


# The helper itself, in process.

def test_a_failed_rename_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def refuse(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safewrite.os, "replace", refuse)
    with pytest.raises(CliError, match="out.txt: cannot write the file: No space left on device"):
        write_text_atomic(str(target), "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_text_atomic(str(target), "new ♦")
    assert target.read_text(encoding="utf-8") == "new ♦"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        write_text_atomic(str(tmp_path / "new.txt"), "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644  # not mkstemp's 0600


def test_a_link_is_refused_unless_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(CliError, match="link.txt: cannot write the file: it is a symbolic "
                                       "link .*--follow-links"):
        write_text_atomic(str(link), "new")
    assert real.read_text(encoding="utf-8") == "old"
    write_text_atomic(str(link), "new", follow_links=True)
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"


def test_a_followed_dangling_link_creates_the_file_it_points_to(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "new.txt")
    write_text_atomic(str(link), "made", follow_links=True)
    assert link.is_symlink() and (tmp_path / "new.txt").read_text(encoding="utf-8") == "made"


def test_a_failed_write_in_a_stream_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):  # Ctrl-C in the middle of a streamed output
        with safewrite.open_output(str(target)) as out:
            out.write("half of the ")
            raise KeyboardInterrupt
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_full_disk_in_a_stream_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")

    def full(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safewrite.os, "fsync", full)
    with pytest.raises(safewrite.OutputError, match=r"^[^\n]*out.txt: cannot write the file: "
                                                    r"No space left on device$"):
        safewrite.write_output(str(target), "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o444)
    with pytest.raises(CliError, match=r"Permission denied \(the file is not writable\)"):
        write_text_atomic(str(target), "new")
    assert target.read_text(encoding="utf-8") == "old"


def test_a_file_name_with_controls_reaches_the_message_escaped(tmp_path: Path) -> None:
    name = str(tmp_path / "no-such\x1b[2J\u202e" / "x")
    with pytest.raises(CliError) as caught:
        write_text_atomic(name, "x")
    assert "\x1b" not in caught.value.message and "\u202e" not in caught.value.message
    assert "\\x1b[2J\\u202e" in caught.value.message


# The purse-sweep command (python -m nainjaune_rules.cli.purse_sweep): issue 20, defect 14.

PURSE_SWEEP = (sys.executable, "-m", "nainjaune_rules.cli.purse_sweep")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_purse_sweep_stopped_by_a_signal_is_one_line_and_writes_nothing(
        tmp_path: Path, signum: int, workers: str) -> None:
    target = tmp_path / "sweep.json"
    target.write_text("the old figures\n", encoding="utf-8")
    with subprocess.Popen([*PURSE_SWEEP, "--games", "1000000000", "--workers", workers,
                           "--out", str(target)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as child:
        assert child.stderr is not None
        assert child.stderr.readline().endswith("playing…\n")  # it has started
        child.send_signal(signum)
        out, err = child.communicate(timeout=120)
    assert child.returncode == 128 + signum, err
    assert err.strip().splitlines() == [
        f"python -m nainjaune_rules.cli.purse_sweep: interrupted "
        f"({'Ctrl-C' if signum == signal.SIGINT else 'SIGTERM'}); nothing was written"]
    assert out == "" and target.read_text(encoding="utf-8") == "the old figures\n"
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.json"]


def test_purse_sweep_on_a_full_disk_is_one_line_and_keeps_the_old_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from nainjaune_rules.analysis import purse_grid as ps
    from nainjaune_rules.cli.purse_sweep import main as purse_sweep

    committed = ps.load()
    monkeypatch.setattr(ps, "sweep_variant", lambda name, *a, **k: committed[name])
    target = tmp_path / "sweep.json"
    target.write_text("the old figures\n", encoding="utf-8")

    def full(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safewrite.os, "fsync", full)
    assert purse_sweep(["--out", str(target)]) == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last == (f"python -m nainjaune_rules.cli.purse_sweep: error: {target}: cannot "
                    "write the file: No space left on device")
    assert target.read_text(encoding="utf-8") == "the old figures\n"
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.json"]


def test_a_sweep_whose_temporary_ruleset_cannot_be_written_is_one_line() -> None:
    out = cli("sweep", "fr-sheet", "--vary", "starting tokens=30", "--games", "1",
              preexec_fn=_limit_file_size)  # the written-out ruleset is larger than 4 kB
    assert_one_line_error(out, "the sweep's temporary ruleset: File too large")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_purse_sweep_to_a_full_standard_output_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        out = subprocess.run([*PURSE_SWEEP, "--games", "2"], stdout=full,
                             stderr=subprocess.PIPE, text=True, timeout=300)
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.strip().splitlines()[-1].endswith(
        "cannot write to standard output: No space left on device")


def test_purse_sweep_checks_its_out_before_playing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from nainjaune_rules.analysis import purse_grid as ps
    from nainjaune_rules.cli.purse_sweep import main as purse_sweep

    played: list[str] = []
    monkeypatch.setattr(ps, "sweep_variant", lambda name, *a, **k: played.append(name))
    os.mkfifo(tmp_path / "fifo")
    for bad, said in [(tmp_path / "fifo", "it is a named pipe (FIFO)"),
                      (tmp_path, "it is a folder"),
                      (tmp_path / "no" / "x.json", "does not exist")]:
        assert purse_sweep(["--out", str(bad)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err
    assert played == []
