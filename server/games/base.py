"""The engine contract every game shares, and the text form of actions and events.

A game module exposes an options dataclass (frozen, validated, the rulebook's
defaults) and ``new_game(options, rng) -> State``; a State answers
``legal_actions(seat)``, ``apply(seat, action) -> list[Event]``, ``view(seat)``,
``is_over`` and ``result``. Engines do no I/O and never touch a global RNG.

Actions and events are frozen dataclasses registered with :func:`record`; their
text form is ``[pN] tag field...`` and round-trips:

>>> @record("demo")
... @dataclass(frozen=True)
... class Demo:
...     seat: Seat
...     amount: int
>>> str(Demo(2, 10)), parse_record("p2 demo 10", [Demo])
('p2 demo 10', Demo(seat=2, amount=10))
"""

from __future__ import annotations

import dataclasses
import json
import functools
import enum
import math
import random
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Mapping, NewType, Protocol, Sequence, TypeVar, get_args, get_origin

Seat = NewType("Seat", int)


class GameError(Exception):
    """An action the rules refuse now; ``reason`` is a stable code for clients."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class TextError(ValueError):
    """Text that is not an action, event, card or option value."""


class Back:
    """A hidden card or die, written ``??``: what a seat sees of a piece it may not know."""

    __slots__ = ()

    def __str__(self) -> str:
        return "??"

    def __repr__(self) -> str:
        return "Back()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Back)

    def __hash__(self) -> int:
        return 0

    @classmethod
    def parse(cls, text: str) -> Back:
        if text != "??":
            raise TextError(f"not a hidden piece: {text!r} (written ??)")
        return cls()


class Phrase(str):
    """Free text as a record's last field (a verdict's reason): every remaining word.

    >>> Phrase.from_words(["noun,", "masculine"])
    'noun, masculine'
    """

    @classmethod
    def from_words(cls, words: list[str]) -> Phrase:
        return cls(" ".join(words))


class OptionError(ValueError):
    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"{name}: {why}")
        self.name = name
        self.why = why


MAX_QUOTED = 40  # characters of a caller's input quoted back in an error


def quoted(text: str, limit: int = MAX_QUOTED) -> str:
    """A caller's input as an error quotes it: its repr, cut to a short prefix when long.

    >>> quoted("t-" + "a" * 100)
    "'t-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (102 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text)} characters)"


# -- the text form of records -------------------------------------------------

T = TypeVar("T")


def seat_text(seat: int) -> str:
    return f"p{seat}"


def parse_seat(text: str) -> Seat:
    if len(text) < 2 or text[0] != "p" or not text[1:].isdigit():
        raise TextError(f"not a seat: {text!r} (seats are p0, p1, ...)")
    return Seat(int(text[1:]))


def _field_codec(hint: Any) -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    """How one field is written and read back, from its type hint."""
    if hint is Seat:
        return seat_text, parse_seat
    if hint is int:

        def parse_int(text: str) -> int:
            try:
                return int(text)
            except ValueError:
                raise TextError(f"not a number: {text!r}") from None

        return str, parse_int
    if hint is str:
        return str, str
    if get_origin(hint) in (typing.Union, types.UnionType):
        codecs = [_field_codec(h) for h in get_args(hint)]

        def parse_any(text: str) -> Any:
            for _, parse in codecs:
                try:
                    return parse(text)
                except (TextError, ValueError):
                    continue
            raise TextError(f"cannot read {text!r}")

        return str, parse_any
    parse = getattr(hint, "parse", None)
    if parse is None:
        raise TypeError(f"no text form for {hint!r}")
    return str, parse


def _words_codec(hint: Any) -> tuple[bool, Callable[[Any], list[str]], Callable[[list[str]], Any]]:
    """How one field becomes words and back: one word, or (a tuple, a ``from_words`` type) every remaining word."""
    if hasattr(hint, "from_words"):
        return True, lambda v: str(v).split(), hint.from_words
    if get_origin(hint) is tuple:
        write, parse = _field_codec(get_args(hint)[0])
        return True, lambda v: [write(x) for x in v], lambda words: tuple(parse(w) for w in words)
    write, parse = _field_codec(hint)
    return False, lambda v: [write(v)], lambda words: parse(words[0])


