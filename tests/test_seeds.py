"""A table's seed is injected beside its clock: a server's are secret, a test's are named, so its games replay."""

from __future__ import annotations

from pathlib import Path

from brelan.clients.client import BrelanClient
from brelan.server.main import ServerThread
from brelan.server.seeds import NamedSeeds, SecretSeeds
from brelan.server.seats import sha256
from conftest import current_test, spawn


def first_deals(target: str, tables: int = 2) -> list[tuple[str, str]]:
    """Each new table's published seed hash and its first events (a bots' table of POKER CHAMP, played out)."""
    with BrelanClient(target) as api:
        made = [api.create_table("poker-champ", {"players": "2", "awards_to_win": "1"}, bot_seats=[0, 1]).table_id
                for _ in range(tables)]  # fmt: skip
        return [(api.get_table(t).seed_sha256, " / ".join(e.text for e in list(api.watch(t))[:6])) for t in made]


def test_named_seeds_deal_the_same_games_again_and_secret_ones_do_not(tmp_path: Path) -> None:
    runs = []
    for n, seeds in enumerate((NamedSeeds("again"), NamedSeeds("again"), SecretSeeds())):
        server = ServerThread(tmp_path / str(n), lexicons=False, seeds=seeds)
        try:
            runs.append(first_deals(server.target))
        finally:
            server.stop()
    assert runs[0] == runs[1]  # the same tables, dealt the same
    assert runs[0][0] != runs[0][1]  # each table its own seed
    assert not set(runs[2]) & set(runs[0])


def test_a_test_s_servers_name_their_seeds_by_the_test(tmp_path: Path) -> None:
    """conftest names every in-process server's seeds after the running test; ``brelan serve --test-seeds`` too."""
    server = ServerThread(tmp_path / "thread", lexicons=False)
    try:
        hashes = [seed for seed, _ in first_deals(server.target)]
    finally:
        server.stop()
    expected = NamedSeeds(current_test())
    assert hashes == [sha256(expected.draw()) for _ in hashes]
    process, target = spawn(tmp_path / "spawned")
    try:
        spawned = [seed for seed, _ in first_deals(target)]
    finally:
        process.terminate()
        process.wait(30)
    named = NamedSeeds(f"{current_test()}/serve-0.log")
    assert spawned == [sha256(named.draw()) for _ in spawned]
