"""Tokens on a graph: what is its own (test_boards.py checks the contract of every board)."""

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    draw_random,
    expect_setup_refused,
    force_click,
    open_board,
    position,
    start,
    wait_for_address,
)
from playwright.sync_api import expect

from nimcore import graph

pytestmark = pytest.mark.browser

PAGE = "graphes-et-grundy/"


def open_graph(page, url):
    return open_board(page, url, "graph", ".graph-token")


def new_game(board, tokens, *, name="exemple", **common):
    start(board, {"graph": name, "tokens": " ".join(tokens)}, tokens, **common)


def test_the_hint_shows_each_tokens_nimber(file_page, site_url):
    board = open_graph(file_page, site_url + PAGE)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint table.tokens")
    # The nimber of each token's vertex, g(b) = 3 and g(c) = 2, and their nim-sum 1.
    expect(table.locator("tbody td:nth-child(3)")).to_have_text(["3", "2"])
    expect(table.locator("tfoot td").first).to_have_text("1")
    # The hint's move is shown on the board: token 1 from b to g, of nimber 3 ⊕ 1 = 2.
    expect(board.locator(".game-play")).to_contain_text("déplacer le jeton 1 de b vers g")
    expect(board.locator('.graph-target.is-hinted[data-vertex="g"]')).to_have_count(1)


def test_refusals_are_nimcores(file_page, site_url):
    board = open_graph(file_page, site_url + PAGE)
    new_game(board, ["i", "c"], mode="deux")  # i has no successor
    message = board.locator(".board-message")
    force_click(board.locator('.graph-token[data-vertex="i"]'))  # aria-disabled
    expect(message).to_contain_text("Le sommet i n'a pas de successeur", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".graph-target")).to_have_count(0)
    # A vertex with no token, no token chosen: nimcore says so.
    board.locator('.graph-svg [data-vertex="a"] circle').click()
    expect(message).to_contain_text("Aucun jeton en a\u00a0: choisissez d'abord un jeton")
    # A vertex that is not a successor: c → a goes against the arrows.
    board.locator('.graph-token[data-vertex="c"]').click()
    expect(board.locator(".graph-target")).to_have_count(3)  # e, f, h
    board.locator('.graph-svg [data-vertex="a"] circle').click()
    expect(message).to_contain_text(
        "Pas d'arc de c vers a\u00a0: le jeton 2 ne peut pas y aller.", timeout=ENGINE_TIMEOUT
    )
    assert position(board) == ["i", "c"]
    for name, tokens, fragment in [
        ("exemple", "b z", "est sur «\u00a0z\u00a0», qui n'est pas un sommet du graphe"),
        ("exemple", "a b c d e", "Trop de jetons"),
        ("exemple", "", "au moins un jeton"),
        ("exemple", "i i", "déjà finie"),
    ]:
        expect_setup_refused(board, {"graph": name, "tokens": tokens}, fragment, ["i", "c"])


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_graph(page, site_url + PAGE + "?graphe=reseau-a-h")
    expect(board).to_have_attribute("data-position", '["a","h"]', timeout=ENGINE_TIMEOUT)
    expect(board.locator(".graph-svg .graph-vertex")).to_have_count(12)
    expect(board.locator("select[name=graph]")).to_have_value("reseau")
    new_game(board, ["d", "d", "e"])
    wait_for_address(page, "graphe=exemple-d-d-e")
    expect(board.locator('.graph-svg [data-vertex="d"] .graph-badge')).to_have_text("1·2")
    # Malformed addresses: test_boards.py.


def test_random_starts_are_sometimes_p_and_sometimes_n(file_page, site_url):
    board = open_graph(file_page, site_url + PAGE)
    field = board.locator("input[name=tokens]")
    seen = set()
    for name in ("exemple", "reseau") * 20:
        board.locator("select[name=graph]").select_option(name)
        board.locator("input[name=tokens]").fill(graph.worked_graph(name).graph.order[-1])
        draw_random(board)
        tokens = field.input_value().split()
        assert 1 <= len(tokens) <= 4
        seen.add(graph.analyse(graph.worked_graph(name).graph, tokens).outcome)
        if seen == {"P", "N"}:
            break
    assert seen == {"P", "N"}


@pytest.mark.parametrize("name", sorted(graph.EXAMPLES))
def test_the_labelling_writes_nimcores_grundy_function(file_page, site_url, name):
    board = open_graph(file_page, site_url + PAGE)
    if name != "exemple":
        new_game(board, [graph.worked_graph(name).graph.order[-1]], name=name, mode="deux")
    checked = graph.worked_graph(name).graph
    steps = graph.grundy_steps(checked)
    values = board.locator(".graph-svg .graph-value")
    board.get_by_role("button", name="Étiqueter pas à pas").click()
    expect(values).to_have_count(0)
    expect(board.locator(".graph-progress")).to_have_text(graph.labelling_texts(checked)["start"])
    for count, step in enumerate(steps, start=1):
        board.get_by_role("button", name="Suivant").click()
        expect(values).to_have_count(count)
        # Successors first: the new value is that of nimcore's next vertex, with its reason.
        expect(board.locator(f'.graph-value[data-value-of="{step.vertex}"]')).to_have_text(
            str(step.value)
        )
        expect(board.locator(".graph-step")).to_have_text(step.explanation)
        expect(board.locator(".graph-svg .is-current")).to_have_attribute(
            "data-vertex", str(step.vertex)
        )
        expect(board.locator(".graph-svg .is-step-successor")).to_have_count(len(step.successors))
    expect(board.get_by_role("button", name="Suivant")).to_be_disabled()
    expect(board.locator(".graph-progress")).to_have_text(graph.labelling_texts(checked)["done"])
    expect(board.locator(".graph-svg .graph-vertex.is-kernel")).to_have_count(
        len(graph.kernel(checked))
    )
    board.get_by_role("button", name="Effacer").click()
    expect(values).to_have_count(0)
    board.get_by_role("button", name="Tout afficher").click()
    expect(values).to_have_count(len(steps))
    # The labelling is no part of the game: the position did not change.
    assert board.get_attribute("data-turn") == "humain"


def test_a_move_with_the_keyboard_only(file_page, site_url):
    page = file_page
    board = open_graph(page, site_url + PAGE)
    new_game(board, ["b", "c"], mode="deux")
    board.locator('.graph-token[data-vertex="b"]').focus()
    page.keyboard.press("ArrowRight")  # to the other token
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "c")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "b")
    page.keyboard.press("Enter")  # chooses token 1: the successors d, e, g appear
    expect(board.locator(".graph-target")).to_have_count(3)
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", "déplacer le jeton 1 de b vers d"
    )
    # The buttons over the drawing are one Tab stop.
    expect(board.locator('.graph-buttons button[tabindex="0"]')).to_have_count(1)
    page.keyboard.press("Escape")  # changes one's mind: back to the token
    expect(board.locator(".graph-target")).to_have_count(0)
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "b")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # the next successor: e
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", "déplacer le jeton 1 de b vers e"
    )
    page.keyboard.press("ArrowRight")  # and the next: g
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", "déplacer le jeton 1 de b vers g"
    )
    page.keyboard.press("Enter")  # choose
    expect(board.locator(".game-play")).to_contain_text("déplacer le jeton 1 de b vers g")
    page.keyboard.press("Enter")  # the same move again: played
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["g", "c"]
