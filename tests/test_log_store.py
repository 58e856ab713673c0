"""The log store on SQLite and PostgreSQL: schema versions, migrations, clear errors, deadlines kept over a restart."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import grpc
import psycopg
import pytest

from brelan.clients.client import BrelanClient, typed
from brelan.server.clock import ManualClock
from brelan.server.games.registry import get_variant
from brelan.server import sqlite_store
from brelan.server.log_store import LeaseLost, LoggedAction, LoggedEvent, StoreError
from brelan.server.schema import MIGRATIONS, SCHEMA_VERSION
from brelan.server.main import ServerThread
from brelan.server.stores import SQLITE_NAME, open_store
from brelan.server.table import Table
from conftest import STORES, Postgres, advance, database_for, error_of


def test_a_log_from_before_schema_versions_is_migrated_and_keeps_its_tables(tmp_path: Path) -> None:
    legacy = sqlite3.connect(tmp_path / "tables.sqlite3")
    for sql in MIGRATIONS[0]:  # the schema as it was, with no version table
        legacy.execute(sql)
    legacy.execute("INSERT INTO tables (table_id, variant, name, options, seed, seed_sha256, decision_seconds,"
                   " bot_seats, created) VALUES ('t-old', 'poker-champ', 'old', '{\"players\": \"2\"}', 's', 'h', 0,"
                   " '[]', 1)")  # fmt: skip
    legacy.commit()
    legacy.close()
    store = asyncio.run(open_store(None, tmp_path))
    rows = asyncio.run(store.tables())
    assert [(r.table_id, r.options, r.deadlines) for r in rows] == [("t-old", {"players": "2"}, {})]
    assert store.db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION  # type: ignore[attr-defined]


@pytest.mark.parametrize("store", STORES)
def test_a_database_of_a_newer_schema_is_refused_in_one_line(tmp_path: Path, store: str,
                                                            request: pytest.FixtureRequest) -> None:  # fmt: skip
    database = database_for(store, request)

    async def open_and_close() -> None:
        await (await open_store(database, tmp_path)).close()

    asyncio.run(open_and_close())
    if database is None:
        with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
            db.execute("UPDATE schema_version SET version = 99")
    else:
        with psycopg.connect(database, autocommit=True) as db:
            db.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(StoreError) as e:
        asyncio.run(open_store(database, tmp_path))
    assert f"schema version 99, newer than this brelan knows ({SCHEMA_VERSION})" in str(e.value)


def test_serve_says_in_one_line_when_the_database_cannot_be_reached(tmp_path: Path, postgres: Postgres) -> None:
    for url, why in [(f"postgresql://brelan:secret@127.0.0.1:{postgres.port}/nothere", "nothere"),
                     ("postgresql://brelan:secret@127.0.0.1:1/brelan", "127.0.0.1"),
                     ("mysql://x", "postgresql://USER@HOST:PORT/DB")]:  # fmt: skip
        done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "serve", "--no-lexicon", "--port", "0",
                               "--data-dir", str(tmp_path), "--database", url],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("brelan: error:") and why in lines[0], lines
        assert "secret" not in done.stderr  # a password never reaches a log


@contextmanager
def serving(tmp_path: Path, database: str | None) -> Iterator[BrelanClient]:
    """A table server on this data directory and store (no lexicon), and a client of it; the server stops after."""
    server = ServerThread(tmp_path, lexicons=False, database=database)
    try:
        with BrelanClient(server.target) as api:
            yield api
    finally:
        server.stop()


@pytest.mark.parametrize("store", STORES)
def test_a_decision_deadline_continues_from_what_is_left_after_a_restart(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = database_for(store, request)
    clock = ManualClock()
    first = ServerThread(tmp_path, lexicons=False, clock=clock, database=database)
    try:
        with BrelanClient(first.target) as api:
            info = api.create_table("poker-champ", {"players": "2"}, decision_seconds=30)
            ann, bob = api.join(info.table_id), api.join(info.table_id)
            advance(first, clock, 20)
            assert 9.9 < ann.view().deadline_seconds <= 10
    finally:
        first.stop()
    again = ServerThread(tmp_path, lexicons=False, clock=clock, database=database)
    try:
        with BrelanClient(again.target) as api:
            ann.client = bob.client = api
            assert 9.9 < ann.view().deadline_seconds <= 10  # not 30 again
            advance(again, clock, 11)
            assert typed(ann.view()).deal == 2  # both folded for time: the next deal
    finally:
        again.stop()


@pytest.mark.parametrize("store", STORES)
def test_a_practice_table_still_gives_hints_after_a_restart_and_another_still_none_each_with_its_pause(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = database_for(store, request)
    with serving(tmp_path, database) as api:
        tables = {hints: api.create_table("chinese", {"players": "2"}, hints=hints,
                                          pause_seconds=2.5 if hints else 0).table_id for hints in (True, False)}
        seats = {hints: api.join(table_id) for hints, table_id in tables.items()}
        before = seats[True].hints().hints
    with serving(tmp_path, database) as api:  # the same store again: a restart
        listed = {info.table_id: (info.hints, info.pause_seconds) for info in api.list_tables()}
        assert listed[tables[True]] == (True, 2.5) and listed[tables[False]] == (False, 0)
        assert api.get_table(tables[True]).pause_seconds == 2.5
        seats[True].client = seats[False].client = api
        assert seats[True].hints().hints == before  # the same hand replayed, the same solver's set
        assert error_of(seats[False].hints).reason == "NO_HINTS"


@pytest.mark.parametrize("store", STORES)
def test_a_create_table_retried_with_its_create_id_answers_the_table_it_made_after_a_restart_too(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = database_for(store, request)
    create_id = uuid.uuid4().hex
    with serving(tmp_path, database) as api:
        made = api.create_table("poker-champ", {"players": "2"}, create_id=create_id)
        api.join(made.table_id, player="ann")
        again = api.create_table("poker-champ", {"players": "2"}, create_id=create_id)
        assert again.table_id == made.table_id and again.seats[0].player == "ann"  # as it stands
        other = api.create_table("poker-champ", {"players": "2"}, create_id=uuid.uuid4().hex)
        assert other.table_id != made.table_id
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, create_id="short")
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "create_id", e
    with serving(tmp_path, database) as api:  # the same store again: a restart
        kept = api.create_table("poker-champ", {"players": "2"}, create_id=create_id)
        assert kept.table_id == made.table_id and kept.seats[0].player == "ann"
        assert len([t for t in api.list_tables() if t.table_id in (made.table_id, other.table_id)]) == 2


@pytest.mark.parametrize("store", STORES)
def test_writes_made_at_once_are_each_committed_or_refused_alone(tmp_path: Path, store: str,
                                                                request: pytest.FixtureRequest) -> None:  # fmt: skip
    """Many tables commit at once (SQLite commits them as one group, again each write in a savepoint when one is
    refused): each write is in the log once acknowledged, and one refused (a fence lost, a seq logged already) takes
    nothing of the others with it."""
    database = database_for(store, request)
    variant = get_variant("poker-champ")

    async def run() -> None:
        log = await open_store(database, tmp_path)
        try:
            ids = [f"t-group{n}" for n in range(40)]
            for table_id in ids:
                row = Table.new_row(table_id, variant, variant.make_options({}), "", 0.0, ())
                assert await log.create(row, "node-a", 60.0)

            def append(table_id: str, seq: int, fence: tuple[str, int] = ("node-a", 1), deadline: float = 1.5) -> Any:
                action = LoggedAction(0, f"bet {seq}", f"id{seq}", seq)
                return log.append(table_id, action, [LoggedEvent(seq, 1, 0, f"bet {seq}", f"p0 bets {seq}")],
                                  {0: deadline}, fence=fence)  # fmt: skip

            await append(ids[1], 1)
            outcomes = await asyncio.gather(
                *(append(table_id, 1) for table_id in ids[2:]), append(ids[0], 1, ("node-b", 1)), append(ids[1], 1, deadline=9.0),
                return_exceptions=True)  # fmt: skip
            assert all(o is None for o in outcomes[:-2]), outcomes
            assert isinstance(outcomes[-2], LeaseLost)  # another node's table: refused, nothing of it written
            assert isinstance(outcomes[-1], Exception) and not isinstance(outcomes[-1], LeaseLost)  # seq 1 again
            for table_id in ids[1:]:
                assert [e.text for e in await log.events(table_id)] == ["p0 bets 1"]
                assert [a.action for a in await log.actions(table_id)] == ["bet 1"]
            assert await log.events(ids[0]) == [] and await log.actions(ids[0]) == []
            for table_id in ids[1:3]:  # the refused write's first statement (its deadlines) was undone with it
                assert (await log.table(table_id)).deadlines == {0: 1.5}  # type: ignore[union-attr]
        finally:
            await log.close()

    asyncio.run(run())


def test_sqlite_s_wal_is_checkpointed_as_the_writes_go_through_its_commits_sync_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """SQLite commits on the loop, with its automatic checkpoints (which sync the disk) turned off there: the
    store runs them on its writer's thread every CHECKPOINT_WRITES writes, so the WAL starts over and stays
    small. Without them it holds every write since the server started."""
    variant = get_variant("poker-champ")

    async def wal_bytes(every: int, where: Path) -> int:
        monkeypatch.setattr(sqlite_store, "CHECKPOINT_WRITES", every)
        log = await open_store(None, where)
        try:
            row = Table.new_row("t-wal", variant, variant.make_options({}), "", 0.0, ())
            assert await log.create(row)
            for seq in range(1, 201):
                await log.append("t-wal", LoggedAction(0, "check", "", seq), [LoggedEvent(seq, 1, 0, "check", "x" * 500)],
                                 {0: 1.5})  # fmt: skip
            assert len(await log.events("t-wal")) == 200
            return (where / SQLITE_NAME).with_name(SQLITE_NAME + "-wal").stat().st_size
        finally:
            await log.close()

    checkpointed = asyncio.run(wal_bytes(10, tmp_path / "a"))
    kept = asyncio.run(wal_bytes(10_000, tmp_path / "b"))
    assert checkpointed * 4 < kept, (checkpointed, kept)


@pytest.mark.parametrize("store", STORES)
def test_what_players_type_is_logged_as_typed(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> None:
    """PostgreSQL's commits bind their values in the client (one query a group): quotes, backslashes, placeholders
    and statement breaks in a name, an action or a result come back as they went in, and run nothing."""
    database = database_for(store, request)
    variant = get_variant("poker-champ")
    typed = "l'as d'\"pique\" \\ ? %s $1 $$; DROP TABLE events; -- é€🂡"

    async def run() -> None:
        log = await open_store(database, tmp_path)
        try:
            row = Table.new_row("t-typed", variant, variant.make_options({}), typed, 0.0, ())
            assert await log.create(row, "node-a", 60.0)
            await log.set_seat("t-typed", 0, "sha", typed, typed)
            events = [LoggedEvent(1, 1, 0, typed, typed), LoggedEvent(2, 1, None, "", "\n\t'")]
            await log.append("t-typed", LoggedAction(0, typed, typed, 2), events, {0: 0.1 + 0.2},
                             result={typed: [typed, 1.5]}, fence=("node-a", 1))  # fmt: skip
            assert await log.events("t-typed") == events
            assert await log.actions("t-typed") == [LoggedAction(0, typed, typed, 2)]
            assert await log.seats("t-typed") == {0: ("sha", typed, typed, False)}
            await log.set_sitting_out("t-typed", 0, True)
            assert await log.seats("t-typed") == {0: ("sha", typed, typed, True)}
            await log.set_seat("t-typed", 0, "sha2", typed, typed)  # taken again: back in
            assert await log.seats("t-typed") == {0: ("sha2", typed, typed, False)}
            table = await log.table("t-typed")
            assert table is not None and table.name == typed and table.deadlines == {0: 0.1 + 0.2}
            assert table.result == {typed: [typed, 1.5]}
        finally:
            await log.close()

    asyncio.run(run())
