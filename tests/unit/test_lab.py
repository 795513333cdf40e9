"""The laboratory (nimcore.lab, bridge call "lab.analyse"): nimcore's own values, French refusals, limits."""

import json

import pytest

from nimcore import NimcoreError, bridge, games, lab, octal, subtraction
from nimcore.games import base
from nimcore.takebreak import is_rare

SETS = [(1, 2, 4), (1, 3, 4), (2, 3, 5, 8), (1, 2, 3), (3, 4, 5), (2,), (1, 5, 7, 9), (4, 7, 11)]
CODES = ["0.77", "0.07", "0.137", "0.4", "0.15", "0.52", "0.165"]


def call(payload: dict) -> dict:
    answer = json.loads(bridge.dispatch("lab.analyse", json.dumps(payload)))
    assert answer["ok"], answer
    result: dict = answer["result"]
    return result


def refusal(payload: object) -> str:
    answer = json.loads(bridge.dispatch("lab.analyse", json.dumps(payload)))
    assert not answer["ok"] and answer["error"]["code"] == "invalid", answer
    message: str = answer["error"]["message"]
    return message


@pytest.mark.parametrize("amounts", SETS)
@pytest.mark.parametrize("misere", [False, True])
def test_subtraction_values_and_period_are_nimcores(amounts, misere):
    text = ", ".join(map(str, amounts))
    result = call({"kind": "subtraction", "set": text, "misere": misere, "values": 300})
    if misere:
        expected = [0 if o == "P" else 1 for o in subtraction.misere_outcomes(amounts, 300)]
        found = subtraction.misere_period(amounts)
    else:
        expected = list(subtraction.grundy_sequence(amounts, 300))
        found = subtraction.grundy_period(amounts)
    assert result["values"] == expected
    assert result["outcomes"] == "".join("P" if v == 0 else "N" for v in expected)
    assert (result["period"], result["preperiod"]) == (found.period, found.preperiod)
    assert result["certified"] is True
    assert result["certificate"] == subtraction.window_certificate(amounts, found, misere=misere)


@pytest.mark.parametrize("amounts", SETS)
@pytest.mark.parametrize("misere", [False, True])
def test_the_subtraction_certificate_names_windows_that_are_equal(amounts, misere):
    """The window the certificate names comes back, and the period holds far beyond it."""
    found = (subtraction.misere_period if misere else subtraction.grundy_period)(amounts)
    start, period, width = found.preperiod, found.period, max(amounts)
    length = start + period + width + 5 * period
    if misere:
        terms = [0 if o == "P" else 1 for o in subtraction.misere_outcomes(amounts, length)]
    else:
        terms = list(subtraction.grundy_sequence(amounts, length))
    assert terms[start : start + width] == terms[start + period : start + period + width]
    assert all(terms[n] == terms[n + period] for n in range(start, length - period))
    if start > 0:  # the least preperiod: one step earlier, it does not hold
        assert terms[start - 1] != terms[start - 1 + period]
    text = subtraction.window_certificate(amounts, found, misere=misere)
    assert f"période {period}" in text and "fenêtre" in text


@pytest.mark.parametrize("code", CODES)
def test_octal_values_and_period_are_nimcores(code):
    result = call({"kind": "octal", "code": code, "values": 500})
    assert result["values"] == list(octal.grundy_values(code, 500))
    found = octal.periodicity(code)
    assert result["certified"] is found.certified is True
    assert (result["period"], result["preperiod"]) == (found.period, found.preperiod)
    assert result["certificate"] == found.explanation
    assert "Guy et Smith" in result["certificate"]


def test_the_flowers_are_dawsons_chess():
    result = call({"kind": "octal", "code": "0,137", "values": 60})
    assert result == call({"kind": "octal", "code": ".137", "values": 60})
    assert (result["period"], result["preperiod"]) == (34, 52)
    assert result["definition"] == {"code": "0.137"}
    assert result["values"][:12] == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    assert "fleurs" in result["title"]


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_an_uncertified_octal_game_says_so():
    """0.6's values grow: the sparse-space method does not apply, the direct method stops."""
    result = call({"kind": "octal", "code": "0.6", "values": 50})
    assert result["certified"] is False
    assert result["period"] is None and result["preperiod"] is None
    assert result["certificate"].startswith("Aucune période n'est certifiée")
    assert result["computed"] <= lab.DIRECT_LIMIT
    assert result["values"] == list(octal.grundy_values("0.6", 50))


@pytest.mark.slow  # a few seconds under CPython: not repeated inside Pyodide
def test_the_sparse_space_method_gives_its_mask_and_rare_values():
    seen: list[tuple[int, int]] = []
    answer = json.loads(
        bridge.dispatch(
            "lab.analyse",
            json.dumps({"kind": "octal", "code": "0.16", "values": 100}),
            lambda done, total: seen.append((done, total)),
        )
    )
    result = answer["result"]
    assert (result["period"], result["preperiod"]) == (149459, 105351)
    mask = result["rare_mask"]
    assert mask is not None and seen
    values = octal.grundy_values("0.16", result["computed"])
    rare = [n for n in range(1, len(values)) if is_rare(values[n], mask)]
    assert result["rare_count"] == len(rare) < 1000
    assert result["rare_values"] == sorted({values[n] for n in rare})
    assert str(mask) in result["rare_text"]


