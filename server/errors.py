"""Service errors and their gRPC form: a status code, a message, field violations, a reason and its facts.

Handlers raise :class:`ServiceError`; the servicer turns it into a status with a
``google.rpc.BadRequest`` detail and a ``google.rpc.ErrorInfo`` (AIP-193: a stable
``reason``, the :data:`DOMAIN`, and ``metadata`` a program acts on without parsing
the message: a table's ``seq``, the ``legal`` action kinds, a rate's ``limit``), and
the client turns such a status back into the same exception, so local and remote
callers handle one type.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, TypeVar

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from .games.base import quoted

MAX_MESSAGE = 500  # characters of a status message or a field violation: grpc-message travels in a header
# ErrorInfo.domain (AIP-193): the API's proto package, one for every service of it, so a reason is
# unique across the API and a client tells ours from a proxy's or a library's.
DOMAIN = "brelan.api.v1"
# The reason of a refusal (UNAVAILABLE) by a node that no longer plays the table: another does, call again.
MOVED = "TABLE_MOVED"


def stopping() -> ServiceError:
    """How a watch ends when its server stops (over gRPC and Connect alike): watch again after the last seq seen,
    on another node or once this one is back."""
    return ServiceError(grpc.StatusCode.UNAVAILABLE, "the server is stopping: watch again after your last seq",
                        reason="SERVER_STOPPING")  # fmt: skip


def clipped(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class ServiceError(Exception):
    code: grpc.StatusCode
    message: str
    violations: list[tuple[str, str]] = field(default_factory=list)  # (field path, what is wrong)
    reason: str = ""  # a stable code for clients (google.rpc.ErrorInfo), e.g. NOT_YOUR_DECISION
    metadata: dict[str, str] = field(default_factory=dict)  # the reason's facts (ErrorInfo.metadata, with it): seq
    retry_after: float | None = None  # seconds after which the same call may succeed (google.rpc.RetryInfo)

    def __str__(self) -> str:
        if len(self.violations) == 1:
            path, why = self.violations[0]
            return f"{path}: {why}"
        return self.message

    def to_status(self) -> grpc.Status:
        details = []
        if self.violations:
            bad = error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(field=clipped(f), description=clipped(d))
                    for f, d in self.violations[:100]
                ]
            )
            detail = any_pb2.Any()
            detail.Pack(bad)
            details.append(detail)
        if self.reason:
            facts = {key: clipped(value) for key, value in self.metadata.items()}
            detail = any_pb2.Any()
            detail.Pack(error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=facts))
            details.append(detail)
        if self.retry_after is not None:
            detail = any_pb2.Any()
            delay = duration_pb2.Duration()
            delay.FromTimedelta(datetime.timedelta(seconds=self.retry_after))
            detail.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
            details.append(detail)
        status = status_pb2.Status(code=self.code.value[0], message=clipped(str(self)), details=details)
        return rpc_status.to_status(status)

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError) -> ServiceError:
        """What a failed call (sync or asyncio) says: its code, message, field violations, reason and metadata; a
        server gone mid-call is UNAVAILABLE, however grpc worded it (:func:`went_away`)."""
        call = error if isinstance(error, (grpc.Call, grpc.aio.AioRpcError)) else None
        code = call.code() if call is not None else grpc.StatusCode.UNKNOWN
        code = grpc.StatusCode.UNAVAILABLE if went_away(error) else code
        message = call.details() if call is not None else str(error)
        violations: list[tuple[str, str]] = []
        reason = ""
        metadata: dict[str, str] = {}
        retry_after = None
        status = rpc_status.from_call(call) if call is not None else None  # type: ignore[arg-type]
        if status is not None:
            for detail in status.details:
                if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                    bad = error_details_pb2.BadRequest()
                    detail.Unpack(bad)
                    violations += [(v.field, v.description) for v in bad.field_violations]
                elif detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason, metadata = info.reason, dict(info.metadata)
                elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                    retry = error_details_pb2.RetryInfo()
                    detail.Unpack(retry)
                    retry_after = retry.retry_delay.ToTimedelta().total_seconds()
        return cls(code, message or code.name, violations, reason, metadata, retry_after)


# What grpc's core says of a call whose connection was cut under it (its server killed, a proxy gone): UNKNOWN with
# this text rather than UNAVAILABLE (grpc/grpc#34076, open), though nothing is wrong but the server's absence.
_CUT = "Stream removed"


def went_away(error: grpc.RpcError) -> bool:
    """Whether a call failed for its server's absence (stopped, killed, restarting, its node taken over): the same
    call, made again once it is back, may well succeed. UNAVAILABLE, or the UNKNOWN "Stream removed" grpc gives a
    call in flight when the connection drops."""
    if not isinstance(error, (grpc.Call, grpc.aio.AioRpcError)):
        return False
    code = error.code()
    return code == grpc.StatusCode.UNAVAILABLE or (code == grpc.StatusCode.UNKNOWN and error.details() == _CUT)


def invalid(path: str, why: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, f"{path}: {why}", [(path, why)])


T = TypeVar("T")


def found(items: Mapping[str, T], key: str, path: str, what: str) -> T:
    """``items[key]``; INVALID_ARGUMENT when ``key`` is empty, NOT_FOUND when it names nothing."""
    if not key:
        raise invalid(path, "required")
    item = items.get(key)
    if item is None:
        raise ServiceError(grpc.StatusCode.NOT_FOUND, f"no {what} {quoted(key)}", reason=f"{what.upper()}_NOT_FOUND",
                           metadata={path: key[:MAX_MESSAGE]})  # fmt: skip
    return item


MAX_DECISION_SECONDS = 86_400.0
# A person's time for each decision when the creator names none: a seat that never acts cannot hold a game.
DEFAULT_DECISION_SECONDS = 60.0


MAX_PAUSE_SECONDS = 60.0


def checked_seconds(path: str, seconds: float, most: float = MAX_DECISION_SECONDS) -> float:
    """A time asked for (each decision's: 0, none, up to a day): 0 or a finite number of seconds up to ``most``."""
    if not (math.isfinite(seconds) and 0 <= seconds <= most):
        raise invalid(path, f"0 or a number of seconds up to {most:g}, not {seconds}")
    return seconds


def decision_time(seconds: float, untimed: bool, path: str = "decision_seconds") -> float:
    """A new table's time for each decision as asked: ``seconds``, the default for 0, no limit (0) when untimed.

    >>> decision_time(0, False), decision_time(20, False), decision_time(0, True)
    (60.0, 20, 0.0)
    """
    checked_seconds(path, seconds)
    if untimed and seconds:
        raise invalid("untimed", f"an untimed table has no decision time: {path} must be 0")
    return 0.0 if untimed else seconds or DEFAULT_DECISION_SECONDS


def limited(what: str, rate: float, source: str = "from your address") -> ServiceError:
    """A caller past its share of a call (per address, or per seat): RESOURCE_EXHAUSTED, call again later.

    >>> limited("joins", 5).metadata
    {'limit': '5/s', 'what': 'joins'}
    """
    return ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED, f"more than {rate:g} {what} a second {source}: "
                        "wait a moment", reason="RATE_LIMITED",
                        metadata={"limit": f"{rate:g}/s", "what": what}, retry_after=1 / rate if rate else None)  # fmt: skip


