"""A table's events as lines a person reads at the terminal: each family's typed event (``TableEvent.game``) said
in English, seats by their players' names ("strong bot bets 10", "Tom calls 15"), stages, burns and shown hands worded
("Stage 2: stake 1", "A card is burnt", "Tom shows J/black Q/J red/red: Full house, jacks over red 10s").

The engine's text ("p1 bets 10") is made for logs and transcripts: a line shows it, its seats named, only for an
event this file does not know (a kind added since). The page says the same events in its languages
(clients/web/table/events.js); these are its English sentences, for a terminal.

>>> from brelan.api.v1 import table_pb2 as tpb
>>> event = tpb.TableEvent(text="p1 raises 20")
>>> event.daker.raised.seat, event.daker.raised.to = 1, 20
>>> event_line(event, ["Tom", "strong bot"])
'strong bot raises to 20'
>>> event_line(tpb.TableEvent(text="p0 does something new"), ["Tom"])
'Tom does something new'
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Sequence

from brelan.api.v1 import game_pb2 as gpb
from brelan.api.v1 import table_pb2 as tpb
from brelan.server.games import daker_cards, dice, evaluator

HIDDEN = "??"  # a card or die the receiver may not see (the engines' Back)


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat as its table names it (``names``), else as people count seats: "seat 1" is p0."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat + 1}"


def bot_name(level: str) -> str:
    """A bot by its level (SeatInfo.bot_level): "strong bot"; "bot" when its level is not known."""
    return f"{level} bot" if level else "bot"


def seat_names(table: tpb.TableInfo) -> list[str]:
    """Each seat as the table names it: its player; else a bot by its level, "strong bot", numbered in seat order
    only when bots of the table share a level ("strong bot 1", "strong bot 2"; "bot 1", "bot 2" when no level is
    said), as the page names them (levels.js's botNames); else "seat N", N as people count seats (from 1)."""

    def bot(s: tpb.SeatInfo) -> str:
        alike = [o.seat for o in table.seats if o.bot and not o.player and o.bot_level == s.bot_level]
        return bot_name(s.bot_level) + (f" {alike.index(s.seat) + 1}" if len(alike) > 1 else "")

    # A tournament's bot plays for its player, and is named so.
    return [s.player or (bot(s) if s.bot else seat_name([], s.seat)) for s in table.seats]


def listed(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def counted(n: int, noun: str) -> str:
    """``n`` of ``noun``, its plural when it is not one: "1 card", "3 dice"."""
    return f"{n} {noun if n == 1 else 'dice' if noun == 'die' else noun + 's'}"


# -- hands -------------------------------------------------------------------------------------------------------
# Standard cards' ranks said one and many ("king", "kings"; "10", "10s"), by the evaluator's rank order.
_RANK_ONE = dict(zip("23456789TJQKA", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"]))
_RANK_MANY = {r: w + "s" for r, w in _RANK_ONE.items()}


def standard_hand(hand: gpb.HandName) -> str:
    """A standard-card hand (POKER CHAMP's, a Chinese row's) as the page says it in English: "Pair of kings",
    "Full house, kings over 8s", "Ace high"; the engine's category name (the evaluator's) where a rank is missing."""
    if hand.category == "royal-flush":
        return "Royal flush"
    if hand.category not in evaluator.CATEGORY_SLUG:
        return hand.category.replace("-", " ").capitalize()
    category = evaluator.CATEGORY_SLUG.index(hand.category)
    name = evaluator.CATEGORY_EN[category]
    ranks = [r for r in hand.ranks if r in _RANK_ONE]
    if not ranks:
        return name
    one, many = _RANK_ONE[ranks[0]], _RANK_MANY[ranks[0]]
    second = _RANK_MANY[ranks[1]] if len(ranks) > 1 else ""
    if category == evaluator.HIGH_CARD:
        return f"{one.capitalize()} high"
    if category == evaluator.PAIR:
        return f"Pair of {many}"
    if category in (evaluator.STRAIGHT, evaluator.FLUSH, evaluator.STRAIGHT_FLUSH):
        return f"{name}, {one} high"
    if category == evaluator.TWO_PAIR and second:
        return f"{name}, {many} and {second}"
    if category == evaluator.FULL_HOUSE and second:
        return f"{name}, {many} over {second}"
    return f"{name}, {many}"


# DAKER's values: its cards' R is the red 10 and N the black 9 (the page's words).
# On a card, as the rulebook names them ("A, K, Q, J, rouge, noir") and the page draws them (a disc of the colour):
# the red and the black by their colour's name, where the engine's R read "roi" (king) and N nothing.
_DAKER_FACE = {"R": "red", "N": "black"}
# What a player types for them: the engine's letters (DakerCard.parse), said once beside the cards shown.
DAKER_TYPED = "type R for red, N for black"
_DAKER_ONE = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "R": "red 10", "N": "black 9"}
_DAKER_MANY = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "R": "red 10s", "N": "black 9s"}
# The engine has its categories' slugs (daker_cards.SLUGS) and French names only: their English, as the page's.
_DAKER_HANDS = {"nothing": "Nothing", "pair": "Pair of {a}", "two-pairs": "Two pair, {a} and {b}", "three": "Three {a}",
                "full-house": "Full house, {a} over {b}", "four": "Four {a}, {b1} kicker",
                "repoker": "Five {a} (repoker)"}  # fmt: skip


def daker_card(text: str) -> str:
    """A DAKER card as a person reads it, its two values (one of them counts in a hand) by the rulebook's names:
    "J/black" for the engine's JN, "red/red" for RR, "A/K"; a back ("??") or a text that is no DAKER card as is."""
    if len(text) != 2 or any(v not in daker_cards.VALUES for v in text):
        return text
    return "/".join(_DAKER_FACE.get(v, v) for v in text)


def daker_hand(slug: str) -> str:
    """A DAKER hand from the engine's slug (its category, then its deciding values: "full-house-J-R") in English:
    "Full house, jacks over red 10s"; "" for none ("-")."""
    category = next((c for c in reversed(daker_cards.SLUGS) if slug == c or slug.startswith(c + "-")), "")
    if not category:
        return "" if slug in ("", "-") else slug.replace("-", " ")
    a, b, *_ = [*slug[len(category) + 1 :].split("-"), "", ""]  # the values after the category ("J", "R")
    return _DAKER_HANDS[category].format(a=_DAKER_MANY.get(a, a), b=_DAKER_MANY.get(b, b), b1=_DAKER_ONE.get(b, b))


def dice_hand(slug: str) -> str:
    """A Yahtzee Texas Hold'em hand from its category's slug, by the engine's English name ("Three of a kind")."""
    return dice.NAMES_EN[dice.SLUGS.index(slug)] if slug in dice.SLUGS else slug.replace("-", " ")


# -- the sentences ------------------------------------------------------------------------------------------------
class Say:
    """What the sentences are made of, for one receiver's events: seats by name, cards as their text (one it may
    not see counted: "3 cards")."""

    def __init__(self, names: Sequence[str], noun: str = "card", card: Callable[[str], str] = str) -> None:
        self.names, self.noun, self.card = names, noun, card  # card: one card's text as read (DAKER's, daker_card)

    def who(self, seat: int) -> str:
        return seat_name(self.names, seat)

    def all(self, seats: Iterable[int]) -> str:
        return listed([self.who(s) for s in seats])

    def cards(self, cards: Iterable[str]) -> str:
        pieces = list(cards)
        shown = " ".join(self.card(c) for c in pieces if c != HIDDEN)
        hidden = pieces.count(HIDDEN)
        if not hidden:
            return shown or "nothing"
        count = "a " + self.noun if hidden == 1 else counted(hidden, self.noun)
        return f"{shown} and {count} face down" if shown else count


def word(w: gpb.TableWord) -> str:
    """A word made of table cards as its text form writes it: a joker's letter after "?" ("CH?IEN")."""
    return "".join(f"?{letter}" if i in w.jokers else letter for i, letter in enumerate(w.letters))


Phrase = Callable[[Any, Say], str]

_ROWS = ("bottom", "middle", "top")


def _rows(p: Any, say: Say, judged: Any = None) -> str:
    """A Chinese placement's rows ("bottom As Ks, top Qd; discard a card"); ``judged``: each row's hand after it."""
    hands = {r.row: standard_hand(r.hand) for r in judged.rows if r.hand.category} if judged is not None else {}
    rows = [f"{row} {say.cards(getattr(p, row))}" + (f" ({hands[row]})" if row in hands else "")
            for row in _ROWS if getattr(p, row)]  # fmt: skip
    if p.discard:
        rows.append(f"discard {say.cards(p.discard)}")
    return ", ".join(rows)


def _won(e: Any, say: Say) -> str:
    pot = getattr(e, "pot", "main") or "main"
    side = "" if pot == "main" else f" (side pot {pot.removeprefix('side')})"
    return f"{say.who(e.seat)} wins {e.amount}{side}"


def _refused(e: Any, say: Say, none: str) -> str:
    if e.word in ("", "-"):
        return none.format(who=say.who(e.seat))
    return f"{say.who(e.seat)}'s {e.word} is refused: {e.reason}"


def _hand(deal: str) -> Phrase:
    return lambda e, say: f"{deal} {e.number}: {say.who(e.button)} deals"


def _judged(e: Any, say: Say) -> str:
    return f"Words judged by the lexicon {e.name} ({e.policy})"


COMMON: dict[str, Phrase] = {
    "dealt": lambda e, say: f"{say.who(e.seat)} is dealt {say.cards(e.cards)}",
    "folded": lambda e, say: f"{say.who(e.seat)} folds",
    "won": _won,
    "out": lambda e, say: f"{say.who(e.seat)} is out",
    "champions": lambda e, say: f"{say.all(e.seats)} won the game",
    "passed": lambda e, say: f"{say.who(e.seat)} passes",
    "admitted": lambda e, say: f"{e.word} is admitted: {say.who(e.seat)} takes the cards",
}

BETTING: dict[str, Phrase] = {
    **COMMON,
    "hand": _hand("Hand"),
    "anted": lambda e, say: f"{say.who(e.seat)} antes {e.amount}",
    "blinded": lambda e, say: f"{say.who(e.seat)} posts a blind of {e.amount}",
    "checked": lambda e, say: f"{say.who(e.seat)} checks",
    "called": lambda e, say: f"{say.who(e.seat)} calls {e.amount}",
    "bet": lambda e, say: f"{say.who(e.seat)} bets {e.to}",
    "raised": lambda e, say: f"{say.who(e.seat)} raises to {e.to}",
    "all_in": lambda e, say: f"{say.who(e.seat)} is all-in",
    "returned": lambda e, say: f"{say.who(e.seat)} takes back {e.amount}: an uncalled bet",
}

_RESHUFFLED = "The stock ran out: {n} discards are shuffled into a new one"
_STREETS = {"flop": "Flop", "reroll": "The flop is rolled again", "turn": "Turn", "river": "River"}
_PHASES = {"exchange": "Exchange {n}", "bet": "Betting", "reveal": "Reveal: each lays a word"}
_NATURALS = {"dragon": "dragon", "three-straights": "three straights", "three-flushes": "three flushes",
             "no-face": "no face card", "six-pairs": "six pairs"}  # fmt: skip


def _versus(e: Any, say: Say) -> str:
    if e.units > 0:
        return f"{say.who(e.seat)} wins {e.units} from {say.who(e.other)}"
    if e.units < 0:
        return f"{say.who(e.seat)} pays {-e.units} to {say.who(e.other)}"
    return f"{say.who(e.seat)} and {say.who(e.other)} tie"


def _deal_points(e: Any, say: Say) -> str:
    team = say.all([e.team, e.team + 2])  # a team is its two opposite seats: 0 and 2, 1 and 3
    bonus = f" and a bonus of {e.bonus}" if e.bonus else ""
    return f"{team}: {counted(e.points, 'point')}{bonus}, total {e.total}"


def _shown(hand: Callable[[Any], str], pieces: str = "cards") -> Phrase:
    """A seat shows its cards (or dice), with its hand's name when it has one."""

    def phrase(e: Any, say: Say) -> str:
        named = hand(e)
        return f"{say.who(e.seat)} shows {say.cards(getattr(e, pieces))}" + (f": {named}" if named else "")

    return phrase


# Each family's phrases, by its event's kind (its oneof field), from the kind's message; the two that need the
# event's other fields too are _shown_with_the_event's.
PHRASES: dict[str, dict[str, Phrase]] = {
    "poker_champ": {
        **COMMON,
        "deal": lambda e, say: f"Deal {e.number}",
        "hole": COMMON["dealt"],
        "stage": lambda e, say: f"Stage {e.number}: stake {e.stake}",
        "paid": lambda e, say: f"{say.who(e.seat)} pays {e.amount}",
        "burn": lambda e, say: "A card is burnt",
        "board": lambda e, say: f"Board: {say.cards(e.cards)}",
        "duel": lambda e, say: f"Duel for the Award: {say.all(e.seats)}",
        "duel_tie": lambda e, say: "The duel is a tie: it is dealt again",
        "awarded": lambda e, say: (f"{say.who(e.seat)} gives {counted(e.gift, 'chip')} to {say.who(e.to)} and "
                                   "earns an Award"),  # fmt: skip
        "time_is_up": lambda e, say: "Time is up: last deal",
    },
    "alphapoker": {
        **COMMON,
        "judged": _judged,
        "cut": lambda e, say: f"{say.who(e.seat)} draws {say.cards([e.card])} for the first dealer",
        "hand": _hand("Deal"),
        "anted": BETTING["anted"],
        "phase": lambda e, say: _PHASES.get(e.name, e.name.capitalize() + " {n}").format(n=e.number),
        "discarded": lambda e, say: (f"{say.who(e.seat)} exchanges {say.cards(e.cards)}" if e.cards
                                     else f"{say.who(e.seat)} keeps the hand"),  # fmt: skip
        "received": lambda e, say: f"{say.who(e.seat)} draws {say.cards(e.cards)}",
        "reshuffled": lambda e, say: _RESHUFFLED.format(n=e.cards),
        "bet": BETTING["bet"],
        "called": BETTING["called"],
        "raised": BETTING["raised"],
        "raised_to_see": lambda e, say: f"{say.who(e.seat)} raises to {e.to} to see",
        "stopped": lambda e, say: f"{say.who(e.seat)} stops",
        "word_laid": lambda e, say: (f"{say.who(e.seat)} lays {say.cards(c.card for c in e.cards)}" if e.cards
                                     else f"{say.who(e.seat)} lays no word"),  # fmt: skip
        "scored": lambda e, say: f"{say.who(e.seat)} scores {e.score} with {e.word}",
        "refused": lambda e, say: _refused(e, say, "{who}: no word, 0 points"),
        "remains": lambda e, say: f"{e.amount} {'stays' if e.amount == 1 else 'stay'} in the pot for the next deal",
        "tie_break": lambda e, say: f"A tie: {say.all(e.seats)} play one more deal",
    },
    "bataille": {
        **COMMON,
        "judged": _judged,
        "pile": lambda e, say: f"{say.who(e.seat)} has {counted(e.cards, 'card')} in the pile",
        "played": lambda e, say: f"{say.who(e.seat)} lays {say.cards([e.card])}",
        "claimed": lambda e, say: (f"{say.who(e.seat)} claims {word(e.word)}" if e.word.letters
                                   else f"{say.who(e.seat)} claims with no word"),  # fmt: skip
        "refused": lambda e, say: _refused(e, say, "{who} had no word: a penalty"),
        "takes": lambda e, say: f"{say.who(e.seat)} takes {say.cards(e.cards)}",
        "gives": lambda e, say: f"{say.who(e.seat)} gives {say.cards([e.card])} as a penalty",
        "replays": lambda e, say: f"{say.who(e.seat)} picks up {counted(e.cards, 'won card')} as the pile",
        "last_call": lambda e, say: "Last call: each claims a word or passes",
        "time_up": lambda e, say: "Time is up",
        "points": lambda e, say: f"{say.who(e.seat)}: {counted(e.points, 'point')}",
    },
    "belote": {
        **COMMON,
        "judged": _judged,
        "hand": _hand("Deal"),
        "played": lambda e, say: f"{say.who(e.seat)} lays {say.cards([e.card])}",
        "proposed": lambda e, say: f"{say.who(e.seat)} proposes {word(e.word)}",
        "revealed": lambda e, say: f"The stack is turned up: {say.cards(e.cards)}",
        "refused": lambda e, say: _refused(e, say, "{who} proposes no word"),
        "takes": lambda e, say: f"{say.who(e.seat)} takes {say.cards(e.cards)} for the team",
        "last_words": lambda e, say: "Last words: each may propose one last word",
        "deal_points": _deal_points,
    },
    "daker": {
        **BETTING,
        "community": lambda e, say: f"{counted(e.count, 'community card')} face down",
        "turned": lambda e, say: f"A community card is turned: {say.cards([e.card])}",
        "discarded": lambda e, say: (f"{say.who(e.seat)} discards {say.cards(e.cards)}" if e.cards
                                     else f"{say.who(e.seat)} keeps the hand"),  # fmt: skip
        "drew": lambda e, say: (f"{say.who(e.seat)} draws {say.cards(e.cards)}" if e.cards
                                else f"{say.who(e.seat)} draws nothing"),  # fmt: skip
        "reshuffled": lambda e, say: _RESHUFFLED.format(n=e.count),
        "shown": _shown(lambda e: daker_hand(e.hand)),
        "replay": lambda e, say: f"A tie: {say.all(e.seats)} play again",
    },
    "yahtzee_holdem": {
        **BETTING,
        "dealt": lambda e, say: f"{say.who(e.seat)} is dealt {say.cards(e.dice)}",
        "rolled": lambda e, say: f"{_STREETS.get(e.street, 'Dice rolled')}: {say.cards(e.dice)}",
        "shown": _shown(lambda e: dice_hand(e.hand) if e.hand not in ("", "-") else "", "dice"),
    },
    "chinese": {
        **COMMON,
        "hand": _hand("Hand"),
        "reserved": lambda e, say: f"{say.who(e.seat)} is dealt the next hand, face down: {say.cards(e.cards)}",
        "aside": lambda e, say: f"A hand is set aside: {say.cards(e.cards)}",
        "set_hand": lambda e, say: (f"{say.who(e.seat)} sets {_rows(e.placement, say)}"
                                    if any(getattr(e.placement, row) for row in _ROWS)
                                    else f"{say.who(e.seat)} has set the hand"),  # fmt: skip
        "placed": lambda e, say: f"{say.who(e.seat)} places {_rows(e.placement, say)}",
        "surrendered": lambda e, say: f"{say.who(e.seat)} surrenders the hand",
        "fouled": lambda e, say: f"{say.who(e.seat)} fouls: the rows are out of order",
        "natural_shown": lambda e, say: f"{say.who(e.seat)} shows a natural: {_NATURALS.get(e.name, e.name)}",
        "versus": _versus,
        "scored": lambda e, say: f"{say.who(e.seat)}: {e.units:+d} this hand, total {e.total:+d}",
        "fantasyland": lambda e, say: (f"{say.who(e.seat)} goes to fantasyland: {counted(e.cards, 'card')} "
                                       "next hand"),  # fmt: skip
    },
}

# What a family's hidden pieces are called when counted (a Yahtzee Texas Hold'em die; AlphaPoker's letter cards).
NOUNS = {"yahtzee_holdem": "die", "alphapoker": "letter", "bataille": "letter", "belote": "letter"}
# A family's cards as a person reads them, where their text is not (DAKER's two values).
CARDS: dict[str, Callable[[str], str]] = {"daker": daker_card}


def _shown_with_the_event(family: str, typed: Any, kind: str, say: Say) -> str | None:
    """The kinds whose words need the event's fields beside the kind: POKER CHAMP's shown hand (its full name,
    ``named``) and Chinese poker's shown rows (each row's hand, ``judged``); None for any other."""
    if family == "poker_champ" and kind == "shown":
        e = typed.shown
        named = standard_hand(typed.named) if typed.HasField("named") and typed.named.category else (
            standard_hand(gpb.HandName(category=e.hand)) if e.hand not in ("", "-") else "")  # fmt: skip
        return f"{say.who(e.seat)} shows {say.cards(e.cards)}" + (f": {named}" if named else "")
    if family == "chinese" and kind == "shown":
        e = typed.shown
        return f"{say.who(e.seat)} shows {_rows(e.placement, say, typed.judged if typed.HasField('judged') else None)}"
    return None


_SEAT = re.compile(r"p(\d+)")


def named_text(text: str, names: Sequence[str]) -> str:
    """An engine's text with its seats ("p1") named: for an event this file does not word."""
    return " ".join(seat_name(names, int(m[1])) if (m := _SEAT.fullmatch(w)) else w for w in text.split(" "))


def event_line(event: tpb.TableEvent, names: Sequence[str]) -> str:
    """One event as a line a person reads: its family's typed event in words, seats by ``names`` (each seat's
    player, as the table names it); the engine's text, its seats named, for a kind these words lack."""
    family = event.WhichOneof("game")
    if family is not None:
        typed = getattr(event, family)
        kind = typed.WhichOneof("kind")
        say = Say(names, NOUNS.get(family, "card"), CARDS.get(family, str))
        if kind is not None:
            special = _shown_with_the_event(family, typed, kind, say)
            if special is not None:
                return special
            phrase = PHRASES.get(family, {}).get(kind)
            if phrase is not None:
                return phrase(getattr(typed, kind), say)
    return named_text(event.text, names)
