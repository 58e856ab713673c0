"""Every game the server hosts, by variant name."""

from __future__ import annotations

import functools
from dataclasses import replace

from . import (alphapoker, alphapoker_bot, bataille, bataille_bot, belote, belote_bot, chinese, chinese_bot, daker,
               daker_bot, poker_champ, poker_champ_bot, yahtzee_bot, yahtzee_holdem)  # fmt: skip
from .base import Lexicons, Variant
from .word_games import word_game

# Where each game's parts come together: its bots, by level, in a module of their own beside its engine
# (``<game>_bot.BOTS``), depend on the engine, never the reverse, and are given to their game here.
VARIANTS: dict[str, Variant] = {v.name: v for v in (
    word_game(alphapoker.VARIANT, alphapoker.new_game, alphapoker_bot.BOTS),
    word_game(bataille.VARIANT, bataille.new_game, bataille_bot.BOTS),
    word_game(belote.VARIANT, belote.new_game, belote_bot.BOTS),
    word_game(belote.SECRET_VARIANT, functools.partial(belote.new_game, secret=True), belote_bot.BOTS),
    replace(poker_champ.VARIANT, bots=poker_champ_bot.BOTS),
    replace(yahtzee_holdem.VARIANT, bots=yahtzee_bot.BOTS),
    replace(daker.VARIANT, bots=daker_bot.BOTS),
    replace(chinese.VARIANT, bots=chinese_bot.BOTS),
)}


# Every variant and mode the server plays, with options for a short game: (variant name, mode, options).
MODES: list[tuple[str, str, dict[str, str]]] = [
    (name, mode, dict(options)) for name, variant in VARIANTS.items() for mode, options in variant.modes.items()
]


class UnknownVariant(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(VARIANTS)})"


class NeedsLexicon(LookupError):
    def __str__(self) -> str:
        return f"{self.args[0]} judges words and needs a lexicon, and none is loaded here"


def get_variant(name: str, lexicons: Lexicons | None = None) -> Variant:
    """The game called ``name``; a word game gets ``lexicons`` bound in (NeedsLexicon without).

    Without ``lexicons`` a word game is returned unbound: good for its options, not for playing.
    """
    try:
        variant = VARIANTS[name]
    except KeyError:
        raise UnknownVariant(name) from None
    if variant.bind is None or lexicons is None:
        return variant
    return variant.bind(lexicons)


def playable(name: str, lexicons: Lexicons | None) -> Variant:
    """The game called ``name``, ready to start: a word game with its lexicons bound in."""
    variant = get_variant(name, lexicons)
    if variant.bind is not None and lexicons is None:
        raise NeedsLexicon(name)
    return variant
