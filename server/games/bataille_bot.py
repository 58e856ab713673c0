"""Bataille's bots, by level: each claims a word it sees on the table, else lays its card or passes.

The race is the game: a level is how often its bot sees a word when it looks (each time the table changes), and
which words it knows (:mod:`.vocabulary`). At a table it plays at a person's pace (:mod:`.pace`).

- beginner: sees a word one look in two, and claims any of the words it knows among the table's best;
- intermediate: three looks in four, the best word it knows;
- strong: every look, the best word listed (the lexicon's best, known or not).
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.lexicon.search import table_words

from .bataille import BatailleView
from .levels import BEGINNER, INTERMEDIATE, STRONG
from .pace import Paced
from .vocabulary import SEARCHED, knows
from .word_games import WordBot

SEES = {BEGINNER: 1 / 2, INTERMEDIATE: 3 / 4, STRONG: 1.0}  # the chance a look at the table finds a word


def claims(legal: Sequence[str]) -> list[str]:
    """The claims of a word the legal list names, best first (``claim N -``, a claim with no word, left out)."""
    return [a for a in legal if a.startswith("claim") and not a.endswith(" -")]


def make(level: str) -> WordBot:
    sees = SEES[level]

    def bot(view: BatailleView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
        """A word it sees, else its card or its pass; "" when it has nothing to do now (it looks again later)."""
        words = claims(legal)
        if words and level != STRONG:  # may claim (the legal list names words): those it knows, best first
            found = table_words(lexicon, view.table, Policy.parse(view.policy), view.min_length, SEARCHED)
            words = [f"claim {view.claims} {word}" for word, _ in found if knows(lexicon, level, word)]
        if words and rng.random() < sees:
            return rng.choice(words) if level == BEGINNER else words[0]
        return next((a for a in legal if a in ("lay", "pass")), "")

    return bot


BOTS: dict[str, Callable[[], WordBot]] = {level: (lambda level=level: Paced(make(level), level)) for level in SEES}
