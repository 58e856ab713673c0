"""AlphaPoker's typed contract: the word poker's view, events, actions, result and legal space."""

from __future__ import annotations

from typing import Any, Sequence

from google.protobuf.message import Message

from brelan.api.v1 import alphapoker_pb2 as apb
from brelan.api.v1 import game_pb2 as gpb
from brelan.lexicon.cards import Laid
from brelan.lexicon.scoring import score_cards

from ..games import alphapoker as game
from .family import Family, HandSoFar, house_rules, legal_space, seats

PHASES = {
    "exchange": apb.AlphaPokerView.PHASE_EXCHANGE, "bet": apb.AlphaPokerView.PHASE_BET,
    "reveal": apb.AlphaPokerView.PHASE_REVEAL, "over": apb.AlphaPokerView.PHASE_OVER,
}  # fmt: skip


def view(v: game.AlphaView) -> apb.AlphaPokerView:
    # The engine's view holds the last deal's end and the laid words as text: each parses back to the records
    # it was written from, so the typed view carries them as typed events and laid cards.
    message = apb.AlphaPokerView(
        phase=PHASES[v.phase], round=v.round, rounds=v.rounds, tie_break=v.tie_break, dealer=v.dealer,
        exchange_round=v.exchange_round, exchange_rounds=v.exchange_rounds, exchange_cap=v.exchange_cap,
        pot=v.pot, carried=v.carried, cap=v.cap, opener=v.opener, voir=v.voir, to_act=v.to_act,
        previous=[FAMILY.event_message(game.parse_event(line)) for line in v.previous], stock=v.stock,
        discards=v.discards, total=v.total, lexicon=v.lexicon, policy=v.policy, house_rules=house_rules(v.policy), simplified=v.simplified,
        champions=v.champions,
    )  # fmt: skip
    columns = {"hand": v.hands, "stack": v.stacks, "bet": v.bets, "in_deal": v.in_deal, "out": v.out,
               "word": [laid(w) for w in v.words], "score": v.scores, "reason": v.reasons,
               "code": v.codes}  # fmt: skip
    seats(message.seats, len(v.stacks), columns, pending=v.pending)
    for seat, cards, score in zip(message.seats, columns["word"], v.scores):
        if cards and score:  # a word that scored: what its score is made of
            seat.word_score.CopyFrom(word_score(cards, v.simplified))
    return message


def word_score(cards: Sequence[Laid], simplified: bool) -> gpb.WordScore:
    """What a word laid with ``cards`` scores if admitted, part by part (the engine's scoring)."""
    parts = score_cards(cards, simplified)
    return gpb.WordScore(length_points=parts.length_points, letter_points=parts.letter_points, doubled=parts.doubled,
                         total=parts.score)  # fmt: skip


def notes(message: Message, record: Any, hand: HandSoFar) -> None:
    """A word laid: its score if admitted, at the table's scoring."""
    if isinstance(record, game.WordLaid) and record.cards:
        simplified = bool(getattr(hand.options, "simplified", False))
        message.word_score.CopyFrom(word_score(record.cards, simplified))  # type: ignore[attr-defined]


def laid(word: str | None) -> tuple[Laid, ...] | None:
    """A word of the engine's view (its laid cards as text, ``Mr ?r=E``) as its cards; None: not laid yet."""
    return None if word is None else tuple(Laid.parse(t) for t in word.split())


def space(v: game.AlphaView, legal: list[game.Action]) -> gpb.LegalSpace:
    """The generic space, with the seat's hand as held (a letter held twice may go twice) for an exchange,
    and a word as bounds alone: finding one is the game, so the space never lists the words to lay."""
    moves = legal_space(legal)
    if not legal or v.seat is None:
        return moves
    held = sorted(str(c) for c in v.hands[v.seat])
    for move in moves.moves:
        if move.kind == game.Exchange.tag:  # type: ignore[attr-defined]
            move.cards.CopyFrom(gpb.CardChoice(cards=held, sizes=move.cards.sizes))
        elif move.kind == game.Lay.tag:  # type: ignore[attr-defined]
            # Any cards held may be laid, none included (no word): the lexicon judges, the rules do not refuse.
            move.word.CopyFrom(gpb.WordChoice(cards=held, min_length=0, max_length=len(held)))
            del move.actions[:]
    return moves


FAMILY = Family(
    field="alphapoker", view=view, event=apb.AlphaPokerEvent, events=game.EVENTS, action=apb.AlphaPokerAction,
    actions=game.ACTIONS, result=apb.AlphaPokerResult, space=space, notes=notes,
    moved={"seat": "GetViewResponse.seat", "legal": "GetViewResponse.legal and space", "over": "phase (PHASE_OVER)",
           "words": "Seat.word (its cards, LaidCard)", "previous": "previous (the typed events)"},
)  # fmt: skip
FAMILIES = {"alphapoker": FAMILY}  # variant name -> its family
