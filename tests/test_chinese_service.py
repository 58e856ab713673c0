"""The solver served: the ChinesePokerService over gRPC and ``brelan chinese solve``, local and remote alike."""

from __future__ import annotations

import json
from typing import Iterator

import grpc
import pytest

from brelan.clients.cli import main
from brelan.clients.client import BrelanClient
from brelan.server.errors import ServiceError
from brelan.server.games.cards import parse_cards
from brelan.server.games.chinese_rows import Placement
from brelan.server.games.chinese_solver import solve
from brelan.server.main import ServerThread

HAND = "As Ad Kc Kd Qh Qs Jh Td 9c 8s 5h 4d 2c"


@pytest.fixture(scope="module")
def solver_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    server = ServerThread(tmp_path_factory.mktemp("solver"), lexicons=False)
    yield server
    server.stop()


@pytest.fixture
def api(solver_server: ServerThread) -> Iterator[BrelanClient]:
    with BrelanClient(solver_server.target) as client:
        yield client


def test_the_rpc_gives_the_solvers_arrangement_row_by_row(api: BrelanClient) -> None:
    response = api.solve_arrangement(HAND.split())
    solved = solve(parse_cards(HAND))
    assert response.placement == str(solved.placement)
    assert [r.name for r in response.rows] == ["bottom", "middle", "top"]
    assert [list(r.cards) for r in response.rows] == [[str(c) for c in row] for row in solved.placement.rows()]
    assert response.royalties == sum(r.royalty for r in response.rows) == solved.royalties
    assert response.rows[2].hand == "Pair (K 5)" and response.rows[2].hand_fr == "Paire"
    fantasy = api.solve_arrangement((HAND + " 3h 6c 7d").split())
    assert len(fantasy.discards) == 3 and [str(c) for c in Placement.parse(fantasy.placement).discard] == list(fantasy.discards)


@pytest.mark.parametrize("cards, field", [
    (HAND.split()[:12], "cards"),
    ([*HAND.split()[:12], "Zz"], "cards[12]"),
    ([*HAND.split()[:12], "As"], "cards[12]"),
    ((HAND + " 3h 6c 7d 7c 7h").split(), "cards"),
])  # fmt: skip
def test_bad_hands_are_invalid_arguments_naming_the_field(api: BrelanClient, cards: list[str], field: str) -> None:
    with pytest.raises(ServiceError) as caught:
        api.solve_arrangement(cards)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT and caught.value.violations[0][0] == field


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_cli_prints_the_same_here_and_from_a_server(capsys: pytest.CaptureFixture[str],
                                                        solver_server: ServerThread) -> None:
    local = run(capsys, ["chinese", "solve", *HAND.split()])
    remote = run(capsys, ["chinese", "solve", "--server", solver_server.target, HAND])
    assert local == remote and local[0] == 0
    assert local[1].splitlines()[-1] == f"place {solve(parse_cards(HAND)).placement}"
    code, out, _ = run(capsys, ["chinese", "solve", "--json", HAND])
    assert code == 0 and json.loads(out)["royalties"] == solve(parse_cards(HAND)).royalties


def test_the_cli_refuses_a_bad_hand_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["chinese", "solve", "As", "Kd"])
    assert code == 2 and out == "" and err.strip().count("\n") == 0 and "13 to 17" in err
