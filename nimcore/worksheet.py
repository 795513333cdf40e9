"""Worksheets for a class: positions to solve at a stated difficulty, and their answers.

A worksheet is made for one family of games of the registry, at one of three
levels (:data:`LEVELS`: "easy", "medium", "hard", shown to readers by their
French names, :data:`LEVEL_NAMES`), from a seed: the same seed gives the same
sheet. The French words of earlier placeholders and requests ("facile",
"moyen", "difficile") are read as the same levels (:data:`FRENCH_LEVELS`), and
the family's earlier French id "soustraction" as "subtraction"
(:data:`FRENCH_FAMILIES`). Its
positions are drawn at the level's size, half of them P-positions as far as
the draws allow, all different and none finished; each answer is nimcore's
hint for the position — the verdict, the winning move when there is one, and
the reason (the hint's tables and sentences).

>>> sheet = worksheet("nim", "easy", seed=1, count=4)
>>> [exercise["number"] for exercise in sheet["exercises"]]
[1, 2, 3, 4]
>>> sheet["answers"][0]["verdict"].startswith("Position")
True
>>> worksheet("nim", "facile", seed=1, count=4) == sheet
True
>>> worksheet("échecs", "easy", seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Famille de jeux inconnue pour une fiche...

Cost: each position is analysed once, at most :data:`MAX_DRAWS` draws a
sheet; every level keeps its positions small enough to solve by hand, which
nimcore analyses in well under a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nimcore import games
from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.games import base

__all__ = [
    "FAMILIES",
    "FRENCH_FAMILIES",
    "FRENCH_LEVELS",
    "LEVELS",
    "LEVEL_NAMES",
    "MAX_COUNT",
    "MAX_DRAWS",
    "QUESTION",
    "Family",
    "families",
    "read_family",
    "read_level",
    "worksheet",
]

#: The levels of a worksheet, from the easiest.
LEVELS = ("easy", "medium", "hard")
#: Each level's name for a reader.
LEVEL_NAMES = {"easy": "Facile", "medium": "Moyen", "hard": "Difficile"}
#: The levels' French words, as earlier placeholders and requests wrote them (still read).
#: They also seed the draws, so that a sheet's number gives the sheet it always gave.
FRENCH_LEVELS = {"facile": "easy", "moyen": "medium", "difficile": "hard"}
_SEED_WORDS = {level: word for word, level in FRENCH_LEVELS.items()}
#: The families' earlier French ids (still read), which seed the draws as the levels' words do.
FRENCH_FAMILIES = {"soustraction": "subtraction"}
_FAMILY_SEED_WORDS = {family: word for word, family in FRENCH_FAMILIES.items()}
#: Most positions on one sheet (one A4 page of questions).
MAX_COUNT = 12
#: Most positions drawn for one sheet.
MAX_DRAWS = 400

Draw = Callable[[random.Random], str]


def _heaps(count: tuple[int, int], low: int, high: int, suffix: str = "") -> Draw:
    """Codes of *count* heaps (a range) of *low* to *high* each, then *suffix*."""

    def draw(chance: random.Random) -> str:
        heaps = [chance.randint(low, high) for _ in range(chance.randint(*count))]
        return "-".join(map(str, heaps)) + suffix

    return draw


def _prefixed(prefix: str, inner: Draw) -> Draw:
    return lambda chance: prefix + inner(chance)


def _staircase(rows: tuple[int, int], width: int) -> Draw:
    """Chomp: rows of non-increasing lengths, the longest at most *width*."""

    def draw(chance: random.Random) -> str:
        lengths = sorted(
            (chance.randint(1, width) for _ in range(chance.randint(*rows))), reverse=True
        )
        return "-".join(map(str, lengths))

    return draw


@dataclass(frozen=True)
class Family:
    """A family of games on worksheets: the registry's game, and a draw per level."""

    id: str
    game: str
    title: str
    #: level → (what the level holds, in French; how a position's code is drawn)
    levels: dict[str, tuple[str, Draw]]


