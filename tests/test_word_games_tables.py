"""Bataille and belote through the real gRPC server: claim races, real-time bots on the table clock, the secret stack."""

from __future__ import annotations

import asyncio

import threading
import time

import grpc

from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.bots import run_remote
from brelan.api.v1 import bataille_pb2 as bpb
from brelan.api.v1 import belote_pb2 as lpb
from brelan.clients.client import BrelanClient, SeatHandle, auth, typed
from brelan.lexicon.store import DEFAULT_LEXICON
from brelan.server.clock import ManualClock
from brelan.server.errors import ServiceError
from brelan.server.games.base import jsonable
from brelan.server.games.registry import playable
from brelan.server.games.transcript import Transcript, replay
from brelan.server.main import ServerThread
from brelan.server.typed.bataille import FAMILY as BATAILLE

from conftest import advance, error_of
from typed_support import event_text


def wait_for(check: object, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"waited for {what}"
        time.sleep(0.01)


def turn(view: bpb.BatailleView) -> int | None:
    """Who lays next; None when nobody does (the last call, the game's end)."""
    return view.turn if view.HasField("turn") else None


def lay_until_a_word(players: list[SeatHandle]) -> tuple[int, str]:
    """Both seats are people: they lay in turn until the table makes a word; the claim count and that word."""
    while True:
        view = typed(players[0].view())
        claims = [a for a in players[0].view().legal if a.startswith("claim") and not a.endswith(" -")]
        if claims:
            return view.claims, claims[0].split()[2]
        players[turn(view)].act("lay")  # type: ignore[index]


def test_two_claims_at_once_the_first_received_wins_and_the_other_hears_who(api: BrelanClient) -> None:
    info = api.create_table("alphapoker-bataille", {}, hints=True)  # the legal list names the words to claim
    players = [api.join(info.table_id, seat=s) for s in (0, 1)]
    claims, word = lay_until_a_word(players)
    seq = players[0].view().seq
    start = threading.Barrier(2)
    answers: dict[int, object] = {}

    def claim(seat: int) -> None:
        start.wait()
        try:
            answers[seat] = players[seat].act(f"claim {claims} {word}", expected_seq=seq)
        except ServiceError as e:
            answers[seat] = e

    threads = [threading.Thread(target=claim, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lost = [s for s, a in answers.items() if isinstance(a, ServiceError)]
    assert len(lost) == 1, answers
    loser, winner = lost[0], 1 - lost[0]
    error = answers[loser]
    assert isinstance(error, ServiceError) and error.code == grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason == "LOST_RACE" and f"p{winner} claimed first" in str(error)
    texts = [e.text for e in answers[winner].events]  # type: ignore[attr-defined]
    assert texts[0] == f"p{winner} claims {word}"
    view = typed(players[loser].view())
    assert view.claims == claims + 1 and event_text(BATAILLE, view.previous[0]) == f"p{winner} claims {word}"


def test_bots_act_after_their_reaction_time_and_a_late_layer_is_laid_for(api: BrelanClient, word_server: ServerThread,
                                                                          clock: ManualClock) -> None:  # fmt: skip
    info = api.create_table("alphapoker-bataille", {"reaction": "2", "card_seconds": "5"}, bot_seats=[1])
    me = api.join(info.table_id, seat=0)
    me.act("lay")
    time.sleep(0.1)
    assert turn(typed(me.view())) == 1  # the bot waits its reaction time on the table's clock, then its pace:
    advance(word_server, clock, 1.9)  # an intermediate bot lays 4.5 s after the card before at reaction 2 (issue 41)
    assert turn(typed(me.view())) == 1
    advance(word_server, clock, 2.5)
    assert turn(typed(me.view())) == 1
    advance(word_server, clock, 0.2)
    wait_for(lambda: turn(typed(me.view())) == 0, "the bot's card")
    response = me.view()
    assert 4.9 <= response.deadline_seconds <= 5.0
    advance(word_server, clock, 5.1)  # my time is up: my card is laid for me
    wait_for(lambda: len(typed(me.view()).table) == 3, "my card, laid on time-out")
    layers = []
    for event in me.watch():  # the game goes on: stop at the third card
        if " lays " in event.text:
            layers.append(event.text.split()[0])
            if len(layers) == 3:
                break
    assert layers == ["p0", "p1", "p0"]
    # no pause between hands in real time: who may act during it would race the bots unopposed
    e = error_of(api.create_table, "alphapoker-bataille", {}, bot_seats=[1], pause_seconds=5)
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == "pause_seconds", e
    assert "real time" in e.violations[0][1], e


def test_bots_claim_what_they_see(api: BrelanClient, word_server: ServerThread) -> None:
    info = api.create_table("alphapoker-bataille", {"reaction": "0", "lexicon": DEFAULT_LEXICON}, bot_seats=[0, 1])
    wait_for(lambda: api.get_table(info.table_id).status == tpb.TABLE_STATUS_FINISHED, "a bots' game to end", 60)
    transcript = Transcript.parse(api.transcript(info.table_id).transcript)
    assert sum(" claims " in line for line in transcript.lines) > 10
    handler = word_server.running.handler
    assert handler is not None
    assert replay(transcript, handler.named).is_over


def test_remote_bots_claim_out_of_turn_too(api: BrelanClient, word_server: ServerThread) -> None:
    handler = word_server.running.handler
    assert handler is not None
    variant = playable("alphapoker-bataille", handler.named)
    summary = asyncio.run(run_remote(word_server.target, variant, {"reaction": "0", "lexicon": DEFAULT_LEXICON}, 1, 1,
                                     "claims", lambda n: None))  # fmt: skip
    assert summary.games == 1 and summary.errors == 0, summary.messages
    table_id = next(t.table_id for t in api.list_tables(include_finished=True) if t.name.startswith("bots claims"))
    transcript = Transcript.parse(api.transcript(table_id).transcript)
    assert sum(" claims " in line for line in transcript.lines) > 10  # bots over gRPC watch for words, as in-server ones


def test_secret_belote_feeds_show_no_stack_and_views_one_card(api: BrelanClient, word_server: ServerThread) -> None:
    info = api.create_table("alphapoker-belote-secrete", {"reaction": "0", "target": "100"}, bot_seats=[0, 1, 2, 3])
    wait_for(lambda: api.get_table(info.table_id).status == tpb.TABLE_STATUS_FINISHED, "a bots' secret belote to end", 60)
    stacks = 0
    for event in api.watch(info.table_id):  # a spectator
        words = event.text.split()
        if words[1:2] in (["lays"], ["cards"]):
            assert set(words[2:]) == {"??"}, event.text
        stacks += words[0] == "stack"
    assert stacks > 0
    handler = word_server.running.handler
    assert handler is not None
    state = replay(Transcript.parse(api.transcript(info.table_id).transcript), handler.named)
    assert state.is_over and max(jsonable(state.result)["totals"]) >= 100


def test_a_belote_player_sees_the_top_card_only(api: BrelanClient) -> None:
    info = api.create_table("alphapoker-belote-secrete", {"reaction": "0"}, bot_seats=[1, 2, 3])
    me = api.join(info.table_id, seat=0)
    for _ in range(12):
        response = me.view()
        view = typed(response)
        assert sum(c != "??" for c in view.table) <= 1
        assert all(set(s.hand) <= {"??"} for s in view.seats[1:])
        if response.legal:
            lay = view.stage == lpb.BeloteView.STAGE_LAY
            me.act(response.legal[-1] if not lay else response.legal[0], expected_seq=response.seq)
        else:
            time.sleep(0.01)


def test_a_real_time_game_refuses_a_decisions_only_stream(api: BrelanClient) -> None:
    """A claim needs no decision open: a bataille seat watching its decisions alone would never see one to claim."""
    info = api.create_table("alphapoker-bataille", {"lexicon": "mini"})
    ann = api.join(info.table_id, seat=0)
    request = tpb.WatchTableRequest(table_id=info.table_id, with_view=True, decisions_only=True)
    try:
        next(api.table_stub.WatchTable(request, metadata=auth(ann.token)))
    except grpc.RpcError as e:
        assert e.code() == grpc.StatusCode.INVALID_ARGUMENT and "real time" in (e.details() or ""), e
    else:
        raise AssertionError("a decisions_only stream of a real-time game was opened")
