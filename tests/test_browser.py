"""The browser client in a real headless Chromium (Debian's chromium and chromium-driver, through Selenium).

Every game and mode: the page makes a table with bots, takes seat 0, and plays by clicking legal actions, in French
or in English (the browser's language; tests/test_browser_words.py plays others in French): the short games to their
result, the others to their first hand's end, held on the table (a belote deal and the bataille game take a minute
and more at the bots' quickest pace: a few decisions, unless BRELAN_BROWSER_LONG is set). The screen must show this
seat's cards face up, every other seat's as backs until a showdown shows them, then the result. No screen the tests
pass through (lobby, form, table, hand's end, result, tournaments, word tools) shows an engine's field name, enum,
seat code or raw array; the form offers what the chosen game has.
Two browsers play one table as two seats, and a third watches: neither sees the other's cards, and the spectator
sees none. A tournament's seat is taken in the browser that made the tournament; a phone's width holds the lobby,
and the table with its action bar in sight; a finished table of hundreds of hands opens on its result with the
feed's last events (bench/bench_web.py times it). A failing test leaves a screenshot of each browser in its
temporary directory.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from conftest import post

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
API = "brelan.api.v1.TableService/"  # Connect's path of a table call, after the site's address
RESULT, HAND, LONG = "result", "hand", "long"  # how far a case is played: the game's result, its first hand's end,
# or a hand too long for every run (a belote deal ~90 s, the bataille game ~105 s): DECISIONS, all of it with
# BRELAN_BROWSER_LONG=1
QUICK = {"pace": "1"}  # the form's quickest bots' pace: a real-time game's bots take it before each card or claim
# Each case: a game, the options that keep it short, the browser's language, how far it is played.
GAMES = [
    ("poker-champ", {"players": "2", "awards_to_win": "1", "chips": "6"}, "en-US", RESULT),
    ("chinese", {"players": "2", "rounds": "1"}, "en-US", RESULT),
    ("chinese", {"style": "ofc", "players": "2", "rounds": "1"}, "fr-FR", RESULT),
    ("chinese", {"style": "pineapple", "players": "2", "rounds": "1"}, "en-US", RESULT),
    ("chinese", {"style": "progressive", "players": "2", "rounds": "1"}, "fr-FR", RESULT),
    ("yahtzee-holdem", {"players": "2"}, "fr-FR", HAND),
    ("daker", {"players": "2"}, "fr-FR", HAND),
    ("daker", {"mode": "draw", "players": "2"}, "en-US", HAND),
    ("daker", {"mode": "round", "players": "2"}, "fr-FR", HAND),
    ("alphapoker", {"players": "2", "rounds": "1"}, "en-US", RESULT),
    ("alphapoker-bataille", QUICK, "fr-FR", LONG),
    ("alphapoker-belote", QUICK, "en-US", LONG),
    ("alphapoker-belote-secrete", QUICK, "fr-FR", LONG),
]
SHOWN = ("poker-champ", "yahtzee-holdem", "daker", "alphapoker", "chinese")  # games whose hand's end stays a moment
DECISIONS = 6  # a long hand is played this far
HIDDEN = "[data-card].back, [data-card].marked"  # a card or a tile face down (table/board.js's contract)
FACE = "[data-card]:not(.back):not(.marked)"
# What no screen may show a player: the engine's words, not the page's.
UNREADABLE = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # a field's or an option's name (awards_to_win)
    r"|\b[A-Z]+_[A-Z_]+\b"  # an enum's name (PHASE_EXCHANGE, STAGE_FLOP, LETTER_KIND_VOWEL)
    r"|\[\s*-?\d+(?:\s*,\s*-?\d+)*\s*\]"  # a raw array ([3, 1])
    r"|\bp\d\b"  # a seat as the engine names it (p0)
    r"|\b(?:undefined|null|NaN)\b|\[object \w+\]|\{\""  # a value missing, an object or JSON as text
    r"|\bt-[0-9a-f]{8}\b"  # a table's id (a table's title is its name, its place in a tournament, or its game)
    r"|\bfr-dela\b"  # a lexicon's key
    r"|\b[A-Z]{2}(?:,[A-Z]{2}){3,}")  # a raw list of cards (DAKER's deck: AA,AK,AQ...)
# The page's words in the other language: none may show (the board modules' own words, the bar's, the result's).
FOREIGN = {
    "fr": re.compile(r"\b(?:Your move|You may act|The others are playing|The game is over|Fold|Call|Check|Raise|Bet|"
                     r"Pay|Lay|Claim|Propose|Pass|Keep my hand|won|hand \d+|seat \d+|bot \d+|play again|watching|leave|"
                     r"chips)\b"),
    "en": re.compile(r"(?:\bÀ vous|\bVous pouvez|\bLes autres jouent|\bLa partie est finie|\bSe coucher|\bSuivre|"
                     r"\bPayer|\bPoser|\bProposer|\bPasser|\bVictoire|\bdonne \d+|\brobot \d+|\brejouer|"
                     r"\bcontinuer|\bspectateur|\bquitter|\bjetons)\b"),
}
# The result's title and the bar's last words, in each language.
RESULT_SAID = {"fr": ("Victoire d", "La partie est finie"), "en": (" won", "The game is over")}  # de, d' (anne)


@pytest.fixture(scope="module")
def site(web: str) -> str:
    return web + "/"


def chromium(language: str = "en-US", size: tuple[int, int] = (1100, 1000)) -> Any:
    """A headless Chromium of its own (its own local storage: its own seats), asking pages in ``language``, its
    window ``size`` wide and high."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        if os.environ.get("BRELAN_REQUIRE_BROWSER"):
            pytest.fail("chromium or chromium-driver is missing: .ci/run installs them")
        pytest.skip("Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={size[0]},{size[1]}",
                     f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
    if size[0] < 500:  # narrower than a headless window can be: a phone's screen, as DevTools' device mode makes it
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": size[0], "height": size[1], "deviceScaleFactor": 3, "mobile": True})
    return driver


@pytest.fixture
def browsers(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Opens browsers for a test; on its failure each one's screenshot is saved in the test's directory."""
    opened: list[Any] = []

    def open_one(language: str = "en-US", size: tuple[int, int] = (1100, 1000)) -> Any:
        opened.append(chromium(language, size))
        return opened[-1]

    yield open_one
    failed = getattr(request.node, "failed", False)
    for n, driver in enumerate(opened):
        if failed:
            driver.save_screenshot(str(tmp_path / f"browser-{n}.png"))
            print(f"screenshot: {tmp_path / f'browser-{n}.png'}")
            for entry in driver.get_log("browser"):  # the page's own errors, if any
                print(f"console: {entry['level']} {entry['message']}")
        driver.quit()


def wait(driver: Any, what: Callable[[Any], Any], seconds: float = 20, message: str = "") -> Any:
    """What ``what`` gives once it is true (the page's, or the server's, with ``driver`` None); an element the page
    drew again while ``what`` read it is read again."""
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=ignored).until(what, message)


def create_table(driver: Any, site: str, game: str, options: dict[str, str], name: str, bots: list[int] | None = None) -> str:
    """Through the lobby's form: the table's id, once its screen is open (seat 0 taken unless bots play it).

    Without a pause between hands unless ``options`` asks for one (a person's default, 5 s a hand, would make the
    tests that play many hands wait minutes)."""
    options = {"pause": "0", **options}
    driver.get(site)
    field = wait(driver, lambda d: d.find_element(By.ID, "player-name"))
    field.clear()
    field.send_keys(name)
    Select(wait(driver, lambda d: d.find_element(By.ID, "variant"))).select_by_value(game)  # the form, once drawn
    for key, value in options.items():  # as a person types it: the form redraws what depends on it
        driver.execute_script("const f = document.querySelector(`#create [name='${arguments[0]}']`);"
                              "f.value = arguments[1]; f.dispatchEvent(new Event('change', {bubbles: true}));", key, value)  # fmt: skip
    if bots is not None:
        for box in driver.find_elements(By.CSS_SELECTOR, "#create .bots input"):
            if box.is_selected() != (int(box.get_attribute("value")) in bots):
                box.click()
    driver.execute_script("document.querySelectorAll('#create details').forEach((d) => (d.open = true))")  # the rules
    readable(driver, f"the lobby and the form for {game}")
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    screen = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]"))
    return str(screen.get_attribute("data-table"))


def faces(driver: Any, seats: str, unless: str = "") -> dict[str, list[str]] | None:
    """The cards shown face up at the seats ``seats`` selects, seat by seat: read in one go, as the page
    redraws itself at every event; None when the page shows ``unless`` at that moment (a hand's end)."""
    return driver.execute_script(  # type: ignore[no-any-return]
        "if (arguments[2] && document.querySelector(arguments[2])) return null;"
        "return Object.fromEntries([...document.querySelectorAll(arguments[0])].map((s) => [s.dataset.seat,"
        " [...s.querySelectorAll(arguments[1])].map((c) => c.dataset.card)]));", seats, FACE, unless)


def ranking(driver: Any, seconds: float = 20) -> list[dict[str, Any]]:
    """The result's ranking, row by row (``cells``' texts, whether a ``champion``), once drawn: read in one go, as
    the page may draw the result again (the table's info changed) between two WebDriver calls."""
    return wait(driver, lambda d: d.execute_script(  # type: ignore[no-any-return]
        "return [...document.querySelectorAll('#result .ranking tr')].slice(1).map((r) => ({"
        " cells: [...r.querySelectorAll('td')].map((c) => c.innerText), champion: r.classList.contains('champion')}))"
    ), seconds, "the result's ranking was not drawn")


def readable(driver: Any, where: str = "the table") -> None:
    """What the page shows (#main's visible text) and tells (the feed, open or not) holds no engine's word."""
    texts = driver.execute_script("return [document.getElementById('main').innerText,"
                                  " ...[...document.querySelectorAll('#feed li')].map((l) => l.textContent)]")
    found = [(m.group(), text[max(0, m.start() - 40):m.end() + 40])
             for text in texts for m in UNREADABLE.finditer(text)]
    assert not found, f"{where} shows {found[:5]}"


def speaks(driver: Any, language: str) -> None:
    """The page is in ``language`` ("fr-FR"): <html lang>, and none of the other language's words in sight."""
    lang = language[:2]
    assert driver.execute_script("return document.documentElement.lang") == lang
    shown = driver.find_element(By.ID, "main").text
    found = [shown[max(0, m.start() - 40):m.end() + 40] for m in FOREIGN[lang].finditer(shown)]
    assert not found, f"words of the other language on a page in {lang}: {found[:5]}"


def table_info(site: str, table_id: str) -> dict[str, Any]:
    """The table as the server tells it (GetTable over Connect, as the page calls it)."""
    status, body = post(site + API + "GetTable", {"tableId": table_id})
    assert status == 200, body
    return body["table"]  # type: ignore[no-any-return]


def same_hand(driver: Any) -> None:
    """While a hand's end is held on the board, the header says that hand as the board does (not the next one)."""
    head, board = driver.execute_script("return [document.querySelector('.table-head').innerText,"
                                        " document.getElementById('board').innerText]")
    said = [re.search(r"\b(?:donne|hand|main|deal) (\d+)", text, re.I) for text in (head, board)]
    if all(said):
        assert said[0].group(1) == said[1].group(1), f"the header says {said[0].group()}, the board {said[1].group()}"


def others_hidden(driver: Any) -> None:
    """Every card this browser shows at a seat not its own is a back, unless a hand's end is shown (read in the
    same instant: the page may draw a showdown between two reads)."""
    seen = faces(driver, ".seat:not(.mine)", SHOWN_DOWN)
    shown = {seat: cards for seat, cards in (seen or {}).items() if cards}
    assert not shown, f"other seats show {shown}"


# The end of a hand held on the table (what the showdown revealed), or of the game: all may be face up.
SHOWN_DOWN = "#result h3, #board.showdown"
MOVES = "#result h3, #board .plays, #actions button.act:not([disabled]), #actions .cn-pick, #actions .ap-none"


def decide(driver: Any, at_showdown: Callable[[Any], object] | None = None) -> bool:
    """Make this seat's first move offered by a button; False when the game is over first. Each screen it decides
    on must be readable (no engine's words).

    Every legal move has its control in the action bar, from the typed legal space: a button a move, an
    amount's button (at the slider's least), cards picked on the board then their button (none: keep); or a card
    that plays itself on the board (belote's, tapped in the hand).
    The end of a hand held on the table is looked at (``at_showdown``), then clicked past, as a player in a hurry does.
    """
    found = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 60, "neither a decision nor the end came")
    readable(driver)
    try:
        if found[0].tag_name == "h3":
            return False
        if at_showdown is not None and driver.find_elements(By.CSS_SELECTOR, "#board.showdown"):
            at_showdown(driver)
        clicked = place(driver) if driver.find_elements(By.CSS_SELECTOR, ".cn-pick") else found[0]
        # As a person does, brought to the middle of the screen first: not left under the sticky action bar.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", clicked)
        clicked.click()
        wait(driver, expected_conditions.staleness_of(clicked), 20, "the screen did not take the move")
    except StaleElementReferenceException:
        pass  # the table moved on under the click: look again
    return True


def place(driver: Any) -> Any:
    """Chinese poker, as a person places: a card (the first left is picked already), to the discard while one
    is owed, else to a row with room; once every card is placed, the place button (returned, unclicked)."""
    for _ in range(20):
        if not driver.find_elements(By.CSS_SELECTOR, ".cn-pick"):
            break
        owed = driver.find_elements(By.CSS_SELECTOR, ".cn-discard.cn-target")  # a discard still owed: this card
        rows = driver.find_elements(By.CSS_SELECTOR, "button.cn-to:not([disabled])")
        (owed or rows)[0].click()
    return driver.find_element(By.CSS_SELECTOR, "button.cn-send:not([disabled])")


def click(driver: Any, css: str, by: str = By.CSS_SELECTOR) -> Any:
    """Click what ``css`` (or an XPath, ``by``) finds, found again if the page redrew it in between (an event came);
    the element."""
    for _ in range(5):
        try:
            element = driver.find_element(by, css)
            element.click()
            return element
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


@pytest.mark.parametrize(("game", "options", "language", "how_far"), GAMES, ids=[
    "-".join(filter(None, (g, o.get("style") or o.get("mode"), lang[:2]))) for g, o, lang, _ in GAMES])
def test_a_game_is_played_by_clicking(site: str, browsers: Callable[..., Any], game: str, options: dict[str, str],
                                      language: str, how_far: str) -> None:  # fmt: skip
    driver = browsers(language)
    table_id = create_table(driver, site, game, options, "ann")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat.mine"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 30)
    others_hidden(driver)  # the first decision: nothing is shown down yet, every other seat's cards are backs
    first = int(table_info(site, table_id).get("hand", 0))  # the hand on the screen (the bots may have ended one)
    saw_my_cards = False
    shown: list[dict[str, list[str]]] = []  # each hand's end held on the table: the other seats' cards it shows
    short = how_far == LONG and not os.environ.get("BRELAN_BROWSER_LONG")
    for _ in range(DECISIONS if short else 400):
        if driver.find_elements(By.CSS_SELECTOR, ".seat.mine " + FACE):
            saw_my_cards = True
        if not decide(driver, lambda d: (same_hand(d), shown.append(faces(d, ".seat:not(.mine)")))):
            break
        if how_far != RESULT and (shown or int(table_info(site, table_id).get("hand", 0)) > first):
            break
    if how_far == HAND and game in SHOWN:  # the hand ended on the bots' moves: its end is held on the table a moment
        wait(driver, lambda d: shown or d.find_elements(By.CSS_SELECTOR, SHOWN_DOWN), 30, "no hand's end was shown")
        readable(driver, "the hand's end")
    feed = driver.find_elements(By.CSS_SELECTOR, "#feed li")
    assert feed and "ann" in driver.find_element(By.ID, "feed").get_attribute("textContent")  # the events name the player
    if game != "alphapoker-bataille":  # a bataille seat holds no cards: its pile is face down, the table public
        assert saw_my_cards, "this seat's own cards never showed face up"
    speaks(driver, language)
    if how_far == RESULT:
        title, over = RESULT_SAID[language[:2]]
        result = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#result h3"), 60)
        champions = [row["cells"][1] for row in ranking(driver) if row["champion"]]
        assert champions and title in result.text and all(name in result.text for name in champions), result.text
        assert over in driver.find_element(By.ID, "actions").text
        assert driver.find_elements(By.CSS_SELECTOR, "#result button.again")
        readable(driver, "the result")
    if game in SHOWN and how_far != LONG:  # the hand's end was held on the table (the game's own at its result)
        assert shown or driver.find_elements(By.CSS_SELECTOR, "#board.showdown"), "no hand's end was shown"
    if game == "chinese" and "style" not in options:  # classic: every hand ends on a showdown of all the rows
        final = faces(driver, ".seat:not(.mine)") if driver.find_elements(By.CSS_SELECTOR, "#board.showdown") else {}
        told = driver.find_element(By.ID, "feed").get_attribute("textContent")
        surrendered = told.count(" abandonne la main") + told.count(" surrenders the hand")
        # (a bot surrenders about one deal in 40: both hands surrendered show no rows)
        assert any(len(cards) == 13 for end in [*shown, final] for cards in end.values()) or surrendered >= 2, \
            (shown, final)


def test_two_browsers_play_one_table_and_a_third_watches(site: str, browsers: Callable[..., Any]) -> None:
    ann, bob, eve = browsers(), browsers(), browsers()
    table_id = create_table(ann, site, "poker-champ", {"players": "3", "awards_to_win": "1"}, "ann", bots=[2])
    bob.get(site)
    bob.find_element(By.ID, "player-name").send_keys("bob")
    join = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, f"tr[data-table='{table_id}'] button"))
    join.click()
    wait(bob, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat.mine[data-seat='1']"))
    eve.get(f"{site}#/table/{table_id}")
    wait(eve, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat[data-seat='2']"))
    assert "watching" in eve.find_element(By.ID, "table").text
    # What the spectator's page asks of the server from now on: its stream brings the view with each action.
    eve.execute_script("window.asked = []; const fetched = window.fetch;"
                       "window.fetch = (url, options) => { window.asked.push(String(url)); return fetched(url, options); };")
    told = len(eve.find_elements(By.CSS_SELECTOR, "#feed li"))
    began = time.monotonic()
    for _ in range(4):
        for player in (ann, bob):
            if driver_has_decision(player):
                decide(player)
        for player in (ann, bob):
            others_hidden(player)
            if not player.find_elements(By.CSS_SELECTOR, SHOWN_DOWN):
                assert player.find_elements(By.CSS_SELECTOR, ".seat.mine " + FACE)  # his own two cards
        seen = faces(eve, ".seat", SHOWN_DOWN)  # the spectator: backs everywhere, but at a hand's end
        if seen is not None:
            assert len(seen) == 3 and not any(seen.values()), seen
            assert eve.find_elements(By.CSS_SELECTOR, ".seat " + HIDDEN)
    assert not eve.find_elements(By.CSS_SELECTOR, "button.act")  # a spectator has nothing to click
    reads = [url for url in eve.execute_script("return window.asked") if url.endswith(("/GetView", "/GetTable"))]
    told = len(eve.find_elements(By.CSS_SELECTOR, "#feed li")) - told
    # No read for each action: at most one every few seconds (STALE_MS), when the table was quiet that long.
    assert told > 10 and len(reads) <= 2 * (1 + (time.monotonic() - began) / 3), (told, reads)


def driver_has_decision(driver: Any, seconds: float = 10) -> bool:
    try:
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "button.act, #result h3"), seconds)
    except TimeoutException:
        return False
    return bool(driver.find_elements(By.CSS_SELECTOR, "button.act"))


