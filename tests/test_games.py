"""One consistency test for every game (OpenSpiel's ``random_sim_test``): each variant and mode the registry declares
(``Variant.modes``), played to its end by random legal moves, engine and typed contract together.

A game registered alone (no typed family, no mode, no terminal screen) fails here first. What is checked at every
move: the move listed applies; a move the rules refuse is a ``GameError`` with a reason; every action and event
reads back from its text and from its typed message (the redacted events each receiver gets too); between hands
the chips or cards are conserved; every receiver's view hides what the events hid from it, has its typed view, and
is drawn by ``brelan play``; the pending seats' legal moves make a typed space; the result is typed; and the game's
seed and actions replay to the same events.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import json
import random
import typing
from collections import Counter
from typing import Any, Iterator

import pytest
from rich.console import Console

from brelan.clients.play import SCREENS, render
from brelan.lexicon.store import Store
from brelan.server.games.base import GameError, Variant, jsonable, option_specs
from brelan.server.games.levels import LEVEL_NAMES
from brelan.server.games.registry import MODES, VARIANTS, playable
from brelan.server.games.selfplay import play
from brelan.server.games.transcript import game_rng
from brelan.server.typed.family import Family
from brelan.server.typed.records import fill, record_of, snake
from brelan.server.typed.registry import FAMILIES

CASES = [pytest.param(variant, options, id=f"{variant}-{mode}".strip("-")) for variant, mode, options in MODES]
SEEDS = [1, 2]
MOST_ACTIONS = 20_000  # the modes' options keep games short: a few hundred actions


def test_the_registry_the_typed_families_and_the_terminal_know_the_same_games() -> None:
    assert set(FAMILIES) == set(VARIANTS), "a game without its typed contract (server/typed/), or the reverse"
    assert set(SCREENS) == set(VARIANTS), "a game brelan play cannot draw (clients/play.py SCREENS)"
    assert {variant for variant, _, _ in MODES} == set(VARIANTS), "a game that declares no mode (Variant.modes)"
    for name, variant in VARIANTS.items():
        if variant.mode_option:
            [spec] = [s for s in option_specs(variant.options, variant.make_options({})) if s.name == variant.mode_option]
            assert set(variant.modes) == set(spec.choices), f"{name}: a mode without its quick options"
            assert all(options[variant.mode_option] == mode for mode, options in variant.modes.items())
        else:
            assert list(variant.modes) == [""], name
        for options in variant.modes.values():
            variant.make_options(dict(options))
        facts = variant.facts  # declared, and true of the game's parts
        assert facts.judges_words == (variant.bind is not None), name
        assert facts.realtime == (variant.bot_seconds is not None), name
        assert facts.reviews_hands == (variant.review is not None), name
        assert facts.team_size in (0, 2) and facts.round_name in ("hand", "deal", ""), name
        assert tuple(variant.bots) == LEVEL_NAMES, f"{name}: its bots at every level, weakest first"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_views_phases_are_named_like_the_apis(variant: str) -> None:
    """An engine view's enum (a phase, a stage, a street) has the members of the typed view's enum of the same name,
    named alike: the engine's EXCHANGE is the API's PHASE_EXCHANGE, and no member of either lacks its match."""
    game, family = VARIANTS[variant], FAMILIES[variant]
    hints = typing.get_type_hints(game.view_type)
    typed_view = typing.get_type_hints(family.view)["return"].DESCRIPTOR
    enums = {name: hint for name, hint in hints.items() if isinstance(hint, type) and issubclass(hint, enum.Enum)}
    for name, kind in enums.items():
        values = typed_view.fields_by_name[name].enum_type.values
        prefix = f"{name.upper()}_"
        assert {v.name for v in values} == {f"{prefix}UNSPECIFIED", *(prefix + m.name for m in kind)}, (variant, name)
    # Each game's state of play is one of these enums (POKER CHAMP's stage is a number, its view's phase the API's)
    assert enums or variant == "poker-champ", f"{variant}: its view's phase is no enum"


class Receivers:
    """What the events told each receiver (each seat, and None for a spectator): the pieces hidden from it, and
    every word it was shown."""

    def __init__(self, players: int) -> None:
        self.hidden: dict[int | None, Counter[str]] = {r: Counter() for r in [*range(players), None]}
        self.seen: dict[int | None, set[str]] = {r: set() for r in self.hidden}

    def tell(self, state: Any, event: Any) -> list[Any]:
        """``event`` as each receiver gets it (its words hidden from them noted); the redacted events."""
        redacted = []
        for receiver in self.hidden:
            shown = state.redact(event, receiver)
            self.hidden[receiver] += Counter(str(event).split()) - Counter(str(shown).split())
            self.seen[receiver] |= set(str(shown).split())
            redacted.append(shown)
        return redacted

    def secrets(self, receiver: int | None) -> set[str]:
        """Words an event hid from ``receiver`` and none showed it."""
        return set(self.hidden[receiver]) - self.seen[receiver]


def words(value: Any) -> Iterator[str]:
    """Every word of every string in a view (JSON) or a message."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for item in value.values():
            yield from words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from words(item)
    elif hasattr(value, "ListFields"):
        for _, item in value.ListFields():
            yield from words(list(item) if hasattr(item, "__len__") and not isinstance(item, str) else item)


