"""Shared fixtures: a small fixture lexicon, the full DELA lexicon, a real server.

The full build takes about a minute; it happens once per run, in a temporary
folder the run's pytest-xdist workers share (or in ``$BRELAN_TEST_DATA_DIR`` to
keep it between runs while developing), by the first worker to need it while
the others wait for it. Everything else a session makes is its own: each
worker has its own data directory (tables' log, small lexicons), servers on
ports 0, its own PostgreSQL.
"""

from __future__ import annotations

import asyncio
import fcntl
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

import grpc

import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.clients.client import BrelanClient, SeatHandle
from brelan.lexicon.build import Progress, build
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.sources.delaf import DelaSource
from brelan.lexicon.store import DEFAULT_LEXICON, Store
from brelan.server.clock import ManualClock
from brelan.server.errors import ServiceError
from brelan.server.games.registry import get_variant
from brelan.server.main import ServerThread
from brelan.server.seeds import NamedSeeds
from postgres_support import Postgres, PostgresMissing, running_postgres

DATA = Path(__file__).parent / "data"
MINI = "mini"
T = TypeVar("T")
STORES = ["sqlite", "postgresql"]  # the log stores table tests run against
TYPESCRIPT = Path(__file__).resolve().parent.parent / "clients" / "typescript"  # the TypeScript client's package


def current_test() -> str:
    """The running test's id (pytest's, without its phase): what names the seeds of the games it makes."""
    return os.environ.get("PYTEST_CURRENT_TEST", "tests").rsplit(" ", 1)[0]


# Every game a test's server deals is seeded by that test's name and how many tables it made (brelan.server.seeds):
# a failing game deals the same again in the next run, alone or in the whole suite.
ServerThread.default_seeds = lambda: NamedSeeds(current_test)  # type: ignore[assignment]


def node_tool(name: str) -> str:
    """A command the TypeScript client's npm packages install (``buf``, ``tsc``...), else one on the PATH; the test
    skips without it, or fails where ``.ci/run`` installed them (BRELAN_REQUIRE_NODE)."""
    found = TYPESCRIPT / "node_modules" / ".bin" / name
    path = str(found) if found.exists() else shutil.which(name)
    if path is None or shutil.which("node") is None:
        if os.environ.get("BRELAN_REQUIRE_NODE"):
            pytest.fail(f"{name} is missing: .ci/run installs it (npm install --prefix clients/typescript)")
        pytest.skip(f"{name} is not installed (npm install --prefix clients/typescript)")
    return path


@pytest.fixture(scope="session", autouse=True)
def own_data_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    """What a test runs never writes to the user's data directory (the CLI's player key, a local game's log): the
    default data directory is the session's own."""
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("xdg"))
    os.environ.pop("BRELAN_DATA_DIR", None)


