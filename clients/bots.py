"""Bot-only games, in process or against a server, and the summary ``brelan bots run`` prints.

Over gRPC each seat is its own client with its own token. In a turn-based game
each seat watches the table with its own stream, told only the actions that
open a decision of its (``decisions_only``), each message with its view: it
decides on that view and acts with ``expected_seq``, so that a decision made
on a stale view is refused (ABORTED, counted as ``stale``) rather than applied
to the next hand. In a game played in real time a claim needs no decision
open: one spectator stream a table wakes every seat at each event, and each
fetches its view (GetView) and looks for a claim.

The bots outlive their server: a call that finds it gone (UNAVAILABLE) is
tried again, the same action with the same action id (applied once), until it
is back or ``patience`` runs out, and a stream cut by a restart is opened
again after the last seq it gave. Tokens and tables live in the
server's log, so a restarted server (or the node that takes a table over)
knows them all.

In a cluster any node answers for any table by relaying the call to the node
playing it. The bots call that node directly when they reach it (its
``TableInfo.node_address``): no relay, half the nodes' work a call. When it
goes away (or answers nothing for DIRECT_SECONDS), they call the node they
were given, which relays to whichever node takes the table over. (A stream
from a node frozen mid-game waits for it, as a relayed one would.)
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Sequence, TypeVar

import grpc
from google.protobuf.message import Message

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.api.errors import ServiceError, went_away
from brelan.server.games.base import Bot, Variant
from brelan.server.games.levels import DEFAULT_LEVEL
from brelan.server.games.selfplay import play
from brelan.server.typed.registry import family_of

from .client import auth, open_channel

Progress = Callable[[int], None]
T = TypeVar("T")
PATIENCE = 120.0  # seconds a bot waits for its server to come back
REACH_SECONDS = 2.0  # a table's node that does not answer in this time is not called directly (only nodes reach it)
REACH_AGAIN_SECONDS = 30.0  # how long a node found out of reach is not tried again
DIRECT_SECONDS = 10.0  # a call to a table's node unanswered this long: the node is frozen, call the entry node
Stub = tpb_grpc.TableServiceStub


@dataclass
class Summary:
    games: int = 0
    hands: int = 0
    actions: int = 0
    errors: int = 0
    conserved: bool = True
    seconds: float = 0.0
    stale: int = 0
    throttled: int = 0
    latencies: list[float] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        summary: dict[str, Any] = {"games": self.games, "hands": self.hands, "actions": self.actions,
                                   "errors": self.errors, "conserved": self.conserved,
                                   "seconds": round(self.seconds, 3)}  # fmt: skip
        if self.latencies:
            ordered = sorted(self.latencies)
            summary |= {"stale": self.stale, "throttled": self.throttled, "actions_per_second": round(self.actions / self.seconds, 1),
                        "act_p50_ms": round(statistics.median(ordered) * 1000, 2),
                        "act_p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 2)}  # fmt: skip
        if self.messages:
            summary["first_error"] = self.messages[0]
        return summary


def run_local(variant: Variant, options: Any, tables: int, games: int, seed: str, progress: Progress,
              level: str = DEFAULT_LEVEL) -> Summary:  # fmt: skip
    """Every game in this process, straight on the engine, every seat's bot at ``level``."""
    summary = Summary()
    variant.warm()  # its lookup tables, outside the games' time (as run_remote)
    start = time.perf_counter()
    for t in range(tables):
        for g in range(games):
            try:
                played = play(variant, options, f"{seed}/{t}/{g}", levels=[level] * variant.seats(options))
            except Exception as e:  # a bot or engine bug: count it, keep going
                summary.errors += 1
                summary.messages.append(f"table {t} game {g}: {type(e).__name__}: {e}")
                continue
            summary.games += 1
            summary.hands += played.state.hand_number
            summary.actions += len(played.turns)
            summary.conserved = summary.conserved and played.conserved
            progress(1)
    summary.seconds = time.perf_counter() - start
    return summary


