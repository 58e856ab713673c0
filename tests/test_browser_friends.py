"""Playing with friends, in two real Chromium profiles (each its own --user-data-dir: its own storage, its own player
key), one in French and one in English (issue 39, items 1, 2 and 6, the page's side).

The host's table, waiting, says whom it waits for and offers its link with a copy button; the link opened in the
other profile seats the guest in two clicks (the name, then sit), in the guest's language; the lobby lists the tables
with a free seat first. The host closes the browser and comes back to the seat with one click from "my tables"
(the same profile opened again), leaves the table and takes the seat back with one click; the key's link
(#key=...) opened in the other profile is offered, adopted and taken out of the address, and brings the host's
seat there. A refusal is said in the page's language. A tournament made from the page has the games' clocks and
deals asked, names its players (bots too) as it named them, and shows each live match's game; its organiser's page
shows each other person's own link, which seats that person from their own browser (and lists their games in "my
tables" there); the page fits a phone's width.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import test_browser
from conftest import post
from test_browser import API, CHROMIUM, DRIVER, create_table, table_info, wait
from selenium import webdriver  # after test_browser, which skips the module without selenium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

site = test_browser.site  # this module's own server (its web port), as test_browser's

FR, EN = "fr-FR", "en-US"


@pytest.fixture
def profiles(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Opens a Chromium on a profile of its own (``name``: its --user-data-dir under the test's directory, so the
    same name opened again after close() is the same browser, its storage kept); on a failure each one still open
    leaves its screenshot and console."""
    opened: list[Any] = []

    def open_one(name: str, language: str) -> Any:
        if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
            if os.environ.get("BRELAN_REQUIRE_BROWSER"):
                pytest.fail("chromium or chromium-driver is missing: .ci/run installs them")
            pytest.skip("Debian's chromium and chromium-driver are not installed")
        options = webdriver.ChromeOptions()
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,1000",
                         f"--lang={language}", f"--user-data-dir={tmp_path / name}"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
        options.binary_location = CHROMIUM
        driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
        opened.append(driver)
        return driver

    def close(driver: Any) -> None:
        opened.remove(driver)
        driver.quit()

    open_one.close = close  # type: ignore[attr-defined]
    yield open_one
    failed = getattr(request.node, "failed", False)
    for n, driver in enumerate(opened):
        if failed:
            driver.save_screenshot(str(tmp_path / f"browser-{n}.png"))
            print(f"screenshot: {tmp_path / f'browser-{n}.png'}")
            for entry in driver.get_log("browser"):
                print(f"console {n}: {entry['level']} {entry['message']}")
        driver.quit()


def text_of(driver: Any, css: str) -> str:
    """The text of what ``css`` finds, read in one go (the page may draw it again between two WebDriver calls)."""
    return str(driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css))


def toast_says(driver: Any, said: str) -> None:
    wait(driver, lambda d: said in text_of(d, "#toast.show"), 10, f"the toast did not say {said!r}")


def seated(driver: Any, table_id: str, seat: int) -> None:
    """This browser plays seat ``seat`` of ``table_id``: its screen open, its seat its own."""
    wait(driver, lambda d: d.execute_script("return location.hash") == f"#/table/{table_id}", 20, "not on the table")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#table .seat.mine[data-seat='{seat}']"), 20,
         f"not seated at seat {seat}")


def apart_table(driver: Any, site: str, name: str) -> str:
    """A POKER CHAMP table for two made through the lobby's form, no bot, its spectators apart (the form's box, in
    French): its id, once its screen is open, seat 0 taken."""
    driver.get(site)
    field = wait(driver, lambda d: d.find_element(By.ID, "player-name"))
    field.clear()
    field.send_keys(name)
    Select(wait(driver, lambda d: d.find_element(By.ID, "variant"))).select_by_value("poker-champ")
    driver.execute_script("const f = document.querySelector('#create [name=players]');"
                          "f.value = '2'; f.dispatchEvent(new Event('change', {bubbles: true}));")
    for box in driver.find_elements(By.CSS_SELECTOR, "#create .bots input:checked"):
        box.click()
    apart = driver.find_element(By.CSS_SELECTOR, "#create input[name=chat_apart]")
    assert "spectateurs à part" in apart.find_element(By.XPATH, "..").text
    apart.click()
    driver.find_element(By.CSS_SELECTOR, "#create button[type=submit]").click()
    screen = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#table[data-table]"))
    return str(screen.get_attribute("data-table"))


