"""Chinese poker: classic, open-face (OFC), pineapple and progressive pineapple, with fantasyland.

Rules as in RULINGS.md section 5 and the rulebook; our rulings where both are silent:

- A game is ``rounds`` turns of the button: ``rounds × players`` hands, so every
  seat deals as often. The highest total of units wins (several when tied). A
  fantasyland earned in the last hand is not played.
- Classic: the deck is dealt into four hands of 13; with three players the
  fourth is set aside unseen, with two each player's second hand is reserved,
  unseen even by its owner, and played at the next deal (no shuffle between).
  Every player sets his hand in secret (``place bottom ... middle ... top ...``);
  the hands are shown when all are set. Instead of setting, a player may
  surrender (one decision a hand, so a set hand is final). A fouled hand may be
  set: the rules score it.
- Open-face: players place in turn from the button's left, each receiving his
  cards when his turn comes (5, then 1 at a time; pineapple 5, then 3 of which
  one is discarded face down). Placed cards are public.
- Fantasyland (open-face styles, ``fantasyland=true``): the player gets all his
  cards at once, sets them like a classic hand (discarding the extras), and the
  hand stays hidden until every other board is complete. Naturals are a classic
  rule only. Surrender is a classic rule only.
- A decision that times out: classic and fantasyland hands are set as the
  solver sets them; an open-face card goes on the lowest row with room, and in
  pineapple the last card dealt is discarded.

>>> import random
>>> state = new_game(ChineseOptions(style=Style.OFC, players=2), random.Random(3))
>>> [str(e) for e in state.start_events]
['hand 1 p1', 'p0 cards 5s Jd Th 4c 7s']
>>> str(state.default_action(0)), len(state.legal_actions(0))
('place bottom 5s Jd Th 4c 7s', 232)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .base import (MOST_ROUNDS, Back, Champions, EngineState, Facts, GameError, Hand, Options, Result, Review, Seat,
                   Variant, number, parser, record)  # fmt: skip
from .cards import Card, StackedDeck, shuffled
from .chinese_rows import PLACES, ROWS, SIZES, Piece, Placement
from .chinese_scoring import Arrangement, Royalties, ScoringRules, Seated, fantasyland_step, score_table
from .chinese_solver import MAX_CARDS, MIN_CARDS, solve
from .chinese_solver import warm as warm_solver
from .evaluator import FULL_HOUSE, QUADS, TRIPS, category

class Style(str, enum.Enum):
    CLASSIC = "classic"
    OFC = "ofc"
    PINEAPPLE = "pineapple"
    PROGRESSIVE = "progressive"


MOST_UNITS = 1000  # a scoop's bonus, a surrender's or a foul's price


def most_players(options: ChineseOptions) -> int:
    """Pineapple and progressive deal 17 cards a player (a discard each street): three players fit in 52."""
    return 3 if options.style in (Style.PINEAPPLE, Style.PROGRESSIVE) else 4


@dataclass(frozen=True)
class ChineseOptions(Options):
    style: Style = Style.CLASSIC
    players: int = number(3, 2, most_players, "3 in pineapple and progressive")
    rounds: int = number(2, 1, MOST_ROUNDS, "turns of the button")  # the game is rounds × players hands
    scoop_bonus: int = number(3, 0, MOST_UNITS, "units")  # for winning all three rows, 0 for none
    royalties: Royalties = Royalties.WINNER
    naturals: bool = True  # classic
    fantasyland: bool = True  # open-face styles
    surrender: int = number(2, 0, MOST_UNITS, "units")  # classic: paid to each opponent
    foul: int = number(6, 0, MOST_UNITS, "units")  # paid to each player who did not foul

    @property
    def open_face(self) -> bool:
        return self.style != Style.CLASSIC

    @property
    def streets(self) -> tuple[int, ...]:
        """Cards dealt to each open-face player per street."""
        if self.style == Style.OFC:
            return (5,) + (1,) * 8
        return (5,) + (3,) * 4 if self.open_face else ()

    @property
    def hands(self) -> int:
        return self.rounds * self.players

    @property
    def scoring(self) -> ScoringRules:
        return ScoringRules(self.scoop_bonus, self.royalties, self.naturals and not self.open_face, self.surrender,
                            self.foul)  # fmt: skip

    def fantasy_cards(self, top: int) -> int:
        """The fantasyland hand a top row earns (0: none); ``top`` is its value."""
        step = fantasyland_step(top)
        if not step:
            return 0
        return {Style.OFC: 13, Style.PINEAPPLE: 14}.get(self.style, 13 + step)

    @property
    def repeat_cards(self) -> int:
        """The fantasyland hand of a player who stays in."""
        return 13 if self.style == Style.OFC else 14


# -- actions and events -----------------------------------------------------------------------------


@record("place")
@dataclass(frozen=True)
class Place:
    """Cards onto rows: a whole hand (classic, fantasyland), or this street's cards (open-face)."""

    placement: Placement