# Records read back as their text says (a die's identity in its bag, say, is the engine's alone, not the text's).


def check_action(game: Variant, family: Family, action: Any) -> None:
    text = str(action)
    assert str(game.parse_action(text)) == text
    message = family.action_message(action)
    assert family.text_of(message, family.field) == text, (text, message)


def check_event(game: Variant, family: Family, event: Any) -> None:
    text = str(event)
    assert str(game.parse_event(text)) == text
    typed = family.event_message(event)
    kind = typed.WhichOneof("kind")
    assert kind == snake(type(event).__name__)
    assert str(record_of(type(event), getattr(typed, kind))) == text, (text, typed)


def check_refusal(state: Any, rng: random.Random, seats: list[int], action: Any) -> None:
    """A listed move tried by a seat the rules may not let make it: refused with a reason, or legal (not made)."""
    seat = rng.randrange(state.players)
    if seat not in seats and not state.can_apply(seat, action):
        with pytest.raises(GameError) as refused:
            state.apply(seat, action)
        assert refused.value.reason and str(refused.value), action


def check_views(game: Variant, family: Family, state: Any, told: Receivers) -> None:
    for receiver in told.hidden:
        view = state.view(receiver)
        assert type(view) is game.view_type, "Variant.view_type names its views' class"
        shown = jsonable(view)
        back = game.view_from_json(json.dumps(shown))  # the engine's view again, as far as its text says (a die's
        assert type(back) is type(view) and jsonable(back) == shown  # identity apart), for a client's bots
        typed = family.view(view)
        leaked = told.secrets(receiver) & ({*words(shown)} | {*words(typed)})
        assert not leaked, f"the view of {receiver} shows {sorted(leaked)}, which the events hid from it"
        legal = [] if receiver is None or state.is_over else state.legal_actions(receiver)
        if legal:
            assert family.space_of(view, legal).moves
        screen = render(game, "t-0", view, [str(a) for a in legal], [])
        Console(file=io.StringIO(), width=100).print(screen)


def random_game(game: Variant, family: Family, options: Any,
                seed: int) -> tuple[list[str], list[tuple[int | None, Any]]]:  # fmt: skip
    """Play the game to its end by random legal moves, checking as it goes: its events' text, and its actions."""
    state = game.new_game(options, game_rng(f"consistency/{seed}"))
    rng = random.Random(seed)
    told = Receivers(state.players)
    events = list(state.start_events)
    for event in events:
        check_event(game, family, event)
        for shown in told.tell(state, event):
            check_event(game, family, shown)
    actions: list[tuple[int | None, Any]] = []
    check_views(game, family, state, told)
    while not state.is_over:
        assert len(actions) < MOST_ACTIONS, "no end in sight"
        movers = [(s, legal) for s in sorted({*state.pending(), *state.claimants()}) if (legal := state.legal_actions(s))]
        if movers:
            seat, legal = rng.choice(movers)
            action = rng.choice(legal)
            check_refusal(state, rng, [s for s, _ in movers], action)
        else:  # nobody may move: the rules' own move (time up, the next deal)
            system = state.legal_actions(None)
            assert system, "nobody may move and the game is not over"
            seat, action = None, system[0]
        check_action(game, family, action)
        hand = state.hand_number
        made = state.apply(seat, action)
        actions.append((seat, action))
        for event in made:
            check_event(game, family, event)
            for shown in told.tell(state, event):
                check_event(game, family, shown)
        events += made
        if state.hand_number != hand or state.is_over:  # between hands, nothing is in flight
            assert game.conserved(state.view(None)), "chips or cards not conserved"
            check_views(game, family, state, told)
    places = state.places()  # the champions first; every place a seat's in the game
    assert all(places[c] == 1 for c in state.champions) and all(1 <= p <= state.players for p in places.values())
    result = state.result  # a record of the typed result message's fields, which reads as that message
    assert [f.name for f in dataclasses.fields(result)] == list(family.result.DESCRIPTOR.fields_by_name)
    assert family.result_message(jsonable(result)) == fill(family.result(), result)
    return [str(e) for e in events], actions


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant, options", CASES)
def test_every_game_plays_to_its_end_by_its_rules_and_its_contract(store: Store, variant: str, options: dict[str, str],
                                                                   seed: int) -> None:  # fmt: skip
    game = playable(variant, store.get)
    family = FAMILIES[variant]
    parsed = game.make_options(options)
    events, actions = random_game(game, family, parsed, seed)
    again = game.new_game(parsed, game_rng(f"consistency/{seed}"))  # (seed, actions) is the whole game
    replayed = [str(e) for e in again.start_events]
    for seat, action in actions:
        replayed += [str(e) for e in again.apply(seat, action)]
    assert replayed == events and again.is_over


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("variant, options", CASES)
def test_each_level_s_bots_play_legal_moves_to_the_end(store: Store, variant: str, options: dict[str, str],
                                                         level: str) -> None:  # fmt: skip
    """Every seat a bot of the level, each its own (a bot may remember), to the game's end: every move they make
    applies (a move the rules refuse fails here), and the chips or cards are conserved between hands."""
    game = playable(variant, store.get)
    played = play(game, game.make_options(options), f"levels/{level}", levels=[level] * 8)
    assert played.state.is_over and played.conserved
