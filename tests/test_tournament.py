"""Tournament pairings and standings, checked against brackets worked by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from brelan.server.games.tournament import (Format, Game, Match, Tournament, TournamentError, TournamentOptions,
                                            halves_fold, round_robin)  # fmt: skip


class Drawn(random.Random):
    """Lots drawn in a given order: the first shuffle puts the players in ``order``; later ones change nothing."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if self.order:
            x[:] = self.order
            self.order = []


def play_round(t: Tournament, *, two_nil: Any = lambda m: True, diff: int = 10) -> None:
    """Every open match: the lower seat wins, 2-0 when ``two_nil(match)``, else 2-1; each game moves ``diff`` PM."""
    for i in t.playing():
        m = t.matches[i]
        low = 0 if m.a < m.b else 1
        games = [low, low] if two_nil(m) else [low, 1 - low, low]
        for w in games:
            t.record(i, Game(w, (diff, -diff) if w == 0 else (-diff, diff)))


def pairs(t: Tournament, stage: str, round_: int) -> list[tuple[int, int]]:
    return [(m.a, m.b) for m in t.matches if m.stage == stage and m.round == round_]


def test_match_points_and_the_rulebooks_tiebreak_example() -> None:
    m = Match("preliminary", 1, 1, a=0, b=1, wins_needed=2)
    for winner, diff in ((0, 25), (1, -13), (0, 25)):  # the rulebook: +25, -13, +25
        m.games.append(Game(winner, (diff, -diff)))
    assert m.over and m.winner == 0 and (m.points(0), m.points(1)) == (3, 2)
    assert (m.tiebreak(0), m.tiebreak(1)) == (37, -37)
    clean = Match("preliminary", 1, 2, a=2, b=3, wins_needed=2, games=[Game(1, (-5, 5)), Game(1, (-8, 8))])
    assert clean.winner == 3 and (clean.points(3), clean.points(2)) == (4, 1)
    shared = Match("knockout", 1, 1, a=0, b=1, wins_needed=2, games=[Game(None, (0, 0)), Game(0, (9, -9))])
    assert not shared.over  # a shared game counts for neither


def test_a_knockout_of_4_and_its_final() -> None:
    t = Tournament(TournamentOptions(Format.KNOCKOUT, 4), Drawn([2, 0, 3, 1]))
    assert pairs(t, "knockout", 1) == [(2, 0), (3, 1)]  # the draw, duel by duel
    play_round(t)
    assert pairs(t, "knockout", 2) == [(0, 1)] and not t.is_over
    play_round(t)
    assert t.champion == 0


def test_a_knockout_of_64_climbs_one_side_and_comes_down_the_other() -> None:
    t = Tournament(TournamentOptions(Format.KNOCKOUT, 64), Drawn(list(range(64))))
    assert pairs(t, "knockout", 1) == [(2 * i, 2 * i + 1) for i in range(32)]
    play_round(t)
    # Winners 0, 2, ..., 62: the top duel's winner meets the bottom one's, and so on inwards.
    assert pairs(t, "knockout", 2) == [(0, 62), (2, 60), (4, 58), (6, 56), (8, 54), (10, 52), (12, 50), (14, 48),
                                       (16, 46), (18, 44), (20, 42), (22, 40), (24, 38), (26, 36), (28, 34), (30, 32)]  # fmt: skip
    play_round(t)
    assert pairs(t, "knockout", 3) == [(0, 30), (2, 28), (4, 26), (6, 24), (8, 22), (10, 20), (12, 18), (14, 16)]
    play_round(t)
    assert pairs(t, "knockout", 4) == [(0, 14), (2, 12), (4, 10), (6, 8)]
    play_round(t)
    assert pairs(t, "knockout", 5) == [(0, 6), (2, 4)]
    play_round(t)
    assert pairs(t, "knockout", 6) == [(0, 2)]
    play_round(t)
    assert t.champion == 0 and len(t.matches) == 63


def test_a_preliminary_of_10_pairs_by_ranking_then_seeds_a_knockout_of_8() -> None:
    t = Tournament(TournamentOptions(Format.PRELIMINARY, 10), Drawn(list(range(10))))
    assert pairs(t, "preliminary", 1) == [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)]
    play_round(t, two_nil=lambda m: m.number % 2 == 1)
    # By hand: 0, 4, 8 won 2-0 (4 points, +20); 2, 6 won 2-1 (3, +10); 3, 7 lost 1-2 (2, -10);
    # 1, 5, 9 lost 0-2 (1, -20). Equal on both: the lower seat first.
    assert t.ranking("preliminary") == [0, 4, 8, 2, 6, 3, 7, 1, 5, 9]
    # Halves [0 4 8 2 6] and [3 7 1 5 9]: 1st-5th, 2nd-4th in each; the middles (8 and 1) meet.
    assert pairs(t, "preliminary", 2) == [(0, 6), (4, 2), (3, 9), (7, 5), (8, 1)]
    play_round(t)
    assert len(pairs(t, "preliminary", 3)) == 5
    play_round(t)
    ranking = t.ranking("preliminary")
    seeds = ranking[:8]
    assert pairs(t, "knockout", 1) == [(seeds[0], seeds[7]), (seeds[1], seeds[6]), (seeds[2], seeds[5]),
                                       (seeds[3], seeds[4])]  # fmt: skip
    assert all(s.played == 3 for s in t.standings("preliminary"))
    while not t.is_over:
        play_round(t)
    assert t.champion == min(seeds)  # the lower seat wins every match


def test_halves_fold_for_8() -> None:
    assert halves_fold([10, 11, 12, 13, 14, 15, 16, 17]) == [(10, 13), (11, 12), (14, 17), (15, 16)]


def test_a_round_robin_meets_everyone_once() -> None:
    for n in (4, 5, 6):
        met = sorted(tuple(sorted(p)) for r in round_robin(n) for p in r)
        assert met == [(a, b) for a in range(n) for b in range(a + 1, n)]
    t = Tournament(TournamentOptions(Format.ROUND_ROBIN, 4), random.Random(1))
    while not t.is_over:
        play_round(t)
    assert t.champion == 0 and [s.won for s in t.standings()] == [3, 2, 1, 0]


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(TournamentError, match="exactly 4, 8"):
        TournamentOptions(Format.KNOCKOUT, 10)
    with pytest.raises(TournamentError, match="even"):
        TournamentOptions(Format.PRELIMINARY, 7)
    with pytest.raises(TournamentError, match="qualifiers"):
        TournamentOptions(Format.PRELIMINARY, 6, qualifiers=8)
    assert TournamentOptions(Format.PRELIMINARY, 10).knockout_size == 8
