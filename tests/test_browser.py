"""The browser client in a real headless Chromium (Debian's chromium and chromium-driver, through Selenium).

For every game: the page makes a table with bots, takes seat 0, and plays by clicking
legal actions, to the end for short games or for a bounded number of decisions; the
screen must show this seat's cards face up, every other seat's as backs, and the result
at the end. Two browsers play one table as two seats, and a third watches: neither
sees the other's cards, and the spectator sees none. A failing test leaves a
screenshot of each browser in its temporary directory.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest


webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# Each case: a game, the options that keep it short, whether it is played to its end here.
GAMES = [
    ("poker-champ", {"players": "2", "awards_to_win": "1"}, True),
    ("chinese", {"players": "2", "rounds": "1"}, True),
    ("chinese", {"style": "ofc", "players": "2", "rounds": "1"}, False),
    ("chinese", {"style": "pineapple", "players": "2", "rounds": "1"}, False),
    ("chinese", {"style": "progressive", "players": "2", "rounds": "1"}, False),
    ("yahtzee-holdem", {"players": "2"}, False),
    ("daker", {"players": "2"}, False),
    ("daker", {"mode": "draw", "players": "2"}, False),
    ("daker", {"mode": "round", "players": "2"}, False),
    ("alphapoker", {"players": "2", "rounds": "1"}, False),
    ("alphapoker-bataille", {}, False),
    ("alphapoker-belote", {}, False),
    ("alphapoker-belote-secrete", {}, False),
]
DECISIONS = 6  # a long game is played this far
HIDDEN = "[data-card].back, [data-card].marked"  # a card or a tile face down (table/board.js's contract)
FACE = "[data-card]:not(.back):not(.marked)"


@pytest.fixture(scope="module")
def site(web: str) -> str:
    return web + "/"


def chromium(language: str = "en-US") -> Any:
    """A headless Chromium of its own (its own local storage: its own seats), asking pages in ``language``."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        if os.environ.get("BRELAN_REQUIRE_BROWSER"):
            pytest.fail("chromium or chromium-driver is missing: .ci/run installs them")
        pytest.skip("Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,1000",
                     f"--lang={language}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.binary_location = CHROMIUM
    return webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)


@pytest.fixture
def browsers(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[[], Any]]:
    """Opens browsers for a test; on its failure each one's screenshot is saved in the test's directory."""
    opened: list[Any] = []

    def open_one(language: str = "en-US") -> Any:
        opened.append(chromium(language))
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
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(what, message)


def create_table(driver: Any, site: str, game: str, options: dict[str, str], name: str, bots: list[int] | None = None) -> str:
    """Through the lobby's form: the table's id, once its screen is open (seat 0 taken unless bots play it)."""
    driver.get(site)
    field = wait(driver, lambda d: d.find_element(By.ID, "player-name"))
    field.clear()
    field.send_keys(name)
    Select(driver.find_element(By.ID, "variant")).select_by_value(game)
    for key, value in options.items():  # as a person types it: the form redraws what depends on it
        driver.execute_script("const f = document.querySelector(`#create [name='${arguments[0]}']`);"
                              "f.value = arguments[1]; f.dispatchEvent(new Event('change', {bubbles: true}));", key, value)  # fmt: skip
    if bots is not None:
        for box in driver.find_elements(By.CSS_SELECTOR, "#create .bots input"):
            if box.is_selected() != (int(box.get_attribute("value")) in bots):
                box.click()
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    screen = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]"))
    return str(screen.get_attribute("data-table"))


def faces(driver: Any, seats: str) -> dict[str, list[str]]:
    """The cards shown face up at the seats ``seats`` selects, seat by seat: read in one go, as the page
    redraws itself at every event."""
    return driver.execute_script(  # type: ignore[no-any-return]
        "return Object.fromEntries([...document.querySelectorAll(arguments[0])].map((s) => [s.dataset.seat,"
        " [...s.querySelectorAll(arguments[1])].map((c) => c.dataset.card)]));", seats, FACE)


def others_hidden(driver: Any) -> None:
    """Every card this browser shows at a seat not its own is a back."""
    shown = {seat: cards for seat, cards in faces(driver, ".seat:not(.mine)").items() if cards}
    assert not shown, f"other seats show {shown}"


# The end of a hand held on the table (what the showdown revealed), or of the game: all may be face up.
SHOWN_DOWN = "#result h3, #board.showdown"
MOVES = "#result h3, #board .plays, #actions button.act:not([disabled]), #actions .cn-pick, #actions .ap-none"


def decide(driver: Any) -> bool:
    """Make this seat's first move offered by a button; False when the game is over first.

    Every legal move has its control in the action bar, from the typed legal space: a button a move, an
    amount's button (at the slider's least), cards picked on the board then their button (none: keep); or a card
    that plays itself on the board (belote's, tapped in the hand).
    The end of a hand held on the table is clicked past, as a player in a hurry does.
    """
    found = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 60, "neither a decision nor the end came")
    try:
        if found[0].tag_name == "h3":
            return False
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


def click(driver: Any, css: str) -> Any:
    """Click what ``css`` finds, found again if the page redrew it in between (an event came); the element."""
    for _ in range(5):
        try:
            element = driver.find_element(By.CSS_SELECTOR, css)
            element.click()
            return element
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


