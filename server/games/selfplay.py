"""Bot-only games, in process: what ``brelan bots run`` and the property tests play.

Seats with a pending decision, or a claim open to them (bataille), are picked
at random, so games without a turn order are played in every order. A game
that counts time (POKER CHAMP chrono) is told time is up after ``time_hands``
hands. Each seat has a bot of its own, at its level (or one given: a bench's
uniform random play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .base import Bot, State, Variant
from .levels import DEFAULT_LEVEL
from .transcript import action_line, game_rng


@dataclass
class Played:
    """A finished game: the opening events, then each (seat, action, events)."""

    state: State
    opening: list[Any]
    turns: list[tuple[int | None, Any, list[Any]]] = field(default_factory=list)
    conserved: bool = True

    @property
    def actions(self) -> list[tuple[int | None, Any]]:
        return [(seat, action) for seat, action, _ in self.turns]

    @property
    def events(self) -> list[Any]:
        return [*self.opening, *(e for _, _, events in self.turns for e in events)]

    def lines(self) -> list[str]:
        """The log as text, as golden files hold it: ``> p1 pay`` for an action, then its events."""
        lines = [str(e) for e in self.opening]
        for seat, action, events in self.turns:
            lines += [action_line(seat, action), *map(str, events)]
        return lines


# Past this many actions a game is called endless. Random play ends far sooner, but with a long tail: a Yahtzee
# game of six at 300 chips, folding often for an ante of 10, took 23,243 actions (median ~600).
MOST_ACTIONS = 200_000
MOST_IDLE = 10_000  # looks in a row where no bot moves: they are stuck


def play(variant: Variant, options: Any, seed: int | str, *, time_hands: int = 20, max_actions: int = MOST_ACTIONS,
         levels: Sequence[str] = (), players: Sequence[Bot | None] = ()) -> Played:  # fmt: skip
    """A game of bots: seat ``s`` plays ``players[s]`` when given, else a bot at ``levels[s]`` (the default level
    past the list's end)."""
    state = variant.new_game(options, game_rng(str(seed)))
    bots = random.Random(f"bots/{seed}")

    def seat_bot(s: int) -> Bot:
        given = players[s] if s < len(players) else None
        return given if given is not None else variant.new_bot(levels[s] if s < len(levels) else DEFAULT_LEVEL)

    seated = [seat_bot(s) for s in range(state.players)]
    played = Played(state, list(state.start_events))
    idle = 0
    while not state.is_over:
        if len(played.turns) >= max_actions:
            raise RuntimeError(f"{variant.name} seed {seed}: no end after {max_actions} actions")
        system = state.legal_actions(None)
        if system and state.hand_number > time_hands:
            seat: int | None = None
            action = system[0]
        else:
            seat = bots.choice(sorted({*state.pending(), *state.claimants()}))
            view = state.view(seat)
            text = seated[seat](view, view.legal, bots)
            if not text:  # a claimant who sees nothing: someone else moves
                idle += 1
                if idle > MOST_IDLE:
                    raise RuntimeError(f"{variant.name} seed {seed}: no bot moves ({MOST_IDLE} looks in a row)")
                continue
            idle = 0
            action = variant.parse_action(text)
        hand = state.hand_number
        played.turns.append((seat, action, state.apply(seat, action)))
        if state.hand_number != hand or state.is_over:  # checked between hands, where nothing is in flight
            played.conserved = played.conserved and variant.conserved(state.view(None))
    return played