def test_the_board_is_a_start_the_registry_accepts():
    for payload in (
        {"kind": "subtraction", "set": "1 3 4", "values": 10},
        {"kind": "subtraction", "set": "2,3", "misere": True, "values": 10},
        {"kind": "octal", "code": "0.07", "values": 10},
        {"kind": "octal", "code": "0.0000001", "values": 10},  # only a whole heap of 7
    ):
        board = call(payload)["board"]
        game = games.get(board["game"])
        position, options = game.decode(board["code"])
        assert board["view"] == json.loads(json.dumps(base.view(game, position, options)))
        assert not board["view"]["terminal"]
        assert board["form"] == json.loads(json.dumps(game.form()))  # the setup form, drawn at once
        assert board["kind"] == {"subtraction": "heaps", "octal": "octal"}[payload["kind"]]
    # No heap of the board (40 matches at most) lets a move of 50 or more be played.
    assert call({"kind": "subtraction", "set": "50, 60", "values": 5})["board"] is None


def test_the_plot_is_nimcores_accessible_svg():
    result = call({"kind": "subtraction", "set": "1,2,4", "values": 1000})
    svg = result["plot"]
    assert svg.startswith('<svg class="nimcore-figure"') and 'role="img"' in svg
    assert svg.count('class="fig-bar"') == lab.PLOTTED_VALUES
    assert "<title" in svg and "<desc" in svg and "style=" not in svg and "#" not in svg
    assert "période" not in result["plot_text"] and "tous les 3 termes" in result["plot_text"]
    # Its labels are readable on a phone: 18 units in a drawing 480 wide (11 px at 300 px).
    assert 'viewBox="0 0 480 ' in svg and 'font-size="18"' in svg and ">n = 399<" in svg


def test_the_plot_window_moves_as_far_as_the_preperiod_and_two_periods():
    """0.156: period 349 from n = 3 479, far beyond the 1 000 values
    shown; the plot's window reaches it, and marks the preperiod's end and the periods'."""
    first = call({"kind": "octal", "code": "0.156", "values": 100})
    assert (first["period"], first["preperiod"]) == (349, 3479)
    assert first["plot_window"] == {"from": 0, "size": lab.PLOTTED_VALUES, "limit": 3479 + 2 * 349}
    assert "fig-mark" not in first["plot"]
    moved = call({"kind": "octal", "code": "0.156", "values": 100, "from": "3300"})
    assert moved["plot_window"]["from"] == 3300
    values = octal.grundy_values("0.156", 3700)
    bars = moved["plot"].split('class="fig-bar"')[1:]
    assert len(bars) == lab.PLOTTED_VALUES
    assert f"n = 3300, valeur {values[3300]}</title>" in bars[0]
    assert moved["plot"].count("fig-mark") == 1 and "n = 3\u202f479" in moved["plot"]
    assert moved["values"] == first["values"]  # the table does not move
    last = call({"kind": "octal", "code": "0.156", "values": 100, "from": 10**6})
    assert last["plot_window"]["from"] == 3479 + 2 * 349 - lab.PLOTTED_VALUES
    assert last["plot"].count("fig-mark") == 1 and "n = 3\u202f828" in last["plot"]
    assert "«\u00a0douze\u00a0»" in refusal({"kind": "octal", "code": "0.156", "from": "douze"})
    assert "«\u00a0-1\u00a0»" in refusal({"kind": "octal", "code": "0.156", "from": -1})
    # A short period is not marked at every turn; without a period, the window stays in the table.
    short = call({"kind": "subtraction", "set": "1,2,4", "values": 1000, "from": 500})
    assert "fig-mark" not in short["plot"] and short["plot_window"]["limit"] == 1000


