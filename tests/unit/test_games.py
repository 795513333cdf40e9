"""One contract, checked for every game of the registry (nimcore.games).

Each game gives a few options and small starting positions (CASES); every
position reachable from them is explored, and the same checks run for all:

- the outcome agrees with exhaustive search over the game's own moves, and
  with an independent definition of the moves where one is cheap to write;
- the nimber agrees with the Grundy value found by exhaustive search;
- every winning move leads to a P-position; a P-position has none;
- ``play`` accepts every listed move, with the same target and words, and
  refuses in French a position reached in two moves but not in one;
- the view lists the moves; encode/decode and the JSON forms round-trip;
- the perfect computer never lets a winning position go, against a random
  player and against itself, loses from a P-position against itself, plays
  only legal moves, and refuses a finished game in French; the beginner too;
- the same contract (input unchanged, winning moves to P, moves from P to N,
  the computer's games) on larger random starts, as a board draws them;
- random starts (P and N both drawn), hints, refusals of bad options, every
  bridge call, and one analysis a request.

Like OpenSpiel's tests, one suite over every registered game: a game added to
the registry is added here with its CASES, and nothing else.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from brute import (
    chomp_options,
    grundy_options,
    make_grundy,
    make_solver,
    nim_options,
    take_options,
    wythoff_options,
)

from nimcore import NimcoreError, bridge, games
from nimcore.french import typeset
from nimcore.games import base

#: Most positions explored from a case's starts.
MAX_EXPLORED = 400
#: Random starts (as a board draws them) checked for each case, and the most moves of a game.
#: Fewer starts inside Pyodide (tests/pyodide), where the suite proves that the wheel
#: computes the same under WebAssembly, not the strategies again: CPython plays all 24.
RANDOM_STARTS = 8 if sys.platform == "emscripten" else 24
MAX_GAME_MOVES = 10_000
#: Examples left out inside Pyodide, for the same reason: every drawing reachable from them
#: costs a routing of the Sprouts drawing, ~3× slower there; the smaller examples stay.
HEAVY_IN_PYODIDE = {("sprouts", "2,0-1"), ("sprouts", "2,0-1_misere")}


@dataclass(frozen=True, eq=False)
class Case:
    """Options and small starts of one game (its registry examples), and what it must refuse."""

    game: str
    options: dict[str, Any]
    starts: list[Any]
    #: (raw position, fragment of the French refusal) with these options.
    bad_positions: list[tuple[Any, str]] = field(default_factory=list)
    #: An independent definition of the moves: position (JSON) → targets (JSON).
    definition: Callable[[Any], Iterable[Any]] | None = None

    @property
    def id(self) -> str:
        return f"{self.game}-{json.dumps(self.options, sort_keys=True)}"


def _subtraction(options: dict[str, Any]) -> Callable[[Any], Iterable[Any]]:
    """A subtraction game's targets: a set of amounts, or every amount from min to max."""
    if "set" in options:
        amounts = list(options["set"])
        return take_options(lambda heap: [amount for amount in amounts if amount <= heap])
    low, high = options["min"], options["max"]
    return take_options(lambda heap: range(low, min(heap, high) + 1))


def _json(options: Callable[[Any], Iterable[Any]]) -> Callable[[Any], Iterable[Any]]:
    """A definition of brute.py (tuples) on JSON positions (lists): JSON writes both alike."""
    return lambda position: options(tuple(position))


#: Independent definitions of the moves (brute.py), where one is cheap to write: the
#: game's options (JSON) → the targets of a position (JSON). Other games' moves are
#: checked by exhaustive search only.
DEFINITIONS: dict[str, Callable[[dict[str, Any]], Callable[[Any], Iterable[Any]]]] = {
    "nim": lambda options: _json(nim_options),
    "subtraction": lambda options: _json(_subtraction(options)),
    "wythoff": lambda options: _json(wythoff_options),
    "grundy": lambda options: _json(grundy_options),
    "chomp": lambda options: _json(chomp_options),
}

