"""Screening a ruleset's text for what the grammar cannot say well by itself.

* Control characters (C0, C1, DEL), the bidi overrides and isolates and the bidi
  marks (U+200E, U+200F, U+061C) would reach a person's terminal when the ruleset's
  titles, calls or reasons are printed, and can make a line read differently from
  what it does.  They are refused wherever
  they appear, with the place of each; a tab is only layout outside quoted text.
* A name with accents or capitals (``ruleset dimanche-chez-mémé``) gets a message
  that says what a name may hold and an ASCII spelling, instead of a parse error
  about what should follow the part of it that lexed.
"""

from __future__ import annotations

import bisect
import re
import unicodedata

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import QUOTE_LIMIT, Diagnostic, SourceText
from nainjaune_rules.core.textsafe import BIDI_CONTROLS, BIDI_MARKS, unsafe_class

BOM = "\ufeff"

_QUOTED = re.compile(r'"[^"\n]*"')
# The unsafe characters of core.textsafe (one definition) and the tab, by line.
_UNSAFE_OR_TAB = re.compile(unsafe_class(keep="\n"))
# What is made a space before parsing: every unsafe character but the line ends.
_BLANKABLE = re.compile(unsafe_class(keep="\t\n\r") + "|\r(?!\n)")
_NAME_CHARS = re.compile(r"[a-z0-9_\-]")
_VALID_NAME = re.compile(r"[a-z0-9][a-z0-9_\-]*")


def _char_name(char: str) -> str:
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}"
    return f"{code} {name}" if name else code


def _unsafe_in_line(raw: str, most: int) -> list[int]:
    """Indexes of the characters of one line that may not stand where they are (``most``
    at most)."""
    if not _UNSAFE_OR_TAB.search(raw):
        return []
    # where quoted texts start and end, in order: one bisection per tab, not a scan
    edges = [edge for m in _QUOTED.finditer(raw) for edge in (m.start(), m.end() - 1)]
    found: list[int] = []
    for match in _UNSAFE_OR_TAB.finditer(raw):
        at = match.start()
        char = raw[at]
        if char == "\t" and bisect.bisect_left(edges, at) % 2 == 0:
            continue  # a tab is only refused inside quoted text (between a start and an end)
        if char == "\r" and at == len(raw) - 1:
            continue  # the CR of a CRLF line ending (SourceText drops it; be safe)
        found.append(at)
        if len(found) >= most:
            break
    return found


def unsafe_characters(source: SourceText, most: int) -> tuple[str, list[Diagnostic]]:
    """Diagnostics for control and bidi characters (``most`` at most: a file made of
    them would otherwise cost a diagnostic per byte), and the text with each made a
    space.

    The parser then reads the blanked text, so the rest of the file is still checked
    and positions stay the same (one character for one).
    """
    problems: list[Diagnostic] = []
    text = source.text
    if not _UNSAFE_OR_TAB.search(text):
        return text, problems
    for number, raw in enumerate(source.lines, start=1):
        for at in _unsafe_in_line(raw, most - len(problems)):
            problems.append(_unsafe_here(source, raw, number, at))
        if len(problems) >= most:
            break
    return _BLANKABLE.sub(" ", text), problems


def _unsafe_here(source: SourceText, raw: str, number: int, at: int) -> Diagnostic:
    char = raw[at]
    if char in BIDI_CONTROLS or char in BIDI_MARKS:
        what = Words("a bidirectional-text control", "un caractère de contrôle bidirectionnel")
        hint = Words("it reorders how the line reads on screen; delete it",
                     f"il change l’ordre de lecture de la ligne à l’écran{NNBSP}; supprimez-le")
    elif char == "\t":
        what = Words("a tab inside quoted text", "une tabulation dans un texte entre guillemets")
        hint = Words("use spaces inside quotes; tabs are only for indentation",
                     f"mettez des espaces entre guillemets{NNBSP}; les tabulations ne servent "
                     "qu’à l’indentation")
    else:
        what = Words("a control character", "un caractère de contrôle")
        hint = Words("a ruleset is plain text; delete it (it would reach the terminal)",
                     f"une règle du jeu est du texte brut{NNBSP}; supprimez-le (il atteindrait "
                     "le terminal)")
    name = _char_name(char)
    return source.diagnostic(DK.CONTROL_CHARACTER,
                             Words(f"{what.en} ({name}) is not allowed here",
                                   f"ici, {what.fr} ({name}) n’a pas sa place"),
                             number, at + 1, 1, hint)


