"""Where tables' and tournaments' seeds come from, injected beside the clock.

A game is its seed and its actions: the deal, every shuffle, the bots' choices. A server draws each seed from
:mod:`secrets` (a table publishes its hash before the first deal and reveals it at the end: nobody can know the
deals before, or choose them). Tests name their seeds instead, so a failing game deals the same again.

>>> seeds = NamedSeeds("tests/test_x.py::test_y")
>>> seeds.draw() == NamedSeeds("tests/test_x.py::test_y").draw() != seeds.draw()
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from typing import Callable, Protocol


class Seeds(Protocol):
    def draw(self) -> str:
        """A new seed: 32 hexadecimal digits."""


class SecretSeeds:
    """A server's: seeds nobody can guess."""

    def draw(self) -> str:
        return secrets.token_hex(16)


class NamedSeeds:
    """A test's: the n-th seed drawn under a name (the test's id) is the same in every run, whatever ran before.

    ``name`` may be a function, asked at each draw: the test running then names the seeds of the tables it makes,
    on a server shared by several tests.
    """

    def __init__(self, name: str | Callable[[], str]) -> None:
        self.name = name if callable(name) else lambda: name
        self.drawn: Counter[str] = Counter()

    def draw(self) -> str:
        name = self.name()
        self.drawn[name] += 1
        return hashlib.sha256(f"{name}/{self.drawn[name]}".encode()).hexdigest()[:32]
