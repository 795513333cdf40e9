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
    # The board of tokens on a graph (graph.js): tokens named by their numbers, vertices
    # by their names; the moves, the arcs and the labelling's steps are the game's words.
    "graph_values_written": "Valeurs écrites : {values}.",
    "graph_token_one": "Jeton {tokens} en {vertex}",
    "graph_token_many": "Jetons {tokens} en {vertex}",
    "graph_token_choose": "{who} : choisir le jeton {token}",
    "graph_token_chosen": (
        "{who} : jeton {token} choisi, ses successeurs sont marqués"
        " (le choisir de nouveau pour y renoncer)"
    ),
    "graph_token_left": "Jeton {token} laissé en {vertex}.",
    "graph_token_taken": "Jeton {token} choisi en {vertex} : choisissez l’un de ses successeurs ({targets}).",
    "graph_layer": "Jetons et coups : {position}",
    "graph_legend": (
        "Choisissez un jeton (un sommet plein, avec son numéro à côté), puis l’un de ses"
        " successeurs : le jeton suit une flèche. Un jeton sur un sommet sans successeur ne"
        " bouge plus."
    ),
    "graph_legend_chosen": (
        "Jeton {token} choisi en {vertex} : ses successeurs sont entourés. Choisissez-en un,"
        " puis « Jouer » (ou le même une seconde fois). Échap change de jeton."
    ),
    "graph_labelling": "Étiqueter pas à pas",
    "graph_next": "Suivant",
    "graph_all": "Tout afficher",
    "graph_clear": "Effacer",
    "graph_cleared": "Valeurs effacées.",
    "graph_step": (
        "Étape {step} sur {total} : g({vertex}) = {value}. Le sommet traité est cerclé"
        " d’orange, ses successeurs de tirets."
    ),
    "graph_history": "Étapes précédentes ({count})",
    # The game of sprouts (sprouts.js): spots by number from 1.
    "sprouts_drawing": "Le dessin : {position}.",
    "sprouts_spots": "Les points ; les flèches passent d’un point à l’autre",
    "sprouts_legend": (
        "Tracez une courbe d’un point à un autre, ou touchez un point puis un second"
        " (le même pour une boucle)."
    ),
    # A curve drawn with the finger and released away from every spot.
    "sprouts_stroke_nowhere": (
        "La courbe doit finir sur un point : relâchez-la sur le point d’arrivée (le même pour"
        " une boucle)."
    ),
    # The legend once the reader has chosen a spot with the keys (and after Échap).
    "sprouts_legend_keys": (
        "Avec les flèches, allez au point de départ et appuyez sur Entrée, puis de même au point"
        " d’arrivée (le même pour une boucle)."
    ),
    # A spot chosen by touch or mouse, then by keyboard: each is told its own keys.
    "sprouts_spot_chosen": (
        "Point {spot} choisi : touchez le point où la courbe arrive (le même pour une boucle)."
    ),
    "sprouts_spot_chosen_keys": (
        "Point {spot} choisi : avec les flèches, allez au point où la courbe arrive (le même"
        " pour une boucle) et appuyez sur Entrée ; Échap change de point."
    ),
    "sprouts_spot_left": "Point {spot} laissé : aucun point n’est choisi.",
    "sprouts_forget": "Changer de point",
    "sprouts_curve_chosen": (
        "Courbe choisie, en pointillés : choisissez-la encore, ou « Jouer », pour la tracer."
    ),
    "sprouts_splits": (
        "Plusieurs courbes relient le point {one} au point {two} : choisissez comment la courbe"
        " partage la région."
    ),
    "sprouts_loops": (
        "Plusieurs boucles relient le point {one} à lui-même : choisissez comment la boucle"
        " partage la région."
    ),
    # The pawns on Delahaye's board (pawns.js): cells by row and column from 1, pawns by number.
    "pawns_board": "Le damier : {position}",
    "pawns_cell": "Ligne {row}, colonne {column}",
    "pawns_pawn_one": "{cell} : pion {pawns}",
    "pawns_pawn_many": "{cell} : pions {pawns}",
    "pawns_pawn_chosen": (
        "{who}, choisi : ses cases d’arrivée sont marquées (le choisir de nouveau pour y renoncer)"
    ),
    "pawns_pawn_taken": "Pion {pawn} choisi : choisissez sa case d’arrivée.",
    "pawns_values": "Écrire la valeur de Grundy de chaque case",
    "pawns_values_note": "En gras, les cases de valeur 0.",
    "pawns_legend": "Choisissez un pion, puis l’une de ses cases d’arrivée.",
    "pawns_legend_chosen": (
        "Pion {pawn} choisi : ses cases d’arrivée sont marquées d’un rond. Choisissez-en une,"
        " puis « Jouer » (ou la même case une seconde fois). Échap change de pion."
    ),
    # The calculators (calculettes.js): their names, buttons and table headers; what each
    # answer says is nimcore's (nimcore.calculators), and so is every refusal.
    "calc_nim_sum_title": "Somme de Nim",
    "calc_nim_sum_submit": "Calculer la somme de Nim",
    "calc_base_title": "Écriture en base b",
    "calc_base_submit": "Écrire en base b",
    "calc_zeckendorf_title": "Écriture de Zeckendorf",
    "calc_zeckendorf_submit": "Écrire en somme de Fibonacci",
    "calc_computing": "Calcul…",
    "calc_waiting": "Le calcul sera fait dès que le moteur sera prêt…",
    "calc_binary_table": "Tableau binaire des nombres",
    "calc_number": "Nombre",
    "calc_ones": "Nombre de 1",
    "calc_in_binary": "(en base 2 : {digits})",
    "calc_nim_sum_said": "Somme de Nim : {value}.",
    "calc_base_table": "Les chiffres de {value} en base {base}, sous leurs poids",
    "calc_weight": "Poids",
    "calc_digit": "Chiffre",
    "calc_base_answer": "{value} s’écrit {written} en base {base}.",
    "calc_zeckendorf_table": "Le mot de Zeckendorf sous les nombres de Fibonacci",
    "calc_fibonacci": "Fibonacci",
    # Stella's table (stella.js): its form, its legend, its cells; each cell's triple and its
    # sentences are nimcore's (nimcore.nimsum.stella_cell), and so is every refusal.
    "stella_table": "Table :",
    "stella_size": "de 0 à {last}",
    "stella_row": "Ligne a :",
    "stella_column": "Colonne b :",
    "stella_show": "Afficher",
    "stella_range": "{low} à {high}",
    "stella_legend": "Couleur d’une case selon sa valeur :",
    "stella_legend_end": "(0 reste sans couleur). Les traits épais coupent la table en quatre blocs.",
    "stella_grid": (
        "Table de Stella de 0 à {last} : les flèches passent d’une case à l’autre,"
        " Entrée choisit la case"
    ),
    "stella_cell": "ligne {row}, colonne {column} : {row} ⋆ {column} = {value}",
    "stella_cell_waiting": "ligne {row}, colonne {column} : valeur en attente du moteur",
    "stella_choose": (
        "Choisissez une case de la table (ou tapez a et b) pour lire son triplet perdant."
    ),
    "stella_pending": (
        "Ligne {a}, colonne {b} : la valeur de {a} ⋆ {b} s’affichera dès que le moteur sera prêt."
    ),
    "stella_chosen": "Case ligne {a}, colonne {b} choisie.",
    "stella_out": "La case choisie sort de la table de 0 à {last} : choisissez-en une autre.",
    "stella_grown": "Table agrandie jusqu’à {last} pour montrer cette case.",
    "stella_cell_unavailable": "Case indisponible : {reason}",
    "stella_table_unavailable": "Table indisponible : {reason}",
    # The laboratory (lab.js): its frame around nimcore's answer (nimcore.lab: the game's
    # title, verdict, certificate, captions and plot are the answer's), and every refusal's
    # words are nimcore's.
    "lab_computing": "Calcul en cours…",
    "lab_waiting": "Le calcul sera fait dès que le moteur sera prêt…",
    "lab_progress": "Calcul en cours : {done} valeurs sur {total}",
    "lab_status_computing": "Calcul…",
    "lab_stop": "Arrêter",
    "lab_stopped": "Calcul arrêté. Définissez un autre jeu, ou relancez celui-ci avec « Calculer ».",
    "lab_edit_refused": "Modification refusée : {reason}",
    "lab_address_refused": (
        "L’adresse de la page ne définit pas un jeu : {reason} Voici le jeu par défaut."
    ),
    "lab_certificate": "Certificat.",
    "lab_sparse": "Espace creux.",
    "lab_play": "Jouer",
    "lab_play_against": "contre l’ordinateur parfait ou débutant, ou à deux.",
    "lab_said": "{title} : {verdict}",
    "lab_board": "Partie : {title}",
    "lab_values_table": "Les valeurs du jeu, dix par ligne",
    "lab_vertices_table": "Les sommets du graphe dessiné et leurs valeurs",
    "lab_vertex": "Sommet x",
    "lab_successors": "Successeurs",
    "lab_no_successor": "aucun",
    "lab_labelling": "Étiquetage pas à pas",
    "lab_plot_before": "Valeurs précédentes",
    "lab_plot_after": "Valeurs suivantes",
    "lab_plot_from": "À partir de n :",
    "lab_plot_show": "Afficher",
    # The laboratory's graph editor (grapheditor.js): vertices by their names.
    "editor_role": "éditeur de graphe",
    "editor_add": "Ajouter un sommet",
    "editor_delete": "Supprimer",
    "editor_delete_vertex": "Supprimer le sommet {name}",
    "editor_delete_arrow": "Supprimer la flèche de {source} vers {target}",
    "editor_added": "Sommet {name} ajouté.",
    "editor_moved": "Sommet {name} déplacé en ({x}, {y}).",
    "editor_erased": "Sommet {name} effacé.",
    "editor_erased_arrow": "Sommet {name} effacé, avec sa flèche.",
    "editor_erased_arrows": "Sommet {name} effacé, avec ses {count} flèches.",
    "editor_arrow_drawn": "Flèche de {source} vers {target} tracée.",
    "editor_arrow_erased": "Flèche de {source} vers {target} effacée.",
    "editor_arrow_chosen": (
        "Flèche de {source} vers {target} choisie : « Supprimer » ou la touche Suppr l’efface."
    ),
    "editor_source": (
        "Sommet {name} choisi comme départ d’une flèche : choisissez le sommet d’arrivée,"
        " ou de nouveau {name} pour y renoncer."
    ),
    "editor_source_cancelled": "Choix du sommet {name} annulé.",
    "editor_vertex": "Sommet {name}",
    "editor_value": "valeur {value}",
    "editor_value_p": "valeur {value}, position P",
    "editor_arrows_to": "flèches vers {targets}",
    "editor_no_arrow": "aucune flèche ne part",
    "editor_is_source": "choisi comme départ d’une flèche",
    "editor_arrow": "Flèche de {source} vers {target}",
    "editor_drawing": "Dessin du graphe : {vertices}, {arrows}.",
    "editor_drawing_valued": (
        "Dessin du graphe : {vertices}, {arrows}, valeurs de Grundy écrites à côté des sommets."
    ),
    "editor_vertices_one": "sommet",
    "editor_vertices_many": "sommets",
    "editor_arrows_one": "flèche",
    "editor_arrows_many": "flèches",
    "editor_legend_source": (
        "Départ choisi : {name}. Choisissez le sommet d’arrivée de la flèche"
        " (Échap pour y renoncer)."
    ),
    "editor_legend_empty": "Le dessin est vide : touchez-le pour ajouter un sommet.",
    "editor_scroll": "Faites défiler le dessin de côté pour le voir en entier.",
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
    # The flowers board (flowers.js).
    "flowers_row": "La rangée de fleurs",
    "flowers_flower": "Fleur {flower}",
    "flowers_flower_cut": "Fleur {flower}, cueillie",
    "flowers_here": "Ici : {describe}.",
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