FAMILIES: dict[str, Family] = {
    family.id: family
    for family in (
        Family(
            "nim",
            "nim",
            "le jeu de Nim",
            {
                "easy": ("2 tas de 1 à 7 allumettes", _heaps((2, 2), 1, 7)),
                "medium": ("3 tas de 1 à 12 allumettes", _heaps((3, 3), 1, 12)),
                "hard": ("4 ou 5 tas de 1 à 31 allumettes", _heaps((4, 5), 1, 31)),
            },
        ),
        Family(
            "nim-misere",
            "nim",
            "le jeu de Nim, version misère",
            {
                "easy": ("2 tas de 1 à 5 allumettes", _heaps((2, 2), 1, 5, "_misere")),
                "medium": ("3 tas de 1 à 9 allumettes", _heaps((3, 3), 1, 9, "_misere")),
                "hard": ("4 tas de 1 à 15 allumettes", _heaps((4, 4), 1, 15, "_misere")),
            },
        ),
        Family(
            "subtraction",
            "subtraction",
            "les jeux de soustraction",
            {
                "easy": ("un tas de 5 à 30, retirer de 1 à 3", _heaps((1, 1), 5, 30, "_1a3")),
                "medium": ("un tas de 5 à 40, retirer 1, 3 ou 4", _heaps((1, 1), 5, 40, "_s1.3.4")),
                "hard": (
                    "2 ou 3 tas de 3 à 25, retirer 1, 2 ou 4",
                    _heaps((2, 3), 3, 25, "_s1.2.4"),
                ),
            },
        ),
        Family(
            "moore",
            "moore",
            "le jeu de Moore",
            {
                "easy": (
                    "3 tas de 1 à 7, au plus 2 tas par coup",
                    _prefixed("k2-", _heaps((3, 3), 1, 7)),
                ),
                "medium": (
                    "4 tas de 1 à 12, au plus 2 tas par coup",
                    _prefixed("k2-", _heaps((4, 4), 1, 12)),
                ),
                "hard": (
                    "5 tas de 1 à 20, au plus 3 tas par coup",
                    _prefixed("k3-", _heaps((5, 5), 1, 20)),
                ),
            },
        ),
        Family(
            "fibonacci",
            "fibonacci",
            "le Fibonacci-Nim",
            {
                "easy": ("un tas de 4 à 21 jetons", _heaps((1, 1), 4, 21)),
                "medium": ("un tas de 20 à 100 jetons", _heaps((1, 1), 20, 100)),
                "hard": ("un tas de 100 à 1000 jetons", _heaps((1, 1), 100, 1000)),
            },
        ),
        Family(
            "wythoff",
            "wythoff",
            "le jeu de Wythoff",
            {
                "easy": ("deux tas de 0 à 8 jetons", _heaps((2, 2), 0, 8)),
                "medium": ("deux tas de 0 à 25 jetons", _heaps((2, 2), 0, 25)),
                "hard": ("deux tas de 10 à 100 jetons", _heaps((2, 2), 10, 100)),
            },
        ),
        Family(
            "grundy",
            "grundy",
            "le jeu de Grundy",
            {
                "easy": ("un tas de 3 à 10 allumettes", _heaps((1, 1), 3, 10)),
                "medium": ("2 tas de 3 à 12 allumettes", _heaps((2, 2), 3, 12)),
                "hard": ("3 tas de 3 à 20 allumettes", _heaps((3, 3), 3, 20)),
            },
        ),
        Family(
            "chomp",
            "chomp",
            "Chomp",
            {
                "easy": ("2 rangées de 1 à 6 carrés", _staircase((2, 2), 6)),
                "medium": ("3 rangées de 1 à 6 carrés", _staircase((3, 3), 6)),
                "hard": ("4 ou 5 rangées de 1 à 8 carrés", _staircase((4, 5), 8)),
            },
        ),
    )
}


def read_level(level: object) -> str:
    """The level's id ("easy", "medium", "hard"), its French word read as well.

    >>> read_level("moyen"), read_level("hard")
    ('medium', 'hard')
    """
    if isinstance(level, str) and level in FRENCH_LEVELS:
        return FRENCH_LEVELS[level]
    if level not in LEVELS:
        raise NimcoreError(typeset(f"Niveau de fiche inconnu : {level!r} ({', '.join(LEVELS)})."))
    return str(level)


def read_family(family: object) -> Family:
    """The family of id *family*, its earlier French id read as well.

    >>> read_family("soustraction").id, read_family("nim").id
    ('subtraction', 'nim')
    """
    if isinstance(family, str):
        chosen = FAMILIES.get(FRENCH_FAMILIES.get(family, family))
        if chosen is not None:
            return chosen
    known = ", ".join(FAMILIES)
    raise NimcoreError(typeset(f"Famille de jeux inconnue pour une fiche : {family!r} ({known})."))


