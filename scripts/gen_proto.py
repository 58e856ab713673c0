"""Regenerate the protobuf and gRPC modules (and their type stubs) from proto/.

    python scripts/gen_proto.py            # write next to the .proto files
    python scripts/gen_proto.py --out DIR  # write under DIR (the test compares)
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent / "proto"


def generate(out: Path) -> list[Path]:
    protos = sorted(p.relative_to(ROOT) for p in (ROOT / "brelan").rglob("*.proto"))
    include = str(resources.files("grpc_tools") / "_proto")
    out.mkdir(parents=True, exist_ok=True)
    args = [
        "protoc",
        f"-I{ROOT}",
        f"-I{include}",
        f"--python_out={out}",
        f"--grpc_python_out={out}",
        f"--mypy_out={out}",
        f"--mypy_grpc_out={out}",
        # Connect's own generator, for the browsers' side (server/web.py): google.protobuf messages, asyncio.
        f"--plugin=protoc-gen-connectrpc={Path(sys.executable).parent / 'protoc-gen-connectrpc'}",
        f"--connectrpc_out={out}",
        "--connectrpc_opt=protobuf=google,io=async",
        *map(str, protos),
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    return protos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT)
    generate(parser.parse_args().out)


if __name__ == "__main__":
    sys.exit(main())