def test_the_form_offers_what_the_game_has_and_counts_seats_as_people_do(site: str,
                                                                        browsers: Callable[..., Any]) -> None:
    driver = browsers()
    driver.get(site)
    select = Select(wait(driver, lambda d: d.find_element(By.ID, "variant")))
    shown = ("return ['pace', 'pause'].map((n) => document.querySelector(`#create [name=${n}]`).closest('label')"
             ".offsetHeight > 0)")
    paced = {}
    for game in ("poker-champ", "alphapoker-belote"):  # bots that race you: belote's; a pause between turns: POKER CHAMP's
        select.select_by_value(game)
        paced[game] = driver.execute_script(shown)
    seats = driver.execute_script("return [document.querySelector('#create .bots').textContent,"
                                  " document.querySelector('#create [name=sit]').closest('label').textContent]")
    wrong = [f"the bots' pace, the pause shown: {paced}"] if paced != {"poker-champ": [False, True],
                                                                        "alphapoker-belote": [True, False]} else []
    if re.search(r"\b0\b", seats[1]) and not re.search(r"\b0\b", seats[0]):
        wrong.append(f"the seats counted from 1 ({seats[0]!r}), but {seats[1]!r}")
    # DAKER: only the options of the chosen mode (no blinds nor stacks for the chipless round), its deck as cards
    select.select_by_value("daker")
    offered = "return [...document.querySelectorAll('#create [data-option]:not([hidden])')].map((o) => o.dataset.option)"
    mode = "const m = document.querySelector('#create [name=mode]'); m.value = arguments[0]; m.dispatchEvent(new Event('change', {bubbles: true}))"
    for value, shown, hidden in (("round", {"wins", "deck"}, {"small_blind", "stack", "limit", "ante"}),
                                 ("holdem", {"small_blind", "stack", "limit"}, {"wins", "ante"}),
                                 ("draw", {"ante", "stack"}, {"wins"})):
        driver.execute_script(mode, value)
        options = set(driver.execute_script(offered))
        if not shown <= options or hidden & options:
            wrong.append(f"DAKER {value} offers {sorted(options)}")
    deck = driver.find_element(By.CSS_SELECTOR, "#create [data-option=deck]")
    driver.execute_script("document.querySelectorAll('#create details').forEach((d) => (d.open = true))")  # unfolded
    counts = deck.find_elements(By.CSS_SELECTOR, "input.deck-count")
    sent = "return document.querySelector('#create [name=deck]').value"
    rulebook = driver.execute_script(sent)
    counts[0].send_keys("\b2")  # two AA
    changed = driver.execute_script(sent)
    if len(counts) != 21 or not deck.find_elements(By.CSS_SELECTOR, ".card") or changed != "AA," + rulebook:
        wrong.append(f"DAKER's deck: {len(counts)} counts, {rulebook!r} then {changed!r}")
    if "22 cartes" not in deck.text and "22 cards" not in deck.text:
        wrong.append(f"DAKER's deck says {deck.text!r}")
    assert not wrong, wrong


