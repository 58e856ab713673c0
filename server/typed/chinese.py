"""Chinese poker's typed contract (every style): a placement is a ``ChineseRows`` message, field by field."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from google.protobuf.message import Message

from brelan.api.v1 import chinese_table_pb2 as cpb
from brelan.api.v1 import game_pb2 as gpb

from ..games import chinese as game
from ..games.cards import Card
from ..games.chinese_rows import ROWS, SIZES, Placement
from ..games.chinese_scoring import (
    Arrangement, ScoringRules, Seated, fantasyland_step, out_of_order, row_royalty, row_signs, row_units, row_value,
)  # fmt: skip
from .family import Family, HandSoFar, enum_of, legal_space, seats
from .hands import standard

View = cpb.ChinesePokerView
Rows = Mapping[str, Sequence[Any]]  # a board: each row's pieces (a card, or a back this caller may not see)


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
    open_face = v.style != game.Style.CLASSIC.value
    for s, seat in enumerate(message.seats):
        now = judged(v.boards[s], fantasyland=open_face and not v.fantasy[s])
        if now is not None:
            seat.judged.CopyFrom(now)
        last = judged(v.last_boards[s])
        if last is not None:
            seat.last_judged.CopyFrom(last)
    _beats(message.seats, v.last_boards)
    return message


def judged(board: Rows, fantasyland: bool = False) -> cpb.ChineseBoardJudged | None:
    """A board as the rules judge it from its cards this caller sees (None: it sees none): each row's hand, a foul
    as soon as two complete rows are out of order, the royalties of complete rows in order; ``fantasyland``: say
    whether its top row, the board complete and in order, earns one."""
    known = {row: [c for c in board.get(row, ()) if isinstance(c, Card)] for row in ROWS}
    if not any(known.values()):
        return None
    values = {row: row_value(row, cards) if cards else None for row, cards in known.items()}
    full = {row: values[row] if len(known[row]) == SIZES[row] else None for row in ROWS}
    foul = out_of_order(full["bottom"], full["middle"], full["top"])
    message = cpb.ChineseBoardJudged(foul=foul or "")
    for row in ROWS:
        value, whole = values[row], full[row]
        item = message.rows.add(row=row, complete=whole is not None)
        if value is not None:
            item.hand.CopyFrom(standard(value, row))
        if whole is not None and foul is None:
            item.royalty = row_royalty(row, whole)
    if foul is None and all(full[row] is not None for row in ROWS):
        message.royalties = sum(r.royalty for r in message.rows)
        message.fantasyland = fantasyland and fantasyland_step(full["top"]) > 0  # type: ignore[arg-type]
    return message


def _seated(board: Rows) -> Seated | None:
    """A board at a hand's end as the scoring takes it; None when it is not whole (a surrender's, none)."""
    placement = Placement(**{row: tuple(board.get(row, ())) for row in ROWS})
    if any(len(getattr(placement, row)) != SIZES[row] for row in ROWS):
        return None
    if not all(isinstance(c, Card) for c in placement.cards):
        return None
    return Seated(Arrangement.of(placement))


def _beats(targets: Any, boards: Sequence[Rows]) -> None:
    """Each last board's rows with the seats whose same row they beat."""
    seated = [_seated(b) for b in boards]
    for s, mine in enumerate(seated):
        if mine is None:
            continue
        for other, theirs in enumerate(seated):
            signs = row_signs(mine, theirs) if theirs is not None and other != s else None
            for i, sign in enumerate(signs or ()):
                if sign > 0:
                    targets[s].last_judged.rows[i].beats.append(other)


def notes(message: Message, record: Any, hand: HandSoFar) -> None:
    """Rows placed, set or shown: the seat's board then, judged; units between two seats: what their rows settled."""
    if isinstance(record, (game.Placed, game.SetHand, game.Shown)) and record.placement.rows() != ((), (), ()):
        board = _boards(hand.earlier()).get(int(record.seat), {}) if isinstance(record, game.Placed) else {}
        now = judged(_put(board, record))
        if now is not None:
            message.judged.CopyFrom(now)  # type: ignore[attr-defined]
    elif isinstance(record, game.Versus):
        settled = _settled(record, hand)
        if settled is not None:
            message.settled.CopyFrom(settled)  # type: ignore[attr-defined]


def _put(board: Rows, record: Any) -> dict[str, list[Any]]:
    """``board`` with a record's rows on it: a placement adds its cards, a hand set or shown is the whole board."""
    whole = not isinstance(record, game.Placed)
    return {row: [*(() if whole else board.get(row, ())), *getattr(record.placement, row)] for row in ROWS}


def _boards(events: Sequence[Any]) -> dict[int, dict[str, list[Any]]]:
    """Each seat's board as the hand's events (as anyone sees them) have laid it; a surrendered seat's: none."""
    boards: dict[int, dict[str, list[Any]]] = {}
    for event in events:
        if isinstance(event, (game.Placed, game.Shown)):
            boards[int(event.seat)] = _put(boards.get(int(event.seat), {}), event)
        elif isinstance(event, game.Surrendered):
            boards[int(event.seat)] = {}
    return boards


def _settled(record: game.Versus, hand: HandSoFar) -> cpb.ChineseRowsSettled | None:
    """Each row's result between the two seats of a ``vs`` event, from the first one's side; None when the rows
    settle nothing between them (a surrender, a natural, both fouled) or the boards are not known."""
    boards = _boards(hand.earlier())
    a, b = (_seated(boards.get(int(s), {})) for s in (record.seat, record.other))
    if a is None or b is None:
        return None
    rules = getattr(hand.options, "scoring", None) or ScoringRules()
    signs, units = row_signs(a, b), row_units(a, b, rules)
    foul = a.fouled != b.fouled
    if signs is None or (units is None and not foul):
        return None
    settled = cpb.ChineseRowsSettled(foul=foul, scoop=all(x > 0 for x in signs) or all(x < 0 for x in signs))
    for i, row in enumerate(ROWS):
        result = settled.rows.add(row=row, outcome=signs[i])
        if units is not None:
            result.units = units[i]
    return settled


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
    actions=game.ACTIONS, result=cpb.ChinesePokerResult, space=space, notes=notes,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase (PHASE_OVER)"},
)
FAMILIES = {"chinese": FAMILY}  # variant name -> its family
