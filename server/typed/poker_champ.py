"""POKER CHAMP's typed contract."""

from __future__ import annotations

from brelan.api.v1 import poker_champ_pb2 as ppb
from brelan.api.v1 import table_pb2 as tpb

from ..errors import invalid
from ..games import poker_champ as game
from .family import Family, seats

KINDS = {tpb.PokerChampAction.KIND_PAY: "pay", tpb.PokerChampAction.KIND_FOLD: "fold"}


def view(v: game.PokerChampView) -> ppb.PokerChampView:
    message = ppb.PokerChampView(
        phase=ppb.PokerChampView.PHASE_OVER if v.over else ppb.PokerChampView.PHASE_PLAYING, deal=v.deal,
        stage=v.stage, stake=v.stake, board=[str(c) for c in v.board], total_chips=v.total_chips, pot=v.pot,
        awards_left=v.awards_left, time_up=v.time_up, champions=v.champions,
    )  # fmt: skip
    seats(message.seats, len(v.chips), {"hole": v.holes, "chips": v.chips, "paid": v.paid, "awards": v.awards},
          in_hand=[s for s, inside in enumerate(v.in_hand) if inside], pending=v.pending)  # fmt: skip
    return message


def action_text(message: tpb.PokerChampAction) -> str:
    if message.kind not in KINDS:
        raise invalid("poker_champ.kind", "KIND_PAY or KIND_FOLD")
    return KINDS[message.kind]


def action_of(record: game.Action) -> tpb.PokerChampAction:
    return tpb.PokerChampAction(kind=next(k for k, text in KINDS.items() if text == str(record)))


FAMILY = Family(
    field="poker_champ", view=view, event=ppb.PokerChampEvent, events=game.EVENTS, action=tpb.PokerChampAction,
    actions=(game.Pay, game.Fold), result=ppb.PokerChampResult, action_text=action_text,  # type: ignore[arg-type]
    action_of=action_of,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase"},
)
FAMILIES = {"poker-champ": FAMILY}  # variant name -> its family
