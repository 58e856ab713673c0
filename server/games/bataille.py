"""AlphaPoker bataille: two players lay letter cards in turn; the first to claim a word takes its cards.

Rules as in RULINGS.md section 1 and the rulebook (section D.1); our rulings
where both are silent:

- p0 plays the red cards, p1 the black: each colour's 65 cards (64 letters and
  a joker), shuffled, make a face-down pile that nobody sees. p0 lays first.
- In turn each lays the top card of his pile face up (``lay``); when one pile
  is empty the other player lays on alone. A player who lets his time run out
  (``card_seconds``, 3 to 10) has his card laid for him.
- From 5 cards on the table a player may claim at any moment
  (``claim N CHIEN``); with ``courtesy`` only the opponent of the player who
  laid last. ``N`` is the number of claims made so far (the view's
  ``claims``): a claim made on a table that another claim has changed since
  lost the race. It is refused (LOST_RACE) and costs nothing. The server takes
  claims in the order they arrive.
- A word of at least ``min_length`` letters, admitted, made of table cards:
  the claimer takes its cards (the earliest laid card of each letter; a joker
  for a letter the table lacks, or where the word says ``?X``). Not admitted,
  or not makeable: the opponent takes the table cards the word would use. Each
  of these errors, and a claim with no word (``claim N -``), also costs the
  claimer the top card of his pile, given to the opponent (the rulebook's
  penalty: "il donne la première carte de son paquet").
- When neither player can lay: with a game clock (``minutes``), each player's
  won cards, in the order won, become his pile (``replays``) and play goes on
  until the time is up; without, the last call: each player claims or passes
  (``pass``), and the game ends when both have passed since the last claim.
- Score: the letter values of every card a player holds, pile and won cards
  (a joker is worth 10); cards left on the table count for no one. The most
  points win; equal points share the win.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from brelan.lexicon.cards import COLOURS, Card, deck
from brelan.lexicon.lexicon import Lexicon

from .base import (MOST_MINUTES, Champions, EngineState, Facts, GameError, Result, Seat, Variant, number,
                   parser, record)  # fmt: skip
from .word_games import (Admitted, BestOnTable, Judged, Pass, Passed, Played, Refused, StackedLetters, TableWord, Taken,
                         Takes, WordRules, card_points, judge, take, unbound, word_game)

PLAYERS = 2
CLAIM_FROM = 5  # cards on the table before anyone may claim
SUGGESTED_WORDS = 3
TOTAL_CARDS = 130


@dataclass(frozen=True)
class BatailleOptions(WordRules):
    card_seconds: float = number(5.0, 3, 10, "seconds to lay a card, the rulebook's")
    courtesy: bool = False  # only the opponent of the player who laid last may claim
    # a game clock: won cards are replayed until it runs out; 0: one pass of the piles
    minutes: float = number(0.0, 0, MOST_MINUTES, "0: no game clock")
    reaction: float = number(2.0, 0, 60, "seconds a bot waits before it lays or claims what it sees")

    @property
    def players(self) -> int:
        return PLAYERS


# -- actions -------------------------------------------------------------------------------------


@record("lay")
@dataclass(frozen=True)
class Lay:
    """Lay the top card of one's pile."""


@record("claim")
@dataclass(frozen=True)
class Claim:
    """Hand on the table, with a word (``-``: none), on the table as it was after ``claims`` claims."""

    claims: int
    word: TableWord


@record("time-up")
@dataclass(frozen=True)
class TimeUp:
    """The game clock has run out (the table's system action): the game ends."""


ACTIONS = (Lay, Claim, Pass, TimeUp)
Action = Lay | Claim | Pass | TimeUp

# -- events ----------------------------------------------------------------------------------------


@record("pile")
@dataclass(frozen=True)
class Pile:
    """A player's face-down pile and how many cards it holds."""

    seat: Seat
    cards: int


@record("claims")
@dataclass(frozen=True)
class Claimed:
    """This player won the race: his word is judged now."""

    seat: Seat
    word: TableWord


