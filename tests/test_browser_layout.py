"""A table page stays steady, in a real headless Chromium on a phone's screen (as Lighthouse's mobile run lays it out).

Its layout shifts, as the browser reports them (PerformanceObserver 'layout-shift', those an input caused left out,
as Lighthouse leaves them), add up to at most 0.1 (Lighthouse's "good" cumulative layout shift; the largest
session window it reports is at most this sum): on a table watched live through hands' ends held on the board and
the game's end, its result drawn, and on the same table opened once finished. A layout shift is a behaviour of the
page (the board pushed down by what is drawn above it), not a timing, so a test asserts it. It was 0.46 to 0.61 while
the screen went in the page empty and filled a moment later, and the result came above the board.
"""

from __future__ import annotations

import time
import uuid
from typing import Any, Callable

import test_browser
from conftest import post
from test_browser import API, table_info, wait
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium

# test_browser's fixtures, here too: this module's own server (``site``) and browsers saved on a failure
site = test_browser.site
browsers = test_browser.browsers

PHONE = (412, 823)  # Lighthouse's mobile screen
STEADY = 0.1  # Lighthouse's good cumulative layout shift, at most
# Kept from the page's start: every layout shift no input caused, and its sources (what moved, from where to where);
# once, however many times it was asked for.
SHIFTS = """
if (!window.shifts) {
window.shifts = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => e.hadRecentInput || window.shifts.push({
  value: e.value, at: Math.round(e.startTime), moved: (e.sources || []).map((s) => [s.node?.id || s.node?.className
    || s.node?.nodeName || "?", Math.round(s.previousRect.y), Math.round(s.currentRect.y)])}))).observe(
  {type: "layout-shift", buffered: true});
}
"""


def shifted(driver: Any) -> tuple[float, list[Any]]:
    """The page's layout shifts so far: their sum, and each one."""
    shifts = driver.execute_script("return window.shifts")
    return sum(s["value"] for s in shifts), shifts


def opened(driver: Any, url: str) -> None:
    """``url`` opened in a new document, its layout shifts kept from its start."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIFTS})
    driver.get(url)


def test_a_table_watched_live_to_its_end_and_opened_finished_stays_steady(site: str,
                                                                          browsers: Callable[..., Any]) -> None:
    """POKER CHAMP, anne (the test, through the API) against a bot, watched by this browser as a spectator: each hand's
    end is held on the board, the game's end and its result drawn; then the finished table opened again."""
    options = {"players": "2", "awards_to_win": "1", "chips": "6"}
    status, created = post(site + API + "CreateTable", {"variant": "poker-champ", "options": options, "botSeats": [1]})
    assert status == 200, created
    table_id = created["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "seat": 0})
    assert status == 200, joined
    driver = browsers("en-US", PHONE)
    opened(driver, f"{site}#/table/{table_id}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat"), 20, "the board was not drawn")
    ends = 0
    for move in range(200):  # anne pays, then folds twice, at a person's pace: hands end, the page holds them
        status, view = post(site + API + "GetView", {"tableId": table_id}, joined["token"])
        assert status == 200, view
        if table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED":
            break
        if view["pokerChamp"]["seats"][0].get("pending"):
            legal = view.get("legal", [])
            action = legal[0] if move % 3 == 0 or move > 60 else legal[-1]  # pay, fold, fold; only pays after 60
            post(site + API + "Act", {"tableId": table_id, "seat": 0, "expectedSeq": view.get("seq", "0"),
                                      "actionId": uuid.uuid4().hex, "action": action}, joined["token"])  # fmt: skip
        ends += bool(driver.find_elements(By.CSS_SELECTOR, "#board.showdown"))
        time.sleep(0.25)
    else:
        raise AssertionError("the game did not end")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result h3"), 20, "the result was not drawn")
    time.sleep(1)  # what comes after the result: the game's end held, read again
    ends += bool(driver.find_elements(By.CSS_SELECTOR, "#board.showdown"))  # the game's end is held too
    assert ends, "no hand's end was held on the board"
    total, shifts = shifted(driver)
    assert total <= STEADY, f"a table watched live moved by {total:.3f}: {shifts}"

    opened(driver, f"{site}#/table/{table_id}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result h3"), 20, "the result was not drawn")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board.showdown"), 10, "the game's end was not held")
    time.sleep(1)
    total, shifts = shifted(driver)
    assert total <= STEADY, f"a finished table moved by {total:.3f} as it opened: {shifts}"
