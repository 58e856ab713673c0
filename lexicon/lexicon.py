"""A compiled lexicon, mapped into memory: lookups, verdicts and explanations.

>>> lex = Lexicon.open(path)                           # doctest: +SKIP
>>> lex.verdict("Mangeons", RULEBOOK).reason           # doctest: +SKIP
'conjugated form of manger (present, 1st plural; imperative, 1st plural): not admitted'
>>> lex.verdict("Mangeons", RULEBOOK).code             # doctest: +SKIP
<Refusal.CONJUGATED_FORM: 'conjugated-form'>
"""

from __future__ import annotations

import enum
import json
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import marisa_trie

from .container import Sections
from .describe import describe, refusal, reject_reason
from .explanations import BLOCK, ENTRY_SEP, KEY_SEP, unpack
from .fold import fold
from .readings import SLIP, Entry, Kind, Policy

ZIPF_SCALE = 10  # build.ZIPF_SCALE: the zipf section keeps a key's Zipf value to a tenth


class Refusal(enum.StrEnum):
    """Why a word is not admitted: one code per cause, each house rule its own (the API's ``WordRefusal``).

    A client words the code in its own language; the verdict's reason says the details in English. Its text,
    in events' text form, is the name in lower case with hyphens. The word games add two causes of their own:
    no word at all, and a word the table's cards do not make.

    >>> Refusal.parse("too-short"), str(Refusal.NOT_ON_TABLE)
    (<Refusal.TOO_SHORT: 'too-short'>, 'not-on-table')
    """

    NO_LETTERS = "no-letters"
    NOT_IN_LEXICON = "not-in-lexicon"
    TOO_SHORT = "too-short"  # shorter than the house rules' least length
    CONJUGATED_FORM = "conjugated-form"  # each house rule that would admit a reading: its own code
    COMPOUND = "compound"
    PROPER_NOUN = "proper-noun"
    PRONOUN = "pronoun"
    INTERJECTION = "interjection"
    OTHER_KIND = "other-kind"  # prefixes, foreign words, phrases (the "other" house rule)
    ONLY_ONE_SOURCE = "only-one-source"  # a lexicon built on agreement: no second source attests it
    SLIP = "slip"  # a lexicon built on agreement: a form taken for another lemma's
    NO_WORD = "no-word"  # a word game: nothing laid or claimed
    NOT_ON_TABLE = "not-on-table"  # a word game: letters the table's cards do not give

    @classmethod
    def parse(cls, text: str) -> Refusal:
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"not a refusal code: {text!r} (known: {', '.join(cls)})") from None


