"""DAKER's typed contract (every mode); its betting is Yahtzee Texas Hold'em's (Betting in the protos)."""

from __future__ import annotations

from brelan.api.v1 import daker_pb2 as dpb
from brelan.api.v1 import game_pb2 as gpb

from ..games import daker as game
from ..games.daker_cards import DakerCard, best_hand
from .family import Family, enum_of, legal_space, stepped
from .hands import daker
from .yahtzee_holdem import betting_seats

View = dpb.DakerView


def view(v: game.DakerView) -> dpb.DakerView:
    message = View(
        mode=enum_of(View.Mode, v.mode), wins=v.wins, hand=v.hand, button=v.button,
        phase=enum_of(View.Phase, v.phase), community=[str(c) for c in v.community], pot=v.pot,
        total_chips=v.total_chips, stock=v.stock, cards_in_play=v.cards_in_play, deck_size=v.deck_size,
        champions=v.champions,
    )  # fmt: skip
    betting_seats(message.seats, v, {"cards": v.cards})
    turned = [c for c in v.community if isinstance(c, DakerCard)]
    take = 2 if v.mode == "holdem" and len(turned) >= 2 else 0  # the engine's: two of the community, once turned
    for seat, cards in zip(message.seats, v.cards):
        if cards and all(isinstance(c, DakerCard) for c in cards):  # cards this caller sees
            seat.best.CopyFrom(daker(best_hand(cards, turned, community_take=take)))  # type: ignore[arg-type]
    return message


def space(v: game.DakerView, legal: list[game.Action]) -> gpb.LegalSpace:
    """``legal_space``, made whole where DAKER's legal records are samples or lose a card: a bet or raise goes
    by the chip (DAKER's unit is 1), every amount of its range listed where a dozen or fewer; a discard takes
    from the seat's cards as held (two alike are two cards to choose)."""
    result = stepped(legal_space(legal), legal, 1)
    for move in result.moves:
        if move.HasField("cards") and v.seat is not None:
            del move.cards.cards[:]
            move.cards.cards.extend(sorted(str(c) for c in v.cards[v.seat]))
    return result


FAMILY = Family(
    field="daker", view=view, event=dpb.DakerEvent, events=game.EVENTS, action=dpb.DakerAction,
    actions=game.ACTIONS, result=dpb.DakerResult, space=space,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase (PHASE_OVER)"},
)
FAMILIES = {"daker": FAMILY}  # variant name -> its family
