"""How the terminal names a table's seats in its lines (clients/lines.py), as the page names them, and writes DAKER's
cards."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.lines import daker_card, event_line, seat_names
from brelan.clients.play import render
from brelan.server.games.registry import VARIANTS


def table(*seats: dict[str, object]) -> tpb.TableInfo:
    """A table of these seats (SeatInfo's fields), numbered from 0 as the API counts them."""
    return tpb.TableInfo(seats=[tpb.SeatInfo(seat=n, **fields) for n, fields in enumerate(seats)])  # type: ignore


def test_a_bot_is_named_by_its_level_and_numbered_only_beside_another_of_that_level() -> None:
    """A bot was 'bot 2', its seat; the page now names it by its level ('strong bot', 'robot fort'), numbered in seat
    order only when bots of the table share a level ('strong bot 1', 'strong bot 2')."""
    tom = {"player": "Tom", "taken": True}
    strong, beginner = {"bot": True, "bot_level": "strong"}, {"bot": True, "bot_level": "beginner"}
    assert seat_names(table(tom, strong)) == ["Tom", "strong bot"]
    assert seat_names(table(tom, strong, beginner, strong)) == ["Tom", "strong bot 1", "beginner bot", "strong bot 2"]
    # A bot whose level is not said (a table read back from before the levels) is a bot, numbered among those alike;
    # a tournament's bot plays for its player and has his name; an empty seat is a seat, counted from 1.
    unsaid = {"bot": True}
    assert seat_names(table({}, unsaid, unsaid, {"bot": True, "player": "bob", "bot_level": "strong"})) == [
        "seat 1", "bot 1", "bot 2", "bob"]  # fmt: skip
    assert seat_names(table(tom, unsaid)) == ["Tom", "bot"]
    # a tournament's bot is not counted among the house's bots of its level
    assert seat_names(table(tom, strong, {"bot": True, "player": "bob", "bot_level": "strong"})) == [
        "Tom", "strong bot", "bob"]  # fmt: skip
    # In the lines: the names the table gives.
    event = tpb.TableEvent(text="p3 raises 20")
    event.daker.raised.seat, event.daker.raised.to = 3, 20
    assert event_line(event, seat_names(table(tom, strong, beginner, strong))) == "strong bot 2 raises to 20"


def test_daker_cards_are_read_by_their_values_the_red_and_the_black_by_name() -> None:
    """DAKER's values are A, K, Q, J, rouge and noir (its rulebook): the terminal wrote its cards by the engine's
    letters, 'JN QJ RR', whose R read 'roi' and N nothing. A card is now its two values, the red and the black by
    name ('J/black Q/J red/red'), in the lines and on brelan play's screen, which says once how to type them."""
    assert [daker_card(c) for c in ("JN", "QJ", "RR", "AK", "RN", "??")] == [
        "J/black", "Q/J", "red/red", "A/K", "red/black", "??"]  # fmt: skip
    names = ["Tom", "strong bot"]
    shown = tpb.TableEvent(text="p0 shows JN QJ RR full-house-J-R")
    shown.daker.shown.seat, shown.daker.shown.hand = 0, "full-house-J-R"
    shown.daker.shown.cards.extend(["JN", "QJ", "RR"])
    assert event_line(shown, names) == "Tom shows J/black Q/J red/red: Full house, jacks over red 10s"
    drew = tpb.TableEvent(text="p1 draws ?? AN")
    drew.daker.drew.seat = 1
    drew.daker.drew.cards.extend(["??", "AN"])
    assert event_line(drew, names) == "strong bot draws A/black and a card face down"
    # brelan play's screen: a real DAKER game (draw), as seat 0 sees it betting, then choosing its discards
    daker = VARIANTS["daker"]
    state = daker.new_game(daker.make_options({"mode": "draw", "players": "2"}), random.Random(7))

    def screen() -> str:
        legal = [str(a) for a in state.legal_actions(0)]
        printed = io.StringIO()
        Console(file=printed, width=160).print(render(daker, "t-1", state.view(0), legal, [], names))
        return printed.getvalue()

    held = [str(c) for c in state.view(0).cards[0]]
    assert any(v in "RN" for c in held for v in c), held  # this deal holds a red or a black
    betting = screen()
    assert " ".join(daker_card(c) for c in held) in betting and "type R" not in betting, betting
    while state.phase.value != "discard":  # both check (or call) to the discards
        seat = state.pending()[0]
        state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).split()[0] in ("check", "call")))
    discarding = screen()
    assert "(type R for red, N for black)" in discarding, discarding
    # no card is written by its letters but in the moves typed (the prompt's "discard JN", as the engine reads them)
    table = discarding.split("your move")[0]
    assert not any(re.search(rf"(?<![\w/]){c}(?![\w/])", table) for c in held), table
