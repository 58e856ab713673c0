"""The table screens' layout as the play-tester met it (issue 39's last screenshots), in a real headless Chromium
against a real server: a finished POKER CHAMP and Yahtzee hold'em game shows its whole table and its result in one
screen of a laptop (1280x900, and the 757 px of page a 900 px screen leaves under the browser's bars), with a
spectator's chat box usable beside it; on a phone a toast leaves the chat band and its unread line in sight.

The module's one browser (test_browser_table_fixes' ``show``: DevTools' device metrics set the window's size) and
its own server (test_browser's ``site``); the games are played by bots, fast (the server's rate)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

import test_browser
from conftest import post
from test_browser import API, table_info, wait
from test_browser_table_fixes import DESKTOP, PHONE, show, table
from test_browser_table_fixes import driver, evidence  # noqa: F401 - its browser, and a failure's screenshot
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium

site = test_browser.site  # the module's own server (test_browser's fixture)

LAPTOP = (1280, 757)  # a 1280x900 screen's page, under the browser's tabs and address bar

# Each box of the end screen a person must see, and whether it lies inside the window (scrolled to the top):
# [what, top, bottom] of those that do not, the window's height last.
OUTSIDE = """
const boxes = [['table', document.querySelector('#board .pk-table')], ['result', document.querySelector('#result .result-panel')],
               ...[...document.querySelectorAll('#board .pk-seat')].map((seat) => [`seat ${seat.dataset.seat}`, seat])];
const out = boxes.filter(([, node]) => !node).map(([what]) => [what, 'missing']);
for (const [what, node] of boxes.filter(([, node]) => node)) {
  const r = node.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight + 0.5) out.push([what, Math.round(r.top), Math.round(r.bottom)]);
}
// the board's cards and dice in the middle seen whole: no seat over them
for (const card of document.querySelectorAll('#board .pk-board [data-card]')) {
  const r = card.getBoundingClientRect();
  const [dx, dy] = [r.width / 4, r.height / 4]; // inside its rounded corners
  for (const [x, y] of [[r.left + dx, r.top + dy], [r.right - dx, r.top + dy], [r.left + dx, r.bottom - dy], [r.right - dx, r.bottom - dy]]) {
    if (!card.contains(document.elementFromPoint(x, y))) out.push([`board ${card.dataset.card} covered`, Math.round(x), Math.round(y)]);
  }
}
return out.length ? [...out, innerHeight, scrollY] : [];
"""


def finished(site: str, variant: str, options: dict[str, str], players: int = 3) -> str:
    """A game of ``players`` bots played to its end: its table's id."""
    status, made = post(site + API + "CreateTable", {"variant": variant, "options": {"players": str(players), **options},
                                                     "botSeats": list(range(players)), "pauseSeconds": 0})  # fmt: skip
    assert status == 200, made
    table_id: str = made["table"]["tableId"]
    wait(None, lambda _: table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED", 120, "the bots never finished")
    return table_id


@pytest.fixture(scope="module")
def ends(site: str) -> dict[str, str]:
    """A finished POKER CHAMP game (one Award wins it) and Yahtzee hold'em game (two hands), by variant; of three
    seats, and of six, the most POKER CHAMP seats (the felt is narrower beside the result)."""
    return {"poker-champ": finished(site, "poker-champ", {"awards_to_win": "1"}),
            "yahtzee-holdem": finished(site, "yahtzee-holdem", {"hands": "2"}),
            "poker-champ-6": finished(site, "poker-champ", {"awards_to_win": "1"}, 6),
            "yahtzee-holdem-6": finished(site, "yahtzee-holdem", {"hands": "2"}, 6)}


@pytest.mark.parametrize("size", [DESKTOP, LAPTOP], ids=["1280x900", "1280x757"])
@pytest.mark.parametrize("variant", ["poker-champ", "yahtzee-holdem", "poker-champ-6", "yahtzee-holdem-6"])
def test_a_finished_game_shows_its_whole_table_and_its_result_on_a_laptop_s_screen(
        site: str, driver: Any, ends: dict[str, str], variant: str, size: tuple[int, int]) -> None:
    """The result beside the final table, not under it: every seat (the bottom one too), the table and the result
    inside the window as the page opens, nothing scrolled, and the board's cards or dice clear of the seats (before: the result from 936 to 1,204 px, under a window
    of 900, or of 757). A spectator's chat box beside them takes a name on its own line, above the message:
    side by side, each was squeezed (97 and 75 px; the message showed 'écrire u')."""
    show(driver, f"{site}#/table/{ends[variant]}", size, "fr")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result .result-panel"), 30, "no result")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-seat"), 30, "no table")
    outside = driver.execute_script(OUTSIDE)
    assert not outside, f"outside the window (what, top, bottom; the window's height, scrolled): {outside}"
    name, line = (driver.find_element(By.ID, field).rect for field in ("chat-name", "chat-input"))
    assert name["width"] >= 160 and line["width"] >= 160, (name, line)
    assert name["y"] + name["height"] <= line["y"], (name, line)  # the name above the message


