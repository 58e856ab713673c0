"""Every RPC of every service, fuzzed against a real server: hostile requests never get UNKNOWN or INTERNAL.

The requests are built from the services' own descriptors (every field of every
message, nested ones included), their strings and numbers drawn from what breaks
servers: huge and empty strings, NUL and emoji, negative, huge and NaN numbers,
unknown variants and options, action text of every variant, the ids and tokens of
real tables (another seat's, a finished table's). Every call has a deadline: one
that runs into it fails the test as surely as one answered UNKNOWN. At the end
the server still answers its health check and every table's log replays.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterator

import grpc
import pytest
from google.protobuf import descriptor, message_factory
from google.protobuf.descriptor import FieldDescriptor as F
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brelan.api.v1 import chinese_pb2, lexicon_pb2, table_pb2, tournament_pb2
from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.store import Store
from brelan.server.games.registry import VARIANTS, get_variant
from brelan.server.games.transcript import Transcript, replay
from brelan.server.main import ServerThread
from brelan.server.typed.registry import FAMILIES
from conftest import seat_against_bots, sharing_lexicons

SERVICES = [s for f in (lexicon_pb2, table_pb2, chinese_pb2, tournament_pb2) for s in f.DESCRIPTOR.services_by_name.values()]
METHODS = [(s.full_name, m) for s in SERVICES for m in s.methods]
CALL_SECONDS = 10.0  # no call may take longer, whatever it asks
BAD = grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.DEADLINE_EXCEEDED

HOSTILE_TEXT = ["", " ", "\x00", "🂡🃏", "é" * 3, "x" * 70_000, "-1", "nan", "inf", "1e308", "99999999999999999999",
                "../../etc/passwd", "'; DROP TABLE tables; --", "%s%n", "*?" * 40, "?" * 40, "A" * 10_000]  # fmt: skip
ACTION_WORDS = ["fold", "call", "check", "bet", "raise", "all-in", "pass", "exchange", "lay", "claim", "set",
                "arrange", "keep", "reroll", "discard", "play", "bid", "top", "middle", "bottom", "surrender"]  # fmt: skip
# A word's letters and a joker's letter as a typed action holds them (issue 37: "A1" was INTERNAL).
WORD_TEXT = ["A1", "??", " ", "AB CD", "-", "chat", "?", "?E", "E?", "ÉTÉ", "CHAT", "1", "e", "EE"]
CARD_TEXT = ["Er", "?b=Q", "As", "Kd", "Td", "Zz", "?r=", "AA", "KQ", "1", "6", "x"]
NUMBERS = [0, 1, -1, 2, 7, 2**31 - 1, -(2**31), 2**63 - 1, -(2**63)]
FLOATS = [0.0, -1.0, 0.5, 1e308, -1e308, math.inf, -math.inf, math.nan, 5e-324]


class Pool:
    """What real tables give the fuzzer: their ids and seat tokens, with a finished table's."""

    def __init__(self) -> None:
        self.table_ids: list[str] = []
        self.tokens: list[str] = []
        self.seats: list[SeatHandle] = []
        self.typed: dict[str, SeatHandle] = {}  # a seat at a table of each game family, by its typed field


ACTIONS = st.builds(lambda w, cards: " ".join([w, *cards]), st.sampled_from(ACTION_WORDS),
                    st.lists(st.sampled_from(CARD_TEXT + [str(n) for n in NUMBERS[:5]]), max_size=6))  # fmt: skip


def texts(pool: Pool) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(HOSTILE_TEXT),
        st.sampled_from(WORD_TEXT + CARD_TEXT),
        st.sampled_from(sorted(VARIANTS) + ["", "chess", "poker"]),
        st.sampled_from(pool.table_ids or ["t-00000000"]),
        st.sampled_from(pool.tokens or ["0" * 48]),
        ACTIONS,
        st.text(max_size=30),
    )


