"""The betting games' bots at DAKER's first hand (issue 41): a person found no-limit bots shoving at once, two or three
seats out after one deal. Each bot decides on its seat's view of a seeded deal, with seeded RNGs, so what it does is
fixed: no level pushes its whole stack first on a hand worth nothing, and the strong bot lets such a hand go
against an all-in (its equity far under the price). How strong each level is stays in bench/bench_bots.py."""

from __future__ import annotations

import random
from dataclasses import replace

from brelan.server.games import daker, daker_bot
from brelan.server.games.betting_bot import by_odds, short_of_all_in
from brelan.server.games.daker_cards import NOTHING, best_hand
from brelan.server.games.levels import LEVEL_NAMES

HOLDEM = daker.DakerOptions(mode=daker.Mode.HOLDEM, players=3, stack=100)


def first_decision(seed: int, *moves: str) -> tuple[daker.DakerView, list[str]]:
    """The view and legal moves of the seat to act in the first hand of the seeded deal, after ``moves``."""
    state = daker.new_game(HOLDEM, random.Random(seed))
    for move in moves:
        state.apply(state.pending()[0], daker.parse_action(move))
    seat = state.pending()[0]
    return state.view(seat), [str(a) for a in state.legal_actions(seat)]


def held(view: daker.DakerView) -> list[daker.DakerCard]:
    assert view.seat is not None
    return [c for c in view.cards[view.seat] if isinstance(c, daker.DakerCard)]


def test_no_level_goes_all_in_first_on_a_hand_worth_nothing() -> None:
    view, legal = first_decision(3)  # p2, first to act, holds JJ AK NN: no pair however it reads them
    assert view.seat == 2 and best_hand(held(view))[0] == NOTHING and "raise 100" in legal
    for level in LEVEL_NAMES:
        moves = {daker_bot.BOTS[level]()(view, legal, random.Random(seed)) for seed in range(40)}
        assert "raise 100" not in moves, (level, moves)
        if level == "strong":
            assert moves == {"fold"}


def test_the_strong_bot_folds_a_hand_worth_nothing_to_an_all_in() -> None:
    view, legal = first_decision(10, "raise 100")  # p2 shoves; p0 holds JJ KQ AR
    assert view.seat == 0 and best_hand(held(view))[0] == NOTHING and legal == ["call", "fold"]
    strong = daker_bot.BOTS["strong"]()
    assert {strong(view, legal, random.Random(seed)) for seed in range(10)} == {"fold"}


def test_a_call_risking_the_stack_wants_more_than_its_price() -> None:
    """95 to call into 115: the price is 45% of the pot; with 50% equity a call of one's whole stack is let go,
    the same equity calls a small bet, and a hand all but made may go all-in."""
    assert by_odds(["fold", "call"], 0.5, pot=115, to_call=95, bet=5, players=2, stack=95) == "fold"
    assert by_odds(["fold", "call"], 0.5, pot=115, to_call=10, bet=0, players=2, stack=95) == "call"
    legal = ["fold", "call", "raise 20", "raise 55", "raise 100"]
    assert by_odds(legal, 0.95, pot=15, to_call=10, bet=0, players=3, stack=100) == "raise 20"  # about the pot
    assert by_odds(legal, 0.7, pot=150, to_call=10, bet=0, players=3, stack=100) == "raise 55"  # all-in left out
    assert by_odds(legal, 0.95, pot=150, to_call=10, bet=0, players=3, stack=100) == "raise 100"
    assert short_of_all_in(legal) == legal[:-1]


def shove_heads_up(seed: int) -> tuple[daker.DakerView, list[str]]:
    """The big blind's view of the seeded first hand, the first seat folded and the next all-in for 100: heads-up,
    90 to call into 110 (a price of 45%, 60% with the margin of a call of the whole stack)."""
    view, legal = first_decision(seed, "fold", "raise 100")
    assert view.seat == 1 and view.stacks[0] == 0 and legal == ["call", "fold"]
    return view, legal


def read(view: daker.DakerView, quiet: int, pushed: int) -> daker_bot.Reads:
    """What the strong bot saw of p0 before ``view``: ``quiet`` hands without a push, then ``pushed`` hands with
    one (each seen as in ``view``, p0 all-in)."""
    reads = daker_bot.Reads()
    for hand in range(2, 2 + quiet):
        reads.watch(replace(view, hand=hand, bets=(0, 0, 0), stacks=(100, 100, 100)))
    for hand in range(2 + quiet, 2 + quiet + pushed):
        reads.watch(replace(view, hand=hand))
    return reads


def test_the_strong_bot_widens_the_range_of_an_opponent_it_saw_push_often() -> None:
    """An opponent's push is read from the share of its hands it was seen pushing: once in ten hands, its best fifth;
    in every hand, any cards. AK QN KN is ahead of any cards (72% against them) but not of the best fifth (56%, under
    the call's 60%): the strong bot folds it to the one and calls the other."""
    view, legal = shove_heads_up(26)
    assert [str(c) for c in held(view)] == ["AK", "QN", "KN"]
    tight, loose = read(view, quiet=9, pushed=0), read(view, quiet=0, pushed=4)
    for reads in (tight, loose):
        reads.watch(view)  # the push it faces counts as one seen
    assert tight.share(0) == 0.2 and loose.share(0) == 1.0
    assert tight.ranges(view) == {0: tight.share(0)} and loose.ranges(view) == {0: 1.0}
    mine, board = daker_bot.known(view)
    narrow = daker_bot._equity(view, mine, board, 1000, random.Random(1), tight.ranges(view))
    wide = daker_bot._equity(view, mine, board, 1000, random.Random(1), loose.ranges(view))
    assert narrow < 0.6 < wide, (narrow, wide)
    folds = [daker_bot.strong(view, legal, random.Random(seed), read(view, 9, 0)) for seed in range(10)]
    calls = [daker_bot.strong(view, legal, random.Random(seed), read(view, 0, 4)) for seed in range(10)]
    assert folds.count("fold") == 10 and calls.count("call") >= 8, (folds, calls)
