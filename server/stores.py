"""Which log store a server writes to: SQLite under its data directory (one node), or PostgreSQL (a cluster).

Apart from :mod:`~brelan.server.log_store` (the interface both stores implement), so the interface imports
neither store and neither store's driver loads where it is not used.
"""

from __future__ import annotations

from pathlib import Path

from .log_store import SqlStore, StoreError
from .metrics import Metrics

SQLITE_NAME = "tables.sqlite3"


async def open_store(database: str | None, data_dir: Path, metrics: Metrics | None = None) -> SqlStore:
    """The store ``database`` names (a ``postgresql://`` URL), else SQLite under ``data_dir``; migrated to this version.
    ``metrics``: the node's, where its commits are counted."""
    if database:
        if not database.startswith(("postgresql://", "postgres://")):
            raise StoreError(f"--database takes a postgresql://USER@HOST:PORT/DB URL, not {database[:40]!r}")
        from .postgres_store import PostgresStore  # psycopg loads for a cluster's node alone

        return await PostgresStore.open(database, metrics=metrics)
    from .sqlite_store import SqliteStore

    return SqliteStore(data_dir / SQLITE_NAME, metrics)
