"""``brelan bots run``, ``brelan table ...`` and ``brelan play`` through the CLI's main()."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace
from typing import Iterator

import pytest

from brelan.clients.cli import main
from brelan.server.main import ServerThread

from conftest import sharing_lexicons, spawn

KEYS = {"games", "hands", "actions", "errors", "conserved", "seconds"}


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = ServerThread(tmp_path_factory.mktemp("cli-tables"), lexicons=False)
    yield server.target
    server.stop()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("game, options", [
    ("poker-champ", ["players=3"]), ("yahtzee-holdem", ["players=3", "stack=200"]),
    ("daker", ["mode=holdem", "players=5", "stack=200"]), ("daker", ["mode=draw", "players=4", "stack=200"]),
    ("daker", ["mode=round", "players=4"]), ("daker", ["mode=round", "wins=worst"]),
    ("chinese", ["players=2", "rounds=1"]), ("chinese", ["style=ofc", "rounds=1"]),
    ("chinese", ["style=progressive", "rounds=1"]),
])  # fmt: skip
def test_bots_run_each_game(capsys: pytest.CaptureFixture[str], game: str, options: list[str]) -> None:
    argv = ["bots", "run", "--game", game, "--tables", "2", "--games", "3", "--json"]
    code, out, _ = run(capsys, *argv, *(a for o in options for a in ("--option", o)))
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 6 and summary["errors"] == 0 and summary["conserved"] is True


def test_bots_run_in_process_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bots", "run", "--game", "poker-champ", "--tables", "2", "--games", "5", "--seed", "s1",
                       "--option", "players=5", "--json")  # fmt: skip
    summary = json.loads(out)
    assert code == 0 and KEYS <= summary.keys()
    assert summary["games"] == 10 and summary["errors"] == 0 and summary["conserved"] is True
    assert summary["hands"] >= 10 and summary["actions"] > summary["hands"]
    # the same seed plays the same games
    assert json.loads(run(capsys, "bots", "run", "--game", "poker-champ", "--tables", "2", "--games", "5", "--seed",
                          "s1", "--option", "players=5", "--json")[1])["actions"] == summary["actions"]  # fmt: skip


def test_bots_run_over_grpc_then_verify_a_table(capsys: pytest.CaptureFixture[str], target: str) -> None:
    code, out, _ = run(capsys, "bots", "run", "--game", "poker-champ", "--tables", "3", "--games", "2", "--server",
                       target, "--json")  # fmt: skip
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 6 and summary["errors"] == 0 and summary["conserved"] is True
    assert summary["act_p99_ms"] >= summary["act_p50_ms"] > 0
    code, out, _ = run(capsys, "table", "list", "--all", "--json", "--server", target)
    tables = [json.loads(line) for line in out.splitlines()]
    assert len(tables) >= 6 and all(t["status"] == "TABLE_STATUS_FINISHED" for t in tables)
    code, out, _ = run(capsys, "table", "verify", tables[0]["table_id"], "--server", target, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["verified"] and verdict["seed_matches_hash"] and verdict["replay"] == "same"
    # Its events as a person reads them: seats by name, stages, burns and hands in words.
    code, out, _ = run(capsys, "table", "watch", tables[0]["table_id"], "--server", target)
    lines = out.splitlines()
    assert code == 0 and len(lines) == int(tables[0]["seq"]) and lines[0].split() == ["1", "Deal", "1"]
    assert "A card is burnt" in out and re.search(r"^ *\d+ bot ?\d pays \d+$", out, re.M), out
    assert not SEAT_CODE.search(out) and not HAND_SLUG.search(out)


def test_table_create_join_watch(capsys: pytest.CaptureFixture[str], target: str, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "table", "create", "poker-champ", "--bots", "1", "--option", "players=2", "--json",
                       "--decision-seconds", "600", "--server", target)  # fmt: skip
    table = json.loads(out)
    assert code == 0 and table["seats"][1]["bot"] and not table["seats"][0].get("taken")
    code, out, _ = run(capsys, "table", "join", table["table_id"], "--no-key", "--json", "--server", target)
    seat = json.loads(out)
    assert code == 0 and seat["seat"] == 0 and seat["token"]
    code, out, err = run(capsys, "table", "verify", table["table_id"], "--server", target)
    assert code == 2 and "once the game is over" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "table", "leave", table["table_id"], "--token", seat["token"], "--json", "--server", target)
    secret = json.loads(out)["rejoin_secret"]
    assert code == 0 and secret  # mid-game: the seat is kept for its player
    code, out, err = run(capsys, "table", "join", table["table_id"], "--seat", "1", "--no-key", "--server", target)
    assert code == 2 and "seat 1 is kept for" in err and len(err.strip().splitlines()) == 1, err
    code, out, _ = run(capsys, "table", "join", table["table_id"], "--secret", secret, "--player", "Tom", "--json",
                       "--data-dir", str(tmp_path), "--server", target)  # fmt: skip
    assert code == 0 and json.loads(out)["seat"] == 0
    # The seat as people count seats (p0 is the first), and its player.
    code, out, _ = run(capsys, "table", "mine", "--data-dir", str(tmp_path), "--server", target)
    assert code == 0 and f"{table['table_id']}  poker-champ" in out and "seat 1 (Tom), yours" in out, out
    assert "p0" not in out


def test_seats_are_counted_from_1_where_a_person_types_or_reads_one(capsys: pytest.CaptureFixture[str],
                                                                    target: str) -> None:  # fmt: skip
    """Issue 39's leftover: table list, join and --invite counted seats from 0 ('p1:free', 'seat p1 kept for Bob'),
    where the page and table mine count from 1. Every seat a person types (--seat, --bot, --invite) or reads is
    now counted from 1; --json keeps the API's count, from 0."""
    code, out, _ = run(capsys, "table", "create", "poker-champ", "--option", "players=4", "--bot", "2=fort", "--bot",
                       " 4", "--level", "beginner", "--invite", "3=Bob", "--server", target)  # fmt: skip
    listed, kept = out.splitlines()[:2]
    assert code == 0 and "seats 1 free, 2 strong bot, 3 kept for Bob, 4 beginner bot" in listed, out
    table_id = listed.split()[0]
    assert kept == f"seat 3 kept for Bob, who joins with: brelan table join {table_id} --secret {kept.split()[-1]}"
    code, out, _ = run(capsys, "table", "list", "--json", "--server", target)
    [table] = [t for t in map(json.loads, out.splitlines()) if t["table_id"] == table_id]
    assert [s.get("bot_level", "") for s in table["seats"]] == ["", "strong", "", "beginner"]  # the API's, from 0
    assert table["seats"][2]["player"] == "Bob"
    code, out, _ = run(capsys, "table", "join", table_id, "--seat", "1", "--player", "Ann", "--no-key", "--server",
                       target)  # fmt: skip
    assert code == 0 and out.startswith(f"seat 1 at {table_id}; token "), out
    # Each refusal of a seat asked for names it as it was typed.
    for seat, said in (("3", "seat 3 is kept for Bob: it is taken with its secret (--secret)"),
                       ("2", "seat 2 is taken"), ("0", "seats are counted from 1: the first is seat 1"),
                       ("5", "--seat 5: there are seats 1 to 4"), ("p1", "'p1' is not a seat number")):
        code, _, err = run(capsys, "table", "join", table_id, "--seat", seat, "--no-key", "--server", target)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    for flags, said in ((["--bot", "0=strong"], "--bot 0=strong: seats are counted from 1"),
                        (["--invite", "5=Bob"], "--invite 5=Bob: there are seats 1 to 4"),
                        (["--bots", "1", "--invite", "4=Bob"], "--invite 4=Bob: a bot takes seat 4"),
                        (["--bots", "-1"], "-1 is not at least 0"),
                        # A digit not ASCII's: str.isdigit() took it, int() refused it (internal error, exit 70).
                        (["--bot", "²"], "--bot ²: '²' is not a seat number")):  # fmt: skip
        code, _, err = run_args(capsys, "table", "create", "poker-champ", "--option", "players=4", *flags, "--server",
                                target)  # fmt: skip
        assert code == 2 and said in err.strip().splitlines()[-1], err  # (argparse's usage above its own)
    # And --help says so.
    for argv, flag in ((["table", "create"], "--bot SEAT"), (["table", "join"], "--seat N")):
        code, said, _ = run_args(capsys, *argv, "--help")
        assert flag in said and "counted from 1" in " ".join(said.split()), said


