"""MkDocs hook: the opening books of the boards, written into the site (``books/*.json.gz``).

Each game board's start gets a book (:func:`nimcore.book.opening_book`): the
engine's answers to the requests a reader can make in the first exchanges,
so that a reader plays at once while the engine boots. The board's element
names its book (``data-book``, a file name under ``books/``), which the engine
client fetches and answers from (``engine/client.js``).

A book is written gzip-compressed (about 20 times smaller), and the client
inflates it: a host that sends files as they are (``python3 -m http.server`` in a
classroom, the bench) sends a phone 40 kB instead of 900 kB, which the engine's
own download would otherwise share its bandwidth with; one that compresses
sends the same.

Books take seconds to compute: each is kept in ``.cache/books/``, under a key
made of nimcore's source and the board's start, and computed again only when
either changes.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from nimcore import games
from nimcore.book import BOOK_BYTES, BOOK_DEPTH, book_json, opening_book

__all__ = ["BOOKS_DIR", "book_name", "on_post_build"]

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "books"
#: Where the books go, under the site's directory.
BOOKS_DIR = "books"

#: The books the pages of this build name: file name → JSON (written compressed).
_written: dict[str, str] = {}


@cache
def _nimcore_digest() -> str:
    """A digest of nimcore's source: a book is computed again when nimcore changes."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "nimcore").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".bin", ".json"):
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def book_name(game_id: str, code: str) -> str:
    """The file name of the book of *game_id*'s board starting at *code* (computed or cached)."""
    depth = games.entry(game_id).book_depth or BOOK_DEPTH
    key = hashlib.sha256(
        f"{_nimcore_digest()}\n{BOOK_BYTES}\n{depth}\n{game_id}\n{code}".encode()
    ).hexdigest()[:16]
    name = f"{game_id}-{key}.json.gz"
    if name not in _written:
        cached = CACHE / f"{game_id}-{key}.json"
        if cached.is_file():
            text = cached.read_text(encoding="utf-8")
        else:
            text = book_json(opening_book(game_id, code, depth=depth))
            CACHE.mkdir(parents=True, exist_ok=True)
            cached.write_text(text, encoding="utf-8")
        _written[name] = text
    return name


def on_post_build(config: Any) -> None:
    # MkDocs loads this file as a hook module of its own: the books the pages named are
    # those of the package's module, which the boards' macro imported.
    from site_hooks.books import _written as written

    target = Path(config["site_dir"]) / BOOKS_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name, text in written.items():
        # mtime=0: the same book, the same bytes (the offline copy's version follows them).
        (target / name).write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
