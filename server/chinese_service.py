"""ChinesePokerService: the arrangement solver, for the CLI (in process) and over gRPC.

The handler is plain (request pb -> response pb); the servicer runs it in a
worker thread so a solve does not hold up the tables sharing the event loop.
"""

from __future__ import annotations

import asyncio

import grpc

from brelan.api.v1 import chinese_pb2 as pb
from brelan.api.v1 import chinese_pb2_grpc as pb_grpc

from .errors import invalid
from .games.base import TextError
from .games.cards import Card
from .games.chinese_rows import ROWS
from .games.chinese_scoring import Natural, describe_row, row_royalty
from .games.chinese_solver import MAX_CARDS, MIN_CARDS, solve, strength


def parse_hand(cards: list[str], path: str = "cards") -> list[Card]:
    """13 to 17 different cards, or INVALID_ARGUMENT naming the card at fault."""
    parsed: list[Card] = []
    for i, text in enumerate(cards):
        try:
            card = Card.parse(text)
        except TextError as e:
            raise invalid(f"{path}[{i}]", str(e)) from None
        if card in parsed:
            raise invalid(f"{path}[{i}]", f"{card} is given twice")
        parsed.append(card)
    if not MIN_CARDS <= len(parsed) <= MAX_CARDS:
        raise invalid(path, f"give {MIN_CARDS} to {MAX_CARDS} cards (13 for a classic hand, up to 17 in fantasyland), not {len(parsed)}")
    return parsed


class ChineseHandler:
    def SolveArrangement(self, request: pb.SolveArrangementRequest) -> pb.SolveArrangementResponse:
        solved = solve(parse_hand(list(request.cards)))
        a = solved.arrangement
        rows = []
        for name, cards, value in zip(ROWS, (a.bottom, a.middle, a.top), a.values):
            rank = describe_row(name, value)
            rows.append(pb.ArrangedRow(name=name, cards=map(str, cards), hand=str(rank), hand_fr=rank.name_fr,
                                       royalty=row_royalty(name, value), strength=strength(name, value)))  # fmt: skip
        natural = a.natural if len(solved.discards) == 0 else Natural.NONE
        return pb.SolveArrangementResponse(
            placement=str(solved.placement), rows=rows, discards=map(str, solved.discards),
            royalties=solved.royalties, strength=solved.strength,
            natural=natural.slug if natural else "",
        )  # fmt: skip


class ChineseServicer(pb_grpc.ChinesePokerServiceServicer):
    def __init__(self, handler: ChineseHandler | None = None) -> None:
        self.handler = handler or ChineseHandler()

    async def SolveArrangement(
        self, request: pb.SolveArrangementRequest, context: grpc.aio.ServicerContext
    ) -> pb.SolveArrangementResponse:
        return await asyncio.to_thread(self.handler.SolveArrangement, request)
