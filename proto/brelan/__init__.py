"""brelan: a gRPC service for French letter-card and poker-like games.

Subpackages: ``brelan.lexicon`` (words, no gRPC), ``brelan.server`` (engines,
services), ``brelan.clients`` (typed client, CLI), ``brelan.api.v1`` (generated).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("brelan")
except PackageNotFoundError:  # running from a source tree without install
    __version__ = "0+unknown"
