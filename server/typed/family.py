"""What a game family declares of its typed contract, and the mappings every family shares."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from google.protobuf.message import Message

from brelan.api.v1 import game_pb2 as gpb
from brelan.api.v1 import lexicon_pb2 as lpb
from brelan.lexicon.readings import Policy

from ..errors import invalid
from ..lexicon_convert import policy_to_pb
from ..games.base import parse_record
from ..games.betting import BetTo, RaiseTo
from .records import FieldError, enum_prefix, fill, record_of, snake, writer_of

ENUMERATED = 12  # a kind with at most this many legal actions lists them all (LegalMove.actions)
# Keys of a table's result that the table adds (a game never dealt, or abandoned): not the family's.
TABLE_KEYS = frozenset({"forfeited", "abandoned", "absent"})


@dataclass(frozen=True)
class HandSoFar:
    """What an event's notes may read beside the event itself: the events of its hand before it, as a spectator
    sees them (nothing hidden from anyone), oldest first, and the table's options."""

    earlier: Callable[[], Sequence[Any]]
    options: Any = None


@dataclass(frozen=True)
class Family:
    """A game family's messages, and how its engine's view, result and legal moves become them.

    ``field`` names its entry in every oneof of the table service (``GetViewResponse.game``,
    ``TableEvent.game``, ``ActRequest.move``, ``TableInfo.game_result``). Events and actions map by
    name: each record class ``C`` is the field ``snake(C)`` of ``event`` (or ``action``).
    """

    field: str
    view: Callable[[Any], Message]
    event: type[Message]
    events: tuple[type, ...]
    action: type[Message]
    actions: tuple[type, ...]
    result: type[Message]
    # The legal moves as a space, from the seat's view and its legal action records.
    space: Callable[[Any, list[Any]], gpb.LegalSpace] = lambda view, legal: legal_space(legal)
    # A typed action as its text (by default: the record of the set field, written as text), and an
    # action record as its typed message (by default: the field named for its class); both or neither.
    action_text: Callable[[Message], str] | None = None
    action_of: Callable[[Any], Message] | None = None
    # The engine view's fields the typed view does not carry under the same name (at the top, or in its
    # per-seat message, singular or plural), each with where it went instead.
    moved: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # What the engine knows of an event beyond its record (a shown hand's name, a laid word's score), written into
    # its typed message's fields outside the oneof: (message, record, the hand so far). None: nothing.
    notes: Callable[[Message, Any, HandSoFar], None] | None = None
    # The engine's view a typed view was made of, from (the typed view, its seat, the legal moves' texts): what a
    # client's bot decides on, without the JSON view. None: only the JSON gives it back (view_from_json).
    engine_view: Callable[[Message, int | None, Sequence[str]], Any] | None = None

    def space_of(self, view: Any, legal: list[Any]) -> gpb.LegalSpace:
        """The seat's legal moves as a space (:attr:`space`), each kind naming the typed action field it is played
        with (``LegalMove.action_field``: the kind "bet" is AlphaPoker's ``open``)."""
        space = self.space(view, legal)
        for move in space.moves:
            move.action_field = self.action_fields.get(move.kind, "")
        return space

    @functools.cached_property
    def action_fields(self) -> dict[str, str]:
        """Each action kind (its text's first word) -> its field in the typed action's oneof; none where the typed
        action is not a oneof of the records (POKER CHAMP's enum)."""
        if self.action_text is not None:
            return {}
        return {cls.tag: snake(cls.__name__) for cls in self.actions}  # type: ignore[attr-defined]

    def event_message(self, record: Any, hand: HandSoFar | None = None) -> Message:
        """An event record as its typed message; with ``hand`` (the hand it comes in), its notes too."""
        message = in_oneof(self.event(), record)
        if self.notes is not None and hand is not None:
            self.notes(message, record, hand)
        return message

    def action_message(self, record: Any) -> Message:
        """An action record as the typed message a client sends for it."""
        return self.action_of(record) if self.action_of is not None else in_oneof(self.action(), record)

    def result_message(self, result: Mapping[str, Any]) -> Message:
        return fill_mapping(self.result(), {k: v for k, v in result.items() if k not in TABLE_KEYS})

    def text_of(self, message: Message, path: str) -> str:
        """A typed action's text; INVALID_ARGUMENT naming ``path`` when no kind is set."""
        if self.action_text is not None:
            return self.action_text(message)
        kind = message.WhichOneof("kind")
        if kind is None:
            raise invalid(path, "set one kind of action")
        cls = next(c for c in self.actions if snake(c.__name__) == kind)
        sent = getattr(message, kind)
        try:
            record = record_of(cls, sent)
            text = str(record)
            back = parse_record(text, [cls])
        except FieldError as e:
            raise invalid(f"{path}.{kind}.{e.path}", str(e)) from None
        except (ValueError, TypeError) as e:
            raise invalid(f"{path}.{kind}", str(e)) from None
        if back != record:  # a field its text cannot hold (a letter card naming another letter)
            raise invalid(f"{path}.{kind}", f"says more than the action {text!r} can hold: "
                          + " ".join(str(sent).split()))  # fmt: skip
        return text


