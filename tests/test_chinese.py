"""Chinese poker games: secret sets, surrender, the reserve and the set-aside hand, open-face streets,
pineapple discards, fantasyland entry, size and stay, timeouts, and random games that conserve and hide."""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.server.games import chinese as ch
from brelan.server.games.base import GameError, OptionError, TextError, jsonable
from brelan.server.games.cards import DECK, StackedDeck, parse_cards
from brelan.server.games.chinese_rows import ROWS, Placement
from brelan.server.games.chinese_scoring import Arrangement, ScoringRules, Seated, score_pair
from brelan.server.games.registry import VARIANTS

# Three classic hands of 13, each written as it will be set (bottom / middle / top).
STRONG = "Ah Ad Ac 7d 7c / As Ks Qs Js 9s / Kh Kd 2c"  # full house; flush; KK: royalties 6 + 8 + 8
MIDDLING = "Th Td Tc 3h 3d / 8h 8d 7h 6s 2d / Qc Jc 4c"
WEAK = "Jd 8s 6c 5d 4s / 9c 7s 5h 3c 2h / 9h 6d 3s"
FOULED = "8h 8d 7h 6s 2d / Th Td Tc 3h 3d / Qc Jc 4c"  # MIDDLING's rows swapped: middle above bottom


def cards_of(*hands: str) -> str:
    return " ".join(" ".join(h.replace("/", " ").split()) for h in hands)


def classic(players: int, *hands: str, **options: object) -> ch.ChineseState:
    """A classic game whose first deal gives p0, p1, ... these hands (p0 plays first)."""
    opts = ch.ChineseOptions(style=ch.Style.CLASSIC, players=players, **options)  # type: ignore[arg-type]
    return ch.new_game(opts, StackedDeck([cards_of(*hands)]))


def place(state: ch.ChineseState, seat: int, text: str) -> list[str]:
    return [str(e) for e in state.apply(seat, ch.parse_action(f"place {text}"))]


def refusal(state: ch.ChineseState, seat: int | None, text: str) -> str:
    with pytest.raises(GameError) as caught:
        state.apply(seat, ch.parse_action(text))
    return caught.value.reason


# -- classic ------------------------------------------------------------------------------------------------


def test_sets_are_secret_until_all_have_set_then_shown_and_scored() -> None:
    state = classic(3, STRONG, MIDDLING, WEAK)
    assert state.pending() == [0, 1, 2]
    events = state.apply(0, ch.parse_action(f"place {STRONG}"))
    assert [str(e) for e in events] == [f"p0 sets {Placement.parse(STRONG)}"]
    assert [str(state.redact(e, 1)) for e in events] == ["p0 sets"]  # the others learn only that it is set
    seen = jsonable(state.view(1))
    assert seen["set"] == [True, False, False] and seen["boards"][0]["bottom"] == ["??"] * 5
    assert jsonable(state.view(0))["boards"][0]["top"] == ["Kh", "Kd", "2c"]
    assert state.pending() == [1, 2]
    place(state, 1, MIDDLING)
    lines = place(state, 2, WEAK)
    shows = [line for line in lines if " shows " in line]
    assert shows == [f"p{s} shows {Placement.parse(h)}" for s, h in enumerate((STRONG, MIDDLING, WEAK))]
    rules = ScoringRules()
    hands = [Seated(Arrangement.parse(h)) for h in (STRONG, MIDDLING, WEAK)]
    expected = [sum(score_pair(hands[s], hands[o], rules) for o in range(3) if o != s) for s in range(3)]
    assert state.totals == expected and sum(expected) == 0
    assert "p0 vs p1 " + str(score_pair(hands[0], hands[1], rules)) in lines
    assert lines[lines.index("p2 scores " + f"{expected[2]} {expected[2]}") + 1] == "hand 2 p0"  # the button moves


def test_surrender_pays_two_to_each_instead_of_setting() -> None:
    state = classic(3, STRONG, MIDDLING, WEAK)
    place(state, 0, STRONG)
    assert refusal(state, 0, "surrender") == "ALREADY_SET"  # one decision a hand
    state.apply(2, ch.Surrender())
    assert refusal(state, 2, f"place {WEAK}") == "SURRENDERED" and state.legal_actions(2) == []
    assert state.pending() == [1]
    lines = place(state, 1, MIDDLING)
    assert not any(line.startswith("p2 shows") for line in lines)  # a surrendered hand is not shown
    assert "p0 vs p2 2" in lines and "p1 vs p2 2" in lines
    assert state.totals[2] == -4 and sum(state.totals) == 0


