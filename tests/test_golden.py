"""Whole recorded games under tests/golden/, replayed exactly (python-chess perft, OpenSpiel playthroughs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from brelan.lexicon.store import Store
from brelan.server.games.transcript import Mismatch, Transcript, replay

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_exactly(path: Path, store: Store) -> None:
    transcript = Transcript.parse(path.read_text())
    state = replay(transcript, store.get)  # word games judge with the lexicon their first line names
    whole = transcript.lines[-1].startswith("champions")  # else a set-up that stops mid-game (a rulebook example)
    assert state.is_over == whole
    assert Transcript.parse(transcript.text()) == transcript


def test_a_changed_line_is_found() -> None:
    transcript = Transcript.parse(next(p for p in GOLDEN if p.stem.startswith("poker-champ")).read_text())
    i = next(n for n, line in enumerate(transcript.lines) if line.endswith("wins 3") or " wins " in line)
    bad = Transcript(transcript.variant, transcript.seed, transcript.options,
                     (*transcript.lines[:i], transcript.lines[i] + "0", *transcript.lines[i + 1:]))  # fmt: skip
    with pytest.raises(Mismatch) as e:
        replay(bad)
    assert e.value.line == i + 1


def test_another_seed_gives_another_game() -> None:
    transcript = Transcript.parse(next(p for p in GOLDEN if p.stem.startswith("poker-champ")).read_text())
    with pytest.raises(Mismatch):
        replay(Transcript(transcript.variant, transcript.seed + "x", transcript.options, transcript.lines))