def _check(family: object, seed: object, count: object) -> Family:
    chosen = read_family(family)
    for name, value, low, high in (
        ("La graine", seed, 0, 2**31 - 1),
        ("Le nombre de positions", count, 1, MAX_COUNT),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise NimcoreError(typeset(f"{name} d'une fiche va de {low} à {high}, pas {value!r}."))
    return chosen


def worksheet(family: str, level: str, seed: int, count: int = 8) -> dict[str, Any]:
    """A worksheet of *count* positions of *family* at *level*, drawn from *seed*, with answers.

    Returns JSON: ``family``, ``title``, ``level`` (its id), ``level_name``
    (in French), ``level_text`` (what the level holds), ``seed``, ``rule`` (the first position's rule), the
    ``exercises`` (``number``, ``code``, ``describe``, ``rule``) and the
    ``answers`` (``number``, ``outcome``, ``verdict``, ``move`` — its words, or
    None — ``sentences`` and ``tables``, as a board's hint shows them).

    Raises :class:`NimcoreError` (in French) for an unknown family or level,
    or a seed or count out of range.
    """
    chosen = _check(family, seed, count)
    level = read_level(level)
    game = games.get(chosen.game)
    level_text, draw = chosen.levels[level]
    seed_word = _FAMILY_SEED_WORDS.get(chosen.id, chosen.id)
    chance = random.Random(f"{seed_word}/{_SEED_WORDS[level]}/{seed}")
    wanted = (["P", "N"] * count)[:count]  # half P, half N (one more P when odd)
    chance.shuffle(wanted)
    picked: list[tuple[str, Any, Any, Any]] = []
    spare: list[tuple[str, Any, Any, Any]] = []
    codes: set[str] = set()
    for _ in range(MAX_DRAWS):
        if len(picked) == count:
            break
        position, options = game.decode(draw(chance))
        code = game.encode(position, options)
        if code in codes:
            continue
        analysis = game.analyse(position, options)
        if analysis.terminal:
            continue
        codes.add(code)
        entry = (code, position, options, analysis)
        if analysis.outcome == wanted[len(picked)]:
            picked.append(entry)
            continue
        spare.append(entry)
        if wanted[len(picked)] == "P" and game.start_by_move and analysis.recommended is not None:
            # P-positions can be rare at random: the winning move of an N-position reaches one.
            reached = analysis.recommended.to
            after = game.analyse(reached, options)
            code = game.encode(reached, options)
            if not after.terminal and code not in codes:
                codes.add(code)
                picked.append((code, reached, options, after))
    picked.extend(spare[: count - len(picked)])
    exercises = []
    answers = []
    for number, (code, position, options, analysis) in enumerate(picked, start=1):
        exercises.append(
            {
                "number": number,
                "code": code,
                "describe": game.describe(position, options),
                "rule": game.rule(options),
            }
        )
        shown = base.hint(game, analysis, options)
        answers.append(
            {
                "number": number,
                "outcome": analysis.outcome,
                "verdict": shown["verdict"],
                "move": None if shown["move"] is None else shown["move"]["text"],
                "sentences": shown["sentences"],
                "tables": shown["tables"],
            }
        )
    return {
        "family": chosen.id,
        "title": chosen.title,
        "level": level,
        "level_name": LEVEL_NAMES[level],
        "level_text": level_text,
        "seed": seed,
        "rule": exercises[0]["rule"] if exercises else "",
        "question": QUESTION,
        "exercises": exercises,
        "answers": answers,
    }


#: What each exercise asks.
QUESTION = typeset(
    "Pour chaque position, dites si le joueur qui doit jouer peut gagner à coup sûr ;"
    " si oui, donnez un coup gagnant et expliquez pourquoi il gagne."
)


def families() -> list[dict[str, Any]]:
    """The families and their levels, for a page's choice (id, title, level → name and contents).

    >>> families()[0]["levels"]["easy"]
    {'name': 'Facile', 'text': '2 tas de 1 à 7 allumettes'}
    """
    return [
        {
            "id": family.id,
            "title": family.title,
            "levels": {
                level: {"name": LEVEL_NAMES[level], "text": text}
                for level, (text, _) in family.levels.items()
            },
        }
        for family in FAMILIES.values()
    ]
