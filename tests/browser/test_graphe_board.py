"""Tokens on a graph (graphs and Grundy page), on the shared game controller."""

import boardtest
import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    draw_random,
    expect_winner,
    follow_hints,
    position,
    start,
    wait_for_my_turn,
)
from playwright.sync_api import expect

from nimcore import graph

pytestmark = pytest.mark.browser

PAGE = "graphes-et-grundy/"
START = ["b", "c"]  # the page's start: nimbers 3 and 2, nim-sum 1


def open_board(page, url):
    return boardtest.open_board(page, url, "graphe", ".graphe-token")


def new_game(board, tokens, *, name="exemple", **common):
    start(board, {"graphe": name, "jetons": " ".join(tokens)}, tokens, **common)


def slide_one_token(board, name="exemple"):
    """A plain legal move: the first token that can move goes to its first successor, chosen twice."""
    successors = graph.worked_graph(name).successors
    vertex = next(vertex for vertex in position(board) if successors[vertex])
    board.locator(f'.graphe-token[data-vertex="{vertex}"]').click()
    target = board.locator(".graphe-target").first
    expect(target).to_have_attribute("data-vertex", successors[vertex][0])
    target.click()
    expect(target).to_have_attribute("aria-pressed", "true")
    target.click()  # choosing the same move again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    values = graph.worked_graph("exemple").graph.grundy
    assert values["c"] == values["g"] == 2  # equal nimbers: nim-sum 0
    new_game(board, ["c", "g"])
    for _ in range(20):
        if board.get_attribute("data-turn") == "fin":
            break
        slide_one_token(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    assert all(not graph.worked_graph("exemple").successors[vertex] for vertex in position(board))


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    assert position(board) == START
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    # The nimber of each token's vertex, g(b) = 3 and g(c) = 2, and their nim-sum 1.
    expect(hint.locator(".graphe-nimbers tbody td:nth-child(3)")).to_have_text(["3", "2"])
    expect(hint.locator(".graphe-nimbers tfoot td").first).to_have_text("1")
    expect(hint).to_contain_text("somme de Nim")
    # The hint's move is shown on the board: token 1 from b to g, of nimber 3 ⊕ 1 = 2.
    expect(board.locator(".game-play")).to_contain_text("déplacer le jeton 1 de b vers g")
    expect(board.locator('.graphe-target.is-hinted[data-vertex="g"]')).to_have_count(1)
    follow_hints(board, rounds=20)
    expect_winner(board, "humain")


def test_illegal_moves_change_nothing(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, ["i", "c"], mode="deux")  # i has no successor
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    board.locator('.graphe-token[data-vertex="i"]').click(
        force=True
    )  # aria-disabled: it cannot move
    expect(message).to_contain_text("Le sommet i n’a pas de successeur")
    expect(board.locator(".graphe-target")).to_have_count(0)
    # A vertex that is not a successor: c → a goes against the arrows.
    board.locator('.graphe-token[data-vertex="c"]').click()
    expect(board.locator(".graphe-target")).to_have_count(3)  # e, f, h
    board.locator('.graphe-svg [data-vertex="a"] circle').click()
    expect(message).to_contain_text("Pas d’arc de c vers a\u00a0: le jeton 2 ne peut pas y aller.")
    board.locator('.graphe-svg [data-vertex="d"] circle').click()
    expect(message).to_contain_text("Pas d’arc de c vers d")
    assert position(board) == ["i", "c"]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 1.")
    # The engine itself refuses such a move, and a graph that is not one of nimcore's.
    expect(page.locator('.board-status[data-state="ready"]').first).to_be_visible(
        timeout=ENGINE_TIMEOUT
    )
    refusals = page.evaluate(
        """async () => {
            const ask = (position, options, to) => window.nimJeux.engine
              .request("graphe.play", {position, options, to})
              .then(() => "accepté", (error) => error.message);
            return [
              await ask(["i", "c"], {graph: "exemple"}, ["i", "a"]),
              await ask(["i", "c"], {graph: "exemple"}, ["i", "i"]),
              await ask(["i", "c"], {graph: {a: ["b"], b: []}}, ["i", "e"]),
              await ask(["c", "c", "c", "c", "c"], {graph: "exemple"}, ["e", "c", "c", "c", "c"]),
            ];
        }"""
    )
    assert refusals[0] == refusals[1] == "Ce coup n'est pas permis par la règle du jeu."
    assert refusals[2].startswith("Graphe inconnu")
    assert refusals[3].startswith("Trop de jetons")
    assert position(board) == ["i", "c"]
    for name, tokens, fragment in [
        ("exemple", "b z", "«\u00a0z\u00a0» n’est pas un sommet de ce graphe"),
        ("exemple", "a b c d e", "trop de jetons (5)"),
        ("exemple", "", "au moins un jeton"),
        ("exemple", "i i", "rien à jouer"),
        ("reseau", "k l", "rien à jouer"),
    ]:
        board.locator("select[name=graphe]").select_option(name)
        board.locator("input[name=jetons]").fill(tokens)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == ["i", "c"]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?graphe=reseau-a-h")
    assert position(board) == ["a", "h"]
    expect(board.locator(".graphe-svg .graphe-vertex")).to_have_count(12)
    expect(board.locator("select[name=graphe]")).to_have_value("reseau")
    new_game(board, ["d", "d", "e"])
    assert "graphe=exemple-d-d-e" in page.url
    board = open_board(page, page.url)
    assert position(board) == ["d", "d", "e"]
    expect(board.locator(".graphe-svg .graphe-vertex")).to_have_count(9)
    expect(board.locator('.graphe-svg [data-vertex="d"] .graphe-badge')).to_have_text("1·2")
    for bad in ("autre-a", "exemple-z", "exemple-i", "exemple-a-a-a-a-a", "n'importe"):
        board = open_board(page, site_url + PAGE + f"?graphe={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == START


def test_random_starts_are_sometimes_p_and_sometimes_n(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    field = board.locator("input[name=jetons]")
    seen = set()
    for name in ("exemple", "reseau", "exemple", "reseau") * 10:
        board.locator("select[name=graphe]").select_option(name)
        draw_random(board)
        tokens = field.input_value().split()
        assert 1 <= len(tokens) <= 4
        seen.add(graph.analyse(graph.worked_graph(name).graph, tokens).outcome)
        if seen == {"P", "N"}:
            break
    assert seen == {"P", "N"}


@pytest.mark.parametrize("name", sorted(graph.EXAMPLES))
def test_the_labelling_writes_nimcores_grundy_function(site_page, site_url, name):
    board = open_board(site_page, site_url + PAGE)
    if name != "exemple":
        new_game(board, [graph.worked_graph(name).graph.order[-1]], name=name, mode="deux")
    steps = graph.grundy_steps(graph.worked_graph(name).graph)
    values = board.locator(".graphe-svg .graphe-value")
    board.get_by_role("button", name="Étiqueter pas à pas").click()
    expect(values).to_have_count(0)
    expect(board.locator(".graphe-progress")).to_contain_text("Aucun sommet étiqueté")
    for count, step in enumerate(steps, start=1):
        board.get_by_role("button", name="Suivant").click()
        expect(values).to_have_count(count)
        # Successors first: the new value is that of nimcore's next vertex, with its reason.
        expect(board.locator(f'.graphe-value[data-value-of="{step.vertex}"]')).to_have_text(
            str(step.value)
        )
        expect(board.locator(".graphe-step")).to_have_text(step.explanation)
        expect(board.locator(".graphe-svg .is-current")).to_have_attribute(
            "data-vertex", str(step.vertex)
        )
        expect(board.locator(".graphe-svg .is-step-successor")).to_have_count(len(step.successors))
    expect(board.get_by_role("button", name="Suivant")).to_be_disabled()
    expect(board.locator(".graphe-progress")).to_contain_text("forment le noyau")
    checked = graph.worked_graph(name).graph
    for vertex, value in checked.grundy.items():
        expect(board.locator(f'.graphe-value[data-value-of="{vertex}"]')).to_have_text(str(value))
    expect(board.locator(".graphe-svg .graphe-vertex.is-kernel")).to_have_count(
        len(graph.kernel(checked))
    )
    board.get_by_role("button", name="Effacer").click()
    expect(values).to_have_count(0)
    board.get_by_role("button", name="Tout afficher").click()
    expect(values).to_have_count(len(steps))
    # The labelling is no part of the game: the position did not change.
    assert board.get_attribute("data-turn") == "humain"


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, ["b", "c"], mode="deux")
    board.locator('.graphe-token[data-vertex="b"]').focus()
    page.keyboard.press("ArrowRight")  # to the other token
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "c")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "b")
    page.keyboard.press("Enter")  # chooses token 1: the successors d, e, g appear
    expect(board.locator(".graphe-target")).to_have_count(3)
    expect(page.locator(":focus")).to_have_attribute("aria-label", "Jeton 1\u00a0: de b vers d")
    page.keyboard.press("Escape")  # changes one's mind: back to the token
    expect(board.locator(".graphe-target")).to_have_count(0)
    expect(page.locator(":focus")).to_have_attribute("data-vertex", "b")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next successor: e
    expect(page.locator(":focus")).to_have_attribute("aria-label", "Jeton 1\u00a0: de b vers e")
    page.keyboard.press("ArrowRight")  # and the next: g
    expect(page.locator(":focus")).to_have_attribute("aria-label", "Jeton 1\u00a0: de b vers g")
    page.keyboard.press("Enter")  # choose
    expect(board.locator(".game-play")).to_contain_text("déplacer le jeton 1 de b vers g")
    page.keyboard.press("Enter")  # the same move again: played
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["g", "c"]