def test_the_address_is_read_by_nimcore():
    """A page's address (its texts) defines the game, or says in French why it does not."""
    answer = call({"address": {"soustraction": "1,2,4", "misere": "1", "valeurs": "40"}})
    assert answer["asked"] == {
        "kind": "subtraction",
        "set": "1,2,4",
        "misere": True,
        "values": "40",
    }
    assert answer["misere"] and len(answer["values"]) == 40
    assert call({"address": {}})["asked"] == lab.DEFAULT
    assert call({"address": {"octal": "0,137"}})["definition"] == {"code": "0.137"}
    assert call({"address": {"graphe": "a:b"}})["kind"] == "graph"
    for params, words in [
        ({"octal": "0.7", "soustraction": "1"}, "il en faut un seul"),
        ({"graphe": "a:b", "octal": "0.7"}, "il en faut un seul"),
        ({"soustraction": "1,2", "misere": "oui"}, "misere vaut « oui »"),
        ({"octal": "0.7", "misere": "1"}, "ne s'applique qu'à un jeu de soustraction"),
        ({"soustraction": "1", "valeurs": "99999"}, "pas « 99999 »"),
        ({"soustraction": "1, deux"}, "« deux »"),
        ({"plateau": "1"}, "illisible"),
    ]:
        assert words in refusal({"address": params}).replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ({"kind": "graphe"}, "kind"),
        ({"kind": ["octal"]}, "kind"),
        ({}, "kind"),
        ({"kind": "octal", "code": "0.8"}, "« 8 »"),
        ({"kind": "octal", "code": "1.2"}, "mal formé"),
        ({"kind": "octal", "code": "0.000"}, "aucun coup"),
        ({"kind": "octal", "code": "0." + "7" * 33}, "trop long"),
        ({"kind": "octal", "code": "0." + "7" * 500}, "trop long"),
        ({"kind": "octal", "code": 137}, "code octal"),
        ({"kind": "octal", "code": "0.7", "set": "1"}, "Champ inconnu"),
        ({"kind": "subtraction", "set": ""}, "au moins un coup"),
        ({"kind": "subtraction", "set": "1, deux"}, "« deux »"),
        ({"kind": "subtraction", "set": "0, 1"}, "« 0 »"),
        ({"kind": "subtraction", "set": "101"}, "de 1 à 100"),
        ({"kind": "subtraction", "set": "1 2 3 4 5 6 7 8 9"}, "Trop de coups permis (9)"),
        ({"kind": "subtraction", "set": [1, 2.5]}, "2.5"),
        ({"kind": "subtraction", "set": {"a": 1}}, "1, 3, 4"),
        ({"kind": "subtraction", "set": "1", "misere": "oui"}, "misère"),
        ({"kind": "subtraction", "set": "1", "values": 0}, "de 1 à 1"),
        ({"kind": "subtraction", "set": "1", "values": 1001}, "« 1001 »"),
        ({"kind": "subtraction", "set": "1", "values": "abc"}, "« abc »"),
        ({"kind": "subtraction", "set": "1", "values": True}, "« True »"),
        ({"kind": "subtraction", "set": "1" * 300}, "trop long"),
    ],
)
def test_bad_definitions_are_refused_in_french(payload, words):
    message = refusal(payload).replace("\u00a0", " ")
    assert words in message
    assert message[-1] in ".»)" and "Traceback" not in message


def test_limits_are_stated_and_kept():
    text = " ".join(lab.limits_text())
    assert "1\u202f000 valeurs" in text and f"{lab.MAX_AMOUNTS} coups permis" in text
    assert f"{lab.MAX_CODE_DIGITS} chiffres" in text and "1\u202f048\u202f576" in text
    assert lab.MAX_AMOUNT == subtraction.MAX_SUBTRACTION
    # The largest definitions allowed are answered.
    widest = ", ".join(str(lab.MAX_AMOUNT - k) for k in range(lab.MAX_AMOUNTS))
    result = call({"kind": "subtraction", "set": widest, "values": lab.MAX_VALUES})
    assert len(result["values"]) == lab.MAX_VALUES and result["certified"]
    assert bridge.budget_ms("lab.analyse") > bridge.budget_ms("default")


def test_read_amounts_takes_text_or_a_list():
    assert lab.read_amounts("4 1,3; 1") == (1, 3, 4) == lab.read_amounts([4, 1, 3])
    with pytest.raises(NimcoreError, match="1, 3, 4"):
        lab.read_amounts(None)


@pytest.mark.slow  # about a second under CPython: not repeated inside Pyodide
def test_a_rare_set_tied_to_the_heap_is_reported_as_published():
    """0.127: mask 1, rare by the heap's parity, 693 rare heaps (Flammenkamp, Czajka)."""
    result = lab.analyse({"kind": "octal", "code": "0.127", "values": 10})
    assert (result["period"], result["preperiod"]) == (4, 46578)
    assert result["rare_mask"] == 1 and result["rare_count"] == 693
    assert "parité de n" in result["rare_text"]


@pytest.mark.slow  # a few seconds under CPython: not repeated inside Pyodide
def test_an_octal_answer_does_not_depend_on_what_the_worker_computed_before():
    """The worker keeps every value it computed: the answer speaks of the certificate's values."""
    first = lab.analyse({"kind": "octal", "code": "0.127", "values": 10})
    needed = 2 * 46578 + 2 * 4 + 3
    octal.grundy_values("0.127", needed + 50_000)  # another request went further
    again = lab.analyse({"kind": "octal", "code": "0.127", "values": 10})
    assert again == first
    assert first["computed"] == needed
    assert f"{needed:_}".replace("_", "\u202f") in first["rare_text"]
