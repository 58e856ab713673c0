"""Picking cards, clocks and limits in a real headless Chromium against a real server (as tests/test_browser.py plays).

Cards are picked by their place in the hand: an AlphaPoker hand holding two black E is two tiles, each lit and unlit
on its own, and an exchange of both sends the card twice ("exchange Eb Eb Tr"), which the server takes as two cards
thrown away (a hand whose two identical cards lit together could never throw both). AlphaPoker's clocks (the
exchange's and the bet's) are warned about in their last 10 s, in French and in English, and no text says that an
exchange's time running out folds (RULINGS, turn 4: it exchanges nothing). Yahtzee Texas Hold'em's limits are caps,
"jusqu'à"/"up to" 10 and 20, on the form and on the table.
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


# The bar's clock (#clock) and whether the bar warns: read in one go, as the page's tick rewrites them.
CLOCK = ("const c = document.getElementById('clock');"
         " return c && c.textContent ? [c.textContent, document.getElementById('actions').classList.contains('warn'),"
         "  Boolean(document.querySelector('#board .seat.mine .clock.low'))] : null")
WARNED = {"fr": re.compile(r"plus que (\d+) s"), "en": re.compile(r"only (\d+) s left")}
CALM = re.compile(r"(\d+) s")


def warned(driver: Any, language: str, what: str) -> None:
    """The bar's clock warns in its last 10 s: said in ``language``, the bar in the warning's colour, the seat's own
    clock too; never before (each reading checked until the warning comes, within 5 s of an 11 s clock)."""
    readings: list[Any] = []

    def look(d: Any) -> bool:
        reading = d.execute_script(CLOCK)
        if reading is None:
            return False
        readings.append(reading)
        text, warn, seat = reading
        said, calm = WARNED[language].fullmatch(text), CALM.fullmatch(text)
        ok = (said and warn and seat and int(said.group(1)) <= 10) or (calm and not warn and int(calm.group(1)) > 10)
        assert ok, f"{what}: the clock reads {reading} (text, bar warning, seat's clock warning)"
        return bool(warn)

    wait(driver, look, 5, f"{what}: no warning came: {readings[-3:]}")


def form_in(driver: Any, site: str, language: str, variant: str) -> None:
    """The lobby's new table form, in ``language`` ("fr", "en": the switch clicked when the page speaks the other),
    for ``variant``."""
    driver.get(site)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#variant option[value={variant}]"))
    if driver.execute_script("return document.documentElement.lang") != language:
        click(driver, "#lang")
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == language)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#variant option[value={variant}]"))
    driver.execute_script("const s = document.getElementById('variant'); s.value = arguments[0];"
                          " s.dispatchEvent(new Event('change'))", variant)


def test_alphapoker_warns_before_the_exchange_s_and_the_bet_s_clocks_run_out(site: str,
                                                                            browsers: Callable[..., Any]) -> None:
    """The exchange's clock and the bet's (11 s each here, a table's options) warn in their last 10 s, the bar in the
    warning's colour saying the seconds left, in French then in English (the switch); the form says what each clock's
    end does: an exchange's exchanges nothing (the seat stays in the deal), a bet's folds (RULINGS, turn 4)."""
    driver = browsers("fr-FR")
    helps = {}
    for language in ("fr", "en"):
        form_in(driver, site, language, "alphapoker")
        helps[language] = driver.execute_script(
            "return ['exchange_seconds', 'bet_seconds'].map((o) => document.querySelector(`#create [data-option=${o}]`)"
            ".title)")
    (exchange_fr, bet_fr), (exchange_en, bet_en) = helps["fr"], helps["en"]
    assert "n'échange rien et reste dans la donne" in exchange_fr and "couche" not in exchange_fr, exchange_fr
    assert "exchanges nothing and stays in the deal" in exchange_en and "fold" not in exchange_en, exchange_en
    assert "se couche" in bet_fr and "folds" in bet_en, (bet_fr, bet_en)
    form_in(driver, site, "fr", "alphapoker")  # back to French
    status, made = post(site + API + "CreateTable", {"variant": "alphapoker", "botSeats": [1], "options": {
        "players": "2", "exchange_seconds": "11", "bet_seconds": "11"}})
    assert status == 200, made
    driver.get(f"{site}#/table/{made['table']['tableId']}")
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".table-head button:not(.quiet)")).click()  # take the seat
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, EXCHANGE), 20, "no exchange came")
    warned(driver, "fr", "the exchange")
    driver.find_element(By.ID, "lang").click()  # the bet's clock in English
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en")
    for _ in range(20):  # exchange nothing until a bet comes (a bot folding ends the deal before it: the next one)
        now = wait(driver, lambda d: d.execute_script(SCREEN), 20, "no decision came")
        if now["state"] == "held":
            click(driver, "#actions button.continue")
        elif now["state"] == "exchange":
            move(driver, EXCHANGE)
        elif driver.find_elements(By.CSS_SELECTOR, "#actions button.act[data-kind=fold]"):
            break
    else:
        raise AssertionError("no bet came")
    warned(driver, "en", "the bet")
    readable(driver, "the bet's warning")


def test_yahtzee_s_limits_are_caps_on_the_form_and_the_table(site: str, browsers: Callable[..., Any]) -> None:
    """Yahtzee Texas Hold'em bets or raises "jusqu'à" 10 in the first two rounds and 20 in the last two (the rulebook's
    words): the form's limits and its default limit say so, and the table says the round's, in French and English; a
    table of a fixed limit says its exact size instead."""
    from test_browser_words import form_words

    driver = browsers("fr-FR")
    form: dict[str, Any] = {}
    for language in ("fr", "en"):
        form_in(driver, site, language, "yahtzee-holdem")
        form[language] = form_words(driver)
    for language, up in (("fr", "jusqu'à"), ("en", "up to")):
        limits, limit = form[language]["limits"], form[language]["limit"]
        assert up in limits["label"] and f"{up} 10" in limits["help"] and f"{up} 20" in limits["help"], limits
        assert up in limit["choices"]["spread"], limit
    form_in(driver, site, "fr", "yahtzee-holdem")  # French again, for the table
    create_table(driver, site, "yahtzee-holdem", {"players": "2"}, "anne")
    info = "return document.querySelector('#board .pk-info')?.innerText || ''"
    said = wait(driver, lambda d: re.search(r"mise ou relance jusqu'à (10|20)\b", d.execute_script(info)), 20,
                f"the table says {driver.execute_script(info)!r}")
    click(driver, "#lang")
    wait(driver, lambda d: f"bet or raise up to {said.group(1)}" in d.execute_script(info), 10,
         f"the English table says {driver.execute_script(info)!r}")
    drawn = driver.execute_async_script(  # the river's cap, and a fixed limit's size, as the board says them
        "const done = arguments[0];"
        "Promise.all([import('/i18n.js'), import('/table/poker.js')]).then(([i18n, poker]) => {"
        "  const river = {street: 'STREET_RIVER', roundLimit: '20', hand: 3, board: ['1r', '2b', '3w', '4y', '5r'],"
        "    seats: [{dice: ['6r', '6b'], inHand: true, stack: '100'}, {dice: ['??', '??'], inHand: true}]};"
        "  const say = (limit) => { const node = document.createElement('div');"
        "    const c = {names: ['anne', 'robot 2'], seat: 0, family: 'yahtzeeHoldem',"
        "      pending: new Set(), lang: i18n.lang, t: (k, v) => i18n.t(k, v, poker.STRINGS), options: {limit}};"
        "    poker.create(node, c).update(river, c);"
        "    return node.querySelector('.pk-info').textContent; };"
        "  const english = ['spread', 'fixed', undefined].map(say); i18n.setLang('fr');"
        "  done({english, french: ['spread', 'fixed', undefined].map(say)}); });")
    # spread, fixed, and a table whose options are unknown: its default, the spread
    assert [("up to 20" in s, "exactly 20" in s) for s in drawn["english"]] == [(1, 0), (0, 1), (1, 0)], drawn
    assert [("jusqu'à 20" in s, "20 exactement" in s) for s in drawn["french"]] == [(1, 0), (0, 1), (1, 0)], drawn


def test_the_page_s_pure_modules_pass_their_node_tests() -> None:
    """tests/web/*.test.mjs (`node --test tests/web/`): the board contract's picks by place and clock warnings, a
    game's facts read from its VariantInfo (table/facts.js), and the table screen's state and transitions
    (table/state.js)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("BRELAN_REQUIRE_NODE"):
            pytest.fail("Node.js is missing: .ci/run installs it")
        pytest.skip("Node.js is not installed")
    assert NODE_TESTS
    done = subprocess.run([node, "--test", *map(str, NODE_TESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
