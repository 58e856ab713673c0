"""The engine contract every game shares: the state a game module's ``new_game(options, rng)`` returns, the rules'
refusal, a game's result and facts, and the registry's entry for it (:class:`Variant`).

A State answers ``legal_actions(seat)``, ``apply(seat, action) -> list[Event]``, ``view(seat)``, ``is_over`` and
``result``. Engines do no I/O and never touch a global RNG.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence

from .levels import DEFAULT_LEVEL, Bot, BotMaker, UnknownLevel
from .options import parse_options
from .records import from_jsonable


class GameError(Exception):
    """An action the rules refuse now; ``reason`` is a stable code for clients."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


# -- the engine contract -----------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """How a game ended: its champions, and each game's own totals in a record of its own (its fields are the
    typed result message's, ``PokerChampResult``...: tests/test_games.py holds them together). Stored and sent
    as JSON by :func:`jsonable`."""

    champions: tuple[int, ...]


class State(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    def legal_actions(self, seat: int | None) -> list[Any]: ...
    def hints(self, seat: int) -> list[Any]: ...
    def apply(self, seat: int | None, action: Any) -> list[Any]: ...
    def view(self, seat: int | None) -> Any: ...
    def redact(self, event: Any, seat: int | None) -> Any: ...
    def pending(self) -> list[int]: ...
    def default_action(self, seat: int) -> Any: ...
    def time_limit(self, seat: int) -> float | None: ...
    def claimants(self) -> list[int]: ...
    @property
    def hand_number(self) -> int: ...


class EngineState:
    """What every engine's state shares; a subclass has ``options.players``, ``champions`` and ``_refusal``."""

    options: Any
    champions: tuple[int, ...]

    @property
    def players(self) -> int:
        return int(self.options.players)

    @property
    def is_over(self) -> bool:
        return bool(self.champions)

    def _refusal(self, seat: int | None, action: Any) -> GameError | None:
        raise NotImplementedError

    def apply(self, seat: int | None, action: Any) -> list[Any]:
        """Make ``action`` for ``seat`` (None: the rules' own move, such as time up) and return the events it made;
        a :class:`GameError`, and nothing changed, when the rules refuse it (the check :meth:`can_apply` and
        ``legal_actions`` share)."""
        refusal = self._refusal(seat, action)
        if refusal is not None:
            raise refusal
        return self._apply(seat, action)

    def _apply(self, seat: int | None, action: Any) -> list[Any]:
        """The game's own move, once the rules allow it."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None) -> list[Any]:
        raise NotImplementedError

    def _seen_by(self, seat: int | None) -> dict[str, Any]:
        """What every game's view holds, filled here once: whose view it is, that seat's legal moves as text (none
        for a spectator), whether the game is over and who won it. ``View(**self._seen_by(seat), ...)``."""
        legal = () if seat is None else tuple(str(a) for a in self.legal_actions(seat))
        return {"seat": seat, "legal": legal, "over": self.is_over, "champions": self.champions}

    def time_limit(self, seat: int) -> float | None:
        """Seconds the rules give this seat's decision; None: the table's own decision time."""
        return None

    def claimants(self) -> list[int]:
        """Seats that may act now out of turn (a claim in a race), besides the pending ones."""
        return []

    def places(self) -> dict[int, int]:
        """The seats whose place in the game is settled, with it (1: a champion): by default the champions once the
        game is over; a game that knocks players out (:func:`places_of`) says theirs as they go."""
        return {seat: 1 for seat in self.champions}

    def hints(self, seat: int) -> list[Any]:
        """The legal actions that answer this seat's puzzle (the best words, the solver's set), best first,
        found from what the seat sees alone; ``legal_actions`` lists them too. A table without hints
        withholds them from its players: finding them is the game. Games of chance have none."""
        return []

    def can_apply(self, seat: int | None, action: Any) -> bool:
        """The legality check that ``apply`` and ``legal_actions`` share."""
        return self._refusal(seat, action) is None

    def redact(self, event: Any, seat: int | None) -> Any:
        raise NotImplementedError

    def redact_all(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        return [self.redact(e, seat) for e in events]


def places_of(players: int, out_hands: Mapping[int, int], champions: Sequence[int]) -> dict[int, int]:
    """Each knocked-out seat's place (those out in the same hand share it: ahead of them, every seat that went out
    later or is still in), and the champions' 1.

    >>> places_of(4, {2: 3, 0: 5, 3: 5}, [])
    {2: 4, 0: 2, 3: 2}
    """
    placed = {s: 1 + sum(1 for t in range(players) if t not in out_hands or out_hands[t] > hand)
              for s, hand in out_hands.items()}  # fmt: skip
    return placed | {seat: 1 for seat in champions}


@dataclass(frozen=True)
class Review:
    """What a finished hand allowed one seat, found from what that seat saw of it (its own cards alone)."""

    best: tuple[Any, ...]  # the moves that answered its puzzle, best first (the best words, the solver's set)
    played: Any | None  # the move it made instead (the word it laid, the set it made); None: none


# A game whose hands are puzzles reviews them once over: ``review(state, events, seat)``, ``events`` being the
# hand's as ``seat`` saw them (redacted for it). The state lends the game's options and lexicon, not its hands.
Reviewer = Callable[[Any, Sequence[Any], int], Review]

# A lexicon by name (a ``brelan.lexicon.lexicon.Lexicon``); LookupError when there is none of that name.
Lexicons = Callable[[str], Any]


@dataclass(frozen=True)
class Facts:
    """What a game is, declared next to it (OpenSpiel's ``_GAME_TYPE``), for the platform and every client to read
    (``VariantInfo``) rather than guess. tests/test_games.py holds each to the game's own parts."""

    judges_words: bool = False  # its moves are words a lexicon judges (it is played with a lexicon bound in)
    realtime: bool = False  # played in real time: a move (a claim) may come out of turn, the bots' pace is the game's
    team_size: int = 0  # seats to a team (partners opposite), 0: each seat plays for itself
    reviews_hands: bool = False  # a finished hand is a puzzle its seats may look at again (ReviewHand)
    round_name: str = "hand"  # what its rounds are called: "hand", "deal", or "" (it has none: bataille)


@dataclass(frozen=True)
class Variant:
    """What the platform needs to know of a game: the registry's entries."""

    name: str
    title: str
    options: type
    new_game: Callable[[Any, random.Random], State]
    parse_action: Callable[[str], Any]
    parse_event: Callable[[str], Any]
    # True when the engine's view (a spectator's is enough) shows chips (or points, cards) conserved.
    conserved: Callable[[Any], bool]
    # Whether an event opens a new hand (a deal, a round): hand histories are cut there.
    starts_hand: Callable[[Any], bool]
    # The seats a table of these options has.
    seats: Callable[[Any], int] = lambda options: int(options.players)
    # Seconds the whole game may last (a chrono game), after which the table applies
    # the engine's system action (seat None); None: no game clock.
    game_seconds: Callable[[Any], float | None] = lambda options: None
    # Builds what the engine caches (lookup tables), so the first game does not wait for it.
    warm: Callable[[], None] = lambda: None
    # Applying a move (or the default one) and listing the legal ones take microseconds: a table does it on the event
    # loop, where handing it to the engine's thread and back would cost more than the work (its bots still decide
    # off the loop: an equity estimate may take tens of milliseconds).
    light_moves: bool = False
    # An RNG that deals given cards or dice first (a transcript's "# stack:"), then plays fair from the seed.
    stacked_rng: Callable[[str, str], random.Random] | None = None
    # A game that judges words: this variant with its games and bots given their lexicons
    # (set on bound variants too: it says the game judges words). An unbound word game cannot start.
    bind: Callable[[Lexicons], Variant] | None = None
    # A real-time game: its bots act this many seconds (table clock) after a decision opens for them,
    # claims included, and a bot may answer "" (nothing to do now); None: bots act on their turn.
    bot_seconds: Callable[[Any], float] | None = None
    # After a hand, what it allowed a seat (the best words, the solver's set): see :data:`Reviewer`. None: the
    # game reviews no hand (no puzzle made of a seat's own cards alone).
    review: Reviewer | None = None
    # Every way the game is played, each with options for a short game (as text, as CreateTable takes them): the
    # consistency test (tests/test_games.py) plays each. Keyed by the value of ``mode_option`` ("" when the game
    # has one way); a game with none declared fails that test.
    modes: Mapping[str, Mapping[str, str]] = dataclasses.field(default_factory=dict)
    # The choice option that picks the mode (DAKER's "mode", Chinese poker's "style"); "": none.
    mode_option: str = ""
    facts: Facts = Facts()
    # The class of its engine's views (``State.view``): what its bots decide on, and what a client rebuilds a JSON
    # view into (:func:`from_jsonable`). The consistency test holds every view to it.
    view_type: type = object
    # Its bots by level (:data:`.levels.LEVEL_NAMES`), each a maker of one seat's bot: declared beside the engine
    # (``<game>_bot.py``), which never imports them, and given to the game by the registry.
    bots: Mapping[str, BotMaker] = dataclasses.field(default_factory=dict)

    def new_bot(self, level: str = DEFAULT_LEVEL) -> Bot:
        """A bot for one seat, playing at ``level`` (its English name; :func:`.levels.level_of` reads people's)."""
        make = self.bots.get(level)
        if make is None:
            raise UnknownLevel(level)
        return make()

    @property
    def realtime(self) -> bool:
        return self.facts.realtime

    def make_options(self, values: dict[str, str]) -> Any:
        return parse_options(self.options, values)

    def view_from_json(self, text: str) -> Any:
        """The engine's view a JSON view (``GetViewResponse.view``, sent when asked) was made of: what a client's
        bot decides on, as the table's own bots do."""
        return from_jsonable(self.view_type, json.loads(text))
