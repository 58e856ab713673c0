"""Grammalecte's French dictionary (Debian's ``python3-grammalecte``), optional.

The dictionary is a compressed graph that only Grammalecte's own code reads,
and Debian installs that code for the system Python, so we ask that Python for
the entries (``flexion\\tlemma\\ttags``) and map the tags onto DELAF's:
``:Y`` infinitive -> W, ``:P`` present participle -> G, ``:Q`` past
participle -> K, ``:M1 :M2 :MP`` proper nouns, other verb tags conjugated.

>>> to_entry("porté", "porter", ":V1__tnq__a:Q:A:1ŝ:m:s/*").codes
('Kms',)
>>> to_entry("mangeons", "manger", ":V1_it_x__a:Ip:1p/*").codes
('P1p',)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from typing import Iterator

from ..readings import Entry

SOURCE = "grammalecte"
DICTIONARY = "fr-allvars.json"
_DUMP = f"""
import sys
from grammalecte.graphspell.ibdawg import IBDAWG
d = IBDAWG({DICTIONARY!r})
out = sys.stdout
out.write(d.sDate + "\\n")
for flexion, lemma, tags in d.select():
    out.write(flexion + "\\t" + lemma + "\\t" + tags + "\\n")
"""
_TENSES = {"Y": "W", "P": "G", "Q": "K", "Ip": "P", "Iq": "I", "Is": "J", "If": "F", "K": "C", "Sp": "S", "Sq": "T", "E": "Y"}
_PERSONS = {"1s", "2s", "3s", "1p", "2p", "3p", "1ŝ", "1ś"}
_POS = {"N": "N", "A": "A", "W": "ADV", "T": "N", "B": "DET", "J": "INTJ", "R": "PREP", "X": "ADV", "U": "ADV"}


def _pos(token: str) -> tuple[str, tuple[str, ...]]:
    if token in ("M1", "M2", "MP"):
        return "N", ("NPropre",)
    if token in _POS:
        return _POS[token], ()
    head = token[:1]
    if head == "D":
        return "DET", ()
    if head == "O":
        return "PRO", ()
    if head == "C":
        return ("CONJC" if token == "Cc" else "CONJS"), ()
    if head == "Z":
        return "PFX", ()
    return "X", ()


def to_entry(flexion: str, lemma: str, tags: str) -> Entry:
    tokens = [t for t in tags.split("/")[0].split("#")[0].split(":") if t]
    tokens = [t for t in tokens if t != "G"] or ["X"]
    if not tokens[0].startswith("V"):
        pos, traits = _pos(tokens[0].split(";")[0])
        return Entry(SOURCE, flexion, lemma, pos, traits)
    tenses = [_TENSES[t] for t in tokens[1:] if t in _TENSES]
    persons = [t[0] + ("s" if t[1] in "sŝś" else "p") for t in tokens[1:] if t in _PERSONS]
    genders = [t for t in tokens[1:] if t in ("m", "f", "e")]
    numbers = [t for t in tokens[1:] if t in ("s", "p", "i")]
    codes: list[str] = []
    for tense in tenses:
        if tense in "WG":
            codes.append(tense)
        elif tense == "K":
            codes += [f"K{g}{n}".replace("e", "").replace("i", "") for g in genders or [""] for n in numbers or [""]]
        else:
            codes += [tense + p for p in persons] or [tense]
    return Entry(SOURCE, flexion, lemma, "V", (), tuple(dict.fromkeys(codes)))


@cache
def interpreter() -> str | None:
    """A Python that can import Grammalecte, or None when it is not installed."""
    candidates = [os.environ.get("BRELAN_GRAMMALECTE_PYTHON"), sys.executable, "/usr/bin/python3", shutil.which("python3")]
    for python in dict.fromkeys(c for c in candidates if c):
        try:
            probe = subprocess.run(
                [python, "-c", "import grammalecte.graphspell.ibdawg"], capture_output=True, timeout=30
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if probe.returncode == 0:
            return python
    return None


def available() -> bool:
    return interpreter() is not None


class GrammalecteSource:
    name = "grammalecte fr-allvars"

    def __init__(self) -> None:
        python = interpreter()
        if python is None:
            raise FileNotFoundError("Grammalecte is not installed (Debian: apt-get install python3-grammalecte)")
        self._python = python
        self.version = ""
        self.total = 520_000  # entries, for the progress bar; the dump does not say beforehand

    def entries(self) -> Iterator[Entry]:
        with subprocess.Popen([self._python, "-c", _DUMP], stdout=subprocess.PIPE, text=True, encoding="utf-8") as proc:
            assert proc.stdout is not None
            self.version = proc.stdout.readline().strip()
            for line in proc.stdout:
                flexion, lemma, tags = line.rstrip("\n").split("\t")
                if not tags.startswith(":@"):  # punctuation and symbols
                    yield to_entry(flexion, lemma, tags)
        if proc.returncode:
            raise RuntimeError(f"reading Grammalecte's dictionary failed (exit {proc.returncode})")
