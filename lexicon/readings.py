"""What a form can be (its readings), and which readings a table admits.

Every source is normalised to :class:`Entry`, with DELAF's part-of-speech and
verb codes (W infinitive, G present participle, K past participle; P I J F C S
T Y conjugated). An entry gives one or more readings, each a (kind, compound)
pair; a key's mask has one bit per pair that some entry of the key gives. A
:class:`Policy` is the mask of pairs a table admits, so admissibility is one
AND and a length check, whatever the house rules.

>>> p = Policy.parse("conjugated,min=2")
>>> str(p), p.conjugated, p.min_length
('conjugated,min=2', True, 2)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Iterator, NamedTuple

from .fold import is_compound


class Kind(enum.IntEnum):
    COMMON = 0
    CONJUGATED = 1
    PROPER = 2
    PRONOUN = 3
    INTERJECTION = 4
    OTHER = 5

    @property
    def label(self) -> str:
        return self.name.lower()


def reading_bit(kind: Kind, compound: bool) -> int:
    return 1 << (kind * 2 + int(compound))


COMMON_POS = frozenset({"N", "A", "ADV", "PREP", "CONJS", "CONJC", "DET", "PREPDET", "PREPADJ", "NDET", "USER"})
PRONOUN_POS = frozenset({"PRO", "PRON", "PREPPRO"})
INTERJECTION_POS = frozenset({"INTJ"})
# Verb codes a table admits by the rulebook: infinitive, both participles.
NONFINITE_CODES = frozenset("WGK")
# A lexicon built on agreement (see agreement.py) marks each entry with who else attests it ("@abu",
# "@wordfreq"), or why it is refused whatever the house rules: "!alone" (its source alone knows it),
# "!slip=cheval" (a form taken for another lemma's). Other lexicons' entries carry neither. "=abu": another source
# gives this very reading (form, lemma, part of speech, codes), and its own entry is not laid out apart.
ATTESTED, REFUSED, REPEATED = "@", "!", "="
ALONE = "!alone"
SLIP = "!slip="


class Entry(NamedTuple):
    """One tagged line of a source: a form with its lemma, POS and codes (a tuple: a build makes a million)."""

    source: str
    form: str
    lemma: str
    pos: str
    traits: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()

    @property
    def refused(self) -> str:
        """Why no house rule admits it ("!alone", "!slip=LEMMA"), or "" (house rules decide)."""
        return next((t for t in self.traits if t.startswith(REFUSED)), "")

    @property
    def attested_by(self) -> tuple[str, ...]:
        """The other sources that attest it (a lexicon built on agreement), e.g. ("abu",)."""
        return tuple(t[1:] for t in self.traits if t.startswith(ATTESTED))

    @property
    def given_by(self) -> tuple[str, ...]:
        """The sources that give this very reading: its own, and those whose repeat of it was not laid out."""
        return (self.source, *(t[1:] for t in self.traits if t.startswith(REPEATED)))

    @property
    def is_proper(self) -> bool:
        return "NPropre" in self.traits or self.form[:1].isupper()

    def readings(self) -> list[tuple[Kind, bool]]:
        """The (kind, compound) pairs this entry gives, without repeats."""
        compound = is_compound(self.form)
        if self.is_proper:
            kinds = [Kind.PROPER]
        elif self.pos == "V":
            kinds = sorted({Kind.COMMON if c[:1] in NONFINITE_CODES else Kind.CONJUGATED for c in self.codes})
            kinds = kinds or [Kind.CONJUGATED]
        elif self.pos in COMMON_POS:
            kinds = [Kind.COMMON]
        elif self.pos in PRONOUN_POS:
            kinds = [Kind.PRONOUN]
        elif self.pos in INTERJECTION_POS:
            kinds = [Kind.INTERJECTION]
        else:
            kinds = [Kind.OTHER]
        return [(k, compound) for k in kinds]

    def mask(self) -> int:
        if self.refused:
            return 0
        m = 0
        for kind, compound in self.readings():
            m |= reading_bit(kind, compound)
        return m


_OPTIONAL_KINDS = {
    "conjugated": Kind.CONJUGATED,
    "proper": Kind.PROPER,
    "pronoun": Kind.PRONOUN,
    "interjection": Kind.INTERJECTION,
    "other": Kind.OTHER,
}
DEFAULT_MIN_LENGTH = 3
MAX_WORD_LENGTH = 64


class PolicyError(ValueError):
    """A house-rule text or value that makes no sense."""


@dataclass(frozen=True, slots=True)
class Policy:
    """A table's house rules for admissible words; the defaults are the rulebook's."""

    conjugated: bool = False
    compound: bool = False
    proper: bool = False
    pronoun: bool = False
    interjection: bool = False
    other: bool = False
    min_length: int = DEFAULT_MIN_LENGTH
    # Computed once: admissibility is on the hot path of every lookup.
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.min_length <= MAX_WORD_LENGTH:
            raise PolicyError(f"min_length must be 1 to {MAX_WORD_LENGTH}, not {self.min_length}")
        object.__setattr__(self, "mask", self._mask())

    def _mask(self) -> int:
        kinds = [Kind.COMMON] + [k for name, k in _OPTIONAL_KINDS.items() if getattr(self, name)]
        compounds = (False, True) if self.compound else (False,)
        m = 0
        for kind in kinds:
            for compound in compounds:
                m |= reading_bit(kind, compound)
        return m

    @property
    def is_rulebook_kinds(self) -> bool:
        """Admits exactly the rulebook's readings (whatever the minimum length)."""
        return self.mask == RULEBOOK_MASK

    def admits(self, mask: int, length: int) -> bool:
        return bool(mask & self.mask) and length >= self.min_length

    def allows(self, kind: Kind, compound: bool) -> bool:
        return bool(reading_bit(kind, compound) & self.mask)

    def __str__(self) -> str:
        flags = [name for name, on in self.iter_flags() if on]
        if self.min_length != DEFAULT_MIN_LENGTH:
            flags.append(f"min={self.min_length}")
        return ",".join(flags) or "rulebook"

    @classmethod
    def parse(cls, text: str) -> Policy:
        """Read the text form: ``rulebook``, ``all`` or flags like ``conjugated,proper,min=2``."""
        values: dict[str, object] = {}
        for token in filter(None, (t.strip().lstrip("+").lower() for t in text.replace(" ", ",").split(","))):
            if token == "rulebook":
                continue
            if token == "all":
                values.update({name: True for name in (*_OPTIONAL_KINDS, "compound")})
            elif token.startswith("min="):
                try:
                    values["min_length"] = int(token[4:])
                except ValueError:
                    raise PolicyError(f"min= takes a whole number, not {token[4:]!r}") from None
            elif token in _OPTIONAL_KINDS or token == "compound":
                values[token] = True
            else:
                names = ", ".join(["rulebook", "all", *_OPTIONAL_KINDS, "compound", "min=N"])
                raise PolicyError(f"unknown house rule {token!r} (known: {names})")
        return cls(**values)  # type: ignore[arg-type]

    def iter_flags(self) -> Iterator[tuple[str, bool]]:
        for f in fields(self):
            if f.type == "bool":
                yield f.name, getattr(self, f.name)


RULEBOOK = Policy()
RULEBOOK_MASK = RULEBOOK.mask
ALL = Policy.parse("all")