def test_a_fouled_set_is_accepted_and_pays_six_plus_the_royalties_it_faces() -> None:
    state = classic(3, STRONG, FOULED, WEAK, scoop_bonus=0)
    place(state, 0, STRONG)
    place(state, 1, FOULED)
    lines = place(state, 2, WEAK)
    assert "p1 fouls" in lines
    assert "p0 vs p1 28" in lines  # 6 for the foul + STRONG's royalties 6 + 8 + 8
    assert "p1 vs p2 -6" in lines  # WEAK has no royalty


def test_bad_sets_are_refused_with_a_reason() -> None:
    state = classic(3, STRONG, MIDDLING, WEAK)
    assert refusal(state, 0, f"place {MIDDLING}") == "NOT_HELD"
    assert refusal(state, 0, "place " + "Ah Ad Ac 7d / 7c As Ks Qs Js 9s / Kh Kd 2c") == "ROW_SIZE"
    assert refusal(state, 0, "place bottom Ah Ad Ac 7d 7c middle As Ks Qs Js top Kh Kd 2c discard 9s") == "DISCARD"
    assert refusal(state, 5, f"place {STRONG}") == "NO_SUCH_SEAT"
    place(state, 0, STRONG)
    assert refusal(state, 0, f"place {STRONG}") == "ALREADY_SET"
    for text in ("place As Ks", "place bottom Zz", "place bottom As bottom Ks", "set bottom As"):
        with pytest.raises(TextError):
            ch.parse_action(text)


def test_two_players_reserve_a_hand_unseen_even_by_its_owner_for_the_next_deal() -> None:
    state = classic(2, STRONG, MIDDLING)
    reserved = [e for e in state.start_events if isinstance(e, ch.Reserved)]
    assert [e.seat for e in reserved] == [0, 1] and all(len(e.cards) == 13 for e in reserved)
    for watcher in (0, 1, None):
        assert all(str(state.redact(e, watcher)) == f"p{e.seat} reserve" + " ??" * 13 for e in reserved)
        assert jsonable(state.view(watcher))["reserve"] == [["??"] * 13, ["??"] * 13]
    assert "reserve" in str(reserved[0]) and "??" not in str(reserved[0])  # the log keeps the cards
    place(state, 0, STRONG)
    lines = place(state, 1, MIDDLING)
    hand2 = lines[lines.index("hand 2 p0"):]
    assert hand2[1:] == [f"p{e.seat} cards {' '.join(map(str, e.cards))}" for e in reversed(reserved)]  # p1 first
    assert state.view(0).cards_in_play == 52 and state.stock == []  # no shuffle between the two deals


def test_three_players_set_the_fourth_hand_aside_unseen() -> None:
    state = classic(3, STRONG, MIDDLING, WEAK)
    aside = next(e for e in state.start_events if isinstance(e, ch.Aside))
    assert len(aside.cards) == 13 and not set(aside.cards) & set(parse_cards(cards_of(STRONG, MIDDLING, WEAK)))
    assert all(str(state.redact(aside, w)) == "aside" + " ??" * 13 for w in (0, 1, 2, None))


def test_a_timed_out_whole_hand_is_set_by_the_solver_and_never_fouls() -> None:
    state = classic(4, STRONG, MIDDLING, WEAK, FOULED.replace("8h", "8c").replace("Qc", "Qd"))
    action = state.default_action(3)
    assert isinstance(action, ch.Place) and not Arrangement.of(action.placement).fouled
    assert state.legal_actions(3) == [action, ch.Surrender()]


# -- open face -------------------------------------------------------------------------------------------------


