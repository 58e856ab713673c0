"""The committed protobuf modules are what the pinned generators make of proto/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_generated_code_is_up_to_date(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_proto.py"), "--out", str(tmp_path)], check=True, env=env)
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert generated, "protoc wrote nothing"
    for rel in generated:
        committed = ROOT / "proto" / rel
        assert committed.is_file(), f"{rel} is generated but not committed"
        assert committed.read_bytes() == (tmp_path / rel).read_bytes(), f"{rel} is stale: run scripts/gen_proto.py"
