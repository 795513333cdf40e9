"""Small SVG helpers for the figures of the pages (the plot and the SVG document are nimcore's, :mod:`nimcore.figures`).

Figures are plain inline SVG, accessible (``role="img"`` with a title and a
description) and readable in both colour schemes: strokes and text use
``currentColor`` and the CSS classes of ``docs/stylesheets/figures.css``
(``fig-p`` for P-positions, ``fig-n`` for N-positions, ``fig-accent``,
``fig-muted``), never hard-coded colours.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nimcore.figures import bar_plot, svg_document
from nimcore.figures import escape as _escape

__all__ = [
    "LEVEL_COLOURS",
    "bar_plot",
    "figure",
    "grid",
    "level_class",
    "operation_grid",
    "svg_document",
]

#: What the classes of :func:`level_class` look like, for a caption.
LEVEL_COLOURS = (
    "Couleurs : blanc pour 0, bleu pour 1, orange de 2 à 3, violet de 4 à 7, vert de 8 à 15."
)


def figure(svg: str, caption: str) -> str:
    """An HTML ``<figure>`` holding *svg*, with a French caption."""
    return f'<figure class="nimcore-figure-box">{svg}<figcaption>{_escape(caption)}</figcaption></figure>'


def level_class(value: int) -> str:
    """The class of a cell holding *value*: one per power of two just below it, none for 0."""
    level = value.bit_length()
    return f"fig-block-{level - 1}" if level else ""


def operation_grid(
    table: Sequence[Sequence[int]],
    *,
    css_class: Callable[[int, int], str],
    title: str,
    description: str,
) -> str:
    """The table of an operation on 0 … n − 1 (``table[a][b]`` for a ⋆ b), rows and columns
    labelled, as an SVG grid (Stella's table, the nim-multiplication table)."""
    n = len(table)
    labels = [str(index) for index in range(n)]
    return grid(
        n,
        n,
        label=lambda row, column: str(table[row][column]),
        css_class=css_class,
        cell=24,
        title=title,
        description=description,
        row_labels=labels,
        column_labels=labels,
        scale=1.3,
    )


def grid(
    rows: int,
    columns: int,
    *,
    label: Callable[[int, int], str],
    css_class: Callable[[int, int], str] = lambda row, column: "",
    cell: float = 24,
    title: str,
    description: str,
    row_labels: Sequence[str] | None = None,
    column_labels: Sequence[str] | None = None,
    scale: float | None = None,
    display_width: float | None = None,
) -> str:
    """A table of square cells (row 0 on top), each with a text *label* and a CSS class."""
    margin = cell if (row_labels or column_labels) else 0
    parts = []
    for row in range(rows):
        for column in range(columns):
            x, y = margin + column * cell, margin + row * cell
            classes = " ".join(filter(None, ["fig-cell", css_class(row, column)]))
            parts.append(
                f'<rect class="{classes}" x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}"/>'
            )
            text = label(row, column)
            if text:
                parts.append(
                    f'<text class="fig-label" x="{x + cell / 2:g}" y="{y + cell / 2:g}" '
                    f'dy="0.35em" text-anchor="middle" font-size="{cell * 0.45:g}">{_escape(text)}</text>'
                )
    for index, text in enumerate(row_labels or []):
        parts.append(
            f'<text class="fig-muted" x="{margin / 2:g}" y="{margin + (index + 0.5) * cell:g}" dy="0.35em" '
            f'text-anchor="middle" font-size="{cell * 0.4:g}">{_escape(text)}</text>'
        )
    for index, text in enumerate(column_labels or []):
        parts.append(
            f'<text class="fig-muted" x="{margin + (index + 0.5) * cell:g}" y="{margin / 2:g}" dy="0.35em" '
            f'text-anchor="middle" font-size="{cell * 0.4:g}">{_escape(text)}</text>'
        )
    return svg_document(
        margin + columns * cell,
        margin + rows * cell,
        "".join(parts),
        title=title,
        description=description,
        scale=scale,
        display_width=display_width,
    )
