"""Engine records to typed messages and back, field by field, by name: one mapping for every game.

An event or action record (a frozen dataclass of :func:`~brelan.server.games.base.record`) becomes the
message of the same fields; the message decides each field's form, so the engine stays free of protobuf:

- a string field takes the value's text (a card ``As``, a back ``??``, a die ``4y``, a phrase);
- a message field takes a dataclass field by field (a laid card, a table word, Chinese rows);
- a repeated field takes a tuple or a set (a set in increasing order);
- an enum field takes an :class:`enum.Enum` member by its name (``Refusal.TOO_SHORT`` is
  ``WORD_REFUSAL_TOO_SHORT`` of ``WordRefusal``, the enum's name as its values' prefix);
- an unset ``optional`` field is ``None``; integers and booleans are themselves.

Back from a message, each field is read by the record's type hints (``Card.parse`` for a card...), so
``record_of(type(r), message_of(r, m)) == r`` for every record: the tests hold every game to it.

>>> from brelan.api.v1 import game_pb2 as gpb
>>> from brelan.server.games.word_games import TableWord
>>> fill(gpb.TableWord(), TableWord("CHAT", frozenset({1})))
letters: "CHAT"
jokers: 1
<BLANKLINE>
>>> record_of(TableWord, _)
TableWord(letters='CHAT', jokers=frozenset({1}))
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import types
import typing
from typing import Any, Callable, TypeVar

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message


M = TypeVar("M", bound=Message)
T = TypeVar("T")


@functools.lru_cache(maxsize=None)  # once a class: every event and action of a game asks it
def snake(name: str) -> str:
    """A record class's name as its oneof field: ``DuelTie`` -> ``duel_tie``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def fill(message: M, value: Any) -> M:
    """``message`` with every field of the dataclass ``value`` set (an empty message is marked present)."""
    message.SetInParent()
    for name, write in _plan(message.DESCRIPTOR, type(value)):
        field = getattr(value, name)
        if field is not None:
            write(message, name, field)
    return message


def set_field(message: Message, name: str, value: Any) -> None:
    """Set one field of ``message`` to ``value`` in the form its descriptor asks (None: left unset)."""
    if value is not None:
        writer_of(message.DESCRIPTOR, name)(message, name, value)


@functools.lru_cache(maxsize=None)
def writer_of(descriptor: Any, name: str) -> Callable[[Message, str, Any], None]:
    """How a value is written into the field ``name`` of a message of ``descriptor``."""
    return _writer(_descriptor(descriptor, name))


@functools.lru_cache(maxsize=None)
def _plan(descriptor: Any, kind: type) -> tuple[tuple[str, Callable[[Message, str, Any], None]], ...]:
    """How each field of a ``kind`` dataclass is written into a message of ``descriptor``: worked out once."""
    return tuple((name, _writer(_descriptor(descriptor, name))) for name in kind.__dataclass_fields__)


def _descriptor(descriptor: Any, name: str) -> FieldDescriptor:
    field = descriptor.fields_by_name.get(name)
    if field is None:
        raise KeyError(f"{descriptor.full_name} has no field {name!r}")
    return field  # type: ignore[no-any-return]


def _writer(descriptor: FieldDescriptor) -> Callable[[Message, str, Any], None]:
    text = descriptor.type == FieldDescriptor.TYPE_STRING
    if _repeated(descriptor):
        if descriptor.message_type is not None:
            return _add_messages
        return _extend_text if text else _extend
    if descriptor.message_type is not None:
        return lambda message, name, value: fill(getattr(message, name), value)
    if descriptor.enum_type is not None:
        return lambda message, name, value: setattr(message, name, enum_number(descriptor.enum_type, value))
    return _set_text if text else setattr


def enum_prefix(enum_type: Any) -> str:
    """What every value of a proto enum starts with: ``WORD_REFUSAL_`` for ``WordRefusal`` (buf's lint rule)."""
    return f"{snake(enum_type.name).upper()}_"


def enum_number(enum_type: Any, value: Any) -> Any:
    """A Python enum member as the proto enum's value of its name (any other value is set as it is)."""
    return _numbered(enum_type, value.name) if isinstance(value, enum.Enum) else value


@functools.cache
def _numbered(enum_type: Any, name: str) -> int:
    """Looked up once a value: bulk word checks convert tens of thousands of refusal codes a second."""
    return int(enum_type.values_by_name[enum_prefix(enum_type) + name].number)


