"""The setup forms of the boards: nimcore's schema (Game.form), and its limits against nimcore's.

A board draws its setup form from this schema before the engine is ready
(the build writes it in the board's ``data-form``): its labels, choices and
help are French sentences typeset like nimcore's others, and each limit it
states is the one nimcore enforces (a code's amounts), or fits within it (the
board's drawing limits), and holds the random starts nimcore draws.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from nimcore import NimcoreError, bridge, chomp, games, graph, grundy, moore, octal, ordinal
from nimcore.french import typeset
from nimcore.games import base
from nimcore.games import fibonacci as fibonacci_game
from nimcore.games import flowers as flowers_game
from nimcore.games import graph as graph_game
from nimcore.games import grundy as grundy_game
from nimcore.games import moore as moore_game
from nimcore.games import octal as octal_game
from nimcore.games import ordinal as ordinal_game
from nimcore.games import pawns as pawns_game
from nimcore.games import subtraction as subtraction_game
from nimcore.games import wythoff as wythoff_game
from nimcore.games.heaps import BOARD_HEAPS, BOARD_MATCHES

#: The games whose board draws a setup form from nimcore's schema, with its fields.
FORMS = {
    "nim": {"heaps", "convention"},
    "subtraction": {"heaps", "rule", "up_to", "low", "high", "set", "convention"},
    "wythoff": {"heaps"},
    "ordinal": {"heaps"},
    "fibonacci": {"tokens"},
    "flowers": {"flowers"},
    "grundy": {"heaps"},
    "moore": {"heaps", "k"},
    "chomp": {"bar"},
    "octal": {"code", "heaps"},
    "graph": {"graph", "tokens"},
    "pawns": {"size", "pawns"},
    "sprouts": {"spots", "convention"},
}

_FIELD_KEYS = {
    "when",
    "label",
    "help",
    "choices",
    "min",
    "max",
    "min_count",
    "max_count",
    "max_digits",
    "noun",
}


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _check_french(text: object) -> None:
    assert isinstance(text, str) and text.strip() == text and text
    assert typeset(text) == text, f"not typeset: {text!r}"


@pytest.mark.parametrize("game_id", games.IDS)
def test_form_is_well_formed(game_id: str) -> None:
    _check_form(games.get(game_id).form(), FORMS.get(game_id, set()))


def _check_form(form: dict[str, Any], fields: set[str]) -> None:
    """A form as the build writes it: JSON, typeset French, coherent limits."""
    assert json.loads(json.dumps(form)) == form
    assert set(form) == {"fields", "limits", "texts", "presets"}
    assert set(form["fields"]) == fields
    for name, field in form["fields"].items():
        assert re.fullmatch(r"[a-z_]+", name)
        assert set(field) <= _FIELD_KEYS and "label" in field
        _check_french(field["label"])
        assert field["label"].endswith("\u00a0:")
        if "help" in field:
            _check_french(field["help"])
        if "choices" in field:
            values = [choice["value"] for choice in field["choices"]]
            assert len(values) >= 2 and len(set(values)) == len(values)
            for choice in field["choices"]:
                assert set(choice) == {"value", "text"}
                _check_french(choice["text"])
        for key in ("min", "max", "min_count", "max_count", "max_digits"):
            assert isinstance(field.get(key, 0), int) and field.get(key, 0) >= 0
        assert field.get("min", 0) <= field.get("max", field.get("min", 0))
        assert 1 <= field.get("min_count", 1) <= field.get("max_count", field.get("min_count", 1))
        assert ("max_count" in field) == ("noun" in field)
        assert "{" not in field["label"]
        if "when" in field:
            other = form["fields"][field["when"]["field"]]
            assert field["when"]["value"] in [choice["value"] for choice in other["choices"]]
    for preset in form["presets"]:
        _check_french(preset["label"])
        assert set(preset["values"]) <= set(form["fields"])
    for value in form["limits"].values():
        assert isinstance(value, int) and value >= 0
    for text in form["texts"].values():
        _check_french(text)
        assert all(re.fullmatch(r"[a-z_]+", name) for name in _placeholders(text))


def _random_starts(game_id: str, options: dict[str, Any], count: int = 60) -> list[Any]:
    game = games.get(game_id)
    checked = game.read_options(options)
    chance = random.Random(7)
    starts = [base.random_start(game, checked, None, chance)[0] for _ in range(count)]
    starts += [base.random_start(game, checked, start, chance)[0] for start in starts[:count]]
    return [game.position_json(start) for start in starts]


#: The field of a game's setup form that holds its position, and what it holds of a
#: position (JSON): one item a heap (or the one number the field takes), which the
#: field's limits bound (min_count … max_count items; numbers from min to max).
POSITION_FIELDS: dict[str, tuple[str, Callable[[Any], list[Any]]]] = {
    "nim": ("heaps", list),
    "subtraction": ("heaps", list),
    "wythoff": ("heaps", list),
    "grundy": ("heaps", list),
    "moore": ("heaps", list),
    "octal": ("heaps", list),
    "ordinal": ("heaps", list),
    "fibonacci": ("tokens", lambda position: [position[0]]),
    "flowers": ("flowers", lambda row: [len(row)]),
    "sprouts": ("spots", lambda code: [int(code.split(",")[0])]),
}

#: The random starts checked against the form, for each game and options.
FORM_STARTS = [
    ("nim", {}),
    ("nim", {"misere": True}),
    ("subtraction", {"max": 3}),
    ("subtraction", {"min": 2, "max": 5}),
    ("subtraction", {"set": [1, 2, 4], "misere": True}),
    ("wythoff", {}),
    ("grundy", {}),
    ("moore", {"k": 2}),
    ("octal", {"code": "0.137"}),
    ("ordinal", {}),
    ("fibonacci", {}),
    ("flowers", {}),
    ("sprouts", {"misere": True}),
]


def test_every_position_field_has_its_random_starts():
    assert {game_id for game_id, _ in FORM_STARTS} == set(POSITION_FIELDS)
    assert set(POSITION_FIELDS) | {"chomp", "graph", "pawns"} == set(FORMS)


@pytest.mark.parametrize(("game_id", "options"), FORM_STARTS)
def test_random_starts_fit_the_form(game_id: str, options: dict[str, Any]) -> None:
    """The starts nimcore draws (and draws again from them, as « Position au hasard » does)
    fit the field that holds them: as many items as it takes, each number within its limits."""
    name, held = POSITION_FIELDS[game_id]
    field = games.get(game_id).form()["fields"][name]
    for start in _random_starts(game_id, options):
        items = held(start)
        assert field.get("min_count", 1) <= len(items) <= field.get("max_count", 1), start
        numbers = [item for item in items if isinstance(item, int)]
        assert all(field.get("min", 0) <= n <= field.get("max", n) for n in numbers), start


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("nim", {}),
        ("nim", {"misere": True}),
        ("subtraction", {"max": 3}),
        ("subtraction", {"min": 2, "max": 5}),
        ("subtraction", {"set": [1, 2, 4], "misere": True}),
    ],
)
def test_heaps_form_holds_nimcore_positions(game_id: str, options: dict[str, Any]) -> None:
    heaps = games.get(game_id).form()["fields"]["heaps"]
    assert (heaps["min"], heaps["max"], heaps["max_count"]) == (0, BOARD_MATCHES, BOARD_HEAPS)
    game = games.get(game_id)
    checked = game.read_options(options)
    largest = [heaps["max"]] * heaps["max_count"]
    if "set" in options and options.get("misere"):
        # Misère with a set: nimcore's search is bounded, and it says so in French.
        with pytest.raises(NimcoreError, match="la limite est de"):
            game.read_position(largest, checked)
    else:
        game.read_position(largest, checked)


def test_subtraction_form_amounts_are_the_codes() -> None:
    """An amount the form lets through is one a code (an address) writes, and no more."""
    game = games.get("subtraction")
    fields = game.form()["fields"]
    top = subtraction_game.MAX_CODE_AMOUNT
    for name in ("up_to", "low", "high", "set"):
        assert (fields[name]["min"], fields[name]["max"]) == (1, top)
    assert [choice["value"] for choice in fields["rule"]["choices"]] == [
        "jusqua",
        "entre",
        "ensemble",
    ]
    position, options = game.decode(f"5_1a{top}")
    assert game.decode(game.encode(position, options)) == (position, options)
    with pytest.raises(NimcoreError):
        game.decode(f"5_1a{top + 1}")
    largest = fields["set"]["max_count"]
    assert largest <= subtraction_game.MAX_CODE_SET
    spread = ".".join(str(2 * amount + 1) for amount in range(subtraction_game.MAX_CODE_SET))
    game.decode(f"5_s{spread}")
    with pytest.raises(NimcoreError):
        game.decode(f"5_s{spread}.99")
    # A set's largest amount beyond nimcore's is refused by nimcore, in French, when the game starts.
    with pytest.raises(NimcoreError, match="la limite est de"):
        game.read_options({"set": [1, 3, top]})


def test_ordinal_form_fits_nimcore() -> None:
    """The board draws exponents 0 to 3 and 6 heaps: within nimcore's limits, and its random starts fit."""
    form = games.get("ordinal").form()
    heaps = form["fields"]["heaps"]
    exponent = ordinal_game.BOARD_EXPONENT
    assert exponent <= ordinal.MAX_EXPONENT
    assert heaps["max_count"] == ordinal_game.BOARD_HEAPS <= ordinal.MAX_HEAPS
    assert f"de 0 à {exponent}" in heaps["help"]
    game = games.get("ordinal")
    largest = game.read_position([f"w^{exponent}*2+1"] * heaps["max_count"], {})
    assert game.board_refusal(largest, {}) is None
    refusal = game.board_refusal(game.read_position([f"w^{exponent + 1}"], {}), {})
    assert refusal is not None and f"de 0 à {exponent}" in refusal
    for start in _random_starts("ordinal", {}):
        drawing = game.drawing(game.read_position(start, {}), {})
        assert len(drawing["powers"]) - 1 <= exponent
        assert game.board_refusal(game.read_position(start, {}), {}) is None