@record("gives")
@dataclass(frozen=True)
class Gives:
    """The penalty: the top card of this player's pile, to his opponent's won cards."""

    seat: Seat
    card: Card


@record("replays")
@dataclass(frozen=True)
class Replays:
    """A player's won cards, in the order won, become his pile."""

    seat: Seat
    cards: int


@record("last-call")
@dataclass(frozen=True)
class LastCall:
    """Nobody can lay: each player claims or passes."""


@record("points")
@dataclass(frozen=True)
class Points:
    seat: Seat
    points: int


EVENTS = (Judged, Pile, Played, Claimed, Admitted, Refused, Takes, Gives, Replays, LastCall, Passed, TimeUp, Points,
          Champions)  # fmt: skip
Event = Judged | Pile | Played | Claimed | Admitted | Refused | Takes | Gives | Replays | LastCall | Passed | TimeUp | Points | Champions


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


class Phase(enum.StrEnum):
    """Where the game stands (like the API's BatailleView.Phase: LAY is PHASE_LAY)."""

    LAY = "lay"
    LAST = "last"
    OVER = "over"


@dataclass(frozen=True)
class BatailleView:
    seat: int | None
    phase: Phase  # lay, last (the last call), over
    turn: int | None  # who lays next
    last_layer: int | None
    table: tuple[Card, ...]  # in the order laid
    piles: tuple[int, ...]  # cards left in each face-down pile
    won: tuple[int, ...]  # cards each has won
    points: tuple[int, ...]  # what each holds is worth (pile and won cards)
    claims: int  # claims so far: a claim names it
    claimants: tuple[int, ...]  # who may claim now
    passed: tuple[int, ...]
    previous: tuple[str, ...]  # how the last claim went
    courtesy: bool
    min_length: int
    lexicon: str
    policy: str
    pending: tuple[int, ...]
    legal: tuple[str, ...]
    total: int
    over: bool
    champions: tuple[int, ...]


@dataclass(frozen=True)
class BatailleResult(Result):
    """What each player's cards were worth at the end."""

    points: tuple[int, ...]


