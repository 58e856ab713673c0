"""``brelan chinese solve``: the best arrangement of a Chinese poker hand, in process or from a server."""

from __future__ import annotations

import argparse

from google.protobuf.json_format import MessageToDict

from brelan.api.v1 import chinese_pb2 as cpb

from .console import connect, emit, out

EXAMPLES = """\
examples:
  brelan chinese solve As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c
  brelan chinese solve "Ah Kh Qh Jh Th 9c 9d 9h 9s 2c 3c 4c 5d 6d"   # fantasyland: 14 cards, one discarded
  brelan chinese solve --json --server 127.0.0.1:50051 As Ad ...

Rows are bottom (5 cards), middle (5) and top (3); bottom >= middle >= top or
the hand is fouled. The solver never fouls, takes the most royalties, then the
strongest rows (the chance each beats the same row of a random hand). Its
"place ..." line is the action that sets the hand at a table.
"""


def cmd_chinese_solve(args: argparse.Namespace) -> int:
    cards = [c for word in args.cards for c in word.replace(",", " ").split()]
    request = cpb.SolveArrangementRequest(cards=cards)
    if args.server:
        with connect(args) as client:
            client.wait_ready(timeout=5)
            solved = client.solve_arrangement(cards)
    else:
        from brelan.server.chinese_service import ChineseHandler

        solved = ChineseHandler().SolveArrangement(request)
    if args.json:
        emit(MessageToDict(solved, preserving_proto_field_name=True, always_print_fields_with_no_presence=True))
        return 0
    for row in solved.rows:
        royalty = f"+{row.royalty}" if row.royalty else ""
        out.print(f"{row.name:<7} {' '.join(row.cards):<15} {row.hand:<28} {royalty:>4}  {row.strength:6.1%}")
    if solved.discards:
        out.print(f"{'discard':<7} {' '.join(solved.discards)}")
    natural = f", a natural: {solved.natural}" if solved.natural else ""
    out.print(f"royalties {solved.royalties}, strength {solved.strength:.3f} of 3{natural}")
    out.print(f"place {solved.placement}")
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    chinese = sub.add_parser("chinese", help="Chinese poker tools").add_subparsers(dest="action", required=True,
                                                                                   metavar="ACTION")  # fmt: skip
    json_only = argparse.ArgumentParser(add_help=False)
    json_only.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    solve = chinese.add_parser("solve", parents=[json_only], help="the best arrangement of 13 to 17 cards",
                               epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    solve.add_argument("cards", nargs="+", metavar="CARD", help="13 to 17 cards: As Td 7c ... (T is ten)")
    solve.add_argument("--server", metavar="HOST:PORT", help="ask a running server (default: solve here)")
    solve.set_defaults(run=cmd_chinese_solve)
