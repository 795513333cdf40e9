"""The French sentences that justify a Moore's Nim hint (:func:`nimcore.moore.analyse`).

The arithmetic (binary columns counted modulo k + 1, winning moves) is
:mod:`nimcore.moore`'s; this module only puts it into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimcore.french import plural, typeset

if TYPE_CHECKING:
    from nimcore.moore import MooreMove


def explain(
    position: tuple[int, ...],
    k: int,
    weights: tuple[int, ...],
    ones: tuple[int, ...],
    residues: tuple[int, ...],
    recommended: MooreMove | None,
    after: tuple[int, ...] | None,
) -> tuple[str, ...]:
    """The sentences; *after* counts the ones of each column once *recommended* is played."""
    modulus = k + 1
    if not any(position):
        return (typeset("Il ne reste aucune allumette : celui qui a pris la dernière a gagné."),)
    headings = ", ".join(str(weight) for weight in weights)
    sentences = [
        f"On écrit les tas en binaire et on compte les 1 de chaque colonne ({headings}) :"
        f" {', '.join(str(count) for count in ones)}. Sommes des colonnes modulo"
        f" k + 1 = {modulus} : {', '.join(str(residue) for residue in residues)}."
    ]
    if not any(residues):
        sentences.append(
            f"Chaque colonne contient un multiple de {modulus} chiffres 1 : la position est"
            " perdante pour qui doit jouer."
        )
        sentences.append(
            f"Un coup touche au plus {plural(k, 'tas', 'tas')} ; dans la plus haute colonne où"
            f" un tas touché change, entre 1 et {k} chiffres passent de 1 à 0, et le nombre de 1"
            f" de cette colonne cesse d'être un multiple de {modulus}. L'adversaire pourra"
            " toujours rétablir des multiples partout."
        )
        return tuple(typeset(sentence) for sentence in sentences)
    odd = [str(weight) for weight, residue in zip(weights, residues, strict=True) if residue]
    columns = f"la colonne {odd[0]}" if len(odd) == 1 else "les colonnes " + ", ".join(odd)
    sentences.append(
        f"Dans {columns}, le nombre de 1 n'est pas un multiple de {modulus} : la position"
        " est gagnante pour qui doit jouer."
    )
    if recommended is not None and after is not None:
        sentences.append(
            f"Coup conseillé : {recommended.text}. Les colonnes comptent alors"
            f" {', '.join(str(count) for count in after)} chiffres 1, tous multiples de {modulus}."
        )
    return tuple(typeset(sentence) for sentence in sentences)
