"""The examples in docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    *(f"lexicon.{m}" for m in ("fold", "readings", "cards", "scoring", "describe", "explanations", "sources.delaf", "sources.grammalecte", "sources.lefff")),
    *(f"server.games.{m}" for m in ("base", "cards", "evaluator", "pots", "poker_champ", "betting", "dice", "yahtzee_holdem", "daker_cards", "daker", "chinese_scoring", "chinese_rows", "chinese_solver", "chinese", "tournament", "word_games")),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"brelan.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
