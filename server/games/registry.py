"""Every game the server hosts, by variant name."""

from __future__ import annotations

from . import chinese, daker, poker_champ, yahtzee_holdem
from .base import Variant

VARIANTS: dict[str, Variant] = {v.name: v for v in (poker_champ.VARIANT, yahtzee_holdem.VARIANT, daker.VARIANT, chinese.VARIANT)}


class UnknownVariant(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(VARIANTS)})"


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnknownVariant(name) from None
