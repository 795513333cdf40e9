"""One browser suite for every game board: the contract game.js and nimcore's views promise.

Each board is reached by its page and its URL parameter (data-key), and put
in a chosen position through the address (nimcore's code of the position).
A move is made as a reader makes it: a gesture element of the board (one
carrying ``data-to``, the target nimcore lists), then « Jouer ». Boards whose
moves are made in two steps (a piece, then its move) name the selector of
their pieces. What is only a board's own (its drawing, its setup fields, its
hint table) stays in its own test file.

Checked for every board: drawn, with nimcore's rule, before the engine is
ready; the moves a reader can make are exactly nimcore's; from a P-position
the perfect computer wins a whole game; from an N-position following the
hints wins; an illegal action is refused in French and changes nothing;
keyboard-only play; undo; two players; the position in the URL.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, expect_winner, follow_hints, wait_for_my_turn
from playwright.sync_api import Locator, Page, expect

from nimcore import games
from nimcore.games import base

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Board:
    """A board of a page, and two positions of its game (nimcore's codes)."""

    name: str  # the test's id
    path: str  # the page
    key: str  # the board's URL parameter (data-key)
    game: str  # the registry's id
    p_code: str  # a P-position, small enough for a whole game
    n_code: str  # an N-position
    piece: str | None = None  # selector of the pieces to choose before their moves show
    #: False where a move is prepared in several gestures (Moore's heaps): the
    #: board's own test file explores what a reader can prepare.
    single_gesture_moves: bool = True
    #: False where nimcore's view cannot list the moves (a heap of ω has
    #: infinitely many): a gesture then proposes a target nimcore checks, so no
    #: move is chosen before the engine is ready, and choosing the same move
    #: again is not how the keyboard plays (the board's own file tests its keys).
    listed_moves: bool = True

    def decode(self, code: str) -> tuple[Any, Any]:
        entry = games.get(self.game)
        return entry.decode(code)

    def position(self, code: str) -> Any:
        entry = games.get(self.game)
        return entry.position_json(self.decode(code)[0])

    def outcome(self, code: str) -> str:
        entry = games.get(self.game)
        position, options = self.decode(code)
        return entry.analyse(position, options).outcome

    def targets(self, code: str) -> list[str]:
        """nimcore's legal targets from *code*, as JSON texts, sorted."""
        entry = games.get(self.game)
        position, options = self.decode(code)
        seen = base.view(entry, position, options)
        assert seen["moves"] is not None, f"{self.name}: the moves of {code} are not listed"
        return sorted(json.dumps(move["to"], separators=(",", ":")) for move in seen["moves"])


BOARDS = [
    Board("nim", "nim/", "nim", "nim", "1-2-3", "3-4-5"),
    Board("nim-misere", "nim/", "nim", "nim", "1-1-1_misere", "2-3_misere"),
    Board("nim-max", "sprague-grundy/", "nim-max", "subtraction", "4-4_1a3", "9-6-4_1a3"),
    Board(
        "subtraction-set", "un-seul-tas/", "soustraction", "subtraction", "9_s1.2.4", "13-8_s1.2.4"
    ),
    Board("moore", "moore/", "moore", "moore", "k2-1-1-1", "k2-3-2-1", single_gesture_moves=False),
    Board("fibonacci", "fibonacci/", "fibonacci", "fibonacci", "8", "10"),
    Board("wythoff", "wythoff/", "wythoff", "wythoff", "3-5", "5-8"),
    Board("grundy", "jeux-mysterieux/", "grundy", "grundy", "3-6", "7-5", piece=".grundy-heap"),
    Board("flowers", "jeux-mysterieux/", "fleurs", "flowers", "ffffffff", "ffffffffff"),
    Board("chomp", "jeux-mysterieux/", "chomp", "chomp", "3-2", "4-4-4"),
    Board(
        "pawns",
        "sprague-grundy/",
        "pions",
        "pawns",
        "4-11",
        "5-11-21-31-41-51",
        piece=".pions-pawn",
    ),
    Board(
        "graph",
        "graphes-et-grundy/",
        "graphe",
        "graph",
        "exemple-a-a",
        "exemple-b-c",
        piece=".graphe-token",
    ),
    Board(
        "ordinal",
        "nim-infini/",
        "ordinal",
        "ordinal",
        "1_1",
        "1.0.3_2.5_7",
        piece=".ordinal-pick",
        single_gesture_moves=False,
        listed_moves=False,
    ),
]


def board_of(page: Page, case: Board) -> Locator:
    return page.locator(f'[data-key="{case.key}"]')


def open_at(page: Page, url: str, case: Board, code: str) -> Locator:
    """Open the board's page with *code* in its address; wait until the board shows it."""
    page.goto(f"{url}{case.path}?{case.key}={code}")
    board = board_of(page, case)
    expect(board).to_have_attribute(
        "data-position",
        json.dumps(case.position(code), separators=(",", ":")),
        timeout=ENGINE_TIMEOUT,
    )
    wait_for_my_turn(board)
    return board


def gestures(board: Locator) -> Locator:
    """The board's gesture elements whose move nimcore lists (enabled, not marked forbidden)."""
    return board.locator('.game-area [data-to]:not([aria-disabled="true"]):not([disabled])')


def offered_targets(board: Locator, case: Board) -> list[str]:
    """Every target a reader can reach on the board now (each piece chosen in turn, if any)."""
    found = set()
    pieces = [None] if case.piece is None else list(range(board.locator(case.piece).count()))
    for index in pieces:
        if index is not None:
            piece = board.locator(case.piece).nth(index)
            if piece.get_attribute("aria-disabled") == "true" or piece.is_disabled():
                continue
            piece.click()
        for to in gestures(board).evaluate_all("elements => elements.map((e) => e.dataset.to)"):
            found.add(json.dumps(json.loads(to), separators=(",", ":")))
    return sorted(found)


def choose_any_move(board: Locator, case: Board) -> None:
    """Choose one legal move on the board (the first offered), as a reader does."""
    if gestures(board).count() == 0 and case.piece is not None:
        board.locator(f'{case.piece}:not([aria-disabled="true"])').first.click()
    gestures(board).first.click()
    expect(board.locator(".game-play")).to_be_enabled()


def play_any_move(board: Locator, case: Board) -> None:
    choose_any_move(board, case)
    board.locator(".game-play").click()


def new_game(board: Locator, *, mode: str = "ordinateur", first: str = "vous") -> None:
    """Start the setup form's game again with the common settings."""
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)


