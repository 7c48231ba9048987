"""The site's one escaping helper, :func:`md`: whatever a ruleset writes is shown
as written, in every context a generated page puts it in, and nothing is live.

Python-Markdown (with the site's extensions) renders each context; the stdlib
HTML parser then reads back what a browser would show.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

import markdown
import pytest
from markupsafe import Markup

from nainjaune_rules.describe.text import ident, md

HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "![i](javascript:alert(1))",
    "<https://example.invalid/>",
    "{{ 7*7 }} {% raw %}",
    "a | b | c",
    "`code` ``two``",
    "*emphasis* _under_ **strong**",
    "&amp; &lt; &#42;",
    "- a list?",
    "+ a list?",
    "12. a list?",
    "# a heading?",
    "> a quote?",
    "title { #id .class }",
    "back\\slash\\",
    "'single' \"double\"",
]
#: each context is Markdown a page writes, with X where the text goes
CONTEXTS = {
    "paragraph": "Before X after.",
    "line start": "X",
    "heading": "## X { #anchor }",
    "list item": "- [X](page.md): more",
    "table cell": "| a | b |\n|---|---|\n| X | y |",
    "html block": '<table class="t">\n<tr><td>X</td><td title="X">y</td></tr>\n</table>',
    "inline html": "Text (<code>X</code>) and <a href=\"p.html\">X</a>.",
}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _render(source: str) -> _Reader:
    converted = markdown.markdown(source, extensions=["toc", "tables", "attr_list",
                                                      "md_in_html", "admonition"])
    reader = _Reader()
    reader.feed(converted)
    return reader


@pytest.mark.parametrize("context", sorted(CONTEXTS))
@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_is_shown_as_written_and_nothing_is_live(context: str, text: str) -> None:
    template = CONTEXTS[context]
    plain = _render(template.replace("X", "plain"))
    page = _render(template.replace("X", str(md(text))))
    assert page.tags == plain.tags, "the text added or removed an element"
    assert not any(name.startswith("on") for name, _ in page.attrs)
    assert all(not (value or "").startswith("javascript:") for _, value in page.attrs)
    assert text in "".join(page.text)
    if context == "html block":
        assert ("title", text) in page.attrs


def test_md_reads_back_as_the_text_itself() -> None:
    for text in HOSTILE:
        assert html.unescape(md(text)) == text


def test_md_keeps_what_was_made_safe_on_purpose_and_collapses_whitespace() -> None:
    svg = Markup("<svg><text>a</text></svg>")
    assert md(svg) is svg
    assert md("a\n\n  b\tc") == "a b c"
    assert md(3) == "3"


def test_ident_refuses_what_is_not_an_identifier() -> None:
    assert ident("option-payment_2") == "option-payment_2"
    for bad in ("", "a b", "a}", "x{: onclick=y}", "é"):
        with pytest.raises(ValueError):
            ident(bad)