def test_the_host_chooses_each_bot_s_level_and_the_table_shows_it(site: str, browsers: Callable[..., Any]) -> None:
    """Issue 41: beside each bot seat's box, the game's levels in the page's words (VariantInfo's), its default
    chosen, in sight while a bot takes the seat; the host picks two levels (one by the keyboard), each bot of the
    table made plays at its own (SeatInfo.bot_level), and the table's header names each bot with its level."""
    driver = browsers("fr-FR")
    driver.get(site)
    wait(driver, lambda d: d.find_element(By.ID, "player-name")).send_keys("ann")
    Select(wait(driver, lambda d: d.find_element(By.ID, "variant"))).select_by_value("poker-champ")
    driver.execute_script("const f = document.querySelector('#create [name=players]'); f.value = '3';"
                          "f.dispatchEvent(new Event('change', {bubbles: true}))")  # fmt: skip
    levels = ("return [...document.querySelectorAll('#create .bots [name=level]')].map((s) => [s.dataset.seat,"
              " !s.hidden && s.offsetWidth > 0, s.value, [...s.options].map((o) => o.textContent)])")
    words = ["débutant", "intermédiaire", "fort"]
    assert driver.execute_script(levels) == [["0", False, "intermediate", words], ["1", True, "intermediate", words],
                                             ["2", True, "intermediate", words]]  # you at seat 1, two bots
    box = driver.find_element(By.CSS_SELECTOR, "#create .bots input[value='0']")
    box.click()  # a bot at your seat: its level in sight, and gone with it
    assert [shown for _, shown, _, _ in driver.execute_script(levels)] == [True, True, True]
    box.click()
    second = driver.find_element(By.CSS_SELECTOR, "#create [name=level][data-seat='1']")
    Select(second).select_by_value("beginner")
    third = driver.find_element(By.CSS_SELECTOR, "#create [name=level][data-seat='2']")
    third.send_keys("f")  # a key on the focused select: its level by its first letter, as a person types it
    assert [value for _, _, value, _ in driver.execute_script(levels)] == ["intermediate", "beginner", "strong"]
    readable(driver, "the form's bots")
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    table_id = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]")).get_attribute("data-table")
    assert [s.get("botLevel", "") for s in table_info(site, table_id)["seats"]] == ["", "beginner", "strong"]
    # each bot named by its level, at the table as in the lobby: its name says it, no line more ("robot 2" before)
    title = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".table-head h2")).text
    assert title.endswith(" · ann, robot débutant et robot fort"), title
    assert not driver.find_elements(By.CSS_SELECTOR, ".table-head .bot-levels")
    driver.get(site)
    row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#lobby tr[data-table='{table_id}']"), 10)
    assert "ann, robot débutant, robot fort" in row.text, row.text


