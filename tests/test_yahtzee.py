"""Yahtzee Texas Hold'em: the dice ranking, the rulebook's example, and properties over seeded games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from brelan.server.games import yahtzee_holdem as yh
from brelan.server.games.base import GameError, jsonable
from brelan.server.games.betting import Fold, Won
from brelan.server.games.dice import (
    BAG_SIZE, FLUSH, FLUSH_YAHTZEE, FOUR, FULL_HOUSE, HIGH_DICE, PAIR, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIRS,
    YAHTZEE, StackedDice, describe, evaluate, parse_dice,
)  # fmt: skip
from brelan.server.games.registry import get_variant
from brelan.server.games.selfplay import MOST_ACTIONS, play
from brelan.server.games.transcript import Transcript, replay

VARIANT = get_variant("yahtzee-holdem")
GOLDEN = Path(__file__).parent / "golden"


def value(text: str) -> tuple[int, tuple[int, ...], int]:
    return evaluate(parse_dice(text))


@pytest.mark.parametrize(
    "dice, category",
    [
        ("3r 3r 3r 3r 3r", FLUSH_YAHTZEE),
        ("2b 3b 4b 5b 6b", STRAIGHT_FLUSH),
        ("3r 3b 3w 3y 3r", YAHTZEE),
        ("1w 3w 4w 6w 6w", FLUSH),
        ("5r 5b 5w 5y 2r", FOUR),
        ("1r 2b 3w 4y 5r", STRAIGHT),
        ("2r 3b 4w 5y 6r", STRAIGHT),
        ("4r 4b 4w 3y 3r", FULL_HOUSE),
        ("4r 4b 4w 3y 1r", TRIPS),
        ("4r 4b 2w 2y 6r", TWO_PAIRS),
        ("4r 4b 1w 2y 6r", PAIR),
        ("1r 2b 4w 5y 6r", HIGH_DICE),
    ],
)
def test_every_category(dice: str, category: int) -> None:
    assert value(dice)[0] == category


def test_the_ranking_order_of_rulings() -> None:
    ladder = ["3r 3r 3r 3r 3r", "2b 3b 4b 5b 6b", "3r 3b 3w 3y 3r", "1w 3w 4w 6w 6w", "5r 5b 5w 5y 2r",
              "1r 2b 3w 4y 5r", "4r 4b 4w 3y 3r", "4r 4b 4w 3y 1r", "4r 4b 2w 2y 6r", "4r 4b 1w 2y 6r",
              "1r 2b 4w 5y 6r"]  # fmt: skip
    values = [value(d) for d in ladder]
    assert values == sorted(values, reverse=True) and len(set(v[0] for v in values)) == len(ladder)


def test_ties_higher_dice_then_more_of_one_colour_then_split() -> None:
    # the rulebook: a full of three 4s and two 3s beats three 2s and two 6s
    assert value("4r 4b 4w 3y 3r") > value("2r 2b 2w 6y 6b")
    assert value("2r 3b 4w 5y 6r") > value("1r 2b 3w 4y 5r")  # 2-6 beats 1-5
    assert value("6r 6b 2w 2y 5r") > value("6r 6b 2w 2y 4r")  # the rest, highest first
    assert value("6r 6r 2r 2y 5b") > value("6r 6b 2w 2y 5r")  # same dice: more of one colour
    assert value("6r 6b 2w 2y 5r") == value("6b 6r 2y 2w 5r")  # else equal: split
    # best five of seven: the colour count of the chosen five counts
    seven = value("6r 6r 6b 6w 3y 3r 1r")  # the kicker 3r, not 3y: three red in the five
    assert describe(seven).slug == "four" and seven[2] == 3


def test_the_rulebook_example_replays_to_its_story() -> None:
    transcript = Transcript.parse((GOLDEN / "yahtzee-holdem-rulebook-example.txt").read_text())
    replay(transcript)
    lines = list(transcript.lines)
    assert lines[lines.index("> p1 fold") + 1] == "p1 folds"
    assert "p0 shows straight 2r 5b" in lines and "p2 shows full-house 1r 1b" in lines
    assert "p0 wins 220 main" in lines
    assert not any(line.startswith("board reroll") for line in lines)  # the flop was bet, not checked around


def test_an_all_check_flop_is_rolled_again_once() -> None:
    # p1 deals: p0 speaks first. Holes, flop 5r 6b 1w, then its reroll to 2 3 4, then the turn 5w.
    state = yh.new_game(yh.YahtzeeOptions(players=2), StackedDice.parse("1r 2b 3w 4y 5r 6b 1w 2 3 4 5w", "reroll"))
    events = []
    for seat in (0, 1, 0, 1):  # the opening round, then the flop, checked around
        events += [str(e) for e in state.apply(seat, yh.parse_action("check"))]
    assert "board flop 5r 6b 1w" in events and events[-1] == "board reroll 2r 3b 4w"  # the same dice, new faces
    for seat in (0, 1):
        events = [str(e) for e in state.apply(seat, yh.parse_action("check"))]
    assert events[-1] == "board turn 5w"  # only once


def test_a_flush_yahtzee_at_showdown_ends_the_game_at_once() -> None:
    state = yh.new_game(yh.YahtzeeOptions(players=2, flop_rerolls=0), StackedDice.parse("1b 2w 5r 5r 5r 5r 5r 3y 4b", "fy"))
    for seat in (0, 1) * 4:
        events = [str(e) for e in state.apply(seat, yh.parse_action("check"))]
    assert "p1 shows flush-yahtzee 5r 5r" in events and events[-1] == "champions p1"
    assert state.is_over and sum(state.stacks) == 4800
    with pytest.raises(GameError) as e:
        state.apply(0, Fold())
    assert e.value.reason == "GAME_OVER"


def test_a_player_with_no_chips_is_out_and_the_last_one_wins() -> None:
    script = StackedDice.parse("1r 2b 6w 6y 6r 3w 4y 6b 2y", "out")
    state = yh.new_game(yh.YahtzeeOptions(players=2), script, stacks=[50, 4750])
    state.apply(0, yh.parse_action("bet 10"))
    state.apply(1, yh.parse_action("raise 20"))
    state.apply(0, yh.parse_action("raise 30"))
    state.apply(1, yh.parse_action("raise 40"))
    events = [str(e) for e in state.apply(0, yh.parse_action("call"))]
    # p0 is all-in: nothing left to bet, the dice roll out to the showdown
    assert events[:4] == ["p0 calls 10", "p0 all-in", "board flop 6r 3w 4y", "board turn 6b"]
    assert "p1 shows four 6w 6y" in events
    assert events[-3:] == ["p1 wins 100 main", "p0 out", "champions p1"]  # shown down: not uncontested
    assert jsonable(state.result) == {"champions": [1], "stacks": [0, 4800], "hands": 1, "out_hands": [1, 0]}


def test_a_hand_the_others_fold_is_won_uncontested() -> None:
    state = yh.new_game(yh.YahtzeeOptions(players=3), random.Random(5))
    events = []
    while not any(isinstance(e, Won) for e in events):
        seat = state.pending()[0]
        passive = next(a for a in state.legal_actions(seat) if str(a) in ("check", "call"))
        events += state.apply(seat, passive if seat == 0 else Fold())
    won = next(e for e in events if isinstance(e, Won))
    assert won.seat == 0 and won.uncontested and str(won).endswith(" main uncontested")
    assert not any(isinstance(e, yh.Shown) for e in events)
    assert yh.parse_event(str(won)) == won


def test_views_show_a_player_his_own_dice_only() -> None:
    state = yh.new_game(yh.YahtzeeOptions(players=3), random.Random(5))
    mine = jsonable(state.view(1))["dice"]
    assert mine[1] == [str(d) for d in state.holes[1]] and mine[0] == mine[2] == ["??", "??"]
    assert jsonable(state.view(None))["dice"] == [["??", "??"]] * 3
    assert str(state.redact(state.start_events[4], 1)) == "p0 dice ?? ??"
    assert str(state.redact(state.start_events[5], 1)) == f"p1 dice {mine[1][0]} {mine[1][1]}"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), stack=st.sampled_from([60, 150, 300]))
@example(seed=2506, players=6, stack=300)  # 23,243 actions: it broke a bound of 20,000 the test once had
def test_random_games_conserve_chips_and_dice_end_and_leak_nothing(seed: int, players: int, stack: int) -> None:
    """Every player count and stack (the replay of every game: tests/test_games.py)."""
    options = yh.YahtzeeOptions(players=players, stack=stack)
    rng = random.Random(seed)
    state = yh.new_game(options, random.Random(f"game/{seed}"))
    actions = []
    while not state.is_over:
        seat = state.pending()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, action))
        view = jsonable(state.view(None))
        assert sum(view["stacks"]) + view["pot"] == stack * players  # chips conserved
        assert state.bag is not None
        idents = [d.ident for d in state.dice_in_play()] + state.bag.inside
        assert sorted(idents) == list(range(BAG_SIZE))  # dice conserved: none in two places
        for watcher in [None, *range(players)]:
            shown = jsonable(state.view(watcher))["dice"]
            for s, dice in enumerate(shown):
                assert s == watcher or all(d == "??" for d in dice)
        assert len(actions) < MOST_ACTIONS


def test_bot_games_end_with_chips_conserved() -> None:
    for seed in range(3):
        played = play(VARIANT, yh.YahtzeeOptions(players=3, stack=300), seed)
        assert played.state.is_over and played.conserved


@pytest.mark.parametrize("seed", range(4))
def test_a_shorter_game_ends_after_its_hands_the_most_chips_winning(seed: int) -> None:
    """The rulebook plays to the last stack (hundreds of hands against bots); ``hands`` ends the game sooner."""
    played = play(VARIANT, yh.YahtzeeOptions(players=3, stack=300, hands=5), seed)
    state = played.state
    assert state.is_over and played.conserved and state.hand <= 5
    alive = [s for s in range(3) if not state.out[s]]
    if len(alive) > 1 and state.hand == 5:  # not ended by the last stack or a flush yahtzee: by its hands
        assert set(state.champions) == {s for s in alive if state.stacks[s] == max(state.stacks[t] for t in alive)}
    assert yh.YahtzeeOptions().hands == 0  # the rulebook's game by default


def test_the_hands_poker_and_dice_share_have_one_english_name() -> None:
    """A player reads the same hand by the same name in every poker game (the page and the terminal take these):
    Yahtzee hold'em's dice said "Two pairs" where POKER CHAMP and DAKER say "Two pair"."""
    from brelan.server.games import dice, evaluator

    shared = {"pair": "Pair", "two-pairs": "Two pair", "trips": "Three of a kind", "full-house": "Full house",
              "straight": "Straight", "four": "Four of a kind"}  # fmt: skip
    for slug, name in shared.items():
        assert dice.NAMES_EN[dice.SLUGS.index(slug)] == name and name in evaluator.CATEGORY_EN, slug
