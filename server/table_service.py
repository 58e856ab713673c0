"""TableService over grpc.aio: translates requests to the table manager and back."""

from __future__ import annotations

import dataclasses
from typing import AsyncIterator

import grpc

from brelan.api.v1 import table_pb2 as pb
from brelan.api.v1 import table_pb2_grpc as pb_grpc

from .auth import CALLER, peer_of
from .cluster import Cluster, relay, routed, routed_stream
from .errors import ServiceError, decision_time, invalid, limited
from .refusals import Refusal
from .table import END, Table
from .games.registry import VARIANTS
from .paging import after, bounded, page_of
from .log_store import ChatLine
from .table_convert import (action_text, chat_line, hints_response, legal_response, listed_info, replay_view_response,
                            review_response, table_event, table_info, variant_info, view_response, with_view)
from .tables import TableExists, Tables, invitations

MAX_ACTION = 256
MAX_ACTION_ID = 128
MAX_OPTIONS = 64
LISTED_PAGE, MAX_LISTED_PAGE = 50, 500  # tables a ListTables page holds: by default, at most
# A status filter as the store's statuses; UNSPECIFIED: the live ones (and the finished with include_finished).
LISTED = {pb.TABLE_STATUS_WAITING: ("waiting",), pb.TABLE_STATUS_PLAYING: ("playing",),
          pb.TABLE_STATUS_FINISHED: ("finished",)}  # fmt: skip
MAX_VARIANT = 64


def invites_of(request: pb.CreateTableRequest) -> dict[int, str]:
    """The invited seats asked for: seat -> guest's name (each seat once)."""
    invites: dict[int, str] = {}
    for i, invite in enumerate(request.invite):
        if invite.seat in invites:
            raise invalid(f"invite[{i}].seat", f"seat {invite.seat} is invited twice")
        invites[invite.seat] = invite.name
    return invites


def created(table: Table) -> pb.CreateTableResponse:
    """A new table as CreateTable answers it: its info and its invited seats' secrets."""
    return pb.CreateTableResponse(table=table_info(table), invitations=[
        pb.Invitation(seat=seat, name=name, secret=secret) for seat, (name, secret) in invitations(table).items()])


