"""The tables of « Le jeu des pousses » against nimcore, worked out another way.

The table module asks nimcore's solver (Lemoine and Viennot's search, which stops
at the first winning move); here the Grundy values come from the plain mex over
every option, the outcomes from the known results, and the rows are read back
from the HTML.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from nimcore.sprouts import land_moves, reachable_lands, start
from site_hooks import macros
from site_hooks.tables import MACROS, MacroError
from site_hooks.tables import sprouts as tables
from site_hooks.typography import french_html

_ROW = re.compile(r"<tr>(.*?)</tr>")
_CELL = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>")
_TAG = re.compile(r"<[^>]+>")


def rows(table: str) -> list[list[str]]:
    """The body's rows of an HTML table, as the text of their cells."""
    body = table.split("<tbody>", 1)[1]
    return [[_TAG.sub("", cell) for cell in _CELL.findall(row)] for row in _ROW.findall(body)]


@cache
def mex_value(land: str) -> int:
    """A land's Grundy value by the definition: the mex of its options' nim-sums."""
    values = set()
    for option in land_moves(land):
        total = 0
        for part in option:
            total ^= mex_value(part)
        values.add(total)
    value = 0
    while value in values:
        value += 1
    return value


def test_the_outcomes_table_holds_the_known_outcomes():
    """1 to 4 spots: P, P, N, N in normal play; N, P, P, P in misère play."""
    found = rows(tables.sprouts_outcomes(spots="4"))
    second, first = "second joueur", "premier joueur"
    assert found == [
        ["1", "3", second, first],
        ["2", "6", second, second],
        ["3", "9", first, second],
        ["4", "12", first, second],
    ]


@pytest.mark.parametrize("spots", [1, 2])
def test_the_lands_table_gives_every_land_its_mex_value(spots):
    found = rows(tables.sprouts_lands(spots=str(spots)))
    assert [row[0] for row in found] == reachable_lands(start(spots))
    assert [int(row[2]) for row in found] == [mex_value(row[0]) for row in found]


def test_writings_are_set_as_code_and_escaped():
    """A writing is code, not a decimal number; the page's typography leaves it alone."""
    table = tables.sprouts_positions(positions="0.2.}]0.}]!")
    assert '<th scope="row"><code>0.2.}]0.}]!</code></th>' in table
    assert "<code>0.2.}]</code> (1) + <code>0.}]</code> (0)" in table
    assert '<th scope="row"><code>0.}]</code></th>' in tables.sprouts_lands(spots="1")
    assert french_html(table).count("<code>") == 3


def test_the_lands_table_keeps_the_small_lands_when_asked():
    everything = rows(tables.sprouts_lands(spots="2"))
    small = rows(tables.sprouts_lands(spots="2", lives="3"))
    assert small == [row for row in everything if int(row[1]) <= 3]
    assert "Les 11 terres" in tables.sprouts_lands(spots="2", lives="3")


def test_a_game_table_adds_the_lands_values():
    game = "0.0.0.}]!/0.AB.}0.AB.}]!/0.2.}]0.}]!/0.2.}]AB.}AB.}]!"
    found = rows(tables.sprouts_positions(positions=game, game="oui"))
    assert [row[0] for row in found] == ["départ", "1", "2", "3"]
    assert [row[3] for row in found] == ["1", "0", "1 ⊕ 0 = 1", "1 ⊕ 1 = 0"]
    assert [row[2] for row in found][2:] == ["0.2.}] (1) + 0.}] (0)", "0.2.}] (1) + AB.}AB.}] (1)"]
    for row in found:
        normal_p = row[3].endswith(" 0") or row[3] == "0"
        assert row[4] == ("perdante (P)" if normal_p else "gagnante (N)")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: tables.sprouts_outcomes(spots="5"), "spots=5 must lie between 1 and 4"),
        (lambda: tables.sprouts_lands(spots="4"), "spots=4 must lie between 1 and 3"),
        (lambda: tables.sprouts_positions(positions="0.0.}]!/0.0.0.}]!", game="oui"), "follow"),
        (lambda: tables.sprouts_positions(positions="0.x.}]!"), "positions:"),
        (lambda: tables.sprouts_positions(positions="0.}]!", game="peut-être"), "oui or non"),
    ],
)
def test_bad_arguments_are_refused(call, fragment):
    with pytest.raises(MacroError, match=re.escape(fragment)):
        call()


def test_the_placeholders_expand_in_a_page():
    page = macros.expand("<!-- nimcore:sprouts-lands spots=1 -->\n", "pousses.md")
    assert "<caption>Les 2 terres" in page
    assert {"sprouts-outcomes", "sprouts-lands", "sprouts-positions"} <= set(MACROS)
