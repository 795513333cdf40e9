"""MkDocs hook: expand ``<!-- nimcore:NAME key=value … -->`` placeholders with nimcore.

Like mkdocs-material's own ``shortcodes.py`` hook: placeholders are HTML
comments on a line of their own (indented inside an admonition if need be), so
a page still reads well as plain Markdown; an unknown or malformed placeholder
(case, spacing, an unclosed comment, an unknown or missing key) or a bad
argument fails the build, naming the page and the placeholder. A placeholder
shown as code (a fenced block, an inline code span) stays as it is. The
expansions live in ``site_hooks/tables/`` (one module per topic).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import site_hooks.tables as tables
from site_hooks.markdown_code import code_ranges, in_code

for _module in pkgutil.iter_modules(tables.__path__):
    importlib.import_module(f"site_hooks.tables.{_module.name}")

#: A placeholder, exactly: on a line of its own (indented or not), one space
#: after ``<!--`` and before ``-->``, lower-case name and keys, ``key=value``
#: pairs separated by one space, values without spaces or ``=``.
PLACEHOLDER = re.compile(
    r"^([ \t]*)<!-- nimcore:([a-z0-9-]+)((?: [a-z_]+=[^\s=]+)*) -->[ \t]*$", re.MULTILINE
)
_ARGUMENT = re.compile(r"([a-z_]+)=(\S+)")
#: The opening of any HTML comment that mentions nimcore before it closes (or
#: without closing), whatever its case or spacing.
_ANY_MENTION = re.compile(r"<!--(?:(?!-->).)*?nimcore", re.IGNORECASE | re.DOTALL)
#: What a message quotes of a malformed comment: up to its end within its
#: paragraph, or else to the end of its line.
_QUOTED = re.compile(r"<!--(?:(?!\n[ \t]*\n).)*?-->|<!--[^\n]*", re.DOTALL)


def check_placeholders(markdown: str, where: str = "?") -> None:
    """Fail on any comment that mentions nimcore but is not exactly a placeholder.

    A comment with a capital, a missing or doubled space, a missing ``-->``, a
    key written twice or a placeholder sharing its line would otherwise stay
    a silent comment in the page (or hide the text after it): the table it
    asks for would be missing. Comments shown as code are not read.

    >>> check_placeholders("<!-- nimcore:nim-binary heaps=1,2 ->", "page.md")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: page.md : espace réservé mal formé « <!-- nimcore:nim-binary heaps=1,2 -> » : il s'écrit seul sur sa ligne, exactement « <!-- nimcore:nom clé=valeur … --> ».
    """
    code = code_ranges(markdown)
    exact = {match.start() + len(match.group(1)) for match in PLACEHOLDER.finditer(markdown)}
    for mention in _ANY_MENTION.finditer(markdown):
        if mention.start() not in exact and not in_code(code, mention.start()):
            quoted = _QUOTED.match(markdown, mention.start())
            text = " ".join((mention.group(0) if quoted is None else quoted.group(0)).split())
            raise PluginError(
                f"{where} : espace réservé mal formé « {text} » : il s'écrit seul sur"
                " sa ligne, exactement « <!-- nimcore:nom clé=valeur … --> »."
            )
    for match in PLACEHOLDER.finditer(markdown):
        keys = _ARGUMENT.findall(match.group(3))
        names = [key for key, _ in keys]
        if len(names) != len(set(names)) and not in_code(code, match.start()):
            raise PluginError(
                f"{where} : « nimcore:{match.group(2)}{match.group(3)} » : une clé est répétée."
            )


def _check_keys(name: str, function: tables.Macro, keys: list[str], where: str) -> None:
    """Refuse, in French, a key the placeholder does not know or a key it needs but lacks."""
    parameters = inspect.signature(function).parameters.values()
    known = [parameter.name for parameter in parameters]
    unknown = [key for key in keys if key not in known]
    if unknown:
        raise PluginError(
            f"{where} : « nimcore:{name} » : clé inconnue « {unknown[0]} »"
            f" (clés possibles : {', '.join(known) or 'aucune'})."
        )
    missing = [
        parameter.name
        for parameter in parameters
        if parameter.default is inspect.Parameter.empty and parameter.name not in keys
    ]
    if missing:
        raise PluginError(f"{where} : « nimcore:{name} » : clé manquante « {missing[0]} ».")


def expand(markdown: str, where: str = "?") -> str:
    """Replace every placeholder of *markdown*; raise PluginError on an unknown or malformed one.

    A placeholder inside code (a fenced block, an inline span) stays as it is.

    >>> expand("```\n<!-- nimcore:nim-binary heaps=1,2 -->\n```")
    '```\n<!-- nimcore:nim-binary heaps=1,2 -->\n```'
    """
    check_placeholders(markdown, where)
    code = code_ranges(markdown)

    def replace(match: re.Match[str]) -> str:
        if in_code(code, match.start()):
            return match.group(0)
        indent, name, arguments = match.group(1), match.group(2), match.group(3)
        function = tables.MACROS.get(name)
        if function is None:
            raise PluginError(f"{where} : espace réservé inconnu « nimcore:{name} ».")
        options = dict(_ARGUMENT.findall(arguments))
        _check_keys(name, function, list(options), where)
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
