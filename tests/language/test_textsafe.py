"""terminal_safe: what reaches a terminal from user data carries no control or bidi character."""

from __future__ import annotations

import io
import json
import re

import pytest

from nainjaune_rules.core.textsafe import (
    RED,
    RESET,
    SafeStream,
    first_unsafe,
    is_unsafe_char,
    terminal_safe,
    unsafe_class,
)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[2J", "\\x1b[2J"),           # ESC: clear the screen
        ("ding\x07", "ding\\x07"),          # BEL
        ("a\rb", "a\\x0db"),                # CR overwrites the line
        ("\x7f", "\\x7f"),                  # DEL
        ("\x9b31m", "\\x9b31m"),            # C1 CSI
        ("abc\u202edef", "abc\\u202edef"),  # right-to-left override
        ("\u2066x\u2069", "\\u2066x\\u2069"),  # isolates
        ("a\tb\nc", "a\\x09b\\x0ac"),
        ("\u200fxy\u200e\u061c", "\\u200fxy\\u200e\\u061c"),  # bidi marks (issue 20)
    ],
)
def test_control_and_bidi_characters_become_visible_escapes(raw: str, shown: str) -> None:
    assert terminal_safe(raw) == shown


def test_ordinary_text_is_unchanged() -> None:
    text = 'Nain Jaune — « la dame de pique » 7♦ ¶14 mémé ½'
    assert terminal_safe(text) == text
    assert first_unsafe(text) is None


def test_keep_layout_keeps_tabs_and_newlines_only() -> None:
    assert terminal_safe("a\tb\nc\x1b", keep_layout=True) == "a\tb\nc\\x1b"


def test_every_unsafe_character_is_found() -> None:
    unsafe = [chr(c) for c in [*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
                                *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]]
    assert all(is_unsafe_char(c) for c in unsafe)
    assert not any(is_unsafe_char(c) for c in " ~\xa0é\u200b\u200d\u2028\u0600")
    assert {c for c in map(chr, range(0x10000)) if is_unsafe_char(c)} == set(unsafe)
    for c in unsafe:
        assert first_unsafe("ok" + c) == 2
        assert all(not is_unsafe_char(ch) for ch in terminal_safe(c))


def test_unsafe_class_can_leave_layout_out() -> None:
    kept = re.compile(unsafe_class(keep="\t\n"))
    assert not kept.search("a\tb\nc") and kept.search("\r") and kept.search("\u200f")
    assert re.compile(unsafe_class()).search("\n")


def _written(text: str, **how: object) -> str:
    sink = io.StringIO()
    SafeStream(sink, **how).write(text)  # type: ignore[arg-type]
    return sink.getvalue()


def test_a_safe_stream_escapes_what_a_message_forgot_and_keeps_the_layout() -> None:
    assert _written("a\x1b]0;t\x07\u202e\x9b\n\tb") == "a\\u001b]0;t\\u0007\\u202e\\u009b\n\tb"
    assert _written("a\rb") == "a\\u000db"
    assert _written("a\rb", layout="\n\r") == "a\rb"  # the progress bar's CR, on stderr
    text = "Nain Jaune — 7♦ mémé\n"
    assert _written(text) == text


def test_a_safe_stream_lets_only_the_human_seats_red_through_and_only_when_asked() -> None:
    card = f"{RED}7♦{RESET}"
    assert _written(card, colours=True) == card
    assert _written(card) == "\\u001b[31m7♦\\u001b[0m"
    # any other sequence, even an SGR colour, is escaped
    assert _written("\x1b[32mx\x1b]0;t\x07", colours=True) == "\\u001b[32mx\\u001b]0;t\\u0007"


def test_a_safe_stream_keeps_json_valid_and_equal() -> None:
    """A JSON output (ensure_ascii=False) may carry raw C1 and bidi characters in its
    strings; the stream's \\uXXXX escapes are JSON's own, so the value is unchanged."""
    value = {"name": "a\x9b\u202e\u200f\x85\x7fb", "n": [1, 2]}
    text = json.dumps(value, ensure_ascii=False)
    shown = _written(text)
    assert first_unsafe(shown) is None and json.loads(shown) == value
