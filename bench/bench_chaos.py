"""The table runtime under faults, each against the same run's quiet baseline (issue #24).

    python bench/bench_chaos.py                  # every fault, a few minutes
    python bench/bench_chaos.py --only lock,disk # some of them

Each fault runs on a fresh server with bots-only tables (POKER CHAMP, Yahtzee Texas
Hold'em, DAKER), a health prober every 20 ms, a caller reading every table, and a
watcher per table recording what clients were told. Per fault it prints:

- frozen: tables that neither moved nor ended within 30 s after the fault was over;
- internal: calls answered INTERNAL or UNKNOWN (anything but a status a client can act on);
- recover s: from the fault's end until every table has moved on again;
- lost: events a watcher was told that the log does not hold at the end (a fork, a lost commit);
- health p99 ms: the health check's p99 over the whole run.

Faults: ``quiet`` (the baseline), ``give-up`` (3 bursts of 200 anonymous JoinTable calls with 1-19 ms
deadlines), ``lock`` (another process holds SQLite's write lock 7 s, past the store's 5 s of retries),
``disk`` (SQLite's disk full for 3 s), ``postgres`` (PostgreSQL restarted under two nodes; needs
Debian's postgresql).
"""

from __future__ import annotations

import argparse
import signal
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import give_up_at_once, on_writer, spawn  # noqa: E402
from postgres_support import PostgresMissing, running_postgres  # noqa: E402

from brelan.api.v1 import table_pb2 as tpb  # noqa: E402
from brelan.clients.client import BrelanClient  # noqa: E402
from brelan.server.errors import ServiceError  # noqa: E402
from brelan.server.stores import SQLITE_NAME  # noqa: E402
from brelan.server.main import ServerThread  # noqa: E402

GAMES = [("poker-champ", {"players": "3"}, 3), ("yahtzee-holdem", {"players": "3"}, 3), ("daker", {"players": "3"}, 3)]
BAD = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}


@dataclass
class Run:
    """What one fault's run saw."""

    health_ms: list[float] = field(default_factory=list)
    codes: list[grpc.StatusCode] = field(default_factory=list)
    told: dict[str, dict[int, str]] = field(default_factory=dict)  # table -> seq -> text, as watchers got them
    stop: threading.Event = field(default_factory=threading.Event)


def probe(target: str, run: Run) -> None:
    with grpc.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while not run.stop.is_set():
            started = time.perf_counter()
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=5)
            except grpc.RpcError as e:
                run.codes.append(e.code())  # type: ignore[attr-defined]
            run.health_ms.append(1000 * (time.perf_counter() - started))
            time.sleep(0.02)


def read_all(target: str, tables: list[str], run: Run) -> None:
    with BrelanClient(target) as api:
        while not run.stop.is_set():
            for table_id in tables:
                try:
                    api.get_table(table_id)
                except ServiceError as e:
                    run.codes.append(e.code)
            time.sleep(0.02)


def watch(target: str, table_id: str, run: Run) -> None:
    """What a spectator is told, resuming after its last seq when the stream ends early (a table replayed)."""
    told = run.told.setdefault(table_id, {})
    with BrelanClient(target) as api:
        while not run.stop.is_set():
            try:
                for event in api.watch(table_id, after_seq=max(told, default=0)):
                    told[event.seq] = event.text
                if api.get_table(table_id).status == tpb.TABLE_STATUS_FINISHED:
                    return
            except ServiceError as e:
                run.codes.append(e.code)
                time.sleep(0.1)


def positions(api: BrelanClient, tables: list[str]) -> dict[str, tuple[int, int]]:
    out = {}
    for table_id in tables:
        try:
            info = api.get_table(table_id)
            out[table_id] = (info.seq, info.status)
        except ServiceError:
            out[table_id] = (-1, 0)
    return out


def frozen_after(api: BrelanClient, tables: list[str], limit: float = 30.0) -> tuple[int, float]:
    """Tables that neither moved nor ended within ``limit`` s, and the seconds until the others all had."""
    started = time.monotonic()
    first = positions(api, tables)
    waiting = set(tables)
    while waiting and time.monotonic() - started < limit:
        now = positions(api, list(waiting))
        waiting = {t for t in waiting if now[t][1] != tpb.TABLE_STATUS_FINISHED and now[t][0] <= first[t][0]}
        time.sleep(0.05)
    return len(waiting), time.monotonic() - started


