"""AlphaPoker tournaments (rulebook section C.9): pairings, matches, standings. Pure: no tables, no I/O.

- Knockout, for exactly 4, 8, 16, 32 or 64 players: the first duels are drawn
  at random; then the winner of the top duel meets the winner of the bottom one,
  the second from the top the second from the bottom, and so on (:func:`fold`).
- Preliminary, for an even number of players: three rounds. Round 1 pairs at
  random; rounds 2 and 3 pair by ranking (match points, then the tie-break).
  Ruling: the rulebook pairs place 1 with place N/2, 2 with N/2 - 1...; we read
  this within each half of the ranking (the bottom half likewise: N/2 + 1 with
  N, ...), and when the halves are odd their middle players meet. The best
  ``qualifiers`` (a power of two) then play a knockout seeded by that ranking
  (1 meets x, 2 meets x - 1; the rulebook draws lots only "for want of a
  ranking").
- Round robin: everyone meets everyone once (the circle method).

A match is won by the first to win ``wins`` games (two: best of three). Match
points: 2-1 gives 3 to the winner and 2 to the loser, 2-0 gives 4 and 1 (with
another ``wins``: a clean win 4 and 1, any other 3 and 2). The tie-break adds each game's final
capital difference (final capital minus the starting capital). A game shared
(tied after every tie-break deal) counts for neither: the match plays on.

>>> fold([1, 2, 3, 4, 5, 6, 7, 8])
[(1, 8), (2, 7), (3, 6), (4, 5)]
>>> halves_fold(list(range(1, 11)))
[(1, 5), (2, 4), (6, 10), (7, 9), (3, 8)]
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Sequence

KNOCKOUT_SIZES = (4, 8, 16, 32, 64)
SIZES_TEXT = "4, 8, 16, 32 or 64"
MAX_PLAYERS = 128


class Format(str, enum.Enum):
    KNOCKOUT = "knockout"
    PRELIMINARY = "preliminary"
    ROUND_ROBIN = "round-robin"


class TournamentError(ValueError):
    def __init__(self, field_name: str, why: str) -> None:
        super().__init__(f"{field_name}: {why}")
        self.field = field_name
        self.why = why


def fold(seats: Sequence[int]) -> list[tuple[int, int]]:
    """First with last, second with second-last...: the knockout's next round, and the seeded bracket."""
    n = len(seats)
    return [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]


