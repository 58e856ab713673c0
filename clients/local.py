"""The same calls as :class:`BrelanClient`, answered in-process by the service handler.

The CLI uses it when no ``--server`` is given, so both modes run the same code
and print the same thing.
"""

from __future__ import annotations

from typing import Any

from brelan.server.lexicon_service import LexiconHandler

from .client import LexiconCalls


class LocalClient(LexiconCalls):
    def __init__(self, handler: LexiconHandler) -> None:
        self.handler = handler

    def call(self, method: str, request: Any) -> Any:
        return getattr(self.handler, method)(request)
