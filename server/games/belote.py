"""AlphaPoker belote and secret belote: two teams lay letters in turn, alternating vowels and consonants, and propose words.

Rules as in RULINGS.md section 1 and the rulebook (sections D.2 and D.3); our
rulings where both are silent:

- Four players, partners opposite: team 0 is p0 and p2, team 1 p1 and p3. The
  64 red letter cards (no joker), 16 each, dealt one at a time from the
  dealer's left. The first dealer is drawn at random, then the deal passes left.
- From the dealer's left, in turn, each lays a card of his choice
  (``lay Er``). After a vowel comes a consonant, after a consonant a vowel; Y
  goes after either, and the card after a Y is free. The first card of a deal
  is free, and so is the first after a proposal that took cards. A player with
  no card of the kind required (nor a Y) lays any card.
- Once 4 cards are on the table, the player who has just laid proposes a word
  of at least ``word_length`` letters (``propose CHIEN``) or passes (``pass``).
  Admitted and made of table cards: his team takes its cards. Not admitted:
  the other team takes them. Not makeable: the other team takes every table
  card the word would use (the player on his left takes them, for his team).
- The last card: if its player passes, the three others, in turn from his
  left, may each propose one last word (with 4 cards or more on the table).
- A deal's points: the letter values a team took (the 64 cards are worth 121;
  cards left on the table count for no one); the team with more gets 30 more,
  none on a tie. The first team to ``target`` (1000) wins; both past it, the
  higher total; equal totals deal again.
- Secret belote: the table is a stack and every view shows its top card only.
  A card laid reaches the others' event feeds as ``??`` (the view shows it on
  top). A proposal shows the whole stack to all (``stack ...``) before its
  verdict; the cards left go back in their order. The cards taken are public
  (``takes``) and every view lists them, per team, until the deal ends.
- The legal list suggests (``propose WORD``) the best words of the table as the
  seat sees it: every card, or under a secret stack the top card and, for the
  hidden ones, the letters it can expect there (:func:`likely_table`: of the
  cards neither in its hand, nor shown, nor taken), a guess that tells nothing
  it may not see. Its bots (``belote_bot``) choose from that list, or from what
  they remember of the table.
"""

from __future__ import annotations

import enum
import functools
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from brelan.lexicon.cards import MAX_HAND, Card, deck
from brelan.lexicon.lexicon import Lexicon

from .alphapoker import Dealt
from .base import (MOST_CHIPS, Back, Champions, EngineState, Facts, GameError, Hand, Result, Seat, Variant, number,
                   parser, record)  # fmt: skip
from .word_games import (Admitted, Judged, Pass, Passed, Played, Refused, StackedLetters, TableWord, Takes, WordRules,
                         BestOnTable, card_points, judge, take, unbound, word_game)  # fmt: skip

PLAYERS = 4
HAND = 16
PROPOSE_FROM = 4  # cards on the table before a player may propose
WIN_BONUS = 30
VOWELS = frozenset("AEIOU")
MIXED = "Y"
SUGGESTED_WORDS = 3


@dataclass(frozen=True)
class BeloteOptions(WordRules):
    target: int = number(1000, 1, MOST_CHIPS, "the points a team plays to")
    # letters at least in a proposed word; no longer word is suggested, so none longer is asked for
    word_length: int = number(5, 2, MAX_HAND, "letters")
    reaction: float = number(2.0, 0, 60, "seconds a bot waits before it lays or proposes")

    @property
    def players(self) -> int:
        return PLAYERS


def letter_cards() -> list[Card]:
    """The 64 cards a deal deals: one colour's letters, no joker."""
    return [c for c in deck() if c.colour == "r" and not c.is_joker]


