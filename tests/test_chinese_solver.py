"""The arrangement solver: the best by brute force, discards, never fouled, and its odds counted right."""

from __future__ import annotations

import random
from math import comb

import pytest

from brelan.server.games.cards import DECK, parse_cards
from brelan.server.games.chinese_rows import ROWS
from brelan.server.games.chinese_scoring import Arrangement
from brelan.server.games.chinese_solver import (
    _five_card_odds, _three_card_odds, best_score_by_brute_force, score, solve, strength,
)  # fmt: skip
from brelan.server.games.evaluator import evaluate


def total(arrangement: Arrangement) -> float:
    return sum(score(row, v) for row, v in zip(ROWS, arrangement.values))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_solver_finds_the_brute_force_best(seed: int) -> None:
    cards = random.Random(seed).sample(DECK, 13)
    solved = solve(cards)
    assert solved.strength + 3 * solved.royalties == pytest.approx(total(solved.arrangement))
    assert total(solved.arrangement) == pytest.approx(best_score_by_brute_force(cards))


def test_with_fourteen_cards_it_discards_the_card_that_matters_least() -> None:
    cards = random.Random(7).sample(DECK, 14)
    solved = solve(cards)
    each = max(total(solve([c for c in cards if c != out]).arrangement) for out in cards)
    assert len(solved.discards) == 1 and total(solved.arrangement) == pytest.approx(each)
    assert sorted(solved.placement.cards) == sorted(cards)


def test_royalties_come_first() -> None:
    # a royal flush, four nines and a pair of aces: royal at the bottom, quads in the middle, AA on top
    solved = solve(parse_cards("As Ks Qs Js Ts 9h 9d 9c 9s Ah Ad 2c 3d"))
    assert solved.royalties == 25 + 20 + 9 and not solved.fouled
    # the kicker that counts goes on top: AA3 beats more tops than AA2, and quads need no kicker
    assert str(solved.arrangement) == "bottom As Ks Qs Js Ts middle 9s 9h 9d 9c 2c top Ah Ad 3d"


@pytest.mark.parametrize("n", [13, 15, 17])
def test_never_fouled_and_every_card_placed_once(n: int) -> None:
    for seed in range(15):
        cards = random.Random(seed * 100 + n).sample(DECK, n)
        solved = solve(cards)
        assert not solved.fouled and sorted(solved.placement.cards) == sorted(cards)
        assert len(solved.discards) == n - 13


def test_bad_card_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="13 to 17"):
        solve(parse_cards("As Ks"))
    with pytest.raises(ValueError):
        solve(parse_cards("As As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s"))


def test_the_odds_count_every_hand() -> None:
    values, odds = _five_card_odds()
    assert len(values) == 7462 and odds[0] > 0 and odds[-1] < 1 and odds == sorted(odds)
    assert strength("bottom", evaluate(parse_cards("As Ks Qs Js Ts"))) == pytest.approx(1 - 2 / comb(52, 5))
    top_values, top_odds = _three_card_odds()
    assert top_odds == sorted(top_odds) and len(top_values) == 13 + 13 * 12 + comb(13, 3)  # trips, pairs, high
