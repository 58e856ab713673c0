"""TournamentService over grpc.aio: requests to the tournament manager, its state to messages."""

from __future__ import annotations

import grpc

from brelan.api.v1 import tournament_pb2 as pb
from brelan.api.v1 import tournament_pb2_grpc as pb_grpc

from .auth import peer_of
from .errors import decision_time, invalid, limited
from .games.levels import level_of
from .paging import after, bounded, page_of
from .tournaments import Running, Tournaments

MAX_PLAYERS = 128
MAX_OPTIONS = 64
LISTED_PAGE, MAX_LISTED_PAGE = 20, 100  # tournaments a ListTournaments page holds: by default, at most


def tournament_info(run: Running) -> pb.TournamentInfo:
    names = run.row.players
    state = run.state
    # Its bots' level ("" in a row made before levels: the default, which they played at)
    info = pb.TournamentInfo(tournament_id=run.row.tournament_id, name=run.row.name, format=run.row.format,
                             players=names, finished=state.is_over, stage=state.stage, round=state.round,
                             champion=names[state.champion] if state.champion is not None else "",
                             bot_level=level_of(run.row.bot_level) if run.row.bots else "")  # fmt: skip
    for place, s in enumerate(state.standings(), 1):
        info.standings.append(pb.Standing(place=place, player=names[s.player], match_points=s.points,
                                          tiebreak=s.tiebreak, played=s.played, won=s.won, lost=s.lost,
                                          forfeited=s.forfeited))  # fmt: skip
    for i, m in enumerate(state.matches):
        wins_a, wins_b = m.wins
        info.matches.append(pb.MatchInfo(stage=m.stage, round=m.round, number=m.number, player_a=names[m.a],
                                         player_b=names[m.b], wins_a=wins_a, wins_b=wins_b,
                                         winner=names[m.winner] if m.winner is not None else "",
                                         table_ids=run.tables.get(i, [])))  # fmt: skip
    return info


class TournamentServicer(pb_grpc.TournamentServiceServicer):
    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments

    async def CreateTournament(self, request: pb.CreateTournamentRequest,
                               context: grpc.aio.ServicerContext) -> pb.CreateTournamentResponse:  # fmt: skip
        if not self.tournaments.tables.creating.take(peer_of(context)):
            raise limited("new tournaments and tables", self.tournaments.tables.creating.rate)
        if len(request.players) > MAX_PLAYERS:
            raise invalid("players", f"at most {MAX_PLAYERS}")
        if len(request.options) > MAX_OPTIONS:
            raise invalid("options", f"at most {MAX_OPTIONS}")
        seconds = decision_time(request.decision_seconds, request.untimed)
        run, joins = await self.tournaments.create(request.name, request.format, list(request.players), list(request.bots),
                                      dict(request.options), request.wins, request.qualifiers, seconds,
                                      request.join_minutes, request.pause_seconds, request.bot_level)  # fmt: skip
        # The secrets are told once, to the creator, who hands each player his own.
        return pb.CreateTournamentResponse(tournament=tournament_info(run), join_secrets=joins)

    async def GetTournament(self, request: pb.GetTournamentRequest,
                            context: grpc.aio.ServicerContext) -> pb.GetTournamentResponse:  # fmt: skip
        return pb.GetTournamentResponse(tournament=tournament_info(await self.tournaments.get(request.tournament_id)))

    async def ListTournaments(self, request: pb.ListTournamentsRequest, context: grpc.aio.ServicerContext) -> pb.ListTournamentsResponse:
        size = bounded(request.page_size, LISTED_PAGE, MAX_LISTED_PAGE)
        runs = await self.tournaments.listing(include_finished=request.include_finished, limit=size + 1,
                                              after=after(request.page_token, "page_token", "tournaments"))  # fmt: skip
        page, token = page_of(runs, size, lambda r: ("tournaments", int(r.row.finished), r.row.created, r.row.tournament_id))
        return pb.ListTournamentsResponse(tournaments=[tournament_info(r) for r in page], next_page_token=token)
