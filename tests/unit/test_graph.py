"""Games on a graph without cycles: nimcore.graph against exhaustive search."""

import itertools

import pytest
from brute import make_grundy, make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, games, graph


@st.composite
def dags(draw, max_vertices=8):
    """A random graph without cycles, vertices labelled in a shuffled order."""
    count = draw(st.integers(1, max_vertices))
    labels = draw(st.permutations([f"v{index}" for index in range(count)]))
    pairs = [(i, j) for i in range(count) for j in range(i + 1, count)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    successors = {labels[i]: [] for i in range(count)}
    for i, j in chosen:
        successors[labels[i]].append(labels[j])
    # Shuffle the order of the keys too.
    keys = draw(st.permutations(list(successors)))
    return {key: successors[key] for key in keys}


@st.composite
def dags_with_tokens(draw, max_vertices=8, max_tokens=3):
    successors = draw(dags(max_vertices))
    tokens = draw(st.lists(st.sampled_from(list(successors)), min_size=1, max_size=max_tokens))
    return successors, tokens


def brute_for(successors):
    """Solvers from the definition: one token moves along one arc."""

    def options(position):
        for index, vertex in enumerate(position):
            for target in successors[vertex]:
                yield position[:index] + (target,) + position[index + 1 :]

    return make_solver(options), make_grundy(lambda vertex: successors[vertex]), options


def independent(successors, chosen):
    return all(target not in chosen for vertex in chosen for target in successors[vertex])


def absorbing(successors, chosen):
    return all(
        vertex in chosen or any(target in chosen for target in successors[vertex])
        for vertex in successors
    )


@settings(max_examples=200, deadline=None)
@given(case=dags_with_tokens())
def test_random_dags_against_brute_force(case):
    successors, tokens = case
    is_p, grundy, options = brute_for(successors)
    values = graph.grundy_values(successors)
    assert values == {vertex: grundy(vertex) for vertex in successors}
    analysis = graph.analyse(successors, tokens)
    position = tuple(tokens)
    assert (analysis.outcome == "P") == is_p(position)
    expected = [option for option in options(position) if is_p(option)]
    assert sorted(move.to for move in analysis.winning_moves) == sorted(expected)
    assert [move.to for move in graph.moves(successors, tokens)] == list(options(position))
    assert analysis.token_nimbers == tuple(grundy(vertex) for vertex in tokens)


@settings(max_examples=80, deadline=None)
@given(successors=dags())
def test_kernel_is_the_only_independent_absorbing_set(successors):
    found = graph.kernel(successors)
    is_p, _, _ = brute_for(successors)
    assert set(found) == {vertex for vertex in successors if is_p((vertex,))}
    assert graph.is_independent(successors, found) and graph.is_absorbing(successors, found)
    vertices = list(successors)
    stable = [
        set(subset)
        for size in range(len(vertices) + 1)
        for subset in itertools.combinations(vertices, size)
        if independent(successors, set(subset)) and absorbing(successors, set(subset))
    ]
    assert stable == [set(found)]
    for size in range(len(vertices) + 1):
        for subset in itertools.combinations(vertices, size):
            assert graph.is_independent(successors, subset) == independent(successors, set(subset))
            assert graph.is_absorbing(successors, subset) == absorbing(successors, set(subset))


@settings(max_examples=100, deadline=None)
@given(case=dags_with_tokens(10, 4))
def test_analysis_on_random_dags(case):
    """Any acyclic graph, not only the registry's worked ones: the contract of an analysis."""
    successors, tokens = case
    before_graph = {vertex: list(targets) for vertex, targets in successors.items()}
    before_tokens = list(tokens)
    analysis = graph.analyse(successors, tokens)
    assert successors == before_graph and tokens == before_tokens, "the input was modified"
    all_moves = list(graph.moves(successors, tokens))
    assert (not all_moves) == analysis.terminal
    for move in analysis.winning_moves:
        assert graph.play(successors, tokens, move.token, move.target) == move.to
        assert graph.analyse(successors, move.to).outcome == "P"
    if analysis.outcome == "P":
        assert analysis.winning_moves == () and analysis.recommended is None
        for move in all_moves:
            assert graph.analyse(successors, move.to).outcome == "N"
    else:
        assert analysis.recommended in analysis.winning_moves
    data = analysis.to_dict()
    assert data["nimber"] == analysis.nimber and data["tokens"] == list(tokens)


def test_long_path_does_not_overflow_the_stack():
    count = 10**5
    successors = {index: [index + 1] for index in range(count - 1)}
    successors[count - 1] = []
    checked = graph.validate_graph(successors)
    assert all(checked.grundy[index] == (count - 1 - index) % 2 for index in range(0, count, 997))
    assert checked.height[0] == count - 1
    assert len(graph.kernel(checked)) == count // 2
    analysis = graph.analyse(checked, [0, 1])
    assert analysis.outcome == "N" and analysis.nimber == 1
    assert [move.to for move in analysis.winning_moves] == [(1, 1), (0, 2)]
    # A long cycle is found without recursion either.
    successors[count - 1] = [0]
    with pytest.raises(NimcoreError, match="circuit"):
        graph.validate_graph(successors)


def test_small_worked_example():
    """Grundy values by the mex, sinks first; the kernel; a sum of three tokens."""
    successors = {"a": ["b", "c", "d"], "b": ["c"], "c": ["d"], "d": [], "e": ["a", "d"]}
    assert graph.grundy_values(successors) == {"a": 2, "b": 0, "c": 1, "d": 0, "e": 1}
    assert graph.kernel(successors) == ("b", "d")
    analysis = graph.analyse(successors, ["a", "a", "e"])
    assert analysis.token_nimbers == (2, 2, 1) and analysis.nimber == 1
    assert {move.to for move in analysis.winning_moves} == {("a", "a", "d")}
    assert "⊕" in analysis.explanation[-1]
    losing = graph.analyse(successors, ["a", "a"])
    assert losing.outcome == "P" and "nulle" in " ".join(losing.explanation)


# --- the labelling step by step, and the worked graphs --------------------------------------


@settings(max_examples=100, deadline=None)
@given(successors=dags())
def test_grundy_steps_against_brute_force(successors):
    _, grundy, _ = brute_for(successors)
    steps = graph.grundy_steps(successors)
    assert sorted(step.vertex for step in steps) == sorted(successors)
    done = set()
    for step in steps:
        # Successors first: every successor already has its value.
        assert step.successors == tuple(dict.fromkeys(successors[step.vertex]))
        assert all(target in done for target in step.successors)
        assert step.values == tuple(grundy(target) for target in step.successors)
        assert step.seen == tuple(sorted(set(step.values)))
        assert step.value == grundy(step.vertex)
        assert f"= {step.value}." in step.explanation
        assert ("y entre" in step.explanation or "terminal" in step.explanation) == (
            step.value == 0
        )
        assert step.to_dict()["values"] == list(step.values)
        done.add(step.vertex)


def test_grundy_steps_say_why_the_mex_is_what_it_is():
    steps = {step.vertex: step for step in graph.grundy_steps(graph.worked_graph("exemple").graph)}
    assert [step.value for step in steps.values()] == [0, 1, 2, 0, 0, 1, 2, 3, 1]
    assert steps["i"].explanation.startswith("Le sommet i n'a aucun successeur")
    assert "mex ∅ = 0" in steps["i"].explanation
    # a: successors b, c, d of values 3, 2, 0; the larger values do not count.
    text = steps["a"].explanation.replace("\u00a0", " ").replace("\u202f", " ")
    assert "de valeurs respectives 3, 2 et 0" in text
    assert "g(a) = mex{0, 2, 3} = 1" in text
    assert "Les valeurs 2 et 3, plus grandes, ne comptent pas" in text
    assert "Son successeur d, de valeur 0, est dans le noyau" in text
    assert "Les valeurs 0 à 2 y figurent toutes, mais pas 3" in steps["b"].explanation
    assert "Aucun successeur de d n'est dans le noyau, donc d y entre." in steps["d"].explanation


@pytest.mark.parametrize("name", sorted(graph.EXAMPLES))
def test_worked_graphs(name):
    example = graph.worked_graph(name)
    assert example.name == name and example.title
    checked = example.graph
    assert set(example.columns) == set(checked.vertices) == set(example.successors)
    assert all(isinstance(vertex, str) and len(vertex) == 1 for vertex in checked.vertices)
    assert checked is graph.worked_graph(name).graph  # validated once
    # No two vertices drawn in the same place.
    places = {(example.columns[vertex], checked.height[vertex]) for vertex in checked.vertices}
    assert len(places) == len(checked.vertices)
    _, grundy, _ = brute_for(example.successors)
    assert dict(checked.grundy) == {vertex: grundy(vertex) for vertex in checked.vertices}


def test_the_worked_graphs_values():
    # The chapter's figure: values 0 to 3, kernel {d, f, i}.
    exemple = graph.worked_graph("exemple").graph
    assert dict(exemple.grundy) == {
        "a": 1,
        "b": 3,
        "c": 2,
        "d": 0,
        "e": 1,
        "f": 0,
        "g": 2,
        "h": 1,
        "i": 0,
    }
    assert graph.kernel(exemple) == ("d", "f", "i")
    reseau = graph.worked_graph("reseau").graph
    assert graph.kernel(reseau) == ("b", "c", "g", "k", "l")
    assert max(reseau.grundy.values()) == 3


@pytest.mark.parametrize("name", ["autre", "", None, 3, ["exemple"], {"a": []}])
def test_unknown_worked_graphs_are_refused_in_french(name):
    with pytest.raises(NimcoreError, match="Graphe inconnu"):
        graph.worked_graph(name)


# --- Delahaye's 5×5 board --------------------------------------------------------------


def pawn_options_for(size):
    def options(position):
        for index, (row, column) in enumerate(position):
            for d_row, d_column in ((0, 1), (0, 2), (1, 0), (2, 0)):
                target = (row + d_row, column + d_column)
                if target[0] < size and target[1] < size:
                    yield position[:index] + (target,) + position[index + 1 :]

    return options


def test_pawn_board_grundy_values():
    grid = graph.pawn_board_grundy()
    # Delahaye: the left column, from the top, reads 0, 1, 3, 0, 1.
    assert [grid[row][0] for row in range(5)] == [0, 1, 3, 0, 1]
    assert grid[4][4] == 0  # the end, bottom right
    for size in range(1, 9):
        grid = graph.pawn_board_grundy(size)
        for row in range(size):
            for column in range(size):
                # Sum of two subtraction games {1, 2}: rows and columns still to go.
                expected = ((size - 1 - row) % 3) ^ ((size - 1 - column) % 3)
                assert grid[row][column] == expected


def test_pawn_board_against_brute_force():
    options = pawn_options_for(4)
    is_p = make_solver(options)
    cells = [(row, column) for row in range(4) for column in range(4)]
    for count in (1, 2, 3):
        for position in itertools.product(cells, repeat=count):
            analysis = graph.analyse_pawns(position, size=4)
            assert (analysis.outcome == "P") == is_p(position)
            expected = sorted(option for option in options(position) if is_p(option))
            assert sorted(move.to for move in analysis.winning_moves) == expected


def test_seed_five_pawns():
    """Five pawns on the left column: nim-sum 3, the first player wins."""
    start = [(row, 0) for row in range(5)]
    analysis = graph.analyse_pawns(start)
    assert analysis.token_nimbers == (0, 1, 3, 0, 1) and analysis.nimber == 3
    assert analysis.outcome == "N"
    # The seed's move: the pawn of the third row goes two cells (to the right).
    seed_move = ((0, 0), (1, 0), (2, 2), (3, 0), (4, 0))
    assert analysis.recommended is not None and analysis.recommended.to == seed_move
    reached = {move.to for move in analysis.winning_moves}
    assert seed_move in reached
    # Every move to a nim-sum of 0, including those raising a pawn's nimber.
    assert reached == {
        ((0, 2), (1, 0), (2, 0), (3, 0), (4, 0)),
        ((2, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
        ((0, 0), (1, 2), (2, 0), (3, 0), (4, 0)),
        seed_move,
        ((0, 0), (1, 0), (3, 0), (3, 0), (4, 0)),
        ((0, 0), (1, 0), (2, 0), (3, 2), (4, 0)),
        ((0, 0), (1, 0), (2, 0), (3, 0), (4, 2)),
    }
    for move in analysis.winning_moves:
        assert graph.analyse_pawns(move.to).outcome == "P"
    assert games.perfect_move("pawns", start).to == seed_move
    assert analysis.to_dict()["winning_moves"][0]["to"][0] == [0, 2]


def test_pawns_may_share_a_cell_and_all_end_bottom_right():
    analysis = graph.analyse_pawns([(3, 3), (3, 3)])
    assert analysis.outcome == "P"  # two equal games cancel
    assert graph.analyse_pawns([(4, 4)] * 5).terminal
    texts = [move.text for move in graph.pawn_moves([(3, 3)])]
    assert texts == [
        "avancer le pion 1 d'une case vers la droite (ligne 4, colonne 4 → ligne 4, colonne 5)",
        "avancer le pion 1 d'une case vers le bas (ligne 4, colonne 4 → ligne 5, colonne 4)",
    ]


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successors", "fragment"),
    [
        ({}, "au moins un sommet"),
        ([["a"]], "sommet: [successeurs]"),
        ({"a": ["b"]}, "«\u00a0b\u00a0»"),
        ({"a": ["a"]}, "a → a"),
        ({"a": ["b"], "b": ["c"], "c": ["a"]}, "circuit"),
        ({"a": "b", "b": []}, "en liste"),
        ({"a": [["b"]], "b": []}, "['b']"),
    ],
)
def test_invalid_graphs_are_refused_in_french(successors, fragment):
    with pytest.raises(NimcoreError) as caught:
        graph.validate_graph(successors)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("tokens", "fragment"),
    [
        ([], "au moins un jeton"),
        (["z"], "«\u00a0z\u00a0»"),
        ("a", "«\u00a0a\u00a0»"),
        (["a"] * 1001, "limite"),
    ],
)
def test_invalid_tokens_are_refused(tokens, fragment):
    with pytest.raises(NimcoreError) as caught:
        graph.analyse({"a": ["b"], "b": []}, tokens)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("pawns", "size", "fragment"),
    [
        ([], 5, "au moins un pion"),
        ([(5, 0)], 5, "hors du damier"),
        ([(-1, 0)], 5, "hors du damier"),
        ([(0,)], 5, "[ligne, colonne]"),
        ([(0, 1.5)], 5, "1.5"),
        ([(0, 0)], 0, "taille"),
        ([(0, 0)], 101, "taille"),
    ],
)
def test_invalid_pawns_are_refused(pawns, size, fragment):
    with pytest.raises(NimcoreError) as caught:
        graph.analyse_pawns(pawns, size)
    assert fragment in str(caught.value)


def test_illegal_moves_are_refused():
    successors = {"a": ["b"], "b": []}
    with pytest.raises(NimcoreError):
        graph.play(successors, ["a"], 1, "b")
    with pytest.raises(NimcoreError):
        graph.play(successors, ["b"], 0, "a")


@pytest.mark.parametrize("name", sorted(graph.EXAMPLES))
def test_the_arcs_in_words_are_every_arc(name):
    """The drawing's accessible name says every arc, in nimcore's words (graph.js only shows it)."""
    checked = graph.worked_graph(name).graph
    text = graph.arcs_text(checked)
    assert text.startswith("Arcs\u00a0: ") and text.endswith(".")
    said = {}
    for part in text.removeprefix("Arcs\u00a0: ").removesuffix(".").split("\u202f; "):
        source, _, targets = part.partition(" vers ")
        said[source] = targets.replace(" et ", ", ").split(", ")
    assert said == {
        vertex: list(targets) for vertex, targets in checked.successors.items() if targets
    }
    assert graph.arcs_text(graph.validate_graph({"a": []})) == "Aucun arc."
