"""Browsers: the same services over Connect (JSON or binary, HTTP/1.1), and the page's files, on ``--web-port``.

Every Connect call is answered in this process by the very servicers the gRPC server runs, through the same
guard (:class:`auth.Guard`: tokens, error mapping with details, the caller's address for its limits) and the same
cluster relaying and deadlines (Connect's timeout): there is no second API to keep in step, and no second hop.
Only the caller's ``authorization`` header reaches the services.

    $ curl -H 'content-type: application/json' -d '{"words":["porte"]}' \\
        http://127.0.0.1:8080/brelan.api.v1.LexiconService/CheckWords
    {"verdicts": [{"word": "porte", "key": "PORTE", "admissible": true, "reason": "adjective ..."}]}

A failed call answers Connect's error JSON: ``code`` (``invalid_argument``...), ``message``, and ``details``
holding the same ``google.rpc`` messages (``BadRequest``, ``ErrorInfo``) as the gRPC status.

``/metrics`` answers the node's Prometheus metrics (:mod:`~.metrics`; GET, any scraper the ``Host`` check lets
in), and :meth:`Web.metrics_only` serves them alone on a port of their own (``brelan serve --metrics-port``). Every
Connect call is counted and timed as a gRPC call is, by the same :class:`~.metered.Metered`.

Every answer carries a strict Content-Security-Policy and its companions (:data:`SECURITY_HEADERS`), and only a
request naming this server in its ``Host`` (:class:`Hosts`) is answered: a stranger's page whose name a rebound DNS
points at this machine gets 421 and makes no call. Stopping ends the open streams at once (``unavailable``: the page
comes back by itself) and gives the other calls the grace the gRPC side gives its own.
"""

from __future__ import annotations

import asyncio
import contextvars
import atexit
import logging
import mimetypes
import re
import shutil
import socket
import tempfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, NoReturn

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from google.rpc import status_pb2
from hypercorn.asyncio import serve as hypercorn_serve
from hypercorn.config import Config
from protobuf.wkt import Any as ConnectAny

from brelan.api.v1 import (chinese_connect, chinese_pb2, lexicon_connect, lexicon_pb2, table_connect, table_pb2,
                           tournament_connect, tournament_pb2)  # fmt: skip

from .auth import Guard
from .errors import stopping
from .metered import Metered
from .metrics import Metrics

logger = logging.getLogger(__name__)
PAGE = resources.files("brelan.clients") / "web"  # the browser client's files
FORWARDED = ("authorization",)  # the only headers a browser's call carries on to the services
STATUS_DETAILS = "grpc-status-details-bin"
GRACE_SECONDS = 5.0  # what a call in flight has to finish when the server stops
CLOSING_SECONDS = 1.0  # then, what a connection has to close once its calls are over
# hypercorn's HTTP/2 side meets a connection's 1,001st request (keep_alive_max_requests, 1,000 by default) with a
# GOAWAY that closes its own side first, so that request is never answered: its client fails (CANCEL, "Session
# closed"). Hence a limit no connection reaches (stream ids end at 2**31); what one connection asks at a time stays
# capped by hypercorn's 100 concurrent streams.
REQUESTS_PER_CONNECTION = 2**31
# The page is plain ES modules and a stylesheet from this origin, its icon a data: URL, its only calls its own
# services: nothing inline runs, nothing else loads, and no other site may frame it (clickjacking).
CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"x-content-type-options", b"nosniff"),  # a file is only ever what its content-type says
    (b"referrer-policy", b"no-referrer"),  # a table's address (#/table/...) stays on the page
]
METRICS_PATH = "/metrics"
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
ANY_HOST = "*"
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# Each service: its generated Connect application, its descriptor.
SERVICES = (
    (lexicon_connect.LexiconServiceASGIApplication, lexicon_pb2.DESCRIPTOR.services_by_name["LexiconService"]),
    (table_connect.TableServiceASGIApplication, table_pb2.DESCRIPTOR.services_by_name["TableService"]),
    (tournament_connect.TournamentServiceASGIApplication, tournament_pb2.DESCRIPTOR.services_by_name["TournamentService"]),
    (chinese_connect.ChinesePokerServiceASGIApplication, chinese_pb2.DESCRIPTOR.services_by_name["ChinesePokerService"]),
)  # fmt: skip


