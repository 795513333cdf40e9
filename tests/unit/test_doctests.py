"""Run every docstring example of nimcore, and check that some did run."""

import doctest
import importlib
import pkgutil

import pytest

import nimcore

MODULES = sorted(
    ["nimcore"]
    + [
        info.name
        for info in pkgutil.walk_packages(nimcore.__path__, prefix="nimcore.")
        if info.name != "nimcore.__main__"  # importing it runs the command line
    ]
)


class FrenchChecker(doctest.OutputChecker):
    """Compare outputs with French non-breaking spaces read as plain spaces.

    Docstrings are typed with ordinary spaces; nimcore's messages carry
    U+00A0 / U+202F before ``: ; ! ?`` (see nimcore.french).
    """

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        got = got.replace("\u00a0", " ").replace("\u202f", " ")
        return super().check_output(want, got, optionflags)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(
        checker=FrenchChecker(), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    for test in finder.find(module):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0


def test_some_examples_ran():
    total = 0
    for name in MODULES:
        module = importlib.import_module(name)
        total += sum(len(test.examples) for test in doctest.DocTestFinder().find(module))
    assert total > 20