def test_the_bots_are_named_by_their_level_in_the_lines_and_the_listing(capsys: pytest.CaptureFixture[str],
                                                                       target: str) -> None:  # fmt: skip
    """Issue 39's leftover: a bot was named by its seat ('bot 2'); the page names it by its level, numbered only
    beside another of that level, and so do table watch's lines and table list."""
    code, out, _ = run(capsys, "table", "create", "poker-champ", "--option", "players=3", "--bots", "3", "--level",
                       "débutant", "--bot", "1=strong", "--json", "--server", target)  # fmt: skip
    table_id = json.loads(out)["table_id"]
    code, out, _ = run(capsys, "table", "watch", table_id, "--server", target)  # a bots' table: to its end
    assert code == 0 and re.search(r"^ *\d+ strong bot pays 1$", out, re.M), out
    assert re.search(r"^ *\d+ beginner bot 1 pays 1$", out, re.M) and re.search(r"^ *\d+ beginner bot 2 pays 1$", out,
                                                                                re.M)  # fmt: skip
    assert not re.search(r"\bbot [34]\b", out) and not SEAT_CODE.search(out)
    code, out, _ = run(capsys, "table", "list", "--all", "--server", target)
    # Named as the lines name them (the listing said "2 beginner bot, 3 beginner bot", two bots alike).
    assert code == 0 and "seats 1 strong bot, 2 beginner bot 1, 3 beginner bot 2" in out, out


