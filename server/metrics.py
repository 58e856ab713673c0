"""A node's Prometheus metrics: what it answers, plays, keeps and refuses, for an operator to see into it.

Each node has its own registry (:class:`Metrics`), so tests and several nodes in one process never mix their
figures; ``/metrics`` on the web port and ``brelan serve --metrics-port`` serve it (the text format 0.0.4, or
OpenMetrics when the scraper asks for it). Names follow Prometheus' conventions (``brelan_`` first, counters in
``_total``, times in ``_seconds``), and no label names a table, a player or anything else a caller chooses: a
label's values are the API's methods, status codes, refusal reasons, games, states and stores, a set known in
advance, so a node's series stay a few hundred however many tables it plays.

Calls are counted by :class:`~.metered.Metered`, the interceptor, apart: the tables count here without loading a
transport. What happens (an action, a table made or finished, a commit, a takeover) is counted as it does through
label children bound once (:meth:`Metrics.game`, :meth:`Metrics.store`), so an action pays a counter's increment
and no label lookup. What is a state (the tables here, the lexicon's lanes) is read at each scrape
(:class:`StateGauge`): it costs nothing between scrapes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable, Iterator, Mapping, Protocol, Sized

from prometheus_client import (CollectorRegistry, Counter, Gauge, GCCollector, Histogram, PlatformCollector,
                               ProcessCollector, make_asgi_app)  # fmt: skip
from prometheus_client.core import GaugeMetricFamily, Metric

# A call's latency: from a health check's tenth of a millisecond to a search's seconds.
CALL_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# A group commit's: SQLite's tens of microseconds on the loop to a database away for its retries.
COMMIT_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
BY_PLAYER, BY_BOT, BY_TIMEOUT = "player", "bot", "timeout"  # who made an action (brelan_actions_total's "by")
Read = Callable[[], Iterable[tuple[tuple[str, ...], float]]]  # a state's figures: (labels' values, figure) pairs


class Metrics:
    """The families of one node, in a registry of its own (with the process' CPU, memory and collections)."""

    def __init__(self) -> None:
        self.registry = r = CollectorRegistry()
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        GCCollector(registry=r)
        call = ["service", "method"]
        self.calls = Counter("brelan_calls", "Calls answered, by service, method and status code (a stream's at "
                             "its end)", [*call, "code"], registry=r)  # fmt: skip
        self.call_seconds = Histogram("brelan_call_seconds", "How long a unary call took to answer, by service "
                                      "and method", call, buckets=CALL_BUCKETS, registry=r)  # fmt: skip
        self.streams_open = Gauge("brelan_streams_open", "Server streams open (table and tournament watches, "
                                  "health watches), by service and method", call, registry=r)  # fmt: skip
        self.stream_messages = Counter("brelan_stream_messages", "Messages sent on server streams, by service and "
                                       "method", call, registry=r)  # fmt: skip
        self.rate_limited = Counter("brelan_rate_limited", "Calls refused for a caller past one of its limits "
                                    "(RESOURCE_EXHAUSTED), by service, method and reason", [*call, "reason"],
                                    registry=r)  # fmt: skip
        self.actions = Counter("brelan_actions", "Actions applied at the tables played here, by game and by whom: "
                               "a player, a bot, or the clock (a decision's time out)", ["game", "by"],
                               registry=r)  # fmt: skip
        self.refused = Counter("brelan_actions_refused", "Players' actions the tables refused, by game and reason "
                               "(STALE_SEQ, NOT_YOUR_TURN, INVALID_ARGUMENT...)", ["game", "reason"],
                               registry=r)  # fmt: skip
        self.tables_created = Counter("brelan_tables_created", "Tables made on this node, by game", ["game"],
                                      registry=r)  # fmt: skip
        self.tables_finished = Counter("brelan_tables_finished", "Games over at the tables played here, by game",
                                       ["game"], registry=r)  # fmt: skip
        self.takeovers = Counter("brelan_lease_takeovers", "Tables this node took over, their lease run out (their "
                                 "node dead, or given back)", registry=r)  # fmt: skip
        self.commits = Counter("brelan_store_commits", "Group commits of the log (one transaction each), by store "
                               "and outcome (ok; failed: the store away, its retries left to the writers)",
                               ["store", "outcome"], registry=r)  # fmt: skip
        self.commit_seconds = Histogram("brelan_store_commit_seconds", "How long a group commit of the log took, "
                                        "by store", ["store"], buckets=COMMIT_BUCKETS, registry=r)  # fmt: skip
        self.writes = Counter("brelan_store_writes", "Writes committed in the log's group commits (an action and "
                              "its events are one), by store", ["store"], registry=r)  # fmt: skip
        self._games: dict[str, GameCounts] = {}

    def game(self, name: str) -> GameCounts:
        """A game's counters, their label children bound once for every table of it."""
        counts = self._games.get(name)
        if counts is None:
            counts = self._games[name] = GameCounts(self, name)
        return counts

    def store(self, name: str) -> StoreCounts:
        """A store's commit counters, their label children bound."""
        return StoreCounts(self.commits.labels(name, "ok"), self.commits.labels(name, "failed"),
                           self.commit_seconds.labels(name), self.writes.labels(name))  # fmt: skip

    def read_tables(self, read: Read) -> None:
        """brelan_tables, read at each scrape: ((game, state), count) pairs."""
        self.registry.register(StateGauge("brelan_tables", "Tables played on this node, by game and state "
                                          "(waiting for players, playing)", ["game", "state"], read))  # fmt: skip

    def read_lanes(self, lanes: Iterable[Lane]) -> None:
        """The lexicon's calls running and queued for a thread, by lane (searches, lookups), read at each scrape."""
        lanes = list(lanes)
        self.registry.register(StateGauge(
            "brelan_lexicon_calls_running", "Lexicon calls running in their lane's threads, by lane (searches, "
            "lookups)", ["lane"], lambda: [((lane.name,), sum(lane.running.values())) for lane in lanes]))
        self.registry.register(StateGauge(
            "brelan_lexicon_calls_queued", "Lexicon calls waiting for a thread of their lane, by lane", ["lane"],
            lambda: [((lane.name,), sum(len(queue) for queue in lane.waiting.values())) for lane in lanes]))

    def app(self) -> Callable[[dict[str, Any], Any, Any], Awaitable[None]]:
        """The ASGI application answering a scrape, run on the event loop: the states it reads (the tables, the
        lanes) never change under it."""
        return make_asgi_app(self.registry)  # type: ignore[no-any-return]


class GameCounts:
    """One game's counters, as its tables count their actions, refusals and ends."""

    def __init__(self, metrics: Metrics, game: str) -> None:
        self.game = game
        self.by = {who: metrics.actions.labels(game, who) for who in (BY_PLAYER, BY_BOT, BY_TIMEOUT)}
        self._refused = metrics.refused
        self.created = metrics.tables_created.labels(game)
        self.finished = metrics.tables_finished.labels(game)

    def applied(self, by: str) -> None:
        self.by[by].inc()

    def refused(self, reason: str) -> None:
        self._refused.labels(self.game, reason).inc()  # a refusal is rare: its child is looked up each time


@dataclass(frozen=True)
class StoreCounts:
    """A store's commit counters (:meth:`Metrics.store`)."""

    ok: Any
    failed: Any
    seconds: Any
    writes: Any

    def committed(self, began: float, writes: int, ok: bool) -> None:
        """A group commit begun at ``began`` (time.perf_counter()) is done: ``ok`` with ``writes`` writes in it, or
        failed."""
        self.seconds.observe(time.perf_counter() - began)
        if ok:
            self.ok.inc()
            self.writes.inc(writes)
        else:
            self.failed.inc()


class StateGauge:
    """A gauge family read at each scrape from ``read``."""

    def __init__(self, name: str, documentation: str, labels: list[str], read: Read) -> None:
        self.name, self.documentation, self.labels, self.read = name, documentation, labels, read

    def collect(self) -> Iterator[Metric]:
        family = GaugeMetricFamily(self.name, self.documentation, labels=self.labels)
        for values, figure in self.read():
            family.add_metric(list(values), figure)
        yield family

    def describe(self) -> Iterator[Metric]:  # what registering asks: the family, its state not read yet
        yield GaugeMetricFamily(self.name, self.documentation, labels=self.labels)


class Lane(Protocol):
    """What a lexicon lane shows (:class:`~.lexicon_service.Lane`): its calls running and waiting, by peer."""

    name: str
    running: Mapping[str, int]
    waiting: Mapping[str, Sized]
