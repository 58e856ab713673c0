"""DAKER cards: two poker-dice values on each card, and the best hand using one value per card.

Values rank A > K > Q > J > R (red, the dice's 10) > N (black, the 9). A card's
text is its two values, ``AK``, ``QQ``, ``RN``. The deck is data: by default
the 21 different pairs (15 mixed, 6 doubles); a table may pass its own list.

Ranking: repoker (five alike) > four > full house > three > two pairs > pair;
no pair is worth nothing. Equal categories compare their values (the three,
then the pair of a full house); four of a kind then compares the fifth card;
pair, two pairs and three of a kind ignore the rest (split).

>>> v = best_hand(parse_cards("AK KQ QJ JR RN"))
>>> describe(v)
'two-pairs K J'
>>> best_hand(parse_cards("AK KQ QJ"), parse_cards("KN QR NN"), community_take=2) > v
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .base import Back, OptionError, TextError

VALUES = "NRJQKA"  # low to high
NOTHING, PAIR, TWO_PAIRS, THREE, FULL_HOUSE, FOUR, REPOKER = range(7)
SLUGS = ("nothing", "pair", "two-pairs", "three", "full-house", "four", "repoker")
NAMES_FR = ("Rien", "Paire", "Double paire", "Brelan", "Full", "Carré", "Repoker")

Value = tuple[int, ...]  # (category, deciding values high to low...)


@dataclass(frozen=True)
class DakerCard:
    high: str
    low: str
    ident: int = -1  # its place in the deck (decks may repeat a pair); not part of the text

    def __str__(self) -> str:
        return self.high + self.low

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted({VALUES.index(self.high), VALUES.index(self.low)}, reverse=True))

    @classmethod
    def parse(cls, text: str) -> DakerCard:
        t = text.upper()
        if len(t) != 2 or t[0] not in VALUES or t[1] not in VALUES:
            raise TextError(f"not a DAKER card: {text!r} (two of A K Q J R N, e.g. AK, QQ, RN)")
        high, low = sorted(t, key=VALUES.index, reverse=True)
        return cls(high, low)


HiddenCard = Back  # the others see ??


def default_deck() -> tuple[str, ...]:
    """The 21 different pairs: 15 of two values, 6 doubles (RULINGS: the rulebook does not list its 27)."""
    return tuple(h + l for i, h in enumerate(VALUES[::-1]) for l in VALUES[::-1][i:])


def make_deck(texts: Sequence[str]) -> list[DakerCard]:
    cards = []
    for i, text in enumerate(texts):
        try:
            card = DakerCard.parse(text)
        except TextError as e:
            raise OptionError("deck", f"card {i + 1}: {e}") from None
        cards.append(DakerCard(card.high, card.low, i))
    return cards


def parse_cards(text: str) -> list[DakerCard]:
    return [DakerCard.parse(t) for t in text.split()]


@lru_cache(maxsize=None)
def _five(values: tuple[int, ...]) -> Value:
    """The value of five chosen values (sorted high to low)."""
    counts = sorted(((values.count(v), v) for v in set(values)), reverse=True)
    shape = [n for n, _ in counts]
    if shape == [5]:
        return (REPOKER, counts[0][1])
    if shape == [4, 1]:
        return (FOUR, counts[0][1], counts[1][1])
    if shape == [3, 2]:
        return (FULL_HOUSE, counts[0][1], counts[1][1])
    if shape[0] == 3:
        return (THREE, counts[0][1])
    if shape[:2] == [2, 2]:
        return (TWO_PAIRS, counts[0][1], counts[1][1])
    if shape[0] == 2:
        return (PAIR, counts[0][1])
    return (NOTHING,)


@lru_cache(maxsize=None)
def _best_of(choices: tuple[tuple[int, ...], ...]) -> Value:
    return max(_five(tuple(sorted(pick, reverse=True))) for pick in itertools.product(*choices))


def best_hand(cards: Sequence[DakerCard], community: Sequence[DakerCard] = (), community_take: int = 0) -> Value:
    """The best value using one value of each card: all of ``cards`` plus exactly ``community_take`` of ``community``.

    With fewer than five cards in all, the best of what there is (a bot's estimate before the deal is complete).
    """
    if community_take and len(community) >= community_take:
        return max(best_hand([*cards, *extra]) for extra in itertools.combinations(community, community_take))
    pool = [*cards, *community]
    if len(pool) > 5:
        return max(best_hand(five) for five in itertools.combinations(pool, 5))
    return _best_of(tuple(sorted(c.values for c in pool)))


def describe(value: Value) -> str:
    return " ".join([SLUGS[value[0]], *(VALUES[v] for v in value[1:])])
