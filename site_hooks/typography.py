"""MkDocs hook: French typography on every page.

Authors type ordinary spaces; once a page is rendered to HTML, its text (never
code, scripts or math) gets the non-breaking spaces French typography asks for
before ``: ; ! ?`` and inside « guillemets », by nimcore's own ``typeset`` — the
same rule the engine's messages follow.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore.french import typeset

#: Elements whose text is left exactly as written.
RAW_TAGS = {"pre", "code", "kbd", "samp", "script", "style", "textarea", "svg", "math"}

_TOKENS = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)
_TAG = re.compile(r"<\s*(/)?\s*([a-zA-Z][a-zA-Z0-9-]*)([^>]*?)(/)?\s*>", re.DOTALL)


def french_html(html: str) -> str:
    """Return *html* with French spaces in its text nodes.

    >>> french_html('<p>Oui : <code>a :b</code> !</p>') == (
    ...     '<p>Oui\\u00a0: <code>a :b</code>\\u202f!</p>')
    True
    """
    out: list[str] = []
    raw: list[str] = []  # stack of open elements whose text is kept raw
    for token in _TOKENS.split(html):
        if not token:
            continue
        if token.startswith("<"):
            out.append(token)
            match = _TAG.match(token)
            if not match or token.startswith("<!--"):
                continue
            closing, name, attributes, self_closing = match.groups()
            name = name.lower()
            if closing:
                if raw and raw[-1] == name:
                    raw.pop()
            elif not self_closing and (
                name in RAW_TAGS or (raw and name == raw[-1]) or "arithmatex" in attributes
            ):
                raw.append(name)
            continue
        out.append(token if raw else typeset(token))
    return "".join(out)


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    # The whole document, so that titles, navigation and table of contents agree.
    return french_html(output)