def private_files(tls: tuple[bytes, bytes]) -> tuple[str, str]:
    """The key and chain as files only this user reads (what the ASGI server's TLS set-up takes)."""
    folder = Path(tempfile.mkdtemp(prefix="brelan-web-tls-"))  # made 0700
    paths = folder / "key.pem", folder / "chain.pem"
    for path, pem in zip(paths, tls):
        path.write_bytes(pem)
    atexit.register(shutil.rmtree, folder, True)
    return str(paths[0]), str(paths[1])


def snake(name: str) -> str:
    """The generated Connect method name of an RPC: ``CheckWords`` -> ``check_words``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def host_name(authority: str) -> str:
    """The name in a ``Host`` header or a HOST:PORT, without port, brackets, case or final dot (``[::1]:80``: ::1)."""
    name = authority.strip().lower()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:  # more than one: a bare IPv6 address, no port
        name = name.partition(":")[0]
    return name.rstrip(".")


@dataclass(frozen=True)
class Hosts:
    """The names a browser may reach this server by, checked against each request's ``Host``.

    DNS rebinding points a stranger's name at this machine, so that the stranger's page may call it as its own
    origin: the loopback names and the ones the server is told (``--host``, ``--advertise``, ``--allowed-host``)
    are answered, any other is not. ``*`` allows every name.
    """

    names: frozenset[str]

    @classmethod
    def of(cls, given: Iterable[str]) -> Hosts:
        """The loopback names and ``given`` (NAME or NAME:PORT; empty ones left out)."""
        return cls(LOOPBACK_NAMES | {host_name(name) for name in given if name})

    def allow(self, authority: str) -> bool:
        return ANY_HOST in self.names or host_name(authority) in self.names


def header(scope: Scope, name: bytes) -> str:
    """A request header's value ('' without it)."""
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), "")


def connect_error(code: grpc.StatusCode, message: str, trailing_metadata: Iterable[tuple[str, Any]]) -> ConnectError:
    """A gRPC status as Connect's: the same code, message and ``google.rpc`` details."""
    name = code.name
    connect_code = Code.CANCELED if name == "CANCELLED" else Code[name]
    details: list[ErrorDetail] = []
    for key, value in trailing_metadata:
        if key == STATUS_DETAILS and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            details = [ErrorDetail(ConnectAny(type_url=d.type_url, value=d.value)) for d in status.details]
    return ConnectError(connect_code, message, details)


class Aborted(grpc.aio.AbortError):
    """A Connect call ended with a status by its handler or the guard, as ``context.abort`` ends a gRPC call."""

    def __init__(self, code: grpc.StatusCode, details: str, trailing_metadata: Iterable[tuple[str, Any]] = ()) -> None:
        super().__init__(details)
        self.error = connect_error(code, details, tuple(trailing_metadata or ()))