@functools.lru_cache(maxsize=64)  # a table's every view holds the same: a message copied into each view
def house_rules(policy: str) -> lpb.Policy:
    """A word game's house rules as its view holds them (``"conjugated,min=4"``), typed."""
    return policy_to_pb(Policy.parse(policy))


def in_oneof(message: Message, record: Any) -> Message:
    """``message`` (an event or an action) with ``record`` in its oneof, under the field named for its class."""
    fill(getattr(message, snake(type(record).__name__)), record)
    return message


def enum_of(enum: Any, word: str) -> int:
    """The value of a view's enum named by the engine's word: ``enum_of(View.Phase, "over")`` is ``PHASE_OVER``."""
    return int(enum.Value(enum_prefix(enum.DESCRIPTOR) + word.upper().replace("-", "_")))


def fill_mapping(message: Message, values: Mapping[str, Any]) -> Message:
    """``message`` with each key of ``values`` set to its field (lists repeated, dicts nested)."""
    message.SetInParent()
    for key, value in values.items():
        if value is None:
            continue
        target = getattr(message, key)
        if isinstance(value, Mapping):
            fill_mapping(target, value)
        elif isinstance(value, (list, tuple)):
            if value and isinstance(value[0], Mapping):
                for item in value:
                    fill_mapping(target.add(), item)
            else:
                target.extend(value)
        else:
            setattr(message, key, value)
    return message


def seats(target: Any, count: int, columns: Mapping[str, Sequence[Any]], **flags: Iterable[int]) -> None:
    """A view's per-seat message, from its columns: ``columns[field]`` holds each seat's value in seat order;
    ``flags[field]`` lists the seats for which that boolean field is true."""
    marked = {name: set(chosen) for name, chosen in flags.items()}
    writers: list[tuple[str, Sequence[Any], Callable[[Message, str, Any], None]]] = []
    for seat in range(count):
        item = target.add(seat=seat, **{name: seat in chosen for name, chosen in marked.items()})
        if not writers:  # the Seat message's writers, looked up once
            writers = [(name, column, writer_of(item.DESCRIPTOR, name)) for name, column in columns.items()]
        for name, column, write in writers:
            value = column[seat]
            if value is not None:
                write(item, name, value)


def stepped(space: gpb.LegalSpace, legal: list[Any], step: int) -> gpb.LegalSpace:
    """``space`` with its bets and raises (``BetTo``, ``RaiseTo``) as whole ranges by ``step``: in no-limit and
    pot limit the legal records are samples (the least, one between, the most), so ``actions`` lists every
    amount (the multiples of ``step`` in the range, and the range's max: an all-in) or, past a dozen, none."""
    made = {str(a).split()[0]: type(a) for a in legal if isinstance(a, (BetTo, RaiseTo))}
    for move in space.moves:
        if move.HasField("amount") and move.kind in made:
            move.amount.step = step
            del move.actions[:]
            low, high = move.amount.min, move.amount.max
            amounts = sorted({*range(-(-low // step) * step, high + 1, step), low, high})
            if len(amounts) <= ENUMERATED:
                move.actions.extend(str(made[move.kind](amount)) for amount in amounts)
    return space


def legal_space(legal: list[Any]) -> gpb.LegalSpace:
    """The legal records as a space, kind by kind in their order: an amount's range, a card subset's
    cards and sizes (a single card: a subset of one), and each action's text where a kind has few."""
    kinds: dict[str, list[Any]] = {}
    for action in legal:
        kinds.setdefault(str(action).split()[0], []).append(action)
    space = gpb.LegalSpace()
    for kind, actions in kinds.items():
        move = space.moves.add(kind=kind)
        fields = dataclasses.fields(actions[0])
        values = [[getattr(a, f.name) for f in fields] for a in actions]
        if len(fields) == 1 and all(type(v[0]) is int for v in values):  # exactly int: a standard card is an int too
            amounts = [v[0] for v in values]
            move.amount.CopyFrom(gpb.AmountRange(min=min(amounts), max=max(amounts)))
        elif len(fields) == 1 and all(isinstance(v[0], tuple) for v in values):
            cards = sorted({str(c) for v in values for c in v[0]})
            move.cards.CopyFrom(gpb.CardChoice(cards=cards, sizes=sorted({len(v[0]) for v in values})))
        elif len(fields) == 1 and all(hasattr(type(v[0]), "parse") for v in values):  # one card of those
            move.cards.CopyFrom(gpb.CardChoice(cards=[str(v[0]) for v in values], sizes=[1]))
        if len(actions) <= ENUMERATED:
            move.actions.extend(str(a) for a in actions)
    return space
