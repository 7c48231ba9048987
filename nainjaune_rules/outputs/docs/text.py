"""Escaping and linking helpers for the generated pages.

The pages are Markdown with raw HTML blocks in them.  Inside the HTML blocks,
jinja2's autoescape does the work.  In Markdown text (a heading, a sentence
outside a block) HTML escaping is not enough, since ``*``, ``_``, ``[`` or a
backtick would still be read as Markdown: :func:`md` escapes both.

Page titles go into front matter through :func:`front_title`, since the
theme writes them into the nav and ``<title>`` unescaped.

Links inside raw HTML are not rewritten by MkDocs, so they are written as the
built URL (``.html``, the site uses ``use_directory_urls: false``), relative
to the page that holds them; :func:`href` computes them.
"""

from __future__ import annotations

import json
import posixpath
import re

from markupsafe import Markup, escape

#: the characters Python-Markdown (with the tables extension) lets a backslash escape
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def md(text: object) -> Markup:
    """``text`` made safe for Markdown: HTML-escaped, Markdown punctuation backslashed."""
    plain = " ".join(str(text).split())
    return escape(_MD_SPECIAL.sub(r"\\\1", plain))


def front_title(text: object) -> Markup:
    """A ``title:`` line for a page's YAML front matter.

    MkDocs and the theme insert a page's title into the nav and into ``<title>``
    without escaping it, so the title given here is HTML-escaped (and quoted as
    a JSON string, which YAML reads as it is).
    """
    plain = " ".join(str(text).split())
    return Markup("title: " + json.dumps(str(escape(plain)), ensure_ascii=False))


def href(from_page: str, to_page: str, anchor: str = "") -> str:
    """The relative URL, from page ``from_page`` to ``to_page`` (both ``.md`` paths
    under the docs folder), as the built site serves it."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    if target.endswith(".md"):
        target = target[:-3] + ".html"
    if to_page == from_page:
        target = ""
    return target + (f"#{anchor}" if anchor else "")


def md_link(from_page: str, to_page: str, anchor: str = "") -> str:
    """The relative ``.md`` link MkDocs checks and rewrites, for Markdown links."""
    target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return target + (f"#{anchor}" if anchor else "")


def fence(code: str, language: str) -> Markup:
    """``code`` as a fenced block, with a fence longer than any backtick run inside."""
    longest = max((len(m) for m in re.findall(r"`+", code)), default=0)
    ticks = "`" * max(3, longest + 1)
    return Markup(f"{ticks}{language}\n{code.rstrip()}\n{ticks}")
