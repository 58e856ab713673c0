"""A finished game replayed from its seed and its logged actions, to be read step by step (GetView's at_seq).

A game's state exists only between actions: an action's events are applied (and
logged, and watched) together. So the table "right after event N" is the state
once the action that made event N is applied; the deal's events (before the
first action) all belong to the state right after the deal.

Replaying is cheap per action (an AlphaPoker action takes about 50 µs) but a long
game has many: 600 hands are some 20,000 actions, a second of work. So a game is
replayed once, as far as a reader goes, keeping a snapshot of the state every
``stride`` actions (at most :data:`SNAPSHOTS`, each the state pickled: 5 to 10 kB,
under a megabyte a game), and a cursor: the state last read, played on in place.
A step forward (the replay's "next", "play") costs one action; any jump at most
``stride`` actions and one unpickling (0.3 ms). A :class:`Replay` lives as long as
its finished table stays in memory (the server keeps the finished tables last
read, :data:`~brelan.server.tables.FINISHED_KEPT`).

Its work is engine work: it runs in the engine's worker thread, never on the
event loop, and a long first replay goes a slice of :data:`SLICE` actions at a
time (:meth:`Replay.prepare`), so the other tables' engine work (one thread for
all) comes between; a lock keeps two readers of one replay apart.
"""

from __future__ import annotations

import bisect
import io
import math
import pickle
import threading
from typing import Any, Sequence

from brelan.lexicon.lexicon import Lexicon

from .games.base import State, Variant
from .games.transcript import game_rng
from .log_store import LoggedAction

SNAPSHOTS = 64  # snapshots of the state kept at most for one game
MIN_STRIDE = 32  # actions between two snapshots at least: a short game keeps few
SLICE = 2000  # actions replayed in one go at most (about 0.1 s): the engine's thread is every table's


class Replay:
    """One finished game's states, as many as its readers asked for, rebuilt from (seed, actions)."""

    def __init__(self, variant: Variant, options: Any, seed: str, start_count: int,
                 actions: Sequence[LoggedAction]) -> None:  # fmt: skip
        """``start_count``: the deal's events; ``actions``: the log's, in order (each with its last seq)."""
        self.variant = variant
        self.options = options
        self.seed = seed
        self.actions = list(actions)
        # The seq each state holds at: the deal's last event, then each action's last.
        self.ends = [start_count, *(a.last_seq for a in actions)]
        self.stride = max(MIN_STRIDE, math.ceil(len(actions) / SNAPSHOTS))
        self.snapshots: list[bytes] = []  # [k]: the state after the deal and k * stride actions, pickled
        self.shared: dict[int, Any] = {}  # what the states read and none owns (a word game's lexicon), by id
        self.cursor: tuple[int, State] | None = None  # (actions applied, the state): the last one read
        self.lock = threading.Lock()

    @property
    def last_seq(self) -> int:
        return self.ends[-1]

    def prepare(self, seq: int) -> bool:
        """Snapshots made toward event ``seq``'s state, a slice of actions at most: whether they reach it (call
        again until they do; then :meth:`view` replays a stride at most). Engine work: off the event loop."""
        with self.lock:
            k = self._step(seq) // self.stride
            made = max(len(self.snapshots) - 1, 0)  # the last snapshot's index
            self._snapshots(min(k, made + max(1, SLICE // self.stride)))
            return len(self.snapshots) > k

    def view(self, seq: int, seat: int | None) -> tuple[int, Any]:
        """The seq the table stood at once event ``seq`` was applied (the end of its action), and the engine's
        view of it for ``seat`` (None: a spectator). Engine work: off the event loop."""
        with self.lock:
            step = self._step(seq)
            return self.ends[step], self._state(step).view(seat)

    def _step(self, seq: int) -> int:
        """How many actions the state holding event ``seq`` has applied: the first state at or after it."""
        if not 0 < seq <= self.last_seq:
            raise ValueError(f"seq {seq} is not in this game (1 to {self.last_seq})")
        return bisect.bisect_left(self.ends, seq)

    def _snapshots(self, k: int) -> None:
        """Snapshots up to the ``k``-th: the game played on from the last one, the cursor left at the ``k``-th."""
        if len(self.snapshots) > k:
            return
        if self.snapshots:
            state = self._thaw(self.snapshots[-1])
        else:
            state = self.variant.new_game(self.options, game_rng(self.seed))
            self.snapshots.append(self._freeze(state))
        while len(self.snapshots) <= k:
            done = (len(self.snapshots) - 1) * self.stride
            self.snapshots.append(self._freeze(self._play(state, done, done + self.stride)))
        self.cursor = (k * self.stride, state)

    def _state(self, step: int) -> State:
        """The state after the deal and ``step`` actions: the cursor played on, or the last snapshot at or
        before it played on (whichever is nearer); snapshots are made as far as ``step`` first."""
        k = step // self.stride
        self._snapshots(k)
        start = k * self.stride
        if self.cursor is None or not start <= self.cursor[0] <= step:
            self.cursor = (start, self._thaw(self.snapshots[k]))
        applied, state = self.cursor
        self.cursor = (step, self._play(state, applied, step))
        return state

    def _play(self, state: State, applied: int, upto: int) -> State:
        """``state``, after ``applied`` actions, played on in place to ``upto`` actions."""
        for action in self.actions[applied:upto]:
            state.apply(action.seat, self.variant.parse_action(action.action))
        return state

    def _freeze(self, state: State) -> bytes:
        """A snapshot: the state pickled (its cards, stacks and RNG), what it only reads (a word game's lexicon,
        mapped from its file, wherever the state keeps it) left out and given back by :meth:`_thaw`. Pickling is
        some 4 times faster than a deep copy and its bytes are small; they never leave this process, so they are
        safe to unpickle."""
        out = io.BytesIO()
        _Freezer(out, self.shared).dump(state)
        return out.getvalue()

    def _thaw(self, snapshot: bytes) -> State:
        """A state of its own from a snapshot, to play on."""
        state: State = _Thawer(io.BytesIO(snapshot), self.shared).load()
        return state


class _Freezer(pickle.Pickler):
    """Pickles a state, each lexicon in it as a reference into ``shared``."""

    def __init__(self, out: io.BytesIO, shared: dict[int, Any]) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared

    def persistent_id(self, obj: Any) -> int | None:
        if not isinstance(obj, Lexicon):
            return None
        self.shared[id(obj)] = obj  # kept here, so its id names it as long as the snapshots do
        return id(obj)


class _Thawer(pickle.Unpickler):
    """Unpickles a state, its lexicons' references given back from ``shared``."""

    def __init__(self, data: io.BytesIO, shared: dict[int, Any]) -> None:
        super().__init__(data)
        self.shared = shared

    def persistent_load(self, pid: Any) -> Any:
        return self.shared[pid]