def test_a_tournament_s_bots_are_its_players_counted_from_1_or_named(capsys: pytest.CaptureFixture[str]) -> None:
    """tournament create --bots took the players' indexes from 0 ('--bots 1,2,3': bob, cy and dee); they are counted
    from 1 as the seats are, or named; a wrong one is said before anything is asked of a server."""
    from brelan.clients.cli_tournament import bot_players

    players = ["ann", "bob", "cy", "dee"]
    assert bot_players(["2,3,4"], players) == bot_players(["bob, cy", "dee"], players) == [1, 2, 3]
    assert bot_players(["2 3", "bob"], players) == [1, 2]
    for bots, said in (("0", "--bots 0: players are counted from 1: the first is player 1"),
                       ("5", "--bots 5: there are players 1 to 4"),
                       ("eve", "--bots eve: no player of that name (the players: ann, bob, cy, dee; or 1 to 4)"),
                       ("²", "--bots ²: no player of that name")):  # a digit not ASCII's (exit 70 before)
        code, _, err = run(capsys, "tournament", "create", *players, "--bots", bots, "--server", "127.0.0.1:1")
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    code, said, _ = run_args(capsys, "tournament", "create", "--help")
    assert "--bots 2,3: bob and cy" in " ".join(said.split())


def test_what_a_person_mistypes_is_refused_in_one_line_and_a_tournament_prints_no_markup(
        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """Found at the terminal: a negative --after-seq or --wins ended in 'internal error: ValueError: Value out of
    range: -1', a negative --limit listed nothing, --bots -1 made no bot; each is refused by its flag now, before any
    server is asked. tournament show printed its name as '[bold]cli cup[/bold]' (the console reads no markup)."""
    for argv, said in ((["table", "watch", "t-1", "--after-seq", "-1"], "argument --after-seq: -1 is not at least 0"),
                       (["tournament", "create", "a", "b", "c", "d", "--wins", "-1"], "argument --wins: -1 is not at least"),
                       (["tournament", "list", "--limit", "-1"], "argument --limit: -1 is not at least 0"),
                       (["table", "list", "--limit", "-1"], "argument --limit: -1 is not at least 0"),
                       (["table", "create", "poker-champ", "--decision-seconds", "-5"],
                        "argument --decision-seconds: -5 is not 0 seconds or more")):  # fmt: skip
        code, _, err = run_args(capsys, *argv, "--server", "127.0.0.1:1")
        assert code == 2 and said in err.strip().splitlines()[-1], err
    from brelan.api.v1 import tournament_pb2 as upb
    from brelan.clients.cli_tournament import print_tournament

    print_tournament(upb.TournamentInfo(name="cli cup", tournament_id="tour-1", format="knockout", players=["ann", "bob"],
                                        matches=[upb.MatchInfo(player_a="ann", player_b="bob")]))  # fmt: skip
    shown = capsys.readouterr().out
    assert shown.startswith("cli cup  tour-1  knockout, 2 players") and "[bold]" not in shown
    assert "seat 1" in shown and "seat 2" in shown and "seat 0" not in shown  # the match's players' seats, from 1


def run_args(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """run(), argparse's own refusals and --help (SystemExit) too."""
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_table_create_hints_makes_a_practice_table(capsys: pytest.CaptureFixture[str], target: str) -> None:
    for flags, practice in (([], False), (["--hints"], True)):
        code, out, _ = run(capsys, "table", "create", "chinese", *flags, "--json", "--server", target)
        assert code == 0 and json.loads(out).get("hints", False) == practice
    code, out, _ = run(capsys, "table", "create", "chinese", "--hints", "--server", target)
    assert code == 0 and "practice" in out.splitlines()[0]


def test_table_create_pause_keeps_a_hand_s_end_and_refuses_a_long_one(capsys: pytest.CaptureFixture[str],
                                                                      target: str) -> None:  # fmt: skip
    code, out, _ = run(capsys, "table", "create", "poker-champ", "--pause", "4", "--server", target)
    assert code == 0 and "pause 4s" in out.splitlines()[0]
    code, _, err = run(capsys, "table", "create", "poker-champ", "--pause", "61", "--server", target)
    assert code != 0 and "pause_seconds" in err and "up to 60" in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["bots", "run", "--game", "snap"], "unknown game 'snap'"),
        (["bots", "run", "--game", "poker-champ", "--option", "players=9"], "players: at most 6 (POKER CHAMP is for 2 to 6)"),
        (["bots", "run", "--game", "poker-champ", "--option", "players"], "KEY=VALUE"),
        (["bots", "run", "--game", "poker-champ", "--option", "length=forever"], "one of awards, chrono, long"),
        (["table", "list", "--server", "127.0.0.1:1"], "no server answers"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


# The engine's words a line must not show where a person reads it: a seat as "p1", a hand's slug.
SEAT_CODE = re.compile(r"\bp\d\b")
HAND_SLUG = re.compile(r"\b(high-card|two-pairs?|trips|three-[A-Z]|full-house|quads|straight-flush|royal-flush)\b")


def test_play_in_a_terminal_to_the_end(tmp_path: Path) -> None:
    """`brelan play` with its own table server, a clock of 600 s a decision; the player pays every decision until
    the game is over."""
    # POKER CHAMP is played in real time: the bot may decide between the view and Tom's answer, and the table
    # then says it moved on and asks again (ABORTED, not a refusal); a bad answer given three times is refused
    # at least once (a deal's end is held on screen until a key only while no decision of Tom's waits).
    # Then far more "pay" than a heads-up game takes.
    answers = "\n".join(["?"] + ["raise"] * 4 + ["pay"] * 5000) + "\n"
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "poker-champ", "--option", "players=2",
                           "--bot-delay", "0", "--data-dir", str(tmp_path), "--player", "Tom", "--clock", "600"],
                          input=answers, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over: champions" in done.stdout and "brelan table verify" in done.stdout
    # The seats by their players' names, in the rows and in every event line; each deal's end shown (Tom's next
    # decision waits at once in POKER CHAMP: the screen goes on to it, test_play_terminal's); stages, burns and hands
    # in words.
    assert "Tom (you)" in done.stdout and "intermediate bot" in done.stdout  # by its level, as the page names it
    assert "Tom pays 1" in done.stdout and "intermediate bot pays 1" in done.stdout
    assert "Stage 1: stake 1" in done.stdout and "A card is burnt" in done.stdout
    assert not SEAT_CODE.search(done.stdout) and not HAND_SLUG.search(done.stdout)
    # The clock: the seconds left of each decision in the prompt, 600 at most.
    left = [int(s) for s in re.findall(r"your move \((\d+) s left\)", done.stdout)]
    assert left and max(left) <= 600 and "[pay/fold] > " in done.stdout  # the prompt lists the moves too
    if "deal 2" in done.stdout:  # (a game may end in its first deal)
        assert "deal 1 is over" in done.stdout
    assert "refused" in done.stderr and "pay" in done.stdout
    assert (tmp_path / "play" / "tables.sqlite3").is_file() and not (tmp_path / "tables.sqlite3").exists()
    assert f"brelan serve --data-dir {tmp_path / 'play'}" in done.stdout  # where the game's log is verified
    # The table kept the clock asked, and no name in English: the page names it in its reader's language.
    with closing(sqlite3.connect(tmp_path / "play" / "tables.sqlite3")) as db:
        [(table_id, name, decision_seconds)] = db.execute("SELECT table_id, name, decision_seconds FROM tables")
    assert name in ("", table_id) and decision_seconds == 600


def test_player_key_says_the_link_the_page_takes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The page takes a key from its address alone (#key=...): the CLI says that link, never a control it lacks."""
    code, key, said = run(capsys, "player", "key", "--data-dir", str(tmp_path))
    key = key.strip()
    assert code == 0 and "http://HOST:8080/#key=KEY" in said and "use a key" not in said
    code, again, said = run(capsys, "player", "key", "--page", "127.0.0.1:8080", "--data-dir", str(tmp_path))
    assert code == 0 and again.strip() == key and f"http://127.0.0.1:8080/#key={key}" in said
    code, _, said = run(capsys, "player", "key", "--page", "https://cards.example.org/brelan/", "--data-dir",
                        str(tmp_path))  # fmt: skip
    assert f"https://cards.example.org/brelan/#key={key}" in said
    # The new options, in --help; a clock longer than the server takes: refused before anything starts.
    for argv, option in ((["player", "key"], "--page URL"), (["play"], "--clock SECONDS")):
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        assert option in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["play", "daker", "--clock", "90000"])
    assert exited.value.code == 2 and "more than 86400 seconds" in capsys.readouterr().err


def test_event_lines_name_the_seats_and_word_the_hands() -> None:
    """The typed events the terminal gets, in words: DAKER's, POKER CHAMP's and Yahtzee Texas Hold'em's shown hands
    (the engine's slugs were on screen: "Tom shows full-house-J-R JN QJ RR"), a stage, a seat named nowhere."""
    from brelan.api.v1 import game_pb2 as gpb
    from brelan.api.v1 import table_pb2 as tpb
    from brelan.clients.lines import event_line

    names = ["Tom", "bot 1"]
    daker = tpb.TableEvent(text="p0 shows full-house-J-R JN QJ RR")
    daker.daker.shown.seat, daker.daker.shown.hand = 0, "full-house-J-R"
    daker.daker.shown.cards.extend(["JN", "QJ", "RR"])
    assert event_line(daker, names) == "Tom shows J/black Q/J red/red: Full house, jacks over red 10s"
    daker.daker.shown.seat, daker.daker.shown.hand = 1, "three-R"
    assert event_line(daker, names) == "bot 1 shows J/black Q/J red/red: Three red 10s"
    champ = tpb.TableEvent(text="p1 shows full-house Kh 8d")
    champ.poker_champ.shown.seat, champ.poker_champ.shown.hand = 1, "full-house"
    champ.poker_champ.shown.cards.extend(["Kh", "8d"])
    champ.poker_champ.named.CopyFrom(gpb.HandName(category="full-house", ranks=["K", "8"]))
    assert event_line(champ, names) == "bot 1 shows Kh 8d: Full house, kings over 8s"
    dice = tpb.TableEvent(text="p2 shows trips 4r ??")
    dice.yahtzee_holdem.shown.seat, dice.yahtzee_holdem.shown.hand = 2, "trips"
    dice.yahtzee_holdem.shown.dice.extend(["4r", "??"])
    assert event_line(dice, names) == "seat 3 shows 4r and a die face down: Three of a kind"  # a seat no name
    stage = tpb.TableEvent(text="stage 3 2")
    stage.poker_champ.stage.number, stage.poker_champ.stage.stake = 3, 2
    assert event_line(stage, names) == "Stage 3: stake 2"
    unknown = tpb.TableEvent(text="p1 does what no line words yet")  # a kind added since: its text, seats named
    assert event_line(unknown, names) == "bot 1 does what no line words yet"


def tables_in(log: Path) -> list[tuple[str, int]]:
    """(table id, finished) of each table a SQLite log holds."""
    with closing(sqlite3.connect(log)) as db:
        return db.execute("SELECT table_id, finished FROM tables").fetchall()


def test_local_play_keeps_its_tables_out_of_a_running_serves_log(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:  # fmt: skip
    """`brelan play` without --server beside a `brelan serve` on the same data directory: the server never sees it."""
    serve, target = spawn(tmp_path)
    try:
        answers = "\n".join(["pay"] * 5000) + "\n"
        played = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "poker-champ", "--option",
                                 "players=2", "--bot-delay", "0", "--data-dir", str(tmp_path)], input=answers,
                                capture_output=True, text=True, timeout=120)  # fmt: skip
        quit = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "daker", "--data-dir",
                               str(tmp_path)], input="q\n", capture_output=True, text=True, timeout=120)  # fmt: skip
        assert played.returncode == 0 and quit.returncode == 0, played.stderr + quit.stderr
        code, listed, _ = run(capsys, "table", "list", "--all", "--json", "--server", target)
        assert code == 0 and listed == ""  # the server's lobby: no local game, finished or left
    finally:
        serve.terminate()
        serve.wait(30)
    assert tables_in(tmp_path / "tables.sqlite3") == []  # the log `brelan serve` keeps and replays
    kept = tables_in(tmp_path / "play" / "tables.sqlite3")
    assert sorted(t for t, _ in kept) == sorted(re.findall(r"^table (t-\w+),", played.stdout + quit.stdout, re.M))


