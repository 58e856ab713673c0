"""Bot levels against each other (issue 41): every game and mode, each level against uniform random play and against
the level below, over seeded games.

    python bench/bench_bots.py [--quick] [--json] [--games N] [--game NAME] [--data-dir DIR]

The baseline is uniform random play among the legal moves, measured in the same run: a level's seat (its team, in
belote) against seats of random play, then against seats of the level below, the same seeded deals for every
pairing, the level's seat moving round the table from game to game. Printed for each pairing: the share of the
games the level won (a game won with others shares the win) beside a fair share (1 / seats, 1/2 for a team), the
share of its hands fouled (Chinese poker), of its decisions that folded where it could (the betting games), and
its decision time p50/p99. Goals: each level beats the one below; the strong level wins at least 80% against
random play; Chinese poker fouls at most 3%; a decision at most 100 ms at p99 (the table decides off its event
loop, so a longer search holds no other table).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from brelan.lexicon.store import Store
from brelan.server.games.base import Bot, Variant
from brelan.server.games.levels import LEVEL_NAMES, uniform
from brelan.server.games.registry import MODES, playable
from brelan.server.games.selfplay import play

RANDOM = "random"
# Ways of playing the registry's modes leave out, each with a bench of its own: DAKER's round where the worst hand wins.
MORE_MODES = [("daker", "round worst", {"mode": "round", "players": "3", "wins": "worst"})]
FOLDS = "fold"
FOULING = "chinese"  # the game whose hands foul


@dataclass
class Tally:
    """A pairing's figures over its games."""

    games: int = 0
    won: float = 0.0  # the level's share of the wins, summed over games
    fair: float = 0.0  # its fair share, summed
    hands: int = 0  # its hands played (Chinese poker)
    fouls: int = 0
    could_fold: int = 0  # its decisions where fold was legal
    folds: int = 0
    seconds: list[float] = field(default_factory=list)  # each of its decisions'

    def row(self, game: str, mode: str, level: str, opponent: str, took: float) -> dict[str, Any]:
        times = sorted(self.seconds) or [0.0]
        row: dict[str, Any] = {"game": game, "mode": mode, "level": level, "opponent": opponent, "games": self.games,
                               "win_rate": round(self.won / self.games, 3), "fair": round(self.fair / self.games, 3)}
        if self.hands:
            row["foul_rate"] = round(self.fouls / self.hands, 3)
        if self.could_fold:
            row["fold_rate"] = round(self.folds / self.could_fold, 3)
        return row | {"decisions": len(self.seconds), "p50_ms": round(statistics.median(times) * 1000, 2),
                      "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1000, 2), "seconds": round(took, 1)}


def heroes(variant: Variant, seats: int, g: int) -> set[int]:
    """The level's seats in game ``g``: one seat, moving round the table; in belote, a team (partners opposite)."""
    if variant.facts.team_size:
        return set(range(g % 2, seats, 2))
    return {g % seats}


def timed(bot: Bot, tally: Tally) -> Bot:
    """``bot``, its decisions timed and its folds counted in ``tally``."""

    def decide(view: Any, legal: Sequence[str], rng: random.Random) -> str:
        began = time.perf_counter()
        move = bot(view, legal, rng)
        if move:  # "": a real-time bot that sees nothing to claim, no decision
            tally.seconds.append(time.perf_counter() - began)
            tally.could_fold += FOLDS in legal
            tally.folds += move == FOLDS
        return move

    return decide


def pairing(variant: Variant, options: Any, mode: str, level: str, opponent: str, games: int) -> Tally:
    tally = Tally()
    seats = variant.seats(options)
    for g in range(games):
        mine = heroes(variant, seats, g)
        players = [timed(variant.new_bot(level), tally) if s in mine else uniform if opponent == RANDOM
                   else variant.new_bot(opponent) for s in range(seats)]  # fmt: skip
        played = play(variant, options, f"bench-bots/{variant.name}/{mode}/{g}", players=players)
        champions = played.state.champions
        tally.games += 1
        tally.won += len(mine & set(champions)) / len(champions) if champions else 0.0
        tally.fair += len(mine) / seats
        if variant.name == FOULING:  # every seat finishes a board each hand, and "p0 fouls" says it fouled
            tally.hands += played.state.hand_number * len(mine)
            tally.fouls += sum(1 for e in played.events if str(e) in {f"p{s} fouls" for s in mine})
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="seeded games per pairing (default 40; --quick 8)")
    parser.add_argument("--quick", action="store_true", help="a small run: 8 games per pairing")
    parser.add_argument("--json", action="store_true", help="one JSON object per pairing, a line each")
    parser.add_argument("--game", action="append", default=[], metavar="NAME", help="only this game (repeatable)")
    parser.add_argument("--data-dir", help="where the lexicons are (default: brelan's)")
    args = parser.parse_args()
    games = args.games or (8 if args.quick else 40)
    store = Store(args.data_dir)
    if not args.json:
        print(f"bots by level, {games} seeded games a pairing: the level's seat against the opponent's at the others")
        print(f"  {'game':<26} {'mode':<12} {'level':<13} {'opponent':<13} {'won':>6} {'fair':>5} {'fouls':>6} "
              f"{'folds':>6} {'p50 ms':>7} {'p99 ms':>7}")
    for name, mode, options in [*MODES, *MORE_MODES]:
        if args.game and name not in args.game:
            continue
        variant = playable(name, store.get)
        parsed = variant.make_options(options)
        variant.warm()
        for i, level in enumerate(LEVEL_NAMES):
            for opponent in (RANDOM, *LEVEL_NAMES[i - 1:i]):
                began = time.perf_counter()
                row = pairing(variant, parsed, mode, level, opponent, games).row(name, mode, level, opponent,
                                                                                 time.perf_counter() - began)
                if args.json:
                    print(json.dumps(row), flush=True)
                    continue
                fouls = f"{row['foul_rate']:.1%}" if "foul_rate" in row else "-"
                folds = f"{row['fold_rate']:.1%}" if "fold_rate" in row else "-"
                print(f"  {name:<26} {mode or '-':<12} {level:<13} {opponent:<13} {row['win_rate']:>6.1%} "
                      f"{row['fair']:>5.2f} {fouls:>6} {folds:>6} {row['p50_ms']:>7.2f} {row['p99_ms']:>7.2f}",
                      flush=True)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
