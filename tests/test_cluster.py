"""Several real ``brelan serve`` processes on one real PostgreSQL: any node for any table, failover, one history."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import grpc
import psycopg
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.lexicon.lexicon import Lexicon
from brelan.clients.bots import Nodes as BotNodes
from brelan.clients.client import BrelanClient, SeatHandle, typed
from brelan.server.cluster import repeatable
from brelan.server.errors import ServiceError
from brelan.server.games.transcript import Transcript, replay
from conftest import Postgres, error_of, post, sharing_lexicons, spawn, until_answered

LEASE = "1.5"  # seconds: failover in a test takes a few seconds, not the default's


class Nodes:
    """Nodes of one cluster, started and killed by the test."""

    def __init__(self, root: Path, database: str) -> None:
        self.root, self.database = root, database
        self.processes: dict[str, subprocess.Popen[str]] = {}
        self.logs: dict[str, Path] = {}

    def start(self, name: str, lexicons: Path | None = None, lease: str = LEASE, *options: str) -> str:
        """A node; ``lexicons``: a data directory whose lexicons it serves (none by default: it starts faster)."""
        if lexicons is not None:
            sharing_lexicons(self.root / name, lexicons)
        process, target = spawn(self.root / name, 0, self.database, "--lease-seconds", lease, *options)
        self.processes[target] = process
        self.logs[target] = self.root / name / "serve-0.log"
        return target

    def owner(self, table_id: str) -> str:
        """The address of the node playing a table, from the database."""
        with psycopg.connect(self.database) as db:
            row = db.execute("SELECT n.address, t.epoch FROM tables t JOIN nodes n ON n.node_id = t.owner"
                             " WHERE t.table_id = %s", (table_id,)).fetchone()  # fmt: skip
        assert row is not None
        return str(row[0])

    def owner_and_other(self, table_id: str, a: str, b: str) -> tuple[str, str]:
        """Of two nodes, the one playing a table and the other one."""
        owner = self.owner(table_id)
        return owner, b if owner == a else a

    def web(self, target: str) -> str:
        """A node's web port's base URL (browsers, Connect), as its start line says."""
        found = re.search(r"browsers: (http://[^/ ]+)/", self.logs[target].read_text())
        assert found, self.logs[target].read_text()
        return found.group(1)

    def epoch(self, table_id: str) -> int:
        with psycopg.connect(self.database) as db:
            row = db.execute("SELECT epoch FROM tables WHERE table_id = %s", (table_id,)).fetchone()
        assert row is not None
        return int(row[0])

    def close(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait(10)


@pytest.fixture
def nodes(tmp_path: Path, postgres: Postgres) -> Iterator[Nodes]:
    cluster = Nodes(tmp_path, postgres.database())
    yield cluster
    cluster.close()


def pay_round(seats: list[SeatHandle]) -> int:
    """Seat 0 pays and the others fold, each with a decision open: the game moves on quickly. How many acted."""
    acted = 0
    for seat in seats:
        response = until_answered(seat.view)
        if response.legal:
            move = "pay" if seat.seat == 0 or "fold" not in response.legal else "fold"
            try:
                until_answered(lambda: seat.act(move, expected_seq=response.seq))
                acted += 1
            except ServiceError as e:
                assert e.reason in ("STALE_SEQ", "ALREADY_DECIDED", "GAME_OVER"), e
    return acted


def play_to_the_end(api: BrelanClient, seats: list[SeatHandle], table_id: str, limit: float = 60.0) -> tpb.TableInfo:
    deadline = time.monotonic() + limit
    while (info := until_answered(lambda: api.get_table(table_id))).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline, "the game did not end"
        if not pay_round(seats):
            time.sleep(0.01)
    return info


def watch_all(api: BrelanClient, table_id: str, into: list[tpb.TableEvent]) -> threading.Thread:
    """A spectator that follows the table to its end, resuming after its last seq when its stream is cut."""

    def follow() -> None:
        while not (into and into[-1].final):
            try:
                into.extend(api.watch(table_id, after_seq=into[-1].seq if into else 0))
            except ServiceError:
                time.sleep(0.1)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    return thread


def check_one_history(api: BrelanClient, table_id: str, seen: list[tpb.TableEvent]) -> None:
    """The spectator saw every seq once, in order, the logged events; the transcript replays."""
    transcript = api.transcript(table_id).transcript
    state = replay(Transcript.parse(transcript))
    assert state.is_over
    events = [line for line in Transcript.parse(transcript).lines if not line.startswith(">")]
    assert [e.seq for e in seen] == list(range(1, len(events) + 1))
    for event, logged in zip(seen, events):  # a spectator sees hole cards as their marked backs, all else as logged
        assert event.text == logged or (" hole " in logged and "[" in event.text), (event.text, logged)
    view = typed(api.view(table_id))
    assert sum(s.chips for s in view.seats) + view.pot == 12 * 2


def test_any_node_serves_any_table_and_spectators_elsewhere_see_the_same(nodes: Nodes) -> None:
    a, b, c = nodes.start("a"), nodes.start("b"), nodes.start("c")
    with BrelanClient(a) as on_a, BrelanClient(b) as on_b, BrelanClient(c) as on_c:
        infos = [on_a.create_table("poker-champ", {"players": "2"}) for _ in range(6)]
        assert len({nodes.owner(i.table_id) for i in infos}) == 3  # spread over the live nodes
        table_id = next(i.table_id for i in infos if nodes.owner(i.table_id) != b)
        seats = [on_b.join(table_id, player="ann"), on_b.join(table_id, player="bob")]  # played through b
        seen: list[tpb.TableEvent] = []
        spectator = watch_all(on_c, table_id, seen)
        assert {t.table_id for t in on_c.list_tables()} >= {i.table_id for i in infos}
        play_to_the_end(on_b, seats, table_id)
        spectator.join(20)
        hidden = [e.text for e in seen if e.text.split()[1:2] == ["hole"]]
        assert hidden and all("[" in text for text in hidden)  # relayed, and still redacted for a spectator
        check_one_history(on_c, table_id, seen)


def test_a_browsers_calls_on_any_node_reach_the_table_where_it_is_played(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    with BrelanClient(a) as on_a:
        infos = [on_a.create_table("poker-champ", {"players": "2"}, bot_seats=[1]) for _ in range(4)]
    table_id = next(i.table_id for i in infos if nodes.owner(i.table_id) != b)  # played by a
    site = nodes.web(b)
    status, joined = post(f"{site}/brelan.api.v1.TableService/JoinTable", {"tableId": table_id, "player": "web"})
    assert status == 200 and joined["table"]["tableId"] == table_id
    status, view = post(f"{site}/brelan.api.v1.TableService/GetView", {"tableId": table_id}, joined["token"])
    assert status == 200 and view["pokerChamp"]["seats"][0]["hole"][0][0] != "["  # this seat's own cards, relayed
    status, refused = post(f"{site}/brelan.api.v1.TableService/Act", {"tableId": table_id, "seat": 0, "action": "x"},
                           joined["token"])  # fmt: skip
    assert status == 400 and refused["code"] == "invalid_argument" and "legal" in refused["message"]


def test_a_node_killed_mid_hand_its_table_goes_on_elsewhere(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    with BrelanClient(a) as on_a, BrelanClient(b) as on_b:
        table_id = on_a.create_table("poker-champ", {"players": "2"}).table_id
        owner, other = nodes.owner_and_other(table_id, a, b)
        api = {a: on_a, b: on_b}[other]
        seats = [api.join(table_id, player="ann"), api.join(table_id, player="bob")]
        seen: list[tpb.TableEvent] = []
        spectator = watch_all(api, table_id, seen)
        for _ in range(3):
            pay_round(seats)
        told = api.get_table(table_id).seq
        assert told > 5
        nodes.processes[owner].kill()  # kill -9, mid-hand
        killed = time.monotonic()
        assert until_answered(lambda: api.get_table(table_id)).seq == told  # nothing a client was told is lost
        assert time.monotonic() - killed < 10 and nodes.owner(table_id) == other and nodes.epoch(table_id) == 2
        play_to_the_end(api, seats, table_id)  # the same tokens hold the same seats
        spectator.join(20)
        check_one_history(api, table_id, seen)


def test_a_paused_node_past_its_lease_does_not_write_a_second_history(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    with BrelanClient(a) as on_a, BrelanClient(b) as on_b:
        table_id = on_a.create_table("poker-champ", {"players": "2"}).table_id
        owner, other = nodes.owner_and_other(table_id, a, b)
        on = {a: on_a, b: on_b}
        on_owner, on_other = on[owner], on[other]
        seats = [on_other.join(table_id, player="ann"), on_other.join(table_id, player="bob")]
        pay_round(seats)
        paused = nodes.processes[owner]
        paused.send_signal(signal.SIGSTOP)  # frozen, its lease running out, its table still in its memory
        deadline = time.monotonic() + 30  # generous: a loaded machine beats late
        while nodes.epoch(table_id) == 1:
            assert time.monotonic() < deadline, "nobody took the table over"
            until_answered(lambda: on_other.get_table(table_id))
            time.sleep(0.1)
        assert nodes.owner(table_id) == other
        pay_round(seats)
        paused.send_signal(signal.SIGCONT)  # it wakes up believing it plays the table
        owner_seats = [SeatHandle(on_owner, table_id, s.seat, s.token) for s in seats]
        for _ in range(3):
            pay_round(owner_seats)  # through the old owner: relayed, or told the table moved
            pay_round(seats)
        info = play_to_the_end(on_other, seats, table_id)
        with psycopg.connect(nodes.database) as db:
            seqs = [s for (s,) in db.execute("SELECT seq FROM events WHERE table_id = %s ORDER BY seq", (table_id,))]
        assert seqs == list(range(1, info.seq + 1))  # one history
        # the woken node let it go: its heartbeat found the lease lost ("stopped here"), or its next write did
        assert f"table {table_id} stopped " in nodes.logs[owner].read_text()
        assert replay(Transcript.parse(on_other.transcript(table_id).transcript)).is_over


def test_remote_bots_ride_out_a_node_killed_under_them(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    bots = subprocess.Popen([sys.executable, "-m", "brelan.clients.cli", "bots", "run", "--game", "poker-champ",
                             "--option", "players=3", "--tables", "4", "--games", "2", "--server", b, "--json"],
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        with BrelanClient(b) as api:
            deadline = time.monotonic() + 60
            while sum(t.seq for t in api.list_tables(include_finished=True)) < 200:
                assert time.monotonic() < deadline and bots.poll() is None
                time.sleep(0.05)
        nodes.processes[a].kill()  # the bots call a for a's tables (its node_address), then b, which relays
        out, _ = bots.communicate(timeout=180)
        summary = json.loads(out.splitlines()[-1])
        assert (summary["games"], summary["errors"], summary["conserved"]) == (8, 0, True), summary
    finally:
        bots.kill()


def test_a_tournament_plays_across_nodes_each_game_made_once(nodes: Nodes, data_dir: Path, mini: Lexicon) -> None:
    a, b = nodes.start("a", data_dir), nodes.start("b", data_dir)
    with BrelanClient(a) as on_a, BrelanClient(b) as on_b:
        players = [f"p{i}" for i in range(8)]
        fast = {"lexicon": "mini", "rounds": "1", "hand": "5"}
        info = on_a.create_tournament(players, bots=range(8), options=fast, name="cluster cup").tournament
        deadline = time.monotonic() + 120
        while not (final := on_b.get_tournament(info.tournament_id)).finished:  # games end on both nodes
            assert time.monotonic() < deadline, "the tournament did not end"
            time.sleep(0.1)
        assert final.champion in players and len(final.matches) == 7
        games = [t for m in final.matches for t in m.table_ids]
        with psycopg.connect(nodes.database) as db:
            made = [t for (t,) in db.execute("SELECT table_id FROM tables")]
            owners = {o for (o,) in db.execute("SELECT DISTINCT owner FROM tables")}
        assert sorted(made) == sorted(games)  # no game opened twice, none left unmade
        assert len(owners) == 2  # played on both nodes


def test_a_table_names_its_node_and_a_call_relayed_to_a_node_it_left_follows_it(nodes: Nodes) -> None:
    # Long leases: no heartbeat (a third of one) takes the table between the test's moving it and its call.
    a, b = nodes.start("a", lease="30"), nodes.start("b", lease="30")
    with BrelanClient(a) as on_a, BrelanClient(b) as on_b:
        infos = [on_a.create_table("poker-champ", {"players": "2"}) for _ in range(4)]
        assert {i.node_address for i in infos} == {a, b}  # spread, each answer from (and naming) the table's node
        assert all(i.node_address == nodes.owner(i.table_id) for i in infos)
        table_id = next(i.table_id for i in infos if i.node_address == a)
        assert on_b.get_table(table_id).node_address == a  # relayed: a answers
        seats = [on_b.join(table_id, player="ann"), on_b.join(table_id, player="bob")]
        mover = next(s for s in seats if (view := s.view()).legal)  # b now remembers that a plays it, for 30 s
        with psycopg.connect(nodes.database) as db:  # a lets it go (as when its log cannot be written)
            db.execute("UPDATE tables SET owner = NULL, lease_until = 0 WHERE table_id = %s", (table_id,))
        # Relayed to a, whose write is fenced off: it refuses, and b asks the database again, takes the table
        # (nobody holds it) and the action lands there, at the first call.
        acted = mover.act(view.legal[0], expected_seq=view.seq)
        assert acted.seq > view.seq
        info = play_to_the_end(on_b, seats, table_id)
        assert info.status == tpb.TABLE_STATUS_FINISHED and info.node_address == nodes.owner(table_id)
        assert replay(Transcript.parse(on_b.transcript(table_id).transcript)).is_over


def test_bots_call_the_node_a_table_names_when_they_reach_it(nodes: Nodes) -> None:
    a, b = nodes.start("a"), nodes.start("b")
    with BrelanClient(a) as on_a:
        info = next(i for i in (on_a.create_table("poker-champ", {"players": "2"}) for _ in range(4))
                    if i.node_address == a)  # fmt: skip

    async def reach() -> tpb.TableInfo:
        async with grpc.aio.insecure_channel(b) as channel:
            known = BotNodes(b, tpb_grpc.TableServiceStub(channel), None, [])
            try:
                assert await known.stub(b) is known.entry and await known.stub("") is None
                assert await known.stub("127.0.0.1:1") is None  # nobody answers there (only nodes reach it)
                stubs = await asyncio.gather(*(known.stub(a) for _ in range(3)))
                assert len(known.channels) == 1 and stubs[0] is not None and all(s is stubs[0] for s in stubs)
                nodes.processes[b].kill()  # the stub's calls go to a itself, not through b
                nodes.processes[b].wait()
                return (await stubs[0].GetTable(tpb.GetTableRequest(table_id=info.table_id))).table
            finally:
                await known.close()

    assert asyncio.run(reach()).node_address == a


def test_a_relayed_call_counts_against_its_client_not_the_node_that_relayed_it(nodes: Nodes) -> None:
    """One client flooding joins through a node uses up its own joins at the table's node, not everyone's who
    comes through that node. Two clients, two addresses: one over IPv6, one over IPv4 (as the relaying node)."""
    a, b = nodes.start("a", None, LEASE, "--host", "::"), nodes.start("b")
    with BrelanClient(a) as on_a, BrelanClient(f"[::1]:{a.rpartition(':')[2]}") as flooder:
        table_id = next(i.table_id for i in (on_a.create_table("poker-champ", {"players": "3"}) for _ in range(4))
                        if i.node_address == b)  # fmt: skip
        flooder.join(table_id, seat=0)
        for _ in range(2000):  # seat 0 again and again: refused, each costing a join of the flooder's budget
            error = error_of(flooder.join, table_id, seat=0)
            if error.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
                break
            assert error.code == grpc.StatusCode.FAILED_PRECONDITION, error
        else:
            pytest.fail("2,000 joins in a row were never limited")
        assert on_a.join(table_id, seat=1).seat == 1  # relayed by the same node, counted for its own client


def test_a_dead_nodes_tables_spread_over_the_live_ones(nodes: Nodes) -> None:
    a, b, c = nodes.start("a"), nodes.start("b"), nodes.start("c")
    with BrelanClient(a) as on_a:
        tables = [on_a.create_table("poker-champ", {"players": "2"}).table_id for _ in range(9)]
    dead = nodes.owner(tables[0])
    orphans = [t for t in tables if nodes.owner(t) == dead]
    nodes.processes[dead].kill()
    deadline = time.monotonic() + 30
    while any(nodes.epoch(t) == 1 for t in orphans):
        assert time.monotonic() < deadline, "the dead node's tables were not taken over"
        time.sleep(0.1)
    assert {nodes.owner(t) for t in orphans} == {a, b, c} - {dead}  # not all to the first node that beat


def test_a_clients_own_relay_header_is_ignored(nodes: Nodes) -> None:
    """Only a node proves a relayed call (the cluster's secret): a client's forged header neither pins its call to
    the wrong node (it is relayed to the right one) nor skips placement."""
    a, b = nodes.start("a"), nodes.start("b")
    with BrelanClient(a) as on_a:
        info = on_a.create_table("poker-champ", {"players": "2"})
        owner, other = nodes.owner_and_other(info.table_id, a, b)
        forged = [("brelan-relayed-by", "n-00000000 0000")]
        with grpc.insecure_channel(other) as channel:
            stub = tpb_grpc.TableServiceStub(channel)
            answer = stub.GetTable(tpb.GetTableRequest(table_id=info.table_id), metadata=forged, timeout=10)
            assert answer.table.table_id == info.table_id  # relayed to its node, not UNAVAILABLE
            made = [stub.CreateTable(tpb.CreateTableRequest(variant="poker-champ", options={"players": "2"}),
                                     metadata=forged, timeout=10).table.table_id for _ in range(4)]  # fmt: skip
        assert {nodes.owner(t) for t in made} == {a, b}  # placed on the least loaded node, as any call is


def test_a_relay_that_failed_is_made_again_only_where_twice_changes_no_more_than_once() -> None:
    """A node that let its table go mid-call may have logged the change: a read, an Act or a join the table knows
    again (its ids), a seat set sitting out are relayed again; a line said, a seat left or an anonymous Act are not."""
    again = [tpb.GetViewRequest(table_id="t"), tpb.SitOutRequest(table_id="t", out=True),
             tpb.ActRequest(table_id="t", action_id="a" * 16), tpb.ActRequest(table_id="t", expected_seq=3),
             tpb.JoinTableRequest(table_id="t", join_id="j" * 16)]  # fmt: skip
    once = [tpb.SayRequest(table_id="t", text="gg"), tpb.LeaveTableRequest(table_id="t"),
            tpb.ActRequest(table_id="t"), tpb.JoinTableRequest(table_id="t")]  # fmt: skip
    assert [repeatable(r) for r in again] == [True] * len(again)
    assert [repeatable(r) for r in once] == [False] * len(once)
