"""DAKER in its three modes, on the shared betting engine.

- ``holdem`` (the rulebook's DAKER): blinds, three community cards dealt face
  down, then three hole cards each; four betting rounds (before any community
  card, then after each is turned); the hand is exactly the 3 hole cards and 2
  of the community cards.
- ``draw`` (5 cards with discard): ante, five cards, a betting round, each
  player discards 0-2 and draws, a second betting round, showdown.
- ``round`` (Game Round DAKER): no chips; five cards, one discard of 0-2,
  showdown; the best (or worst) hand wins; tied players replay among themselves.

>>> import random
>>> state = new_game(DakerOptions(mode=Mode.ROUND, players=2), random.Random(2))
>>> [str(e) for e in state.start_events]
['hand 1 p1', 'p0 cards AK RN AN AR AJ', 'p1 cards AQ QQ KR JJ QR']
>>> [str(a) for a in state.legal_actions(0)][:3]
['discard', 'discard AK', 'discard RN']
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from . import betting as bet
from .base import (MOST_CHIPS, Champions, GameError, Hand, OptionError, Options, Out, Seat, Variant, choice, number,
                   parser, record)  # fmt: skip
from .betting import BET_ACTIONS, BET_EVENTS, BetEvent, Betting, ButtonGame, Limit, Rules
from .daker_cards import (
    FULL_HOUSE, PAIR, THREE, TWO_PAIRS, DakerCard, HiddenCard, best_hand, default_deck, describe, make_deck,
)  # fmt: skip


class Mode(str, enum.Enum):
    HOLDEM = "holdem"
    DRAW = "draw"
    ROUND = "round"


class Wins(str, enum.Enum):
    BEST = "best"
    WORST = "worst"


MOST_PLAYERS = {Mode.HOLDEM: 8, Mode.DRAW: 4, Mode.ROUND: 4}


def cards_needed(mode: Mode, players: int) -> int:
    """The cards a deal takes: holdem 3 community and 3 each; draw and round 5 each and one to draw."""
    return 3 + 3 * players if mode == Mode.HOLDEM else 5 * players + 1


def most_players(options: DakerOptions) -> int:
    """The mode's most players, or fewer when the deck cannot deal to so many."""
    most = MOST_PLAYERS[options.mode]
    return max((p for p in range(most + 1) if cards_needed(options.mode, p) <= len(options.deck)), default=0)


@dataclass(frozen=True)
class DakerOptions(Options):
    mode: Mode = Mode.HOLDEM
    players: int = number(4, 2, most_players, "8 in holdem, 4 in draw and round, as many as the deck deals")
    deck: tuple[str, ...] = default_deck()
    stack: int = number(1000, 1, MOST_CHIPS)
    small_blind: int = number(5, 1, MOST_CHIPS)  # holdem: the big blind is twice this
    ante: int = number(10, 0, MOST_CHIPS)  # draw
    limit: Limit = choice(Limit.NO_LIMIT, (Limit.FIXED, Limit.POT, Limit.NO_LIMIT))  # no spread: the dice game's
    wins: Wins = Wins.BEST  # round: which hand wins

    def __post_init__(self) -> None:
        make_deck(self.deck)  # validates every card
        # Players the mode seats and the deck cannot deal to: the deck is short (a larger one seats them).
        if most_players(self) < self.players <= MOST_PLAYERS[self.mode]:
            needed = cards_needed(self.mode, self.players)
            raise OptionError("deck", f"{self.players} players need at least {needed} cards; this deck has {len(self.deck)}")
        super().__post_init__()

    @property
    def big_blind(self) -> int:
        return 2 * self.small_blind


# -- actions and events ------------------------------------------------------------------------


@record("discard")
@dataclass(frozen=True)
class Discard:
    cards: tuple[DakerCard, ...]


ACTIONS = (*BET_ACTIONS, Discard)
Action = bet.BetAction | Discard


@record("community")
@dataclass(frozen=True)
class Community:
    """The community cards go on the table face down."""

    count: int


@record("turns")
@dataclass(frozen=True)
class Turned:
    card: DakerCard


@record("cards")
@dataclass(frozen=True)
class Dealt:
    seat: Seat
    cards: tuple[DakerCard | HiddenCard, ...]


@record("discards")
@dataclass(frozen=True)
class Discarded:
    seat: Seat
    cards: tuple[DakerCard | HiddenCard, ...]  # face down: the others see how many


@record("draws")
@dataclass(frozen=True)
class Drew:
    seat: Seat
    cards: tuple[DakerCard | HiddenCard, ...]