def test_a_toast_on_a_phone_leaves_the_chat_band_and_its_unread_line_in_sight(site: str, driver: Any) -> None:
    """At a table on a phone, a line said while the chat is folded shows in the band at the screen's bottom; a toast
    then (a refusal, a notice) comes at the screen's top, not over the band (before: from 752 to 828 px, over the
    band's 802 to 844)."""
    table_id, tokens = table(site, "daker", {}, 2)
    show(driver, f"{site}#/table/{table_id}", PHONE, "en", {table_id: {"seat": 0, "token": tokens[0]}})
    wait(driver, lambda d: d.find_element(By.ID, "chat-toggle").is_displayed(), 20, "no chat band")
    status, said = post(site + API + "Say", {"tableId": table_id, "text": "Bob is here, shall we start?"}, tokens[1])
    assert status == 200, said
    wait(driver, lambda d: "shall we start" in d.find_element(By.ID, "chat-peek").text, 20, "the band never said the line")
    driver.execute_script("import('/dom.js').then((dom) => dom.toast('This seat was taken back on another device'))")
    wait(driver, lambda d: d.execute_script("return getComputedStyle(document.getElementById('toast')).opacity") == "1")
    boxes = driver.execute_script("return ['toast', 'chat-toggle', 'chat-peek'].map((id) => {"
                                  "  const r = document.getElementById(id).getBoundingClientRect();"
                                  "  return [r.left, r.top, r.right, r.bottom]; })")
    toast, band, peek = boxes
    for covered in (band, peek):
        apart = toast[3] <= covered[1] or covered[3] <= toast[1] or toast[2] <= covered[0] or covered[2] <= toast[0]
        assert apart, f"the toast {toast} over {covered}"
    assert 0 <= toast[1] and toast[3] <= PHONE[1], toast  # in the window


def test_a_replay_says_whose_turn_it_was_not_that_someone_thinks(site: str, driver: Any, ends: dict[str, str]) -> None:
    """A replay is history: at its first step the seat to act is tagged 'à jouer', never 'réfléchit…' (before: it
    was, as at a live table)."""
    show(driver, f"{site}#/replay/{ends['yahtzee-holdem']}", DESKTOP, "fr")
    wait(driver, lambda d: d.find_element(By.ID, "replay").get_attribute("data-step") == "1", 30, "no first step")
    tags = wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#board .pk-seat.pending .pk-tag')].map((t) => t.textContent)"), 20,
        "nobody to act at the first step")
    assert tags == ["à jouer"], tags


# The boxes of the words above a poker table (its pills: the hand, the stage, who took the pot) that run past the
# table's right edge, or past their own box (text cut): [text, left, right, the table's right]
PILLS_OUT = """
const pk = document.querySelector('#board .pk').getBoundingClientRect();
return [...document.querySelectorAll('#board .pk-info .pk-pill')].filter((pill) => {
  const r = pill.getBoundingClientRect();
  return r.right > pk.right + 0.5 || pill.scrollWidth > pill.clientWidth + 1;
}).map((pill) => [pill.textContent, Math.round(pill.getBoundingClientRect().left),
                  Math.round(pill.getBoundingClientRect().right), Math.round(pk.right)]);
"""


