"""Every table of a server: creating, finding, joining, and restoring them on start.

Seats hold bearer tokens; only their SHA-256 is kept (in memory and in the
log), so a leaked log or database gives no one a seat.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
import unicodedata
from collections import Counter, OrderedDict
from typing import Any, Awaitable, Callable, Sequence


from .clock import Clock, PeerLimits, TokenBucket
from .refusals import (MAX_PAUSE_SECONDS, MOVED, Refusal, Status, checked_seconds, found, invalid, limited,
                       stopping)  # fmt: skip
from .games.base import Lexicons, OptionError, Variant, quoted
from .games.levels import DEFAULT_LEVEL, UnknownLevel, level_of
from .games.registry import UnknownVariant, get_variant, playable
from .seats import Holder, sha256
from .table import Acted, ReplayError, Table
from .log_store import ChatLine, Fence, Listed, SqlStore, StoreUnavailable, TableRow
from .metrics import Metrics
from .node import Node
from .seeds import SecretSeeds, Seeds
from .shows import FLAT_OUT, Budgets, ShowRules

MAX_NAME = 64
MAX_ID = 64  # a table id longer than this names nothing: not worth a query
FINISHED_KEPT = 32  # finished tables (just over, or read back from the store), kept for the next reader
MAX_SECRET = 64
MIN_JOIN_ID = 16
MAX_MY_SEATS = 50  # seats ListMyTables answers, the most recent first
MAX_CHAT = 200  # characters of a chat line
CHAT_RATE, CHAT_BURST = 1.0, 5.0  # chat lines a second from a seat (or a spectator's address), and in a burst
ZWJ = "\u200d"  # the joiner of emoji sequences: the one format character a line may hold


def held_at(holder: Holder | None, table_id: str, field: str = "") -> int:
    """The seat ``holder`` (a call's token) holds at ``table_id``: UNAUTHENTICATED without a token,
    PERMISSION_DENIED with another table's; ``field``: the request's field naming the table, if not the call's own."""
    where = [(field, f"a seat's token of table {quoted(table_id)} goes with the call")] if field else []
    if holder is None:
        raise Refusal(Status.UNAUTHENTICATED, "this call needs a seat's token (authorization: Bearer ...)", where,
                      reason="TOKEN_REQUIRED")  # fmt: skip
    if holder.table_id != table_id:
        raise Refusal(Status.PERMISSION_DENIED, f"this token is for table {holder.table_id}, not {quoted(table_id)}",
                      where, reason="OTHER_TABLE")  # fmt: skip
    return holder.seat


def invitation_secret(row: TableRow, seat: int) -> str:
    """The secret that takes a seat kept for an invited guest: made from the table's secret seed, so a retried
    creation answers the same one (the seed, told at the game's end, then takes no seat: the game is over)."""
    return hmac.new(row.seed.encode(), f"{row.table_id}/invite/{seat}".encode(), "sha256").hexdigest()[:32]


def invitations(table: Table) -> dict[int, tuple[str, str]]:
    """The table's seats kept for invited guests: seat -> (the guest's name, the secret that takes it)."""
    return {seat: (state.player, secret) for seat, state in enumerate(table.seats)
            if state.secret_sha256 and state.secret_sha256 == sha256(secret := invitation_secret(table.row, seat))}


def plain(text: str) -> bool:
    """Whether ``text`` is plain text on one line: no control, format or separator character but the emoji joiner
    (a newline, an escape, a NUL, a right-to-left override)."""
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") and c != ZWJ for c in text)


def checked_name(name: str, path: str = "name") -> str:
    """A name people see (a player's, a spectator's, a table's): at most MAX_NAME characters of plain text."""
    if len(name) > MAX_NAME:
        raise invalid(path, f"at most {MAX_NAME} characters")
    if not plain(name):
        raise invalid(path, "plain text, without control characters")
    return name


def checked_line(text: str, path: str = "text") -> str:
    """A chat line as said: one line of plain text, 1 to MAX_CHAT characters once trimmed, no control character
    (a newline, an escape). Shown as text wherever it goes: nothing in it is markup.

    >>> checked_line("  bien joué <b>gg</b> ")
    'bien joué <b>gg</b>'
    """
    text = text.strip()
    if not text:
        raise invalid(path, "empty")
    if len(text) > MAX_CHAT:
        raise invalid(path, f"at most {MAX_CHAT} characters, not {len(text)}")
    if not plain(text):
        raise invalid(path, "one line of text, without control characters")
    return text


def checked_key(player_key: str, path: str = "player_key") -> str:
    """A player key's hash; INVALID_ARGUMENT unless it is MIN_JOIN_ID to MAX_SECRET characters (a short one could
    be guessed, and it stands for the player's seats)."""
    if not MIN_JOIN_ID <= len(player_key) <= MAX_SECRET:
        raise invalid(path, f"{MIN_JOIN_ID} to {MAX_SECRET} random characters, not {len(player_key)}")
    return sha256(player_key)
RECOVER_FIRST, RECOVER_MOST = 0.2, 5.0  # seconds between tries to replay a table let go, doubling
BUGS_BEFORE_ASIDE = 3  # a table whose task fails this many times at the same seq is set aside
WAITING_SECONDS = 1800.0  # a table nobody comes to sit at gives up waiting after this (a tournament's sets its own)
# Per caller's address: new tables (and tournaments) and joins a second, and at once. Far above what people do,
# far below what a script spamming the lobby does (1,500 tables a second were seen).
CREATE_RATE, CREATE_BURST = 5.0, 100.0
JOIN_RATE, JOIN_BURST = 50.0, 500.0
log = logging.getLogger(__name__)


class TableExists(Exception):
    """A table of the id asked for was made already (by this node or another)."""


def checked_create_id(create_id: str) -> str:
    """A CreateTable's create_id: empty (none), or MIN_JOIN_ID to MAX_SECRET characters: a short one would be another
    caller's too, whose retry would be answered this table instead of his own."""
    if create_id and not MIN_JOIN_ID <= len(create_id) <= MAX_SECRET:
        raise invalid("create_id", f"{MIN_JOIN_ID} to {MAX_SECRET} characters (a UUID will do), not {len(create_id)}")
    return create_id


def new_table_id() -> str:
    return "t-" + secrets.token_hex(4)


class Tables:
    def __init__(self, log: SqlStore, clock: Clock, *, bot_delay: float = 0.0, rate: float = 50.0,
                 burst: float = 100.0, lexicons: Lexicons | None = None, shows: ShowRules = FLAT_OUT,
                 seeds: Seeds | None = None, metrics: Metrics | None = None) -> None:  # fmt: skip
        self.log = log
        # The node's figures (None: a registry of these tables' own, read by nobody): the tables here by game and
        # state are read at each scrape, what happens is counted as it does (Table.counts).
        self.metrics = metrics or Metrics()
        self.metrics.read_tables(self._states)
        self.seeds = seeds or SecretSeeds()  # each new table's game seed (and each tournament's)
        self.shows = shows  # how bots-only tables are played, and bounded per caller
        self.budgets = Budgets(clock, shows.events_per_second)
        self.making: Counter[str] = Counter()  # shows being made (their rows being written), by caller
        self.lexicons = lexicons  # what word games judge with; None: this server has no lexicon
        self.clock = clock
        self.bot_delay = bot_delay
        self.rate, self.burst = rate, burst
        self.node: Node | None = None  # this node, in a cluster (set by Cluster)
        self.tables: dict[str, Table] = {}  # the tables being played here
        self.finished: OrderedDict[str, Table] = OrderedDict()  # read back from the store, least recent first
        self.reading: dict[str, asyncio.Future[Table]] = {}  # finished tables being read back, by id
        self.tokens: dict[str, tuple[str, int]] = {}  # sha256(token) -> (table id, seat)
        self.buckets: dict[str, TokenBucket] = {}
        self.creating = PeerLimits(clock, CREATE_RATE, CREATE_BURST)  # CreateTable and CreateTournament
        self.joining = PeerLimits(clock, JOIN_RATE, JOIN_BURST)
        self.chatting = PeerLimits(clock, CHAT_RATE, CHAT_BURST)  # per seat (its token), or per spectator's address
        # Told (table id, result) when a game ends, after the table's own work (a tournament goes on).
        self.listeners: list[Callable[[str, dict[str, Any]], Awaitable[None]]] = []
        self._listening: set[asyncio.Task[None]] = set()
        # Tables let go (a commit failed, or their task met a bug) to be replayed from their log here, once
        # the store answers. In a cluster, none: their lease runs out and a node (this one or another) takes them.
        self.recovering: set[str] = set()
        self._recovery: asyncio.Task[None] | None = None
        self._bugs: dict[str, tuple[int, int]] = {}  # table id -> (the seq its task last failed at, times there)

    def _table(self, row: Any) -> Table:
        table = Table(row, playable(row.variant, self.lexicons), self.log, self.clock, bot_delay=self.bot_delay,
                      shows=self.shows, on_finish=self._finished, on_lost=self._lost,
                      metrics=self.metrics)  # fmt: skip
        table.node_address = self.node.address if self.node else ""
        return table

    def _lost(self, table: Table, bug: bool) -> None:
        """A table let go of its state (ahead of its log): out of memory now, replayed from the log soon."""
        if self.tables.get(table.table_id) is not table:
            return  # stopped already (a lease lost, a shutdown): nothing to replay here
        del self.tables[table.table_id]
        self._forget_tokens(table)
        seq, times = self._bugs.get(table.table_id, (-1, 0))
        times = times + 1 if bug and seq == table.seq else int(bug)
        self._bugs[table.table_id] = (table.seq, times)
        if times >= BUGS_BEFORE_ASIDE:  # the same failure again and again: no replay will get past it
            self._spawn(self._set_aside(table.table_id, f"its task failed {times} times at seq {table.seq}: "
                                        f"{table.failed}"))  # fmt: skip
            return
        log.warning("table %s stopped at seq %d: %s; it is replayed from its log%s", table.table_id, table.seq,
                    table.failed, "" if self.node is None else " by whichever node takes it")  # fmt: skip
        if self.node is not None:  # its lease is given back (or runs out): the first node to beat takes it
            self._spawn(self._release(table.table_id, self.node.node_id))
            return
        self.recovering.add(table.table_id)
        if self._recovery is None or self._recovery.done():
            self._recovery = asyncio.get_running_loop().create_task(self._recover(), name="recover tables")

    async def _release(self, table_id: str, node_id: str) -> None:
        try:
            await self.log.release_table(table_id, node_id)
        except StoreUnavailable:
            pass  # not renewed by this node's beats any more, its lease runs out by itself

    async def _recover(self) -> None:
        """Replay each table let go from its log, trying again (backing off) while the store does not answer."""
        delay = RECOVER_FIRST
        while self.recovering:
            await asyncio.sleep(delay)
            for table_id in list(self.recovering):
                try:
                    row = await self.log.table(table_id)
                    if row is not None and not row.finished and row.set_aside is None:
                        table = await self.adopt(row, None)
                        log.info("table %s replayed from its log: it plays on at seq %d", table_id, table.seq)
                except StoreUnavailable:
                    break  # the store is still away: all of them later
                except (ReplayError, LookupError):
                    pass  # set aside (its log does not replay), or its lexicon is not served: said in the log
                except Exception:
                    log.exception("table %s: replaying it failed; trying again later", table_id)
                    continue
                self.recovering.discard(table_id)
            delay = min(2 * delay, RECOVER_MOST)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.get_running_loop().create_task(work)  # type: ignore[arg-type]
        self._listening.add(task)
        task.add_done_callback(self._heard)

    async def _set_aside(self, table_id: str, why: str) -> None:
        """Never play a table again (its log does not replay): said once in the server's log, kept in the store."""
        log.error("table %s set aside: %s (the other tables are served)", table_id, why)
        self.recovering.discard(table_id)
        await self.log.set_aside(table_id, why)

    def _finished(self, table_id: str, result: dict[str, Any]) -> None:
        """A game is over: its table leaves the tables played here for the finished ones kept (its players
        read its end at once: replaying it from the store for them would cost the whole game again)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.counts.finished.inc()
            self._forget_tokens(table)
            self._keep_finished(table)
        self._bugs.pop(table_id, None)
        for listener in self.listeners:  # each in a task of its own: the finished table's task is done with it
            self._spawn(listener(table_id, result))

    def _heard(self, task: asyncio.Task[None]) -> None:
        self._listening.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's background work failed", exc_info=task.exception())

    async def restore(self) -> int:
        """Replay every unfinished table in the log, and let it play on. Returns how many.

        A word game's table waits in the log while the server runs without its lexicon; a table whose log
        does not replay is set aside (one line in the server's log), and the others are served.
        """
        playing = 0
        for row in await self.log.tables(unfinished_only=True):
            try:
                await self.adopt(row, None)
            except LookupError as e:  # NeedsLexicon, or the lexicon it names is not served
                log.warning("table %s not restored: %s", row.table_id, e)
                continue
            except ReplayError:
                continue  # set aside
            playing += 1
        return playing

    async def adopt(self, row: TableRow, fence: Fence | None) -> Table:
        """Replay a table from the log and let it play on here (at a restart, or taken over from another node).

        LookupError: a word game whose lexicon this server does not serve. ReplayError: its log does not
        replay; it is set aside for good.
        """
        table = self._table(row)
        table.fence = fence
        try:
            await table.restore()
        except ReplayError as e:
            await self._set_aside(row.table_id, f"its log does not replay: {e}")
            raise
        self.tables[row.table_id] = table
        for seat, state in enumerate(table.seats):
            if state.token_sha256:
                self.tokens[state.token_sha256] = (row.table_id, seat)
        table.start()
        if fence is not None:  # a lease taken (a restart and a recovery adopt none): another node played it
            self.metrics.takeovers.inc()
        return table

    def _states(self) -> list[tuple[tuple[str, str], float]]:
        """The tables played here, by game and state (waiting, playing): brelan_tables at a scrape."""
        return list(Counter((table.row.variant, table.status) for table in self.tables.values()).items())

    def _forget_tokens(self, table: Table) -> None:
        """A table leaves this node's memory: its seats' tokens resolve through the store again."""
        for state in table.seats:
            if state.token_sha256:
                self.tokens.pop(state.token_sha256, None)
                self.buckets.pop(state.token_sha256, None)

    async def drop(self, table_id: str, why: str, level: int = logging.WARNING) -> None:
        """Stop playing a table here at once (its lease is another node's now); the log keeps it."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        self._forget_tokens(table)
        await table.stop()
        log.log(level, "table %s stopped here: %s", table_id, why)

    async def find(self, table_id: str) -> Table:
        """A table being played here, or a finished one read back from the store (kept a while: it is replayed)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.finished:
            self.finished.move_to_end(table_id)
            return self.finished[table_id]
        if table_id in self.recovering:
            raise Refusal(Status.UNAVAILABLE, f"table {table_id} is being replayed from its log (the "
                               "store did not answer): call again", reason="TABLE_RECOVERING")  # fmt: skip
        row = await self.log.table(table_id) if 0 < len(table_id) <= MAX_ID else None
        if row is not None and row.set_aside is not None:
            raise Refusal(Status.DATA_LOSS, f"table {table_id} is set aside and not played: "
                               f"{row.set_aside}", reason="TABLE_SET_ASIDE")  # fmt: skip
        if row is not None and not row.finished and self.node is not None:  # played by another node (it moved)
            raise Refusal(Status.UNAVAILABLE, f"table {table_id} is played by another node now: call "
                               "again", reason=MOVED)  # fmt: skip
        if row is None or not row.finished:
            return found(self.tables, table_id, "table_id", "table")  # INVALID_ARGUMENT when empty, else NOT_FOUND
        if table_id not in self.reading:  # its readers at once share one replay (each would cost as much)
            self.reading[table_id] = asyncio.ensure_future(self._read_back(row))
            self.reading[table_id].add_done_callback(lambda _: self.reading.pop(table_id, None))
        return await asyncio.shield(self.reading[table_id])  # a reader who gives up does not stop the others'

    async def _read_back(self, row: TableRow) -> Table:
        """A finished table replayed from its log, kept among the last FINISHED_KEPT read."""
        table = self._table(row)
        await table.restore()
        self._keep_finished(table)
        return table

    def _keep_finished(self, table: Table) -> None:
        """Keep a finished table among the last FINISHED_KEPT (what :meth:`find` gives before the store)."""
        self.finished[table.table_id] = table
        self.finished.move_to_end(table.table_id)
        while len(self.finished) > FINISHED_KEPT:
            self.finished.popitem(last=False)

    def stop_watches(self) -> None:
        """The server stops: every watch of a table here ends UNAVAILABLE, SERVER_STOPPING (:func:`stopping`)."""
        why = stopping()
        for table in self.tables.values():
            table.close_watchers(why=why)

    async def close(self) -> None:
        if self._recovery is not None:
            self._recovery.cancel()
        for table in list(self.tables.values()):
            await table.stop()


    async def create(self, variant_name: str, options: dict[str, str], bot_seats: list[int], decision_seconds: float,
               name: str, reserved: dict[int, tuple[str, str]] | None = None, table_id: str = "",
               join_seconds: float = 0.0, hints: bool = False, place: dict[str, Any] | None = None,
               pause_seconds: float = 0.0, create_id: str = "", owner: str | None = None,
               chat_apart: bool = False, rematch_of: str = "", invites: dict[int, str] | None = None,
               holder: Holder | None = None, bots: Sequence[tuple[int, str]] = ()) -> Table:  # fmt: skip
        """A new table, playing at once when bots take every seat; ``reserved``: seat -> (player, secret's hash).

        ``table_id``: the id a tournament claimed for its game (:class:`TableExists` when that table was made).
        ``join_seconds``: how long it waits for its players (0: WAITING_SECONDS); then the absent forfeit.
        ``hints``: a practice table, whose players may ask for hints (never a tournament's: reserved seats).
        ``place``: a tournament's game, where it stands in its tournament (TableInfo.tournament).
        ``pause_seconds``: after each hand, how long its end stays before the next hand's decisions open.
        ``create_id``: the caller's id of this creation (:meth:`made_by`); :class:`TableExists` when another call of
        the same id made its table first.
        ``owner``: the caller (its address) making it: a table of bots only counts against that caller's shows.
        ``chat_apart``: its spectators' chat lines are shown to spectators only.
        ``rematch_of``: a table whose players play again here (the first such table is named in its row), made by
        ``holder``, the caller's seat there (UNAUTHENTICATED without, PERMISSION_DENIED for another table's).
        ``invites``: seat -> the name of a guest it is kept for (its secret: :func:`invitation_secret`).
        ``bots``: (seat, level) for bots at a level of their own (English or French; "": the default), the
        ``bot_seats`` playing at the default level.
        """
        if rematch_of:
            old = await self.log.table(rematch_of) if len(rematch_of) <= MAX_ID else None
            if old is None:
                raise Refusal(Status.NOT_FOUND, f"no table {quoted(rematch_of)}", [("rematch_of", "no such table")],
                              reason="TABLE_NOT_FOUND", metadata={"rematch_of": rematch_of[:MAX_ID]})  # fmt: skip
            if old.place is not None:  # a tournament plays its own next game
                raise invalid("rematch_of", "a table of people's own, not a tournament's game")
            # Its players are invited to the rematch (TableInfo.rematch): a stranger naming the first one would send
            # them to a table of his, so one of its seats makes it.
            held_at(holder, rematch_of, "rematch_of")
        try:
            variant = get_variant(variant_name)
        except UnknownVariant as e:
            raise invalid("variant", str(e)) from None
        parsed = self.options_of(variant, options)
        seats = variant.seats(parsed)
        for i, seat in enumerate(bot_seats):
            if not 0 <= seat < seats:
                raise invalid(f"bot_seats[{i}]", f"this table has seats 0 to {seats - 1}")
        levels = dict.fromkeys(bot_seats, DEFAULT_LEVEL)  # each bot seat's level, as the table keeps it
        for i, (seat, level) in enumerate(bots):
            if not 0 <= seat < seats:
                raise invalid(f"bots[{i}].seat", f"this table has seats 0 to {seats - 1}")
            try:
                levels[seat] = level_of(level)
            except UnknownLevel as e:
                raise invalid(f"bots[{i}].level", str(e)) from None
        bot_seats = sorted(levels)
        decision_seconds = checked_seconds("decision_seconds", decision_seconds)
        pause_seconds = checked_seconds("pause_seconds", pause_seconds, MAX_PAUSE_SECONDS)
        if pause_seconds and variant.realtime:  # the seats that may act during it would race the bots unopposed
            raise invalid("pause_seconds", f"{variant.title} is played in real time: it has no pause between hands")
        if hints and reserved:
            raise invalid("hints", "a tournament's tables give no hints")
        for i, (seat, guest) in enumerate((invites or {}).items()):
            if not 0 <= seat < seats or seat in bot_seats:
                raise invalid(f"invite[{i}].seat", f"a seat of 0 to {seats - 1} that no bot takes, not {seat}")
            if not guest.strip():
                raise invalid(f"invite[{i}].name", f"a name of 1 to {MAX_NAME} characters")
            checked_name(guest, f"invite[{i}].name")
        checked_name(name)
        show = owner is not None and len(set(bot_seats)) == seats and place is None
        if show and self.shows.per_caller and self.shows_of(owner) + self.making[owner] >= self.shows.per_caller:
            raise Refusal(Status.RESOURCE_EXHAUSTED, f"at most {self.shows.per_caller} tables of bots "
                               "only at once from your address: watch one to its end, or take a seat at a new one",
                               reason="TOO_MANY_BOT_TABLES", metadata={"limit": str(self.shows.per_caller)})  # fmt: skip
        if show:
            self.making[owner] += 1  # its place is held while its row is written: calls at once count it
        try:
            table = await self._create(variant, parsed, levels, decision_seconds, name, reserved, table_id,
                                       join_seconds, hints, place, pause_seconds, create_id, owner if show else None,
                                       chat_apart, invites or {})  # fmt: skip
            if rematch_of and await self.log.set_rematch(rematch_of, table.table_id):
                old = self.tables.get(rematch_of) or self.finished.get(rematch_of)  # (a finished one, read back)
                if old is not None:
                    old.row = dataclasses.replace(old.row, rematch=table.table_id)
            return table
        finally:
            if show:
                self.making[owner] -= 1
                if not self.making[owner]:
                    del self.making[owner]

    async def _create(self, variant: Variant, parsed: Any, levels: dict[int, str], decision_seconds: float, name: str,
                      reserved: dict[int, tuple[str, str]] | None, table_id: str, join_seconds: float, hints: bool,
                      place: dict[str, Any] | None, pause_seconds: float, create_id: str,
                      owner: str | None, chat_apart: bool, invites: dict[int, str]) -> Table:  # fmt: skip
        table_id = table_id or new_table_id()
        row = Table.new_row(table_id, variant, parsed, name, decision_seconds, tuple(sorted(levels)),
                            self.clock.now() + (join_seconds or WAITING_SECONDS), hints, place, pause_seconds,
                            checked_create_id(create_id) or None, self.seeds.draw(), chat_apart,
                            tuple(levels.get(s, "") for s in range(variant.seats(parsed))))  # fmt: skip
        node = self.node
        if not await self.log.create(row, node.node_id if node else None, node.lease if node else 0.0):
            raise TableExists(table_id)
        table = self._table(row)
        table.fence = (node.node_id, 1) if node else None
        if owner is not None:  # a show: it counts against its caller's
            table.owner, table.budget = owner, self.budgets.of(owner)
        for seat, (player, secret_sha256) in (reserved or {}).items():
            await table.reserve(seat, player, secret_sha256)
        for seat, guest in invites.items():
            await table.reserve(seat, guest.strip(), sha256(invitation_secret(row, seat)))
        self.tables[table_id] = table
        table.counts.created.inc()
        table.start()
        await table.command(table.begin_if_full)  # bots only: deal at once
        return table

    def shows_of(self, owner: str) -> int:
        """How many bots-only tables ``owner`` made that are played here now."""
        return sum(1 for table in self.tables.values() if table.owner == owner)

    async def made_by(self, create_id: str) -> str | None:
        """The table a CreateTable of this ``create_id`` made (on any node, before a restart too); None: none yet."""
        return await self.log.made_by(checked_create_id(create_id))

    def seat_count(self, row: Any) -> int:
        variant = get_variant(row.variant)
        return variant.seats(variant.make_options(row.options))

    def options_of(self, variant: Variant, options: dict[str, str]) -> Any:
        """A table's options, checked (field violations on ``options[...]``), with the lexicon a word game needs."""
        try:
            parsed = variant.make_options(options)
        except OptionError as e:
            raise invalid(f"options[{e.name}]", e.why) from None
        except (TypeError, ValueError) as e:
            raise invalid("options", str(e)) from None
        self.check_lexicon(variant, parsed)
        return parsed

    def check_lexicon(self, variant: Variant, options: Any) -> None:
        """A word game needs a lexicon here, and the one its options name."""
        if variant.bind is None:
            return
        if self.lexicons is None:
            raise Refusal(Status.FAILED_PRECONDITION, f"{variant.name} judges words, and this server runs "
                               "without a lexicon (started with --no-lexicon)", reason="NO_LEXICON")  # fmt: skip
        try:
            self.lexicons(options.lexicon)
        except LookupError as e:
            raise invalid("options[lexicon]", str(e).strip("'\"")) from None

    async def join(self, table_id: str, seat: int | None, player: str, secret: str = "",
                   join_id: str = "", player_key: str = "") -> tuple[int, str]:  # fmt: skip
        """Seat a player; its seat and token. With ``join_id``, a retry (even after a restart) answers the same;
        with a ``player_key``, the seat is the key's (:meth:`Table.join`)."""
        key_sha256 = checked_key(player_key) if player_key else None
        table = await self.find(table_id)
        checked_name(player, "player")
        if len(secret) > MAX_SECRET:
            raise invalid("secret", f"at most {MAX_SECRET} characters")
        if len(join_id) > MAX_SECRET:
            raise invalid("join_id", f"at most {MAX_SECRET} characters")
        if join_id and len(join_id) < MIN_JOIN_ID:  # it stands for the seat's token: a guessable one gives the seat
            raise invalid("join_id", f"at least {MIN_JOIN_ID} random characters (a UUID will do), not {len(join_id)}")
        # hex: never read as a command-line flag, as a leading "-" would be. A join id's token is derived from it
        # and the table's secret seed, so the same join id finds its seat again in the log's token hashes; labelled
        # apart from the invitations' secrets (invitation_secret), so no join id's token is ever one of those.
        token = hmac.new(table.row.seed.encode(), f"{table_id}/join/{join_id}".encode(), "sha256").hexdigest()[:48] \
            if join_id else secrets.token_hex(24)  # fmt: skip

        async def once() -> tuple[int, str | None]:  # in the table's task: two retries at once take one seat
            held = next((s for s, st in enumerate(table.seats) if join_id and st.token_sha256 == sha256(token)), None)
            if held is not None:
                return held, None  # a retry: the join went through, its answer was lost
            return await table.join(seat, player, token, secret, key_sha256)

        taken, replaced = await table.command(once)
        if replaced is not None:
            self.tokens.pop(replaced, None)  # the seat's player is back elsewhere: the old token is revoked
        self.tokens[sha256(token)] = (table_id, taken)
        return taken, token

    async def seats_of(self, player_key: str) -> list[tuple[Listed, int, bool]]:
        """The unfinished tables where a player key holds a seat or has one kept for it: (the table as listed, the
        seat, whether it is kept), the most recent first."""
        held = await self.log.held_by(checked_key(player_key), MAX_MY_SEATS)
        listed = {entry.row.table_id: entry for entry in await self.log.listed(sorted({t for t, _, _ in held}))}
        return [(listed[t], seat, kept) for t, seat, kept in held if t in listed]

    async def sit_out(self, holder: Holder | None, table_id: str, out: bool) -> Table:
        table, seat = await self.seat_of(holder, table_id)
        await table.sit_out(seat, out)
        return table

    async def say(self, holder: Holder | None, peer: str, table_id: str, text: str, name: str = "") -> ChatLine:
        """A chat line at a table, from the caller's seat (its player's name) or as a spectator (``name``); one
        line of plain text, CHAT_RATE lines a second (in bursts of CHAT_BURST) from each seat or address."""
        table, seat = await self.seat_of(holder, table_id) if holder is not None else (await self.find(table_id), None)
        text = checked_line(text)
        checked_name(name)
        if not self.chatting.take(holder.token_sha256 if holder is not None else peer):
            raise limited("chat lines", CHAT_RATE, "from your seat" if holder is not None else "from your address")
        who = table.seats[seat].player if seat is not None else name.strip()
        if seat is None and who.casefold() in {st.player.strip().casefold() for st in table.seats if st.player}:
            raise invalid("name", f"{who} is the name of a player at this table: a spectator writes under another")
        return await table.say(seat, who or (f"p{seat}" if seat is not None else "spectator"), text)

    async def resolve(self, token: str) -> Holder | None:
        """The seat a bearer token holds (what the interceptor asks): here, or in the store."""
        digest = sha256(token)
        held = self.tokens.get(digest) or await self.log.token_seat(digest)
        return Holder(digest, *held) if held else None

    async def seat_of(self, holder: Holder | None, table_id: str) -> tuple[Table, int]:
        """The table and seat of the caller; PERMISSION_DENIED when the token is for another table."""
        seat = held_at(holder, table_id)
        return await self.find(table_id), seat

    async def viewer(self, holder: Holder | None, table_id: str) -> tuple[Table, int | None]:
        """A seat when a token is given, else a spectator (seat None); the table as its log holds it."""
        table, seat = await self.seat_of(holder, table_id) if holder is not None else (await self.find(table_id), None)
        await table.settled()
        if seat is not None:
            table.present()
        return table, seat

    async def settled(self, table_id: str) -> Table:
        table = await self.find(table_id)
        await table.settled()
        if self.node is not None and table.row.finished and not table.row.rematch and table.row.place is None:
            # Another node may have made its rematch (CreateTable lands on any node): the store names it, where this
            # node's row, played or kept once finished, would not until the table left its memory. Asked only of a
            # finished table of people's own (a rematch is offered at the end; a tournament's game has none): the
            # pages read a live table's every few seconds.
            row = await self.log.table(table_id)
            if row is not None and row.rematch:
                table.row = dataclasses.replace(table.row, rematch=row.rematch)
        return table

    async def leave(self, holder: Holder | None, table_id: str) -> str:
        """Give up the caller's seat; returns the secret that takes it back while the game goes on."""
        table, seat = await self.seat_of(holder, table_id)
        secret = await table.command(lambda: table.leave(seat))
        assert holder is not None
        self.tokens.pop(holder.token_sha256, None)
        return secret

    async def act(self, holder: Holder | None, table_id: str, seat: int, text: str, expected_seq: int | None,
                  action_id: str) -> Acted:  # fmt: skip
        table, held = await self.seat_of(holder, table_id)
        if seat != held:
            raise Refusal(Status.PERMISSION_DENIED, f"this token holds seat {held}, not seat {seat}",
                          reason="OTHER_SEAT")  # fmt: skip
        assert holder is not None
        bucket = self.buckets.get(holder.token_sha256)
        if bucket is None:  # (not setdefault: it would make a bucket at every action, to throw it away)
            bucket = self.buckets[holder.token_sha256] = TokenBucket(self.clock, self.rate, self.burst)
        if not bucket.take():
            raise limited("actions", self.rate, "from this seat")
        table.present()
        return await table.command(lambda: table.act(seat, text, expected_seq, action_id))