def players_typed(form: Any, players: list[tuple[str, bool]]) -> None:
    """The new tournament's players, as a person enters them: a row each (added or removed), its name, a bot or not."""
    while len(form.find_elements(By.CSS_SELECTOR, ".tour-player-list li")) > len(players):
        form.find_elements(By.CSS_SELECTOR, ".tour-player-list li button.remove")[-1].click()
    while len(form.find_elements(By.CSS_SELECTOR, ".tour-player-list li")) < len(players):
        form.find_element(By.CSS_SELECTOR, "button.add").click()
    for row, (name, bot) in zip(form.find_elements(By.CSS_SELECTOR, ".tour-player-list li"), players):
        field = row.find_element(By.CSS_SELECTOR, "input[type=text]")
        field.clear()
        field.send_keys(name)
        box = row.find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        if box.is_selected() != bot:
            box.click()


def test_a_tournament_seat_is_taken_in_the_browser_that_made_it(site: str, browsers: Callable[..., Any]) -> None:
    driver = browsers("fr-FR")
    driver.get(site + "#/tournaments")
    form = wait(driver, lambda d: d.find_element(By.ID, "create-tournament"))
    assert "AlphaPoker" in form.text, form.text  # the game its tables play, said
    # the finished ones asked for in the tournaments' gender ("terminées aussi" is the tables')
    assert driver.find_element(By.CSS_SELECTOR, "#tournaments > label.inline").text == "terminés aussi"
    fields = form.find_elements(By.CSS_SELECTOR, ".tour-player-list input[type=text]")
    # you against three bots, named by their level: nobody named yet, your name is asked, never made up ("ann" before)
    first = [f.get_attribute("value") for f in fields]
    assert first == ["", "robot intermédiaire 1", "robot intermédiaire 2", "robot intermédiaire 3"], first
    assert fields[0].get_attribute("placeholder") == "votre nom"
    Select(form.find_element(By.NAME, "level")).select_by_visible_text("fort")  # the bots' names follow their level
    assert [f.get_attribute("value") for f in fields][1:] == ["robot fort 1", "robot fort 2", "robot fort 3"]
    driver.find_element(By.ID, "player-name").send_keys("ann")  # the name at the top of the page is yours
    assert fields[0].get_attribute("value") == "ann"
    name = form.find_element(By.NAME, "name")
    name.clear()
    name.send_keys("Coupe")
    # What a person may get wrong is said beside the form, in French, before anything is asked of the server.
    submit = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    for players, said in (([("ann", False), ("", True), ("cy", True), ("dee", True)], "joueur 2"),
                          ([("ann", False), ("bob", True), ("ann", True), ("dee", True)], "Deux joueurs s'appellent ann"),
                          ([("ann", False), ("bob", True), ("cy", True)], "4, 8, 16, 32 ou 64 joueurs")):
        players_typed(form, players)
        submit.click()
        error = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#create-tournament .form-error:not([hidden])"))
        assert said in error.text, error.text
    assert not driver.find_elements(By.CSS_SELECTOR, "#tournaments article")  # none was made
    players_typed(form, [("ann", False), ("bob", True), ("cy", True), ("dee", True)])  # a knockout of four: ann and bots
    level = Select(form.find_element(By.NAME, "level"))  # the bots' level (issue 41): the game's default unless chosen
    assert level.first_selected_option.text == "fort"  # as chosen above (its default, intermédiaire, named the bots)
    submit.click()
    # Its card offers this browser's player (whose join secret it keeps) his match's seat, once the table is open.
    sit = "//section[@id='tournaments']//article//button[contains(., 'ann')]"
    wait(driver, lambda d: d.find_elements(By.XPATH, sit), 20, "no button to play as ann")
    assert "niveau des robots : fort" in driver.find_element(By.CSS_SELECTOR, "#tournaments article").text
    readable(driver, "the tournaments")
    speaks(driver, "fr-FR")
    offered = driver.execute_script(
        "return [...document.querySelectorAll('#tournaments article button')].map((b) => b.textContent)")
    assert not [b for b in offered if re.search(r"\b(bob|cy|dee)\b", b)], f"a bot's seat is offered: {offered}"
    click(driver, sit, By.XPATH)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat.mine"))
    assert "ann" in driver.execute_script("return document.querySelector('.table-head .pill.you').textContent")
    # The game's title is its place in the tournament, in French (the server names the table in English)
    title = driver.find_element(By.CSS_SELECTOR, ".table-head h2").text
    assert re.fullmatch(r"Coupe · demi-finale · match [12] · partie 1", title), title
    table_id = driver.find_element(By.ID, "table").get_attribute("data-table")
    assert table_info(site, table_id).get("pauseSeconds") == 5  # the form's pause after each hand, by default
    assert [s.get("botLevel", "") for s in table_info(site, table_id)["seats"]].count("strong") == 1  # ann's opponent
    seq = int(table_info(site, table_id).get("seq", 0))
    assert decide(driver)  # a move, taken by the table
    wait(driver, lambda d: int(table_info(site, table_id).get("seq", 0)) > seq)
    assert "ann" in driver.find_element(By.ID, "feed").get_attribute("textContent")


