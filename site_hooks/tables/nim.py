"""Placeholders of the Nim chapter: Nim in binary, its winning moves and worked games,
Stella's table (the nim-addition table) and its sequel, nim-multiplication, and misère
Nim with the counterexample of misère sums.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import itertools

from nimcore import games, nim
from nimcore.nimsum import (
    MAX_PRODUCT_TABLE_SIZE,
    mex_table,
    nim_product_mex_table,
    nim_product_table,
    nim_sum,
    nim_sum_table,
)
from nimcore.numeration import binary_digits
from site_hooks.svg import figure, grid, svg_document
from site_hooks.tables import (
    MacroError,
    bounded,
    escape,
    flag,
    html_table,
    integer,
    integers,
    macro,
    position_text,
)


def _powers_sum(value: int) -> str:
    """13 → '8 + 4 + 1' (0 → '0')."""
    digits = binary_digits(value)
    width = len(digits)
    parts = [str(1 << (width - 1 - index)) for index, digit in enumerate(digits) if digit]
    return " + ".join(parts) if parts else "0"


@macro("nim-binary")
def nim_binary(heaps: str) -> str:
    """The binary table of a Nim position with its column counts and parities.

    ``<!-- nimcore:nim-binary heaps=12,10,6,5 -->``
    """
    analysis = nim.analyse(integers(heaps, "heaps"))
    odd = [ones % 2 == 1 for ones in analysis.column_ones]
    rows: list[list[object]] = [
        [heap, *digits] for heap, digits in zip(analysis.heaps, analysis.rows, strict=True)
    ]
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


@macro("nim-binary-numbers")
def nim_binary_numbers(count: str) -> str:
    """The numbers 0, 1, …, count − 1 in base 2 and as sums of powers of two.

    ``<!-- nimcore:nim-binary-numbers count=16 -->``
    """
    total = integer(count, "count")
    if not 1 <= total <= 64:
        raise MacroError(f"count={count!r} must lie between 1 and 64")
    width = max(1, (total - 1).bit_length())
    rows = [[n, "".join(map(str, binary_digits(n, width))), _powers_sum(n)] for n in range(total)]
    return html_table(
        ["n", "en base 2", "somme de puissances de 2"],
        rows,
        caption=f"Les entiers de 0 à {total - 1} en base 2",
        css_class="nimcore-table nim-binary-numbers",
    )


@macro("nim-winning-moves")
def nim_winning_moves(heaps: str, misere: str = "false") -> str:
    """Every winning move of a Nim position, with the nim-sum that finds it.

    ``<!-- nimcore:nim-winning-moves heaps=12,10,6,5 -->``
    """
    variant = flag(misere, "misere")
    analysis = nim.analyse(integers(heaps, "heaps"), misere=variant)
    total = analysis.nim_sum
    where = f"la position {position_text(analysis.heaps)}"
    if not analysis.winning_moves:
        text = f"Aucun coup gagnant depuis {where} : elle est perdante pour qui doit jouer (P)."
        return f'<p class="nimcore-note">{escape(text)}</p>'
    rows = []
    for move in analysis.winning_moves:
        rule = (
            f"{move.before} ⊕ {total} = {move.after}"
            if move.after == move.before ^ total
            else f"{move.after} (règle misère)"
        )
        rows.append([move.heap + 1, move.before, rule, move.take, position_text(move.to)])
    variant_name = "Nim misère" if variant else "Nim"
    table = html_table(
        ["tas n°", "taille h", "nouvelle taille", "on retire", "position obtenue"],
        rows,
        caption=f"{variant_name} : les coups gagnants depuis {position_text(analysis.heaps)}",
        css_class="nimcore-table nim-winning-moves",
    )
    count = len(analysis.winning_moves)
    note = f"Somme de Nim de la position : {total} (en base 2 : {total:b}). " + (
        "Un seul coup gagnant." if count == 1 else f"{count} coups gagnants."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'


def _parse_replies(replies: str) -> list[tuple[int, int]]:
    """'2:5,1:0' → [(1, 5), (0, 0)]: heap number (from 1) and the size it is reduced to."""
    parsed = []
    for item in filter(None, replies.split(",")):
        heap, _, after = item.partition(":")
        parsed.append((integer(heap, "replies") - 1, integer(after, "replies")))
    return parsed


def _game_moves(
    start: tuple[int, ...], replies: str, variant: bool, opening: str = ""
) -> list[tuple[tuple[int, ...], nim.NimMove]]:
    """The moves of a whole game from *start*, each with the position it is played from.

    A (moves 1, 3, 5…) plays the *opening* moves given, then the registry's computer move;
    B plays the *replies* in turn (``2:5`` reduces heap 2 to 5), then
    the registry's computer move once they run out. Every given move is checked and
    played by ``nim.play``.
    """
    given = (_parse_replies(opening), _parse_replies(replies))
    position = start
    moves: list[tuple[tuple[int, ...], nim.NimMove]] = []
    while any(position):
        planned = given[len(moves) % 2]
        if planned:
            index, after = planned.pop(0)
            if not 0 <= index < len(position) or not 0 <= after < position[index]:
                raise MacroError(
                    f"{('opening', 'replies')[len(moves) % 2]}: le tas {index + 1} ne peut pas"
                    f" passer à {after} dans {position_text(position)}"
                )
            before = position[index]
            move = nim.NimMove(
                index, before - after, before, nim.play(position, index, before - after)
            )
        else:
            best = games.perfect_move("nim", position, {"misere": variant})
            assert isinstance(best, nim.NimMove)
            move = best
        moves.append((position, move))
        position = move.to
    for planned, name, player in ((given[0], "opening", "A"), (given[1], "replies", "B")):
        if planned:
            raise MacroError(
                f"{name}: {len(planned)} coup(s) de {player} inutilisé(s), la partie est finie"
            )
    return moves


def _start(heaps: str) -> tuple[int, ...]:
    start = nim.validate_heaps(integers(heaps, "heaps"))
    if not any(start):
        raise MacroError(f"heaps={heaps!r}: the game needs at least one match")
    return start


@macro("nim-game")
def nim_game(heaps: str, replies: str = "", misere: str = "false", opening: str = "") -> str:
    """A whole game: A plays nimcore's perfect move, B the replies given (then nimcore's).

    ``replies=2:5,1:0`` means: B's first move reduces heap 2 to 5, his second
    empties heap 1. When the list runs out B plays the registry's computer move too.
    ``opening=3:0`` gives A's first moves the same way (a move a source played).
    Every move is checked by ``nim.play``; each row shows the nim-sum reached.

    ``<!-- nimcore:nim-game heaps=11,9,7 replies=1:5,2:4 -->``
    """
    variant = flag(misere, "misere")
    start = _start(heaps)
    opened = len(_parse_replies(opening))
    moves = _game_moves(start, replies, variant, opening)
    width = max(start).bit_length()
    rows: list[list[object]] = []
    p_rows: set[int] = set()

    def record(number: object, player: str, text: str, reached: tuple[int, ...]) -> None:
        analysis = nim.analyse(reached, misere=variant)
        if analysis.outcome == "P":
            p_rows.add(len(rows))
        total = analysis.nim_sum
        rows.append([number, player, text, position_text(reached), total, f"{total:0{width}b}"])

    record("départ", "", "", start)
    for number, (_, move) in enumerate(moves, 1):
        record(number, "AB"[(number - 1) % 2], move.text, move.to)
    last_player = (len(moves) - 1) % 2
    table = html_table(
        ["coup", "joueur", "coup joué", "position obtenue", "somme de Nim", "en base 2"],
        rows,
        caption=(
            f"{'Nim misère' if variant else 'Nim'} : une partie depuis {position_text(start)}, "
            + (
                f"A jouant {'le coup donné' if opened == 1 else 'les coups donnés'}, puis"
                " en joueur parfait"
                if opened
                else "A jouant en joueur parfait"
            )
        ),
        css_class="nimcore-table nim-game",
        cell_classes=lambda row, column: "is-p" if row in p_rows and column == 3 else "",
    )
    winner = "A" if (last_player == 0) != variant else "B"
    ending = (
        f"{'AB'[last_player]} prend la dernière allumette et "
        + ("perd (règle misère)" if variant else "gagne")
        + f" : {winner} l'emporte en {len(moves)} coups."
    )
    return f'{table}\n<p class="nimcore-note">{escape(ending)}</p>'


@macro("nim-game-divergence")
def nim_game_divergence(heaps: str, replies: str = "") -> str:
    """Where the same game, played in normal and in misère Nim, first differs.

    ``<!-- nimcore:nim-game-divergence heaps=11,9,7 replies=1:5,2:4,1:0 -->`` — B
    plays the same *replies* in both games, A the engine's move of each version.
    """
    start = _start(heaps)
    normal = _game_moves(start, replies, False)
    misere = _game_moves(start, replies, True)
    shared = next(
        (
            index
            for index, (first, second) in enumerate(zip(normal, misere, strict=False))
            if first[1] != second[1]
        ),
        None,
    )
    if shared is None:
        raise MacroError(f"heaps={heaps!r}: the two games never differ")
    position, played = misere[shared]
    other = normal[shared][1]
    lost = nim.analyse(played.to, misere=True).outcome == "P"
    opening = (
        f"Les {shared} premiers coups sont les mêmes dans les deux versions."
        if shared > 1
        else ("Le premier coup est le même dans les deux versions." if shared else "")
    )
    note = (
        f"{opening} Au coup {shared + 1}, devant {position_text(position)}, le joueur parfait"
        f" joue « {other.text} » au Nim normal, ce qui laisse {position_text(other.to)}, mais"
        f" « {played.text} » en version misère, ce qui laisse {position_text(played.to)}"
        + (", une position perdante en version misère." if lost else ".")
    )
    return f'<p class="nimcore-note">{escape(note.strip())}</p>'


@macro("nim-packets")
def nim_packets(heaps: str) -> str:
    """The heaps drawn as packets of 1, 2, 4, 8… matches, odd columns highlighted.

    ``<!-- nimcore:nim-packets heaps=11,9,7 -->``
    """
    analysis = nim.analyse(integers(heaps, "heaps"))
    if max(analysis.heaps) > 63:
        raise MacroError(f"heaps={heaps!r}: the figure draws heaps of at most 63 matches")
    odd = [ones % 2 == 1 for ones in analysis.column_ones]
    stick, gap, pad, row_height, left, top = 6.0, 14.0, 3.0, 34.0, 52.0, 22.0
    widths = [weight * stick + 2 * pad for weight in analysis.weights]
    starts = list(itertools.accumulate([left] + [width + gap for width in widths[:-1]]))
    total_width = starts[-1] + widths[-1] + 8
    parts = []
    bottom = top + len(analysis.heaps) * row_height + 8
    columns = zip(analysis.weights, starts, widths, strict=True)
    for column, (weight, start, width) in enumerate(columns):
        parts.append(
            f'<text class="fig-muted" x="{start + width / 2:g}" y="{top - 8:g}" '
            f'text-anchor="middle" font-size="11">{weight}</text>'
        )
        count = analysis.column_ones[column]
        parts.append(
            f'<text class="fig-muted" x="{start + width / 2:g}" y="{bottom:g}" '
            f'text-anchor="middle" font-size="11">{count}</text>'
        )
    parts.append(
        f'<text class="fig-muted" x="{left - 10:g}" y="{bottom:g}" '
        f'text-anchor="end" font-size="10">paquets</text>'
    )
    for row, (heap, digits) in enumerate(zip(analysis.heaps, analysis.rows, strict=True)):
        y = top + row * row_height
        parts.append(
            f'<text class="fig-label" x="{left - 10:g}" y="{y + row_height / 2 - 2:g}" dy="0.35em" '
            f'text-anchor="end" font-size="12">{heap}</text>'
        )
        for column, digit in enumerate(digits):
            if not digit:
                continue
            weight, start, width = analysis.weights[column], starts[column], widths[column]
            css = "fig-cell fig-accent" if odd[column] else "fig-cell fig-block-0"
            parts.append(
                f'<rect class="{css}" x="{start:g}" y="{y:g}" width="{width:g}" '
                f'height="{row_height - 6:g}" rx="3"/>'
            )
            for index in range(weight):
                x = start + pad + index * stick + stick * 0.3
                parts.append(
                    f'<rect class="fig-label" x="{x:g}" y="{y + 5:g}" width="{stick * 0.4:g}" '
                    f'height="{row_height - 16:g}"/>'
                )
    height = top + len(analysis.heaps) * row_height + 16
    odd_weights = [str(w) for w, flag in zip(analysis.weights, odd, strict=True) if flag]
    description = (
        f"Chaque tas de la position {position_text(analysis.heaps)} est coupé en paquets de "
        "1, 2, 4, 8… allumettes, rangés en colonnes. "
        + (
            "Chaque colonne contient un nombre pair de paquets."
            if not odd_weights
            else "Les colonnes qui contiennent un nombre impair de paquets sont celles de "
            + ", ".join(odd_weights)
            + "."
        )
    )
    svg = svg_document(
        total_width,
        height,
        "".join(parts),
        title=f"La position {position_text(analysis.heaps)} en paquets de puissances de 2",
        description=description,
        scale=1.5,
    )
    caption = (
        f"La position {position_text(analysis.heaps)} rangée en paquets de puissances de 2. "
        + (
            "Toutes les colonnes ont un nombre pair de paquets : position équilibrée."
            if not odd_weights
            else "En orange, les colonnes qui ont un nombre impair de paquets."
        )
    )
    return figure(svg, caption)


def _stella(a: int, b: int) -> int:
    """The entry a ⋆ b of Stella's table: the nim-sum a ⊕ b, from nimcore."""
    return nim_sum((a, b))