@pytest.mark.parametrize("lang,word", [("fr", "couchés"), ("en", "folded")])
def test_a_pot_won_with_the_others_folded_says_so_inside_the_table_on_a_phone(
        site: str, driver: Any, lang: str, word: str) -> None:
    """anne folds to an intermediate bot at DAKER hold'em on a phone: the hand's end held on her board says the bot
    took the pot, the others folded, on lines inside the table (before: one line, its box to 405-440 px where the
    table ends at 368, 'couchés' and 'folded' lost)."""
    status, made = post(site + API + "CreateTable", {"variant": "daker", "options": {"players": "2", "mode": "holdem"},
                                                     "untimed": True, "pauseSeconds": 0,
                                                     "bots": [{"seat": 1, "level": "intermediate"}]})  # fmt: skip
    assert status == 200, made
    table_id = made["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "seat": 0})
    assert status == 200, joined
    token = joined["token"]
    show(driver, f"{site}#/table/{table_id}", PHONE, lang, {table_id: {"seat": 0, "token": token}})

    def folded(d: Any) -> Any:
        status, view = post(site + API + "GetView", {"tableId": table_id}, token)
        mine = (view.get("daker", {}).get("seats") or [{}])[0]
        if status == 200 and mine.get("pending") and "fold" in view.get("legal", []):
            post(site + API + "Act", {"tableId": table_id, "seat": 0, "expectedSeq": view.get("seq", "0"),
                                      "actionId": uuid.uuid4().hex, "action": "fold"}, token)  # fmt: skip
        return d.execute_script("return [...document.querySelectorAll('#board .pk-info .pk-pill')]"
                                ".some((p) => p.textContent.includes(arguments[0]))", word)

    wait(driver, folded, 60, "no hand ended with the others folded")
    outside = driver.execute_script(PILLS_OUT)
    assert not outside, f"past the table's right edge (text, left, right, the table's right): {outside}"


# What of a DAKER table a person must see (``arguments[0]``: its legend and bottom seat, or its bottom seat) that the
# bars at the screen's bottom lie over (the action bar, a phone's chat band), or that is below the window, scrolled to
# the page's end (``arguments[1]``) or to its top: [what, its top, its bottom, the bar, the bar's top]
UNDER_BARS = """
scrollTo(0, arguments[1] ? document.scrollingElement.scrollHeight : 0);
const bars = [...document.querySelectorAll('#actions, #chat-toggle')].filter((b) => b.getClientRects().length)
  .map((b) => [b.id, b.getBoundingClientRect()]);
const seats = [...document.querySelectorAll('#board .pk-seat')].map((s) => s.getBoundingClientRect());
const lowest = seats.sort((a, b) => b.bottom - a.bottom)[0];
const items = [['legend', document.querySelector('#board .pk-legend')?.getBoundingClientRect()], ['bottom seat', lowest]]
  .filter(([what]) => arguments[0].includes(what));
const out = items.filter(([, r]) => !r).map(([what]) => [what, 'missing']);
for (const [what, r] of items.filter(([, r]) => r)) {
  for (const [bar, b] of bars) {
    if (r.bottom > b.top + 0.5 && r.top < b.bottom) out.push([what, Math.round(r.top), Math.round(r.bottom), bar, Math.round(b.top)]);
  }
  if (r.bottom > innerHeight + 0.5) out.push([what, Math.round(r.top), Math.round(r.bottom), 'window', innerHeight]);
}
return out;
"""


@pytest.mark.parametrize("seated", [False, True], ids=["spectator", "player"])
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x757"])
def test_daker_s_legend_and_bottom_seat_are_not_left_under_the_bottom_bar(site: str, driver: Any,
                                                                         size: tuple[int, int], seated: bool) -> None:
    """bob and five bots at DAKER hold'em (bob, untimed, holds the game at his move), watched by a spectator or played
    by bob: the page scrolled to its end, the legend of the red and black values and the bottom seat above the bar
    ('Vous regardez…', bob's bets) and a phone's chat band, not under them. A spectator's bar, with nothing to
    click, is not pinned: as the page opens, the bottom seat is seen whole (before: at 1280x757, the bar 'Vous
    regardez…' pinned over the bottom seat's plate and the legend under it)."""
    status, made = post(site + API + "CreateTable", {"variant": "daker", "options": {"players": "6", "mode": "holdem"},
                                                     "botSeats": list(range(1, 6)), "untimed": True})  # fmt: skip
    assert status == 200, made
    table_id = made["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "bob", "seat": 0})
    assert status == 200, joined
    bob = {table_id: {"seat": 0, "token": joined["token"]}}
    show(driver, f"{site}#/table/{table_id}", size, "fr", bob if seated else {})  # a spectator: no seat held
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .pk-legend"), 30, "no legend")
    if seated:
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button.act"), 30, "bob's move never came")
    under = driver.execute_script(UNDER_BARS, ["legend", "bottom seat"], True)
    assert not under, f"under a bar at the page's end (what, top, bottom, the bar, its top): {under}"
    if not seated:
        under = driver.execute_script(UNDER_BARS, ["bottom seat"], False)
        assert not under, f"under a bar as the page opens (what, top, bottom, the bar, its top): {under}"