def open_face(style: ch.Style, boards: Sequence[str], discards: Sequence[str] = (), *, players: int = 2,
              more: Sequence[str] = (), **options: object) -> ch.ChineseState:
    """A game whose first hand deals each board's cards in placing order (bottom, middle, top), and in
    pineapple one discard per 3-card street; ``more`` stacks the following deals."""
    opts = ch.ChineseOptions(style=style, players=players, **options)  # type: ignore[arg-type]
    sequences = [[str(c) for c in Placement.parse(b).cards] for b in boards]
    order = []
    for street, count in enumerate(opts.streets):
        for s, seq in enumerate(sequences):
            if count == 3:
                order += seq[5 + 2 * (street - 1): 5 + 2 * street] + [discards[s].split()[street - 1]]
            else:
                order += seq[5 + street - 1: 5 + street] if street else seq[:5]
    return ch.new_game(opts, StackedDeck([" ".join(order), *more]))


def play_boards(state: ch.ChineseState, boards: Sequence[str]) -> list[str]:
    """Place every dealt card on the row its board gives it, street after street, until the hand is over."""
    rows = [{str(c): name for name in ROWS for c in getattr(Placement.parse(b), name)} for b in boards]
    lines = []
    hand = state.hand
    while state.hand == hand and not state.is_over and state.to_play:
        seat = state.to_play[0]
        placed: dict[str, list[str]] = {name: [] for name in (*ROWS, "discard")}
        for card in state.held[seat]:
            placed[rows[seat].get(str(card), "discard")].append(str(card))
        lines += place(state, seat, " ".join(f"{n} {' '.join(c)}" for n, c in placed.items() if c))
    return lines


QQ_TOP = "Ts Td Tc 4s 4d / 9s 9d 8c 8d 2c / Qs Qd 3h"  # full house; two pairs; QQ on top: fantasyland
PLAIN = "Ah Kh Jh 7h 2h / Ac Kc 6d 6h 5c / Jc 7c 3d"  # flush; pair; J high


def test_open_face_plays_in_turn_from_the_buttons_left_and_placed_cards_are_public() -> None:
    state = open_face(ch.Style.OFC, [QQ_TOP, PLAIN])
    assert state.pending() == [0] and state.held[1] == []  # p1 is dealt only when his turn comes
    assert jsonable(state.view(1))["held"][0] == ["??"] * 5
    assert refusal(state, 1, "place bottom Ah") == "NOT_YOUR_TURN"
    assert refusal(state, 0, "place top Ts Td Tc 4s bottom 4d") == "ROW_FULL"
    assert refusal(state, 0, "place bottom Ts Td Tc 4s") == "NOT_HELD"
    lines = place(state, 0, "bottom Ts Td Tc 4s 4d")
    assert lines == ["p0 places bottom Ts Td Tc 4s 4d", "p1 cards Ah Kh Jh 7h 2h"]
    assert jsonable(state.view(1))["boards"][0]["bottom"] == ["Ts", "Td", "Tc", "4s", "4d"]
    assert jsonable(state.view(None))["boards"][0]["bottom"] == ["Ts", "Td", "Tc", "4s", "4d"]
    assert refusal(state, 0, "place bottom 9s") == "NOT_DEALT"
    place(state, 1, "bottom Ah Kh Jh 7h 2h")
    assert state.held[0] == parse_cards("9s") and state.street == 1  # one card at a time now
    assert refusal(state, 0, "place bottom 9s") == "ROW_FULL"
    assert [str(a) for a in state.legal_actions(0)] == ["place middle 9s", "place top 9s"]


def test_a_timed_out_card_goes_on_the_lowest_row_with_room_and_pineapple_discards_the_last() -> None:
    state = open_face(ch.Style.OFC, [QQ_TOP, PLAIN])
    assert str(state.default_action(0)) == "place bottom Ts Td Tc 4s 4d"
    state.apply(0, state.default_action(0))
    state.apply(1, state.default_action(1))
    assert str(state.default_action(0)) == "place middle 9s"
    pine = open_face(ch.Style.PINEAPPLE, [QQ_TOP, PLAIN], ["Ad 5s 6s 7s", "2s 3s Ks 6c"])
    pine.apply(0, pine.default_action(0))
    pine.apply(1, pine.default_action(1))
    assert str(pine.default_action(0)) == "place middle 9s 9d discard Ad"


