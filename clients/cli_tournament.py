"""``brelan tournament create|show|list``: AlphaPoker tournaments on a server."""

from __future__ import annotations

import argparse
import os
import time

from google.protobuf.json_format import MessageToDict
from rich.table import Table
from rich.text import Text

from brelan.api.v1 import tournament_pb2 as upb

from .cli_tables import DEFAULT_SERVER, client, leveled, option_pairs, pausing, timing
from .client import BrelanClient
from .console import COUNTED, count, emit, err, fail, numeral, out, seat_of

EXAMPLES = """\
examples:
  brelan tournament create ann bob cy dee --bots 2,3,4          a knockout of 4; you are ann
  brelan tournament create ann bob cy dee --bots bob,cy,dee      the same: bots named, not counted
  brelan tournament create p1 p2 p3 p4 p5 p6 --format preliminary --all-bots --option hand=9
  brelan tournament create ann bob cy dee --bots 2,3,4 --level fort  the same, the bots strong (fort)
  brelan tournament show tour-1a2b3c4d --follow                  standings and matches until the end
  brelan table join t-5e6f7a8b --secret SECRET                   take your seat in your match's game

A knockout takes exactly 4, 8, 16, 32 or 64 players; any other even number
plays a preliminary of three rounds (match points 3/2 for 2-1, 4/1 for 2-0,
then the summed capital differences), whose best go on to a knockout. Every
match is best of three games; each game is an AlphaPoker table of two, made
when it is due (seat 1 is the match's first player). A player who has not
taken his seat within --join-minutes (10) forfeits that game.
"""


def cmd_tournament_create(args: argparse.Namespace) -> int:
    bots = list(range(len(args.players))) if args.all_bots else bot_players(args.bots, args.players)
    api = client(args)
    created = api.create_tournament(args.players, format=args.format, bots=bots, options=option_pairs(args.option),
                                 wins=args.wins, qualifiers=args.qualifiers, decision_seconds=args.decision_seconds,
                                 untimed=args.untimed, join_minutes=args.join_minutes, name=args.name,
                                 pause_seconds=args.pause, bot_level=args.level)  # fmt: skip
    if args.json:  # the secrets in a line of their own, before the tournament's
        emit({"join_secrets": dict(created.join_secrets)})
    elif created.join_secrets:
        out.print("join secrets (each player's seat at each of his games is kept for his secret; hand them out):")
        for player, secret in created.join_secrets.items():
            out.print(f"  {player:<12} {secret}")
    return show(api, created.tournament, args)


def cmd_tournament_show(args: argparse.Namespace) -> int:
    api = client(args)
    return show(api, api.get_tournament(args.tournament), args)


def show(api: BrelanClient, info: upb.TournamentInfo, args: argparse.Namespace) -> int:
    while True:
        if args.json:
            emit(MessageToDict(info, preserving_proto_field_name=True))
        else:
            print_tournament(info)
        if not getattr(args, "follow", False) or info.finished:
            return 0
        seen = info
        while info == seen:  # print again when anything changed
            time.sleep(1.0)
            info = api.get_tournament(info.tournament_id)


def print_tournament(info: upb.TournamentInfo) -> None:
    state = f"won by {info.champion}" if info.finished else f"playing {info.stage} round {info.round}"
    bots = f" (bots: {info.bot_level})" if info.bot_level else ""
    # The name in bold (the console reads no markup: "[bold]" was printed as it is).
    out.print(Text.assemble((info.name, "bold"), f"  {info.tournament_id}  {info.format}, {len(info.players)} "
                            f"players{bots}: {state}"))  # fmt: skip
    standings = Table(box=None, pad_edge=False)
    for column in ("place", "player", "points", "tie-break", "played", "won", "lost", "forfeited"):
        standings.add_column(column, justify="left" if column == "player" else "right")
    for s in info.standings:
        standings.add_row(str(s.place), s.player, str(s.match_points), f"{s.tiebreak:+d}", str(s.played), str(s.won),
                          str(s.lost), str(s.forfeited) if s.forfeited else "")  # fmt: skip
    out.print(standings)
    matches = Table(box=None, pad_edge=False)
    for column in ("stage", "round", "match", "seat 1", "seat 2", "games", "winner", "table"):  # seats from 1
        matches.add_column(column)
    for m in info.matches:
        table = "" if m.winner else (m.table_ids[-1] if m.table_ids else "")
        matches.add_row(m.stage, str(m.round), str(m.number), m.player_a, m.player_b, f"{m.wins_a}-{m.wins_b}",
                        m.winner, table)  # fmt: skip
    out.print(matches)