def test_wythoff_form_fits_nimcore() -> None:
    form = games.get("wythoff").form()
    heaps = form["fields"]["heaps"]
    assert (heaps["min"], heaps["max"]) == (0, wythoff_game.BOARD_HEAP)
    assert (heaps["min_count"], heaps["max_count"]) == (2, 2)
    assert _placeholders(form["texts"]["caption"]) == {"a", "b"}


def test_fibonacci_form_fits_nimcore() -> None:
    form = games.get("fibonacci").form()
    tokens = form["fields"]["tokens"]
    assert tokens["max"] == fibonacci_game.BOARD_TOKENS
    game = games.get("fibonacci")
    assert game.board_refusal((tokens["max"], 1), {}) is None
    assert "100 au plus" in (game.board_refusal((tokens["max"] + 1, 1), {}) or "")
    games.get("fibonacci").decode(str(tokens["max"]))


def test_flowers_form_fits_nimcore() -> None:
    form = games.get("flowers").form()
    flowers = form["fields"]["flowers"]
    assert (flowers["min"], flowers["max"]) == (1, flowers_game.BOARD_FLOWERS)
    assert flowers["max"] <= flowers_game.MAX_FLOWERS
    games.get("flowers").read_position("f" * flowers["max"], {})


def test_grundy_form_fits_nimcore() -> None:
    form = games.get("grundy").form()
    heaps = form["fields"]["heaps"]
    assert (heaps["min"], heaps["max"]) == (1, grundy_game.BOARD_DRAWN_HEAP)
    assert heaps["max_count"] <= grundy_game.BOARD_HEAPS
    assert heaps["max"] <= grundy_game.BOARD_MAX_HEAP <= grundy.MAX_HEAP
    game = games.get("grundy")
    options = game.read_options({})
    game.read_position([heaps["max"]] * heaps["max_count"], options)