#: Heaps refused the same way by every game on a list of heaps (nimcore.heaps), with the
#: French refusal: a game's module (nim.analyse, octal.analyse…) reads heaps as its game does.
_HEAP_LISTS: list[tuple[Any, str]] = [
    ([], "Il faut au moins un tas."),
    ("3 4", "Une liste de tas est attendue, pas « 3 4 »."),
    ([3, 2.5], "Le tas 2 vaut « 2.5 » : un nombre entier est attendu."),
    ([True], "Le tas 1 vaut « true » : un nombre entier est attendu."),
    ([1] * 1001, "Trop de tas : 1001 ; la limite est de 1000 tas."),
]
_NEGATIVE = ([3, -1], "Le tas 2 vaut -1 : un tas ne peut pas être négatif.")
_HUGE = (
    [2**4097],
    "Le tas 1 est trop grand (4098 chiffres binaires) ; la limite est de 4096 chiffres binaires.",
)

#: Positions each game refuses, with any of its examples' options, and the French refusal
#: or a telling part of it (MIN_FRAGMENT characters at least: each names its message).
BAD_POSITIONS: dict[str, list[tuple[Any, str]]] = {
    "nim": [*_HEAP_LISTS, _NEGATIVE, _HUGE],
    "subtraction": [([-3], "Le tas 1 vaut -3 : un tas ne peut pas être négatif.")],
    "moore": [([1, -1], "Le tas 2 vaut -1 : un tas ne peut pas être négatif.")],
    "fibonacci": [
        ([5, 9], "La limite vaut 9 : elle doit être comprise entre 0 et 5, le nombre de jetons."),
        ([5, 6], "La limite vaut 6 : elle doit"),
        ([5, -1], "La limite vaut -1 : elle doit"),
        ([-1, 1], "Le tas vaut -1 : un tas ne peut pas être négatif."),
        ([], "a deux nombres (jetons, limite), pas 0 : « [] »."),
        ([5], "a deux nombres (jetons, limite), pas 1 : « [5] »."),
        ([5, 2, 1], "a deux nombres (jetons, limite), pas 3 : « [5, 2, 1] »."),
        ("24 23", "Une position (jetons, limite) est attendue, pas « 24 23 »."),
        ([2.5, 1], "Le tas vaut « 2.5 » : un nombre entier est attendu."),
        ([5, True], "La limite vaut « true » : un nombre entier est attendu."),
        ([2**4097, 1], "Le tas est trop grand (4098 chiffres binaires)"),
    ],
    "wythoff": [
        ([1, 2, 3], "se joue avec deux tas, pas 3 : « [1, 2, 3] »."),
        ([], "se joue avec deux tas, pas 0 : « [] »."),
        ("3 5", "Deux tas sont attendus, pas « 3 5 »."),
        ([-1, 2], "Le tas 1 vaut -1 : un tas ne peut pas être négatif."),
        ([2.5, 1], "Le tas 1 vaut « 2.5 » : un nombre entier est attendu."),
        ([True, 1], "Le tas 1 vaut « true » : un nombre entier est attendu."),
        ([2**4097, 1], _HUGE[1]),
    ],
    "grundy": [
        *_HEAP_LISTS,
        ([3, -1], "Le tas 2 vaut -1 : un nombre négatif est impossible."),
        ([4097], "Le tas 1 vaut 4097 : au-delà de 4096, les valeurs du jeu de Grundy"),
    ],
    # An octal game may be down to no heap at all: [] is a position there.
    "octal": [*_HEAP_LISTS[1:], _NEGATIVE, _HUGE],
    "flowers": [
        ("ffyf", "Une rangée de fleurs s'écrit avec f (debout) et x (cueillie)"),
        ([1], "comme « ffxfff », pas « [1] »."),
    ],
    "chomp": [
        ([2, 3], "La rangée 2 (3 carrés) est plus longue que la rangée 1 (2 carrés)"),
        ([0], "La rangée 1 vaut 0 : une rangée contient au moins un carré"),
        ([3, -1], "La rangée 2 vaut -1 : une rangée contient au moins un carré"),
        ([], "Il faut au moins une rangée : la tablette contient le carré empoisonné."),
        ([3, 2.5], "La rangée 2 vaut « 2.5 » : un nombre entier est attendu."),
        ([True], "La rangée 1 vaut « true » : un nombre entier est attendu."),
        ("3 2", "Une liste de longueurs de rangées est attendue, pas « 3 2 »."),
        ([1] * 10_001, "Trop de rangées : 10001 ; la limite est de 10000 rangées."),
        ([10**9 + 1], "La rangée 1 est trop longue (1000000001 carrés)"),
    ],
    "graph": [
        (["z"], "Le jeton 1 est sur « z », qui n'est pas un sommet du graphe."),
        (["a"] * 5, "Trop de jetons : 5 ; le plateau en accepte 4 au plus."),
    ],
    "pawns": [([[5, 5]], "Le pion 1 est en ligne 6, colonne 6, hors du damier")],
    "sprouts": [
        (3, "Un dessin s'écrit comme « 3,0-1 » (points, puis coups), pas « 3 »."),
        ("trois", "« trois » n'est pas un dessin du jeu des pousses"),
        ("9", "Le dessin part de 1 à 5 points, pas 9."),
        ("2,0-1,0-1,0-1,0-1", "ne peuvent pas être reliés ainsi"),
    ],
    "ordinal": [
        (["w^w"], "L'ordinal « w^w » atteint ω^ω"),
        (["-1"], "L'ordinal « -1 » contient un signe moins"),
        ([], "Il faut au moins un tas."),
        (["w", -1], "Le tas 2 vaut -1 : un tas ne peut pas être négatif."),
        (["w", 2.5], "Le tas 2 vaut « 2.5 » : un ordinal est attendu"),
        ([True], "Le tas 1 vaut « True » : un ordinal est attendu"),
        ("w", "Une liste de tas est attendue, pas « w »."),
        (["1"] * 101, "Trop de tas : 101 ; la limite est de 100 tas."),
    ],
}
#: The shortest fragment a refusal may name: "" would match any message, "tas" nearly any.
MIN_FRAGMENT = 12


