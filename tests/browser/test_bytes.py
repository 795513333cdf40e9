"""What a first visit downloads: within the byte budget, on the snapshot path.

A first visit of the Nim page (empty cache, the service worker not yet
installed) boots the engine from the memory snapshot: Pyodide's wasm and
scripts, the snapshot, nimcore's wheel, the page and its theme, but not
python_stdlib.zip. Each file is weighed as a gzip-serving host (GitHub Pages)
sends it: gzip level 6, an already compressed file (the snapshot) as it is.
A size, not a time: ARCHITECTURE.md says where the bytes go.
"""

import gzip
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from boardtest import ENGINE_TIMEOUT
from siteserver import guarded_context

pytestmark = pytest.mark.browser

#: The budget of a first visit, gzip bytes (issue 20: « ≤ 8 Mo gzip »).
BUDGET = 8_000_000


def weigh(site: Path, base: str, urls: list[str]) -> dict[str, int]:
    """Gzip bytes of each file of *site* that *urls* name (once each)."""
    weights = {}
    for url in urls:
        path = unquote(urlsplit(url).path).removeprefix(urlsplit(base).path)
        file = site / path
        if not path or path.endswith("/"):
            file = file / "index.html"
        if path in weights or not file.is_file():
            continue
        data = file.read_bytes()
        weights[path] = len(data) if path.endswith((".gz", ".zst")) else len(gzip.compress(data, 6))
    return weights


def test_a_first_visit_stays_within_the_byte_budget(browser, built_site, site_url):
    context, page, watcher = guarded_context(browser, site_url)
    received: list[str] = []
    context.on("requestfinished", lambda request: received.append(request.url))
    page.goto(site_url + "nim/")
    page.wait_for_function(
        "() => window.nimJeux && window.nimJeux.engine.status.state === 'ready'",
        timeout=ENGINE_TIMEOUT,
    )
    assert page.evaluate("() => window.nimJeux.engine.stats().boot") == "snapshot"
    page.wait_for_timeout(500)  # what the page still loads once the engine is ready
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])
    weights = weigh(built_site, site_url, received)
    assert any(name.startswith("runtime/nimcore-snapshot-") for name in weights), weights
    assert not any("python_stdlib" in name for name in weights), weights
    # Pyodide's wasm and module from their compressed copies only (engine/worker.js).
    pyodide = sorted(name for name in weights if name.startswith("runtime/pyodide/pyodide.asm"))
    assert pyodide == [
        "runtime/pyodide/pyodide.asm.mjs.gz",
        "runtime/pyodide/pyodide.asm.wasm.gz",
    ], pyodide
    largest = sorted(weights.items(), key=lambda item: -item[1])[:8]
    total = sum(weights.values())
    print(f"\nPremière visite de /nim/ : {total} octets gzip", *largest, sep="\n  ")
    assert total <= BUDGET, (total, largest)