@record("surrender")
@dataclass(frozen=True)
class Surrender:
    pass


ACTIONS = (Place, Surrender)
Action = Place | Surrender


@record("cards")
@dataclass(frozen=True)
class Dealt:
    seat: Seat
    cards: tuple[Piece, ...]


@record("reserve")
@dataclass(frozen=True)
class Reserved:
    """Two players: the hand for the next deal, unseen even by its owner."""

    seat: Seat
    cards: tuple[Piece, ...]


@record("aside")
@dataclass(frozen=True)
class Aside:
    """Three players in classic: the fourth hand, set aside unseen."""

    cards: tuple[Piece, ...]


@record("sets")
@dataclass(frozen=True)
class SetHand:
    """A hand set in secret: the others see only that it is set."""

    seat: Seat
    placement: Placement


@record("places")
@dataclass(frozen=True)
class Placed:
    """Open-face cards placed for all to see (the discard face down)."""

    seat: Seat
    placement: Placement


@record("surrenders")
@dataclass(frozen=True)
class Surrendered:
    seat: Seat


@record("shows")
@dataclass(frozen=True)
class Shown:
    seat: Seat
    placement: Placement


@record("fouls")
@dataclass(frozen=True)
class Fouled:
    seat: Seat


@record("natural")
@dataclass(frozen=True)
class NaturalShown:
    seat: Seat
    name: str  # dragon, three-straights, three-flushes, no-face, six-pairs


@record("vs")
@dataclass(frozen=True)
class Versus:
    """The units ``seat`` wins from ``other`` this hand (negative: pays)."""

    seat: Seat
    other: Seat
    units: int


@record("scores")
@dataclass(frozen=True)
class Scored:
    seat: Seat
    units: int
    total: int


@record("fantasyland")
@dataclass(frozen=True)
class Fantasyland:
    """Next hand, this player gets ``cards`` cards at once."""

    seat: Seat
    cards: int


EVENTS = (Hand, Dealt, Reserved, Aside, SetHand, Placed, Surrendered, Shown, Fouled, NaturalShown, Versus, Scored,
          Fantasyland, Champions)  # fmt: skip
Event = (Hand | Dealt | Reserved | Aside | SetHand | Placed | Surrendered | Shown | Fouled | NaturalShown | Versus
         | Scored | Fantasyland | Champions)  # fmt: skip


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


def _backs(cards: Sequence[Any]) -> tuple[Back, ...]:
    return tuple(Back() for _ in cards)


class Phase(enum.StrEnum):
    """Where a hand stands (like the API's ChinesePokerView.Phase: SET is PHASE_SET)."""

    SET = "set"
    PLACE = "place"
    OVER = "over"


@dataclass(frozen=True)
class ChineseView:
    seat: int | None
    style: str
    hand: int
    hands: int  # in the game
    button: int
    phase: Phase  # set (classic), place (open-face), over
    boards: tuple[dict[str, tuple[Piece, ...]], ...]  # per seat: bottom, middle, top
    held: tuple[tuple[Piece, ...], ...]  # dealt, not yet placed
    discards: tuple[tuple[Piece, ...], ...]
    reserve: tuple[tuple[Piece, ...], ...]  # two-player classic: the next hand, unseen
    set: tuple[bool, ...]  # has set his whole hand (classic, fantasyland)
    surrendered: tuple[bool, ...]
    fantasy: tuple[int, ...]  # this hand's fantasyland cards, 0: none
    to_play: tuple[int, ...]  # open-face: who places next this street, in order
    street: int
    totals: tuple[int, ...]
    last: tuple[int, ...]  # units of the last hand played
    last_boards: tuple[dict[str, tuple[Piece, ...]], ...]  # the last hand's boards, shown at its end
    pending: tuple[int, ...]
    stock: int
    cards_in_play: int  # stock, hands, rows, discards, reserve, aside, and the last hands' cards: 52
    legal: tuple[str, ...]
    over: bool
    champions: tuple[int, ...]


