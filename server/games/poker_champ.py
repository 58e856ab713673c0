"""POKER CHAMP: fixed-stake hold'em with marked backs and no turn order.

Rules as in RULINGS.md section 2. Each deal: two hole cards each and a
compulsory stake (stage 1), then flop, turn and river (stages 2-4), each with a
fixed stake that every player still in pays or folds, in any order; the stage
closes when all have decided. A short stack pays what it has and can still win
the whole table. A player left with no chips gets a gift from the richest, who
earns an Award; the richest tied fight a duel for it.

Rulings this engine makes where RULINGS.md is silent (see the issue note):
- a player with no chips left is carried to the showdown without deciding;
- when all but one player have folded the deal ends at once, and the last
  player shows his cards for the pleasure of all (rulebook, stage 4);
- a tied duel is dealt again;
- chrono: the deal in progress when time is up is played out, then the game ends.

>>> import random
>>> state = new_game(PokerChampOptions(players=2), random.Random(1))
>>> [str(e) for e in state.start_events][:3]
['deal 1', 'p0 hole 4c Ac', 'p1 hole Jc 3c']
>>> [str(e) for e in state.redact_all(state.start_events, 1)][1]
'p0 hole [Sc] [A]'
>>> [str(a) for a in state.legal_actions(0)]
['pay', 'fold']
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .base import (MOST_CHIPS, MOST_MINUTES, Champions, EngineState, Facts, GameError, OptionError, Options, Result,
                   Seat, TextError, Variant, number, parser, record)  # fmt: skip
from .betting import Fold, Folded
from .cards import RANKS, SUITS, Card, shuffled
from .evaluator import PAIR, category, describe, evaluate, warm
from .pots import split

# -- options ---------------------------------------------------------------------


class Length(str, enum.Enum):
    AWARDS = "awards"  # first to `awards_to_win` Awards
    CHRONO = "chrono"  # most Awards when the table's clock runs out
    LONG = "long"  # until every Award is won


@dataclass(frozen=True)
class PokerChampOptions(Options):
    players: int = number(4, 2, 6, "POKER CHAMP is for 2 to 6")
    chips: int = number(12, 1, MOST_CHIPS, "each player's")
    stakes: tuple[int, ...] = number((1, 1, 2, 2), 1, MOST_CHIPS, "each stage's stake")
    gift: int = number(6, 1, MOST_CHIPS, "chips")
    length: Length = Length.AWARDS
    # One bound, said from both sides: each option's range for a form is the other's value.
    awards_to_win: int = number(2, 1, lambda options: options.awards_total, "Awards, no more than awards_total")
    awards_total: int = number(7, lambda options: options.awards_to_win, 100, "Awards, no fewer than awards_to_win")
    chrono_minutes: float = number(30.0, 1, MOST_MINUTES, "minutes")

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.stakes) != 4:
            raise OptionError("stakes", "four stakes, one per stage (rulebook: 1,1,2,2)")


# -- cards as the others see them --------------------------------------------------


@dataclass(frozen=True)
class Back:
    """A marked back: L (T-K), M (6-9) or S (2-5) and the suit; an ace shows only A."""

    mark: str
    suit: str = ""

    @classmethod
    def of(cls, card: Card) -> Back:
        return _BACKS[card]

    def __str__(self) -> str:
        return f"[{self.mark}{self.suit}]"

    @classmethod
    def parse(cls, text: str) -> Back:
        inner = text[1:-1] if text[:1] == "[" and text[-1:] == "]" else ""
        if inner == "A" or (len(inner) == 2 and inner[0] in "LMS" and inner[1] in SUITS):
            return cls(inner[0], inner[1:])
        raise TextError(f"not a marked back: {text!r} (e.g. [Ls], [Mh], [Sd], [A])")


def _mark(card: Card) -> Back:
    rank = RANKS[card.rank]
    if rank == "A":
        return Back("A")
    return Back("L" if rank in "TJQK" else "M" if rank in "6789" else "S", SUITS[card.suit])


_BACKS = [_mark(Card(c)) for c in range(52)]

# -- actions and events -----------------------------------------------------------


@record("pay")
@dataclass(frozen=True)
class Pay:
    pass


@record("time")
@dataclass(frozen=True)
class TimeUp:
    """The table's clock ran out (chrono games); sent by the table, seat None."""


ACTIONS = (Pay, Fold, TimeUp)


@record("deal")
@dataclass(frozen=True)
class Deal:
    number: int