def test_a_phone_holds_the_lobby_and_the_table_with_its_action_bar(site: str, browsers: Callable[..., Any]) -> None:
    # A lobby of many tables, some with long names, some waiting for a player (a button more on their row)
    for n, name in enumerate(["", "La table du dimanche soir entre amis de longue date", "x" * 60, "", "Belote", "",
                              "Une autre table au nom interminable pour voir", ""]):
        status, made = post(site + API + "CreateTable", {"variant": "poker-champ", "name": name,
                                                         "botSeats": [1] if n % 2 else [], "options": {"players": "2"}})
        assert status == 200, made
    driver = browsers("fr-FR", (390, 844))
    width = "return [window.innerWidth, document.scrollingElement.scrollWidth]"
    create_table(driver, site, "chinese", {"players": "4", "rounds": "1"}, "ann", bots=[1, 2, 3])
    driver.back()  # the lobby, the new table listed
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lobby tr[data-table]")) >= 9)
    inner, scrolled = driver.execute_script(width)
    assert inner <= 390 and scrolled <= inner, f"the lobby scrolls sideways: {scrolled} px wide in {inner}"
    outside = driver.execute_script(
        "return [...document.querySelectorAll('#lobby button, #lobby a.button')].map((b) => [b.textContent,"
        " b.getBoundingClientRect()]).filter(([, r]) => r.left < 0 || r.right > window.innerWidth).map(([t]) => t)")
    assert not outside, f"buttons out of the screen: {outside}"
    readable(driver, "the lobby on a phone")
    driver.forward()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 30)
    inner, scrolled = driver.execute_script(width)
    assert scrolled <= inner, f"the table scrolls sideways: {scrolled} px wide in {inner}"
    # the screen's bottom as the bar sees it: the top of the chat's band there (table/chat.css), whose room it keeps
    bar = ("const r = document.getElementById('actions').getBoundingClientRect();"
           " const band = document.getElementById('chat-toggle')?.getBoundingClientRect();"
           " return [r.top, r.bottom, band?.height ? band.top : window.innerHeight,"
           " document.scrollingElement.scrollHeight]")
    top, bottom, height, page = driver.execute_script(bar)
    assert page > height + 300, f"the board fits the screen ({page} px high in {height}): nothing to scroll"
    for y in (0, (page - height) // 2, page - height):  # the board scrolled by, to its end: the bar stays in sight,
        driver.execute_script("window.scrollTo(0, arguments[0])", y)  # held at the screen's bottom until its place
        top, bottom, height, _ = driver.execute_script(bar)
        assert 0 <= top < bottom <= height + 1 and (bottom > height - 1 or y > 0), (y, top, bottom, height)
    assert decide(driver)  # and a move made from it


def test_a_redraw_with_nothing_new_keeps_what_is_pressed_and_surrender_asks_first(site: str,
                                                                                 browsers: Callable[..., Any]) -> None:
    """The table is read again every few seconds: a board drawn anew each time lost a card put on a row with a
    click pressed across it (a person clicked Place twice). Chinese poker's surrender is a small button that asks."""
    driver = browsers("fr-FR")
    table_id = create_table(driver, site, "chinese", {"players": "2", "rounds": "1"}, "anne", bots=[1])
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".cn-pick"), 30)
    # the bot has set its hand (or surrendered it, as a bad deal makes it): nothing happens now until this seat plays
    said = lambda d: d.find_element(By.ID, "feed").get_attribute("textContent")  # noqa: E731
    wait(driver, lambda d: "robot intermédiaire a posé sa main" in said(d) or "robot intermédiaire abandonne" in said(d), 30)
    driver.execute_script("window.marked = [document.querySelector('#board .board-inner'),"
                          " document.querySelector('button.cn-send')]")
    driver.execute_script("return new Promise((done) => setTimeout(done, 4000))")  # the screen reads the table again
    kept = driver.execute_script("return window.marked.map((node) => document.contains(node))")
    assert kept == [True, True], f"redrawn with nothing new (board, place button): {kept}"
    surrender = driver.find_element(By.CSS_SELECTOR, "#actions button.cn-surrender")
    assert "act" not in surrender.get_attribute("class").split(), "surrender is not the bar's big button"
    seq = int(table_info(site, table_id).get("seq", 0))
    driver.execute_script("window.confirm = () => false")  # asked, and refused: nothing sent
    surrender.click()
    driver.execute_script("return new Promise((done) => setTimeout(done, 1000))")
    assert int(table_info(site, table_id).get("seq", 0)) == seq and driver.find_elements(By.CSS_SELECTOR, ".cn-pick")
    driver.execute_script("window.confirm = () => true")
    click(driver, "#actions button.cn-surrender")
    wait(driver, lambda d: "anne abandonne" in said(d), 20)


def test_a_finished_game_played_again_shows_the_new_table(site: str, browsers: Callable[..., Any]) -> None:
    """"Rejouer" makes a table of the same game and opens it: the address and the screen are the new table's (its
    title was the old table's id, as the new one was named after it)."""
    driver = browsers("fr-FR")
    old = create_table(driver, site, "poker-champ", {"players": "2", "awards_to_win": "1", "chips": "6"}, "anne")
    for _ in range(300):
        if not decide(driver):
            break
    note = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#result .result-note"), 60).text
    assert "Un Award se gagne en donnant 6 jetons" in note and "Le premier à 1 Award gagne" in note, note
    click(driver, "#result button.again")
    shown = "return document.getElementById('table')?.dataset.table"  # read at once: the screen is being replaced
    new = wait(driver, lambda d: (n := d.execute_script(shown)) != old and n, 20)
    assert driver.execute_script("return location.hash") == f"#/table/{new}"
    title = wait(driver, lambda d: d.execute_script("return document.querySelector('.table-head h2')?.textContent"))
    assert old not in title and title.startswith("POKER CHAMP"), title
    assert table_info(site, new)["name"] in ("", new)  # not named after the old table


def test_a_finished_long_table_opens_on_its_result_with_the_feed_s_last_events(site: str,
                                                                                 browsers: Callable[..., Any]) -> None:
    # POKER CHAMP's bots play ~200 hands a second (bench/bench_web.py makes 600 and times the page on them).
    options = {"players": "2", "length": "long", "awards_to_win": "1", "awards_total": "20"}
    status, created = post(site + API + "CreateTable",
                           {"variant": "poker-champ", "options": options, "botSeats": [0, 1]})
    assert status == 200, created
    table_id = created["table"]["tableId"]
    info = wait(None, lambda _: (i := table_info(site, table_id)).get("status") == "TABLE_STATUS_FINISHED" and i, 60)
    # a long game: more events than the feed keeps (150; a hand makes about 10). Not a count of hands: 20 Awards
    # take 71 to 300+ of them, under 100 in about one game of 250.
    assert int(info["seq"]) > 2 * 150, info["seq"]
    driver = browsers()
    driver.get(f"{site}#/table/{table_id}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#result h3"), 30)
    readable(driver, "the result")
    # The feed holds the last events (the page's FEED_KEPT, 150), up to the very last one.
    newest = "const l = document.querySelectorAll('#feed li'); return l.length && Number(l[l.length - 1].dataset.seq)"
    wait(driver, lambda d: d.execute_script(newest) == int(info["seq"]), 30, "the feed never told the last event")
    kept = driver.find_elements(By.CSS_SELECTOR, "#feed li")
    assert 0 < len(kept) <= 150, len(kept)
    assert int(kept[0].get_attribute("data-seq")) == int(info["seq"]) - len(kept) + 1  # every one between


def test_the_word_tools_answer(site: str, browsers: Callable[..., Any]) -> None:
    driver = browsers()
    driver.get(site + "#/words")
    form = wait(driver, lambda d: d.find_element(By.ID, "word-check"))
    form.find_element(By.TAG_NAME, "input").send_keys("porte mangeons")
    form.find_element(By.TAG_NAME, "button").click()
    answer = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#word-answer li.no"))
    assert "mangeons" in answer.text and driver.find_element(By.CSS_SELECTOR, "#word-answer li.yes").text.startswith("porte")
    assert "conjugated form: not admitted" in answer.text  # the refusal's code in the page's words (issue 38)
    assert "noun" in driver.find_element(By.CSS_SELECTOR, "#word-answer li.yes").text  # an admitted word's readings
    form = driver.find_element(By.ID, "word-best")
    form.find_element(By.TAG_NAME, "input").send_keys("Er Tb Ar Nb Sr ?r Ob")
    form.find_element(By.TAG_NAME, "button").click()
    best = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#word-answer ol li"))
    assert best and best[0].find_elements(By.CSS_SELECTOR, ".card.letter")
    readable(driver, "the word tools")


def test_a_refused_action_shows_its_reason(site: str, browsers: Callable[..., Any]) -> None:
    driver = browsers()
    create_table(driver, site, "poker-champ", {"players": "2"}, "ann")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "button.act"))
    # the box to type a move in is there for a move the bar has no control for: none here, it is shown for the test
    driver.execute_script("document.querySelector('#actions details.composer').hidden = false")
    click(driver, "#actions details.composer summary")  # a move typed as text, for those who know them
    composer = driver.find_element(By.ID, "composer")
    composer.send_keys("raise 1000\n")
    toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#toast.show.error")).get_attribute("textContent")
    assert "unknown 'raise'" in toast and "legal: pay, fold" in toast, toast  # the server's reason, and what is legal


