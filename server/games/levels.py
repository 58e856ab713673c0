"""The levels a game's bots play at, by name, and what every game's bots share.

Each game declares its bots beside its engine (``<game>_bot.py``: ``BOTS``, a maker per level), and the registry
gives them to the game (:attr:`~.contract.Variant.bots`). A level is data: its name (English, as CreateTable takes
it), its French name (taken too), and a line saying how it plays.

A bot is a callable ``(view, legal, rng) -> str`` (:data:`~.contract.Bot`) for one seat: a maker makes one per seat,
so a bot that remembers what it saw (secret belote's stack) keeps it in the bot it made, for that seat alone.

>>> level_of("fort"), level_of("Intermediate"), [level.french for level in LEVELS]
('strong', 'intermediate', ['débutant', 'intermédiaire', 'fort'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from brelan.lexicon.fold import fold

Bot = Callable[[Any, Sequence[str], random.Random], str]  # (the engine's view for the seat, its legal moves, an RNG)
BotMaker = Callable[[], Bot]  # a new bot for one seat


@dataclass(frozen=True)
class Level:
    name: str  # as CreateTable and the CLI take it
    french: str  # its French name, taken too
    summary: str  # how it plays, in a line


BEGINNER, INTERMEDIATE, STRONG = "beginner", "intermediate", "strong"
LEVELS = (
    Level(BEGINNER, "débutant", "plays what it sees and slips now and then: a first opponent"),
    Level(INTERMEDIATE, "intermédiaire", "plays its cards soundly, as a regular player does"),
    Level(STRONG, "fort", "remembers, reads what the rules show, weighs the odds: hard to beat"),
)
LEVEL_NAMES = tuple(level.name for level in LEVELS)  # weakest first
# A seat's bot when its level is not named, at a table with people and at a table of bots alone (a show) alike: the
# level a person meets first and learns from, and one whose decisions stay cheap on a server playing many shows.
DEFAULT_LEVEL = INTERMEDIATE


class UnknownLevel(KeyError):
    def __str__(self) -> str:
        names = ", ".join(f"{level.name} ({level.french})" for level in LEVELS)
        return f"unknown bot level {self.args[0]!r} (known: {names})"


def level_of(name: str) -> str:
    """The level called ``name`` (English or French, any case, accents or not); "" is the default level."""
    if not name:
        return DEFAULT_LEVEL
    wanted = fold(name.strip()).lower()
    for level in LEVELS:
        if wanted in (level.name, fold(level.french).lower()):
            return level.name
    raise UnknownLevel(name)


def stateless(bot: Bot) -> BotMaker:
    """The maker of a bot that remembers nothing: every seat shares the one function."""
    return lambda: bot


def uniform(view: Any, legal: Sequence[str], rng: random.Random) -> str:
    """Uniform random play among the legal moves (the benches' baseline); "" when there are none."""
    return rng.choice(list(legal)) if legal else ""


def slipping(bot: Bot, chance: float, *, slips: Callable[[Sequence[str]], Sequence[str]] = lambda legal: legal) -> Bot:
    """``bot``, but with probability ``chance`` a move picked at random among ``slips(legal)`` (when it has one):
    a beginner's slip. The coin is tossed first, so a bot's other draws stay as they were."""

    def slip(view: Any, legal: Sequence[str], rng: random.Random) -> str:
        if rng.random() < chance and (choices := slips(legal)):
            return rng.choice(list(choices))
        return bot(view, legal, rng)

    return slip
