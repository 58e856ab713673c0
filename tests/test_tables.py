"""The table platform through the real gRPC server: play, statuses, timers, watching, restart after SIGKILL."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import hashlib
import json
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

import grpc
import pytest

from brelan.server.games.base import jsonable

from brelan.api.v1 import poker_champ_pb2 as ppb
from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle, auth, result_dict, typed
from brelan.server.clock import ManualClock
from brelan.server.errors import DEFAULT_DECISION_SECONDS, ServiceError
from brelan.server.games.registry import VARIANTS
from brelan.server.games.transcript import Transcript, replay
from brelan.server.stores import open_store
from brelan.server.main import ServerThread
from brelan.server.decisions import LEFT_SEAT_SECONDS
from conftest import STORES, advance, database_for, error_of, spawn, until_answered


@pytest.fixture(scope="module")
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="module", params=STORES)
def tables_server(tmp_path_factory: pytest.TempPathFactory, clock: ManualClock,
                  request: pytest.FixtureRequest) -> Iterator[ServerThread]:  # fmt: skip
    """A table server on each log store: every test of this module runs on SQLite and on PostgreSQL."""
    # Test clients act as fast as they can: a high rate limit here; the rate-limit test sets its own.
    server = ServerThread(tmp_path_factory.mktemp("tables"), lexicons=False, clock=clock, rate=1000.0,
                          database=database_for(request.param, request))  # fmt: skip
    yield server
    server.stop()


@pytest.fixture
def api(tables_server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(tables_server.target) as client:
        client.wait_ready()
        yield client


def two_humans(api: BrelanClient, **create: object) -> tuple[str, SeatHandle, SeatHandle]:
    info = api.create_table("poker-champ", {"players": "2"}, **create)  # type: ignore[arg-type]
    return info.table_id, api.join(info.table_id, player="ann"), api.join(info.table_id, player="bob")


CARD = re.compile(r"^[2-9TJQKA][cdhs]$")  # a standard card face up


def play_out(api: BrelanClient, seat: SeatHandle, limit: float = 30.0) -> ppb.PokerChampView:
    """Pay every decision until the game is over; bots hold the other seats. The seat's last view."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        response = seat.view()
        view = typed(response)
        if view.phase == ppb.PokerChampView.PHASE_OVER:
            return view
        if response.legal:
            try:
                seat.act("pay", expected_seq=response.seq)
            except ServiceError as e:  # the bots dealt the next hand first: look again
                assert e.reason == "STALE_SEQ", e
        else:
            time.sleep(0.005)
    raise AssertionError("the game did not end")


def test_a_table_with_bots_plays_to_the_end_and_its_dealing_verifies(api: BrelanClient,
                                                                    request: pytest.FixtureRequest) -> None:  # fmt: skip
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    assert info.status == 1 and info.seed == "" and len(info.seed_sha256) == 64
    # On SQLite no other node can play it; on PostgreSQL this node is a cluster's, and names itself.
    on_postgres = request.node.callspec.params["tables_server"] == "postgresql"
    assert info.node_address == (api.target if on_postgres else "")
    me = api.join(info.table_id, player="ann")
    assert me.seat == 0
    view = play_out(api, me)
    assert sum(s.chips for s in view.seats) + view.pot == 36
    final = api.get_table(info.table_id)
    assert final.status == 3 and hashlib.sha256(final.seed.encode()).hexdigest() == info.seed_sha256
    transcript = Transcript.parse(api.transcript(info.table_id).transcript)
    assert transcript.seed == final.seed
    state = replay(transcript)
    assert state.is_over and jsonable(state.result) == result_dict(final)


async def running_tasks() -> set[str]:
    """The names of the tasks running on the server's loop ("table t-..." for each table's)."""
    return {task.get_name() for task in asyncio.all_tasks() if not task.done()}


def test_a_finished_table_leaves_memory_and_is_read_back_from_the_store(
    api: BrelanClient, tables_server: ServerThread
) -> None:
    info = api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1])
    deadline = time.monotonic() + 30
    while api.get_table(info.table_id).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    # the table's task ends with its game (one ended by a bot's move waited on forever, holding its table in memory)
    while f"table {info.table_id}" in tables_server.call(running_tasks()):
        assert time.monotonic() < deadline, "the finished table's task still runs"
        time.sleep(0.01)
    tables = tables_server.running.tables
    tables.finished.clear()  # as after many other games
    assert info.table_id not in tables.tables
    final = api.get_table(info.table_id)  # read back from the store
    assert final.seq > 10 and result_dict(final) and final.seed
    watched = list(api.watch(info.table_id))
    assert [e.seq for e in watched] == list(range(1, final.seq + 1)) and watched[-1].final
    assert [e.text for e in api.hand_history(info.table_id, 1)] == [e.text for e in watched if e.hand == 1]
    assert replay(Transcript.parse(api.transcript(info.table_id).transcript)).is_over
    listed = {t.table_id: t for t in api.list_tables(include_finished=True)}[info.table_id]
    assert (listed.status, listed.seq, [s.bot for s in listed.seats]) == (tpb.TABLE_STATUS_FINISHED, final.seq, [True, True])
    assert info.table_id not in {t.table_id for t in api.list_tables()}


