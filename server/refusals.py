"""What the server refuses, in the domain's words: the tables, tournaments and lexicon handlers raise these
:class:`~brelan.api.refusal.Refusal` s, and know no transport (liwords' use cases); the services map each to its
status (:mod:`~brelan.server.errors`). The refusal type is the API's, shared with the clients.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, TypeVar

from brelan.api.refusal import MAX_MESSAGE, Refusal, Status  # noqa: F401 (the domain's names for them)

from .games.base import quoted

# The reason of a refusal (UNAVAILABLE) by a node that no longer plays the table: another does, call again.
MOVED = "TABLE_MOVED"


def invalid(path: str, why: str) -> Refusal:
    return Refusal(Status.INVALID_ARGUMENT, f"{path}: {why}", [(path, why)])


T = TypeVar("T")


def found(items: Mapping[str, T], key: str, path: str, what: str) -> T:
    """``items[key]``; INVALID_ARGUMENT when ``key`` is empty, NOT_FOUND when it names nothing."""
    if not key:
        raise invalid(path, "required")
    item = items.get(key)
    if item is None:
        raise Refusal(Status.NOT_FOUND, f"no {what} {quoted(key)}", reason=f"{what.upper()}_NOT_FOUND",
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


def limited(what: str, rate: float, source: str = "from your address") -> Refusal:
    """A caller past its share of a call (per address, or per seat): RESOURCE_EXHAUSTED, call again later.

    >>> limited("joins", 5).metadata
    {'limit': '5/s', 'what': 'joins'}
    """
    return Refusal(Status.RESOURCE_EXHAUSTED, f"more than {rate:g} {what} a second {source}: wait a moment",
                   reason="RATE_LIMITED", metadata={"limit": f"{rate:g}/s", "what": what},
                   retry_after=1 / rate if rate else None)  # fmt: skip


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


def refused(reason: str, message: str, seq: int | None = None, legal: Iterable[str] = ()) -> Refusal:
    """The rules refuse this now (not your decision, folded, game over...), at the table's ``seq``."""
    return Refusal(Status.FAILED_PRECONDITION, message, reason=reason, metadata=table_facts(seq, legal))


def stale(seq: int, expected_seq: int, legal: Iterable[str] = ()) -> Refusal:
    """An action decided on a view the table has moved on from: ABORTED, read the view at ``seq`` and decide again."""
    facts = table_facts(seq, legal) | {"expected_seq": str(expected_seq)}
    return Refusal(Status.ABORTED, f"the table moved on: seq {seq}, your view was at {expected_seq}",
                   reason="STALE_SEQ", metadata=facts)  # fmt: skip


def stopping() -> Refusal:
    """How a watch ends when its server stops (over gRPC and Connect alike): watch again after the last seq seen,
    on another node or once this one is back."""
    return Refusal(Status.UNAVAILABLE, "the server is stopping: watch again after your last seq",
                   reason="SERVER_STOPPING")  # fmt: skip
