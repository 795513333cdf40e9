"""MkDocs hook: every formula typeset at build time, by KaTeX under Node.

pymdownx.arithmatex leaves each formula as TeX source in the page
(``<span class="arithmatex">\\(x \\oplus y\\)</span>``, a display formula in a
``div`` between ``\\[ \\]``). KaTeX (npm ``katex``) typesets them all here, once,
through ``site_hooks/katex.mjs``: a reader sees the formulas with the page's
first paint, a phone downloads no typesetting script (KaTeX's module is
0.6 MB, 0.15 MB gzip) and runs none, and a page prints as it shows. Each formula
keeps its element, marked ``data-katex``; docs/javascripts/math.js only gives a
display formula wider than a phone's column a Tab stop.

KaTeX sizes its boxes with ``style`` attributes, which the site's
Content-Security-Policy refuses (``style-src 'self'``, security.py). Each
distinct style becomes a class named after its text (``k-`` and 8 hexadecimal
digits of its SHA-256), and the rules of all of them go into one style sheet,
``stylesheets/katex-styles.css`` (marked ``!important``, as weighty as the
attribute was against KaTeX's own sheet).

Runs at ``on_post_page``, once the search plugin has read the page's TeX
(search.py turns it into words), and before security.py and offline.py.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).with_name("katex.mjs")
#: The style sheet of KaTeX's sizes, under the site (listed in mkdocs.yml's extra_css).
STYLES = "stylesheets/katex-styles.css"

#: A formula as pymdownx.arithmatex writes it (generic mode).
_FORMULA = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.S)
#: A start tag's ``style`` attribute, and its ``class`` attribute.
_TAG = re.compile(r"<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:=\"[^\"]*\")?)*)\s*(/?)>")
_STYLE = re.compile(r'\s+style="([^"]*)"')
_CLASS = re.compile(r'\s+class="([^"]*)"')

#: Each distinct style met during the build, by its class.
_styles: dict[str, str] = {}
_process: subprocess.Popen[str] | None = None


def _node() -> subprocess.Popen[str]:
    global _process
    if _process is None or _process.poll() is not None:
        node = shutil.which("node")
        if node is None:
            raise PluginError("Node.js est nécessaire pour composer les formules (Node ≥ 18).")
        if not (ROOT / "node_modules" / "katex").is_dir():
            raise PluginError(
                "KaTeX introuvable dans node_modules. Lancez « npm ci » ou « make serve »,"
                " qui l'installe."
            )
        _process = subprocess.Popen(
            [node, str(SCRIPT)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
    return _process


def typeset(formulas: list[tuple[str, bool]]) -> list[str]:
    """KaTeX's HTML for each (TeX source, display) pair, in order."""
    if not formulas:
        return []
    process = _node()
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(formulas) + "\n")
    process.stdin.flush()
    answer = process.stdout.readline()
    if not answer:
        raise PluginError("KaTeX (site_hooks/katex.mjs) s'est arrêté sans composer les formules.")
    rendered: list[str] = json.loads(answer)
    return rendered


def style_class(style: str) -> str:
    """The class standing for the inline *style* (recorded for the style sheet).

    >>> style_class("height:0.6444em;")
    'k-425d6a7b'
    """
    name = "k-" + hashlib.sha256(style.encode("utf-8")).hexdigest()[:8]
    _styles[name] = style
    return name


def without_styles(markup: str) -> str:
    """*markup* with every ``style`` attribute replaced by a class (:func:`style_class`).

    >>> without_styles('<span class="strut" style="height:0.6444em;"></span><i style="top:0">x</i>')
    '<span class="strut k-425d6a7b"></span><i class="k-a4a1c493">x</i>'
    """

    def tag(match: re.Match[str]) -> str:
        name, attributes, closing = match.groups()
        style = _STYLE.search(attributes)
        if style is None:
            return match.group(0)
        attributes = attributes[: style.start()] + attributes[style.end() :]
        added = style_class(html.unescape(style.group(1)))
        present = _CLASS.search(attributes)
        if present is None:
            attributes += f' class="{added}"'
        else:
            attributes = (
                attributes[: present.start()]
                + f' class="{present.group(1)} {added}"'
                + attributes[present.end() :]
            )
        return f"<{name}{attributes}{closing}>"

    return _TAG.sub(tag, markup)


def source(text: str) -> tuple[str, bool]:
    """The TeX of an arithmatex element's text, and whether it is a display formula.

    >>> source("\\\\[x &lt; 1\\\\]")
    ('x < 1', True)
    """
    tex = html.unescape(text).strip()
    if tex.startswith("\\(") and tex.endswith("\\)"):
        return tex[2:-2], False
    if tex.startswith("\\[") and tex.endswith("\\]"):
        return tex[2:-2], True
    return tex, False


def typeset_page(output: str) -> str:
    """The page *output* with every formula typeset."""
    found = list(_FORMULA.finditer(output))
    formulas = []
    for match in found:
        tex, display = source(match.group(2))
        formulas.append((tex, display or match.group(1) == "div"))
    rendered = typeset(formulas)
    parts = []
    end = 0
    for match, markup in zip(found, rendered, strict=True):
        element = match.group(1)
        parts += [
            output[end : match.start()],
            f'<{element} class="arithmatex" data-katex="">{without_styles(markup)}</{element}>',
        ]
        end = match.end()
    parts.append(output[end:])
    return "".join(parts)


_TYPESET = re.compile(r'<(span|div) class="arithmatex" data-katex="">')
_SOURCE = re.compile(r'<annotation encoding="application/x-tex">(.*?)</annotation>', re.S)


def untypeset(markup: str) -> str:
    r"""*markup* with each typeset formula back to its TeX source, as pymdownx.arithmatex
    wrote it (the tests read the pages' math as it was typed).

    >>> page = typeset_page('<p><span class="arithmatex">\\(x &lt; 1\\)</span> !</p>')
    >>> untypeset(page)
    '<p><span class="arithmatex">\\(x &lt; 1\\)</span> !</p>'
    """
    parts = []
    end = 0
    while (found := _TYPESET.search(markup, end)) is not None:
        element = found.group(1)
        depth = 0
        for tag in re.finditer(rf"<(/?){element}\b[^>]*>", markup[found.start() :]):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                close = found.start() + tag.end()
                break
        else:
            raise ValueError(f"formule non fermée à {found.start()}")
        source = _SOURCE.search(markup, found.start(), close)
        assert source is not None
        tex = html.unescape(source.group(1))
        opening, closing = ("\\[", "\\]") if element == "div" else ("\\(", "\\)")
        parts += [
            markup[end : found.start()],
            f'<{element} class="arithmatex">{html.escape(opening + tex + closing, quote=False)}'
            f"</{element}>",
        ]
        end = close
    parts.append(markup[end:])
    return "".join(parts)


def style_sheet() -> str:
    """The rules of every style met, one class each, sorted."""
    rules = [
        f".{name}{{{';'.join(f'{d.strip()}!important' for d in style.split(';') if d.strip())}}}"
        for name, style in sorted(_styles.items())
    ]
    return (
        "/* KaTeX's sizes, written by site_hooks/math.py at build time. */\n"
        + "\n".join(rules)
        + "\n"
    )


def on_pre_build(config: Any) -> None:
    _styles.clear()


def on_post_page(output: str, page: Any, config: Any) -> str:
    return typeset_page(output)


def on_post_build(config: Any) -> None:
    global _process
    target = Path(config["site_dir"]) / STYLES
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(style_sheet(), encoding="utf-8")
    if _process is not None:
        assert _process.stdin is not None
        _process.stdin.close()
        _process.wait(timeout=30)
        _process = None
