"""Chinese poker benchmarks (issue #6): the arrangement solver, bot games, tables over gRPC.

    python bench/bench_chinese.py                 # everything, ~1 minute
    python bench/bench_chinese.py --tables 0      # skip the gRPC part

Targets: the best arrangement of 13 cards in under 1 s, of 17 cards (a
progressive fantasyland hand) in under 10 s, on this 2-core machine.

Baselines measured in the same run: the solver against brute force over all
72,072 ways to set 13 cards; gRPC latency with N classic tables (whose engines
solve each hand for its legal list and default) against a single table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_tables import grpc_latency, rate

from brelan.server.games import chinese as ch
from brelan.server.games.cards import DECK
from brelan.server.games.chinese_solver import best_score_by_brute_force, solve, warm
from brelan.server.games.registry import VARIANTS
from brelan.server.games.selfplay import play


def bench_solver(hands: int, brute: int) -> None:
    t = time.perf_counter()
    warm()
    print(f"solver: tables and odds built in {time.perf_counter() - t:.2f} s (once, at server start)")
    rng = random.Random(6)
    for n in (13, 14, 15, 16, 17):
        times = []
        for _ in range(hands if n == 13 else max(1, hands // 3)):
            cards = rng.sample(DECK, n)
            t = time.perf_counter()
            solve(cards)
            times.append(time.perf_counter() - t)
        times.sort()
        target = " (target < 1 s)" if n == 13 else " (target < 10 s)" if n == 17 else ""
        print(f"  {n} cards, {len(times)} hands: p50 {1000 * statistics.median(times):.0f} ms, "
              f"p99 {1000 * times[int(0.99 * (len(times) - 1))]:.0f} ms, max {1000 * times[-1]:.0f} ms{target}")
    solved = brute_time = 0.0
    for _ in range(brute):
        cards = rng.sample(DECK, 13)
        t = time.perf_counter()
        found = solve(cards)
        solved += time.perf_counter() - t
        t = time.perf_counter()
        best = best_score_by_brute_force(cards)
        brute_time += time.perf_counter() - t
        assert abs(best - found.strength - 3 * found.royalties) < 1e-9, "the solver missed the best"
    print(f"  13 cards against brute force over 72,072 splits (baseline, {brute} hands): "
          f"{1000 * solved / brute:.0f} ms vs {1000 * brute_time / brute:.0f} ms, x{brute_time / solved:.0f} faster, same answers")


def bench_games(games: int) -> None:
    print("bot games in process, 3 players, one turn of the button (3 hands):")
    for style in ch.Style:
        options = ch.ChineseOptions(style=style, rounds=1)
        t = time.perf_counter()
        played = [play(VARIANTS["chinese"], options, f"bench/{g}") for g in range(games)]
        seconds = time.perf_counter() - t
        actions = sum(len(p.turns) for p in played)
        print(f"  {style.value}: {rate(games, seconds)} games, {rate(actions, seconds)} actions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150, help="13-card hands to solve (a third as many of 14-17)")
    parser.add_argument("--brute", type=int, default=3, help="hands also solved by brute force")
    parser.add_argument("--games", type=int, default=10, help="bot games per style")
    parser.add_argument("--tables", type=int, default=20, help="classic tables at once over gRPC; 0 skips")
    args = parser.parse_args()
    bench_solver(args.hands, args.brute)
    bench_games(args.games)
    if args.tables:
        print("over gRPC, classic, 3 players, 3 hands a game:")
        alone, many = grpc_latency(args.tables, "chinese", {"rounds": "1"})
        print(f"  p99 with {args.tables} tables: {many['act_p99_ms']} ms; x{many['act_p99_ms'] / alone['act_p99_ms']:.1f} the single table's")


if __name__ == "__main__":
    main()
