"""The boards only draw: no sentence, no game id, no position built in their JavaScript.

Every word a reader reads on a board comes from nimcore (a view, a form, the
boards' words of nimcore.games.words); a board never branches on which game it
plays. These checks read the boards' sources (docs/javascripts/boards/*.js).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from nimcore import games
from nimcore.games.words import WORDS

BOARDS = Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "boards"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="the repository's files")

#: Literals a board may write although they look like words: each with its reason.
ALLOWED: dict[str, str] = {}

_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`', re.S)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_INTERPOLATION = re.compile(r"\$\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")
_FRENCH_MARK = re.compile(r"[À-ÿŒœ«»’…]|\\u00a0[:;!?]|\\u202f[;!?]")
_WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
_CODE_TOKEN = re.compile(r"[a-z0-9_\-:.#\[\]=()\"'>*+~,/%]+")


def sources() -> list[Path]:
    return sorted(BOARDS.glob("*.js"))


def literals(path: Path) -> list[str]:
    """The string literals of a JavaScript file, comments left out (a rough but sufficient scan)."""
    code = _COMMENT.sub("", path.read_text(encoding="utf-8"))
    return [match.group(0)[1:-1] for match in _LITERAL.finditer(code)]


def is_sentence(literal: str) -> bool:
    """Does a literal read as French words (not a class list, a selector, a key or a number)?

    >>> is_sentence("Coup refusé"), is_sentence("md-button game-play"), is_sentence("Jouer")
    (True, False, False)
    """
    text = _INTERPOLATION.sub(" ", literal)
    if text.strip() in ALLOWED:
        return False
    if _FRENCH_MARK.search(text):
        return True
    tokens = text.split()
    if len(tokens) < 2 or all(_CODE_TOKEN.fullmatch(token) for token in tokens):
        return False
    return sum(1 for token in tokens if _WORD.fullmatch(token)) >= 2


def test_the_checks_see_the_boards():
    assert len(sources()) >= 15
    assert is_sentence("Coup refusé\\u00a0: ${reason}")
    assert is_sentence("Tas ${n}, les dernières allumettes")
    assert not is_sentence(".heaps-match:not(.is-forbidden)")
    assert not is_sentence("${size}\\u00a0→ ${left}")


@pytest.mark.parametrize("path", sources(), ids=lambda path: path.name)
def test_no_sentence_in_a_board(path):
    found = [literal for literal in literals(path) if is_sentence(literal)]
    assert not found, f"{path.name} writes French itself: {found}"


@pytest.mark.parametrize("path", sources(), ids=lambda path: path.name)
def test_no_board_compares_a_game_id(path):
    code = _COMMENT.sub("", path.read_text(encoding="utf-8"))
    ids = "|".join(re.escape(game) for game in games.IDS)
    compared = re.findall(
        rf"(?:[!=]==?\s*[\"'`](?:{ids})[\"'`])|(?:[\"'`](?:{ids})[\"'`]\s*[!=]==?)|(?:case\s+[\"'`](?:{ids})[\"'`])",
        code,
    )
    assert not compared, f"{path.name} branches on a game id: {compared}"


def test_every_word_a_board_asks_for_exists():
    """Every key given to say(…) in the boards is in nimcore's words."""
    asked: set[str] = set()
    for path in sources():
        if "const say =" in path.read_text(encoding="utf-8"):
            continue  # a page's own words (the worksheets': nimcore.worksheet.page_texts)
        asked |= set(re.findall(r"\bsay\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
        for ternary in re.findall(
            r"\bsay\(\s*[^()\"]*\?\s*\"([a-z_]+)\"\s*:\s*\"([a-z_]+)\"",
            path.read_text(encoding="utf-8"),
        ):
            asked |= set(ternary)
    assert asked, "no board asks for nimcore's words"
    assert asked <= set(WORDS), sorted(asked - set(WORDS))
