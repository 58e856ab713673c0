"""Turn-based betting shared by the hold'em-like games (Yahtzee Texas Hold'em, DAKER).

One :class:`Betting` holds one hand's chips in motion: the stacks, what each
seat has put in this hand and this round, who has folded, and who still has to
act. Games open rounds, post antes and blinds, apply actions through the
``can_act`` / ``act`` pair and settle the pots when the hand ends.

Amounts are totals for the round, as in PHH: ``raise 30`` raises *to* 30.

>>> b = Betting(stacks=[100, 100, 40], unit=10, order=[0, 1, 2], rules=Rules(Limit.NO_LIMIT))
>>> _ = b.open_round(10)
>>> [str(e) for e in b.act(0, BetTo(20)) + b.act(1, Call()) + b.act(2, RaiseTo(40))]
['p0 bets 20', 'p1 calls 20', 'p2 raises 40', 'p2 all-in']
>>> [str(e) for e in b.act(0, Call()) + b.act(1, Fold())]
['p0 calls 20', 'p1 folds']
>>> b.round_over, [(p.amount, p.eligible) for p in b.pots()]
(True, [(100, (0, 2))])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .base import EngineState, GameError, Out, Result, Seat, record
from .contract import places_of
from .pots import split


class Limit(str, enum.Enum):
    FIXED = "fixed"  # every bet and raise is exactly the round's size
    SPREAD = "spread"  # any multiple of the unit up to the round's size
    POT = "pot"  # at least the round's size, at most the pot
    NO_LIMIT = "no-limit"  # at least the round's size, up to all-in


@dataclass(frozen=True)
class Rules:
    limit: Limit = Limit.FIXED
    raise_cap: int | None = 3  # raises after the opening bet, per round (None: no cap)


# -- actions -------------------------------------------------------------------------


@record("check")
@dataclass(frozen=True)
class Check:
    pass


@record("call")
@dataclass(frozen=True)
class Call:
    pass


@record("fold")
@dataclass(frozen=True)
class Fold:
    pass


@record("bet")
@dataclass(frozen=True)
class BetTo:
    amount: int


@record("raise")
@dataclass(frozen=True)
class RaiseTo:
    amount: int


BET_ACTIONS = (Check, Call, Fold, BetTo, RaiseTo)
BetAction = Check | Call | Fold | BetTo | RaiseTo

# -- events ---------------------------------------------------------------------------


@record("antes")
@dataclass(frozen=True)
class Anted:
    seat: Seat
    amount: int


@record("blinds")
@dataclass(frozen=True)
class Blinded:
    seat: Seat
    amount: int


@record("checks")
@dataclass(frozen=True)
class Checked:
    seat: Seat


@record("calls")
@dataclass(frozen=True)
class Called:
    seat: Seat
    amount: int  # chips put in by the call


@record("bets")
@dataclass(frozen=True)
class Bet:
    seat: Seat
    to: int


@record("raises")
@dataclass(frozen=True)
class Raised:
    seat: Seat
    to: int


@record("folds")
@dataclass(frozen=True)
class Folded:
    seat: Seat


@record("all-in")
@dataclass(frozen=True)
class AllIn:
    seat: Seat


@record("takes-back")
@dataclass(frozen=True)
class Returned:
    """An uncalled bet goes back to its owner."""

    seat: Seat
    amount: int


@record("wins")
@dataclass(frozen=True)
class Won:
    seat: Seat
    amount: int
    pot: str  # "main", "side1", ...
    uncontested: bool = False  # the others folded: no hand was shown for it (written "uncontested" when True)


def won_before_uncontested(text: str) -> str | None:
    """A pot won with every other seat folded as a log wrote it before a win said so (this betting's and POKER
    CHAMP's), or None for any other event: tables in play across that change, and the golden games, replay.

    >>> won_before_uncontested("p1 wins 3 main uncontested"), won_before_uncontested("p1 wins 3 main")
    ('p1 wins 3 main', None)
    """
    words = text.split(" ")
    if len(words) < 4 or words[1] != "wins" or words[-1] != "uncontested":
        return None
    return " ".join(words[:-1])


BET_EVENTS = (Anted, Blinded, Checked, Called, Bet, Raised, Folded, AllIn, Returned, Won)
BetEvent = Anted | Blinded | Checked | Called | Bet | Raised | Folded | AllIn | Returned | Won


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]

    def label(self, index: int) -> str:
        return "main" if index == 0 else f"side{index}"


@dataclass
class Betting:
    """One hand of betting. ``order`` is the acting order of the seats dealt in (first to act first)."""

    stacks: list[int]
    unit: int
    order: list[int]
    rules: Rules = field(default_factory=Rules)
    committed: list[int] = field(default_factory=list)  # this hand
    street: list[int] = field(default_factory=list)  # this round
    folded: list[bool] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    size: int = 0  # the round's bet size (limit games) or minimum bet
    raises: int = 0  # raises after the opening bet, this round
    last_raise: int = 0  # the last full bet or raise increment
    bets_made: bool = False  # any bet this round (all-checked tells the Yahtzee reroll)
    acted: set[int] = field(default_factory=set)  # who has acted since the last full bet or raise
    closed: set[int] = field(default_factory=set)  # who may only call or fold: a short all-in did not reopen

    def __post_init__(self) -> None:
        n = len(self.stacks)
        self.committed = self.committed or [0] * n
        self.street = self.street or [0] * n
        self.folded = self.folded or [s not in self.order for s in range(n)]

    # -- state --------------------------------------------------------------------------
    @property
    def current(self) -> int:
        return max(self.street)

    @property
    def contenders(self) -> list[int]:
        return [s for s in self.order if not self.folded[s]]

    def can_still_bet(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    @property
    def round_over(self) -> bool:
        return not self.to_act or len(self.contenders) <= 1

    @property
    def betting_done(self) -> bool:
        """No more betting this hand can change anything: one contender, or at most one who can still bet."""
        return len(self.contenders) <= 1 or sum(self.can_still_bet(s) for s in self.contenders) <= 1

    def pot_total(self) -> int:
        return sum(self.committed)

    # -- forced bets and rounds -------------------------------------------------------------
    def _put(self, seat: int, amount: int) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        return amount

    def ante(self, seat: int, amount: int) -> list[BetEvent]:
        """An ante goes to the pot without counting as a bet of the round."""
        put = self._put(seat, amount)
        return [Anted(Seat(seat), put), *([AllIn(Seat(seat))] if self.stacks[seat] == 0 else [])]

    def blind(self, seat: int, amount: int) -> list[BetEvent]:
        """A blind counts as the seat's bet this round; the biggest blind is the bet to call."""
        put = self._put(seat, amount)
        self.street[seat] += put
        self.last_raise = max(self.last_raise, put)
        return [Blinded(Seat(seat), put), *([AllIn(Seat(seat))] if self.stacks[seat] == 0 else [])]

    def open_round(self, size: int, *, keep_blinds: bool = False, first: int | None = None) -> list[BetEvent]:
        """A new betting round of bet size ``size``; everyone who can still bet acts, in order from ``first``."""
        if first is not None and first in self.order:
            i = self.order.index(first)
            self.order = self.order[i:] + self.order[:i]
        if not keep_blinds:
            self.street = [0] * len(self.stacks)
            self.last_raise = size
        self.size = size
        self.raises = 0
        self.acted, self.closed = set(), set()
        self.bets_made = keep_blinds and self.current > 0
        self.to_act = [s for s in self.order if self.can_still_bet(s)]
        if len(self.to_act) == 1 and self.street[self.to_act[0]] >= self.current:
            self.to_act = []  # alone with chips and nothing to call: no one to bet against
        return []

    # -- amounts ------------------------------------------------------------------------------
    def to_call(self, seat: int) -> int:
        return min(self.current - self.street[seat], self.stacks[seat])

    def all_in_to(self, seat: int) -> int:
        return self.street[seat] + self.stacks[seat]

    def raise_bounds(self, seat: int) -> tuple[int, int]:
        """The smallest and largest total a bet or raise may reach (before the all-in exception)."""
        current = self.current
        if self.rules.limit == Limit.FIXED:
            low = high = current + self.size
        elif self.rules.limit == Limit.SPREAD:
            low, high = current + self.unit, current + self.size
        else:
            low = current + max(self.last_raise, self.size)
            if self.rules.limit == Limit.POT:
                high = current + self.pot_total() + (current - self.street[seat])
            else:
                high = self.all_in_to(seat)
        return low, high

    # -- legality: one check for act and legal ---------------------------------------------------
    def refusal(self, seat: int, action: BetAction) -> GameError | None:
        if seat not in self.to_act:
            if self.folded[seat]:
                return GameError("FOLDED", f"p{seat} has folded")
            return GameError("NOT_YOUR_TURN", f"it is p{self.to_act[0]}'s turn" if self.to_act else "no one is to act")
        if seat != self.to_act[0]:
            return GameError("NOT_YOUR_TURN", f"it is p{self.to_act[0]}'s turn")
        facing = self.current - self.street[seat]
        if isinstance(action, Check):
            return GameError("MUST_CALL", f"there is {facing} to call") if facing > 0 else None
        if isinstance(action, Call):
            return GameError("NOTHING_TO_CALL", "nothing to call: check or bet") if facing == 0 else None
        if isinstance(action, Fold):
            return None
        opening = isinstance(action, BetTo)
        if opening and self.current > 0:
            return GameError("ALREADY_BET", f"there is a bet of {self.current}: call, raise or fold")
        if not opening and self.current == 0:
            return GameError("NO_BET_TO_RAISE", "nothing to raise: bet instead")
        if not opening and self.rules.raise_cap is not None and self.raises >= self.rules.raise_cap:
            return GameError("RAISE_CAP", f"at most {self.rules.raise_cap} raises a round")
        if self.stacks[seat] <= facing:
            return GameError("SHORT", "not enough chips to raise: call all-in or fold")
        if seat in self.closed:
            return GameError("NOT_REOPENED", "an all-in for less than a raise does not reopen the betting: call or fold")
        amount = action.amount
        low, high = self.raise_bounds(seat)
        all_in = self.all_in_to(seat)
        if amount == all_in and amount > self.current:
            return None if amount <= high else GameError("OVER_LIMIT", f"at most {high} this round")
        if amount > all_in:
            return GameError("NOT_ENOUGH_CHIPS", f"p{seat} can reach at most {all_in}")
        if amount % self.unit:
            return GameError("NOT_A_UNIT", f"amounts go in steps of {self.unit}")
        if not low <= amount <= high:
            return GameError("BAD_AMOUNT", f"{'bet' if opening else 'raise'} to between {low} and {high} (or all-in {all_in})")
        return None

    def can_act(self, seat: int, action: BetAction) -> bool:
        return self.refusal(seat, action) is None

    def legal(self, seat: int) -> list[BetAction]:
        """Every legal action; amounts listed by unit in limit games, else the smallest, the pot-ish and all-in."""
        if not self.to_act or seat != self.to_act[0]:
            return []
        actions: list[BetAction] = [a for a in (Check(), Call(), Fold()) if self.can_act(seat, a)]
        low, high = self.raise_bounds(seat)
        all_in = self.all_in_to(seat)
        if self.rules.limit in (Limit.FIXED, Limit.SPREAD):
            amounts = list(range(low, min(high, all_in) + 1, self.unit))
        else:
            amounts = [low, (low + high) // self.unit // 2 * self.unit, high]
        amounts = sorted({min(a, all_in) for a in amounts} | ({all_in} if all_in <= high else set()))
        kind = BetTo if self.current == 0 else RaiseTo
        return actions + [a for a in (kind(x) for x in amounts) if self.can_act(seat, a)]

    # -- moves ----------------------------------------------------------------------------------
    def act(self, seat: int, action: BetAction) -> list[BetEvent]:
        refusal = self.refusal(seat, action)
        if refusal is not None:
            raise refusal
        self.to_act.pop(0)
        self.acted.add(seat)
        if isinstance(action, Fold):
            self.folded[seat] = True
            return [Folded(Seat(seat))]
        if isinstance(action, Check):
            return [Checked(Seat(seat))]
        if isinstance(action, Call):
            put = self._put(seat, self.current - self.street[seat])
            self.street[seat] += put
            return [Called(Seat(seat), put), *self._all_in(seat)]
        before = self.current
        low, _ = self.raise_bounds(seat)
        self.street[seat] += self._put(seat, action.amount - self.street[seat])
        # A short all-in neither counts against the raise cap nor sets the next minimum raise, and those
        # who had acted since the last full raise may only call it or fold.
        if self.street[seat] >= low:
            self.last_raise = self.street[seat] - before
            if isinstance(action, RaiseTo):
                self.raises += 1
            self.acted, self.closed = {seat}, set()
        else:
            self.closed |= self.acted - {seat}
        self.bets_made = True
        # Everyone else still in with chips acts again, in order after this seat.
        i = self.order.index(seat)
        after = self.order[i + 1:] + self.order[:i]
        self.to_act = [s for s in after if self.can_still_bet(s)]
        event: BetEvent = Bet(Seat(seat), self.street[seat]) if isinstance(action, BetTo) else Raised(Seat(seat), self.street[seat])
        return [event, *self._all_in(seat)]

    def _all_in(self, seat: int) -> list[BetEvent]:
        return [AllIn(Seat(seat))] if self.stacks[seat] == 0 else []

    def fold_out(self, seat: int) -> list[BetEvent]:
        """Fold a seat out of turn (a timeout or a player leaving)."""
        self.folded[seat] = True
        if seat in self.to_act:
            self.to_act.remove(seat)
        return [Folded(Seat(seat))]

    # -- the pots --------------------------------------------------------------------------------
    def pots(self) -> list[Pot]:
        """Main pot then side pots, each with the contenders who can win it."""
        contenders = self.contenders
        levels = sorted({self.committed[s] for s in contenders})
        pots: list[Pot] = []
        previous = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, previous) for c in self.committed)
            eligible = tuple(s for s in contenders if self.committed[s] >= level)
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            elif amount:
                pots.append(Pot(amount, eligible))
            previous = level
        beyond = sum(max(0, c - previous) for c in self.committed)  # folded chips above every contender
        if beyond and pots:
            pots[-1] = Pot(pots[-1].amount + beyond, pots[-1].eligible)
        return pots

    def settle(self, value: Callable[[int], Any] | None, odd_order: Sequence[int]) -> list[BetEvent]:
        """Pay every pot: to its only contender, else to the best ``value`` among its contenders.

        A pot with one eligible seat that others could not call is an uncalled bet: it goes back.
        ``value`` is None when everyone else folded (no showdown).
        """
        events: list[BetEvent] = []
        pots = self.pots()
        for i, pot in enumerate(pots):
            if len(pot.eligible) == 1:
                seat = pot.eligible[0]
                self.stacks[seat] += pot.amount
                uncalled = i > 0 or (value is not None and len(self.contenders) > 1)
                events.append(Returned(Seat(seat), pot.amount) if uncalled
                              else Won(Seat(seat), pot.amount, pot.label(i), uncontested=value is None))
                continue
            assert value is not None
            best = max(value(s) for s in pot.eligible)
            winners = [s for s in pot.eligible if value(s) == best]
            for seat, amount in split(pot.amount, winners, odd_order, self.unit).items():
                self.stacks[seat] += amount
                events.append(Won(Seat(seat), amount, pot.label(i)))
        self.committed = [0] * len(self.stacks)
        self.street = [0] * len(self.stacks)
        return events


