"""Several ``brelan serve`` nodes on one PostgreSQL: each unfinished table leased to one node, taken over when it dies.

Like Colyseus' rooms over processes sharing a store, every table is an actor on
exactly one node. Its lease lives in the ``tables`` row (``owner``,
``lease_until`` on the database's clock, ``epoch``):

- A node beats every third of the lease: its row in ``nodes`` (alive, its
  ``--advertise`` address) and its tables' leases renewed. A table whose lease
  it no longer holds (it was paused past it, another node took it) stops here
  at once.
- Every write of a table is fenced by (owner, epoch): a node that lost the
  lease cannot add one event, so the log keeps one history even when an old
  owner wakes up (split brain).
- At each beat a node takes over the tables whose lease ran out: it replays
  them from the log to the same seq, with their seats, tokens and deadlines.
- A call for a table played elsewhere is relayed to its node (unary calls and
  WatchTable); a relayed call is never relayed again. Where a table is played
  is read from the database and remembered while its lease runs, or until a
  relay there finds its node gone or the table moved. A call the node refused
  for having let the table go is relayed once more to where it went, when
  making it twice changes nothing (a read, an Act with its action_id or
  expected_seq, a JoinTable with its join_id). TableInfo.node_address tells
  clients where the table is played, for them to call that node directly.
  New tables go to the least loaded live node. A relayed call proves it comes
  from a node: it carries an HMAC of the relaying node's id and its caller's
  address under the cluster's secret (kept in the database, which only nodes
  reach); a client's own relay header is ignored, so nobody outside can skip
  placement, pin a call to a node or be counted as another caller.

On one node with SQLite there is no cluster: the node plays every table.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging
import random
import secrets
import time
from collections import OrderedDict
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import grpc

from brelan.api.v1 import table_pb2 as pb
from brelan.api.v1 import table_pb2_grpc as pb_grpc

from .auth import peer_of
from .errors import MOVED, ServiceError, went_away
from .refusals import Refusal
from .node import Node
from .table import ReplayError, Table
from .tables import Tables

log = logging.getLogger(__name__)
RELAYED = "brelan-relayed-by"  # metadata on a relayed call: the node that relayed it, its caller and their proof
RELAY_SECRET = "relay_secret"  # the cluster's setting the proofs are made with
TAKE_AT_ONCE = 200  # orphaned tables one beat looks at
WHERE_KEPT = 10_000  # tables played elsewhere whose node is remembered (the oldest answer forgotten first)


class Cluster:
    def __init__(self, tables: Tables, node: Node, credentials: grpc.ChannelCredentials | None = None) -> None:
        """``credentials``: TLS to the other nodes (when they serve over it); None: plaintext."""
        self.tables = tables
        self.node = node
        self.credentials = credentials
        self.store = tables.log
        self.channels: dict[str, grpc.aio.Channel] = {}
        self.draining = False
        self._task: asyncio.Task[None] | None = None
        self._last_beat = time.monotonic()
        self.secret = b""  # the cluster's relay secret, read from the database at start
        # Table id -> (its node's address, until when its lease runs), least recent first: most relayed calls
        # read nothing from the database.
        self.known: OrderedDict[str, tuple[str, float]] = OrderedDict()
        tables.node = node

    # -- the heartbeat -----------------------------------------------------------------------------
    async def start(self) -> None:
        self.secret = (await self.store.setting(RELAY_SECRET, secrets.token_hex(32))).encode()
        await self.beat()
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"node {self.node.node_id}")
        log.info("node %s at %s joined the cluster (lease %gs)", self.node.node_id, self.node.address, self.node.lease)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.node.lease / 3)
            try:
                await self.beat()
            except Exception as e:  # the database is away: past the lease, this node holds nothing
                log.warning("node %s: heartbeat failed: %s", self.node.node_id, e)
                if time.monotonic() - self._last_beat > self.node.lease:
                    for table_id in list(self.tables.tables):
                        await self.tables.drop(table_id, "its lease could not be renewed")

    async def beat(self) -> None:
        here = set(self.tables.tables)  # not the ones made while the beat runs: their rows may come after its query
        held = await self.store.beat(self.node.node_id, self.node.address, self.node.lease, here,
                                     draining=self.draining)  # fmt: skip
        self._last_beat = time.monotonic()
        for table_id in [t for t in here if t not in held and t in self.tables.tables]:
            await self.tables.drop(table_id, "its lease is lost (another node may play it)")
        if not self.draining:
            await self.take_share()

    async def take_share(self) -> None:
        """Take this node's share of the orphaned tables, so a dead node's tables spread over the live ones.

        Each node takes at most orphans / live nodes at a beat, in its own random order (claims
        do not collide); what is left is taken at the next beats.
        """
        orphans = [t for t in await self.store.orphans(TAKE_AT_ONCE) if t not in self.tables.tables]
        if not orphans:
            return
        share = -(-len(orphans) // max(1, len(await self.store.live_nodes(self.node.lease))))
        random.shuffle(orphans)
        taken = 0
        for table_id in orphans:
            if taken == share:
                break
            taken += await self.take(table_id) is not None

    async def take(self, table_id: str) -> Table | None:
        """Take a table whose lease ran out: replayed from the log, it plays on here. None: another node was first."""
        epoch = await self.store.claim(table_id, self.node.node_id, self.node.lease)
        if epoch is None:
            return None
        row = await self.store.table(table_id)
        assert row is not None
        try:
            table = await self.tables.adopt(row, (self.node.node_id, epoch))
        except LookupError as e:  # a word game, and this node serves no lexicon for it: leave it to another
            log.warning("node %s cannot play table %s: %s", self.node.node_id, table_id, e)
            await self.store.release_table(table_id, self.node.node_id)
            return None
        except ReplayError:
            return None  # set aside: nobody plays it
        log.info("node %s took table %s over (epoch %d, seq %d)", self.node.node_id, table_id, epoch, table.seq)
        return table

    async def stop(self) -> None:
        """Drain: NOT_SERVING is already said; the leases are given back so others take the tables at once."""
        self.draining = True
        if self._task:
            self._task.cancel()
        await self.store.release(self.node.node_id)
        for channel in self.channels.values():
            await channel.close()

    # -- where a table is played ----------------------------------------------------------------------
    async def where(self, table_id: str) -> str | None:
        """The address of the node playing ``table_id``; None when it is this one (or only the store has it)."""
        if table_id in self.tables.tables or not table_id or len(table_id) > 64:
            return None
        address, until = self.known.get(table_id, ("", 0.0))
        if until > time.monotonic():
            self.known.move_to_end(table_id)
            return address
        owner = await self.store.owner(table_id)
        if owner is None:
            return None
        node_id, address, lease_left, finished = owner
        if finished:
            return None
        if lease_left >= 0 and node_id != self.node.node_id:
            self.known[table_id] = (address, time.monotonic() + lease_left)
            self.known.move_to_end(table_id)
            if len(self.known) > WHERE_KEPT:
                self.known.popitem(last=False)
            return address
        if lease_left < 0:
            await self.take(table_id)  # its node died: no need to wait for the next beat
        return None

    def relay_failed(self, table_id: str, error: grpc.aio.AioRpcError) -> bool:
        """A relay for ``table_id`` failed: when its node is gone or let the table go, the next call asks the
        database again. Whether the table moved (its node refused the call for it, unmade: call elsewhere)."""
        moved = ServiceError.from_rpc_error(error).reason == MOVED
        if moved or went_away(error) or error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
            self.known.pop(table_id, None)
        return moved

    async def place(self) -> str | None:
        """Where a new table goes: the least loaded live node; None: here."""
        nodes = await self.store.live_nodes(self.node.lease)
        if not nodes:
            return None
        mine = next((load for n, _, load in nodes if n == self.node.node_id), None)
        best_id, best_address, best_load = nodes[0]
        return None if best_id == self.node.node_id or (mine is not None and mine <= best_load) else best_address

    async def hand_over(self, table_id: str) -> None:
        """Send a table made here to the least loaded node (a tournament's next game, made where the last one ended).

        The table is released, then a call through that node makes it take the table at once
        (should the call fail, whichever node beats first takes it).
        """
        address = await self.place()
        if address is None or table_id not in self.tables.tables:
            return
        await self.tables.drop(table_id, f"handed over to the node at {address}", logging.INFO)
        await self.store.release_table(table_id, self.node.node_id)
        try:
            await self.stub(address).GetTable(pb.GetTableRequest(table_id=table_id), timeout=self.node.lease)
        except grpc.aio.AioRpcError as e:
            log.info("node at %s did not take table %s at once (%s): the next beat will", address, table_id, e.code())

    def proof(self, node_id: str, caller: str) -> str:
        return hmac.new(self.secret, f"{node_id} {caller}".encode(), "sha256").hexdigest()

    def relayed_for(self, context: grpc.aio.ServicerContext) -> str | None:
        """The caller (as :func:`peer_of` named it) a node of this cluster relayed the call for, when its proof holds;
        None for a call made here. A client's own relay header counts for nothing."""
        for key, value in context.invocation_metadata() or ():
            if key == RELAYED:
                node_id, _, rest = str(value).partition(" ")
                caller, _, proof = rest.rpartition(" ")
                held = bool(self.secret) and hmac.compare_digest(proof, self.proof(node_id, caller))
                return caller if held else None
        return None

    def caller(self, context: grpc.aio.ServicerContext) -> str:
        """Whom a call counts against (rate limits): the client a node relayed it for, else its own peer. Relayed,
        one client's calls are not counted against another's, nor every client's against their relaying node."""
        relayed = self.relayed_for(context)
        return peer_of(context) if relayed is None else relayed

    def stub(self, address: str) -> pb_grpc.TableServiceStub:
        if address not in self.channels:
            self.channels[address] = (grpc.aio.secure_channel(address, self.credentials) if self.credentials
                                      else grpc.aio.insecure_channel(address))  # fmt: skip
        return pb_grpc.TableServiceStub(self.channels[address])


# -- relaying calls to the node that plays the table ------------------------------------------------------

R = TypeVar("R")


def relayed_metadata(context: grpc.aio.ServicerContext, cluster: Cluster) -> list[tuple[str, str]]:
    kept = [(k, str(v)) for k, v in context.invocation_metadata() or () if k == "authorization"]
    node_id, caller = cluster.node.node_id, peer_of(context)
    return [*kept, (RELAYED, f"{node_id} {caller} {cluster.proof(node_id, caller)}")]


async def _elsewhere(cluster: Cluster | None, table_id: str, context: grpc.aio.ServicerContext) -> str | None:
    if cluster is None or cluster.relayed_for(context) is not None:
        return None
    try:
        return await cluster.where(table_id)
    except Refusal:
        raise
    except Exception as e:  # the store is away
        raise ServiceError(grpc.StatusCode.UNAVAILABLE, f"cannot find where table {table_id[:40]} is played: {e}",
                           reason="STORE_UNAVAILABLE") from None  # fmt: skip


def routed(handler: Callable[[Any, Any, Any], Awaitable[R]]) -> Callable[[Any, Any, Any], Awaitable[R]]:
    """A unary TableService method that runs where its table is played: here, or relayed to that node."""

    @functools.wraps(handler)
    async def run(self: Any, request: Any, context: grpc.aio.ServicerContext) -> R:
        cluster: Cluster | None = self.cluster
        for last in (False, True):
            address = await _elsewhere(cluster, request.table_id, context)
            if address is None:
                return await handler(self, request, context)
            assert cluster is not None
            try:
                return await relay(cluster, address, handler.__name__, request, context, answer=False)
            except grpc.aio.AioRpcError as e:
                if not (cluster.relay_failed(request.table_id, e) and repeatable(request)) or last:
                    await relayed_abort(cluster, address, e, context)
                    raise
        raise AssertionError("the second relay's error is answered")

    return run


def repeatable(request: Any) -> bool:
    """Whether making a call twice changes no more than making it once: a read, or a change the table knows again
    (an Act's action_id or expected_seq, a JoinTable's join_id; a SitOut sets what it says). A node that let its
    table go while running a change may have logged it before it refused the call: a line said again would be said
    twice."""
    if isinstance(request, pb.ActRequest):
        return bool(request.action_id) or request.HasField("expected_seq")
    if isinstance(request, pb.JoinTableRequest):
        return bool(request.join_id)
    return not isinstance(request, (pb.LeaveTableRequest, pb.SayRequest))


async def relay(cluster: Cluster, address: str, method: str, request: Any, context: grpc.aio.ServicerContext,
                *, answer: bool = True) -> Any:  # fmt: skip
    """Make the call on the node at ``address``, with the caller's token; its answer, or its status, as it gave them
    (``answer`` False: its error raised as it came, for the caller to look at)."""
    call = getattr(cluster.stub(address), method)
    # A frozen node holds a connection open and answers nothing: past a lease, another node plays its tables.
    timeout = min(t for t in (context.time_remaining(), 2 * cluster.node.lease) if t is not None)
    try:
        return await call(request, metadata=relayed_metadata(context, cluster), timeout=timeout)
    except grpc.aio.AioRpcError as e:
        if answer:
            await relayed_abort(cluster, address, e, context)
        raise


async def relayed_abort(cluster: Cluster, address: str, error: grpc.aio.AioRpcError,
                        context: grpc.aio.ServicerContext) -> None:  # fmt: skip
    """Answer with the status the other node gave; when it does not answer, say when to call again."""
    silent = error.code() == grpc.StatusCode.DEADLINE_EXCEEDED and (context.time_remaining() or 1) > 0
    if silent or (went_away(error) and not error.trailing_metadata()):
        await context.abort_with_status(ServiceError(
            grpc.StatusCode.UNAVAILABLE, f"the node playing this table ({address}) does not answer; another takes it "
            f"over within {cluster.node.lease:g} s: call again", reason="NODE_UNREACHABLE",
            retry_after=cluster.node.lease).to_status())  # fmt: skip
    await context.abort(error.code(), error.details() or "", tuple(error.trailing_metadata() or ()))


def routed_stream(handler: Callable[[Any, Any, Any], AsyncIterator[R]]) -> Callable[[Any, Any, Any], AsyncIterator[R]]:
    """A streaming TableService method (WatchTable) that streams from the node playing its table."""

    @functools.wraps(handler)
    async def run(self: Any, request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[R]:
        address = await _elsewhere(self.cluster, request.table_id, context)
        if address is None:
            async for item in handler(self, request, context):
                yield item
            return
        stream = getattr(self.cluster.stub(address), handler.__name__)(
            request, metadata=relayed_metadata(context, self.cluster))
        try:
            async for item in stream:
                yield item
        except grpc.aio.AioRpcError as e:  # its node went away mid-stream: the client resumes after its last seq
            self.cluster.relay_failed(request.table_id, e)
            await relayed_abort(self.cluster, address, e, context)

    return run
