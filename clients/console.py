"""What every CLI command shares: the consoles, the one-line error, JSON lines, argument types."""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn

from rich.console import Console

out = Console(highlight=False, markup=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, markup=False, soft_wrap=True)


class CliError(Exception):
    """A one-line message for the user; exit code 2."""


def fail(message: str) -> NoReturn:
    raise CliError(message)


def emit(obj: dict[str, Any]) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value
