"""The boards' own words: every French sentence a board shows that is not about one game.

A game's sentences (its rule, its moves, its hint, its refusals) are the game's
(:mod:`nimcore.games`). What is left is the frame every board shares: turns,
the computer thinking, a move refused, undo, the setup form's buttons, the
address. They are written here once, with ``{name}`` where a board fills in a
value, and the build writes them into the site as a module the boards import
(``javascripts/boards/words.js``, :func:`words_module`), so that no board
writes a sentence of its own.

>>> WORDS["your_turn"]
'À vous de jouer.'
>>> "{move}" in WORDS["chosen"]
True
"""

from __future__ import annotations

import json

from nimcore.french import typeset

__all__ = ["WORDS", "words_module"]

_WORDS: dict[str, str] = {
    # The game frame (game.js).
    "rule": "Règle.",
    "play": "Jouer",
    "play_move": "Jouer : {move}",
    "computer_play": "Faire jouer l’ordinateur",
    "hint": "Indice",
    "undo": "Annuler le coup",
    "stop": "Arrêter le calcul",
    "progress": "Calcul en cours : {done} sur {total}",
    "new_game": "Nouvelle partie",
    "random": "Position au hasard",
    "opponent": "Adversaire :",
    "opponent_computer": "Contre l’ordinateur",
    "opponent_two": "À deux joueurs",
    "level": "Niveau de l’ordinateur :",
    "level_perfect": "Parfait (ne laisse rien passer)",
    "level_beginner": "Débutant (se trompe parfois)",
    "first": "Qui commence ?",
    "first_reader": "Vous (ou le joueur 1)",
    "first_computer": "L’ordinateur (ou le joueur 2)",
    "game_over": "Partie terminée.",
    "thinking": "L’ordinateur réfléchit…",
    "thinking_waiting": "L’ordinateur attend que le moteur soit prêt…",
    "checking": "Vérification du coup…",
    "checking_waiting": "Coup noté, en attente du moteur…",
    "computer_stalled": "L’ordinateur n’a pas joué : « Faire jouer l’ordinateur » le relance.",
    "your_turn": "À vous de jouer.",
    "player_turn": "Au tour du joueur {player}.",
    "computer_played": "L’ordinateur a joué : {move}.",
    "reader_moved": "Vous : {move}.",
    "computer_moved": "L’ordinateur : {move}.",
    "player_moved": "Le joueur {player} : {move}.",
    "started": "Nouvelle partie : {position}.",
    "over_start_again": "La partie est terminée : lancez une nouvelle partie.",
    "wait_turn": "Patientez : ce n’est pas encore à vous de jouer.",
    "chosen": "Coup choisi : {move}. Choisissez-le encore, ou « Jouer », pour le jouer.",
    "refused": "Coup refusé : {reason}",
    "deselected": "Sélection effacée : aucun coup n’est choisi.",
    "engine_crashed": "Le moteur s’est arrêté : il redémarre, et l’ordinateur rejoue depuis la même position.",
    "engine_slow": "Le moteur a mis trop de temps : il redémarre, et l’ordinateur rejoue depuis la même position.",
    "computer_cannot": "L’ordinateur ne peut pas jouer : {reason}",
    "nothing_to_undo": "Rien à annuler.",
    "undone": "Coup annulé.",
    "game_is_over": "La partie est terminée.",
    "hint_computing": "Calcul de l’indice…",
    "hint_waiting": "L’indice sera calculé dès que le moteur sera prêt…",
    "hint_chosen": "Le coup conseillé est choisi : « Jouer » le joue.",
    "hint_unavailable": "Indice indisponible : {reason}",
    "choose_first": "Choisissez d’abord un coup sur le plateau.",
    "random_waiting": "Tirage au hasard dès que le moteur sera prêt…",
    "random_drawn": "Position tirée au hasard : « Nouvelle partie » la lance.",
    "random_failed": "Tirage impossible : {reason}",
    "not_started": "Partie non lancée : {reason}",
    "start_waiting": "La partie commencera dès que le moteur sera prêt…",
    "address_ignored": "Adresse ignorée ({reason}) : position par défaut.",
    "new_game_legend": "Nouvelle partie",
    # The skip link of a page with a board (site_hooks/skip.py).
    "skip_to_board": "Aller au plateau",
    # The board kit (kit.js).
    "offline_unavailable": (
        "Ce navigateur ne permet pas de garder le site pour jouer hors ligne :"
        " le plateau fonctionne tant que la connexion est là."
    ),
    "hint_table": "Tableau de l’indice",
    "scroll_cue": "Faites défiler le tableau de côté pour le voir en entier.",
    # The heaps board (heaps.js).
    "heaps_one": "Le tas",
    "heaps_many": "Les tas",
    "heap_name": "Tas {heap}",
    "heap_empty": "vide",
    "heap_move": "Tas {heap} : {move}",
    "heap_forbidden": "Tas {heap} : en retirer {take} est interdit",
    # The Wythoff board (wythoff.js): its tokens say the heaps board's words above.
    "wythoff_heaps": "Les deux tas",
    "wythoff_lattice": "Le quadrillage : la dame est en ({a}, {b})",
    "wythoff_cell": "Case ({x}, {y})",
    "wythoff_queen": "Case ({x}, {y}), celle de la dame",
    "wythoff_cell_move": "Aller en ({x}, {y}) : {move}",
    "wythoff_scroll_cue": "Le quadrillage est plus large que l’écran : faites-le glisser de côté.",
    # The Fibonacci board (fibonacci.js).
    "fibonacci_heap": "Le tas",
    "fibonacci_forbidden": "En retirer {take} est interdit",
    # The Chomp board (chomp.js).
    "chomp_bar": "La tablette ; les flèches passent d’un carré à l’autre",
    "chomp_square": "Carré ligne {row}, colonne {column}",
    "chomp_poisoned": "Carré ligne {row}, colonne {column}, empoisonné",
    "chomp_scroll_cue": "La tablette est plus large que l’écran : faites-la glisser de côté.",
    "chomp_legend": (
        "carré empoisonné. Au survol ou au clavier, les carrés qu’une bouchée mangerait sont grisés."
    ),
    # The Moore board (moore.js): its matches say the heaps board's words above.
    "moore_match": "Tas {heap} : en prendre {take} ({size} → {left})",
    "moore_less": "Tas {heap} : en prendre une de moins ({take} sur {size})",
    "moore_more": "Tas {heap} : en prendre une de plus ({take} sur {size})",
    "moore_none_marked": (
        "Marquez les tas où prendre : touchez la première allumette à prendre, ou « + »."
    ),
    "moore_one_marked": "1 tas marqué.",
    "moore_many_marked": "{count} tas marqués.",
    "moore_clear": "Effacer la sélection",
    # The board of Grundy's game (grundy.js); its heaps are named with heap_name.
    "grundy_help": "Choisissez un tas, puis la façon de le partager.",
    "grundy_splits": "Partages du tas {heap}",
    "grundy_split": "{split} : {move}",
    # The board of Nim infini (ordinal.js); its heaps are named with heap_name, their values
    # ({value}) are nimcore's drawing, and the powers' names ({name}) its columns.
    "ordinal_heap_value": " : {value}. Choisir ce tas",
    "ordinal_heap_empty": " : {value} (vide)",
    "ordinal_editor_title": "Nouvelle valeur du tas {heap} ({value}) :",
    "ordinal_steppers": "Coefficients de la nouvelle valeur du tas {heap}",
    "ordinal_minus": "Coefficient de {name} : {value} moins 1",
    "ordinal_plus": "Coefficient de {name} : {value} plus 1",
    "ordinal_new_value": "Nouvelle valeur :",
    "ordinal_typed": "Ou écrivez la nouvelle valeur du tas {heap} :",
    "ordinal_choose": "Choisir",
    # The board of octal games (octal.js); its heaps are named by nimcore's drawing, or with
    # octal_heap while a move is checked; nimcore's refusals name the fields as octal_take
    # and octal_first do.
    "octal_heap": "Tas {heap} : {count}",
    "octal_listed": "Coups possibles du tas {heap}",
    "octal_listed_title": "Les coups possibles de ce tas :",
    "octal_prepare": "Préparer un coup",
    "octal_no_heap": "Choisissez un tas.",
    "octal_take": "Jetons retirés :",
    "octal_leave": "À la place, laisser :",
    "octal_leave_none": "rien",
    "octal_leave_one": "un tas",
    "octal_leave_two": "deux tas",
    "octal_first": "Premier tas :",
    "octal_choose": "Choisir ce coup",
    "octal_choose_heap": "Choisissez d’abord un tas.",
    # The flowers board (fleurs.js).
    "fleurs_row": "La rangée de fleurs",
    "fleurs_flower": "Fleur {flower}",
    "fleurs_flower_cut": "Fleur {flower}, cueillie",
    "fleurs_here": "Ici : {describe}.",
}

#: Every sentence of the boards' frame, French typography applied.
WORDS: dict[str, str] = {key: typeset(text) for key, text in _WORDS.items()}


def words_module() -> str:
    """The ES module the build writes as ``javascripts/boards/words.js``: ``export const WORDS = {…};``.

    >>> words_module().startswith("// Written by the build")
    True
    """
    body = json.dumps(WORDS, ensure_ascii=False, indent=1, sort_keys=True)
    return (
        "// Written by the build from nimcore/games/words.py: the boards' own French words.\n"
        f"export const WORDS = {body};\n"
    )