def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the whole run shares: under pytest-xdist the one above each worker's own base directory (a run's,
    never another run's), else the session's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Held by one process at a time (the run's workers): an exclusive lock on the file ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


class RunStore(Store):
    """A session's lexicons, in its data directory, whose full ones (the default, and fr-dela that old tables and the
    golden games name) are built once for the whole run in ``shared`` and linked here: the first worker to ask
    builds one, the others wait for it (two builds at once, each into its own directory, took a minute each of CI's
    2 cores)."""

    SHARED = (DEFAULT_LEXICON, "fr-dela")

    def __init__(self, data_dir: Path, shared: Path) -> None:
        super().__init__(data_dir)
        self.shared = shared

    def link(self, name: str = DEFAULT_LEXICON) -> bool:
        """The run's full lexicon ``name`` linked here if it is built; whether it is."""
        if Store(self.shared).path_of(name) is None:
            return False
        link = self.root / name
        if not link.is_symlink():
            self.root.mkdir(parents=True, exist_ok=True)
            link.symlink_to(self.shared / "lexicons" / name)
        return True

    def get(self, name: str | None = None, progress: Progress | None = None, build_missing: bool = True) -> Lexicon:
        name = name or self.default
        if name in self.SHARED and build_missing and self.path_of(name) is None:
            with locked(self.shared / "lexicons.lock"):
                Store(self.shared).get(name, progress)  # built by the first to come
            self.link(name)
        return super().get(name, progress, build_missing)


def shared_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the full lexicon is built for the run: ``$BRELAN_TEST_DATA_DIR`` (kept between runs), else the run's."""
    return Path(os.environ.get("BRELAN_TEST_DATA_DIR") or run_dir(tmp_path_factory) / "shared")


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's own data directory (its tables' log): the mini lexicon built in it, the full one linked in it
    once built (:class:`RunStore`, at once if a run built it already)."""
    path = tmp_path_factory.mktemp("data")
    build(MINI, [DelaSource(DATA / "mini.delaf")], path / "lexicons")
    RunStore(path, shared_data_dir(tmp_path_factory)).link()
    return path


def advance(server: ServerThread, clock: ManualClock, seconds: float) -> None:
    """Move a server's injected clock on, then let its tables' tasks run."""

    async def move() -> None:
        clock.advance(seconds)

    server.call(move())
    time.sleep(0.05)


def on_writer(server: ServerThread, sql: str) -> None:
    """Run ``sql`` on the server's own SQLite connection (the one its commits use), in its writer's thread."""
    store = server.running.log

    async def run() -> None:
        await asyncio.get_running_loop().run_in_executor(store._writing, lambda: store.db.execute(sql))  # type: ignore[union-attr]

    server.call(run())


def give_up_at_once(target: str, tables: list[str], calls: int) -> list[grpc.StatusCode]:
    """``calls`` anonymous JoinTable calls (over ``tables`` in turn) with 1 to 19 ms deadlines, all at once, as a
    flaky network makes them; the status of each."""

    async def burst() -> list[grpc.StatusCode]:
        async with grpc.aio.insecure_channel(target) as channel:
            stub = tpb_grpc.TableServiceStub(channel)

            async def one(i: int) -> grpc.StatusCode:
                try:
                    await stub.JoinTable(tpb.JoinTableRequest(table_id=tables[i % len(tables)], player=f"x{i}"),
                                         timeout=(1 + i % 19) / 1000)  # fmt: skip
                    return grpc.StatusCode.OK
                except grpc.aio.AioRpcError as e:
                    return e.code()

            return list(await asyncio.gather(*(one(i) for i in range(calls))))

    return asyncio.run(burst())


def error_of(call: Callable[..., object], *args: object, **kwargs: object) -> ServiceError:
    """The ServiceError a call raises (the test fails if it raises none)."""
    with pytest.raises(ServiceError) as e:
        call(*args, **kwargs)
    return e.value


def sharing_lexicons(path: Path, data_dir: Path) -> Path:
    """``path`` as a data directory of its own (its own table log) serving the session's built lexicons."""
    path.mkdir(parents=True, exist_ok=True)
    (path / "lexicons").symlink_to(data_dir / "lexicons")
    return path