def test_bad_actions_each_get_the_right_status(api: BrelanClient, tables_server: ServerThread) -> None:
    table_id, ann, bob = two_humans(api)
    e = error_of(api.act, table_id, 1, "pay", token=ann.token)
    assert e.code == grpc.StatusCode.PERMISSION_DENIED
    e = error_of(api.act, table_id, 0, "pay", token="")
    assert e.code == grpc.StatusCode.UNAUTHENTICATED
    e = error_of(api.act, table_id, 0, "pay", token="not-a-token")
    assert e.code == grpc.StatusCode.UNAUTHENTICATED
    e = error_of(ann.act, "raise 5")
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "action" and "pay" in e.violations[0][1]
    before = ann.view().seq
    ann.act("pay")
    e = error_of(ann.act, "pay")
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "ALREADY_DECIDED"
    bob.act("pay")  # closes stage 2: ann now faces a new decision
    e = error_of(ann.act, "pay", expected_seq=before)
    assert e.code == grpc.StatusCode.ABORTED and e.reason == "STALE_SEQ"
    e = error_of(api.get_table, "t-nothere")
    assert e.code == grpc.StatusCode.NOT_FOUND
    e = error_of(api.create_table, "poker-champ", {"players": "9"})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "options[players]"
    e = error_of(api.create_table, "snap", {})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "variant"
    e = error_of(api.join, table_id, seat=0)
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason in ("SEAT_TAKEN", "TABLE_FULL")
    junk = api.channel.unary_unary("/brelan.api.v1.TableService/Act")
    with pytest.raises(grpc.RpcError) as raw:
        junk(b"\xff\xff\xff\xff", metadata=[("authorization", f"Bearer {ann.token}")], timeout=5)
    assert raw.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    view = api.channel.unary_unary("/brelan.api.v1.TableService/GetView")
    with pytest.raises(grpc.RpcError) as raw:
        view(b"", metadata=[("authorization", f"Basic {ann.token}")], timeout=5)
    assert raw.value.code() == grpc.StatusCode.UNAUTHENTICATED and "Bearer" in (raw.value.details() or "")


def test_an_action_as_a_typed_message(api: BrelanClient) -> None:
    from brelan.api.v1 import table_pb2 as tpb

    table_id, ann, bob = two_humans(api)
    metadata = [("authorization", f"Bearer {ann.token}")]
    typed = tpb.ActRequest(table_id=table_id, seat=0, poker_champ=tpb.PokerChampAction(kind=tpb.PokerChampAction.KIND_FOLD))
    response = api.table_stub.Act(typed, metadata=metadata)
    assert [e.text for e in response.events][:2] == ["p0 folds", "p1 shows - " + " ".join(
        api.hand_history(table_id, 1, token=bob.token)[2].text.split()[2:])]  # fmt: skip
    with pytest.raises(grpc.RpcError) as e:
        api.table_stub.Act(tpb.ActRequest(table_id=table_id, seat=0, poker_champ=tpb.PokerChampAction()), metadata=metadata)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "poker_champ.kind" in (e.value.details() or "")
    with pytest.raises(grpc.RpcError) as e:
        api.table_stub.Act(tpb.ActRequest(table_id=table_id, seat=0), metadata=metadata)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_retried_action_id_is_applied_once(api: BrelanClient) -> None:
    table_id, ann, bob = two_humans(api)
    first = ann.act("pay", action_id="abc")
    again = ann.act("pay", action_id="abc")
    assert again.seq == first.seq and [e.text for e in again.events] == [e.text for e in first.events] == ["p0 pays 1"]
    assert ann.view().seq == first.seq


def test_the_rate_limit_refuses_a_flood(api: BrelanClient, tables_server: ServerThread) -> None:
    tables = tables_server.running.tables
    tables.rate, tables.burst = 1.0, 3.0
    try:
        table_id, ann, bob = two_humans(api)
        codes = []
        for _ in range(6):
            try:
                ann.act("fold", expected_seq=None)
            except ServiceError as e:
                codes.append(e.code)
        assert grpc.StatusCode.RESOURCE_EXHAUSTED in codes
    finally:
        tables.rate, tables.burst = 1000.0, 2000.0


