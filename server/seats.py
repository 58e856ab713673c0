"""Who sits where: a seat's state at a table, and who a call holds it as (a token, known only by its hash).

>>> seat = SeatState(token_sha256=sha256("a token"), player="ana")
>>> seat.taken, seat.reserved
(True, False)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


def sha256(text: str) -> str:
    """A secret's hash as the log keeps it (a seat's token, a tournament player's secret): never the secret."""
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class SeatState:
    token_sha256: str | None = None
    player: str = ""
    bot: bool = False
    watchers: int = 0
    # The hash of the secret that alone may take this seat: a tournament player's, or the one
    # given to a player who left mid-game (his hidden cards stay his). None: anyone, when free.
    secret_sha256: str | None = None
    # The hash of the player key it was taken with (None: none): the seat follows that player, not the token.
    player_sha256: str | None = None
    # Its player sits out: its decisions are the rules' default moves, made at once (not kept over a restart).
    sitting_out: bool = False

    @property
    def taken(self) -> bool:
        return self.bot or self.token_sha256 is not None

    @property
    def reserved(self) -> bool:
        return self.secret_sha256 is not None


@dataclass(frozen=True)
class Holder:
    """Who is calling: the seat a token holds."""

    token_sha256: str
    table_id: str
    seat: int
