"""Placeholders of the Nim pages."""

from __future__ import annotations

from nimcore import nim
from site_hooks.tables import escape, html_table, integers, macro


@macro("nim-binary")
def nim_binary(heaps: str) -> str:
    """The binary table of a Nim position with its column counts and parities.

    ``<!-- nimcore:nim-binary heaps=12,10,6,5 -->``
    """
    analysis = nim.analyse(integers(heaps, "heaps"))
    odd = [ones % 2 == 1 for ones in analysis.column_ones]
    rows = [[heap, *digits] for heap, digits in zip(analysis.heaps, analysis.rows, strict=True)]
    rows.append(["nombre de 1", *analysis.column_ones])
    table = html_table(
        ["tas", *analysis.weights],
        rows,
        caption=f"La position ({', '.join(map(str, analysis.heaps))}) écrite en base 2",
        css_class="nimcore-table nim-binary",
        cell_classes=lambda row, column: "is-odd" if column and odd[column - 1] else "",
    )
    verdict = (
        "toutes les colonnes sont paires : position équilibrée (P)"
        if analysis.outcome == "P"
        else f"somme de Nim {analysis.nim_sum} : position déséquilibrée (N)"
    )
    return f'{table}\n<p class="nimcore-note">{escape(verdict)}.</p>'
