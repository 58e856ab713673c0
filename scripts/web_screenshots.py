"""Screenshots of the browser client, one per game family, for the README (docs/web-*.png).

    python scripts/web_screenshots.py [--data-dir DIR]

Starts a server with its web port, opens Debian's headless Chromium, makes a table of
each game with bots through the lobby, plays a few clicks, and saves what the page shows.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from brelan.server.main import ServerThread

DOCS = Path(__file__).resolve().parent.parent / "docs"
FAMILIES = {  # file name: (game, options, clicks before the picture)
    "alphapoker": ("alphapoker", {"players": "3"}, 0),
    "poker-champ": ("poker-champ", {"players": "4"}, 2),
    "yahtzee-holdem": ("yahtzee-holdem", {"players": "3"}, 2),
    "daker": ("daker", {"players": "3"}, 1),
    "chinese": ("chinese", {"players": "3"}, 0),
    "belote": ("alphapoker-belote", {}, 0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, help="the lexicons' data directory (default: brelan's)")
    args = parser.parse_args()
    server = ServerThread(args.data_dir or None, web_port=0)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=webdriver.ChromeService("/usr/bin/chromedriver"), options=options)
    site = f"http://127.0.0.1:{server.running.web.port}/"  # type: ignore[union-attr]
    try:
        for name, (game, values, clicks) in FAMILIES.items():
            driver.get(site)
            WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "variant"))
            driver.find_element(By.ID, "player-name").clear()
            driver.find_element(By.ID, "player-name").send_keys("ann")
            Select(driver.find_element(By.ID, "variant")).select_by_value(game)
            for key, value in values.items():
                driver.execute_script("const f = document.querySelector(`#create [name='${arguments[0]}']`);"
                                      "f.value = arguments[1]; f.dispatchEvent(new Event('change', {bubbles: true}));",
                                      key, value)  # fmt: skip
            driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
            WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat.mine"))
            for _ in range(clicks):
                time.sleep(1.0)
                buttons = driver.find_elements(By.CSS_SELECTOR, "button.act")
                if buttons:
                    buttons[0].click()
            time.sleep(1.5)
            driver.save_screenshot(str(DOCS / f"web-{name}.png"))
            print(f"docs/web-{name}.png")
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
