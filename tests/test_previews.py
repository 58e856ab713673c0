"""The page's previews give Python's answers: the shared cases (tests/data/previews.json) are the engines' own, and
the page's modules give them under ``node --test`` (tests/web/previews.test.mjs).

The rules live in Python. A board draws what the typed views and events say the engines decided; the page works
a move out itself only while it is being made, before it is sent (clients/web/table/previews.js: a word's score as
it is built, a Chinese board as it is arranged, a word's cards as it is typed), and with the tables those previews
need (the letters' values). Here every number of those rules is held to Python's: a royalty, a length's
points or a letter's value changed by hand in the page fails the node test.

    python tests/test_previews.py      # write the cases again from the engines (after a rule changed there)
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from brelan.lexicon.cards import LETTER_VALUES, Card as LetterCard, Laid
from brelan.server.games.cards import RANKS, Card
from brelan.server.games.chinese_rows import ROWS, SIZES
from brelan.server.games.word_games import TableWord, take
from brelan.server.typed.alphapoker import word_score
from brelan.server.typed.chinese import judged

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "previews.json"
NODE_TEST = ROOT / "tests" / "web" / "previews.test.mjs"


# -- the cases -------------------------------------------------------------------------------------------


def _score(laid: list[Laid], simplified: bool) -> dict[str, Any]:
    s = word_score(laid, simplified)
    return {"lengthPoints": s.length_points, "letterPoints": s.letter_points, "doubled": s.doubled, "total": s.total}


def word_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Words of every length from 1 to 12 letters, one colour or two, with jokers, simplified or not; and every letter
    alone in three letters of one colour (its value counted twice over)."""
    letters = list(LETTER_VALUES)
    out = []
    for n in range(1, 13):
        for _ in range(4):
            laid = []
            colour = rng.choice("rb")
            mixed = rng.random() < 0.5
            for _ in range(n):
                letter = rng.choice(letters)
                card = LetterCard("?" if rng.random() < 0.15 else letter, rng.choice("rb") if mixed else colour)
                laid.append(Laid(card, letter))
            out.append(laid)
    out += [[Laid(LetterCard(letter, "r"), letter), Laid(LetterCard("A", "r"), "A"), Laid(LetterCard("?", "r"), "E")]
            for letter in letters]
    return [{"laid": [{"card": str(l.card), "letter": l.letter} for l in laid], "simplified": simplified,
             "score": _score(laid, simplified)} for laid in out for simplified in (False, True)]


def _card(rank: int, suit: int) -> Card:
    return Card(rank * 4 + suit)


def _judged(board: dict[str, list[str]], fantasyland: bool) -> dict[str, Any] | None:
    message = judged({row: [Card.parse(c) if c != "??" else c for c in board[row]] for row in ROWS}, fantasyland)
    if message is None:
        return None
    rows = [{"row": r.row, "complete": r.complete, "royalty": r.royalty,
             "hand": {"category": r.hand.category, "ranks": list(r.hand.ranks)} if r.HasField("hand") else None}
            for r in message.rows]
    return {"rows": rows, "foul": message.foul, "royalties": message.royalties, "fantasyland": message.fantasyland}


def _rows_of(cards: list[Card]) -> dict[str, list[str]]:
    texts = [str(c) for c in cards]
    return {"bottom": texts[:5], "middle": texts[5:10], "top": texts[10:13]}


def row_examples() -> list[dict[str, list[str]]]:
    """One of each hand in each row (every royalty of the table): the 5-card hands of every category and a royal
    flush in the bottom and the middle row; every pair and three of a kind, and high cards, in the top row."""
    fives = ["2c 7d 9h Js Kc", "9c 9d 2h 5s Kc", "9c 9d 5h 5s Kc", "9c 9d 9h 5s Kc", "5c 6d 7h 8s 9c", "Ac 2d 3h 4s 5c",
             "2h 7h 9h Jh Kh", "9c 9d 9h 5s 5c", "9c 9d 9h 9s Kc", "5d 6d 7d 8d 9d", "Ts Js Qs Ks As"]
    boards = []
    for five in fives:
        boards += [{"bottom": five.split(), "middle": [], "top": []}, {"bottom": [], "middle": five.split(), "top": []}]
    for rank in RANKS:
        boards.append({"bottom": [], "middle": [], "top": [f"{rank}c", f"{rank}d", "2h" if rank != "2" else "3h"]})
        boards.append({"bottom": [], "middle": [], "top": [f"{rank}c", f"{rank}d", f"{rank}h"]})
    boards.append({"bottom": [], "middle": [], "top": ["Ac", "Kd", "Qc"]})
    return boards


