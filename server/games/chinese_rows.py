"""The rows of a Chinese poker board and the text of a placement: which cards go on which row.

A placement names each row, then its cards; ``discard`` names the cards thrown
(pineapple, fantasyland). The same text places one card in open-face, sets a
whole classic hand, or sets a fantasyland hand and its discards. A whole hand
may also be written ``bottom / middle / top`` with slashes.

>>> p = Placement.parse("bottom As Ks middle 9c top Qd discard 2h")
>>> str(p), len(p.cards), str(Placement.parse("As Ks Qs Js Ts / 9c 9d 8h 8s 2c / Kd Kh 3c").top[0])
('bottom As Ks middle 9c top Qd discard 2h', 5, 'Kd')
>>> str(p.hiding_discards())
'bottom As Ks middle 9c top Qd discard ??'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Sequence

from .base import Back, TextError
from .cards import Card

ROWS = ("bottom", "middle", "top")
SIZES = {"bottom": 5, "middle": 5, "top": 3}
PLACES = (*ROWS, "discard")

Piece = Card | Back


def _piece(text: str) -> Piece:
    return Back() if text == "??" else Card.parse(text)


@dataclass(frozen=True)
class Placement:
    bottom: tuple[Piece, ...] = ()
    middle: tuple[Piece, ...] = ()
    top: tuple[Piece, ...] = ()
    discard: tuple[Piece, ...] = ()

    @classmethod
    def from_words(cls, words: Sequence[str]) -> Placement:
        if "/" in words:
            return cls._from_slashes(words)
        rows: dict[str, list[Piece]] = {}
        current: list[Piece] | None = None
        for word in words:
            name = word.lower()
            if name in PLACES:
                if name in rows:
                    raise TextError(f"{name} is named twice")
                current = rows[name] = []
            elif current is None:
                raise TextError(f"name the row before its cards: 'bottom {word} ...' (rows: {', '.join(PLACES)})")
            else:
                current.append(_piece(word))
        return cls(**{name: tuple(cards) for name, cards in rows.items()})

    @classmethod
    def _from_slashes(cls, words: Sequence[str]) -> Placement:
        parts: list[list[Piece]] = [[]]
        for word in words:
            if word == "/":
                parts.append([])
            else:
                parts[-1].append(_piece(word))
        if len(parts) not in (3, 4):
            raise TextError("a whole hand is 'bottom / middle / top' (then '/ discards'), e.g. "
                            "'As Ks Qs Js Ts / 9c 9d 8h 8s 2c / Kd Kh 3c'")  # fmt: skip
        return cls(*map(tuple, parts))

    @classmethod
    def parse(cls, text: str) -> Placement:
        return cls.from_words(text.replace("/", " / ").split())

    def __str__(self) -> str:
        return " ".join(f"{name} {' '.join(map(str, cards))}" for name, cards in self.rows_and_discard() if cards)

    def rows_and_discard(self) -> Iterator[tuple[str, tuple[Piece, ...]]]:
        for name in PLACES:
            yield name, getattr(self, name)

    def rows(self) -> tuple[tuple[Piece, ...], tuple[Piece, ...], tuple[Piece, ...]]:
        return self.bottom, self.middle, self.top

    @property
    def cards(self) -> tuple[Piece, ...]:
        """Every card named, discards included."""
        return self.bottom + self.middle + self.top + self.discard

    def hiding_discards(self) -> Placement:
        """What the other players see: the discards face down."""
        return replace(self, discard=tuple(Back() for _ in self.discard))

    def hiding_all(self) -> Placement:
        """Cards set face down: how many went where, not which."""
        return Placement(*(tuple(Back() for _ in cards) for _, cards in self.rows_and_discard()))
