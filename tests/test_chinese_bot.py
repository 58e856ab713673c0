"""Chinese poker's bot levels (issue 41): how each sets a classic hand, and what the open-face search never does.
How strong each level is lives in bench/bench_bots.py; here, only rules that hold in every game."""

from __future__ import annotations

import itertools
import random

from brelan.server.games import chinese as ch
from brelan.server.games.cards import DECK, StackedDeck, parse_cards
from brelan.server.games.chinese_bot import BOTS, STYLES, _best_fill, _online_fill, greedy
from brelan.server.games.chinese_rows import ROWS, Placement
from brelan.server.games.chinese_scoring import Arrangement
from brelan.server.games.chinese_solver import solve
from brelan.server.games.evaluator import evaluate

SPLIT = "As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c"  # three pairs and a straight: the levels set it apart


def decide(state: ch.ChineseState, seat: int, level: str, seed: int = 0) -> str:
    view = state.view(seat)
    return BOTS[level]()(view, view.legal, random.Random(seed))


def test_greedy_sets_the_best_five_below_then_the_best_of_the_rest_and_never_fouls() -> None:
    rng = random.Random(41)
    for _ in range(200):
        cards = rng.sample(DECK, rng.choice((13, 14, 17)))
        placement = greedy(cards)
        assert placement is not None
        arrangement = Arrangement.of(placement)
        assert not arrangement.fouled and sorted(placement.cards) == sorted(cards)
        assert evaluate(placement.bottom) == max(evaluate(five) for five in itertools.combinations(cards, 5))


def test_the_strong_bot_sets_the_solver_s_arrangement_the_intermediate_a_person_s_first_way() -> None:
    """On the same hand the strong bot sets the solver's rows (a straight, aces, kings on top: 10 royalties), the
    intermediate the greedy ones (the straight at the bottom from the pairs' cards, nothing left but high cards)."""
    solved = f"place {solve(parse_cards(SPLIT)).placement}"
    state = ch.new_game(ch.ChineseOptions(style=ch.Style.CLASSIC, players=3), StackedDeck([SPLIT]))
    assert parse_cards(SPLIT) == state.held[0]
    assert decide(state, 0, "strong") == solved == "place bottom Qs Jh Td 9c 8s middle As Ad Qh 4d 2c top Kd Kc 5h"
    assert decide(state, 0, "intermediate") == f"place {greedy(parse_cards(SPLIT))}"
    assert decide(state, 0, "intermediate") == "place bottom As Kd Qs Jh Td middle Ad Kc Qh 9c 8s top 5h 4d 2c"
    beginner = {decide(state, 0, "beginner", seed) for seed in range(20)}
    assert f"place {greedy(parse_cards(SPLIT))}" in beginner and len(beginner) == 2  # and, now and then, by rank


def test_the_search_never_places_a_row_sure_to_foul_when_another_placement_is_not() -> None:
    """(The beginner's search too, but it places one street in ten at random.) Open-face, two players, p0's 11th card: its bottom is a pair of fives (complete), its middle K 7 3 2, its top
    Q 4. The 7c dealt now makes the middle a pair of sevens, above the bottom: a foul whatever comes. On top it fouls
    only if the last card pairs the middle."""
    mine = ["5s 5d 8c 9h Jc", "7d", "3h", "2s", "Kc", "Qh", "4d", "7c", "Ac"]
    rows = {"5s": "bottom", "5d": "bottom", "8c": "bottom", "9h": "bottom", "Jc": "bottom", "7d": "middle",
            "3h": "middle", "2s": "middle", "Kc": "middle", "Qh": "top", "4d": "top"}  # fmt: skip
    theirs = ["Ts Td 6h 6c 2d", "As", "Ks", "Qs", "Js", "9s", "8s", "Jh"]
    deal = " ".join(card for pair in zip(mine, theirs) for card in pair)
    options = ch.ChineseOptions(style=ch.Style.OFC, players=2)
    for level in ("intermediate", "strong"):
        for seed in range(3):
            state = ch.new_game(options, StackedDeck([deal]))
            while state.held[0] != parse_cards("7c"):
                seat = state.to_play[0]
                if seat == 1:
                    state.apply(1, state.default_action(1))
                    continue
                placed = {name: [c for c in state.held[0] if rows[str(c)] == name] for name in ROWS}
                state.apply(0, ch.Place(Placement(*(tuple(placed[name]) for name in ROWS))))
            assert decide(state, 0, level, seed) == "place top 7c", (level, seed)


def test_the_strong_bot_places_the_cards_to_come_as_it_would_not_at_random() -> None:
    """Open-face's first street Qc 6h 5c 9s Ts. Dealing the cards to come into the empty slots at random, the search
    filled the top with three of these (6h 5c 9s: a random top rarely beats it, a random middle rarely falls below
    it); placing them as it would itself, card by card, the strong bot keeps the top open (a card at most)."""
    state = ch.new_game(ch.ChineseOptions(style=ch.Style.OFC, players=3), StackedDeck(["Qc 6h 5c 9s Ts"]))
    for seed in range(4):
        placement = Placement.parse(decide(state, 0, "strong", seed)[len("place"):])
        assert len(placement.top) <= 1, seed


def test_the_strong_search_places_the_cards_to_come_one_by_one_never_better_than_knowing_them() -> None:
    """Open-face: the strong search places each future's cards as they come, each without the ones after it, so a
    draw that misses costs its foul; knowing them all (every way to place them tried) never does worse."""
    style = STYLES["strong"]
    rng = random.Random(41)
    for _ in range(300):
        cards = rng.sample(DECK, 13)
        bottom, middle, top = cards[:2], cards[2:4], cards[4:5]
        future = cards[5:]
        known = _best_fill(list(bottom), list(middle), list(top), future, True, style)
        assert _online_fill(list(bottom), list(middle), list(top), future, True, style) <= known + 1e-9, cards


def test_a_card_placed_before_the_next_are_seen_can_spoil_a_draw() -> None:
    """Bottom Ah Kh 9h, middle Qs Qd 7c 3d (the bottom needs a flush or a pair of aces or kings), top 2s 4c 6d. Knowing
    8c Th Jh are coming, the eight goes in the middle and the hearts make the flush; placed as they come, the same
    cards in that order foul, and in the order Th Jh 8c do not: the cards to come are not known in advance."""
    style = STYLES["strong"]
    board = [parse_cards("Ah Kh 9h"), parse_cards("Qs Qd 7c 3d"), parse_cards("2s 4c 6d")]
    known = _best_fill(*(list(row) for row in board), parse_cards("8c Th Jh"), True, style)
    assert known > 0
    assert _online_fill(*(list(row) for row in board), parse_cards("8c Th Jh"), True, style) == style.foul
    assert _online_fill(*(list(row) for row in board), parse_cards("Th Jh 8c"), True, style) == known
