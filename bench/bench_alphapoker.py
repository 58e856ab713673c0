"""AlphaPoker benchmarks (issue #7): bot games, bot decisions, judging words, tables over gRPC.

    python bench/bench_alphapoker.py                 # everything, ~1 minute (the lexicon built first if missing)
    python bench/bench_alphapoker.py --tables 0      # skip the gRPC part

Baselines measured in the same run: bot games against the same engine driven
by random legal actions (no word search in the players); gRPC latency with N
tables against a single table.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from pathlib import Path

from bench_tables import grpc_latency, rate

from brelan.lexicon.cards import deck
from brelan.lexicon.readings import RULEBOOK
from brelan.lexicon.scoring import score_cards
from brelan.lexicon.search import best_words
from brelan.lexicon.store import Store
from brelan.server.games import alphapoker as ap
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import game_rng


def random_game(variant: object, options: ap.AlphaOptions, seed: int) -> int:
    state = variant.new_game(options, game_rng(str(seed)))  # type: ignore[attr-defined]
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        seat = state.pending()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


def bench_games(store: Store, games: int) -> None:
    variant = playable("alphapoker", store.get)
    options = ap.AlphaOptions(players=3)
    t = time.perf_counter()
    played = [play(variant, options, g) for g in range(games)]
    bots = time.perf_counter() - t
    t = time.perf_counter()
    for g in range(games):
        random_game(variant, options, g)
    randoms = time.perf_counter() - t
    actions = sum(len(p.turns) for p in played)
    print(f"bot games, 3 players, 10 deals, fr-dela: {rate(games, bots)} games, {rate(actions, bots)} actions; "
          f"random legal actions: {rate(games, randoms)} games (the bots' word searches cost x{bots / randoms:.1f})")


def bench_decisions(store: Store, decisions: int) -> None:
    """One bot decision: the best word of the hand (a search), then the move; and judging a laid word."""
    lexicon = store.get()
    variant = playable("alphapoker", store.get)
    state = variant.new_game(ap.AlphaOptions(players=2), game_rng("decisions"))
    base = state.view(state.pending()[0])
    bot = variant.new_bot()
    rng = random.Random(2)
    cards = deck()
    times, judge = [], []
    for _ in range(decisions):
        hand = rng.sample(cards, 7)
        hands = list(base.hands)
        hands[base.seat] = tuple(hand)
        view = dataclasses.replace(base, hands=tuple(hands))
        t = time.perf_counter()
        bot(view, view.legal, rng)
        times.append(time.perf_counter() - t)
        found = best_words(lexicon, hand, RULEBOOK, 1)
        if found:
            t = time.perf_counter()
            lexicon.verdict(found[0].word, RULEBOOK)
            score_cards(found[0].cards)
            judge.append(time.perf_counter() - t)
    times.sort()
    print(f"bot exchange decision, 7 cards: p50 {statistics.median(times) * 1000:.2f} ms, "
          f"p99 {times[int(0.99 * (len(times) - 1))] * 1000:.2f} ms")
    print(f"judging a laid word (verdict with its reason, and the score): p50 {statistics.median(judge) * 1e6:.0f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--tables", type=int, default=20, help="concurrent bot tables over gRPC (0: skip)")
    parser.add_argument("--data-dir", type=Path, help="where the lexicon is (default: brelan's)")
    args = parser.parse_args()
    store = Store(args.data_dir)
    store.get()  # built now if missing, not inside a measure
    bench_games(store, args.games)
    bench_decisions(store, args.decisions)
    if args.tables:
        print("over gRPC (server and bot clients on this machine), 3 players a table:")
        alone, many = grpc_latency(args.tables, "alphapoker", {"players": "3", "rounds": "3"}, lexicons=store.data_dir)
        print(f"  p99 with {args.tables} tables: x{many['act_p99_ms'] / alone['act_p99_ms']:.1f} the single table's")


if __name__ == "__main__":
    main()
