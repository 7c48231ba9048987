"""``tools/audit_sources.py``: claim and evidence side by side (issue 23, item 6)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nainjaune_rules
from nainjaune_rules.describe.audit import audit_lines, claims
from nainjaune_rules.describe.sources import cited_numbers

TOOL = Path(__file__).parents[2] / "tools" / "audit_sources.py"


def _run(*names: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *names], capture_output=True,
                          text=True, timeout=120)


def test_a_clause_is_shown_with_its_citation_and_the_text_that_supports_it() -> None:
    done = _run("cz-box")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("== cz-box: ")
    # the clause, its mark, its citation, the sentence that supports it (the one the
    # sources page highlights), then the cited paragraph's own words
    block = re.search(r"cites cz-box ¶29\n    supports, ¶29 sentence 2: ([^\n]*)\n"
                      r"    ¶29: ([^\n]*)", out)
    assert block and block.group(1).startswith("Pokud může a chce")
    assert block.group(1) in block.group(2) and block.group(1) != block.group(2)
    assert "cites cz-box ¶5-10\n    supports, ¶5 sentence 1: " in out
    assert "    ¶10: - 7 hnědých žetonů" in out
    assert "[option change: from-the-bank]" in out and "mark: inferred" in out


def test_the_counts_are_those_of_the_rulesets() -> None:
    ruleset = nainjaune_rules.load_ruleset("1902")
    listed = list(claims(ruleset))
    citations = [c for claim in listed for c in claim.clause.origin.citations]
    paragraphs = sum(len(cited_numbers(c)) for c in citations)
    last = audit_lines([("1902", ruleset)])[-1]
    assert last == (f"counts: rulesets 1, clauses {len(listed)}, "
                    f"attested {sum(c.clause.origin.kind.value == 'attested' for c in listed)}, "
                    f"inferred {sum(c.clause.origin.kind.value == 'inferred' for c in listed)}, "
                    f"house 0, citations {len(citations)}, citations with a supporting "
                    f"sentence {len(citations)}, citations without a supporting sentence 0, "
                    f"citations of a text not held 0, paragraphs shown {paragraphs}, "
                    "paragraphs without evidence 0, attested without citation 0")
    assert len(listed) > 40


def test_every_built_in_ruleset_by_default_and_a_wrong_name_refused() -> None:
    done = _run()
    assert done.returncode == 0
    assert done.stdout.count("\n== ") + done.stdout.startswith("== ") == len(
        nainjaune_rules.builtin_rulesets())
    last = done.stdout.splitlines()[-1]
    assert "paragraphs without evidence 0" in last
    assert "citations without a supporting sentence 0" in last
    wrong = _run("no-such\x1b[31m")
    assert wrong.returncode == 1 and "no built-in ruleset" in wrong.stderr
    assert "\x1b" not in wrong.stderr
