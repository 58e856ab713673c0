"""What any DAKER bot could win against uniform random play (issue 41): the ceilings the strong bot is held to.

    python bench/bench_daker_ceiling.py [--games N] [--holdem-only | --round-only]

- holdem: a bot that knows the others' hole cards (not the board to come) goes all-in from an equity threshold and
  calls when its equity beats the call's price by a margin (the larger the more of its stack the call risks), for a
  sweep of thresholds, over the bench's seeded games (bench_bots.py's seeds, its seat moving round the table); and
  the same thresholds on the strong bot's sampled equity (the others' cards any cards: random play's moves say
  nothing of them).
- round (best and worst hand): one deal, one discard of 0-2, the tied dealt again. The best discard of each deal
  against random discards: each choice's chance counted over sampled deals (its draws and the others' final hands,
  which random discards leave any cards of those it has not seen), a tie worth the replay it starts
  (``--replay2``, ``--replay3``: the chance of winning a replay of two or three seats).
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, Callable, Sequence

from brelan.lexicon.store import Store
from brelan.server.games.betting_bot import share
from brelan.server.games.daker_bot import _equity, _five, _hand, _unseen, known
from brelan.server.games.levels import Bot, uniform
from brelan.server.games.registry import playable
from brelan.server.games.transcript import game_rng

SWEEP = [(0.7, 0.1), (0.8, 0.1), (0.8, 0.2), (0.8, 0.3), (0.9, 0.2), (0.9, 0.3)]  # (all-in equity, call margin)
SAMPLES = 150  # showdowns sampled per holdem decision
ROUND_SAMPLES = 2000  # sampled deals per discard choice in a round
Equity = Callable[[Any, Any, random.Random], float]  # (the state, the view, an RNG) -> equity


def thresholds(equity: Equity, state: list[Any], all_in: float, margin: float) -> Bot:
    """All-in from ``all_in`` equity, a call when the equity beats the price by ``margin`` of the stack risked."""

    def bot(view: Any, legal: Sequence[str], rng: random.Random) -> str:
        e = equity(state[0], view, rng)
        aggressive = [a for a in legal if a.startswith(("bet ", "raise "))]
        if aggressive and e >= all_in:
            return max(aggressive, key=lambda a: int(a.split()[1]))
        to_call = max(view.bets) - view.bets[view.seat]
        if to_call == 0:
            return "check" if "check" in legal else legal[0]
        if e >= to_call / (view.pot + to_call) + margin * min(1.0, to_call / max(view.stacks[view.seat], 1)):
            return "call"
        return "fold"

    return bot


def oracle(state: Any, view: Any, rng: random.Random) -> float:
    """The equity of a seat that knows the others' hole cards, the board to come sampled."""
    mine, board = known(view)
    hands = [state.hands[s] for s, live in enumerate(view.in_hand) if live and s != view.seat]
    unseen = _unseen(view, [*mine, *board, *(c for hand in hands for c in hand)])
    total = 0.0
    for _ in range(SAMPLES):
        community = [*board, *rng.sample(unseen, 3 - len(board))]
        total += share(_hand(mine, community, True), [_hand(hand, community, True) for hand in hands])
    return total / SAMPLES


def sampled(state: Any, view: Any, rng: random.Random) -> float:
    """The strong bot's equity: the others' cards any cards."""
    return _equity(view, *known(view), SAMPLES, rng)


def best_discard(replay: dict[int, float]) -> Bot:
    """The discard whose sampled deals win most, a tie of n seats worth ``replay[n]``."""

    def bot(view: Any, legal: Sequence[str], rng: random.Random) -> str:
        mine = [str(c) for c in view.cards[view.seat]]
        unseen = [str(c) for c in _unseen(view, known(view)[0])]
        rivals = sum(1 for s, live in enumerate(view.in_hand) if live and s != view.seat)
        sign = -1 if view.wins == "worst" else 1

        def chance(option: str) -> float:
            keeps = list(mine)
            for text in option.split()[1:]:
                keeps.remove(text)
            drawn = 5 - len(keeps)
            total = 0.0
            for _ in range(ROUND_SAMPLES):
                deal = rng.sample(unseen, drawn + 5 * rivals)
                me = tuple(sign * v for v in _five(tuple(sorted([*keeps, *deal[:drawn]]))))
                others = [tuple(sign * v for v in _five(tuple(sorted(deal[drawn + 5 * i:drawn + 5 * i + 5]))))
                          for i in range(rivals)]  # fmt: skip
                if all(o <= me for o in others):
                    tied = sum(o == me for o in others)
                    total += replay[tied + 1] if tied else 1.0
            return total / ROUND_SAMPLES

        return max(legal, key=chance)

    return bot


def play(mode: str, options: dict[str, str], bot: Callable[[list[Any]], Bot], games: int) -> float:
    """The share of ``games`` seeded games (bench_bots.py's) that ``bot`` won against uniform random play."""
    variant = playable("daker", Store(None).get)
    parsed = variant.make_options(options)
    won = 0.0
    for g in range(games):
        seed = f"bench-bots/daker/{mode}/{g}"
        state = variant.new_game(parsed, game_rng(seed))
        rng = random.Random(f"bots/{seed}")
        seats = len(state.stacks)
        hero = g % seats
        seen = [state]
        players = [bot(seen) if s == hero else uniform for s in range(seats)]
        while not state.is_over:
            seat = rng.choice(sorted(state.pending()))
            view = state.view(seat)
            state.apply(seat, variant.parse_action(players[seat](view, view.legal, rng)))
        won += (hero in state.champions) / len(state.champions)
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--holdem-only", action="store_true")
    parser.add_argument("--round-only", action="store_true")
    parser.add_argument("--replay2", type=float, default=0.75,
                        help="a 2-seat replay's chance (2-seat rounds played so: 75-76%% of 200)")
    parser.add_argument("--replay3", type=float, default=0.55,
                        help="a 3-seat replay's chance (the ceiling itself, 59-60%%: 0.55 leans low)")
    args = parser.parse_args()
    holdem = {"mode": "holdem", "players": "3", "stack": "100"}
    if not args.round_only:
        for all_in, margin in SWEEP:
            for name, equity in (("knows the hole cards", oracle), ("sampled equity", sampled)):
                rate = play("holdem", holdem, lambda seen: thresholds(equity, seen, all_in, margin),
                            args.games)  # fmt: skip
                print(f"holdem, all-in from {all_in:.0%}, calls {margin:.0%} over the price, {name}: "
                      f"{rate:.1%} of {args.games}", flush=True)
    if not args.holdem_only:
        replay = {2: args.replay2, 3: args.replay3}
        for wins, mode in (("best", "round"), ("worst", "round worst")):
            options = {"mode": "round", "players": "3", "wins": wins}
            rate = play(mode, options, lambda seen: best_discard(replay), args.games)
            print(f"round, {wins} hand wins, the best discard of each deal: {rate:.1%} of {args.games}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
