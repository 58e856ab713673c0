"""AlphaPoker letter cards and their compact text.

``Er`` is a red E, ``Eb`` a black E, ``?r``/``?b`` the jokers; a laid joker
names its letter: ``?r=E``. Parsing is forgiving about case; the text a card
prints is canonical and parses back to the same card.

>>> Card.parse("er"), Laid.parse("?b=q").text
(Card(letter='E', colour='r'), '?b=Q')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

JOKER = "?"
COLOURS = ("r", "b")
COLOUR_NAMES = {"r": "red", "b": "black"}

# Cards per letter in one deck (half red, half black) and their values (RULINGS.md §1).
LETTER_COUNTS = {
    "A": 10, "B": 4, "C": 4, "D": 4, "E": 16, "F": 4, "G": 4, "H": 4, "I": 10, "J": 2, "K": 2, "L": 6, "M": 4,
    "N": 6, "O": 6, "P": 4, "Q": 2, "R": 6, "S": 6, "T": 6, "U": 6, "V": 4, "W": 2, "X": 2, "Y": 2, "Z": 2,
}  # fmt: skip
LETTER_VALUES = {
    "A": 1, "B": 2, "C": 2, "D": 2, "E": 1, "F": 3, "G": 2, "H": 3, "I": 1, "J": 4, "K": 5, "L": 1, "M": 2,
    "N": 1, "O": 1, "P": 2, "Q": 8, "R": 1, "S": 1, "T": 1, "U": 1, "V": 3, "W": 8, "X": 5, "Y": 5, "Z": 5,
}  # fmt: skip
LETTERS = "".join(LETTER_VALUES)
MAX_HAND = 9
MAX_JOKERS = 4  # two decks shuffled together (AlphaPoker above 4 players) hold 4


class CardError(ValueError):
    """Card text that does not name a card, or cards that do not fit a hand."""


def _colour(text: str, raw: str) -> str:
    colour = text.lower()
    if colour not in COLOURS:
        raise CardError(f"{raw!r}: the colour is r (red) or b (black), as in Er or ?b")
    return colour


@dataclass(frozen=True, slots=True, order=True)
class Card:
    letter: str  # A-Z, or "?" for a joker
    colour: str  # "r" or "b"

    @property
    def is_joker(self) -> bool:
        return self.letter == JOKER

    @property
    def text(self) -> str:
        return self.letter + self.colour

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Card:
        raw = text
        text = text.strip()
        if len(text) != 2:
            raise CardError(f"{raw!r} is not a card: a letter and a colour, like Er, Qb or ?r")
        letter = text[0].upper()
        if letter != JOKER and letter not in LETTER_VALUES:
            raise CardError(f"{raw!r} is not a card: the first character is a letter A-Z or ? (joker)")
        return cls(letter, _colour(text[1], raw))


@dataclass(frozen=True, slots=True)
class Laid:
    """A card as laid in a word: the card and the letter it stands for."""

    card: Card
    letter: str

    @property
    def text(self) -> str:
        return f"{self.card.text}={self.letter}" if self.card.is_joker else self.card.text

    def __str__(self) -> str:
        return self.text

    @property
    def value(self) -> int:
        return LETTER_VALUES[self.letter]

    @classmethod
    def parse(cls, text: str) -> Laid:
        card_text, sep, letter = text.strip().partition("=")
        card = Card.parse(card_text)
        if card.is_joker:
            letter = letter.strip().upper()
            if not sep or letter not in LETTER_VALUES:
                raise CardError(f"{text!r}: a laid joker names its letter, like ?r=E")
            return cls(card, letter)
        if sep:
            raise CardError(f"{text!r}: only a joker takes =LETTER")
        return cls(card, card.letter)


def parse_hand(texts: Iterable[str]) -> list[Card]:
    """Cards of a hand, checked against the limits of a deal."""
    hand = [Card.parse(t) for t in texts]
    check_hand(hand)
    return hand


def check_hand(hand: Sequence[Card]) -> None:
    if not hand:
        raise CardError("a hand has at least one card")
    if len(hand) > MAX_HAND:
        raise CardError(f"a hand has at most {MAX_HAND} cards, not {len(hand)}")
    jokers = sum(c.is_joker for c in hand)
    if jokers > MAX_JOKERS:
        raise CardError(f"a hand has at most {MAX_JOKERS} jokers, not {jokers}")


def deck(copies: int = 1) -> list[Card]:
    """The 130-card deck (``copies`` decks shuffled together for more players)."""
    cards = [Card(letter, colour) for letter, n in LETTER_COUNTS.items() for colour in COLOURS for _ in range(n // 2)]
    cards += [Card(JOKER, colour) for colour in COLOURS]
    return cards * copies
