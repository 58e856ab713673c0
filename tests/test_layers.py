"""The house's layers hold: the typed client needs nothing of the server, the table layer knows no transport, and
no module of ours imports itself back through others (an import circle)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Each source folder as the package brelan.* imports it (pyproject's package-dir).
PACKAGES = {"brelan.lexicon": ROOT / "lexicon", "brelan.server": ROOT / "server", "brelan.clients": ROOT / "clients",
            "brelan.api": ROOT / "proto" / "brelan" / "api"}  # fmt: skip


def loaded_by(module: str) -> set[str]:
    """The modules a fresh interpreter holds after importing ``module`` alone."""
    code = f"import sys, {module}; print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_the_typed_client_imports_nothing_of_the_server() -> None:
    server = sorted(m for m in loaded_by("brelan.clients.client") if m.startswith("brelan.server"))
    assert server == []


@pytest.mark.parametrize("module", ["brelan.server.table", "brelan.server.tables", "brelan.server.refusals"])
def test_the_table_layer_knows_no_transport(module: str) -> None:
    """Tables raise domain refusals; the services map them to gRPC (and Connect) statuses."""
    assert not {m for m in loaded_by(module) if m == "grpc" or m.startswith("grpc.")}


def modules() -> dict[str, Path]:
    return {".".join((package, *path.relative_to(folder).with_suffix("").parts)).removesuffix(".__init__"): path
            for package, folder in PACKAGES.items() for path in folder.rglob("*.py")
            if "v1" not in path.relative_to(folder).parts}  # fmt: skip  (v1: generated)


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports anywhere in its file: a function's own import, and the type
    checker's alone (``if TYPE_CHECKING:``), included: a circle hidden there is a circle still."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        found |= {t for t in targets if t in known and t != name}
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle() -> None:
    mods = modules()
    graph = {name: imports(name, path, set(mods)) for name, path in mods.items()}
    assert circles(graph) == []
