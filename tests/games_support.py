"""Helpers for engine tests: stacked decks and the draw order of a hold'em deal."""

from __future__ import annotations

from typing import Sequence

from brelan.server.games.cards import DECK, StackedDeck, parse_cards


StackedRng = StackedDeck  # each shuffle deals the given cards first


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
