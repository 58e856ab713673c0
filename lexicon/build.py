"""Compiling sources into a lexicon artefact: a folder the server maps into memory.

    <data_dir>/lexicons/<name>/<version>/
        keys.marisa    every folded key (key ids index the arrays)
        lexicon.bin    mask classes, explanation blocks, the signature trie, how common each key is
        manifest.json  name, version, layout, sources, counts per policy, checksum

The version names what the verdicts come from (the sources and how their tags
are read), so a table's log names the same version whatever the layout of the
files; ``LAYOUT`` names how the files are laid out, and a server upgrades an
artefact of an older layout from itself (see :func:`upgrade`). A build writes
into a temporary folder and renames it into place, so a half-written artefact
is never loaded.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import shutil
import tempfile
import zlib
from array import array
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator, Protocol, Sequence

import marisa_trie

from . import container, sigtrie
from .explanations import BLOCK, ENTRY_SEP, KEY_SEP, pack
from .fold import layable_key
from .readings import Entry, Policy
from .sources import frequency

# How source tags become readings: a change here changes verdicts, so it is part of the version.
VERDICTS = 1
# How the files are laid out: 2 keeps a mask class a key, the trie of short keys only, compact explanations;
# 3 adds how common each key is (wordfreq's Zipf value, to a tenth, a byte a key).
LAYOUT = 3
ZIPF_SCALE = 10  # a key's Zipf value is kept to a tenth, in a byte
MAX_CLASSES = 256  # distinct masks, so a key's class fits a byte (fr-dela has 42)
# The policies whose key counts a manifest reports.
COUNTED_POLICIES = ("rulebook", "conjugated", "compound", "proper", "pronoun", "interjection", "all", "all,min=1")

Progress = Callable[[str, int, int], None]  # (stage, done, total)


class Source(Protocol):
    """What a lexicon is built from. A source may also have ``keyed_entries()``: its layable entries with their
    keys and masks (:meth:`Entry.mask`), when it knows them already (the agreement folds and sorts its entries to
    compare its sources)."""

    name: str
    version: str
    total: int

    def entries(self) -> Iterator[Entry]: ...


@dataclass(frozen=True)
class BuildResult:
    path: Path
    manifest: dict


def version_of(sources: Sequence[tuple[str, str]]) -> str:
    """The lexicon's version, from the sources' (name, version) pairs and how their tags are read."""
    digest = hashlib.sha256("|".join(f"{name}={v}" for name, v in sources).encode()).hexdigest()[:8]
    return f"{digest}-f{VERDICTS}"


def _keyed(entries: Iterator[Entry]) -> Iterator[tuple[str | None, Entry, int]]:
    """Each entry with its key (None for a form no cards can lay) and its mask."""
    for entry in entries:
        key = layable_key(entry.form)
        yield key, entry, (entry.mask() if key is not None else 0)


@contextmanager
def _no_collector() -> Iterator[None]:
    """The cyclic collector paused while a build holds its million entries, back as it was after.

    A build's objects (entries, lines, keys) live until it ends and make no cycles, yet each of the collector's
    full passes walks all of them: measured, 2.7 s of fr-dela's 19 s of CPU and 9.6 s of fr-agreed's 43 s.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build(
    name: str, sources: Sequence[Source], lexicons_dir: Path, progress: Progress | None = None, keep: dict | None = None
) -> BuildResult:
    """Compile ``sources`` into ``lexicons_dir/name/<version>``, telling ``progress`` how far it is (if given).

    ``keep``, an older artefact's manifest, makes this an upgrade: its version and
    list of sources stay, and its build time, so the newest build stays the newest.
    """
    with _no_collector():
        return _build(name, sources, lexicons_dir, progress, keep)


def _build(
    name: str, sources: Sequence[Source], lexicons_dir: Path, progress: Progress | None, keep: dict | None
) -> BuildResult:
    progress = progress or (lambda stage, done, total: None)
    # Read every source first: a word-list source's version is its content hash.
    by_key: dict[str, tuple[int, list[str]]] = {}
    zipf: dict[str, float] = {}
    words = frequency.table()
    skipped = 0
    read_counts = []
    for source in sources:
        stage = f"reading {source.name}"
        count = 0
        keyed = getattr(source, "keyed_entries", None)
        for count, (key, entry, entry_mask) in enumerate(keyed() if keyed else _keyed(source.entries()), 1):
            if key is None:
                skipped += 1
                continue
            mask, lines = by_key.get(key, (0, []))
            lines.append(pack(key, entry))
            by_key[key] = (mask | entry_mask, lines)
            seen = words.get(entry.form.lower(), 0.0)
            if seen > zipf.get(key, 0.0):
                zipf[key] = seen
            if count % 20_000 == 0:
                progress(stage, count, max(source.total, count))
        progress(stage, count, count)
        read_counts.append(count)

    version = keep["version"] if keep else version_of([(s.name, s.version) for s in sources])
    target = lexicons_dir / name / version
    progress("compiling", 0, 3)
    trie = marisa_trie.Trie(by_key)
    keys_by_id = [""] * len(trie)
    for key, key_id in trie.iteritems():
        keys_by_id[key_id] = key
    masks = [by_key[k][0] for k in keys_by_id]
    class_masks = array("H", sorted(set(masks)))
    if len(class_masks) > MAX_CLASSES:
        raise ValueError(f"{len(class_masks)} distinct reading masks, more than a byte's {MAX_CLASSES}")
    class_of = {mask: i for i, mask in enumerate(class_masks)}
    progress("compiling", 1, 3)

    block = BLOCK[LAYOUT]
    block_offsets = array("Q", [0])
    blocks = bytearray()
    for start in range(0, len(keys_by_id), block):
        text = KEY_SEP.join(ENTRY_SEP.join(by_key[k][1]) for k in keys_by_id[start : start + block])
        blocks += zlib.compress(text.encode(), 9)
        block_offsets.append(len(blocks))
    progress("compiling", 2, 3)

    sections: dict[str, array | bytes] = {
        "key_class": array("B", (class_of[m] for m in masks)),
        "class_masks": class_masks,
        "explain_offsets": block_offsets,
        "explain_blocks": bytes(blocks),
        "zipf": array("B", (min(255, round(zipf.get(k, 0.0) * ZIPF_SCALE)) for k in keys_by_id)),
    }
    # A key no house rule admits (fr-agreed refuses 220,000 of its 727,000 keys) is no word a hand can lay: the
    # search's trie leaves it out (fr-dela has no such key).
    sections.update(sigtrie.build((k, i, masks[i]) for i, k in enumerate(keys_by_id) if masks[i]))
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
            "layout": LAYOUT,
            "sources": keep["sources"] if keep else [
                part for s, n in zip(sources, read_counts)
                for part in getattr(s, "parts", None) or [{"name": s.name, "version": s.version, "entries": n}]
            ],
            "frequency": {"name": frequency.DISTRIBUTION, "version": frequency.version(), "language": frequency.LANGUAGE},
            "keys": len(keys_by_id),
            "skipped_forms": keep["skipped_forms"] if keep else skipped,
            "policy_counts": policy_counts,
            "checksum": checksum.hexdigest(),
            "built_at": keep["built_at"] if keep else datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False))
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            shutil.rmtree(target)
        os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return BuildResult(target, manifest)
