"""A PostgreSQL server of our own, for the tests and the cluster benchmark: Debian's initdb and pg_ctl, on a free port."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import psycopg


class PostgresMissing(RuntimeError):
    """PostgreSQL's programs are not installed here."""


def postgres_bin(name: str) -> str | None:
    """Debian's PostgreSQL programs: on the PATH, or in /usr/lib/postgresql/VERSION/bin."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: int(p.parts[-3]))
    return str(versions[-1]) if versions else None


@dataclass
class Postgres:
    """A running server: a fresh database for each ``database()``."""

    host: str
    port: int
    user: str
    control: tuple[str, ...] = ()  # pg_ctl -D DATA, as the server's user
    data: Path | None = None  # its data directory

    def pid(self) -> int:
        """The server's own process (its postmaster), parent of every backend."""
        assert self.data is not None
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def restart(self) -> None:
        """Stop the server (its connections cut, as at a crash or an operator's restart) and start it again."""
        subprocess.run([*self.control, "-m", "fast", "-w", "restart"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, check=True)  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def database(self) -> str:
        name = f"brelan_{secrets.token_hex(4)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@contextmanager
def running_postgres() -> Iterator[Postgres]:
    """initdb and pg_ctl in a temporary directory (fsync off: a test's data), stopped and removed after."""
    initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
    if not (initdb and pg_ctl):
        raise PostgresMissing("PostgreSQL is not installed (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="brelan-postgres-"))  # not under pytest's root-only directory
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as Debian's postgres user
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = root / "data"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "brelan", "--auth=trust", "-E", "UTF8"], **quiet)  # type: ignore[call-overload]
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(root / "log"), "-o", options, "-w", "start"], **quiet)  # type: ignore[call-overload]
    try:
        yield Postgres("127.0.0.1", port, "brelan", (*as_user, pg_ctl, "-D", str(data), "-l", str(root / "log")), data)
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], **quiet)  # type: ignore[call-overload]
        shutil.rmtree(root, ignore_errors=True)
