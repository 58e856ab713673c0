"""Every call counted by its status code and timed, over gRPC and over Connect alike (brelan_calls_total,
brelan_call_seconds; a stream's messages and whether it is open; a caller's refusals past a limit): the gRPC
server's outermost interceptor, and around each Connect call (:mod:`~.web`). The families are :mod:`~.metrics`'.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any, AsyncGenerator, AsyncIterator, Awaitable, TypeVar

import grpc
from google.rpc import error_details_pb2, status_pb2

from .metrics import Metrics

T = TypeVar("T")
STATUS_DETAILS = "grpc-status-details-bin"


@dataclass
class Call:
    """One method's figures: its latency and stream children bound once, its codes' as they first come."""

    metrics: Metrics
    service: str
    method: str
    seconds: Any = None
    open: Any = None
    messages: Any = None
    codes: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seconds = self.metrics.call_seconds.labels(self.service, self.method)
        self.open = self.metrics.streams_open.labels(self.service, self.method)
        self.messages = self.metrics.stream_messages.labels(self.service, self.method)

    def answered(self, code: str) -> None:
        counter = self.codes.get(code)
        if counter is None:
            counter = self.codes[code] = self.metrics.calls.labels(self.service, self.method, code)
        counter.inc()

    def limited(self, reason: str) -> None:
        self.metrics.rate_limited.labels(self.service, self.method, reason or "UNKNOWN").inc()


def code_of(error: BaseException, context: Any) -> grpc.StatusCode:
    """The status a call that raised ``error`` ends with: the one its handler (or the guard) aborted with, CANCELLED
    for a caller gone (its task cancelled, its stream closed), else UNKNOWN (what grpc answers then)."""
    if isinstance(error, grpc.aio.AbortError):
        return context.code() or grpc.StatusCode.UNKNOWN  # type: ignore[no-any-return]
    if isinstance(error, (asyncio.CancelledError, GeneratorExit)):
        return grpc.StatusCode.CANCELLED
    return grpc.StatusCode.UNKNOWN


def reason_of(context: Any) -> str:
    """The ``google.rpc.ErrorInfo`` reason of the status a call was aborted with ('' without one)."""
    for key, value in context.trailing_metadata() or ():
        if key == STATUS_DETAILS and isinstance(value, bytes):
            for detail in status_pb2.Status.FromString(value).details:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    return info.reason
    return ""


class Metered(grpc.aio.ServerInterceptor):
    """Counts and times every call: the gRPC server's outermost interceptor, and around each Connect call (web.py).

    Outside the guard, it sees a call as its caller does: the token's check included in its time, its refusals
    as the status they became (read back from the call's context, as :func:`code_of` says).
    """

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self._calls: dict[str, Call] = {}
        # Each method's handler as wrapped here, made at its first call (grpc gives the same one every time).
        self._wrapped: dict[str, Any] = {}

    def call(self, path: str) -> Call:
        """The figures of the method at ``path`` ("/package.Service/Method"): a served method's, so labels are few."""
        call = self._calls.get(path)
        if call is None:
            service, _, method = path.strip("/").rpartition("/")
            call = self._calls[path] = Call(self.metrics, service, method)
        return call

    async def intercept_service(self, continuation: Any, details: grpc.HandlerCallDetails) -> Any:
        wrapped = self._wrapped.get(details.method)
        if wrapped is None:
            handler = await continuation(details)
            if handler is None:
                return None  # UNIMPLEMENTED: an unknown path is no label
            wrapped = self._wrapped[details.method] = self._wrap(self.call(details.method), handler)
        return wrapped

    def _wrap(self, call: Call, handler: Any) -> Any:
        if handler.unary_unary:
            inner = handler.unary_unary

            async def unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
                return await self.unary(call, inner(request, context), context)

            return handler._replace(unary_unary=unary)
        if handler.unary_stream:
            inner_stream = handler.unary_stream

            async def stream(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
                async for item in self.stream(call, inner_stream(request, context), context):
                    yield item

            return handler._replace(unary_stream=stream)
        return handler  # reflection's stream of streams: not counted

    async def unary(self, call: Call, answer: Awaitable[T], context: Any) -> T:
        """``answer`` awaited, counted by the code it ends with and timed."""
        began = time.perf_counter()
        try:
            result = await answer
        except BaseException as e:
            self._failed(call, e, context)
            raise
        finally:
            call.seconds.observe(time.perf_counter() - began)
        call.answered("OK")
        return result

    async def stream(self, call: Call, messages: AsyncGenerator[T, None], context: Any) -> AsyncIterator[T]:
        """``messages`` passed on, each counted, the stream open meanwhile and counted by its code at its end."""
        call.open.inc()
        try:
            async with contextlib.aclosing(messages):  # closed with this one (a browser gone): the watch ends now
                async for message in messages:
                    call.messages.inc()
                    yield message
        except BaseException as e:
            self._failed(call, e, context)
            raise
        else:
            call.answered("OK")
        finally:
            call.open.dec()

    @staticmethod
    def _failed(call: Call, error: BaseException, context: Any) -> None:
        code = code_of(error, context)
        call.answered(code.name)
        if code == grpc.StatusCode.RESOURCE_EXHAUSTED:
            call.limited(reason_of(context))
