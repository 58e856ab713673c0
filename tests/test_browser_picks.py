"""Picking cards in a real headless Chromium against a real server (as tests/test_browser.py plays).

Cards are picked by their place in the hand: an AlphaPoker hand holding two black E is two tiles, each lit and unlit
on its own, and an exchange of both sends the card twice ("exchange Eb Eb Tr"), which the server takes as two cards
thrown away (a hand whose two identical cards lit together could never throw both).
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable

import pytest

import test_browser
from conftest import post
from test_browser import API, click, create_table, readable, table_info, wait
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium
from selenium.webdriver.support import expected_conditions

# test_browser's fixtures, here too: this module's own server (``site``) and browsers saved on a failure
site = test_browser.site
browsers = test_browser.browsers

NODE_TESTS = sorted((Path(__file__).parent / "web").glob("*.test.mjs"))  # the page's pure modules, under node --test

# What the AlphaPoker screen offers this browser's seat now: the hand's end held (a button goes on), its exchange
# (its hand's tiles, each card's text in order), another move (a bet, a call, a word to lay), the result.
SCREEN = """
if (document.querySelector('#result h3')) return {state: 'over'};
if (document.querySelector('#actions button.continue')) return {state: 'held'};
const mine = document.querySelector('#board .seat.mine');
const exchange = document.querySelector('#actions button.act[data-kind=exchange]');
if (exchange && mine && mine.querySelector('.ap-hand.picking')) {
  return {state: 'exchange', hand: [...mine.querySelectorAll('.ap-hand .lt[data-card]')].map((t) => t.dataset.card)};
}
if (document.querySelector('#actions button.act:not([disabled]), #actions .ap-none')) return {state: 'other'};
return null;
"""
TILES = "#board .seat.mine .ap-hand .lt[data-card]"
LIT = f"return [...document.querySelectorAll('{TILES}')].map((t) => t.classList.contains('lt-picked'))"
EXCHANGE = "#actions button.act[data-kind=exchange]"


def token_of(driver: Any, table_id: str) -> str:
    """The seat's token this browser keeps for the table."""
    return str(driver.execute_script(
        "return JSON.parse(localStorage.getItem('brelan.seats'))[arguments[0]].token", table_id))


def tap(driver: Any, index: int, lit: list[bool]) -> list[bool]:
    """Click the hand's tile at ``index`` (a person's click), once the tiles are lit as ``lit``; the tiles' lit
    state once the page has drawn the click."""
    wait(driver, lambda d: d.execute_script(LIT) == lit, 5, f"the hand is not lit as {lit}")
    driver.find_elements(By.CSS_SELECTOR, TILES)[index].click()
    answered = wait(driver, lambda d: (now := d.execute_script(LIT)) != lit and now, 5, f"tile {index} did not answer")
    return answered  # type: ignore[no-any-return]


def move(driver: Any, css: str) -> None:
    """Click the move ``css`` finds in the action bar, and wait until the table took it (the bar drawn anew)."""
    clicked = click(driver, css)
    wait(driver, expected_conditions.staleness_of(clicked), 20, f"the table did not take {css}")


def twins(hand: list[str]) -> tuple[int, int] | None:
    """The places of the first card the hand holds twice (same letter, same colour), or None."""
    for j, card in enumerate(hand):
        if card in hand[:j]:
            return hand.index(card), j
    return None


def test_two_identical_letters_are_two_picks_and_both_are_thrown_away(site: str, browsers: Callable[..., Any]) -> None:
    """An AlphaPoker table against the server's bot, played until this seat is to exchange with a hand holding one
    card twice (one hand in three is dealt so; the exchanges before it throw 4 cards, and the bets fold, to see more).
    Each of the two tiles lights alone and goes out alone; both go, with a third card: the action sent names the card
    twice, and the hand's history on the server says both were thrown away."""
    driver = browsers("en-US")
    table_id = create_table(driver, site, "alphapoker", {"players": "2"}, "ann", bots=[1])
    token = token_of(driver, table_id)
    thrown: tuple[int, list[str]] | None = None  # the hand of the exchange tried, and its cards
    for _ in range(200):
        if thrown is not None and (int((info := table_info(site, table_id)).get("hand", 0)) > thrown[0]
                                   or info.get("status") == "TABLE_STATUS_FINISHED"):
            break  # the deal of the exchange tried is over
        now = wait(driver, lambda d: d.execute_script(SCREEN), 60, "neither a decision nor the end came")
        if now["state"] == "over":
            break
        if now["state"] == "held":
            click(driver, "#actions button.continue")
            continue
        if now["state"] == "other":  # a bet (fold: the next deal comes sooner), or a word to lay (none)
            move(driver, "#actions button.act[data-kind=fold], #actions .ap-none")
            continue
        hand = now["hand"]
        pair = twins(hand) if thrown is None else None
        if pair is None:  # the first four cards go (new ones may make a pair), or nothing once the test is done
            lit = [False] * len(hand)
            for index in range(4 if thrown is None else 0):
                lit = tap(driver, index, lit)
            move(driver, EXCHANGE)
            continue
        first, second = pair
        card = hand[first]
        other = next(k for k, c in enumerate(hand) if c != card)
        none = [False] * len(hand)
        lit = tap(driver, first, none)
        assert lit == [k == first for k in range(len(hand))], f"{card} at {first} of {hand}: lit {lit}"
        lit = tap(driver, second, lit)
        assert lit == [k in (first, second) for k in range(len(hand))], f"{card} at {second} of {hand}: lit {lit}"
        lit = tap(driver, first, lit)  # the first goes out alone, the second stays
        assert lit == [k == second for k in range(len(hand))], f"{card} at {first} again, of {hand}: lit {lit}"
        lit = tap(driver, first, lit)
        lit = tap(driver, other, lit)
        assert lit == [k in (first, second, other) for k in range(len(hand))], lit
        button = driver.find_element(By.CSS_SELECTOR, EXCHANGE)
        action = button.get_attribute("data-action").split()
        assert action[0] == "exchange" and sorted(action[1:]) == sorted([card, card, hand[other]]), action
        readable(driver, "the exchange with a card picked twice")
        deal = int(table_info(site, table_id).get("hand", 0))
        move(driver, EXCHANGE)
        thrown = (deal, action[1:])
    assert thrown, "no hand held a card twice at an exchange in a whole game"
    deal, cards = thrown
    wait(None, lambda _: int(table_info(site, table_id).get("hand", 0)) > deal
         or table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED", 30, "the deal did not end")
    status, history = post(site + API + "GetHandHistory", {"tableId": table_id, "hand": deal}, token)
    assert status == 200, history
    exchanges = [e["text"].split()[2:] for e in history["events"] if e["text"].startswith("p0 exchanges ")]
    assert collections.Counter(cards) in [collections.Counter(e) for e in exchanges], (cards, exchanges)
    said = driver.find_element(By.ID, "feed").get_attribute("textContent")
    assert re.search(r"ann exchanges", said), said


def test_the_page_s_pure_modules_pass_their_node_tests() -> None:
    """tests/web/*.test.mjs (`node --test tests/web/`): the board contract's picks by place and clock warnings."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("BRELAN_REQUIRE_NODE"):
            pytest.fail("Node.js is missing: .ci/run installs it")
        pytest.skip("Node.js is not installed")
    assert NODE_TESTS
    done = subprocess.run([node, "--test", *map(str, NODE_TESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