def value(field: descriptor.FieldDescriptor, pool: Pool, depth: int) -> st.SearchStrategy[Any]:
    if field.type == F.TYPE_MESSAGE:
        if field.message_type.GetOptions().map_entry:
            v = field.message_type.fields_by_name["value"]
            keys = st.one_of(st.sampled_from(["players", "cap", "rounds", "lexicon", "unit", "stack", "style",
                                              "mode", "minutes", "hand", "deck"]), texts(pool))  # fmt: skip
            return st.dictionaries(keys, value(v, pool, depth) if v.type != F.TYPE_STRING else texts(pool), max_size=4)
        return message(field.message_type, pool, depth + 1)
    if field.type == F.TYPE_STRING:
        return texts(pool)
    if field.type == F.TYPE_BYTES:
        return st.binary(max_size=64)
    if field.type == F.TYPE_BOOL:
        return st.booleans()
    if field.type in (F.TYPE_FLOAT, F.TYPE_DOUBLE):
        return st.sampled_from(FLOATS) | st.floats(allow_nan=True, width=32 if field.type == F.TYPE_FLOAT else 64)
    if field.type == F.TYPE_ENUM:
        return st.sampled_from([v.number for v in field.enum_type.values] + [99, -1])
    unsigned = field.type in (F.TYPE_UINT32, F.TYPE_UINT64, F.TYPE_FIXED32, F.TYPE_FIXED64)
    bits = 64 if field.type in (F.TYPE_INT64, F.TYPE_UINT64, F.TYPE_SINT64, F.TYPE_FIXED64, F.TYPE_SFIXED64) else 32
    low, high = (0, 2**bits - 1) if unsigned else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    return st.sampled_from([n for n in NUMBERS if low <= n <= high]) | st.integers(low, high)


def message(desc: descriptor.Descriptor, pool: Pool, depth: int = 0) -> st.SearchStrategy[Any]:
    """A message of type ``desc``, each field set or not, repeated ones with a few values."""
    cls = message_factory.GetMessageClass(desc)
    if depth > 3:
        return st.just(cls())

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        fields: dict[str, Any] = {}
        for field in desc.fields:
            if not draw(st.booleans()):
                continue
            one = value(field, pool, depth)
            map_entry = field.type == F.TYPE_MESSAGE and field.message_type.GetOptions().map_entry
            if field.is_repeated and not map_entry:
                fields[field.name] = draw(st.lists(one, max_size=12))
            else:
                fields[field.name] = draw(one)
        return cls(**fields)

    return build()


def call(channel: grpc.Channel, service: str, method: descriptor.MethodDescriptor, request: Any,
         token: str | None) -> grpc.StatusCode:  # fmt: skip
    """Make the call (a stream: its first items) and return its status code."""
    path = f"/{service}/{method.name}"
    reply = message_factory.GetMessageClass(method.output_type)
    metadata = [("authorization", f"Bearer {token}")] if token is not None else None
    try:
        if method.server_streaming:
            stream = channel.unary_stream(path, request_serializer=type(request).SerializeToString,
                                          response_deserializer=reply.FromString)(request, timeout=1.0, metadata=metadata)  # fmt: skip
            for n, _ in enumerate(stream):
                if n == 5:
                    stream.cancel()
                    break
            return grpc.StatusCode.OK
        unary = channel.unary_unary(path, request_serializer=type(request).SerializeToString,
                                    response_deserializer=reply.FromString)  # fmt: skip
        unary(request, timeout=CALL_SECONDS, metadata=metadata)
        return grpc.StatusCode.OK
    except grpc.RpcError as e:
        code = e.code()
        if method.server_streaming and code in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED):
            return grpc.StatusCode.OK  # a live table's stream runs until its deadline: that is what it is for
        return code  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, mini: Lexicon) -> Iterator[tuple[BrelanClient, Pool]]:
    """A real server's client (its channel makes the fuzzed calls) and the tables it holds."""
    server = ServerThread(sharing_lexicons(tmp_path_factory.mktemp("fuzzed"), data_dir), rate=100_000.0)
    pool = Pool()
    with BrelanClient(server.target) as api:
        seats: list[SeatHandle] = [
            seat_against_bots(api, "poker-champ", {"players": "2"}),
            seat_against_bots(api, "alphapoker", {"players": "2", "lexicon": "mini"}),
            seat_against_bots(api, "daker", {"players": "2"}),
        ]
        open_table = api.create_table("yahtzee-holdem", {"players": "3"})
        pool.seats = seats
        pool.table_ids += [s.table_id for s in seats] + [open_table.table_id]
        pool.tokens += [s.token for s in seats] + [api.join(open_table.table_id, player="ann").token]
        for variant, family in sorted(FAMILIES.items()):
            game = get_variant(variant)
            if family.field not in pool.typed:
                table = api.create_table(variant, {}, bot_seats=range(1, game.seats(game.make_options({}))),
                                         lexicon="mini" if game.bind else "")  # fmt: skip
                pool.typed[family.field] = api.join(table.table_id, seat=0)
        finished = api.create_table("chinese", {"players": "2", "rounds": "1"}, bot_seats=[0, 1]).table_id
        pool.table_ids.append(finished)
        yield api, pool  # open while the tests use it (the seats' calls go through it too)
    server.stop()