class Record(Protocol):
    tag: ClassVar[str]


def record(tag: str) -> Callable[[type[T]], type[T]]:
    """Give a frozen dataclass the text form ``[pN] tag fields... [items...]``.

    A leading ``seat: Seat`` field is written first (``p2 pay``, as in PHH); a
    last ``tuple[X, ...]`` field takes every remaining word, as does a last field
    whose type reads itself from words (``from_words``).
    """

    def decorate(cls: type[T]) -> type[T]:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        seat_first = bool(fields) and hints[fields[0].name] is Seat
        # per field: its name, whether it takes the remaining words, value -> words, words -> value
        codecs: list[tuple[str, bool, Callable[[Any], list[str]], Callable[[list[str]], Any]]] = []
        for i, f in enumerate(fields):
            codecs.append((f.name, *_words_codec(hints[f.name])))
            if codecs[-1][1] and i != len(fields) - 1:
                raise TypeError(f"{cls.__name__}.{f.name}: only the last field may take several words")
        rest_field = bool(codecs) and codecs[-1][1]
        fixed = len(codecs) - rest_field

        def text(self: Any) -> str:
            words = [tag]
            for name, _, write, _ in codecs:
                words += write(getattr(self, name))
            if seat_first:
                words[0], words[1] = words[1], words[0]
            return " ".join(words)

        def parse_words(words: list[str]) -> Any:
            if seat_first and len(words) >= 2:
                words = [words[1], words[0], *words[2:]]
            if not words or words[0] != tag:
                raise TextError(f"not a {tag!r} record")
            rest = words[1:]
            if len(rest) < fixed or (len(rest) > fixed and not rest_field):
                raise TextError(f"{tag!r} takes {fixed} field(s), got {len(rest)}")
            try:
                values = [read([w]) for (_, _, _, read), w in zip(codecs[:fixed], rest)]
                if rest_field:
                    values.append(codecs[-1][3](rest[fixed:]))
            except TextError:
                raise
            except ValueError as e:  # a piece's own parser (a letter card's CardError): the record's text is bad
                raise TextError(str(e)) from None
            return cls(*values)

        cls.tag = tag  # type: ignore[attr-defined]
        cls.__str__ = text  # type: ignore[assignment]
        cls.parse_words = staticmethod(parse_words)  # type: ignore[attr-defined]
        return cls

    return decorate


def parse_record(text: str, kinds: Iterable[type[T]]) -> T:
    """Read ``text`` as one of ``kinds`` (each made with :func:`record`)."""
    words = text.split()
    if not words:
        raise TextError("empty text")
    tag = words[1] if len(words) > 1 and words[0][:1] == "p" and words[0][1:].isdigit() else words[0]
    for kind in kinds:
        if kind.tag == tag:  # type: ignore[attr-defined]
            return kind.parse_words(words)  # type: ignore[attr-defined,no-any-return]
    raise TextError(f"unknown {quoted(tag)} in {quoted(text)}")


def parser(kinds: Sequence[type[T]]) -> Callable[[str], T]:
    """A game's reader of its action (or event) text: one of ``kinds`` (each made with :func:`record`).

    >>> parse = parser([Hand, Out])
    >>> parse("hand 2 p1"), parse("p3 out")
    (Hand(number=2, button=1), Out(seat=3))
    """
    return functools.partial(parse_record, kinds=tuple(kinds))


# -- events every game shares ---------------------------------------------------------


@record("hand")
@dataclass(frozen=True)
class Hand:
    """A new hand (deal, round) and its dealer."""

    number: int
    button: Seat


@record("out")
@dataclass(frozen=True)
class Out:
    """A player with nothing left leaves the game."""

    seat: Seat


