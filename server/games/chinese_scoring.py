"""Chinese poker scoring: rows, fouls, royalties, naturals, and the units between each pair of players.

A hand is set as bottom 5 / middle 5 / top 3 cards; bottom >= middle >= top,
else it is fouled. The top row ranks only as high card, pair or trips, on the
same scale as the 5-card rows so the order can be checked. Text form: a
:class:`~.chinese_rows.Placement`, ``"bottom As Ks Qs Js Ts middle 9c 9d 8h 8s 2c top Kd Kh 3c"``
or ``"As Ks Qs Js Ts / 9c 9d 8h 8s 2c / Kd Kh 3c"``.

>>> a = Arrangement.parse("Th Td Tc 3h 3d / 8h 8d 7h 7d 2c / Kc 6d 4c")
>>> b = Arrangement.parse("9s 7s 5s 4s 2s / Kd Qh Jc Ts 9h / 2h 2d 5c")
>>> a.fouled, score_pair(Seated(a), Seated(b), ScoringRules(scoop_bonus=0, royalties=Royalties.NONE))
(False, -1)
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

from .base import Back, TextError
from .cards import Card
from .chinese_rows import SIZES, Placement
from .evaluator import (
    FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, HandRank, _value, category,
    describe, evaluate,
)  # fmt: skip

ROYAL = 12  # the top rank of a royal straight flush
FACES = {9, 10, 11}  # J, Q, K
QUEEN = 10

BOTTOM_ROYALTIES = {STRAIGHT: 2, FLUSH: 4, FULL_HOUSE: 6, QUADS: 10, STRAIGHT_FLUSH: 15}
MIDDLE_ROYALTIES = {TRIPS: 2, STRAIGHT: 4, FLUSH: 8, FULL_HOUSE: 12, QUADS: 20, STRAIGHT_FLUSH: 30}
ROYAL_BOTTOM, ROYAL_MIDDLE = 25, 50


def top_value(cards: Sequence[Card]) -> int:
    """Three cards on the 5-card scale: high card, pair or trips (no straight or flush on top)."""
    if len(cards) != 3:
        raise ValueError("the top row has 3 cards")
    return top_value_of_ranks(cards[0] >> 2, cards[1] >> 2, cards[2] >> 2)


def top_value_of_ranks(a: int, b: int, c: int) -> int:
    a, b, c = sorted((a, b, c), reverse=True)
    if a == c:
        return _value(TRIPS, [a])
    if a == b:
        return _value(PAIR, [a, c])
    if b == c:
        return _value(PAIR, [b, a])
    return _value(HIGH_CARD, [a, b, c])


def row_value(row: str, cards: Sequence[Card]) -> int:
    """The hand a row's cards make so far, on the one scale: a full bottom or middle row as any five cards, a full
    top row as :func:`top_value`, and fewer cards by their ranks alone (no straight nor flush), as far as they go.

    >>> from .cards import parse_cards
    >>> [describe_row(row, row_value(row, parse_cards(text))).slug for row, text in
    ...  [("bottom", "9h 9d"), ("middle", "Kc Kd Ks 2h"), ("top", "Ac Kc Qc"), ("bottom", "Ac Kc Qc Jc Tc")]]
    ['pair', 'trips', 'high-card', 'straight-flush']
    """
    if not cards:
        raise ValueError("a row's hand needs a card")
    if len(cards) == SIZES[row]:
        return top_value(cards) if row == "top" else evaluate(cards)
    counts = Counter(c.rank for c in cards)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)  # most, then highest
    most = groups[0][0]
    pairs = sum(n == 2 for n, _ in groups)
    kind = QUADS if most == 4 else TRIPS if most == 3 else TWO_PAIR if pairs == 2 else PAIR if pairs else HIGH_CARD
    return _value(kind, [r for _, r in groups])


def out_of_order(bottom: int | None, middle: int | None, top: int | None) -> str | None:
    """Which two complete rows (their values; None: not complete) are out of order, a foul: "middle" (it beats the
    bottom row), "top" (it beats the middle), "top-bottom" (it beats the bottom); None while none is."""
    for name, upper, lower in (("middle", middle, bottom), ("top", top, middle), ("top-bottom", top, bottom)):
        if upper is not None and lower is not None and upper > lower:
            return name
    return None


def describe_row(row: str, value: int) -> HandRank:
    """A row's hand by name: the top row's has only the ranks its three cards hold."""
    rank = describe(value)
    if row != "top":
        return rank
    return HandRank(rank.category, rank.tiebreak[: {TRIPS: 1, PAIR: 2}.get(rank.category, 3)])


def fantasyland_step(top: int) -> int:
    """How far a top row reaches into fantasyland: 0 not at all, then 1 QQ, 2 KK, 3 AA, 4 trips.

    Open-face needs 1 to enter; progressive pineapple deals 13 + the step cards.
    """
    if category(top) == TRIPS:
        return 4
    rank = describe(top).tiebreak[0]
    return rank - QUEEN + 1 if category(top) == PAIR and rank >= QUEEN else 0


def row_royalty(row: str, value: int) -> int:
    """The royalty of a row's value: bottom, middle or top."""
    kind = category(value)
    if row == "top":
        rank = describe(value).tiebreak[0]
        if kind == TRIPS:
            return 10 + rank  # 222 is 10 ... AAA is 22
        if kind == PAIR and rank >= 4:  # 66 is 1 ... AA is 9
            return rank - 3
        return 0
    top_rank = describe(value).tiebreak[0]
    if row == "bottom":
        return ROYAL_BOTTOM if kind == STRAIGHT_FLUSH and top_rank == ROYAL else BOTTOM_ROYALTIES.get(kind, 0)
    return ROYAL_MIDDLE if kind == STRAIGHT_FLUSH and top_rank == ROYAL else MIDDLE_ROYALTIES.get(kind, 0)


