"""The shared betting engine on hand-worked cases: turns, limits, caps, all-ins, side pots, ties."""

from __future__ import annotations

import pytest

from brelan.server.games.base import GameError
from brelan.server.games.betting import BetTo, Betting, Call, Check, Fold, Limit, Pot, RaiseTo, Rules
from brelan.server.games.pots import split


def betting(stacks: list[int], limit: Limit = Limit.NO_LIMIT, cap: int | None = 3, unit: int = 10) -> Betting:
    return Betting(stacks=list(stacks), unit=unit, order=list(range(len(stacks))), rules=Rules(limit, cap))


def texts(events: list[object]) -> list[str]:
    return [str(e) for e in events]


def refused(b: Betting, seat: int, action: object) -> str:
    with pytest.raises(GameError) as e:
        b.act(seat, action)  # type: ignore[arg-type]
    return e.value.reason


def test_three_way_all_in_at_different_stacks_makes_a_main_and_two_side_pots() -> None:
    b = betting([50, 100, 150, 200])
    b.open_round(10)
    assert texts(b.act(0, BetTo(50))) == ["p0 bets 50", "p0 all-in"]
    assert texts(b.act(1, RaiseTo(100))) == ["p1 raises 100", "p1 all-in"]
    assert texts(b.act(2, RaiseTo(150))) == ["p2 raises 150", "p2 all-in"]
    b.act(3, Call())
    assert b.round_over and b.betting_done
    assert b.pots() == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(100, (2, 3))]
    # p0 has the best hand, then p1, then p2 over p3
    rank = {0: 4, 1: 3, 2: 2, 3: 1}
    events = texts(b.settle(rank.__getitem__, odd_order=[1, 2, 3, 0]))
    assert events == ["p0 wins 200 main", "p1 wins 150 side1", "p2 wins 100 side2"]
    assert b.stacks == [200, 150, 100, 50]


def test_an_uncalled_bet_goes_back() -> None:
    b = betting([30, 200, 200])
    b.open_round(10)
    b.act(0, BetTo(30))  # all-in
    b.act(1, RaiseTo(120))
    b.act(2, Fold())
    assert b.round_over and b.pots() == [Pot(60, (0, 1)), Pot(90, (1,))]
    events = texts(b.settle({0: 1, 1: 2}.__getitem__, odd_order=[0, 1, 2]))
    assert events == ["p1 wins 60 main", "p1 takes-back 90"]
    assert b.stacks == [0, 230, 200]


def test_a_tie_inside_a_side_pot_splits_it_with_the_odd_unit_in_the_games_order() -> None:
    b = betting([20, 100, 100])
    b.ante(0, 10), b.ante(1, 10), b.ante(2, 10)
    b.open_round(10)
    b.act(0, BetTo(10))  # all-in for his last 10
    b.act(1, RaiseTo(60))
    b.act(2, Call())
    pots = b.pots()
    assert pots == [Pot(60, (0, 1, 2)), Pot(100, (1, 2))]
    # p0 wins the main pot; p1 and p2 tie for the side pot of 100 = 10 units: 5 each
    events = texts(b.settle({0: 9, 1: 5, 2: 5}.__getitem__, odd_order=[2, 0, 1]))
    assert events == ["p0 wins 60 main", "p2 wins 50 side1", "p1 wins 50 side1"]
    # an odd unit: 30 between two goes 20 to the first in the game's order
    assert split(30, [0, 2], order=[2, 0, 1], unit=10) == {2: 20, 0: 10}


def test_turn_order_and_what_each_action_needs() -> None:
    b = betting([100, 100, 100], Limit.SPREAD)
    b.open_round(20)
    assert refused(b, 1, Check()) == "NOT_YOUR_TURN"
    assert refused(b, 0, Call()) == "NOTHING_TO_CALL"
    assert refused(b, 0, RaiseTo(20)) == "NO_BET_TO_RAISE"
    assert refused(b, 0, BetTo(15)) == "NOT_A_UNIT"
    assert refused(b, 0, BetTo(30)) == "BAD_AMOUNT"  # spread limit: at most 20
    b.act(0, BetTo(10))
    assert refused(b, 1, Check()) == "MUST_CALL"
    assert refused(b, 1, BetTo(20)) == "ALREADY_BET"
    assert [str(a) for a in b.legal(1)] == ["call", "fold", "raise 20", "raise 30"]
    b.act(1, RaiseTo(30))
    b.act(2, Fold())
    assert refused(b, 2, Call()) == "FOLDED"
    assert b.to_act == [0]
    b.act(0, Call())
    assert b.round_over and b.pot_total() == 60


