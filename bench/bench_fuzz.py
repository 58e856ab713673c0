"""Fuzzing throughput and the worst latency seen per RPC (issue #16).

    python bench/bench_fuzz.py                 # 3000 hostile calls, about half a minute
    python bench/bench_fuzz.py --calls 20000

Draws the same hostile requests as ``tests/test_fuzz.py`` against a real server on
port 0 and prints calls/s, then each RPC's calls, p50 and worst latency. The
baseline, measured in the same run: a health check's latency on the same channel.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_fuzz import METHODS, Pool, call, message  # noqa: E402

from brelan.clients.client import BrelanClient  # noqa: E402
from brelan.lexicon.store import Store  # noqa: E402
from brelan.server.main import ServerThread  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    store = Store()
    store.get()  # the default lexicon, built first if missing
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "lexicons").symlink_to(store.root)
        server = ServerThread(Path(tmp), rate=100_000.0)
        pool = Pool()
        with BrelanClient(server.target) as api:
            for variant in ("poker-champ", "daker", "yahtzee-holdem"):
                info = api.create_table(variant, {"players": "2"})
                seat = api.join(info.table_id, player="ann")
                pool.table_ids.append(info.table_id)
                pool.tokens.append(seat.token)
        channel = grpc.insecure_channel(server.target)
        health = health_pb2_grpc.HealthStub(channel)
        baseline = []
        for _ in range(200):
            began = time.perf_counter()
            health.Check(health_pb2.HealthCheckRequest(), timeout=5)
            baseline.append(1000 * (time.perf_counter() - began))
        seen: dict[str, list[float]] = defaultdict(list)

        @settings(max_examples=args.calls, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(data=st.data())
        def fuzz(data: st.DataObject) -> None:
            service, method = data.draw(st.sampled_from(METHODS))
            request = data.draw(message(method.input_type, pool))
            token = data.draw(st.none() | st.sampled_from(pool.tokens))
            began = time.perf_counter()
            call(channel, service, method, request, token)
            seen[method.name].append(1000 * (time.perf_counter() - began))

        began = time.perf_counter()
        fuzz()
        elapsed = time.perf_counter() - began
        calls = sum(len(v) for v in seen.values())
        base = statistics.median(baseline)
        print(f"{calls} hostile calls in {elapsed:.1f} s: {calls / elapsed:.0f} calls/s (request generation included); "
              f"health check p50 {base:.2f} ms (baseline)")
        print(f"  {'rpc':<22} {'calls':>6} {'p50 ms':>8} {'worst ms':>9} {'worst/baseline':>15}")
        for name, times in sorted(seen.items(), key=lambda kv: -max(kv[1])):
            print(f"  {name:<22} {len(times):>6} {statistics.median(times):>8.2f} {max(times):>9.1f} "
                  f"{max(times) / base:>14.0f}x")
        channel.close()
        server.stop()


if __name__ == "__main__":
    main()