@pytest.mark.parametrize(("game", "options", "to_the_end"), GAMES, ids=[
    f"{g}-{o.get('style') or o.get('mode') or ''}".strip("-") for g, o, _ in (c.values if hasattr(c, "values") else c for c in GAMES)])
def test_a_game_is_played_by_clicking(site: str, browsers: Callable[[], Any], game: str, options: dict[str, str],
                                      to_the_end: bool) -> None:  # fmt: skip
    driver = browsers()
    create_table(driver, site, game, options, "ann")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".seat.mine"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, MOVES), 30)
    others_hidden(driver)  # the first decision: nothing is shown down yet, every other seat's cards are backs
    saw_my_cards = False
    # Bataille and belote bots take their reaction time (the form's default pace) before each card: fewer decisions.
    for _ in range(200 if to_the_end else DECISIONS if "belote" not in game and "bataille" not in game else 3):
        if driver.find_elements(By.CSS_SELECTOR, ".seat.mine " + FACE):
            saw_my_cards = True
        if not decide(driver):
            break
    feed = driver.find_elements(By.CSS_SELECTOR, "#feed li")
    assert feed and "ann" in driver.find_element(By.ID, "feed").get_attribute("textContent")  # the events name the player
    if game != "alphapoker-bataille":  # a bataille seat holds no cards: its pile is face down, the table public
        assert saw_my_cards, "this seat's own cards never showed face up"
    if to_the_end:
        result = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#result h3"), 60)
        assert result.text.endswith(" won"), result.text  # the champions by name
        assert driver.find_elements(By.CSS_SELECTOR, "#result .ranking tr.champion")
        assert "The game is over" in driver.find_element(By.ID, "actions").text
        assert driver.find_elements(By.CSS_SELECTOR, "#result button.again")


def test_two_browsers_play_one_table_and_a_third_watches(site: str, browsers: Callable[[], Any]) -> None:
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
    for _ in range(4):
        for player in (ann, bob):
            if driver_has_decision(player):
                decide(player)
        for player in (ann, bob):
            if not player.find_elements(By.CSS_SELECTOR, SHOWN_DOWN):
                others_hidden(player)
                assert player.find_elements(By.CSS_SELECTOR, ".seat.mine " + FACE)  # his own two cards
        if not eve.find_elements(By.CSS_SELECTOR, SHOWN_DOWN):
            seen = faces(eve, ".seat")  # the spectator: backs everywhere
            assert len(seen) == 3 and not any(seen.values()), seen
            assert eve.find_elements(By.CSS_SELECTOR, ".seat " + HIDDEN)
    assert not eve.find_elements(By.CSS_SELECTOR, "button.act")  # a spectator has nothing to click


def driver_has_decision(driver: Any, seconds: float = 10) -> bool:
    try:
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "button.act, #result h3"), seconds)
    except TimeoutException:
        return False
    return bool(driver.find_elements(By.CSS_SELECTOR, "button.act"))


def test_the_word_tools_answer(site: str, browsers: Callable[[], Any]) -> None:
    driver = browsers()
    driver.get(site + "#/words")
    form = wait(driver, lambda d: d.find_element(By.ID, "word-check"))
    form.find_element(By.TAG_NAME, "input").send_keys("porte mangeons")
    form.find_element(By.TAG_NAME, "button").click()
    answer = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#word-answer li.no"))
    assert "mangeons" in answer.text and driver.find_element(By.CSS_SELECTOR, "#word-answer li.yes").text.startswith("porte")
    form = driver.find_element(By.ID, "word-best")
    form.find_element(By.TAG_NAME, "input").send_keys("Er Tb Ar Nb Sr ?r Ob")
    form.find_element(By.TAG_NAME, "button").click()
    best = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#word-answer ol li"))
    assert best and best[0].find_elements(By.CSS_SELECTOR, ".card.letter")


def test_a_refused_action_shows_its_reason(site: str, browsers: Callable[[], Any]) -> None:
    driver = browsers()
    create_table(driver, site, "poker-champ", {"players": "2"}, "ann")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "button.act"))
    click(driver, "#actions details.composer summary")  # a move typed as text, for those who know them
    composer = driver.find_element(By.ID, "composer")
    composer.send_keys("raise 1000\n")
    toast = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#toast.show.error")).get_attribute("textContent")
    assert "unknown 'raise'" in toast and "legal: pay, fold" in toast, toast  # the server's reason, and what is legal


def test_the_page_speaks_the_browser_s_language_and_switches(site: str, browsers: Callable[[], Any]) -> None:
    driver = browsers("fr-FR")
    create_table(driver, site, "poker-champ", {"players": "2"}, "anne")
    buttons = wait(driver, lambda d: [b.text for b in d.find_elements(By.CSS_SELECTOR, "#actions button.act")])
    assert driver.execute_script("return document.documentElement.lang") == "fr"
    assert buttons[0].startswith("Payer ") and "Se coucher" in buttons, buttons
    assert "Tournois" in driver.find_element(By.TAG_NAME, "nav").text
    shown = driver.find_element(By.ID, "table").text
    assert not re.search(r"\bp\d\b|_", shown), shown  # seats by name, no engine field names
    click(driver, "#lang")  # the switch: English, kept for the next visit
    wait(driver, lambda d: "Fold" in [b.text for b in d.find_elements(By.CSS_SELECTOR, "#actions button.act")])
    assert driver.execute_script("return document.documentElement.lang") == "en"
    driver.refresh()
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang") == "en")
