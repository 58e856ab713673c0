"""POKER CHAMP's bots, by level.

- beginner: the intermediate's play, but one decision in four at random (pay or fold);
- intermediate: pays with a pair or better, or with a high card early; bluffs now and then;
- strong: reads the marked backs as the rules show them (each opponent's hole card: its class L, M or S and its
  suit, an ace as A), samples the hole cards they allow and the board to come, and pays when its share of the pot
  beats the stake's price.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .betting_bot import share
from .cards import DECK, RANKS, Card
from .evaluator import PAIR, category, evaluate
from .levels import BEGINNER, INTERMEDIATE, STRONG, Bot, slipping, stateless
from .poker_champ import Back, PokerChampView

SAMPLES = 300  # showdowns sampled per decision
SLIPS = 0.25


def intermediate(view: PokerChampView, legal: Sequence[str], rng: random.Random) -> str:
    """Pay with a pair or better, or with a high card early; bluff now and then."""
    if "pay" not in legal:
        return legal[0]
    seat = view.seat
    assert seat is not None
    hole = [c for c in view.holes[seat] if isinstance(c, Card)]
    cards = [*hole, *view.board]
    made = category(evaluate(cards)) if len(cards) >= 5 else 0
    high = max(c.rank for c in hole)
    if made >= PAIR or (view.stage == 2 and high >= RANKS.index("Q")) or rng.random() < 0.15:
        return "pay"
    return "fold"


def equity(view: PokerChampView, rng: random.Random, samples: int = SAMPLES) -> float:
    """Its expected share of the pot at the showdown against the seats still in, their hole cards drawn among
    those their marked backs allow, the board's missing cards among the rest."""
    seat = view.seat
    assert seat is not None
    mine = [c for c in view.holes[seat] if isinstance(c, Card)]
    backs = [[b for b in hole if isinstance(b, Back)] for s, hole in enumerate(view.holes) if s != seat and view.in_hand[s]]
    unseen = [c for c in DECK if c not in mine and c not in view.board]
    allowed = {back: [c for c in unseen if Back.of(c) == back] for hole in backs for back in hole}
    missing = 5 - len(view.board)
    total = 0.0
    for _ in range(samples):
        taken: set[Card] = set()
        holes = []
        for hole in backs:
            cards = []
            for back in hole:
                free = [c for c in allowed[back] if c not in taken]
                card = rng.choice(free) if free else rng.choice([c for c in unseen if c not in taken])
                taken.add(card)
                cards.append(card)
            holes.append(cards)
        board = [*view.board, *rng.sample([c for c in unseen if c not in taken], missing)]
        me = evaluate([*mine, *board])
        others = [evaluate([*h, *board]) for h in holes]
        total += share(me, others)
    return total / samples


def strong(view: PokerChampView, legal: Sequence[str], rng: random.Random) -> str:
    if "pay" not in legal:
        return legal[0] if legal else ""
    chance = equity(view, rng)
    # The stake against the pot it contests; the stakes to come are as much again, paid only if it stays in.
    price = view.stake / (view.pot + view.stake)
    return "pay" if chance >= price else "fold"


BOTS: dict[str, Callable[[], Bot]] = {
    BEGINNER: stateless(slipping(intermediate, SLIPS)),
    INTERMEDIATE: stateless(intermediate),
    STRONG: stateless(strong),
}
