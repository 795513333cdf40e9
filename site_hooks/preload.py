"""MkDocs hook: tell the browser, in each page's head, every module the page will run.

The site's JavaScript is native ES modules, loaded without a bundler: site.js
imports the engine client, then imports a board's module when the page shows
that board, which imports the board kit… Each step waits for the one before
(a "waterfall"), and a board is usable only at the end of it.

This hook adds ``<link rel="modulepreload">`` for site.js's modules and for the
module of every board the page shows (``data-board="…"``), each with the modules
it imports, so the browser fetches and compiles them all at once while it reads
the page. On a page with a board it also inlines ``engine/early.js``, which
starts the engine's worker (Pyodide's start-up, the longest wait) while the
head is being read, before its style sheets (an inline script after them waits
for them all), not once the page and the theme's script are done. The board →
module table is read from site.js itself (its ``BOARDS``),
and imports from the modules' own ``import … from "./…";`` lines: nothing is
written twice. An unknown board, or a module that cannot be found, fails the
build.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

from site_hooks.words import MODULE as WORDS_MODULE

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "docs" / "javascripts"
ENTRY = "javascripts/site.js"

#: A static import: `import … from "./x.js";` or `import "./x.js";` (not `import(…)`).
_IMPORT = re.compile(
    r'^\s*(?:import|export)\b[^;()]*?\bfrom\s+"(\.{1,2}/[^"]+)"|^\s*import\s+"(\.{1,2}/[^"]+)"',
    re.M,
)
#: An entry of site.js's BOARDS: `  nim: ["./boards/nim.js", "mountNim"],` (names may be quoted).
_BOARD_ENTRY = re.compile(r'^\s*"?([\w-]+)"?\s*:\s*\[\s*"(\./boards/[^"]+\.js)"', re.M)
_DATA_BOARD = re.compile(r'\bdata-board="([^"]+)"')


def static_imports(module: str, scripts: Path = SCRIPTS) -> list[str]:
    """Every module *module* loads before it runs (itself first), as paths under javascripts/."""
    order: list[str] = []
    pending = [module]
    while pending:
        current = pending.pop(0)
        if current in order:
            continue
        path = scripts.parent / current
        if current == WORDS_MODULE:  # written by the build (site_hooks/words.py), imports nothing
            order.append(current)
            continue
        if not path.is_file():
            raise PluginError(f"Module JavaScript introuvable : {current}")
        order.append(current)
        text = path.read_text(encoding="utf-8")
        for match in _IMPORT.finditer(text):
            target = match.group(1) or match.group(2)
            resolved = PurePosixPath(current).parent / target
            pending.append(_normalise(resolved))
    return order


def _normalise(path: PurePosixPath) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def board_modules(scripts: Path = SCRIPTS) -> dict[str, str]:
    """site.js's BOARDS: data-board value → module path under javascripts/."""
    text = (scripts / "site.js").read_text(encoding="utf-8")
    start = text.index("const BOARDS = {")
    table = text[start : text.index("};", start)]
    return {
        name: _normalise(PurePosixPath("javascripts") / module)
        for name, module in _BOARD_ENTRY.findall(table)
    }


@cache
def _board_table() -> dict[str, str]:
    return board_modules()


def boards_of(html: str) -> list[str]:
    """The boards a built page shows (data-board values), each once, in order."""
    return list(dict.fromkeys(_DATA_BOARD.findall(html)))


def modules_for(boards: list[str]) -> list[str]:
    """The modules a page showing *boards* will run: site.js's, then its boards' (each once)."""
    wanted = static_imports(ENTRY)
    table = _board_table()
    for board in boards:
        if board not in table:
            raise PluginError(f"Plateau inconnu dans une page : data-board={board!r}")
        for module in static_imports(table[board]):
            if module not in wanted:
                wanted.append(module)
    return wanted


def on_startup(command: str, dirty: bool) -> None:
    _board_table.cache_clear()  # `mkdocs serve` may have changed site.js


#: The engine's worker, started from the head of pages with a board (engine/early.js).
WORKER = "javascripts/engine/worker.js"
EARLY = SCRIPTS / "engine" / "early.js"


def module_specifier(path: str, page_url: str) -> str:
    """*path* (under the site's root) as an import specifier from the page at *page_url*.

    An import needs ``./`` or ``../`` where a link does not (the home page's
    ``javascripts/site.js`` would be taken for a package's name).

    >>> module_specifier("javascripts/site.js", "")
    './javascripts/site.js'
    >>> module_specifier("javascripts/site.js", "nim/")
    '../javascripts/site.js'
    """
    relative = get_relative_url(path, page_url)
    return relative if relative.startswith(("./", "../", "/")) else f"./{relative}"


