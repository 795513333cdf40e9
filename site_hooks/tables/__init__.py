"""Registry of the placeholders that nimcore expands in the pages.

A page writes ``<!-- nimcore:NAME key=value key=value -->`` on a line of its own;
at build time :mod:`site_hooks.macros` replaces it with the HTML the function
registered under NAME returns (a table, a list, an SVG figure), computed by
nimcore. No table of the site is typed by hand.

Each family of games has its own module in this package and registers its placeholders
with :func:`macro`; values arrive as strings and are read with the helpers here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence

__all__ = [
    "MACROS",
    "Html",
    "MacroError",
    "bounded",
    "bullets",
    "escape",
    "flag",
    "html_table",
    "integer",
    "integers",
    "macro",
    "position_text",
    "value_row",
]

Macro = Callable[..., str]

#: Every placeholder name → the function that expands it.
MACROS: dict[str, Macro] = {}


class MacroError(ValueError):
    """A placeholder with a bad argument (reported with the page's name)."""


def macro(name: str) -> Callable[[Macro], Macro]:
    """Register the decorated function as the expansion of ``<!-- nimcore:name … -->``."""

    def register(function: Macro) -> Macro:
        if name in MACROS:
            raise MacroError(f"placeholder « nimcore:{name} » registered twice")
        MACROS[name] = function
        return function

    return register


def integer(value: str, name: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise MacroError(f"{name}={value!r} is not an integer") from None


def flag(value: str, name: str) -> bool:
    """Read a yes/no argument: ``oui``/``true``/``1`` or ``non``/``false``/``0``."""
    if value in ("oui", "true", "1"):
        return True
    if value in ("non", "false", "0"):
        return False
    raise MacroError(f"{name}={value!r}: oui or non expected")


def integers(value: str, name: str) -> list[int]:
    return [integer(part, name) for part in value.split(",") if part]


class Html(str):
    """A piece of HTML whose parts its maker escaped (a cell with ``<code>``): kept as it is."""


def escape(value: object) -> str:
    if isinstance(value, Html):
        return str(value)
    return html.escape(str(value), quote=True)


def html_table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    css_class: str = "nimcore-table",
    row_header: bool = True,
    cell_classes: Callable[[int, int], str] | None = None,
) -> str:
    """A plain HTML table (cells are escaped; ``cell_classes(row, column)`` may add classes)."""
    # Focusable: a wide table scrolls sideways, and keyboard users must reach it.
    parts = [f'<table class="{escape(css_class)}" tabindex="0">']
    if caption:
        parts.append(f"<caption>{escape(caption)}</caption>")
    # An empty corner heads nothing: a plain cell (axe's empty-table-header).
    parts.append(
        "<thead><tr>"
        + "".join(
            f'<th scope="col">{escape(cell)}</th>' if str(cell) else "<td></td>" for cell in header
        )
    )
    parts.append("</tr></thead><tbody>")
    for row_index, row in enumerate(rows):
        cells = []
        for column, cell in enumerate(row):
            extra = cell_classes(row_index, column) if cell_classes else ""
            attribute = f' class="{escape(extra)}"' if extra else ""
            if row_header and column == 0:
                cells.append(f'<th scope="row"{attribute}>{escape(cell)}</th>')
            else:
                cells.append(f"<td{attribute}>{escape(cell)}</td>")
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def value_row(
    variable: str,
    label: str,
    values: Sequence[object],
    *,
    css_class: str,
    caption: str | None = None,
    first: int = 0,
    losing: object = 0,
) -> str:
    """One heap's values in a row under *variable* = first, first + 1, …, headed by *label*;
    the cells equal to *losing* (the P-positions: a value 0, or "P") marked ``is-p``."""
    return html_table(
        [variable, *range(first, first + len(values))],
        [[label, *values]],
        caption=caption,
        css_class=css_class,
        cell_classes=lambda row, column: "is-p" if column and values[column - 1] == losing else "",
    )


def bounded(value: int, name: str, low: int, high: int) -> int:
    """*value*, checked to lie between *low* and *high*."""
    if not low <= value <= high:
        raise MacroError(f"{name}={value} must lie between {low} and {high}")
    return value


def bullets(sentences: Sequence[str], css_class: str = "nimcore-hint") -> str:
    """Sentences as a bulleted list (escaped)."""
    items = "".join(f"<li>{escape(sentence)}</li>" for sentence in sentences)
    return f'<ul class="{escape(css_class)}">{items}</ul>'


def position_text(heaps: tuple[int, ...] | list[int]) -> str:
    """A position of heaps as the pages write it: (1, 3, 5)."""
    return "(" + ", ".join(str(heap) for heap in heaps) + ")"
