"""What the strong bots of the betting games share: a bet sized to the pot, and a decision by equity and pot odds.

Equity is the share of the pot a seat expects at the showdown (each game samples the cards or dice it cannot see,
as its rules let it see them); the price is what a call costs against the pot it would then contest. A bot calls
when its equity beats the price (by more, the more of its stack the call risks), bets or raises when it expects
more than its share (and re-raises only a hand far ahead of the others: two strong bots re-raising each other by
the least would go on for ever in no-limit), and bets about the pot, never its whole stack at once unless its
hand is all but made (DAKER's no-limit bots went all-in on the first hand, two or three seats out after one deal).

>>> sized(["fold", "call", "raise 20", "raise 60", "raise 100"], 90)
'raise 60'
>>> sized(["fold", "call", "raise 20", "raise 30", "raise 40", "raise 50"], 44, all_in=True)
'raise 40'
"""

from __future__ import annotations

from typing import Any, Sequence

RAISE_AGAIN = 0.85  # equity from which a seat that has bet this round raises again
ALL_IN = 0.9  # equity from which a bet may be the whole stack
RAISE_SHARE = 1.6  # a bet or raise from this many times its fair share of the pot (1 / the players in)
CAUTION = 0.15  # the equity a call wants over its price, for a call of its whole stack (less for a smaller one)


def share(mine: Any, others: Sequence[Any], *, worst: bool = False) -> float:
    """A seat's share of a showdown between hand values that compare (higher better): 1 alone on top (at the
    bottom, when the worst hand wins), a part of it tied, 0 beaten.

    >>> share(5, [3, 5]), share(5, [3, 5], worst=True), share(3, [3, 5], worst=True)
    (0.5, 0.0, 0.5)
    """
    ahead = (lambda o: o < mine) if worst else (lambda o: o > mine)
    if any(ahead(o) for o in others):
        return 0.0
    return 1 / (1 + sum(1 for o in others if o == mine))


def sized(legal: Sequence[str], target: int, *, all_in: bool = False) -> str:
    """The bet or raise listed nearest ``target`` chips (a total, as "bet" and "raise" say), the most listed (all-in
    in no-limit) left out unless ``all_in``: every amount a limit game allows is listed, a no-limit one lists the
    least, about half its stack and all of it."""
    aggressive = [a for a in legal if a.startswith(("bet ", "raise "))]
    amounts = sorted(int(a.split()[1]) for a in aggressive)
    if not all_in and len(amounts) > 1:
        amounts = amounts[:-1]
    kind = aggressive[0].split()[0]
    return f"{kind} {min(amounts, key=lambda x: (abs(x - target), x))}"


def short_of_all_in(legal: Sequence[str]) -> list[str]:
    """The moves listed but the biggest bet or raise (all-in, in no-limit): a beginner's slips, at random among
    these, never push its whole stack on a hand it has not read (a person met bots shoving at once).

    >>> short_of_all_in(["fold", "call", "raise 20", "raise 55", "raise 100"])
    ['fold', 'call', 'raise 20', 'raise 55']
    """
    aggressive = [a for a in legal if a.startswith(("bet ", "raise "))]
    biggest = max(aggressive, key=lambda a: int(a.split()[1]), default=None)
    return [a for a in legal if a != biggest]


def by_odds(legal: Sequence[str], equity: float, *, pot: int, to_call: int, bet: int, players: int,
            stack: int) -> str:  # fmt: skip
    """The move of a seat with this ``equity`` (0 to 1) facing ``to_call`` chips, ``pot`` in the middle, ``bet``
    chips in this round already, ``players`` still in the hand (itself included) and ``stack`` chips behind.

    It bets or raises about the pot on a hand far ahead (all-in only on one all but made), checks when it may, and
    calls when its equity beats the call's price by a margin that grows with the share of its stack the call puts
    at risk: a stack called off on a coin flip ends the game on it, where the same edge comes again at lower cost
    (DAKER's strong bot called all-ins at 50% equity and won half its games against random play).

    >>> by_odds(["fold", "call", "raise 20", "raise 55", "raise 100"], 0.5, pot=15, to_call=10, bet=0, players=3,
    ...         stack=100)
    'call'
    >>> by_odds(["fold", "call"], 0.5, pot=115, to_call=95, bet=5, players=2, stack=95)
    'fold'
    """
    aggressive = [a for a in legal if a.startswith(("bet ", "raise "))]
    fair = 1 / max(players, 1)
    ahead = equity >= max(0.5, RAISE_SHARE * fair) if not bet else equity >= RAISE_AGAIN
    if aggressive and ahead:  # about the pot: the others pay to see it, and a stack lasts many hands
        return sized(legal, bet + to_call + pot + to_call, all_in=equity >= ALL_IN)
    calm = "check" if "check" in legal else "call" if "call" in legal else legal[0]
    if to_call == 0:
        return calm
    price = to_call / (pot + to_call)
    if equity < price + CAUTION * min(1.0, to_call / max(stack, 1)):
        return "fold" if "fold" in legal else legal[0]
    return calm
