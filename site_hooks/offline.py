"""MkDocs hook: the service worker that keeps the whole site available offline.

After the build (and after ``runtime.py`` has copied Pyodide, the wheel and
KaTeX: this hook is listed after it), every file of the site is listed with its
content hash, and ``sw.js`` is written at the site's root from
``site_hooks/service-worker.js`` with that list and a version derived from it.
Any change to any file changes ``sw.js``, which is how browsers notice a new
version; the worker then precaches the new build as a whole before using it.

Written here rather than with Workbox: Workbox's generateSW needs a bundler
toolchain (rollup, babel, terser) at build time for what amounts to sixty lines
of worker; the atomic-version logic is the part that matters and it is tested.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

TEMPLATE = Path(__file__).with_name("service-worker.js")
WORKER = "sw.js"
#: Files not precached: the worker itself, and duplicates: the sitemap's compressed
#: copy, and Pyodide's raw WebAssembly and module, which the engine's worker reads
#: from their compressed copies, ``pyodide.asm.wasm.gz`` and ``pyodide.asm.mjs.gz``
#: (docs/javascripts/engine/worker.js).
SKIP = {
    WORKER,
    "sitemap.xml.gz",
    "runtime/pyodide/pyodide.asm.wasm",
    "runtime/pyodide/pyodide.asm.mjs",
}


def manifest(site: Path) -> list[tuple[str, str]]:
    """Every file of *site* as (URL relative to the root, SHA-256 prefix), sorted.

    A directory's ``index.html`` is also listed as the directory itself
    (``nim/``), the URL readers and instant navigation actually request.
    """
    entries = []
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if not path.is_file() or relative in SKIP:
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        entries.append((relative, digest))
        if path.name == "index.html":
            directory = relative[: -len("index.html")]
            entries.append((directory or "./", digest))
    return entries


def write_service_worker(site: Path) -> str:
    """Write ``sw.js`` into *site*; return the build's version string."""
    entries = manifest(site)
    version = hashlib.sha256(json.dumps(entries).encode("utf-8")).hexdigest()[:16]
    files = [url for url, _ in entries]
    source = TEMPLATE.read_text(encoding="utf-8")
    source = source.replace("__VERSION__", version).replace(
        "__FILES__", json.dumps(files, indent=0)
    )
    (site / WORKER).write_text(source, encoding="utf-8")
    return version


#: Under `mkdocs serve`, a worker that removes itself: caching a site being edited helps no one.
DEV_WORKER = """\
// mkdocs serve: no offline cache while the site is being edited.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("jeux-de-nim-")).map((n) => caches.delete(n))))
      .then(() => self.registration.unregister()),
  );
});
"""

_command = "build"


def on_startup(command: str, dirty: bool) -> None:
    global _command
    _command = command


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    if _command == "serve":
        (site / WORKER).write_text(DEV_WORKER, encoding="utf-8")
    else:
        write_service_worker(site)