class Natural(enum.IntEnum):
    NONE = 0
    SIX_PAIRS = 1
    NO_FACE = 2
    THREE_FLUSHES = 3
    THREE_STRAIGHTS = 4
    DRAGON = 5  # 2 to A

    @property
    def slug(self) -> str:
        """dragon, three-straights, ... (the text of a ``natural`` event)"""
        return self.name.lower().replace("_", "-")


@dataclass(frozen=True)
class Arrangement:
    bottom: tuple[Card, ...]
    middle: tuple[Card, ...]
    top: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        return cls.of(Placement.parse(text))

    @classmethod
    def of(cls, placement: Placement) -> Arrangement:
        """A placement's three rows (its discards set aside); every card must be known."""
        if any(isinstance(c, Back) for c in placement.cards):
            raise TextError("an arrangement shows every card")
        return cls(*placement.rows())  # type: ignore[arg-type]

    def __str__(self) -> str:
        return str(self.placement)

    @property
    def placement(self) -> Placement:
        return Placement(self.bottom, self.middle, self.top)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.bottom + self.middle + self.top

    @cached_property
    def sizes_ok(self) -> bool:
        return len(self.bottom) == 5 and len(self.middle) == 5 and len(self.top) == 3 and len(set(self.cards)) == 13

    @cached_property
    def values(self) -> tuple[int, int, int]:
        """Bottom, middle and top on one scale."""
        return evaluate(self.bottom), evaluate(self.middle), top_value(self.top)

    @cached_property
    def fouled(self) -> bool:
        if not self.sizes_ok:
            return True
        return out_of_order(*self.values) is not None

    @cached_property
    def royalties(self) -> tuple[int, int, int]:
        if self.fouled:
            return (0, 0, 0)  # a fouled hand's royalties are void
        return tuple(row_royalty(row, v) for row, v in zip(("bottom", "middle", "top"), self.values))  # type: ignore[return-value]

    @cached_property
    def natural(self) -> Natural:
        """A 13-card natural, whatever the rows (a dragon, three flushes or straights, no face card, six pairs)."""
        ranks = Counter(c.rank for c in self.cards)
        if len(self.cards) != 13:
            return Natural.NONE
        if len(ranks) == 13:
            return Natural.DRAGON
        if not self.fouled and all(category(v) in (STRAIGHT, STRAIGHT_FLUSH) for v in self.values[:2]) and _straight3(self.top):
            return Natural.THREE_STRAIGHTS
        if not self.fouled and all(category(v) in (FLUSH, STRAIGHT_FLUSH) for v in self.values[:2]) and len({c.suit for c in self.top}) == 1:
            return Natural.THREE_FLUSHES
        if not any(c.rank in FACES for c in self.cards):  # no J, Q or K ("no people")
            return Natural.NO_FACE
        if sum(n // 2 for n in ranks.values()) >= 6:
            return Natural.SIX_PAIRS
        return Natural.NONE


def _straight3(cards: Sequence[Card]) -> bool:
    ranks = sorted(c.rank for c in cards)
    return len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, 12])