def table_facts(seq: int | None, legal: Iterable[str] = ()) -> dict[str, str]:
    """A table's refusal's metadata: its ``seq`` (what to watch or read the view from) and, when the seat has
    any, the ``legal`` action kinds (each legal action's first word, once, in order) to choose among.

    >>> table_facts(12, ["fold", "call", "raise 4", "raise 6"])
    {'seq': '12', 'legal': 'fold,call,raise'}
    >>> table_facts(None)
    {}
    """
    facts = {} if seq is None else {"seq": str(seq)}
    kinds = ",".join(dict.fromkeys(action.split(" ", 1)[0] for action in legal if action))
    if kinds:
        facts["legal"] = kinds
    return facts


def refused(reason: str, message: str, seq: int | None = None, legal: Iterable[str] = ()) -> ServiceError:
    """The rules refuse this now (not your decision, folded, game over...), at the table's ``seq``."""
    return ServiceError(grpc.StatusCode.FAILED_PRECONDITION, message, reason=reason, metadata=table_facts(seq, legal))


def stale(seq: int, expected_seq: int, legal: Iterable[str] = ()) -> ServiceError:
    """An action decided on a view the table has moved on from: ABORTED, read the view at ``seq`` and decide again."""
    facts = table_facts(seq, legal) | {"expected_seq": str(expected_seq)}
    return ServiceError(grpc.StatusCode.ABORTED, f"the table moved on: seq {seq}, your view was at {expected_seq}",
                        reason="STALE_SEQ", metadata=facts)  # fmt: skip


assert code_pb2.INVALID_ARGUMENT == grpc.StatusCode.INVALID_ARGUMENT.value[0]
