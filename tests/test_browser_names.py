"""Bots' names fit every screen (review of issue 39's screens): since the page names a bot by its level, numbered
when bots of a table share one ("robot intermédiaire 2"), a seat's plate cut it short ("robot interm…"; on a phone
"robot fort 1" and "robot fort 2" both "robot for…", two bots alike) and a table's title wrapped to three lines.

In a real headless Chromium against a real server, at a desktop's 1280x900 and a phone's 390x844, in French and in
English (test_browser_table_fixes' browser and its way of showing a page): tables of anne and bots sharing levels,
each board's plates; every name is whole, on two lines at most (a belote team's two names on three on a phone), no
word of it broken; the title on a line or two.
"""

from __future__ import annotations

from typing import Any

import pytest

import test_browser
import test_browser_table_fixes
from conftest import post
from test_browser import API, wait
from selenium.webdriver.common.by import By  # after test_browser, which skips the module without selenium
from test_browser_table_fixes import DESKTOP, PHONE, SIZES, show

site = test_browser.site  # the module's own server (test_browser's fixture)
driver = test_browser_table_fixes.driver  # one browser for the module, sized and set to a language by each check
evidence = test_browser_table_fixes.evidence  # its screenshot on a failure

I, S, B = "intermediate", "strong", "beginner"
# Each board's tables: a game, its options, its bots' levels (seats 1, 2...: anne takes seat 0), the title it says
# in French; the names on its plates ('.pk-name': POKER CHAMP, DAKER; '.ap-name': AlphaPoker; belote's seats and teams;
# Chinese poker's).
TABLES = [
    ("poker-champ", {"players": "6"}, [I, I, S, S, B], "POKER CHAMP · anne et 5 robots"),
    ("daker", {"mode": "holdem", "players": "4"}, [I, I, S], "DAKER · anne, 2 robots intermédiaires et robot fort"),
    ("alphapoker", {"players": "4"}, [I, I, S], "AlphaPoker · anne, 2 robots intermédiaires et robot fort"),
    ("alphapoker-belote", {}, [I, I, S], "Belote AlphaPoker · anne, 2 robots intermédiaires et robot fort"),
    ("chinese", {"players": "4"}, [I, I, S], "Poker chinois · anne, 2 robots intermédiaires et robot fort"),
]
NAMES = ".pk-name, .ap-name, .wd-name, .wd-team-head > b, .cn-name-seat"

# Each name on a board: its text, its lines, whether it is cut (more than its box shows) and its widest word's width
# against the box's (a word measured in the name's own font, in a span of its own).
MEASURED = """
return [...document.querySelectorAll(arguments[0])].map((e) => {
  const style = getComputedStyle(e);
  const span = document.createElement('span');
  span.style.cssText = `font: ${style.font}; letter-spacing: ${style.letterSpacing}; white-space: nowrap;
                        position: absolute; visibility: hidden`;
  document.body.append(span);
  const widest = Math.max(...e.textContent.split(/\\s+/).map((word) => { span.textContent = word; return span.offsetWidth; }));
  span.remove();
  const one = e.cloneNode(); one.textContent = 'x'; e.after(one);  // a line's height: the name's copy of one letter
  const line = one.getBoundingClientRect().height; one.remove();
  const height = Math.max(e.scrollHeight, e.getBoundingClientRect().height);
  return {text: e.textContent, team: e.matches('.wd-team-head > b'), lines: Math.round(height / line),
          cut: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1, widest, room: e.clientWidth};
});"""


def bots_table(site: str, variant: str, options: dict[str, str], levels: list[str]) -> dict[str, Any]:
    """A new table of anne (seat 0, through the API) and bots at ``levels``: the page's storage of her seat."""
    status, made = post(site + API + "CreateTable", {
        "variant": variant, "options": options, "untimed": True,
        "bots": [{"seat": seat, "level": level} for seat, level in enumerate(levels, 1)]})
    assert status == 200, made
    table_id = made["table"]["tableId"]
    status, joined = post(site + API + "JoinTable", {"tableId": table_id, "player": "anne", "seat": 0})
    assert status == 200, joined
    return {table_id: {"seat": 0, "token": joined["token"]}}


