"""The Chinese poker bot: the solver for a whole hand, sampled futures for open-face streets.

A whole hand (classic, fantasyland) is set as the solver sets it; a classic hand
too weak to win much is surrendered. An open-face street tries every legal
placement against the same few random futures (the unseen cards dealt into the
empty slots) and keeps the one with the best average: royalties, the rows'
chances against a random hand, a bonus for a fantasyland top, a foul's penalty.
"""

from __future__ import annotations

import functools
import random
from typing import Sequence

from .cards import DECK, Card
from .chinese import ChineseView
from .chinese_rows import ROWS, Placement
from .chinese_scoring import fantasyland_step, row_royalty, top_value
from .chinese_solver import strength
from .evaluator import evaluate

SAMPLES = 400  # futures per decision, shared among its placements
SURRENDER_BELOW = 3.5  # a set hand worth less than this (about 1 hand in 50) is surrendered
FANTASY_BONUS = 8.0
FOUL = -6.0


def bot(view: ChineseView, legal: Sequence[str], rng: random.Random) -> str:
    if not legal:
        raise ValueError("no legal action")
    seat = view.seat
    assert seat is not None
    places = [a for a in legal if a.startswith("place")]
    if view.style == "classic" or view.fantasy[seat]:
        solved = Placement.parse(places[0][len("place"):])
        if "surrender" in legal and _value(*solved.rows(), fantasy=False) < SURRENDER_BELOW:  # type: ignore[arg-type]
            return "surrender"
        return places[0]  # the solver's set
    return _best_street(view, places, rng)


def _value(bottom: Sequence[Card], middle: Sequence[Card], top: Sequence[Card], *, fantasy: bool = True) -> float:
    """A complete board's worth in units, roughly: what it scores against a random board."""
    b, m, t = evaluate(bottom), evaluate(middle), top_value(top)
    if b < m or m < t:
        return FOUL
    return _row_worth("bottom", b) + _row_worth("middle", m) + _top_worth(t, fantasy)


@functools.lru_cache(maxsize=None)
def _row_worth(row: str, value: int) -> float:
    """Its royalty and its expected unit against a random row (won minus lost)."""
    return row_royalty(row, value) + 2 * strength(row, value) - 1


@functools.lru_cache(maxsize=None)
def _top_worth(value: int, fantasy: bool) -> float:
    return _row_worth("top", value) + (FANTASY_BONUS if fantasy and fantasyland_step(value) else 0.0)


def _best_street(view: ChineseView, places: Sequence[str], rng: random.Random) -> str:
    seat = view.seat
    assert seat is not None
    board = {name: [c for c in view.boards[seat][name] if isinstance(c, Card)] for name in ROWS}
    seen = {c for b in view.boards for cards in b.values() for c in cards if isinstance(c, Card)}
    seen |= {c for c in (*view.held[seat], *view.discards[seat]) if isinstance(c, Card)}
    unseen = [c for c in DECK if c not in seen]
    candidates = [Placement.parse(a[len("place"):]) for a in places]
    empty = 13 - sum(len(cards) for cards in board.values()) - (len(candidates[0].cards) - len(candidates[0].discard))
    futures = [rng.sample(unseen, empty) for _ in range(max(3, SAMPLES // len(candidates)))]
    best, choice = float("-inf"), places[0]
    for text, placement in zip(places, candidates):
        bottom, middle, top = (board[name] + list(getattr(placement, name)) for name in ROWS)
        to_middle = 5 - len(bottom)
        to_top = to_middle + 5 - len(middle)
        total = 0.0
        for future in futures:
            total += _value(bottom + future[:to_middle], middle + future[to_middle:to_top], top + future[to_top:])
        if total > best:
            best, choice = total, text
    return choice