def test_moore_form_fits_nimcore() -> None:
    form = games.get("moore").form()
    heaps = form["fields"]["heaps"]
    assert (heaps["min_count"], heaps["max_count"]) == moore_game.BOARD_HEAPS
    assert heaps["max"] == moore_game.BOARD_HEAP
    k_values = [int(choice["value"]) for choice in form["fields"]["k"]["choices"]]
    assert k_values == list(range(1, form["limits"]["k"] + 1))
    game = games.get("moore")
    for k in k_values:
        options = game.read_options({"k": k})
        assert moore.validate_k(k) == k
        game.read_position([heaps["max"]] * heaps["max_count"], options)
    assert game.board_refusal((1, 2), {"k": form["limits"]["k"]}) is None
    assert "k = 6" in (game.board_refusal((1, 2), {"k": form["limits"]["k"] + 1}) or "")


def test_chomp_form_is_the_table_s_box() -> None:
    """Every bar the board takes is answered from nimcore's table (its box's side)."""
    form = games.get("chomp").form()
    side = form["limits"]["side"]
    assert side == chomp.TABLE_SIZE
    assert f"{side}×{side} au plus" in form["fields"]["bar"]["help"]
    game = games.get("chomp")
    game.read_position([side] * side, {})
    assert game.board_refusal((side,) * side, {}) is None
    for too_large in [(side + 1,), (1,) * (side + 1)]:
        assert f"{side} rangées de {side} carrés au plus" in (
            game.board_refusal(too_large, {}) or ""
        )
    for start in _random_starts("chomp", {}):
        assert len(start) <= side and max(start) <= side


