"""Word scores (AlphaPoker rulebook section 6).

length points + letter values (a joker scores the letter it stands for), the
total doubled when every card laid has one colour (a joker has its own colour).

>>> score_cards([Laid.parse(t) for t in ("Qr", "Ur", "?r=I")]).score  # (3 + 8 + 1 + 1) x 2
26
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from typing import Sequence

from .cards import LETTER_VALUES, Card, CardError, Laid

# Words of more than 9 letters only arise in bataille and belote, where the
# word score is not used; we keep the 9-letter points for them.
LENGTH_POINTS = {3: 3, 4: 5, 5: 8, 6: 12, 7: 17, 8: 23, 9: 30}
MAX_LENGTH_POINTS = LENGTH_POINTS[9]


def length_points(length: int) -> int:
    """Points for a word's length; nothing under 3 letters (only a house rule admits those)."""
    return LENGTH_POINTS.get(length, 0 if length < 3 else MAX_LENGTH_POINTS)


def letter_points(key: str) -> int:
    return sum(LETTER_VALUES[c] for c in key)


def base_score(key: str, simplified: bool = False) -> int:
    """The score of a word laid in two colours: what the letters alone earn."""
    return letter_points(key) + (0 if simplified else length_points(len(key)))


@dataclass(frozen=True, slots=True)
class CardScore:
    word: str
    length_points: int
    letter_points: int
    doubled: bool

    @property
    def score(self) -> int:
        return (self.length_points + self.letter_points) * (2 if self.doubled else 1)


def score_cards(laid: Sequence[Laid], simplified: bool = False) -> CardScore:
    """What a word laid with these cards is worth if it is admissible."""
    if not laid:
        raise CardError("a word has at least one card")
    word = "".join(c.letter for c in laid)
    return CardScore(
        word=word,
        length_points=0 if simplified else length_points(len(word)),
        letter_points=sum(c.value for c in laid),
        doubled=len({c.card.colour for c in laid}) == 1,
    )


def missing_from_hand(laid: Sequence[Laid], hand: Sequence[Card]) -> list[int]:
    """Indexes of laid cards the hand does not hold (each hand card used once)."""
    left = Counter(hand)
    missing = []
    for i, c in enumerate(laid):
        if left[c.card] > 0:
            left[c.card] -= 1
        else:
            missing.append(i)
    return missing


def lay(key: str, hand: Sequence[Card]) -> list[Laid] | None:
    """The best cards of ``hand`` to lay ``key``, or None if the hand cannot.

    One colour first (it doubles), using that colour's joker only where its real
    cards run out; otherwise real cards of either colour, jokers for the rest.
    Between red and black, the choice using fewer jokers wins, then red.
    """
    options = [_lay_from(key, [c for c in hand if c.colour == colour]) for colour in ("r", "b")]
    mono = [o for o in options if o is not None]
    if mono:
        return min(mono, key=lambda o: sum(c.card.is_joker for c in o))
    return _lay_from(key, list(hand))


def _lay_from(key: str, cards: list[Card]) -> list[Laid] | None:
    # Red before black among real cards, for a stable answer; jokers where no card is left.
    by_letter: dict[str, deque[Card]] = {}
    jokers: deque[Card] = deque()
    for card in sorted(cards, key=lambda c: (c.is_joker, c.colour != "r")):
        (jokers if card.is_joker else by_letter.setdefault(card.letter, deque())).append(card)
    out: list[Laid] = []
    for letter in key:
        same = by_letter.get(letter)
        if same:
            out.append(Laid(same.popleft(), letter))
        elif jokers:
            out.append(Laid(jokers.popleft(), letter))
        else:
            return None
    return out