class CallContext:
    """What the servicers and the guard use of ``grpc.aio.ServicerContext``, for a Connect call served in process.

    The caller's address is the browser's own (per-address limits count each browser, not the web listener), its
    deadline Connect's timeout, and its only metadata its ``authorization`` header.
    """

    def __init__(self, ctx: Any) -> None:
        self._ctx = ctx
        self._metadata = tuple((name, ctx.request_headers[name]) for name in FORWARDED if ctx.request_headers.get(name))
        self._status: tuple[grpc.StatusCode, tuple[tuple[str, Any], ...]] | None = None  # as aborted: code, trailers

    def code(self) -> grpc.StatusCode | None:
        """The status the call was aborted with (None: not aborted), as a gRPC context tells it (what Metered reads)."""
        return self._status[0] if self._status else None

    def trailing_metadata(self) -> tuple[tuple[str, Any], ...]:
        return self._status[1] if self._status else ()

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    def peer(self) -> str:
        """``ipv4:ADDRESS:PORT`` or ``ipv6:[ADDRESS]:PORT``, as gRPC names a peer (:func:`auth.peer_of` reads it)."""
        address, _, port = (self._ctx.client_address or "").rpartition(":")
        return f"ipv6:[{address}]:{port}" if ":" in address else f"ipv4:{address}:{port}" if address else "web"

    def time_remaining(self) -> float | None:
        left = self._ctx.timeout_ms
        return None if left is None else max(0.0, left / 1000)

    async def abort(self, code: grpc.StatusCode, details: str = "",
                    trailing_metadata: Iterable[tuple[str, Any]] = ()) -> NoReturn:  # fmt: skip
        self._status = code, tuple(trailing_metadata or ())
        raise Aborted(code, details, self._status[1])

    async def abort_with_status(self, status: grpc.Status) -> NoReturn:
        await self.abort(status.code, status.details, status.trailing_metadata)