def test_a_seat_left_mid_game_stays_its_players_and_the_timeout_rule_plays_it(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    info = api.create_table("poker-champ", {"players": "2"}, untimed=True)
    ann = api.join(info.table_id, player="ann")
    assert ann.leave() == ""  # before the deal a seat is simply free again
    ann = api.join(info.table_id, player="ann")
    bob = api.join(info.table_id, player="bob")
    hole = list(typed(ann.view()).seats[0].hole)
    secret = ann.leave()
    assert secret and error_of(ann.view).code == grpc.StatusCode.UNAUTHENTICATED  # the old token is revoked
    seat = api.get_table(info.table_id).seats[0]
    assert (seat.taken, seat.reserved, seat.player) == (False, True, "ann")
    for kwargs, code in [({"seat": 0}, grpc.StatusCode.PERMISSION_DENIED), ({}, grpc.StatusCode.FAILED_PRECONDITION),
                         ({"secret": "guess"}, grpc.StatusCode.PERMISSION_DENIED)]:  # fmt: skip
        assert error_of(api.join, info.table_id, player="mallory", **kwargs).code == code, kwargs
    # No time limit at this table: the empty seat's decisions are made for it by the timeout rule (a fold)
    # after LEFT_SEAT_SECONDS, not at once (a table of people who all left must not race through its hands).
    left_at = bob.view().seq
    advance(tables_server, clock, LEFT_SEAT_SECONDS - 1)
    assert bob.view().seq == left_at
    advance(tables_server, clock, 1)
    texts = [e.text for e in _events_until(api, info.table_id, api.get_table(info.table_id).seq)][left_at:]
    assert "p0 folds" in texts
    back = api.join(info.table_id, secret=secret)
    assert back.seat == 0 and api.get_table(info.table_id).seats[0].player == "ann"
    mine = list(typed(back.view()).seats[0].hole)
    assert mine and all(CARD.match(c) for c in mine) and (typed(back.view()).deal > 1 or mine == hole)  # hers again


def test_a_decision_times_out_to_a_fold_on_the_injected_clock(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    table_id, ann, bob = two_humans(api, decision_seconds=30)
    assert 29 < ann.view().deadline_seconds <= 30
    ann.act("pay")
    advance(tables_server, clock, 10)
    assert typed(ann.view()).deal == 1
    advance(tables_server, clock, 25)
    events = [e.text for e in api.hand_history(table_id, 1, token=ann.token)]
    i = events.index("p1 folds")
    assert events[i + 1:i + 3] == ["p0 shows - " + " ".join(events[1].split()[2:]), "p0 wins 3 uncontested"]  # 1 + 1 + 1, bob folded
    assert typed(ann.view()).deal == 2


def test_after_a_hand_its_end_is_shown_for_the_table_s_pause_before_the_next_hand_s_decisions_open(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    """The bots wait out the pause, and a person's clock starts after it; the first hand opens at once."""
    info = api.create_table("poker-champ", {"players": "2"}, bot_seats=[1], decision_seconds=30, pause_seconds=5)
    assert info.pause_seconds == 5 and api.get_table(info.table_id).pause_seconds == 5
    ann = api.join(info.table_id, player="ann")

    def settled(deal: int) -> tpb.GetViewResponse:
        """Ann's view once the table waits: for her, or, a hand after ``deal`` dealt, for the bot in its pause (the
        clock never moves by itself here: a bot that waited in the middle of a hand would never play)."""
        seq, since, limit = -1, time.monotonic(), time.monotonic() + 30
        while True:
            view = ann.view()
            if view.legal:
                return view
            if view.seq != seq:
                seq, since = view.seq, time.monotonic()
            elif typed(view).deal > deal and time.monotonic() - since > 0.3:
                return view
            assert time.monotonic() < limit, f"the bot did not play in deal {typed(view).deal}"
            time.sleep(0.02)

    view, deal, seen = settled(1), 1, set()  # the first hand opens at once (the bot may fold it before ann acts)
    assert typed(view).deal > 1 or 29 < view.deadline_seconds <= 30, view.deadline_seconds
    for _ in range(60):
        if view.legal:
            if typed(view).deal > deal:  # a hand ended and the next opened on her decision: after the pause
                assert 34 < view.deadline_seconds <= 35, view.deadline_seconds
                seen.add("ann")
            deal = typed(view).deal
            ann.act("fold" if "fold" in view.legal else view.legal[0])
        else:  # the bot's turn in a new hand, and it waits: its pause
            deal = typed(view).deal
            seen.add("bot")
            advance(tables_server, clock, 5)
        view = settled(deal)
        if seen == {"ann", "bot"}:
            break
    assert seen == {"ann", "bot"}, seen
    for bad in (61, -1, float("nan")):
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, pause_seconds=bad)
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "pause_seconds", e


def test_a_person_gets_the_default_decision_time_unless_the_table_is_untimed(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    table_id, ann, bob = two_humans(api)  # no time asked: a seat that never acts cannot hold the game
    assert api.get_table(table_id).decision_seconds == DEFAULT_DECISION_SECONDS
    assert DEFAULT_DECISION_SECONDS - 1 < ann.view().deadline_seconds <= DEFAULT_DECISION_SECONDS
    advance(tables_server, clock, DEFAULT_DECISION_SECONDS)
    assert "p0 folds" in [e.text for e in api.hand_history(table_id, 1, token=bob.token)]
    untimed, ann, _ = two_humans(api, untimed=True)  # asked: no limit
    assert api.get_table(untimed).decision_seconds == 0 and ann.view().deadline_seconds == 0
    e = error_of(api.create_table, "poker-champ", {"players": "2"}, decision_seconds=5, untimed=True)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "untimed"


def test_the_lobby_is_paged_live_tables_first_newest_first(api: BrelanClient) -> None:
    finished = api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1], name="paged").table_id
    deadline = time.monotonic() + 30
    while api.get_table(finished).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    mine = [api.create_table("poker-champ", {"players": "2"}, name="paged").table_id for _ in range(5)]
    playing = api.create_table("poker-champ", {"players": "2"}, bot_seats=[1], name="paged").table_id
    api.join(playing)

    def walk(size: int, **filters: object) -> list[tpb.TableInfo]:
        request, seen = tpb.ListTablesRequest(page_size=size, **filters), []  # type: ignore[arg-type]
        while True:
            page = api._table("ListTables", request)
            assert len(page.tables) <= size
            seen += page.tables
            if not page.next_page_token:
                return seen
            request.page_token = page.next_page_token
            if len(seen) == size:  # a table made between two pages is neither skipped nor shown twice
                mine.append(api.create_table("poker-champ", {"players": "2"}, name="paged").table_id)

    every = walk(2, include_finished=True, variant="poker-champ")
    ids = [t.table_id for t in every]
    assert len(ids) == len(set(ids)) and set(mine[:5]) | {playing, finished} <= set(ids)
    finished_at = [t.status == tpb.TABLE_STATUS_FINISHED for t in every]
    assert finished_at == sorted(finished_at)  # every live table before the first finished one
    assert [i for i in ids if i in mine[:5]] == mine[:5][::-1]  # the newest first
    assert all(t.variant == "poker-champ" for t in every)
    before = list(mine)
    waiting = walk(3, status=tpb.TABLE_STATUS_WAITING)
    assert {t.status for t in waiting} == {tpb.TABLE_STATUS_WAITING} and set(before) <= {t.table_id for t in waiting}
    assert playing in {t.table_id for t in walk(50, status=tpb.TABLE_STATUS_PLAYING)}
    assert finished in {t.table_id for t in walk(500, status=tpb.TABLE_STATUS_FINISHED)}
    assert finished not in {t.table_id for t in api.list_tables()}
    assert [t.table_id for t in api.list_tables(limit=3)] == [t.table_id for t in walk(500)][:3]
    for request, path in [(tpb.ListTablesRequest(page_token="nope"), "page_token"),
                          (tpb.ListTablesRequest(page_size=501), "page_size"),
                          (tpb.ListTablesRequest(status=9), "status")]:  # fmt: skip
        e = error_of(api._table, "ListTables", request)
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == path, path


def test_a_chrono_game_ends_when_the_table_clock_runs_out(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    info = api.create_table("poker-champ", {"players": "2", "length": "chrono", "chrono_minutes": "1"}, untimed=True)
    ann, _ = api.join(info.table_id), api.join(info.table_id)
    advance(tables_server, clock, 59)
    assert not typed(ann.view()).time_up
    advance(tables_server, clock, 2)
    assert typed(ann.view()).time_up
    ann.act("fold")  # the deal in progress is played out, then the game ends
    final = api.get_table(info.table_id)
    assert final.status == 3 and result_dict(final)["champions"] == [0, 1]
    transcript = api.transcript(info.table_id).transcript
    assert "\n> time\ntime-up\n" in transcript and replay(Transcript.parse(transcript)).is_over


def test_watchers_see_backs_and_their_own_cards_and_can_resume(api: BrelanClient) -> None:
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    ann = api.join(info.table_id)
    play_out(api, ann)
    spectator = list(api.watch(info.table_id))
    mine = list(ann.watch())
    assert [e.seq for e in spectator] == list(range(1, len(spectator) + 1)) and spectator[-1].final
    for e_spec, e_mine in zip(spectator, mine):
        words = e_spec.text.split()
        if words[1:2] == ["hole"]:
            assert not any(CARD.match(w) for w in words[2:]), e_spec.text  # spectators: backs only
            own = e_mine.text.split()
            assert all(CARD.match(w) for w in own[2:]) == (words[0] == "p0"), e_mine.text
        else:
            assert e_spec.text == e_mine.text
    resumed = list(api.watch(info.table_id, after_seq=25))
    assert [(e.seq, e.text) for e in resumed] == [(e.seq, e.text) for e in spectator[25:]]
    history = api.hand_history(info.table_id, 1)
    assert history[0].text == "deal 1" and all(e.hand == 1 for e in history)
    assert [e.text for e in history] == [e.text for e in spectator if e.hand == 1]


def test_a_grouped_stream_gives_the_same_events_an_action_to_a_message(api: BrelanClient) -> None:
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    ann = api.join(info.table_id)

    def messages(grouped: bool) -> list[list[tpb.TableEvent]]:
        request = tpb.WatchTableRequest(table_id=info.table_id, after_seq=api.get_table(info.table_id).seq,
                                        grouped=grouped)  # fmt: skip
        return [list(r.events) if grouped else [r.event] for r in api.table_stub.WatchTable(request)]

    with ThreadPoolExecutor(2) as pool:  # both streams follow the game live
        grouped, single = pool.submit(messages, True), pool.submit(messages, False)
        time.sleep(0.3)
        play_out(api, ann)
        live, one_each = grouped.result(timeout=30), single.result(timeout=30)
    flat = [e for message in live for e in message]
    assert [(e.seq, e.text) for e in flat][-5:] == [(e.seq, e.text) for [e] in one_each][-5:] and flat[-1].final
    assert len(live) < len(flat)  # an action's events together: a stage's, a showdown's
    for message in live[1:]:  # after what was logged when it opened, a message is one action's
        assert len({(e.actor if e.HasField("actor") else None, e.action) for e in message}) == 1, message
    logged = [list(r.events) for r in
              api.table_stub.WatchTable(tpb.WatchTableRequest(table_id=info.table_id, grouped=True))]  # fmt: skip
    assert [len(m) for m in logged[:-1]] == [100] * (len(logged) - 1) and 0 < len(logged[-1]) <= 100
    assert [e.text for m in logged for e in m] == [e.text for e in api.watch(info.table_id)]


def test_the_json_view_comes_only_to_a_caller_who_asks_for_it(api: BrelanClient) -> None:
    """It was most of a view's bytes, and every reader of ours reads the typed view (issue 38): over gRPC, GetView
    (a seat's, a spectator's, a finished game's at_seq) and WatchTable's views (its first message's and each
    action's) carry it only when asked (with_json), the same typed view either way; the client asks when told to."""
    info = api.create_table("poker-champ", {"players": "2"})  # no bot: the table stands still between the calls
    ann, bob = api.join(info.table_id), api.join(info.table_id)

    def got(token: str | None, with_json: bool, at_seq: int | None = None,
            table_id: str = info.table_id) -> tpb.GetViewResponse:  # fmt: skip
        request = tpb.GetViewRequest(table_id=table_id, at_seq=at_seq, with_json=with_json)
        return api.table_stub.GetView(request, metadata=auth(token))  # type: ignore[no-any-return]

    for token in (ann.token, None):  # a seat's view, a spectator's
        bare, asked = got(token, False), got(token, True)
        assert bare.view == "" and asked.view and typed(bare) == typed(asked) and list(bare.legal) == list(asked.legal)
        assert json.loads(asked.view)["chips"] == [s.chips for s in typed(asked).seats]
        assert api.view(info.table_id, token=token).view == ""  # the client asks only when told to
        assert api.view(info.table_id, token=token, with_json=True).view == asked.view
    assert ann.view().view == "" and ann.view(with_json=True).view == got(ann.token, True).view

    for with_json, mover in ((False, ann), (True, bob)):  # the stream's first message, then an action's
        before = got(ann.token, True)
        request = tpb.WatchTableRequest(table_id=info.table_id, after_seq=before.seq, grouped=True, with_view=True,
                                        with_json=with_json)  # fmt: skip
        messages = api.table_stub.WatchTable(request, metadata=auth(ann.token))
        try:
            first = next(messages)
            mover.act("pay")
            then = next(messages)  # the action's events, and the view it left
        finally:
            messages.cancel()
        after = got(ann.token, True)
        assert not first.events and then.events and (first.view.seq, then.view.seq) == (before.seq, after.seq)
        for message, now in ((first, before), (then, after)):
            assert message.view.view == (now.view if with_json else "") and typed(message.view) == typed(now)
        # The client's stream asks when told to (without with_json: by default)
        followed = ann.follow(after_seq=after.seq, with_json=True) if with_json else ann.follow(after_seq=after.seq)
        try:
            assert next(followed).view.view == (after.view if with_json else "")
        finally:
            followed.close()

    finished = api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1]).table_id
    deadline = time.monotonic() + 30
    while api.get_table(finished).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    bare, asked = got(None, False, at_seq=1, table_id=finished), got(None, True, at_seq=1, table_id=finished)
    assert bare.view == "" and asked.view and typed(bare) == typed(asked) and bare.seq == asked.seq
    assert api.view(finished, at_seq=1).view == "" and api.view(finished, at_seq=1, with_json=True).view == asked.view


