"""Split-pot arithmetic shared by the betting games.

>>> split(7, [3, 1])    # odd chips go to the winners in seat order from seat 0
{1: 4, 3: 3}
"""

from __future__ import annotations

from typing import Iterable


def split(amount: int, winners: Iterable[int]) -> dict[int, int]:
    """Share ``amount`` equally; the remainder goes one chip each in seat order."""
    seats = sorted(set(winners))
    if not seats:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(seats))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(seats)}