def _power_of_two(value: str, name: str, largest: int) -> int:
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
    n = _power_of_two(size, "size", 16)
    half = n // 2
    table = nim_sum_table(n)
    if colour == "levels":

        def css(row: int, column: int) -> str:
            level = table[row][column].bit_length()
            return f"fig-block-{level - 1}" if level else ""

        description = (
            f"Table de Stella de 0 à {n - 1} : à l'intersection de la ligne a et de la colonne b "
            "figure a ⋆ b. Les 0 forment la diagonale ; les cases valant 1 sont en bleu, "
            "de 2 à 3 en orange, de 4 à 7 en violet, de 8 à 15 en vert : "
            "elles forment des carrés emboîtés de côté 1, 2, 4 et 8."
        )
        caption = (
            f"La table de Stella de 0 à {n - 1}. Couleurs : blanc pour 0, "
            "bleu pour 1, orange de 2 à 3, violet de 4 à 7, vert de 8 à 15. Chaque carré "
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
    labels = [str(index) for index in range(n)]
    svg = grid(
        n,
        n,
        label=lambda row, column: str(table[row][column]),
        css_class=css,
        cell=24,
        title=f"Table de Stella de 0 à {n - 1}",
        description=description,
        row_labels=labels,
        column_labels=labels,
        scale=1.3,
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
    result = _stella(x, y)
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
    n = _power_of_two(size, "size", 16)
    values = {(a, b): _misere_third_heap(a, b) for a in range(n) for b in range(n)}
    differ = sorted((a, b) for (a, b), c in values.items() if c != _stella(a, b))
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


@macro("nim-product-table")
def nim_product_figure(size: str) -> str:
    """The nim-multiplication table of size × size, coloured by the size of each entry.

    ``<!-- nimcore:nim-product-table size=16 -->``
    """
    n = integer(size, "size")
    if n not in (4, 8, 16):
        raise MacroError(f"size={size!r} must be 4, 8 or 16")
    table = nim_product_table(n)

    def css(row: int, column: int) -> str:
        level = table[row][column].bit_length()
        return f"fig-block-{level - 1}" if level else ""

    labels = [str(index) for index in range(n)]
    svg = grid(
        n,
        n,
        label=lambda row, column: str(table[row][column]),
        css_class=css,
        cell=24,
        title=f"Table de multiplication de Nim de 0 à {n - 1}",
        description=(
            f"À l'intersection de la ligne a et de la colonne b figure a ⊗ b, pour a et b de 0"
            f" à {n - 1}. La première ligne et la première colonne sont nulles, la ligne 1"
            " recopie les entiers ; chaque ligne non nulle contient chaque nombre de 0 à"
            f" {n - 1} exactement une fois."
        ),
        row_labels=labels,
        column_labels=labels,
        scale=1.3,
    )
    caption = (
        f"La table de multiplication de Nim de 0 à {n - 1}."
        " Couleurs : blanc pour 0, bleu pour 1, orange de 2 à 3, violet de 4 à 7, vert de 8"
        " à 15."
    )
    return figure(svg, caption)


@macro("nim-product-check")
def nim_product_check(size: str) -> str:
    """Compare the mex definition of a ⊗ b with the computation by Fermat 2-powers.

    ``<!-- nimcore:nim-product-check size=32 -->``
    """
    n = bounded(integer(size, "size"), "size", 1, MAX_PRODUCT_TABLE_SIZE)
    by_mex, by_formula = nim_product_mex_table(n), nim_product_table(n)
    if by_mex != by_formula:
        raise MacroError(f"the two nim-multiplication tables of size {n} differ")
    cells = f"{n * n:,}".replace(",", "\u202f")
    text = (
        f"De 0 à {n - 1}, la table remplie case par case"
        " par la définition (le plus petit nombre qui n'est pas de la forme"
        " (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′)) et la table calculée par les puissances de Fermat"
        f" coïncident sur leurs {cells} cases."
    )
    return f'<p class="nimcore-note">{escape(text)}</p>'


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