@dataclass
class _SeatClient:
    seat: int
    token: str
    rng: random.Random
    bot: Bot  # its own (a bot may remember what it saw)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    acted_seq: int = 0  # the table's seq after this seat's last action


OUTRUN = frozenset({"LOST_RACE", "GAME_OVER"})  # refusals of a real-time move the table outran: not the bot's fault
AGAIN = frozenset({"again", "stale", "retry"})  # what a real-time bot looks at the table again for (:func:`_decide`)


async def _pause(pace: float) -> None:
    """A person's time before a move: half to one and a half times ``pace``, as the table's own bots take theirs
    (tables made together would move in step: every one's move in the same moment, a burst the server queues)."""
    await asyncio.sleep(pace * random.uniform(0.5, 1.5))


async def patiently(call: Callable[[], Awaitable[T]], patience: float = PATIENCE) -> T:
    """``call()``, again and again while the server is unreachable (a restart, a node's takeover)."""
    give_up = time.monotonic() + patience
    pause = 0.05
    while True:
        try:
            return await call()
        except grpc.aio.AioRpcError as e:
            if not went_away(e) or time.monotonic() > give_up:
                raise
        await asyncio.sleep(pause)
        pause = min(pause * 2, 1.0)


class Nodes:
    """The nodes a run calls: the one it was given (``entry``: it relays a call for a table played elsewhere), and
    each node a table's ``node_address`` names, reached over a channel of its own when it answers."""

    def __init__(self, target: str, entry: Stub, credentials: grpc.ChannelCredentials | None,
                 options: list[tuple[str, Any]]) -> None:  # fmt: skip
        self.target, self.entry = target, entry
        self.credentials, self.options = credentials, options
        self.reached: dict[str, asyncio.Future[Stub | None]] = {}
        self.channels: list[grpc.aio.Channel] = []

    async def stub(self, address: str) -> Stub | None:
        """A stub on the node at ``address`` (one channel a node, however many tables ask); None when it does not
        answer within REACH_SECONDS (tried again after REACH_AGAIN_SECONDS), or no address is given (one node
        serves them all)."""
        if not address:
            return None
        if address == self.target:
            return self.entry
        if address not in self.reached:
            self.reached[address] = asyncio.ensure_future(self._reach(address))
            self.reached[address].add_done_callback(lambda done: self._out_of_reach(address, done))
        return await asyncio.shield(self.reached[address])

    def _out_of_reach(self, address: str, done: asyncio.Future[Stub | None]) -> None:
        if done.cancelled() or done.exception() is not None or done.result() is None:  # try it again later
            asyncio.get_running_loop().call_later(REACH_AGAIN_SECONDS, self.reached.pop, address, None)

    async def _reach(self, address: str) -> Stub | None:
        channel = open_channel(address, self.credentials, self.options, aio=True)
        try:
            await asyncio.wait_for(channel.channel_ready(), REACH_SECONDS)
        except BaseException as e:  # out of reach (or a run that ends meanwhile)
            await channel.close()
            if isinstance(e, Exception):
                return None
            raise
        self.channels.append(channel)
        return Stub(channel)

    async def close(self) -> None:
        for reaching in self.reached.values():
            reaching.cancel()
        for channel in self.channels:
            await channel.close()


