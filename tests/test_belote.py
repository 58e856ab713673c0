"""AlphaPoker belote and secret belote: alternation and its exemptions, proposals and their three outcomes,
last words, 121 points a deal plus 30, the target, the secret stack.

Hands are stacked (the seed makes p3 the first dealer, so p0 lays first); words
are judged by the small fixture lexicon (tests/data/mini.delaf), and by the full
one where the legal list's suggested words are checked against what a seat sees.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter
from typing import Any, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brelan.api.v1 import belote_pb2 as bpb
from brelan.clients.client import BrelanClient, typed
from brelan.lexicon.cards import Card, deck
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.server.games.alphapoker import Dealt
from brelan.server.games import belote as bl
from brelan.server.games import belote_bot as bb
from brelan.server.games.base import Back, GameError, Hand, OptionError, jsonable
from brelan.server.games.word_games import BestOnTable, Played, StackedLetters, TableWord, Takes
from brelan.server.typed.registry import FAMILIES
from conftest import seat_against_bots

SEED = 0  # random.Random(0).randrange(4) == 3: p3 deals first
# p3 holds nothing but vowels: it is exempt whenever a consonant is due.
VOWELS_ONLY = "Ar Ar Ar Er Er Er Er Er Er Ir Ir Ir Or Or Ur Ur"


def game(mini: Lexicon, hands: list[str], *, secret: bool = False, **options: object) -> bl.BeloteState:
    """Each hand starts with the cards given; the rest of the 64 are dealt in a fixed order to fill them."""
    given = [h.split() for h in hands]
    rest = Counter(str(c) for c in deck() if c.colour == "r" and not c.is_joker) - Counter(c for h in given for c in h)
    spare = sorted(rest.elements())
    full = [h + [spare.pop() for _ in range(bl.HAND - len(h))] for h in given]
    dealt = [full[s][i] for i in range(bl.HAND) for s in range(4)]  # p3 deals: p0 is dealt first
    opts = bl.BeloteOptions(lexicon="mini", **options)  # type: ignore[arg-type]
    state = bl.new_game(opts, StackedLetters([" ".join(dealt)], seed=SEED), lexicon=mini, secret=secret)
    assert state.button == 3 and [sorted(map(str, h)) for h in state.hands] == [sorted(h) for h in full]
    return state


def act(state: bl.BeloteState, seat: int, text: str) -> list[str]:
    return [str(e) for e in state.apply(seat, bl.parse_action(text))]


def refusal(state: bl.BeloteState, seat: int, text: str) -> str:
    with pytest.raises(GameError) as e:
        state.apply(seat, bl.parse_action(text))
    return e.value.reason


def by_default(state: bl.BeloteState, until: object = None) -> None:
    """Everyone makes his default move (the first card that fits, no word) until the deal ends."""
    deal = state.deal
    while state.deal == deal and not state.is_over:
        seat = state.pending()[0]
        state.apply(seat, state.default_action(seat))


# C I H E N laid in turn by p0..p3 then p0: CHIEN's letters, alternating.
CHIEN = ["Cr Nr Tr", "Ir Zr Yr", "Hr Sr Pr", "Er Ar Or"]


def test_vowels_and_consonants_alternate_y_goes_with_both_and_a_player_without_the_kind_is_exempt(mini: Lexicon) -> None:
    state = game(mini, ["Ar Cr", "Er Yr", "Er Tr", VOWELS_ONLY])
    assert state.pending() == [0] and state.required is None
    act(state, 0, "lay Ar")
    assert state.required == "consonant" and refusal(state, 1, "lay Er") == "ALTERNATION"
    assert "lay Yr" in [str(a) for a in state.legal_actions(1)]
    act(state, 1, "lay Yr")
    assert state.required is None  # the card after a Y is free
    act(state, 2, "lay Er")
    assert state.required == "consonant" and all(c.letter in "AEIOU" for c in state.fitting(3))
    assert len(state.fitting(3)) == len(set(state.hands[3]))  # exempt: any card
    act(state, 3, "lay Ir")
    assert state.stage == "propose" and state.pending() == [3]  # four cards: the player who laid may propose
    assert refusal(state, 3, "lay Or") == "WRONG_STAGE" and refusal(state, 0, "pass") == "NOT_YOUR_TURN"
    assert act(state, 3, "pass") == ["p3 passes"] and state.pending() == [0] and state.stage == "lay"


def test_a_proposal_before_four_cards_or_too_short_is_refused(mini: Lexicon) -> None:
    state = game(mini, CHIEN)
    act(state, 0, "lay Cr")
    assert state.stage == "lay" and refusal(state, 0, "propose CHIEN") == "NOT_YOUR_TURN"
    assert refusal(state, 1, "propose CHIEN") == "WRONG_STAGE"
    for seat, card in ((1, "Ir"), (2, "Hr"), (3, "Er"), (0, "Nr")):
        if state.stage == "propose":
            act(state, (seat - 1) % 4, "pass")
        act(state, seat, f"lay {card}")
    assert refusal(state, 0, "propose CHIE") == "TOO_SHORT" and refusal(state, 0, "propose CH?IEN") == "NO_JOKER"
    assert "propose CHIEN" in [str(a) for a in state.legal_actions(0)]


def test_the_space_offers_a_proposal_only_when_the_table_holds_a_word_s_letters(mini: Lexicon) -> None:
    """Four cards on the table and words of at least 5: no proposal can be made (issue 37: min 5 > max 4 was offered)."""
    state = game(mini, CHIEN)
    family = FAMILIES["alphapoker-belote"]
    for seat, card in ((0, "Cr"), (1, "Ir"), (2, "Hr"), (3, "Er")):
        act(state, seat, f"lay {card}")
    assert state.stage == "propose"
    kinds = {m.kind: m for m in family.space_of(state.view(3), state.legal_actions(3)).moves}
    assert "propose" not in kinds and "pass" in kinds
    act(state, 3, "pass")
    act(state, 0, "lay Nr")
    [word] = [m.word for m in family.space_of(state.view(0), state.legal_actions(0)).moves if m.kind == "propose"]
    assert (word.min_length, word.max_length) == (5, 5)


def lay_chien(state: bl.BeloteState) -> None:
    for seat, card in ((0, "Cr"), (1, "Ir"), (2, "Hr"), (3, "Er")):
        act(state, seat, f"lay {card}")
    act(state, 3, "pass")
    act(state, 0, "lay Nr")


def test_a_valid_word_goes_to_the_proposers_team_and_frees_the_next_card(mini: Lexicon) -> None:
    state = game(mini, CHIEN)
    lay_chien(state)
    assert act(state, 0, "propose chien") == [
        "p0 proposes CHIEN", "p0 admitted CHIEN noun (masculine singular)", "p0 takes Cr Hr Ir Er Nr"]  # fmt: skip
    assert state.table == [] and state.required is None and bl.card_points(state.taken[0]) == 8 and state.pending() == [1]


def test_a_word_not_admitted_goes_to_the_other_team(mini: Lexicon) -> None:
    state = game(mini, CHIEN)
    lay_chien(state)
    events = act(state, 0, "propose HCIEN")
    assert events[1].startswith("p0 refused HCIEN") and events[2] == "p1 takes Hr Cr Ir Er Nr"
    assert len(state.taken[1]) == 5 and state.taken[0] == []


def test_a_word_the_table_cannot_make_gives_the_other_team_the_cards_it_would_need(mini: Lexicon) -> None:
    state = game(mini, CHIEN)
    lay_chien(state)
    assert act(state, 0, "propose NICHES") == [
        "p0 proposes NICHES", "p0 refused NICHES not-on-table not on the table: S", "p1 takes Nr Ir Cr Hr Er"]  # fmt: skip
    state = game(mini, CHIEN)
    lay_chien(state)
    act(state, 0, "propose ZZZZZ")  # nothing the word needs is on the table: nothing moves
    assert len(state.table) == 5 and state.required == "vowel"


def test_the_last_card_brings_last_words_then_121_points_and_the_bonus(mini: Lexicon) -> None:
    state = game(mini, CHIEN)
    lay_chien(state)
    act(state, 0, "propose CHIEN")
    while state.stage != "last":
        seat = state.pending()[0]
        state.apply(seat, state.default_action(seat))  # the first card that fits, or no word
    assert state.stage == "last" and state.pending() == [0]  # p3 laid the last card and passed: p0, p1, p2
    act(state, 0, "pass")
    act(state, 1, "pass")
    table = bl.card_points(state.table)
    events = act(state, 2, "pass")
    assert events[1:3] == ["team 0 8 30 38", "team 1 0 0 0"] and table == 121 - 8
    assert events[3] == "hand 2 p0" and state.totals == [38, 0]


def test_the_first_team_to_the_target_wins(mini: Lexicon) -> None:
    state = game(mini, CHIEN, target=30)
    lay_chien(state)
    act(state, 0, "propose CHIEN")
    by_default(state)
    assert state.is_over and state.champions == (0, 2) and jsonable(state.result) == {"champions": [0, 2], "totals": [38, 0], "deals": 1}
    assert refusal(state, 1, "pass") == "GAME_OVER"


def test_secret_belote_shows_the_top_card_only_until_a_proposal_shows_the_stack(mini: Lexicon) -> None:
    state = game(mini, CHIEN, secret=True)
    for seat, card in ((0, "Cr"), (1, "Ir"), (2, "Hr")):
        events = state.apply(seat, bl.parse_action(f"lay {card}"))
    view = jsonable(state.view(0))
    assert view["table"] == ["??", "??", "Hr"] and view["secret"]
    assert str(state.redact(events[0], 0)) == "p2 lays ??" and str(state.redact(events[0], 2)) == "p2 lays Hr"
    assert str(state.redact(events[0], None)) == "p2 lays ??"
    act(state, 3, "lay Er")
    act(state, 3, "pass")
    act(state, 0, "lay Nr")
    events = act(state, 0, "propose NICHE")
    assert events[:2] == ["p0 proposes NICHE", "stack Cr Ir Hr Er Nr"]
    assert state.table == [] and jsonable(state.view(1))["table"] == []


def test_options_and_text() -> None:
    for bad in ({"target": 0}, {"word_length": 1}, {"reaction": -1}, {"min_length": 0}):
        with pytest.raises(OptionError):
            bl.BeloteOptions(**bad)  # type: ignore[arg-type]
    for text in ("lay Er", "propose CHIEN", "pass"):
        assert str(bl.parse_action(text)) == text
    for text in ("team 1 71 30 101", "stack Cr Ir", "p2 proposes NICHE", "last-words", "p1 lays ??"):
        assert str(bl.parse_event(text)) == text


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), secret=st.booleans())
def test_random_games_conserve_cards_and_points_hide_hands_and_end(mini: Lexicon, seed: int, secret: bool) -> None:
    """Random legal moves: the 64 cards are always somewhere once; every deal's points, table and hands make 121;
    nobody's view or feed shows another's hand; a secret table shows one card at most; the cards a view says
    each team took are the ones its own feed showed taken this deal; the game ends."""
    state = bl.new_game(bl.BeloteOptions(lexicon="mini", target=150), random.Random(seed), lexicon=mini, secret=secret)
    rng = random.Random(seed)
    shown: dict[int | None, list[list[str]]] = {watcher: [[], []] for watcher in (None, *range(4))}
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.pending()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        cards = state.cards_in_play()
        assert len(cards) == 64 and sum(bl.card_points([c]) for c in cards) == 121
        for watcher in (None, *range(4)):
            for event in state.redact_all(events, watcher):  # what this watcher saw taken, this deal
                if isinstance(event, Hand):
                    shown[watcher] = [[], []]
                if isinstance(event, Takes):
                    shown[watcher][bl.team_of(event.seat)] += map(str, event.cards)
            assert bl.conserved(state.view(watcher))
            view = jsonable(state.view(watcher))
            assert [t["cards"] for t in view["taken_cards"]] == shown[watcher]
            assert view["taken"] == [len(t) for t in shown[watcher]]
            assert all(set(h) == {"??"} for s, h in enumerate(view["hands"]) if s != watcher and h)
            if secret:
                assert sum(c != "??" for c in view["table"]) <= 1
            for event in state.redact_all(events, watcher):
                if isinstance(event, Dealt) and event.seat != watcher:
                    assert all(isinstance(c, Back) for c in event.cards)
                if secret and isinstance(event, Played) and event.seat != watcher:
                    assert isinstance(event.card, Back)
    assert state.is_over


# -- what a seat sees: hints and bots (issue: secret belote told the proposer the hidden stack) -------------------


def expected_from(view: dict[str, Any]) -> list[Card]:
    """The table a seat expects, from its view alone (the cards shown, its hand, how many are hidden, the
    cards the teams took)."""
    return expected_of(view["table"], view["hands"][view["seat"]], [team["cards"] for team in view["taken_cards"]])


def expected_of(table: Sequence[str], hand: Sequence[str], taken: Sequence[Sequence[str]]) -> list[Card]:
    """The table a seat expects from what its view says, as text: the table's cards (``??`` hidden), its hand,
    the cards each team took."""
    seen = [Back() if c == "??" else Card.parse(c) for c in table]
    gone = [Card.parse(c) for team in taken for c in team]
    return bl.likely_table(seen, [Card.parse(c) for c in hand], gone)


def not_made_of(cards: Sequence[Card], actions: Sequence[str]) -> list[str]:
    """The ``propose WORD`` actions whose word needs a letter ``cards`` do not hold."""
    words = [TableWord.parse(a.split()[1]) for a in actions if a.startswith("propose ")]
    return [str(w) for w in words if Counter(w.letters) - Counter(c.letter for c in cards)]


def hidden_swapped(state: bl.BeloteState, watcher: int | None, rng: random.Random) -> bl.BeloteState:
    """A twin of ``state`` that ``watcher`` cannot tell from it: every table card it does not see
    traded for a card of another letter from a hand it does not see."""
    hands = [list(h) for h in state.hands]
    table = list(state.table)
    for i in range(len(table) - 1):  # secret: every card but the top one is hidden
        others = [(s, j) for s in range(bl.PLAYERS) if s != watcher for j, c in enumerate(hands[s])
                  if c.letter != table[i].letter]  # fmt: skip
        if others:
            s, j = rng.choice(others)
            hands[s][j], table[i] = table[i], hands[s][j]
    return dataclasses.replace(state, hands=hands, table=table)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_secret_views_and_legal_lists_are_the_same_whatever_the_hidden_cards(full: Lexicon, seed: int) -> None:
    """Property: a seat's view and legal list (its suggested words) do not change when cards it cannot see
    change, so neither tells them; the bots, who choose from them, still propose and end the game."""
    state = bl.new_game(bl.BeloteOptions(target=150), random.Random(seed), lexicon=full, secret=True)
    rng = random.Random(seed)
    proposals = 0
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.pending()[0]
        for watcher in (None, *range(bl.PLAYERS)):
            view = jsonable(state.view(watcher))
            assert view["legal"] == [str(a) for a in state.legal_actions(watcher)]
            twin = hidden_swapped(state, watcher, rng)
            assert jsonable(twin.view(watcher)) == view, (state.table, twin.table)
        view = jsonable(state.view(seat))
        action = bb.guessing(state.view(seat), view["legal"], rng, full)
        proposals += action.startswith("propose ")
        state.apply(seat, bl.parse_action(action))
    assert state.is_over and proposals > 0


@pytest.mark.parametrize("secret", [False, True])
def test_suggested_words_are_made_of_what_the_seat_sees(full: Lexicon, secret: bool) -> None:
    """Seeded bots' games: every suggested word is made of the table the view lets its seat expect; on an
    open table that is the cards laid, and the best of their words are suggested."""
    suggested = 0
    for seed in range(6):
        state = bl.new_game(bl.BeloteOptions(target=150), random.Random(seed), lexicon=full, secret=secret)
        bots = random.Random(seed)
        while not state.is_over and state.deal < 3:
            seat = state.pending()[0]
            view = jsonable(state.view(seat))
            expected = expected_from(view)
            assert not_made_of(expected, view["legal"]) == [], view
            if not secret:
                assert [str(c) for c in expected] == view["table"] == [str(c) for c in state.table]
            suggested += any(a.startswith("propose ") for a in view["legal"])
            state.apply(seat, bl.parse_action(bb.guessing(state.view(seat), view["legal"], bots, full)))
    assert suggested > 10


def letters_left(view: dict[str, Any]) -> Counter[str]:
    """The letters of the 64 cards but those the view says the teams took this deal."""
    gone = Counter(c[0] for team in view["taken_cards"] for c in team["cards"])
    return Counter(c.letter for c in bl.letter_cards()) - gone


def test_a_secret_stack_is_not_expected_to_hold_the_cards_the_teams_took(mini: Lexicon) -> None:
    """Issue: the bots kept proposing words the table could not make (AEROLITES, "not on the table: A", four
    times a game), as their guess of the hidden stack counted cards already taken. Here two CHIENs take both
    Cs and both Hs; then, with 30 cards hidden under the top one, the guess once expected CHIENS, CHINER and
    CHIEN, and p0 proposed CHIENS."""
    state = game(mini, ["Cr Nr Er", "Ir Cr Nr", "Hr Ir", "Er Hr"], secret=True)
    for first in (0, 1):  # C I H E laid from ``first``, its player passes; ``first`` lays N and proposes CHIEN
        for i, card in enumerate(("Cr", "Ir", "Hr", "Er")):
            act(state, (first + i) % 4, f"lay {card}")
        act(state, (first + 3) % 4, "pass")
        act(state, first, "lay Nr")
        assert act(state, first, "propose CHIEN")[-1] == f"p{first} takes Cr Hr Ir Er Nr"
    view = jsonable(state.view(None))
    assert view["taken_cards"] == [{"cards": ["Cr", "Hr", "Ir", "Er", "Nr"]}] * 2 and view["taken"] == [5, 5]
    assert letters_left(view)["C"] == letters_left(view)["H"] == 0
    suggested: list[str] = []
    while len(state.table) < 31:  # the first card that fits, and no word, until the stack is deep
        seat = state.pending()[0]
        if state.stage != "lay":
            view = jsonable(state.view(seat))
            words = [TableWord.parse(a.split()[1]) for a in view["legal"] if a.startswith("propose ")]
            assert all(not Counter(w.letters) - letters_left(view) for w in words), (len(state.table), view["legal"])
            suggested += map(str, words)
        state.apply(seat, state.default_action(seat))
    assert "PORTE" in suggested  # words of the letters left are still expected
    view = jsonable(state.view(0))  # p0 has laid the 31st card: 30 hidden under it
    assert view["stage"] == "propose" and bb.guessing(state.view(0), view["legal"], random.Random(0), mini) == "propose PORTE"


def test_a_bot_does_not_propose_again_the_word_just_refused(mini: Lexicon) -> None:
    """A guess of a secret stack changes little from a turn to the next: a bot refused a word (a letter the
    stack lacks) may find it suggested again at its next turn, and then proposes the next word, or passes."""
    state = game(mini, CHIEN, secret=True)
    bots = random.Random(0)
    again: list[tuple[list[str], str]] = []  # (the legal list, the bot's choice) where it lists the word refused
    while state.deal == 1:
        seat = state.pending()[0]
        view = jsonable(state.view(seat))
        action = bb.guessing(state.view(seat), view["legal"], bots, mini)
        refused = bb.just_refused(view["previous"])
        if state.stage != "lay" and any(a.split()[-1] in refused for a in view["legal"]):
            again.append((view["legal"], action))
        assert action.split()[-1] not in refused
        act(state, seat, action)
    # p2 was refused OEUVRE (no V on the table); the three others passed; its guess still puts OEUVRE first
    assert again == [(["propose OEUVRE", "propose PORTE", "pass"], "propose PORTE")]
    previous = ["p3 proposes QUINTE", "stack Qr Ur Ir Nr Tr", "p3 refused QUINTE not-on-table not on the table: E"]
    told = dataclasses.replace(state.view(0), stage="propose", previous=tuple(previous))
    assert bb.guessing(told, ["propose QUINTE", "pass"], bots, mini) == "pass"  # no other


def test_through_the_server_a_seats_legal_list_is_what_its_view_alone_gives(api: BrelanClient, full: Lexicon) -> None:
    """Secret belote over gRPC at a practice table: at each of p0's decisions, LegalActions and GetView's legal
    list are the best words of the table its view lets it expect (the same for any hidden cards), then ``pass``."""
    me = seat_against_bots(api, "alphapoker-belote-secrete", {"reaction": "0"}, hints=True)
    rng = random.Random(5)
    proposals = 0
    deadline = time.monotonic() + 120
    while proposals < 40:
        assert time.monotonic() < deadline, f"{proposals} proposal decisions seen"
        response = me.view(with_json=True)  # the JSON view too: the bot decides on the engine's view, rebuilt from it
        if not response.legal:
            time.sleep(0.005)
            continue
        view = typed(response)
        legal = api.legal_actions(me.table_id, token=me.token)
        assert legal == list(response.legal)  # p0's turn: nothing moves until it acts
        if view.stage != bpb.BeloteView.STAGE_LAY:
            best = BestOnTable(full, Policy.parse(view.policy), view.word_length, bl.SUGGESTED_WORDS)
            expected = expected_of(view.table, view.seats[response.seat].hand, [t.cards for t in view.taken_cards])
            assert legal == [*(f"propose {w}" for w in best(expected)), "pass"], view
            assert sum(c != "??" for c in view.table) == 1
            proposals += 1
        me.act(bb.guessing(bl.SECRET_VARIANT.view_from_json(response.view), legal, rng, full), expected_seq=response.seq)


def test_the_strong_bot_remembers_the_secret_stack_it_saw(mini: Lexicon) -> None:
    """Issue 41: 74% of the bots' proposals in secret belote were refused, as they remembered nothing of the stack.
    The strong bot remembers, from the views at its own decisions: the card it laid, the top card at each look, and
    the whole stack a proposal shows, less the cards taken. Here p0 lays C and N and sees E on top; p1's PORTE,
    not makeable, shows the stack (C I H E N A) and gives up its E; p2 and p3 lay E and T. p0 then knows
    C I H N A and T under its own E: a word of them, which the table admits. The intermediate, who holds to what
    it saw itself, knows only the T and its E then, and passes."""
    state = game(mini, ["Cr Nr Er", "Ir Ar", "Hr Er", "Er Tr"], secret=True)
    bot, intermediate = bb.Remembering(strong=True), bb.Remembering(strong=False)
    seen: list[list[str]] = []

    def p0(text: str) -> None:  # p0 looks at each of its decisions, then makes the move scripted for it
        seen.append(sorted(map(str, bot.memory.look(state.view(0)))))
        intermediate.memory.look(state.view(0))
        act(state, 0, text)

    p0("lay Cr")
    for seat, card in ((1, "Ir"), (2, "Hr"), (3, "Er")):
        act(state, seat, f"lay {card}")
    act(state, 3, "pass")
    p0("lay Nr")
    assert seen[-1] == ["Cr", "Er"]  # its own C, and the E on top; the I and the H were laid while it looked away
    assert bot(state.view(0), [str(a) for a in state.legal_actions(0)], random.Random(0), mini) == "pass"  # C E N
    act(state, 0, "pass")
    act(state, 1, "lay Ar")
    assert act(state, 1, "propose PORTE")[-1] == "p2 takes Er"  # not makeable: the other team takes its E
    act(state, 2, "lay Er")
    act(state, 2, "pass")
    act(state, 3, "lay Tr")
    act(state, 3, "pass")
    p0("lay Er")
    assert seen[-1] == ["Ar", "Cr", "Hr", "Ir", "Nr", "Tr"]  # the stack shown, less the E taken; then the T on top
    view = state.view(0)
    assert view.table[:-1] == (Back(),) * 7  # all of it hidden but its own E on top
    legal = [str(a) for a in state.legal_actions(0)]
    assert intermediate(view, legal, random.Random(0), mini) == "pass"
    proposal = bot(view, legal, random.Random(0), mini)
    assert proposal in ("propose CHIEN", "propose CHINE", "propose NICHE"), proposal
    assert act(state, 0, proposal)[2].startswith("p0 admitted")
