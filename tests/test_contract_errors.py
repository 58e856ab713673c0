"""Option ranges, one declaration each: what ListVariants advertises is what CreateTable accepts.

Every number option's range (``Range`` on its field) is checked by the options class and served by
ListVariants; the ends of each advertised range are accepted and one past them is refused, naming the
option (issue: ``rounds=0`` was reported on ``options[cap]``, ranges were looser than the checks).
"""

from __future__ import annotations

import dataclasses

import grpc
import pytest

from brelan.api.v1.table_pb2 import OptionKind
from brelan.clients.client import BrelanClient
from brelan.server.clock import ManualClock
from brelan.server.games.base import OptionError, OptionSpec, option_specs
from brelan.server.games.registry import VARIANTS
from brelan.server.main import ServerThread
from conftest import advance, error_of

# Where one past an end is another option's fault, the one it names. DAKER holdem seats 8, and its
# default deck of 21 deals to 6: a 7th player needs a larger deck (as tests/test_daker.py pins).
BLAMED = {("daker", "players", "7"): ("deck", "7 players need at least 24 cards; this deck has 21")}


def ranged() -> list[tuple[str, OptionSpec]]:
    """(variant, spec) for every number option, with the range advertised for the defaults."""
    return [(name, spec) for name, variant in VARIANTS.items()
            for spec in option_specs(variant.options, variant.make_options({})) if spec.least or spec.most]  # fmt: skip


def text(spec: OptionSpec, value: float) -> str:
    """An option's text with ``value`` (every value of a list option)."""
    one = str(int(value)) if spec.kind in ("integer", "list") else str(value)
    return ",".join([one] * len(spec.default.split(","))) if spec.kind == "list" else one


def past_ends(spec: OptionSpec) -> list[str]:
    return [text(spec, float(spec.least) - 1), text(spec, float(spec.most) + 1)]


def ends(spec: OptionSpec) -> list[str]:
    return [text(spec, float(spec.least)), text(spec, float(spec.most))]


@pytest.mark.parametrize("variant, spec", ranged(), ids=lambda x: x if isinstance(x, str) else x.name)
def test_the_ends_of_an_advertised_range_are_accepted_and_one_past_them_refused(variant: str, spec: OptionSpec) -> None:
    game = VARIANTS[variant]
    for value in ends(spec):
        game.make_options({spec.name: value})
    low, high = past_ends(spec)
    for value, said in ((low, f"at least {spec.least}"), (high, f"at most {spec.most}")):
        with pytest.raises(OptionError) as e:
            game.make_options({spec.name: value})
        blamed = BLAMED.get((variant, spec.name, value))
        if blamed:
            assert (e.value.name, e.value.why) == blamed
        else:
            assert e.value.name == spec.name and e.value.why.split(" (")[0] == said, e.value


def test_a_bound_that_depends_on_another_option_names_the_option_changed() -> None:
    game = VARIANTS["poker-champ"]
    for options, name in [({"awards_to_win": "8"}, "awards_to_win"), ({"awards_total": "1"}, "awards_total"),
                          ({"awards_to_win": "5", "awards_total": "4"}, "awards_to_win")]:  # fmt: skip
        with pytest.raises(OptionError) as e:
            game.make_options(options)
        assert e.value.name == name, (options, e.value)
    assert game.make_options({"awards_to_win": "9", "awards_total": "9"}).awards_to_win == 9
    alpha = VARIANTS["alphapoker"]
    assert alpha.make_options({"hand": "9", "exchange_cap": "9"}).exchange_cap == 9  # the range moves with the hand
    with pytest.raises(OptionError) as e:
        alpha.make_options({"hand": "5", "exchange_cap": "6"})
    assert (e.value.name, e.value.why) == ("exchange_cap", "at most 5 (0: the rulebook's; at most the hand)")


def test_list_variants_serves_the_ranges_the_checks_use(api: BrelanClient) -> None:
    served = {v.name: {o.name: (o.least, o.most) for o in v.options} for v in api.list_variants()}
    for variant, spec in ranged():
        assert served[variant][spec.name] == (spec.least, spec.most), (variant, spec)
    assert served["alphapoker"]["players"] == ("2", "8") and served["alphapoker"]["hand"] == ("5", "9")
    assert served["alphapoker-belote"]["min_length"] == ("1", "9") and served["poker-champ"]["players"] == ("2", "6")


@pytest.mark.parametrize("variant", sorted({v for v, _ in ranged()}))
def test_create_table_accepts_every_advertised_end_and_refuses_one_past_naming_the_option(
    api: BrelanClient, word_server: ServerThread, clock: ManualClock, variant: str
) -> None:
    advance(word_server, clock, 60.0)  # the caller's bucket of new tables (5 a second, 100 at once) refills
    served = {o.name: o for o in next(v for v in api.list_variants() if v.name == variant).options}
    for spec in (s for v, s in ranged() if v == variant):
        spec = dataclasses.replace(spec, least=served[spec.name].least, most=served[spec.name].most)
        for value in ends(spec):
            assert api.create_table(variant, {spec.name: value}).table_id
        for value in past_ends(spec):
            e = error_of(api.create_table, variant, {spec.name: value})
            field, _ = BLAMED.get((variant, spec.name, value), (spec.name, ""))
            assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == f"options[{field}]", (value, e)


def test_what_list_variants_advertises_with_any_choice_create_table_accepts(api: BrelanClient) -> None:
    """Each choice offered is accepted, and each number's range holds with every choice: the defaults' range, or
    the one served for that choice (issue 37: DAKER offered the spread limit and refused it, and 5 or 6 players
    with mode=draw; Chinese 4 players with style=pineapple)."""
    for info in api.list_variants():
        game = VARIANTS[info.name]
        numbers = [o for o in info.options if o.least or o.most]
        for option in (o for o in info.options if o.choices):
            for value in option.choices:
                for number in numbers:
                    when = {(r.option, r.value): (r.least, r.most) for r in number.ranges_when}
                    least, most = when.get((option.name, value), (number.least, number.most))
                    for end in {least, most}:
                        count = len(number.default_value.split(",")) if number.kind == OptionKind.OPTION_KIND_LIST else 1
                        game.make_options({option.name: value, number.name: ",".join([end] * count)})
                    if (option.name, value) in when:
                        with pytest.raises(OptionError):
                            game.make_options({option.name: value, number.name: str(int(most) + 1)})
    daker = next(v for v in api.list_variants() if v.name == "daker")
    served = {o.name: o for o in daker.options}
    assert list(served["limit"].choices) == ["fixed", "pot", "no-limit"]
    assert [(r.option, r.value, r.most) for r in served["players"].ranges_when] == [("mode", "draw", "4"), ("mode", "round", "4")]


@pytest.mark.parametrize("variant, option, value", [
    ("alphapoker", "rounds", "0"), ("chinese", "rounds", "0"),
    ("alphapoker", "ante", "-1"), ("alphapoker", "exchange_seconds", "-1"),  # once on options[cap], [bet_seconds]
    ("daker", "small_blind", "0"), ("yahtzee-holdem", "raises", "-1"),  # once on options[stack], [ante]
    ("chinese", "foul", "-1"),  # once on options[scoop_bonus]
])  # fmt: skip
def test_an_error_names_the_option_at_fault(api: BrelanClient, variant: str, option: str, value: str) -> None:
    e = error_of(api.create_table, variant, {option: value})
    assert e.code == grpc.StatusCode.INVALID_ARGUMENT and e.violations[0][0] == f"options[{option}]", e
    assert e.violations[0][1].startswith("at least "), e
