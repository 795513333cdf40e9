"""The French sentences that justify a Wythoff hint (:func:`nimcore.wythoff.analyse`).

The arithmetic (Beatty pairs, golden ratio, winning moves) is
:mod:`nimcore.wythoff`'s; this module only puts it into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimcore.french import plural, typeset
from nimcore.numeration import beatty_pair

if TYPE_CHECKING:
    from nimcore.wythoff import Heaps, Side, WythoffMove


_GOLDEN = (
    "Les positions perdantes sont (0, 0) et les paires (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k),"
    " où φ = (1 + √5)/2 ≈ 1,618 est le nombre d'or, ainsi que leurs symétriques :"
    " (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)…"
)


def _heap_text(index: int, heap: int, k: int, side: Side, other: int) -> str:
    if heap == 0:
        return f"le tas {index} est vide, et (0, 0) est la seule position perdante sans jeton"
    formula = f"⌊{k}φ⌋" if side == "lower" else f"⌊{k}φ²⌋"
    pair = (heap, other) if side == "lower" else (other, heap)
    return (
        f"le tas {index} ({heap}) vaut {formula} : il appartient à la paire n° {k},"
        f" ({pair[0]}, {pair[1]})"
    )


def explain(
    heaps: Heaps,
    indices: tuple[tuple[int, Side], tuple[int, Side]],
    partners: Heaps,
    found: tuple[tuple[WythoffMove, int], ...],
    recommended: tuple[WythoffMove, int] | None,
) -> tuple[str, ...]:
    a, b = heaps
    if heaps == (0, 0):
        return (typeset("Il ne reste aucun jeton : celui qui a pris le dernier a gagné."),)
    sentences = [_GOLDEN]
    if recommended is None:
        k = abs(b - a)
        sentences.append(
            f"({a}, {b}) est la paire n° {k} : ⌊{k}φ⌋ = {min(a, b)} et ⌊{k}φ²⌋ = {max(a, b)},"
            f" dont l'écart vaut {k}. La position est perdante pour qui doit jouer."
        )
        sentences.append(
            "D'après le théorème de Beatty, chaque ligne, chaque colonne et chaque diagonale"
            " du quadrillage contient une seule position perdante. Tout coup se déplace sur"
            " l'une d'elles et quitte donc la seule perdante qu'elle contient : l'adversaire"
            " recevra une position gagnante."
        )
        return tuple(typeset(sentence) for sentence in sentences)
    first = _heap_text(1, a, indices[0][0], indices[0][1], partners[0])
    second = _heap_text(2, b, indices[1][0], indices[1][1], partners[1])
    sentences.append(f"{first[0].upper()}{first[1:]} ; {second}.")
    move, k = recommended
    low, high = beatty_pair(k)
    if move.kind == "both":
        if k == 0:
            sentences.append(
                f"Les deux tas sont égaux : retirez {plural(move.take_a, 'jeton')} de chaque tas"
                " pour les vider et gagner."
            )
        else:
            sentences.append(
                f"L'écart entre les tas vaut {k} ; la seule position perdante à cet écart est la"
                f" paire n° {k}, ({low}, {high}). Retirez {plural(move.take_a, 'jeton')} de"
                f" chaque tas : l'écart ne change pas et vous atteignez {move.to}."
            )
    else:
        kept = 1 if move.kind == "heap 2" else 2
        changed = 3 - kept
        if k == 0:
            sentences.append(
                f"Le tas {kept} est vide : prenez tout le tas {changed} et vous avez gagné."
            )
        else:
            difference = abs(b - a)
            d_low, d_high = beatty_pair(difference)
            sentences.append(
                f"La seule position perdante d'écart {difference}, ({d_low}, {d_high}), est hors"
                f" d'atteinte en diagonale car {d_low} ≥ {min(a, b)}. Gardez le tas {kept} et"
                f" ramenez le tas {changed} à {move.to[changed - 1]} : vous atteignez la paire"
                f" n° {k}, ({low}, {high})."
            )
    others = [other for other, _ in found if other is not move]
    if others:
        listed = " ; ".join(other.text for other in others)
        sentences.append(
            ("Autre coup gagnant : " if len(others) == 1 else "Autres coups gagnants : ")
            + listed
            + "."
        )
    return tuple(typeset(sentence) for sentence in sentences)
