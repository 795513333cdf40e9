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

Size: the families' levels (data, a third of the file) and the sheet they feed with
its answers; the levels are read by nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nimcore import games, ordinal, pictures
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.games import base

__all__ = [
    "FAMILIES",
    "FRENCH_FAMILIES",
    "FRENCH_LEVELS",
    "LEVELS",
    "LEVEL_NAMES",
    "MAX_COUNT",
    "MAX_DRAWS",
    "MAX_REPLIES",
    "MAX_TYPED_SEED",
    "QUESTION",
    "Family",
    "Level",
    "answer",
    "chomp_reason",
    "families",
    "page_texts",
    "read_family",
    "read_level",
    "verdict",
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
Fits = Callable[[Any], bool]


@dataclass(frozen=True)
class Level:
    """One level of a family: what it holds in French, how a position's code is drawn, and
    whether a position (reached by a move, to find a P-position) still holds to the words."""

    text: str
    draw: Draw
    fits: Fits


def _heaps(
    text: str, count: tuple[int, int], low: int, high: int, prefix: str = "", suffix: str = ""
) -> Level:
    """*count* heaps (a range) of *low* to *high* each, their code between *prefix* and *suffix*.

    >>> level = _heaps("3 tas de 1 à 12", (3, 3), 1, 12)
    >>> level.fits((4, 5, 6)), level.fits((0, 2, 2)), level.fits((4, 5))
    (True, False, False)
    """

    def draw(chance: random.Random) -> str:
        heaps = [chance.randint(low, high) for _ in range(chance.randint(*count))]
        return prefix + "-".join(map(str, heaps)) + suffix

    def fits(position: Any) -> bool:
        return count[0] <= len(position) <= count[1] and all(low <= h <= high for h in position)

    return Level(text, draw, fits)


def _fresh_heap(text: str, low: int, high: int) -> Level:
    """Fibonacci Nim: a fresh heap of *low* to *high* tokens (code: the number)."""

    def fits(position: Any) -> bool:
        tokens, limit = position
        return bool(low <= tokens <= high and limit == tokens - 1)

    return Level(text, lambda chance: str(chance.randint(low, high)), fits)


def _staircase(text: str, rows: tuple[int, int], width: int) -> Level:
    """Chomp: rows of non-increasing lengths, the longest at most *width*."""

    def draw(chance: random.Random) -> str:
        lengths = sorted(
            (chance.randint(1, width) for _ in range(chance.randint(*rows))), reverse=True
        )
        return "-".join(map(str, lengths))

    def fits(position: Any) -> bool:
        return rows[0] <= len(position) <= rows[1] and position[0] <= width

    return Level(text, draw, fits)


def _flowers(text: str, flowers: tuple[int, int], cut: tuple[int, int]) -> Level:
    """A row of flowers, some already cut (never two neighbours: no move could have done it)."""

    def draw(chance: random.Random) -> str:
        row = ["f"] * chance.randint(*flowers)
        wanted = chance.randint(*cut)
        for _ in range(8 * wanted):
            if row.count("x") == wanted:
                break
            at = chance.randrange(len(row))
            if "x" not in row[max(0, at - 1) : at + 2]:
                row[at] = "x"
        return "".join(row)

    def fits(position: Any) -> bool:
        return flowers[0] <= len(position) <= flowers[1] and cut[0] <= position.count("x") <= cut[1]

    return Level(text, draw, fits)


def _ordinal(text: str, heaps: int, degree: int, largest: int) -> Level:
    """*heaps* heaps below ω^(degree + 1), each coefficient 0 to *largest* (a heap never empty)."""

    def draw(chance: random.Random) -> str:
        codes = []
        for _ in range(heaps):
            top = chance.randint(1, degree)
            coefficients = [chance.randint(1, largest)] + [
                chance.randint(0, largest) for _ in range(top)
            ]
            codes.append(".".join(map(str, coefficients)))
        return "_".join(codes)

    def fits(position: Any) -> bool:
        checked = ordinal.validate_heaps(list(position))
        return len(checked) == heaps and all(
            heap.coefficients and heap.degree <= degree and max(heap.coefficients) <= largest
            for heap in checked
        )

    return Level(text, draw, fits)


def _tokens(text: str, prefix: str, places: tuple[str, ...], count: tuple[int, int]) -> Level:
    """Tokens (or pawns) on *places*, their code after *prefix* (a graph's name, a board's side)."""

    def draw(chance: random.Random) -> str:
        return "-".join([prefix, *(chance.choice(places) for _ in range(chance.randint(*count)))])

    return Level(text, draw, lambda position: count[0] <= len(position) <= count[1])


def _drawing(text: str, spots: int, moves: tuple[int, int]) -> Level:
    """Sprouts: a drawing of *spots* spots after *moves* (a range) random moves, as routed."""
    game = games.get("sprouts")

    def draw(chance: random.Random) -> str:
        position, options = game.decode(str(spots))
        for _ in range(chance.randint(*moves)):
            listed = list(game.moves(position, options))
            if not listed:
                break
            position = chance.choice(listed).to
        return game.encode(position, options)

    def fits(position: Any) -> bool:
        return bool(position.start == spots and moves[0] <= len(position.tokens) <= moves[1])

    return Level(text, draw, fits)


def _cells(size: int) -> tuple[str, ...]:
    """The cells of a pawns' board as its code writes them ("11" … "55"), but the last one."""
    return tuple(f"{row}{column}" for row in range(1, size + 1) for column in range(1, size + 1))[
        :-1
    ]


@dataclass(frozen=True)
class Family:
    """A family of games on worksheets: the registry's game, and its levels."""

    id: str
    game: str
    title: str
    #: level → what the level holds, how its positions are drawn and checked
    levels: dict[str, Level]


FAMILIES: dict[str, Family] = {
    family.id: family
    for family in (
        Family(
            "nim",
            "nim",
            "le jeu de Nim",
            {
                "easy": _heaps("2 tas de 1 à 7 allumettes", (2, 2), 1, 7),
                "medium": _heaps("3 tas de 1 à 12 allumettes", (3, 3), 1, 12),
                "hard": _heaps("4 ou 5 tas de 1 à 31 allumettes", (4, 5), 1, 31),
            },
        ),
        Family(
            "nim-misere",
            "nim",
            "le jeu de Nim, version misère",
            {
                "easy": _heaps("2 tas de 1 à 5 allumettes", (2, 2), 1, 5, suffix="_misere"),
                "medium": _heaps("3 tas de 1 à 9 allumettes", (3, 3), 1, 9, suffix="_misere"),
                "hard": _heaps("4 tas de 1 à 15 allumettes", (4, 4), 1, 15, suffix="_misere"),
            },
        ),
        Family(
            "subtraction",
            "subtraction",
            "les jeux de soustraction",
            {
                "easy": _heaps("un tas de 5 à 30, retirer de 1 à 3", (1, 1), 5, 30, suffix="_1a3"),
                "medium": _heaps(
                    "un tas de 5 à 40, retirer 1, 3 ou 4", (1, 1), 5, 40, suffix="_s1.3.4"
                ),
                "hard": _heaps(
                    "2 ou 3 tas de 3 à 25, retirer 1, 2 ou 4", (2, 3), 3, 25, suffix="_s1.2.4"
                ),
            },
        ),
        Family(
            "moore",
            "moore",
            "le jeu de Moore",
            {
                "easy": _heaps(
                    "3 tas de 1 à 7, au plus 2 tas par coup", (3, 3), 1, 7, prefix="k2-"
                ),
                "medium": _heaps(
                    "4 tas de 1 à 12, au plus 2 tas par coup", (4, 4), 1, 12, prefix="k2-"
                ),
                "hard": _heaps(
                    "5 tas de 1 à 20, au plus 3 tas par coup", (5, 5), 1, 20, prefix="k3-"
                ),
            },
        ),
        Family(
            "fibonacci",
            "fibonacci",
            "le Fibonacci-Nim",
            {
                "easy": _fresh_heap("un tas de 4 à 21 jetons", 4, 21),
                "medium": _fresh_heap("un tas de 20 à 100 jetons", 20, 100),
                "hard": _fresh_heap("un tas de 100 à 1000 jetons", 100, 1000),
            },
        ),
        Family(
            "wythoff",
            "wythoff",
            "le jeu de Wythoff",
            {
                "easy": _heaps("deux tas de 0 à 8 jetons", (2, 2), 0, 8),
                "medium": _heaps("deux tas de 0 à 25 jetons", (2, 2), 0, 25),
                "hard": _heaps("deux tas de 10 à 100 jetons", (2, 2), 10, 100),
            },
        ),
        Family(
            "grundy",
            "grundy",
            "le jeu de Grundy",
            {
                "easy": _heaps("un tas de 3 à 10 allumettes", (1, 1), 3, 10),
                "medium": _heaps("2 tas de 3 à 12 allumettes", (2, 2), 3, 12),
                "hard": _heaps("3 tas de 3 à 20 allumettes", (3, 3), 3, 20),
            },
        ),
        Family(
            "octal",
            "octal",
            "les jeux octaux : les quilles (Kayles, 0.77)",
            {
                "easy": _heaps("2 tas de 1 à 6 jetons", (2, 2), 1, 6, suffix="_0.77"),
                "medium": _heaps("2 tas de 1 à 15 jetons", (2, 2), 1, 15, suffix="_0.77"),
                "hard": _heaps("3 tas de 1 à 20 jetons", (3, 3), 1, 20, suffix="_0.77"),
            },
        ),
        Family(
            "flowers",
            "flowers",
            "le jeu des fleurs",
            {
                "easy": _flowers("une rangée de 3 à 15 fleurs, toutes debout", (3, 15), (0, 0)),
                "medium": _flowers(
                    "une rangée de 8 à 16 fleurs, dont 1 ou 2 cueillies", (8, 16), (1, 2)
                ),
                "hard": _flowers(
                    "une rangée de 14 à 24 fleurs, dont 2 à 4 cueillies", (14, 24), (2, 4)
                ),
            },
        ),
        Family(
            "chomp",
            "chomp",
            "Chomp",
            {
                "easy": _staircase("2 rangées de 1 à 6 carrés", (2, 2), 6),
                "medium": _staircase("3 rangées de 1 à 6 carrés", (3, 3), 6),
                "hard": _staircase("4 ou 5 rangées de 1 à 8 carrés", (4, 5), 8),
            },
        ),
        Family(
            "graph",
            "graph",
            "les jetons sur un graphe",
            {
                "easy": _tokens(
                    "un jeton sur le graphe du chapitre", "exemple", tuple("abcdefgh"), (1, 1)
                ),
                "medium": _tokens(
                    "2 jetons sur le graphe du chapitre", "exemple", tuple("abcdefgh"), (2, 2)
                ),
                "hard": _tokens(
                    "3 jetons sur un réseau de 12 sommets", "reseau", tuple("abcdefghij"), (3, 3)
                ),
            },
        ),
        Family(
            "pawns",
            "pawns",
            "les pions sur le damier",
            {
                "easy": _tokens("2 pions sur un damier 4×4", "4", _cells(4), (2, 2)),
                "medium": _tokens("3 pions sur un damier 5×5", "5", _cells(5), (3, 3)),
                "hard": _tokens("5 pions sur un damier 6×6", "6", _cells(6), (5, 5)),
            },
        ),
        Family(
            "sprouts",
            "sprouts",
            "le jeu des pousses",
            {
                "easy": _drawing("un dessin de 2 points, après 3 ou 4 coups", 2, (3, 4)),
                "medium": _drawing("un dessin de 2 points, après 2 ou 3 coups", 2, (2, 3)),
                "hard": _drawing("un dessin de 2 points, après 1 ou 2 coups", 2, (1, 2)),
            },
        ),
        Family(
            "ordinal",
            "ordinal",
            "le Nim infini",
            {
                "easy": _ordinal("2 tas de la forme ω·a + b (a et b de 0 à 5)", 2, 1, 5),
                "medium": _ordinal("3 tas de la forme ω·a + b (a et b de 0 à 9)", 3, 1, 9),
                "hard": _ordinal("3 tas de la forme ω²·a + ω·b + c (a, b et c de 0 à 7)", 3, 2, 7),
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
        raise NimcoreError(
            typeset(f"Niveau de fiche inconnu : {quoted(level)} ({', '.join(LEVELS)}).")
        )
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
    raise NimcoreError(
        typeset(f"Famille de jeux inconnue pour une fiche : {quoted(family)} ({known}).")
    )


def _check(family: object, seed: object, count: object) -> Family:
    chosen = read_family(family)
    for name, value, low, high in (
        ("La graine", seed, 0, 2**31 - 1),
        ("Le nombre de positions", count, 1, MAX_COUNT),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise NimcoreError(
                typeset(f"{name} d'une fiche va de {low} à {high}, pas {quoted(value)}.")
            )
    return chosen


def worksheet(family: str, level: str, seed: int, count: int = 8) -> dict[str, Any]:
    """A worksheet of *count* positions of *family* at *level*, drawn from *seed*, with answers.

    Returns JSON: ``family``, ``game`` (the registry's id), ``title``, ``level``
    (its id), ``level_name`` (in French), ``level_text`` (what the level holds,
    and every position keeps to it), ``seed``, ``rule`` (the first position's
    rule), the ``exercises`` (``number``, ``code``, ``describe``, ``rule``,
    ``picture``: the position drawn, :mod:`nimcore.pictures`) and the
    ``answers`` (``number``, ``outcome``, ``verdict`` — for the first player,
    as a printed key says it —, ``move`` — its words, or None —, ``sentences``
    and ``tables``: the reason, a pupil can check it; ``link``: None, or the
    board to open when no short reason exists, :func:`answer`).

    Raises :class:`NimcoreError` (in French) for an unknown family or level,
    or a seed or count out of range.
    """
    chosen = _check(family, seed, count)
    level = read_level(level)
    game = games.get(chosen.game)
    drawn = chosen.levels[level]
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
        position, options = game.decode(drawn.draw(chance))
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
            # P-positions can be rare at random: the winning move of an N-position reaches
            # one, kept when it still holds to the level's words (no empty heap in « 1 à 12 »).
            reached = analysis.recommended.to
            code = game.encode(reached, options)
            if code not in codes and drawn.fits(reached):
                after = game.analyse(reached, options)
                if not after.terminal:
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
                "picture": pictures.draw(game, position, options),
            }
        )
        answers.append({"number": number, **answer(game, code, position, options, analysis)})
    return {
        "family": chosen.id,
        "game": game.id,
        "title": chosen.title,
        "level": level,
        "level_name": LEVEL_NAMES[level],
        "level_text": drawn.text,
        "seed": seed,
        "rule": exercises[0]["rule"] if exercises else "",
        "question": QUESTION,
        "exercises": exercises,
        "answers": answers,
    }


def verdict(analysis: base.Analysis) -> str:
    """The verdict of a printed key: said for the first player (the one to move), never « vous ».

    >>> from nimcore import games
    >>> nim = games.get("nim")
    >>> print(verdict(nim.analyse((1, 2), nim.read_options({}))))
    Position gagnante pour le premier joueur : retirer 1 allumette du tas 2 (2 → 1).
    """
    best = analysis.recommended
    if analysis.outcome == "N" and best is not None:
        return typeset(f"Position gagnante pour le premier joueur : {best.text}.")
    return typeset(
        "Position perdante pour le premier joueur : aucun coup ne gagne contre un adversaire parfait."
    )


def answer(
    game: base.Game[Any, Any], code: str, position: Any, options: Any, analysis: base.Analysis
) -> dict[str, Any]:
    """The answer to one exercise: verdict, winning move, and a reason a pupil can check.

    The reason is the hint's (the nim-sum table, the Wythoff pair and its index
    ⌊kφ⌋, the Zeckendorf writing…), except for Chomp, whose hint may only say
    where its answer was read: there, :func:`chomp_reason` answers every reply.
    """
    shown = base.hint(game, analysis, options)
    reason: dict[str, Any] = {
        "sentences": shown["sentences"],
        "tables": shown["tables"],
        "link": None,
    }
    if game.id == "chomp":
        reason = chomp_reason(game, code, position, options, analysis)
    return {
        "outcome": analysis.outcome,
        "verdict": verdict(analysis),
        "move": None if shown["move"] is None else shown["move"]["text"],
        **reason,
    }


#: Most replies a Chomp answer lists in its table; beyond, it says there is no short reason.
MAX_REPLIES = 24
#: Sentences of Chomp's hint that say where its answer was read, not why it holds.
_CHOMP_SOURCES = ("table précalculée", "recherche exhaustive", "table des positions perdantes")


def _square(move: Any) -> str:
    return f"ligne {move.row + 1}, colonne {move.column + 1}"


def chomp_reason(
    game: base.Game[Any, Any], code: str, position: Any, options: Any, analysis: base.Analysis
) -> dict[str, Any]:
    """Chomp's reason: after the winning bite (or from a losing bar), each bite of the
    opponent and the bite that answers it, so that a pupil can check every line.

    When there are more than :data:`MAX_REPLIES` bites to answer, no short reason
    exists: the answer says so, and gives the board to open the position on.

    >>> from nimcore import games
    >>> chomp = games.get("chomp")
    >>> reason = chomp_reason(chomp, "3-2", (3, 2), {}, chomp.analyse((3, 2), {}))
    >>> reason["tables"][0]["kind"], len(reason["tables"][0]["body"])
    ('chomp-replies', 4)
    """
    sentences = [
        sentence
        for sentence in (*game.hint_notes(analysis, options), *analysis.explanation)
        if not any(source in sentence for source in _CHOMP_SOURCES)
    ]
    best = analysis.recommended
    losing = position if best is None else best.to
    if best is not None and game.terminal(losing, options):
        sentences.append(
            f"Croquer le carré {_square(best)} ne laisse que le carré empoisonné :"
            " l'adversaire doit le manger."
        )
        return {"sentences": [typeset(s) for s in sentences], "tables": [], "link": None}
    replies = list(game.moves(losing, options))
    if len(replies) > MAX_REPLIES:
        where = "après cette bouchée, l'adversaire" if best is not None else "le premier joueur"
        sentences.append(
            f"Pas de raison courte ici : {where} a {len(replies)} bouchées possibles, et chacune"
            " a sa parade ; on les vérifie en jouant la position sur son plateau."
        )
        link = {
            "game": game.id,
            "code": code,
            "text": typeset("Ouvrir cette tablette sur son plateau"),
        }
        return {"sentences": [typeset(s) for s in sentences], "tables": [], "link": link}
    rows = []
    for reply in replies:
        parry = game.analyse(reply.to, options).recommended
        rows.append([_square(reply), "—" if parry is None else _square(parry)])
    if best is not None:
        sentences.append(
            f"Après la bouchée {_square(best)}, chaque bouchée de l'adversaire a sa parade,"
            " qui lui laisse de nouveau une tablette perdante (tableau) ; on continue ainsi"
            " jusqu'à ce qu'il n'ait plus que le carré empoisonné."
        )
        caption = "Les réponses de l'adversaire après la bouchée gagnante, et leurs parades"
    else:
        sentences.append(
            "Chaque bouchée possible a une parade qui laisse à son tour une tablette perdante"
            " (tableau) : quoi que croque le premier joueur, l'adversaire gagne."
        )
        caption = "Chaque bouchée du premier joueur, et la parade de l'adversaire"
    return {
        "sentences": [typeset(s) for s in sentences],
        "tables": [
            base.table(
                kind="chomp-replies",
                caption=caption,
                head=[["Bouchée", "Parade"]],
                body=rows,
            )
        ],
        "link": None,
    }


#: What each exercise asks.
QUESTION = typeset(
    "Pour chaque position, dites si le joueur qui doit jouer peut gagner à coup sûr ;"
    " si oui, donnez un coup gagnant et expliquez pourquoi il gagne."
)


#: The largest draw number the page accepts as typed (nimcore accepts up to 2**31 − 1).
MAX_TYPED_SEED = 999_999_999

#: Every sentence of the worksheet page, for fiche.js (which fills in each ``{name}``).
_PAGE_TEXTS = {
    "sheet_new": "Nouvelle fiche",
    "sheet_other": "Autre tirage",
    "sheet_choose": "Choisir la fiche",
    "sheet_family": "Jeu :",
    "sheet_level": "Niveau :",
    "sheet_draw": "Tirage n° :",
    "questions_title": "Fiche d’exercices",
    "answers_title": "Corrigé",
    "heading": "{part} — {title}",
    "meta": "Niveau {level} : {level_text}. Tirage n° {seed}.",
    "name_line": "Nom : ……………………………… Classe : ………… Date : …………",
    "rule": "Règle.",
    "table_context": "position {number}",
    "bad_seed": (
        f"Fiche non faite : « {{typed}} » n’est pas un numéro de tirage (de 0 à {MAX_TYPED_SEED})."
    ),
    "refused": "Fiche non faite : {message}",
    "waiting": "La fiche sera faite dès que le moteur sera prêt…",
    "made": "Nouvelle fiche : {title}, niveau {level}, tirage n° {seed}.",
}


def page_texts() -> dict[str, Any]:
    """The worksheet page's sentences (typeset) and the largest draw number typed, for fiche.js.

    >>> page_texts()["texts"]["made"]
    'Nouvelle fiche\xa0: {title}, niveau {level}, tirage n°\xa0{seed}.'
    """
    return {
        "texts": {name: typeset(text) for name, text in _PAGE_TEXTS.items()},
        "max_seed": MAX_TYPED_SEED,
    }


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
                level: {"name": LEVEL_NAMES[level], "text": drawn.text}
                for level, drawn in family.levels.items()
            },
        }
        for family in FAMILIES.values()
    ]
