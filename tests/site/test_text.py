"""The exposition as a text: the chapters speak mathematics, and the boards sit in one frame.

The chapters, from « Jeux combinatoires » to « Nim infini », state, prove and
give examples; the program that computes their tables, its tests, its files
and its speed are the subject of « Programmer un joueur parfait » and
« À propos » only (issue 29).
"""

import html
import re

import pytest

from site_hooks.runtime import ROOT

DOCS = ROOT / "docs"

#: The chapters of the exposition, in reading order (the appendix on nim
#: multiplication included): where the program is never the subject.
CHAPTERS = [
    "jeux-combinatoires.md",
    "un-seul-tas.md",
    "nim.md",
    "stella.md",
    "nim-misere.md",
    "graphes-et-grundy.md",
    "sprague-grundy.md",
    "multiplication-nim.md",
    "moore.md",
    "fibonacci.md",
    "wythoff.md",
    "jeux-mysterieux.md",
    "pousses.md",
    "nim-infini.md",
]

#: Words that speak of the site's program rather than of the mathematics: its
#: name, its tests, files and scripts, the language it is written in, floating
#: point and integer square roots (implementation tips), the build, the
#: browser that runs it, and its speed.
PROGRAM_TALK = re.compile(
    r"\bmoteur\b|\bnimcore\b|\btests?\b|\bfichiers?\b|\bbench\b|tools/|\.py\b|\.json\b"
    r"|\bpython\b|\bjavascript\b|\bisqrt\b|\bflottants?\b|virgule flottante"
    r"|construction du site|à chaque construction|\bscripts?\b|\bdépôt\b|\bnavigateur\b"
    r"|\bsecondes\b|\bmillisecondes\b|\ble site (?:calcule|vérifie|refait|trouve|a calculé)"
    r"|calculée?s? par (?:le|l'|l’)|\brecalcul\w*"
    # the laboratory, the site's buttons and budgets, and « valeurs calculées » (except
    # Guy's values computed by hand): the examiner's second report, list 3
    r"|\blaboratoire\b|(?-i:\bboutons?\b)|valeurs calculées(?! à la main)"
    r"|1\s?048\s?576|\bbudget\b",
    re.IGNORECASE,
)

#: Sentences of the chapters allowed to use one of those words anyway, as
#: (chapter, a piece of the sentence) with the reason. Keep it short: each
#: entry is a sentence the mathematics needs.
ALLOWED: dict[tuple[str, str], str] = {
    # The usage instructions of a board name the board's own controls.
}


def built_page(site, markdown: str):
    return site / markdown.removesuffix(".md") / "index.html"


