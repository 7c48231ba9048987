"""English counts and articles for what the terminal and the narration say.

``count(1, "card")`` is "1 card", ``count(2, "box")`` "2 boxes";
``article("8")`` is "an", as said aloud ("an eight", "an eleven", "an ace",
"an A"); ``or_list(["3", "4", "5"])`` is "3, 4 or 5".
"""

from __future__ import annotations

from collections.abc import Sequence

#: nouns whose plural is not the noun and an "s"
_PLURALS = {"box": "boxes", "match": "matches", "penalty": "penalties"}

#: letters whose name, said aloud, starts with a vowel sound (A "ay", F "ef", S "ess"…)
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def plural(word: str) -> str:
    return _PLURALS.get(word, word + "s")


def count(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one (``many``: an irregular plural)."""
    return f"{n} {word if n == 1 else many or plural(word)}"


def article(word: str) -> str:
    """ "a" or "an" before ``word`` as it is said aloud: digits as numbers, one letter by
    its name (a card's rank code is one letter: "an A", "a J"), other words by their
    first letter."""
    if word[:1].isdigit():
        digits = word.split()[0].rstrip(",.;:")
        # eight…, eleven, eighteen, and eleven/eighteen hundred (1100, 1800)
        eleven = digits[:2] in ("11", "18") and len(digits) in (2, 4)
        return "an" if digits.startswith("8") or eleven else "a"
    head = word.split()[0] if word.split() else word
    if len(head) == 1 and head.isalpha() and head.isupper():
        return "an" if head in _VOWEL_LETTERS else "a"
    return "an" if head[:1].lower() in "aeiou" else "a"


def with_article(word: str) -> str:
    return f"{article(word)} {word}"


def or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return joined(items, "or")


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return joined(items, "and")


def joined(items: Sequence[str], last: str) -> str:
    """``a``, ``a LAST b``, ``a, b LAST c`` (the English and French lists of the prose too)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]
