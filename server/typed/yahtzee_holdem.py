"""Yahtzee Texas Hold'em's typed contract, and the betting's per-seat columns DAKER shares with it."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol

from brelan.api.v1 import game_pb2 as gpb
from brelan.api.v1 import yahtzee_holdem_pb2 as ypb

from ..games import yahtzee_holdem as game
from ..games.dice import Die, evaluate
from ..games.betting import BET_ACTIONS
from .family import Family, enum_of, legal_space, seats, stepped
from .hands import dice_hand

View = ypb.YahtzeeHoldemView


class BettingView(Protocol):
    """The per-seat columns of a view on the shared betting engine (Yahtzee's, DAKER's)."""

    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def bets(self) -> tuple[int, ...]: ...
    @property
    def in_hand(self) -> tuple[bool, ...]: ...
    @property
    def out(self) -> tuple[bool, ...]: ...
    @property
    def pending(self) -> tuple[int, ...]: ...


def betting_seats(target: Any, v: BettingView, columns: Mapping[str, Iterable[Any]]) -> None:
    """The per-seat messages of a betting view: each seat's chips, bet, whether in the hand, out or to act,
    and the family's own ``columns`` (its cards or dice)."""
    chips = {"stack": v.stacks, "bet": v.bets, "in_hand": v.in_hand, "out": v.out}
    seats(target, len(v.stacks), {**chips, **columns}, pending=v.pending)


def view(v: game.YahtzeeView) -> ypb.YahtzeeHoldemView:
    message = View(
        hand=v.hand, button=v.button, street=enum_of(View.Street, v.street),
        board=[str(d) for d in v.board], pot=v.pot, total_chips=v.total_chips, to_act=v.to_act,
        round_limit=v.round_limit, over=v.over, champions=v.champions, unit=v.unit,
    )  # fmt: skip
    betting_seats(message.seats, v, {"dice": v.dice, "committed": v.committed})
    for seat, dice in zip(message.seats, v.dice):
        if len(v.board) >= 3 and dice and all(isinstance(d, Die) for d in dice):  # dice this caller sees
            seat.best.CopyFrom(dice_hand(evaluate([*dice, *v.board])))  # type: ignore[list-item]
    return message


def space(v: game.YahtzeeView, legal: list[Any]) -> gpb.LegalSpace:
    """Bets and raises by the table's unit, the whole range (no-limit's records are samples)."""
    return stepped(legal_space(legal), legal, v.unit)


FAMILY = Family(
    field="yahtzee_holdem", view=view, event=ypb.YahtzeeHoldemEvent, events=game.EVENTS,
    action=ypb.YahtzeeHoldemAction, actions=BET_ACTIONS, result=ypb.YahtzeeHoldemResult, space=space,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space"},
)
FAMILIES = {"yahtzee-holdem": FAMILY}  # variant name -> its family