@record("champions")
@dataclass(frozen=True)
class Champions:
    """The game is over: its winners (several when tied)."""

    seats: tuple[Seat, ...]


# -- options --------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def option_fields(cls: type) -> dict[str, Any]:
    return {f.name: typing.get_type_hints(cls)[f.name] for f in dataclasses.fields(cls)}


def _parse_option(name: str, hint: Any, text: str) -> Any:
    try:
        if hint is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if hint in (int, float, str):
            return hint(text)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint(text)
        if get_origin(hint) is tuple:
            return tuple(_parse_option(name, get_args(hint)[0], t.strip()) for t in text.split(",") if t.strip())
    except ValueError:
        pass
    else:
        raise TypeError(f"option {name}: unsupported type {hint!r}")
    choices = f" (one of {', '.join(m.value for m in hint)})" if isinstance(hint, type) and issubclass(hint, enum.Enum) else ""
    raise OptionError(name, f"{quoted(text)} is not a valid {getattr(hint, '__name__', hint)}{choices}")


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ",".join(option_text(v) for v in value)
    return str(value)


O = TypeVar("O")
N = TypeVar("N")
E = TypeVar("E", bound=enum.Enum)

# Most numbers an option takes, shared by the games: a table's work grows with them (its lists of bets,
# its rounds, its clocks), so nobody may ask for more than a game ever needs.
MOST_CHIPS = 1_000_000  # chips, points, stakes
MOST_ROUNDS = 100
MOST_SECONDS = 3600  # a decision's time
MOST_MINUTES = 1440  # a game's clock: a day
MAX_LIST = 100  # values in a list option (a DAKER deck has 21)

# A range's bound: a number, or a function of the options when another option decides it (an exchange's cap: the hand).
Bound = float | Callable[[Any], float]


@dataclass(frozen=True)
class Range:
    """The least and the most a number option (each number of a list option) may be.

    The one declaration of an option's range: the options' checks refuse what is outside it, and
    ``ListVariants`` advertises it (:func:`option_specs`). ``why`` follows the bound in an error.
    """

    least: Bound
    most: Bound
    why: str = ""

    def bounds(self, options: Any) -> tuple[float, float]:
        """The range for these options (the other options decide a bound that depends on them)."""
        least, most = (b(options) if callable(b) else b for b in (self.least, self.most))
        return least, most


def number(default: N, least: Bound, most: Bound, why: str = "") -> N:
    """A number option's field (or a list of numbers'): its default and its :class:`Range`."""
    return dataclasses.field(default=default, metadata={"range": Range(least, most, why)})


def choice(default: E, allowed: Iterable[E]) -> E:
    """A choice option's field that allows only some of its enum's values (DAKER's limits, without the spread)."""
    return dataclasses.field(default=default, metadata={"choices": tuple(allowed)})


@functools.lru_cache(maxsize=None)
def option_ranges(cls: type) -> dict[str, Range]:
    return {f.name: f.metadata["range"] for f in dataclasses.fields(cls) if "range" in f.metadata}


@functools.lru_cache(maxsize=None)
def option_choices(cls: type) -> dict[str, tuple[enum.Enum, ...]]:
    """Each choice option's allowed values: those its field names (:func:`choice`), else every value of its enum."""
    hints = option_fields(cls)
    return {f.name: f.metadata.get("choices") or tuple(hints[f.name]) for f in dataclasses.fields(cls)
            if isinstance(hints[f.name], type) and issubclass(hints[f.name], enum.Enum)}  # fmt: skip


