"""Tournaments through the real gRPC server: every game a table, standings from their results, kept across a restart."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Iterator

import grpc
import pytest
from conftest import advance, error_of, sharing_lexicons

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import tournament_pb2 as upb
from brelan.clients.client import BrelanClient, new_player_key, result_dict
from brelan.lexicon.lexicon import Lexicon
from brelan.server.clock import ManualClock
from brelan.server.errors import DEFAULT_DECISION_SECONDS
from brelan.server.main import ServerThread

FAST = {"lexicon": "mini", "rounds": "1", "hand": "5"}  # one deal a game: a whole tournament takes a moment


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, data_dir: Path, full: Lexicon, mini: Lexicon) -> Path:
    return sharing_lexicons(tmp_path_factory.mktemp("tournaments"), data_dir)


@pytest.fixture(scope="module")
def server(home: Path) -> Iterator[ServerThread]:
    running = ServerThread(home, rate=1000.0)
    yield running
    running.stop()


@pytest.fixture
def api(server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(server.target) as client:
        client.wait_ready()
        yield client


def wait_over(api: BrelanClient, tournament_id: str, limit: float = 60) -> object:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        info = api.get_tournament(tournament_id)
        if info.finished:
            return info
        time.sleep(0.05)
    raise AssertionError("the tournament did not end")


def test_a_knockout_of_bots_plays_every_match_on_tables_to_a_champion(api: BrelanClient) -> None:
    players = ["ann", "bob", "cy", "dee"]
    info = api.create_tournament(players, bots=range(4), options=FAST, name="cup").tournament
    assert info.stage == "knockout" and info.round == 1 and len(info.matches) == 2
    assert sorted(p for m in info.matches for p in (m.player_a, m.player_b)) == sorted(players)
    final = wait_over(api, info.tournament_id)
    assert final.champion in players and len(final.matches) == 3  # two semi-finals, a final
    for m in final.matches:
        assert max(m.wins_a, m.wins_b) == 2 and m.winner in (m.player_a, m.player_b)
        games = [api.get_table(t) for t in m.table_ids]
        assert len(games) >= 2 and all(g.status == 3 for g in games)
        for g in games:  # its bots named as the tournament names them, at the table and in the lobby
            assert [s.player for s in g.seats] == list(g.tournament.players) == [m.player_a, m.player_b]
        listed = {t.table_id: t for t in api.list_tables(include_finished=True)}
        assert all([s.player for s in listed[t].seats] == [m.player_a, m.player_b] for t in m.table_ids)
        won_a = sum(result_dict(g)["champions"] == [0] for g in games)
        assert won_a == m.wins_a  # seat 0 is player a in every game of the match
    semi_winners = {m.winner for m in final.matches[:2]}
    assert {final.matches[2].player_a, final.matches[2].player_b} == semi_winners
    top = final.standings[0]
    assert top.place == 1 and top.player == final.champion and top.won == 2


def test_a_preliminary_then_its_knockout(api: BrelanClient) -> None:
    info = api.create_tournament([f"p{i}" for i in range(6)], format="preliminary", bots=range(6), options=FAST).tournament
    assert [m.stage for m in info.matches] == ["preliminary"] * 3
    final = wait_over(api, info.tournament_id, limit=120)
    stages = [(m.stage, m.round) for m in final.matches]
    assert stages.count(("preliminary", 3)) == 3 and stages[-3:] == [("knockout", 1), ("knockout", 1), ("knockout", 2)]
    assert sum(s.match_points for s in final.standings) == 5 * len(final.matches)  # 4 + 1 or 3 + 2 a match


def test_a_game_s_table_tells_its_place_in_its_tournament(api: BrelanClient) -> None:
    """TableInfo.tournament: a page says "Coupe · demi-finale · match 2 · partie 1" in its own words, never the
    server's English name; the lobby's listing tells it too, and a table of no tournament tells none. Each game
    pauses after each hand as its tournament asked (its games are made from its row as the store keeps it)."""
    info = api.create_tournament(["ann", "bob", "cy", "dee"], options=FAST, name="Coupe",
                                 pause_seconds=4).tournament  # people: they wait  # fmt: skip
    second = info.matches[1]
    assert api.get_table(second.table_ids[0]).pause_seconds == 4
    place = api.get_table(second.table_ids[0]).tournament
    assert place == tpb.TournamentPlace(tournament_id=info.tournament_id, tournament_name="Coupe", stage="knockout",
                                        round=1, round_matches=2, match=2, game=1,
                                        players=[second.player_a, second.player_b])  # fmt: skip
    listed = {t.table_id: t for t in api.list_tables()}
    assert listed[second.table_ids[0]].tournament == place
    alone = api.create_table("alphapoker", {"lexicon": "mini", "players": "2"})
    assert not api.get_table(alone.table_id).HasField("tournament")


def bot_levels(api: BrelanClient, table_id: str) -> list[str]:
    """Each seat's bot's level at a table (SeatInfo.bot_level), "" for a person's."""
    return [s.bot_level if s.bot else "" for s in api.get_table(table_id).seats]


