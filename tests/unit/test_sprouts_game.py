"""The game of sprouts as a board plays it (nimcore.games.sprouts), before its registration.

The registry's contract (tests/unit/test_games.py) runs over registered games
only; until the board is registered, the same checks run here on small starts:
moves named by their target, gestures that play them, perfect play against the
known outcomes, the code of the address, and French refusals.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from collections.abc import Iterator

import pytest

from nimcore import NimcoreError
from nimcore.french import typeset
from nimcore.games import base, sprouts
from nimcore.games.sprouts import GAME, MAX_BOARD_SPOTS

#: Who wins from p spots (``"N"``: the first player), normal and misère (OEIS A052162, A164950).
KNOWN = {
    (1, False): "P",
    (2, False): "P",
    (3, False): "N",
    (1, True): "N",
    (2, True): "P",
    (3, True): "P",
}


@pytest.mark.parametrize(("spots", "misere"), list(KNOWN))
def test_the_start_has_its_known_outcome(spots, misere):
    position, options = GAME.decode(f"{spots}" + ("_misere" if misere else ""))
    assert GAME.analyse(position, options).outcome == KNOWN[(spots, misere)]


def _play(code: str, players: tuple[str, str], chance: random.Random) -> int:
    """A whole game; the index of the winner."""
    position, options = GAME.decode(code)
    mover = 0
    while not GAME.terminal(position, options):
        if players[mover] == "random":
            move = GAME.random_move(position, options, chance)
        else:
            move = base.computer_move(GAME, position, options, "perfect", chance)
        played = GAME.play(position, GAME.position_json(move.to), options)
        assert played.to == move.to
        position = move.to
        mover = 1 - mover
    last = 1 - mover
    return last if GAME.last_mover_wins(options) else mover


def _check_whole_games(code: str, seed: int) -> None:
    spots, misere = int(code[0]), code.endswith("_misere")
    chance = random.Random(seed)
    if KNOWN[(spots, misere)] == "N":
        assert _play(code, ("perfect", "random"), chance) == 0
        assert _play(code, ("perfect", "perfect"), chance) == 0
    else:
        assert _play(code, ("random", "perfect"), chance) == 1
        assert _play(code, ("perfect", "perfect"), chance) == 1


@pytest.mark.parametrize("code", ["2", "2_misere"])
def test_the_perfect_computer_wins_from_n_and_holds_p(code):
    _check_whole_games(code, 7)


@pytest.mark.soak  # a minute: `make soak`
@pytest.mark.parametrize("code", ["3", "3_misere"])
def test_the_perfect_computer_wins_whole_games_of_three_spots(code):
    for seed in range(6):
        _check_whole_games(code, seed)


@pytest.mark.parametrize("code", ["1", "2", "3", "3,0-1", "2_misere"])
def test_views_list_moves_whose_gestures_play_them(code):
    position, options = GAME.decode(code)
    seen = json.loads(json.dumps(base.view(GAME, position, options)))
    assert seen["code"] == code and seen["rule"] and seen["describe"]
    ids = [move["id"] for move in seen["moves"]]
    assert len(set(ids)) == len(ids)
    gestures = [base.gesture_key(g) for move in seen["moves"] for g in move["gestures"]]
    assert len(set(gestures)) == len(gestures)
    for move in seen["moves"]:
        (gesture,) = move["gestures"]
        target = GAME.gesture_target(position, gesture, options)
        assert target == move["to"]
        assert GAME.position_json(GAME.play(position, target, options).to) == move["to"]
        decoded, _ = GAME.decode(move["to"] + ("_misere" if options["misere"] else ""))
        assert GAME.position_json(decoded) == move["to"]
    drawn = seen["drawing"]
    assert len(drawn["spots"]) == len(position.spots)
    assert all(0 <= value <= 100 for curve in drawn["curves"] for point in curve for value in point)


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("0", "n'est pas un dessin du jeu des pousses"),
        ("7", "Le dessin part de 1 à 5 points, pas 7."),
        ("3,0-9", "il n'y a pas de point 9"),
        ("3_normal", "n'est pas un dessin de la forme 3,0-1"),
        ("2,0-1,0-1,0-1,0-1", "ne peuvent pas être reliés ainsi"),
    ],
)
def test_bad_codes_are_refused_in_french(code, fragment):
    with pytest.raises(NimcoreError, match=re.escape(typeset(fragment))):
        GAME.decode(code)


def test_play_refuses_what_is_not_one_move():
    position, options = GAME.decode("2")
    for target in ["2", "2,0-1,0-1", "3,0-1", None]:
        with pytest.raises(NimcoreError) as refused:
            GAME.play(position, target, options)
        assert str(refused.value)[0].isupper()
    with pytest.raises(NimcoreError, match="Geste illisible"):
        GAME.gesture_target(position, {"cell": [1, 1]}, options)


@pytest.mark.parametrize(
    ("code", "spots", "split", "reason"),
    [
        (
            "1,0-0",
            [0, 0],
            0,
            "Pas de boucle sur le point 1 : une boucle use deux vies du point, et il ne lui en"
            " reste qu'une.",
        ),
        (
            "1,0-0,0-1",
            [0, 0],
            0,
            "Le point 1 n'a plus aucune vie : aucune courbe ne peut plus le toucher.",
        ),
        (
            "1,0-0,0-1",
            [2, 2],
            0,
            "Le point 3 n'a plus qu'une vie, et aucun autre point vivant n'est au bord de ses"
            " régions : aucune courbe ne peut en partir.",
        ),
        (
            "3,0-0k1",  # point 2 inside the loop of point 1, point 3 outside
            [1, 2],
            0,
            "Les points 2 et 3 ne sont au bord d'aucune région commune : une courbe qui les"
            " relierait en croiserait une autre.",
        ),
        (
            "3,0-0k1",  # inside the loop as outside: the board draws the moves outside
            [1, 1],
            0,
            "Le plateau ne propose pas de boucle du point 2 à lui-même : elle mènerait à la"
            " même position qu'un autre coup proposé.",
        ),
        (
            "2",
            [0, 1],
            1,
            "Ce choix n'existe pas : le plateau propose 1 courbe du point 1 au point 2.",
        ),
        ("2", [0, 2], 0, "Le dessin n'a pas de point 3 : ses points vont de 1 à 2."),
    ],
)
def test_a_gesture_no_curve_plays_is_refused_with_its_reason(code, spots, split, reason):
    position, options = GAME.decode(code)
    with pytest.raises(NimcoreError) as refused:
        GAME.gesture_target(position, {"spots": spots, "split": split}, options)
    assert str(refused.value) == typeset(reason)


@pytest.mark.parametrize(
    ("code", "sentences"),
    [
        (
            "3,0-1",
            [
                "Le dessin forme une seule terre, d'une seule région : tous les coups s'y jouent.",
                "Cette terre (8 vies, écrite « 0.1a1a.}] ») a pour valeur de Grundy 0 :"
                " c'est la valeur de la position, perdante pour qui doit jouer.",
            ],
        ),
        (
            "3,0-0k1,0-3",
            [
                "Le dessin se partage en 2 terres indépendantes : aucune courbe ne peut passer"
                " de l'une à l'autre, et chaque coup se joue dans une seule.",
                "Terre 1 (4 vies, écrite « 0.2.}] ») : valeur de Grundy 1.",
                "Terre 2 (3 vies, écrite « 0.}] ») : valeur de Grundy 0.",
                "La valeur de la position est leur somme de Nim, 1 ⊕ 0 = 1 : la position est"
                " gagnante pour qui doit jouer.",
            ],
        ),
    ],
)
def test_the_hint_names_the_lands_and_their_grundy_values(code, sentences):
    """In the site's words (« valeur de Grundy », « somme de Nim », only for several lands),
    each land written as the chapter writes one, without the position's closing ``!``."""
    position, options = GAME.decode(code)
    analysis = GAME.analyse(position, options)
    hinted = base.hint(GAME, analysis, options)
    assert hinted["sentences"] == [typeset(sentence) for sentence in sentences]
    assert not any("nimber" in sentence or "!" in sentence for sentence in hinted["sentences"])
    assert GAME.board_refusal(position, options) is None


