"""The end of a player's game: a knocked-out seat is told its place, a player may sit out (the rules' default move
at once, each time) and come back, and a table made to play again is named on the table before it."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Iterator

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.errors import ServiceError
from brelan.clients.client import BrelanClient, new_player_key
from brelan.server.games.contract import places_of
from brelan.server.main import ServerThread

from conftest import error_of
from postgres_support import Postgres


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data", lexicons=False)
    yield running
    running.stop()


def until(check, what: str, limit: float = 60.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.02)
    raise AssertionError(f"no {what} after {limit} s")


@pytest.mark.parametrize("variant, options", [("yahtzee-holdem", {"players": "4", "stack": "60"}),
                                              ("daker", {"mode": "holdem", "players": "4", "stack": "60"})])
def test_each_knocked_out_seat_is_told_its_place(server: ServerThread, variant: str, options: dict[str, str]) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table(variant, options, bot_seats=range(4)).table_id
        done = until(lambda: (t := api.get_table(table)).status == tpb.TABLE_STATUS_FINISHED and t, "end")
        places = [s.place for s in done.seats]
        stacks = done.yahtzee_holdem if variant == "yahtzee-holdem" else done.daker
        out = {s: hand for s, hand in enumerate(stacks.out_hands) if hand}
        assert places == [places_of(4, out, list(stacks.champions)).get(s, 0) for s in range(4)]
        assert sorted(places)[0] == 1 and all(1 <= p <= 4 for p in places)  # every seat placed at a last-stack game


def test_places_share_a_hand_and_rank_the_later_out_higher() -> None:
    assert places_of(5, {0: 2, 3: 7, 4: 7}, [1]) == {0: 5, 3: 3, 4: 3, 1: 1}


def test_a_seat_sitting_out_plays_the_default_move_at_once_and_comes_back(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2], untimed=True).table_id
        ann, bob = api.join(table, seat=0, player="Ann"), api.join(table, seat=1, player="Bob")
        info = ann.sit_out()
        assert info.seats[0].sitting_out and not info.seats[1].sitting_out
        # Ann never acts; her decisions are made for her at once (an untimed table would wait on her forever).
        events: list[tpb.TableEvent] = []

        def watch() -> None:
            try:
                for event in api.watch(table):
                    events.append(event)
            except ServiceError:
                pass  # the channel closed with the test

        threading.Thread(target=watch, daemon=True).start()
        deadline = time.monotonic() + 15
        while not any(e.HasField("actor") and e.actor == 0 for e in events):
            assert time.monotonic() < deadline, "no move was made for Ann"
            if (view := bob.view()).legal:
                try:
                    bob.act("pay", expected_seq=view.seq)
                except ServiceError:
                    pass  # the table moved on meanwhile: look again
            time.sleep(0.02)
        assert not ann.sit_out(False).seats[0].sitting_out
        e = error_of(api.sit_out, table, token="not-a-token")
        assert e.code == grpc.StatusCode.UNAUTHENTICATED


def test_a_seat_sitting_out_still_does_after_a_restart(tmp_path: Path) -> None:
    first = ServerThread(tmp_path / "data", lexicons=False)
    try:
        with BrelanClient(first.target) as api:
            table = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2], untimed=True).table_id
            ann = api.join(table, seat=0, player="Ann")
            api.join(table, seat=1, player="Bob")
            assert ann.sit_out().seats[0].sitting_out
    finally:
        first.stop()
    again = ServerThread(tmp_path / "data", lexicons=False)
    try:
        with BrelanClient(again.target) as api:
            seats = api.get_table(table).seats
            assert [s.sitting_out for s in seats] == [True, False, False], seats  # read back from the log
            assert not api.sit_out(table, False, token=ann.token).seats[0].sitting_out
            assert not api.get_table(table).seats[0].sitting_out
    finally:
        again.stop()


def test_sitting_out_moves_an_open_decision_and_coming_back_twice_gives_no_time(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2], decision_seconds=30).table_id
        seats = [api.join(table, seat=s, player=n) for s, n in ((0, "Ann"), (1, "Bob"))]
        mover = until(lambda: next((s for s in seats if s.view().legal), None), "a decision")
        seq = mover.view().seq
        left = mover.view().deadline_seconds
        mover.sit_out(False)  # not sitting out: nothing changes, the clock runs on
        assert mover.view().deadline_seconds <= left and mover.view().seq == seq
        mover.sit_out()  # its open decision is made for it, within about a second
        until(lambda: mover.client.get_table(table).seq > seq, "the move made for the seat sitting out", 5)


def test_names_people_see_are_plain_text(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", {"players": "2"}).table_id
        for call, field in ((lambda: api.join(table, player="Eve\x1b[2J"), "player"),
                            (lambda: api.say(table, "salut", name="Zoé\u202e"), "name"),
                            (lambda: api.create_table("poker-champ", {"players": "2"}, name="t\x00"), "name"),
                            (lambda: api.open_table("poker-champ", {"players": "2"}, invite={1: "Bo\nb"}),
                             "invite[0].name")):  # fmt: skip
            e = error_of(call)
            assert e.code == grpc.StatusCode.INVALID_ARGUMENT and [f for f, _ in e.violations] == [field]


def test_an_invited_guest_who_leaves_is_kept_for_their_key(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        made = api.open_table("poker-champ", {"players": "2"}, invite={1: "Bob"}, untimed=True)
        table, [invitation] = made.table.table_id, made.invitations
        api.join(table, seat=0, player="Ann")
        key = new_player_key()
        bob = api.join(table, secret=invitation.secret, player_key=key)
        bob.leave()
        assert [(m.table.table_id, m.seat, m.kept) for m in api.my_tables(key)] == [(table, 1, True)]
        assert api.join(table, player_key=key).seat == 1


def test_a_game_ended_by_its_hands_places_every_seat(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table("yahtzee-holdem", {"players": "4", "stack": "300", "hands": "2"},
                                 bot_seats=range(4)).table_id  # fmt: skip
        done = until(lambda: (t := api.get_table(table)).status == tpb.TABLE_STATUS_FINISHED and t, "the end")
        places = [s.place for s in done.seats]
        stacks = list(done.yahtzee_holdem.stacks)
        assert all(places) and places == [1 + sum(t > s for t in stacks) for s in stacks]


def test_a_table_made_to_play_again_is_named_on_the_one_before(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        over = api.create_table("yahtzee-holdem", {"players": "2", "hands": "1"}, bot_seats=[1]).table_id
        ann = api.join(over, seat=0, player="Ann")
        ann.sit_out()  # her moves made for her: its one hand ends the game, a finished table read back and kept
        until(lambda: api.get_table(over).status == tpb.TABLE_STATUS_FINISHED, "the game's end", 30)
        # Its players are invited to the first table named: a stranger names none (no seat's token, another table's).
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, rematch_of=over)
        assert (e.code, e.reason, [f for f, _ in e.violations]) == \
            (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED", ["rematch_of"])
        elsewhere = api.join(api.create_table("poker-champ", {"players": "2"}).table_id, player="Eve")
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, rematch_of=over, token=elsewhere.token)
        assert (e.code, e.reason, [f for f, _ in e.violations]) == \
            (grpc.StatusCode.PERMISSION_DENIED, "OTHER_TABLE", ["rematch_of"])
        assert api.get_table(over).rematch == ""
        again = api.create_table("poker-champ", {"players": "2"}, rematch_of=over, token=ann.token).table_id
        assert api.get_table(over).rematch == again
        api.create_table("poker-champ", {"players": "2"}, rematch_of=over, token=ann.token)  # a second: the first
        assert api.get_table(over).rematch == again and api.get_table(again).rematch == ""  # stays named
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, rematch_of="t-nothere")
        assert e.code == grpc.StatusCode.NOT_FOUND and e.reason == "TABLE_NOT_FOUND"
        e = error_of(api.create_table, "poker-champ", {"players": "2"}, rematch_of="t-" + "x" * 80)
        assert e.code == grpc.StatusCode.NOT_FOUND and [f for f, _ in e.violations] == ["rematch_of"]


def test_a_rematch_made_on_another_node_is_named_on_every_node(tmp_path: Path, postgres: Postgres) -> None:
    """Two nodes on one PostgreSQL: the old table's players ask for it wherever their calls land, and each node keeps
    the finished tables it read; a rematch made through the other node is named on both."""
    database = postgres.database()
    nodes = [ServerThread(tmp_path / name, lexicons=False, database=database) for name in ("a", "b")]
    try:
        with BrelanClient(nodes[0].target) as a, BrelanClient(nodes[1].target) as b:
            over = a.create_table("yahtzee-holdem", {"players": "2", "hands": "1"}, bot_seats=[1]).table_id
            ann = a.join(over, seat=0, player="Ann")
            ann.sit_out()  # her moves made for her: its one hand ends the game
            for api in (a, b):  # each node now keeps the finished table it read back or played
                until(lambda: api.get_table(over).status == tpb.TABLE_STATUS_FINISHED, "the game's end", 30)
            again = b.create_table("poker-champ", {"players": "2"}, rematch_of=over, token=ann.token).table_id
            assert [api.get_table(over).rematch for api in (a, b)] == [again, again]
    finally:
        for node in nodes:
            node.stop()
