"""Each variant's game family: the typed messages its tables speak (each family module names its variants)."""

from __future__ import annotations

from . import alphapoker, bataille, belote, chinese, daker, poker_champ, yahtzee_holdem
from .family import Family

FAMILIES: dict[str, Family] = {
    **alphapoker.FAMILIES, **bataille.FAMILIES, **belote.FAMILIES, **chinese.FAMILIES, **daker.FAMILIES,
    **poker_champ.FAMILIES, **yahtzee_holdem.FAMILIES,
}


def family_of(variant: str) -> Family | None:
    return FAMILIES.get(variant)
