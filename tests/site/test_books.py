"""The opening books of the built site: one for every game board, each answer the engine's."""

import gzip
import json
import re

from nimcore import bridge
from nimcore.book import BOOK_BYTES, _compressed


def test_every_game_board_names_its_book_and_every_answer_is_the_engines(built_site):
    named = set()
    for page in built_site.rglob("*.html"):
        named |= set(re.findall(r'data-book="([^"]+)"', page.read_text(encoding="utf-8")))
    books = {path.name for path in (built_site / "books").glob("*.json.gz")}
    assert named and named <= books, named - books
    checked = 0
    for name in sorted(named):
        # Written compressed (site_hooks/books.py): 20 times fewer bytes on a host that
        # sends files as they are.
        book = json.loads(gzip.decompress((built_site / "books" / name).read_bytes()))
        assert _compressed(book["answers"]) <= BOOK_BYTES, name
        for key, answer in book["answers"].items():
            kind, payload = json.loads(key)
            assert json.loads(bridge.dispatch(kind, json.dumps(payload))) == {
                "ok": True,
                "result": answer,
            }, (name, key)
            checked += 1
    assert checked > 1000
