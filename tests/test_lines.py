"""How the terminal names a table's seats in its lines (clients/lines.py), as the page names them."""

from __future__ import annotations

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.lines import event_line, seat_names


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
    # In the lines: the names the table gives.
    event = tpb.TableEvent(text="p3 raises 20")
    event.daker.raised.seat, event.daker.raised.to = 3, 20
    assert event_line(event, seat_names(table(tom, strong, beginner, strong))) == "strong bot 2 raises to 20"
