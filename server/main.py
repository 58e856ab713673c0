"""Starting and stopping the brelan gRPC server.

One asyncio process: the lexicon service, the Chinese poker solver, the table and tournament services (their log in
``tables.sqlite3`` under the data directory, or in PostgreSQL with ``database``; every unfinished table replayed on
start), health checking (``""`` and each service name) and server reflection (v1 and v1alpha). SIGINT/SIGTERM first
report NOT_SERVING, then stop with a grace period so calls in flight finish.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import signal
import socket
import sys
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc

from brelan.api.v1 import (chinese_pb2, chinese_pb2_grpc, lexicon_pb2, lexicon_pb2_grpc, table_pb2, table_pb2_grpc,
                           tournament_pb2, tournament_pb2_grpc)  # fmt: skip
from brelan.lexicon.build import Progress
from brelan.lexicon.store import Store

from .auth import Guard
from .chinese_service import ChineseServicer
from .cluster import Cluster
from .node import LEASE_SECONDS, Node
from .clock import Clock, SystemClock
from .games.registry import VARIANTS
from .lexicon_service import MAX_MESSAGE_BYTES, SEARCH_SECONDS, LexiconHandler, LexiconServicer
from .log_store import SqlStore
from .metered import Metered
from .metrics import Metrics
from .stores import open_store
from .seeds import SecretSeeds, Seeds
from .shows import FLAT_OUT, ShowRules
from .table_service import TableServicer
from .tables import Tables
from .tournament_service import TournamentServicer
from .tournaments import Tournaments

if TYPE_CHECKING:
    from .web import Web

LEXICON_SERVICE = lexicon_pb2.DESCRIPTOR.services_by_name["LexiconService"].full_name
TABLE_SERVICE = table_pb2.DESCRIPTOR.services_by_name["TableService"].full_name
CHINESE_SERVICE = chinese_pb2.DESCRIPTOR.services_by_name["ChinesePokerService"].full_name
TOURNAMENT_SERVICE = tournament_pb2.DESCRIPTOR.services_by_name["TournamentService"].full_name
logger = logging.getLogger(__name__)
GRACE_SECONDS = 5.0
SWITCH_INTERVAL = 0.0002  # seconds a thread holds the GIL before the event loop may take it back
# The gRPC server's options (bench_cluster's bare server takes them too: a baseline served as the node is).
SERVER_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", 4 * MAX_MESSAGE_BYTES),
    # grpc sets SO_REUSEPORT by default: a second server on a port in use would bind it too, and the kernel
    # would split new connections between two processes with different tables.
    ("grpc.so_reuseport", 0),
]
# Server reflection's stable name, which buf curl and grpcurl ask first (v1alpha is deprecated). grpcio-reflection
# serves v1alpha only (grpc/grpc#38576); v1's messages are v1alpha's, field for field, in another package.
REFLECTION_V1 = "grpc.reflection.v1"
REFLECTION_V1_SERVICE = f"{REFLECTION_V1}.ServerReflection"


@dataclass
class Running:
    server: grpc.aio.Server
    port: int
    health: health.aio.HealthServicer
    handler: LexiconHandler | None
    tables: Tables
    services: tuple[str, ...]
    tournaments: Tournaments | None = None
    log: SqlStore | None = None
    cluster: Cluster | None = None
    web: Web | None = None  # the browsers' listener
    metrics: Metrics = field(default_factory=Metrics)  # the node's figures (served at the web port's /metrics)
    metrics_web: Web | None = None  # the metrics' own listener (--metrics-port)

    async def stop(self, grace: float = GRACE_SECONDS) -> None:
        for name in ("", *self.services):
            await self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        self.tables.stop_watches()  # first: each watch ends with why, not cut by its transport's own end
        if self.web is not None:
            await self.web.stop(grace)
        if self.metrics_web is not None:
            await self.metrics_web.stop(0)  # a scrape is quick: nothing to wait for
        await self.server.stop(grace)
        await self.tables.close()
        if self.cluster is not None:  # after the tables stopped: others take them over at once
            await self.cluster.stop()
        if self.log is not None:
            await self.log.close()


@cache  # one pool for the process: every server of it (tests start several) shares the file
def reflection_v1_file() -> None:
    """``grpc/reflection/v1/reflection.proto`` in the default pool, made of v1alpha's file: reflection describes
    its own v1 service too (buf curl --list-methods asks for every service listed)."""
    old, new = f".{reflection_pb2.DESCRIPTOR.package}.", f".{REFLECTION_V1}."
    file = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(file)
    file.name, file.package = "grpc/reflection/v1/reflection.proto", REFLECTION_V1
    file.ClearField("options")  # v1alpha's: deprecated, its Go and Java packages
    fields = [f for message in file.message_type for f in message.field if f.type_name]  # it has no nested messages
    for item in fields:
        item.type_name = item.type_name.replace(old, new)
    for method in file.service[0].method:
        method.input_type = method.input_type.replace(old, new)
        method.output_type = method.output_type.replace(old, new)
    descriptor_pool.Default().Add(file)


def enable_reflection(services: Iterable[str], server: grpc.aio.Server) -> None:
    """Server reflection, v1 and v1alpha: one servicer under both names (their messages' bytes are the same)."""
    reflection_v1_file()
    servicer = reflection.aio.ReflectionServicer((*services, reflection.SERVICE_NAME, REFLECTION_V1_SERVICE))
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    info = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(REFLECTION_V1_SERVICE, {"ServerReflectionInfo": info}),)
    )


