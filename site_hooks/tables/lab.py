"""The laboratory's form: ``<!-- nimcore:lab -->`` (docs/laboratoire.md, mounted by lab.js).

The form is written at build time, its limits and its default game read from
nimcore (:mod:`nimcore.lab`); lab.js asks the engine for the game the reader
defines and draws the answer. Without JavaScript the form stays, with a note.
"""

from __future__ import annotations

from nimcore import lab
from nimcore.french import typeset
from site_hooks.tables import escape, macro

__all__ = ["lab_form"]

#: The octal digits, in words, beside the code field.
_OCTAL_HELP = typeset(
    "Un coup retire k jetons d'un tas, et le k-ième chiffre après le point dit ce qui peut"
    " rester de ce tas : on ajoute 1 s'il peut disparaître (il avait exactement k jetons),"
    " 2 s'il peut rester un seul tas, 4 s'il peut rester deux tas non vides. Un chiffre 0"
    " interdit de retirer k jetons, un chiffre 7 permet tout. Après le 0,"
    " on peut écrire une virgule ou un point."
)
#: How the graph editor is used, beside it.
_GRAPH_HELP = typeset(
    "À la souris ou au doigt : touchez un endroit vide pour ajouter un sommet, faites glisser"
    " un sommet pour le déplacer ; touchez un sommet puis un autre pour tracer une flèche du"
    " premier vers le second (refaire le même geste l'efface) ; touchez une flèche ou un"
    " sommet puis « Supprimer » pour l'effacer. Au clavier : Tab entre dans le dessin, et les"
    " flèches du clavier vont d'un sommet ou d'une flèche à l'autre ; Maj avec une flèche du"
    " clavier déplace le sommet (avec Ctrl en plus, plus loin) ; Entrée choisit le départ"
    " d'une flèche, puis Entrée sur un autre sommet la trace ; Suppr efface le sommet ou la"
    " flèche ; la touche N ajoute un sommet ; Échap annule le choix."
)
_EXAMPLES = (("0.77", "Kayles"), ("0.07", "quilles de Dawson"), ("0.137", "les fleurs"))


def _example(code: str, name: str) -> str:
    return (
        f'<button type="button" class="md-button lab-example" data-code="{code}">'
        f"{escape(name)} {code.replace('.', ',')}</button>"
    )


@macro("lab")
def lab_form() -> str:
    """The laboratory: the form defining a game, and the place of its results.

    ``<!-- nimcore:lab -->``
    """
    default = lab.DEFAULT
    limits = "".join(f"<li>{escape(sentence)}</li>" for sentence in lab.limits_text())
    examples = " ".join(_example(code, name) for code, name in _EXAMPLES)
    field = 'autocomplete="off" spellcheck="false"'
    return f"""<div data-board="lab">
<form class="lab-form" novalidate>
<fieldset>
<legend>Le jeu</legend>
<p class="lab-kinds">
<label class="lab-choice"><input type="radio" name="nature" value="soustraction" checked><span>Jeu de soustraction</span></label>
<label class="lab-choice"><input type="radio" name="nature" value="octal"><span>Jeu octal</span></label>
<label class="lab-choice"><input type="radio" name="nature" value="graphe"><span>Graphe dessiné</span></label>
</p>
<div class="lab-subtraction">
<p class="lab-field"><label for="lab-ensemble">{escape(typeset("Coups permis :"))}</label>
<input type="text" id="lab-ensemble" name="ensemble" value="{escape(default["set"])}" {field} aria-describedby="lab-ensemble-aide">
<span class="lab-help" id="lab-ensemble-aide">{escape(typeset(f"De 1 à {lab.MAX_AMOUNTS} nombres de 1 à {lab.MAX_AMOUNT}, séparés par des virgules : « 1, 3, 4 » permet de retirer 1, 3 ou 4 allumettes."))}</span></p>
<p class="lab-field"><label class="lab-choice"><input type="checkbox" name="misere"><span>{escape(typeset("Version misère : qui prend la dernière allumette perd"))}</span></label></p>
</div>
<div class="lab-octal">
<p class="lab-field"><label for="lab-code">{escape(typeset("Code :"))}</label>
<input type="text" id="lab-code" name="code" value="{escape(lab.DEFAULT_CODE)}" {field} inputmode="decimal" aria-describedby="lab-code-aide">
<span class="lab-help" id="lab-code-aide">{escape(_OCTAL_HELP)}</span></p>
<p class="lab-examples">{escape(typeset("Exemples :"))} {examples}</p>
</div>
<div class="lab-graph" hidden>
<p class="lab-help" id="lab-graph-aide">{escape(_GRAPH_HELP)}</p>
<div class="lab-graph-editor" data-graph="{escape(lab.DEFAULT_GRAPH)}"></div>
</div>
<p class="lab-field lab-count"><label for="lab-valeurs">{escape(typeset("Nombre de valeurs :"))}</label>
<input type="text" id="lab-valeurs" name="valeurs" inputmode="numeric" {field} value="{default["values"]}"></p>
<p class="lab-submit"><button type="submit" class="md-button md-button--primary">Calculer</button></p>
</fieldset>
</form>
<div class="lab-limits">
<p>{escape(typeset("Les limites du laboratoire :"))}</p>
<ul>{limits}</ul>
</div>
<noscript>{escape(typeset("Le laboratoire a besoin de JavaScript : c'est le moteur du site, dans votre navigateur, qui calcule."))}</noscript>
</div>"""
