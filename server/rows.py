"""The log's rows, and how each is read from its columns by name: a row's fields are its columns, those of a
container type stored as JSON text, booleans as 0 and 1.

>>> row_of(LoggedAction, ("seat", "action", "action_id", "last_seq"), (1, "pay", "a-1", 4))
LoggedAction(seat=1, action='pay', action_id='a-1', last_seq=4)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .games.levels import DEFAULT_LEVEL

GAME_CLOCK = "table"  # the deadlines' key for the game clock (seat None)
R = TypeVar("R")


@dataclass(frozen=True)
class TableRow:
    table_id: str
    variant: str
    name: str
    options: dict[str, str]
    seed: str
    seed_sha256: str
    decision_seconds: float
    bot_seats: tuple[int, ...]
    started: bool
    finished: bool
    result: dict[str, Any] | None
    deadlines: dict[int | None, float] = field(default_factory=dict)  # seat (None: the game clock) -> when
    join_by: float | None = None  # before the deal: when the seats still empty forfeit (None: it waits on)
    set_aside: str | None = None  # why its log does not replay: it is not played, the others are
    created: float = 0.0  # wall clock, when it was made (the lobby's order)
    hints: bool = False  # its players may ask for hints, and its legal lists name the answers
    place: dict[str, Any] | None = None  # a tournament's game: where it stands (tournaments.Place's fields)
    pause_seconds: float = 0.0  # after each hand: its end shown this long before the next hand's decisions open
    create_id: str | None = None  # the caller's id of the CreateTable that made it: a retry answers this table
    chat_apart: bool = False  # its spectators' chat lines are shown to spectators only
    rematch: str | None = None  # the table its players made to play again after it
    bot_levels: tuple[str, ...] = ()  # by seat, the level of the bot playing it ("" past a row's end: the default)

    def level(self, seat: int) -> str:
        """The level of the bot at ``seat`` (one of bot_seats): the default for a table made before levels."""
        return (self.bot_levels[seat] if seat < len(self.bot_levels) else "") or DEFAULT_LEVEL

    def named(self, seat: int) -> str:
        """The name a seat has before anyone sits there: its tournament player's (a bot's too), else none."""
        names = (self.place or {}).get("players") or ()
        return str(names[seat]) if seat < len(names) else ""


@dataclass(frozen=True)
class ChatLine:
    """A line said at a table, by a seat's player or a spectator (``seat`` None)."""

    n: int  # the table's lines in order, from 1
    seq: int  # the table's seq when it was said: where a replay shows it
    seat: int | None
    name: str
    text: str
    at: float  # wall clock

    def seen_by(self, seat: int | None, apart: bool) -> bool:
        """Whether a receiver (a seat, None: a spectator) is shown it: a spectator's line goes to spectators only
        at a table whose spectators chat apart."""
        return not (apart and self.seat is None and seat is not None)


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    hand: int
    actor: int | None
    action: str
    text: str


@dataclass(frozen=True)
class LoggedAction:
    seat: int | None
    action: str
    action_id: str
    last_seq: int


@dataclass(frozen=True)
class TournamentRow:
    tournament_id: str
    name: str
    format: str
    players: tuple[str, ...]
    bots: tuple[int, ...]
    options: dict[str, str]
    wins: int
    qualifiers: int
    decision_seconds: float
    seed: str
    secrets_sha256: dict[int, str] = field(default_factory=dict)  # player index -> his join secret's hash
    join_minutes: float = 10.0  # how long each game's table waits for its players
    finished: bool = False  # its champion is known
    created: float = 0.0  # wall clock, when it was made (the listing's order)
    pause_seconds: float = 0.0  # each game's pause after each hand (TableRow.pause_seconds)
    bot_level: str = ""  # the level its bots play at in every game ("": the default, a row made before levels)


@dataclass(frozen=True)
class TournamentGame:
    """A tournament's game: its match, its table, and how that table stands (made, finished, its result)."""

    tournament_id: str
    match: int
    table_id: str
    made: bool
    finished: bool
    result: dict[str, Any] | None


@dataclass(frozen=True)
class Listed:
    """A table as the store lists it: its row, its seats (seat -> taken, player, reserved), its last seq and hand."""

    row: TableRow
    seats: dict[int, tuple[bool, str, bool]]
    seq: int
    hand: int


def deadlines_json(deadlines: dict[int | None, float]) -> str:
    return json.dumps({GAME_CLOCK if seat is None else str(seat): at for seat, at in deadlines.items()})


def deadlines_of(text: str) -> dict[int | None, float]:
    return {None if key == GAME_CLOCK else int(key): float(at) for key, at in json.loads(text or "{}").items()}


def columns(kind: type, *, but: Sequence[str] = ()) -> tuple[str, ...]:
    """The columns a row of ``kind`` is read from: its fields' names (``but`` those it reads elsewhere)."""
    return tuple(f.name for f in dataclasses.fields(kind) if f.name not in but)


def row_of(kind: type[R], names: Sequence[str], values: Sequence[Any], **given: Any) -> R:
    """A ``kind`` row from the ``values`` of the columns ``names`` (each decoded for its field), and ``given``."""
    readers = _readers(kind)
    return kind(**{name: readers[name](value) for name, value in zip(names, values, strict=True)}, **given)


@functools.lru_cache(maxsize=None)
def _readers(kind: type) -> Mapping[str, Callable[[Any], Any]]:
    return {name: _reader(name, hint) for name, hint in typing.get_type_hints(kind).items()}


def _reader(name: str, hint: Any) -> Callable[[Any], Any]:
    if name == "deadlines":
        return deadlines_of
    optional = type(None) in typing.get_args(hint)
    kind = typing.get_origin(next((a for a in typing.get_args(hint) if a is not type(None)), hint)) if optional \
        else typing.get_origin(hint)  # fmt: skip
    if kind is tuple:
        return lambda text: tuple(json.loads(text))
    if kind is dict:
        return (lambda text: json.loads(text) if text else None) if optional else json.loads
    if hint is bool:
        return bool
    return lambda value: value
