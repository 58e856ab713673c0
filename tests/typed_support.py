"""Checks of the typed contract shared by the tests: a typed event, view or legal space against its text."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from google.protobuf.message import Message

from brelan.api.v1 import game_pb2 as gpb
from brelan.api.v1 import table_pb2 as tpb
from brelan.lexicon.cards import Laid
from brelan.server.games.base import Variant
from brelan.server.games.chinese_rows import ROWS, Placement
from brelan.server.games.word_games import TableWord
from brelan.server.typed.family import TABLE_KEYS, Family
from brelan.server.typed.records import record_of, snake


def plain(value: Any) -> Any:
    """A message field's value as JSON holds it (repeated fields as lists, messages as dicts)."""
    if isinstance(value, Message):
        return {d.name: plain(v) for d, v in value.ListFields()}
    if hasattr(value, "__len__") and not isinstance(value, (str, bytes)):
        return [plain(v) for v in value]
    return value


def pruned(value: Any) -> Any:
    """JSON as ``plain`` has a message: without its empty fields (proto3 does not send them)."""
    if isinstance(value, dict):
        return {k: pruned(v) for k, v in value.items() if v not in (None, 0, False, [], "", {})}
    if isinstance(value, list):
        return [pruned(v) for v in value]
    return value


def same(descriptor: Any, typed: Any, value: Any) -> bool:
    """A typed field's value is the JSON's: an enum by its value's name (``STYLE_OFC`` for ``"ofc"``)."""
    if descriptor.enum_type is not None and isinstance(value, str):
        name = descriptor.enum_type.values_by_number[typed].name
        return name == f"{snake(descriptor.enum_type.name).upper()}_{value.upper().replace('-', '_')}"  # not-on-table
    return plain(typed) == pruned(value)


def event_text(family: Family, message: Message) -> str:
    """A family's typed event as its text."""
    kind = message.WhichOneof("kind")
    return str(record_of(next(c for c in family.events if snake(c.__name__) == kind), getattr(message, kind)))


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
            elif top[key].message_type is not None and top[key].message_type.full_name == family.event.DESCRIPTOR.full_name:
                assert [event_text(family, e) for e in getattr(typed, key)] == value, key  # events kept as text
            else:
                assert same(top[key], getattr(typed, key), value), key
            continue
        name = key if key in per_seat else key[:-1] if key[:-1] in per_seat else None
        assert name is not None, f"{family.field}: the view's {key} is in no typed field"
        column = [getattr(s, name) for s in typed.seats]
        if per_seat[name].type == per_seat[name].TYPE_BOOL and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            assert [s for s, on in enumerate(column) if on] == sorted(value), key
        elif per_seat[name].enum_type is not None:  # each seat's by its value's name (a refusal's code), or unset
            assert len(column) == len(value), key
            assert all(c == 0 if v is None else same(per_seat[name], c, v) for c, v in zip(column, value)), key
        else:
            defaults = [plain(type(c)()) if isinstance(c, Message) else c for c in column]
            assert [plain(c) for c in column] == [pruned(v) if v is not None else d for v, d in zip(value, defaults)], key


def check_judged(response: tpb.GetViewResponse, receiver: int | None) -> None:
    """A seat's best hand is in its own view alone (the only one that sees its cards), never in another's nor a
    spectator's; a Chinese board is judged only from cards the view shows (a hand set in secret: not at all)."""
    typed = getattr(response, response.WhichOneof("game") or "", None)
    for s, seat in enumerate(getattr(typed, "seats", [])):
        if "best" in seat.DESCRIPTOR.fields_by_name and seat.HasField("best"):
            assert s == receiver, f"the view of {receiver} gives seat {s}'s best hand: {seat.best}"
        if "judged" in seat.DESCRIPTOR.fields_by_name and seat.HasField("judged"):
            shown = [c for row in ROWS for c in getattr(seat.board, row) if c != "??"]
            assert shown, f"the view of {receiver} judges seat {s}'s rows, none of whose cards it sees"


def check_notes(family: Family, message: tpb.TableEvent) -> None:
    """What an event's notes say beside it (server/typed/*'s notes): a shown hand's full name, of its category; a
    word laid's score; a board placed or shown, judged."""
    typed = getattr(message, family.field)
    kind = typed.WhichOneof("kind")
    if family.field == "poker_champ" and kind == "shown":
        slug = typed.shown.hand
        assert typed.HasField("named") == (slug != "-"), message.text
        assert slug == "-" or typed.named.category in (slug, "royal-flush"), message.text
    elif family.field == "alphapoker" and kind == "word_laid":
        assert typed.HasField("word_score") == bool(typed.word_laid.cards), message.text
    elif family.field == "chinese" and kind in ("placed", "shown"):
        assert typed.HasField("judged"), message.text