@pytest.mark.parametrize("spots", [4, 5])
def test_starts_the_board_cannot_answer_fast_are_refused_in_french(spots):
    position, options = GAME.decode(str(spots))
    assert GAME.board_refusal(position, options) == typeset(
        f"Trop de points pour ce plateau : {MAX_BOARD_SPOTS} au plus, pour que"
        " l'ordinateur réponde vite."
    )
    assert MAX_BOARD_SPOTS == 3  # bench/results/sprouts_board.md


def test_the_computer_decides_without_explaining_and_agrees_with_the_hint():
    position, options = GAME.decode("3")
    decided, analysed = GAME.decide(position, options), GAME.analyse(position, options)
    assert decided.explanation == () and decided.outcome == analysed.outcome == "N"
    assert decided.recommended in analysed.winning_moves
    assert analysed.nimbers == (1,) and analysed.nimber == 1


def _splits_are_told_apart(code: str) -> None:
    """The words of the moves from a drawing are pairwise distinct, and typeset; no spot is
    named on one side of a curve and also on the other, or on the edge of both regions."""
    position, options = GAME.decode(code)
    words = []
    for move in GAME.moves(position, options):
        words.append(move.words)
        assert move.words == typeset(move.words)
        spots = re.findall(r"\d+", "".join(re.split("[,;]", move.words, maxsplit=1)[1:]))
        assert len(set(spots)) == len(spots), (code, move.words)
    assert len(set(words)) == len(words), (code, words)