def test_a_tournament_s_bots_play_every_game_at_its_level(api: BrelanClient) -> None:
    """Issue 41: the level a tournament chooses (in French too) is each of its bots' at every game's table, the next
    games' as the first ones'; intermediate when none is named; a tournament of people names none."""
    info = api.create_tournament(["ann", "bob", "cy", "dee"], bots=[1, 2, 3], options=FAST, bot_level="fort").tournament
    assert info.bot_level == "strong" and api.get_tournament(info.tournament_id).bot_level == "strong"  # as kept
    with_ann = next(m for m in info.matches if "ann" in (m.player_a, m.player_b))
    assert bot_levels(api, with_ann.table_ids[0]) == ["" if p == "ann" else "strong" for p in (with_ann.player_a, with_ann.player_b)]
    bots_only = next(i for i, m in enumerate(info.matches) if "ann" not in (m.player_a, m.player_b))
    deadline = time.monotonic() + 180  # a bound for a stuck match, not a speed: a loaded machine plays slowly
    while len(tables := api.get_tournament(info.tournament_id).matches[bots_only].table_ids) < 2:
        assert time.monotonic() < deadline, "the bots' match made no second game"
        time.sleep(0.05)
    assert [bot_levels(api, t) for t in tables] == [["strong", "strong"]] * len(tables)  # the games made later too
    plain = api.create_tournament(["ann", "bob", "cy", "dee"], bots=[3], options=FAST).tournament
    assert plain.bot_level == "intermediate"
    match = next(m for m in plain.matches if "dee" in (m.player_a, m.player_b))
    assert "intermediate" in bot_levels(api, match.table_ids[0])
    assert api.create_tournament(["ann", "bob", "cy", "dee"], options=FAST).tournament.bot_level == ""


def test_bad_tournaments_get_field_errors(api: BrelanClient) -> None:
    cases = [
        (dict(players=["a", "b", "c", "d", "e"]), "players"),
        (dict(players=["a", "b", "c"], format="preliminary"), "players"),
        (dict(players=["a", "b", "c", "d"], format="swiss"), "format"),
        (dict(players=["a", "a", "c", "d"]), "players"),
        (dict(players=["a", "b", "c", "d"], bots=[4]), "bots[0]"),
        (dict(players=["a", "b", "c", "d"], options={"players": "3"}), "options[players]"),
        (dict(players=["a", "b", "c", "d"], options={"hand": "12"}), "options[hand]"),
        (dict(players=["a", "b", "c", "d"], options={"lexicon": "nothere"}), "options[lexicon]"),
        (dict(players=[f"p{i}" for i in range(6)], format="preliminary", qualifiers=8), "qualifiers"),
        (dict(players=["a", "b", "c", "d"], join_minutes=-1), "join_minutes"),
        (dict(players=["a", "b", "c", "d"], join_minutes=float("nan")), "join_minutes"),
        (dict(players=["a", "b", "c", "d"], join_minutes=1441), "join_minutes"),
        (dict(players=["a", "b", "c", "d"], pause_seconds=61), "pause_seconds"),
        (dict(players=["a", "b", "c", "d"], bots=[1], bot_level="expert"), "bot_level"),
    ]
    for kwargs, field in cases:
        e = error_of(api.create_tournament, **kwargs)
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == field, (kwargs, e)
    e = error_of(api.get_tournament, "tour-nothere")
    assert e.code == grpc.StatusCode.NOT_FOUND


def test_a_tournament_is_kept_across_a_restart(tmp_path: Path, data_dir: Path, full: Lexicon) -> None:
    home = sharing_lexicons(tmp_path, data_dir)
    first = ServerThread(home)
    try:
        with BrelanClient(first.target) as api:
            created = api.create_tournament(["ann", "bob", "cy", "dee"], options=FAST, name="kept")  # people: tables wait
            info, first_secrets = created.tournament, dict(created.join_secrets)
    finally:
        first.stop()
    again = ServerThread(home)
    try:
        with BrelanClient(again.target) as api:
            kept = api.get_tournament(info.tournament_id)
            assert set(first_secrets) == {"ann", "bob", "cy", "dee"}
            assert kept == info
            m = kept.matches[0]
            assert api.get_table(m.table_ids[0]).tournament.tournament_name == "kept"  # kept with the table's row
            a = api.join(m.table_ids[0], secret=first_secrets[m.player_a])  # the secret's hash is kept too
            assert a.seat == 0 and a.view().seat == 0
            assert api.list_tournaments()[0].tournament_id == info.tournament_id
    finally:
        again.stop()


