"""Screenshots of the browser client for the README (docs/web-*.png): the lobby, and a table of each game family.

    python scripts/web_screenshots.py [--data-dir DIR] [--lang en-US]

Starts a server with its web port (its tables in a temporary directory, the lexicons of DIR, brelan's own by
default), opens Debian's headless Chromium asking pages in English, makes a table of each game with bots through
the lobby's form (the bots' quickest pace where they race you), plays a few moves by clicking, and saves what the
page shows at a moment worth showing: a poker table's flop, AlphaPoker's exchange, belote's table with letters on
it, Chinese poker's rows being filled. Then the lobby, listing those tables.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from brelan.lexicon.store import Store
from brelan.server.main import ServerThread

DOCS = Path(__file__).resolve().parent.parent / "docs"
MOVES = "#actions button.act:not([disabled]), #actions .cn-pick, #board .plays"
FAMILIES = {  # file name: (game, options, moves made before the picture)
    "poker-champ": ("poker-champ", {"players": "4"}, 1),
    "yahtzee-holdem": ("yahtzee-holdem", {"players": "3"}, 2),
    "daker": ("daker", {"players": "3"}, 1),
    "alphapoker": ("alphapoker", {"players": "3"}, 0),
    "belote": ("alphapoker-belote", {"pace": "1"}, 2),
    "chinese": ("chinese", {"players": "3"}, 0),
}
CHINESE_PLACED = 7  # cards of the 13 put on their rows before the picture
WIDTH, HEIGHT, TALLEST = 1100, 760, 1300  # the page's size in the window, and the tallest picture


def wait(driver: Any, css: str, seconds: float = 30) -> Any:
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))


def make_table(driver: Any, site: str, game: str, values: dict[str, str]) -> None:
    """Through the lobby's form, as a person fills it: the table's screen, seat 0 taken."""
    driver.get(site)
    Select(wait(driver, "#variant")[0]).select_by_value(game)
    for key, value in values.items():
        driver.execute_script("const f = document.querySelector(`#create [name='${arguments[0]}']`);"
                              "f.value = arguments[1]; f.dispatchEvent(new Event('change', {bubbles: true}));",
                              key, value)  # fmt: skip
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    wait(driver, ".seat.mine")


def move(driver: Any) -> None:
    """This seat's first move offered (a poker table's pay or call, AlphaPoker's keep, belote's first card)."""
    for _ in range(5):
        try:
            found = wait(driver, MOVES, 60)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", found[0])
            found[0].click()
            time.sleep(0.6)
            return
        except (StaleElementReferenceException, WebDriverException):
            continue


def place(driver: Any, cards: int) -> None:
    """Chinese poker: ``cards`` put on a row with room, each picked card to the first row that takes it."""
    for _ in range(cards):
        rows = driver.find_elements(By.CSS_SELECTOR, "button.cn-to:not([disabled])")
        if not rows:
            return
        rows[-1 if len(rows) > 1 else 0].click()  # the bottom row first, as players do
        time.sleep(0.1)


def shoot(driver: Any, name: str) -> None:
    """docs/web-NAME.png: the whole page, up to TALLEST px (the window made as tall: the action bar in its place)."""
    page, frame = driver.execute_script("return [document.scrollingElement.scrollHeight,"
                                        " window.outerHeight - window.innerHeight]")
    driver.set_window_size(WIDTH, min(max(page, HEIGHT), TALLEST) + frame)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(str(DOCS / f"web-{name}.png"))
    driver.set_window_size(WIDTH, HEIGHT + frame)
    print(f"docs/web-{name}.png ({page} px high)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, help="where the lexicons are (default: brelan's)")
    parser.add_argument("--lang", default="en-US", help="the browser's language (default en-US)")
    args = parser.parse_args()
    lexicons = Store(args.data_dir).data_dir / "lexicons"
    lexicons.mkdir(parents=True, exist_ok=True)  # built there on first use
    with tempfile.TemporaryDirectory() as data:
        (Path(data) / "lexicons").symlink_to(lexicons.resolve())
        server = ServerThread(Path(data), web_port=0, rate=1000.0)
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={WIDTH},{HEIGHT + 150}",
                         "--hide-scrollbars", f"--lang={args.lang}"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": args.lang})
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        driver = webdriver.Chrome(service=webdriver.ChromeService(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                                  options=options)  # fmt: skip
        site = f"http://127.0.0.1:{server.running.web.port}/"  # type: ignore[union-attr]
        try:
            driver.get(site)
            driver.execute_script("localStorage.setItem('brelan.name', 'ann')")
            for name, (game, values, moves) in FAMILIES.items():
                make_table(driver, site, game, values)
                wait(driver, MOVES, 60)
                for _ in range(moves):
                    move(driver)
                if game == "chinese":
                    place(driver, CHINESE_PLACED)
                time.sleep(1.0)  # the last events drawn
                shoot(driver, name)
            driver.get(site)
            wait(driver, "#lobby tr[data-table]")
            time.sleep(0.5)
            shoot(driver, "lobby")
        finally:
            driver.quit()
            server.stop()


if __name__ == "__main__":
    main()
