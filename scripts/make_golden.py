"""Record bot games as golden transcripts under tests/golden/ (review them before committing).

    python scripts/make_golden.py poker-champ 3 --option players=3 --option length=long
"""

from __future__ import annotations

import argparse
from pathlib import Path

from brelan.server.games.base import options_dict
from brelan.lexicon.store import Store
from brelan.server.games.registry import playable
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import Transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("seed")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--name", help="file name without .txt (default VARIANT-SEED)")
    parser.add_argument("--data-dir", help="where word games find their lexicon (default: brelan's)")
    args = parser.parse_args()
    variant = playable(args.variant, Store(args.data_dir).get)
    given = dict(o.split("=", 1) for o in args.option)
    options = variant.make_options(given)
    played = play(variant, options, args.seed)
    transcript = Transcript(variant.name, args.seed, {k: v for k, v in options_dict(options).items() if k in given},
                            tuple(played.lines()))  # fmt: skip
    path = GOLDEN / f"{args.name or f'{variant.name}-{args.seed}'}.txt"
    path.write_text(transcript.text())
    print(f"{path}: {len(played.actions)} actions, {played.state.hand_number} hands, {played.state.result}")


if __name__ == "__main__":
    main()