def article_text(page_html: str) -> str:
    """The article's visible text: no code, scripts, figures' code, or the noscript notes.

    The folded « Comment jouer » instructions of a board are left out: they name the
    board's own controls, apart from the text (issue 29, point 1).
    """
    body = page_html.split("<article", 1)[-1].split("</article>", 1)[0]
    body = re.sub(
        r'<details class="note">\s*<summary>Comment jouer</summary>.*?</details>',
        " ",
        body,
        flags=re.S,
    )
    body = re.sub(r"<(pre|code|script|style|svg|noscript)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def program_talk(text: str) -> list[str]:
    return [
        text[max(0, found.start() - 60) : found.end() + 30] for found in PROGRAM_TALK.finditer(text)
    ]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chapters_do_not_talk_about_the_program(built_site, chapter):
    """Counted on the built page, so that the captions of the computed tables count too."""
    text = article_text(built_page(built_site, chapter).read_text(encoding="utf-8"))
    allowed = [piece for (page, piece) in ALLOWED if page == chapter]
    found = [context for context in program_talk(text) if not any(p in context for p in allowed)]
    assert found == []


def test_the_program_talk_check_finds_what_it_should():
    """The pattern catches the sentences issue 29 quoted, and leaves the mathematics alone."""
    caught = [
        "Voici les valeurs calculées par le moteur du site :",
        "Le tableau suivant, recalculé à chaque construction, montre",
        "c'est math.isqrt en Python",
        "calculée avec des nombres à virgule (« flottants »)",
        "consigné dans le fichier bench/results/octal_grundy.md",
        "un script du dépôt l'a calculé une fois (tools/octal_table.py)",
        "les tests le vérifient",
        "la certification prend quelques secondes",
        "Le laboratoire recalcule ces valeurs, trouve leur période et la certifie",
        "le bouton « Étiqueter pas à pas » refait le calcul",
        "non résolue jusqu'à n = 32 768 ; valeurs calculées",
        "ne se joue que sur des tas de moins de 1 048 576 jetons",
    ]
    left_alone = [
        "Les positions P sont les multiples de 3.",
        "La seconde méthode : les puissances de 2.",
        "L'ordinateur résout un jeu en parcourant ses positions.",
        "Le crible se programme facilement.",
        "les Blancs peuvent forcer le gain",
        "Le théorème de Bouton",
        "avec des valeurs calculées à la main",
    ]
    assert [sentence for sentence in caught if not program_talk(sentence)] == []
    assert [sentence for sentence in left_alone if program_talk(sentence)] == []


def test_every_allowance_is_still_needed(built_site):
    """An allow-list entry whose sentence is gone must go too."""
    stale = []
    for (chapter, piece), _reason in ALLOWED.items():
        text = article_text(built_page(built_site, chapter).read_text(encoding="utf-8"))
        if piece not in text:
            stale.append((chapter, piece))
    assert stale == []


# --- the boards: one frame, « À vous de jouer », with the usage instructions folded ---------

BOARD_LINE = re.compile(r"^( *)(<!-- nimcore:(?:board|graph-board) |<div data-board=)", re.M)
FRAME = re.compile(r'^( *)!!! example "<span id=\'([\w-]+)\'></span>À vous de jouer[^"]*"$', re.M)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_board_of_a_chapter_sits_in_the_standard_frame(chapter):
    """Each board is inside an « À vous de jouer » admonition (with an anchor), next to a folded « Comment jouer »."""
    markdown = (DOCS / chapter).read_text(encoding="utf-8")
    lines = markdown.split("\n")
    for found in BOARD_LINE.finditer(markdown):
        line = markdown.count("\n", 0, found.start())
        assert found.group(1) == "    ", f"{chapter}:{line + 1}: a board outside its frame"
        start = line
        while start > 0 and (lines[start].startswith("    ") or not lines[start].strip()):
            start -= 1
        frame = FRAME.match(lines[start])
        assert frame, f"{chapter}:{line + 1}: the board's frame is not « À vous de jouer »"
        end = line
        while end + 1 < len(lines) and (
            lines[end + 1].startswith("    ") or not lines[end + 1].strip()
        ):
            end += 1
        inside = "\n".join(lines[start : end + 1])
        assert '    ??? note "Comment jouer"' in inside, (
            f"{chapter}:{line + 1}: no folded instructions"
        )


def test_the_misere_chapter_has_its_board():
    """Issue 27, point 6: Nim misère, on the Nim board with the misère option, in the frame."""
    markdown = (DOCS / "nim-misere.md").read_text(encoding="utf-8")
    assert "    <!-- nimcore:board kind=heaps game=nim code=1-2-3_misere key=misere -->" in markdown


# --- one vocabulary: the glossary is the vocabulary, each term defined once -----------------

GLOSSARY = DOCS / "glossaire.md"
_ENTRY = re.compile(r"^(\S.*?) \{ #([\w-]+) \}\n((?::   .*\n)(?:    .*\n|\n(?=    ))*)", re.M)
_LINK = re.compile(r"\]\(([\w-]+\.md)(?:#([\w-]+))?\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)


def glossary_entries() -> list[tuple[str, str, str]]:
    """(term, anchor, definition) for every entry of the glossary, in order."""
    text = GLOSSARY.read_text(encoding="utf-8")
    return [(term, anchor, body) for term, anchor, body in _ENTRY.findall(text)]


def normalised(words: str) -> str:
    """A bold phrase, compared without case, spacing, math delimiters or plural endings."""
    words = re.sub(r"\$", "", words.lower())
    return " ".join(re.sub(r"(?<=\w)[sx]$", "", word) for word in words.split())


def defined_forms(body: str) -> set[str]:
    """The phrases an entry defines: those it sets in bold."""
    return {normalised(phrase) for phrase in _BOLD.findall(body)}


def bold_in(chapter: str) -> set[str]:
    return {normalised(phrase) for phrase in _BOLD.findall((DOCS / chapter).read_text("utf-8"))}


def test_every_glossary_entry_has_an_anchor_and_its_defining_chapter():
    """Each term of the glossary has an anchor, and its first link goes to a chapter."""
    entries = glossary_entries()
    text = GLOSSARY.read_text(encoding="utf-8")
    terms = re.findall(r"^\S.*\n(?=:   )", text, flags=re.M)
    assert len(entries) == len(terms) >= 45, "an entry without « { #ancre } »"
    assert len({anchor for _, anchor, _ in entries}) == len(entries), "an anchor used twice"
    for term, _anchor, body in entries:
        links = _LINK.findall(body)
        assert links, f"« {term} » : aucun lien vers son chapitre"
        assert links[0][0] in CHAPTERS, f"« {term} » : le premier lien ne mène pas à un chapitre"


def test_each_glossary_term_is_defined_in_its_chapter_and_nowhere_else():
    """The defining chapter sets the term in bold; no other chapter does (it links instead)."""
    problems = []
    for term, _anchor, body in glossary_entries():
        home = _LINK.findall(body)[0][0]
        for form in defined_forms(body):
            if form not in bold_in(home):
                problems.append(f"« {form} » n'est pas défini (en gras) dans {home}")
            again = [
                chapter for chapter in CHAPTERS if chapter != home and form in bold_in(chapter)
            ]
            if again:
                problems.append(f"« {form} » ({term}) est redéfini dans {', '.join(again)}")
    assert problems == []


def test_the_glossary_names_the_terms_issue_29_asked_for():
    forms = set().union(*(defined_forms(body) for _, _, body in glossary_entries()))
    wanted = [
        "option",
        "tableau binaire",
        "colonne impaire",
        "équivalents",
        "réversible",
        "ordinaux",
        "forme normale de cantor",
        "mex",
        "position p",
        "nimber",
        "noyau",
        "somme",
    ]
    assert [word for word in wanted if normalised(word) not in forms] == []


#: Every page of the text, the chapters and the pages around them.
PAGES = sorted(path.name for path in DOCS.glob("*.md"))


@pytest.mark.parametrize("page", PAGES)
def test_one_word_for_one_thing(page):
    """« circuit », never « cycle »; « espace clairsemé », never « creux »; the nim
    multiplication is a chapter, never « l'annexe ». (The glossary names the words it
    rules out between « », which do not count.)"""
    text = (DOCS / page).read_text(encoding="utf-8")
    found = re.findall(r"(?<!« )\b(?:cycles?|creux|annexes?)\b", text, flags=re.I)
    assert found == []


@pytest.mark.parametrize("page", PAGES)
def test_one_layout_for_exercises_and_proofs(page):
    """An exercise's answer is headed « Réponse », never « Solution »; no end-of-proof
    mark, which a folded proof does not need (and only some chapters had)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    assert '"Solution"' not in text
    assert "\\square" not in text and "□" not in text


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chapters_point_to_the_laboratory_only_from_it(chapter):
    """The laboratory lists the chapters' games; a chapter does not send its reader there."""
    text = (DOCS / chapter).read_text(encoding="utf-8")
    assert "laboratoire.md" not in text