def check_space(space: gpb.LegalSpace, legal: list[str]) -> None:
    """Every legal action fits the space: its kind is there, within its bounds, listed where listed."""
    kinds = {move.kind: move for move in space.moves}
    listed = list(dict.fromkeys(a.split()[0] for a in legal))
    # A word or an arrangement is in the space whenever the seat may make one, though without hints the legal
    # list may name none (a practice table's lists name the answers).
    assert [kind for kind, move in kinds.items() if kind in listed or not puzzle(move)] == listed
    for action in legal:
        move = kinds[action.split()[0]]
        if move.actions:
            assert action in move.actions
        if move.HasField("amount"):
            amount, bounds = int(action.split()[-1]), move.amount
            assert bounds.min <= amount <= bounds.max
            assert bounds.step <= 1 or amount % bounds.step == 0 or amount in (bounds.min, bounds.max), action
        if move.HasField("cards"):
            cards = action.split()[1:]
            assert set(cards) <= set(move.cards.cards) and len(cards) in move.cards.sizes
        if move.HasField("rows"):  # every card given placed, no row over its free places, the discard's size
            placement = Placement.parse(action.split(maxsplit=1)[1])
            free = {r.row: r.free for r in move.rows.rows}
            assert Counter(map(str, placement.cards)) == Counter(move.rows.cards), action
            assert all(len(getattr(placement, row)) <= free.get(row, 0) for row in ROWS), action
            assert len(placement.discard) == move.rows.discard, action
        if table_word(move):  # never listed (the word is the puzzle); no word ("-"), or one the cards spell
            assert not move.actions and spelt(TableWord.parse(action.split()[-1]), move.word), action
        elif move.HasField("word"):  # a word laid card by card ("lay Qr Ur ?r=I"): cards given, each once, in bounds
            laid = [str(Laid.parse(t).card) for t in action.split()[1:]]
            assert not Counter(laid) - Counter(move.word.cards), action
            assert move.word.min_length <= len(laid) <= move.word.max_length, action


def puzzle(move: gpb.LegalMove) -> bool:
    return move.HasField("word") or move.HasField("rows")


def table_word(move: gpb.LegalMove) -> bool:
    """A word of the table's cards (bataille's claim, belote's proposal): the space offers it whenever the seat
    may claim or propose, though the legal list, a few suggestions, may hold none."""
    return move.HasField("word") and move.kind in ("claim", "propose")


def spelt(word: TableWord, choice: gpb.WordChoice) -> bool:
    """No word, or one in the bounds that the cards spell: each letter by its card, else by a joker (``?r``)
    or a card the seat may not see (``??``), a letter ``?X`` by one of those."""
    faces = Counter(card[0] for card in choice.cards if not card.startswith("?"))
    wild = sum(card.startswith("?") for card in choice.cards)
    wanted = Counter(letter for i, letter in enumerate(word.letters) if i not in word.jokers)
    in_bounds = choice.min_length <= len(word) <= choice.max_length
    return not word or (in_bounds and sum((wanted - faces).values()) + len(word.jokers) <= wild)


def check_result(family: Family, info: tpb.TableInfo) -> None:
    """A finished table's typed result says what its JSON result says (the table's own keys apart)."""
    assert info.WhichOneof("game_result") == family.field
    wanted = {k: v for k, v in json.loads(info.result).items() if k not in TABLE_KEYS}
    assert plain(getattr(info, family.field)) == {k: v for k, v in wanted.items() if v not in (None, 0, False, [], "", {})}


def unnamed_move(view: tpb.GetViewResponse) -> str | None:
    """A move for a decision whose legal list names none: a hand set whole (a fantasyland's) at a table without
    hints, whose one listed move, the solver's set, is a hint; made from the legal space. None: the list names some,
    or nothing is to place."""
    if view.legal or not any(m.kind == "place" for m in view.space.moves):
        return None
    return chinese_player(view)


def chinese_player(view: tpb.GetViewResponse) -> str:
    """Chinese poker, from the legal space alone: places its cards in the order dealt, the lowest rows first, then
    the discards (a foul is a legal set; a hand set whole, whose legal list names no move without hints, too)."""
    move = next(m for m in view.space.moves if m.kind == "place")
    free = {r.row: r.free for r in move.rows.rows}
    cards = list(move.rows.cards)
    kept, rows = cards[: len(cards) - move.rows.discard], {"discard": cards[len(cards) - move.rows.discard :]}
    for row in ROWS:
        rows[row], kept = kept[: free.get(row, 0)], kept[free.get(row, 0) :]
    return " ".join(["place", *(f"{name} {' '.join(c)}" for name, c in rows.items() if c)])