def test_pineapple_discards_one_card_a_street_face_down_and_takes_three_players_at_most() -> None:
    state = open_face(ch.Style.PINEAPPLE, [QQ_TOP, PLAIN], ["Ad 5s 6s 7s", "2s 3s Ks 6c"])
    place(state, 0, "bottom Ts Td Tc 4s 4d")
    place(state, 1, "bottom Ah Kh Jh 7h 2h")
    assert sorted(map(str, state.held[0])) == ["9d", "9s", "Ad"]
    assert refusal(state, 0, "place middle 9s 9d Ad") == "DISCARD"
    events = state.apply(0, ch.parse_action("place middle 9s 9d discard Ad"))
    assert str(state.redact(events[0], 1)) == "p0 places middle 9s 9d discard ??"
    assert str(state.redact(events[0], 0)) == "p0 places middle 9s 9d discard Ad"
    assert jsonable(state.view(1))["discards"][0] == ["??"] and jsonable(state.view(0))["discards"][0] == ["Ad"]
    lines = play_boards(state, [QQ_TOP, PLAIN])
    assert "p0 fantasyland 14" in lines
    with pytest.raises(OptionError, match="players"):
        ch.ChineseOptions(style=ch.Style.PINEAPPLE, players=4)


def test_fantasyland_is_dealt_at_once_and_stays_hidden_until_the_others_are_done() -> None:
    second = "As Ah Ad Ac 2d 5d 6d 7d 9h Jd Qh Kd 3c"  # p0's fantasyland hand: quads at the bottom
    state = open_face(ch.Style.OFC, [QQ_TOP, PLAIN], more=[second])
    lines = play_boards(state, [QQ_TOP, PLAIN])
    assert "p0 fantasyland 13" in lines and not any(line.startswith("p1 fantasyland") for line in lines)
    assert lines[lines.index("hand 2 p0") + 1] == f"p0 cards {second}"  # all at once, before the streets
    assert state.fantasy == [13, 0] and state.pending() == [0, 1] and len(state.held[1]) == 5
    assert jsonable(state.view(1))["held"][0] == ["??"] * 13
    stay = "As Ah Ad Ac 2d / 5d 6d 7d Jd Kd / 9h Qh 3c"
    events = state.apply(0, ch.parse_action(f"place {stay}"))
    assert str(state.redact(events[0], 1)) == "p0 sets" and str(state.redact(events[0], None)) == "p0 sets"
    assert jsonable(state.view(1))["boards"][0]["bottom"] == ["??"] * 5
    assert state.pending() == [1]
    lines = []
    while state.hand == 2:  # p1 plays whatever comes as his timeouts would
        lines += [str(e) for e in state.apply(1, state.default_action(1))]
    assert f"p0 shows {Placement.parse(stay)}" in lines  # shown only now
    assert "p0 fantasyland 13" in lines  # quads at the bottom: he stays (a repeat is 13 in OFC)


@pytest.mark.parametrize("style, top, cards", [
    (ch.Style.OFC, "Qh Qd 2c", 13), (ch.Style.OFC, "2h 2d 2c", 13), (ch.Style.PINEAPPLE, "Ah Ad 2c", 14),
    (ch.Style.PROGRESSIVE, "Qh Qd 2c", 14), (ch.Style.PROGRESSIVE, "Kh Kd 2c", 15),
    (ch.Style.PROGRESSIVE, "Ah Ad 2c", 16), (ch.Style.PROGRESSIVE, "2h 2d 2c", 17),
    (ch.Style.PROGRESSIVE, "Jh Jd Ac", 0), (ch.Style.CLASSIC, "Ah Ad 2c", 0),
])  # fmt: skip
def test_fantasyland_entry_and_size_by_the_top_row(style: ch.Style, top: str, cards: int) -> None:
    from brelan.server.games.chinese_scoring import top_value

    opts = ch.ChineseOptions(style=style, players=2)
    assert (opts.fantasy_cards(top_value(parse_cards(top))) if opts.open_face else 0) == cards


