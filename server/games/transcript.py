"""A whole game as text: variant, options and seed, then every action and its events.

The golden files under ``tests/golden/`` and ``brelan table verify`` share this
form; replaying one checks that (seed, actions) gives back every event, byte
for byte::

    # variant: poker-champ
    # seed: 7
    # option: players=3
    deal 1
    p0 hole 9h 4c
    ...
    > p2 pay
    p2 pays 1
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .base import Lexicons, State, TextError, parse_seat
from .betting import won_before_uncontested
from .registry import playable
from .word_games import refused_before_codes

# An event's text as older logs wrote it, for the forms that changed (None: unchanged): a log written before
# replays to the same events.
OLDER_FORMS: tuple[Callable[[str], str | None], ...] = (refused_before_codes, won_before_uncontested)


def logged_as(produced: str, logged: str) -> bool:
    """Whether the event a replay ``produced`` is the one a log holds as ``logged``, in today's text form or an
    older one.

    >>> logged_as("p1 refused QUINT not-in-lexicon not in the lexicon", "p1 refused QUINT not in the lexicon")
    True
    """
    return produced == logged or any(older(produced) == logged for older in OLDER_FORMS)


def game_rng(seed: str) -> random.Random:
    """The one way a game's RNG is made from its seed (text, so tables and tests agree)."""
    return random.Random(seed)


def action_line(seat: int | None, action: Any) -> str:
    return f"> {'' if seat is None else f'p{seat} '}{action}"


def parse_action_line(line: str) -> tuple[int | None, str]:
    words = line[1:].split(maxsplit=1)
    if words and words[0][:1] == "p" and words[0][1:].isdigit():
        return parse_seat(words[0]), words[1] if len(words) > 1 else ""
    return None, line[1:].strip()


@dataclass(frozen=True)
class Transcript:
    variant: str
    seed: str
    options: dict[str, str] = field(default_factory=dict)
    lines: tuple[str, ...] = ()
    stack: str = ""  # dice or cards dealt first, before the seed's own (a set-up such as a rulebook example)
    notes: tuple[str, ...] = ()  # "# ..." lines kept for the reader

    def text(self) -> str:
        head = [*(f"# {n}" for n in self.notes), f"# variant: {self.variant}", f"# seed: {self.seed}"]
        head += [f"# stack: {self.stack}"] if self.stack else []
        head += [f"# option: {k}={v}" for k, v in self.options.items()]
        return "\n".join([*head, *self.lines]) + "\n"

    @classmethod
    def parse(cls, text: str) -> Transcript:
        variant = seed = None
        stack = ""
        options: dict[str, str] = {}
        lines = []
        notes = []
        for line in text.splitlines():
            if line.startswith("# variant: "):
                variant = line.split(": ", 1)[1]
            elif line.startswith("# seed: "):
                seed = line.split(": ", 1)[1]
            elif line.startswith("# option: "):
                key, _, value = line.split(": ", 1)[1].partition("=")
                options[key] = value
            elif line.startswith("# stack: "):
                stack = line.split(": ", 1)[1]
            elif line.startswith("# "):
                notes.append(line[2:])
            elif line.strip() and not line.startswith("#"):
                lines.append(line)
        if variant is None or seed is None:
            raise TextError("a transcript starts with '# variant:' and '# seed:' lines")
        return cls(variant, seed, options, tuple(lines), stack, tuple(notes))


class Mismatch(Exception):
    def __init__(self, line: int, expected: str, got: str) -> None:
        super().__init__(f"line {line}: the log says {expected!r}, the replay gives {got!r}")
        self.line = line


def replay(transcript: Transcript, lexicons: Lexicons | None = None) -> State:
    """Play the transcript's actions from its seed; raise :class:`Mismatch` at the first event that differs.

    A word game judges with ``lexicons``; its first event names the lexicon and its version, so
    a replay judging with other words stops at line 1.
    """
    variant = playable(transcript.variant, lexicons)
    if transcript.stack:
        if variant.stacked_rng is None:
            raise TextError(f"{variant.name} cannot stack its deal")
        rng = variant.stacked_rng(transcript.stack, transcript.seed)
    else:
        rng = game_rng(transcript.seed)
    state = variant.new_game(variant.make_options(transcript.options), rng)
    produced = [str(e) for e in state.start_events]
    at = 0
    for n, line in enumerate(transcript.lines, 1):
        if line.startswith(">"):
            if at < len(produced):
                raise Mismatch(n, line, produced[at])
            seat, text = parse_action_line(line)
            produced += [str(e) for e in state.apply(seat, variant.parse_action(text))]
            continue
        got = produced[at] if at < len(produced) else "(nothing)"
        if not logged_as(got, line):
            raise Mismatch(n, line, got)
        at += 1
    if at < len(produced):
        raise Mismatch(len(transcript.lines) + 1, "(end of log)", produced[at])
    return state
