"""Hands as the engines rank them, written as codes for a client to name (``HandName``): a category and the ranks
that name it. The engines rank (server/games' evaluators); here a ranking is only written out.

>>> from brelan.server.games.cards import parse_cards
>>> from brelan.server.games.evaluator import evaluate
>>> standard(evaluate(parse_cards("Kh Kd 8s 8c 8h 2c 3d")))
category: "full-house"
ranks: "8"
ranks: "K"
<BLANKLINE>
>>> standard(evaluate(parse_cards("Ah Kh Qh Jh Th")))
category: "royal-flush"
<BLANKLINE>
"""

from __future__ import annotations

from brelan.api.v1 import game_pb2 as gpb

from ..games import daker_cards, dice
from ..games.cards import RANKS
from ..games.chinese_scoring import describe_row
from ..games.evaluator import FULL_HOUSE, STRAIGHT_FLUSH, TWO_PAIR

ROYAL = RANKS.index("A")


def standard(value: int, row: str = "bottom") -> gpb.HandName:
    """A standard-card hand (POKER CHAMP's, a Chinese row's) from its value: two ranks name two pair and a full
    house, one every other hand (its group's, or its highest card's), none a royal flush."""
    rank = describe_row(row, value)
    if rank.category == STRAIGHT_FLUSH and rank.tiebreak[0] == ROYAL:
        return gpb.HandName(category="royal-flush")
    named = 2 if rank.category in (TWO_PAIR, FULL_HOUSE) else 1
    return gpb.HandName(category=rank.slug, ranks=[RANKS[r] for r in rank.tiebreak[:named]])


def daker(value: daker_cards.Value) -> gpb.HandName:
    """A DAKER hand: its category and deciding values (``full-house Q K``)."""
    category, *values = daker_cards.describe(value).split()
    return gpb.HandName(category=category, ranks=values)


def dice_hand(value: dice.Value) -> gpb.HandName:
    """A Yahtzee Texas Hold'em hand: its category and faces in tie-break order."""
    hand = dice.describe(value)
    return gpb.HandName(category=hand.slug, ranks=[str(face) for face in hand.faces])
