"""The typed events the poker boards' node test reads (tests/web/poker-events.json), written by the engines.

Each of DAKER (hold'em), POKER CHAMP and Yahtzee Texas Hold'em plays, from a seed, three seats: one hand the others
fold to seat 0 ('fold-out') and one every seat sees to the end ('showdown'). For each: seat 0's typed view as the
hand's last decision opened, and the hand's events from its start to its last win, each a TableEvent in the
server's JSON (Connect's: camelCase, 64-bit numbers as text, defaults left out), its notes included.
tests/test_typed.py holds the file to what the engines write now; after an engine or proto change:

    .venv/bin/python tests/web/poker_events.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from google.protobuf.json_format import MessageToDict

from brelan.api.v1 import table_pb2 as pb
from brelan.server.games.registry import playable
from brelan.server.games.transcript import game_rng
from brelan.server.typed.family import HandSoFar
from brelan.server.typed.registry import family_of

FIXTURE = Path(__file__).with_name("poker-events.json")
# variant -> (options, seed): three seats, DAKER in its hold'em mode
GAMES: dict[str, tuple[dict[str, str], str]] = {
    "daker": ({"players": "3", "mode": "holdem"}, "fold-out"),
    "poker-champ": ({"players": "3"}, "fold-out"),
    "yahtzee-holdem": ({"players": "3"}, "fold-out"),
}
PASSIVE = ("check", "call", "pay")  # the moves that neither fold nor bet


def _hand(variant_name: str, options: dict[str, str], seed: str, fold: bool) -> dict[str, Any]:
    """Seat 0's view as the first hand's last decision opened, and that hand's events through its last win (the
    first hand: the game's start events are its own)."""
    variant = playable(variant_name, None)
    family = family_of(variant_name)
    assert family is not None
    state = variant.new_game(variant.make_options(options), game_rng(seed))
    events: list[Any] = list(state.start_events)
    view: Any = None
    while not any(type(e).__name__ == "Won" for e in events):
        seat = state.pending()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        move = "fold" if fold and seat != 0 else next(a for a in legal if a in PASSIVE)
        view = family.view(state.view(0))
        events += state.apply(seat, variant.parse_action(move))
    end = next(i for i, e in enumerate(events) if type(e).__name__ == "Won")
    while end + 1 < len(events) and type(events[end + 1]).__name__ == "Won":
        end += 1
    typed = []
    for seq, event in enumerate(events[:end + 1], 1):
        seen = state.redact(event, 0)
        message = pb.TableEvent(seq=seq, hand=1, text=str(seen))
        earlier = [state.redact(e, None) for e in events[:seq - 1]]
        getattr(message, family.field).CopyFrom(
            family.event_message(seen, HandSoFar(lambda earlier=earlier: earlier, state.options)))
        typed.append(MessageToDict(message))
    return {"view": MessageToDict(view), "events": typed}


def fixture() -> dict[str, Any]:
    return {name: {kind: _hand(name, options, seed, kind == "foldOut") for kind in ("foldOut", "showdown")}
            for name, (options, seed) in GAMES.items()}  # fmt: skip


def text() -> str:
    return json.dumps(fixture(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    FIXTURE.write_text(text())
    sys.stdout.write(f"wrote {FIXTURE}\n")
