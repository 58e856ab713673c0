"""AlphaPoker's engine: the deal, exchanges, the betting as ruled, words judged at the reveal, the pot, the end.

Hands are stacked; words are judged by the small fixture lexicon (tests/data/mini.delaf).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.api.v1 import lexicon_pb2
from brelan.lexicon.cards import Card, deck
from brelan.lexicon.lexicon import Lexicon
from brelan.server.games import alphapoker as ap
from brelan.server.games.base import GameError, OptionError, jsonable
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play
from brelan.server.typed.registry import FAMILIES

# Cuts that make p0 the first dealer, so p1 is dealt first and opens.
CUTS = ["Ar", "Br", "Cr", "Dr"]


def stacked(hands: list[str], then: str = "", *, cuts: str = "") -> ap.StackedLetters:
    """p0 deals (its cut is an A); hands dealt one card at a time from p1; ``then`` is the stock's top."""
    players = len(hands)
    split = [h.split() for h in hands]
    order = [split[s % players][i] for i in range(len(split[0])) for s in range(1, players + 1)]
    return ap.StackedLetters([cuts or " ".join(CUTS[:players]), " ".join(order + then.split())], seed=1)


def game(mini: Lexicon, hands: list[str], then: str = "", **options: object) -> ap.AlphaState:
    opts = ap.AlphaOptions(players=len(hands), hand=len(hands[0].split()), lexicon="mini", **options)  # type: ignore[arg-type]
    return ap.new_game(opts, stacked(hands, then), lexicon=mini)


def act(state: ap.AlphaState, seat: int, text: str) -> list[str]:
    return [str(e) for e in state.apply(seat, ap.parse_action(text))]


def refusal(state: ap.AlphaState, seat: int, text: str) -> str:
    with pytest.raises(GameError) as e:
        state.apply(seat, ap.parse_action(text))
    return e.value.reason


def keep_all(state: ap.AlphaState) -> None:
    """Everyone keeps his hand through every exchange round."""
    while state.phase == "exchange":
        act(state, state.to_act[0], "exchange")


def to_reveal(state: ap.AlphaState) -> None:
    """The betting after the exchanges: p1 opens 1, everyone calls, p1 stops."""
    act(state, 1, "bet 1")
    for s in state.contenders()[1:]:
        act(state, s, "call")
    act(state, 1, "stop")


# Two hands of five: p0 holds CHIEN in red, p1 holds TIRE (only a conjugated form) and a joker.
CHIEN_TIRE = ["Cr Hr Ir Er Nr", "Tb Ib Rr Eb ?b"]


def test_the_first_dealer_is_the_cut_nearest_a_and_a_tie_cuts_again(mini: Lexicon) -> None:
    opts = ap.AlphaOptions(players=3, lexicon="mini")
    rng = ap.StackedLetters(["Er Cb Cr", "?r Zb Mb", "Kb Kr Jb"], seed=2)
    state = ap.new_game(opts, rng, lexicon=mini)
    lines = [str(e) for e in state.start_events]
    assert lines[:10] == ["lexicon mini " + mini.version + " rulebook", "p0 cuts Er", "p1 cuts Cb", "p2 cuts Cr",
                          "p0 cuts ?r", "p1 cuts Zb", "p2 cuts Mb", "hand 1 p2", lines[8], lines[9]]  # fmt: skip
    assert lines[8].startswith("p0 cards") and lines[9].startswith("p1 cards")  # dealt from the dealer's left


