"""Every game the server hosts, by variant name."""

from __future__ import annotations

from dataclasses import replace

from . import alphapoker, alphapoker_bot, bataille, belote, chinese, chinese_bot, daker, poker_champ, yahtzee_holdem
from .base import Lexicons, Variant
from .word_games import word_game

# Where each game's parts come together: a bot in a module of its own depends on its engine, never the reverse, and
# is given to its game here.
VARIANTS: dict[str, Variant] = {v.name: v for v in (
    word_game(alphapoker.VARIANT, alphapoker.new_game, alphapoker_bot.bot), bataille.VARIANT, belote.VARIANT,
    belote.SECRET_VARIANT, poker_champ.VARIANT, yahtzee_holdem.VARIANT, daker.VARIANT,
    replace(chinese.VARIANT, bot=chinese_bot.bot),
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
