"""The worker's allow-list: JSON in, JSON out, one answer or one French error.

The calls every game answers are checked for every game by test_games.py;
here, the protocol itself, on Nim and the subtraction games: views, moves
checked by the rule, one round trip for a move and its reply, random starts,
errors, the calculators, and lazy imports.
"""

import json
import sys

import pytest

from nimcore import bridge, games


def call(kind, payload):
    return json.loads(bridge.dispatch(kind, json.dumps(payload)))


def result(kind, payload):
    answer = call(kind, payload)
    assert answer["ok"] is True, answer
    return answer["result"]


def test_every_registered_game_has_every_call():
    for game_id in games.IDS:
        for name in ("view", "move", "play", "computer_move", "analyse", "random_start"):
            assert f"{game_id}.{name}" in bridge.CALLS


def test_a_view_is_what_a_board_draws():
    seen = result("nim.view", {"position": [1, 0, 2], "options": {"misere": True}})
    assert seen["position"] == [1, 0, 2] and seen["options"] == {"misere": True}
    assert seen["code"] == "1-0-2_misere" and seen["terminal"] is False
    assert seen["last_mover_wins"] is False and "perd" in seen["rule"]
    assert seen["describe"] == "3 tas de 1, 0 et 2 allumettes, version misère"
    assert [move["to"] for move in seen["moves"]] == [[0, 0, 2], [1, 0, 1], [1, 0, 0]]
    assert seen["moves"][0]["text"] == "retirer 1 allumette du tas 1 (1\u00a0→\u00a00)"
    assert result("nim.view", {"code": "1-0-2_misere"}) == seen


def test_a_start_must_have_a_move():
    finished = call("nim.view", {"position": [0, 0], "start": True})
    assert finished["ok"] is False and "déjà finie" in finished["error"]["message"]
    assert result("nim.view", {"position": [0, 0]})["terminal"] is True


def test_an_address_may_reopen_a_game_that_ended():
    """With ``finished``, a start from a finished position is the game as it ended (an address
    written once the last move was played), with its end-of-game messages; a position too
    large for the board is still refused."""
    seen = result("sprouts.view", {"code": "1,0-0,0-1", "start": True, "finished": True})
    assert seen["terminal"] is True and seen["end"]["reader"]["winner"] == "reader"
    too_large = call("octal.view", {"code": "0.156:99999999", "start": True, "finished": True})
    assert too_large["ok"] is False
    wrong = call("nim.view", {"position": [0, 0], "start": True, "finished": "oui"})
    assert wrong["ok"] is False and "«\u00a0oui\u00a0»" in wrong["error"]["message"]


def test_a_move_is_checked_by_the_rule_not_by_listing_moves(monkeypatch):
    game = games.get("subtraction")
    monkeypatch.setattr(type(game), "moves", lambda *args: pytest.fail("moves listed"))
    move = result(
        "subtraction.move", {"position": [10, 7], "options": {"set": [1, 2, 4]}, "to": [6, 7]}
    )
    assert move["move"]["to"] == [6, 7] and move["move"]["take"] == 4
    refused = call(
        "subtraction.move", {"position": [10, 7], "options": {"set": [1, 2, 4]}, "to": [7, 7]}
    )
    assert refused["ok"] is False
    assert "la règle est de retirer 1, 2 ou 4 allumettes, pas 3" in refused["error"]["message"]


def test_play_with_reply_carries_the_computers_answer():
    """The reader's move is checked and the computer answers in the same call."""
    answer = result(
        "nim.play",
        {"position": [3, 4, 5], "to": [3, 4, 4], "reply": {"level": "perfect", "seed": 1}},
    )
    assert answer["position"] == [3, 4, 4] == answer["view"]["position"]
    reply = answer["reply"]
    assert reply["move"]["to"] == reply["position"] == reply["view"]["position"]
    assert games.get("nim").analyse(tuple(reply["position"]), {"misere": False}).outcome == "P"
    assert reply == result(
        "nim.computer_move", {"position": [3, 4, 4], "level": "perfect", "seed": 1}
    )


def test_a_nim_move_with_reply_checks_the_heaps_once(monkeypatch):
    """The heaps are checked once, where the request comes in: the game's moves, analysis
    and views trust its checked position (it was checked 7 times), and the computer's move
    builds no binary table and no explanation (the hint's)."""
    from nimcore import nim

    checked = []
    explained = []
    validate, explain = nim.validate_heaps, nim._explain
    monkeypatch.setattr(
        nim, "validate_heaps", lambda heaps: checked.append(heaps) or validate(heaps)
    )
    monkeypatch.setattr(nim, "_explain", lambda *args: explained.append(args) or explain(*args))
    answer = result(
        "nim.play", {"position": [3, 4, 5], "move": "[3,4,1]", "reply": {"level": "perfect"}}
    )
    assert answer["position"] == [3, 4, 1] and answer["reply"]["move"]["to"] == [3, 2, 1]
    assert len(checked) == 1 and explained == []
    checked.clear()
    result("nim.analyse", {"position": [3, 4, 5]})
    assert len(checked) == 1 and len(explained) == 1


