"""The best arrangement of 13 to 17 Chinese poker cards: never fouled, most royalties, then strongest rows.

A row's *strength* is the chance it beats the same row of a random hand (ties
count half): a 5-card row against a random 5-card hand, the top against a
random 3-card hand, counted exactly over every hand. The score of an
arrangement is ``3 × royalties + strength``; three strengths add up to less
than 3, so one royalty unit outweighs any strength (royalties first, then
strength). With more than 13 cards (fantasyland) the cards left over are the
discards.

The search walks bottoms from the strongest down, and for each the middles it
leaves; every row's score grows with its value, so ``score(bottom) +
score(middle at the bottom's value) + best top`` bounds everything below and
the walk stops as soon as that bound cannot beat the best found.

>>> from .cards import parse_cards
>>> solved = solve(parse_cards("As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c"))
>>> str(solved.arrangement), solved.royalties, solved.fouled
('bottom Qs Jh Td 9c 8s middle As Ad Qh 4d 2c top Kd Kc 5h', 10, False)
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from math import comb, prod
from typing import Sequence

from .cards import Card
from .chinese_rows import ROWS, Placement
from .chinese_scoring import Arrangement, row_royalty, top_value_of_ranks
from . import evaluator
from .evaluator import _flush_value, _multiset_value, evaluate

MIN_CARDS, MAX_CARDS = 13, 17


@dataclass(frozen=True)
class Solved:
    arrangement: Arrangement
    discards: tuple[Card, ...]
    royalties: int
    strength: float  # 0 to 3: the three rows' chances against a random hand's rows
    visited: int  # (bottom, middle) pairs scored: the search's work

    @property
    def fouled(self) -> bool:
        return self.arrangement.fouled

    @property
    def placement(self) -> Placement:
        return Placement(self.arrangement.bottom, self.arrangement.middle, self.arrangement.top, self.discards)


@functools.lru_cache(maxsize=1)
def _five_card_odds() -> tuple[list[int], list[float]]:
    """Every 5-card value, sorted, and the chance it beats a random 5-card hand (ties half)."""
    counts: Counter[int] = Counter()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        multiplicity = Counter(ranks)
        if max(multiplicity.values()) > 4:
            continue
        hands = prod(comb(4, m) for m in multiplicity.values())
        if len(multiplicity) == 5:  # five ranks: 4 of the 1024 suit choices are flushes
            counts[_flush_value(sum(1 << r for r in ranks))] += 4
            hands -= 4
        counts[_multiset_value([multiplicity.get(r, 0) for r in range(13)])] += hands
    return _odds(counts, comb(52, 5))


@functools.lru_cache(maxsize=1)
def _three_card_odds() -> tuple[list[int], list[float]]:
    counts: Counter[int] = Counter()
    for ranks in itertools.combinations_with_replacement(range(13), 3):
        multiplicity = Counter(ranks)
        if max(multiplicity.values()) > 4:
            continue
        counts[top_value_of_ranks(*ranks)] += prod(comb(4, m) for m in multiplicity.values())
    return _odds(counts, comb(52, 3))


def _odds(counts: Counter[int], total: int) -> tuple[list[int], list[float]]:
    values = sorted(counts)
    below = 0
    odds = []
    for v in values:
        odds.append((below + counts[v] / 2) / total)
        below += counts[v]
    assert below == total
    return values, odds


def strength(row: str, value: int) -> float:
    """The chance a row of this value beats the same row of a random hand."""
    values, odds = _three_card_odds() if row == "top" else _five_card_odds()
    return odds[bisect.bisect_left(values, value)]


@functools.lru_cache(maxsize=None)  # at most 7,462 values a row: the solver asks for each thousands of times
def score(row: str, value: int) -> float:
    return 3 * row_royalty(row, value) + strength(row, value)


def warm() -> None:
    """Build the evaluator's tables and the odds (about a second), before the first solve needs them."""
    evaluator.warm()
    _five_card_odds()
    _three_card_odds()


