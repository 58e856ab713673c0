"""The examples in docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["fold", "readings", "cards", "scoring", "describe", "sources.delaf", "sources.grammalecte"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"brelan.lexicon.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