@pytest.mark.parametrize("code", ["3", "3,0-0", "3,0-1", "2,0-0", "2,0-1"])
def test_the_words_tell_apart_the_splits_joining_two_spots(code):
    _splits_are_told_apart(code)
    position, options = GAME.decode(code)
    if code == "3":
        assert sorted(move.words for move in GAME.moves(position, options))[:2] == [
            "boucle du point 1 à lui-même, avec le point 2 d'un côté de la courbe"
            " et le point 3 de l'autre",
            "boucle du point 1 à lui-même, avec les points 2 et 3 d'un côté de la courbe"
            " et aucun de l'autre",
        ]


@pytest.mark.parametrize(
    ("code", "token", "words"),
    [
        # The first curve's new spot (point 3) has one life, and a free side inside the
        # second curve joining points 1 and 2 as well as outside it.
        (
            "2,0-1",
            "0-1",
            "relier le point 1 au point 2 ; le point 3 est au bord des deux régions"
            " que sépare la courbe",
        ),
        (
            "3,0-1",
            "0-1",
            "relier le point 1 au point 2, avec le point 3 d'un côté de la courbe et aucun"
            " de l'autre ; le point 4 est au bord des deux régions que sépare la courbe",
        ),
    ],
)
def test_a_spot_on_the_edge_of_both_regions_is_named_apart(code, token, words):
    position, options = GAME.decode(code)
    (move,) = (move for move in GAME.moves(position, options) if move.token == token)
    assert move.words == typeset(words)