def _rows_dict(placement: Placement) -> dict[str, tuple[Piece, ...]]:
    return dict(zip(ROWS, placement.rows()))


@dataclass(frozen=True)
class ChinesePokerResult(Result):
    """Each seat's units after this many hands."""

    totals: tuple[int, ...]  # units
    hands: int


@dataclass
class ChineseState(EngineState):
    options: ChineseOptions
    rng: random.Random
    hand: int = 0
    button: int = -1
    phase: Phase = Phase.SET
    totals: list[int] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    last_boards: list[Placement] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)  # the top is the end
    muck: list[Card] = field(default_factory=list)  # played hands' cards, back in the deck at the next shuffle
    held: list[list[Card]] = field(default_factory=list)
    rows: list[dict[str, list[Card]]] = field(default_factory=list)
    discards: list[list[Card]] = field(default_factory=list)
    reserve: list[list[Card]] = field(default_factory=list)
    aside: list[Card] = field(default_factory=list)
    decided: list[bool] = field(default_factory=list)
    surrendered: list[bool] = field(default_factory=list)
    fantasy: list[int] = field(default_factory=list)
    to_play: list[int] = field(default_factory=list)
    street: int = 0
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    _solved: dict[tuple[int, int], Placement] = field(default_factory=dict)  # (hand, seat) -> the solver's set

    def __post_init__(self) -> None:
        n = self.options.players
        self.totals, self.last = [0] * n, [0] * n
        self.last_boards = [Placement()] * n
        self.reserve = [[] for _ in range(n)]
        self.fantasy = [0] * n

    # -- the contract ----------------------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        return self.hand

    @property
    def result(self) -> ChinesePokerResult | None:
        if not self.is_over:
            return None
        return ChinesePokerResult(self.champions, tuple(self.totals), self.hand)

    def _seats_from(self, first: int) -> list[int]:
        n = self.players
        return [s % n for s in range(first, first + n)]

    def _sets_whole_hand(self, seat: int) -> bool:
        return not self.options.open_face or self.fantasy[seat] > 0

    def pending(self) -> list[int]:
        if self.is_over:
            return []
        setting = [s for s in range(self.players) if self._sets_whole_hand(s) and not self.decided[s]
                   and not self.surrendered[s]]  # fmt: skip
        return sorted(setting + self.to_play[:1])

    def legal_actions(self, seat: int | None) -> list[Action]:
        """Every legal placement of an open-face street; for a whole hand, the solver's set (any other
        arrangement of the cards is legal too) and, in classic, surrender."""
        if seat is None or self.is_over or not 0 <= seat < self.players:
            return []
        if seat not in self.pending():
            return []
        if not self._sets_whole_hand(seat):
            return [Place(p) for p in self._street_placements(seat)]
        return [*self.hints(seat), *([Surrender()] if not self.options.open_face else [])]

    def hints(self, seat: int) -> list[Action]:
        """For a hand set whole (classic, fantasyland), the solver's set of the seat's own cards."""
        if self.is_over or seat not in self.pending() or not self._sets_whole_hand(seat):
            return []
        return [Place(self._solver_set(seat))]

    def default_action(self, seat: int) -> Action:
        if self._sets_whole_hand(seat):
            return Place(self._solver_set(seat))
        cards = self.held[seat]
        throw = 1 if len(cards) == 3 else 0  # pineapple: the last card dealt
        room = {name: SIZES[name] - len(self.rows[seat][name]) for name in ROWS}
        rows: dict[str, list[Card]] = {name: [] for name in ROWS}
        for card in cards[: len(cards) - throw]:
            name = next(r for r in ROWS if room[r] > 0)  # the lowest row with room
            room[name] -= 1
            rows[name].append(card)
        return Place(Placement(*map(tuple, rows.values()), tuple(cards[len(cards) - throw:])))

    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        if self.is_over:
            return GameError("GAME_OVER", "the game is over")
        if seat is None or not 0 <= seat < self.players:
            return GameError("NO_SUCH_SEAT", f"seat {seat} is not at this table")
        if self.surrendered[seat]:
            return GameError("SURRENDERED", f"p{seat} has surrendered this hand")
        if isinstance(action, Surrender) and self.options.open_face:
            return GameError("NO_SURRENDER", "surrender is a classic Chinese poker rule")
        if self._sets_whole_hand(seat):
            if self.decided[seat]:
                return GameError("ALREADY_SET", f"p{seat} has set this hand")
            return None if isinstance(action, Surrender) else self._placement_refusal(seat, action.placement, whole=True)
        if seat not in self.to_play:
            return GameError("NOT_DEALT", f"p{seat} has no cards to place now")
        if seat != self.to_play[0]:
            return GameError("NOT_YOUR_TURN", f"it is p{self.to_play[0]}'s turn to place")
        return self._placement_refusal(seat, action.placement, whole=False)

    def _placement_refusal(self, seat: int, placement: Placement, *, whole: bool) -> GameError | None:
        held = self.held[seat]
        if Counter(placement.cards) != Counter(held):
            return GameError("NOT_HELD", f"place exactly the cards dealt: {' '.join(map(str, held))}")
        throw = len(held) - 13 if whole else (1 if len(held) == 3 else 0)
        if len(placement.discard) != throw:
            return GameError("DISCARD", f"discard exactly {throw} card(s)")
        for name in ROWS:
            size = len(getattr(placement, name))
            if whole and size != SIZES[name]:
                return GameError("ROW_SIZE", f"a whole hand has 5 bottom, 5 middle and 3 top cards; {name} has {size}")
            if size + len(self.rows[seat][name]) > SIZES[name]:
                return GameError("ROW_FULL", f"the {name} row holds {SIZES[name]} cards")
        return None

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        if isinstance(action, Surrender):
            self.surrendered[seat] = True
            return [Surrendered(Seat(seat)), *self._advance()]
        placement = action.placement
        for name in ROWS:
            self.rows[seat][name] += getattr(placement, name)  # type: ignore[arg-type]
        self.discards[seat] += placement.discard  # type: ignore[arg-type]
        self.held[seat] = []
        if self._sets_whole_hand(seat):
            self.decided[seat] = True
            return [SetHand(Seat(seat), placement), *self._advance()]
        self.to_play.pop(0)
        return [Placed(Seat(seat), placement), *self._advance()]

    def view(self, seat: int | None) -> ChineseView:
        n = self.players
        def board(s: int) -> dict[str, tuple[Piece, ...]]:
            # a hand set whole stays hidden until the showdown, which ends the hand and clears the rows
            rows = self._board(s)
            return _rows_dict(rows.hiding_all() if self._sets_whole_hand(s) and s != seat else rows)

        def mine(s: int, cards: Sequence[Card]) -> tuple[Piece, ...]:
            return tuple(cards) if s == seat else _backs(cards)

        in_play = (len(self.stock) + len(self.muck) + len(self.aside)
                   + sum(len(h) + len(d) + len(r) for h, d, r in zip(self.held, self.discards, self.reserve))
                   + sum(len(cards) for rows in self.rows for cards in rows.values()))  # fmt: skip
        return ChineseView(
            **self._seen_by(seat), style=self.options.style.value, hand=self.hand, hands=self.options.hands, button=self.button,
            phase=Phase.OVER if self.is_over else self.phase, boards=tuple(board(s) for s in range(n)),
            held=tuple(mine(s, self.held[s]) for s in range(n)),
            discards=tuple(mine(s, self.discards[s]) for s in range(n)),
            reserve=tuple(_backs(r) for r in self.reserve), set=tuple(self.decided), surrendered=tuple(self.surrendered),
            fantasy=tuple(self.fantasy), to_play=tuple(self.to_play), street=self.street, totals=tuple(self.totals),
            last=tuple(self.last), last_boards=tuple(_rows_dict(b) for b in self.last_boards),
            pending=tuple(self.pending()), stock=len(self.stock), cards_in_play=in_play,
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Reserved):  # unseen by anyone, its owner too, until dealt
            return Reserved(event.seat, _backs(event.cards))
        if isinstance(event, Aside):
            return Aside(_backs(event.cards))
        if isinstance(event, Dealt) and event.seat != seat:
            return Dealt(event.seat, _backs(event.cards))
        if isinstance(event, SetHand) and event.seat != seat:
            return SetHand(event.seat, Placement())
        if isinstance(event, Placed) and event.seat != seat:
            return Placed(event.seat, event.placement.hiding_discards())
        return event

    # -- the flow of a hand -------------------------------------------------------------------------
    def _board(self, seat: int) -> Placement:
        return Placement(*(tuple(self.rows[seat][name]) for name in ROWS))

    def _solver_set(self, seat: int) -> Placement:
        key = (self.hand, seat)
        if key not in self._solved:
            self._solved[key] = solve(self.held[seat]).placement
        return self._solved[key]

    def _street_placements(self, seat: int) -> list[Placement]:
        """Every way to place this street's cards (in pineapple, after discarding one)."""
        cards = self.held[seat]
        room = [SIZES[name] - len(self.rows[seat][name]) for name in ROWS]
        throws: list[tuple[Card, ...]] = [(c,) for c in cards] if len(cards) == 3 else [()]
        out = []
        for throw in throws:
            kept = [c for c in cards if c not in throw]
            for targets in itertools.product(range(3), repeat=len(kept)):
                counts = Counter(targets)
                if all(counts[i] <= room[i] for i in range(3)):
                    rows = tuple(tuple(c for c, t in zip(kept, targets) if t == i) for i in range(3))
                    out.append(Placement(*rows, throw))
        return out

    def _start_hand(self, next_fantasy: Sequence[int]) -> list[Event]:
        n = self.players
        self.hand += 1
        self.button = (self.button + 1) % n
        order = self._seats_from(self.button + 1)
        self.held = [[] for _ in range(n)]
        self.rows = [{name: [] for name in ROWS} for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.decided, self.surrendered = [False] * n, [False] * n
        self.fantasy = list(next_fantasy) if self.options.open_face and self.options.fantasyland else [0] * n
        self.to_play, self.street = [], 0
        events: list[Event] = [Hand(self.hand, Seat(self.button))]
        if self.options.open_face:
            self.phase = Phase.PLACE
            self._shuffle()
            for s in order:
                if self.fantasy[s]:
                    events += self._deal(s, self.fantasy[s])
            events += self._open_street()
            return events + self._advance()
        self.phase = Phase.SET
        if any(self.reserve):  # two players: the hands reserved at the last deal
            for s in order:
                self.held[s], self.reserve[s] = self.reserve[s], []
                events.append(Dealt(Seat(s), tuple(self.held[s])))
            return events
        self._shuffle()
        for s in order:
            events += self._deal(s, 13)
        if n == 2:
            for s in order:
                self.reserve[s] = [self.stock.pop() for _ in range(13)]
                events.append(Reserved(Seat(s), tuple(self.reserve[s])))
        elif n == 3:
            self.aside = [self.stock.pop() for _ in range(13)]
            events.append(Aside(tuple(self.aside)))
        return events

    def _shuffle(self) -> None:
        self.stock, self.muck, self.aside = shuffled(self.rng), [], []

    def _deal(self, seat: int, count: int) -> list[Event]:
        cards = [self.stock.pop() for _ in range(count)]
        self.held[seat] += cards
        return [Dealt(Seat(seat), tuple(cards))]

    def _open_street(self) -> list[Event]:
        """Open-face: the players not in fantasyland play the street, the first of them dealt now."""
        self.to_play = [s for s in self._seats_from(self.button + 1) if not self.fantasy[s]]
        return self._deal(self.to_play[0], self.options.streets[self.street]) if self.to_play else []

    def _advance(self) -> list[Event]:
        events: list[Event] = []
        if self.options.open_face:
            if self.to_play and not self.held[self.to_play[0]]:  # the next player of this street
                events += self._deal(self.to_play[0], self.options.streets[self.street])
            while not self.to_play and self.street + 1 < len(self.options.streets):  # every board has played it
                self.street += 1
                events += self._open_street()
        return events if self.pending() else events + self._showdown()

    def _showdown(self) -> list[Event]:
        order = self._seats_from(self.button + 1)
        events: list[Event] = []
        seated: list[Seated] = []
        boards: list[Placement] = []
        for s in range(self.players):
            board = self._board(s)
            boards.append(board if not self.surrendered[s] else Placement())
            seated.append(Seated(None if self.surrendered[s] else Arrangement.of(board), self.surrendered[s]))
        rules = self.options.scoring
        for s in order:
            if seated[s].surrendered:
                continue
            if self._sets_whole_hand(s):
                events.append(Shown(Seat(s), boards[s]))
            arrangement = seated[s].arrangement
            assert arrangement is not None
            if arrangement.fouled:
                events.append(Fouled(Seat(s)))
            elif rules.naturals and arrangement.natural:
                events.append(NaturalShown(Seat(s), arrangement.natural.slug))
        totals, pairs = score_table(seated, order, rules)
        events += [Versus(Seat(a), Seat(b), units) for (a, b), units in pairs.items()]
        for s in order:
            self.totals[s] += totals[s]
            events.append(Scored(Seat(s), totals[s], self.totals[s]))
        self.last, self.last_boards = totals, boards
        next_fantasy = self._fantasylands(seated)
        events += [Fantasyland(Seat(s), next_fantasy[s]) for s in order if next_fantasy[s]]
        for s in range(self.players):  # the hand's cards are done with
            self.muck += self.held[s] + self.discards[s] + [c for cards in self.rows[s].values() for c in cards]
            self.held[s], self.discards[s], self.rows[s] = [], [], {name: [] for name in ROWS}
        if self.hand >= self.options.hands:
            best = max(self.totals)
            self.champions = tuple(s for s in range(self.players) if self.totals[s] == best)
            self.phase = Phase.OVER
            return events + [Champions(tuple(Seat(s) for s in self.champions))]
        return events + self._start_hand(next_fantasy)

    def _fantasylands(self, seated: Sequence[Seated]) -> list[int]:
        """Who plays fantasyland next hand, with how many cards: entry by the top row, staying by any row."""
        out = [0] * self.players
        if not (self.options.open_face and self.options.fantasyland):
            return out
        for s, hand in enumerate(seated):
            a = hand.arrangement
            if a is None or a.fouled:
                continue
            bottom, middle, top = (category(v) for v in a.values)
            if self.fantasy[s]:
                if top == TRIPS or middle >= FULL_HOUSE or bottom >= QUADS:
                    out[s] = self.options.repeat_cards
            else:
                out[s] = self.options.fantasy_cards(a.values[2])
        return out


def new_game(options: ChineseOptions, rng: random.Random) -> ChineseState:
    """Deal the first hand; the first button is the last seat, so p0 plays first."""
    state = ChineseState(options, rng, button=options.players - 2)
    state.start_events = state._start_hand([0] * options.players)
    return state


def conserved(view: ChineseView) -> bool:
    """Units: what one wins another pays. Cards: all 52 somewhere."""
    return sum(view.totals) == 0 and sum(view.last) == 0 and view.cards_in_play == 52


def review(state: ChineseState, events: Sequence[Event], seat: int) -> Review:
    """After a hand, the solver's set of every card the seat was dealt (open-face: its streets' cards seen
    together, as if dealt at once), and what it made: its hand set whole, its placements joined, or its surrender.

    ``events``: the hand's, as the seat saw them: only its own dealt cards are faces to it.
    """
    cards: list[Card] = []
    placed: list[Placement] = []
    surrendered = False
    for event in events:
        if isinstance(event, Dealt) and event.seat == seat:
            cards += [c for c in event.cards if isinstance(c, Card)]
        elif isinstance(event, (SetHand, Placed)) and event.seat == seat:
            placed.append(event.placement)
        elif isinstance(event, Surrendered) and event.seat == seat:
            surrendered = True
    # A hand cut short (a game abandoned mid-hand) has fewer cards than any set: nothing to solve.
    best = (Place(solve(cards).placement),) if MIN_CARDS <= len(cards) <= MAX_CARDS else ()
    made = Placement(*(tuple(c for p in placed for c in getattr(p, name)) for name in PLACES))
    return Review(best, Surrender() if surrendered else Place(made) if placed else None)


VARIANT = Variant(
    name="chinese",
    title="Chinese poker",
    options=ChineseOptions,
    new_game=new_game,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Hand),
    warm=warm_solver,
    stacked_rng=StackedDeck.parse,
    review=review,
    mode_option="style",
    modes={
        "classic": {"style": "classic", "players": "3", "rounds": "1"},
        "ofc": {"style": "ofc", "players": "3", "rounds": "1"},
        "pineapple": {"style": "pineapple", "players": "3", "rounds": "1"},
        "progressive": {"style": "progressive", "players": "2", "rounds": "2"},
    },
    facts=Facts(reviews_hands=True),
    view_type=ChineseView,
)
