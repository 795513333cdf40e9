"""Placeholders of the Wythoff chapter: the sieve of P-positions, Grundy values, the
Beatty sequences, the P-positions read off Zeckendorf words, the hint and
floating-point pitfalls.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore import wythoff
from nimcore.french import grouped
from nimcore.numeration import beatty_lower, zeckendorf_digits
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


@macro("wythoff-sieve")
def wythoff_sieve(size: str) -> str:
    """The lattice of positions (a, b), 0 ≤ a, b < size, P-positions highlighted.

    ``<!-- nimcore:wythoff-sieve size=21 -->``
    """
    side = bounded(integer(size, "size"), "size", 2, 40)

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
    side = bounded(integer(size, "size"), "size", 2, 20)
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
    """The first P-positions (x_k, y_k), k = 0 … count − 1, in blocks of 13 columns.

    The rows are headed xₖ and yₖ, not ⌊kφ⌋ and ⌊kφ²⌋: the chapter shows this list
    before the golden ratio and the formula appear.

    ``<!-- nimcore:wythoff-p-positions count=26 -->``
    """
    wanted = bounded(integer(count, "count"), "count", 1, 200)
    pairs = wythoff.p_positions(wanted)
    tables = []
    for start in range(0, wanted, 13):
        block = pairs[start : start + 13]
        indices = list(range(start, start + len(block)))
        tables.append(
            html_table(
                ["k", *indices],
                [
                    ["xₖ", *(low for low, _ in block)],
                    ["yₖ", *(high for _, high in block)],
                ],
                css_class="nimcore-table wythoff-pairs",
            )
        )
    caption = (
        f"Les {wanted} premières positions perdantes (xₖ, yₖ) du jeu de Wythoff, avec xₖ ≤ yₖ,"
        " par ordre croissant ; leurs symétriques (yₖ, xₖ) sont perdantes aussi."
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
    return table + "\n" + bullets(moves)


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


def _word(value: int) -> str:
    return "".join(map(str, zeckendorf_digits(value)))


@macro("wythoff-zeckendorf")
def wythoff_zeckendorf(count: str) -> str:
    """Wythoff's P-positions read off Zeckendorf words, next to ⌊kφ⌋ and ⌊kφ²⌋.

    ``<!-- nimcore:wythoff-zeckendorf count=14 -->``
    """
    wanted = bounded(integer(count, "count"), "count", 2, 60)
    pairs = wythoff.zeckendorf_p_positions(wanted)
    if pairs != wythoff.p_positions(wanted):
        raise MacroError("the Zeckendorf pairs differ from the Beatty pairs")
    rows = [[k, a, _word(a), _word(b), b, b - a] for k, (a, b) in enumerate(pairs) if k >= 1]
    table = html_table(
        ["k", "aₖ", "écriture de aₖ", "la même suivie d'un 0", "bₖ", "bₖ − aₖ"],
        rows,
        caption=(
            "Les positions perdantes (aₖ, bₖ) du jeu de Wythoff lues sur les écritures de"
            " Zeckendorf : aₖ est le k-ième entier dont l'écriture se termine par un nombre"
            " pair de zéros, bₖ s'écrit comme aₖ suivi d'un 0"
        ),
        css_class="nimcore-table wythoff-zeckendorf",
    )
    note = (
        f"On retrouve dans ces {wanted - 1} paires les paires (⌊kφ⌋, ⌊kφ²⌋) de la liste"
        " des positions perdantes."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
