"""Make the rulesets' message catalogues up to date with the ruleset files.

    python tools/catalogues.py [--lang fr] [--compile]

For each ruleset file of ``rules/`` (one catalogue per file, its domain the file's path
without ``.nj``, ``/`` written ``-``): ``pybabel extract`` its strings into
``rules/locale/templates/DOMAIN.pot``, then ``pybabel update`` (``init`` the first
time) ``rules/locale/LANG/LC_MESSAGES/DOMAIN.po``: new strings come in empty, strings
whose English changed come back ``fuzzy`` (a guess the translator confirms), strings
gone become obsolete ``#~`` entries.  ``--compile`` also runs ``pybabel compile``
(the ``.mo`` files are not used by the package, which reads the ``.po``: see
notes/translations.md; they are git-ignored).  The same steps can be run by hand, e.g.

    pybabel extract -F babel.cfg -o rules/locale/templates/fr-sheet.pot rules/fr-sheet.nj
    pybabel update -D fr-sheet -i rules/locale/templates/fr-sheet.pot -d rules/locale -l fr
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
LOCALE = RULES / "locale"


def domain(path: Path) -> str:
    return path.relative_to(RULES).with_suffix("").as_posix().replace("/", "-")


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


#: the header line pybabel rewrites on every run, whether anything changed or not
_DATE = re.compile(rb'^"POT-Creation-Date: .*$', re.MULTILINE)


def unless_only_dated(file: Path, step: Callable[[], None]) -> None:
    """Run ``step``, which rewrites ``file``; keep the old file when only its creation date
    changed (so that two people refreshing the catalogues do not both touch every file)."""
    old = file.read_bytes() if file.exists() else None
    step()
    if old is not None and _DATE.sub(b"", file.read_bytes()) == _DATE.sub(b"", old):
        file.write_bytes(old)


def refresh(path: Path, lang: str, compile_mo: bool) -> None:
    name = domain(path)
    template = LOCALE / "templates" / f"{name}.pot"
    template.parent.mkdir(parents=True, exist_ok=True)
    unless_only_dated(template, lambda: pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), "--project", "nainjaune-rules",
        "--no-wrap", "-o", str(template), str(path.relative_to(ROOT))))
    catalogue = LOCALE / lang / "LC_MESSAGES" / f"{name}.po"
    step = "update" if catalogue.exists() else "init"
    extra = ["--no-wrap", "--ignore-obsolete"] if step == "update" else ["--no-wrap"]
    unless_only_dated(catalogue, lambda: pybabel(
        step, "-D", name, "-i", str(template), "-d", str(LOCALE), "-l", lang, *extra))
    if compile_mo:
        pybabel("compile", "-D", name, "-d", str(LOCALE), "-l", lang, "--use-fuzzy")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--compile", action="store_true")
    args = parser.parse_args(argv)
    import os
    os.chdir(ROOT)  # the catalogues' "#:" references name files from the checkout's root
    for path in sorted(RULES.rglob("*.nj")):
        refresh(path, args.lang, args.compile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