def test_a_tournament_seat_is_taken_only_with_its_players_join_secret(api: BrelanClient) -> None:
    created = api.create_tournament(["ann", "bob", "cy", "dee"], bots=[3], options=FAST)
    info = created.tournament
    assert set(created.join_secrets) == {"ann", "bob", "cy"}  # bots need none
    match = next(m for m in info.matches if "dee" not in (m.player_a, m.player_b))
    table_id = match.table_ids[0]
    seats = api.get_table(table_id).seats
    assert [(s.reserved, s.player, s.taken) for s in seats] == [(True, match.player_a, False), (True, match.player_b, False)]
    for kwargs, reason in [({"seat": 0}, "SEAT_RESERVED"), ({}, "TABLE_FULL"), ({"secret": "guess"}, "WRONG_SECRET"),
                           ({"seat": 0, "secret": created.join_secrets[match.player_b]}, "WRONG_SECRET")]:  # fmt: skip
        e = error_of(api.join, table_id, player="mallory", **kwargs)
        assert e.reason == reason, kwargs
        assert e.code == (grpc.StatusCode.FAILED_PRECONDITION if reason == "TABLE_FULL" else grpc.StatusCode.PERMISSION_DENIED)
    a = api.join(table_id, player="mallory", secret=created.join_secrets[match.player_a])
    assert a.seat == 0 and api.get_table(table_id).seats[0].player == match.player_a  # the name stays the player's
    again = api.join(table_id, secret=created.join_secrets[match.player_a])  # from another device: the old token goes
    assert again.seat == 0 and error_of(a.view).code == grpc.StatusCode.UNAUTHENTICATED
    b = api.join(table_id, secret=created.join_secrets[match.player_b])
    assert b.seat == 1 and api.get_table(table_id).status == tpb.TABLE_STATUS_PLAYING


def test_the_tournament_commands(server: ServerThread, capsys: pytest.CaptureFixture[str]) -> None:
    from brelan.clients.cli import main

    argv = ["tournament", "create", "ann", "bob", "cy", "dee", "--all-bots", "--level", "débutant", "--name", "cli cup", "--server",
            server.target, *(a for k, v in FAST.items() for a in ("--option", f"{k}={v}")), "--follow", "--json"]  # fmt: skip
    assert main(argv) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line]
    last = json.loads(lines[-1])
    assert last["finished"] is True and last["champion"] in ("ann", "bob", "cy", "dee") and len(last["matches"]) == 3
    assert last["bot_level"] == "beginner"  # --level, in French too
    assert main(["tournament", "show", last["tournament_id"], "--server", server.target]) == 0
    shown = capsys.readouterr().out
    assert "cli cup" in shown and f"won by {last['champion']}" in shown and "tie-break" in shown
    assert "(bots: beginner)" in shown
    assert main(["tournament", "list", "--all", "--server", server.target]) == 0
    assert last["tournament_id"] in capsys.readouterr().out
    assert main(["tournament", "create", "a", "b", "c", "--server", server.target]) == 2
    assert "players: a knockout takes exactly 4, 8, 16, 32 or 64 players" in capsys.readouterr().err
    with pytest.raises(SystemExit) as bad:  # argparse's usage error: one line, exit 2
        main(["tournament", "create", "a", "b", "c", "d", "--all-bots", "--level", "expert", "--server", server.target])
    assert bad.value.code == 2 and "unknown bot level 'expert'" in capsys.readouterr().err


def due_games(api: BrelanClient, tournament_id: str) -> tpb.TableInfo:
    """The tournament once each match being played has its next game's table waiting (or it is over)."""
    deadline = time.monotonic() + 20
    while True:
        info = api.get_tournament(tournament_id)
        if info.finished or all(api.get_table(m.table_ids[-1]).status == tpb.TABLE_STATUS_WAITING for m in info.matches if not m.winner):
            return info
        assert time.monotonic() < deadline, "the next games were not opened"
        time.sleep(0.05)