@record("reshuffle")
@dataclass(frozen=True)
class Reshuffled:
    count: int  # the discards shuffled into a new stock


@record("shows")
@dataclass(frozen=True)
class Shown:
    seat: Seat
    hand: str  # e.g. full-house-K-Q
    cards: tuple[DakerCard, ...]


@record("replay")
@dataclass(frozen=True)
class Replay:
    seats: tuple[Seat, ...]


EVENTS = (Hand, Community, Turned, Dealt, Discarded, Drew, Reshuffled, Shown, Replay, Out, Champions, *BET_EVENTS)
Event = Hand | Community | Turned | Dealt | Discarded | Drew | Reshuffled | Shown | Replay | Out | Champions | BetEvent
HIDDEN = (Dealt, Discarded, Drew)


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


class Phase(enum.StrEnum):
    """Where a hand stands (like the API's DakerView.Phase: BET is PHASE_BET)."""

    BET = "bet"
    DISCARD = "discard"
    OVER = "over"


@dataclass(frozen=True)
class DakerView:
    seat: int | None
    mode: str
    wins: str  # which hand wins the showdown: best, or worst (the round's option; best in the betting modes)
    hand: int
    button: int
    phase: Phase  # bet, discard, over
    community: tuple[DakerCard | HiddenCard, ...]  # turned ones face up
    cards: tuple[tuple[DakerCard | HiddenCard, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    total_chips: int
    in_hand: tuple[bool, ...]
    out: tuple[bool, ...]
    pending: tuple[int, ...]
    stock: int
    cards_in_play: int  # stock + discards + hands + community
    deck_size: int
    legal: tuple[str, ...]
    over: bool
    champions: tuple[int, ...]


@dataclass
class DakerState(ButtonGame):
    options: DakerOptions
    rng: random.Random
    stacks: list[int]
    out: list[bool]
    out_hands: dict[int, int] = field(default_factory=dict)
    deck: list[DakerCard] = field(default_factory=list)
    stock: list[DakerCard] = field(default_factory=list)  # the top is the end
    discards: list[DakerCard] = field(default_factory=list)
    hands: dict[int, list[DakerCard]] = field(default_factory=dict)
    community: list[DakerCard] = field(default_factory=list)
    turned: int = 0
    button: int = -1
    hand: int = 0
    street: int = 0
    phase: Phase = Phase.BET
    to_discard: list[int] = field(default_factory=list)
    betting: Betting | None = None
    contenders: list[int] = field(default_factory=list)  # round mode: who still competes
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    total_chips: int = 0

    def __post_init__(self) -> None:
        self.total_chips = sum(self.stacks)
        self.deck = make_deck(self.options.deck)

    # -- the contract -------------------------------------------------------------------------
    @property
    def chips(self) -> bool:
        return self.options.mode != Mode.ROUND

    def pending(self) -> list[int]:
        if self.is_over:
            return []
        if self.phase == Phase.DISCARD:
            return self.to_discard[:1]
        return self.betting.to_act[:1] if self.betting else []

    def legal_actions(self, seat: int | None) -> list[Action]:
        if seat is None or seat not in self.pending():
            return []
        if self.phase == Phase.BET:
            assert self.betting is not None
            return list(self.betting.legal(seat))
        held = self.hands[seat]
        options: list[Action] = [Discard(())]
        seen = set()
        for n in (1, 2):
            for pick in itertools.combinations(held, n):
                key = tuple(sorted(str(c) for c in pick))
                if key not in seen:  # two cards alike are one choice
                    seen.add(key)
                    options.append(Discard(pick))
        return options

    def default_action(self, seat: int) -> Action:
        return Discard(()) if self.phase == Phase.DISCARD else bet.Fold()

    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        refusal = self._seat_refusal(seat)
        if refusal is not None or seat is None:
            return refusal
        if isinstance(action, Discard):
            if self.phase != Phase.DISCARD:
                return GameError("NOT_DISCARDING", "this is not the discard")
            if seat not in self.to_discard:
                return GameError("ALREADY_DISCARDED" if seat in self.hands else "NOT_IN_HAND", f"p{seat} has no discard to make")
            if seat != self.to_discard[0]:
                return GameError("NOT_YOUR_TURN", f"it is p{self.to_discard[0]}'s discard")
            if len(action.cards) > 2:
                return GameError("TOO_MANY", "discard at most 2 cards")
            held = [str(c) for c in self.hands[seat]]
            for card in action.cards:
                if str(card) not in held:
                    return GameError("NOT_HELD", f"p{seat} does not hold {card}")
                held.remove(str(card))
            return None
        if self.phase != Phase.BET or self.betting is None:
            return GameError("NOT_BETTING", "this is the discard: discard 0 to 2 cards")
        return self.betting.refusal(seat, action)

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        if isinstance(action, Discard):
            return self._discard(seat, action.cards) + self._advance()
        assert self.betting is not None
        return [*self.betting.act(seat, action), *self._advance()]

    def view(self, seat: int | None) -> DakerView:
        b = self.betting
        n = self.players

        def cards(s: int) -> tuple[DakerCard | HiddenCard, ...]:
            if s not in self.hands or (b is not None and b.folded[s]):
                return ()
            return tuple(self.hands[s]) if s == seat else tuple(HiddenCard() for _ in self.hands[s])

        community = tuple(c if i < self.turned else HiddenCard() for i, c in enumerate(self.community))
        in_play = len(self.stock) + len(self.discards) + len(self.community) + sum(len(h) for h in self.hands.values())
        return DakerView(
            **self._seen_by(seat), mode=self.options.mode.value,
            wins=self.options.wins.value if self.options.mode == Mode.ROUND else Wins.BEST.value, hand=self.hand, button=self.button,
            phase=Phase.OVER if self.is_over else self.phase, community=community,
            cards=tuple(cards(s) for s in range(n)), stacks=tuple(self.stacks),
            bets=tuple(b.street) if b else (0,) * n, pot=b.pot_total() if b else 0, total_chips=self.total_chips,
            in_hand=tuple(s in self.hands and not (b and b.folded[s]) for s in range(n)), out=tuple(self.out),
            pending=tuple(self.pending()), stock=len(self.stock), cards_in_play=in_play, deck_size=len(self.deck),
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, HIDDEN) and event.seat != seat:
            return type(event)(event.seat, tuple(HiddenCard() for _ in event.cards))
        return event

    # -- dealing ----------------------------------------------------------------------------------
    def _draw(self, events: list[Event]) -> DakerCard:
        if not self.stock:  # the dealer shuffles the discards into a new stock
            self.stock, self.discards = self.discards, []
            self.rng.shuffle(self.stock)
            events.append(Reshuffled(len(self.stock)))
        return self.stock.pop()

    def _start_hand(self) -> list[Event]:
        among = self.contenders if self.options.mode == Mode.ROUND else None
        self.hand += 1
        self.button = self._seats_from(self.button + 1, among)[0]
        order = self._seats_from(self.button + 1, among)  # left of the dealer first
        self.stock = list(self.deck)
        self.rng.shuffle(self.stock)
        self.discards, self.community, self.turned, self.street = [], [], 0, 0
        events: list[Event] = [Hand(self.hand, Seat(self.button))]
        if self.chips:
            self.betting = Betting(self.stacks, 1, order, Rules(self.options.limit, 3 if self.options.limit == Limit.FIXED else None))
        if self.options.mode == Mode.HOLDEM:
            # small then big blind from the dealer's left; heads-up the dealer posts the small blind
            blinds = [self.button, order[0]] if len(order) == 2 else order[:2]
            assert self.betting is not None
            events += self.betting.blind(blinds[0], self.options.small_blind)
            events += self.betting.blind(blinds[1], self.options.big_blind)
            self.community = [self._draw(events) for _ in range(3)]
            events.append(Community(3))
            count = 3
        else:
            if self.betting is not None:
                for s in order:
                    events += self.betting.ante(s, self.options.ante)
            count = 5
        self.hands = {s: [] for s in order}
        for _ in range(count):  # one at a time, from the dealer's left
            for s in order:
                self.hands[s].append(self._draw(events))
        events += [Dealt(Seat(s), tuple(self.hands[s])) for s in order]
        if self.options.mode == Mode.HOLDEM:
            assert self.betting is not None
            big = blinds[1]
            self.betting.open_round(self.options.big_blind, keep_blinds=True, first=self._seats_from(big + 1)[0])
        elif self.options.mode == Mode.DRAW:
            assert self.betting is not None
            self.betting.open_round(self.options.big_blind, first=order[0])
        else:
            self._open_discard()
        return events + self._advance()

    def _open_discard(self) -> None:
        self.phase = Phase.DISCARD
        if self.betting:  # the round's bets are in the pot: a view shows none in front of the seats while they draw
            self.betting.street = [0] * len(self.betting.street)
        live = [s for s in self.hands if not (self.betting and self.betting.folded[s])]
        self.to_discard = self._seats_from(self.button + 1, live)

    def _discard(self, seat: int, cards: tuple[DakerCard, ...]) -> list[Event]:
        held = self.hands[seat]
        thrown = []
        for card in cards:
            match = next(c for c in held if str(c) == str(card))
            held.remove(match)
            thrown.append(match)
        self.to_discard.pop(0)
        events: list[Event] = [Discarded(Seat(seat), tuple(thrown))]
        self.discards += thrown  # face down in the middle: "the discards so far" feed a reshuffle
        drawn = [self._draw(events) for _ in thrown]
        held += drawn
        events.append(Drew(Seat(seat), tuple(drawn)))
        return events

    # -- the flow of a hand ------------------------------------------------------------------------
    def _advance(self) -> list[Event]:
        events: list[Event] = []
        b = self.betting
        if self.phase == Phase.DISCARD:
            if self.to_discard:
                return events
            if self.options.mode == Mode.ROUND:
                return events + self._showdown()
            assert b is not None
            self.phase = Phase.BET
            b.open_round(self.options.big_blind, first=self._seats_from(self.button + 1)[0])
        assert b is not None
        while b.round_over:
            if len(b.contenders) == 1:  # the others did not see the bet: it wins without showing
                b.to_act = []
                return events + self._end_hand(None)
            if self.options.mode == Mode.DRAW:
                if self.street == 0:
                    self.street = 1
                    self._open_discard()
                    return events + self._advance()
                return events + self._showdown()
            if self.street == 3:
                return events + self._showdown()
            self.street += 1
            self.turned += 1
            events.append(Turned(self.community[self.turned - 1]))
            size = self.options.big_blind * (2 if self.options.limit == Limit.FIXED and self.street >= 2 else 1)
            b.open_round(size, first=self._seats_from(self.button + 1)[0])
        return events

    def _value(self, seat: int) -> tuple[int, ...]:
        if self.options.mode == Mode.HOLDEM:
            return best_hand(self.hands[seat], self.community, community_take=2)
        return best_hand(self.hands[seat])

    def _showdown(self) -> list[Event]:
        live = [s for s in self._seats_from(self.button + 1) if s in self.hands
                and not (self.betting and self.betting.folded[s])]  # fmt: skip
        values = {s: self._value(s) for s in live}
        events: list[Event] = [Shown(Seat(s), describe(values[s]).replace(" ", "-"), tuple(self.hands[s])) for s in live]
        if self.options.mode != Mode.ROUND:
            return events + self._end_hand(values)
        pick = max if self.options.wins == Wins.BEST else min
        top = pick(values.values())
        tied = [s for s in live if values[s] == top]
        if len(tied) == 1:
            self.champions = (tied[0],)
            return events + [Champions((Seat(tied[0]),))]
        self.contenders = tied  # the tied replay among themselves
        events.append(Replay(tuple(Seat(s) for s in tied)))
        return events + self._start_hand()

    def _end_hand(self, values: dict[int, tuple[int, ...]] | None) -> list[Event]:
        b = self.betting
        assert b is not None
        events: list[Event] = list(b.settle(values.__getitem__ if values is not None else None,
                                            self._seats_from(self.button + 1)))  # fmt: skip
        outs, left = self._bust_out()
        events += outs
        if len(left) == 1:
            self.champions = (left[0],)
            b.to_act = []
            return events + [Champions((Seat(left[0]),))]
        return events + self._start_hand()


def new_game(options: DakerOptions, rng: random.Random, *, stacks: Sequence[int] | None = None) -> DakerState:
    """Deal the first hand; the first dealer is the last seat, so p0 is first on his left."""
    chips = list(stacks) if stacks is not None else [options.stack if options.mode != Mode.ROUND else 0] * options.players
    if len(chips) != options.players:
        raise OptionError("stack", f"one stack per player ({options.players})")
    state = DakerState(options, rng, chips, [False] * options.players, button=options.players - 2)
    state.contenders = list(range(options.players))
    state.start_events = state._start_hand()
    return state


def conserved(view: DakerView) -> bool:
    """Chips and cards: nothing made or lost."""
    return sum(view.stacks) + view.pot == view.total_chips and view.cards_in_play == view.deck_size


VARIANT = Variant(
    name="daker",
    light_moves=True,
    title="DAKER",
    options=DakerOptions,
    new_game=new_game,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Hand),
    mode_option="mode",
    modes={
        "holdem": {"mode": "holdem", "players": "3", "stack": "100"},
        "draw": {"mode": "draw", "players": "3", "stack": "100"},
        "round": {"mode": "round", "players": "3"},
    },
    view_type=DakerView,
)