def test_a_seat_plays_a_game_off_its_stream_of_views_alone(api: BrelanClient) -> None:
    """WatchTable with_view: the seat's view and the table come first, then with each action's events, as GetView
    and GetTable give them; a seat decides off them alone, never calling GetView, and plays the game to its end.
    A spectator's stream carries the spectator's view: no seat's hidden cards."""
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    ann = api.join(info.table_id, player="ann")
    pool = ThreadPoolExecutor(1)  # not a with: a failed assertion must not wait on the spectator's unfinished game
    try:
        watched = pool.submit(lambda: list(api.follow(info.table_id)))
        first = None
        acted = 0
        for seen in ann.follow():
            first = first or seen
            assert seen.view.seq >= max((e.seq for e in seen.events), default=0) and seen.view.seat == ann.seat
            assert seen.table.seq == seen.view.seq
            if seen.view.legal:
                try:
                    ann.act("pay", expected_seq=seen.view.seq)
                    acted += 1
                except ServiceError as e:  # the bots moved on first: the next message has the table as it is now
                    assert e.reason in ("STALE_SEQ", "GAME_OVER"), e
        spectated = watched.result(timeout=30)
    finally:
        pool.shutdown(wait=False)
    assert first is not None and not first.events and acted > 3
    assert seen.table.status == tpb.TABLE_STATUS_FINISHED and seen.events[-1].final
    assert seen.view == ann.view() and spectated[-1].view == api.view(info.table_id)
    for message in spectated[1:]:  # a spectator's views, as a spectator's replay of the game shows them: no hole card
        assert not message.view.HasField("seat") and not message.view.legal
        assert typed(message.view) == typed(api.view(info.table_id, at_seq=message.view.seq))


