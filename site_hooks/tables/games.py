"""Placeholders of the chapters on Fibonacci Nim, Wythoff, the open games and infinite Nim.

Every number shown comes from nimcore; this module only lays it out (HTML
tables, SVG figures). Placeholders, one per line in the pages::

    <!-- nimcore:fibonacci-numbers count=20 -->
    <!-- nimcore:zeckendorf-writings numbers=24,30,74,100 -->
    <!-- nimcore:fibonacci-p-table limit=40 -->
    <!-- nimcore:fibonacci-grid tokens=34 limit=13 -->
    <!-- nimcore:fibonacci-replies tokens=21 limit=6 -->
    <!-- nimcore:fibonacci-game start=24 replies=1,2,4,1,1,1 -->
    <!-- nimcore:fibonacci-hint tokens=74 limit=14 -->
    <!-- nimcore:wythoff-sieve size=21 -->
    <!-- nimcore:wythoff-grundy size=10 -->
    <!-- nimcore:wythoff-p-positions count=26 -->
    <!-- nimcore:wythoff-hint heaps=17,25 -->
    <!-- nimcore:wythoff-float indices=102334155,1000000000000000000000000000000 -->
    <!-- nimcore:ordinal-nim heaps=w^2+3,w*2+5,7 -->
    <!-- nimcore:chomp-rectangles rows=10 columns=10 -->
    <!-- nimcore:chomp-bar rows=5,5,5,5,5 bite=2,2 -->
    <!-- nimcore:grundy-game-values count=60 -->
    <!-- nimcore:grundy-game-plot count=200 -->
    <!-- nimcore:grundy-game-known exponents=10,12,14,16 -->
    <!-- nimcore:octal-values code=0.137 count=60 -->
    <!-- nimcore:octal-plot code=0.137 count=200 -->
    <!-- nimcore:octal-period code=0.137 -->
    <!-- nimcore:flowers-first-moves flowers=10 -->
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nimcore import chomp, fibonacci, grundy, octal, ordinal, wythoff
from nimcore.french import grouped
from nimcore.nimsum import nim_sum
from nimcore.numeration import beatty_lower, fibonacci_numbers, zeckendorf, zeckendorf_digits
from site_hooks.svg import bar_plot, figure, grid
from site_hooks.tables import MacroError, escape, html_table, integer, integers, macro

# --- shared helpers ------------------------------------------------------------------


def _sum(terms: Sequence[int]) -> str:
    """'21 + 3' (a single term alone; '0' for the empty sum)."""
    return " + ".join(str(term) for term in terms) if terms else "0"


def _word(digits: Sequence[int]) -> str:
    return "".join(str(digit) for digit in digits)


def _chunks(values: Sequence[object], size: int) -> list[Sequence[object]]:
    return [values[start : start + size] for start in range(0, len(values), size)]


def _bullets(sentences: Sequence[str], css_class: str = "nimcore-hint") -> str:
    items = "".join(f"<li>{escape(sentence)}</li>" for sentence in sentences)
    return f'<ul class="{escape(css_class)}">{items}</ul>'


def _sized(svg: str, width: float) -> str:
    """Give an inline SVG a natural width (CSS still shrinks it on narrow screens)."""
    return svg.replace("<svg ", f'<svg width="{width:g}" ', 1)


def _bounded(value: int, name: str, low: int, high: int) -> int:
    if not low <= value <= high:
        raise MacroError(f"{name}={value} must lie between {low} and {high}")
    return value


# --- Fibonacci Nim -------------------------------------------------------------------


@macro("fibonacci-numbers")
def fibonacci_numbers_table(count: str) -> str:
    """The Fibonacci numbers F(0), …, F(count − 1), as a two-line table.

    ``<!-- nimcore:fibonacci-numbers count=20 -->``
    """
    wanted = _bounded(integer(count, "count"), "count", 3, 60)
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
        caption="Quelques écritures de Zeckendorf (calculées par nimcore)",
        css_class="nimcore-table zeckendorf",
    )


@macro("fibonacci-p-table")
def fibonacci_p_table(limit: str) -> str:
    """For n = 1 … limit: Zeckendorf writing, smallest term z and the P-positions (n, p), p < z.

    ``<!-- nimcore:fibonacci-p-table limit=40 -->``
    """
    bound = _bounded(integer(limit, "limit"), "limit", 1, 200)
    table_rows = fibonacci.p_position_table(bound)
    rows = []
    fibonacci_rows = set()
    for index, row in enumerate(table_rows):
        smallest = row.smallest_term
        if smallest == 1:
            losing = "aucune"
        elif smallest == 2:
            losing = "p = 1"
        else:
            losing = f"p ≤ {smallest - 1}"
        is_fibonacci = len(row.zeckendorf) == 1
        if is_fibonacci:
            fibonacci_rows.add(index)
        start = "perdant" if is_fibonacci else "gagnant"
        rows.append([row.tokens, _sum(row.zeckendorf), smallest, losing, start])
    return html_table(
        ["n", "écriture de Zeckendorf", "plus petit terme z(n)", "positions P (n, p)", "au départ"],
        rows,
        caption=(
            f"Fibonacci-Nim, tas de 1 à {bound} jetons : la position (n, p) est perdante"
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
    width = _bounded(integer(tokens, "tokens"), "tokens", 2, 60)
    height = _bounded(integer(limit, "limit"), "limit", 1, 40)

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
        answer = fibonacci.computer_move(move.to)
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
            take = fibonacci.computer_move(position).take
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
    return _bullets(analysis.explanation) + f'\n<p class="nimcore-note">{escape(note)}</p>'


# --- Wythoff's game ------------------------------------------------------------------


@macro("wythoff-sieve")
def wythoff_sieve(size: str) -> str:
    """The lattice of positions (a, b), 0 ≤ a, b < size, P-positions highlighted.

    ``<!-- nimcore:wythoff-sieve size=21 -->``
    """
    side = _bounded(integer(size, "size"), "size", 2, 40)

    def css(row: int, column: int) -> str:
        a, b = column, side - 1 - row  # heap 2 grows upwards
        return "fig-p" if wythoff.is_p_position([a, b]) else ""

    def label(row: int, column: int) -> str:
        a, b = column, side - 1 - row
        return "P" if wythoff.is_p_position([a, b]) else ""

    svg = grid(
        side,
        side,
        label=label,
        css_class=css,
        cell=18,
        title="Le crible du jeu de Wythoff",
        description=(
            f"Quadrillage des positions (a, b) pour a et b de 0 à {side - 1} : a en abscisse,"
            " b en ordonnée, (0, 0) en bas à gauche. Les cases marquées P sont les positions"
            " perdantes ; elles s'alignent le long de deux droites de pentes φ et 1/φ, et"
            " chaque ligne, chaque colonne et chaque diagonale en contient au plus une."
        ),
        row_labels=[str(side - 1 - row) for row in range(side)],
        column_labels=[str(column) for column in range(side)],
    )
    return figure(
        svg,
        f"Les positions perdantes (P) du jeu de Wythoff pour des tas de 0 à {side - 1} :"
        " tas 1 en abscisse, tas 2 en ordonnée.",
    )


@macro("wythoff-grundy")
def wythoff_grundy(size: str) -> str:
    """The Grundy values g(a, b), 0 ≤ a, b < size, zeros highlighted.

    ``<!-- nimcore:wythoff-grundy size=10 -->``
    """
    side = _bounded(integer(size, "size"), "size", 2, 20)
    values = wythoff.grundy_table(side)
    rows = [[f"a = {a}", *values[a]] for a in range(side)]
    return html_table(
        ["", *(f"b = {b}" for b in range(side))],
        rows,
        caption=(
            f"Valeurs de Grundy g(a, b) du jeu de Wythoff, 0 ≤ a, b ≤ {side - 1}"
            " (les zéros sont les positions P)"
        ),
        css_class="nimcore-table wythoff-grundy",
        cell_classes=lambda row, column: "is-p" if column and values[row][column - 1] == 0 else "",
    )


@macro("wythoff-p-positions")
def wythoff_p_positions(count: str) -> str:
    """The first P-positions (⌊kφ⌋, ⌊kφ²⌋), k = 0 … count − 1, in blocks of 13 columns.

    ``<!-- nimcore:wythoff-p-positions count=26 -->``
    """
    wanted = _bounded(integer(count, "count"), "count", 1, 200)
    pairs = wythoff.p_positions(wanted)
    tables = []
    for start in range(0, wanted, 13):
        block = pairs[start : start + 13]
        indices = list(range(start, start + len(block)))
        tables.append(
            html_table(
                ["k", *indices],
                [
                    ["⌊kφ⌋", *(low for low, _ in block)],
                    ["⌊kφ²⌋", *(high for _, high in block)],
                ],
                css_class="nimcore-table wythoff-pairs",
            )
        )
    caption = (
        f"Les {wanted} premières positions perdantes (⌊kφ⌋, ⌊kφ²⌋) du jeu de Wythoff ;"
        " leurs symétriques (⌊kφ²⌋, ⌊kφ⌋) sont perdantes aussi."
    )
    return "\n".join(tables) + f'\n<p class="nimcore-note">{escape(caption)}</p>'


@macro("wythoff-hint")
def wythoff_hint(heaps: str) -> str:
    """nimcore's analysis of a Wythoff position: Beatty indices, every winning move, explanation.

    ``<!-- nimcore:wythoff-hint heaps=17,25 -->``
    """
    values = integers(heaps, "heaps")
    analysis = wythoff.analyse(values)
    rows = []
    for index, (heap, (k, side), other) in enumerate(
        zip(analysis.heaps, analysis.heap_indices, analysis.partners, strict=True), start=1
    ):
        formula = f"⌊{grouped(k)}φ⌋" if side == "lower" else f"⌊{grouped(k)}φ²⌋"
        rows.append([f"tas {index}", grouped(heap), formula if heap else "0", grouped(other)])
    table = html_table(
        ["", "nombre de jetons", "s'écrit", "son partenaire"],
        rows,
        caption=f"La position ({', '.join(grouped(heap) for heap in analysis.heaps)})",
        css_class="nimcore-table wythoff-hint",
    )
    low, high = analysis.difference_pair
    moves = [
        f"écart {grouped(analysis.difference)} : la paire de cet écart est"
        f" ({grouped(low)}, {grouped(high)})"
    ]
    if analysis.winning_moves:
        for move in analysis.winning_moves:
            moves.append("coup gagnant : " + move.text)
    else:
        moves.append("aucun coup gagnant : la position est perdante")
    return table + "\n" + _bullets(moves)


@macro("wythoff-float")
def wythoff_float(indices: str) -> str:
    """⌊kφ⌋ computed exactly by nimcore, beside what a floating-point φ gives.

    ``<!-- nimcore:wythoff-float indices=102334155,1000000000000000000000000000000 -->``

    The floating-point column is the error to avoid, shown on purpose: it is the
    naive ``int(k * 1.618…)`` of a program that trusts ``float``.
    """
    golden_float = (1 + 5**0.5) / 2
    rows = []
    wrong = set()
    for row, k in enumerate(integers(indices, "indices")):
        exact = beatty_lower(k)
        naive = int(k * golden_float)
        if naive != exact:
            wrong.add(row)
        rows.append(
            [grouped(k), grouped(exact), grouped(naive), "juste" if naive == exact else "faux"]
        )
    return html_table(
        ["k", "⌊kφ⌋ exact (entiers, isqrt)", "int(k × φ) en virgule flottante", "flottant"],
        rows,
        caption="Le calcul de ⌊kφ⌋ : en entiers exacts, et avec un φ à virgule flottante",
        css_class="nimcore-table wythoff-float",
        cell_classes=lambda row, column: "is-odd" if row in wrong and column == 2 else "",
    )


# --- Nim with ordinal heaps ----------------------------------------------------------


_SUPERSCRIPT_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _omega_power(exponent: int) -> str:
    if exponent == 0:
        return "entiers (ω⁰)"
    return "ω" if exponent == 1 else f"ω{str(exponent).translate(_SUPERSCRIPT_DIGITS)}"


@macro("ordinal-nim")
def ordinal_nim(heaps: str) -> str:
    """Ordinal heaps: coefficients exponent by exponent, their nim-sums, the winning moves.

    ``<!-- nimcore:ordinal-nim heaps=w^2+3,w*2+5,7 -->`` (heaps in nimcore's ASCII writing)
    """
    written = [part for part in heaps.split(",") if part]
    if not written:
        raise MacroError("heaps= is empty")
    analysis = ordinal.analyse(written)
    header = ["tas", *(_omega_power(exponent) for exponent in analysis.exponents)]
    rows: list[list[object]] = [
        [heap.superscript, *row] for heap, row in zip(analysis.heaps, analysis.rows, strict=True)
    ]
    rows.append(["somme de Nim", *analysis.column_sums])
    last = len(rows) - 1
    nonzero = [value != 0 for value in analysis.column_sums]
    table = html_table(
        header,
        rows,
        caption=(
            "La position ("
            + ", ".join(heap.superscript for heap in analysis.heaps)
            + ") : coefficients de chaque puissance de ω"
        ),
        css_class="nimcore-table ordinal-nim",
        cell_classes=lambda row, column: (
            "is-odd" if column and row == last and nonzero[column - 1] else ""
        ),
    )
    if analysis.outcome == "P":
        lines = ["Toutes les colonnes ont une somme de Nim nulle : position perdante (P)."]
    else:
        lines = [
            f"Somme de Nim : {analysis.nim_sum.superscript}, non nulle : position gagnante (N)."
        ]
        for move in analysis.winning_moves:
            lines.append(
                f"Coup gagnant : remplacer le tas {move.heap + 1} ({move.before.superscript})"
                f" par {move.after.superscript}."
            )
    return table + "\n" + _bullets(lines)


# --- Chomp ---------------------------------------------------------------------------


@macro("chomp-rectangles")
def chomp_rectangles(rows: str, columns: str) -> str:
    """The winning first bites of every m × n rectangle, m ≤ rows, n ≤ columns.

    ``<!-- nimcore:chomp-rectangles rows=10 columns=10 -->`` — bites as (line, column)
    counted from 1, the poisoned square being (1, 1).
    """
    height = _bounded(integer(rows, "rows"), "rows", 1, chomp.TABLE_SIZE)
    width = _bounded(integer(columns, "columns"), "columns", 1, chomp.TABLE_SIZE)
    table_rows = []
    several: set[tuple[int, int]] = set()
    for m in range(1, height + 1):
        cells: list[object] = [f"{m} ligne" + ("s" if m > 1 else "")]
        for n in range(1, width + 1):
            bites = chomp.winning_moves([n] * m)
            if not bites:
                cells.append("—")
                continue
            if len(bites) > 1:
                several.add((m - 1, n))
            cells.append(" ou ".join(f"({bite.row + 1}, {bite.column + 1})" for bite in bites))
        table_rows.append(cells)
    return html_table(
        ["", *(f"{n} col." for n in range(1, width + 1))],
        table_rows,
        caption=(
            "Premiers coups gagnants au Chomp sur un rectangle : le carré (ligne, colonne)"
            " à croquer, le carré empoisonné étant (1, 1) en bas à gauche"
        ),
        css_class="nimcore-table chomp-rectangles",
        cell_classes=lambda row, column: "is-odd" if (row, column) in several else "",
    )


@macro("chomp-bar")
def chomp_bar(rows: str, bite: str = "") -> str:
    """A chocolate bar (row lengths from the poisoned row up), with an optional bite shown.

    ``<!-- nimcore:chomp-bar rows=5,5,5,5,5 bite=2,2 -->`` — the bite is (line, column)
    counted from 1; the figure shows the squares it eats and the bar it leaves.
    """
    lengths = chomp.validate_rows(integers(rows, "rows"))
    height, width = len(lengths), max(lengths)
    eaten: set[tuple[int, int]] = set()
    where: tuple[int, int] | None = None
    if bite:
        line, column = integers(bite, "bite")
        after = chomp.play(lengths, line - 1, column - 1)
        where = (line - 1, column - 1)
        for row, length in enumerate(lengths):
            kept = after[row] if row < len(after) else 0
            eaten.update((row, col) for col in range(kept, length))

    def square(grid_row: int, column: int) -> tuple[int, int]:
        return height - 1 - grid_row, column  # the poisoned row at the bottom

    def css(grid_row: int, column: int) -> str:
        row, col = square(grid_row, column)
        if col >= lengths[row]:
            return ""
        if (row, col) == (0, 0):
            return "fig-accent"
        if (row, col) == where:
            return "fig-n"
        if (row, col) in eaten:
            return "fig-block-1"
        return "fig-block-0"

    def label(grid_row: int, column: int) -> str:
        row, col = square(grid_row, column)
        if col >= lengths[row]:
            return ""
        if (row, col) == (0, 0):
            return "☠"
        if (row, col) == where:
            return "●"
        return "×" if (row, col) in eaten else ""

    shape = ", ".join(str(length) for length in lengths)
    if where is None:
        description = (
            f"Tablette de chocolat de {height} rangées de longueurs {shape} (de bas en haut) ;"
            " le carré empoisonné, marqué d'une tête de mort, est en bas à gauche."
        )
        caption = f"Tablette aux rangées {shape} (de bas en haut) ; ☠ : carré empoisonné."
    else:
        after_shape = ", ".join(str(length) for length in chomp.play(lengths, *where))
        description = (
            f"Tablette de {height} rangées de longueurs {shape} (de bas en haut). Le joueur"
            f" croque le carré ligne {where[0] + 1}, colonne {where[1] + 1}, marqué d'un point ;"
            " les carrés marqués d'une croix, au-dessus et à droite, sont mangés avec lui."
            f" Il reste les rangées {after_shape}. Le carré empoisonné est en bas à gauche."
        )
        caption = (
            f"Croquer le carré ({where[0] + 1}, {where[1] + 1}) (●) mange aussi les carrés ×"
            f" ; il reste les rangées {after_shape}. ☠ : carré empoisonné."
        )
    svg = grid(
        height,
        width,
        label=label,
        css_class=css,
        cell=26,
        title="Une tablette de Chomp",
        description=description,
    )
    return figure(_sized(svg, 34 * width), caption)


# --- Grundy's game and octal games (the flowers game) -------------------------------


def _zeros_marked(block: list[int]) -> Callable[[int, int], str]:
    """The classes of a row of values: "is-p" on each 0 (the first column is the row's label)."""
    return lambda row, column: "is-p" if column and block[column - 1] == 0 else ""


def _values_table(values: Sequence[int], label: str, caption: str, first: int = 0) -> str:
    """Values g(first), g(first + 1), … in blocks of 20 columns, zeros highlighted."""
    tables = []
    for start in range(0, len(values), 20):
        block = list(values[start : start + 20])
        tables.append(
            html_table(
                ["n", *range(first + start, first + start + len(block))],
                [[label, *block]],
                css_class="nimcore-table grundy-values",
                cell_classes=_zeros_marked(block),
            )
        )
    return "\n".join(tables) + f'\n<p class="nimcore-note">{escape(caption)}</p>'


def _values_plot(values: Sequence[int], title: str, description: str, caption: str) -> str:
    svg = bar_plot(values, title=title, description=description, x_label="n", y_label="valeur")
    return figure(svg, caption)


@macro("grundy-game-values")
def grundy_game_values(count: str) -> str:
    """The first values G(0), … of Grundy's game.

    ``<!-- nimcore:grundy-game-values count=60 -->``
    """
    wanted = _bounded(integer(count, "count"), "count", 1, 400)
    values = list(grundy.grundy_values(wanted))
    return _values_table(
        values,
        "g(n)",
        f"Valeurs de Grundy g(n) d'un tas de n allumettes au jeu de Grundy, n de 0 à"
        f" {wanted - 1} ; en vert, les tas perdants (g(n) = 0).",
    )


@macro("grundy-game-plot")
def grundy_game_plot(count: str) -> str:
    """Bar plot of G(0), …, G(count − 1) for Grundy's game.

    ``<!-- nimcore:grundy-game-plot count=200 -->``
    """
    wanted = _bounded(integer(count, "count"), "count", 2, 2000)
    values = list(grundy.grundy_values(wanted))
    top = max(values)
    return _values_plot(
        values,
        "Valeurs de Grundy du jeu de Grundy",
        f"Diagramme en bâtons des valeurs g(n) du jeu de Grundy pour n de 0 à {wanted - 1} :"
        f" elles croissent lentement et irrégulièrement, jusqu'à {top} ; les tas de valeur 0"
        " deviennent rares.",
        f"Les valeurs g(n) du jeu de Grundy, n de 0 à {wanted - 1} (hauteur maximale : {top}).",
    )


@macro("grundy-game-known")
def grundy_game_known(exponents: str = "10,12,14,16") -> str:
    """Grundy's game far out: for heaps below 2^e, the largest value and the losing heaps.

    ``<!-- nimcore:grundy-game-known exponents=10,12,14,16 -->`` — about 3 s of
    computation for 2^16 at build time.
    """
    wanted = integers(exponents, "exponents")
    if not wanted or max(wanted) > 16 or min(wanted) < 1:
        raise MacroError("exponents= must list numbers from 1 to 16")
    values = grundy.grundy_values(1 << max(wanted))
    rows = []
    for exponent in sorted(wanted):
        bound = 1 << exponent
        head = values[:bound]
        top = max(head)
        zeros = [heap for heap in range(bound) if head[heap] == 0]
        rows.append(
            [
                f"n < 2^{exponent} = {grouped(bound)}",
                top,
                grouped(head.index(top)),
                len(zeros),
                grouped(zeros[-1]),
            ]
        )
    table = html_table(
        [
            "tas",
            "plus grande valeur",
            "atteinte d'abord en n =",
            "tas perdants (g(n) = 0, y compris 0, 1, 2)",
            "plus grand tas perdant",
        ],
        rows,
        caption="Le jeu de Grundy vu de loin (calculé par nimcore lors de la construction du site)",
        css_class="nimcore-table grundy-known",
    )
    bound = 1 << max(wanted)
    zeros = [heap for heap in range(bound) if values[heap] == 0]
    listing = ", ".join(grouped(heap) for heap in zeros)
    note = f"Les tas perdants n < {grouped(bound)} : {listing}."
    return table + f'\n<p class="nimcore-note">{escape(note)}</p>'


def _octal_label(game: octal.Octal) -> str:
    return game.code.replace(".", ",")


@macro("octal-values")
def octal_values(code: str, count: str) -> str:
    """The first values of an octal game given by its code.

    ``<!-- nimcore:octal-values code=0.137 count=60 -->``
    """
    game = octal.parse_code(code)
    wanted = _bounded(integer(count, "count"), "count", 1, 400)
    values = octal.grundy_values(game, wanted)
    return _values_table(
        values,
        "g(n)",
        f"Valeurs de Grundy g(n) du jeu octal {_octal_label(game)} pour un tas de n, n de 0 à"
        f" {wanted - 1} ; en vert, les tas perdants.",
    )


@macro("octal-plot")
def octal_plot(code: str, count: str) -> str:
    """Bar plot of the first values of an octal game, with its certified period when known.

    ``<!-- nimcore:octal-plot code=0.137 count=200 -->``
    """
    game = octal.parse_code(code)
    wanted = _bounded(integer(count, "count"), "count", 2, 2000)
    values = list(octal.grundy_values(game, wanted))
    period = octal.periodicity(game)
    tail = (
        f" À partir de n = {period.preperiod}, le motif se répète tous les {period.period} termes."
        if period.certified
        else ""
    )
    return _values_plot(
        values,
        f"Valeurs de Grundy du jeu octal {_octal_label(game)}",
        f"Diagramme en bâtons des valeurs g(n) du jeu octal {_octal_label(game)} pour n de 0 à"
        f" {wanted - 1}, toutes comprises entre 0 et {max(values)}.{tail}",
        f"Les valeurs g(n) du jeu octal {_octal_label(game)}, n de 0 à {wanted - 1}.{tail}",
    )


@macro("octal-period")
def octal_period(code: str) -> str:
    """The certified pre-period and period of an octal game, and one period of values.

    ``<!-- nimcore:octal-period code=0.137 -->``
    """
    game = octal.parse_code(code)
    result = octal.periodicity(game)
    if not result.certified or result.preperiod is None or result.period is None:
        return f'<p class="nimcore-note">{escape(result.explanation)}</p>'
    start, period, t = result.preperiod, result.period, result.last_digit
    values = octal.grundy_values(game, start + period)
    # Exceptional values: heaps below n0 whose value breaks the periodic pattern.
    exceptions = [n for n in range(start) if values[n] != values[start + (n - start) % period]]
    table = html_table(
        ["", "valeur"],
        [
            ["code du jeu", _octal_label(game)],
            ["plus grand retrait t", t],
            ["période p", period],
            ["la période commence à n₀ =", start],
            [
                "égalités g(n + p) = g(n) vérifiées",
                f"{start} ≤ n < 2 × {start} + {period} + {t} = {2 * start + period + t}",
            ],
            [
                "valeurs exceptionnelles (n < n₀ hors du motif)",
                ", ".join(str(n) for n in exceptions) or "aucune",
            ],
        ],
        caption=f"Périodicité certifiée du jeu octal {_octal_label(game)}",
        css_class="nimcore-table octal-period",
    )
    cycle = _values_table(
        values[start : start + period],
        "g(n)",
        f"Une période complète : g(n) pour n de {start} à {start + period - 1} ; ensuite,"
        f" g(n + {period}) = g(n).",
        first=start,
    )
    return table + "\n" + cycle


@macro("flowers-first-moves")
def flowers_first_moves(flowers: str) -> str:
    """Every first move in a row of *flowers*, the runs it leaves and their nim-sum.

    ``<!-- nimcore:flowers-first-moves flowers=10 -->``
    """
    size = _bounded(integer(flowers, "flowers"), "flowers", 2, 60)
    game = octal.FLOWERS
    rows: list[list[object]] = []
    winning_rows = set()
    for move in octal.moves([size], game):
        parts = move.parts
        if move.take == 2:
            cut = (1, size)  # an end flower and its only neighbour
        elif len(parts) == 1:
            cut = (2, size - 1)  # the second flower: its two neighbours go, one run is left
        else:
            cut = (parts[0] + 2, size - parts[0] - 1)
        which = f"n° {cut[0]}" if cut[0] == cut[1] else f"n° {cut[0]} ou n° {cut[1]}"
        values = [octal.grundy_value(game, part) for part in parts]
        total = nim_sum(values)
        if total == 0:
            winning_rows.add(len(rows))
        rows.append(
            [
                which,
                "{" + ", ".join(str(part) for part in parts) + "}" if parts else "{}",
                " ⊕ ".join(str(value) for value in values) or "0",
                total,
            ]
        )
    return html_table(
        ["fleur cueillie", "paquets restants", "valeurs", "somme de Nim"],
        rows,
        caption=(
            f"Les premiers coups possibles dans une rangée de {size} fleurs ; en vert, les"
            " coups gagnants (somme nulle)"
        ),
        css_class="nimcore-table flowers-moves",
        cell_classes=lambda row, column: "is-p" if row in winning_rows and column == 3 else "",
    )
