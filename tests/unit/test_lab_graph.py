"""The laboratory's drawn graph (nimcore.graph.drawn, nimcore.lab): values against a brute-force
mex, cycles named, limits kept, the one line round-trips, the board plays the drawn graph."""

import itertools
import json
import random
import re

import pytest
from brute import make_grundy
from test_lab import call
from test_lab import refusal as lab_refusal

from nimcore import NimcoreError, bridge, games, lab
from nimcore.games import base
from nimcore.graph import drawn

NAMES = [chr(ord("a") + index) for index in range(20)]


def refusal(payload: object) -> str:
    """The laboratory's French refusal of *payload*, its narrow spaces read as spaces."""
    return lab_refusal(payload).replace("\u00a0", " ").replace("\u202f", " ")


def random_dag(chance: random.Random, count: int) -> list[dict]:
    """The editor's list for a random graph without cycles: arcs go down a shuffled order."""
    names = chance.sample(NAMES, count)
    rank = chance.sample(range(count), count)
    vertices = []
    for index, name in enumerate(names):
        later = [other for j, other in enumerate(names) if rank[j] > rank[index]]
        targets = [other for other in later if chance.random() < 0.4]
        chance.shuffle(targets)
        place = {"x": chance.randrange(641), "y": chance.randrange(401)}
        vertices.append({"name": name, **place, "successors": targets})
    return vertices


def brute_values(vertices: list[dict]) -> list[int]:
    """Grundy values from the definition: the mex of the successors' values, by recursion."""
    table = {vertex["name"]: vertex["successors"] for vertex in vertices}
    grundy = make_grundy(lambda name: table[name])
    return [grundy(vertex["name"]) for vertex in vertices]


def check_answer(vertices: list[dict], result: dict) -> None:
    values = brute_values(vertices)
    names = [vertex["name"] for vertex in vertices]
    assert result["values"] == values
    assert result["kernel"] == [
        name for name, value in zip(names, values, strict=True) if value == 0
    ]
    assert [vertex["value"] for vertex in result["graph"]["vertices"]] == values
    assert (result["period"], result["preperiod"], result["certified"]) == (None, None, True)
    # The labelling: every vertex once, after all its successors, with its value.
    done: dict[str, int] = {}
    for step in result["steps"]:
        assert all(target in done for target in step["successors"])
        assert step["values"] == [done[target] for target in step["successors"]]
        done[step["vertex"]] = step["value"]
        assert f"= {step['value']}" in step["explanation"]
    assert done == dict(zip(names, values, strict=True))


@pytest.mark.parametrize("seed", range(20))
def test_values_are_the_brute_force_mex_on_random_graphs(seed):
    chance = random.Random(seed)
    for count in range(1, 10):
        vertices = random_dag(chance, count)
        result = call({"kind": "graph", "graph": vertices})
        check_answer(vertices, result)
        # The same graph by its one line gives the same answer.
        again = call({"kind": "graph", "graph": result["graph"]["code"]})
        assert again["values"] == result["values"] and again["graph"] == result["graph"]


def test_every_graph_on_three_vertices():
    """All 64 sets of arcs on a, b, c (loops aside): acyclic ones valued, the others refused."""
    pairs = [(s, t) for s in "abc" for t in "abc" if s != t]
    for chosen in itertools.chain.from_iterable(
        itertools.combinations(pairs, size) for size in range(len(pairs) + 1)
    ):
        vertices = [
            {"name": s, "x": 10, "y": 10, "successors": [t for u, t in chosen if u == s]}
            for s in "abc"
        ]
        arcs = set(chosen)
        has_cycle = any((t, s) in arcs for s, t in arcs) or any(
            (x, y) in arcs and (y, z) in arcs and (z, x) in arcs
            for x, y, z in itertools.permutations("abc")
        )
        if not has_cycle:
            check_answer(vertices, call({"kind": "graph", "graph": vertices}))
            continue
        message = refusal({"kind": "graph", "graph": vertices})
        named = re.search(r"circuit : ([a-c](?: → [a-c])+) ;", message)
        assert named, message
        walk = named.group(1).split(" → ")
        assert walk[0] == walk[-1] and len(set(walk)) == len(walk) - 1
        assert all((s, t) in arcs for s, t in itertools.pairwise(walk))


def test_a_cycle_is_named_in_french():
    message = refusal({"kind": "graph", "graph": "a(10,10):b;b(50,10):c;c(90,10):a;d(10,90):a"})
    assert message.startswith("Le graphe contient un circuit : a → b → c → a ;")
    assert "a → a" in refusal({"kind": "graph", "graph": "a:a"})


def test_the_line_round_trips_and_places_what_it_may_omit():
    line = "a(100,60):b,c;b(60,160):c;c(140,160)"
    found = drawn.parse_drawn(line)
    assert (
        found.code
        == line
        == drawn.parse_drawn(" a (100, 60) : b , c ; b(60,160):c; c(140,160) ;").code
    )
    listed = [
        {key: vertex[key] for key in ("name", "x", "y", "successors")}
        for vertex in found.to_dict()["vertices"]
    ]
    assert drawn.read_drawn(listed).code == line
    # Successors never written become vertices; vertices without a place go on a circle.
    short = drawn.parse_drawn("a:b,c;b:c")
    assert short.graph.vertices == ("a", "b", "c")
    assert all(
        0 <= x <= drawn.CANVAS_WIDTH and 0 <= y <= drawn.CANVAS_HEIGHT
        for x, y in short.place.values()
    )
    assert drawn.parse_drawn(short.code).code == short.code
    chance = random.Random(7)
    for _ in range(50):
        vertices = random_dag(chance, chance.randint(1, 12))
        code = drawn.read_drawn(vertices).code
        assert drawn.parse_drawn(code).code == code


