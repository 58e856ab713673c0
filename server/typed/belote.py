"""AlphaPoker belote's and secret belote's typed contract (one family: secret belote's view hides more)."""

from __future__ import annotations

from brelan.api.v1 import belote_pb2 as bpb
from brelan.api.v1 import game_pb2 as gpb
from brelan.lexicon.cards import Card

from ..games import belote as game
from .bataille import MOVED, typed_events, word_move
from .family import Family, enum_of, house_rules, legal_space, seats


def view(v: game.BeloteView) -> bpb.BeloteView:
    required = None if v.required is None else enum_of(bpb.BeloteView.LetterKind, v.required)  # None: any card
    message = bpb.BeloteView(
        stage=enum_of(bpb.BeloteView.Stage, v.stage), deal=v.deal, dealer=v.dealer, to_act=v.to_act,
        table=[str(c) for c in v.table], required=required, deal_points=v.deal_points, taken=v.taken,
        taken_cards=[bpb.BeloteView.TakenCards(cards=[str(c) for c in t.cards]) for t in v.taken_cards],
        totals=v.totals, target=v.target, word_length=v.word_length, secret=v.secret, lexicon=v.lexicon,
        previous=typed_events(FAMILY, game.parse_event, v.previous), policy=v.policy,
        house_rules=house_rules(v.policy), champions=v.champions,
    )  # fmt: skip
    teams = [game.team_of(s) for s in range(len(v.hands))]
    seats(message.seats, len(v.hands), {"hand": v.hands, "team": teams}, pending=v.pending)
    if v.seat is not None and v.stage == game.Stage.LAY and v.to_act == v.seat:  # the cards it may lay, the rules'
        mine = [c for c in v.hands[v.seat] if isinstance(c, Card)]
        message.seats[v.seat].playable.extend(str(c) for c in game.fitting(mine, v.required))
    return message


def space(v: game.BeloteView, legal: list[game.Action]) -> gpb.LegalSpace:
    """A card to lay as a choice of one (the generic space: a hand may fit more than a list holds); a proposal as a word of the
    table as the seat sees it (secret belote: the top card, the others ``??``), whenever the seat may
    propose and the table holds enough cards for a word, though the legal list suggests no word; then pass."""
    result = gpb.LegalSpace()
    spelt = len(v.table) >= v.word_length  # no word can be proposed from fewer cards than its least length
    if v.stage in ("propose", "last") and v.seat is not None and v.seat == v.to_act and spelt:
        result.moves.append(word_move("propose", v.table, v.word_length))
    result.MergeFrom(legal_space([a for a in legal if not isinstance(a, game.Propose)]))
    return result


FAMILY = Family(
    field="belote", view=view, event=bpb.BeloteEvent, events=game.EVENTS, action=bpb.BeloteAction,
    actions=(game.Lay, game.Propose, game.Pass), result=bpb.BeloteResult, space=space,
    moved={**MOVED, "over": "stage (STAGE_OVER)"},
)  # fmt: skip
FAMILIES = {game.VARIANT.name: FAMILY, game.SECRET_VARIANT.name: FAMILY}  # variant name -> its family