def test_the_page_speaks_the_browser_s_language_and_switches(site: str, browsers: Callable[..., Any]) -> None:
    driver = browsers("fr-FR")
    create_table(driver, site, "poker-champ", {"players": "2"}, "anne")
    buttons = wait(driver, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#actions button.act")])
    assert driver.execute_script("return document.documentElement.lang") == "fr"
    assert buttons[0].startswith("Payer ") and "Se coucher" in buttons, buttons
    assert "Tournois" in driver.find_element(By.TAG_NAME, "nav").text
    readable(driver)  # seats by name, no engine field names
    click(driver, "#lang")  # the switch: English, kept for the next visit
    wait(driver, lambda d: "Fold" in [b.text for b in d.find_elements(By.CSS_SELECTOR, "#actions button.act")])
    head = driver.find_element(By.CSS_SELECTOR, ".table-head").text  # its VariantInfo's roundName: POKER CHAMP deals
    assert re.search(r"\bdeal \d", head) and not re.search(r"\bhand \d", head), head
    assert driver.execute_script("return document.documentElement.lang") == "en"
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en")


class Seats:
    """The seats a test plays itself through the API (Connect's JSON, as the page calls it), beside the browser's."""

    def __init__(self, site: str, table_id: str, tokens: dict[int, str]) -> None:
        self.site, self.table_id, self.tokens = site, table_id, tokens

    def view(self, seat: int) -> dict[str, Any]:
        status, answer = post(self.site + API + "GetView", {"tableId": self.table_id}, self.tokens[seat])
        assert status == 200, answer
        return answer

    def act(self, seat: int, view: dict[str, Any], action: str) -> None:
        import uuid

        post(self.site + API + "Act", {"tableId": self.table_id, "seat": seat, "expectedSeq": view.get("seq", "0"),
                                       "actionId": uuid.uuid4().hex, "action": action}, self.tokens[seat])  # fmt: skip


def test_a_table_s_pause_holds_each_hand_s_end_and_nobody_plays_meanwhile(site: str,
                                                                          browsers: Callable[..., Any]) -> None:  # fmt: skip
    """The form's pause is the table's: a hand's end stays on the page for it (3 s here, not the page's own 5 s) and
    the table waits meanwhile (the bot, first to act in the next hand, does not play it unseen), then goes on; a
    player who goes on sooner sees the bot's seat paused, not thinking."""
    driver = browsers("fr-FR")
    table_id = create_table(driver, site, "poker-champ", {"players": "2", "pause": "3"}, "anne", bots=[1])
    assert table_info(site, table_id).get("pauseSeconds") == 3
    token = driver.execute_script("return JSON.parse(localStorage.getItem('brelan.seats'))[arguments[0]].token", table_id)
    anne = Seats(site, table_id, {0: token})

    def clock_whole() -> None:
        """Anne's clock, if she is to act, reads her 60 s at most: a decision opened by the pause starts after it (the
        page counts the pause from when it heard of it, and each view's time from its arrival: a second's slack)."""
        said = driver.execute_script("return [...document.querySelectorAll('#clock, #board .clock')].map((n) => n.textContent)")
        assert all(int(n) <= 61 for text in said for n in re.findall(r"\d+", text)), said  # the bar's and the seat's

    held = 0  # the hands' ends seen with the bot to act in the next hand
    for _ in range(60):
        now = wait(driver, lambda d: "held" if d.find_elements(By.CSS_SELECTOR, "#board.showdown")
                   else "to play" if d.find_elements(By.CSS_SELECTOR, MOVES) else None, 60, "nothing came")
        if now == "to play":
            decide(driver)
            continue
        began = time.monotonic()  # the page holds the end from when it saw it, the table waits from its commit
        pot = driver.find_element(By.CSS_SELECTOR, "#board .pk-pot").text  # paid to the winner: said as won
        assert pot.startswith("Pot remporté"), pot
        if not anne.view(0)["pokerChamp"]["seats"][1].get("pending"):  # the next hand waits for her alone
            driver.execute_script("document.querySelector('#actions button.continue')?.click()")  # unless over
            clock_whole()
            continue
        held += 1
        if held == 2:  # she goes on at once: the bot's seat waits out the pause, and says so
            click(driver, "#actions button.continue")
            tag = wait(driver, lambda d: d.execute_script(
                "return document.querySelector('#board .seat[data-seat=\"1\"] .pk-tag.turn')?.textContent"), 2)
            assert tag == "en pause", tag
            break
        seq = table_info(site, table_id)["seq"]
        time.sleep(max(0.0, began + 2 - time.monotonic()))
        assert driver.find_elements(By.CSS_SELECTOR, "#board.showdown"), "the hand's end was let go before the pause"
        assert table_info(site, table_id)["seq"] == seq, "the bot played during the pause"
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#board.showdown"), began + 4.6 - time.monotonic(),
             "the hand's end stayed past the table's pause")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#actions button.act:not([disabled])"), 10,
             "anne was not to act once the bot had played after the pause")
        clock_whole()
    else:
        raise AssertionError(f"{held} hands ended with the bot to act in the next, of 2 to see")


def test_a_seat_put_out_sees_that_hand_s_end_then_its_place(site: str, browsers: Callable[..., Any]) -> None:
    """DAKER draw at three: anne (this browser) goes all-in with a hand worse than bob's and is out; bob and cy (the
    test's seats) then play on fast, hands ending within a fraction of a second. The hand that put her out is held on
    the board like any hand's end (the next ends replaced it within 0.4 s); then the bar says she is out and her
    place, with the way to the result; the result ranks her last, after cy who went out later (not tied at 0)."""
    from brelan.server.games.daker_cards import DakerCard, best_hand

    driver = browsers("fr-FR")
    table_id = create_table(driver, site, "daker", {"mode": "draw", "players": "3", "stack": "300"}, "anne", bots=[])
    tokens = {0: driver.execute_script("return JSON.parse(localStorage.getItem('brelan.seats'))[arguments[0]].token",
                                       table_id)}
    for seat, name in ((1, "bob"), (2, "cy")):
        status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": name, "seat": seat})
        assert status == 200, joined
        tokens[seat] = joined["token"]
    seats = Seats(site, table_id, tokens)
    value = lambda view, s: best_hand([DakerCard.parse(c) for c in view["daker"]["seats"][s].get("cards", [])])  # noqa: E731

    def browser_moves(kind: str) -> None:
        """anne's move in the browser, past a hand's end held on the board: all-in, fold or keep her cards."""
        button = "#actions .amount-move button.act" if kind == "all-in" else f"#actions .legal button.act[data-kind={kind}]"
        deadline = time.monotonic() + 30  # the browser sees the decision once it reads the table again (a bound for
        while True:  # a stall, not a speed: 10 s ran out at load 10)
            if driver.find_elements(By.CSS_SELECTOR, "#actions button.continue"):
                click(driver, "#actions button.continue")
            if driver.find_elements(By.CSS_SELECTOR, button):
                break
            assert time.monotonic() < deadline, f"anne's {kind} never came to the bar"
            driver.execute_script("return new Promise((done) => setTimeout(done, 100))")
        quick = "#actions .amount-move button[data-amount]"  # none when her stack is the least bet: the button is all-in
        if kind == "all-in" and driver.find_elements(By.CSS_SELECTOR, quick):
            click(driver, quick + ":last-of-type")  # "tapis", the range's most
        click(driver, button)

    out_in = 0
    for _ in range(400):  # anne folds each hand until bob's beats hers, then goes all-in: bob calls, and cy if covered
        views = {s: seats.view(s) for s in range(3)}
        daker = views[0]["daker"]
        if daker["seats"][0].get("out"):
            break
        mine, bob = (views[s]["daker"]["seats"][s].get("cards") for s in (0, 1))
        behind = bool(mine and bob) and value(views[0], 0) < value(views[1], 1)
        pending = [s for s in range(3) if views[s]["daker"]["seats"][s].get("pending")]
        if not pending:
            continue
        s, legal = pending[0], views[pending[0]].get("legal", [])
        if daker.get("phase") == "PHASE_DISCARD":
            if s == 0:
                browser_moves("discard")
            else:
                seats.act(s, views[s], "discard")  # every seat keeps its cards: the hands are the dealt ones
        elif s == 0:
            browser_moves("all-in" if behind else "fold")
            out_in = int(daker.get("hand", 0)) if behind else 0
        elif "call" in legal:  # anne's all-in: bob calls it; cy too when both have more than she bet (a side pot after)
            chips = [int(x.get("stack", 0)) + int(x.get("bet", 0)) for x in views[s]["daker"]["seats"]]
            seats.act(s, views[s], "call" if s == 1 or min(chips[1], chips[2]) > chips[0] else "fold")
        else:
            seats.act(s, views[s], "bet 10" if s == 1 and "bet 10" in legal and out_in else "check")
    assert out_in, "anne never went out"
    # bob and cy play on at once: one folds each hand, the hands end one after another
    for _ in range(60):
        if int(table_info(site, table_id).get("hand", 0)) >= out_in + 4:
            break
        for s in (1, 2):
            view = seats.view(s)
            if view["daker"]["seats"][s].get("pending"):
                seats.act(s, view, "discard" if view["daker"].get("phase") == "PHASE_DISCARD" else "fold")
    assert int(table_info(site, table_id).get("hand", 0)) >= out_in + 4, "bob and cy did not play on"
    said = (f"Donne {out_in}", f"donne {out_in}")
    board, head = "return document.getElementById('board').innerText", "return document.querySelector('.table-head').innerText"
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board.showdown") and said[0] in d.execute_script(board), 5,
         "the hand that put anne out was not held on the board")
    driver.execute_script("return new Promise((done) => setTimeout(done, 2000))")  # later hands ended meanwhile
    assert driver.find_elements(By.CSS_SELECTOR, "#board.showdown") and said[0] in driver.execute_script(board)
    assert said[1] in driver.execute_script(head) and "éliminé" in driver.execute_script(board)
    notice = wait(driver, lambda d: d.find_element(By.ID, "out"), 10, "anne was not told she is out")
    assert "Vous finissez 3e sur 3" in notice.text, notice.text
    click(driver, "#out button")  # to the result: the hands' ends are no longer held
    for _ in range(200):  # bob and cy end the game: all-in and called
        if table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED":
            break
        for s in (1, 2):
            view = seats.view(s)
            legal = view.get("legal", [])
            if view["daker"]["seats"][s].get("pending"):
                all_in = [a for a in legal if a.startswith(("bet", "raise"))]
                seats.act(s, view, "call" if "call" in legal else all_in[-1] if all_in else legal[0])
    ranked = [row["cells"] for row in ranking(driver)]
    assert [row[:2] for row in ranked][2] == ["3", "anne"] and ranked[1][0] == "2", ranked
    assert ranked[2][-1] == str(out_in), ranked  # the hand she went out in, in its column
    readable(driver, "the result")
    # DAKER reviews no hand: the page never asked (each refusal was a "400" in the console)
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => /ReviewHand/.test(e.name)).length")
    assert not asked, f"ReviewHand asked {asked} times of a game without reviews"


