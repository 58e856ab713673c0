"""The embedded default log store: one SQLite file in WAL mode, for one process.

Its work leaves the event loop: writes run on one thread of their own (SQLite
has one writer at a time), reads on another with a second connection (WAL lets
them go on while a write, or a foreign lock, holds the database). A group of
writes (:class:`SqlStore`) is one transaction and one trip to the writer's
thread, each write in a savepoint of its own so that one refused (a fence lost)
leaves the others written: a trip to a thread costs about as much CPU as the
commit itself (the loop and the writer wake each other). A table awaits
its commit before it does anything else, so nothing runs between a table's state
change and its commit; meanwhile the loop serves every other call. A lock held by
another process is waited for ``BUSY_SECONDS`` at a time, and that, an I/O error
or a full disk is :class:`StoreUnavailable` (tried again, then the caller told).
In WAL mode with ``synchronous=NORMAL`` a committed transaction survives the
process being killed (only a power cut can lose the last few).
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from .log_store import (MIGRATIONS, SCHEMA_VERSION, LeaseLost, Outcome, SqlStore, StoreError, StoreUnavailable,
                        Write, newer_schema)  # fmt: skip

BUSY_SECONDS = 1.0  # how long one attempt waits for another process's lock (then it is tried again)
T = TypeVar("T")


class SqliteStore(SqlStore):
    name = "sqlite"
    NOW = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path) -> None:
        super().__init__()
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self.db = self._connect()
            self.db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {path}: {e}") from None
        self._migrate()
        self.reader = self._connect()
        # One thread each: a connection is used by one thread at a time, and commits keep their order.
        self._writing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-write")
        self._reading = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-read")
        self._closed = False

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=BUSY_SECONDS)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    async def _off_loop(self, pool: ThreadPoolExecutor, work: Callable[[], T]) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work)
        except sqlite3.OperationalError as e:  # locked, busy, I/O error, disk full: may pass
            raise StoreUnavailable(f"{self.path.name}: {e}") from e

    def _version(self) -> int:
        known = {name for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" in known:
            return int(self.db.execute("SELECT version FROM schema_version").fetchone()[0])
        return 1 if "tables" in known else 0  # a log from before the schema had a version

    def _migrate(self) -> None:
        version = self._version()
        if version > SCHEMA_VERSION:
            raise newer_schema(version, str(self.path))
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            for steps in MIGRATIONS[version:]:
                for sql in steps:
                    self.db.execute(sql)
            self.db.execute("DELETE FROM schema_version")
            self.db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))

    async def _commit_group(self, group: list[Write]) -> list[Outcome]:
        return await self._off_loop(self._writing, lambda: self._group(group))

    def _group(self, group: list[Write]) -> list[Outcome]:
        """One transaction for ``group``, each write in a savepoint: its first statement's rows, or why it alone
        was not written (a lost fence, a refused row). A fault of the database (locked, full, I/O) raises, and
        nothing is written."""
        outcomes: list[Outcome] = []
        with self.db:
            self.db.execute("BEGIN")
            for write in group:
                self.db.execute("SAVEPOINT write")
                try:
                    outcomes.append(self._statements(write))
                except (LeaseLost, sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.DataError) as e:
                    self.db.execute("ROLLBACK TO write")
                    outcomes.append(e)
                self.db.execute("RELEASE write")
        return outcomes

    def _statements(self, write: Write) -> list[tuple[Any, ...]]:
        first: list[tuple[Any, ...]] | None = None
        for sql, params in write.statements:
            cursor = self.db.execute(sql, params)
            if first is None:
                first = cursor.fetchall()
                if write.fenced and cursor.rowcount == 0:
                    raise LeaseLost("this node no longer holds the table")  # its savepoint is rolled back
        for sql, rows in write.many:
            self.db.executemany(sql, rows)
        return first or []

    async def _read_once(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._off_loop(self._reading, lambda: self.reader.execute(sql, params).fetchall())

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._committed()  # the writes already queued first
        for pool, db in ((self._writing, self.db), (self._reading, self.reader)):
            await asyncio.get_running_loop().run_in_executor(pool, db.close)
            pool.shutdown()
