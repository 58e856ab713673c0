"""Tables and their events as protobuf messages: pure functions, no I/O."""

from __future__ import annotations

import json
from typing import Any

from brelan.api.v1 import table_pb2 as pb

from .errors import invalid
from .games.base import Variant, option_specs
from .log_store import Listed, TableRow
from .table import Table, TableEvent

STATUS = {"waiting": pb.TABLE_STATUS_WAITING, "playing": pb.TABLE_STATUS_PLAYING, "finished": pb.TABLE_STATUS_FINISHED}


def as_json(value: dict[str, Any]) -> str:
    return json.dumps(value, separators=(",", ":"))


def table_info(table: Table) -> pb.TableInfo:
    """A table being played here (or read back), as it stands."""
    seats = [pb.SeatInfo(seat=s, taken=st.taken, bot=st.bot, player=st.player, connected=st.bot or st.watchers > 0,
                         reserved=st.reserved) for s, st in enumerate(table.seats)]  # fmt: skip
    return _info(table.row, table.status, table.seq, table.hand, seats)


def listed_info(listed: Listed, seat_count: int) -> pb.TableInfo:
    """A table as the store lists it (played here or on another node)."""
    row = listed.row
    status = "finished" if row.finished else "playing" if row.started else "waiting"
    seats = []
    for s in range(seat_count):
        taken, player, reserved = listed.seats.get(s, (False, "", False))
        bot = s in row.bot_seats
        seats.append(pb.SeatInfo(seat=s, taken=taken or bot, bot=bot, player=player, connected=bot, reserved=reserved))
    return _info(row, status, listed.seq, listed.hand, seats)


def _info(row: TableRow, status: str, seq: int, hand: int, seats: list[pb.SeatInfo]) -> pb.TableInfo:
    info = pb.TableInfo(
        table_id=row.table_id, variant=row.variant, name=row.name, options=row.options, status=STATUS[status],
        seq=seq, seed_sha256=row.seed_sha256, seed=row.seed if row.finished else "",
        decision_seconds=row.decision_seconds, hand=hand, seats=seats,
    )  # fmt: skip
    if row.result is not None:
        info.result = as_json(row.result)
    if row.join_by is not None and status == "waiting":
        info.join_by = row.join_by
    return info


OPTION_KINDS = {"boolean": pb.OPTION_KIND_BOOLEAN, "integer": pb.OPTION_KIND_INTEGER, "number": pb.OPTION_KIND_NUMBER,
                "text": pb.OPTION_KIND_TEXT, "choice": pb.OPTION_KIND_CHOICE, "list": pb.OPTION_KIND_LIST}  # fmt: skip


def variant_info(variant: Variant) -> pb.VariantInfo:
    """A game and its options, with the defaults and ranges a table of it starts from."""
    defaults = variant.make_options({})
    options = [pb.OptionInfo(name=o.name, kind=OPTION_KINDS[o.kind], default_value=o.default, choices=o.choices,
                             least=o.least, most=o.most)
               for o in option_specs(variant.options, defaults)]  # fmt: skip
    return pb.VariantInfo(name=variant.name, title=variant.title, options=options, realtime=variant.realtime,
                          judges_words=variant.bind is not None, seats=variant.seats(defaults))  # fmt: skip


def table_event(table: Table, event: TableEvent, seat: int | None) -> pb.TableEvent:
    text, action = table.seen(event, seat)
    message = pb.TableEvent(seq=event.seq, hand=event.hand, text=text, action=action,
                            final=event.final, pending=event.pending)  # fmt: skip
    if event.actor is not None:
        message.actor = event.actor
    return message


POKER_CHAMP_ACTIONS = {pb.PokerChampAction.KIND_PAY: "pay", pb.PokerChampAction.KIND_FOLD: "fold"}


def action_text(request: pb.ActRequest, variant: str) -> str:
    """The action's text, from the text field or from the game's typed message."""
    move = request.WhichOneof("move")
    if move == "poker_champ":
        if variant != "poker-champ":
            raise invalid("poker_champ", f"this table plays {variant}, not poker-champ")
        if request.poker_champ.kind not in POKER_CHAMP_ACTIONS:
            raise invalid("poker_champ.kind", "KIND_PAY or KIND_FOLD")
        return POKER_CHAMP_ACTIONS[request.poker_champ.kind]
    if not request.action.strip():
        raise invalid("action", "required: the action's text or a typed message")
    return request.action
