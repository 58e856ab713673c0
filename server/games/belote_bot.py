"""Belote's and secret belote's bots, by level.

- beginner: as the intermediate, with fewer words (those of Zipf 2.5 or more), one card in four laid at random,
  and under a secret stack one proposal in six let go (it forgets); it guessed at a secret stack as every bot did
  before levels (:func:`guessing`), and let a proposal go at an open table too: random play, proposing the
  table's suggestions, beat it;
- intermediate: proposes only words it knows, made of cards it knows lie on the table, so never one refused:
  every card of an open table; under a secret stack, the cards it saw itself (:class:`Memory`: the top card at each
  of its turns, and the card it laid); lays its least valuable card that fits;
- strong: remembers more: the whole stack each proposal shows too, less the cards taken; and lays the card that
  makes the best word it may propose right after, its least valuable card on a tie.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Collection, Sequence

from brelan.lexicon.cards import LETTER_VALUES, Card
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.lexicon.search import table_words

from .belote import BeloteView, Revealed, Stage, Takes, parse_event
from .levels import BEGINNER, INTERMEDIATE, STRONG
from .pace import Paced
from .vocabulary import SEARCHED, knows
from .word_games import Refused, WordBot

BEGINNER_SLIPS = 1 / 4  # a beginner lays a card at random this often
BEGINNER_FORGETS = 1 / 6  # and lets this share of its proposals go under a secret stack, where it remembers cards


def just_refused(previous: Sequence[str]) -> set[str]:
    """The word the last proposal had refused (none, or one), from its events as the view keeps them."""
    return {e.word for e in map(parse_event, previous) if isinstance(e, Refused)}


def cheapest(legal: Sequence[str], rng: random.Random) -> str:
    """Its least valuable card that fits (ties at random)."""
    return min(legal, key=lambda a: (LETTER_VALUES[a.split()[1][0]], rng.random())) if legal else ""


def suggested(view: BeloteView, legal: Sequence[str], lexicon: Lexicon, level: str = BEGINNER) -> str:
    """The first word suggested that a bot of ``level`` knows (:mod:`.vocabulary`) but the one the table has just
    refused, else pass.

    A guess at a secret stack changes little from one turn to the next: without this a bot refused a word
    proposes it again at its next turn. ``previous`` may be the last deal's closing proposal: skipping its
    word at this deal's first proposal costs at most one suggestion."""
    refused = just_refused(view.previous)
    return next((a for a in legal if not (a.startswith("propose ") and (a.split()[1] in refused
                                                                        or not knows(lexicon, level, a.split()[1])))), "")