@record("hole")
@dataclass(frozen=True)
class Hole:
    seat: Seat
    cards: tuple[Card | Back, ...]


@record("stage")
@dataclass(frozen=True)
class Stage:
    number: int
    stake: int


@record("pays")
@dataclass(frozen=True)
class Paid:
    seat: Seat
    amount: int


@record("burn")
@dataclass(frozen=True)
class Burn:
    pass


@record("board")
@dataclass(frozen=True)
class Board:
    cards: tuple[Card, ...]


@record("shows")
@dataclass(frozen=True)
class Shown:
    seat: Seat
    hand: str  # category slug, or "-" when the board is not complete
    cards: tuple[Card, ...]


@record("wins")
@dataclass(frozen=True)
class Won:
    seat: Seat
    amount: int
    uncontested: bool = False  # the others folded: the deal ended without a showdown (written "uncontested")


@record("duel")
@dataclass(frozen=True)
class Duel:
    seats: tuple[Seat, ...]


@record("duel-tie")
@dataclass(frozen=True)
class DuelTie:
    pass


@record("award")
@dataclass(frozen=True)
class Awarded:
    seat: Seat  # the giver, who earns the Award
    to: Seat
    gift: int


@record("time-up")
@dataclass(frozen=True)
class TimeIsUp:
    pass


EVENTS = (Deal, Hole, Stage, Paid, Folded, Burn, Board, Shown, Won, Duel, DuelTie, Awarded, TimeIsUp, Champions)
Event = Deal | Hole | Stage | Paid | Folded | Burn | Board | Shown | Won | Duel | DuelTie | Awarded | TimeIsUp | Champions
Action = Pay | Fold | TimeUp


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


# -- the view --------------------------------------------------------------------


@dataclass(frozen=True)
class PokerChampView:
    """What one seat (or a spectator, seat None) may know."""

    seat: int | None
    deal: int
    stage: int
    stake: int
    board: tuple[Card, ...]
    holes: tuple[tuple[Card | Back, ...], ...]  # own cards face up, the others' backs, () once folded
    chips: tuple[int, ...]
    total_chips: int  # on the table at the start, which never changes
    paid: tuple[int, ...]  # put on the table this deal
    pot: int
    in_hand: tuple[bool, ...]
    pending: tuple[int, ...]  # seats still to decide this stage
    awards: tuple[int, ...]
    awards_left: int
    legal: tuple[str, ...]
    time_up: bool
    over: bool
    champions: tuple[int, ...]


# -- the state ---------------------------------------------------------------------


@dataclass(frozen=True)
class PokerChampResult(Result):
    """The awards and chips each seat ended with, after this many deals, and each seat's place in the final ranking:
    the rulings rank by Awards alone (equal Awards at the end: all are champions), so a place is 1 + the seats with
    more Awards, shared by the seats equal on them; the chips place nobody."""

    awards: tuple[int, ...]
    chips: tuple[int, ...]
    deals: int
    places: tuple[int, ...]


