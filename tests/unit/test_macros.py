"""The build's placeholders (site_hooks.macros) and the boards a page shows (site_hooks.tables.boards)."""

from __future__ import annotations

import re

import pytest

from site_hooks import macros
from site_hooks.runtime import ROOT
from site_hooks.tables.boards import page_boards

PAGES = sorted((ROOT / "docs").glob("*.md"))
_DATA_BOARD = re.compile(r'\bdata-board="([^"]+)"')


@pytest.mark.parametrize("path", PAGES, ids=[path.stem for path in PAGES])
def test_page_boards_names_every_board_the_page_shows(path):
    """The boards found in a page's Markdown are those of its built HTML, in order."""
    markdown = path.read_text(encoding="utf-8")
    built = macros.expand(markdown, path.name)
    shown = list(dict.fromkeys(_DATA_BOARD.findall(built)))
    assert page_boards(markdown) == shown
