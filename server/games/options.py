"""Options: a game's variants and house rules as a frozen, validated dataclass with the rulebook's defaults, their
text form (what CreateTable takes) and what a client is told of each (kind, range, choices)."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import typing
from dataclasses import dataclass
from typing import Any, Callable, Iterable, TypeVar, get_args, get_origin

from .records import quoted


class OptionError(ValueError):
    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"{name}: {why}")
        self.name = name
        self.why = why


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
