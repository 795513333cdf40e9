"""nimcore: rules, strategies and explanations of Nim-type games.

The same package answers the command line (``python -m nimcore``), the site's
build hooks and the boards (through Pyodide, in the reader's browser). It uses
the standard library only.

>>> from nimcore import nim
>>> nim.analyse([1, 3, 5, 7]).outcome
'P'
"""

from nimcore.errors import NimcoreError

__all__ = ["NimcoreError", "__version__"]

__version__ = "0.1.0"
