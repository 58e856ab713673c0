"""Tables of bots only are shows to watch: a watchable pace, a few per caller, a budget of events per caller, and
abandoned when nobody watches them (issue 37: one client made 60 such tables writing thousands of events a second).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Iterator

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.server.clock import ManualClock
from brelan.server.main import ServerThread
from brelan.server.games.registry import get_variant
from brelan.server.shows import FLAT_OUT, ShowRules
from brelan.server.table import Table
from conftest import advance, error_of

# A POKER CHAMP game that lasts: every Award to win, a million chips each.
LONG = {"players": "3", "length": "long", "chips": "1000000"}
BOTS = [0, 1, 2]


def serving(path: Path, shows: ShowRules, clock: ManualClock | None = None) -> ServerThread:
    return ServerThread(path, lexicons=False, rate=1000.0, shows=shows, clock=clock)


def seq_after(api: BrelanClient, table_id: str, seconds: float) -> int:
    time.sleep(seconds)
    return api.get_table(table_id).seq


def test_a_caller_has_a_few_tables_of_bots_only_at_once_and_any_number_with_a_person(tmp_path: Path) -> None:
    server = serving(tmp_path, ShowRules(pace=5.0, per_caller=2))
    try:
        with BrelanClient(server.target) as api:
            shows = [api.create_table("poker-champ", LONG, bot_seats=BOTS) for _ in range(2)]
            e = error_of(api.create_table, "poker-champ", LONG, bot_seats=BOTS)
            assert (e.code, e.reason, e.metadata["limit"]) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_BOT_TABLES", "2")
            for _ in range(3):  # a table with a seat for a person is no show
                api.create_table("poker-champ", LONG, bot_seats=[1, 2])
            assert {api.get_table(t.table_id).status for t in shows} == {tpb.TABLE_STATUS_PLAYING}
    finally:
        server.stop()


def test_a_table_of_bots_only_plays_at_the_shows_pace_unless_the_server_plays_them_flat_out(tmp_path: Path) -> None:
    paced, flat = serving(tmp_path / "paced", ShowRules(pace=0.5, per_caller=0)), serving(tmp_path / "flat", FLAT_OUT)
    try:
        with BrelanClient(paced.target) as slow, BrelanClient(flat.target) as fast:
            watched = slow.create_table("poker-champ", LONG, bot_seats=BOTS).table_id
            at = slow.get_table(watched).seq
            moved = seq_after(slow, watched, 2.0) - at
            assert 0 < moved <= 40  # at most 2 s / 0.25 s moves, each with at most a deal's events
            table = fast.create_table("poker-champ", LONG, bot_seats=BOTS).table_id
            assert seq_after(fast, table, 2.0) > 4 * moved  # flat out: as fast as the engine and the log go
    finally:
        paced.stop()
        flat.stop()


def test_one_caller_s_tables_of_bots_only_write_within_its_events_budget(tmp_path: Path) -> None:
    rate = 20.0
    server = serving(tmp_path, ShowRules(pace=0.0, per_caller=0, events_per_second=rate))
    try:
        with BrelanClient(server.target) as api:
            tables = [api.create_table("poker-champ", LONG, bot_seats=BOTS).table_id for _ in range(3)]
            start = time.monotonic()
            before = sum(api.get_table(t).seq for t in tables)
            time.sleep(3.0)
            written = sum(api.get_table(t).seq for t in tables) - before
            seconds = time.monotonic() - start
            # The budget's second at once, then its rate, and each table's last move (a deal: a few dozen events).
            assert 0 < written <= rate * (seconds + 1) + 3 * 40, written
    finally:
        server.stop()


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[ServerThread, ManualClock]]:
    clock = ManualClock()
    server = serving(tmp_path, ShowRules(pace=0.2, per_caller=0, unwatched_seconds=600.0), clock)
    yield server, clock
    server.stop()


def status_after(api: BrelanClient, table: str, wanted: int, seconds: float = 10.0) -> int:
    """The table's status once it is ``wanted`` (or after ``seconds``: the tables' tasks run on their own)."""
    deadline = time.monotonic() + seconds
    while (status := api.get_table(table).status) != wanted and time.monotonic() < deadline:
        time.sleep(0.02)
    return status


def test_a_table_of_bots_only_nobody_watches_ends_as_abandoned(clocked: tuple[ServerThread, ManualClock]) -> None:
    server, clock = clocked
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", LONG, bot_seats=BOTS).table_id
        advance(server, clock, 599)
        assert api.get_table(table).status == tpb.TABLE_STATUS_PLAYING
        stream = api.table_stub.WatchTable(tpb.WatchTableRequest(table_id=table))  # a spectator's
        next(stream)
        advance(server, clock, 3600)
        assert api.get_table(table).status == tpb.TABLE_STATUS_PLAYING  # watched: it plays on
        stream.cancel()  # the spectator goes: unwatched from now (not from when it was made)
        time.sleep(0.2)
        advance(server, clock, 599)
        assert api.get_table(table).status == tpb.TABLE_STATUS_PLAYING
        advance(server, clock, 2)
        assert status_after(api, table, tpb.TABLE_STATUS_FINISHED) == tpb.TABLE_STATUS_FINISHED
        assert json.loads(api.get_table(table).result) == {"abandoned": True, "absent": []}


def test_a_tournament_s_games_between_bots_are_no_shows() -> None:
    """Paced and abandoned when unwatched, a tournament's game of bots would hold its tournament for ever."""
    variant = get_variant("poker-champ")
    options = variant.make_options({"players": "2"})

    def table(place: dict[str, str] | None) -> Table:
        row = Table.new_row("t-show", variant, options, "", 0.0, (0, 1), place=place)
        return Table(row, variant, None, ManualClock(), shows=ShowRules())  # type: ignore[arg-type]

    show, game = table(None), table({"tournament_id": "tour-1"})
    assert show.bots_only and not game.bots_only
    show.state, game.state = (variant.new_game(options, random.Random(1)) for _ in range(2))  # games being played
    assert show._abandon_at() is not None and game._abandon_at() is None  # the tournament's game is never given up
