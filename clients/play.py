"""``brelan play``: a terminal table. You sit at the first seat (seat 1); bots take the others.

The screen shows your cards, the board, what the others' backs show, chips and
whose decision is pending, and the last events in words, seats by their players' names (lines.py); the
prompt takes an action's text, lists the legal ones (``!`` lets the bot choose) and says the seconds left
when the table has a clock (``--clock``). Events arrive on a watch stream in a thread, so the screen follows
the bots between your decisions; the player's lines are read in a thread too (:class:`Keys`), so a deal's end held
on screen gives way when the player's next decision comes, whose clock runs on the server.

Without ``--server`` a table server runs in this process on a store of its own, ``play/`` under the data
directory: ``brelan serve`` on that data directory never lists nor plays a local game.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import os
import queue
import random
import shlex
import sys
import threading
import time
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

import grpc
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from brelan.lexicon.store import Store
from brelan.api.errors import ServiceError
from brelan.api.v1 import table_pb2 as tpb
from brelan.server.games.base import Variant

from .client import SeatHandle
from .console import connect, err, fail, out
from .keys import my_key
from .lines import DAKER_TYPED, daker_card, event_line, named_text, seat_name, seat_names


def cards(pieces: Iterable[Any]) -> str:
    """Cards, dice or backs as their text, one space apart."""
    return " ".join(map(str, pieces))


def render(variant: Variant, table_id: str, view: Any, legal: list[str], recent: list[str],
           names: list[str] | None = None, clock: float = 0.0) -> Any:  # fmt: skip
    """The table as a panel: a header, the board, a row a seat (``names``: the seats' players), the last events,
    whose move it is and its clock (``clock`` seconds left; 0: none); ``view``: the engine's view for the seat
    (:meth:`~brelan.server.games.base.Variant.view_from_json`); ``recent``: the last events' lines."""
    me = view.seat
    columns, header, rows = SCREENS[variant.name](view)
    seats = Table(box=None, pad_edge=False)
    for column in ("seat", *columns):
        seats.add_column(column)
    for s, row in enumerate(rows):
        seats.add_row(seat_name(names or [], s) + (" (you)" if s == me else ""), *row,
                      style="bold" if s == me else None)  # fmt: skip
    head = Text.assemble((variant.title, "bold"), f"  {table_id}  {header}")
    board = Text("board  " + (cards(view.board) or "-") if hasattr(view, "board") else "", style="bold cyan")
    log = Text("\n".join(recent[-LOGGED:]), style="dim")
    left = f" ({clock:.0f} s left)" if clock else ""
    prompt = Text(f"your move{left}: {legal_hint(legal)}" if legal else "waiting for the others...",
                  style="yellow" if legal else "dim")  # fmt: skip
    return Panel.fit(_stack(head, board, seats, log, prompt), title="brelan play")


Screen = tuple[tuple[str, ...], str, list[tuple[str, ...]]]


def poker_champ_screen(view: Any) -> Screen:
    pending = set(view.pending)
    rows = [(cards(hole) or "--", str(view.chips[s]), str(view.paid[s]), "*" * view.awards[s],
             "folded" if not view.in_hand[s] else "deciding..." if s in pending else "in")
            for s, hole in enumerate(view.holes)]  # fmt: skip
    header = f"deal {view.deal}  stage {view.stage} (stake {view.stake})  pot {view.pot}"
    return ("cards", "chips", "paid", "awards", ""), header, rows


def yahtzee_screen(view: Any) -> Screen:
    rows = [(cards(dice) or "--", str(view.stacks[s]), str(view.bets[s]),
             "out" if view.out[s] else "folded" if not view.in_hand[s] else
             "to act..." if view.to_act == s else "dealer" if view.button == s else "")
            for s, dice in enumerate(view.dice)]  # fmt: skip
    header = f"hand {view.hand}  {view.street} (up to {view.round_limit})  pot {view.pot}"
    return ("dice", "chips", "bet", ""), header, rows


def daker_screen(view: Any) -> Screen:
    pending = set(view.pending)

    def shown(pieces: Iterable[Any]) -> str:  # the red and the black by name ("J/black"), as the lines say them
        return cards(daker_card(str(c)) for c in pieces)

    rows = [(shown(held) or "--", str(view.stacks[s]), str(view.bets[s]),
             "out" if view.out[s] else "folded" if not view.in_hand[s] else
             ("discarding..." if view.phase == "discard" else "to act...") if s in pending else
             "dealer" if view.button == s else "")
            for s, held in enumerate(view.cards)]  # fmt: skip
    header = f"{view.mode}  hand {view.hand}  {view.phase}  pot {view.pot}"
    if view.community:
        header += "  community " + shown(view.community)
    if view.phase == "discard":  # the moves name the cards by the engine's letters ("discard JN")
        header += f"  ({DAKER_TYPED})"
    return ("cards", "chips", "bet", ""), header, rows


def chinese_screen(view: Any) -> Screen:
    pending = set(view.pending)

    def status(s: int) -> str:
        if view.surrendered[s]:
            return "surrendered"
        mark = f"fantasyland {view.fantasy[s]}  " if view.fantasy[s] else ""
        if s in pending:
            return mark + ("setting..." if view.style == "classic" or view.fantasy[s] else "placing...")
        return mark + ("set" if view.set[s] else "dealer" if view.button == s else "")

    boards = view.last_boards if view.over else view.boards  # the game's end clears the rows
    rows = [(*(cards(boards[s][row]) or "-" for row in ("bottom", "middle", "top")),
             cards(view.held[s]) or "-", f"{view.totals[s]} ({view.last[s]:+d})", status(s))
            for s in range(len(view.boards))]  # fmt: skip
    header = f"{view.style}  hand {view.hand} of {view.hands}"
    if view.style != "classic":
        header += f"  street {view.street + 1}"
    return ("bottom", "middle", "top", "in hand", "units (last)", ""), header, rows


def alphapoker_screen(view: Any) -> Screen:
    pending = set(view.pending)

    def status(s: int) -> str:
        if view.out[s]:
            return "out"
        if not view.in_deal[s]:
            return "folded"
        if s in pending:
            return {"exchange": "exchanging...", "bet": "betting...", "reveal": "laying..."}.get(view.phase, "")
        return "dealer" if view.dealer == s else "opener" if view.opener == s else ""

    def word(s: int) -> str:
        if view.words[s] is None:
            return ""
        # The word itself (a laid joker reads as its letter); its score, or why it scores nothing.
        letters = "".join(card.split("=")[-1][0] for card in view.words[s].split()) or "-"
        return f"{letters} {view.scores[s]}" + ("" if view.scores[s] else f" ({view.reasons[s]})")

    rows = [(cards(held) or "--", str(view.stacks[s]), str(view.bets[s]), word(s), status(s))
            for s, held in enumerate(view.hands)]  # fmt: skip
    phase = view.phase + (f" {view.exchange_round}/{view.exchange_rounds} (up to {view.exchange_cap})"
                             if view.phase == "exchange" else "")  # fmt: skip
    tie = "  tie-break" if view.tie_break else ""
    header = f"round {view.round}/{view.rounds}{tie}  {phase}  pot {view.pot}  cap {view.cap}"
    if view.previous:
        header += "\nlast deal: " + "; ".join(view.previous)
    # Chips, as the page's English says them: "PM" (the rules' points de mise) read as a time of day.
    return ("cards", "chips", "bet", "word", ""), header, rows


def bataille_screen(view: Any) -> Screen:
    def status(s: int) -> str:
        if view.phase == "last":
            return "passed" if s in view.passed else "last call..."
        return "to lay..." if view.turn == s else ""

    rows = [(str(view.piles[s]), str(view.won[s]), str(view.points[s]), status(s)) for s in range(2)]
    header = f"{view.phase}  claims so far {view.claims}" + ("  courtesy" if view.courtesy else "")
    header += "\ntable  " + (cards(view.table) or "-")
    if view.previous:
        header += "\nlast claim: " + "; ".join(view.previous)
    return ("pile", "won", "points", ""), header, rows


def belote_screen(view: Any) -> Screen:
    # Team 1 is the first seat's and the third's, counted from 1 as the seats are.
    rows = [(cards(held) or "--", f"team {s % 2 + 1}", "to act..." if view.to_act == s else
             "dealer" if view.dealer == s else "") for s, held in enumerate(view.hands)]  # fmt: skip
    due = f"  a {view.required} (or Y) due" if view.required and view.stage == "lay" else ""
    header = (f"deal {view.deal}  {view.stage}{due}  totals {view.totals[0]}-{view.totals[1]} "
              f"(to {view.target})  this deal {view.deal_points[0]}-{view.deal_points[1]}")  # fmt: skip
    header += ("\nstack  " if view.secret else "\ntable  ") + (cards(view.table) or "-")
    if view.previous:
        header += "\nlast word: " + "; ".join(view.previous)
    return ("cards", "team", ""), header, rows


SCREENS = {"alphapoker": alphapoker_screen, "alphapoker-bataille": bataille_screen, "alphapoker-belote": belote_screen,
           "alphapoker-belote-secrete": belote_screen, "poker-champ": poker_champ_screen, "yahtzee-holdem": yahtzee_screen, "daker": daker_screen,
           "chinese": chinese_screen}  # fmt: skip


def _word(text: str) -> bool:
    return bool(text) and all(c.isalpha() or c == "?" for c in text)


def bataille_shorthand(view: Any, legal: list[str], text: str) -> str:
    """Enter lays your card; a bare word claims it on the table as you see it."""
    if not text:
        return "lay" if "lay" in legal else ""
    return f"claim {view.claims} {text.upper()}" if _word(text) else text


def belote_shorthand(view: Any, legal: list[str], text: str) -> str:
    """Enter passes; a letter lays it; a bare word proposes it."""
    if not text:
        return "pass" if "pass" in legal else ""
    if view.stage == "lay" and len(text) == 1 and text.isalpha():
        return f"lay {text.upper()}r"
    return f"propose {text.upper()}" if _word(text) and view.stage != "lay" else text


# What a player may type besides an action's full text, by game.
SHORTHANDS = {"alphapoker-bataille": bataille_shorthand, "alphapoker-belote": belote_shorthand,
              "alphapoker-belote-secrete": belote_shorthand}


def shorthand(variant: Variant, view: Any, legal: list[str], text: str) -> str:
    """The action a player's typing stands for: an action's own text (``pass``, ``lay``) stays as it is."""
    try:
        variant.parse_action(text)
    except ValueError:
        return SHORTHANDS[variant.name](view, legal, text)
    return text


class Keys:
    """The player's lines, read by a thread of their own, so that waiting for one can end without it (a deal's end
    held on screen gives way to the next decision, whose clock runs meanwhile); a blocking input() could not."""

    def __init__(self, stream: IO[str]) -> None:
        self._lines: queue.Queue[str | None] = queue.Queue()  # None: the input ended
        self._ended = False
        self.failure = ""  # why the input could not be read, when it could not: said as the player leaves
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        # The end of input is queued whatever happens here: line() waits for it, and a thread ended by an exception
        # left it waiting forever, a traceback mid-screen.
        try:
            if isinstance(stream, io.TextIOWrapper):  # a byte the encoding lacks is a typo (a move refused), not an end
                stream.reconfigure(errors="replace")
            for line in iter(stream.readline, ""):
                self._lines.put(line.rstrip("\r\n"))
        except Exception as e:  # an input that cannot be read (OSError: one opened for writing): the player leaves
            self.failure = f"{type(e).__name__}: {e}"
        finally:
            self._lines.put(None)

    def line(self, prompt: Text | str = "", timeout: float | None = None) -> str | None:
        """The next line the player types, after ``prompt``; None when ``timeout`` seconds pass first; EOFError at
        the end of the input."""
        if prompt:
            out.print(prompt, end="")
        if self._ended:
            raise EOFError
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self._ended = True
            raise EOFError
        return line


def hold(keys: Keys, prompt: str, my_turn: Callable[[], bool]) -> bool:
    """Keep what is on screen until the player presses Enter (at the end of input, at once), or until a decision of
    his waits (``my_turn``): its clock runs on the server, and the seconds a held screen takes are the decision's.
    True when it ended for the decision."""
    out.print(Text(prompt + " ", style="dim"), end="")
    while True:
        try:
            if keys.line(timeout=0.2) is not None:
                return False
        except EOFError:
            out.print()
            return False
        if my_turn():
            out.print(Text("(your move has come)", style="yellow"))
            return True


LOGGED = 8  # the last events the screen shows
LISTED = 6  # legal actions the screen and the prompt list in full; beyond, the first few and a count


def legal_hint(legal: list[str]) -> str:
    """The legal actions, or the first few of a long list (an open-face deal has hundreds)."""
    if len(legal) <= LISTED:
        return ", ".join(legal)
    return f"{', '.join(legal[:3])}, ... ({len(legal)} in all; ? lists them)"


def unknown_move(answer: str, legal: list[str], refusal: ServiceError) -> str:
    """What the player is told of an answer that names no move he has: the moves he has, where the server's
    refusal of the action said it in the engine's words ("action: unknown 'foo' in 'foo' (legal: ...)"); "" for
    any other refusal, whose own words say what is wrong (an amount, a card, a word)."""
    kind = (answer.split() or [""])[0]
    if refusal.code != grpc.StatusCode.INVALID_ARGUMENT or any(a.split()[0] == kind for a in legal if a.split()):
        return ""
    # A long list's hint says '?' itself ("... (10 in all; ? lists them)"): once is enough.
    return f"'{answer}' is not a move here: type one of {legal_hint(legal)}" + (
        " ('?' for help)" if len(legal) <= LISTED else "")


def _stack(*parts: Any) -> Any:
    grid = Table.grid(padding=(0, 0))
    for part in parts:
        grid.add_row(part)
    return grid


PLAY_DIR = "play"  # local games' own data directory, under the data directory


def _locked(lock: IO[str]) -> bool:
    """Whether this process now holds ``lock`` (released by the kernel when the process ends, even killed)."""
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextmanager
def local_data_dir(data_dir: Path | None) -> Iterator[Path]:
    """The data directory of ``brelan play``'s own table server, held for as long as it plays.

    ``play/`` under the data directory: its table log is not the one a ``brelan serve`` on that data directory
    keeps, lists and replays (a local game showed up in the server's lobby, playing forever). It is kept, so a
    finished game can be verified later. The lexicons are the data directory's own, through a symlink: none is
    built twice. A SQLite log serves one process, and a server replays every unfinished table of its log on
    start: a second local game played meanwhile takes ``play-2/`` (and so on), never a store in use.
    """
    shared = Store(data_dir).data_dir
    lexicons = shared / "lexicons"
    lexicons.mkdir(parents=True, exist_ok=True)  # what the symlink names: a lexicon a local game builds lands there
    for n in range(1, 1000):
        own = shared / (PLAY_DIR if n == 1 else f"{PLAY_DIR}-{n}")
        own.mkdir(parents=True, exist_ok=True)
        with (own / ".lock").open("a") as lock:
            if not _locked(lock):
                continue
            link = own / "lexicons"
            if not link.exists() and not link.is_symlink():
                try:  # relative: the data directory can be moved whole
                    link.symlink_to(os.path.relpath(lexicons, own), target_is_directory=True)
                except OSError:
                    pass  # a file system without symlinks: this store builds lexicons of its own
            yield own
            return
    raise OSError(f"every local store under {shared} is in use")


def play_terminal(args: argparse.Namespace, variant: Variant, options: dict[str, str]) -> int:
    if sys.stdin is None:  # (`brelan play <&-`): no table is made that nobody can play
        fail("brelan play reads the moves from its standard input, which is closed")
    if args.server:
        return _play(args, variant, options, args.server, None)
    from brelan.server.main import ServerThread

    with local_data_dir(args.data_dir) as own:
        if variant.facts.judges_words:
            err.print("opening the lexicons (the first time builds one: about a minute)...")
        server = ServerThread(own, lexicons=variant.facts.judges_words, bot_delay=args.bot_delay)
        try:
            return _play(args, variant, options, server.target, own)
        finally:
            server.stop()


def _play(args: argparse.Namespace, variant: Variant, options: dict[str, str], target: str, local: Path | None) -> int:
    """Seat 0 of a new table at ``target``, bots at the others, played to its end; ``local``: the in-process store."""
    api = connect(args, target)
    try:
        api.wait_ready(timeout=5)
        seats = variant.seats(variant.make_options(options))
        decision_seconds, untimed = table_clock(args.clock, variant)
        # No name: the page names a table given none in its reader's language (its game and its players), where
        # one made here ("Tom's table") read English in a French lobby.
        info = api.create_table(variant.name, options, bots=dict.fromkeys(range(1, seats), args.level),
                                decision_seconds=decision_seconds, untimed=untimed, hints=args.hints)  # fmt: skip
        me = api.join(info.table_id, seat=0, player=args.player, player_key=my_key(args.data_dir))
        out.print(f"table {info.table_id}, seed sha256 {info.seed_sha256[:16]}...; type an action, ? for help, q to leave")
        # A local game's server ends with this command: its log is verified by serving that store again.
        verify = f"brelan table verify {me.table_id} --server {target}"
        if local is not None:
            verify = (f"brelan serve --data-dir {shlex.quote(str(local))} --port 50052 --no-web, then "
                      f"brelan table verify {me.table_id} --server 127.0.0.1:50052")  # fmt: skip
        return _loop(me, variant, verify, args.level)
    finally:
        api.close()


def table_clock(clock: float | None, variant: Variant) -> tuple[float, bool]:
    """(decision_seconds, untimed) of the table ``brelan play`` makes: ``clock`` seconds for each decision
    (``--clock``; 0: no clock). None, the default: alone against bots nobody waits for the player, so no clock (a
    table left alone is abandoned after 10 minutes), but in a game played in real time, where the others never wait,
    the server's default time (or the rules' own clock, such as bataille's for a card)."""
    if clock is None:
        return 0.0, not variant.realtime
    return clock, not clock


def hand_over(variant: Variant, hand: int, events: list[tpb.TableEvent], names: list[str]) -> Any:
    """How a hand (a deal) ended, held on screen until its player goes on: its last events, seats by ``names``."""
    said = [event_line(e, names) for e in events if e.hand == hand][-10:]
    return Panel.fit(Text("\n".join(said) or "-"), title=f"{variant.facts.round_name or 'hand'} {hand} is over")


def _loop(me: SeatHandle, variant: Variant, verify: str, level: str) -> int:
    recent: deque[tpb.TableEvent] = deque(maxlen=200)  # the last events
    moved = threading.Event()
    seen = [0]  # the last event's seq the watch has brought
    names = seat_names(me.client.get_table(me.table_id))  # each seat's player, as the table names them (kept anew)
    keys = Keys(sys.stdin)
    asked = [-1, 0.0]  # the seq and the time my_turn last asked the table at

    def my_turn() -> bool:
        """Whether a decision of the player's waits: the table is asked again once it moved, or a second later."""
        if seen[0] == asked[0] and time.monotonic() < asked[1] + 1.0:
            return False
        asked[:] = [seen[0], time.monotonic()]
        return bool(me.view().legal)

    def follow() -> None:
        try:
            for event in me.watch():
                if variant.realtime:  # the table moves while you think: show each card as it comes
                    out.print(f"  {event_line(event, names)}", style="dim", highlight=False)
                recent.append(event)
                seen[0] = event.seq
                moved.set()
        except ServiceError:
            pass
        moved.set()

    threading.Thread(target=follow, daemon=True).start()
    advice = random.Random()
    adviser = variant.new_bot(level)  # '!' asks a bot of the opponents' level
    shown = -1
    held = 0  # the last hand whose end was held on screen
    while True:
        response = me.view(with_json=True)  # the JSON view too: the engine's view is rebuilt from it, for its bot
        view = variant.view_from_json(response.view)
        legal = list(response.legal)
        if response.seq != shown:
            for _ in range(50):  # the events up to this view, so the log shows what led to it
                if seen[0] >= response.seq:
                    break
                moved.wait(timeout=0.01)
                moved.clear()
            table = me.client.get_table(me.table_id)
            names[:] = seat_names(table)
            if variant.facts.round_name and not view.over and held < table.hand - 1:
                # Hands ended since (bots may end several): each is shown, and held until Enter while no decision of
                # the player's waits; once one does, the screen goes on to it, as its clock runs.
                mine = bool(legal)
                for ended in range(held + 1, table.hand):
                    out.print(hand_over(variant, ended, list(recent), names))
                    mine = mine or hold(keys, "Enter: the next " + variant.facts.round_name, my_turn)
                held = table.hand - 1
                continue  # the table as it stands now, and the seconds the server says are left of the decision
            lines = [event_line(e, names) for e in list(recent)[-LOGGED:]]  # a copy: the watch's thread appends
            out.print(render(variant, me.table_id, view, legal, lines, names, response.deadline_seconds))
            shown = response.seq
        if view.over:
            winners = ", ".join(seat_name(names, s) for s in view.champions)
            out.print(f"game over: champions {winners}")
            out.print(f"check the dealing: {verify}")
            return 0
        if not legal:
            moved.wait(timeout=1.0)
            moved.clear()
            continue
        try:
            # Printed as it is (the console reads no markup): rich took "[pay/fold]" for a style tag, showing "> ".
            answer = (keys.line("> " if len(legal) > LISTED else f"[{'/'.join(legal)}] > ") or "").strip()
        except EOFError:
            if keys.failure:
                out.print()  # the prompt's line ended before the one-line error
                me.leave()
                fail(f"could not read the moves ({keys.failure}); the seat was left")
            answer = "q"
        if answer in ("q", "quit", "exit"):
            me.leave()
            return 0
        if answer in ("?", "help"):
            out.print(f"type one of: {', '.join(legal)}; '!' lets the bot choose for you; 'hint' (a table played"
                      " with --hints) shows the best moves; 'q' leaves the table (your seat then makes the default"
                      " move on timeouts)")  # fmt: skip
            if variant.name in SHORTHANDS:
                out.print(SHORTHANDS[variant.name].__doc__)
            continue
        if answer == "hint":
            try:
                hints = [h.action for h in me.hints().hints]
                out.print(f"hints: {', '.join(hints)}" if hints else "no hint for this decision")
            except ServiceError as e:
                err.print(f"{e.message}: play with --hints for hints")
            continue
        if answer == "!":
            answer = adviser(view, legal, advice)
            out.print(f"the bot plays: {answer or 'nothing now'}")
        elif variant.name in SHORTHANDS:
            answer = shorthand(variant, view, legal, answer)
        if not answer:
            shown = -1
            continue
        try:
            me.act(answer, expected_seq=response.seq)
        except ServiceError as e:
            if e.code == grpc.StatusCode.ABORTED:
                err.print("the table moved on before your move; here it is now")
            else:
                # The rules' words name seats as the engine does ("p0 does not hold Zz"): by their names here.
                err.print(f"refused: {unknown_move(answer, legal, e) or named_text(str(e), names)}")
        shown = -1
