"""The embedded default log store: one SQLite file in WAL mode, for one process.

Its methods are coroutines that never suspend: a write is a local transaction
of a few hundred microseconds, made in the event loop's thread like the rest of
a table's step, so nothing runs between a table's state change and its commit.
In WAL mode with ``synchronous=NORMAL`` a committed transaction survives the
process being killed (only a power cut can lose the last few).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Iterable, Sequence

from .log_store import MIGRATIONS, SCHEMA_VERSION, LeaseLost, SqlStore, Statement, StoreError, newer_schema


class SqliteStore(SqlStore):
    name = "sqlite"
    NOW = "((julianday('now') - 2440587.5) * 86400.0)"

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {path}: {e}") from None
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

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

    async def _write(self, statements: Iterable[Statement], many: Iterable[tuple[str, list[Sequence[Any]]]] = (),
                     *, fenced: bool = False) -> list[tuple[Any, ...]]:  # fmt: skip
        first: list[tuple[Any, ...]] | None = None
        with self.db:
            self.db.execute("BEGIN")
            for sql, params in statements:
                cursor = self.db.execute(sql, params)
                if first is None:
                    first = cursor.fetchall()
                    if fenced and cursor.rowcount == 0:
                        raise LeaseLost("this node no longer holds the table")  # rolls the transaction back
            for sql, rows in many:
                self.db.executemany(sql, rows)
        return first or []

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, params).fetchall()

    async def close(self) -> None:
        self.db.close()
