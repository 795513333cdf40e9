"""MkDocs hook: the theme's search, in readable French words.

mkdocs-material's search plugin writes ``search/search_index.json`` from the
rendered pages, math included as TeX source (``\\(g(h) \\oplus 1\\)``): its
snippets showed ``\\(``, ``\\oplus`` and braces. After the build, this hook
rewrites every formula of the index as the text a reader would type or read
(``g(h) ⊕ 1``, ``ω²``, ``⌊nφ⌋``); a TeX command it does not know fails the
build, naming it, so that no new formula slips back in as source.

The theme's search worker turns every word typed into a prefix (``de`` is
searched as ``de*``): « de » then matched, and highlighted, « deux »,
« dernier » and « delà ». This hook writes a small worker of its own beside the
theme's (``site_hooks/search-worker.js``), which marks each word of the query
as a whole word before the theme's worker reads it, and points the pages'
configuration at it. With whole words, the French stemmer (``pipeline`` in
``mkdocs.yml``) lets « joueur » find « joueurs ».

Listed before ``security.py`` and ``offline.py``: the pages are rewritten
before their scripts are hashed, and the files before they are listed.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

TEMPLATE = Path(__file__).with_name("search-worker.js")
WORKERS = "assets/javascripts/workers"
#: The worker the pages' configuration names instead of the theme's (matched by engine/early.js).
WORKER = "search.whole-words.js"
INDEX = "search/search_index.json"

#: The theme's worker as the page's configuration names it (``"search": "…/search.<hash>.min.js"``).
_CONFIG_WORKER = re.compile(
    r'("search":\s*"[^"]*assets/javascripts/workers/)(search\.[0-9a-f]+\.min\.js)"'
)

#: Inline math ``\( … \)`` and display math ``\[ … \]``, as pymdownx.arithmatex writes them.
_MATH = re.compile(r"\\\((.*?)\\\)|\\\[(.*?)\\\]", re.S)
#: What makes an operand more than one term: a space, an operator, a relation, a comma.
_COMPOUND = re.compile(r"[\s+\-−=/,;:·×⊕⊗<>≤≥≠∈→]")
#: Spaces just inside brackets and floor signs, which TeX's source may hold but a reader's text does not.
_INNER_SPACE = re.compile(r"(?<=[(\[{⌊⌈⟨])\s+|\s+(?=[)\]}⌋⌉⟩])")
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}^_&]|[^\\{}^_&]", re.S)

#: Commands written as one character (or a few): Greek letters, operators, relations, dots.
SYMBOLS: dict[str, str] = {
    **{
        name: chr(0x3B1 + offset)
        for offset, name in enumerate(
            [
                "alpha",
                "beta",
                "gamma",
                "delta",
                "epsilon",
                "zeta",
                "eta",
                "theta",
                "iota",
                "kappa",
                "lambda",
                "mu",
                "nu",
                "xi",
                "omicron",
                "pi",
                "rho",
                "varsigma",
                "sigma",
                "tau",
                "upsilon",
                "phi",
                "chi",
                "psi",
                "omega",
            ]
        )
    },
    "varphi": "φ",
    "phi": "ϕ",
    "varepsilon": "ε",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Lambda": "Λ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "ell": "ℓ",
    "infty": "∞",
    "emptyset": "∅",
    "varnothing": "∅",
    "star": "⋆",
    "square": "□",
    "triangle": "△",
    "cdot": "·",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "lfloor": "⌊",
    "rfloor": "⌋",
    "lceil": "⌈",
    "rceil": "⌉",
    "langle": "⟨",
    "rangle": "⟩",
    "sum": "∑",
    "max": "max",
    "min": "min",
    "log": "log",
    "ln": "ln",
    "gcd": "pgcd",
    "{": "{",
    "}": "}",
    "%": "%",
    "#": "#",
    "_": "_",
    "|": "‖",
}
#: Operators and relations, written with a space on each side.
BINARY: dict[str, str] = {
    "oplus": "⊕",
    "bigoplus": "⊕",
    "otimes": "⊗",
    "times": "×",
    "geq": "≥",
    "ge": "≥",
    "leq": "≤",
    "le": "≤",
    "neq": "≠",
    "ne": "≠",
    "in": "∈",
    "notin": "∉",
    "equiv": "≡",
    "approx": "≈",
    "to": "→",
    "rightarrow": "→",
    "mapsto": "↦",
    "iff": "⟺",
    "implies": "⟹",
    "cap": "∩",
    "cup": "∪",
    "setminus": "∖",
    "subseteq": "⊆",
    "subset": "⊂",
    "rightleftarrows": "⇄",
    "bmod": "mod",
    "mid": "|",
}
#: Spacing commands, and sizes or delimiters' wrappers that print nothing themselves.
SPACES = {",": "\u202f", ";": " ", ":": " ", " ": " ", "!": "", "quad": " ", "qquad": " "}
SILENT = {"left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "limits"}
#: Commands whose argument is read as it stands: text, roman letters, named operators.
TEXT = {"text", "textrm", "mathrm", "operatorname", "mathit", "mathbf", "mathcal", "mathsf", "mbox"}
DOUBLE_STRUCK = {"N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ", "C": "ℂ"}
SUPERSCRIPT = dict(
    zip(
        "0123456789+-=()abcdefghijklmnoprstuvwxyz",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ",
        strict=True,
    )
)
SUBSCRIPT = dict(
    zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True)
)


class _Reader:
    """Reads the tokens of one formula, one argument at a time."""

    def __init__(self, tex: str) -> None:
        self.tokens: list[str] = _TOKEN.findall(tex)
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.tokens)

    def next(self) -> str:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def group(self) -> str:
        """The text of the next argument: a braced group, or one token."""
        while not self.done() and self.tokens[self.at].isspace():
            self.at += 1
        if self.done():
            return ""
        if self.tokens[self.at] == "{":
            self.at += 1
            return self.until("}")
        return self.one()

    def raw_group(self) -> str:
        """The next braced group as written (for ``\\text``), without its braces."""
        self.group_start()
        depth, out = 1, []
        while not self.done():
            token = self.next()
            depth += {"{": 1, "}": -1}.get(token, 0)
            if depth == 0:
                break
            out.append(token)
        return "".join(out)

    def group_start(self) -> None:
        while not self.done() and self.tokens[self.at].isspace():
            self.at += 1
        if self.done() or self.tokens[self.at] != "{":
            raise PluginError("TeX : accolade attendue après une commande de texte.")
        self.at += 1

    def until(self, closing: str | None) -> str:
        out: list[str] = []
        while not self.done():
            if self.tokens[self.at] == closing:
                self.at += 1
                break
            out.append(self.one())
        return "".join(out)

    def one(self) -> str:
        token = self.next()
        if token == "{":
            return self.until("}")
        if token == "}":
            return ""
        if token == "^":
            return _script(self.group(), SUPERSCRIPT, "^")
        if token == "_":
            return _script(self.group(), SUBSCRIPT, "_")
        if token == "&":
            return " "
        if not token.startswith("\\"):
            return token
        return self.command(token[1:])

    def command(self, name: str) -> str:
        if name in SYMBOLS:
            return SYMBOLS[name]
        if name in BINARY:
            return f" {BINARY[name]} "
        if name in SPACES:
            return SPACES[name]
        if name in SILENT:
            if name in ("left", "right") and not self.done() and self.tokens[self.at] == ".":
                self.at += 1  # \left. is no delimiter at all
            return ""
        if name == "\\":
            return " "
        if name in TEXT:
            return self.raw_group() if name in ("text", "textrm", "mbox") else self.group()
        if name == "mathbb":
            letters = self.group()
            return "".join(DOUBLE_STRUCK.get(letter, letter) for letter in letters)
        if name in ("frac", "dfrac", "tfrac"):
            numerator, denominator = self.group(), self.group()
            return f"{_bracketed(numerator)}/{_bracketed(denominator)}"
        if name == "sqrt":
            return "√" + _bracketed(self.group())
        if name == "pmod":
            return f" (mod {self.group()})"
        if name == "not":  # the next sign, struck through: ≢, ∉, ≠
            sign = self.one()
            core = sign.strip()
            return sign.replace(core, unicodedata.normalize("NFC", core + "\u0338"))
        if name in ("begin", "end"):
            self.group()  # an environment's name prints nothing
            return " "
        raise PluginError(
            f"TeX : commande « \\{name} » inconnue de site_hooks/search.py ; "
            "ajoutez-y son écriture en texte pour l'index de la recherche."
        )


def _bracketed(text: str) -> str:
    """*text* as an operand of /, √, ^ or _: in brackets unless it is one term (``√5``, ``2k``)."""
    text = text.strip()
    return f"({text})" if _COMPOUND.search(text) else text


def _script(text: str, table: dict[str, str], mark: str) -> str:
    """An exponent or an index: in Unicode's small figures when each character has one."""
    text = text.strip()
    if text and all(character in table for character in text):
        return "".join(table[character] for character in text)
    return mark + _bracketed(text)


