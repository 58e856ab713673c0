"""Bot levels against each other (issue 41): every game and mode, each level against uniform random play and against
the level below, over seeded games.

    python bench/bench_bots.py [--quick] [--json] [--games N] [--game NAME] [--mode MODE] [--level LEVEL]
                               [--data-dir DIR]

The baseline is uniform random play among the legal moves, measured in the same run (a whole Chinese poker hand: any
arrangement of its cards, the engine listing only the solver's; see :func:`random_chinese`): a level's seat (its
team, in belote) against seats of random play, then against seats of the level below, the same seeded deals for every
pairing, the level's seat moving round the table from game to game. Printed for each pairing: the share of the
games the level won (a game won with others shares the win) beside a fair share (1 / seats, 1/2 for a team), the
share of its hands fouled (Chinese poker), of its decisions that folded where it could (the betting games), and
its decision time p50/p99 (CPU time: the machine is shared, and a wall clock there counts the others' work).
Goals: each level beats the one below; the strong level wins at least 80% against random play; Chinese poker fouls
at most 3%; a decision at most 100 ms at p99 (the table decides off its event loop, so a longer search holds no
other table).

Then bataille against a simulated person (``--person-zipf``): one who knows the words of that Zipf value or more
(the common ones), claims the one of them it sees first on the table, and takes as long over a card or a word as
the pace module says of a person (its intermediate pace, at the table's default reaction); each bot level, at its
own pace, races it for the claims. Printed: the share of the admitted claims the person made (the goal: about half
against the intermediate level).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.store import Store
from brelan.server.games import pace
from brelan.server.games.base import Bot, Variant
from brelan.server.games.bataille_bot import claims, known_claims, quickest
from brelan.server.games.chinese_rows import Placement
from brelan.server.games.levels import INTERMEDIATE, LEVEL_NAMES, uniform
from brelan.server.games.registry import MODES, playable
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import game_rng
from brelan.server.games.word_games import Admitted

RANDOM = "random"
# Ways of playing the registry's modes leave out, each with a bench of its own: DAKER's round where the worst hand wins.
MORE_MODES = [("daker", "round worst", {"mode": "round", "players": "3", "wins": "worst"})]
FOLDS = "fold"
FOULING = "chinese"  # the game whose hands foul
RACED = "alphapoker-bataille"  # the game raced against a simulated person
PERSON_ZIPF = 3.0  # a person who knows the common words: about once in a million words read, or more
PERSON_PACE = INTERMEDIATE  # the pace module's person at the table's default reaction: a card in 4.5 s
REACTION = 2.0  # the table's default reaction option (seconds)


@dataclass
class Tally:
    """A pairing's figures over its games."""

    games: int = 0
    won: float = 0.0  # the level's share of the wins, summed over games
    fair: float = 0.0  # its fair share, summed
    hands: int = 0  # its hands played (Chinese poker)
    fouls: int = 0
    could_fold: int = 0  # its decisions where fold was legal
    folds: int = 0
    seconds: list[float] = field(default_factory=list)  # each of its decisions'

    def row(self, game: str, mode: str, level: str, opponent: str, took: float) -> dict[str, Any]:
        times = sorted(self.seconds) or [0.0]
        row: dict[str, Any] = {"game": game, "mode": mode, "level": level, "opponent": opponent, "games": self.games,
                               "win_rate": round(self.won / self.games, 3), "fair": round(self.fair / self.games, 3)}
        if self.hands:
            row["foul_rate"] = round(self.fouls / self.hands, 3)
        if self.could_fold:
            row["fold_rate"] = round(self.folds / self.could_fold, 3)
        return row | {"decisions": len(self.seconds), "p50_ms": round(statistics.median(times) * 1000, 2),
                      "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1000, 2), "seconds": round(took, 1)}


def random_chinese(view: Any, legal: Sequence[str], rng: random.Random) -> str:
    """Uniform random play in Chinese poker. A whole hand (classic, fantasyland) may be set any way its cards allow,
    but the engine lists one set (the solver's) beside surrender: uniform among the sets it allows is a random
    arrangement of the cards (every one as likely; surrender one move among them all). Open-face streets list every
    placement."""
    seat = view.seat
    if not (view.style == "classic" or view.fantasy[seat]):
        return uniform(view, legal, rng)
    cards = list(view.held[seat])
    ways = math.factorial(len(cards)) // (math.factorial(5) ** 2 * math.factorial(3) * math.factorial(len(cards) - 13))
    if "surrender" in legal and rng.randrange(ways + 1) == 0:
        return "surrender"
    rng.shuffle(cards)
    return f"place {Placement(tuple(cards[:5]), tuple(cards[5:10]), tuple(cards[10:13]), tuple(cards[13:]))}"


RANDOM_PLAY = {FOULING: random_chinese}  # a game whose legal moves do not list all its moves: its random play


def heroes(variant: Variant, seats: int, g: int) -> set[int]:
    """The level's seats in game ``g``: one seat, moving round the table; in belote, a team (partners opposite)."""
    if variant.facts.team_size:
        return set(range(g % 2, seats, 2))
    return {g % seats}


def timed(bot: Bot, tally: Tally) -> Bot:
    """``bot``, its decisions timed and its folds counted in ``tally``."""

    def decide(view: Any, legal: Sequence[str], rng: random.Random) -> str:
        began = time.process_time()
        move = bot(view, legal, rng)
        if move:  # "": a real-time bot that sees nothing to claim, no decision
            tally.seconds.append(time.process_time() - began)
            tally.could_fold += FOLDS in legal
            tally.folds += move == FOLDS
        return move

    return decide


def pairing(variant: Variant, options: Any, mode: str, level: str, opponent: str, games: int) -> Tally:
    tally = Tally()
    seats = variant.seats(options)
    randomly = RANDOM_PLAY.get(variant.name, uniform)
    for g in range(games):
        mine = heroes(variant, seats, g)
        players = [timed(variant.new_bot(level), tally) if s in mine else randomly if opponent == RANDOM
                   else variant.new_bot(opponent) for s in range(seats)]  # fmt: skip
        played = play(variant, options, f"bench-bots/{variant.name}/{mode}/{g}", players=players)
        champions = played.state.champions
        tally.games += 1
        tally.won += len(mine & set(champions)) / len(champions) if champions else 0.0
        tally.fair += len(mine) / seats
        if variant.name == FOULING:  # every seat finishes a board each hand, and "p0 fouls" says it fouled
            tally.hands += played.state.hand_number * len(mine)
            tally.fouls += sum(1 for e in played.events if str(e) in {f"p{s} fouls" for s in mine})
    return tally


def person(view: Any, legal: Sequence[str], lexicon: Lexicon, zipf: float) -> str:
    """A simulated person's move in bataille: a claim of the word it sees first among those it knows on the table
    (Zipf ``zipf`` or more; the quickest at its pace, the best of those as quick), else its card or its pass ("":
    nothing to do)."""
    if claims(legal):
        known = known_claims(view, lexicon, lambda word: lexicon.frequency(word) >= zipf)
        if known:
            return quickest(known, lexicon, PERSON_PACE, REACTION)
    return next((a for a in legal if a in ("lay", "pass")), "")


def person_seconds(move: str, lexicon: Lexicon) -> float:
    word = move.split()[-1] if move.startswith("claim") else ""
    return pace.seconds(PERSON_PACE, move, REACTION, lexicon.frequency(word) if word else pace.COMMON)


def claim_race(variant: Variant, options: Any, lexicon: Lexicon, level: str, zipf: float,
               games: int) -> tuple[int, int]:  # fmt: skip
    """The claims a simulated person and a bot of ``level`` had admitted over seeded bataille games: at each change
    of the table each decides its move, and the one whose move takes the less time (each at its pace, from that
    change) makes it."""
    made = [0, 0]  # the person's, the bot's
    for g in range(games):
        state = variant.new_game(options, game_rng(f"bench-bots/person/{g}"))
        rng, mine = random.Random(f"person/{g}"), g % 2  # the person's seat, moving round the table
        bot = variant.new_bot(level)
        while not state.is_over:
            moves = []
            for seat in sorted({*state.pending(), *state.claimants()}):
                view = state.view(seat)
                if seat == mine:
                    move = person(view, view.legal, lexicon, zipf)
                    took = person_seconds(move, lexicon) if move else 0.0
                else:
                    move = bot(view, view.legal, rng)
                    # a word game's bot tells its pace (word_games.WithLexicon.seconds); Bot's type does not say so
                    took = getattr(bot, "seconds")(view, move, REACTION) if move else 0.0
                if move:
                    moves.append((took, rng.random(), seat, move))
            if not moves:
                raise RuntimeError(f"{variant.name} game {g}: nobody moves")
            _, _, seat, move = min(moves)
            for event in state.apply(seat, variant.parse_action(move)):
                if isinstance(event, Admitted):
                    made[event.seat != mine] += 1
    return made[0], made[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="seeded games per pairing (default 40; --quick 8)")
    parser.add_argument("--quick", action="store_true", help="a small run: 8 games per pairing")
    parser.add_argument("--json", action="store_true", help="one JSON object per pairing, a line each")
    parser.add_argument("--game", action="append", default=[], metavar="NAME", help="only this game (repeatable)")
    parser.add_argument("--mode", action="append", default=[], metavar="MODE",
                        help="only this mode of the games (repeatable): chinese's classic, ofc, pineapple, progressive")
    parser.add_argument("--level", action="append", default=[], metavar="LEVEL",
                        help="only this level's pairings (repeatable): against random play and the level below")
    parser.add_argument("--data-dir", help="where the lexicons are (default: brelan's)")
    parser.add_argument("--person-zipf", type=float, default=PERSON_ZIPF,
                        help=f"the least Zipf value of a word the simulated person knows (default {PERSON_ZIPF})")
    args = parser.parse_args()
    games = args.games or (8 if args.quick else 40)
    store = Store(args.data_dir)
    if not args.json:
        print(f"bots by level, {games} seeded games a pairing: the level's seat against the opponent's at the others")
        print(f"  {'game':<26} {'mode':<12} {'level':<13} {'opponent':<13} {'won':>6} {'fair':>5} {'fouls':>6} "
              f"{'folds':>6} {'p50 ms':>7} {'p99 ms':>7}")
    for name, mode, options in [*MODES, *MORE_MODES]:
        if (args.game and name not in args.game) or (args.mode and mode not in args.mode):
            continue
        variant = playable(name, store.get)
        parsed = variant.make_options(options)
        variant.warm()
        for i, level in enumerate(LEVEL_NAMES):
            if args.level and level not in args.level:
                continue
            for opponent in (RANDOM, *LEVEL_NAMES[i - 1:i]):
                began = time.perf_counter()
                row = pairing(variant, parsed, mode, level, opponent, games).row(name, mode, level, opponent,
                                                                                 time.perf_counter() - began)
                if args.json:
                    print(json.dumps(row), flush=True)
                    continue
                fouls = f"{row['foul_rate']:.1%}" if "foul_rate" in row else "-"
                folds = f"{row['fold_rate']:.1%}" if "fold_rate" in row else "-"
                print(f"  {name:<26} {mode or '-':<12} {level:<13} {opponent:<13} {row['win_rate']:>6.1%} "
                      f"{row['fair']:>5.2f} {fouls:>6} {folds:>6} {row['p50_ms']:>7.2f} {row['p99_ms']:>7.2f}",
                      flush=True)  # fmt: skip
    if args.game and RACED not in args.game:
        return
    variant = playable(RACED, store.get)
    options = variant.make_options({})  # the table's defaults: its lexicon and house rules
    lexicon = store.get(options.lexicon)
    if not args.json:
        print(f"bataille against a person who knows the words of Zipf {args.person_zipf} or more, at a person's pace "
              f"(reaction {REACTION} s), {games} seeded games a level: the person's share of the admitted claims")
    for level in LEVEL_NAMES:
        mine, theirs = claim_race(variant, options, lexicon, level, args.person_zipf, games)
        share = mine / max(mine + theirs, 1)
        if args.json:
            print(json.dumps({"game": RACED, "mode": "person", "level": level, "opponent": "person",
                              "person_zipf": args.person_zipf, "games": games, "person_claims": mine,
                              "bot_claims": theirs, "person_share": round(share, 3),
                              "win_rate": round(1 - share, 3)}), flush=True)  # the bot's: its share of the claims
        else:
            print(f"  {level:<13} person {mine:>4} claims, bot {theirs:>4}: the person's share {share:.1%}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