def test_a_bot_s_stream_brings_its_decisions_alone(api: BrelanClient) -> None:
    """WatchTable decisions_only (issue 42): the seat's view first, then one message for each action that opens a
    decision of the seat's, and the game's last: each the seat's view alone (no event, no table), its seq where the
    stream stands. A seat plays the game off it, never calling GetView, and is sent far fewer messages than the
    table logs events."""
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    ann = api.join(info.table_id, player="ann")
    request = tpb.WatchTableRequest(table_id=info.table_id, with_view=True, decisions_only=True)
    messages = list[tpb.WatchTableResponse]()
    acted = 0
    for message in api.table_stub.WatchTable(request, metadata=auth(ann.token)):
        messages.append(message)
        assert not message.events and not message.HasField("table") and message.view.seat == ann.seat
        if message.view.legal:
            try:
                ann.act("pay", expected_seq=message.view.seq)
                acted += 1
            except ServiceError as e:  # the bots dealt the next hand first: the stream brings that decision
                assert e.reason == "STALE_SEQ", e
    last = typed(messages[-1].view)
    assert acted > 3 and last.phase == ppb.PokerChampView.PHASE_OVER and messages[-1].view == ann.view()
    assert all(m.view.legal for m in messages[1:-1])  # after the first, each a decision of hers (or the end)
    assert len(messages) < len(list(api.watch(info.table_id))) / 2  # the table's events: an action makes one or more


