"""What the AlphaPoker games share: the words a table admits, and words made of table cards.

- :class:`WordRules`, the base of every AlphaPoker options class: the lexicon a
  table judges by and its house rules (the rulebook's by default).
- :class:`Judged`, the first event of every such game, naming the lexicon, its
  version and the house rules, so a replay can tell it judges alike.
- :func:`word_game`, which makes a variant take its lexicons (``Variant.bind``).
- :class:`TableWord` and :func:`take`: in bataille and belote a word is proposed
  from the cards lying on the table. ``CH?IEN`` is CHIEN with its I taken by a
  joker; a letter the table lacks is taken by a joker when one lies there.

>>> table = [Card.parse(t) for t in "Er Cb ?b Hr Nr Ib".split()]
>>> [str(table[i]) for i in take(TableWord.parse("chien"), table).cards]
['Cb', 'Hr', 'Ib', 'Er', 'Nr']
>>> take(TableWord.parse("CH?IEN"), table).cards, take(TableWord.parse("niche"), table[:3]).missing
([1, 3, 2, 0, 4], 'IH')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from brelan.lexicon.cards import JOKER, LETTER_VALUES, MAX_HAND, Card
from brelan.lexicon.fold import fold
from brelan.lexicon.lexicon import Lexicon, Refusal, Verdict
from brelan.lexicon.readings import Policy, PolicyError
from brelan.lexicon.search import table_words
from brelan.lexicon.store import DEFAULT_LEXICON, check_name

from .cards import StackedDeck
from .base import Back, Bot, Lexicons, OptionError, Options, Phrase, Seat, TextError, Variant, number, record


JOKER_POINTS = 10  # a joker's worth in bataille ("le joker ... prend la valeur de 10 points")


@dataclass(frozen=True)
class WordRules(Options):
    """The lexicon and house rules for admissible words; the defaults are the rulebook's."""

    lexicon: str = DEFAULT_LEXICON
    conjugated: bool = False
    compound: bool = False
    proper: bool = False
    pronoun: bool = False
    interjection: bool = False
    min_length: int = number(3, 1, MAX_HAND, "letters")  # no longer word is searched

    def __post_init__(self) -> None:
        super().__post_init__()
        try:
            check_name(self.lexicon)
            self.policy
        except ValueError as e:
            raise OptionError("min_length" if isinstance(e, PolicyError) else "lexicon", str(e)) from None

    @property
    def policy(self) -> Policy:
        return Policy(self.conjugated, self.compound, self.proper, self.pronoun, self.interjection,
                      min_length=self.min_length)  # fmt: skip


@record("lexicon")
@dataclass(frozen=True)
class Judged:
    """The lexicon (name, version) and house rules words are judged by: a replay needs the same."""

    name: str
    version: str
    policy: str

    @classmethod
    def of(cls, lexicon: Lexicon, options: WordRules) -> Judged:
        return cls(lexicon.name, lexicon.version, str(options.policy))


@record("admitted")
@dataclass(frozen=True)
class Admitted:
    """A word proposed from the table is admitted, and why (its reading)."""

    seat: Seat
    word: str
    reason: Phrase


@record("refused")
@dataclass(frozen=True)
class Refused:
    """A word not admitted (or not makeable, or no word: ``-``), why by its code (what a client words in its
    language), and the reason in English: ``p1 refused CHIENNE not-on-table not on the table: N E``."""

    seat: Seat
    word: str
    code: Refusal
    reason: Phrase

    @classmethod
    def of(cls, seat: int, word: str, verdict: Verdict) -> Refused:
        """The lexicon's refusal of ``word``, laid or claimed by ``seat``."""
        assert verdict.code is not None, "a verdict with its reason (Lexicon.verdict) tells its code"
        return cls(Seat(seat), word, verdict.code, Phrase(verdict.reason))

    @classmethod
    def no_word(cls, seat: int) -> Refused:
        """``seat`` laid or claimed no word at all."""
        return cls(Seat(seat), "-", Refusal.NO_WORD, Phrase("no word"))


