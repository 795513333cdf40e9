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

#: A placeholder, exactly: on a line of its own (indented or not), one space
#: after ``<!--`` and before ``-->``, lower-case name and keys, ``key=value``
#: pairs separated by one space, values without spaces or ``=``.
PLACEHOLDER = re.compile(
    r"^([ \t]*)<!-- nimcore:([a-z0-9-]+)((?: [a-z_]+=[^\s=]+)*) -->[ \t]*$", re.MULTILINE
)
_ARGUMENT = re.compile(r"([a-z_]+)=(\S+)")
#: Any HTML comment that mentions nimcore, whatever its case or spacing.
_ANY_MENTION = re.compile(r"<!--(?:(?!-->).)*?nimcore(?:(?!-->).)*?-->", re.IGNORECASE | re.DOTALL)


def check_placeholders(markdown: str, where: str = "?") -> None:
    """Fail on any comment that mentions nimcore but is not exactly a placeholder.

    A comment with a capital, a missing or doubled space, a key written twice
    or a placeholder sharing its line would otherwise stay a silent comment in
    the page: the table it asks for would be missing.
    """
    exact = {match.start() + len(match.group(1)) for match in PLACEHOLDER.finditer(markdown)}
    for mention in _ANY_MENTION.finditer(markdown):
        if mention.start() not in exact:
            raise PluginError(
                f"{where} : espace réservé mal formé « {mention.group(0)} » : il s'écrit seul sur"
                " sa ligne, exactement « <!-- nimcore:nom clé=valeur … --> »."
            )
    for match in PLACEHOLDER.finditer(markdown):
        keys = _ARGUMENT.findall(match.group(3))
        names = [key for key, _ in keys]
        if len(names) != len(set(names)):
            raise PluginError(
                f"{where} : « nimcore:{match.group(2)}{match.group(3)} » : une clé est répétée."
            )


def expand(markdown: str, where: str = "?") -> str:
    """Replace every placeholder of *markdown*; raise PluginError on an unknown or malformed one."""
    check_placeholders(markdown, where)

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
