import sys
from pathlib import Path

# brute.py lives beside the tests; make it importable however pytest is run
# (including inside Pyodide, where the tests are mounted on their own).
sys.path.insert(0, str(Path(__file__).parent))
