"""A node of a cluster as its tables know it: how the others reach it, and how long its leases run.

Apart from :mod:`~brelan.server.cluster` (leases, takeovers, relays), which is made over the tables: the tables
know their node by this alone, and the cluster's module is not theirs to import.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

LEASE_SECONDS = 3.0  # a dead node's tables are taken over this long after its last heartbeat


@dataclass(frozen=True)
class Node:
    node_id: str
    address: str  # how other nodes reach this one (--advertise)
    lease: float = LEASE_SECONDS

    @classmethod
    def new(cls, address: str, lease: float = LEASE_SECONDS) -> Node:
        return cls("n-" + secrets.token_hex(4), address, lease)
