"""``brelan play`` as a person at the terminal meets it, line by line: the real CLI in a process of its own, its
table server inside, its input given a line at a time, when the screen asks for it."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

WAIT = 60.0  # seconds a screen is waited for before the test fails (a loaded machine is slow, never that slow)


class Terminal:
    """A ``brelan`` command whose screen is read as it comes and whose keyboard is typed on when the test says."""

    def __init__(self, *argv: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "brelan.clients.cli", *argv], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
        self.screen = ""  # everything shown so far
        self._read = 0  # where the last expect() stopped reading
        self._chunks: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for chunk in iter(lambda: self.process.stdout.read(1), ""):  # type: ignore[union-attr]
            self._chunks.put(chunk)

    def expect(self, pattern: str) -> re.Match[str]:
        """The first match of ``pattern`` shown after the last one expected, waiting for it up to WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while not (found := re.compile(pattern).search(self.screen, self._read)):
            try:
                self.screen += self._chunks.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{pattern!r} not shown in {WAIT:g} s; the screen ends:\n{self.screen[-2000:]}")
        self._read = found.end()
        return found

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def close(self) -> int:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            return self.process.wait(WAIT)
        finally:
            self.process.kill()


def test_a_deal_s_end_gives_way_to_the_next_decision_whose_clock_runs(tmp_path: Path) -> None:
    """Issue 39's leftover: the end of a deal was held on screen until Enter while the next deal's clock already ran
    on the server, so the seconds spent reading it were taken from the player's next decision. Now the screen goes
    on to the decision as soon as it waits, with the seconds the server says are left (600 at most here): the test
    presses no key after folding, and the next decision comes (before: the screen held 'Enter: the next deal' until
    the clock played the default move)."""
    term = Terminal("play", "poker-champ", "--option", "players=2", "--bot-delay", "0", "--clock", "600",
                    "--player", "Tom", "--data-dir", str(tmp_path))  # fmt: skip
    try:
        term.expect(r"\[pay/fold\] > ")  # (a deal the bot folded at once may have ended before)
        term.type("fold")  # the deal ends: the bot takes the pot
        deal = int(term.expect(r"deal (\d+) is over")[1])
        # The next deal's decision (or the one after, the bot folding at once), with no key pressed since the fold.
        later, left = map(int, term.expect(r"(?s)deal (\d+) .*?your move \((\d+) s left\)").groups())
        assert later > deal and 0 < left <= 600
        term.expect(r"\[pay/fold\] > ")
        term.type("q")
        assert term.close() == 0
    finally:
        term.process.kill()
    # The deal's end was shown all the same, its last events in words, the bot named by its level.
    assert "Tom folds" in term.screen and "intermediate bot wins" in term.screen


def test_an_answer_that_names_no_move_is_told_the_moves(tmp_path: Path) -> None:
    """A person's typo was refused in the engine's words, "refused: action: unknown 'cal' in 'cal' (legal: call,
    ...)"; the terminal says it is not a move and lists the moves, and a move of the list still plays."""
    term = Terminal("play", "daker", "--bot-delay", "0", "--player", "Tom", "--data-dir", str(tmp_path))
    try:
        legal = term.expect(r"\[([a-z0-9 /]+)\] > ")[1].split("/")  # DAKER is turn-based: the decision waits
        term.type("cal")
        said = term.expect(r"refused: (.*)\n")[1]
        assert said == f"'cal' is not a move here: type one of {', '.join(legal)} ('?' for help)", said
        term.expect(r"\] > ")
        term.type(legal[0])
        term.expect(r"Tom (calls|checks|folds|bets|raises|is all-in)")
        term.expect(r"\] > |Enter: the next hand")
        term.type("q")
        assert term.close() == 0
    finally:
        term.process.kill()


def play(tmp_path: Path, stdin: Any, env: dict[str, str] | None = None,
         shell: str = "") -> subprocess.CompletedProcess[str]:  # fmt: skip
    """``brelan play daker`` to its end with ``stdin`` as its input (``shell``: a redirection of sh's, `<&-`)."""
    argv = [sys.executable, "-m", "brelan.clients.cli", "play", "daker", "--bot-delay", "0", "--player", "Tom",
            "--data-dir", str(tmp_path)]  # fmt: skip
    if shell:
        argv = ["sh", "-c", f'exec "$0" "$@" {shell}', *argv]
    # The timeout ends a command that hangs (the failure these tests are for), never one that is slow.
    return subprocess.run(argv, stdin=stdin, capture_output=True, text=True, timeout=2 * WAIT,
                          env={**os.environ, **(env or {})})  # fmt: skip


