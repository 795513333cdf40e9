"""Placeholders of Stella's table (the nim-addition table): the coloured table, its
mex check, its triples and a ⋆ b computed by powers of two.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore import nim
from nimcore.nimsum import mex_table, nim_sum, nim_sum_table
from nimcore.numeration import binary_digits
from site_hooks.svg import LEVEL_COLOURS, figure, level_class, operation_grid
from site_hooks.tables import MacroError, escape, html_table, integer, macro, position_text


def stella_entry(a: int, b: int) -> int:
    """The entry a ⋆ b of Stella's table: the nim-sum a ⊕ b, from nimcore."""
    return nim_sum((a, b))


def power_of_two(value: str, name: str, largest: int) -> int:
    size = integer(value, name)
    if size < 2 or size > largest or size & (size - 1):
        raise MacroError(f"{name}={value!r} must be a power of two between 2 and {largest}")
    return size


@macro("stella-table")
def stella_table(size: str, colour: str = "levels") -> str:
    """Stella's table (the nim-addition table) of size × size, as a coloured SVG grid.

    ``colour=levels`` colours each entry by the power of two just below it
    (1, 2–3, 4–7, 8–15: the nested squares the pupils coloured);
    ``colour=quadrants`` colours the four blocks of half the size: the two
    copies on the diagonal in one colour, the two translated copies in another.

    ``<!-- nimcore:stella-table size=16 -->``
    """
    n = power_of_two(size, "size", 16)
    half = n // 2
    table = nim_sum_table(n)
    if colour == "levels":

        def css(row: int, column: int) -> str:
            return level_class(table[row][column])

        description = (
            f"Table de Stella de 0 à {n - 1} : à l'intersection de la ligne a et de la colonne b "
            "figure a ⋆ b. Les 0 forment la diagonale ; les cases valant 1 sont en bleu, "
            "de 2 à 3 en orange, de 4 à 7 en violet, de 8 à 15 en vert : "
            "elles forment des carrés emboîtés de côté 1, 2, 4 et 8."
        )
        caption = (
            f"La table de Stella de 0 à {n - 1}. {LEVEL_COLOURS} Chaque carré "
            "coloré de côté 2ᵏ, hors de la diagonale, est la copie du carré diagonal voisin "
            "augmentée de 2ᵏ."
        )
    elif colour == "quadrants":

        def css(row: int, column: int) -> str:
            return "fig-block-1" if (row >= half) != (column >= half) else "fig-block-0"

        description = (
            f"Table de Stella de 0 à {n - 1}, coupée en quatre blocs de côté {half}. "
            "Les deux blocs de la diagonale, en bleu, sont identiques ; les deux autres, "
            f"en orange, s'en déduisent en ajoutant {half} à chaque case."
        )
        caption = (
            f"La table de Stella de 0 à {n - 1} en quatre blocs de côté {half} : "
            f"en bleu deux copies du bloc de 0 à {half - 1}, "
            f"en orange ce même bloc augmenté de {half}."
        )
    else:
        raise MacroError(f"colour={colour!r} must be levels or quadrants")
    svg = operation_grid(
        table, css_class=css, title=f"Table de Stella de 0 à {n - 1}", description=description
    )
    return figure(svg, caption)


@macro("stella-mex-check")
def stella_mex_check(size: str) -> str:
    """Compare the pupils' construction (mex of row and column) with the nim-sum table.

    ``<!-- nimcore:stella-mex-check size=128 -->``
    """
    n = integer(size, "size")
    built, reference = mex_table(n), nim_sum_table(n)
    differing = sum(1 for a in range(n) for b in range(n) if built[a][b] != reference[a][b])
    if differing:
        raise MacroError(f"mex_table({n}) differs from nim_sum_table({n}) in {differing} cells")
    cells = f"{n * n:,}".replace(",", "\u202f")
    text = (
        f"De 0 à {n - 1}, la table remplie case par case par la règle des élèves (le plus petit"
        f" nombre absent au-dessus et à gauche) et la table des sommes de Nim a ⊕ b coïncident"
        f" sur leurs {cells} cases."
    )
    return f'<p class="nimcore-note">{escape(text)}</p>'


@macro("stella-triples")
def stella_triples(max: str) -> str:
    """The losing positions (a, b, c) of three non-empty heaps, a ≤ b ≤ c ≤ max.

    ``<!-- nimcore:stella-triples max=15 -->``
    """
    top = integer(max, "max")
    if not 1 <= top <= 40:
        raise MacroError(f"max={max!r} must lie between 1 and 40")
    rows = []
    total = 0
    for a in range(1, top + 1):
        found = [
            position_text((a, b, c))
            for b in range(a, top + 1)
            for c in range(b, top + 1)
            if nim.is_p_position((a, b, c))
        ]
        total += len(found)
        if found:
            rows.append([a, " ".join(found)])
    table = html_table(
        ["a", "positions perdantes (a, b, c)"],
        rows,
        caption=f"Les positions perdantes à trois tas non vides, avec a ≤ b ≤ c ≤ {top}",
        css_class="nimcore-table stella-triples",
    )
    note = f"{total} positions perdantes en tout."
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'


@macro("stella-powers")
def stella_powers(a: str, b: str) -> str:
    """a ⋆ b computed by powers of two: the common powers cancel, the others add up.

    ``<!-- nimcore:stella-powers a=85 b=97 -->``
    """
    x, y = integer(a, "a"), integer(b, "b")
    if x < 0 or y < 0:
        raise MacroError("a and b must be natural numbers")
    result = stella_entry(x, y)
    width = max(1, x.bit_length(), y.bit_length())
    weights = [1 << bit for bit in reversed(range(width))]
    values = [x, y, result]
    digits = [binary_digits(value, width) for value in values]
    alone = [dx != dy for dx, dy in zip(digits[0], digits[1], strict=True)]
    labels = (str(x), str(y), f"{x} ⋆ {y}")
    rows = [
        [label, *(w if digit else "" for w, digit in zip(weights, row, strict=True)), value]
        for label, row, value in zip(labels, digits, values, strict=True)
    ]
    table = html_table(
        ["", *weights, "total"],
        rows,
        caption=f"Le calcul de {x} ⋆ {y} par les puissances de 2",
        css_class="nimcore-table stella-powers",
        cell_classes=lambda row, column: (
            "is-odd" if 0 < column <= width and alone[column - 1] else ""
        ),
    )
    common = [str(w) for w, d0, d1 in zip(weights, digits[0], digits[1], strict=True) if d0 and d1]
    kept = [str(w) for w, keep in zip(weights, alone, strict=True) if keep]
    note = (
        ("Puissances communes, qui s'annulent : " + ", ".join(common) + ". " if common else "")
        + f"{x} ⋆ {y} = "
        + (" + ".join(kept) if kept else "0")
        + (f" = {result}." if len(kept) > 1 else ".")
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