@pytest.mark.parametrize(("game", "options", "size"), [
    ("daker", {"mode": "draw", "players": "3"}, (1280, 757)),
    ("alphapoker-belote", QUICK, (1280, 757)),
    ("chinese", {"style": "pineapple", "players": "3"}, (1280, 757)),
    ("daker", {"players": "3"}, (390, 844)),
    ("alphapoker-belote-secrete", QUICK, (390, 844)),
], ids=["daker-draw-desktop", "belote-desktop", "pineapple-desktop", "daker-phone", "secret-belote-phone"])
def test_the_seat_s_own_hand_shows_above_the_action_bar(site: str, browsers: Callable[..., Any], game: str,
                                                        options: dict[str, str], size: tuple[int, int]) -> None:
    """The action bar sticks to the screen's bottom: when a decision opens, the seat's own cards, letters or rows are
    above it, not under it until one scrolls (a desktop's 757 px as a phone's). The header counts the hands as the
    board does ("donne 1" both, not "Main 1"), and the bar offers every move with no box to type one in."""
    driver = browsers("fr-FR", size)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1],
                                                                  "deviceScaleFactor": 1, "mobile": size[0] < 500})
    create_table(driver, site, game, options, "anne")
    decision = "#actions .legal button.act:not([disabled]), #actions .cn-pick, #board .plays"
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, decision), 60, "no decision came")
    sight = ("const own = document.querySelector('#board .seat.mine').getBoundingClientRect();"
             " const bar = document.getElementById('actions').getBoundingClientRect(); return [own.top, own.bottom, bar.top]")
    top, bottom, bar = wait(driver, lambda d: (r := d.execute_script(sight)) and r[1] <= r[2] + 1 and r, 5,
                            f"the seat's own hand is under the action bar: {driver.execute_script(sight)}")
    assert top >= 0, f"the seat's own hand starts above the screen: {top}"
    head, board = driver.execute_script("return [document.querySelector('.table-head').innerText,"
                                        " document.getElementById('board').innerText]")
    assert not re.search(r"\bMain \d", board), board
    assert re.search(r"\bdonne \d", head), head  # a deal (belote) or a hand (DAKER, pineapple): "donne" in French
    if game == "daker":
        assert re.search(r"\bdonne 1(?!\d)", head) and re.search(r"\bDonne 1(?!\d)", board), (head, board)
    assert not driver.find_element(By.CSS_SELECTOR, "#actions details.composer").is_displayed()


def test_bataille_counts_no_hands_and_the_form_says_durations_in_words(site: str, browsers: Callable[..., Any]) -> None:
    """Bataille is one long deal: its header counts none. The form's durations are words and French numbers
    ("aucune", "10 min"), never "0.0"."""
    driver = browsers("fr-FR")
    driver.get(site)
    select = Select(wait(driver, lambda d: d.find_element(By.ID, "variant")))
    select.select_by_value("alphapoker-bataille")
    driver.execute_script("document.querySelectorAll('#create details').forEach((d) => (d.open = true))")
    clock = Select(driver.find_element(By.CSS_SELECTOR, "#create [data-option=minutes] select"))
    offered = [o.text.replace("\xa0", " ") for o in clock.options]
    assert clock.first_selected_option.text == "aucune" and "10 min" in offered, offered
    select.select_by_value("poker-champ")
    chrono = Select(driver.find_element(By.CSS_SELECTOR, "#create [data-option=chrono_minutes] select"))
    assert chrono.first_selected_option.get_attribute("textContent").replace("\xa0", " ") == "30 min"  # folded
    assert not re.search(r"\d\.\d", driver.find_element(By.ID, "create").text)
    create_table(driver, site, "alphapoker-bataille", QUICK, "anne")
    head = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".table-head p")).text
    assert "en jeu" in head or "en attente" in head, head
    assert not re.search(r"\bdonne\b", head), head


