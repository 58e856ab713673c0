"""What a stranger's program reads off the server: reflection (v1 and v1alpha) and errors it can act on.

Reflection lists every service under both names, as ``buf curl`` and grpcurl (v1 first) and older tools
(v1alpha) ask. A refused call carries a ``google.rpc.ErrorInfo`` of the domain ``brelan.api.v1`` whose
metadata hold the facts to decide again without parsing the message: the table's ``seq`` and the ``legal``
action kinds when the rules refuse an action (FAILED_PRECONDITION) or the view was stale (ABORTED), the
``limit`` broken and ``what`` it counts when a caller is rate limited (RESOURCE_EXHAUSTED).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_reflection.v1alpha import reflection_pb2
from grpc_status import rpc_status

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.clients.client import BrelanClient, SeatHandle
from brelan.server.clock import ManualClock
from brelan.server.errors import DOMAIN, ServiceError, went_away
from brelan.server.main import REFLECTION_V1_SERVICE, TABLE_SERVICE, TOURNAMENT_SERVICE, ServerThread
from conftest import error_of
from test_protos import buf

REFLECTION_V1ALPHA_SERVICE = "grpc.reflection.v1alpha.ServerReflection"
Failure = tuple[grpc.StatusCode, error_details_pb2.ErrorInfo]  # a call's status code and its ErrorInfo
Request, Response = reflection_pb2.ServerReflectionRequest, reflection_pb2.ServerReflectionResponse


def serving(path: Path, rate: float) -> Iterator[ServerThread]:
    """A card server of its own (no lexicon) on port 0, its clock still (a seat's tokens never refill)."""
    server = ServerThread(path, lexicons=False, clock=ManualClock(), rate=rate)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory.mktemp("cards"), rate=1000.0)


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server granting each seat 1 action a second (2 at once)."""
    yield from serving(tmp_path_factory.mktemp("slow"), rate=1.0)


def two_seats(target: str) -> tuple[BrelanClient, SeatHandle, SeatHandle]:
    """A POKER CHAMP table for 2, both seats ours (no bot acts behind our back): dealt, both to decide."""
    api = BrelanClient(target)
    api.wait_ready()
    table = api.create_table("poker-champ", {"players": "2"}, untimed=True)
    return api, api.join(table.table_id, seat=0), api.join(table.table_id, seat=1)


def refusal(target: str, seat: SeatHandle, action: str, expected_seq: int | None = None) -> Failure:
    """An Act call's failure as it travels: its code and its ErrorInfo detail (the test fails without one)."""
    request = tpb.ActRequest(table_id=seat.table_id, seat=seat.seat, action=action, expected_seq=expected_seq)
    with grpc.insecure_channel(target) as channel:
        with pytest.raises(grpc.RpcError) as failed:
            tpb_grpc.TableServiceStub(channel).Act(request, metadata=[("authorization", f"Bearer {seat.token}")])
    status = rpc_status.from_call(failed.value)  # type: ignore[arg-type]
    assert status is not None, failed.value
    infos = [d for d in status.details if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR)]
    assert len(infos) == 1, status
    info = error_details_pb2.ErrorInfo()
    infos[0].Unpack(info)
    return failed.value.code(), info  # type: ignore[attr-defined]


# -- reflection ----------------------------------------------------------------------------------------------


def reflect(target: str, service: str, request: Request) -> Response:
    """One reflection request to ``service`` (v1 or v1alpha: their messages are the same bytes)."""
    with grpc.insecure_channel(target) as channel:
        info = channel.stream_stream(f"/{service}/ServerReflectionInfo", request_serializer=Request.SerializeToString,
                                     response_deserializer=Response.FromString)  # fmt: skip
        return next(iter(info(iter([request]), timeout=10)))


@pytest.mark.parametrize("service", [REFLECTION_V1_SERVICE, REFLECTION_V1ALPHA_SERVICE])
def test_reflection_v1_and_v1alpha_both_list_every_service(cards: ServerThread, service: str) -> None:
    answer = reflect(cards.target, service, Request(list_services=""))
    listed = {s.name for s in answer.list_services_response.service}
    assert {TABLE_SERVICE, TOURNAMENT_SERVICE, "grpc.health.v1.Health", REFLECTION_V1_SERVICE,
            REFLECTION_V1ALPHA_SERVICE} <= listed, listed  # fmt: skip
    # and each describes the services it lists, reflection's own v1 too
    for symbol in (TABLE_SERVICE, REFLECTION_V1_SERVICE):
        found = reflect(cards.target, service, Request(file_containing_symbol=symbol))
        assert found.WhichOneof("message_response") == "file_descriptor_response", (symbol, found)


