"""The typed contract of this game family: not declared yet (its tables speak text only)."""

from __future__ import annotations

from .family import Family

FAMILIES: dict[str, Family] = {}  # variant name -> its family
