"""The « source » placeholder: an excerpt of nimcore's own code, taken at build time.

``<!-- nimcore:source name=nimcore.nimsum.nim_sum -->`` shows the source of that
function (or class) as the engine runs it, read by :func:`inspect.getsource`:
the page « Programmer un joueur parfait » can never drift from the code. A name
that nimcore does not define fails the build. The docstring, written for
developers (in English, with its examples), is cut down to its summary line
unless ``docstring=oui`` asks for all of it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from pathlib import Path

from site_hooks.tables import MacroError, escape, flag, macro

_ROOT = Path(__file__).resolve().parents[2]


def _resolve(name: str) -> object:
    """The nimcore function or class called *name* (dotted), or MacroError."""
    parts = name.split(".")
    if parts[0] != "nimcore" or len(parts) < 3:
        raise MacroError(f"name={name!r}: a function or class of nimcore is expected")
    for split in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        try:
            for attribute in parts[split:]:
                found = getattr(found, attribute)
        except AttributeError:
            break
        if not (inspect.isfunction(found) or inspect.isclass(found)):
            break
        module = getattr(found, "__module__", "")
        if module != "nimcore" and not module.startswith("nimcore."):
            break
        return found
    raise MacroError(f"name={name!r}: nimcore has no such function or class")


def _short_docstring(source: str) -> str:
    """*source* of one definition with its docstring reduced to the summary line."""
    tree = ast.parse(source)
    definition = tree.body[0]
    assert isinstance(definition, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    first = definition.body[0]
    if not (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
        and first.end_lineno is not None
    ):
        return source
    lines = source.split("\n")
    indent = lines[first.lineno - 1][: first.col_offset]
    summary = first.value.value.strip().split("\n")[0]
    replaced = [*lines[: first.lineno - 1], f'{indent}"""{summary}"""', *lines[first.end_lineno :]]
    return "\n".join(replaced)


@macro("source")
def source(name: str, docstring: str = "non") -> str:
    """nimcore's source of *name*, as a code block, with a caption naming it.

    ``<!-- nimcore:source name=nimcore.numeration.zeckendorf -->``
    """
    found = _resolve(name)
    text = textwrap.dedent(inspect.getsource(found)).rstrip("\n")  # type: ignore[arg-type]
    if not flag(docstring, "docstring"):
        text = _short_docstring(text)
    path = Path(inspect.getsourcefile(found) or "")  # type: ignore[arg-type]
    try:
        path.resolve().relative_to(_ROOT)
    except ValueError:
        raise MacroError(f"name={name!r}: defined outside the project") from None
    # The caption names the excerpt for a reader of the text, not where it lives in the
    # repository (no file or line numbers: the examiner's second report, list 3).
    kind = "la classe" if inspect.isclass(found) else "la fonction"
    note = (
        f"Extrait du moteur du site, le programme des plateaux : {kind} "
        f"<code>{escape(name.rsplit('.', 1)[-1])}</code>"
        + ("" if flag(docstring, "docstring") else " (documentation réduite à sa première ligne)")
        + "."
    )
    return (
        f'<div class="nimcore-source"><pre><code class="language-python">{escape(text)}'
        f'</code></pre>\n<p class="nimcore-note">{note}</p></div>'
    )
