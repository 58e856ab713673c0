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
from typing import Any, Iterable, Sequence

import psycopg
from psycopg_pool import AsyncConnectionPool

from .log_store import (MIGRATIONS, SCHEMA_VERSION, LeaseLost, SqlStore, Statement, StoreError, StoreUnavailable,
                        newer_schema)  # fmt: skip

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


def first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


class PostgresStore(SqlStore):
    name = "postgresql"
    NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"

    def __init__(self, url: str, pool: AsyncConnectionPool) -> None:
        self.url = url
        self.pool = pool

    @classmethod
    async def open(cls, url: str, pool_size: int = POOL_SIZE) -> PostgresStore:
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
        return cls(url, pool)

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

    async def _write_once(self, statements: Iterable[Statement], many: Iterable[tuple[str, list[Sequence[Any]]]] = (),
                          *, fenced: bool = False) -> list[tuple[Any, ...]]:  # fmt: skip
        try:
            return await self._transaction(statements, many, fenced)
        except TRANSIENT as e:
            raise StoreUnavailable(f"the database: {first_line(e)}") from e

    async def _transaction(self, statements: Iterable[Statement], many: Iterable[tuple[str, list[Sequence[Any]]]],
                           fenced: bool) -> list[tuple[Any, ...]]:  # fmt: skip
        """In pipeline mode: the statements go without waiting for each answer, so a commit takes two round
        trips (BEGIN and the first statement, whose rows the fence needs; then the rest and COMMIT), not one a
        statement (issue #27: a table's action is three statements and a COMMIT)."""
        first: list[tuple[Any, ...]] | None = None
        async with self.pool.connection() as conn, conn.pipeline() as pipeline, conn.transaction():
            for sql, params in statements:
                cursor = await conn.execute(self._sql(sql), params)
                if first is None:
                    await pipeline.sync()  # its answer, before anything else is sent
                    first = await cursor.fetchall() if cursor.description else []
                    if fenced and cursor.rowcount == 0:
                        raise LeaseLost("this node no longer holds the table")  # rolls the transaction back
            for sql, rows in many:
                if rows:
                    async with conn.cursor() as many_cursor:
                        await many_cursor.executemany(self._sql(sql), rows)
        return first or []

    async def _read_once(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            async with self.pool.connection() as conn:
                return await (await conn.execute(self._sql(sql), params)).fetchall()
        except TRANSIENT as e:
            raise StoreUnavailable(f"the database: {first_line(e)}") from e

    async def close(self) -> None:
        await self.pool.close()
