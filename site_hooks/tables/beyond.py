"""Placeholders of the sections that go beyond the source documents: nim-multiplication
(the sequel to Stella's table), Nim « Parité » and « Pas tout », the misère-sum
counterexample, misère Nim_k and Wythoff's pairs read off Zeckendorf words.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import itertools

from nimcore import moore, nim, wythoff
from nimcore.nimsum import (
    MAX_PRODUCT_TABLE_SIZE,
    nim_product_mex_table,
    nim_product_table,
    nim_sum,
)
from nimcore.numeration import zeckendorf_digits
from nimcore.variants import VARIANTS, heap_values
from site_hooks.svg import figure, grid
from site_hooks.tables import (
    MacroError,
    bounded,
    escape,
    html_table,
    integer,
    macro,
    position_text,
)


@macro("nim-product-table")
def nim_product_figure(size: str) -> str:
    """The nim-multiplication table of size × size, coloured by the size of each entry.

    ``<!-- nimcore:nim-product-table size=16 -->``
    """
    n = integer(size, "size")
    if n not in (4, 8, 16):
        raise MacroError(f"size={size!r} must be 4, 8 or 16")
    table = nim_product_table(n)

    def css(row: int, column: int) -> str:
        level = table[row][column].bit_length()
        return f"fig-block-{level - 1}" if level else ""

    labels = [str(index) for index in range(n)]
    svg = grid(
        n,
        n,
        label=lambda row, column: str(table[row][column]),
        css_class=css,
        cell=24,
        title=f"Table de multiplication de Nim de 0 à {n - 1}",
        description=(
            f"À l'intersection de la ligne a et de la colonne b figure a ⊗ b, pour a et b de 0"
            f" à {n - 1}. La première ligne et la première colonne sont nulles, la ligne 1"
            " recopie les entiers ; chaque ligne non nulle contient chaque nombre de 0 à"
            f" {n - 1} exactement une fois."
        ),
        row_labels=labels,
        column_labels=labels,
        scale=1.3,
    )
    caption = (
        f"La table de multiplication de Nim de 0 à {n - 1}, calculée par le moteur du site."
        " Couleurs : blanc pour 0, bleu pour 1, orange de 2 à 3, violet de 4 à 7, vert de 8"
        " à 15."
    )
    return figure(svg, caption)


@macro("nim-product-check")
def nim_product_check(size: str) -> str:
    """Compare the mex definition of a ⊗ b with the computation by Fermat 2-powers.

    ``<!-- nimcore:nim-product-check size=32 -->``
    """
    n = bounded(integer(size, "size"), "size", 1, MAX_PRODUCT_TABLE_SIZE)
    by_mex, by_formula = nim_product_mex_table(n), nim_product_table(n)
    if by_mex != by_formula:
        raise MacroError(f"the two nim-multiplication tables of size {n} differ")
    cells = f"{n * n:,}".replace(",", "\u202f")
    text = (
        f"Vérification par le moteur du site : de 0 à {n - 1}, la table remplie case par case"
        " par la définition (le plus petit nombre qui n'est pas de la forme"
        " (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′)) et la table calculée par les puissances de Fermat"
        f" coïncident sur leurs {cells} cases."
    )
    return f'<p class="nimcore-note">{escape(text)}</p>'


_VARIANT_NAMES = {"parite": "Nim « Parité »", "pas-tout": "Nim « Pas tout »"}


@macro("variant-values")
def variant_values(game: str, count: str) -> str:
    """The Grundy values of one heap at Nim « Parité » or « Pas tout », by the mex.

    ``<!-- nimcore:variant-values game=pas-tout count=16 -->``
    """
    if game not in VARIANTS:
        raise MacroError(f"game={game!r} must be one of {', '.join(sorted(VARIANTS))}")
    options, value = VARIANTS[game]
    wanted = bounded(integer(count, "count"), "count", 2, 40)
    values = heap_values(options, wanted)
    if values != [value(heap) for heap in range(wanted)]:
        raise MacroError(f"game={game!r}: the closed form disagrees with the mex")
    return html_table(
        ["h", *range(wanted)],
        [["g(h)", *values]],
        caption=f"{_VARIANT_NAMES[game]} : la valeur de Grundy g(h) d'un tas de h allumettes",
        css_class="nimcore-table grundy-values",
        cell_classes=lambda row, column: "is-p" if column and values[column - 1] == 0 else "",
    )


def _outcome(position: tuple[int, ...], misere: bool) -> str:
    return "P" if nim.is_p_position(position, misere=misere) else "N"


@macro("misere-sum-counterexample")
def misere_sum_counterexample() -> str:
    """Two misère P-positions A, B and a position X with A + X and B + X of different outcomes.

    ``<!-- nimcore:misere-sum-counterexample -->``
    """
    found = nim.misere_sum_counterexample()
    if found is None:
        raise MacroError("no misère counterexample among the small positions")
    first, second, other = found
    rows = [
        [
            f"{label} = {position_text(position)}",
            _outcome(position, True),
            position_text(position + other),
            nim_sum(position + other),
            _outcome(position + other, True),
        ]
        for label, position in (("A", first), ("B", second))
    ]
    table = html_table(
        [
            "composante",
            "issue seule",
            f"avec X = {position_text(other)}",
            "somme de Nim",
            "issue",
        ],
        rows,
        caption=(
            "Nim misère : deux positions perdantes qui ne se remplacent pas l'une l'autre"
            " dans une somme"
        ),
        css_class="nimcore-table misere-sums",
    )
    note = (
        f"Positions du Nim ; « avec X » désigne la position obtenue en ajoutant les tas de X."
        f" Le moteur du site a cherché parmi les positions d'au plus trois tas d'au plus trois"
        f" allumettes le plus petit exemple (en nombre total d'allumettes) : A"
        f" = {position_text(first)} et B = {position_text(second)} sont perdantes en misère,"
        f" mais A + X et B + X n'ont pas la même issue."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'


@macro("moore-misere-p-positions")
def moore_misere_p_positions(heaps: str, k: str, max: str) -> str:
    """Nim_k positions of 1 to *heaps* non-empty heaps of at most *max* matches, lost in a version.

    ``<!-- nimcore:moore-misere-p-positions heaps=4 k=2 max=3 -->``
    """
    count, modulus_k, top = integer(heaps, "heaps"), integer(k, "k"), integer(max, "max")
    if not 1 <= count <= 6 or not 1 <= top <= 15:
        raise MacroError("heaps must lie between 1 and 6, max between 1 and 15")
    rows = []
    for size in range(1, count + 1):
        for position in itertools.combinations_with_replacement(range(1, top + 1), size):
            normal = moore.is_p_position(position, modulus_k)
            misere = moore.is_p_position(position, modulus_k, misere=True)
            if normal or misere:
                rows.append(
                    [
                        position_text(position),
                        "perdante" if normal else "gagnante",
                        "perdante" if misere else "gagnante",
                    ]
                )
    return html_table(
        ["position", "version normale", "version misère"],
        rows,
        caption=(
            f"Jeu de Moore avec k = {modulus_k} : les positions de 1 à {count} tas non vides"
            f" d'au plus {top} allumettes qui sont perdantes dans l'une au moins des deux versions"
        ),
        css_class="nimcore-table moore-misere",
        cell_classes=lambda row, column: (
            "is-p" if column and rows[row][column] == "perdante" else ""
        ),
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
        f"Le moteur du site vérifie à chaque construction que ces {wanted - 1} paires sont"
        " exactement les paires (⌊kφ⌋, ⌊kφ²⌋) de la liste précédente."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
