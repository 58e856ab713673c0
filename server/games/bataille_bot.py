"""Bataille's bots, by level: each claims a word it sees on the table, else lays its card or passes.

The race is the game: a level is how often its bot sees a word when it looks (each time the table changes), and
which words it knows (:mod:`.vocabulary`). At a table it plays at a person's pace (:mod:`.pace`).

- beginner: sees a word one look in two, and claims any of the words it knows among the table's best;
- intermediate: 85 looks in 100, the word it knows that it sees first (its pace's quickest: a common short
  word before a rare long one), as a person claims what they spot (claiming its best word instead, slower to see,
  it lost two claims in three to a person who knows the common words);
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
from .pace import REFERENCE, Paced, seconds
from .vocabulary import SEARCHED, knows
from .word_games import WordBot

# The chance a look at the table finds a word. The intermediate's is set so that a person who knows the common
# words (Zipf 3 or more) and claims at the pace module's person's pace wins about half the claims against it
# (bench_bots.py's race: 52% over 12 games; 57% at 3 looks in 4, 44% at every look).
SEES = {BEGINNER: 1 / 2, INTERMEDIATE: 0.85, STRONG: 1.0}
QUICKEST = {INTERMEDIATE}  # the levels that claim the word they see first rather than the best they know


def claims(legal: Sequence[str]) -> list[str]:
    """The claims of a word the legal list names, best first (``claim N -``, a claim with no word, left out)."""
    return [a for a in legal if a.startswith("claim") and not a.endswith(" -")]


def known_claims(view: BatailleView, lexicon: Lexicon, known: Callable[[str], bool]) -> list[str]:
    """The claims of the table's words a player knows (``known(word)``), best first."""
    found = table_words(lexicon, view.table, Policy.parse(view.policy), view.min_length, SEARCHED)
    return [f"claim {view.claims} {word}" for word, _ in found if known(word)]


def quickest(words: Sequence[str], lexicon: Lexicon, pace: str, reaction: float = REFERENCE) -> str:
    """The claim seen first at ``pace`` (a common short word before a rare long one), the best of those as quick:
    how the intermediate bot and a person (bench_bots.py's race) choose among the words they know."""
    return min(words, key=lambda claim: seconds(pace, claim, reaction, lexicon.frequency(claim.split()[-1])))


def make(level: str) -> WordBot:
    sees = SEES[level]

    def bot(view: BatailleView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
        """A word it sees, else its card or its pass; "" when it has nothing to do now (it looks again later)."""
        words = claims(legal)
        if words and level != STRONG:  # may claim (the legal list names words): those it knows, best first
            words = known_claims(view, lexicon, lambda word: knows(lexicon, level, word))
        if words and rng.random() < sees:
            if level in QUICKEST:  # min() keeps the first of the quickest: among words seen as soon, the best
                return quickest(words, lexicon, level)
            return rng.choice(words) if level == BEGINNER else words[0]
        return next((a for a in legal if a in ("lay", "pass")), "")

    return bot


BOTS: dict[str, Callable[[], WordBot]] = {level: (lambda level=level: Paced(make(level), level)) for level in SEES}
