"""Scores worked by hand from the rulebook (section 6)."""

from __future__ import annotations

import pytest

from brelan.lexicon.cards import LETTER_VALUES, Card, CardError, Laid, deck, parse_hand
from brelan.lexicon.scoring import lay, length_points, missing_from_hand, score_cards


def laid(*texts: str) -> list[Laid]:
    return [Laid.parse(t) for t in texts]


def test_deck() -> None:
    cards = deck()
    assert len(cards) == 130
    red = [c for c in cards if c.colour == "r" and not c.is_joker]
    assert len(red) == 64
    assert sum(LETTER_VALUES[c.letter] for c in red) == 121  # the belote total
    assert sum(c.is_joker for c in cards) == 2


@pytest.mark.parametrize(
    "cards, score, doubled",
    [
        # MANGER, two colours: 12 length + M2 A1 N1 G2 E1 R1 = 20
        (("Mr", "Ab", "Nr", "Gb", "Er", "Rb"), 20, False),
        # the same word all red: doubled
        (("Mr", "Ar", "Nr", "Gr", "Er", "Rr"), 40, True),
        # QUINTE, black with the black joker as Q: (12 + 8+1+1+1+1+1) x 2
        (("?b=Q", "Ub", "Ib", "Nb", "Tb", "Eb"), 50, True),
        # the red joker breaks the black colour
        (("?r=Q", "Ub", "Ib", "Nb", "Tb", "Eb"), 25, False),
        # ZOO: 3 + 5+1+1
        (("Zr", "Ob", "Or"), 10, False),
        # 9 letters: 30 + letters
        (("Cr", "Hb", "Ar", "Nb", "Tr", "Eb", "Rr", "Ab", "Ir"), 30 + 2 + 3 + 1 + 1 + 1 + 1 + 1 + 1 + 1, False),
    ],
)
def test_score_by_hand(cards: tuple[str, ...], score: int, doubled: bool) -> None:
    result = score_cards(laid(*cards))
    assert (result.score, result.doubled) == (score, doubled)


def test_simplified_counting_drops_length_points() -> None:
    assert score_cards(laid("?b=Q", "Ub", "Ib", "Nb", "Tb", "Eb"), simplified=True).score == 26


def test_length_points_table() -> None:
    assert [length_points(n) for n in range(1, 11)] == [0, 0, 3, 5, 8, 12, 17, 23, 30, 30]


@pytest.mark.parametrize("text", ["E", "Erb", "1r", "Eg", "?r=", "?r=1", "Er=E", ""])
def test_bad_card_text(text: str) -> None:
    with pytest.raises(CardError):
        Laid.parse(text)


def test_card_text_round_trips() -> None:
    for card in set(deck()):
        assert Card.parse(card.text) == card
    assert Laid.parse("?b=q").text == "?b=Q"


def test_hand_limits() -> None:
    with pytest.raises(CardError, match="at most 9"):
        parse_hand(["Er"] * 10)
    assert len(parse_hand(["?r", "?b", "?r", "?b"])) == 4  # two decks' jokers
    with pytest.raises(CardError, match="at most 4 jokers"):
        parse_hand(["?r", "?b", "?r", "?b", "?r"])


def test_missing_from_hand() -> None:
    hand = parse_hand(["Er", "Tb", "?r"])
    assert missing_from_hand(laid("Er", "Tb", "?r=E"), hand) == []
    assert missing_from_hand(laid("Er", "Er", "Tb"), hand) == [1]
    assert missing_from_hand(laid("Eb"), hand) == [0]


def test_lay_prefers_one_colour_then_real_cards() -> None:
    # ETE can be laid all red (Er Tr ?r=E) for double, or mixed without the joker.
    hand = parse_hand(["Er", "Tr", "Eb", "?r"])
    cards = lay("ETE", hand)
    assert cards is not None and [c.text for c in cards] == ["Er", "Tr", "?r=E"]
    # No one-colour way: real cards first, the joker only for the missing letter.
    hand = parse_hand(["Er", "Tb", "?r", "Sb"])
    cards = lay("TES", hand)
    assert cards is not None and [c.text for c in cards] == ["Tb", "Er", "Sb"]
    assert lay("XYZ", hand) is None
