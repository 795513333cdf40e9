"""Where a page's Markdown shows code: fenced blocks and inline code spans.

A placeholder written there is an example for the reader, not a request to
the build: :mod:`site_hooks.macros` leaves it as it is, and
:func:`site_hooks.tables.boards.page_boards` does not count its board.

>>> text = "a `<b>` c\\n```\\nd\\n```\\ne"
>>> [text[start:end] for start, end in code_ranges(text)]
['`<b>`', '```\\nd\\n```']
"""

from __future__ import annotations

import bisect
import re

__all__ = ["code_ranges", "in_code"]

#: A fence's opening or closing line: three or more backticks or tildes, indented or not.
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})", re.MULTILINE)
#: An inline code span: a run of backticks, then the same run (CommonMark), on one line.
_INLINE = re.compile(r"(?<!`)(`+)(?!`)[^\n]*?(?<!`)\1(?!`)")


def code_ranges(markdown: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of every fenced block and inline code span, in order.

    A fence closes at the next fence of the same character at least as long;
    one left open runs to the end of the page (as in CommonMark).

    >>> code_ranges("~~~\\nx")
    [(0, 5)]
    """
    ranges: list[tuple[int, int]] = []
    fences = list(_FENCE.finditer(markdown))
    position = 0
    index = 0
    while index < len(fences):
        opening = fences[index]
        if opening.start() < position:
            index += 1
            continue
        ranges.extend(_inline(markdown, position, opening.start()))
        marker = opening.group(1)
        closing = next(
            (
                fence
                for fence in fences[index + 1 :]
                if fence.group(1)[0] == marker[0] and len(fence.group(1)) >= len(marker)
            ),
            None,
        )
        end = len(markdown) if closing is None else closing.end()
        ranges.append((opening.start(), end))
        position = end
        index += 1
    ranges.extend(_inline(markdown, position, len(markdown)))
    return ranges


def _inline(markdown: str, start: int, end: int) -> list[tuple[int, int]]:
    return [match.span() for match in _INLINE.finditer(markdown, start, end)]


def in_code(ranges: list[tuple[int, int]], offset: int) -> bool:
    """True when *offset* falls inside one of *ranges* (as :func:`code_ranges` gives them).

    >>> in_code([(2, 5), (9, 12)], 4), in_code([(2, 5), (9, 12)], 7)
    (True, False)
    """
    index = bisect.bisect_right([start for start, _ in ranges], offset) - 1
    return index >= 0 and offset < ranges[index][1]