def likely_table(seen: Sequence[Card | Back], hand: Sequence[Card], gone: Sequence[Card] = ()) -> list[Card]:
    """The table as a seat holding ``hand`` expects it from the cards it sees: those, and for the hidden
    ones (``??``) the letters most common among the cards it has not seen (the 64 less its hand, the
    faces shown and the cards ``gone``: those the teams took this deal, shown to all as they went), each
    as many times as it is expected there, rounded down. Every card seen: the table.

    >>> [str(c) for c in likely_table([Back()] * 20 + [Card.parse("Qr")], [])]
    ['Qr', 'Ar', 'Er', 'Er', 'Ir']
    >>> [str(c) for c in likely_table([Back()] * 20 + [Card.parse("Qr")], [], gone=[Card.parse("Ar")] * 5)]
    ['Qr', 'Er', 'Er', 'Ir', 'Lr', 'Nr', 'Or', 'Rr', 'Sr', 'Tr', 'Ur']
    """
    faces = [c for c in seen if isinstance(c, Card)]
    hidden = len(seen) - len(faces)
    if not hidden:
        return faces
    # Without the cards gone, a guess late in a deal expects letters long taken (a bot proposed AEROLITES,
    # refused for an A no longer in play, four times in one game).
    unseen = Counter(letter_cards()) - Counter(hand) - Counter(faces) - Counter(gone)
    total = sum(unseen.values())  # at least the hidden cards
    return faces + [card for card, n in sorted(unseen.items()) for _ in range(hidden * n // total)]


def team_of(seat: int) -> int:
    return seat % 2


def kind(letter: str) -> str | None:
    """vowel, consonant, or None for Y, which goes with either."""
    return None if letter == MIXED else "vowel" if letter in VOWELS else "consonant"


def fitting(hand: Sequence[Card], required: str | None) -> list[Card]:
    """The cards of ``hand`` that may be laid now: of the kind required, or Y; all of them when none is."""
    cards = sorted(set(hand))
    fit = [c for c in cards if required is None or kind(c.letter) in (None, required)]
    return fit or cards


AFTER = {"vowel": "consonant", "consonant": "vowel", None: None}

# -- actions --------------------------------------------------------------------------------------


@record("lay")
@dataclass(frozen=True)
class Lay:
    card: Card


@record("propose")
@dataclass(frozen=True)
class Propose:
    word: TableWord


ACTIONS = (Lay, Propose, Pass)
Action = Lay | Propose | Pass

# -- events -----------------------------------------------------------------------------------------


@record("proposes")
@dataclass(frozen=True)
class Proposed:
    seat: Seat
    word: TableWord


@record("stack")
@dataclass(frozen=True)
class Revealed:
    """Secret belote: a proposal shows the whole stack, bottom first."""

    cards: tuple[Card, ...]


@record("last-words")
@dataclass(frozen=True)
class LastWords:
    """The last card's player passed: the others may each propose one last word."""


@record("team")
@dataclass(frozen=True)
class DealPoints:
    """A deal's end for a team: the points of the cards it took, its bonus (30 or 0), its game total."""

    team: int
    points: int
    bonus: int
    total: int


EVENTS = (Judged, Hand, Dealt, Played, Proposed, Revealed, Admitted, Refused, Takes, Passed, LastWords, DealPoints,
          Champions)  # fmt: skip
Event = (Judged | Hand | Dealt | Played | Proposed | Revealed | Admitted | Refused | Takes | Passed | LastWords
         | DealPoints | Champions)  # fmt: skip


parse_action: Callable[[str], Action] = parser(ACTIONS)
parse_event: Callable[[str], Event] = parser(EVENTS)


@dataclass(frozen=True)
class TakenCards:
    """The cards a team took this deal, in the order taken: every seat saw them go (``takes``)."""

    cards: tuple[Card, ...]


class Stage(enum.StrEnum):
    """Where a deal stands (like the API's BeloteView.Stage: LAY is STAGE_LAY)."""

    LAY = "lay"
    PROPOSE = "propose"
    LAST = "last"
    OVER = "over"


@dataclass(frozen=True)
class BeloteView:
    seat: int | None
    deal: int
    dealer: int
    stage: Stage  # lay, propose, last (last words), over
    to_act: int | None
    hands: tuple[tuple[Card | Back, ...], ...]  # own cards, the others' as ??
    table: tuple[Card | Back, ...]  # in the order laid; secret: the top card only, the rest ??
    required: str | None  # vowel, consonant, None: any
    deal_points: tuple[int, ...]  # what each team took this deal
    taken: tuple[int, ...]  # how many cards each team took this deal
    taken_cards: tuple[TakenCards, ...]  # which, per team: public, and out of play for the rest of the deal
    totals: tuple[int, ...]
    target: int
    word_length: int
    previous: tuple[str, ...]  # how the last proposal went
    secret: bool
    lexicon: str
    policy: str
    pending: tuple[int, ...]
    legal: tuple[str, ...]
    over: bool
    champions: tuple[int, ...]


@dataclass(frozen=True)
class BeloteResult(Result):
    """Each team's points after this many deals."""

    totals: tuple[int, ...]  # per team
    deals: int


@dataclass
class BeloteState(EngineState):
    options: BeloteOptions
    rng: random.Random
    lexicon: Lexicon
    secret: bool = False
    button: int = 0
    deal: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)
    required: str | None = None
    stage: Stage = Stage.LAY
    turn: int = 0
    last_words: list[int] = field(default_factory=list)  # who may still propose a last word
    taken: list[list[Card]] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    previous: tuple[str, ...] = ()
    champions: tuple[int, ...] = ()
    start_events: list[Event] = field(default_factory=list)
    _best: BestOnTable = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._best = BestOnTable(self.lexicon, self.options.policy, self.options.word_length, SUGGESTED_WORDS)

    @property
    def hand_number(self) -> int:
        return self.deal

    @property
    def to_act(self) -> int | None:
        if self.is_over:
            return None
        return self.last_words[0] if self.stage == Stage.LAST else self.turn

    # -- the contract ------------------------------------------------------------------------------------
    def pending(self) -> list[int]:
        return [] if self.to_act is None else [self.to_act]

    def default_action(self, seat: int) -> Action:
        return Lay(self.fitting(seat)[0]) if self.stage == Stage.LAY else Pass()

    def fitting(self, seat: int) -> list[Card]:
        """The cards this seat may lay now (:func:`fitting`)."""
        return fitting(self.hands[seat], self.required)

    def legal_actions(self, seat: int | None) -> list[Action]:
        if seat is None or seat != self.to_act:
            return []
        if self.stage == Stage.LAY:
            return [Lay(c) for c in self.fitting(seat)]
        return [*self.hints(seat), Pass()]

    def hints(self, seat: int) -> list[Action]:
        """When this seat proposes, the best words it expects of the table (:meth:`suggestions`)."""
        if seat != self.to_act or self.stage == Stage.LAY:
            return []
        return [Propose(w) for w in self.suggestions(seat)]

    def suggestions(self, seat: int) -> list[TableWord]:
        """The best words of the table ``seat`` expects from what it sees (:func:`likely_table`): a hint
        never tells what the view hides (in secret belote, remembering the stack is the game)."""
        return self._best(likely_table(self.seen_table(seat), self.hands[seat], self.gone()))

    def gone(self) -> list[Card]:
        """The cards out of play for the rest of the deal: those the teams took, as every seat saw them go."""
        return [c for t in self.taken for c in t]

    def seen_table(self, seat: int | None) -> tuple[Card | Back, ...]:
        """The table as ``seat`` sees it, in the order laid: secret, the top card only, the rest ??."""
        if not self.secret or not self.table:
            return tuple(self.table)
        return (*(Back() for _ in self.table[:-1]), self.table[-1])

    def _refusal(self, seat: int | None, action: Action) -> GameError | None:
        if self.is_over:
            return GameError("GAME_OVER", "the game is over")
        if not isinstance(action, ACTIONS):
            return GameError("NOT_AN_ACTION", f"{action!r} is not a belote action")
        if seat != self.to_act:
            return GameError("NOT_YOUR_TURN", f"it is p{self.to_act}'s turn")
        if isinstance(action, Lay):
            if self.stage != Stage.LAY:
                return GameError("WRONG_STAGE", "propose a word or pass first")
            if action.card not in self.hands[seat]:
                return GameError("NOT_HELD", f"p{seat} does not hold {action.card}")
            if action.card not in self.fitting(seat):
                return GameError("ALTERNATION", f"a {self.required} (or Y) now: you have one")
            return None
        if self.stage == Stage.LAY:
            return GameError("WRONG_STAGE", "lay a card first")
        if isinstance(action, Propose):
            if len(action.word) < self.options.word_length:
                return GameError("TOO_SHORT", f"a word has at least {self.options.word_length} letters")
            if action.word.jokers:
                return GameError("NO_JOKER", "belote has no joker")
        return None

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        if isinstance(action, Lay):
            return self._lay(seat, action.card)
        if self.stage == Stage.LAST:
            self.last_words.pop(0)
        events = self._propose(seat, action.word) if isinstance(action, Propose) else [Passed(Seat(seat))]
        if self.stage == Stage.LAST:
            return events + (self._end_deal() if not self.last_words else [])
        return events + self._next(seat, proposed=isinstance(action, Propose))

    def view(self, seat: int | None) -> BeloteView:
        return BeloteView(
            **self._seen_by(seat), deal=self.deal, dealer=self.button, stage=Stage.OVER if self.is_over else self.stage,
            to_act=self.to_act,
            hands=tuple(tuple(h) if s == seat else tuple(Back() for _ in h) for s, h in enumerate(self.hands)),
            table=self.seen_table(seat), required=self.required, deal_points=tuple(card_points(t) for t in self.taken),
            taken=tuple(len(t) for t in self.taken), taken_cards=tuple(TakenCards(tuple(t)) for t in self.taken),
            totals=tuple(self.totals), target=self.options.target,
            word_length=self.options.word_length, previous=self.previous, secret=self.secret,
            lexicon=self.options.lexicon, policy=str(self.options.policy), pending=tuple(self.pending()),
        )  # fmt: skip

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Dealt) and event.seat != seat:
            return Dealt(event.seat, tuple(Back() for _ in event.cards))
        if self.secret and isinstance(event, Played) and event.seat != seat:
            return Played(event.seat, Back())  # the view shows it on top, until the next card covers it
        return event

    @property
    def result(self) -> BeloteResult | None:
        if not self.is_over:
            return None
        return BeloteResult(self.champions, tuple(self.totals), self.deal)

    def cards_in_play(self) -> list[Card]:
        return [c for h in self.hands for c in h] + self.table + self.gone()

    # -- a deal ---------------------------------------------------------------------------------------------
    def _start_deal(self) -> list[Event]:
        self.deal += 1
        self.button = (self.button + 1) % PLAYERS
        cards = letter_cards()
        self.rng.shuffle(cards)
        self.hands = [[] for _ in range(PLAYERS)]
        order = [(self.button + 1 + i) % PLAYERS for i in range(PLAYERS)]
        for _ in range(HAND):
            for s in order:
                self.hands[s].append(cards.pop())
        self.table, self.taken, self.required = [], [[], []], None
        self.stage, self.turn, self.last_words = Stage.LAY, order[0], []
        return [Hand(self.deal, Seat(self.button)), *(Dealt(Seat(s), tuple(self.hands[s])) for s in order)]

    def _lay(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.table.append(card)
        self.required = AFTER[kind(card.letter)]
        events: list[Event] = [Played(Seat(seat), card)]
        if len(self.table) >= PROPOSE_FROM:
            self.stage = Stage.PROPOSE
            return events
        return events + self._next(seat, proposed=False)

    def _propose(self, seat: int, word: TableWord) -> list[Event]:
        events: list[Event] = [Proposed(Seat(seat), word)]
        if self.secret:
            events.append(Revealed(tuple(self.table)))
        taken = take(word, self.table)
        verdict = judge(self.lexicon, self.options.policy, seat, word, taken)
        taker = seat if isinstance(verdict, Admitted) else (seat + 1) % PLAYERS
        events.append(verdict)
        if taken.cards:
            cards, self.table = taken.lift(self.table)
            self.taken[team_of(taker)] += cards
            self.required = None  # a word was taken: the next card is free
            events.append(Takes(Seat(taker), tuple(cards)))
        self.previous = tuple(map(str, events))
        return events

    def _next(self, seat: int, proposed: bool) -> list[Event]:
        """After a card (and its proposal or pass): the next player lays, or the deal ends."""
        if any(self.hands):
            self.stage, self.turn = Stage.LAY, (seat + 1) % PLAYERS
            return []
        if proposed or len(self.table) < PROPOSE_FROM:
            return self._end_deal()
        self.stage, self.last_words = Stage.LAST, [(seat + i) % PLAYERS for i in (1, 2, 3)]
        return [LastWords()]

    def _end_deal(self) -> list[Event]:
        scored = [card_points(t) for t in self.taken]
        events: list[Event] = []
        for team, p in enumerate(scored):
            bonus = WIN_BONUS if p > scored[1 - team] else 0
            self.totals[team] += p + bonus
            events.append(DealPoints(team, p, bonus, self.totals[team]))
        best = max(self.totals)
        if best >= self.options.target and self.totals[0] != self.totals[1]:
            winner = self.totals.index(best)
            self.champions = tuple(s for s in range(PLAYERS) if team_of(s) == winner)
            self.stage = Stage.OVER
            return events + [Champions(tuple(Seat(s) for s in self.champions))]
        return events + self._start_deal()


def new_game(options: BeloteOptions, rng: random.Random, *, lexicon: Lexicon, secret: bool = False) -> BeloteState:
    """Draw the first dealer and deal; ``lexicon`` judges the words; ``secret`` stacks the table."""
    state = BeloteState(options, rng, lexicon, secret, button=rng.randrange(PLAYERS) - 1)
    state.start_events = [Judged.of(lexicon, options), *state._start_deal()]
    return state


def conserved(view: BeloteView) -> bool:
    return sum(len(h) for h in view.hands) + len(view.table) + sum(view.taken) == PLAYERS * HAND


def _variant(name: str, title: str, secret: bool) -> Variant:
    return word_game(Variant(
        name=name, title=title, options=BeloteOptions, new_game=unbound, parse_action=parse_action,
        parse_event=parse_event, conserved=conserved, starts_hand=lambda event: isinstance(event, Hand),
        seats=lambda options: PLAYERS, stacked_rng=StackedLetters.parse, bot_seconds=lambda options: options.reaction,
        modes={"": {"target": "100", "reaction": "0"}},
        facts=Facts(judges_words=True, realtime=True, team_size=2, round_name="deal"),
        view_type=BeloteView,
    ), functools.partial(new_game, secret=secret))  # fmt: skip


VARIANT = _variant("alphapoker-belote", "AlphaPoker belote", secret=False)
SECRET_VARIANT = _variant("alphapoker-belote-secrete", "AlphaPoker secret belote", secret=True)
