"""Bot-only games, in process or against a server, and the summary ``brelan bots run`` prints.

Over gRPC each seat is its own client with its own token. One spectator stream
a table says, with each event, whose decisions are open; a seat whose decision
opened after its last action fetches its view and acts with ``expected_seq``
so that a decision made on a stale view is refused (ABORTED, counted as
``stale`` and retried) rather than applied to the next hand.

The bots outlive their server: a call that finds it gone (UNAVAILABLE) is
tried again, the same action with the same action id (applied once), until it
is back or ``patience`` runs out, and a spectator stream cut by a restart is
opened again after the last seq it gave. Tokens and tables live in the
server's log, so a restarted server (or the node that takes a table over)
knows them all.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, TypeVar

import grpc

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.server.errors import ServiceError, went_away
from brelan.server.games.base import Variant
from brelan.server.games.selfplay import play

from .client import auth, open_channel, view_dict

Progress = Callable[[int], None]
T = TypeVar("T")
PATIENCE = 120.0  # seconds a bot waits for its server to come back


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


def run_local(variant: Variant, options: Any, tables: int, games: int, seed: str, progress: Progress) -> Summary:
    """Every game in this process, straight on the engine."""
    summary = Summary()
    variant.warm()  # its lookup tables, outside the games' time (as run_remote)
    start = time.perf_counter()
    for t in range(tables):
        for g in range(games):
            try:
                played = play(variant, options, f"{seed}/{t}/{g}")
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
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    acted_seq: int = 0  # the table's seq after this seat's last action


OUTRUN = frozenset({"LOST_RACE", "GAME_OVER"})  # refusals of a real-time move the table outran: not the bot's fault


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


async def _seat(stub: tpb_grpc.TableServiceStub, variant: Variant, table_id: str, me: _SeatClient, summary: Summary,
                over: asyncio.Event, pace: float) -> None:  # fmt: skip
    """Decide each time the table says this seat's decision is open (after ``pace`` seconds, as a person would)."""
    while True:
        await me.wake.wait()
        me.wake.clear()
        if over.is_set():
            return
        if pace:
            await asyncio.sleep(pace)
        response = await patiently(lambda: stub.GetView(tpb.GetViewRequest(table_id=table_id), metadata=auth(me.token)))
        view = view_dict(response)
        if not variant.conserved(view):
            summary.conserved = False
        if view.get("over") or not response.legal:
            continue
        action = variant.bot(view, list(response.legal), me.rng)
        if not action:  # a real-time game's bot with nothing to claim
            continue
        request = tpb.ActRequest(table_id=table_id, seat=me.seat, action=action, expected_seq=response.seq,
                                 action_id=uuid.uuid4().hex)  # fmt: skip
        began = time.perf_counter()
        try:
            acted = await patiently(lambda: stub.Act(request, metadata=auth(me.token)))
        except grpc.aio.AioRpcError as e:
            if e.code() == grpc.StatusCode.ABORTED or ServiceError.from_rpc_error(e).reason in OUTRUN:
                summary.stale += 1  # decided on a look the table has moved past (another claim came first, or the end)
            elif e.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:  # the seat's rate limit: slow down, try again
                summary.throttled += 1
                await asyncio.sleep(0.05)
            else:
                summary.errors += 1
                summary.messages.append(f"{table_id} p{me.seat} {action}: {e.code().name}: {e.details()}")
            me.wake.set()
            continue
        summary.latencies.append(time.perf_counter() - began)
        summary.actions += 1
        me.acted_seq = acted.seq
        if acted.events and me.seat in acted.events[-1].pending:  # my move opened my next decision
            me.wake.set()


