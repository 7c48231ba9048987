"""Mutations of ruleset text shared by the property tests and the fuzz tests."""

from __future__ import annotations


def mutate_lines(text: str, ops: list[tuple[int, int, int, str]]) -> str:
    """Apply ``ops`` (op, i, j, extra) to the lines of ``text``.

    op 0 deletes line i, 1 duplicates line j before line i, 2 swaps lines i and j,
    3 inserts ``extra`` into line i, 4 swaps two words of line i, 5 drops one,
    6 replaces one with ``extra``, 7 cuts the text short; i and j wrap around.
    """
    lines = text.split("\n")
    for op, i, j, extra in ops:
        if not lines:
            lines = [extra]
            continue
        i %= len(lines)
        j %= len(lines)
        if op == 0:  # delete a line
            del lines[i]
        elif op == 1:  # duplicate a line
            lines.insert(i, lines[j])
        elif op == 2:  # swap two lines
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:  # insert characters
            pos = j % (len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + extra + lines[i][pos:]
        elif op == 4:  # swap two words in a line
            words = lines[i].split(" ")
            a, b = j % len(words), len(extra) % len(words)
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
        elif op == 5:  # drop a word
            words = lines[i].split(" ")
            del words[j % len(words)]
            lines[i] = " ".join(words)
        elif op == 6:  # replace a word
            words = lines[i].split(" ")
            words[j % len(words)] = extra
            lines[i] = " ".join(words)
        else:  # cut the file short
            cut = j % (len(lines) + 1)
            lines = lines[:cut]
    return "\n".join(lines)
