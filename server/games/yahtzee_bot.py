"""Yahtzee Texas Hold'em's bots, by level.

- beginner: the intermediate's play, but one decision in four at random among those listed, all-in left out;
- intermediate: raises strong hands to the limit, calls fair ones, checks or folds the rest (and bluffs a little);
- strong: samples the dice it cannot see (the others' hidden dice and the board to come: colours from what is left
  in the bag, faces rolled; a seat that bet holding what one bets on) for its equity against the seats still in,
  and bets by it and the pot odds (:func:`.betting_bot.by_odds`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Sequence

from .betting_bot import by_odds, share, short_of_all_in
from .dice import COLOURS, FULL_HOUSE, PAIR, PER_COLOUR, TRIPS, TWO_PAIRS, Die, evaluate
from .levels import BEGINNER, INTERMEDIATE, STRONG, Bot, slipping, stateless
from .yahtzee_holdem import YahtzeeView

SAMPLES = 80  # showdowns sampled per decision
SLIPS = 0.25
REDRAWS = 4  # rolls of a betting seat's hidden dice until they make what one bets on
# What a seat that bets is taken to hold at the showdown: with two pairs, the strong bot won 30% against the
# intermediate (who raises trips on the flop, a full house later), under a fair share; 49% with a full house.
BETS_ON = FULL_HOUSE
BOARD = 5


def intermediate(view: YahtzeeView, legal: Sequence[str], rng: random.Random) -> str:
    """Raise strong hands to the limit, call fair ones, check or fold the rest (and bluff a little)."""
    seat = view.seat
    assert seat is not None
    dice = [*(d for d in view.dice[seat] if isinstance(d, Die)), *view.board]
    if len(dice) >= 5:
        category = evaluate(dice)[0]
    else:
        category = PAIR if dice[0].face == dice[1].face else 0
    strong = {"opening": PAIR, "flop": TRIPS, "turn": TRIPS + 1, "river": TRIPS + 1}[view.street]
    fair = {"opening": 0, "flop": TWO_PAIRS, "turn": TRIPS, "river": TRIPS}[view.street]
    aggressive = [a for a in legal if a.startswith(("raise", "bet"))]
    if category >= strong and aggressive:
        return aggressive[-1]
    if category >= fair or rng.random() < 0.2:
        return "check" if "check" in legal else "call" if "call" in legal else legal[0]
    return "check" if "check" in legal else "fold"


def equity(view: YahtzeeView, rng: random.Random, samples: int = SAMPLES) -> float:
    """Its expected share of the pot against the seats still in, what it cannot see sampled. A seat that has bet
    more than it this round is taken to hold what one bets on (:data:`BETS_ON` or better at the showdown, as far
    as a few redraws find it): against random dice, a bot calling every raise lost to those who raise their good
    hands."""
    seat = view.seat
    assert seat is not None
    mine = [d for d in view.dice[seat] if isinstance(d, Die)]
    rivals = [s for s, live in enumerate(view.in_hand) if live and s != seat]
    betting = {i for i, s in enumerate(rivals) if view.bets[s] > view.bets[seat]}
    bag = Counter({c: PER_COLOUR for c in COLOURS})
    bag.subtract(d.colour for d in [*mine, *view.board])
    left = [c for c, n in bag.items() for _ in range(max(n, 0))]
    missing = BOARD - len(view.board)
    need = missing + 2 * len(rivals)
    if need > len(left):
        return 1 / (1 + len(rivals))
    total = 0.0
    for _ in range(samples):
        drawn = [Die(rng.randint(1, 6), c) for c in rng.sample(left, need)]
        board = [*view.board, *drawn[:missing]]
        me = evaluate([*mine, *board])
        others = []
        for i in range(len(rivals)):
            dice = drawn[missing + 2 * i:missing + 2 * i + 2]
            value = evaluate([*dice, *board])
            for _ in range(REDRAWS if i in betting else 0):
                if value[0] >= BETS_ON:
                    break
                dice = [Die(rng.randint(1, 6), d.colour) for d in dice]
                value = evaluate([*dice, *board])
            others.append(value)
        total += share(me, others)
    return total / samples


def strong(view: YahtzeeView, legal: Sequence[str], rng: random.Random) -> str:
    seat = view.seat
    assert seat is not None
    if not legal:
        return ""
    to_call = max(view.bets) - view.bets[seat]
    return by_odds(legal, equity(view, rng), pot=view.pot, to_call=to_call, bet=view.bets[seat],
                   players=sum(view.in_hand), stack=view.stacks[seat])


BOTS: dict[str, Callable[[], Bot]] = {
    BEGINNER: stateless(slipping(intermediate, SLIPS, slips=short_of_all_in)),
    INTERMEDIATE: stateless(intermediate),
    STRONG: stateless(strong),
}
