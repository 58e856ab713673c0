"""The best-word search agrees with brute force; anagrams and patterns with naive scans."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brelan.lexicon.build import build
from brelan.lexicon.cards import Card, deck
from brelan.lexicon.lexicon import Lexicon
from brelan.lexicon.readings import Policy
from brelan.lexicon.scoring import missing_from_hand, score_cards
from brelan.lexicon.cards import LETTER_VALUES, MAX_HAND
from brelan.lexicon.search import BruteForce, SearchError, anagrams, best_words, compile_pattern, match, table_words
from brelan.lexicon.sources.wordlist import WordListSource

DECK = deck()


def random_hands(seed: int, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, rng.randint(3, 9)) for _ in range(count)]


def check_laid(words: list, hand: list[Card], simplified: bool = False) -> None:
    for w in words:
        assert "".join(c.letter for c in w.cards) == w.word
        assert missing_from_hand(list(w.cards), hand) == []
        assert score_cards(list(w.cards), simplified).score == w.score


def as_pairs(words: list) -> list[tuple[str, int]]:
    return [(w.word, w.score) for w in words]


@pytest.mark.slow
@pytest.mark.parametrize("policy", [Policy(), Policy.parse("conjugated,min=2")], ids=str)
def test_best_words_equal_brute_force_on_full_lexicon(full: Lexicon, policy: Policy) -> None:
    oracle = BruteForce(full, policy)
    for hand in random_hands(seed=2026, count=25):
        found = best_words(full, hand, policy, top_k=5)
        assert as_pairs(found) == as_pairs(oracle.best_words(hand, top_k=5)), [c.text for c in hand]
        check_laid(found, hand)


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 2])  # two decks: four jokers, all of them searched
def test_best_words_with_every_joker_and_simplified(full: Lexicon, decks: int) -> None:
    jokers = [c for c in deck(decks) if c.is_joker]
    real = [c for c in DECK if not c.is_joker]
    rng = random.Random(7)
    oracle = BruteForce(full)
    for _ in range(10):
        hand = rng.sample(real, 9 - len(jokers)) + jokers
        for simplified in (False, True):
            found = best_words(full, hand, top_k=3, simplified=simplified)
            assert as_pairs(found) == as_pairs(oracle.best_words(hand, top_k=3, simplified=simplified))
            check_laid(found, hand, simplified)


def test_best_words_on_mini_lexicon_hundreds_of_hands(mini: Lexicon) -> None:
    oracle = {p: BruteForce(mini, p) for p in (Policy(), Policy.parse("all,min=1"))}
    for hand in random_hands(seed=1, count=300):
        for policy, brute in oracle.items():
            assert as_pairs(best_words(mini, hand, policy, top_k=4)) == as_pairs(brute.best_words(hand, top_k=4))


def test_best_word_prefers_the_doubled_colour(mini: Lexicon) -> None:
    hand = [Card.parse(t) for t in "Zr Or Ob Sr Ib".split()]
    (top,) = best_words(mini, hand, top_k=1)
    assert (top.word, top.score, [c.text for c in top.cards]) == ("ZOOS", (5 + 5 + 1 + 1 + 1) * 1, ["Zr", "Or", "Ob", "Sr"])
    hand = [Card.parse(t) for t in "Zr Or Or Sr ?b".split()]
    (top,) = best_words(mini, hand, top_k=1)
    assert (top.word, top.score) == ("ZOOS", 26)


words = st.text(alphabet="ABEILNORSTUQZ", min_size=1, max_size=9)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(vocabulary=st.lists(words, min_size=1, max_size=80, unique=True), seed=st.integers(0, 10**6))
def test_best_words_equal_brute_force_on_random_lexicons(tmp_path_factory: pytest.TempPathFactory, vocabulary: list[str], seed: int) -> None:
    folder = tmp_path_factory.mktemp("lex")
    listing = folder / "words.txt"
    listing.write_text("\n".join(vocabulary))
    lex = Lexicon.open(build("random", [WordListSource(listing, None)], folder).path)
    policy = Policy(min_length=1)
    brute = BruteForce(lex, policy)
    for hand in random_hands(seed, 5):
        assert as_pairs(best_words(lex, hand, policy, top_k=3)) == as_pairs(brute.best_words(hand, top_k=3))


def naive_anagrams(lex: Lexicon, letters: str, policy: Policy, exact: bool) -> list[str]:
    have, blanks = Counter(letters.replace("?", "")), letters.count("?")
    found = [
        k for k, i in lex.trie.iteritems()
        if policy.admits(lex.mask_of(i), len(k)) and len(k) <= len(letters) and (not exact or len(k) == len(letters))
        and sum((Counter(k) - have).values()) <= blanks
    ]  # fmt: skip
    return sorted(found, key=lambda w: (-len(w), w))


@pytest.mark.parametrize("letters, exact", [("CHIENS", False), ("CHIEN?", False), ("EINHC", True), ("ZO??", True), ("EET", False)])
def test_anagrams(mini: Lexicon, letters: str, exact: bool) -> None:
    policy = Policy(min_length=1)
    assert anagrams(mini, letters, policy, exact) == naive_anagrams(mini, letters, policy, exact)
    assert anagrams(mini, letters, policy, exact)


@pytest.mark.slow
def test_anagrams_full(full: Lexicon) -> None:
    found = anagrams(full, "CHIEN", Policy(), exact=True)
    assert found == ["CHIEN", "CHINE", "NICHE"]
    assert found == naive_anagrams(full, "CHIEN", Policy(), exact=True)


@pytest.mark.parametrize("pattern, low, high", [("CH??E*", 0, 0), ("*E", 0, 0), ("*O*", 3, 4), ("PORTE", 0, 0), ("?????", 0, 0)])
def test_match(mini: Lexicon, pattern: str, low: int, high: int) -> None:
    regex = re.compile(pattern.replace("?", ".").replace("*", ".*"))
    policy = Policy()
    expected = sorted(
        k for k, i in mini.trie.iteritems()
        if regex.fullmatch(k) and policy.admits(mini.mask_of(i), len(k)) and len(k) >= low and (not high or len(k) <= high)
    )  # fmt: skip
    assert match(mini, pattern, policy, low, high) == expected


@pytest.mark.parametrize("letters", ["", "AB1", "????", "A" * 10])
def test_bad_anagram_letters(mini: Lexicon, letters: str) -> None:
    with pytest.raises(SearchError):
        anagrams(mini, letters)


def test_bad_pattern(mini: Lexicon) -> None:
    with pytest.raises(SearchError):
        match(mini, "A[B]")
    with pytest.raises(SearchError):
        match(mini, "A*", min_length=5, max_length=3)


def test_lexicon_artefact(mini: Lexicon, tmp_path: Path) -> None:
    m = mini.manifest
    assert m["keys"] == len(mini)
    assert m["skipped_forms"] == 2  # 100-mètres and a,b.c: digits and punctuation cannot be laid
    assert len(m["checksum"]) == 64
    assert mini.admissible("CHIENNE", Policy()) and not mini.admissible("CHINONS", Policy())
    assert mini.key_of(mini.key_id("ZOO")) == "ZOO"


def test_table_words_equal_brute_force_on_big_tables(full: Lexicon) -> None:
    """Words from the cards on a bataille or belote table (any number of cards), by letter values, up to 9 letters."""
    keys = [(key, Counter(key)) for key, _ in full.admissible_keys(Policy(), MAX_HAND)]
    rng = random.Random(12)
    for size in (6, 14, 25):
        cards = deck()
        rng.shuffle(cards)
        letters = [c.letter for c in cards[:size] if not c.is_joker]
        jokers = size - len(letters)
        have = Counter(letters)
        oracle = sorted(((k, sum(LETTER_VALUES[c] for c in k)) for k, need in keys
                         if sum(max(0, n - have[c]) for c, n in need.items()) <= jokers), key=lambda ks: (-ks[1], ks[0]))  # fmt: skip
        assert table_words(full, cards[:size], Policy(), 3, 5) == oracle[:5]
    assert all(len(w) >= 6 for w, _ in table_words(full, [Card(c, "r") for c in "ABCDEFGHIJKLMNOPRSTU"], Policy(), 6, 3))


@settings(max_examples=400, deadline=None)
@given(st.text("AB?*", max_size=8), st.text("AB", max_size=10))
def test_a_compiled_pattern_matches_what_the_regular_expression_does(pattern: str, key: str) -> None:
    regex = re.compile(pattern.replace("?", ".").replace("*", ".*"))
    assert compile_pattern(pattern)(key) == (regex.fullmatch(key) is not None)