def test_local_games_at_once_never_share_a_store(tmp_path: Path) -> None:
    """A SQLite log is one process's: a second local game meanwhile takes play-2, both on the one set of lexicons."""
    from brelan.clients.play import local_data_dir

    with local_data_dir(tmp_path) as first, local_data_dir(tmp_path) as second:
        assert (first, second) == (tmp_path / "play", tmp_path / "play-2")
        for own in (first, second):
            assert (own / "lexicons").is_symlink() and (own / "lexicons").resolve() == (tmp_path / "lexicons").resolve()
    with local_data_dir(tmp_path) as again:  # free again once the first game ended
        assert again == tmp_path / "play"


def test_play_chinese_with_the_bots_advice(tmp_path: Path) -> None:
    """An open-face game at the terminal: '?' lists the placements, '!' lets the bot place for the player."""
    answers = "\n".join(["?", "place top As", "!"] + ["!"] * 500) + "\n"
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "chinese", "--option", "style=ofc",
                           "--option", "players=2", "--option", "rounds=1", "--bot-delay", "0",
                           "--data-dir", str(tmp_path)], input=answers, capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over: champions" in done.stdout and "the bot plays: place" in done.stdout
    assert "232 in all" in done.stdout and "refused" in done.stderr  # the first deal: 5 cards, 232 placements