def _cases() -> list[Case]:
    """One case for each game and options of the registry's examples (nimcore.games)."""
    cases: list[Case] = []
    for game_id in games.IDS:
        game = games.get(game_id)
        by_options: dict[str, Case] = {}
        for code in game.examples:
            if sys.platform == "emscripten" and (game_id, code) in HEAVY_IN_PYODIDE:
                continue
            position, options = game.decode(code)
            raw = game.options_json(options)
            key = json.dumps(raw, sort_keys=True)
            if key not in by_options:
                defined = DEFINITIONS.get(game_id)
                by_options[key] = Case(
                    game_id,
                    raw,
                    [],
                    [(bad, typeset(fragment)) for bad, fragment in BAD_POSITIONS[game_id]],
                    None if defined is None else defined(raw),
                )
            by_options[key].starts.append(game.position_json(position))
        cases.extend(by_options.values())
    return cases


CASES = _cases()


def _params(cases: list[Case]) -> list[Any]:
    return [pytest.param(case, id=case.id) for case in cases]


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass
class Explored:
    """A case's game, options, and every position reachable from its starts (typed, with JSON keys)."""

    game: base.Game[Any, Any]
    options: Any
    positions: list[Any]
    moves: dict[str, list[Any]]
    is_p: Callable[[Hashable], bool]
    grundy: Callable[[Hashable], int]


_EXPLORED: dict[str, Explored] = {}


def _explore(case: Case) -> Explored:
    if case.id not in _EXPLORED:
        _EXPLORED[case.id] = _explore_anew(case)
    return _EXPLORED[case.id]


def _explore_anew(case: Case) -> Explored:
    game = games.get(case.game)
    options = game.read_options(case.options)
    seen: dict[str, Any] = {}
    pending = [game.read_position(start, options) for start in case.starts]
    while pending and len(seen) < MAX_EXPLORED:
        position = pending.pop()
        key = _key(game.position_json(position))
        if key in seen:
            continue
        seen[key] = position
        pending.extend(move.to for move in game.moves(position, options))
    moves: dict[str, list[Any]] = {}

    def options_of(key: Hashable) -> list[str]:
        if key not in moves:
            position = game.read_position(json.loads(str(key)), options)
            moves[str(key)] = list(game.moves(position, options))
        return [_key(game.position_json(move.to)) for move in moves[str(key)]]

    misere = not game.last_mover_wins(options)
    return Explored(
        game,
        options,
        list(seen.values()),
        moves,
        make_solver(options_of, misere=misere),
        make_grundy(options_of),
    )


