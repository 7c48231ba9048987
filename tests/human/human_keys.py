"""Driving the human seat by keystrokes, in a pseudo-terminal (pexpect) or in tmux.

The game of the issue: ``nainjaune play fr-sheet --seats human,lowest,lowest,lowest
--seed 3``.  At the human's first prompt the run needs a queen and the human holds
Q♣ and Q♠, the queen of spades being a box card announced "dame qui prend" with
12 tokens in its box (4 players × stake 3).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence

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
                         timeout=60, env=env, dimensions=(50, 200))


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