@dataclass
class _Route:
    """Where a table's calls go: the node playing it (:meth:`follow`), or the entry node once that one fails."""

    nodes: Nodes
    stub: Stub

    async def follow(self, info: tpb.TableInfo) -> None:
        self.stub = await self.nodes.stub(info.node_address) or self.nodes.entry

    def failed(self, stub: Stub, error: grpc.aio.AioRpcError | TimeoutError) -> bool:
        """A call on ``stub`` failed: when it went to the table's node, and that node went away (or froze), the
        next calls go to the entry node, which relays them to the node that takes the table over. Whether so."""
        if stub is self.nodes.entry or not (isinstance(error, TimeoutError) or went_away(error)):
            return False
        self.stub = self.nodes.entry
        return True

    async def call(self, make: Callable[[Stub], Awaitable[T]]) -> T:
        """``make(stub)`` on this table's node (:func:`patiently`); on the entry node at once if that one fails."""

        async def once() -> T:
            stub = self.stub
            if stub is not self.nodes.entry:
                try:
                    async with asyncio.timeout(DIRECT_SECONDS):
                        return await make(stub)
                except (grpc.aio.AioRpcError, TimeoutError) as e:
                    if not self.failed(stub, e):
                        raise
            return await make(self.nodes.entry)

        return await patiently(once)


def typed_reader(variant: Variant) -> Callable[[Message, int | None, Sequence[str]], Any] | None:
    """How ``variant``'s typed view reads back into the engine's (its family's ``engine_view``); None where it
    cannot, and a bot asks for the JSON view (deprecated, and built for it alone)."""
    family = family_of(variant.name)
    return family.engine_view if family is not None else None


def json_asked(variant: Variant) -> bool:
    """Whether a bot asks for the JSON view: only where the typed view cannot be read back (:func:`typed_reader`)."""
    return typed_reader(variant) is None


def engine_view(variant: Variant, response: tpb.GetViewResponse) -> Any:
    """The engine's view ``response`` holds, which a bot decides on as the table's own do; None before the deal.
    Read back from the typed view where its family can, else from the JSON (asked then: :func:`json_asked`)."""
    read = typed_reader(variant)
    if read is None:
        return variant.view_from_json(response.view) if response.view not in ("", "{}") else None
    field = response.WhichOneof("game")
    seat = response.seat if response.HasField("seat") else None
    return read(getattr(response, field), seat, response.legal) if field else None


async def _decide(route: _Route, variant: Variant, table_id: str, me: _SeatClient, summary: Summary,
                  response: tpb.GetViewResponse) -> str:  # fmt: skip
    """The seat's move on its view ``response``, made: "idle" (none to make), "over" (the game is), "acted",
    "again" (acted, and its move opened its next decision), "stale" (the table moved past the view) or "retry"
    (refused: decide again)."""
    view = engine_view(variant, response)  # the engine's view: its bot decides on it, as the table's do
    if view is None:
        return "idle"  # not dealt yet
    if not variant.conserved(view):
        summary.conserved = False
    if view.over:
        return "over"
    if not response.legal:
        return "idle"
    action = me.bot(view, list(response.legal), me.rng)
    if not action:  # a real-time game's bot with nothing to claim
        return "idle"
    request = tpb.ActRequest(table_id=table_id, seat=me.seat, action=action, expected_seq=response.seq,
                             action_id=uuid.uuid4().hex)  # fmt: skip
    began = time.perf_counter()
    try:
        acted = await route.call(lambda s: s.Act(request, metadata=auth(me.token)))
    except grpc.aio.AioRpcError as e:
        if e.code() == grpc.StatusCode.ABORTED or ServiceError.from_rpc_error(e).reason in OUTRUN:
            summary.stale += 1  # decided on a look the table has moved past (another claim came first, or the end)
            return "stale"
        if e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:  # the seat's rate limit: slow down, try again
            summary.throttled += 1
            await asyncio.sleep(0.05)
        else:
            summary.errors += 1
            summary.messages.append(f"{table_id} p{me.seat} {action}: {e.code().name}: {e.details()}")
        return "retry"
    summary.latencies.append(time.perf_counter() - began)
    summary.actions += 1
    me.acted_seq = acted.seq
    return "again" if acted.events and me.seat in acted.events[-1].pending else "acted"


async def _look(route: _Route, variant: Variant, table_id: str, me: _SeatClient) -> tpb.GetViewResponse:
    request = tpb.GetViewRequest(table_id=table_id, with_json=json_asked(variant))
    return await route.call(lambda s: s.GetView(request, metadata=auth(me.token)))