def test_friends_invite_come_back_move_their_key_and_hear_refusals_in_their_language(
        site: str, profiles: Callable[..., Any]) -> None:  # fmt: skip
    began = time.monotonic()
    ann = profiles("ann", FR)
    table_id = apart_table(ann, site, "ann")
    assert table_info(site, table_id)["chatApart"] is True  # the form's "spectators apart" (CreateTable's chat_apart)
    # -- the host's table waits for one player: said, in French, with its link to copy
    invite = wait(ann, lambda d: d.find_element(By.ID, "invite"), 10, "no invitation on a waiting table")
    assert "en attente d'un joueur" in invite.text, invite.text
    turn = text_of(ann, "#actions .turn")  # and the action bar says so too, never "the others are playing"
    assert "en attente d'un joueur" in turn and "Les autres jouent" not in turn, turn
    link = ann.find_element(By.ID, "invite-link").get_attribute("value")
    assert link == f"{site}#/join/{table_id}", link
    ann.execute_cdp_cmd("Browser.grantPermissions", {"origin": site.rstrip("/"),
                                                     "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    copy = invite.find_element(By.CSS_SELECTOR, "button.copy")
    assert copy.text == "copier"
    copy.click()
    wait(ann, lambda d: copy.get_attribute("data-done"), 5, "the copy button said nothing")
    assert copy.text in ("copié !", "sélectionné : Ctrl+C pour copier"), copy.text
    copied = ann.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
    selected = ann.execute_script("return getSelection().toString() || document.activeElement?.value")
    assert link in (copied, selected), (copied, selected)

    # -- another table, newer and full (two players through the API): the lobby lists the one with a free seat first
    status, full = post(site + API + "CreateTable", {"variant": "poker-champ", "options": {"players": "2"}})
    assert status == 200, full
    full_id = full["table"]["tableId"]
    for name in ("cy", "dee"):
        assert post(site + API + "JoinTable", {"tableId": full_id, "player": name})[0] == 200
    bob = profiles("bob", EN)
    bob.get(site)
    rows = wait(bob, lambda d: d.execute_script(
        "const r = [...document.querySelectorAll('#lobby tr[data-table]')].map((r) => r.dataset.table);"
        "return r.includes(arguments[0]) && r.includes(arguments[1]) && r", table_id, full_id), 10)
    assert rows.index(table_id) < rows.index(full_id), rows
    assert "waiting for 1 player" in text_of(bob, f"#lobby tr[data-table='{table_id}'] td.status")
    seats = bob.execute_script("return document.querySelector(arguments[0]).cells[2].innerText",
                               f"#lobby tr[data-table='{table_id}']")
    assert seats == "ann, free seat", seats  # a free seat in words, not "·"
    assert not bob.find_elements(By.ID, "mine")[0].is_displayed()  # no key yet: no "my tables"

    # -- the guest opens the link: in English, a name then sit, two clicks
    bob.get(link)
    card = wait(bob, lambda d: d.find_element(By.ID, "invitation"), 10)
    assert "waiting for 1 player" in card.text and "At the table: ann" in card.text, card.text
    assert "null" not in card.text, card.text  # a part the plain link has not (a kept seat's words) is left out
    assert bob.execute_script("return document.documentElement.lang") == "en"
    name = bob.find_element(By.ID, "guest-name")
    name.click()  # 1
    name.send_keys("bob")
    bob.find_element(By.ID, "sit").click()  # 2
    seated(bob, table_id, 1)
    assert "bob" in text_of(bob, ".table-head .pill.you")
    wait(ann, lambda d: not d.find_elements(By.ID, "invite"), 10, "the invitation stayed once the game began")
    seated(ann, table_id, 0)

    # -- the host closes the browser, opens it again: "mes tables", one click, back at the seat
    profiles.close(ann)  # type: ignore[attr-defined]
    ann = profiles("ann", FR)  # the same profile: its storage kept
    ann.get(site)
    row = wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, f"#mine tr[data-mine='{table_id}']"), 10)
    assert text_of(ann, "#mine h2") == "Mes tables"
    assert "vous y avez pris place" in row.text and "en jeu" in row.text, row.text
    row.find_element(By.CSS_SELECTOR, "button.back").click()
    seated(ann, table_id, 0)

    # -- the host leaves the table: the seat kept, taken back with one click, no secret asked
    ann.execute_script("window.confirm = () => true")
    test_browser.click(ann, "//section[@id='table']//button[normalize-space()='quitter']", By.XPATH)
    row = wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, f"#mine tr[data-mine='{table_id}'].kept"), 10)
    assert "gardée pour vous (vous avez quitté la table)" in row.text, row.text
    assert "code" not in text_of(ann, "#toast.show"), text_of(ann, "#toast.show")  # no secret to copy
    back = row.find_element(By.CSS_SELECTOR, "button.back")
    assert back.text == "reprendre ma place"
    back.click()
    seated(ann, table_id, 0)

    # -- a refusal in the page's language: French here (every seat is taken)
    ann.execute_script("Promise.all([import('/screens/common.js'), import('/rpc.js')]).then(([c, r]) =>"
                       " c.guarded(() => r.call('TableService', 'JoinTable', {tableId: arguments[0], player: 'x'})))",
                       full_id)
    toast_says(ann, "Toutes les places de cette table sont prises")

    # -- the host's key, moved: its link opened in the guest's profile is offered, adopted, and out of the address
    ann.get(site)
    wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, "#key-move summary"), 10).click()
    key_link = wait(ann, lambda d: d.find_element(By.ID, "key-link")).get_attribute("value")
    assert re.fullmatch(re.escape(site) + r"#key=[A-Za-z0-9_-]{32}", key_link), key_link
    assert "autre appareil" in text_of(ann, "#key-move")
    bob.get(key_link)
    offer = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, "dialog#key-offer[open]"), 10)
    assert "Use this player key?" in offer.text and "1 table going on" in offer.text, offer.text
    offer.find_element(By.ID, "key-use").click()
    toast_says(bob, "Key adopted")
    assert bob.execute_script("return location.hash") == "#/"
    assert bob.execute_script("return localStorage.getItem('brelan.key')") == key_link.split("#key=")[1]
    row = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, f"#mine tr[data-mine='{table_id}']"), 10)
    assert text_of(bob, "#mine h2") == "My tables" and "you sit there" in row.text, row.text
    row.find_element(By.CSS_SELECTOR, "button.back").click()
    seated(bob, table_id, 0)  # the host's seat, here now
    # ... and the guest's browser, in English, hears a refusal in English
    bob.execute_script("Promise.all([import('/screens/common.js'), import('/rpc.js')]).then(([c, r]) =>"
                       " c.guarded(() => r.call('TableService', 'JoinTable', {tableId: arguments[0], player: 'x'})))",
                       full_id)
    toast_says(bob, "Every seat of this table is taken")
    assert time.monotonic() - began < 60

    # -- a tournament of friends: the organiser's page shows the other person's own link (ann plays her own games)
    ann.get(site + "#/tournaments")
    form = wait(ann, lambda d: d.find_element(By.ID, "create-tournament"), 10)
    test_browser.players_typed(form, [("ann", False), ("Zoé", False), ("cy", True), ("dee", True)])
    rounds = form.find_element(By.NAME, "rounds")
    rounds.clear()
    rounds.send_keys("1")  # cy and dee, drawn together, play on while the module's other tests run: not for long
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    links = wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, "#tournaments article .player-links"), 20)
    # open while no game has ended: the bots' match may have, on a loaded machine, before the card was first drawn
    ann.execute_script("arguments[0].open = true", links)
    assert "liens des joueurs" in links.text and not links.find_elements(By.CSS_SELECTOR, "[data-player='ann']")
    assert "Vous jouez pour ann" in text_of(ann, "#tournaments article .you-play")
    zoe_link = links.find_element(By.CSS_SELECTOR, "[data-player='Zoé'] input.copy-text").get_attribute("value")
    found = re.fullmatch(re.escape(site) + r"#/tournaments/(tour-[0-9a-f]+)/[0-9a-f]{32}/Zo%C3%A9", zoe_link)
    assert found, zoe_link
    tournament = found[1]
    # ... opened in the other browser, in English: kept there, out of the address, her game in "my tables"
    bob.get(zoe_link)
    you = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, f"article[data-tournament='{tournament}'] .you-play"), 10)
    assert "You play for Zoé" in you.text, you.text
    assert bob.execute_script("return location.hash") == f"#/tournaments/{tournament}"
    assert not bob.find_elements(By.ID, "create-tournament")  # one tournament's page
    play = "#tournaments li[data-table] button[data-player='Zoé']"
    match = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, play))
    assert match.text == "play as Zoé"
    game = match.find_element(By.XPATH, "ancestor::li").get_attribute("data-table")
    bob.get(site)  # the lobby: "my tables" finds her game through her secret, as it finds her next ones
    row = wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, f"#mine tr.awaits[data-mine='{game}']"), 10)
    assert "your tournament game is waiting for you" in row.text and "sit down" in row.text, row.text
    # ... and her tournament's page seats her in one click (two from the link)
    bob.get(f"{site}#/tournaments/{tournament}")
    wait(bob, lambda d: d.find_element(By.CSS_SELECTOR, play)).click()
    seat = [s["player"] for s in table_info(site, game)["seats"]].index("Zoé")
    seated(bob, game, seat)
    # The organiser holds Zoé's secret (to send her link) but plays for ann alone: her page offers no seat of Zoé's,
    # one click on which would take it from under her
    match = wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, f"#tournaments li[data-table='{game}']"), 10)
    assert not match.find_elements(By.CSS_SELECTOR, "button[data-player='Zoé']"), match.text


