"""Browsers: the same services over Connect (JSON or binary, HTTP/1.1), and the page's files, on ``--web-port``.

Every Connect call is made again, as a gRPC call, on this node's own gRPC server
through a private socket (an abstract Unix socket nobody else can name): the very
servicers, interceptor, tokens, error mapping, deadlines and cluster relaying
answer a browser as they answer any gRPC client, and there is no second API to
keep in step. Only the caller's ``authorization`` header goes through.

    $ curl -H 'content-type: application/json' -d '{"words":["porte"]}' \\
        http://127.0.0.1:8080/brelan.api.v1.LexiconService/CheckWords
    {"verdicts": [{"word": "porte", "key": "PORTE", "admissible": true, "reason": "adjective ..."}]}

A failed call answers Connect's error JSON: ``code`` (``invalid_argument``...), ``message``, and ``details``
holding the same ``google.rpc`` messages (``BadRequest``, ``ErrorInfo``) as the gRPC status.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import mimetypes
import re
import secrets
import shutil
import socket
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from google.rpc import status_pb2
from hypercorn.asyncio import serve as hypercorn_serve
from hypercorn.config import Config
from protobuf.wkt import Any as ConnectAny

from brelan.api.v1 import (chinese_connect, chinese_pb2, chinese_pb2_grpc, lexicon_connect, lexicon_pb2,
                           lexicon_pb2_grpc, table_connect, table_pb2, table_pb2_grpc, tournament_connect,
                           tournament_pb2, tournament_pb2_grpc)  # fmt: skip

logger = logging.getLogger(__name__)
PAGE = resources.files("brelan.clients") / "web"  # the browser client's files
FORWARDED = ("authorization",)  # the only headers a browser's call carries on to the services
STATUS_DETAILS = "grpc-status-details-bin"
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# Each service: its generated Connect application, its gRPC stub, its descriptor.
SERVICES = (
    (lexicon_connect.LexiconServiceASGIApplication, lexicon_pb2_grpc.LexiconServiceStub,
     lexicon_pb2.DESCRIPTOR.services_by_name["LexiconService"]),
    (table_connect.TableServiceASGIApplication, table_pb2_grpc.TableServiceStub,
     table_pb2.DESCRIPTOR.services_by_name["TableService"]),
    (tournament_connect.TournamentServiceASGIApplication, tournament_pb2_grpc.TournamentServiceStub,
     tournament_pb2.DESCRIPTOR.services_by_name["TournamentService"]),
    (chinese_connect.ChinesePokerServiceASGIApplication, chinese_pb2_grpc.ChinesePokerServiceStub,
     chinese_pb2.DESCRIPTOR.services_by_name["ChinesePokerService"]),
)  # fmt: skip


def private_address() -> str:
    """An abstract Unix socket for the web side's calls to the gRPC side: no file, no port, nothing to clean."""
    return f"unix-abstract:brelan-{secrets.token_hex(8)}"


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


def connect_error(error: grpc.aio.AioRpcError) -> ConnectError:
    """A gRPC status as Connect's: the same code, message and ``google.rpc`` details."""
    name = error.code().name
    code = Code.CANCELED if name == "CANCELLED" else Code[name]
    details: list[ErrorDetail] = []
    for key, value in error.trailing_metadata() or ():
        if key == STATUS_DETAILS and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            details = [ErrorDetail(ConnectAny(type_url=d.type_url, value=d.value)) for d in status.details]
    return ConnectError(code, error.details() or "", details)


class Forward:
    """A Connect service whose every method makes the same call on the gRPC server (see the module's text)."""

    def __init__(self, stub: Any, methods: Any) -> None:
        for method in methods:
            call = getattr(stub, method.name)
            streams = method.server_streaming
            setattr(self, snake(method.name), self._stream(call) if streams else self._unary(call))

    @staticmethod
    def _metadata(ctx: Any) -> tuple[list[tuple[str, str]], float | None]:
        headers = ctx.request_headers
        kept = [(name, headers[name]) for name in FORWARDED if headers.get(name)]
        timeout = ctx.timeout_ms
        return kept, timeout / 1000 if timeout is not None else None

    def _unary(self, call: Any) -> Callable[[Any, Any], Awaitable[Any]]:
        async def unary(request: Any, ctx: Any) -> Any:
            metadata, timeout = self._metadata(ctx)
            try:
                return await call(request, metadata=metadata, timeout=timeout)
            except grpc.aio.AioRpcError as e:
                raise connect_error(e) from None

        return unary

    def _stream(self, call: Any) -> Callable[[Any, Any], AsyncIterator[Any]]:
        async def stream(request: Any, ctx: Any) -> AsyncIterator[Any]:
            metadata, timeout = self._metadata(ctx)
            responses = call(request, metadata=metadata, timeout=timeout)
            try:
                async for response in responses:
                    yield response
            except grpc.aio.AioRpcError as e:
                raise connect_error(e) from None
            finally:
                responses.cancel()  # the browser went away: so does the gRPC call

        return stream


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


@dataclass
class WebApp:
    """The ASGI application: each service's Connect calls by their path, the page for the rest."""

    routes: dict[str, Any]
    page: Page

    @classmethod
    def over(cls, channel: grpc.aio.Channel) -> WebApp:
        routes = {f"/{service.full_name}/": application(Forward(stub(channel), service.methods))
                  for application, stub, service in SERVICES}  # fmt: skip
        return cls(routes, Page())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        path = scope["path"]
        app = next((a for prefix, a in self.routes.items() if path.startswith(prefix)), self.page)
        await app(scope, receive, send)


@dataclass
class Web:
    """The browsers' listener, run on the server's event loop."""

    port: int
    channel: grpc.aio.Channel
    stopping: asyncio.Event
    task: asyncio.Task[None]

    @classmethod
    async def start(cls, host: str, port: int, grpc_address: str, tls: tuple[bytes, bytes] | None = None) -> Web:
        """Listen on ``host:port`` (0: a free port) for browsers; over TLS with ``tls`` (key, chain), as gRPC is."""
        listener = socket.create_server((host, port))
        listener.setblocking(False)
        bound = listener.getsockname()[1]
        config = Config()
        config.bind = [f"fd://{listener.detach()}"]  # the ASGI server's socket from now on
        if tls is not None:
            config.keyfile, config.certfile = private_files(tls)
        config.accesslog = None
        config.errorlog = logger
        config.graceful_timeout = 1.0
        channel = grpc.aio.insecure_channel(grpc_address)
        stopping = asyncio.Event()
        app = WebApp.over(channel)
        task = asyncio.get_running_loop().create_task(
            hypercorn_serve(app, config, shutdown_trigger=stopping.wait), name="web")  # type: ignore[arg-type]
        return cls(bound, channel, stopping, task)

    async def stop(self) -> None:
        self.stopping.set()
        try:
            await asyncio.wait_for(self.task, 5)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            self.task.cancel()
        await self.channel.close()