def _outcome(explored: Explored, position: Any) -> str:
    return "P" if explored.is_p(_key(explored.game.position_json(position))) else "N"


@pytest.mark.parametrize("case", _params(CASES))
def test_outcomes_and_nimbers_agree_with_exhaustive_search(case):
    explored = _explore(case)
    game, options = explored.game, explored.options
    normal = game.last_mover_wins(options)
    for position in explored.positions:
        analysis = game.analyse(position, options)
        assert analysis.outcome == _outcome(explored, position), position
        if analysis.nimber is not None and normal:
            assert analysis.nimber == explored.grundy(_key(game.position_json(position))), position
        winning = list(analysis.winning_moves)
        if analysis.outcome == "P":
            assert winning == [] and analysis.recommended is None, position
        elif not analysis.terminal:
            # (a finished misère game is N: the mover has won, without a move)
            assert winning and all(_outcome(explored, move.to) == "P" for move in winning), position
            assert analysis.recommended is not None
            assert _outcome(explored, analysis.recommended.to) == "P"
        assert (
            analysis.terminal
            == game.terminal(position, options)
            == (list(game.moves(position, options)) == [])
        )


@pytest.mark.parametrize("case", _params([case for case in CASES if case.definition]))
def test_moves_agree_with_the_definition(case):
    explored = _explore(case)
    game, options = explored.game, explored.options
    assert case.definition is not None
    for position in explored.positions:
        listed = sorted(_key(game.position_json(move.to)) for move in game.moves(position, options))
        defined = sorted(_key(target) for target in case.definition(game.position_json(position)))
        assert listed == sorted(set(defined)) or listed == defined, position


def _french(message: str) -> None:
    assert message and not re.search(
        r"\b(the|must|should|invalid|error)\b", message, re.IGNORECASE
    ), message
    french = r"[éèàêçùôî«»]|\b(le|la|les|un|une|des|du|de|pas|est|doit|pour|vous|il|en|ne|au|aux|et|ou)\b"
    assert re.search(french, message, re.IGNORECASE), message
    assert not re.search(r" [:;!?]", message), f"French typography: {message!r}"


@pytest.mark.parametrize("case", _params(CASES))
def test_play_checks_each_move_by_the_rule(case):
    explored = _explore(case)
    game, options = explored.game, explored.options
    for position in explored.positions[:150]:
        listed = list(game.moves(position, options))
        # Two moves may reach the same position (emptying either of two equal heaps):
        # play gives one of them.
        words: dict[str, set[str]] = {}
        for move in listed:
            words.setdefault(_key(game.position_json(move.to)), set()).add(move.text)
        reachable = set(words)
        for move in listed:
            played = game.play(position, game.position_json(move.to), options)
            assert _key(game.position_json(played.to)) == _key(game.position_json(move.to))
            assert played.text in words[_key(game.position_json(move.to))]
        not_moves = [game.position_json(position), "n'importe quoi", None]
        for move in listed[:3]:  # two moves in one: refused (unless also one move)
            for second in list(game.moves(move.to, options))[:3]:
                target = game.position_json(second.to)
                if _key(target) not in reachable:
                    not_moves.append(target)
        for target in not_moves:
            with pytest.raises(NimcoreError) as refused:
                game.play(position, target, options)
            _french(str(refused.value))


