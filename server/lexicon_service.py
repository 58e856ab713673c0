"""The LexiconService: a handler of plain requests, and its gRPC servicer.

:class:`LexiconHandler` answers each request message with a response message
or raises :class:`ServiceError`; it has no gRPC in it, so the CLI runs the very
same code on the embedded lexicon. :class:`LexiconServicer` runs the handler
beside the event loop (a search over a big hand or a wide pattern must not
hold up health checks and other tables' calls) within a time budget; the
server's interceptor turns a ServiceError into the call's status.

Lookups and searches have threads of their own, so a word check never waits
behind searches, and each kind is shared out between peers in turns, each peer
with a bound on its calls running or waiting (:class:`Lane`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import time
from collections import Counter, deque
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
from .auth import peer_of
from .errors import ServiceError, invalid
from .paging import bounded

MAX_WORDS_PER_CHECK = 10_000
MAX_TOP_K = 1000
DEFAULT_TOP_K = 10
MAX_PAGE_SIZE = 1000
DEFAULT_PAGE_SIZE = 100
MAX_MESSAGE_BYTES = 4 * 1024 * 1024
SEARCH_SECONDS = 5.0  # the most one call's search may take (the widest pattern over fr-dela takes about 2 s)
# Searches are pure Python (they hold the GIL): threads only let the loop take its turns between theirs.
SEARCH_THREADS = 2
SEARCH_METHODS = frozenset({"BestWords", "Anagrams", "MatchPattern"})  # fr-dela: 1 ms to 2 s
SEARCHES_PER_PEER = 8  # running or waiting; the next is refused
# The other calls are lookups (3 us a word checked, 40 us with reasons; 0.2 ms an explanation): threads of their own.
LOOKUP_THREADS = 2
LOOKUPS_PER_PEER = 32
QUICK_WORDS = 500  # a CheckWords call of more words is bulk work (20 ms to 0.4 s): it waits its turn with the searches


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
        top_k = bounded(request.top_k, DEFAULT_TOP_K, MAX_TOP_K, "top_k")
        words = search.best_words(lex, hand, policy, top_k, request.simplified)
        return pb.BestWordsResponse(words=[convert.scored_to_pb(w, lex.frequency(w.word)) for w in words])

    def Anagrams(self, request: pb.AnagramsRequest) -> pb.AnagramsResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        size = bounded(request.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "page_size")
        try:
            words = search.anagrams(lex, request.letters, policy, request.exact)
        except search.SearchError as e:
            raise invalid("letters", str(e)) from None
        return convert.page_of(pb.AnagramsResponse, words, size, request.page_token)

    def MatchPattern(self, request: pb.MatchPatternRequest) -> pb.MatchPatternResponse:
        lex = self.lexicon(request.lexicon)
        policy = convert.policy_from_pb(request.policy)
        size = bounded(request.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, "page_size")
        try:
            words = search.match(lex, request.pattern, policy, request.min_length, request.max_length)
        except search.SearchError as e:
            field = "max_length" if "max_length" in str(e) else "pattern"
            raise invalid(field, str(e)) from None
        return convert.page_of(pb.MatchPatternResponse, words, size, request.page_token)


Req = TypeVar("Req")
Resp = TypeVar("Resp")
T = TypeVar("T")
Context = grpc.aio.ServicerContext


class _PastDeadline(Exception):
    """A search stopped at the caller's deadline, which came before the service's own time budget."""


class NoTurn(Exception):
    """A call's time ran out while it waited for a lane's thread (it never ran)."""


def _within(ours: float, ends: float | None, method: Callable[[Req], Resp], request: Req) -> Resp:
    """``method(request)`` in a lane's thread, its searches given until ``ours`` (the service's budget, counted from
    the call's arrival), or until ``ends`` (the call's deadline) when that comes first (time.monotonic() values)."""
    search.DEADLINE.set(ours if ends is None else min(ours, ends))
    try:
        return method(request)
    except search.OutOfTime:
        if ends is not None and ends <= ours:
            raise _PastDeadline from None
        raise


def _dropped(done: asyncio.Future[object]) -> None:
    """Mark a job's error as seen: its caller, gone, will not (else asyncio logs "exception was never retrieved")."""
    if not done.cancelled():
        done.exception()


def _less(counts: Counter[str], peer: str) -> None:
    counts[peer] -= 1
    if counts[peer] <= 0:
        del counts[peer]


