"""A person's pace in the real-time word games (bataille, belote): how long a bot of each level takes over a move,
counted from when the move became possible (the table's last change, for that bot).

A card is laid within the rulebook's 3 to 10 seconds, whatever the pace; a word takes longer the longer it is,
and the rarer (its Zipf value under 5: CHIEN at 4.9 comes at once, CHINANT, never met, takes a while). The table's ``reaction`` option scales it all:
2 seconds (its default) is the pace below, 1 (the page's quickest) half of it, but never a card before 3 seconds;
0 (bots-only tables, tests and benches) is at once.

>>> seconds("intermediate", "lay", 2.0), seconds("intermediate", "claim 3 CHIEN", 2.0, zipf=5.0)
(4.5, 4.5)
>>> seconds("strong", "lay", 1.0), seconds("beginner", "claim 3 CHIENNE", 2.0, zipf=3.7), seconds("strong", "lay", 0.0)
(3.0, 7.98, 0.0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .levels import BEGINNER, INTERMEDIATE, STRONG

REFERENCE = 2.0  # the reaction option (seconds) the paces below are set at: its default
LAY_SECONDS = (3.0, 10.0)  # the rulebook's time to lay a card ("de 3 à 10 secondes")
MOST_SECONDS = 12.0  # no word takes a person longer to see, once it is there
COMMON = 5.0  # a word at least this common (Zipf) is seen at once: no time for its rarity


@dataclass(frozen=True)
class Pace:
    lay: float  # seconds to lay a card
    see: float  # to see a word at all, and to pass
    letter: float  # more for each of its letters
    rare: float  # and for each step of its Zipf value under COMMON


PACES = {
    BEGINNER: Pace(lay=6.0, see=3.0, letter=0.6, rare=0.6),
    INTERMEDIATE: Pace(lay=4.5, see=2.5, letter=0.4, rare=0.4),
    STRONG: Pace(lay=3.5, see=1.5, letter=0.2, rare=0.2),
}
LAYS = ("lay",)  # the moves that lay a card: "lay" (bataille), "lay Er" (belote)
WORDS = ("claim", "propose")  # those that say a word: "claim 3 CHIEN", "propose CHIEN"


def seconds(level: str, move: str, reaction: float, zipf: float = COMMON) -> float:
    """The seconds a bot of ``level`` takes over ``move`` at a table whose ``reaction`` option is this; ``zipf``:
    how common the word it says is (the lexicon's frequency)."""
    if reaction <= 0:
        return 0.0
    pace, scale = PACES[level], reaction / REFERENCE
    verb, *rest = move.split()
    if verb in LAYS:
        low, high = LAY_SECONDS
        return round(min(high, max(low, pace.lay * scale)), 3)
    word = rest[-1] if verb in WORDS and rest and rest[-1] != "-" else ""
    rarity = max(0.0, COMMON - zipf) if word else 0.0
    return round(min(MOST_SECONDS, (pace.see + pace.letter * len(word) + pace.rare * rarity) * scale), 3)


class Paced:
    """A real-time word game's bot (``bot(view, legal, rng, lexicon)``) at the pace of its level: the table asks
    ``seconds(view, move, reaction, lexicon)`` of a move it decided, and makes it once that long has passed since
    it became possible (:meth:`.table.Table._bot_move`)."""

    def __init__(self, bot: Callable[[Any, Sequence[str], random.Random, Any], str], level: str) -> None:
        self.bot, self.level = bot, level

    def __call__(self, view: Any, legal: Sequence[str], rng: random.Random, lexicon: Any) -> str:
        return self.bot(view, legal, rng, lexicon)

    def seconds(self, view: Any, move: str, reaction: float, lexicon: Any) -> float:
        word = move.split()[-1] if move.startswith(WORDS) else ""
        return seconds(self.level, move, reaction, lexicon.frequency(word) if word and word != "-" else COMMON)
