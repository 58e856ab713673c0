"""A lexicon policy (house rules on admissible words) in its wire form, for the server and the clients alike.

>>> policy_to_pb(Policy.parse("conjugated,min=4"))
conjugated: true
min_length: 4
<BLANKLINE>
"""

from __future__ import annotations

from brelan.api.v1 import lexicon_pb2 as pb
from brelan.lexicon.readings import DEFAULT_MIN_LENGTH, Policy


def policy_to_pb(policy: Policy) -> pb.Policy:
    msg = pb.Policy(**dict(policy.iter_flags()))
    if policy.min_length != DEFAULT_MIN_LENGTH:
        msg.min_length = policy.min_length
    return msg