def test_a_resumed_decision_stream_sends_the_open_decision_once(api: BrelanClient) -> None:
    """Resumed from seq 0, a decisions_only stream's first message is the seat's open decision, and its backlog
    (which holds the action that opened it) does not send it again: the next message is a later decision. Asked
    without the view it sends, it is refused on its field."""
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
    ann = api.join(info.table_id, player="ann")
    deadline = time.monotonic() + 30
    while not ann.view().legal:
        assert time.monotonic() < deadline, "ann's first decision never opened"
        time.sleep(0.02)
    request = tpb.WatchTableRequest(table_id=info.table_id, with_view=True, decisions_only=True, after_seq=0)
    stream = api.table_stub.WatchTable(request, metadata=auth(ann.token))
    first = next(stream)
    assert first.view.legal
    acted = ann.act("pay")
    assert next(stream).view.seq >= acted.seq  # after her move (the backlog's copy of the first came here, before)
    stream.cancel()
    with pytest.raises(grpc.RpcError) as refused:
        next(api.table_stub.WatchTable(tpb.WatchTableRequest(table_id=info.table_id, decisions_only=True),
                                       metadata=auth(ann.token)))  # fmt: skip
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "decisions_only" in refused.value.details()


def test_a_stream_of_a_seat_given_up_ends_before_the_seat_s_next_cards(api: BrelanClient) -> None:
    """A stream opened with a seat's token ends (UNAUTHENTICATED, SEAT_GIVEN_UP) once the token no longer holds the
    seat: given up before the deal, the seat's next player's hole cards would go to it (they did); taken back with
    the seat's secret on another device, the old device's stream ends too."""
    info = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2])
    ann = api.join(info.table_id, seat=0, player="ann")

    def streamed(watch: Callable[[], Iterator[object]]) -> tuple[list[object], ServiceError | None]:
        got: list[object] = []
        try:
            got.extend(watch())
        except ServiceError as e:
            return got, e
        return got, None

    pool = ThreadPoolExecutor(3)  # not a with: a stream left open must fail the test, not hang it
    try:
        events, views = pool.submit(streamed, ann.watch), pool.submit(streamed, ann.follow)
        time.sleep(0.3)  # both open
        ann.leave()
        bob = api.join(info.table_id, seat=0, player="bob")
        carol = api.join(info.table_id, seat=1, player="carol")  # the deal: bob's cards at seat 0
        for stream in (events, views):
            got, error = stream.result(timeout=10)
            assert error is not None and error.reason == "SEAT_GIVEN_UP", error
            assert not any(" hole " in str(item) for item in got), got  # the deal came after: none of bob's cards
        secret = carol.leave()  # during the game: her seat is kept for her, and its secret takes it back
        laptop = api.join(info.table_id, secret=secret, player="carol")
        watching = pool.submit(streamed, laptop.watch)
        time.sleep(0.3)
        phone = api.join(info.table_id, secret=secret, player="carol")  # the seat taken back on another device
        got, error = watching.result(timeout=10)
        assert error is not None and error.reason == "SEAT_GIVEN_UP", error
        assert phone.seat == laptop.seat == 1 and phone.view().seat == 1
    finally:
        pool.shutdown(wait=False)


def test_a_hand_in_progress_has_no_history_yet(api: BrelanClient) -> None:
    table_id, ann, bob = two_humans(api)
    e = error_of(api.hand_history, table_id, 1)
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "HAND_NOT_FINISHED"
    e = error_of(api.transcript, table_id)
    assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "GAME_NOT_OVER"


# -- a real process, killed mid-hand ------------------------------------------------------------


