"""The ABU's dictionary of common words (PyPI ``dict-fr-ABU``, licence ABU 1.1), a second tagged source.

The Association des Bibliophiles Universels' "mots communs" (about 290,000 forms, made apart from
DELA) gives a line a form: ``form<TAB>lemma<TAB>tags``, the tags a part of speech and, after ``:``,
each of its inflections (``Nom:Mas+SG``, ``Ver:IPre+SG+P3:SPre+SG+P3``, ``Ver:PPas+Fem+PL``,
``Adj:InvGen+SG``). They are read into DELAF's parts of speech and codes, so both sources' readings
compare: ``Ver:Inf`` is W, ``Ver:PPre`` G, ``Ver:PPas+Fem+SG`` Kfs, ``Ver:IPre+SG+P3`` P3s;
``InvGen`` is both genders, ``InvPL`` both numbers. Its list of first names (``dict-fr-ABU-prenoms``)
is read as proper nouns.

>>> to_entry("abaissée", "abaisser", "Ver:PPas+Fem+SG").codes
('Kfs',)
>>> to_entry("abaisse", "abaisser", "Ver:IPre+SG+P1:ImPre+SG+P2").codes
('P1s', 'Y2s')
>>> to_entry("porte-monnaie", "porte-monnaie", "Nom:Mas+InvPL").codes
('ms', 'mp')
>>> to_entry("abaissable", "abaissable", "Adj:InvGen+SG").codes
('ms', 'fs')
"""

from __future__ import annotations

from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Iterator

from ..readings import Entry
from .delaf import installed_file

SOURCE = "abu"
DISTRIBUTION = "dict-fr-ABU"
COMMON_WORDS = "dict-fr-ABU-mots_communs"
FIRST_NAMES = "dict-fr-ABU-prenoms"
_POS = {"Nom": "N", "Adj": "A", "Adv": "ADV", "Ver": "V", "Pre": "PREP", "Det": "DET", "Pro": "PRO", "QPro": "PRO",
        "Con": "CONJC", "Conj": "CONJC", "Int": "INTJ", "Ono": "INTJ", "Abr": "X"}  # fmt: skip
_TENSES = {"Inf": "W", "PPre": "G", "PPas": "K", "IPre": "P", "IImp": "I", "IPSim": "J", "IFut": "F", "CPre": "C",
           "SPre": "S", "SImp": "T", "ImPre": "Y"}  # fmt: skip
_GENDERS = {"Mas": "m", "Fem": "f", "InvGen": "mf"}
_NUMBERS = {"SG": "s", "PL": "p", "InvPL": "sp"}
_PERSONS = {"P1": "1", "P2": "2", "P3": "3"}


def _inflection(pos: str, text: str) -> list[str]:
    """One ``+``-joined inflection as DELAF codes: ``IPre+SG+P3`` -> ``P3s``, ``Fem+PL`` -> ``fp``."""
    parts = text.split("+")
    genders = "".join(_GENDERS.get(p, "") for p in parts)
    numbers = "".join(_NUMBERS.get(p, "") for p in parts)
    if pos != "V":
        return [g + n for g in genders or [""] for n in numbers or [""] if g + n]
    tense = _TENSES.get(parts[0])
    if tense is None:
        return []
    if tense in "WG":
        return [tense]
    if tense == "K":
        return [f"K{g}{n}" for g in genders or [""] for n in numbers or [""]]
    persons = "".join(_PERSONS.get(p, "") for p in parts)
    return [f"{tense}{p}{n}" for p in persons or [""] for n in numbers or [""]]


@lru_cache(maxsize=None)
def _tags(tags: str) -> tuple[str, tuple[str, ...]]:
    """A tag text's part of speech and codes, read once (the ABU's 290,000 lines have a few thousand tag texts)."""
    head, *inflections = tags.split(":")
    pos = _POS.get(head, "X")
    codes = [code for text in inflections for code in _inflection(pos, text)]
    return pos, tuple(dict.fromkeys(codes))


def to_entry(form: str, lemma: str, tags: str) -> Entry:
    pos, codes = _tags(tags)
    return tuple.__new__(Entry, (SOURCE, form, lemma or form, pos, (), codes))


def version() -> str:
    return metadata.version(DISTRIBUTION)


class AbuSource:
    """The ABU's common words and first names; ``path`` swaps in another common-words file (tests)."""

    name = DISTRIBUTION

    def __init__(self, path: Path | None = None, first_names: Path | None = None) -> None:
        self.path = path or installed_file(DISTRIBUTION, COMMON_WORDS)
        self.first_names = first_names if path is not None else installed_file(DISTRIBUTION, FIRST_NAMES)
        self.version = version() if path is None else f"file:{self.path.name}"
        with open(self.path, "rb") as f:
            self.total = sum(1 for _ in f)

    def entries(self) -> Iterator[Entry]:
        with open(self.path, encoding="utf-8") as lines:
            for line in lines:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3 and parts[0]:
                    yield to_entry(*parts)
        if self.first_names is not None:
            with open(self.first_names, encoding="utf-8", errors="replace") as names:
                for name in names:
                    if name := name.strip():
                        yield Entry(SOURCE, name, name, "N", ("NPropre",))
