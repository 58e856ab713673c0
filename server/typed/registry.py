"""Each variant's game family: the typed messages its tables speak."""

from __future__ import annotations

from . import poker_champ
from .family import Family

FAMILIES: dict[str, Family] = {
    "poker-champ": poker_champ.FAMILY,
}


def family_of(variant: str) -> Family | None:
    return FAMILIES.get(variant)
