"""The worker's allow-list: JSON in, JSON out, one answer or one French error."""

import itertools
import json
import sys

import pytest
from brute import make_solver

from nimcore import bridge, graph


def call(kind, payload):
    return json.loads(bridge.dispatch(kind, json.dumps(payload)))


def result(kind, payload):
    answer = call(kind, payload)
    assert answer["ok"] is True, answer
    return answer["result"]


def test_analyse():
    analysis = result("nim.analyse", {"position": [1, 3, 5, 7]})
    assert analysis["outcome"] == "P"
    assert analysis["nimber"] == 0  # a nimber of 0 is a result
    assert analysis["position"] == [1, 3, 5, 7] and analysis["terminal"] is False


def test_computer_move():
    answer = result("nim.computer_move", {"position": [3, 4, 5]})
    assert answer["position"] == [1, 4, 5] == answer["move"]["to"]
    assert answer["move"]["heap"] == 0 and answer["move"]["take"] == 2
    assert answer["move"]["text"].startswith("retirer 2 allumettes")
    assert answer["outcome"] == "P" and answer["terminal"] is False


BOARD_CASES = [
    ("nim", [3, 4, 5], {}),
    ("nim", [3, 4, 5], {"misere": True}),
    ("nim", [7, 8, 6], {"max": 3}),
    ("soustraction", [10, 7], {"set": [1, 2, 4]}),
    ("soustraction", [9, 4], {"min": 2, "max": 3, "misere": True}),
    ("moore", [11, 9, 7], {"k": 2}),
    ("fibonacci", [24, 23], {}),
    ("wythoff", [10, 20], {}),
    ("chomp", [4, 4, 4], {}),
    ("ordinal", ["w+3", "w", "7"], {}),
    ("grundy", [7, 5], {}),
    ("octal", [10], {"code": "0.137"}),
    ("octal", [4, 6], {"code": "0.77"}),
    ("octal", [3], {"code": "0.137"}),
    ("pions", [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], {"size": 5}),
    ("graphe", ["b", "c"], {"graph": "exemple"}),
    ("graphe", ["c", "g"], {"graph": "exemple"}),
    ("graphe", ["a", "h", "h", "i"], {"graph": "reseau"}),
]


@pytest.mark.parametrize(("game", "position", "options"), BOARD_CASES)
def test_every_board_game_answers(game, position, options):
    analysis = result(f"{game}.analyse", {"position": position, "options": options})
    assert analysis["outcome"] in ("P", "N")
    perfect = result(f"{game}.computer_move", {"position": position, "options": options})
    if analysis["outcome"] == "N":
        assert perfect["outcome"] == "P", "the perfect computer missed a winning move"
    # The board's own move is checked against the rules: the computer's is legal…
    checked = result(
        f"{game}.play", {"position": position, "options": options, "to": perfect["position"]}
    )
    assert checked["position"] == perfect["position"]
    # …and the position itself is not a move.
    refused = call(f"{game}.play", {"position": position, "options": options, "to": position})
    assert refused["ok"] is False and refused["error"]["code"] == "invalid"
    for seed in range(6):
        beginner = result(
            f"{game}.computer_move",
            {"position": position, "options": options, "level": "debutant", "seed": seed},
        )
        legal = result(
            f"{game}.play", {"position": position, "options": options, "to": beginner["position"]}
        )
        assert legal["position"] == beginner["position"]


def test_the_beginner_sometimes_errs():
    outcomes = {
        result("wythoff.computer_move", {"position": [10, 20], "level": "debutant", "seed": seed})[
            "outcome"
        ]
        for seed in range(40)
    }
    assert outcomes == {"P", "N"}


@pytest.mark.parametrize(
    ("kind", "payload_json", "code"),
    [
        ("nim.analyse", '{"position": [1, -2]}', "invalid"),
        ("nim.analyse", '{"position": [1], "options": {"misere": "oui"}}', "invalid"),
        ("nim.analyse", '{"position": [1], "options": [1]}', "invalid"),
        ("nim.computer_move", '{"position": [0, 0]}', "invalid"),
        ("nim.computer_move", '{"position": [3], "level": "expert"}', "invalid"),
        ("nim.play", '{"position": [3], "to": [4]}', "invalid"),
        ("nim.play", '{"position": [3], "to": "2"}', "invalid"),
        ("moore.analyse", '{"position": [3, 4]}', "invalid"),
        ("nim.analyse", "[1, 2]", "bad-request"),
        ("nim.analyse", "pas du JSON", "bad-request"),
        ("__import__", "{}", "unknown-call"),
        ("eval", '{"source": "1+1"}', "unknown-call"),
    ],
)
def test_errors(kind, payload_json, code):
    answer = json.loads(bridge.dispatch(kind, payload_json))
    assert answer["ok"] is False
    assert answer["error"]["code"] == code
    assert answer["error"]["message"]


