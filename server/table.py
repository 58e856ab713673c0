"""A table: one asyncio task owning one game's State, fed by a command queue.

Every change (a join, an action, a timeout, a bot's move) runs as a command,
one at a time, in the table's task. An action is checked by the engine, its
events are committed to the log, and only then are they handed to watchers.
Reads (views, legal actions, snapshots for a new watcher) run in the same event
loop between commands, so they never see half an action.

The task survives whatever its callers do: a command whose caller went away
(a deadline, a closed browser) is dropped, or its answer thrown away. Each turn
of the task fires the timers that are due, runs one command and lets one bot
act, so no caller, bot or clock can starve the others. A commit the store
refuses (after its retries) leaves the state ahead of the log: the table then
leaves memory at once, every waiting caller is told nothing was done, and it
is replayed from its log once the store answers (:class:`Tables` does it).
"""

from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import ThreadPoolExecutor
import logging
import random
import secrets
from dataclasses import dataclass, field, replace
from typing import Any, Awaitable, Callable, Sequence, TypeVar


from .clock import Clock
from .refusals import MOVED, Refusal, Status, invalid, refused, stale
from .games.base import Bot, GameError, Review, State, TextError, Variant, jsonable, options_dict
from .games.levels import STRONG
from .games.transcript import Transcript, action_line, game_rng, logged_as
from .log_store import ChatLine, Fence, LeaseLost, LoggedAction, LoggedEvent, SqlStore, TableRow
from .metrics import BY_BOT, BY_PLAYER, BY_TIMEOUT, Metrics
from .replay import Replay
from .decisions import Decisions
from .seats import SeatState, sha256
from .seeds import SecretSeeds
from .shows import FLAT_OUT, EventBudget, ShowRules

T = TypeVar("T")
# One thread for every table's engine work: pure Python holds the GIL, so more threads would only take
# turns with the event loop more often; with one, the loop gets the GIL back every switch interval.
ENGINE = ThreadPoolExecutor(max_workers=1, thread_name_prefix="engine")
TIMEOUT_ACTION_ID = "timeout"
BOT_ACTION_ID = "bot"
BY = {TIMEOUT_ACTION_ID: BY_TIMEOUT, BOT_ACTION_ID: BY_BOT}  # who made an action, by its id (else a player)
EXACT_SLACK = 0.001  # seconds an exact wait's timer may ring before its time (the loop's own clock resolution)
ABANDON_SECONDS = 600.0  # a game nobody comes back to (every person left or silent) ends as abandoned
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableEvent:
    """A logged event, held in memory with its engine form for redaction."""

    seq: int
    hand: int
    actor: int | None
    action: str
    event: Any
    pending: tuple[int, ...]  # seats with an open decision once the action is applied
    # Whether the action's text may go to every receiver: none of the events it caused is
    # redacted for anyone. Otherwise only its actor gets it (a hidden exchange, a set hand).
    action_public: bool = True
    final: bool = False  # the game's last event
    text: str = ""  # the event's text, as logged (made once: the log, the replay's check and the public receivers')


@dataclass(frozen=True)
class Acted:
    seq: int
    events: list[TableEvent]


@dataclass
class _Command:
    run: Callable[[], Awaitable[Any]]
    done: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class ReplayError(Exception):
    """A table's log does not replay (the engine refuses a logged action, or gives other events): it is set aside."""


END = None  # what a watcher's queue receives after the last event (a Refusal instead: why the stream ends early)
MAX_GROUPED = 100  # events logged before a watcher came, given to it this many at a time
FANOUT = 16  # watchers woken for an action in one turn of the event loop (the others in the next turns)
# A watcher's queue: the events of each action, then END, or the error its stream ends with (the table moved away).
Watch = asyncio.Queue[list[TableEvent] | ChatLine | Refusal | None]
MAX_CHAT_LINES = 5000  # a table's chat, all told: past it, no more lines (a table is a game, not a forum)