def test_deal_ante_and_exchange_rounds_follow_the_hand_size(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE, "Ab Bb Zr")
    assert (state.options.exchange_rounds, state.options.most_exchanged) == (1, 3)
    assert state.stacks == [205, 205] and state.pot == 10 and state.pending() == [1]
    assert refusal(state, 0, "exchange") == "NOT_YOUR_TURN"
    assert refusal(state, 1, "exchange Tb Ib Rr Eb") == "TOO_MANY"
    assert refusal(state, 1, "exchange Zr") == "NOT_HELD"
    assert refusal(state, 1, "bet 2") == "WRONG_PHASE"
    assert act(state, 1, "exchange Tb Rr") == ["p1 exchanges Tb Rr", "p1 receives Ab Bb"]
    assert Counter(state.hands[1]) == Counter(map(Card.parse, "Ib Eb ?b Ab Bb".split()))
    # What p0 sees of it: how many, not which.
    assert [str(state.redact(e, 0)) for e in state.apply(0, ap.parse_action("exchange Nr"))] == ["p0 exchanges Nr", "p0 receives Zr", "phase bet 1"]
    assert str(state.redact(ap.Received(1, (Card.parse("Ab"),)), 0)) == "p1 receives ??"
    assert state.phase == "bet" and state.opener == 1


def test_an_empty_stock_is_refilled_from_the_discards(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE)
    state.discards, state.stock = state.stock[2:], state.stock[:2]  # as if the stock had run low
    before = Counter(state.cards_in_play())
    events = act(state, 1, "exchange Tb Ib Rr")
    assert events[0] == "p1 exchanges Tb Ib Rr" and events[1].startswith("reshuffle ")
    assert Counter(state.cards_in_play()) == before and len(state.hands[1]) == 5


def test_the_betting_as_ruled_open_call_stop(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE)
    keep_all(state)
    assert [str(a) for a in state.legal_actions(1)][:3] == ["bet 1", "bet 2", "bet 3"]
    assert refusal(state, 1, "call") == "NOTHING_TO_CALL"
    assert refusal(state, 1, "bet 16") == "BAD_AMOUNT"
    assert act(state, 1, "bet 4") == ["p1 bets 4"]
    assert [str(a) for a in state.legal_actions(0)] == ["call", "fold"]
    assert refusal(state, 0, "raise 6") == "NOT_NOW"
    assert act(state, 0, "call") == ["p0 calls 4"]
    legal = [str(a) for a in state.legal_actions(1)]
    assert legal[0] == "stop" and "raise 14" in legal and "raise 15" not in legal and "voir 15" in legal
    assert act(state, 1, "stop") == ["p1 stops", "phase reveal 1"]
    assert state.to_act == [1, 0]