#: Games whose setup form nimcore reads (Game.read_setup), with the options of their random starts.
READ_FORMS = [
    ("wythoff", {}),
    ("fibonacci", {}),
    ("chomp", {}),
    ("moore", {"k": 3}),
    ("sprouts", {}),
]


@pytest.mark.parametrize(("game_id", "options"), READ_FORMS)
def test_setup_values_read_back_as_the_position(game_id: str, options: dict[str, Any]) -> None:
    """The form filled for a position (setup_values) reads back as it (read_setup): a fresh
    Fibonacci heap of as many tokens, any other position exactly."""
    game = games.get(game_id)
    checked = game.read_options(options)
    for start in _random_starts(game_id, options, count=20):
        position = game.read_position(start, checked)
        values = game.setup_values(position, checked)
        assert set(values) == set(game.form()["fields"])
        assert all(isinstance(text, str) for text in values.values())
        assert game.read_setup(values) == (position, checked), values


@pytest.mark.parametrize(
    ("game_id", "values", "fragment"),
    [
        ("wythoff", {"heaps": "4"}, "au moins 2 tas."),
        ("wythoff", {"heaps": "4 x"}, "«\u00a0x\u00a0»"),
        ("wythoff", {"heaps": "4 99"}, "hors limites"),
        ("fibonacci", {"tokens": "douze"}, "«\u00a0douze\u00a0»"),
        ("fibonacci", {"tokens": "101"}, "hors limites"),
        ("fibonacci", {"tokens": "0"}, "au moins un jeton"),
        ("chomp", {"bar": "trois"}, "«\u00a0trois\u00a0» n'est ni un rectangle"),
        ("chomp", {"bar": ""}, "Tablette\u00a0: indiquez-la"),
        ("chomp", {"bar": "0×4"}, "vide"),
        ("chomp", {"bar": "3 5"}, "plus longue que la rangée 1"),
        ("moore", {"heaps": "5", "k": "2"}, "au moins 2 tas."),
        ("moore", {"heaps": "3 16", "k": "2"}, "entre 0 et 15"),
        ("moore", {"heaps": "3 4", "k": "9"}, "choix inconnu «\u00a09\u00a0»"),
        ("sprouts", {"spots": "4", "convention": "normale"}, "entre 1 et 3"),
        ("sprouts", {"spots": "", "convention": "normale"}, "indiquez un nombre entier"),
        ("sprouts", {"spots": "3", "convention": "autre"}, "choix inconnu «\u00a0autre\u00a0»"),
    ],
)
def test_setup_forms_are_refused_in_french(
    game_id: str, values: dict[str, str], fragment: str
) -> None:
    """A form nimcore cannot read: a French message, naming the field where it is one."""
    with pytest.raises(NimcoreError) as caught:
        games.get(game_id).read_setup(values)
    assert fragment in str(caught.value)


