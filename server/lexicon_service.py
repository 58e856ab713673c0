"""The LexiconService: a handler of plain requests, and its gRPC servicer.

:class:`LexiconHandler` answers each request message with a response message
or raises :class:`ServiceError`; it has no gRPC in it, so the CLI runs the very
same code on the embedded lexicon. :class:`LexiconServicer` runs the handler
beside the event loop (a search over a big hand or a wide pattern must not
hold up health checks and other tables' calls) within a time budget; the
server's interceptor turns a ServiceError into the call's status.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Awaitable, Callable, TypeVar

import grpc

from brelan.api.v1 import lexicon_pb2 as pb
from brelan.api.v1 import lexicon_pb2_grpc as pb_grpc
from brelan.lexicon import search
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.scoring import missing_from_hand, score_cards
from brelan.lexicon.store import Store

from . import lexicon_convert as convert
from .errors import invalid

MAX_WORDS_PER_CHECK = 10_000
MAX_TOP_K = 1000
DEFAULT_TOP_K = 10
MAX_PAGE_SIZE = 1000
DEFAULT_PAGE_SIZE = 100
MAX_MESSAGE_BYTES = 4 * 1024 * 1024
# Searches are pure Python (they hold the GIL): threads only let the loop take its turns between theirs.
SEARCHES = ThreadPoolExecutor(max_workers=2, thread_name_prefix="lexicon")
SEARCH_SECONDS = 5.0  # the most one call's search may take (the widest pattern over fr-dela takes about 2 s)


def _bounded(value: int, default: int, most: int, path: str) -> int:
    if value > most:
        raise invalid(path, f"at most {most}, not {value}")
    return value or default


class LexiconHandler:
    """Requests to responses over the lexicons of a store."""

    def __init__(self, store: Store, lexicons: dict[str, Lexicon]) -> None:
        self.store = store
        self.lexicons = lexicons

    def lexicon(self, ref: pb.LexiconRef, path: str = "lexicon.name") -> Lexicon:
        try:
            return self.named(ref.name or self.store.default)
        except LookupError as e:
            raise invalid(path, str(e)) from None

    def named(self, name: str) -> Lexicon:
        """The lexicon called ``name`` (what word games judge with); LookupError names those served."""
        try:
            return self.lexicons[name]
        except KeyError:
            raise LookupError(f"unknown lexicon {name!r} (served: {', '.join(sorted(self.lexicons))})") from None

    def ListLexicons(self, request: pb.ListLexiconsRequest) -> pb.ListLexiconsResponse:
        out = pb.ListLexiconsResponse()
        for name, lex in sorted(self.lexicons.items()):
            m = lex.manifest
            out.lexicons.append(
                pb.LexiconInfo(
                    name=name,
                    version=m["version"],
                    sources=[pb.SourceInfo(name=s["name"], version=s["version"], entries=s["entries"]) for s in m["sources"]],
                    keys=m["keys"],
                    policy_counts=[pb.PolicyCount(policy=p, keys=n) for p, n in m["policy_counts"].items()],
                    checksum=m["checksum"],
                    built_at=m["built_at"],
                    is_default=name == self.store.default,
                )
            )
        return out

    def CheckWords(self, request: pb.CheckWordsRequest) -> pb.CheckWordsResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        if not request.words:
            raise invalid("words", "give at least one word")
        if len(request.words) > MAX_WORDS_PER_CHECK:
            raise invalid("words", f"at most {MAX_WORDS_PER_CHECK} words a call, not {len(request.words)}")
        words = [convert.word_from_pb(w, f"words[{i}]") for i, w in enumerate(request.words)]
        judge = lex.verdict if not request.HasField("with_reasons") or request.with_reasons else lex.quick_verdict
        return pb.CheckWordsResponse(verdicts=[convert.verdict_to_pb(judge(w, policy)) for w in words])

    def ExplainWord(self, request: pb.ExplainWordRequest) -> pb.ExplainWordResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        word = convert.word_from_pb(request.word, "word")
        verdict = lex.verdict(word, policy)
        readings = lex.readings(verdict.key, policy)
        return pb.ExplainWordResponse(
            verdict=convert.verdict_to_pb(verdict), readings=[convert.reading_to_pb(r) for r in readings]
        )

    def ScoreWord(self, request: pb.ScoreWordRequest) -> pb.ScoreWordResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        laid = convert.laid_from_pb(request.cards)
        if request.hand:
            hand = convert.cards_from_pb(request.hand, "hand")
            for i in missing_from_hand(laid, hand):
                raise invalid(f"cards[{i}]", f"{laid[i].card.text} is not in the hand (or is laid twice)")
        score = score_cards(laid, request.simplified)
        return convert.score_to_pb(score, lex.verdict(score.word, policy), laid)

    def BestWords(self, request: pb.BestWordsRequest) -> pb.BestWordsResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        hand = convert.hand_from_pb(request.hand)
        top_k = _bounded(request.top_k, DEFAULT_TOP_K, MAX_TOP_K, "top_k")
        words = search.best_words(lex, hand, policy, top_k, request.simplified)
        return pb.BestWordsResponse(words=[convert.scored_to_pb(w) for w in words])

    def Anagrams(self, request: pb.AnagramsRequest) -> pb.AnagramsResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        size = _bounded(request.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "page_size")
        try:
            words = search.anagrams(lex, request.letters, policy, request.exact)
        except search.SearchError as e:
            raise invalid("letters", str(e)) from None
        return convert.page_of(pb.AnagramsResponse, words, size, request.page_token)

    def MatchPattern(self, request: pb.MatchPatternRequest) -> pb.MatchPatternResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        size = _bounded(request.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "page_size")
        try:
            words = search.match(lex, request.pattern, policy, request.min_length, request.max_length)
        except search.SearchError as e:
            field = "max_length" if "max_length" in str(e) else "pattern"
            raise invalid(field, str(e)) from None
        return convert.page_of(pb.MatchPatternResponse, words, size, request.page_token)


Req = TypeVar("Req")
Resp = TypeVar("Resp")


def _within(seconds: float, method: Callable[[Req], Resp], request: Req) -> Resp:
    """``method(request)`` in a search thread, its searches given ``seconds``."""
    search.DEADLINE.set(time.monotonic() + seconds)
    return method(request)


def _unary(method: Callable[[Req], Resp], most: float) -> Callable[[object, Req, grpc.aio.ServicerContext], Awaitable[Resp]]:
    """``method`` served: in a search thread, given at most ``most`` seconds or what is left of the call's deadline."""
    async def call(self: object, request: Req, context: grpc.aio.ServicerContext) -> Resp:
        left = context.time_remaining()
        seconds = most if left is None else min(most, left)
        try:
            run = functools.partial(contextvars.copy_context().run, _within, seconds, method, request)
            return await asyncio.get_running_loop().run_in_executor(SEARCHES, run)
        except search.OutOfTime:
            if left is not None and left <= most:  # the caller's deadline, not ours
                await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "the search ran past the call's deadline")
            await context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED,
                                f"the search takes more than the {most:g} s a call may use: narrow it")  # fmt: skip
            raise  # abort raises; this line keeps type checkers content

    return call


class LexiconServicer(pb_grpc.LexiconServiceServicer):
    """The handler's methods, served off the event loop, each search within its time."""

    def __init__(self, handler: LexiconHandler, search_seconds: float = SEARCH_SECONDS) -> None:
        self.handler = handler
        for name in pb.DESCRIPTOR.services_by_name["LexiconService"].methods_by_name:
            bound = getattr(handler, name)
            setattr(self, name, _unary(bound, search_seconds).__get__(self))