def test_play_when_the_game_ends_or_the_request_is_wrong():
    last = result("nim.play", {"position": [0, 2], "to": [0, 0], "reply": {"level": "perfect"}})
    assert last["terminal"] is True and last["reply"] is None
    for payload, fragment in [
        ({"position": [3, 4], "to": [3, 3], "reply": "oui"}, "objet"),
        ({"position": [3, 4], "to": [3, 3], "reply": {"level": "expert"}}, "Niveau inconnu"),
        ({"position": [3, 4], "to": [4, 4]}, "ajouter"),
        ({"position": [3, 4], "to": [2, 3]}, "un seul tas"),
        ({"position": [3, 4], "to": [3, 4]}, "ne change rien"),
        ({"position": [3, 4], "to": "2"}, "liste"),
    ]:
        answer = call("nim.play", payload)
        assert answer["ok"] is False and answer["error"]["code"] == "invalid"
        assert fragment in answer["error"]["message"]


def test_a_new_game_view_brings_the_computers_first_move_only_at_the_start():
    for payload, fragment in [
        ({"position": [3, 4], "reply": {"level": "perfect"}}, "au début d'une partie"),
        ({"position": [3, 4], "start": True, "reply": [1]}, "objet"),
        ({"position": [0, 0], "start": True, "reply": {}}, "déjà finie"),
        ({"position": [3, 4], "start": True, "reply": {"level": "expert"}}, "Niveau inconnu"),
    ]:
        answer = call("nim.view", payload)
        assert answer["ok"] is False and answer["error"]["code"] == "invalid"
        assert fragment in answer["error"]["message"]


def test_the_beginner_sometimes_errs():
    reached = {
        tuple(
            result("nim.computer_move", {"position": [10, 20], "level": "beginner", "seed": seed})[
                "position"
            ]
        )
        for seed in range(40)
    }
    assert (10, 10) in reached and len(reached) > 1


def test_random_starts_are_p_one_time_in_two():
    outcomes = [
        result("nim.random_start", {"options": {}, "like": [1, 2, 3], "seed": seed})
        for seed in range(40)
    ]
    assert {answer["outcome"] for answer in outcomes} == {"P", "N"}
    assert all(len(answer["position"]) == 3 for answer in outcomes)
    for answer in outcomes:
        analysed = result("nim.analyse", {"position": answer["position"]})
        assert analysed["outcome"] == answer["outcome"] and analysed["terminal"] is False


def test_a_hint_is_nimcores_words_and_tables():
    hint = result("nim.analyse", {"position": [12, 10, 6, 5]})["hint"]
    assert hint["verdict"].startswith("Position gagnante pour vous") and hint["move"]["to"] == [
        9,
        10,
        6,
        5,
    ]
    assert hint["tables"][0]["kind"] == "nim-binary" and hint["sentences"]
    assert result("nim.analyse", {"position": [1, 2, 3]})["hint"]["move"] is None