def test_fixed_limit_caps_the_raises() -> None:
    b = betting([500, 500], Limit.FIXED, cap=3)
    b.open_round(10)
    b.act(0, BetTo(10))
    assert refused(b, 1, RaiseTo(30)) == "BAD_AMOUNT"
    b.act(1, RaiseTo(20))
    b.act(0, RaiseTo(30))
    b.act(1, RaiseTo(40))
    assert refused(b, 0, RaiseTo(50)) == "RAISE_CAP"
    assert [str(a) for a in b.legal(0)] == ["call", "fold"]
    b.act(0, Call())
    assert b.round_over and b.committed == [40, 40]


def test_pot_limit_and_no_limit_bounds() -> None:
    pot = betting([1000, 1000, 1000], Limit.POT, cap=None)
    pot.ante(0, 10), pot.ante(1, 10), pot.ante(2, 10)
    pot.open_round(10)
    pot.act(0, BetTo(30))  # the pot was 30
    assert pot.raise_bounds(1) == (60, 30 + 60 + 30)  # to call 30, then raise by the pot of 90
    nl = betting([1000, 1000], Limit.NO_LIMIT, cap=None)
    nl.open_round(20)
    nl.act(0, BetTo(50))
    assert refused(nl, 1, RaiseTo(80)) == "BAD_AMOUNT"  # a raise is at least the last one (50)
    nl.act(1, RaiseTo(1000))
    assert texts(nl.act(0, Call())) == ["p0 calls 950", "p0 all-in"]


def test_blinds_give_the_big_blind_the_option() -> None:
    b = betting([100, 100, 100], Limit.NO_LIMIT)
    b.order = [2, 0, 1]  # seat 0 small blind, seat 1 big blind, seat 2 acts first
    b.blind(0, 5), b.blind(1, 10)
    b.open_round(10, keep_blinds=True)
    assert b.to_act == [2, 0, 1]
    b.act(2, Call())
    b.act(0, Call())
    assert [str(a) for a in b.legal(1)][:2] == ["check", "fold"]
    b.act(1, Check())
    assert b.round_over and b.pot_total() == 30


def test_a_short_all_in_call_and_a_short_all_in_raise() -> None:
    b = betting([100, 25, 130])
    b.open_round(10)
    b.act(0, BetTo(40))
    assert texts(b.act(1, Call())) == ["p1 calls 25", "p1 all-in"]
    b.act(2, RaiseTo(100))
    assert refused(b, 0, RaiseTo(120)) == "SHORT"  # 60 left against 60 to call
    assert texts(b.act(0, Call())) == ["p0 calls 60", "p0 all-in"]
    assert b.round_over and b.pots() == [Pot(75, (0, 1, 2)), Pot(150, (0, 2))] and b.stacks == [0, 0, 30]
    # an all-in for less than a full raise does not set the next minimum raise
    nl = betting([100, 100, 55])
    nl.open_round(10)
    nl.act(0, BetTo(40))
    nl.act(1, Call())
    assert texts(nl.act(2, RaiseTo(55))) == ["p2 raises 55", "p2 all-in"]
    assert nl.raise_bounds(0) == (95, 100) and nl.raises == 0
    # p0 and p1 had acted: the short all-in does not reopen the betting for them
    assert refused(nl, 0, RaiseTo(100)) == "NOT_REOPENED"
    assert [str(a) for a in nl.legal(0)] == ["call", "fold"]
    nl.act(0, Call())
    nl.act(1, Call())
    assert nl.round_over and nl.pots() == [Pot(165, (0, 1, 2))]


def test_a_short_all_in_leaves_raising_open_to_those_yet_to_act() -> None:
    b = betting([100, 35, 100, 100])
    b.open_round(10)
    b.act(0, BetTo(30))
    b.act(1, RaiseTo(35))  # all-in, 5 more: not a full raise
    assert b.can_act(2, RaiseTo(70))  # p2 had not acted: he may raise
    assert refused(b, 2, RaiseTo(60)) == "BAD_AMOUNT"  # at least 35 + 30, the last full raise
    b.act(2, RaiseTo(70))  # a full raise reopens it for everyone
    b.act(3, Call())
    assert b.can_act(0, RaiseTo(100))
