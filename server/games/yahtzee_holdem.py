"""Yahtzee Texas Hold'em: hold'em with 20 coloured dice, on the shared betting engine.

Rules as in RULINGS.md section 4 and the rulebook. Each hand: an ante from
everyone, two hidden dice each, a betting round, the flop (3 dice; rerolled
once if everyone checks it), the turn and the river (1 die each), each with a
betting round, then the showdown: best 5 of 7 dice. A player with no chips
after a hand is out; the last one in wins, or a flush yahtzee at a showdown
wins at once.

Where the rulebook and RULINGS.md differ the rulebook wins: its worked example
raises by 10 on the turn and bets 10 on the river, so the round's limit is a
cap ("jusqu'à 20"), any multiple of 10 up to it (``limit=spread``, the
default); ``limit=fixed`` plays RULINGS' fixed sizes.

>>> import random
>>> state = new_game(YahtzeeOptions(players=3), random.Random(4))
>>> [str(e) for e in state.start_events][:5]
['hand 1 p2', 'p0 antes 10', 'p1 antes 10', 'p2 antes 10', 'p0 dice 1b 3b']
>>> [str(a) for a in state.legal_actions(0)]
['check', 'fold', 'bet 10']
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from . import betting as bet
from .base import (MOST_CHIPS, MOST_ROUNDS, Champions, GameError, Hand, OptionError, Options, Out, Seat, Variant, number,
                   parser, record)  # fmt: skip
from .betting import BET_ACTIONS, BET_EVENTS, BetAction, BetEvent, Betting, ButtonGame, Limit, Rules
from .dice import FLUSH_YAHTZEE, PAIR, TRIPS, TWO_PAIRS, Bag, Die, HiddenDie, StackedDice, describe, evaluate


class Street(enum.StrEnum):
    """A hand's betting rounds (like the API's YahtzeeHoldemView.Street: FLOP is STREET_FLOP)."""

    OPENING = "opening"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


STREETS = tuple(Street)  # by the hand's street number
TOTAL_CHIPS = 4800  # the box: 30 chips each of 10, 50 and 100


@dataclass(frozen=True)
class YahtzeeOptions(Options):
    players: int = number(4, 2, 6)
    # 0: the box's 4,800 shared equally, rounded down to 10; else a multiple of the unit
    stack: int = number(0, 0, MOST_CHIPS, "0: the box shared; else a multiple of the unit")
    ante: int = number(10, 0, MOST_CHIPS)
    # One bound, said from both sides (limits and unit): each limit is the unit or more.
    limits: tuple[int, ...] = number((10, 10, 20, 20), lambda options: options.unit, MOST_CHIPS, "each round's")
    raises: int = number(3, 0, 100, "a round's")
    limit: Limit = Limit.SPREAD
    flop_rerolls: int = number(1, 0, 10)
    # The rulebook plays to the last stack (against bots, hundreds of hands); a shorter game ends after these hands.
    hands: int = number(0, 0, MOST_ROUNDS, "0: to the last stack, as the rulebook plays; else the most chips win after "
                                           "this many hands")
    unit: int = number(10, 1, lambda options: min(options.limits, default=MOST_CHIPS))

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.stack % self.unit:  # a gap in stack's range, which no range says
            raise OptionError("stack", f"0 (the box shared) or a multiple of {self.unit}")
        if len(self.limits) != 4:
            raise OptionError("limits", "four limits, one per round")

    @property
    def starting_stack(self) -> int:
        return self.stack or TOTAL_CHIPS // self.players // self.unit * self.unit


# -- events of the game (the betting ones come from the betting engine) ---------------------


@record("dice")
@dataclass(frozen=True)
class Dealt:
    seat: Seat
    dice: tuple[Die | HiddenDie, ...]


@record("board")
@dataclass(frozen=True)
class Rolled:
    street: str  # flop, reroll, turn, river
    dice: tuple[Die, ...]


@record("shows")
@dataclass(frozen=True)
class Shown:
    seat: Seat
    hand: str
    dice: tuple[Die, ...]


EVENTS = (Hand, Dealt, Rolled, Shown, Out, Champions, *BET_EVENTS)
Event = Hand | Dealt | Rolled | Shown | Out | Champions | BetEvent


parse_action: Callable[[str], BetAction] = parser(BET_ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


@dataclass(frozen=True)
class YahtzeeView:
    seat: int | None
    hand: int
    button: int
    street: Street
    board: tuple[Die, ...]
    dice: tuple[tuple[Die | HiddenDie, ...], ...]  # own dice, the others' as ??, () once folded or out
    stacks: tuple[int, ...]
    bets: tuple[int, ...]  # this round
    committed: tuple[int, ...]  # this hand
    pot: int
    total_chips: int
    in_hand: tuple[bool, ...]
    out: tuple[bool, ...]
    to_act: int | None
    pending: tuple[int, ...]
    round_limit: int
    unit: int  # bets, raises and stacks go in multiples of it (an all-in apart)
    legal: tuple[str, ...]
    over: bool
    champions: tuple[int, ...]


@dataclass
class YahtzeeState(ButtonGame):
    options: YahtzeeOptions
    rng: random.Random
    stacks: list[int]
    out: list[bool]
    out_hands: dict[int, int] = field(default_factory=dict)
    button: int = -1
    hand: int = 0
    street: int = 0
    rerolls: int = 0
    bag: Bag | None = None
    holes: dict[int, list[Die]] = field(default_factory=dict)
    board: list[Die] = field(default_factory=list)
    betting: Betting | None = None
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    total_chips: int = 0

    def __post_init__(self) -> None:
        self.total_chips = sum(self.stacks)

    # -- the contract ------------------------------------------------------------------------
    @property
    def _betting(self) -> Betting:
        assert self.betting is not None
        return self.betting

    def pending(self) -> list[int]:
        return [] if self.is_over or not self._betting.to_act else [self._betting.to_act[0]]

    def legal_actions(self, seat: int | None) -> list[BetAction]:
        if seat is None or self.is_over:
            return []
        return self._betting.legal(seat)

    def default_action(self, seat: int) -> BetAction:
        return bet.Fold()

    def _refusal(self, seat: int | None, action: BetAction) -> GameError | None:
        refusal = self._seat_refusal(seat)
        if refusal is not None or seat is None:
            return refusal
        return self._betting.refusal(seat, action)

    def _apply(self, seat: int | None, action: BetAction) -> list[Event]:
        assert seat is not None
        events: list[Event] = list(self._betting.act(seat, action))
        return events + self._advance()

    def view(self, seat: int | None) -> YahtzeeView:
        b = self._betting

        def dice(s: int) -> tuple[Die | HiddenDie, ...]:
            if s not in self.holes or b.folded[s]:
                return ()
            return tuple(self.holes[s]) if s == seat else (HiddenDie(), HiddenDie())

        return YahtzeeView(
            **self._seen_by(seat), hand=self.hand, button=self.button, street=STREETS[self.street], board=tuple(self.board),
            dice=tuple(dice(s) for s in range(self.players)), stacks=tuple(b.stacks), bets=tuple(b.street),
            committed=tuple(b.committed), pot=b.pot_total(), total_chips=self.total_chips,
            in_hand=tuple(not b.folded[s] for s in range(self.players)), out=tuple(self.out),
            to_act=b.to_act[0] if b.to_act and not self.is_over else None, pending=tuple(self.pending()),
            round_limit=self.options.limits[self.street], unit=self.options.unit,
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Dealt) and event.seat != seat:
            return Dealt(event.seat, tuple(HiddenDie() for _ in event.dice))
        return event

    def dice_in_play(self) -> list[Die]:
        """Every die out of the bag this hand (for the conservation checks)."""
        return [d for hole in self.holes.values() for d in hole] + self.board

    # -- a hand ----------------------------------------------------------------------------------
    def _start_hand(self) -> list[Event]:
        self.hand += 1
        self.button = self._seats_from(self.button + 1)[0]
        order = self._seats_from(self.button + 1)  # left of the dealer first, the dealer last
        self.betting = Betting(self.stacks, self.options.unit, order,
                               Rules(self.options.limit, self.options.raises))  # fmt: skip
        self.street = 0
        self.rerolls = 0
        self.bag = Bag(self.rng)
        self.board = []
        events: list[Event] = [Hand(self.hand, Seat(self.button))]
        for s in order:
            events += self.betting.ante(s, self.options.ante)
        # The dealer fills one cup with two dice at a time, from his left round to himself.
        self.holes = {s: [self.bag.draw(), self.bag.draw()] for s in order}
        events += [Dealt(Seat(s), tuple(self.holes[s])) for s in order]
        self.betting.open_round(self.options.limits[0])
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """After an action: end the hand, or open the next round, until someone has a decision."""
        b = self._betting
        events: list[Event] = []
        while b.round_over:
            if len(b.contenders) == 1:  # everyone else folded: the hand ends at once
                b.to_act = []
                return events + self._end_hand(showdown=False)
            if self.street == 1 and not b.bets_made and self.rerolls < self.options.flop_rerolls and not b.betting_done:
                self.rerolls += 1  # everyone checked the flop: the dealer rolls the flop dice again
                assert self.bag is not None
                self.board[:3] = [self.bag.reroll(d) for d in self.board[:3]]
                events.append(Rolled("reroll", tuple(self.board[:3])))
                b.open_round(self.options.limits[1])
                continue
            if self.street == 3:
                return events + self._end_hand(showdown=True)
            self.street += 1
            assert self.bag is not None
            rolled = [self.bag.draw() for _ in range(3 if self.street == 1 else 1)]
            self.board += rolled
            events.append(Rolled(STREETS[self.street].value, tuple(rolled)))
            b.open_round(self.options.limits[self.street])
        return events

    def _end_hand(self, showdown: bool) -> list[Event]:
        b = self._betting
        events: list[Event] = []
        values: dict[int, Any] = {}
        if showdown:
            for s in b.contenders:
                values[s] = evaluate(self.holes[s] + self.board)
                events.append(Shown(Seat(s), describe(values[s]).slug, tuple(self.holes[s])))
        order = self._seats_from(self.button + 1)  # odd chips: first tied player left of the dealer
        events += b.settle(values.__getitem__ if showdown else None, order)
        flush_yahtzees = [s for s, v in values.items() if v[0] == FLUSH_YAHTZEE]
        outs, left = self._bust_out()
        events += outs
        if flush_yahtzees:  # an automatic win: the game ends at once
            top = max(values[s] for s in flush_yahtzees)
            self.champions = tuple(s for s in flush_yahtzees if values[s] == top)
        elif len(left) == 1:
            self.champions = (left[0],)
        elif self.options.hands and self.hand >= self.options.hands:  # a shorter game: the most chips win
            most = max(self.stacks[s] for s in left)
            self.champions = tuple(s for s in left if self.stacks[s] == most)
        if self.is_over:
            b.to_act = []
            return events + [Champions(tuple(Seat(s) for s in self.champions))]
        return events + self._start_hand()


def new_game(options: YahtzeeOptions, rng: random.Random, *, stacks: Sequence[int] | None = None) -> YahtzeeState:
    """Deal the first hand; the first dealer is the last seat, so p0 speaks first. ``stacks`` sets uneven stacks."""
    chips = list(stacks) if stacks is not None else [options.starting_stack] * options.players
    if len(chips) != options.players or min(chips) < 1:
        raise OptionError("stack", f"one positive stack per player ({options.players})")
    state = YahtzeeState(options, rng, chips, [False] * options.players, button=options.players - 2)
    state.start_events = state._start_hand()
    return state


def conserved(view: YahtzeeView) -> bool:
    return sum(view.stacks) + view.pot == view.total_chips and min(view.stacks) >= 0


VARIANT = Variant(
    name="yahtzee-holdem",
    light_moves=True,
    title="Yahtzee Texas Hold'em",
    options=YahtzeeOptions,
    new_game=new_game,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Hand),
    stacked_rng=StackedDice.parse,
    modes={"": {"players": "3", "stack": "100"}},
    view_type=YahtzeeView,
)