@dataclass(frozen=True)
class Options:
    """The base of every game's options dataclass: each number within its declared :class:`Range`.

    A subclass's ``__post_init__`` calls this one before its own checks (those across options
    that no range says). Options changed from their defaults are checked first: where one's bound
    depends on another (awards_to_win and awards_total), the error names the one the caller changed.
    """

    def __post_init__(self) -> None:
        for name, allowed in option_choices(type(self)).items():
            if getattr(self, name) not in allowed:
                raise OptionError(name, f"one of {', '.join(str(c.value) for c in allowed)}")
        defaults = {f.name: f.default for f in dataclasses.fields(self)}
        ranges = option_ranges(type(self))
        for name in sorted(ranges, key=lambda name: getattr(self, name) == defaults[name]):
            value = getattr(self, name)
            for v in value if isinstance(value, tuple) else (value,):
                _within(name, v, ranges[name], self)


def _within(name: str, value: float, limits: Range, options: Any) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise OptionError(name, f"{value} is not a finite number")
    least, most = limits.bounds(options)
    why = f" ({limits.why})" if limits.why else ""
    if value < least:
        raise OptionError(name, f"at least {_number(least)}{why}")
    if value > most:
        raise OptionError(name, f"at most {_number(most)}{why}")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def parse_options(cls: type[O], values: dict[str, str]) -> O:
    """Build an options dataclass from ``KEY=VALUE`` strings; unknown keys and numbers out of range are errors."""
    fields = option_fields(cls)
    for name in values:
        if name not in fields:
            raise OptionError(name, f"unknown option (known: {', '.join(fields)})")
    parsed = {name: _parse_option(name, fields[name], text) for name, text in values.items()}
    for name, value in parsed.items():  # before the class's checks work through a list
        if isinstance(value, tuple) and len(value) > MAX_LIST:
            raise OptionError(name, f"at most {MAX_LIST} values")
    return cls(**parsed)


@dataclass(frozen=True)
class OptionSpec:
    """What a client needs to offer an option: its kind, default, and allowed values (for a form)."""

    name: str
    kind: str  # boolean, integer, number, text, choice, list
    default: str
    choices: tuple[str, ...] = ()
    least: str = ""  # numbers: the range for the defaults, as the errors name it
    most: str = ""
    # Numbers: the range where another option takes another value (DAKER's players in mode=draw): each as
    # (that option, its value, least, most), for every choice value that changes the range.
    ranges: tuple[tuple[str, str, str, str], ...] = ()


def option_specs(cls: type, defaults: Any) -> list[OptionSpec]:
    """Every option of an options class, with ``defaults`` (an instance of it) as the defaults.

    A number's range is its :class:`Range` for these defaults: every number in it is accepted with
    the other options as they are, and none outside it.

    >>> @dataclass(frozen=True)
    ... class Rules(Options):
    ...     players: int = number(4, 2, 6)
    ...     bots: int = number(0, 0, lambda rules: rules.players - 1)
    >>> option_specs(Rules, Rules())[1]
    OptionSpec(name='bots', kind='integer', default='0', choices=(), least='0', most='3', ranges=())
    """
    specs = []
    ranges = option_ranges(cls)
    allowed = option_choices(cls)
    for name, hint in option_fields(cls).items():
        if hint is bool:
            kind = "boolean"
        elif name in allowed:
            kind = "choice"
        else:
            kind = "list" if get_origin(hint) is tuple else {int: "integer", float: "number"}.get(hint, "text")
        choices = tuple(str(m.value) for m in allowed[name]) if kind == "choice" else ()
        least, most, other = "", "", ()
        if name in ranges:
            least, most = map(_number, ranges[name].bounds(defaults))
            other = _ranges_when(ranges[name], defaults, allowed)
        specs.append(OptionSpec(name, kind, option_text(getattr(defaults, name)), choices, least, most, other))
    return specs


def _ranges_when(limits: Range, defaults: Any, allowed: dict[str, tuple[enum.Enum, ...]],
                 ) -> tuple[tuple[str, str, str, str], ...]:  # fmt: skip
    """A number's range where a choice option takes another of its values, for each value that changes it."""
    found = []
    usual = limits.bounds(defaults)
    for option, values in allowed.items():
        for value in values:
            if value != getattr(defaults, option) and (bounds := limits.bounds(_Changed(defaults, option, value))) != usual:
                found.append((option, str(value.value), *map(_number, bounds)))
    return tuple(found)