@pytest.mark.parametrize("case", BOARDS, ids=lambda case: case.name)
def test_drawn_with_nimcore_rule_before_the_engine_is_ready(site_page, site_url, context, case):
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    site_page.goto(site_url + case.path)
    board = board_of(site_page, case)
    expect(board.locator(".game-rule")).to_contain_text("Règle.", timeout=PAGE_TIMEOUT)
    expect(board.locator(".board-status")).to_have_text("Moteur en cours de chargement…")
    assert gestures(board).count() > 0 or case.piece is not None
    if case.listed_moves:
        choose_any_move(board, case)  # nimcore's words for it, from the page's own view
        expect(board.locator(".game-play")).to_contain_text("Jouer\u00a0: ")
    for _ in range(100):  # the worker asks for the wasm once it has looked for the snapshot
        if held:
            break
        site_page.wait_for_timeout(100)
    assert held, "the wasm request should be waiting"
    expect(board.locator(".board-status")).to_have_text("Moteur en cours de chargement…")
    for route in held:
        route.continue_()
    expect(board.locator(".board-status")).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    # As on a reader's second visit (see conftest.site_page).
    assert site_page.evaluate("() => window.nimJeux.engine.stats().boot") == "snapshot"


def expect_nimcores_moves_offered(board: Locator, case: Board, code: str) -> None:
    """The moves a reader can make on the board at *code* are exactly nimcore's."""
    if case.single_gesture_moves:
        assert offered_targets(board, case) == case.targets(code), code