def test_bots_run_alphapoker_judges_with_the_local_lexicon(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, _ = run(capsys, "bots", "run", "--game", "alphapoker", "--games", "2", "--option", "lexicon=mini",
                       "--option", "rounds=3", "--data-dir", str(data_dir), "--json")  # fmt: skip
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 2 and summary["errors"] == 0 and summary["conserved"] is True


def test_play_alphapoker_with_the_bots_advice(tmp_path: Path, data_dir: Path, full: object) -> None:
    """An AlphaPoker game at the terminal, its table server judging words: '!' lets the bot play each decision."""
    sharing_lexicons(tmp_path, data_dir)
    answers = "\n".join(["?", "exchange Zz", "exchange Zr Zr", "!"] + ["!"] * 500) + "\n"  # one Zr in a deck
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "alphapoker", "--option", "players=2",
                           "--option", "rounds=2", "--bot-delay", "0", "--data-dir", str(tmp_path), "--player", "Tom"],
                          input=answers, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over: champions" in done.stdout and "the bot plays: exchange" in done.stdout
    assert "round 1/2" in done.stdout
    assert "refused: Tom does not hold Zr" in done.stderr, done.stderr  # the rules' "p0 does not hold", named
    assert re.search(r"seat +cards +chips +bet +word", done.stdout)  # chips, as the page's English: "PM" was French
    assert (tmp_path / "play" / "lexicons").is_symlink()  # the data directory's lexicons: none built for local play


