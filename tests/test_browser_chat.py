"""Playing with friends in real headless Chromiums (issue 39, items 3 to 5): the table's chat, the turn's alerts and
the end of a player's game, as tests/test_browser.py plays (Debian's chromium and chromium-driver, through Selenium).

Two browsers of their own profiles (separate --user-data-dir: their own storage, their own seats) sit at one table,
one of them a phone's screen, and a third watches: the first, seated while the table waits, sees its seats (hers, the
free one) on the felt until the game starts; a line typed in one shows in the others as it is said (by the table's
stream, no reload), as the text typed (tags too, never markup); a desktop's chat is a column beside the table, in
sight wherever the page is scrolled; the phone's chat waits folded in a band at the screen's bottom with its count
of lines unread, never moves the board and covers no control (the sticky action bar stops above it, the page's end
is padded by it); a spectator writes under the name they give; a muted spectator stays muted after a reload; the server's
refusals (one line a second, 200 characters) are said in the page's language. The tab's title and icon say whose
turn it is. A player knocked out of Yahtzee Texas Hold'em (sitting out, named so, until their chips are gone) is
told their place and is not asked to go on after each of the bots' hands; they play again from there (the table's
rematch, its bots kept), and a spectator on the old table's end screen is invited to the new one; its replay shows,
beside the board, the chat said up to the step shown. The page's pure modules (tests/web/chat.test.mjs,
alerts.test.mjs) pass their node tests.

Its own server, without lexicons (no word game here): the module takes seconds, not the full lexicon's build.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from brelan.server.main import ServerThread
from conftest import post

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
API = "brelan.api.v1.TableService/"
PHONE = (390, 844)
DESKTOP = (1100, 900)
NODE_TESTS = [Path(__file__).parent / "web" / name for name in ("chat.test.mjs", "alerts.test.mjs")]
# the chat's lines as a page shows them: [sender, text, whether it holds an element] each
# The controls a phone's folded chat (its band, #chat-toggle) lies over, the sticky action bar first: each as
# [where, what, its text], the page scrolled to its top, then to its end. A control under the band at the top is
# scrolled past as one under the action bar is, the band keeping its room; the bar itself, and any control at the
# page's end, must be clear of it.
COVERED = """
const band = document.getElementById('chat-toggle').getBoundingClientRect();
const over = (r) => r.width > 0 && r.height > 0 && r.left < band.right && r.right > band.left && r.top < band.bottom
  && r.bottom > band.top;