@pytest.mark.parametrize("case", BOARDS, ids=lambda case: case.name)
def test_from_a_p_position_the_perfect_computer_wins(site_page, site_url, case):
    """The moves offered at a P-position are nimcore's; whatever the reader plays, the computer wins."""
    assert case.outcome(case.p_code) == "P"
    board = open_at(site_page, site_url, case, case.p_code)
    expect_nimcores_moves_offered(board, case, case.p_code)
    for _ in range(60):
        if board.get_attribute("data-turn") == "fin":
            break
        play_any_move(board, case)
        wait_for_my_turn(board)
    expect_winner(board, "ordinateur")


@pytest.mark.parametrize("case", BOARDS, ids=lambda case: case.name)
def test_from_an_n_position_following_the_hints_wins(site_page, site_url, case):
    """The moves offered at an N-position are nimcore's; following the hints wins."""
    assert case.outcome(case.n_code) == "N"
    board = open_at(site_page, site_url, case, case.n_code)
    expect_nimcores_moves_offered(board, case, case.n_code)
    follow_hints(board, rounds=60)
    expect_winner(board, "humain")


def refuse_illegal_actions(board: Locator, case: Board) -> None:
    """« Jouer » with nothing chosen, a move nimcore does not list, a choice forgotten: nothing changes."""
    before = board.get_attribute("data-position")
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    forbidden = board.locator('.game-area [data-to][aria-disabled="true"]')
    if forbidden.count():
        forbidden.first.click(force=True)  # aria-disabled: Playwright would wait
        expect(message).to_contain_text("Coup refusé : ")
        expect(message).to_have_attribute("data-kind", "error")
    choose_any_move(board, case)
    board.locator(".game-area [aria-pressed=true], .game-area [data-to]").first.press("Escape")
    expect(board.locator(".game-play")).to_be_disabled()
    assert board.get_attribute("data-position") == before
    assert board.get_attribute("data-turn") == "humain"


def play_with_the_keyboard(page: Page, board: Locator) -> None:
    """Tab into the board, then Enter: a piece (if any), a move, the same move again: played."""
    before = board.get_attribute("data-position")
    # A starting point for the keyboard, outside the board's controls.
    board.locator(".game-rule").click()
    for _ in range(10):
        page.keyboard.press("Tab")
        if board.locator(".game-area").evaluate("area => area.contains(document.activeElement)"):
            break
    else:
        pytest.fail("Tab never reached the board")
    for _ in range(4):
        page.keyboard.press("Enter")
        if board.get_attribute("data-position") != before:
            break
    assert board.get_attribute("data-position") != before


@pytest.mark.parametrize("case", BOARDS, ids=lambda case: case.name)
def test_refusals_keyboard_two_players_undo_and_the_url(site_page, site_url, case):
    """An illegal action changes nothing; two players alternate, the first with the keyboard
    only (where nimcore lists the moves); undo; the address holds the position."""
    board = open_at(site_page, site_url, case, case.n_code)
    refuse_illegal_actions(board, case)
    new_game(board, mode="deux")
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 1.")
    start = board.get_attribute("data-position")
    if case.listed_moves:
        play_with_the_keyboard(site_page, board)
    else:
        play_any_move(board, case)
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    after = board.get_attribute("data-position")
    assert after != start
    # The address holds the new position: a reload shows it.
    expect(site_page).to_have_url(re.compile(rf"[?&]{re.escape(case.key)}="))
    url = site_page.url
    board.get_by_role("button", name="Annuler le coup").click()
    expect(board).to_have_attribute("data-position", start)
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 1.")
    site_page.goto(url)
    expect(board_of(site_page, case)).to_have_attribute(
        "data-position", after, timeout=ENGINE_TIMEOUT
    )


@pytest.mark.parametrize("case", BOARDS[:1], ids=lambda case: case.name)
def test_a_malformed_address_is_refused_in_french(site_page, site_url, case):
    site_page.goto(f"{site_url}{case.path}?{case.key}=n'importe-quoi")
    board = board_of(site_page, case)
    expect(board.locator(".board-message")).to_contain_text(
        "Adresse ignorée", timeout=ENGINE_TIMEOUT
    )
    start = json.loads(board.get_attribute("data-view"))["position"]
    assert json.loads(board.get_attribute("data-position")) == start
