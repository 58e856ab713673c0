"""The CLI's player key: made on first use, kept in the data directory (``player.key``, readable by its owner
alone), sent with every seat taken so the seats follow the player; shown only when asked (to move it to another
device: ``brelan player key``, then ``brelan player key --set KEY`` there, or the page opened with the key after
``#key=`` in its address, which offers to use it: :func:`key_link`)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from brelan.lexicon.store import default_data_dir

from .client import new_player_key
from .console import fail

KEY_FILE = "player.key"
MIN_KEY, MAX_KEY = 16, 64  # the server's bounds (JoinTableRequest.player_key)


class BadKey(ValueError):
    """A key that cannot be one (its length, or a character a URL or a shell would mangle)."""


def key_path(data_dir: Path | None) -> Path:
    return (data_dir or default_data_dir()) / KEY_FILE


def checked(key: str) -> str:
    """``key`` when it can be a player key: 16 to 64 letters, digits, '-' or '_'."""
    key = key.strip()
    if not MIN_KEY <= len(key) <= MAX_KEY or not all(c.isascii() and (c.isalnum() or c in "-_") for c in key):
        raise BadKey(f"a player key is {MIN_KEY} to {MAX_KEY} letters, digits, '-' or '_' (got {len(key)} characters)")
    return key


def player_key(data_dir: Path | None) -> str:
    """This machine's player key, made (and kept) on first use."""
    path = key_path(data_dir)
    if path.exists():
        return checked(path.read_text())
    return set_player_key(data_dir, new_player_key())


def my_key(data_dir: Path | None) -> str:
    """This machine's player key for a command (made on first use); a one-line error when the kept one is damaged."""
    try:
        return player_key(data_dir)
    except BadKey as e:
        fail(f"{key_path(data_dir)}: {e}: set it again with brelan player key --set KEY")


def set_player_key(data_dir: Path | None, key: str) -> str:
    """Keep ``key`` as this machine's player key (one brought from another device); readable by its owner alone."""
    key = checked(key)
    path = key_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def key_link(key: str, page: str) -> str:
    """The link that brings ``key`` to a browser: the page's address (``http://HOST:PORT/``, or ``HOST:PORT``)
    with ``#key=KEY``, which the page opened with offers to take (as the page's own link, clients/web/key.js)."""
    parts = urlsplit(page if "://" in page else f"http://{page}")
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, f"key={key}"))
