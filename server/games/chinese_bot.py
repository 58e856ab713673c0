"""Chinese poker's bots, by level: how each sets a whole hand, and how it searches an open-face street.

A whole hand (classic, fantasyland) is set by the level's way. The beginner and the intermediate set a classic
hand as a person does at first (:func:`greedy`: the best five at the bottom, the best five of the rest in the
middle, the rest on top), the beginner setting one hand in five by rank alone (the strongest cards below, which may
foul); the strong bot sets the solver's arrangement (most royalties, then the strongest rows). Every level sets a
fantasyland hand as the solver does (it is rare and every card is known), and surrenders a classic hand too weak
to win much.

An open-face street tries every legal placement against sampled futures (the unseen cards that will fill the
board's empty slots) and keeps the one with the best average board: royalties, the rows' chances against a random
hand, a bonus for a fantasyland top, a foul's penalty. The levels differ in how they place a future and how many they
sample. The beginner places one street in ten at random. The beginner and the intermediate deal each future into the slots at random, which fears every commitment
(a pair on top, a draw at the bottom) as if the cards to come could not be placed to suit it; the intermediate
places the last card or two at their best. The strong bot places an open-face future card by card, as it will
itself place the cards when they come (:func:`_online_fill`: each in the row that makes the board best as it stands,
without the cards after it), so a draw that misses costs its foul; placing them as a person who knew them would
made every draw look made, and fouled 11% of its hands. In pineapple and progressive it places a future as one who
knew it would (the last four at their best, a longer one as :func:`greedy` sets it, the bottom's slots first). It
spends its futures by successive halving (the placements worth telling apart seen most), and counts no fantasyland
from the game's last hand (none is played after it).
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from .cards import DECK, Card
from .chinese import ChineseView
from .chinese_rows import ROWS, Placement
from .chinese_scoring import fantasyland_step, row_royalty, row_value, top_value
from .chinese_solver import strength
from .evaluator import evaluate
from .levels import BEGINNER, INTERMEDIATE, STRONG, Bot

SURRENDER_BELOW = 3.5  # a set hand worth less than this (about 1 hand in 50) is surrendered
SOLVER, GREEDY = "solver", "greedy"  # how a level sets a classic hand


@dataclass(frozen=True)
class Style:
    samples: int  # futures per decision, shared among its placements
    foul: float  # a fouled board's worth, in units
    fantasy_bonus: float  # what a top that reaches fantasyland adds
    halving: bool = False  # its futures spent by successive halving (the best placements seen again and again)
    sets: str = SOLVER  # how it sets a classic hand: the solver's arrangement, or greedy()
    naive: float = 0.0  # the share of its classic hands set by rank alone (a first try: the strongest cards below)
    game_end: bool = False  # counts no fantasyland in the game's last hand (it would not be played)
    best_fill: int = 0  # a future of this many cards or fewer is placed at its best, not dealt at random
    greedy_fill: bool = False  # a longer future is placed as greedy() places it (bottom first), not at random
    slips: float = 0.0  # the share of its open-face streets placed at random (a card misplaced now and then)
    online: bool = False  # an open-face future arrives card by card, each placed without the later ones
    pending: float = 0.5  # online: a row below the one above it, with slots left, counts this share of a foul


STYLES = {
    BEGINNER: Style(samples=60, foul=-6.0, fantasy_bonus=12.0, sets=GREEDY, naive=0.2, slips=0.1),
    INTERMEDIATE: Style(samples=400, foul=-6.0, fantasy_bonus=8.0, sets=GREEDY, best_fill=2),
    STRONG: Style(samples=1000, foul=-12.0, fantasy_bonus=8.0, halving=True, game_end=True, best_fill=4,
                  greedy_fill=True, online=True),
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
        if view.style != "classic":
            return places[0]  # a fantasyland hand: the solver's set
        cards: list[Card] = list(solved.cards)  # type: ignore[arg-type]
        if style.naive and rng.random() < style.naive:
            cards.sort(key=lambda c: c.rank, reverse=True)
            return f"place {Placement(tuple(cards[:5]), tuple(cards[5:10]), tuple(cards[10:]))}"
        # a hand is judged by the best it can make, as a person who looks at his cards would, then set its way
        if "surrender" in legal and _value(*solved.rows(), fantasy=False) < SURRENDER_BELOW:  # type: ignore[arg-type]
            return "surrender"
        return f"place {greedy(cards)}" if style.sets == GREEDY else places[0]  # greedy() never fouls a whole hand
    if style.slips and rng.random() < style.slips:
        return rng.choice(places)
    return _best_street(view, places, rng, style)


def greedy(cards: Sequence[Card], board: tuple[Sequence[Card], ...] = ((), (), ())) -> Placement | None:
    """A person's first way to set cards on a board's rows (bottom, middle, top; empty: a whole hand): the
    bottom's empty slots take the cards that make it best, the middle's the best of the rest that does not beat the
    bottom, the top's the best three of what is left (the rest discarded). None when that fouls (never from an
    empty board: each row is the best of cards that hold the next one's).

    >>> from .cards import parse_cards
    >>> str(greedy(parse_cards("As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c")))  # the solver: QJT98, AAQ42, KK5
    'bottom As Kd Qs Jh Td middle Ad Kc Qh 9c 8s top 5h 4d 2c'
    """
    bottom, middle, top = (list(row) for row in board)
    cards = sorted(cards, reverse=True)  # the same rows whatever order the cards come in, each strongest first
    b, to_bottom = max((evaluate(bottom + list(five)), five) for five in itertools.combinations(cards, 5 - len(bottom)))
    rest = [c for c in cards if c not in to_bottom]
    middles = [(m, five) for five in itertools.combinations(rest, 5 - len(middle))
               if (m := evaluate(middle + list(five))) <= b]  # fmt: skip
    if not middles:
        return None
    m, to_middle = max(middles)
    rest = [c for c in rest if c not in to_middle]
    t, to_top = max((top_value(top + list(three)), three) for three in itertools.combinations(rest, 3 - len(top)))
    if t > m:
        return None
    return Placement(to_bottom, to_middle, to_top, tuple(c for c in rest if c not in to_top))


def _value(bottom: Sequence[Card], middle: Sequence[Card], top: Sequence[Card], *, fantasy: bool = True,
           style: Style = STYLES[INTERMEDIATE]) -> float:  # fmt: skip
    """A complete board's worth in units, roughly: what it scores against a random board."""
    return _value_of(evaluate(bottom), evaluate(middle), top_value(top), fantasy, style)