def test_octal_form_takes_nimcore_s_largest_heap() -> None:
    """The heaps field takes as many digits as nimcore's largest heap (2**MAX_HEAP_BITS − 1), and no more."""
    form = games.get("octal").form()
    heaps = form["fields"]["heaps"]
    largest = 2**octal.MAX_HEAP_BITS - 1
    assert heaps["max_digits"] == len(str(largest))
    assert heaps["max_count"] == octal_game.BOARD_SETUP_HEAPS <= octal_game.BOARD_HEAPS
    assert octal_game.BOARD_HEAPS <= octal.MAX_HEAPS
    game = games.get("octal")
    game.decode(f"{largest}_0.07")  # Dawson's Kayles: certified, any heap is read
    with pytest.raises(NimcoreError):
        game.decode(f"{largest + 1}_0.07")
    with pytest.raises(NimcoreError, match="vide"):
        game.read_options({"code": ""})


def test_pawns_and_graph_forms_are_nimcore_s_limits() -> None:
    """The board's side and the number of pawns or tokens are the ones nimcore reads, and no more."""
    pawns = games.get("pawns").form()
    size = pawns["fields"]["size"]
    assert (size["min"], size["max"]) == (pawns_game.MIN_SIZE, pawns_game.MAX_SIZE)
    for side in (size["min"] - 1, size["max"] + 1):
        with pytest.raises(NimcoreError):
            games.get("pawns").read_options({"size": side})
    assert pawns["fields"]["pawns"]["max_count"] == pawns_game.MAX_PAWNS
    game = games.get("pawns")
    for typed, fragment in [
        ({"size": "5", "pawns": "1-1 x"}, "«\u00a0x\u00a0» n'est pas une case"),
        ({"size": "12", "pawns": "1-1"}, "entre 2 et 9"),
        ({"size": "5", "pawns": " ".join(["1-1"] * 13)}, "Trop de pions"),
        ({"size": "5", "pawns": ""}, "au moins un pion"),
        ({"size": "5", "pawns": "1-1 9-9"}, "hors du damier 5×5"),
    ]:
        with pytest.raises(NimcoreError, match=fragment):
            game.read_setup(typed)
    tokens = games.get("graph").form()["fields"]["tokens"]
    assert tokens["max_count"] == graph_game.MAX_GRAPH_TOKENS
    game = games.get("graph")
    options = game.read_options({})
    with pytest.raises(NimcoreError, match="Trop de jetons"):
        game.read_position(["a"] * (tokens["max_count"] + 1), options)
    choices = games.get("graph").form()["fields"]["graph"]["choices"]
    assert [choice["value"] for choice in choices] == list(graph.EXAMPLES)
    for typed, fragment in [
        ({"graph": "exemple", "tokens": "b z"}, "«\u00a0z\u00a0», qui n'est pas un sommet"),
        ({"graph": "exemple", "tokens": "a b c d e"}, "Trop de jetons"),
        ({"graph": "exemple", "tokens": " "}, "au moins un jeton"),
        ({"graph": "autre", "tokens": "a"}, "Graphe inconnu\u00a0: «\u00a0autre\u00a0»"),
    ]:
        with pytest.raises(NimcoreError, match=fragment):
            game.read_setup(typed)


def _calc(call: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.dispatch(call, json.dumps(payload)))
    return answer


