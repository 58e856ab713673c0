"""A node's Prometheus metrics (issue 42): /metrics on the web port and on --metrics-port, every family there, and
each moving when its event happens, over gRPC and Connect alike; no label names a table or a player."""

from __future__ import annotations

import asyncio
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

from conftest import Postgres, error_of, post, seat_against_bots, sharing_lexicons, web_url
from test_web import stream_end

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.lexicon.lexicon import Lexicon
from brelan.server.clock import ManualClock
from brelan.server.lexicon_service import Lane
from brelan.server.main import ServerThread
from brelan.server.metrics import Metrics
from brelan.server.tables import CHAT_BURST

TABLES = "brelan.api.v1.TableService"
FAMILIES = {  # every family brelan adds, as the text format names it (a counter without its _total)
    "brelan_calls": "counter", "brelan_call_seconds": "histogram", "brelan_streams_open": "gauge",
    "brelan_stream_messages": "counter", "brelan_rate_limited": "counter", "brelan_actions": "counter",
    "brelan_actions_refused": "counter", "brelan_tables": "gauge", "brelan_tables_created": "counter",
    "brelan_tables_finished": "counter", "brelan_lease_takeovers": "counter", "brelan_store_commits": "counter",
    "brelan_store_commit_seconds": "histogram", "brelan_store_writes": "counter",
    "brelan_lexicon_calls_running": "gauge", "brelan_lexicon_calls_queued": "gauge",
}  # fmt: skip
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture(scope="module")
def node(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, full: Lexicon, mini: Lexicon,
         clock: ManualClock) -> Iterator[ServerThread]:  # fmt: skip
    """A node of its own (its figures this module's alone) with its web port and lexicons, on a clock the tests move
    (a chat's rate limit refills only when they say)."""
    server = ServerThread(sharing_lexicons(tmp_path_factory.mktemp("metrics"), data_dir), web_port=0, clock=clock,
                          rate=1000.0)  # fmt: skip
    yield server
    server.stop()


@pytest.fixture(scope="module")
def web(node: ServerThread) -> str:
    return web_url(node)