def tex_to_text(tex: str) -> str:
    """The readable text of the TeX formula *tex*, as the search index shows it.

    (More formulas and their text: ``FORMULAS`` in tests/site/test_front_door.py.)

    >>> tex_to_text(r"\\omega^2 + \\omega\\cdot 2 + 5")
    'ω² + ω·2 + 5'
    >>> tex_to_text(r"F_k = \\frac{1}{\\sqrt5}\\left(\\varphi^k - \\psi^k\\right)")
    'Fₖ = 1/√5(φᵏ - ψᵏ)'
    >>> tex_to_text(r"\\mathcal{G}(x) = \\operatorname{mex}\\{\\mathcal{G}(y) : y \\in S\\}")
    'G(x) = mex{G(y) : y ∈ S}'
    >>> tex_to_text(r"\\wedge")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: TeX : commande « \\wedge » inconnue de site_hooks/search.py ; \
ajoutez-y son écriture en texte pour l'index de la recherche.
    """
    reader = _Reader(tex)
    text = reader.until(None)
    text = re.sub(r"\s*·\s*", "·", re.sub(r"[ \t\n]+", " ", text))  # ω·2, as nimcore writes it
    return _INNER_SPACE.sub("", text).strip()


def readable(text: str) -> str:
    """*text* (HTML, as the search index holds it) with every formula written as readable text.

    >>> readable(r"<p>La valeur \\(g(h)\\) et \\[a \\leq b\\]</p>")
    '<p>La valeur g(h) et a ≤ b</p>'
    >>> readable(r"si \\(a &lt; b\\)")
    'si a &lt; b'
    """

    def replace(match: re.Match[str]) -> str:
        tex = html.unescape(match.group(1) if match.group(1) is not None else match.group(2))
        return html.escape(tex_to_text(tex), quote=False)

    return _MATH.sub(replace, text)


