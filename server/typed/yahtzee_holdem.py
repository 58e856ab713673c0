"""Yahtzee Texas Hold'em's typed contract, and the betting's per-seat columns DAKER shares with it."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Protocol

from brelan.api.v1 import yahtzee_holdem_pb2 as ypb

from ..games import yahtzee_holdem as game
from ..games.betting import BET_ACTIONS
from .family import Family, enum_of, seats

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
        round_limit=v.round_limit, over=v.over, champions=v.champions,
    )  # fmt: skip
    betting_seats(message.seats, v, {"dice": v.dice, "committed": v.committed})
    return message


# The amounts' space is legal_space's: the default spread limit (and fixed) lists every legal amount, a
# multiple of the unit, so LegalMove.actions is the whole of it where there are at most a dozen.
FAMILY = Family(
    field="yahtzee_holdem", view=view, event=ypb.YahtzeeHoldemEvent, events=game.EVENTS,
    action=ypb.YahtzeeHoldemAction, actions=BET_ACTIONS, result=ypb.YahtzeeHoldemResult,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space"},
)
FAMILIES = {"yahtzee-holdem": FAMILY}  # variant name -> its family
