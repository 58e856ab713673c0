"""The log store: tables, seats, actions, events and tournaments, in SQLite or PostgreSQL.

Each accepted action is one transaction holding the action and every event it
caused; a table sends those events to clients only after the commit, so a
client is never told of an event the log does not hold. The log is the state:
a table is rebuilt from its seed, options and actions, and the replay must give
back the logged events.

One SQL text serves both databases (written with ``?`` placeholders, the
portable subset: ``ON CONFLICT ... DO UPDATE``, ``DOUBLE PRECISION``);
:class:`SqlStore` holds every query and a driver subclass says how a
transaction runs: :class:`~brelan.server.sqlite_store.SqliteStore` (the
embedded default, one process) and
:class:`~brelan.server.postgres_store.PostgresStore` (several nodes).

The schema carries its version (:mod:`~brelan.server.schema`); its migrations take any older database to
its version on start, and a database of a newer version is refused
with one line saying so.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable, Sequence, TypeVar

from .metrics import Metrics
from .rows import (ChatLine, Listed, LoggedAction, LoggedEvent, TableRow, TournamentGame, TournamentRow,  # noqa: F401
                   columns, deadlines_json, row_of)  # fmt: skip  (the rows: the store's callers name them here)
from .schema import SCHEMA_VERSION

# A table's row is read from these columns, by name: all its fields but the CreateTable's id, which only
# made_by reads (a retried creation).
TABLE_COLUMNS = columns(TableRow, but=["create_id"])
# What each status a lobby lists is, in SQL over the tables' rows.
LISTING_STATUS = {"waiting": "(finished = 0 AND started = 0)", "playing": "(finished = 0 AND started = 1)",
                  "finished": "finished = 1"}  # fmt: skip
# A transient fault (a database restarting in under a second, a lock held a moment) is ridden out by trying
# again, from RETRY_FIRST seconds doubling to RETRY_MOST, for RETRY_SECONDS in all; then the caller is told.
RETRY_FIRST, RETRY_MOST, RETRY_SECONDS = 0.05, 1.0, 5.0
BEAT_BATCH = 500  # tables a heartbeat renews in one statement
T = TypeVar("T")
logger = logging.getLogger(__name__)


class StoreError(Exception):
    """The store cannot be used: unreachable, or of a schema this brelan does not know. One line for the operator."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or written just now (down, restarting, locked, its disk full): call again.

    Drivers raise it for their transient errors; :class:`SqlStore` retries them with backoff first.
    """


class LeaseLost(Exception):
    """A write for a table this node no longer owns: another node took it over (fencing by epoch)."""


Fence = tuple[str, int]  # (node id, epoch): a write goes through only while the table is still this node's lease


Statement = tuple[str, Sequence[Any]]
Many = Sequence[tuple[str, list[Sequence[Any]]]]  # (sql, rows): one statement for many rows
GROUP_MOST = 256  # writes committed together at most (a group's transaction stays short)


@dataclass
class Write:
    """A write waiting for the next group commit: its statements, and its caller's answer."""

    statements: Sequence[Statement]
    many: Many
    fenced: bool
    done: asyncio.Future[list[tuple[Any, ...]]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


Outcome = list[tuple[Any, ...]] | Exception  # a write's first statement's rows, or why it alone was not written


class SqlStore:
    """Every query of the log; a subclass runs them (:meth:`_write`, :meth:`_read`) on its database.

    Writes are committed in groups: those that come while a group is being committed go together in the next
    one, one transaction (SQLite: on the event loop; PostgreSQL: one query, one round trip), and each caller is
    answered once its group is committed. A commit's cost is mostly its own (a round trip, the driver's work, a
    transaction), not its rows', so many tables acting at once share it (issue #27).
    """

    name = "store"
    NOW = ""  # SQL for the database's clock, in seconds since the epoch: leases are judged by one clock
    retry_seconds = RETRY_SECONDS
    gather_seconds = 0.0  # how long a group waits for more writes before it is committed

    def __init__(self, metrics: Metrics | None = None) -> None:
        self._queued: list[Write] = []  # the writes for the next group commit
        # Its commits counted and timed in the node's metrics (None: a registry of its own, read by nobody).
        self.counts = (metrics or Metrics()).store(self.name)
        self._committing: asyncio.Task[None] | None = None  # commits groups while there are writes

    async def _write_once(self, statements: Iterable[Statement], many: Iterable[tuple[str, list[Sequence[Any]]]] = (),
                          *, fenced: bool = False) -> list[tuple[Any, ...]]:  # fmt: skip
        """Run ``statements``, then each (sql, rows) of ``many``, in one transaction (with the other writes of
        its group); the first statement's rows.

        ``fenced``: the first statement must change a row, else nothing is written (:class:`LeaseLost`): the
        statements after it write only while it holds (:meth:`append`'s fence is in each of them).
        :class:`StoreUnavailable`: a transient fault, nothing written (or, a connection lost at the commit,
        perhaps written: a retry of an insert then fails on its key, and the table replays its log).
        """
        write = Write(list(statements), list(many), fenced)
        self._queued.append(write)
        if self._committing is None or self._committing.done():
            self._committing = asyncio.get_running_loop().create_task(self._commit_groups())
        return await write.done

    async def _commit_groups(self) -> None:
        """Commit the writes queued, a group at a time, until none is left; answer each write's caller."""
        while self._queued:
            group: list[Write] = []
            began = time.perf_counter()
            try:
                if self.gather_seconds:
                    await asyncio.sleep(self.gather_seconds)  # the writes of that while go in the group too
                group, self._queued = self._queued[:GROUP_MOST], self._queued[GROUP_MOST:]
                began = time.perf_counter()
                outcomes: list[Outcome] = await self._commit_group(group)
                self.counts.committed(began, sum(not isinstance(o, Exception) for o in outcomes), ok=True)
            except StoreUnavailable as e:  # nothing of the group was written: each caller tries again
                self.counts.committed(began, 0, ok=False)
                outcomes = [StoreUnavailable(str(e)) for _ in group]
            except Exception as e:  # not the database (this store closed under its server): each caller is told
                self.counts.committed(began, 0, ok=False)
                outcomes = [e for _ in group]
            except BaseException as e:  # stopped (a shutdown): whether the group was written is not known here
                for write in group + self._queued:
                    if not write.done.done():
                        write.done.set_exception(StoreUnavailable(f"{self.name}: the commit stopped ({e!r})"))
                self._queued = []
                raise
            for write, outcome in zip(group, outcomes):
                if write.done.done():
                    continue  # its caller went away: the write stands (or not) all the same
                if isinstance(outcome, Exception):
                    write.done.set_exception(outcome)
                else:
                    write.done.set_result(outcome)

    async def _commit_group(self, group: list[Write]) -> list[Outcome]:
        """One transaction for ``group``: each write's outcome, one refused (a lost fence, a row logged already)
        leaving the others written. :class:`StoreUnavailable`: a transient fault, nothing of the group written."""
        raise NotImplementedError

    async def _committed(self) -> None:
        """Once the writes queued are committed (a store closing)."""
        if self._committing is not None:
            await asyncio.wait([self._committing])

    async def _read_once(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def _write(self, statements: Sequence[Statement], many: Sequence[tuple[str, list[Sequence[Any]]]] = (),
                     *, fenced: bool = False, retry_seconds: float | None = None) -> list[tuple[Any, ...]]:  # fmt: skip
        """:meth:`_write_once`, tried again through a transient fault for ``retry_seconds`` (default: the store's)."""
        return await self._retrying(lambda: self._write_once(statements, many, fenced=fenced), retry_seconds)

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._retrying(lambda: self._read_once(sql, params), None)

    async def _retrying(self, attempt: Callable[[], Awaitable[T]], seconds: float | None) -> T:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + (self.retry_seconds if seconds is None else seconds)
        delay = RETRY_FIRST
        while True:
            try:
                return await attempt()
            except StoreUnavailable as e:
                if loop.time() + delay > give_up:
                    raise
                logger.debug("store: %s; trying again in %gs", e, delay)
                await asyncio.sleep(delay)
                delay = min(2 * delay, RETRY_MOST)

    async def close(self) -> None:
        raise NotImplementedError

    # -- tables ----------------------------------------------------------------------------------
    async def create(self, row: TableRow, owner: str | None = None, lease: float = 0.0) -> bool:
        """A new table; ``owner``: the node that plays it, leased for ``lease`` seconds (epoch 1).

        False: a table of that id was made already (another node opening the same tournament game), or one of
        that :attr:`TableRow.create_id` (a retry of the same CreateTable, made at once on another node).
        """
        rows = await self._write([(
            "INSERT INTO tables (table_id, variant, name, options, seed, seed_sha256, decision_seconds, bot_seats,"
            " bot_levels, created, deadlines, join_by, hints, place, pause_seconds, create_id, chat_apart, owner,"
            f" lease_until, epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, {self.NOW} + ?, 1)"
            " ON CONFLICT DO NOTHING RETURNING table_id",
            (row.table_id, row.variant, row.name, json.dumps(row.options), row.seed, row.seed_sha256,
             row.decision_seconds, json.dumps(list(row.bot_seats)), json.dumps(list(row.bot_levels)), time.time(),
             deadlines_json(row.deadlines), row.join_by, int(row.hints), None if row.place is None else json.dumps(row.place),
             row.pause_seconds, row.create_id, int(row.chat_apart), owner, lease),
        )])  # fmt: skip
        return bool(rows)

    async def set_seat(self, table_id: str, seat: int, token_sha256: str | None, player: str,
                       player_sha256: str | None = None) -> None:  # fmt: skip
        """Who holds a seat: a token (None: nobody), its player's name and key (its hash; None: no key); a seat
        taken (again) is not sitting out."""
        if token_sha256 is None:
            await self._write([("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat))])
            return
        await self._write([(
            "INSERT INTO seats (table_id, seat, token_sha256, player, player_sha256) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET token_sha256 = excluded.token_sha256,"
            " player = excluded.player, player_sha256 = excluded.player_sha256, sitting_out = 0",
            (table_id, seat, token_sha256, player, player_sha256),
        )])  # fmt: skip

    async def set_sitting_out(self, table_id: str, seat: int, out: bool) -> None:
        """Whether a held seat's player sits out (its decisions the default move, made at once)."""
        await self._write([("UPDATE seats SET sitting_out = ? WHERE table_id = ? AND seat = ?",
                            (int(out), table_id, seat))])  # fmt: skip

    async def reserve(self, table_id: str, seat: int, secret_sha256: str, player: str) -> None:
        await self._write([(
            "INSERT INTO reserved_seats (table_id, seat, secret_sha256, player) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET secret_sha256 = excluded.secret_sha256, player = excluded.player",
            (table_id, seat, secret_sha256, player),
        )])  # fmt: skip

    async def append(self, table_id: str, action: LoggedAction | None, events: list[LoggedEvent],
                     deadlines: dict[int | None, float], *, started: bool = False,
                     result: dict[str, Any] | None = None, fence: Fence | None = None) -> None:  # fmt: skip
        """One commit: an action (None: the deal), the events it caused, the deadlines they leave, and the
        game's result when they end it. With ``fence``, only while the table is still that node's at that epoch."""
        statements: list[Statement] = [
            ("UPDATE tables SET deadlines = ?" + (", started = 1" if started else "")
             + (", finished = 1, result = ?" if result is not None else "") + " WHERE table_id = ?"
             + (" AND owner = ? AND epoch = ?" if fence else ""),
             (deadlines_json(deadlines), *([json.dumps(result)] if result is not None else []), table_id, *(fence or ()))),
        ]  # fmt: skip
        if action is not None:
            statements.append((
                "INSERT INTO actions (table_id, n, seat, action, action_id, last_seq) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, action.last_seq, action.seat, action.action, action.action_id, action.last_seq),
            ))  # fmt: skip
        rows = [(table_id, e.seq, e.hand, e.actor, e.action, e.text) for e in events]
        await self._write(statements, [
            ("INSERT INTO events (table_id, seq, hand, actor, action, text) VALUES (?, ?, ?, ?, ?, ?)", rows)],
            fenced=fence is not None)  # fmt: skip

    async def tables(self, *, unfinished_only: bool = False) -> list[TableRow]:
        """Every table, or those to play (unfinished, and not set aside)."""
        return await self._table_rows(" WHERE finished = 0 AND set_aside IS NULL" if unfinished_only else "", ())

    async def set_aside(self, table_id: str, why: str) -> None:
        """Never play this table again (its log does not replay): it is listed and named, with ``why``."""
        await self._write([("UPDATE tables SET set_aside = ?, owner = NULL, lease_until = 0 WHERE table_id = ?",
                            (why, table_id))])  # fmt: skip

    async def table(self, table_id: str) -> TableRow | None:
        rows = await self._table_rows(" WHERE table_id = ?", (table_id,))
        return rows[0] if rows else None

    async def made_by(self, create_id: str) -> str | None:
        """The id of the table a CreateTable of this ``create_id`` made; None: none yet."""
        rows = await self._read("SELECT table_id FROM tables WHERE create_id = ?", (create_id,))
        return str(rows[0][0]) if rows else None

    async def _table_rows(self, where: str, params: Sequence[Any], *, order: str = "created",
                          limit: int | None = None) -> list[TableRow]:  # fmt: skip
        query = (f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables" + where + " ORDER BY " + order
                 + ("" if limit is None else f" LIMIT {int(limit)}"))  # fmt: skip
        return [row_of(TableRow, TABLE_COLUMNS, values) for values in await self._read(query, params)]

    async def listing(self, *, statuses: Iterable[str], variant: str, limit: int,
                      after: Sequence[Any] | None = None) -> list[Listed]:  # fmt: skip
        """A page of tables of these ``statuses`` (waiting, playing, finished): what ListTables shows.

        Live tables come first, then finished ones, the most recent first within each; ``after`` is the
        :func:`listing_key` of the previous page's last table. Three queries a page, whatever its size.
        """
        wanted = [LISTING_STATUS[s] for s in statuses]
        where = " WHERE (" + " OR ".join(wanted) + ")" + (" AND variant = ?" if variant else "")
        params: list[Any] = [variant] if variant else []
        if after is not None:
            finished, created, table_id = after
            where += (" AND (finished > ? OR (finished = ? AND (created < ? OR (created = ? AND table_id < ?))))")
            params += [finished, finished, created, created, table_id]
        return await self._listed(await self._table_rows(where, params, order="finished, created DESC, table_id DESC",
                                                         limit=limit))  # fmt: skip

    async def listed(self, table_ids: Sequence[str]) -> list[Listed]:
        """These tables as the lobby lists them (those that exist), the most recent first."""
        if not table_ids:
            return []
        marks = ", ".join("?" * len(table_ids))
        return await self._listed(await self._table_rows(f" WHERE table_id IN ({marks})", list(table_ids),
                                                         order="created DESC, table_id DESC"))  # fmt: skip

    async def _listed(self, rows: list[TableRow]) -> list[Listed]:
        """Tables' rows with their seats and progress: three queries, whatever their count."""
        if not rows:
            return []
        ids = [r.table_id for r in rows]
        marks = ", ".join("?" * len(ids))
        seats: dict[str, dict[int, tuple[bool, str, bool]]] = {}  # table -> seat -> (taken, player, reserved)
        for t, seat, player in await self._read(f"SELECT table_id, seat, player FROM reserved_seats WHERE table_id IN ({marks})", ids):
            seats.setdefault(t, {})[seat] = (False, player, True)
        for t, seat, player in await self._read(f"SELECT table_id, seat, player FROM seats WHERE table_id IN ({marks})", ids):
            seats.setdefault(t, {})[seat] = (True, player, seat in seats.get(t, {}))
        progress = {t: (seq, hand) for t, seq, hand in await self._read(
            f"SELECT table_id, MAX(seq), MAX(hand) FROM events WHERE table_id IN ({marks}) GROUP BY table_id", ids)}
        return [Listed(r, seats.get(r.table_id, {}), *progress.get(r.table_id, (0, 0))) for r in rows]

    async def token_seat(self, token_sha256: str) -> tuple[str, int] | None:
        """The table and seat a token (by its hash) holds, wherever the table is played."""
        rows = await self._read("SELECT table_id, seat FROM seats WHERE token_sha256 = ?", (token_sha256,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def seats(self, table_id: str) -> dict[int, tuple[str, str, str | None, bool]]:
        """Each held seat: its token's hash, its player's name and key's hash (None: none), whether it sits out."""
        rows = await self._read("SELECT seat, token_sha256, player, player_sha256, sitting_out FROM seats"
                                " WHERE table_id = ?", (table_id,))  # fmt: skip
        return {seat: (token, player, key, bool(out)) for seat, token, player, key, out in rows}

    async def held_by(self, player_sha256: str, limit: int) -> list[tuple[str, int, bool]]:
        """The unfinished tables where a player key (its hash) holds a seat, or has one kept for it: (table, seat,
        kept), the most recent tables first, at most ``limit``."""
        rows = await self._read(
            "SELECT s.table_id, s.seat, 0, t.created FROM seats s JOIN tables t ON t.table_id = s.table_id"
            " WHERE s.player_sha256 = ? AND t.finished = 0 AND t.set_aside IS NULL"
            " UNION ALL SELECT r.table_id, r.seat, 1, t.created FROM reserved_seats r"
            " JOIN tables t ON t.table_id = r.table_id WHERE r.secret_sha256 = ? AND t.finished = 0"
            " AND t.set_aside IS NULL ORDER BY 4 DESC, 1, 2, 3", (player_sha256, player_sha256))  # fmt: skip
        seen: dict[tuple[str, int], bool] = {}
        for table_id, seat, kept, _ in rows:  # a kept seat its player took back is held: listed once, held
            seen[(table_id, seat)] = seen.get((table_id, seat), True) and bool(kept)
        return [(table_id, seat, kept) for (table_id, seat), kept in seen.items()][:limit]

    async def reserved(self, table_id: str) -> dict[int, tuple[str, str]]:
        rows = await self._read("SELECT seat, secret_sha256, player FROM reserved_seats WHERE table_id = ?", (table_id,))
        return {seat: (secret, player) for seat, secret, player in rows}

    async def set_rematch(self, table_id: str, rematch: str) -> bool:
        """Name the table made to play again after ``table_id``; False: one was named already (it stays)."""
        rows = await self._write([("UPDATE tables SET rematch = ? WHERE table_id = ? AND rematch IS NULL"
                                   " RETURNING table_id", (rematch, table_id))])  # fmt: skip
        return bool(rows)

    async def say(self, table_id: str, line: ChatLine) -> None:
        """Keep a chat line with its table (a node that lost the table meanwhile fails on the line's number)."""
        names = columns(ChatLine)
        await self._write([(f"INSERT INTO chat (table_id, {', '.join(names)}) VALUES (?, {', '.join('?' * len(names))})",
                            (table_id, *(getattr(line, name) for name in names)))])  # fmt: skip

    async def chat(self, table_id: str) -> list[ChatLine]:
        names = columns(ChatLine)
        rows = await self._read(f"SELECT {', '.join(names)} FROM chat WHERE table_id = ? ORDER BY n", (table_id,))
        return [row_of(ChatLine, names, row) for row in rows]

    async def actions(self, table_id: str) -> list[LoggedAction]:
        names = columns(LoggedAction)
        rows = await self._read(f"SELECT {', '.join(names)} FROM actions WHERE table_id = ? ORDER BY n", (table_id,))
        return [row_of(LoggedAction, names, row) for row in rows]

    async def events(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]:
        names = columns(LoggedEvent)
        rows = await self._read(f"SELECT {', '.join(names)} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                                (table_id, after_seq))  # fmt: skip
        return [row_of(LoggedEvent, names, row) for row in rows]

    # -- nodes and leases ----------------------------------------------------------------------------
    async def beat(self, node_id: str, address: str, lease: float, playing: Iterable[str], *,
                   draining: bool = False) -> set[str]:  # fmt: skip
        """A node's heartbeat: it is alive at ``address``, and renews the leases of the tables it is ``playing``.

        Returns those it still holds. Only tables in play here are renewed: one this node let go of (its log
        could not be written, or it was stopped) runs out of lease and is taken over, by this node or another,
        replayed from its log. A lease that ran out is renewed while nobody took it (the epoch fences writes).
        """
        await self._write([(
            f"INSERT INTO nodes (node_id, address, heartbeat, draining) VALUES (?, ?, {self.NOW}, ?)"
            " ON CONFLICT (node_id) DO UPDATE SET address = excluded.address, heartbeat = excluded.heartbeat,"
            " draining = excluded.draining", (node_id, address, int(draining)),
        )], retry_seconds=lease / 3)  # fmt: skip
        ids, held = list(playing), set()
        for start in range(0, len(ids), BEAT_BATCH):
            batch = ids[start : start + BEAT_BATCH]
            rows = await self._write([(
                f"UPDATE tables SET lease_until = {self.NOW} + ? WHERE owner = ? AND finished = 0"
                f" AND table_id IN ({', '.join('?' * len(batch))}) RETURNING table_id", (lease, node_id, *batch),
            )], retry_seconds=lease / 3)  # fmt: skip
            held |= {t for (t,) in rows}
        return held

    async def claim(self, table_id: str, node_id: str, lease: float) -> int | None:
        """Take an unfinished table whose lease ran out (or that had no owner); its new epoch, None if not free."""
        rows = await self._write([(
            f"UPDATE tables SET owner = ?, lease_until = {self.NOW} + ?, epoch = epoch + 1 WHERE table_id = ?"
            f" AND finished = 0 AND set_aside IS NULL AND (owner IS NULL OR lease_until < {self.NOW}) RETURNING epoch",
            (node_id, lease, table_id),
        )])  # fmt: skip
        return int(rows[0][0]) if rows else None

    async def orphans(self, limit: int) -> list[str]:
        """Unfinished tables nobody holds (their node died, or stopped), the oldest first."""
        rows = await self._read(f"SELECT table_id FROM tables WHERE finished = 0 AND set_aside IS NULL"
                                f" AND lease_until < {self.NOW}"
                                " ORDER BY created LIMIT ?", (limit,))  # fmt: skip
        return [t for (t,) in rows]

    async def owner(self, table_id: str) -> tuple[str | None, str, float, bool] | None:
        """Who plays a table: (node id, its address, the seconds left on its lease (below 0: it ran out), whether
        the game is over)."""
        rows = await self._read(f"SELECT t.owner, n.address, t.lease_until - {self.NOW}, t.finished FROM tables t"
                                " LEFT JOIN nodes n ON n.node_id = t.owner WHERE t.table_id = ?", (table_id,))  # fmt: skip
        if not rows:
            return None
        owner, address, lease_left, finished = rows[0]
        return owner, address or "", float(lease_left), bool(finished)

    async def live_nodes(self, lease: float) -> list[tuple[str, str, int]]:
        """The nodes that beat within ``lease`` seconds and take tables: (id, address, tables held), least loaded first."""
        return [(n, a, int(c)) for n, a, c in await self._read(
            f"SELECT n.node_id, n.address, COUNT(t.table_id) FROM nodes n LEFT JOIN tables t ON t.owner = n.node_id"
            f" AND t.finished = 0 AND t.lease_until >= {self.NOW} WHERE n.heartbeat >= {self.NOW} - ? AND n.draining = 0"
            " GROUP BY n.node_id, n.address ORDER BY COUNT(t.table_id), n.node_id", (lease,))]  # fmt: skip

    async def release_table(self, table_id: str, node_id: str) -> None:
        """Give one table back (this node cannot play it, or hands it over): another node may take it at once.

        The owner goes too: the node's next beat must not renew a lease it gave back.
        """
        await self._write([("UPDATE tables SET owner = NULL, lease_until = 0 WHERE table_id = ? AND owner = ?",
                            (table_id, node_id))])  # fmt: skip

    async def setting(self, name: str, first: str) -> str:
        """The cluster's setting ``name``: the value the first node to ask put there (``first``, if none did)."""
        await self._write([("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                            (name, first))])  # fmt: skip
        return str((await self._read("SELECT value FROM settings WHERE name = ?", (name,)))[0][0])

    async def release(self, node_id: str) -> None:
        """A node stops: its tables are free at once, and it takes no new ones."""
        await self._write([("UPDATE tables SET owner = NULL, lease_until = 0 WHERE owner = ? AND finished = 0",
                            (node_id,)),
                           ("UPDATE nodes SET draining = 1, heartbeat = 0 WHERE node_id = ?", (node_id,))])  # fmt: skip

    # -- tournaments -------------------------------------------------------------------------------
    async def create_tournament(self, row: TournamentRow) -> None:
        await self._write(
            [("INSERT INTO tournaments (tournament_id, name, format, players, bots, options, wins, qualifiers,"
              " decision_seconds, seed, created, join_minutes, pause_seconds, bot_level)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              (row.tournament_id, row.name, row.format, json.dumps(row.players), json.dumps(row.bots),
               json.dumps(row.options), row.wins, row.qualifiers, row.decision_seconds, row.seed, time.time(),
               row.join_minutes, row.pause_seconds, row.bot_level))],
            [("INSERT INTO tournament_secrets VALUES (?, ?, ?)",
              [(row.tournament_id, p, h) for p, h in row.secrets_sha256.items()])],
        )  # fmt: skip

    async def add_game(self, tournament_id: str, n: int, match: int, table_id: str) -> bool:
        """Claim the tournament's ``n``-th game for a table; False: another node claimed it first."""
        rows = await self._write([("INSERT INTO tournament_games VALUES (?, ?, ?, ?)"
                                   " ON CONFLICT (tournament_id, n) DO NOTHING RETURNING n",
                                   (tournament_id, n, match, table_id))])  # fmt: skip
        return bool(rows)

    async def tournaments(self, tournament_id: str | None = None, *, live_only: bool = False,
                          after: Sequence[Any] | None = None, limit: int | None = None) -> list[TournamentRow]:  # fmt: skip
        """The tournament of that id; or every one (``live_only``: those still played), oldest first; or, with a
        ``limit``, a page: live ones first, then the finished, newest first, after the previous page's last
        :attr:`TournamentRow.listing_key`. Two queries, whatever the count."""
        where, params = (" WHERE tournament_id = ?", [tournament_id]) if tournament_id else (" WHERE 1 = 1", [])
        where += " AND finished = 0" if live_only else ""
        if after is not None:
            finished, created, last = after
            where += " AND (finished > ? OR (finished = ? AND (created < ? OR (created = ? AND tournament_id < ?))))"
            params += [finished, finished, created, created, last]
        order = " ORDER BY created" if limit is None else f" ORDER BY finished, created DESC, tournament_id DESC LIMIT {int(limit)}"
        names = columns(TournamentRow, but=["secrets_sha256"])  # (from tournament_secrets)
        rows = await self._read(f"SELECT {', '.join(names)} FROM tournaments" + where + order, params)
        if not rows:
            return []
        ids = [r[0] for r in rows]
        hashes: dict[str, dict[int, str]] = {}
        for t, p, h in await self._read("SELECT tournament_id, player, secret_sha256 FROM tournament_secrets"
                                        f" WHERE tournament_id IN ({', '.join('?' * len(ids))})", ids):  # fmt: skip
            hashes.setdefault(t, {})[p] = h
        return [row_of(TournamentRow, names, row, secrets_sha256=hashes.get(row[0], {})) for row in rows]

    async def tournament_finished(self, tournament_id: str) -> None:
        """Its champion is known: it is listed after those still played."""
        await self._write([("UPDATE tournaments SET finished = 1 WHERE tournament_id = ?", (tournament_id,))])

    async def tournament_of(self, table_id: str) -> str | None:
        rows = await self._read("SELECT tournament_id FROM tournament_games WHERE table_id = ?", (table_id,))
        return str(rows[0][0]) if rows else None

    async def games(self, tournament_ids: Sequence[str]) -> list[TournamentGame]:
        """The games of these tournaments, each in creation order, with how their tables stand: one query."""
        if not tournament_ids:
            return []
        rows = await self._read(
            "SELECT g.tournament_id, g.match, g.table_id, t.table_id IS NOT NULL AS made, t.finished, t.result"
            " FROM tournament_games g LEFT JOIN tables t ON t.table_id = g.table_id"
            f" WHERE g.tournament_id IN ({', '.join('?' * len(tournament_ids))}) ORDER BY g.tournament_id, g.n",
            list(tournament_ids))  # fmt: skip
        return [row_of(TournamentGame, columns(TournamentGame), row) for row in rows]


def newer_schema(found: int, where: str) -> StoreError:
    return StoreError(f"{where} has schema version {found}, newer than this brelan knows ({SCHEMA_VERSION}): "
                      "upgrade brelan, or point it at another database")  # fmt: skip
