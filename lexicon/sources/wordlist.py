"""A user's plain word list (one word a line), told apart by what a tagged lexicon knows.

A word the base lexicon knows keeps the base lexicon's readings, so a
conjugated form in the list stays a conjugated form and the table's house rules
decide; a word it does not know is taken as a common word of the user's.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

from ..fold import fold
from ..readings import Entry

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
                yield from known
            else:
                yield Entry(self.name, word, word, USER_POS)
