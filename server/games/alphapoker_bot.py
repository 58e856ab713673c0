"""AlphaPoker's bots, by level: each exchanges towards its best word and lays it; they bet apart.

- beginner: the intermediate's play, but one betting decision in four at random among those listed, and the
  words a beginner knows (:mod:`.vocabulary`);
- intermediate: exchanges towards and lays the best word it knows, and bets by its score against what a hand of
  this size usually makes (below);
- strong: bets by its chance to win: the hands the others may hold drawn from the cards it has not seen, each
  laying its best word (:func:`win_chance`); it folds a word unlikely to win, calls by the pot odds, and raises
  a word likely to win.

The intermediate's play:

Exchange: keep the cards of the best word the hand lays now (so the word can
only get better) and discard the others, the letters that make fewest words
first (the deck's counts say how common a letter is), up to the cap; jokers
stay. Betting: the best word's score against what a hand of this size usually
makes. Reveal: the best word, or nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Sequence

from brelan.lexicon.cards import LETTER_COUNTS, Card, deck
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.lexicon.search import ScoredWord, best_words

from .alphapoker import AlphaView, DealPhase
from .levels import BEGINNER, INTERMEDIATE, STRONG
from .vocabulary import SEARCHED, knows
from .word_games import WordBot


# A score per card of the hand from which a word is worth playing for (fair) and raising on (strong).
FAIR_PER_CARD = 2.5
STRONG_PER_CARD = 4.5
BLUFF = 0.1


def discards(hand: Sequence[Card], keep: Sequence[Card], most: int) -> list[Card]:
    """The cards to exchange: those not kept, rarest letters first, jokers never, at most ``most``."""
    kept = Counter(keep)
    spare = []
    for c in hand:
        if kept[c]:
            kept[c] -= 1
        elif not c.is_joker:
            spare.append(c)
    spare.sort(key=lambda c: (LETTER_COUNTS[c.letter], c.letter, c.colour))
    return spare[:most]


def best_known(view: AlphaView, hand: Sequence[Card], lexicon: Lexicon, level: str) -> ScoredWord | None:
    """The best word of the hand that a bot of ``level`` knows (:mod:`.vocabulary`), else the best there is (a
    person lays what the cards spell rather than nothing); None when the hand lays none."""
    policy = Policy.parse(view.policy)
    found = best_words(lexicon, hand, policy, 1 if level == STRONG else SEARCHED, view.simplified)
    return next((w for w in found if knows(lexicon, level, w.word)), found[0] if found else None)


def intermediate(view: AlphaView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon,
                 level: str = INTERMEDIATE) -> str:  # fmt: skip
    seat = view.seat
    assert seat is not None
    hand = [c for c in view.hands[seat] if isinstance(c, Card)]  # its own: all face up to it
    word = best_known(view, hand, lexicon, level)
    score = word.score if word else 0
    if view.phase == "reveal":
        return "lay " + " ".join(map(str, word.cards)) if word else "lay"
    if view.phase == "exchange":
        out = discards(hand, [c.card for c in word.cards] if word else [], view.exchange_cap)
        return " ".join(["exchange", *map(str, out)])
    fair, strong = FAIR_PER_CARD * len(hand), STRONG_PER_CARD * len(hand)
    current = max(view.bets)
    opening = [a for a in legal if a.startswith("bet ")]
    if opening:  # the opener: a bet that grows with the word
        want = current + 1 + int(max(0, score - fair) // 4)
        return min(opening, key=lambda a: abs(int(a.split()[1]) - want))
    if "stop" in legal:  # back to the opener: raise a strong word, else stop
        voir = [a for a in legal if a.startswith("voir ")]
        if score >= strong and (voir or any(a.startswith("raise ") for a in legal)):
            return voir[-1] if voir else [a for a in legal if a.startswith("raise ")][-1]
        return "stop"
    to_call = current - view.bets[seat]
    if score >= fair or to_call <= 2 or rng.random() < BLUFF:
        return "call"
    return "fold"


BETS = ("call", "fold", "stop", "bet ", "raise ", "voir ")
SLIPS = 0.25
HANDS_SAMPLED = 24  # the others' hands drawn per deal, to judge its word by


def beginner(view: AlphaView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
    bets = [a for a in legal if a.startswith(BETS)]
    if view.phase == DealPhase.BET and bets and rng.random() < SLIPS:
        return rng.choice(bets)
    return intermediate(view, legal, rng, lexicon, BEGINNER)


def win_chance(view: AlphaView, score: int, lexicon: Lexicon, rng: random.Random, samples: int = HANDS_SAMPLED) -> float:
    """Its share of the pot if its best word (``score``) meets the others' best words at the reveal, their hands
    drawn from the cards it has not seen (its own aside: the exchanges' discards are gone, but unseen)."""
    seat = view.seat
    assert seat is not None
    mine = [c for c in view.hands[seat] if isinstance(c, Card)]
    rivals = [len(h) for s, h in enumerate(view.hands) if s != seat and view.in_deal[s] and h]
    pack = list(deck())
    for card in mine:
        pack.remove(card)
    policy = Policy.parse(view.policy)
    total = 0.0
    for _ in range(samples):
        drawn = rng.sample(pack, sum(rivals))
        others, at = [], 0
        for size in rivals:
            found = best_words(lexicon, drawn[at:at + size], policy, 1, view.simplified)
            others.append(found[0].score if found else 0)
            at += size
        if all(score >= o for o in others):
            total += 1 / (1 + sum(1 for o in others if o == score))
    return total / samples


class Strong:
    """The strong bot: one seat's, with its last judgement of its word (a deal's bets ask it again and again)."""

    def __init__(self) -> None:
        self.judged: tuple[tuple[str, ...], float] | None = None

    def __call__(self, view: AlphaView, legal: Sequence[str], rng: random.Random, lexicon: Lexicon) -> str:
        if view.phase != DealPhase.BET:
            return intermediate(view, legal, rng, lexicon, STRONG)
        seat = view.seat
        assert seat is not None
        hand = [c for c in view.hands[seat] if isinstance(c, Card)]
        key = (str(view.round), *map(str, hand))
        if self.judged is None or self.judged[0] != key:
            found = best_words(lexicon, hand, Policy.parse(view.policy), 1, view.simplified)
            self.judged = key, win_chance(view, found[0].score if found else 0, lexicon, rng)
        chance = self.judged[1]
        players = sum(view.in_deal)
        likely = chance >= max(0.5, 1.5 / players)
        current = max(view.bets)
        opening = [a for a in legal if a.startswith("bet ")]
        if opening:  # the opener: more on a word likely to win, the least otherwise
            amounts = sorted(int(a.split()[1]) for a in opening)
            want = amounts[-1] if chance >= 0.8 else amounts[len(amounts) // 2] if likely else amounts[0]
            return f"bet {want}"
        if "stop" in legal:
            raises = [a for a in legal if a.startswith(("voir ", "raise "))]
            return raises[-1] if raises and chance >= 0.75 else "stop"
        to_call = current - view.bets[seat]
        price = to_call / (view.pot + to_call) if to_call else 0.0
        return "call" if chance >= price or "fold" not in legal else "fold"


BOTS: dict[str, Callable[[], WordBot]] = {
    BEGINNER: lambda: beginner, INTERMEDIATE: lambda: intermediate, STRONG: Strong,
}