def _value_of(b: int, m: int, t: int, fantasy: bool, style: Style) -> float:
    """A complete board's worth from its rows' values (bottom, middle, top)."""
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
    fantasy = not (style.game_end and view.hand >= view.hands)  # a fantasyland earned in the last hand is not played
    online = style.online and view.style == "ofc"  # pineapple's three cards a street, two kept: not measured online

    def worth(placement: Placement, futures: Sequence[Sequence[Card]]) -> float:
        """The placement's boards, each future dealt into its empty slots, summed."""
        bottom, middle, top = (board[name] + list(getattr(placement, name)) for name in ROWS)
        if empty and online:
            return sum(_online_fill(bottom, middle, top, f, fantasy, style) for f in futures)
        if 0 < empty <= style.best_fill:
            return sum(_best_fill(bottom, middle, top, f, fantasy, style) for f in futures)
        if empty and style.greedy_fill:
            return sum(style.foul if (p := greedy(f, (bottom, middle, top))) is None else
                       _value(bottom + list(p.bottom), middle + list(p.middle), top + list(p.top), fantasy=fantasy,
                              style=style) for f in futures)  # fmt: skip
        to_middle = 5 - len(bottom)
        to_top = to_middle + 5 - len(middle)
        return sum(_value(bottom + f[:to_middle], middle + f[to_middle:to_top], top + f[to_top:], fantasy=fantasy,
                          style=style) for f in futures)  # fmt: skip

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


def _best_fill(bottom: list[Card], middle: list[Card], top: list[Card], future: Sequence[Card], fantasy: bool,
               style: Style) -> float:  # fmt: skip
    """The board's worth with ``future`` placed at its best in the empty slots (a foul only when every way fouls)."""
    best = style.foul
    slots = range(len(future))
    for to_bottom in itertools.combinations(slots, 5 - len(bottom)):
        b = evaluate(bottom + [future[i] for i in to_bottom])
        rest = [i for i in slots if i not in to_bottom]
        for to_middle in itertools.combinations(rest, 5 - len(middle)):
            m = evaluate(middle + [future[i] for i in to_middle])
            if m > b:
                continue
            best = max(best, _value_of(b, m, top_value(top + [future[i] for i in rest if i not in to_middle]), fantasy,
                                       style))  # fmt: skip
    return best


def _online_fill(bottom: list[Card], middle: list[Card], top: list[Card], future: Sequence[Card], fantasy: bool,
                 style: Style) -> float:  # fmt: skip
    """The board's worth with ``future`` arriving card by card, each placed without the ones after it (as the bot
    itself will place them): in the row that makes the board best so far, its rows valued as they stand (a pair a
    pair, a draw nothing), a row below the one above it a foul when full, a share of one while it has slots."""
    rows = [list(bottom), list(middle), list(top)]
    values = [_row_now(i, rows[i]) if rows[i] else -1 for i in range(3)]
    bonus = fantasy and style.fantasy_bonus
    for card in future:
        best, choice, chosen = 0.0, -1, -1
        for i in range(3):
            if len(rows[i]) == _SIZES[i]:
                continue
            rows[i].append(card)
            value = _row_now(i, rows[i])
            rows[i].pop()
            old, values[i] = values[i], value
            score = _standing(values, [len(r) + (j == i) for j, r in enumerate(rows)], bonus, style)
            values[i] = old
            if choice < 0 or score > best:
                best, choice, chosen = score, i, value
        rows[choice].append(card)
        values[choice] = chosen
    return _value(*rows, fantasy=fantasy, style=style)


_NAMES, _SIZES = ("bottom", "middle", "top"), (5, 5, 3)


def _row_now(i: int, cards: list[Card]) -> int:
    """Row ``i``'s hand as it stands (:func:`row_value`; a row with slots left by its ranks alone, cached)."""
    if len(cards) == _SIZES[i]:
        return top_value(cards) if i == 2 else evaluate(cards)
    return _ranks_now(_NAMES[i], tuple(sorted(c >> 2 for c in cards)))


@functools.lru_cache(maxsize=None)
def _ranks_now(row: str, ranks: tuple[int, ...]) -> int:
    return row_value(row, [Card(r << 2) for r in ranks])


def _standing(values: list[int], lengths: list[int], bonus: float, style: Style) -> float:
    """A board's worth as its rows stand (values, -1 for an empty row; lengths, their cards)."""
    b, m, t = values
    worth = (_row_worth("bottom", b) if b >= 0 else 0.0) + (_row_worth("middle", m) if m >= 0 else 0.0) + (
        _top_worth(t, bonus) if t >= 0 else 0.0)
    for lower, upper in ((0, 1), (1, 2), (0, 2)):
        if values[upper] > values[lower]:
            worth += style.foul * (1.0 if lengths[lower] == 5 else style.pending)
    return worth


BOTS: dict[str, Callable[[], Bot]] = {level: (lambda style=style: make(style)) for level, style in STYLES.items()}
