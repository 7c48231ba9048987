"""Driving the human seat by keystrokes, in a pseudo-terminal (pexpect) or in tmux.

The game of the issue: ``nainjaune play fr-sheet --seats human,lowest,lowest,lowest
--seed 3``.  At the human's first prompt the run needs a queen and the human holds
Q♣ and Q♠, the queen of spades being a box card announced "dame qui prend" with
12 tokens in its box (4 players × stake 3).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pexpect

SEATS = "human,lowest,lowest,lowest"
GAME = ["play", "fr-sheet", "--seats", SEATS, "--seed", "3"]
PROMPT = r"seat \d+> "
CONFIRM = r"\[y/N\] "
ENTER = r"press Enter to go on "
ESCAPE = "\x1b"


def spawn(args: Sequence[str] = GAME, no_color: bool = False) -> pexpect.spawn:
    """The game in a pseudo-terminal (a colour terminal unless ``no_color``)."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"
    if no_color:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(sys.executable, ["-m", "nainjaune_rules", *args], encoding="utf-8",
                         timeout=180, env=env, dimensions=(50, 200))  # a deadline only


def offered(shown: str) -> list[str]:
    """The entries of the last list of moves shown (what the player may type)."""
    section = shown.rsplit("your moves", 1)[-1]
    return re.findall(r"^ {4}(\S+) {2}", section.replace("\r", ""), flags=re.M)


def first(entries: list[str]) -> str:
    return entries[0]


def announcing(entries: list[str]) -> str:
    """The first announced move if there is one (a player who takes every box), else the first."""
    return next((e for e in entries if e.endswith("!")), entries[0])


def play_by_keys(child: pexpect.spawn, choose: Callable[[list[str]], str] = first,
                 confirm: str = "y") -> tuple[list[str], str]:
    """Answer every prompt to the end of the game: what was typed, and everything shown."""
    typed: list[str] = []
    shown: list[str] = []
    while True:
        i = child.expect([PROMPT, CONFIRM, ENTER, pexpect.EOF])
        shown.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if i == 3:
            break
        answer = choose(offered(child.before)) if i == 0 else confirm if i == 1 else ""
        child.sendline(answer)
        typed.append(answer)
    child.close()
    return typed, "".join(shown)


class Tmux:
    """The game in a real terminal emulator: a private tmux server, driven by ``send-keys``.

    What the player saw is read back with ``capture-pane`` (``-J``: wrapped lines
    joined, no escape codes), so a recording reads like the screen.
    """

    def __init__(self, args: Sequence[str] = GAME, width: int = 160, height: int = 50) -> None:
        self.socket = f"nainjaune-human-{os.getpid()}-{id(self)}"
        self.asked = 0  # questions seen on the screen so far
        conf = Path(tempfile.mkdtemp()) / "tmux.conf"
        conf.write_text("set -g remain-on-exit on\nset -g history-limit 20000\n",
                        encoding="utf-8")
        # the shell says the game's exit status on the screen: tmux, under load, may leave
        # the ended game a zombie for a long while before it reads the status itself
        command = ["sh", "-c", '"$@"; echo "[exit status $?]"', "sh", "env", "-u", "NO_COLOR",
                   "TERM=xterm-256color", sys.executable, "-m", "nainjaune_rules", *args]
        self._tmux("-f", str(conf), "new-session", "-d", "-x", str(width), "-y", str(height),
                   shlex.join(command))

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, check=True, timeout=30).stdout

    def screen(self, everything: bool = False) -> str:
        span = ["-S", "-", "-E", "-"] if everything else []
        return self._tmux("capture-pane", "-p", "-J", *span)

    def ended(self) -> int | None:
        """The game's exit status once it has ended, else None."""
        told = re.findall(r"^\[exit status (\d+)\]$", self.screen(), flags=re.M)
        return int(told[-1]) if told else None

    def status(self, timeout: float = 30) -> int:
        """The game's exit status, waiting for it if need be."""
        deadline = time.monotonic() + timeout
        while (status := self.ended()) is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the game has not ended:\n{self.screen()}")
            time.sleep(0.05)
        return status

    def type(self, text: str) -> None:
        if text:
            self._tmux("send-keys", "-l", text)
        self._tmux("send-keys", "Enter")

    def wait(self, patterns: Sequence[str], timeout: float = 60) -> int:
        """Wait for a new question: the index of its pattern, or -1 once the game has ended.

        A question is new when the screen holds more questions than when this was last
        called, so the prompt just answered is never mistaken for the next one.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = [line for line in self.screen(everything=True).splitlines() if line.strip()]
            asked = sum(1 for line in lines if re.match(f"{PROMPT}|.*{CONFIRM}|{ENTER}", line))
            last = lines[-1] if lines else ""
            for i, pattern in enumerate(patterns):
                if asked > self.asked and re.search(pattern.rstrip() + r"\s*$", last):
                    self.asked = asked
                    return i
            if self.ended() is not None:
                return -1
            time.sleep(0.05)
        raise TimeoutError(f"the screen never showed {patterns}:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True,
                       timeout=30)


def play_in_tmux(tmux: Tmux, opening: Sequence[str] = ()) -> list[str]:
    """Type ``opening`` at the first prompts, then at each turn ask ``hint`` and follow it.

    Questions are answered as a careful player would: no to forgetting an
    announcement, Enter to go on.  Returns what was typed.
    """
    typed: list[str] = []
    script = list(opening)
    while (index := tmux.wait([PROMPT, CONFIRM, ENTER])) >= 0:
        if index:
            entry = "n" if index == 1 else ""
        elif script:
            entry = script.pop(0)
        elif typed and typed[-1] == "hint":
            entry = re.findall(r"greedy bot would type (\S+):", tmux.screen())[-1]
        else:
            entry = "hint"
        tmux.type(entry)
        typed.append(entry)
    return typed
