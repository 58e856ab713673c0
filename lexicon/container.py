"""A file of named arrays, written once and read back by mmap without copying.

Layout: 8 bytes magic, 8 bytes header length, a JSON header naming each
section's offset, length and array type code, then the sections, each aligned
to 8 bytes. Reading casts ``memoryview`` slices of the map, so a section costs
memory only for the pages a lookup touches.
"""

from __future__ import annotations

import json
import mmap
import struct
from array import array
from pathlib import Path
from typing import Mapping

MAGIC = b"BRELAN1\n"


def write(path: Path, sections: Mapping[str, array | bytes]) -> None:
    header: dict[str, list[object]] = {}
    offset = 0
    blobs = []
    for name, data in sections.items():
        raw = data.tobytes() if isinstance(data, array) else bytes(data)
        code = data.typecode if isinstance(data, array) else "B"
        header[name] = [offset, len(raw), code]
        pad = -len(raw) % 8
        blobs.append(raw + b"\0" * pad)
        offset += len(raw) + pad
    head = json.dumps(header).encode()
    head += b" " * (-len(head) % 8)
    with open(path, "wb") as out:
        out.write(MAGIC + struct.pack("<Q", len(head)) + head)
        for blob in blobs:
            out.write(blob)


class Sections:
    """The arrays of a container file, as read-only memoryviews over one mmap."""

    def __init__(self, path: Path) -> None:
        with open(path, "rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        if self._map[:8] != MAGIC:
            raise ValueError(f"{path} is not a brelan lexicon file")
        (head_len,) = struct.unpack("<Q", self._map[8:16])
        self._header: dict[str, list] = json.loads(self._map[16 : 16 + head_len])
        self._base = 16 + head_len
        self._view = memoryview(self._map)

    def __getitem__(self, name: str) -> memoryview:
        offset, length, code = self._header[name]
        start = self._base + offset
        return self._view[start : start + length].cast(code)

    def __contains__(self, name: str) -> bool:
        return name in self._header

    def sizes(self) -> dict[str, int]:
        """Each section's length in bytes."""
        return {name: length for name, (_, length, _) in self._header.items()}
