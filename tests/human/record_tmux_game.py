"""Record one whole human game played in tmux: ``python tests/human/record_tmux_game.py``.

``nainjaune play fr-sheet --seats human,lowest,lowest,lowest --seed 2`` (three
deals; at the first prompt the human holds the nain 7♦, a box card) in a 160×50
tmux terminal.  The player asks for help, types a bare ``7D`` and refuses to
forget its announcement, announces ``7D!``, then at every turn asks for a
``hint`` and follows it, and presses Enter after each deal's settlement.  The
whole screen, from the first line, is written to ``fixtures/tmux-game.txt``
(``test_human_tmux.py`` checks that the engine still plays that game, keystroke
for keystroke).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from human_keys import SEATS, Tmux, play_in_tmux

FIXTURE = Path(__file__).parent / "fixtures" / "tmux-game.txt"
RECORDED = ["play", "fr-sheet", "--seats", SEATS, "--seed", "2"]
OPENING = ["help", "7D", "7D!"]


def record() -> str:
    tmux = Tmux(RECORDED)
    try:
        typed = play_in_tmux(tmux, OPENING)
        screen = tmux.screen(everything=True).rstrip()
        status = tmux.status()
    finally:
        tmux.close()
    # the last lines (the status the shell says, tmux's "Pane is dead") are not the game's
    screen = screen.rsplit("\n[exit status", 1)[0].strip("\n") + "\n"
    header = (f"$ nainjaune {shlex.join(RECORDED)}\n"
              f"# {len(typed)} entries typed in tmux; exit status {status}\n")
    return header + screen


if __name__ == "__main__":
    text = record()
    FIXTURE.write_text(text, encoding="utf-8")
    print(f"{FIXTURE}: {len(text.splitlines())} lines")
