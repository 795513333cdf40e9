"""Small accessible SVG figures drawn by nimcore: the build hooks put them in the pages, the
laboratory's page asks the engine for them.

Figures are plain inline SVG, accessible (``role="img"`` with a title and a
description) and readable in both colour schemes: strokes and text use
``currentColor`` and the CSS classes of ``docs/stylesheets/figures.css``
(``fig-p`` for P-positions, ``fig-n`` for N-positions, ``fig-accent``,
``fig-muted``, ``fig-bar``, ``fig-axis``), never hard-coded colours.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Sequence

__all__ = ["bar_plot", "escape", "svg_document"]


def escape(text: object) -> str:
    return html.escape(str(text), quote=True)


def svg_document(
    width: float,
    height: float,
    body: str,
    *,
    title: str,
    description: str,
    scale: float | None = None,
    display_width: float | None = None,
) -> str:
    """Wrap SVG *body* in an accessible ``<svg>`` element of the given size (user units).

    The ids linking the title and description are derived from the content, so
    the same figure always expands to the same HTML (the site tests rely on
    it). ``display_width`` (CSS pixels), or ``scale`` pixels per unit, gives
    the figure a natural size instead of the full column; the style sheet
    still shrinks it on a narrow screen.
    """
    key = hashlib.sha1(f"{title}\n{description}\n{body}".encode()).hexdigest()[:10]
    if display_width is None and scale is not None:
        display_width = width * scale
    size = f'width="{display_width:g}" ' if display_width else ""
    return (
        f'<svg class="nimcore-figure" {size}viewBox="0 0 {width:g} {height:g}" role="img" '
        f'aria-labelledby="fig-t-{key} fig-d-{key}" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="fig-t-{key}">{escape(title)}</title>'
        f'<desc id="fig-d-{key}">{escape(description)}</desc>{body}</svg>'
    )


def bar_plot(
    values: Sequence[int],
    *,
    title: str,
    description: str,
    width: float = 640,
    height: float = 200,
    x_label: str = "n",
    y_label: str = "valeur",
    display_width: float | None = None,
    first: int = 0,
    marks: Sequence[tuple[int, str]] = (),
    font_size: float = 10,
    x_range: bool = False,
) -> str:
    """A bar plot of a sequence of natural numbers (e.g. Grundy values g(0), g(1), …).

    *values* are those of n = *first*, *first* + 1, …; *marks* are (n, label) drawn as
    dashed vertical lines (the start of a period); *font_size* is the labels' size in
    the drawing's units (larger for a plot shown small on a phone); with *x_range*, the
    x axis is labelled by its first and last n (« n = 0 », « n = 399 »).
    """
    top = max(max(values, default=0), 1)
    size = font_size
    left, bottom, right = 22.0 + 1.0 * size, 14.0 + size, 8.0
    upper = 8.0 + (size + 4 if marks else 0)
    step = (width - left - right) / max(len(values), 1)
    scale = (height - bottom - upper) / top
    last = first + len(values) - 1
    parts = [
        f'<line class="fig-axis" x1="{left:g}" y1="{height - bottom:g}" x2="{width - right:g}" '
        f'y2="{height - bottom:g}"/>',
        f'<line class="fig-axis" x1="{left:g}" y1="{upper:g}" x2="{left:g}" y2="{height - bottom:g}"/>',
        f'<text class="fig-muted" x="{left - 4:g}" y="{upper:g}" dy="0.35em" text-anchor="end" '
        f'font-size="{size:g}">{top}</text>',
        f'<text class="fig-muted" x="{left - 4:g}" y="{height - bottom:g}" dy="0.35em" text-anchor="end" '
        f'font-size="{size:g}">0</text>',
        f'<text class="fig-muted" x="{width - right:g}" y="{height - 6:g}" text-anchor="end" '
        f'font-size="{size:g}">{escape(f"{x_label} = {last}" if x_range else x_label)}</text>',
        f'<text class="fig-muted" x="{left:g}" y="{height - 6:g}" text-anchor="start" '
        f'font-size="{size:g}">{escape(f"{x_label} = {first}" if x_range else str(first))}</text>',
    ]
    for index, value in enumerate(values):
        bar = value * scale
        parts.append(
            f'<rect class="fig-bar" x="{left + index * step:g}" y="{height - bottom - bar:g}" '
            f'width="{max(step * 0.8, 0.5):g}" height="{bar:g}"><title>{x_label} = {first + index}, '
            f"{escape(y_label)} {value}</title></rect>"
        )
    for at, label in marks:
        x = left + (at - first) * step
        anchor = "start" if x < width / 2 else "end"
        parts.append(
            f'<line class="fig-axis fig-mark" x1="{x:g}" y1="{upper - 2:g}" x2="{x:g}" '
            f'y2="{height - bottom:g}" stroke-dasharray="4 3"/>'
            f'<text class="fig-muted" x="{x + (3 if anchor == "start" else -3):g}" y="{upper - 4:g}" '
            f'text-anchor="{anchor}" font-size="{size:g}">{escape(label)}</text>'
        )
    return svg_document(
        width,
        height,
        "".join(parts),
        title=title,
        description=description,
        display_width=display_width,
    )