@pytest.fixture
def api(node: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(node.target) as client:
        client.wait_ready()
        yield client


def fetch(url: str) -> tuple[str, str]:
    """GET ``url``: its content type and its text."""
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.headers["content-type"], response.read().decode()


def parsed(text: str) -> tuple[dict[str, str], Samples]:
    """The families of a scrape (name -> type) and its samples ((name, labels) -> value)."""
    families = list(text_string_to_metric_families(text))
    samples = {(s.name, frozenset(s.labels.items())): s.value for family in families for s in family.samples}
    return {family.name: family.type for family in families}, samples


def scrape(web: str) -> Samples:
    return parsed(fetch(f"{web}/metrics")[1])[1]


def value(samples: Samples, name: str, **labels: str) -> float:
    """A sample's value (0 when the series is not there yet: nothing happened)."""
    return samples.get((name, frozenset(labels.items())), 0.0)


def grown(before: Samples, after: Samples, name: str, **labels: str) -> float:
    """How much a series grew from one scrape to a later one."""
    return value(after, name, **labels) - value(before, name, **labels)


def until(web: str, holds: Callable[[Samples], bool], limit: float = 30.0) -> Samples:
    """The first scrape for which ``holds`` (what the loop does meanwhile, a stream's end, takes its turns)."""
    deadline = time.monotonic() + limit
    while not holds(samples := scrape(web)):
        assert time.monotonic() < deadline, "the metrics never said it"
        time.sleep(0.05)
    return samples


def test_metrics_answer_on_the_web_port_in_prometheus_text_with_every_family(web: str) -> None:
    kind, text = fetch(f"{web}/metrics")
    assert kind.startswith("text/plain; version=0.0.4")
    families, samples = parsed(text)
    assert {name: families.get(name) for name in FAMILIES} == FAMILIES
    assert value(samples, "brelan_lease_takeovers_total") == 0  # one node with SQLite: no lease, no takeover
    assert any(name == "process_cpu_seconds" for name in families)  # the process' own figures beside brelan's


def test_a_call_an_action_and_a_refusal_are_counted_over_grpc_and_connect(api: BrelanClient, web: str) -> None:
    seat = seat_against_bots(api, "poker-champ", {"players": "2"})
    while not (view := seat.view()).legal:  # the bot's decision first, perhaps
        time.sleep(0.01)
    before = scrape(web)
    seat.act(view.legal[0], expected_seq=view.seq)
    refused = error_of(seat.act, view.legal[0], expected_seq=view.seq)  # the same decision again: made already
    status, _ = post(f"{web}/{TABLES}/GetTable", {"tableId": seat.table_id})  # a browser's call, over Connect
    assert status == 200
    after = scrape(web)
    grew = lambda name, **labels: grown(before, after, name, **labels)  # noqa: E731
    act = {"service": TABLES, "method": "Act"}
    assert grew("brelan_calls_total", **act, code="OK") == 1
    assert grew("brelan_calls_total", **act, code=refused.code.name) == 1
    assert grew("brelan_call_seconds_count", **act) == 2
    assert grew("brelan_calls_total", service=TABLES, method="GetTable", code="OK") == 1
    assert grew("brelan_actions_total", game="poker-champ", by="player") == 1
    assert grew("brelan_actions_refused_total", game="poker-champ", reason=refused.reason) == 1
    # Its action was logged: a commit of the SQLite log, timed.
    assert grew("brelan_store_commits_total", store="sqlite", outcome="ok") >= 1
    assert grew("brelan_store_writes_total", store="sqlite") >= 1
    assert grew("brelan_store_commit_seconds_count", store="sqlite") >= 1


def test_a_table_made_playing_and_finished_is_counted_and_no_label_names_it(api: BrelanClient, web: str) -> None:
    before = scrape(web)
    waiting = api.create_table("poker-champ", {"players": "2"}, name="la table de Zoé")
    seat = api.join(waiting.table_id, seat=0, player="Zoé")
    after = scrape(web)
    assert grown(before, after, "brelan_tables_created_total", game="poker-champ") == 1
    assert value(after, "brelan_tables", game="poker-champ", state="waiting") >= 1
    shows = api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1])  # bots alone: played at once
    while api.get_table(shows.table_id).status != tpb.TABLE_STATUS_FINISHED:
        time.sleep(0.02)
    ended = until(web, lambda s: grown(before, s, "brelan_tables_finished_total", game="poker-champ") >= 1)
    assert grown(before, ended, "brelan_tables_created_total", game="poker-champ") == 2
    labels = {v for (_, pairs) in ended for _, v in pairs}
    assert not labels & {waiting.table_id, shows.table_id, seat.token, "Zoé", "la table de Zoé"}


def test_a_watch_stream_is_counted_open_then_closed_over_grpc_and_connect(api: BrelanClient, web: str) -> None:
    seat = seat_against_bots(api, "poker-champ", {"players": "2"})
    watch = {"service": TABLES, "method": "WatchTable"}
    before = scrape(web)
    stream = seat.follow()
    next(stream)  # the table as it stands: the stream is open
    assert grown(before, scrape(web), "brelan_streams_open", **watch) == 1
    stream.close()  # the client goes: the server's stream ends, cancelled
    after = until(web, lambda s: grown(before, s, "brelan_calls_total", **watch, code="CANCELLED") == 1)
    assert grown(before, after, "brelan_streams_open", **watch) == 0
    assert grown(before, after, "brelan_stream_messages_total", **watch) >= 1
    # Over Connect, a finished table's stream: its events, then its end.
    shows = api.create_table("poker-champ", {"players": "2"}, bot_seats=[0, 1])
    while api.get_table(shows.table_id).status != tpb.TABLE_STATUS_FINISHED:
        time.sleep(0.02)
    messages, error = stream_end(f"{web}/{TABLES}/WatchTable", {"tableId": shows.table_id, "grouped": True})
    assert error is None and messages
    ended = until(web, lambda s: grown(after, s, "brelan_calls_total", **watch, code="OK") == 1)
    assert grown(before, ended, "brelan_streams_open", **watch) == 0


