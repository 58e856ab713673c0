"""Hidden pieces never leave the server except to their owner: every field of every message, every game.

Seeded random games are played through the real gRPC server, seat 0 by the
test (a random legal action each time it may act) and the other seats by the
server's bots. Everything seat 0 and a spectator receive is kept: both live
WatchTable streams, every ActResponse, every GetView, every hand's
GetHandHistory. Once the game is over its transcript (every event as it truly
was) is the oracle:

- an event's text is the engine's redaction of the true event for its receiver;
- no other field of a received event carries a word the redaction took out of
  its text (the ``action`` field once leaked a hidden exchange or a set hand);
- an event caused by the receiver's own action carries that action, as sent;
- a view and its legal actions are the engine's, replayed to the view's seq:
  the server adds nothing to what the engine decides a seat may see; without
  hints (seeds 1 and 3) it takes the engine's hints out of the legal lists, at
  a practice table (seed 2) they are there.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

import grpc
import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient
from brelan.lexicon.store import Store
from brelan.server.errors import ServiceError
from brelan.server.games.base import jsonable
from brelan.server.games.registry import MODES, get_variant, playable
from brelan.server.typed.registry import family_of
from brelan.server.games.transcript import Transcript, game_rng, parse_action_line
import typed_support as typed
from conftest import seat_against_bots
from typed_support import typed_action, unnamed_move

# Every variant and mode, with options that keep a game short: the registry's.
CASES = [(variant, options) for variant, _, options in MODES]
SPECTATOR = None
# Where the action field once leaked (issue 19): the event whose action hides cards from the others.
LEAKED = {"alphapoker": "exchanges", "alphapoker-belote-secrete": "lays", "daker-draw": "discards",
          "daker-round": "discards", "chinese-classic": "sets", "chinese-pineapple": "places"}  # fmt: skip


def practice(seed: int) -> bool:
    """Seed 2's tables give hints: the hints a practice table lists hide nothing either."""
    return seed == 2


def case_id(variant: str, options: dict[str, str]) -> str:
    return f"{variant}-{options.get('mode') or options.get('style') or ''}".strip("-")


@dataclass
class Received:
    """Every message one receiver (a seat, or None for a spectator) got."""

    events: list[tpb.TableEvent] = field(default_factory=list)
    views: list[tpb.GetViewResponse] = field(default_factory=list)


class Watcher(threading.Thread):
    """A live WatchTable stream, kept until the game ends."""

    def __init__(self, api: BrelanClient, table_id: str, token: str | None) -> None:
        super().__init__(daemon=True)
        self.stream: Iterator[tpb.TableEvent] = api.watch(table_id, token=token)
        self.events: list[tpb.TableEvent] = []
        self.start()

    def run(self) -> None:
        self.events.extend(self.stream)


def play(api: BrelanClient, variant: str, options: dict[str, str], seed: int) -> tuple[str, dict[Any, Received], list[str]]:
    """Seat 0 plays random legal moves against bots; returns the table id, what each receiver got, what seat 0 sent."""
    me = seat_against_bots(api, variant, options, hints=practice(seed))
    table = api.get_table(me.table_id)
    live = {0: Watcher(api, table.table_id, me.token), SPECTATOR: Watcher(api, table.table_id, None)}
    got = {0: Received(), SPECTATOR: Received()}
    sent: list[str] = []
    rng = random.Random(seed)
    deadline = time.monotonic() + 120
    while api.get_table(table.table_id).status != tpb.TABLE_STATUS_FINISHED:
        assert time.monotonic() < deadline, "the game did not end"
        # With the JSON views: each is held whole to the oracle's engine view for its receiver, and the typed one to it
        response = me.view(with_json=True)
        got[0].views.append(response)
        got[SPECTATOR].views.append(api.view(table.table_id, with_json=True))
        # A hand set whole (a fantasyland's) at a table without hints: its list names no move (the solver's set is
        # a hint), so seat 0 plays one from the legal space (it waited for ever: CI's "the game did not end")
        whole = unnamed_move(response)
        if not response.legal and whole is None:
            time.sleep(0.002)
            continue
        action = (str(get_variant(variant).parse_action(whole)) if whole  # as the log says it
                  else rng.choice(list(response.legal)))
        family = family_of(variant)
        try:  # typed actions alone play every game with a typed contract
            acted = me.act(typed_action(family, get_variant(variant), action) if family else action,
                           expected_seq=response.seq)  # fmt: skip
        except ServiceError as e:  # a bot moved first, or won the race to a claim
            assert e.code in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION), e
            continue
        sent.append(action)
        got[0].events += acted.events
    for receiver, watcher in live.items():
        watcher.join(30)
        assert not watcher.is_alive()
        got[receiver].events += watcher.events
        token = me.token if receiver == 0 else None
        hands = max(e.hand for e in watcher.events)
        for hand in range(1, hands + 1):
            got[receiver].events += api.hand_history(table.table_id, hand, token=token)
        got[receiver].events += list(api.watch(table.table_id, token=token))  # the log replayed after the end
    return table.table_id, got, sent


