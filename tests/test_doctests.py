"""The examples in docstrings run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def examples(path: Path) -> bool:
    """Whether a module's docstrings show an example that runs (not one marked +SKIP: it needs a server)."""
    return any(">>> " in line and "+SKIP" not in line for line in path.read_text().splitlines())


# Every module of ours whose docstrings show an example that runs: the package's folders, as brelan.* imports them
# (proto/brelan/api holds the API's hand-written modules beside the generated ones, which show none).
FOLDERS = {"lexicon": ROOT / "lexicon", "server": ROOT / "server", "clients": ROOT / "clients",
           "api": ROOT / "proto" / "brelan" / "api"}  # fmt: skip
MODULES = sorted(".".join((name, *path.relative_to(folder).with_suffix("").parts)) for name, folder in FOLDERS.items()
                 for path in folder.rglob("*.py") if examples(path))  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"brelan.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