def test_a_finished_game_s_result_shows_its_score_on_a_phone(site: str, browsers: Callable[..., Any]) -> None:
    """Progressive pineapple's result on a 390 px phone: the units column shows (a rule for the lobby hid every
    list's third column), and the ranking fits the screen."""
    status, made = post(site + API + "CreateTable", {"variant": "chinese", "botSeats": [0, 1],
                                                     "options": {"players": "2", "style": "progressive", "rounds": "1"}})
    assert status == 200, made
    table_id = made["table"]["tableId"]
    wait(None, lambda _: table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED", 120)
    driver = browsers("fr-FR", (390, 844))
    driver.get(f"{site}#/table/{table_id}")
    header = wait(driver, lambda d: d.execute_script(  # in one go: the page may draw its result again meanwhile
        "return document.querySelector('#result .ranking th[data-field=totals]')?.innerText"), 30)
    assert header == "unités", header
    cells = driver.execute_script("return [...document.querySelectorAll('#result .ranking tr')].slice(1)"
                                  ".map((r) => r.lastElementChild.getBoundingClientRect().right)")
    assert cells and max(cells) <= 390, cells


def test_a_phone_s_tray_holds_a_whole_hand_to_place(site: str, browsers: Callable[..., Any]) -> None:
    """Chinese poker's cards to place on a 390 px phone: a classic hand's 13 (fantasyland's 14) wrap on the bar's
    rows, every card in sight, none scrolled sideways out of it."""
    driver = browsers("fr-FR", (390, 844))
    create_table(driver, site, "chinese", {"players": "2", "rounds": "1"}, "anne", bots=[1])
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#actions .cn-pick")) == 13, 30)
    scroll, width, outside = driver.execute_script(
        "const tray = document.querySelector('#actions .cn-tray');"
        "return [tray.scrollWidth, tray.clientWidth, [...tray.querySelectorAll('.cn-pick')].filter((c) => {"
        "  const r = c.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; }).length];")
    assert scroll <= width and not outside, f"the tray scrolls sideways: {scroll} px in {width}, {outside} cards out"
    assert decide(driver)  # and the hand placed from it


def test_a_pineapple_hand_s_end_tells_your_hand_from_the_solver_s(site: str, browsers: Callable[..., Any]) -> None:
    """At a pineapple hand's end the seat sees its own rows with its own discards under them, titled as its hand,
    and apart, in a box of its own, the solver's arrangement of the same cards titled as the best possible one with
    its discards: the player's discards were a tiny row under the solver's set, and nobody could tell whose."""
    driver = browsers("fr-FR")
    create_table(driver, site, "chinese", {"style": "pineapple", "players": "2", "rounds": "1"}, "anne", bots=[1])
    seen: list[dict[str, Any]] = []
    groups = ("const me = document.querySelector('#board .cn-me'), own = me.querySelector('.cn-own'),"
              " best = me.querySelector('.cn-best'); if (!own || !best) return null;"
              " const label = (e) => e.querySelector('small').textContent, title = (g) => g.querySelector('.cn-set-title');"
              " const rows = (g) => g.querySelectorAll('.cn-rows .cn-row').length;"
              " const discards = (g) => [...g.querySelectorAll(':scope > .cn-discards')];"
              " return {own: title(own).textContent, best: title(best).innerText, ownRows: rows(own), bestRows: rows(best),"
              "  ownDiscards: discards(own).map((d) => [label(d), d.querySelectorAll('[data-card]').length]),"
              "  bestDiscards: discards(best).map(label), nested: own.contains(best) || best.contains(own),"
              "  stray: [...me.querySelectorAll('.cn-discards')].filter((d) => !own.contains(d) && !best.contains(d)).length}")

    def at_showdown(d: Any) -> None:
        try:
            seen.append(wait(d, lambda x: x.execute_script(groups), 15))
        except TimeoutException:
            pass  # no review for this hand (or the solver set the very same hand)

    for _ in range(60):
        if seen or not decide(driver, at_showdown):
            break
    assert seen, "no hand's end showed the solver's arrangement beside the seat's own"
    shown = seen[0]
    assert shown["own"] == "Votre main" and shown["best"].startswith("Le meilleur placement possible"), shown
    assert shown["ownRows"] == shown["bestRows"] == 3 and not shown["nested"] and not shown["stray"], shown
    [(label, discarded)] = shown["ownDiscards"]  # pineapple: a discard a street after the first (fantasyland's one)
    assert label == "votre défausse" and discarded in (1, 4), shown
    assert shown["bestDiscards"] in ([], ["défausse suggérée"]), shown
    # Once the next hand is dealt, the last one folded away ("Donne précédente") keeps the solver's arrangement
    # (unless that was the game's last hand)
    after = wait(driver, lambda d: d.execute_script(
        "const prev = document.querySelector('#board .cn-prev');"
        "return prev ? {review: Boolean(prev.querySelector('.cn-review'))} : document.querySelector('#result h3')"
        " ? 'over' : null"), 30, "neither the next hand nor the result came")
    assert after in ("over", {"review": True}), after


@pytest.mark.parametrize("game", ["daker", "poker-champ"])  # Yahtzee Texas Hold'em's dice: the same layout, no blind
def test_a_phone_s_own_cards_leave_the_own_bet_in_sight(site: str, browsers: Callable[..., Any], game: str) -> None:
    """On a 390 px phone the seat's own bet (a blind posted, a stage paid, a call) lay toward the middle just where
    the seat's own cards rise from its plate: they covered it. At a decision with a bet in front of the seat, neither
    overlaps the other, and the bet is on the screen."""
    driver = browsers("fr-FR", (390, 844))
    create_table(driver, site, game, {"players": "3"}, "anne", bots=[1, 2])
    measure = ("const seat = document.querySelector('#board .pk-seat.mine'),"
               " bet = document.querySelector('#board .pk-bet.hero');"
               " if (!seat || !bet || !document.querySelector('#actions button.act:not([disabled])')) return null;"
               " const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };"
               " return [box(bet), [...seat.querySelectorAll('.pk-hand [data-card]')].map(box), window.innerWidth]")
    found = None
    for _ in range(8):
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 60)
        try:
            found = wait(driver, lambda d: d.execute_script(measure), 1.5)
            break
        except TimeoutException:
            if not decide(driver):
                break
    assert found, "no decision came with the seat's own bet in front of it"
    bet, cards, width = found
    assert cards, "the seat's own cards are not drawn"
    covered = [c for c in cards if c[0] < bet[2] and bet[0] < c[2] and c[1] < bet[3] and bet[1] < c[3]]
    assert not covered, f"the seat's own cards {covered} cover its bet {bet}"
    assert 0 <= bet[0] and bet[2] <= width, f"the bet {bet} is off the {width} px screen"


def test_a_replay_shows_the_seat_s_own_cards_and_says_each_step_in_words(site: str,
                                                                         browsers: Callable[..., Any]) -> None:
    """A player replaying his own table sees his cards as he saw them (a hand to place is drawn on his seat: the
    replay has no action bar to hold it), and each step says its event as the feed does: never the move's text
    ("(coup : place bottom Th...)"), nor the move again on the next step."""
    driver = browsers("fr-FR")
    table_id = create_table(driver, site, "chinese", {"players": "2", "rounds": "1"}, "anne", bots=[1])
    for _ in range(300):
        if not decide(driver):
            break
    driver.get(f"{site}#/replay/{table_id}")
    last = int(table_info(site, table_id)["seq"])
    said = []
    for step in range(1, last + 1):
        if step > 1:
            click(driver, "#replay .replay-next")
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#replay .replay-step").text == f"Coup {step} sur {last}")
        # The label moves at once, the step's line and board once the server answered (the section's data-step): the
        # line read before would be the step before's, and the next click leaves this one undrawn.
        line = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#replay[data-step='{step}'] .replay-event").text,
                    20, f"the replay's step {step} was not drawn")
        said.append(line)
        mine = faces(driver, "#replay .seat.mine")
        if step == 1:  # the first hand's deal: this seat's 13 cards to place, on its seat
            wait(driver, lambda d: len(faces(d, "#replay .seat.mine").get("0", [])) == 13, 10,
                 f"the replay's first step shows anne's cards as {mine}")
        readable(driver, f"the replay's step {step}")
    moves = [line for line in said if re.search(r"\((?:coup|move)\b|:\s*(?:place|lay|claim|set)\b", line)]
    assert not moves, f"the replay shows moves' texts: {moves[:3]}"
    assert any("anne pose" in line for line in said), said  # the seat's own set, said as the feed says it
    # a replay of no table is said in the page's language, not in the server's English
    driver.get(f"{site}#/replay/t-0000dead")
    wait(driver, lambda d: "Cette table n'existe pas" in d.find_element(By.ID, "toast").get_attribute("textContent"), 10,
         "the missing table not said in French")


def test_a_bataille_replay_ends_on_the_game_s_end(site: str, browsers: Callable[..., Any]) -> None:
    """Bataille is one hand: the replay's last step holds the game's end from its final view (piles played out,
    the cards won), not the piles as they were dealt."""
    status, created = post(site + API + "CreateTable", {"variant": "alphapoker-bataille", "botSeats": [0, 1],
                                                        "options": {"reaction": "0"}})
    assert status == 200, created
    table_id = created["table"]["tableId"]
    wait(None, lambda _: table_info(site, table_id).get("status") == "TABLE_STATUS_FINISHED", 120)
    status, final = post(site + API + "GetView", {"tableId": table_id})
    assert status == 200, final
    expected = {str(n): [int(seat.get("pile", 0)), int(seat.get("won", 0))] for n, seat in enumerate(final["bataille"]["seats"])}
    driver = browsers("fr-FR")
    driver.get(f"{site}#/replay/{table_id}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay .wd-player"), 20)
    click(driver, "#replay .replay-last")
    piles = ("return Object.fromEntries([...document.querySelectorAll('#replay .wd-player')].map((s) => [s.dataset.seat,"
             " [...s.querySelectorAll('.wd-fact b')].slice(0, 2).map((b) => Number(b.textContent))]))")
    wait(driver, lambda d: "Victoire" in d.find_element(By.CSS_SELECTOR, "#replay .replay-event").text, 20)
    shown = driver.execute_script(piles)
    assert shown == expected, f"the last step shows {shown}, the game ended on {expected}"