def test_a_seat_taken_meanwhile_is_said_on_the_invitation_in_the_guest_s_language(site: str,
                                                                                   profiles: Callable[..., Any]) -> None:
    """The invitation opened, then its last seat taken by someone else: sit says so in French; a table that waits for
    two says so (the plural)."""
    status, made = post(site + API + "CreateTable", {"variant": "poker-champ", "options": {"players": "3"}})
    assert status == 200, made
    table_id = made["table"]["tableId"]
    assert post(site + API + "JoinTable", {"tableId": table_id, "player": "ann"})[0] == 200
    eve = profiles("eve", FR)
    eve.get(f"{site}#/join/{table_id}")
    card = wait(eve, lambda d: d.find_element(By.ID, "invitation"), 10)
    assert "en attente de 2 joueurs" in card.text, card.text
    for name in ("bob", "cy"):
        assert post(site + API + "JoinTable", {"tableId": table_id, "player": name})[0] == 200
    eve.find_element(By.ID, "guest-name").send_keys("eve")
    eve.find_element(By.ID, "sit").click()
    toast_says(eve, "Toutes les places de cette table sont prises")
    assert eve.execute_script("return location.hash") == f"#/join/{table_id}"


def test_a_tournament_asks_its_games_clocks_and_deals_and_names_its_players(site: str,
                                                                           profiles: Callable[..., Any]) -> None:
    ann = profiles("ann", FR)
    ann.get(site + "#/tournaments")
    form = wait(ann, lambda d: d.find_element(By.ID, "create-tournament"), 10)
    games = form.find_element(By.CSS_SELECTOR, "fieldset.tour-games").text
    for said in ("chaque partie", "temps par décision", "temps pour échanger", "temps pour miser", "donnes",
                 "pause après chaque donne"):
        assert said in games, games
    test_browser.players_typed(form, [("ann", False), ("bob", True), ("cy", True), ("dee", True)])
    Select(form.find_element(By.NAME, "decision")).select_by_value("120")
    Select(form.find_element(By.NAME, "exchange_seconds")).select_by_value("30")
    rounds = form.find_element(By.NAME, "rounds")
    rounds.clear()
    rounds.send_keys("3")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, "#tournaments article"), 20)
    # each live match's game: the bots' match dealing (deal n of 3, the capitals by name), ann's waiting for her
    live = wait(ann, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#tournaments article li")
                                if re.search(r"donne \d+ sur 3 · \w+ : \d+ PM · \w+ : \d+ PM", li.text)], 30,
                "no live game shown")
    assert re.search(r"(cy|dee) : \d+ PM · (cy|dee) : \d+ PM", live[0]), live
    # in English, a capital is counted in chips, as the game's board counts it ("25 PM" read as a time of day)
    ann.find_element(By.ID, "lang").click()
    wait(ann, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#tournaments article li")
                         if re.search(r"(cy|dee): \d+ chips · (cy|dee): \d+ chips", li.text)], 30, "no capital in chips")
    ann.find_element(By.ID, "lang").click()  # back to French
    wait(ann, lambda d: "partie" in d.find_element(By.CSS_SELECTOR, "#tournaments article").text, 10)
    article = text_of(ann, "#tournaments article")  # read in one go: a live game's deal draws the card again
    assert "partie 1 · en attente des joueurs" in article, article
    # on a phone: the page no wider than the screen (the standings scroll in their box), "regarder" apart from
    # "jouer pour ann"
    ann.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                               "mobile": True})  # fmt: skip
    wide = wait(ann, lambda d: d.execute_script("return innerWidth === 390 && document.documentElement.scrollWidth"))
    assert wide <= 390, wide
    apart = ann.execute_script("const b = document.querySelector('#tournaments li button[data-player=ann]');"
                               "const [w, p] = [b.previousElementSibling, b].map((e) => e.getBoundingClientRect());"
                               "return [w.right, w.bottom, p.left, p.top]")  # fmt: skip
    assert apart[3] >= apart[1] or apart[2] - apart[0] >= 4, apart  # on a line of its own, or a gap between
    ann.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    # the newest tournament's (listed first: the module's server plays another one, made in the first test)
    table_ids = ann.execute_script("return [...document.querySelectorAll('#tournaments article:first-of-type"
                                   " li[data-table]')].map((li) => li.dataset.table)")
    infos = [table_info(site, t) for t in table_ids]
    assert {i["options"]["rounds"] for i in infos} == {"3"}
    assert {float(i["options"]["exchange_seconds"]) for i in infos} == {30.0}
    assert {i["decisionSeconds"] for i in infos} == {120}
    # the players named as the tournament names them, bots too: at the table, in the lobby
    bots = next(i for i in infos if "ann" not in i["tournament"]["players"])
    ann.get(f"{site}#/table/{bots['tableId']}")
    wait(ann, lambda d: d.find_elements(By.CSS_SELECTOR, "#board .seat"), 20)
    shown = text_of(ann, "#board")
    assert all(name in shown for name in bots["tournament"]["players"]), shown
    assert not re.search(r"\brobot \d", shown), shown
    ann.get(site)
    row = wait(ann, lambda d: d.find_element(By.CSS_SELECTOR, f"#lobby tr[data-table='{bots['tableId']}']"), 10)
    assert ", ".join(bots["tournament"]["players"]) in row.text and "robot" not in row.text, row.text


def test_play_again_makes_the_finished_table_s_rematch(site: str, profiles: Callable[..., Any]) -> None:
    """"Play again" makes the new table as the old one's rematch (CreateTable's rematch_of), so the old table names
    it to its other players (TableInfo.rematch: the server's to say)."""
    ann = profiles("ann", EN)
    old = create_table(ann, site, "poker-champ", {"players": "2", "awards_to_win": "1", "chips": "6"}, "ann")
    for _ in range(300):
        if not test_browser.decide(ann):
            break
    ann.execute_script("window.made = []; const fetched = window.fetch; window.fetch = (url, options) => {"
                       " if (String(url).endsWith('/CreateTable')) window.made.push(JSON.parse(options.body));"
                       " return fetched(url, options); };")
    test_browser.click(ann, "#result button.again")
    shown = "return document.getElementById('table')?.dataset.table"
    wait(ann, lambda d: (n := d.execute_script(shown)) != old and n, 20)
    made = ann.execute_script("return window.made")
    assert [m.get("rematchOf") for m in made] == [old], made
