"""Time for the tables, injected so tests never sleep.

A table's actor waits for its next command at most until its earliest
deadline: :meth:`Clock.timeout` says how long. The system clock answers in real
seconds; :class:`ManualClock` answers "forever" and wakes every table itself
when a test moves time on with :meth:`ManualClock.advance`.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Callable, Protocol


class Clock(Protocol):
    def now(self) -> float: ...
    def timeout(self, deadline: float | None) -> float | None: ...
    def on_advance(self, wake: Callable[[], None]) -> Callable[[], None]: ...


class SystemClock:
    """Wall-clock seconds: deadlines are kept in the log as absolute times, read again after a restart or by
    another node, so they must mean the same moment on every process (NTP keeps nodes within milliseconds)."""

    def now(self) -> float:
        return time.time()

    def timeout(self, deadline: float | None) -> float | None:
        return None if deadline is None else max(0.0, deadline - time.time())

    def on_advance(self, wake: Callable[[], None]) -> Callable[[], None]:
        return lambda: None


class ManualClock:
    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._wakers: set[Callable[[], None]] = set()

    def now(self) -> float:
        return self._now

    def timeout(self, deadline: float | None) -> float | None:
        return None

    def on_advance(self, wake: Callable[[], None]) -> Callable[[], None]:
        """Call ``wake`` whenever time moves on; returns the function that stops it."""
        self._wakers.add(wake)
        return lambda: self._wakers.discard(wake)

    def advance(self, seconds: float) -> None:
        self._now += seconds
        for wake in list(self._wakers):
            wake()


class TokenBucket:
    """At most ``burst`` calls at once and ``rate`` a second on average."""

    def __init__(self, clock: Clock, rate: float, burst: float) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = clock.now()

    def take(self) -> bool:
        now = self.clock.now()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PeerLimits:
    """A token bucket per caller, for calls that cost the server (a new table, a join, a tournament).

    The caller is named by :func:`~brelan.server.auth.peer_of` (its address without the port), so a new
    connection per call does not earn a new bucket. At most ``peers`` are remembered, the least recent
    forgotten first.
    """

    def __init__(self, clock: Clock, rate: float, burst: float, peers: int = 10_000) -> None:
        self.clock, self.rate, self.burst, self.peers = clock, rate, burst, peers
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, peer: str) -> bool:
        bucket = self.buckets.pop(peer, None) or TokenBucket(self.clock, self.rate, self.burst)
        self.buckets[peer] = bucket
        while len(self.buckets) > self.peers:
            self.buckets.popitem(last=False)
        return bucket.take()
