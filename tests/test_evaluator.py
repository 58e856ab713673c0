"""The 7-card evaluator against the 7,462 classes and against a naive second method."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from brelan.server.games.cards import DECK, Card, parse_cards
from brelan.server.games.evaluator import (
    FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR, category, class_counts,
    describe, evaluate,
)  # fmt: skip
from brelan.server.games.pots import split


def naive_five(cards: list[Card]) -> tuple[int, list[int]]:
    """Category and tie-break ranks of exactly five cards, written from the rules, not from tables."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        straight_top = 3
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if straight_top is not None and flush:
        return STRAIGHT_FLUSH, [straight_top]
    if shape == [4, 1]:
        return QUADS, order
    if shape == [3, 2]:
        return FULL_HOUSE, order
    if flush:
        return FLUSH, ranks
    if straight_top is not None:
        return STRAIGHT, [straight_top]
    if shape == [3, 1, 1]:
        return TRIPS, order
    if shape == [2, 2, 1]:
        return TWO_PAIR, order
    if shape == [2, 1, 1, 1]:
        return PAIR, order
    return HIGH_CARD, ranks


def naive_best(cards: list[Card]) -> tuple[int, list[int]]:
    return max(naive_five(list(five)) for five in itertools.combinations(cards, 5))


def test_every_five_card_hand_falls_in_the_7462_classes() -> None:
    values = [evaluate(five) for five in itertools.combinations(range(52), 5)]
    assert len(values) == 2_598_960
    per_class = class_counts(values)
    assert sum(per_class.values()) == 7462
    assert [per_class[c] for c in range(9)] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    # and the number of hands per category, the textbook frequencies
    hands = Counter(category(v) for v in values)
    assert [hands[c] for c in range(9)] == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]


def test_seven_cards_agree_with_the_best_of_21_fives() -> None:
    rng = random.Random(2026)
    values = []
    for _ in range(3000):
        cards = [DECK[i] for i in rng.sample(range(52), 7)]
        value = evaluate(cards)
        hand = describe(value)
        assert (hand.category, list(hand.tiebreak)) == naive_best(cards), cards
        values.append((naive_best(cards), value))
    # the integer order is the poker order
    for (a, va), (b, vb) in zip(values, values[1:]):
        assert (a < b) == (va < vb) and (a == b) == (va == vb)


def test_edge_hands() -> None:
    wheel = describe(evaluate(parse_cards("Ah 2c 3d 4s 5h Kd Kc")))
    assert (wheel.category, wheel.tiebreak) == (STRAIGHT, (3,))
    royal = describe(evaluate(parse_cards("As Ks Qs Js Ts 2d 2c")))
    assert (royal.name_en, royal.name_fr) == ("Royal flush", "Quinte flush royale")
    # two trips make a full house with the lower trips as the pair
    full = describe(evaluate(parse_cards("9s 9d 9c 4h 4d 4c Ad")))
    assert (full.category, full.tiebreak) == (FULL_HOUSE, (7, 2))
    # a third pair only counts as a kicker
    assert evaluate(parse_cards("Ks Kd 7c 7h 3d 3c 2s")) < evaluate(parse_cards("Ks Kd 7c 7h 3d 3c 4s"))
    assert describe(evaluate(parse_cards("8s 8d 8c 8h 3d"))).name_fr == "Carré"


def test_split_gives_odd_chips_in_seat_order() -> None:
    assert split(13, [2, 1]) == {1: 7, 2: 6}
    assert split(10, [4, 0, 3]) == {0: 4, 3: 3, 4: 3}
    assert split(5, [3]) == {3: 5}
    assert sum(split(31, [0, 1, 2, 3, 4, 5]).values()) == 31
