"""How a key's source entries are kept in the artefact: compact lines in zlib blocks.

A key's entries are one text, a line each; ``BLOCK`` keys (by key id) are
compressed together and read back a block at a time. A line leaves out what
the key already says: the form when it is the key in lower case, and the
lemma's common start with the form (most lemmas are their form with another
ending). Layout 1 (artefacts built before) kept each field whole, 64 keys a
block; it is still read, so an old artefact can be upgraded from itself.

>>> e = Entry("dela", "mangeons", "manger", "V", (), ("P1p", "Y1p"))
>>> pack("MANGEONS", e)
'dela\\t\\t3r\\tV\\t\\tP1p:Y1p'
>>> unpack("MANGEONS", pack("MANGEONS", e)) == e
True
"""

from __future__ import annotations

from .readings import Entry

KEY_SEP, ENTRY_SEP = "\x1e", "\n"
BLOCK = {1: 64, 2: 128, 3: 128}  # keys per block, by layout
_COUNT = 48  # the number of letters the lemma drops from the form is written as chr(48 + n): "0" is none


def pack(key: str, entry: Entry) -> str:
    form, lemma = entry.form, entry.lemma
    common = 0
    while common < min(len(form), len(lemma)) and form[common] == lemma[common]:
        common += 1
    stored_form = "" if form == key.lower() else form
    lemma_text = chr(_COUNT + len(form) - common) + lemma[common:]
    return "\t".join((entry.source, stored_form, lemma_text, entry.pos, "+".join(entry.traits), ":".join(entry.codes)))


def unpack(key: str, line: str, layout: int = 2) -> Entry:
    source, form, lemma, pos, traits, codes = line.split("\t")
    if layout >= 2:
        form = form or key.lower()
        lemma = form[: len(form) - (ord(lemma[0]) - _COUNT)] + lemma[1:]
    return Entry(source, form, lemma, pos, tuple(filter(None, traits.split("+"))), tuple(filter(None, codes.split(":"))))