const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`;
const CONTROLS = 'button, input, select, textarea, label, summary, a[href], .card, .tile, .die, [data-card], .seat';
const covered = [];
for (const end of [false, true]) {
  window.scrollTo({ top: end ? document.documentElement.scrollHeight : 0, behavior: 'instant' });
  const bar = document.getElementById('actions');
  if (over(bar.getBoundingClientRect())) covered.push([end ? 'end' : 'top', name(bar), 'the action bar']);
  if (!end) continue;
  for (const e of document.querySelectorAll(CONTROLS)) {
    if (e.closest('#chat') || !e.checkVisibility()) continue;
    if (over(e.getBoundingClientRect())) covered.push(['end', name(e), e.textContent.trim().slice(0, 30)]);
  }
}
window.scrollTo({ top: 0, behavior: 'instant' });
return covered;
"""
# Where the chat's log is in the window, [left, top, bottom], the window's height, and the board's right edge.
IN_SIGHT = """
const log = document.getElementById('chat-log').getBoundingClientRect();
return [Math.round(log.left), Math.round(log.top), Math.round(log.bottom), window.innerHeight,
        Math.round(document.getElementById('board').getBoundingClientRect().right)];
"""
LINES = ("return [...document.querySelectorAll('#chat-log .chat-line')].map((l) => [l.querySelector('.who').textContent,"
         " l.querySelector('.said').textContent, l.querySelector('.said').children.length > 0])")

# Lines sent one after the other as fast as the page sends them (each once the last is answered), until one is
# refused: what the page then says.
SPAM = """
const done = arguments[arguments.length - 1];
const [box, form, send, error] = ["chat-input", "chat-form", "chat-send", "chat-error"].map((id) => document.getElementById(id));
(async () => {
  for (let n = 0; n < 20 && !(n && error.textContent); n++) {
    box.value = `spam ${n}`;
    box.dispatchEvent(new Event("input")); // as typed: the last refusal said is let go
    form.requestSubmit();
    while (send.disabled) await new Promise((r) => setTimeout(r, 5));
  }
  done(error.textContent);
})();
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own with its web port (the page, and Connect)."""
    server = ServerThread(tmp_path_factory.mktemp("chat") / "data", lexicons=False, web_port=0, rate=1000.0)
    assert server.running.web is not None
    yield f"http://127.0.0.1:{server.running.web.port}/"
    server.stop()


def chromium(profile: Path, language: str, size: tuple[int, int]) -> Any:
    """A headless Chromium of its own profile (``profile``, its --user-data-dir: its storage, its seats), asking
    pages in ``language``, its window ``size``."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        if os.environ.get("BRELAN_REQUIRE_BROWSER"):
            pytest.fail("chromium or chromium-driver is missing: .ci/run installs them")
        pytest.skip("Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={size[0]},{size[1]}",
                     f"--lang={language}", f"--user-data-dir={profile}", "--autoplay-policy=no-user-gesture-required"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
    if size[0] < 500:  # a phone's screen, as DevTools' device mode makes it
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": size[0], "height": size[1], "deviceScaleFactor": 3, "mobile": True})
    return driver


@pytest.fixture
def browsers(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Opens browsers for a test, each of its own profile; on its failure each one's screenshot is saved."""
    opened: list[Any] = []

    def open_one(language: str = "en-US", size: tuple[int, int] = DESKTOP) -> Any:
        opened.append(chromium(tmp_path / f"profile-{len(opened)}", language, size))
        return opened[-1]

    yield open_one
    failed = getattr(request.node, "failed", False)
    for n, driver in enumerate(opened):
        if failed:
            driver.save_screenshot(str(tmp_path / f"browser-{n}.png"))
            print(f"screenshot: {tmp_path / f'browser-{n}.png'}")
            for entry in driver.get_log("browser"):
                print(f"console {n}: {entry['level']} {entry['message']}")
        driver.quit()


def wait(driver: Any, what: Callable[[Any], Any], seconds: float = 20, message: str = "") -> Any:
    """What ``what`` gives once it is true; an element the page drew again meanwhile is read again."""
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, seconds, poll_frequency=0.02, ignored_exceptions=ignored).until(what, message)


def call(site: str, method: str, body: dict[str, Any], token: str = "") -> dict[str, Any]:
    status, answer = post(site + API + method, body, token)
    assert status == 200, (method, answer)
    return answer


def seated(driver: Any, site: str, table_id: str, seat: int | None = None, token: str = "", name: str = "") -> None:
    """``driver`` on the table's screen: at ``seat`` (its token kept as the page keeps the seats it took) under the
    header's ``name``, or watching."""
    driver.get(site)
    if seat is not None:
        driver.execute_script("localStorage.setItem('brelan.seats', JSON.stringify({[arguments[0]]:"
                              " {seat: arguments[1], token: arguments[2]}})); localStorage.setItem('brelan.name',"
                              " arguments[3])", table_id, seat, token, name)  # fmt: skip
    driver.get(f"{site}#/table/{table_id}")
    driver.refresh()  # the page read anew with what it keeps (a new address's hash alone does not load it again)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#table[data-table='{table_id}'] #chat-input"))


def say(driver: Any, text: str) -> None:
    """Type ``text`` in the chat's box and send it with Enter (a phone's chat opened first)."""
    if driver.find_element(By.ID, "chat").get_attribute("data-open") != "true":
        driver.find_element(By.ID, "chat-toggle").click()
    box = driver.find_element(By.ID, "chat-input")
    box.send_keys(text)
    box.send_keys(Keys.ENTER)


def click(driver: Any, element_id: str) -> None:
    """Click the element of ``element_id``, found again if the page drew it anew meanwhile (an event came)."""
    for _ in range(5):
        try:
            driver.find_element(By.ID, element_id).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"#{element_id} kept being drawn anew")


def lines(driver: Any) -> list[list[Any]]:
    return driver.execute_script(LINES)  # type: ignore[no-any-return]


def test_a_line_reaches_the_other_player_and_a_spectator_as_text(site: str, browsers: Callable[..., Any]) -> None:
    made = call(site, "CreateTable", {"variant": "poker-champ", "options": {"players": "2"}})["table"]["tableId"]
    tokens = [call(site, "JoinTable", {"tableId": made, "player": "ann", "seat": 0})["token"]]
    ann, bob, eve = browsers("en-US"), browsers("fr-FR", PHONE), browsers("en-US")
    # Seated while the table waits: its seats on the felt (the engine has no view yet), hers and the free one
    seated(ann, site, made, 0, tokens[0], "ann")
    waiting = "return [...document.querySelectorAll('#board .waiting-seat')].map((s) => [s.dataset.kind, s.innerText])"
    assert wait(ann, lambda d: d.execute_script(waiting), 10, "no seat on a waiting table's felt") == [
        ["you", "ann\nyou"], ["free", "seat 2\nfree seat"]]
    tokens.append(call(site, "JoinTable", {"tableId": made, "player": "bob", "seat": 1})["token"])
    wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat.mine") and not d.execute_script(waiting), 10,
         "the game's board did not replace the waiting seats")
    seated(bob, site, made, 1, tokens[1], "bob")
    seated(eve, site, made)
    # The tab says whose turn it is: its title and its icon, in the seat's language (as the seat's view says; nobody
    # acts meanwhile); never a spectator's.
    titles = "return [document.title, document.querySelector(\"link[rel~='icon']\").href]"
    pending = [bool(call(site, "GetView", {"tableId": made}, token)["pokerChamp"]["seats"][seat].get("pending"))
               for seat, token in enumerate(tokens)]
    assert any(pending)
    said = {ann: "● Your move · brelan", bob: "● À vous · brelan"}
    for driver, yours in zip((ann, bob), pending):
        title, icon = wait(driver, lambda d: (read := d.execute_script(titles))[0] == (said[d] if yours else "brelan")
                           and read, 10, f"the title does not say {'your' if yours else 'not your'} turn")
        assert ("circle" in icon) == yours, icon
    assert eve.execute_script(titles)[0] == "brelan"

    # Bob's phone: the chat folded over the board's corner, out of the page's flow
    board = "return Math.round(document.getElementById('board').getBoundingClientRect().top + window.scrollY)"
    top = bob.execute_script(board)
    assert bob.find_element(By.ID, "chat").get_attribute("data-open") == "false"
    assert not bob.find_element(By.ID, "chat-body").is_displayed() and bob.find_element(By.ID, "chat-toggle").is_displayed()

    # A desktop's chat beside the board, in sight at the page's top and end
    for end in (False, True):
        ann.execute_script(f"window.scrollTo({{top: {'document.documentElement.scrollHeight' if end else 0},"
                           " behavior: 'instant'})")
        left, log_top, log_bottom, height, board_right = ann.execute_script(IN_SIGHT)
        assert left > board_right and 0 <= log_top and log_bottom <= height, (end, left, log_top, log_bottom, height)

    say(ann, "<b>x</b>")
    # Both see it without a reload. How fast is a figure, not a test's: a one-second bound flickered under load.
    for driver in (bob, eve):
        wait(driver, lambda d: ["ann", "<b>x</b>", False] in lines(d), 10, "the line did not come")
    for driver in (ann, bob, eve):  # the tags as text: no element made of them
        assert ["ann", "<b>x</b>", False] in wait(driver, lines, 2)
        assert not driver.find_elements(By.CSS_SELECTOR, "#chat-log b:not(.who), #chat-log .said *")
    badge = wait(bob, lambda d: d.find_element(By.ID, "chat-unread").is_displayed() and d.find_element(By.ID, "chat-unread"))
    assert badge.text == "1" and "1 message non lu" in bob.find_element(By.ID, "chat-toggle").get_attribute("aria-label")
    assert bob.execute_script(board) == top, "a line moved the phone's board"
    assert bob.find_element(By.ID, "chat-peek").text == "ann <b>x</b>"  # the line itself, in the band
    assert not bob.execute_script(COVERED), bob.execute_script(COVERED)
    bob.find_element(By.ID, "chat-toggle").click()  # opened: a sheet over the screen's bottom, the line read
    wait(bob, lambda d: d.find_element(By.ID, "chat-body").is_displayed())
    assert not bob.find_element(By.ID, "chat-unread").is_displayed() and bob.execute_script(board) == top
    phrases = [b.text for b in bob.find_elements(By.CSS_SELECTOR, "#chat-quick button")]
    assert {"bien joué", "gg", "merci", "bonne chance"} <= set(phrases), phrases
    assert {"well played", "good luck", "thanks"} <= {b.text for b in ann.find_elements(By.CSS_SELECTOR, "#chat-quick button")}
    next(b for b in bob.find_elements(By.CSS_SELECTOR, "#chat-quick button") if b.text == "bien joué").click()
    for driver in (ann, eve):
        wait(driver, lambda d: ["bob", "bien joué", False] in lines(d), 2)

    # The spectator writes under the name given (kept for the next visit); ann mutes her, for good
    assert eve.find_element(By.ID, "chat-name").is_displayed() and not ann.find_element(By.ID, "chat-name").is_displayed()
    eve.find_element(By.ID, "chat-name").clear()
    eve.find_element(By.ID, "chat-name").send_keys("eve")
    say(eve, "hello all")
    wait(ann, lambda d: ["eve", "hello all", False] in lines(d), 2)
    mute = ann.find_element(By.CSS_SELECTOR, "#chat-log .chat-line.spectator .chat-mute")
    assert mute.get_attribute("aria-label") == "mute eve"
    mute.click()
    wait(ann, lambda d: not [line for line in lines(d) if line[0] == "eve"])
    assert "eve" in ann.find_element(By.ID, "chat-muted").text
    say(eve, "still here")
    wait(bob, lambda d: ["eve", "still here", False] in lines(d), 2)
    ann.refresh()
    wait(ann, lambda d: ["bob", "bien joué", False] in lines(d), 10)
    assert not [line for line in lines(ann) if line[0] == "eve"], "a muted spectator showed again after a reload"
    assert eve.execute_script("return localStorage.getItem('brelan.chat.name')") == "eve"

    # The server's refusals in the page's words: a line too long (past the box's own limit), then too many at once
    eve.execute_script("document.getElementById('chat-input').value = 'x'.repeat(201);"
                       " document.getElementById('chat-form').requestSubmit()")
    wait(eve, lambda d: d.find_element(By.ID, "chat-error").text == "Too long: 200 characters at most.", 5)
    eve.execute_script("document.getElementById('chat-input').value = ''")
    said = eve.execute_async_script(SPAM)  # lines sent as fast as the page sends them, until one is refused
    assert said == "Slow down: one line a second at most (5 in a row).", said
    # The sound on your turn: off until asked for, then kept (a beep heard at once, in the click)
    assert not ann.find_element(By.ID, "alert-sound").is_selected()
    ann.find_element(By.ID, "alert-sound").click()
    assert ann.execute_script("return localStorage.getItem('brelan.alerts.sound')") == "1"
    ann.refresh()
    assert wait(ann, lambda d: d.find_element(By.ID, "alert-sound")).is_selected()


def test_a_knocked_out_player_is_told_their_place_then_plays_again_and_a_spectator_is_invited(
        site: str, browsers: Callable[..., Any]) -> None:  # fmt: skip
    """Yahtzee Texas Hold'em at four, small stacks, the bots at seats 1 to 3: anne sits out (her moves made at
    once) until her chips are gone; she is told her place while the bots play on, and never asked to go on after
    their hands. At the end she plays again: the new table is the old one's rematch, with its bots, and a spectator
    on the old table's end screen is invited to it."""
    # (the test's seed: anne goes out in the 3rd hand, the bots play on to the 15th, a short pause after each)
    made = call(site, "CreateTable", {"variant": "yahtzee-holdem", "options": {"players": "4", "stack": "30"},
                                      "botSeats": [1, 2, 3], "pauseSeconds": 1})["table"]["tableId"]  # fmt: skip
    call(site, "Say", {"tableId": made, "text": "hello", "name": "eve"})  # before the game: from its replay's first step
    token = call(site, "JoinTable", {"tableId": made, "player": "anne", "seat": 0})["token"]
    anne, eve = browsers("fr-FR"), browsers("en-US")
    seated(anne, site, made, 0, token, "anne")
    seated(eve, site, made)
    wait(anne, lambda d: d.find_element(By.ID, "sit-out").is_displayed(), 10)
    anne.find_element(By.ID, "sit-out").click()
    wait(anne, lambda d: "anne (en pause)" in d.find_element(By.ID, "board").text, 5, "the seat is not named away")
    assert anne.find_element(By.ID, "sit-out").text == "je reviens" and anne.find_element(By.ID, "away-note").is_displayed()
    wait(eve, lambda d: "anne (sitting out)" in d.find_element(By.ID, "board").text, 5, "the spectator is not told")
    notice = wait(anne, lambda d: d.find_element(By.ID, "out"), 20, "anne was not told she is out").text
    place = int(call(site, "GetTable", {"tableId": made})["table"]["seats"][0]["place"])
    assert re.search(rf"Vous finissez {place}e sur 4", notice), (notice, place)
    assert {b.text for b in anne.find_elements(By.CSS_SELECTOR, "#out button")} >= {"rejouer", "retour aux tables"}
    # The bots play on: their hands' ends go by on the board, none asks her to go on
    for _ in range(10):
        assert not anne.find_elements(By.CSS_SELECTOR, "#actions button.continue"), "asked to go on after a bots' hand"
        time.sleep(0.1)
    # She plays again: the same game, its options and bots, made as the table's rematch while the bots play on
    click(anne, "out-again")
    new = wait(anne, lambda d: (n := d.execute_script("return document.getElementById('table')?.dataset.table")) != made
               and n, 10)
    old, again = (call(site, "GetTable", {"tableId": t})["table"] for t in (made, new))
    assert old["rematch"] == new and again["variant"] == "yahtzee-holdem" and again["options"]["stack"] == "30", again
    assert [bool(s.get("bot")) for s in again["seats"]] == [False, True, True, True] and again["seats"][0]["player"] == "anne"
    # The spectator, on the old table's end screen, is invited to it (a full table: to watch it)
    wait(eve, lambda d: d.find_element(By.CSS_SELECTOR, "#result h3"), 30)
    invite = wait(eve, lambda d: d.find_element(By.ID, "rematch").text, 10, "the spectator was not invited")
    assert "anne invites you to play again" in invite, invite
    click(eve, "rematch-watch")
    wait(eve, lambda d: d.find_elements(By.CSS_SELECTOR, f"#table[data-table='{new}']"), 10)
    # The old table's replay shows beside its board what was said up to the step shown: "gg", said once it was
    # over, at its last step only
    call(site, "Say", {"tableId": made, "text": "gg", "name": "eve"})
    eve.get(f"{site}#/replay/{made}")
    replayed = "return [...document.querySelectorAll('#replay #chat-log .said')].map((l) => l.textContent)"
    wait(eve, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay[data-step='1']"), 20, "the replay's first step")
    assert wait(eve, lambda d: d.execute_script(replayed), 10, "no chat beside the replay") == ["hello"]
    eve.find_element(By.CSS_SELECTOR, "#replay .replay-last").click()
    wait(eve, lambda d: d.execute_script(replayed) == ["hello", "gg"], 10, "the chat of the replay's last step")


# What a seat sitting out is shown, sampled by the page every 50 ms for ``arguments[0]`` ms: [each time it was
# prompted (the action bar in sight with a button or "à vous", or its plate saying "à vous" or a clock), the places
# "je reviens" was seen at (its top in the window, the page's scroll)].
PROMPTED = """
const [ms, done] = [arguments[0], arguments[arguments.length - 1]];
const prompted = [];
const places = new Set();
const timer = setInterval(() => {
  const bar = document.getElementById('actions');
  const plate = [...document.querySelectorAll('#board .pk-seat')].find((n) => n.textContent.includes('(en pause)'));
  if (bar.checkVisibility() && (bar.querySelector('button') || bar.textContent.includes('vous'))) {
    prompted.push(['bar', bar.textContent.trim().slice(0, 40)]);
  }
  if (plate && (plate.textContent.includes('à vous') || plate.querySelector('.clock'))) {
    prompted.push(['plate', plate.textContent.trim().slice(0, 40)]);
  }
  const back = document.getElementById('sit-out');
  places.add(JSON.stringify([Math.round(back.getBoundingClientRect().top), Math.round(window.scrollY)]));
}, 50);
setTimeout(() => { clearInterval(timer); done([prompted, [...places]]); }, ms);
"""
CENTRED = "document.getElementById(arguments[0]).scrollIntoView({block: 'center', behavior: 'instant'})"


def test_a_seat_sitting_out_is_not_asked_to_play(site: str, browsers: Callable[..., Any]) -> None:
    """DAKER hold'em at three on a phone (playtest, review of issue 39's screens): anne sits out, and the server
    plays her turns (its timeout rule, at once). Her plate said "anne (en pause)" with "à vous 1 s", and the turn's
    bar and its buttons came at each of her turns, moving the page and pushing "je reviens" under the chat's band.
    Now, for several hands, nothing asks her to play, and "je reviens" stays where it is until she is back."""
    made = call(site, "CreateTable", {"variant": "daker", "options": {"players": "3", "mode": "holdem"},
                                      "botSeats": [1, 2], "pauseSeconds": 1})["table"]["tableId"]  # fmt: skip
    token = call(site, "JoinTable", {"tableId": made, "player": "anne", "seat": 0})["token"]
    anne = browsers("fr-FR", PHONE)
    seated(anne, site, made, 0, token, "anne")
    wait(anne, lambda d: d.find_element(By.ID, "sit-out").is_displayed(), 10)
    anne.execute_script(CENTRED, "sit-out")  # a phone's page: the button in sight, out of the chat's band
    click(anne, "sit-out")
    wait(anne, lambda d: "anne (en pause)" in d.find_element(By.ID, "board").text, 5, "the seat is not named away")
    wait(anne, lambda d: not d.find_element(By.ID, "actions").is_displayed(), 5, "the bar stays")
    anne.execute_script("window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
    hand = int(call(site, "GetTable", {"tableId": made})["table"].get("hand", 0))
    prompted, places = anne.execute_async_script(PROMPTED, 8000)
    table = call(site, "GetTable", {"tableId": made})["table"]
    assert table.get("status") == "TABLE_STATUS_PLAYING" and int(table.get("hand", 0)) >= hand + 2, (hand, table)
    assert not prompted, prompted[:5]
    assert len(places) == 1, places  # "je reviens" steady: nothing moved the page
    assert anne.find_element(By.ID, "sit-out").text == "je reviens" and anne.find_element(By.ID, "away-note").is_displayed()
    assert not anne.execute_script(COVERED)  # nothing under the chat's band
    # Back: her turns are hers again, the bar with them
    anne.execute_script(CENTRED, "sit-out")
    click(anne, "sit-out")
    wait(anne, lambda d: d.find_element(By.ID, "actions").is_displayed(), 5, "the bar is not back")
    wait(anne, lambda d: d.find_elements(By.CSS_SELECTOR, "#actions .legal button"), 30, "anne is not asked back")


def test_a_refused_sit_out_is_said_in_the_page_s_language(site: str, browsers: Callable[..., Any]) -> None:
    """A pause the server refuses is said beside its button in the page's words, by its reason, as every refusal of
    the page: the seat this browser keeps at the table holds another table's token (OTHER_TABLE), and the bar said
    the server's English ('this token is for table t-..., not ...') on a French page."""
    game = {"variant": "poker-champ", "options": {"players": "2"}, "bots": [{"seat": 1}], "untimed": True}
    mine, other = (call(site, "CreateTable", game)["table"]["tableId"] for _ in range(2))
    elsewhere = call(site, "JoinTable", {"tableId": other, "player": "anne", "seat": 0})["token"]
    call(site, "JoinTable", {"tableId": mine, "player": "anne", "seat": 0})
    anne = browsers("fr-FR")
    seated(anne, site, mine, 0, elsewhere, "anne")
    wait(anne, lambda d: d.find_element(By.ID, "sit-out").is_displayed(), 10)
    click(anne, "sit-out")
    said = wait(anne, lambda d: d.find_element(By.CSS_SELECTOR, "#tools .tools-said").text, 10, "the refusal not said")
    assert said == "Votre place est à une autre table.", said


def test_the_chat_s_and_the_alerts_pure_parts_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("BRELAN_REQUIRE_NODE"):
            pytest.fail("Node.js is missing: .ci/run installs it")
        pytest.skip("Node.js is not installed")
    done = subprocess.run([node, "--test", *map(str, NODE_TESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
