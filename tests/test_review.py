"""Beyond the anchors: after a hand, to its player only, what the hand allowed (ReviewHand), and a finished game
replayed step by step (GetView's at_seq).

Real seeded games are played through the real server, seat 0 by the test, the others by the server's bots:

- ReviewHand gives AlphaPoker's best words of the seat's last hand and Chinese poker's solver's set of the
  cards it was dealt, each made of the seat's own cards alone (the redaction tests' rule: nothing a seat may
  not see), legal for the game, beside what the seat played; it refuses a hand being played, a caller
  without a seat's token, and a game without puzzles to review.
- at_seq gives, at every seq of a finished game, the view the engine gives once the log is replayed to the
  end of that event's action, for the seat and for a spectator (who never sees a hidden card); the views
  the players got while it was played; the final view at the last seq; nothing while the game is played.
"""

from __future__ import annotations

import bisect
import json
import math
import random
import time
from collections import Counter
from typing import Any, Callable

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle, typed
from brelan.lexicon.store import Store
from brelan.server.errors import ServiceError
from brelan.server.games.base import jsonable, options_dict
from brelan.server.games.chinese_rows import ROWS, SIZES, Placement
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play as self_play
from brelan.server.games.transcript import Transcript
from brelan.server.log_store import LoggedAction
from brelan.server import replay as replay_module
from brelan.server.replay import SNAPSHOTS, Replay
from brelan.server.typed.registry import family_of

import typed_support
from conftest import error_of, seat_against_bots
from typed_support import chinese_player
from test_redaction import CASES, SPECTATOR, Oracle, case_id

ALPHAPOKER = {"players": "3", "rounds": "2"}
CLASSIC = {"style": "classic", "players": "3", "rounds": "1"}
PINEAPPLE = {"style": "pineapple", "players": "2", "rounds": "1"}
Decide = Callable[[tpb.GetViewResponse], str]


def play_until(api: BrelanClient, me: SeatHandle, decide: Decide, done: Callable[[tpb.TableInfo], bool],
               seen: list[tuple[Any, tpb.GetViewResponse]] | None = None) -> tpb.TableInfo:  # fmt: skip
    """Seat 0 plays (``decide`` names each move) until ``done(table)``; ``seen`` keeps each view the seat and a
    spectator got on the way, as (receiver, view)."""
    deadline = time.monotonic() + 120
    while not done(info := api.get_table(me.table_id)) and info.status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline, "the game did not get there"
        # With the JSON views: a replay's are held whole to these (blank_legal), and to the oracle's engine views
        view = me.view(with_json=True)
        if seen is not None:
            seen += [(0, view), (SPECTATOR, api.view(me.table_id, with_json=True))]
        if not view.legal and not view.space.moves:
            time.sleep(0.002)
            continue
        try:
            me.act(decide(view), expected_seq=view.seq)
        except ServiceError as e:  # a bot moved first
            assert e.code in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION), e
    return info


def hand_over(hand: int) -> Callable[[tpb.TableInfo], bool]:
    return lambda info: info.hand > hand


def game_over(info: tpb.TableInfo) -> bool:
    return info.status == tpb.TABLE_STATUS_FINISHED


def alphapoker_player(api: BrelanClient, seed: int) -> Decide:
    """Stays in the deal (a random move that is not a fold) and lays the lexicon's best word of its hand."""
    rng = random.Random(seed)

    def decide(view: tpb.GetViewResponse) -> str:
        if view.alphapoker.phase == view.alphapoker.PHASE_REVEAL:
            found = api.best_words(list(view.alphapoker.seats[view.seat].hand), top_k=1)
            return " ".join(["lay", *found[0].cards]) if found else "lay"
        return rng.choice([a for a in view.legal if a != "fold"] or list(view.legal))

    return decide


def own_events(api: BrelanClient, me: SeatHandle, hand: int) -> list[list[str]]:
    """The words of each event of ``hand`` about seat 0, as its history gives them to it."""
    return [e.text.split() for e in api.hand_history(me.table_id, hand, token=me.token) if e.text.startswith("p0 ")]