@pytest.fixture(scope="session")
def store(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Store:
    return RunStore(data_dir, shared_data_dir(tmp_path_factory))


@pytest.fixture(scope="session")
def mini(store: Store) -> Lexicon:
    return store.get(MINI, build_missing=False)


@pytest.fixture(scope="session")
def full(store: Store) -> Lexicon:
    """The default lexicon (fr-agreed: what DELA, the ABU and wordfreq agree on), built once a run on first use."""
    return store.get(DEFAULT_LEXICON)


@pytest.fixture(scope="session")
def server(data_dir: Path, full: Lexicon) -> Iterator[ServerThread]:
    running = ServerThread(data_dir)
    yield running
    running.stop()


@pytest.fixture
def client(server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(server.target) as c:
        c.wait_ready()
        yield c


@pytest.fixture(scope="module")
def clock() -> ManualClock:
    """A clock the tests move, one a test module."""
    return ManualClock()


@pytest.fixture(scope="module")
def word_server(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, full: Lexicon, mini: Lexicon,
                clock: ManualClock) -> Iterator[ServerThread]:  # fmt: skip
    """A server of its own a test module (its own table log) serving the session's lexicons, on ``clock``."""
    server = ServerThread(sharing_lexicons(tmp_path_factory.mktemp("word-server"), data_dir), clock=clock, rate=1000.0)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, full: Lexicon,
               mini: Lexicon) -> Iterator[ServerThread]:  # fmt: skip
    """A server of its own a test module, with its web port (the page, and Connect) beside gRPC."""
    server = ServerThread(sharing_lexicons(tmp_path_factory.mktemp("web"), data_dir), web_port=0, rate=1000.0)
    assert server.running.web is not None
    yield server
    server.stop()


def web_url(server: ServerThread) -> str:
    """The base URL of a server's web port."""
    assert server.running.web is not None
    return f"http://127.0.0.1:{server.running.web.port}"


@pytest.fixture(scope="module")
def web(web_server: ServerThread) -> str:
    """The base URL of the module's web port."""
    return web_url(web_server)


def post(url: str, body: dict[str, Any], token: str = "", source: str | None = None) -> tuple[int, dict[str, Any]]:
    """A Connect unary call with the JSON codec, as a browser's fetch makes it: (HTTP status, JSON body).

    ``source``: the address it comes from (another loopback address, 127.0.0.2: another browser's machine).
    """
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30,
                                            source_address=(source, 0) if source else None)  # fmt: skip
    try:
        connection.request("POST", parts.path, json.dumps(body).encode(), headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def seat_against_bots(api: BrelanClient, variant: str, options: dict[str, str], hints: bool = False) -> SeatHandle:
    """Seat 0 of a new table whose other seats the server's bots play (``hints``: a practice table)."""
    game = get_variant(variant)
    table = api.create_table(variant, options, bot_seats=list(range(1, game.seats(game.make_options(options)))),
                             hints=hints)  # fmt: skip
    return api.join(table.table_id, seat=0)


@pytest.fixture
def api(word_server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(word_server.target) as client:
        client.wait_ready()
        yield client


# -- a real PostgreSQL, for the log store and the cluster ------------------------------------------


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL of the session's own; skipped (one line) where PostgreSQL is missing.

    ``.ci/run`` installs Debian's postgresql and sets BRELAN_REQUIRE_POSTGRES, so CI fails rather than skips.
    """
    try:
        with running_postgres() as server:
            yield server
    except PostgresMissing as e:
        if os.environ.get("BRELAN_REQUIRE_POSTGRES"):
            pytest.fail(str(e))
        pytest.skip(str(e))


def database_for(store: str, request: pytest.FixtureRequest) -> str | None:
    """The ``database`` a server of this store takes: a fresh PostgreSQL database, or None (SQLite)."""
    if store == "sqlite":
        return None
    return request.getfixturevalue("postgres").database()  # type: ignore[no-any-return]


def spawn(data_dir: Path, port: int = 0, database: str | None = None, *options: str) -> tuple[subprocess.Popen[str], str]:
    """A real ``brelan serve`` process (its stderr in ``data_dir/serve-N.log``) and its address.

    It serves the lexicons of ``data_dir`` when it has some (:func:`sharing_lexicons`), none otherwise.
    """
    data_dir.mkdir(parents=True, exist_ok=True)
    log = data_dir / f"serve-{len(list(data_dir.glob('serve-*.log')))}.log"
    env = dict(os.environ, BRELAN_DATA_DIR=str(data_dir), BRELAN_DATABASE=database or "")
    with log.open("w") as err:
        lexicons = [] if (data_dir / "lexicons").exists() else ["--no-lexicon"]
        process = subprocess.Popen([sys.executable, "-m", "brelan.clients.cli", "serve", *lexicons, "--port",
                                    str(port), "--web-port", "0", "--rate", "1000", "--flat-out-bots", "--test-seeds",
                                    f"{current_test()}/{log.name}", *options], stderr=err, text=True,
                                   env=env)  # fmt: skip
    deadline = time.monotonic() + 60
    while not (found := re.search(r"serving on \S*:(\d+) ", log.read_text())):
        assert process.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    return process, f"127.0.0.1:{found.group(1)}"


def until_answered(call: Callable[[], T], limit: float = 40.0) -> T:
    """``call()``, again while the server answers UNAVAILABLE (a restarted node, a table being taken over)."""
    deadline = time.monotonic() + limit
    while True:
        try:
            return call()
        except ServiceError as e:
            if e.code != grpc.StatusCode.UNAVAILABLE or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """Marks a test that failed (``item.failed``), for fixtures that keep evidence then (browser screenshots)."""
    report = yield
    if report.failed:
        item.failed = True  # type: ignore[attr-defined]
    return report  # type: ignore[no-any-return]
