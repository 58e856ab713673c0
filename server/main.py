"""Starting and stopping the brelan gRPC server.

One asyncio process: the lexicon service, health checking (``""`` and each
service name) and server reflection. SIGINT/SIGTERM first report NOT_SERVING,
then stop with a grace period so calls in flight finish.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from brelan.api.v1 import lexicon_pb2, lexicon_pb2_grpc
from brelan.lexicon.build import Progress
from brelan.lexicon.store import Store

from .lexicon_service import MAX_MESSAGE_BYTES, LexiconHandler, LexiconServicer

SERVICE_NAMES = (lexicon_pb2.DESCRIPTOR.services_by_name["LexiconService"].full_name,)
GRACE_SECONDS = 5.0


@dataclass
class Running:
    server: grpc.aio.Server
    port: int
    health: health.aio.HealthServicer
    handler: LexiconHandler

    async def stop(self, grace: float = GRACE_SECONDS) -> None:
        for name in ("", *SERVICE_NAMES):
            await self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        await self.server.stop(grace)


def make_handler(data_dir: Path | None, progress: Progress | None = None) -> LexiconHandler:
    store = Store(data_dir)
    return LexiconHandler(store, store.open_all(progress))


async def start(
    host: str = "127.0.0.1", port: int = 50051, data_dir: Path | None = None, progress: Progress | None = None
) -> Running:
    """Open the lexicons (building the default one if missing) and start serving."""
    handler = make_handler(data_dir, progress)
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_send_message_length", 4 * MAX_MESSAGE_BYTES),
        ]
    )
    lexicon_pb2_grpc.add_LexiconServiceServicer_to_server(LexiconServicer(handler), server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection((*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    if bound == 0:
        raise OSError(f"cannot listen on {host}:{port}")
    await server.start()
    for name in ("", *SERVICE_NAMES):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return Running(server, bound, health_servicer, handler)


async def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    progress: Progress | None = None,
    on_ready: Callable[[Running], None] | None = None,
) -> None:
    running = await start(host, port, data_dir, progress)
    if on_ready:
        on_ready(running)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    await stopping.wait()
    await running.stop()
