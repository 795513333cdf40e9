"""The French sentences that justify a Nim hint (:func:`nimcore.nim.analyse`).

The arithmetic (nim-sum, binary table, winning moves) is :mod:`nimcore.nim`'s;
this module only puts it into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimcore.french import plural, typeset

if TYPE_CHECKING:
    from nimcore.nim import NimMove


def explain(
    position: tuple[int, ...],
    misere: bool,
    total: int,
    weights: tuple[int, ...],
    column_ones: tuple[int, ...],
    recommended: NimMove | None,
) -> tuple[str, ...]:
    odd = [weight for weight, ones in zip(weights, column_ones, strict=True) if ones % 2]
    if not any(position):
        if misere:
            return ("Il ne reste aucune allumette : celui qui a pris la dernière a perdu.",)
        return ("Il ne reste aucune allumette : celui qui a pris la dernière a gagné.",)
    sentences: list[str] = []
    if misere and all(heap <= 1 for heap in position):
        ones = sum(position)
        sentences.append(
            f"Il ne reste que des tas d'une allumette ({ones}) : chaque coup en retire"
            " exactement un, et celui qui prend la dernière perd."
        )
        if recommended is None:
            sentences.append(
                "Leur nombre est impair : après votre coup il sera pair, et c'est vous"
                " qui prendrez la dernière allumette. La position est perdante."
            )
        else:
            sentences.append(
                "Leur nombre est pair : retirez-en un, il en restera un nombre impair"
                " et c'est l'adversaire qui prendra la dernière allumette."
            )
        return tuple(typeset(sentence) for sentence in sentences)
    if not odd:
        sentences.append(
            "Toutes les colonnes du tableau binaire contiennent un nombre pair de 1 :"
            " la position est équilibrée, sa somme de Nim est 0."
        )
        sentences.append(
            "Tout coup modifie un seul tas, donc une seule ligne du tableau : au moins"
            " un chiffre de cette ligne change, et sa colonne devient impaire. L'adversaire"
            " pourra toujours rééquilibrer : la position est perdante pour qui doit jouer."
        )
        if misere:
            sentences.append(
                "En version misère la règle est la même tant qu'un tas contient au moins"
                " deux allumettes."
            )
        return tuple(typeset(sentence) for sentence in sentences)
    columns = ", ".join(str(weight) for weight in odd)
    sentences.append(
        f"La somme de Nim vaut {total} (en binaire {total:b}) : "
        + (
            f"la colonne {columns} contient"
            if len(odd) == 1
            else f"les colonnes {columns} contiennent"
        )
        + " un nombre impair de 1. La position est déséquilibrée, donc gagnante pour qui doit jouer."
    )
    if recommended is None:
        # Misère, a big heap left, nim-sum not zero but every move loses: impossible.
        return tuple(typeset(sentence) for sentence in sentences)
    heap, before, after = recommended.heap + 1, recommended.before, recommended.after
    if after == before ^ total:
        sentences.append(
            f"Le tas {heap} ({before}, en binaire {before:b}) a un 1 dans la colonne {odd[0]},"
            f" la colonne impaire la plus à gauche : on le remplace par {before} ⊕ {total} = {after},"
            f" en retirant {plural(recommended.take, 'allumette')}. Toutes les colonnes"
            " redeviennent paires."
        )
        if misere:
            sentences.append(
                "En version misère on joue comme au Nim normal tant qu'il restera un tas"
                " d'au moins deux allumettes après le coup."
            )
    else:
        ones_left = sum(1 for i, size in enumerate(position) if i != recommended.heap and size == 1)
        ones_left += after
        sentences.append(
            f"Version misère : le tas {heap} est le dernier à contenir plus d'une allumette."
            f" On le réduit à {after}, pour laisser un nombre impair de tas d'une allumette"
            f" ({ones_left}) : l'adversaire prendra la dernière."
        )
    return tuple(typeset(sentence) for sentence in sentences)
