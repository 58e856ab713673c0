"""Finding words: the best words of a hand, anagrams, patterns.

The best-word search walks the signature trie (see :mod:`.sigtrie`) spending
the hand's cards, jokers where a letter is missing, and keeps the top K. It
runs the one-colour hands first (their words score double), so the K-th score
is high early and the bound on each child cuts the rest of the walk.

>>> best_words(lex, parse_hand("Er Sr Tr ?b".split()), top_k=1)   # doctest: +SKIP
[ScoredWord(word='ETES', score=..., cards=(...))]
"""

from __future__ import annotations

import heapq
import re
import time
from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Sequence
from weakref import WeakKeyDictionary

from .cards import COLOURS, LETTER_VALUES, LETTERS, MAX_HAND, Card, CardError, Laid, check_hand
from .fold import fold
from .lexicon import Lexicon
from .readings import RULEBOOK, Policy
from .scoring import base_score, lay, length_points
from .sigtrie import LETTER_INDEX, ROOT

# The signature trie holds the words a hand can lay, so anagrams have at most 9 letters too.
MAX_ANAGRAM_LETTERS = MAX_HAND
MAX_BLANKS = 2
MAX_PATTERN = 64

_VALUES = [LETTER_VALUES[c] for c in LETTERS]
# The most a joker can add below a node of letter index L: the best value from L on.
_BEST_FROM = [max(_VALUES[i:]) for i in range(len(LETTERS))]
_LENGTH_POINTS = [length_points(n) for n in range(MAX_ANAGRAM_LETTERS + 1)]
_NO_LENGTH_POINTS = [0] * (MAX_ANAGRAM_LETTERS + 1)


class SearchError(ValueError):
    """A query the search cannot answer as asked (bad letters, pattern or size)."""


class OutOfTime(Exception):
    """A search ran past the time it was given (:data:`DEADLINE`)."""


# When a search must give up (a time.monotonic() value): a server sets it for the searches it runs
# for a caller, so one wide query cannot hold a worker for long. None (the CLI): no limit.
DEADLINE: ContextVar[float | None] = ContextVar("brelan_search_deadline", default=None)
_CHECK_EVERY = 4096  # keys a search walks between two looks at the clock


