"""Syntax errors that a new writer makes, told as the mistake they are.

Lark stops at a token; the writer made a word-sized mistake: a misspelled statement
(``startng tokens``), an accented keyword (``opéra``), a French card letter (``VC``),
box lines left unindented under ``board:``, a citation mixed with ``house``, a file
name left unquoted after ``extends``.  Each function here looks at the line around
the place the parser gave up and, when it recognises the mistake, says it and how
to fix it; otherwise it returns ``None`` and the parser's own message stands.
The words compared against come from the grammar (:mod:`.phrases`), never a hand list.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from nainjaune_rules.core.bilingual import NNBSP, NO_WORDS, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import QUOTE_LIMIT, Diagnostic, SourceText
from nainjaune_rules.syntax.phrases import clause_forms, statement_heads
from nainjaune_rules.syntax.screen import ascii_spelling

#: French card letters, as a French deck prints them, and the language's rank
FRENCH_RANKS = {"T": ("10", "the ten"), "V": ("J", "V (valet)"), "D": ("Q", "D (dame)"),
                "R": ("K", "R (roi)")}

#: what the lines of each block are called, by the block's head
_BLOCK_LINES = {"board": Words("box lines", "lignes de cases"), "deal": Words("rows", "rangs"),
                "option": Words("choices", "choix")}
_LINES = Words("lines", "lignes")

_WORD = re.compile(r"[^\W\d_]+(?:[ -][^\W\d_]+)*")


def _code(line: str) -> str:
    """The line without its comment."""
    return line.split("#", 1)[0]


def _quoted(word: str) -> Words:
    if len(word) <= QUOTE_LIMIT:
        return Words(repr(word), q(word))
    return Words(f"a word of {len(word)} characters", f"un mot de {len(word)} caractères")


def french_rank(rank: str, suit: str = "") -> Words:
    """The hint for a rank written as a French deck prints it (``V`` → ``J``), or none."""
    if rank.upper() not in FRENCH_RANKS:
        return NO_WORDS
    ours, name = FRENCH_RANKS[rank.upper()]
    if rank.upper() == "T":
        return Words(f"the ten is written 10: write {ours}{suit}",
                     f"le dix s’écrit 10{NNBSP}: écrivez {ours}{suit}")
    return Words(f"{name} is {ours} in the language: write {ours}{suit}",
                 f"{name} s’écrit {ours} dans le langage{NNBSP}: écrivez {ours}{suit}")


def statement_start(expected_words: set[str]) -> bool:
    """Whether the parser stood where a statement starts (it expected statements' words)."""
    firsts = {f'"{head.split()[0]}"' for head in statement_heads()}
    return len(firsts & expected_words) >= len(firsts) // 2


def misspelled_statement(source: SourceText, line: int, column: int, *,
                         within_head: bool = False) -> Diagnostic | None:
    """A statement whose first words are no statement's: the closest ones, by spelling.

    The parser stopped at the statement's start, or ``within_head`` at a later word
    before its colon (``stop crads:`` is read as far as ``stop``)."""
    raw = source.line(line)
    code = _code(raw)
    margin = len(raw) - len(raw.lstrip(" \t")) + 1
    if within_head and margin > 1 and _block_of(source, line) in ("board", "deal"):
        return None  # a box or a row of a block, not a statement: its own words are told
    if within_head and margin < column <= code.find(":"):
        column = margin
    elif within_head or column != margin:
        return None
    head = code[column - 1:].split(":", 1)[0].split("[", 1)[0].strip()
    match = _WORD.match(head)
    if match is None:
        return None
    written = match.group()
    folded = ascii_spelling(written.replace(" ", "-")).replace("-", " ")
    heads = statement_heads()
    width = len(written)
    for known in sorted(heads, key=len, reverse=True):
        if written == known or written.startswith(known + " "):
            return _not_here(source, known, line, column)
        if folded == known or folded.startswith(known + " "):
            width = len(known)
            return source.diagnostic(DK.SYNTAX, _without_accents(written[:width]), line,
                                     column, width, _write(known))
    words = written.split()
    candidates = {h: " ".join(words[:len(h.split())]).lower() for h in heads}
    scored = sorted(heads, key=lambda h: -difflib.SequenceMatcher(
        None, candidates[h], h).ratio())
    best = scored[0]
    every = tuple(sorted(f'"{h}"' for h in heads))  # for check --explain
    if difflib.SequenceMatcher(None, candidates[best], best).ratio() < 0.6:
        listed = ", ".join(f"'{h}'" for h in scored[:6])
        listed_fr = ", ".join(q(h) for h in scored[:6])
        return replace(source.diagnostic(
            DK.SYNTAX, _no_statement(words[0]), line, column, len(words[0]),
            Words(f"a statement starts with one of: {listed} … (every statement: nainjaune "
                  "check --explain, or the language reference)",
                  f"une instruction commence par l’un de{NNBSP}: {listed_fr} … (toutes les "
                  f"instructions{NNBSP}: nainjaune check --explain, ou la référence du "
                  "langage)")), expected=every)
    said = candidates[best]
    return replace(source.diagnostic(
        DK.SYNTAX, _no_statement(said), line, column, len(said),
        Words(f"did you mean '{best}'?", f"vouliez-vous dire {q(best)}{NNBSP}?")),
        expected=every)


def _no_statement(word: str) -> Words:
    quoted = _quoted(word)
    return Words(f"no statement starts with {quoted.en}",
                 f"aucune instruction ne commence par {quoted.fr}")


def _without_accents(word: str) -> Words:
    quoted = _quoted(word)
    return Words(f"{quoted.en} is written without accents or capitals",
                 f"{quoted.fr} s’écrit sans accents ni majuscules")


def _write(word: str) -> Words:
    return Words(f"write '{word}'", f"écrivez {q(word)}")


def _not_here(source: SourceText, known: str, line: int, column: int) -> Diagnostic | None:
    """A statement written where it cannot stand (``remove`` in an option's choice)."""
    if known != "remove" or _block_of(source, line) in ("", "option"):
        return None
    return source.diagnostic(
        DK.SYNTAX, Words("'remove' cannot stand in an option's choice",
                         f"{q('remove')} ne peut pas figurer dans le choix d’une option"),
        line, column, len(known),
        Words("a choice states clauses; write the remove outside the option, or restate the "
              "clause in the choice as it should read",
              f"un choix énonce des clauses{NNBSP}; écrivez le remove hors de l’option, ou "
              "réécrivez la clause dans le choix telle qu’elle doit se lire"))


def accented_keyword(source: SourceText, text: str, pos: int, line: int, column: int,
                     expected_words: set[str]) -> Diagnostic | None:
    """A keyword written with an accent or capitals (``opéra``) where it is expected."""
    start = pos
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    end = pos
    while end < len(text) and text[end].isalpha():
        end += 1
    word = text[start:end]
    if not word or (word.isascii() and word.islower()):
        return None
    folded = ascii_spelling(word)
    if not folded or f'"{folded}"' not in expected_words:
        return None
    return source.diagnostic(DK.SYNTAX, _without_accents(word), line,
                             column - (pos - start), end - start, _write(folded))


def _block_head(source: SourceText, line: int) -> tuple[int, str, int] | None:
    """The code line above ``line`` when it opens a block: (its number, head, indent)."""
    for number in range(line - 1, 0, -1):
        raw = source.line(number)
        code = _code(raw).split("[", 1)[0].rstrip()
        if not code.strip():
            continue
        if not code.endswith(":"):
            return None
        return number, code.strip()[:-1], len(raw) - len(raw.lstrip(" \t"))
    return None


def unindented_block(source: SourceText, line: int, column: int) -> Diagnostic | None:
    """Lines of a block written at the block head's margin, or a block left empty."""
    opened = _block_head(source, line)
    raw = source.line(line)
    indent = len(raw) - len(raw.lstrip(" \t"))
    if opened is None or indent > opened[2] or column != indent + 1:
        return None
    number, head, _ = opened
    name = head.split()[0] if head.split() else head
    starts = {h.split()[0] for h in statement_heads()}
    first = raw.split()[0].rstrip(":") if raw.split() else ""
    lines = _BLOCK_LINES.get(name, _LINES)
    opener = q(f"{head}:")
    if first in starts and name in _BLOCK_LINES:
        return source.diagnostic(
            DK.SYNTAX, Words(f"the '{head}:' block is empty", f"le bloc {opener} est vide"),
            number, opened[2] + 1, len(head) + 1,
            Words(f"write its {lines.en} below it, indented by four spaces",
                  f"écrivez ses {lines.fr} dessous, en retrait de quatre espaces"))
    return source.diagnostic(
        DK.SYNTAX, Words(f"this line is not indented under '{head}:'",
                         f"cette ligne n’est pas indentée sous {opener}"), line, column,
        max(1, len(raw.strip().split()[0]) if raw.strip() else 1),
        Words(f"indent the {lines.en} under '{head}:' by four spaces",
              f"mettez les {lines.fr} en retrait de quatre espaces sous {opener}"))


def mixed_origin(source: SourceText, line: int, column: int,
                 expected: set[str]) -> Diagnostic | None:
    """``[fr-sheet ¶5; house "…"]``: a house rule's reason written after a citation."""
    if "PARAGRAPH" not in expected:
        return None
    before = _code(source.line(line))[:column - 1]
    bracket = before.rfind("[")
    if bracket < 0 or not re.search(r";\s*house\s*$", before[bracket:]):
        return None
    at = before.rfind("house")
    return source.diagnostic(
        DK.SYNTAX, Words("'house' cannot follow a citation in an origin",
                         f"{q('house')} ne peut pas suivre une citation dans une origine"),
        line, at + 1, 5,
        Words('a house rule stands alone: write [house "…"] (its reason may name the source)',
              f"une règle maison est seule{NNBSP}: écrivez " + q('[house "…"]')
              + " (sa raison peut nommer la source)"))


def unquoted_extends(source: SourceText, line: int, column: int) -> Diagnostic | None:
    """``extends my-rules.nj``: a file name the parser read as a built-in ruleset's name."""
    code = _code(source.line(line)).strip()
    match = re.fullmatch(r"extends\s+(\S+)", code)
    if match is None or not re.search(r"\.\w+$", match.group(1)):
        return None
    name = match.group(1)
    at = source.line(line).find(name) + 1
    quoted = _quoted(name)
    return source.diagnostic(
        DK.SYNTAX, Words(f"{quoted.en} is a file name", f"{quoted.fr} est un nom de fichier"),
        line, at, len(name),
        Words(f'put the file name in quotes: extends "{name}"; a built-in ruleset is named '
              "without quotes or '.nj'",
              f"mettez le nom de fichier entre guillemets{NNBSP}: "
              + q(f'extends "{name}"') + f"{NNBSP}; une règle fournie se nomme sans "
              f"guillemets ni {q('.nj')}"))


#: a card code as written (``KH``, ``10D``, ``7♦``)
_CARD_CODE = re.compile(r"(10|[2-9AJQK])[CDHS♣♦♥♠]", re.I)


def _block_of(source: SourceText, line: int) -> str:
    """The first word of the block ``line`` is in (``board``), or ``""`` at the margin."""
    raw = source.line(line)
    indent = len(raw) - len(raw.lstrip(" \t"))
    for number in range(line - 1, 0, -1):
        above = source.line(number)
        if not _code(above).strip():
            continue
        if len(above) - len(above.lstrip(" \t")) < indent:
            return above.split()[0].rstrip(":")
    return ""


def usual_hint(source: SourceText, line: int, column: int, found: str,
               expected_words: set[str]) -> Words:
    """A hint for an unexpected word that no mistake above explains: the usual slips
    (a comma between cards, a number in words, an origin without brackets or quotes),
    else how the statement is written, from the grammar."""
    before = _code(source.line(line))[:column - 1].rstrip()
    last = re.split(r"[\s\[]", before)[-1]
    if found == "," and "a card code such as QS, 10D or 7♦" in expected_words:
        return Words("cards are separated by spaces, not commas: 7D 9D",
                     f"les cartes sont séparées par des espaces, pas des virgules{NNBSP}: 7D 9D")
    if found.startswith("-") and found[1:].isdigit() and last.isdigit():
        return Words(f"write a range with 'to': {last} to {found[1:]}",
                     f"écrivez un intervalle avec {q('to')}{NNBSP}: {q(f'{last} to {found[1:]}')}")
    if "a whole number" in expected_words and found.isalpha():
        return Words("write the number in digits, e.g. 10",
                     "écrivez le nombre en chiffres, par exemple 10")
    if "a whole number" in expected_words and found.startswith("-"):
        return Words("a number here is a whole number of 1 or more, written without a sign",
                     "ici, un nombre est un entier de 1 ou plus, écrit sans signe")
    if found == ":" and before.split()[:1] == ["option"]:
        return Words(f'describe the option in quotes before the colon: {before} "what it '
                     'changes":',
                     "décrivez l’option entre guillemets avant les deux-points"
                     f"{NNBSP}: " + q(f'{before} "ce qu’elle change":'))
    if '":"' in expected_words and found.strip() not in ("", "[", "]"):
        head = " ".join(before.split())
        return Words(f"put a colon after '{head}': {head}: …",
                     f"mettez un deux-points après {q(head)}{NNBSP}: {q(head + ': …')}")
    keywords = [w.strip('"') for w in expected_words if w.startswith('"')]
    close = difflib.get_close_matches(found.lower(), keywords, n=2, cutoff=0.7)
    if found.isalpha() and close:
        return Words("did you mean " + " or ".join(f"'{c}'" for c in close) + "?",
                     "vouliez-vous dire " + " ou ".join(q(c) for c in close) + f"{NNBSP}?")
    if found.lower() in ("house", "inferred") and before.endswith("["):
        lower = found.lower()
        return Words(f"write '{lower}' in lower case: [{lower} \"reason\"]",
                     f"écrivez {q(lower)} en minuscules{NNBSP}: " + q(f'[{lower} "raison"]'))
    if found in ("house", "inferred") and '"["' in expected_words:
        return Words(f'put the origin in brackets: [{found} "reason"]',
                     f"mettez l’origine entre crochets{NNBSP}: " + q(f'[{found} "raison"]'))
    if _block_of(source, line) == "board" and _CARD_CODE.fullmatch(found) \
            and _CARD_CODE.fullmatch(last):
        return Words(f'a box holds one card: one line each, e.g. {last} "its name": stake 4',
                     f"une case tient une carte{NNBSP}: une ligne chacune, par exemple "
                     + q(f'{last} "son nom": stake 4'))
    if expected_words & {'a quoted text such as "the yellow dwarf"'} and found != "]":
        return Words(f'put the text in double quotes: {last} "{found} …"',
                     f"mettez le texte entre guillemets droits{NNBSP}: "
                     + q(f'{last} "{found} …"'))
    if found == "]" and last in ("house", "inferred"):
        return Words(f'give the reason in quotes: [{last} "reason"]',
                     f"donnez la raison entre guillemets{NNBSP}: " + q(f'[{last} "raison"]'))
    if expected_words == {'"]"'}:
        return Words("close the origin with ']'", f"fermez l’origine par {q(']')}")
    forms = clause_forms(" ".join(before.split(":", 1)[0].split()), _block_of(source, line))
    if forms:
        return Words("it is written " + " or ".join(f"'{f}'" for f in forms),
                     "la clause s’écrit " + " ou ".join(q(f) for f in forms))
    return NO_WORDS
