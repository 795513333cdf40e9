"""Placeholders of misère Nim: its analogue of Stella's table, where it differs from
normal play, its P-positions, and the counterexample of misère sums.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import itertools

from nimcore import nim
from nimcore.nimsum import nim_sum
from site_hooks.svg import figure, grid
from site_hooks.tables import MacroError, escape, html_table, integer, macro, position_text
from site_hooks.tables.stella import power_of_two, stella_entry


def _misere_third_heap(a: int, b: int) -> int:
    """The only c for which (a, b, c) is a misère P-position, found by nimcore's analysis."""
    bound = 2 * max(a, b, 1) + 2  # a ⊕ b < 2 · max(a, b) + 1
    found = [c for c in range(bound) if nim.analyse((a, b, c), misere=True).outcome == "P"]
    if len(found) != 1:
        raise MacroError(f"({a}, {b}, c): {len(found)} misère P-positions found, expected one")
    return found[0]


@macro("misere-table")
def misere_table(size: str) -> str:
    """The misère analogue of Stella's table: the c that makes (a, b, c) a misère P-position.

    Cells where misère play differs from normal play (c ≠ a ⊕ b) are highlighted.

    ``<!-- nimcore:misere-table size=8 -->``
    """
    n = power_of_two(size, "size", 16)
    values = {(a, b): _misere_third_heap(a, b) for a in range(n) for b in range(n)}
    differ = sorted((a, b) for (a, b), c in values.items() if c != stella_entry(a, b))
    labels = [str(index) for index in range(n)]
    cells = ", ".join(f"({a}, {b})" for a, b in differ)
    svg = grid(
        n,
        n,
        label=lambda row, column: str(values[row, column]),
        css_class=lambda row, column: "fig-accent" if (row, column) in differ else "",
        cell=24,
        title=f"Nim misère à trois tas : le troisième tas perdant, de 0 à {n - 1}",
        description=(
            "À l'intersection de la ligne a et de la colonne b figure l'unique c tel que "
            f"(a, b, c) soit perdante en version misère. Les cases surlignées, {cells}, sont "
            "les seules où c diffère de la somme de Nim a ⊕ b."
        ),
        row_labels=labels,
        column_labels=labels,
        scale=1.3,
    )
    caption = (
        "Nim misère : la case (a, b) contient l'unique c qui rend (a, b, c) perdante. "
        f"En orange, les {len(differ)} cases où ce c n'est pas a ⊕ b : {cells}."
    )
    return figure(svg, caption)


@macro("misere-differences")
def misere_differences(heaps: str, max: str) -> str:
    """Positions (up to *heaps* non-empty heaps of at most *max*) whose outcome changes in misère.

    ``<!-- nimcore:misere-differences heaps=5 max=3 -->``
    """
    count, top = integer(heaps, "heaps"), integer(max, "max")
    if not 1 <= count <= 6 or not 1 <= top <= 7:
        raise MacroError("heaps must lie between 1 and 6, max between 1 and 7")
    examined = 0
    changed: list[tuple[int, ...]] = []
    rows = []
    for number in range(count + 1):
        for position in itertools.combinations_with_replacement(range(1, top + 1), number):
            examined += 1
            heaps_or_empty = position or (0,)
            normal = nim.analyse(heaps_or_empty).outcome
            misere = nim.analyse(heaps_or_empty, misere=True).outcome
            if normal != misere:
                changed.append(position)
                rows.append([position_text(position) if position else "aucun tas", normal, misere])
    if any(heap > 1 for position in changed for heap in position):
        raise MacroError("a position with a heap of 2 or more changes outcome in misère play")
    table = html_table(
        ["position", "version normale", "version misère"],
        rows,
        caption=(
            f"Positions d'au plus {count} tas non vides, d'au plus {top} allumettes chacun, "
            "dont le sort change en version misère (P : perdante, N : gagnante pour qui doit jouer)"
        ),
        css_class="nimcore-table misere-differences",
        row_header=False,
        cell_classes=lambda row, column: "is-p" if column and rows[row][column] == "P" else "",
    )
    note = (
        f"Sur {examined} positions (à l'ordre des tas près), "
        f"{len(rows)} changent de sort, et ce sont exactement celles dont tous les tas "
        "ont une seule allumette."
    )
    if len(changed) != count + 1:
        raise MacroError("unexpected list of positions that change outcome")
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'


@macro("misere-p-positions")
def misere_p_positions(heaps: str, max: str) -> str:
    """The misère P-positions of 1 to *heaps* non-empty heaps of at most *max* matches.

    ``<!-- nimcore:misere-p-positions heaps=4 max=4 -->``
    """
    count, top = integer(heaps, "heaps"), integer(max, "max")
    if not 1 <= count <= 5 or not 1 <= top <= 7:
        raise MacroError("heaps must lie between 1 and 5, max between 1 and 7")
    rows = []
    for number in range(1, count + 1):
        found = [
            position_text(position)
            for position in itertools.combinations_with_replacement(range(1, top + 1), number)
            if nim.analyse(position, misere=True).outcome == "P"
        ]
        rows.append([number, " ".join(found) if found else "—"])
    return html_table(
        ["nombre de tas", "positions perdantes en version misère"],
        rows,
        caption=(
            f"Nim misère : les positions perdantes de 1 à {count} tas non vides "
            f"d'au plus {top} allumettes (tas rangés par ordre croissant)"
        ),
        css_class="nimcore-table misere-p-positions",
    )


def _outcome(position: tuple[int, ...], misere: bool) -> str:
    return "P" if nim.is_p_position(position, misere=misere) else "N"


@macro("misere-sum-counterexample")
def misere_sum_counterexample() -> str:
    """Two misère P-positions A, B and a position X with A + X and B + X of different outcomes.

    ``<!-- nimcore:misere-sum-counterexample -->``
    """
    found = nim.misere_sum_counterexample()
    if found is None:
        raise MacroError("no misère counterexample among the small positions")
    first, second, other = found
    rows = [
        [
            f"{label} = {position_text(position)}",
            _outcome(position, True),
            position_text(position + other),
            nim_sum(position + other),
            _outcome(position + other, True),
        ]
        for label, position in (("A", first), ("B", second))
    ]
    table = html_table(
        [
            "composante",
            "issue seule",
            f"avec X = {position_text(other)}",
            "somme de Nim",
            "issue",
        ],
        rows,
        caption=(
            "Nim misère : deux positions perdantes qui ne se remplacent pas l'une l'autre"
            " dans une somme"
        ),
        css_class="nimcore-table misere-sums",
    )
    note = (
        f"Positions du Nim ; « avec X » désigne la position obtenue en ajoutant les tas de X."
        f" Parmi les positions d'au plus trois tas d'au plus trois allumettes, voici le plus"
        f" petit exemple (en nombre total d'allumettes) : A"
        f" = {position_text(first)} et B = {position_text(second)} sont perdantes en misère,"
        f" mais A + X et B + X n'ont pas la même issue."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
