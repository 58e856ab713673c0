"""Bad input through the real server: the right status at once, a field violation, never UNKNOWN or a hang."""

from __future__ import annotations

import math
import re
import time
from pathlib import Path

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.server.clock import ManualClock
from brelan.server.errors import ServiceError
from brelan.server.games.base import option_fields, option_ranges, option_specs
from brelan.server.games.registry import VARIANTS
from brelan.server.main import ServerThread
from conftest import advance, error_of, seat_against_bots


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
    while api.get_table(me.table_id).status != tpb.TABLE_STATUS_FINISHED:
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


def numeric_options() -> list[tuple[str, str]]:
    """(variant, option) for every number option of every game, lists of numbers included."""
    found = []
    for name, variant in VARIANTS.items():
        for option, hint in option_fields(type(variant.make_options({}))).items():
            if hint in (int, float) or hint in (tuple[int, ...], tuple[float, ...]):
                found.append((name, option))
    return found


def test_every_number_option_has_a_range() -> None:
    for variant, option in numeric_options():
        assert option in option_ranges(VARIANTS[variant].options), (variant, option)


@pytest.mark.parametrize("variant, option", numeric_options())
def test_numbers_out_of_range_are_refused_naming_the_bound(api: BrelanClient, word_server: ServerThread,
                                                           clock: ManualClock, variant: str, option: str) -> None:
    advance(word_server, clock, 60.0)  # the caller's bucket of new tables (5 a second, 100 at once) refills
    game = VARIANTS[variant]
    spec = next(o for o in option_specs(game.options, game.make_options({})) if o.name == option)
    for value in ["99999999999999999999", "nan", "inf", "1e308", "-1", "9" * 5000]:
        default = spec.default.split(",")  # a list option: its default with the last number bad
        options = {option: value if spec.kind != "list" else ",".join([*default[:-1], value])}
        e = error_of(api.create_table, variant, options)
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == f"options[{option}]", e
        if value == "99999999999999999999":
            assert re.fullmatch(rf"at most {spec.most}( \(.*\))?", e.violations[0][1]), e


def test_a_unit_of_zero_is_refused(api: BrelanClient) -> None:
    e = error_of(api.create_table, "yahtzee-holdem", {"unit": "0"})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0] == ("options[unit]", "at least 1"), e


def test_an_unexpected_failure_is_internal_with_an_error_id_in_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    server = ServerThread(tmp_path, lexicons=False)
    try:
        server.call(server.running.log.close())  # the store fails under the server, as a lost disk would
        with BrelanClient(server.target) as api:
            e = error_of(api.create_table, "poker-champ", {"players": "2"})
            assert e.code == grpc.StatusCode.INTERNAL, e  # not UNKNOWN with the exception's own text
            error_id = re.search(r"internal error (e-[0-9a-f]{8})", e.message)
            assert error_id, e.message
            api.wait_ready()  # one failed call, the server still answers
        logged = [r for r in caplog.records if error_id.group(1) in r.getMessage()]
        assert logged and logged[0].exc_info is not None  # the traceback, server side
    finally:
        server.stop()