@dataclass
class BatailleState(EngineState):
    options: BatailleOptions
    rng: random.Random
    lexicon: Lexicon
    piles: list[list[Card]] = field(default_factory=list)  # the top card is the last
    won: list[list[Card]] = field(default_factory=lambda: [[], []])
    table: list[Card] = field(default_factory=list)
    phase: Phase = Phase.LAY
    turn: int = 0
    last_layer: int | None = None
    claims: int = 0
    last_claimer: int | None = None
    passed: set[int] = field(default_factory=set)
    previous: tuple[str, ...] = ()
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    _best: BestOnTable = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._best = BestOnTable(self.lexicon, self.options.policy, self.options.min_length, SUGGESTED_WORDS)

    hand_number = 1  # one game, one "hand" for the table's histories

    # -- the contract ------------------------------------------------------------------------------------
    def pending(self) -> list[int]:
        if self.phase == Phase.LAY:
            return [self.turn]
        if self.phase == Phase.LAST:
            return [s for s in range(PLAYERS) if s not in self.passed]
        return []

    def claimants(self) -> list[int]:
        """Who may claim now: both players, or with courtesy the opponent of the last to lay."""
        if self.phase not in (Phase.LAY, Phase.LAST) or len(self.table) < CLAIM_FROM:
            return []
        if self.options.courtesy and self.last_layer is not None:
            return [1 - self.last_layer]
        return list(range(PLAYERS))

    def time_limit(self, seat: int) -> float | None:
        return self.options.card_seconds

    def default_action(self, seat: int) -> Action:
        return Pass() if self.phase == Phase.LAST else Lay()

    def legal_actions(self, seat: int | None) -> list[Action]:
        if self.is_over:
            return []
        if seat is None:
            return [TimeUp()] if self.options.minutes else []
        candidates: list[Action] = [Lay(), Pass()]
        if seat in self.claimants():
            candidates += [*self.hints(seat), Claim(self.claims, TableWord(""))]
        return [a for a in candidates if self.can_apply(seat, a)]

    def hints(self, seat: int) -> list[Action]:
        """A claimant's claims of the best words on the table (it is the same for every seat: nothing is hidden)."""
        if self.is_over or seat not in self.claimants():
            return []
        return [a for w in self.suggestions() if self.can_apply(seat, a := Claim(self.claims, w))]

    def suggestions(self) -> list[TableWord]:
        """The best words on the table, as it lies."""
        return self._best(self.table)

    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        if self.is_over:
            return GameError("GAME_OVER", "the game is over")
        if not isinstance(action, ACTIONS):
            return GameError("NOT_AN_ACTION", f"{action!r} is not a bataille action")
        if seat is None or isinstance(action, TimeUp):
            if seat is None and isinstance(action, TimeUp) and self.options.minutes:
                return None
            return GameError("NOT_YOURS", "the game clock alone ends the game")
        if isinstance(action, Lay):
            if self.phase != Phase.LAY:
                return GameError("WRONG_PHASE", "nobody can lay any more: claim or pass")
            return None if seat == self.turn else GameError("NOT_YOUR_TURN", f"it is p{self.turn}'s card")
        if isinstance(action, Pass):
            if self.phase != Phase.LAST:
                return GameError("WRONG_PHASE", "pass comes at the last call, when nobody can lay")
            return None if seat not in self.passed else GameError("PASSED", f"p{seat} has passed: claim, or wait")
        return self._claim_refusal(seat, action)

    def _claim_refusal(self, seat: int, claim: Claim) -> GameError | None:
        if claim.claims < self.claims:
            return GameError("LOST_RACE", f"p{self.last_claimer} claimed first: the table has changed since your "
                             f"look (claim {claim.claims}); it is at claim {self.claims} now")  # fmt: skip
        if claim.claims > self.claims:
            return GameError("BAD_CLAIM", f"there have been {self.claims} claims: claim {self.claims} WORD")
        if len(self.table) < CLAIM_FROM:
            return GameError("TOO_FEW", f"claims from {CLAIM_FROM} cards on the table (now {len(self.table)})")
        if seat not in self.claimants():
            return GameError("COURTESY", f"with courtesy only p{1 - seat} may claim on p{seat}'s card")
        if claim.word and len(claim.word) < self.options.min_length:
            return GameError("TOO_SHORT", f"a word has at least {self.options.min_length} letters")
        return None

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        if isinstance(action, TimeUp):
            return [action, *self._finish()]
        assert seat is not None
        if isinstance(action, Lay):
            card = self.piles[seat].pop()
            self.table.append(card)
            self.last_layer = seat
            return [Played(Seat(seat), card), *self._next_turn(seat)]
        if isinstance(action, Pass):
            self.passed.add(seat)
            return [Passed(Seat(seat)), *(self._finish() if len(self.passed) == PLAYERS else [])]
        return self._claim(seat, action.word)

    def points(self) -> list[int]:
        """What each player holds is worth: his pile and his won cards."""
        return [card_points(self.piles[s] + self.won[s]) for s in range(PLAYERS)]

    def view(self, seat: int | None) -> BatailleView:
        return BatailleView(
            **self._seen_by(seat), phase=Phase.OVER if self.is_over else self.phase, turn=self.turn if self.phase == Phase.LAY else None,
            last_layer=self.last_layer, table=tuple(self.table), piles=tuple(len(p) for p in self.piles),
            won=tuple(len(w) for w in self.won), points=tuple(self.points()), claims=self.claims,
            claimants=tuple(self.claimants()), passed=tuple(sorted(self.passed)), previous=self.previous,
            courtesy=self.options.courtesy, min_length=self.options.min_length, lexicon=self.options.lexicon,
            policy=str(self.options.policy), pending=tuple(self.pending()),
            total=TOTAL_CARDS,
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        return event  # piles are face down to everyone, and no event shows them

    @property
    def result(self) -> BatailleResult | None:
        if not self.is_over:
            return None
        return BatailleResult(self.champions, tuple(self.points()))

    def cards_in_play(self) -> list[Card]:
        return [c for p in self.piles for c in p] + [c for w in self.won for c in w] + self.table

    # -- moving on -------------------------------------------------------------------------------------------
    def _next_turn(self, after: int) -> list[Event]:
        """The other player lays next, or this one again when the other has nothing to lay."""
        events: list[Event] = []
        for s in (1 - after, after):
            if not self.piles[s] and self.options.minutes and self.won[s]:
                self.piles[s], self.won[s] = self.won[s][::-1], []
                events.append(Replays(Seat(s), len(self.piles[s])))
            if self.piles[s]:
                self.turn = s
                return events
        return events + self._last_call()

    def _last_call(self) -> list[Event]:
        if len(self.table) < CLAIM_FROM:
            return self._finish()
        self.phase, self.passed = Phase.LAST, set()
        return [LastCall()]

    def _claim(self, seat: int, word: TableWord) -> list[Event]:
        self.claims += 1
        self.last_claimer = seat
        self.passed.clear()
        events: list[Event] = [Claimed(Seat(seat), word)]
        if word:
            taken = take(word, self.table)
            verdict = judge(self.lexicon, self.options.policy, seat, word, taken)
            events.append(verdict)
            if isinstance(verdict, Admitted):
                events += self._take(seat, taken)
            else:
                events += self._take(1 - seat, taken) + self._penalty(seat)
        else:
            events += [Refused.no_word(seat), *self._penalty(seat)]
        self.previous = tuple(map(str, events))
        if self.phase == Phase.LAY and not self.piles[self.turn]:  # the penalty took the layer's last card
            events += self._next_turn(1 - self.turn)
        elif self.phase == Phase.LAST and self.options.minutes and any(self.won):  # won cards to replay: lay on
            self.phase = Phase.LAY
            events += self._next_turn(1 - seat)
        elif self.phase == Phase.LAST and len(self.table) < CLAIM_FROM:
            events += self._finish()
        return events

    def _take(self, seat: int, taken: Taken) -> list[Event]:
        if not taken.cards:
            return []
        cards, self.table = taken.lift(self.table)
        self.won[seat] += cards
        return [Takes(Seat(seat), tuple(cards))]

    def _penalty(self, seat: int) -> list[Event]:
        if not self.piles[seat]:
            return []
        card = self.piles[seat].pop()
        self.won[1 - seat].append(card)
        return [Gives(Seat(seat), card)]

    def _finish(self) -> list[Event]:
        self.phase = Phase.OVER
        points = self.points()
        self.champions = tuple(s for s in range(PLAYERS) if points[s] == max(points))
        return [*(Points(Seat(s), p) for s, p in enumerate(points)), Champions(tuple(Seat(s) for s in self.champions))]


def new_game(options: BatailleOptions, rng: random.Random, *, lexicon: Lexicon) -> BatailleState:
    """Shuffle each colour's 65 cards into its player's pile; ``lexicon`` judges the claims."""
    state = BatailleState(options, rng, lexicon)
    for colour in COLOURS:
        pile = [c for c in deck() if c.colour == colour]
        rng.shuffle(pile)
        state.piles.append(pile)
    state.start_events = [Judged.of(lexicon, options), *(Pile(Seat(s), len(p)) for s, p in enumerate(state.piles))]
    return state


def conserved(view: BatailleView) -> bool:
    return sum(view.piles) + sum(view.won) + len(view.table) == view.total


VARIANT = word_game(Variant(
    name="alphapoker-bataille",
    title="AlphaPoker bataille",
    options=BatailleOptions,
    new_game=unbound,
    parse_action=parse_action,
    parse_event=parse_event,
    conserved=conserved,
    starts_hand=lambda event: isinstance(event, Judged),
    seats=lambda options: PLAYERS,
    game_seconds=lambda options: options.minutes * 60 or None,
    stacked_rng=StackedLetters.parse,
    bot_seconds=lambda options: options.reaction,
    modes={"": {"reaction": "0"}},
    facts=Facts(judges_words=True, realtime=True, round_name=""),
    view_type=BatailleView,
), new_game)
