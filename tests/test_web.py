"""Browsers' transport: the services over Connect on the web port, answered by the gRPC servicers themselves."""

from __future__ import annotations

import base64
import json
import logging
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator

import grpc
import h2.config
import h2.connection
import h2.events
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from conftest import post, spawn

from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1.table_pb2_grpc import TableServiceStub
from brelan.clients.client import BrelanClient, auth
from brelan.server.clock import ManualClock
from brelan.server.errors import ServiceError

from brelan.server.games.base import options_dict
from brelan.server.games.registry import VARIANTS, get_variant
from brelan.server.main import ServerThread

API = "/brelan.api.v1."
SECURITY = {"x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}
PAGE = Path(__file__).parent.parent / "clients" / "web"


def stream(url: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """A Connect server-streaming call (enveloped JSON): every message; it must end without an error."""
    messages, error = stream_end(url, body)
    assert error is None, error
    return messages


def stream_end(url: str, body: dict[str, Any], headers: dict[str, str] | None = None,
               ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:  # fmt: skip
    """A Connect server-streaming call (enveloped JSON): every message, and the error its end carries (None: none)."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, struct.pack(">BI", 0, len(data)) + data,
                                     {"content-type": "application/connect+json", **(headers or {})})  # fmt: skip
    messages = []
    with urllib.request.urlopen(request, timeout=60) as response:
        raw = response.read()
    while raw:
        flags, size = struct.unpack(">BI", raw[:5])
        message, raw = json.loads(raw[5 : 5 + size]), raw[5 + size :]
        if flags & 2:  # end of stream
            return messages, message.get("error")
        messages.append(message)
    raise AssertionError("the stream ended without its end-of-stream message")


def envelope(body: dict[str, Any]) -> bytes:
    """A Connect stream's request: one enveloped JSON message."""
    data = json.dumps(body).encode()
    return struct.pack(">BI", 0, len(data)) + data


def answer(url: str, body: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, Any, bytes]:
    """An HTTP/1.1 request: (status, headers, body), errors included."""
    request = urllib.request.Request(url, body, headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


@pytest.fixture(scope="module")
def light(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A tables-only server of its own with its web port, which any Host may name (it starts at once)."""
    server = ServerThread(tmp_path_factory.mktemp("light"), lexicons=False, web_port=0, allowed_hosts=("*",))
    yield server
    server.stop()


class H2c:
    """An HTTP/2 client over plain TCP ("prior knowledge"), as grpcurl and curl --http2-prior-knowledge talk."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.connection.initiate_connection()
        self.flush()
        self.answers: dict[int, dict[str, Any]] = {}
        self.goaway: h2.events.ConnectionTerminated | None = None

    def flush(self) -> None:
        self.socket.sendall(self.connection.data_to_send())

    def open(self, path: str, headers: dict[str, str], method: str = "POST", host: str = "") -> int:
        """Send a request's headers (its stream stays open for its body): its stream id."""
        stream = self.connection.get_next_available_stream_id()
        self.connection.send_headers(stream, [(":method", method), (":path", path), (":scheme", "http"),
                                              (":authority", host or f"127.0.0.1:{self.port}"), *headers.items()],
                                     end_stream=method == "GET")  # fmt: skip
        self.flush()
        self.answers[stream] = {"status": 0, "headers": {}, "body": b"", "ended": False}
        return stream

    def send(self, stream: int, data: bytes, end: bool = True) -> None:
        self.connection.send_data(stream, data, end_stream=end)
        self.flush()

    def read(self, until: Any) -> None:
        """Handle what the server sends until ``until()`` holds."""
        while not until():
            data = self.socket.recv(65536)
            assert data, "the server closed the connection"
            for event in self.connection.receive_data(data):
                answer = self.answers.get(getattr(event, "stream_id", 0))
                if isinstance(event, h2.events.ResponseReceived) and answer is not None:
                    answer["headers"] = {k.decode(): v.decode() for k, v in event.headers}
                    answer["status"] = int(answer["headers"][":status"])
                elif isinstance(event, h2.events.DataReceived) and answer is not None:
                    answer["body"] += event.data
                    self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                elif isinstance(event, (h2.events.StreamEnded, h2.events.StreamReset)) and answer is not None:
                    answer["ended"] = True
                elif isinstance(event, h2.events.ConnectionTerminated):
                    self.goaway = event
            self.flush()

    def call(self, path: str, body: bytes, content_type: str = "application/json") -> dict[str, Any]:
        stream = self.open(path, {"content-type": content_type})
        self.send(stream, body)
        self.read(lambda: self.answers[stream]["ended"])
        return self.answers.pop(stream)

    def close(self) -> None:
        self.socket.close()


def web_port(log: Path) -> int:
    """A spawned server's web port, from its first line."""
    found = re.search(r"browsers: http://[^:]+:(\d+)/", log.read_text())
    assert found, log.read_text()
    return int(found.group(1))


def test_a_curl_like_json_call_checks_words(web: str) -> None:
    status, body = post(web + API + "LexiconService/CheckWords", {"words": ["porte", "mangeons"]})
    assert status == 200
    verdicts = {v["word"]: v for v in body["verdicts"]}
    assert verdicts["porte"]["admissible"] is True
    assert not verdicts["mangeons"].get("admissible") and "conjugated" in verdicts["mangeons"]["reason"]


def test_errors_are_connect_errors_with_the_grpc_details(web: str) -> None:
    status, body = post(web + API + "TableService/CreateTable", {"variant": "nope"})
    assert status == 400 and body["code"] == "invalid_argument" and "unknown game 'nope'" in body["message"]
    assert [d["type"] for d in body["details"]] == ["google.rpc.BadRequest"]
    status, body = post(web + API + "TableService/GetView", {"tableId": "t-00000000"}, token="not-a-token")
    assert status == 401 and body["code"] == "unauthenticated"


# Typed actions whose text the engine cannot read (issue 37: INTERNAL over gRPC, 500 over Connect): the table,
# the typed field (JSON) and the field a BadRequest must name.
MALFORMED = [
    ("alphapoker-belote", {"belote": {"propose": {"word": {"letters": "A1"}}}}, "belote.propose.word.letters"),
    ("alphapoker-belote-secrete", {"belote": {"propose": {"word": {"letters": "AB CD"}}}}, "belote.propose.word.letters"),
    ("alphapoker-bataille", {"bataille": {"claim": {"word": {"letters": "??"}}}}, "bataille.claim.word.letters"),
    ("alphapoker-bataille", {"bataille": {"claim": {"word": {"letters": "-"}}}}, "bataille.claim.word.letters"),
    ("alphapoker", {"alphapoker": {"lay": {"cards": [{"card": "?r", "letter": "1"}]}}}, "alphapoker.lay.cards[0].letter"),
    ("alphapoker", {"alphapoker": {"lay": {"cards": [{"card": "?b", "letter": "??"}]}}}, "alphapoker.lay.cards[0].letter"),
]  # fmt: skip


@pytest.mark.parametrize("variant, move, path", MALFORMED, ids=lambda x: x if isinstance(x, str) else None)
def test_a_malformed_typed_action_is_invalid_argument_naming_its_field_over_both_transports(
        web_server: ServerThread, web: str, variant: str, move: dict[str, Any], path: str) -> None:  # fmt: skip
    game = get_variant(variant)
    with BrelanClient(web_server.target) as api:
        table = api.create_table(variant, bot_seats=range(1, game.seats(game.make_options({}))), lexicon="mini")
        seat = api.join(table.table_id, seat=0)
        request = json_format.ParseDict({"tableId": table.table_id, "seat": 0, **move}, tpb.ActRequest())
        with pytest.raises(grpc.RpcError) as e:
            TableServiceStub(api.channel).Act(request, metadata=[("authorization", f"Bearer {seat.token}")], timeout=10)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert [v[0] for v in ServiceError.from_rpc_error(e.value).violations] == [path]
    status, body = post(web + API + "TableService/Act", {"tableId": table.table_id, "seat": 0, **move}, seat.token)
    assert status == 400 and body["code"] == "invalid_argument", body
    [bad] = [d for d in body["details"] if d["type"] == "google.rpc.BadRequest"]
    violation = error_details_pb2.BadRequest.FromString(base64.b64decode(bad["value"] + "=="))
    assert [v.field for v in violation.field_violations] == [path]


def test_a_seat_is_played_and_watched_over_connect(web: str) -> None:
    status, created = post(web + API + "TableService/CreateTable", {"variant": "poker-champ", "botSeats": [1, 2],
                                                                      "options": {"players": "3", "awards_to_win": "1"}})
    table = created["table"]
    assert status == 200 and table["status"] == "TABLE_STATUS_WAITING"
    status, joined = post(web + API + "TableService/JoinTable", {"tableId": table["tableId"], "player": "web"})
    assert status == 200 and joined.get("seat", 0) == 0  # proto3 JSON leaves out default values
    token = joined["token"]
    for _ in range(500):  # seat 0 plays its first legal action each time, until the game ends
        status, view = post(web + API + "TableService/GetView", {"tableId": table["tableId"]}, token)
        assert status == 200
        if view["pokerChamp"]["phase"] == "PHASE_OVER":
            break
        if view.get("legal"):
            status, acted = post(web + API + "TableService/Act", {"tableId": table["tableId"], "seat": 0,
                                                                   "action": view["legal"][0]}, token)  # fmt: skip
            assert status in (200, 409), acted  # 409: aborted, the table moved on (a bot acted first)
    else:
        raise AssertionError("the game did not end")
    events = stream(web + API + "TableService/WatchTable", {"tableId": table["tableId"]})
    events = [e["event"] for e in events]
    assert [int(e["seq"]) for e in events] == list(range(1, len(events) + 1)) and events[-1].get("final") is True
    holes = [e["text"].split()[2:] for e in events if e["text"].split()[1:2] == ["hole"]]
    assert holes and all(card.startswith("[") for cards in holes for card in cards)  # a spectator sees marked backs


def test_the_page_is_served_and_nothing_else(web: str) -> None:
    with urllib.request.urlopen(web + "/", timeout=10) as response:
        assert response.headers["content-type"].startswith("text/html") and b"brelan" in response.read()
    for path in ("/nothere.js", "/../pyproject.toml", API + "LexiconService/Nothing"):
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(web + path, timeout=10)
        assert e.value.code == 404, path


def test_serve_says_in_one_line_when_the_web_port_is_taken(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "serve", "--no-lexicon", "--port", "0",
                               "--web-port", str(port), "--data-dir", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"cannot listen for browsers on 127.0.0.1:{port}" in lines[0] and "--no-web" in lines[0]


def test_serve_says_in_one_line_when_its_port_is_taken_by_another_server_or_any_socket(tmp_path: Path) -> None:
    """grpc binds with SO_REUSEPORT by default: a second ``brelan serve`` on a port in use said "serving" and the
    kernel split the connections between the two; a port held by another socket was an internal error (issue 37)."""
    first, target = spawn(tmp_path / "first")
    port = int(target.rsplit(":", 1)[1])
    try:
        with socket.create_server(("127.0.0.1", 0)) as other:
            for taken in (port, other.getsockname()[1]):
                done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "serve", "--no-lexicon", "--no-web",
                                       "--port", str(taken), "--data-dir", str(tmp_path / "second")],
                                      capture_output=True, text=True, timeout=60)  # fmt: skip
                assert done.returncode == 2, done.stderr
                assert done.stderr.splitlines() == [f"brelan: error: cannot listen on 127.0.0.1:{taken}: the port is "
                                                    "taken; choose another --port"]  # fmt: skip
        assert first.poll() is None  # the first serves on
    finally:
        first.terminate()
        first.wait(30)


def test_list_variants_gives_every_game_with_its_options_defaults_and_ranges(web: str) -> None:
    status, body = post(web + API + "TableService/ListVariants", {})
    assert status == 200
    variants = {v["name"]: v for v in body["variants"]}
    assert set(variants) == set(VARIANTS)
    for name, info in variants.items():
        game = get_variant(name)
        defaults = options_dict(game.make_options({}))
        assert {o["name"]: o.get("defaultValue", "") for o in info["options"]} == defaults
        assert game.make_options({o["name"]: o.get("defaultValue", "") for o in info["options"]}) == game.make_options({})
    champ = {o["name"]: o for o in variants["poker-champ"]["options"]}
    assert champ["length"]["kind"] == "OPTION_KIND_CHOICE" and champ["length"]["choices"] == ["awards", "chrono", "long"]
    assert (champ["chips"]["kind"], champ["chips"]["most"]) == ("OPTION_KIND_INTEGER", "1000000")
    assert variants["alphapoker-bataille"]["realtime"] and variants["alphapoker"]["judgesWords"]
    for name, info in variants.items():  # each game's facts, as it declares them
        facts = get_variant(name).facts
        assert (info.get("teamSize", 0), info.get("reviewsHands", False), info.get("roundName", "")) == \
            (facts.team_size, facts.reviews_hands, facts.round_name)  # fmt: skip
    assert variants["alphapoker-belote"]["teamSize"] == 2 and variants["chinese"]["reviewsHands"]


# -- the listener: what a browser is told, whom it answers, how it keeps connections and stops -------------------


def test_every_answer_carries_the_security_headers(web: str) -> None:
    json_call = {"content-type": "application/json"}
    answers = [answer(web + "/"), answer(web + "/app.js"), answer(web + "/style.css"), answer(web + "/nothere.js"),
               answer(web + API + "LexiconService/CheckWords", b'{"words": ["porte"]}', json_call),
               answer(web + API + "TableService/CreateTable", b'{"variant": "nope"}', json_call)]  # fmt: skip
    assert [status for status, _, _ in answers] == [200, 200, 200, 404, 200, 400]
    for _, headers, _ in answers:
        policy = [rule.strip() for rule in headers["content-security-policy"].split(";")]
        assert {"default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'",
                "frame-ancestors 'none'"} <= set(policy)  # fmt: skip
        assert {name: headers[name] for name in SECURITY} == SECURITY


def test_the_page_needs_nothing_its_policy_forbids() -> None:
    """No inline script, style or event handler: the policy runs and styles only the server's own files."""
    html = (PAGE / "index.html").read_text()
    assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", html)
    inline = re.compile(r"innerHTML|insertAdjacentHTML|\beval\(|new Function|\bstyle\s*:|\"style\"\s*:|setAttribute\(\"style")
    for script in PAGE.glob("**/*.js"):
        assert not inline.search(script.read_text()), script


def test_a_request_naming_another_host_is_refused_and_makes_no_call(web: str) -> None:
    def tables() -> int:
        status, body = post(web + API + "TableService/ListTables", {})
        assert status == 200
        return len(body.get("tables", []))

    port = web.rsplit(":", 1)[1]
    before = tables()
    create = json.dumps({"variant": "poker-champ"}).encode()
    status, headers, body = answer(web + API + "TableService/CreateTable", create,
                                   {"content-type": "application/json", "host": f"rebound.example:{port}"})  # fmt: skip
    assert status == 421 and headers["content-type"].startswith("text/plain") and headers["x-frame-options"] == "DENY"
    assert body.decode().count("\n") == 1 and body.decode().endswith("\n") and "'rebound.example:" in body.decode()
    assert tables() == before  # no call was made
    assert answer(web + "/", headers={"host": "rebound.example"})[0] == 421
    for host in ("localhost", f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", "LocalHost."):
        assert answer(web + "/", headers={"host": host})[0] == 200, host


def test_allowed_host_advertise_and_host_add_names_and_a_star_allows_any(tmp_path: Path, light: ServerThread) -> None:
    process, _ = spawn(tmp_path, 0, None, "--allowed-host", "cards.example.org", "--allowed-host", "10.0.0.7",
                       "--advertise", "node1.example.org:50051")  # fmt: skip
    try:
        base = f"http://127.0.0.1:{web_port(tmp_path / 'serve-0.log')}"
        for host in ("cards.example.org", "cards.example.org:8080", "10.0.0.7:8080", "node1.example.org:8443",
                     "127.0.0.1"):  # fmt: skip
            assert answer(base + "/", headers={"host": host})[0] == 200, host
        assert answer(base + "/", headers={"host": "example.org"})[0] == 421
    finally:
        process.terminate()
        process.wait(30)
    assert answer(f"http://127.0.0.1:{light.running.web.port}/", headers={"host": "anything.example"})[0] == 200


def test_each_browser_s_address_has_its_own_limits(tmp_path: Path) -> None:
    """Connect's calls are served in process with the browser's own address as the peer: one browser spending its
    table creations leaves another's whole (they were all one peer when the calls were relayed). The server's clock
    stands still: its buckets do not refill while a loaded machine serves the 120 calls slowly."""
    server = ServerThread(tmp_path, lexicons=False, web_port=0, clock=ManualClock())
    try:
        assert server.running.web is not None
        url = f"http://127.0.0.1:{server.running.web.port}{API}TableService/CreateTable"

        def create(source: str) -> tuple[int, dict[str, Any]]:
            return post(url, {"variant": "poker-champ"}, source=source)

        answers = [create("127.0.0.2") for _ in range(120)]  # the burst is 100 a peer
        refused = [a for status, a in answers if status != 200]
        assert len(refused) == 20 and refused[0]["code"] == "resource_exhausted", answers[-1]
        info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(refused[0]["details"][0]["value"] + "=="))
        assert info.reason == "RATE_LIMITED", refused[0]
        status, other = create("127.0.0.3")
        assert status == 200 and other["table"]["tableId"], other
    finally:
        server.stop()


def test_connect_over_h2c_answers_every_call_of_a_long_lived_connection(light: ServerThread) -> None:
    """hypercorn answered a connection's 1,001st request with a GOAWAY, and never the request itself."""
    client = H2c(light.running.web.port)
    try:
        for _ in range(24):  # 1,200 calls, 50 at a time
            streams = [client.open(API + "TableService/ListVariants", {"content-type": "application/json"})
                       for _ in range(50)]  # fmt: skip
            for stream in streams:
                client.send(stream, b"{}")
            client.read(lambda: all(client.answers[s]["ended"] for s in streams))
            assert [client.answers.pop(s)["status"] for s in streams] == [200] * 50 and client.goaway is None
    finally:
        client.close()


def test_a_grpc_reflection_probe_is_answered_unimplemented_and_logs_nothing(
    light: ServerThread, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    port = light.running.web.port
    probe = reflection_pb2.ServerReflectionRequest(list_services="").SerializeToString()
    client = H2c(port)
    try:
        # As grpc-go (grpcurl) sends it: the headers, then the request while the answer is already on its way.
        stream = client.open("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
                             {"content-type": "application/grpc", "te": "trailers"})  # fmt: skip
        client.read(lambda: client.answers[stream]["status"])
        client.send(stream, struct.pack(">BI", 0, len(probe)) + probe, end=False)
        client.send(stream, b"")
        client.read(lambda: client.answers[stream]["ended"])
        assert client.answers[stream]["status"] == 404  # gRPC's UNIMPLEMENTED
        page = client.open("/", {}, method="GET")  # the connection lives on
        client.read(lambda: client.answers[page]["ended"])
        assert client.answers[page]["status"] == 200
    finally:
        client.close()
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        with pytest.raises(grpc.RpcError) as e:
            list(reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
                iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10))
    assert e.value.code() == grpc.StatusCode.UNIMPLEMENTED
    time.sleep(0.2)  # what the server would log, it has logged
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], caplog.text


def test_sigterm_ends_the_open_streams_unavailable_and_logs_no_traceback(tmp_path: Path) -> None:
    process, _ = spawn(tmp_path)
    log = tmp_path / "serve-0.log"
    port = web_port(log)
    base = f"http://127.0.0.1:{port}"
    try:
        _, created = post(base + API + "TableService/CreateTable", {"variant": "poker-champ", "botSeats": [1, 2],
                                                                     "options": {"players": "3"}})  # fmt: skip
        table = created["table"]["tableId"]
        assert post(base + API + "TableService/JoinTable", {"tableId": table, "player": "web"})[0] == 200
        watch = urllib.request.Request(base + API + "TableService/WatchTable", envelope({"tableId": table}),
                                       {"content-type": "application/connect+json"})  # fmt: skip
        over_http1 = urllib.request.urlopen(watch, timeout=30)  # a stream over HTTP/1.1, open
        ends: list[bytes] = []
        reading = threading.Thread(target=lambda: ends.append(over_http1.read()))
        reading.start()
        client = H2c(port)  # one over HTTP/2, open
        stream = client.open(API + "TableService/WatchTable", {"content-type": "application/connect+json"})
        client.send(stream, envelope({"tableId": table}))
        client.read(lambda: client.answers[stream]["body"])
        idle = H2c(port)  # and an HTTP/2 connection idle after its call
        assert idle.call(API + "TableService/ListVariants", b"{}")["status"] == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
        client.read(lambda: client.answers[stream]["ended"])
        reading.join(10)
        for body in (ends[0], client.answers[stream]["body"]):
            assert b'"code": "unavailable"' in body.rsplit(b"\x02", 1)[-1]  # the end-of-stream message's
        idle.close()
        client.close()
    finally:
        if process.poll() is None:
            process.kill()
    text = log.read_text()
    assert "Traceback" not in text and " ERROR " not in text, text


# -- a watch ends the same over both transports (issue 37) ----------------------------------------------------

Ending = tuple[str, str]  # (status code's name, ErrorInfo reason): ("OK", "") for a stream that ended normally


def grpc_ending(target: str, table_id: str, token: str, timeout: float = 60) -> Ending:
    with grpc.insecure_channel(target) as channel:
        try:
            for _ in TableServiceStub(channel).WatchTable(tpb.WatchTableRequest(table_id=table_id), timeout=timeout,
                                                          metadata=auth(token)):  # fmt: skip
                pass
        except grpc.RpcError as e:
            return e.code().name, ServiceError.from_rpc_error(e).reason
    return "OK", ""


def connect_ending(web: str, table_id: str, token: str, timeout: float = 60) -> Ending:
    headers = {**dict(auth(token)), "connect-timeout-ms": str(int(timeout * 1000))}
    _, error = stream_end(web + API + "TableService/WatchTable", {"tableId": table_id}, headers)
    if error is None:
        return "OK", ""
    reasons = [error_details_pb2.ErrorInfo.FromString(base64.b64decode(d["value"] + "==")).reason
               for d in error.get("details", []) if d["type"] == "google.rpc.ErrorInfo"]  # fmt: skip
    return error["code"].upper(), "".join(reasons)


def both_endings(server: ServerThread, table_id: str, token: str, end: Callable[[], None] = lambda: None,
                 timeout: float = 60) -> tuple[Ending, Ending]:  # fmt: skip
    """How a gRPC and a Connect watch of ``table_id`` (with ``token``) end, each opened before ``end()`` is run."""
    assert server.running.web is not None
    web = f"http://127.0.0.1:{server.running.web.port}"
    with ThreadPoolExecutor(2) as pool:
        over_grpc = pool.submit(grpc_ending, server.target, table_id, token, timeout)
        over_connect = pool.submit(connect_ending, web, table_id, token, timeout)
        deadline = time.monotonic() + 10
        while server.call(watchers(server, table_id)) < 2:  # both streams are open
            assert time.monotonic() < deadline, "the watches did not open"
            time.sleep(0.02)
        end()
        return over_grpc.result(60), over_connect.result(60)


async def watchers(server: ServerThread, table_id: str) -> int:
    table = server.running.tables.tables.get(table_id)
    return len(table.watchers) if table is not None else 2  # over already: the streams end at once


@pytest.fixture
def stopping(tmp_path: Path) -> Iterator[ServerThread]:
    server = ServerThread(tmp_path, lexicons=False, web_port=0)
    yield server
    server.stop()


def waiting_seat(server: ServerThread) -> tuple[str, str, BrelanClient]:
    """(table id, seat 0's token) of a POKER CHAMP table against a bot that waits for the person (untimed)."""
    api = BrelanClient(server.target)
    table = api.create_table("poker-champ", {"players": "2"}, bot_seats=[1], untimed=True).table_id
    return table, api.join(table, seat=0).token, api


def test_a_watch_ends_the_same_over_grpc_and_connect_whatever_ends_it(stopping: ServerThread) -> None:
    server = stopping
    table, token, api = waiting_seat(server)
    with api:
        assert both_endings(server, table, token, lambda: api.leave(table, token=token)) == \
            (("UNAUTHENTICATED", "SEAT_GIVEN_UP"),) * 2  # fmt: skip
        table, token, _ = waiting_seat(server)
        assert both_endings(server, table, token, timeout=3.0) == (("DEADLINE_EXCEEDED", ""),) * 2
        moved = lambda: server.call(server.running.tables.drop(table, "another node took it"))  # noqa: E731
        assert both_endings(server, table, token, moved) == (("UNAVAILABLE", "TABLE_MOVED"),) * 2
        over = api.create_table("poker-champ", {"players": "2", "awards_to_win": "1"}, bot_seats=[0, 1]).table_id
        while api.get_table(over).status != tpb.TABLE_STATUS_FINISHED:
            time.sleep(0.05)
        assert both_endings(server, over, "") == (("OK", ""),) * 2
        table, token, _ = waiting_seat(server)
        assert both_endings(server, table, token, lambda: server.stop(grace=1.0)) == \
            (("UNAVAILABLE", "SERVER_STOPPING"),) * 2  # fmt: skip