def halves_fold(ranking: Sequence[int]) -> list[tuple[int, int]]:
    """Rounds 2 and 3 of the preliminary: :func:`fold` within each half; odd halves' middles meet."""
    half = len(ranking) // 2
    top, bottom = ranking[:half], ranking[half:]
    pairs = fold(top) + fold(bottom)
    if half % 2:
        pairs.append((top[half // 2], bottom[half // 2]))
    return pairs


def consecutive(seats: Sequence[int]) -> list[tuple[int, int]]:
    return [(seats[i], seats[i + 1]) for i in range(0, len(seats) - 1, 2)]


def round_robin(players: int) -> list[list[tuple[int, int]]]:
    """Every round of a round robin (circle method); with an odd count, the one paired with None rests."""
    seats: list[int | None] = list(range(players)) + ([None] if players % 2 else [])
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        pairs = [(seats[i], seats[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds  # type: ignore[return-value]


def largest_knockout(players: int) -> int:
    return max((k for k in KNOCKOUT_SIZES if k <= players), default=0)


@dataclass(frozen=True)
class TournamentOptions:
    format: Format
    players: int
    wins: int = 2  # games to win a match
    qualifiers: int = 0  # preliminary: how many go on to the knockout; 0: the largest power of two allowed
    preliminary_rounds: int = 3

    def __post_init__(self) -> None:
        if self.format == Format.KNOCKOUT and self.players not in KNOCKOUT_SIZES:
            raise TournamentError("players", f"a knockout takes exactly {SIZES_TEXT} players, not {self.players} "
                                  "(otherwise play a preliminary)")  # fmt: skip
        if not 2 <= self.players <= MAX_PLAYERS:
            raise TournamentError("players", f"2 to {MAX_PLAYERS} players")
        if self.format == Format.PRELIMINARY:
            if self.players % 2 or self.players < 4:
                raise TournamentError("players", "a preliminary takes an even number of players, at least 4")
            if self.qualifiers and (self.qualifiers not in KNOCKOUT_SIZES or self.qualifiers > self.players):
                raise TournamentError("qualifiers", f"one of {SIZES_TEXT}, at most the players")
        if not 1 <= self.wins <= 5:
            raise TournamentError("wins", "1 to 5 games to win a match")

    @property
    def knockout_size(self) -> int:
        return self.qualifiers or largest_knockout(self.players)


@dataclass(frozen=True)
class Game:
    """One game of a match: its winner (0 for a, 1 for b, None when shared) and each side's capital difference.

    ``forfeited``: the sides that were absent when the game was due (it was never dealt: no capital moved).
    """

    winner: int | None
    diffs: tuple[int, int]
    forfeited: tuple[int, ...] = ()


@dataclass
class Match:
    stage: str  # preliminary, knockout, round-robin
    round: int
    number: int
    a: int
    b: int
    wins_needed: int
    games: list[Game] = field(default_factory=list)

    @property
    def wins(self) -> tuple[int, int]:
        return sum(g.winner == 0 for g in self.games), sum(g.winner == 1 for g in self.games)

    @property
    def over(self) -> bool:
        return max(self.wins) >= self.wins_needed

    @property
    def winner(self) -> int | None:
        wa, wb = self.wins
        return None if not self.over else self.a if wa > wb else self.b

    @property
    def loser(self) -> int | None:
        return None if self.winner is None else self.b if self.winner == self.a else self.a

    def points(self, player: int) -> int:
        """Match points (3/2 for 2-1, 4/1 for 2-0)."""
        if not self.over:
            return 0
        clean = min(self.wins) == 0
        return (4 if clean else 3) if player == self.winner else (1 if clean else 2)

    def tiebreak(self, player: int) -> int:
        side = 0 if player == self.a else 1
        return sum(g.diffs[side] for g in self.games)

    def forfeits(self, player: int) -> int:
        """Games lost by not coming (when both were absent, only the one the lot made lose)."""
        side = 0 if player == self.a else 1
        return sum(side in g.forfeited and g.winner != side for g in self.games)


@dataclass(frozen=True)
class Standing:
    player: int
    points: int
    tiebreak: int
    played: int
    won: int
    lost: int
    forfeited: int = 0  # games he lost by not coming to them


@dataclass
class Tournament:
    options: TournamentOptions
    rng: random.Random
    matches: list[Match] = field(default_factory=list)
    champion: int | None = None

    def __post_init__(self) -> None:
        if not self.matches:
            self._open_round()

    # -- what is being played ----------------------------------------------------------------
    @property
    def stage(self) -> str:
        return self.matches[-1].stage

    @property
    def round(self) -> int:
        return self.matches[-1].round

    def current(self) -> list[Match]:
        return [m for m in self.matches if m.stage == self.stage and m.round == self.round]

    def playing(self) -> list[int]:
        """Indexes (in ``matches``) of the matches still being played."""
        return [i for i, m in enumerate(self.matches) if not m.over]

    @property
    def is_over(self) -> bool:
        return self.champion is not None

    def record(self, match: int, game: Game) -> list[int]:
        """A game's result; returns the indexes of matches that this opened (the next round's)."""
        m = self.matches[match]
        if m.over:
            raise TournamentError("match", f"match {match} is over")
        m.games.append(game)
        if any(not x.over for x in self.current()):
            return []
        before = len(self.matches)
        self._open_round()
        return list(range(before, len(self.matches)))

    # -- standings -------------------------------------------------------------------------------
    def standings(self, stage: str | None = None) -> list[Standing]:
        """Players by match points, then tie-break, then seat (over the matches of ``stage``, or all)."""
        rows = []
        for p in range(self.options.players):
            mine = [m for m in self.matches if p in (m.a, m.b) and (stage is None or m.stage == stage)]
            done = [m for m in mine if m.over]
            rows.append(Standing(p, sum(m.points(p) for m in done), sum(m.tiebreak(p) for m in mine), len(done),
                                 sum(m.winner == p for m in done), sum(m.loser == p for m in done),
                                 sum(m.forfeits(p) for m in mine)))  # fmt: skip
        return sorted(rows, key=lambda s: (-s.points, -s.tiebreak, s.player))

    def ranking(self, stage: str) -> list[int]:
        return [s.player for s in self.standings(stage)]

    # -- the next round ------------------------------------------------------------------------------
    def _add(self, stage: str, round_: int, pairs: list[tuple[int, int]]) -> None:
        for n, (a, b) in enumerate(pairs, 1):
            self.matches.append(Match(stage, round_, n, a, b, self.options.wins))

    def _open_round(self) -> None:
        fmt = self.options.format
        players = list(range(self.options.players))
        if not self.matches:
            if fmt == Format.ROUND_ROBIN:
                self._add("round-robin", 1, round_robin(self.options.players)[0])
            else:
                self.rng.shuffle(players)
                pairs = consecutive(players)
                if fmt == Format.PRELIMINARY:
                    self.rng.shuffle(pairs)  # "on classe les matches dans un ordre aléatoire"
                self._add(fmt.value, 1, pairs)
            return
        stage, round_ = self.stage, self.round
        if stage == "round-robin":
            schedule = round_robin(self.options.players)
            if round_ < len(schedule):
                self._add(stage, round_ + 1, schedule[round_])
            else:
                self.champion = self.ranking(stage)[0]
        elif stage == "preliminary":
            if round_ < self.options.preliminary_rounds:
                self._add(stage, round_ + 1, halves_fold(self.ranking(stage)))
            else:
                self._add("knockout", 1, fold(self.ranking(stage)[: self.options.knockout_size]))
        else:
            winners = [m.winner for m in self.current()]
            if len(winners) == 1:
                self.champion = winners[0]
            else:
                self._add("knockout", round_ + 1, fold(winners))  # type: ignore[arg-type]
