"""Table chat: a line said by a player or a spectator reaches every watcher shown it at once, as plain text, in
order; it is kept with the table (after a restart, once the game is over); lines are checked and rate-limited; a
table whose spectators chat apart keeps their lines from the players."""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Iterator

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle
from brelan.server.main import ServerThread

from conftest import error_of


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data", lexicons=False)
    yield running
    running.stop()


def table_of_two(api: BrelanClient, chat_apart: bool = False) -> tuple[str, SeatHandle, SeatHandle]:
    table = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2], untimed=True,
                             chat_apart=chat_apart).table_id  # fmt: skip
    return table, api.join(table, seat=0, player="Ann"), api.join(table, seat=1, player="Bob")


def listening(api: BrelanClient, table: str, token: str | None = None) -> queue.Queue[tpb.ChatLine]:
    """The chat lines a watcher (a seat's token, or a spectator) receives, as they come."""
    heard: queue.Queue[tpb.ChatLine] = queue.Queue()

    def run() -> None:
        try:
            for line in api.listen(table, token=token):
                heard.put(line)
        except Exception:  # the stream closed with the server
            pass

    threading.Thread(target=run, daemon=True).start()
    return heard


def said(line: tpb.ChatLine) -> tuple[int, str, str, int | None]:
    return line.n, line.name, line.text, line.seat if line.HasField("seat") else None


def test_a_line_reaches_the_players_and_the_spectators_at_once_as_text(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table, ann, bob = table_of_two(api)
        bob_hears, watcher_hears = listening(api, table, bob.token), listening(api, table)
        time.sleep(0.2)  # the streams open
        text = "bien joué <b>gg</b> & <script>x</script> 👨\u200d👩\u200d👧"
        began = time.monotonic()
        line = api.say(table, text, token=ann.token)
        assert said(line) == (1, "Ann", text, 0) and line.seq == api.get_table(table).seq
        for heard in (bob_hears, watcher_hears):
            got = heard.get(timeout=1)
            assert said(got) == said(line)  # the very text: nothing escaped, nothing stripped but its ends
        assert time.monotonic() - began < 1
        api.say(table, "  salut  ", name="Zoé")
        assert [said(x) for x in api.chat(table, token=bob.token)] == [(1, "Ann", text, 0), (2, "Zoé", "salut", None)]
        assert [said(x) for x in api.chat(table, after=1)] == [(2, "Zoé", "salut", None)]
        assert said(bob_hears.get(timeout=1)) == (2, "Zoé", "salut", None)


def test_a_watcher_that_comes_later_is_told_the_lines_before_it(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table, ann, _ = table_of_two(api)
        for text in ("un", "deux", "trois"):
            api.say(table, text, token=ann.token)
        heard = listening(api, table)
        assert [heard.get(timeout=1).text for _ in range(3)] == ["un", "deux", "trois"]


@pytest.mark.parametrize("text, why", [
    ("", "empty"), ("   ", "empty"), ("x" * 201, "at most 200"), ("deux\nlignes", "one line"),
    ("\u202eevil", "one line"), ("bip\x07", "one line"),
])  # fmt: skip
def test_a_line_is_checked(server: ServerThread, text: str, why: str) -> None:
    with BrelanClient(server.target) as api:
        table, ann, _ = table_of_two(api)
        e = error_of(api.say, table, text, token=ann.token)
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "text" and why in e.violations[0][1]
        assert api.chat(table) == []


def test_a_spectator_writes_under_no_player_s_name(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table, ann, _ = table_of_two(api)
        for name in ("Ann", " bob ", "ANN"):  # a seat's player, whatever its case and spaces
            e = error_of(api.say, table, "je me couche", name=name)
            assert e.code == grpc.StatusCode.INVALID_ARGUMENT and [f for f, _ in e.violations] == ["name"], name
        assert api.chat(table) == []
        assert said(api.say(table, "je me couche", name="Annie")) == (1, "Annie", "je me couche", None)


def test_lines_are_limited_per_seat(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table, ann, bob = table_of_two(api)
        for n in range(5):  # a burst
            api.say(table, f"ligne {n}", token=ann.token)
        e = error_of(api.say, table, "une de trop", token=ann.token)
        assert e.code == grpc.StatusCode.RESOURCE_EXHAUSTED and e.reason == "RATE_LIMITED" and e.retry_after
        assert api.say(table, "moi aussi", token=bob.token).n == 6  # another seat's own share


def test_spectators_apart_are_not_shown_to_the_players(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table, ann, bob = table_of_two(api, chat_apart=True)
        assert api.get_table(table).chat_apart
        bob_hears, watcher_hears = listening(api, table, bob.token), listening(api, table)
        time.sleep(0.2)
        api.say(table, "allez Ann", name="Zoé")
        api.say(table, "merci", token=ann.token)
        assert [said(watcher_hears.get(timeout=1)) for _ in range(2)] == [(1, "Zoé", "allez Ann", None),
                                                                          (2, "Ann", "merci", 0)]  # fmt: skip
        assert said(bob_hears.get(timeout=1)) == (2, "Ann", "merci", 0)
        assert [x.n for x in api.chat(table, token=ann.token)] == [2] and [x.n for x in api.chat(table)] == [1, 2]


def test_the_chat_is_kept_with_its_table(tmp_path: Path) -> None:
    first = ServerThread(tmp_path, lexicons=False)
    try:
        with BrelanClient(first.target) as api:
            table, ann, _ = table_of_two(api)
            api.say(table, "à tout de suite", token=ann.token)
    finally:
        first.stop()
    again = ServerThread(tmp_path, lexicons=False)
    try:
        with BrelanClient(again.target) as api:
            assert [said(x) for x in api.chat(table)] == [(1, "Ann", "à tout de suite", 0)]
            assert api.say(table, "re", name="Zoé").n == 2
    finally:
        again.stop()