@pytest.mark.parametrize("store", STORES)
def test_a_server_killed_mid_hand_replays_its_tables_and_the_game_finishes(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = database_for(store, request)
    process, target = spawn(tmp_path, database=database)
    try:
        with BrelanClient(target) as api:
            api.wait_ready()
            info = api.create_table("poker-champ", {"players": "3"})
            seats = [api.join(info.table_id, player=f"p{s}") for s in range(3)]
            for _ in range(4):
                for seat in seats:
                    if seat.view().legal:
                        seat.act("pay")
            told = api.get_table(info.table_id).seq
            assert typed(seats[0].view()).deal >= 1 and told > 10
            before = [(e.seq, e.text) for e in _events_until(api, info.table_id, told)]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    process, target = spawn(tmp_path, database=database)
    try:
        with BrelanClient(target) as api:
            api.wait_ready()
            # On PostgreSQL the new process is a new node: it takes the table over once the dead one's lease is out.
            assert until_answered(lambda: api.get_table(info.table_id), limit=15.0).seq == told  # nothing a client was told is lost
            assert [(e.seq, e.text) for e in _events_until(api, info.table_id, told)] == before
            for seat in seats:  # the same tokens hold the same seats
                seat.client = api
            deadline = time.monotonic() + 60
            while typed(seats[0].view()).phase != ppb.PokerChampView.PHASE_OVER:
                assert time.monotonic() < deadline
                for seat in seats:
                    response = seat.view()
                    if response.legal:
                        seat.act("pay" if seat.seat != 2 else "fold", expected_seq=response.seq)
            view = typed(seats[0].view())
            assert sum(s.chips for s in view.seats) + view.pot == 36
            assert replay(Transcript.parse(api.transcript(info.table_id).transcript)).is_over
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(10)


def _events_until(api: BrelanClient, table_id: str, seq: int) -> list[object]:
    events = []
    for event in api.watch(table_id):
        events.append(event)
        if event.seq >= seq:
            break
    return events


HIDDEN = {  # the events that carry a seat's hidden pieces, and what a piece looks like
    "yahtzee-holdem": (("dice",), re.compile(r"^[1-6][rbwy]$"), "dice"),
    "daker": (("cards", "discards", "draws"), re.compile(r"^[AKQJRN]{2}$"), "cards"),
    "chinese": (("cards", "reserve", "sets"), re.compile(r"^[2-9TJQKA][cdhs]$"), "held"),
}


@pytest.mark.parametrize("variant, options", [
    ("yahtzee-holdem", {"players": "3", "stack": "100"}),
    ("daker", {"mode": "holdem", "players": "3", "stack": "100"}),
    ("daker", {"mode": "draw", "players": "3", "stack": "100"}),
    ("daker", {"mode": "round", "players": "3"}),
    ("chinese", {"style": "classic", "players": "3", "rounds": "1"}),
    ("chinese", {"style": "pineapple", "players": "3", "rounds": "1"}),
])  # fmt: skip
def test_a_game_plays_through_the_server_and_hides_the_others_pieces(
    api: BrelanClient, variant: str, options: dict[str, str]
) -> None:
    # A practice table: a hand set whole (a fantasyland's) lists the solver's set, the only move its legal list names
    # (without hints it names none, and this seat, acting by its list, waited forever: a CI-like failure)
    info = api.create_table(variant, options, bot_seats=[1, 2], hints=True)
    me = api.join(info.table_id)
    tags, piece, field = HIDDEN[variant]
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline
        # The JSON view too: conserved() counts the engine's view, which only it rebuilds (view_from_json).
        response = me.view(with_json=True)
        engine = VARIANTS[variant].view_from_json(response.view)
        assert VARIANTS[variant].conserved(engine)
        assert all(p == "??" for seat in typed(response).seats if seat.seat != 0 for p in getattr(seat, field))
        if engine.over:
            break
        if response.legal:
            legal = list(response.legal)
            move = next((a for a in ("check", "call", "discard") if a in legal), legal[0])
            me.act(move, expected_seq=response.seq)
        else:
            time.sleep(0.005)
    for event in api.watch(info.table_id):
        words = event.text.split()
        if words[1:2] and words[1] in tags:
            assert not any(piece.match(w) for w in words[2:]), event.text  # a spectator sees only ??
    assert replay(Transcript.parse(api.transcript(info.table_id).transcript)).is_over


def test_a_chinese_reserve_is_hidden_from_its_owner_and_a_set_hand_until_the_reveal(api: BrelanClient) -> None:
    info = api.create_table("chinese", {"players": "2", "rounds": "1"}, hints=True)  # legal[0]: the solver's set
    me, other = api.join(info.table_id), api.join(info.table_id)
    view = typed(me.view())
    assert [list(s.reserve) for s in view.seats] == [["??"] * 13, ["??"] * 13] and len(view.seats[0].held) == 13
    for event in me.watch():
        if event.text.startswith(("p0 reserve", "p1 reserve")):
            assert set(event.text.split()[2:]) == {"??"}  # not even its owner sees it
        if event.seq >= 4:
            break
    placement = me.view().legal[0]
    me.act(placement)
    assert list(typed(other.view()).seats[0].board.bottom) == ["??"] * 5  # set, but not shown
    assert next(e.text for e in other.watch(after_seq=4) if "sets" in e.text) == "p0 sets"
    other.act(other.view().legal[0])
    shown = []
    for event in other.watch(after_seq=5):
        if event.text.startswith("hand 2"):
            break
        shown += [event.text] if " shows " in event.text else []
    assert shown[0] == f"p0 {placement.replace('place', 'shows', 1)}"


def test_open_face_timeouts_place_on_the_lowest_row_and_classic_ones_set_the_solvers_hand(
    api: BrelanClient, tables_server: ServerThread, clock: ManualClock
) -> None:
    info = api.create_table("chinese", {"style": "ofc", "players": "2", "rounds": "1"}, decision_seconds=20)
    ann, _ = api.join(info.table_id), api.join(info.table_id)
    dealt = list(typed(ann.view()).seats[0].held)
    advance(tables_server, clock, 21)
    assert list(typed(ann.view()).seats[0].board.bottom) == dealt  # all five to the bottom, the lowest row
    info = api.create_table("chinese", {"players": "2", "rounds": "1"}, decision_seconds=20, hints=True)
    ann, _ = api.join(info.table_id), api.join(info.table_id)
    suggested = ann.hints().hints[0].action
    advance(tables_server, clock, 21)
    shown = [e.text for e in api.hand_history(info.table_id, 1) if e.text.startswith("p0 shows")]
    assert shown == [suggested.replace("place", "p0 shows", 1)]


@pytest.mark.parametrize("store", STORES)
def test_a_join_retried_with_its_join_id_gets_the_same_seat_even_after_a_restart(tmp_path: Path, store: str,
                                                                                  request: pytest.FixtureRequest) -> None:  # fmt: skip
    database = database_for(store, request)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process, target = spawn(tmp_path, port, database)
    try:
        with BrelanClient(target) as api:
            table_id = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2]).table_id
            first = api.join(table_id, player="ann", join_id="a1b2c3d4e5f6a7b8")
            assert api.join(table_id, player="ann", join_id="a1b2c3d4e5f6a7b8") == first  # a retry: the same seat and token
        process.kill()
        process.wait(10)
        process, _ = spawn(tmp_path, port, database)
        with BrelanClient(target) as api:
            again = until_answered(lambda: api.join(table_id, player="ann", join_id="a1b2c3d4e5f6a7b8"))
            assert (again.seat, again.token) == (first.seat, first.token)  # after a restart too
            other = api.join(table_id, player="bob", join_id="f0e1d2c3b4a59687")
            assert other.seat != first.seat and other.token != first.token
            assert api.get_table(table_id).status == tpb.TABLE_STATUS_PLAYING  # two players and a bot: dealt
            assert api.view(table_id, token=first.token).seat == first.seat
            e = error_of(api.join, table_id, player="eve")  # without a join id, a new join: no seat left
            assert e.reason == "TABLE_FULL"
    finally:
        process.kill()
        process.wait(10)


