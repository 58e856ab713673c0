"""The domain's refusals and their gRPC form, for the services: :mod:`brelan.api.errors` (shared with the
clients) and the domain's helpers (:mod:`~brelan.server.refusals`) under one name."""

from brelan.api.errors import DOMAIN, ServiceError, code_of, status_of, went_away  # noqa: F401
from brelan.api.refusal import clipped  # noqa: F401

from .refusals import (DEFAULT_DECISION_SECONDS, MAX_DECISION_SECONDS, MAX_MESSAGE, MAX_PAUSE_SECONDS, MOVED,  # noqa: F401
                       Refusal, Status, checked_seconds, decision_time, found, invalid, limited, refused, stale,
                       stopping, table_facts)  # fmt: skip
