"""Plain-English descriptions of readings, for ``explain`` and verdict reasons.

>>> from brelan.lexicon.readings import Entry, Kind
>>> describe(Entry("dela", "mangeons", "manger", "V", ("z1",), ("P1p", "Y1p")), Kind.CONJUGATED)
'conjugated form of manger (present, 1st plural; imperative, 1st plural)'
>>> describe(Entry("dela", "porté", "porter", "V", (), ("Kms",)), Kind.COMMON)
'past participle of porter (masculine singular)'
"""

from __future__ import annotations

from functools import cache

from .fold import is_compound
from .readings import NONFINITE_CODES, SLIP, Entry, Kind

POS_NAMES = {
    "N": "noun", "A": "adjective", "ADV": "adverb", "PREP": "preposition", "CONJS": "conjunction",
    "CONJC": "conjunction", "DET": "determiner", "PREPDET": "contracted determiner",
    "PREPADJ": "contracted adjective", "NDET": "determiner noun", "PRO": "pronoun", "PRON": "pronoun",
    "PREPPRO": "contracted pronoun", "INTJ": "interjection", "PFX": "prefix", "X": "foreign word",
    "XI": "foreign word part", "GN": "noun phrase", "GNP": "noun phrase", "GNPX": "noun phrase",
    "PCDN3": "prepositional phrase", "V": "verb", "USER": "word of the user's list",
}  # fmt: skip
TENSES = {
    "W": "infinitive", "G": "present participle", "K": "past participle", "P": "present", "I": "imperfect",
    "J": "simple past", "F": "future", "C": "conditional", "S": "present subjunctive",
    "T": "imperfect subjunctive", "Y": "imperative",
}  # fmt: skip
PERSONS = {"1": "1st", "2": "2nd", "3": "3rd"}
NUMBERS = {"s": "singular", "p": "plural"}
GENDERS = {"m": "masculine", "f": "feminine"}


@cache
def code_text(code: str, verb: bool = True) -> str:
    """``P1p`` -> '1st plural', ``Kfs`` -> 'feminine singular' (a verb code's tense is said apart); ``mp`` -> 'masculine plural'."""
    rest = code[1:] if verb else code
    words = [PERSONS[c] for c in rest if c in PERSONS]
    words += [GENDERS[c] for c in rest if c in GENDERS]
    words += [NUMBERS[c] for c in rest if c in NUMBERS]
    return " ".join(words)


def _verb(entry: Entry, kind: Kind) -> str:
    head, tail = _verb_words(entry.codes, kind is Kind.COMMON)
    return f"{head}{entry.lemma}{tail}"


@cache
def _verb_words(codes: tuple[str, ...], nonfinite: bool) -> tuple[str, str]:
    """What is said before and after the lemma for these codes (a few hundred code sets: said once each)."""
    codes = tuple(c for c in codes if nonfinite == (c[:1] in NONFINITE_CODES))
    if nonfinite:
        tense = TENSES[codes[0][0]] if codes else "form"
        details = [code_text(c) for c in codes if code_text(c)]
        tail = f" ({', '.join(dict.fromkeys(details))})" if details else ""
        return ("infinitive ", "") if tense == "infinitive" else (f"{tense} of ", tail)
    parts = [f"{TENSES.get(c[:1], c)}, {code_text(c)}".rstrip(", ") for c in codes]
    return "conjugated form of ", f" ({'; '.join(dict.fromkeys(parts))})"


def describe(entry: Entry, kind: Kind) -> str:
    if entry.pos == "V" and kind in (Kind.COMMON, Kind.CONJUGATED):
        text = _verb(entry, kind)
    else:
        text = POS_NAMES.get(entry.pos, entry.pos.lower())
        if kind is Kind.PROPER:
            text = f"proper noun {entry.form}"
        elif entry.lemma and entry.lemma != entry.form:
            text += f", form of {entry.lemma}"
        details = ", ".join(dict.fromkeys(filter(None, (code_text(c, verb=False) for c in entry.codes))))
        text += f" ({details})" if details else ""
    if is_compound(entry.form) and kind is not Kind.PROPER:
        text = f"{text}, written {entry.form!r}"
    return text


SOURCE_NAMES = {"dela": "DELA", "abu": "ABU", "wordfreq": "wordfreq", "grammalecte": "Grammalecte"}


def source_name(source: str) -> str:
    """How a source is named to players: "dela" -> DELA, "abu" -> ABU."""
    return SOURCE_NAMES.get(source, source)


def refusal(entry: Entry, refused: str) -> str:
    """Why a lexicon built on agreement admits no reading of an entry: "only in DELA: not admitted by default"."""
    if refused.startswith(SLIP):
        return f"{describe(entry, entry.readings()[0][0])}: a slip for {refused[len(SLIP):]}: not admitted"
    return f"only in {source_name(entry.source)}: not admitted by default"


def reject_reason(description: str, kind: Kind, compound: bool) -> str:
    why = {
        Kind.CONJUGATED: "not admitted",
        Kind.PROPER: "proper nouns not admitted",
        Kind.PRONOUN: "pronouns not admitted",
        Kind.INTERJECTION: "interjections not admitted",
        Kind.OTHER: "not admitted",
    }.get(kind, "not admitted")
    if compound and kind is Kind.COMMON:
        why = "compound words not admitted"
    elif compound:
        why = f"compound; {why}"
    return f"{description}: {why}"
