"""Browsers' transport: the services over Connect on the web port, answered by the gRPC servicers themselves."""

from __future__ import annotations

import json
import socket
import struct
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from conftest import post

from brelan.server.games.base import options_dict
from brelan.server.games.registry import VARIANTS, get_variant

API = "/brelan.api.v1."


def stream(url: str, body: dict[str, Any]) -> list[dict[str, Any]]:
    """A Connect server-streaming call (enveloped JSON): every message, then the end-of-stream's error if any."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, struct.pack(">BI", 0, len(data)) + data,
                                     {"content-type": "application/connect+json"})  # fmt: skip
    messages = []
    with urllib.request.urlopen(request, timeout=60) as response:
        raw = response.read()
    while raw:
        flags, size = struct.unpack(">BI", raw[:5])
        message, raw = json.loads(raw[5 : 5 + size]), raw[5 + size :]
        if flags & 2:  # end of stream
            assert "error" not in message, message
            return messages
        messages.append(message)
    raise AssertionError("the stream ended without its end-of-stream message")


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
        if json.loads(view["view"]).get("over"):
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
