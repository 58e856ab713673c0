"""Checks of the typed contract shared by the tests: a typed event, view or legal space against its text."""

from __future__ import annotations

import json
from typing import Any

from google.protobuf.message import Message

from brelan.api.v1 import game_pb2 as gpb
from brelan.api.v1 import table_pb2 as tpb
from brelan.server.games.base import Variant
from brelan.server.typed.family import TABLE_KEYS, Family
from brelan.server.typed.records import record_of, snake


def plain(value: Any) -> Any:
    """A message field's value as JSON holds it (repeated fields as lists, messages as dicts)."""
    if isinstance(value, Message):
        return {d.name: plain(v) for d, v in value.ListFields()}
    if hasattr(value, "__len__") and not isinstance(value, (str, bytes)):
        return [plain(v) for v in value]
    return value


def check_event(family: Family, variant: Variant, message: tpb.TableEvent) -> None:
    """The typed event is the family's, of the text's kind, and says exactly what the text says."""
    assert message.WhichOneof("game") == family.field, message
    typed = getattr(message, family.field)
    record = variant.parse_event(message.text)
    kind = typed.WhichOneof("kind")
    assert kind == snake(type(record).__name__), (kind, message.text)
    assert str(record_of(type(record), getattr(typed, kind))) == message.text


def typed_action(family: Family, variant: Variant, text: str) -> Message:
    """The typed action of an action's text, as a client would build it."""
    return family.action_message(variant.parse_action(text))


def check_view(family: Family, json_view: dict[str, Any], response: tpb.GetViewResponse) -> None:
    """Every field of the engine's view is in the typed view (at the top, or per seat) with the same value."""
    assert response.WhichOneof("game") == family.field
    typed = getattr(response, family.field)
    top = typed.DESCRIPTOR.fields_by_name
    per_seat = top["seats"].message_type.fields_by_name if "seats" in top else {}
    for key, value in json_view.items():
        if key in family.moved:
            continue
        if key in top and key != "seats":
            if value is None:  # unset, or its default
                assert not (typed.HasField(key) if top[key].has_presence else plain(getattr(typed, key))), key
            else:
                assert plain(getattr(typed, key)) == value, key
            continue
        name = key if key in per_seat else key[:-1] if key[:-1] in per_seat else None
        assert name is not None, f"{family.field}: the view's {key} is in no typed field"
        column = [getattr(s, name) for s in typed.seats]
        if per_seat[name].type == per_seat[name].TYPE_BOOL and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            assert [s for s, on in enumerate(column) if on] == sorted(value), key
        else:
            defaults = [plain(type(c)()) if isinstance(c, Message) else c for c in column]
            assert [plain(c) for c in column] == [v if v is not None else d for v, d in zip(value, defaults)], key


def check_space(space: gpb.LegalSpace, legal: list[str]) -> None:
    """Every legal action fits the space: its kind is there, within its bounds, listed where listed."""
    kinds = {move.kind: move for move in space.moves}
    assert list(kinds) == list(dict.fromkeys(a.split()[0] for a in legal))
    for action in legal:
        move = kinds[action.split()[0]]
        if move.actions:
            assert action in move.actions
        if move.HasField("amount"):
            assert move.amount.min <= int(action.split()[-1]) <= move.amount.max
        if move.HasField("cards"):
            cards = action.split()[1:]
            assert set(cards) <= set(move.cards.cards) and len(cards) in move.cards.sizes


def check_result(family: Family, info: tpb.TableInfo) -> None:
    """A finished table's typed result says what its JSON result says (the table's own keys apart)."""
    assert info.WhichOneof("game_result") == family.field
    wanted = {k: v for k, v in json.loads(info.result).items() if k not in TABLE_KEYS}
    assert plain(getattr(info, family.field)) == {k: v for k, v in wanted.items() if v not in (None, 0, False, [], "", {})}
