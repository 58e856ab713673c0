"""AlphaPoker through the real gRPC server: words judged by the server's lexicon, hidden hands, the rules' timers."""

from __future__ import annotations

import time
from pathlib import Path

import grpc

from brelan.api.v1 import alphapoker_pb2 as apb
from brelan.clients.client import BrelanClient, typed
from brelan.server.clock import ManualClock
from brelan.server.games.alphapoker import VARIANT, conserved
from brelan.server.games.transcript import Transcript, replay
from brelan.server.main import ServerThread

from conftest import advance, error_of

HIDDEN_TAGS = ("cards", "exchanges", "receives")


def test_a_game_against_bots_hides_every_unlaid_card_and_replays(api: BrelanClient, word_server: ServerThread) -> None:
    info = api.create_table("alphapoker", {"players": "3", "rounds": "3"}, bot_seats=[1, 2])
    me = api.join(info.table_id)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline
        response = me.view(with_json=True)  # the JSON view too: conserved() counts the engine's view, rebuilt from it
        assert conserved(VARIANT.view_from_json(response.view))
        view = typed(response)
        assert all(c == "??" for seat in view.seats if seat.seat != 0 for c in seat.hand)
        if view.phase == apb.AlphaPokerView.PHASE_OVER:
            break
        if response.legal:
            legal = list(response.legal)
            move = next((a for a in ("exchange", "call", "stop", "bet 1") if a in legal), legal[0])
            me.act(move, expected_seq=response.seq)
        else:
            time.sleep(0.005)
    laid: dict[str, list[str]] = {}
    for event in api.watch(info.table_id):  # as a spectator
        words = event.text.split()
        if words[1:2] and words[1] in HIDDEN_TAGS:
            assert set(words[2:]) <= {"??"}, event.text
        if words[1:2] == ["lays"]:
            laid.setdefault(words[0], []).append(event.text)
    assert laid, "words were laid and shown"
    handler = word_server.running.handler
    assert handler is not None
    state = replay(Transcript.parse(api.transcript(info.table_id).transcript), handler.named)
    assert state.is_over


def test_a_word_game_needs_a_lexicon_and_the_one_it_names(api: BrelanClient, tmp_path: Path) -> None:
    e = error_of(api.create_table, "alphapoker", {"lexicon": "nothere"})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "options[lexicon]"
    assert "unknown lexicon 'nothere' (served: " in e.violations[0][1]
    e = error_of(api.create_table, "alphapoker", {"hand": "10"})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "options[hand]"
    bare = ServerThread(tmp_path, lexicons=False)
    try:
        with BrelanClient(bare.target) as client:
            client.wait_ready()
            e = error_of(client.create_table, "alphapoker", {})
            assert e.code == grpc.StatusCode.FAILED_PRECONDITION and e.reason == "NO_LEXICON"
    finally:
        bare.stop()


def test_the_rules_time_limits_exchange_nothing_then_fold_a_bet(api: BrelanClient, word_server: ServerThread,
                                                                 clock: ManualClock) -> None:  # fmt: skip
    """RULINGS, turn 4: an exchange's clock exchanges nothing and the seat stays in the deal; a bet's folds."""
    info = api.create_table("alphapoker", {"players": "2", "lexicon": "mini", "hand": "5"})  # one exchange round
    a, b = api.join(info.table_id), api.join(info.table_id)
    first = a if a.view().legal else b
    held = list(first.view().alphapoker.seats[first.seat].hand)
    assert 59 < first.view().deadline_seconds <= 60  # an exchange: a minute
    advance(word_server, clock, 61)
    seen = first.view().alphapoker.seats[first.seat]
    assert seen.in_deal and list(seen.hand) == held  # nothing exchanged, still in the deal
    second = b if first is a else a
    assert second.view().legal
    second.act("exchange")
    opener = a if a.view().legal else b
    assert 19 < opener.view().deadline_seconds <= 20  # the bet has 20 seconds
    advance(word_server, clock, 21)
    events = [e.text for e in api.hand_history(info.table_id, 1, token=a.token)]
    assert f"p{first.seat} exchanges" in events  # its clock's move: no card
    assert f"p{opener.seat} folds" in events
