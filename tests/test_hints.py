"""Hints are a practice table's: elsewhere no list a player receives names a word to lay, claim or propose,
or a whole arrangement; at a practice table GetHints gives them, text and typed, and Act takes them.

Whole games are played through the real server, seat 0 by the test (a random legal move), the others by
the server's bots; every decision of seat 0 is checked.
"""

from __future__ import annotations

import json
import random
import time
from typing import Callable

import grpc
import pytest

from google.protobuf.message import Message

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle, typed
from brelan.server.errors import ServiceError
from brelan.server.games.registry import get_variant
from brelan.server.typed.registry import family_of

from conftest import error_of
from typed_support import check_space, unnamed_move


def laid_word(text: str) -> bool:
    return text.startswith("lay ")  # "lay" alone lays no word


def claimed_word(text: str) -> bool:
    return text.startswith("claim ") and not text.endswith(" -")  # "claim N -": a claim with no word


def proposed_word(text: str) -> bool:
    return text.startswith("propose ")


def whole_hand(text: str) -> bool:
    return text.startswith("place ")  # a hand set whole (classic): every placement is an arrangement


# Each game with a puzzle, its options for a short game, and what in its legal list would be an answer.
CASES: list[tuple[str, dict[str, str], Callable[[str], bool]]] = [
    ("alphapoker", {"players": "3", "rounds": "2"}, laid_word),
    ("alphapoker-bataille", {"reaction": "0"}, claimed_word),
    ("alphapoker-belote", {"target": "100", "reaction": "0"}, proposed_word),
    ("alphapoker-belote-secrete", {"target": "100", "reaction": "0"}, proposed_word),
    ("chinese", {"style": "classic", "players": "3", "rounds": "1"}, whole_hand),
]


def practice(api: BrelanClient, variant: str, options: dict[str, str], hints: bool, bots: bool = True) -> list[SeatHandle]:
    """A new table's seats the test plays: seat 0, the server's bots at the others; or every seat (no bots)."""
    game = get_variant(variant)
    seats = game.seats(game.make_options(options))
    info = api.create_table(variant, options, bot_seats=list(range(1, seats)) if bots else [], hints=hints)
    assert info.hints == hints
    return [api.join(info.table_id, seat=s) for s in (range(1) if bots else range(seats))]


Decide = Callable[[SeatHandle, tpb.GetViewResponse], "str | Message | None"]


