"""A typed Python client for a brelan server.

>>> with BrelanClient("localhost:50051") as brelan:        # doctest: +SKIP
...     [v.admissible for v in brelan.check_words(["porte", "mangeons"])]
[True, False]
>>> brelan.best_words(["Qr", "Ur", "Ir", "Eb"], top_k=1)[0].word   # doctest: +SKIP
'QUIE'

Errors come back as :class:`~brelan.server.errors.ServiceError`, with the
status code and the field violations the server gave.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from brelan.api.v1 import lexicon_pb2 as pb
from brelan.api.v1 import lexicon_pb2_grpc as pb_grpc
from brelan.lexicon.readings import Policy
from brelan.server.errors import ServiceError
from brelan.server.lexicon_convert import policy_to_pb

PolicyLike = Policy | str | pb.Policy | None


def as_policy_pb(policy: PolicyLike) -> pb.Policy:
    if policy is None:
        return pb.Policy()
    if isinstance(policy, pb.Policy):
        return policy
    return policy_to_pb(Policy.parse(policy) if isinstance(policy, str) else policy)


class LexiconCalls:
    """The LexiconService with plain arguments; subclasses say how a request is sent."""

    def call(self, method: str, request: Any) -> Any:
        raise NotImplementedError

    # -- the LexiconService, with plain arguments ------------------------
    def list_lexicons(self) -> list[pb.LexiconInfo]:
        return list(self.call("ListLexicons", pb.ListLexiconsRequest()).lexicons)

    def check_words(self, words: Iterable[str], *, lexicon: str = "", policy: PolicyLike = None) -> list[pb.WordVerdict]:
        request = pb.CheckWordsRequest(lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), words=words)
        return list(self.call("CheckWords", request).verdicts)

    def explain(self, word: str, *, lexicon: str = "", policy: PolicyLike = None) -> pb.ExplainWordResponse:
        request = pb.ExplainWordRequest(lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), word=word)
        return self.call("ExplainWord", request)

    def score(
        self,
        cards: Sequence[str],
        *,
        hand: Sequence[str] = (),
        simplified: bool = False,
        lexicon: str = "",
        policy: PolicyLike = None,
    ) -> pb.ScoreWordResponse:
        request = pb.ScoreWordRequest(
            lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), cards=cards, hand=hand, simplified=simplified
        )
        return self.call("ScoreWord", request)

    def best_words(
        self,
        hand: Sequence[str],
        *,
        top_k: int = 10,
        simplified: bool = False,
        lexicon: str = "",
        policy: PolicyLike = None,
    ) -> list[pb.ScoredWord]:
        request = pb.BestWordsRequest(
            lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), hand=hand, top_k=top_k, simplified=simplified
        )
        return list(self.call("BestWords", request).words)

    def anagrams(
        self,
        letters: str,
        *,
        exact: bool = False,
        page_size: int = 0,
        page_token: str = "",
        lexicon: str = "",
        policy: PolicyLike = None,
    ) -> pb.WordPage:
        request = pb.AnagramsRequest(
            lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), letters=letters, exact=exact,
            page_size=page_size, page_token=page_token,
        )  # fmt: skip
        return self.call("Anagrams", request)

    def match(
        self,
        pattern: str,
        *,
        min_length: int = 0,
        max_length: int = 0,
        page_size: int = 0,
        page_token: str = "",
        lexicon: str = "",
        policy: PolicyLike = None,
    ) -> pb.WordPage:
        request = pb.MatchPatternRequest(
            lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), pattern=pattern, min_length=min_length,
            max_length=max_length, page_size=page_size, page_token=page_token,
        )  # fmt: skip
        return self.call("MatchPattern", request)


class BrelanClient(LexiconCalls):
    """A client over a gRPC channel to a running server."""

    def __init__(self, target: str, *, timeout: float = 30.0, channel: grpc.Channel | None = None) -> None:
        self.target = target
        self.timeout = timeout
        self.channel = channel or grpc.insecure_channel(target)
        self.lexicon_stub = pb_grpc.LexiconServiceStub(self.channel)
        self._health = health_pb2_grpc.HealthStub(self.channel)

    def __enter__(self) -> BrelanClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.channel.close()

    def call(self, method: str, request: Any) -> Any:
        """Call a LexiconService method by name with a request message."""
        try:
            return getattr(self.lexicon_stub, method)(request, timeout=self.timeout)
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Block until the server answers its health check as SERVING."""
        try:
            grpc.channel_ready_future(self.channel).result(timeout=timeout)
            status = self._health.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout).status
        except grpc.FutureTimeoutError:
            raise ServiceError(grpc.StatusCode.UNAVAILABLE, f"no server answers at {self.target}") from None
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None
        if status != health_pb2.HealthCheckResponse.SERVING:
            raise ServiceError(grpc.StatusCode.UNAVAILABLE, f"{self.target} is not serving")
