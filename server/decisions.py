"""A table's clocks for its decisions: when each pending seat's decision opened and when its default move is made,
the game clock, the pause after a hand, and when each real-time bot looks again. No I/O and no clock of its own:
the table says what time it is and what the state is.

>>> d = Decisions()
>>> d.start_game_clock(now=100.0, seconds=600)
>>> d.next_due(now=100.0), d.left(None, now=130.0)
(700.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .seats import SeatState

LEFT_SEAT_SECONDS = 30.0  # a left seat's decisions at a table without a time limit: made for it after this
# A seat sitting out: its default move as soon as its decision opens; when every person at the table sits out, a
# second after (a table of people all sitting out plays a move a second, not thousands: every move is logged).
SITTING_OUT_SECONDS, ALL_OUT_SECONDS = 1e-3, 1.0


@dataclass
class Decisions:
    opened: dict[int | None, int] = field(default_factory=dict)  # pending seat -> the seq its decision opened at
    deadlines: dict[int | None, float] = field(default_factory=dict)  # seat (None: the game clock) -> its default move
    # A real-time game's bots: seat -> when it next looks at the table and acts (or finds nothing to do).
    bot_due: dict[int, float] = field(default_factory=dict)
    # And when the table last changed for each (its look planned then): a bot at a person's pace counts from it.
    bot_since: dict[int, float] = field(default_factory=dict)
    # After a hand, until when its end is shown (the table's pause_seconds; turn-based games only): the next hand is
    # dealt, but its decisions open then: the bots wait, and its clocks start. Not logged: a restart ends a pause.
    paused_until: float = 0.0

    def start_game_clock(self, now: float, seconds: float) -> None:
        self.deadlines[None] = now + seconds

    def left(self, seat: int | None, now: float) -> float:
        """Seconds left for ``seat``'s decision (0: none open, or no limit; the game clock is not a seat's)."""
        deadline = self.deadlines.get(seat) if seat is not None else None
        return max(0.0, deadline - now) if deadline is not None else 0.0

    def stale(self, seat: int | None, expected_seq: int, realtime: bool) -> bool:
        """Whether a move decided on the view at ``expected_seq`` comes after the seat's decision moved on: only a
        new decision for it (a new stage, a new hand) makes a view stale; a real-time game's claim needs none open
        (the engine tells a claim that lost its race)."""
        opened = self.opened.get(seat)
        if opened is None:
            return not realtime
        return opened > expected_seq

    def paused(self, now: float) -> bool:
        return now < self.paused_until

    def reset(self, state: Any, now: float, seq: int, acted: int | None, *, new_hand: int | None,
              seats: Sequence[SeatState], decision_seconds: float, pause_seconds: float,
              bot_seconds: float | None) -> None:  # fmt: skip
        """Open a decision (its seq, its deadline) for each newly pending seat; close the others'.

        ``new_hand``: the number of a hand the last move dealt (None: none). It opens a new decision for every
        pending seat, even one that was pending before it, after the pause that shows the last hand's end.
        ``bot_seconds``: a real-time game's bots' reaction time (None: bots act on their turn).
        """
        if new_hand is not None:
            self.opened.clear()
            self.deadlines = {s: at for s, at in self.deadlines.items() if s is None}
            if new_hand > 1:  # a hand ended: its players see it before the next one's decisions open
                self.paused_until = now + pause_seconds
        if state.is_over:
            self.deadlines.clear()
            self.opened.clear()
            self.bot_due.clear()
            return
        if bot_seconds is not None:
            self._plan_bots(state, now, acted, seats, bot_seconds)
        pending = set(state.pending())
        for seat in [s for s in self.opened if s == acted or s not in pending]:
            del self.opened[seat]
        for seat in pending - self.opened.keys():
            self.opened[seat] = seq
        for seat in [s for s in self.deadlines if s is not None and (s == acted or s not in pending)]:
            del self.deadlines[seat]
        for seat in pending - self.deadlines.keys():
            seconds = state.time_limit(seat) or decision_seconds
            if not seats[seat].taken:  # its player left: the timeout rule plays it, at the table's pace
                seconds = seconds or LEFT_SEAT_SECONDS
            if seats[seat].sitting_out:  # its player asked for the default move at once, every time
                everyone_out = all(st.sitting_out or st.bot for st in seats)
                seconds = ALL_OUT_SECONDS if everyone_out else SITTING_OUT_SECONDS
            if not seats[seat].bot and seconds > 0:
                self.deadlines[seat] = max(now, self.paused_until) + seconds

    def _plan_bots(self, state: Any, now: float, acted: int | None, seats: Sequence[SeatState],
                   bot_seconds: float) -> None:  # fmt: skip
        """Real-time games: each bot that may act (its turn, or a claim) looks again after its reaction time."""
        may_act = set(state.pending()) | set(state.claimants())
        for seat in [s for s in self.bot_due if s not in may_act or s == acted]:
            del self.bot_due[seat]
        for seat in may_act - self.bot_due.keys():
            if seats[seat].bot:
                self.bot_due[seat] = now + bot_seconds
                self.bot_since[seat] = now

    def due_bot(self, now: float) -> int | None:
        """The real-time bot whose time came first, taken off the list; None: none is due."""
        due = min(((at, seat) for seat, at in self.bot_due.items() if at <= now), default=None)
        if due is None:
            return None
        del self.bot_due[due[1]]
        return due[1]

    def next_due(self, now: float) -> float | None:
        """The first time something is due: a deadline, a bot's look, the end of a pause (then the bots play)."""
        paused = [self.paused_until] if self.paused_until > now else []
        return min([*self.deadlines.values(), *self.bot_due.values(), *paused], default=None)
