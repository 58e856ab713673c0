"""AlphaPoker bataille's engine: laying in turn, claims and their race, penalties, the last call, replays, points.

Piles are stacked (p0's red pile, then p1's black one, top card first); words
are judged by the small fixture lexicon (tests/data/mini.delaf).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.lexicon.lexicon import Lexicon
from brelan.server.games import bataille as ba
from brelan.server.games.base import GameError, OptionError, jsonable
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play
from brelan.server.games.word_games import StackedLetters, TableWord


def game(mini: Lexicon, red: str, black: str, **options: object) -> ba.BatailleState:
    opts = ba.BatailleOptions(lexicon="mini", **options)  # type: ignore[arg-type]
    return ba.new_game(opts, StackedLetters([red, black], seed=1), lexicon=mini)


def act(state: ba.BatailleState, seat: int | None, text: str) -> list[str]:
    return [str(e) for e in state.apply(seat, ba.parse_action(text))]


def refusal(state: ba.BatailleState, seat: int, text: str) -> GameError:
    with pytest.raises(GameError) as e:
        state.apply(seat, ba.parse_action(text))
    return e.value


def lay(state: ba.BatailleState, cards: int) -> None:
    for _ in range(cards):
        act(state, state.turn, "lay")


# p0 lays C I N, p1 lays H E: after five cards the table spells CHIEN's letters.
CHIEN = ("Cr Ir Nr Zr Or", "Hb Eb Tb Ob Rb")


def test_players_lay_in_turn_and_claims_open_at_five_cards(mini: Lexicon) -> None:
    state = game(mini, *CHIEN)
    assert [str(e) for e in state.start_events] == [f"lexicon mini {mini.version} rulebook", "p0 pile 65", "p1 pile 65"]
    assert state.pending() == [0] and refusal(state, 1, "lay").reason == "NOT_YOUR_TURN"
    assert act(state, 0, "lay") == ["p0 lays Cr"] and state.pending() == [1]
    lay(state, 3)
    assert [str(c) for c in state.table] == ["Cr", "Hb", "Ir", "Eb"] and state.claimants() == []
    assert refusal(state, 1, "claim 0 CHIEN").reason == "TOO_FEW"
    lay(state, 1)
    assert state.claimants() == [0, 1]
    assert [str(a) for a in state.legal_actions(1)][:2] == ["lay", "claim 0 CHIEN"]
    assert act(state, 1, "claim 0 chien") == [
        "p1 claims CHIEN", "p1 admitted CHIEN noun (masculine singular)", "p1 takes Cr Hb Ir Eb Nr"]  # fmt: skip
    assert state.table == [] and len(state.won[1]) == 5 and state.claims == 1
    assert state.pending() == [1]  # a claim does not change whose card it is


def test_the_first_claim_wins_the_race_and_the_late_one_costs_nothing(mini: Lexicon) -> None:
    state = game(mini, *CHIEN)
    lay(state, 5)
    act(state, 0, "claim 0 NICHE")
    piles = [len(p) for p in state.piles]
    late = refusal(state, 1, "claim 0 CHIEN")
    assert late.reason == "LOST_RACE" and "p0 claimed first" in str(late)
    assert [len(p) for p in state.piles] == piles and state.won[1] == []
    assert refusal(state, 1, "claim 2 CHIEN").reason == "BAD_CLAIM"


def test_a_word_not_admitted_goes_to_the_opponent_with_the_claimers_top_card(mini: Lexicon) -> None:
    state = game(mini, "Tr Rr Zr Ar", "Ib Eb Qb Ub")  # T I R E Z: TIRE is only a conjugated form
    lay(state, 5)
    events = act(state, 0, "claim 0 TIRE")
    assert events[:2] == ["p0 claims TIRE", events[1]] and events[1].startswith("p0 refused TIRE conjugated-form conjugated form")
    assert events[2:] == ["p1 takes Tr Ib Rr Eb", "p0 gives Ar"]
    assert [str(c) for c in state.table] == ["Zr"] and [str(c) for c in state.won[1]] == ["Tr", "Ib", "Rr", "Eb", "Ar"]
    state = game(mini, "Tr Rr Zr Ar", "Ib Eb Qb Ub", conjugated=True)
    lay(state, 5)
    assert act(state, 1, "claim 0 TIRE")[2] == "p1 takes Tr Ib Rr Eb"


def test_a_word_the_table_cannot_make_gives_the_opponent_the_cards_it_would_use(mini: Lexicon) -> None:
    state = game(mini, *CHIEN)
    lay(state, 5)
    assert act(state, 1, "claim 0 CHIENNE") == [
        "p1 claims CHIENNE", "p1 refused CHIENNE not-on-table not on the table: N E", "p0 takes Cr Hb Ir Eb Nr", "p1 gives Tb"]  # fmt: skip


def test_a_claim_with_no_word_costs_the_top_card(mini: Lexicon) -> None:
    state = game(mini, *CHIEN)
    lay(state, 5)
    assert act(state, 0, "claim 0 -") == ["p0 claims -", "p0 refused - no-word no word", "p0 gives Zr"]
    assert len(state.table) == 5 and [str(c) for c in state.won[1]] == ["Zr"]
    assert refusal(state, 0, "claim 1 ZO").reason == "TOO_SHORT"


def test_with_courtesy_only_the_opponent_of_the_last_layer_claims(mini: Lexicon) -> None:
    state = game(mini, *CHIEN, courtesy=True)
    lay(state, 5)  # p0 laid last
    assert state.claimants() == [1] and refusal(state, 0, "claim 0 CHIEN").reason == "COURTESY"
    assert act(state, 1, "claim 0 CHIEN")[2] == "p1 takes Cr Hb Ir Eb Nr"


def test_a_joker_stands_for_a_missing_letter_or_where_the_word_says(mini: Lexicon) -> None:
    state = game(mini, "Cr ?r Nr Ir", "Hb Eb Ib")  # C H ? E N I
    lay(state, 6)
    assert act(state, 1, "claim 0 CH?IEN")[2] == "p1 takes Cr Hb ?r Eb Nr"
    state = game(mini, "Cr ?r Nr", "Hb Eb Zb")  # no I: the joker gives it
    lay(state, 5)
    assert act(state, 0, "claim 0 CHIEN")[2] == "p0 takes Cr Hb ?r Eb Nr"
    assert ba.card_points(state.won[0]) == 2 + 3 + 10 + 1 + 1


def test_empty_piles_bring_the_last_call_then_points(mini: Lexicon) -> None:
    state = game(mini, *CHIEN)
    lay(state, 5)
    act(state, 1, "claim 0 CHIEN")
    lay(state, 125)
    assert state.phase == "last" and state.pending() == [0, 1] and ba.Pass() in state.legal_actions(0)
    assert refusal(state, 0, "lay").reason == "WRONG_PHASE"
    act(state, 0, "pass")
    assert refusal(state, 0, "pass").reason == "PASSED"
    events = act(state, 1, "pass")
    assert events == ["p1 passes", "p0 points 0", "p1 points 8", "champions p1"] and state.is_over
    assert jsonable(state.result) == {"champions": [1], "points": [0, 8]}


def test_a_game_clock_replays_won_cards_in_order_until_time_is_up(mini: Lexicon) -> None:
    state = game(mini, *CHIEN, minutes=5)
    lay(state, 5)
    act(state, 1, "claim 0 CHIEN")
    lay(state, 124)  # p0's pile is empty; p1 has one card left, then his won cards come back
    assert state.piles[0] == [] and len(state.piles[1]) == 1
    events = act(state, 1, "lay")
    assert events[1:] == ["p1 replays 5"] and [str(c) for c in state.piles[1][::-1]] == ["Cr", "Hb", "Ir", "Eb", "Nr"]
    assert act(state, 1, "lay") == ["p1 lays Cr"]
    assert state.legal_actions(None) == [ba.TimeUp()] and refusal(state, 0, "time-up").reason == "NOT_YOURS"
    events = act(state, None, "time-up")
    assert events[0] == "time-up" and events[-1] == "champions p1" and jsonable(state.result)["points"][1] == 6


def test_timeouts_lay_or_pass_and_options_are_checked(mini: Lexicon) -> None:
    state = game(mini, *CHIEN, card_seconds=3)
    assert state.time_limit(0) == 3 and state.default_action(0) == ba.Lay()
    for bad in ({"card_seconds": 2}, {"card_seconds": 11}, {"minutes": -1}, {"reaction": -1}, {"lexicon": "No Such"}):
        with pytest.raises(OptionError):
            ba.BatailleOptions(**bad)  # type: ignore[arg-type]


def test_actions_and_words_round_trip_as_text() -> None:
    for text in ("lay", "pass", "time-up", "claim 3 CHIEN", "claim 0 CH?IEN", "claim 12 -"):
        assert str(ba.parse_action(text)) == text
    assert str(TableWord.parse("chïen")) == "CHIEN"
    for bad in ("claim 1 CH1EN", "claim x CHIEN", "claim 1 CHIEN?"):
        with pytest.raises(ValueError):
            ba.parse_action(bad)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), courtesy=st.booleans())
def test_random_games_conserve_the_130_cards_and_end(mini: Lexicon, seed: int, courtesy: bool) -> None:
    """Random legal moves from whoever may move: every card is somewhere, once, and the game ends."""
    state = ba.new_game(ba.BatailleOptions(lexicon="mini", courtesy=courtesy), random.Random(seed), lexicon=mini)
    rng = random.Random(seed)
    everything = sorted(state.cards_in_play())
    for _ in range(2000):
        if state.is_over:
            break
        seat = rng.choice(sorted({*state.pending(), *state.claimants()}))
        legal = state.legal_actions(seat)
        if legal:
            state.apply(seat, rng.choice(legal))
        assert sorted(state.cards_in_play()) == everything
        assert ba.conserved(state.view(None))
    assert state.is_over


def test_bot_games_end_and_conserve_on_the_full_lexicon(store: object) -> None:
    variant = playable("alphapoker-bataille", store.get)  # type: ignore[attr-defined]
    played = play(variant, variant.make_options({"courtesy": "true"}), "bots")
    assert played.state.is_over and played.conserved
    assert sum(1 for e in played.events if isinstance(e, ba.Claimed)) > 10
