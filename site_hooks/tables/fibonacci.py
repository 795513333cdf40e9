"""Placeholders of the Fibonacci Nim chapter: Fibonacci numbers, Zeckendorf writings,
the P-positions, the replies and worked games.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from collections.abc import Sequence

from nimcore import fibonacci, games
from nimcore.numeration import fibonacci_numbers, zeckendorf, zeckendorf_digits
from site_hooks.svg import figure, grid
from site_hooks.tables import (
    MacroError,
    bounded,
    bullets,
    escape,
    html_table,
    integer,
    integers,
    macro,
)


def _sum(terms: Sequence[int]) -> str:
    """'21 + 3' (a single term alone; '0' for the empty sum)."""
    return " + ".join(str(term) for term in terms) if terms else "0"


def _word(digits: Sequence[int]) -> str:
    return "".join(str(digit) for digit in digits)


def _chunks(values: Sequence[object], size: int) -> list[Sequence[object]]:
    return [values[start : start + size] for start in range(0, len(values), size)]


@macro("fibonacci-numbers")
def fibonacci_numbers_table(count: str) -> str:
    """The Fibonacci numbers F(0), …, F(count − 1), as a two-line table.

    ``<!-- nimcore:fibonacci-numbers count=20 -->``
    """
    wanted = bounded(integer(count, "count"), "count", 3, 60)
    # nimcore lists F(2), F(3), … = 1, 2, 3, 5, …; F(0) = 0 and F(1) = 1 come first.
    numbers: list[int] = [0, 1]
    limit = 1
    while len(numbers) < wanted:
        limit *= 2
        numbers = [0, 1, *fibonacci_numbers(limit)]
    numbers = numbers[:wanted]
    tables = []
    for start, block in zip(range(0, wanted, 10), _chunks(numbers, 10), strict=True):
        indices = list(range(start, start + len(block)))
        tables.append(
            html_table(
                ["k", *indices],
                [["F(k)", *block]],
                css_class="nimcore-table fibonacci-numbers",
            )
        )
    caption = f"Les {wanted} premiers nombres de Fibonacci, de F(0) à F({wanted - 1})."
    return "\n".join(tables) + f'\n<p class="nimcore-note">{escape(caption)}</p>'


@macro("zeckendorf-writings")
def zeckendorf_writings(numbers: str) -> str:
    """Zeckendorf writing, word and smallest term of a few numbers.

    ``<!-- nimcore:zeckendorf-writings numbers=24,30,74,100 -->``
    """
    values = integers(numbers, "numbers")
    if not values:
        raise MacroError("numbers= is empty")
    rows = []
    for value in values:
        terms = zeckendorf(value)
        smallest = terms[-1] if terms else 0
        rows.append([value, _sum(terms), _word(zeckendorf_digits(value)), smallest])
    return html_table(
        ["n", "écriture de Zeckendorf", "mot de Zeckendorf", "plus petit terme"],
        rows,
        caption="Quelques écritures de Zeckendorf",
        css_class="nimcore-table zeckendorf",
    )


@macro("fibonacci-p-table")
def fibonacci_p_table(limit: str) -> str:
    """For n = 2 … limit: Zeckendorf writing, smallest term z and the P-positions (n, p), p < z.

    A game starts from at least 2 tokens (the first move may not take them all), so the
    table starts at 2.

    ``<!-- nimcore:fibonacci-p-table limit=40 -->``
    """
    bound = bounded(integer(limit, "limit"), "limit", 2, 200)
    table_rows = fibonacci.p_position_table(bound)
    rows: list[list[object]] = []
    fibonacci_rows = set()
    for row in table_rows:
        if row.tokens < 2:
            continue
        smallest = row.smallest_term
        if smallest == 1:
            losing = "aucune"
        elif smallest == 2:
            losing = "p = 1"
        else:
            losing = f"p ≤ {smallest - 1}"
        is_fibonacci = len(row.zeckendorf) == 1
        if is_fibonacci:
            fibonacci_rows.add(len(rows))
        start = "perdant" if is_fibonacci else "gagnant"
        rows.append([row.tokens, _sum(row.zeckendorf), smallest, losing, start])
    return html_table(
        ["n", "écriture de Zeckendorf", "plus petit terme z(n)", "positions P (n, p)", "au départ"],
        rows,
        caption=(
            f"Fibonacci-Nim, tas de 2 à {bound} jetons : la position (n, p) est perdante"
            " exactement quand p < z(n)"
        ),
        css_class="nimcore-table fibonacci-p",
        cell_classes=lambda row, column: "is-p" if row in fibonacci_rows and column == 4 else "",
    )


@macro("fibonacci-grid")
def fibonacci_grid(tokens: str, limit: str) -> str:
    """The positions (n, p), 1 ≤ n ≤ tokens and 1 ≤ p ≤ limit, P-positions highlighted.

    ``<!-- nimcore:fibonacci-grid tokens=34 limit=13 -->``
    """
    width = bounded(integer(tokens, "tokens"), "tokens", 2, 60)
    height = bounded(integer(limit, "limit"), "limit", 1, 40)

    def position(row: int, column: int) -> tuple[int, int]:
        return column + 1, height - row  # p grows upwards

    def css(row: int, column: int) -> str:
        n, p = position(row, column)
        if p > n:
            return ""
        return "fig-p" if fibonacci.is_p_position([n, p]) else "fig-n"

    svg = grid(
        height,
        width,
        label=lambda row, column: "",
        css_class=css,
        cell=16,
        title="Positions perdantes de Fibonacci-Nim",
        description=(
            f"Quadrillage des positions (n, p) pour n de 1 à {width} en colonnes et p de 1 à"
            f" {height} de bas en haut. Les cases vertes sont les positions perdantes : dans"
            " chaque colonne n, ce sont les cases situées sous le plus petit terme de"
            " l'écriture de Zeckendorf de n. Les cases vides (p > n) ne sont pas des"
            " positions du jeu."
        ),
        row_labels=[str(height - row) for row in range(height)],
        column_labels=[str(column + 1) for column in range(width)],
    )
    return figure(
        svg,
        f"En colonne le nombre n de jetons (1 à {width}), en ligne la limite p (1 à {height},"
        " de bas en haut). Vert : position perdante (P) ; rouge pâle : gagnante (N) ;"
        " vide : p > n.",
    )


@macro("fibonacci-replies")
def fibonacci_replies(tokens: str, limit: str) -> str:
    """Every move from the P-position (tokens, limit) and the winning answer to it.

    ``<!-- nimcore:fibonacci-replies tokens=21 limit=6 -->``
    """
    position = (integer(tokens, "tokens"), integer(limit, "limit"))
    if not fibonacci.is_p_position(position):
        raise MacroError(f"({tokens}, {limit}) is not a P-position")
    rows: list[list[int | str]] = []
    for move in fibonacci.moves(position):
        rest, allowed = move.to
        answer = games.perfect_move("fibonacci", move.to)
        assert isinstance(answer, fibonacci.FibonacciMove)
        rows.append(
            [
                move.take,
                rest,
                _sum(zeckendorf(rest)),
                allowed,
                answer.take,
                answer.to[0],
            ]
        )
    rows.sort(key=lambda row: -int(row[0]))
    return html_table(
        [
            "l'adversaire retire",
            "il reste",
            "écriture de Zeckendorf",
            "vous pouvez prendre jusqu'à",
            "vous retirez",
            "il reste alors",
        ],
        rows,
        caption=(
            f"Toutes les réponses possibles depuis ({position[0]}, {position[1]}),"
            " et le coup gagnant qui suit chacune"
        ),
        css_class="nimcore-table fibonacci-replies",
    )


@macro("fibonacci-game")
def fibonacci_game(start: str, replies: str) -> str:
    """A whole game: the winner takes nimcore's move, the opponent plays the given *replies*.

    ``<!-- nimcore:fibonacci-game start=24 replies=1,2,4,1,1,1 -->``
    """
    position = fibonacci.start_position(integer(start, "start"))
    answers = integers(replies, "replies")
    if fibonacci.is_p_position(position):
        raise MacroError(f"the game from {start} is lost for the first player")
    rows: list[list[object]] = []
    winner_rows = set()
    turn = 1
    pending = list(answers)
    while position[1] > 0:
        mover_is_winner = turn % 2 == 1
        if mover_is_winner:
            best = games.perfect_move("fibonacci", position)
            assert isinstance(best, fibonacci.FibonacciMove)
            take = best.take
        else:
            if not pending:
                raise MacroError(f"replies= runs out at move {turn}, position {position}")
            take = pending.pop(0)
        after = fibonacci.play(position, take)
        terms = zeckendorf(after[0])
        if mover_is_winner:
            winner_rows.add(len(rows))
        rows.append(
            [
                turn,
                "vous" if mover_is_winner else "l'adversaire",
                f"{take} (sur {position[1]} permis)",
                after[0],
                _sum(terms) if terms else "—",
                after[1],
            ]
        )
        position = after
        turn += 1
    if pending:
        raise MacroError(f"replies= has {len(pending)} move(s) too many")
    return html_table(
        [
            "coup",
            "joueur",
            "retire",
            "il reste",
            "écriture de Zeckendorf",
            "l'autre peut prendre",
        ],
        rows,
        caption=(
            f"Une partie depuis {start} jetons : vos coups (en vert) suivent la stratégie"
            " de Zeckendorf, l'adversaire joue ce qu'il veut"
        ),
        css_class="nimcore-table fibonacci-game",
        cell_classes=lambda row, column: "is-p" if row in winner_rows and column == 3 else "",
    )


@macro("fibonacci-hint")
def fibonacci_hint(tokens: str, limit: str) -> str:
    """nimcore's explanation of a position (the hint of a board), as a list of sentences.

    ``<!-- nimcore:fibonacci-hint tokens=74 limit=14 -->``
    """
    analysis = fibonacci.analyse([integer(tokens, "tokens"), integer(limit, "limit")])
    takes = ", ".join(str(move.take) for move in analysis.winning_moves) or "aucun"
    note = f"Coups gagnants (nombre de jetons à retirer) : {takes}."
    return bullets(analysis.explanation) + f'\n<p class="nimcore-note">{escape(note)}</p>'
