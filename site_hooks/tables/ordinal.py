"""Placeholders of the chapter on Nim with infinite heaps: a worked position of ordinal
Nim, exponent by exponent.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore import ordinal
from site_hooks.tables import (
    MacroError,
    bullets,
    html_table,
    macro,
)

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
    return table + "\n" + bullets(lines)
