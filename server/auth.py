"""The server's interceptor: request bytes that are not the message, bearer tokens, and failures.

For every call, undecodable bytes become INVALID_ARGUMENT (grpc itself would
answer INTERNAL); a :class:`~.refusals.Refusal` a handler raises becomes the call's
status (its field violations and reason in the details), the one place every
service's errors are mapped; a store that does not answer is UNAVAILABLE; and an exception no handler expected is logged
with its traceback and an error id, and answered INTERNAL with that id (grpc
would answer UNKNOWN with the exception's text). For the table service, an
``authorization: Bearer <token>`` header is mapped to the seat it holds before
the handler runs; a malformed header or an unknown token is UNAUTHENTICATED. Handlers read the seat from
:data:`CALLER` and decide PERMISSION_DENIED themselves (a token for another
seat or table).
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
from contextvars import ContextVar
from typing import Any, AsyncIterator, Awaitable, Callable
from urllib.parse import unquote

import grpc

from .errors import status_of
from .refusals import Refusal, Status
from .log_store import StoreUnavailable
from .seats import Holder

log = logging.getLogger(__name__)
TABLE_METHODS = "/brelan.api.v1.TableService/"


CALLER: ContextVar[Holder | None] = ContextVar("brelan_caller", default=None)


def peer_of(context: grpc.aio.ServicerContext) -> str:
    """Whom a call counts against: its address without the port (an IPv6 address's /64, which one host often holds
    whole), so one client's many connections are one peer. Any other peer as gRPC names it: every caller on a Unix
    socket is one peer, so is the web listener, which makes every browser's call on the server's private socket.
    A header naming another address is not believed: any caller can send one."""
    peer = context.peer() or ""
    kind, _, rest = peer.partition(":")  # ipv4:127.0.0.1:51896, ipv6:%5B::1%5D:39892, unix:
    if kind not in ("ipv4", "ipv6"):
        return peer
    try:
        address = ipaddress.ip_address(unquote(rest).rpartition(":")[0].strip("[]"))
    except ValueError:
        return peer
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class _Junk:
    """A request whose bytes are not the message."""


def _token(context: grpc.aio.ServicerContext) -> str | None:
    """The bearer token, None without an authorization header; ValueError when it is not ``Bearer <token>``."""
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            scheme, _, token = str(value).partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise ValueError("the authorization header must be 'Bearer <token>'")
            return token.strip()
    return None


class Guard(grpc.aio.ServerInterceptor):
    def __init__(self, resolve: Callable[[str], Awaitable[Holder | None]]) -> None:
        self.resolve = resolve
        # Each method's handler as wrapped here, made at its first call: grpc gives the same handler for a
        # method every time, and wrapping it again for each call cost every call a few closures.
        self._wrapped: dict[str, Any] = {}

    async def _admit(self, method: str, request: Any, context: grpc.aio.ServicerContext) -> None:
        """Let the call in (its refusals are mapped as the handlers' are, by :func:`failed`)."""
        if isinstance(request, _Junk):
            raise Refusal(Status.INVALID_ARGUMENT, "the request is not a valid message", reason="MALFORMED_REQUEST")
        if not method.startswith(TABLE_METHODS):
            return
        try:
            token = _token(context)
        except ValueError as e:
            raise Refusal(Status.UNAUTHENTICATED, str(e), reason="MALFORMED_TOKEN") from None
        holder = None
        if token is not None:
            holder = await self.resolve(token)
            if holder is None:
                raise Refusal(Status.UNAUTHENTICATED, "unknown or revoked token", reason="UNKNOWN_TOKEN")
        CALLER.set(holder)

    async def intercept_service(self, continuation: Any, details: grpc.HandlerCallDetails) -> Any:
        wrapped = self._wrapped.get(details.method)
        if wrapped is None:
            wrapped = self._wrap(details.method, await continuation(details))
            if wrapped is not None:
                self._wrapped[details.method] = wrapped
        return wrapped

    def _wrap(self, method: str, handler: Any) -> Any:
        """``handler`` with its requests decoded leniently and its calls admitted (:meth:`unary`, :meth:`stream`)."""
        if handler is None or handler.request_deserializer is None:
            return handler
        decode = handler.request_deserializer

        def lenient(data: bytes) -> Any:
            try:
                return decode(data)
            except Exception:
                return _Junk()

        # Handlers grpc can tell for coroutines and async generators (it would run a plain function in a thread).
        if handler.unary_unary:
            inner = handler.unary_unary

            async def unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
                return await self.unary(method, inner, request, context)

            return handler._replace(request_deserializer=lenient, unary_unary=unary)
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            async def stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
                async for item in self.stream(method, inner_stream, request, context):
                    yield item

            return handler._replace(request_deserializer=lenient, unary_stream=stream)
        return handler

    # The call around a handler, for the gRPC server and for Connect's calls served in process (web.py) alike.
    async def unary(self, method: str, handler: Callable[[Any, Any], Awaitable[Any]], request: Any, context: Any) -> Any:
        """``handler(request, context)`` for ``method`` ("/package.Service/Method"), admitted and its failure mapped."""
        try:
            await self._admit(method, request, context)
            return await handler(request, context)
        except Exception as e:
            await failed(method, e, context)

    async def stream(self, method: str, handler: Callable[[Any, Any], AsyncIterator[Any]], request: Any,
                     context: Any) -> AsyncIterator[Any]:  # fmt: skip
        """:meth:`unary` for a server stream: each message ``handler`` yields."""
        try:
            await self._admit(method, request, context)
            async for item in handler(request, context):
                yield item
        except Exception as e:
            await failed(method, e, context)


async def failed(method: str, error: Exception, context: grpc.aio.ServicerContext) -> None:
    """End a call its handler let an exception out of: a ServiceError as its status, anything else INTERNAL."""
    if isinstance(error, grpc.aio.AbortError):  # the handler chose the status already
        raise error
    if isinstance(error, Refusal):  # the domain's refusal (a ServiceError among them): its status
        await context.abort_with_status(status_of(error))
    if isinstance(error, StoreUnavailable):  # the database is down or locked (its retries spent): not a bug
        await context.abort_with_status(status_of(Refusal(Status.UNAVAILABLE, f"{error}: call again",
                                                          reason="STORE_UNAVAILABLE")))  # fmt: skip
    error_id = "e-" + secrets.token_hex(4)
    log.error("%s failed (error id %s)", method, error_id, exc_info=error)
    await context.abort(grpc.StatusCode.INTERNAL, f"internal error {error_id}: the server's log has its details")
