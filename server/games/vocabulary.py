"""The words a bot of each level knows: those people know, by the lexicon's word frequency (wordfreq's Zipf value
of the folded form: about 7 for the commonest words, 4 for "cheval", 0 for a word it never met). The strong bot
knows every word the lexicon admits; the others play the words a person at their level would find, where the
best word of the cards is often one nobody knows (GUNZ, HADJS, FUNGIA, FAVUS).

>>> class Counts:
...     def frequency(self, form: str) -> float:
...         return {"CHIEN": 4.6, "NICHE": 2.1, "FAVUS": 0.9}.get(form, 0.0)
>>> [w for w in ("CHIEN", "NICHE", "FAVUS") if knows(Counts(), "beginner", w)], knows(Counts(), "strong", "FAVUS")
(['CHIEN'], True)
"""

from __future__ import annotations

from typing import Any

from .levels import BEGINNER, INTERMEDIATE

# The least Zipf value of a word each level knows: 2.5 about once in 3 million words read, 1.5 once in 30 million
# (a word of five letters or more made of the table's cards is seldom commoner: belote's bots below those bars
# passed their every proposal).
KNOWN_FROM = {BEGINNER: 2.5, INTERMEDIATE: 1.5}
SEARCHED = 20  # words searched for, best first, for those a level knows among them


def knows(lexicon: Any, level: str, word: str) -> bool:
    """Whether a bot of ``level`` knows ``word`` (the lexicon's ``frequency``: a ``brelan.lexicon.lexicon.Lexicon``)."""
    least = KNOWN_FROM.get(level)
    return least is None or lexicon.frequency(word) >= least
