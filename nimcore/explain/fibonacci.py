"""The French sentences that justify a Fibonacci Nim hint (:func:`nimcore.fibonacci.analyse`).

The arithmetic (Zeckendorf writing, winning takes) is :mod:`nimcore.fibonacci`'s;
this module only puts it into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from nimcore.french import plural, typeset

if TYPE_CHECKING:
    from nimcore.fibonacci import FibonacciMove, Position


#: Writings with more terms than this are shortened in the sentences.
_SHOWN_TERMS = 6


def _sum_text(terms: Sequence[int]) -> str:
    """'21 + 3', shortened with an ellipsis and a count when long (terms largest first)."""
    if len(terms) <= _SHOWN_TERMS:
        return " + ".join(str(term) for term in terms)
    head = " + ".join(str(term) for term in terms[:2])
    tail = " + ".join(str(term) for term in terms[-2:])
    return f"{head} + … + {tail} ({len(terms)} termes)"


def _writing_text(tokens: int, terms: Sequence[int], digits: Sequence[int]) -> str:
    word = "".join(str(digit) for digit in digits)
    shown_word = f" (mot {word})" if len(word) <= 40 else ""
    if len(terms) == 1:
        return (
            f"{tokens} est un nombre de Fibonacci : son écriture de Zeckendorf est ce seul"
            f" terme{shown_word}."
        )
    return (
        f"{tokens} = {_sum_text(terms)} : c'est l'écriture de Zeckendorf de {tokens}{shown_word},"
        " une somme de nombres de Fibonacci dont deux ne se suivent jamais."
    )


def explain(
    position: Position,
    terms: tuple[int, ...],
    digits: tuple[int, ...],
    found: tuple[FibonacciMove, ...],
    recommended: FibonacciMove | None,
) -> tuple[str, ...]:
    tokens, limit = position
    if tokens == 0:
        return (typeset("Il ne reste aucun jeton : celui qui a pris le dernier a gagné."),)
    if limit == 0:
        return (
            typeset(
                "Aucun retrait n'est permis (au premier coup il faut laisser au moins un jeton) :"
                " la position est perdante."
            ),
        )
    sentences = [_writing_text(tokens, terms, digits)]
    smallest = terms[-1]
    if recommended is None:
        sentences.append(
            f"Son plus petit terme, {smallest}, dépasse la limite : vous ne pouvez prendre"
            f" que {plural(limit, 'jeton')}. La position est perdante pour qui doit jouer."
        )
        sentences.append(
            "Quel que soit le retrait x, il restera un nombre dont le plus petit terme de"
            " Zeckendorf vaut au plus 2x : l'adversaire pourra le retirer, et vous retrouverez"
            " une position perdante."
        )
        return tuple(typeset(sentence) for sentence in sentences)
    if recommended.take == tokens:
        sentences.append(
            f"Vous avez le droit de prendre jusqu'à {plural(limit, 'jeton')} : prenez les"
            f" {tokens} qui restent, et vous avez gagné."
        )
    else:
        rest, next_limit = recommended.to
        rest_terms = terms[:-1]
        sentences.append(
            f"Son plus petit terme est {smallest}, et vous pouvez prendre jusqu'à"
            f" {plural(limit, 'jeton')} : retirez-en {smallest}."
        )
        rest_text = (
            f"{rest}, un nombre de Fibonacci"
            if len(rest_terms) == 1
            else f"{rest} = {_sum_text(rest_terms)}"
        )
        sentences.append(
            f"Il reste {rest_text} ; l'adversaire pourra prendre au plus"
            f" {plural(next_limit, 'jeton')}, moins que le plus petit terme {rest_terms[-1]}"
            f" (deux termes ne se suivent pas, donc {rest_terms[-1]} > 2 × {smallest})."
            " Il ne peut ni tout prendre ni retirer ce terme : la position qu'il reçoit est"
            " perdante."
        )
    others = [move.take for move in found if move is not recommended]
    if others:
        listed = ", ".join(str(take) for take in others[:5]) + (", …" if len(others) > 5 else "")
        if len(others) == 1:
            sentences.append(
                f"Autre coup gagnant : retirer {listed}, une somme des plus petits termes de"
                " l'écriture, qui laisse un reste dont le plus petit terme dépasse le double"
                " du retrait."
            )
        else:
            sentences.append(
                f"Autres coups gagnants ({len(others)}) : retirer {listed} ; chacun est une"
                " somme des plus petits termes de l'écriture et laisse un reste dont le plus"
                " petit terme dépasse le double du retrait."
            )
    return tuple(typeset(sentence) for sentence in sentences)