@pytest.mark.parametrize("case", _params(CASES))
def test_each_gesture_plays_its_move(case):
    """A listed move's gestures (what a reader does on the board) are JSON and play that move,
    through gesture_target and the rule; no gesture names two moves; a gesture of no move,
    or one nimcore cannot read, is refused in French."""
    explored = _explore(case)
    game, options = explored.game, explored.options
    for position in explored.positions[:150]:
        named: dict[str, str] = {}
        for move in game.moves(position, options):
            target = _key(game.position_json(move.to))
            for gesture in game.gestures(move):
                assert json.loads(json.dumps(gesture)) == gesture
                key = base.gesture_key(gesture)
                assert named.setdefault(key, target) == target, (position, gesture)
                to = game.gesture_target(position, gesture, options)
                played = game.play(position, to, options)
                assert _key(game.position_json(played.to)) == target, (position, gesture)
        for key in list(named)[:3]:  # the same gesture from the position reached: not a move
            gesture = json.loads(key)
            reached = game.read_position(json.loads(named[key]), options)
            try:
                to = game.gesture_target(reached, gesture, options)
                moved = game.play(reached, to, options)
            except NimcoreError as refused:
                _french(str(refused))
            else:
                assert base.gesture_key(gesture) in {
                    base.gesture_key(one) for one in game.gestures(moved)
                }
        if named:  # a game with a board's gestures
            for gesture in [{}, {"cell": "a1"}, {"heap": -1, "take": 1}, {"takes": None}]:
                with pytest.raises(NimcoreError) as refused:
                    game.play(position, game.gesture_target(position, gesture, options), options)
                message = str(refused.value)
                assert message[0].isupper() and not re.search(r" [:;!?]", message), message


@pytest.mark.parametrize("case", _params(CASES))
def test_the_setup_form_reads_back_what_it_shows(case):
    """A view's setup fields (the setup form filled in for the position) read back the same
    position and options (Game.read_setup), for every game that reads its setup form, at the
    positions the form can hold (Game.fits_setup: a split in Grundy's game adds a heap)."""
    explored = _explore(case)
    game, options = explored.game, explored.options
    for position in explored.positions[:40]:
        if not game.fits_setup(position, options):
            continue
        values = game.setup_values(position, options)
        if not values:
            return
        assert all(isinstance(text, str) for text in values.values())
        read, read_options = game.read_setup(values)
        assert _key(game.position_json(read)) == _key(game.position_json(position))
        assert game.options_json(read_options) == game.options_json(options)


#: Codes of the address a reader may mistype, and a piece of nimcore's French refusal.
MALFORMED_CODES = [
    ("nim", "1-3_k3", "« 1-3_k3 » n'est pas une position de la forme 1-3-5-7"),
    ("moore", "k0-1-2", "k vaut 0 : un coup touche au moins un tas"),
    ("moore", "k2-1-2-3-4-5-6-7-8-9", "Trop de tas : 9 ; la limite est de 8 tas."),
    ("fibonacci", "0", "Il faut au moins un jeton pour commencer une partie."),
    ("wythoff", "7", "« 7 » n'est pas une position de la forme 5-8."),
    ("graph", "autre-a", "Graphe inconnu : « autre »"),
    ("graph", "n'importe", "« n'importe » n'est pas une position de la forme exemple-b-c"),
    ("ordinal", "w+w^2", "L'ordinal « w+w^2 » n'est pas en forme normale de Cantor"),
]


@pytest.mark.parametrize(("game_id", "code", "fragment"), MALFORMED_CODES)
def test_malformed_codes_are_refused_in_french(game_id, code, fragment):
    with pytest.raises(NimcoreError, match=re.escape(typeset(fragment))) as refused:
        games.get(game_id).decode(code)
    _french(str(refused.value))


@pytest.mark.parametrize("case", _params(CASES))
def test_views_codes_and_json_round_trip(case):
    explored = _explore(case)
    game, options = explored.game, explored.options
    for position in explored.positions[:100]:
        seen = json.loads(json.dumps(base.view(game, position, options)))
        moves = [base.move_json(game, move) for move in game.moves(position, options)]
        if seen["moves"] is not None:
            assert seen["moves"] == json.loads(json.dumps(moves))
            assert seen["terminal"] == (moves == [])
        assert seen["rule"] and seen["describe"]
        decoded = game.decode(seen["code"])
        assert _key(game.position_json(decoded[0])) == _key(seen["position"])
        assert game.options_json(decoded[1]) == game.options_json(options)
        again = game.read_position(seen["position"], game.read_options(seen["options"]))
        assert _key(game.position_json(again)) == _key(seen["position"])