def test_messages_use_french_typography():
    message = call("nim.analyse", {"position": [-2]})["error"]["message"]
    assert " :" not in message and "\u00a0:" in message


def test_calculators():
    table = result("calc.nim_sum", {"values": [11, 9, 7]})
    assert table["nim_sum"] == 5 and table["column_ones"] == [2, 1, 2, 3]
    assert result("calc.digits", {"value": 11, "base": 3})["digits"] == [1, 0, 2]
    assert result("calc.zeckendorf", {"value": 24})["terms"] == [21, 3]
    assert result("calc.stella", {"size": 4})["table"][2] == [2, 3, 0, 1]
    assert result("calc.nim_sum", {"values": [85, 97]})["nim_sum"] == 52


def test_calculators_take_and_give_big_numbers_as_decimal_strings():
    """Beyond 2^53 − 1 JavaScript numbers are not exact: big numbers travel as strings."""
    a, b = "1234567890123456789012345678901234567890", "9876543210987654321098765432109876543210"
    table = result("calc.nim_sum", {"values": [a, b, "7", 5]})
    assert table["nim_sum"] == str(int(a) ^ int(b) ^ 7 ^ 5)
    assert table["values"] == [a, b, 7, 5]  # small numbers stay numbers
    assert table["weights"][-3:] == [4, 2, 1] and table["weights"][0] == str(
        2 ** (len(table["weights"]) - 1)
    )
    assert result("calc.nim_sum", {"values": [2**53 - 1, 0]})["nim_sum"] == 2**53 - 1
    assert result("calc.nim_sum", {"values": [str(2**53), "0"]})["nim_sum"] == str(2**53)
    largest = "9" * bridge.MAX_CALCULATOR_DIGITS
    digits = result("calc.digits", {"value": largest, "base": 36})
    assert digits["value"] == largest
    assert int(
        "".join("0123456789abcdefghijklmnopqrstuvwxyz"[d] for d in digits["digits"]), 36
    ) == int(largest)
    zeck = result("calc.zeckendorf", {"value": "0" + largest[1:]})
    assert sum(int(term) for term in zeck["terms"]) == int(largest[1:])
    assert all(isinstance(term, str) for term in zeck["terms"][:3]) and zeck["terms"][-1] in range(
        10**6
    )
    assert result("calc.zeckendorf", {"value": "24"}) == {
        "value": 24,
        "terms": [21, 3],
        "digits": [1, 0, 0, 0, 1, 0, 0],
    }


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("12a", "« 12a » n'est pas un entier naturel"),
        ("-3", "« -3 »"),
        ("1_000", "« 1_000 »"),
        ("١٢", "chiffres de 0 à 9"),  # Arabic-Indic digits, which int() would take
        ("", "texte vide"),
        ("1" * 301, "Nombre trop long (301 chiffres)"),
        ("1" * 10**5, "Nombre trop long (100000 chiffres)"),
        (10**300, "300 chiffres au plus"),
        (-1, "pas -1"),
        (1.5, "pas 1.5"),
    ],
)
def test_calculators_refuse_bad_numbers_in_french(value, fragment):
    for kind, payload in (
        ("calc.nim_sum", {"values": [1, value]}),
        ("calc.digits", {"value": value, "base": 3}),
        ("calc.zeckendorf", {"value": value}),
    ):
        answer = call(kind, payload)
        assert answer["ok"] is False and answer["error"]["code"] == "invalid"
        assert fragment in answer["error"]["message"].replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(
    ("kind", "payload"),
    [
        ("calc.nim_sum", {"values": []}),
        ("calc.nim_sum", {"values": [1, -1]}),
        ("calc.digits", {"value": 5, "base": 1}),
        ("calc.digits", {"value": 10**400}),
        ("calc.zeckendorf", {"value": "douze"}),
        ("calc.stella", {"size": 10**6}),
        ("pions.analyse", {"position": [[0, 0]], "options": {"size": 99}}),
        ("grundy.analyse", {"position": [10**6]}),
        ("octal.analyse", {"position": [5], "options": {"code": "0.9"}}),
        ("graphe.analyse", {"position": ["a"]}),
        ("graphe.analyse", {"position": ["a"], "options": {"graph": "autre"}}),
        ("graphe.analyse", {"position": ["a"], "options": {"graph": {"a": ["b"], "b": []}}}),
        ("graphe.analyse", {"position": ["z"], "options": {"graph": "exemple"}}),
        ("graphe.analyse", {"position": "a", "options": {"graph": "exemple"}}),
        ("graphe.analyse", {"position": [], "options": {"graph": "exemple"}}),
        ("graphe.analyse", {"position": ["a"] * 5, "options": {"graph": "exemple"}}),
        ("graphe.computer_move", {"position": ["i", "i"], "options": {"graph": "exemple"}}),
        ("graphe.play", {"position": ["a"], "options": {"graph": "exemple"}, "to": ["e"]}),
        ("graphe.play", {"position": ["a"], "options": {"graph": "exemple"}, "to": ["b", "a"]}),
    ],
)
def test_calculator_and_board_refusals(kind, payload):
    answer = call(kind, payload)
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"