class Oracle:
    """The game as it truly was, from its transcript: every event, and the engine at every seq."""

    def __init__(self, transcript: Transcript, store: Store, hints: bool) -> None:
        self.hints = hints
        self.variant = playable(transcript.variant, store.get)
        self.events: list[str] = [line for line in transcript.lines if not line.startswith(">")]
        self.states: dict[int, list[tuple[dict[Any, Any], dict[Any, list[str]]]]] = {}
        state = self.variant.new_game(self.variant.make_options(transcript.options), game_rng(transcript.seed))
        seq = len(state.start_events)
        self._keep(state, seq)
        for line in transcript.lines:
            if line.startswith(">"):
                seat, text = parse_action_line(line)
                seq += len(state.apply(seat, self.variant.parse_action(text)))
                self._keep(state, seq)
        self.final = state

    def _keep(self, state: Any, seq: int) -> None:
        receivers = [*range(state.players), SPECTATOR]
        views = {r: jsonable(state.view(r)) for r in receivers}
        legal = {r: [] if r is None or state.is_over else self._legal(state, r) for r in receivers}
        for r, view in views.items():
            if "legal" in view:
                view["legal"] = legal[r] if r is not None else view["legal"]
        self.states.setdefault(seq, []).append((views, legal))

    def _legal(self, state: Any, seat: int) -> list[str]:
        """What a player is told: the engine's legal actions, its hints taken out unless the table gives them."""
        answers = [] if self.hints else state.hints(seat)
        return [str(a) for a in state.legal_actions(seat) if a not in answers]

    def redacted(self, seq: int, receiver: int | None) -> str:
        return str(self.final.redact(self.variant.parse_event(self.events[seq - 1]), receiver))


def string_fields(message: Any) -> Iterator[tuple[str, str]]:
    """Every string in a message, nested messages (the typed event) included: (its field's name, the string)."""
    for descriptor, value in message.ListFields():
        if descriptor.type == FieldDescriptor.TYPE_STRING:
            for text in [value] if isinstance(value, str) else value:
                yield descriptor.name, text
        elif descriptor.type == FieldDescriptor.TYPE_MESSAGE:
            for item in [value] if isinstance(value, Message) else value:
                yield from string_fields(item)


def check_event(oracle: Oracle, message: tpb.TableEvent, receiver: int | None, sent: list[str]) -> None:
    true = oracle.events[message.seq - 1]
    assert message.text == oracle.redacted(message.seq, receiver), (receiver, true)
    own = receiver is not None and message.HasField("actor") and message.actor == receiver
    if own:
        assert message.action in sent  # what it sent, which may share a card with a new hand's hidden deal
    hidden = Counter(true.split()) - Counter(message.text.split())
    for name, text in string_fields(message):
        if name != "text" and not (own and name == "action"):
            leaked = hidden.keys() & set(text.split())
            assert not leaked, f"{name} {text!r} shows {sorted(leaked)} to {receiver} (the event: {message.text!r})"


def check_game(api: BrelanClient, store: Store, variant: str, options: dict[str, str], seed: int) -> int:
    """Play one game and check all its messages; returns how many hidden events of the case's LEAKED tag came."""
    table_id, got, sent = play(api, variant, options, seed)
    oracle = Oracle(Transcript.parse(api.transcript(table_id).transcript), store, practice(seed))
    assert oracle.final.is_over
    tag = LEAKED.get(case_id(variant, options))
    regressions = 0
    family = family_of(variant)
    if family is not None:
        typed.check_result(family, api.get_table(table_id))
    for receiver, received in got.items():
        assert received.events and received.views
        for message in received.events:
            check_event(oracle, message, receiver, sent)
            if family is not None:  # the typed event agrees with the text, so it shows what the text shows
                typed.check_event(family, oracle.variant, message)
                typed.check_notes(family, message)  # and its notes say what the engine decided of it
        for view in received.views:
            engine = oracle.states[view.seq]
            shown = (json.loads(view.view), list(view.legal))
            assert any(shown == (views[receiver], legal[receiver]) for views, legal in engine), (receiver, view.seq)
            assert view.HasField("seat") == (receiver is not None)
            if family is not None and shown[0]:
                typed.check_view(family, shown[0], view)
                typed.check_space(view.space, shown[1])
                typed.check_judged(view, receiver)  # a best hand, a judged row: of pieces the receiver sees
        others = [m for m in received.events if tag and m.text.split()[1:2] == [tag] and m.actor != receiver
                  and m.text != oracle.events[m.seq - 1]]  # fmt: skip
        assert all(m.action == "" for m in others)
        regressions += len(others)
    return regressions


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("variant, options", CASES, ids=[case_id(*case) for case in CASES])
def test_no_message_shows_a_seat_or_a_spectator_what_is_hidden_from_it(
    api: BrelanClient, store: Store, variant: str, options: dict[str, str], seed: int
) -> None:
    seen = check_game(api, store, variant, options, seed)
    # Each example of the leak (issue 19) must be met: the deal is the server's, so play on until it is.
    for more in range(1, 10):
        if seen or case_id(variant, options) not in LEAKED:
            break
        seen = check_game(api, store, variant, options, seed + 1000 * more)
    assert seen or case_id(variant, options) not in LEAKED, "no hidden event of the kind that leaked, in 10 games"