class Lane:
    """Calls run in a few threads of their own, given to peers in turns rather than first come, first served.

    A peer has at most ``per_peer`` calls running or waiting; its next is refused at once (RESOURCE_EXHAUSTED,
    ``reason``). A free thread goes to the waiting peer that runs the fewest calls, the one that has waited for a
    turn the longest among those, so one peer's flood delays another's call by about one call, not the whole flood.
    A thread stays taken until its job ends, even when its caller went away (a job cannot be stopped half way; the
    time budget bounds it).
    """

    def __init__(self, name: str, workers: int, per_peer: int, reason: str) -> None:
        self.name = name
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix=f"lexicon-{name}")
        self.free = workers
        self.per_peer = per_peer
        self.reason = reason
        self.calls: Counter[str] = Counter()  # running or waiting, by peer
        self.running: Counter[str] = Counter()
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}  # by peer, the next to have a turn first

    async def run(self, peer: str, job: Callable[[], T], by: float | None = None) -> T:
        """``job()`` in one of the lane's threads, when ``peer``'s turn comes; :class:`NoTurn` when it has not come
        by ``by`` (a time.monotonic() value; None: no bound), the call's place given back."""
        try:
            async with asyncio.timeout(None if by is None else max(0.0, by - time.monotonic())):
                await self._turn(peer)
        except TimeoutError:
            raise NoTurn from None
        loop = asyncio.get_running_loop()

        def work() -> T:
            try:
                return job()
            finally:
                with contextlib.suppress(RuntimeError):  # the loop is closed: the server, and the lane, are gone
                    loop.call_soon_threadsafe(self._release, peer)

        # shielded: a caller that goes away leaves the job to end (and free its thread) by itself, and its end,
        # an answer or an error nobody waits for any more, is dropped quietly
        running = loop.run_in_executor(self.pool, work)
        running.add_done_callback(_dropped)
        return await asyncio.shield(running)

    async def _turn(self, peer: str) -> None:
        if self.calls[peer] >= self.per_peer:
            raise ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED,
                               f"you have {self.per_peer} {self.name} running or waiting already: "
                               "wait for one to finish", reason=self.reason,
                               metadata={"limit": f"{self.per_peer} at once", "what": self.name})  # fmt: skip
        self.calls[peer] += 1
        turn = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(peer, deque()).append(turn)
        self._grant()
        try:
            await turn
        except asyncio.CancelledError:
            if turn.cancelled():  # the caller went away (or its time ran out) while waiting
                queue = self.waiting.get(peer)
                if queue is not None and turn in queue:  # (a grant may have passed over it already)
                    queue.remove(turn)
                    if not queue:
                        del self.waiting[peer]
                _less(self.calls, peer)
            else:  # given a thread, then gone before using it
                self._release(peer)
            raise

    def _release(self, peer: str) -> None:
        self.free += 1
        _less(self.running, peer)
        _less(self.calls, peer)
        self._grant()

    def _grant(self) -> None:
        while self.free and self.waiting:
            peer = min(self.waiting, key=self.running.__getitem__)  # the first of those running fewest
            queue = self.waiting.pop(peer)
            turn = queue.popleft()
            if queue:
                self.waiting[peer] = queue  # to the back of the line
            if turn.cancelled():  # its caller gave up in this turn of the loop, before its own cleanup ran
                continue
            self.free -= 1
            self.running[peer] += 1
            turn.set_result(None)


def _is_search(name: str, request: object) -> bool:
    """Whether a call is a search (or bulk work), not a lookup of a few words."""
    return name in SEARCH_METHODS or (isinstance(request, pb.CheckWordsRequest) and len(request.words) > QUICK_WORDS)


class LexiconServicer(pb_grpc.LexiconServiceServicer):
    """The handler's methods, served off the event loop in two lanes, each search within its time.

    Lookups (a few trie lookups a word: ListLexicons, CheckWords, ExplainWord, ScoreWord) never wait behind
    searches (BestWords, Anagrams, MatchPattern, and word checks of more than QUICK_WORDS words): each kind has
    its threads, shared fairly between peers (:class:`Lane`, :func:`peer_of`).
    """

    def __init__(self, handler: LexiconHandler, search_seconds: float = SEARCH_SECONDS) -> None:
        self.handler = handler
        self.search_seconds = search_seconds
        self.lookups = Lane("lookups", LOOKUP_THREADS, LOOKUPS_PER_PEER, "TOO_MANY_LOOKUPS")
        self.searches = Lane("searches", SEARCH_THREADS, SEARCHES_PER_PEER, "TOO_MANY_SEARCHES")
        for name in pb.DESCRIPTOR.services_by_name["LexiconService"].methods_by_name:
            setattr(self, name, self._served(name, getattr(handler, name)))

    def _served(self, name: str, method: Callable[[Req], Resp]) -> Callable[[Req, Context], Awaitable[Resp]]:
        """``method`` in its lane, its searches given at most ``search_seconds`` or what is left of the deadline."""
        most = self.search_seconds

        async def call(request: Req, context: Context) -> Resp:
            lane = self.searches if _is_search(name, request) else self.lookups
            # The budget and the deadline count from the call's arrival: the wait for a turn spends them too.
            arrived = time.monotonic()
            ours, left = arrived + most, context.time_remaining()
            ends = None if left is None else arrived + left
            job = functools.partial(contextvars.copy_context().run, _within, ours, ends, method, request)
            try:
                return await lane.run(peer_of(context), job, by=ours if ends is None else min(ours, ends))
            except NoTurn:
                if ends is not None and ends <= ours:
                    await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED,
                                        f"the call's deadline passed while it waited for a turn among the {lane.name}")
                raise ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED,
                                   f"the {lane.name} were busy for the {most:g} s a call may take: try again",
                                   reason="LEXICON_BUSY", metadata={"limit": f"{most:g}s", "what": lane.name},
                                   ) from None  # fmt: skip
            except _PastDeadline:
                await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "the search ran past the call's deadline")
            except search.OutOfTime:
                raise ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED,
                                   f"the search takes more than the {most:g} s a call may use: narrow it",
                                   reason="SEARCH_TOO_LONG", metadata={"limit": f"{most:g}s", "what": "search"},
                                   ) from None  # fmt: skip
            raise AssertionError("abort raises")  # this line keeps type checkers content

        return call