# The code of a reading refused by the house rules alone, by its kind (a common word is refused only as a compound).
KIND_REFUSALS = {
    Kind.CONJUGATED: Refusal.CONJUGATED_FORM, Kind.PROPER: Refusal.PROPER_NOUN, Kind.PRONOUN: Refusal.PRONOUN,
    Kind.INTERJECTION: Refusal.INTERJECTION, Kind.OTHER: Refusal.OTHER_KIND,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Verdict:
    word: str
    key: str
    admissible: bool
    reason: str
    zipf: float = 0.0  # how common the key is (Lexicon.frequency)
    code: Refusal | None = None  # why not, when not admitted (None: admitted, or a quick verdict)


@dataclass(frozen=True, slots=True)
class Reading:
    entry: Entry
    kind: Kind
    compound: bool
    admitted: bool
    description: str
    # A lexicon built on agreement: the other sources that attest this reading, and why no house rule admits it
    # when none does ("!alone": its source alone knows it; "!slip=cheval": taken for a form of cheval).
    attested_by: tuple[str, ...] = ()
    refused: str = ""


class Lexicon:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.manifest: dict = json.loads((path / "manifest.json").read_text())
        self.name: str = self.manifest["name"]
        self.version: str = self.manifest["version"]
        self.layout: int = self.manifest.get("layout", 1)
        self.trie = marisa_trie.Trie()
        self.trie.mmap(str(path / "keys.marisa"))
        self._lookup = self.trie.get  # bound once: admissible() is the hot path of bulk checks
        self.sections = Sections(path / "lexicon.bin")
        if self.layout >= 2:
            self.key_class, self.class_masks = self.sections["key_class"], self.sections["class_masks"]
        else:  # read for an upgrade only: each key's mask is its own class
            self.key_class, self.class_masks = self.sections["masks"], range(1 << 16)
        self._admitted: dict[int, bytes] = {}
        self._explain_offsets = self.sections["explain_offsets"]
        self._explain_blocks = self.sections["explain_blocks"]
        self._per_block = BLOCK[self.layout]
        self._block = lru_cache(maxsize=64)(self._read_block)
        self._zipf = self.sections["zipf"] if "zipf" in self.sections else None

    @classmethod
    def open(cls, path: Path | str) -> Lexicon:
        return cls(Path(path))

    def __len__(self) -> int:
        return len(self.trie)

    def __repr__(self) -> str:
        return f"<Lexicon {self.name} {self.version}: {len(self)} keys>"

    # -- lookups ---------------------------------------------------------
    def key_id(self, key: str) -> int | None:
        return self.trie.get(key)

    def mask_of(self, key_id: int) -> int:
        """The readings (bits of :func:`~.readings.reading_bit`) some entry of the key gives."""
        return self.class_masks[self.key_class[key_id]]

    def admitted_classes(self, policy: Policy) -> bytes:
        """A byte per mask class, 1 where ``policy`` admits the class's readings (the length aside)."""
        table = self._admitted.get(policy.mask)
        if table is None:
            table = self._admitted[policy.mask] = bytes(bool(m & policy.mask) for m in self.class_masks)
        return table

    def admissible(self, key: str, policy: Policy) -> bool:
        """One trie lookup and two array reads: is the folded ``key`` admitted?"""
        key_id = self._lookup(key)
        if key_id is None or len(key) < policy.min_length:
            return False
        return self.admitted_classes(policy)[self.key_class[key_id]] == 1

    def admissible_keys(self, policy: Policy, max_length: int | None = None) -> Iterator[tuple[str, int]]:
        """Every (key, key id) the policy admits, up to ``max_length`` letters, in trie order."""
        admitted, key_class = self.admitted_classes(policy), self.key_class
        for key, key_id in self.trie.iteritems():
            if (max_length is None or len(key) <= max_length) and len(key) >= policy.min_length and admitted[key_class[key_id]]:
                yield key, key_id

    def key_of(self, key_id: int) -> str:
        return self.trie.restore_key(key_id)

    def frequency(self, form: str) -> float:
        """How common a word is: wordfreq's French Zipf value of its folded form, to a tenth; 0.0 when unknown.

        About 7 for the commonest words, 4 for "cheval", 1 for a word seen once in a hundred million; a key's
        value is its most common form's ("porte", "porté"). Read from the artefact, not from wordfreq.
        """
        key_id = self._lookup(fold(form))
        if key_id is None or self._zipf is None:
            return 0.0
        return self._zipf[key_id] / ZIPF_SCALE

    def key_frequency(self, key_id: int) -> float:
        """:meth:`frequency` of a key by its id (searches have the id already)."""
        return 0.0 if self._zipf is None else self._zipf[key_id] / ZIPF_SCALE

    # -- explanations ----------------------------------------------------
    def _read_block(self, block: int) -> list[str]:
        start, end = self._explain_offsets[block], self._explain_offsets[block + 1]
        return zlib.decompress(self._explain_blocks[start:end]).decode().split(KEY_SEP)

    def entries(self, key: str) -> list[Entry]:
        key_id = self.trie.get(key)
        if key_id is None:
            return []
        return self._unpack(key, self._block(key_id // self._per_block)[key_id % self._per_block])

    def all_entries(self) -> Iterator[Entry]:
        """Every source entry, block by block (what an upgrade lays out again)."""
        for block in range(len(self._explain_offsets) - 1):
            for i, text in enumerate(self._read_block(block)):
                yield from self._unpack(self.key_of(block * self._per_block + i), text)

    def _unpack(self, key: str, text: str) -> list[Entry]:
        return [unpack(key, line, self.layout) for line in text.split(ENTRY_SEP)]

    def readings(self, key: str, policy: Policy) -> list[Reading]:
        entries = self.entries(key)
        shown = shared_codes(entries)
        out = []
        for entry in entries:
            refused, told = entry.refused, shown.get(id(entry), entry)
            for kind, compound in entry.readings():
                admitted = not refused and policy.allows(kind, compound) and len(key) >= policy.min_length
                out.append(Reading(entry, kind, compound, admitted, describe(told, kind), entry.attested_by, refused))
        return out

    def quick_verdict(self, word: str, policy: Policy) -> Verdict:
        """:meth:`verdict` without its reason: one fold, one lookup, one mask (for bulk checks)."""
        key = fold(word)
        key_id = self._lookup(key) if key else None
        if key_id is None:
            return Verdict(word, key, False, "")
        admitted = len(key) >= policy.min_length and self.admitted_classes(policy)[self.key_class[key_id]] == 1
        return Verdict(word, key, admitted, "", self.key_frequency(key_id))

    def verdict(self, word: str, policy: Policy) -> Verdict:
        """Whether ``word`` may be laid under ``policy``, with the reason in one line."""
        key = fold(word)
        if not key:
            return Verdict(word, key, False, "no letters", code=Refusal.NO_LETTERS)
        readings = self.readings(key, policy)
        if not readings:
            return Verdict(word, key, False, "not in the lexicon", code=Refusal.NOT_IN_LEXICON)
        zipf = self.frequency(key)
        admitted = [r for r in readings if r.admitted]
        if admitted:
            return Verdict(word, key, True, _join(r.description for r in admitted), zipf)
        if len(key) < policy.min_length:
            return Verdict(word, key, False, f"shorter than {policy.min_length} letters: not admitted", zipf,
                           Refusal.TOO_SHORT)  # fmt: skip
        attested = [r for r in readings if not r.refused]
        if attested:  # the house rules refuse what the sources agree on: say that, not what one source alone says
            why = _join(reject_reason(r.description, r.kind, r.compound) for r in attested)
        else:
            why = _join(refusal(r.entry, r.refused) for r in readings)
        # The code is the first reading's, as the reason starts with it.
        return Verdict(word, key, False, why, zipf, refusal_code((attested or readings)[0], policy))


def refusal_code(reading: Reading, policy: Policy) -> Refusal:
    """Why a reading is not admitted at a long enough key: its sources, else the house rule it needs (a
    compound whose kind is admitted needs the compound rule; else its kind's rule)."""
    if reading.refused:
        return Refusal.SLIP if reading.refused.startswith(SLIP) else Refusal.ONLY_ONE_SOURCE
    if reading.compound and policy.allows(reading.kind, False):
        return Refusal.COMPOUND
    return KIND_REFUSALS[reading.kind]


def _join(parts) -> str:  # type: ignore[no-untyped-def]
    return "; ".join(dict.fromkeys(parts))


def shared_codes(entries: list[Entry]) -> dict[int, Entry]:
    """Where sources disagree on a word's grammar, the readings they share: for an attested entry whose codes no
    other source gives to the same word (kind and lemma) while others agree on some, the entry told with theirs,
    by ``id(entry)`` (so PORTEMONNAIE, feminine in DELA alone, is told masculine as the ABU and DELA's
    porte-monnaie say). Entries of one source only change nothing."""
    from .agreement import kind_of  # (agreement reads the sources; a lexicon needs it only to explain)

    votes: dict[tuple[str, str], dict[str, set[str]]] = {}
    for e in entries:
        if not e.refused:
            group = votes.setdefault((kind_of(e), fold(e.lemma)), {})
            for code in e.codes:  # a reading two sources give, laid out once, is their two votes
                group.setdefault(code, set()).update(e.given_by)
    out = {}
    for e in entries:
        if e.refused or not e.codes:
            continue
        others = [c for c, sources in votes[(kind_of(e), fold(e.lemma))].items() if sources - {e.source}]
        if others and not set(others).intersection(e.codes):
            out[id(e)] = Entry(e.source, e.form, e.lemma, e.pos, e.traits, tuple(others))
    return out
