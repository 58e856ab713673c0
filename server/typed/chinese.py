"""Chinese poker's typed contract (every style): a placement is a ``ChineseRows`` message, field by field."""

from __future__ import annotations

from typing import Any

from brelan.api.v1 import chinese_table_pb2 as cpb
from brelan.api.v1 import game_pb2 as gpb

from ..games import chinese as game
from ..games.chinese_rows import ROWS, SIZES, Placement
from .family import Family, enum_of, legal_space, seats

View = cpb.ChinesePokerView


def view(v: game.ChineseView) -> cpb.ChinesePokerView:
    message = View(
        phase=enum_of(View.Phase, v.phase), style=enum_of(View.Style, v.style),
        hand=v.hand, hands=v.hands, button=v.button, street=v.street, to_play=v.to_play, stock=v.stock,
        cards_in_play=v.cards_in_play, champions=v.champions,
    )  # fmt: skip
    # The engine's boards are dicts of rows: as placements, they fill ChineseRows like any record.
    columns = {"board": [Placement(**b) for b in v.boards], "held": v.held, "discards": v.discards,
               "reserve": v.reserve, "set": v.set, "surrendered": v.surrendered, "fantasy": v.fantasy,
               "total": v.totals, "last": v.last, "last_board": [Placement(**b) for b in v.last_boards]}  # fmt: skip
    seats(message.seats, len(v.totals), columns, pending=v.pending)
    return message


def space(v: game.ChineseView, legal: list[Any]) -> gpb.LegalSpace:
    """``place`` as rows to fill, never as a list: an open-face street has hundreds of placements, and a hand
    set whole lists only the solver's set (a hint: any arrangement is legal). The rest as ``legal_space``."""
    result = legal_space(legal)
    places = [a for a in legal if isinstance(a, game.Place)]
    if places and v.seat is not None:
        move = next(m for m in result.moves if m.kind == "place")
        del move.actions[:]
        move.rows.CopyFrom(rows_choice(v, v.seat, places[0].placement))
    return result


def rows_choice(v: game.ChineseView, seat: int, legal: Placement) -> gpb.RowsChoice:
    """The seat's cards to place, its rows' free places, and the discard every legal placement makes (the
    engine's rule: one of a pineapple street's 3, a fantasyland hand's cards beyond 13)."""
    board = v.boards[seat]
    free = [gpb.RowPlaces(row=row, free=SIZES[row] - len(board[row])) for row in ROWS]
    return gpb.RowsChoice(cards=[str(c) for c in v.held[seat]], rows=[r for r in free if r.free],
                          discard=len(legal.discard))  # fmt: skip


FAMILY = Family(
    field="chinese", view=view, event=cpb.ChinesePokerEvent, events=game.EVENTS, action=cpb.ChinesePokerAction,
    actions=game.ACTIONS, result=cpb.ChinesePokerResult, space=space,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase (PHASE_OVER)"},
)
FAMILIES = {"chinese": FAMILY}  # variant name -> its family
