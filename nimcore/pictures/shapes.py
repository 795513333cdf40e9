"""The small shapes pictures are made of, in ``currentColor`` (readable in both palettes and on paper).

Every shape carries its essential paint as attributes (``stroke="currentColor"``,
``fill="none"``…) so that it reads even without the site's style sheet, and a
CSS class of ``docs/stylesheets/figures.css`` for the rest.

>>> match(10, 5)[:30]
'<g class="fig-match"><line x1='
"""

from __future__ import annotations

from dataclasses import dataclass

from nimcore.figures import escape

__all__ = [
    "GROUP",
    "Sketch",
    "label",
    "match",
    "pile",
    "row_width",
    "row_x",
    "token",
]

#: Matches and tokens in a row are grouped by this many, with a gap between groups.
GROUP = 5


@dataclass(frozen=True)
class Sketch:
    """A drawing before it is wrapped: its size (user units), its SVG body, how to read it (French)."""

    width: float
    height: float
    body: str
    reading: str


def row_x(index: int, step: float, gap: float) -> float:
    """Where item *index* of a row sits, counted from 0: *step* apart, a *gap* after every group.

    >>> row_x(0, 7, 5), row_x(4, 7, 5), row_x(5, 7, 5)
    (0, 28, 40)
    """
    return index * step + (index // GROUP) * gap


def row_width(count: int, step: float, gap: float) -> float:
    """The width a row of *count* items takes (0 for none).

    >>> row_width(5, 7, 5), row_width(0, 7, 5)
    (28, 0)
    """
    return row_x(count - 1, step, gap) if count else 0


def match(x: float, y: float, length: float = 24) -> str:
    """A match standing at (x, y) (its foot): a stick and its head."""
    return (
        f'<g class="fig-match"><line x1="{x:g}" y1="{y:g}" x2="{x:g}" y2="{y - length:g}" '
        f'stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
        f'<ellipse cx="{x:g}" cy="{y - length:g}" rx="2.4" ry="3.4" fill="currentColor"/></g>'
    )


def token(x: float, y: float, radius: float = 3.5) -> str:
    """A round token centred on (x, y)."""
    return f'<circle class="fig-token" cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="currentColor"/>'


def label(
    x: float,
    y: float,
    text: object,
    *,
    size: float = 11,
    anchor: str = "start",
    muted: bool = False,
    bold: bool = False,
) -> str:
    """A line of text whose middle is at height *y*."""
    weight = ' font-weight="bold"' if bold else ""
    css = "fig-muted" if muted else "fig-label"
    return (
        f'<text class="{css}" x="{x:g}" y="{y:g}" dy="0.35em" text-anchor="{anchor}" '
        f'font-size="{size:g}"{weight} fill="currentColor">{escape(text)}</text>'
    )


def pile(x: float, y: float, width: float, height: float, text: str) -> str:
    """Too many pieces to draw one by one: a heap drawn as a box, its count written in it."""
    return (
        f'<rect class="fig-pile" x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="6" '
        f'fill="none" stroke="currentColor" stroke-width="1.5" stroke-dasharray="5 3"/>'
        + label(x + width / 2, y + height / 2, text, anchor="middle", bold=True)
    )