def guessing(view: BeloteView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
    """Proposes the best word it expects the table to make (the first suggested) but the one the table has
    just refused, else passes; lays its least valuable card that fits. It decides from its view alone, as
    the suggestions are made."""
    if view.stage == Stage.LAY:
        return cheapest(legal, rng)
    return suggested(view, legal, lexicon)


class Memory:
    """What one seat knows of the table, card by card (None: laid while it was not looking), from the views it is
    shown at its decisions: under a secret stack, the top card at each look; the card it laid itself (gone from
    its hand since its last look, where the table ended then); with ``shown``, the whole stack each proposal shows
    (``previous``), less the cards taken. An open table: every card. Forgotten at each new deal."""

    def __init__(self, shown: bool = True) -> None:
        self.shown = shown
        self.deal = 0
        self.previous: tuple[str, ...] = ()
        self.cards: list[Card | None] = []
        self.hand: list[Card] = []
        self.laid_at: int | None = None  # where the card it lays at this decision goes

    def look(self, view: BeloteView) -> list[Card]:
        """The cards it knows lie on the table now, after this look."""
        seat = view.seat
        assert seat is not None
        hand = [c for c in view.hands[seat] if isinstance(c, Card)]
        if view.deal != self.deal:  # a new deal: a proposal shown now was the last deal's
            self.deal, self.previous, self.cards, self.hand, self.laid_at = view.deal, view.previous, [], hand, None
        elif view.previous != self.previous:  # a proposal showed the stack, its own card in it
            self.previous = view.previous
            if self.shown:
                self._shown(view.previous)
            else:  # what it knew may be taken: it holds to what it sees from now on
                self.cards = []
            self.laid_at = None
        table = view.table
        if len(self.cards) > len(table):  # taken while it was not looking, and not shown: what lies is unknown
            self.cards = [None] * len(table)
        self.cards += [None] * (len(table) - len(self.cards))
        laid = list((Counter(self.hand) - Counter(hand)).elements())
        if self.laid_at is not None and len(laid) == 1 and self.laid_at < len(self.cards):
            self.cards[self.laid_at] = laid[0]
        self.hand = hand
        self.laid_at = len(table) if view.stage == Stage.LAY and view.to_act == seat else None
        for i, card in enumerate(table):  # what it sees (the top card, or an open table's every card)
            if isinstance(card, Card):
                self.cards[i] = card
        return [c for c in self.cards if c is not None]

    def _shown(self, previous: Sequence[str]) -> None:
        """A proposal showed the stack: it is that, less the cards taken (each the earliest laid of its letter)."""
        events = list(map(parse_event, previous))
        stack = next((list(e.cards) for e in events if isinstance(e, Revealed)), None)
        if stack is None:
            return
        for event in events:
            if isinstance(event, Takes):
                for card in event.cards:
                    stack.remove(card)
        self.cards = list(stack)


class Remembering:
    """A bot with its memory of the table (one seat's): it proposes the best word it knows (at its ``level``, of
    :mod:`.vocabulary`; intermediate unless told) of the cards it knows lie there, or passes, and lays its least
    valuable card that fits; ``strong``: it also memorizes the stack a proposal shows, knows every word, and lays
    the card that makes the best word; ``slips``: the share of its cards laid at random, ``forgets``: of its
    proposals under a secret stack let go (a beginner's)."""

    def __init__(self, strong: bool, *, level: str = INTERMEDIATE, slips: float = 0.0, forgets: float = 0.0) -> None:
        self.strong, self.slips, self.forgets = strong, slips, forgets
        self.level = STRONG if strong else level
        self.memory = Memory(shown=self.strong)

    def __call__(self, view: BeloteView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
        known = self.memory.look(view)
        policy = Policy.parse(view.policy)
        if view.stage == Stage.LAY:
            if legal and self.slips and rng.random() < self.slips:
                return rng.choice(list(legal))
            if not legal or not self.strong:
                return cheapest(legal, rng)
            worth = {a: best_word(lexicon, policy, view.word_length, [*known, Card.parse(a.split()[1])])[1]
                     for a in set(legal)}  # fmt: skip
            return max(legal, key=lambda a: (worth[a], -LETTER_VALUES[a.split()[1][0]], rng.random()))
        hidden = any(not isinstance(c, Card) for c in view.table)  # a secret stack: what it knows, it remembers
        if hidden and self.forgets and rng.random() < self.forgets:
            return "pass"
        word, points = best_word(lexicon, policy, view.word_length, known, None if self.strong else self.level)
        return f"propose {word}" if points else "pass"


def best_word(lexicon: Lexicon, policy: Policy, length: int, cards: Sequence[Card], level: str | None = None,
              but: Collection[str] = ()) -> tuple[str, int]:  # fmt: skip
    """The word of at least ``length`` letters worth most that ``cards`` make, and its worth ("", 0: none); with
    ``level``, the best a bot of that level knows (:mod:`.vocabulary`); ``but`` these words."""
    if len(cards) < length:
        return "", 0
    found = table_words(lexicon, cards, policy, length, 1 if level is None and not but else SEARCHED)
    return next(((w, p) for w, p in found if w not in but and (level is None or knows(lexicon, level, w))), ("", 0))


BOTS: dict[str, Callable[[], WordBot]] = {  # each at a person's pace (:mod:`.pace`)
    BEGINNER: lambda: Paced(Remembering(False, level=BEGINNER, slips=BEGINNER_SLIPS, forgets=BEGINNER_FORGETS),
                            BEGINNER),
    INTERMEDIATE: lambda: Paced(Remembering(False), INTERMEDIATE),
    STRONG: lambda: Paced(Remembering(True), STRONG),
}