class TableServicer(pb_grpc.TableServiceServicer):
    """The table service; in a cluster, a call for a table another node plays is relayed there (``routed``)."""

    def __init__(self, tables: Tables, cluster: Cluster | None = None) -> None:
        self.tables = tables
        self.cluster = cluster

    async def ListVariants(self, request: pb.ListVariantsRequest,
                           context: grpc.aio.ServicerContext) -> pb.ListVariantsResponse:  # fmt: skip
        return pb.ListVariantsResponse(variants=[variant_info(v) for v in VARIANTS.values()])

    async def CreateTable(self, request: pb.CreateTableRequest, context: grpc.aio.ServicerContext) -> pb.CreateTableResponse:
        if request.create_id and (made := await self.tables.made_by(request.create_id)) is not None:
            return await self._made(made, context)  # a retry (its answer was lost): the table the first call made
        relayed = self.cluster is not None and self.cluster.relayed_for(context) is not None
        if not relayed and not self.tables.creating.take(peer_of(context)):  # (relayed: the first node counted it)
            raise limited("new tables", self.tables.creating.rate)
        if self.cluster is not None and not relayed:
            address = await self.cluster.place()  # the least loaded node plays it
            if address is not None:
                return await relay(self.cluster, address, "CreateTable", request, context)  # type: ignore[no-any-return]

        if len(request.options) > MAX_OPTIONS:
            raise invalid("options", f"at most {MAX_OPTIONS}")
        options = dict(request.options)
        if request.lexicon:  # the request's own field for a word game's lexicon: the option of that name
            if options.get("lexicon", request.lexicon) != request.lexicon:
                raise invalid("lexicon", f"differs from options[lexicon] ({options['lexicon']!r})")
            options["lexicon"] = request.lexicon
        seconds = decision_time(request.decision_seconds, request.untimed)
        try:
            owner = self.cluster.caller(context) if self.cluster else peer_of(context)
            table = await self.tables.create(request.variant, options, list(request.bot_seats), seconds, request.name,
                                             hints=request.hints, pause_seconds=request.pause_seconds,
                                             create_id=request.create_id, owner=owner,
                                             chat_apart=request.chat_apart, rematch_of=request.rematch_of,
                                             invites=invites_of(request), holder=CALLER.get(),
                                             bots=[(b.seat, b.level) for b in request.bots])  # fmt: skip
        except TableExists:
            if request.create_id:  # made at once by another call of the same id (on another node): that table
                return await self._made(await self.tables.made_by(request.create_id) or "", context)
            raise ServiceError(grpc.StatusCode.UNAVAILABLE, "the table id drawn for it was just taken: call again",
                               reason="TABLE_ID_TAKEN") from None  # fmt: skip
        return created(table)

    async def _made(self, table_id: str, context: grpc.aio.ServicerContext) -> pb.CreateTableResponse:
        """A table made already, as CreateTable answers it (from the node that plays it: with its invitations)."""
        if (here := self.tables.tables.get(table_id)) is not None:
            return created(here)
        return pb.CreateTableResponse(table=(await self.GetTable(pb.GetTableRequest(table_id=table_id), context)).table)

    async def ListTables(self, request: pb.ListTablesRequest, context: grpc.aio.ServicerContext) -> pb.ListTablesResponse:
        """From the store, a page at a time: every node's live tables first, then the finished, newest first."""
        if len(request.variant) > MAX_VARIANT:
            raise invalid("variant", f"at most {MAX_VARIANT} characters")
        if request.status not in LISTED and request.status != pb.TABLE_STATUS_UNSPECIFIED:
            raise invalid("status", f"not a TableStatus ({request.status})")
        size = bounded(request.page_size, LISTED_PAGE, MAX_LISTED_PAGE)
        statuses = LISTED.get(request.status) or ("waiting", "playing", *(("finished",) if request.include_finished else ()))
        listed = await self.tables.log.listing(statuses=statuses, variant=request.variant, limit=size + 1,
                                               after=after(request.page_token, "page_token", "tables"))  # fmt: skip
        page, token = page_of(listed, size, lambda e: ("tables", int(e.row.finished), e.row.created, e.row.table_id))
        infos = []
        for entry in page:
            here = self.tables.tables.get(entry.row.table_id)
            infos.append(table_info(here) if here else listed_info(entry, self.tables.seat_count(entry.row)))
        return pb.ListTablesResponse(tables=infos, next_page_token=token)

    async def ListMyTables(self, request: pb.ListMyTablesRequest,
                           context: grpc.aio.ServicerContext) -> pb.ListMyTablesResponse:  # fmt: skip
        """From the store, whichever node plays each table."""
        seats = []
        for entry, seat, kept in await self.tables.seats_of(request.player_key):
            here = self.tables.tables.get(entry.row.table_id)
            info = table_info(here) if here else listed_info(entry, self.tables.seat_count(entry.row))
            seats.append(pb.MySeat(table=info, seat=seat, kept=kept))
        return pb.ListMyTablesResponse(seats=seats)

    @routed
    async def GetTable(self, request: pb.GetTableRequest, context: grpc.aio.ServicerContext) -> pb.GetTableResponse:
        return pb.GetTableResponse(table=table_info(await self.tables.settled(request.table_id)))

    @routed
    async def JoinTable(self, request: pb.JoinTableRequest, context: grpc.aio.ServicerContext) -> pb.JoinTableResponse:
        if not self.tables.joining.take(self.cluster.caller(context) if self.cluster else peer_of(context)):
            raise limited("joins", self.tables.joining.rate)
        seat, token = await self.tables.join(request.table_id, request.seat if request.HasField("seat") else None,
                                             request.player, request.secret, request.join_id,
                                             request.player_key)  # fmt: skip
        return pb.JoinTableResponse(seat=seat, token=token, table=table_info(await self.tables.find(request.table_id)))

    @routed
    async def LeaveTable(self, request: pb.LeaveTableRequest, context: grpc.aio.ServicerContext) -> pb.LeaveTableResponse:
        return pb.LeaveTableResponse(rejoin_secret=await self.tables.leave(CALLER.get(), request.table_id))

    @routed
    async def Act(self, request: pb.ActRequest, context: grpc.aio.ServicerContext) -> pb.ActResponse:
        if len(request.action) > MAX_ACTION:
            raise invalid("action", f"at most {MAX_ACTION} characters")
        if len(request.action_id) > MAX_ACTION_ID:
            raise invalid("action_id", f"at most {MAX_ACTION_ID} characters")
        expected = request.expected_seq if request.HasField("expected_seq") else None
        text = action_text(request, (await self.tables.find(request.table_id)).row.variant)
        acted = await self.tables.act(CALLER.get(), request.table_id, request.seat, text, expected,
                                      request.action_id)  # fmt: skip
        table = await self.tables.find(request.table_id)
        return pb.ActResponse(seq=acted.seq, events=[table_event(table, e, request.seat) for e in acted.events])

    @routed
    async def GetView(self, request: pb.GetViewRequest, context: grpc.aio.ServicerContext) -> pb.GetViewResponse:
        table, seat = await self.tables.viewer(CALLER.get(), request.table_id)
        if request.HasField("at_seq"):  # a finished game's replay, step by step
            return replay_view_response(table, *await table.view_at(request.at_seq, seat), seat, request.with_json)
        return view_response(table, seat, request.with_json)

    @routed
    async def LegalActions(self, request: pb.LegalActionsRequest, context: grpc.aio.ServicerContext) -> pb.LegalActionsResponse:
        table, seat = await self.tables.viewer(CALLER.get(), request.table_id)
        return legal_response(table, seat)

    @routed
    async def GetHints(self, request: pb.GetHintsRequest, context: grpc.aio.ServicerContext) -> pb.GetHintsResponse:
        table, seat = await self.tables.seat_of(CALLER.get(), request.table_id)
        table.present()
        seq, hints = await table.hints(seat)
        return hints_response(table, seq, hints)

    @routed_stream
    async def WatchTable(self, request: pb.WatchTableRequest,
                         context: grpc.aio.ServicerContext) -> AsyncIterator[pb.WatchTableResponse]:  # fmt: skip
        table, seat = await self.tables.viewer(CALLER.get(), request.table_id)
        if request.after_seq > table.seq:
            raise invalid("after_seq", f"the table is at seq {table.seq}")
        deciding = request.decisions_only
        if deciding and not request.with_view:
            raise invalid("decisions_only", "needs with_view: each message is the seat's view")
        if deciding and table.variant.realtime:
            raise invalid("decisions_only", f"{table.variant.name} is played in real time: a move may be made "
                          "with no decision open (a claim), so watch every event")  # fmt: skip
        queue = table.subscribe(seat, request.after_seq, request.after_chat if request.with_chat else None, deciding)
        sent = -1  # the seq of the last view a decisions_only stream sent: a backlog up to it brings nothing new
        try:
            if deciding:  # a bot's stream: its view alone, now and at each decision (its seq says where it stands)
                message = await self._decision(table, seat, request.with_json)
                sent = message.view.seq
                yield message
            elif request.with_view:  # the table as it stands, before any event: the client draws it at once
                yield await with_view(table, pb.WatchTableResponse(), seat, request.with_json)
            while (events := await queue.get()) is not END:
                if isinstance(events, Refusal):  # the table moved away, or the server stops: watch again
                    raise dataclasses.replace(events)  # its own: every stream raises one, each its traceback
                if isinstance(events, ChatLine):
                    yield pb.WatchTableResponse(chat=chat_line(events))
                    continue
                if deciding:
                    # (a backlog's part opens none unless the seat has it open now, and the view sent shows it)
                    if events[-1].seq > sent and table.opens(seat, events):
                        message = await self._decision(table, seat, request.with_json)
                        sent = message.view.seq
                        yield message
                    continue
                if request.grouped or request.with_view:  # one message for them all: its cost is per message
                    message = pb.WatchTableResponse(events=[table_event(table, e, seat) for e in events])
                    # with_view: and the view and table the action left, so no GetView, GetTable after each
                    yield await with_view(table, message, seat, request.with_json) if request.with_view else message
                else:
                    for event in events:
                        yield pb.WatchTableResponse(event=table_event(table, event, seat))
            holder = CALLER.get()
            if seat is not None and holder is not None and table.seats[seat].token_sha256 != holder.token_sha256:
                raise ServiceError(grpc.StatusCode.UNAUTHENTICATED, f"this token no longer holds seat {seat}: it was "
                                   "given up, or taken back with a new one; watch with the seat's token (or none)",
                                   reason="SEAT_GIVEN_UP")  # fmt: skip
        finally:
            table.unsubscribe(queue)

    @staticmethod
    async def _decision(table: Table, seat: int | None, with_json: bool) -> pb.WatchTableResponse:
        """A decisions_only stream's message: the seat's view once no commit is in flight (never ahead of the log)."""
        await table.settled()
        return pb.WatchTableResponse(view=view_response(table, seat, with_json))

    @routed
    async def Say(self, request: pb.SayRequest, context: grpc.aio.ServicerContext) -> pb.SayResponse:
        peer = self.cluster.caller(context) if self.cluster else peer_of(context)
        line = await self.tables.say(CALLER.get(), peer, request.table_id, request.text, request.name)
        return pb.SayResponse(line=chat_line(line))

    @routed
    async def SitOut(self, request: pb.SitOutRequest, context: grpc.aio.ServicerContext) -> pb.SitOutResponse:
        return pb.SitOutResponse(table=table_info(await self.tables.sit_out(CALLER.get(), request.table_id,
                                                                            request.out)))  # fmt: skip

    @routed
    async def GetChat(self, request: pb.GetChatRequest, context: grpc.aio.ServicerContext) -> pb.GetChatResponse:
        table, seat = await self.tables.viewer(CALLER.get(), request.table_id)
        return pb.GetChatResponse(lines=[chat_line(line) for line in table.chat_for(seat, request.after)])

    @routed
    async def GetHandHistory(self, request: pb.GetHandHistoryRequest,
                             context: grpc.aio.ServicerContext) -> pb.GetHandHistoryResponse:  # fmt: skip
        table, seat = await self.tables.viewer(CALLER.get(), request.table_id)
        return pb.GetHandHistoryResponse(events=[table_event(table, e, seat) for e in table.hand_events(request.hand)])

    @routed
    async def ReviewHand(self, request: pb.ReviewHandRequest, context: grpc.aio.ServicerContext) -> pb.ReviewHandResponse:
        """What a finished hand allowed the token's seat, from its own cards (any table: the hand is over)."""
        table, seat = await self.tables.seat_of(CALLER.get(), request.table_id)
        table.present()
        return review_response(table, request.hand, seat, await table.review(request.hand, seat))

    @routed
    async def GetTranscript(self, request: pb.GetTranscriptRequest,
                            context: grpc.aio.ServicerContext) -> pb.GetTranscriptResponse:  # fmt: skip
        table = await self.tables.find(request.table_id)
        return pb.GetTranscriptResponse(transcript=(await table.transcript()).text(), seed_sha256=table.row.seed_sha256)