class _Changed:
    """``options`` with one option read as ``value`` instead: what a range depending on it says then (the options
    themselves may refuse that value with the others at their defaults, so none is built)."""

    def __init__(self, options: Any, name: str, value: Any) -> None:
        self._options, self._name, self._value = options, name, value

    def __getattr__(self, attribute: str) -> Any:
        return self._value if attribute == self._name else getattr(self._options, attribute)


def options_dict(options: Any) -> dict[str, str]:
    """The text form of every option, the inverse of :func:`parse_options`."""
    return {f.name: option_text(getattr(options, f.name)) for f in dataclasses.fields(options)}


# -- the engine contract -----------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """How a game ended: its champions, and each game's own totals in a record of its own (its fields are the
    typed result message's, ``PokerChampResult``...: tests/test_games.py holds them together). Stored and sent
    as JSON by :func:`jsonable`."""

    champions: tuple[int, ...]


class State(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    def legal_actions(self, seat: int | None) -> list[Any]: ...
    def hints(self, seat: int) -> list[Any]: ...
    def apply(self, seat: int | None, action: Any) -> list[Any]: ...
    def view(self, seat: int | None) -> Any: ...
    def redact(self, event: Any, seat: int | None) -> Any: ...
    def pending(self) -> list[int]: ...
    def default_action(self, seat: int) -> Any: ...
    def time_limit(self, seat: int) -> float | None: ...
    def claimants(self) -> list[int]: ...
    @property
    def hand_number(self) -> int: ...


class EngineState:
    """What every engine's state shares; a subclass has ``options.players``, ``champions`` and ``_refusal``."""

    options: Any
    champions: tuple[int, ...]

    @property
    def players(self) -> int:
        return int(self.options.players)

    @property
    def is_over(self) -> bool:
        return bool(self.champions)

    def _refusal(self, seat: int | None, action: Any) -> GameError | None:
        raise NotImplementedError

    def apply(self, seat: int | None, action: Any) -> list[Any]:
        """Make ``action`` for ``seat`` (None: the rules' own move, such as time up) and return the events it made;
        a :class:`GameError`, and nothing changed, when the rules refuse it (the check :meth:`can_apply` and
        ``legal_actions`` share)."""
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal
        return self._apply(seat, action)

    def _apply(self, seat: int | None, action: Any) -> list[Any]:
        """The game's own move, once the rules allow it."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None) -> list[Any]:
        raise NotImplementedError

    def _seen_by(self, seat: int | None) -> dict[str, Any]:
        """What every game's view holds, filled here once: whose view it is, that seat's legal moves as text (none
        for a spectator), whether the game is over and who won it. ``View(**self._seen_by(seat), ...)``."""
        legal = () if seat is None else tuple(str(a) for a in self.legal_actions(seat))
        return {"seat": seat, "legal": legal, "over": self.is_over, "champions": self.champions}

    def time_limit(self, seat: int) -> float | None:
        """Seconds the rules give this seat's decision; None: the table's own decision time."""
        return None

    def claimants(self) -> list[int]:
        """Seats that may act now out of turn (a claim in a race), besides the pending ones."""
        return []

    def hints(self, seat: int) -> list[Any]:
        """The legal actions that answer this seat's puzzle (the best words, the solver's set), best first,
        found from what the seat sees alone; ``legal_actions`` lists them too. A table without hints
        withholds them from its players: finding them is the game. Games of chance have none."""
        return []

    def can_apply(self, seat: int | None, action: Any) -> bool:
        """The legality check that ``apply`` and ``legal_actions`` share."""
        return self._refusal(seat, action) is None

    def redact(self, event: Any, seat: int | None) -> Any:
        raise NotImplementedError

    def redact_all(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        return [self.redact(e, seat) for e in events]


Bot = Callable[[Any, Sequence[str], random.Random], str]  # (the engine's view for the seat, its legal moves, an RNG)


@dataclass(frozen=True)
class Review:
    """What a finished hand allowed one seat, found from what that seat saw of it (its own cards alone)."""

    best: tuple[Any, ...]  # the moves that answered its puzzle, best first (the best words, the solver's set)
    played: Any | None  # the move it made instead (the word it laid, the set it made); None: none


# A game whose hands are puzzles reviews them once over: ``review(state, events, seat)``, ``events`` being the
# hand's as ``seat`` saw them (redacted for it). The state lends the game's options and lexicon, not its hands.
Reviewer = Callable[[Any, Sequence[Any], int], Review]

# A lexicon by name (a ``brelan.lexicon.lexicon.Lexicon``); LookupError when there is none of that name.
Lexicons = Callable[[str], Any]


@dataclass(frozen=True)
class Facts:
    """What a game is, declared next to it (OpenSpiel's ``_GAME_TYPE``), for the platform and every client to read
    (``VariantInfo``) rather than guess. tests/test_games.py holds each to the game's own parts."""

    judges_words: bool = False  # its moves are words a lexicon judges (it is played with a lexicon bound in)
    realtime: bool = False  # played in real time: a move (a claim) may come out of turn, the bots' pace is the game's
    team_size: int = 0  # seats to a team (partners opposite), 0: each seat plays for itself
    reviews_hands: bool = False  # a finished hand is a puzzle its seats may look at again (ReviewHand)
    round_name: str = "hand"  # what its rounds are called: "hand", "deal", or "" (it has none: bataille)


@dataclass(frozen=True)
class Variant:
    """What the platform needs to know of a game: the registry's entries."""

    name: str
    title: str
    options: type
    new_game: Callable[[Any, random.Random], State]
    parse_action: Callable[[str], Any]
    parse_event: Callable[[str], Any]
    bot: Bot
    # True when the engine's view (a spectator's is enough) shows chips (or points, cards) conserved.
    conserved: Callable[[Any], bool]
    # Whether an event opens a new hand (a deal, a round): hand histories are cut there.
    starts_hand: Callable[[Any], bool]
    # The seats a table of these options has.
    seats: Callable[[Any], int] = lambda options: int(options.players)
    # Seconds the whole game may last (a chrono game), after which the table applies
    # the engine's system action (seat None); None: no game clock.
    game_seconds: Callable[[Any], float | None] = lambda options: None
    # Builds what the engine caches (lookup tables), so the first game does not wait for it.
    warm: Callable[[], None] = lambda: None
    # Applying a move (or the default one) and listing the legal ones take microseconds: a table does it on the event
    # loop, where handing it to the engine's thread and back would cost more than the work (its bots still decide
    # off the loop: an equity estimate may take tens of milliseconds).
    light_moves: bool = False
    # An RNG that deals given cards or dice first (a transcript's "# stack:"), then plays fair from the seed.
    stacked_rng: Callable[[str, str], random.Random] | None = None
    # A game that judges words: this variant with its games and bots given their lexicons
    # (set on bound variants too: it says the game judges words). An unbound word game cannot start.
    bind: Callable[[Lexicons], Variant] | None = None
    # A real-time game: its bots act this many seconds (table clock) after a decision opens for them,
    # claims included, and a bot may answer "" (nothing to do now); None: bots act on their turn.
    bot_seconds: Callable[[Any], float] | None = None
    # After a hand, what it allowed a seat (the best words, the solver's set): see :data:`Reviewer`. None: the
    # game reviews no hand (no puzzle made of a seat's own cards alone).
    review: Reviewer | None = None
    # Every way the game is played, each with options for a short game (as text, as CreateTable takes them): the
    # consistency test (tests/test_games.py) plays each. Keyed by the value of ``mode_option`` ("" when the game
    # has one way); a game with none declared fails that test.
    modes: Mapping[str, Mapping[str, str]] = dataclasses.field(default_factory=dict)
    # The choice option that picks the mode (DAKER's "mode", Chinese poker's "style"); "": none.
    mode_option: str = ""
    facts: Facts = Facts()
    # The class of its engine's views (``State.view``): what its bots decide on, and what a client rebuilds a JSON
    # view into (:func:`from_jsonable`). The consistency test holds every view to it.
    view_type: type = object

    @property
    def realtime(self) -> bool:
        return self.facts.realtime

    def make_options(self, values: dict[str, str]) -> Any:
        return parse_options(self.options, values)

    def view_from_json(self, text: str) -> Any:
        """The engine's view a JSON view (``GetViewResponse.view``, sent when asked) was made of: what a client's
        bot decides on, as the table's own bots do."""
        return from_jsonable(self.view_type, json.loads(text))


def jsonable(value: Any) -> Any:
    """A view (or result) as plain JSON values: anything with a text form (cards, backs) becomes its text."""
    kind = type(value)
    convert = _CONVERTERS.get(kind)
    if convert is None:
        convert = _CONVERTERS[kind] = _converter(kind)
    return convert(value)


_PLAIN = frozenset((bool, int, float, str, type(None)))


def _converter(kind: type) -> Callable[[Any], Any]:
    if kind in _PLAIN:
        return lambda v: v
    if kind in (tuple, list):
        return lambda v: [x if type(x) in _PLAIN else jsonable(x) for x in v]
    if hasattr(kind, "parse"):
        return str
    if kind is dict:
        return lambda v: {str(k): jsonable(x) for k, x in v.items()}
    if issubclass(kind, enum.Enum):
        return lambda v: v.value
    if dataclasses.is_dataclass(kind):
        names = tuple(kind.__dataclass_fields__)

        def fields(v: Any) -> dict[str, Any]:
            out = {}
            for name in names:
                x = getattr(v, name)
                out[name] = x if type(x) in _PLAIN else jsonable(x)
            return out

        return fields
    return str


_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


def from_jsonable(kind: Any, value: Any) -> Any:
    """The ``kind`` value (a view, a record, a card...) that :func:`jsonable` made ``value`` of, read by its type
    hints: what a client rebuilds the engine's view from (its bots decide on it, as the table's own do).

    >>> from brelan.server.games.cards import Card
    >>> from_jsonable(tuple[Card, ...], ["As", "Td"])
    (Card('As'), Card('Td'))
    >>> from_jsonable(dict[str, int | None], {"a": 1, "b": None})
    {'a': 1, 'b': None}
    """
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any:
        return value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], item) for item in value)
        return tuple(from_jsonable(a, item) for a, item in zip(args, value, strict=True))
    if origin in (list, set, frozenset):
        return origin(from_jsonable(args[0], item) for item in value)
    if origin in (dict, Mapping):
        key, item = args
        return {from_jsonable(key, k): from_jsonable(item, v) for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):  # a card or a back, a number or None: the first that reads it
        for option in args:
            try:
                return from_jsonable(option, value)
            except (ValueError, TypeError, KeyError):
                continue
        raise ValueError(f"{value!r} is none of {kind}")
    if kind is type(None):
        if value is not None:
            raise TypeError(f"{value!r} is not None")
        return None
    if isinstance(kind, type):
        if hasattr(kind, "parse") and isinstance(value, str):
            return kind.parse(value)
        if issubclass(kind, enum.Enum):
            return kind(value)
        if dataclasses.is_dataclass(kind) and isinstance(value, dict):
            hints = _hints(kind)
            return kind(**{f.name: from_jsonable(hints[f.name], value[f.name])
                           for f in dataclasses.fields(kind) if f.init})  # fmt: skip
        if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return value
    if getattr(kind, "__supertype__", None) is not None:  # a NewType: its base's value
        return from_jsonable(kind.__supertype__, value)
    raise TypeError(f"{value!r} is not a {kind}")


@functools.lru_cache(maxsize=None)
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)