def _play_out(
    game: base.Game[Any, Any],
    options: Any,
    position: Any,
    players: tuple[str, str],
    chance: random.Random,
) -> int:
    """Play a whole game from *position*; players "perfect" or "random"; the index of the winner.

    Every move of the computer is checked by the rule (``play``).
    """
    mover = 0
    for _ in range(MAX_GAME_MOVES):
        if game.terminal(position, options):
            last = 1 - mover
            return last if game.last_mover_wins(options) else mover
        if players[mover] == "random":
            move = game.random_move(position, options, chance)
        else:
            move = base.computer_move(game, position, options, "perfect", chance)
            game.play(position, game.position_json(move.to), options)  # legal, by the rule
        position = move.to
        mover = 1 - mover
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("case", _params(CASES))
def test_the_computer_never_lets_a_winning_position_go(case):
    """From N the perfect computer wins against a random player and against itself;
    from P it loses against itself; the beginner plays legal moves; a finished game is refused."""
    explored = _explore(case)
    game, options = explored.game, explored.options
    chance = random.Random(2026)
    by_outcome: dict[str, list[Any]] = {"P": [], "N": []}
    for position in explored.positions:
        if game.terminal(position, options):
            with pytest.raises(NimcoreError) as refused:
                base.computer_move(game, position, options, "perfect", chance)
            _french(str(refused.value))
        else:
            by_outcome[_outcome(explored, position)].append(position)
    for position in chance.sample(by_outcome["N"], min(16, len(by_outcome["N"]))):
        assert _play_out(game, options, position, ("perfect", "random"), chance) == 0, position
        assert _play_out(game, options, position, ("perfect", "perfect"), chance) == 0, position
    for position in chance.sample(by_outcome["P"], min(8, len(by_outcome["P"]))):
        assert _play_out(game, options, position, ("perfect", "perfect"), chance) == 1, position
    for position in chance.sample(explored.positions, min(12, len(explored.positions))):
        if not game.terminal(position, options):
            move = base.computer_move(game, position, options, "beginner", chance)
            game.play(position, game.position_json(move.to), options)


@pytest.mark.parametrize("case", _params(CASES))
def test_the_contract_holds_on_random_starts(case):
    """On the larger positions a board draws: the input is not changed, every winning
    move reaches P, every move from P reaches N, and the perfect computer wins from N
    (against a random player and itself) and loses from P against itself."""
    game = games.get(case.game)
    options = game.read_options(case.options)
    for seed in range(RANDOM_STARTS):
        chance = random.Random(seed)
        start, analysis = base.random_start(game, options, None, chance)
        raw = game.position_json(start)
        kept = copy.deepcopy(raw)
        position = game.read_position(raw, options)
        analysis = game.analyse(position, options)
        assert raw == kept, "the input was modified"
        for move in analysis.winning_moves:
            assert game.analyse(move.to, options).outcome == "P", (raw, move.text)
        if analysis.outcome == "P":
            for move in itertools.islice(game.moves(position, options), 40):
                assert game.analyse(move.to, options).outcome == "N", (raw, move.text)
            assert _play_out(game, options, position, ("perfect", "perfect"), chance) == 1, raw
        else:
            assert _play_out(game, options, position, ("perfect", "perfect"), chance) == 0, raw
            assert _play_out(game, options, position, ("perfect", "random"), chance) == 0, raw


@pytest.mark.parametrize("case", _params(CASES))
def test_random_starts_and_hints(case):
    explored = _explore(case)
    game, options = explored.game, explored.options
    outcomes = set()
    for seed in range(12):
        position, analysis = base.random_start(
            game, options, explored.positions[0], random.Random(seed)
        )
        assert not analysis.terminal and analysis.outcome == game.analyse(position, options).outcome
        outcomes.add(analysis.outcome)
    assert outcomes == {"P", "N"}, "random starts are P one time in two"
    for position in explored.positions[:20]:
        shown = json.loads(json.dumps(base.hint(game, game.analyse(position, options), options)))
        _french(shown["verdict"])
        assert all(table["body"] for table in shown["tables"])