async def _watched(route: _Route, table_id: str, read: Callable[[Stub], Awaitable[bool]]) -> None:
    """``read(stub)``: a stream of the table read on ``stub`` to its end, and whether it saw the game's; opened again
    (resuming after the last seq it gave) until the game is over: a stream that ends early (its server stopped) or
    cannot be opened, once a node answers, on the node that plays the table then."""
    final = False

    async def once() -> None:
        nonlocal final
        stub = route.stub
        try:
            final = await read(stub)
        except grpc.aio.AioRpcError as e:
            route.failed(stub, e)
            raise
        if not final:  # the stream ended early: the server went away (or the table is over)
            info = await route.call(lambda s: s.GetTable(tpb.GetTableRequest(table_id=table_id)))
            final = info.table.status == tpb.TABLE_STATUS_FINISHED
            await route.follow(info.table)  # to the node that took it over

    while not final:
        await patiently(once)
        if not final:
            await asyncio.sleep(0.2)


async def _decisions(route: _Route, variant: Variant, table_id: str, me: _SeatClient, summary: Summary,
                     pace: float) -> None:  # fmt: skip
    """A turn-based game's seat: its own stream brings each decision of its with its view (``decisions_only``),
    and it decides (after ``pace`` seconds, as a person would), until the game is over. The first message of a
    stream, opened again, is the seat's view as it stands."""
    seen = 0

    async def read(stub: Stub) -> bool:
        nonlocal seen
        over = False
        request = tpb.WatchTableRequest(table_id=table_id, after_seq=seen, with_view=True,
                                        with_json=json_asked(variant), decisions_only=True)  # fmt: skip
        async for message in stub.WatchTable(request, metadata=auth(me.token)):
            response = message.view
            seen = response.seq
            if response.seq < me.acted_seq:
                continue  # a view from before its last move (a backlog's, sent beside the first message)
            if pace and response.legal:
                await _pause(pace)
            while (done := await _decide(route, variant, table_id, me, summary, response)) == "retry":
                response = await _look(route, variant, table_id, me)  # refused for the seat's own reasons: again
            over = done == "over"
        return over

    await _watched(route, table_id, read)


async def _seat(route: _Route, variant: Variant, table_id: str, me: _SeatClient, summary: Summary,
                over: asyncio.Event, pace: float) -> None:  # fmt: skip
    """A real-time game's seat: it looks at the table each time the table's stream wakes it (after ``pace``
    seconds, as a person would) and claims what its bot finds."""
    while True:
        await me.wake.wait()
        me.wake.clear()
        if over.is_set():
            return
        if pace:
            await _pause(pace)
        if await _decide(route, variant, table_id, me, summary, await _look(route, variant, table_id, me)) in AGAIN:
            me.wake.set()


async def _follow(route: _Route, table_id: str, seats: list[_SeatClient], over: asyncio.Event) -> None:
    """A real-time game's spectator stream, one a table: every event wakes every seat, as a claim is made out
    of turn, by whoever sees the word first, so each bot looks at the table each time it changes."""
    seen = 0

    async def read(stub: Stub) -> bool:
        nonlocal seen
        final = False
        async for response in stub.WatchTable(tpb.WatchTableRequest(table_id=table_id, after_seq=seen, grouped=True)):
            event = response.events[-1]
            seen, final = event.seq, event.final
            for me in seats:
                me.wake.set()
        return final

    try:
        await _watched(route, table_id, read)
    finally:  # the game over, or the stream failed for good (the error is the table's): no seat waits on
        over.set()
        for me in seats:
            me.wake.set()