def test_a_table_full_but_not_dealt_when_its_server_died_is_dealt_when_read_back(tmp_path: Path) -> None:
    """The server dies between a table's last join (logged) and its deal: read back, the table has every seat taken
    and no deal, and its players' join retries (join_id) only find their seats. It must deal by itself, or it waits
    for ever (bots in CI did so after a SIGKILL). The log is written here as such a death leaves it."""
    server = ServerThread(tmp_path, lexicons=False, rate=1000.0)
    try:
        with BrelanClient(server.target) as api:
            table_id = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2]).table_id
            api.join(table_id, seat=0, player="ann")
    finally:
        server.stop()

    async def last_join_logged() -> None:
        store = await open_store(None, tmp_path)
        try:
            await store.set_seat(table_id, 1, hashlib.sha256(b"bob's token").hexdigest(), "bob")
        finally:
            await store.close()

    asyncio.run(last_join_logged())
    server = ServerThread(tmp_path, lexicons=False, rate=1000.0)
    try:
        with BrelanClient(server.target) as api:
            info = until_answered(lambda: api.get_table(table_id))
            deadline = time.monotonic() + 10
            while info.status != tpb.TABLE_STATUS_PLAYING:
                assert time.monotonic() < deadline, info
                time.sleep(0.05)
                info = api.get_table(table_id)
            assert info.hand == 1 and [s.player for s in info.seats][:2] == ["ann", "bob"]
    finally:
        server.stop()


@pytest.mark.parametrize("store", STORES)
def test_remote_bots_ride_out_a_server_killed_and_restarted(tmp_path: Path, store: str,
                                                           request: pytest.FixtureRequest) -> None:  # fmt: skip
    database = database_for(store, request)
    with socket.socket() as probe:  # a port to come back on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process, target = spawn(tmp_path, port, database)
    bots = subprocess.Popen([sys.executable, "-m", "brelan.clients.cli", "bots", "run", "--game", "poker-champ",
                             "--option", "players=3", "--tables", "3", "--games", "3", "--server", target, "--json"],
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        with BrelanClient(target) as api:
            api.wait_ready()
            deadline = time.monotonic() + 60
            while sum(t.seq for t in api.list_tables(include_finished=True)) < 300:  # well into the games
                assert time.monotonic() < deadline and bots.poll() is None
                time.sleep(0.05)
            # Every table the bots were at when the server died must end: a join whose answer the crash lost
            # gives its seat back on retry (join_id), so no table is left waiting for a token nobody holds.
            playing = [t.table_id for t in api.list_tables()]
        process.kill()  # SIGKILL: no goodbye to the bots
        process.wait(10)
        time.sleep(1.0)  # the bots find nobody for a while
        process, _ = spawn(tmp_path, port, database)
        out, _ = bots.communicate(timeout=180)
        summary = json.loads(out.splitlines()[-1])
        assert (summary["games"], summary["errors"], summary["conserved"]) == (9, 0, True), summary.get("first_error")
        assert bots.returncode == 0
        with BrelanClient(target) as api:
            after = {t: api.get_table(t) for t in playing}
            states = {t: (info.status, [s.taken for s in info.seats], info.seq) for t, info in after.items()}
            assert playing and all(info.status == tpb.TABLE_STATUS_FINISHED for info in after.values()), (states, summary)
    finally:
        bots.kill()
        process.kill()
        process.wait(10)