@pytest.mark.parametrize("case", _params(CASES))
def test_bad_positions_and_options_are_refused_in_french(case):
    game = games.get(case.game)
    options = game.read_options(case.options)
    for raw, fragment in case.bad_positions:
        with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
            game.read_position(raw, options)
        _french(str(refused.value))
    for raw in ({"inconnue": 1}, "texte"):
        answer = json.loads(
            bridge.dispatch(
                f"{case.game}.view", json.dumps({"position": case.starts[0], "options": raw})
            )
        )
        assert answer["ok"] is False and answer["error"]["code"] == "invalid"
        _french(answer["error"]["message"])


def test_each_refusal_names_its_message():
    """Every game has refusals, each with a fragment long enough to tell its message apart."""
    assert set(BAD_POSITIONS) == set(games.IDS)
    named = [fragment for entries in BAD_POSITIONS.values() for _, fragment in entries]
    named += [fragment for _, _, fragment in MALFORMED_CODES]
    short = [fragment for fragment in named if len(fragment.strip()) < MIN_FRAGMENT]
    assert not short, f"fragments too short to name a message: {short}"


def _call(kind: str, payload: dict[str, Any]) -> Any:
    answer = json.loads(bridge.dispatch(kind, json.dumps(payload)))
    assert answer["ok"] is True, (kind, answer)
    return answer["result"]


@pytest.mark.parametrize("case", _params(CASES))
def test_every_bridge_call_round_trips_json(case):
    explored = _explore(case)
    game = explored.game
    start = {"position": case.starts[0], "options": case.options}
    seen = _call(f"{case.game}.view", {**start, "start": True})
    assert _call(f"{case.game}.view", {"code": seen["code"]}) == seen
    analysis = _call(f"{case.game}.analyse", start)
    assert analysis["outcome"] in ("P", "N") and analysis["hint"]["verdict"]
    computer = _call(f"{case.game}.computer_move", {**start, "level": "perfect", "seed": 1})
    assert computer["view"]["position"] == computer["position"] == computer["move"]["to"]
    # a new game with the computer first: the view, and its move in the same answer
    opened = _call(
        f"{case.game}.view", {**start, "start": True, "reply": {"level": "perfect", "seed": 1}}
    )
    assert {key: value for key, value in opened.items() if key != "reply"} == seen
    assert opened["reply"] == computer
    first = base.move_json(
        game,
        next(
            iter(game.moves(game.read_position(case.starts[0], explored.options), explored.options))
        ),
    )
    assert _call(f"{case.game}.move", {**start, "to": first["to"]})["move"]["to"] == first["to"]
    played = _call(
        f"{case.game}.play", {**start, "to": first["to"], "reply": {"level": "beginner", "seed": 3}}
    )
    assert played["position"] == first["to"]
    if not played["terminal"]:
        assert played["reply"]["move"]["to"] == played["reply"]["position"]
    drawn = _call(
        f"{case.game}.random_start", {"options": case.options, "like": case.starts[0], "seed": 5}
    )
    assert drawn["outcome"] in ("P", "N") and _call(f"{case.game}.view", {"code": drawn["code"]})


@pytest.mark.parametrize("case", _params(CASES))
def test_one_request_analyses_a_position_once(case, monkeypatch):
    """The bridge analyses a position once a request (`analyse`, or `decide` for the computer's move)."""
    game = games.get(case.game)
    analysed: list[str] = []
    original = type(game).analyse

    def counting(self: Any, position: Any, options: Any) -> Any:
        analysed.append(_key(self.position_json(position)))
        return original(self, position, options)

    monkeypatch.setattr(type(game), "analyse", counting)
    if type(game).decide is not base.Game.decide:  # its own analysis for the computer's move
        decide = type(game).decide

        def counting_decide(self: Any, position: Any, options: Any) -> Any:
            analysed.append(_key(self.position_json(position)))
            return decide(self, position, options)

        monkeypatch.setattr(type(game), "decide", counting_decide)
    start = {"position": case.starts[0], "options": case.options}
    _call(f"{case.game}.analyse", start)
    assert len(analysed) == 1, analysed
    analysed.clear()
    _call(f"{case.game}.computer_move", {**start, "level": "perfect"})
    assert len(analysed) == 1, analysed
    analysed.clear()
    # a new game's view with the computer's first move: the start is analysed once
    _call(f"{case.game}.view", {**start, "start": True, "reply": {"level": "perfect"}})
    assert len(analysed) == 1, analysed
    analysed.clear()
    options = game.read_options(case.options)
    first = next(iter(game.moves(game.read_position(case.starts[0], options), options)))
    played = _call(
        f"{case.game}.play",
        {**start, "to": game.position_json(first.to), "reply": {"level": "perfect"}},
    )
    # the reader's move is checked by the rule; the reply analyses once
    assert len(analysed) == (0 if played["terminal"] else 1), analysed