class Royalties(str, enum.Enum):
    WINNER = "winner"  # paid only to the winner of the row (the common rule)
    ANYONE = "anyone"  # every royalty is paid, row won or not
    NONE = "none"


@dataclass(frozen=True)
class ScoringRules:
    scoop_bonus: int = 3
    royalties: Royalties = Royalties.WINNER
    naturals: bool = True
    surrender: int = 2
    foul: int = 6  # paid to each player who did not foul (they scoop it)
    natural_units: int = 6
    dragon_units: int = 13


@dataclass(frozen=True)
class Seated:
    """One player's hand at the showdown: set, surrendered, or fouled by being set wrong."""

    arrangement: Arrangement | None
    surrendered: bool = False

    @property
    def fouled(self) -> bool:
        return not self.surrendered and (self.arrangement is None or self.arrangement.fouled)


def row_signs(a: Seated, b: Seated) -> tuple[int, int, int] | None:
    """Whether each of ``a``'s rows (bottom, middle, top) beats ``b``'s (1), loses (-1) or ties (0): every row of a
    fouled hand loses to a hand that is not; None when either surrendered."""
    if a.surrendered or b.surrendered:
        return None
    if a.fouled or b.fouled:
        sign = 0 if a.fouled and b.fouled else -1 if a.fouled else 1
        return (sign, sign, sign)
    assert a.arrangement is not None and b.arrangement is not None
    va, vb = a.arrangement.values, b.arrangement.values
    return tuple((x > y) - (x < y) for x, y in zip(va, vb))  # type: ignore[return-value]


def row_units(a: Seated, b: Seated, rules: ScoringRules = ScoringRules()) -> tuple[int, int, int] | None:
    """The units each row settles between ``a`` and ``b`` (bottom, middle, top), from ``a``'s side: 1 to the row's
    winner, and its royalty where the rules pay it to the row's winner; None when the pair settles as a whole (a
    surrender, a foul, a natural)."""
    if a.surrendered or b.surrendered or a.fouled or b.fouled:
        return None
    assert a.arrangement is not None and b.arrangement is not None
    if rules.naturals and (a.arrangement.natural or b.arrangement.natural):
        return None
    signs = row_signs(a, b)
    assert signs is not None
    paid = rules.royalties == Royalties.WINNER
    return tuple(sign * (1 + (winner.royalties[i] if paid and sign else 0))  # type: ignore[return-value]
                 for i, sign in enumerate(signs)
                 for winner in [a.arrangement if sign > 0 else b.arrangement])


def score_pair(a: Seated, b: Seated, rules: ScoringRules = ScoringRules()) -> int:
    """The units ``a`` wins from ``b`` (negative when ``a`` pays)."""
    if a.surrendered or b.surrendered:
        return (rules.surrender if b.surrendered else 0) - (rules.surrender if a.surrendered else 0)
    if a.fouled or b.fouled:
        if a.fouled and b.fouled:
            return 0
        winner = b if a.fouled else a
        assert winner.arrangement is not None
        units = rules.foul + (sum(winner.arrangement.royalties) if rules.royalties != Royalties.NONE else 0)
        return -units if a.fouled else units
    assert a.arrangement is not None and b.arrangement is not None
    if rules.naturals:
        na, nb = a.arrangement.natural, b.arrangement.natural
        if na or nb:
            if na and nb:
                return 0  # ruling: two naturals cancel
            n = na or nb
            units = rules.dragon_units if n == Natural.DRAGON else rules.natural_units
            return units if na else -units
    rows = row_units(a, b, rules)
    assert rows is not None
    units = sum(rows)
    if rules.royalties == Royalties.ANYONE:
        units += sum(a.arrangement.royalties) - sum(b.arrangement.royalties)
    if all(r > 0 for r in rows):
        units += rules.scoop_bonus
    elif all(r < 0 for r in rows):
        units -= rules.scoop_bonus
    return units


def score_table(hands: Sequence[Seated], order: Sequence[int], rules: ScoringRules = ScoringRules()) -> tuple[list[int], dict[tuple[int, int], int]]:
    """Every pair compared, in order from the button's left: the totals, and the units each pair settled."""
    pairs: dict[tuple[int, int], int] = {}
    totals = [0] * len(hands)
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            units = score_pair(hands[a], hands[b], rules)
            pairs[(a, b)] = units
            totals[a] += units
            totals[b] -= units
    return totals, pairs