@dataclass
class PokerChampState(EngineState):
    options: PokerChampOptions
    rng: random.Random
    chips: list[int]
    awards: list[int]
    deal: int = 0
    stage: int = 0
    deck: list[Card] = field(default_factory=list)  # the top is the end of the list
    board: list[Card] = field(default_factory=list)
    holes: list[tuple[Card, ...]] = field(default_factory=list)
    in_hand: list[bool] = field(default_factory=list)
    decided: list[bool] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    time_up: bool = False
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    total_chips: int = 0

    def __post_init__(self) -> None:
        self.total_chips = sum(self.chips)

    # -- the contract ---------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        return self.deal

    @property
    def result(self) -> PokerChampResult | None:
        if not self.is_over:
            return None
        places = tuple(1 + sum(other > mine for other in self.awards) for mine in self.awards)
        return PokerChampResult(self.champions, tuple(self.awards), tuple(self.chips), self.deal, places)

    def pending(self) -> list[int]:
        if self.is_over:
            return []
        return [s for s in range(self.players) if self.in_hand[s] and not self.decided[s]]

    def legal_actions(self, seat: int | None) -> list[Action]:
        return [a for a in (Pay(), Fold(), TimeUp()) if self.can_apply(seat, a)]

    def default_action(self, seat: int) -> Action:
        return Fold()

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        if isinstance(action, Pay):
            return self._pay(seat)  # type: ignore[arg-type]
        if isinstance(action, Fold):
            return self._fold(seat)  # type: ignore[arg-type]
        self.time_up = True
        return [TimeIsUp()]

    def view(self, seat: int | None) -> PokerChampView:
        def hole(s: int) -> tuple[Card | Back, ...]:
            if not self.in_hand[s]:
                return ()
            return self.holes[s] if s == seat else tuple(Back.of(c) for c in self.holes[s])

        return PokerChampView(
            **self._seen_by(seat), deal=self.deal, stage=self.stage, stake=self.options.stakes[self.stage - 1],
            board=tuple(self.board), holes=tuple(hole(s) for s in range(self.players)), chips=tuple(self.chips), total_chips=self.total_chips,
            paid=tuple(self.paid), pot=sum(self.paid), in_hand=tuple(self.in_hand), pending=tuple(self.pending()),
            awards=tuple(self.awards), awards_left=self.options.awards_total - sum(self.awards),
            time_up=self.time_up,
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as ``seat`` may see it: others' hole cards become their marked backs."""
        if isinstance(event, Hole) and event.seat != seat:
            return Hole(event.seat, tuple(c if isinstance(c, Back) else Back.of(c) for c in event.cards))
        return event

    # -- legality: one check serves apply and legal_actions ---------------------------
    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        """Why the rules refuse this action now, or None when they allow it."""
        if self.is_over:
            return GameError("GAME_OVER", "the game is over")
        if isinstance(action, TimeUp):
            if seat is not None:
                return GameError("NOT_A_PLAYER_ACTION", "only the table's clock ends a chrono game")
            if self.options.length != Length.CHRONO or self.time_up:
                return GameError("NOT_CHRONO", "time is not counted in this game")
            return None
        if seat is None or not 0 <= seat < self.players:
            return GameError("NO_SUCH_SEAT", f"seat {seat} is not at this table")
        if not self.in_hand[seat]:
            return GameError("FOLDED", f"p{seat} has folded this deal")
        if self.decided[seat]:
            return GameError("ALREADY_DECIDED", f"p{seat} has already decided at stage {self.stage}")
        return None

    # -- the moves -----------------------------------------------------------------
    def _pay(self, seat: int) -> list[Event]:
        events: list[Event] = [self._put(seat, self.options.stakes[self.stage - 1])]
        self.decided[seat] = True
        return events + self._after_decision()

    def _fold(self, seat: int) -> list[Event]:
        self.in_hand[seat] = False
        self.decided[seat] = True
        self.deck[:0] = self.holes[seat]  # under the deck, unseen
        return [Folded(Seat(seat)), *self._after_decision()]

    def _put(self, seat: int, stake: int) -> Paid:
        amount = min(stake, self.chips[seat])
        self.chips[seat] -= amount
        self.paid[seat] += amount
        return Paid(Seat(seat), amount)

    def _after_decision(self) -> list[Event]:
        still = [s for s in range(self.players) if self.in_hand[s]]
        if len(still) == 1:
            return self._end_deal(still)
        if all(self.decided[s] for s in still):
            return self._showdown(still) if self.stage == 4 else self._open_stage(self.stage + 1)
        return []

    def _draw(self, n: int) -> list[Card]:
        return [self.deck.pop() for _ in range(n)]

    def _start_deal(self) -> list[Event]:
        n = self.players
        self.deal += 1
        self.deck = shuffled(self.rng)
        self.board = []
        self.in_hand = [True] * n
        self.paid = [0] * n
        first, second = self._draw(n), self._draw(n)
        self.holes = [(first[s], second[s]) for s in range(n)]
        self.stage = 1
        events: list[Event] = [Deal(self.deal), *(Hole(Seat(s), self.holes[s]) for s in range(n))]
        events.append(Stage(1, self.options.stakes[0]))
        events += [self._put(s, self.options.stakes[0]) for s in range(n)]  # stage 1 is compulsory
        return events + self._open_stage(2)

    def _open_stage(self, stage: int) -> list[Event]:
        self.stage = stage
        self.deck.insert(0, self.deck.pop())  # burn: the top card goes under the talon
        cards = self._draw(3 if stage == 2 else 1)
        self.board += cards
        # A player with nothing left is carried to the end of the deal.
        self.decided = [not self.in_hand[s] or self.chips[s] == 0 for s in range(self.players)]
        events: list[Event] = [Burn(), Board(tuple(cards)), Stage(stage, self.options.stakes[stage - 1])]
        still = [s for s in range(self.players) if self.in_hand[s]]
        if all(self.decided[s] for s in still):
            events += self._showdown(still) if stage == 4 else self._open_stage(stage + 1)
        return events

    def _showdown(self, still: list[int]) -> list[Event]:
        events, winners = _show({s: self.holes[s] for s in still}, self.board)
        return events + self._end_deal(winners, shown=True)

    def _end_deal(self, winners: list[int], shown: bool = False) -> list[Event]:
        events: list[Event] = []
        if not shown:  # the last player in turns his cards over "for the pleasure of all"
            s = winners[0]
            hand = describe(evaluate([*self.holes[s], *self.board])).slug if len(self.board) == 5 else "-"
            events.append(Shown(Seat(s), hand, self.holes[s]))
        for seat, amount in split(sum(self.paid), winners).items():
            self.chips[seat] += amount
            events.append(Won(Seat(seat), amount, uncontested=not shown))
        self.paid = [0] * self.players
        events += self._awards()
        if not self.is_over and self.time_up:
            self._finish()
        if self.is_over:
            events.append(Champions(tuple(Seat(s) for s in self.champions)))
        else:
            events += self._start_deal()
        return events

    def _awards(self) -> list[Event]:
        events: list[Event] = []
        for broke in range(self.players):
            if self.chips[broke] > 0:
                continue
            top = max(self.chips)
            richest = [s for s in range(self.players) if self.chips[s] == top]
            giver = richest[0] if len(richest) == 1 else self._duel(richest, events)
            gift = min(self.options.gift, self.chips[giver])
            self.chips[giver] -= gift
            self.chips[broke] += gift
            self.awards[giver] += 1
            events.append(Awarded(Seat(giver), Seat(broke), gift))
            if self.options.length == Length.AWARDS and self.awards[giver] >= self.options.awards_to_win:
                self.champions = (giver,)
                return events
            if sum(self.awards) >= self.options.awards_total:
                self._finish()
                return events
        return events

    def _duel(self, seats: list[int], events: list[Event]) -> int:
        """Two cards face up each and five on the board, no bets; a tie is dealt again."""
        while True:
            deck = shuffled(self.rng)
            holes = {s: (deck.pop(), deck.pop()) for s in seats}
            deck.pop()  # burn, as before every board deal
            board = tuple(deck.pop() for _ in range(5))
            events.append(Duel(tuple(Seat(s) for s in seats)))
            events.append(Board(board))
            shown, winners = _show(holes, board)
            events += shown
            if len(winners) == 1:
                return winners[0]
            events.append(DuelTie())

    def _finish(self) -> None:
        most = max(self.awards)
        self.champions = tuple(s for s in range(self.players) if self.awards[s] == most)


def _show(holes: dict[int, tuple[Card, ...]], board: Sequence[Card]) -> tuple[list[Event], list[int]]:
    """Each hand shown with its category, in seat order, and the seats with the best one (each evaluated once)."""
    values = {s: evaluate([*cards, *board]) for s, cards in holes.items()}
    top = max(values.values())
    events: list[Event] = [Shown(Seat(s), describe(v).slug, holes[s]) for s, v in values.items()]
    return events, sorted(s for s, v in values.items() if v == top)


def new_game(options: PokerChampOptions, rng: random.Random, *, chips: Sequence[int] | None = None) -> PokerChampState:
    """Deal the first hand; ``chips`` sets uneven stacks (set-ups and tests), else ``options.chips`` each."""
    stacks = list(chips) if chips is not None else [options.chips] * options.players
    if len(stacks) != options.players or min(stacks) < 1:
        raise OptionError("chips", f"one positive stack per player ({options.players})")
    state = PokerChampState(options, rng, stacks, [0] * options.players)
    state.start_events = state._start_deal()
    return state


# -- the public checks -----------------------------------------------------


def conserved(view: PokerChampView) -> bool:
    return sum(view.chips) + view.pot == view.total_chips and min(view.chips) >= 0


VARIANT = Variant(
    name="poker-champ",
    light_moves=True,
    title="POKER CHAMP",
    options=PokerChampOptions,
    new_game=new_game,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Deal),
    game_seconds=lambda o: o.chrono_minutes * 60 if o.length == Length.CHRONO else None,
    warm=warm,
    modes={"": {"players": "3", "chips": "6"}},
    facts=Facts(round_name="deal"),
    view_type=PokerChampView,
)
