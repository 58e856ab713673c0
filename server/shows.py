"""Tables whose every seat is a bot: shows people watch, bounded so no caller can make a node write without end.

Such a table plays at a watchable pace, a caller may have only a few at once, their events together are
budgeted per caller, and one nobody has watched for a while ends as abandoned. Tests and benches start the
server with :data:`FLAT_OUT`: bots at full speed and no limit.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from .clock import Clock


@dataclass(frozen=True)
class ShowRules:
    """How bots-only tables are played (0 turns a limit off).

    ``pace``: about how many seconds a bot takes to move (half to one and a half times it), in turn-based games;
    real-time games keep their own pace. ``per_caller``: live bots-only tables one caller may have made at once.
    ``events_per_second``: events one caller's bots-only tables may write a second, together (a deal writes
    several: the budget is spent after each move, and its tables wait while it is spent). ``unwatched_seconds``:
    a bots-only table with no stream watching it this long ends as abandoned.
    """

    pace: float = 1.0
    per_caller: int = 3
    events_per_second: float = 100.0
    unwatched_seconds: float = 600.0

    def __post_init__(self) -> None:
        for name in ("pace", "per_caller", "events_per_second", "unwatched_seconds"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} is at least 0")


FLAT_OUT = ShowRules(pace=0.0, per_caller=0, events_per_second=0.0, unwatched_seconds=0.0)


class EventBudget:
    """One caller's events a second: spent after each move (it may go below zero), refilled with time."""

    def __init__(self, clock: Clock, rate: float) -> None:
        self.clock, self.rate = clock, rate
        self.left = rate  # a second's worth at once
        self.at = clock.now()

    def spend(self, events: int) -> None:
        self._refill()
        self.left -= events

    def owed(self) -> float:
        """Seconds until the budget is no longer spent (0: a move may go now)."""
        self._refill()
        return max(0.0, -self.left / self.rate)

    def _refill(self) -> None:
        now = self.clock.now()
        self.left = min(self.rate, self.left + (now - self.at) * self.rate)
        self.at = now


class Budgets:
    """Each caller's :class:`EventBudget` (at most ``callers`` remembered, the least recent forgotten first)."""

    def __init__(self, clock: Clock, rate: float, callers: int = 10_000) -> None:
        self.clock, self.rate, self.callers = clock, rate, callers
        self.budgets: OrderedDict[str, EventBudget] = OrderedDict()

    def of(self, caller: str) -> EventBudget | None:
        """The caller's budget; None when events are not budgeted."""
        if not self.rate:
            return None
        budget = self.budgets.pop(caller, None) or EventBudget(self.clock, self.rate)
        self.budgets[caller] = budget
        while len(self.budgets) > self.callers:
            self.budgets.popitem(last=False)
        return budget
