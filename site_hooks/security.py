"""MkDocs hook: a strict Content-Security-Policy on every page.

GitHub Pages sends no header of our choosing, so the policy is a
``<meta http-equiv="Content-Security-Policy">``, the first element of each
page's head. After the build (and before ``offline.py`` lists the files), every
inline script of every page is hashed, and each page gets the same policy:

- ``default-src 'self'``: nothing from another origin, ever;
- ``script-src 'self' 'wasm-unsafe-eval'`` and the SHA-256 of every inline
  script of the site (mkdocs-material's palette and scope scripts, the board
  pages' ``engine/early.js`` and entry module): no ``'unsafe-inline'``. The
  hashes of the whole site, not only the page's own: instant navigation
  brings the next page's scripts into the first page's document;
- ``worker-src 'self'``, ``object-src 'none'``, ``base-uri 'self'``,
  ``form-action 'self'``, ``manifest-src 'self'``;
- ``img-src 'self' data:``: mkdocs-material's style sheet draws its icons
  (admonitions, lists, the search box) as ``data:`` SVG images;
- ``style-src 'self'``: style sheets from the site only, and no ``style``
  attribute in the markup (the boards set their styles through the CSSOM,
  which a policy does not restrict).

Under ``mkdocs serve`` no policy is written: its live reload injects a script
of its own into every page.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

#: An inline script (no src): its attributes and its text.
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)
#: Where the policy goes: right after the head's charset (which must stay in the first 1024 bytes).
_HEAD = re.compile(r"<head[^>]*>\s*(?:<meta charset=[^>]*>)?")
META = '<meta http-equiv="Content-Security-Policy" content="{policy}">'


def inline_hashes(html: str) -> set[str]:
    """The CSP source of every inline script of *html* (``'sha256-…'``).

    >>> sorted(inline_hashes('<script>alert(1)</script><script src="a.js"></script>'))
    ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]
    """
    found = set()
    for match in _INLINE_SCRIPT.finditer(html):
        digest = hashlib.sha256(match.group(2).encode("utf-8")).digest()
        found.add(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return found


def policy(hashes: set[str]) -> str:
    """The site's policy, with the inline scripts' *hashes*."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *sorted(hashes)])
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src {scripts}",
            "worker-src 'self'",
            "connect-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            "style-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def write_policy(site: Path) -> str:
    """Put the policy at the top of the head of every HTML page of *site*; return it."""
    pages = sorted(site.rglob("*.html"))
    texts = {path: path.read_text(encoding="utf-8") for path in pages}
    hashes: set[str] = set()
    for text in texts.values():
        hashes |= inline_hashes(text)
    chosen = policy(hashes)
    meta = META.format(policy=chosen)
    for path, text in texts.items():
        head = _HEAD.search(text)
        if head is None or "Content-Security-Policy" in text[: head.end() + 200]:
            continue
        path.write_text(text[: head.end()] + meta + text[head.end() :], encoding="utf-8")
    return chosen


_command = "build"


def on_startup(command: str, dirty: bool) -> None:
    global _command
    _command = command


def on_post_build(config: Any) -> None:
    if _command != "serve":
        write_policy(Path(config["site_dir"]))
