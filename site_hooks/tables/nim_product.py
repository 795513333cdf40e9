"""Placeholders of nim-multiplication: its table and the check of its two definitions.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore.nimsum import MAX_PRODUCT_TABLE_SIZE, nim_product_mex_table, nim_product_table
from site_hooks.svg import LEVEL_COLOURS, figure, level_class, operation_grid
from site_hooks.tables import MacroError, bounded, escape, integer, macro


@macro("nim-product-table")
def nim_product_figure(size: str) -> str:
    """The nim-multiplication table of size × size, coloured by the size of each entry.

    ``<!-- nimcore:nim-product-table size=16 -->``
    """
    n = integer(size, "size")
    if n not in (4, 8, 16):
        raise MacroError(f"size={size!r} must be 4, 8 or 16")
    table = nim_product_table(n)
    svg = operation_grid(
        table,
        css_class=lambda row, column: level_class(table[row][column]),
        title=f"Table de multiplication de Nim de 0 à {n - 1}",
        description=(
            f"À l'intersection de la ligne a et de la colonne b figure a ⊗ b, pour a et b de 0"
            f" à {n - 1}. La première ligne et la première colonne sont nulles, la ligne 1"
            " recopie les entiers ; chaque ligne non nulle contient chaque nombre de 0 à"
            f" {n - 1} exactement une fois."
        ),
    )
    return figure(svg, f"La table de multiplication de Nim de 0 à {n - 1}. {LEVEL_COLOURS}")


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
        f"De 0 à {n - 1}, la table remplie case par case"
        " par la définition (le plus petit nombre qui n'est pas de la forme"
        " (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′)) et la table calculée par les puissances de Fermat"
        f" coïncident sur leurs {cells} cases."
    )
    return f'<p class="nimcore-note">{escape(text)}</p>'