def board_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Boards being filled (a few cards, some face down) and whole ones (in order or fouled, with royalties, with a top
    row that earns fantasyland or not), each judged for a seat that may enter fantasyland and one that may not."""
    deck = [_card(r, s) for r in range(13) for s in range(4)]
    boards = row_examples()
    for _ in range(160):
        cards = rng.sample(deck, 13)
        board = _rows_of(cards)
        if rng.random() < 0.6:  # being filled
            for row in ROWS:
                board[row] = board[row][: rng.randint(0, SIZES[row])]
        if rng.random() < 0.1:
            board[rng.choice(ROWS)].append("??")
        boards.append(board)
    for _ in range(60):  # whole boards in order, strong ones most (royalties, fantasyland)
        cards = sorted(rng.sample(deck, 13), reverse=True)
        trips = rng.choice(range(13))
        top = [_card(trips, s) for s in range(3)] if rng.random() < 0.3 else cards[10:13]
        rest = [c for c in cards if c not in top][:10]
        boards.append(_rows_of([*rest, *top]))
    boards += [{"bottom": "2c 3d 5h 7s 9c".split(), "middle": ["Ac"], "top": "Kc Kd 4h".split()},  # fouls being made
               {"bottom": "Ac Ad 5h 7s 9c".split(), "middle": "Kc Kd 5c 7d 9h".split(), "top": ["As"]},
               {"bottom": "Ac Ad 5h 7s 9c".split(), "middle": "Kc Kd Ks 7d 9h".split(), "top": []}]
    for rank, top in itertools.product("QKA", ("pair", "high")):  # a top pair of queens and better, in order
        cards = [f"{rank}c", f"{rank}d", "2h"] if top == "pair" else [f"{rank}c", "3d", "2h"]
        boards.append({"bottom": "As Ks Qs Js 9s".split(), "middle": "8h 8c 8d 4c 3d".split(), "top": cards})
    return [{"board": board, "fantasyland": fantasyland, "judged": _judged(board, fantasyland)}
            for board in boards for fantasyland in (True, False)]


def table_word_cases(rng: random.Random) -> list[dict[str, Any]]:
    """Words typed at a table of letter cards: each letter taken by its earliest card, a joker written ?X or left
    over for a missing letter, letters the table lacks."""
    out = []
    letters = "AEIOURSTLNBCDM"
    for _ in range(120):
        table = [f"{rng.choice(letters)}{rng.choice('rb')}" for _ in range(rng.randint(3, 12))]
        table += [f"?{rng.choice('rb')}" for _ in range(rng.choice([0, 0, 1, 2]))]
        rng.shuffle(table)
        word = "".join(rng.choice(letters) for _ in range(rng.randint(2, 7)))
        jokers = sorted(rng.sample(range(len(word)), rng.choice([0, 0, 1]))) if word else []
        taken = take(TableWord(word, frozenset(jokers)), [LetterCard.parse(c) for c in table])
        out.append({"table": table, "letters": word, "jokers": jokers, "cards": taken.cards, "missing": taken.missing})
    return out


def make_cases() -> dict[str, Any]:
    rng = random.Random(38)
    return {
        "letterValues": dict(LETTER_VALUES),
        "words": word_cases(rng),
        "boards": board_cases(rng),
        "tableWords": table_word_cases(rng),
    }


# -- the tests -------------------------------------------------------------------------------------------


def test_the_shared_cases_are_the_engines_answers() -> None:
    """tests/data/previews.json holds what Python says of each case now (``python tests/test_previews.py`` writes it
    again when a rule changes there)."""
    assert json.loads(CASES.read_text()) == make_cases(), "the engines answer otherwise: python tests/test_previews.py"


def test_the_cases_meet_every_rule_of_the_previews() -> None:
    """Every royalty of the table, fouls of each kind, fantasyland earned and not, every word length's points, doubled
    and not, a letter a table lacks and a joker that gives it: a number changed in the page meets a case."""
    cases = make_cases()
    boards = [c["judged"] for c in cases["boards"] if c["judged"]]
    royalties = {(r["row"], r["royalty"]) for b in boards for r in b["rows"]}
    assert {("bottom", n) for n in (2, 4, 6, 10, 15, 25)} <= royalties
    assert {("middle", n) for n in (2, 4, 8, 12, 20, 30, 50)} <= royalties
    assert {("top", n) for n in range(1, 23)} <= royalties
    assert {b["foul"] for b in boards} == {"", "middle", "top", "top-bottom"}
    assert {b["fantasyland"] for b in boards} == {True, False}
    assert {len(c["laid"]) for c in cases["words"] if c["score"]["lengthPoints"]} == set(range(3, 13))
    assert {c["score"]["doubled"] for c in cases["words"]} == {True, False}
    assert any(c["missing"] for c in cases["tableWords"]) and any(c["jokers"] for c in cases["tableWords"])


def test_the_page_s_previews_give_the_engines_answers() -> None:
    """tests/web/previews.test.mjs, under ``node --test``: the page's previews and tables on every shared case."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("BRELAN_REQUIRE_NODE"):
            pytest.fail("Node.js is missing: .ci/run installs it")
        pytest.skip("Node.js is not installed")
    done = subprocess.run([node, "--test", str(NODE_TEST)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def written(cases: dict[str, Any]) -> str:
    """The cases as the file holds them: one case a line."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    parts = [f'"{key}":' + (("[\n" + ",\n".join(one(item) for item in value) + "\n]") if isinstance(value, list)
                            and value and isinstance(value[0], dict) else one(value)) for key, value in cases.items()]
    return "{\n" + ",\n".join(parts) + "\n}\n"


if __name__ == "__main__":
    CASES.parent.mkdir(parents=True, exist_ok=True)
    CASES.write_text(written(make_cases()))
    sys.exit(0)
