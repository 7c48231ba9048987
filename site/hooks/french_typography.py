"""MkDocs hook: French typography on every French page (issue #25, item 3).

The generated French pages are written typeset (:func:`.i18n.Language.typeset_page`);
the hand-written ones (``site/*.fr.md``) are written with plain spaces, as an editor
types them, and are typeset here as they are built: a narrow no-break space before
``: ; ! ?`` and inside « », never in code, tags or quotations
(:func:`nainjaune_rules.core.french.typeset_markup`, idempotent).
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from nainjaune_rules.core.french import typeset_markup


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **_: Any) -> str:
    # the French build of mkdocs-static-i18n marks each file with its locale
    if getattr(page.file, "locale", None) == "fr" or page.file.src_uri.endswith(".fr.md"):
        return typeset_markup(markdown)
    return markdown
