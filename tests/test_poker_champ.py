"""POKER CHAMP rules, each on a stacked deck, and properties over seeded bot games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.server.games import poker_champ as pc
from brelan.server.games.base import GameError, OptionError, jsonable, options_dict, parse_options
from brelan.server.games.cards import Card
from brelan.server.games.registry import get_variant
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import logged_as
from games_support import StackedRng, assert_all_distinct, holdem_order

VARIANT = get_variant("poker-champ")


def game(players: int, holes: list[str], board: str, *, chips: list[int] | None = None, more: tuple[str, ...] = (),
         **options: object) -> pc.PokerChampState:  # fmt: skip
    order = holdem_order(holes, board)
    assert_all_distinct(order)
    opts = pc.PokerChampOptions(players=players, **options)  # type: ignore[arg-type]
    return pc.new_game(opts, StackedRng([order, *more]), chips=chips)


def texts(events: list[object]) -> list[str]:
    return [str(e) for e in events]


def test_stage_one_is_compulsory_then_anyone_decides_in_any_order() -> None:
    state = game(3, ["As Kd", "7c 2h", "Qs Qh"], "Ah 9d 4c 8s 3h")
    assert texts(state.start_events) == [
        "deal 1", "p0 hole As Kd", "p1 hole 7c 2h", "p2 hole Qs Qh", "stage 1 1", "p0 pays 1", "p1 pays 1",
        "p2 pays 1", "burn", "board Ah 9d 4c", "stage 2 1",
    ]  # fmt: skip
    assert state.pending() == [0, 1, 2]
    assert texts(state.apply(2, pc.Pay())) == ["p2 pays 1"]  # seat 2 first: there is no turn order
    assert state.pending() == [0, 1]
    with pytest.raises(GameError) as e:
        state.apply(2, pc.Fold())
    assert e.value.reason == "ALREADY_DECIDED"
    assert texts(state.apply(0, pc.Pay())) == ["p0 pays 1"]
    # the last decision closes the stage: burn, the turn, its stake of 2
    assert texts(state.apply(1, pc.Fold())) == ["p1 folds", "burn", "board 8s", "stage 3 2"]
    with pytest.raises(GameError) as e:
        state.apply(1, pc.Pay())
    assert e.value.reason == "FOLDED"
    state.apply(0, pc.Pay())
    state.apply(2, pc.Pay())
    state.apply(2, pc.Pay())
    end = texts(state.apply(0, pc.Pay()))
    assert end[:4] == ["p0 pays 2", "p0 shows pair As Kd", "p2 shows pair Qs Qh", "p0 wins 13"]
    assert end[4] == "deal 2"
    assert state.chips == [12 - 6 + 13 - 1, 11 - 1, 6 - 1]  # after the next deal's compulsory stake


def test_the_last_player_in_wins_at_once_and_shows() -> None:
    state = game(3, ["As Kd", "7c 2h", "Qs Qh"], "Ah 9d 4c 8s 3h")
    state.apply(0, pc.Fold())
    events = state.apply(1, pc.Fold())
    # he shows his cards for the pleasure of all, but there was no showdown: the win says so
    assert texts(events)[:3] == ["p1 folds", "p2 shows - Qs Qh", "p2 wins 3 uncontested"]
    assert events[2] == pc.Won(2, 3, uncontested=True) == pc.parse_event("p2 wins 3 uncontested")
    assert str(events[3]) == "deal 2"


def test_a_win_at_the_showdown_is_contested_and_older_logs_replay() -> None:
    state = game(2, ["As Kd", "Qs Qh"], "Ah 9d 4c 8s 3h")
    events: list[pc.Event] = []
    while not any(isinstance(e, pc.Won) for e in events):
        events += state.apply(state.pending()[0], pc.Pay())
    won = next(e for e in events if isinstance(e, pc.Won))
    assert won == pc.Won(0, 12) and not won.uncontested and str(won) == "p0 wins 12"  # stakes 1, 1, 2, 2 each
    assert sum(isinstance(e, pc.Shown) for e in events) == 2
    # a log written before a win said it was uncontested replays: the golden games' "p2 wins 3"
    assert logged_as("p2 wins 3 uncontested", "p2 wins 3") and not logged_as("p2 wins 3", "p2 wins 3 uncontested")


def test_a_short_stack_plays_to_the_end_and_wins_the_whole_table() -> None:
    state = game(3, ["As Ad", "7c 2h", "Qs Jh"], "Ah 9d 4c 8s 3h", chips=[1, 12, 11])
    assert state.chips[0] == 0 and state.pending() == [1, 2]  # carried without deciding
    for stage in range(3):
        state.apply(1, pc.Pay())
        events = texts(state.apply(2, pc.Pay()))
    assert events[:4] == ["p2 pays 2", "p0 shows trips As Ad", "p1 shows high-card 7c 2h", "p2 shows high-card Qs Jh"]
    assert events[4] == "p0 wins 13"  # no side pot: 1 + 6 + 6


def test_a_tie_splits_the_pot_with_the_odd_chip_to_the_lowest_seat() -> None:
    state = game(3, ["7c 2h", "3c 2d", "4c 3d"], "As Ks Qs Js Ts")
    state.apply(0, pc.Fold())
    for _ in range(3):
        state.apply(2, pc.Pay())
        events = texts(state.apply(1, pc.Pay()))
    assert events[1:5] == ["p1 shows straight-flush 3c 2d", "p2 shows straight-flush 4c 3d", "p1 wins 7", "p2 wins 6"]


def test_a_broke_player_gets_the_gift_and_the_richest_the_award() -> None:
    state = game(2, ["7c 2h", "As Ad"], "Ah 9d 4c 8s 3h", chips=[1, 23])
    for _ in range(3):
        events = texts(state.apply(1, pc.Pay()))
    assert events[1:5] == ["p0 shows high-card 7c 2h", "p1 shows trips As Ad", "p1 wins 7", "p1 award p0 6"]
    assert state.awards == [0, 1]
    assert state.chips == [6 - 1, 18 - 1]


def test_the_richest_tied_fight_a_duel_for_the_award() -> None:
    duel = "Kc Kd 5c 6d 2s Ah Ks 9c 8d 3s"  # p1 Kc Kd, p2 5c 6d, burn, board
    state = game(3, ["7c 2h", "Ac Ad", "Qs Jh"], "8h 9h 4s Th 3d", chips=[1, 10, 13], more=(duel,))
    state.apply(2, pc.Fold())
    for _ in range(3):
        events = texts(state.apply(1, pc.Pay()))
    assert state.awards == [0, 1, 0]
    i = events.index("duel p1 p2")
    assert events[i - 1] == "p1 wins 8" and events[i:i + 5] == [
        "duel p1 p2", "board Ah Ks 9c 8d 3s", "p1 shows trips Kc Kd", "p2 shows high-card 5c 6d", "p1 award p0 6"]  # fmt: skip


def test_several_broke_players_are_served_in_seat_order_and_two_awards_win() -> None:
    state = game(3, ["7c 2h", "3c 2d", "As Ad"], "Ah 9d 4c 8s 3h", chips=[1, 1, 22])
    for _ in range(3):
        events = texts(state.apply(2, pc.Pay()))
    assert events[-3:] == ["p2 award p0 6", "p2 award p1 6", "champions p2"]
    assert state.is_over and jsonable(state.result) == {"champions": [2], "awards": [0, 0, 2], "chips": [6, 6, 12], "deals": 1,
                                                        "places": [2, 2, 1]}  # by Awards alone: 6 chips each, one place
    with pytest.raises(GameError) as e:
        state.apply(0, pc.Pay())
    assert e.value.reason == "GAME_OVER"


def test_chrono_plays_out_the_deal_then_all_with_most_awards_are_champions() -> None:
    state = game(2, ["7c 2h", "3c 2d"], "Ah 9d 4c 8s 3h", length=pc.Length.CHRONO)
    with pytest.raises(GameError):
        state.apply(0, pc.TimeUp())
    assert texts(state.apply(None, pc.TimeUp())) == ["time-up"]
    assert not state.is_over
    events = texts(state.apply(0, pc.Fold()))
    assert events[-1] == "champions p0 p1" and state.is_over
    assert state.result is not None and state.result.places == (1, 1)  # equal Awards, one place: both champions
    assert pc.TimeUp() not in state.legal_actions(None)


def test_time_is_only_counted_in_chrono_games() -> None:
    state = game(2, ["7c 2h", "3c 2d"], "Ah 9d 4c 8s 3h")
    assert state.legal_actions(None) == []
    with pytest.raises(GameError) as e:
        state.apply(None, pc.TimeUp())
    assert e.value.reason == "NOT_CHRONO"


@pytest.mark.parametrize("seed", range(3))
def test_the_long_game_ends_when_all_seven_awards_are_won(seed: int) -> None:
    played = play(VARIANT, pc.PokerChampOptions(players=3, length=pc.Length.LONG), seed)
    result = jsonable(played.state.result)
    assert result is not None and sum(result["awards"]) == 7
    assert result["champions"] == [s for s in range(3) if result["awards"][s] == max(result["awards"])]


def test_marked_backs_show_suit_and_class_and_aces_only_a() -> None:
    state = game(3, ["As Td", "9c 5h", "Kh 2s"], "Ah 9d 4c 8s 3h")
    view = jsonable(state.view(1))
    assert view["holes"] == [["[A]", "[Ld]"], ["9c", "5h"], ["[Lh]", "[Ss]"]]
    assert jsonable(state.view(None))["holes"] == [["[A]", "[Ld]"], ["[Mc]", "[Sh]"], ["[Lh]", "[Ss]"]]
    state.apply(0, pc.Fold())
    assert jsonable(state.view(1))["holes"][0] == []  # folded cards go under the deck, unseen


def test_options_are_validated_and_round_trip() -> None:
    with pytest.raises(OptionError) as e:
        pc.PokerChampOptions(players=7)
    assert e.value.name == "players"
    with pytest.raises(OptionError) as e:
        parse_options(pc.PokerChampOptions, {"length": "forever"})
    assert "chrono" in str(e.value)
    with pytest.raises(OptionError):
        parse_options(pc.PokerChampOptions, {"colour": "red"})
    options = parse_options(pc.PokerChampOptions, {"players": "5", "length": "long", "stakes": "1,2,3,4"})
    assert options == pc.PokerChampOptions(players=5, length=pc.Length.LONG, stakes=(1, 2, 3, 4))
    assert parse_options(pc.PokerChampOptions, options_dict(options)) == options


# -- properties over seeded bot games -----------------------------------------------------


def hidden_cards_leak(state: pc.PokerChampState, seat: int | None, event_texts: list[str]) -> bool:
    others = {str(c) for s, hole in enumerate(state.holes) if s != seat and state.in_hand[s] for c in hole}
    view = jsonable(state.view(seat))
    shown = {c for hole in view["holes"] for c in hole} | set(view["board"])
    return bool(others & shown)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), length=st.sampled_from(list(pc.Length)))
def test_random_games_conserve_chips_and_end(seed: int, players: int, length: pc.Length) -> None:
    """Every length and player count (the read-back of events and the replay of every game: tests/test_games.py)."""
    options = pc.PokerChampOptions(players=players, length=length)
    played = play(VARIANT, options, seed, time_hands=8)
    state = played.state
    assert state.is_over and played.conserved
    assert sum(state.chips) == 12 * players


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6))
def test_views_and_redacted_events_never_show_another_seats_hole_cards(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = pc.new_game(pc.PokerChampOptions(players=players), random.Random(seed))
    events = list(state.start_events)
    for _ in range(150):
        if state.is_over:
            break
        for watcher in [None, *range(players)]:
            assert not hidden_cards_leak(state, watcher, [])
        seat = rng.choice(state.pending())
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    for watcher in [None, *range(players)]:
        for event in state.redact_all(events, watcher):
            if isinstance(event, pc.Hole) and event.seat != watcher:
                assert all(isinstance(c, pc.Back) for c in event.cards)
            if isinstance(event, pc.Hole) and event.seat == watcher:
                assert all(isinstance(c, Card) for c in event.cards)
