import sys
from pathlib import Path

# brute.py lives beside the tests; make it importable however pytest is run
# (including inside Pyodide, where the tests are mounted on their own).
sys.path.insert(0, str(Path(__file__).parent))

if sys.platform == "emscripten":
    # Inside Pyodide (tests/pyodide) the suite proves that the wheel computes the same on
    # Python 3.14 compiled to WebAssembly; CPython has already drawn every property's full
    # count of examples. A property with no count of its own draws 20 there, not 100.
    from hypothesis import settings

    settings.register_profile("pyodide", max_examples=20, deadline=None)
    settings.load_profile("pyodide")
