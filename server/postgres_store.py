"""The log store in PostgreSQL, shared by several ``brelan serve`` nodes.

psycopg 3's asyncio driver with its connection pool: a table's commit awaits
the database without holding the event loop, so one node's other tables, its
streams and its health checks go on meanwhile. (asyncpg is as fast, but
psycopg is PostgreSQL's own maintained adapter, speaks the same ``%s`` SQL as
every tool around it, and its pool reconnects by itself after a database
restart.)

Nodes migrate the schema on start under an advisory lock, so two nodes
starting together do not race.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import psycopg
from psycopg_pool import AsyncConnectionPool

from .log_store import LeaseLost, Outcome, SqlStore, StoreError, StoreUnavailable, Write, newer_schema
from .metrics import Metrics
from .schema import MIGRATIONS, SCHEMA_VERSION

# What a database restart, a lost connection or an exhausted pool raise (PoolTimeout is an OperationalError):
# nothing wrong with the call, try it again.
TRANSIENT = (psycopg.OperationalError, psycopg.InterfaceError)

CONNECT_SECONDS = 5.0
POOL_SIZE = 16  # commits of many tables at once, and the heartbeat among them
POOL_WAIT_SECONDS = 3.0  # for a free connection (or a reconnection after a restart), then a transient fault
SCHEMA_LOCK = 0x6272656C616E  # "brelan": the advisory lock migrations hold


def shown(url: str) -> str:
    """A database URL as logs and errors show it: without its password."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def asserted(update: str) -> str:
    """``update`` (an UPDATE without RETURNING) as a statement that fails when it changes no row: a division by
    zero, since SQL has no assertion and a function of our own would be one more thing to migrate."""
    return f"WITH changed AS ({update} RETURNING 1) SELECT 1 / COUNT(*) FROM changed"


def first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


class PostgresStore(SqlStore):
    name = "postgresql"
    NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    # A group a round trip: waiting a millisecond for more writes makes fewer, larger ones, which the node and
    # the database each spend less on a write (bench_cluster throughput, 50 tables, three runs each: act p99
    # 63-84 -> 27-30 ms, 663-745 -> 679-755 actions/s). SQLite's commits, on the loop, gain nothing by waiting.
    gather_seconds = 0.001

    def __init__(self, url: str, pool: AsyncConnectionPool, metrics: Metrics | None = None) -> None:
        super().__init__(metrics)
        self.url = url
        self.pool = pool

    @classmethod
    async def open(cls, url: str, pool_size: int = POOL_SIZE, metrics: Metrics | None = None) -> PostgresStore:
        """Connect (one clear line when the database cannot be reached), migrate, and open the pool."""
        try:
            async with await psycopg.AsyncConnection.connect(url, connect_timeout=CONNECT_SECONDS,
                                                             autocommit=True) as conn:  # fmt: skip
                await cls._migrate(conn, url)
        except psycopg.Error as e:
            raise StoreError(f"cannot use the database {shown(url)}: {first_line(e)}") from None
        pool = AsyncConnectionPool(url, min_size=1, max_size=pool_size, open=False, timeout=POOL_WAIT_SECONDS,
                                   kwargs={"autocommit": True})  # fmt: skip
        await pool.open(wait=True, timeout=CONNECT_SECONDS)
        return cls(url, pool, metrics)

    @staticmethod
    async def _migrate(conn: psycopg.AsyncConnection[Any], url: str) -> None:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = await (await conn.execute("SELECT version FROM schema_version")).fetchone()
            version = int(row[0]) if row else 0
            if version > SCHEMA_VERSION:
                raise newer_schema(version, shown(url))
            for steps in MIGRATIONS[version:]:
                for sql in steps:
                    await conn.execute(sql)
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version VALUES (%s)", (SCHEMA_VERSION,))

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")

    async def _commit_group(self, group: list[Write]) -> list[Outcome]:
        try:
            return await self._grouped(group)
        except TRANSIENT as e:
            raise StoreUnavailable(f"the database: {first_line(e)}") from e
        except psycopg.Error:  # a write refused (a row logged already) undid the group: each alone says which
            return [await self._alone(write) for write in group]

    async def _grouped(self, group: list[Write]) -> list[Outcome]:
        """The group in one round trip and one transaction, whatever its size: its statements, their values
        bound here (psycopg's client-side binding, quoted as the server would), sent as one query; PostgreSQL
        runs the statements of one query in one transaction, all or nothing. A fenced write's first statement
        fails when it changes no row (its fence lost), which undoes the group: :meth:`_commit_group` then writes
        each alone, and tells the one that lost its fence. A statement at a time, psycopg's pipeline cost an
        action about as much CPU as the rest of its work (issue #27)."""
        async with self.pool.connection() as conn:
            cursor = psycopg.AsyncClientCursor(conn)
            statements: list[str] = []
            firsts: list[int] = []  # where each write's first statement's answer is among the query's
            for write in group:
                firsts.append(len(statements))
                sql, params = write.statements[0]
                statements.append(cursor.mogrify(self._sql(asserted(sql) if write.fenced else sql), params))
                statements += (cursor.mogrify(self._sql(sql), params) for sql, params in write.statements[1:])
                statements += (self._rows(cursor, sql, rows) for sql, rows in write.many if rows)
            await cursor.execute("; ".join(statements))
            outcomes: list[Outcome] = []
            for write, first in zip(group, firsts):
                await cursor.set_result(first)
                outcomes.append(await cursor.fetchall() if cursor.description and not write.fenced else [])
        return outcomes

    def _rows(self, cursor: psycopg.AsyncClientCursor[Any], sql: str, rows: list[Sequence[Any]]) -> str:
        """``sql`` (an INSERT ending in its VALUES' one row) inserting every row of ``rows`` at once."""
        insert, values = self._sql(sql).rsplit(" VALUES ", 1)
        return f"{insert} VALUES " + ", ".join(cursor.mogrify(values, row) for row in rows)

    async def _alone(self, write: Write) -> Outcome:
        """A write in a transaction of its own: its outcome (a refusal, or a transient fault, as its own)."""
        try:
            return (await self._grouped([write]))[0]
        except TRANSIENT as e:
            return StoreUnavailable(f"the database: {first_line(e)}")
        except psycopg.errors.DivisionByZero:  # its only division, asserted()'s: its first statement changed no row
            return LeaseLost("this node no longer holds the table")
        except psycopg.Error as e:
            return e

    async def _read_once(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            async with self.pool.connection() as conn:
                return await (await conn.execute(self._sql(sql), params)).fetchall()
        except TRANSIENT as e:
            raise StoreUnavailable(f"the database: {first_line(e)}") from e

    async def close(self) -> None:
        await self._committed()  # the writes already queued first
        await self.pool.close()