def lost(api: BrelanClient, run: Run) -> int:
    missing = 0
    for table_id, told in run.told.items():
        logged = {e.seq: e.text for e in api.watch(table_id)} if told else {}
        missing += sum(1 for seq, text in told.items() if logged.get(seq) != text)
    return missing


def sqlite_fault(name: str, server: ServerThread, data: Path, tables: list[str]) -> None:
    if name == "give-up":
        for _ in range(3):
            give_up_at_once(server.target, tables, 200)
    elif name == "lock":
        foreign = sqlite3.connect(data / SQLITE_NAME, isolation_level=None)
        foreign.execute("BEGIN EXCLUSIVE")
        time.sleep(7)
        foreign.execute("ROLLBACK")
        foreign.close()
    elif name == "disk":
        pages = sqlite3.connect(data / SQLITE_NAME).execute("PRAGMA page_count").fetchone()[0]
        on_writer(server, f"PRAGMA max_page_count = {pages}")
        time.sleep(3)
        on_writer(server, "PRAGMA max_page_count = 1073741823")
    else:
        time.sleep(3)  # quiet: the same length of play, no fault


def measured(targets: list[str], tables: list[str], fault: Callable[[], None]) -> list[str]:
    run = Run()
    threads = [threading.Thread(target=probe, args=(targets[0], run)),
               threading.Thread(target=read_all, args=(targets[-1], tables, run)),
               *(threading.Thread(target=watch, args=(targets[i % len(targets)], t, run)) for i, t in enumerate(tables))]  # fmt: skip
    for thread in threads:
        thread.start()
    time.sleep(1)
    fault()
    with BrelanClient(targets[0]) as api:
        frozen, recover = frozen_after(api, tables)
        run.stop.set()
        for thread in threads:
            thread.join(30)
        missing = lost(api, run)
    p99 = statistics.quantiles(run.health_ms, n=100)[98] if len(run.health_ms) > 2 else float("nan")
    return [str(frozen), str(sum(c in BAD for c in run.codes)), f"{recover:.1f}", str(missing), f"{p99:.1f}"]


def on_sqlite(name: str, tables: int) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerThread(Path(tmp), lexicons=False, rate=1000.0)
        try:
            with BrelanClient(server.target) as api:
                made = [api.create_table(v, o, bot_seats=list(range(n))).table_id
                        for i in range(tables) for v, o, n in [GAMES[i % len(GAMES)]]]  # fmt: skip
            return measured([server.target], made, lambda: sqlite_fault(name, server, Path(tmp), made))
        finally:
            server.stop()


def on_postgres(tables: int) -> list[str]:
    with running_postgres() as postgres, tempfile.TemporaryDirectory() as tmp:
        database = postgres.database()
        nodes = [spawn(Path(tmp) / f"node{i}", 0, database, "--no-lexicon", "--lease-seconds", "2") for i in range(2)]
        try:
            targets = [t for _, t in nodes]
            with BrelanClient(targets[0]) as api:
                made = [api.create_table(v, o, bot_seats=list(range(n))).table_id
                        for i in range(tables) for v, o, n in [GAMES[i % len(GAMES)]]]  # fmt: skip
            return measured(targets, made, postgres.restart)
        finally:
            for process, _ in nodes:
                process.send_signal(signal.SIGTERM)
                process.wait(20)


def rows(faults: list[str], tables: int) -> Iterator[list[str]]:
    for name in faults:
        if name == "postgres":
            try:
                yield [name, *on_postgres(tables)]
            except PostgresMissing as e:
                yield [name, f"skipped: {e}"]
        else:
            yield [name, *on_sqlite(name, tables)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=12, help="bots-only tables a run (default 12)")
    parser.add_argument("--only", default="quiet,give-up,lock,disk,postgres", help="faults, comma-separated")
    args = parser.parse_args()
    header = ["fault", "frozen", "internal", "recover s", "lost", "health p99 ms"]
    print(" | ".join(header))
    baseline = None
    for row in rows(args.only.split(","), args.tables):
        if row[0] == "quiet":
            baseline = row
        ratio = f" (x{float(row[5]) / float(baseline[5]):.1f} of quiet)" if baseline and len(row) > 5 else ""
        print(" | ".join(row) + ratio, flush=True)


if __name__ == "__main__":
    main()
