"""POKER CHAMP's typed contract."""

from __future__ import annotations

from typing import Any, Sequence

from google.protobuf.message import Message

from brelan.api.v1 import poker_champ_pb2 as ppb
from brelan.api.v1 import table_pb2 as tpb

from ..errors import invalid
from ..games import poker_champ as game
from ..games.cards import Card
from ..games.evaluator import evaluate
from .family import Family, HandSoFar, seats
from .hands import standard

KINDS = {tpb.PokerChampAction.KIND_PAY: "pay", tpb.PokerChampAction.KIND_FOLD: "fold"}


def view(v: game.PokerChampView) -> ppb.PokerChampView:
    message = ppb.PokerChampView(
        phase=ppb.PokerChampView.PHASE_OVER if v.over else ppb.PokerChampView.PHASE_PLAYING, deal=v.deal,
        stage=v.stage, stake=v.stake, board=[str(c) for c in v.board], total_chips=v.total_chips, pot=v.pot,
        awards_left=v.awards_left, time_up=v.time_up, champions=v.champions,
    )  # fmt: skip
    seats(message.seats, len(v.chips), {"hole": v.holes, "chips": v.chips, "paid": v.paid, "awards": v.awards},
          in_hand=[s for s, inside in enumerate(v.in_hand) if inside], pending=v.pending)  # fmt: skip
    for seat, hole in zip(message.seats, v.holes):
        if len(v.board) >= 3 and hole and all(isinstance(c, Card) for c in hole):  # cards this caller sees
            seat.best.CopyFrom(standard(evaluate([*hole, *v.board])))  # type: ignore[list-item]
    return message


def engine_view(message: ppb.PokerChampView, seat: int | None, legal: Sequence[str]) -> game.PokerChampView:
    """The engine's view :func:`view` made ``message`` of (its seat and legal moves are the response's)."""
    seats = message.seats
    return game.PokerChampView(
        seat=seat, deal=message.deal, stage=message.stage, stake=message.stake,
        board=tuple(Card.parse(c) for c in message.board),
        holes=tuple(tuple(game.Back.parse(c) if c[:1] == "[" else Card.parse(c) for c in s.hole) for s in seats),
        chips=tuple(s.chips for s in seats), total_chips=message.total_chips, paid=tuple(s.paid for s in seats),
        pot=message.pot, in_hand=tuple(s.in_hand for s in seats), pending=tuple(s.seat for s in seats if s.pending),
        awards=tuple(s.awards for s in seats), awards_left=message.awards_left, legal=tuple(legal),
        time_up=message.time_up, over=message.phase == ppb.PokerChampView.PHASE_OVER,
        champions=tuple(message.champions),
    )  # fmt: skip


def notes(message: Message, record: Any, hand: HandSoFar) -> None:
    """A shown hand's full name, of the cards shown and the board they were shown with: the board cards dealt
    since the deal began, or since the duel (which deals a board of its own)."""
    if not isinstance(record, game.Shown) or record.hand == "-":
        return
    board: list[Card] = []
    for earlier in reversed(hand.earlier()):
        if isinstance(earlier, (game.Deal, game.Duel)):
            break
        if isinstance(earlier, game.Board):
            board[:0] = earlier.cards
    if len(board) != 5:
        return
    value = evaluate([*record.cards, *board])
    named = standard(value)
    if named.category == record.hand or (named.category == "royal-flush" and record.hand == "straight-flush"):
        message.named.CopyFrom(named)  # type: ignore[attr-defined]


def action_text(message: tpb.PokerChampAction) -> str:
    if message.kind not in KINDS:
        raise invalid("poker_champ.kind", "KIND_PAY or KIND_FOLD")
    return KINDS[message.kind]


def action_of(record: game.Action) -> tpb.PokerChampAction:
    return tpb.PokerChampAction(kind=next(k for k, text in KINDS.items() if text == str(record)))


FAMILY = Family(
    field="poker_champ", view=view, event=ppb.PokerChampEvent, events=game.EVENTS, action=tpb.PokerChampAction,
    actions=(game.Pay, game.Fold), result=ppb.PokerChampResult, action_text=action_text,  # type: ignore[arg-type]
    action_of=action_of, notes=notes, engine_view=engine_view,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase"},
)
FAMILIES = {"poker-champ": FAMILY}  # variant name -> its family