@pytest.mark.parametrize("protocol", ["grpc-v1", "grpc-v1alpha"])
def test_buf_curl_lists_the_methods_by_reflection(cards: ServerThread, protocol: str) -> None:
    done = subprocess.run([buf(), "curl", "--protocol", "grpc", "--http2-prior-knowledge", "--reflect-protocol",
                           protocol, "--list-methods", f"http://{cards.target}"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    methods = done.stdout.split()
    assert f"{TABLE_SERVICE}/Act" in methods and f"{REFLECTION_V1_SERVICE}/ServerReflectionInfo" in methods, methods


# -- errors ----------------------------------------------------------------------------------------------------


def test_a_refused_action_says_the_tables_seq_and_what_is_legal(cards: ServerThread) -> None:
    api, me, _ = two_seats(cards.target)
    with api:
        seq = me.view().seq
        code, info = refusal(cards.target, me, "time")  # the table's clock's action, not a player's
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert (info.domain, info.reason) == ("brelan.api.v1", "NOT_A_PLAYER_ACTION") and DOMAIN == info.domain
        assert dict(info.metadata) == {"seq": str(seq), "legal": "pay,fold"}
        # the client reads the same facts
        e = error_of(me.act, "time")
        assert (e.reason, e.metadata) == ("NOT_A_PLAYER_ACTION", {"seq": str(seq), "legal": "pay,fold"})
        me.act("pay")
        e = error_of(me.act, "fold")  # nothing is legal for it until the stage closes: no legal kinds
        assert (e.reason, e.metadata) == ("ALREADY_DECIDED", {"seq": str(me.view().seq)})


def test_a_stale_view_is_aborted_with_the_seq_to_read_again(cards: ServerThread) -> None:
    api, me, other = two_seats(cards.target)
    with api:
        seen = me.view().seq
        me.act("pay", expected_seq=seen)
        other.act("pay")  # the stage closes: a new decision for both
        now = me.view().seq
        assert now > seen
        code, info = refusal(cards.target, me, "pay", expected_seq=seen)
        assert code == grpc.StatusCode.ABORTED and (info.domain, info.reason) == (DOMAIN, "STALE_SEQ")
        assert dict(info.metadata) == {"seq": str(now), "expected_seq": str(seen), "legal": "pay,fold"}


def test_a_rate_limited_seat_is_told_the_limit(slow: ServerThread) -> None:
    api, me, _ = two_seats(slow.target)
    with api:
        failures: list[ServiceError] = []
        for _ in range(3):  # a burst of 2, then none: the clock stands still
            try:
                me.act("fold")
            except ServiceError as e:
                failures.append(e)
        limited = failures[-1]
        assert (limited.code, limited.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "RATE_LIMITED")
        assert limited.metadata == {"limit": "1/s", "what": "actions"}
        assert limited.retry_after == 1.0  # google.rpc.RetryInfo: a token of the seat's bucket comes back in a second
        code, info = refusal(slow.target, me, "fold")
        assert (code, info.domain, dict(info.metadata)) == (grpc.StatusCode.RESOURCE_EXHAUSTED, DOMAIN,
                                                            {"limit": "1/s", "what": "actions"})  # fmt: skip


def test_an_unknown_token_and_an_unknown_table_say_why_in_an_error_info(cards: ServerThread) -> None:
    """Issue 37: they came with a message alone, where every other refusal has a reason a program can act on."""
    with BrelanClient(cards.target) as api:
        table = api.create_table("poker-champ", {"players": "2"}).table_id
        e = error_of(api.view, table, token="0" * 48)
        assert (e.code, e.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN"), e
        with pytest.raises(grpc.RpcError) as basic:
            tpb_grpc.TableServiceStub(api.channel).GetView(tpb.GetViewRequest(table_id=table),
                                                           metadata=[("authorization", "Basic YTpi")])  # fmt: skip
        e = ServiceError.from_rpc_error(basic.value)
        assert (e.code, e.reason) == (grpc.StatusCode.UNAUTHENTICATED, "MALFORMED_TOKEN"), e
        e = error_of(api.leave, table, token="")
        assert (e.code, e.reason) == (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED"), e
        e = error_of(api.get_table, "t-00000000")
        assert (e.code, e.reason, e.metadata) == (grpc.StatusCode.NOT_FOUND, "TABLE_NOT_FOUND", {"table_id": "t-00000000"})
        e = error_of(api.get_tournament, "u-00000000")
        assert (e.code, e.reason) == (grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND"), e


def test_a_call_cut_by_its_server_s_death_is_unavailable() -> None:
    """grpc reports a call in flight when its connection drops as UNKNOWN "Stream removed" (grpc/grpc#34076), not
    UNAVAILABLE: a client told to call again on UNAVAILABLE (the bots, a node relaying to a dying owner) must read it
    so too, or a killed server stops it for good. Any other UNKNOWN stays what it is."""
    cut = grpc.aio.AioRpcError(grpc.StatusCode.UNKNOWN, grpc.aio.Metadata(), grpc.aio.Metadata(), "Stream removed")
    other = grpc.aio.AioRpcError(grpc.StatusCode.UNKNOWN, grpc.aio.Metadata(), grpc.aio.Metadata(), "boom")
    assert went_away(cut) and ServiceError.from_rpc_error(cut).code == grpc.StatusCode.UNAVAILABLE
    assert not went_away(other) and ServiceError.from_rpc_error(other).code == grpc.StatusCode.UNKNOWN
