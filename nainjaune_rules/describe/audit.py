"""Claim and evidence side by side, for a maintainer's audit (issue 23, item 6).

For each ruleset: each clause (the rules in force, then every choice of every table
option), its mark (attested, inferred, house), its reason, and for each citation the
sentence(s) that support the clause (found by the key words of ``support.yml``, the
ones the sources page highlights), then the text of each cited paragraph the site
holds, with the project's English.  The closing
lines count what was listed, so that a reviewer can say what an audit covered.
``tools/audit_sources.py`` prints it.

Every text comes from ruleset files and the committed paragraphs: it is made safe for
the terminal here (:func:`~nainjaune_rules.core.textsafe.terminal_safe`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from nainjaune_rules.core.spans import OriginKind
from nainjaune_rules.core.textsafe import terminal_safe
from nainjaune_rules.describe.dimensions import entries
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.sources import cited_numbers, paragraphs, sentences
from nainjaune_rules.describe.support import support
from nainjaune_rules.model.rules import Citation, Clause, Ruleset


@dataclass(frozen=True)
class Claim:
    """One clause of a ruleset, where the page shows it."""

    where: str  # "rules" or "option NAME: CHOICE"
    clause: Clause


def claims(ruleset: Ruleset) -> Iterator[Claim]:
    """Every clause a ruleset page shows: the rules in force, then the options' choices."""
    for entry in entries(ruleset):
        yield Claim("rules", entry.clause)
    for option in ruleset.options:
        yield Claim(f"option {option.name}", option)
        for choice in option.choices:
            for clause in choice.clauses:
                yield Claim(f"option {option.name}: {choice.name}", clause)


def _said(clause: Clause) -> str:
    try:
        return describe(clause).sentence
    except TypeError:  # a clause kind without words yet: named, never guessed at
        return f"(a rule of kind {type(clause).__name__})"


def audit_lines(rulesets: Sequence[tuple[str, Ruleset]]) -> list[str]:
    """The audit of ``rulesets`` (``(name, ruleset)`` pairs), ending with its counts."""
    held = paragraphs()
    counts: Counter[str] = Counter()
    out: list[str] = []
    for name, ruleset in rulesets:
        counts["rulesets"] += 1
        out += [f"== {name}: {ruleset.title}", ""]
        for claim in claims(ruleset):
            origin = claim.clause.origin
            counts["clauses"] += 1
            counts[origin.kind.value] += 1
            out.append(f"[{claim.where}] {_said(claim.clause)}")
            out.append(f"  mark: {origin.kind.value}")
            if origin.reason:
                out.append(f"  reason: {origin.reason}")
            for citation in origin.citations:
                counts["citations"] += 1
                out.append(f"  cites {citation}")
                out += _supporting(citation, claim.clause, counts)
                for number in cited_numbers(citation):
                    shown = held.get(citation.source, {}).get(number)
                    if shown is None:
                        counts["paragraphs without evidence"] += 1
                        out.append(f"    ¶{number}: NO TEXT HELD")
                        continue
                    counts["paragraphs shown"] += 1
                    part = "" if shown.whole else " (in part)"
                    out.append(f"    ¶{number}{part}: {shown.text}")
                    if shown.english != shown.text:
                        out.append(f"      en: {shown.english}")
            if origin.kind is OriginKind.ATTESTED and not origin.citations:
                counts["attested without citation"] += 1
                out.append("  ATTESTED WITHOUT A CITATION")
            out.append("")
    out.append(closing(counts))
    return [terminal_safe(line) for line in out]


def _supporting(citation: Citation, clause: Clause, counts: Counter[str]) -> list[str]:
    """The sentences that support ``clause`` in the paragraphs ``citation`` names."""
    held = paragraphs().get(citation.source)
    if held is None:  # a book cited by section or page: no text held to point into
        counts["citations of a text not held"] += 1
        return []
    found = support(citation, clause)
    if not found.found:
        counts["citations without a supporting sentence"] += 1
        words = ", ".join(found.words) or "none"
        return [f"    NO SUPPORTING SENTENCE (key words: {words};"
                f" not found: {', '.join(found.missing) or '-'})"]
    counts["citations with a supporting sentence"] += 1
    out = []
    for number, indices in found.sentences:
        said = sentences(held[number].text)
        out += [f"    supports, ¶{number} sentence {i}: {said[i - 1]}" for i in indices]
    return out


#: the counts the closing line gives, in this order (each is printed, 0 included)
COUNTED = ("rulesets", "clauses", OriginKind.ATTESTED.value, OriginKind.INFERRED.value,
           OriginKind.HOUSE.value, "citations", "citations with a supporting sentence",
           "citations without a supporting sentence", "citations of a text not held",
           "paragraphs shown", "paragraphs without evidence", "attested without citation")


def closing(counts: Counter[str]) -> str:
    return "counts: " + ", ".join(f"{key} {counts[key]}" for key in COUNTED)
