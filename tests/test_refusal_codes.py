"""Word refusals carry a reason code beside the sentence (issue 38, step 6): one code per cause, each house rule its
own, from the lexicon's verdict to the lexicon service's WordVerdict and to the word games' typed Refused events at
real tables, which a client words in its own language (the page's: tests/web/refusals.test.mjs)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from brelan.api.v1 import alphapoker_pb2 as apb
from brelan.api.v1 import lexicon_pb2 as lpb
from brelan.api.v1 import table_pb2 as tpb
from brelan.clients.client import BrelanClient, SeatHandle, typed
from brelan.lexicon.lexicon import Lexicon, Refusal
from brelan.lexicon.readings import RULEBOOK, Policy
from brelan.server.games import bataille
from brelan.server.games.word_games import Refused, refused_before_codes
from brelan.server.main import ServerThread
from brelan.server.stores import SQLITE_NAME

from conftest import sharing_lexicons
from test_agreement import agreed

# A word of the mini lexicon (tests/data/mini.delaf) for each cause, under the rulebook's house rules.
CAUSES = {
    "chien": None, "XYZZY": Refusal.NOT_IN_LEXICON, "-!": Refusal.NO_LETTERS, "et": Refusal.TOO_SHORT,
    "mangeons": Refusal.CONJUGATED_FORM, "à-côté": Refusal.COMPOUND, "Adjani": Refusal.PROPER_NOUN,
    "elle": Refusal.PRONOUN, "aïe": Refusal.INTERJECTION, "acéto": Refusal.OTHER_KIND,
}  # fmt: skip


def test_each_cause_has_its_code_and_each_house_rule_its_own(mini: Lexicon, tmp_path: Path) -> None:
    assert {word: mini.verdict(word, RULEBOOK).code for word in CAUSES} == CAUSES
    # The house rule named by the code admits the word; the reason still says it in English.
    assert mini.verdict("mangeons", RULEBOOK).reason.startswith("conjugated form of manger")
    for word, rules in {"mangeons": "conjugated", "à-côté": "compound", "Adjani": "proper", "elle": "pronoun",
                        "aïe": "interjection", "acéto": "other", "et": "min=2"}.items():  # fmt: skip
        verdict = mini.verdict(word, Policy.parse(rules))
        assert verdict.admissible and verdict.code is None, (word, rules, verdict)
    # TIRE has one reading, a conjugated form: refused whatever else the rules admit but that.
    assert mini.verdict("tire", Policy.parse("compound,proper,pronoun")).code is Refusal.CONJUGATED_FORM
    # A quick verdict (no reason asked) tells no code either.
    assert mini.quick_verdict("mangeons", RULEBOOK).code is None
    # A lexicon built on agreement: a word one source alone has, and a slip both share, whatever the house rules.
    small = agreed(tmp_path, corpus=False)
    # THAMENG is DELA's alone (MANGEE is admitted: a regular inflection of the ABU's MANGER).
    assert small.verdict("thameng", Policy.parse("all")).code is Refusal.ONLY_ONE_SOURCE
    chevau = small.verdict("chevau", Policy.parse("all"))
    assert chevau.code is Refusal.SLIP and "a slip for cheval" in chevau.reason


def test_the_lexicon_service_says_why_by_code(api: BrelanClient) -> None:
    words = list(CAUSES)
    verdicts = api.check_words(words, lexicon="mini")
    codes = {v.word: lpb.WordRefusal.Name(v.code) for v in verdicts}
    assert codes == {w: f"WORD_REFUSAL_{c.name}" if c else "WORD_REFUSAL_UNSPECIFIED" for w, c in CAUSES.items()}
    assert all(v.reason for v in verdicts)  # the sentence stays beside the code
    # Without reasons (bulk checks), no code either; a house rule admitting the word leaves none.
    assert {v.code for v in api.check_words(words, lexicon="mini", with_reasons=False)} == {0}
    assert api.check_words(["mangeons"], lexicon="mini", policy="conjugated")[0].code == 0
    scored = api.score(["Tr", "Ir", "Rr", "Er"], lexicon="mini")
    assert not scored.admissible and scored.code == lpb.WORD_REFUSAL_CONJUGATED_FORM


def refusals(response: tpb.ActResponse) -> list[tuple[str, str]]:
    """The typed Refused events an action caused: (word, code name) each, checked against their text."""
    out = []
    for event in response.events:
        message = typed(event)
        if message is not None and message.WhichOneof("kind") == "refused":
            refused = message.refused  # type: ignore[attr-defined]
            assert event.text.split()[1:4] == ["refused", refused.word, str(Refusal[lpb.WordRefusal.Name(refused.code)
                                                                              .removeprefix("WORD_REFUSAL_")])]  # fmt: skip
            out.append((refused.word, lpb.WordRefusal.Name(refused.code)))
    return out


def lay_to_claim(players: list[SeatHandle]) -> list[str]:
    """Both seats lay in turn until a claim may be made: the table's cards then."""
    while True:
        view = typed(players[0].view())
        if len(view.table) >= bataille.CLAIM_FROM:  # type: ignore[attr-defined]
            return list(view.table)  # type: ignore[attr-defined]
        players[view.turn].act("lay")  # type: ignore[attr-defined]


def claim(player: SeatHandle, word: str) -> list[tuple[str, str]]:
    return refusals(player.act(f"claim {typed(player.view()).claims} {word}"))  # type: ignore[attr-defined]


