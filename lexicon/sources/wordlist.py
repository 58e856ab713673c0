"""A user's plain word list (one word a line), told apart by what a tagged lexicon knows.

A word the base lexicon knows keeps the base lexicon's readings, so a
conjugated form in the list stays a conjugated form and the table's house rules
decide (and a refusal is explained by the base's readings); a word it does not
know is taken as a common word of the user's. The list is the club's authority:
a listed word the base refuses whatever the house rules (a word only DELA has,
in fr-agreed) is attested by the list (``@words:FILE``), the base's readings kept.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from ..fold import fold
from ..readings import ATTESTED, REFUSED, Entry

if TYPE_CHECKING:
    from ..lexicon import Lexicon

USER_POS = "USER"


class WordListSource:
    def __init__(self, path: Path, base: Lexicon | None) -> None:
        self.path = path
        self.base = base
        self.name = f"words:{path.name}"
        with open(path, encoding="utf-8") as f:
            self.words = [w.strip() for w in f if w.strip() and not w.lstrip().startswith("#")]
        self.total = len(self.words)
        self.version = hashlib.sha256("\n".join(self.words).encode()).hexdigest()[:12]

    def entries(self) -> Iterator[Entry]:
        for word in self.words:
            known = self.base.entries(fold(word)) if self.base is not None else []
            if known:
                for entry in known:
                    traits = tuple(t for t in entry.traits if t[:1] not in (ATTESTED, REFUSED))
                    yield entry._replace(traits=(*traits, ATTESTED + self.name))
            else:
                yield Entry(self.name, word, word, USER_POS)
