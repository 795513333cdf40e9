"""MkDocs hook: a skip link « Aller au plateau » on every page with a board.

The theme's own skip link (« Aller au contenu ») is the page's first Tab stop;
this one comes right after it, in the same component (which the theme's
instant navigation swaps with the page), and takes the keyboard to the page's
first board: to an anchor just before it (``id="plateau"``), from which the
next Tab enters the board. Two Tab presses from the top of the page.
"""

from __future__ import annotations

import re
from typing import Any

from nimcore.games.words import WORDS

__all__ = ["ANCHOR", "on_post_page", "with_skip_link"]

#: The id of a page's first board, the skip link's target.
ANCHOR = "plateau"

_THEME_SKIP = re.compile(
    r'(<div data-md-component="skip">\s*<a href="[^"]*" class="md-skip">[^<]*</a>)'
)
_FIRST_BOARD = re.compile(r'<div(?=[^>]*\sdata-board=")')


def with_skip_link(html: str) -> str:
    """*html* with the board's skip link after the theme's, and its target on the first board.

    >>> page = '<div data-md-component="skip"><a href="#t" class="md-skip">Aller</a></div><div data-board="heaps">'
    >>> print(with_skip_link(page))  # doctest: +NORMALIZE_WHITESPACE
    <div data-md-component="skip"><a href="#t" class="md-skip">Aller</a>
    <a href="#plateau" class="md-skip">Aller au plateau</a></div><span id="plateau" class="board-anchor"
    tabindex="-1"></span><div data-board="heaps">
    """
    if 'data-board="' not in html or _THEME_SKIP.search(html) is None:
        return html
    link = f'\n<a href="#{ANCHOR}" class="md-skip">{WORDS["skip_to_board"]}</a>'
    html = _THEME_SKIP.sub(lambda match: match.group(1) + link, html, count=1)
    anchor = f'<span id="{ANCHOR}" class="board-anchor" tabindex="-1"></span>'
    return _FIRST_BOARD.sub(lambda match: anchor + match.group(0), html, count=1)


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    return with_skip_link(output)
