"""Bad input through the real server: the right status at once, a field violation, never UNKNOWN or a hang."""

from __future__ import annotations

import math
import time

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.server.errors import ServiceError
from conftest import error_of, seat_against_bots


@pytest.mark.parametrize("variant, options, text", [
    ("alphapoker", {"players": "2"}, "exchange 9s"),
    ("alphapoker", {"players": "2"}, "exchange Zz"),
    ("alphapoker", {"players": "2"}, "lay Er ?r="),
    ("alphapoker", {"players": "2"}, "lay Er=E"),
    ("alphapoker-belote", {"reaction": "60"}, "lay ?r=E"),
    ("alphapoker-belote", {"reaction": "60"}, "lay Zz"),
    ("alphapoker-belote", {"reaction": "60"}, "lay Er ?r="),
])  # fmt: skip
def test_word_game_actions_with_bad_cards_are_invalid_arguments(
    api: BrelanClient, variant: str, options: dict[str, str], text: str
) -> None:
    me = seat_against_bots(api, variant, options)
    e = error_of(me.act, text)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "action", e


@pytest.mark.parametrize("seconds", [math.nan, math.inf, -math.inf, -1.0, 1e12])
def test_decision_seconds_must_be_a_finite_time(api: BrelanClient, seconds: float) -> None:
    e = error_of(api.create_table, "poker-champ", {"players": "2"}, decision_seconds=seconds)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "decision_seconds"
    e = error_of(api.create_tournament, ["ann", "bob", "cy", "dee"], decision_seconds=seconds)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "decision_seconds"


def test_a_huge_table_id_is_not_found_and_quoted_short(api: BrelanClient) -> None:
    huge = "t-" + "x" * 10_000
    calls = [lambda: api.get_table(huge), lambda: api.join(huge), lambda: api.view(huge),
             lambda: api.hand_history(huge, 1), lambda: api.transcript(huge), lambda: next(api.watch(huge)),
             lambda: api.get_tournament(huge)]  # fmt: skip
    for call in calls:
        e = error_of(call)
        assert e.code == grpc.StatusCode.NOT_FOUND and len(e.message) < 120 and "10002 characters" in e.message, e


def test_calls_on_a_finished_table_answer_at_once(api: BrelanClient) -> None:
    me = seat_against_bots(api, "chinese", {"players": "2", "rounds": "1"})
    while api.get_table(me.table_id).status != tpb.FINISHED:
        legal = me.view().legal
        if legal:
            try:
                me.act(legal[0])
            except ServiceError as e:
                assert e.reason == "GAME_OVER"
        else:
            time.sleep(0.005)
    quick = BrelanClient(api.target, timeout=5.0, channel=api.channel)
    e = error_of(quick.act, me.table_id, 0, "place Ah", token=me.token)
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "GAME_OVER"
    e = error_of(quick.join, me.table_id)
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "GAME_OVER"
    assert quick.leave(me.table_id, token=me.token) == ""