def cmd_tournament_list(args: argparse.Namespace) -> int:
    api = client(args)
    tournaments = api.list_tournaments(include_finished=args.all, limit=args.limit or None)
    if args.json:
        for info in tournaments:
            emit(MessageToDict(info, preserving_proto_field_name=True))
        return 0
    if not tournaments:
        err.print("no tournament" + ("" if args.all else " being played (--all lists finished ones too)"))
    for info in tournaments:
        state = f"won by {info.champion}" if info.finished else f"{info.stage} round {info.round}"
        out.print(f"{info.tournament_id}  {info.name}  {info.format}, {len(info.players)} players: {state}")
    return 0


def bot_players(given: list[str], players: list[str]) -> list[int]:
    """The API's indexes (from 0) of the players ``--bots`` names: each by its place in the list, counted from 1
    as the seats are, or by name; commas or spaces between them, the flag given once or again."""
    chosen = []
    for item in (x for text in given for x in text.replace(",", " ").split()):
        if item in players:
            chosen.append(players.index(item))
            continue
        if not numeral(item):
            fail(f"--bots {item}: no player of that name (the players: {', '.join(players)}; or 1 to {len(players)})")
        try:
            chosen.append(seat_of(item, len(players), "player"))
        except argparse.ArgumentTypeError as e:
            fail(f"--bots {item}: {e}")
    return sorted(set(chosen))


def add_commands(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    remote = argparse.ArgumentParser(add_help=False, parents=[common])
    remote.add_argument("--server", default=os.environ.get("BRELAN_SERVER", DEFAULT_SERVER), metavar="HOST:PORT",
                        help=f"the server (default $BRELAN_SERVER or {DEFAULT_SERVER})")  # fmt: skip
    tournament = sub.add_parser("tournament", help="AlphaPoker tournaments: knockout, preliminary, round robin",
                                epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    actions = tournament.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", parents=[remote], help="start a tournament", epilog=EXAMPLES,
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    create.add_argument("players", nargs="+", metavar="PLAYER", help="the players' names")
    create.add_argument("--format", default="knockout", choices=("knockout", "preliminary", "round-robin"),
                        help="knockout (4, 8, 16, 32 or 64 players), preliminary (an even number), round-robin")  # fmt: skip
    create.add_argument("--bots", action="append", default=[], metavar="I,J",
                        help=f"the players the server's bots play, each by its place among the PLAYERs, {COUNTED} "
                             "(ann bob cy dee --bots 2,3: bob and cy), or by name (--bots bob,cy)")  # fmt: skip
    create.add_argument("--all-bots", action="store_true", help="bots play every seat (a demonstration)")
    leveled(create, "the bots'")
    create.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an AlphaPoker option for every game, repeatable (e.g. hand=9, lexicon=fr-dela)")  # fmt: skip
    create.add_argument("--wins", type=count, default=0, metavar="N", help="games to win a match (default 2: best of three)")
    create.add_argument("--qualifiers", type=count, default=0, metavar="X",
                        help="preliminary: how many go on to the knockout (default: the largest of 4, 8... allowed)")  # fmt: skip
    timing(create)
    pausing(create)
    create.add_argument("--join-minutes", type=float, default=0.0, metavar="M",
                        help="how long each game waits for its players (default 10); one still absent forfeits it")  # fmt: skip
    create.add_argument("--name", default="", help="the tournament's name")
    create.add_argument("--follow", action="store_true", help="print the standings again at each change, to the end")
    create.set_defaults(run=cmd_tournament_create)
    show_it = actions.add_parser("show", parents=[remote], help="standings and matches")
    show_it.add_argument("tournament", metavar="ID")
    show_it.add_argument("--follow", action="store_true", help="print again at each change, until it ends")
    show_it.set_defaults(run=cmd_tournament_show)
    listing = actions.add_parser("list", parents=[remote], help="the tournaments being played (--all: finished too)")
    listing.add_argument("--all", action="store_true")
    listing.add_argument("--limit", type=count, default=100, metavar="N",
                         help="at most N tournaments, those being played first (default 100; 0: every one)")  # fmt: skip
    listing.set_defaults(run=cmd_tournament_list)
