"""A typed Python client for a brelan server.

>>> with BrelanClient("localhost:50051") as brelan:        # doctest: +SKIP
...     [v.admissible for v in brelan.check_words(["porte", "mangeons"])]
[True, False]
>>> brelan.best_words(["Qr", "Ur", "Ir", "Eb"], top_k=1)[0].word   # doctest: +SKIP
'QUIE'

Tables: create one, take a seat (its token travels as ``authorization: Bearer``
metadata), act and watch:

>>> table = brelan.create_table("poker-champ", {"players": "3"}, bot_seats=[1, 2])   # doctest: +SKIP
>>> me = brelan.join(table.table_id)                                 # doctest: +SKIP
>>> me.view().legal, me.act("pay").events[0].text                    # doctest: +SKIP
(['pay', 'fold'], 'p0 pays 1')

Errors come back as :class:`~brelan.api.errors.ServiceError`, with the
status code, the field violations, the reason the server gave and its facts
(``e.metadata``: a refused action's ``seq`` and ``legal`` kinds, a rate's ``limit``).
"""

from __future__ import annotations

import json
import secrets
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import grpc
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2, health_pb2_grpc

from brelan.api.v1 import chinese_pb2 as cpb
from brelan.api.v1 import chinese_pb2_grpc as cpb_grpc
from brelan.api.v1 import lexicon_pb2 as pb
from brelan.api.v1 import lexicon_pb2_grpc as pb_grpc
from brelan.api.v1 import table_pb2 as tpb
from brelan.api.v1 import table_pb2_grpc as tpb_grpc
from brelan.api.v1 import tournament_pb2 as upb
from brelan.api.v1 import tournament_pb2_grpc as upb_grpc
from brelan.lexicon.readings import Policy
from brelan.api.errors import ServiceError
from brelan.api.policy import policy_to_pb

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

    def check_words(self, words: Iterable[str], *, lexicon: str = "", policy: PolicyLike = None,
                    with_reasons: bool = True) -> list[pb.WordVerdict]:  # fmt: skip
        """A verdict per word; ``with_reasons=False``: without the reason, far faster for big batches."""
        request = pb.CheckWordsRequest(lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), words=words,
                                       with_reasons=with_reasons)  # fmt: skip
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
    ) -> pb.AnagramsResponse:
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
    ) -> pb.MatchPatternResponse:
        request = pb.MatchPatternRequest(
            lexicon=pb.LexiconRef(name=lexicon), policy=as_policy_pb(policy), pattern=pattern, min_length=min_length,
            max_length=max_length, page_size=page_size, page_token=page_token,
        )  # fmt: skip
        return self.call("MatchPattern", request)


def auth(token: str | None) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")] if token else []


def view_dict(response: tpb.GetViewResponse) -> dict[str, Any]:
    """The JSON view as plain values, for a caller who asked for it (``view(with_json=True)``); {} when it was not
    asked. Deprecated: the typed view (:func:`typed`) says the same, typed."""
    return json.loads(response.view) if response.view else {}


def result_dict(info: tpb.TableInfo) -> dict[str, Any] | None:
    """A finished table's result, None while it plays."""
    return json.loads(info.result) if info.result else None


@dataclass
class SeatHandle:
    """One seat at one table: its token goes with every call."""

    client: BrelanClient
    table_id: str
    seat: int
    token: str

    def act(self, action: str | Message, *, expected_seq: int | None = None,
            action_id: str | None = None) -> tpb.ActResponse:  # fmt: skip
        return self.client.act(self.table_id, self.seat, action, token=self.token, expected_seq=expected_seq,
                               action_id=action_id)  # fmt: skip

    def view(self, *, at_seq: int | None = None, with_json: bool = False) -> tpb.GetViewResponse:
        """What this seat sees now; ``at_seq``: what it saw of a finished game right after that event; ``with_json``:
        the JSON view too (:meth:`BrelanClient.view`)."""
        return self.client.view(self.table_id, token=self.token, at_seq=at_seq, with_json=with_json)

    def review_hand(self, hand: int) -> tpb.ReviewHandResponse:
        """What finished hand ``hand`` allowed this seat (the best words, the solver's set), and what it played."""
        return self.client.review_hand(self.table_id, hand, token=self.token)

    def hints(self) -> tpb.GetHintsResponse:
        """Suggestions for this seat's decision, best first (a practice table only), and the seq they hold at."""
        return self.client.hints(self.table_id, token=self.token)

    def watch(self, after_seq: int = 0) -> Iterator[tpb.TableEvent]:
        return self.client.watch(self.table_id, after_seq=after_seq, token=self.token)

    def follow(self, after_seq: int = 0, *, with_json: bool = False) -> Iterator[tpb.WatchTableResponse]:
        """The seat's view and the table, then again with each action's events (:meth:`BrelanClient.follow`)."""
        return self.client.follow(self.table_id, after_seq=after_seq, token=self.token, with_json=with_json)

    def sit_out(self, out: bool = True) -> tpb.TableInfo:
        return self.client.sit_out(self.table_id, out, token=self.token)

    def leave(self) -> str:
        """Give up the seat; during a game, returns the secret that takes it back (``join(secret=...)``)."""
        return self.client.leave(self.table_id, token=self.token)