@pytest.mark.parametrize(
    ("graph", "words"),
    [
        ("", "vide"),
        ("A(1,1)", "ne se lit pas"),
        ("a(1,1):B", "ne se lit pas"),
        ("a(1,1", "ne se lit pas"),
        ("abcde", "ne se lit pas"),
        ("a(1,1);a(2,2)", "écrit deux fois"),
        ("a(700,10)", "sort du dessin"),
        ("a(10,401)", "sort du dessin"),
        (";".join(f"{name}" for name in NAMES) + ";z", "Trop de sommets : 21"),
        ("a" * 2000, "trop longuement"),
        (137, "une ligne"),
        ([{"name": "a", "x": 1, "y": 1, "successors": ["b"]}], "n'existe pas"),
        ([{"name": "a", "x": 1.5, "y": 1, "successors": []}], "nombres entiers"),
        ([{"name": "a", "x": 1, "y": 1}], "name, x, y, successors"),
        ([{"name": "A", "x": 1, "y": 1, "successors": []}], "« A » n'est pas un nom"),
        ([{"name": "a", "x": 1, "y": 1, "successors": "b"}], "en liste"),
        ([], "vide"),
    ],
)
def test_bad_graphs_are_refused_in_french(graph, words):
    message = refusal({"kind": "graph", "graph": graph})
    assert words in message
    assert message[-1] in ".»)" and "Traceback" not in message


def test_limits_are_stated_and_kept():
    text = " ".join(lab.limits_text())
    assert f"au plus {lab.MAX_VERTICES} sommets et {lab.MAX_ARCS} flèches" in text
    # The largest graph allowed is answered: 20 vertices, 60 arcs.
    names = NAMES[: lab.MAX_VERTICES]
    arcs = [(s, t) for i, s in enumerate(names) for t in names[i + 1 :]][: lab.MAX_ARCS]
    line = ";".join(
        f"{s}({30 * i},{20 * i})"
        + (":" + ",".join(t for u, t in arcs if u == s) if any(u == s for u, _ in arcs) else "")
        for i, s in enumerate(names)
    )
    result = call({"kind": "graph", "graph": line})
    assert len(result["values"]) == lab.MAX_VERTICES and len(result["board"]["graphs"]) == 1
    pairs = [(s, t) for i, s in enumerate(names) for t in names[i + 1 :]]
    extra = next(pair for pair in pairs if pair not in arcs)
    vertices = [
        {"name": n, "x": 0, "y": 0, "successors": [t for u, t in [*arcs, extra] if u == n]}
        for n in names
    ]
    assert "Trop de flèches : 61" in refusal({"kind": "graph", "graph": vertices})
    assert "Trop de sommets : 21" in refusal(
        {
            "kind": "graph",
            "graph": [{"name": f"v{i}", "x": 0, "y": 0, "successors": []} for i in range(21)],
        }
    )


def test_play_opens_the_tokens_board_on_the_drawn_graph():
    result = call({"kind": "graph", "graph": "a(100,60):b,c;b(60,160):c;c(140,160);d(300,60):c"})
    board = result["board"]
    assert board["kind"] == "graph" and board["game"] == "graph"
    assert board["code"] == result["graph"]["code"] + "-a"
    game = games.get("graph")
    position, options = game.decode(board["code"])
    assert board["view"] == json.loads(json.dumps(base.view(game, position, options)))
    assert [move["to"] for move in board["view"]["moves"]] == [["b"], ["c"]]
    layout = board["graphs"][options["graph"]]
    assert [vertex["name"] for vertex in layout["vertices"]] == ["a", "b", "c", "d"]
    assert min(vertex["at"][0] for vertex in layout["vertices"]) == 28.0  # cropped to the graph
    assert len(layout["arcs"]) == 4 and len(layout["steps"]) == 4
    # The registry plays it through the bridge: the computer's move from a is to c (value 0).
    answer = json.loads(bridge.dispatch("graph.computer_move", json.dumps({"code": board["code"]})))
    assert answer["ok"] and answer["result"]["position"] == ["c"]
    # A graph without an arc has nothing to play.
    assert call({"kind": "graph", "graph": "a(10,10);b(20,20)"})["board"] is None


def test_a_drawn_graph_is_refused_by_the_board_as_by_the_laboratory():
    game = games.get("graph")
    with pytest.raises(NimcoreError, match="circuit"):
        game.read_options({"graph": "a(1,1):b;b(2,2):a"})
    with pytest.raises(NimcoreError, match="n'est pas un sommet"):
        game.decode("a(1,1):b;b(2,2)-z")
    with pytest.raises(NimcoreError, match="Graphe inconnu"):
        game.read_options({"graph": "abc"})