# -- ReviewHand ----------------------------------------------------------------------------------------------


def test_alphapoker_reviews_the_best_words_of_the_seats_own_last_hand(api: BrelanClient) -> None:
    me = seat_against_bots(api, "alphapoker", ALPHAPOKER)
    info = play_until(api, me, alphapoker_player(api, 1), hand_over(1))
    review = me.review_hand(1)
    assert (review.hand, review.seat) == (1, 0)
    hand: list[str] = []  # seat 0's last cards of hand 1, from what it was told of them alone
    laid = ""
    for words in own_events(api, me, 1):
        if words[1] == "cards":
            hand = words[2:]
        elif words[1] == "exchanges":
            for card in words[2:]:
                hand.remove(card)
        elif words[1] == "receives":
            hand += words[2:]
        elif words[1] == "lays" and len(words) > 2:
            laid = " ".join(["lay", *words[2:]])
    assert review.played == laid
    best = api.best_words(hand, top_k=1)  # the lexicon's own search of the same cards
    # none only when no word can be made of them (a deal of the server's may be such a hand: the test met one)
    assert bool(review.best) == bool(best), (hand, list(review.best))
    scores = []
    for hint in review.best:
        cards = [c.card for c in typed(hint).lay.cards]  # type: ignore[attr-defined]
        assert hint.action.startswith("lay ") and len(cards) == len(hint.action.split()) - 1
        assert not Counter(cards) - Counter(hand), (hint.action, hand)  # the seat's own cards, nobody else's
        word = "".join(c.letter for c in typed(hint).lay.cards)  # type: ignore[attr-defined]
        assert api.check_words([word])[0].admissible, word  # legal for the table's rules (the rulebook's)
        scores.append(api.score(hint.action.split()[1:], hand=hand).score)
    assert scores == sorted(scores, reverse=True) and scores[:1] == [b.score for b in best]
    if laid:  # it laid the lexicon's best word: as good as the review's best
        assert api.score(laid.split()[1:], hand=hand).score == scores[0]
    if info.status != tpb.TABLE_STATUS_FINISHED:
        assert error_of(me.review_hand, 2).reason == "HAND_NOT_FINISHED"  # the hand being played: nothing yet


@pytest.mark.parametrize("options", [CLASSIC, PINEAPPLE], ids=["classic", "pineapple"])
def test_chinese_poker_reviews_the_solvers_set_of_the_cards_the_seat_was_dealt(
    api: BrelanClient, options: dict[str, str]
) -> None:
    me = seat_against_bots(api, "chinese", options)
    play_until(api, me, chinese_player, hand_over(1))
    review = me.review_hand(1)
    dealt: list[str] = []
    made = Placement()
    for words in own_events(api, me, 1):
        if words[1] == "cards":
            dealt += words[2:]
        elif words[1] in ("sets", "places"):  # a hand set whole, or an open-face street's cards
            placed = Placement.parse(" ".join(words[2:]))
            made = Placement(*(getattr(made, p) + getattr(placed, p) for p in ("bottom", "middle", "top", "discard")))
    assert review.played == f"place {made}"
    [best] = review.best
    solved = Placement.parse(best.action.removeprefix("place "))
    assert typed(best).WhichOneof("kind") == "place"  # type: ignore[union-attr]
    assert [len(r) for r in solved.rows()] == [SIZES[r] for r in ROWS]  # a whole hand: 5, 5 and 3
    assert Counter(map(str, solved.cards)) == Counter(dealt)  # every card the seat was dealt, and no other's
    assert best.action == "place " + api.solve_arrangement(dealt).placement  # the solver's own answer


