"""Split-pot arithmetic shared by the betting games.

>>> split(7, [3, 1])    # odd chips go to the winners in seat order from seat 0
{1: 4, 3: 3}
>>> split(50, [2, 0], order=[1, 2, 0], unit=10)    # in whole units, odd ones in the game's order
{2: 30, 0: 20}
"""

from __future__ import annotations

from typing import Iterable, Sequence


def split(amount: int, winners: Iterable[int], order: Sequence[int] | None = None, unit: int = 1) -> dict[int, int]:
    """Share ``amount`` in whole units; odd units go one each to the winners in ``order`` (default: seat order).

    Less than a unit left over (a stack that was not a whole number of units) goes to the first winner.
    """
    seats = sorted(set(winners))
    if not seats:
        raise ValueError("a pot needs at least one winner")
    ranked = [s for s in order if s in seats] if order is not None else seats
    units, rest = divmod(amount, unit)
    share, odd = divmod(units, len(ranked))
    shares = {s: (share + (1 if i < odd else 0)) * unit for i, s in enumerate(ranked)}
    shares[ranked[0]] += rest
    return shares
