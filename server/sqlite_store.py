"""The embedded default log store: one SQLite file in WAL mode, for one process.

A group of writes (:class:`SqlStore`) is one transaction; when one is refused
(a fence lost) it is written again, each write in a savepoint of its own, so
that the others are written. It is committed on the event loop itself: in WAL mode with
``synchronous=NORMAL`` a commit writes to the WAL and syncs nothing, a few
tens of microseconds a write, less than a trip to a thread and back. That trip
(the loop and a writer thread waking each other, the thread waiting for the
GIL at each call into SQLite while the loop runs) made a commit take 1 to 30 ms
at 50 busy tables, and an act 40 ms at its median, 150 ms at its 99th
percentile (issue #27). What could hold the loop is kept off it: the
writer waits for no lock there (another process's lock, a full disk or an I/O
error sends the group to the writer's own thread, which waits ``BUSY_SECONDS``
at a time for the lock, and that, an I/O error or a full disk is
:class:`StoreUnavailable`: tried again, then the caller told), and the WAL's
checkpoints, which sync the files, run on that thread every
``CHECKPOINT_WRITES`` writes, between two commits. Reads run on a thread of
their own, with a second connection (WAL lets them go on while a write, or a
foreign lock, holds the database). A table awaits its commit before it does
anything else, so nothing runs between a table's state change and its commit.
A committed transaction survives the process being killed (only a power cut
can lose the last few).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from .log_store import LeaseLost, Outcome, SqlStore, StoreError, StoreUnavailable, Write, newer_schema
from .metrics import Metrics
from .schema import MIGRATIONS, SCHEMA_VERSION

BUSY_SECONDS = 1.0  # how long one attempt waits for another process's lock (then it is tried again)
# Writes between two checkpoints. A checkpoint holds the commits while it syncs the files: about 1 ms a hundred
# writes here (0.6 ms at 24, 2.5 ms at 200, 11 ms at 1000). Short and often keeps an act's p99 low (bench_cluster
# throughput, 50 tables, three runs each: p99 13-19 ms at 200, 17-21 ms at 1000, 16-19 ms at 100).
CHECKPOINT_WRITES = 200
logger = logging.getLogger(__name__)
T = TypeVar("T")


class SqliteStore(SqlStore):
    name = "sqlite"
    NOW = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path, metrics: Metrics | None = None) -> None:
        super().__init__(metrics)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self.db = self._connect()
            self.db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {path}: {e}") from None
        self._migrate()
        # Commits run on the event loop, so they must neither wait for a lock nor sync the disk there: a lock
        # sends the commit to the writer's thread to wait, and the checkpoints (the syncs) run on that thread.
        self.db.execute("PRAGMA busy_timeout = 0")
        self.db.execute("PRAGMA wal_autocheckpoint = 0")
        self.reader = self._connect()
        # One thread each: a connection is used by one thread at a time, and commits keep their order.
        self._writing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-write")
        self._reading = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-read")
        self._closed = False
        self._written = 0  # writes committed since the last checkpoint

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
        if self._written >= CHECKPOINT_WRITES:  # before this group, the last one's callers answered already
            self._written = 0
            await asyncio.get_running_loop().run_in_executor(self._writing, self._checkpoint)
        try:
            outcomes = self._group(group)  # on the loop, waiting for no lock
        except sqlite3.OperationalError:  # another process's lock, a full disk, an I/O error: nothing was written
            outcomes = await self._off_loop(self._writing, lambda: self._group(group, wait=True))
        self._written += len(group)
        return outcomes

    def _checkpoint(self) -> None:
        """Copy the WAL's pages into the database, so that the next commit starts the WAL over; between two
        commits, as SQLite's automatic checkpoints do, but on the writer's thread: it syncs the files."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as e:  # the next one tries again; meanwhile the WAL grows, and nothing is lost
            logger.warning("%s: a checkpoint failed: %s", self.path.name, e)

    def _group(self, group: list[Write], *, wait: bool = False) -> list[Outcome]:
        """One transaction for ``group``, each write in a savepoint: its first statement's rows, or why it alone
        was not written (a lost fence, a refused row). A fault of the database (locked, full, I/O) raises, and
        nothing is written. ``wait``: for another process's lock, up to ``BUSY_SECONDS`` (else it raises at once)."""
        if wait:
            self.db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        try:
            return self._transaction(group)
        finally:
            if wait:
                self.db.execute("PRAGMA busy_timeout = 0")

    def _transaction(self, group: list[Write]) -> list[Outcome]:
        # Each write's savepoint (two statements more for its three) only when one is refused, which is rare (a
        # retried row, a fence lost): the group is then rolled back and written again, each write in its own.
        refused = (LeaseLost, sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.DataError)
        try:
            with self.db:
                self.db.execute("BEGIN")
                return [self._statements(write) for write in group]
        except refused:
            pass
        outcomes: list[Outcome] = []
        with self.db:
            self.db.execute("BEGIN")
            for write in group:
                self.db.execute("SAVEPOINT write")
                try:
                    outcomes.append(self._statements(write))
                except refused as e:
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