@pytest.mark.parametrize(
    ("kind", "payload_json", "code"),
    [
        ("nim.analyse", '{"position": [1, -2]}', "invalid"),
        ("nim.analyse", '{"position": [1], "options": {"misere": "oui"}}', "invalid"),
        ("nim.analyse", '{"position": [1], "options": {"tas": 3}}', "invalid"),
        ("nim.analyse", '{"position": [1], "options": [1]}', "invalid"),
        ("nim.view", '{"code": "1-2_pas-ça"}', "invalid"),
        ("nim.view", '{"code": 12}', "invalid"),
        ("nim.computer_move", '{"position": [0, 0]}', "invalid"),
        ("nim.computer_move", '{"position": [3], "level": "expert"}', "invalid"),
        ("nim.computer_move", '{"position": [3], "seed": "x"}', "invalid"),
        ("nim.random_start", '{"options": {}, "like": [-1]}', "invalid"),
        ("subtraction.view", '{"position": [3]}', "invalid"),
        ("subtraction.view", '{"position": [3], "options": {"set": [1], "max": 3}}', "invalid"),
        ("moore.analyse", '{"position": [3, 4]}', "invalid"),
        ("nim.analyse", "[1, 2]", "bad-request"),
        ("nim.analyse", "pas du JSON", "bad-request"),
        ("__import__", "{}", "unknown-call"),
        ("eval", '{"source": "1+1"}', "unknown-call"),
        ("nim.export", "{}", "unknown-call"),
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
    answer = result("calc.zeckendorf", {"value": "24"})
    assert {key: answer[key] for key in ("value", "terms", "digits", "weights")} == {
        "value": 24,
        "terms": [21, 3],
        "digits": [1, 0, 0, 0, 1, 0, 0],
        "weights": [21, 13, 8, 5, 3, 2, 1],
    }
    assert len(zeck["weights"]) == len(zeck["digits"]) and zeck["weights"][-2:] == [2, 1]


def test_calculators_say_their_sentences():
    """What a calculator does and what its answer means are nimcore's words, not the page's."""
    nim_sum = result("calc.nim_sum", {"values": [1, 2, 3]})["words"]
    assert nim_sum["intro"].startswith("Les nombres sont écrits en base 2")
    assert nim_sum["verdict"].startswith("Somme nulle\u00a0: au Nim")
    assert "position gagnante" in result("calc.nim_sum", {"values": [1, 2]})["words"]["verdict"]
    assert "un seul nombre" in result("calc.nim_sum", {"values": [6]})["words"]["verdict"]
    assert "Moore" in result("calc.digits", {"value": 11, "base": 3})["words"]["intro"]
    for value, summary, total in [
        (24, "2 termes, le plus petit est 3. Le mot de Zeckendorf est 1000100.", "21 + 3"),
        (21, "21 est lui-même un nombre de Fibonacci. Son mot de Zeckendorf est 1000000.", "21"),
        (0, "Zéro ne s’écrit avec aucun nombre de Fibonacci.", "0 (la somme vide)"),
    ]:
        words = result("calc.zeckendorf", {"value": value})["words"]
        assert words["summary"] == summary and words["sum"] == total
        assert words["intro"].startswith("Tout entier est, d’une seule façon")
        assert ("le plus petit terme" in words["note"]) == (value > 0)
    big = result("calc.zeckendorf", {"value": 10**15})["words"]
    assert "\u202f" in big["sum"]  # French groups of three digits
    for words in (nim_sum, big):
        assert all(" :" not in text and " ;" not in text for text in words.values())


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("12a", "« 12a » n'est pas un entier naturel"),
        ("-3", "« -3 »"),
        ("1_000", "« 1_000 »"),
        ("١٢", "chiffres de 0 à 9"),  # Arabic-Indic digits, which int() would take
        ("", "Indiquez un entier naturel"),
        ("1" * 301, "Nombre trop long (301 chiffres)"),
        ("1" * 10**5, "Nombre trop long (100000 chiffres)"),
        (10**300, "300 chiffres au plus"),
        (-1, "pas « -1 »"),
        (1.5, "pas « 1.5 »"),
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
    ],
)
def test_calculator_refusals(kind, payload):
    answer = call(kind, payload)
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"


@pytest.mark.parametrize(
    ("kind", "payload", "fragment"),
    [
        ("calc.nim_sum", {"values": " "}, "Indiquez au moins un nombre"),
        ("calc.nim_sum", {"values": "11 x 7"}, "« x » n'est pas un entier naturel"),
        ("calc.nim_sum", {"values": " ".join(["1"] * 13)}, "de 1 à 12 nombres (13 ici)"),
        ("calc.digits", {"value": "11", "base": "1"}, "base b est un entier de 2 à 36"),
        ("calc.digits", {"value": "11", "base": "37"}, "pas « 37 »"),
        ("calc.digits", {"value": "11", "base": ""}, "Indiquez la base b"),
        ("calc.digits", {"value": "11", "base": "dix"}, "« dix » ne convient pas comme base"),
        ("calc.digits", {"value": "1,5", "base": "3"}, "« 1,5 » n'est pas un entier naturel"),
    ],
)
def test_calculators_read_their_fields_as_typed(kind, payload, fragment):
    """The calculators' page sends what the reader typed; nimcore reads it and says what is wrong."""
    answer = call(kind, payload)
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"
    assert fragment in answer["error"]["message"].replace("\u00a0", " ")
    assert call("calc.nim_sum", {"values": "11, 9; 7"})["result"]["nim_sum"] == 5
    assert call("calc.digits", {"value": " 11 ", "base": " 3"})["result"]["digits"] == [1, 0, 2]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_the_bridge_imports_a_game_only_when_it_is_played():
    """A board page's worker loads one game's modules, not every game's."""
    import subprocess

    code = (
        "import json, sys\n"
        "import nimcore.bridge as bridge\n"
        "loaded = lambda: sorted(m for m in sys.modules if m.startswith('nimcore.')"
        " and type(sys.modules[m]).__name__ != '_LazyModule')\n"
        "before = loaded()\n"
        "bridge.dispatch('wythoff.analyse', json.dumps({'position': [3, 5]}))\n"
        "print(json.dumps([before, loaded()]))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    before, after = json.loads(completed.stdout)
    assert "nimcore.wythoff" not in before and "nimcore.games.wythoff" not in before
    assert "nimcore.wythoff" in after and "nimcore.games.wythoff" in after
    assert not any(name in after for name in ("nimcore.chomp", "nimcore.octal", "nimcore.ordinal"))


def test_a_setup_refusal_names_its_field():
    """A refusal of the setup form's fields says which field it is about (a board marks it)."""
    refused = call("sprouts.view", {"setup": {"spots": "9", "convention": "normale"}})
    assert refused["ok"] is False and refused["error"]["field"] == "spots"
    assert "le nombre doit être entre 1 et 3" in refused["error"]["message"]
    other = call("nim.view", {"position": [-1]})
    assert other["ok"] is False and "field" not in other["error"]
