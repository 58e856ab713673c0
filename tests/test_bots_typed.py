"""Remote bots decide on the typed view, read back into the engine's, and ask no JSON view where their family can
read it back (issue 42: the JSON view was built, sent and parsed for the bots alone)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from brelan.clients.bots import json_asked, run_remote
from brelan.server.games.registry import get_variant
from brelan.server.games.transcript import game_rng
from brelan.server.main import ServerThread
from brelan.server.typed.registry import FAMILIES

READ_BACK = sorted(name for name, family in FAMILIES.items() if family.engine_view is not None)


@pytest.mark.parametrize("name", READ_BACK)
@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_every_typed_view_reads_back_as_the_engine_view_it_was_made_of(name: str, players: str) -> None:
    variant, family = get_variant(name), FAMILIES[name]
    assert family.engine_view is not None
    options = variant.make_options({"players": players})
    state = variant.new_game(options, game_rng(f"typed/{name}/{players}"))
    rng, bots = random.Random(players), [variant.new_bot() for _ in range(int(players))]
    views = 0
    while True:
        for seat in (None, *range(int(players))):  # a spectator's, and each seat's: its hole face up, the others' backs
            view = state.view(seat)
            assert family.engine_view(family.view(view), seat, list(view.legal)) == view
            views += 1
        if state.is_over:
            break
        seat = state.pending()[0]
        view = state.view(seat)
        state.apply(seat, variant.parse_action(bots[seat](view, list(view.legal), rng)))
    assert views > 10 * (int(players) + 1)  # a whole game of them, to its end


def test_remote_bots_play_poker_champ_without_a_json_view(tmp_path: Path) -> None:
    variant = get_variant("poker-champ")
    assert not json_asked(variant) and json_asked(get_variant("daker"))  # (a family that cannot read back: JSON)
    server = ServerThread(tmp_path, lexicons=False, rate=1000.0)
    try:
        summary = asyncio.run(run_remote(server.target, variant, {"players": "3"}, 2, 1, "typed", lambda n: None))
        assert summary.games == 2 and summary.errors == 0 and summary.conserved, summary.messages
        assert summary.actions > 20
        tables = server.running.tables
        played = [t for t in [*tables.tables.values(), *tables.finished.values()] if t.row.variant == "poker-champ"]
        assert len(played) == 2
        for table in played:  # the views built for its readers: none with the JSON
            assert table.viewed and not any(with_json for _, with_json in table.viewed), table.viewed.keys()
    finally:
        server.stop()
