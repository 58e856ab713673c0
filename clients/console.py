"""What every CLI command shares: the consoles, the one-line error, JSON lines, argument types."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, NoReturn

import grpc
from rich.console import Console

from .client import BrelanClient, tls

WEB_PORT = 8080  # brelan serve's port for browsers (the page, Connect): `serve --web-port`'s default

out = Console(highlight=False, markup=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, markup=False, soft_wrap=True)


class CliError(Exception):
    """A one-line message for the user; exit code 2."""


def fail(message: str) -> NoReturn:
    raise CliError(message)


def emit(obj: dict[str, Any]) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


def whole(text: str, least: int = 0) -> int:
    """A whole number for a flag, ``least`` or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{value} is not at least {least}")
    return value


def positive(text: str) -> int:
    return whole(text, 1)


def count(text: str) -> int:
    """A number of things for a flag: a whole number, 0 or more."""
    return whole(text, 0)


# Seats (and a tournament's players) are counted from 1 wherever a person reads or types one, as the page counts
# them; the API's seat (SeatInfo.seat, --json) counts from 0.
COUNTED = "counted from 1, as the page counts them"


def numeral(text: str) -> bool:
    """Whether ``text`` is a whole number as a person types one: ASCII digits. str.isdigit() takes '²' and '①' too,
    which int() refuses (a seat typed so was an internal error)."""
    return text.isascii() and text.isdigit()


def seat_of(text: str, seats: int, what: str = "seat") -> int:
    """The API's seat (from 0) of a seat a person typed (from 1: "1" is the first seat) at a table of ``seats``;
    ``what``: what is counted (a tournament's players too), to say it in a refusal."""
    number = text.strip().removeprefix(what).strip()  # "2", " 2", "seat 2": what a listing shows
    if not numeral(number):
        raise argparse.ArgumentTypeError(f"{text.strip()!r} is not a {what} number ({what}s are {COUNTED})")
    if int(number) == 0:
        raise argparse.ArgumentTypeError(f"{what}s are counted from 1: the first is {what} 1")
    if int(number) > seats:
        raise argparse.ArgumentTypeError(f"there are {what}s 1 to {seats}")
    return int(number) - 1


def seconds(text: str) -> float:
    """A duration for a flag: a number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{value:g} is not 0 seconds or more")
    return value


def credentials_of(args: argparse.Namespace) -> grpc.ChannelCredentials | None:
    """TLS credentials when ``--tls-ca`` or ``--tls`` was given; None: plaintext."""
    ca: Path | None = getattr(args, "tls_ca", None)
    if ca is not None and not ca.is_file():
        fail(f"--tls-ca {ca}: no such file")
    return tls(ca) if ca is not None or getattr(args, "tls", False) else None


def connect(args: argparse.Namespace, target: str | None = None) -> BrelanClient:
    """A client of ``target`` (default: ``--server``), over TLS when ``--tls-ca`` or ``--tls`` was given."""
    return BrelanClient(target or args.server, credentials=credentials_of(args))
