"""DAKER's bots, by level, for every mode (holdem, draw, and the round with no chips, best or worst hand winning).

- beginner: the intermediate's play, but one move in four at random among those listed, all-in left out;
- intermediate: bets or raises two pairs and better once a round, sees a pair, otherwise checks or folds;
  discards the cards that help least towards the table's objective (the best hand; when the worst wins, the
  cards that pair, keeping what does not: played for the best hand there, it won 15% against random discards);
- strong: plays the table's objective (:attr:`~.daker.DakerView.wins`): it samples the cards it cannot see
  (the table's deck taken as the usual 21 pairs) to weigh each discard by the showdowns its every draw wins
  (keeping the intermediate's discard unless another is clearly better), and bets by its equity against the seats
  still in and the pot odds (:func:`.betting_bot.by_odds`), sized to the pot; it reads each opponent from what it
  sees of it (:class:`Reads`): one that pushes seldom is met with its best hands, one that pushes often with any.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections import Counter
from typing import Callable, Sequence

from .betting_bot import by_odds, share, short_of_all_in
from .daker import DakerView, Wins
from .daker_cards import FULL_HOUSE, PAIR, THREE, TWO_PAIRS, DakerCard, best_hand, default_deck
from .levels import BEGINNER, INTERMEDIATE, STRONG, Bot, slipping, stateless

MOST_DRAWS = 160  # a discard's draws counted (all of them from the usual deck: 120 pairs of its 16 unseen cards)
FIELD = 200  # the others' hands sampled once per discard decision
CLEARLY = 0.03  # how much more often a discard must win than the intermediate's, to be chosen over it
EQUITY_SAMPLES = 80  # showdowns sampled per betting decision
RANGE_SAMPLES = 100  # hands sampled to cut a range at its share
RANGE_TRIES = 20  # deals tried per showdown for one whose narrowed seats hold hands of their range
# The share of its hands read as an opponent's range, per share of its hands it was seen pushing: pushing one hand in
# two, it may hold any cards. Uniform random play pushes in about 55% of the hands a bot sees it dealt: read as its
# best 55%, and as a tight player's (one push in eight) until seen, it was folded to and won 45.5% of 200 holdem
# games; read as now, 63.0% of 1,000 (62.7% reading any cards always).
WIDEN = 2.0
SLIPS = 0.25


def known(view: DakerView) -> tuple[list[DakerCard], list[DakerCard]]:
    """Its own cards and the community cards turned."""
    seat = view.seat
    assert seat is not None
    mine = [c for c in view.cards[seat] if isinstance(c, DakerCard)]
    board = [c for c in view.community if isinstance(c, DakerCard)]
    return mine, board


def intermediate(view: DakerView, legal: Sequence[str], rng: random.Random) -> str:
    """Bet or raise two pairs and better once a round, see a pair, otherwise check or fold; discard the cards
    that help least.

    A seat with chips in the round already (a blind, its bet, a call) raises again only with a full house or
    better, and then by the most it may: two bots re-raising each other by the least went on a hundred times
    a round (no-limit has no cap on raises), where two strong hands now go all-in in a few raises.
    """
    mine, board = known(view)
    if legal and legal[0].startswith("discard"):
        return _discard_choice(mine, legal, worst=view.wins == Wins.WORST)
    take = 2 if view.mode == "holdem" and len(board) >= 2 else 0
    value = best_hand(mine, board, community_take=take)
    aggressive = [a for a in legal if a.startswith(("bet", "raise"))]
    if aggressive and view.seat is not None and view.bets[view.seat] > 0:
        if value[0] >= FULL_HOUSE:
            return aggressive[-1]
    elif value[0] >= TWO_PAIRS and aggressive and rng.random() < 0.7:
        return aggressive[0]
    if value[0] >= PAIR or rng.random() < 0.15:
        return "check" if "check" in legal else "call" if "call" in legal else legal[0]
    return "check" if "check" in legal else "fold"


def _discard_choice(mine: list[DakerCard], legal: Sequence[str], *, worst: bool = False) -> str:
    """Keep what makes the hand: try each discard, score the kept cards, prefer discarding when it costs nothing.
    When the worst hand wins, keep the cards that make the least hand, as many as make it (a card drawn may pair)."""
    best, choice = None, "discard"
    for option in legal:
        keeps = kept(mine, option)
        value = best_hand(keeps)
        score = ((tuple(-v for v in value), len(keeps)) if worst
                 else (value[0] >= THREE, value, len(mine) - len(keeps)))  # fmt: skip
        if best is None or score > best:
            best, choice = score, option
    return choice


def kept(mine: Sequence[DakerCard], option: str) -> list[DakerCard]:
    """The cards a discard (``discard AK QQ``) keeps."""
    keeps = list(mine)
    for text in option.split()[1:]:
        keeps.remove(next(c for c in keeps if str(c) == text))
    return keeps


# -- strong -----------------------------------------------------------------------------------------------------


def _unseen(view: DakerView, seen: Sequence[DakerCard]) -> list[DakerCard]:
    """The cards it has not seen, from the usual deck (the view names the deck's size, not its cards)."""
    deck = Counter(DakerCard.parse(t) for t in default_deck())
    deck.subtract(Counter(DakerCard(c.high, c.low) for c in seen))
    return [card for card, n in deck.items() for _ in range(max(n, 0))]


@functools.lru_cache(maxsize=1 << 16)
def _five(texts: tuple[str, ...]) -> tuple[int, ...]:
    """The value of five cards (or fewer) by their sorted texts: a search samples the same hands again and again."""
    return best_hand([DakerCard.parse(t) for t in texts])


def _hand(cards: Sequence[DakerCard], community: Sequence[DakerCard], holdem: bool) -> tuple[int, ...]:
    """A seat's best hand: its cards (holdem: its three and two of the community)."""
    if not holdem:
        return _five(tuple(sorted(map(str, cards))))
    return max(_five(tuple(sorted(map(str, [*cards, *two])))) for two in itertools.combinations(community, 2))


def _strength(cards: Sequence[DakerCard], board: Sequence[DakerCard], holdem: bool) -> tuple[int, ...]:
    """What a seat's cards make with the board as it is turned (holdem: with two of it once two are turned; before,
    the few cards there are): how a range is cut, cheaply."""
    if holdem and len(board) >= 2:
        return _hand(cards, board, holdem)
    return _five(tuple(sorted(map(str, [*cards, *board]))))


def _pushing(view: DakerView, seat: int) -> bool:
    """Whether a seat still in has put in this round at least what it has left (all-in, when nothing is left)."""
    return view.in_hand[seat] and 0 < view.bets[seat] and view.stacks[seat] <= view.bets[seat]


class Reads:
    """What a person at the table sees of each opponent, decision after decision: the hands it was dealt and those
    in which it pushed (went all-in, or put in this round at least what it has left), never its cards. An opponent
    pushing now is read as holding its best hands of twice the share of its hands it was seen pushing: one that
    pushes every other hand (as uniform random play does) any cards, one that pushed once in ten hands its best
    fifth, one never seen before any cards (a first push says nothing yet)."""

    def __init__(self) -> None:
        self.dealt: dict[int, set[int]] = {}
        self.pushed: dict[int, set[int]] = {}

    def watch(self, view: DakerView) -> None:
        for s in range(len(view.stacks)):
            if s == view.seat or view.out[s]:
                continue
            self.dealt.setdefault(s, set()).add(view.hand)
            if _pushing(view, s):
                self.pushed.setdefault(s, set()).add(view.hand)

    def share(self, seat: int) -> float:
        """The share of its hands an opponent may hold when it pushes: as wide as it pushes often (1 never seen)."""
        pushed, dealt = len(self.pushed.get(seat, ())), len(self.dealt.get(seat, ()))
        return min(1.0, pushed / dealt * WIDEN) if dealt else 1.0

    def ranges(self, view: DakerView) -> dict[int, float]:
        """Each opponent pushing now, and the share of the hands it may hold (its best)."""
        return {s: self.share(s) for s in self.dealt if _pushing(view, s)}


def _equity(view: DakerView, mine: Sequence[DakerCard], board: Sequence[DakerCard], samples: int,
            rng: random.Random, ranges: dict[int, float] | None = None) -> float:  # fmt: skip
    """Its expected share of the showdown against the seats still in, the unseen cards sampled (holdem: the board to
    come too, shared by all); a seat in ``ranges`` holds its best hands of that share (as the board stands), the
    others any cards."""
    seat = view.seat
    assert seat is not None
    holdem = view.mode == "holdem"
    rivals = [s for s, live in enumerate(view.in_hand) if live and s != seat]
    unseen = _unseen(view, [*mine, *board])
    own = len(view.cards[seat])
    missing_board = (3 - len(board)) if holdem else 0
    need = missing_board + own * len(rivals) + own - len(mine)
    if need > len(unseen):
        return 1 / (1 + len(rivals))
    # The least strength of each narrowed seat's range: the cut of that share of hands sampled from the unseen cards.
    least = {}
    for s, part in (ranges or {}).items():
        if s in rivals and part < 1:
            cut = sorted((_strength(rng.sample(unseen, own), board, holdem) for _ in range(RANGE_SAMPLES)),
                         reverse=True)  # fmt: skip
            least[rivals.index(s)] = cut[min(int(part * RANGE_SAMPLES), RANGE_SAMPLES - 1)]
    worst = view.wins == Wins.WORST
    total = 0.0
    for _ in range(samples):
        for _ in range(RANGE_TRIES):  # a deal whose narrowed seats hold hands of their range (else the last tried)
            drawn = rng.sample(unseen, need)
            hands = [drawn[need - own * (i + 1):need - own * i] for i in range(len(rivals))]
            if all(_strength(hands[i], board, holdem) >= cut for i, cut in least.items()):
                break
        community = [*board, *drawn[:missing_board]]
        me = _hand([*mine, *drawn[missing_board:missing_board + own - len(mine)]], community, holdem)
        total += share(me, [_hand(hand, community, holdem) for hand in hands], worst=worst)
    return total / samples


def _discard(view: DakerView, mine: Sequence[DakerCard], legal: Sequence[str], rng: random.Random) -> str:
    """The discard whose draws win most showdowns (no community here): the others' hands sampled once, a field
    each of its draws meets (as many rivals as are in); each choice's every draw counted (sampled, a draw of two
    from a large deck), so choices near each other are told apart by their draws, not by the luck of a few."""
    seat = view.seat
    assert seat is not None
    rivals = sum(1 for s, live in enumerate(view.in_hand) if live and s != seat)
    unseen = [str(c) for c in _unseen(view, mine)]  # by their texts, as _five takes them
    own = len(mine)
    sign = -1 if view.wins == Wins.WORST else 1
    field = sorted(tuple(sign * v for v in _five(tuple(sorted(rng.sample(unseen, own))))) for _ in range(FIELD))

    def chance(option: str) -> float:
        keeps = [str(c) for c in kept(mine, option)]
        draws = list(itertools.combinations(unseen, own - len(keeps)))
        if len(draws) > MOST_DRAWS:
            draws = rng.sample(draws, MOST_DRAWS)
        total = 0.0
        for drawn in draws:
            me = tuple(sign * v for v in _five(tuple(sorted([*keeps, *drawn]))))
            below, above = bisect.bisect_left(field, me), bisect.bisect_right(field, me)
            total += ((below + (above - below) / 2) / FIELD) ** rivals  # ahead of each rival (a tie: half)
        return total / len(draws)

    chances = {option: chance(option) for option in legal}
    best = max(legal, key=lambda option: (chances[option], option == "discard"))
    # Keeping the hand made for the objective (the intermediate's discard) is hard to better: the sampled chances
    # must beat it clearly, or their noise costs more than the gain (for the best hand, the sampled choice alone won
    # 53% of the deals against random discards where the intermediate's won 59%).
    usual = _discard_choice(mine, legal, worst=sign < 0)
    return usual if chances[best] - chances[usual] <= CLEARLY else best


def strong(view: DakerView, legal: Sequence[str], rng: random.Random, reads: Reads | None = None) -> str:
    """The strong bot's move; ``reads``: what it saw of the others so far (none: a first look at the table)."""
    mine, board = known(view)
    seat = view.seat
    assert seat is not None
    if legal and legal[0].startswith("discard"):
        return _discard(view, mine, legal, rng)
    if not legal:
        return ""
    reads = reads or Reads()
    reads.watch(view)
    equity = _equity(view, mine, board, EQUITY_SAMPLES, rng, reads.ranges(view))
    to_call = max(view.bets) - view.bets[seat]
    return by_odds(legal, equity, pot=view.pot, to_call=to_call, bet=view.bets[seat], players=sum(view.in_hand),
                   stack=view.stacks[seat])


def strong_bot() -> Bot:
    """A strong bot for one seat: it reads the others from what it sees of them, hand after hand."""
    return functools.partial(strong, reads=Reads())


BOTS: dict[str, Callable[[], Bot]] = {
    BEGINNER: stateless(slipping(intermediate, SLIPS, slips=short_of_all_in)),
    INTERMEDIATE: stateless(intermediate),
    STRONG: strong_bot,
}
