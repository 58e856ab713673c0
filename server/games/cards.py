"""Standard 52-card deck: cards as small ints with the text form ``As Td 7c``.

A card is ``rank * 4 + suit``, rank 0 (deuce) to 12 (ace), suit in ``cdhs``;
small ints keep the evaluator's tables plain lists.

>>> Card.parse("Td"), str(Card.parse("Td")), Card.parse("Td").rank
(Card('Td'), 'Td', 8)
>>> [str(c) for c in shuffled(random.Random(7))[:3]]
['6d', 'Js', '9s']
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable, ClassVar, Sequence

from .base import TextError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


class Card(int):
    __slots__ = ()

    @property
    def rank(self) -> int:
        return self >> 2

    @property
    def suit(self) -> int:
        return self & 3

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        card = _BY_TEXT.get(text) or _BY_TEXT.get(text[:1].upper() + text[1:].lower())
        if card is None:
            raise TextError(f"not a card: {text!r} (rank 23456789TJQKA, suit cdhs: As, Td, 7c)")
        return card


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_BY_TEXT = {str(c): c for c in DECK}


def parse_cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def shuffled(rng: random.Random) -> list[Card]:
    """A fresh deck in the order ``rng`` gives; the only way engines shuffle."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


class StackedDeck(random.Random):
    """An RNG whose shuffles deal given cards first (in draw order), the rest in seeded random order.

    For set-ups: a transcript's ``# stack:`` (deals separated by ``|``), a
    teaching hand, a test. Engines draw from the end of the deck, so the given
    cards go there reversed.

    >>> deck = list(DECK)
    >>> StackedDeck.parse("As Kd | 2c").shuffle(deck)
    >>> [str(deck.pop()), str(deck.pop())]
    ['As', 'Kd']
    """

    # How a deal's text reads as cards: a game with other cards gives its own.
    parse_deal: ClassVar[Callable[[str], list[Any]]] = staticmethod(parse_cards)

    def __init__(self, deals: Sequence[str], seed: int | str = 0) -> None:
        super().__init__(seed)
        self.deals = [self.parse_deal(d) for d in deals]

    @classmethod
    def parse(cls, script: str, seed: int | str = 0) -> StackedDeck:
        return cls([deal for deal in script.split("|") if deal.strip()], seed)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.deals:
            first = self.deals.pop(0)
            # Decks may hold equal cards (AlphaPoker's letters): take out one copy per card given.
            given = Counter(first)
            rest = []
            for c in x:
                if given[c]:
                    given[c] -= 1
                else:
                    rest.append(c)
            x[:] = rest + first[::-1]
