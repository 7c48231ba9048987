"""A ruleset's own text in another language, from its message catalogues.

Each ruleset file of the rules folder has its catalogue per language,
``rules/locale/LANG/LC_MESSAGES/DOMAIN.po``, ``DOMAIN`` being the file's path in the
folder without ``.nj`` and with ``-`` for ``/`` (``fr-sheet``, ``house-two-packs``,
``sources``).  The entries are made by the Babel extractor (:mod:`.ruletext`); their
``msgctxt`` is the string's :class:`~.ruletext.TextKind`.  :func:`translated` gives the
ruleset with every such string in the language, each looked up in the catalogue of the
file that wrote it (an inherited clause in its parent's, a source in ``sources``'s).
It is for the words shown (pages, cards, ``show``): the rule objects compare equal
and play the same game, since a string keeps its place in them (a pool renamed is
renamed everywhere: in its clause, in ``when the turn-up is 9D`` and in the board).

A string with no translation stays English, as :class:`Untranslated`, which the pages
write inside ``<span lang="en">`` (box and pool names, drawn in the board's SVG where a
``<span>`` cannot stand, stay plain ``str``); :func:`untranslated` lists them, for ``check --lang``
and the site's strict build.  The catalogues are read with :mod:`nainjaune_rules.core.pofile`
(no Babel, no ``.mo``: the installed package and the Pyodide playground read the ``.po``
files the wheel carries).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostics import Diagnostic, Severity, SourceText
from nainjaune_rules.core.pofile import Catalogue, PoError, read_po
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.ruletext import (
    REASON_KIND,
    FileText,
    TextKind,
    is_text_period,
    parse_file_texts,
)
from nainjaune_rules.syntax.resources import RULESET_SUFFIX, rules_dir

SOURCE_LANGUAGE = "en"
LOCALE_FOLDER = "locale"


class Untranslated(str):
    """A ruleset's English text left as it is on a page of another language (no entry in
    its catalogue, or a ruleset with no catalogue): the pages mark it ``lang="en"``."""

    __slots__ = ()
    lang = SOURCE_LANGUAGE


@dataclass(frozen=True)
class Missing:
    """A string with no translation: its kind, its English, the file that wrote it."""

    kind: TextKind
    text: str
    file: str
    domain: str | None  # None: not a file of the rules folder
    #: whether the file has a catalogue in the language: a file of the rules folder
    #: without one (a user's house ruleset dropped there) is shown marked English
    catalogued: bool = False


def domain_of(file: str) -> str | None:
    """The catalogue's name of a ruleset file named ``file`` as spans name it (relative to
    the rules folder: ``house/two-packs.nj``); None for a file outside the rules folder."""
    if not file.endswith(RULESET_SUFFIX) or file.startswith(("/", "..")) or "\\" in file:
        return None
    folder = rules_dir()
    path = folder / file
    try:
        if not path.resolve().is_relative_to(folder.resolve()) or not path.is_file():
            return None
    except OSError:
        return None
    return file.removesuffix(RULESET_SUFFIX).replace("/", "-")


def catalogue_path(lang: str, domain: str) -> Path:
    return rules_dir() / LOCALE_FOLDER / lang / "LC_MESSAGES" / f"{domain}.po"


class CatalogueError(Exception):
    """A catalogue that cannot be read (a translator's slip): ``message`` names the file
    and line, in one line, for ``check`` and the site build."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@functools.lru_cache(maxsize=256)
def catalogue(lang: str, domain: str) -> Catalogue:
    """The catalogue of ``domain`` in ``lang``; empty when there is none; a
    :class:`CatalogueError` when it cannot be read."""
    path = catalogue_path(lang, domain)
    if not path.is_file():
        return Catalogue()
    name = path.relative_to(rules_dir().parent).as_posix()
    try:
        return read_po(path.read_text(encoding="utf-8"))
    except PoError as exc:
        raise CatalogueError(f"{name}:{exc.line}: not a .po file as Babel writes it: "
                             f"{exc.reason}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"{name}: cannot be read as UTF-8 text ({exc})") from None


#: kinds written into the board's SVG drawing, where an HTML ``<span>`` would break out of
#: the SVG: an untranslated box or pool name is shown as written, unmarked
_UNMARKED = frozenset({TextKind.BOX, TextKind.POOL})


class _Translator:
    """Looks every string up in the catalogue of the file that wrote it, noting misses."""

    def __init__(self, lang: str, copy_of: str | None = None) -> None:
        self.lang = lang
        self.copy_of = copy_of
        self.missing: list[Missing] = []

    def text(self, kind: TextKind, text: str, file: str) -> str:
        if not text or self.lang == SOURCE_LANGUAGE:
            return text
        domain = domain_of(file) or self.copy_of
        found = catalogue(self.lang, domain).get(kind.value, text) if domain else None
        if found is None:
            catalogued = domain is not None and catalogue_path(self.lang, domain).is_file()
            self.missing.append(Missing(kind, text, file, domain, catalogued))
            return text if kind in _UNMARKED else Untranslated(text)
        return found

    def origin(self, origin: r.Origin, file: str) -> r.Origin:
        if not origin.reason:
            return origin
        reason = self.text(REASON_KIND[origin.kind], origin.reason, file)
        return dataclasses.replace(origin, reason=reason)

    def clause(self, clause: Any) -> Any:
        file = clause.span.file
        changes: dict[str, Any] = {"origin": self.origin(clause.origin, file)}
        match clause:
            case r.Board():
                changes["boxes"] = tuple(dataclasses.replace(
                    b, name=self.text(TextKind.BOX, b.name, b.span.file or file))
                    for b in clause.boxes)
            case r.Pool():
                changes["name"] = self.text(TextKind.POOL, clause.name, file)
            case r.TurnUpBonus():
                changes["pool"] = self.text(TextKind.POOL, clause.pool, file)
            case r.Call() | r.Announcement():
                changes["word"] = self.text(TextKind.SPOKEN, clause.word, file)
            case r.RankNames():
                changes["names"] = self.rank_names(clause.names, file)
            case r.TableOption():
                changes.update(self.option(clause))
        return dataclasses.replace(clause, **changes)

    def rank_names(self, names: tuple[str, ...], file: str) -> tuple[str, ...]:
        said = self.text(TextKind.RANK_NAMES, " ".join(names), file)
        words = tuple(said.split())
        if isinstance(said, Untranslated) or len(words) != len(names):
            return names  # a translation with another count of words is not used
        return words

    def choice_name(self, option: r.TableOption, name: str) -> str:
        choice = option.choice(name)
        file = choice.span.file if choice else option.span.file
        return self.text(TextKind.OPTION_CHOICE, name, file or option.span.file)

    def option(self, option: r.TableOption) -> dict[str, Any]:
        file = option.span.file
        return {
            "description": self.text(TextKind.OPTION_QUESTION, option.description, file),
            "choices": tuple(dataclasses.replace(
                c, name=self.choice_name(option, c.name),
                clauses=tuple(self.clause(x) for x in c.clauses)) for c in option.choices),
            "default": self.choice_name(option, option.default),
        }

    def source(self, source: r.Source) -> r.Source:
        file = source.span.file
        return dataclasses.replace(
            source, language=self.text(TextKind.SOURCE_LANGUAGE, source.language, file),
            description=self.text(TextKind.SOURCE_DESCRIPTION, source.description, file))

    def ruleset(self, rs: r.Ruleset) -> r.Ruleset:
        file = _display_file(rs.file)
        changes: dict[str, Any] = {
            "title": self.text(TextKind.TITLE, rs.title, file),
            "sources": tuple(self.source(s) for s in rs.sources),
        }
        if is_text_period(rs.period):
            changes["period"] = self.text(TextKind.PERIOD, rs.period, file)
        for f in dataclasses.fields(rs):
            value = getattr(rs, f.name)
            if isinstance(value, r.Clause):
                changes[f.name] = self.clause(value)
            elif isinstance(value, tuple) and value and isinstance(value[0], r.Clause):
                changes[f.name] = tuple(self.clause(c) for c in value)
        changes["chosen"] = tuple(self._chosen(rs))
        if rs.turn_up_bonus is not None:  # the pool it names, as the board's pool is named
            names = {p.name: t.name for p, t in zip(rs.pools, changes["pools"], strict=True)}
            bonus = changes["turn_up_bonus"]
            if rs.turn_up_bonus.pool in names:
                changes["turn_up_bonus"] = dataclasses.replace(
                    bonus, pool=names[rs.turn_up_bonus.pool])
        return dataclasses.replace(rs, **changes)

    def _chosen(self, rs: r.Ruleset) -> Iterator[tuple[str, str]]:
        for option_name, choice_name in rs.chosen:
            option = rs.option(option_name)
            yield option_name, (self.choice_name(option, choice_name) if option
                                else choice_name)


def _display_file(path: str) -> str:
    """A ruleset's file as spans name it (relative to the rules folder when it is there)."""
    if not path:
        return ""
    try:
        return Path(path).resolve().relative_to(rules_dir().resolve()).as_posix()
    except (ValueError, OSError):
        return path


def translated(rs: r.Ruleset, lang: str, *, copy_of: str | None = None) -> r.Ruleset:
    """``rs`` with its own text in ``lang`` (English strings with no translation left
    as :class:`Untranslated`); ``rs`` itself for English.

    ``copy_of`` names the catalogue (a built-in ruleset's domain) that also serves the
    text of files outside the rules folder: the playground's edited copy of a built-in
    ruleset keeps the translation of every string its reader has not changed (a changed
    string has no entry, and shows as written)."""
    if lang == SOURCE_LANGUAGE:
        return rs
    return _Translator(lang, copy_of).ruleset(rs)


def untranslated(rs: r.Ruleset, lang: str) -> list[Missing]:
    """Every string of ``rs`` shown on its pages that has no translation in ``lang``,
    once each, in the order met."""
    if lang == SOURCE_LANGUAGE:
        return []
    translator = _Translator(lang)
    translator.ruleset(rs)
    return list(dict.fromkeys(translator.missing))


def shown_texts(rs: r.Ruleset) -> list[Missing]:
    """Every string of ``rs`` a translation would replace (what :func:`untranslated`
    gives with no catalogue at all): the invariant test holds it to the catalogues."""
    translator = _Translator("und")  # a language with no catalogue: everything missing
    translator.ruleset(rs)
    return list(dict.fromkeys(translator.missing))


def untranslated_diagnostics(rs: r.Ruleset, lang: str, texts: Mapping[str, SourceText]
                             ) -> list[Diagnostic]:
    """An ``untranslated`` warning for each string of ``rs`` with no translation in
    ``lang``, at the string itself (``texts``: the files of the load, by the name spans
    give them, as the compiler's loader keeps them)."""
    places: dict[str, dict[tuple[TextKind, str], FileText]] = {}
    found: list[Diagnostic] = []
    for missing in untranslated(rs, lang):
        source = texts.get(missing.file)
        if missing.file not in places:
            listed = parse_file_texts(missing.file, source.text) if source else None
            places[missing.file] = {(t.kind, t.text): t for t in reversed(listed or [])}
        place = places[missing.file].get((missing.kind, missing.text))
        line, column = (place.span.line, place.span.column) if place else (1, 1)
        message, hint = _untranslated_words(missing, lang)
        length = len(missing.text) + 2 if place and missing.kind is not TextKind.RANK_NAMES else 1
        if source is not None:
            found.append(source.diagnostic(DK.UNTRANSLATED, message, line, column, length,
                                           hint, Severity.WARNING))
        else:
            found.append(Diagnostic(Severity.WARNING, DK.UNTRANSLATED, message.en, missing.file,
                                    line, column, hint=hint.en, message_fr=message.fr,
                                    hint_fr=hint.fr))
    return found


#: each kind of a ruleset's own text, as a French message names it
_KIND_FR: dict[TextKind, str] = {
    TextKind.TITLE: "le titre", TextKind.PERIOD: "l'époque",
    TextKind.SOURCE_LANGUAGE: "la langue d'une source",
    TextKind.SOURCE_DESCRIPTION: "la description d'une source",
    TextKind.BOX: "le nom de case", TextKind.POOL: "le nom de poule",
    TextKind.OPTION_QUESTION: "la question d'une option",
    TextKind.OPTION_CHOICE: "un choix d'option", TextKind.INFERRED_REASON: "la raison déduite",
    TextKind.HOUSE_REASON: "la raison maison",
    TextKind.PARTLY_REASON: "la raison d'une règle attestée en partie",
    TextKind.SPOKEN: "les mots dits", TextKind.RANK_NAMES: "les noms des hauteurs",
}


def _untranslated_words(missing: Missing, lang: str) -> tuple[Words, Words]:
    """The message and hint of an ``untranslated`` warning, in English and French."""
    message = Words(f'no {lang} text for the {missing.kind.value} "{missing.text}"',
                    f"pas de texte {q(lang)} pour {_KIND_FR[missing.kind]} {q(missing.text)}")
    if missing.domain is None:
        return message, Words(
            "a ruleset outside the rules folder has no catalogue: its own text is "
            "shown as written, marked as English (notes/translations.md)",
            f"un jeu de règles hors du dossier des règles n'a pas de catalogue{NNBSP}: son "
            "texte est montré tel qu'il est écrit, marqué comme anglais (notes/translations.md)")
    where = catalogue_path(lang, missing.domain).relative_to(rules_dir().parent).as_posix()
    if missing.catalogued:
        return message, Words(
            f"give its msgstr in {where} (tools/catalogues.py adds new strings)",
            f"donnez son msgstr dans {where} (tools/catalogues.py ajoute les nouveaux textes)")
    return message, Words(
        f"this ruleset has no {lang} catalogue ({where}): its own text is shown as written, "
        "marked as English; tools/catalogues.py makes one",
        f"ce jeu de règles n'a pas de catalogue {q(lang)} ({where}){NNBSP}: son texte est "
        f"montré tel qu'il est écrit, marqué comme anglais{NNBSP}; tools/catalogues.py en "
        "crée un")
