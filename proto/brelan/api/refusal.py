"""What a brelan call refuses, as the server's domain raises it and as a client receives it: one type for both.

A refusal names its status by its canonical name (``google.rpc.Code``: ``NOT_FOUND``, ``UNAVAILABLE``...), which
gRPC and Connect share, with a message, the request's fields at fault, a stable ``reason`` for programs and its
facts (``metadata``: a table's ``seq``, the ``legal`` action kinds, a rate's ``limit``), and when a retry may do.
No transport here: the server's tables raise it without knowing gRPC (:mod:`brelan.api.errors` maps it).

>>> str(Refusal(Status.INVALID_ARGUMENT, "word: empty", [("word", "empty")]))
'word: empty'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

MAX_MESSAGE = 500  # characters of a status message or a field violation: grpc-message travels in a header


def clipped(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Status(enum.Enum):
    """The canonical statuses (google.rpc.Code's, by name); the domain refuses with those commented."""

    OK = "OK"
    CANCELLED = "CANCELLED"
    UNKNOWN = "UNKNOWN"
    INTERNAL = "INTERNAL"
    UNIMPLEMENTED = "UNIMPLEMENTED"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    OUT_OF_RANGE = "OUT_OF_RANGE"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"  # the request is wrong: its fields say how
    NOT_FOUND = "NOT_FOUND"
    UNAUTHENTICATED = "UNAUTHENTICATED"  # no token, or one that holds nothing
    PERMISSION_DENIED = "PERMISSION_DENIED"  # a token for another seat, a seat reserved for another
    FAILED_PRECONDITION = "FAILED_PRECONDITION"  # the rules refuse it now
    ABORTED = "ABORTED"  # decided on a view the table has moved on from
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"  # past a limit
    UNAVAILABLE = "UNAVAILABLE"  # call again: the store or the table's node recovers
    DATA_LOSS = "DATA_LOSS"  # a table whose log no longer replays
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"


@dataclass
class Refusal(Exception):
    status: Status
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