async def _follow(stub: tpb_grpc.TableServiceStub, table_id: str, seats: list[_SeatClient], over: asyncio.Event,
                  realtime: bool = False) -> None:  # fmt: skip
    """One spectator stream a table; it wakes a seat whose decision opened after its last action.

    In a real-time game every event wakes every seat: a claim is made out of turn, by
    whoever sees the word first, so each bot looks at the table each time it changes.

    A stream that ends before the final event (its server stopped) or cannot be
    opened is opened again after the last event it gave, until the game is over.
    """
    seen = 0
    final = False

    async def watch() -> None:
        nonlocal seen, final
        async for response in stub.WatchTable(tpb.WatchTableRequest(table_id=table_id, after_seq=seen, grouped=True)):
            event = response.events[-1]  # an action's last event: the decisions it leaves open
            seen = event.seq
            for me in seats:
                if realtime or (me.seat in event.pending and event.seq > me.acted_seq):
                    me.wake.set()
            final = event.final
        if not final:  # the stream ended early: the server went away (or the table is over)
            info = await stub.GetTable(tpb.GetTableRequest(table_id=table_id))
            final = info.table.status == tpb.TABLE_STATUS_FINISHED

    try:
        while not final:
            await patiently(watch)
            if not final:
                await asyncio.sleep(0.2)
    finally:  # the game over, or the stream failed for good (the error is the table's): no seat waits on
        over.set()
        for me in seats:
            me.wake.set()


async def _table(stub: tpb_grpc.TableServiceStub, variant: Variant, options: dict[str, str], seed: str,
                 summary: Summary, pace: float) -> None:  # fmt: skip
    # A practice table: a bot plays by the legal list's hints (the best words, the solver's set), as the server's do.
    # Its id, the same on every retry: a creation whose answer a restart lost answers its table, and makes no other.
    create = tpb.CreateTableRequest(variant=variant.name, options=options, name=f"bots {seed}", hints=True,
                                    create_id=uuid.uuid4().hex)  # fmt: skip
    info = (await patiently(lambda: stub.CreateTable(create))).table
    # Each join has an id of its own, the same on every retry: a join whose answer a restart lost gives its seat back.
    requests = [tpb.JoinTableRequest(table_id=info.table_id, seat=s, player=f"bot{s}", join_id=uuid.uuid4().hex)
                for s in range(len(info.seats))]  # fmt: skip
    joined = [await patiently(lambda: stub.JoinTable(request)) for request in requests]
    seats = [_SeatClient(j.seat, j.token, random.Random(f"{seed}/{j.seat}")) for j in joined]
    over = asyncio.Event()
    follower = asyncio.create_task(_follow(stub, info.table_id, seats, over, variant.realtime))
    await asyncio.gather(*(_seat(stub, variant, info.table_id, me, summary, over, pace) for me in seats))
    await follower
    final_view = view_dict(await patiently(lambda: stub.GetView(tpb.GetViewRequest(table_id=info.table_id))))
    summary.conserved = summary.conserved and variant.conserved(final_view)
    final = (await patiently(lambda: stub.GetTable(tpb.GetTableRequest(table_id=info.table_id)))).table
    if final.status == tpb.TABLE_STATUS_FINISHED:
        summary.games += 1
        summary.hands += final.hand
    else:
        summary.errors += 1
        summary.messages.append(f"{info.table_id} did not finish")


async def run_remote(target: str, variant: Variant, options: dict[str, str], tables: int, games: int, seed: str,
                     progress: Progress, credentials: grpc.ChannelCredentials | None = None, *, pace: float = 0.0,
                     summary: Summary | None = None) -> Summary:  # fmt: skip
    """``tables`` tables at once on the server, each playing ``games`` games one after the other (TLS: ``credentials``).

    ``pace``: the seconds each bot takes before each move (0: at once). ``summary``: the one to fill, as it goes
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
        stub = tpb_grpc.TableServiceStub(channel)

        async def lane(t: int) -> None:
            for g in range(games):
                try:
                    await _table(stub, variant, options, f"{seed}/{t}/{g}", summary, pace)
                except grpc.aio.AioRpcError as e:
                    summary.errors += 1
                    summary.messages.append(f"table {t} game {g}: {e.code().name}: {e.details()}")
                progress(1)

        await asyncio.gather(*(lane(t) for t in range(tables)))
    summary.seconds = time.perf_counter() - start
    return summary
