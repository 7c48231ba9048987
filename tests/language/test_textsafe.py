"""terminal_safe: what reaches a terminal from user data carries no control or bidi character."""

from __future__ import annotations

import pytest

from nainjaune_rules.core.textsafe import first_unsafe, is_unsafe_char, terminal_safe


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
                                *range(0x2066, 0x206A)]]
    assert all(is_unsafe_char(c) for c in unsafe)
    assert not any(is_unsafe_char(c) for c in " ~\xa0é\u200e\u2028")
    for c in unsafe:
        assert first_unsafe("ok" + c) == 2
        assert all(not is_unsafe_char(ch) for ch in terminal_safe(c))
