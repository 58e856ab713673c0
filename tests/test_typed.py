"""The typed contract covers each game family's engine: a record or view field added without its message fails here.

Whole games through the server check the typed messages against the text (tests/test_redaction.py, every
variant and mode); this checks the declarations themselves, without a game.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import random
import typing
from pathlib import Path

import pytest

from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message

from brelan.api.v1 import alphapoker_pb2 as apb
from brelan.api.v1 import bataille_pb2 as bapb
from brelan.api.v1 import belote_pb2 as bpb
from brelan.api.v1 import game_pb2 as gpb
from brelan.server.refusals import Refusal, Status
from brelan.server.games import poker_champ as pc
from brelan.server.games.base import Seat
from brelan.server.games.betting import Won
from brelan.server.games.registry import get_variant
from brelan.server.typed.family import Family
from brelan.server.typed.records import record_of, snake
from brelan.server.typed.registry import FAMILIES

CASES = sorted({family.field: family for family in FAMILIES.values()}.items())


@pytest.mark.parametrize("family", [f for _, f in CASES], ids=[name for name, _ in CASES])
def test_every_record_has_its_message_with_its_fields(family: Family) -> None:
    for kind, records in ((family.event, family.events), (family.action, family.actions)):
        oneof = kind.DESCRIPTOR.oneofs_by_name.get("kind")
        if oneof is None:  # an action told by an enum (PokerChampAction): its text form maps it
            assert family.action_text is not None and family.action_of is not None
            continue
        assert {f.name for f in oneof.fields} == {snake(r.__name__) for r in records}, kind.DESCRIPTOR.name
        for record in records:
            message = kind.DESCRIPTOR.fields_by_name[snake(record.__name__)].message_type
            wanted = {f.name for f in dataclasses.fields(record) if f.init}
            assert set(message.fields_by_name) == wanted, (record.__name__, message.name)


@pytest.mark.parametrize("family", [f for _, f in CASES], ids=[name for name, _ in CASES])
def test_every_view_field_has_its_place_in_the_typed_view(family: Family) -> None:
    hints = typing.get_type_hints(family.view)
    view = next(hint for name, hint in hints.items() if name != "return")
    top = hints["return"].DESCRIPTOR.fields_by_name
    per_seat = top["seats"].message_type.fields_by_name if "seats" in top else {}
    for field in dataclasses.fields(view):
        name = field.name
        placed = name in top or name in per_seat or name[:-1] in per_seat or name in family.moved
        assert placed, f"{view.__name__}.{name} has no typed field (nor a word in Family.moved)"


@pytest.mark.parametrize("family", [f for _, f in CASES], ids=[name for name, _ in CASES])
def test_each_legal_kind_names_the_typed_field_it_is_played_with(family: Family) -> None:
    """LegalMove.action_field (issue 37: the kinds "bet" and "raise" are played as ``open`` and ``raise_to``, and a
    client that looked for a field named as the kind folded instead)."""
    oneof = family.action.DESCRIPTOR.oneofs_by_name.get("kind")
    if oneof is None:  # POKER CHAMP's enum
        assert family.action_fields == {}
        return
    assert sorted(family.action_fields) == sorted(cls.tag for cls in family.actions)  # type: ignore[attr-defined]
    assert set(family.action_fields.values()) == {f.name for f in oneof.fields}


def test_a_seat_s_space_says_a_bet_is_played_as_bet_to() -> None:
    variant = get_variant("yahtzee-holdem")
    state = variant.new_game(variant.make_options({"players": "2"}), random.Random(3))
    seat = state.pending()[0]
    space = FAMILIES["yahtzee-holdem"].space_of(state.view(seat), state.legal_actions(seat))
    fields = {m.kind: m.action_field for m in space.moves}
    assert fields["bet"] == "bet_to" and fields["check"] == "check", fields


def test_a_typed_action_that_says_more_than_its_text_is_refused() -> None:
    alphapoker = FAMILIES["alphapoker"]
    lay = apb.AlphaPokerAction(lay=apb.AlphaPokerAction.Lay(cards=[gpb.LaidCard(card="?r", letter="E"),
                                                                   gpb.LaidCard(card="Tb", letter="T")]))  # fmt: skip
    assert alphapoker.text_of(lay, "alphapoker") == "lay ?r=E Tb"
    lay.lay.cards[1].letter = "A"  # Tb is a T: it cannot stand for an A
    with pytest.raises(Refusal) as e:
        alphapoker.text_of(lay, "alphapoker")
    assert e.value.status == Status.INVALID_ARGUMENT and e.value.violations[0][0] == "alphapoker.lay.cards[1].letter"
    with pytest.raises(Refusal):  # no kind set
        alphapoker.text_of(apb.AlphaPokerAction(), "alphapoker")


def word(letters: str) -> gpb.TableWord:
    return gpb.TableWord(letters=letters)


def laid(letter: str) -> apb.AlphaPokerAction:
    return apb.AlphaPokerAction(lay=apb.AlphaPokerAction.Lay(cards=[gpb.LaidCard(card="Er", letter="E"),
                                                                    gpb.LaidCard(card="?r", letter=letter)]))  # fmt: skip


MALFORMED = [
    *[(name, message, f"{name}.{kind}.word.letters") for letters in ("A1", "??", " ", "AB CD", "-", "chat")
      for name, kind, message in (("belote", "propose", bpb.BeloteAction(propose=bpb.BeloteAction.Propose(word=word(letters)))),
                                  ("bataille", "claim", bapb.BatailleAction(claim=bapb.BatailleAction.Claim(word=word(letters)))))],
    *[("alphapoker", laid(letter), "alphapoker.lay.cards[1].letter") for letter in ("1", "??", "", "e", "EE")],
    ("alphapoker", apb.AlphaPokerAction(lay=apb.AlphaPokerAction.Lay(cards=[gpb.LaidCard(card="E1", letter="E")])),
     "alphapoker.lay.cards[0].card"),
    ("bataille", bapb.BatailleAction(claim=bapb.BatailleAction.Claim(word=gpb.TableWord(letters="CHAT", jokers=[9]))),
     "bataille.claim.word.jokers"),
]  # fmt: skip


@pytest.mark.parametrize("name, message, path", MALFORMED, ids=lambda x: x if isinstance(x, str) else None)
def test_a_malformed_typed_action_is_invalid_argument_naming_its_field(name: str, message: Message, path: str) -> None:
    """Text its record's text form cannot hold (a word's letters ``A1``, a joker named ``1``) was INTERNAL: the
    text parser's error escaped (issue 37)."""
    family = next(f for f in FAMILIES.values() if f.field == name)
    with pytest.raises(Refusal) as e:
        family.text_of(message, name)
    assert e.value.status == Status.INVALID_ARGUMENT and [p for p, _ in e.value.violations] == [path]


