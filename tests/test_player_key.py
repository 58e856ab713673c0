"""A player key makes seats follow their player: a seat left mid-game is kept for the key, a seat whose token was
lost (a closed tab) is taken back with it, ListMyTables finds them, across a restart; a key is checked; the CLI
keeps one in its data directory and lists its tables."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import grpc
import pytest

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.cli import main
from brelan.clients.client import BrelanClient, new_player_key
from brelan.server.main import ServerThread

from conftest import error_of


@pytest.fixture
def server(tmp_path: Path) -> ServerThread:
    running = ServerThread(tmp_path / "data", lexicons=False)
    yield running  # type: ignore[misc]
    running.stop()


def dealt_table(api: BrelanClient, ann_key: str) -> tuple[str, str]:
    """A POKER CHAMP table of three dealt: Ann (her key) at seat 0, Bob at 1, a bot at 2; its id and Ann's token."""
    table = api.create_table("poker-champ", {"players": "3"}, bot_seats=[2], untimed=True).table_id
    ann = api.join(table, seat=0, player="Ann", player_key=ann_key)
    api.join(table, seat=1, player="Bob")
    assert api.get_table(table).status == tpb.TABLE_STATUS_PLAYING
    return table, ann.token


def mine(api: BrelanClient, key: str) -> list[tuple[str, int, bool]]:
    return [(m.table.table_id, m.seat, m.kept) for m in api.my_tables(key)]


def test_a_seat_follows_its_player_key_not_its_token(server: ServerThread) -> None:
    with BrelanClient(server.target) as api:
        ann_key, other_key = new_player_key(), new_player_key()
        table, lost_token = dealt_table(api, ann_key)
        assert mine(api, ann_key) == [(table, 0, False)] and mine(api, other_key) == []
        # Her tab closed with its token: the key takes the seat back, and the old token holds nothing any more.
        back = api.join(table, player="Ann", player_key=ann_key)
        assert back.seat == 0 and back.token != lost_token
        assert error_of(api.view, table, token=lost_token).code == grpc.StatusCode.UNAUTHENTICATED
        assert back.view().seat == 0
        # Left mid-game: kept for the key (no secret to copy), which alone takes it back.
        assert back.leave() == ""
        assert mine(api, ann_key) == [(table, 0, True)]
        refused = error_of(api.join, table, seat=0, player="Eve", player_key=other_key)
        assert refused.code == grpc.StatusCode.PERMISSION_DENIED and refused.reason == "SEAT_RESERVED"
        again = api.join(table, player="Ann", player_key=ann_key)
        assert again.seat == 0 and mine(api, ann_key) == [(table, 0, False)]
        assert api.get_table(table).seats[0].player == "Ann"
        # Taken back from a page whose name box was left empty (it sends "player"): the seat keeps the name the
        # table knows it by.
        assert api.join(table, player="player", player_key=ann_key).seat == 0
        assert api.get_table(table).seats[0].player == "Ann"


def test_a_keys_seats_are_found_and_taken_back_after_a_restart(tmp_path: Path) -> None:
    key = new_player_key()
    first = ServerThread(tmp_path, lexicons=False)
    try:
        with BrelanClient(first.target) as api:
            table, _ = dealt_table(api, key)
    finally:
        first.stop()
    again = ServerThread(tmp_path, lexicons=False)
    try:
        with BrelanClient(again.target) as api:
            assert mine(api, key) == [(table, 0, False)]
            assert api.join(table, player_key=key).seat == 0
    finally:
        again.stop()


@pytest.mark.parametrize("key", ["short", "k" * 65])
def test_a_player_key_is_checked(server: ServerThread, key: str) -> None:
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", {"players": "2"}).table_id
        for call in (lambda: api.join(table, player_key=key), lambda: api.my_tables(key)):
            e = error_of(call)
            assert e.code == grpc.StatusCode.INVALID_ARGUMENT and [f for f, _ in e.violations] == ["player_key"]


