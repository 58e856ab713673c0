"""Chinese poker's bots, by level: the solver for a whole hand, sampled futures for open-face streets.

The levels differ in how many futures they sample and what they fear: a beginner samples few and reaches for
fantasyland, and sets one classic hand in five by rank alone (the strongest cards at the bottom, as a first try);
the intermediate as below; the strong bot spends more futures, by successive halving (the placements worth telling
apart seen most), and counts a foul nearer its cost (every opponent scoops it, and its royalties and fantasyland
go), so it fouls seldom.

A whole hand (classic, fantasyland) is set as the solver sets it; a classic hand
too weak to win much is surrendered. An open-face street tries every legal
placement against the same few random futures (the unseen cards dealt into the
empty slots) and keeps the one with the best average: royalties, the rows'
chances against a random hand, a bonus for a fantasyland top, a foul's penalty.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .cards import DECK, Card
from .chinese import ChineseView
from .chinese_rows import ROWS, Placement
from .chinese_scoring import fantasyland_step, row_royalty, top_value
from .chinese_solver import strength
from .evaluator import evaluate
from .levels import BEGINNER, INTERMEDIATE, STRONG, Bot

SURRENDER_BELOW = 3.5  # a set hand worth less than this (about 1 hand in 50) is surrendered


@dataclass(frozen=True)
class Style:
    samples: int  # futures per decision, shared among its placements
    foul: float  # a fouled board's worth, in units
    fantasy_bonus: float  # what a top that reaches fantasyland adds
    halving: bool = False  # its futures spent by successive halving (the best placements seen again and again)
    naive: float = 0.0  # the share of its classic hands set by rank alone (a first try: the strongest cards below)


STYLES = {
    BEGINNER: Style(samples=60, foul=-6.0, fantasy_bonus=12.0, naive=0.2),
    INTERMEDIATE: Style(samples=400, foul=-6.0, fantasy_bonus=8.0),
    STRONG: Style(samples=2000, foul=-12.0, fantasy_bonus=8.0, halving=True),
}


def make(style: Style) -> Bot:
    return lambda view, legal, rng: play(view, legal, rng, style)


def play(view: ChineseView, legal: Sequence[str], rng: random.Random, style: Style = STYLES[INTERMEDIATE]) -> str:
    if not legal:
        raise ValueError("no legal action")
    seat = view.seat
    assert seat is not None
    places = [a for a in legal if a.startswith("place")]
    if view.style == "classic" or view.fantasy[seat]:
        solved = Placement.parse(places[0][len("place"):])
        if view.style == "classic" and style.naive and rng.random() < style.naive:
            cards = sorted(solved.cards, key=lambda c: c.rank, reverse=True)  # type: ignore[union-attr]
            return "place " + " ".join(f"{row} {' '.join(map(str, part))}" for row, part in
                                       zip(ROWS, (cards[:5], cards[5:10], cards[10:])))  # fmt: skip
        if "surrender" in legal and _value(*solved.rows(), fantasy=False) < SURRENDER_BELOW:  # type: ignore[arg-type]
            return "surrender"
        return places[0]  # the solver's set
    return _best_street(view, places, rng, style)


def _value(bottom: Sequence[Card], middle: Sequence[Card], top: Sequence[Card], *, fantasy: bool = True,
           style: Style = STYLES[INTERMEDIATE]) -> float:  # fmt: skip
    """A complete board's worth in units, roughly: what it scores against a random board."""
    b, m, t = evaluate(bottom), evaluate(middle), top_value(top)
    if b < m or m < t:
        return style.foul
    return _row_worth("bottom", b) + _row_worth("middle", m) + _top_worth(t, fantasy and style.fantasy_bonus)


@functools.lru_cache(maxsize=None)
def _row_worth(row: str, value: int) -> float:
    """Its royalty and its expected unit against a random row (won minus lost)."""
    return row_royalty(row, value) + 2 * strength(row, value) - 1


@functools.lru_cache(maxsize=None)
def _top_worth(value: int, fantasy_bonus: float) -> float:
    return _row_worth("top", value) + (fantasy_bonus if fantasy_bonus and fantasyland_step(value) else 0.0)


def _best_street(view: ChineseView, places: Sequence[str], rng: random.Random, style: Style) -> str:
    seat = view.seat
    assert seat is not None
    board = {name: [c for c in view.boards[seat][name] if isinstance(c, Card)] for name in ROWS}
    seen = {c for b in view.boards for cards in b.values() for c in cards if isinstance(c, Card)}
    seen |= {c for c in (*view.held[seat], *view.discards[seat]) if isinstance(c, Card)}
    unseen = [c for c in DECK if c not in seen]
    candidates = [Placement.parse(a[len("place"):]) for a in places]
    empty = 13 - sum(len(cards) for cards in board.values()) - (len(candidates[0].cards) - len(candidates[0].discard))

    def worth(placement: Placement, futures: Sequence[Sequence[Card]]) -> float:
        """The placement's boards, each future dealt into its empty slots, summed."""
        bottom, middle, top = (board[name] + list(getattr(placement, name)) for name in ROWS)
        to_middle = 5 - len(bottom)
        to_top = to_middle + 5 - len(middle)
        return sum(_value(bottom + f[:to_middle], middle + f[to_middle:to_top], top + f[to_top:], style=style)
                   for f in futures)  # fmt: skip

    if not style.halving:  # every placement against the same few futures
        futures = [rng.sample(unseen, empty) for _ in range(max(3, style.samples // len(candidates)))]
        totals = [worth(p, futures) for p in candidates]
        return places[max(range(len(places)), key=lambda i: (totals[i], -i))]
    # Successive halving: every placement against a few futures, then the best quarter against more, and so on, so
    # the budget goes to the placements worth telling apart (a first street has up to 243, each seeing a handful).
    alive, totals = list(range(len(candidates))), [0.0] * len(candidates)
    while True:
        futures = [rng.sample(unseen, empty) for _ in range(max(4, style.samples // (3 * len(alive))))]
        for i in alive:
            totals[i] += worth(candidates[i], futures)
        alive.sort(key=lambda i: (-totals[i], i))
        if len(alive) <= 2:
            return places[alive[0]]
        alive = alive[:max(2, len(alive) // 4)]


BOTS: dict[str, Callable[[], Bot]] = {level: (lambda style=style: make(style)) for level, style in STYLES.items()}
