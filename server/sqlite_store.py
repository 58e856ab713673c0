"""The embedded default log store: one SQLite file in WAL mode, for one process.

Its work leaves the event loop: writes run on one thread of their own (SQLite
has one writer at a time), reads on another with a second connection (WAL lets
them go on while a write, or a foreign lock, holds the database). Writes are
committed in groups: those that come while the writer is busy go together, in
one transaction and one trip to its thread, each in a savepoint of its own so
that one refused (a fence lost) leaves the others written; each caller is
answered once the group is committed. A trip to a thread costs about as much
CPU as the commit itself (the loop and the writer wake each other), so many
tables acting at once share it (issue #27). A table awaits
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, TypeVar

from .log_store import (MIGRATIONS, SCHEMA_VERSION, LeaseLost, SqlStore, Statement, StoreError, StoreUnavailable,
                        newer_schema)  # fmt: skip

BUSY_SECONDS = 1.0  # how long one attempt waits for another process's lock (then it is tried again)
GROUP_MOST = 256  # writes committed together at most (a group's transaction stays short)
T = TypeVar("T")
Many = Sequence[tuple[str, list[Sequence[Any]]]]


@dataclass
class _Write:
    """A write waiting for the next group commit: its statements, and its caller's answer."""

    statements: Sequence[Statement]
    many: Many
    fenced: bool
    done: asyncio.Future[list[tuple[Any, ...]]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


class SqliteStore(SqlStore):
    name = "sqlite"
    NOW = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path) -> None:
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
        self._queued: list[_Write] = []  # the writes for the next group commit
        self._committing: asyncio.Task[None] | None = None  # the task committing groups while there are writes
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

    async def _write_once(self, statements: Iterable[Statement], many: Iterable[tuple[str, list[Sequence[Any]]]] = (),
                          *, fenced: bool = False) -> list[tuple[Any, ...]]:  # fmt: skip
        """Queue the write for the next group commit, and wait for it (see the module's docstring)."""
        write = _Write(list(statements), list(many), fenced)
        self._queued.append(write)
        if self._committing is None or self._committing.done():
            self._committing = asyncio.get_running_loop().create_task(self._commit_groups())
        return await write.done

    async def _commit_groups(self) -> None:
        """Commit the writes queued, a group at a time, until none is left; answer each write's caller."""
        while self._queued:
            group, self._queued = self._queued[:GROUP_MOST], self._queued[GROUP_MOST:]
            try:
                outcomes = await self._off_loop(self._writing, lambda: self._group(group))
            except StoreUnavailable as e:  # nothing of the group was written: each caller tries again
                outcomes = [StoreUnavailable(str(e)) for _ in group]
            except Exception as e:  # not the database (this store closed under its server): each caller is told
                outcomes = [e for _ in group]
            except BaseException as e:  # stopped (a shutdown): whether the group was written is not known here
                for write in group + self._queued:
                    if not write.done.done():
                        write.done.set_exception(StoreUnavailable(f"{self.path.name}: the commit stopped ({e!r})"))
                self._queued = []
                raise
            for write, outcome in zip(group, outcomes):
                if write.done.done():
                    continue  # its caller went away: the write stands (or not) all the same
                if isinstance(outcome, BaseException):
                    write.done.set_exception(outcome)
                else:
                    write.done.set_result(outcome)

    def _group(self, group: list[_Write]) -> list[list[tuple[Any, ...]] | Exception]:
        """One transaction for ``group``, each write in a savepoint: its first statement's rows, or why it alone
        was not written (a lost fence, a refused row). A fault of the database (locked, full, I/O) raises, and
        nothing is written."""
        outcomes: list[list[tuple[Any, ...]] | Exception] = []
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

    def _statements(self, write: _Write) -> list[tuple[Any, ...]]:
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
        if self._committing is not None:
            await asyncio.wait([self._committing])  # the writes already queued are committed first
        for pool, db in ((self._writing, self.db), (self._reading, self.reader)):
            await asyncio.get_running_loop().run_in_executor(pool, db.close)
            pool.shutdown()
