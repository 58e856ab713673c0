"""Connect against gRPC on the same calls of one node (issue #27: Connect at least 0.8x gRPC).

    python bench/bench_connect.py                 # 4,000 calls of each kind, 16 callers
    python bench/bench_connect.py --calls 20000

A real ``brelan serve`` (SQLite, no lexicon) with one POKER CHAMP table being played; the same calls
(GetTable, a spectator's GetView, ListVariants) are made over gRPC (grpc.aio) and over Connect (the
generated Connect client, binary codec, HTTP/1.1) by the same number of concurrent callers. Each line
prints calls/s, p50/p99 latency, and the CPU per call of the server and of the callers (this process,
on the same machine: Python's Connect client costs more than grpc's); the ratio is Connect's calls/s
over gRPC's, measured in the same run. Connect's calls are answered by the node's own servicers in process
(server/web.py), not relayed to its gRPC port.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_cluster import cpu_seconds  # noqa: E402
from conftest import spawn  # noqa: E402

from brelan.api.v1 import table_connect  # noqa: E402
from brelan.api.v1 import table_pb2 as tpb  # noqa: E402
from brelan.api.v1 import table_pb2_grpc as tpb_grpc  # noqa: E402
from brelan.clients.client import BrelanClient  # noqa: E402

Call = Callable[[], Awaitable[Any]]


async def measure(call: Call, calls: int, callers: int, pid: int) -> dict[str, float]:
    """``calls`` calls made by ``callers`` concurrent callers: calls/s, latency p50/p99 (ms), server CPU per call."""
    latencies: list[float] = []
    left = iter(range(calls))

    async def caller() -> None:
        for _ in left:
            began = time.perf_counter()
            await call()
            latencies.append(time.perf_counter() - began)

    for _ in range(50):  # warm: connections open, code paths taken
        await call()
    cpu, mine, began = cpu_seconds(pid), time.process_time(), time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(callers)))
    seconds, cpu, mine = time.perf_counter() - began, cpu_seconds(pid) - cpu, time.process_time() - mine
    latencies.sort()
    return {"per_second": calls / seconds, "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))], "cpu_ms": 1000 * cpu / calls,
            "client_ms": 1000 * mine / calls}  # fmt: skip


def show(label: str, figures: dict[str, float], baseline: dict[str, float] | None = None) -> None:
    ratio = f"  ({figures['per_second'] / baseline['per_second']:.2f}x gRPC)" if baseline else ""
    print(f"  {label:8} {figures['per_second']:7.0f} calls/s, p50 {figures['p50_ms']:5.1f} ms, "
          f"p99 {figures['p99_ms']:6.1f} ms, CPU a call: server {figures['cpu_ms']:.2f} ms, "
          f"client {figures['client_ms']:.2f} ms{ratio}")


async def compare(grpc_target: str, web_port: int, table_id: str, calls: int, callers: int, pid: int) -> None:
    import grpc

    async with grpc.aio.insecure_channel(grpc_target) as channel:
        stub = tpb_grpc.TableServiceStub(channel)
        connect = table_connect.TableServiceClient(f"http://127.0.0.1:{web_port}", send_compression=None)
        kinds: list[tuple[str, Call, Call]] = [
            ("GetTable", lambda: stub.GetTable(tpb.GetTableRequest(table_id=table_id)),
             lambda: connect.get_table(tpb.GetTableRequest(table_id=table_id))),
            ("GetView", lambda: stub.GetView(tpb.GetViewRequest(table_id=table_id)),
             lambda: connect.get_view(tpb.GetViewRequest(table_id=table_id))),
            ("ListVariants", lambda: stub.ListVariants(tpb.ListVariantsRequest()),
             lambda: connect.list_variants(tpb.ListVariantsRequest())),
        ]  # fmt: skip
        for name, over_grpc, over_connect in kinds:
            print(f"{name}: {calls} calls, {callers} callers")
            baseline = await measure(over_grpc, calls, callers, pid)
            show("gRPC", baseline)
            show("Connect", await measure(over_connect, calls, callers, pid), baseline)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=4000, help="calls of each kind over each protocol")
    parser.add_argument("--callers", type=int, default=16, help="concurrent callers")
    args = parser.parse_args()
    data_dir = Path(tempfile.mkdtemp(prefix="bench-connect-")) / "node"
    process, target = spawn(data_dir)
    try:
        serving = "".join(log.read_text() for log in data_dir.glob("serve-*.log"))
        web_port = int(re.search(r"browsers: http://[^ ]+:(\d+)/", serving).group(1))  # type: ignore[union-attr]
        with BrelanClient(target) as client:
            table = client.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])
            client.join(table.table_id, seat=0)
        asyncio.run(compare(target, web_port, table.table_id, args.calls, args.callers, process.pid))
    finally:
        process.terminate()
        process.wait(15)


if __name__ == "__main__":
    main()
