"""AlphaPoker, the word poker: exchange letter cards, bet, lay your best word.

Rules as in RULINGS.md section 1 and the rulebook (sections C.1 to C.8); our
rulings where both are silent:

- The first dealer: everyone draws a card, the letter nearest A deals (a joker
  is no letter: it comes after Z); any tie draws again, everyone. Then the deal
  passes to the left, and each deal is a fresh shuffle.
- Every player antes after the deal. The exchanges go round from the dealer's
  left; discards are out for good, and when the stock runs out the discards are
  shuffled into a new one.
- Betting (amounts are the player's total for the deal, capped at ``cap``):
  the opener (the first player in from the dealer's left) bets at least 1; the
  others call or fold in turn; back to the opener, he stops (everyone still in
  lays a word) or raises, plain (the others call or fold, and he decides again)
  or ``voir`` (those who call lay their words). A bet or raise to the cap is
  ``voir`` by itself. An opener with nothing left to bet cannot open: the
  round's betting is skipped. A player who cannot pay a call is out of the game
  at once (his chips in the pot stay there), as is one who cannot pay the ante.
- ``alternate=true``: exchange, betting, exchange, betting...; ``voir`` only
  in the last betting round, and a round's betting is skipped once the cap is
  reached.
- The reveal goes round from the dealer's left: each player lays an ordered
  list of his cards naming each joker's letter (``lay Qr Ur ?r=I``), or lays
  nothing. The word is judged at once, in public: its score, or 0 with the
  reason it is not admitted. The best score takes the pot; ties split it and
  the remainder stays for the next deal.
- Time limits: a player whose exchange time runs out exchanges nothing and
  stays in the deal; one whose bet time runs out folds (the rulebook sanctions
  the betting limit alone: RULINGS, turn 4); one whose reveal time runs out
  lays nothing (laying the best word for him would reward waiting).
- After ``rounds`` deals the most PM wins. Players tied on top play one more
  deal among themselves, as many times as needed up to ``rounds`` more, after
  which they share the win.

The engine judges words with the lexicon it is given (``new_game(..., lexicon=)``);
the registry binds one in (``registry.playable``), and the first event names it
(``lexicon fr-dela 53f841ce-f1 rulebook``) so a replay can tell it judges alike.
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from brelan.lexicon.cards import LETTERS, Card, Laid, deck
from brelan.lexicon.lexicon import Lexicon, Refusal
from brelan.lexicon.readings import Policy
from brelan.lexicon.scoring import missing_from_hand, score_cards
from brelan.lexicon.search import ScoredWord, best_words

from .base import (MOST_CHIPS, MOST_ROUNDS, MOST_SECONDS, Back, Champions, Facts, GameError, Hand, OptionError, Out,
                   Phrase, Result, Review, Seat, Variant, number, parser, record)  # fmt: skip
from .betting import Anted, Bet, ButtonGame, Call, Called, Fold, Folded, Raised, Won
from .word_games import Judged, Refused, StackedLetters, WordRules, unbound, word_game

# Hand size -> (exchange rounds, cards at most per exchange): the rulebook's table (C.3).
EXCHANGES = {5: (1, 3), 6: (2, 3), 7: (2, 4), 8: (3, 4), 9: (3, 5)}
# Players -> starting capital (C.1); five or more play with two boxes and 110 each.
CAPITALS = {2: 210, 3: 140, 4: 110}
MAX_PLAYERS = 8  # two decks (and two boxes of chips) for 4 players each
SUGGESTED_WORDS = 3  # how many best words the legal list offers at the reveal


@dataclass(frozen=True)
class AlphaOptions(WordRules):
    players: int = number(3, 2, MAX_PLAYERS, "two decks above 4")
    hand: int = number(7, min(EXCHANGES), max(EXCHANGES), "cards")  # the rulebook's table has every size between
    # exchange rounds; 0: the rulebook's for the hand size
    exchanges: int = number(0, 0, 5, "0: the rulebook's")
    # cards at most per exchange; 0: the rulebook's
    exchange_cap: int = number(0, 0, lambda options: options.hand, "0: the rulebook's; at most the hand")
    # 0: the rulebook's for the number of players; else at least the ante
    capital: int = number(0, 0, MOST_CHIPS, "0: the rulebook's; else at least the ante")
    ante: int = number(5, 0, MOST_CHIPS)
    cap: int = number(15, 1, 1000, "a player's total bet in a deal")
    rounds: int = number(10, 1, MOST_ROUNDS)
    simplified: bool = False  # no length points (6 bis)
    alternate: bool = False  # a betting round after each exchange round
    # 0: no limit (the table's decision time, if any)
    exchange_seconds: float = number(60.0, 0, MOST_SECONDS, "0: no limit")
    bet_seconds: float = number(20.0, 0, MOST_SECONDS, "0: no limit")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.capital and self.capital < max(self.ante, 1):  # a gap in capital's range, which no range says
            raise OptionError("capital", f"0 (the rulebook's) or at least the ante ({self.ante})")

    @property
    def exchange_rounds(self) -> int:
        return self.exchanges or EXCHANGES[self.hand][0]

    @property
    def most_exchanged(self) -> int:
        return self.exchange_cap or EXCHANGES[self.hand][1]

    @property
    def starting_capital(self) -> int:
        return self.capital or CAPITALS.get(self.players, CAPITALS[4])

    @property
    def decks(self) -> int:
        return 1 if self.players <= 4 else 2

    @property
    def betting_rounds(self) -> int:
        return self.exchange_rounds if self.alternate else 1


# -- actions ---------------------------------------------------------------------------------


@record("exchange")
@dataclass(frozen=True)
class Exchange:
    """Discard these cards (none: keep the hand) and draw as many from the stock."""

    cards: tuple[Card, ...]


@record("stop")
@dataclass(frozen=True)
class Stop:
    """The opener raises no more: everyone still in lays a word (or the next exchange comes)."""


@record("bet")
@dataclass(frozen=True)
class Open:
    amount: int  # the opener's total for the deal


@record("raise")
@dataclass(frozen=True)
class Raise:
    amount: int  # to this total; the others call or fold, then the opener decides again


@record("voir")
@dataclass(frozen=True)
class Voir:
    amount: int  # raise to this total "pour voir": those who call lay their words


@record("lay")
@dataclass(frozen=True)
class Lay:
    """A word as the ordered cards laid, jokers naming their letter; no cards: no word."""

    cards: tuple[Laid, ...]

    @property
    def word(self) -> str:
        return "".join(c.letter for c in self.cards)


ACTIONS = (Exchange, Stop, Open, Raise, Voir, Lay, Call, Fold)
Action = Exchange | Stop | Open | Raise | Voir | Lay | Call | Fold

# -- events (antes, bets, calls, raises, folds and wins are the betting engine's) --------------


@record("cuts")
@dataclass(frozen=True)
class Cut:
    """A card drawn for the first dealer."""

    seat: Seat
    card: Card


@record("cards")
@dataclass(frozen=True)
class Dealt:
    seat: Seat
    cards: tuple[Card | Back, ...]


@record("phase")
@dataclass(frozen=True)
class Phase:
    name: str  # exchange, bet, reveal
    number: int


@record("exchanges")
@dataclass(frozen=True)
class Discarded:
    seat: Seat
    cards: tuple[Card | Back, ...]


@record("receives")
@dataclass(frozen=True)
class Received:
    seat: Seat
    cards: tuple[Card | Back, ...]


@record("reshuffle")
@dataclass(frozen=True)
class Reshuffled:
    """The stock ran out: the discards, shuffled, make a new one."""

    cards: int


@record("stops")
@dataclass(frozen=True)
class Stopped:
    seat: Seat


@record("raises-voir")
@dataclass(frozen=True)
class RaisedToSee:
    seat: Seat
    to: int


@record("lays")
@dataclass(frozen=True)
class WordLaid:
    seat: Seat
    cards: tuple[Laid, ...]


@record("scores")
@dataclass(frozen=True)
class Scored:
    seat: Seat
    word: str
    score: int
    reason: Phrase


@record("remains")
@dataclass(frozen=True)
class Remains:
    """What a split pot could not divide stays for the next deal."""

    amount: int


@record("tie-break")
@dataclass(frozen=True)
class TieBreak:
    seats: tuple[Seat, ...]


EVENTS = (Judged, Cut, Hand, Dealt, Anted, Phase, Discarded, Received, Reshuffled, Bet, Called, Raised, RaisedToSee,
          Stopped, Folded, WordLaid, Scored, Refused, Won, Remains, Out, TieBreak, Champions)  # fmt: skip
Event = (Judged | Cut | Hand | Dealt | Anted | Phase | Discarded | Received | Reshuffled | Bet | Called | Raised
         | RaisedToSee | Stopped | Folded | WordLaid | Scored | Refused | Won | Remains | Out | TieBreak | Champions)  # fmt: skip


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


# -- the view ----------------------------------------------------------------------------------


class DealPhase(enum.StrEnum):
    """Where a deal stands (the view's, like the API's AlphaPokerView.Phase: EXCHANGE is PHASE_EXCHANGE)."""

    EXCHANGE = "exchange"
    BET = "bet"
    REVEAL = "reveal"
    OVER = "over"


@dataclass(frozen=True)
class AlphaView:
    seat: int | None
    round: int
    rounds: int
    tie_break: bool
    dealer: int
    phase: DealPhase  # exchange, bet, reveal, over
    exchange_round: int
    exchange_rounds: int
    exchange_cap: int
    hands: tuple[tuple[Card | Back, ...], ...]  # own cards, the others' as ??; () when not in the deal
    stacks: tuple[int, ...]
    bets: tuple[int, ...]  # this deal, antes apart
    pot: int  # antes, bets and what the last split left
    carried: int  # what the last split left
    cap: int
    in_deal: tuple[bool, ...]
    out: tuple[bool, ...]
    opener: int | None
    voir: bool
    to_act: int | None
    pending: tuple[int, ...]
    words: tuple[str | None, ...]  # laid cards (text), public once laid
    scores: tuple[int | None, ...]
    reasons: tuple[str | None, ...]
    codes: tuple[Refusal | None, ...]  # why each word laid is refused, as a code (its reason says it in English)
    previous: tuple[str, ...]  # how the last deal ended: its words and who won what
    stock: int
    discards: int
    total: int  # every PM at the table
    lexicon: str
    policy: str
    simplified: bool
    legal: tuple[str, ...]
    over: bool
    champions: tuple[int, ...]


# -- the game ----------------------------------------------------------------------------------


def _rank(card: Card) -> int:
    """How near A a drawn card is; a joker is no letter and comes last."""
    return 26 if card.is_joker else LETTERS.index(card.letter)


@dataclass(frozen=True)
class AlphaPokerResult(Result):
    """Each seat's PM after this many rounds, and what was left in the pot."""

    stacks: tuple[int, ...]  # PM
    rounds: int
    pot: int  # what no one won (a split's odd PM)


