"""Placeholders of the Nim chapter about Nim itself: Nim in binary, its winning moves,
worked games and the packets of powers of two.

Stella's table, misère Nim and nim-multiplication have their own modules
(:mod:`site_hooks.tables.stella`, :mod:`~site_hooks.tables.misere`,
:mod:`~site_hooks.tables.nim_product`). Every number comes from nimcore; this
module only lays it out (tables, figures).
"""

from __future__ import annotations

import itertools

from nimcore import games, nim
from nimcore.numeration import binary_digits
from site_hooks.svg import figure, svg_document
from site_hooks.tables import (
    MacroError,
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
