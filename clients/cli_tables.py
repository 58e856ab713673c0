"""``brelan table ...``, ``brelan bots run`` and ``brelan play``: the CLI's game commands."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import secrets
import sys
from typing import Any

from google.protobuf.json_format import MessageToDict
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from brelan.api.refusal import Refusal
from brelan.api.v1 import table_pb2 as tpb
from brelan.lexicon.store import Store
from brelan.server.games.base import Lexicons, OptionError, Variant, jsonable, options_dict
from brelan.server.games.levels import DEFAULT_LEVEL, LEVELS, UnknownLevel, level_of
from brelan.server.games.registry import VARIANTS, UnknownVariant, get_variant
from brelan.server.games.transcript import Mismatch, Transcript, replay
from brelan.server.refusals import MAX_DECISION_SECONDS

from .bots import run_local, run_remote
from .client import BrelanClient
from .console import (COUNTED, WEB_PORT, connect, count, credentials_of, emit, err, fail, out, positive, seat_of,
                      seconds)  # fmt: skip
from .keys import BadKey, key_link, my_key, player_key, set_player_key
from .lines import event_line, seat_names

DEFAULT_SERVER = "127.0.0.1:50051"
STATUS = {tpb.TABLE_STATUS_WAITING: "waiting", tpb.TABLE_STATUS_PLAYING: "playing", tpb.TABLE_STATUS_FINISHED: "finished"}

EXAMPLES = """\
examples:
  brelan play poker-champ                         play at a terminal table; bots fill the other seats
  brelan table create poker-champ --bots 3 --option players=4
  brelan table create poker-champ --option players=3 --bot 2=strong --invite 3=Bob
                                                  seat 2 a strong bot, seat 3 kept for Bob (his secret printed)
  brelan table join t-1a2b3c4d --seat 1           the first seat (the secret printed takes Bob's: --secret S)
  brelan table list --all
  brelan table watch t-1a2b3c4d                   every event in words, as a spectator sees it
  brelan table verify t-1a2b3c4d                  replay a finished game from its log and seed
  brelan bots run --game poker-champ --tables 4 --games 25 --json
  brelan play alphapoker --option hand=9 --option conjugated=true

Seats are counted from 1 (seat 1 is the first), in what these commands print and in
what they take (--seat, --bot, --invite), as the page counts them; --json prints the
API's seat numbers, counted from 0.
"""


def option_pairs(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"--option wants KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def timing(parser: argparse.ArgumentParser) -> None:
    """The decision-time flags of a new table or tournament."""
    parser.add_argument("--decision-seconds", type=decision_clock, default=0.0, metavar="S",
                        help="a person's time for each decision before the rules' default move is played (fold,"
                             " stand...) where the rules set none; 0: the server's default (60)")  # fmt: skip
    parser.add_argument("--untimed", action="store_true",
                        help="no time limit on decisions (a friendly game: a player who walks away holds it)")  # fmt: skip


def decision_clock(text: str) -> float:
    """A decision's time for a flag: 0 (no clock) or a number of seconds up to the server's most (a day)."""
    value = seconds(text)
    if value > MAX_DECISION_SECONDS:
        raise argparse.ArgumentTypeError(f"{value:g} is more than {MAX_DECISION_SECONDS:g} seconds (a day)")
    return value


def pausing(parser: argparse.ArgumentParser) -> None:
    """The flag of a pause after each hand (a table's, a tournament's games')."""
    parser.add_argument("--pause", type=seconds, default=0.0, metavar="S",
                        help="after each hand, S seconds (up to 60) for its players to see its end before the next"
                             " hand's decisions open: the bots wait and the clocks start after it; 0: none")  # fmt: skip


def bot_level(text: str) -> str:
    """A level's English name, from its English or French name (argparse says the levels when it is none)."""
    try:
        return level_of(text)
    except UnknownLevel as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def leveled(parser: argparse.ArgumentParser, whose: str) -> None:
    """The flag of the bots' level."""
    names = ", ".join(f"{level.name} ({level.french})" for level in LEVELS)
    parser.add_argument("--level", type=bot_level, default=DEFAULT_LEVEL, metavar="LEVEL",
                        help=f"{whose} level: {names}; default {DEFAULT_LEVEL}")


def practice(parser: argparse.ArgumentParser) -> None:
    """The flag of a practice table."""
    parser.add_argument("--hints", action="store_true",
                        help="a practice table: its legal lists name the best words (the solver's set in Chinese"
                             " poker) and 'hint' asks for them; off, finding them is the game")  # fmt: skip


def checked_options(variant_name: str, pairs: list[str]) -> tuple[Any, dict[str, str]]:
    """The game and its options, checked here so a typo fails before anything starts."""
    try:
        variant = get_variant(variant_name)
    except UnknownVariant as e:
        fail(str(e))
    given = option_pairs(pairs)
    try:
        variant.make_options(given)
    except OptionError as e:
        fail(f"--option {e}")
    return variant, given


def local_lexicons(args: argparse.Namespace) -> Lexicons:
    """Lexicons from this machine's data directory, for word games' bots and replays (built on first use)."""
    store = Store(args.data_dir)

    def named(name: str) -> Any:
        if store.path_of(name) is None:
            err.print(f"building the lexicon {name} (once; about a minute)...")
        return store.get(name)

    return named


def bound(args: argparse.Namespace, variant: Variant) -> Variant:
    """A word game with this machine's lexicons bound in (its bots judge words here); other games as they are."""
    return get_variant(variant.name, local_lexicons(args)) if variant.bind else variant


def client(args: argparse.Namespace) -> BrelanClient:
    api = connect(args)
    api.wait_ready(timeout=5)
    return api


def progress_bar(label: str, total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=err, transient=True)  # fmt: skip
    return bar


def print_table(info: tpb.TableInfo, as_json: bool) -> None:
    if as_json:
        table = MessageToDict(info, preserving_proto_field_name=True)
        if info.result:
            table["result"] = json.loads(info.result)
        emit(table)
        return
    seats = ", ".join(f"{s.seat + 1} {seat_listed(info, s)}" for s in info.seats)  # as people count seats, from 1
    out.print(f"{info.table_id}  {info.variant:<12} {STATUS.get(info.status, '?'):<9} hand {info.hand:<3} "
              f"seq {info.seq:<5} seats {seats}{'  practice (hints)' if info.hints else ''}"
              f"{f'  pause {info.pause_seconds:g}s' if info.pause_seconds else ''}")  # fmt: skip


def seat_listed(table: tpb.TableInfo, seat: tpb.SeatInfo) -> str:
    """Who sits at a seat of ``table``, as a listing says it: "Tom", "strong bot", "kept for Bob", "free"."""
    if seat.bot:  # as the lines and the page name it: "beginner bot 2" beside another beginner
        return seat_names(table)[seat.seat]
    if seat.taken:
        return seat.player or "taken"
    return f"kept for {seat.player}" if seat.reserved and seat.player else "kept" if seat.reserved else "free"


def seat_given(flag: str, pair: str, text: str, seats: int) -> int:
    """The API's seat of a seat a flag's value names as people count seats (from 1); a one-line error otherwise."""
    try:
        return seat_of(text, seats)
    except argparse.ArgumentTypeError as e:
        fail(f"{flag} {pair}: {e}")


# -- table ----------------------------------------------------------------------------
def cmd_table_create(args: argparse.Namespace) -> int:
    variant, options = checked_options(args.variant, args.option)
    seats = variant.seats(variant.make_options(options))
    bot_seats = list(range(seats - args.bots, seats)) if args.bots else []
    if args.bots > seats:
        fail(f"--bots {args.bots}: the table has {seats} seats")
    levels = dict.fromkeys(bot_seats, args.level)
    for pair in args.bot:
        seat, _, level = pair.partition("=")
        try:
            levels[seat_given("--bot", pair, seat, seats)] = bot_level(level.strip()) if level.strip() else args.level
        except argparse.ArgumentTypeError as e:
            fail(f"--bot {pair}: {e}")
    invite = {}
    for pair in args.invite:
        seat, _, guest = pair.partition("=")
        if not guest.strip():
            fail(f"--invite wants SEAT=NAME (seat 2 for Bob: 2=Bob), got {pair!r}")
        wire = seat_given("--invite", pair, seat, seats)
        if wire in levels:
            fail(f"--invite {pair}: a bot takes seat {wire + 1}")
        invite[wire] = guest.strip()
    made = client(args).open_table(variant.name, options, bots=levels, decision_seconds=args.decision_seconds,
                                   untimed=args.untimed, name=args.name, hints=args.hints, pause_seconds=args.pause,
                                   invite=invite)  # fmt: skip
    info = made.table
    print_table(info, args.json)
    for invitation in made.invitations:
        if args.json:
            emit({"seat": invitation.seat, "name": invitation.name, "secret": invitation.secret})
        else:
            out.print(f"seat {invitation.seat + 1} kept for {invitation.name}, who joins with: "
                      f"brelan table join {info.table_id} --secret {invitation.secret}")  # fmt: skip
    if not args.json:
        out.print(f"seed sha256 {info.seed_sha256} (the seed is revealed when the game ends)")
    return 0


def cmd_table_list(args: argparse.Namespace) -> int:
    tables = client(args).list_tables(include_finished=args.all, variant=args.variant or "", limit=args.limit or None)
    for info in tables:
        print_table(info, args.json)
    if not tables and not args.json:
        err.print("no tables" + ("" if args.all else " playing (--all shows finished ones)"))
    return 0


def cmd_table_join(args: argparse.Namespace) -> int:
    api = client(args)
    wanted = None
    if args.seat is not None:  # as people count seats: its number is checked and said here, from 1
        table = api.get_table(args.table)
        wanted = seat_given("--seat", args.seat, args.seat, len(table.seats))
    try:
        seat = api.join(args.table, seat=wanted, player=args.player, secret=args.secret or "",
                        player_key="" if args.no_key else my_key(args.data_dir))  # fmt: skip
    except Refusal as e:
        if wanted is None or e.reason not in SEAT_REFUSALS:
            raise
        held = table.seats[wanted]
        fail(SEAT_REFUSALS[e.reason].format(seat=wanted + 1, table=args.table, who=seat_listed(table, held),
                                            player=held.player or "its player"))  # fmt: skip
    if args.json:
        emit({"table_id": seat.table_id, "seat": seat.seat, "token": seat.token})
    else:
        out.print(f"seat {seat.seat + 1} at {seat.table_id}; token {seat.token}")
    return 0


# The server's refusals of a seat asked for, which name it as the API counts seats (from 0), as people count them.
SEAT_REFUSALS = {
    "SEAT_TAKEN": "seat {seat} is taken ({who})",
    "SEAT_RESERVED": "seat {seat} is kept for {player}: it is taken with its secret (--secret)",
    "WRONG_SECRET": "this secret keeps no seat {seat} at table {table}",
}


def cmd_table_leave(args: argparse.Namespace) -> int:
    secret = client(args).leave(args.table, token=args.token)
    if args.json:
        emit({"table_id": args.table, "rejoin_secret": secret})
    elif secret:
        out.print(f"left {args.table}; your seat is kept for you (the timeout rule plays it): "
                  f"brelan table join {args.table} --secret {secret}")  # fmt: skip
    elif client(args).get_table(args.table).status != tpb.TABLE_STATUS_WAITING:
        out.print(f"left {args.table}; your seat is kept for your player key (the timeout rule plays it): "
                  f"brelan table join {args.table}")  # fmt: skip
    else:
        out.print(f"left {args.table}")
    return 0


def cmd_table_mine(args: argparse.Namespace) -> int:
    seats = client(args).my_tables(my_key(args.data_dir))
    for mine in seats:
        if args.json:
            emit({"table_id": mine.table.table_id, "seat": mine.seat, "kept": mine.kept,
                  "status": STATUS.get(mine.table.status, "?"), "variant": mine.table.variant})  # fmt: skip
        else:
            how = "kept for you (you left; the timeout rule plays it)" if mine.kept else "yours"
            player = mine.table.seats[mine.seat].player if mine.seat < len(mine.table.seats) else ""
            seat = f"seat {mine.seat + 1}" + (f" ({player})" if player else "")  # as people count seats, from 1
            out.print(f"{mine.table.table_id}  {mine.table.variant:<26} {STATUS.get(mine.table.status, '?'):<8} "
                      f"{seat}, {how}: brelan table join {mine.table.table_id}")  # fmt: skip
    if not seats and not args.json:
        err.print("no table holds a seat of yours (your player key's)")
    return 0


def cmd_player_key(args: argparse.Namespace) -> int:
    try:
        key = set_player_key(args.data_dir, args.set) if args.set else player_key(args.data_dir)
    except BadKey as e:
        fail(f"--set: {e}")
    out.print(key)
    if not args.set:
        # The page takes a key from its address alone (#key=...): it has no box to type one in.
        link = (key_link(key, args.page) if args.page else
                f"{key_link('KEY', f'HOST:{WEB_PORT}')} (HOST the server's, {WEB_PORT} its port for browsers unless "
                f"brelan serve --web-port says another; --page URL prints the whole link)")  # fmt: skip
        err.print(f"your player key: keep it secret; on another device, brelan player key --set KEY brings your "
                  f"seats there, and so does a browser opening {link}")  # fmt: skip
    return 0


def cmd_table_watch(args: argparse.Namespace) -> int:
    api = client(args)
    names: list[str] = []
    hand = -1
    for event in api.watch(args.table, after_seq=args.after_seq, token=args.token):
        if args.json:
            emit(MessageToDict(event, preserving_proto_field_name=True))
            continue
        if event.hand != hand:  # the seats' players as the table names them, again each hand (people sit down)
            names, hand = seat_names(api.get_table(args.table)), event.hand
        out.print(f"{event.seq:>5} {event_line(event, names)}")
    return 0


def cmd_table_verify(args: argparse.Namespace) -> int:
    api = client(args)
    answer = api.transcript(args.table)
    transcript = Transcript.parse(answer.transcript)
    published = api.get_table(args.table).seed_sha256
    seed_ok = hashlib.sha256(transcript.seed.encode()).hexdigest() == published == answer.seed_sha256
    try:
        state = replay(transcript, local_lexicons(args))
        replay_error = ""
    except (Mismatch, LookupError) as e:
        replay_error = str(e)
        state = None
    events = sum(1 for line in transcript.lines if not line.startswith(">"))
    actions = len(transcript.lines) - events
    ok = seed_ok and not replay_error and state is not None and state.is_over
    if args.json:
        emit({"table_id": args.table, "verified": ok, "seed_matches_hash": seed_ok, "replay": replay_error or "same",
              "actions": actions, "events": events, "result": jsonable(state.result) if state else None})  # fmt: skip
    else:
        out.print(f"seed {'matches' if seed_ok else 'DOES NOT match'} the published sha256 {published[:16]}...")
        out.print(f"replay of {actions} actions: " + (replay_error or f"the same {events} events"))
        out.print("verified" if ok else "NOT verified")
    return 0 if ok else 1


def cmd_table_export(args: argparse.Namespace) -> int:
    sys.stdout.write(client(args).transcript(args.table).transcript)
    return 0


# -- bots ---------------------------------------------------------------------------------
def cmd_bots_run(args: argparse.Namespace) -> int:
    variant, options = checked_options(args.game, args.option)
    variant = bound(args, variant)
    seed = args.seed or secrets.token_hex(4)
    total = args.tables * args.games
    bar = progress_bar(f"{variant.name} games", total, not args.json and sys.stderr.isatty())
    task = bar.add_task("games", total=total) if bar else None

    def advance(n: int) -> None:
        if bar is not None:
            bar.advance(task, n)

    if bar:
        bar.start()
    try:
        if args.server:
            full = options_dict(variant.make_options(options))
            try:
                summary = asyncio.run(run_remote(args.server, variant, full, args.tables, args.games, seed, advance,
                                                 credentials_of(args), level=args.level))  # fmt: skip
            except ConnectionError as e:
                fail(str(e))
        else:
            summary = run_local(variant, variant.make_options(options), args.tables, args.games, seed, advance,
                                args.level)  # fmt: skip
    finally:
        if bar:
            bar.stop()
    result = summary.as_dict() | {"seed": seed}
    if args.json:
        print(json.dumps(result), flush=True)
    else:
        out.print(f"{result['games']} games, {result['hands']} hands, {result['actions']} actions in "
                  f"{result['seconds']} s; errors {result['errors']}; conserved: {result['conserved']} (seed {seed})")  # fmt: skip
        if "act_p50_ms" in result:
            out.print(f"act latency p50 {result['act_p50_ms']} ms, p99 {result['act_p99_ms']} ms; "
                      f"{result['actions_per_second']} actions/s; {result['stale']} stale views retried")  # fmt: skip
        for message in summary.messages[:5]:
            err.print(f"error: {message}")
    return 0 if summary.errors == 0 and summary.conserved else 1


# -- play ----------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    from .play import play_terminal

    variant, options = checked_options(args.variant, args.option)
    return play_terminal(args, bound(args, variant), options)


# -- parser --------------------------------------------------------------------------------
def add_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    remote = argparse.ArgumentParser(add_help=False, parents=[common])
    remote.add_argument("--server", default=os.environ.get("BRELAN_SERVER", DEFAULT_SERVER), metavar="HOST:PORT",
                        help=f"the server (default $BRELAN_SERVER or {DEFAULT_SERVER})")  # fmt: skip
    games = ", ".join(VARIANTS)
    optionable = argparse.ArgumentParser(add_help=False)
    optionable.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="a table option, repeatable (e.g. players=4, length=chrono)")  # fmt: skip

    table = sub.add_parser("table", help="create, list, join, watch and verify tables on a server",
                           epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    actions = table.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", parents=[remote, optionable], help="open a table")
    create.add_argument("variant", help=f"the game: {games}")
    create.add_argument("--bots", type=count, default=0, metavar="N", help="bots take the last N seats")
    leveled(create, "the bots'")
    create.add_argument("--bot", action="append", default=[], metavar="SEAT[=LEVEL]",
                        help=f"a bot takes this seat ({COUNTED}: 2 is the second), at this level (default "
                             "--level's): 2=strong, 2=fort; repeatable")  # fmt: skip
    timing(create)
    practice(create)
    pausing(create)
    create.add_argument("--name", default="", help="a name to find the table by")
    create.add_argument("--invite", action="append", default=[], metavar="SEAT=NAME",
                        help=f"keep a seat for an invited guest ({COUNTED}: 2=Bob keeps the second seat for Bob; "
                             "repeatable): prints the secret that takes it")  # fmt: skip
    create.set_defaults(run=cmd_table_create)
    listing = actions.add_parser("list", parents=[remote], help="the tables being played (--all: finished too)")
    listing.add_argument("--all", action="store_true")
    listing.add_argument("--variant", help="only this game")
    listing.add_argument("--limit", type=count, default=100, metavar="N",
                         help="at most N tables, the live ones first (default 100; 0: every one)")  # fmt: skip
    listing.set_defaults(run=cmd_table_list)
    join = actions.add_parser("join", parents=[remote], help="take a seat (with your player key: a seat of yours at "
                              "this table is taken back); prints its token")  # fmt: skip
    join.add_argument("table")
    join.add_argument("--seat", metavar="N", help=f"which seat, {COUNTED} (default: the first free one)")
    join.add_argument("--player", default=os.environ.get("USER", ""), help="your name at the table")
    join.add_argument("--secret", help="a reserved seat's secret: your tournament join secret, or the one leave gave")
    join.add_argument("--no-key", action="store_true", help="take the seat without your player key (brelan player "
                      "key): it is then the token's alone, and leaving mid-game prints the secret that takes it back")  # fmt: skip
    join.set_defaults(run=cmd_table_join)
    mine = actions.add_parser("mine", parents=[remote], help="the tables where your player key holds a seat (or has "
                              "one kept for you): join takes each back")  # fmt: skip
    mine.set_defaults(run=cmd_table_mine)
    leave = actions.add_parser("leave", parents=[remote], help="give up your seat (during a game, prints the secret "
                               "that takes it back)")  # fmt: skip
    leave.add_argument("table")
    leave.add_argument("--token", required=True, help="your seat's token (what join printed)")
    leave.set_defaults(run=cmd_table_leave)
    watch = actions.add_parser("watch", parents=[remote], help="print a table's events until the game ends")
    watch.add_argument("table")
    watch.add_argument("--after-seq", type=count, default=0, metavar="N", help="start after event N (resume)")
    watch.add_argument("--token", help="a seat's token, to see that seat's cards")
    watch.set_defaults(run=cmd_table_watch)
    verify = actions.add_parser("verify", parents=[remote], help="check a finished game: seed hash, then a full replay")
    verify.add_argument("table")
    verify.set_defaults(run=cmd_table_verify)
    export = actions.add_parser("export", parents=[remote], help="print a finished game's transcript")
    export.add_argument("table")
    export.set_defaults(run=cmd_table_export)

    player = sub.add_parser("player", help="your player key: it makes the seats you take yours, on any device")
    key = player.add_subparsers(dest="action", required=True, metavar="ACTION").add_parser(
        "key", parents=[common], help="print your player key (made on first use), or --set one from another device",
        description="Your seats follow your player key, kept in the data directory (player.key). Print it to "
                    "take your seats on another device, where --set KEY makes it that device's key too.")  # fmt: skip
    key.add_argument("--set", metavar="KEY", help="use this key (16 to 64 letters, digits, - or _) from now on")
    key.add_argument("--page", metavar="URL", help="the page's address (http://HOST:PORT/, the server's browsers' "
                     "port): prints the link that brings your key to a browser there (URL#key=KEY)")  # fmt: skip
    key.set_defaults(run=cmd_player_key)

    bots = sub.add_parser("bots", help="bot-only games").add_subparsers(dest="action", required=True, metavar="ACTION")
    run = bots.add_parser("run", parents=[common, optionable], help="play bot-only games and print a summary",
                          description="Plays TABLES tables of GAMES games each (in this process, or on --server) "
                                      "and prints {games, hands, actions, errors, conserved, seconds}; exit 1 if "
                                      "a game failed or chips were not conserved.")  # fmt: skip
    run.add_argument("--game", required=True, help=f"the game: {games}")
    run.add_argument("--tables", type=positive, default=1, metavar="N", help="tables at once (default 1)")
    run.add_argument("--games", type=positive, default=1, metavar="M", help="games per table (default 1)")
    run.add_argument("--server", metavar="HOST:PORT", help="play on this server over gRPC (default: in process)")
    run.add_argument("--seed", help="seed the in-process games and the bots (default: random, printed)")
    leveled(run, "every bot's")
    run.set_defaults(run=cmd_bots_run)

    play = sub.add_parser("play", parents=[common, optionable], help="play at a terminal table against bots",
                          description="Sit at the first seat (seat 1) of a new table; bots fill the others. Without "
                                      "--server a table server runs inside this command (its log in the data "
                                      "directory).")  # fmt: skip
    play.add_argument("variant", help=f"the game: {games}")
    play.add_argument("--server", metavar="HOST:PORT", help="play on this server")
    practice(play)
    leveled(play, "your opponents'")
    play.add_argument("--bot-delay", type=float, default=0.8, metavar="S",
                      help="seconds bots wait before acting, in process (default 0.8)")  # fmt: skip
    play.add_argument("--player", default=os.environ.get("USER", "you"), help="your name at the table")
    play.add_argument("--clock", type=decision_clock, metavar="SECONDS",
                      help="seconds for each of your decisions (the prompt says how many are left); when they run out "
                           "the rules' default move is played for you (fold, stand...); 0: no clock. Default: no "
                           "clock, but in a game played in real time (bataille, belote) the server's default (60 s) "
                           "or the rules' own")  # fmt: skip
    play.set_defaults(run=cmd_play)