def test_a_review_is_for_a_seat_with_its_token_and_a_game_with_puzzles(api: BrelanClient) -> None:
    me = seat_against_bots(api, "chinese", CLASSIC)
    for hand in (0, 1):  # none before the first; the first being played
        error = error_of(me.review_hand, hand)
        assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "HAND_NOT_FINISHED", error
    play_until(api, me, chinese_player, hand_over(1))
    assert me.review_hand(1).best
    anyone = error_of(api.review_hand, me.table_id, 1, token="")
    assert anyone.code == grpc.StatusCode.UNAUTHENTICATED, anyone  # a spectator has no cards to review
    other = seat_against_bots(api, "chinese", CLASSIC)
    elsewhere = error_of(api.review_hand, me.table_id, 1, token=other.token)
    assert elsewhere.code == grpc.StatusCode.PERMISSION_DENIED, elsewhere
    chance = seat_against_bots(api, "poker-champ", {"players": "3", "chips": "6"})
    refused = error_of(chance.review_hand, 1)
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "NO_REVIEW", refused


# -- at_seq: a finished game step by step ---------------------------------------------------------------------


def unlisted(view: dict[str, Any]) -> dict[str, Any]:
    """A view's JSON without its legal list (a replay's is empty; a live one's was the player's, the engine's its
    own)."""
    return {k: v for k, v in view.items() if k != "legal"}


def blank_legal(view: tpb.GetViewResponse) -> dict[str, Any]:
    return unlisted(json.loads(view.view))


GAMES: list[tuple[str, dict[str, str], Callable[[BrelanClient], Decide]]] = [
    ("alphapoker", ALPHAPOKER, lambda api: alphapoker_player(api, 2)),
    ("chinese", CLASSIC, lambda api: chinese_player),
]


@pytest.mark.parametrize("variant, options, player", GAMES, ids=[g[0] for g in GAMES])
def test_a_finished_game_is_replayed_step_by_step_as_each_receiver_saw_it(
    api: BrelanClient, store: Store, variant: str, options: dict[str, str],
    player: Callable[[BrelanClient], Decide],
) -> None:  # fmt: skip
    me = seat_against_bots(api, variant, options)
    play_until(api, me, player(api), hand_over(1))
    running = error_of(me.view, at_seq=1)  # while the game is played its past is its hand histories', no more
    assert running.code == grpc.StatusCode.FAILED_PRECONDITION and running.reason == "GAME_NOT_OVER", running
    seen: list[tuple[Any, tpb.GetViewResponse]] = []
    info = play_until(api, me, player(api), game_over, seen)
    oracle = Oracle(Transcript.parse(api.transcript(me.table_id).transcript), store, hints=False)
    ends = sorted(oracle.states)  # the seq each state held at: after the deal, after each action
    family = family_of(variant)
    assert family is not None
    tokens = {0: me.token, SPECTATOR: None}
    replayed: dict[tuple[Any, int], tpb.GetViewResponse] = {}
    for seq in range(1, info.seq + 1):
        for receiver, token in tokens.items():
            view = api.view(me.table_id, token=token, at_seq=seq, with_json=True)  # whole, to the oracle's engine view
            replayed[(receiver, seq)] = view
            assert view.seq == ends[bisect.bisect_left(ends, seq)]  # the end of the action that made event seq
            assert view.HasField("seat") == (receiver is not None)
            assert not view.legal and not view.space.moves and view.deadline_seconds == 0  # a replay plays nothing
            shown = json.loads(view.view)
            assert shown.get("legal", []) == []
            engine = [views[receiver] for views, _ in oracle.states[view.seq]]
            assert any(blank_legal(view) == unlisted(e) for e in engine), (receiver, seq)
            typed_support.check_view(family, shown, view)
            if receiver is SPECTATOR:  # every seat's hidden cards as backs
                hidden = {"alphapoker": lambda v: [c for s in v.seats for c in s.hand],
                          "chinese": lambda v: [c for s in v.seats for c in [*s.held, *s.discards]]}[variant]
                assert set(hidden(typed(view))) <= {"??"}, (seq, hidden(typed(view)))
    for receiver, live in seen:  # what each receiver was shown while it was played, shown again
        assert blank_legal(replayed[(receiver, live.seq)]) == blank_legal(live), (receiver, live.seq)
        assert typed(replayed[(receiver, live.seq)]) == typed(live)
    for receiver, token in tokens.items():  # the last step is the game's end, as GetView gives it
        final, last = api.view(me.table_id, token=token, with_json=True), replayed[(receiver, info.seq)]
        assert (last.seq, last.view, typed(last)) == (final.seq, final.view, typed(final))
    for wrong in (0, info.seq + 1):
        error = error_of(me.view, at_seq=wrong)
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.violations[0][0] == "at_seq", error