def test_a_bataille_table_sends_each_refusal_s_code(api: BrelanClient, mini: Lexicon) -> None:
    info = api.create_table("alphapoker-bataille", {"lexicon": "mini"})
    players = [api.join(info.table_id, seat=s) for s in (0, 1)]
    table = lay_to_claim(players)
    # Three of a letter the table lacks, more than its jokers can give: not on the table.
    absent = next(c for c in "ZYXWKQJV" if c not in {card[0] for card in table})
    word = absent * (3 + sum(card.startswith("?") for card in table))
    assert claim(players[0], word) == [(word, "WORD_REFUSAL_NOT_ON_TABLE")]
    # The table's own letters, in an order the mini lexicon does not have.
    letters = "".join(card[0] for card in lay_to_claim(players) if not card.startswith("?"))[:4]
    assert mini.key_id(letters) is None
    assert claim(players[1], letters) == [(letters, "WORD_REFUSAL_NOT_IN_LEXICON")]
    lay_to_claim(players)
    assert claim(players[0], "-") == [("-", "WORD_REFUSAL_NO_WORD")]
    # The view's last word, as typed events: the same code.
    previous = typed(players[1].view()).previous  # type: ignore[attr-defined]
    assert [p.refused.code for p in previous if p.WhichOneof("kind") == "refused"] == [lpb.WORD_REFUSAL_NO_WORD]


def test_an_alphapoker_table_sends_the_code_in_its_events_and_each_seat_s_view(api: BrelanClient) -> None:
    info = api.create_table("alphapoker", {"lexicon": "mini", "players": "2"})
    players = [api.join(info.table_id, seat=s) for s in (0, 1)]

    def view() -> apb.AlphaPokerView:
        return typed(players[0].view())  # type: ignore[return-value]

    while view().phase == apb.AlphaPokerView.PHASE_EXCHANGE:  # everyone keeps his hand
        players[view().to_act].act("exchange")
    opener = view().to_act
    players[opener].act("bet 1")
    players[1 - opener].act("call")
    players[opener].act("stop")
    assert view().phase == apb.AlphaPokerView.PHASE_REVEAL
    first = view().to_act
    assert refusals(players[first].act("lay")) == [("-", "WORD_REFUSAL_NO_WORD")]
    assert view().seats[first].code == lpb.WORD_REFUSAL_NO_WORD and view().seats[1 - first].code == 0
    # One letter of its hand: no word of one letter is in the mini lexicon.
    hand = typed(players[1 - first].view()).seats[1 - first].hand  # type: ignore[attr-defined]
    card = next(c for c in hand if not c.startswith("?"))
    assert refusals(players[1 - first].act(f"lay {card}")) == [(card[0], "WORD_REFUSAL_NOT_IN_LEXICON")]
    # The deal is over: the view's previous deal says both, by code.
    said = [(e.refused.word, e.refused.code) for e in view().previous if e.WhichOneof("kind") == "refused"]
    assert said == [("-", lpb.WORD_REFUSAL_NO_WORD), (card[0], lpb.WORD_REFUSAL_NOT_IN_LEXICON)]


def test_a_refusal_s_text_form_round_trips_with_its_code() -> None:
    refused = Refused.no_word(1)
    assert str(refused) == "p1 refused - no-word no word" and bataille.parse_event(str(refused)) == refused
    text = "p0 refused CHIENNE not-on-table not on the table: N E"
    assert str(bataille.parse_event(text)) == text and bataille.parse_event(text).code is Refusal.NOT_ON_TABLE


def test_a_table_logged_before_refusals_told_their_code_plays_on_after_the_upgrade(tmp_path: Path, data_dir: Path,
                                                                                  mini: Lexicon) -> None:  # fmt: skip
    """A table in play across the upgrade: its log holds refusals in their older text form (no code), and a
    server of today replays it, never sets it aside, and plays on."""
    own = sharing_lexicons(tmp_path / "node", data_dir)
    server = ServerThread(own, rate=1000.0)
    try:
        with BrelanClient(server.target) as api:
            api.wait_ready()
            table_id = api.create_table("alphapoker-bataille", {"lexicon": "mini"}).table_id
            players = [api.join(table_id, seat=s) for s in (0, 1)]
            lay_to_claim(players)
            assert claim(players[0], "-") == [("-", "WORD_REFUSAL_NO_WORD")]
            tokens = [p.token for p in players]
    finally:
        server.stop()
    with closing(sqlite3.connect(own / SQLITE_NAME)) as db, db:  # as an older server wrote it
        rows = db.execute("SELECT seq, text FROM events WHERE table_id = ? AND text LIKE '% refused %'", (table_id,))
        older = [(refused_before_codes(text), seq) for seq, text in rows.fetchall()]
        assert older and all(text is not None and " no-word " not in text for text, _ in older)
        db.executemany("UPDATE events SET text = ? WHERE table_id = ? AND seq = ?", [(t, table_id, s) for t, s in older])
    again = ServerThread(own, rate=1000.0)
    try:
        with BrelanClient(again.target) as api:
            api.wait_ready()
            assert api.get_table(table_id).status == tpb.TABLE_STATUS_PLAYING
            players = [SeatHandle(api, table_id, seat, token) for seat, token in enumerate(tokens)]
            lay_to_claim(players)  # it plays on
            assert claim(players[1], "-") == [("-", "WORD_REFUSAL_NO_WORD")]
    finally:
        again.stop()
