"""AlphaPoker bataille's typed contract, and what it shares with belote's (the word games on a table).

A word to claim (or, in belote, to propose) is the puzzle itself: its space is a
:class:`~brelan.api.v1.game_pb2.WordChoice` of the table's cards as the seat sees them, and no word is
ever listed (the legal list's suggestions are the server's bots' hints, not the space).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from google.protobuf.message import Message

from brelan.api.v1 import bataille_pb2 as bpb
from brelan.api.v1 import game_pb2 as gpb

from ..games import bataille as game
from .family import Family, enum_of, house_rules, legal_space, seats

# The view fields carried elsewhere than under their name, shared with belote.
MOVED = {"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space"}


def view(v: game.BatailleView) -> bpb.BatailleView:
    message = bpb.BatailleView(
        phase=enum_of(bpb.BatailleView.Phase, v.phase), turn=v.turn, last_layer=v.last_layer,
        table=[str(c) for c in v.table], claims=v.claims, previous=typed_events(FAMILY, game.parse_event, v.previous),
        courtesy=v.courtesy, min_length=v.min_length, lexicon=v.lexicon, policy=v.policy,
        house_rules=house_rules(v.policy), total=v.total,
        champions=v.champions,
    )  # fmt: skip
    seats(message.seats, len(v.piles), {"pile": v.piles, "won": v.won, "points": v.points},
          claimant=v.claimants, passed=v.passed, pending=v.pending)  # fmt: skip
    return message


def typed_events(family: Family, parse: Callable[[str], Any], texts: Sequence[str]) -> list[Message]:
    """Events the engine's view keeps as text (how the last word went) as the family's typed events."""
    return [family.event_message(parse(text)) for text in texts]


def word_move(kind: str, table: Sequence[Any], min_length: int) -> gpb.LegalMove:
    """A word to spell from the table as the seat sees it (``??`` for a card it may not see): never a list of
    words, which would hand out the answer; the longest a word can be is every card on the table."""
    cards = [str(c) for c in table]
    return gpb.LegalMove(kind=kind, word=gpb.WordChoice(cards=cards, min_length=min_length, max_length=len(cards)))


def space(v: game.BatailleView, legal: list[game.Action]) -> gpb.LegalSpace:
    """Lay and pass listed; a claim as a word of the table's cards, in the legal list's place (after them).
    ``claim N -``, a claim with no word, is the same move with an empty word."""
    result = legal_space([a for a in legal if not isinstance(a, game.Claim)])
    if any(isinstance(a, game.Claim) for a in legal):
        result.moves.append(word_move("claim", v.table, v.min_length))
    return result


FAMILY = Family(
    field="bataille", view=view, event=bpb.BatailleEvent, events=game.EVENTS, action=bpb.BatailleAction,
    actions=(game.Lay, game.Claim, game.Pass), result=bpb.BatailleResult, space=space,
    moved={**MOVED, "over": "phase (PHASE_OVER)"},
)  # fmt: skip
FAMILIES = {game.VARIANT.name: FAMILY}  # variant name -> its family
