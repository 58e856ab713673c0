"""Game and table benchmarks: figures, and ratios against baselines measured in the same run.

    python bench/bench_tables.py                  # everything, ~1 minute
    python bench/bench_tables.py --tables 50      # concurrent bot tables over gRPC

Yahtzee Texas Hold'em (issue #4): 7-dice evaluations per second (baseline:
without the five-dice cache) and bot games per second in process.

Targets (issue #3): at least 300k 7-card evaluations/s; at least 200 complete
POKER CHAMP games/s in process; p99 action latency under 50 ms with 50
concurrent bot tables over gRPC on the 2-core machine.

Baselines: evaluation against the best of 21 five-card hands (the naive
method); bot games against the same engine driven by random legal actions (no
bot, no views); gRPC latency with 50 tables against a single table.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from brelan.clients.bots import run_remote
from brelan.lexicon.store import Store
from brelan.server.games import poker_champ as pc
from brelan.server.games import yahtzee_holdem as yh
from brelan.server.games.dice import evaluate as dice_evaluate
from brelan.server.games.base import options_dict
from brelan.server.games.evaluator import _tables, evaluate
from brelan.server.games.registry import get_variant
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import game_rng
from brelan.server.games.base import jsonable
from brelan.server.table_convert import as_json
from brelan.server.typed.registry import FAMILIES
from brelan.api.v1 import table_pb2 as tpb


def rate(n: int, seconds: float) -> str:
    per_second = n / seconds
    return f"{per_second:,.0f}/s" if per_second >= 10 else f"{per_second:.2f}/s"


def bench_evaluator(hands: int) -> None:
    t = time.perf_counter()
    _tables()
    build = time.perf_counter() - t
    rng = random.Random(1)
    deals = [rng.sample(range(52), 7) for _ in range(hands)]
    t = time.perf_counter()
    for cards in deals:
        evaluate(cards)
    fast = time.perf_counter() - t
    few = deals[: hands // 20]
    t = time.perf_counter()
    for cards in few:
        max(evaluate(five) for five in itertools.combinations(cards, 5))
    naive = (time.perf_counter() - t) * 20
    print(f"evaluator: tables built in {build:.2f} s")
    print(f"  7-card evaluations: {rate(hands, fast)} (target >= 300,000/s); best-of-21 baseline "
          f"{rate(hands, naive)}; ratio x{naive / fast:.1f}")


def bench_games(games: int, players: int) -> None:
    variant = get_variant("poker-champ")
    options = pc.PokerChampOptions(players=players)
    t = time.perf_counter()
    actions = sum(len(play(variant, options, f"bench/{g}").turns) for g in range(games))
    bots = time.perf_counter() - t
    t = time.perf_counter()
    random_actions = 0
    for g in range(games):
        rng = random.Random(g)
        state = pc.new_game(options, game_rng(f"random/{g}"))
        while not state.is_over:
            seat = rng.choice(state.pending())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            random_actions += 1
    engine = time.perf_counter() - t
    print(f"POKER CHAMP in process, {players} players, {games} games:")
    print(f"  bot games: {rate(games, bots)} (target >= 200/s), {rate(actions, bots)} actions")
    print(f"  engine with random legal actions (baseline): {rate(games, engine)} games, "
          f"{rate(random_actions, engine)} actions; bot overhead per action x{(bots / actions) / (engine / random_actions):.1f}")


def bench_dice(hands: int) -> None:
    from brelan.server.games.dice import Bag, _five

    rng = random.Random(3)
    deals = []
    for _ in range(hands):
        bag = Bag(rng)
        deals.append([bag.draw() for _ in range(7)])
    t = time.perf_counter()
    for dice in deals:
        dice_evaluate(dice)
    cached = time.perf_counter() - t
    few = deals[: max(1, hands // 20)]
    t = time.perf_counter()
    for dice in few:
        codes = sorted(d.code for d in dice)
        max(_five.__wrapped__(five) for five in itertools.combinations(codes, 5))
    uncached = (time.perf_counter() - t) * hands / len(few)
    print("Yahtzee Texas Hold'em:")
    print(f"  7-dice evaluations: {rate(hands, cached)}; without the five-dice cache (baseline) "
          f"{rate(hands, uncached)}; ratio x{uncached / cached:.1f}")


def bench_yahtzee(games: int, players: int, stack: int) -> None:
    variant = get_variant("yahtzee-holdem")
    for label, options in ((f"stack {stack}", yh.YahtzeeOptions(players=players, stack=stack)),
                           ("the box's 4,800 shared", yh.YahtzeeOptions(players=players))):  # fmt: skip
        n = games if options.stack else max(1, games // 20)
        t = time.perf_counter()
        played = [play(variant, options, f"bench/{g}") for g in range(n)]
        seconds = time.perf_counter() - t
        hands = sum(p.state.hand_number for p in played)
        actions = sum(len(p.turns) for p in played)
        print(f"  bot games, {players} players, {label}: {rate(n, seconds)} games ({hands / n:.0f} hands a game), "
              f"{rate(hands, seconds)} hands, {rate(actions, seconds)} actions")


def grpc_latency(tables: int, game: str = "poker-champ", options: dict[str, str] | None = None,
                 games: int = 1, lexicons: Path | None = None) -> tuple[dict, dict]:
    """Bot tables over gRPC on a fresh ``brelan serve``: one table (the baseline), then ``tables`` at once.

    A word game's server and bots use the lexicons built under the data directory ``lexicons``.
    """
    with tempfile.TemporaryDirectory() as data:
        if lexicons is not None:
            (Path(data) / "lexicons").symlink_to(lexicons / "lexicons")
        serving = ["--no-lexicon"] if lexicons is None else []
        server = subprocess.Popen([sys.executable, "-m", "brelan.clients.cli", "serve", *serving, "--port", "0", "--web-port", "0",
                                   "--rate", "10000", "--flat-out-bots", "--data-dir", data], stderr=subprocess.PIPE, text=True)  # fmt: skip
        try:
            assert server.stderr is not None
            port = re.search(r":(\d+) ", server.stderr.readline())
            assert port, "the server did not start"
            target = f"127.0.0.1:{port.group(1)}"
            variant = get_variant(game, Store(lexicons).get if lexicons is not None else None)
            options = options if options is not None else options_dict(variant.options())
            asyncio.run(run_remote(target, variant, options, 1, 1, "warm-up", lambda n: None))  # not counted
            alone = asyncio.run(run_remote(target, variant, options, 1, 3 * games, "bench-1", lambda n: None)).as_dict()
            many = asyncio.run(run_remote(target, variant, options, tables, games, "bench-n", lambda n: None)).as_dict()
        finally:
            server.terminate()
            server.wait(10)
    for label, s in ((f"1 table (baseline)", alone), (f"{tables} tables at once", many)):
        print(f"  {label}: {s['games']} games, {s['actions_per_second']} actions/s, act p50 {s['act_p50_ms']} ms, "
              f"p99 {s['act_p99_ms']} ms, errors {s['errors']}, conserved {s['conserved']}")
    return alone, many


def bench_typed(games: int) -> None:
    """What a GetView answer and a watched event cost to build and encode: JSON view vs typed view, text vs typed."""
    print("typed contract vs JSON (a GetView answer's view, a watched event), per call, in process:")
    for name, family in sorted(FAMILIES.items()):
        variant = get_variant(name)
        if variant.facts.judges_words:
            continue  # word games need a lexicon: their cost is that of their lexicon, not of the mapping
        views, events = [], []
        rng = random.Random(7)
        for seed in range(games):
            state = variant.new_game(variant.make_options({}), game_rng(f"bench-{seed}"))
            while not state.is_over and len(views) < 20_000:
                seat = next(iter(state.pending()), None)
                if seat is None:
                    break
                views.append(state.view(seat))
                events += state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not views:
            continue
        json_view = _per_call(lambda v: tpb.GetViewResponse(view=as_json(jsonable(v))).SerializeToString(), views)
        typed_view = _per_call(lambda v: tpb.GetViewResponse(**{family.field: family.view(v)}).SerializeToString(), views)
        text_event = _per_call(lambda e: tpb.TableEvent(text=str(e)).SerializeToString(), events)
        typed_event = _per_call(lambda e: tpb.TableEvent(text=str(e), **{family.field: family.event_message(e)})
                                .SerializeToString(), events)  # fmt: skip
        print(f"  {name}: view JSON {json_view:.1f} us, typed {typed_view:.1f} us (x{typed_view / json_view:.2f}); "
              f"event text {text_event:.1f} us, text and typed {typed_event:.1f} us (x{typed_event / text_event:.2f})")


def _per_call(build: Callable[[Any], bytes], items: list[Any]) -> float:
    """Microseconds per call of ``build`` over ``items`` (the best of three passes)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for item in items:
            build(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def bench_grpc(tables: int) -> None:
    print(f"over gRPC (server and bot clients on this machine), 4 players a table:")
    alone, many = grpc_latency(tables)
    print(f"  p99 with {tables} tables: {many['act_p99_ms']} ms (target < 50 ms); "
          f"x{many['act_p99_ms'] / alone['act_p99_ms']:.1f} the single table's")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300_000)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tables", type=int, default=50, help="0 skips the gRPC part")
    args = parser.parse_args()
    bench_evaluator(args.hands)
    bench_games(args.games, args.players)
    bench_dice(args.hands // 3)
    bench_yahtzee(args.games // 3, args.players, 300)
    bench_typed(max(1, args.games // 30))
    if args.tables:
        bench_grpc(args.tables)


if __name__ == "__main__":
    main()