def test_absent_players_forfeit_at_the_join_deadline_and_the_standings_say_so(
    tmp_path: Path, data_dir: Path, mini: Lexicon
) -> None:
    """One player comes to his games, nobody else: every game is forfeited at its join deadline, to the end."""
    clock = ManualClock()
    running = ServerThread(sharing_lexicons(tmp_path, data_dir), clock=clock, rate=1000.0)
    try:
        with BrelanClient(running.target) as api:
            created = api.create_tournament(["ann", "bob", "cy", "dee"], options=FAST, join_minutes=2)
            info = created.tournament
            present = info.matches[0].player_a
            secret, key = created.join_secrets[present], new_player_key()
            first = api.get_table(info.matches[0].table_ids[0])
            assert first.status == tpb.TABLE_STATUS_WAITING and first.join_by == pytest.approx(clock.now() + 120)
            for n in range(8):  # two rounds of at most two games a match
                for m in info.matches:  # he takes his seat at each of his games
                    if not m.winner and present in (m.player_a, m.player_b):
                        # his join secret as a player key lists the game kept for him (the page's "my tables" in
                        # the browser his link was opened in); taken with his own key, that key holds it
                        waiting = [(s.table.table_id, s.kept) for s in api.my_tables(secret)]
                        assert waiting == [(m.table_ids[-1], True)], (n, waiting)
                        api.join(m.table_ids[-1], secret=secret, player_key=key)
                        assert [(s.table.table_id, s.kept) for s in api.my_tables(key)] == [(m.table_ids[-1], False)]
                if n == 0:
                    advance(running, clock, 119)
                    assert api.get_table(first.table_id).status == tpb.TABLE_STATUS_WAITING  # not yet
                    advance(running, clock, 1)
                else:
                    advance(running, clock, 120)
                info = due_games(api, info.tournament_id)
                if info.finished:
                    break
            assert info.finished and info.champion == present
            games = [api.get_table(t) for m in info.matches for t in m.table_ids]
            assert all(g.status == tpb.TABLE_STATUS_FINISHED and g.hand == 0 and not g.join_by for g in games)
            results = [result_dict(g) for g in games]
            assert all(len(r["champions"]) == 1 and r["forfeited"] for r in results)
            came = [r for r, g in zip(results, games) if any(s.player == present and s.taken for s in g.seats)]
            assert len(came) == 4 and all(r["champions"] != r["forfeited"] for r in came)  # 2 matches, 2-0 each
            standings = {s.player: s for s in info.standings}
            assert standings[present].forfeited == 0 and standings[present].won == 2
            assert standings[info.matches[0].player_b].forfeited == 2
            # Every game was lost by an absent player (by lot when both were), and no capital moved.
            assert sum(s.forfeited for s in info.standings) == len(games)
            assert all(s.tiebreak == 0 for s in info.standings)
            e = error_of(api.transcript, games[0].table_id)
            assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "NEVER_DEALT"
            late = error_of(api.join, games[-1].table_id, player="late")  # a forfeited game is over
            assert late.reason == "GAME_OVER" and result_dict(api.get_table(games[-1].table_id)) == results[-1]
    finally:
        running.stop()


def test_tournaments_are_paged_live_first_and_their_games_timed_by_default(api: BrelanClient) -> None:
    done = api.create_tournament(["a", "b", "c", "d"], format="round-robin", bots=[0, 1, 2, 3], options=FAST).tournament
    wait_over(api, done.tournament_id)
    live = [api.create_tournament(["ann", "bob", "cy", "dee"], options=FAST, **timing).tournament  # type: ignore[arg-type]
            for timing in ({}, {"untimed": True}, {"decision_seconds": 12})]  # fmt: skip
    seconds = [api.get_table(t.matches[0].table_ids[0]).decision_seconds for t in live]
    assert seconds == [DEFAULT_DECISION_SECONDS, 0, 12]  # a game's seat that never acts cannot hold the tournament
    e = error_of(api.create_tournament, ["ann", "bob", "cy", "dee"], decision_seconds=12, untimed=True)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "untimed"

    request, seen = upb.ListTournamentsRequest(include_finished=True, page_size=2), []
    while True:
        page = api._rpc(api.tournament_stub, "ListTournaments", request)
        assert len(page.tournaments) <= 2
        seen += page.tournaments
        if not page.next_page_token:
            break
        request.page_token = page.next_page_token
    ids = [t.tournament_id for t in seen]
    assert len(ids) == len(set(ids)) and done.tournament_id in ids
    assert [i for i in ids if i in {t.tournament_id for t in live}] == [t.tournament_id for t in live][::-1]
    over = [t.finished for t in seen]
    assert over == sorted(over)  # those being played first
    assert done.tournament_id not in {t.tournament_id for t in api.list_tournaments()}
    assert [t.tournament_id for t in api.list_tournaments(include_finished=True, limit=3)] == ids[:3]
    e = error_of(api._rpc, api.tournament_stub, "ListTournaments", upb.ListTournamentsRequest(page_token="x"))
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "page_token"