def make_handler(data_dir: Path | None, progress: Progress | None = None) -> LexiconHandler:
    store = Store(data_dir)
    return LexiconHandler(store, store.open_all(progress))


async def start(
    host: str = "127.0.0.1",
    port: int = 50051,
    data_dir: Path | None = None,
    progress: Progress | None = None,
    *,
    lexicons: bool = True,
    clock: Clock | None = None,
    bot_delay: float = 0.0,
    rate: float = 50.0,
    database: str | None = None,
    advertise: str | None = None,
    lease_seconds: float = LEASE_SECONDS,
    search_seconds: float = SEARCH_SECONDS,
    tls: tuple[bytes, bytes] | None = None,
    peers: grpc.ChannelCredentials | None = None,
    web_port: int | None = None,
    allowed_hosts: tuple[str, ...] = (),
    shows: ShowRules = ShowRules(),
    seeds: Seeds | None = None,
    metrics_port: int | None = None,
) -> Running:
    """Open the lexicons (building the default one if missing), replay the tables, and start serving.

    ``lexicons=False`` serves tables only (card games need no lexicon, and start at once).
    ``database``: a ``postgresql://`` URL for the log, shared by every node of a cluster (``advertise``:
    how the others reach this one, HOST:PORT; ``lease_seconds``: how long a dead node keeps its tables);
    None: SQLite under the data directory, one node. ``search_seconds``: the most a lexicon call's search takes.
    ``tls``: (private key, certificate chain), PEM: serve over TLS only; ``peers``: how to reach the other nodes.
    ``shows``: how tables of bots only are played and bounded per caller (:data:`~.shows.FLAT_OUT`: no bound).
    ``seeds``: where games' seeds come from (None: :class:`~.seeds.SecretSeeds`; tests name theirs).
    ``web_port``: also serve browsers there (the page, and the services over Connect); None: no web.
    ``allowed_hosts``: the names browsers may use beside loopback, ``host`` and ``advertise`` (``*``: any).
    ``metrics_port``: also serve the Prometheus metrics there alone (they are at the web port's /metrics too).
    """
    check_free(host, port)  # before anything is loaded or replayed: a second server on the same data plays nothing
    handler = make_handler(data_dir, progress) if lexicons else None
    # Engines' lookup tables build beside the event loop, not inside the first game's action.
    threading.Thread(target=lambda: [v.warm() for v in VARIANTS.values()], daemon=True, name="warm engines").start()
    metrics = Metrics()  # this node's: its own registry, so nodes in one process (tests) keep theirs apart
    log = await open_store(database, Store(data_dir).data_dir, metrics)
    tables = Tables(log, clock or SystemClock(), bot_delay=bot_delay, rate=rate, burst=2 * rate,
                    lexicons=handler.named if handler else None, shows=shows, seeds=seeds, metrics=metrics)  # fmt: skip
    tournaments = Tournaments(log, tables)
    if database is None:
        await tables.restore()  # in a cluster, the nodes take the unfinished tables over as they beat
    await tournaments.restore()
    guard = Guard(tables.resolve)
    metered = Metered(metrics)
    server = grpc.aio.server(
        interceptors=[metered, guard],  # metered outermost: it counts a call as its caller sees it
        options=SERVER_OPTIONS,
    )
    services: tuple[str, ...] = (TABLE_SERVICE, CHINESE_SERVICE, TOURNAMENT_SERVICE)
    servicer = TableServicer(tables)
    tournament_servicer = TournamentServicer(tournaments)
    table_pb2_grpc.add_TableServiceServicer_to_server(servicer, server)
    tournament_pb2_grpc.add_TournamentServiceServicer_to_server(tournament_servicer, server)
    chinese_servicer = ChineseServicer()
    chinese_pb2_grpc.add_ChinesePokerServiceServicer_to_server(chinese_servicer, server)
    # Each service's servicer by its name: the web listener answers Connect's calls with the very same ones.
    servicers: dict[str, Any] = {TABLE_SERVICE: servicer, TOURNAMENT_SERVICE: tournament_servicer,
                                 CHINESE_SERVICE: chinese_servicer}  # fmt: skip
    if handler is not None:
        servicers[LEXICON_SERVICE] = lexicon_servicer = LexiconServicer(handler, search_seconds)
        metrics.read_lanes((lexicon_servicer.searches, lexicon_servicer.lookups))
        lexicon_pb2_grpc.add_LexiconServiceServicer_to_server(lexicon_servicer, server)
        services += (LEXICON_SERVICE,)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    enable_reflection((*services, health.SERVICE_NAME), server)
    try:
        if tls is not None:
            bound = server.add_secure_port(host_port(host, port), grpc.ssl_server_credentials([tls]))
        else:
            bound = server.add_insecure_port(host_port(host, port))
    except RuntimeError:  # grpc's "Failed to bind": taken since check_free looked
        bound = 0
    if bound and tls is None and not is_loopback(host):
            logger.warning("serving without TLS on %s: anyone on the network can read seat tokens and hidden cards "
                           "(use --tls-cert and --tls-key)", host)  # fmt: skip
    if bound == 0:
        raise OSError(f"cannot listen on {host_port(host, port)}: the port is taken; choose another --port")
    cluster = None
    if database is not None:
        reachable = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
        cluster = Cluster(tables, Node.new(advertise or f"{reachable}:{bound}", lease_seconds), peers)
        servicer.cluster = tournaments.cluster = cluster
    await server.start()
    web = metrics_web = None
    if web_port is not None or metrics_port is not None:
        from .web import Web  # Connect and its ASGI server load only for a node that serves browsers (or Prometheus)
    if web_port is not None:
        try:
            web = await Web.start(host, web_port, servicers, guard, metered, tls,
                                  names=(advertise or "", *allowed_hosts))  # fmt: skip
        except OSError as e:
            await server.stop(0)
            raise OSError(f"cannot listen for browsers on {host_port(host, web_port)} ({e.strerror}): choose another "
                          "--web-port, or --no-web") from None  # fmt: skip
    if metrics_port is not None:
        try:
            metrics_web = await Web.metrics_only(host, metrics_port, metrics, tls)
        except OSError as e:
            if web is not None:
                await web.stop(0)
            await server.stop(0)
            raise OSError(f"cannot listen for Prometheus on {host_port(host, metrics_port)} ({e.strerror}): choose "
                          "another --metrics-port") from None  # fmt: skip
    if cluster is not None:
        await cluster.start()
    for name in ("", *services):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return Running(server, bound, health_servicer, handler, tables, services, tournaments, log, cluster, web, metrics,
                   metrics_web)  # fmt: skip


