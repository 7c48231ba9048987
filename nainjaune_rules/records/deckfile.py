"""Deck files: the order of the cards for each deal, given instead of a shuffle.

One line per deal, the deck's card codes separated by spaces, the first code
being the top card (dealt first).  Blank lines and ``#`` comments are skipped.
A wrong file is refused with ``file:line:column``, the code at fault and a hint.

The file is untrusted: only a regular file is read (not a device such as
``/dev/zero``, a folder or a pipe), of at most :data:`MAX_DECK_FILE_BYTES`, and
it must be UTF-8; the text at fault and the file's name are shown with control
and bidi characters escaped (:func:`~nainjaune_rules.core.textsafe.terminal_safe`).
"""

from __future__ import annotations

import hashlib
import os
import stat

from nainjaune_rules.core.cards import RANK_CODES, Card, parse_card
from nainjaune_rules.core.textsafe import terminal_safe

# 52 codes of up to 3 characters per deal: about 200 bytes a line, so 5,000 deals
MAX_DECK_FILE_BYTES = 1_000_000

CODE_HINT = "card codes are A 2 3 4 5 6 7 8 9 10 J Q K followed by C D H S (or ♣♦♥♠), e.g. 10D"


class DeckFileError(Exception):
    """A deck file that cannot be used; ``str()`` is the message for the user."""


def _error(path: str, line: int, col: int, message: str, hint: str) -> DeckFileError:
    return DeckFileError(f"{terminal_safe(path)}:{line}:{col}: {message}\n  hint: {hint}")


def parse_deck_text(text: str, path: str, deck: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    """Each deal's deck as card indices, with its line number; ``deck``: the ruleset's cards."""
    wanted = {c.index for c in deck}
    decks: list[tuple[int, list[int]]] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        seen: dict[int, int] = {}
        cards: list[int] = []
        col = 0
        for token in body.split():
            col = body.index(token, col) + 1
            card = parse_card(token)
            if card is None:
                raise _error(path, lineno, col, f"'{_shown(token)}' is not a card code",
                             CODE_HINT)
            if card.index not in wanted:
                raise _error(path, lineno, col, f"'{_shown(token)}' is not in this ruleset's deck",
                             f"the deck has the ranks {_ranks(deck)} only"
                             + _packs_hint(deck))
            if card.index in seen:
                raise _error(path, lineno, col, f"'{_shown(token)}' appears twice on this line "
                             f"(first at column {seen[card.index]})", "each card once per deal")
            seen[card.index] = col
            cards.append(card.index)
            col += len(token) - 1
        if len(cards) != len(deck):
            missing = " ".join(c.code for c in deck if c.index not in seen)
            raise _error(path, lineno, 1, f"{len(cards)} cards on this line, the deck has "
                         f"{len(deck)}", f"missing: {missing}")
        decks.append((lineno, cards))
    if not decks:
        raise _error(path, 1, 1, "no deck in this file", "one line of card codes per deal")
    return decks


def read_deck_file(path: str, deck: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    return read_deck_file_digested(path, deck)[0]


def read_deck_file_digested(path: str, deck: tuple[Card, ...]
                            ) -> tuple[list[tuple[int, list[int]]], str]:
    """The decks of the file, and the sha256 of its bytes (what ``sha256sum`` prints):
    a transcript records the digest, never the path."""
    data = _read_bounded(path)
    return _decks_of(data, path, deck), hashlib.sha256(data).hexdigest()


def _decks_of(data: bytes, path: str, deck: tuple[Card, ...]) -> list[tuple[int, list[int]]]:
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")  # the mark some editors write
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[line_start:exc.start].decode("utf-8", errors="replace")) + 1
        raise _error(path, line, col, f"byte 0x{data[exc.start]:02x} is not UTF-8 text",
                     "save the deck file as UTF-8 (plain text)") from None
    return parse_deck_text(text, path, deck)


def _read_bounded(path: str) -> bytes:
    """The bytes of a regular file of at most MAX_DECK_FILE_BYTES, else DeckFileError."""
    try:
        # O_NONBLOCK: opening a fifo must not wait for a writer before fstat refuses it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DeckFileError(f"{terminal_safe(path)}: cannot read the deck file: {reason}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a device or a pipe"
            raise DeckFileError(f"{terminal_safe(path)}: cannot read the deck file: it is {kind}, "
                                "not a regular file")
        data = _read_at_most(fd, MAX_DECK_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckFileError(f"{terminal_safe(path)}: cannot read the deck file: "
                            f"{exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_DECK_FILE_BYTES:
        raise DeckFileError(f"{terminal_safe(path)}: the deck file is larger than "
                            f"{MAX_DECK_FILE_BYTES:,} "
                            "bytes\n  hint: one line of card codes per deal is all it needs")
    return data


def too_few_lines(path: str, decks: list[tuple[int, list[int]]], deal: int) -> DeckFileError:
    """The error for a game that needs more deals than the file gives."""
    after = decks[-1][0] + 1 if decks else 1
    return _error(path, after, 1, f"no deck for deal {deal}: the file has {len(decks)} "
                  f"deal line{'s' if len(decks) != 1 else ''}",
                  "add one line per deal, or limit the game with --deals")


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(65536, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _shown(token: str) -> str:
    """A token from the file as it may be printed: cut short, control and bidi characters
    escaped."""
    return terminal_safe(token[:20] + ("…" if len(token) > 20 else ""))


def _packs_hint(deck: tuple[Card, ...]) -> str:
    """With several packs, how a copy is written; with one, that no mark is (#22)."""
    packs = 1 + max((c.pack for c in deck), default=0)
    if packs == 1:
        return ", from one pack (no pack mark such as /2)"
    return f", from {packs} packs: 7D is the first pack's, 7D/2 the second's"


def _ranks(deck: tuple[Card, ...]) -> str:
    seen: list[str] = []
    for card in deck:
        code = RANK_CODES[card.rank - 1]
        if code not in seen:
            seen.append(code)
    return " ".join(seen)