@pytest.mark.parametrize("case", _params(CASES))
def test_a_move_with_the_reply_is_one_pass(case, monkeypatch):
    """A reader's move with the computer's reply, in one round trip: the position read once
    (at the boundary), one view of each position the answer shows, and the computer's move
    chosen by `decide`, which builds no explanation (the full analysis is the hint's)."""
    game = games.get(case.game)
    cls = type(game)
    reads: list[str] = []
    views: list[str] = []
    decided: list[Any] = []
    read, decide, view = cls.read_position, cls.decide, base.view

    def counting_read(self: Any, raw: Any, options: Any) -> Any:
        reads.append(_key(raw))
        return read(self, raw, options)

    def counting_decide(self: Any, position: Any, options: Any) -> Any:
        decided.append(decide(self, position, options))
        return decided[-1]

    def counting_view(game: Any, position: Any, options: Any, **limits: Any) -> Any:
        views.append(_key(game.position_json(position)))
        return view(game, position, options, **limits)

    monkeypatch.setattr(cls, "read_position", counting_read)
    monkeypatch.setattr(cls, "decide", counting_decide)
    monkeypatch.setattr(cls, "analyse", lambda *args: pytest.fail("full analysis for a move"))
    monkeypatch.setattr(base, "view", counting_view)
    options = game.read_options(case.options)
    start = read(game, case.starts[0], options)
    for move in itertools.islice(game.moves(start, options), 6):
        reads.clear(), views.clear(), decided.clear()
        played = _call(
            f"{case.game}.play",
            {
                "position": case.starts[0],
                "options": case.options,
                "move": base.move_id(game, move),
                "reply": {"level": "perfect"},
            },
        )
        assert len(reads) == 1, reads
        shown = [played["position"]] + (
            [] if played["reply"] is None else [played["reply"]["position"]]
        )
        assert views == [_key(position) for position in shown], views
        assert len(decided) == (0 if played["terminal"] else 1)
        assert all(analysis.explanation == () for analysis in decided)


@pytest.mark.parametrize("case", _params(CASES))
def test_random_starts_drawn_again_and_again_stay_in_the_setup_form(case):
    """« Position au hasard » draws like the position shown, and the board puts the start in
    its setup form. Drawn again and again from the last start, every start must be one the
    form takes: a winning split towards a P-position adds a heap (Grundy's game, octal
    games), and the heaps grew past what the form takes until the board refused its own
    start (found in Grundy's game, then in 0.156 by the browser tests)."""
    explored = _explore(case)
    game, options = explored.game, explored.options
    chance = random.Random(2026)
    position = explored.positions[0]
    for _ in range(60):
        position, _ = base.random_start(game, options, position, chance)
        values = game.setup_values(position, options)
        if not values:
            return  # no setup form to fill in
        read, _ = game.read_setup(values)
        assert _key(game.position_json(read)) == _key(game.position_json(position))


def _reader_texts(value: Any) -> Iterator[str]:
    """The sentences of a view or a hint: strings with a space (identifiers have none)."""
    if isinstance(value, str):
        if " " in value:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _reader_texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _reader_texts(item)


@pytest.mark.parametrize("game_id", games.IDS)
def test_views_and_hints_speak_the_glossary_s_words(game_id):
    """« valeur de Grundy », as the glossary says the site always writes: « nimber » is only
    its English name, said once in the chapters, never in what a board shows."""
    game = games.get(game_id)
    for example in game.examples:
        position, options = game.decode(example)
        hint = base.hint(game, game.analyse(position, options), options)
        view = base.view(game, position, options)
        said = [text for text in _reader_texts([hint, view]) if "nimber" in text.lower()]
        assert said == [], (example, said)
