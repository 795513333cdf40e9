"""Placeholders of the chapter on Moore's Nim_k: the columns of binary digits counted
modulo k + 1, the winning moves, a worked game and the P-positions of misère Nim_k.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import itertools

from nimcore import games, moore
from site_hooks.tables import (
    MacroError,
    escape,
    html_table,
    integer,
    integers,
    macro,
    position_text,
)


@macro("moore-columns")
def moore_columns(heaps: str, k: str) -> str:
    """The binary table of a Nim_k position, its column sums and their residues modulo k + 1.

    ``<!-- nimcore:moore-columns heaps=11,9,7 k=2 -->``
    """
    analysis = moore.analyse(integers(heaps, "heaps"), integer(k, "k"))
    modulus = analysis.k + 1
    bad = [residue != 0 for residue in analysis.column_residues]
    rows: list[list[object]] = [
        [heap, *digits] for heap, digits in zip(analysis.heaps, analysis.rows, strict=True)
    ]
    rows.append(["nombre de 1", *analysis.column_ones])
    rows.append([f"reste modulo {modulus}", *analysis.column_residues])
    table = html_table(
        ["tas", *analysis.weights],
        rows,
        caption=(
            f"Jeu de Moore avec k = {analysis.k} : "
            f"la position {position_text(analysis.heaps)} en base 2"
        ),
        css_class="nimcore-table moore-columns",
        cell_classes=lambda row, column: "is-odd" if column and bad[column - 1] else "",
    )
    verdict = (
        f"chaque colonne contient un multiple de {modulus} chiffres 1 : position perdante (P)"
        if analysis.outcome == "P"
        else f"restes {analysis.nim_k_sum} : au moins une colonne n'est pas un multiple de "
        f"{modulus}, position gagnante (N)"
    )
    return f'{table}\n<p class="nimcore-note">{escape(verdict)}.</p>'


@macro("moore-winning-moves")
def moore_winning_moves(heaps: str, k: str) -> str:
    """Every winning move of a Nim_k position.

    ``<!-- nimcore:moore-winning-moves heaps=3,5,4,2 k=2 -->``
    """
    analysis = moore.analyse(integers(heaps, "heaps"), integer(k, "k"))
    where = position_text(analysis.heaps)
    if not analysis.winning_moves:
        text = (
            f"Jeu de Moore avec k = {analysis.k} : aucun coup gagnant depuis {where}, "
            "position perdante pour qui doit jouer (P)."
        )
        return f'<p class="nimcore-note">{escape(text)}</p>'
    rows = [
        [index, move.text, position_text(move.to)]
        for index, move in enumerate(analysis.winning_moves, start=1)
    ]
    count = len(rows)
    return html_table(
        ["", "coup gagnant", "position obtenue"],
        rows,
        caption=(
            f"Jeu de Moore avec k = {analysis.k} : "
            + ("le seul coup gagnant" if count == 1 else f"les {count} coups gagnants")
            + f" depuis {where}"
        ),
        css_class="nimcore-table moore-winning-moves",
    )


def _parse_moore_replies(replies: str, size: int) -> list[list[int]]:
    """'4:0/1:0,3:0' → per reply, the tokens to take from each heap (heaps counted from 1)."""
    parsed = []
    for reply in filter(None, replies.split("/")):
        targets: dict[int, int] = {}
        for item in filter(None, reply.split(",")):
            heap, _, after = item.partition(":")
            index = integer(heap, "replies") - 1
            if not 0 <= index < size:
                raise MacroError(f"replies: le tas {index + 1} n'existe pas")
            targets[index] = integer(after, "replies")
        parsed.append([targets.get(index, -1) for index in range(size)])
    return parsed


@macro("moore-game")
def moore_game(heaps: str, k: str, replies: str = "") -> str:
    """A whole Nim_k game: A plays nimcore's perfect move, B the replies given (then nimcore's).

    ``replies=4:0/1:0`` means: B's first move empties heap 4, his second heap 1;
    ``2:1,3:0`` would reduce heap 2 to 1 and empty heap 3 in one move. Every move
    is checked by ``moore.play``; each row shows the column sums modulo k + 1.

    ``<!-- nimcore:moore-game heaps=3,5,4,2 k=2 replies=4:0/1:0 -->``
    """
    modulus_k = integer(k, "k")
    position = start = moore.validate_heaps(integers(heaps, "heaps"))
    if not any(position):
        raise MacroError(f"heaps={heaps!r}: the game needs at least one match")
    planned = _parse_moore_replies(replies, len(position))
    width = max(position).bit_length()
    rows: list[list[object]] = []
    p_rows: set[int] = set()

    def record(number: object, player: str, text: str, reached: tuple[int, ...]) -> None:
        analysis = moore.analyse(reached, modulus_k)
        ones = [sum((heap >> bit) & 1 for heap in reached) for bit in reversed(range(width))]
        residues = "".join(str(count % (modulus_k + 1)) for count in ones)
        if analysis.outcome == "P":
            p_rows.add(len(rows))
        rows.append([number, player, text, position_text(reached), residues])

    record("départ", "", "", position)
    player = number = 0
    last_player = 0
    while any(position):
        number += 1
        if player == 1 and planned:
            targets = planned.pop(0)
            takes = [
                0 if after < 0 else heap - after
                for heap, after in zip(position, targets, strict=True)
            ]
            if any(take < 0 for take in takes):
                raise MacroError(
                    f"replies: un tas ne grandit pas, depuis {position_text(position)}"
                )
            move = moore.MooreMove(position, moore.play(position, takes, modulus_k))
        else:
            best = games.perfect_move("moore", position, {"k": modulus_k})
            assert isinstance(best, moore.MooreMove)
            move = best
        position = move.to
        record(number, "AB"[player], move.text, position)
        last_player, player = player, 1 - player
    if planned:
        raise MacroError(f"replies: {len(planned)} coup(s) de B inutilisé(s), la partie est finie")
    columns = ", ".join(str(1 << bit) for bit in reversed(range(width)))
    table = html_table(
        ["coup", "joueur", "coup joué", "position obtenue", f"restes modulo {modulus_k + 1}"],
        rows,
        caption=(
            f"Jeu de Moore avec k = {modulus_k} : une partie depuis {position_text(start)}, "
            f"A jouant en joueur parfait (restes des colonnes {columns})"
        ),
        css_class="nimcore-table moore-game",
        cell_classes=lambda row, column: "is-p" if row in p_rows and column == 3 else "",
    )
    ending = f"{'AB'[last_player]} prend la dernière allumette et gagne, en {number} coups."
    return f'{table}\n<p class="nimcore-note">{escape(ending)}</p>'


@macro("moore-p-positions")
def moore_p_positions(heaps: str, k: str, max: str) -> str:
    """The Nim_k P-positions of exactly *heaps* non-empty heaps of at most *max* matches.

    ``<!-- nimcore:moore-p-positions heaps=4 k=2 max=7 -->``
    """
    count, modulus_k, top = integer(heaps, "heaps"), integer(k, "k"), integer(max, "max")
    if not 1 <= count <= 6 or not 1 <= top <= 15:
        raise MacroError("heaps must lie between 1 and 6, max between 1 and 15")
    found = [
        position_text(position)
        for position in itertools.combinations_with_replacement(range(1, top + 1), count)
        if moore.is_p_position(position, modulus_k)
    ]
    text = " ".join(found) if found else "aucune"
    intro = (
        f"Jeu de Moore avec k = {modulus_k} : les {len(found)} positions perdantes de "
        f"{count} tas non vides d'au plus {top} allumettes (tas rangés par ordre croissant) :"
    )
    return f'<p class="nimcore-note">{escape(intro)}</p>\n<p>{escape(text)}</p>'


@macro("moore-misere-p-positions")
def moore_misere_p_positions(heaps: str, k: str, max: str) -> str:
    """Nim_k positions of 1 to *heaps* non-empty heaps of at most *max* matches, lost in a version.

    ``<!-- nimcore:moore-misere-p-positions heaps=4 k=2 max=3 -->``
    """
    count, modulus_k, top = integer(heaps, "heaps"), integer(k, "k"), integer(max, "max")
    if not 1 <= count <= 6 or not 1 <= top <= 15:
        raise MacroError("heaps must lie between 1 and 6, max between 1 and 15")
    rows = []
    for size in range(1, count + 1):
        for position in itertools.combinations_with_replacement(range(1, top + 1), size):
            normal = moore.is_p_position(position, modulus_k)
            misere = moore.is_p_position(position, modulus_k, misere=True)
            if normal or misere:
                rows.append(
                    [
                        position_text(position),
                        "perdante" if normal else "gagnante",
                        "perdante" if misere else "gagnante",
                    ]
                )
    return html_table(
        ["position", "version normale", "version misère"],
        rows,
        caption=(
            f"Jeu de Moore avec k = {modulus_k} : les positions de 1 à {count} tas non vides"
            f" d'au plus {top} allumettes qui sont perdantes dans l'une au moins des deux versions"
        ),
        css_class="nimcore-table moore-misere",
        cell_classes=lambda row, column: (
            "is-p" if column and rows[row][column] == "perdante" else ""
        ),
    )