@pytest.mark.parametrize("limit, listed", [("no-limit", False), ("spread", True)])
def test_a_bet_s_space_is_its_whole_range_by_the_table_s_unit(limit: str, listed: bool) -> None:
    """No-limit's legal records are samples (the least, one between, the most): the space is the whole range by
    the unit, its amounts listed only where a dozen or fewer; the spread limit's few amounts are listed."""
    variant = get_variant("yahtzee-holdem")
    state = variant.new_game(variant.make_options({"players": "2", "limit": limit, "unit": "5", "stack": "500"}),
                             random.Random(1))  # fmt: skip
    seat = state.pending()[0]
    legal = state.legal_actions(seat)
    space = FAMILIES["yahtzee-holdem"].space(state.view(seat), legal)
    [bets] = [m for m in space.moves if m.HasField("amount")]
    sampled = sorted(int(str(a).split()[-1]) for a in legal if str(a).startswith(bets.kind))
    assert (bets.amount.min, bets.amount.max, bets.amount.step) == (sampled[0], sampled[-1], 5)
    amounts = [int(a.split()[-1]) for a in bets.actions]
    assert bool(amounts) == listed
    if listed:
        assert amounts == list(range(sampled[0], sampled[-1] + 1, 5)) == sampled
    for amount in range(bets.amount.min, bets.amount.max + 1, 5):  # every amount the space admits, the engine takes
        assert state.can_apply(seat, variant.parse_action(f"{bets.kind} {amount}"))


@pytest.mark.parametrize("variant, won", [("daker", Won(Seat(1), 20, "main", uncontested=True)),
                                          ("yahtzee-holdem", Won(Seat(0), 30, "main", uncontested=True)),
                                          ("poker-champ", pc.Won(Seat(2), 3, uncontested=True))])  # fmt: skip
def test_a_pot_won_with_the_others_folded_is_typed_uncontested(variant: str, won: typing.Any) -> None:
    """The engine's fact, in the won event's typed field (the page reads it: no hand shown is no proof, POKER
    CHAMP's last player shows his), and back; a showdown's win leaves it false (unset in JSON)."""
    family = FAMILIES[variant]
    message = family.event_message(won).won
    assert message.uncontested and record_of(type(won), message) == won
    contested = dataclasses.replace(won, uncontested=False)
    message = family.event_message(contested).won
    assert not message.uncontested and record_of(type(won), message) == contested
    assert "uncontested" not in MessageToDict(message)


def test_the_poker_boards_node_test_reads_what_the_engines_write() -> None:
    """tests/web/poker-events.json (tests/web/poker.test.mjs's hands) is what tests/web/poker_events.py writes now:
    an engine's or a message's change is seen by the page's test. After one: python tests/web/poker_events.py."""
    spec = importlib.util.spec_from_file_location("poker_events", Path(__file__).parent / "web" / "poker_events.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.FIXTURE.read_text() == module.text()
    wins = [e["pokerChamp"]["won"] for e in json.loads(module.FIXTURE.read_text())["poker-champ"]["foldOut"]["events"]
            if "won" in e.get("pokerChamp", {})]  # fmt: skip
    assert wins == [{"amount": "4", "uncontested": True}]  # seat 0's, at its default
