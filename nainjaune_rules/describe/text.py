"""The one escaping helper of the generated pages, and the links between them.

Every string a ruleset carries (a title, a period, a reason, a box name, a call,
an option's description, a rank name, a source, a file name) is untrusted.  The
pages are Markdown with raw HTML blocks and inline SVG in them, and such a
string may land in any of those contexts: HTML escaping alone is not enough in
Markdown text (``*``, ``_``, ``[x](javascript:…)``, a backtick or ``|`` would
still be read as Markdown), and Markdown backslashes show up as raw ``\\`` inside
HTML blocks and code.  :func:`md` therefore writes every character that either
language reads as markup as an HTML character reference (``&lt;``, ``&#42;``,
``&#91;``…): Python-Markdown passes references through untouched, and the
browser shows them as the characters they stand for, in a paragraph, a heading,
a table cell, an HTML block, an attribute or an SVG ``<text>`` alike.  The
templates apply it to every interpolated value (jinja2's ``finalize``); the
statistics page and the charts call it too.

Identifiers that Markdown itself reads (``{ #anchor }``, a link target) go
through :func:`ident` and the link helpers instead, which check or quote them.

Page titles go into front matter through :func:`front_title`, since the
theme writes them into the nav and ``<title>`` unescaped.

Links inside raw HTML are not rewritten by MkDocs, so they are written as the
built URL (``.html``, the site uses ``use_directory_urls: false``), relative
to the page that holds them; :func:`href` computes them.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from urllib.parse import quote

from markupsafe import Markup, escape

from nainjaune_rules.model.translation import Untranslated

#: each character HTML or Markdown (with the tables extension) reads as markup
#: anywhere in a line, and the character reference written in its place
_REFERENCES = {ord(c): f"&#{ord(c)};" for c in "\\`*_{}[]()#!|~\"'"} | {
    ord("<"): "&lt;", ord(">"): "&gt;", ord("&"): "&amp;"}
#: what opens a list when it starts a line: "- x", "+ x", "1. x"
_MD_LEADING = re.compile(r"^(?:\d+\.|[-+])")
_IDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
#: a file stem the site uses as it is in a page's path
_SAFE_STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def md(text: object) -> Markup:
    """``text`` made inert for every context of a page: each character that HTML
    or Markdown reads as markup is written as a character reference.

    Whitespace runs become one space (a newline could start a Markdown block).
    A value already :class:`~markupsafe.Markup` was made safe on purpose (the
    board's SVG, a fenced file, a checked link) and is returned as it is.  A ruleset's
    own text with no translation (:class:`~nainjaune_rules.model.translation.Untranslated`)
    is marked ``lang="en"``.
    """
    if isinstance(text, Markup):
        return text
    if isinstance(text, Untranslated):  # a ruleset's English on another language's page
        return Markup('<span lang="en">') + md(str(text)) + Markup("</span>")
    plain = " ".join(str(text).split())
    head = _MD_LEADING.match(plain)
    lead = head.group(0) if head else ""
    escaped = plain[len(lead):].translate(_REFERENCES)
    if lead:
        escaped = f"{lead[:-1]}&#{ord(lead[-1])};{escaped}"
    return Markup(escaped)


def ident(text: object) -> Markup:
    """An identifier Markdown syntax holds as it is (``{ #option-NAME }``, ``(#slug)``).

    Names of the language (option names, source ids) and the site's slugs are
    made of ASCII letters, digits, ``_`` and ``-``; anything else is refused
    rather than escaped, since an escaped anchor would no longer match its links.
    """
    value = str(text)
    if not _IDENT.fullmatch(value):
        raise ValueError(f"not an identifier: {value!r}")
    return Markup(value)


def page_stem(name: str) -> str:
    """The path a ruleset's name gives its pages (``house/x`` → ``house/x``).

    A name is a file stem under ``rules/``, so it is untrusted: each part that
    is not a plain file name (letters, digits, ``.``, ``_``, ``-``) has its other
    characters replaced by ``-`` and a short hash of the whole name appended, so
    two different names never share a page.
    """
    parts = name.split("/")
    if all(_SAFE_STEM.fullmatch(part) for part in parts):
        return name
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    cleaned = [re.sub(r"[^A-Za-z0-9_-]+", "-", part).strip("-") or "x" for part in parts]
    cleaned[-1] = f"{cleaned[-1]}-{digest}"
    return "/".join(cleaned)


def front_title(text: object) -> Markup:
    """A ``title:`` line for a page's YAML front matter.

    MkDocs and the theme insert a page's title into the nav and into ``<title>``
    without escaping it, so the title given here is HTML-escaped (and quoted as
    a JSON string, which YAML reads as it is).
    """
    plain = " ".join(str(text).split())
    return Markup("title: " + json.dumps(str(escape(plain)), ensure_ascii=False))


def href(from_page: str, to_page: str, anchor: str = "") -> Markup:
    """The relative URL, from page ``from_page`` to ``to_page`` (both ``.md`` paths
    under the docs folder), as the built site serves it."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    if target.endswith(".md"):
        target = target[:-3] + ".html"
    if to_page == from_page:
        target = ""
    return _url(target, anchor)


def md_link(from_page: str, to_page: str, anchor: str = "") -> Markup:
    """The relative ``.md`` link MkDocs checks and rewrites, for Markdown links."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return _url(target, anchor)


def _url(path: str, anchor: str) -> Markup:
    """A relative URL, percent-quoted so that neither HTML nor Markdown reads into it."""
    url = quote(path, safe="/.-_~") + ("#" + quote(anchor, safe="-_.~") if anchor else "")
    return Markup(url)


def fence(code: str, language: str) -> Markup:
    """``code`` as a fenced block, with a fence longer than any backtick run inside."""
    longest = max((len(m) for m in re.findall(r"`+", code)), default=0)
    ticks = "`" * max(3, longest + 1)
    return Markup(f"{ticks}{language}\n{code.rstrip()}\n{ticks}")
