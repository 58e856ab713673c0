"""Chinese poker scoring: the rulebook's examples, every royalty, fouls, scoops, surrender, naturals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.server.games.cards import DECK, parse_cards
from brelan.server.games.chinese_scoring import (
    Arrangement, Natural, Royalties, ScoringRules, Seated, row_royalty, score_pair, score_table, top_value,
)  # fmt: skip
from brelan.server.games.evaluator import evaluate

BARE = ScoringRules(scoop_bonus=0, royalties=Royalties.NONE)  # how the rulebook's tables are counted


def seat(text: str) -> Seated:
    return Seated(Arrangement.parse(text))


# The rulebook's 4-player example. It cannot come from one deck (it needs six tens), so each hand stands alone.
P1 = "Th Td Tc 3h 3d / 8h 8d 7h 7d 2c / Kc 6d 4c"  # full house of tens; two pairs 8 and 7; king high
P2 = "9s 7s 5s 4s 2s / Kd Qh Jc Ts 9h / 2h 2d 5c"  # flush 9 high; straight to the king; pair of 2
P3 = "Ac Kh Qd Js Th / Qc Qs 5h 5d 3c / Tc 8c 6c"  # straight to the ace; two pairs Q and 5; ten high
P4 = "As Ad 4s 4d 9c / Jh Jd 6h 3s 2d / 9d 9h 7c"  # two pairs A and 4; pair of jacks; pair of 9


def test_the_two_player_example_nets_one_unit() -> None:
    p1 = seat("Th Td Tc 3h 3d / 8h 8d 7h 7d 2c / Kc Kd 4c")  # full house; two pairs; pair of kings
    p2 = seat("9s 7s 5s 4s 2s / Kh Qh Jc Ts 9h / 4h 4d 5c")  # flush; straight; pair of 4
    assert score_pair(p1, p2, BARE) == 1 and score_pair(p2, p1, BARE) == -1
    # with the defaults: +1 +6 (bottom full house), -1 -4 (middle straight), +1 +8 (KK on top)
    assert score_pair(p1, p2) == 11


def test_the_four_player_example_as_printed_and_with_the_defaults() -> None:
    hands = [seat(t) for t in (P1, P2, P3, P4)]
    totals, pairs = score_table(hands, order=[0, 1, 2, 3], rules=BARE)
    assert totals == [1, 5, -3, -3]
    assert pairs[(1, 2)] == 3  # the scoop marked 3* in the rulebook
    # Worked by hand with the scoop bonus and royalties to the row winner:
    # P1: vs P2 +1 (+1+6 -1-4 -1), vs P3 +7 (+1+6 -1 +1), vs P4 +3 (+1+6 +1 -1-4)
    # P2 scoops P3: 3 + 3 + flush 4 + straight 4 = 14; vs P4: +1+4 +1+4 -1-4 = 5
    # P3 vs P4: +1+2 +1 -1-4 = -1
    totals, pairs = score_table(hands, order=[0, 1, 2, 3])
    assert pairs[(0, 1)] == 1 and pairs[(0, 2)] == 7 and pairs[(0, 3)] == 3 and pairs[(1, 2)] == 14
    assert totals == [11, 18, -22, -7] and sum(totals) == 0


@pytest.mark.parametrize(
    "row, cards, royalty",
    [
        ("bottom", "2h 3d 4c 5s 6h", 2), ("bottom", "2h 7h 9h Jh Kh", 4), ("bottom", "5h 5d 5c Ks Kh", 6),
        ("bottom", "9h 9d 9c 9s 2h", 10), ("bottom", "5h 6h 7h 8h 9h", 15), ("bottom", "Th Jh Qh Kh Ah", 25),
        ("bottom", "Ah Ad Kc Ks 2h", 0),
        ("middle", "7h 7d 7c Ks 2h", 2), ("middle", "2h 3d 4c 5s 6h", 4), ("middle", "2h 7h 9h Jh Kh", 8),
        ("middle", "5h 5d 5c Ks Kh", 12), ("middle", "9h 9d 9c 9s 2h", 20), ("middle", "5h 6h 7h 8h 9h", 30),
        ("middle", "Th Jh Qh Kh Ah", 50), ("middle", "Ah Ad Kc Ks 2h", 0),
    ],
)  # fmt: skip
def test_every_five_card_royalty(row: str, cards: str, royalty: int) -> None:
    assert row_royalty(row, evaluate(parse_cards(cards))) == royalty


def test_every_top_royalty() -> None:
    ranks = "23456789TJQKA"
    for i, r in enumerate(ranks):
        pair = top_value(parse_cards(f"{r}h {r}d {'3' if r != '3' else '4'}c"))
        assert row_royalty("top", pair) == max(0, i - 3)  # 66 pays 1 ... AA pays 9
        assert row_royalty("top", top_value(parse_cards(f"{r}h {r}d {r}c"))) == 10 + i  # 222 pays 10 ... AAA 22
    assert row_royalty("top", top_value(parse_cards("Ah Kd Qc"))) == 0


def test_fouls_pay_six_and_void_their_royalties() -> None:
    fouled = seat("8h 8d 7h 7d 2c / Th Td Tc 3h 3d / Kc 6d 4c")  # middle above bottom
    assert fouled.fouled and fouled.arrangement is not None and fouled.arrangement.royalties == (0, 0, 0)
    top_too_high = seat("Th Td 9c 3h 2d / 8h 8d 7h 6d 2c / Ac Ad 4c")  # AA on top over the middle's 88
    assert top_too_high.fouled
    assert seat("Th Td 9c 3h 2d / 8h 8d 7h 6d / Ac Ad 4c 5c").fouled  # wrong row sizes
    clean = seat(P4)  # its royalty: 99 on top, 4
    assert score_pair(clean, fouled) == 6 + 4 and score_pair(fouled, clean) == -10
    assert score_pair(clean, fouled, BARE) == 6
    assert score_pair(fouled, top_too_high) == 0


def test_a_scoop_doubles_and_surrender_pays_two() -> None:
    assert score_pair(seat(P2), seat(P3), ScoringRules(royalties=Royalties.NONE)) == 6
    assert score_pair(seat(P2), seat(P3), BARE) == 3
    quitter = Seated(None, surrendered=True)
    assert score_pair(seat(P1), quitter) == 2 and score_pair(quitter, seat(P4)) == -2
    assert score_pair(quitter, Seated(None, surrendered=True)) == 0


def test_naturals_scoop_and_a_dragon_takes_thirteen() -> None:
    dragon = Arrangement.parse("Ah Kd Qc Js Th / 9h 8d 7c 6s 5h / 4d 3c 2s")
    assert dragon.natural == Natural.DRAGON and score_pair(Seated(dragon), seat(P1)) == 13
    six_pairs = Arrangement.parse("Ah Ad Kc Ks Qh / Qd Jc Js Th Td / 9c 9s 2h")
    assert six_pairs.natural == Natural.SIX_PAIRS and score_pair(Seated(six_pairs), seat(P1)) == 6
    assert score_pair(Seated(six_pairs), Seated(dragon)) == 0  # ruling: two naturals cancel
    no_face = Arrangement.parse("Ah Ad Tc Ts 9h / 9d 8c 8s 7h 6d / 5c 4s 2h")
    assert no_face.natural == Natural.NO_FACE
    # without naturals the rows decide: bottom AAKK < full house (-1), middle JJTT > 8877 (+1), top 99 > K high (+1)
    assert score_pair(Seated(six_pairs), seat(P1), ScoringRules(naturals=False, scoop_bonus=0, royalties=Royalties.NONE)) == 1


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_units_sum_to_zero_and_each_pair_settles_once(seed: int, players: int) -> None:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = []
    for p in range(players):
        cards = deck[13 * p: 13 * p + 13]
        hands.append(Seated(Arrangement(tuple(cards[:5]), tuple(cards[5:10]), tuple(cards[10:])),
                            surrendered=rng.random() < 0.1))  # fmt: skip
    order = list(range(players))
    rng.shuffle(order)
    rules = ScoringRules(scoop_bonus=rng.choice([0, 3]), royalties=rng.choice(list(Royalties)))
    totals, pairs = score_table(hands, order, rules)
    assert sum(totals) == 0
    for (a, b), units in pairs.items():
        assert score_pair(hands[b], hands[a], rules) == -units
