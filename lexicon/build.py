"""Compiling sources into a lexicon artefact: a folder the server maps into memory.

    <data_dir>/lexicons/<name>/<version>/
        keys.marisa    every folded key (key ids index the arrays)
        lexicon.bin    masks, explanation blocks, the signature trie
        manifest.json  name, version, sources, counts per policy, checksum

A build writes into a temporary folder and renames it into place, so a
half-written artefact is never loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import zlib
from array import array
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, Protocol, Sequence

import marisa_trie

from . import container, sigtrie
from .fold import fold, is_layable
from .readings import Entry, Policy

FORMAT = 1
EXPLAIN_BLOCK = 64  # keys per compressed block of explanation lines
KEY_SEP, ENTRY_SEP = "\x1e", "\n"
# The policies whose key counts a manifest reports.
COUNTED_POLICIES = ("rulebook", "conjugated", "compound", "proper", "pronoun", "interjection", "all", "all,min=1")

Progress = Callable[[str, int, int], None]  # (stage, done, total)


class Source(Protocol):
    name: str
    version: str
    total: int

    def entries(self) -> Iterator[Entry]: ...


@dataclass(frozen=True)
class BuildResult:
    path: Path
    manifest: dict


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


def version_of(sources: Sequence[tuple[str, str]]) -> str:
    """The artefact's version, from the sources' (name, version) pairs and the format."""
    digest = hashlib.sha256("|".join(f"{name}={v}" for name, v in sources).encode()).hexdigest()[:8]
    return f"{digest}-f{FORMAT}"


def build(name: str, sources: Sequence[Source], lexicons_dir: Path, progress: Progress = _no_progress) -> BuildResult:
    # Read every source first: a word-list source's version is its content hash.
    by_key: dict[str, tuple[int, list[str]]] = {}
    skipped = 0
    read_counts = []
    for source in sources:
        stage = f"reading {source.name}"
        count = 0
        for count, entry in enumerate(source.entries(), 1):
            if not is_layable(entry.form):
                skipped += 1
                continue
            key = fold(entry.form)
            mask, lines = by_key.get(key, (0, []))
            lines.append(entry.dumps())
            by_key[key] = (mask | entry.mask(), lines)
            if count % 20_000 == 0:
                progress(stage, count, max(source.total, count))
        progress(stage, count, count)
        read_counts.append(count)

    version = version_of([(s.name, s.version) for s in sources])
    target = lexicons_dir / name / version
    progress("compiling", 0, 3)
    trie = marisa_trie.Trie(by_key)
    keys_by_id = [""] * len(trie)
    for key, key_id in trie.iteritems():
        keys_by_id[key_id] = key
    masks = array("H", (by_key[k][0] for k in keys_by_id))
    progress("compiling", 1, 3)

    block_offsets = array("Q", [0])
    blocks = bytearray()
    for start in range(0, len(keys_by_id), EXPLAIN_BLOCK):
        text = KEY_SEP.join(ENTRY_SEP.join(by_key[k][1]) for k in keys_by_id[start : start + EXPLAIN_BLOCK])
        blocks += zlib.compress(text.encode(), 9)
        block_offsets.append(len(blocks))
    progress("compiling", 2, 3)

    sections: dict[str, array | bytes] = {"masks": masks, "explain_offsets": block_offsets, "explain_blocks": bytes(blocks)}
    sections.update(sigtrie.build((k, i, masks[i]) for i, k in enumerate(keys_by_id)))
    progress("compiling", 3, 3)

    # Keys per (mask, length) once, then each policy sums the classes it admits.
    classes = Counter(zip(masks, map(len, keys_by_id)))
    policy_counts = {}
    for text in COUNTED_POLICIES:
        policy = Policy.parse(text)
        policy_counts[text] = sum(n for (mask, length), n in classes.items() if policy.admits(mask, length))

    lexicons_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=lexicons_dir))
    try:
        trie.save(str(tmp / "keys.marisa"))
        container.write(tmp / "lexicon.bin", sections)
        checksum = hashlib.sha256()
        for file in ("keys.marisa", "lexicon.bin"):
            with open(tmp / file, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    checksum.update(chunk)
        manifest = {
            "name": name,
            "version": version,
            "format": FORMAT,
            "sources": [
                {"name": s.name, "version": s.version, "entries": n} for s, n in zip(sources, read_counts)
            ],
            "keys": len(keys_by_id),
            "skipped_forms": skipped,
            "policy_counts": policy_counts,
            "checksum": checksum.hexdigest(),
            "built_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return BuildResult(target, manifest)
