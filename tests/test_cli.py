"""The brelan CLI on the embedded lexicon and against a server: same output."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from brelan.clients.cli import build_parser, main

pytestmark = pytest.mark.slow

COMMANDS = [
    ["word", "check", "porte", "mangeons", "ça"],
    ["word", "check", "--json", "--policy", "conjugated", "mangeons"],
    ["word", "explain", "--json", "porte"],
    ["word", "explain", "chevaux"],
    ["word", "score", "--json", "?b=Q", "Ub", "Ib", "Nb", "Tb", "Eb"],
    ["word", "score", "Mr", "Ab", "Nr", "Gb", "Er", "Rb"],
    ["word", "best", "--top", "3", "Er", "Sb", "Tr", "Ab", "Ib", "Nr", "?r"],
    ["word", "best", "--json", "--top", "2", "Zr", "Or", "Ob", "Sr"],
    ["word", "anagram", "--exact", "CHIEN"],
    ["word", "match", "--json", "--max", "6", "CH??T*"],
]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_local_and_server_print_the_same(capsys, data_dir: Path, server, argv: list[str]) -> None:  # type: ignore[no-untyped-def]
    local = run(capsys, [*argv, "--data-dir", str(data_dir)])
    remote = run(capsys, [*argv, "--server", server.target])
    assert local == remote
    assert local[1]


def test_check_output_and_exit_code(capsys, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, ["word", "check", "--json", "porte", "mangeons", "--data-dir", str(data_dir)])
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [(r["key"], r["admissible"]) for r in rows] == [("PORTE", True), ("MANGEONS", False)]
    assert set(rows[0]) >= {"word", "key", "admissible", "reason"}
    assert run(capsys, ["word", "check", "porte", "--data-dir", str(data_dir)])[0] == 0


def test_explain_names_the_sources_and_how_common_a_word_is(capsys, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, ["word", "explain", "thameng", "--data-dir", str(data_dir)])
    assert code == 0 and "THAMENG: not admitted under rulebook (Zipf 0.0)" in out and "only dela" in out
    code, out, _ = run(capsys, ["word", "explain", "chien", "--data-dir", str(data_dir)])
    # The ABU's CHIEN repeats DELA's reading: one row, both sources.
    assert "CHIEN: admitted under rulebook (Zipf 4." in out and "dela + abu" in out and "abu + dela" not in out
    code, out, _ = run(capsys, ["word", "check", "--json", "chien", "thameng", "--data-dir", str(data_dir)])
    rows = {r["key"]: r for r in map(json.loads, out.splitlines())}
    assert rows["CHIEN"]["zipf"] > 4 and rows["THAMENG"]["zipf"] == 0
    assert rows["THAMENG"]["reason"] == "only in DELA: not admitted by default"


def test_best_json_and_hands_file(capsys, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, ["word", "best", "--json", "--top", "2", "Zr", "Or", "Ob", "Sr", "--data-dir", str(data_dir)])
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 2 and set(rows[0]) == {"word", "score", "cards"}
    assert rows[0]["score"] >= rows[1]["score"]
    hands = tmp_path / "hands.txt"
    hands.write_text("Zr Or Ob Sr\n# a comment\nEr Sb Tr Ab Ib Nr ?r\n")
    code, out, _ = run(capsys, ["word", "best", "--top", "1", "--hands", str(hands), "--data-dir", str(data_dir)])
    assert code == 0 and len(out.splitlines()) == 2
    code, out, _ = run(capsys, ["word", "best", "--json", "--hands", str(hands), "--data-dir", str(data_dir)])
    assert [json.loads(line)["hand"][0] for line in out.splitlines()] == ["Zr", "Er"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["word", "best", "Er", "?r", "?b", "?r", "?b", "?r"], "at most 4 jokers"),
        (["word", "score", "Er", "?r"], "cards[1]"),
        (["word", "check", "porte", "--lexicon", "nope"], "nope"),
        (["word", "best", "--hands", "/no/such/file"], "cannot read"),
        (["word", "anagram", "AB1"], "not a letter"),
    ],
)
def test_bad_arguments_one_line_exit_2(capsys, data_dir: Path, argv: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, [*argv, "--data-dir", str(data_dir)])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_entry_point_and_usage_errors(data_dir: Path) -> None:
    env = dict(os.environ, BRELAN_DATA_DIR=str(data_dir))
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "word", "best", "--policy", "bogus", "Er"], capture_output=True, text=True, env=env)
    assert done.returncode == 2 and "unknown house rule" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "word", "check", "porte"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and "PORTE" in done.stdout
    helptext = subprocess.run([sys.executable, "-m", "brelan.clients.cli", "--help"], capture_output=True, text=True).stdout
    assert "examples:" in helptext and "house rules" in helptext


def test_server_unreachable(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = run(capsys, ["word", "check", "porte", "--server", "127.0.0.1:1"])
    assert code == 2 and "no server answers" in err


def test_lexicon_words_and_info(capsys, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, ["lexicon", "words", "--lexicon", "mini", "--data-dir", str(data_dir)])
    assert code == 0
    assert out.splitlines() == sorted(out.splitlines()) and "CHIENNE" in out.splitlines() and "CHINONS" not in out
    code, out, _ = run(capsys, ["lexicon", "words", "--lexicon", "mini", "--policy", "conjugated", "--data-dir", str(data_dir)])
    assert "CHINONS" in out.splitlines()
    code, out, _ = run(capsys, ["lexicon", "info", "--json", "--data-dir", str(data_dir)])
    assert code == 0 and json.loads(out.splitlines()[0])["name"] == "fr-agreed"


def test_build_a_user_word_list(capsys, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    listing = tmp_path / "maison.txt"
    listing.write_text("chien\nchinons\nbrelanesque\n")
    target = tmp_path / "data"
    code, out, _ = run(capsys, ["lexicon", "build", "--words", str(listing), "--base", "mini", "--data-dir", str(data_dir)])
    assert code == 0 and "built maison" in out
    code, out, _ = run(capsys, ["word", "check", "--json", "--lexicon", "maison", "chien", "chinons", "brelanesque", "chienne", "--data-dir", str(data_dir)])
    verdicts = {r["key"]: r for r in map(json.loads, out.splitlines())}
    assert verdicts["CHIEN"]["admissible"] and verdicts["BRELANESQUE"]["admissible"]
    assert not verdicts["CHINONS"]["admissible"] and "conjugated" in verdicts["CHINONS"]["reason"]
    assert verdicts["CHIENNE"]["reason"] == "not in the lexicon"
    assert not target.exists()


def test_lexicon_diff_lists_what_one_admits_and_the_other_does_not(capsys, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    listing = tmp_path / "petit.txt"
    listing.write_text("chien\nchinons\nbrelanesque\n")
    assert run(capsys, ["lexicon", "build", "--words", str(listing), "--base", "mini", "--data-dir", str(data_dir)])[0] == 0
    mini = set(run(capsys, ["lexicon", "words", "--lexicon", "mini", "--data-dir", str(data_dir)])[1].split())
    code, out, err = run(capsys, ["lexicon", "diff", "mini", "petit", "--data-dir", str(data_dir)])
    lines = out.splitlines()
    assert code == 0 and lines == sorted(lines, key=lambda line: (line[0] == "+", line))
    assert {line[2:] for line in lines if line.startswith("- ")} == mini - {"CHIEN"}
    assert [line for line in lines if line.startswith("+ ")] == ["+ BRELANESQUE"]  # CHINONS: conjugated, in neither
    assert f"{len(mini) - 1} of them not by petit" in " ".join(err.split())
    code, out, _ = run(capsys, ["lexicon", "diff", "mini", "petit", "--policy", "conjugated", "--json",
                                "--data-dir", str(data_dir)])  # fmt: skip
    answer = json.loads(out)
    assert "CHINONS" not in answer["only_b"] and answer["both"] == 2  # CHIEN and CHINONS, now a common word of both
    assert run(capsys, ["lexicon", "diff", "mini", "nothere", "--data-dir", str(data_dir)])[0] == 2


def test_lexicon_build_list_says_which_sources_are_here_and_how_to_get_the_others(capsys, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    from brelan.lexicon.sources import grammalecte

    code, out, _ = run(capsys, ["lexicon", "build", "--list", "--json", "--data-dir", str(data_dir)])
    listed = {r["name"]: r for r in map(json.loads, out.splitlines())}
    assert code == 0 and listed["fr-agreed"]["present"] and listed["fr-agreed"]["built"]
    assert listed["fr-dela"]["present"]  # a house rule a table may choose: built when asked
    assert listed["mini"]["built"] and listed["mini"]["present"]
    gram = grammalecte.available()
    assert listed["fr-union"]["present"] is gram
    assert listed["fr-union"]["get"] == ("" if gram else "apt-get install python3-grammalecte")
    code, out, _ = run(capsys, ["lexicon", "build", "--list", "--data-dir", str(data_dir)])
    assert code == 0 and out.splitlines()[0].startswith("fr-agreed") and "built" in out.splitlines()[0]


ROOT = Path(__file__).parent.parent


def readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def test_two_readme_commands_set_up_a_fresh_machine_and_ci_runs_the_second() -> None:
    """Install-and-serve, then the tests: each one line making the virtual environment it uses (a distribution's
    own Python refuses pip outside one), and the second is what .ci/run runs, as written."""
    commands = [line.strip() for line in readme_section("Set-up on a fresh machine").splitlines()
                if line.startswith("    python3 ")]  # fmt: skip
    assert len(commands) == 2
    install, tests = commands
    for command in commands:
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install ")
    assert install.endswith(" && .venv/bin/brelan serve") and tests.endswith(" && .venv/bin/python -m pytest")
    assert tests in (ROOT / ".ci" / "run").read_text().splitlines()


def test_several_nodes_example_runs_on_one_host() -> None:
    """Every command of "Running several nodes" parses (no flag `brelan serve --help` lacks); the nodes started
    on one host take distinct ports, gRPC and browsers'."""
    section = readme_section("Running several nodes")
    lines = [line.split("#")[0].replace("&", "").strip() for line in section.splitlines()
             if line.startswith("    brelan ")]  # fmt: skip
    inline = re.findall(r"`(brelan serve [^`]*)`", " ".join(section.split()))  # a command in the text
    parser = build_parser()
    parsed = [parser.parse_args(shlex.split(command)[1:]) for command in lines + inline]  # an unknown flag exits 2
    one_host = [args for args in parsed[: len(lines)] if args.command == "serve"]
    assert len(one_host) >= 2
    for port in ("port", "web_port"):
        assert len({getattr(args, port) for args in one_host}) == len(one_host), port