def test_the_cli_keeps_a_key_and_lists_its_tables(server: ServerThread, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    home = tmp_path / "home"
    assert main(["player", "key", "--data-dir", str(home)]) == 0
    key = capsys.readouterr().out.strip()
    path = home / "player.key"
    assert path.read_text().strip() == key and stat.S_IMODE(path.stat().st_mode) == 0o600
    with BrelanClient(server.target) as api:
        table = api.create_table("poker-champ", {"players": "2"}).table_id
    assert main(["table", "join", table, "--server", server.target, "--data-dir", str(home), "--json"]) == 0
    seat = json.loads(capsys.readouterr().out)["seat"]
    assert main(["table", "mine", "--server", server.target, "--data-dir", str(home), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"table_id": table, "seat": seat, "kept": False, "status": "waiting",
                                                   "variant": "poker-champ"}  # fmt: skip
    # Left mid-game, the seat is kept for the key: the same command takes it back, no secret to copy.
    with BrelanClient(server.target) as api:
        dealt = api.create_table("poker-champ", {"players": "2"}, bot_seats=[1], untimed=True).table_id
    assert main(["table", "join", dealt, "--server", server.target, "--data-dir", str(home), "--json"]) == 0
    token = json.loads(capsys.readouterr().out)["token"]
    assert main(["table", "leave", dealt, "--token", token, "--server", server.target, "--data-dir", str(home)]) == 0
    assert "kept for your player key" in capsys.readouterr().out
    assert main(["table", "join", dealt, "--server", server.target, "--data-dir", str(home), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 0
    # Brought from another device: that key is this one's from now on.
    other = tmp_path / "other"
    assert main(["player", "key", "--set", key, "--data-dir", str(other)]) == 0
    assert (other / "player.key").read_text().strip() == key
    capsys.readouterr()
    assert main(["player", "key", "--set", "no good", "--data-dir", str(other)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "player key" in said and "Traceback" not in said


def test_a_seat_kept_for_an_invited_guest_is_taken_with_its_secret_alone(server: ServerThread,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with BrelanClient(server.target) as api:
        made = api.open_table("poker-champ", {"players": "3"}, bot_seats=[2], invite={1: "Bob"}, create_id="c" * 20)
        table = made.table.table_id
        [invitation] = made.invitations
        assert (invitation.seat, invitation.name) == (1, "Bob") and len(invitation.secret) == 32
        assert made.table.seats[1].reserved and made.table.seats[1].player == "Bob"
        assert api.open_table("poker-champ", {"players": "3"}, create_id="c" * 20).invitations == made.invitations
        e = error_of(api.join, table, seat=1, player="Eve")
        assert e.code == grpc.StatusCode.PERMISSION_DENIED and e.reason == "SEAT_RESERVED"
        assert api.join(table, seat=0, player="Ann").seat == 0  # the other seats are anyone's
        bob = api.join(table, player="Robert", secret=invitation.secret)
        assert bob.seat == 1 and api.get_table(table).seats[1].player == "Bob"  # the invitation's name
    capsys.readouterr()
    assert main(["table", "create", "poker-champ", "--invite", "2=Zoé", "--json", "--server", server.target]) == 0
    made_here, invited = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert invited["seat"] == 1 and invited["name"] == "Zoé" and len(invited["secret"]) == 32
    with BrelanClient(server.target) as api:
        assert api.join(made_here["table_id"], secret=invited["secret"]).seat == 1
        for invite, field in (({5: "Zoé"}, "invite[0].seat"), ({2: "Zoé"}, "invite[0].seat"), ({1: ""}, "invite[0].name")):
            e = error_of(api.open_table, "poker-champ", {"players": "3"}, bot_seats=[2], invite=invite)
            assert e.code == grpc.StatusCode.INVALID_ARGUMENT and [f for f, _ in e.violations] == [field]