class Table:
    def __init__(self, row: TableRow, variant: Variant, log: SqlStore, clock: Clock, *, bot_delay: float = 0.0,
                 shows: ShowRules = FLAT_OUT, on_finish: Callable[[str, dict[str, Any]], None] | None = None,
                 on_lost: Callable[[Table, bool], None] | None = None,
                 metrics: Metrics | None = None) -> None:  # fmt: skip
        self.row = row
        # Its game's counters in the node's metrics (None: a registry of its own, read by nobody).
        self.counts = (metrics or Metrics()).game(variant.name)
        self.on_finish = on_finish  # told (table id, result) once the game is over and logged
        # Told (this table, whether a bug caused it) when this copy must leave memory to be replayed from its
        # log (its state may be ahead of the log: a commit failed, or the task met a bug).
        self.on_lost = on_lost
        self.variant = variant
        self.options = variant.make_options(row.options)
        self.log = log
        self.clock = clock
        self.bot_delay = bot_delay
        self.state: State | None = None
        self.events: list[TableEvent] = []
        self.seats = [SeatState(bot=s in row.bot_seats, player=row.named(s)) for s in range(variant.seats(self.options))]
        # Every seat a bot, and no tournament's game: a show, played as ``shows`` says (its pace, and abandoned when
        # nobody watches it). A tournament's games between bots play on, at the bots' pace, to its end.
        self.bots_only = all(seat.bot for seat in self.seats) and row.place is None
        self.shows = shows
        # The caller who made it (a bots-only table's, while this node plays it) and that caller's events budget.
        self.owner: str | None = None
        self.budget: EventBudget | None = None
        self.done: dict[tuple[int | None, str], Acted] = {}
        self.decisions = Decisions()  # its clocks: each decision's, the game's, the pause after a hand, the bots'
        self.watchers: dict[Watch, int | None] = {}
        self.chatters: set[Watch] = set()  # the watchers shown the chat
        # The watchers sent only the actions that open a decision of their seat (WatchTable's decisions_only):
        # a bot's stream, woken once a decision rather than at every action.
        self.deciding: set[Watch] = set()
        self.chat: list[ChatLine] = []  # every line said at the table, in order
        self.bots = random.Random(f"bots/{row.seed}")
        # Each bot seat's bot, at the level the table keeps for it: one a seat, as a bot may remember what it saw.
        self.robots: dict[int, Bot] = {s: variant.new_bot(row.level(s)) for s in row.bot_seats}
        self.failed: str | None = None
        self.fence: Fence | None = None  # in a cluster: (this node, its epoch) that every write must still hold
        self.node_address = ""  # in a cluster: this node's --advertise address, for clients to call it directly
        self.start_count = 0
        # A finished game's replay for step-by-step views (view_at): made on the first such view, kept with the table.
        self.replay: Replay | None = None
        # The last events as messages, by (seq, audience): an event is redacted and encoded once for every
        # receiver of the same audience (table_convert.table_event), not once per stream.
        self.encoded: dict[tuple[int, int | str | None], Any] = {}
        # The views of the state as it stands, by (seat (None: the spectators'), with its JSON), as messages
        # (table_convert.view_response): built once for the readers of one audience until the state changes.
        self.viewed: dict[tuple[int | None, bool], Any] = {}
        self._commands: deque[_Command] = deque()
        self._wake = asyncio.Event()  # set when there is something new to do: a command, a watcher gone, time moved
        self._timer: asyncio.TimerHandle | None = None  # wakes the task at its next deadline (:meth:`_alarm`)
        self._task: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()  # cleared while a commit is in flight
        self._idle.set()
        self._stop_waking = clock.on_advance(self._wake.set)
        # When a person last showed he is there (a call with his seat's token, a join); with none watching
        # and none for ABANDON_SECONDS, a game with people in it ends as abandoned.
        self.presence = clock.now()
        self.watched = clock.now()  # when the last stream watching it ended (or the table was made, or read back)

    # -- creating and restoring --------------------------------------------------------
    @classmethod
    def new_row(cls, table_id: str, variant: Variant, options: Any, name: str, decision_seconds: float,
                bot_seats: tuple[int, ...], join_by: float | None = None, hints: bool = False,
                place: dict[str, Any] | None = None, pause_seconds: float = 0.0,
                create_id: str | None = None, seed: str | None = None, chat_apart: bool = False,
                bot_levels: tuple[str, ...] = ()) -> TableRow:  # fmt: skip
        """A new table's row; ``seed``: its game's (None: a secret one, as :class:`~.seeds.SecretSeeds` draws);
        ``bot_levels``: by seat, its bot's level ("" past its end: the default)."""
        seed = seed or SecretSeeds().draw()
        return TableRow(table_id, variant.name, name or table_id, options_dict(options), seed, sha256(seed),
                        decision_seconds, bot_seats, False, False, None, join_by=join_by, hints=hints,
                        place=place, pause_seconds=pause_seconds, create_id=create_id, chat_apart=chat_apart,
                        bot_levels=bot_levels)  # fmt: skip

    async def restore(self) -> None:
        """Rebuild from the log: seats, then the game replayed from its seed and actions.

        Pending decisions and the game clock keep the absolute deadlines the log
        holds: a restart or a takeover does not give anyone his time again.
        """
        for seat, (secret, player) in (await self.log.reserved(self.row.table_id)).items():
            self.seats[seat].secret_sha256, self.seats[seat].player = secret, player
        self.chat = await self.log.chat(self.row.table_id)
        for seat, (token, player, key, out) in (await self.log.seats(self.row.table_id)).items():
            state = self.seats[seat]
            state.token_sha256, state.player, state.player_sha256, state.sitting_out = token, player, key, out
        if not self.row.started:
            return
        logged = await self.log.events(self.row.table_id)
        actions = await self.log.actions(self.row.table_id)

        def replay() -> None:  # engine work, in the engine's thread: a 600-hand game takes about a second
            self.events = self._begin()
            for n, action in enumerate(actions, 1):
                assert self.state is not None
                try:
                    events = self._remember(action.seat, action.action,
                                            self.state.apply(action.seat, self.variant.parse_action(action.action)))
                except (GameError, TextError) as e:
                    raise ReplayError(f"logged action {n} ({action_line(action.seat, action.action)}) is refused: "
                                      f"{e}") from e  # fmt: skip
                self.events += events
                self.done[(action.seat, action.action_id)] = Acted(action.last_seq, events)

        await asyncio.get_running_loop().run_in_executor(ENGINE, replay)
        replayed = [e.text for e in self.events]
        written = [e.text for e in logged]  # in today's text form or an older one (a log from before an upgrade)
        if len(replayed) != len(written) or not all(map(logged_as, replayed, written)):
            at = next((i for i, (a, b) in enumerate(zip(replayed, written)) if not logged_as(a, b)),
                      min(len(replayed), len(logged)))  # fmt: skip
            raise ReplayError(f"the replay gives {len(replayed)} events, the log holds {len(logged)}; "
                              f"they differ from seq {at + 1}")  # fmt: skip
        self.decisions.deadlines = dict(self.row.deadlines)
        self._reset_deadlines(None)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.row.table_id}")

    async def stop(self) -> None:
        """Stop playing here (a shutdown, or a lease lost): every command waiting gets UNAVAILABLE, call again."""
        self._stop_waking()
        self.failed = self.failed or "it is not played on this node any more"
        if self._task and self._task is not asyncio.current_task():
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self._let_go()

    def _let_go(self) -> None:
        """This copy plays no more: the commands waiting are told to call again, the watchers to come back."""
        while self._commands:
            cmd = self._commands.popleft()
            if not cmd.done.done():
                cmd.done.set_exception(self._moved())
        self.close_watchers(why=self._moved())

    def _lose(self, why: str, *, bug: bool = False) -> None:
        """Leave memory to be replayed from the log (the state may be ahead of it): nothing more runs here."""
        if self.failed:
            return
        self.failed = why
        self._stop_waking()
        self._let_go()
        if self.on_lost:
            self.on_lost(self, bug)

    def _moved(self) -> Refusal:
        return Refusal(Status.UNAVAILABLE, f"table {self.table_id}: {self.failed}; call again",
                            reason=MOVED)  # fmt: skip

    # -- what anyone may read ------------------------------------------------------------
    @property
    def table_id(self) -> str:
        return self.row.table_id

    @property
    def seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    @property
    def status(self) -> str:
        if self.row.finished:
            return "finished"
        return "playing" if self.state is not None else "waiting"

    @property
    def hand(self) -> int:
        return self.state.hand_number if self.state else 0

    def view(self, seat: int | None) -> dict[str, Any]:
        return jsonable(self.engine_view(seat)) if self.state is not None else {}  # type: ignore[no-any-return]

    def engine_view(self, seat: int | None) -> Any:
        """The engine's view for ``seat`` (None: a spectator); None before the deal."""
        return self.state.view(seat) if self.state is not None else None

    def choices(self, seat: int | None) -> tuple[list[Any], list[Any]]:
        """The seat's legal actions as the engine's records: all of them (the bots', and what the legal space
        is made of), and those its player is told: without the engine's hints (the best words, the
        solver's set) unless the table gives hints."""
        if self.state is None or seat is None or self.state.is_over:
            return [], []
        legal = self.state.legal_actions(seat)
        answers = [] if self.row.hints else self.state.hints(seat)
        return legal, [a for a in legal if a not in answers] if answers else legal

    def legal_actions(self, seat: int | None) -> list[Any]:
        """The seat's legal actions as its player is told them (:meth:`choices`)."""
        return self.choices(seat)[1]

    def legal(self, seat: int | None) -> list[str]:
        return [str(a) for a in self.legal_actions(seat)]

    async def hints(self, seat: int) -> tuple[int, list[Any]]:
        """The seq and the seat's hints then, best first, found in the table's order and off the loop (a
        word search, the solver); FAILED_PRECONDITION at a table that gives none."""
        if not self.row.hints:
            raise refused("NO_HINTS", "this table gives no hints: only a practice table (made with hints) does")

        async def find() -> tuple[int, list[Any]]:
            state, seq = self.state, self.seq
            if state is None or state.is_over:
                return seq, []
            return seq, await self._off_loop(lambda: state.hints(seat) or self._coached(seat, seq))

        return await self.command(find)

    def _coached(self, seat: int, seq: int) -> list[Any]:
        """Where the engine names no answer (an exchange, a bet, a street of open-face Chinese poker): the move the
        strong bot would make from the seat's own view, as one hint. A bot made for it (it remembers nothing the
        seat did not see here) with draws of its own, so asking changes none of the table's bots' draws."""
        if STRONG not in self.variant.bots or not self.choices(seat)[0]:
            return []
        rng = random.Random(f"hint/{self.row.seed}/{seq}/{seat}")
        _, text = self._bot_choice(seat, self.variant.new_bot(STRONG), rng)
        return [self.variant.parse_action(text)] if text else []

    def _bot_choice(self, seat: int, bot: Bot, rng: random.Random) -> tuple[Any, str]:
        """The engine's view for ``seat`` (its legal list names the hints a bot plays by) and the move ``bot`` makes
        from it: a bot seat's, or a hint's."""
        view = self.engine_view(seat)
        return view, bot(view, view.legal or [str(a) for a in self.choices(seat)[0]], rng)

    def deadline_left(self, seat: int | None) -> float:
        return self.decisions.left(seat, self.clock.now())

    def seen(self, event: TableEvent, seat: int | None) -> tuple[Any, str]:
        """What ``seat`` (None: a spectator) may know of an event: its record and the action that caused it.

        The one place a table event is redacted for its receiver: the engine redacts
        the event, and the action's text goes to its actor, and to others only when
        it revealed nothing (its events were the same for every receiver).
        """
        assert self.state is not None
        action = event.action if event.action_public or (seat is not None and seat == event.actor) else ""
        return self.state.redact(event.event, seat), action

    def events_after(self, after_seq: int) -> list[TableEvent]:
        return self.events[after_seq:]  # seq n is at index n - 1

    def hand_events(self, hand: int) -> list[TableEvent]:
        if hand < 1 or (hand >= self.hand and not self.row.finished):
            raise refused("HAND_NOT_FINISHED", f"hand {hand} is not a finished hand of this table (now at {self.hand})",
                          self.seq)  # fmt: skip
        return [e for e in self.events if e.hand == hand]

    async def transcript(self) -> Transcript:
        """The whole game as text, each action followed by the events it caused."""
        if not self.row.finished:
            raise refused("GAME_NOT_OVER", "the seed is revealed, and the log given, once the game is over", self.seq)
        if not self.row.started:
            absent = " ".join(f"p{s}" for s in (self.row.result or {}).get("forfeited", []))
            raise refused("NEVER_DEALT", f"table {self.table_id} was never dealt: {absent or 'nobody'} absent at the "
                          "join deadline, so there is no game to give", self.seq)  # fmt: skip
        lines = [e.text for e in self.events[: self.start_count]]
        after = self.start_count
        for action in await self.log.actions(self.table_id):
            lines.append(action_line(action.seat, action.action))
            lines += [e.text for e in self.events[after : action.last_seq]]
            after = action.last_seq
        return Transcript(self.row.variant, self.row.seed, self.row.options, tuple(lines))

    async def review(self, hand: int, seat: int) -> Review:
        """What finished hand ``hand`` allowed ``seat`` (the game's review: the best words, the solver's set),
        found off the loop from the hand's events as that seat saw them, so from its own cards alone.

        FAILED_PRECONDITION: NO_REVIEW for a game that reviews no hand; HAND_NOT_FINISHED for a hand
        being played, or one the table never dealt.
        """
        reviewer = self.variant.review
        if reviewer is None:
            raise refused("NO_REVIEW", f"{self.variant.title} has no hand to review: only the games whose hands are "
                          "puzzles (AlphaPoker, Chinese poker) review them", self.seq)  # fmt: skip

        async def find() -> Review:
            seen = [self.seen(e, seat)[0] for e in self.hand_events(hand)]  # the seat's redaction, as it got them
            state = self.state
            if state is None or not seen:
                raise refused("HAND_NOT_FINISHED", f"hand {hand} was never dealt at this table", self.seq)
            return await self._off_loop(lambda: reviewer(state, seen, seat))

        return await self.command(find)

    async def view_at(self, at_seq: int, seat: int | None) -> tuple[int, Any]:
        """A finished game as ``seat`` (None: a spectator) saw it right after event ``at_seq``: the seq that
        view holds at (the end of the action that made the event) and the engine's view, replayed off the loop.

        INVALID_ARGUMENT (at_seq) out of 1 to the table's seq; FAILED_PRECONDITION GAME_NOT_OVER while the game
        is played: a running game's past is its hand histories', no more.
        """
        if at_seq < 1:
            raise invalid("at_seq", "an event's seq, from 1")
        if not self.row.finished:
            raise refused("GAME_NOT_OVER", "a game is replayed step by step once it is over", self.seq)
        if at_seq > self.seq:
            raise invalid("at_seq", f"the game ended at seq {self.seq}")
        if self.replay is None:
            actions = await self.log.actions(self.table_id)
            self.replay = self.replay or Replay(self.variant, self.options, self.row.seed, self.start_count, actions)
        replay = self.replay
        while not await self.command(lambda: self._off_loop(lambda: replay.prepare(at_seq))):
            pass  # a long game's first replay, a slice at a time: the other tables' engine work comes between
        return await self.command(lambda: self._off_loop(lambda: replay.view(at_seq, seat)))

    def subscribe(self, seat: int | None, after_seq: int, chat_after: int | None = None,
                  decisions_only: bool = False) -> Watch:  # fmt: skip
        """A queue holding the events after ``after_seq`` (MAX_GROUPED to an item), then each action's, then END;
        with ``chat_after``, the chat lines the watcher is shown after that one, then each new one;
        ``decisions_only``: of the actions after those, only the ones that open a decision of ``seat``'s
        (:meth:`opens`), and the last."""
        queue: Watch = asyncio.Queue()
        if decisions_only:
            self.deciding.add(queue)
        logged = self.events_after(after_seq)
        for at in range(0, len(logged), MAX_GROUPED):
            queue.put_nowait(logged[at : at + MAX_GROUPED])
        if chat_after is not None:
            for line in self.chat_for(seat, chat_after):
                queue.put_nowait(line)
            self.chatters.add(queue)
        if self.row.finished or self.failed:
            queue.put_nowait(END)
        else:
            self.watchers[queue] = seat
            if seat is not None:
                self.seats[seat].watchers += 1
        return queue

    def opens(self, seat: int | None, events: Sequence[TableEvent]) -> bool:
        """Whether ``events`` (an action's, or a part of a backlog) end the game or open the decision ``seat`` has
        open now (one that opened and closed since is no more to decide)."""
        opened = self.decisions.opened.get(seat) if seat is not None else None
        return events[-1].final or (opened is not None and events[0].seq <= opened <= events[-1].seq)

    def unsubscribe(self, queue: Watch) -> None:
        self.chatters.discard(queue)
        self.deciding.discard(queue)
        if queue not in self.watchers:
            return
        seat = self.watchers.pop(queue)
        self.watched = self.clock.now()  # a show is unwatched from now (a spectator's stream too)
        if seat is not None:
            self.seats[seat].watchers -= 1
            self.present()  # he was there until now
        if seat is not None or self.bots_only:
            self._wake.set()  # the table may have to wait for its people (or its watchers) from now

    # -- commands: run one at a time in the table's task --------------------------------------
    async def command(self, run: Callable[[], Awaitable[T]]) -> T:
        """Run ``run`` in the table's task, after the commands before it; its answer or its exception.

        A caller that goes away meanwhile (cancelled) takes its command with it, if it has not run yet.
        """
        if self.failed:
            raise self._moved()
        if self.row.finished or self._task is None or self._task.done():
            return await run()  # no task reads the queue any more (a finished game): nothing can run between
        cmd = _Command(run)
        self._commands.append(cmd)
        self._wake.set()
        return await cmd.done  # type: ignore[no-any-return]

    async def join(self, seat: int | None, player: str, token: str, secret: str = "",
                   key_sha256: str | None = None) -> tuple[int, str | None]:  # fmt: skip
        """Seat a player; returns the seat and the token it replaces (a seat taken back), if any.

        A reserved seat is taken with its secret only, even from a token that holds it
        (a player back from another device); any other seat when it is free. A player key
        (``key_sha256``, its hash) is a secret too: it takes back the seat it holds or has kept
        for it, and binds the seat it takes (:meth:`leave` keeps that seat for the key).
        """
        await self._forfeit_if_late(self.clock.now())  # too late, even if the timer has not fired yet
        if self.row.finished:
            raise refused("GAME_OVER", "the game is over", self.seq)
        if seat is not None and not 0 <= seat < len(self.seats):
            raise invalid("seat", f"this table has seats 0 to {len(self.seats) - 1}")
        if not secret and key_sha256 is not None and (mine := self._held_by(key_sha256, seat)):
            seat = mine[0]  # the key's own seat (its token lost with a closed tab, or left mid-game): back to it
        elif secret:
            mine = [s for s, st in enumerate(self.seats) if st.secret_sha256 == sha256(secret) and seat in (None, s)]
            if not mine:
                raise Refusal(Status.PERMISSION_DENIED, "this secret reserves no seat "
                                   f"{'' if seat is None else f'{seat} '}at table {self.table_id}", reason="WRONG_SECRET")  # fmt: skip
            seat = mine[0]
        else:
            free = [s for s, st in enumerate(self.seats) if not st.taken and not st.reserved]
            if seat is None:
                if not free:
                    raise refused("TABLE_FULL", f"every seat of table {self.table_id} is taken or reserved", self.seq)
                seat = free[0]
            elif self.seats[seat].reserved and not self.seats[seat].bot:
                raise Refusal(Status.PERMISSION_DENIED, f"seat {seat} is reserved for "
                                   f"{self.seats[seat].player or 'its player'}: join with the seat's secret",
                                   reason="SEAT_RESERVED")  # fmt: skip
            elif seat not in free:
                raise refused("SEAT_TAKEN", f"seat {seat} is taken", self.seq)
        replaced = self.seats[seat].token_sha256
        if self.seats[seat].reserved or replaced is not None:
            # A reserved seat, or one taken back (by its key or secret), keeps its player's name: the others know
            # them by it, and a page whose name box was left empty would rename them "player".
            player = self.seats[seat].player or player
        key_sha256 = key_sha256 or self.seats[seat].player_sha256  # a seat taken back by its secret keeps its key
        await self.log.set_seat(self.table_id, seat, sha256(token), player, key_sha256)
        self.seats[seat].token_sha256, self.seats[seat].player = sha256(token), player
        self.seats[seat].player_sha256, self.seats[seat].sitting_out = key_sha256, False
        if replaced is not None:
            self.close_watchers(seat)  # the streams of the token replaced: it no longer holds the seat
        self.present()
        await self.begin_if_full()
        return seat, replaced

    def _held_by(self, key_sha256: str, seat: int | None) -> list[int]:
        """The seats (``seat`` alone, if given) a player key holds, or has kept for it."""
        return [s for s, st in enumerate(self.seats) if seat in (None, s)
                and key_sha256 in (st.player_sha256, st.secret_sha256)]  # fmt: skip

    async def reserve(self, seat: int, player: str, secret_sha256: str) -> None:
        """Keep ``seat`` for the holder of a secret (given as its hash)."""
        await self.log.reserve(self.table_id, seat, secret_sha256, player)
        self.seats[seat].secret_sha256, self.seats[seat].player = secret_sha256, player

    async def begin_if_full(self) -> None:
        """Deal once every seat is taken (by a player or a bot)."""
        if self.state is None and all(s.taken for s in self.seats):
            await self._begin_and_log()

    async def leave(self, seat: int) -> str:
        """Give up a seat; returns the secret that takes it back, when the game goes on without its player.

        Before the deal the seat is free again (unless reserved). During the game it stays
        its player's: nobody else may take it (and see his hidden cards), and its decisions
        are made by the timeout rule until he is back.
        """
        if self.row.finished:
            return ""
        state = self.seats[seat]
        await self.log.set_seat(self.table_id, seat, None, "")
        state.token_sha256 = None
        self.close_watchers(seat)  # a stream of the token given up would show the seat's next player's cards
        secret = ""
        if self.state is not None and state.player_sha256 and state.secret_sha256 != state.player_sha256:
            # Kept for the key it was taken with (an invited or a tournament seat too: its player comes back with
            # the key, as every seat of theirs).
            await self.reserve(seat, state.player, state.player_sha256)
        elif self.state is not None and not state.reserved:
            secret = secrets.token_hex(24)  # kept for a secret told to its player alone
            await self.reserve(seat, state.player, sha256(secret))
        if not state.reserved:
            state.player = ""
        state.player_sha256, state.sitting_out = None, False
        if self.state is not None:
            self._reset_deadlines(None)
        return secret

    async def sit_out(self, seat: int, out: bool) -> None:
        """The seat's player sits out (each decision of the seat is the default move, made at once) or is back
        (a decision open now gets the whole decision time again)."""

        async def run() -> None:
            if self.row.finished:
                raise refused("GAME_OVER", "the game is over", self.seq)
            if self.seats[seat].sitting_out == out:
                return  # as it was: nothing to time anew (else a call a second would hold a decision forever)
            await self.log.set_sitting_out(self.table_id, seat, out)  # kept first: a takeover plays it so too
            self.seats[seat].sitting_out = out
            if self.state is not None:
                self.decisions.deadlines.pop(seat, None)
                self._reset_deadlines(None)  # its open decision (an untimed table's too), timed anew

        await self.command(run)

    def chat_for(self, seat: int | None, after: int = 0) -> list[ChatLine]:
        """The chat lines after line ``after`` that ``seat`` (None: a spectator) is shown."""
        return [line for line in self.chat[after:] if line.seen_by(seat, self.row.chat_apart)]

    async def say(self, seat: int | None, name: str, text: str) -> ChatLine:
        """Say a line at the table (``seat`` None: a spectator): kept in the log, then shown to each chat watcher
        who may see it. UNAVAILABLE when the log cannot keep it; RESOURCE_EXHAUSTED past MAX_CHAT_LINES."""

        async def run() -> ChatLine:
            if len(self.chat) >= MAX_CHAT_LINES:
                raise Refusal(Status.RESOURCE_EXHAUSTED, f"table {self.table_id} has said its {MAX_CHAT_LINES} lines",
                              reason="CHAT_FULL")  # fmt: skip
            line = ChatLine(len(self.chat) + 1, self.seq, seat, name, text, self.clock.now())
            try:
                await self.log.say(self.table_id, line)
            except Exception as e:  # the store's fault is the caller's answer, not the table's end
                try:  # a line kept whose answer was lost (or another node's) holds that number: read them again
                    self.chat = await self.log.chat(self.table_id)
                except Exception:
                    pass
                raise Refusal(Status.UNAVAILABLE, f"the line could not be kept ({type(e).__name__}): say it again",
                              reason="CHAT_NOT_KEPT") from None  # fmt: skip
            self.chat.append(line)
            for queue, watcher in list(self.watchers.items()):
                if queue in self.chatters and line.seen_by(watcher, self.row.chat_apart):
                    queue.put_nowait(line)
            return line

        return await self.command(run)

    async def act(self, seat: int | None, text: str, expected_seq: int | None, action_id: str) -> Acted:
        """A player's action, applied and logged; its refusal counted by reason (brelan_actions_refused_total)."""
        try:
            return await self._act(seat, text, expected_seq, action_id)
        except Refusal as e:
            self.counts.refused(e.reason or e.status.name)
            raise

    async def _act(self, seat: int | None, text: str, expected_seq: int | None, action_id: str) -> Acted:
        if action_id and (seat, action_id) in self.done:
            return self.done[(seat, action_id)]  # a retry: applied once
        if self.state is None:
            raise refused("NOT_STARTED", "the table is waiting for players", self.seq)
        if self.row.finished:
            raise refused("GAME_OVER", "the game is over", self.seq)
        if expected_seq is not None and expected_seq > self.seq:
            raise invalid("expected_seq", f"the table is at seq {self.seq}: a view cannot be ahead of it")
        if expected_seq is not None and self._stale(seat, expected_seq):
            # What is legal now (the new decision) is engine work, as the action's own check is.
            raise stale(self.seq, expected_seq, await self._move(lambda: self.legal(seat)))
        try:
            action = self.variant.parse_action(text)
        except TextError as e:
            legal = ", ".join(self.legal(seat)) or "none now"
            raise invalid("action", f"{e} (legal: {legal})") from None
        try:
            events = await self._move(lambda: self.state.apply(seat, action))  # type: ignore[union-attr]
        except GameError as e:
            raise refused(e.reason, str(e), self.seq, await self._move(lambda: self.legal(seat))) from None
        return await self._commit(seat, str(action), action_id, events)

    def _stale(self, seat: int | None, expected_seq: int) -> bool:
        """Did events after ``expected_seq`` change the decision this seat faces?

        Without a turn order the seq moves with every other player's bet; only a
        new decision for this seat (a new stage, a new hand) makes a view stale.
        In a real-time game a seat may act with no decision open (a claim): the
        engine itself tells a claim made on a table that has changed since (it
        lost the race) and says who won it.
        """
        return self.decisions.stale(seat, expected_seq, self.variant.realtime)

    # -- inside the task ------------------------------------------------------------------------
    def _begin(self) -> list[TableEvent]:
        """Deal: the game's state, and its first events (not yet the table's: see :meth:`_remember`)."""
        self.state = self.variant.new_game(self.options, game_rng(self.row.seed))
        self.start_count = len(self.state.start_events)
        seconds = self.variant.game_seconds(self.options)
        if seconds:
            self.decisions.start_game_clock(self.clock.now(), seconds)
        return self._remember(None, "", self.state.start_events)

    async def _begin_and_log(self) -> None:
        added = self._begin()
        self._reset_deadlines(None, added)
        await self._write(None, added, started=True)
        self.row = replace(self.row, started=True)
        await self._after(None, added)

    def _remember(self, seat: int | None, action: str, events: list[Any]) -> list[TableEvent]:
        """The table events an action's engine events become, numbered after the table's last one.

        They become the table's (``self.events``, what readers see) once the log holds them.
        """
        assert self.state is not None
        hand = self.events[-1].hand if self.events else 0
        pending = tuple(self.state.pending())
        texts = [str(e) for e in events]
        redact = self.state.redact
        public = all((seen := redact(e, None)) is e or str(seen) == text for e, text in zip(events, texts))
        over = self.state.is_over
        added = []
        for i, (event, text) in enumerate(zip(events, texts), 1):
            if self.variant.starts_hand(event):
                hand += 1
            added.append(TableEvent(self.seq + i, hand, seat, action, event, pending, public, over and i == len(events),
                                    text))  # fmt: skip
        return added

    @staticmethod
    def _logged(e: TableEvent) -> LoggedEvent:
        return LoggedEvent(e.seq, e.hand, e.actor, e.action, e.text)

    async def _write(self, action: LoggedAction | None, added: list[TableEvent], *, started: bool = False,
                     result: dict[str, Any] | None = None) -> None:  # fmt: skip
        """Commit an action's events (with the deadlines they leave, and the result when the game is over).

        Until the commit the state is ahead of the log: readers wait (:meth:`settled`), and
        the events join the table only once written. A write that fails (the store's own
        retries spent) takes this copy out of play at once (:meth:`_lose`): it is replayed
        from its log, and its caller is told the action was not done. ``result``: the end of
        a game never dealt (a forfeit), or one abandoned.
        """
        if self.state is not None and self.state.is_over:
            result = jsonable(self.state.result)  # the row keeps it as JSON, with what the table adds
        self._idle.clear()
        try:
            await self.log.append(self.table_id, action, [self._logged(e) for e in added], dict(self.decisions.deadlines),
                                  started=started, result=result, fence=self.fence)  # fmt: skip
        except LeaseLost:  # another node plays it now: this copy stops at once, and callers go there
            self._lose("another node took it over")
            raise Refusal(Status.UNAVAILABLE, f"table {self.table_id} moved to another node: call "
                               "again", reason=MOVED) from None  # fmt: skip
        except Exception as e:  # the store is away (its retries spent), or a commit went through unanswered
            self._lose(f"its log could not be written ({e})")
            raise Refusal(Status.UNAVAILABLE, f"table {self.table_id}: its log could not be written "
                               f"({e}), so this was not done; the table is replayed from its log once the store "
                               "answers: call again (an action_id is applied once)",
                               reason="STORE_UNAVAILABLE") from e  # fmt: skip
        finally:
            self._idle.set()
        self.viewed.clear()  # the state changed: its views are made again when asked
        self.events += added
        if result is not None:
            self.row = replace(self.row, finished=True, result=result)

    async def settled(self) -> None:
        """Wait until no commit is in flight: what a reader sees is then what the log holds."""
        while not self._idle.is_set():
            await self._idle.wait()
        if self.failed:  # a commit failed: this copy is ahead of its log, and no longer played
            raise self._moved()

    async def _commit(self, seat: int | None, action: str, action_id: str, events: list[Any]) -> Acted:
        added = self._remember(seat, action, events)
        self._reset_deadlines(seat, added)
        await self._write(LoggedAction(seat, action, action_id, self.seq + len(added)), added)
        acted = Acted(self.seq, added)
        self.counts.applied(BY.get(action_id, BY_PLAYER))
        if action_id:
            self.done[(seat, action_id)] = acted
        await self._after(seat, added)
        return acted

    async def _after(self, seat: int | None, added: list[TableEvent]) -> None:
        if added:
            for n, (queue, watcher) in enumerate(list(self.watchers.items()), 1):
                if queue in self.deciding:
                    if not self.opens(watcher, added):
                        continue  # a bot's stream: woken at its decisions only
                    if not self.row.finished:  # (the last action's comes before the END that follows it)
                        # After the action's answer: its caller waits for it, while the next to decide thinks first.
                        asyncio.get_running_loop().call_soon(queue.put_nowait, added)
                        continue
                queue.put_nowait(added)  # one item an action: a watcher's stream wakes once for all its events
                if n % FANOUT == 0:
                    # Each stream woken sends in the loop's next turn: thousands at once (tables watched by
                    # hundreds, moving together) would hold every other call for a tenth of a second.
                    await asyncio.sleep(0)
        if self.row.finished:
            self.close_watchers()
            if self.on_finish:
                self.on_finish(self.table_id, self.row.result or {})

    def _reset_deadlines(self, acted: int | None, added: Sequence[TableEvent] = ()) -> None:
        """Open a decision (its seq, its deadline) for each newly pending seat; close the others'.

        ``added``: the events just made (not yet the table's). A new hand among them opens
        a new decision for every pending seat, even one that was pending before it.
        """
        assert self.state is not None
        dealt = [e for e in added if self.variant.starts_hand(e.event)]
        bot_seconds = self.variant.bot_seconds
        self.decisions.reset(self.state, self.clock.now(), added[-1].seq if added else self.seq, acted,
                             new_hand=dealt[-1].hand if dealt else None, seats=self.seats,
                             decision_seconds=self.row.decision_seconds, pause_seconds=self.row.pause_seconds,
                             bot_seconds=None if bot_seconds is None else bot_seconds(self.options))  # fmt: skip

    async def _play_due_bot(self) -> bool:
        """The real-time bot whose time came first acts (one a turn: commands and timers come between)."""
        if self.state is None or self.state.is_over:
            return False
        seat = self.decisions.due_bot(self.clock.now())
        if seat is None:
            return False
        await self._bot_move(seat, realtime=True)
        return True

    def close_watchers(self, seat: int | None = None, why: Refusal | None = None) -> None:
        """End the streams watching the table (``seat``: those watching as that seat only), with ``why`` (None:
        normally, as at the game's end)."""
        for queue in [q for q, s in self.watchers.items() if seat is None or s == seat]:
            queue.put_nowait(why or END)
            self.unsubscribe(queue)

    async def _expire(self) -> None:
        """Make the default move for every decision whose time is up (before the deal: end the wait for players)."""
        now = self.clock.now()
        if self.state is None:
            await self._forfeit_if_late(now)
            return
        if (abandon := self._abandon_at()) is not None and abandon <= now:
            await self._abandon()
            return
        deadlines = self.decisions.deadlines
        if not deadlines or min(deadlines.values()) > now:
            return  # (most turns: an action's, a command's)
        for seat, deadline in sorted(deadlines.items(), key=lambda sd: sd[1]):
            if (deadline > now or self.state is None or self.state.is_over
                    or self.decisions.deadlines.get(seat, -1) != deadline):
                continue  # not yet, or no longer: a move before it opened a new decision with a deadline of its own
            if seat is None:
                del self.decisions.deadlines[None]
                actions = self.state.legal_actions(None)
                if actions:
                    events = await self._move(lambda: self.state.apply(None, actions[0]))  # type: ignore[union-attr]
                    await self._commit(None, str(actions[0]), TIMEOUT_ACTION_ID, events)
            else:
                state = self.state
                action, events = await self._move(lambda: (a := state.default_action(seat), state.apply(seat, a)))
                await self._commit(seat, str(action), TIMEOUT_ACTION_ID, events)

    @property
    def _join_deadline(self) -> float | None:
        """When the seats still empty forfeit: set while the table waits for players, if it has one."""
        return self.row.join_by if self.state is None else None

    async def _forfeit_if_late(self, now: float) -> None:
        """The join deadline passed with seats still empty: their players forfeit, and the game is never dealt.

        The players present win; when nobody came, one seat drawn by lot from the table's seed
        (revealed with the result, so anyone can check the draw) wins, so a match always ends.
        """
        deadline = self._join_deadline
        if deadline is None or deadline > now or self.row.finished:
            return
        absent = [s for s, st in enumerate(self.seats) if not st.taken]
        present = [s for s in range(len(self.seats)) if s not in absent]
        champions = present or [random.Random(f"forfeit/{self.row.seed}").randrange(len(self.seats))]
        await self._write(None, [], result={"forfeited": absent, "champions": champions})
        logger.info("table %s: %s absent at the join deadline", self.table_id, ", ".join(f"p{s}" for s in absent))
        await self._after(None, [])

    def _abandon_at(self) -> float | None:
        """When a game ends for want of people: with people in it, none watching nor heard of for ABANDON_SECONDS;
        bots-only (a show), no stream watching it for the shows' ``unwatched_seconds``."""
        if self.state is None or self.state.is_over:
            return None
        if self.bots_only:
            unwatched = self.shows.unwatched_seconds
            return None if not unwatched or self.watchers else self.watched + unwatched
        people = [st for st in self.seats if not st.bot]
        if not people or any(st.watchers for st in people):  # (no people, no show: a tournament's game of bots)
            return None
        return self.presence + ABANDON_SECONDS

    def present(self) -> None:
        """A person at this table showed he is there (a call with his seat's token)."""
        self.presence = self.clock.now()

    async def _abandon(self) -> None:
        absent = [s for s, st in enumerate(self.seats) if not st.bot]
        await self._write(None, [], result={"abandoned": True, "absent": absent})
        if self.bots_only:
            logger.info("table %s: abandoned (bots only, nobody watched it for %gs)", self.table_id,
                        self.shows.unwatched_seconds)  # fmt: skip
        else:
            logger.info("table %s: abandoned (nobody at %s for %gs)", self.table_id,
                        ", ".join(f"p{s}" for s in absent), ABANDON_SECONDS)  # fmt: skip
        await self._after(None, [])

    def _bot_seat(self) -> int | None:
        """The bot whose turn it is, once the hand's decisions are open (after the pause between hands)."""
        if self.state is None or self.state.is_over or self.decisions.paused(self.clock.now()):
            return None
        return next((s for s in self.state.pending() if self.seats[s].bot), None)

    async def _bot_move(self, seat: int, *, realtime: bool = False) -> None:
        """The bot at ``seat`` acts on the table as it is.

        A real-time bot may find nothing to do, or make a claim the engine refuses
        now (another claim came first): both are dropped, and it looks again when
        the table next changes. One at a person's pace (its ``seconds``: a word
        game's, :mod:`.games.pace`) that decided before its time looks again then. Any other refusal is a bug: the task lets this copy go (:meth:`_run`).
        """
        assert self.state is not None
        state = self.state
        bot, now = self.robots[seat], self.clock.now()

        def decide() -> tuple[str, list[Any], float]:
            view, text = self._bot_choice(seat, bot, self.bots)
            if realtime and not text:
                return text, [], 0.0
            # A real-time bot at a person's pace makes its move once that long has passed since it became possible.
            pace = getattr(bot, "seconds", None) if realtime and self.variant.bot_seconds else None
            if pace is not None:
                ready = self.decisions.bot_since.get(seat, now) + pace(view, text, self.variant.bot_seconds(self.options))
                if ready > now:
                    return "", [], ready
            try:
                return text, state.apply(seat, self.variant.parse_action(text)), 0.0
            except GameError:
                if realtime:
                    return "", [], 0.0
                raise

        text, events, later = await self._off_loop(decide)
        if later:
            self.decisions.bot_due[seat] = later  # it looks again then (the table may have changed meanwhile)
        if text:
            await self._commit(seat, text, BOT_ACTION_ID, events)
            if self.budget is not None:
                self.budget.spend(len(events))

    async def _move(self, step: Callable[[], T]) -> T:
        """A move's own engine work (applying it, the default move, the legal list): at once, on the loop, for a game
        whose moves are light (:attr:`Variant.light_moves`); else off the loop. Bots and hints are always off it."""
        return step() if self.variant.light_moves else await self._off_loop(step)

    async def _off_loop(self, step: Callable[[], T]) -> T:
        """Engine work (a solver, a search of the table's words, a bot's choice) in a worker thread.

        The table's order is kept (its task waits for the step) and no call waits behind it:
        readers of this table wait for it (:meth:`settled`), every other table and call goes on.
        """
        self._idle.clear()
        try:
            return await asyncio.get_running_loop().run_in_executor(ENGINE, step)
        finally:
            self._idle.set()

    def _next_timeout(self) -> float | None:
        due = [self._abandon_at(), self.decisions.next_due(self.clock.now()), self._join_deadline]
        deadline = min([at for at in due if at is not None], default=None)
        return self.clock.timeout(deadline)

    async def _run(self) -> None:
        """The table's task: turns until the game is over (or this copy lets go), then the late commands' answers.

        Whatever a caller does, the task goes on; an unexpected failure inside it (a bug: the state may be
        ahead of the log) takes this copy out of play, to be replayed from the log, instead of freezing it.
        """
        try:
            # A table read back with every seat taken and no deal (its server died between the last join, logged,
            # and the deal): its players' join retries find their seats, so nobody would deal it but this.
            await self.begin_if_full()
            while not self.row.finished and not self.failed:
                await self._turn()
        except Refusal:
            pass  # a commit failed: the table let go already (_lose)
        except Exception as e:
            logger.exception("table %s: its task failed at seq %d; it is replayed from its log", self.table_id, self.seq)
            self._lose(f"its task failed ({type(e).__name__}: {e})", bug=True)
        finally:
            if self._timer is not None:  # (it would keep this copy in memory until it rang)
                self._timer.cancel()
                self._timer = None
        while self._commands and not self.failed:  # commands that came after the end: each gets its answer
            await self._execute(self._commands.popleft())

    async def _turn(self) -> None:
        """What is due, one of each: the timers, then one command, then one bot; else wait for the next."""
        await self._expire()  # deadlines and the game clock fire whatever the bots and the callers do
        if self.row.finished or self.failed:
            return
        worked = False
        if self._commands:
            await self._execute(self._commands.popleft())
            worked = True
        if self.row.finished or self.failed:
            return
        if not worked and self.budget is not None and (owed := self.budget.owed()) > 0:
            await self._wait(owed)  # its caller's shows wrote their share of events: the bots wait
            return
        if self.variant.realtime:
            worked = await self._play_due_bot() or worked
        elif not worked and (bot := self._bot_seat()) is not None:
            pace = max(self.bot_delay, self.shows.pace) if self.bots_only else self.bot_delay
            if pace:  # let the others speak first: there is no turn order
                # Half to one and a half times the pace, as a person's time varies: bot tables made together
                # do not move in step (their events all sent in the same moment, to all their watchers).
                await self._wait(pace * random.uniform(0.5, 1.5), exact=True)
            if not self._commands and self._bot_seat() == bot:
                await self._bot_move(bot)
            worked = True
        if self.row.finished or self.failed:  # a bot's move ended the game: no wait, the task ends
            return
        if worked and (self._commands or self.variant.realtime or self._bot_seat() is not None):
            await asyncio.sleep(0)  # the other tables' turns, and the readers', before this one's next
        else:  # (after a command, with nothing more to do: the wait is the yield, a turn of the loop saved)
            await self._wait(self._next_timeout())

    async def _wait(self, timeout: float | None, *, exact: bool = False) -> None:
        """Until something is to do (a command, time moved on) or ``timeout`` seconds (None: no limit); ``exact``:
        not sooner (a bot's pace), else a wake that comes early is a turn that finds nothing due (:meth:`_alarm`)."""
        self._wake.clear()
        if self._commands or timeout == 0:
            return
        if timeout is not None:
            self._alarm(timeout, exact)
        await self._wake.wait()

    def _alarm(self, timeout: float, exact: bool) -> None:
        """Wake the task in ``timeout`` seconds, or sooner: the table keeps one timer from wait to wait while it
        rings no later than that. Each action moves its decision's deadline on, and a new timer at every wait (an
        asyncio.timeout) cost more than the one turn a timer ringing early brings (issue 42); ``exact``: then."""
        loop = asyncio.get_running_loop()
        at = loop.time() + timeout
        if self._timer is not None:
            if self._timer.when() <= at and not (exact and self._timer.when() < at - EXACT_SLACK):
                return
            self._timer.cancel()
        self._timer = loop.call_at(at, self._ring)

    def _ring(self) -> None:
        self._timer = None
        self._wake.set()

    async def _execute(self, cmd: _Command) -> None:
        """Run a command for its caller; one who went away (cancelled) is not waited for, and changes nothing here."""
        if cmd.done.done():
            return  # its caller gave up before its turn: it never runs
        try:
            result = await cmd.run()
        except asyncio.CancelledError:  # stopped in the middle of it: its caller must not wait forever
            if not cmd.done.done():
                cmd.done.set_exception(self._moved())
            raise
        except Exception as e:
            if not cmd.done.done():
                cmd.done.set_exception(e)
            if not isinstance(e, (Refusal, GameError)):
                raise  # a bug, mid-command: the state may be ahead of the log
            return
        if not cmd.done.done():
            cmd.done.set_result(result)
