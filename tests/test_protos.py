"""The protos pass ``buf lint`` (STANDARD rules), change nothing a client relies on since the last commit, and say
what the server sends."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from brelan.server.games.poker_champ import Back
from conftest import node_tool

ROOT = Path(__file__).resolve().parent.parent
PROTO = ROOT / "proto"


def buf() -> str:
    return node_tool("buf")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([buf(), *args], cwd=PROTO, capture_output=True, text=True, timeout=300)


def test_the_protos_pass_buf_lint() -> None:
    done = run("lint")
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_breaking_change_since_the_previous_commit() -> None:
    before = subprocess.run(["git", "cat-file", "-e", "HEAD~1:proto/buf.yaml"], cwd=ROOT, capture_output=True)
    if before.returncode != 0:
        pytest.skip("the previous commit has no buf module to compare with")
    done = run("breaking", "--against", f"{ROOT / '.git'}#ref=HEAD~1,subdir=proto")
    assert done.returncode == 0, done.stdout + done.stderr


def test_poker_champ_s_proto_writes_hidden_hole_cards_as_the_server_sends_them() -> None:
    """Issue 37: it said "?r" for a marked back, and the server sends "[Ls]"."""
    text = (PROTO / "brelan/api/v1/poker_champ.proto").read_text()
    examples = re.findall(r'"(\[[^"]*\])"', text)
    assert examples and all(str(Back.parse(example)) == example for example in examples)
    assert '"?r"' not in text and '"?b"' not in text
