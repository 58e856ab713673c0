"""The text form of actions and events, and the JSON form of views and results: what every game's records share.

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
import enum
import functools
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Mapping, NewType, Protocol, Sequence, TypeVar, get_args, get_origin

Seat = NewType("Seat", int)


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
    whose type reads itself from words (``from_words``). A last ``bool`` field
    that defaults to False is a flag: its name is written when it is True, and
    nothing when False, so a record that gains one keeps its text where it is
    False (``p1 wins 2``, ``p1 wins 2 uncontested``).
    """

    def decorate(cls: type[T]) -> type[T]:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        flag = fields[-1].name if fields and hints[fields[-1].name] is bool and fields[-1].default is False else None
        if flag is not None:
            fields = fields[:-1]
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
            if flag is not None and getattr(self, flag):
                words.append(flag)
            return " ".join(words)

        def parse_words(words: list[str]) -> Any:
            if seat_first and len(words) >= 2:
                words = [words[1], words[0], *words[2:]]
            if not words or words[0] != tag:
                raise TextError(f"not a {tag!r} record")
            rest = words[1:]
            flagged = flag is not None and len(rest) > fixed and rest[-1] == flag
            if flagged:
                rest = rest[:-1]
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
            return cls(*values, *([flagged] if flag is not None else []))

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


# -- the JSON form of views and results ----------------------------------------------


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
