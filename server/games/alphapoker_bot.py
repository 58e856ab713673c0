"""The AlphaPoker bot: it exchanges towards its best word and bets by that word's score.

Exchange: keep the cards of the best word the hand lays now (so the word can
only get better) and discard the others, the letters that make fewest words
first (the deck's counts say how common a letter is), up to the cap; jokers
stay. Betting: the best word's score against what a hand of this size usually
makes. Reveal: the best word, or nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from brelan.lexicon.cards import LETTER_COUNTS, Card
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.lexicon.search import best_words

from .alphapoker import AlphaView


# A score per card of the hand from which a word is worth playing for (fair) and raising on (strong).
FAIR_PER_CARD = 2.5
STRONG_PER_CARD = 4.5
BLUFF = 0.1


def discards(hand: Sequence[Card], keep: Sequence[Card], most: int) -> list[Card]:
    """The cards to exchange: those not kept, rarest letters first, jokers never, at most ``most``."""
    kept = Counter(keep)
    spare = []
    for c in hand:
        if kept[c]:
            kept[c] -= 1
        elif not c.is_joker:
            spare.append(c)
    spare.sort(key=lambda c: (LETTER_COUNTS[c.letter], c.letter, c.colour))
    return spare[:most]


def bot(view: AlphaView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
    seat = view.seat
    assert seat is not None
    hand = [c for c in view.hands[seat] if isinstance(c, Card)]  # its own: all face up to it
    found = best_words(lexicon, hand, Policy.parse(view.policy), 1, view.simplified)
    word = found[0] if found else None
    score = word.score if word else 0
    if view.phase == "reveal":
        return "lay " + " ".join(map(str, word.cards)) if word else "lay"
    if view.phase == "exchange":
        out = discards(hand, [c.card for c in word.cards] if word else [], view.exchange_cap)
        return " ".join(["exchange", *map(str, out)])
    fair, strong = FAIR_PER_CARD * len(hand), STRONG_PER_CARD * len(hand)
    current = max(view.bets)
    opening = [a for a in legal if a.startswith("bet ")]
    if opening:  # the opener: a bet that grows with the word
        want = current + 1 + int(max(0, score - fair) // 4)
        return min(opening, key=lambda a: abs(int(a.split()[1]) - want))
    if "stop" in legal:  # back to the opener: raise a strong word, else stop
        voir = [a for a in legal if a.startswith("voir ")]
        if score >= strong and (voir or any(a.startswith("raise ") for a in legal)):
            return voir[-1] if voir else [a for a in legal if a.startswith("raise ")][-1]
        return "stop"
    to_call = current - view.bets[seat]
    if score >= fair or to_call <= 2 or rng.random() < BLUFF:
        return "call"
    return "fold"