def test_closed_input_is_said_in_one_line(tmp_path: Path) -> None:
    """Review of issue 39's terminal leftovers: with its input closed (sys.stdin None) brelan play hung, the thread
    reading the player's lines killed by an AttributeError before it said the input ended; the code before exited 70
    ('lost sys.stdin'). It says so in one line, before any table is made."""
    done = play(tmp_path, None, shell="<&-")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == "brelan: error: brelan play reads the moves from its standard input, which is closed"
    assert not (tmp_path / "play").exists()


def test_input_that_cannot_be_read_leaves_the_table_in_one_line(tmp_path: Path) -> None:
    """An input opened for writing: its first read fails (OSError), which ended the reading thread and left the
    player's prompt waiting forever; the player leaves, told why in one line."""
    with (tmp_path / "written").open("w") as unreadable:
        done = play(tmp_path, unreadable)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "brelan: error: could not read the moves (OSError: [Errno 9] Bad file descriptor); the seat was left")


def test_a_byte_the_input_s_encoding_lacks_is_a_typo(tmp_path: Path) -> None:
    """'fo\\xffld' typed where the input is strict UTF-8: the reading thread died of a UnicodeDecodeError and the
    prompt waited forever. The byte reads as U+FFFD: a move the table does not know, refused in words; the input's
    end then leaves the table, as it does."""
    with (tmp_path / "typed").open("wb") as typed:
        typed.write(b"fo\xffld\n" * 3)  # (a hand ended before Tom's first decision takes a line: Enter goes on)
    with (tmp_path / "typed").open("rb") as typed:
        done = play(tmp_path, typed, env={"PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "refused: 'fo\ufffdld' is not a move here: type one of " in done.stderr, done.stderr


def test_a_typo_among_many_moves_says_the_help_key_once(tmp_path: Path) -> None:
    """With more than the prompt lists (an open-face placement has dozens), the refusal of a typo said '?' twice:
    "type one of place ..., ... (36 in all; ? lists them) ('?' for help)". Once now."""
    term = Terminal("play", "chinese", "--option", "style=ofc", "--option", "rounds=1", "--bot-delay", "0",
                    "--player", "Tom", "--data-dir", str(tmp_path))  # fmt: skip
    try:
        term.expect(r"\n> ")  # more moves than the prompt lists: it lists none
        term.type("cal")
        said = term.expect(r"refused: (.*)\n")[1]
        assert re.fullmatch(r"'cal' is not a move here: type one of .*, \.\.\. \(\d+ in all; \? lists them\)", said)
        assert said.count("?") == 1, said
        term.type("q")
        assert term.close() == 0
    finally:
        term.process.kill()


# What follows a held hand's end: the hold giving way to the player's move, or the next screen (the table, or the
# end of a hand the bots ended since).
NEXT = r"\(your move has come\)|─ brelan play ─|is over"


def test_a_held_hand_s_end_ends_at_enter_or_gives_way_to_the_player_s_move(tmp_path: Path) -> None:
    """Review of issue 39's terminal leftovers: a hand's end held on screen was never tested (in heads-up POKER CHAMP
    the player's decision already waits, and nothing is held). At four, with bots that take a second a move, Tom
    folds: the hand's end is held while the bots before him act. Enter ends a hold (the next screen, no '(your move
    has come)' said); a hold left alone gives way as Tom's move comes, with the seconds the server says are left.
    (Tom may be first to act in a hand, when nothing is held; and his move may come as Enter is typed: the test
    plays on to the next hand then.)"""
    term = Terminal("play", "daker", "--option", "players=4", "--bot-delay", "1", "--clock", "600", "--player", "Tom",
                    "--data-dir", str(tmp_path))  # fmt: skip
    entered = False  # a hold ended by Enter
    try:
        while True:
            found = term.expect(r"\n> |\[([^\]]*)\] > |Enter: the next hand")
            if found[0].endswith("> "):  # Tom's decision: out of the hand at once, so the bots play it out
                legal = (found[1] or "").split("/")
                term.type("fold" if "fold" in legal else "check" if "check" in legal else "!")
            elif not entered:
                term.type("")
                entered = term.expect(NEXT)[0] != "(your move has come)"
            else:  # no key: the hold ends as Tom's move comes, his clock running on the server
                assert term.expect(NEXT)[0] == "(your move has come)"
                break
        left = int(term.expect(r"your move \((\d+) s left\)")[1])
        assert 0 < left <= 600
        term.expect(r"\] > |\n> ")
        term.type("q")
        assert term.close() == 0
    finally:
        term.process.kill()