@pytest.mark.parametrize("board, stays", [
    ("9s 9d 9c 4s 4d / 8s 8d 8c 2s 2d / 3h 3d 3c", True),  # trips on top
    ("Ks Kd Kc 5s 5d / Qs Qd Qc 6s 6d / Ah Jh 3c", True),  # full house in the middle
    ("7s 7d 7c 7h 2d / As Kd Qc 6s 6d / Jh Th 3c", True),  # quads at the bottom
    ("As Ks Qs Js 9s / Ah Ad Ac 7d 3h / Kh Kd 2c", False),  # KK on top enters, but does not keep one in
    ("9s 9d 9c 9h 2d / As Kd Qc 6s 6d / 3h 3d 3c", False),  # fouled: the middle is under the top
])  # fmt: skip
def test_staying_in_fantasyland(board: str, stays: bool) -> None:
    first = "Ts Td Tc 4s 4d / 9h 9d 8c 8d 2c / Qs Qd 3h"
    state = open_face(ch.Style.PROGRESSIVE, [first, PLAIN], ["Ad 5s 6s 7s", "2s 3s Ks 6c"], more=[cards_of(board)])
    play_boards(state, [first, PLAIN])
    assert state.fantasy == [14, 0]
    state.apply(0, ch.parse_action(f"place {board} / {state.held[0][-1]}"))  # the 14th card discarded
    while state.hand == 2:  # p1 plays whatever comes as his timeouts would
        seat = state.to_play[0]
        state.apply(seat, state.default_action(seat))
    assert state.fantasy[0] == (14 if stays else 0)


# -- random games -----------------------------------------------------------------------------------------------


def random_whole_hand(cards: Sequence, rng: random.Random) -> ch.Place:
    mixed = list(cards)
    rng.shuffle(mixed)
    return ch.Place(Placement(tuple(mixed[:5]), tuple(mixed[5:10]), tuple(mixed[10:13]), tuple(mixed[13:])))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), style=st.sampled_from(list(ch.Style)), players=st.integers(2, 4))
def test_random_games_conserve_cards_and_units_end_and_leak_nothing(seed: int, style: ch.Style, players: int) -> None:
    if style in (ch.Style.PINEAPPLE, ch.Style.PROGRESSIVE):
        players = min(players, 3)
    rng = random.Random(seed)
    state = ch.new_game(ch.ChineseOptions(style=style, players=players, rounds=1), random.Random(f"chinese/{seed}"))
    for _ in range(2000):
        if state.is_over:
            break
        seat = rng.choice(state.pending())
        roll = rng.random()
        if state._sets_whole_hand(seat) and roll < 0.3:
            action: ch.Action = random_whole_hand(state.held[seat], rng)  # often fouled
        elif style == ch.Style.CLASSIC and roll < 0.4:
            action = ch.Surrender()
        else:
            action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        places = state.stock + state.muck + state.aside + [
            c for s in range(players) for c in state.held[s] + state.discards[s] + state.reserve[s]
            + [c for row in state.rows[s].values() for c in row]]  # fmt: skip
        assert sorted(places) == list(DECK)  # every card in exactly one place
        assert sum(state.totals) == 0 and sum(state.last) == 0
        for watcher in [*range(players), None]:
            view = jsonable(state.view(watcher))
            for s in range(players):
                assert all(c == "??" for c in view["reserve"][s])
                if s == watcher:
                    continue
                assert all(c == "??" for c in view["held"][s] + view["discards"][s])
                if state._sets_whole_hand(s):
                    assert all(c == "??" for row in view["boards"][s].values() for c in row)
            for event in events:
                text = str(state.redact(event, watcher))
                words = text.split()
                if words[1:2] in (["cards"], ["reserve"], ["sets"]) and words[0] != f"p{watcher}" or words[:1] == ["aside"]:
                    assert set(words[2 if words[0] != "aside" else 1:]) <= {"??"}, text
                if words[1:2] == ["reserve"]:
                    assert set(words[2:]) == {"??"}
    assert state.is_over and state.hand == players
    result = jsonable(state.result)
    assert result is not None and max(result["totals"]) == result["totals"][result["champions"][0]]


def test_every_style_plays_to_the_end_with_bots() -> None:
    from brelan.server.games.selfplay import play

    for style in ch.Style:
        played = play(VARIANTS["chinese"], ch.ChineseOptions(style=style, players=3, rounds=1), seed=f"bots-{style.value}")
        assert played.state.is_over and played.conserved
        moves = Counter(str(a).split()[0] for _, a in played.actions)
        assert moves["place"] >= 3 * (1 if style == ch.Style.CLASSIC else len(played.state.options.streets))