def _enum_member(kind: type[enum.Enum], enum_type: Any, number: int, path: str) -> enum.Enum:
    """The member of ``kind`` a proto enum's value names; one it has not (unset, or unknown) is a FieldError."""
    value = enum_type.values_by_number.get(number)
    member = None if value is None else kind.__members__.get(value.name.removeprefix(enum_prefix(enum_type)))
    if member is None:
        raise FieldError(path, f"{value.name if value else number} is not a {kind.__name__}")
    return member


def _ordered(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else value


def _add_messages(message: Message, name: str, value: Any) -> None:
    target = getattr(message, name)
    for item in _ordered(value):
        fill(target.add(), item)


def _extend_text(message: Message, name: str, value: Any) -> None:
    getattr(message, name).extend([str(item) for item in _ordered(value)])


def _extend(message: Message, name: str, value: Any) -> None:
    getattr(message, name).extend(_ordered(value))


def _set_text(message: Message, name: str, value: Any) -> None:
    setattr(message, name, str(value))


def _repeated(descriptor: FieldDescriptor) -> bool:
    # protobuf 7 has is_repeated (and no label); 6 has label.
    return bool(descriptor.is_repeated if hasattr(descriptor, "is_repeated") else descriptor.label == descriptor.LABEL_REPEATED)


class FieldError(ValueError):
    """A message's field that no record holds as sent: its path from that message (``word.letters``,
    ``cards[1].letter``) and why."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(why)
        self.path = path


def record_of(kind: type[T], message: Message, path: str = "") -> T:
    """The ``kind`` dataclass a message of its fields stands for (the inverse of :func:`fill`).

    A field the record cannot hold raises :class:`FieldError` naming it: a card that is none, and a nested
    record with a text form (a table word, a laid card) that does not read back as sent from its text
    (``TableWord("A1")``), since the engine, the log and every client know it by that text.
    """
    hints = _hints(kind)
    values = {}
    for field in dataclasses.fields(kind):  # type: ignore[arg-type]
        if not field.init:
            continue
        descriptor = message.DESCRIPTOR.fields_by_name[field.name]
        if descriptor.has_presence and not message.HasField(field.name) and descriptor.message_type is None:
            values[field.name] = None
            continue
        hint = hints[field.name]
        if descriptor.enum_type is not None and isinstance(hint, type) and issubclass(hint, enum.Enum):
            values[field.name] = _enum_member(hint, descriptor.enum_type, getattr(message, field.name),
                                              _joined(path, field.name))  # fmt: skip
            continue
        values[field.name] = _read(hint, getattr(message, field.name), _joined(path, field.name))
    return kind(**values)


def _joined(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


@functools.lru_cache(maxsize=None)
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _read(hint: Any, value: Any, path: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (tuple, frozenset, set):
        if origin is tuple:  # a repeated field: each item at its index
            return tuple(_read(args[0], item, f"{path}[{i}]") for i, item in enumerate(value))
        return origin(_read(args[0], item, path) for item in value)
    if origin in (typing.Union, types.UnionType):  # a card or a back: the first type that reads it
        first: ValueError | None = None
        for option in [a for a in args if a is not type(None)]:
            try:
                return _read(option, value, path)
            except ValueError as e:
                first = first or e  # the card's own complaint, not the back's
        assert first is not None
        raise first
    if isinstance(value, Message):
        return _written(hint, record_of(hint, value, path), path)
    if hasattr(hint, "parse") and isinstance(value, str):
        try:
            return hint.parse(value)
        except FieldError:
            raise
        except ValueError as e:
            raise FieldError(path, str(e)) from None
    return hint(value) if isinstance(hint, type) and hint not in (int, bool, str, float) else value


def _written(kind: type, record: Any, path: str) -> Any:
    """``record``, read from a message at ``path``, when its text (if it has one) reads back as itself: the
    field it differs in, or that cannot be written, is named (a record's only plain string field, when its text
    is no text at all)."""
    if not hasattr(kind, "parse"):
        return record
    text = str(record)
    try:
        back = kind.parse(text)
    except ValueError as e:
        plain = [f.name for f in dataclasses.fields(kind) if _hints(kind)[f.name] is str]
        raise FieldError(_joined(path, plain[0]) if len(plain) == 1 else path, str(e)) from None
    if back != record:
        differ = [f.name for f in dataclasses.fields(kind) if getattr(back, f.name) != getattr(record, f.name)]
        if len(differ) != 1:
            raise FieldError(path, f"written {text!r}, which reads back as {str(back)!r}")
        name = differ[0]
        raise FieldError(_joined(path, name), f"{getattr(record, name)!r} cannot be sent: written {text!r}, it reads "
                                              f"back as {getattr(back, name)!r}")  # fmt: skip
    return record
