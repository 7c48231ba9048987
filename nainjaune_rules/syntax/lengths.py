"""How long each text of a ruleset may be: a title, a reason, a name, a spoken call…

Every quoted text and every name reaches the site, the terminal and the
playground, some of them on many pages: a 200 kB title once added 21 MB to the
site.  Each has a longest length (:data:`~nainjaune_rules.syntax.limits.TEXT_LIMITS`,
documented in site/language.md, "Limits"); a longer one is refused at the text
itself, with the file, line and column, before any meaning is checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nainjaune_rules.core.bilingual import NNBSP, Words, number_fr
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import Diagnostic, SourceText
from nainjaune_rules.syntax.limits import NAME_MAX, RANK_NAME_MAX, TEXT_DEFAULT, TEXT_LIMITS

if TYPE_CHECKING:
    from lark import Token, Tree


def text_limit(rule: str, token_type: str, place: int) -> tuple[str, int] | None:
    """What the token is and its longest length (characters between the quotes for a
    quoted text), or None for a token whose length is bounded elsewhere (a number).

    ``place`` counts the quoted texts before this one in the same grammar rule.
    """
    if token_type == "STRING":
        return TEXT_LIMITS.get((rule, place), TEXT_DEFAULT)
    if token_type == "NAME":
        return "a name", NAME_MAX
    if token_type == "RANK_NAME":
        return "a rank's name", RANK_NAME_MAX
    return None


def overlong_texts(tree: Tree[Token], source: SourceText, most: int) -> list[Diagnostic]:
    """A diagnostic for each text of the tree longer than its kind allows (``most`` at
    most: the caller keeps no more)."""
    from lark import Token

    problems: list[Diagnostic] = []
    for node in tree.iter_subtrees():
        strings = 0
        for child in node.children:
            if not isinstance(child, Token):
                continue
            bound = text_limit(str(node.data), child.type, strings)
            strings += child.type == "STRING"
            if bound is None:
                continue
            length = len(child) - 2 if child.type == "STRING" else len(child)
            if length <= bound[1]:
                continue
            problems.append(_too_long(source, child, length, *bound))
            if len(problems) >= most:
                return problems
    return problems


def _too_long(source: SourceText, token: Token, length: int, what: str, most: int
              ) -> Diagnostic:
    french = WHAT_FR[what]
    return source.diagnostic(
        DK.TOO_LONG, Words(f"{what} has {length:,} characters, more than the {most:,} allowed",
                           f"{french} a {number_fr(length)} caractères, plus que les "
                           f"{number_fr(most)} permis"),
        token.line or 1, token.column or 1, len(token),
        Words(f"{what} holds at most {most:,} characters; shorten it",
              f"{french} a au plus {number_fr(most)} caractères{NNBSP}; raccourcissez ce texte"))


#: each kind of text of :data:`TEXT_LIMITS` named in French (a test checks it is whole)
WHAT_FR = {
    "a title": "un titre", "a period": "une époque",
    "a source's language": "la langue d’une source",
    "a source's description": "la description d’une source", "a reason": "une raison",
    "a box's name": "le nom d’une case", "a spoken call": "une annonce parlée",
    "an announced word": "un mot annoncé", "an option's question": "la question d’une option",
    "a file name": "un nom de fichier", "a quoted text": "un texte entre guillemets",
    "a name": "un nom", "a rank's name": "le nom d’un rang",
}
