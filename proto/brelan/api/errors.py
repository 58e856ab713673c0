"""Refusals in their gRPC form: a status code, a message, field violations, a reason and its facts.

The server's domain raises :class:`~brelan.api.refusal.Refusal`; its services turn it into a status with a
``google.rpc.BadRequest`` detail, a ``google.rpc.ErrorInfo`` (AIP-193: a stable ``reason``, the
:data:`DOMAIN`, and ``metadata`` a program acts on without parsing the message) and a
``google.rpc.RetryInfo`` (:func:`status_of`), and a client turns such a status back into a
:class:`ServiceError`, itself a Refusal, so local and remote callers handle one type. Shared by the server and
the clients (which import nothing of the server).
"""

from __future__ import annotations

import datetime

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from .refusal import Refusal, Status, clipped

# ErrorInfo.domain (AIP-193): the API's proto package, one for every service of it, so a reason is
# unique across the API and a client tells ours from a proxy's or a library's.
DOMAIN = "brelan.api.v1"


class ServiceError(Refusal):
    """A refusal with its gRPC status code: what the client raises for a failed call."""

    def __init__(self, code: grpc.StatusCode, message: str, violations: list[tuple[str, str]] | None = None,
                 reason: str = "", metadata: dict[str, str] | None = None, retry_after: float | None = None) -> None:
        super().__init__(Status[code.name], message, violations or [], reason, metadata or {}, retry_after)

    @property
    def code(self) -> grpc.StatusCode:
        return code_of(self)

    def to_status(self) -> grpc.Status:
        return status_of(self)

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


def code_of(refusal: Refusal) -> grpc.StatusCode:
    """A refusal's gRPC status code."""
    return grpc.StatusCode[refusal.status.name]


def status_of(refusal: Refusal) -> grpc.Status:
    """A refusal as the gRPC status a service answers with (Connect's is made from it)."""
    details = []
    if refusal.violations:
        bad = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=clipped(f), description=clipped(d))
                for f, d in refusal.violations[:100]
            ]
        )
        detail = any_pb2.Any()
        detail.Pack(bad)
        details.append(detail)
    if refusal.reason:
        facts = {key: clipped(value) for key, value in refusal.metadata.items()}
        detail = any_pb2.Any()
        detail.Pack(error_details_pb2.ErrorInfo(reason=refusal.reason, domain=DOMAIN, metadata=facts))
        details.append(detail)
    if refusal.retry_after is not None:
        detail = any_pb2.Any()
        delay = duration_pb2.Duration()
        delay.FromTimedelta(datetime.timedelta(seconds=refusal.retry_after))
        detail.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
        details.append(detail)
    status = status_pb2.Status(code=code_of(refusal).value[0], message=clipped(str(refusal)), details=details)
    return rpc_status.to_status(status)


assert code_pb2.INVALID_ARGUMENT == grpc.StatusCode.INVALID_ARGUMENT.value[0]
