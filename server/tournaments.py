"""Tournaments on the table platform: each game of each match is an AlphaPoker table of two.

A tournament is kept as its row (players, format, options, the seed of its
draws) and the list of tables it created, in order; the standings are worked
out again from those tables' results, so they are persisted exactly like the
tables are. On a restart the games are fed to the pure :class:`Tournament` in
the order they were created, and a game that was due but never created (a
crash between one table's end and the next one's start) is created then.

In a cluster the games end on any node, and each node opens what is due: a
game is first claimed in the store (the tournament's ``n``-th game, for a new
table id), then its table made; a node that loses the claim reads the
tournament again, and a claimed game whose table is missing is made by
whichever node sees it (the table id is unique, so it is made once).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from .cluster import Cluster
from .refusals import MAX_PAUSE_SECONDS, checked_seconds, found, invalid
from .games.levels import UnknownLevel, level_of
from .games.registry import get_variant
from .games.tournament import Format, Game, Tournament, TournamentError, TournamentOptions
from .games.transcript import game_rng
from .log_store import SqlStore, TournamentGame, TournamentRow
from .seats import sha256
from .tables import MAX_NAME, TableExists, Tables, checked_name, new_table_id

GAME = "alphapoker"
JOIN_MINUTES = 10.0  # how long a game's table waits for its players, unless the tournament says otherwise
MAX_JOIN_MINUTES = 1440.0
CLAIMS = 8  # times a node reads a tournament again after another node opened the game it meant to


def game_options(options: dict[str, str]) -> dict[str, str]:
    """A tournament game's table options: the tournament's, for two players."""
    return {**options, "players": "2"}


@dataclass(frozen=True)
class Place:
    """Where a game stands in its tournament (TableInfo.tournament), kept with its table's row: a client words it
    in its own language."""

    tournament_id: str
    tournament_name: str
    stage: str  # preliminary, knockout, round-robin
    round: int
    round_matches: int  # the matches of its round: a knockout's 4 are its quarter-finals
    match: int
    game: int  # within its match, from 1
    players: tuple[str, ...] = ()  # its seats' players, as the tournament names them (its bots too)


@dataclass
class Running:
    row: TournamentRow
    state: Tournament
    capital: int  # each player's starting capital in a game: the capital differences count from it
    tables: dict[int, list[str]] = field(default_factory=dict)  # match index -> its games' tables, in order

    @property
    def count(self) -> int:
        return sum(len(t) for t in self.tables.values())

    def place(self, match: int, table_id: str) -> Place:
        """Where the game of ``match`` played on ``table_id`` stands."""
        m = self.state.matches[match]
        matches = sum(1 for x in self.state.matches if (x.stage, x.round) == (m.stage, m.round))
        return Place(self.row.tournament_id, self.row.name, m.stage, m.round, matches, m.number,
                     self.tables[match].index(table_id) + 1, (self.row.players[m.a], self.row.players[m.b]))  # fmt: skip


class Tournaments:
    def __init__(self, log: SqlStore, tables: Tables) -> None:
        self.log = log
        self.tables = tables
        tables.listeners.append(self.table_finished)
        self.cluster: Cluster | None = None  # in a cluster, games are spread over its nodes
        self.locks: dict[str, asyncio.Lock] = {}

    # -- creating -------------------------------------------------------------------------------
    async def create(self, name: str, format_: str, players: list[str], bots: list[int], options: dict[str, str],
               wins: int, qualifiers: int, decision_seconds: float,
               join_minutes: float = 0.0, pause_seconds: float = 0.0,
               bot_level: str = "") -> tuple[Running, dict[str, str]]:  # fmt: skip
        """A new tournament, its first games open; returns it with each human player's join secret.

        ``join_minutes``: how long each game waits for its players (0: :data:`JOIN_MINUTES`); one
        still absent then forfeits the game. ``pause_seconds``: each game's pause after each hand.
        ``bot_level``: the level its bots play at in every game (English or French; "": the default).
        """
        pause_seconds = checked_seconds("pause_seconds", pause_seconds, MAX_PAUSE_SECONDS)
        try:
            bot_level = level_of(bot_level)  # kept by its English name, as a table keeps its seats'
        except UnknownLevel as e:
            raise invalid("bot_level", str(e)) from None
        if not (join_minutes == 0 or 0 < join_minutes <= MAX_JOIN_MINUTES):  # also refuses nan
            raise invalid("join_minutes", f"more than 0, at most {MAX_JOIN_MINUTES} (a day); 0: {JOIN_MINUTES:g}")
        checked_name(name)
        try:
            fmt = Format(format_ or Format.KNOCKOUT.value)
        except ValueError:
            raise invalid("format", f"one of {', '.join(f.value for f in Format)}, not {format_!r}") from None
        for i, player in enumerate(players):
            if not player.strip():
                raise invalid(f"players[{i}]", f"a name of 1 to {MAX_NAME} characters")
            checked_name(player, f"players[{i}]")
        if len(set(players)) != len(players):
            raise invalid("players", "every player needs a name of his own")
        for i, bot in enumerate(bots):
            if not 0 <= bot < len(players):
                raise invalid(f"bots[{i}]", f"a player index, 0 to {len(players) - 1}")
        if "players" in options:
            raise invalid("options[players]", "a tournament game is always for two players")
        try:
            TournamentOptions(fmt, len(players), wins or 2, qualifiers)
        except TournamentError as e:
            raise invalid(e.field, e.why) from None
        self.tables.options_of(get_variant(GAME), game_options(options))
        joins = {p: secrets.token_hex(16) for p in range(len(players)) if p not in bots}
        row = TournamentRow("tour-" + secrets.token_hex(4), name or "tournament", fmt.value, tuple(players),
                            tuple(sorted(set(bots))), dict(options), wins or 2, qualifiers, decision_seconds,
                            self.tables.seeds.draw(), {p: sha256(secret) for p, secret in joins.items()},
                            join_minutes or JOIN_MINUTES, pause_seconds=pause_seconds, bot_level=bot_level)  # fmt: skip
        await self.log.create_tournament(row)
        run = await self._replayed(row.tournament_id, open_due=True)
        assert run is not None
        return run, {players[p]: secret for p, secret in joins.items()}

    def _load(self, row: TournamentRow) -> Running:
        options = TournamentOptions(Format(row.format), len(row.players), row.wins, row.qualifiers)
        capital = get_variant(GAME).make_options(game_options(row.options)).starting_capital
        return Running(row, Tournament(options, game_rng(row.seed)), capital)

    # -- games ----------------------------------------------------------------------------------------
    async def _make_game(self, run: Running, match: int, table_id: str) -> None:
        """Make the table of a game claimed in the store (nothing when it is made already)."""
        m = run.state.matches[match]
        place = run.place(match, table_id)
        # The name is for the logs and the command line; a page says the place in its own words (TableInfo's).
        name = f"{place.tournament_name}: {place.stage} round {place.round} match {place.match} game {place.game}"[:MAX_NAME]
        # Its bots at the tournament's level ("" in a row made before levels: the default, as then)
        bots = [(seat, run.row.bot_level) for seat, player in enumerate((m.a, m.b)) if player in run.row.bots]
        reserved = {seat: (run.row.players[p], run.row.secrets_sha256[p]) for seat, p in enumerate((m.a, m.b))
                    if p in run.row.secrets_sha256}  # fmt: skip
        try:
            await self.tables.create(GAME, game_options(run.row.options), [], run.row.decision_seconds, name,
                                     reserved, table_id, run.row.join_minutes * 60, place=asdict(place),
                                     pause_seconds=run.row.pause_seconds, bots=bots)  # fmt: skip
        except TableExists:
            return
        if self.cluster is not None:
            await self.cluster.hand_over(table_id)

    async def _open(self, run: Running, due: list[int]) -> bool:
        """Claim and make the next game of each match in ``due``; False when another node claimed one first."""
        for match in due:
            table_id = new_table_id()
            if not await self.log.add_game(run.row.tournament_id, run.count, match, table_id):
                return False
            run.tables.setdefault(match, []).append(table_id)
            await self._make_game(run, match, table_id)
        return True

    def _game(self, run: Running, result: dict[str, Any]) -> Game:
        champions = result.get("champions") or []
        stacks = result.get("stacks") or [run.capital, run.capital]  # a forfeit: never dealt, no capital moved
        return Game(champions[0] if len(champions) == 1 else None, (stacks[0] - run.capital, stacks[1] - run.capital),
                    tuple(result.get("forfeited") or ()))  # fmt: skip

    async def table_finished(self, table_id: str, result: dict[str, Any]) -> None:
        """A game is over: open what is due (the match's next game, or the next round).

        The tournament is read again from the store, its results from its tables' rows: in a
        cluster the game may have ended on a node that took its table over, and whichever
        node a game ends on goes on with the tournament.
        """
        tournament_id = await self.log.tournament_of(table_id)
        if tournament_id is not None:
            async with self.locks.setdefault(tournament_id, asyncio.Lock()):  # two games ending at once open one round
                await self._replayed(tournament_id, open_due=True)

    async def _replayed(self, tournament_id: str, *, open_due: bool) -> Running | None:
        """A tournament as the store holds it: its games' results recorded in the order they were created.

        ``open_due``: also make what is due, the tables of claimed games first, then each match's next game.
        """
        for _ in range(CLAIMS):
            rows = await self.log.tournaments(tournament_id)
            if not rows:
                return None
            run, waiting, missing = self._built(rows[0], await self.log.games([tournament_id]))
            if not open_due:
                return run
            if run.state.is_over and not run.row.finished:
                await self.log.tournament_finished(tournament_id)
            for match, table_id in missing:
                await self._make_game(run, match, table_id)
            if await self._open(run, [m for m in run.state.playing() if m not in waiting]):
                return run
        return run

    def _built(self, row: TournamentRow, games: list[TournamentGame]) -> tuple[Running, set[int], list[tuple[int, str]]]:
        """The tournament from its row and its games; with the matches whose game is still waiting or played,
        and the games claimed whose table was never made (match, table)."""
        run = self._load(row)
        waiting: set[int] = set()
        missing: list[tuple[int, str]] = []
        for game in games:
            run.tables.setdefault(game.match, []).append(game.table_id)
            if game.finished:
                run.state.record(game.match, self._game(run, game.result or {}))
            else:
                waiting.add(game.match)
                if not game.made:
                    missing.append((game.match, game.table_id))
        return run, waiting, missing

    async def restore(self) -> None:
        """Open the games that were due but never made (a crash between one game's end and the next's start)."""
        for row in await self.log.tournaments(live_only=True):
            await self._replayed(row.tournament_id, open_due=True)

    # -- reading --------------------------------------------------------------------------------------------
    async def get(self, tournament_id: str) -> Running:
        """A tournament as it stands, whichever node played its games."""
        run = await self._replayed(tournament_id, open_due=False) if 0 < len(tournament_id) <= 64 else None
        return found({tournament_id: run} if run else {}, tournament_id, "tournament_id", "tournament")

    async def listing(self, *, include_finished: bool, limit: int, after: Sequence[Any] | None) -> list[Running]:
        """A page of tournaments, those being played first, then the finished, newest first: three queries."""
        rows = await self.log.tournaments(live_only=not include_finished, after=after, limit=limit)
        games: dict[str, list[TournamentGame]] = {}
        for game in await self.log.games([r.tournament_id for r in rows]):
            games.setdefault(game.tournament_id, []).append(game)
        return [self._built(row, games.get(row.tournament_id, []))[0] for row in rows]
