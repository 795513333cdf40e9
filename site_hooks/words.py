"""MkDocs hook: write the boards' own French words into the site, as a module they import.

``javascripts/boards/words.js`` exports ``WORDS``, every sentence of the
boards' shared frame (:mod:`nimcore.games.words`): a board writes none of its
own. The module exists only in the built site; ``words.d.ts`` beside the
boards' sources gives its type to the type check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nimcore.games.words import words_module

__all__ = ["MODULE", "on_post_build"]

#: Where the module is written, under the site's directory.
MODULE = "javascripts/boards/words.js"


def on_post_build(config: Any) -> None:
    target = Path(config["site_dir"]) / MODULE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(words_module(), encoding="utf-8")