def solve(cards: Sequence[Card]) -> Solved:
    """The best unfouled arrangement of 13 to 17 cards (the rest discarded)."""
    n = len(cards)
    if not MIN_CARDS <= n <= MAX_CARDS or len(set(cards)) != n:
        raise ValueError(f"solve takes {MIN_CARDS} to {MAX_CARDS} different cards, not {n}")
    bits = [1 << i for i in range(n)]
    fives = []  # (value, score as bottom, score as middle, mask), strongest first
    for combo in itertools.combinations(range(n), 5):
        value = evaluate([cards[i] for i in combo])
        mask = bits[combo[0]] | bits[combo[1]] | bits[combo[2]] | bits[combo[3]] | bits[combo[4]]
        fives.append((value, score("bottom", value), score("middle", value), mask))
    fives.sort(reverse=True)
    position = {f[3]: i for i, f in enumerate(fives)}
    rest_combos = list(itertools.combinations(range(n - 5), 5))
    threes = []  # (value, score, mask), strongest first
    for combo in itertools.combinations(range(n), 3):
        value = top_value_of_ranks(cards[combo[0]] >> 2, cards[combo[1]] >> 2, cards[combo[2]] >> 2)
        threes.append((value, score("top", value), bits[combo[0]] | bits[combo[1]] | bits[combo[2]]))
    threes.sort(reverse=True)
    descending = [-t[0] for t in threes]

    def top_below(value: int) -> float:
        """The best top score of these cards no stronger than ``value`` (scores grow with values)."""
        at = bisect.bisect_left(descending, -value)
        return threes[at][1] if at < len(threes) else 0.0

    best: tuple[float, int, int, int] | None = None  # score, bottom, middle, top masks
    visited = 0
    for b_value, b_score, _, b_mask in fives:
        # the best top these cards leave bounds every top below this bottom
        below = top_below(b_value)
        top_cap = min(next(t_score for _, t_score, t_mask in threes if not t_mask & b_mask), below)
        middle_cap = b_score + score("middle", b_value)
        if best is not None and middle_cap + top_cap <= best[0]:
            if middle_cap + below <= best[0]:
                break  # every later bottom is weaker, and so is the best middle and top it allows
            continue
        rest = [bits[i] for i in range(n) if not b_mask & bits[i]]
        # the middles these cards leave, strongest first (by their place in ``fives``)
        for at in sorted(position[rest[c[0]] | rest[c[1]] | rest[c[2]] | rest[c[3]] | rest[c[4]]]
                         for c in rest_combos):  # fmt: skip
            m_value, _, m_score, m_mask = fives[at]
            if m_value > b_value:
                continue
            visited += 1
            total = b_score + m_score
            if best is not None and total + min(top_cap, top_below(m_value)) <= best[0]:
                break  # the middles are in descending order: none later does better
            used = b_mask | m_mask
            for t_value, t_score, t_mask in threes:  # the strongest top the middle allows
                if t_value <= m_value and not t_mask & used:
                    if best is None or total + t_score > best[0]:
                        best = (total + t_score, b_mask, m_mask, t_mask)
                    break
    assert best is not None  # the strongest five, then the strongest of the rest, never foul

    def pick(mask: int) -> tuple[Card, ...]:
        return tuple(sorted((cards[i] for i in range(n) if mask & bits[i]), reverse=True))

    arrangement = Arrangement(pick(best[1]), pick(best[2]), pick(best[3]))
    discards = pick(((1 << n) - 1) ^ best[1] ^ best[2] ^ best[3])
    royalties = sum(arrangement.royalties)
    return Solved(arrangement, discards, royalties, best[0] - 3 * royalties, visited)


def best_score_by_brute_force(cards: Sequence[Card]) -> float:
    """The best score over every way to set 13 cards (72,072, fouled ones excluded): the reference that
    tests and benchmarks hold :func:`solve` to, about a second a hand."""
    best = float("-inf")
    for bottom in itertools.combinations(cards, 5):
        rest = [c for c in cards if c not in bottom]
        for middle in itertools.combinations(rest, 5):
            a = Arrangement(bottom, middle, tuple(c for c in rest if c not in middle))
            if not a.fouled:
                best = max(best, sum(score(row, v) for row, v in zip(ROWS, a.values)))
    return best
