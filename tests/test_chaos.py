"""Chaos: a table's runtime under callers who give up, real-time bots, store faults and corrupt logs.

Each test goes through the real server (gRPC on port 0, a real SQLite file or the suite's own PostgreSQL)
and checks what a player would: every table keeps moving, every call is answered (never INTERNAL), and the
log still replays (a restarted server, or ``replay``, gives back exactly the events its clients were told).
"""

from __future__ import annotations

import json
import logging
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.lexicon.lexicon import Lexicon
from brelan.server.errors import ServiceError
from brelan.server.games.registry import get_variant
from brelan.server.games.transcript import Transcript, replay
from brelan.server.stores import SQLITE_NAME
from brelan.server.main import ServerThread
from brelan.server.decisions import LEFT_SEAT_SECONDS
from brelan.server.table import ABANDON_SECONDS
from brelan.server.tables import CREATE_BURST, WAITING_SECONDS
from conftest import advance, give_up_at_once, on_writer, sharing_lexicons, spawn, until_answered
from postgres_support import Postgres

FINISHED = tpb.TABLE_STATUS_FINISHED


def wait_for(check: Callable[[], bool], limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, f"not within {limit:g}s: {what}"
        time.sleep(0.05)


def finishes(api: BrelanClient, table_id: str, limit: float = 60.0) -> tpb.TableInfo:
    """The table once its game is over. The test fails when the table stands still for ``limit`` seconds (its seq
    does not move: stuck), not when a game that plays on is slow on a loaded machine (ten times ``limit`` at most).
    """
    seen = {"seq": -1, "since": time.monotonic()}
    overall = time.monotonic() + 10 * limit

    def over() -> bool:
        info = until_answered(lambda: api.get_table(table_id))
        now = time.monotonic()
        if info.seq != seen["seq"]:
            seen.update(seq=info.seq, since=now)
        stuck = now - seen["since"] > limit or now > overall
        assert not stuck, f"{table_id} stands still at seq {info.seq} (status {info.status}) for {now - seen['since']:.0f}s"
        return info.status == FINISHED

    wait_for(over, 10 * limit, f"{table_id} ends")
    return api.get_table(table_id)


def replays(api: BrelanClient, table_id: str, lexicons: Callable[[str], Lexicon] | None = None) -> None:
    """The finished table's log replays from its seed to the same events (the log never forked)."""
    assert replay(Transcript.parse(api.transcript(table_id).transcript), lexicons).is_over


def moves(api: BrelanClient, table_id: str, limit: float = 10.0) -> None:
    """The table's seq goes on (or its game ends): its task is alive."""
    first = api.get_table(table_id)
    wait_for(lambda: (t := api.get_table(table_id)).seq > first.seq or t.status == FINISHED, limit,
             f"{table_id} moves on from seq {first.seq}")  # fmt: skip


@pytest.fixture(scope="module")
def chaos_server(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, full: Lexicon,
                 mini: Lexicon) -> Iterator[ServerThread]:  # fmt: skip
    """A server of this module's (its own SQLite log) serving the session's lexicons, on the system clock."""
    server = ServerThread(sharing_lexicons(tmp_path_factory.mktemp("chaos"), data_dir), rate=1000.0)
    yield server
    server.stop()


@pytest.fixture
def chaos(chaos_server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(chaos_server.target) as client:
        client.wait_ready()
        yield client


@pytest.mark.parametrize("variant,options", [
    ("alphapoker-bataille", {"reaction": "0.05"}),  # real-time: bots claim as they see
    ("alphapoker-belote", {"reaction": "0.05"}),
    ("poker-champ", {"players": "3"}),  # turn-based
])  # fmt: skip
def test_callers_who_give_up_at_once_freeze_no_table(chaos: BrelanClient, chaos_server: ServerThread, variant: str,
                                                     options: dict[str, str]) -> None:  # fmt: skip
    game = get_variant(variant)
    info = chaos.create_table(variant, options, bot_seats=list(range(game.seats(game.make_options(options)))))
    for _ in range(3):
        codes = give_up_at_once(chaos_server.target, [info.table_id], 200)
        assert grpc.StatusCode.INTERNAL not in codes and grpc.StatusCode.UNKNOWN not in codes, codes
        moves(chaos, info.table_id)
    # A caller who waits gets his answer from the table's task (a full table: FAILED_PRECONDITION).
    with pytest.raises(ServiceError) as e:
        chaos.join(info.table_id, player="late")
    assert e.value.code == grpc.StatusCode.FAILED_PRECONDITION, e.value


def test_calls_queued_while_real_time_bots_are_due_are_answered(chaos: BrelanClient) -> None:
    """Commands waiting while a bot's reaction time is over: each turn runs one of each (no spin, no wait forever)."""
    info = chaos.create_table("alphapoker-bataille", {"reaction": "0.01"}, bot_seats=[1])
    me = chaos.join(info.table_id, seat=0, player="me")
    errors: list[BaseException] = []

    def flood() -> None:
        try:
            for _ in range(20):
                try:
                    chaos.join(info.table_id, player="x")  # a full table: through the table's queue, refused
                except ServiceError as e:
                    assert e.code == grpc.StatusCode.FAILED_PRECONDITION, e
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    threads = [threading.Thread(target=flood) for _ in range(4)]
    for thread in threads:
        thread.start()
    for _ in range(10):
        legal = me.view().legal
        if legal:
            try:
                me.act(legal[0])
            except ServiceError as e:
                assert e.code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED), e
    for thread in threads:
        thread.join(30)
        assert not thread.is_alive(), "a queued call was never answered"
    assert not errors, errors
    moves(chaos, info.table_id)


def test_a_bots_only_bataille_at_reaction_0_ends_on_its_clock(word_server: ServerThread, api: BrelanClient,
                                                              clock: object) -> None:  # fmt: skip
    """Bots that are always due do not hold the game clock back: it fires whatever they do."""
    info = api.create_table("alphapoker-bataille", {"reaction": "0", "minutes": "1"}, bot_seats=[0, 1])
    wait_for(lambda: api.get_table(info.table_id).seq > 30, 30, "the bots play")
    advance(word_server, clock, 61)  # type: ignore[arg-type]
    assert finishes(api, info.table_id, 30).status == FINISHED
    replays(api, info.table_id, word_server.running.handler.named)  # type: ignore[union-attr]


# -- store faults -----------------------------------------------------------------------------------------


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[ServerThread]:
    server = ServerThread(tmp_path, lexicons=False, rate=1000.0)
    server.running.log.retry_seconds = 1.0  # type: ignore[union-attr]  # give up sooner than 5 s: a short test
    yield server
    server.stop()


def bot_tables(api: BrelanClient, n: int) -> list[str]:
    return [api.create_table("poker-champ", {"players": "3"}, bot_seats=[0, 1, 2]).table_id for _ in range(n)]


@pytest.mark.parametrize("held", [0.5, 2.5])  # within the store's retries; past them (the tables let go)
def test_a_foreign_sqlite_lock_stalls_no_call_and_loses_nothing(sqlite_server: ServerThread, tmp_path: Path,
                                                                held: float) -> None:  # fmt: skip
    with BrelanClient(sqlite_server.target) as api:
        api.wait_ready()
        tables = bot_tables(api, 3)
        foreign = sqlite3.connect(tmp_path / SQLITE_NAME, isolation_level=None)
        foreign.execute("BEGIN EXCLUSIVE")
        slowest = 0.0
        until = time.monotonic() + held
        while time.monotonic() < until:  # the event loop is free: health checks and listings answer at once
            started = time.monotonic()
            api.wait_ready(timeout=2)
            # a read: WAL lets it past the lock (finished ones too: a bots' game may end before the lock is taken)
            assert {t.table_id for t in api.list_tables(include_finished=True)} >= set(tables)
            slowest = max(slowest, time.monotonic() - started)
            time.sleep(0.05)
        foreign.execute("ROLLBACK")
        foreign.close()
        assert slowest < 1.0, f"a call waited {slowest:.2f}s behind the lock"
        for table_id in tables:
            assert finishes(api, table_id, 120).status == FINISHED
            replays(api, table_id)
    sqlite_server.stop()
    again = ServerThread(tmp_path, lexicons=False)  # the log replays: a server starts on it
    try:
        assert again.running.tables.log is not None
    finally:
        again.stop()


def test_a_full_disk_lets_go_of_the_tables_and_they_play_on_once_space_is_back(sqlite_server: ServerThread,
                                                                               tmp_path: Path) -> None:  # fmt: skip
    with BrelanClient(sqlite_server.target) as api:
        api.wait_ready()
        tables = bot_tables(api, 3)
        wait_for(lambda: all(api.get_table(t).seq > 5 for t in tables), 30, "the tables play")
        pages = sqlite3.connect(tmp_path / SQLITE_NAME).execute("PRAGMA page_count").fetchone()[0]
        on_writer(sqlite_server, f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL, as a full disk
        time.sleep(3)
        errors = []
        for table_id in tables:  # answered: UNAVAILABLE while the table waits to be replayed, never INTERNAL
            try:
                api.get_table(table_id)
            except ServiceError as e:
                errors.append(e.code)
        assert set(errors) <= {grpc.StatusCode.UNAVAILABLE}, errors
        on_writer(sqlite_server, "PRAGMA max_page_count = 1073741823")
        for table_id in tables:
            assert finishes(api, table_id, 120).status == FINISHED
            replays(api, table_id)


def test_a_table_whose_log_does_not_replay_is_set_aside_and_the_others_are_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    server = ServerThread(tmp_path, lexicons=False)
    with BrelanClient(server.target) as api:
        api.wait_ready()
        broken = api.create_table("poker-champ", {"players": "2"})
        sound = api.create_table("poker-champ", {"players": "2"})
        seats = {t.table_id: [api.join(t.table_id, player=p) for p in ("ann", "bob")] for t in (broken, sound)}
        for handles in seats.values():
            handles[0].act("pay") if handles[0].view().legal else handles[1].act("pay")
    server.stop()
    with sqlite3.connect(tmp_path / SQLITE_NAME) as db:  # an action the engine refuses, in place of the real one
        db.execute("UPDATE actions SET action = 'bet 999' WHERE table_id = ?", (broken.table_id,))
    with caplog.at_level(logging.ERROR, logger="brelan.server.tables"):
        server = ServerThread(tmp_path, lexicons=False)  # it starts
    try:
        assert [r.getMessage() for r in caplog.records if broken.table_id in r.getMessage()], caplog.text
        with BrelanClient(server.target) as api:
            with pytest.raises(ServiceError) as e:
                api.get_table(broken.table_id)
            assert e.value.code == grpc.StatusCode.DATA_LOSS and broken.table_id in str(e.value)
            for handle in seats[sound.table_id]:
                handle.client = api
            assert api.get_table(sound.table_id).status == tpb.TABLE_STATUS_PLAYING
            mover = next(h for h in seats[sound.table_id] if h.view().legal)
            mover.act(mover.view().legal[0])  # the sound table plays on
    finally:
        server.stop()


def test_postgresql_restarted_under_two_nodes_every_game_finishes_and_nothing_is_internal(
    tmp_path: Path, postgres: Postgres
) -> None:
    database = postgres.database()
    nodes = [spawn(tmp_path / f"node{i}", 0, database, "--no-lexicon") for i in range(2)]
    codes: list[grpc.StatusCode] = []
    try:
        with BrelanClient(nodes[0][1]) as one, BrelanClient(nodes[1][1]) as two:
            one.wait_ready()
            two.wait_ready()
            tables = [api.create_table(v, o, bot_seats=list(range(n)), decision_seconds=0).table_id
                      for api in (one, two)
                      for v, o, n in [("poker-champ", {"players": "3"}, 3), ("poker-champ", {"players": "4"}, 4),
                                      ("yahtzee-holdem", {"players": "3"}, 3), ("daker", {"players": "3"}, 3)]]  # fmt: skip
            wait_for(lambda: all(one.get_table(t).seq > 3 for t in tables), 60, "the tables play")
            stop = threading.Event()

            def call_meanwhile() -> None:  # calls that hit the database while it restarts
                while not stop.is_set():
                    for api in (one, two):
                        for call in (lambda: api.list_tables(), lambda: api.get_table(tables[0])):  # noqa: B023
                            try:
                                call()
                            except ServiceError as e:
                                codes.append(e.code)
                    time.sleep(0.01)

            caller = threading.Thread(target=call_meanwhile)
            caller.start()
            postgres.restart()
            time.sleep(1)
            postgres.restart()  # twice: a node that rode out the first must ride out the second
            time.sleep(2)
            stop.set()
            caller.join(30)
            for table_id in tables:
                assert finishes(one, table_id, 150).status == FINISHED, table_id
                replays(one, table_id)
    finally:
        for process, _ in nodes:
            process.send_signal(signal.SIGTERM)
            process.wait(20)
    assert grpc.StatusCode.INTERNAL not in codes and grpc.StatusCode.UNKNOWN not in codes, codes
    assert set(codes) <= {grpc.StatusCode.UNAVAILABLE}, codes


# -- strangers ---------------------------------------------------------------------------------------------


def test_a_table_nobody_joins_gives_up_waiting(word_server: ServerThread, api: BrelanClient, clock: object) -> None:
    info = api.create_table("poker-champ", {"players": "3"})
    assert info.join_by == pytest.approx(clock.now() + WAITING_SECONDS)  # type: ignore[attr-defined]
    api.join(info.table_id, player="ann")
    advance(word_server, clock, WAITING_SECONDS + 1)  # type: ignore[arg-type]
    done = api.get_table(info.table_id)
    assert done.status == FINISHED and json.loads(done.result)["forfeited"] == [1, 2] == list(done.forfeited)


def test_one_address_cannot_flood_the_lobby(sqlite_server: ServerThread) -> None:
    with BrelanClient(sqlite_server.target) as api:
        api.wait_ready()
        codes = []
        for _ in range(int(CREATE_BURST) + 30):
            try:
                api.create_table("poker-champ", {"players": "2"})
                codes.append(grpc.StatusCode.OK)
            except ServiceError as e:
                assert e.reason == "RATE_LIMITED" and "a second" in str(e), e
                codes.append(e.code)
        assert codes[: int(CREATE_BURST) - 10] == [grpc.StatusCode.OK] * (int(CREATE_BURST) - 10)
        assert codes.count(grpc.StatusCode.RESOURCE_EXHAUSTED) >= 10


def test_a_game_everyone_left_plays_at_the_tables_pace_then_ends_as_abandoned(word_server: ServerThread,
                                                                             api: BrelanClient, clock: object) -> None:  # fmt: skip
    info = api.create_table("poker-champ", {"players": "2"}, untimed=True)  # the left seats then play at 30 s
    seats = [api.join(info.table_id, player=p) for p in ("ann", "bob")]
    at = api.get_table(info.table_id).seq
    for seat in seats:
        seat.leave()
    advance(word_server, clock, 1)  # type: ignore[arg-type]
    assert api.get_table(info.table_id).seq == at  # not at once
    advance(word_server, clock, LEFT_SEAT_SECONDS)  # type: ignore[arg-type]
    assert api.get_table(info.table_id).seq > at  # the timeout rule plays the left seats
    advance(word_server, clock, ABANDON_SECONDS)  # type: ignore[arg-type]
    done = api.get_table(info.table_id)
    assert done.status == FINISHED and json.loads(done.result) == {"abandoned": True, "absent": [0, 1]}
    assert done.abandoned and list(done.absent) == [0, 1] and done.poker_champ.champions == []  # typed alike


def test_an_expected_seq_ahead_of_the_table_is_the_callers_error(api: BrelanClient) -> None:
    info = api.create_table("poker-champ", {"players": "2"})
    seats = [api.join(info.table_id, player=p) for p in ("ann", "bob")]
    mover = next(s for s in seats if s.view().legal)
    with pytest.raises(ServiceError) as e:
        mover.act("pay", expected_seq=mover.view().seq + 5)
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT and e.value.violations[0][0] == "expected_seq"