def new_player_key() -> str:
    """A player key: 32 random URL-safe characters, made once and kept by its player (never sent to anyone else)."""
    return secrets.token_urlsafe(24)


def typed(message: Message) -> Message | None:
    """The game family's typed message a table's answer carries: a view's (``GetViewResponse``), an event's
    (``TableEvent``), a finished table's result (``TableInfo``), a hint's move; None when it has none.

    >>> typed(me.view()).seats[me.seat].hand                           # doctest: +SKIP
    """
    for oneof in message.DESCRIPTOR.oneofs:
        field = message.WhichOneof(oneof.name)
        if field is not None and message.DESCRIPTOR.fields_by_name[field].message_type is not None:
            return getattr(message, field)  # type: ignore[no-any-return]
    return None


# Each game family's typed action message (its full name) -> its field in ActRequest's move.
TYPED_ACTIONS = {f.message_type.full_name: f.name for f in tpb.ActRequest.DESCRIPTOR.oneofs_by_name["move"].fields
                 if f.message_type is not None}  # fmt: skip


def tls(ca: Path | None = None) -> grpc.ChannelCredentials:
    """TLS to a server whose certificate ``ca`` (a PEM file) signed; None: the system's trusted roots.

    >>> BrelanClient("cards.example.org:443", credentials=tls())   # doctest: +SKIP
    """
    return grpc.ssl_channel_credentials(root_certificates=ca.read_bytes() if ca else None)


def open_channel(target: str, credentials: grpc.ChannelCredentials | None = None,
                 options: list[tuple[str, Any]] | None = None, *, aio: bool = False) -> Any:  # fmt: skip
    """A channel to ``target``: TLS with ``credentials``, else plaintext; a ``grpc.aio`` one with ``aio``."""
    grpc_ = grpc.aio if aio else grpc
    return grpc_.secure_channel(target, credentials, options) if credentials else grpc_.insecure_channel(target, options)


