"""Coloured dice and the bag they are drawn from, and the best five of up to seven dice.

A die shows a face 1-6 and one of four colours (r b w y); its text is ``4y``.
The bag holds 20 dice, 5 of each colour, drawn without replacement: each
physical die keeps an identity (0-19) so tests can check that none is ever in
two places.

>>> d = Die.parse("4y")
>>> d.face, d.colour, str(d)
(4, 'y', '4y')
>>> v = evaluate([Die.parse(t) for t in "1r 2b 3w 4y 5r 5b 5w".split()])
>>> describe(v).slug, describe(v).name_fr
('straight', 'Quinte')
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from .base import Back, TextError

COLOURS = "rbwy"
COLOUR_NAMES = {"r": "red", "b": "black", "w": "white", "y": "yellow"}
PER_COLOUR = 5
BAG_SIZE = PER_COLOUR * len(COLOURS)


@dataclass(frozen=True, order=True)
class Die:
    face: int
    colour: str
    ident: int = -1  # which physical die (0-19), -1 when read from text; not part of the text

    def __str__(self) -> str:
        return f"{self.face}{self.colour}"

    @classmethod
    def parse(cls, text: str) -> Die:
        if len(text) != 2 or text[0] not in "123456" or text[1] not in COLOURS:
            raise TextError(f"not a die: {text!r} (face 1-6 then colour r, b, w or y: 4y)")
        return cls(int(text[0]), text[1])

    @property
    def code(self) -> int:
        return (self.face - 1) * 4 + COLOURS.index(self.colour)


HiddenDie = Back  # the others see ??


class Bag:
    """The 20 dice; ``draw`` takes one at random and rolls it."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.inside = list(range(BAG_SIZE))
        rng.shuffle(self.inside)

    def draw(self) -> Die:
        ident = self.inside.pop()
        return Die(self.rng.randint(1, 6), COLOURS[ident // PER_COLOUR], ident)

    def reroll(self, die: Die) -> Die:
        return Die(self.rng.randint(1, 6), die.colour, die.ident)


class StackedDice(random.Random):
    """An RNG that makes the bag give these dice first, in draw order, then plays fair from the seed.

    The script is dice drawn (``4y``) and, for a die rolled again without a
    draw (the flop reroll), its new face alone (``2``). For set-ups: the
    rulebook's worked example, a teaching hand, a test.

    >>> rng = StackedDice.parse("1r 2b 6w 3")
    >>> rng.colours, rng.faces
    (['r', 'b', 'w'], [1, 2, 6, 3])
    """

    def __init__(self, colours: Sequence[str], faces: Sequence[int], seed: str = "") -> None:
        super().__init__(seed)
        self.faces = list(faces)
        self.colours = list(colours)

    @classmethod
    def parse(cls, script: str, seed: str = "") -> StackedDice:
        colours, faces = [], []
        for token in script.split():
            if len(token) == 1 and token in "123456":
                faces.append(int(token))
            else:
                die = Die.parse(token)
                colours.append(die.colour)
                faces.append(die.face)
        return cls(colours, faces, seed)

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        super().shuffle(x)
        if not self.colours:
            return
        drawn = []  # the scripted colours come off the end of the bag first
        rest = list(x)
        for colour in self.colours:
            ident = next((i for i in rest if COLOURS[i // PER_COLOUR] == colour), None)
            if ident is None:
                raise ValueError(f"the script draws more {COLOUR_NAMES[colour]} dice than the bag's {PER_COLOUR}")
            rest.remove(ident)
            drawn.append(ident)
        x[:] = rest + drawn[::-1]
        self.colours = []

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)


# -- ranking ------------------------------------------------------------------------------

(HIGH_DICE, PAIR, TWO_PAIRS, TRIPS, FULL_HOUSE, STRAIGHT, FOUR, FLUSH, YAHTZEE, STRAIGHT_FLUSH,
 FLUSH_YAHTZEE) = range(11)  # fmt: skip
SLUGS = ("high-dice", "pair", "two-pairs", "trips", "full-house", "straight", "four", "flush", "yahtzee",
         "straight-flush", "flush-yahtzee")  # fmt: skip
NAMES_EN = ("High dice", "Pair", "Two pair", "Three of a kind", "Full house", "Straight", "Four of a kind",
            "Flush", "Yahtzee", "Straight flush", "Flush Yahtzee")  # fmt: skip
NAMES_FR = ("Dés hauts", "Paire", "Deux paires", "Brelan", "Full", "Quinte", "Carré", "Couleur", "Yahtzee",
            "Quinte flush", "Flush Yahtzee")  # fmt: skip

Value = tuple[int, tuple[int, ...], int]  # category, faces in tie-break order, most dice of one colour


@lru_cache(maxsize=None)
def _five(codes: tuple[int, ...]) -> Value:
    faces = sorted((c // 4 + 1 for c in codes), reverse=True)
    colours = [c % 4 for c in codes]
    most_colour = max(colours.count(c) for c in set(colours))
    counts = {f: faces.count(f) for f in set(faces)}
    groups = sorted(counts.items(), key=lambda fc: (fc[1], fc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(f for f, n in groups for _ in range(n))  # the groups first, then the rest, highest first
    flush = most_colour == 5
    straight = len(counts) == 5 and faces[0] - faces[4] == 4  # 1-5 or 2-6
    if shape == [5]:
        category = FLUSH_YAHTZEE if flush else YAHTZEE
    elif straight:
        category = STRAIGHT_FLUSH if flush else STRAIGHT
    elif flush:
        category = FLUSH
    elif shape == [4, 1]:
        category = FOUR
    elif shape == [3, 2]:
        category = FULL_HOUSE
    elif shape == [3, 1, 1]:
        category = TRIPS
    elif shape == [2, 2, 1]:
        category = TWO_PAIRS
    elif shape == [2, 1, 1, 1]:
        category = PAIR
    else:
        category = HIGH_DICE
    return category, order, most_colour


def evaluate(dice: Sequence[Die]) -> Value:
    """The best five of five to seven dice, as a value that compares: higher is better.

    Ties: the category, then the faces (the hand's groups, then the rest, highest
    first), then the most dice of one colour; equal values split the pot.
    """
    codes = sorted(d.code for d in dice)
    if len(codes) <= 5:
        return _five(tuple(codes))
    return max(_five(five) for five in itertools.combinations(codes, 5))


@dataclass(frozen=True)
class DiceHand:
    category: int
    faces: tuple[int, ...]
    colour: int

    @property
    def slug(self) -> str:
        return SLUGS[self.category]

    @property
    def name_en(self) -> str:
        return NAMES_EN[self.category]

    @property
    def name_fr(self) -> str:
        return NAMES_FR[self.category]


def describe(value: Value) -> DiceHand:
    return DiceHand(*value)


def parse_dice(text: str) -> list[Die]:
    return [Die.parse(t) for t in text.split()]


def dice_text(dice: Iterable[Die]) -> str:
    return " ".join(map(str, dice))
