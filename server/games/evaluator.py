"""Best 5-of-5..7 standard poker hand, by table lookup.

Each card adds a precomputed key: three bits per rank count in the low 39 bits,
four bits per suit count above. A suit with five or more cards is a flush (one
list lookup on the suit part); otherwise the rank part alone decides, through a
dict over every rank multiset of 5 to 7 cards (about 75k entries, built on first
use in well under a second). The value is ``category << 20`` then five
tie-break ranks of 4 bits, so a plain integer comparison ranks hands.

>>> from .cards import parse_cards
>>> v = evaluate(parse_cards("As Ad Kc Kd 2h 7s 9c"))
>>> describe(v).name_en, describe(v).name_fr, v > evaluate(parse_cards("As Ad Kc Qd 2h 7s 9c"))
('Two pair', 'Double paire', True)
"""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import RANKS

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORY_EN = ("High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house",
               "Four of a kind", "Straight flush")  # fmt: skip
CATEGORY_FR = ("Hauteur", "Paire", "Double paire", "Brelan", "Quinte", "Couleur", "Full", "Carré", "Quinte flush")
CATEGORY_SLUG = ("high-card", "pair", "two-pair", "trips", "straight", "flush", "full-house", "quads",
                 "straight-flush")  # fmt: skip

_SUIT_SHIFT = 39
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
KEYS = [(1 << 3 * (c >> 2)) + (1 << (_SUIT_SHIFT + 4 * (c & 3))) for c in range(52)]


def _value(category: int, ranks: Sequence[int]) -> int:
    v = category
    for i in range(5):
        v = (v << 4) | (ranks[i] if i < len(ranks) else 0)
    return v


def _straight_top(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1 (the wheel tops at 3, the five)."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    wheel = (1 << 12) | 0b1111
    return 3 if mask & wheel == wheel else -1


def _flush_value(mask: int) -> int:
    top = _straight_top(mask)
    if top >= 0:
        return _value(STRAIGHT_FLUSH, [top])
    return _value(FLUSH, [r for r in range(12, -1, -1) if mask >> r & 1][:5])


def _multiset_value(counts: Sequence[int]) -> int:
    by = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)  # most, then highest
    mask = sum(1 << r for r, n in enumerate(counts) if n)
    desc = [r for r in range(12, -1, -1) if counts[r]]
    top_n, top_r = by[0]
    if top_n == 4:
        return _value(QUADS, [top_r, max(r for r in desc if r != top_r)])
    if top_n == 3 and by[1][0] >= 2:
        return _value(FULL_HOUSE, [top_r, by[1][1]])
    straight = _straight_top(mask)
    if straight >= 0:
        return _value(STRAIGHT, [straight])
    if top_n == 3:
        return _value(TRIPS, [top_r, *[r for r in desc if r != top_r][:2]])
    if top_n == 2 and by[1][0] == 2:
        pairs = (top_r, by[1][1])
        return _value(TWO_PAIR, [*pairs, max(r for r in desc if r not in pairs)])
    if top_n == 2:
        return _value(PAIR, [top_r, *[r for r in desc if r != top_r][:3]])
    return _value(HIGH_CARD, desc[:5])


Tables = tuple[list[int], list[int], dict[int, int]]
_BUILDING = threading.Lock()
_TABLES: Tables | None = None


def _tables() -> Tables:
    """The lookup tables, built once (a server builds them in a thread at start: :func:`warm`)."""
    global _TABLES
    with _BUILDING:
        if _TABLES is None:
            _TABLES = _build()
    return _TABLES


def warm() -> None:
    _tables()


def _build() -> Tables:
    # Which suit (0-3) has five or more cards, from the suit part of a key sum; -1 for none.
    flush_suit = [-1] * (1 << 16)
    for part in range(1 << 16):
        for s in range(4):
            if (part >> 4 * s) & 15 >= 5:
                flush_suit[part] = s
    flush = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            flush[mask] = _flush_value(mask)
    ranks: dict[int, int] = {}
    for n in (5, 6, 7):
        for combo in itertools.combinations_with_replacement(range(13), n):
            counts = [0] * 13
            for r in combo:
                counts[r] += 1
            if max(counts) <= 4:
                ranks[sum(n << 3 * r for r, n in enumerate(counts))] = _multiset_value(counts)
    return flush_suit, flush, ranks


def evaluate(cards: Sequence[int]) -> int:
    """The value of the best five of 5 to 7 cards; higher is better."""
    flush_suit, flush, ranks = _TABLES or _tables()
    total = 0
    for c in cards:
        total += KEYS[c]
    suit = flush_suit[total >> _SUIT_SHIFT]
    if suit < 0:
        return ranks[total & _RANK_MASK]
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return flush[mask]


def category(value: int) -> int:
    return value >> 20


@dataclass(frozen=True)
class HandRank:
    category: int
    tiebreak: tuple[int, ...]  # ranks 0-12, most significant first

    @property
    def name_en(self) -> str:
        return "Royal flush" if self.category == STRAIGHT_FLUSH and self.tiebreak[0] == 12 else CATEGORY_EN[self.category]

    @property
    def name_fr(self) -> str:
        return "Quinte flush royale" if self.name_en == "Royal flush" else CATEGORY_FR[self.category]

    @property
    def slug(self) -> str:
        return CATEGORY_SLUG[self.category]

    def __str__(self) -> str:
        return f"{self.name_en} ({' '.join(RANKS[r] for r in self.tiebreak)})"


def describe(value: int) -> HandRank:
    ranks = tuple(value >> 4 * i & 15 for i in range(4, -1, -1))
    significant = {HIGH_CARD: 5, PAIR: 4, TWO_PAIR: 3, TRIPS: 3, STRAIGHT: 1, FLUSH: 5, FULL_HOUSE: 2, QUADS: 2,
                   STRAIGHT_FLUSH: 1}[value >> 20]  # fmt: skip
    return HandRank(value >> 20, ranks[:significant])


def class_counts(values: Iterable[int]) -> Counter[int]:
    """Distinct values per category: the 7,462 classes are 1277, 2860, 858, 858, 10, 1277, 156, 156, 10."""
    return Counter(category(v) for v in set(values))