async def _table(nodes: Nodes, variant: Variant, options: dict[str, str], seed: str, summary: Summary,
                 pace: float, level: str) -> None:  # fmt: skip
    # A practice table: a bot plays by the legal list's hints (the best words, the solver's set), as the server's do.
    # Its id, the same on every retry: a creation whose answer a restart lost answers its table, and makes no other.
    create = tpb.CreateTableRequest(variant=variant.name, options=options, name=f"bots {seed}", hints=True,
                                    create_id=uuid.uuid4().hex)  # fmt: skip
    route = _Route(nodes, nodes.entry)
    info = (await route.call(lambda s: s.CreateTable(create))).table
    await route.follow(info)
    # Each join has an id of its own, the same on every retry: a join whose answer a restart lost gives its seat back.
    requests = [tpb.JoinTableRequest(table_id=info.table_id, seat=s, player=f"bot{s}", join_id=uuid.uuid4().hex)
                for s in range(len(info.seats))]  # fmt: skip
    joined = [await route.call(lambda s: s.JoinTable(request)) for request in requests]
    seats = [_SeatClient(j.seat, j.token, random.Random(f"{seed}/{j.seat}"), variant.new_bot(level)) for j in joined]
    if variant.realtime:
        over = asyncio.Event()
        follower = asyncio.create_task(_follow(route, info.table_id, seats, over))
        await asyncio.gather(*(_seat(route, variant, info.table_id, me, summary, over, pace) for me in seats))
        await follower
    else:
        await asyncio.gather(*(_decisions(route, variant, info.table_id, me, summary, pace) for me in seats))
    last = await route.call(lambda s: s.GetView(tpb.GetViewRequest(table_id=info.table_id,
                                                                    with_json=json_asked(variant))))  # fmt: skip
    final_view = engine_view(variant, last)
    summary.conserved = summary.conserved and (final_view is None or variant.conserved(final_view))
    final = (await route.call(lambda s: s.GetTable(tpb.GetTableRequest(table_id=info.table_id)))).table
    if final.status == tpb.TABLE_STATUS_FINISHED:
        summary.games += 1
        summary.hands += final.hand
    else:
        summary.errors += 1
        summary.messages.append(f"{info.table_id} did not finish")


async def run_remote(target: str, variant: Variant, options: dict[str, str], tables: int, games: int, seed: str,
                     progress: Progress, credentials: grpc.ChannelCredentials | None = None, *, pace: float = 0.0,
                     summary: Summary | None = None, level: str = DEFAULT_LEVEL) -> Summary:  # fmt: skip
    """``tables`` tables at once on the server, each playing ``games`` games one after the other (TLS: ``credentials``).

    ``pace``: the seconds each bot takes before each move (0: at once); ``level``: every seat's bot's. ``summary``: the one to fill, as it goes
    (a caller that stops the run early reads what it holds).
    """
    summary = Summary() if summary is None else summary
    # The engine's lookup tables (the poker evaluator's, half a second) built now, not in the first bot's
    # decision, which would hold every table's bots (and their timings) up.
    variant.warm()
    start = time.perf_counter()
    # Reconnect soon after a restart rather than on grpc's default backoff (up to two minutes).
    backoff = [("grpc.max_reconnect_backoff_ms", 1000)]
    channel = open_channel(target, credentials, backoff, aio=True)
    async with channel:
        try:
            await asyncio.wait_for(channel.channel_ready(), 5)
        except TimeoutError:
            raise ConnectionError(f"no server answers at {target}") from None
        nodes = Nodes(target, Stub(channel), credentials, backoff)

        async def lane(t: int) -> None:
            for g in range(games):
                try:
                    await _table(nodes, variant, options, f"{seed}/{t}/{g}", summary, pace, level)
                except grpc.aio.AioRpcError as e:
                    summary.errors += 1
                    summary.messages.append(f"table {t} game {g}: {e.code().name}: {e.details()}")
                progress(1)

        try:
            await asyncio.gather(*(lane(t) for t in range(tables)))
        finally:
            await nodes.close()
    summary.seconds = time.perf_counter() - start
    return summary
