"""What the typed views and events say the rules decided (issue 38, step 3): each seat's best hand now, a Chinese
board's rows judged, a shown hand's full name, a laid word's score parts, what each row settled between two seats,
the cards a belote seat may lay.

They are the engines' answers, written out (server/typed/), and they show a receiver nothing hidden from it: a best
hand or a judged row is made only of the pieces its view shows, and an event's notes only of what every receiver
saw. Games are played here in process, by random legal moves, for every variant and mode of the families concerned;
tests/test_redaction.py checks the same through the server, where the events' notes are made.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from brelan.lexicon.scoring import score_cards
from brelan.lexicon.store import Store
from brelan.server.games import alphapoker, belote, chinese, daker, poker_champ, yahtzee_holdem
from brelan.server.games.base import Back
from brelan.server.games.cards import Card
from brelan.server.games.chinese_rows import ROWS
from brelan.server.games.chinese_scoring import Royalties
from brelan.server.games.daker_cards import best_hand
from brelan.server.games.dice import evaluate as dice_value
from brelan.server.games.evaluator import describe, evaluate
from brelan.server.games.registry import MODES, playable
from brelan.server.games.transcript import game_rng
from brelan.server.typed import hands
from brelan.server.typed.chinese import judged
from brelan.server.typed.family import HandSoFar
from brelan.server.typed.registry import family_of

JUDGED = ("poker-champ", "daker", "yahtzee-holdem", "chinese", "alphapoker", "alphapoker-belote",
          "alphapoker-belote-secrete")
CASES = [pytest.param(v, o, id=f"{v}-{m}".strip("-")) for v, m, o in MODES if v in JUDGED]


def play(variant: str, options: dict[str, str], seed: int, store: Store | None) -> Iterator[tuple[Any, list[Any], Any]]:
    """A game by random legal moves: (the state, the hand's events so far as a spectator saw them, the new event) for
    every event, and (the state, [], None) after each action."""
    game = playable(variant, store.get if store is not None else None)
    made = game.make_options(dict(options))
    state = game.new_game(made, game_rng(f"judged/{seed}"))
    rng = random.Random(seed)
    hand: list[Any] = []

    def told(events: list[Any]) -> Iterator[tuple[Any, list[Any], Any]]:
        for event in events:
            if game.starts_hand(event):
                hand.clear()
            yield state, list(hand), event
            hand.append(state.redact(event, None))

    yield from told(list(state.start_events))
    for _ in range(3000):
        if state.is_over:
            return
        seats = sorted({*state.pending(), *state.claimants()})
        movers = [(s, legal) for s in seats if (legal := state.legal_actions(s))]
        if movers:
            seat, legal = rng.choice(movers)
            action = rng.choice(legal)
        else:
            seat, action = None, state.legal_actions(None)[0]
        yield from told(state.apply(seat, action))
        yield state, [], None


def check_best(variant: str, state: Any) -> None:
    """Each receiver's view gives a best hand for its own seat alone (the only cards it sees), the engine's."""
    for receiver in [*range(state.players), None]:
        view = state.view(receiver)
        typed = family_of(variant).view(view)  # type: ignore[union-attr]
        for s, seat in enumerate(typed.seats):
            if not seat.HasField("best"):
                continue
            assert s == receiver, f"{variant}: the view of {receiver} gives seat {s}'s best hand"
            if variant == "poker-champ":
                assert seat.best == hands.standard(evaluate([*view.holes[s], *view.board]))
            elif variant == "yahtzee-holdem":
                assert seat.best == hands.dice_hand(dice_value([*view.dice[s], *view.board]))
            else:
                turned = [c for c in view.community if not isinstance(c, Back)]
                take = 2 if view.mode == "holdem" and len(turned) >= 2 else 0
                assert seat.best == hands.daker(best_hand(view.cards[s], turned, community_take=take))
        if receiver is not None and variant == "poker-champ":
            mine = view.holes[receiver]
            assert typed.seats[receiver].HasField("best") == (bool(mine) and len(view.board) >= 3)


def check_boards(state: Any) -> None:
    """Each seat's board judged from the cards this receiver sees of it, nothing from a back."""
    for receiver in [*range(state.players), None]:
        view = state.view(receiver)
        typed = family_of("chinese").view(view)  # type: ignore[union-attr]
        for s, seat in enumerate(typed.seats):
            shown = {row: [c for c in view.boards[s][row] if isinstance(c, Card)] for row in ROWS}
            open_face = view.style != chinese.Style.CLASSIC.value
            expected = judged(shown, fantasyland=open_face and not view.fantasy[s])
            assert (seat.judged if seat.HasField("judged") else None) == expected, (receiver, s)
            if not any(shown.values()):
                assert not seat.HasField("judged")


def check_playable(variant: str, state: Any) -> None:
    """Belote: the cards a seat may lay now are in its own view (the legal lays), in no other."""
    for receiver in [*range(state.players), None]:
        typed = family_of(variant).view(state.view(receiver))  # type: ignore[union-attr]
        for s, seat in enumerate(typed.seats):
            laid = [str(a.card) for a in state.legal_actions(s) if isinstance(a, belote.Lay)] if s == receiver else []
            assert list(seat.playable) == laid, (receiver, s)


def check_notes(variant: str, state: Any, hand: list[Any], event: Any) -> None:
    """An event's notes are the engine's answers, made of what every receiver saw."""
    family = family_of(variant)
    assert family is not None
    message = family.event_message(state.redact(event, None), HandSoFar(lambda: hand, state.options))
    if isinstance(event, poker_champ.Shown):
        assert message.HasField("named") == (event.hand != "-"), str(event)
        if event.hand != "-":
            board = [c for e in hand if isinstance(e, poker_champ.Board) for c in e.cards][-5:]
            value = evaluate([*event.cards, *board])
            assert describe(value).slug == event.hand and message.named == hands.standard(value), str(event)
    elif isinstance(event, alphapoker.WordLaid) and event.cards:
        parts = score_cards(event.cards, state.options.simplified)
        assert (message.word_score.total, message.word_score.length_points) == (parts.score, parts.length_points)
    elif isinstance(event, chinese.Versus) and message.HasField("settled"):
        settled, rules = message.settled, state.options.scoring
        assert [r.row for r in settled.rows] == list(ROWS)
        if settled.foul:
            assert not any(r.HasField("units") for r in settled.rows) and settled.scoop
        else:  # the rows' units, the scoop and royalties paid to anyone make the pair's units
            units = sum(r.units for r in settled.rows)
            units += rules.scoop_bonus * (1 if all(r.outcome > 0 for r in settled.rows) else
                                          -1 if all(r.outcome < 0 for r in settled.rows) else 0)  # fmt: skip
            if rules.royalties == Royalties.ANYONE:
                return  # the royalties are paid apart from the rows: not checked here
            assert units == event.units, (str(event), settled)
    elif isinstance(event, (chinese.Placed, chinese.Shown)):
        assert message.HasField("judged"), str(event)


@pytest.mark.parametrize("variant, options", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_typed_views_and_events_say_what_the_engines_decided(variant: str, options: dict[str, str], seed: int,
                                                                  store: Store) -> None:  # fmt: skip
    notes = 0
    for state, hand, event in play(variant, options, seed, store):
        if event is not None:
            check_notes(variant, state, hand, event)
            notes += 1
        elif variant == "chinese":
            check_boards(state)
        elif variant.startswith("alphapoker-belote"):
            check_playable(variant, state)
        elif variant != "alphapoker":
            check_best(variant, state)
    assert notes


def test_a_chinese_versus_event_says_each_row_s_result() -> None:
    """The rulebook's two-player example, scored by the engine: each row's winner and units, from the first seat's
    side, their sum the pair's units (the scoop bonus apart)."""
    from brelan.server.games.chinese_rows import Placement
    from brelan.server.typed.chinese import notes

    a = chinese.Shown(chinese.Seat(0), Placement.parse("Th Td Tc 3h 3d / 8h 8d 7h 7d 2c / Kc 6d 4c"))
    b = chinese.Shown(chinese.Seat(1), Placement.parse("9s 7s 5s 4s 2s / Kd Qh Jc Ts 9h / 2h 2d 5c"))
    versus = chinese.Versus(chinese.Seat(0), chinese.Seat(1), 1)
    family = family_of("chinese")
    assert family is not None and family.notes is notes
    message = family.event_message(versus, HandSoFar(lambda: [a, b], chinese.ChineseOptions(players=2)))
    rows = [(r.row, r.outcome, r.units) for r in message.settled.rows]
    assert rows == [("bottom", 1, 7), ("middle", -1, -5), ("top", -1, -1)], rows  # full house 6; straight 4; 22: none
    assert not message.settled.scoop and not message.settled.foul
    assert sum(u for _, _, u in rows) == 1 == versus.units