# --- tokens on a worked graph: the board's calls against exhaustive search -----------------


def graph_brute(successors):
    def options(position):
        for index, vertex in enumerate(position):
            for target in successors[vertex]:
                yield position[:index] + (target,) + position[index + 1 :]

    return options, make_solver(options)


@pytest.mark.parametrize("name", sorted(graph.EXAMPLES))
def test_graph_board_against_brute_force(name):
    """Every position of one or two tokens: outcome, the perfect move, and which moves are legal."""
    successors = graph.worked_graph(name).successors
    options, is_p = graph_brute(successors)
    vertices = list(successors)
    for count in (1, 2):
        for tokens in itertools.product(vertices, repeat=count):
            payload = {"position": list(tokens), "options": {"graph": name}}
            analysis = result("graphe.analyse", payload)
            assert analysis["outcome"] == ("P" if is_p(tokens) else "N")
            assert analysis["position"] == list(tokens)
            legal = set(options(tokens))
            assert analysis["terminal"] == (not legal)
            if not legal:
                assert call("graphe.computer_move", payload)["ok"] is False
                continue
            answer = result("graphe.computer_move", payload)
            assert tuple(answer["position"]) in legal
            if analysis["outcome"] == "N":
                assert answer["outcome"] == "P" and is_p(tuple(answer["position"]))
            # The board's move is checked: one token along one arc, and nothing else.
            for target in itertools.product(vertices, repeat=count):
                checked = call("graphe.play", {**payload, "to": list(target)})
                assert checked["ok"] is (target in legal), (tokens, target)
                if checked["ok"]:
                    assert checked["result"]["position"] == list(target)


def test_graph_board_contract():
    """The position sent is not modified, and the hint's move wins."""
    position = ["a", "b", "c", "e"]
    payload = {"position": position, "options": {"graph": "exemple"}}
    analysis = result("graphe.analyse", payload)
    assert position == ["a", "b", "c", "e"]
    assert analysis["token_nimbers"] == [1, 3, 2, 1] and analysis["nimber"] == 1
    best = analysis["recommended"]["to"]
    assert result("graphe.play", {**payload, "to": best})["outcome"] == "P"
    assert "somme de Nim" in " ".join(analysis["explanation"])


def test_graph_board_limits_the_tokens():
    answer = call("graphe.analyse", {"position": ["a"] * 5, "options": {"graph": "exemple"}})
    assert answer["error"]["message"].startswith("Trop de jetons")
    assert str(bridge.MAX_GRAPH_TOKENS) in answer["error"]["message"]