def play(api: BrelanClient, players: list[SeatHandle], seed: int, decide: Decide) -> None:
    """Plays the test's seats to the game's end: at each decision ``decide(seat, view)`` names the move (text or
    typed; None: a random legal one)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    table_id = players[0].table_id
    while api.get_table(table_id).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline, "the game did not end"
        # a hand set whole at a table without hints: its list names no move, one is made from the legal space. The
        # JSON view too: a decision may check that its legal list (the engine's, replaced by the seat's) names no answer
        views = [(me, view, unnamed_move(view)) for me, view in ((me, me.view(with_json=True)) for me in players)]
        if not any(view.legal or whole for _, view, whole in views):
            time.sleep(0.002)
        for me, view, whole in views:
            if not view.legal and not whole:
                continue
            named = whole or decide(me, view)
            try:
                me.act(rng.choice(list(view.legal)) if named is None else named, expected_seq=view.seq)
            except ServiceError as e:  # a bot moved first, or won the race to a claim
                assert e.code in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION), e


def staying(view: tpb.GetViewResponse) -> str | None:
    """A random legal move that stays in the deal, to reach the reveal (None: only folding is left)."""
    stay = [a for a in view.legal if a not in ("fold", "surrender")]
    return random.Random(view.seq).choice(stay) if stay else None


IDS = [c[0] + "-" + c[1].get("style", "") for c in CASES]


@pytest.mark.parametrize("variant, options, answer", CASES, ids=IDS)
def test_a_table_without_hints_lists_no_answer_and_refuses_to_hint(
    api: BrelanClient, variant: str, options: dict[str, str], answer: Callable[[str], bool]
) -> None:
    [me] = practice(api, variant, options, hints=False)
    puzzles = 0

    def decide(me: SeatHandle, view: tpb.GetViewResponse) -> str | None:
        nonlocal puzzles
        told = {"GetView.legal": list(view.legal), "GetView.view[legal]": json.loads(view.view).get("legal", []),
                "LegalActions": api.legal_actions(me.table_id, token=me.token)}  # fmt: skip
        for where, legal in told.items():
            assert not [a for a in legal if answer(a)], (where, legal)
        check_space(view.space, list(view.legal))  # the space still says what a word or an arrangement may be
        puzzles += any(m.HasField("word") or m.HasField("rows") for m in view.space.moves)
        error = error_of(me.hints)
        assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "NO_HINTS", error
        return staying(view)  # a seat that folds every deal meets no word to find

    play(api, [me], 1, decide)
    assert puzzles, "no decision with a word to find or a hand to set: the test saw nothing"


@pytest.mark.parametrize("variant, options, answer", CASES, ids=IDS)
def test_a_practice_table_hints_what_its_legal_list_names_and_act_takes_a_typed_hint(
    api: BrelanClient, variant: str, options: dict[str, str], answer: Callable[[str], bool]
) -> None:
    # Every seat the test's, no bots: a real-time bot would claim a word before a person could ask and act.
    players = practice(api, variant, options, hints=True, bots=False)
    family = family_of(variant)
    assert family is not None

    def decide(me: SeatHandle, view: tpb.GetViewResponse) -> str | Message | None:
        given = me.hints()
        if given.seq != view.seq:  # the table moved on meanwhile (a bot's card, a claim)
            return None
        hints, legal = list(given.hints), list(view.legal)
        if answers := [a for a in legal if answer(a)]:
            assert answers == [h.action for h in hints]  # the listed answers, best first
        else:  # no answer named (an exchange, a bet, a seat with no word): the strong bot's move (played by the
            assert len(hints) <= 1 and not any(answer(h.action) for h in hints), hints  # test below), or none
            return staying(view)
        move = typed(hints[0])  # the best hint, played as its typed move
        assert move is not None and family.text_of(move, "move") == hints[0].action
        return move

    hinted = 0

    def counted(me: SeatHandle, view: tpb.GetViewResponse) -> str | Message | None:
        nonlocal hinted
        move = decide(me, view)
        hinted += isinstance(move, Message)
        return move

    play(api, players, 2, counted)
    assert hinted, "no hint was ever played: the test saw nothing"


@pytest.mark.parametrize("variant, options", [
    ("alphapoker", {"players": "3", "rounds": "1"}), ("chinese", {"style": "ofc", "players": "2", "rounds": "1"}),
    ("chinese", {"style": "pineapple", "players": "2", "rounds": "1"}), ("poker-champ", {"players": "3"}),
    ("daker", {"mode": "holdem", "players": "3"}), ("yahtzee-holdem", {"players": "3", "hands": "1"}),
])  # fmt: skip
def test_a_practice_table_hints_a_move_where_the_game_names_no_answer(
    api: BrelanClient, variant: str, options: dict[str, str]
) -> None:
    """AlphaPoker's exchange and bets, an open-face street, a poker bet: the move the strong bot would make, one,
    legal, text and typed, which Act takes."""
    [me] = practice(api, variant, options, hints=True)
    deadline = time.monotonic() + 30
    while not (view := me.view()).legal:
        assert time.monotonic() < deadline, "no decision for the seat"
        time.sleep(0.01)
    given = me.hints()
    assert given.seq == view.seq and len(given.hints) == 1, given
    [hint] = given.hints
    move = typed(hint)
    assert move is not None and family_of(variant).text_of(move, "move") == hint.action  # type: ignore[union-attr]
    assert me.act(move, expected_seq=view.seq).seq > view.seq


def test_hints_are_for_a_seat_with_its_token(api: BrelanClient) -> None:
    [me] = practice(api, "chinese", {"style": "classic", "players": "2"}, hints=True)
    [other] = practice(api, "chinese", {"style": "classic", "players": "2"}, hints=True)
    assert me.hints().hints  # a hand to set at once
    assert error_of(api.hints, me.table_id, token="").code == grpc.StatusCode.UNAUTHENTICATED
    assert error_of(api.hints, me.table_id, token=other.token).code == grpc.StatusCode.PERMISSION_DENIED
