"""Bataille and belote benchmarks (issue #8): the table-word search, bot games.

    python bench/bench_word_games.py [--data-dir DIR]     # ~30 s (the lexicon built first if missing)

Baselines measured in the same run: the search against a brute force over every
admissible key of up to 9 letters (each checked as a sub-multiset of the table, jokers filling in);
bot games against the same engines driven by random legal actions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from brelan.lexicon.cards import LETTER_VALUES, MAX_HAND, deck
from brelan.lexicon.readings import RULEBOOK
from brelan.lexicon.search import table_words
from brelan.lexicon.store import Store
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import game_rng


def brute_force(keys: list[tuple[str, Counter[str]]], letters: list[str], jokers: int, top_k: int) -> list[tuple[str, int]]:
    have = Counter(letters)
    found = [(key, sum(LETTER_VALUES[c] for c in key)) for key, need in keys
             if sum(max(0, n - have[c]) for c, n in need.items()) <= jokers]  # fmt: skip
    found.sort(key=lambda ks: (-ks[1], ks[0]))
    return found[:top_k]


def bench_search(store: Store, tables: int) -> None:
    lex = store.get("fr-dela")
    keys = [(key, Counter(key)) for key, _ in lex.admissible_keys(RULEBOOK, MAX_HAND)]
    rng = random.Random(8)
    print("table-word search, top 3 (fr-dela, rulebook), ms per table:")
    for size in (5, 10, 20, 40):
        fast, slow = [], []
        for _ in range(tables):
            cards = deck()
            rng.shuffle(cards)
            letters = [c.letter for c in cards[:size] if not c.is_joker]
            jokers = size - len(letters)
            began = time.perf_counter()
            found = table_words(lex, cards[:size], RULEBOOK, 3, 3)
            fast.append(time.perf_counter() - began)
            began = time.perf_counter()
            oracle = brute_force(keys, letters, jokers, 3)
            slow.append(time.perf_counter() - began)
            assert [s for _, s in found] == [s for _, s in oracle], (letters, found, oracle)
        f, s = statistics.median(fast) * 1000, statistics.median(slow) * 1000
        print(f"  {size:2d} cards: search p50 {f:7.2f} max {max(fast) * 1000:7.2f}   brute force p50 {s:7.1f}   x{s / f:.0f}")


def random_game(variant: object, options: object, seed: int) -> int:
    state = variant.new_game(options, game_rng(str(seed)))  # type: ignore[attr-defined]
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        seat = rng.choice(sorted({*state.pending(), *state.claimants()}))
        legal = state.legal_actions(seat)
        if legal:
            state.apply(seat, rng.choice(legal))
            actions += 1
    return actions


def bench_games(store: Store, games: int) -> None:
    print("bot games (fr-dela):")
    for name, values in (("alphapoker-bataille", {}), ("alphapoker-belote", {"target": "300"})):
        variant = playable(name, store.get)
        options = variant.make_options(values)
        began = time.perf_counter()
        actions = sum(len(play(variant, options, f"bench/{g}").turns) for g in range(games))
        bots = time.perf_counter() - began
        began = time.perf_counter()
        random_actions = sum(random_game(variant, options, g) for g in range(games))
        randomly = time.perf_counter() - began
        print(f"  {name} {values or ''}: bots {games / bots:.1f} games/s ({actions / bots:.0f} actions/s); "
              f"random legal play {games / randomly:.1f} games/s ({random_actions / randomly:.0f} actions/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", help="where the lexicons are (default: brelan's)")
    parser.add_argument("--tables", type=int, default=20, help="random tables per size for the search")
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    store = Store(args.data_dir)
    bench_search(store, args.tables)
    bench_games(store, args.games)


if __name__ == "__main__":
    main()