def test_ordinal_moves_are_checked_directly():
    """No enumeration: any smaller ordinal is accepted, however large its coefficients."""
    answer = result(
        "ordinal.play", {"position": ["w^2+3", "w*2+5", "7"], "to": ["w*1000", "w*2+5", "7"]}
    )
    assert answer["position"] == ["w*1000", "w*2+5", "7"]
    assert answer["move"]["text"] == "remplacer le tas 1 (ω^2+3) par ω·1000"
    # A position whose moves could never be listed (the enumeration stopped at MAX_CHECKED_MOVES).
    big = ["w^3*1000+w^2*1000+w*1000+1000"] * 6
    assert (
        result("ordinal.play", {"position": big, "to": ["w^3*999+w^2*5000"] + big[1:]})["outcome"]
        in "PN"
    )
    for seed in range(20):
        beginner = result(
            "ordinal.computer_move", {"position": big, "level": "debutant", "seed": seed}
        )
        assert (
            result("ordinal.play", {"position": big, "to": beginner["position"]})["position"]
            == beginner["position"]
        )


@pytest.mark.parametrize(
    ("to", "fragment"),
    [
        (["w^2+3", "w*2+5", "7"], "Aucun tas n'a changé"),
        (["w^2+4", "w*2+5", "7"], "plus petit, pas par ω^2+4"),
        (["w*9", "w+5", "7"], "Les tas 1 et 2 ont changé"),
        (["w*9", "w*2+5"], "2 tas au lieu de 3"),
        (["2*w", "w*2+5", "7"], "forme normale de Cantor"),
        ("w*9", "doit être une liste"),
    ],
)
def test_ordinal_refusals_are_french(to, fragment):
    answer = call("ordinal.play", {"position": ["w^2+3", "w*2+5", "7"], "to": to})
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"
    assert fragment in answer["error"]["message"].replace("\u00a0", " ").replace("\u202f", " ")


# --- one round trip per move, and only the game played is imported -------------------


def test_play_with_reply_carries_the_computers_answer():
    """The reader's move is checked and the computer answers in the same call."""
    answer = result(
        "nim.play",
        {"position": [3, 4, 5], "to": [3, 4, 4], "reply": {"level": "parfait", "seed": 1}},
    )
    assert answer["position"] == [3, 4, 4] and answer["outcome"] == "N"
    reply = answer["reply"]
    assert reply["outcome"] == "P" and reply["move"]["to"] == reply["position"]
    assert reply == result(
        "nim.computer_move", {"position": [3, 4, 4], "level": "parfait", "seed": 1}
    )


