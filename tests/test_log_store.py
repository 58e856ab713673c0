"""The log store on SQLite and PostgreSQL: schema versions, migrations, clear errors, deadlines kept over a restart."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from brelan.clients.client import BrelanClient, view_dict
from brelan.server.clock import ManualClock
from brelan.server.log_store import MIGRATIONS, SCHEMA_VERSION, StoreError, open_store
from brelan.server.main import ServerThread
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
            assert view_dict(ann.view())["deal"] == 2  # both folded for time: the next deal
    finally:
        again.stop()


@pytest.mark.parametrize("store", STORES)
def test_a_practice_table_still_gives_hints_after_a_restart_and_another_still_none(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    database = database_for(store, request)
    first = ServerThread(tmp_path, lexicons=False, database=database)
    try:
        with BrelanClient(first.target) as api:
            tables = {hints: api.create_table("chinese", {"players": "2"}, hints=hints).table_id for hints in (True, False)}
            seats = {hints: api.join(table_id) for hints, table_id in tables.items()}
            before = seats[True].hints().hints
    finally:
        first.stop()
    again = ServerThread(tmp_path, lexicons=False, database=database)
    try:
        with BrelanClient(again.target) as api:
            listed = {info.table_id: info.hints for info in api.list_tables()}
            assert listed[tables[True]] and not listed[tables[False]]
            seats[True].client = seats[False].client = api
            assert seats[True].hints().hints == before  # the same hand replayed, the same solver's set
            assert error_of(seats[False].hints).reason == "NO_HINTS"
    finally:
        again.stop()