def test_calculator_form_is_the_calls_limits() -> None:
    """The calculators' page checks at once what the calls check: the same limits."""
    form = bridge.calculator_form()
    _check_form(form, {"numbers", "value", "base"})
    numbers, value, base_field = (form["fields"][name] for name in ("numbers", "value", "base"))
    most, digits = numbers["max_count"], numbers["max_digits"]
    assert (most, digits, value["max_digits"]) == (
        bridge.MAX_CALCULATOR_COUNT,
        bridge.MAX_CALCULATOR_DIGITS,
        bridge.MAX_CALCULATOR_DIGITS,
    )
    assert _calc("calc.nim_sum", {"values": ["1"] * most})["ok"]
    assert not _calc("calc.nim_sum", {"values": ["1"] * (most + 1)})["ok"]
    assert _calc("calc.digits", {"value": "9" * digits, "base": 2})["ok"]
    assert not _calc("calc.digits", {"value": "9" * (digits + 1), "base": 2})["ok"]
    low, high = base_field["min"], base_field["max"]
    for b, ok in ((low - 1, False), (low, True), (high, True), (high + 1, False)):
        assert _calc("calc.digits", {"value": "35", "base": b})["ok"] is ok, b
    assert (
        f"De 1 à {most} " in numbers["help"] and f"De {low} à {high}\u202f;" in base_field["help"]
    )


def _random_start(game_id: str, values: dict[str, str], seed: int = 7) -> dict[str, Any]:
    answer = _calc(f"{game_id}.random_start", {"setup": values, "seed": seed})
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


@pytest.mark.parametrize("game_id", games.IDS)
def test_a_random_start_needs_no_valid_form(game_id: str) -> None:
    """« Position au hasard » draws a start whatever the form holds: empty, mistyped, missing."""
    game = games.get(game_id)
    fields = game.form()["fields"]
    for values in (
        {},
        dict.fromkeys(fields, ""),
        dict.fromkeys(fields, "zz"),
        dict.fromkeys(fields, "0"),
        dict.fromkeys(fields, "99999 99999"),
    ):
        for seed in range(4):
            drawn = _random_start(game_id, values, seed)
            position, options = game.read_setup(drawn["setup"])  # the form it fills reads back
            assert not game.terminal(position, options)
            assert game.encode(position, options) == drawn["code"]


@pytest.mark.parametrize(
    ("game_id", "values", "kept"),
    [
        ("nim", {"heaps": "", "convention": "misere"}, {"convention": "misere"}),
        ("nim", {"heaps": "1 x 3", "convention": "misere"}, {"convention": "misere"}),
        ("nim", {"heaps": "2 2 2 2 2 2 2 2", "convention": "?"}, {"convention": "normale"}),
        (
            "subtraction",
            {"heaps": "", "rule": "jusqua", "up_to": "3", "convention": "misere"},
            {"rule": "jusqua", "up_to": "3", "convention": "misere"},
        ),
        (
            "subtraction",
            {"heaps": "4 4", "rule": "ensemble", "set": "", "convention": "normale"},
            {"rule": "ensemble", "set": "1 2 4"},
        ),
        ("moore", {"heaps": "", "k": "3"}, {"k": "3"}),
        ("octal", {"code": "0.156", "heaps": "trois"}, {"code": "0.156"}),
        ("octal", {"code": "", "heaps": "5 6"}, {"code": "0.137"}),
        ("graph", {"graph": "reseau", "tokens": ""}, {"graph": "reseau"}),
        ("pawns", {"size": "6", "pawns": "x"}, {"size": "6"}),
        ("sprouts", {"spots": "", "convention": "misere"}, {"convention": "misere"}),
    ],
)
def test_a_random_start_keeps_the_settings_that_read(
    game_id: str, values: dict[str, str], kept: dict[str, str]
) -> None:
    """A random start keeps the form's settings that read; the others take the game's default."""
    for seed in range(3):
        setup = _random_start(game_id, values, seed)["setup"]
        assert {name: setup[name] for name in kept} == kept, setup


def test_a_random_start_keeps_the_number_of_heaps_typed() -> None:
    """The shape a valid field gives (how many heaps) is kept when another field does not read."""
    for seed in range(5):
        drawn = _random_start("nim", {"heaps": "2 2 2 2 2 2 2", "convention": "?"}, seed)
        assert len(drawn["position"]) == 7
        drawn = _random_start("moore", {"heaps": "1 2 3 4 5", "k": "x"}, seed)
        assert len(drawn["position"]) == 5 and drawn["setup"]["k"] == "2"