async def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    progress: Progress | None = None,
    on_ready: Callable[[Running], None] | None = None,
    **options: Any,
) -> None:
    """Serve until SIGINT or SIGTERM; ``options`` as :func:`start` takes them."""
    # The engine's and the searches' threads are pure Python: each time the event loop wants the GIL back
    # it waits for them to yield it, every switch interval (5 ms by default). 0.2 ms keeps a health check,
    # which takes the GIL several times, within its budget while solvers run (bench_cluster: p99 116 ms
    # -> 6 ms with 8 Chinese bot tables playing), at about 2% of the actions/s.
    sys.setswitchinterval(SWITCH_INTERVAL)
    running = await start(host, port, data_dir, progress, **options)
    if on_ready:
        on_ready(running)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    await stopping.wait()
    await running.stop()


def check_free(host: str, port: int) -> None:
    """OSError, in one line, when ``host:port`` is taken (another brelan, any socket) or cannot be had; port 0
    (any free port) always can."""
    if port == 0:
        return
    try:
        addresses = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as e:
        raise OSError(f"cannot listen on {host_port(host, port)} ({e.strerror or e})") from None
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            # As grpc binds: SO_REUSEADDR lets a port a stopped server left in TIME_WAIT be had, never a listened one.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as e:
                taken = "the port is taken" if e.errno == errno.EADDRINUSE else (e.strerror or str(e))
                raise OSError(f"cannot listen on {host_port(host, port)}: {taken}; choose another --port") from None


def host_port(host: str, port: int) -> str:
    """HOST:PORT, an IPv6 address in brackets (``[::]:50051``), as gRPC and URLs take it."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host`` (a name that is not an address counts as reachable)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


class ServerThread:
    """The real aio server on its own event loop in a daemon thread: ``brelan play``'s table server, and tests'.

    Its one caller is its own process: its tables of bots only play flat out unless ``shows`` says otherwise. Its
    games' seeds come from ``seeds``, else from :attr:`default_seeds` (secret; the tests name theirs there).
    """

    default_seeds: Callable[[], Seeds] = SecretSeeds

    def __init__(self, data_dir: Path | None, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        options.setdefault("shows", FLAT_OUT)
        options.setdefault("seeds", type(self).default_seeds())
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="brelan server")
        self.thread.start()
        self.running: Running = self.call(start(host, port, data_dir, **options), timeout=600)
        self.target = host_port(host, self.running.port)

    def call(self, coroutine: Any, timeout: float = 30) -> Any:
        """Run a coroutine on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self, grace: float = 0) -> None:
        if not self.thread.is_alive():
            return  # stopped already
        self.call(self.running.stop(grace))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