def early_start(page_url: str, source: Path = EARLY) -> str:
    """engine/early.js as an inline script of a page at *page_url*: comment lines out, the worker's URL in."""
    code = "\n".join(
        line
        for line in source.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("//")
    )
    return "<script>" + code.replace("WORKER_URL", get_relative_url(WORKER, page_url)) + "</script>"


#: mkdocs-material's script, parser-blocking at the end of the body.
_THEME_BUNDLE = re.compile(
    r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>'
)
#: site.js, which mkdocs writes after the theme's script.
_SITE_SCRIPT = re.compile(r'\s*<script src="[^"]*javascripts/site\.js" type="module"></script>')


def boards_before_theme(output: str, page_url: str, boards: list[str]) -> str:
    """Draw the boards before the theme's script runs, both once the page is read.

    The theme's script (~170 ms of work on a 2-core machine) held the parser
    where it stood, and site.js came after it: boards were drawn only once the
    theme had run. Now the theme's script is ``defer``, and just before it
    comes site.js or, on a page with boards, an inline module that imports
    site.js and the boards' modules statically and hands those to site.js
    (``boardModules``). Deferred scripts run in document order, so the boards
    are drawn first, without waiting for a dynamic import (see site.js's start-up).
    """
    bundle = _THEME_BUNDLE.search(output)
    site = _SITE_SCRIPT.search(output)
    if bundle is None or site is None or site.start() < bundle.start():
        raise PluginError("Le script du thème ou site.js n'est plus où preload.py l'attend.")
    entry = site.group(0).strip()
    if boards:
        table = _board_table()
        imports = "".join(
            f'import * as m{index} from "{module_specifier(table[board], page_url)}";'
            for index, board in enumerate(boards)
        )
        handed = ", ".join(f'"{board}": m{index}' for index, board in enumerate(boards))
        entry = (
            f'<script type="module">import {{ boardModules }} from "{module_specifier(ENTRY, page_url)}";'
            f"{imports}boardModules({{{handed}}});</script>"
        )
    deferred = bundle.group(0).replace("></script>", " defer></script>")
    return (
        output[: bundle.start()]
        + entry
        + "\n      "
        + deferred
        + output[bundle.end() : site.start()]
        + output[site.end() :]
    )


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    if "</head>" not in output:
        return output
    boards = boards_of(output)
    head = "".join(
        f'<link rel="modulepreload" href="{get_relative_url(module, page.url)}">'
        for module in modules_for(boards)
    )
    output = boards_before_theme(output, page.url, boards)
    output = print_sheet_for_print(output)
    if boards:
        # Before the style sheets too: an inline script after them waits for them all.
        head += early_start(page.url)
    return preload_before_styles(output, head)


#: The print style sheet's link, as mkdocs writes the extra_css entries.
_PRINT_SHEET = re.compile(r'<link rel="stylesheet" href="[^"]*stylesheets/print\.css">')


def print_sheet_for_print(output: str) -> str:
    """Give the print style sheet ``media="print"``.

    Every rule of print.css sits inside ``@media print``, but a plain link to it
    blocked the screen as any style sheet does: the head's inline scripts and the
    boards' modules waited for it. With its media, the browser fetches it
    without waiting for it, and still prints with it. A page without it fails the build.

    >>> print_sheet_for_print('<link rel="stylesheet" href="../stylesheets/print.css">')
    '<link rel="stylesheet" href="../stylesheets/print.css" media="print">'
    """
    found = _PRINT_SHEET.search(output)
    if found is None:
        raise PluginError("La feuille d'impression n'est plus où preload.py l'attend.")
    return output[: found.end() - 1] + ' media="print">' + output[found.end() :]


#: The page's first style sheet (the theme's), in its head.
_FIRST_STYLESHEET = re.compile(r'<link rel="stylesheet"')


def preload_before_styles(output: str, links: str) -> str:
    """Put the module preloads *links* just before the page's first style sheet.

    The head's inline scripts wait for the style sheets above them, and so does
    the parser; Chromium then requested the preloads after them only when it read
    them, once the style sheets had come: a round trip more before the boards
    could run. Before the style sheets, modules and styles are fetched together.
    They stay after the Content-Security-Policy ``<meta>``, which governs only
    what follows it.

    >>> preload_before_styles('<meta x><link rel="stylesheet" href="a.css"></head>', "<P>")
    '<meta x><P><link rel="stylesheet" href="a.css"></head>'
    """
    first = _FIRST_STYLESHEET.search(output)
    head_end = output.index("</head>")
    at = first.start() if first is not None and first.start() < head_end else head_end
    return output[:at] + links + output[at:]