@settings(max_examples=1500, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_request_gets_unknown_internal_or_a_hang(fuzzed: tuple[BrelanClient, Pool], data: st.DataObject) -> None:
    api, pool = fuzzed
    service, method = data.draw(st.sampled_from(METHODS), label="method")
    request = data.draw(message(method.input_type, pool), label="request")
    token = data.draw(st.none() | st.sampled_from(pool.tokens) | st.sampled_from(["", "x", "Bearer", "a b c"]), label="token")
    code = call(api.channel, service, method, request, token)
    assert code not in BAD, f"{service}/{method.name} answered {code.name} to {request!r:.300}"


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_actions_on_real_seats_are_refused_or_played(fuzzed: tuple[BrelanClient, Pool],
                                                           data: st.DataObject) -> None:  # fmt: skip
    api, pool = fuzzed
    seat = data.draw(st.sampled_from(pool.seats), label="seat")
    # Every draw made whatever the game's state, which moves on between examples (hypothesis wants one shape).
    hostile, pick, use_legal = data.draw(ACTIONS), data.draw(st.integers(0, 99)), data.draw(st.booleans())
    legal = list(seat.view().legal)
    text = legal[pick % len(legal)] if use_legal and legal else hostile
    seq = data.draw(st.none() | st.integers(0, 2**64 - 1), label="expected_seq")
    request = tpb.ActRequest(table_id=seat.table_id, seat=seat.seat, action=text, expected_seq=seq)
    method = table_pb2.DESCRIPTOR.services_by_name["TableService"].methods_by_name["Act"]
    code = call(api.channel, "brelan.api.v1.TableService", method, request, seat.token)
    assert code not in BAD, f"Act answered {code.name} to {request!r:.300}"


@settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_typed_actions_of_every_family_on_real_seats_are_refused_or_played(fuzzed: tuple[BrelanClient, Pool],
                                                                          data: st.DataObject) -> None:  # fmt: skip
    """Each family's typed actions, fields drawn from what breaks parsers (a word's letters ``A1``, a joker's
    letter ``1``, cards that are none, huge amounts, rows), on a seat of that family's table, and now and then
    a kind of another family: every one is played or refused, never UNKNOWN or INTERNAL (issue 37)."""
    api, pool = fuzzed
    own = data.draw(st.sampled_from(sorted(pool.typed)), label="family")
    field = data.draw(st.sampled_from([own] * 3 + sorted(pool.typed)), label="typed field")
    seat = pool.typed[own]
    move = data.draw(message(tpb.ActRequest.DESCRIPTOR.fields_by_name[field].message_type, pool), label="move")
    request = tpb.ActRequest(table_id=seat.table_id, seat=seat.seat, **{field: move})
    method = table_pb2.DESCRIPTOR.services_by_name["TableService"].methods_by_name["Act"]
    code = call(api.channel, "brelan.api.v1.TableService", method, request, seat.token)
    assert code not in BAD, f"Act answered {code.name} to {request!r:.300}"


def test_after_the_fuzzing_the_server_is_healthy_and_every_log_replays(fuzzed: tuple[BrelanClient, Pool],
                                                                       store: Store) -> None:  # fmt: skip
    api, _ = fuzzed
    check = health_pb2_grpc.HealthStub(api.channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
    assert check.status == health_pb2.HealthCheckResponse.SERVING
    tables = api.list_tables(include_finished=True)
    assert tables
    for info in tables:
        if info.status == tpb.TABLE_STATUS_FINISHED:
            assert replay(Transcript.parse(api.transcript(info.table_id).transcript), store.get).is_over
        else:
            api.get_table(info.table_id)  # answered from the log