def ascii_spelling(word: str) -> str:
    """A name spelled with what a name may hold: ``Dimanche-chez-Mémé`` → ``dimanche-chez-meme``."""
    plain = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^a-z0-9_\-]+", "-", plain.lower()).strip("-")
    return plain if _VALID_NAME.fullmatch(plain) else ""


def bad_name(source: SourceText, text: str, pos: int, line: int, column: int,
             expected: set[str]) -> Diagnostic | None:
    """A name written with letters a name may not hold, found where the parse stopped.

    ``pos`` is where the parser gave up; the lexer may have taken the start of the
    name (``dimanche-chez-m``) as a whole name, so the word is read back to its start.
    """
    start = pos
    while start > 0 and _NAME_CHARS.match(text[start - 1]):
        start -= 1
    if start == pos and "NAME" not in expected:
        return None
    if start > 0 and not text[start - 1].isspace():
        return None
    end = pos
    while end < len(text) and (text[end].isalnum() or text[end] in "-_"):
        end += 1
    word = text[start:end]
    if not word or _VALID_NAME.fullmatch(word) or word.isdigit():
        return None
    if word.isascii() and not any(c.isupper() for c in word):
        return None
    hint = Words("a name may use lower-case letters a-z, digits, '-' and '_', and starts "
                 "with a letter or digit",
                 f"un nom s’écrit en minuscules a-z, chiffres, {q('-')} et {q('_')}, et "
                 "commence par une lettre ou un chiffre")
    if len(word) > QUOTE_LIMIT:  # quoted once, cut, in the source line
        quoted = Words(f"a word of {len(word)} characters", f"un mot de {len(word)} caractères")
    else:
        quoted = Words(repr(word), q(word))
        spelling = ascii_spelling(word)
        if spelling:
            hint += Words(f"; write {spelling}", f"{NNBSP}; écrivez {spelling}")
    return source.diagnostic(DK.BAD_NAME,
                             Words(f"{quoted.en} cannot be a name: it has letters a name "
                                   "may not use (accents or capitals)",
                                   f"{quoted.fr} ne peut pas être un nom{NNBSP}: il a des "
                                   "lettres qu’un nom ne prend pas (accents ou majuscules)"),
                             line, column - (pos - start), end - start, hint)


def mixed_indentation(source: SourceText, most: int) -> list[Diagnostic]:
    """Lines indented with tabs where the file indents with spaces, or the reverse.

    A tab counts as four columns, so a block indented partly with tabs and partly
    with spaces may line up on screen and not for the parser, or the reverse: the
    first indented line sets the file's way, and a line that strays from it is refused
    at its first stray character."""
    if "\t" not in source.text:
        return []
    way, first = "", 0
    problems: list[Diagnostic] = []
    for number, raw in enumerate(source.lines, start=1):
        stripped = raw.lstrip(" \t")
        lead = raw[: len(raw) - len(stripped)]
        if not lead or not stripped or stripped.startswith("#"):
            continue
        if not way:
            way, first = lead[0], number
        stray = next((at for at, char in enumerate(lead) if char != way), None)
        if stray is None:
            continue
        said = (Words("with a tab, and the file with spaces",
                      "par une tabulation, et le fichier par des espaces")
                if lead[stray] == "\t" else
                Words("with spaces, and the file with tabs",
                      "par des espaces, et le fichier par des tabulations"))
        problems.append(source.diagnostic(
            DK.SYNTAX, Words(f"this line is indented {said.en} (from line {first})",
                             f"cette ligne est indentée {said.fr} (depuis la ligne {first})"),
            number, stray + 1, 1,
            Words("indent every line the same way, with four spaces a level "
                  "(a tab counts as four columns)",
                  "indentez toutes les lignes de la même façon, quatre espaces par niveau "
                  "(une tabulation compte pour quatre colonnes)")))
        if len(problems) >= most:
            break
    return problems
