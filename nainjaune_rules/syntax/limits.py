"""The bounds on what a ruleset may hold, in one place (site/language.md, "Limits").

A ruleset file may come from anyone: what it costs to read, check and publish
follows from these numbers, whatever the file holds.
"""

from __future__ import annotations

from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK

#: The largest ruleset file read (the built-in ones are under 10 kB).
MAX_RULESET_BYTES = 1_000_000
#: The most bytes one load reads over all its files (what it includes and extends
#: too): the single-file bound, so that checking any ruleset costs what checking
#: one 1 MB file does.
MAX_LOAD_BYTES = MAX_RULESET_BYTES
#: The most files one load reads (each once); a built-in ruleset reads two or three.
MAX_LOAD_FILES = 256
#: The longest chain of ``extends`` (or nesting of ``include``), the first file
#: counted: deeper is refused where it is written, not a crash of the recursion.
MAX_DEPTH = 32

#: The most problems kept of one file's text (control characters, syntax errors,
#: over-long texts), and the most errors (and, apart, warnings) kept of one load:
#: the first ones are what a person fixes first, and the rest would cost time and
#: memory in proportion to the file for nothing (``check`` prints 200).  Checking
#: stops at the next error once as many are kept.
MAX_PROBLEMS = 200
#: The kind of the diagnostic that says where a check stopped keeping problems.
STOPPED = DK.TOO_MANY_PROBLEMS

#: The longest text of each kind a ruleset may carry, in characters, keyed by the
#: grammar rule and the place of the quoted text (or name) in it.  What is not
#: listed gets :data:`TEXT_DEFAULT`.  A name (``ruleset``, ``option``, a choice, a
#: source id) has at most :data:`NAME_MAX` characters.
TEXT_LIMITS: dict[tuple[str, int], tuple[str, int]] = {
    ("title", 0): ("a title", 200),
    ("period", 0): ("a period", 100),
    ("source", 0): ("a source's language", 50),
    ("source", 1): ("a source's description", 1_000),
    ("attested", 0): ("a reason", 1_000),
    ("inferred", 0): ("a reason", 1_000),
    ("house", 0): ("a reason", 1_000),
    ("box", 0): ("a box's name", 100),
    ("call", 0): ("a spoken call", 200),
    ("announcement", 0): ("an announced word", 200),
    ("option", 0): ("an option's question", 300),
    ("include", 0): ("a file name", 255),
    ("extends", 0): ("a file name", 255),
}
TEXT_DEFAULT = ("a quoted text", 1_000)
NAME_MAX = 64
#: a rank's written name (``rank names: as deux trois …``)
RANK_NAME_MAX = 40