@dataclass
class AlphaState(ButtonGame):
    options: AlphaOptions
    rng: random.Random
    lexicon: Lexicon
    stacks: list[int]
    out: list[bool]
    out_hands: dict[int, int] = field(default_factory=dict)  # seat -> the deal it went out in
    button: int = -1
    hand: int = 0
    playing: tuple[int, ...] = ()  # seats dealt in this deal (a tie-break deals only the tied)
    tie_breaks: int = 0
    stock: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    hands: dict[int, list[Card]] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    phase: DealPhase = DealPhase.EXCHANGE
    exchange_round: int = 0
    betting_round: int = 0
    to_act: list[int] = field(default_factory=list)
    bets: list[int] = field(default_factory=list)
    pot: int = 0
    carried: int = 0
    opener: int | None = None
    stage: str = "open"  # betting: open (the opener bets), follow (call or fold), decide (the opener), done
    voir: bool = False
    laid: dict[int, Lay] = field(default_factory=dict)
    judged: dict[int, Scored | Refused] = field(default_factory=dict)  # each laid word's verdict, as laid
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    total: int = 0
    previous: tuple[str, ...] = ()
    _suggested: dict[tuple[Card, ...], list[ScoredWord]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.total = sum(self.stacks)
        self.bets = [0] * self.players
        self.policy = self.options.policy

    # -- who is in -----------------------------------------------------------------------------
    def contenders(self) -> list[int]:
        """Seats still in this deal, from the dealer's left."""
        return [s for s in self._seats_from(self.button + 1, self.playing) if s not in self.folded and not self.out[s]]

    @property
    def current(self) -> int:
        return max(self.bets)

    @property
    def final_betting(self) -> bool:
        return self.betting_round == self.options.betting_rounds

    # -- the contract --------------------------------------------------------------------------
    def pending(self) -> list[int]:
        return [] if self.is_over or not self.to_act else [self.to_act[0]]

    def time_limit(self, seat: int) -> float | None:
        """Seconds this seat has for its decision (the options'); None: the table's own limit."""
        seconds = self.options.bet_seconds if self.phase == DealPhase.BET else self.options.exchange_seconds
        return seconds or None

    def default_action(self, seat: int) -> Action:
        """What a seat's clock plays (RULINGS, turn 4): an exchange whose time runs out exchanges nothing, and the
        seat stays in the deal; a reveal lays no word; only a bet decision's clock folds."""
        if self.phase == DealPhase.EXCHANGE:
            return Exchange(())
        return Lay(()) if self.phase == DealPhase.REVEAL else Fold()

    def legal_actions(self, seat: int | None) -> list[Action]:
        if seat is None or self.is_over or not self.to_act or seat != self.to_act[0]:
            return []
        candidates: list[Action]
        if self.phase == DealPhase.EXCHANGE:
            held = sorted(self.hands[seat])
            picks = {combo for n in range(self.options.most_exchanged + 1) for combo in itertools.combinations(held, n)}
            candidates = [Exchange(c) for c in sorted(picks, key=lambda c: (len(c), c))] + [Fold()]
        elif self.phase == DealPhase.REVEAL:
            candidates = [*self.hints(seat), Lay(())]
        elif self.stage == "open":
            candidates = [Open(n) for n in range(self.current + 1, self.options.cap + 1)] + [Fold()]
        elif self.stage == "decide":
            raises = range(self.current + 1, self.options.cap + 1)
            # In the last betting a raise to the cap is voir by itself: list it once, as voir.
            candidates = [Stop(), *(Raise(n) for n in raises if not (self.final_betting and n == self.options.cap)),
                          *(Voir(n) for n in raises), Fold()]  # fmt: skip
        else:
            candidates = [Call(), Fold()]
        return [a for a in candidates if self.can_apply(seat, a)]

    def hints(self, seat: int) -> list[Action]:
        """At the reveal, the best words this seat's hand can lay."""
        if self.phase != DealPhase.REVEAL or seat not in self.pending():
            return []
        return [Lay(w.cards) for w in self.suggestions(seat)]

    def suggestions(self, seat: int) -> list[ScoredWord]:
        """The best words this seat's hand can lay (cached: the hand does not change at the reveal)."""
        return self.best_of(self.hands[seat])

    def best_of(self, hand: Sequence[Card]) -> list[ScoredWord]:
        """The best words these cards can lay, by this game's rules (cached by the cards)."""
        held = tuple(sorted(hand))
        if held not in self._suggested:
            self._suggested[held] = best_words(self.lexicon, held, self.policy, SUGGESTED_WORDS, self.options.simplified)
        return self._suggested[held]

    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        refusal = self._seat_refusal(seat)
        if refusal is not None or seat is None:
            return refusal
        if not isinstance(action, ACTIONS):
            return GameError("NOT_AN_ACTION", f"{action!r} is not an AlphaPoker action")
        if seat not in self.contenders():
            return GameError("NOT_IN_DEAL", f"p{seat} is not in this deal")
        if seat != self.to_act[0]:
            return GameError("NOT_YOUR_TURN", f"it is p{self.to_act[0]}'s turn")
        if isinstance(action, Fold):
            return None
        wanted = {DealPhase.EXCHANGE: (Exchange,), DealPhase.REVEAL: (Lay,), DealPhase.BET: (Stop, Open, Raise, Voir, Call)}[self.phase]
        if not isinstance(action, wanted):
            names = " or ".join(k.tag for k in wanted)  # type: ignore[attr-defined]
            return GameError("WRONG_PHASE", f"this is the {self.phase} phase: {names} (or fold)")
        if isinstance(action, Exchange):
            if len(action.cards) > self.options.most_exchanged:
                return GameError("TOO_MANY", f"at most {self.options.most_exchanged} cards an exchange")
            if missing_from_hand([Laid(c, c.letter) for c in action.cards], self.hands[seat]):
                return GameError("NOT_HELD", f"p{seat} does not hold {' '.join(map(str, action.cards))}")
            return None
        if isinstance(action, Lay):
            missing = missing_from_hand(action.cards, self.hands[seat])
            if missing:
                return GameError("NOT_HELD", f"p{seat} does not hold {' '.join(str(action.cards[i].card) for i in missing)}")
            return None
        return self._bet_refusal(seat, action)

    def _bet_refusal(self, seat: int, action: Stop | Open | Raise | Voir | Call) -> GameError | None:
        opening = self.opener == seat and self.stage == "open"
        deciding = self.opener == seat and self.stage == "decide"
        if isinstance(action, Call):
            return None if self.opener != seat else GameError("NOTHING_TO_CALL", "the opener bets, stops or raises")
        if isinstance(action, Open) != opening or (isinstance(action, (Stop, Raise, Voir)) and not deciding):
            doing = "open the betting (bet N)" if opening else "stop, raise or voir" if deciding else "call or fold"
            return GameError("NOT_NOW", f"p{seat} may {doing}")
        if isinstance(action, Stop):
            return None
        if isinstance(action, Voir) and not self.final_betting:
            return GameError("NO_VOIR_YET", "pour voir comes only in the betting after the last exchange")
        amount = action.amount
        if not self.current < amount <= self.options.cap:
            return GameError("BAD_AMOUNT", f"{action.tag} to more than {self.current} and at most the cap, {self.options.cap}")  # type: ignore[union-attr]
        if amount - self.bets[seat] > self.stacks[seat]:
            return GameError("NOT_ENOUGH", f"p{seat} has {self.stacks[seat]} PM: at most {self.bets[seat] + self.stacks[seat]}")
        return None

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        self.to_act.pop(0)
        if isinstance(action, Fold):
            return self._fold(seat)
        if isinstance(action, Exchange):
            return self._exchange(seat, action.cards) + self._next()
        if isinstance(action, Lay):
            return self._lay(seat, action) + self._next()
        return self._bet(seat, action)

    def view(self, seat: int | None) -> AlphaView:
        def hand(s: int) -> tuple[Card | Back, ...]:
            if s not in self.hands or s in self.folded or self.out[s]:
                return ()
            return tuple(self.hands[s]) if s == seat else tuple(Back() for _ in self.hands[s])

        n = range(self.players)
        contenders = self.contenders()
        return AlphaView(
            **self._seen_by(seat), round=self.hand, rounds=self.options.rounds, tie_break=bool(self.tie_breaks), dealer=self.button,
            phase=DealPhase.OVER if self.is_over else self.phase, exchange_round=self.exchange_round,
            exchange_rounds=self.options.exchange_rounds, exchange_cap=self.options.most_exchanged,
            hands=tuple(hand(s) for s in n), stacks=tuple(self.stacks), bets=tuple(self.bets), pot=self.pot,
            carried=self.carried, cap=self.options.cap, in_deal=tuple(s in contenders for s in n),
            out=tuple(self.out), opener=self.opener, voir=self.voir,
            to_act=self.to_act[0] if self.to_act and not self.is_over else None, pending=tuple(self.pending()),
            words=tuple(" ".join(map(str, self.laid[s].cards)) if s in self.laid else None for s in n),
            scores=tuple(self._score(s) if s in self.judged else None for s in n),
            reasons=tuple(str(self.judged[s].reason) if s in self.judged else None for s in n),
            codes=tuple(getattr(self.judged.get(s), "code", None) for s in n),
            previous=self.previous, stock=len(self.stock), discards=len(self.discards), total=self.total,
            lexicon=self.options.lexicon,
            policy=str(self.policy), simplified=self.options.simplified,
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, (Dealt, Discarded, Received)) and event.seat != seat:
            return type(event)(event.seat, tuple(Back() for _ in event.cards))
        return event

    @property
    def result(self) -> AlphaPokerResult | None:
        if not self.is_over:
            return None
        return AlphaPokerResult(self.champions, tuple(self.stacks), self.hand, self.pot)

    def cards_in_play(self) -> list[Card]:
        """Every card of the deal (for the conservation checks): stock, discards, hands."""
        return self.stock + self.discards + [c for h in self.hands.values() for c in h]

    # -- the first dealer and a deal ---------------------------------------------------------------
    def _draw_dealer(self) -> list[Event]:
        events: list[Event] = []
        while True:
            cards = deck(self.options.decks)
            self.rng.shuffle(cards)
            drawn = {s: cards.pop() for s in range(self.players)}
            events += [Cut(Seat(s), c) for s, c in drawn.items()]
            nearest = min(_rank(c) for c in drawn.values())
            first = [s for s, c in drawn.items() if _rank(c) == nearest]
            if len(first) == 1:
                # _start_deal passes the deal to the left: start from the seat on the dealer's right.
                self.button = (first[0] - 1) % self.players
                return events

    def _start_deal(self, seats: Sequence[int] | None = None) -> list[Event]:
        self.hand += 1
        self.playing = tuple(seats) if seats is not None else tuple(s for s in range(self.players) if not self.out[s])
        self.button = self._seats_from(self.button + 1, self.playing)[0]
        self.stock = deck(self.options.decks)
        self.rng.shuffle(self.stock)
        self.discards, self.folded = [], set()
        self.hands = {s: [] for s in self._seats_from(self.button + 1, self.playing)}
        self.bets = [0] * self.players
        self.laid, self.judged = {}, {}
        self.exchange_round = self.betting_round = 0
        self.opener, self.stage, self.voir = None, "open", False
        for _ in range(self.options.hand):  # one card at a time, from the dealer's left
            for s in self.hands:
                self.hands[s].append(self.stock.pop())
        events: list[Event] = [Hand(self.hand, Seat(self.button))]
        events += [Dealt(Seat(s), tuple(h)) for s, h in self.hands.items()]
        for s in self.hands:
            paid = min(self.options.ante, self.stacks[s])
            self.stacks[s] -= paid
            self.pot += paid
            events.append(Anted(Seat(s), paid))
        return events + self._open_exchange()

    # -- exchanges ------------------------------------------------------------------------------------
    def _open_exchange(self) -> list[Event]:
        self.exchange_round += 1
        self.phase = DealPhase.EXCHANGE
        self.to_act = self.contenders()
        return [Phase("exchange", self.exchange_round)]

    def _exchange(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discards += cards
        events: list[Event] = [Discarded(Seat(seat), cards)]
        drawn = []
        for _ in cards:
            if not self.stock:
                events.append(Reshuffled(len(self.discards)))
                self.stock, self.discards = self.discards, []
                self.rng.shuffle(self.stock)
            drawn.append(self.stock.pop())
        hand += drawn
        if drawn:
            events.append(Received(Seat(seat), tuple(drawn)))
        return events

    # -- betting ----------------------------------------------------------------------------------------
    def _open_betting(self) -> list[Event]:
        self.betting_round += 1
        self.phase = DealPhase.BET
        self._next_opener(self.contenders())
        return [Phase("bet", self.betting_round)]

    def _next_opener(self, candidates: list[int]) -> None:
        """The first of ``candidates`` opens; one who cannot bet more skips the round's betting."""
        self.opener = candidates[0]
        if self.current >= self.options.cap or self.bets[self.opener] + self.stacks[self.opener] <= self.current:
            self.stage, self.to_act = "done", []
        else:
            self.stage, self.to_act = "open", [self.opener]

    def _bet(self, seat: int, action: Stop | Open | Raise | Voir | Call) -> list[Event]:
        if isinstance(action, Call):
            put = self.current - self.bets[seat]
            self._put(seat, put)
            return [Called(Seat(seat), put)] + self._next()
        if isinstance(action, Stop):
            self.stage = "done"
            return [Stopped(Seat(seat))] + self._next()
        self._put(seat, action.amount - self.bets[seat])
        self.voir = self.final_betting and (isinstance(action, Voir) or action.amount >= self.options.cap)
        event: Event
        if isinstance(action, Open):
            event = Bet(Seat(seat), action.amount)
        else:
            event = RaisedToSee(Seat(seat), action.amount) if self.voir else Raised(Seat(seat), action.amount)
        self.stage = "follow"
        contenders = self.contenders()
        i = contenders.index(seat)
        self.to_act = contenders[i + 1:] + contenders[:i]
        return [event] + self._next()

    def _put(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.pot += amount

    def _fold(self, seat: int) -> list[Event]:
        self.folded.add(seat)
        events: list[Event] = [Folded(Seat(seat))]
        if self.phase == DealPhase.BET and seat == self.opener:
            rest = self.contenders()
            if self.stage == "open" and len(rest) > 1:  # the opening passes to the left
                self._next_opener([s for s in self._seats_from(seat + 1, self.playing) if s in rest])
            else:
                self.stage, self.to_act = "done", []  # the others have called: no one is left to raise
        return events + self._next()

    # -- moving on --------------------------------------------------------------------------------------------
    def _next(self) -> list[Event]:
        """After a move: who cannot pay a call is out; when a phase is done the next one opens."""
        events: list[Event] = []
        while self.phase == DealPhase.BET and self.stage == "follow" and self.to_act:
            short = self.to_act[0]
            if self.current - self.bets[short] <= self.stacks[short]:
                break
            self.to_act.pop(0)
            self.folded.add(short)
            self.out[short], self.out_hands[short] = True, self.hand
            events += [Folded(Seat(short)), Out(Seat(short))]
        contenders = self.contenders()
        if len(contenders) <= 1:  # the others folded before the reveal: no word was judged for the pot
            return events + self._settle(contenders, uncontested=True)
        while not self.to_act:
            if self.phase == DealPhase.EXCHANGE:
                last = self.exchange_round == self.options.exchange_rounds
                events += self._open_betting() if self.options.alternate or last else self._open_exchange()
            elif self.phase == DealPhase.BET:
                if self.stage == "follow" and not self.voir and self.current < self.options.cap:
                    self.stage, self.to_act = "decide", [self.opener]  # type: ignore[list-item]
                elif not self.final_betting:
                    events += self._open_exchange()
                else:
                    self.phase, self.to_act = DealPhase.REVEAL, contenders
                    events.append(Phase("reveal", 1))
            else:
                return events + self._settle(contenders)
        return events

    # -- the reveal, the pot, the end ------------------------------------------------------------------------
    def _lay(self, seat: int, action: Lay) -> list[Event]:
        self.laid[seat] = action
        self.judged[seat] = self._judge(seat, action)
        return [WordLaid(Seat(seat), action.cards), self.judged[seat]]

    def _judge(self, seat: int, action: Lay) -> Scored | Refused:
        if not action.cards:
            return Refused.no_word(seat)
        verdict = self.lexicon.verdict(action.word, self.policy)
        if not verdict.admissible:
            return Refused.of(seat, action.word, verdict)
        return Scored(Seat(seat), action.word, score_cards(action.cards, self.options.simplified).score,
                      Phrase(verdict.reason))  # fmt: skip

    def _score(self, seat: int) -> int:
        judged = self.judged.get(seat)
        return judged.score if isinstance(judged, Scored) else 0

    def _settle(self, contenders: list[int], uncontested: bool = False) -> list[Event]:
        """The pot to the best word (to the last player in when the others folded: ``uncontested``); a split's
        remainder stays."""
        self.to_act = []
        events: list[Event] = []
        if contenders:
            best = max(self._score(s) for s in contenders)
            winners = [s for s in contenders if self._score(s) == best]
            share, self.carried = divmod(self.pot, len(winners))
            for s in winners:
                self.stacks[s] += share
                events.append(Won(Seat(s), share, "main", uncontested=uncontested))
            self.pot = self.carried
            if self.carried:
                events.append(Remains(self.carried))
        self.previous = tuple(str(e) for e in (*self.judged.values(), *events))
        return events + self._end_deal()

    def _end_deal(self) -> list[Event]:
        events: list[Event] = []
        for s in self._seats_from(self.button + 1):
            if self.stacks[s] < max(self.options.ante, 1):  # cannot pay the next ante: out
                self.out[s], self.out_hands[s] = True, self.hand
                events.append(Out(Seat(s)))
        alive = [s for s in range(self.players) if not self.out[s]]
        if len(alive) <= 1:
            self.champions = tuple(alive) or self._richest(self.playing)
        elif self.hand >= self.options.rounds:
            in_play = [s for s in self.playing if not self.out[s]] if self.tie_breaks else alive
            tied = self._richest(in_play or self.playing)
            if len(tied) == 1 or self.tie_breaks >= self.options.rounds:
                self.champions = tied
            else:
                self.tie_breaks += 1
                return events + [TieBreak(tuple(Seat(s) for s in tied))] + self._start_deal(tied)
        if self.is_over:
            return events + [Champions(tuple(Seat(s) for s in self.champions))]
        return events + self._start_deal()

    def _richest(self, seats: Sequence[int]) -> tuple[int, ...]:
        top = max(self.stacks[s] for s in seats)
        return tuple(s for s in seats if self.stacks[s] == top)


def new_game(options: AlphaOptions, rng: random.Random, *, lexicon: Lexicon) -> AlphaState:
    """Draw the first dealer and deal the first hand; ``lexicon`` judges the words."""
    state = AlphaState(options, rng, lexicon, [options.starting_capital] * options.players, [False] * options.players)
    state.start_events = [Judged.of(lexicon, options), *state._draw_dealer(),
                          *state._start_deal()]  # fmt: skip
    return state


def conserved(view: AlphaView) -> bool:
    return sum(view.stacks) + view.pot == view.total and min(view.stacks) >= 0


def review(state: AlphaState, events: Sequence[Event], seat: int) -> Review:
    """After a deal, the best words the seat's last hand allowed (found as its reveal's hints are), and its word.

    ``events``: the deal's, as the seat saw them: its hand is rebuilt from its own cards (dealt, exchanged,
    received), the others' being backs to it. A seat that folded is told what its hand then held.
    """
    hand: list[Card] = []
    laid: Lay | None = None
    for event in events:
        if isinstance(event, (Dealt, Discarded, Received)) and event.seat == seat:
            cards = [c for c in event.cards if isinstance(c, Card)]
            if isinstance(event, Dealt):
                hand = cards
            elif isinstance(event, Discarded):
                for card in cards:
                    hand.remove(card)
            else:
                hand += cards
        elif isinstance(event, WordLaid) and event.seat == seat and event.cards:
            laid = Lay(event.cards)
    return Review(tuple(Lay(w.cards) for w in state.best_of(hand)) if hand else (), laid)


VARIANT = word_game(Variant(
    name="alphapoker",
    title="AlphaPoker",
    options=AlphaOptions,
    new_game=unbound,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Hand),
    stacked_rng=StackedLetters.parse,
    review=review,
    modes={"": {"players": "3", "rounds": "2"}},
    facts=Facts(judges_words=True, reviews_hands=True, round_name="deal"),
    view_type=AlphaView,
), new_game)  # its bots (alphapoker_bot's, which depend on this engine) are given by the registry
