"""Pages of a listing: the page size a caller may ask for, and the opaque token that resumes after a page.

Listings that grow while they are read (the lobby's tables, the tournaments) are paged by key, not by
offset: a token names the last item of its page (its sort key), so the next page starts right after it
however many items were made meanwhile, and no item is skipped or shown twice.

>>> token = next_token(("live", 0, 1700000000.5, "t1"))
>>> after(token, "page_token", "live")
[0, 1700000000.5, 't1']
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any, Callable, Sequence, TypeVar

from .errors import invalid

T = TypeVar("T")


def bounded(value: int, default: int, most: int, path: str = "page_size") -> int:
    """``value`` (0: ``default``), refused above ``most``."""
    if value > most:
        raise invalid(path, f"at most {most}, not {value}")
    return value or default


def next_token(key: tuple[Any, ...]) -> str:
    """The token of a page whose last item sorts at ``key`` (its first element names the listing)."""
    return base64.urlsafe_b64encode(json.dumps(key, separators=(",", ":")).encode()).decode().rstrip("=")


def after(token: str, path: str, listing: str) -> list[Any] | None:
    """The sort key a token resumes after (None: the first page); a token of another listing is refused."""
    if not token:
        return None
    try:
        key = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    except (binascii.Error, ValueError):
        key = None
    if not isinstance(key, list) or not key or key[0] != listing:
        raise invalid(path, "not a token this listing returned")
    return key[1:]


def page_of(found: Sequence[T], size: int, key: Callable[[T], tuple[Any, ...]]) -> tuple[Sequence[T], str]:
    """A page of ``size`` from ``found`` (fetched one more than ``size``, to know whether a page follows), and
    the token of the next page: its last item's ``key`` (empty: no page follows)."""
    return found[:size], next_token(key(found[size - 1])) if len(found) > size else ""