def rewrite_index(site: Path) -> int:
    """Rewrite the formulas of *site*'s search index as text; return how many documents changed."""
    path = site / INDEX
    index = json.loads(path.read_text(encoding="utf-8"))
    changed = 0
    for document in index["docs"]:
        for field in ("title", "text"):
            before = document.get(field, "")
            document[field] = readable(before)
            changed += document[field] != before
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return changed


def write_worker(site: Path) -> str:
    """Write the whole-words worker beside the theme's; return the theme's worker's file name."""
    folder = site / WORKERS
    found = sorted(path.name for path in folder.glob("search.*.min.js"))
    if len(found) != 1:
        raise PluginError(
            f"Recherche : un seul worker du thème attendu dans {WORKERS}, trouvé {found}."
        )
    source = TEMPLATE.read_text(encoding="utf-8").replace("__THEME_WORKER__", found[0])
    (folder / WORKER).write_text(source, encoding="utf-8")
    return found[0]


def point_pages_at_worker(site: Path, theme_worker: str) -> None:
    """Make every page's configuration name the whole-words worker instead of the theme's."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        changed, count = _CONFIG_WORKER.subn(
            lambda match: (
                f'{match.group(1)}{WORKER}"' if match.group(2) == theme_worker else match.group(0)
            ),
            text,
        )
        if '"search":' in text and WORKER not in changed:
            raise PluginError(f"Recherche : la configuration du thème a changé dans {page}.")
        if count:
            page.write_text(changed, encoding="utf-8")


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    if not (site / INDEX).is_file():
        return  # the search plugin is off
    rewrite_index(site)
    point_pages_at_worker(site, write_worker(site))
