"""The build's placeholders (site_hooks.macros) and the boards a page shows (page_boards).

A malformed placeholder fails the build in French, naming the page and the
placeholder; one shown as code (fenced or inline) stays as it is.
"""

from __future__ import annotations

import html
import json
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


#: Malformed placeholders, and a piece of the French message (which names the page).
MALFORMED = [
    ("<!-- nimcore:nim-binary heaps=1,2 ->", "mal formé « <!-- nimcore:nim-binary heaps=1,2 -> »"),
    (
        "<!-- nimcore:nim-binary heaps=1,2\n\nLa suite.",
        "mal formé « <!-- nimcore:nim-binary heaps=1,2 »",
    ),
    ("<!-- Nimcore:nim-binary heaps=1,2 -->", "mal formé"),
    ("<!-- NimCore:nim-binary heaps=1,2 -->", "mal formé"),
    ("<!-- nimcore: nim-binary heaps=1,2 -->", "mal formé"),
    (
        "<!--\nnimcore:nim-binary heaps=1,2\n-->",
        "mal formé « <!-- nimcore:nim-binary heaps=1,2 --> »",
    ),
    ("<!-- nimcore:Nim-binary heaps=1,2 -->", "mal formé"),
    ("<!-- nimcore:nim-binary HEAPS=1,2 -->", "mal formé"),
    ("<!--nimcore:nim-binary heaps=1,2 -->", "mal formé"),
    ("<!-- nimcore:nim-binary  heaps=1,2 -->", "mal formé"),
    ("<!-- nimcore:nim-binary heaps = 1,2 -->", "mal formé"),
    ("Texte <!-- nimcore:nim-binary heaps=1,2 -->", "mal formé"),
    ("<!-- nimcore:nim-binary heaps=1,2 heaps=3 -->", "une clé est répétée"),
    ("<!-- nimcore:nim-binary tas=1,2 -->", "clé inconnue « tas » (clés possibles : heaps)"),
    ("<!-- nimcore:nim-binary -->", "clé manquante « heaps »"),
    ("<!-- nimcore:nim-binaire heaps=1,2 -->", "espace réservé inconnu « nimcore:nim-binaire »"),
    ("<!-- nimcore:nim-binary heaps=1,x -->", "nimcore:nim-binary heaps=1,x"),
    ("<!-- nimcore:nim-binary heaps=1,2 colonnes=3 -->", "clé inconnue « colonnes »"),
]


@pytest.mark.parametrize(("text", "fragment"), MALFORMED)
def test_malformed_placeholders_fail_the_build_in_french(text, fragment):
    with pytest.raises(macros.PluginError) as refused:
        macros.expand(f"# Titre\n\n{text}\n", "jeu.md")
    message = str(refused.value)
    assert message.startswith("jeu.md : ") and fragment in message, message


@pytest.mark.parametrize(
    "text",
    [
        "```\n<!-- nimcore:nim-binary heaps=1,2 -->\n```",
        "~~~markdown\n<!-- nimcore:nim-binary heaps=1,2 -->\n<!-- Nimcore:faux ->\n~~~",
        "!!! note\n\n    ````md\n    <!-- nimcore:board kind=heaps -->\n    ````",
        "On écrit `<!-- nimcore:nim-binary heaps=1,2 -->` seul sur sa ligne.",
        "Ou ``<!-- nimcore:mal formé ->`` entre deux accents graves doubles.",
    ],
)
def test_placeholders_shown_as_code_stay_as_they_are(text):
    page = f"# Titre\n\n{text}\n\nLa suite.\n"
    assert macros.expand(page, "jeu.md") == page
    assert page_boards(page) == []


def test_a_placeholder_after_a_code_block_is_expanded():
    page = (
        "```\n<!-- nimcore:nim-binary heaps=9 -->\n```\n\n<!-- nimcore:nim-binary heaps=1,2 -->\n"
    )
    expanded = macros.expand(page, "jeu.md")
    assert expanded.startswith("```\n<!-- nimcore:nim-binary heaps=9 -->\n```\n")
    assert "<table" in expanded and "heaps=1,2" not in expanded


def test_a_board_s_level_is_written_with_the_protocol_s_id():
    """A page writes the level in French (niveau=debutant); the board gets the protocol's id."""
    built = macros.expand("<!-- nimcore:board kind=heaps game=nim code=1-2 niveau=debutant -->")
    assert 'data-level="beginner"' in built and "niveau" not in built
    with pytest.raises(macros.PluginError, match="niveau='beginner'"):
        macros.expand("<!-- nimcore:board kind=heaps game=nim code=1-2 niveau=beginner -->")


@pytest.mark.parametrize(
    ("game", "code"),
    [("nim", "1-2"), ("subtraction", "9_1a3"), ("wythoff", "5-8"), ("ordinal", "1.0_3")],
)
def test_a_board_carries_nimcore_s_setup_form(game, code):
    """The board's data-form is nimcore's form (Game.form), so the form draws before the engine."""
    from nimcore import games

    built = macros.expand(f"<!-- nimcore:board kind=heaps game={game} code={code} -->")
    match = re.search(r"data-form='([^']*)'", built)
    assert match is not None
    text = html.unescape(match.group(1))
    assert json.loads(text) == games.get(game).form()
