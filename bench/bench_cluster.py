"""The cluster's figures, each against a baseline measured in the same run (issue #15).

    python bench/bench_cluster.py                    # all of it, a few minutes
    python bench/bench_cluster.py --rss-games 10000  # the memory figure over the issue's 10,000 games

- Throughput: actions/s and act p50/p99 of 50 POKER CHAMP bot tables over gRPC on
  one node with SQLite, one node with PostgreSQL, and two nodes on PostgreSQL with
  the bot clients spread over both, each with the CPU a action of every server and
  of the clients (a game a node played first, not counted: its engines' tables and
  first calls); the baseline is a bare grpc.aio server (the node's gRPC options)
  answering the same calls with empty messages, from as many callers: what grpc
  alone costs, the median of three runs. The bots make an
  Act a action, and their seat's stream (decisions_only) brings each decision: the
  baseline an Act and a stream message a action; the bare server answering a
  GetView and an Act (the bots' calls before issue #42) is printed beside it.
  Targets: the node's CPU an action at most 2.5x the bare server's (issue #42); one
  node at least 2x the actions/s of issue #27's measure (657/s) at act p99 <= 20
  ms; PostgreSQL at least 0.8x SQLite; two nodes at least 1.6x one (on a machine
  with a core for each node and for the clients: the ratio and the CPU figures say
  what each process took).
- Capacity: POKER CHAMP bot tables whose bots take half a second a move (a quick
  person's pace) on one node, 50 more at a time while act p99 stays at most 20 ms:
  actions/s, act p50/p99 and the share of a core the node used at each count, then
  the most tables the node held so (README: how many tables a node holds). The
  tables come from several loopback addresses, 90 each: a caller may make 100 at
  once, then 5 a second, which would bound the count rather than the node.
- Failover: kill -9 of the node playing a table, to the first action the other
  node serves for it; p50 over several kills. Target: at most 5 s.
- Memory: the RSS of a node before and after N finished bots-only games. Target:
  at most 20 MB more over 10,000.
- Health checks: p99 of a health check alone (baseline), then while 17-card Chinese
  solves run on the same node, while best-word searches run, while classic Chinese
  bot tables play (each bot move runs the solver), while AlphaPoker bataille bot
  tables play (each deal's table-word search), during a burst of table creations
  (bot tables that play at once) and with 3,000 watch streams open on 20 bot tables
  (every event sent to 150 spectators). Target: at most 20 ms.

Needs Debian's postgresql (initdb, pg_ctl): it starts a server of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import sharing_lexicons, spawn  # noqa: E402
from postgres_support import Postgres, running_postgres  # noqa: E402

from brelan.clients.bots import Summary, run_remote  # noqa: E402
from brelan.clients.client import BrelanClient  # noqa: E402
from brelan.lexicon.store import Store  # noqa: E402
from brelan.server.errors import ServiceError  # noqa: E402
from brelan.server.games.base import options_dict  # noqa: E402
from brelan.server.games.registry import get_variant  # noqa: E402
from brelan.server.main import SERVER_OPTIONS  # noqa: E402

GAME = get_variant("poker-champ")
OPTIONS = options_dict(GAME.make_options({"players": "3"}))
LEASE = "2"
PACE, PACED_WARM, PACED_SECONDS = 0.5, 8.0, 20.0  # the capacity figure's: a person's pace, warm-up, measure
CAPACITY_P99_MS, CAPACITY_FIRST, CAPACITY_STEP = 20.0, 50, 50  # tables a node holds at act p99 <= 20 ms: 50, 100...
# The bare server's runs a baseline is the median of: each is short, and the machine's load moved a single one by
# a third (0.26 to 0.45 ms an action in consecutive runs at the same load), more than it moves the node's.
BARE_RUNS = 3
CALLERS_TABLES = 90  # tables each client address makes (a caller may make 100 at once, then 5 a second)
STREAMS, STREAM_TABLES, STREAM_PACE = 3000, 20, "0.5"  # the health figure's streams, the tables they watch, bot pace
DRAWN_TABLES, DRAWN_PACE, DRAWERS, DRAWN_SECONDS = 20, "0.2", 4, 15.0  # tables drawn in pages: 3 players, a spectator


def cpu_seconds(pid: int, *, children: bool = False) -> float:
    """A process's user and system CPU so far (Linux /proc); ``children``: with its children's, ended or running
    (PostgreSQL's backends, one a connection)."""

    def ticks(stat: Path, kept: slice) -> int:
        return sum(int(f) for f in stat.read_text().rsplit(")", 1)[1].split()[kept])

    seconds = ticks(Path(f"/proc/{pid}/stat"), slice(11, 15 if children else 13))  # and its ended children's
    if children:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                if stat.read_text().rsplit(")", 1)[1].split()[1] == str(pid):
                    seconds += ticks(stat, slice(11, 13))
            except OSError:  # it ended meanwhile: its parent counts it now
                continue
    return seconds / os.sysconf("SC_CLK_TCK")


def throughput(targets: list[str], tables: int, games: int, servers: list[int],
               postgres: Postgres | None = None) -> dict[str, Any]:  # fmt: skip
    """``tables`` bot tables, the clients spread over ``targets`` (served by the processes ``servers``); their
    summaries merged, with the CPU each server, the clients (this process) and ``postgres`` spent a action."""

    async def run_all(tables: int, games: int, seed: str) -> list[Summary]:
        share = [tables // len(targets) + (i < tables % len(targets)) for i in range(len(targets))]
        return list(await asyncio.gather(*(run_remote(t, GAME, OPTIONS, n, games, f"{seed}-{i}", lambda n: None)
                                           for i, (t, n) in enumerate(zip(targets, share)))))  # fmt: skip

    def database_cpu() -> float:
        return cpu_seconds(postgres.pid(), children=True) if postgres else 0.0

    # A game a node first, not counted: the engines' lookup tables, which a node builds beside its loop as it
    # starts, and its first calls' work are no action's cost (the bare server has none).
    asyncio.run(run_all(2 * len(targets), 1, "warm"))
    cpu, mine, database = [cpu_seconds(pid) for pid in servers], time.process_time(), database_cpu()
    began = time.perf_counter()
    summaries = asyncio.run(run_all(tables, games, "bench"))
    seconds = time.perf_counter() - began
    cpu, mine = [cpu_seconds(pid) - c for pid, c in zip(servers, cpu)], time.process_time() - mine
    database = database_cpu() - database
    latencies = sorted(x for s in summaries for x in s.latencies)
    actions = sum(s.actions for s in summaries)
    figures = {"actions_per_second": actions / seconds, "p50_ms": 1000 * statistics.median(latencies),
               "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
               "errors": sum(s.errors for s in summaries), "actions": actions,
               "server_cpu_ms": [1000 * c / actions for c in cpu], "client_cpu_ms": 1000 * mine / actions,
               "first_errors": [m for s in summaries for m in s.messages][:3]}  # fmt: skip
    if postgres:
        figures["postgres_cpu_ms"] = 1000 * database / actions
    return figures


def show(label: str, figures: dict[str, Any], baseline: dict[str, Any] | None = None) -> None:
    ratio = f"  ({figures['actions_per_second'] / baseline['actions_per_second']:.2f}x the baseline)" if baseline else ""
    cpu = ", ".join(f"{c:.2f}" for c in figures["server_cpu_ms"])
    database = f", PostgreSQL {figures['postgres_cpu_ms']:.2f} ms" if "postgres_cpu_ms" in figures else ""
    # The figure that counts on shared cores (issue 42: at most 2.5x): each server's CPU an action against the bare's.
    against = (" (" + ", ".join(f"{c / baseline['server_cpu_ms'][0]:.2f}x" for c in figures["server_cpu_ms"])
               + " the bare server's)") if baseline else ""  # fmt: skip
    runs = (f" (the median of {len(figures['runs_ms'])} runs: " + ", ".join(f"{c:.2f}" for c in figures["runs_ms"])
            + " ms)") if "runs_ms" in figures else ""  # fmt: skip
    print(f"  {label}: {figures['actions_per_second']:.0f} actions/s, act p50 {figures['p50_ms']:.1f} ms, "
          f"p99 {figures['p99_ms']:.1f} ms, errors {figures['errors']}{ratio}\n"
          f"    CPU a action: server {cpu} ms{runs}{against}, bot clients {figures['client_cpu_ms']:.2f} ms{database}")
    for message in figures.get("first_errors", ()):
        print(f"    an error: {message}")


def stop(*processes: subprocess.Popen[str]) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(15)


def serve_bare() -> None:
    """A bare grpc.aio server (no table, no log) answering empty messages at once: what the bench's calls cost in
    grpc alone. GetView and Act answer; WatchTable sends a message at its start and one for each Act naming its
    table, as a bot's seat stream (decisions_only) brings it its next decision. Prints its port, then serves until
    killed."""
    from brelan.api.v1 import table_pb2 as tpb
    from brelan.api.v1 import table_pb2_grpc as tpb_grpc

    class Bare(tpb_grpc.TableServiceServicer):
        def __init__(self) -> None:
            self.streams: dict[str, asyncio.Queue[None]] = {}

        async def GetView(self, request: Any, context: Any) -> Any:
            return tpb.GetViewResponse()

        async def Act(self, request: Any, context: Any) -> Any:
            if (stream := self.streams.get(request.table_id)) is not None:
                stream.put_nowait(None)
            return tpb.ActResponse()

        async def WatchTable(self, request: Any, context: Any) -> Any:
            stream = self.streams[request.table_id] = asyncio.Queue()
            try:
                while True:
                    yield tpb.WatchTableResponse()
                    await stream.get()
            finally:
                del self.streams[request.table_id]

    async def run() -> None:
        server = grpc.aio.server(options=SERVER_OPTIONS)  # the node's (its interceptors are its own work)
        tpb_grpc.add_TableServiceServicer_to_server(Bare(), server)
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        print(port, flush=True)
        await server.wait_for_termination()

    asyncio.run(run())


def bare_grpc(actions: int, callers: int, streamed: bool) -> dict[str, Any]:
    """The baseline: a bare grpc.aio server (:func:`serve_bare`) answering ``actions`` actions from ``callers``
    concurrent callers, each action a GetView and an Act, or (``streamed``) a message on the caller's stream and an
    Act, as the bots make them (:mod:`brelan.clients.bots`); what :func:`throughput` gives for it."""
    from brelan.api.v1 import table_pb2 as tpb
    from brelan.api.v1 import table_pb2_grpc as tpb_grpc

    process = subprocess.Popen([sys.executable, __file__, "--serve-bare"], stdout=subprocess.PIPE, text=True)
    try:
        target = f"127.0.0.1:{process.stdout.readline().strip()}"  # type: ignore[union-attr]

        async def run_all() -> list[float]:
            latencies: list[float] = []
            left = iter(range(actions))
            async with grpc.aio.insecure_channel(target) as channel:
                stub = tpb_grpc.TableServiceStub(channel)

                async def act(table_id: str) -> None:
                    began = time.perf_counter()
                    await stub.Act(tpb.ActRequest(table_id=table_id, action="check"))
                    latencies.append(time.perf_counter() - began)

                async def caller(n: int) -> None:
                    if not streamed:
                        for _ in left:
                            await stub.GetView(tpb.GetViewRequest(table_id="t"))
                            await act("t")
                        return
                    stream = stub.WatchTable(tpb.WatchTableRequest(table_id=f"t{n}", with_view=True,
                                                                   decisions_only=True))  # fmt: skip
                    async for _ in stream:
                        if next(left, None) is None:
                            break
                        await act(f"t{n}")
                    stream.cancel()

                await asyncio.gather(*(caller(n) for n in range(callers)))
            return latencies

        cpu, mine, began = cpu_seconds(process.pid), time.process_time(), time.perf_counter()
        latencies = sorted(asyncio.run(run_all()))
        seconds = time.perf_counter() - began
        return {"actions_per_second": actions / seconds, "p50_ms": 1000 * statistics.median(latencies),
                "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))], "errors": 0, "actions": actions,
                "server_cpu_ms": [1000 * (cpu_seconds(process.pid) - cpu) / actions],
                "client_cpu_ms": 1000 * (time.process_time() - mine) / actions}  # fmt: skip
    finally:
        process.kill()
        process.wait()


def bare_median(actions: int, callers: int, streamed: bool) -> dict[str, Any]:
    """:func:`bare_grpc`'s run of the median CPU an action among BARE_RUNS, with every run's (``runs_ms``) in the
    order they ran: a drift from first to last is the machine's load, which sorting them would hide."""
    runs = [bare_grpc(actions, callers, streamed) for _ in range(BARE_RUNS)]
    median = sorted(runs, key=lambda f: f["server_cpu_ms"][0])[len(runs) // 2]
    return median | {"runs_ms": [f["server_cpu_ms"][0] for f in runs]}


def bench_throughput(postgres: Postgres, tables: int, games: int, root: Path) -> None:
    print(f"throughput: {tables} POKER CHAMP bot tables (3 bots each) over gRPC, {games} games a table")
    one, target = spawn(root / "sqlite")
    try:
        sqlite = throughput([target], tables, games, [one.pid])
    finally:
        stop(one)
    # The baseline answers the calls the bots make (an Act, and their seat's stream's message that brought the
    # decision); a GetView and an Act, the bots' calls before issue 42, beside it.
    baseline = bare_median(sqlite["actions"], 3 * tables, streamed=True)
    show("bare grpc.aio server, an Act and a stream message a action (baseline)", baseline)
    polled = bare_median(sqlite["actions"], 3 * tables, streamed=False)
    show("bare grpc.aio server, a GetView and an Act a action", polled)
    show("one node, SQLite", sqlite, baseline)
    print(f"    against the bare server answering a GetView and an Act: "
          f"{sqlite['server_cpu_ms'][0] / polled['server_cpu_ms'][0]:.2f}x")
    database = postgres.database()
    a, target_a = spawn(root / "pg-a", 0, database, "--lease-seconds", LEASE)
    try:
        one = throughput([target_a], tables, games, [a.pid], postgres)
        show("one node, PostgreSQL", one, baseline)
        print(f"    PostgreSQL against SQLite: {one['actions_per_second'] / sqlite['actions_per_second']:.2f}x")
        b, target_b = spawn(root / "pg-b", 0, database, "--lease-seconds", LEASE)
        try:
            two = throughput([target_a, target_b], tables, games, [a.pid, b.pid], postgres)
            show("two nodes, PostgreSQL, clients on both", two, baseline)
            print(f"    two nodes against one: {two['actions_per_second'] / one['actions_per_second']:.2f}x "
                  f"(the nodes, PostgreSQL and the clients share this machine's {os.cpu_count()} cores)")
            # A node on a core of its own plays at most 1 / (its CPU an action) actions a second: two such nodes
            # reach one node's rate times (one node's CPU an action / the busier node's), PostgreSQL and the
            # clients elsewhere.
            bound = one["server_cpu_ms"][0] / max(two["server_cpu_ms"])
            print(f"    with a core for each node, as their CPU bounds it: {bound:.2f}x "
                  f"(their CPU an action together: {sum(two['server_cpu_ms']) / one['server_cpu_ms'][0]:.2f}x one "
                  "node's)")
        finally:
            stop(b)
    finally:
        stop(a)


def paced(target: str, tables: int, pace: float, seconds: float, server: int) -> dict[str, float]:
    """``tables`` bot tables whose bots take ``pace`` seconds a move, as people would, for ``seconds`` once all are
    dealt: actions/s, act p50 and p99, and the share of a core the node used.

    Made from several loopback addresses (127.0.0.2, 127.0.0.3...: the node listens on all of them), CALLERS_TABLES
    each: one caller's tables past its burst come at 5 a second, which would bound the count, not the node."""
    summary = Summary()
    port = target.rpartition(":")[2]
    callers = [f"127.0.0.{2 + i}:{port}" for i in range(-(-tables // CALLERS_TABLES))]
    share = [tables // len(callers) + (i < tables % len(callers)) for i in range(len(callers))]

    async def run() -> tuple[int, float, float]:
        playing = asyncio.gather(*(run_remote(caller, GAME, OPTIONS, n, 1, f"paced-{i}", lambda n: None, pace=pace,
                                              summary=summary) for i, (caller, n) in enumerate(zip(callers, share))))
        await asyncio.sleep(PACED_WARM)  # every table made and dealt
        counted, cpu, began = len(summary.latencies), cpu_seconds(server), time.perf_counter()
        await asyncio.sleep(seconds)
        figures = (counted, cpu_seconds(server) - cpu, time.perf_counter() - began)
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
        return figures

    counted, cpu, elapsed = asyncio.run(run())
    latencies = sorted(summary.latencies[counted:])
    return {"actions_per_second": len(latencies) / elapsed, "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))], "core": cpu / elapsed,
            "errors": summary.errors}  # fmt: skip


def bench_capacity(root: Path) -> int:
    """How many tables at a person's pace one node holds at act p99 <= CAPACITY_P99_MS: CAPACITY_FIRST tables,
    then CAPACITY_STEP more at a time until the p99 goes past it (or a table fails); the most that held."""
    print(f"capacity: POKER CHAMP bot tables (3 bots each, over gRPC) whose bots take {PACE} s a move, as a quick "
          f"person would; {PACED_SECONDS:g} s each, one node on SQLite; the most tables at act p99 <= "
          f"{CAPACITY_P99_MS:g} ms")  # fmt: skip
    held, tables = 0, CAPACITY_FIRST
    while True:
        process, target = spawn(root / f"capacity-{tables}", 0, None, "--host", "0.0.0.0")
        try:
            figures = paced(target, tables, PACE, PACED_SECONDS, process.pid)
        finally:
            stop(process)
        errors = f", errors {figures['errors']:.0f}" if figures["errors"] else ""
        print(f"  {tables} tables: {figures['actions_per_second']:.0f} actions/s, act p50 {figures['p50_ms']:.1f} ms, "
              f"p99 {figures['p99_ms']:.1f} ms, the node at {100 * figures['core']:.0f}% of a core{errors}")
        if figures["p99_ms"] > CAPACITY_P99_MS or figures["errors"]:
            break
        held, tables = tables, tables + CAPACITY_STEP
    if held:
        print(f"  a node holds {held} tables at a person's pace (act p99 <= {CAPACITY_P99_MS:g} ms; {3 * held} "
              "players)")
    else:
        print(f"  a node holds fewer than {CAPACITY_FIRST} tables at a person's pace here (act p99 <= "
              f"{CAPACITY_P99_MS:g} ms): is the machine busy? (uptime)")  # fmt: skip
    # What the node's CPU alone allows (the p99 above also says what else runs on these cores): a table's share of a
    # core at the last count, whole cores' worth.
    share = figures["core"] / tables
    print(f"  by its CPU: {1 / share:.0f} tables a core at this pace ({1000 * share:.1f} ms of CPU a table a second)")
    return held


def bench_failover(database: str, kills: int, root: Path) -> None:
    print(f"failover: kill -9 of a table's node, to the first action another node serves for it (lease {LEASE} s)")
    nodes = dict([spawn(root / f"f{i}", 0, database, "--lease-seconds", LEASE)[::-1] for i in range(2)])
    times = []
    try:
        for k in range(kills):
            targets = list(nodes)
            with BrelanClient(targets[0]) as api:
                table_id = api.create_table("poker-champ", {"players": "2"}).table_id
                seats = [api.join(table_id), api.join(table_id)]
            owner = next(t for t in targets if BrelanClient(t).get_table(table_id) and _plays(database, table_id, t))
            survivor = next(t for t in targets if t != owner)
            with BrelanClient(survivor, timeout=10) as api:
                for seat in seats:
                    seat.client = api
                nodes.pop(owner).kill()
                killed = time.perf_counter()
                while True:
                    try:
                        seats[0].act("pay")
                        break
                    except ServiceError as e:
                        if e.code != grpc.StatusCode.UNAVAILABLE:
                            raise
                        time.sleep(0.02)
                times.append(time.perf_counter() - killed)
            process, target = spawn(root / f"f{k + 2}", 0, database, "--lease-seconds", LEASE)
            nodes[target] = process
    finally:
        stop(*nodes.values())
    print(f"  p50 {statistics.median(times):.2f} s, max {max(times):.2f} s over {kills} kills "
          f"(the lease alone: {float(LEASE):.2f} s)")


def _plays(database: str, table_id: str, target: str) -> bool:
    import psycopg

    with psycopg.connect(database) as db:
        row = db.execute("SELECT n.address FROM tables t JOIN nodes n ON n.node_id = t.owner WHERE t.table_id = %s",
                         (table_id,)).fetchone()  # fmt: skip
    return row is not None and row[0] == target


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def bench_memory(games: int, root: Path) -> None:
    print(f"memory: a node's RSS before and after {games} finished bots-only games (SQLite)")
    process, target = spawn(root / "rss")
    try:
        with BrelanClient(target) as api:
            def finish(n: int) -> None:
                ids = [api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1]).table_id for _ in range(n)]
                for table_id in ids:
                    while api.get_table(table_id).status != 3:
                        time.sleep(0.005)

            finish(200)  # warm: imports, caches, the first tables
            before = rss_kib(process.pid)
            began = time.perf_counter()
            for _ in range(games // 100):
                finish(100)
            after = rss_kib(process.pid)
        print(f"  {before / 1024:.1f} MB after 200 games (baseline), {after / 1024:.1f} MB after {games} more: "
              f"{(after - before) / 1024:+.1f} MB ({games / (time.perf_counter() - began):.0f} games/s)")
    finally:
        stop(process)


def bench_health(root: Path) -> None:
    print("health checks: p99 alone (baseline), then while engine and search work runs on the same node")
    store = Store()
    store.get()  # the default lexicon, built first if missing
    process, target = spawn(sharing_lexicons(root / "health", store.data_dir))
    try:
        channel = grpc.insecure_channel(target)
        health = health_pb2_grpc.HealthStub(channel)

        def checks(n: int) -> list[float]:
            out = []
            for _ in range(n):
                began = time.perf_counter()
                health.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
                out.append(1000 * (time.perf_counter() - began))
                time.sleep(0.005)
            return sorted(out)

        def during_once(work: Callable[[], object], stop: Callable[[], object] = lambda: None) -> list[float]:
            """Health checks while ``work`` runs in another thread (``stop`` ends it once they are done)."""
            worker = threading.Thread(target=work, daemon=True)
            worker.start()
            try:
                return checks(300)
            finally:
                stop()
                worker.join()

        def during(work: Callable[[BrelanClient], object]) -> list[float]:
            """Health checks while ``work`` is done again and again."""
            done = threading.Event()

            def loop() -> None:
                with BrelanClient(target) as api:
                    while not done.is_set():
                        work(api)

            return during_once(loop, done.set)

        p99 = lambda xs: xs[int(0.99 * (len(xs) - 1))]  # noqa: E731
        checks(20)  # the channel connected, the server's first calls made
        alone = p99(checks(300))
        print(f"  alone: p99 {alone:.1f} ms")

        def show_p99(label: str, figures: list[float]) -> None:
            print(f"  {label}: p99 {p99(figures):.1f} ms ({p99(figures) / alone:.1f}x the baseline)")

        chinese = "As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c 3s 6h 7d 8c".split()
        show_p99("during 17-card Chinese solves", during(lambda api: api.solve_arrangement(chinese)))
        hand = "Er Ab Sr Ib ?r Nb Tr ?b Rb".split()
        show_p99("during best-word searches (9 cards, 2 jokers)", during(lambda api: api.best_words(hand, top_k=10)))
        widest = "*?" * 32  # the worst request the fuzzing found: a regular expression backtracked on it for seconds
        show_p99("during the widest pattern searches", during(lambda api: api.match(widest, page_size=1)))
        with BrelanClient(target) as api:  # tables whose bots solve each hand (classic Chinese: the solver's set)
            began = time.perf_counter()
            ids = [api.create_table("chinese", {"players": "4", "rounds": "3"}, bot_seats=[0, 1, 2, 3]).table_id
                   for _ in range(8)]  # fmt: skip
            playing = checks(300)
            while not all(api.get_table(t).status == 3 for t in ids):
                time.sleep(0.05)
            show_p99(f"while 8 classic Chinese bot tables play (all done in {time.perf_counter() - began:.1f} s)",
                     playing)  # fmt: skip
            ids = [api.create_table("alphapoker-bataille", {}, bot_seats=[0, 1]).table_id
                   for _ in range(4)]  # fmt: skip
            playing = checks(300)
            finished = sum(api.get_table(t).status == 3 for t in ids)
            show_p99(f"while 4 AlphaPoker bataille bot tables play (table-word searches; {finished} done)",
                     playing)  # fmt: skip
            show_p99("during a burst of 60 table creations, each a POKER CHAMP bot table that plays at once",
                     during_once(lambda: [api.create_table("poker-champ", {"players": "3"}, bot_seats=[0, 1, 2])
                                          for _ in range(60)]))  # fmt: skip
        channel.close()
    finally:
        stop(process)
    # Streams to many spectators, on a node whose bots play at a pace people watch (bots at once would take
    # every cycle whatever the streams cost): what a node's loop spends sending each event to each stream.
    process, target = spawn(root / "streams", 0, None, "--bot-pace", STREAM_PACE)
    try:
        channel = grpc.insecure_channel(target)
        health = health_pb2_grpc.HealthStub(channel)
        checks(20)
        with BrelanClient(target) as api:
            ids = [api.create_table("poker-champ", {"players": "3"}, bot_seats=[0, 1, 2]).table_id
                   for _ in range(STREAM_TABLES)]  # fmt: skip
        with open_streams(target, ids, STREAMS // STREAM_TABLES) as streamed:
            began, before = time.perf_counter(), streamed[0]
            playing = checks(600)
            rate = (streamed[0] - before) / (time.perf_counter() - began)
        show_p99(f"with {STREAMS:,} watch streams open on {STREAM_TABLES} POKER CHAMP bot tables (a move every "
                 f"{STREAM_PACE} s; {rate:,.0f} events sent a second)", playing)  # fmt: skip
        channel.close()
    finally:
        stop(process)


@contextlib.contextmanager
def open_streams(target: str, table_ids: list[str], each: int, grouped: bool = True, drawn: str = "") -> Iterator[list[int]]:
    """``each`` spectators' WatchTable streams on every table, open (from a thread of their own) while the
    block runs, each action's events in one message (``grouped``, as brelan's clients ask) or one a message;
    yields the count of events they received, growing.

    ``drawn``: each stream is a client drawing the table after each message, as a player's page does: "reads"
    calls GetView and GetTable for it (the page before with_view), "views" asks the stream to bring them
    (with_view); the count is then of messages drawn."""
    from brelan.api.v1 import table_pb2 as tpb
    from brelan.api.v1 import table_pb2_grpc as tpb_grpc

    received, opened, done = [0], threading.Event(), threading.Event()

    async def watch_all() -> None:
        async with grpc.aio.insecure_channel(target) as channel:
            stub = tpb_grpc.TableServiceStub(channel)

            async def watch(table_id: str) -> None:
                request = tpb.WatchTableRequest(table_id=table_id, grouped=grouped, with_view=drawn == "views")
                async for message in stub.WatchTable(request):
                    if drawn == "reads":
                        await stub.GetView(tpb.GetViewRequest(table_id=table_id))
                        await stub.GetTable(tpb.GetTableRequest(table_id=table_id))
                    received[0] += 1 if drawn else len(message.events) if grouped else 1

            tasks = [asyncio.ensure_future(watch(t)) for t in table_ids for _ in range(each)]
            await asyncio.sleep(1.0)  # the streams opened
            opened.set()
            while not done.is_set():
                await asyncio.sleep(0.05)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    thread = threading.Thread(target=lambda: asyncio.run(watch_all()), daemon=True)
    thread.start()
    opened.wait()
    try:
        yield received
    finally:
        done.set()
        thread.join()


def bench_drawn(root: Path) -> None:
    print(f"tables drawn in players' pages: {DRAWN_TABLES} POKER CHAMP bot tables (a move every {DRAWN_PACE} s), "
          f"{DRAWERS} clients drawing each, {DRAWN_SECONDS:g} s each way, one node on SQLite")
    process, target = spawn(root / "drawn", 0, None, "--bot-pace", DRAWN_PACE)
    try:
        figures = {}
        for way, label in (("reads", "a GetView and a GetTable after each action's events (the page before with_view)"),
                           ("views", "the view and the table on the stream with the events (with_view)")):
            with BrelanClient(target) as api:  # tables of their own for each way, at the same point of their games
                ids = [api.create_table("poker-champ", {"players": "3"}, bot_seats=[0, 1, 2]).table_id
                       for _ in range(DRAWN_TABLES)]  # fmt: skip
            with open_streams(target, ids, DRAWERS, drawn=way) as drawn:
                cpu, began, before = cpu_seconds(process.pid), time.perf_counter(), drawn[0]
                time.sleep(DRAWN_SECONDS)
                count, cpu, elapsed = drawn[0] - before, cpu_seconds(process.pid) - cpu, time.perf_counter() - began
            figures[way] = cpu / count
            print(f"  {label}: {count / elapsed:,.0f} tables drawn a second, the node {1000 * cpu / count:.3f} ms of "
                  f"CPU each (its bots' play included), {100 * cpu / elapsed:.0f}% of a core")
        print(f"    with_view against reads: {figures['views'] / figures['reads']:.2f}x the CPU a table drawn")
    finally:
        stop(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--games", type=int, default=2, help="games a table (default 2)")
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--rss-games", type=int, default=2000, help="finished games for the memory figure")
    parser.add_argument("--only", choices=["throughput", "capacity", "drawn", "failover", "memory", "health"],
                        help="run one part")
    parser.add_argument("--serve-bare", action="store_true", help=argparse.SUPPRESS)  # the baseline's server
    args = parser.parse_args()
    if args.serve_bare:
        serve_bare()
        return
    os.environ.setdefault("BRELAN_DATABASE", "")
    with tempfile.TemporaryDirectory() as tmp, running_postgres() as postgres:
        root = Path(tmp)
        parts = {
            "throughput": lambda: bench_throughput(postgres, args.tables, args.games, root),
            "capacity": lambda: bench_capacity(root),
            "drawn": lambda: bench_drawn(root),
            "failover": lambda: bench_failover(postgres.database(), args.kills, root),
            "memory": lambda: bench_memory(args.rss_games, root),
            "health": lambda: bench_health(root),
        }
        for name, part in parts.items():
            if args.only in (None, name):
                part()


if __name__ == "__main__":
    main()
