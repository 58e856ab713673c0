"""Tables and their events as protobuf messages: pure functions, no I/O."""

from __future__ import annotations

import json
from typing import Any

from brelan.api.v1 import table_pb2 as pb

from .errors import invalid
from .games.base import Review, Variant, jsonable, option_specs
from .games.levels import DEFAULT_LEVEL, LEVELS
from .log_store import ChatLine, Listed, TableRow
from .table import Table, TableEvent
from .typed.family import HandSoFar
from .typed.registry import family_of

ENCODED_KEPT = 64  # events kept encoded per table: a watcher further behind has its own encoded again
STATUS = {"waiting": pb.TABLE_STATUS_WAITING, "playing": pb.TABLE_STATUS_PLAYING, "finished": pb.TABLE_STATUS_FINISHED}


def as_json(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"))


def table_info(table: Table) -> pb.TableInfo:
    """A table being played here (or read back), as it stands."""
    places = table.state.places() if table.state is not None else {}
    seats = [pb.SeatInfo(seat=s, taken=st.taken, bot=st.bot, player=st.player, connected=st.bot or st.watchers > 0,
                         reserved=st.reserved, place=places.get(s, 0), sitting_out=st.sitting_out,
                         bot_level=table.row.level(s) if st.bot else "")
             for s, st in enumerate(table.seats)]  # fmt: skip
    info = _info(table.row, table.status, table.seq, table.hand, seats)
    info.node_address = table.node_address
    return info


def chat_line(line: ChatLine) -> pb.ChatLine:
    return pb.ChatLine(n=line.n, seq=line.seq, seat=line.seat, name=line.name, text=line.text, at=line.at)


def listed_info(listed: Listed, seat_count: int) -> pb.TableInfo:
    """A table as the store lists it (played here or on another node)."""
    row = listed.row
    status = "finished" if row.finished else "playing" if row.started else "waiting"
    seats = []
    for s in range(seat_count):
        taken, player, reserved = listed.seats.get(s, (False, row.named(s), False))
        bot = s in row.bot_seats
        seats.append(pb.SeatInfo(seat=s, taken=taken or bot, bot=bot, player=player, connected=bot, reserved=reserved,
                                 bot_level=row.level(s) if bot else ""))
    return _info(row, status, listed.seq, listed.hand, seats)


def _info(row: TableRow, status: str, seq: int, hand: int, seats: list[pb.SeatInfo]) -> pb.TableInfo:
    info = pb.TableInfo(
        table_id=row.table_id, variant=row.variant, name=row.name, options=row.options, status=STATUS[status],
        seq=seq, seed_sha256=row.seed_sha256, seed=row.seed if row.finished else "",
        decision_seconds=row.decision_seconds, hand=hand, seats=seats, hints=row.hints, pause_seconds=row.pause_seconds,
        chat_apart=row.chat_apart, rematch=row.rematch or "",
    )  # fmt: skip
    if row.result is not None:
        info.result = as_json(row.result)
        family = family_of(row.variant)
        if family is not None:
            getattr(info, family.field).CopyFrom(family.result_message(row.result))
        info.forfeited.extend(row.result.get("forfeited") or ())
        info.abandoned = bool(row.result.get("abandoned"))
        info.absent.extend(row.result.get("absent") or ())
    if row.join_by is not None and status == "waiting":
        info.join_by = row.join_by
    if row.place is not None:
        info.tournament.CopyFrom(pb.TournamentPlace(**row.place))
    return info


OPTION_KINDS = {"boolean": pb.OPTION_KIND_BOOLEAN, "integer": pb.OPTION_KIND_INTEGER, "number": pb.OPTION_KIND_NUMBER,
                "text": pb.OPTION_KIND_TEXT, "choice": pb.OPTION_KIND_CHOICE, "list": pb.OPTION_KIND_LIST}  # fmt: skip


def variant_info(variant: Variant) -> pb.VariantInfo:
    """A game and its options, with the defaults and ranges a table of it starts from."""
    defaults = variant.make_options({})
    options = [pb.OptionInfo(name=o.name, kind=OPTION_KINDS[o.kind], default_value=o.default, choices=o.choices,
                             least=o.least, most=o.most,
                             ranges_when=[pb.OptionRange(option=n, value=v, least=lo, most=hi) for n, v, lo, hi in o.ranges])
               for o in option_specs(variant.options, defaults)]  # fmt: skip
    facts = variant.facts
    return pb.VariantInfo(name=variant.name, title=variant.title, options=options, realtime=facts.realtime,
                          judges_words=facts.judges_words, seats=variant.seats(defaults), team_size=facts.team_size,
                          reviews_hands=facts.reviews_hands, round_name=facts.round_name,
                          bot_levels=[pb.BotLevelInfo(name=level.name, french=level.french, summary=level.summary)
                                      for level in LEVELS if level.name in variant.bots],
                          default_bot_level=DEFAULT_LEVEL)  # fmt: skip


def table_event(table: Table, event: TableEvent, seat: int | None) -> pb.TableEvent:
    """An event as ``seat`` may see it, as text and as its family's typed message (one redaction for both).

    Encoded once for each audience (each seat, the spectators; one for all when the action revealed nothing)
    while it is among the table's last events: the answer to its action, the watchers' streams and the
    hand histories share it. The message is shared: a caller copies it (into its response), never changes it.
    """
    audience = "all" if event.action_public else seat
    message = table.encoded.get((event.seq, audience))
    if message is None:
        message = _event_message(table, event, None if audience == "all" else seat)  # "all": as anyone sees it
        if len(table.encoded) >= ENCODED_KEPT:
            table.encoded.clear()  # the live events are a few: those still asked are encoded again
        table.encoded[(event.seq, audience)] = message
    return message


def _event_message(table: Table, event: TableEvent, seat: int | None) -> pb.TableEvent:
    record, action = table.seen(event, seat)
    text = event.text if event.action_public else str(record)  # (public: the record's text is the event's own)
    message = pb.TableEvent(seq=event.seq, hand=event.hand, text=text, action=action,
                            final=event.final, pending=event.pending)  # fmt: skip
    if event.actor is not None:
        message.actor = event.actor
    family = family_of(table.row.variant)
    if family is not None:
        hand = HandSoFar(lambda: _earlier(table, event), table.state.options if table.state is not None else None)
        getattr(message, family.field).CopyFrom(family.event_message(record, hand))
    return message


def _earlier(table: Table, event: TableEvent) -> list[Any]:
    """The events of ``event``'s hand before it, as a spectator sees them (what its typed notes may read)."""
    events, end = table.events, event.seq - 1  # seq n is at index n - 1
    if end > len(events) or (end and events[end - 1].seq != end):
        return []  # not the table's yet
    start = end
    while start > 0 and events[start - 1].hand == event.hand:
        start -= 1
    return [table.seen(e, None)[0] for e in events[start:end]]


def view_response(table: Table, seat: int | None, with_json: bool = False) -> pb.GetViewResponse:
    """A seat's view (None: a spectator's): the typed view and the legal moves as a space (``with_json``: and the
    JSON of old).

    Built once for every reader of the same audience while the state stands (:attr:`Table.viewed`: a table's
    spectators each read it at every event); each reader's own copy carries the time left to decide.
    """
    built = table.viewed.get((seat, with_json))
    if built is None:
        view, (every, legal) = table.engine_view(seat), table.choices(seat)
        built = _view_message(table, table.seq, view, seat, [str(a) for a in legal], with_json)
        table.viewed[(seat, with_json)] = built
        family = family_of(table.row.variant)
        if family is not None and view is not None:
            built.space.CopyFrom(family.space_of(view, every))
    deadline = table.deadline_left(seat)
    if not deadline:
        return built  # shared: nobody changes a response once built
    response = pb.GetViewResponse()
    response.CopyFrom(built)
    response.deadline_seconds = deadline
    return response


async def with_view(table: Table, response: pb.WatchTableResponse, seat: int | None,
                    with_json: bool = False) -> pb.WatchTableResponse:  # fmt: skip
    """A stream's message asked with_view: ``response`` with ``seat``'s view and the table as they stand once no
    commit is in flight (a reader never sees the table ahead of its log; a later seq than the events' if the table
    moved on meanwhile)."""
    await table.settled()
    response.view.CopyFrom(view_response(table, seat, with_json))
    response.table.CopyFrom(table_info(table))
    return response


def _view_message(table: Table, seq: int, view: Any, seat: int | None, legal: list[str],
                  with_json: bool) -> pb.GetViewResponse:  # fmt: skip
    """The view at ``seq`` for ``seat`` typed (and as JSON, ``with_json``), with ``legal`` the moves its player is
    told: the engine's own list names its hints, so the JSON's is replaced."""
    response = pb.GetViewResponse(seq=seq, legal=legal)
    if with_json:
        data = jsonable(view) if view is not None else {}
        if "legal" in data:
            data["legal"] = legal
        response.view = as_json(data)
    if seat is not None:
        response.seat = seat
    family = family_of(table.row.variant)
    if family is not None and view is not None:
        getattr(response, family.field).CopyFrom(family.view(view))
    return response


def legal_response(table: Table, seat: int | None) -> pb.LegalActionsResponse:
    """The seat's legal moves, as its view gives them (built once for both while the state stands)."""
    view = view_response(table, seat)
    response = pb.LegalActionsResponse(seq=view.seq, actions=view.legal)
    if view.space.moves:  # no move, no space (as when no move is legal)
        response.space.CopyFrom(view.space)
    return response


def hints_response(table: Table, seq: int, hints: list[Any]) -> pb.GetHintsResponse:
    family = family_of(table.row.variant)
    response = pb.GetHintsResponse(seq=seq)
    for action in hints:
        hint = response.hints.add(action=str(action))
        if family is not None:
            getattr(hint, family.field).CopyFrom(family.action_message(action))
    return response


def replay_view_response(table: Table, seq: int, view: Any, seat: int | None,
                         with_json: bool = False) -> pb.GetViewResponse:  # fmt: skip
    """A finished game's view as it stood at ``seq`` (GetView's at_seq), for ``seat`` (None: a spectator): the
    typed view (and the JSON of old, ``with_json``), with no legal move and no deadline (a replay plays nothing)."""
    return _view_message(table, seq, view, seat, [], with_json)


def review_response(table: Table, hand: int, seat: int, review: Review) -> pb.ReviewHandResponse:
    """A hand's review for its seat: the best moves as hints (text and typed, as GetHints gives them) and the
    text of the move it made."""
    best = hints_response(table, table.seq, list(review.best)).hints
    played = "" if review.played is None else str(review.played)
    return pb.ReviewHandResponse(hand=hand, seat=seat, best=best, played=played)


def action_text(request: pb.ActRequest, variant: str) -> str:
    """The action's text, from the text field or from the game's typed message."""
    move = request.WhichOneof("move")
    if move is not None and move != "action":
        family = family_of(variant)
        if family is None or family.field != move:
            raise invalid(move, f"this table plays {variant}: its typed action is {family.field if family else 'none'}")
        return family.text_of(getattr(request, move), move)
    if not request.action.strip():
        raise invalid("action", "required: the action's text or a typed message")
    return request.action
