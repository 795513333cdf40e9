"""The French sentences that justify a solver's hint, one module by solver.

Convention: a solver's module (``nimcore/nim.py``…) holds its arithmetic and its
``analyse``; the sentences that put an analysis into words live here, in a module
of the same name (``nimcore/explain/nim.py``…), as one function ``explain`` fed
with what the analysis has computed. So the rules and their arithmetic can be
read without the wording, and the wording reviewed as French prose on its own.
The solvers whose wording is short (``grundy.py``, ``chomp/``, ``graph/``…) keep
it next to their arithmetic.
"""