def test_a_caller_past_a_limit_is_counted_by_reason(api: BrelanClient, web: str) -> None:
    seat = seat_against_bots(api, "poker-champ", {"players": "2"})
    before = scrape(web)
    for n in range(int(CHAT_BURST)):  # the burst a seat may say at once (the clock stands still: nothing refills)
        api.say(seat.table_id, f"ligne {n}", token=seat.token)
    assert error_of(api.say, seat.table_id, "une de trop", token=seat.token).reason == "RATE_LIMITED"
    limited = {"service": TABLES, "method": "Say", "reason": "RATE_LIMITED"}
    assert grown(before, scrape(web), "brelan_rate_limited_total", **limited) == 1


def test_the_lexicon_lanes_calls_running_and_queued_are_read_at_each_scrape() -> None:
    """A lane of one thread: a call running (held until the test lets it go), a second one waiting for it."""
    metrics = Metrics()
    lane = Lane("searches", 1, 8, "TOO_MANY_SEARCHES")
    metrics.read_lanes([lane])

    def figures() -> tuple[float, float]:
        samples = parsed(metrics_text(metrics))[1]
        return (value(samples, "brelan_lexicon_calls_running", lane="searches"),
                value(samples, "brelan_lexicon_calls_queued", lane="searches"))  # fmt: skip

    async def run() -> list[tuple[float, float]]:
        held, going = threading.Event(), threading.Event()

        def job() -> None:
            going.set()
            held.wait(30)

        seen = [figures()]
        first = asyncio.ensure_future(lane.run("peer", job))
        second = asyncio.ensure_future(lane.run("peer", lambda: None))
        while not going.is_set():
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)  # the second call asked for its turn
        seen.append(figures())
        held.set()
        await asyncio.gather(first, second)
        seen.append(figures())
        return seen

    try:
        assert asyncio.run(run()) == [(0, 0), (1, 1), (0, 0)]
    finally:
        lane.pool.shutdown()


def metrics_text(metrics: Metrics) -> str:
    from prometheus_client import generate_latest

    return generate_latest(metrics.registry).decode()


def test_metrics_port_serves_them_alone_when_the_web_port_is_off(tmp_path: Path) -> None:
    server = ServerThread(tmp_path, lexicons=False, metrics_port=0)
    try:
        assert server.running.web is None and server.running.metrics_web is not None
        base = f"http://127.0.0.1:{server.running.metrics_web.port}"
        with BrelanClient(server.target) as api:
            api.create_table("poker-champ", {"players": "2"})
        kind, text = fetch(f"{base}/metrics")
        assert kind.startswith("text/plain; version=0.0.4")
        families, samples = parsed(text)
        assert value(samples, "brelan_tables_created_total", game="poker-champ") == 1
        assert "brelan_lexicon_calls_running" not in families  # no lexicon served here
        with pytest.raises(urllib.error.HTTPError) as e:
            fetch(f"{base}/")  # Prometheus' port alone: no page, no call
        assert e.value.code == 404
    finally:
        server.stop()


def test_a_lease_taken_over_is_counted_by_the_node_that_took_it(tmp_path: Path, postgres: Postgres) -> None:
    database = postgres.database()
    nodes = [ServerThread(tmp_path / name, lexicons=False, database=database, lease_seconds=1.0, web_port=0)
             for name in ("a", "b")]  # fmt: skip
    try:
        with BrelanClient(nodes[0].target) as api:
            table = api.create_table("poker-champ", {"players": "2"})  # waits for its players on one of the two
        owner = next(n for n in nodes if table.table_id in n.running.tables.tables)
        other = next(n for n in nodes if n is not owner)
        assert other.running.web is not None
        web = f"http://127.0.0.1:{other.running.web.port}"
        assert value(scrape(web), "brelan_lease_takeovers_total") == 0
        owner.stop()  # its leases given back: the other node takes the table at its next beat
        until(web, lambda s: value(s, "brelan_lease_takeovers_total") == 1)
        assert table.table_id in other.running.tables.tables
    finally:
        for node in nodes:
            node.stop()
