"""MkDocs hook: expand ``<!-- nimcore:NAME key=value … -->`` placeholders with nimcore.

Like mkdocs-material's own ``shortcodes.py`` hook: placeholders are HTML
comments on a line of their own (indented inside an admonition if need be), so
a page still reads well as plain Markdown; an unknown placeholder
or a bad argument fails the build, naming the page. The expansions live in
``site_hooks/tables/`` (one module per topic).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import site_hooks.tables as tables

for _module in pkgutil.iter_modules(tables.__path__):
    importlib.import_module(f"site_hooks.tables.{_module.name}")

PLACEHOLDER = re.compile(
    r"^([ \t]*)<!--\s*nimcore:([a-z0-9-]+)((?:\s+[a-z_]+=\S+?)*)\s*-->", re.MULTILINE
)
_ARGUMENT = re.compile(r"([a-z_]+)=(\S+)")


def expand(markdown: str, where: str = "?") -> str:
    """Replace every placeholder of *markdown*; raise PluginError on an unknown one."""

    def replace(match: re.Match[str]) -> str:
        indent, name, arguments = match.group(1), match.group(2), match.group(3)
        function = tables.MACROS.get(name)
        if function is None:
            raise PluginError(f"{where} : espace réservé inconnu « nimcore:{name} ».")
        options = dict(_ARGUMENT.findall(arguments))
        try:
            html = function(**options)
        except (TypeError, ValueError) as error:
            raise PluginError(f"{where} : « nimcore:{name}{arguments} » : {error}") from None
        # Keep the placeholder's indentation, so it may sit inside an admonition.
        lines = ["", *html.split("\n"), ""]
        return "\n".join(indent + line if line else line for line in lines)

    return PLACEHOLDER.sub(replace, markdown)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    return expand(markdown, page.file.src_path)
