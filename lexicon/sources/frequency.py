"""How common a word is: the ``wordfreq`` package's French list (its data ship in the wheel; read at build time only).

A form's frequency is its Zipf value, log10 of its count per billion words: about 7 for the
commonest words ("de"), 4 for "cheval", 1 for a word seen once in a hundred million, 0 for a
word the list does not have. A key's is the highest of its forms' ("porte", "porté"). The other
languages' lists tell a word French texts borrow (POX, PASOS, TREND) from a French one.

>>> zipf("chevaux") > zipf("chevau") > 0 == zipf("thameng")
True
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Iterable

DISTRIBUTION = "wordfreq"
LANGUAGE = "fr"
WORDLIST = "large"
# Languages whose words French texts borrow most (a word more common in one of them is taken as foreign).
FOREIGN = ("en", "es", "it", "de", "pt", "nl")


@cache
def table(language: str = LANGUAGE) -> dict[str, float]:
    """Every word of ``language``'s list (lower case, accents kept) and its Zipf value.

    wordfreq keeps its words by centibel: the list's n-th bucket holds the words of frequency 10^(-n/100),
    Zipf 9 - n/100 (what ``wordfreq.zipf_frequency`` answers for a single word, to the hundredth).
    """
    import wordfreq

    words: dict[str, float] = {}
    buckets = wordfreq.get_frequency_list(language, WORDLIST)
    for n in range(len(buckets) - 1, -1, -1):  # the rarest first: a word in two buckets keeps its commonest
        if buckets[n]:
            words.update(dict.fromkeys(buckets[n], round(9 - n / 100, 2)))
    return words


def zipf(form: str, language: str = LANGUAGE) -> float:
    """A form's Zipf value in ``language`` (0.0 when the list does not have it)."""
    return table(language).get(form.lower(), 0.0)


def zipf_of(forms: Iterable[str]) -> float:
    """The highest Zipf value of some forms (a key's: the forms that fold to it)."""
    words = table()
    return max((words.get(f.lower(), 0.0) for f in forms), default=0.0)


def foreign_zipf(form: str) -> float:
    """The form's highest Zipf value in the other languages of :data:`FOREIGN`."""
    word = form.lower()
    return max(table(language).get(word, 0.0) for language in FOREIGN)


def version() -> str:
    return metadata.version(DISTRIBUTION)