class InProcess:
    """A Connect service whose every method calls the gRPC servicer's own, through the same guard, counted by the
    same :class:`~.metered.Metered` (see the module's text); a service this node does not serve (no lexicon)
    answers UNIMPLEMENTED."""

    def __init__(self, servicer: Any | None, service: Any, guard: Guard, metered: Metered,
                 stopping: asyncio.Event) -> None:  # fmt: skip
        self.stopping = stopping
        for method in service.methods:
            path = f"/{service.full_name}/{method.name}"
            handler = getattr(servicer, method.name) if servicer is not None else None
            make = self._stream if method.server_streaming else self._unary
            setattr(self, snake(method.name), make(guard, metered, path, handler))

    @staticmethod
    def _unary(guard: Guard, metered: Metered, path: str, handler: Any) -> Callable[[Any, Any], Awaitable[Any]]:
        call = metered.call(path)

        async def unary(request: Any, ctx: Any) -> Any:
            if handler is None:
                raise ConnectError(Code.UNIMPLEMENTED, f"this server does not serve {path}")
            context = CallContext(ctx)
            try:
                return await metered.unary(call, guard.unary(path, handler, request, context), context)
            except Aborted as e:
                raise e.error from None

        return unary

    def _stream(self, guard: Guard, metered: Metered, path: str,
                handler: Any) -> Callable[[Any, Any], AsyncIterator[Any]]:  # fmt: skip
        call = metered.call(path)

        async def stream(request: Any, ctx: Any) -> AsyncIterator[Any]:
            if handler is None:
                raise ConnectError(Code.UNIMPLEMENTED, f"this server does not serve {path}")
            calling = CallContext(ctx)
            responses = metered.stream(call, guard.stream(path, handler, request, calling), calling)
            # Every step of the handler runs in one context, as a gRPC stream's does in its one task: what the guard
            # set at the first (the caller, CALLER) is what the handler reads at the last (a seat given up).
            context = contextvars.copy_context()
            try:
                while (response := await self._next(responses, context)) is not None:
                    yield response
            except Aborted as e:
                raise e.error from None
            finally:
                await responses.aclose()  # the browser went away, or the server stops: so does the handler

        return stream

    async def _next(self, responses: AsyncIterator[Any], context: contextvars.Context) -> Any:
        """A stream's next message (None after the last); the server stopping ends it, UNAVAILABLE.

        A stream (a table's events) never ends by itself: left open, it would hold its connection past the
        listener's end, to be cancelled with a traceback. UNAVAILABLE is what the page watches again on.
        """
        read = asyncio.get_running_loop().create_task(anext(responses, None), context=context)
        stopped = asyncio.ensure_future(self.stopping.wait())
        try:
            done, _ = await asyncio.wait((read, stopped), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in (read, stopped):
                waiting.cancel()  # nothing to the one that is done
            # The generator is closed next: its read must have stopped first (it may not be closed while it runs).
            await asyncio.wait((read, stopped))
        if read not in done:
            status = stopping().to_status()
            raise connect_error(status.code, status.details, status.trailing_metadata)
        return read.result()


class Page:
    """The browser client's static files (GET only); ``/`` is ``index.html``."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        name = scope["path"].lstrip("/") or "index.html"
        file = PAGE / name
        if scope["method"] not in ("GET", "HEAD") or ".." in name or not file.is_file():
            await respond(send, 404, b"not found\n", "text/plain")
            return
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        await respond(send, 200, file.read_bytes() if scope["method"] == "GET" else b"", kind)


async def respond(send: Send, status: int, body: bytes, kind: str) -> None:
    charset = "; charset=utf-8" if kind.startswith("text/") or kind.endswith("javascript") else ""
    # no-cache: a browser asks again each time, so it never runs an old page against a newer server
    headers = [(b"content-type", (kind + charset).encode()), (b"cache-control", b"no-cache")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def secured(send: Send) -> Send:
    """``send``, with the security headers added to every answer's start."""

    async def send_secured(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
        await send(message)

    return send_secured


class Exchange:
    """One request and its answer, whose end waits for the request's: its body read to the end, or its client gone.

    hypercorn's HTTP/2 side forgets a stream as soon as its answer ends; data coming for it afterwards (the rest of a
    request answered at once, such as a gRPC reflection probe's, answered 404) raises a KeyError there, which drops
    the connection with every call on it and logs a traceback. A complete request's answer is sent as it comes.
    """

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive = receive
        self._send = send
        self.over = False  # the request: read to its end, or its client gone
        self.trailers = False  # the answer ends with trailers, not with its body

    async def receive(self) -> dict[str, Any]:
        message = await self._receive()
        self.over = self.over or message["type"] == "http.disconnect" or not message.get("more_body", False)
        return message

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.trailers = message.get("trailers", False)
        elif self._ends(message) and not self.over:
            if message["type"] == "http.response.body":  # all of it now, but its end
                await self._send({**message, "more_body": True})
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            while not self.over:
                await self.receive()
        await self._send(message)

    def _ends(self, message: dict[str, Any]) -> bool:
        if message["type"] == "http.response.body":
            return not (message.get("more_body", False) or self.trailers)
        return message["type"] == "http.response.trailers" and not message.get("more_trailers", False)


async def not_found(scope: Scope, receive: Receive, send: Send) -> None:
    await respond(send, 404, b"not found\n", "text/plain")


@dataclass
class WebApp:
    """The ASGI application: each service's Connect calls by their path, the metrics at /metrics, the page for the
    rest."""

    routes: dict[str, Any]
    page: Callable[[Scope, Receive, Send], Awaitable[None]]
    hosts: Hosts
    metrics: Callable[[Scope, Receive, Send], Awaitable[None]]  # prometheus_client's, over the node's registry
    calls: set[asyncio.Task[Any]] = field(default_factory=set)  # the requests in flight, for stop to end

    @classmethod
    def over(cls, servicers: dict[str, Any], guard: Guard, metered: Metered, stopping: asyncio.Event,
             hosts: Hosts) -> WebApp:  # fmt: skip
        """``servicers``: each service's servicer by its full name (a service missing: none)."""
        routes = {f"/{service.full_name}/": application(InProcess(servicers.get(service.full_name), service, guard,
                                                                  metered, stopping))
                  for application, service in SERVICES}  # fmt: skip
        return cls(routes, Page(), hosts, metered.metrics.app())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        call = asyncio.current_task()
        assert call is not None  # hypercorn runs each request as a task of its own
        self.calls.add(call)
        exchange = Exchange(receive, secured(send))
        try:
            await self._answer(scope, exchange.receive, exchange.send)
        finally:
            self.calls.discard(call)

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        host = header(scope, b"host")
        if not self.hosts.allow(host):
            text = f"misdirected request: this server does not answer to {host!r} (brelan serve --allowed-host NAME)\n"
            await respond(send, 421, text.encode(), "text/plain")
            return
        path = scope["path"]
        if path == METRICS_PATH:
            await (self.metrics if scope["method"] in ("GET", "HEAD") else not_found)(scope, receive, send)
            return
        app = next((a for prefix, a in self.routes.items() if path.startswith(prefix)), self.page)
        await app(scope, receive, send)

    async def finish(self, grace: float) -> None:
        """Give the requests in flight ``grace`` seconds, then cancel those left."""
        if self.calls:
            await asyncio.wait(set(self.calls), timeout=grace)
        left = set(self.calls)
        for call in left:
            call.cancel()
        if left:
            await asyncio.wait(left, timeout=CLOSING_SECONDS)


@dataclass
class Web:
    """The browsers' listener (or the metrics' alone), run on the server's event loop."""

    port: int
    stopping: asyncio.Event
    task: asyncio.Task[None]
    app: WebApp
    config: Config

    @classmethod
    async def start(cls, host: str, port: int, servicers: dict[str, Any], guard: Guard, metered: Metered,
                    tls: tuple[bytes, bytes] | None = None, names: Iterable[str] = ()) -> Web:  # fmt: skip
        """Listen on ``host:port`` (0: a free port) for browsers; over TLS with ``tls`` (key, chain), as gRPC is.

        ``servicers`` (by service name) answer the calls through ``guard``, the gRPC server's interceptor, each
        counted by ``metered``, the metrics' (served at /metrics).

        ``names``: what else than ``host`` and loopback browsers may call this server by (NAME or NAME:PORT, as
        ``--advertise`` and ``--allowed-host`` give them; ``*``: any name).
        """
        stopping = asyncio.Event()
        return await cls._serve(host, port, WebApp.over(servicers, guard, metered, stopping, Hosts.of((host, *names))),
                                stopping, tls)  # fmt: skip

    @classmethod
    async def metrics_only(cls, host: str, port: int, metrics: Metrics, tls: tuple[bytes, bytes] | None = None) -> Web:
        """Listen on ``host:port`` for Prometheus alone (``--metrics-port``): /metrics, 404 for the rest.

        Whatever name it is scraped by: a scraper is configured with an address, and nothing here runs in a browser
        nor changes anything, so a stranger's page a rebound DNS sends here learns the load alone, no table or player.
        """
        stopping = asyncio.Event()
        return await cls._serve(host, port, WebApp({}, not_found, Hosts.of([ANY_HOST]), metrics.app()), stopping, tls)

    @classmethod
    async def _serve(cls, host: str, port: int, app: WebApp, stopping: asyncio.Event,
                     tls: tuple[bytes, bytes] | None) -> Web:  # fmt: skip
        v6 = ":" in host  # "::" listens on IPv4 too, as gRPC's listener does
        listener = socket.create_server((host, port), family=socket.AF_INET6 if v6 else socket.AF_INET,
                                        dualstack_ipv6=host == "::")  # fmt: skip
        listener.setblocking(False)
        bound = listener.getsockname()[1]
        config = Config()
        config.bind = [f"fd://{listener.detach()}"]  # the ASGI server's socket from now on
        if tls is not None:
            config.keyfile, config.certfile = private_files(tls)
        config.accesslog = None
        config.errorlog = logger
        config.keep_alive_max_requests = REQUESTS_PER_CONNECTION
        task = asyncio.get_running_loop().create_task(
            hypercorn_serve(app, config, shutdown_trigger=stopping.wait), name="web")  # type: ignore[arg-type]
        return cls(bound, stopping, task, app, config)

    async def stop(self, grace: float = GRACE_SECONDS) -> None:
        """Stop listening, end the streams at once, give the other requests ``grace`` seconds, cancel the rest.

        Then each connection, idle, closes by itself: hypercorn cancels those still open when its own wait is over,
        and asyncio before Python 3.13 logs a CancelledError traceback for each.
        """
        self.config.graceful_timeout = grace + CLOSING_SECONDS  # hypercorn's wait, read once stopping is set
        self.stopping.set()
        await self.app.finish(grace)
        try:
            await asyncio.wait_for(self.task, grace + 2 * CLOSING_SECONDS)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self.task.cancel()