def test_play_with_reply_when_the_game_ends_or_the_computer_cannot_answer():
    last = result("nim.play", {"position": [0, 2], "to": [0, 0], "reply": {"level": "parfait"}})
    assert last["terminal"] is True and last["reply"] is None
    odd = result("nim.play", {"position": [3, 4], "to": [3, 3], "reply": {"level": "expert"}})
    assert odd["position"] == [3, 3] and odd["reply"] is None  # the board then asks computer_move
    refused = call("nim.play", {"position": [3, 4], "to": [3, 3], "reply": "oui"})
    assert refused["ok"] is False and "objet" in refused["error"]["message"]
    illegal = call("nim.play", {"position": [3, 4], "to": [4, 4], "reply": {"level": "parfait"}})
    assert illegal["ok"] is False and illegal["error"]["code"] == "invalid"


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_the_bridge_imports_a_game_only_when_it_is_played():
    """A board page's worker loads one game's module, not every game's."""
    import subprocess

    code = (
        "import json, sys\n"
        "import nimcore.bridge as bridge\n"
        "loaded = lambda: sorted(m for m in sys.modules if m.startswith('nimcore.')"
        " and type(sys.modules[m]).__name__ != '_LazyModule')\n"
        "before = loaded()\n"
        "bridge.dispatch('wythoff.analyse', json.dumps({'position': [3, 5]}))\n"
        "import nimcore.chomp\n"
        "assert nimcore.chomp.family([5, 3]) == 'two_rows'  # loads on first use, like any import\n"
        "print(json.dumps([before, loaded()]))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    before, after = json.loads(completed.stdout)
    assert "nimcore.chomp" not in before and "nimcore.wythoff" not in before
    assert "nimcore.wythoff" in after and "nimcore.chomp" in after and "nimcore.octal" not in after


# --- random starts: the board draws shapes, nimcore picks by the rules ---------------------

RANDOM_CANDIDATES = [
    ("nim", [[3, 4, 5], [1, 2, 3], [6, 6], [7]], {}),
    ("nim", [[2, 2], [1, 1, 1], [5, 3]], {"misere": True}),
    ("nim", [[7, 8, 6], [4, 4]], {"max": 3}),
    ("soustraction", [[10, 7], [3], [9, 4]], {"set": [1, 2, 4]}),
    ("moore", [[11, 9, 7], [1, 2, 3]], {"k": 2}),
    ("fibonacci", [[24, 23], [21, 20], [30, 29]], {}),
    ("wythoff", [[10, 20], [3, 5]], {}),
    ("chomp", [[4, 4, 4], [3, 2], [5, 1, 1, 1, 1]], {}),
    ("ordinal", [["w+3", "w", "7"], ["w", "w"]], {}),
    ("grundy", [[7, 5], [10], [9]], {}),
    ("octal", [[10], [4, 8], [3]], {"code": "0.137"}),
    ("pions", [[[0, 1], [2, 3]], [[4, 4]]], {"size": 5}),
    ("graphe", [["b", "c"], ["c", "g"], ["a"]], {"graph": "exemple"}),
]


@pytest.mark.parametrize(("game", "candidates", "options"), RANDOM_CANDIDATES)
def test_random_start_aims_at_p_one_time_in_two_by_nimcores_rules(game, candidates, options):
    outcomes = [result(f"{game}.analyse", {"position": c, "options": options}) for c in candidates]
    seen = set()
    for seed in range(40):
        start = result(
            f"{game}.random_start", {"candidates": candidates, "options": options, "seed": seed}
        )
        chosen = candidates[start["index"]]
        if start["move"] is None:
            position = chosen
            assert not outcomes[start["index"]]["terminal"]
            assert outcomes[start["index"]]["outcome"] == start["outcome"]
        else:
            # The winning move from an N candidate: legal, and it reaches a P-position that is not over.
            assert outcomes[start["index"]]["outcome"] == "N"
            position = start["move"]["to"]
            legal = result(f"{game}.play", {"position": chosen, "options": options, "to": position})
            assert legal["outcome"] == "P" == start["outcome"] and legal["terminal"] is False
        assert (
            result(f"{game}.analyse", {"position": position, "options": options})["outcome"]
            == start["outcome"]
        )
        seen.add(start["outcome"])
    assert seen == {"P", "N"}, "both outcomes come up"


def test_random_start_prefers_a_candidate_over_a_winning_move():
    # [1, 2, 3] is P: when P is wanted it is taken as it is, whatever comes before it.
    for seed in range(30):
        start = result("nim.random_start", {"candidates": [[3, 4, 5], [1, 2, 3]], "seed": seed})
        assert (start["index"], start["move"]) in {(0, None), (1, None)}


def test_random_start_skips_finished_positions_and_refuses_bad_candidates():
    # [1] is N, and its only winning move ends the game: P cannot be reached, N is given.
    for seed in range(10):
        start = result("nim.random_start", {"candidates": [[0, 0], [1]], "seed": seed})
        assert start == {"index": 1, "move": None, "outcome": "N"}
    for payload in (
        {"candidates": [[0], [0, 0]]},
        {"candidates": []},
        {"candidates": [[1]] * (bridge.MAX_RANDOM_CANDIDATES + 1)},
        {"candidates": "3 4 5"},
        {"candidates": [[-1]]},
        {"candidates": [[3]], "seed": "x"},
    ):
        answer = call("nim.random_start", payload)
        assert answer["ok"] is False and answer["error"]["code"] == "invalid", payload


def test_random_start_without_moves_keeps_to_the_candidates():
    # Fibonacci Nim's setup holds a number of tokens: a start must be a fresh heap [n, n - 1].
    candidates = [[30, 29], [24, 23], [40, 39]]  # all N: no Fibonacci number
    for seed in range(30):
        start = result(
            "fibonacci.random_start", {"candidates": candidates, "seed": seed, "moves": False}
        )
        assert start["move"] is None and start["outcome"] == "N" and start["index"] == 0
    with_moves = {
        result("fibonacci.random_start", {"candidates": candidates, "seed": seed})["outcome"]
        for seed in range(30)
    }
    assert with_moves == {"P", "N"}
    answer = call("fibonacci.random_start", {"candidates": candidates, "moves": "non"})
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"