def _in_time(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime("the search took longer than it may")


@dataclass(frozen=True, slots=True)
class ScoredWord:
    word: str
    score: int
    cards: tuple[Laid, ...]


@dataclass(frozen=True, slots=True)
class _Trie:
    letter: bytes
    first: memoryview
    bound_any: bytes
    bound_common: bytes
    key_start: memoryview
    keys: memoryview
    key_class: memoryview


# One per open lexicon, gone with it (a rebuilt lexicon replaces the one the store held).
_TRIES: WeakKeyDictionary[Lexicon, _Trie] = WeakKeyDictionary()


def _trie(lex: Lexicon) -> _Trie:
    trie = _TRIES.get(lex)
    if trie is None:
        # The byte arrays are copied out of the map (220 kB each for fr-dela): a bytes
        # object is read faster than a memoryview, and these are read at every child.
        s = lex.sections
        trie = _TRIES[lex] = _Trie(
            bytes(s["node_letter"]), s["node_first"], bytes(s["node_bound_any"]), bytes(s["node_bound_common"]),
            s["node_key_start"], s["sig_keys"], lex.key_class,
        )  # fmt: skip
    return trie


class _TopK:
    """The K best distinct keys seen; ``threshold`` is the K-th best score (0 before K)."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.heap: list[int] = []
        self.best: dict[int, int] = {}
        self.threshold = 0

    def offer(self, key_id: int, score: int) -> None:
        # A key's first offer is its best: the doubled passes run before the
        # mixed one, and both colours double the same base.
        if score < self.threshold or key_id in self.best:
            return
        self.best[key_id] = score
        if len(self.heap) < self.k:
            heapq.heappush(self.heap, score)
        else:
            heapq.heappushpop(self.heap, score)
        if len(self.heap) == self.k:
            self.threshold = self.heap[0]

    def ranked(self, lex: Lexicon) -> list[tuple[str, int]]:
        found = [(lex.key_of(k), s) for k, s in self.best.items() if s >= self.threshold]
        found.sort(key=lambda ks: (-ks[1], ks[0]))
        return found[: self.k]


def _counts(cards: Sequence[Card]) -> tuple[list[int], int]:
    counts = [0] * len(LETTERS)
    jokers = 0
    for card in cards:
        if card.is_joker:
            jokers += 1
        else:
            counts[LETTER_INDEX[card.letter]] += 1
    return counts, jokers


def _passes(hand: Sequence[Card]) -> list[tuple[list[Card], int]]:
    """The one-colour sub-hands (score x2), then the whole hand (x1)."""
    passes = [([c for c in hand if c.colour == colour], 2) for colour in COLOURS]
    return [p for p in passes if p[0]] + [(list(hand), 1)]


def best_words(
    lex: Lexicon, hand: Sequence[Card], policy: Policy = RULEBOOK, top_k: int = 10, simplified: bool = False
) -> list[ScoredWord]:
    """The ``top_k`` admissible words ``hand`` can lay, best first, with the cards to lay."""
    check_hand(hand)
    if top_k < 1:
        raise SearchError("top_k is at least 1")
    top = _TopK(top_k)
    walk = _Walk(lex, policy, top, _NO_LENGTH_POINTS if simplified else _LENGTH_POINTS)
    for cards, mult in _passes(hand):
        counts, jokers = _counts(cards)
        walk.run(counts, jokers, len(cards), mult)
    return [_scored(key, score, hand) for key, score in top.ranked(lex)]


class _Walk:
    """The bounded walk of the signature trie that spends cards (jokers where a letter is missing) and feeds a top K."""

    def __init__(self, lex: Lexicon, policy: Policy, top: _TopK, points_for_length: Sequence[int],
                 min_length: int = 0) -> None:  # fmt: skip
        self.t = _trie(lex)
        self.min_length = max(min_length, policy.min_length)
        # Children are sorted by the rulebook bound, so only a rulebook policy may stop
        # at the first child below the threshold; any other policy skips and goes on.
        # The bounds cover the words a hand can lay: a walk goes 9 letters deep at most.
        self.ordered = policy.is_rulebook_kinds
        self.bound = self.t.bound_common if self.ordered else self.t.bound_any
        self.admitted = lex.admitted_classes(policy)
        self.top = top
        self.points_for_length = points_for_length

    def run(self, counts: list[int], jokers: int, deepest: int, mult: int) -> None:
        """Offer every admissible key of at most ``deepest`` letters these cards make, its score times ``mult``."""
        t, top, bound, ordered = self.t, self.top, self.bound, self.ordered
        letter_of, first_child, key_start, sig_keys, key_class = t.letter, t.first, t.key_start, t.keys, t.key_class
        admitted, min_length, values = self.admitted, self.min_length, _VALUES
        points_for_length = self.points_for_length
        # Signatures are sorted, so below a node of letter L only cards of letters
        # >= L can still be added: with suffix sums of the hand this bounds what
        # any extension can reach, however high the trie's own bound.
        suffix_count, suffix_value = [0] * 27, [0] * 27
        for x in range(25, -1, -1):
            suffix_count[x] = suffix_count[x + 1] + counts[x]
            suffix_value[x] = suffix_value[x + 1] + counts[x] * values[x]

        def visit(node: int, depth: int, points: int, jokers: int) -> None:
            # The threshold only rises when a key is offered: read it again after each offer and descent.
            threshold = top.threshold
            if depth >= min_length:
                s, e = key_start[node], key_start[node + 1]
                if s != e:
                    score = (points + points_for_length[depth]) * mult
                    if score >= threshold:
                        for key_id in sig_keys[s:e]:
                            if admitted[key_class[key_id]]:
                                top.offer(key_id, score)
                        threshold = top.threshold
            if depth == deepest:
                return
            depth += 1
            room = deepest - depth
            for child in range(first_child[node], first_child[node + 1]):
                if bound[child] * mult < threshold:
                    if ordered:
                        break
                    continue
                letter = letter_of[child]
                have = counts[letter]
                if have:
                    left = jokers
                    have -= 1
                elif jokers:
                    left = jokers - 1
                else:
                    continue
                # What any word through this child can reach: its path so far, then
                # cards of letters from this one on, and the jokers at their best.
                gained = points + values[letter]
                more = have + suffix_count[letter + 1] + left
                reach = gained + have * values[letter] + suffix_value[letter + 1] + left * _BEST_FROM[letter]
                if (reach + points_for_length[depth + (more if more < room else room)]) * mult < threshold:
                    continue
                counts[letter] = have
                visit(child, depth, gained, left)
                counts[letter] = have + 1 if left == jokers else have
                threshold = top.threshold

        visit(ROOT, 0, 0, jokers)


def table_words(lex: Lexicon, cards: Sequence[Card], policy: Policy = RULEBOOK, min_length: int = 3,
                top_k: int = 3) -> list[tuple[str, int]]:  # fmt: skip
    """The ``top_k`` admissible words of up to 9 letters these cards (any number) make, by letter values.

    For words proposed from the cards on a table (AlphaPoker's bataille and belote):
    no length points, no colours, a joker worth the letter it stands for. Longer
    words are left out: the trie's bounds, which make the search fast, stop at 9.
    """
    if top_k < 1:
        raise SearchError("top_k is at least 1")
    counts, jokers = _counts(cards)
    top = _TopK(top_k)
    _Walk(lex, policy, top, _NO_LENGTH_POINTS, min_length).run(counts, jokers, min(len(cards), MAX_HAND), 1)
    return top.ranked(lex)


def _scored(key: str, score: int, hand: Sequence[Card]) -> ScoredWord:
    cards = lay(key, hand)
    assert cards is not None, f"{key} was found but cannot be laid from the hand"
    return ScoredWord(key, score, tuple(cards))


class BruteForce:
    """Every admissible key a hand could hold, tried one by one: the baseline and the oracle."""

    def __init__(self, lex: Lexicon, policy: Policy = RULEBOOK) -> None:
        self.lex = lex
        self.policy = policy
        self.candidates = [(key, tuple(Counter(key).items())) for key, _ in lex.admissible_keys(policy, MAX_HAND)]

    def best_words(self, hand: Sequence[Card], top_k: int = 10, simplified: bool = False) -> list[ScoredWord]:
        check_hand(hand)
        passes = [(Counter(c.letter for c in cards if not c.is_joker), sum(c.is_joker for c in cards), len(cards), m)
                  for cards, m in _passes(hand)]  # fmt: skip
        scored = []
        for key, need in self.candidates:
            for have, jokers, size, mult in passes:
                if len(key) <= size and sum(max(0, n - have[c]) for c, n in need) <= jokers:
                    scored.append((key, base_score(key, simplified) * mult))
                    break
        scored.sort(key=lambda ks: (-ks[1], ks[0]))
        return [_scored(key, score, hand) for key, score in scored[:top_k]]


def _letters(text: str, allowed: str, what: str) -> str:
    """Folded letters and the ``allowed`` wildcards; anything else is refused, not dropped."""
    out = []
    for char in text.strip():
        folded = char if char in allowed else fold(char)
        if not folded:
            raise SearchError(f"{what} {text!r}: {char!r} is not a letter; use A-Z and {' '.join(map(repr, allowed))}")
        out.append(folded)
    if not out:
        raise SearchError(f"{what}: give at least one letter")
    return "".join(out)


def anagrams(lex: Lexicon, letters: str, policy: Policy = RULEBOOK, exact: bool = False) -> list[str]:
    """Admissible words made of ``letters`` (``?`` a blank), longest first then alphabetical.

    ``exact`` keeps the words that use every letter.
    """
    letters = _letters(letters, "?", "letters")
    blanks = letters.count("?")
    if len(letters) > MAX_ANAGRAM_LETTERS:
        raise SearchError(f"at most {MAX_ANAGRAM_LETTERS} letters (as many as a hand holds), not {len(letters)}")
    if blanks > MAX_BLANKS:
        raise SearchError(f"at most {MAX_BLANKS} blanks, not {blanks}")
    t = _trie(lex)
    admitted = lex.admitted_classes(policy)
    counts = [0] * len(LETTERS)
    for c in letters.replace("?", ""):
        counts[LETTER_INDEX[c]] += 1
    total = len(letters)
    found: list[int] = []

    def visit(node: int, depth: int, blanks: int) -> None:
        if depth >= policy.min_length and (not exact or depth == total):
            found.extend(k for k in t.keys[t.key_start[node] : t.key_start[node + 1]] if admitted[t.key_class[k]])
        if depth == total:
            return
        for child in range(t.first[node], t.first[node + 1]):
            letter = t.letter[child]
            if counts[letter]:
                counts[letter] -= 1
                visit(child, depth + 1, blanks)
                counts[letter] += 1
            elif blanks:
                visit(child, depth + 1, blanks - 1)

    visit(ROOT, 0, blanks)
    return sorted((lex.key_of(k) for k in found), key=lambda w: (-len(w), w))


def compile_pattern(pattern: str) -> Callable[[str], bool]:
    """A test for keys that ``pattern`` matches (``?`` one letter, ``*`` any run), linear in a key's length.

    A regular expression of ``.*`` would backtrack exponentially on ``*?*?*?...``. A glob
    needs none: the part before the first ``*`` starts the key, the part after the last
    ends it, and each part in between is found leftmost after the one before (leftmost
    always leaves the most room to the rest).

    >>> test = compile_pattern("C*?N*")
    >>> test("CHIEN"), test("CANNE"), test("CN")
    (True, True, False)
    """
    def exact(part: str) -> re.Pattern[str]:
        return re.compile("".join("." if c == "?" else re.escape(c) for c in part))

    parts = pattern.split("*")
    if len(parts) == 1:
        whole = exact(pattern)
        return lambda key: whole.fullmatch(key) is not None
    head, *between, tail = parts
    first, last, middle = exact(head), exact(tail), [exact(p) for p in between if p]
    least = len(pattern) - pattern.count("*")

    def test(key: str) -> bool:
        end = len(key) - len(tail)
        if len(key) < least or not first.match(key) or not last.fullmatch(key, end):
            return False
        at = len(head)
        for part in middle:
            found = part.search(key, at, end)
            if found is None:
                return False
            at = found.end()
        return True

    return test


def match(lex: Lexicon, pattern: str, policy: Policy = RULEBOOK, min_length: int = 0, max_length: int = 0) -> list[str]:
    """Admissible words matching ``pattern`` (``?`` one letter, ``*`` any run), alphabetical.

    Raises :class:`OutOfTime` past :data:`DEADLINE`.
    """
    pattern = _letters(pattern, "?*", "pattern")
    if len(pattern) > MAX_PATTERN:
        raise SearchError(f"a pattern has at most {MAX_PATTERN} characters")
    if max_length and max_length < min_length:
        raise SearchError("max_length is below min_length")
    test = compile_pattern(pattern)
    prefix = re.split(r"[?*]", pattern, maxsplit=1)[0]
    low = max(min_length, policy.min_length)
    deadline = DEADLINE.get()
    out = []
    for n, key in enumerate(lex.trie.iterkeys(prefix)):
        if n % _CHECK_EVERY == 0:
            _in_time(deadline)
        if len(key) >= low and (not max_length or len(key) <= max_length) and test(key) and lex.admissible(key, policy):
            out.append(key)
    out.sort()
    return out


__all__ = ["BruteForce", "CardError", "DEADLINE", "OutOfTime", "ScoredWord", "SearchError", "anagrams", "best_words",
           "compile_pattern", "match", "table_words"]