class BrelanClient(LexiconCalls):
    """A client over a gRPC channel to a running server."""

    def __init__(self, target: str, *, timeout: float = 30.0, channel: grpc.Channel | None = None,
                 credentials: grpc.ChannelCredentials | None = None) -> None:  # fmt: skip
        """``credentials``: TLS (see :func:`tls`); none: plaintext."""
        self.target = target
        self.timeout = timeout
        self.channel = channel or open_channel(target, credentials)
        self.lexicon_stub = pb_grpc.LexiconServiceStub(self.channel)
        self.table_stub = tpb_grpc.TableServiceStub(self.channel)
        self.chinese_stub = cpb_grpc.ChinesePokerServiceStub(self.channel)
        self.tournament_stub = upb_grpc.TournamentServiceStub(self.channel)
        self._health = health_pb2_grpc.HealthStub(self.channel)

    def _rpc(self, stub: Any, method: str, request: Any, token: str | None = None) -> Any:
        """One unary call; a failure comes back as a ServiceError."""
        try:
            return getattr(stub, method)(request, timeout=self.timeout, metadata=auth(token))
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None

    def _table(self, method: str, request: Any, token: str | None = None) -> Any:
        return self._rpc(self.table_stub, method, request, token)

    @staticmethod
    def _pages(fetch: Callable[[], Any], request: Any, limit: int | None, items: str) -> list[Any]:
        """Every item of a paged listing (``limit`` at most): ``fetch`` answers ``request`` at its page_token."""
        found: list[Any] = []
        while limit is None or len(found) < limit:
            page = fetch()
            found += getattr(page, items)
            if not page.next_page_token:
                break
            request.page_token = page.next_page_token
        return found[:limit]

    # -- the ChinesePokerService ------------------------------------------------------------
    def solve_arrangement(self, cards: Sequence[str]) -> cpb.SolveArrangementResponse:
        """The best arrangement of 13 to 17 Chinese poker cards."""
        return self._rpc(self.chinese_stub, "SolveArrangement", cpb.SolveArrangementRequest(cards=cards))

    # -- the TournamentService -----------------------------------------------------------
    def create_tournament(self, players: Sequence[str], *, format: str = "knockout", bots: Sequence[int] = (),
                          options: Mapping[str, str] | None = None, wins: int = 0, qualifiers: int = 0,
                          decision_seconds: float = 0.0, untimed: bool = False, join_minutes: float = 0.0,
                          name: str = "", pause_seconds: float = 0.0,
                          bot_level: str = "") -> upb.CreateTournamentResponse:  # fmt: skip
        """An AlphaPoker tournament: every game of every match becomes a table of two as it comes due.

        Its answer holds the tournament and each human player's join secret (told this once).
        ``join_minutes``: how long each game waits for its players (0: 10); the absent forfeit it.
        ``decision_seconds``: each decision's time (0: the server's default, or none when ``untimed``).
        ``pause_seconds``: each game's pause after each hand (as :meth:`create_table`'s).
        ``bot_level``: the level its bots play at in every game (English or French; "": the default).
        """
        request = upb.CreateTournamentRequest(name=name, format=format, players=players, bots=bots, bot_level=bot_level,
                                              options=dict(options or {}), wins=wins, qualifiers=qualifiers,
                                              decision_seconds=decision_seconds, untimed=untimed,
                                              join_minutes=join_minutes, pause_seconds=pause_seconds)  # fmt: skip
        return self._rpc(self.tournament_stub, "CreateTournament", request)

    def get_tournament(self, tournament_id: str) -> upb.TournamentInfo:
        request = upb.GetTournamentRequest(tournament_id=tournament_id)
        return self._rpc(self.tournament_stub, "GetTournament", request).tournament

    def list_tournaments(self, *, include_finished: bool = False, limit: int | None = None) -> list[upb.TournamentInfo]:
        """The tournaments being played (and the finished, after them), newest first: ``limit`` of them, or all."""
        request = upb.ListTournamentsRequest(include_finished=include_finished, page_size=100)
        return self._pages(lambda: self._rpc(self.tournament_stub, "ListTournaments", request), request, limit,
                           "tournaments")  # fmt: skip

    # -- the TableService ---------------------------------------------------------------
    def open_table(self, variant: str, options: Mapping[str, str] | None = None, *, bot_seats: Sequence[int] = (),
                   decision_seconds: float = 0.0, untimed: bool = False, name: str = "",
                   lexicon: str = "", hints: bool = False, pause_seconds: float = 0.0,
                   create_id: str = "", chat_apart: bool = False, rematch_of: str = "",
                   invite: Mapping[int, str] | None = None, token: str = "",
                   bots: Mapping[int, str] | None = None) -> tpb.CreateTableResponse:  # fmt: skip
        """A new table, with its invited seats' secrets (``invitations``); ``decision_seconds``: each decision's
        time (0: the server's default, none when ``untimed``);
        ``hints``: a practice table, whose players may ask for hints; ``pause_seconds``: after each hand, how long
        its end is shown before the next hand's decisions open (the bots wait, the clocks start after it);
        ``create_id``: makes a retry of this call answer the table the first made (16 to 64 characters);
        ``chat_apart``: its spectators' chat lines are shown to spectators only; ``rematch_of``: the table whose
        players play again here (its TableInfo.rematch names this one), made by one of them: ``token``, their seat's
        there; ``invite``: seat -> a guest's name, a seat kept for them (the answer's invitations hold the secrets
        that take them); ``bots``: seat -> its bot's level (VariantInfo.bot_levels), ``bot_seats`` taking the
        default level."""
        request = tpb.CreateTableRequest(variant=variant, options=dict(options or {}), bot_seats=bot_seats,
                                         decision_seconds=decision_seconds, untimed=untimed, name=name,
                                         lexicon=lexicon, hints=hints, pause_seconds=pause_seconds,
                                         create_id=create_id, chat_apart=chat_apart, rematch_of=rematch_of,
                                         invite=[tpb.Invite(seat=s, name=n) for s, n in (invite or {}).items()],
                                         bots=[tpb.BotSeat(seat=s, level=lv) for s, lv in (bots or {}).items()])  # fmt: skip
        return self._table("CreateTable", request, token)  # type: ignore[no-any-return]

    def create_table(self, variant: str, options: Mapping[str, str] | None = None, **kwargs: Any) -> tpb.TableInfo:
        """A new table (:meth:`open_table`'s arguments), as it stands."""
        return self.open_table(variant, options, **kwargs).table

    def list_variants(self) -> list[tpb.VariantInfo]:
        """Every game a table can play, with its options' defaults and allowed values."""
        return list(self._table("ListVariants", tpb.ListVariantsRequest()).variants)

    def list_tables(self, *, include_finished: bool = False, variant: str = "",
                    status: tpb.TableStatus.ValueType = tpb.TABLE_STATUS_UNSPECIFIED,
                    limit: int | None = None) -> list[tpb.TableInfo]:  # fmt: skip
        """The tables waiting and in play (then the finished ones with ``include_finished``), newest first, every
        node's: ``limit`` of them, or all, read a page at a time. ``status``: only those."""
        request = tpb.ListTablesRequest(include_finished=include_finished, variant=variant, status=status,
                                        page_size=500)  # fmt: skip
        return self._pages(lambda: self._table("ListTables", request), request, limit, "tables")

    def get_table(self, table_id: str) -> tpb.TableInfo:
        return self._table("GetTable", tpb.GetTableRequest(table_id=table_id)).table

    def join(self, table_id: str, *, seat: int | None = None, player: str = "", secret: str = "",
             join_id: str = "", player_key: str = "") -> SeatHandle:  # fmt: skip
        """Take a seat: a free one, or with ``secret`` the seat it reserves (a tournament's, or one you left).

        ``join_id``: a random id of yours; calling again with it (after a lost answer, a restart) gives
        back the same seat and token instead of another seat. ``player_key``: your player key
        (:func:`new_player_key`): the seat follows it, and a seat it holds or has kept at this table is taken back.
        """
        request = tpb.JoinTableRequest(table_id=table_id, seat=seat, player=player, secret=secret, join_id=join_id,
                                       player_key=player_key)  # fmt: skip
        response = self._table("JoinTable", request)
        return SeatHandle(self, table_id, response.seat, response.token)

    def my_tables(self, player_key: str) -> list[tpb.MySeat]:
        """The unfinished tables where ``player_key`` holds a seat or has one kept for it, the most recent first."""
        return list(self._table("ListMyTables", tpb.ListMyTablesRequest(player_key=player_key)).seats)

    def leave(self, table_id: str, *, token: str) -> str:
        return str(self._table("LeaveTable", tpb.LeaveTableRequest(table_id=table_id), token).rejoin_secret)

    def act(self, table_id: str, seat: int, action: str | Message, *, token: str, expected_seq: int | None = None,
            action_id: str | None = None) -> tpb.ActResponse:  # fmt: skip
        """Act for a seat: ``action`` is its text (``"pay"``) or the game's typed action (``PokerChampAction``,
        ``AlphaPokerAction``...); the action id (a fresh one by default) makes a retry harmless."""
        request = tpb.ActRequest(table_id=table_id, seat=seat, expected_seq=expected_seq,
                                 action_id=uuid.uuid4().hex if action_id is None else action_id)  # fmt: skip
        if isinstance(action, str):
            request.action = action
        else:
            getattr(request, TYPED_ACTIONS[action.DESCRIPTOR.full_name]).CopyFrom(action)
        return self._table("Act", request, token)

    def view(self, table_id: str, *, token: str | None = None, at_seq: int | None = None,
             with_json: bool = False) -> tpb.GetViewResponse:  # fmt: skip
        """The token's seat's view (none: a spectator's) now, with its legal moves; ``at_seq``: a finished game's
        view right after that event, without legal moves (the response's seq: the end of that event's action).
        The typed view (:func:`typed`) only; ``with_json``: the deprecated JSON view too (``response.view``,
        :func:`view_dict`), which the server sends only when asked."""
        return self._table("GetView", tpb.GetViewRequest(table_id=table_id, at_seq=at_seq, with_json=with_json), token)

    def legal_actions(self, table_id: str, *, token: str | None = None) -> list[str]:
        return list(self._table("LegalActions", tpb.LegalActionsRequest(table_id=table_id), token).actions)

    def hints(self, table_id: str, *, token: str) -> tpb.GetHintsResponse:
        """Suggestions for the token's seat, best first, and the seq they hold at: at a practice table
        (``create_table(hints=True)``) only."""
        return self._table("GetHints", tpb.GetHintsRequest(table_id=table_id), token)  # type: ignore[no-any-return]

    def watch(self, table_id: str, *, after_seq: int = 0, token: str | None = None) -> Iterator[tpb.TableEvent]:
        """The events after ``after_seq``, then live ones until the game ends."""
        request = tpb.WatchTableRequest(table_id=table_id, after_seq=after_seq, grouped=True)
        stream = self.table_stub.WatchTable(request, metadata=auth(token))
        try:
            for response in stream:
                yield from response.events
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None
        finally:
            stream.cancel()

    def sit_out(self, table_id: str, out: bool = True, *, token: str) -> tpb.TableInfo:
        """Sit out (the seat's decisions made at once by the default move) or, with ``out=False``, come back."""
        return self._table("SitOut", tpb.SitOutRequest(table_id=table_id, out=out), token).table

    def say(self, table_id: str, text: str, *, token: str | None = None, name: str = "") -> tpb.ChatLine:
        """Say a line in the table's chat: as the token's seat's player, or (no token) as a spectator ``name``."""
        return self._table("Say", tpb.SayRequest(table_id=table_id, text=text, name=name), token).line

    def chat(self, table_id: str, *, after: int = 0, token: str | None = None) -> list[tpb.ChatLine]:
        """The table's chat lines after line ``after``, as the token's seat (none: a spectator) is shown them."""
        return list(self._table("GetChat", tpb.GetChatRequest(table_id=table_id, after=after), token).lines)

    def listen(self, table_id: str, *, after: int = 0, token: str | None = None) -> Iterator[tpb.ChatLine]:
        """The table's chat lines after line ``after`` (as :meth:`chat`), then each new one as it is said, until
        the game ends."""
        request = tpb.WatchTableRequest(table_id=table_id, after_seq=0, grouped=True, with_chat=True,
                                        after_chat=after)  # fmt: skip
        stream = self.table_stub.WatchTable(request, metadata=auth(token))
        try:
            for response in stream:
                if response.HasField("chat"):
                    yield response.chat
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None
        finally:
            stream.cancel()

    def follow(self, table_id: str, *, after_seq: int = 0, token: str | None = None,
               with_json: bool = False) -> Iterator[tpb.WatchTableResponse]:  # fmt: skip
        """The table as it stands, then again with each action's events, until the game ends: messages whose
        ``view`` is the token's seat's (a spectator's without one) and ``table`` the table's info at that time,
        for a client that draws the table (no GetView, GetTable after each event); the first has no events.
        ``with_json``: each view with its JSON too (:meth:`view`).

        >>> for seen in client.follow(table_id, token=me.token):  # doctest: +SKIP
        ...     draw(seen.view, seen.table, seen.events)
        """
        request = tpb.WatchTableRequest(table_id=table_id, after_seq=after_seq, grouped=True, with_view=True,
                                        with_json=with_json)  # fmt: skip
        stream = self.table_stub.WatchTable(request, metadata=auth(token))
        try:
            yield from stream
        except grpc.RpcError as e:
            raise ServiceError.from_rpc_error(e) from None
        finally:
            stream.cancel()

    def hand_history(self, table_id: str, hand: int, *, token: str | None = None) -> list[tpb.TableEvent]:
        request = tpb.GetHandHistoryRequest(table_id=table_id, hand=hand)
        return list(self._table("GetHandHistory", request, token).events)

    def review_hand(self, table_id: str, hand: int, *, token: str) -> tpb.ReviewHandResponse:
        """What finished hand ``hand`` allowed the token's seat: the best moves its own cards allowed, best first,
        and what it played (FAILED_PRECONDITION: HAND_NOT_FINISHED, NO_REVIEW)."""
        request = tpb.ReviewHandRequest(table_id=table_id, hand=hand)
        return self._table("ReviewHand", request, token)  # type: ignore[no-any-return]

    def transcript(self, table_id: str) -> tpb.GetTranscriptResponse:
        return self._table("GetTranscript", tpb.GetTranscriptRequest(table_id=table_id))

    def __enter__(self) -> BrelanClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.channel.close()

    def call(self, method: str, request: Any) -> Any:
        """Call a LexiconService method by name with a request message."""
        return self._rpc(self.lexicon_stub, method, request)

    def wait_ready(self, timeout: float = 10.0) -> None:
        """Block until the server answers its health check as SERVING."""
        # wait_for_ready rather than grpc.channel_ready_future, whose polling thread outlives it and raises
        # "Channel closed!" when the channel closes within its next poll.
        try:
            status = self._health.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout,
                                        wait_for_ready=True).status  # fmt: skip
        except grpc.RpcError as e:
            if isinstance(e, grpc.Call) and e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise ServiceError(grpc.StatusCode.UNAVAILABLE, f"no server answers at {self.target}") from None
            raise ServiceError.from_rpc_error(e) from None
        if status != health_pb2.HealthCheckResponse.SERVING:
            raise ServiceError(grpc.StatusCode.UNAVAILABLE, f"{self.target} is not serving")
