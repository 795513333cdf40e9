"""Serve the built site as readers get it: static files, service worker included.

python tools/serve.py SITE_DIR [--host 127.0.0.1] [--port 8000]

`make serve` runs it after `make build`. Unlike `mkdocs serve` (`make live`,
for writers), the service worker of the build is the real one: after one
visit, the site works offline, as it will once published. Every answer asks
the browser to check with the server before using its copy (``no-cache``), so a
new `make build` is seen at the next visit (through the site's update banner
once the service worker is installed).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types modules and WebAssembly need, whatever the system knows."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing page gets the site's own 404 page, in French, as GitHub Pages serves it."""
        page = Path(str(self.directory)) / "404.html"
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass  # one line per file of every page would bury the address above

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that lets a reader's browser go away mid-file in silence.

    A page closed or left while a file is still on its way (a test's browser closing
    its page, a reader's tab) breaks the connection; socketserver printed a traceback
    for each, in the middle of the tests' output, where nothing had failed.
    """

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def served(
    directory: Path | str,
    handler_class: type[http.server.SimpleHTTPRequestHandler],
    prefix: str = "/",
) -> Iterator[str]:
    """Serve *directory* with *handler_class* on a free port of 127.0.0.1, in a thread.

    Yields the address of *prefix* (``http://127.0.0.1:PORT/``); the server stops on exit.
    The browser tests, the benches and the PDF of the book serve the site through it.
    """
    handler = functools.partial(handler_class, directory=str(directory))
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Sert le site construit, service worker compris.")
    parser.add_argument("site", type=Path, help="le dossier du site construit (site/)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    arguments = parser.parse_args()
    if not (arguments.site / "index.html").is_file():
        raise SystemExit(f"Site introuvable dans {arguments.site} : lancez d'abord « make build ».")
    handler = functools.partial(SiteHandler, directory=str(arguments.site))
    with SiteServer((arguments.host, arguments.port), handler) as server:
        print(
            f"Le site est servi sur http://{arguments.host}:{arguments.port}/ (Ctrl+C pour arrêter)."
        )
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print()


if __name__ == "__main__":
    main()
