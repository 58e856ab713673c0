"""A compiled lexicon, mapped into memory: lookups, verdicts and explanations.

>>> lex = Lexicon.open(path)                           # doctest: +SKIP
>>> lex.verdict("Mangeons", RULEBOOK).reason           # doctest: +SKIP
'conjugated form of manger (present, 1st plural; imperative, 1st plural): not admitted'
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import marisa_trie

from .container import Sections
from .describe import describe, reject_reason
from .explanations import BLOCK, ENTRY_SEP, KEY_SEP, unpack
from .fold import fold
from .readings import Entry, Kind, Policy


@dataclass(frozen=True, slots=True)
class Verdict:
    word: str
    key: str
    admissible: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Reading:
    entry: Entry
    kind: Kind
    compound: bool
    admitted: bool
    description: str


class Lexicon:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.manifest: dict = json.loads((path / "manifest.json").read_text())
        self.name: str = self.manifest["name"]
        self.version: str = self.manifest["version"]
        self.layout: int = self.manifest.get("layout", 1)
        self.trie = marisa_trie.Trie()
        self.trie.mmap(str(path / "keys.marisa"))
        self._lookup = self.trie.get  # bound once: admissible() is the hot path of bulk checks
        self.sections = Sections(path / "lexicon.bin")
        if self.layout >= 2:
            self.key_class, self.class_masks = self.sections["key_class"], self.sections["class_masks"]
        else:  # read for an upgrade only: each key's mask is its own class
            self.key_class, self.class_masks = self.sections["masks"], range(1 << 16)
        self._admitted: dict[int, bytes] = {}
        self._explain_offsets = self.sections["explain_offsets"]
        self._explain_blocks = self.sections["explain_blocks"]
        self._per_block = BLOCK[self.layout]
        self._block = lru_cache(maxsize=64)(self._read_block)

    @classmethod
    def open(cls, path: Path | str) -> Lexicon:
        return cls(Path(path))

    def __len__(self) -> int:
        return len(self.trie)

    def __repr__(self) -> str:
        return f"<Lexicon {self.name} {self.version}: {len(self)} keys>"

    # -- lookups ---------------------------------------------------------
    def key_id(self, key: str) -> int | None:
        return self.trie.get(key)

    def mask_of(self, key_id: int) -> int:
        """The readings (bits of :func:`~.readings.reading_bit`) some entry of the key gives."""
        return self.class_masks[self.key_class[key_id]]

    def admitted_classes(self, policy: Policy) -> bytes:
        """A byte per mask class, 1 where ``policy`` admits the class's readings (the length aside)."""
        table = self._admitted.get(policy.mask)
        if table is None:
            table = self._admitted[policy.mask] = bytes(bool(m & policy.mask) for m in self.class_masks)
        return table

    def admissible(self, key: str, policy: Policy) -> bool:
        """One trie lookup and two array reads: is the folded ``key`` admitted?"""
        key_id = self._lookup(key)
        if key_id is None or len(key) < policy.min_length:
            return False
        return self.admitted_classes(policy)[self.key_class[key_id]] == 1

    def admissible_keys(self, policy: Policy, max_length: int | None = None) -> Iterator[tuple[str, int]]:
        """Every (key, key id) the policy admits, up to ``max_length`` letters, in trie order."""
        admitted, key_class = self.admitted_classes(policy), self.key_class
        for key, key_id in self.trie.iteritems():
            if (max_length is None or len(key) <= max_length) and len(key) >= policy.min_length and admitted[key_class[key_id]]:
                yield key, key_id

    def key_of(self, key_id: int) -> str:
        return self.trie.restore_key(key_id)

    # -- explanations ----------------------------------------------------
    def _read_block(self, block: int) -> list[str]:
        start, end = self._explain_offsets[block], self._explain_offsets[block + 1]
        return zlib.decompress(self._explain_blocks[start:end]).decode().split(KEY_SEP)

    def entries(self, key: str) -> list[Entry]:
        key_id = self.trie.get(key)
        if key_id is None:
            return []
        return self._unpack(key, self._block(key_id // self._per_block)[key_id % self._per_block])

    def all_entries(self) -> Iterator[Entry]:
        """Every source entry, block by block (what an upgrade lays out again)."""
        for block in range(len(self._explain_offsets) - 1):
            for i, text in enumerate(self._read_block(block)):
                yield from self._unpack(self.key_of(block * self._per_block + i), text)

    def _unpack(self, key: str, text: str) -> list[Entry]:
        return [unpack(key, line, self.layout) for line in text.split(ENTRY_SEP)]

    def readings(self, key: str, policy: Policy) -> list[Reading]:
        out = []
        for entry in self.entries(key):
            for kind, compound in entry.readings():
                admitted = policy.allows(kind, compound) and len(key) >= policy.min_length
                out.append(Reading(entry, kind, compound, admitted, describe(entry, kind)))
        return out

    def quick_verdict(self, word: str, policy: Policy) -> Verdict:
        """:meth:`verdict` without its reason: one fold, one lookup, one mask (for bulk checks)."""
        key = fold(word)
        return Verdict(word, key, bool(key) and self.admissible(key, policy), "")

    def verdict(self, word: str, policy: Policy) -> Verdict:
        """Whether ``word`` may be laid under ``policy``, with the reason in one line."""
        key = fold(word)
        if not key:
            return Verdict(word, key, False, "no letters")
        readings = self.readings(key, policy)
        if not readings:
            return Verdict(word, key, False, "not in the lexicon")
        admitted = [r for r in readings if r.admitted]
        if admitted:
            return Verdict(word, key, True, _join(r.description for r in admitted))
        if len(key) < policy.min_length:
            return Verdict(word, key, False, f"shorter than {policy.min_length} letters: not admitted")
        return Verdict(word, key, False, _join(reject_reason(r.description, r.kind, r.compound) for r in readings))


def _join(parts) -> str:  # type: ignore[no-untyped-def]
    return "; ".join(dict.fromkeys(parts))
