"""Placeholders of Chomp: the answers for rectangles and a bar with a bite.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore import chomp
from nimcore.french import grouped
from site_hooks.svg import figure, grid
from site_hooks.tables import (
    bounded,
    escape,
    html_table,
    integer,
    integers,
    macro,
)


def _sized(svg: str, width: float) -> str:
    """Give an inline SVG a natural width (CSS still shrinks it on narrow screens)."""
    return svg.replace("<svg ", f'<svg width="{width:g}" ', 1)


@macro("chomp-rectangles")
def chomp_rectangles(rows: str, columns: str) -> str:
    """The winning first bites of every m × n rectangle, m ≤ rows, n ≤ columns.

    ``<!-- nimcore:chomp-rectangles rows=13 columns=13 -->`` — bites as (line, column)
    counted from 1, the poisoned square being (1, 1).
    """
    height = bounded(integer(rows, "rows"), "rows", 1, chomp.TABLE_SIZE)
    width = bounded(integer(columns, "columns"), "columns", 1, chomp.TABLE_SIZE)
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


@macro("chomp-table-summary")
def chomp_table_summary() -> str:
    """What the shipped table of Chomp holds: its P-positions among the staircases of its box.

    ``<!-- nimcore:chomp-table-summary -->`` — read from ``nimcore/data/chomp13.bin``
    (a few milliseconds); counting the box's staircases is one ``sub_staircase_count``.
    """
    size = chomp.TABLE_SIZE
    losing = len(chomp.table_positions())
    staircases = chomp.sub_staircase_count([size] * size)
    note = (
        f"La table des positions perdantes : {grouped(losing)} parmi les"
        f" {grouped(staircases)} tablettes du carré {size} × {size} (toutes celles qui gardent"
        " le carré empoisonné)."
    )
    return f'<p class="nimcore-note">{escape(note)}</p>'