def refused_before_codes(text: str) -> str | None:
    """A refusal's text as a log wrote it before refusals told their code, or None for any other event: tables
    in play across that upgrade replay their logs.

    >>> refused_before_codes("p1 refused QUINT not-in-lexicon not in the lexicon")
    'p1 refused QUINT not in the lexicon'
    """
    words = text.split(" ", 4)
    if len(words) < 4 or words[1] != "refused" or words[3] not in set(Refusal):
        return None
    return " ".join(words[:3] + words[4:])


@record("lays")
@dataclass(frozen=True)
class Played:
    """A card laid face up on the table (hidden in secret belote, where only the top card shows)."""

    seat: Seat
    card: Card | Back


@record("takes")
@dataclass(frozen=True)
class Takes:
    """Table cards to this player's won cards (in belote, his team's)."""

    seat: Seat
    cards: tuple[Card, ...]


@record("pass")
@dataclass(frozen=True)
class Pass:
    """No word now (a bataille's last call, a belote proposal)."""


@record("passes")
@dataclass(frozen=True)
class Passed:
    seat: Seat


# A word game's bot: one seat's, given the lexicon its table judges by as a fourth argument (it searches words itself).
WordBot = Callable[[Any, Sequence[str], random.Random, Lexicon], str]


def word_game(variant: Variant, new_game: Callable[..., Any],
              bots: Mapping[str, Callable[[], WordBot]] | None = None) -> Variant:  # fmt: skip
    """``variant`` as a word game: ``bind(lexicons)`` gives it its lexicons.

    Bound, ``new_game(options, rng, lexicon=...)`` gets the lexicon the options
    name, and each level's bot (``bots``: a maker per level of bots called
    ``bot(view, legal, rng, lexicon)``) the one the view names. Unbound, it
    refuses to start (:func:`unbound`) and lists its levels, whose bots cannot play.
    """

    def bind(lexicons: Lexicons) -> Variant:
        def given(make: Callable[[], WordBot]) -> Callable[[], Bot]:
            return lambda: WithLexicon(make(), lexicons)

        return replace(game, new_game=lambda options, rng: new_game(options, rng, lexicon=lexicons(options.lexicon)),
                       bots={level: given(make) for level, make in (bots or {}).items()})  # fmt: skip

    game = replace(variant, new_game=unbound, bind=bind, bots={level: unbound for level in bots or {}})
    return game