def test_a_plain_raise_comes_back_to_the_opener_and_voir_goes_to_the_reveal(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Tb Ib Rr Eb ?b", "Ab Bb Cb Db Eb"])
    keep_all(state)
    act(state, 1, "bet 2")
    act(state, 2, "call")
    act(state, 0, "call")
    assert act(state, 1, "raise 5") == ["p1 raises 5"]
    assert act(state, 2, "fold") == ["p2 folds"]
    assert act(state, 0, "call") == ["p0 calls 3"]
    assert state.to_act == [1] and state.stage == "decide"
    assert act(state, 1, "voir 9") == ["p1 raises-voir 9"]
    assert act(state, 0, "call") == ["p0 calls 4", "phase reveal 1"]
    assert state.bets == [9, 9, 2] and state.pot == 15 + 20


def test_a_bet_to_the_cap_is_voir_by_itself(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE)
    keep_all(state)
    assert act(state, 1, "bet 15") == ["p1 bets 15"]
    assert act(state, 0, "call") == ["p0 calls 15", "phase reveal 1"]


def test_everyone_else_folding_gives_the_pot_without_a_reveal(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE)
    keep_all(state)
    act(state, 1, "bet 3")
    events = act(state, 0, "fold")
    # no word was judged for the pot: the win says so (the page says "the others folded", not a reveal)
    assert events[:2] == ["p0 folds", "p1 wins 13 main uncontested"] and events[2] == "hand 2 p1"
    assert state.stacks == [205 - 5, 205 - 3 + 13 - 5]  # and both paid the next ante


def test_a_folding_opener_passes_the_opening_on(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Tb Ib Rr Eb ?b", "Ab Bb Cb Db Eb"])
    keep_all(state)
    assert act(state, 1, "fold") == ["p1 folds"]
    assert state.opener == 2 and state.to_act == [2] and state.stage == "open"


def test_a_player_who_cannot_call_is_out_at_once(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Tb Ib Rr Eb ?b", "Ab Bb Cb Db Eb"])
    state.stacks[2] = 2  # (set up: p2 is short of what p1 will bet)
    state.total = sum(state.stacks) + state.pot
    keep_all(state)
    assert act(state, 1, "bet 3") == ["p1 bets 3", "p2 folds", "p2 out"]
    assert state.out[2] and state.to_act == [0] and state.pot == 15 + 3


def test_an_opener_with_nothing_left_skips_the_betting(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE)
    state.stacks[1] = 0  # (set up: the opener has nothing left after the ante)
    state.total = sum(state.stacks) + state.pot
    act(state, 1, "exchange")
    assert act(state, 0, "exchange") == ["p0 exchanges", "phase bet 1", "phase reveal 1"]


def reveal(mini: Lexicon, hands: list[str], lays: list[str], then: str = "", **options: object) -> list[str]:
    """Keep, open 1, call around, stop; then each lays its word. Returns the reveal's events."""
    state = game(mini, hands, then, **options)
    keep_all(state)
    to_reveal(state)
    events: list[str] = []
    for s, word in zip([*range(1, len(hands)), 0], lays):
        events += act(state, s, word)
    return events


def test_words_are_judged_at_the_reveal_with_colour_doubling_and_jokers(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Qb Tb Ib Nb ?b"])
    keep_all(state)
    to_reveal(state)
    assert refusal(state, 1, "lay Qb ?b=U Ib Nb Tb Eb") == "NOT_HELD"
    assert refusal(state, 1, "lay Qb Qb") == "NOT_HELD"
    # QUINT is not a word; the joker's letter is the laid one.
    assert act(state, 1, "lay Qb ?b=U Ib Nb Tb") == ["p1 lays Qb ?b=U Ib Nb Tb", "p1 refused QUINT not-in-lexicon not in the lexicon"]
    # CHIEN, every card red: (8 length + 2+3+1+1+1) x 2.
    events = act(state, 0, "lay Cr Hr Ir Er Nr")
    assert events[:2] == ["p0 lays Cr Hr Ir Er Nr", "p0 scores CHIEN 32 noun (masculine singular)"]
    assert events[2] == "p0 wins 12 main"


def test_a_joker_scores_its_letter_and_its_own_colour(mini: Lexicon) -> None:
    events = reveal(mini, ["Qr Ur Ir Nr Tr ?r", "Ab Bb Cb Db Eb Fb"], ["lay Ab", "lay Qr Ur Ir Nr Tr ?r=E"])
    # QUINTE all red: (12 + 8+1+1+1+1+1) x 2; the black joker would have broken the colour.
    assert "p0 scores QUINTE 50 noun (feminine singular)" in events
    events = reveal(mini, ["Qr Ur Ir Nr Tr ?b", "Ab Bb Cb Db Eb Fb"], ["lay Ab", "lay Qr Ur Ir Nr Tr ?b=E"])
    assert "p0 scores QUINTE 25 noun (feminine singular)" in events
    assert "p1 refused A not-in-lexicon not in the lexicon" in events


def test_a_conjugated_form_under_both_house_rules(mini: Lexicon) -> None:
    hands = ["Tr Ir Rr Er Ab", "Cb Hb Ib Eb Nb"]
    events = reveal(mini, hands, ["lay Cb Hb Ib Eb Nb", "lay Tr Ir Rr Er"])
    assert any(e.startswith("p0 refused TIRE conjugated-form conjugated form of tirer") for e in events)
    assert "p1 wins 12 main" in events
    events = reveal(mini, hands, ["lay Cb Hb Ib Eb Nb", "lay Tr Ir Rr Er"], conjugated=True)
    assert any(e.startswith("p0 scores TIRE 18 conjugated form of tirer") for e in events)  # (5 + 4) x 2
    assert "p1 wins 12 main" in events  # CHIEN in black: 32


def test_a_tie_splits_the_pot_and_the_remainder_stays_for_the_next_deal(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Cb Hb Ib Eb Nb", "Ab Bb Cb Db Eb"])
    keep_all(state)
    act(state, 1, "bet 2")
    act(state, 2, "fold")
    act(state, 0, "call")
    act(state, 1, "stop")
    act(state, 1, "lay Cb Hb Ib Nb Eb")  # CHINE, all black: 32
    events = act(state, 0, "lay Cr Hr Ir Er Nr")  # CHIEN, all red: 32
    assert events[2:5] == ["p1 wins 9 main", "p0 wins 9 main", "remains 1"]  # 15 antes + 2 + 2 = 19
    assert events[5] == "hand 2 p1" and state.carried == 1 and state.pot == 1 + 15


def test_nobody_laying_a_word_splits_too(mini: Lexicon) -> None:
    events = reveal(mini, CHIEN_TIRE, ["lay", "lay Cr Hr"])
    assert events[:4] == ["p1 lays", "p1 refused - no-word no word", "p0 lays Cr Hr",
                          "p0 refused CH not-in-lexicon not in the lexicon"]  # fmt: skip
    assert events[4:6] == ["p1 wins 6 main", "p0 wins 6 main"]


def test_timeouts_exchange_nothing_at_the_exchange_fold_at_the_bet_and_lay_nothing_at_the_reveal(mini: Lexicon) -> None:
    """RULINGS, turn 4: an exchange's clock exchanges nothing and the seat stays in the deal (a slow newcomer lost
    ante after ante by folding); only a bet decision's clock folds."""
    state = game(mini, CHIEN_TIRE)
    assert str(state.default_action(1)) == "exchange" and state.time_limit(1) == 60
    hand = sorted(state.hands[1])
    state.apply(1, state.default_action(1))
    assert sorted(state.hands[1]) == hand and 1 not in state.folded
    keep_all(state)
    assert str(state.default_action(1)) == "fold" and state.time_limit(1) == 20
    to_reveal(state)
    assert str(state.default_action(1)) == "lay" and state.time_limit(1) == 60
    assert [str(a) for a in state.legal_actions(1)][-1] == "lay"


def test_the_reveal_lists_the_best_words_of_the_hand(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr", "Zb Ob Ob Sb Ab"])
    keep_all(state)
    to_reveal(state)
    assert [str(a) for a in state.legal_actions(1)] == ["lay Zb Ob Ob Sb", "lay Zb Ob Ob", "lay"]


def test_alternate_rounds_bet_after_each_exchange_and_voir_only_at_the_last(mini: Lexicon) -> None:
    state = game(mini, ["Cr Hr Ir Er Nr Ab", "Tb Ib Rr Eb ?b Bb"], alternate=True)
    assert state.options.exchange_rounds == 2
    act(state, 1, "exchange")
    act(state, 0, "exchange")
    assert state.phase == "bet" and not state.final_betting
    act(state, 1, "bet 2")
    act(state, 0, "call")
    assert refusal(state, 1, "voir 4") == "NO_VOIR_YET"
    assert "voir 15" not in [str(a) for a in state.legal_actions(1)]
    assert act(state, 1, "stop") == ["p1 stops", "phase exchange 2"]
    act(state, 1, "exchange")
    act(state, 0, "exchange")
    assert state.phase == "bet" and state.final_betting
    assert refusal(state, 1, "bet 2") == "BAD_AMOUNT"  # the totals carry over: more than 2
    act(state, 1, "bet 3")
    act(state, 0, "call")
    assert act(state, 1, "voir 6") == ["p1 raises-voir 6"]


def test_ten_rounds_then_the_richest_wins_and_a_tie_plays_on(mini: Lexicon) -> None:
    state = game(mini, CHIEN_TIRE, rounds=1)
    keep_all(state)
    to_reveal(state)
    act(state, 1, "lay")
    events = act(state, 0, "lay")
    assert events[4:] == ["tie-break p0 p1", "hand 2 p1", *events[6:]]
    assert state.tie_breaks == 1 and state.playing == (0, 1) and state.stacks == [205, 205]
    keep_all(state)
    act(state, 0, "bet 1")  # p1 deals the tie-break: p0 opens
    events = act(state, 1, "fold")
    assert events == ["p1 folds", "p0 wins 11 main uncontested", "champions p0"] and jsonable(state.result)["champions"] == [0]


def test_options_are_checked(mini: Lexicon) -> None:
    with pytest.raises(OptionError, match="players"):
        ap.AlphaOptions(players=9)
    with pytest.raises(OptionError, match="hand"):
        ap.AlphaOptions(hand=4)
    with pytest.raises(OptionError, match="lexicon"):
        ap.AlphaOptions(lexicon="No Such")
    with pytest.raises(OptionError, match="min_length"):
        ap.AlphaOptions(min_length=0)
    assert ap.AlphaOptions(players=4).starting_capital == 110 and ap.AlphaOptions(players=6).decks == 2
    assert str(ap.AlphaOptions(conjugated=True, min_length=2).policy) == "conjugated,min=2"


def test_the_text_of_every_action_round_trips() -> None:
    for text in ["exchange Er ?b", "exchange", "bet 3", "raise 7", "voir 15", "stop", "call", "fold",
                 "lay Qr Ur ?r=I", "lay"]:  # fmt: skip
        assert str(ap.parse_action(text)) == text


# -- whole games ------------------------------------------------------------------------------------------


def check_invariants(state: ap.AlphaState) -> None:
    """PM and cards are conserved; no view shows a card of another seat's hand that was not laid."""
    assert sum(state.stacks) + state.pot == state.total and min(state.stacks) >= 0
    if not state.is_over:
        assert Counter(state.cards_in_play()) == Counter(deck(state.options.decks))
    for viewer in [None, *range(state.players)]:
        view = jsonable(state.view(viewer))
        for s, cards in enumerate(view["hands"]):
            if s != viewer:
                assert set(cards) <= {"??"}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), alternate=st.booleans())
def test_random_games_conserve_pm_and_cards_hide_hands_and_end(mini: Lexicon, seed: int, players: int, alternate: bool) -> None:
    variant = playable("alphapoker", {"mini": mini}.__getitem__)
    options = ap.AlphaOptions(players=players, lexicon="mini", alternate=alternate, rounds=4, hand=5 + seed % 5)
    rng = random.Random(seed)
    state = variant.new_game(options, random.Random(str(seed)))
    check_invariants(state)
    while not state.is_over:
        seat = state.pending()[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        for event in state.apply(seat, action):
            for viewer in [None, *range(players)]:
                text = str(state.redact(event, viewer))
                if isinstance(event, (ap.Dealt, ap.Discarded, ap.Received)) and event.seat != viewer:
                    assert set(text.split()[2:]) <= {"??"}
        check_invariants(state)
    assert state.result is not None and state.champions


def test_bot_games_end_with_pm_conserved(mini: Lexicon) -> None:
    variant = playable("alphapoker", {"mini": mini}.__getitem__)
    for seed in range(3):
        played = play(variant, ap.AlphaOptions(players=3, lexicon="mini"), seed)
        assert played.conserved and played.state.is_over


def test_the_typed_view_carries_the_house_rules_typed(mini: Lexicon) -> None:
    """Issue 37: a view's house rules were text alone ("conjugated,min=4")."""
    state = game(mini, CHIEN_TIRE, conjugated=True, min_length=4)
    typed = FAMILIES["alphapoker"].view(state.view(0))
    assert typed.policy == "conjugated,min=4"
    assert typed.house_rules == lexicon_pb2.Policy(conjugated=True, min_length=4)
    assert FAMILIES["alphapoker"].view(game(mini, CHIEN_TIRE).view(0)).house_rules == lexicon_pb2.Policy()