@pytest.mark.parametrize(("variant", "options", "levels", "title"), TABLES, ids=[t[0] for t in TABLES])
def test_every_bot_s_name_is_read_whole_on_a_laptop_and_a_phone(site: str, driver: Any, variant: str,
                                                                 options: dict[str, str], levels: list[str],
                                                                 title: str) -> None:  # fmt: skip
    seats = bots_table(site, variant, options, levels)
    table_id = next(iter(seats))
    for size, lang in SIZES:
        show(driver, f"{site}#/table/{table_id}", size, lang, seats)
        names = wait(driver, lambda d: d.execute_script(MEASURED, NAMES), 20, "the board was not drawn")
        where = f"{variant} at {size[0]}x{size[1]} in {lang}"
        said = {name["text"] for name in names}
        bots = {"fr": ["robot intermédiaire 1", "robot intermédiaire 2"], "en": ["intermediate bot 1", "intermediate bot 2"]}
        assert set(bots[lang]) <= said, (where, said)  # the bots by level, the two alike numbered
        for name in names:
            assert not name["cut"], (where, name)  # whole: was "robot interm…"
            assert name["widest"] <= name["room"], (where, name)  # no word broken in two
            assert name["lines"] <= (3 if name["team"] and size == PHONE else 2), (where, name)
        heading = driver.execute_script(  # its lines: its height over a line's, a copy of one letter
            "const h = document.querySelector('.table-head h2'), one = h.cloneNode(); one.textContent = 'x';"
            "h.after(one); const line = one.getBoundingClientRect().height; one.remove();"
            "return [h.textContent, Math.round(h.getBoundingClientRect().height / line)]")
        assert heading[1] <= 2, (where, heading)  # was three lines on a phone, "robot intermédiaire 1, robot ..."
        if lang == "fr" and size == DESKTOP:
            assert heading[0] == title, heading


# Each name field of the new tournament's players: its text, the width the text needs (a span in the field's own
# font) and the room the field gives it (its width inside its padding), and whether its row's box and ✕ lie inside
# the players' list.
FIELDS = """
const list = document.querySelector('#create-tournament .tour-player-list').getBoundingClientRect();
return [...document.querySelectorAll('#create-tournament .tour-player-list li')].map((li) => {
  const field = li.querySelector('input[type=text]'), style = getComputedStyle(field);
  const span = document.createElement('span');
  span.style.cssText = `font: ${style.font}; letter-spacing: ${style.letterSpacing}; white-space: pre;
                        position: absolute; visibility: hidden`;
  span.textContent = field.value;
  document.body.append(span);
  const needs = span.getBoundingClientRect().width;
  span.remove();
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const inside = [...li.querySelectorAll('input, button')].every((e) => e.getBoundingClientRect().right <= list.right + 0.5);
  return {name: field.value, needs: Math.ceil(needs), room: Math.floor(room), inside};
});"""


@pytest.mark.parametrize(("size", "lang"), SIZES, ids=[f"{s[0]}x{s[1]}-{lang}" for s, lang in SIZES])
def test_the_tournament_form_s_bot_names_are_read_whole(site: str, driver: Any, size: tuple[int, int],
                                                         lang: str) -> None:
    """The new tournament's three bots, named by their level ("robot intermédiaire 1"...), each read whole in its
    field, the row's bot box and ✕ inside the list (before, on a phone in French: fields of 162 px for a name of 183,
    the three bots 'robot intermédiair…' alike; the field has the row's width there, the box and ✕ under it)."""
    show(driver, f"{site}#/tournaments", size, lang)
    fields = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#create-tournament .tour-player-list li")
                  and d.execute_script(FIELDS), 20, "no tournament form")
    bots = [field for field in fields if field["name"].startswith(("robot", "intermediate"))]
    assert len(bots) == 3, fields
    for field in fields:
        assert field["needs"] <= field["room"], (size, lang, field)  # was 183 for 156 ("robot intermédiair…")
        assert field["inside"], (size, lang, field)