class WithLexicon:
    """A word game's bot with its lexicons given: called as every bot is (the view names its lexicon). A real-time
    game's bot that has a pace (:class:`.pace.Paced`) tells it: ``seconds(view, move, reaction)``."""

    def __init__(self, bot: WordBot, lexicons: Lexicons) -> None:
        self.bot, self.lexicons = bot, lexicons

    def __call__(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        return self.bot(view, legal, rng, self.lexicons(view.lexicon))

    def seconds(self, view: Any, move: str, reaction: float) -> float:
        """The seconds a person at its level takes over ``move``, from when it became possible; 0: no pace."""
        pace = getattr(self.bot, "seconds", None)
        return 0.0 if pace is None else float(pace(view, move, reaction, self.lexicons(view.lexicon)))


def unbound(*_: Any) -> Any:
    """What an unbound word game does when asked to play: it cannot judge words."""
    raise LookupError("this game judges words: get it with a lexicon (registry.playable)")


class StackedLetters(StackedDeck):
    """Letter cards dealt first: a transcript's ``# stack:`` (each shuffle takes the next deal)."""

    parse_deal = staticmethod(lambda text: [Card.parse(t) for t in text.split()])


# -- words made of table cards ----------------------------------------------------------------


@dataclass(frozen=True)
class TableWord:
    """A word proposed from the table: its letters, and which of them a joker must give.

    Written in capitals, ``?X`` for a letter taken by a joker; ``-`` is no word
    at all (a bataille claim with nothing to say).
    """

    letters: str
    jokers: frozenset[int] = frozenset()

    def __str__(self) -> str:
        if not self.letters:
            return "-"
        return "".join(JOKER + c if i in self.jokers else c for i, c in enumerate(self.letters))

    def __bool__(self) -> bool:
        return bool(self.letters)

    def __len__(self) -> int:
        return len(self.letters)

    @classmethod
    def parse(cls, text: str) -> TableWord:
        if text == "-":
            return cls("")
        letters: list[str] = []
        jokers = set()
        joker = False
        for char in text:
            if char == JOKER and not joker:
                joker = True
                continue
            letter = fold(char)
            if len(letter) != 1 or letter not in LETTER_VALUES:
                raise TextError(f"not a word: {text!r} (letters A-Z, ?X for a joker as X, or - for none)")
            if joker:
                jokers.add(len(letters))
                joker = False
            letters.append(letter)
        if joker or not letters:
            raise TextError(f"not a word: {text!r} (a ? is followed by the letter the joker stands for)")
        return cls("".join(letters), frozenset(jokers))


@dataclass(frozen=True)
class Taken:
    """Which table cards make a word (indexes into the table, in the word's order), and the letters none gives."""

    cards: list[int]
    missing: str

    @property
    def makeable(self) -> bool:
        return not self.missing

    def lift(self, table: Sequence[Card]) -> tuple[list[Card], list[Card]]:
        """The word's cards, in the word's order, and the table left without them."""
        chosen = set(self.cards)
        return [table[i] for i in self.cards], [c for i, c in enumerate(table) if i not in chosen]


def card_points(cards: Sequence[Card]) -> int:
    """What cards taken are worth at the end of a bataille or a belote deal: letter values, a joker 10."""
    return sum(JOKER_POINTS if c.is_joker else LETTER_VALUES[c.letter] for c in cards)


def take(word: TableWord, table: Sequence[Card]) -> Taken:
    """The table cards a word takes: for each letter the earliest laid card of it, else the earliest joker.

    A letter written ``?X`` takes a joker. The letters no card can give are ``missing``.
    """
    free = list(range(len(table)))
    picked: list[int | None] = []
    for i, letter in enumerate(word.letters):
        wanted = JOKER if i in word.jokers else letter
        pick = next((j for j in free if table[j].letter == wanted), None)
        if pick is not None:
            free.remove(pick)
        picked.append(pick)
    missing = []
    for i, pick in enumerate(picked):  # letters the table lacks: a joker left over gives them
        if pick is None:
            joker = next((j for j in free if table[j].is_joker), None) if i not in word.jokers else None
            if joker is None:
                missing.append(word.letters[i])
            else:
                free.remove(joker)
                picked[i] = joker
    return Taken([p for p in picked if p is not None], "".join(missing))


def judge(lexicon: Lexicon, policy: Policy, seat: int, word: TableWord, taken: Taken) -> Admitted | Refused:
    """A proposed word's verdict: not makeable from the table, or the lexicon's reading of it."""
    if taken.missing:
        missing = " ".join(taken.missing)
        return Refused(Seat(seat), str(word), Refusal.NOT_ON_TABLE, Phrase(f"not on the table: {missing}"))
    verdict = lexicon.verdict(word.letters, policy)
    if not verdict.admissible:
        return Refused.of(seat, str(word), verdict)
    return Admitted(Seat(seat), str(word), Phrase(verdict.reason))


class BestOnTable:
    """The best words the cards on a table make (for the legal list and the bots), kept until the table changes."""

    def __init__(self, lexicon: Lexicon, policy: Policy, min_length: int, top_k: int = 3) -> None:
        self.lexicon, self.policy, self.min_length, self.top_k = lexicon, policy, min_length, top_k
        self.table: tuple[Card, ...] | None = None
        self.words: list[TableWord] = []

    def __call__(self, table: Sequence[Card]) -> list[TableWord]:
        if tuple(table) != self.table:
            self.table = tuple(table)
            found = table_words(self.lexicon, table, self.policy, self.min_length, self.top_k)
            self.words = [TableWord(word) for word, _ in found]
        return self.words
