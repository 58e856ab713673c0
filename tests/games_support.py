"""Helpers for engine tests: a stacked deck behind a real RNG interface."""

from __future__ import annotations

import random
from typing import Sequence

from brelan.server.games.cards import DECK, Card, parse_cards


class StackedRng(random.Random):
    """Each shuffle deals the next given cards first (in draw order), the rest in seeded random order.

    Engines draw from the end of the list, so the given cards go there reversed.
    """

    def __init__(self, deals: Sequence[str], seed: int = 0) -> None:
        super().__init__(seed)
        self.deals = [parse_cards(d) for d in deals]

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.deals:
            first = self.deals.pop(0)
            rest = [c for c in x if c not in first]
            x[:] = rest + first[::-1]


def holdem_order(holes: Sequence[str], board: str) -> str:
    """The draw order of a deal: one card each round, burn, flop, burn, turn, burn, river.

    The burns are the highest cards not otherwise used, so they never matter.
    """
    pairs = [h.split() for h in holes]
    first = [p[0] for p in pairs]
    second = [p[1] for p in pairs]
    b = board.split()
    used = set(parse_cards(" ".join([*holes, board])))
    burn = [str(c) for c in reversed(DECK) if c not in used][:3]
    return " ".join([*first, *second, burn[0], *b[:3], burn[1], b[3], burn[2], b[4]])


def assert_all_distinct(order: str) -> None:
    cards = parse_cards(order)
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)