def test_play_bataille_enter_lays_and_a_bare_word_claims(tmp_path: Path, data_dir: Path, full: object) -> None:
    """Bataille at the terminal against a bot that reacts at once: Enter lays, a word is a claim on the table seen."""
    sharing_lexicons(tmp_path, data_dir)
    answers = "\n".join(["?", "chien"] + [""] * 3000) + "\n"
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "alphapoker-bataille", "--option",
                           "reaction=0", "--data-dir", str(tmp_path)], input=answers, capture_output=True, text=True,
                          timeout=180)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over: champions" in done.stdout and "a bare word claims it" in done.stdout
    assert "claims from 5 cards on the table" in done.stderr and "intermediate bot claims" in done.stdout


def test_play_secret_belote_with_the_bots_advice(tmp_path: Path, data_dir: Path, full: object) -> None:
    sharing_lexicons(tmp_path, data_dir)
    answers = "\n".join(["?", "!"] + ["!"] * 3000) + "\n"
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "play", "alphapoker-belote-secrete", "--option",
                           "reaction=0", "--option", "target=60", "--data-dir", str(tmp_path)], input=answers,
                          capture_output=True, text=True, timeout=180)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "game over: champions" in done.stdout and "the bot plays: lay" in done.stdout and "stack  " in done.stdout
    assert "team 1" in done.stdout and "team 2" in done.stdout and "team 0" not in done.stdout  # counted from 1
    # Played in real time, where the bots never wait: a clock without --clock, the server's default (60 s).
    left = [int(s) for s in re.findall(r"your move \((\d+) s left\)", done.stdout)]
    assert left and max(left) <= 60


def test_play_shorthands_leave_an_actions_own_text_alone() -> None:
    from brelan.clients.play import shorthand
    from brelan.server.games.registry import get_variant
    view = SimpleNamespace  # the fields of the engine's view a shorthand reads

    bataille, belote = get_variant("alphapoker-bataille"), get_variant("alphapoker-belote")
    assert shorthand(bataille, view(claims=4), ["pass"], "pass") == "pass"
    assert shorthand(bataille, view(claims=4), ["lay"], "chien") == "claim 4 CHIEN"
    assert shorthand(bataille, view(claims=4), ["lay"], "") == "lay"
    assert shorthand(belote, view(stage="propose"), ["pass"], "pass") == "pass"
    assert shorthand(belote, view(stage="propose"), ["pass"], "niche") == "propose NICHE"
    assert shorthand(belote, view(stage="lay"), ["lay Er"], "e") == "lay Er"
