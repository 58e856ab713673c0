"""The tables' event log: SQLite in WAL mode under the data directory.

Each accepted action is one transaction holding the action and every event it
caused; the table sends those events to clients only after the commit. In WAL
mode with ``synchronous=NORMAL`` a committed transaction survives the process
being killed (only a power cut can lose the last few), so a client is never
told of an event the log does not hold.

The log is the state: a table is rebuilt from its seed, options and actions,
and the replay must give back the logged events. :class:`TableLog` is the
interface a PostgreSQL store would implement for several machines.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Protocol

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    name TEXT NOT NULL,
    options TEXT NOT NULL,            -- JSON {key: text}
    seed TEXT NOT NULL,
    seed_sha256 TEXT NOT NULL,
    decision_seconds REAL NOT NULL,
    bot_seats TEXT NOT NULL,          -- JSON [seat, ...]
    created REAL NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    result TEXT                       -- JSON, once finished
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    player TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS reserved_seats (  -- a seat kept for one player: a tournament's, or one left mid-game
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seat INTEGER NOT NULL,
    secret_sha256 TEXT NOT NULL,      -- the secret that takes it (JoinTable's secret)
    player TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    n INTEGER NOT NULL,               -- its order: the seq of its last event (unique in a table)
    seat INTEGER,                     -- NULL: the table itself (its clock)
    action TEXT NOT NULL,
    action_id TEXT NOT NULL,
    last_seq INTEGER NOT NULL,        -- the seq of its last event
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(table_id),
    seq INTEGER NOT NULL,
    hand INTEGER NOT NULL,
    actor INTEGER,
    action TEXT NOT NULL,
    text TEXT NOT NULL,               -- the full event; redacted only when sent
    PRIMARY KEY (table_id, seq)
);
"""


@dataclass(frozen=True)
class TableRow:
    table_id: str
    variant: str
    name: str
    options: dict[str, str]
    seed: str
    seed_sha256: str
    decision_seconds: float
    bot_seats: tuple[int, ...]
    started: bool
    finished: bool
    result: dict[str, Any] | None


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    hand: int
    actor: int | None
    action: str
    text: str


@dataclass(frozen=True)
class LoggedAction:
    seat: int | None
    action: str
    action_id: str
    last_seq: int


class TableLog(Protocol):
    def create(self, row: TableRow) -> None: ...
    def set_seat(self, table_id: str, seat: int, token_sha256: str | None, player: str) -> None: ...
    def reserve(self, table_id: str, seat: int, secret_sha256: str, player: str) -> None: ...
    def reserved(self, table_id: str) -> dict[int, tuple[str, str]]: ...
    def append(self, table_id: str, action: LoggedAction | None, events: Iterable[LoggedEvent], *,
               started: bool = False) -> None: ...  # fmt: skip
    def finish(self, table_id: str, result: dict[str, Any]) -> None: ...
    def tables(self, *, unfinished_only: bool = False) -> list[TableRow]: ...
    def seats(self, table_id: str) -> dict[int, tuple[str, str]]: ...
    def actions(self, table_id: str) -> list[LoggedAction]: ...
    def events(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]: ...


class SqliteLog:
    """The embedded default. One connection, used from the server's event loop thread only."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create(self, row: TableRow) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (table_id, variant, name, options, seed, seed_sha256, decision_seconds, bot_seats,"
                " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.table_id, row.variant, row.name, json.dumps(row.options), row.seed, row.seed_sha256,
                 row.decision_seconds, json.dumps(list(row.bot_seats)), time.time()),
            )  # fmt: skip

    def set_seat(self, table_id: str, seat: int, token_sha256: str | None, player: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            if token_sha256 is None:
                self.db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            else:
                self.db.execute(
                    "INSERT OR REPLACE INTO seats (table_id, seat, token_sha256, player) VALUES (?, ?, ?, ?)",
                    (table_id, seat, token_sha256, player),
                )

    def reserve(self, table_id: str, seat: int, secret_sha256: str, player: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO reserved_seats (table_id, seat, secret_sha256, player) VALUES (?, ?, ?, ?)",
                            (table_id, seat, secret_sha256, player))  # fmt: skip

    def reserved(self, table_id: str) -> dict[int, tuple[str, str]]:
        rows = self.db.execute("SELECT seat, secret_sha256, player FROM reserved_seats WHERE table_id = ?", (table_id,))
        return {seat: (secret, player) for seat, secret, player in rows}

    def append(self, table_id: str, action: LoggedAction | None, events: Iterable[LoggedEvent], *,
               started: bool = False) -> None:  # fmt: skip
        with self.db:
            self.db.execute("BEGIN")
            if started:
                self.db.execute("UPDATE tables SET started = 1 WHERE table_id = ?", (table_id,))
            if action is not None:
                self.db.execute(
                    "INSERT INTO actions (table_id, n, seat, action, action_id, last_seq) VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, action.last_seq, action.seat, action.action, action.action_id, action.last_seq),
                )
            self.db.executemany(
                "INSERT INTO events (table_id, seq, hand, actor, action, text) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, e.seq, e.hand, e.actor, e.action, e.text) for e in events],
            )

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET finished = 1, result = ? WHERE table_id = ?", (json.dumps(result), table_id))

    def tables(self, *, unfinished_only: bool = False) -> list[TableRow]:
        query = "SELECT table_id, variant, name, options, seed, seed_sha256, decision_seconds, bot_seats, started," \
                " finished, result FROM tables" + (" WHERE finished = 0" if unfinished_only else "") + " ORDER BY created"  # fmt: skip
        return [
            TableRow(t, v, n, json.loads(o), s, h, d, tuple(json.loads(b)), bool(st), bool(f),
                     json.loads(r) if r else None)  # fmt: skip
            for t, v, n, o, s, h, d, b, st, f, r in self.db.execute(query)
        ]

    def seats(self, table_id: str) -> dict[int, tuple[str, str]]:
        rows = self.db.execute("SELECT seat, token_sha256, player FROM seats WHERE table_id = ?", (table_id,))
        return {seat: (token, player) for seat, token, player in rows}

    def actions(self, table_id: str) -> list[LoggedAction]:
        rows = self.db.execute(
            "SELECT seat, action, action_id, last_seq FROM actions WHERE table_id = ? ORDER BY n", (table_id,)
        )
        return [LoggedAction(*row) for row in rows]

    def events(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        rows = self.db.execute(
            "SELECT seq, hand, actor, action, text FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after_seq),
        )
        return [LoggedEvent(*row) for row in rows]