@dataclass(frozen=True)
class StacksResult(Result):
    """A game of chips to the last stack (DAKER, Yahtzee Texas Hold'em): each seat's chips after this many hands,
    and the hand each one went out in (0: never)."""

    stacks: tuple[int, ...]
    hands: int
    out_hands: tuple[int, ...]


class ButtonGame(EngineState):
    """What the button-and-stacks games share: seats from the dealer's left, busting out, the result.

    A subclass has ``stacks``, ``out``, ``out_hands``, ``button`` and ``hand``.
    """

    stacks: list[int]
    out: list[bool]
    out_hands: dict[int, int]  # seat -> the hand it went out in: who went out later ranks higher
    button: int
    hand: int

    @property
    def hand_number(self) -> int:
        return self.hand

    def places(self) -> dict[int, int]:
        """The knocked-out seats' places as they go out; once over, every seat's: those still in by their chips (a
        game ended by its hands or rounds)."""
        placed = places_of(self.players, self.out_hands, self.champions)
        if self.is_over:
            alive = [s for s in range(self.players) if s not in self.out_hands]
            for s in alive:
                placed.setdefault(s, 1 + sum(1 for t in alive if self.stacks[t] > self.stacks[s]))
        return placed

    @property
    def result(self) -> StacksResult | None:
        if not self.is_over:
            return None
        return StacksResult(self.champions, tuple(self.stacks), self.hand,
                            tuple(self.out_hands.get(s, 0) for s in range(self.players)))

    def _seats_from(self, first: int, among: Sequence[int] | None = None) -> list[int]:
        """Seats still playing (or those of ``among``), clockwise from ``first``."""
        alive = among if among is not None else [s for s in range(self.players) if not self.out[s]]
        return [s % self.players for s in range(first, first + self.players) if s % self.players in alive]

    def _seat_refusal(self, seat: int | None) -> GameError | None:
        """The checks every action of these games starts with: the game goes on, the seat is in it."""
        if self.is_over:
            return GameError("GAME_OVER", "the game is over")
        if seat is None or not 0 <= seat < self.players:
            return GameError("NO_SUCH_SEAT", f"seat {seat} is not at this table")
        if self.out[seat]:
            return GameError("OUT", f"p{seat} is out of the game")
        return None

    def _bust_out(self) -> tuple[list[Out], list[int]]:
        """Players left without chips are out, from the dealer's left; returns their events and who is left."""
        events = []
        for s in self._seats_from(self.button + 1):
            if self.stacks[s] == 0:
                self.out[s] = True
                self.out_hands[s] = self.hand
                events.append(Out(Seat(s)))
        return events, [s for s in range(self.players) if not self.out[s]]