def replayed(store: Store, variant_name: str, options: dict[str, str], seed: int) -> tuple[Replay, Oracle, list[int]]:
    """A bot-only game played in process, its replay, the oracle of its views, and the seq each state held at."""
    variant = playable(variant_name, store.get)
    rules = variant.make_options(options)
    played = self_play(variant, rules, seed)
    oracle = Oracle(Transcript(variant_name, str(seed), options_dict(rules), tuple(played.lines())), store, hints=False)
    ends = [len(played.opening)]
    for _, _, events in played.turns:
        ends.append(ends[-1] + len(events))
    actions = [LoggedAction(seat, str(action), "", end) for (seat, action), end in zip(played.actions, ends[1:])]
    return Replay(variant, rules, str(seed), len(played.opening), actions), oracle, ends


def check_replay(replay: Replay, oracle: Oracle, ends: list[int], seqs: list[int], receivers: tuple[Any, ...]) -> None:
    """Each seq's replayed view is the engine's own once that seq's action was applied (its legal list apart)."""
    for seq in seqs:
        for receiver in receivers:
            at, view = replay.view(seq, receiver)
            assert at == ends[bisect.bisect_left(ends, seq)], seq
            assert any(unlisted(jsonable(view)) == unlisted(e[receiver]) for e, _ in oracle.states[at]), seq


@pytest.mark.parametrize("variant, options", CASES, ids=[case_id(*case) for case in CASES])
def test_every_game_replays_from_its_snapshots(store: Store, monkeypatch: pytest.MonkeyPatch, variant: str,
                                               options: dict[str, str]) -> None:  # fmt: skip
    """Every game's state survives a snapshot (its cards, its RNG; a word game's lexicon given back)."""
    monkeypatch.setattr(replay_module, "MIN_STRIDE", 3)  # a short game, many snapshots
    replay, oracle, ends = replayed(store, variant, options, 5)
    seqs = list(range(1, ends[-1] + 1))
    random.Random(5).shuffle(seqs)
    check_replay(replay, oracle, ends, seqs, (0, SPECTATOR))
    assert len(replay.snapshots) > 1 or len(ends) <= 4


def test_a_long_replay_jumps_anywhere_from_its_snapshots(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay's snapshots and cursor: every seq of a long game, in a random order and in order, gives the view
    the engine gave then, with at most SNAPSHOTS snapshots kept, made a slice of actions at a time."""
    replay, oracle, ends = replayed(store, "alphapoker", {"players": "3", "rounds": "30"}, 4)
    steps = len(ends) - 1
    assert replay.stride * SNAPSHOTS >= steps and steps > 3 * replay.stride, "a game too short to jump in"
    monkeypatch.setattr(replay_module, "SLICE", 2 * replay.stride)
    slices = 1
    while not replay.prepare(ends[-1]):  # the first replay to the end, two strides a slice
        slices += 1
    assert slices == math.ceil((steps // replay.stride) / 2) and replay.cursor is not None
    seqs = list(range(1, ends[-1] + 1))
    random.Random(4).shuffle(seqs)
    check_replay(replay, oracle, ends, seqs + sorted(seqs)[:200], (1, SPECTATOR))
    assert len(replay.snapshots) <= SNAPSHOTS
    with pytest.raises(ValueError):
        replay.view(ends[-1] + 1, None)