def test_the_curves_joining_two_spots_are_listed_in_an_order_a_reader_follows():
    """By their spots, then the curve that cuts no region, then from every other spot on one
    side to the most even split; the splits number them in that order."""
    position, options = GAME.decode("2,0-0")
    listed = [(move.a, move.b, move.split, move.words) for move in GAME.moves(position, options)]
    assert [row[:3] for row in listed] == sorted(row[:3] for row in listed)
    assert [words for a, b, _, words in listed if (a, b) == (0, 2)] == [
        "relier le point 1 au point 3, sans autre point vivant d'un côté ni de l'autre",
        "relier le point 1 au point 3, avec le point 2 d'un côté de la courbe et aucun de l'autre",
    ]
    position, options = GAME.decode("3")
    assert [move.words for move in GAME.moves(position, options) if move.a == move.b == 0] == [
        "boucle du point 1 à lui-même, avec les points 2 et 3 d'un côté de la courbe"
        " et aucun de l'autre",
        "boucle du point 1 à lui-même, avec le point 2 d'un côté de la courbe"
        " et le point 3 de l'autre",
    ]


def _drawings_within(spots: int, depth: int) -> Iterator[str]:
    """The code of every drawing reachable from *spots* spots within *depth* moves."""
    frontier = [GAME.decode(str(spots))[0]]
    for reached in range(depth + 1):
        yield from (GAME.encode(position, {"misere": False}) for position in frontier)
        if reached < depth:
            frontier = [
                move.to for position in frontier for move in GAME.moves(position, {"misere": False})
            ]


@pytest.mark.slow  # a few seconds of routing: not repeated inside Pyodide
def test_the_words_tell_apart_every_move_of_small_drawings():
    """Every drawing of a whole game from 1 or 2 spots, and within 1 move of 3 spots."""
    for spots, depth in ((1, 2), (2, 5), (3, 1)):
        for code in _drawings_within(spots, depth):
            _splits_are_told_apart(code)


@pytest.mark.soak  # minutes: `make soak`
def test_the_words_tell_apart_every_move_from_three_spots():
    """Every drawing within 3 moves of 3 spots (995; two minutes of CPython), and every
    drawing of 30 random whole games from 3 spots. The whole game from 3 spots is out of
    reach: 7 637 drawings after 4 moves already, each routed."""
    for code in _drawings_within(3, 3):
        _splits_are_told_apart(code)
    chance = random.Random(3)
    for _ in range(30):
        position, options = GAME.decode("3")
        while not GAME.terminal(position, options):
            _splits_are_told_apart(GAME.encode(position, options))
            position = GAME.random_move(position, options, chance).to


#: The critic's drawing: spots 2, 9 and 10 on one row of a refined grid, 4 units of 100 apart.
CROWDED_CODE = "3,2-2k1,0-0,3-4,0-2,5-6s1,1-1,1-8"


@pytest.mark.parametrize(
    "code", [CROWDED_CODE, "3,0-1,0-3,0-1k1s1,1-4s1,5-6s1,2-2", "3,1-1k1,1-2,3-4s1,2-2,5-6s1", "2"]
)
def test_the_board_s_spots_keep_apart_and_its_curves_meet_them(code):
    """The board's drawing pulls its axes apart where spots are near (sprouts._axes): each
    axis only stretched, so the curves keep their order (none crosses another); the spots
    stay SPOTS_APART apart; every curve, and every listed move's curve, ends on spots."""
    position, options = GAME.decode(code)
    drawing = GAME.drawing(position, options)
    for axis in sprouts._axes(position.size, position.spots):
        assert all(one < two for one, two in itertools.pairwise(axis))
        assert axis[0] == 0 and axis[-1] == 100
    spots = [tuple(spot["at"]) for spot in drawing["spots"]]
    closest = min(math.dist(one, two) for one, two in itertools.combinations(spots, 2))
    assert closest >= sprouts.SPOTS_APART - 0.1
    for curve in drawing["curves"]:
        assert tuple(curve[0]) in spots and tuple(curve[-1]) in spots
    for move in GAME.moves(position, options):
        shown = move.to_dict()
        ends = {tuple(shown["curve"][0]), tuple(shown["curve"][-1])}
        # Drawn where this drawing's spots are, to 0.02 units (a refined grid's rounding).
        assert all(min(math.dist(end, at) for at in spots) < 0.02 for end in ends), move.token
